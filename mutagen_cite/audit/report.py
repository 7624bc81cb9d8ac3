"""Show an :class:`~mutagen_cite.audit.ranks.AuditResult`: terminal table, JSON, self-contained HTML.

The numbers a reader needs, in the order they need them: how many cases are hard under each
function (per family), what a pure similarity citer would score (if it scores high, the
suite is not measuring support), how the margins are spread, and which cases are easy.
"""

from __future__ import annotations

import math
from typing import Sequence

from .. import __version__
from .ranks import ABSENT, AuditResult, FunctionSummary, GroupSummary, Hardness, MarginStats

TEMPLATE = "audit.v1.html.j2"
JSON_FORMAT = "mutagen-cite-audit/1"
CITER_WARN = 0.5  # a similarity citer above this on both-present cases: the suite measures selection


def _r(x: float | None, nd: int = 4) -> float | None:
    return None if x is None else round(float(x), nd)


# --------------------------------------------------------------------------- JSON


def _margin_dict(m: MarginStats) -> dict:
    return {k: (_r(getattr(m, k)) if k != "n" else m.n) for k in ("n", "min", "q1", "median", "q3", "max", "mean")}


def _function_dict(f: FunctionSummary) -> dict:
    return {
        "cases": f.cases,
        "hard": f.hard,
        "share_hard": _r(f.share_hard),
        "hard_question": f.hard_question,
        "share_hard_question": _r(f.share_hard_question),
        "margin": _margin_dict(f.margin),
        "citer_score": _r(f.citer_score),
        "citer_both_present": _r(f.citer_both_present),
        "citer_true_absent": _r(f.citer_true_absent),
        "easy_ids": list(f.easy_ids),
    }


def _group_dict(g: GroupSummary) -> dict:
    return {
        "cases": g.cases,
        "both_present": g.both_present,
        "true_absent": g.true_absent,
        "hard_any": g.hard_any,
        "share_hard_any": _r(g.share_hard_any),
        "hard_all": g.hard_all,
        "share_hard_all": _r(g.share_hard_all),
        "easy_all_ids": list(g.easy_all_ids),
        "functions": {f.function: _function_dict(f) for f in g.functions},
    }


def _row_dict(r: Hardness) -> dict:
    return {
        "id": r.case_id,
        "family": r.family,
        "variant": r.variant,
        "true_chunk": r.true_chunk,
        "distractor_chunk": r.distractor_chunk,
        "true_source": r.true_source,
        "functions": {
            f.function: {
                "query": f.query,
                "hard": f.hard,
                "margin": _r(f.margin),
                "true": _r(f.true_score),
                "distractor": _r(f.distractor_score),
                "distractor_rank": f.distractor_rank,
                "true_rank": f.true_rank,
                "claim_true": _r(f.claim_true),
                "claim_distractor": _r(f.claim_distractor),
                "question_true": _r(f.question_true),
                "question_distractor": _r(f.question_distractor),
                "question_margin": _r(f.question_margin),
                "citer_chunk": f.citer_chunk,
                "citer_credit": _r(f.citer_credit),
            }
            for f in r.functions
        },
    }


def audit_to_dict(result: AuditResult, *, suite: str | None = None, embedding_model: str | None = None) -> dict:
    """Everything in the result, with floats rounded to 4 decimals (stable diffs)."""
    return {
        "format": JSON_FORMAT,
        "tool_version": __version__,
        "suite": suite,
        "embedding_model": embedding_model,
        "functions": list(result.functions),
        "query": result.query,
        "definitions": {
            "margin": f"score(distractor) - score(true passage) against the {result.query}"
            + (" (the question when a case has no claim)" if result.query == "claim" else ""),
            "hard": "margin >= 0: the distractor ranks at or above the true passage",
            "citer": "cite the top context chunk for the claim; ties share the credit; never declines, "
            "so every true-absent case fails",
        },
        "overall": _group_dict(result.overall),
        "families": {g.family: _group_dict(g) for g in result.families},
        "cases": [_row_dict(r) for r in result.rows],
        "notes": list(result.notes),
    }


# --------------------------------------------------------------------------- terminal


def _pct(x: float) -> str:
    return f"{100 * x:4.0f}%"


def _num(x: float | None) -> str:
    return "   -" if x is None else f"{x:4.2f}"


def render_terminal(result: AuditResult, *, title: str = "", max_easy: int = 8, json_path: str | None = None) -> str:
    """A plain-text report (no colour codes), readable at a glance in 100 columns."""
    fns = result.functions
    o = result.overall
    lines: list[str] = []
    head = f"audit{': ' + title if title else ''}  {o.cases} cases ({o.both_present} both-present, {o.true_absent} true-absent)"
    lines.append(head)
    lines.append("")
    lines.append(f"hard = the distractor ranks at or above the true passage for the {result.query}")
    lines.append("citer = score of a similarity citer (cites the top chunk; never declines)")
    w = max(8, max((len(g.family) for g in result.families), default=3) + 1)
    col = 16
    header = f"{'family':<{w}}{'cases':>6}  " + "".join(f"{fn:>{col}}" for fn in fns) + f"{'hard ≥1 fn':>12}"
    sub = f"{'':<{w}}{'':>6}  " + "".join(f"{'hard  citer':>{col}}" for _ in fns) + f"{'':>12}"
    lines += ["", header, sub, "-" * len(header)]
    for g in (*result.families, o):
        if g is o:
            lines.append("-" * len(header))
        cells = "".join(f"{_pct(g.of(fn).share_hard) + '  ' + _num(g.of(fn).citer_both_present):>{col}}" for fn in fns)
        lines.append(f"{g.family:<{w}}{g.cases:>6}  {cells}{_pct(g.share_hard_any):>12}")
    lines.append("")
    lines.append("citer score per function (both-present cases | all cases, true-absent counted as failures):")
    for fn in fns:
        f = o.of(fn)
        lines.append(f"  {fn:<10} {_num(f.citer_both_present)} | {_num(f.citer_score)}")
    lines.append("")
    lines.append("margin = distractor - true (> 0 hard):   min     q1  median     q3    max")
    for fn in fns:
        m = o.of(fn).margin
        lines.append(f"  {fn:<36} {m.min:6.3f} {m.q1:6.3f} {m.median:7.3f} {m.q3:6.3f} {m.max:6.3f}")
    easy_all = o.easy_all_ids
    lines.append("")
    if easy_all:
        lines.append(f"easy under every function ({len(easy_all)}): these measure topical selection, not support")
        for cid in easy_all[:max_easy]:
            lines.append(f"  {cid}")
        if len(easy_all) > max_easy:
            where = f"all listed in {json_path}" if json_path else "-o FILE.json lists them all"
            lines.append(f"  ... and {len(easy_all) - max_easy} more ({where})")
    else:
        lines.append("no case is easy under every function")
    worst = max((o.of(fn).citer_both_present or 0.0 for fn in fns), default=0.0)
    if worst > CITER_WARN:
        best_fn = max(fns, key=lambda fn: o.of(fn).citer_both_present or 0.0)
        lines.append("")
        lines.append(
            f"warning: a {best_fn} similarity citer passes {worst:.0%} of both-present cases; "
            "on this suite picking the most similar chunk looks like support"
        )
    for note in result.notes:
        lines.append(f"note: {note}")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- HTML

STRIP_W = 520
STRIP_H = 46
PAD = 14


def _scale_for(result: AuditResult, fn: str) -> float:
    """Half-width of the margin axis for one function, shared by every family (comparable)."""
    biggest = max((abs(r.of(fn).margin) for r in result.rows), default=0.0)
    return biggest * 1.08 if biggest > 0 else 1.0


def _dots(rows: Sequence[Hardness], fn: str, half: float) -> list[dict]:
    """Dot positions for one strip: x from the margin, y spread deterministically by order."""
    inner = STRIP_W - 2 * PAD
    dots = []
    ordered = sorted(rows, key=lambda r: (r.of(fn).margin, r.case_id))
    for i, r in enumerate(ordered):
        f = r.of(fn)
        # signed square-root scale: most margins sit near 0, where the decision is made
        u = math.copysign(math.sqrt(min(abs(f.margin), half) / half), f.margin)
        x = PAD + inner * (u + 1) / 2
        lane = (i * 7) % 5  # five lanes so close margins do not hide each other
        y = 9 + lane * (STRIP_H - 18) / 4
        dots.append(
            {
                "x": round(x, 1),
                "y": round(y, 1),
                "hard": f.hard,
                "absent": r.variant == ABSENT,
                "title": f"{r.case_id}: margin {f.margin:+.3f} (true {f.true_score:.3f}, distractor {f.distractor_score:.3f})",
            }
        )
    return dots


def html_view(result: AuditResult, *, title: str = "", embedding_model: str | None = None) -> dict:
    """Everything the template draws, precomputed (the template only lays it out)."""
    fns = list(result.functions)
    halves = {fn: _scale_for(result, fn) for fn in fns}
    zero_x = PAD + (STRIP_W - 2 * PAD) / 2
    families = []
    for g in result.families:
        rows = [r for r in result.rows if r.family == g.family]
        strips = []
        for fn in fns:
            s = g.of(fn)
            strips.append(
                {
                    "function": fn,
                    "share_hard": s.share_hard,
                    "hard": s.hard,
                    "cases": s.cases,
                    "citer": s.citer_both_present,
                    "median": s.margin.median,
                    "half": halves[fn],
                    "dots": _dots(rows, fn, halves[fn]),
                }
            )
        easy = []
        for r in sorted(rows, key=lambda r: r.case_id):
            soft = [f for f in r.functions if not f.hard]
            if soft:
                easy.append(
                    {
                        "id": r.case_id,
                        "functions": [{"name": f.function, "margin": f.margin} for f in soft],
                        "all": len(soft) == len(r.functions),
                    }
                )
        families.append({"summary": g, "strips": strips, "easy": easy})
    citer = [
        {"function": fn, "both_present": result.overall.of(fn).citer_both_present, "all": result.overall.of(fn).citer_score}
        for fn in fns
    ]
    return {
        "title": title,
        "query": result.query,
        "version": __version__,
        "embedding_model": embedding_model,
        "functions": fns,
        "overall": result.overall,
        "families": families,
        "citer": citer,
        "citer_warn": CITER_WARN,
        "strip_w": STRIP_W,
        "strip_h": STRIP_H,
        "zero_x": round(zero_x, 1),
        "pad": PAD,
        "notes": list(result.notes),
    }


def render_html(result: AuditResult, *, title: str = "", embedding_model: str | None = None) -> str:
    """The self-contained HTML report (inline CSS and SVG; no scripts, no network)."""
    from ..templating import environment

    env = environment(html=True)
    template = env.get_template(TEMPLATE)
    return template.render(**html_view(result, title=title, embedding_model=embedding_model))
