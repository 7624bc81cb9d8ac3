"""An interrupted parse resumes from the parse cache: documents finished before the
interruption are not parsed again (issue 16, item 4)."""

from __future__ import annotations

import pytest

from mutagen_cite.analysis import parse_cache
from mutagen_cite.analysis.annotate import Annotator, load_spacy
from mutagen_cite.analysis.parse_cache import annotate_documents
from mutagen_cite.corpus import load_corpus


class Interrupted(Exception):
    pass


def test_rerun_after_an_interruption_parses_only_the_rest(demo_dir, tmp_path, monkeypatch):
    documents = load_corpus(demo_dir).documents
    assert len({d.text for d in documents}) == len(documents)
    annotator = Annotator(load_spacy(), n_process=1)
    real_put = parse_cache.ParseCache.put
    written = []

    def put_then_stop(self, doc, sentences):
        if len(written) == 4:
            raise Interrupted  # as a Ctrl-C after four documents were written
        real_put(self, doc, sentences)
        written.append(doc.id)

    monkeypatch.setattr(parse_cache.ParseCache, "put", put_then_stop)
    with pytest.raises(Interrupted):
        annotate_documents(documents, annotator, cache_dir=tmp_path)
    monkeypatch.setattr(parse_cache.ParseCache, "put", real_put)
    resumed, stats = annotate_documents(documents, annotator, cache_dir=tmp_path)
    assert stats.parsed == len(documents) - 4
    fresh, _ = annotate_documents(documents, annotator, cache_dir=None)
    assert resumed == fresh  # the cached four read back exactly as parsed
