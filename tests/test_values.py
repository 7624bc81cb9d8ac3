"""The value model: numbers, quantities, conversions, bounds, dates and the answer rule."""

from __future__ import annotations

import pytest

from mutagen_cite.values import (
    answer_matches, find_values, mentions_value, normalise_text, parse_number, same_value,
)


@pytest.mark.parametrize("text,number", [
    ("twenty-one", 21.0), ("twenty one", 21.0), ("1,000", 1000.0), ("a dozen", 12.0), ("2.5", 2.5),
    ("10k", 10000.0), ("1.5 million", 1.5e6), ("one hundred and five", 105.0), ("two and a half", 2.5),
    ("half", 0.5), ("21st", 21.0), ("twenty-first", 21.0), ("third", 3.0), ("ninety-nine", 99.0),
])
def test_parse_number(text, number):
    assert parse_number(text) == number


@pytest.mark.parametrize("text", ["one two", "", "plan", "twenty twenty", "a"])
def test_parse_number_refuses_what_is_not_one_number(text):
    assert parse_number(text) is None


def test_twenty_one_days_is_21_days_not_one_day():
    [v] = find_values("Logs are kept for twenty-one days.")
    assert v.text == "twenty-one days" and v.kind == "duration"
    assert v.low == v.high == 21 * 86400
    assert same_value("twenty-one days", "21 days")
    assert not same_value("twenty-one days", "1 day")


@pytest.mark.parametrize("a,b", [
    ("5 TiB", "5120 GiB"), ("two weeks", "14 days"), ("30 days", "thirty days"), ("$1,000", "1000 USD"),
    ("two decades", "20 years"), ("12 months", "1 year"), ("90 minutes", "1.5 hours"),
    ("up to 10 users", "as many as 10 users"), ("no more than 5 GB", "at most 5 GB"), ("20%", "20 percent"),
    ("$20 per month", "$20/month"), ("$240 yearly", "$240 per year"), ("14 March 2026", "March 14, 2026"),
    ("2026-03-14", "14th March 2026"), ("between 3 and 15 days", "3-15 days"), ("1 GB", "1024 MB"),
])
def test_same_value(a, b):
    assert same_value(a, b), (a, b)


@pytest.mark.parametrize("a,b", [
    ("up to 10", "at least 10"), ("$20 per month", "$20 per year"), ("30 days", "30 business days"),
    ("30 days", "1 month"), ("14 March 2026", "14 March 2025"), ("10 users", "10 projects"),
    ("5 GB", "5 TB"), ("more than 10", "less than 10"), ("$280", "$2800"), ("Pro plan", "Team plan"),
])
def test_not_same_value(a, b):
    assert not same_value(a, b), (a, b)


def test_find_values_reads_bounds_rates_and_currency():
    vs = find_values("Each account may hold as many as 10 seats per account and pay €1.5k per year, at least 99.9% uptime.")
    kinds = [(v.kind, v.comparator, v.rate) for v in vs]
    assert ("count", "<=", "account") in kinds
    money = next(v for v in vs if v.kind == "money")
    assert (money.currency, money.low, money.rate) == ("EUR", 1500.0, "year")
    pct = next(v for v in vs if v.kind == "percent")
    assert pct.comparator == ">=" and pct.low == 99.9 and pct.high == float("inf")


def test_find_values_offsets_are_exact():
    text = "Since 1 March 2024, backups older than 35 days are deleted."
    for v in find_values(text):
        assert text[v.start:v.end] == v.text
    assert [v.kind for v in find_values(text)] == ["date", "duration"]


@pytest.mark.parametrize("text,canonical", [
    ("Q3 2025", "date 2025-Q3"), ("March 2026", "date 2026-03"), ("2026-03-14", "date 2026-03-14"),
    ("14/03/2026", "date 2026-03-14"), ("in 2024", "date 2024"),
])
def test_dates(text, canonical):
    assert [v.canonical for v in find_values(text) if v.kind == "date"] == [canonical]


@pytest.mark.parametrize("expected,answer", [
    ("thirty days", "Refunds are accepted within 30 days."),
    ("1,000", "You can send 1000 requests."),
    ("MySQL 5.7", "It runs MySQL version 5.7."),
    ("$280", "The plan costs $280 per month."),
    ("14 March 2026", "It ends on March 14, 2026."),
    ("Node.js 22", "Functions run on Node.js 22."),
    ("Pro plan", "Only the pro plans include it."),
])
def test_answer_matches(expected, answer):
    assert answer_matches(expected, answer)


@pytest.mark.parametrize("expected,answer", [
    ("$280", "The plan costs $2800 per month."),
    ("14 March 2026", "It ends on 14 March 20260."),
    ("Node.js 22", "Functions run on Node.js 220."),
    ("Pro", "The Product tier."),
    ("up to 10 users", "at least 10 users"),
    ("2.5", "version 2.55"),
])
def test_answer_does_not_match_substrings_or_other_values(expected, answer):
    assert not answer_matches(expected, answer)


@pytest.mark.parametrize("answer,ok", [
    ("Yes, it does.", True), ("Correct: every workspace gets one.", True),
    ("All accounts must enable MFA.", True), ("No, it does not.", False),
    ("Accounts are not required to enable MFA.", False), ("Not on the Free plan.", False),
])
def test_yes_answers(answer, ok):
    assert answer_matches("yes", answer) is ok


def test_normalise_text_and_mentions():
    assert normalise_text("  It\u2019s  \u201cFREE\u201d \u2014 ok ") == "it's \"free\" - ok"
    assert mentions_value("The Pro plan", "pro")
    assert not mentions_value("The Product plan", "Pro")


def test_approximate_article_durations_and_unit_modifiers():
    """"roughly a month" is an approximate month (an -ly adverb of degree is not a frequency
    like "monthly a"); a modifier between number and unit ("24 credit hours", "3 consecutive
    days") keeps the unit."""
    from mutagen_cite.values import find_values

    [v] = find_values("fixed within roughly a month")
    assert v.kind == "duration" and v.comparator == "~" and v.number == 1
    [v] = find_values("up to 24 credit hours")
    assert v.kind == "duration" and v.high == 24 * 3600
    [v] = find_values("for 3 consecutive days")
    assert v.kind == "duration" and v.low == 3 * 86400
