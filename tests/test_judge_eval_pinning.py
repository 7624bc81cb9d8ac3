"""Pinning: a run records which judge scored it, and a changed judge is refused."""

from __future__ import annotations

import pytest

from mutagen_cite.judges.base import ScoreJudge
from mutagen_cite.judges.pinning import JudgeChanged, check_pin, judge_record
from mutagen_cite.judges.premise import PremisePolicy

SHA_A = "a" * 64
SHA_B = "b" * 64


class FakeNLI(ScoreJudge):
    def __init__(self, sha, threshold=0.5):
        self.name = "nli:my-model"
        self.weights_sha256 = sha
        self.threshold = threshold
        self.fingerprint = f"nli.v1:{sha}"

    def score(self, pairs):
        return [0.5 for _ in pairs]


class Wrapper(ScoreJudge):
    """Like the verdict cache: the real judge is ``inner``."""

    def __init__(self, inner):
        self.inner = inner
        self.name = inner.name
        self.threshold = inner.threshold
        self.fingerprint = inner.fingerprint


def test_record_holds_name_model_hash_threshold_policy():
    rec = judge_record(Wrapper(FakeNLI(SHA_A)), PremisePolicy())
    assert rec["name"] == "nli:my-model" and rec["model"] == "my-model" and rec["kind"] == "nli"
    assert rec["weights_sha256"] == SHA_A and rec["threshold"] == 0.5
    assert rec["premise_policy"] == {"name": "relevant", "max_chars": 1200, "max_sentences": 4}


def test_same_judge_passes_and_changed_weights_are_refused():
    base = {"judge": judge_record(FakeNLI(SHA_A), PremisePolicy())}
    assert check_pin(base, judge_record(FakeNLI(SHA_A), PremisePolicy()), allow_change=False) == []
    with pytest.raises(JudgeChanged) as err:
        check_pin(base, judge_record(FakeNLI(SHA_B), PremisePolicy()), allow_change=False)
    assert "aaaaaaaaaaaa" in str(err.value) and "--allow-judge-change" in str(err.value)
    changes = check_pin(base, judge_record(FakeNLI(SHA_B), PremisePolicy()), allow_change=True)
    assert any("weights" in c for c in changes)


def test_threshold_and_policy_changes_are_changes_too():
    base = judge_record(FakeNLI(SHA_A), PremisePolicy())
    assert check_pin(base, judge_record(FakeNLI(SHA_A, 0.7), PremisePolicy()), allow_change=True)
    assert check_pin(base, judge_record(FakeNLI(SHA_A), PremisePolicy("full")), allow_change=True)


def test_a_baseline_without_a_judge_pins_nothing():
    assert check_pin({}, judge_record(FakeNLI(SHA_A)), allow_change=False) == []


def test_run_refuses_a_judge_other_than_the_baselines(tmp_path):
    """`run --baseline` pins the judge a report recorded; --allow-judge-change lets it through."""
    from pathlib import Path

    from click.testing import CliRunner

    from mutagen_cite.cli import main

    suite = Path(__file__).parent / "fixtures" / "run" / "mini_suite.yaml"
    first = CliRunner().invoke(main, ["run", str(suite), "-g", "oracle", "--judge", "lexical", "-q",
                                      "-o", str(tmp_path / "base.jsonl"), "--json", str(tmp_path / "base.json")])
    assert first.exit_code == 0, first.output
    same = CliRunner().invoke(main, ["run", str(suite), "-g", "oracle", "--judge", "lexical", "-q",
                                     "-o", str(tmp_path / "again.jsonl"), "--baseline", str(tmp_path / "base.json")])
    assert same.exit_code == 0, same.output
    other = CliRunner().invoke(main, ["run", str(suite), "-g", "oracle", "--judge", "slots", "-q",
                                      "-o", str(tmp_path / "other.jsonl"), "--baseline", str(tmp_path / "base.jsonl")])
    assert other.exit_code == 2, other.output
    assert "--allow-judge-change" in other.output and "Traceback" not in other.output
    allowed = CliRunner().invoke(main, ["run", str(suite), "-g", "oracle", "--judge", "slots", "-q",
                                        "-o", str(tmp_path / "other.jsonl"), "--baseline", str(tmp_path / "base.jsonl"),
                                        "--allow-judge-change"])
    assert allowed.exit_code == 0, allowed.output
    assert "judge changed" in allowed.output
