"""Questions v8, round 29: a yes/no question's bare definite subject is named as the page named it
just before (cases/antecedents.py). Made-up text only."""

from __future__ import annotations

from families_support import MUST, site_of, slotted_sentence
from mutagen_cite.cases.antecedents import lines_before, named_by_antecedent
from mutagen_cite.cases.questions import _parse, phrase, template_env

ENV = template_env()


def _named(question, sentence, before):
    return named_by_antecedent(question, sentence, lines_before(before, len(before)), _parse)


def test_the_nearest_earlier_mention_names_the_subject():
    before = "Harbor Relay ships with a masking filter that hides tokens. "
    assert _named("Is the filter on by default?", "The filter is on by default.", before) == \
        "Is the masking filter on by default?"
    before = "Each relay needs:\n\nRelay host name\nRelay listener port\nPassword\n\nNote:\n\n"
    assert _named("Does the port have to use TLS?", "The port must use TLS.", before) == \
        "Does the relay listener port have to use TLS?"


def test_a_subject_that_already_says_which_stays():
    before = "Harbor Relay ships with a masking filter that hides tokens. "
    for question, sentence in [("Is the filter of the relay on by default?", "The filter of the relay is on by default."),
                               ("Is the Harbor filter on by default?", "The Harbor filter is on by default.")]:
        assert _named(question, sentence, before) == question


def test_an_earlier_mention_extends_the_subject_never_replaces_it():
    before = "Pick a quiet window time for the job. "
    question = "Does the retry window time have to be short?"
    assert _named(question, "The retry window time must be short.", before) == question
    before = "Open the other filter first. "  # a picking modifier names no kind of filter
    assert _named("Is the filter on by default?", "The filter is on by default.", before) == \
        "Is the filter on by default?"


def test_the_question_carries_the_name_end_to_end():
    doc = "Harbor Relay ships with a masking filter that hides tokens. The filter must stay on in production."
    sentence_text = "The filter must stay on in production."
    s = slotted_sentence(sentence_text, MUST, start=doc.index(sentence_text))
    p = phrase(s, site_of(s, "must"), "modality", ENV, version="v8", doc_text=doc)
    assert p is not None and "masking filter" in p.question
    old = phrase(s, site_of(s, "must"), "modality", ENV, version="v7", doc_text=doc)
    assert old is not None and "masking" not in old.question


def test_a_page_that_names_the_head_alone_as_well_borrows_nothing():
    before = "Every kiln accepts a remote shell, next to whatever the glaze kiln is firing.\n"
    question = "Does the kiln have to be awake to accept a shell?"
    assert _named(question, "The kiln must be awake to accept a shell.", before) == question
