"""What moved between two versions of a suite, per family and per case, for people to review.

Cases are matched by id. A case is *kept* when everything but its ``status`` is identical,
*changed* when the id survives with different content, *new* when only the new suite has it,
and *retired* when only the old one does (its reason comes from the new suite's ``retired``
list). The two variants of one near miss usually move together, so entries group them.

Renderers: plain text for a terminal, Markdown for a code-review comment (a table, then one
collapsible ``diff`` block per near miss), and JSON for tools.
"""

from __future__ import annotations

import difflib
import html
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..model import FAMILIES, Case, Provenance, Suite

__all__ = ["Entry", "FieldDiff", "SuiteDiff", "diff_suites", "format_markdown", "format_text", "diff_to_dict"]

STATUSES = ("kept", "changed", "new", "retired")
_SUFFIXES = ("-both-present", "-true-absent")
_EXCERPT = 100  # characters of unchanged text shown around a changed span


@dataclass(frozen=True)
class FieldDiff:
    """One field of a case before and after (None: the side does not have it)."""

    name: str
    old: str | None
    new: str | None


@dataclass(frozen=True)
class Entry:
    """One near miss (or a lone case) that did not stay the same."""

    status: str  # changed | new | retired
    family: str
    ids: tuple[str, ...]
    reason: str
    fields: tuple[FieldDiff, ...] = ()

    @property
    def base(self) -> str:
        return _base(self.ids[0])

    @property
    def variants(self) -> tuple[str, ...]:
        return tuple(i[len(self.base) + 1:] if i != self.base else i for i in self.ids)


@dataclass(frozen=True)
class SuiteDiff:
    old_name: str
    new_name: str
    old_cases: int
    new_cases: int
    counts: dict  # family -> Counter(status -> cases)
    entries: tuple[Entry, ...]
    header: tuple[str, ...] = field(default_factory=tuple)  # lines about the header (documents, seed ...)

    def total(self, status: str) -> int:
        return sum(c[status] for c in self.counts.values())

    @property
    def unchanged(self) -> bool:
        return not self.entries


# --------------------------------------------------------------------------- comparing


def _base(case_id: str) -> str:
    for suffix in _SUFFIXES:
        if case_id.endswith(suffix):
            return case_id[: -len(suffix)]
    return case_id


def _comparable(case: Case) -> dict:
    from .suite_format import case_to_dict

    d = case_to_dict(case)
    d.pop("status", None)
    return d


def _roles(case: Case) -> dict[str, str]:
    return case.provenance.roles() if case.provenance is not None else {}


def _expect_text(case: Case) -> str:
    e = case.expect
    parts = []
    if e.answer_contains is not None:
        parts.append(f"answer contains {e.answer_contains!r}")
    if e.cited_chunks_include:
        parts.append("cite " + ", ".join(e.cited_chunks_include))
    if e.cited_chunks_exclude:
        parts.append("never cite " + ", ".join(e.cited_chunks_exclude))
    if e.behaviour:
        parts.append(e.behaviour)
    return "; ".join(parts)


def _source(case: Case) -> str | None:
    p = case.provenance
    if p is None or p.doc is None:
        return None
    span = f":{p.start}-{p.end}" if p.start is not None and p.end is not None else ""
    return f"{p.doc}{span}"


def _near_miss(case: Case) -> str | None:
    m = case.provenance.mutation if case.provenance else None
    if m is None or m.original is None:
        return None
    return f"{m.original} -> {m.replacement} ({m.origin or '?'}, {m.kind or '?'})"


def _chunk_pairs(old: Case, new: Case) -> list[tuple[str, str | None, str | None]]:
    """Context chunks matched by role (ids are opaque and may be renumbered), else by id."""
    old_roles, new_roles = _roles(old), _roles(new)
    by_role_new = {r: cid for cid, r in new_roles.items()}
    out = []
    matched_new: set[str] = set()
    for c in old.context:
        role = old_roles.get(c.chunk_id)
        partner = by_role_new.get(role) if role else None
        if partner is None and new.chunk_text(c.chunk_id) is not None:
            partner = c.chunk_id
        label = f"context {c.chunk_id}" + (f" ({role})" if role else "")
        if partner is not None and partner != c.chunk_id:
            label = f"context {c.chunk_id} -> {partner}" + (f" ({role})" if role else "")
        out.append((label, c.text, new.chunk_text(partner) if partner else None))
        if partner:
            matched_new.add(partner)
    for c in new.context:
        if c.chunk_id not in matched_new:
            role = new_roles.get(c.chunk_id)
            out.append((f"context {c.chunk_id}" + (f" ({role})" if role else ""), None, c.text))
    return out


def _field_diffs(old: Case | None, new: Case | None) -> tuple[FieldDiff, ...]:
    out: list[FieldDiff] = []

    def add(name: str, a: str | None, b: str | None) -> None:
        if a != b:
            out.append(FieldDiff(name, a, b))

    if old is not None and new is not None:
        add("question", old.question, new.question)
        add("claim", old.claim, new.claim)
        add("answer", old.answer, new.answer)
        add("near miss", _near_miss(old), _near_miss(new))
        for label, a, b in _chunk_pairs(old, new):
            add(label, a, b)
        add("expect", _expect_text(old), _expect_text(new))
        add("source", _source(old), _source(new))
        if old.hardness and not new.hardness:
            out.append(FieldDiff("hardness", "measured", "dropped (run `mutagen-cite audit` again)"))
        return tuple(out)
    case, side = (new, "new") if new is not None else (old, "old")
    assert case is not None
    values = [("question", case.question), ("claim", case.claim), ("answer", case.answer),
              ("near miss", _near_miss(case)), ("source", _source(case))]
    for name, value in values:
        if value:
            out.append(FieldDiff(name, None, value) if side == "new" else FieldDiff(name, value, None))
    return tuple(out)


def _why_changed(old: Case, new: Case) -> str:
    po, pn = old.provenance or Provenance(), new.provenance or Provenance()
    parts = []
    if po.doc != pn.doc:
        parts.append(f"moved from {po.doc} to {pn.doc}")
    if po.sentence != pn.sentence:
        parts.append("true sentence edited")
    elif (po.start, po.end) != (pn.start, pn.end):
        parts.append("offsets shifted")
    if _near_miss(old) != _near_miss(new):
        parts.append("near-miss value changed")
    if [c.text for c in old.context] != [c.text for c in new.context] and "true sentence edited" not in parts:
        parts.append("context text changed")
    if (old.question, old.claim, old.answer) != (new.question, new.claim, new.answer) and not parts:
        parts.append("question or claim reworded")
    return "; ".join(parts) or "metadata changed"


def _header_lines(old: Suite, new: Suite) -> list[str]:
    lines = []
    ho, hn = old.header, new.header
    if ho is None or hn is None:
        if ho is not hn:
            lines.append("header: " + ("added" if ho is None else "removed"))
        return lines
    mo, mn = ho.manifest, hn.manifest
    gone = sorted(d for d in mo if d not in mn)
    added = sorted(d for d in mn if d not in mo)
    renamed = {}
    for d in gone:
        target = next((a for a in added if mn[a] == mo[d] and a not in renamed.values()), None)
        if target:
            renamed[d] = target
    edited = sorted(d for d in mo if d in mn and mo[d] != mn[d])
    parts = []
    if edited:
        parts.append(f"{len(edited)} edited ({', '.join(edited)})")
    if renamed:
        parts.append(f"{len(renamed)} renamed ({', '.join(f'{a} -> {b}' for a, b in renamed.items())})")
    deleted = [d for d in gone if d not in renamed]
    if deleted:
        parts.append(f"{len(deleted)} deleted ({', '.join(deleted)})")
    fresh = [d for d in added if d not in renamed.values()]
    if fresh:
        parts.append(f"{len(fresh)} added ({', '.join(fresh)})")
    if parts:
        lines.append("documents: " + ", ".join(parts))
    if ho.seed != hn.seed:
        lines.append(f"seed: {ho.seed} -> {hn.seed}")
    for name in sorted(set(ho.families) | set(hn.families)):
        if ho.families.get(name) != hn.families.get(name):
            lines.append(f"family {name}: {ho.families.get(name, '(none)')} -> {hn.families.get(name, '(none)')}")
    for key in sorted(set(ho.settings) | set(hn.settings)):
        if ho.settings.get(key) != hn.settings.get(key):
            lines.append(f"setting {key}: {ho.settings.get(key, '(none)')} -> {hn.settings.get(key, '(none)')}")
    return lines


def diff_suites(old: Suite, new: Suite, *, old_name: str = "old", new_name: str = "new",
                reasons: dict[str, str] | None = None) -> SuiteDiff:
    """Compare two suites case by case. ``reasons`` (case id -> text) overrides the reasons
    derived from the cases themselves (``build --update`` knows why it retired a case)."""
    reasons = dict(reasons or {})
    retired_why = {str(r.get("id")): str(r.get("reason", "")) for r in new.retired}
    old_by = {c.id: c for c in old.cases}
    new_by = {c.id: c for c in new.cases}
    counts: dict[str, Counter] = {}
    rows: list[tuple[str, str, str, Case | None, Case | None]] = []  # status, family, id, old, new
    for case in old.cases:
        other = new_by.get(case.id)
        if other is None:
            rows.append(("retired", case.family, case.id, case, None))
        elif _comparable(case) == _comparable(other):
            rows.append(("kept", case.family, case.id, case, other))
        else:
            rows.append(("changed", other.family, case.id, case, other))
    for case in new.cases:
        if case.id not in old_by:
            rows.append(("new", case.family, case.id, None, case))
    for status, family, _, _, _ in rows:
        counts.setdefault(family, Counter())[status] += 1

    groups: dict[tuple[str, str, str], list] = {}
    for status, family, cid, a, b in rows:
        if status == "kept":
            continue
        if status == "retired":
            why = reasons.get(cid) or retired_why.get(cid) or "removed"
        elif status == "new":
            why = reasons.get(cid) or "new near miss"
        else:
            why = reasons.get(cid) or _why_changed(a, b)
        groups.setdefault((status, _base(cid), why), []).append((cid, a, b, family))
    order = {s: i for i, s in enumerate(STATUSES)}
    entries = []
    for (status, _, why), items in sorted(groups.items(), key=lambda kv: (order[kv[0][0]], _fam(kv[1][0][3]), kv[0][1])):
        items.sort(key=lambda t: t[0])
        cid, a, b, family = items[0]
        entries.append(Entry(status, family, tuple(i[0] for i in items), why, _field_diffs(a, b)))
    ordered = {f: counts[f] for f in sorted(counts, key=_fam)}
    return SuiteDiff(old_name, new_name, len(old.cases), len(new.cases), ordered, tuple(entries),
                     tuple(_header_lines(old, new)))


def _fam(name: str) -> tuple[int, str]:
    return (FAMILIES.index(name) if name in FAMILIES else len(FAMILIES), name)


# --------------------------------------------------------------------------- text excerpts


_SENT = re.compile(r"(?<=[.!?])\s+|\n+")


def _units(text: str) -> list[str]:
    """Sentences (or lines) of a text: the unit a long chunk is diffed in."""
    return [u for u in _SENT.split(text) if u.strip()]


def _clip(text: str, width: int = 2 * _EXCERPT) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _lines(fd: FieldDiff) -> list[str]:
    """The field as ``-``/``+`` lines: short values whole, long texts only the sentences that
    differ (with a marker for what was left out)."""
    a, b = fd.old, fd.new
    if a is None or b is None or (len(a) <= 2 * _EXCERPT and len(b) <= 2 * _EXCERPT and "\n" not in a + b):
        out = []
        if a is not None:
            out.append(f"- {fd.name}: {_clip(a, 400)}")
        if b is not None:
            out.append(f"+ {fd.name}: {_clip(b, 400)}")
        return out
    ua, ub = _units(a), _units(b)
    out = [f"  {fd.name}:"]
    matcher = difflib.SequenceMatcher(a=ua, b=ub, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            n = i2 - i1
            out.append(f"    … {n} unchanged sentence{'s' if n != 1 else ''}")
            continue
        out.extend(f"-   {_clip(u, 400)}" for u in ua[i1:i2])
        out.extend(f"+   {_clip(u, 400)}" for u in ub[j1:j2])
    return out


# --------------------------------------------------------------------------- renderers


def _table(d: SuiteDiff) -> list[tuple[str, ...]]:
    rows = [(fam, *(str(c[s]) for s in STATUSES)) for fam, c in d.counts.items()]
    rows.append(("total", *(str(d.total(s)) for s in STATUSES)))
    return rows


def format_text(d: SuiteDiff, *, details: bool = True) -> str:
    lines = [f"{d.old_name} -> {d.new_name}: {d.old_cases} -> {d.new_cases} cases", ""]
    lines.append(f"{'family':<12} {'kept':>6} {'changed':>8} {'new':>5} {'retired':>8}")
    for fam, *nums in _table(d):
        lines.append(f"{fam:<12} {nums[0]:>6} {nums[1]:>8} {nums[2]:>5} {nums[3]:>8}")
    if d.header:
        lines.append("")
        lines.extend(d.header)
    marks = {"changed": "~", "new": "+", "retired": "-"}
    current = None
    for e in d.entries:
        if e.status != current:
            current = e.status
            lines.extend(["", f"{current}:"])
        lines.append(f"  {marks[e.status]} {e.base} [{', '.join(e.variants)}] {e.family}: {e.reason}")
        if details:
            lines.extend(f"      {line}" for line in (ln for fd in e.fields for ln in _lines(fd)))
    return "\n".join(lines) + "\n"


def _fence(body: str) -> str:
    longest = max((len(m) for m in re.findall(r"`+", body)), default=0)
    return "`" * max(3, longest + 1)


def format_markdown(d: SuiteDiff, *, details: bool = True) -> str:
    """A code-review comment: summary table, header changes, one collapsible block per entry."""
    out = [f"### Suite diff: `{d.old_name}` → `{d.new_name}` ({d.old_cases} → {d.new_cases} cases)", ""]
    out.append("| family | kept | changed | new | retired |")
    out.append("|---|---:|---:|---:|---:|")
    for fam, *nums in _table(d):
        name = f"**{fam}**" if fam == "total" else fam
        out.append(f"| {name} | " + " | ".join(nums) + " |")
    if d.header:
        out.append("")
        out.extend(f"- {line.replace('&', '&amp;').replace('<', '&lt;')}" for line in d.header)
    titles = {"changed": "Changed", "new": "New", "retired": "Retired"}
    current = None
    for e in d.entries:
        if e.status != current:
            current = e.status
            n = sum(len(x.ids) for x in d.entries if x.status == current)
            out.extend(["", f"#### {titles[current]} ({n} case{'s' if n != 1 else ''})", ""])
        summary = (f"<code>{html.escape(e.base)}</code> · {html.escape(e.family)} · "
                   f"{html.escape(', '.join(e.variants))} · {html.escape(e.reason)}")
        if not details:
            out.append(f"- {summary}")
            continue
        body = "\n".join(ln for fd in e.fields for ln in _lines(fd))
        fence = _fence(body)
        out.extend(["<details>", f"<summary>{summary}</summary>", "", f"{fence}diff", body, fence, "",
                    "</details>"])
    return "\n".join(out) + "\n"


def diff_to_dict(d: SuiteDiff) -> dict[str, Any]:
    return {
        "old": d.old_name,
        "new": d.new_name,
        "cases": {"old": d.old_cases, "new": d.new_cases},
        "counts": {f: {s: c[s] for s in STATUSES} for f, c in d.counts.items()},
        "totals": {s: d.total(s) for s in STATUSES},
        "header": list(d.header),
        "entries": [
            {"status": e.status, "family": e.family, "ids": list(e.ids), "reason": e.reason,
             "fields": [{"name": f.name, "old": f.old, "new": f.new} for f in e.fields]}
            for e in d.entries
        ],
    }
