"""Reports of a run: terminal table, JSON, Markdown and JUnit XML, from the result records.

All four are built from one report dict (:func:`build_report`), so they never disagree. The
report names the judge behind the verdicts (and how many pairs each judge decided), and lists
every failing case with the reasons the runner recorded.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Sequence

from .gates import Gate, check_gates
from ..files import atomic_write_text
from ..model import Case
from .scoring import METRICS, summarise

REPORT_FORMAT = "mutagen-cite-report/1"

#: The numbers to read first, in this order (README "Reading a run"): near misses caught,
#: then each variant's pass rate, then how many answers cite anything at all.
HEADLINE_KEYS = ("pair_pass", "pairs_caught", "pairs", "both_present_pass", "true_absent_pass",
                 "cited_answer_rate", "citing_answers", "cases", "errored", "unpaired")
OUTCOME_KEYS = ("ta_declined", "ta_faithful", "ta_asserted_uncited", "ta_asserted_cited", "ta_unsupported")
OUTCOME_LABELS = {
    "ta_declined": "declined",
    "ta_faithful": "answered faithfully from the near miss",
    "ta_asserted_uncited": "asserted the absent claim without a citation",
    "ta_asserted_cited": "asserted the absent claim with a citation",
    "ta_unsupported": "cited a passage that does not support the claim",
}
READING_GUIDE = (
    "Read first: pairs caught (a near miss counts only when its both-present case AND its "
    "true-absent twin pass), then both-present and true-absent pass. The mean case pass rate "
    "is not a headline: a system that never cites passes most true-absent cases for free. "
    "Citation accuracy says whether cited passages support their claims, not whether the "
    "right one of two near-identical passages was cited."
)


#: How much of a cited chunk the Markdown and JSON reports quote (the HTML shows it whole).
CHUNK_START_CHARS = 160
ANSWER_CHARS = 1000


def build_report(header: dict | None, records: Sequence[dict], gates: Sequence[Gate] = (),
                 cases: Sequence[Case] | None = None) -> dict:
    """Everything a renderer needs: run metadata, metrics, gate results, failing cases.

    With the suite's ``cases``, each failing case also carries its question, the expected
    answer, and every claim of the answer with its citations: the cited chunk's role (true
    passage or near miss) and the start of its text."""
    summary = summarise(records)
    gate_results = check_gates(summary, gates)
    by_id = {c.id: c for c in cases or ()}
    failing = []
    for r in records:
        verdict = r.get("verdict") or {}
        if not verdict.get("passed"):
            entry = {
                "case_id": r["case_id"], "family": r.get("family"), "variant": r.get("variant"),
                "status": verdict.get("status", "error"), "reasons": verdict.get("reasons") or [],
                "answer": _clip(((r.get("answer") or {}).get("text") or ""), ANSWER_CHARS),
            }
            case = by_id.get(r["case_id"])
            if case is not None:
                entry.update(_case_detail(case, r))
            failing.append(entry)
    m = summary["overall"]
    headline = {key: m[key] for key in HEADLINE_KEYS}
    return {
        "headline": headline,
        "format": REPORT_FORMAT,
        "run": header or {},
        "summary": summary,
        "true_absent_outcomes": {key: m[key] for key in OUTCOME_KEYS},
        "gates": [
            {"gate": g.gate.label, "minimum": g.gate.minimum, "value": g.value, "passed": g.passed, "reason": g.reason}
            for g in gate_results
        ],
        "gates_passed": all(g.passed for g in gate_results),
        "failing": failing,
    }


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1].rstrip() + "…"


def _roles(case: Case) -> dict[str, str]:
    from ..cases.changes import provenance_dict

    chunks = provenance_dict(case).get("chunks") or {}
    roles = {cid: e.get("role") for cid, e in chunks.items() if isinstance(e, dict) and e.get("role")}
    for cid in case.expect.cited_chunks_include:
        roles.setdefault(cid, "true")
    for cid in case.expect.cited_chunks_exclude:
        roles.setdefault(cid, "distractor")
    return roles


def _case_detail(case: Case, record: dict) -> dict:
    """The question, the expected answer and each claim's citations, resolved against the case."""
    roles = _roles(case)
    claims = []
    for claim in (record.get("answer") or {}).get("claims") or []:
        cites = []
        for cit in claim.get("citations") or []:
            cid = cit.get("chunk_id", "")
            text = case.chunk_text(cid)
            cites.append({
                "chunk_id": cid, "resolution": cit.get("resolution", "?"),
                "role": roles.get(cid, "context") if text is not None else None,
                "start": _clip(" ".join(text.split()), CHUNK_START_CHARS) if text is not None else None,
            })
        claims.append({"text": claim.get("text", ""), "citations": cites})
    return {
        "question": case.question,
        "expected": case.answer,
        "expect_behaviour": case.expect.behaviour,
        "declined": bool((record.get("answer") or {}).get("declined")),
        "claims": claims,
    }


# --------------------------------------------------------------------------- formatting helpers


def _num(value, digits: int = 2) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def _rate(m: dict, key: str, total_key: str) -> str:
    value = m.get(key)
    total = m.get(total_key) or 0
    if value is None:
        return "-"
    return f"{value:.2f} ({round(value * total)}/{total})"


CASE_COLUMNS = ("family", "cases", "pass", "both-present", "true-absent", "errored")
CITE_COLUMNS = ("family", "claims", "cit.acc", "coverage", "ids/claim", "ALCE R", "ALCE P", "faithful",
                "invented", "stale", "missing", "mis-attr", "unsupp")


def _rows(summary: dict) -> list[tuple[str, dict]]:
    return [*summary["families"].items(), ("overall", summary["overall"])]


def case_rows(summary: dict) -> list[list[str]]:
    return [
        [name, str(m["cases"]), _rate(m, "pass_rate", "cases"), _rate(m, "both_present_pass", "both_present_cases"),
         _rate(m, "true_absent_pass", "true_absent_cases"), str(m["errored"])]
        for name, m in _rows(summary)
    ]


def cite_rows(summary: dict) -> list[list[str]]:
    return [
        [name, str(m["claims"]), _num(m["citation_accuracy"]), _num(m["citation_coverage"]),
         _num(m["mean_ids_per_claim"], 1), _num(m["alce_citation_recall"]), _num(m["alce_citation_precision"]),
         _num(m["faithfulness"]), str(m["invented_ids"]), str(m["stale_ids"]), str(m["missing_citations"]),
         str(m["mis_attribution"]), str(m["unsupported"])]
        for name, m in _rows(summary)
    ]


def text_table(columns: Sequence[str], rows: list[list[str]], width: int | None = None) -> str:
    """A plain-text table fitted to ``width`` (default: the terminal's), a rule above the total."""
    from ..terminal import table

    return table(columns, rows, max_width=width, rule_before_last=True)


def _judges_line(report: dict) -> str:
    judges = report["summary"]["judges"]
    if not judges:
        return report["run"].get("judge", "?") + " (no pairs judged)"
    return ", ".join(f"{name} ({count} pairs)" for name, count in judges.items())


def _count(num: int, den: int, value) -> str:
    return "-" if value is None else f"{value:.2f} ({num}/{den})"


def headline_lines(report: dict) -> list[str]:
    """The three numbers to read first, plus citation coverage and the unpaired count."""
    m = report["summary"]["overall"]
    bp_passed = round((m["both_present_pass"] or 0) * m["both_present_cases"])
    ta_passed = round((m["true_absent_pass"] or 0) * m["true_absent_cases"])
    lines = [
        f"pairs caught       {_count(m['pairs_caught'], m['pairs'], m['pair_pass'])}"
        "   (a near miss is caught when both of its variants pass)",
        f"both-present pass  {_count(bp_passed, m['both_present_cases'], m['both_present_pass'])}",
        f"true-absent pass   {_count(ta_passed, m['true_absent_cases'], m['true_absent_pass'])}",
        f"answers citing     {_count(m['citing_answers'], m['cases'], m['cited_answer_rate'])}"
        "   (answers that cite any passage)",
    ]
    if m["unpaired"]:
        lines.append(f"unpaired cases     {m['unpaired']} (twin not in this run; not in pairs caught)")
    if m["errored"]:
        lines.append(f"errored cases      {m['errored']} (counted as failed)")
    return lines


def outcome_line(report: dict) -> str:
    o = report["true_absent_outcomes"]
    return "true-absent outcomes: " + ", ".join(f"{OUTCOME_LABELS[k]} {o[k]}" for k in OUTCOME_KEYS)


PAIR_COLUMNS = ("family", "pairs caught", "both-present", "true-absent", "citing", "unpaired")


def pair_rows(summary: dict) -> list[list[str]]:
    return [
        [name, _count(m["pairs_caught"], m["pairs"], m["pair_pass"]),
         _rate(m, "both_present_pass", "both_present_cases"), _rate(m, "true_absent_pass", "true_absent_cases"),
         _num(m["cited_answer_rate"]), str(m["unpaired"])]
        for name, m in _rows(summary)
    ]


# --------------------------------------------------------------------------- renderers


def render_terminal(report: dict, *, max_failures: int = 10, width: int | None = None) -> str:
    """The plain-text report, fitted to ``width`` columns (default: the terminal's): wide tables
    are cut into column groups, long lines wrap under a hanging indent."""
    from ..terminal import width as terminal_width
    from ..terminal import wrap

    w = width if width is not None else terminal_width()
    run = report["run"]
    m = report["summary"]["overall"]

    def fit(text: str, hang: str = "    ") -> str:
        return wrap(text, max_width=w, hang=hang)

    def tab(columns, rows) -> str:
        return text_table(columns, rows, w)

    lines = [
        *(fit(line, hang=" " * 19) for line in headline_lines(report)),
        "",
        fit(f"generator {run.get('generator', '?')}   judge {_judges_line(report)}"),
        f"{m['cases']} cases, {m['passed']} passed, {m['errored']} errored",
        fit(outcome_line(report)),
        "",
        tab(PAIR_COLUMNS, pair_rows(report["summary"])),
        "",
        tab(CASE_COLUMNS, case_rows(report["summary"])),
        "",
        tab(CITE_COLUMNS, cite_rows(report["summary"])),
    ]
    lines.append(fit("citation accuracy: do cited passages support their claims; it cannot tell which of two "
                     "near-identical passages was cited: read pairs caught first"))
    failing = report["failing"]
    if failing:
        lines += ["", f"failing cases ({len(failing)}):"]
        for f in failing[:max_failures]:
            lines.append(_clip(f"  {f['case_id']}", w))
            why = wrap("; ".join(f["reasons"]), max_width=w, indent="    ", hang="").splitlines()
            lines += why if len(why) <= 2 else [why[0], why[1][: w - 1].rstrip() + "…"]
        if len(failing) > max_failures:
            lines.append(fit(f"  ... and {len(failing) - max_failures} more (write all of them with --report FILE.md, "
                             "--html FILE.html or --json FILE.json)"))
    for g in report["gates"]:
        lines.append(fit(("gate ok    " if g["passed"] else "gate FAIL  ") + g["reason"], hang=" " * 11))
    return "\n".join(lines) + "\n"


def render_json(report: dict) -> str:
    """Deterministic JSON with the headline first (every nested mapping key-sorted)."""
    import json

    ordered = {"headline": report["headline"]}
    ordered.update({k: json.loads(json.dumps(report[k], sort_keys=True)) for k in sorted(report) if k != "headline"})
    return json.dumps(ordered, ensure_ascii=False, indent=2) + "\n"


def _md_table(columns: Sequence[str], rows: list[list[str]]) -> str:
    head = "| " + " | ".join(columns) + " |"
    rule = "|" + "|".join("---" if i == 0 else "---:" for i in range(len(columns))) + "|"
    body = ["| " + " | ".join(c.replace("|", "\\|") for c in r) + " |" for r in rows]
    return "\n".join([head, rule, *body])


def _md_escape(text: str) -> str:
    """Table-safe and inert: generator output may hold raw HTML, which a viewer would render."""
    import html

    return html.escape(text, quote=False).replace("|", "\\|").replace("\n", " ")


ROLE_WORDS = {"true": "true passage", "distractor": "near miss", "context": "other context"}


def _md_case(f: dict) -> list[str]:
    """One failing case: question, expected answer, the answer, each cited chunk's start, why."""
    out = [f"### `{_md_escape(f['case_id'])}` ({f['family']}, {f['variant']})", ""]
    if "question" in f:
        out.append(f"- **Question:** {_md_escape(f['question'])}")
        if f["variant"] == "true-absent" or f.get("expect_behaviour") == "decline":
            out.append("- **Expected:** decline, or state only what the near miss says")
        else:
            out.append(f"- **Expected:** {_md_escape(f['expected'])}, citing the true passage")
    out.append(f"- **Answer:** {_md_escape(f['answer']) if f['answer'] else '(empty)'}"
               + (" (declined)" if f.get("declined") else ""))
    for claim in f.get("claims", []):
        for c in claim["citations"]:
            if c.get("start") is None:
                out.append(f"- **Cited** `{_md_escape(c['chunk_id'])}` ({_md_escape(c['resolution'])}: not in this "
                           "case's context)")
            else:
                out.append(f"- **Cited** `{_md_escape(c['chunk_id'])}` ({ROLE_WORDS.get(c['role'], c['role'])}): "
                           f"{_md_escape(c['start'])}")
    out.append(f"- **Why:** {_md_escape('; '.join(f['reasons']))}")
    return out + [""]


def render_markdown(report: dict) -> str:
    run = report["run"]
    m = report["summary"]["overall"]
    out = ["# mutagen-cite run report", ""]
    out += [f"    {line}" for line in headline_lines(report)]
    out += ["", _md_escape(READING_GUIDE), ""]
    sha = run.get("suite_sha256")
    out.append(f"- **Suite:** `{run.get('suite') or '?'}`" + (f" (sha256 `{sha[:12]}`)" if sha else ""))
    out.append(f"- **Generator:** `{run.get('generator', '?')}`")
    judge = f"- **Judge:** `{run.get('judge', '?')}`"
    if run.get("judge_weights_sha256"):
        judge += f" (weights sha256 `{run['judge_weights_sha256'][:12]}`)"
    out.append(judge)
    out.append(f"- **Verdicts by judge:** {_judges_line(report)}")
    out.append(f"- **Cases:** {m['cases']}, passed {m['passed']}, errored {m['errored']}")
    out.append("")
    if report["gates"]:
        out += ["## Gates", ""]
        out += [f"- {'pass' if g['passed'] else '**FAIL**'}: {g['reason']}" for g in report["gates"]]
        out.append("")
    out += ["## Near misses per family", "", _md_table(PAIR_COLUMNS, pair_rows(report["summary"])), ""]
    out += ["## True-absent outcomes", ""]
    out += [f"- {OUTCOME_LABELS[k]}: {report['true_absent_outcomes'][k]}" for k in OUTCOME_KEYS]
    out += ["", "A true-absent case passes when the answer declines, or when no claim asserts the absent "
            "fact and every cited claim is supported by the passage it cites (a faithful statement of "
            "what the near miss says passes). An uncited assertion passes unless the run used --strict.", ""]
    unpaired = report["summary"].get("unpaired") or []
    if unpaired:
        out += [f"## Unpaired cases ({len(unpaired)})", "",
                "Their twin is not in this run (a --families/--limit selection, or a suite without "
                "both variants); they are left out of pairs caught.", ""]
        out += [f"- `{_md_escape(cid)}`" for cid in unpaired] + [""]
    out += ["## Cases per family", "", _md_table(CASE_COLUMNS, case_rows(report["summary"])), ""]
    out += ["## Citations per family", "", _md_table(CITE_COLUMNS, cite_rows(report["summary"])), ""]
    out += ["## What the columns mean", ""]
    glossary = {
        "pass": "pass_rate", "both-present": "both_present_pass", "true-absent": "true_absent_pass",
        "cit.acc": "citation_accuracy", "coverage": "citation_coverage", "ids/claim": "mean_ids_per_claim",
        "ALCE R": "alce_citation_recall", "ALCE P": "alce_citation_precision", "faithful": "faithfulness",
        "invented": "invented_ids", "stale": "stale_ids", "missing": "missing_citations",
        "mis-attr": "mis_attribution", "unsupp": "unsupported",
    }
    out += [f"- **{col}** (`{key}`): {METRICS[key][0]}" for col, key in glossary.items()]
    out += ["", "A high faithfulness beside a low citation accuracy means the answers are grounded "
            "somewhere in the context but cite the wrong passage. Citation accuracy alone does not show "
            "near-miss confusion: a passage copied verbatim supports its copy, so read pairs caught first.", ""]
    failing = [f for f in report["failing"] if f["status"] != "error"]
    errored = [f for f in report["failing"] if f["status"] == "error"]
    if failing:
        out += [f"## Failing cases ({len(failing)})", ""]
        for f in failing:
            out += _md_case(f)
    if errored:
        out += [f"## Errored cases ({len(errored)})", "", "| case | error |", "|---|---|"]
        out += [f"| `{f['case_id']}` | {_md_escape('; '.join(f['reasons']))} |" for f in errored]
        out.append("")
    return "\n".join(out)


def render_junit(report: dict, records: Sequence[dict]) -> str:
    """JUnit XML: one ``testcase`` per suite case; metrics and gates as suite properties."""
    m = report["summary"]["overall"]
    failures = sum(1 for r in records if not (r.get("verdict") or {}).get("passed") and not r.get("error"))
    errors = sum(1 for r in records if r.get("error"))
    root = ET.Element("testsuites", name="mutagen-cite", tests=str(len(records)),
                      failures=str(failures), errors=str(errors))
    caught = f"pairs caught {_count(m['pairs_caught'], m['pairs'], m['pair_pass'])}"
    suite = ET.SubElement(root, "testsuite",
                          name=f"mutagen-cite {report['run'].get('generator', '')}: {caught}".replace("  ", " "),
                          tests=str(len(records)), failures=str(failures), errors=str(errors), skipped="0")
    props = ET.SubElement(suite, "properties")
    for key in HEADLINE_KEYS:
        if m.get(key) is not None:
            ET.SubElement(props, "property", name=key, value=_num(m[key], 4))
    for key in ("suite", "suite_sha256", "generator", "judge", "judge_weights_sha256"):
        if report["run"].get(key):
            ET.SubElement(props, "property", name=key, value=str(report["run"][key]))
    for key in METRICS:
        if m.get(key) is not None and key not in HEADLINE_KEYS:
            ET.SubElement(props, "property", name=key, value=_num(m[key], 4))
    for g in report["gates"]:
        ET.SubElement(props, "property", name=f"gate:{g['gate']}", value=("pass: " if g["passed"] else "FAIL: ") + g["reason"])
    for r in records:
        verdict = r.get("verdict") or {}
        case = ET.SubElement(suite, "testcase", classname=f"{r.get('family')}.{r.get('variant')}", name=r["case_id"])
        reasons = "; ".join(verdict.get("reasons") or [])
        if r.get("error"):
            ET.SubElement(case, "error", message=r["error"][:500], type="generator").text = r["error"]
        elif not verdict.get("passed"):
            ET.SubElement(case, "failure", message=reasons[:500], type="citation").text = reasons
        answer = (r.get("answer") or {}).get("text")
        if answer:
            ET.SubElement(case, "system-out").text = answer
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def render_for(path: str | Path, report: dict, records: Sequence[dict], cases: Sequence[Case] = ()) -> str:
    """Pick a renderer from the file extension: .md, .json, .xml, .html, else the terminal text."""
    suffix = Path(path).suffix.lower()
    if suffix in (".html", ".htm"):
        return render_html(report, cases)
    if suffix in (".md", ".markdown"):
        return render_markdown(report)
    if suffix == ".json":
        return render_json(report)
    if suffix == ".xml":
        return render_junit(report, records)
    from ..terminal import FILE_WIDTH

    return render_terminal(report, width=FILE_WIDTH)


def write_report(path: str | Path, report: dict, records: Sequence[dict], *, kind: str | None = None,
                 cases: Sequence[Case] = ()) -> Path:
    """Write one report file atomically; ``kind`` (md/json/junit/html/text) overrides the extension.
    ``cases`` (the suite's) lets the HTML report show passages and the changed attribute."""
    from ..terminal import FILE_WIDTH

    renderers = {"md": render_markdown, "json": render_json,
                 "text": lambda r: render_terminal(r, width=FILE_WIDTH)}
    if kind == "junit":
        text = render_junit(report, records)
    elif kind == "html":
        text = render_html(report, cases)
    elif kind in renderers:
        text = renderers[kind](report)
    else:
        text = render_for(path, report, records, cases)
    return atomic_write_text(path, text)


# --------------------------------------------------------------------------- HTML

HTML_TEMPLATE = "report.v1.html.j2"


def _passage_view(passage, cited: set[str]) -> dict | None:
    if passage is None:
        return None
    return {
        "role": passage.role, "chunk_id": passage.chunk_id, "segments": passage.segments(),
        "value": passage.value, "located": bool(passage.spans), "how": passage.how,
        "in_context": passage.in_context, "cited": passage.chunk_id in cited, "origin": passage.origin,
    }


def html_view(report: dict, cases: Sequence[Case] = ()) -> dict:
    """Everything the HTML template draws, precomputed: per-family bars, and for each failing
    case its question, answer, citations and the two passages with the changed attribute."""
    from .. import __version__
    from ..cases.changes import locate, twins

    by_id = {c.id: c for c in cases}
    pairs = twins(cases)
    families = []
    for name, m in report["summary"]["families"].items():
        families.append({
            "name": name, "pairs": m["pairs"], "pairs_caught": m["pairs_caught"], "pair_pass": m["pair_pass"],
            "bars": [
                {"label": "both-present", "rate": m["both_present_pass"], "cases": m["both_present_cases"],
                 "passed": round((m["both_present_pass"] or 0) * m["both_present_cases"])},
                {"label": "true-absent", "rate": m["true_absent_pass"], "cases": m["true_absent_cases"],
                 "passed": round((m["true_absent_pass"] or 0) * m["true_absent_cases"])},
            ],
        })
    failing = []
    for f in report["failing"]:
        case = by_id.get(f["case_id"])
        view = dict(f)
        view["passages"] = []
        if case is not None:
            cited = {c["chunk_id"] for claim in f.get("claims", []) for c in claim["citations"]}
            true_p, dis_p = locate(case, pairs.get(case.id))
            view["passages"] = [p for p in (_passage_view(true_p, cited), _passage_view(dis_p, cited)) if p]
        failing.append(view)
    m = report["summary"]["overall"]
    return {
        "version": __version__,
        "run": report["run"],
        "judges": _judges_line(report),
        "headline": headline_lines(report),
        "overall": m,
        "cards": [
            {"label": "pairs caught", "rate": m["pair_pass"], "num": m["pairs_caught"], "den": m["pairs"]},
            {"label": "both-present pass", "rate": m["both_present_pass"],
             "num": round((m["both_present_pass"] or 0) * m["both_present_cases"]), "den": m["both_present_cases"]},
            {"label": "true-absent pass", "rate": m["true_absent_pass"],
             "num": round((m["true_absent_pass"] or 0) * m["true_absent_cases"]), "den": m["true_absent_cases"]},
            {"label": "answers citing", "rate": m["cited_answer_rate"], "num": m["citing_answers"], "den": m["cases"]},
        ],
        "families": families,
        "outcomes": [{"label": OUTCOME_LABELS[k], "count": report["true_absent_outcomes"][k]} for k in OUTCOME_KEYS],
        "gates": report["gates"],
        "guide": READING_GUIDE,
        "failing": [f for f in failing if f["status"] != "error"],
        "errored": [f for f in failing if f["status"] == "error"],
        "has_cases": bool(by_id),
    }


def render_html(report: dict, cases: Sequence[Case] = ()) -> str:
    """A self-contained HTML page (inline CSS, no scripts, nothing fetched): per-family pass bars
    and each failing case with its question, answer, citations and the true passage beside the
    near miss, the changed attribute marked. Every text is escaped (Jinja2 autoescape)."""
    from ..templating import environment

    return environment(html=True).get_template(HTML_TEMPLATE).render(**html_view(report, cases))
