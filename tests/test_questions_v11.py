"""Questions v11 and the negated quantifier (round 32, from a reviewer's read of a documentation
set): a fronted wh-phrase takes its whole "of" phrase along; a yes/no verification keeps its
claim's negation; a quantifier under a negation is no aggregation site. Made-up sentences; v10
keeps its wording."""

from __future__ import annotations

import pytest
from families_support import annotator, sentence_of, site_of, slotted_sentence  # noqa: F401 (fixture)

from mutagen_cite.cases.families import get_families
from mutagen_cite.cases.questions import of_phrase, phrase, template_env

ENV = template_env()
DAYS = ("quantity", "duration", "14 days", "14 days")
IS = ("polarity", "affirmative", "is", "is")


def _ask(text, site_slot, *other, version="v11"):
    s = slotted_sentence(text, site_slot, *other)
    p = phrase(s, site_of(s, site_slot[2]), site_slot[0], ENV, version=version)
    return p.question if p is not None else None


@pytest.mark.parametrize("text, v10, v11", [
    ("After 14 days of failed firings, the kiln is automatically locked.",
     "After how many days of failed is the kiln automatically locked firings?",
     "After how many days of failed firings is the kiln automatically locked?"),
    ("The kiln is automatically locked after 14 days of inactivity.",
     "After how many days of inactivity is the kiln automatically locked?",
     "After how many days of inactivity is the kiln automatically locked?"),
])
def test_a_fronted_value_takes_its_whole_of_phrase(text, v10, v11):
    assert _ask(text, IS, DAYS, version="v10") == v10
    assert _ask(text, IS, DAYS) == v11


def test_an_of_phrase_is_taken_to_where_the_next_phrase_opens_or_not_at_all():
    def moved(after):
        m = of_phrase(after)
        return m if m in (None, False) else m.group(0)

    assert moved(" of glaze on the studio plan") == " of glaze"
    assert moved(" of failed firings, the") == " of failed firings"
    assert moved(" of v2.1 is") == " of v2.1"
    assert moved(" and glaze") is None
    assert moved(" of the many long lists of every glaze we stock here.") is False


@pytest.mark.parametrize("text, word", [
    ("The guild does not force every studio to look identical.", "every"),
    ("The studio does not automatically change a firing's status when all shelves are completed.", "all"),
    ("Kiln Boost does not support all valid glaze recipes.", "all"),
])
def test_a_verification_keeps_its_claims_negation(text, word):
    slot = ("aggregation", "quantifier", word, word)
    assert _ask(text, slot, version="v10").startswith("Do")  # v10 asked it without its "not", expecting "yes"
    assert _ask(text, slot) is None
    assert _ask("All glazes are tested for lead.", ("aggregation", "quantifier", "All", "all")) is not None


@pytest.mark.parametrize("text, word, is_site", [
    ("The guild does not require every member to fire a test tile.", "every", False),
    ("The studio doesn't glaze all mugs before the first firing.", "all", False),
    ("Glazes are not tested for lead in all studios.", "all", False),
    ("Kiln logs are never shared with all members.", "all", False),
    ("The guild requires every member to fire a test tile.", "every", True),
    ("All glazes are tested for lead.", "All", True),
])
def test_a_quantifier_under_a_negation_is_no_aggregation_site(annotator, text, word, is_site):  # noqa: F811
    s = sentence_of(annotator, text)
    sites = [x.text for x in get_families(["aggregation"])[0].sites(s)]
    assert (word in sites) is is_site, (text, sites, s.slots)


@pytest.mark.parametrize("text", ["All must pass for the firing to proceed.", "Each must be signed by a supervisor."])
def test_a_quantifier_alone_as_the_subject_has_no_referent(text):
    slot = ("modality", "modal", "must", "must")
    assert _ask(text, slot, version="v10") is not None  # "Does all have to pass ...?"
    assert _ask(text, slot) is None
    assert _ask("All glazes must pass for the firing to proceed.", slot) is not None
