"""A weakened universal restated by a short negative sentence after it, and a denial followed by
a remedy for it (round 29 rules: `presupposed._nothing_after`, `coherence.advice_after_denial`).
Made-up text only; each rule has a near neighbour it leaves alone."""

from __future__ import annotations

from families_support import ALL, NOT, broken_rule, near_miss


def test_a_universal_restated_by_nothing_after_it():
    sentence = "All bookings made during the trial are kept."
    c = near_miss(sentence + " Nothing is lost when you upgrade.", sentence, "All", "Most", ALL,
                  family="aggregation", answer="yes")
    assert broken_rule(c) == "nothing-after"
    c = near_miss(sentence + " Nothing about the bench layout changes when a member upgrades to the yearly plan.",
                  sentence, "All", "Most", ALL, family="aggregation", answer="yes")
    assert broken_rule(c) is None  # a longer sentence says something of its own


def test_a_denial_followed_by_a_remedy_for_it():
    sentence = "Studio plans are not self-serve like Bench or Loft."
    chunk = sentence + " Contact us with your needs and we will set up a studio plan for you."
    c = near_miss(chunk, sentence, "not", "", NOT, family="polarity", answer="Studio")
    assert broken_rule(c) == "instead-advice"
    chunk = sentence + " Studio plans include a private kiln and a storage shelf."
    c = near_miss(chunk, sentence, "not", "", NOT, family="polarity", answer="Studio")
    assert broken_rule(c) is None


def test_a_denial_after_a_workaround_for_it():
    sentence = "Space characters are not valid in shelf labels."
    chunk = "To show a space in a shelf label, use an underscore. " + sentence
    c = near_miss(chunk, sentence, "not", "", NOT, family="polarity", answer="Space characters")
    assert broken_rule(c) == "workaround-before"
    chunk = "To book a bench, use the member app. " + sentence  # a workaround for something else
    c = near_miss(chunk, sentence, "not", "", NOT, family="polarity", answer="Space characters")
    assert broken_rule(c) is None
