"""How hard is each distractor? Ranks and margins under several similarity functions.

A near-miss case only measures support when a similarity function likes the distractor at
least as much as the true passage (seed 003): otherwise "cite the most similar chunk" passes
it, and the suite measures topical selection. For every case and function this module scores
the true passage and the distractor against the claim and against the question, ranks them
among the case's context, and records the margin. It also runs the discrimination check: the
score a pure similarity citer (cite the top chunk for the query, never decline) gets.

Conventions, used everywhere below and in the report:

- **margin** = score(distractor) - score(true passage), against the claim (the question when
  a case has no claim). Margin >= 0 means the distractor ranks at or above the true passage.
- a case is **hard** for a function when margin >= 0 (ties, within ``EPS``, count as hard: a
  similarity function cannot tell the two apart). :func:`distractor_is_hard` is that one
  definition; ``build --min-hardness`` (``hardness.py``) uses it too, against the question
  (``HARD_QUERY``, the audit's default query on the command line).
- the true passage and distractor of a *true-absent* case are those of its *both-present*
  twin (same id with the variant swapped), so a pair is scored once and reported for both.
"""

from __future__ import annotations

import statistics
import sys
from dataclasses import dataclass, field, replace
from typing import Iterable, Mapping, Sequence

from ..errors import ConfigError, SuiteError
from ..model import Case, ContextChunk, Suite
from .similarity import Similarity

EPS = 1e-9
ROUND = 4
QUERIES = ("claim", "question")
#: what ``build --min-hardness`` and ``mutagen-cite audit`` measure hardness against by default
HARD_QUERY = "question"


def distractor_is_hard(true_score: float, distractor_score: float) -> bool:
    """The one definition of a *hard* near miss for one similarity function: the distractor
    scores at or above the true passage for the same query (a tie within ``EPS`` is hard: the
    function cannot tell them apart, so "cite the most similar chunk" cannot pass the case)."""
    return distractor_score - true_score >= -EPS
BOTH = "both-present"
ABSENT = "true-absent"


# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class FunctionHardness:
    """One similarity function on one case."""

    function: str
    query: str  # "claim" or "question": what rank and margin are measured against
    true_score: float
    distractor_score: float
    margin: float  # distractor - true against ``query``; >= 0 is hard
    distractor_rank: int  # 1-based competition rank among the pair's context (ties share the better rank)
    true_rank: int
    hard: bool
    question_true: float
    question_distractor: float
    claim_true: float | None  # None when the case has no claim
    claim_distractor: float | None
    citer_chunk: str  # the chunk a similarity citer cites for this case (top for the query)
    citer_credit: float  # 1 pass, 0 fail, 1/k when k chunks tie at the top and one is right

    @property
    def question_margin(self) -> float:
        return self.question_distractor - self.question_true


@dataclass(frozen=True)
class Hardness:
    """Every function's view of one case's (true passage, distractor) pair."""

    case_id: str
    family: str
    variant: str
    true_chunk: str | None  # context id of the true passage (None for true-absent)
    distractor_chunk: str
    true_source: str  # where the true text came from: context | twin | provenance.sentence
    functions: tuple[FunctionHardness, ...]

    def of(self, function: str) -> FunctionHardness:
        for f in self.functions:
            if f.function == function:
                return f
        raise KeyError(function)

    def hard_for(self) -> tuple[str, ...]:
        return tuple(f.function for f in self.functions if f.hard)


@dataclass(frozen=True)
class MarginStats:
    """Distribution of margins (distractor - true); positive means hard."""

    n: int
    min: float
    q1: float
    median: float
    q3: float
    max: float
    mean: float

    @classmethod
    def of(cls, values: Sequence[float]) -> "MarginStats":
        if not values:
            return cls(0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        v = sorted(values)
        if len(v) >= 2:
            q1, med, q3 = statistics.quantiles(v, n=4, method="inclusive")
        else:
            q1 = med = q3 = v[0]
        return cls(len(v), v[0], q1, med, q3, v[-1], statistics.fmean(v))


@dataclass(frozen=True)
class FunctionSummary:
    function: str
    cases: int
    hard: int
    margin: MarginStats
    easy_ids: tuple[str, ...]  # cases whose distractor ranks below the true passage
    citer_score: float  # mean credit over all cases (true-absent always 0)
    citer_both_present: float | None  # mean credit over both-present cases (None if there are none)
    citer_true_absent: float | None
    hard_question: int = 0  # cases whose distractor ranks at or above the true passage for the question

    @property
    def share_hard(self) -> float:
        return self.hard / self.cases if self.cases else 0.0

    @property
    def share_hard_question(self) -> float:
        return self.hard_question / self.cases if self.cases else 0.0


@dataclass(frozen=True)
class GroupSummary:
    """One family (or ``"all"``): per-function numbers plus the any/all combinations."""

    family: str
    cases: int
    both_present: int
    true_absent: int
    functions: tuple[FunctionSummary, ...]
    hard_any: int  # cases hard under at least one function
    hard_all: int  # cases hard under every function
    easy_all_ids: tuple[str, ...]  # cases easy under every function: they measure nothing

    def of(self, function: str) -> FunctionSummary:
        for f in self.functions:
            if f.function == function:
                return f
        raise KeyError(function)

    @property
    def share_hard_any(self) -> float:
        return self.hard_any / self.cases if self.cases else 0.0

    @property
    def share_hard_all(self) -> float:
        return self.hard_all / self.cases if self.cases else 0.0


@dataclass(frozen=True)
class AuditResult:
    functions: tuple[str, ...]
    rows: tuple[Hardness, ...]
    families: tuple[GroupSummary, ...]
    overall: GroupSummary
    notes: tuple[str, ...] = field(default=())
    query: str = "claim"  # what rank and margin were measured against

    def row(self, case_id: str) -> Hardness:
        for r in self.rows:
            if r.case_id == case_id:
                return r
        raise KeyError(case_id)

    def by_id(self) -> dict[str, Hardness]:
        return {r.case_id: r for r in self.rows}


# --------------------------------------------------------------------------- resolving the pair


@dataclass(frozen=True)
class _Pair:
    """What one case is scored on: the candidates, and which of them are true / distractor."""

    candidates: tuple[ContextChunk, ...]  # the pair's full context (a true-absent case borrows its twin's)
    true_ids: tuple[str, ...]
    distractor_ids: tuple[str, ...]
    own_ids: tuple[str, ...]  # the case's own context ids (what a citer sees)
    true_source: str


def twin_id(case_id: str) -> str | None:
    """The other variant's id: ``...-true-absent`` <-> ``...-both-present``; None otherwise."""
    for a, b in ((ABSENT, BOTH), (BOTH, ABSENT)):
        if case_id.endswith(f"-{a}"):
            return case_id[: -len(a)] + b
    return None


def _roles(case: Case) -> dict[str, str]:
    return case.provenance.roles() if case.provenance is not None else {}


def _check_in_context(case: Case, ids: Iterable[str], field_name: str) -> None:
    present = set(case.context_ids())
    for cid in ids:
        if cid not in present:
            raise SuiteError(
                f"{field_name} names chunk {cid!r}, which is not in the case's context",
                where=case.id,
                hint="every chunk id in expect must be one of the case's context chunk ids; "
                "fix the id or rebuild the suite",
            )


def _both_present_pair(case: Case) -> _Pair:
    true_ids = tuple(case.expect.cited_chunks_include)
    distractor_ids = tuple(case.expect.cited_chunks_exclude)
    _check_in_context(case, true_ids, "expect.cited_chunks_include")
    _check_in_context(case, distractor_ids, "expect.cited_chunks_exclude")
    roles = _roles(case)
    ctx = set(case.context_ids())
    if not true_ids:
        true_ids = tuple(c for c in case.context_ids() if roles.get(c) == "true")
    if not distractor_ids:
        distractor_ids = tuple(c for c in case.context_ids() if roles.get(c) == "distractor")
    if not true_ids or not distractor_ids:
        missing = "true passage" if not true_ids else "distractor"
        raise SuiteError(
            f"cannot tell which context chunk is the {missing}",
            where=case.id,
            hint="a both-present case needs expect.cited_chunks_include (true) and "
            "cited_chunks_exclude (distractor), or provenance.chunks roles",
        )
    overlap = set(true_ids) & set(distractor_ids)
    if overlap:
        raise SuiteError(
            f"chunk {sorted(overlap)[0]!r} is both the true passage and the distractor",
            where=case.id,
            hint="a chunk is either in cited_chunks_include or in cited_chunks_exclude",
        )
    assert set(true_ids) <= ctx and set(distractor_ids) <= ctx
    return _Pair(case.context, true_ids, distractor_ids, case.context_ids(), "context")


def _absent_distractors(case: Case, twin: Case | None) -> tuple[str, ...]:
    roles = _roles(case)
    ids = case.context_ids()
    found = tuple(c for c in ids if roles.get(c) == "distractor")
    if found:
        return found
    if case.expect.cited_chunks_exclude:
        _check_in_context(case, case.expect.cited_chunks_exclude, "expect.cited_chunks_exclude")
        return tuple(case.expect.cited_chunks_exclude)
    if twin is not None:
        twin_texts = {twin.chunk_text(c) for c in twin.expect.cited_chunks_exclude}
        twin_texts |= {c.text for c in twin.context if _roles(twin).get(c.chunk_id) == "distractor"}
        found = tuple(c.chunk_id for c in case.context if c.text in twin_texts)
        if found:
            return found
    if len(ids) == 1:
        return ids  # the seed shape: the near miss is all that is left
    raise SuiteError(
        "cannot tell which context chunk is the distractor",
        where=case.id,
        hint="mark it in expect.cited_chunks_exclude or provenance.chunks (role: distractor)",
    )


def _true_absent_pair(case: Case, twin: Case | None) -> _Pair:
    distractor_ids = _absent_distractors(case, twin)
    own = case.context_ids()
    if twin is not None:
        tpair = _both_present_pair(twin)
        true_texts = [twin.chunk_text(c) for c in tpair.true_ids]
        if any(t in {c.text for c in case.context} for t in true_texts):
            raise SuiteError(
                "the true passage of its both-present twin is still in this true-absent context",
                where=case.id,
                hint="a true-absent case keeps only the distractor(s); rebuild the suite",
            )
        # the twin's context with this case's chunk ids where the texts agree
        candidates = list(case.context)
        true_ids = []
        for i, cid in enumerate(tpair.true_ids):
            tid = f"__true__{i}"
            true_ids.append(tid)
            candidates.append(ContextChunk(tid, twin.chunk_text(cid) or ""))
        return _Pair(tuple(candidates), tuple(true_ids), distractor_ids, own, "twin")
    sentence = case.provenance.sentence if case.provenance is not None else None
    if sentence is not None and sentence.strip():
        candidates = (*case.context, ContextChunk("__true__0", sentence))
        return _Pair(candidates, ("__true__0",), distractor_ids, own, "provenance.sentence")
    raise SuiteError(
        "cannot find the true passage for this true-absent case",
        where=case.id,
        hint="keep its both-present twin in the suite (same id ending in -both-present), "
        "or record provenance.sentence",
    )


def resolve_pairs(cases: Sequence[Case]) -> dict[str, _Pair]:
    """The scored pair for every case; raises SuiteError on anything that would mislead."""
    by_id: dict[str, Case] = {}
    for c in cases:
        if c.id in by_id:
            raise SuiteError("duplicate case id", where=c.id, hint="case ids must be unique")
        by_id[c.id] = c
    out: dict[str, _Pair] = {}
    for c in cases:
        if not c.context:
            raise SuiteError("the case has no context chunks", where=c.id, hint="add the pinned context")
        if c.variant == ABSENT:
            tid = twin_id(c.id)
            twin = by_id.get(tid) if tid else None
            if twin is not None and twin.variant != BOTH:
                twin = None
            out[c.id] = _true_absent_pair(c, twin)
        else:
            out[c.id] = _both_present_pair(c)
    return out


# --------------------------------------------------------------------------- scoring


def _competition_rank(scores: Sequence[float], i: int) -> int:
    return 1 + sum(1 for s in scores if s > scores[i] + EPS)


def _citer(own_ids: Sequence[str], own_scores: Sequence[float], true_ids: Sequence[str], variant: str) -> tuple[str, float]:
    """The chunk a similarity citer cites, and its expected credit under random tie-breaking."""
    best = max(own_scores)
    top = [cid for cid, s in zip(own_ids, own_scores) if s >= best - EPS]
    if variant == ABSENT:
        return top[0], 0.0  # it always cites something; the case expects a decline
    right = sum(1 for cid in top if cid in true_ids)
    return top[0], right / len(top)


def _score_case(case: Case, pair: _Pair, sim: Similarity, memo: dict, query: str) -> FunctionHardness:
    texts = tuple(c.text for c in pair.candidates)
    ids = [c.chunk_id for c in pair.candidates]
    canonical = tuple(sorted(set(texts)))  # scores do not depend on order: share them across variants

    def scored(q: str) -> list[float]:
        key = (q, canonical)
        if key not in memo:
            memo[key] = dict(zip(canonical, (float(s) for s in sim.scores(q, list(canonical)))))
        by_text = memo[key]
        return [by_text[t] for t in texts]

    q_scores = scored(case.question)
    c_scores = scored(case.claim) if case.claim.strip() else None
    main, used = (q_scores, "question") if query == "question" or c_scores is None else (c_scores, "claim")
    # the citer reads what hardness is measured against: with the question it is the
    # retrieve-and-cite strategy of seed 003; with the claim (a copy of the true sentence)
    # lexical citers find the true chunk by construction
    cite_by = main
    t_idx = [ids.index(t) for t in pair.true_ids]
    d_idx = [ids.index(d) for d in pair.distractor_ids]

    def best(idx: list[int], scores: list[float]) -> int:
        return max(idx, key=lambda i: scores[i])

    ti, di = best(t_idx, main), best(d_idx, main)
    margin = main[di] - main[ti]
    own = [ids.index(cid) for cid in pair.own_ids]
    citer_chunk, credit = _citer(pair.own_ids, [cite_by[i] for i in own], pair.true_ids, case.variant)
    qt, qd = q_scores[best(t_idx, q_scores)], q_scores[best(d_idx, q_scores)]
    ct = c_scores[best(t_idx, c_scores)] if c_scores is not None else None
    cd = c_scores[best(d_idx, c_scores)] if c_scores is not None else None
    return FunctionHardness(
        function=sim.name,
        query=used,
        true_score=main[ti],
        distractor_score=main[di],
        margin=margin,
        distractor_rank=_competition_rank(main, di),
        true_rank=_competition_rank(main, ti),
        hard=distractor_is_hard(main[ti], main[di]),
        question_true=qt,
        question_distractor=qd,
        claim_true=ct,
        claim_distractor=cd,
        citer_chunk=citer_chunk,
        citer_credit=credit,
    )


def _all_texts(cases: Sequence[Case], pairs: Mapping[str, _Pair]) -> list[str]:
    seen: dict[str, None] = {}
    for c in cases:
        seen.setdefault(c.question, None)
        if c.claim.strip():
            seen.setdefault(c.claim, None)
        for ch in pairs[c.id].candidates:
            seen.setdefault(ch.text, None)
    return list(seen)


def audit_suite(
    suite: Suite | Sequence[Case],
    *,
    similarities: Sequence[Similarity],
    query: str = "claim",
    progress: bool = False,
) -> AuditResult:
    """Score every case under every similarity function and summarise per family.

    ``query`` is what rank and margin are measured against: "claim" (a case without a claim
    falls back to its question) or "question" (what a generator or retriever sees; the
    CLI's default). Both scores are always
    recorded; the similarity citer cites the top chunk for the same query.

    Raises :class:`SuiteError` (naming the case) when a case references a chunk missing
    from its context or its true passage / distractor cannot be identified: a wrong pair
    would give a wrong number, so the audit refuses instead.
    """
    cases = tuple(suite.cases if isinstance(suite, Suite) else suite)
    if not similarities:
        raise ConfigError("no similarity functions to audit with", hint="pass at least one, e.g. token_f1")
    names = [s.name for s in similarities]
    if len(set(names)) != len(names):
        raise ConfigError("two similarity functions share a name", hint="pass each function once")
    if query not in QUERIES:
        raise ConfigError(f"unknown hardness query {query!r}", hint=f"choose from {', '.join(QUERIES)}")
    pairs = resolve_pairs(cases)
    texts = _all_texts(cases, pairs)
    for sim in similarities:
        prepare = getattr(sim, "prepare", None)
        if callable(prepare):
            prepare(texts)  # one batched pass (embeddings), instead of one call per case
    memos: dict[str, dict] = {s.name: {} for s in similarities}
    iterator: Iterable[Case] = cases
    bar = None
    if progress and cases:
        from tqdm import tqdm

        bar = tqdm(cases, desc="audit", unit="case", file=sys.stderr, leave=False)
        iterator = bar
    rows = []
    for case in iterator:
        pair = pairs[case.id]
        fns = tuple(_score_case(case, pair, sim, memos[sim.name], query) for sim in similarities)
        rows.append(
            Hardness(
                case_id=case.id,
                family=case.family,
                variant=case.variant,
                true_chunk=pair.true_ids[0] if pair.true_source == "context" else None,
                distractor_chunk=pair.distractor_ids[0],
                true_source=pair.true_source,
                functions=fns,
            )
        )
    if bar is not None:
        bar.close()
    return summarise(tuple(rows), tuple(names), query=query)


# --------------------------------------------------------------------------- summaries


def _mean(values: Sequence[float]) -> float | None:
    return statistics.fmean(values) if values else None


def _summarise_group(family: str, rows: Sequence[Hardness], functions: Sequence[str]) -> GroupSummary:
    fsums = []
    for fn in functions:
        fh = [(r, r.of(fn)) for r in rows]
        credits_bp = [f.citer_credit for r, f in fh if r.variant != ABSENT]
        credits_ta = [f.citer_credit for r, f in fh if r.variant == ABSENT]
        fsums.append(
            FunctionSummary(
                function=fn,
                cases=len(rows),
                hard=sum(1 for _, f in fh if f.hard),
                margin=MarginStats.of([f.margin for _, f in fh]),
                easy_ids=tuple(sorted(r.case_id for r, f in fh if not f.hard)),
                citer_score=_mean([f.citer_credit for _, f in fh]) or 0.0,
                citer_both_present=_mean(credits_bp),
                citer_true_absent=_mean(credits_ta),
                hard_question=sum(1 for _, f in fh if distractor_is_hard(f.question_true, f.question_distractor)),
            )
        )
    hard_any = sum(1 for r in rows if any(r.of(fn).hard for fn in functions))
    hard_all = sum(1 for r in rows if all(r.of(fn).hard for fn in functions))
    easy_all = tuple(sorted(r.case_id for r in rows if not any(r.of(fn).hard for fn in functions)))
    return GroupSummary(
        family=family,
        cases=len(rows),
        both_present=sum(1 for r in rows if r.variant != ABSENT),
        true_absent=sum(1 for r in rows if r.variant == ABSENT),
        functions=tuple(fsums),
        hard_any=hard_any,
        hard_all=hard_all,
        easy_all_ids=easy_all,
    )


def summarise(rows: tuple[Hardness, ...], functions: tuple[str, ...], *, query: str = "claim") -> AuditResult:
    """Per-family and overall summaries of audit rows (families in sorted order)."""
    families = sorted({r.family for r in rows})
    groups = tuple(_summarise_group(f, [r for r in rows if r.family == f], functions) for f in families)
    notes = []
    sources = sorted({r.true_source for r in rows} - {"context", "twin"})
    if sources:
        notes.append(
            "some true-absent cases had no both-present twin; their true passage is "
            "provenance.sentence (a sentence, not a chunk)"
        )
    return AuditResult(
        functions=functions,
        rows=rows,
        families=groups,
        overall=_summarise_group("all", rows, functions),
        notes=tuple(notes),
        query=query,
    )


# --------------------------------------------------------------------------- writing back and selecting


def _r(x: float | None) -> float | None:
    return None if x is None else round(float(x), ROUND)


def hardness_fields(row: Hardness) -> dict:
    """The flat dict written into ``case.hardness``.

    Per function ``f``: ``f_rank`` (1 = the distractor ranks at or above the true passage,
    2 = below), ``f_margin`` (distractor - true), ``f_true`` / ``f_distractor`` (scores
    against the claim, or the question when the case has no claim). Scores are rounded to
    four decimals so the suite file stays stable.
    """
    out: dict = {}
    for f in row.functions:
        out[f"{f.function}_rank"] = 1 if f.hard else 2
        out[f"{f.function}_margin"] = _r(f.margin)
        out[f"{f.function}_true"] = _r(f.true_score)
        out[f"{f.function}_distractor"] = _r(f.distractor_score)
    if row.functions and row.functions[0].query == "question":
        out["query"] = "question"
    return out


def annotate_suite(suite: Suite, result: AuditResult) -> Suite:
    """The suite with every audited case's ``hardness`` replaced by :func:`hardness_fields`.

    Cases the result does not cover keep their hardness unchanged.
    """
    rows = result.by_id()
    cases = tuple(
        replace(c, hardness=hardness_fields(rows[c.id])) if c.id in rows else c for c in suite.cases
    )
    return replace(suite, cases=cases)


def _check_functions(functions: Sequence[str], available: Sequence[str]) -> tuple[str, ...]:
    fns = tuple(functions)
    if not fns:
        raise ConfigError("no similarity function chosen for hardness", hint="e.g. --min-hardness embedding")
    missing = [f for f in fns if f not in available]
    if missing:
        raise ConfigError(
            f"similarity function {missing[0]!r} was not part of the audit",
            hint=f"audit with it too; audited: {', '.join(available) or 'none'}",
        )
    return fns


def is_hard(row: Hardness, functions: Sequence[str], *, require: str = "all") -> bool:
    """Whether the case is hard for the chosen functions (``require``: "all" or "any")."""
    fns = _check_functions(functions, [f.function for f in row.functions])
    flags = [row.of(f).hard for f in fns]
    if require == "all":
        return all(flags)
    if require == "any":
        return any(flags)
    raise ConfigError(f"require must be 'all' or 'any', got {require!r}")


def hardness_key(row: Hardness, functions: Sequence[str]) -> tuple:
    """Sort key, hardest first: number of chosen functions it is hard for, then the smallest margin."""
    fns = _check_functions(functions, [f.function for f in row.functions])
    hard_count = sum(1 for f in fns if row.of(f).hard)
    worst_margin = min(row.of(f).margin for f in fns)
    return (-hard_count, -worst_margin, row.case_id)


def _pair_key(case_id: str) -> str:
    for v in (BOTH, ABSENT):
        if case_id.endswith(f"-{v}"):
            return case_id[: -len(v) - 1]
    return case_id


def select_hard(
    cases: Sequence[Case],
    result: AuditResult,
    functions: Sequence[str],
    *,
    require: str = "all",
    prefer: bool = False,
) -> tuple[Case, ...]:
    """Cases hard for ``functions``, variants of a pair kept or dropped together.

    ``prefer=False`` (keep): only hard pairs, in input order. ``prefer=True``: every case,
    reordered hardest pair first (stable), so a builder that takes the first N per family
    gets hard cases when there are enough and the least easy ones otherwise.
    Cases the audit did not cover raise ConfigError: selecting on missing numbers is wrong.
    """
    rows = result.by_id()
    for c in cases:
        if c.id not in rows:
            raise ConfigError(f"case {c.id} was not audited", hint="audit the same cases you select from")
    # a pair is hard when its both-present row is (true-absent rows carry the same numbers)
    pair_rows: dict[str, Hardness] = {}
    for c in cases:
        k = _pair_key(c.id)
        if k not in pair_rows or c.variant != ABSENT:
            pair_rows[k] = rows[c.id]
    if not prefer:
        return tuple(c for c in cases if is_hard(pair_rows[_pair_key(c.id)], functions, require=require))
    order = {c.id: i for i, c in enumerate(cases)}
    return tuple(
        sorted(cases, key=lambda c: (hardness_key(pair_rows[_pair_key(c.id)], functions), order[c.id]))
    )


# --------------------------------------------------------------------------- IDF collections


def idf_chunks(documents: Iterable, *, max_chars: int | None = None) -> list[str]:
    """The BM25 collection from a corpus: every document cut into chunks the way suites are.

    Chunks rather than whole documents because BM25 scores chunk-sized passages (a term in
    every chunk of a policy is common, a term in one chunk is rare); no overlap, so no
    sentence counts twice towards document frequency.
    """
    from ..corpus import chunk_document

    kwargs = {"max_chars": max_chars} if max_chars else {}
    return [c.text for doc in documents for c in chunk_document(doc, overlap=0, **kwargs)]


def suite_passages(cases: Sequence[Case]) -> list[str]:
    """Every distinct context text of a suite, in order: the IDF collection without a corpus."""
    seen: dict[str, None] = {}
    for c in cases:
        for ch in c.context:
            seen.setdefault(ch.text, None)
    return list(seen)
