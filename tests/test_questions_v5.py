"""Question version v5 (the default): subject questions for names, people and teams.

Made-up sentences only. In the contradicting families the changed value must be the
question's condition and the answer another span of the true sentence; v4 had no shape when
that other span was the sentence's subject with a main verb or a passive's agent, so date,
entity, scope and polarity sites holding a name got no question. v5 asks for the subject
("Which team reviews ...?", "Who approved ...?", "Which version of Quill supports ...?"), and
every such question still passes :func:`question_problem` and names its condition. v4 keeps
its wording."""

from __future__ import annotations

import pytest

from families_support import site_of, slotted_sentence
from mutagen_cite.cases.build import ill_formed_question
from mutagen_cite.cases.families.grammar import first_person_question
from mutagen_cite.cases.questions import DEFAULT_VERSION, VERSIONS, names_condition, phrase, question_problem, template_env

ENV = template_env()


def test_default_version_is_v6_and_older_versions_stay():
    assert DEFAULT_VERSION == "v11"  # v6 (round 18) refines v5, v7 (round 23) v6, v8 (round 27) v7, v9 (round 30) v8, v10 (round 31) v9, v11 (round 32) v10; older versions keep their wording
    assert VERSIONS[:5] == ("v1", "v2", "v3", "v4", "v5")


CASES = [
    # a passive's agent asked in the active, the condition (a quarter) in the predicate
    ("Badge requests are reviewed by the facilities team every quarter.",
     [("date", "quarter", "every quarter", "quarter"), ("entity", "org", "facilities team", "facilities team")],
     "every quarter", "date", "Which team reviews badge requests every quarter?", "facilities team"),
    # a person agent in the past tense, the condition (a version) in the subject
    ("The 7.2.0 release was approved by Tomasz Kelleher.",
     [("entity", "version", "7.2.0", "7.2.0"), ("entity", "person", "Tomasz Kelleher", "tomasz kelleher")],
     "7.2.0", "entity", "Who approved the 7.2.0 release?", "Tomasz Kelleher"),
    # a version as the subject of a main verb
    ("Quill 4.1 supports Kestrel 9.",
     [("entity", "version", "Quill 4.1", "4.1"), ("entity", "version", "Kestrel 9", "9")],
     "Kestrel 9", "entity", "Which version of Quill supports Kestrel 9?", "Quill 4.1"),
    # a date condition, the subject a version
    ("Version 6.0.3 receives patches until 12 March 2031.",
     [("entity", "version", "Version 6.0.3", "6.0.3"), ("date", "date", "12 March 2031", "2031-03-12")],
     "12 March 2031", "date", "Which version receives patches until 12 March 2031?", "6.0.3"),
    # people as the subject, a negation as the condition
    ("Volunteers must not share guest phone numbers with sponsors.",
     [("polarity", "negation", "not", "not")],
     "not", "polarity", "Who must not share guest phone numbers with sponsors?", "Volunteers"),
    # a company as the subject, a region as the condition (the code "us-west-4" is not the writer "us")
    ("Harbourline hosts archived invoices in us-west-4.",
     [("entity", "org", "Harbourline", "harbourline"), ("scope", "region", "us-west-4", "us-west-4")],
     "us-west-4", "scope", "Who hosts archived invoices in us-west-4?", "Harbourline"),
    # a name the predicate calls a thing is asked "What", one it calls a company "Who"
    ("Harbourline is a lightweight search server written in Rust 1.80.",
     [("entity", "org", "Harbourline", "harbourline"), ("entity", "version", "Rust 1.80", "1.80")],
     "Rust 1.80", "entity", "What is a lightweight search server written in Rust 1.80?", "Harbourline"),
    ("Harbourline is a payments company based in eu-west-2.",
     [("entity", "org", "Harbourline", "harbourline"), ("scope", "region", "eu-west-2", "eu-west-2")],
     "eu-west-2", "scope", "Who is a payments company based in eu-west-2?", "Harbourline"),
]


@pytest.mark.parametrize("text, slots, site, family, question, answer", CASES)
def test_subject_questions(text, slots, site, family, question, answer):
    s = slotted_sentence(text, *slots)
    got = phrase(s, site_of(s, site), family, ENV, version="v5")  # v6 refuses "What is a <noun> ...?"
    assert got is not None
    assert (got.question, got.answer) == (question, answer)
    assert question_problem(got.question) is None
    assert names_condition(got.question, site_of(s, site), family)


@pytest.mark.parametrize("text, slots, site, family, question, answer", CASES[:4])
def test_v4_keeps_its_questions(text, slots, site, family, question, answer):
    s = slotted_sentence(text, *slots)
    got = phrase(s, site_of(s, site), family, ENV, version="v4")
    assert got is None or got.question != question


@pytest.mark.parametrize("text, slots, site, family, wrong", [
    # a name modifying a plural noun is no subject: "Gizmo" + "keys" is not "Gizmo keys(verb)"
    ("Gizmo keys are renewed every 45 days.", [("entity", "product", "Gizmo", "gizmo"),
                                                  ("quantity", "duration", "45 days", "45")], "45 days", "quantity",
     "What keys"),
    ("Harbour trains run from the pier to the market every 20 minutes.",
     [("entity", "product", "Harbour", "harbour"), ("quantity", "duration", "20 minutes", "20 minute")], "20 minutes",
     "quantity", "Wh"),
    ("The people team will close open invoices within 9 days.", [("quantity", "duration", "9 days", "9 day")],
     "9 days", "quantity", "Who teams"),
    ("Someone reviews the guest list within 4 days.", [("quantity", "duration", "4 days", "4 day")], "4 days",
     "quantity", "Who"),
    # a one-word "person" from the tagger is no person to ask "Who" for
    ("Ferries should be used instead of buses for trips over 3 hours.",
     [("entity", "person", "Ferries", "ferries"), ("quantity", "duration", "3 hours", "3")], "3 hours", "quantity",
     "Who"),
    # a second predicate after the agent
    ("Pilot licences are issued by the aviation team and usually run 14 months.",
     [("quantity", "duration", "14 months", "14")], "14 months", "quantity", "Which team"),
    # a pointer to other pages is no fact to ask about
    ("Contractors can refer to the Wharf Manual for more information.", [("entity", "product", "Wharf Manual",
                                                                         "wharf manual")], "Wharf Manual", "entity", "Who"),
    # an adverb of the verb is no part of the subject asked for
    ("Pelican no longer has a support desk for the Oslo office.", [("scope", "geo", "Oslo", "oslo")], "Oslo", "scope",
     "What has"),
])
def test_no_subject_question_where_it_would_mislead(text, slots, site, family, wrong):
    s = slotted_sentence(text, *slots)
    got = phrase(s, site_of(s, site), family, ENV)
    assert got is None or not got.question.startswith(wrong)


def test_region_codes_stay_in_the_first_person_swap():
    assert first_person_question("Is my data kept in us-east-1 by us?", keep_codes=True) == \
        "Is my data kept in us-east-1 by you?"
    assert first_person_question("Is my data kept in us-east-1?") == "Is my data kept in you-east-1?"  # v4, unchanged


def test_subject_questions_parse_as_questions():
    from mutagen_cite.analysis.annotate import load_spacy

    nlp = load_spacy()
    for text, slots, site, family, question, _ in CASES:
        assert ill_formed_question(nlp(question)) is None, question


def test_a_leading_phrase_of_time_moves_to_the_end():
    from dataclasses import replace

    s = slotted_sentence("Until 3 June 2029, invoices at Ferncliff were archived for 45 days.",
                         ("date", "date", "3 June 2029", "2029-06-03"), ("quantity", "duration", "45 days", "45 day"))
    days = replace(site_of(s, "45 days"), unit="day")
    s = replace(s, slots=(site_of(s, "3 June 2029"), days))
    got = phrase(s, site_of(s, "3 June 2029"), "date", ENV)
    assert got is not None
    assert got.question == "For how many days were invoices at Ferncliff archived until 3 June 2029?"
    assert got.answer == "45 days" and got.answer_slot is days  # the sentence's own slot, not a moved copy
    assert got.claim == "Until 3 June 2029, invoices at Ferncliff were archived for 45 days."
    assert phrase(s, site_of(s, "3 June 2029"), "date", ENV, version="v4") is None


def test_a_leading_phrase_then_a_subject_question():
    s = slotted_sentence("Since March 2030, the billing team approves refunds over $80.",
                         ("date", "month", "March 2030", "2030-03"))
    got = phrase(s, site_of(s, "March 2030"), "date", ENV)
    assert got is not None and (got.question, got.answer) == (
        "Which team approves refunds over $80 since March 2030?", "billing team")


def test_a_named_agent_is_asked_who_and_a_bare_value_predicate_is_not_asked():
    s = slotted_sentence("The 2.8 rollout was coordinated by Ines Varga.", ("entity", "version", "2.8", "2.8"),
                         ("entity", "product", "Ines Varga", "ines varga"))
    got = phrase(s, site_of(s, "2.8"), "entity", ENV)
    assert got is not None and (got.question, got.answer) == ("Who coordinated the 2.8 rollout?", "Ines Varga")
    s = slotted_sentence("During onboarding, the trial period is 3 weeks for every intern.",
                         ("quantity", "duration", "3 weeks", "3 week"))
    got = phrase(s, site_of(s, "3 weeks"), "quantity", ENV)
    assert got is None or not got.question.startswith("What is 3 weeks")


def test_an_answer_from_a_moved_clause_is_spelled_as_in_the_sentence():
    s = slotted_sentence("After 3 weeks, archiving of the guest list is automatic on every plan.",
                         ("date", "duration", "3 weeks", "3 week"))
    got = phrase(s, site_of(s, "3 weeks"), "date", ENV)
    assert got is None or got.answer in s.text


# ----------------------------------------------------------------- do-support for an in-place wh-phrase


@pytest.mark.parametrize("text, slots, site, family, question", [
    ("The Kiln plan includes 12 firing slots.",
     [("scope", "tier", "Kiln plan", "kiln"), ("quantity", "count", "12 firing slots", "12")],
     "Kiln plan", "scope", "does the Kiln plan include?"),
])
def test_an_in_place_wh_phrase_after_a_main_verb_is_fronted_with_do(text, slots, site, family, question):
    s = slotted_sentence(text, *slots)
    got = phrase(s, site_of(s, site), family, ENV)
    assert got is not None and got.question.startswith("How many ") and got.question.endswith(question), got
    assert question_problem(got.question) is None


@pytest.mark.parametrize("in_situ, wh, fronted", [
    ("the Team plan includes how many seats", "how many seats", "How many seats does the Team plan include"),
    ("the Glaze plan includes how many GB of storage per month", "how many GB",
     "How many GB of storage does the Glaze plan include per month"),
    ("the steward reviewed how many bookings last week", "how many bookings",
     "How many bookings did the steward review last week"),
    ("the Pro plan has how many seats", "how many seats", "How many seats does the Pro plan have"),
    ("the desk answers within how many hours", "how many hours", "Within how many hours does the desk answer"),
    ("backups are kept for how many days", "how many days", None),  # the clause has its auxiliary
    ("the Kiln plan costs how much per month and includes 6 hours of glazing", "how much", None),
    ("the kiln rate limit on which plan is 300 firings", "which plan", None),  # the wh-phrase is in the subject
    ("version 3.2.0 receives glaze fixes until what date", "what date", None),  # "fixes" is no verb here
    ("kiln slots cannot be added to which plan", "which plan", None),  # a modal and a passive: no "did"
    ("kiln slots can't be booked on which day", "which day", None),
])
def test_do_fronted(in_situ, wh, fronted):
    from mutagen_cite.cases.questions import do_fronted

    assert do_fronted(in_situ, wh) == fronted


@pytest.mark.parametrize("subject, opener", [
    ("Assuming you", True), ("Using the kiln log", True), ("Confirm the booking", True),
    ("Glaze previews", False), ("Updated firing schedules", False), ("The facilities team", False),
])
def test_a_clause_opener_is_no_subject(subject, opener):
    from mutagen_cite.cases.questions import verb_opener

    assert verb_opener(subject) is opener


def test_no_subject_question_from_an_imperative():
    s = slotted_sentence("Confirm the booking is not older than 3 days.", ("polarity", "negation", "not", "not"))
    got = phrase(s, site_of(s, "not"), "polarity", ENV)
    assert got is None or not got.question.startswith(("What", "Who")), got
