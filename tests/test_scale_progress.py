"""Every long stage of `mine`, `build` and `audit` reports a progress bar with a total (issue 16:
"progress bars with ETA for every long stage"): checked through the project's progress
interface (``progress(label, total, unit=...)``, what :func:`mutagen_cite.progress.bar_factory`
makes), by recording the bars a command asks for and what they were advanced by. No timing."""

from __future__ import annotations

import hashlib
from collections import defaultdict

import numpy as np
import pytest

from mutagen_cite.analysis.pipeline import analyse
from mutagen_cite.analysis.sublinear import budget_for
from mutagen_cite.audit import hardness
from mutagen_cite.audit.embeddings import Embedder
from mutagen_cite.progress import bar_factory

N_CASES = 16


class Recorder:
    """A progress factory that records each bar's label, total and advances."""

    def __init__(self):
        self.totals: dict[str, list[int]] = defaultdict(list)
        self.advanced: dict[str, int] = defaultdict(int)
        self.enabled = False  # the corpus loader's own bar stays off

    def __call__(self, label: str, total: int, unit: str = "doc"):
        self.totals[label].append(total)

        def advance(n: int) -> None:
            self.advanced[label] += n

        advance.close = lambda: None
        return advance


class _HashModel:
    """A stand-in sentence model: a vector from the text's hash (no download, deterministic)."""

    def encode(self, texts, batch_size=64, show_progress_bar=False, convert_to_numpy=True, normalize_embeddings=False):
        rows = [np.frombuffer(hashlib.sha256(t.encode()).digest(), dtype=np.uint8)[:16].astype(np.float32) for t in texts]
        return np.stack(rows) if rows else np.zeros((0, 16), dtype=np.float32)


def _embedder() -> Embedder:
    return Embedder(_HashModel(), name="hash", weights_sha256=None)


def _reported(rec: Recorder, label: str) -> int:
    assert rec.totals.get(label), f"stage {label!r} reported no bar (bars: {sorted(rec.totals)})"
    total = sum(rec.totals[label])
    assert total > 0 and 0 < rec.advanced[label] <= total, (label, rec.totals[label], rec.advanced[label])
    return total


@pytest.fixture(scope="module")
def built(demo_dir, tmp_path_factory):
    from mutagen_cite.cases.build import build_suite

    rec = Recorder()
    cache = tmp_path_factory.mktemp("progress-cache")
    analysis = analyse(demo_dir, cache_dir=cache, progress=rec,
                       budget=budget_for(N_CASES, None, 7, 5.0))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(hardness, "load_embedder_for", lambda *a, **k: _embedder())
        suite, _ = build_suite(analysis, n_cases=N_CASES, seed=7, min_hardness=["embedding"], progress=rec)
    return rec, analysis, suite


@pytest.mark.parametrize("label", ["scoring", "parsing until the pools are full", "mining",
                                   "mutating", "embedding", "label check", "selecting"])
def test_every_build_stage_reports_a_total(built, label):
    _reported(built[0], label)


def test_build_bar_totals_are_the_work(built):
    rec, analysis, suite = built
    documents = len(analysis.corpus.documents)
    assert rec.totals["scoring"] == [documents]
    assert rec.totals["parsing until the pools are full"] == [documents]
    assert rec.advanced["parsing until the pools are full"] == len(analysis.sentences)
    assert rec.totals["mutating"] == [len(analysis.sentences)]
    assert rec.totals["selecting"] == [N_CASES // 2]
    assert rec.advanced["selecting"] == len(suite.cases) // 2
    assert rec.advanced["embedding"] == sum(rec.totals["embedding"])  # every text sent to the model is counted


def test_mine_reports_parsing_and_mining(demo_dir, tmp_path):
    rec = Recorder()
    analyse(demo_dir, cache_dir=tmp_path, progress=rec, stream=True)
    assert _reported(rec, "annotating") > 0
    _reported(rec, "mining")


def test_audit_embedding_reports_a_total():
    from mutagen_cite.audit.similarity import EmbeddingSimilarity

    rec = Recorder()
    embedder = _embedder()
    embedder.bars = rec
    texts = [f"Sentence number {i} of a made-up page." for i in range(300)]
    EmbeddingSimilarity(embedder).prepare(texts)
    assert rec.totals["embedding"] == [300] and rec.advanced["embedding"] == 300


def test_quiet_factory_makes_no_bar():
    advance = bar_factory(False)("parsing", 10)
    advance(3)  # a no-op, and no tqdm bar on stderr
    assert not hasattr(advance, "close")


def test_no_bar_on_a_stderr_that_is_not_a_terminal(capsys):
    advance = bar_factory(True)("parsing", 10)
    advance(10)  # pytest's captured stderr is not a TTY: tqdm stays silent
    assert capsys.readouterr().err == ""
