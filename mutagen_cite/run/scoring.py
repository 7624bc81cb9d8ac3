"""Metrics from result records alone, per family and overall (definitions in ARCHITECTURE.md).

Case level (no judge):
  ``pass_rate``, ``both_present_pass``, ``true_absent_pass`` (errored cases count as failed).
Resolution (seed 004, no judge): per cited id, ``ok`` / ``stale`` (in the store, not in this
  case's context) / ``invented`` (nowhere); ``missing`` counts uncited claims in
  both-present answers, where a citation was owed. ``resolution_rate`` = ok ids / cited ids.
Citation level (seed 000, judged with full-sentence premises, seed 003):
  ``citation_accuracy`` = cited claims whose cited passages (resolved, quotes verified)
  jointly entail them / cited claims; ``citation_coverage`` = cited claims / claims (an uncited bare answer word, "Yes.", is no claim);
  ``mean_ids_per_claim`` = distinct ids per cited claim (over-broad citing shows here).
ALCE (seed 002): ``alce_citation_recall`` = claims with >= 1 citation whose citations jointly
  entail them / all claims; ``alce_citation_precision`` = per citation, 1 when its claim has
  recall 1 and the citation is not irrelevant (irrelevant: does not entail alone while the
  others still entail without it).
``faithfulness``: claims entailed by the concatenated context / claims, beside the above to
  show the gap a concatenated check cannot see.
Failed cited claims split into ``mis_attribution`` (the concatenated context or another
  context chunk supports the claim: the wrong member was named) and ``unsupported``
  (nothing in the context does: ordinary hallucination).

Near misses (issue 17, seed 003 "the two are not two versions of one test"): the
  both-present case ``<base>-both-present`` and its twin ``<base>-true-absent`` form a pair;
  the pair is *caught* when both pass. ``pair_pass`` = pairs caught / pairs; cases whose twin
  is not in the run count as ``unpaired`` and are left out of it. ``cited_answer_rate`` =
  answers that cite anything / cases (errored cases cite nothing): a system that passes
  true-absent cases by never citing shows here.
True-absent outcomes (see mutagen_cite.run.grading): ``declined``, ``faithful`` (answered from
  the near miss without asserting the claim), ``asserted_uncited``, ``asserted_cited``,
  ``unsupported_cited``.
Case-aware findings (from ``provenance.mutation``, no judge): ``case_mis_attribution`` (cites
  the near miss while stating the true value), ``wrong_value`` (cites the true chunk with the
  near miss's value).
Errored cases count as failed everywhere: in every pass rate, and as one unsupported cited
  claim each in ``citation_accuracy``, so a crash can never raise a rate.

A metric with an empty denominator is ``None`` (shown as "-"), never 0.
"""

from __future__ import annotations

import re

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Iterable

#: metric name -> (description, higher is better)
METRICS: dict[str, tuple[str, bool]] = {
    "pair_pass": ("near misses caught (both variants passed) / pairs", True),
    "both_present_pass": ("both-present cases passed / both-present cases", True),
    "true_absent_pass": ("true-absent cases passed (declined, or no claim asserting the absent fact and "
                         "every cited claim supported by its citation) / true-absent cases", True),
    "cited_answer_rate": ("answers citing at least one passage / cases", True),
    "pass_rate": ("cases passed / cases (not a headline: a never-citing system gets ~0.5)", True),
    "errored": ("cases the generator or judge could not complete", False),
    "unpaired": ("cases whose twin is not in this run (left out of pair_pass)", False),
    "ta_declined": ("true-absent cases declined", True),
    "ta_faithful": ("true-absent cases answered from the near miss without asserting the claim", True),
    "ta_asserted_uncited": ("true-absent cases asserting the absent claim without a citation", False),
    "ta_asserted_cited": ("true-absent cases asserting the absent claim with a citation", False),
    "ta_unsupported": ("true-absent cases with a cited claim its citation does not support", False),
    "case_mis_attribution": ("claims citing the near miss while stating the true value", False),
    "wrong_value": ("claims citing the true chunk with the near miss's value", False),
    "resolution_rate": ("cited ids found in the case's own context / cited ids", True),
    "invented_ids": ("cited ids found nowhere in the suite", False),
    "stale_ids": ("cited ids from the store but not from this context", False),
    "missing_citations": ("uncited claims in both-present answers", False),
    "citation_accuracy": ("cited claims entailed by the passages they name / cited claims (+1 failed claim "
                          "per errored case); says nothing about citing the near miss", True),
    "citation_coverage": ("cited claims / claims", True),
    "mean_ids_per_claim": ("distinct ids per cited claim", False),
    "alce_citation_recall": ("claims entailed by their citations jointly / claims (ALCE)", True),
    "alce_citation_precision": ("citations that support their claim and are not irrelevant (ALCE)", True),
    "faithfulness": ("claims entailed by the concatenated context / claims", True),
    "mis_attribution": ("failed cited claims that some other context passage supports", False),
    "unsupported": ("failed cited claims nothing in the context supports", False),
}


@dataclass
class ClaimOutcome:
    """What the judged rows say about one claim."""

    cited: bool
    ids: list[str]
    resolution: list[str]
    correct: bool | None  # None when uncited
    faithful: bool | None  # concatenated context entails it (None when not judged)
    precision: list[int] = field(default_factory=list)
    failure: str | None = None  # mis-attribution | unsupported (cited claims that failed)


#: an uncited sentence that is only an answer word ("Yes.", "No, ", "Correct.")
_BARE_RESPONSE = re.compile(r"^\W*(?:yes|no|correct|incorrect|right|true|false|indeed|nope|yep)\W*$", re.I)


def claim_outcomes(record: dict) -> list[ClaimOutcome]:
    """Per-claim outcomes of one case record (empty for errored or declined answers)."""
    answer = record.get("answer") or {}
    if record.get("error") or not answer:
        return []
    rows: dict[tuple[int, str], list[dict]] = defaultdict(list)
    for row in record.get("judged") or []:
        rows[(row["claim"], row["kind"])].append(row)
    out = []
    for i, claim in enumerate(answer.get("claims") or []):
        cites = claim.get("citations") or []
        if not cites and _BARE_RESPONSE.match(claim.get("text") or ""):
            continue  # "Yes." before the sentence that says why: an answer word, no claim to cite
        ids = list(dict.fromkeys(c["chunk_id"] for c in cites))
        resolution = [c.get("resolution", "invented") for c in cites]
        context_rows = rows.get((i, "context"), [])
        faithful = context_rows[0]["supported"] if context_rows else None
        if not cites:
            out.append(ClaimOutcome(False, ids, resolution, None, faithful))
            continue
        cited_rows = rows.get((i, "cited"), [])
        correct = bool(cited_rows and cited_rows[0]["supported"])
        precision = _precision(cites, correct, rows.get((i, "citation"), []), rows.get((i, "loo"), []))
        failure = None
        if not correct:
            own = set(ids)
            other = any(r["supported"] and not (set(r["chunk_ids"]) & own) for r in rows.get((i, "chunk"), []))
            failure = "mis-attribution" if (other or faithful) else "unsupported"
        out.append(ClaimOutcome(True, ids, resolution, correct, faithful, precision, failure))
    return out


def _precision(cites: list[dict], correct: bool, single: list[dict], loo: list[dict]) -> list[int]:
    if not correct:
        return [0] * len(cites)
    if len(cites) == 1:
        return [1]
    by_id = {tuple(r["chunk_ids"]): r for r in single}
    out = []
    for j, c in enumerate(cites):
        alone = by_id.get((c["chunk_id"],))
        if alone and alone["supported"]:
            out.append(1)
            continue
        rest = loo[j] if j < len(loo) else None
        out.append(0 if rest and rest["supported"] else 1)
    return out


# --------------------------------------------------------------------------- aggregation


def _ratio(num: float, den: float) -> float | None:
    return None if not den else num / den


@dataclass
class _Tally:
    cases: int = 0
    passed: int = 0
    errored: int = 0
    variant_cases: Counter = field(default_factory=Counter)
    variant_passed: Counter = field(default_factory=Counter)
    claims: int = 0
    cited_claims: int = 0
    correct: int = 0
    ids_in_cited: int = 0
    citations: int = 0
    precision_sum: int = 0
    faithful: int = 0
    faithful_judged: int = 0
    recall: int = 0
    resolution: Counter = field(default_factory=Counter)
    missing: int = 0
    failures: Counter = field(default_factory=Counter)
    citing_answers: int = 0
    outcomes: Counter = field(default_factory=Counter)
    checks: Counter = field(default_factory=Counter)
    pairs: int = 0
    pairs_caught: int = 0
    unpaired: int = 0

    def add(self, record: dict) -> None:
        self.cases += 1
        variant = record.get("variant", "")
        self.variant_cases[variant] += 1
        verdict = record.get("verdict") or {}
        if record.get("error") or verdict.get("status") == "error":
            self.errored += 1
            self.cited_claims += 1  # an errored case counts as one failed cited claim
            return
        if verdict.get("passed"):
            self.passed += 1
            self.variant_passed[variant] += 1
        if verdict.get("outcome"):
            self.outcomes[verdict["outcome"]] += 1
        self.checks.update(c.get("kind") for c in verdict.get("checks") or [])
        answer = record.get("answer") or {}
        if any(c.get("citations") for c in answer.get("claims") or []):
            self.citing_answers += 1
        for claim in claim_outcomes(record):
            self.claims += 1
            if claim.faithful is not None:
                self.faithful_judged += 1
                self.faithful += bool(claim.faithful)
            if not claim.cited:
                if variant == "both-present":
                    self.missing += 1
                continue
            self.cited_claims += 1
            self.ids_in_cited += len(claim.ids)
            self.correct += bool(claim.correct)
            self.recall += bool(claim.correct)
            self.citations += len(claim.precision)
            self.precision_sum += sum(claim.precision)
            self.resolution.update(claim.resolution)
            if claim.failure:
                self.failures[claim.failure] += 1

    def metrics(self) -> dict:
        bp, ta = "both-present", "true-absent"
        cited_ids = sum(self.resolution.values())
        return {
            "pairs": self.pairs,
            "pairs_caught": self.pairs_caught,
            "pair_pass": _ratio(self.pairs_caught, self.pairs),
            "unpaired": self.unpaired,
            "citing_answers": self.citing_answers,
            "cited_answer_rate": _ratio(self.citing_answers, self.cases),
            "ta_declined": self.outcomes["declined"],
            "ta_faithful": self.outcomes["faithful"],
            "ta_asserted_uncited": self.outcomes["asserted-uncited"],
            "ta_asserted_cited": self.outcomes["asserted-cited"],
            "ta_unsupported": self.outcomes["unsupported"],
            "case_mis_attribution": self.checks["mis-attribution"],
            "wrong_value": self.checks["wrong-answer"],
            "cases": self.cases,
            "passed": self.passed,
            "errored": self.errored,
            "both_present_cases": self.variant_cases[bp],
            "true_absent_cases": self.variant_cases[ta],
            "pass_rate": _ratio(self.passed, self.cases),
            "both_present_pass": _ratio(self.variant_passed[bp], self.variant_cases[bp]),
            "true_absent_pass": _ratio(self.variant_passed[ta], self.variant_cases[ta]),
            "claims": self.claims,
            "cited_claims": self.cited_claims,
            "citations": self.citations,
            "resolution_rate": _ratio(self.resolution["ok"], cited_ids),
            "invented_ids": self.resolution["invented"],
            "stale_ids": self.resolution["stale"],
            "missing_citations": self.missing,
            "citation_accuracy": _ratio(self.correct, self.cited_claims),
            "citation_coverage": _ratio(self.cited_claims, self.claims),
            "mean_ids_per_claim": _ratio(self.ids_in_cited, self.cited_claims),
            "alce_citation_recall": _ratio(self.recall, self.claims),
            "alce_citation_precision": _ratio(self.precision_sum, self.citations),
            "faithfulness": _ratio(self.faithful, self.faithful_judged),
            "mis_attribution": self.failures["mis-attribution"],
            "unsupported": self.failures["unsupported"],
        }


PAIR_SUFFIXES = {"-both-present": "both-present", "-true-absent": "true-absent"}


def pair_base(case_id: str) -> str | None:
    """``<base>`` of ``<base>-both-present`` / ``<base>-true-absent``; ``None`` for other ids."""
    for suffix in PAIR_SUFFIXES:
        if case_id.endswith(suffix) and len(case_id) > len(suffix):
            return case_id[: -len(suffix)]
    return None


def pair_verdicts(records: Iterable[dict]) -> tuple[list[dict], list[dict]]:
    """(pairs, unpaired): each pair ``{base, family, both_present, true_absent, caught}``."""
    groups: dict[str, dict[str, dict]] = defaultdict(dict)
    unpaired: list[dict] = []
    for record in records:
        base = pair_base(record["case_id"])
        if base is None:
            unpaired.append(record)
            continue
        variant = PAIR_SUFFIXES[record["case_id"][len(base):]]
        groups[base][variant] = record
    pairs = []
    for base in sorted(groups):
        members = groups[base]
        if len(members) != 2:
            unpaired.extend(members.values())
            continue
        bp, ta = members["both-present"], members["true-absent"]
        passed = [bool((r.get("verdict") or {}).get("passed")) for r in (bp, ta)]
        pairs.append({"base": base, "family": bp.get("family") or "(none)", "both_present": passed[0],
                      "true_absent": passed[1], "caught": all(passed)})
    unpaired.sort(key=lambda r: (r.get("index", 0), r["case_id"]))
    return pairs, unpaired


def summarise(records: Iterable[dict]) -> dict:
    """``{"overall": {...}, "families": {name: {...}}, "judges": {...}, "pairs": [...],
    "unpaired": [case ids]}``."""
    records = list(records)
    overall = _Tally()
    families: dict[str, _Tally] = defaultdict(_Tally)
    judges: Counter = Counter()
    for record in records:
        overall.add(record)
        families[record.get("family") or "(none)"].add(record)
        for row in record.get("judged") or []:
            judges[row.get("judge", "?")] += 1
    pairs, unpaired = pair_verdicts(records)
    for pair in pairs:
        for tally in (overall, families[pair["family"]]):
            tally.pairs += 1
            tally.pairs_caught += pair["caught"]
    for record in unpaired:
        for tally in (overall, families[record.get("family") or "(none)"]):
            tally.unpaired += 1
    return {
        "overall": overall.metrics(),
        "families": {name: families[name].metrics() for name in sorted(families)},
        "judges": dict(sorted(judges.items())),
        "pairs": pairs,
        "unpaired": [r["case_id"] for r in unpaired],
    }
