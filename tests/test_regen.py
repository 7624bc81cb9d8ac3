"""`build --update` / `--check` on a copy of the demo corpus: one sentence edited, one file
renamed, one deleted. Exactly the affected cases move; every other case stays byte-identical;
the suite keeps its size and family balance."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from mutagen_cite.cases import regen
from mutagen_cite.cli import main
from mutagen_cite.corpus import load_corpus
from mutagen_cite.model import Suite
from mutagen_cite.cases.diff import diff_suites
from mutagen_cite.cases.suite_format import dump_suite_yaml, load_suite, write_suite
from mutagen_cite.cases.validate import validate_suite

N_CASES = 28
EDIT = " as agreed"  # a wording change after the value; no brackets (v4 asks no bracketed question)


@pytest.fixture(scope="module")
def nlp():
    from mutagen_cite.analysis.annotate import load_spacy

    return load_spacy(None)


@pytest.fixture(scope="module")
def baseline(tmp_path_factory, demo_dir, nlp):
    """A 28-case suite of a demo corpus copy, and the warm parse cache it was built with."""
    from mutagen_cite.cases.build import build_suite
    from mutagen_cite.analysis.pipeline import analyse

    root = tmp_path_factory.mktemp("regen")
    shutil.copytree(demo_dir, root / "corpus")
    analysis = analyse(root / "corpus", nlp=nlp, cache_dir=root / "cache")
    suite, _ = build_suite(analysis, n_cases=N_CASES)
    write_suite(root / "suite.yaml", suite)
    return root


@pytest.fixture
def work(baseline, tmp_path) -> Path:
    """A private copy of the corpus, cache and suite for one test to change."""
    for name in ("corpus", "cache"):
        shutil.copytree(baseline / name, tmp_path / name)
    shutil.copy(baseline / "suite.yaml", tmp_path / "suite.yaml")
    return tmp_path


def _case_bytes(case) -> str:
    return dump_suite_yaml(Suite(None, (case,)))


def _docs_of(case) -> set[str]:
    prov = case.provenance
    docs = {prov.doc} | {e.doc for e in prov.chunks.values()}
    if prov.mutation.sibling is not None:
        docs.add(prov.mutation.sibling.doc)
    return docs


def _spans_in(case, doc_id: str) -> list[tuple[int, int]]:
    prov = case.provenance
    spans = [(prov.start, prov.end)] if prov.doc == doc_id else []
    spans += [(e.start, e.end) for e in prov.chunks.values() if e.doc == doc_id]
    return spans


def _words(corpus_dir: Path) -> str:
    return "\n".join(" ".join(d.text.split()).casefold() for d in load_corpus(corpus_dir))


def _occurs(value: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(' '.join(value.split()).casefold())}(?!\w)", text) is not None


def _gone(value: str, before: str, after: str) -> bool:
    """A mined value left the corpus: it was there, and now neither it nor one of its words is."""
    words = re.findall(r"\w+", value.casefold())
    return (_occurs(value, before) and not _occurs(value, after)
            and not all(_occurs(w, after) for w in words))


def _change_corpus(work: Path, suite: Suite) -> dict:
    """Edit the true sentence of one quantity case, rename a second document, delete a third."""
    by_doc: dict[str, list] = {}
    for c in suite.cases:
        by_doc.setdefault(c.provenance.doc, []).append(c)
    target = next(c for c in suite.cases if c.variant == "both-present" and c.family == "quantity")
    edited = target.provenance.doc
    renamed, deleted = [d for d in sorted(by_doc) if d != edited][:2]
    corpus = work / "corpus"
    doc = load_corpus(corpus).by_id(edited)
    at = target.provenance.end - 1  # just before the sentence's full stop
    raw_at = doc.source_offset(at)
    raw = (corpus / edited).read_text(encoding="utf-8")
    (corpus / edited).write_text(raw[:raw_at] + EDIT + raw[raw_at:], encoding="utf-8")
    (corpus / "archive").mkdir()
    new_path = f"archive/{Path(renamed).name}"
    shutil.move(corpus / renamed, corpus / new_path)
    (corpus / deleted).unlink()
    return {"target": target, "edited": edited, "at": at, "renamed": renamed, "new_path": new_path,
            "deleted": deleted}


def _expected_stale(suite: Suite, change: dict, before: str, after: str) -> dict[str, str]:
    """Stale case ids, worked out from the edit itself (not from the code under test)."""
    out = {}
    for c in suite.cases:
        docs = _docs_of(c)
        mutation = c.provenance.mutation
        if change["deleted"] in docs:
            out[c.id] = "deleted"
        elif change["renamed"] in docs:
            out[c.id] = "renamed"
        elif change["edited"] in docs and any(end > change["at"] for _, end in _spans_in(c, change["edited"])):
            out[c.id] = "edited"
        elif mutation.origin == "mined" and _gone(mutation.replacement, before, after):
            out[c.id] = "value"
    return out


def test_update_changes_exactly_the_affected_cases(work, nlp):
    old = load_suite(work / "suite.yaml")
    before = _words(work / "corpus")
    change = _change_corpus(work, old)
    expected = _expected_stale(old, change, before, _words(work / "corpus"))
    assert set(expected.values()) >= {"deleted", "renamed", "edited"}

    check = regen.check_file(work / "suite.yaml", work / "corpus")
    assert not check.fresh
    assert {cid for cid, _ in check.assessment.stale_cases()} == set(expected)

    result = regen.update_file(work / "suite.yaml", work / "corpus", output=work / "new.yaml", nlp=nlp,
                               cache_dir=work / "cache")
    assert result.parsed == 1  # only the edited document was parsed again
    new = load_suite(work / "new.yaml")
    assert (work / "suite.yaml").read_bytes() != (work / "new.yaml").read_bytes()
    new_by = {c.id: c for c in new.cases}
    retired = {r["id"]: r["reason"] for r in new.retired}

    # every case whose evidence did not move is byte-identical, with no status
    for c in old.cases:
        if c.id not in expected:
            assert _case_bytes(new_by[c.id]) == _case_bytes(c), c.id
    # and exactly the affected ones moved
    d = diff_suites(old, new)
    moved = {i for e in d.entries if e.status in ("changed", "retired") for i in e.ids}
    assert moved == set(expected)

    for cid, why in expected.items():
        old_case = next(c for c in old.cases if c.id == cid)
        if why == "deleted":
            assert change["deleted"] in retired[cid]
        elif why == "renamed":  # same test, provenance re-pointed
            case = new_by[cid]
            assert case.status == "changed"
            assert case.provenance.doc == change["new_path"]
            for f in ("question", "claim", "answer", "context", "expect", "family", "variant"):
                assert getattr(case, f) == getattr(old_case, f), (cid, f)
        else:
            assert new_by[cid].status == "changed" if cid in new_by else cid in retired

    # the edited sentence is the same test on the new text, under its old id and chunk ids; or,
    # when the builder finds no clean near miss in the new wording, it is retired saying why
    tid = change["target"].id
    if tid in new_by:
        target = new_by[tid]
        assert target.status == "changed"
        assert target.provenance.sentence.endswith(EDIT + ".")
        assert target.context_ids() == change["target"].context_ids()
        assert target.expect.cited_chunks_include == change["target"].expect.cited_chunks_include
    else:
        assert f"true sentence edited in {change['edited']}" in retired[tid]

    # size and family balance; freed slots hold new cases with new ids
    assert len(new.cases) == len(old.cases)
    assert Counter(c.family for c in new.cases) == Counter(c.family for c in old.cases)
    fresh = [c for c in new.cases if c.id not in {o.id for o in old.cases}]
    assert len(fresh) == len(retired) and all(c.status == "new" for c in fresh)
    assert new.header.manifest == load_corpus(work / "corpus").manifest()
    problems = validate_suite(new, corpus=load_corpus(work / "corpus"))
    assert [p for p in problems if p.severity == "error"] == []

    # nothing left to do: check is fresh, and a second update only clears the statuses
    assert regen.check_file(work / "new.yaml", work / "corpus").fresh
    again = regen.update_suite(new, work / "corpus", nlp=nlp, cache_dir=work / "cache")
    assert again.parsed == 0
    assert [c.id for c in again.suite.cases] == [c.id for c in new.cases]
    assert all(c.status is None for c in again.suite.cases)
    assert diff_suites(new, again.suite).unchanged


def test_text_changed_around_a_sentence_is_rematched_under_the_old_ids(work, nlp):
    """The true sentence is untouched but a sentence is added right after it, inside its chunk:
    the case is rebuilt from the same sentence, keeping its id, claim and opaque chunk ids."""
    old = load_suite(work / "suite.yaml")
    corpus = load_corpus(work / "corpus")
    from mutagen_cite.cases.questions import is_table_row

    # a prose sentence: text added after a table row would land inside the table
    target = next(c for c in old.cases if c.variant == "both-present"
                  and c.provenance.chunks[c.expect.cited_chunks_include[0]].end > c.provenance.end + 1
                  and corpus.by_id(c.provenance.doc).source_map and not is_table_row(c.provenance.sentence))
    doc = corpus.by_id(target.provenance.doc)
    raw_at = doc.source_offset(target.provenance.end - 1) + 1
    path = work / "corpus" / doc.id
    raw = path.read_text(encoding="utf-8")
    path.write_text(raw[:raw_at] + " It is reviewed every year." + raw[raw_at:], encoding="utf-8")

    result = regen.update_suite(old, work / "corpus", nlp=nlp, cache_dir=work / "cache")
    assert result.parsed == 1
    new = {c.id: c for c in result.suite.cases}[target.id]
    assert new.status == "changed"
    assert "text around the true sentence changed" in result.reasons[target.id]
    assert (new.question, new.claim, new.answer) == (target.question, target.claim, target.answer)
    assert new.provenance.sentence == target.provenance.sentence
    assert new.context_ids() == target.context_ids() and new.expect == target.expect
    true_id = target.expect.cited_chunks_include[0]
    assert new.chunk_text(true_id) != target.chunk_text(true_id)
    assert target.provenance.sentence in new.chunk_text(true_id)
    assert len(result.suite.cases) == len(old.cases)


def test_unchanged_corpus_update_is_a_byte_identical_no_op(work):
    before = (work / "suite.yaml").read_bytes()
    result = regen.update_file(work / "suite.yaml", work / "corpus", cache_dir=work / "cache")
    assert result.parsed == 0 and result.reasons == {}
    assert (work / "suite.yaml").read_bytes() == before


def test_prune_drops_retired_cases_and_keeps_the_size(work, nlp):
    old = load_suite(work / "suite.yaml")
    doc = old.cases[0].provenance.doc
    (work / "corpus" / doc).unlink()
    result = regen.update_suite(old, work / "corpus", prune=True, nlp=nlp, cache_dir=work / "cache")
    assert result.suite.retired == ()
    assert len(result.suite.cases) == len(old.cases)
    assert Counter(c.family for c in result.suite.cases) == Counter(c.family for c in old.cases)
    assert not any(c.provenance.doc == doc for c in result.suite.cases)
    gone = [cid for cid, why in result.reasons.items() if doc in why]
    assert gone and not set(gone) & {c.id for c in result.suite.cases}


def _cli(*args):
    return CliRunner().invoke(main, ["build", *map(str, args)])


def test_check_cli_exit_codes_and_stale_list(work):
    suite = work / "suite.yaml"
    fresh = _cli(work / "corpus", "--update", suite, "--check", "-q")
    assert fresh.exit_code == 0, fresh.output
    assert "up to date" in fresh.output
    before = suite.read_bytes()
    old = load_suite(suite)
    doc = old.cases[0].provenance.doc
    (work / "corpus" / doc).unlink()
    stale = _cli(work / "corpus", "--update", suite, "--check", "-q")
    assert stale.exit_code == 1, stale.output
    assert "is stale" in stale.output
    for c in old.cases:
        if doc in _docs_of(c):
            assert re.search(rf"{re.escape(c.id)}\s+evidence removed: {re.escape(doc)} deleted", stale.output)
    assert suite.read_bytes() == before  # --check writes nothing


def test_rename_only_update_through_the_cli(work):
    suite = work / "suite.yaml"
    old = load_suite(suite)
    doc = old.cases[0].provenance.doc
    (work / "corpus" / "moved").mkdir()
    shutil.move(work / "corpus" / doc, work / "corpus" / "moved" / Path(doc).name)
    result = _cli(work / "corpus", "--update", suite, "-q", "--cache-dir", work / "cache")
    assert result.exit_code == 0, result.output
    assert re.search(r"total\s+\d+\s+[1-9]\d*\s+0\s+0", result.output)
    assert f"moved from {doc} to moved/{Path(doc).name}" in result.output
    new = load_suite(suite)
    assert [c.id for c in new.cases] == [c.id for c in old.cases]
    for a, b in zip(old.cases, new.cases):
        if a.provenance.doc == doc:
            assert b.status == "changed" and b.provenance.doc == f"moved/{Path(doc).name}"
        else:
            assert _case_bytes(a) == _case_bytes(b)


def test_suite_without_manifest_gets_a_clear_message(tmp_path, demo_dir):
    hand = tmp_path / "hand.yaml"
    hand.write_text(
        "- id: retention-eu\n"
        "  family: scope\n"
        "  question: How long are EU logs kept?\n"
        "  context:\n"
        "    - {chunk_id: a, text: EU logs are kept for 30 days.}\n"
        "  expect: {answer_contains: 30 days, cited_chunks_include: [a]}\n",
        encoding="utf-8",
    )
    for extra in ((), ("--check",)):
        result = _cli(demo_dir, "--update", hand, "-q", *extra)
        assert result.exit_code == 2, result.output
        assert isinstance(result.exception, SystemExit)  # a message, not a traceback
        assert "no manifest" in result.output and "mutagen-cite build" in result.output
        assert "Traceback" not in result.output


def test_update_refuses_options_the_header_fixes(work):
    result = _cli(work / "corpus", "--update", work / "suite.yaml", "--seed", "7", "-q")
    assert result.exit_code == 2
    assert "--seed cannot be used with --update" in result.output
    alone = _cli(work / "corpus", "--check", "-q")
    assert alone.exit_code == 2 and "--update SUITE" in alone.output


@pytest.mark.parametrize("where", ["while computing", "while writing"])
def test_interrupted_update_leaves_the_old_suite_intact(work, monkeypatch, where):
    suite = work / "suite.yaml"
    before = suite.read_bytes()
    doc = load_suite(suite).cases[0].provenance.doc
    (work / "corpus" / "moved").mkdir()
    shutil.move(work / "corpus" / doc, work / "corpus" / "moved" / Path(doc).name)

    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt

    if where == "while computing":
        monkeypatch.setattr(regen, "_shifted", interrupt)
    else:
        import mutagen_cite.files as io_module

        monkeypatch.setattr(io_module.os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        regen.update_file(suite, work / "corpus", cache_dir=work / "cache")
    assert suite.read_bytes() == before
    assert sorted(p.name for p in work.iterdir() if p.is_file()) == ["suite.yaml"]


def test_update_against_the_wrong_folder_is_refused_not_retired(work, tmp_path):
    """Pointed at a folder missing most of the suite's documents, --update refuses instead of
    retiring most cases; --allow-missing goes on."""
    from click.testing import CliRunner

    from mutagen_cite.cli import main

    other = tmp_path / "other"
    other.mkdir()
    docs = sorted(p for p in (work / "corpus").rglob("*") if p.is_file())
    for p in docs[:2]:
        shutil.copy(p, other / p.name)
    before = (work / "suite.yaml").read_bytes()
    result = CliRunner().invoke(main, ["build", str(other), "--update", str(work / "suite.yaml"), "-q",
                                       "--cache-dir", str(work / "cache")])
    assert result.exit_code != 0
    assert "are not in" in result.output and "--allow-missing" in result.output
    assert "Traceback" not in result.output
    assert (work / "suite.yaml").read_bytes() == before
    with pytest.raises(Exception, match="updating would retire most cases"):
        regen.update_suite(load_suite(work / "suite.yaml"), other, cache_dir=work / "cache")


def test_update_label_checks_refills_with_the_entailed_check_like_build(work, nlp, monkeypatch):
    # a refilled case passes the same checks as a built one, the whole-chunk entailment included
    from mutagen_cite.cases import entailed

    made = []

    class _Never:
        name, threshold = "stub", 1.0

        def scores(self, pairs):
            made.append(len(pairs))
            return [0.0] * len(pairs)

    monkeypatch.setattr(entailed, "make_checker", lambda judge, **kw: made.append("checker") or
                        entailed.ChunkEntailment(_Never()))
    old = load_suite(work / "suite.yaml")
    _change_corpus(work, old)
    regen.update_file(work / "suite.yaml", work / "corpus", output=work / "new.yaml", nlp=nlp,
                      cache_dir=work / "cache")
    assert "checker" in made
