"""Shared helpers for the family tests: one spaCy pipeline per session, sentence building."""

from __future__ import annotations

from functools import lru_cache

import pytest

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


def slotted_sentence(text: str, *slots: tuple[str, str, str, str]) -> Sentence:
    """A sentence with slots given as (family, kind, surface, value); offsets found in the text."""
    out = []
    for family, kind, surface, value in slots:
        start = text.index(surface)
        out.append(Slot(family, kind, start, start + len(surface), surface, value))
    return Sentence("doc.md", 0, len(text), text, tuple(out))


def site_of(sentence: Sentence, surface: str) -> Slot:
    """The slot of ``sentence`` whose text is ``surface``."""
    return next(s for s in sentence.slots if s.text == surface)
