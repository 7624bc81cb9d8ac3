"""Scope in words, table rows read with their header, and value-model forms, as the slots
judge reads them (issue 12, second paraphrase round). One supported paraphrase and one near
miss per rule; every sentence is written for the test."""

from __future__ import annotations

import pytest

from mutagen_cite.judges.qualifiers import doc_qualifiers
from mutagen_cite.judges.slots import SlotsJudge, _row_cells


@pytest.fixture(scope="module")
def annotator():
    from mutagen_cite.analysis.annotate import Annotator, load_spacy

    return Annotator(load_spacy())


@pytest.fixture(scope="module")
def judge(annotator):
    return SlotsJudge(annotator)


# (rule, premise, supported claim, near miss, words the near miss's reason must hold)
RULES = [
    ("a noun restricted by another adjective is another scope",
     "Staff who relocate get 5 days of administrative leave for the move.",
     "Relocating staff receive five days of administrative leave for the move.",
     "Relocating staff receive five days of sick leave for the move.", ["scope", "sick"]),
    ("a noun restricted by another compound is another scope",
     "Priority routing is offered to Enterprise plan customers.",
     "Customers on the Enterprise plan are offered priority routing.",
     "Priority routing is offered to Starter customers.", ["Starter"]),
    ("a possessive or of-phrase against an adjective",
     "Laptops bought for work are property of the company.",
     "Work laptops are company property.",
     "Work laptops are personal property.", ["scope", "personal"]),
    ("two reworded for-phrases are not compared; an adjective against one is",
     "Family leave is granted for the passing of a parent.",
     "Family leave is granted for the death of a parent.",
     "Sick leave is granted for the death of a parent.", ["scope", "sick"]),
    ("a table row's subject in its first cell; verbs and header synonyms are free",
     "Tier: Gold; Seats: 12; Memory: 2 TB.",
     "The Gold tier allows as many as twelve seats and a maximum of 2 TB of memory.",
     "The Gold tier allows as many as fifteen seats.", ["quantity"]),
    ("an operand of a calculation is not a stated value",
     "Target: 30 billable hours (75% of 40 hours); Cap: 6 hours.",
     "The billable target is 30 hours.",
     "The billable target is 40 hours.", ["40 hours"]),
    ("'not to exceed' in a header is a bound, not a negation",
     "Standard week: 32 hours; Overtime (not to exceed): 6 hours.",
     "Overtime should not exceed 6 hours.",
     "Overtime should not exceed 8 hours.", ["8 hours"]),
    ("a scope word after 'non-' is its own value",
     "Secrets must not be stored in non-production systems.",
     "Secrets must never be kept in non-production systems.",
     "Secrets must never be kept in production systems.", ["production"]),
    ("an acronym's plural, with or without an apostrophe",
     "Never copy keys to USB drives or CD’s.",
     "Keys must never be copied to USB drives or CDs.",
     "Keys must never be copied to USB drives or DVDs.", ["DVDs"]),
    ("a time of day in any form, with its zone",
     "The desk is staffed from 8am to 6pm Pacific Time.",
     "The desk is staffed from 8 a.m. to 6 p.m. Pacific.",
     "The desk is staffed from 8 a.m. to 6 p.m. Eastern.", ["eastern"]),
    ("money in cents",
     "Invoices below $0.50 are carried to the next month.",
     "Invoices under fifty cents are carried to the next month.",
     "Invoices under five cents are carried to the next month.", ["five cents"]),
    ("coordinated modifiers enumerate a scope: an added alternative widens it",
     "The stipend is paid to full-time staff based in Canada.",
     "Full-time staff based in Canada are paid the stipend.",
     "The stipend is paid to all staff based in Canada, full-time or part-time.", ["part-time"]),
    ("'only' excludes an added alternative, whichever side of the 'or' it is on; verbs by lemma",
     "Only staff on rotating shifts can earn and use comp days.",
     "Comp days can be earned and used only by staff on rotating shifts.",
     "Staff on any shift, fixed or rotating, can earn and use comp days.", ["fixed"]),
    ("an amount per item is not a total over items (a moment is no item)",
     "A purchase over $500 on any single device needs approval at any given time.",
     "Approval is needed for a device costing more than five hundred dollars.",
     "Approval is needed once your devices together cost more than $500.", ["aggregation"]),
    ("a bound states the limit: a number inside it misstates it",
     "Each claim is capped at $250.",
     "Each claim is limited to two hundred and fifty dollars.",
     "Each claim is capped at $500.", ["$500"]),
]


@pytest.mark.parametrize("rule, premise, good, bad, words", RULES, ids=[r[0] for r in RULES])
def test_rule_keeps_the_paraphrase_and_flags_the_near_miss(judge, rule, premise, good, bad, words):
    ok, miss = judge.verdicts([(premise, good), (premise, bad)])
    assert ok.supported, f"{rule}: {ok.reason}"
    assert not miss.supported, f"{rule}: {miss.reason}"
    for w in words:
        assert w.lower() in miss.reason.lower(), f"{rule}: {miss.reason}"


def test_qualifiers_read_from_the_parse(annotator):
    doc = annotator.nlp("New hires get sick leave for the death of a spouse and a one-time grant.")
    pairs = {(q.head, q.mod) for q in doc_qualifiers(doc)}
    assert ("leave", "sick") in pairs and ("leave", "death") in pairs
    assert not any(q.mod in ("new", "one-time", "time") for q in doc_qualifiers(doc))


def test_row_cells_need_two_header_value_cells():
    row = "Plan: Pro; Seats: 42; Storage: 1 TB."
    assert [row[a:b] + "=" + row[c:d] for a, b, c, d in _row_cells(row)] == ["Plan=Pro", "Seats=42", "Storage=1 TB"]
    assert _row_cells("Note: this is one sentence.") == []
