"""Value-model forms read from the hand-labelled paraphrase errors (issue 12): times of day,
money in cents and words, "a couple of", a unit with an article, "first" as an adverb, and
"maximum <noun> of" as a bound."""

import pytest

from mutagen_cite.values import adverb_first, find_values, same_value


def one(text):
    vals = find_values(text)
    assert len(vals) == 1, [v.canonical for v in vals]
    return vals[0]


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("by 9AM PST", "time 09:00 pacific"),
        ("by 9 a.m. Pacific", "time 09:00 pacific"),
        ("at 09:00 UTC", "time 09:00 utc"),
        ("at 5:30 pm", "time 17:30"),
        ("at 17:30", "time 17:30"),
        ("12 p.m. sharp", "time 12:00"),
        ("12 a.m. sharp", "time 00:00"),
        ("at noon", "time 12:00"),
    ],
)
def test_times_of_day(text, canonical):
    assert one(text).canonical == canonical


def test_times_of_day_compare_across_forms():
    a, b, c = one("9 a.m."), one("09:00"), one("9 p.m.")
    assert (a.low, a.unit) == (b.low, b.unit)
    assert a.low != c.low


@pytest.mark.parametrize(
    "text, amount",
    [("fifty cents", 0.5), ("50 cents", 0.5), ("75¢", 0.75), ("one cent", 0.01), ("$0.50", 0.5)],
)
def test_cents_are_hundredths_of_a_dollar(text, amount):
    v = one(text)
    assert (v.kind, v.currency) == ("money", "USD") and v.low == pytest.approx(amount)


def test_under_fifty_cents_is_the_bound_less_than_half_a_dollar():
    a, b = one("under fifty cents"), one("less than $0.50")
    assert (a.comparator, a.high) == (b.comparator, b.high) == ("<", 0.5)


def test_a_couple_of_is_two():
    v = one("within a couple of business days")
    assert (v.comparator, v.high, v.unit) == ("<=", 2 * 86400, "business_s")


@pytest.mark.parametrize("text, size", [("up to a terabyte", 1e12), ("a gigabyte of RAM", 1e9)])
def test_a_size_unit_with_an_article_is_one(text, size):
    assert one(text).high == size


@pytest.mark.parametrize(
    "text, adverb",
    [("unless they first upgrade", True), ("First, open the page", True), ("the first day", False),
     ("your first week", False), ("the team's first release", False)],
)
def test_first_is_a_rank_only_after_a_determiner(text, adverb):
    i = text.lower().index("first")
    assert adverb_first(text, i, i + 5) is adverb


def test_maximum_with_a_noun_before_of_is_a_bound():
    v = one("with a maximum amount requested of $250")
    assert (v.comparator, v.high) == ("<=", 250)
    assert same_value("fifty cents", "$0.50")


@pytest.mark.parametrize(
    "text, zone",
    [("9AM PST", "pacific"), ("9 a.m. Pacific", "pacific"), ("9am to 9pm Pacific Time", "pacific"),
     ("5 PM ET", "eastern"), ("17:00 UTC", "utc"), ("5 pm et al", ""), ("9 a.m. sharp", "")],
)
def test_a_time_of_day_keeps_its_zone(text, zone):
    assert one(text).zone == zone


def test_no_less_than_a_month_is_a_bound_on_a_duration():
    v = find_values("booked no less than a month (30 days) ahead")[0]
    assert (v.kind, v.comparator, v.text) == ("duration", ">=", "no less than a month")
