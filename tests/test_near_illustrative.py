"""Rows of a worked example's table, date keys of a timeline, and absolutes beside a weakened
universal (round 28 rules: `fairness/illustrative.py`, `presupposed._categorical_beside`)."""

from __future__ import annotations

from families_support import ALWAYS, NOT, broken_rule, near_miss

from mutagen_cite.cases.fairness.illustrative import (document_title, illustrative_table, table_introduction,
                                                      timeline_key)

ROW = "Band: Band 2; From: 501; To: 2,000; Price per call: $0.0006."
ROWS = "Band: Band 1; From: 0; To: 500; Price per call: $0.0009.\n" + ROW + "\n"


def _row_candidate(doc: str, answer: str = "Band 2", row: str = ROW):
    c = near_miss(doc, row, "$0.0006", "$0.0004", ("quantity", "money", "$0.0006"), family="quantity", answer=answer)
    return c, doc


def test_a_table_a_sentence_introduces_as_an_example_is_illustrative():
    c, doc = _row_candidate("Graduated pricing\n\nTake the following example, where each unit is one call:\n\n" + ROWS)
    assert illustrative_table(c, doc) is None  # "take the following" is no cue of its own
    for lead in ("Consider the following example, where each unit is one call:", "For example, a team might pay:",
                 "Let's say your workspace makes 1,800 calls:"):
        c, doc = _row_candidate("Graduated pricing\n\n" + lead + "\n\n" + ROWS)
        assert illustrative_table(c, doc)[0] == "example-table", lead


def test_a_colon_lead_in_governs_the_table_across_a_tab_title():
    doc = "Consider the following list of calls:\n\nTable view\n\n" + ROWS
    c, doc = _row_candidate(doc)
    assert table_introduction(doc, doc.index(ROW)) == ("Consider the following list of calls:", ["Table view"])
    assert illustrative_table(c, doc)[0] == "example-table"
    # a paragraph closed by a full stop belongs to the section before the table's own title
    doc = "Raw samples are kept for a week, for example.\n\nBand prices\n\n" + ROWS
    c, doc = _row_candidate(doc)
    assert table_introduction(doc, doc.index(ROW)) == (None, ["Band prices"])
    assert illustrative_table(c, doc) is None


def test_a_heading_or_title_naming_an_example_makes_the_table_illustrative():
    c, doc = _row_candidate("Sample Regional Offsites\n\nThe data team met in Porto.\n\n" + ROWS)
    assert document_title(doc) == "Sample Regional Offsites"
    assert illustrative_table(c, doc)[0] == "example-table"
    c, doc = _row_candidate("Billing bands\n\nWorked example\n\n" + ROWS)
    assert illustrative_table(c, doc)[0] == "example-table"
    # a reference table: its title and lead-in name no example
    c, doc = _row_candidate("Billing bands\n\nEach workspace is billed per call at these prices:\n\n" + ROWS)
    assert illustrative_table(c, doc) is None
    assert document_title("Prices are listed below.\n\n" + ROWS) is None  # a sentence is no title


def test_a_question_answered_by_a_timeline_date_falls_to_the_next_candidate():
    row = "Date: Mar 3; Deferred balance: $12.40; Note: Half the fee is earned."
    doc = "Ledger\n\nDate: Mar 1; Deferred balance: $24.80; Note: Invoiced.\n" + row + "\n"
    c = near_miss(doc, row, "$12.40", "$9.10", ("quantity", "money", "$12.40"), family="quantity", answer="Mar 3")
    assert timeline_key(c)[0] == "timeline-key"
    c = near_miss(doc, row, "$12.40", "$9.10", ("quantity", "money", "$12.40"), family="quantity", answer="Mar 1")
    assert timeline_key(c) is None  # the answer is not this row's key
    c, _ = _row_candidate("Bands\n\n" + ROWS)
    assert timeline_key(c) is None  # "Band 2" names a band, not a date


def test_an_absolute_beside_a_weakened_universal_keeps_the_claim():
    chunk = "Tax stays out of booked revenue entirely. Booked revenue is always the amount before tax."
    c = near_miss(chunk, "Booked revenue is always the amount before tax.", "always", "usually", ALWAYS,
                  family="aggregation", answer="yes")
    assert broken_rule(c) == "categorical-beside"
    chunk = "Shipping stays out of the quote entirely. Booked revenue is always the amount before tax."
    c = near_miss(chunk, "Booked revenue is always the amount before tax.", "always", "usually", ALWAYS,
                  family="aggregation", answer="yes")
    assert broken_rule(c) is None  # the absolute is about other things
    chunk = "A footer is a universal footer that is always printed on invoices."
    c = near_miss(chunk, chunk, "always", "usually", ALWAYS, family="aggregation", answer="yes")
    assert broken_rule(c) == "categorical-beside"  # "universal" stays in the edited sentence


def test_an_absolute_before_a_flipped_negation_keeps_it():
    chunk = "When a draft expires while it is being voided, exactly one action wins. A draft is not both voided and sent."
    c = near_miss(chunk, "A draft is not both voided and sent.", "not", "", NOT, family="polarity", answer="x")
    assert broken_rule(c) == "categorical-beside"


def test_a_flipped_negation_before_an_ellipsis_breaks_the_contrast():
    chunk = "Acme Ledger is not built for metered billing. Ours is.\n\nNext section."
    c = near_miss(chunk, "Acme Ledger is not built for metered billing.", "not", "", NOT, family="polarity", answer="x")
    assert broken_rule(c) == "ellipsis-after"
    chunk = "Acme Ledger is not built for metered billing. Ours is built for it from the first invoice on."
    c = near_miss(chunk, "Acme Ledger is not built for metered billing.", "not", "", NOT, family="polarity", answer="x")
    assert broken_rule(c) is None  # a full sentence says its own predicate
