"""The judge protocol: decide whether a premise supports a hypothesis.

Every judge (lexical, slots, nli, llm, ensemble) implements ``Judge``. Judges are built
once and passed in; none is a module global. ``score`` is batched: callers hand over all
pairs they have and the judge batches internally.
"""

from __future__ import annotations

from typing import Protocol, Sequence, runtime_checkable

from ..model import Verdict


@runtime_checkable
class Judge(Protocol):
    #: short name recorded with every verdict, e.g. "lexical", "slots", "nli:cross-encoder/x"
    name: str
    #: probability at or above which a pair counts as supported
    threshold: float

    def score(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        """Probability that each ``(premise, hypothesis)`` pair is supported (0..1)."""
        ...

    def verdicts(self, pairs: Sequence[tuple[str, str]]) -> list[Verdict]:
        """Scores turned into verdicts that carry the judge name and a readable reason."""
        ...


class ScoreJudge:
    """Mixin: derive ``verdicts`` from ``score`` and ``threshold``; override ``reason``."""

    name: str = "judge"
    threshold: float = 0.5

    def score(self, pairs: Sequence[tuple[str, str]]) -> list[float]:  # pragma: no cover
        raise NotImplementedError

    def reason(self, premise: str, hypothesis: str, score: float) -> str:
        return f"score {score:.2f} vs threshold {self.threshold:.2f}"

    def verdicts(self, pairs: Sequence[tuple[str, str]]) -> list[Verdict]:
        scores = self.score(pairs)
        return [
            Verdict(
                supported=s >= self.threshold,
                score=float(s),
                judge=self.name,
                reason=self.reason(p, h, s),
            )
            for (p, h), s in zip(pairs, scores)
        ]
