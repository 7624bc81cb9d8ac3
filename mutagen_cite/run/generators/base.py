"""The generator protocol: one case in (question + pinned context), one raw answer out.

A generator returns whatever its adapter speaks: answer text with inline ``[chunk_id]``
markers, ``{"claims": [...]}`` with structured citations, or ``{"decline": true}``.
:func:`mutagen_cite.run.answers.parse_output` turns any of these into an ``Answer``. A generator
that raises, times out or returns garbage fails that one case; the run goes on.
"""

from __future__ import annotations

import queue
import threading
from dataclasses import dataclass
from typing import Any, Callable, Protocol, runtime_checkable

from ...model import Case, ContextChunk


class GenerationFailed(RuntimeError):
    """One case could not be answered (crash, hang, bad reply); the message goes in the results."""


class GenerationTimeout(GenerationFailed):
    """The generator did not answer within its time limit."""


@dataclass(frozen=True)
class Request:
    """What a generator sees. ``case`` is for built-in baselines only and is never serialised."""

    case_id: str
    question: str
    context: tuple[ContextChunk, ...]
    case: Case | None = None

    @classmethod
    def from_case(cls, case: Case) -> "Request":
        return cls(case_id=case.id, question=case.question, context=case.context, case=case)

    def to_json(self) -> dict:
        return {
            "case_id": self.case_id,
            "question": self.question,
            "context": [{"chunk_id": c.chunk_id, "text": c.text} for c in self.context],
        }


@runtime_checkable
class Generator(Protocol):
    #: recorded in the results header, e.g. "oracle", "command:./rag.sh", "openai:gpt-4o-mini"
    name: str
    #: how many requests the runner may have in flight at once
    concurrency: int

    def generate(self, request: Request) -> Any:
        """The raw answer for one case (see module docstring); raise to fail the case."""
        ...

    def close(self) -> None:
        """Release processes and connections; called once when the run ends or is interrupted."""
        ...


def call_with_timeout(fn: Callable[[], Any], timeout: float | None, what: str) -> Any:
    """Run ``fn`` in a daemon thread; raise GenerationTimeout if it is not done in time.

    A hung call cannot be killed from Python; the daemon thread is abandoned so the run can
    go on and the interpreter can still exit.
    """
    if not timeout or timeout <= 0:
        return fn()
    box: queue.Queue = queue.Queue(maxsize=1)

    def target() -> None:
        try:
            box.put((True, fn()))
        except BaseException as exc:  # re-raised in the caller's thread
            box.put((False, exc))

    threading.Thread(target=target, daemon=True, name=f"generate:{what}").start()
    try:
        ok, value = box.get(timeout=timeout)
    except queue.Empty:
        raise GenerationTimeout(f"{what} did not answer within {timeout:g}s") from None
    if ok:
        return value
    raise value
