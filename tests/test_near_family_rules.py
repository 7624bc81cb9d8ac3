"""Round-21 plausibility rules inside the families: a range end moved out of proportion, a
count swapped across orders of magnitude, "all" in set wording, a person tagged on a platform,
a name cut out of a longer product name. Every example here is made up for the test."""

from __future__ import annotations

import random

from mutagen_cite.cases.families import ValueSource, get_families
from mutagen_cite.model import Sentence, Slot, Vocabulary

QUANTITY, ENTITY, AGGREGATION = (get_families([n])[0] for n in ("quantity", "entity", "aggregation"))


def manual(text: str, surface: str, family: str, kind: str, value: str, **kw) -> tuple[Sentence, Slot]:
    i = text.index(surface)
    slot = Slot(family, kind, i, i + len(surface), surface, value, **kw)
    return Sentence("t.md", 0, len(text), text, (slot,)), slot


def test_a_range_end_stays_in_proportion_to_the_range():
    s, slot = manual("Reviews are typically held 3-4 weeks after the quarter ends.", "4 weeks", "quantity",
                     "duration", "4 week", number=4.0, unit="week")
    out = [QUANTITY.mutate(s, slot, ValueSource(Vocabulary({})), random.Random(k)) for k in range(30)]
    numbers = {int(m.replacement.split()[0]) for m in out if m is not None}
    assert numbers and all(3 < n <= 6 for n in numbers), numbers  # 8 is on the ladder too


def test_a_count_is_not_swapped_across_two_orders_of_magnitude():
    s, slot = manual("The importer writes batches of 8000 rows.", "8000 rows", "quantity", "count", "8000 row",
                     number=8000.0, unit="row")
    values = ValueSource(Vocabulary({"count": ("2 rows",)}))  # the only value the corpus offers
    out = {m.replacement for k in range(20) if (m := QUANTITY.mutate(s, slot, values, random.Random(k)))}
    assert "2 rows" not in out
    values = ValueSource(Vocabulary({"count": ("2 rows", "5000 rows")}))
    assert {QUANTITY.mutate(s, slot, values, random.Random(k)).replacement for k in range(20)} == {"5000 rows"}


def test_all_in_set_wording_is_no_site():
    for text in ("The office is free of all smoke.", "We reject harassment of all kinds at events."):
        s, slot = manual(text, "all", "aggregation", "quantifier", "all")
        assert AGGREGATION.sites(s) == [], text
    s, slot = manual("We reject all kinds of spam at events.", "all", "aggregation", "quantifier", "all")
    assert AGGREGATION.sites(s) == [slot]


def test_a_person_tagged_on_a_platform_is_no_site():
    s, slot = manual("The export tool is now available on Zenit Cloud.", "Zenit Cloud", "entity", "person",
                     "zenit cloud")
    assert ENTITY.sites(s) == []
    s, slot = manual("The export tool was written by Dana Whitfield.", "Dana Whitfield", "entity", "person",
                     "dana whitfield")
    assert ENTITY.sites(s) == [slot]


def test_a_name_going_on_after_for_is_one_longer_name():
    s, slot = manual("Backups are taken daily by Hosted Service for ZenitDB.", "Hosted Service", "entity", "org",
                     "hosted service")
    assert ENTITY.sites(s) == []
