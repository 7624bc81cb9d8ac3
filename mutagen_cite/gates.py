"""CI gates: ``--fail-under citation_accuracy=0.8,true_absent_pass=0.7``.

A gate names a metric (overall, or ``FAMILY.metric`` for one family) and the lowest value
that passes. A metric with no data (say, no cited claims) fails its gate: a run that cannot
show the property does not get to claim it. Each result carries the numbers in its reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from .errors import ConfigError
from .scoring import METRICS

GATE_SYNTAX = "METRIC=MIN[,METRIC=MIN...], METRIC may be FAMILY.METRIC, e.g. citation_accuracy=0.8,scope.true_absent_pass=0.7"


@dataclass(frozen=True)
class Gate:
    metric: str
    minimum: float
    family: str | None = None

    @property
    def label(self) -> str:
        return f"{self.family}.{self.metric}" if self.family else self.metric


@dataclass(frozen=True)
class GateResult:
    gate: Gate
    value: float | None
    passed: bool
    reason: str


def _gateable() -> list[str]:
    return sorted(name for name, (_, higher_better) in METRICS.items() if higher_better)


def parse_gates(specs: str | Sequence[str] | None) -> list[Gate]:
    """Parse one or more comma-separated gate lists; raises ConfigError naming the bad part."""
    if not specs:
        return []
    items: Iterable[str] = [specs] if isinstance(specs, str) else specs
    gates: list[Gate] = []
    for spec in items:
        for part in (p.strip() for p in spec.split(",")):
            if not part:
                continue
            name, sep, raw = part.partition(">=") if ">=" in part else part.partition("=")
            name, raw = name.strip(), raw.strip()
            if not sep or not name or not raw:
                raise ConfigError(f"malformed gate {part!r}", hint=GATE_SYNTAX)
            try:
                minimum = float(raw)
            except ValueError:
                raise ConfigError(f"gate {part!r}: {raw!r} is not a number", hint=GATE_SYNTAX) from None
            family, _, metric = name.rpartition(".")
            if metric not in METRICS:
                raise ConfigError(f"gate {part!r}: unknown metric {metric!r}",
                                  hint="gateable metrics: " + ", ".join(_gateable()))
            if not METRICS[metric][1]:
                raise ConfigError(f"gate {part!r}: {metric} is better when lower, so a minimum makes no sense",
                                  hint="gateable metrics: " + ", ".join(_gateable()))
            if metric != "mean_ids_per_claim" and not 0.0 <= minimum <= 1.0:
                raise ConfigError(f"gate {part!r}: {metric} is a rate, so the minimum must be in 0..1",
                                  hint=GATE_SYNTAX)
            gates.append(Gate(metric=metric, minimum=minimum, family=family or None))
    return gates


def check_gates(summary: dict, gates: Sequence[Gate]) -> list[GateResult]:
    """Evaluate each gate against a :func:`mutagen_cite.scoring.summarise` result."""
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
        if value is None:
            results.append(GateResult(gate, None, False, f"{gate.label}: no data to measure it (needs >= {gate.minimum:.2f})"))
        elif value < gate.minimum:
            results.append(GateResult(gate, value, False, f"{gate.label} {value:.2f} < {gate.minimum:.2f}"))
        else:
            results.append(GateResult(gate, value, True, f"{gate.label} {value:.2f} >= {gate.minimum:.2f}"))
    return results
