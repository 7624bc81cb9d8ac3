"""Results written as they arrive; --resume; Ctrl-C leaves a valid partial file."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mutagen_cite.errors import ConfigError
from mutagen_cite.run.generators.python_fn import PythonGenerator
from mutagen_cite.judges.lexical import LexicalJudge
from mutagen_cite.run.runner import read_results, run_suite
from mutagen_cite.cases.suite_format import load_suite

FIXTURES = Path(__file__).parent / "fixtures" / "run"
SUITE = FIXTURES / "mini_suite.yaml"
REPO = Path(__file__).resolve().parents[1]


def first_chunk(request):
    first = request["context"][0]
    return f"{first['text']} [{first['chunk_id']}]"


def lines_of(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]  # every line must parse


def test_interrupt_then_resume_runs_only_the_rest(tmp_path):
    suite = load_suite(SUITE)
    out = tmp_path / "results.jsonl"
    calls: list[str] = []

    def interrupted(request):
        calls.append(request["case_id"])
        if len(calls) == 2:
            raise RuntimeError("transient failure")  # an errored case: retried on resume
        if len(calls) == 5:
            raise KeyboardInterrupt
        return first_chunk(request)

    with pytest.raises(KeyboardInterrupt):
        run_suite(suite, PythonGenerator(interrupted, name="python:test"), LexicalJudge(),
                  results_path=out, suite_path=SUITE, progress=False)
    partial = lines_of(out)
    assert "header" in partial[0]
    assert [r["case_id"] for r in partial[1:]] == calls[:4]
    assert partial[2]["error"] and "transient failure" in partial[2]["error"]

    with open(out, "a") as fh:  # a line torn by a hard kill is dropped, not trusted
        fh.write('{"case_id": "seats-quantity-true-ab')
    second: list[str] = []

    def counting(request):
        second.append(request["case_id"])
        return first_chunk(request)

    result = run_suite(suite, PythonGenerator(counting, name="python:test"), LexicalJudge(),
                       results_path=out, suite_path=SUITE, resume=True, progress=False)
    assert result.reused == 3
    assert second == [c.id for c in suite.cases if c.id not in {calls[0], calls[2], calls[3]}]
    assert calls[1] in second  # the errored case ran again
    header, records = read_results(out)
    assert [r["case_id"] for r in records] == [c.id for c in suite.cases]
    assert not any(r["error"] for r in records)
    assert len(lines_of(out)) == 1 + len(suite.cases)


def test_resume_refuses_another_suite_or_generator(tmp_path):
    suite = load_suite(SUITE)
    out = tmp_path / "results.jsonl"
    run_suite(suite, PythonGenerator(first_chunk, name="python:a"), LexicalJudge(), results_path=out,
              suite_path=SUITE, progress=False)
    with pytest.raises(ConfigError, match="holds answers from"):
        run_suite(suite, PythonGenerator(first_chunk, name="python:b"), LexicalJudge(), results_path=out,
                  suite_path=SUITE, resume=True, progress=False)
    changed = tmp_path / "changed.yaml"
    changed.write_text(SUITE.read_text() + "\n# edited\n")
    with pytest.raises(ConfigError, match="different version of the suite"):
        run_suite(suite, PythonGenerator(first_chunk, name="python:a"), LexicalJudge(), results_path=out,
                  suite_path=changed, resume=True, progress=False)

    class OtherJudge(LexicalJudge):
        name = "lexical-strict"

        @property
        def fingerprint(self):
            return "another-judge-fingerprint"

    with pytest.raises(ConfigError, match="resuming would mix verdicts"):
        run_suite(suite, PythonGenerator(first_chunk, name="python:a"), OtherJudge(), results_path=out,
                  suite_path=SUITE, resume=True, progress=False)


def test_two_runs_on_one_results_file_are_refused(tmp_path):
    from mutagen_cite.errors import OutputError
    from mutagen_cite.run.runner import ResultsWriter

    out = tmp_path / "results.jsonl"
    first = ResultsWriter(out, {"format": "x"})
    with pytest.raises(OutputError, match="another run is writing"):
        ResultsWriter(out, {"format": "y"})
    first.close()
    ResultsWriter(out, {"format": "z"}).close()  # free again once the first run closed it
    assert not (tmp_path / "results.jsonl.lock").exists()


def test_rescore_refuses_another_suite(tmp_path):
    from click.testing import CliRunner

    from mutagen_cite.cli import main

    out = tmp_path / "r.jsonl"
    run_suite(load_suite(SUITE), PythonGenerator(first_chunk, name="python:a"), LexicalJudge(), results_path=out,
              suite_path=SUITE, progress=False)
    other = FIXTURES / "pairs_suite.yaml"
    result = CliRunner().invoke(main, ["run", str(other), "--rescore", str(out)], env={"HF_HUB_OFFLINE": "1"})
    assert result.exit_code == 2 and "written for another suite" in result.output


SLOW_GENERATOR = """
import json, pathlib, sys, time
served = pathlib.Path(sys.argv[1])
for line in sys.stdin:
    r = json.loads(line)
    time.sleep(1.0)
    c = r["context"][0]
    print(json.dumps({"answer": c["text"] + " [" + c["chunk_id"] + "]"}), flush=True)
    served.write_text(str(int(served.read_text() or 0) + 1) if served.exists() else "1")
"""


def test_ctrl_c_on_the_cli_leaves_a_valid_partial_file(tmp_path):
    gen = tmp_path / "slow.py"
    gen.write_text(SLOW_GENERATOR)
    out = tmp_path / "results.jsonl"
    env = {**os.environ, "PYTHONPATH": str(REPO), "HF_HUB_OFFLINE": "1"}
    served = tmp_path / "served.txt"  # the generator counts the requests it answered
    proc = subprocess.Popen(
        [sys.executable, "-m", "mutagen_cite.cli", "run", str(SUITE), "-g", f"command:{sys.executable} {gen} {served}",
         "--judge", "lexical", "-o", str(out), "-q"],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # Ctrl-C as a shell delivers it: a SIGINT the test process may have inherited as ignored
        # (an ignored signal stays ignored across exec) would make the CLI deaf to it
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # interrupt mid-run: after three answers, long before the tenth
        if served.exists() and int(served.read_text() or 0) >= 3 and out.exists() and len(out.read_text().splitlines()) >= 3:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, stderr = proc.communicate(timeout=30)
    assert proc.returncode == 130, stderr
    assert "results written so far are kept" in stderr
    rows = lines_of(out)
    assert "header" in rows[0] and 2 <= len(rows) - 1 < 10
    resumed = subprocess.run(
        [sys.executable, "-m", "mutagen_cite.cli", "run", str(SUITE), "-g", f"command:{sys.executable} {gen} {served}",
         "--judge", "lexical", "-o", str(out), "--resume", "-q"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert f"resumed: {len(rows) - 1} case(s) kept" in resumed.stderr
    assert len(lines_of(out)) == 11
