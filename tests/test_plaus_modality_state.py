"""A requirement that states a state or a condition weakens to "should", never to "can" (issue
11): "The token can belong to the workspace" or "You can be signed in" is an empty statement,
not a weaker rule. Made-up sentences only."""

from __future__ import annotations

import random

import pytest
from families_support import slotted_sentence

from mutagen_cite.cases.families import ValueSource
from mutagen_cite.cases.families.modality import FAMILY as MODALITY


def _replacements(text: str, surface: str) -> set[str]:
    s = slotted_sentence(text, ("modality", "modal", surface, surface.lower().split()[0]
                                if " " not in surface else surface.lower().split()[0]))
    out = set()
    for seed in range(12):
        m = MODALITY.mutate(s, s.slots[0], ValueSource.empty(), random.Random(seed))
        if m is not None:
            out.add(m.replacement)
    return out


@pytest.mark.parametrize("text", [
    "The signing token must belong to the staging workspace.",
    "You must be signed in as an owner of the board.",
    "Every record in a ledger must have a unique reference.",
    "Bucket names must start with a lowercase letter.",
    "The callback URL must only match the registered domain.",
])
def test_a_state_or_condition_weakens_to_should_only(text):
    assert _replacements(text, "must") == {"should"}


@pytest.mark.parametrize("text", [
    "Reviewers must sign the release checklist.",
    "You must rotate the signing token every quarter.",
    "Archived boards must be deleted by an owner.",
])
def test_an_action_may_still_become_a_permission(text):
    assert _replacements(text, "must") == {"should", "can"}


def test_a_phrasal_requirement_on_a_state_becomes_should():
    s = slotted_sentence("The export file needs to match the import schema.", ("modality", "modal", "needs to", "need"))
    m = MODALITY.mutate(s, s.slots[0], ValueSource.empty(), random.Random(0))
    assert m is not None and m.mutated_text == "The export file should match the import schema."
    s = slotted_sentence("Each editor needs to approve the draft.", ("modality", "modal", "needs to", "need"))
    m = MODALITY.mutate(s, s.slots[0], ValueSource.empty(), random.Random(0))
    assert m is not None and m.mutated_text == "Each editor can approve the draft."


def _series_values(*members):
    from mutagen_cite.analysis.mine import MineResult
    from mutagen_cite.model import Enumeration, EnumerationMember, Vocabulary

    ms = tuple(EnumerationMember(doc, start, start + len(text), text, v, v) for doc, start, text, v in members)
    enum = Enumeration("{severity} defects must be fixed within {duration}.", "quantity", "duration", ms)
    membership = {f"{m.doc_id}#{m.start}-{m.end}": [0] for m in ms}
    return ValueSource(Vocabulary({}), MineResult((enum,), Vocabulary({}), membership))


def test_one_rule_of_a_parallel_series_is_not_weakened_alone():
    first = "Blocking defects must be fixed within 2 days."
    other = "Minor defects must be fixed within 30 days."
    s = slotted_sentence(first, ("modality", "modal", "must", "must"))  # doc.md at 0
    series = _series_values(("doc.md", 0, first, "2 days"), ("doc.md", 100, other, "30 days"))
    assert MODALITY.mutate(s, s.slots[0], series, random.Random(0)) is None
    # the same sentence with its sibling in another document, or a sibling without the modal
    apart = _series_values(("doc.md", 0, first, "2 days"), ("other.md", 0, other, "30 days"))
    assert MODALITY.mutate(s, s.slots[0], apart, random.Random(0)) is not None
    loose = _series_values(("doc.md", 0, first, "2 days"),
                           ("doc.md", 100, "Minor defects are fixed within 30 days.", "30 days"))
    assert MODALITY.mutate(s, s.slots[0], loose, random.Random(0)) is not None


def test_people_undergoing_an_action_may_still_get_can():
    assert _replacements("Executive staff must be notified of every outage.", "must") == {"should", "can"}


@pytest.mark.parametrize("text", [
    "Members must claim the travel credit within a year of the trip.",
    "Reviewers must sign the checklist before the release is tagged.",
    "Owners must renew the certificate at least once a quarter.",
])
def test_a_bounded_obligation_weakens_to_should_only(text):
    """"You can claim it within a year" still allows no later claim: the bound stays the rule."""
    assert _replacements(text, "must") == {"should"}


def test_a_bounded_recommendation_and_a_bounded_phrasal_requirement():
    # a recommendation has no "should" to fall to: "can" stays its one weakening
    assert _replacements("Certificates should be issued within an hour of the request.", "should") == {"can"}
    s = slotted_sentence("Each editor needs to approve the draft within two days.", ("modality", "modal", "needs to", "need"))
    m = MODALITY.mutate(s, s.slots[0], ValueSource.empty(), random.Random(0))
    assert m is not None and m.mutated_text == "Each editor should approve the draft within two days."
