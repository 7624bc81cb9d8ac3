"""Two rules of documentation English found in the Plausible hold-out's hand check (made-up
sentences here): "have to" states an obligation in a list's lead-in as "must" or "need" do,
so weakening an item under "Conditions that have to be met:" is no near miss; and "all the
way", "all at once", "all set", "all over" are idioms, not quantified claims, so "all" there
is no aggregation site ("some of the way" is no statement the writer could have made)."""

import random

import pytest

from families_support import near_miss

from mutagen_cite.cases.fairness.rules import unfair_rule
from mutagen_cite.cases.families.aggregation import FAMILY, _edit as aggregation_edit
from mutagen_cite.model import Sentence, Slot


def test_a_modal_weakened_under_a_lead_in_with_have_to_is_framed():
    chunk = ("Kiln bookings are confirmed when the conditions that have to be met are:\n\n"
             "- A member must book the kiln one day ahead.\n- A booking lasts four hours.")
    c = near_miss(chunk, "A member must book the kiln one day ahead.", "must", "may",
              ("modality", "modal", "must"), family="modality", answer="yes")
    rule = unfair_rule(c)
    assert rule and rule[0] == "framed", rule


@pytest.mark.parametrize("sentence", [
    "Scroll all the way down to see the kiln schedule.",
    "Drag the glaze slider all the way to the right.",
])
def test_all_in_an_idiom_is_not_weakened(sentence):
    at = sentence.index("all")
    slot = Slot("aggregation", "quantifier", at, at + 3, "all", "all")
    assert aggregation_edit(sentence, slot, "some") is None


def test_a_quantified_all_is_still_weakened():
    sentence = "All members can unload the kiln after firing."
    slot = Slot("aggregation", "quantifier", 0, 3, "All", "all")
    assert aggregation_edit(sentence, slot, "most") is not None


def test_a_name_seen_only_before_package_is_no_tier():
    from mutagen_cite.analysis.annotate import learn_tiers

    texts = [
        "Install the NPM package to add the tracker. The NPM package works with any bundler.",
        "Pick the Growth plan for teams. The Growth package adds seats. The Growth plan bills monthly.",
    ]
    tiers = learn_tiers(texts)
    assert "Growth" in tiers
    assert "NPM" not in tiers
