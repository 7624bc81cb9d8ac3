"""Question version v4 (the default): questions worded the way a person asks them.

Made-up sentences only. Each rule is a rule of documentation English, not of one corpus:
a table row is asked about with its header as spoken and its key as a noun phrase; "Must" and
"Shall" are asked as "Do/Does ... have to"; "all" is verified as "every"; a purpose tail is
dropped; the reader is "I" and the writer "you"; and a question holding a pointer to the page,
a pronoun, markup, a fronted archaic modal, mixed persons, a list marker or a bracket is
dropped (the candidate then falls to the next). Older versions keep their wording."""

from __future__ import annotations

import pytest

from families_support import site_of, slotted_sentence
from mutagen_cite.cases.families.grammar import first_person_question
from mutagen_cite.cases.questions import (
    DEFAULT_VERSION, names_strength, phrase, question_problem, spoken_header, template_env,
)
from mutagen_cite.model import Sentence, Slot

ENV = template_env()


def _row(doc: str, row: str, slots, site: str, family: str, version: str = "v4"):
    start = doc.index(row)
    found = []
    for fam, kind, text, value in slots:
        at = row.index(text)
        found.append(Slot(fam, kind, at, at + len(text), text, value))
    s = Sentence("doc.md", start, start + len(row), row, tuple(sorted(found, key=lambda x: x.start)))
    return phrase(s, next(x for x in s.slots if x.text == site), family, ENV, version=version, doc_text=doc)


ROW = "Plan: Lantern Pro; Max seats: 40; Storage (GB): 50; Monthly price: $35; Builds per day: 12."
ROW_SLOTS = (("scope", "tier", "Lantern Pro", "lantern pro"), ("quantity", "count", "40", "40"),
             ("quantity", "count", "50", "50"), ("quantity", "money", "$35", "35"),
             ("quantity", "count", "12", "12"))


def test_v4_stays_available():
    # v5 is the default since the subject shapes (tests/test_questions_v5.py); v4 suites keep v4
    from mutagen_cite.cases.questions import VERSIONS

    assert "v4" in VERSIONS and DEFAULT_VERSION != "v4"


@pytest.mark.parametrize("header, spoken", [
    ("Max seats", ("maximum seats", None)),
    ("Storage (GB)", ("storage", "GB")),
    ("No. of seats", ("number of seats", None)),
    ("Retention Period", ("retention period", None)),
    ("RTO", ("RTO", None)),
])
def test_a_header_is_said_as_a_person_says_it(header, spoken):
    assert spoken_header(header) == spoken


@pytest.mark.parametrize("site, family, question, answer", [
    ("Lantern Pro", "scope", "What is the maximum number of seats for the Lantern Pro plan?", "40"),
    ("40", "quantity", "Which plan has a maximum of 40 seats?", "Lantern Pro"),
    ("50", "quantity", "Which plan has 50 GB of storage?", "Lantern Pro"),
    ("$35", "quantity", "Which plan has a monthly price of $35?", "Lantern Pro"),
    ("12", "quantity", "Which plan has 12 builds per day?", "Lantern Pro"),
])
def test_a_table_row_is_asked_about_as_a_person_asks(site, family, question, answer):
    doc = "Plans\n\n" + ROW + "\n"  # a heading that only repeats the key's kind adds nothing
    p = _row(doc, ROW, ROW_SLOTS, site, family)
    assert p is not None and (p.question, p.answer) == (question, answer)
    old = _row(doc, ROW, ROW_SLOTS, site, family, version="v3")
    assert old is None or old.question != question  # v3 suites keep their v3 wording


def test_a_count_header_over_a_number_asks_how_many():
    row = "Tier: Harbour; Build minutes: 3000."
    doc = "Harbour quotas\n\n" + row + "\n"
    slots = (("scope", "tier", "Harbour", "harbour"), ("quantity", "count", "3000", "3000"))
    p = _row(doc, row, slots, "Harbour", "scope")
    assert p is not None and p.question == "In the harbour quotas table, how many build minutes does the Harbour tier have?"
    p = _row(doc, row, slots, "3000", "quantity")
    assert p is not None and p.question == "In the harbour quotas table, which tier has 3000 build minutes?"


def test_a_location_column_asks_where():
    row = "Region: Kestrel North; Location: Tromso; Latency: 40 ms."
    doc = "Data centres\n\n" + row + "\n"
    slots = (("scope", "region", "Kestrel North", "kestrel north"), ("scope", "geo", "Tromso", "tromso"))
    p = _row(doc, row, slots, "Tromso", "scope")
    assert p is not None and p.question == "In the data centres table, which region is in Tromso?"


def test_a_participle_header_gets_no_v4_question():
    row = "Plan: Ember; Discontinued: 3 May 2031."
    slots = (("scope", "tier", "Ember", "ember"), ("date", "date", "3 May 2031", "2031-05-03"))
    assert _row(row + "\n", row, slots, "3 May 2031", "date") is None  # "Which plan has a discontinued of ...?"
    old = _row(row + "\n", row, slots, "3 May 2031", "date", version="v3")
    assert old is not None and old.question == "For which plan is the discontinued 3 May 2031?"  # v3 kept


def _modal(text, *slots, site="must", family="modality", version="v4"):
    s = slotted_sentence(text, *slots)
    return phrase(s, site_of(s, site), family, ENV, version=version)


def test_must_and_shall_are_asked_as_have_to():
    p = _modal("A booking request must be confirmed within 2 days.", ("modality", "modal", "must", "must"))
    assert p is not None and p.question == "Does a booking request have to be confirmed within 2 days?"
    assert p.answer == "yes"
    p = _modal("Kiln users shall wear heat gloves.", ("modality", "modal", "shall", "shall"), site="shall")
    assert p is not None and p.question == "Do kiln users have to wear heat gloves?"
    p = _modal("You must sign the visitor log by Friday.", ("modality", "modal", "must", "must"))
    assert p is not None and p.question == "Do I have to sign the visitor log by Friday?"
    old = _modal("Kiln users shall wear heat gloves.", ("modality", "modal", "shall", "shall"), site="shall",
                 version="v3")
    assert old is not None and old.question == "Shall kiln users wear heat gloves?"


def test_all_stays_all_before_a_plural_complement():
    text = "All loan lockers should be steel cabinets with a keypad."
    slots = ("aggregation", "quantifier", "All", "all")
    p = _modal(text, slots, site="All", family="aggregation", version="v8")
    assert p is not None and p.question == "Should all loan lockers be steel cabinets with a keypad?"
    old = _modal(text, slots, site="All", family="aggregation", version="v7")
    assert old is not None and old.question == "Should every loan locker be steel cabinets with a keypad?"
    p = _modal("All loan lockers should be emptied on Friday.", slots, site="All", family="aggregation", version="v8")
    assert p is not None and p.question == "Should every loan locker be emptied on Friday?"


def test_all_is_verified_as_every_with_agreement():
    p = _modal("All studio keys are engraved with a serial number.", ("aggregation", "quantifier", "All", "all"),
               site="All", family="aggregation")
    assert p is not None and p.question == "Is every studio key engraved with a serial number?"
    p = _modal("Tool insurance is included in all memberships.", ("aggregation", "quantifier", "all", "all"),
               site="all", family="aggregation")
    assert p is not None and p.question == "Is tool insurance included in every membership?"
    p = _modal("All customer data is stored in Reykjavik.", ("aggregation", "quantifier", "All", "all"),
               site="All", family="aggregation")
    assert p is not None and p.question == "Is all customer data stored in Reykjavik?"  # a mass noun keeps "all"
    assert names_strength("Is every studio key engraved?", "All")
    assert not names_strength("Is a studio key engraved?", "All")


def test_a_purpose_tail_is_dropped_from_a_verification():
    p = _modal("Members must sign the waiver to ensure insurance cover applies.",
               ("modality", "modal", "must", "must"))
    assert p is not None and p.question == "Do members have to sign the waiver?"


@pytest.mark.parametrize("question, voiced", [
    ("Must you notify us within 2 days?", "Must I notify you within 2 days?"),
    ("Are you required to sign your timesheet?", "Am I required to sign my timesheet?"),
    ("How many days do we keep your logs?", "How many days do you keep my logs?"),
    ("Which region in the US serves you?", "Which region in the US serves me?"),
    ("What is included on the Pro plan?", "What is included on the Pro plan?"),
    ("Should you ensure you have a backup?", "Should I ensure I have a backup?"),
    ("Does the plan let you use two seats?", "Does the plan let me use two seats?"),
])
def test_the_asker_speaks_as_i(question, voiced):
    assert first_person_question(question) == voiced


@pytest.mark.parametrize("question, rule", [
    ("Which plan includes the features listed below?", "deictic"),
    ("Which plan includes the following add-ons?", "deictic"),
    ("How many seats are allowed here?", "deictic"),
    ("How many seats does it include on the Pro plan?", "pronoun"),
    ("How many seats does the `pro` plan include?", "markup"),
    ("How many seats does the **Pro** plan include?", "markup"),
    ("Which plan includes seats: 40?", "markup"),
    ("Shall kiln users wear gloves?", "modal-fronted"),
    ("May members bring guests on weekends?", "modal-fronted"),
    ("Must members wear gloves?", "modal-fronted"),
    ("How many days do we keep your logs?", "person-mixed"),
    ("- Which plan includes 40 seats?", "list-lead-in"),
    ("Which plan includes 40 seats (billed yearly)?", "bracket"),
    ("Which plan includes forty seats and twelve builds per day and one storage bucket for every member of "
     "the studio team?", "too-long"),
])
def test_a_question_that_is_no_plain_question_is_dropped(question, rule):
    assert question_problem(question) == rule


@pytest.mark.parametrize("question", [
    "Which plan includes 40 seats?",
    "Do I have to return the key card by Friday?",
    "Which region serves traffic for Europe (Zurich)?",  # a name with its place is one name
    "Which plan allows more than 40 seats above the base quota?",  # "above" as a bound, not a pointer
    "Do you notify me within 2 days?",
    "What is the release time at 10:30?",
])
def test_a_plain_question_passes(question):
    assert question_problem(question) is None


def test_a_built_question_speaks_as_the_reader():
    s = slotted_sentence("You can book the kiln for 4 hours on the Ember plan.",
                         ("quantity", "duration", "4 hours", "4 hour"), ("scope", "tier", "Ember", "ember"))
    p = phrase(s, site_of(s, "Ember"), "scope", ENV)
    assert p is not None and p.question.endswith(" can I book the kiln on the Ember plan?")
    old = phrase(s, site_of(s, "Ember"), "scope", ENV, version="v3")
    assert old is not None and old.question.endswith(" can you book the kiln on the Ember plan?")


@pytest.fixture(scope="module")
def reader():
    from mutagen_cite.run.generators import make_generator

    return make_generator("reader")


@pytest.mark.parametrize("question, strong, weak", [
    ("Does a booking request have to be confirmed within 2 days?",
     "A booking request must be confirmed within 2 days.", "A booking request may be confirmed within 2 days."),
    ("Is every studio key engraved with a serial number?",
     "All studio keys are engraved with a serial number.", "Most studio keys are engraved with a serial number."),
])
def test_the_reader_hears_a_plain_form_as_the_strong_word(reader, question, strong, weak):
    """v4 asks "have to" of a "must" sentence and "every" of an "all" one: the reader baseline
    still answers from the strong sentence only, and declines on the weakened one."""
    from mutagen_cite.model import ContextChunk
    from mutagen_cite.run.generators.base import Request

    both = Request("c-1", question, (ContextChunk("p-1", weak), ContextChunk("p-2", strong)))
    assert reader.generate(both) == {"answer": f"Yes. {strong} [p-2]"}
    alone = Request("c-2", question, (ContextChunk("p-1", weak),))
    assert reader.generate(alone) == {"decline": True}


def test_every_is_not_used_for_a_coordinated_subject():
    p = _modal("All new studio keys and door codes are engraved with a serial number.",
               ("aggregation", "quantifier", "All", "all"), site="All", family="aggregation")
    assert p is None or p.question.startswith("Are all new studio keys and door codes")


def test_an_adverb_goes_before_have_to():
    p = _modal("Kiln logs must also be signed by the warden.", ("modality", "modal", "must", "must"))
    assert p is not None and p.question == "Do kiln logs also have to be signed by the warden?"


def test_a_verification_of_two_predicates_is_not_asked():
    p = _modal("Members should clean the bench and return every chisel.", ("modality", "modal", "should", "should"),
               site="should")
    assert p is None
    p = _modal("Members should clean the bench after every session.", ("modality", "modal", "should", "should"),
               site="should")
    assert p is not None and p.question == "Should members clean the bench after every session?"


def test_a_gerund_heading_names_no_table():
    row = "Plan: Ember; Monthly price: $35."
    doc = "Understanding included usage\n\n" + row + "\n"
    slots = (("scope", "tier", "Ember", "ember"), ("quantity", "money", "$35", "35"))
    p = _row(doc, row, slots, "$35", "quantity")
    assert p is not None and p.question == "Which plan has a monthly price of $35?"


def test_how_much_of_a_bare_noun_is_no_question():
    assert question_problem("The Ember plan includes how much of resource usage per month?") == "wh-of"
    assert question_problem("How many of the seats are reserved?") is None


def test_a_mass_noun_subject_takes_does_and_a_clause_is_no_subject():
    p = _modal("Restricted data must be encrypted at rest.", ("modality", "modal", "must", "must"))
    assert p is not None and p.question == "Does restricted data have to be encrypted at rest?"
    p = _modal("Wait until your kiln has cooled all shelves.", ("aggregation", "quantifier", "all", "all"),
               site="all", family="aggregation")
    assert p is None  # v3 asked "Has wait until ...?"


@pytest.mark.parametrize("subject, plural", [
    ("all kiln rooms requiring a key", True), ("both training", True), ("KTS", False), ("each member", False),
    ("workspace owners", True), ("the warden of all rooms", False),
])
def test_have_to_agrees_with_its_subject(subject, plural):
    from mutagen_cite.cases.questions import _plural_subject

    assert _plural_subject(subject) is plural


def test_every_takes_no_determiner():
    """"all our plans" is never "every our plan" (nor, after the we/you swap, "every your plan")."""
    from mutagen_cite.cases.questions import _every

    assert _every("all our paid plans") is None
    assert _every("all your workspaces") is None
    assert _every("all these regions") is None
    assert _every("all paid plans") == "every paid plan"
