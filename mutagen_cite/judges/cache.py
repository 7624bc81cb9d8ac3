"""Judge verdicts cached on disk, so rescoring a run costs file reads instead of model calls.

Why one small JSON file per verdict: a run adds a few hundred verdicts at a time from one
process, files are trivially inspectable and deletable, and a file half-written by a killed
process damages one verdict, not a database. The key is
``sha256(judge name, judge fingerprint, premise, hypothesis)``; the fingerprint carries the
weights hash (nli) or the rubric and model (llm), so a changed model never serves an old
verdict. A file that does not parse, or whose key or score does not check out, is ignored
and rewritten: the cache is never trusted over the judge.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from pathlib import Path
from typing import Sequence

from ..errors import OutputError
from ..files import atomic_write_text
from .base import Judge, ScoreJudge

DEFAULT_CACHE_DIR = Path(".mutagen-cache") / "judge"
_SEP = "\x1f"  # unit separator: cannot occur in a judge name and keeps fields unambiguous


def verdict_key(judge_name: str, fingerprint: str, premise: str, hypothesis: str) -> str:
    """The cache key of one pair under one judge (hex sha256)."""
    h = hashlib.sha256()
    for part in (judge_name, fingerprint, premise, hypothesis):
        h.update(part.encode("utf-8"))
        h.update(_SEP.encode())
    return h.hexdigest()


class VerdictCache:
    """A folder of ``<key[:2]>/<key>.json`` files, each holding one score."""

    def __init__(self, folder: str | os.PathLike):
        self.folder = Path(folder)
        self.hits = 0
        self.misses = 0
        self.repaired = 0  # corrupt files found (and later rewritten)
        self.unwritable = 0  # entries that could not be written

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def get(self, key: str) -> float | None:
        """The cached score, or None when absent or not trustworthy."""
        path = self._path(key)
        try:
            raw = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            self.misses += 1
            return None
        except (OSError, UnicodeDecodeError):  # unreadable, a folder, or bytes that are not UTF-8
            self.misses += 1
            self.repaired += 1
            return None
        try:
            data = json.loads(raw)
            score = data["score"]
            ok = (
                data.get("key") == key
                and isinstance(score, (int, float))
                and not isinstance(score, bool)
                and math.isfinite(score)
                and 0.0 <= score <= 1.0
            )
        except (ValueError, KeyError, TypeError, AttributeError):
            ok = False
        if not ok:
            self.misses += 1
            self.repaired += 1
            return None
        self.hits += 1
        return float(score)

    def put(self, key: str, score: float, *, judge: str = "", fingerprint: str = "") -> None:
        """Write one score atomically (temp file + rename; no fsync: a lost file is a miss)."""
        path = self._path(key)
        payload = json.dumps(
            {"key": key, "score": float(score), "judge": judge, "fingerprint": fingerprint},
            sort_keys=True,
        )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.is_dir() and not path.is_symlink():
                import shutil

                shutil.rmtree(path)  # a folder where an entry belongs: replace it with the entry
            atomic_write_text(path, payload, durable=False)
        except (OSError, OutputError):
            self.unwritable += 1  # the verdict stands; only its cached copy is lost (a later miss)


class CachedJudge(ScoreJudge):
    """Wraps any judge; asks it only about pairs the cache cannot answer.

    The wrapper keeps the inner judge's ``name`` (the verdict is still that judge's) and
    forwards ``reason`` so the explanation is the inner judge's own.
    """

    def __init__(self, judge: Judge, cache: VerdictCache):
        self.inner = judge
        self.cache = cache
        self.name = judge.name
        self.threshold = judge.threshold
        self.fingerprint = getattr(judge, "fingerprint", "")

    def __getattr__(self, attr):  # metadata such as weights_sha256 comes from the inner judge
        if attr == "inner":
            raise AttributeError(attr)
        return getattr(self.inner, attr)

    def score(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        keys = [verdict_key(self.name, self.fingerprint, p, h) for p, h in pairs]
        found: dict[str, float] = {}
        todo: dict[str, tuple[str, str]] = {}
        for key, pair in zip(keys, pairs):
            if key in found or key in todo:
                continue
            cached = self.cache.get(key)
            if cached is None:
                todo[key] = pair
            else:
                found[key] = cached
        if todo:
            todo_keys = list(todo)
            fresh = self.inner.score([todo[k] for k in todo_keys])
            for key, score in zip(todo_keys, fresh):
                found[key] = float(score)
                self.cache.put(key, float(score), judge=self.name, fingerprint=self.fingerprint)
        return [found[k] for k in keys]

    def reason(self, premise: str, hypothesis: str, score: float) -> str:
        inner_reason = getattr(self.inner, "reason", None)
        if callable(inner_reason):
            return inner_reason(premise, hypothesis, score)
        return super().reason(premise, hypothesis, score)
