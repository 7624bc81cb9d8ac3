"""Question v5, round 14: questions a person would ask without the page in front of them.

Made-up sentences only. Each rule has a sentence it drops (the candidate falls to the next) and,
where a near neighbour should still be asked, one it keeps."""

from __future__ import annotations

import pytest

from families_support import site_of, slotted_sentence
from mutagen_cite.cases.questions import anaphoric, phrase, previous_sentence, template_env
from mutagen_cite.model import Sentence, Slot

ENV = template_env()


def _ask(text, slots, site, family, version="v5"):
    s = slotted_sentence(text, *slots)
    return phrase(s, site_of(s, site), family, ENV, version=version)


DROPPED = [
    # broad: nothing but "available" besides the plan
    ("Snapshot export is available on the Harbor plan.", [("scope", "tier", "Harbor", "harbor")], "Harbor", "scope"),
    # broad: a denial of one plan, nothing else said
    ("Ledger export is not included in the Harbor plan.", [("scope", "tier", "Harbor", "harbor")], "Harbor", "scope"),
    # what-is-np: "What is the NP?" asks for the NP's value, not for the subject
    ("The Lantern grant is the main source of kiosk funding in 2031.", [("date", "year", "2031", "2031")],
     "2031", "date"),
    # generic-answer: one abstract noun
    ("Eligibility is checked against the grant ledger every quarter.",
     [("date", "quarter", "every quarter", "quarter")], "every quarter", "date"),
    # given-away: "Rust" of the answer "Rust SDK" stands in the question
    ("The Rust SDK requires Rust 1.80 or later from v2.4.0.",
     [("entity", "product", "Rust SDK", "rust sdk"), ("entity", "version", "v2.4.0", "2.4.0")], "v2.4.0", "entity"),
    # an agency's acronym asked "What"
    ("KVA allows three kinds of shift patterns.",
     [("entity", "org", "KVA", "kva"), ("quantity", "count", "three kinds", "3 kind")], "three kinds", "quantity"),
    # writer-self: the writer's "my" is not the asker's
    ("The sample code is hosted on my Codeberg page until June 2031.", [("date", "month", "June 2031", "2031-06")],
     "June 2031", "date"),
    # narration: a tutorial step asked out of its sequence
    ("You will now create the panels for each section of the landing page.",
     [("aggregation", "quantifier", "each", "each")], "each", "aggregation"),
    # dual: "both" of two things named before
    ("Both courses must be retaken every year.", [("modality", "modal", "must", "must")], "must", "modality"),
    # epistemic "should" of what the screen shows
    ("A list of presets should come up.", [("modality", "modal", "should", "should")], "should", "modality"),
    # table: a row key that is a clause, a plan column asked as "has a plan of"
    ("Step: Office approves signatures; Owner: Ops desk; Time: 7 business days.",
     [("quantity", "duration", "7 business days", "7 day")], "7 business days", "quantity"),
    ("Method: Token; Best for: Kiosks; Plan: Harbor; Prefill: Yes.", [("scope", "tier", "Harbor", "harbor")],
     "Harbor", "scope"),
]


@pytest.mark.parametrize("text, slots, site, family", DROPPED)
def test_questions_that_lean_on_the_page_are_not_asked(text, slots, site, family):
    got = _ask(text, slots, site, family)
    assert got is None, got.question


KEPT = [
    ("Snapshot export is limited to five projects on the Harbor plan.", [("scope", "tier", "Harbor", "harbor")],
     "Harbor", "scope", "What is limited to five projects on the Harbor plan?"),
    ("The Rust SDK requires Cargo 1.80 or later from v2.4.0.",
     [("entity", "product", "Rust SDK", "rust sdk"), ("entity", "version", "v2.4.0", "2.4.0")], "v2.4.0", "entity",
     "Which SDK requires Cargo 1.80 or later from v2.4.0?"),
    # a common word shared with the question gives nothing away
    ("The on-call kiosk engineer must acknowledge a kiosk outage within 15 minutes.",
     [("quantity", "duration", "15 minutes", "15 minute")], "15 minutes", "quantity",
     "Who must acknowledge a kiosk outage within 15 minutes?"),
    ("Both the ethics course and the safety course must be retaken every year.",
     [("modality", "modal", "must", "must")], "must", "modality",
     "Do both the ethics course and the safety course have to be retaken every year?"),
]


@pytest.mark.parametrize("text, slots, site, family, question", KEPT)
def test_near_neighbours_are_still_asked(text, slots, site, family, question):
    got = _ask(text, slots, site, family)
    assert got is not None and got.question == question


def test_v4_keeps_its_questions():
    got = _ask("Snapshot export is available on the Harbor plan.", [("scope", "tier", "Harbor", "harbor")], "Harbor",
               "scope", version="v4")
    assert got is not None and got.question == "What is available on the Harbor plan?"


def _in_doc(before: str, text: str, slots):
    doc = before + text
    start = len(before)
    out = []
    for family, kind, surface, value in slots:
        at = text.index(surface)
        out.append(Slot(family, kind, at, at + len(surface), surface, value))
    return doc, Sentence("doc.md", start, start + len(text), text, tuple(out))


def test_a_definite_noun_introduced_by_the_sentence_before_is_no_question():
    text = "The volunteer's mentor should contact the review office for guidance."
    slots = [("modality", "modal", "should", "should")]
    doc, s = _in_doc("Volunteers who join after May 3 skip the spring review. ", text, slots)
    assert phrase(s, s.slots[0], "modality", ENV, doc_text=doc) is None
    # the same sentence opening its paragraph stands on its own
    doc, s = _in_doc("Volunteers who join after May 3 skip the spring review.\n\n", text, slots)
    got = phrase(s, s.slots[0], "modality", ENV, doc_text=doc)
    assert got is not None and got.question == "Should the volunteer's mentor contact the review office for guidance?"


def test_previous_sentence():
    doc = "Intro line\nFirst one here. Second one there. Third."
    assert previous_sentence(doc, doc.index("Third")) == "Second one there."
    assert previous_sentence(doc, doc.index("First")) == ""


def test_an_answer_that_points_at_its_page_is_anaphoric():
    assert anaphoric("Where is the sample code hosted?", "code for this workshop")
    assert not anaphoric("Where is the sample code hosted?", "Codeberg")


@pytest.mark.parametrize("text, question", [
    ("All configuration of the kiosk fleet must be stored in version control.",
     "Does all configuration of the kiosk fleet have to be stored in version control?"),
    ("All kiosk systems requiring badges must use two factors.",
     "Do all kiosk systems requiring badges have to use two factors?"),
])
def test_all_with_a_singular_head_takes_does(text, question):
    got = _ask(text, [("modality", "modal", "must", "must")], "must", "modality")
    assert got is not None and got.question == question


def test_a_form_named_i_9_is_not_the_writer():
    from mutagen_cite.cases.questions import Phrasing, context_problem

    s = slotted_sentence("Staff complete the I-9 form within 3 days.", ("quantity", "duration", "3 days", "3 day"))
    assert context_problem(Phrasing(s.text, "Who completes the I-9 form within 3 days?", "Staff", None), s, None) is None


def test_a_subject_question_answered_by_one_common_noun_leans_on_the_page():
    from mutagen_cite.cases.questions import bare_noun_answer

    page = "Our customers file tickets in the portal.\n\nCustomers should not mark billing questions as Urgent."
    assert bare_noun_answer("Who should not mark billing questions as Urgent?", "Customers", page)
    assert bare_noun_answer("What is compared by value?", "the arguments", "Arguments are compared by value.")
    # a word the page capitalises after another word is a name, and a phrase says which ones
    assert not bare_noun_answer("What is billed per GB-month?", "Buckets", "Store your build files in Acme Buckets for later use.")
    assert not bare_noun_answer("Who should not mark billing questions as Urgent?", "Trial customers", page)
    assert not bare_noun_answer("What quiets background noise?", "Krisp", "Krisp quiets background noise.")
    assert not bare_noun_answer("Is it on?", "Customers", page)  # only a What/Who question asks for the subject


def test_two_values_of_one_dimension_side_by_side_are_a_half_edited_source():
    from mutagen_cite.cases.questions import juxtaposed_values

    assert juxtaposed_values("Who completes training within their first two weeks 30 days of hire?")
    assert not juxtaposed_values("Who completes training within 30 days of hire?")
    assert not juxtaposed_values("Which plan has 1 GB 2 vCPU?")  # two dimensions: a terse spec, not an edit
    assert not juxtaposed_values("Is it kept for 2 days or 5 days?")


def test_a_first_word_the_page_writes_as_a_name_keeps_its_capital():
    text = "Pinwheel is required for every room booking."
    slots = [("aggregation", "quantifier", "every", "every")]
    doc, s = _in_doc("To start, connect Pinwheel to your studio calendar and pick a room.\n\n", text, slots)
    got = phrase(s, s.slots[0], "aggregation", ENV, doc_text=doc)
    assert got is not None and got.question == "Is Pinwheel required for every room booking?", got
    doc, s = _in_doc("Room Bookings And Pinwheel Rules\n\n", text, slots)  # a title-case heading names nothing
    got = phrase(s, s.slots[0], "aggregation", ENV, doc_text=doc)
    assert got is not None and got.question == "Is pinwheel required for every room booking?", got
