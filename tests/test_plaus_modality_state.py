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
