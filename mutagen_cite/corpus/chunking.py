"""Sentence-aligned chunks: the passages a retriever would return and a generator would cite.

A chunk is a window of whole consecutive sentences, at most ``max_chars`` long from the first
sentence's start to the last one's end (a single longer sentence is a chunk by itself);
consecutive windows share ``overlap`` sentences. Chunk text is exactly
``doc.text[start:end]``, so a chunk id ``<doc id>#<start>-<end>`` always resolves.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import lru_cache

from ..errors import ConfigError
from ..model import Chunk, Document
from .sentences import sentence_spans

DEFAULT_MAX_CHARS = 700
DEFAULT_OVERLAP = 1


@dataclass(frozen=True)
class ChunkSettings:
    """How documents were chunked; recorded in a suite header so chunk ids can be rebuilt."""

    max_chars: int = DEFAULT_MAX_CHARS
    overlap: int = DEFAULT_OVERLAP

    def __post_init__(self) -> None:
        _check(self.max_chars, self.overlap)

    def as_dict(self) -> dict[str, int]:
        return asdict(self)


def chunk_document(
    doc: Document, *, max_chars: int = DEFAULT_MAX_CHARS, overlap: int = DEFAULT_OVERLAP
) -> list[Chunk]:
    """Chunks of ``doc`` in order (see the module docstring for the rule)."""
    _check(max_chars, overlap)
    return list(_cached_chunks(doc, max_chars, overlap))


def chunk_containing(
    doc: Document,
    start: int,
    end: int,
    *,
    max_chars: int = DEFAULT_MAX_CHARS,
    overlap: int = DEFAULT_OVERLAP,
) -> Chunk:
    """The first chunk of :func:`chunk_document` that holds ``doc.text[start:end]`` whole
    (typically a sentence span). ``ValueError`` when no chunk does (a span across chunks)."""
    _check(max_chars, overlap)
    for c in _cached_chunks(doc, max_chars, overlap):
        if c.start <= start and end <= c.end:
            return c
        if c.start > start:
            break
    raise ValueError(f"no chunk of {doc.id} contains {start}-{end} (max_chars={max_chars})")


@lru_cache(maxsize=256)
def _cached_chunks(doc: Document, max_chars: int, overlap: int) -> tuple[Chunk, ...]:
    spans = sentence_spans(doc)
    text = doc.text
    chunks: list[Chunk] = []
    i, n = 0, len(spans)
    while i < n:
        j = i
        while j + 1 < n and spans[j + 1][1] - spans[i][0] <= max_chars:
            j += 1
        a, b = spans[i][0], spans[j][1]
        chunks.append(Chunk(doc.id, a, b, text[a:b]))
        if j == n - 1:
            break
        i = max(i + 1, j + 1 - overlap)
    return tuple(chunks)


def _check(max_chars: int, overlap: int) -> None:
    if not isinstance(max_chars, int) or max_chars < 1:
        raise ConfigError(f"max_chars must be a positive integer, not {max_chars!r}",
                          hint="use a chunk size such as 700 characters")
    if not isinstance(overlap, int) or overlap < 0:
        raise ConfigError(f"overlap must be 0 or more sentences, not {overlap!r}",
                          hint="use 0 (no overlap) or 1")
