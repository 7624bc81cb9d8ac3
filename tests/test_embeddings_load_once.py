"""A process loads an embedding model once: `build` embeds for hardness and for the
entailed-elsewhere check, and both go through `load_embedder`."""

from __future__ import annotations

import sentence_transformers

from mutagen_cite.audit import embeddings


class _Counted:
    made: list[str] = []

    def __init__(self, target, device=None):
        _Counted.made.append(target)


def test_the_same_model_is_loaded_once_per_process(monkeypatch, tmp_path):
    monkeypatch.setattr(embeddings, "_LOADED", {}, raising=False)
    monkeypatch.setattr(sentence_transformers, "SentenceTransformer", _Counted)
    _Counted.made = []
    a = embeddings.load_embedder(None, cache_dir=tmp_path / "a")
    b = embeddings.load_embedder(None, cache_dir=tmp_path / "b")
    assert len(_Counted.made) == 1
    assert a.model is b.model
