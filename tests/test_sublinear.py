"""Sublinear builds (issue 16): parse only as much of a corpus as the suite needs, the same
bytes whatever the number of workers, and --update still working afterwards."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from mutagen_cite.analysis.sublinear import Budget, Scorer, parse_order
from mutagen_cite.cli import main
from mutagen_cite.corpus import load_corpus
from mutagen_cite.cases.suite_format import load_suite

COPIES = 6  # 6 x the 13 demo documents: 78 documents, more than two parse batches


@pytest.fixture(scope="module")
def copies(tmp_path_factory, demo_dir) -> Path:
    """Many copies of the small demo documents (which the project wrote itself)."""
    root = tmp_path_factory.mktemp("copies") / "corpus"
    for i in range(COPIES):
        shutil.copytree(demo_dir, root / f"copy-{i}")
        for path in (root / f"copy-{i}").rglob("*"):
            if path.suffix in (".md", ".txt", ".rst"):  # distinct texts: distinct parse-cache entries
                path.write_text(path.read_text(encoding="utf-8") + f"\n\nThis is copy {i}.\n", encoding="utf-8")
    return root


def _build(corpus: Path, out: Path, cache: Path, *extra: str):
    result = CliRunner().invoke(main, ["build", str(corpus), "-o", str(out), "-q", "--cache-dir", str(cache),
                                       "--cases", "14", "--families", "scope,quantity", *extra])
    assert result.exit_code == 0, result.output
    return result


def _parsed_entries(cache: Path) -> int:
    return len(list((cache / "parse").glob("*/*.json")))


@pytest.fixture(scope="module")
def sublinear(copies, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("sub")
    result = _build(copies, tmp / "suite.yaml", tmp / "cache")
    return result, tmp


def test_build_stops_early_and_still_pins_every_document(sublinear, copies):
    result, tmp = sublinear
    total = len(load_corpus(copies).documents)
    assert "analysed 32 of 78 documents" in result.output
    # the cache holds what was parsed (the copies of the one HTML page share a text)
    assert 20 < _parsed_entries(tmp / "cache") <= 32
    suite = load_suite(tmp / "suite.yaml")
    assert len(suite.cases) == 14
    assert len(suite.header.manifest) == total  # --update sees an edit to any document
    assert suite.header.settings["pool_factor"] == 5.0  # the suite depends on it: recorded for --update


def test_same_bytes_whatever_the_number_of_workers(sublinear, copies, tmp_path):
    _, tmp = sublinear
    _build(copies, tmp_path / "jobs2.yaml", tmp_path / "cache2", "--jobs", "2")
    assert (tmp_path / "jobs2.yaml").read_bytes() == (tmp / "suite.yaml").read_bytes()


def test_full_parses_everything(copies, tmp_path):
    result = _build(copies, tmp_path / "full.yaml", tmp_path / "cache", "--full")
    assert "analysed" not in result.output
    full = load_suite(tmp_path / "full.yaml")
    assert len(full.cases) == 14
    assert "pool_factor" not in full.header.settings


def test_update_after_a_sublinear_build_parses_only_the_edited_document(sublinear, copies, tmp_path):
    _, tmp = sublinear
    corpus = tmp_path / "corpus"
    shutil.copytree(copies, corpus)
    cache = tmp_path / "cache"
    shutil.copytree(tmp / "cache", cache)
    suite_path = tmp_path / "suite.yaml"
    shutil.copyfile(tmp / "suite.yaml", suite_path)
    suite = load_suite(suite_path)
    # a case whose true sentence is prose (a table row is stored as a rendered sentence)
    case = next(c for c in suite.cases if c.variant == "both-present"
                and c.provenance.sentence in (corpus / c.provenance.doc).read_text(encoding="utf-8"))
    doc = corpus / case.provenance.doc
    text = doc.read_text(encoding="utf-8")
    sentence = case.provenance.sentence
    assert sentence in text
    doc.write_text(text.replace(sentence, sentence.rstrip(".") + " in every case.", 1), encoding="utf-8")
    before = _parsed_entries(cache)
    result = CliRunner().invoke(main, ["build", str(corpus), "--update", str(suite_path), "-q",
                                       "--cache-dir", str(cache)])
    assert result.exit_code == 0, result.output
    # one new cache entry: the edited text; no unchanged document was parsed
    assert _parsed_entries(cache) == before + 1
    updated = load_suite(suite_path)
    assert len(updated.cases) == len(suite.cases)
    assert updated.header.manifest[case.provenance.doc] != suite.header.manifest[case.provenance.doc]
    assert {c.id for c in updated.cases} & {c.id for c in suite.cases}


def test_order_is_seeded_weighted_and_ignores_listing_order(demo_dir):
    corpus = load_corpus(demo_dir)
    scorer = Scorer()
    scores = {d.id: scorer.score(d) for d in corpus.documents}
    budget = Budget({"scope": 3, "quantity": 3}, seed=13)
    order = parse_order(corpus.documents, scores, budget)
    assert sorted(order) == sorted(d.id for d in corpus.documents)
    assert parse_order(list(reversed(corpus.documents)), scores, budget) == order
    assert parse_order(corpus.documents, scores, Budget({"scope": 3, "quantity": 3}, seed=14)) != order
    # a document offering the wanted families comes no later than the same document offering none
    doc = order[len(order) // 2]
    rich = parse_order(corpus.documents, {**scores, doc: {"scope": 9, "quantity": 9}}, budget)
    bare = parse_order(corpus.documents, {**scores, doc: {}}, budget)
    assert rich.index(doc) < bare.index(doc)
    # and weights read each document alone: the others keep their relative order
    assert [d for d in rich if d != doc] == [d for d in bare if d != doc]
    first = Budget({"scope": 3, "quantity": 3}, seed=13, first=(order[-1],))
    assert parse_order(corpus.documents, scores, first)[0] == order[-1]


def test_scores_count_sentences_per_family(tmp_path):
    (tmp_path / "a.md").write_text("Logs in eu-west-1 are kept for 30 days.\n\nThe sky is blue.\n", encoding="utf-8")
    (doc,) = load_corpus(tmp_path).documents
    score = Scorer().score(doc)
    assert score["scope"] == 1 and score["quantity"] == 1
    assert json.dumps(score, sort_keys=True)  # plain ints
