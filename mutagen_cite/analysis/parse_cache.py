"""Annotate every sentence of a corpus, with an on-disk cache so a rerun parses only
changed documents.

Cache entries are keyed by the sha256 of the document's *text* plus the annotator version
(annotator rules, spaCy pipeline name and version, tier list) and the sentence splitter
version, so any change that could change the output misses the cache. Entries store
offsets and slots only; sentence texts are re-read from the document.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from .annotate import Annotator
from ..errors import CacheError, OutputError
from ..files import atomic_write_text
from ..model import Document, Sentence, Slot

DEFAULT_CACHE = Path(".mutagen-cache")
_TICK = 64  # sentences per progress update


@dataclass(frozen=True)
class ParseStats:
    documents: int
    parsed: int  # documents that missed the cache
    sentences: int


def _splitter_version() -> str:
    from .. import corpus

    return str(getattr(corpus, "SPLITTER_VERSION", "1"))


class ParseCache:
    """JSON files under ``<root>/parse/``; unreadable entries count as misses and are rewritten."""

    def __init__(self, root: str | os.PathLike | None, version: str):
        self.dir = Path(root) / "parse" if root is not None else None
        self.version = version

    def _path(self, doc: Document) -> Path:
        key = hashlib.sha256(f"{self.version}\0{doc.text}".encode()).hexdigest()
        return self.dir / key[:2] / f"{key}.json"  # type: ignore[operator]

    def get(self, doc: Document) -> list[Sentence] | None:
        if self.dir is None:
            return None
        try:
            raw = json.loads(self._path(doc).read_text(encoding="utf-8"))
            sentences = []
            for start, end, slots in raw["sentences"]:
                if not (0 <= start < end <= len(doc.text)):
                    return None
                sentences.append(
                    Sentence(doc.id, start, end, doc.text[start:end], tuple(Slot(*x) for x in slots))
                )
            return sentences
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def _unwritable(self, exc: Exception) -> CacheError:
        reason = getattr(exc, "strerror", None) or getattr(exc, "message", None) or str(exc)
        return CacheError(
            f"cannot write the parse cache ({reason})",
            where=str(self.dir),
            hint="pass --cache-dir to a writable folder, or --no-cache to parse without caching",
        )

    def check_writable(self) -> None:
        """Fail before any parsing when the cache folder cannot take a file (one clear error)."""
        if self.dir is None:
            return
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.dir / ".write-test", "ok", durable=False)
            (self.dir / ".write-test").unlink()
        except (OSError, OutputError) as exc:
            raise self._unwritable(exc) from None

    def put(self, doc: Document, sentences: Sequence[Sentence]) -> None:
        if self.dir is None:
            return
        path = self._path(doc)
        rows = [
            [s.start, s.end, [[x.family, x.kind, x.start, x.end, x.text, x.value, x.number, x.unit] for x in s.slots]]
            for s in sentences
        ]
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(path, json.dumps({"sentences": rows}), durable=False)
        except (OSError, OutputError) as exc:
            raise self._unwritable(exc) from None


def _sentence_bar(bars, total: int):
    try:
        return bars("annotating", total, unit="sentence")
    except TypeError:  # a factory without the unit keyword
        return bars("annotating sentences", total)


#: sentences handed to spaCy per stream: texts of one chunk are built, parsed, cached and
#: dropped before the next chunk is read, so memory follows the chunk, not the corpus
CHUNK_SENTENCES = 8192


def open_cache(annotator: Annotator, cache_dir: str | os.PathLike | None) -> ParseCache:
    """The parse cache for ``annotator``'s output, checked writable (one clear error up front)."""
    cache = ParseCache(cache_dir, f"{annotator.version}|split={_splitter_version()}")
    cache.check_writable()
    return cache


#: sentences per chunk sent to a Ray worker (smaller than a local stream, so the actors share
#: the work evenly); spaCy's output for a sentence does not depend on the chunk it is in
RAY_CHUNK_SENTENCES = 1024


@dataclass(frozen=True)
class AnnotatorFactory:
    """What a worker needs to rebuild the driver's annotator: the spaCy pipeline name (or path)
    and the tier list. ``version`` is the driver's :attr:`Annotator.version`: a worker whose
    pipeline or rules differ (another spaCy model installed there) fails instead of caching
    other parses under the driver's key."""

    spacy_model: str | None
    tiers: tuple[str, ...]
    version: str

    def __call__(self) -> Annotator:
        from .annotate import load_spacy
        from .backends import BackendError

        annotator = Annotator(load_spacy(self.spacy_model), tiers=self.tiers, n_process=1)
        if annotator.version != self.version:
            raise BackendError(f"a worker's annotator differs from the driver's ({annotator.version} "
                               f"vs {self.version})", hint="install the same mutagen-cite and spaCy model "
                               "versions on every Ray worker")
        return annotator


def _slots_of(annotator: Annotator, texts: Sequence[str]) -> list:
    return list(annotator.iter_slots(texts))


def _chunks(todo: Sequence[tuple[Document, list[tuple[int, int]]]], size: int):
    chunk: list = []
    n = 0
    for item in todo:
        chunk.append(item)
        n += len(item[1])
        if n >= size:
            yield chunk
            chunk, n = [], 0
    if chunk:
        yield chunk


def annotate_documents(
    documents: Sequence[Document],
    annotator: Annotator,
    *,
    cache_dir: str | os.PathLike | None = DEFAULT_CACHE,
    progress: Callable[[int], None] | None = None,
    bars: Callable[..., Callable[[int], None]] | None = None,
    cache: ParseCache | None = None,
    backend=None,
    factory: AnnotatorFactory | None = None,
    sink: Callable[[Document, list[Sentence]], None] | None = None,
) -> tuple[dict[str, list[Sentence]], ParseStats]:
    """Sentences with slots for each document id. Cached documents are not re-parsed; the
    rest go through spaCy in streams of about :data:`CHUNK_SENTENCES` sentences (spaCy
    batches across documents inside a stream). ``progress(n)`` is called as documents finish;
    ``bars(label, total, unit=...)`` (a :func:`~mutagen_cite.progress.bar_factory`) instead
    gets a bar over the *sentences* to parse, so one long document shows progress too.
    ``cache`` reuses an :func:`open_cache` result. ``backend`` (see ``backends.py``) with
    ``factory`` parses the chunks on Ray workers; results are merged in chunk order, so the
    output is the local backend's, byte for byte. ``sink(doc, sentences)`` takes each
    document's sentences as they are ready (cached ones first) instead of the returned dict,
    which is then empty: nothing of the corpus is kept here."""
    from ..corpus import sentence_spans

    if cache is None:
        cache = open_cache(annotator, cache_dir)
    out: dict[str, list[Sentence]] = {}
    todo: list[tuple[Document, list[tuple[int, int]]]] = []
    total = 0
    for doc in documents:
        hit = cache.get(doc)
        if hit is not None:
            if sink is not None:
                sink(doc, hit)
            else:
                out[doc.id] = hit
            total += len(hit)
            if progress:
                progress(1)
        else:
            spans = sentence_spans(doc)
            todo.append((doc, spans))
    n_texts = sum(len(spans) for _, spans in todo)
    tick = _sentence_bar(bars, n_texts) if bars is not None and n_texts else None
    remote = backend is not None and backend.name != "local"
    chunks = list(_chunks(todo, RAY_CHUNK_SENTENCES if remote else CHUNK_SENTENCES))
    texts_of = lambda chunk: [doc.text[a:b] for doc, spans in chunk for a, b in spans]  # noqa: E731
    if remote:
        if factory is None:
            raise ValueError("a remote backend needs the AnnotatorFactory of the annotator")
        results = backend.map(factory, _slots_of, (texts_of(c) for c in chunks))
    else:  # one stream per chunk: spaCy batches across documents
        results = (annotator.iter_slots(texts_of(c)) for c in chunks)
    for chunk, slot_lists in zip(chunks, results):
        slot_lists = iter(slot_lists)
        for doc, spans in chunk:
            sentences = []
            for a, b in spans:
                sentences.append(Sentence(doc.id, a, b, doc.text[a:b], next(slot_lists)))
                if tick is not None and len(sentences) % _TICK == 0:
                    tick(_TICK)
            if tick is not None and len(sentences) % _TICK:
                tick(len(sentences) % _TICK)
            cache.put(doc, sentences)
            total += len(sentences)
            if sink is not None:
                sink(doc, sentences)
            else:
                out[doc.id] = sentences
            if progress:
                progress(1)
        del slot_lists
    ordered = {doc.id: out[doc.id] for doc in documents if doc.id in out}
    return ordered, ParseStats(len(documents), len(todo), total)
