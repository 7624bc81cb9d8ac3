"""`mutagen-cite diff OLD NEW`: kept / changed / new / retired per family, and a readable
per-case diff in text, Markdown (code-review comment) and JSON."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from click.testing import CliRunner

from mutagen_cite.cli import main
from mutagen_cite.model import Case, ContextChunk, Expect, Suite, SuiteHeader
from mutagen_cite.cases.diff import diff_suites, diff_to_dict, format_markdown, format_text
from mutagen_cite.cases.suite_format import provenance_from_dict, write_suite

TRUE = "Images are retained for 120 hours on the Pro plan. Backups run nightly."
TRUE_LONG = " ".join(f"Sentence number {i} is filler text for the chunk." for i in range(12))


def _pair(base: str, family: str, *, doc: str = "policies/retention.md", sentence: str = TRUE.split(". ")[0] + ".",
          chunk: str = TRUE, original: str = "120 hours", replacement: str = "96 hours", start: int = 0):
    distractor = chunk.replace(original, replacement, 1)
    prov = {"doc": doc, "doc_sha256": "ab" * 32, "start": start, "end": start + len(sentence), "sentence": sentence,
            "chunks": {"p-1111": {"role": "true", "doc": doc, "start": start, "end": start + len(chunk)},
                       "p-2222": {"role": "distractor", "doc": doc, "start": start, "end": start + len(chunk),
                                  "synthetic": True}},
            "mutation": {"family": family, "kind": "duration", "original": original, "replacement": replacement,
                         "origin": "mined"}}
    common = dict(family=family, question="How long are images retained on the Pro plan?", claim=sentence,
                  answer=original)
    both = Case(f"{base}-both-present", variant="both-present",
                context=(ContextChunk("p-2222", distractor), ContextChunk("p-1111", chunk)),
                expect=Expect(answer_contains=original, cited_chunks_include=("p-1111",),
                              cited_chunks_exclude=("p-2222",)), provenance=provenance_from_dict(prov), **common)
    absent = Case(f"{base}-true-absent", variant="true-absent", context=(ContextChunk("p-2222", distractor),),
                  expect=Expect(behaviour="decline"),
                  provenance=provenance_from_dict({**prov, "chunks": {"p-2222": prov["chunks"]["p-2222"]}}), **common)
    return [both, absent]


def _suite(cases, manifest=None, retired=()):
    header = SuiteHeader("0.1.0", 13, {"quantity": "quantity.v1", "scope": "scope.v1"},
                         manifest or {"policies/retention.md": "ab" * 32}, {"cases": len(cases)})
    return Suite(header, tuple(cases), tuple(retired))


@pytest.fixture
def pair_of_suites():
    kept = _pair("ret-kept-scope", "scope", original="Pro", replacement="Team")
    edited_old = _pair("ret-edit-quantity", "quantity", chunk=TRUE_LONG + " " + TRUE, start=10)
    gone = _pair("old-gone-quantity", "quantity", doc="old/gone.md")
    old = _suite([*kept, *edited_old, *gone],
                 {"policies/retention.md": "ab" * 32, "old/gone.md": "cd" * 32})
    new_sentence = "Images are retained for 144 hours on the Pro plan."
    edited_new = _pair("ret-edit-quantity", "quantity", sentence=new_sentence,
                       chunk=TRUE_LONG + " " + new_sentence + " Backups run nightly.", original="144 hours",
                       start=10)
    edited_new = [replace(c, status="changed") for c in edited_new]
    fresh = [replace(c, status="new") for c in _pair("ret-new-scope", "scope", original="Pro", replacement="Free")]
    retired = [{"id": c.id, "reason": "evidence removed: old/gone.md deleted"} for c in gone]
    new = _suite([*[replace(c, status=None) for c in kept], *edited_new, *fresh],
                 {"policies/retention.md": "ef" * 32}, retired)
    return old, new


def test_counts_per_family_and_status(pair_of_suites):
    d = diff_suites(*pair_of_suites)
    assert {f: dict(c) for f, c in d.counts.items()} == {
        "scope": {"kept": 2, "new": 2},
        "quantity": {"changed": 2, "retired": 2},
    }
    assert [e.status for e in d.entries] == ["changed", "new", "retired"]
    changed, new, retired = d.entries
    assert changed.ids == ("ret-edit-quantity-both-present", "ret-edit-quantity-true-absent")
    assert changed.variants == ("both-present", "true-absent")
    assert "true sentence edited" in changed.reason and "near-miss value changed" in changed.reason
    assert retired.reason == "evidence removed: old/gone.md deleted"
    assert any("deleted (old/gone.md)" in line for line in d.header)
    assert any("edited (policies/retention.md)" in line for line in d.header)


def test_status_alone_is_not_a_change(pair_of_suites):
    old, _ = pair_of_suites
    marked = Suite(old.header, tuple(replace(c, status="changed") for c in old.cases))
    d = diff_suites(old, marked)
    assert d.unchanged and d.total("kept") == len(old.cases)


def test_text_diff_shows_what_moved(pair_of_suites):
    text = format_text(diff_suites(*pair_of_suites, old_name="a.yaml", new_name="b.yaml"))
    assert "a.yaml -> b.yaml: 6 -> 6 cases" in text
    assert "- claim: Images are retained for 120 hours on the Pro plan." in text
    assert "+ claim: Images are retained for 144 hours on the Pro plan." in text
    # long chunks show only the sentences that differ, and how many were left out
    assert "… 12 unchanged sentences" in text
    assert "Sentence number 3 is filler" not in text
    assert "+ near miss: Pro -> Free (mined, duration)" in text
    assert "- source: old/gone.md:0-50" in text
    brief = format_text(diff_suites(*pair_of_suites), details=False)
    assert "ret-edit-quantity [both-present, true-absent]" in brief and "- claim:" not in brief


def test_markdown_is_a_review_comment(pair_of_suites):
    md = format_markdown(diff_suites(*pair_of_suites, old_name="a.yaml", new_name="b.yaml"))
    assert md.startswith("### Suite diff: `a.yaml` → `b.yaml`")
    assert "| family | kept | changed | new | retired |" in md
    assert "| quantity | 0 | 2 | 0 | 2 |" in md
    assert "| **total** | 2 | 2 | 2 | 2 |" in md
    assert "#### Changed (2 cases)" in md and "#### Retired (2 cases)" in md
    assert md.count("<details>") == md.count("</details>") == 3
    changed = md.split("#### New")[0]
    assert "question:" not in changed  # unchanged fields are left out
    assert "```diff\n- claim: Images are retained for 120 hours" in changed


def test_markdown_fence_survives_backticks_in_texts():
    old = _suite(_pair("x-quantity", "quantity"))
    weird = "Run ``` sudo reboot ``` after 120 hours."
    new = _suite([replace(c, claim=weird) for c in old.cases])
    md = format_markdown(diff_suites(old, new))
    assert "````diff" in md and weird in md


def test_json_round_trips(pair_of_suites):
    data = json.loads(json.dumps(diff_to_dict(diff_suites(*pair_of_suites))))
    assert data["totals"] == {"kept": 2, "changed": 2, "new": 2, "retired": 2}
    assert data["entries"][0]["fields"][0]["name"] == "claim"


def test_diff_command(tmp_path, pair_of_suites):
    old, new = pair_of_suites
    a, b = tmp_path / "old.yaml", tmp_path / "new.jsonl"
    write_suite(a, old)
    write_suite(b, new)
    runner = CliRunner()
    text = runner.invoke(main, ["diff", str(a), str(b)])
    assert text.exit_code == 0, text.output
    assert "changed:" in text.output and "retired:" in text.output
    md = runner.invoke(main, ["diff", str(a), str(b), "--format", "markdown", "-o", str(tmp_path / "r.md")])
    assert md.exit_code == 0 and (tmp_path / "r.md").read_text(encoding="utf-8").startswith("### Suite diff")
    js = runner.invoke(main, ["diff", str(a), str(b), "--format", "json"])
    assert json.loads(js.output)["cases"] == {"old": 6, "new": 6}
    assert runner.invoke(main, ["diff", str(a), str(b), "--exit-code"]).exit_code == 1
    assert runner.invoke(main, ["diff", str(a), str(a), "--exit-code"]).exit_code == 0
    missing = runner.invoke(main, ["diff", str(a), str(tmp_path / "nope.yaml")])
    assert missing.exit_code == 2 and "not found" in missing.output
    assert "Traceback" not in missing.output
