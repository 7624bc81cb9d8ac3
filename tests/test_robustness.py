"""Hostile input and faults from issue 14 (items 7, 9, 11, 14, 17-21): each a clear one-line
error or a repaired state, never a traceback or a silent loss."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from mutagen_cite.cli import main
from mutagen_cite.errors import SuiteError
from mutagen_cite.cases.suite_format import load_suite

FIXTURES = Path(__file__).parent / "fixtures"
BOMB = (
    "  a: &a [x, x, x, x, x, x, x, x, x]\n"
    "  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
    "  c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
    "  d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
    "  e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
    "  f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
    "  g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]\n"
    "  h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]\n"
    "  i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]\n"
)


def _bombed_suite(tmp_path, where: str) -> Path:
    text = (FIXTURES / "suites" / "full_suite.yaml").read_text()
    if where == "settings":
        text = text.replace("settings:\n", "settings:\n" + BOMB, 1)
    else:  # inside a case's labels:
        text = text.replace("    labels:\n", "    labels:\n" + "\n".join("    " + l for l in BOMB.splitlines()) + "\n", 1)
    path = tmp_path / "bomb.yaml"
    path.write_text(text)
    return path


@pytest.mark.parametrize("where", ["settings", "labels"])
def test_yaml_alias_bomb_is_refused_before_expansion(tmp_path, where):
    path = _bombed_suite(tmp_path, where)
    with pytest.raises(SuiteError, match="aliases"):
        load_suite(path)
    for args in (["validate", str(path)], ["audit", str(path)], ["diff", str(path), str(path)]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code != 0, args
        assert "aliases" in result.output and "Traceback" not in result.output, result.output


class _Fixed:
    name = "fixed"
    threshold = 0.5
    fingerprint = "f1"

    def __init__(self):
        self.calls = 0

    def score(self, pairs):
        self.calls += len(pairs)
        return [0.9 for _ in pairs]


@pytest.mark.parametrize("bad", [b"\xff\xfe\x00garbage", b"{not json", "folder"])
def test_unreadable_verdict_cache_entry_is_a_miss_and_is_rewritten(tmp_path, bad):
    import json

    from mutagen_cite.judges.cache import CachedJudge, VerdictCache, verdict_key

    key = verdict_key("fixed", "f1", "premise", "claim")
    path = tmp_path / "c" / key[:2] / f"{key}.json"
    path.parent.mkdir(parents=True)
    if bad == "folder":
        path.mkdir()
    else:
        path.write_bytes(bad)
    inner = _Fixed()
    judge = CachedJudge(inner, VerdictCache(tmp_path / "c"))
    assert judge.score([("premise", "claim")]) == [0.9]
    assert inner.calls == 1 and judge.cache.repaired == 1
    assert json.loads(path.read_text(encoding="utf-8"))["score"] == 0.9  # repaired on disk
    again = CachedJudge(inner, VerdictCache(tmp_path / "c"))
    assert again.score([("premise", "claim")]) == [0.9] and inner.calls == 1  # now a hit


@pytest.mark.parametrize("command", ["mine", "build"])
def test_unwritable_cache_folder_is_one_clear_error(tmp_path, command):
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the cache folder should be\n")  # unwritable even for root
    docs = FIXTURES / "formats" / "docs"
    args = [command, str(docs), "-q", "--cache-dir", str(blocker)]
    if command == "build":
        args += ["-o", str(tmp_path / "s.yaml")]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert "cannot write the parse cache" in result.output and "--cache-dir" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output


def test_atomic_writes_follow_the_umask_and_keep_an_existing_mode(tmp_path):
    from mutagen_cite.files import atomic_write_text

    old = os.umask(0o022)
    try:
        new = atomic_write_text(tmp_path / "suite.yaml", "a: 1\n")
        assert new.stat().st_mode & 0o777 == 0o644
        os.umask(0o002)
        assert atomic_write_text(tmp_path / "other.json", "{}\n").stat().st_mode & 0o777 == 0o664
        os.chmod(new, 0o640)
        atomic_write_text(new, "a: 2\n")
        assert new.stat().st_mode & 0o777 == 0o640 and new.read_text() == "a: 2\n"
    finally:
        os.umask(old)


@pytest.fixture(scope="module")
def built_formats_suite(tmp_path_factory):
    import shutil

    root = tmp_path_factory.mktemp("built")
    docs = root / "docs"
    shutil.copytree(FIXTURES / "formats" / "docs", docs)
    out = root / "suite.yaml"
    result = CliRunner().invoke(main, ["build", str(docs), "-o", str(out), "--cases", "8", "-q",
                                       "--cache-dir", str(root / "cache")])
    assert result.exit_code == 0, result.output
    return docs, out


def test_validate_and_check_agree_on_staleness(built_formats_suite, tmp_path):
    import shutil

    src, suite = built_formats_suite
    docs = tmp_path / "docs"
    shutil.copytree(src, docs)
    page = docs / "regions.html.markerb"
    page.write_text(page.read_text() + "\nQuellbrook staff answer the phone on weekdays.\n")  # no case reads it
    check = CliRunner().invoke(main, ["build", str(docs), "--update", str(suite), "--check"])
    assert check.exit_code == 0 and "up to date" in check.output, check.output
    validated = CliRunner().invoke(main, ["validate", str(suite), "--corpus", str(docs)])
    assert validated.exit_code == 0, validated.output
    assert "stale:" not in validated.output, validated.output
    assert "no case reads the changed text" in validated.output

    # and an edit inside the evidence is stale for both
    loaded = load_suite(suite)
    case = next(c for c in loaded.cases if c.provenance.sentence in (docs / c.provenance.doc).read_text())
    sentence = case.provenance.sentence
    doc = docs / case.provenance.doc
    doc.write_text(doc.read_text().replace(sentence, sentence.replace(" ", " very ", 1), 1))
    check = CliRunner().invoke(main, ["build", str(docs), "--update", str(suite), "--check"])
    validated = CliRunner().invoke(main, ["validate", str(suite), "--corpus", str(docs)])
    assert check.exit_code == 1 and case.id in check.output, check.output
    stale_in_validate = {line.split()[0] for line in validated.output.splitlines() if "stale:" in line} - {"(suite)"}
    stale_in_check = {line.split()[0] for line in check.output.splitlines()[1:] if line.startswith("  ")}
    assert case.id in stale_in_validate
    assert stale_in_validate == stale_in_check, (stale_in_validate, stale_in_check)


def test_validate_exit_codes_match_its_help(tmp_path):
    help_text = " ".join(CliRunner().invoke(main, ["validate", "--help"]).output.split())
    assert "1 when cases have errors" in help_text and "2 when SUITE itself cannot be read" in help_text
    broken = tmp_path / "broken.yaml"
    broken.write_text("cases: [\n")
    assert CliRunner().invoke(main, ["validate", str(broken)]).exit_code == 2
    bad = FIXTURES / "suites" / "bad_suite.yaml"
    assert CliRunner().invoke(main, ["validate", str(bad)]).exit_code == 1


def test_missing_embedding_model_hint_names_the_right_package(tmp_path, monkeypatch):
    from mutagen_cite.audit.embeddings import OFFLINE_PACKAGE_PIN, resolve_model
    from mutagen_cite.errors import ModelNotFound

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    with pytest.raises(ModelNotFound) as info:
        resolve_model("acme-labs/other-embedder")
    assert OFFLINE_PACKAGE_PIN not in info.value.hint  # that package holds all-MiniLM-L6-v2 only
    assert "acme-labs/other-embedder" in info.value.hint and "--embedding-model PATH" in info.value.hint


@pytest.mark.parametrize("command", ["mine", "build"])
def test_ctrl_c_in_mine_and_build_does_not_promise_kept_results(tmp_path, monkeypatch, command):
    import importlib

    module = importlib.import_module(f"mutagen_cite.commands.{command}")

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(module, "analyse", interrupted)
    args = [command, str(FIXTURES / "formats" / "docs"), "-q", "--cache-dir", str(tmp_path / "c")]
    if command == "build":
        args += ["-o", str(tmp_path / "s.yaml")]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 130
    assert "results written so far are kept" not in result.output
    assert "no output file was written" in result.output


def test_audit_points_to_a_json_report_only_when_one_is_written():
    from mutagen_cite.audit.ranks import audit_suite, suite_passages
    from mutagen_cite.audit.report import render_terminal
    from mutagen_cite.audit.similarity import make_similarity

    # the fixture's spliced pair is easy under token_f1 against the claim (the true chunk holds the
    # claim's own value); a built suite may have none easy (build prefers hard pairs)
    suite = load_suite(Path(__file__).parent / "fixtures" / "suites" / "full_suite.yaml")
    sims = [make_similarity("token_f1", embedder=None, idf_corpus=suite_passages(suite.cases))]
    result = audit_suite(suite, similarities=sims, query="claim", progress=False)
    assert result.overall.easy_all_ids
    without = render_terminal(result, max_easy=0)
    assert "see the JSON report" not in without and "-o FILE.json lists them all" in without
    assert "all listed in audit.json" in render_terminal(result, max_easy=0, json_path="audit.json")


def test_parallel_parsing_does_not_rescan_entry_points_per_doc(monkeypatch):
    """--jobs 2 ships each Doc as msgpack; srsly asked importlib.metadata for plugins on every
    Doc.from_bytes. After the freeze the same decoders run without any entry-point scan."""
    import catalogue
    from srsly.msgpack import msgpack_decoders, msgpack_encoders

    from mutagen_cite.analysis.annotate import freeze_msgpack_registries, load_spacy

    nlp = load_spacy()
    doc = nlp("Request logs in eu-central-1 are kept for 30 days.")
    before = (set(msgpack_encoders.get_all()), set(msgpack_decoders.get_all()))
    freeze_msgpack_registries()
    assert (set(msgpack_encoders.get_all()), set(msgpack_decoders.get_all())) == before

    def no_scan(self):
        raise AssertionError("entry points scanned while shipping a Doc")

    monkeypatch.setattr(catalogue.Registry, "_get_entry_points", no_scan)
    from spacy.tokens import Doc

    again = Doc(nlp.vocab).from_bytes(doc.to_bytes())
    assert [t.text for t in again] == [t.text for t in doc]


def test_one_long_document_shows_progress_inside_it(tmp_path):
    from mutagen_cite.analysis.annotate import Annotator, load_spacy
    from mutagen_cite.corpus import document_from_text
    from mutagen_cite.analysis.parse_cache import annotate_documents

    body = "\n\n".join(f"The Pro plan keeps audit logs for {n} days." for n in range(1, 201))
    doc = document_from_text("long.md", "# Logs\n\n" + body)
    bars: list[tuple[str, int, str]] = []
    ticks: list[int] = []

    def factory(label, total, unit="doc"):
        bars.append((label, total, unit))
        return ticks.append

    sentences, stats = annotate_documents([doc], Annotator(load_spacy()), cache_dir=None, bars=factory)
    assert bars == [("annotating", len(sentences["long.md"]), "sentence")]
    assert sum(ticks) == len(sentences["long.md"]) and len(ticks) > 2  # ticks inside the one document


def test_one_stray_nul_byte_does_not_make_a_file_binary(tmp_path):
    from mutagen_cite.corpus import load_corpus

    text = "# Limits\n\nThe Starter plan includes 3 shared machines per organization.\n" * 40
    raw = text.encode() + b"\x00" + b"The Growth plan includes 12 shared machines per organization.\n"
    (tmp_path / "limits.md").write_bytes(raw)
    (tmp_path / "blob.md").write_bytes(b"\x00\x01\x02\x03" * 600)  # many NULs: still binary
    seen = []
    corpus = load_corpus(tmp_path, on_warning=seen.append)
    doc = corpus.by_id("limits.md")
    assert "The Growth plan includes 12 shared machines" in doc.text
    at = doc.text.index("The Growth plan")
    assert raw[doc.source_offset(at): doc.source_offset(at) + 15] == b"The Growth plan"  # offsets kept
    messages = {w.path: w.message for w in seen}
    assert "stray NUL" in messages["limits.md"] and str(len(text)) in messages["limits.md"]
    assert "binary" in messages["blob.md"]
