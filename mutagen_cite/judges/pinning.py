"""Which judge produced a number, recorded so two runs are only compared when it is the same.

Every number the runner prints is a judge's verdict: a run scored by another model, another
threshold or another premise policy is a different measurement. A report records
:func:`judge_record`; a later run compares its own record with the baseline's through
:func:`check_pin`, which refuses a changed judge unless the user says the change is wanted.
"""

from __future__ import annotations

from typing import Any

from ..errors import MutagenError

#: keys compared between a baseline and a current run, with the words used when they differ
PINNED_KEYS = (
    ("name", "judge"),
    ("weights_sha256", "model weights (sha256)"),
    ("threshold", "threshold"),
    ("premise_policy", "premise policy"),
    ("fingerprint", "judge version"),
)


class JudgeChanged(MutagenError):
    """The judge differs from the one a baseline report was scored with."""


def _unwrap(judge: Any) -> Any:
    """The judge inside a cache wrapper (``CachedJudge.inner``)."""
    seen = 0
    while "inner" in getattr(judge, "__dict__", {}) and seen < 5:
        judge = judge.__dict__["inner"]
        seen += 1
    return judge


def judge_record(judge: Any, premise_policy: Any = None) -> dict:
    """What a report stores about its judge: name, model and weights hash, threshold,
    premise policy, version fingerprint, and the same for each ensemble member."""
    inner = _unwrap(judge)
    policy = premise_policy.as_dict() if hasattr(premise_policy, "as_dict") else premise_policy
    record = {
        "name": getattr(judge, "name", type(inner).__name__),
        "kind": str(getattr(judge, "name", "")).split(":", 1)[0].split("(", 1)[0],
        "model": getattr(inner, "model_name", None) or _model_label(getattr(judge, "name", "")),
        "weights_sha256": getattr(inner, "weights_sha256", None),
        "threshold": float(getattr(judge, "threshold", 0.5)),
        "fingerprint": getattr(judge, "fingerprint", None) or getattr(inner, "fingerprint", None),
        "premise_policy": policy,
    }
    members = getattr(inner, "members", None)
    if members:
        record["members"] = [judge_record(m) for m in members]
    return record


def _model_label(name: str) -> str | None:
    kind, sep, arg = str(name).partition(":")
    return arg if sep and kind in ("nli", "llm") else None


def _weights(record: dict) -> list[str | None]:
    """The weights hashes a record pins: its own, or its members' for an ensemble."""
    own = [record.get("weights_sha256")]
    for m in record.get("members") or []:
        own.extend(_weights(m))
    return own


def check_pin(baseline: dict, current: dict, allow_change: bool) -> list[str]:
    """Compare the judge a baseline was scored with against the current one.

    ``baseline`` may be a whole report (its ``judge`` entry is used) or a record from
    :func:`judge_record`; so may ``current``. Returns the differences in words (empty when the
    judge is the same). Raises :class:`JudgeChanged` when anything pinned differs and
    ``allow_change`` is False; with ``allow_change`` the differences are returned so the
    report can print them. A baseline that recorded no judge pins nothing.
    """
    base = baseline.get("judge", baseline) if isinstance(baseline, dict) else {}
    cur = current.get("judge", current) if isinstance(current, dict) else {}
    if not isinstance(base, dict) or not base:
        return []
    changes: list[str] = []
    for key, words in PINNED_KEYS:
        if key not in base or base.get(key) is None:
            continue
        b, c = base.get(key), cur.get(key)
        if key == "threshold" and b is not None and c is not None:
            if abs(float(b) - float(c)) <= 1e-9:
                continue
        elif b == c:
            continue
        changes.append(f"{words}: baseline {_show(b)}, now {_show(c)}")
    base_w, cur_w = _weights(base), _weights(cur)
    if any(w for w in base_w) and base_w != cur_w and not any("weights" in ch for ch in changes):
        changes.append(f"ensemble member weights: baseline {_show(base_w)}, now {_show(cur_w)}")
    if changes and not allow_change:
        raise JudgeChanged(
            "the judge differs from the one the baseline was scored with: " + "; ".join(changes),
            hint="score with the same judge, or pass --allow-judge-change to compare anyway",
        )
    return changes


def _show(value: Any) -> str:
    if isinstance(value, str) and len(value) == 64 and all(ch in "0123456789abcdef" for ch in value):
        return value[:12]
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, dict):
        return ", ".join(f"{k}={v}" for k, v in sorted(value.items()))
    return repr(value)


#: how the runner builds a premise from a citation (seed 003): recorded with every judge
PREMISE_POLICY = "full sentences containing the cited span; bare [id] = whole chunk"


def read_pin(path) -> dict:
    """The judge record a baseline was scored with: from a JSON report (``mutagen-cite run
    --json``/``--report x.json``) or a results file (its header line)."""
    import json
    from pathlib import Path

    from ..errors import ConfigError

    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot read the baseline ({exc.strerror})", where=str(p),
                          hint="pass a report written by `mutagen-cite run --json` or its results .jsonl") from None
    try:
        first = json.loads(text.splitlines()[0]) if p.suffix == ".jsonl" else json.loads(text)
    except (ValueError, IndexError):
        raise ConfigError("not a JSON report or results file", where=str(p),
                          hint="pass a report written by `mutagen-cite run --json` or its results .jsonl") from None
    holders = [first] + ([first.get("header"), first.get("run")] if isinstance(first, dict) else [])
    for holder in holders:  # results header line, or a --json/--report file (judge record under "run")
        if isinstance(holder, dict) and isinstance(holder.get("judge_pin"), dict):
            return holder["judge_pin"]
    raise ConfigError("the baseline holds no judge record", where=str(p),
                      hint="pass a report written by `mutagen-cite run --json` (or --report x.json) or its results .jsonl")
