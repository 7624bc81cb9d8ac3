"""A judge: a claim is supported when the premise contains it word for word.

A judge factory is called as ``factory(arg, options)``: ``arg`` is the text after the colon of
``--judge exact:ARG`` (None without one), ``options`` a ``mutagen_cite.judges.JudgeOptions``.
"""

from __future__ import annotations

from typing import Sequence

from mutagen_cite.judges import JudgeOptions, ScoreJudge


def _words(text: str) -> str:
    return " ".join(text.lower().replace(".", " ").split())


class ExactJudge(ScoreJudge):
    name = "exact"

    def __init__(self, threshold: float = 1.0):
        self.threshold = threshold
        self.fingerprint = "exact.v1"

    def score(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        return [1.0 if _words(h) and _words(h) in _words(p) else 0.0 for p, h in pairs]

    def reason(self, premise: str, hypothesis: str, score: float) -> str:
        return "the premise contains the claim" if score >= self.threshold else "the claim is not in the premise"


def exact_judge(arg: str | None, options: JudgeOptions) -> ExactJudge:
    return ExactJudge(threshold=options.threshold_or(1.0))
