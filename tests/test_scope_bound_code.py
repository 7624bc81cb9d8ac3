"""A region code beside the name of its own place is bound to it (round 30): "Region: Singapore;
Code: ap-southeast-1" with "af-south-1", or with the same geography's wrong city, reads as a wrong
code at sight (reviewers failed both), so the code alone is no site; another whole row stays the
near miss. A code in prose, even beside a place that is a condition, is still a site. Made-up
rows and sentences."""

from __future__ import annotations

import random

from families_support import slotted_sentence

from mutagen_cite.cases.families import ValueSource
from mutagen_cite.cases.families.scope import FAMILY as SCOPE
from mutagen_cite.model import Vocabulary


def _replacements(text: str, code: str, vocabulary: tuple[str, ...], *place: tuple) -> set[str]:
    s = slotted_sentence(text, ("scope", "region", code, code), *place)
    site = next(x for x in s.slots if x.text == code)
    out = set()
    for seed in range(8):
        m = SCOPE.mutate(s, site, ValueSource(Vocabulary({"region": vocabulary})), random.Random(seed))
        if m is not None:
            out.add(m.replacement)
    return out


def test_a_code_beside_its_own_place_is_no_site():
    assert _replacements("Region: Lisbon; Code: eu-west-3.", "eu-west-3", ("ap-south-1", "eu-central-1")) == set()
    assert _replacements("Kiln backups live in Lisbon (eu-west-3) by default.", "eu-west-3", ("ap-south-1",)) == set()
    assert _replacements("Site: Porto, Portugal; Code: eu-west-3.", "eu-west-3", ("ap-south-1",),
                         ("scope", "geo", "Portugal", "portugal")) == set()


def test_a_code_without_its_place_is_still_a_site():
    assert _replacements("Kiln backups are stored in eu-west-3 for 30 days.", "eu-west-3", ("ap-south-1",)) == {"ap-south-1"}
    got = _replacements("For EU potters, kiln backups stay in eu-west-3.", "eu-west-3", ("ap-south-1",),
                        ("scope", "geo", "EU", "eu"))
    assert got == {"ap-south-1"}
    assert _replacements("Tier: Pro; Code: eu-west-3.", "eu-west-3", ("ap-south-1",)) == {"ap-south-1"}
