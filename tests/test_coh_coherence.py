"""A polarity flip the rest of its chunk contradicts is no plausible near miss (CASE-QUALITY
question e): another sentence, heading or step still says or presupposes the original, a
workaround follows the denial, or a condition that switches something off frames it.

Every example here is made up for the test."""

from __future__ import annotations

from test_distractor_rules import _edit

from mutagen_cite.cases.candidates import unfair_rule

NOT = ("polarity", "negation", "not")
IS = ("polarity", "affirmative", "is")
CAN = ("polarity", "affirmative", "can")


def _rule(c) -> str | None:
    why = unfair_rule(c)
    return why[0] if why else None


def _unnegate(chunk: str, sentence: str, *slots):
    return _edit(chunk, sentence, "not", "", NOT, *slots, family="polarity", answer="yes")


def _negate(chunk: str, sentence: str, *slots, aux=IS):
    return _edit(chunk, sentence, aux[2], aux[2] + " not" if aux[2] != "can" else "cannot", aux, *slots,
                 family="polarity", answer="yes")


# ----------------------------------------------------------------- the same proposition elsewhere


def test_a_negated_capability_whose_steps_still_perform_it_is_rejected():
    sentence = "Project owners can enable review sandboxes for every branch."
    chunk = f"Overview\n\n{sentence} Idle ones cost nothing.\n\n## Enable review sandboxes\n\n1. Open the project settings."
    assert _rule(_negate(chunk, sentence, aux=CAN)) == "said-elsewhere"
    # a chunk that only goes on about something else is a near miss
    fine = f"Overview\n\n{sentence} Idle ones cost nothing.\n\n## Billing\n\n1. Open the invoices page."
    assert _rule(_negate(fine, sentence, aux=CAN)) is None


def test_a_negated_plan_feature_that_another_sentence_turns_on_under_that_plan_is_rejected():
    sentence = "Idle lock is available on the Summit plan."
    chunk = f"## Idle lock\n\n{sentence} As a Summit admin, you can pick the timeout for your members."
    c = _negate(chunk, sentence, ("scope", "tier", "Summit"))
    assert _rule(c) == "said-elsewhere"
    # about another plan it is a sibling, not the same proposition
    other = f"## Idle lock\n\n{sentence} As a Basecamp admin, you can pick the timeout for your members."
    assert _rule(_negate(other, sentence, ("scope", "tier", "Summit"))) is None


def test_a_denial_stated_twice_in_other_words_keeps_the_removed_negation_standing():
    sentence = "Archived boards are not searchable from the sidebar."
    chunk = f"{sentence} Lorem. The sidebar search never returns archived boards, which are not searchable by design."
    assert _rule(_unnegate(chunk, sentence)) in ("said-elsewhere", "restated")
    # an affirmative sentence about the same words does not restate a denial
    fine = f"{sentence} Pinned boards stay in the sidebar. Open boards are searchable everywhere."
    assert _rule(_unnegate(fine, sentence)) is None


# ----------------------------------------------------------------- workarounds and conditions


def test_a_negation_removed_before_its_workaround_is_rejected():
    sentence = "Macros are not supported in the browser editor."
    chunk = f"{sentence} To use macros, edit the files locally with the desktop app."
    assert _rule(_unnegate(chunk, sentence)) == "said-elsewhere"
    instead = f"{sentence} Instead, run macros from the desktop app."
    assert _rule(_unnegate(instead, sentence)) == "said-elsewhere"
    # a next sentence about something else is no workaround
    fine = f"{sentence} To change the theme, open Preferences."
    assert _rule(_unnegate(fine, sentence)) is None


def test_a_negation_removed_under_a_switch_off_condition_is_rejected():
    sentence = "the assistant endpoints are not mounted."
    chunk = f"## When ASSIST_ENABLED is set to false\n\nThe panel is hidden, and {sentence}"
    assert _rule(_unnegate(chunk, sentence)) == "said-elsewhere"
    own = "When the flag is off, the assistant endpoints are not mounted."
    assert _rule(_unnegate(f"Intro.\n\n{own}", own)) == "said-elsewhere"
    fine = "## Assistant\n\nThe panel is hidden, and " + sentence
    assert _rule(_unnegate(fine, sentence)) is None
