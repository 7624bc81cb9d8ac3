"""Compound and wrapper extensions are read by their inner format, and every file skipped for its
type is counted and named (issue 11, build item 1). The fixture is fictional text written for
these tests (tests/fixtures/formats)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from mutagen_cite.cli import main
from mutagen_cite.corpus import load_corpus
from mutagen_cite.corpus.formats import format_of
from mutagen_cite.cases.suite_format import load_suite

FIXTURE = Path(__file__).parent / "fixtures" / "formats" / "docs"


@pytest.mark.parametrize(
    "name, fmt",
    [
        ("regions.html.markerb", "markdown"),
        ("page.html.md", "markdown"),
        ("guide.md.erb", "markdown"),
        ("page.mdx", "markdown"),
        ("page.markdown", "markdown"),
        ("page.mdown", "markdown"),
        ("index.rst.txt", "rst"),
        ("notes.txt", "text"),
        ("guide.adoc", "asciidoc"),
        ("guide.adoc.txt", "asciidoc"),
        ("view.html.erb", None),  # ERB around HTML: the HTML stripper does not mask ERB
        ("logo.png", None),
        ("Gemfile", None),
    ],
)
def test_format_of_compound_names(name, fmt):
    assert format_of(name) == fmt


def test_compound_files_load_with_exact_offsets_and_markup_removed():
    corpus = load_corpus(FIXTURE)
    ids = [d.id for d in corpus.documents]
    assert ids == ["pricing.mdx", "reference/limits.md.erb", "reference/support.rst.txt", "regions.html.markerb"]
    regions = corpus.by_id("regions.html.markerb")
    assert "<%" not in regions.text and "partial" not in regions.text and "title:" not in regions.text
    assert "Backups in the Frankfurt region are kept for 14 days." in regions.text
    pricing = corpus.by_id("pricing.mdx")
    assert "import" not in pricing.text and "PlanCard" not in pricing.text
    support = corpus.by_id("reference/support.rst.txt")
    assert support.format == "rst" and "=====" not in support.text
    for doc in corpus.documents:  # every word maps back to the same characters of the file
        source = (FIXTURE / doc.id).read_text(encoding="utf-8")
        word = "plan" if "plan" in doc.text else "region"
        at = doc.text.index(word)
        src = doc.source_offset(at)
        assert src is not None and source[src : src + len(word)] == word, doc.id


def test_skipped_files_are_counted_per_extension_and_named():
    seen = []
    corpus = load_corpus(FIXTURE, on_warning=seen.append)
    assert corpus.skipped == ("Gemfile", "logo.png", "reference/diagram.png", "sidebar.yml")
    by_path = {w.path: w.message for w in seen}
    assert set(by_path) == {"2 .png files", "1 .yml file", "1 file without an extension"}
    assert "logo.png" in by_path["2 .png files"] and "reference/diagram.png" in by_path["2 .png files"]
    assert corpus.files_line() == "4 files read, 4 skipped for their type (2 .png, 1 without extension, 1 .yml)"


def test_symlinked_and_unreadable_folders_are_warned(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "a.md").write_text("The Starter plan includes 3 machines.\n")
    outside = tmp_path.parent / f"{tmp_path.name}-outside"
    outside.mkdir(exist_ok=True)
    (outside / "b.md").write_text("The Growth plan includes 12 machines.\n")
    (tmp_path / "linked").symlink_to(outside, target_is_directory=True)
    seen = []
    corpus = load_corpus(tmp_path, on_warning=seen.append)
    assert [d.id for d in corpus.documents] == ["real/a.md"]
    assert [w.path for w in seen] == ["linked/"]
    assert "symbolic link" in seen[0].message
    shutil.rmtree(outside)


def test_unreadable_folder_is_warned(tmp_path, monkeypatch):
    """A folder that cannot be listed is warned about, not passed over. Root lists anything,
    so the refusal is made by the listing itself (what os.walk meets on a chmod 0 folder)."""
    import os

    (tmp_path / "a.md").write_text("The Starter plan includes 3 machines.\n")
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "b.md").write_text("The Growth plan includes 12 machines.\n")
    real_scandir = os.scandir

    def scandir(path="."):
        if os.fspath(path) == str(locked):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    seen = []
    corpus = load_corpus(tmp_path, on_warning=seen.append)
    assert [w.path for w in seen] == ["locked/"] and "cannot be read (Permission denied)" in seen[0].message
    assert [d.id for d in corpus.documents] == ["a.md"]


def test_mine_and_build_summaries_name_skipped_files(tmp_path):
    cache = str(tmp_path / "cache")
    mined = CliRunner().invoke(main, ["mine", str(FIXTURE), "-q", "--cache-dir", cache])
    assert mined.exit_code == 0, mined.output
    assert "files: 4 files read, 4 skipped for their type (2 .png, 1 without extension, 1 .yml)" in mined.output
    assert "(-v lists the skipped files)" in mined.output and "skipped .png:" not in mined.output
    verbose = CliRunner().invoke(main, ["mine", str(FIXTURE), "-q", "-v", "--cache-dir", cache])
    assert "skipped .png: logo.png, reference/diagram.png" in verbose.output

    out = tmp_path / "suite.yaml"
    built = CliRunner().invoke(main, ["build", str(FIXTURE), "-o", str(out), "--cases", "8", "-q", "--cache-dir", cache])
    assert built.exit_code == 0, built.output
    assert "files: 4 files read, 4 skipped" in built.output
    suite = load_suite(out)
    docs = {c.provenance.doc for c in suite.cases}
    assert docs & {"regions.html.markerb", "pricing.mdx"}, docs


def test_build_says_when_sentences_with_markup_were_left_out(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "settings.txt").write_text(
        "Settings\n\n"
        "The Starter plan sets max_conns = 100 connections per project.\n"
        "The Growth plan sets max_conns = 400 connections per project.\n"
        "The Scale plan sets max_conns = 900 connections per project.\n"
    )
    result = CliRunner().invoke(main, ["build", str(tmp_path / "docs"), "-o", str(tmp_path / "s.yaml"), "-q",
                                       "--cache-dir", str(tmp_path / "c"), "--tiers", "Starter,Growth,Scale"])
    assert result.exit_code != 0
    assert "no sentence had a slot a family could change; 3 sentences with slots were left out" in result.output
    assert "markup or code symbols" in result.output and "Traceback" not in result.output


def test_asciidoc_is_read_with_exact_offsets():
    from mutagen_cite.corpus.loader import document_from_bytes

    raw = (FIXTURE.parent / "backups.adoc").read_bytes()
    doc = document_from_bytes("backups.adoc", raw, format_of("backups.adoc"))
    assert doc.format == "asciidoc"
    lines = doc.text.split("\n")
    assert "Quellbrook Apps keeps backups in the Frankfurt region for 14 days." in doc.text  # {product} resolved
    assert "Plan: Starter; Retention: 7 days." in lines and "Plan: Growth; Retention: 30 days." in lines
    assert "The Growth plan includes 12 machines." in lines and "Read the docs first." in lines
    for dropped in ("fly backups", "[source", "// an internal", ":toc:", "====", "xref:", "https://"):
        assert dropped not in doc.text
    source = raw.decode("utf-8")
    for word in ("Frankfurt", "Starter; Retention", "encrypted", "12", "the pricing page", "the docs"):
        first = word.split(";")[0]
        at = doc.text.index(first)
        src = doc.source_offset(at)
        assert source[src : src + len(first)] == first, word
