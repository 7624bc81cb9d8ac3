"""A number + unit that modifies a plural noun keeps its unit singular ("one minute samples" ->
"five minute samples", never "five minutes samples"), whatever form the mined value had.
Made-up sentences only."""

from __future__ import annotations

import random

from families_support import slotted_sentence

from mutagen_cite.analysis.mine import MineResult
from mutagen_cite.cases.families import ValueSource
from mutagen_cite.cases.families.quantity import FAMILY as QUANTITY
from mutagen_cite.model import Vocabulary


def _mutated(text: str, surface: str, mined: tuple[str, ...]) -> set[str]:
    vocab = {"duration": mined}
    values = ValueSource(Vocabulary(vocab), MineResult((), Vocabulary(vocab), {}))
    s = slotted_sentence(text, ("quantity", "duration", surface))
    return {m.mutated_text for seed in range(10)
            if (m := QUANTITY.mutate(s, s.slots[0], values, random.Random(seed))) is not None}


def test_unit_before_a_plural_noun_stays_singular():
    got = _mutated("The meter reports one minute samples for each flat.", "one minute", ("five minutes",))
    assert got == {"The meter reports five minute samples for each flat."}


def test_unit_as_head_still_agrees_with_its_number():
    got = _mutated("The meter reports a sample every one minute to the hub.", "one minute", ("five minutes",))
    assert got and all("five minutes to the hub" in t for t in got)
