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
from .formats import STRIPPERS, SUPPORTED, extension_of, format_of
from .pdf import PdfUnreadable, extract_pdf
from .textmap import shift_for_removed_cr
from .titles import document_title

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
    #: files passed over for their type (relative paths, sorted); hidden files are not counted
    skipped: tuple[str, ...] = ()
    #: files of a supported type that could not be read (relative paths, sorted)
    unreadable: tuple[str, ...] = ()
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

    def skipped_by_extension(self) -> dict[str, list[str]]:
        """Extension -> the files skipped for it, most common extension first."""
        groups: dict[str, list[str]] = {}
        for rel in self.skipped:
            groups.setdefault(extension_of(rel.rsplit("/", 1)[-1]), []).append(rel)
        return dict(sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])))

    def files_line(self) -> str:
        """``12 files read, 3 skipped (2 .png, 1 .html.erb), 1 unreadable``: for summaries."""
        line = f"{len(self.documents)} file{'s' if len(self.documents) != 1 else ''} read"
        if self.skipped:
            parts = ", ".join(f"{len(v)} {'without extension' if k == '(none)' else k}"
                              for k, v in self.skipped_by_extension().items())
            line += f", {len(self.skipped)} skipped for their type ({parts})"
        if self.unreadable:
            line += f", {len(self.unreadable)} unreadable (see warnings)"
        return line

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

    Hidden files and folders and ``node_modules`` are passed over silently. Files of
    unsupported types are skipped with one :class:`LoadWarning` per extension (a count and
    examples; ``Corpus.skipped`` names them all); unreadable files, unreadable folders and
    symbolic links to folders each produce a warning (also sent to ``on_warning`` as it
    happens) and are skipped.
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
    documents: list[Document] = []
    warnings: list[LoadWarning] = []
    unreadable: list[str] = []

    def warn(rel: str, message: str) -> None:
        w = LoadWarning(rel, message)
        warnings.append(w)
        if on_warning is not None:
            on_warning(w)

    skipped: list[str] = []
    files = sorted(_walk(folder, skipped, warn), key=lambda f: f[1])
    skipped.sort()
    groups: dict[str, list[str]] = {}
    for rel in skipped:
        groups.setdefault(extension_of(rel.rsplit("/", 1)[-1]), []).append(rel)
    for ext, names in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        shown = ", ".join(names[:3]) + (", ..." if len(names) > 3 else "")
        plural = "s" if len(names) != 1 else ""
        what = f"file{plural} without an extension" if ext == "(none)" else f"{ext} file{plural}"
        warn(f"{len(names)} {what}", f"skipped: not a supported type ({shown}; -v lists them all; "
                                     f"supported: {' '.join(SUPPORTED)}, and .md.erb, .rst.txt)")

    iterable = files
    if progress:
        from tqdm import tqdm

        iterable = tqdm(files, desc="loading corpus", unit="file", file=sys.stderr, leave=False)
    for path, rel in iterable:
        try:
            documents.append(read_document(path, rel, max_bytes=max_bytes, warn=lambda m: warn(rel, m)))
        except _Skip as exc:
            unreadable.append(rel)
            warn(rel, str(exc))
    if not documents:
        exts = " ".join(SUPPORTED)
        raise CorpusError(
            f"no readable documents in {folder}",
            where=str(folder),
            hint=f"supported extensions: {exts}; {len(skipped)} file(s) skipped for their type, "
            f"{len(unreadable)} unreadable (see the warnings above)",
        )
    return Corpus(folder, tuple(documents), tuple(warnings), tuple(skipped), tuple(sorted(unreadable)))


def _walk(root: Path, skipped: list[str], warn: Callable[[str, str], None]) -> Iterator[tuple[Path, str]]:
    """Supported files under ``root`` as (path, relative id); other files go to ``skipped``.

    Symbolic links to folders are not followed (a link loop, or a link out of the corpus,
    would read files that are not part of it) and unreadable folders cannot be listed: each
    is reported through ``warn`` instead of passed over in silence.
    """

    def rel_of(path: str) -> str:
        return Path(path).relative_to(root).as_posix()

    def on_error(exc: OSError) -> None:
        where = rel_of(exc.filename) if exc.filename else "."
        warn(where + "/", f"folder cannot be read ({exc.strerror or exc}); its files were skipped "
                          "(check its permissions)")

    for dirpath, dirnames, filenames in os.walk(root, onerror=on_error):
        base = Path(dirpath)
        rel_dir = base.relative_to(root).as_posix()
        kept = []
        for d in sorted(dirnames):
            if d.startswith(".") or d in _SKIP_DIRS:
                continue
            if (base / d).is_symlink():
                rel = d if rel_dir == "." else f"{rel_dir}/{d}"
                warn(rel + "/", "is a symbolic link to a folder; not followed, its files were skipped "
                                "(copy the folder in, or pass its real path as the corpus)")
                continue
            kept.append(d)
        dirnames[:] = kept
        for name in sorted(filenames):
            if name.startswith("."):
                continue
            rel = name if rel_dir == "." else f"{rel_dir}/{name}"
            if format_of(name) is None:
                skipped.append(rel)
                continue
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
    return Document(doc_id, text, sha, fmt, source_map=source_map, title=document_title(source, fmt))


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
