"""Questions v8, round 29: the changed value is the condition of the value asked for, never a
second fact beside it (fairness.side_value). Made-up sentences only."""

from __future__ import annotations

import pytest

from families_support import site_of, slotted_sentence
from mutagen_cite.cases.fairness.side_value import side_value
from mutagen_cite.cases.questions import _parse, phrase, template_env

ENV = template_env()


def _reason(text, site, answer):
    s = slotted_sentence(text, site, answer)
    return side_value(s, site_of(s, site[2]), site_of(s, answer[2]), _parse)


SIDE = [
    # the pay date belongs to "pays", the amount to "is billed": the near miss still bills 400 euros
    ("A member is billed 400 euros on March 3 for the spring term and pays on March 28.",
     ("date", "date", "March 28"), ("quantity", "money", "400 euros")),
    # the archive period is a second predicate's, not the plan's retention
    ("Snapshots are kept for 12 days on the Lantern plan and purged after 40 days.",
     ("quantity", "duration", "40 days"), ("scope", "tier", "Lantern")),
    # a rate and its cap: two amounts of one measure
    ("Members may claim up to 35 euros per night with a total claimed of at most 140 euros.",
     ("quantity", "money", "140 euros"), ("quantity", "money", "35 euros")),
    # the two ends of a window
    ("Enrolment opens on April 2 and closes on May 9.", ("date", "date", "April 2"), ("date", "date", "May 9")),
]

CONDITION = [
    # the region scopes the retention period
    ("Audit events in the Oslo region are retained for 21 days.",
     ("scope", "region", "Oslo"), ("quantity", "duration", "21 days")),
    # a first predicate's plan scopes the period of the second, which the plan phrase belongs to
    ("Snapshots run nightly and are kept for 12 days on the Lantern plan.",
     ("scope", "tier", "Lantern"), ("quantity", "duration", "12 days")),
    # a subject of both predicates is what either one is about
    ("Kestrel Sync should copy the ledger and post a summary to Quillboard.",
     ("entity", "product", "Quillboard"), ("entity", "product", "Kestrel Sync")),
    # a count scoping an amount: two measures
    ("Teams of more than 40 seats pay 9 euros per seat.",
     ("quantity", "count", "40 seats"), ("quantity", "money", "9 euros")),
]


@pytest.mark.parametrize("text,site,answer", SIDE)
def test_a_second_fact_is_no_condition(text, site, answer):
    assert _reason(text, site, answer)


@pytest.mark.parametrize("text,site,answer", CONDITION)
def test_a_condition_stays(text, site, answer):
    assert _reason(text, site, answer) is None


def test_the_question_asks_for_no_value_beside_the_change():
    """The invoice case end to end: with the pay date changed, v8 does not ask for the amount;
    v7, which had no such rule, does."""
    text = "A member is billed 400 euros on March 3 for the spring term and pays on March 28."
    s = slotted_sentence(text, ("date", "date", "March 28"), ("quantity", "money", "400 euros"))
    old = phrase(s, site_of(s, "March 28"), "date", ENV, version="v7")
    assert old is not None and old.answer == "400 euros"
    new = phrase(s, site_of(s, "March 28"), "date", ENV, version="v8")
    assert new is None or new.answer != "400 euros"
