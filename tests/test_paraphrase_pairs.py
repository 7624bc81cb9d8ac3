"""The hand-labelled paraphrase set resolves from ../shared, cleanly, and catches drift."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "benchmarks" / "data" / "paraphrase_pairs.py"


def _module():
    spec = importlib.util.spec_from_file_location("paraphrase_pairs", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _rows() -> list[dict]:
    return [json.loads(x) for x in (SCRIPT.parent / "paraphrase_pairs.jsonl").read_text("utf-8").splitlines() if x]


def test_references_hold_no_premise_text_and_follow_the_split_rule():
    pp = _module()
    rows = _rows()
    assert len(rows) >= 200
    for r in rows:
        assert "premise" not in r
        assert r["split"] == pp.split_of(r["corpus"], r["path"], r["start"], r["end"])
        if r["category"] == "paraphrase":
            assert r["label"] == "supported", r["id"]
        elif r["category"].startswith("near-miss:"):
            assert r["label"] == "unsupported" and r["family"] == r["category"].split(":")[1], r["id"]
    assert {r["corpus"] for r in rows} == {"18F__handbook", "railwayapp__docs", "sourcegraph__handbook"}


def test_absent_shared_folder_skips_without_writing(tmp_path, capsys):
    out = tmp_path / "pairs.jsonl"
    assert _module().main([str(out), "--shared", str(tmp_path / "none")]) == 0
    assert not out.exists()
    assert "skipped" in capsys.readouterr().out


def test_every_premise_resolves_and_output_is_stable(shared_dir, tmp_path):
    pp = _module()
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert pp.main([str(a), "--shared", str(shared_dir)]) == 0
    assert pp.main([str(b), "--shared", str(shared_dir)]) == 0
    assert a.read_bytes() == b.read_bytes()
    got = [json.loads(x) for x in a.read_text("utf-8").splitlines()]
    assert len(got) == len(_rows())
    for g in got:
        assert g["premise"] and "](" not in g["premise"] and "**" not in g["premise"], g["id"]
    by_group = {}
    for g in got:
        by_group.setdefault(g["group"], set()).add(g["split"])
    assert all(len(s) == 1 for s in by_group.values())
    report = tmp_path / "report.jsonl"
    assert pp.main([str(report), "--split", "report", "--shared", str(shared_dir)]) == 0
    assert Counter(json.loads(x)["split"] for x in report.read_text("utf-8").splitlines()) == Counter(
        {"report": sum(g["split"] == "report" for g in got)}
    )


def test_a_changed_corpus_span_is_reported_not_used(shared_dir):
    pp = _module()
    rows = _rows()[:3]
    rows[1] = dict(rows[1], start=rows[1]["start"] + 1)
    out, errors = pp.resolve(rows, shared_dir)
    assert len(out) == 2
    assert len(errors) == 1 and rows[1]["id"] in errors[0] and "SHA-256" in errors[0]


def test_table_row_is_written_with_its_header():
    pp = _module()
    raw = "| Plan | Price |\n| --- | --- |\n| **Hobby** | $5 / month |\n"
    start = raw.index("| **Hobby**")
    assert pp.table_row(raw, start, raw.index("\n", start)) == "Plan: Hobby; Price: $5 / month."
