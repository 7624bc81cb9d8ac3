""""most" as a superlative degree is its own class ("degree"), not "the majority of" (issue 12, AttributionBench errors): "most
commonly used" grades a word; "most users" and "the most seats" quantify. A claim that
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
    ("The Pro plan gives the most seats for the price.", ["most"]),  # an amount, not a degree
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
    ("Teams most commonly deploy the agent as a sidecar container.", "Teams all commonly deploy the agent as a sidecar container.", False),
])
def test_a_dropped_degree_word_is_no_dropped_quantifier(judge, premise, claim, supported):
    (verdict,) = judge.verdicts([(premise, claim)])
    assert verdict.supported is supported, verdict.reason
