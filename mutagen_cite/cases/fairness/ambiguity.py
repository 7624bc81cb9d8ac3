"""Rules (question v5) for a question with two answers: a table row whose condition value
another row of the document holds, and another sentence of the chunk that says the same of
another value where the answer stands.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..candidate import Candidate
from ..questions import CONTRADICTING, is_table_row, row_cells
from .reading import _mentions, _sentence_spans


def ambiguous_in_document(c: Candidate, doc_text: str) -> tuple[str, str] | None:
    """v5: a table row whose condition value another row of the same document holds under the
    same column ("TIME: 1 business day" in three rows): "Which action has a time of 1 business
    day?" has several answers, even when the other rows fell into other chunks (a long table is
    split across chunks, so the chunk alone cannot tell)."""
    if c.family.name not in ("quantity", "date") or not is_table_row(c.sentence.text):
        return None

    column = next((h for h, v, at in row_cells(c.sentence.text) if at <= c.site.start < at + len(v) + 1), None)
    if not column:
        return None
    own = c.sentence.start
    for start, end, v in _table_cells(doc_text).get(column, ()):
        if not start <= own < end and _mentions(v, c.site.text):
            return ("ambiguous-table", f"another row of the document also has {column} {c.site.text!r}: "
                    "the question is ambiguous")
    return None


@lru_cache(maxsize=4)
def _table_cells(doc_text: str) -> dict[str, tuple[tuple[int, int, str], ...]]:
    """Every table row's cells of a document, by column header: ``(line start, line end, value)``
    in document order. Built once per document (every candidate of a document asks it), so
    :func:`ambiguous_in_document` does not read the whole document again per candidate."""
    out: dict[str, list[tuple[int, int, str]]] = {}
    for m in re.finditer(r"[^\n]+", doc_text):
        if is_table_row(m.group(0)):
            for h, v, _ in row_cells(m.group(0)):
                out.setdefault(h, []).append((m.start(), m.end(), v))
    return {h: tuple(rows) for h, rows in out.items()}


def answer_shared(c: Candidate) -> tuple[str, str] | None:
    """v5: another sentence of the true chunk says the same with another value where the answer
    stands ("SSO is included in the Business plan." beside "... in the Enterprise plan."): the
    question ("In which plan is SSO included?") has two answers, and the near miss keeps the
    other one, so it still answers the question."""
    if c.family.name not in CONTRADICTING or not c.phrasing.answer:
        return None
    text = c.sentence.text
    slot = c.phrasing.answer_slot
    a = slot.start if slot is not None else text.find(c.phrasing.answer)
    if a < 0:
        return None
    b = a + (len(slot.text) if slot is not None else len(c.phrasing.answer))
    before, after = " ".join(text[:a].split()).lower(), " ".join(text[b:].split()).lower()
    if len(before) + len(after) < 12:
        return None  # too little around the answer to call another sentence the same statement
    chunk = c.true_chunk.text
    own = c.sentence.start - c.true_chunk.start
    for x, y in _sentence_spans(chunk):
        if x <= own < y:
            continue
        other = " ".join(chunk[x:y].split()).lower()
        if len(other) > len(before) + len(after) and other.startswith(before) and other.endswith(after):
            return ("answer-shared", f"{chunk[x:y].strip()[:60]!r} says the same of another value: "
                    "the question has two answers")
    return None
