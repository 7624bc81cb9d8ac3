"""`mutagen-cite run` end to end through Click: reports, JUnit, gates, rescoring, help."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from mutagen_cite.cli import main

SUITE = Path(__file__).parent / "fixtures" / "run" / "mini_suite.yaml"


@pytest.fixture
def runner():
    return CliRunner()


def invoke(runner, args, tmp_path):
    return runner.invoke(main, ["run", *args], catch_exceptions=False, env={"HF_HUB_OFFLINE": "1"})


def test_oracle_run_writes_every_report(runner, tmp_path):
    out, md, js, junit = (tmp_path / n for n in ("r.jsonl", "r.md", "r.json", "j.xml"))
    result = invoke(runner, [str(SUITE), "-g", "oracle", "--judge", "lexical", "-o", str(out), "--report", str(md),
                             "--json", str(js), "--junit", str(junit), "-q", "--cache-dir", str(tmp_path / "c"),
                             "--fail-under", "pass_rate=0.95"], tmp_path)
    assert result.exit_code == 0, result.output
    assert "10 cases, 10 passed, 0 errored" in result.output
    assert "gate ok    pass_rate 1.00 >= 0.95" in result.output
    report = json.loads(js.read_text())
    assert report["summary"]["overall"]["pass_rate"] == 1.0 and report["gates_passed"] is True
    assert next(iter(report)) == "headline" and report["headline"]["pair_pass"] == 1.0  # pairs first
    assert md.read_text().split("\n")[2].strip().startswith("pairs caught       1.00 (5/5)")
    assert "| overall | 10 | 1.00 (10/10)" in md.read_text()
    tree = ET.parse(junit)
    cases = tree.getroot().findall(".//testcase")
    assert len(cases) == 10 and not tree.getroot().findall(".//failure")
    assert len(out.read_text().splitlines()) == 11


def test_failing_gates_exit_1_with_the_numbers(runner, tmp_path):
    junit = tmp_path / "j.xml"
    result = invoke(runner, [str(SUITE), "-g", "extractive-lexical", "--judge", "lexical", "-o",
                             str(tmp_path / "r.jsonl"),
                             "--junit", str(junit), "-q", "--fail-under", "citation_accuracy=0.8,pair_pass=0.7",
                             "--fail-under", "scope.both_present_pass=0.5"], tmp_path)
    assert result.exit_code == 1
    assert "gates failed: pair_pass 0.40 < 0.70" in result.output
    assert "citation_accuracy 1.00 >= 0.80" in result.output
    root = ET.parse(junit).getroot()
    assert "pairs caught 0.40 (2/5)" in root.find("testsuite").get("name")
    failures = root.findall(".//failure")
    assert len(failures) == 3
    assert any("cited the near-miss chunk" in f.get("message") for f in failures)


def test_bad_gate_and_bad_generator_are_one_line_errors(runner, tmp_path):
    result = invoke(runner, [str(SUITE), "-g", "oracle", "-o", str(tmp_path / "r.jsonl"),
                             "--fail-under", "citation_acuracy=0.8"], tmp_path)
    assert result.exit_code == 2
    assert "unknown metric 'citation_acuracy'" in result.output and "citation_accuracy" in result.output
    result = invoke(runner, [str(SUITE), "-g", "crystal-ball", "-o", str(tmp_path / "r.jsonl")], tmp_path)
    assert result.exit_code == 2 and "unknown generator" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("pattern, says", [
    (r"\[p-\d+\]", "has no capturing group"),                # matches markers but captures no id
    (r"\[(p-\d+\]", "is not a valid regular expression"),    # unbalanced parenthesis
])
def test_bad_cite_pattern_is_a_one_line_error_naming_the_fix(runner, tmp_path, pattern, says):
    out = tmp_path / "r.jsonl"
    result = invoke(runner, [str(SUITE), "-g", "oracle", "--judge", "lexical", "-o", str(out), "-q",
                             "--cite-pattern", pattern], tmp_path)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and says in lines[0] and "Traceback" not in result.output
    assert lines[0].lower().startswith("error: --cite-pattern") and "hint:" in lines[0] and "e.g. --cite-pattern" in lines[0]
    assert not out.exists()  # refused before any case ran


def test_a_valid_cite_pattern_runs(runner, tmp_path):
    result = invoke(runner, [str(SUITE), "-g", "oracle", "--judge", "lexical", "-o", str(tmp_path / "r.jsonl"), "-q",
                             "--cache-dir", str(tmp_path / "c"), "--cite-pattern", r"\[\s*([^\]]+?)\s*\]",
                             "--fail-under", "pair_pass=1"], tmp_path)
    assert result.exit_code == 0, result.output


def test_rescore_from_the_results_file_alone(runner, tmp_path):
    out = tmp_path / "r.jsonl"
    first = invoke(runner, [str(SUITE), "-g", "first-chunk", "--judge", "lexical", "-o", str(out), "-q"], tmp_path)
    assert first.exit_code == 0
    again = invoke(runner, ["--rescore", str(out), "--fail-under", "pair_pass=0.5"], tmp_path)
    assert again.exit_code == 1
    assert "pair_pass 0.00 < 0.50" in again.output  # first-chunk attaches evidence unread: no pair
    table = [line for line in first.output.splitlines() if line.startswith("overall")]
    assert table and table == [line for line in again.output.splitlines() if line.startswith("overall")]


def test_families_and_limit_select_cases(runner, tmp_path):
    out = tmp_path / "r.jsonl"
    result = invoke(runner, [str(SUITE), "-g", "oracle", "--judge", "lexical", "-o", str(out), "-q",
                             "--families", "scope,date"], tmp_path)
    assert "4 cases" in result.output
    result = invoke(runner, [str(SUITE), "-g", "oracle", "--judge", "lexical", "-o", str(out), "-q", "--limit", "3"],
                    tmp_path)
    assert "already exists" in result.output and result.exit_code == 2  # never overwritten silently
    result = invoke(runner, [str(SUITE), "-g", "oracle", "--judge", "lexical", "-o", str(out), "-q", "--limit", "3",
                             "--force"], tmp_path)
    assert "3 cases" in result.output
    assert "unpaired cases     1" in result.output  # --limit 3 broke one pair
    result = invoke(runner, [str(SUITE), "-g", "oracle", "-o", str(out), "--families", "scope,bogus"], tmp_path)
    assert result.exit_code == 2 and "unknown family bogus" in result.output


def test_help_teaches_generator_forms_and_gates(runner):
    result = runner.invoke(main, ["run", "--help"])
    assert result.exit_code == 0
    for text in ('command:"python my_rag.py"', "python:my_pkg.rag:answer", "openai:gpt-4o-mini", "oracle",
                 "similarity", "--fail-under pair_pass=0.9,both_present_pass=0.9,true_absent_pass=0.9", "--fail-over errored=0",
                 "pairs caught", "mean case pass rate is not one of them", "--resume"):
        assert text in result.output
    from mutagen_cite.run.generators import BUILTIN

    assert [name for name in BUILTIN if f"{name}" not in result.output] == []  # every built-in is taught
    assert "NAME[:ARG]" in result.output and "plugin" in result.output


def test_run_refuses_a_suite_that_validate_rejects(runner, tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text(SUITE.read_text().replace("    cited_chunks_include: [p-1102]\n", "", 1))
    result = invoke(runner, [str(broken), "-g", "oracle", "--judge", "lexical", "-o", str(tmp_path / "r.jsonl")],
                    tmp_path)
    assert result.exit_code == 2
    assert "backups-scope-both-present" in result.output and "does not pass validate" in result.output
    assert not (tmp_path / "r.jsonl").exists()


def test_no_gate_says_the_exit_code_means_nothing(runner, tmp_path):
    result = invoke(runner, [str(SUITE), "-g", "abstain", "--judge", "lexical", "-o", str(tmp_path / "r.jsonl"), "-q"],
                    tmp_path)
    assert result.exit_code == 0
    assert "no gate set: exit code 0 although 5 case(s) failed" in result.output


def test_no_progress_bar_when_stderr_is_not_a_terminal(runner, tmp_path):
    result = invoke(runner, [str(SUITE), "-g", "oracle", "--judge", "lexical", "-o", str(tmp_path / "r.jsonl")],
                    tmp_path)  # no -q: a CI log must still not fill with progress bars
    assert result.exit_code == 0
    assert "case/s" not in result.output and "run oracle" not in result.output
