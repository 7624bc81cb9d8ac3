"""Rules read off the public labelled sets' regressions (issue 12, third round): an
adjective a claim adds to a noun both texts restrict the same way describes it, a hyphen
the tokeniser split off is no modifier, and a claim that speaks as its writer ("I believe
...") is no statement of the source. Every sentence is written for the test."""

from __future__ import annotations

import pytest

from mutagen_cite.judges.slots import SlotsJudge


@pytest.fixture(scope="module")
def judge():
    from mutagen_cite.analysis.annotate import Annotator, load_spacy

    return SlotsJudge(Annotator(load_spacy()))


def problems(judge, premise, claim):
    return judge.findings([(premise, claim)])[0].problems


@pytest.mark.parametrize("premise, claim", [
    # same compound ('node') on both sides: the claim's adjective describes the labels
    ("The model learns node labels on the graph topology from a few labelled examples.",
     "The model learns unknown node labels from a few labelled examples."),
    ("The study trains recently successful neural network models for translation.",
     "The study trains recently effective neural network models for translation."),
    ("The study trains recently successful neural network models for translation.",
     "The study trains recent high-performing neural network models for translation."),  # a hyphenated participle
    # a hyphenated word the tokeniser split before the hyphen
    ("The channel later moved into reality shows and pseudo-scientific entertainment.",
     "The channel later moved into reality shows and pseudo -scientific entertainment ."),
])
def test_described_noun_is_no_scope_conflict(judge, premise, claim):
    assert not [p for p in problems(judge, premise, claim) if p.startswith("scope")]


def test_a_noun_the_claim_adds_still_conflicts(judge):
    # both restrict 'leave' by 'bereavement', yet the claim adds another occasion (a noun)
    found = problems(judge, "Staff may take three days of family bereavement leave for the loss of a parent.",
                     "Bereavement leave for the death of a spouse is three days.")
    assert any(p.startswith("scope") for p in found), found


def test_a_claim_speaking_as_its_writer_is_not_the_source(judge):
    premise = "The nightly backup copies every database to a second region."
    v = judge.verdicts([(premise, "I believe the nightly backup copies every database to a second region.")])[0]
    assert not v.supported and "writer" in v.reason
    assert judge.verdicts([(premise, "The nightly backup copies every database to a second region.")])[0].supported


def test_a_premise_that_speaks_as_i_may_be_restated_so(judge):
    premise = "I review every access request within two days."
    assert judge.verdicts([(premise, "I review each access request within two days.")])[0].supported


def test_an_i_in_a_title_is_no_writer(judge):
    premise = "Ann Lee recorded a song about wanting to be there."  # no 'I' of its own
    found = problems(judge, premise, "Ann Lee sang 'I Want to Be There'.")
    assert not [p for p in found if "writer" in p], found
    found = problems(judge, premise, 'Ann Lee sang the line "so I want to be there" in 1990.')
    assert not [p for p in found if "writer" in p], found
    found = problems(judge, premise, "Ann Lee sang I Want to Be There in 1990.")  # a title without quotes
    assert not [p for p in found if "writer" in p], found


def test_analyses_kept_across_calls_give_the_same_verdicts():
    from mutagen_cite.analysis.annotate import Annotator, load_spacy

    annotator = Annotator(load_spacy())
    pairs = [("Backups are kept for 30 days on the Pro plan.", "The Pro plan keeps backups for a month."),
             ("Backups are kept for 7 days on the Free plan.", "The Pro plan keeps backups for a month."),
             ("Backups are kept for 7 days on the Free plan.", "Free plan backups last one week.")]
    fresh = [SlotsJudge(annotator).verdicts([pair])[0] for pair in pairs]
    kept = SlotsJudge(annotator)
    assert kept.verdicts(pairs[:1]) + kept.verdicts(pairs[1:]) == fresh
    assert [v.supported for v in fresh] == [True, False, True]


@pytest.mark.parametrize("premise, claim, word", [
    ("A man in bright gold paint stands near the door.", "A man in dark gold paint stands near the door.", "dark"),
    ("A yellow van is parked behind a white van.", "A green van is parked behind a white van.", "green"),
])
def test_an_adjective_in_place_of_another_still_conflicts(judge, premise, claim, word):
    found = problems(judge, premise, claim)
    assert any(p.startswith("scope") and word in p for p in found), found


def test_a_noun_before_the_noun_stands_in_place_of_the_adjective(judge):
    found = problems(judge, "A couple is standing near a tree stump with a stone wall in the background.",
                     "A couple is standing near a tree stump with a plastic wall in the background.")
    assert any(p.startswith("scope") and "plastic" in p for p in found), found
