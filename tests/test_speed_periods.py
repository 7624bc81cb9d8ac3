"""Rate periods as attributes of a value (issue 12): "per month" is not "per year", and a
named period of no fixed length ("per pay period", "per billing cycle") is a period of its
own, never a month or a year. Made-up sentences only."""

from __future__ import annotations

import pytest

from mutagen_cite.values import find_values


@pytest.mark.parametrize("text, rate", [
    ("up to 10 projects per month", "month"),
    ("up to 10 projects per year", "year"),
    ("40 hours per pay period", "pay period"),
    ("40 hours each pay period", "pay period"),
    ("4 hours per pay cycle", "pay period"),
    ("$15 per billing cycle", "billing period"),
    ("$15 every billing period", "billing period"),
])
def test_the_period_is_part_of_the_value(text, rate):
    (value,) = find_values(text)
    assert value.rate == rate
    assert value.text == text  # the period belongs to the value's span


@pytest.fixture(scope="module")
def judge():
    from mutagen_cite.analysis.annotate import Annotator, load_spacy
    from mutagen_cite.judges.slots import SlotsJudge

    return SlotsJudge(Annotator(load_spacy()))


@pytest.mark.parametrize("premise, claim, supported", [
    ("Each user can create up to 10 projects per month.", "Each user can create up to 10 projects per year.", False),
    ("Each user can create up to 10 projects per month.", "Each user can create up to ten projects a month.", True),
    ("Employees may carry over 40 hours per pay period.", "Employees may carry over 40 hours per fiscal year.", False),
    ("Employees may carry over 40 hours per pay period.", "Employees may carry over 40 hours per month.", False),
    ("Employees may carry over 40 hours per pay period.", "Employees may carry over 40 hours each pay period.", True),
    ("The add-on costs $15 per billing cycle.", "The add-on costs $15 per year.", False),
    ("The add-on costs $15 per billing cycle.", "The add-on costs $15 every billing period.", True),
])
def test_a_claim_in_another_period_is_not_supported(judge, premise, claim, supported):
    (verdict,) = judge.verdicts([(premise, claim)])
    assert verdict.supported is supported, verdict.reason
