"""``judge eval``: how often a judge agrees with people, overall and per category.

The judge is asked about every labelled pair (in batches, with a progress bar); its verdicts
and scores are compared with the human labels overall and grouped by data set, the data
set's own category, the tool's family and the edit type. Long premises are reduced by the
premise policy first, and the report counts how many were.

Output: a JSON-ready dict (:func:`evaluate`), a terminal table (:func:`render_table`) and a
self-contained HTML page with the calibration plot (:func:`render_html`).
"""

from __future__ import annotations

import sys
import time
from typing import Any, Sequence

from ..model import Verdict
from .labeled import LabeledPair
from .metrics import agreement, calibration
from .pinning import judge_record
from .premise import PremisePolicy

REPORT_FORMAT = "mutagen-cite-judge-eval/1"
GROUPINGS = ("dataset", "category", "family", "edit_type")
HTML_TEMPLATE = "judge_eval.v1.html.j2"


def run_judge(
    judge: Any, pairs: Sequence[tuple[str, str]], *, batch_size: int = 256, progress: bool = True
) -> list[Verdict]:
    """The judge's verdicts on ``pairs``, asked in batches so the bar moves."""
    from tqdm import tqdm

    out: list[Verdict] = []
    bar = tqdm(total=len(pairs), desc=f"judging ({judge.name})", unit="pair", file=sys.stderr,
               disable=not progress or len(pairs) < batch_size, leave=False)
    for i in range(0, len(pairs), batch_size):
        chunk = pairs[i : i + batch_size]
        out.extend(judge.verdicts(chunk))
        bar.update(len(chunk))
    bar.close()
    return out


def _group_key(pair: LabeledPair, grouping: str) -> str:
    if grouping == "dataset":
        return pair.dataset
    value = getattr(pair, grouping)
    if not value:
        return ""
    return value if grouping == "family" else f"{pair.dataset}/{value}"


def evaluate(
    judge: Any,
    pairs: Sequence[LabeledPair],
    *,
    policy: PremisePolicy | None = None,
    batch_size: int = 256,
    progress: bool = True,
    details: bool = False,
    data_info: dict | None = None,
) -> dict:
    """Agreement of ``judge`` with the labels of ``pairs`` (see the module docstring).

    ``details`` adds one record per pair (premise as judged, verdict, score, reason), in the
    plain labelled format so the disagreements can be relabelled and fed back.
    """
    policy = policy or PremisePolicy()
    judged: list[tuple[str, str]] = []
    reduced = 0
    for p in pairs:
        premise, cut = policy.apply(p.premise, p.hypothesis)
        reduced += cut
        judged.append((premise, p.hypothesis))
    started = time.perf_counter()
    verdicts = run_judge(judge, judged, batch_size=batch_size, progress=progress)
    seconds = time.perf_counter() - started

    labels = [p.label for p in pairs]
    preds = [v.supported for v in verdicts]
    scores = [float(v.score) for v in verdicts]
    overall = agreement(labels, preds, scores)
    overall["calibration"] = calibration(labels, scores)

    groups: dict[str, dict[str, dict]] = {}
    for grouping in GROUPINGS:
        members: dict[str, list[int]] = {}
        for i, p in enumerate(pairs):
            key = _group_key(p, grouping)
            if key:
                members.setdefault(key, []).append(i)
        groups[grouping] = {
            key: agreement([labels[i] for i in idx], [preds[i] for i in idx], [scores[i] for i in idx])
            for key, idx in sorted(members.items())
        }

    notes = []
    if reduced:
        notes.append(
            f"{reduced} of {len(pairs)} premises were longer than {policy.max_chars} characters and were "
            f"reduced to the {policy.max_sentences} sentences most relevant to the claim"
        )
    single = sorted(k for g in groups.values() for k, m in g.items() if m["single_class"])
    if single:
        notes.append(
            "groups with one label only report the recall of that label as balanced accuracy: " + ", ".join(single[:8])
            + (" ..." if len(single) > 8 else "")
        )
    report: dict[str, Any] = {
        "format": REPORT_FORMAT,
        "judge": judge_record(judge, policy),
        "data": dict(data_info or {}, pairs=len(pairs)),
        "premise_policy": dict(policy.as_dict(), reduced=reduced, description=policy.describe()),
        "overall": overall,
        "groups": groups,
        "timing": {"seconds": round(seconds, 3), "pairs_per_s": round(len(pairs) / seconds, 1) if seconds > 0 else None},
        "notes": notes,
    }
    if details:
        report["pairs"] = [
            {
                "id": p.id, "dataset": p.dataset, "category": p.category, "family": p.family,
                "edit_type": p.edit_type, "premise": premise, "hypothesis": p.hypothesis,
                "label": "supported" if p.label else "unsupported",
                "verdict": "supported" if v.supported else "unsupported", "score": round(float(v.score), 6),
                "reason": v.reason, "agrees": v.supported == p.label,
            }
            for p, (premise, _), v in zip(pairs, judged, verdicts)
        ]
    return report


# --------------------------------------------------------------------------- rendering


def _fmt(x: Any, digits: int = 2) -> str:
    if x is None:
        return "-"
    if isinstance(x, float):
        return f"{x:.{digits}f}"
    return str(x)


def table_rows(report: dict) -> list[list[str]]:
    """Rows of the terminal table: overall first, then each grouping."""
    rows = []

    def row(label: str, m: dict) -> list[str]:
        bal = _fmt(m["balanced_accuracy"]) + ("*" if m["single_class"] else "")
        best = "-" if m["best_threshold"] is None else f"{m['best_threshold']:.2f} ({m['best_balanced_accuracy']:.2f})"
        return [label, str(m["n"]), str(m["positives"]), _fmt(m["accuracy"]), bal, _fmt(m["kappa"]),
                _fmt(m["roc_auc"]), best, _fmt(m["unsupported_recall"])]

    rows.append(row("overall", report["overall"]))
    for grouping in GROUPINGS:
        entries = report["groups"].get(grouping, {})
        if len(entries) <= 1 and grouping == "dataset":
            continue
        for key, m in entries.items():
            rows.append(row(f"{grouping}: {key}", m))
    return rows


TABLE_HEADER = ["group", "n", "pos", "acc", "bal.acc", "kappa", "auc", "best cut (bal.acc)", "flagged"]


def render_table(report: dict, *, width: int | None = None) -> str:
    """A plain-text table, readable at a glance (``*`` marks one-label groups), fitted to
    ``width`` (default: the terminal's)."""
    from ..terminal import table

    lines = []
    j = report["judge"]
    model = f"  model {j['model']}" if j.get("model") else ""
    sha = f"  weights {j['weights_sha256'][:12]}" if j.get("weights_sha256") else ""
    lines.append(f"judge {j['name']}{model}{sha}  threshold {j['threshold']:.2f}")
    data = report.get("data", {})
    lines.append(
        "data " + ", ".join(str(s) for s in data.get("sources", [])) + f"  split {data.get('split', 'all')}"
        + (f"  limit {data['limit']} (seed {data.get('seed', 0)})" if data.get("limit") else "")
        + f"  pairs {data.get('pairs')}"
    )
    lines.append("")
    lines.append(table(TABLE_HEADER, table_rows(report), max_width=width))
    lines.append("")
    lines.append("flagged = share of unsupported pairs the judge rejects; * = one label only in this group")
    for note in report.get("notes", []):
        lines.append(f"note: {note}")
    t = report.get("timing", {})
    if t.get("pairs_per_s"):
        lines.append(f"{report['data'].get('pairs')} pairs in {t['seconds']:.1f} s ({t['pairs_per_s']} pairs/s)")
    return "\n".join(lines) + "\n"


DERIVED_PREFIX = "corpus:"  # data sets of pairs derived from documents by the tool's own families


def _row(label: str, m: dict) -> list[str]:
    bal = _fmt(m["balanced_accuracy"]) + ("*" if m["single_class"] else "")
    best = "-" if m["best_threshold"] is None else f"{m['best_threshold']:.2f} ({m['best_balanced_accuracy']:.2f})"
    return [label, str(m["n"]), str(m["positives"]), _fmt(m["accuracy"]), bal, _fmt(m["kappa"]),
            _fmt(m["roc_auc"]), best, _fmt(m["unsupported_recall"])]


def source_sections(report: dict) -> dict:
    """The report's groups split by where the labels came from: ``human`` (labelled data sets),
    ``derived`` (pairs the tool derived from documents with its own families: agreement there
    measures consistency with the tool's labelling, not with people) and ``mixed`` (groups
    that pool both, such as a family). Counts of pairs from each source, from the data-set groups."""
    datasets = report["groups"].get("dataset", {})
    human_n = sum(m["n"] for k, m in datasets.items() if not k.startswith(DERIVED_PREFIX))
    derived_n = sum(m["n"] for k, m in datasets.items() if k.startswith(DERIVED_PREFIX))
    out: dict[str, list] = {"human": [], "derived": [], "mixed": []}
    only = "human" if not derived_n else "derived" if not human_n else None
    for grouping in GROUPINGS:
        for key, m in report["groups"].get(grouping, {}).items():
            if grouping == "family":
                where = only or "mixed"
            else:  # data set, category and edit type keys start with the data set's name
                where = "derived" if key.startswith(DERIVED_PREFIX) else "human"
            label = f"{grouping}: {key.removeprefix(DERIVED_PREFIX) if where == 'derived' else key}"
            out[where].append(_row(label, m))
    return {"human_pairs": human_n, "derived_pairs": derived_n, **out}


def render_html(report: dict, *, title: str = "") -> str:
    """Self-contained HTML: agreement with human labels apart from agreement on pairs derived
    from documents by the tool's own families, and an SVG reliability diagram (no scripts)."""
    from ..templating import environment

    env = environment(html=True)
    cal = report["overall"]["calibration"]
    size, pad = 320, 40
    points = []
    bars = []
    max_count = max([b["count"] for b in cal["bins"]] + [1])
    for b in cal["bins"]:
        x0 = pad + b["lo"] * size
        width = (b["hi"] - b["lo"]) * size
        h = 60 * b["count"] / max_count
        bars.append({"x": round(x0 + 1, 1), "w": round(width - 2, 1), "y": round(pad + size + 70 - h, 1), "h": round(h, 1),
                     "count": b["count"]})
        if b["count"]:
            points.append({
                "x": round(pad + b["mean_score"] * size, 1),
                "y": round(pad + (1 - b["fraction_supported"]) * size, 1),
                "count": b["count"], "mean": round(b["mean_score"], 3), "frac": round(b["fraction_supported"], 3),
            })
    return env.get_template(HTML_TEMPLATE).render(
        title=title or f"judge eval: {report['judge']['name']}",
        report=report,
        header=TABLE_HEADER,
        rows=table_rows(report),
        overall=_row("all pairs", report["overall"]),
        sources=source_sections(report),
        points=points,
        bars=bars,
        size=size,
        pad=pad,
        ece=cal["ece"],
        polyline=" ".join(f"{p['x']},{p['y']}" for p in points),
    )
