"""Reports a person reads: ties apart from inversions, passages with the change marked, tables
that fit the terminal, Markdown that quotes the question, the answer and the cited chunks."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import yaml
from click.testing import CliRunner

from mutagen_cite.audit.ranks import audit_suite
from mutagen_cite.audit.report import audit_to_dict, render_html, render_terminal
from mutagen_cite.cases.changes import locate, provenance_dict
from mutagen_cite.cases.suite_format import provenance_from_dict
from mutagen_cite.cli import main
from mutagen_cite.model import Case, ContextChunk, Expect
from mutagen_cite.terminal import table

from test_audit import TableSimilarity, make_pair
from test_report_html import _Dom, _dump_dom

PAIRS = Path(__file__).parent / "fixtures" / "run" / "pairs_suite.yaml"


def _tied_suite():
    """Three pairs: under t, pair a is tied (margin exactly 0), b inverted, c separated."""
    cases = []
    for base, true, near in (("a", "Logs in Frankfurt are kept for 400 days.", "Logs in Oregon are kept for 400 days."),
                             ("b", "Seats: 12 on Studio.", "Seats: 5 on Studio."),
                             ("c", "All plans include SSO.", "Most plans include SSO.")):
        pair = make_pair(base, "scope", f"Q{base}?", f"C{base}.", true, near)
        orig, rep = {"a": ("Frankfurt", "Oregon"), "b": ("12", "5"), "c": ("All", "Most")}[base]
        mutation = {"original": orig, "replacement": rep}
        pair = [replace(c, provenance=provenance_from_dict({**provenance_dict(c), "mutation": mutation})) for c in pair]
        cases += pair
    t = TableSimilarity("t", {("Qa?", "Logs in Frankfurt are kept for 400 days."): 0.5,
                              ("Qa?", "Logs in Oregon are kept for 400 days."): 0.5,
                              ("Qb?", "Seats: 12 on Studio."): 0.2, ("Qb?", "Seats: 5 on Studio."): 0.6,
                              ("Qc?", "All plans include SSO."): 0.9, ("Qc?", "Most plans include SSO."): 0.1})
    return cases, audit_suite(cases, similarities=[t], query="question")


def test_audit_reports_ties_apart_from_inversions():
    cases, result = _tied_suite()
    doc = audit_to_dict(result)
    t = doc["overall"]["functions"]["t"]
    assert (t["inverted"], t["tied"], t["separated"]) == (2, 2, 2)  # both variants of each pair
    assert t["hard"] == t["inverted"] + t["tied"]  # build --min-hardness still counts a tie as hard
    assert doc["overall"]["inverted_any"] == 2
    kinds = {c["id"]: c["functions"]["t"]["margin_kind"] for c in doc["cases"]}
    assert kinds["a-scope-both-present"] == "tied" and kinds["b-scope-true-absent"] == "inverted"
    text = render_terminal(result, width=80)
    assert "tie" in text and all(len(line) <= 80 for line in text.splitlines())
    row = next(line for line in text.splitlines() if line.startswith("scope"))
    assert row.split()[2:5] == ["33%", "33%", "0.50"]  # inverted, tied, citer (half credit on the tie)


def test_audit_html_shows_questions_and_marked_passages_in_chromium(tmp_path):
    cases, result = _tied_suite()
    page = tmp_path / "audit.html"
    page.write_text(render_html(result, title="t", cases=cases), encoding="utf-8")
    dom = _Dom()
    dom.feed(_dump_dom(page, tmp_path))
    assert len(dom.find("circle", "tied")) == 2 and len(dom.find("circle", "inverted")) == 2
    sections = dom.find("section", "case")
    assert [s["attrs"]["data-case"] for s in sections] == [f"{b}-scope-both-present" for b in "abc"]  # one per pair
    by_id = {c.id: c for c in cases}
    for s in sections:
        case = by_id[s["attrs"]["data-case"]]
        assert case.question in s["text"]
        marks = {p["attrs"]["data-role"]: [m["text"] for m in dom.find("mark", "changed", within=p)]
                 for p in dom.find("div", "passage", within=s)}
        mutation = provenance_dict(case)["mutation"]
        assert marks == {"true": [mutation["original"]], "distractor": [mutation["replacement"]]}
    kinds = [e["text"] for e in dom.find("span", "fn")]
    assert kinds == ["t tied 0 (tie)", "t inverted +0.400", "t separated -0.800"]


def test_change_located_from_recorded_offsets_and_sibling_sentence():
    true = "Intro line.\nThe nightly limit in Lisbon is $180. The nightly limit in Dublin is $220."
    near = "The nightly limit in Dublin is $220."
    prov = {"start": 112, "end": 148, "sentence": "The nightly limit in Lisbon is $180.",
            "chunks": {"p-1": {"role": "true", "doc": "d.md", "start": 100, "end": 100 + len(true)},
                       "p-2": {"role": "distractor", "doc": "d.md", "start": 150, "end": 186, "synthetic": False}},
            "mutation": {"slot_start": 21, "slot_end": 27, "original": "Lisbon", "replacement": "Dublin",
                         "origin": "sibling", "sibling": {"doc": "d.md", "start": 150, "end": 186}}}
    case = Case("x-scope-both-present", "scope", "both-present", "Q?", "C.", "$180",
                (ContextChunk("p-1", true), ContextChunk("p-2", near)), Expect(), provenance=provenance_from_dict(prov))
    t, d = locate(case)
    assert (t.how, t.changed_text(), t.sentence) == ("offsets", ["Lisbon"], (12, 48))
    assert (d.how, d.changed_text(), d.sentence) == ("search", ["Dublin"], (0, 36))
    # the true chunk also names Dublin: the near miss's value is searched in its own sentence first
    assert true[t.spans[0][0]:t.spans[0][1]] == "Lisbon"


def test_wide_tables_split_into_column_groups_keeping_numbers_whole():
    rows = [["overall", *[f"0.{i}0 ({i}/30)" for i in range(9)]]]
    columns = ["family", *[f"metric {i}" for i in range(9)]]
    text = table(columns, rows, max_width=60)
    assert all(len(line) <= 60 for line in text.splitlines())
    for i in range(9):
        assert f"0.{i}0 ({i}/30)" in text  # every cell whole, once
    assert text.count("overall") > 1  # the key column repeats in every block


def test_run_report_fits_80_columns_and_markdown_quotes_the_case(tmp_path):
    md = tmp_path / "r.md"
    result = CliRunner().invoke(main, ["run", str(PAIRS), "-g", "first-chunk", "--judge", "lexical", "-q",
                                       "-o", str(tmp_path / "r.jsonl"), "--cache-dir", str(tmp_path / "c"),
                                       "--report", str(md)], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    shown = [line for line in result.stdout.splitlines() if not line.startswith("wrote ")]  # paths stay whole
    assert max(len(line) for line in shown) <= 80
    assert "ALCE R" in result.stdout and "unsupp" in result.stdout  # the wide table is split, not cut
    text = md.read_text(encoding="utf-8")
    suite = yaml.safe_load(PAIRS.read_text(encoding="utf-8"))
    first = suite[0]
    near = first["expect"]["cited_chunks_exclude"][0]
    near_text = next(c["text"] for c in first["context"] if c["chunk_id"] == near)
    block = text[text.index(f"### `{first['id']}`"):]
    block = block[:block.index("\n### ")]
    assert f"**Question:** {first['question']}" in block
    assert "**Answer:**" in block and f"[{near}]" in block
    assert f"`{near}` (near miss): {near_text}" in block
    json.dumps(text)


def test_judge_eval_html_reports_derived_pairs_apart_from_human_labels(tmp_path):
    from mutagen_cite.judges.evaluate import evaluate, render_html
    from mutagen_cite.judges.labeled import LabeledPair
    from test_judge_eval import KeywordJudge

    pairs = [LabeledPair("A is on.", "A is on.", True, "toy", "x", "polarity"),
             LabeledPair("A is on.", "A is not on.", False, "toy", "x", "polarity")]
    pairs += [LabeledPair(f"D{i} is on.", f"D{i} is on." if i % 2 else f"D{i} is not on.", bool(i % 2), "corpus:docs",
                          "", "scope", "swap") for i in range(6)]
    page = tmp_path / "eval.html"
    page.write_text(render_html(evaluate(KeywordJudge(), pairs, progress=False)), encoding="utf-8")
    dom = _Dom()
    dom.feed(_dump_dom(page, tmp_path))
    heads = {h["attrs"].get("id"): " ".join(h["text"].split()) for h in dom.find("h2")}
    assert heads["human"] == "Agreement with human labels (2 pairs)"
    assert heads["derived"].startswith("Derived pairs") and "(6 pairs)" in heads["derived"]
    human_rows = [" ".join(r["text"].split()) for r in dom.find("tr")
                  if any(p["tag"] == "table" for p in r["parents"]) and "toy" in r["text"]]
    assert human_rows and all("corpus" not in r for r in human_rows)
    derived = [e for e in dom.find("td") if e["text"].startswith("dataset: docs")]
    assert len(derived) == 1  # the derived data set, named without pretending to be human-labelled
    assert any("Most pairs here were derived" in p["text"] for p in dom.find("p", "note"))


def test_help_has_examples_a_new_user_can_run():
    runner = CliRunner()
    for args in (["validate"], ["judge", "eval"], ["judge", "train"], ["judge"], ["run"], ["audit"]):
        text = runner.invoke(main, [*args, "--help"]).output
        assert "Examples:" in text, args
    judge_help = runner.invoke(main, ["judge", "--help"]).output
    first = judge_help[judge_help.index("Examples:"):].splitlines()[1]
    assert first.strip().startswith("mutagen-cite judge") and "../shared" not in first
    assert "--html" in runner.invoke(main, ["run", "--help"]).output
