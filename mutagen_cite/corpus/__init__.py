"""Corpus loading, markup stripping, sentence spans and chunking with exact offsets.

    corpus = load_corpus("docs/")                      # Corpus(root, documents, warnings)
    doc = corpus.by_id("pricing/plans.md")
    for start, end in sentence_spans(doc): ...         # THE sentence definition
    chunks = chunk_document(doc, max_chars=700, overlap=1)
    assert all(doc.text[c.start:c.end] == c.text for c in chunks)
"""

from __future__ import annotations

from .chunking import ChunkSettings, chunk_containing, chunk_document
from .formats import EXTENSIONS, SUPPORTED
from .loader import Corpus, LoadWarning, document_from_text, load_corpus
from .sentences import SPLITTER_VERSION, sentence_spans, split_sentences

__all__ = [
    "Corpus",
    "LoadWarning",
    "load_corpus",
    "document_from_text",
    "sentence_spans",
    "split_sentences",
    "SPLITTER_VERSION",
    "chunk_document",
    "chunk_containing",
    "ChunkSettings",
    "SUPPORTED",
    "EXTENSIONS",
]
