"""Streaming `mine` (issue 16): documents go to the parse cache and an on-disk accumulator as
they are parsed and are dropped; the output is byte for byte the one of the whole-corpus path."""

from __future__ import annotations

import json

import pytest

from mutagen_cite.analysis import mine as mine_module
from mutagen_cite.analysis.annotate import load_spacy
from mutagen_cite.analysis.mine import MineAccumulator, SpillStore
from mutagen_cite.analysis.pipeline import analyse, mine_document


@pytest.fixture(scope="module")
def nlp():
    return load_spacy()


@pytest.fixture(scope="module")
def whole(demo_dir, nlp, tmp_path_factory):
    cache = tmp_path_factory.mktemp("cache")
    return analyse(demo_dir, nlp=nlp, cache_dir=cache), cache


def _dump(analysis) -> str:
    return json.dumps(mine_document(analysis), sort_keys=False)


def _summary(analysis) -> tuple:
    return (analysis.document_count(), analysis.sentence_count(), analysis.slot_counts(),
            analysis.markup_sentence_count(), analysis.enumeration_counts(), analysis.mined.repeats)


def test_streamed_mine_keeps_no_sentence_and_gives_the_same_output(demo_dir, nlp, whole, tmp_path):
    full, _ = whole
    streamed = analyse(demo_dir, nlp=nlp, cache_dir=tmp_path / "c", stream=True)  # cold: parsed while streaming
    assert streamed.sentences == {} and streamed.parse_stats.parsed == full.parse_stats.documents
    assert full.sentence_count() > 500 and full.mined.enumerations
    assert _summary(streamed) == _summary(full)
    assert _dump(streamed) == _dump(full)
    assert streamed.mined.membership == full.mined.membership and streamed.mined.kinds_of == full.mined.kinds_of
    # and again from the cache it wrote
    again = analyse(demo_dir, nlp=nlp, cache_dir=tmp_path / "c", stream=True)
    assert again.parse_stats.parsed == 0 and _dump(again) == _dump(full)


def test_accumulator_result_does_not_depend_on_document_order_or_store(whole):
    full, _ = whole
    by_doc = full.sentences
    expected = full.mined
    for order, store in ((sorted(by_doc, reverse=True), SpillStore()), (list(by_doc), None)):
        acc = MineAccumulator(store=store)
        for doc_id in order:
            acc.add(doc_id, by_doc[doc_id])
        got = acc.result()
        assert got == expected
        if store is not None:
            store.close()


def test_clustering_in_row_blocks_finds_the_same_groups(whole, monkeypatch):
    full, _ = whole
    monkeypatch.setattr(mine_module, "_CDIST_ROWS", 3)  # many blocks even on the demo corpus
    assert mine_module.mine(full.sentences) == full.mined
