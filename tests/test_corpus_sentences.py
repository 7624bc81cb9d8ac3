"""The sentence splitter: the cases a rule-based splitter usually gets wrong, plus properties
that must hold for any text."""

from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mutagen_cite.corpus import document_from_text, sentence_spans, split_sentences


def sents(text: str, **kw) -> list[str]:
    return [text[a:b] for a, b in split_sentences(text, **kw)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Logs are kept. Backups run daily.", ["Logs are kept.", "Backups run daily."]),
        ("Is it on? Yes! It is.", ["Is it on?", "Yes!", "It is."]),
        ("Use a region, e.g. Frankfurt. Then deploy.", ["Use a region, e.g. Frankfurt.", "Then deploy."]),
        ("Pick one, i.e. The Pro plan.", ["Pick one, i.e. The Pro plan."]),
        ("Ask Dr. Smith or Mr. Jones today.", ["Ask Dr. Smith or Mr. Jones today."]),
        ("Apples, pears, etc. The rest is later.", ["Apples, pears, etc.", "The rest is later."]),
        ("Apples, pears, etc. Oranges too.", ["Apples, pears, etc. Oranges too."]),
        ("Staff in the U.S. Government agree.", ["Staff in the U.S. Government agree."]),
        ("We moved to the U.S. The office closed.", ["We moved to the U.S.", "The office closed."]),
        ("Open 9 a.m. to 5 p.m. Eastern time.", ["Open 9 a.m. to 5 p.m. Eastern time."]),
        ("Closes at 5 p.m. You can call later.", ["Closes at 5 p.m.", "You can call later."]),
        ("Uptime is 99.9% monthly. Credits apply.", ["Uptime is 99.9% monthly.", "Credits apply."]),
        ("Upgrade to v3.2.1 now. It is safer.", ["Upgrade to v3.2.1 now.", "It is safer."]),
        ("Visit example.com today. Or call.", ["Visit example.com today.", "Or call."]),
        ("Visit https://example.com. Then log in.", ["Visit https://example.com.", "Then log in."]),
        ("Wait... then retry. Done.", ["Wait... then retry.", "Done."]),
        ("Wait... Then retry.", ["Wait...", "Then retry."]),
        ('He said "Stop." Then left.', ['He said "Stop."', "Then left."]),
        ("(See the appendix.) Next part.", ["(See the appendix.)", "Next part."]),
        ("See Fig. 3 and No. 5 here.", ["See Fig. 3 and No. 5 here."]),
        ("J. R. Smith wrote it. Fine.", ["J. R. Smith wrote it.", "Fine."]),
        ("It costs $5. 10 people agreed.", ["It costs $5.", "10 people agreed."]),
        ("ends with lower. and continues", ["ends with lower. and continues"]),
        ("2. Book travel", ["2. Book travel"]),
        ("Heading\nBody line one. Two.", ["Heading", "Body line one.", "Two."]),
    ],
)
def test_known_cases(text, expected):
    assert sents(text) == expected


def test_markup_text_newlines_are_hard_plain_text_wraps_are_soft():
    text = "Plans\nThe Pro plan costs\nmore."
    assert sents(text) == ["Plans", "The Pro plan costs", "more."]
    assert sents(text, soft_newlines=True) == ["Plans", "The Pro plan costs\nmore."]


def test_soft_wrapped_list_items_stay_apart():
    text = "You can use any of the following options here:\n- annual leave\n- sick leave"
    assert sents(text, soft_newlines=True) == [
        "You can use any of the following options here:",
        "- annual leave",
        "- sick leave",
    ]


def test_punctuation_only_units_are_not_sentences():
    assert sents("---\n...\nReal one.") == ["Real one."]


def test_document_format_selects_the_newline_rule():
    src = "A wrapped line that\ngoes on here."
    assert len(sentence_spans(document_from_text("a.txt", src, "text"))) == 1
    assert len(sentence_spans(document_from_text("a.md", "A line.\n\nB line.\n", "markdown"))) == 2


def test_sentence_spans_returns_a_fresh_list():
    doc = document_from_text("a.md", "One. Two.\n", "markdown")
    first = sentence_spans(doc)
    first.clear()
    assert len(sentence_spans(doc)) == 2


# ----------------------------------------------------------------------------- properties

WORDS = st.sampled_from(
    ["the", "Pro", "plan", "e.g.", "U.S.", "99.9%", "v3.2.1", "example.com", "etc.", "Dr.",
     "(note)", '"quoted."', "a.m.", "5", "days", "...", "-", "*", "Hello", "i.e.", "\u2026"]
)
ENDS = st.sampled_from([".", "?", "!", "", ".)", '."', ":"])
SENTENCE = st.builds(lambda ws, end: " ".join(ws) + end, st.lists(WORDS, min_size=1, max_size=8), ENDS)
SEPARATORS = st.sampled_from([" ", "  ", "\n", "\n\n", " \n ", "\t"])


@st.composite
def documents(draw):
    parts = draw(st.lists(SENTENCE, min_size=0, max_size=12))
    text = ""
    for p in parts:
        text += p + draw(SEPARATORS)
    return draw(SEPARATORS) + text if draw(st.booleans()) else text


def check_spans(text: str, spans: list[tuple[int, int]]) -> None:
    prev_end = 0
    for a, b in spans:
        assert 0 <= prev_end <= a < b <= len(text)
        piece = text[a:b]
        assert piece == piece.strip() and piece
        assert any(ch.isalnum() for ch in piece)
        prev_end = b
    # every letter or digit of the text is inside some sentence
    covered = set()
    for a, b in spans:
        covered.update(range(a, b))
    for i, ch in enumerate(text):
        if ch.isalnum():
            assert i in covered, (i, text)


@settings(max_examples=300, deadline=None)
@given(documents(), st.booleans())
def test_spans_are_sorted_disjoint_trimmed_and_cover_all_words(text, soft):
    check_spans(text, split_sentences(text, soft_newlines=soft))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=string.ascii_letters + string.digits + " .!?\n\t\"')(…", max_size=300), st.booleans())
def test_spans_hold_for_arbitrary_character_soup(text, soft):
    check_spans(text, split_sentences(text, soft_newlines=soft))


@settings(max_examples=200, deadline=None)
@given(documents())
def test_no_sentence_crosses_a_line_in_markup_text(text):
    for a, b in split_sentences(text):
        assert "\n" not in text[a:b]
