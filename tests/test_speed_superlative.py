""""most" as a superlative degree is its own class ("degree"), not "the majority of" (issue 12, AttributionBench errors): "the
most popular plan", "most commonly used" grade a word; "most users" quantifies. A claim that
restates the premise without the degree word is not a dropped quantifier. Made-up sentences."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def judge():
    from mutagen_cite.analysis.annotate import Annotator, load_spacy
    from mutagen_cite.judges.slots import SlotsJudge

    return SlotsJudge(Annotator(load_spacy()))


def _aggregation(judge, text):
    (verdict,) = judge.verdicts([(text, text)])
    return [m.cls for m in judge._analyses[text].markers if m.family == "aggregation"]


@pytest.mark.parametrize("text, quantifiers", [
    ("Teams most commonly deploy the agent as a sidecar.", ["degree"]),
    ("The agent is most often deployed as a sidecar.", ["degree", "most"]),  # "often" itself: most of the time
    ("The Pro plan is the most popular plan for small teams.", ["degree"]),
    ("Most teams deploy the agent as a sidecar.", ["most"]),
    ("Most family plans include two seats.", ["most"]),
    ("Most daily reports are archived after a week.", ["most"]),
])
def test_most_grades_or_quantifies(judge, text, quantifiers):
    assert _aggregation(judge, text) == quantifiers


@pytest.mark.parametrize("premise, claim, supported", [
    ("Teams most commonly deploy the agent as a sidecar container.", "Teams commonly deploy the agent as a sidecar container.", True),
    ("Most teams deploy the agent as a sidecar container.", "All teams deploy the agent as a sidecar container.", False),
    ("All teams deploy the agent as a sidecar container.", "Most teams deploy the agent as a sidecar container.", False),
    # a quantifier written where the premise has the degree word is still a swap
    ("The Pro plan is the most popular plan for small teams.", "The Pro plan is the all popular plan for small teams.", False),
    ("The Pro plan is the most popular plan for small teams.", "The Pro plan is most popular plan for small teams.", True),
])
def test_a_dropped_degree_word_is_no_dropped_quantifier(judge, premise, claim, supported):
    (verdict,) = judge.verdicts([(premise, claim)])
    assert verdict.supported is supported, verdict.reason
