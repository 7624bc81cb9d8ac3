"""`mutagen-cite export`: each format read back by its consumer, or against its documented schema.

* promptfoo: the YAML test file parsed, and every assertion executed the way promptfoo runs it
  (a multi-line ``javascript`` value is a function body of ``output``, a single line is
  ``return <value>``; ``icontains`` is case-insensitive containment) with Node, where Node is
  installed (else only the schema is checked). promptfoo itself (an npm tool) is not installed.
* hf: read back with ``datasets.load_from_disk`` and Parquet with pyarrow (the ``test`` extra
  installs ``datasets``).
* ragas and DeepEval: too heavy for CI (LangChain, LLM clients), so the rows are checked against
  the documented fields of ragas' ``SingleTurnSample`` (what ``EvaluationDataset.from_jsonl``
  builds) and DeepEval's ``Golden``; where the library is installed it loads them too.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from mutagen_cite.cases.suite_format import load_suite
from mutagen_cite.cli import main
from mutagen_cite.export import case_row, context_text
from mutagen_cite.testing import grade

FIXTURES = Path(__file__).parent / "fixtures"
PAIRS = FIXTURES / "run" / "pairs_suite.yaml"

#: ragas SingleTurnSample's fields (ragas.dataset_schema), and DeepEval Golden's (deepeval.dataset)
RAGAS_FIELDS = {"user_input", "retrieved_contexts", "reference_contexts", "retrieved_context_ids",
                "reference_context_ids", "response", "multi_responses", "reference", "rubrics", "persona_name",
                "query_style", "query_length"}
DEEPEVAL_FIELDS = {"input", "actual_output", "expected_output", "context", "retrieval_context", "additional_metadata",
                   "comments", "tools_called", "expected_tools", "source_file", "name", "custom_column_key_values"}
#: assertion types this exporter may use, from promptfoo's documented deterministic assertions
PROMPTFOO_TYPES = {"javascript", "icontains", "contains", "regex"}


def _export(tmp_path: Path, fmt: str, name: str, suite: Path = PAIRS):
    out = tmp_path / name
    result = CliRunner().invoke(main, ["export", str(suite), "--to", fmt, "-o", str(out)])
    return result, out


@pytest.fixture(scope="module")
def suite():
    return load_suite(PAIRS)


# --------------------------------------------------------------------------- promptfoo


def _run_promptfoo_assertions(checks: list[dict]) -> list[dict]:
    """[{type, value, output}] -> [{pass, reason}] evaluated by Node as promptfoo evaluates them."""
    script = r"""
const checks = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const out = checks.map(({type, value, output}) => {
  if (type === 'icontains') return {pass: output.toLowerCase().includes(value.toLowerCase()), reason: 'icontains'};
  const body = value.trimEnd().includes('\n') ? value.trimEnd() : `return ${value}`;
  const result = new Function('output', 'context', body)(output, {vars: {}});
  if (typeof result === 'boolean') return {pass: result, reason: ''};
  return {pass: result.pass, reason: result.reason};
});
process.stdout.write(JSON.stringify(out));
"""
    done = subprocess.run(["node", "-e", script], input=json.dumps(checks), capture_output=True, text=True,
                          timeout=60, check=True)
    return json.loads(done.stdout)


def test_promptfoo_file_is_a_list_of_promptfoo_test_cases(tmp_path, suite):
    result, out = _export(tmp_path, "promptfoo", "cases.yaml")
    assert result.exit_code == 0, result.output
    tests = yaml.safe_load(out.read_text())
    assert isinstance(tests, list) and len(tests) == len(suite.cases)
    for test, case in zip(tests, suite.cases):
        assert set(test) == {"description", "vars", "assert", "metadata"}
        assert test["metadata"] == {"case_id": case.id, "family": case.family, "variant": case.variant}
        # promptfoo expands a list-valued var into several tests: every var must be a plain string
        assert set(test["vars"]) == {"question", "context"} and all(isinstance(v, str) for v in test["vars"].values())
        assert test["vars"]["question"] == case.question
        for chunk in case.context:
            assert f"[{chunk.chunk_id}] {chunk.text}" in test["vars"]["context"]
        assert test["assert"] and {a["type"] for a in test["assert"]} <= PROMPTFOO_TYPES
        for a in test["assert"]:
            assert "{{" not in a["value"] and "{%" not in a["value"]  # promptfoo renders values with Nunjucks


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed: the assertions' code is not run")
def test_promptfoo_assertions_decide_as_run_does(tmp_path, suite):
    _, out = _export(tmp_path, "promptfoo", "cases.yaml")
    tests = {t["metadata"]["case_id"]: t for t in yaml.safe_load(out.read_text())}
    outputs = {}
    for case in suite.cases:
        true = [c for c in case.context if c.chunk_id in case.expect.cited_chunks_include]
        near = [c for c in case.context if c.chunk_id not in case.expect.cited_chunks_include]
        value = case.expect.answer_contains or case.answer
        outputs[case.id] = [
            f"NOT IN CONTEXT",
            f"{case.claim} [{near[0].chunk_id}]",                      # cites the near miss
            f"It is not stated for this condition {value} elsewhere.",  # cites nothing
        ] + ([f"{case.claim} [{true[0].chunk_id}]", f"See [{true[0].chunk_id}]."] if true else [])
    checks, index = [], []
    for cid, outs in outputs.items():
        for output in outs:
            for a in tests[cid]["assert"]:
                checks.append({"type": a["type"], "value": a["value"], "output": output})
                index.append((cid, output))
    results = _run_promptfoo_assertions(checks)
    passed: dict[tuple, bool] = {}
    for key, res in zip(index, results):
        passed[key] = passed.get(key, True) and bool(res["pass"])

    by_id = {c.id: c for c in suite.cases}
    for (cid, output), ok in passed.items():
        case = by_id[cid]
        if case.variant == "both-present":
            # both-present verdicts need no judge: promptfoo and run must agree exactly
            assert ok == grade(case, output, judge="lexical")["verdict"]["passed"], (cid, output)
    # true-absent: declining and citing nothing pass; stating the twin's answer citing the near miss fails
    for case in suite.cases:
        if case.variant == "true-absent":
            outs = outputs[case.id]
            assert passed[(case.id, outs[0])] and passed[(case.id, outs[2])]
            assert not passed[(case.id, outs[1])], case.id
    # the failure names the near miss, as run does
    bp = next(c for c in suite.cases if c.variant == "both-present")
    near = next(c.chunk_id for c in bp.context if c.chunk_id in bp.expect.cited_chunks_exclude)
    res = _run_promptfoo_assertions([{"type": "javascript", "value": tests[bp.id]["assert"][0]["value"],
                                      "output": f"{bp.claim} [{near}]"}])[0]
    assert f"cited the near-miss chunk {near}" in res["reason"]


# --------------------------------------------------------------------------- Hugging Face


def test_hf_dataset_reads_back_with_datasets(tmp_path, suite):
    datasets = pytest.importorskip("datasets")
    result, out = _export(tmp_path, "hf", "ds")
    assert result.exit_code == 0, result.output
    ds = datasets.load_from_disk(str(out))
    assert len(ds) == len(suite.cases)
    nested = ds.data.schema.field("context").type  # a list of {chunk_id, text, role}
    assert nested.value_type.names == ["chunk_id", "text", "role"]
    first, case = ds[0], suite.cases[0]
    row = case_row(case)
    assert first["case_id"] == case.id and first["question"] == case.question
    assert first["context"] == row["context"]
    roles = {c["chunk_id"]: c["role"] for c in first["context"]}
    assert {roles[i] for i in case.expect.cited_chunks_include} == {"true"}
    assert {roles[i] for i in case.expect.cited_chunks_exclude} == {"near-miss"}
    # an earlier export is replaced whole; the same suite gives byte-identical files
    again, out2 = _export(tmp_path, "hf", "ds2")
    assert again.exit_code == 0
    for f in sorted(p.name for p in out.iterdir()):
        assert (out / f).read_bytes() == (out2 / f).read_bytes(), f
    assert _export(tmp_path, "hf", "ds")[0].exit_code == 0
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary left behind


def test_hf_parquet_reads_back_with_pyarrow(tmp_path, suite):
    pq = pytest.importorskip("pyarrow.parquet")
    result, out = _export(tmp_path, "hf", "cases.parquet")
    assert result.exit_code == 0, result.output
    table = pq.read_table(out)
    assert table.num_rows == len(suite.cases)
    rows = table.to_pylist()
    assert [r["case_id"] for r in rows] == [c.id for c in suite.cases]
    assert rows[1]["context"] == case_row(suite.cases[1])["context"]
    assert rows[1]["expected_behaviour"] == "decline" and rows[0]["expected_answer"] == "400 days"


# --------------------------------------------------------------------------- ragas, DeepEval


def _jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_ragas_rows_are_single_turn_samples(tmp_path, suite):
    result, out = _export(tmp_path, "ragas", "ragas.jsonl")
    assert result.exit_code == 0, result.output
    rows = _jsonl(out)
    assert len(rows) == len(suite.cases)
    for row, case in zip(rows, suite.cases):
        assert set(row) <= RAGAS_FIELDS | {"case_id", "family", "variant"}
        assert row["case_id"] == case.id and row["user_input"] == case.question
        assert row["retrieved_contexts"] == [c.text for c in case.context]
        assert row["retrieved_context_ids"] == list(case.context_ids())
        assert all(isinstance(x, str) for x in row["retrieved_contexts"] + row["reference_contexts"])
        if case.variant == "both-present":
            assert row["reference"] == case.expect.answer_contains or row["reference"] == "yes"
            assert row["reference_context_ids"] == list(case.expect.cited_chunks_include)
        else:
            assert row["reference"] == "NOT IN CONTEXT" and row["reference_contexts"] == []
    try:
        from ragas import EvaluationDataset
    except Exception:  # not installed (or its LangChain imports broken): the schema above stands
        return
    ds = EvaluationDataset.from_jsonl(str(out))
    assert len(ds) == len(suite.cases) and ds[0].user_input == suite.cases[0].question


def test_deepeval_rows_are_goldens(tmp_path, suite):
    result, out = _export(tmp_path, "deepeval", "deepeval.jsonl")
    assert result.exit_code == 0, result.output
    rows = _jsonl(out)
    assert len(rows) == len(suite.cases)
    for row, case in zip(rows, suite.cases):
        assert set(row) <= DEEPEVAL_FIELDS and isinstance(row["input"], str) and row["input"] == case.question
        assert row["name"] == case.id and row["additional_metadata"]["family"] == case.family
        assert row["retrieval_context"] == [c.text for c in case.context]
        assert row["context"] == [c.text for c in case.context if c.chunk_id in case.expect.cited_chunks_include]
        assert isinstance(row["expected_output"], str)
    try:
        from deepeval.dataset import EvaluationDataset, Golden
    except Exception:  # not installed: the schema above stands
        return
    ds = EvaluationDataset(goldens=[Golden(**r) for r in rows])
    assert len(ds.goldens) == len(suite.cases) and ds.goldens[0].name == suite.cases[0].id


# --------------------------------------------------------------------------- errors and determinism


@pytest.mark.parametrize("fmt", ["promptfoo", "ragas", "deepeval"])
def test_text_exports_are_byte_identical(tmp_path, fmt):
    a = _export(tmp_path, fmt, "a")[1].read_bytes()
    b = _export(tmp_path, fmt, "b")[1].read_bytes()
    assert a == b


def test_bad_inputs_get_one_line_errors(tmp_path):
    missing_folder = CliRunner().invoke(main, ["export", str(PAIRS), "--to", "ragas", "-o",
                                               str(tmp_path / "nope" / "r.jsonl")])
    assert missing_folder.exit_code == 2 and "does not exist" in missing_folder.output
    assert missing_folder.exception is None or isinstance(missing_folder.exception, SystemExit)
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep me")
    not_a_dataset = CliRunner().invoke(main, ["export", str(PAIRS), "--to", "hf", "-o", str(tmp_path / "mine")])
    assert not_a_dataset.exit_code == 2 and "not a Hugging Face dataset folder" in not_a_dataset.output
    assert (tmp_path / "mine" / "notes.txt").read_text() == "keep me"
    bad = CliRunner().invoke(main, ["export", str(FIXTURES / "suites" / "bad_suite.yaml"), "--to", "ragas", "-o",
                                    str(tmp_path / "r.jsonl")])
    assert bad.exit_code == 2 and "bad_suite.yaml" in bad.output and not (tmp_path / "r.jsonl").exists()
    unknown = CliRunner().invoke(main, ["export", str(PAIRS), "--to", "csv", "-o", str(tmp_path / "x")])
    assert unknown.exit_code == 2 and "promptfoo" in unknown.output


def test_context_text_marks_each_chunk_with_its_id(suite):
    row = case_row(suite.cases[0])
    assert context_text(row).split("\n\n") == [f"[{c.chunk_id}] {c.text}" for c in suite.cases[0].context]


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed: the assertions' code is not run")
def test_promptfoo_answer_check_matches_whole_values():
    from mutagen_cite.export import _js_answer

    cases_ = [("$280", "The limit is $280 [p-1].", True), ("$280", "The limit is $2800 [p-1].", False),
              ("3.1.0", "Dropped from v3.1.0. [p-1]", True), ("3.1.0", "Dropped in 13.1.0 [p-1]", False),
              ("Starter", "the starter plan [p-1]", True), ("Starter", "the Starters plan", False),
              ("yes", "Yes, all of them [p-1].", True), ("yes", "No, only most [p-1].", False)]
    results = _run_promptfoo_assertions([{"type": "javascript", "value": _js_answer(v), "output": o}
                                         for v, o, _ in cases_])
    assert [bool(r["pass"]) for r in results] == [want for _, _, want in cases_]
