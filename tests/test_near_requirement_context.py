"""A weakened requirement its context still states (round 29 rules in
`fairness/presupposed.py`): a later requirement that adds to it ("must also"), a subject the
obligation names ("Required fields"), a requirement derived from a premise ("This means:").
Made-up text only; each rule has a near neighbour it leaves alone."""

from __future__ import annotations

from families_support import MUST, broken_rule, near_miss


def _weakened(chunk: str, sentence: str, to: str = "can"):
    return near_miss(chunk, sentence, "must", to, MUST, family="modality", answer="yes")


def test_a_requirement_that_adds_to_it_presupposes_it():
    first = "Every volunteer must finish the safety course within 14 days of joining."
    c = _weakened(first + " Drivers must also pass a road test each spring.", first)
    assert broken_rule(c) == "also-required"
    c = _weakened(first + " Drivers are also required to pass a road test.", first)
    assert broken_rule(c) == "also-required"
    c = _weakened(first + " Drivers pass a road test each spring.", first)
    assert broken_rule(c) is None  # no "also": a statement of its own


def test_a_subject_named_by_the_obligation_keeps_it():
    sentence = "Required fields must be filled in before the form is sent."
    assert broken_rule(_weakened("Form setup\n\n" + sentence, sentence, "should")) == "named-requirement"
    sentence = "If required, reviewers must sign the ledger before noon."
    assert broken_rule(_weakened("Ledger\n\n" + sentence, sentence, "should")) is None  # a condition, not a name
    sentence = "Optional fields must be filled in before the form is sent."
    assert broken_rule(_weakened("Form setup\n\n" + sentence, sentence, "should")) is None


def test_a_requirement_derived_from_a_premise_keeps_it():
    sentence = "Imports must be logged by hand."
    chunk = "Harbor keeps no record of past imports. This means:\n\n" + sentence
    assert broken_rule(_weakened(chunk, sentence)) == "derived-requirement"
    sentence = "As a result, imports must be logged by hand."
    chunk = "Harbor keeps no record of past imports. " + sentence
    assert broken_rule(_weakened(chunk, sentence)) == "derived-requirement"
    sentence = "Imports must be logged by hand."
    chunk = "Harbor keeps a record of past exports.\n\n" + sentence
    assert broken_rule(_weakened(chunk, sentence)) is None


def test_a_paragraph_right_under_a_framing_lead_in_is_framed():
    sentence = "Your ledger must be in shared mode."
    after = " In private mode the audit view is read-only."
    chunk = "Two limits apply in audit mode that do not apply in the other modes:\n\n" + sentence + after
    assert broken_rule(_weakened(chunk, sentence, "should")) == "framed"
    chunk = "Two modes are offered to a ledger that is opened for the first time:\n\n" + sentence + after
    assert broken_rule(_weakened(chunk, sentence, "should")) is None  # the lead-in states no strength


def test_an_item_under_a_sentence_that_leads_into_its_list_is_framed():
    items = "At least one ledger must be verified\nAt least one clerk must have signed in\n"
    sentence = "All owners must have two-step login enabled"
    lead = "Audit mode is switched on from the ledger settings.\n\n"
    chunk = lead + "There are conditions that have to be met before audit mode can be switched on.\n\n" + items + sentence
    assert broken_rule(_weakened(chunk, sentence, "should")) == "framed"
    chunk = lead + "Owners usually set these up on the first day.\n\n" + items + sentence
    assert broken_rule(_weakened(chunk, sentence, "should")) is None  # the lead-in states no strength
    chunk = lead + "There are conditions that have to be met before audit mode can be switched on.\n\n" + sentence
    assert broken_rule(_weakened(chunk, sentence, "should")) is None  # one bare line is no list


def test_a_requirement_that_is_the_condition_of_validity_keeps_it():
    # round 30 widens the "purpose-after" rule (fairness/elsewhere.py) to these forms
    for sentence in ("You must enter at least 3 glaze codes to define a valid firing plan.",
                     "Each kiln must have at least one shelf for the firing plan to be valid.",
                     "You must register one kiln before the scheduler can accept bookings."):
        assert broken_rule(_weakened("Firing plans\n\n" + sentence, sentence, "should")) == "purpose-after"
    # a purpose that is no condition of validity or of a capability: still a near miss
    sentence = "You must enter at least 3 glaze codes to print the firing plan."
    assert broken_rule(_weakened("Firing plans\n\n" + sentence, sentence, "should")) is None
    sentence = "You must register one kiln before the first booking is made."
    assert broken_rule(_weakened("Firing plans\n\n" + sentence, sentence, "should")) is None
