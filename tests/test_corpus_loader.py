"""Loading a folder: walking rules, ids, hashes, manifest, and bad input that must warn (naming
the file) or raise a CorpusError with a hint, never crash."""

from __future__ import annotations

import hashlib
import os

from pathlib import Path

import pytest

from mutagen_cite.corpus import Corpus, LoadWarning, load_corpus
from mutagen_cite.errors import CorpusError


def write(path, text: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8")
    else:
        path.write_bytes(text)


@pytest.fixture
def small_corpus(tmp_path):
    write(tmp_path / "b.md", "# B\n\nThe Pro plan keeps logs for 30 days.\n")
    write(tmp_path / "a" / "z.txt", "Plain text document.\n")
    write(tmp_path / "a" / "sub" / "y.rst", "Title\n=====\n\nBody text.\n")
    write(tmp_path / "a" / "x.html", "<p>Hello from HTML.</p>")
    write(tmp_path / ".hidden" / "secret.md", "hidden\n")
    write(tmp_path / ".dotfile.md", "hidden\n")
    write(tmp_path / "node_modules" / "pkg" / "README.md", "vendored\n")
    write(tmp_path / "data.csv", "a,b\n1,2\n")
    write(tmp_path / "LICENSE", "no extension\n")
    return tmp_path


def test_walk_is_sorted_recursive_and_skips_hidden_vendor_and_unsupported(small_corpus):
    corpus = load_corpus(small_corpus)
    assert [d.id for d in corpus.documents] == ["a/sub/y.rst", "a/x.html", "a/z.txt", "b.md"]
    assert [d.format for d in corpus.documents] == ["rst", "html", "text", "markdown"]
    # unsupported types are counted and named (one warning per extension); hidden and vendored are not
    assert corpus.skipped == ("LICENSE", "data.csv")
    assert [w.path for w in corpus.warnings] == ["1 file without an extension", "1 .csv file"]
    assert "LICENSE" in corpus.warnings[0].message and "data.csv" in corpus.warnings[1].message
    assert corpus.files_line() == "4 files read, 2 skipped for their type (1 without extension, 1 .csv)"
    assert corpus.root == small_corpus


def test_documents_hash_raw_bytes_and_manifest_is_sorted(small_corpus):
    corpus = load_corpus(str(small_corpus))
    raw = (small_corpus / "b.md").read_bytes()
    doc = corpus.by_id("b.md")
    assert doc.sha256 == hashlib.sha256(raw).hexdigest()
    assert doc.text == "B\n\nThe Pro plan keeps logs for 30 days."
    manifest = corpus.manifest()
    assert list(manifest) == sorted(manifest)
    assert manifest["b.md"] == doc.sha256


def test_loading_twice_gives_equal_corpora(small_corpus):
    assert load_corpus(small_corpus) == load_corpus(small_corpus)


def test_by_id_unknown_names_near_matches(small_corpus):
    corpus = load_corpus(small_corpus)
    with pytest.raises(CorpusError) as err:
        corpus.by_id("b.mdx")
    assert "b.md" in str(err.value)


def test_missing_folder_raises_with_path_and_hint(tmp_path):
    missing = tmp_path / "nope"
    with pytest.raises(CorpusError) as err:
        load_corpus(missing)
    assert str(missing) in str(err.value)
    assert err.value.hint


def test_file_instead_of_folder_raises(tmp_path):
    f = tmp_path / "one.md"
    write(f, "text\n")
    with pytest.raises(CorpusError, match="not a folder"):
        load_corpus(f)


def test_empty_folder_raises_no_readable_documents(tmp_path):
    with pytest.raises(CorpusError) as err:
        load_corpus(tmp_path)
    assert "no readable documents" in str(err.value)
    assert ".md" in err.value.hint and ".pdf" in err.value.hint


def test_folder_of_only_bad_files_counts_warnings_in_hint(tmp_path):
    write(tmp_path / "empty.md", "")
    write(tmp_path / "blank.txt", "  \n\t\n")
    with pytest.raises(CorpusError) as err:
        load_corpus(tmp_path)
    assert "2 unreadable" in err.value.hint


def _only_warning(tmp_path, good: bool = True) -> LoadWarning:
    if good:
        write(tmp_path / "good.md", "A good document.\n")
    seen: list[LoadWarning] = []
    corpus = load_corpus(tmp_path, on_warning=seen.append)
    assert list(corpus.warnings) == seen
    assert len(seen) == 1
    return seen[0]


def test_binary_file_is_skipped_with_a_warning_naming_it(tmp_path):
    write(tmp_path / "blob.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    w = _only_warning(tmp_path)
    assert w.path == "blob.txt"
    assert "blob.txt" in str(w) and "binary" in str(w)
    assert "\n" not in str(w)


def test_empty_and_whitespace_files_warn(tmp_path):
    write(tmp_path / "empty.md", "")
    assert "empty" in str(_only_warning(tmp_path))


def test_huge_file_is_skipped_naming_size_limit_and_option(tmp_path):
    big = tmp_path / "huge.txt"
    with open(big, "wb") as fh:  # sparse: 20 MB on paper, no disk used
        fh.seek(20_000_000 - 1)
        fh.write(b"\n")
    w = _only_warning(tmp_path)
    msg = str(w)
    assert w.path == "huge.txt"
    assert "20.0 MB" in msg and "10.0 MB" in msg and "max_bytes" in msg


def test_max_bytes_can_be_raised(tmp_path):
    write(tmp_path / "a.txt", "x" * 5000)
    with pytest.raises(CorpusError):
        load_corpus(tmp_path, max_bytes=1000)
    assert len(load_corpus(tmp_path, max_bytes=10_000)) == 1


def test_latin1_file_is_read_as_cp1252_with_a_warning(tmp_path):
    write(tmp_path / "legacy.txt", "Caf\xe9 prices rise by 5\xa0% in M\xfcnchen.\n".encode("latin-1"))
    w = _only_warning(tmp_path)
    assert w.path == "legacy.txt" and "UTF-8" in str(w)
    doc = load_corpus(tmp_path).by_id("legacy.txt")
    assert doc.text.startswith("Caf\xe9 prices")


def test_undecodable_non_text_bytes_are_skipped(tmp_path):
    write(tmp_path / "junk.md", bytes([0x81, 0x8D, 0x8F, 0x90, 0x9D]) * 20)
    w = _only_warning(tmp_path)
    assert w.path == "junk.md" and "skipped" in str(w)


def test_utf8_bom_and_utf16_are_decoded(tmp_path):
    write(tmp_path / "bom.md", b"\xef\xbb\xbfWith a BOM.\n")
    write(tmp_path / "wide.txt", "Sixteen bits.\n".encode("utf-16"))
    corpus = load_corpus(tmp_path)
    assert corpus.by_id("bom.md").text == "With a BOM."
    assert corpus.by_id("wide.txt").text == "Sixteen bits."


def test_markup_only_file_warns_and_is_skipped(tmp_path):
    write(tmp_path / "front.md", "---\ntitle: x\n---\n")
    assert "no readable text" in str(_only_warning(tmp_path))


def test_unreadable_file_warns(tmp_path, monkeypatch):
    """A file the process may not read is skipped with a warning. Root reads anything, so the
    refusal is made by the read itself (as it is for a non-root user on a chmod 0 file)."""
    write(tmp_path / "locked.md", "secret\n")
    write(tmp_path / "open.md", "The Starter plan includes 3 machines.\n")
    real_read = Path.read_bytes

    def read_bytes(self):
        if self.name == "locked.md":
            raise PermissionError(13, "Permission denied", str(self))
        return real_read(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    seen = []
    corpus = load_corpus(tmp_path, on_warning=seen.append)
    assert [d.id for d in corpus.documents] == ["open.md"]
    assert [w.path for w in seen] == ["locked.md"] and "cannot be read (Permission denied)" in seen[0].message
    assert corpus.unreadable == ("locked.md",)


def test_progress_bar_goes_to_stderr(small_corpus, capsys):
    load_corpus(small_corpus, progress=True)
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "loading corpus" in captured.err and "file" in captured.err  # the bar, on stderr
    load_corpus(small_corpus, progress=False)
    assert capsys.readouterr().err == ""


def test_corpus_is_frozen(small_corpus):
    corpus = load_corpus(small_corpus)
    assert isinstance(corpus, Corpus)
    with pytest.raises(AttributeError):
        corpus.documents = ()  # type: ignore[misc]
