"""Aggregation keeps the plural on the noun (issue 11): a participle after the noun modifies it
("every job cancelled" -> "most jobs cancelled", never "most job cancelleds"), and "every few"
is a frequency, not a quantified noun. Made-up sentences only."""

from __future__ import annotations

import random

from families_support import slotted_sentence

from mutagen_cite.cases.families import ValueSource
from mutagen_cite.cases.families.aggregation import FAMILY as AGGREGATION


def _mutated(text: str, surface: str):
    s = slotted_sentence(text, ("aggregation", "quantifier", surface, surface.lower()))
    if not AGGREGATION.sites(s):
        return None
    m = AGGREGATION.mutate(s, s.slots[0], ValueSource.empty(), random.Random(0))
    return None if m is None else m.mutated_text


def test_participle_after_the_noun_stays_singular_form():
    assert _mutated("A webhook fires for every export requested by an editor.", "every") == (
        "A webhook fires for most exports requested by an editor.")


def test_every_few_is_a_frequency_not_a_site():
    assert _mutated("The dashboard refreshes every few minutes.", "every") is None


def test_every_unit_of_time_is_a_frequency_not_a_site():
    assert _mutated("The kiln log is backed up every hour.", "every") is None
    assert _mutated("Each month the studio rotates its door codes.", "Each") is None
    assert _mutated("A steward reviews every booking request.", "every") == "A steward reviews most booking requests."


def test_plain_noun_phrase_is_still_made_plural():
    assert _mutated("A webhook fires for every export of a board.", "every") == (
        "A webhook fires for most exports of a board.")


def test_all_in_an_idiom_of_variety_is_no_site():
    assert _mutated("The studio welcomes teams of all sizes.", "all") is None
    assert _mutated("Makers of all ages are welcome on weekends.", "all") is None
    assert _mutated("All invoices of a booking are sent in euros.", "All") == "Some invoices of a booking are sent in euros."


def test_all_as_the_base_of_a_ratio_is_no_site():
    assert _mutated("The panel shows each kiln as a percentage of all firings.", "all") is None
    assert _mutated("Glazed pieces make up 40% of all orders.", "all") is None
    assert _mutated("All firings of the week are checked by a steward.", "All") is not None


def test_a_quantifier_inside_a_method_is_no_site():
    assert _mutated("You can add up to 8 tags per booking by separating each tag with a comma.", "each") is None
    assert _mutated("Each tag is separated from the next by a comma.", "Each") is not None


def test_irregular_participle_after_the_noun_stays_as_written():
    # "sent" is a participle with no -ed and no noun reading: the head noun is "request"
    assert _mutated("A webhook fires for each request sent to a kiln controller.", "each") == (
        "A webhook fires for most requests sent to a kiln controller.")
    # "set" is also a noun: it heads its phrase and is made plural itself
    assert _mutated("The studio prints every glaze set for the spring show.", "every") == (
        "The studio prints most glaze sets for the spring show.")
