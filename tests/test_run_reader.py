"""The rule-based ``reader`` baseline (issue 10 item 7): it answers only from a sentence that
states the question's whole condition, and declines when none does."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from mutagen_cite.run.generators import make_generator
from mutagen_cite.run.generators.base import Request
from mutagen_cite.judges.lexical import LexicalJudge
from mutagen_cite.model import ContextChunk
from mutagen_cite.run.runner import run_suite
from mutagen_cite.run.scoring import summarise
from mutagen_cite.cases.suite_format import load_suite

SUITE = Path(__file__).parent / "fixtures" / "run" / "pairs_suite.yaml"


@pytest.fixture(scope="module")
def reader():
    return make_generator("reader")


def test_reader_catches_every_pair_of_a_fair_suite(reader):
    suite = load_suite(SUITE)
    records = run_suite(suite, reader, LexicalJudge(), progress=False).records
    m = summarise(records)["overall"]
    assert m["pair_pass"] == 1.0 and m["ta_declined"] == 4, [r["verdict"] for r in records]
    by_id = {r["case_id"]: r for r in records}
    assert by_id["keys-aggregation-both-present"]["answer"]["text"].startswith("Yes. All admin accounts")


def test_reader_needs_the_whole_condition_and_reads_no_expectation(reader):
    case = load_suite(SUITE).cases[0]  # audit logs in Frankfurt, near miss first
    blind = Request(case_id=case.id, question=case.question, context=case.context)  # no Case attached
    assert reader.generate(blind) == {"answer": f"{case.context[1].text.split('. ')[0]}. [{case.context[1].chunk_id}]"}
    # the region matches but the sentence shares no topic word with the question: decline
    other = ContextChunk("z-1", "Frankfurt hosts the second support office.")
    assert reader.generate(replace(blind, context=(other,))) == {"decline": True}
    # a value named in the question (12 editor seats) is not stated by "5 editor seats"
    seats = [c for c in load_suite(SUITE).cases if c.id == "seats-quantity-true-absent"][0]
    assert reader.generate(Request(seats.id, seats.question, seats.context)) == {"decline": True}
    # a negated question needs a negated sentence
    sso = [c for c in load_suite(SUITE).cases if c.id == "sso-polarity-true-absent"][0]
    assert reader.generate(Request(sso.id, sso.question, sso.context)) == {"decline": True}


def test_a_yes_rests_on_a_sentence_about_the_question_topic(reader):
    """A sibling sentence with the same strong word and a couple of shared words is no ground for
    "yes" ("All indexes on the table are removed." for "Are all triggers on the table removed?");
    the reader's "I" and the docs' "you" are no topic words."""
    near = ContextChunk("n-1", "All indexes on the table are removed. Most triggers on the table are removed.")
    q = "Are all triggers associated with the table removed?"
    assert reader.generate(Request("t-1", q, (near,))) == {"decline": True}
    true = ContextChunk("t-2", "All triggers associated with the table are removed.")
    assert reader.generate(Request("t-2", q, (true,)))["answer"].startswith("Yes. All triggers")
    you = ContextChunk("t-3", "You must rotate your signing key every year.")
    assert reader.generate(Request("t-3", "Do I have to rotate my signing key every year?", (you,)))["answer"].startswith("Yes.")


def test_a_negated_question_needs_as_many_negations(reader):
    """A near miss that dropped the "not" but kept a "without" is still affirmative about the
    question's topic: the reader must not answer from it."""
    q = "Who is not able to book the kiln without a steward?"
    near = ContextChunk("n-1", "Guest members are able to book the kiln without a steward.")
    assert reader.generate(Request("t-1", q, (near,))) == {"decline": True}
    true = ContextChunk("t-1", "Guest members are not able to book the kiln without a steward.")
    assert reader.generate(Request("t-2", q, (true,)))["answer"].startswith("Guest members are not able")


def test_a_plural_in_the_sentence_matches_the_singular_after_every(reader):
    q = "Does every level have a steward?"
    true = ContextChunk("t-1", "All levels have a steward.")
    assert reader.generate(Request("t-1", q, (true,)))["answer"].startswith("Yes. All levels")


def test_a_value_stated_by_the_section_heading_qualifies_its_rows(reader):
    """A table row under a heading reads with that heading, as the label check reads it: the
    heading may state a value slot of the condition, never a negation or a quantifier."""
    q = "What is the kiln fee for members in Ostrava?"
    rows = ContextChunk("t-1", "Ostrava\n\nMembers: 40 EUR per firing.\nGuests: 60 EUR per firing.")
    assert reader.generate(Request("t-1", q, (rows,)))["answer"].startswith("Members: 40 EUR")
    elsewhere = ContextChunk("n-1", "Brno\n\nMembers: 40 EUR per firing.\nGuests: 60 EUR per firing.")
    assert reader.generate(Request("n-1", q, (elsewhere,))) == {"decline": True}


def test_an_opening_auxiliary_is_no_part_of_a_name(reader):
    """The tagger may run a yes/no question's opening "Will" into the name after it; the name
    the question asks about is the rest ("Will Kilnworks fire ...?" names Kilnworks)."""
    q = "Will Kilnworks fire every glaze batch at cone six?"
    true = ContextChunk("t-1", "Kilnworks will fire every glaze batch at cone six.")
    assert reader.generate(Request("t-1", q, (true,)))["answer"].startswith("Yes. Kilnworks")


def test_a_quantifier_is_stated_only_on_the_word_it_bears_on(reader):
    """"every glaze recipe" is not stated by a near miss that weakened it to "Most glaze recipes"
    and keeps an "each" on another noun ("each kiln log"): the strong word must bear on the same
    word in the sentence as in the question."""
    q = "Is every glaze recipe recorded at the end of each kiln log?"
    near = ContextChunk("n-1", "Most glaze recipes are recorded at the end of each kiln log.")
    assert reader.generate(Request("n-1", q, (near,))) == {"decline": True}
    true = ContextChunk("t-1", "All glaze recipes are recorded at the end of each kiln log.")
    assert reader.generate(Request("t-1", q, (true,)))["answer"].startswith("Yes. All glaze recipes")
