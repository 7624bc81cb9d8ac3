"""Picking one replacement among candidates: plausible siblings first, deterministic per seed.

Families rank candidates (0 = the most plausible sibling: same kind, same shape) and this
module picks uniformly among the best-ranked ones with the caller's ``random.Random``. The
candidate order is the caller's (vocabulary order, ladder order), so a seed reproduces a pick.
"""

from __future__ import annotations

import random
from typing import Callable, Iterable, Sequence, TypeVar

T = TypeVar("T")


def best(candidates: Sequence[T], rank: Callable[[T], int | None], rng: random.Random) -> T | None:
    """One of the lowest-ranked candidates (``rank`` None drops a candidate), or None."""
    scored = [(r, c) for c in candidates if (r := rank(c)) is not None]
    if not scored:
        return None
    top = min(r for r, _ in scored)
    pool = [c for r, c in scored if r == top]
    return pool[rng.randrange(len(pool))]


def first_pool(pools: Iterable[tuple[str, Sequence[T]]], rng: random.Random) -> tuple[T, str] | None:
    """(value, origin) from the first non-empty pool, picked with ``rng``."""
    for origin, pool in pools:
        if pool:
            return pool[rng.randrange(len(pool))], origin
    return None


def dedupe(values: Iterable[T]) -> list[T]:
    seen: dict[T, None] = {}
    for v in values:
        seen.setdefault(v, None)
    return list(seen)
