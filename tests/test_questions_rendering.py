"""Question rendering, word for word: for a made-up sentence and the site a family would
mutate, the family's template (``templates/questions/<family>.<version>.j2``) and the sentence
surgery in ``cases/questions.py`` give exactly these question, claim and answer strings.

v2 (the default) names the changed attribute as the question's condition and asks for another
span of the sentence (scope, date, quantity, entity, polarity), or asks to verify the strong
statement, answer "yes" (aggregation, modality); v1 asked for the changed value itself. A
wording change shows here as a diff; when it is intended, update the expected strings."""

from __future__ import annotations

import pytest

from families_support import annotator, sentence_of  # noqa: F401  (annotator is a fixture)
from mutagen_cite.cases.families import get_families
from mutagen_cite.cases.questions import phrase, template_env

# (family, version, sentence, the site's text, question, claim, answer)
EXPECTED = [
    ("scope", "v2", "The Harbour plan includes 12 desks in eu-west-2.", "eu-west-2",
     "The Harbour plan includes how many desks in eu-west-2?",
     "The Harbour plan includes 12 desks in eu-west-2.", "12 desks"),
    ("scope", "v2", "Members on the Team plan can book the kiln for 4 hours a week.", "Team",
     "For how many hours can members on the Team plan book the kiln a week?",
     "Members on the Team plan can book the kiln for 4 hours a week.", "4 hours"),
    ("scope", "v2", "Plan: Team; Monthly price: $20; Cutter hours: 6.", "Team",
     "What is the monthly price for the Team plan?", "The monthly price for the Team plan is $20.", "$20"),
    ("date", "v2", "The band saw was serviced on 17 January 2025.", "17 January 2025",
     "What was serviced on 17 January 2025?", "The band saw was serviced on 17 January 2025.", "band saw"),
    ("date", "v2", "The winter closure starts on 24 December 2025 for 9 days.", "24 December 2025",
     "The winter closure starts on 24 December 2025 for how many days?",
     "The winter closure starts on 24 December 2025 for 9 days.", "9 days"),
    ("date", "v1", "The band saw was serviced on 17 January 2025.", "17 January 2025",
     "On what date was the band saw serviced?", "The band saw was serviced on 17 January 2025.",
     "17 January 2025"),
    ("quantity", "v2", "The Hobby plan costs $18 per month for 6 hours of cutter time.", "$18",
     "The Hobby plan costs $18 per month for how many hours of cutter time?",
     "The Hobby plan costs $18 per month for 6 hours of cutter time.", "6 hours"),
    ("quantity", "v2", "Unused cutter hours expire after 30 days on the Hobby plan.", "30 days",
     "Unused cutter hours expire after 30 days on which plan?",
     "Unused cutter hours expire after 30 days on the Hobby plan.", "Hobby"),
    ("quantity", "v2", "Plan: Team; Monthly price: $20; Cutter hours: 6.", "$20",
     "For which plan is the monthly price $20?", "The monthly price for the Team plan is $20.", "Team"),
    ("quantity", "v1", "Unused cutter hours expire after 30 days.", "30 days",
     "Unused cutter hours expire after how many days?", "Unused cutter hours expire after 30 days.", "30 days"),
    ("quantity", "v1", "The Hobby plan costs $18 per month.", "$18",
     "The Hobby plan costs how much per month?", "The Hobby plan costs $18 per month.", "$18"),
    ("entity", "v2", "Version 4.2 of the cutter firmware was released on 3 March 2025.", "Version 4.2",
     "Version 4.2 of the cutter firmware was released on what date?",
     "Version 4.2 of the cutter firmware was released on 3 March 2025.", "3 March 2025"),
    ("entity", "v2", "The Studio plan includes PostgreSQL 15 backups for 30 days.", "PostgreSQL 15",
     "The Studio plan includes PostgreSQL 15 backups for how many days?",
     "The Studio plan includes PostgreSQL 15 backups for 30 days.", "30 days"),
    ("polarity", "v2", "Children under 12 are not allowed in the wood shop.", "not",
     "What are not allowed in the wood shop?", "Children under 12 are not allowed in the wood shop.",
     "Children under 12"),
    ("polarity", "v1", "Refunds are not available for partial months.", "not",
     "Are refunds available for partial months?", "Refunds are not available for partial months.",
     "not available"),
    # no obligation here: a universal inside one is no aggregation site ("Most members must ...")
    ("aggregation", "v2", "All members are insured during open studio hours.", "All",
     "Are all members insured during open studio hours?",
     "All members are insured during open studio hours.", "yes"),
    ("aggregation", "v1", "All members are insured during open studio hours.", "All",
     "Are all members insured during open studio hours?",
     "All members are insured during open studio hours.", "All members"),
    ("modality", "v2", "Visitors must stay behind the yellow line.", "must",
     "Must visitors stay behind the yellow line?", "Visitors must stay behind the yellow line.", "yes"),
    ("modality", "v1", "Members must wear eye protection in the metal shop.", "must",
     "Must members wear eye protection in the metal shop?", "Members must wear eye protection in the metal shop.",
     "must"),
]


@pytest.fixture(scope="module")
def env():
    return template_env()


@pytest.mark.parametrize("family, version, text, site_text, question, claim, answer", EXPECTED,
                         ids=[f"{e[0]}-{e[1]}-{e[3]}-{i}" for i, e in enumerate(EXPECTED)])
def test_rendered_question_claim_and_answer(annotator, env, family, version, text, site_text, question, claim,
                                            answer):
    sentence = sentence_of(annotator, text)
    fam = next(f for f in get_families() if f.name == family)
    sites = [s for s in fam.sites(sentence) if s.text == site_text]
    assert sites, f"{family} finds no site {site_text!r} in {text!r}"
    p = phrase(sentence, sites[0], family, env, version=version)
    assert p is not None, f"{family} {version} skips {text!r}"
    assert (p.question, p.claim, p.answer) == (question, claim, answer)


def test_every_family_and_version_is_rendered_above():
    covered = {(e[0], e[1]) for e in EXPECTED}
    assert {f.name for f in get_families()} <= {fam for fam, _ in covered}
    assert {v for _, v in covered} == {"v1", "v2"}


@pytest.mark.parametrize("text, family, site_text", [
    ("The winter closure starts on 24 December 2025.", "date", "24 December 2025"),  # nothing else to ask
    ("Which plan includes 6 hours?", "quantity", "6 hours"),  # a question is no claim
])
def test_no_question_when_no_natural_one_can_be_formed(annotator, env, text, family, site_text):
    sentence = sentence_of(annotator, text)
    fam = next(f for f in get_families() if f.name == family)
    sites = [s for s in fam.sites(sentence) if s.text == site_text]
    assert sites, f"{family} finds no site {site_text!r} in {text!r}"
    assert all(phrase(sentence, site, family, env, version="v2") is None for site in sites)


def test_an_answer_is_never_a_piece_of_a_word(annotator, env):
    """v3: a slot glued to letters or digits ("2" of "v2"), or whose answer would be a bare number
    (version "v2" answered "2"), is not asked for; the question asks for a whole value instead,
    or is not formed. v2 suites keep their questions."""
    from dataclasses import replace

    from mutagen_cite.model import Slot

    text = "The Lantern plan includes release v2 with 3 seats."
    sentence = sentence_of(annotator, text)
    site = next(s for s in sentence.slots if s.text == "Lantern")
    start = text.index("v2") + 1
    glued = Slot("quantity", "number", start, start + 1, "2", "2")
    seats = next(s for s in sentence.slots if s.text.startswith("3"))
    sentence = replace(sentence, slots=tuple(sorted((glued, *sentence.slots), key=lambda s: s.start)))
    v3 = phrase(sentence, site, "scope", env, version="v3")
    assert v3 is None or v3.answer == seats.text  # the whole value, never the digit of "v2"
    v2 = phrase(sentence, site, "scope", env, version="v2")
    assert v2 is not None and v2.answer == "2"  # old suites stay reproducible
