"""`build --min-hardness`: prefer near misses that similarity functions cannot tell apart.

A candidate is hard for a function when, scored against the case's *question* (what a
generator or a retriever sees, ``ranks.HARD_QUERY``), the distractor chunk scores at or above
the true chunk: :func:`mutagen_cite.audit.ranks.distractor_is_hard`, the one definition the
audit (``mutagen-cite audit``) applies to a finished suite too. ``build --update`` applies
the same preference when it refills freed slots of a suite whose header records
``min_hardness``.
"""

from __future__ import annotations

import os
from typing import Callable, Sequence

from .ranks import distractor_is_hard
from .similarity import EmbeddingSimilarity, make_similarity, parse_functions


def hardness_preference(
    candidates: Sequence,
    functions: str | Sequence[str],
    *,
    embedding_model: str | None = None,
    cache_dir: str | os.PathLike | None = None,
    embedder=None,
) -> Callable[[object], bool]:
    """A predicate telling whether a candidate is hard under every function in ``functions``.

    All texts are scored up front (embeddings in one batched, cached call). Candidates not in
    ``candidates`` are not hard. ``embedder`` reuses a loaded embedder (else one is loaded from
    ``embedding_model`` when ``embedding`` is among the functions).
    """
    names = parse_functions(functions)
    if "embedding" in names and embedder is None:
        embedder = load_embedder_for(embedding_model, cache_dir)
    idf_corpus = sorted({c.true_chunk.text for c in candidates} | {c.distractor_text for c in candidates})
    sims = [make_similarity(n, embedder=embedder, idf_corpus=idf_corpus) for n in names]
    for sim in sims:
        if isinstance(sim, EmbeddingSimilarity):
            sim.prepare([t for c in candidates for t in (c.phrasing.question, c.true_chunk.text, c.distractor_text)])
    hard: dict[str, bool] = {}
    for c in candidates:
        ok = True
        for sim in sims:
            true_score, dis_score = sim.scores(c.phrasing.question, [c.true_chunk.text, c.distractor_text])
            if not distractor_is_hard(true_score, dis_score):
                ok = False
                break
        hard[c.base_id] = ok
    return lambda c: hard.get(c.base_id, False)


def load_embedder_for(embedding_model: str | None, cache_dir: str | os.PathLike | None):
    """The embedder ``--min-hardness embedding`` uses (its vectors cached under ``cache_dir``)."""
    from pathlib import Path

    from .embeddings import load_embedder

    return load_embedder(embedding_model, cache_dir=Path(cache_dir) / "embeddings" if cache_dir else None)
