"""Value normalisation and comparison behind the slots judge (pure functions, no model)."""

from __future__ import annotations

import math

import pytest

from mutagen_cite.judges.slot_values import (
    Quantity,
    comparable,
    date_interval,
    date_supported,
    extra_quantities,
    name_in_text,
    names_equal,
    parse_number_text,
    quantity_from_slot,
    quantity_supported,
)
from mutagen_cite.model import Slot
from mutagen_cite.values import parse_rank


def q(value, shape="point", dim="bytes", hi=None, per=""):
    lo, high = value, value
    if shape in ("ge", "gt"):
        high = math.inf
    if shape in ("le", "lt"):
        lo = -math.inf
    if shape == "range":
        high = hi
    return Quantity(dim, lo, high, shape, f"{value}", 0, 1, per=per)


@pytest.mark.parametrize("text, value", [("1,000", 1000), ("2.5", 2.5), ("seven", 7), ("twenty-one", 21), ("3k", 3000)])
def test_numbers(text, value):
    assert parse_number_text(text) == value


@pytest.mark.parametrize("text, value", [("third", 3), ("3rd", 3), ("21st", 21), ("twenty-first", 21), ("last", -1)])
def test_ordinals(text, value):
    assert parse_rank(text) == value


def test_units_normalise_through_the_slot():
    text = "kept for 7 days and for one week"
    week = Slot("quantity", "duration", 23, 31, "one week", "1 week", 1.0, "week")
    days = Slot("quantity", "duration", 9, 15, "7 days", "7 day", 7.0, "day")
    a, b = quantity_from_slot(days, text), quantity_from_slot(week, text)
    assert quantity_supported(a, b) and quantity_supported(b, a)


def test_comparators_are_read_from_the_words_before():
    text = "at least 10 GB"
    slot = Slot("quantity", "size", 9, 14, "10 GB", "10 gb", 10.0, "gb")
    got = quantity_from_slot(slot, text)
    assert got.shape == "ge" and got.surface == "at least 10 GB"


@pytest.mark.parametrize(
    "claim, premise, ok",
    [
        (q(10), q(10), True),
        (q(10), q(20), False),
        (q(10, "ge"), q(10), True),  # the bound's number, stated as a point
        (q(10, "ge"), q(12), False),  # a bound states the limit: another number misstates it
        (q(5, "le"), q(2), False),  # "within five days" for "two days"
        (q(10, "ge"), q(8), False),
        (q(10, "ge"), q(5, "ge"), False),  # a different bound is a near miss, not a weaker claim
        (q(10, "ge"), q(10, "gt"), True),
        (q(10, "le"), q(10, "ge"), False),
        (q(10), q(10, "le"), False),  # "up to 10" does not state "10"
        (q(3, "range", hi=15), q(3, "range", hi=15), True),
        (q(3, "range", hi=15), q(3, "range", hi=10), False),
        (q(20, per="month"), q(20, per="year"), False),
    ],
)
def test_quantity_support(claim, premise, ok):
    assert quantity_supported(claim, premise) is ok


def test_sizes_accept_the_binary_reading():
    a = Quantity("bytes", 1e9, 1e9, "point", "1 GB", 0, 1, alt=2**30)
    b = Quantity("bytes", 2**30, 2**30, "point", "1 GiB", 0, 1)
    assert quantity_supported(a, b)


def test_counts_of_different_things_are_not_rivals():
    men = Quantity("count", 2, 2, "point", "2 men", 0, 1, noun="man")
    cars = Quantity("count", 3, 3, "point", "3 cars", 0, 1, noun="car")
    assert not comparable(men, cars)
    assert comparable(men, Quantity("count", 3, 3, "point", "3 men", 0, 1, noun="man"))


def test_extra_quantities_find_ranges_and_number_words():
    text = "between 3 and 15 years, then the number five"
    found = extra_quantities(text, [], ())
    shapes = {(x.shape, x.lo, x.hi) for x in found}
    assert ("range", 3, 15) in shapes and ("point", 5, 5) in shapes


def test_dates_are_intervals():
    day = Slot("date", "date", 0, 1, "1 March 2024", "2024-03-01")
    year = Slot("date", "year", 0, 1, "2024", "2024")
    quarter = Slot("date", "quarter", 0, 1, "Q1 2024", "2024-Q1")
    assert date_supported(year, day) and date_supported(quarter, day)
    assert not date_supported(day, year)  # the premise is less specific than the claim
    assert date_interval(Slot("date", "date", 0, 1, "x", "2024-02-30")) is None


def test_names_and_aliases():
    assert names_equal("the U.S.", "United States") and names_equal("Pro", "pro")
    assert not names_equal("Pro", "Hobby")
    assert name_in_text("US", "Teams in the United States get it.")
    assert not name_in_text("Pro", "Professional services are extra.")
