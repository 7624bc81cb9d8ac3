"""Slot tagging: every family's attributes found with exact offsets and normalised values."""

from __future__ import annotations

import pytest

from mutagen_cite.analysis.annotate import Annotator, learn_tiers, load_spacy
from mutagen_cite.errors import ModelNotFound


@pytest.fixture(scope="module")
def annotator():
    return Annotator(load_spacy(), tiers=["Starter", "Team", "Business"])


def _slots(annotator, text):
    slots = annotator.slots([text])[0]
    for s in slots:
        assert text[s.start : s.end] == s.text, "slot offsets must be exact"
    return {(s.family, s.kind, s.value) for s in slots}, slots


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Session logs in ap-southeast-2 are kept for 45 days.", {("scope", "region", "ap-southeast-2"), ("quantity", "duration", "45 day")}),
        ("Workloads in europe-west1 are billed hourly.", {("scope", "region", "europe-west1")}),
        ("The Team plan costs $49 per month.", {("scope", "tier", "team"), ("quantity", "money", "49 usd")}),
        ("Uptime of 99.95% is promised on Business.", {("quantity", "percent", "99.95 percent"), ("scope", "tier", "business")}),
        ("Each seat adds 25 GB of archive space.", {("quantity", "size", "25 gb"), ("aggregation", "quantifier", "each")}),
        ("The change takes effect on 3 February 2026.", {("date", "date", "2026-02-03")}),
        ("Version 2.4 shipped on June 9, 2025.", {("date", "date", "2025-06-09")}),
        ("Releases are tagged like v5.1.2 in the registry.", {("entity", "version", "5.1.2")}),
        ("The agent requires MySQL 8 or later.", {("entity", "version", "mysql 8")}),
        ("Exports are not available to guests.", {("polarity", "negation", "not")}),
        ("Admins must rotate keys every quarter.", {("modality", "modal", "must")}),
        ("Staff are required to file receipts.", {("modality", "modal", "required")}),
        ("Refunds take seven business days.", {("quantity", "duration", "7 business day")}),
        ("Most teams stay on the Starter plan.", {("aggregation", "quantifier", "most"), ("scope", "tier", "starter")}),
        ("Changes in staging environments are reset nightly.", {("scope", "environment", "staging")}),
    ],
)
def test_slots_found(annotator, text, expected):
    found, _ = _slots(annotator, text)
    assert expected <= found, f"missing {expected - found} in {found}"


def test_affirmative_site_only_without_negation(annotator):
    _, slots = _slots(annotator, "Guest links are included in the Team plan.")
    assert any(s.kind == "affirmative" and s.text == "are" for s in slots)
    _, slots = _slots(annotator, "Guest links are not included in the Team plan.")
    assert not any(s.kind == "affirmative" for s in slots)


def test_durations_are_not_dates(annotator):
    found, _ = _slots(annotator, "Backups are kept for 30 days.")
    assert ("quantity", "duration", "30 day") in found
    assert not any(f == "date" for f, _, _ in found)


def test_slots_do_not_overlap(annotator):
    _, slots = _slots(annotator, "From 1 May 2025, the Business plan includes 500 GB for $899 per month in us-east-1.")
    spans = sorted((s.start, s.end) for s in slots)
    assert all(a_end <= b_start for (_, a_end), (b_start, _) in zip(spans, spans[1:]))


def test_learn_tiers_from_context():
    texts = [
        "The Glacier plan includes backups. Upgrade to the Summit plan for more.",
        "Plan: Glacier; Price: $5.",
        "The Summit tier adds SSO. The This plan is not a thing.",
    ]
    assert learn_tiers(texts) == ("Glacier", "Summit")
    assert "Custom" in learn_tiers(texts, extra=["Custom"])


def test_missing_spacy_model_is_a_clear_error():
    with pytest.raises(ModelNotFound) as err:
        load_spacy("no_such_pipeline_xyz")
    assert "no_such_pipeline_xyz" in str(err.value)
    assert "hint" in str(err.value)


def test_compound_number_words_are_one_duration():
    """"twenty-one days" is 21 days, never "one days" (the value model reads the compound)."""
    from mutagen_cite.analysis.patterns import RulePatterns

    text = "Logs are kept for twenty-one days and backups for two weeks."
    durations = [s for s in RulePatterns().find(text) if s.kind == "duration"]
    assert [(s.text, s.value, s.number) for s in durations] == [
        ("twenty-one days", "21 day", 21.0), ("two weeks", "2 week", 2.0)]


def test_a_bound_keeps_the_money_amount():
    """The comparator is the judge's business: the slot keeps the amount ("less than $0.50")."""
    from mutagen_cite.analysis.patterns import RulePatterns

    [money] = [s for s in RulePatterns().find("Fees of less than $0.50 are waived.") if s.kind == "money"]
    assert (money.text, money.value, money.number) == ("$0.50", "0.5 usd", 0.5)
