"""Embedding similarity as a judge: the baseline every near-miss suite is built to defeat.

Cosine between the claim and its closest premise sentence, supported above a threshold.
It is no entailment check (a one-number swap keeps the cosine near 1), which is exactly why
``judge eval`` reports it beside the slots judge: the gap between the two is the reason the
slots judge exists.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from .base import ScoreJudge
from .premise import split_sentences


class EmbeddingJudge(ScoreJudge):
    """``embedder`` is an :class:`~mutagen_cite.audit.embeddings.Embedder` (built once, passed in)."""

    def __init__(self, embedder: Any, *, threshold: float = 0.8, name: str | None = None):
        self.embedder = embedder
        self.threshold = threshold
        self.name = name or f"embedding:{getattr(embedder, 'name', 'model')}"
        self.weights_sha256 = getattr(embedder, "weights_sha256", None)
        self.fingerprint = f"embedding.v1:{self.weights_sha256 or self.name}"

    def score(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        if not pairs:
            return []
        units: list[list[str]] = []
        for premise, _ in pairs:
            spans = split_sentences(premise)
            units.append([premise[a:b] for a, b in spans] or [premise])
        texts = [h for _, h in pairs] + [u for us in units for u in us]
        vecs = self.embedder.encode(texts)
        claims = vecs[: len(pairs)]
        k = len(pairs)
        out = []
        for i, us in enumerate(units):
            block = vecs[k : k + len(us)]
            k += len(us)
            out.append(float(np.clip((block @ claims[i]).max(), 0.0, 1.0)))
        return out

    def reason(self, premise: str, hypothesis: str, score: float) -> str:
        return f"cosine {score:.2f} with the closest premise sentence (threshold {self.threshold:.2f})"
