"""Premise policies: what text a judge sees when the labelled premise is long.

SummEdits documents run to thousands of characters and AttributionBench joins several
reference passages; a cross-encoder truncates at 512 tokens and would silently judge the
first page only. The ``relevant`` policy keeps the sentences that share the most content
with the hypothesis (numbers weigh double: they are what near misses change), in their
original order. Whatever was reduced is counted, and the report says so.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from ..audit.similarity import tokens
from ..values.tables import STOPWORDS

def split_sentences(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each sentence of ``text``: the project's one sentence definition
    (``mutagen_cite.corpus.sentences``), so judges cut premises where the corpus does."""
    from ..corpus.sentences import split_sentences as corpus_split

    return corpus_split(text) or ([(0, len(text))] if text.strip() else [])


def content_tokens(text: str) -> list[str]:
    return [t for t in tokens(text) if t not in STOPWORDS]


@dataclass(frozen=True)
class PremisePolicy:
    """``full``: the premise as labelled. ``relevant``: premises over ``max_chars`` are cut to
    the ``max_sentences`` sentences most relevant to the hypothesis."""

    name: str = "relevant"
    max_chars: int = 1200
    max_sentences: int = 4

    def describe(self) -> str:
        if self.name == "full":
            return "full premise"
        return f"relevant sentences: premises over {self.max_chars} chars cut to the {self.max_sentences} sentences sharing most with the claim"

    def as_dict(self) -> dict:
        return {"name": self.name, "max_chars": self.max_chars, "max_sentences": self.max_sentences}

    def apply(self, premise: str, hypothesis: str) -> tuple[str, bool]:
        """The premise to judge, and whether it was reduced."""
        if self.name == "full" or len(premise) <= self.max_chars:
            return premise, False
        return reduce_premise(premise, hypothesis, self.max_sentences), True


def reduce_premise(premise: str, hypothesis: str, k: int) -> str:
    """The ``k`` sentences of ``premise`` most relevant to ``hypothesis``, in order.

    Relevance: idf-weighted overlap of content tokens (idf over the premise's own sentences,
    so a word in every sentence counts little), numbers counted double.
    """
    spans = split_sentences(premise)
    if len(spans) <= k:
        return premise
    sents = [premise[a:b] for a, b in spans]
    toks = [set(content_tokens(s)) for s in sents]
    df: Counter[str] = Counter(t for ts in toks for t in ts)
    n = len(sents)
    query = set(content_tokens(hypothesis))
    scores = []
    for i, ts in enumerate(toks):
        shared = ts & query
        score = sum(math.log(1 + n / df[t]) * (2.0 if any(c.isdigit() for c in t) else 1.0) for t in shared)
        scores.append((score, -i))
    keep = sorted(sorted(range(n), key=lambda i: scores[i], reverse=True)[:k])
    return " ".join(sents[i] for i in keep)


def apply_policy(
    policy: PremisePolicy, pairs: Sequence[tuple[str, str]]
) -> tuple[list[tuple[str, str]], int]:
    """Pairs with premises reduced per ``policy``, and how many were reduced."""
    out, reduced = [], 0
    for premise, hyp in pairs:
        p, cut = policy.apply(premise, hyp)
        reduced += cut
        out.append((p, hyp))
    return out, reduced
