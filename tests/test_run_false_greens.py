"""Issue 14 (High 1-4) and 17: no silent mis-scoring, no false greens.

Every run here goes through the CLI on the new-format pair fixture, with the gates the
README recommends (RECOMMENDED below is the README's own line)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from mutagen_cite.cli import main
from mutagen_cite.run.generators import make_generator
from mutagen_cite.run.generators.base import Request
from mutagen_cite.cases.suite_format import load_suite

FIXTURES = Path(__file__).parent / "fixtures" / "run"
SUITE = FIXTURES / "pairs_suite.yaml"
REPLAY = FIXTURES / "replay_generator.py"
RECOMMENDED = ["--fail-under", "pair_pass=0.9,both_present_pass=0.9,true_absent_pass=0.9",
               "--fail-over", "errored=0,case_mis_attribution=0"]


def invoke(args, env=None):
    return CliRunner().invoke(main, ["run", *args], catch_exceptions=False, env={"HF_HUB_OFFLINE": "1", **(env or {})})


@pytest.fixture
def perfect_answers(tmp_path):
    """The oracle's answers, to be replayed by an external command."""
    oracle = make_generator("oracle")
    answers = {c.id: oracle.generate(Request.from_case(c)) for c in load_suite(SUITE).cases}
    answers = {k: v if isinstance(v, dict) else {"answer": v} for k, v in answers.items()}
    path = tmp_path / "answers.json"
    path.write_text(json.dumps(answers))
    return path


def replay(path):
    return f'command:"{sys.executable} {REPLAY} {path}"'


@pytest.mark.parametrize("echo", ["0", "1"])
def test_one_stray_stdout_line_shifts_nothing(perfect_answers, tmp_path, echo):
    out = tmp_path / "r.jsonl"
    result = invoke([str(SUITE), "-g", replay(perfect_answers), "--judge", "lexical", "-o", str(out), "-q",
                     "--cache-dir", str(tmp_path / "c"), *RECOMMENDED], env={"STRAY_BEFORE": "3", "ECHO_ID": echo})
    assert result.exit_code == 0, result.output
    assert "8 cases, 8 passed, 0 errored" in result.output
    assert "pairs caught       1.00 (4/4)" in result.output


def test_a_generator_crashing_on_a_third_of_cases_exits_non_zero(perfect_answers, tmp_path):
    env = {"CRASH_EVERY": "3", "COUNT_FILE": str(tmp_path / "count")}
    args = [str(SUITE), "-g", replay(perfect_answers), "--judge", "lexical", "-q", "--cache-dir", str(tmp_path / "c")]
    result = invoke([*args, "-o", str(tmp_path / "a.jsonl"), *RECOMMENDED], env=env)
    assert result.exit_code == 1
    assert "errored 2 > 0" in result.output
    # no gate at all: still exit 1, because cases errored
    result = invoke([*args, "-o", str(tmp_path / "b.jsonl"), "--fail-under", "citation_accuracy=0.5"],
                    env={**env, "COUNT_FILE": str(tmp_path / "count2")})
    assert result.exit_code == 1 and "could not be answered" in result.output
    assert "citation_accuracy" in result.output
    result = invoke([*args, "-o", str(tmp_path / "c.jsonl"), "--allow-errors"],
                    env={**env, "COUNT_FILE": str(tmp_path / "count3")})
    assert result.exit_code == 0


@pytest.mark.parametrize("generator", ["first-chunk", "abstain", "python:never_citing.py:answer"])
def test_useless_systems_catch_no_pair_and_fail_a_pair_gate(tmp_path, generator, monkeypatch):
    (tmp_path / "never_citing.py").write_text(
        "def answer(request):\n"
        "    return request['context'][0]['text']  # answers from the first chunk, cites nothing\n")
    monkeypatch.chdir(tmp_path)
    result = invoke([str(SUITE), "-g", generator, "--judge", "lexical", "-o", str(tmp_path / "r.jsonl"), "-q",
                     "--cache-dir", str(tmp_path / "c"), "--fail-under", "pair_pass=0.5"])
    assert result.exit_code == 1, result.output
    assert "gates failed: pair_pass" in result.output


def test_minimum_gate_on_a_count_is_refused_and_maximum_accepted(tmp_path):
    result = invoke([str(SUITE), "-g", "oracle", "-o", str(tmp_path / "r.jsonl"), "--fail-under", "errored=0"])
    assert result.exit_code == 2 and "--fail-over errored=0" in result.output
    result = invoke([str(SUITE), "-g", "oracle", "--judge", "lexical", "-o", str(tmp_path / "r.jsonl"), "-q",
                     "--fail-under", "errored<=0,pair_pass>=1,quantity.pair_pass=1"])
    assert result.exit_code == 0 and "gate ok    errored 0 <= 0" in result.output
    assert "gate ok    quantity.pair_pass 1.00 >= 1.00" in result.output


def test_baseline_json_report_is_read_and_an_empty_one_refused(tmp_path):
    js = tmp_path / "base.json"
    first = invoke([str(SUITE), "-g", "oracle", "--judge", "lexical", "-o", str(tmp_path / "a.jsonl"), "-q",
                    "--json", str(js)])
    assert first.exit_code == 0
    again = invoke([str(SUITE), "-g", "oracle", "--judge", "slots", "-o", str(tmp_path / "b.jsonl"), "-q",
                    "--baseline", str(js)])
    assert again.exit_code == 2 and "judge" in again.output.lower()
    empty = tmp_path / "empty.json"
    empty.write_text("{}")
    again = invoke([str(SUITE), "-g", "oracle", "--judge", "lexical", "-o", str(tmp_path / "c.jsonl"), "-q",
                    "--baseline", str(empty)])
    assert again.exit_code == 2 and "no judge record" in again.output


def test_partial_rescore_refuses_gates_unless_allowed(tmp_path):
    out = tmp_path / "r.jsonl"
    assert invoke([str(SUITE), "-g", "oracle", "--judge", "lexical", "-o", str(out), "-q"]).exit_code == 0
    lines = out.read_text().splitlines()
    out.write_text("\n".join(lines[:-2]) + "\n" + lines[-1][:40])  # one case lost, one torn
    result = invoke(["--rescore", str(out), "--fail-under", "both_present_pass=0.5"])
    assert result.exit_code == 2 and "2 of 8 case(s) are missing" in result.output
    result = invoke(["--rescore", str(out), "--fail-under", "both_present_pass=0.5", "--allow-partial"])
    assert result.exit_code == 0


def test_markdown_report_escapes_generator_html(tmp_path, monkeypatch):
    (tmp_path / "html_gen.py").write_text(  # asserts the absent claim, so its text lands in the reasons
        "def answer(request):\n"
        "    return '<img src=x onerror=alert(1)> Frankfurt [' + request['context'][0]['chunk_id'] + ']'\n")
    monkeypatch.chdir(tmp_path)
    md = tmp_path / "r.md"
    invoke([str(SUITE), "-g", "python:html_gen.py:answer", "--judge", "lexical", "-o", str(tmp_path / "r.jsonl"),
            "-q", "--report", str(md)])
    text = md.read_text()
    assert "<img" not in text and "&lt;img" in text


def test_errored_cases_count_against_citation_accuracy_and_pairs():
    from mutagen_cite.run.scoring import summarise

    ok = {"case_id": "a-both-present", "variant": "both-present", "family": "scope",
          "verdict": {"passed": True}, "judged": [{"claim": 0, "kind": "cited", "supported": True, "chunk_ids": ["p"]}],
          "answer": {"claims": [{"text": "x", "citations": [{"chunk_id": "p", "resolution": "ok"}]}]}}
    crashed = {"case_id": "a-true-absent", "variant": "true-absent", "family": "scope", "error": "boom",
               "verdict": {"passed": False, "status": "error"}, "answer": None, "judged": []}
    m = summarise([ok, crashed])["overall"]
    assert m["citation_accuracy"] == 0.5  # 1 supported of 1 cited claim + 1 errored case
    assert m["pairs"] == 1 and m["pair_pass"] == 0.0 and m["errored"] == 1
    assert m["cited_answer_rate"] == 0.5
