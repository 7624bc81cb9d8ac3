"""The corpus's own product (the house name) is never an entity edit site nor a replacement
(issue 11): a rival in the house's place is nothing the house's documentation would say.
Made-up sentences and names only."""

from __future__ import annotations

import random

from families_support import slotted_sentence

from mutagen_cite.analysis.mine import MineResult
from mutagen_cite.cases.families import ValueSource
from mutagen_cite.cases.families.entity import FAMILY as ENTITY
from mutagen_cite.model import Vocabulary

#: Zephyrdb is what the made-up corpus is about (the build finds it with corpus_product_names);
#: the tagger's counts confirm which names are names
HOUSE = ("Zephyrdb",)
KINDS = {"Zephyrdb": {"product": 40}, "Zephyrdb API": {"org": 3}, "Northwind API": {"org": 3},
         "Globex API": {"org": 3}, "PostgreSQL": {"product": 5}, "MySQL": {"product": 4}}


def _values(vocab: dict, kinds_of: dict = KINDS, house: tuple[str, ...] = HOUSE) -> ValueSource:
    return ValueSource(Vocabulary(vocab), MineResult((), Vocabulary(vocab), {}, kinds_of=kinds_of), house=house)


def _mutate(text: str, kind: str, surface: str, values: ValueSource):
    s = slotted_sentence(text, ("entity", kind, surface))
    return ENTITY.mutate(s, s.slots[0], values, random.Random(0))


def test_house_is_what_the_build_found_never_a_guess():
    assert _values({"org": ("API",), "product": ("Zephyrdb",)}).house_names() == ("Zephyrdb",)
    # no names given (a unit example, a corpus that says "we"): no house, whatever the vocabulary holds
    assert ValueSource(Vocabulary({"org": ("Zephyrdb", "Globex")})).house_names() == ()


def test_house_part_is_not_an_edit_site():
    values = _values({"org": ("Globex API", "Zephyrdb API"), "product": ("Zephyrdb",)})
    assert _mutate("Queries are ranked by the Zephyrdb API.", "org", "Zephyrdb API", values) is None
    # control: another vendor's API is swapped for a sibling of the same head
    m = _mutate("Queries are ranked by the Northwind API.", "org", "Northwind API", values)
    assert m is not None and m.replacement == "Globex API"


def test_house_is_never_brought_in_as_a_replacement():
    values = _values({"org": ("Zephyrdb API",), "product": ("Zephyrdb",)})
    assert _mutate("Queries are ranked by the Northwind API.", "org", "Northwind API", values) is None


def test_listed_product_that_is_the_house_is_not_swapped():
    kinds = {**KINDS, "PostgreSQL": {"product": 90}}
    values = _values({"product": ("PostgreSQL", "MySQL")}, kinds, house=("PostgreSQL",))
    assert _mutate("Rows are stored in PostgreSQL tables.", "product", "PostgreSQL", values) is None
    other = _values({"product": ("Zephyrdb", "MySQL")})
    m = _mutate("Rows are stored in PostgreSQL tables.", "product", "PostgreSQL", other)
    assert m is not None and m.replacement == "MySQL"


def test_house_product_tagged_as_a_person_is_not_renamed():
    """The tagger calls 'Zephyrdb Cloud' a person, and the corpus repeats the error: it is still
    the house's product, so no person name replaces it."""
    kinds = {**KINDS, "Zephyrdb Cloud": {"person": 6}, "Nadia Okafor": {"person": 4}}
    values = _values({"person": ("Zephyrdb Cloud", "Nadia Okafor"), "product": ("Zephyrdb",)}, kinds)
    assert _mutate("The vector extension is now available on Zephyrdb Cloud.", "person", "Zephyrdb Cloud",
                   values) is None
    # control: a real person of the corpus is still swapped
    m = _mutate("The release was approved by Tobias Lindqvist.", "person", "Tobias Lindqvist", values)
    assert m is not None and m.replacement == "Nadia Okafor"
