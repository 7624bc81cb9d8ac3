"""One definition of the corpus's own names: the build finds them once
(``judges.slots.corpus_product_names``) and the judge, the entity family's value source and the
suite header all read that one answer. Made-up documents and names only."""

from __future__ import annotations

from types import SimpleNamespace

from mutagen_cite.cases.build import make_context
from mutagen_cite.judges.slots import corpus_product_names
from mutagen_cite.model import Vocabulary

TEXTS = [
    "Backups run nightly and Zephyrdb keeps them for a week.",
    "Each region stores data where Zephyrdb was deployed.",
    "Alerts go to the on-call channel when Zephyrdb restarts.",
    "The Pro plan includes Zephyrdb replicas in two zones.",
]


def _analysis():
    mined = SimpleNamespace(enumerations=(object(),), vocabulary=Vocabulary({"org": ("Globex",)}), kinds_of={})
    return SimpleNamespace(corpus=SimpleNamespace(documents=[SimpleNamespace(text=t) for t in TEXTS]),
                           tiers=("Pro",), mined=mined, annotator=SimpleNamespace())


def test_build_hands_the_one_set_of_names_to_values_and_header():
    names = corpus_product_names(TEXTS, ("Pro",))
    assert names == ("Zephyrdb",)
    ctx = make_context(_analysis(), judge=SimpleNamespace(name="stub"), families=["entity"])
    assert ctx.values.house_names() == names  # the entity family's house
    assert ctx.product_names == names  # what the header records and the answer rule reads
