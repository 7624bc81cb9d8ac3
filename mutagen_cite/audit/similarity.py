"""Similarity functions behind one small protocol, for auditing how hard a distractor is.

A near-miss distractor is only useful if a similarity function likes it at least as much as
the true passage (seed 003). These are the functions the audit ranks passages with; none of
them knows anything about entailment, which is the point: a suite they solve measures topical
selection, not support.

Scores are comparable within one function only (BM25 is unbounded, the others are in 0..1).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Protocol, Sequence, runtime_checkable

import numpy as np

from ..errors import ConfigError

SIMILARITY_NAMES: tuple[str, ...] = ("embedding", "bm25", "token_f1", "fuzzy")

# Lowercased word tokens. Hyphen, dot and apostrophe joins are kept inside a token so that
# "eu-central-1", "v2.3" and "1.5" stay one token: they are exactly the attribute values a
# mutation changes, and splitting them would let the shared "eu"/"1" pieces count as overlap.
_TOKEN = re.compile(r"[a-z0-9]+(?:[-.'][a-z0-9]+)*")


def tokens(text: str) -> list[str]:
    """Lowercased word tokens (see ``_TOKEN``); punctuation is dropped."""
    return _TOKEN.findall(text.lower())


@runtime_checkable
class Similarity(Protocol):
    """Scores passages against one query (a claim or a question); higher = more similar."""

    name: str

    def scores(self, query: str, passages: Sequence[str]) -> list[float]: ...


# --------------------------------------------------------------------------- token F1


def token_f1(a: str, b: str) -> float:
    """Token F1 between two texts, over *multisets* of lowercased word tokens.

    The SQuAD convention: overlap = sum over tokens of min(count in a, count in b);
    precision = overlap / len(b), recall = overlap / len(a), F1 their harmonic mean.
    F1 is symmetric, so which side is the claim does not matter. Empty text scores 0.
    """
    ta, tb = tokens(a), tokens(b)
    if not ta or not tb:
        return 0.0
    overlap = sum((Counter(ta) & Counter(tb)).values())
    if overlap == 0:
        return 0.0
    precision = overlap / len(tb)
    recall = overlap / len(ta)
    return 2 * precision * recall / (precision + recall)


class TokenF1Similarity:
    """Seed 003's lexical overlap: token F1 between the query and each passage."""

    name = "token_f1"

    def scores(self, query: str, passages: Sequence[str]) -> list[float]:
        return [token_f1(query, p) for p in passages]


# --------------------------------------------------------------------------- fuzzy


class FuzzySimilarity:
    """rapidfuzz ``token_set_ratio`` / 100, on lowercased alphanumeric text.

    Token-set ratio ignores order and duplicates and scores 1.0 when one text's token set is
    contained in the other's, so a distractor that copies the true passage's wording is
    rewarded for every shared word.
    """

    name = "fuzzy"

    def __init__(self) -> None:
        from rapidfuzz import fuzz, utils

        self._ratio = fuzz.token_set_ratio
        self._process = utils.default_process

    def scores(self, query: str, passages: Sequence[str]) -> list[float]:
        return [self._ratio(query, p, processor=self._process) / 100.0 for p in passages]


# --------------------------------------------------------------------------- BM25


class BM25Similarity:
    """Okapi BM25 (k1=1.5, b=0.75), written out so its statistics are explicit.

    The collection is ``idf_corpus`` (e.g. the chunks of the suite's documents) plus the
    passages being scored; a passage whose text is already in the corpus is not counted twice.
    Document frequency and average length come from that collection. IDF is the non-negative
    form ``ln((N - n + 0.5) / (n + 0.5) + 1)`` so a term found in most documents still counts
    a little instead of subtracting. Query terms count once per occurrence, as in Okapi.
    """

    name = "bm25"

    def __init__(self, idf_corpus: Sequence[str] = (), *, k1: float = 1.5, b: float = 0.75):
        self.k1 = k1
        self.b = b
        self._df: Counter[str] = Counter()
        self._n = 0
        self._total_len = 0
        self._seen: set[str] = set()
        for text in idf_corpus:
            if text in self._seen:
                continue
            self._seen.add(text)
            toks = tokens(text)
            self._df.update(set(toks))
            self._n += 1
            self._total_len += len(toks)

    def scores(self, query: str, passages: Sequence[str]) -> list[float]:
        docs = [tokens(p) for p in passages]
        df = self._df.copy()
        n = self._n
        total = self._total_len
        added: set[str] = set()
        for text, toks in zip(passages, docs):
            if text in self._seen or text in added:
                continue
            added.add(text)
            df.update(set(toks))
            n += 1
            total += len(toks)
        if n == 0:
            return [0.0 for _ in passages]
        avgdl = total / n if total else 1.0
        q = tokens(query)
        idf = {t: math.log((n - df[t] + 0.5) / (df[t] + 0.5) + 1.0) for t in set(q)}
        out: list[float] = []
        for toks in docs:
            tf = Counter(toks)
            norm = self.k1 * (1 - self.b + self.b * len(toks) / avgdl)
            score = 0.0
            for t in q:
                f = tf.get(t, 0)
                if f:
                    score += idf[t] * f * (self.k1 + 1) / (f + norm)
            out.append(score)
        return out


# --------------------------------------------------------------------------- embeddings


class EmbeddingSimilarity:
    """Cosine similarity of sentence embeddings (rows from :class:`Embedder` are unit length).

    Keeps the vectors it has seen in memory; ``prepare(texts)`` encodes a whole suite's texts
    in one batched call up front, so later ``scores`` calls never reach the model one case at
    a time.
    """

    def __init__(self, embedder) -> None:
        self.embedder = embedder
        self.name = "embedding"
        self._memo: dict[str, np.ndarray] = {}

    def prepare(self, texts: Sequence[str]) -> None:
        todo = [t for t in dict.fromkeys(texts) if t not in self._memo]
        if todo:
            for t, v in zip(todo, self.embedder.encode(todo)):
                self._memo[t] = v

    def scores(self, query: str, passages: Sequence[str]) -> list[float]:
        self.prepare([query, *passages])
        q = self._memo[query]
        return [float(np.dot(q, self._memo[p])) for p in passages]


# --------------------------------------------------------------------------- factory


def make_similarity(name: str, *, embedder=None, idf_corpus: Sequence[str] = ()) -> Similarity:
    """Build one similarity function by name: embedding, bm25, token_f1 or fuzzy."""
    key = name.strip().lower().replace("-", "_")
    if key == "embedding":
        if embedder is None:
            raise ConfigError(
                "the embedding similarity needs a loaded embedder",
                hint="build one with mutagen_cite.audit.embeddings.load_embedder() and pass embedder=",
            )
        return EmbeddingSimilarity(embedder)
    if key == "bm25":
        return BM25Similarity(idf_corpus)
    if key == "token_f1":
        return TokenF1Similarity()
    if key == "fuzzy":
        return FuzzySimilarity()
    raise ConfigError(
        f"unknown similarity function {name!r}",
        hint=f"choose from {', '.join(SIMILARITY_NAMES)}",
    )


def parse_functions(spec: str | Sequence[str]) -> tuple[str, ...]:
    """``"embedding,bm25"`` -> ("embedding", "bm25"), validated and without duplicates."""
    parts = spec.split(",") if isinstance(spec, str) else list(spec)
    out: list[str] = []
    for part in parts:
        key = part.strip().lower().replace("-", "_")
        if not key:
            continue
        if key not in SIMILARITY_NAMES:
            raise ConfigError(
                f"unknown similarity function {part.strip()!r}",
                hint=f"choose from {', '.join(SIMILARITY_NAMES)}",
            )
        if key not in out:
            out.append(key)
    if not out:
        raise ConfigError("no similarity function given", hint=f"choose from {', '.join(SIMILARITY_NAMES)}")
    return tuple(out)
