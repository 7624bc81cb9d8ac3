"""Show an :class:`~mutagen_cite.audit.ranks.AuditResult`: terminal table, JSON, self-contained HTML.

The numbers a reader needs, in the order they need them: how many distractors are inverted
(score above the true passage) or tied with it under each function (per family), what a pure
similarity citer would score (if it scores high, the suite is not measuring support), how the
margins are spread, and which cases are easy. The HTML shows each pair's question and both
passages with the changed attribute marked, so a reader sees *why* a case is hard.

Ties are reported apart from inversions: an exact tie (margin 0) is "hard" for ``build
--min-hardness`` (the function cannot prefer the true passage), but a similarity citer still
gets half the credit on it, so counting it as an inversion would contradict the citer score.
"""

from __future__ import annotations

import math
from typing import Sequence

from .. import __version__
from .ranks import ABSENT, EPS, AuditResult, FunctionSummary, GroupSummary, Hardness, MarginStats

TEMPLATE = "audit.v1.html.j2"
JSON_FORMAT = "mutagen-cite-audit/1"
CITER_WARN = 0.5  # a similarity citer above this on both-present cases: the suite measures selection


def _r(x: float | None, nd: int = 4) -> float | None:
    return None if x is None else round(float(x), nd)


# --------------------------------------------------------------------------- ties and inversions


def margin_kind(margin: float) -> str:
    """``inverted`` (distractor above the true passage), ``tied`` (equal) or ``separated``.
    Inverted and tied together are what ``ranks`` calls hard (margin >= 0, within EPS)."""
    if abs(margin) <= EPS:
        return "tied"
    return "inverted" if margin > 0 else "separated"


def split_counts(rows: Sequence[Hardness], fn: str) -> dict:
    """How many of ``rows`` are inverted, tied and separated under ``fn``."""
    out = {"inverted": 0, "tied": 0, "separated": 0}
    for r in rows:
        out[margin_kind(r.of(fn).margin)] += 1
    return out


def inverted_any(rows: Sequence[Hardness], fns: Sequence[str]) -> int:
    return sum(1 for r in rows if any(margin_kind(r.of(fn).margin) == "inverted" for fn in fns))


def _rows_of(result: AuditResult, family: str | None) -> list[Hardness]:
    return [r for r in result.rows if family is None or r.family == family]


def fmt_margin(margin: float) -> str:
    """Three decimals, except that a margin too small to show is not printed as a tie."""
    if abs(margin) <= EPS:
        return "0 (tie)"
    if abs(margin) < 0.0005:
        return "<+0.001" if margin > 0 else ">-0.001"
    return f"{margin:+.3f}"


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
                "margin_kind": margin_kind(f.margin),
            }
            for f in r.functions
        },
    }


def audit_to_dict(result: AuditResult, *, suite: str | None = None, embedding_model: str | None = None) -> dict:
    """Everything in the result, with floats rounded to 4 decimals (stable diffs)."""
    groups = {"overall": _group_dict(result.overall)}
    families = {g.family: _group_dict(g) for g in result.families}
    for name, g in (("overall", groups["overall"]), *families.items()):
        rows = _rows_of(result, None if name == "overall" else name)
        g["inverted_any"] = inverted_any(rows, result.functions)
        for fn in result.functions:
            g["functions"][fn].update(split_counts(rows, fn))
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
            "hard": "margin >= 0: the distractor ranks at or above the true passage (ties included; "
            "what build --min-hardness selects)",
            "inverted": "margin > 0: the distractor scores above the true passage",
            "tied": "margin = 0: the function cannot tell the two apart; a similarity citer gets half credit",
            "citer": "cite the top context chunk for the claim; ties share the credit; never declines, "
            "so every true-absent case fails",
        },
        "overall": groups["overall"],
        "families": families,
        "cases": [_row_dict(r) for r in result.rows],
        "notes": list(result.notes),
    }


# --------------------------------------------------------------------------- terminal


def _pct(x: float) -> str:
    return f"{100 * x:4.0f}%"


def _num(x: float | None) -> str:
    return "   -" if x is None else f"{x:4.2f}"


def render_terminal(result: AuditResult, *, title: str = "", max_easy: int = 8, json_path: str | None = None,
                    width: int | None = None) -> str:
    """A plain-text report (no colour codes) fitted to ``width`` (default: the terminal's)."""
    from ..terminal import table, wrap
    from ..terminal import width as terminal_width

    w = width if width is not None else terminal_width()
    fns = result.functions
    o = result.overall
    lines: list[str] = []
    head = f"audit{': ' + title if title else ''}  {o.cases} cases ({o.both_present} both-present, {o.true_absent} true-absent)"
    lines.append(wrap(head, max_width=w))
    lines.append("")
    lines.append(wrap(f"inv = share of cases whose distractor scores above the true passage for the {result.query}; "
                      "tie = share scoring exactly the same (the function cannot tell them apart; build "
                      "--min-hardness counts both as hard)", max_width=w))
    lines.append(wrap("citer = score of a similarity citer on both-present cases (cites the top chunk, never "
                      "declines; half credit on a tie)", max_width=w))
    rows = []
    for g in (*result.families, o):
        grp_rows = _rows_of(result, None if g is o else g.family)
        cells = [g.family if g is not o else "all", str(g.cases)]
        for fn in fns:
            k = split_counts(grp_rows, fn)
            n = len(grp_rows) or 1
            cells += [_pct(k["inverted"] / n).strip(), _pct(k["tied"] / n).strip(), _num(g.of(fn).citer_both_present).strip()]
        cells.append(_pct(inverted_any(grp_rows, fns) / (len(grp_rows) or 1)).strip())
        rows.append(cells)
    columns = ["family", "cases"] + [c for _ in fns for c in ("inv", "tie", "citer")] + ["inv ≥1 fn"]
    groups = [("", 1)] + [(fn, 3) for fn in fns] + [("", 1)]
    lines += ["", table(columns, rows, max_width=w, rule_before_last=True, groups=groups)]
    lines.append("")
    lines.append(wrap("citer score per function (both-present cases | all cases, true-absent counted as failures):",
                      max_width=w))
    for fn in fns:
        f = o.of(fn)
        lines.append(f"  {fn:<10} {_num(f.citer_both_present)} | {_num(f.citer_score)}")
    lines.append("")
    lines.append("margin = distractor - true (> 0 inverted, 0 tied, < 0 the true passage wins):")
    margin_rows = []
    for fn in fns:
        m = o.of(fn).margin
        k = split_counts(result.rows, fn)
        margin_rows.append([fn] + [f"{v:.3f}" for v in (m.min, m.q1, m.median, m.q3, m.max)]
                           + [str(k["inverted"]), str(k["tied"])])
    lines.append(table(["function", "min", "q1", "median", "q3", "max", "inverted", "tied"], margin_rows,
                       max_width=w))
    easy_all = o.easy_all_ids
    lines.append("")
    if easy_all:
        lines.append(wrap(f"easy under every function ({len(easy_all)}): these measure topical selection, "
                          "not support", max_width=w))
        for cid in easy_all[:max_easy]:
            lines.append(f"  {cid}")
        if len(easy_all) > max_easy:
            where = f"all listed in {json_path}" if json_path else "-o FILE.json lists them all"
            lines.append(wrap(f"  ... and {len(easy_all) - max_easy} more ({where})", max_width=w))
    else:
        lines.append("no case is easy under every function")
    worst = max((o.of(fn).citer_both_present or 0.0 for fn in fns), default=0.0)
    if worst > CITER_WARN:
        best_fn = max(fns, key=lambda fn: o.of(fn).citer_both_present or 0.0)
        lines.append("")
        lines.append(wrap(
            f"warning: a {best_fn} similarity citer passes {worst:.0%} of both-present cases; "
            "on this suite picking the most similar chunk looks like support", max_width=w))
    for note in result.notes:
        lines.append(wrap(f"note: {note}", max_width=w))
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
        kind = margin_kind(f.margin)
        dots.append(
            {
                "x": round(x, 1),
                "y": round(y, 1),
                "hard": f.hard,
                "kind": kind,
                "absent": r.variant == ABSENT,
                "title": f"{r.case_id}: {kind}, margin {fmt_margin(f.margin)} (true {f.true_score:.3f}, "
                f"distractor {f.distractor_score:.3f})",
            }
        )
    return dots


def _pair_views(result: AuditResult, rows: Sequence[Hardness], cases: Sequence) -> list[dict]:
    """One entry per pair (its both-present row; a lone true-absent row stands for itself):
    the question, both passages with the changed attribute marked, each function's margin."""
    from ..cases.changes import locate, twins

    by_id = {c.id: c for c in cases}
    pairs = twins(cases)
    shown = {r.case_id for r in rows}
    out = []
    for r in sorted(rows, key=lambda r: r.case_id):
        if r.variant == ABSENT and pairs.get(r.case_id) is not None and pairs[r.case_id].id in shown:
            continue  # its both-present twin carries the same numbers
        case = by_id.get(r.case_id)
        view = {"id": r.case_id, "variant": r.variant, "question": case.question if case else None,
                "passages": [], "functions": []}
        for f in r.functions:
            view["functions"].append({"name": f.function, "kind": margin_kind(f.margin), "margin": fmt_margin(f.margin),
                                      "true": f"{f.true_score:.3f}", "distractor": f"{f.distractor_score:.3f}"})
        if case is not None:
            true_p, dis_p = locate(case, pairs.get(case.id))
            for p in (true_p, dis_p):
                if p is not None:
                    view["passages"].append({"role": p.role, "chunk_id": p.chunk_id, "segments": p.segments(),
                                             "value": p.value, "located": bool(p.spans), "in_context": p.in_context,
                                             "cited": False})
        out.append(view)
    return out


def html_view(result: AuditResult, *, title: str = "", embedding_model: str | None = None,
              cases: Sequence = ()) -> dict:
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
            k = split_counts(rows, fn)
            strips.append(
                {
                    "function": fn,
                    "inverted": k["inverted"],
                    "tied": k["tied"],
                    "share_inverted": k["inverted"] / len(rows) if rows else 0.0,
                    "share_tied": k["tied"] / len(rows) if rows else 0.0,
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
        families.append({"summary": g, "strips": strips, "easy": easy, "pairs": _pair_views(result, rows, cases),
                         "inverted_any": inverted_any(rows, fns) / len(rows) if rows else 0.0})
    n = len(result.rows) or 1
    citer = [
        {"function": fn, "both_present": result.overall.of(fn).citer_both_present, "all": result.overall.of(fn).citer_score,
         "share_inverted": split_counts(result.rows, fn)["inverted"] / n,
         "share_tied": split_counts(result.rows, fn)["tied"] / n}
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
        "inverted_any": inverted_any(result.rows, fns) / n,
        "has_cases": bool(cases),
    }


def render_html(result: AuditResult, *, title: str = "", embedding_model: str | None = None,
                cases: Sequence = ()) -> str:
    """The self-contained HTML report (inline CSS and SVG; no scripts, no network). With the
    suite's ``cases``, each pair's question and passages are shown, the changed attribute marked."""
    from ..templating import environment

    env = environment(html=True)
    template = env.get_template(TEMPLATE)
    return template.render(**html_view(result, title=title, embedding_model=embedding_model, cases=cases))
