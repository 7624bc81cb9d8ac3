"""A region code whose sentence names its place keeps its geography (round 30): "Region: Singapore;
Code: ap-southeast-1" with "af-south-1" reads as a wrong code at sight; in prose without its place
a code of another geography is still the sharper near miss. Made-up rows and sentences."""

from __future__ import annotations

import random

from families_support import slotted_sentence

from mutagen_cite.cases.families import ValueSource
from mutagen_cite.cases.families.scope import FAMILY as SCOPE
from mutagen_cite.model import Vocabulary


def _replacements(text: str, code: str, vocabulary: tuple[str, ...]) -> set[str]:
    s = slotted_sentence(text, ("scope", "region", code, code))
    out = set()
    for seed in range(8):
        m = SCOPE.mutate(s, s.slots[0], ValueSource(Vocabulary({"region": vocabulary})), random.Random(seed))
        if m is not None:
            out.add(m.replacement)
    return out


def test_a_code_beside_its_place_keeps_its_geography():
    for text in ("Region: Lisbon; Code: eu-west-3.", "Kiln backups live in Lisbon (eu-west-3) by default."):
        got = _replacements(text, "eu-west-3", ("ap-south-1", "eu-central-1"))
        assert got and all(r.startswith("eu-") for r in got), (text, got)
        got = _replacements(text, "eu-west-3", ("ap-south-1",))  # no mined code of its geography: invented
        assert got and all(r.startswith("eu-") for r in got), (text, got)


def test_a_code_alone_may_move_to_another_geography():
    got = _replacements("Kiln backups are stored in eu-west-3 for 30 days.", "eu-west-3", ("ap-south-1",))
    assert got == {"ap-south-1"}
