"""Walk a corpus folder and load every supported file as a :class:`Document`.

Bad files never stop a load: each becomes a one-line :class:`LoadWarning` naming the file, the
problem and the fix, and the file is skipped. Only a missing folder, or a folder with nothing
readable in it, raises :class:`CorpusError`.
"""

from __future__ import annotations

import difflib
import hashlib
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from ..errors import CorpusError
from ..model import Document
from .decode import NotText, decode_bytes
from .formats import STRIPPERS, SUPPORTED, format_of
from .pdf import PdfUnreadable, extract_pdf
from .textmap import shift_for_removed_cr

DEFAULT_MAX_BYTES = 10_000_000
_SKIP_DIRS = frozenset({"node_modules", "__pycache__"})


@dataclass(frozen=True)
class LoadWarning:
    """A file that was skipped (or read with a fallback), and what to do about it."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


@dataclass(frozen=True)
class Corpus:
    """The documents of one folder, in sorted id order, and the warnings from loading it."""

    root: Path
    documents: tuple[Document, ...]
    warnings: tuple[LoadWarning, ...] = ()
    _index: dict[str, Document] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {d.id: d for d in self.documents})

    def by_id(self, doc_id: str) -> Document:
        """The document with this id; a :class:`CorpusError` naming near matches otherwise."""
        try:
            return self._index[doc_id]
        except KeyError:
            close = difflib.get_close_matches(doc_id, list(self._index), n=3)
            hint = f"did you mean {', '.join(close)}?" if close else "ids are paths relative to the corpus folder"
            raise CorpusError(f"no document {doc_id!r} in {self.root}", hint=hint) from None

    def manifest(self) -> dict[str, str]:
        """Document id -> sha256 of its bytes, sorted by id (what a suite pins)."""
        return {d.id: d.sha256 for d in sorted(self.documents, key=lambda d: d.id)}

    def __iter__(self) -> Iterator[Document]:
        return iter(self.documents)

    def __len__(self) -> int:
        return len(self.documents)


class _Skip(Exception):
    """A file cannot be loaded; the message is the warning text."""


def load_corpus(
    root: str | os.PathLike,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    on_warning: Callable[[LoadWarning], None] | None = None,
    progress: bool = False,
) -> Corpus:
    """Load every supported file under ``root`` (recursively, in sorted order).

    Hidden files and folders, ``node_modules`` and files of unsupported types are passed over
    silently; unreadable files produce a :class:`LoadWarning` (also sent to ``on_warning`` as
    it happens) and are skipped.
    """
    folder = Path(root)
    if not folder.exists():
        raise CorpusError(
            f"corpus folder {folder} does not exist",
            where=str(folder),
            hint="check the path; pass the folder that holds your documents",
        )
    if not folder.is_dir():
        raise CorpusError(
            f"{folder} is a file, not a folder",
            where=str(folder),
            hint=f"pass the folder that contains it ({folder.parent})",
        )
    files = sorted(_walk(folder), key=lambda f: f[1])
    documents: list[Document] = []
    warnings: list[LoadWarning] = []

    def warn(rel: str, message: str) -> None:
        w = LoadWarning(rel, message)
        warnings.append(w)
        if on_warning is not None:
            on_warning(w)

    iterable = files
    if progress:
        from tqdm import tqdm

        iterable = tqdm(files, desc="loading corpus", unit="file", file=sys.stderr, leave=False)
    for path, rel in iterable:
        try:
            documents.append(read_document(path, rel, max_bytes=max_bytes, warn=lambda m: warn(rel, m)))
        except _Skip as exc:
            warn(rel, str(exc))
    if not documents:
        exts = " ".join(SUPPORTED)
        raise CorpusError(
            f"no readable documents in {folder}",
            where=str(folder),
            hint=f"supported extensions: {exts}; {len(warnings)} file(s) were skipped with warnings",
        )
    return Corpus(folder, tuple(documents), tuple(warnings))


def _walk(root: Path) -> Iterator[tuple[Path, str]]:
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d not in _SKIP_DIRS)
        base = Path(dirpath)
        rel_dir = base.relative_to(root).as_posix()
        for name in sorted(filenames):
            if name.startswith(".") or format_of(name) is None:
                continue
            rel = name if rel_dir == "." else f"{rel_dir}/{name}"
            yield base / name, rel


def read_document(
    path: Path,
    doc_id: str,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    warn: Callable[[str], None] | None = None,
) -> Document:
    """Load one file as a Document with id ``doc_id``. Raises ``_Skip`` with the reason."""
    fmt = format_of(path.name)
    if fmt is None:
        raise _Skip(f"unsupported file type; supported: {' '.join(SUPPORTED)}")
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise _Skip(f"cannot be read ({exc.strerror}); skipped") from None
    if size > max_bytes:
        raise _Skip(
            f"skipped: {_mb(size)} is over the {_mb(max_bytes)} size limit "
            f"(raise max_bytes, --max-bytes on the command line, to load it)"
        )
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise _Skip(f"cannot be read ({exc.strerror}); check its permissions") from None
    return document_from_bytes(doc_id, raw, fmt, warn=warn)


def document_from_bytes(
    doc_id: str, raw: bytes, fmt: str, *, warn: Callable[[str], None] | None = None
) -> Document:
    """Decode and strip ``raw`` bytes of format ``fmt``. Raises ``_Skip`` with the reason."""
    sha = hashlib.sha256(raw).hexdigest()
    if not raw.strip():
        raise _Skip("is empty; skipped (add text or remove the file)")
    if fmt == "pdf":
        try:
            text, pages = extract_pdf(raw)
        except PdfUnreadable as exc:
            raise _Skip(f"{exc}; skipped (re-export the PDF or convert it to text)") from None
        return Document(doc_id, text, sha, "pdf", pages=pages)
    try:
        decoded = decode_bytes(raw)
    except NotText as exc:
        raise _Skip(f"{exc}; skipped (save it as UTF-8 text, or move it out of the corpus)") from None
    if decoded.note and warn is not None:
        warn(f"{decoded.note} (save it as UTF-8 to be sure of every character)")
    source = decoded.text
    if not source.strip():
        raise _Skip("holds only whitespace; skipped (add text or remove the file)")
    try:
        text, source_map = _strip(source, fmt)
    except Exception as exc:  # noqa: BLE001 - a stripper bug must not stop a whole load
        raise _Skip(
            f"could not be parsed as {fmt} ({type(exc).__name__}: {exc}); skipped "
            "(please report this file's markup to the mutagen-cite maintainers)"
        ) from None
    if not text.strip():
        raise _Skip("has no readable text once markup and code are removed; skipped")
    return Document(doc_id, text, sha, fmt, source_map=source_map)


def _strip(source: str, fmt: str) -> tuple[str, tuple[tuple[int, int], ...]]:
    """Normalise line endings, strip markup, and map offsets back to the decoded file."""
    removed: list[int] = []
    if "\r" in source:
        k = 0
        pos = source.find("\r\n")
        while pos >= 0:
            removed.append(pos - k)
            k += 1
            pos = source.find("\r\n", pos + 2)
        source = source.replace("\r\n", "\n").replace("\r", "\n")
    text, source_map = STRIPPERS[fmt](source)
    if removed:
        source_map = shift_for_removed_cr(source_map, len(text), removed)
    return text, source_map


def document_from_text(doc_id: str, source: str, fmt: str = "markdown") -> Document:
    """A Document built from a string (tests, notebooks): markup of format ``fmt`` stripped,
    sha256 taken over the UTF-8 bytes. Raises :class:`CorpusError` if nothing readable is left."""
    if fmt not in STRIPPERS:
        raise CorpusError(f"unknown format {fmt!r}", hint=f"one of: {', '.join(sorted(STRIPPERS))}")
    try:
        return document_from_bytes(doc_id, source.encode("utf-8"), fmt)
    except _Skip as exc:
        raise CorpusError(f"document {doc_id!r} {exc}", where=doc_id) from None


def _mb(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB" if n >= 100_000 else f"{n:,} bytes"
