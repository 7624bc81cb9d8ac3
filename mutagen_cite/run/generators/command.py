"""Any executable as a generator: JSON Lines on stdin/stdout, one case per line.

Protocol: the runner writes ``{"case_id", "question", "context": [{"chunk_id", "text"}]}``
as one line to the process's stdin and reads one line back: ``{"case_id"?, "answer": "..."}``,
``{"claims": [...]}`` or ``{"decline": true}``. The process stays up across cases (loading a
model once), and is restarted when it crashes or hangs:

* no reply within ``timeout`` seconds: the process (and its process group) is killed, the
  case is marked errored, and a fresh process serves the next case;
* the process exits: the case is errored with the exit code and the tail of its stderr.

**stdout is for answers only** (write logs to stderr). The runner matches a reply to its
request by ``case_id`` when the reply carries one, and resynchronises: a stdout line that is
not a JSON object (a library warning, a progress line) is skipped, and so is a reply for
another case (a late answer to a case that timed out). Skipped lines are kept for the error
message should no answer come; one stray line never shifts later answers onto other cases.

The command is split with shell rules (``shlex``) and run without a shell; write
``sh -c '...'`` to get one.
"""

from __future__ import annotations

import collections
import json
import os
import queue
import shlex
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from ...errors import GeneratorError
from .base import GenerationFailed, GenerationTimeout, Request

_EOF = object()


class CommandGenerator:
    """Runs ``command`` once and talks to it line by line; restarts it after a failure."""

    concurrency = 1

    def __init__(self, command: str, *, timeout: float = 60.0, cwd: str | os.PathLike | None = None,
                 env: dict[str, str] | None = None):
        try:
            self.argv = shlex.split(command)
        except ValueError as exc:
            raise GeneratorError(f"cannot parse the command ({exc})", where=command,
                                 hint="check the quoting of --generator command:\"...\"") from None
        if not self.argv:
            raise GeneratorError("empty command", hint='e.g. --generator command:"python my_rag.py"')
        exe = self.argv[0]
        if shutil.which(exe) is None and not (Path(cwd or ".") / exe).is_file():
            raise GeneratorError(f"executable {exe!r} not found", where=command,
                                 hint="give a path to the program or put it on PATH")
        self.command = command
        self.name = f"command:{command}"
        self.timeout = timeout
        self.cwd = cwd
        self.env = env
        self._proc: subprocess.Popen | None = None
        self._lines: queue.Queue = queue.Queue()
        self._stderr: collections.deque[str] = collections.deque(maxlen=20)
        self._lock = threading.Lock()
        self.starts = 0  # more than one means the process was restarted after a failure

    # ------------------------------------------------------------------ process lifecycle

    def _start(self) -> subprocess.Popen:
        env = None if self.env is None else {**os.environ, **self.env}
        try:
            proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                cwd=self.cwd, env=env, text=True, encoding="utf-8", errors="replace", bufsize=1,
                start_new_session=True,
            )
        except OSError as exc:
            raise GenerationFailed(f"cannot start {self.argv[0]!r}: {exc.strerror or exc}") from None
        lines: queue.Queue = queue.Queue()
        self._lines = lines

        def pump_stdout() -> None:
            try:
                for line in proc.stdout:  # type: ignore[union-attr]
                    lines.put(line)
            except (ValueError, OSError):
                pass
            finally:
                lines.put(_EOF)

        def pump_stderr() -> None:
            try:
                for line in proc.stderr:  # type: ignore[union-attr]
                    self._stderr.append(line.rstrip("\n"))
            except (ValueError, OSError):
                pass

        threading.Thread(target=pump_stdout, daemon=True, name="command-stdout").start()
        threading.Thread(target=pump_stderr, daemon=True, name="command-stderr").start()
        self._proc = proc
        self.starts += 1
        return proc

    def _kill(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError, OSError):
            try:
                proc.kill()
            except OSError:
                pass
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL does not wait on us
            pass
        try:
            if proc.stdin:
                proc.stdin.close()
        except OSError:
            pass

    def close(self) -> None:
        proc = self._proc
        if proc is None:
            return
        try:
            if proc.stdin:
                proc.stdin.close()  # a well-behaved generator exits at end of input
            proc.wait(timeout=2)
            self._proc = None
        except (OSError, subprocess.TimeoutExpired):
            pass
        self._kill()

    @staticmethod
    def _skipped_tail(skipped: list[str]) -> str:
        if not skipped:
            return ""
        return (f" | skipped {len(skipped)} stdout line(s) that were not an answer to this case "
                f"(stdout is for answers only; log to stderr), e.g. {skipped[0]!r}")[:400]

    def _stderr_tail(self) -> str:
        tail = [line for line in self._stderr if line.strip()][-3:]
        return (" | stderr: " + " / ".join(tail))[:500] if tail else ""

    # ------------------------------------------------------------------ one case

    def generate(self, request: Request) -> Any:
        with self._lock:
            return self._generate(request)

    def _generate(self, request: Request) -> Any:
        proc = self._proc if self._proc is not None and self._proc.poll() is None else None
        if proc is None:
            self._kill()  # reap a process that exited on its own
            proc = self._start()
        self._stderr.clear()
        try:
            proc.stdin.write(json.dumps(request.to_json(), ensure_ascii=False) + "\n")  # type: ignore[union-attr]
            proc.stdin.flush()  # type: ignore[union-attr]
        except (BrokenPipeError, OSError):
            code = proc.poll()
            self._kill()
            raise GenerationFailed(f"generator process is not reading input (exit code {code}){self._stderr_tail()}") from None
        deadline = time.monotonic() + self.timeout if self.timeout and self.timeout > 0 else None
        skipped: list[str] = []
        while True:
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                self._kill()
                raise GenerationTimeout(f"no reply within {self.timeout:g}s; process killed"
                                        f"{self._skipped_tail(skipped)}{self._stderr_tail()}")
            try:
                line = self._lines.get(timeout=remaining)
            except queue.Empty:
                continue
            if line is _EOF:
                code = proc.wait()
                self._kill()
                raise GenerationFailed(f"generator process exited with code {code} before answering"
                                       f"{self._skipped_tail(skipped)}{self._stderr_tail()}")
            if not line.strip():
                continue
            try:
                reply = json.loads(line)
            except ValueError:
                reply = None
            if not isinstance(reply, dict):
                skipped.append(line.strip()[:120])  # not an answer: a stray stdout line
                continue
            other = reply.get("case_id")
            if isinstance(other, str) and other != request.case_id:
                skipped.append(f"reply for {other}")  # a late answer to an earlier case
                continue
            return reply
