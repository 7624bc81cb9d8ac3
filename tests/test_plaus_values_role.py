"""A replacement value comes from the same role (issue 11): a set value (cadence, limit,
retention) is replaced by another round one, never by a measured one; zero is no amount of
time, bytes or things; a version after a verb is no product version.
Made-up sentences only."""

from __future__ import annotations

import random

import pytest
from families_support import slotted_sentence

from mutagen_cite.analysis.mine import MineResult
from mutagen_cite.cases.families import ValueSource
from mutagen_cite.cases.families.entity import FAMILY as ENTITY
from mutagen_cite.cases.families.quantity import FAMILY as QUANTITY, is_round
from mutagen_cite.model import Vocabulary


def _values(vocab: dict) -> ValueSource:
    return ValueSource(Vocabulary(vocab), MineResult((), Vocabulary(vocab), {}))


def _replacements(text: str, kind: str, surface: str, vocab: dict) -> set[str]:
    s = slotted_sentence(text, ("quantity", kind, surface))
    return {m.replacement for seed in range(15)
            if (m := QUANTITY.mutate(s, s.slots[0], _values(vocab), random.Random(seed))) is not None}


@pytest.mark.parametrize("n,expected", [(15, True), (30, True), (90, True), (18, True), (64, True), (1.5, True),
                                        (52, False), (37, False), (16.19, False), (63, False)])
def test_round_numbers(n, expected):
    assert is_round(n) is expected


def test_a_cadence_takes_a_round_value_not_a_measured_one():
    got = _replacements("The status board is refreshed every 15 minutes.", "duration", "15 minutes",
                        {"duration": ("52 minutes", "30 minutes")})
    assert got == {"30 minutes"}


def test_a_measured_value_may_take_any_value():
    got = _replacements("The last restore drill took 52 minutes.", "duration", "52 minutes",
                        {"duration": ("37 minutes",)})
    assert got == {"37 minutes"}


def test_zero_is_no_size():
    got = _replacements("Attachments larger than 25 MB are rejected.", "size", "25 MB", {"size": ("0 MB", "10 MB")})
    assert got == {"10 MB"}


def _version_sites(text: str, surface: str) -> list:
    s = slotted_sentence(text, ("entity", "version", surface))
    return ENTITY.sites(s)


def test_a_verb_before_a_number_is_no_product():
    assert _version_sites("The rule matches shoppers who Bought 3 items in a week.", "Bought 3") == []
    assert _version_sites("The default runtime is Zephyr 4.0 for every board.", "Zephyr 4.0") != []


def test_a_round_amount_of_money_takes_a_round_value():
    got = _replacements("The spend limit for a team trip is $1,850 per person.", "money", "$1,850",
                        {"money": ("$7,294", "$2,500")})
    assert got == {"$2,500"}  # a policy sets round sums; "$7,294" was a receipt total
    got = _replacements("The last offsite cost $2,432 per person.", "money", "$2,432", {"money": ("$1,258",)})
    assert got == {"$1,258"}  # a measured amount may take any value
