"""`build` prefers hard near misses by default (``--min-hardness embedding``), scoring only the
top of each family's ranking (``audit.hardness.WINDOW``), and records both in the header.

The embedding is replaced by a stand-in that calls a pair hard by a hash of its true chunk
(about half of them) and counts what it scores, so the tests need no model, and a build that
ignores the preference, or scores every candidate, shows."""

from __future__ import annotations

import hashlib
import math
from collections import Counter

import pytest
from click.testing import CliRunner

from mutagen_cite.audit import hardness
from mutagen_cite.cases.suite_format import load_suite
from mutagen_cite.cli import main

N_CASES = 28


def _hard_by_hash(distractor_text: str) -> bool:
    return hashlib.sha256(distractor_text.encode()).digest()[0] % 2 == 0


class _NoEmbedder:
    """Stands in for the embedding model where the build encodes text itself (the
    entailed-elsewhere check): every vector is zero, so no unit restates a claim and the check
    drops nothing."""

    def encode(self, texts, **_):
        import numpy as np

        return np.zeros((len(texts), 4), dtype=np.float32)


class _Counting:
    """Scores (true, distractor) for the question: the distractor wins when its text hashes
    even. Records every distractor it was asked about."""

    name = "embedding"

    def __init__(self):
        self.seen: list[str] = []

    def scores(self, query, passages):
        _, distractor = passages
        self.seen.append(distractor)
        return [0.0, 1.0] if _hard_by_hash(distractor) else [1.0, 0.0]


def _build(demo_dir, tmp_path, name, *extra):
    out = tmp_path / f"{name}.yaml"
    result = CliRunner().invoke(main, ["build", str(demo_dir), "-o", str(out), "--cases", str(N_CASES),
                                       "--judge", "slots", "--cache-dir", str(tmp_path / "cache"), "--quiet",
                                       *extra])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def built(demo_dir, tmp_path_factory):
    """Two default builds and one with ``--min-hardness none``, under the stand-in (built once:
    each build parses the demo corpus)."""
    tmp_path = tmp_path_factory.mktemp("default-hardness")
    sim = _Counting()
    sizes: list[tuple[int, int]] = []
    real_window = hardness.scoring_window

    def window(by_family, total_pairs, seed, window=hardness.WINDOW):
        got = real_window(by_family, total_pairs, seed, window)
        sizes.append((len(got), sum(len(v) for v in by_family.values())))
        return got

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(hardness, "make_similarity", lambda name, **_: sim)
        mp.setattr(hardness, "load_embedder_for", lambda *a, **k: _NoEmbedder())
        mp.setattr(hardness, "scoring_window", window)
        a = _build(demo_dir, tmp_path, "a")
        scored_a = len(set(sim.seen))
        b = _build(demo_dir, tmp_path, "b")
        off = _build(demo_dir, tmp_path, "off", "--min-hardness", "none")
    return {"a": a, "b": b, "off": off, "sizes": sizes, "scored": scored_a}


def _distractors(suite) -> list[str]:
    return [c.chunk_text(c.expect.cited_chunks_exclude[0]) for c in suite.cases if c.variant == "both-present"]


def test_default_build_prefers_hard_pairs_and_records_it(built):
    default, off = load_suite(built["a"]), load_suite(built["off"])
    settings = default.header.settings
    assert settings["min_hardness"] == list(hardness.DEFAULT_MIN_HARDNESS) == ["embedding"]
    assert settings["hardness_window"] == hardness.WINDOW
    assert "min_hardness" not in off.header.settings and "hardness_window" not in off.header.settings
    hard = [_hard_by_hash(t) for t in _distractors(default)]
    hard_off = [_hard_by_hash(t) for t in _distractors(off)]
    assert len(hard) == len(hard_off) == N_CASES // 2
    # about half the candidates are hard; the preference takes them first where its window has them
    assert sum(hard) >= 0.8 * len(hard) and sum(hard) > sum(hard_off)
    # the preference reorders within a family: every family keeps its share
    assert Counter(c.family for c in default.cases) == Counter(c.family for c in off.cases)


def test_only_the_top_of_each_ranking_is_scored(built):
    (scored, total), _ = built["sizes"]
    families = 7
    assert scored <= hardness.WINDOW * math.ceil(N_CASES / 2 / families) * families
    assert scored < total / 2  # the demo has many more candidates than the window
    assert 0 < built["scored"] <= scored


def test_same_seed_same_bytes_with_the_default_preference(built):
    assert built["a"].read_bytes() == built["b"].read_bytes()


def test_window_must_be_positive():
    from mutagen_cite.errors import ConfigError

    with pytest.raises(ConfigError, match="window"):
        hardness.scoring_window({"scope": []}, 4, 13, window=0)


def test_unknown_function_fails_before_parsing(demo_dir, tmp_path):
    result = CliRunner().invoke(main, ["build", str(demo_dir), "-o", str(tmp_path / "s.yaml"),
                                       "--min-hardness", "embeding", "--no-cache", "--quiet"])
    assert result.exit_code != 0 and "embeding" in result.output and "Traceback" not in result.output


def test_no_cache_dir_means_no_embedding_cache(monkeypatch, tmp_path):
    """``build --no-cache`` passes no cache folder: the embedder must not fall back to writing
    ``.mutagen-cache/embeddings`` in the working directory."""
    from mutagen_cite.audit import embeddings

    calls = []
    monkeypatch.setattr(embeddings, "load_embedder", lambda name=None, **kw: calls.append(kw) or object())
    hardness.load_embedder_for(None, None)
    hardness.load_embedder_for(None, tmp_path)
    assert calls[0].get("use_cache") is False
    assert calls[1]["cache_dir"] == tmp_path / "embeddings" and calls[1].get("use_cache", True)
