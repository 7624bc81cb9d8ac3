"""Questions v8, round 29: no subject question asks a definition backwards ("What is a
ledger service for Kestrel workspaces?"). Made-up sentences only."""

from __future__ import annotations

from families_support import site_of, slotted_sentence
from mutagen_cite.cases.questions import phrase, template_env

ENV = template_env()


def _question(text, slot, version):
    s = slotted_sentence(text, slot)
    p = phrase(s, site_of(s, slot[2]), slot[0], ENV, version=version)
    return None if p is None else p.question


def test_a_definition_is_not_asked_backwards():
    text = "Quillbase is a ledger service for Kestrel workspaces."
    slot = ("entity", "product", "Kestrel")
    assert _question(text, slot, "v7") == "What is a ledger service for Kestrel workspaces?"
    assert _question(text, slot, "v8") is None
    text = "Quillbase is always a ledger service for Kestrel workspaces."
    assert _question(text, slot, "v8") is None


def test_a_predicate_that_is_no_definition_is_still_asked():
    text = "Quillbase ledgers are stored in the Kestrel vault for each workspace."
    slot = ("entity", "product", "Kestrel")
    assert _question(text, slot, "v8") is not None


def test_a_definition_by_defined_as_is_not_asked_backwards():
    text = "A quiet member is defined as a member who booked no bench in the last 90 days."
    slot = ("quantity", "duration", "90 days")
    assert _question(text, slot, "v7") is not None
    assert _question(text, slot, "v8") is None


def test_a_name_of_the_answer_never_stands_in_the_question():
    text = "Kestrel stopped including ledger totals in the header when people click on a Kestrel report in 2019."
    s = slotted_sentence(text, ("date", "year", "2019"), ("entity", "org", "Kestrel"))
    old = phrase(s, site_of(s, "2019"), "date", ENV, version="v7")
    assert old is not None and old.answer == "Kestrel" and "Kestrel report" in old.question
    assert phrase(s, site_of(s, "2019"), "date", ENV, version="v8") is None


def test_a_lower_case_word_of_a_name_in_the_question_gives_nothing_away():
    text = "Kestrel Cloud should run a kestrel check and post the results as a Quillboard status."
    s = slotted_sentence(text, ("entity", "product", "Quillboard"), ("entity", "product", "Kestrel Cloud"))
    p = phrase(s, site_of(s, "Quillboard"), "entity", ENV, version="v8")
    assert p is not None and p.answer == "Kestrel Cloud"
