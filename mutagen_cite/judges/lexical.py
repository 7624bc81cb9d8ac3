"""The lexical support rule (seed 001): share of the claim's content tokens found in the premise.

Content tokens are lowercased words with stopwords removed and **numbers kept**: a claim
saying "14 days" cited to a passage saying "30 days" loses the "14" token, which is the
failure that matters most. The rule needs no model, so it is the judge of last resort and a
sanity baseline; it is blind to negation and word order, which the report makes visible
per family (polarity and aggregation cases fool it by construction).
"""

from __future__ import annotations

import re
from typing import Sequence

from ..values.tables import FUNCTION_WORDS
from .base import ScoreJudge

#: function words only: negations, quantifiers and modals carry the meaning this tool tests
STOPWORDS = FUNCTION_WORDS

_TOKEN = re.compile(r"[a-z0-9]+(?:[.,][0-9]+)*")


def _normalise(token: str) -> str:
    """Crude singular: 'days' -> 'day', so number agreement does not split a match."""
    if len(token) > 3 and token.endswith("s") and not token.endswith("ss") and not token[0].isdigit():
        return token[:-1]
    return token


def content_tokens(text: str) -> list[str]:
    """Lowercased content tokens of ``text``, stopwords removed, numbers kept ("1,000" stays)."""
    out = []
    for raw in _TOKEN.findall(text.lower()):
        token = raw.replace(",", "")
        if token in STOPWORDS:
            continue
        out.append(_normalise(token))
    return out


def lexical_support(premise: str, hypothesis: str) -> float:
    """Share of the hypothesis's distinct content tokens that occur in the premise (0..1)."""
    claim = set(content_tokens(hypothesis))
    if not claim:
        return 0.0
    have = set(content_tokens(premise))
    return len(claim & have) / len(claim)


class LexicalJudge(ScoreJudge):
    """Seed 001's rule as a judge: supported when the share reaches ``threshold`` (0.5)."""

    fingerprint = "lexical.v1"

    def __init__(self, threshold: float = 0.5, name: str = "lexical"):
        self.threshold = threshold
        self.name = name

    def score(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        return [lexical_support(p, h) for p, h in pairs]

    def reason(self, premise: str, hypothesis: str, score: float) -> str:
        claim = sorted(set(content_tokens(hypothesis)))
        have = set(content_tokens(premise))
        missing = [t for t in claim if t not in have]
        shown = ", ".join(missing[:5]) + (" ..." if len(missing) > 5 else "")
        base = f"{score:.2f} of claim tokens in premise (threshold {self.threshold:.2f})"
        return f"{base}; missing: {shown}" if missing else base
