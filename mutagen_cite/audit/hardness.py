"""`build --min-hardness`: prefer near misses that similarity functions cannot tell apart.

On by default (``DEFAULT_MIN_HARDNESS``, the embedding): on the demo and three public corpora
a default build without it let a "state the claim, cite the most similar chunk" baseline pass
0.57-0.73 of both-present cases (0.30-0.50 with it). A lexical stand-in (token F1 against the
claim and the question, no model) was measured and rejected: for a near miss that copies the
true chunk with one value changed it cannot predict the embedding's verdict (the value is the
only lexical difference, so the true chunk always wins lexically), and for siblings it picks
short distractors, so that "cite the longer chunk" passed 0.80 of the demo pairs it chose.

Cost is bounded by ``WINDOW``: only the first ``WINDOW`` x a family's share of its seeded
ranking (the candidates selection would reach first) are scored; a candidate beyond the window
counts as not hard and keeps its ranked place. The suite header records ``min_hardness`` and
``hardness_window``.

A candidate is hard for a function when, scored against the case's *question* (what a
generator or a retriever sees, ``ranks.HARD_QUERY``), the distractor chunk scores at or above
the true chunk: :func:`mutagen_cite.audit.ranks.distractor_is_hard`, the one definition the
audit (``mutagen-cite audit``) applies to a finished suite too. ``build --update`` applies
the same preference when it refills freed slots of a suite whose header records
``min_hardness``.

Against the claim too (``HARD_AGAINST``, recorded as ``settings.hardness_against``): a system
that writes its answer first and attaches citations afterwards matches the *answer sentence*
to the chunks, not the question. In an aggregation or modality near miss the question is a
yes/no check while the claim holds the true chunk's own strong word ("must", "all"), so a
candidate hard for the question is often easy for the claim (on 18F's handbook a "state the
claim, cite the most similar chunk" citer passed 13 of 19 modality pairs chosen for the
question alone; with the claim weighed too its overall pass fell from 0.13 to 0.07 on the demo
and from 0.23 to 0.18 on Sourcegraph's handbook, where spare candidates exist). Selection takes candidates hard for both first, then those hard for one, then
the rest (:meth:`Preference.rank`); whether a candidate is *hard* (``prefer(c)``, what the
summary counts) still means hard for the question. A suite whose header has no
``hardness_against`` was built against the question alone, and ``build --update`` refills it
so (``QUESTION_ONLY``).
"""

from __future__ import annotations

import os
from typing import Callable, Mapping, Sequence

from ..errors import ConfigError

from .ranks import distractor_is_hard
from .similarity import EmbeddingSimilarity, make_similarity, parse_functions

#: what `build` prefers when --min-hardness is not given (``--min-hardness none`` turns it off)
DEFAULT_MIN_HARDNESS: tuple[str, ...] = ("embedding",)
#: candidates scored per family: this many times the family's share, from the top of its ranking
WINDOW = 4
#: what a candidate's hardness is measured against, in the order selection weighs them
HARD_AGAINST: tuple[str, ...] = ("question", "claim")
#: what a suite built before ``hardness_against`` was recorded measured it against
QUESTION_ONLY: tuple[str, ...] = ("question",)


class Preference:
    """Which candidates ``build`` takes first. ``prefer(c)``: hard for the question under every
    function; :meth:`rank`: 0 when hard against everything in ``against``, one more for each
    query it is easy for (selection's sort key, seeded order within a rank)."""

    def __init__(self, hard: dict[str, dict[str, bool]], against: Sequence[str]):
        self.hard = hard  # base id -> query -> hard under every function
        self.against = tuple(against)

    def __call__(self, c) -> bool:
        return self.hard.get(c.base_id, {}).get("question", False)

    def rank(self, c) -> int:
        views = self.hard.get(c.base_id, {})
        return sum(0 if views.get(q, False) else 1 for q in self.against)


def scoring_window(by_family: Mapping[str, Sequence], total_pairs: int, seed: int, window: int = WINDOW) -> list:
    """The candidates ``build`` scores for hardness: per family, the first ``window`` x its share
    of the seeded ranking that selection walks (``cases.build._ranked``), in that order.

    A family's share is its quota, less what it lacks in candidates, plus its part of what
    other families lack (handed round robin, as ``select`` hands over shortfalls)."""
    from ..cases.build import _ranked, quotas

    if window < 1:
        raise ConfigError(f"the hardness window must be at least 1, not {window!r}",
                          hint="it is how many times a family's share of candidates get scored")
    names = list(by_family)
    avail = {f: len(by_family[f]) for f in names}
    share = quotas(total_pairs, names)
    missing = sum(max(0, share[f] - avail[f]) for f in names)
    share = {f: min(share[f], avail[f]) for f in names}
    while missing > 0:
        spare = [f for f in names if share[f] < avail[f]]
        if not spare:
            break
        for f in spare[:missing]:
            share[f] += 1
            missing -= 1
    return [c for f in names for c in _ranked(list(by_family[f]), seed)[: window * share[f]]]


def hardness_preference(
    candidates: Sequence,
    functions: str | Sequence[str],
    *,
    embedding_model: str | None = None,
    cache_dir: str | os.PathLike | None = None,
    embedder=None,
    progress: Callable[..., Callable[[int], None]] | None = None,
    against: Sequence[str] = HARD_AGAINST,
) -> Preference:
    """Which candidates are hard under every function in ``functions``, against each query in
    ``against`` ("question", "claim"): a :class:`Preference`.

    All texts are scored up front (embeddings in one batched, cached call). Candidates not in
    ``candidates`` are not hard. ``embedder`` reuses a loaded embedder (else one is loaded from
    ``embedding_model`` when ``embedding`` is among the functions). ``progress`` (a
    :func:`~mutagen_cite.progress.bar_factory`) gets a bar over the texts embedded.
    """
    names = parse_functions(functions)
    if "embedding" in names and embedder is None:
        embedder = load_embedder_for(embedding_model, cache_dir)
    idf_corpus = sorted({c.true_chunk.text for c in candidates} | {c.distractor_text for c in candidates})
    sims = [make_similarity(n, embedder=embedder, idf_corpus=idf_corpus) for n in names]
    if progress is not None and hasattr(embedder, "bars"):
        embedder.bars = progress
    for sim in sims:
        if isinstance(sim, EmbeddingSimilarity):
            sim.prepare([t for c in candidates for q in against for t in (_query(c, q), c.true_chunk.text,
                                                                          c.distractor_text)])
    hard: dict[str, dict[str, bool]] = {}
    for c in candidates:
        views = hard.setdefault(c.base_id, {})
        for q in against:
            views[q] = all(distractor_is_hard(*sim.scores(_query(c, q), [c.true_chunk.text, c.distractor_text]))
                           for sim in sims)
    return Preference(hard, against)


def _query(c, against: str) -> str:
    """The text a candidate's hardness is measured against: its question, or its claim."""
    if against not in ("question", "claim"):
        raise ConfigError(f"hardness is measured against the question or the claim, not {against!r}")
    return c.phrasing.question if against == "question" else c.phrasing.claim


def load_embedder_for(embedding_model: str | None, cache_dir: str | os.PathLike | None):
    """The embedder ``--min-hardness embedding`` uses (its vectors cached under ``cache_dir``;
    none cached when it is None, as ``build --no-cache`` asks)."""
    from pathlib import Path

    from .embeddings import load_embedder

    if cache_dir is None:
        return load_embedder(embedding_model, use_cache=False)
    return load_embedder(embedding_model, cache_dir=Path(cache_dir) / "embeddings")
