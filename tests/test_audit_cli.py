"""`mutagen-cite audit` end to end with CliRunner (lexical functions: no model load)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from click.testing import CliRunner

from mutagen_cite.cli import main
from mutagen_cite.model import Suite, SuiteHeader

from test_audit import make_pair, seed_retention_cases

from mutagen_cite.cases import suite_format as suite_io

FUNCS = "token_f1,bm25,fuzzy"


def _write(path, cases):
    header = SuiteHeader(tool_version="0.1.0", seed=1, families={"scope": "scope.v1"}, manifest={})
    suite_io.write_suite(path, Suite(header, tuple(cases)))
    return path


def _cases():
    cases = seed_retention_cases()
    cases += make_pair(
        "seats", "quantity", "How many seats does the Team plan include?", "The Team plan includes 25 seats.",
        "The Team plan includes 25 seats and priority email.", "The Team plan includes 10 seats and priority email.",
    )
    return cases


def test_audit_writes_json_html_and_hardness(tmp_path):
    suite = _write(tmp_path / "suite.yaml", _cases())
    before = suite.read_text()
    r = CliRunner().invoke(main, ["audit", str(suite), "--functions", FUNCS, "-q", "--query", "claim",
                                  "-o", str(tmp_path / "a.json"), "--html", str(tmp_path / "a.html")])
    assert r.exit_code == 0, r.output
    assert "scope" in r.output and "quantity" in r.output and "citer" in r.output
    doc = json.loads((tmp_path / "a.json").read_text())
    assert doc["functions"] == ["token_f1", "bm25", "fuzzy"]
    assert doc["families"]["scope"]["functions"]["token_f1"]["share_hard"] == 1.0
    assert "<svg" in (tmp_path / "a.html").read_text()
    assert suite.read_text() == before  # no --write-back: the suite is untouched

    r = CliRunner().invoke(main, ["audit", str(suite), "--functions", FUNCS, "-q", "--query", "claim", "--write-back"])
    assert r.exit_code == 0, r.output
    loaded = suite_io.load_suite(suite)
    row = {c.id: c.hardness for c in loaded.cases}
    assert row["retention-eu-scope-both-present"]["token_f1_rank"] == 1
    assert row["retention-eu-scope-true-absent"] == row["retention-eu-scope-both-present"]
    assert set(row["seats-quantity-both-present"]) >= {"bm25_rank", "fuzzy_margin", "token_f1_true"}


def test_a_suite_with_a_missing_chunk_reference_fails_cleanly(tmp_path):
    cases = _cases()
    cases[0] = replace(cases[0], expect=replace(cases[0].expect, cited_chunks_exclude=("p-404",)))
    path = tmp_path / "broken.yaml"
    # write by hand through the dict form so the loader (not the audit) sees the file as written
    _write(path, cases)
    r = CliRunner().invoke(main, ["audit", str(path), "--functions", "token_f1", "-q", "-o", str(tmp_path / "a.json")])
    assert r.exit_code == 2
    assert "p-404" in r.output and "Traceback" not in r.output
    assert not (tmp_path / "a.json").exists()


def test_unknown_function_is_a_clear_error(tmp_path):
    suite = _write(tmp_path / "suite.yaml", _cases())
    r = CliRunner().invoke(main, ["audit", str(suite), "--functions", "token_f1,nli"])
    assert r.exit_code == 2 and "nli" in r.output and "choose from" in r.output


def test_missing_suite_file_is_a_clear_error(tmp_path):
    r = CliRunner().invoke(main, ["audit", str(tmp_path / "nope.yaml"), "--functions", "token_f1"])
    assert r.exit_code == 2 and "not found" in r.output


def test_corpus_gives_bm25_its_idf(tmp_path):
    suite = _write(tmp_path / "suite.yaml", _cases())
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("Request logs are retained for a while.\n\nThe Team plan has seats.\n")
    out = {}
    for name, extra in (("own", []), ("corpus", ["--corpus", str(docs)])):
        r = CliRunner().invoke(main, ["audit", str(suite), "--functions", "bm25", "-q",
                                      "-o", str(tmp_path / f"{name}.json"), *extra])
        assert r.exit_code == 0, r.output
        out[name] = json.loads((tmp_path / f"{name}.json").read_text())["cases"][0]["functions"]["bm25"]["true"]
    assert out["own"] != out["corpus"]  # a different collection, different IDF
