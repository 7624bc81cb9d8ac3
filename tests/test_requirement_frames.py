"""Modal edits that a sentence's own wording undoes, and list items that are conditions.

- "must be an owner" / "must be unique": "can be" reads as possibility, not permission, so only
  "should" is offered; a passive ("must be deleted") keeps every target.
- a clause after the modal that states the necessity itself ("before you can", "to be eligible",
  "otherwise") leaves the requirement standing: no modality site.
- an item of a list whose lead-in makes its items conditions ("If any of the following apply:")
  states no fact, so it makes no case in any family.

Every example here is made up for the test."""

from __future__ import annotations

import pytest
from families_support import near_miss, slotted_sentence

from mutagen_cite.cases.fairness.rules import unfair_rule
from mutagen_cite.cases.families import grammar
from mutagen_cite.cases.families.modality import _edits


def _targets(text: str, modal: str = "must") -> list[str]:
    s = slotted_sentence(text, ("modality", "modal", modal))
    return [t for t, _ in _edits(text, s.slots[0])]


@pytest.mark.parametrize("word, expected", [
    ("deleted", True), ("written", True), ("set", True), ("run", True),
    ("an", False), ("unique", False), ("available", False), ("running", False), ("member", False),
])
def test_past_participles_are_told_from_predicates(word, expected):
    assert grammar.is_past_participle(word) is expected


def test_a_predicate_after_be_keeps_only_the_deontic_weakening():
    assert _targets("Reviewers must be members of the audit group.") == ["should"]
    assert _targets("Each label must be unique within a board.") == ["should"]
    # a passive, with or without an adverb, keeps permission as a weakening
    assert _targets("Stale drafts must be deleted after a week.") == ["should", "can"]
    assert _targets("Stale drafts must be automatically archived.") == ["should", "can"]


@pytest.mark.parametrize("sentence", [
    "You must verify the domain before you can send mail from it.",
    "Teams must log their hours weekly to be eligible for the bonus.",
    "Drivers must renew the permit each year, otherwise the badge stops working.",
])
def test_a_clause_that_states_the_necessity_again_leaves_no_site(sentence):
    assert _targets(sentence) == []


def test_a_plain_obligation_is_still_a_site():
    assert _targets("You must verify the domain in the console.") == ["should", "can"]


def test_an_item_of_a_conditional_list_is_no_statement():
    item = "Your workspace has been idle for 30 days."
    chunk = f"Workspaces pause automatically if any of the following criteria apply:\n\n- {item}\n- Billing lapsed."
    c = near_miss(chunk, item, "30 days", "45 days", ("quantity", "duration", "30 days"), family="quantity",
              answer="idle")
    assert unfair_rule(c)[0] == "conditional-item"
    # the same item under a lead-in that states facts is judged on its own merits
    plain = f"Workspace facts:\n\n- {item}\n- Billing lapsed."
    c = near_miss(plain, item, "30 days", "45 days", ("quantity", "duration", "30 days"), family="quantity",
              answer="idle")
    assert (unfair_rule(c) or ("",))[0] != "conditional-item"


def test_an_item_whose_marker_the_loader_dropped_is_still_a_conditional_item():
    item = "The workspace was on the retired Starter plan"
    chunk = (f"If any of the following criteria apply, a workspace may be paused:\n\n{item}\n"
             "The workspace has an overdue invoice\n\nOverdue invoices\n\nWe send reminders first.")
    c = near_miss(chunk, item, "Starter", "Team", ("scope", "tier", "Starter"), family="scope", answer="workspace")
    assert unfair_rule(c)[0] == "conditional-item"
    # a paragraph that ends its sentences is no item of the lead-in above it
    para = "Workspaces pause after 30 days of inactivity."
    chunk = f"Billing:\n\n{para} We send reminders first."
    c = near_miss(chunk, para, "30 days", "45 days", ("quantity", "duration", "30 days"), family="quantity", answer="x")
    assert (unfair_rule(c) or ("",))[0] != "conditional-item"


@pytest.mark.parametrize("sentence, word, site", [
    ("All contractors must sign the visitor agreement.", "All", False),
    ("Every course has to be retaken each year.", "Every", False),
    ("Each request is required to carry a token.", "Each", False),
    ("All contractors sign the visitor agreement on day one.", "All", True),
    ("Some contractors must sign the visitor agreement.", "Some", True),
])
def test_a_universal_inside_an_obligation_is_no_aggregation_site(sentence, word, site):
    from mutagen_cite.cases.families.aggregation import FAMILY
    from mutagen_cite.model import Sentence, Slot

    at = sentence.index(word)
    s = Sentence("d.md", 0, len(sentence), sentence,
                 (Slot("aggregation", "quantifier", at, at + len(word), word, word.lower()),))
    assert bool(FAMILY.sites(s)) is site
