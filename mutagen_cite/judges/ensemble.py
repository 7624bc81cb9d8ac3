"""Ensemble judge: several judges vote; pairs they disagree on go to a review queue file.

Seed 003's production posture: run a cheap judge and a strong one, trust agreement, and hand
disagreements to a person. The queue is JSON Lines, one pair per line with every member's
score, appended as disagreements are found (deduplicated within a run), so a reviewer can
label them and the labels can calibrate the judges per family.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Sequence

from ..errors import ConfigError
from .base import Judge, ScoreJudge

RULES = ("mean", "all", "any", "majority")


class EnsembleJudge(ScoreJudge):
    """Combines member scores by ``rule``: mean score, or all/any/majority of member verdicts."""

    def __init__(self, members: Sequence[Judge], *, rule: str = "mean",
                 review_queue: str | os.PathLike | None = None, threshold: float = 0.5):
        if len(members) < 2:
            raise ConfigError("an ensemble needs at least two judges", hint="e.g. --judge ensemble:nli+slots")
        if rule not in RULES:
            raise ConfigError(f"unknown ensemble rule {rule!r}", hint="one of: " + ", ".join(RULES))
        self.members = list(members)
        self.rule = rule
        self.threshold = threshold
        self.name = "ensemble(" + "+".join(m.name for m in self.members) + ")"
        self.fingerprint = f"ensemble.v1:{rule}:" + "|".join(getattr(m, "fingerprint", m.name) for m in self.members)
        self.review_queue = Path(review_queue) if review_queue else None
        self._queued: set[tuple[str, str]] = set()
        self._last: dict[tuple[str, str], list[float]] = {}
        self.disagreements = 0

    def score(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        pairs = [(str(p), str(h)) for p, h in pairs]
        per_member = [m.score(pairs) for m in self.members]
        out = []
        for i, pair in enumerate(pairs):
            scores = [float(s[i]) for s in per_member]
            votes = [s >= m.threshold for s, m in zip(scores, self.members)]
            self._last[pair] = scores
            if len(set(votes)) > 1:
                self._flag(pair, scores)
            out.append(self._combine(scores, votes))
        return out

    def _combine(self, scores: list[float], votes: list[bool]) -> float:
        if self.rule == "mean":
            return sum(scores) / len(scores)
        if self.rule == "all":
            return 1.0 if all(votes) else min(scores)
        if self.rule == "any":
            return 1.0 if any(votes) else max(scores)
        return 1.0 if sum(votes) * 2 > len(votes) else 0.0

    def _flag(self, pair: tuple[str, str], scores: list[float]) -> None:
        if pair in self._queued:
            return
        self._queued.add(pair)
        self.disagreements += 1
        if self.review_queue is None:
            return
        self.review_queue.parent.mkdir(parents=True, exist_ok=True)
        row = {
            "premise": pair[0],
            "hypothesis": pair[1],
            "scores": {m.name: round(s, 4) for m, s in zip(self.members, scores)},
            "verdicts": {m.name: s >= m.threshold for m, s in zip(self.members, scores)},
            "label": None,  # a person fills this in; `judge eval --data` reads labelled rows
            "category": "review-queue",
        }
        with open(self.review_queue, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(row, sort_keys=True, ensure_ascii=False) + "\n")
            fh.flush()

    def reason(self, premise: str, hypothesis: str, score: float) -> str:
        scores = self._last.get((premise, hypothesis))
        if scores is None:
            return f"{self.rule} score {score:.2f}"
        parts = ", ".join(f"{m.name}={s:.2f}" for m, s in zip(self.members, scores))
        votes = {s >= m.threshold for s, m in zip(scores, self.members)}
        return f"{self.rule} of {parts}" + ("; members disagree (queued for review)" if len(votes) > 1 else "")
