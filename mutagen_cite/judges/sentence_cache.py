"""The slots judge's sentence parses on disk: a rerun reads them instead of parsing again.

Most of a cold slots verdict is spaCy (``benchmarks/judge.py slots-speed``), and ``run``
judges the same suite chunks every time, so the parse of each sentence is kept: the
annotator's slots and the judge's own parse facts (noun qualifiers, word -> lemma pairs,
whether the writer speaks as "I"). Verdicts are the same with or without it.

Why sqlite (standard library) and not one JSON file per entry as the verdict cache: a batch
looks up hundreds of sentences; one indexed file answers them in a few queries, and sqlite's
locking lets two processes share it. The key is ``sha256(version, sentence)``; the version
names the judge and annotator versions, the spaCy pipeline and spaCy itself, and a hash of the
source of every module that computes an entry, so an edited rule never serves an old parse.
An entry that does not decode or does not fit its sentence is a miss and is parsed again; a
database that cannot be opened, read or written turns the cache off for the run with one
notice: the cache is never trusted over the parser.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import sys
import threading
from dataclasses import fields
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

from ..model import Slot
from .qualifiers import Qualifier

#: the file inside the judge cache folder
FILENAME = "slots-parse.sqlite"
#: (slots, (qualifiers, {(word, lemma)}, writer speaks as "I")) of one sentence
Entry = tuple[tuple[Slot, ...], tuple[tuple[Qualifier, ...], frozenset, bool]]

_SLOT_FIELDS = tuple(f.name for f in fields(Slot))
_QUAL_FIELDS = tuple(f.name for f in fields(Qualifier))
#: modules whose code decides an entry (the annotator's slots, the judge's parse facts)
_SOURCES = ("mutagen_cite.model", "mutagen_cite.analysis.annotate", "mutagen_cite.analysis.patterns",
            "mutagen_cite.analysis.domain", "mutagen_cite.values.find", "mutagen_cite.values.match",
            "mutagen_cite.values.numbers", "mutagen_cite.values.tables", "mutagen_cite.values.text",
            "mutagen_cite.judges.qualifiers", "mutagen_cite.judges.slots", __name__)
_BATCH = 500  # keys per SELECT (below sqlite's bound-parameter limit)


@lru_cache(maxsize=1)
def code_hash() -> str:
    """sha256 of the source of the modules that compute an entry (first 16 hex digits)."""
    import importlib

    h = hashlib.sha256()
    for name in _SOURCES:
        path = getattr(importlib.import_module(name), "__file__", None)
        h.update(name.encode())
        if path:
            try:
                h.update(Path(path).read_bytes())
            except OSError:
                h.update(b"?")
    return h.hexdigest()[:16]


def cache_version(judge_version: str) -> str:
    """The version an entry is stored under: the judge's (which names the annotator and the
    spaCy pipeline), spaCy's own and :func:`code_hash`."""
    try:
        import spacy

        spacy_version = spacy.__version__
    except ImportError:  # pragma: no cover - the slots judge needs spaCy anyway
        spacy_version = "none"
    return f"{judge_version}|spacy={spacy_version}|code={code_hash()}"


def encode(entry: Entry) -> str:
    slots, (quals, lemmas, writer) = entry
    return json.dumps({
        "slots": [[getattr(s, f) for f in _SLOT_FIELDS] for s in slots],
        "quals": [[getattr(q, f) for f in _QUAL_FIELDS] for q in quals],
        "lemmas": sorted([list(p) for p in lemmas]),
        "writer": bool(writer),
    }, ensure_ascii=False, separators=(",", ":"))


def decode(sentence: str, raw: str) -> Entry | None:
    """The entry, or None when ``raw`` does not decode or does not fit ``sentence``."""
    try:
        data = json.loads(raw)
        slots = tuple(Slot(*row) for row in data["slots"])
        quals = tuple(Qualifier(*row) for row in data["quals"])
        lemmas = frozenset((str(a), str(b)) for a, b in data["lemmas"])
        writer = data["writer"]
    except (ValueError, KeyError, TypeError):
        return None
    n = len(sentence)
    if not isinstance(writer, bool):
        return None
    for s in slots:
        if not (isinstance(s.start, int) and isinstance(s.end, int) and 0 <= s.start <= s.end <= n):
            return None
    for q in quals:
        if not all(isinstance(x, int) and 0 <= x <= n for x in (q.head_start, q.mod_start, q.mod_end)):
            return None
    return slots, (quals, lemmas, writer)


def _key(version: str, sentence: str) -> str:
    return hashlib.sha256(f"{version}\x1f{sentence}".encode("utf-8", "surrogatepass")).hexdigest()


def _print_notice(line: str) -> None:
    print(line, file=sys.stderr)


class SentenceCache:
    """Entries of one judge version in ``<folder>/slots-parse.sqlite``.

    It pickles (a judge shipped to Ray workers carries it): the connection and the lock stay
    behind, and each copy opens its own connection to the same file on first use."""

    def __init__(self, folder: str | os.PathLike, version: str, *,
                 notice: Callable[[str], None] | None = None):
        self.path = Path(folder).absolute() / FILENAME  # absolute: a copy on a Ray worker runs elsewhere
        self.version = version
        self.hits = 0
        self.misses = 0
        self.bad = 0  # entries that did not decode (parsed again and rewritten)
        self.off: str | None = None  # why the cache was turned off for this run
        self._notice = notice or _print_notice
        self._db: sqlite3.Connection | None = None
        self._lock = threading.Lock()  # one connection, usable from any thread, one user at a time

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state["_db"] = None
        del state["_lock"]
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._lock = threading.Lock()

    def _connect(self) -> sqlite3.Connection | None:
        if self._db is None and self.off is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                db = sqlite3.connect(str(self.path), timeout=30, check_same_thread=False)
                db.execute("CREATE TABLE IF NOT EXISTS parse (key TEXT PRIMARY KEY, entry TEXT NOT NULL)")
                db.commit()
                self._db = db
            except (OSError, sqlite3.Error) as exc:
                self._turn_off(exc)
        return self._db

    def _turn_off(self, exc: Exception) -> None:
        self.off = str(exc).splitlines()[0][:160] if str(exc) else type(exc).__name__
        self._notice(f"judge: slots parse cache {self.path} unusable ({self.off}); parsing without it "
                     "(delete the file, or pass --no-cache)")
        if self._db is not None:
            try:
                self._db.close()
            except sqlite3.Error:
                pass
        self._db = None

    def get_many(self, sentences: Sequence[str]) -> dict[str, Entry]:
        """The stored entries of those ``sentences`` that have a good one."""
        with self._lock:
            return self._get_many(sentences)

    def put_many(self, entries: Mapping[str, Entry] | Iterable[tuple[str, Entry]]) -> None:
        """Store (or replace) entries in one transaction."""
        with self._lock:
            self._put_many(entries)

    def _get_many(self, sentences: Sequence[str]) -> dict[str, Entry]:
        db = self._connect()
        if db is None or not sentences:
            return {}
        keys = {_key(self.version, s): s for s in sentences}
        found: dict[str, Entry] = {}
        order = list(keys)
        try:
            for i in range(0, len(order), _BATCH):
                chunk = order[i : i + _BATCH]
                rows = db.execute(f"SELECT key, entry FROM parse WHERE key IN ({','.join('?' * len(chunk))})", chunk)
                for key, raw in rows:
                    sentence = keys.get(key)
                    if sentence is None:
                        continue
                    entry = decode(sentence, raw)
                    if entry is None:
                        self.bad += 1
                    else:
                        found[sentence] = entry
        except sqlite3.Error as exc:
            self._turn_off(exc)
            return {}
        self.hits += len(found)
        self.misses += len(keys) - len(found)
        return found

    def _put_many(self, entries: Mapping[str, Entry] | Iterable[tuple[str, Entry]]) -> None:
        db = self._connect()
        items = list(entries.items() if isinstance(entries, Mapping) else entries)
        if db is None or not items:
            return
        try:
            with db:
                db.executemany("INSERT OR REPLACE INTO parse (key, entry) VALUES (?, ?)",
                               [(_key(self.version, s), encode(e)) for s, e in items])
        except sqlite3.Error as exc:
            self._turn_off(exc)

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
