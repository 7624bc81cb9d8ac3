"""A version near miss stays near the release's own line (round 30): a version two major lines away,
often another product's model name in the corpus ("embed-v3.0"), is no release a page about v1.51
would name. Made-up sentences."""

from __future__ import annotations

import random

from families_support import slotted_sentence

from mutagen_cite.cases.families import ValueSource
from mutagen_cite.cases.families.entity import FAMILY as ENTITY
from mutagen_cite.model import Vocabulary


def _edit(vocabulary: tuple[str, ...]):
    s = slotted_sentence("The kiln scheduler runs on Glazeflow v1.51.", ("entity", "version", "v1.51", "v1.51"))
    m = ENTITY.mutate(s, s.slots[0], ValueSource(Vocabulary({"version": vocabulary})), random.Random(0))
    return m.replacement, m.origin


def test_a_version_two_major_lines_away_is_not_used():
    replacement, origin = _edit(("v3.0",))
    assert replacement != "v3.0" and origin == "synthetic" and replacement.startswith("v1.")


def test_a_neighbouring_major_from_the_corpus_is_still_used():
    assert _edit(("v3.0", "v2.4")) == ("v2.4", "mined")
    assert _edit(("v1.48",)) == ("v1.48", "mined")


class _OwnEnumeration:
    """A mine result whose only sibling of the sentence is another row's version."""

    def __init__(self, *values):
        self.values = values

    def enumeration_values(self, sentence, kind):
        return self.values if kind == "version" else ()


def test_a_version_of_the_sentences_own_enumeration_is_used_however_far():
    # another row of the same table ("Extension: ...; Version: 3.0") is another product's real version
    s = slotted_sentence("The kiln scheduler runs on Glazeflow v1.51.", ("entity", "version", "v1.51", "v1.51"))
    values = ValueSource(Vocabulary({"version": ("v3.0",)}), mine_result=_OwnEnumeration("v3.0"))
    m = ENTITY.mutate(s, s.slots[0], values, random.Random(0))
    assert (m.replacement, m.origin) == ("v3.0", "mined")


def test_a_table_row_version_may_take_any_version_of_the_corpus():
    # each row of an extensions table is its own product: its version is no release of another row's
    s = slotted_sentence("Extension: kiln-vec; Version: 1.51.0; Description: Glaze search.",
                         ("entity", "version", "1.51.0", "1.51.0"))
    m = ENTITY.mutate(s, s.slots[0], ValueSource(Vocabulary({"version": ("3.0.2",)})), random.Random(0))
    assert (m.replacement, m.origin) == ("3.0.2", "mined")


def test_a_first_release_only_moves_later():
    # "since v1.51": an earlier release in the near miss still makes the feature available in v1.51
    for text, site in (("The kiln scheduler is available since Glazeflow v1.51.", "v1.51"),
                       ("The kiln scheduler is supported in Glazeflow v1.51 and later.", "v1.51")):
        s = slotted_sentence(text, ("entity", "version", site, site))
        for vocabulary in (("v1.48",), ()):
            for seed in range(5):
                m = ENTITY.mutate(s, s.slots[0], ValueSource(Vocabulary({"version": vocabulary})), random.Random(seed))
                assert m is not None and tuple(int(x) for x in m.replacement[1:].split(".")) > (1, 51), m.replacement
