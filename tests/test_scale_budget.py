"""The minimum sample of a sublinear build follows the suite, not the corpus (issue 16): a
family may be called exhausted only after SAMPLE_PER_PAIR documents per pair, in whole batches."""

from __future__ import annotations

from mutagen_cite.analysis.sublinear import Budget, Pools, budget_for


def _pools(budget: Budget, gains: list[dict[str, int]]) -> Pools:
    pools = Pools.__new__(Pools)  # the counting state only: no corpus is parsed here
    pools.budget, pools.gains = budget, gains
    pools.counts = {f: sum(g.get(f, 0) for g in gains) for f in budget.quotas}
    pools.parsed = budget.batch * len(gains)
    return pools


def test_sample_scales_with_the_case_count():
    assert budget_for(60, None, 13, 5.0).sample == 192  # 30 pairs x 6 = 180, in batches of 32
    assert budget_for(120, None, 13, 5.0).sample == 384
    assert budget_for(14, ["scope", "quantity"], 13, 5.0).sample == 64  # at least `patience` batches
    assert Budget({"scope": 3}, seed=1, min_sample=10).sample == 10  # an explicit sample wins


def test_a_family_is_not_called_exhausted_before_the_sample():
    budget = budget_for(60, None, 13, 5.0)
    dry = [{"date": 0, "modality": 40}] * 5
    assert not _pools(budget, dry).exhausted("date")  # 160 documents: under the 192 of a 60-case suite
    assert _pools(budget, dry + [{"date": 0}]).exhausted("date")  # 192 documents, none found in the last two batches
    growing = [{"date": 0, "modality": 80}] * 4 + [{"date": 10}, {"date": 10}]
    assert not _pools(budget, growing).exhausted("date")  # 20 in two batches: as much again fills 25


def test_no_family_is_exhausted_while_the_pools_cannot_fill_the_suite():
    """A doc set where every family is rare: after the sample the pools hold 42 candidates for
    30 pairs, so parsing goes on (a 60-case build must not stop at 22 pairs)."""
    budget = budget_for(60, None, 13, 5.0)
    thin = [{"quantity": 1, "entity": 1, "polarity": 2, "aggregation": 2, "modality": 1}] * 6
    assert not _pools(budget, thin).exhausted("date")
    full = thin + [{"modality": 40}]
    assert _pools(budget, full).exhausted("date")
