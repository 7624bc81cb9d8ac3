"""How the fairness rules read the chunk around an edited sentence: its other sentences (from
the one splitter, split once per chunk), the sentences after it, content-word stems, and
whether a text names a value in any form the value model equates.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ...corpus import split_sentences
from ...judges.slots import stem
from ...values import contains_phrase, find_values, mentions_value
from ...values.tables import STOPWORDS
from ..candidate import Candidate

#: the start of a line before its first word: list bullets, quote marks, an opening bracket. The
#: one definition the fairness rules open their line-initial patterns with
LINE_START = r"^[\s>*\-\u2022(\"']*"


def _mentions(text: str, value: str) -> bool:
    """``text`` names ``value`` as a whole word or number, or, for a value with a number, in any
    form the value model equates ("thirty days" for "30 days", "1,000 USD" for "$1000"): the
    value model's one definition (:func:`~mutagen_cite.values.mentions_value`)."""
    return contains_phrase(text, value) or (bool(find_values(value)) and mentions_value(text, value))


def _content_stems(t: str) -> set[str]:
    """Content-word stems of a text: the words (and numbers, and codes such as "sev-4" kept
    whole) that say what a sentence is about."""
    words = re.findall(r"[a-z0-9]+(?:[-.][a-z0-9]+)*", t.lower())
    return {stem(w) for w in words if (len(w) > 2 or w.isdigit()) and w not in STOPWORDS}


def _other_sentences(c: Candidate, lo: int = 0, hi: int | None = None) -> list[str]:
    """The sentences of ``c``'s true chunk other than the edited one (between chunk offsets
    ``lo`` and ``hi``), read from the chunk's sentence index (:func:`_sentence_spans`, split once
    per chunk) instead of splitting the chunk-minus-sentence again for every rule and candidate.
    A span the edited sentence cuts (chunk and document split alike, so rarely) keeps the part
    outside it."""
    chunk = c.true_chunk.text
    off = c.sentence.start - c.true_chunk.start
    end = off + len(c.sentence.text)
    hi = len(chunk) if hi is None else hi
    out = []
    for a, b in _sentence_spans(chunk):
        if b <= lo or a >= hi:
            continue
        a, b = max(a, lo), min(b, hi)
        if b <= off or a >= end:
            out.append(chunk[a:b])
            continue
        for x, y in ((a, min(b, off)), (max(a, end), b)):
            if chunk[x:y].strip():
                out.append(chunk[x:y].strip())
    return out


def _keeps(other: str, value: str) -> bool:
    """``other`` says the same about ``value``: it names it, or (a number) states no rival value
    of its dimension ("... within 30 days" is kept by a sentence without a duration, not by one
    saying "within 60 days")."""
    if _mentions(other, value):
        return True
    mine = find_values(value)
    if not mine:
        return False
    dims = {v.dimension for v in mine}
    return not any(v.dimension in dims for v in find_values(other))


#: slot families whose values say what a statement is about (not how strongly it holds)
VALUED = ("scope", "date", "quantity", "entity")


def _claim_values(c: Candidate) -> list[str]:
    """The valued slots of the edited sentence other than the site: the plan, region, number..."""
    return [s.text for s in c.sentence.slots
            if s.family in VALUED and s is not c.site and (s.end <= c.site.start or s.start >= c.site.end)]


#: auxiliaries and modals: never the verb a step's object belongs to
_AUXILIARIES = {"be", "been", "being", "is", "are", "was", "were", "have", "has", "had", "do", "does", "did", "not",
                "will", "would", "can", "could", "may", "might", "must", "should", "shall", "also", "always", "only",
                "never", "first", "then", "now", "still", "just", "to"}

#: a clause that denies or prevents something: a negation word, or a negated auxiliary ("can't")
_NEGATIVE_CLAUSE_RX = re.compile(r"\b(?:no|not|cannot|never|without|avoid|disable|prevent|stop)\b|n['\u2019]t\b", re.I)

#: a sentence holds at least one word character (as the splitter's own sentences do)
_HAS_WORD = re.compile(r"\w")
#: a blank line: where a paragraph ends
_BLANK_LINE = re.compile(r"\n\s*\n")


def _next_in_paragraph(c: Candidate, n: int = 1) -> list[str]:
    """Up to ``n`` sentences after the edited one, in its paragraph (stopping at a blank line)."""
    at = _edited_end(c)
    gap = _BLANK_LINE.search(c.true_chunk.text, at)
    return _sentences_in(c.true_chunk.text, at, gap.start() if gap else len(c.true_chunk.text))[:n]


def _previous_in_paragraph(c: Candidate, n: int = 1) -> list[str]:
    """Up to ``n`` sentences before the edited one, in its paragraph (from the last blank line)."""
    off = c.sentence.start - c.true_chunk.start
    gaps = list(_BLANK_LINE.finditer(c.true_chunk.text, 0, off))
    return _sentences_in(c.true_chunk.text, gaps[-1].end() if gaps else 0, off)[-n:]


def _next_sentence(c: Candidate) -> str:
    """The sentence after the edited one in its chunk ("" at the chunk's end)."""
    return (_sentences_after(c) or [""])[0]


def _sentences_after(c: Candidate) -> list[str]:
    """The sentences of ``c``'s true chunk after the edited one, to the chunk's end."""
    return _sentences_in(c.true_chunk.text, _edited_end(c), len(c.true_chunk.text))


def _edited_end(c: Candidate) -> int:
    """Where the edited sentence ends in its true chunk (a chunk offset)."""
    return c.sentence.start - c.true_chunk.start + len(c.sentence.text)


def _sentences_in(text: str, lo: int, hi: int) -> list[str]:
    """The sentences of ``text`` (a chunk) between offsets ``lo`` and ``hi``, from its cached
    sentence index (:func:`_sentence_spans`) instead of splitting the slice again: a sentence
    the bounds cut keeps its part inside them, when that part holds a word."""
    out = []
    for a, b in _sentence_spans(text):
        if b <= lo or a >= hi:
            continue
        piece = text[max(a, lo):min(b, hi)].strip()
        if _HAS_WORD.search(piece):
            out.append(piece)
    return out


@lru_cache(maxsize=64)
def _sentence_spans(text: str) -> tuple[tuple[int, int], ...]:
    """The one splitter's sentences of a chunk, split once per chunk (a chunk's candidates all
    read its other sentences)."""
    return tuple(split_sentences(text))
