"""A sibling table row's near miss logs the value under the site's own header (round 30): the
rows may have been paired on another column ("CPU: 2 vCPU"), which is not what the case changes
("Storage: 10 GB" -> "5 GB"). Made-up rows."""

from __future__ import annotations

from families_support import slotted_sentence

from mutagen_cite.cases.candidates import _same_column

ROW = "Size: medium; Cores: 4 vCPU; Memory: 8 GB; Storage: 10 GB."
SIBLING = "Size: small; Cores: 2 vCPU; Memory: 4 GB; Storage: 5 GB."


def _site(row: str, surface: str):
    s = slotted_sentence(row, ("quantity", "size", surface, surface.lower()))
    return s.text, s.slots[0]


def test_the_value_under_the_same_header_is_what_changed():
    assert _same_column(*_site(ROW, "10 GB"), SIBLING) == "5 GB"
    assert _same_column(*_site(ROW, "8 GB"), SIBLING) == "4 GB"


def test_no_column_value_when_the_sibling_lacks_it_or_repeats_it():
    assert _same_column(*_site(ROW, "10 GB"), "Size: small; Cores: 2 vCPU; Memory: 4 GB.") is None
    assert _same_column(*_site(ROW, "10 GB"), "Size: tiny; Storage: 10 GB.") is None
    # the site is part of a longer cell: no whole-cell value to log
    row = "Plan: Build; Searches: 50K a month, then $0.40 per 1,000."
    assert _same_column(*_site(row, "$0.40"), "Plan: Pro; Searches: 1M a month, then $0.30 per 1,000.") is None
