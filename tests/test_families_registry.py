"""Every registered family's own before/after examples, run the same way for each family.

A family is tested the moment it is registered: its ``examples()`` must each annotate to a
site, mutate deterministically with seed 0, and differ from the original only in one
contiguous region around that site.
"""

from __future__ import annotations

import random

import pytest

from mutagen_cite.cases.families import ValueSource, all_families
from mutagen_cite.model import Vocabulary

from families_support import annotator, changed_region, sentence_of  # noqa: F401 (fixture)

CASES = [
    pytest.param(family, i, example, id=f"{name}-{i}")
    for name, family in all_families().items()
    for i, example in enumerate(family.examples())
]


def test_every_builtin_family_is_registered_with_examples():
    families = all_families()
    assert list(families)[:7] == ["scope", "date", "quantity", "entity", "polarity", "aggregation", "modality"]
    for name, family in families.items():
        assert family.name == name
        assert family.version.startswith(f"{name}.v")
        assert family.description
        assert 4 <= len(family.examples()) <= 8, name


@pytest.mark.parametrize("family,index,example", CASES)
def test_family_example(annotator, family, index, example):
    sentence = sentence_of(annotator, example.before)
    sites = [s for s in family.sites(sentence) if s.text == example.slot_text]
    assert sites, f"no {family.name} site {example.slot_text!r} in {example.before!r}: {sentence.slots}"
    site = sites[0]
    values = ValueSource(Vocabulary(example.vocabulary or {}))
    mutation = family.mutate(sentence, site, values, random.Random(0))
    assert mutation is not None
    again = family.mutate(sentence, site, values, random.Random(0))
    assert again == mutation, "same seed, different mutation"
    assert mutation.family == family.name and mutation.family_version == family.version
    # an edit that re-agrees words after its site records the wider span it changed
    assert mutation.original == site.text or (mutation.slot.start == site.start and mutation.original.startswith(site.text)
                                              and mutation.original == sentence.text[mutation.slot.start:mutation.slot.end])
    assert mutation.origin == ("mined" if example.vocabulary else "synthetic") or family.name in ("polarity",)
    text = mutation.mutated_text
    assert text != example.before
    start, end = changed_region(example.before, text)
    # one contiguous change that touches the site (a few words either side for agreement)
    assert start <= site.end + 1 and end >= site.start - 1  # an insertion may sit after a space
    assert site.start - start <= 16 and end - site.end <= 16, (start, end, site)
    if example.after is not None:
        assert text == example.after
