"""The slots judge ignores wording and sees attributes (issue 12): synonyms of modality,
negation and quantifiers, opposite verbs, unit conversion, name variants, first person."""

from __future__ import annotations

import pytest

from mutagen_cite.judges.slots import SlotsJudge


@pytest.fixture(scope="module")
def judge():
    from mutagen_cite.analysis.annotate import Annotator, load_spacy

    return SlotsJudge(Annotator(load_spacy()), product_names=("Acme",))


SUPPORTED = [
    ("Admins must enable two-factor authentication.", "Admins are required to enable two-factor authentication."),
    ("Admins must enable two-factor authentication.", "Enabling two-factor authentication is mandatory for admins."),
    ("A billing address is not required for personal accounts.", "For personal accounts a billing address is optional."),
    ("Guests cannot create projects.", "Guests can't create projects."),
    ("Guests cannot create projects.", "Guests are not able to create projects."),
    ("Acme waives the setup fee for nonprofits.", "Acme does not charge nonprofits the setup fee."),
    ("Most workspaces use the default region.", "The majority of workspaces use the default region."),
    ("Every workspace gets its own audit log.", "Each workspace gets its own audit log."),
    ("Backups are kept for 14 days.", "Backups are kept for two weeks."),
    ("Backups are kept for twenty-one days.", "Backups are kept for 21 days."),
    ("Each volume holds up to 5 TiB.", "Each volume holds as many as 5120 GiB."),
    ("You can invite up to 10 guests.", "You can invite no more than ten guests."),
    ("The Team plan costs $20 per month.", "The Team plan costs twenty US dollars a month."),
    ("Clusters run PostgreSQL version 15.", "Clusters run PostgreSQL 15."),
    ("We keep invoices for seven years.", "Acme keeps invoices for seven years."),
]
NEAR_MISSES = [
    ("Admins must enable two-factor authentication.", "Admins may enable two-factor authentication."),
    ("Admins must enable two-factor authentication.", "Enabling two-factor authentication is optional for admins."),
    ("A billing address is not required for personal accounts.", "A billing address is required for personal accounts."),
    ("Guests cannot create projects.", "Guests can create projects."),
    ("Acme waives the setup fee for nonprofits.", "Acme charges nonprofits the setup fee."),
    ("Most workspaces use the default region.", "Every workspace uses the default region."),
    ("Backups are kept for 14 days.", "Backups are kept for three weeks."),
    ("Backups are kept for twenty-one days.", "Backups are kept for 1 day."),
    ("You can invite up to 10 guests.", "You can invite at least 10 guests."),
    ("The Team plan costs $20 per month.", "The Team plan costs $20 per year."),
    ("The Team plan costs $20 per account.", "The Team plan costs $20 per user."),
    ("Fees of less than $0.50 are waived.", "Fees of less than $5 are waived."),
]


@pytest.mark.parametrize("premise,claim", SUPPORTED)
def test_paraphrases_are_supported(judge, premise, claim):
    [v] = judge.verdicts([(premise, claim)])
    assert v.supported, v.reason
    assert v.reason and "\n" not in v.reason


@pytest.mark.parametrize("premise,claim", NEAR_MISSES)
def test_near_misses_are_flagged(judge, premise, claim):
    [v] = judge.verdicts([(premise, claim)])
    assert not v.supported, v.reason
    assert v.reason and "\n" not in v.reason
