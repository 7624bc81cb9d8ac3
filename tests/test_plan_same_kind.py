"""Same kind of thing, or no entity swap (issue 11 item 2). Every sentence is made up for the test."""

from __future__ import annotations

import random

from families_support import site_of, slotted_sentence
from mutagen_cite.analysis.mine import MineResult, mine
from mutagen_cite.cases.families import ValueSource, get_families
from mutagen_cite.model import Sentence, Slot, Vocabulary

_KINDS = {"Quillo Studio": {"org": 4}, "Vantor Studio": {"org": 3}, "Helio Labs": {"org": 9}}
_VOCAB = {"org": ("Helio Labs", "Quillo Studio", "Vantor Studio")}  # the first is the house name


def _values(head_lowercase: dict) -> ValueSource:
    return ValueSource(Vocabulary(_VOCAB), MineResult((), Vocabulary(_VOCAB), {}, kinds_of=_KINDS,
                                                      head_lowercase=head_lowercase))


def test_a_head_written_only_inside_names_makes_no_siblings():
    (entity,) = get_families(["entity"])
    s = slotted_sentence("Editors sign in to the Quillo Studio to review drafts.",
                         ("entity", "org", "Quillo Studio", "quillo studio"))
    site = site_of(s, "Quillo Studio")
    assert entity.mutate(s, site, _values({"studio": 0}), random.Random(0)) is None
    m = entity.mutate(s, site, _values({"studio": 5}), random.Random(0))  # "the studio": a kind of thing
    assert m is not None and m.replacement == "Vantor Studio"


def test_mining_records_how_often_a_name_head_is_written_in_lower_case():
    def named(text, name):
        at = text.index(name)
        return Sentence("a.md", 0, len(text), text, (Slot("entity", "org", at, at + len(name), name, name.lower()),))

    docs = {"a.md": [named("Open the Quillo Studio to edit posts.", "Quillo Studio"),
                     named("Then build it in Vantor Studio for phones.", "Vantor Studio"),
                     named("Scans run in the Corvid Scanner nightly.", "Corvid Scanner"),
                     Sentence("a.md", 0, 40, "Every upload passes the scanner first.", ())]}
    result = mine(docs)
    assert result.head_is_name_part("Studio") and not result.head_is_name_part("Scanner")
    assert not result.head_is_name_part("Portal")  # never recorded: no evidence either way


def test_a_name_with_its_version_number_is_no_entity_site():
    (entity,) = get_families(["entity"])
    with_version = slotted_sentence("The CLI needs NodeKit v18.2.0 on every machine.", ("entity", "product", "NodeKit", "nodekit"))
    assert entity.sites(with_version) == []
    bare = slotted_sentence("The CLI needs NodeKit on every machine.", ("entity", "product", "NodeKit", "nodekit"))
    assert [s.text for s in entity.sites(bare)] == ["NodeKit"]


def test_a_tagged_person_after_a_determiner_is_no_person():
    (entity,) = get_families(["entity"])
    label = slotted_sentence("After sign-in, the app opens your Quillo Git settings.", ("entity", "person", "Quillo Git", "quillo git"))
    assert entity.sites(label) == []
    person = slotted_sentence("Refunds are approved by Maria Gonzalez each week.", ("entity", "person", "Maria Gonzalez", "maria gonzalez"))
    assert [s.text for s in entity.sites(person)] == ["Maria Gonzalez"]
