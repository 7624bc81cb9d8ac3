"""Shared helpers for the family tests: one spaCy pipeline per session, sentence building."""

from __future__ import annotations

from functools import lru_cache

import pytest

from mutagen_cite.cases.fairness.rules import unfair_rule
from mutagen_cite.model import Sentence, Slot

TIERS = ("Free", "Starter", "Team", "Business", "Enterprise", "Pro", "Hobby")


def sentence_of(annotator, text: str) -> Sentence:
    slots = annotator.slots([text])[0]
    return Sentence("example.md", 0, len(text), text, slots)


def changed_region(before: str, after: str) -> tuple[int, int]:
    """[start, end) of the part of ``before`` that differs from ``after`` (common prefix and
    suffix removed)."""
    p = 0
    while p < min(len(before), len(after)) and before[p] == after[p]:
        p += 1
    s = 0
    while s < min(len(before), len(after)) - p and before[-1 - s] == after[-1 - s]:
        s += 1
    return p, len(before) - s


@lru_cache(maxsize=1)
def _build_annotator():
    from mutagen_cite.analysis.annotate import Annotator, load_spacy

    return Annotator(load_spacy(), tiers=TIERS)


@pytest.fixture(scope="session")
def annotator():
    """The spaCy-backed annotator, loaded once per test session (cached across modules)."""
    return _build_annotator()


def slotted_sentence(text: str, *slots: tuple[str, ...], start: int = 0) -> Sentence:
    """A sentence at ``start`` of its document, with slots given as (family, kind, surface[,
    value]); offsets found in the text, the value the surface in lower case when not given."""
    out = []
    for family, kind, surface, *value in slots:
        at = text.index(surface)
        out.append(Slot(family, kind, at, at + len(surface), surface, value[0] if value else surface.lower()))
    return Sentence("doc.md", start, start + len(text), text, tuple(out))


def near_miss(chunk: str, sentence_text: str, site_surface: str, replacement: str, *slots, family: str,
              answer: str = "x", claim: str | None = None):
    """The tests' one candidate builder: a spliced near miss, ``site_surface`` replaced by
    ``replacement`` in the sentence, inside ``chunk`` (slots as for :func:`slotted_sentence`)."""
    from mutagen_cite.cases.candidate import Candidate
    from mutagen_cite.cases.families import get_families
    from mutagen_cite.cases.questions import Phrasing
    from mutagen_cite.model import Chunk, Mutation

    start = chunk.index(sentence_text)
    s = slotted_sentence(sentence_text, *slots, start=start)
    site = next(x for x in s.slots if x.text == site_surface)
    mutated = sentence_text[: site.start] + replacement + sentence_text[site.end:]
    (fam,) = get_families([family])
    m = Mutation(family, fam.version, s, site, site.text, replacement, mutated, "synthetic")
    distractor = chunk[:start] + mutated + chunk[start + len(sentence_text):]
    p = Phrasing(claim or sentence_text, "q?", answer, None)
    return Candidate(fam, s, site, p, Chunk("doc.md", 0, len(chunk), chunk), distractor, "synthetic", replacement,
                     mutation=m)


def site_of(sentence: Sentence, surface: str) -> Slot:
    """The slot of ``sentence`` whose text is ``surface``."""
    return next(s for s in sentence.slots if s.text == surface)


#: slot tuples for :func:`slotted_sentence` / :func:`near_miss`: (family, kind, surface...)
MUST = ("modality", "modal", "must")
SHOULD = ("modality", "modal", "should")
ALL = ("aggregation", "quantifier", "All", "all")
ALWAYS = ("aggregation", "quantifier", "always")
NOT = ("polarity", "negation", "not")
IS = ("polarity", "affirmative", "is")


def broken_rule(c) -> str | None:
    """Name of the first fairness rule the candidate ``c`` breaks, or None."""
    why = unfair_rule(c)
    return why[0] if why else None
