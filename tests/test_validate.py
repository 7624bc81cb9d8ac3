"""Suite validation: the meaning checks, the corpus checks and the ``validate`` command."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mutagen_cite.cli import main
from mutagen_cite.model import Case, ChunkOrigin, ContextChunk, Document, Expect, Provenance, Suite
from mutagen_cite.cases.suite_format import load_suite, write_suite
from mutagen_cite.cases.validate import (
    SUITE_LEVEL,
    Problem,
    count_problems,
    format_problems,
    problems_to_dict,
    twin_id,
    validate_suite,
)

FIXTURES = Path(__file__).parent / "fixtures" / "suites"
PLANS_RAW = "The Team plan includes 25 seats.\n"
PLANS_SHA = hashlib.sha256(PLANS_RAW.encode()).hexdigest()


class FakeCorpus:
    """The two methods validation uses, over in-memory documents."""

    def __init__(self, *docs: Document):
        self.docs = {d.id: d for d in docs}

    def by_id(self, doc_id: str) -> Document:
        return self.docs[doc_id]

    def manifest(self) -> dict:
        return {d: self.docs[d].sha256 for d in sorted(self.docs)}


def plans(text: str = PLANS_RAW, sha: str = PLANS_SHA) -> Document:
    return Document(id="plans.md", text=text, sha256=sha, format="md")


@pytest.fixture()
def full() -> Suite:
    return load_suite(FIXTURES / "full_suite.yaml")


def replace_case(suite: Suite, i: int, **changes) -> Suite:
    cases = list(suite.cases)
    cases[i] = dataclasses.replace(cases[i], **changes)
    return dataclasses.replace(suite, cases=tuple(cases))


def with_prov(suite: Suite, i: int, **changes) -> Suite:
    return replace_case(suite, i, provenance=dataclasses.replace(suite.cases[i].provenance, **changes))


def keyed(problems: list[Problem]) -> set[tuple[str, str, str]]:
    return {(p.case_id, p.field, p.severity) for p in problems}


# --------------------------------------------------------------------------- without corpus


def test_fixture_suites_are_clean():
    for name in ("full_suite.yaml", "seed_retention.yaml"):
        assert validate_suite(load_suite(FIXTURES / name)) == []


def test_bad_fixture_reports_each_broken_rule():
    problems = validate_suite(load_suite(FIXTURES / "bad_suite.yaml"))
    assert keyed(problems) == {
        ("quota-true-absent", "context[1]", "error"),
        ("trial-both-present", "expect.cited_chunks_include", "error"),
        ("trial-both-present", "expect", "error"),
        ("trial-both-present", "expect.answer_contains", "error"),
        ("trial-true-absent", "question", "error"),
        ("trial-true-absent", "context[1].text", "error"),
        ("trial-true-absent", "context[1].chunk_id", "error"),
        ("trial-true-absent", "expect.behaviour", "error"),
    }
    msgs = {p.field: p.message for p in problems if p.case_id == "trial-both-present"}
    assert "t7" in msgs["expect.cited_chunks_include"] and "t1" in msgs["expect"]


def test_twin_is_matched_by_swapping_the_variant_suffix():
    assert twin_id("a-b-both-present") == "a-b-true-absent"
    assert twin_id("a-b-true-absent") == "a-b-both-present"
    assert twin_id("no-suffix") is None


def test_true_absent_holding_twin_true_id_is_an_error():
    seed = load_suite(FIXTURES / "seed_retention.yaml")
    both, absent = seed.cases
    leaked = both.context[1]  # the true chunk, same id and text
    bad = replace_case(seed, 1, context=absent.context + (leaked,))
    problems = validate_suite(bad)
    assert [(p.case_id, p.field) for p in problems] == [("logs-eu-scope-true-absent", "context[1]")]
    assert leaked.chunk_id in problems[0].message and "twin" in problems[0].message
    # same id, different text: still the id the twin requires
    renamed = replace_case(seed, 1, context=absent.context + (ContextChunk(leaked.chunk_id, "other"),))
    assert keyed(validate_suite(renamed)) == {("logs-eu-scope-true-absent", "context[1]", "error")}


def test_variant_rules():
    seed = load_suite(FIXTURES / "seed_retention.yaml")
    both, absent = seed.cases
    s = replace_case(seed, 0, expect=dataclasses.replace(both.expect, behaviour="decline"))
    assert keyed(validate_suite(s)) == {(both.id, "expect.behaviour", "error")}
    s = replace_case(seed, 0, expect=dataclasses.replace(both.expect, cited_chunks_include=()))
    assert keyed(validate_suite(s)) == {(both.id, "expect.cited_chunks_include", "error")}
    s = replace_case(seed, 1, expect=Expect(behaviour="decline", answer_contains="45 days",
                                            cited_chunks_include=("policy/logs.md#tok:0",)))
    assert keyed(validate_suite(s)) == {(absent.id, "expect.cited_chunks_include", "error"),
                                        (absent.id, "expect.answer_contains", "warning")}
    s = replace_case(seed, 1, family="date")
    assert keyed(validate_suite(s)) == {(both.id, "family", "warning"), (absent.id, "family", "warning")}


def test_provenance_chunks_must_match_the_context(full):
    prov = full.cases[0].provenance
    chunks = {**prov.chunks, "p-9999": ChunkOrigin(role="distractor")}
    del chunks["p-7730"]
    s = with_prov(full, 0, chunks=chunks)
    assert keyed(validate_suite(s)) == {(full.cases[0].id, "provenance.chunks.p-9999", "error"),
                                        (full.cases[0].id, "provenance.chunks", "warning")}
    absent = full.cases[1]
    s = replace_case(full, 1, provenance=Provenance(chunks={"p-7730": ChunkOrigin(role="true")}))
    assert (absent.id, "provenance.chunks.p-7730", "error") in keyed(validate_suite(s))


def test_header_checks(full):
    s = replace_case(full, 0, family="entity")
    assert (SUITE_LEVEL, "families", "warning") in keyed(validate_suite(s))
    s = with_prov(full, 0, doc="other.md")
    assert (SUITE_LEVEL, "manifest", "warning") in keyed(validate_suite(s))
    s = dataclasses.replace(full, retired=({"id": full.cases[0].id},))
    assert (SUITE_LEVEL, "retired[0]", "warning") in keyed(validate_suite(s))
    assert keyed(validate_suite(Suite(header=None, cases=()))) == {(SUITE_LEVEL, "cases", "warning")}


def test_synthetic_distractor_without_corpus(full):
    case = full.cases[0]
    two_places = "The Starter plan includes 26 seats."
    s = replace_case(full, 0, context=(case.context[0], ContextChunk("p-7730", two_places)))
    problems = validate_suite(s)
    assert keyed(problems) == {(case.id, "provenance.chunks.p-7730", "error")}
    assert "2 places" in problems[0].message
    s = replace_case(full, 0, context=(case.context[0], ContextChunk("p-7730", case.context[0].text)))
    assert "identical" in validate_suite(s)[0].message
    outside = "The Team plan includes 26 seats."  # one change, but not in the Team slot
    s = replace_case(full, 0, context=(case.context[0], ContextChunk("p-7730", outside)))
    problems = validate_suite(s)
    assert keyed(problems) == {(case.id, "provenance.chunks.p-7730", "error")}
    assert "outside the mutated slot" in problems[0].message


# --------------------------------------------------------------------------- with corpus


def test_matching_corpus_is_clean(full):
    assert validate_suite(full, corpus=FakeCorpus(plans())) == []


def test_changed_text_with_same_hash_is_an_error(full):
    corpus = FakeCorpus(plans(text="The Pro plan includes 25 seats.\n"))
    problems = validate_suite(full, corpus=corpus)
    both = full.cases[0].id
    assert (both, "provenance.sentence", "error") in keyed(problems)
    assert (both, "provenance.chunks.p-0412", "error") in keyed(problems)
    assert all(p.severity == "error" for p in problems)


def test_changed_document_is_stale_and_drift_becomes_warnings(full):
    corpus = FakeCorpus(plans(text="The Pro plan includes 25 seats.\n", sha="f" * 64))
    problems = validate_suite(full, corpus=corpus)
    assert count_problems(problems)[0] == 0
    both = full.cases[0].id
    stale = [p for p in problems if p.field == "provenance.doc_sha256"]
    assert stale and stale[0].message.startswith("stale: doc changed since build")
    assert (both, "provenance.sentence", "warning") in keyed(problems)
    assert (SUITE_LEVEL, "manifest.plans.md", "warning") in keyed(problems)


def test_missing_and_new_documents(full):
    other = Document(id="faq.md", text="x", sha256="0" * 64, format="md")
    problems = validate_suite(full, corpus=FakeCorpus(other))
    assert (full.cases[0].id, "provenance.doc", "error") in keyed(problems)
    assert (SUITE_LEVEL, "manifest.plans.md", "warning") in keyed(problems)
    new = [p for p in problems if p.field == "manifest" and "faq.md" in p.message]
    assert new and "build --update" in new[0].message


def test_corpus_offsets_and_synthetic_checks(full):
    s = with_prov(full, 0, start=5, end=500)
    assert (full.cases[0].id, "provenance.start", "error") in keyed(validate_suite(s, corpus=FakeCorpus(plans())))
    # the true-absent case holds only the synthetic distractor: checked against the document
    absent = full.cases[1]
    prov = full.cases[0].provenance
    prov = dataclasses.replace(prov, chunks={"p-7730": prov.chunks["p-7730"]})
    s = replace_case(full, 1, provenance=prov, context=(ContextChunk("p-7730", "The Starter plan has 26 seats."),))
    problems = validate_suite(s, corpus=FakeCorpus(plans()))
    assert keyed(problems) == {(absent.id, "provenance.chunks.p-7730", "error")}
    s = replace_case(full, 1, provenance=prov)
    assert validate_suite(s, corpus=FakeCorpus(plans())) == []
    bare = replace_case(full, 1, provenance=None)
    assert (absent.id, "provenance", "warning") in keyed(validate_suite(bare, corpus=FakeCorpus(plans())))


# --------------------------------------------------------------------------- report and CLI


def test_report_lines_and_summary():
    problems = validate_suite(load_suite(FIXTURES / "bad_suite.yaml"))
    text = format_problems(problems, n_cases=4, path="bad.yaml")
    lines = text.splitlines()
    assert lines[-1] == "bad.yaml: 4 cases, 8 errors, 0 warnings"
    first = lines[0].split()
    assert first[:3] == ["quota-true-absent", "context[1]", "error:"]
    assert "" in lines[:-1]  # blank line between case groups
    assert format_problems([], n_cases=1) == "1 case, 0 errors, 0 warnings\n"
    d = problems_to_dict(problems, n_cases=4, path="bad.yaml")
    assert (d["errors"], d["warnings"], len(d["problems"])) == (8, 0, 8)


def test_cli_good_suite_exits_zero():
    result = CliRunner().invoke(main, ["validate", str(FIXTURES / "full_suite.yaml")])
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith("2 cases, 0 errors, 0 warnings")


def test_cli_bad_suite_exits_one_and_lists_problems():
    result = CliRunner().invoke(main, ["validate", str(FIXTURES / "bad_suite.yaml")])
    assert result.exit_code == 1
    assert "trial-both-present" in result.output and "expect.cited_chunks_include" in result.output
    assert "4 cases, 8 errors, 0 warnings" in result.output
    result = CliRunner().invoke(main, ["validate", str(FIXTURES / "bad_suite.yaml"), "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["errors"] == 8 and data["problems"][0]["case_id"] == "quota-true-absent"


def test_cli_unloadable_suite_gives_one_line_error(tmp_path):
    bad = tmp_path / "s.yaml"
    bad.write_text("- id: a\n  famly: scope\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(bad)])
    assert result.exit_code == 2
    assert "case a: field famly" in result.stderr and "family" in result.stderr
    assert "Traceback" not in result.output
    result = CliRunner().invoke(main, ["validate", str(tmp_path / "missing.yaml")])
    assert result.exit_code == 2 and "not found" in result.stderr


def test_cli_with_corpus_reports_stale(monkeypatch, tmp_path, full):
    import mutagen_cite.corpus as corpus_pkg

    seen = []

    def fake_load(path, *a, **k):
        seen.append(Path(path))
        return FakeCorpus(plans(sha="e" * 64))

    monkeypatch.setattr(corpus_pkg, "load_corpus", fake_load, raising=False)
    suite_path = write_suite(tmp_path / "s.jsonl", full)
    result = CliRunner().invoke(main, ["validate", str(suite_path), "--corpus", str(tmp_path)])
    assert seen == [tmp_path]
    assert result.exit_code == 0, result.output
    assert "stale: doc changed since build" in result.output
    assert "0 errors" in result.output
