"""Where a case's near miss differs from its true passage: the changed attribute, located.

A case's ``provenance`` records the edit (``mutation``: original, replacement, the slot's
offsets into the true sentence) and where each context chunk came from (``chunks``: role,
document offsets, synthetic or a real sibling). Reports show the two passages side by side
with the changed attribute marked; this module turns the record into character spans of
each passage's text, so every report marks the same place.

The spans are located in this order, and :attr:`Passage.how` says which step found them:

1. ``offsets``: the recorded offsets, checked against the text (the slot must read
   ``original`` in the true chunk; a synthetic near miss must read ``replacement`` there);
2. ``diff``: a synthetic near miss is its true window with one span changed, so the common
   prefix and suffix of the two texts bound the change (a grammar fix beside the slot, such
   as verb agreement, is inside that bound);
3. ``search``: the value itself, as a whole word, first inside the recorded sentence (the
   true sentence, or the sibling sentence a real near miss was read from), else anywhere.

Hand-written suites often record only ``original`` and ``replacement``: steps 2 and 3 cover
them. Nothing here raises on a partial record; a passage whose change cannot be located has
no spans and ``how == ""``.

Kept hand-written (a few string comparisons): difflib's matcher would find *a* longest match,
not the single spliced span, and the offsets are the authority where they check out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from ..model import Case

Span = tuple[int, int]


@dataclass(frozen=True)
class Passage:
    """One side of the comparison: a chunk's text with the changed attribute located."""

    role: str  # "true" | "distractor"
    chunk_id: str | None
    text: str
    spans: tuple[Span, ...] = ()  # the changed attribute (an empty span marks a deletion)
    sentence: Span | None = None  # the sentence holding it, where known
    in_context: bool = True  # False: shown for reference (the true chunk of a true-absent case)
    how: str = ""  # offsets | diff | search | "" (not located)
    value: str = ""  # what the attribute reads here: original (true) or replacement (near miss)
    origin: str = ""  # the mutation's origin: mined | synthetic | sibling

    def segments(self) -> list[dict]:
        """The text cut at the spans: ``{"text", "changed", "sentence", "gap"}`` pieces, in order.

        ``gap`` marks an empty span (a deleted word); ``sentence`` pieces lie inside the
        sentence holding the change, ``changed`` pieces inside the change itself."""
        cuts = {0, len(self.text)}
        for a, b in self.spans:
            cuts.update((a, b))
        if self.sentence is not None:
            cuts.update(self.sentence)
        points = sorted(c for c in cuts if 0 <= c <= len(self.text))
        out: list[dict] = []
        gaps = sorted(a for a, b in self.spans if a == b)
        for a, b in zip(points, points[1:] + [None]):
            for g in [g for g in gaps if g == a]:
                out.append({"text": "", "changed": True, "sentence": self._in_sentence(a, a), "gap": True})
                gaps.remove(g)
            if b is None or a == b:
                continue
            changed = any(s <= a and b <= e for s, e in self.spans if s < e)
            out.append({"text": self.text[a:b], "changed": changed, "sentence": self._in_sentence(a, b),
                        "gap": False})
        return out

    def _in_sentence(self, a: int, b: int) -> bool:
        return self.sentence is not None and self.sentence[0] <= a and b <= self.sentence[1]

    def changed_text(self) -> list[str]:
        return [self.text[a:b] for a, b in self.spans]


def provenance_dict(case: Case) -> dict:
    """The case's provenance as plain data, whether the model holds a mapping or typed record."""
    prov: Any = case.provenance
    if prov is None:
        return {}
    if hasattr(prov, "to_dict"):
        prov = prov.to_dict()
    return prov if isinstance(prov, Mapping) else {}


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def find_word(text: str, needle: str, lo: int = 0, hi: int | None = None) -> Span | None:
    """The first whole-word occurrence of ``needle`` in ``text[lo:hi]`` (exact case first)."""
    if not needle:
        return None
    hi = len(text) if hi is None else hi
    pattern = r"(?<!\w)" + re.escape(needle) + r"(?!\w)"
    for flags in (0, re.IGNORECASE):
        m = re.compile(pattern, flags).search(text, lo, hi)
        if m:
            return m.start(), m.end()
    return None


def shared_ends(a: str, b: str) -> tuple[int, int]:
    """``(prefix, suffix)``: how many characters ``a`` and ``b`` share at the start, and then at
    the end of what is left (so the two never overlap). The one definition of where an edit lies,
    for the reports, the validator and the candidate's edit span."""
    n = min(len(a), len(b))
    p = 0
    while p < n and a[p] == b[p]:
        p += 1
    s = 0
    while s < n - p and a[len(a) - 1 - s] == b[len(b) - 1 - s]:
        s += 1
    return p, s


def _diff(a: str, b: str) -> tuple[Span, Span] | None:
    """The one changed region of two texts that differ in one place: (span in a, span in b),
    widened to whole tokens ("3.0.0" -> "3.1.0" marks the version, not one digit)."""
    if a == b:
        return None
    p, s = shared_ends(a, b)
    ea, eb = len(a) - s, len(b) - s
    # widen to whole tokens only where the change starts or ends inside one
    if p > 0 and not a[p - 1].isspace() and not (a[p:ea] + b[p:eb])[:1].isspace():
        while p > 0 and not a[p - 1].isspace():
            p -= 1
        while p < min(ea, eb) and a[p] in _OPENERS:
            p += 1
    before = (b[eb - 1] if eb > p else a[ea - 1] if ea > p else " ")
    if s > 0 and not before.isspace() and not a[ea].isspace():
        grow = 0
        while ea + grow < len(a) and not a[ea + grow].isspace():
            grow += 1
        while grow > 0 and a[ea + grow - 1] in _CLOSERS:
            grow -= 1
        ea, eb = ea + grow, eb + grow
    return _trim(a, p, ea), _trim(b, p, eb)


def _trim(text: str, a: int, b: int) -> Span:
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    return a, b


_OPENERS = "([{\"'“‘"
_CLOSERS = ".,;:!?)]}\"'”’"


def _widen_to_value(text: str, span: Span, value: str | None) -> Span:
    """The recorded value's occurrence that holds ``span`` ("12" -> "12 editor seats"), else ``span``."""
    if value:
        pattern = re.compile(r"(?<!\w)" + re.escape(value) + r"(?!\w)")
        for m in pattern.finditer(text):
            if m.start() <= span[0] and span[1] <= m.end():
                return m.start(), m.end()
    return span


def _sentence_span(text: str, start: int | None, end: int | None, sentence: str | None) -> Span | None:
    if start is not None and end is not None and 0 <= start <= end <= len(text):
        if sentence is None or text[start:end] == sentence:
            return start, end
    if sentence:
        at = text.find(sentence)
        if at >= 0:
            return at, at + len(sentence)
    return None


def locate(case: Case, twin: Case | None = None) -> tuple[Passage | None, Passage | None]:
    """The true passage and the near miss of ``case`` with the changed attribute located.

    The true passage of a true-absent case is not in its context: it is read from ``twin``
    (the both-present case of the same pair) and marked ``in_context=False``. Either side is
    None when the suite does not say which chunk it is."""
    prov = provenance_dict(case)
    mutation = prov.get("mutation") if isinstance(prov.get("mutation"), Mapping) else {}
    entries = prov.get("chunks") if isinstance(prov.get("chunks"), Mapping) else {}
    original = _str(mutation.get("original"))
    replacement = _str(mutation.get("replacement"))
    origin = _str(mutation.get("origin")) or ""

    def role_of(c: Case, role: str) -> tuple[str, dict] | None:
        p = provenance_dict(c)
        chunks = p.get("chunks") if isinstance(p.get("chunks"), Mapping) else {}
        for cid in c.context_ids():
            entry = chunks.get(cid)
            if isinstance(entry, Mapping) and entry.get("role") == role:
                return cid, dict(entry)
        # no recorded role: a both-present case's expectations name the true chunk and the near miss
        named = c.expect.cited_chunks_include if role == "true" else c.expect.cited_chunks_exclude
        for cid in named:
            if c.chunk_text(cid) is not None and not (isinstance(chunks.get(cid), Mapping) and chunks[cid].get("role")):
                return cid, dict(chunks.get(cid) or {})
        return None

    true_at = role_of(case, "true")
    true_case = case
    if true_at is None and twin is not None:
        true_at, true_case = role_of(twin, "true"), twin
    dis_at = role_of(case, "distractor")
    if dis_at is None and twin is not None:  # a hand-written case may record roles on one side only
        dis_at = role_of(twin, "distractor")
        dis_at = dis_at if dis_at and case.chunk_text(dis_at[0]) is not None else None
    if dis_at is None and entries:
        dis_at = None

    true_text = true_case.chunk_text(true_at[0]) if true_at else None
    dis_text = case.chunk_text(dis_at[0]) if dis_at else None
    synthetic = bool(dis_at and dis_at[1].get("synthetic") is True)
    if dis_at and dis_at[1].get("synthetic") is None and true_at and true_text is not None and dis_text is not None:
        # unrecorded: a near miss in the true chunk's window is a splice of it
        synthetic = (dis_at[1].get("start"), dis_at[1].get("end"), dis_at[1].get("doc")) == (
            true_at[1].get("start"), true_at[1].get("end"), true_at[1].get("doc"))
    diff = _diff(true_text, dis_text) if synthetic and true_text is not None and dis_text is not None else None

    sent_start, sent_end = _int(prov.get("start")), _int(prov.get("end"))
    slot_start, slot_end = _int(mutation.get("slot_start")), _int(mutation.get("slot_end"))
    sentence_text = _str(prov.get("sentence"))

    true_passage = None
    if true_at and true_text is not None:
        base = _int(true_at[1].get("start"))
        rel = (sent_start - base, sent_end - base) if None not in (sent_start, sent_end, base) else (None, None)
        sentence = _sentence_span(true_text, rel[0], rel[1], sentence_text)
        spans: tuple[Span, ...] = ()
        how = ""
        if None not in (sent_start, slot_start, slot_end, base):
            a, b = sent_start + slot_start - base, sent_start + slot_end - base  # type: ignore[operator]
            if 0 <= a < b <= len(true_text) and (original is None or true_text[a:b] == original):
                spans, how = ((a, b),), "offsets"
        if not spans and diff is not None:
            spans, how = (_widen_to_value(true_text, diff[0], original),), "diff"
        if not spans and original:
            lo, hi = sentence if sentence else (0, len(true_text))
            hit = find_word(true_text, original, lo, hi) or find_word(true_text, original)
            if hit:
                spans, how = (hit,), "search"
        true_passage = Passage("true", true_at[0], true_text, spans, sentence, true_case is case, how,
                               original or "", origin)

    dis_passage = None
    if dis_at and dis_text is not None:
        entry = dis_at[1]
        base = _int(entry.get("start"))
        spans, how, sentence = (), "", None
        if synthetic:
            if None not in (sent_start, sent_end, base):
                shift = len(dis_text) - len(true_text) if true_text is not None else (
                    (len(replacement) - len(original)) if replacement is not None and original is not None else 0)
                sentence = _sentence_span(dis_text, sent_start - base, sent_end - base + shift, None)  # type: ignore[operator]
            if None not in (sent_start, slot_start, base) and replacement is not None:
                a = sent_start + slot_start - base  # type: ignore[operator]
                if 0 <= a <= len(dis_text) and dis_text[a:a + len(replacement)] == replacement and (
                        replacement or (true_text is None or diff is not None)):
                    spans, how = ((a, a + len(replacement)),), "offsets"
            if not spans and diff is not None:
                spans, how = (_widen_to_value(dis_text, diff[1], replacement),), "diff"
        else:
            sib = mutation.get("sibling") if isinstance(mutation.get("sibling"), Mapping) else {}
            s0, s1 = _int(sib.get("start")), _int(sib.get("end"))
            same_doc = sib.get("doc") in (None, entry.get("doc"))
            if None not in (s0, s1, base) and same_doc:
                sentence = _sentence_span(dis_text, s0 - base, s1 - base, None)  # type: ignore[operator]
        if not spans and replacement:
            lo, hi = sentence if sentence else (0, len(dis_text))
            hit = find_word(dis_text, replacement, lo, hi) or find_word(dis_text, replacement)
            if hit:
                spans, how = (hit,), "search"
        dis_passage = Passage("distractor", dis_at[0], dis_text, spans, sentence, True, how,
                              replacement if replacement is not None else "", origin)
    return true_passage, dis_passage


def twins(cases: Iterable[Case]) -> dict[str, Case]:
    """Case id -> the other variant of its pair, for the pairs whose both variants are given."""
    from .validate import twin_id

    by_id = {c.id: c for c in cases}
    out = {}
    for cid in by_id:
        other = twin_id(cid)
        if other and other in by_id:
            out[cid] = by_id[other]
    return out
