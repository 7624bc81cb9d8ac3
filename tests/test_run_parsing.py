"""Answer parsing: sentences, inherited citations, quotes verified, full-sentence premises."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mutagen_cite.model import Citation
from mutagen_cite.run.answers import (
    CitationSyntax,
    GarbageOutput,
    parse_output,
    parse_text_answer,
    premise_for,
    split_sentences,
    verify_quote,
)


def ids_of(answer):
    return [[c.chunk_id for c in claim.citations] for claim in answer.claims]


def test_markers_after_the_full_stop_belong_to_the_sentence_before():
    text = ("Logs are kept for 90 days on Business. [p-3310]\n   Retention can be extended by contract. [p-3310]\n"
            "   It cannot be changed in the dashboard. [p-3312]")
    answer = parse_text_answer("c", text)
    assert [c.text for c in answer.claims] == [
        "Logs are kept for 90 days on Business.",
        "Retention can be extended by contract.",
        "It cannot be changed in the dashboard.",
    ]
    assert ids_of(answer) == [["p-3310"], ["p-3310"], ["p-3312"]]


def test_splitter_does_not_break_on_abbreviations_or_decimals():
    text = "Backups start at 02:00 a.m. UTC on weekdays [b-1]. Version 2.5 adds e.g. exports [b-2]. Done."
    answer = parse_text_answer("c", text)
    assert [c.text for c in answer.claims] == [
        "Backups start at 02:00 a.m. UTC on weekdays.",
        "Version 2.5 adds e.g. exports.",
        "Done.",
    ]
    assert ids_of(answer) == [["b-1"], ["b-2"], []]


def test_claims_inherit_their_sentences_citations_and_markers_can_list_ids():
    text = "The EU plan keeps logs for 7 days; the US plan keeps them for 30 days [x-1, x-2][x-3]."
    answer = parse_text_answer("c", text)
    assert [c.text for c in answer.claims] == ["The EU plan keeps logs for 7 days.", "the US plan keeps them for 30 days."]
    assert ids_of(answer) == [["x-1", "x-2", "x-3"]] * 2
    assert {c.sentence_index for c in answer.claims} == {0}


def test_custom_pattern_and_prose_brackets():
    syntax = CitationSyntax(r"\(source: ([^)]+)\)")
    answer = parse_text_answer("c", "Seats are 12 (source: doc-7). Fine [really not a citation].", syntax=syntax)
    assert ids_of(answer) == [["doc-7"], []]
    assert answer.claims[1].text == "Fine [really not a citation]."
    # the default pattern ignores bracketed prose with spaces
    assert ids_of(parse_text_answer("c", "Fine [see the table below].")) == [[]]


def test_declines():
    assert parse_text_answer("c", "NOT IN CONTEXT.").declined
    assert parse_text_answer("c", "   ").declined
    assert parse_output("c", {"decline": True}).declined
    # a "decline" that still makes cited claims is scored as the claims it makes
    both = parse_output("c", {"decline": True, "answer": "Seats are 12. [a]"})
    assert not both.declined and ids_of(both) == [["a"]]


def test_structured_claims_and_garbage():
    answer = parse_output("c", {"claims": [{"text": "Seats are 12.", "citations": [
        {"chunk_id": "a", "quote": "12 seats", "start": 9, "end": 17}, "b"]}]})
    assert answer.claims[0].citations == (Citation("a", "12 seats", 9, 17), Citation("b"))
    for bad in (42, ["x"], {"answer": 3}, {"claims": "x"}, {"claims": [{"citations": []}]},
                {"nonsense": 1}, {"case_id": "other", "answer": "x"}, {"error": "boom"},
                {"claims": [{"text": "t", "citations": [{"chunk_id": ""}]}]},
                {"claims": [{"text": "t", "citations": [{"chunk_id": "a", "start": "1"}]}]}):
        with pytest.raises(GarbageOutput):
            parse_output("c", bad)


CHUNK = ("Request logs in the us-east-1 region are retained for 30 days from ingestion. "
         "They are then deleted from hot storage.")


def test_quotes_must_be_verbatim():
    assert verify_quote(CHUNK, Citation("x", quote="retained for 30 days")).status == "ok"
    assert verify_quote(CHUNK, Citation("x", quote="retained  for\n30 days")).status == "whitespace"
    assert verify_quote(CHUNK, Citation("x", quote="kept for 30 days")).status == "not-found"
    start = CHUNK.index("retained")
    exact = Citation("x", quote="retained for 30 days", start=start, end=start + 20)
    assert verify_quote(CHUNK, exact).span == (start, start + 20)
    moved = Citation("x", quote="retained for 30 days", start=0, end=20)
    assert verify_quote(CHUNK, moved).status == "offsets-moved"
    assert verify_quote(CHUNK, Citation("x", start=5, end=500)).status == "bad-offsets"
    assert verify_quote(CHUNK, Citation("x")).status == "none"


def test_premise_is_the_full_sentence_never_the_clipped_span():
    check = verify_quote(CHUNK, Citation("x", quote="retained for 30 days"))
    premise = premise_for(CHUNK, check.span)
    # the region, the one word that makes this the wrong evidence for an EU claim, comes back
    assert "us-east-1" in premise
    assert premise == "Request logs in the us-east-1 region are retained for 30 days from ingestion."
    spanning = (CHUNK.index("ingestion"), CHUNK.index("deleted"))
    assert premise_for(CHUNK, spanning) == CHUNK
    assert premise_for(CHUNK, None) == CHUNK


# words of three or more letters from an alphabet that spells no abbreviation ("dec.", "fig.")
words = st.from_regex(r"[klmqwxyz]{3,8}( [klmqwxyz]{3,8}){0,4}", fullmatch=True)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(words, st.lists(st.from_regex(r"p-[0-9]{1,4}", fullmatch=True), max_size=3)),
                min_size=1, max_size=5))
def test_every_sentence_keeps_exactly_its_own_markers(items):
    text = " ".join(
        f"{w.capitalize()}." + ("" if not ids else " [" + ", ".join(ids) + "]") for w, ids in items
    )
    answer = parse_text_answer("c", text)
    expected = [list(dict.fromkeys(ids)) for _, ids in items]
    assert ids_of(answer) == expected


def test_split_sentences_offsets_point_into_the_text():
    text = "  First one. Second one!\n\nThird - with a list\n- item one\n- item two"
    for span in split_sentences(text):
        assert text[span.start:span.end] == span.text
    assert len(split_sentences(text)) == 5
