"""CI gates: ``--fail-under pair_pass=0.9,true_absent_pass=0.9`` and ``--fail-over errored=0``.

A gate names a metric (overall, or ``FAMILY.metric`` for one family) and a bound: a minimum
(``--fail-under METRIC=MIN``, or ``METRIC>=MIN``) or a maximum (``--fail-over METRIC=MAX``, or
``METRIC<=MAX`` in either option). A metric with no data (say, no pairs) fails its gate: a
run that cannot show the property does not get to claim it. Each result carries the numbers
in its reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from ..errors import ConfigError
from .scoring import METRICS

GATE_SYNTAX = ("METRIC=BOUND[,METRIC=BOUND...] (a minimum under --fail-under, a maximum under --fail-over; "
               "METRIC>=MIN / METRIC<=MAX work in both), METRIC may be FAMILY.METRIC, "
               "e.g. --fail-under pair_pass=0.9,scope.true_absent_pass=0.9 --fail-over errored=0")

#: The gates the README recommends: the similarity citer, a never-citing system and a
#: generator that crashes on some cases each fail at least one of them.
RECOMMENDED_GATES = "pair_pass>=0.9,both_present_pass>=0.9,true_absent_pass>=0.9,errored<=0,case_mis_attribution<=0"

#: Metrics that are counts (any non-negative bound); every other metric is a rate in 0..1.
COUNT_METRICS = frozenset({
    "errored", "invented_ids", "stale_ids", "missing_citations", "mis_attribution", "unsupported", "unpaired",
    "ta_declined", "ta_faithful", "ta_asserted_uncited", "ta_asserted_cited", "ta_unsupported",
    "case_mis_attribution", "wrong_value", "mean_ids_per_claim",
})


@dataclass(frozen=True)
class Gate:
    metric: str
    minimum: float  # the bound (a maximum when ``maximum`` is set)
    family: str | None = None
    maximum: bool = False

    @property
    def label(self) -> str:
        return f"{self.family}.{self.metric}" if self.family else self.metric

    @property
    def bound(self) -> float:
        return self.minimum

    @property
    def spec(self) -> str:
        return f"{self.label}{'<=' if self.maximum else '>='}{_fmt(self.bound, self.metric)}"


@dataclass(frozen=True)
class GateResult:
    gate: Gate
    value: float | None
    passed: bool
    reason: str


def _fmt(x: float, metric: str = "") -> str:
    return f"{x:g}" if metric in COUNT_METRICS else f"{x:.2f}"


def _hint() -> str:
    return "metrics: " + ", ".join(sorted(METRICS))


def parse_gates(specs: str | Sequence[str] | None, *, maximum: bool = False) -> list[Gate]:
    """Parse one or more comma-separated gate lists; raises ConfigError naming the bad part.

    ``maximum`` is what a bare ``=`` means (``--fail-over``); ``>=`` and ``<=`` say it outright.
    """
    if not specs:
        return []
    items: Iterable[str] = [specs] if isinstance(specs, str) else specs
    gates: list[Gate] = []
    for spec in items:
        for part in (p.strip() for p in spec.split(",")):
            if not part:
                continue
            is_max = maximum
            if ">=" in part:
                name, sep, raw = part.partition(">=")
                is_max = False
            elif "<=" in part:
                name, sep, raw = part.partition("<=")
                is_max = True
            else:
                name, sep, raw = part.partition("=")
            name, raw = name.strip(), raw.strip()
            if not sep or not name or not raw:
                raise ConfigError(f"malformed gate {part!r}", hint=GATE_SYNTAX)
            try:
                bound = float(raw)
            except ValueError:
                raise ConfigError(f"gate {part!r}: {raw!r} is not a number", hint=GATE_SYNTAX) from None
            family, _, metric = name.rpartition(".")
            if metric not in METRICS:
                raise ConfigError(f"gate {part!r}: unknown metric {metric!r}", hint=_hint())
            higher_better = METRICS[metric][1]
            if not is_max and not higher_better:
                raise ConfigError(f"gate {part!r}: {metric} is better when lower, so a minimum makes no sense",
                                  hint=f"bound it from above: --fail-over {name}={raw} (or {name}<={raw})")
            if metric in COUNT_METRICS:
                if bound < 0:
                    raise ConfigError(f"gate {part!r}: {metric} is a count, so the bound must be >= 0",
                                      hint=GATE_SYNTAX)
            elif not 0.0 <= bound <= 1.0:
                raise ConfigError(f"gate {part!r}: {metric} is a rate, so the bound must be in 0..1",
                                  hint=GATE_SYNTAX)
            gates.append(Gate(metric=metric, minimum=bound, family=family or None, maximum=is_max))
    return gates


def check_gates(summary: dict, gates: Sequence[Gate]) -> list[GateResult]:
    """Evaluate each gate against a :func:`mutagen_cite.run.scoring.summarise` result."""
    results = []
    for gate in gates:
        if gate.family is None:
            metrics = summary["overall"]
        else:
            metrics = summary["families"].get(gate.family)
            if metrics is None:
                known = ", ".join(summary["families"]) or "none"
                results.append(GateResult(gate, None, False,
                                          f"{gate.label}: no cases of family {gate.family!r} (families: {known})"))
                continue
        value = metrics.get(gate.metric)
        op = "<=" if gate.maximum else ">="
        if value is None:
            results.append(GateResult(gate, None, False,
                                      f"{gate.label}: no data to measure it (needs {op} {_fmt(gate.bound, gate.metric)})"))
            continue
        ok = value <= gate.bound if gate.maximum else value >= gate.bound
        bad = ">" if gate.maximum else "<"
        results.append(GateResult(gate, value, ok, f"{gate.label} {_fmt(float(value), gate.metric)} "
                                                   f"{op if ok else bad} {_fmt(gate.bound, gate.metric)}"))
    return results
