"""Chunking: sentence-aligned windows with exact offsets, checked on hand-made documents, on
generated text, and on every document of the demo and shared corpora."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mutagen_cite.corpus import (
    ChunkSettings,
    chunk_containing,
    chunk_document,
    document_from_text,
    load_corpus,
    sentence_spans,
)
from mutagen_cite.errors import ConfigError
from mutagen_cite.model import parse_chunk_id


def doc_of(*sentences: str, fmt: str = "markdown"):
    return document_from_text("d.md", " ".join(sentences) + "\n", fmt)


S = [f"Sentence number {i} is here." for i in range(10)]  # 27 chars each


def test_windows_hold_whole_sentences_up_to_max_chars_with_overlap():
    doc = doc_of(*S)
    chunks = chunk_document(doc, max_chars=60, overlap=1)
    assert [c.text for c in chunks[:2]] == [f"{S[0]} {S[1]}", f"{S[1]} {S[2]}"]
    assert chunks[-1].text.endswith(S[9])
    assert len(chunks) == 9


def test_no_overlap_partitions_the_sentences():
    chunks = chunk_document(doc_of(*S), max_chars=90, overlap=0)
    assert [c.text.count("Sentence") for c in chunks] == [3, 3, 3, 1]
    assert all(a.end < b.start for a, b in zip(chunks, chunks[1:]))


def test_long_sentence_is_its_own_chunk():
    long = "Word " * 60 + "end."
    chunks = chunk_document(doc_of(S[0], long, S[1]), max_chars=100, overlap=1)
    assert [c.text for c in chunks] == [S[0], long.strip(), S[1]]


def test_chunk_ids_resolve_to_their_text():
    doc = doc_of(*S)
    for c in chunk_document(doc):
        doc_id, a, b = parse_chunk_id(c.id)
        assert (doc_id, doc.text[a:b]) == ("d.md", c.text)


def test_chunk_containing_returns_the_first_chunk_holding_the_span():
    doc = doc_of(*S)
    spans = sentence_spans(doc)
    chunks = chunk_document(doc, max_chars=60, overlap=1)
    for a, b in spans:
        c = chunk_containing(doc, a, b, max_chars=60, overlap=1)
        assert c.start <= a and b <= c.end
        assert c == next(x for x in chunks if x.start <= a and b <= x.end)
    with pytest.raises(ValueError):
        chunk_containing(doc, spans[0][0], spans[5][1], max_chars=60, overlap=1)


def test_settings_validate_and_serialise():
    assert ChunkSettings().as_dict() == {"max_chars": 700, "overlap": 1}
    with pytest.raises(ConfigError):
        ChunkSettings(max_chars=0)
    with pytest.raises(ConfigError):
        chunk_document(doc_of(*S), overlap=-1)


# ----------------------------------------------------------------------------- invariants


def check_document(doc, max_chars: int = 700, overlap: int = 1) -> tuple[int, int]:
    spans = sentence_spans(doc)
    chunks = chunk_document(doc, max_chars=max_chars, overlap=overlap)
    for a, b in spans:
        assert 0 <= a < b <= len(doc.text)
        assert doc.text[a:b].strip() == doc.text[a:b]
    assert spans == sorted(spans)
    assert all(p[1] <= q[0] for p, q in zip(spans, spans[1:]))
    starts = {a for a, _ in spans}
    ends = {b for _, b in spans}
    for c in chunks:
        assert doc.text[c.start : c.end] == c.text
        assert c.start in starts and c.end in ends  # whole sentences only
        inside = [s for s in spans if c.start <= s[0] and s[1] <= c.end]
        assert c.end - c.start <= max_chars or len(inside) == 1
    for a, b in spans:  # chunks cover every sentence
        assert any(c.start <= a and b <= c.end for c in chunks)
    for p, q in zip(chunks, chunks[1:]):  # consecutive windows share `overlap` sentences at most
        shared = [s for s in spans if q.start <= s[0] and s[1] <= p.end]
        assert len(shared) <= overlap
        assert p.start < q.start
    return len(spans), len(chunks)


@st.composite
def sentence_documents(draw):
    words = st.lists(st.sampled_from(["alpha", "Beta", "v1.2", "e.g.", "99.9%", "gamma", "Delta"]),
                     min_size=1, max_size=30)
    sentences = draw(st.lists(words.map(lambda w: " ".join(w) + "."), min_size=1, max_size=25))
    seps = draw(st.lists(st.sampled_from([" ", "\n", "\n\n"]), min_size=len(sentences), max_size=len(sentences)))
    return "".join(s + sep for s, sep in zip(sentences, seps))


@settings(max_examples=150, deadline=None)
@given(sentence_documents(), st.integers(min_value=1, max_value=400), st.integers(min_value=0, max_value=3),
       st.sampled_from(["markdown", "text"]))
def test_chunk_invariants_on_generated_documents(text, max_chars, overlap, fmt):
    check_document(document_from_text("g.md", text, fmt), max_chars, overlap)


def _demo_or_generated(demo_dir, tmp_path):
    if demo_dir.is_dir() and any(p.is_file() for p in demo_dir.rglob("*")):
        return demo_dir
    (tmp_path / "a.md").write_text("# Plans\n\n| Plan | Price |\n|---|---|\n| Pro | $20 |\n\nText. More text.\n")
    (tmp_path / "b.txt").write_text("Plain document.\nWrapped line.\n")
    return tmp_path


def test_offset_invariant_on_every_demo_document(demo_dir, tmp_path):
    corpus = load_corpus(_demo_or_generated(demo_dir, tmp_path))
    assert corpus.documents
    for doc in corpus.documents:
        check_document(doc)


def test_demo_corpus_loads_without_warnings(demo_dir):
    if not (demo_dir.is_dir() and any(p.is_file() for p in demo_dir.rglob("*"))):
        pytest.skip("the demo corpus is not written yet")
    assert load_corpus(demo_dir).warnings == ()


def test_offset_invariant_on_every_shared_document(shared_corpora):
    for root in shared_corpora:
        corpus = load_corpus(root)
        assert corpus.unreadable == ()
        # only files of other types (a MANIFEST.tsv, images) are reported, counted per extension
        assert all(w.message.startswith("skipped: not a supported type") for w in corpus.warnings)
        for doc in corpus.documents:
            n_sentences, n_chunks = check_document(doc)
            assert n_sentences and n_chunks
