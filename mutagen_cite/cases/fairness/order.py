"""The rule for an edited number that breaks the order of the numbers around it: a maximum
below a minimum in a row or sentence, a row or column whose values rise or fall step by step,
or, in a table too short for one column to show an order, a column turned against all the others.
"""

from __future__ import annotations

import re

from ...values import find_values
from ..candidate import Candidate
from ..questions import is_table_row, row_cells
from .reading import _sentence_spans


#: a cell header or label naming a value's role in an order: upper limits and lower ones / defaults
_UPPER_ROLE = re.compile(r"\b(?:max(?:imum)?|limit|cap|ceiling|up\s+to|highest|most)\b", re.I)


_LOWER_ROLE = re.compile(r"\b(?:min(?:imum)?|default|base|included|starting|floor|lowest|least|free)\b", re.I)


def _order_broken(c: Candidate) -> str | None:
    """An edited number that no longer fits the numbers around it (CASE-QUALITY question e): in a
    table row, a cell headed as a maximum now below one headed as a minimum or default (or the
    other way round), or a row whose values rise or fall cell by cell (a priority's response
    times per plan) now out of order; in a column of the chunk's table whose values rise (or
    fall) row by row (tiers, credits by breach size, limits by plan), that order broken; in
    prose, a value labelled as a maximum crossing one labelled as a minimum or default. A reader
    sees such a chunk contradict itself. Values of other dimensions, and cells of no order
    (a region's log retention beside its trace retention), are left alone."""
    text = c.sentence.text
    old = next((v for v in find_values(text) if v.start <= c.site.start < v.end or c.site.start <= v.start < c.site.end), None)
    new = find_values(c.replacement)
    if old is None or not new or new[0].dimension != old.dimension:
        return None
    a, b = _magnitude(old), _magnitude(new[0])
    if a is None or b is None or a == b:
        return None

    def flips(other: float) -> bool:
        return min(a, b) < other < max(a, b)

    if is_table_row(text):
        cells = row_cells(text)
        mine = next((h for h, v, at in cells if at <= old.start < at + len(v)), None)
        row: list[float] = []
        k = None
        for h, v, at in cells[1:]:  # the first cell is the row's key ("Years of service: 2 to 4 years"), no measure
            found = [o for o in find_values(v) if o.dimension == old.dimension and _magnitude(o) is not None]
            if not found:
                continue
            if at <= old.start < at + len(v):
                k = len(row)
            elif mine and flips(_magnitude(found[0])) and {_role(mine, len(mine)), _role(h, len(h))} == {"upper", "lower"}:
                return f"the new value crosses {h!r} ({v!r}), the other end of the row's range"
            row.append(_magnitude(found[0]))
        if k is not None and _breaks_order(row, k, b):
            return "the row's values rise or fall cell by cell and the new value breaks that order"
        if mine:
            column = _column_values(c, mine, old.dimension)
            if column is not None and _breaks_order(*column, b):
                return f"the column {mine!r} rises or falls row by row and the new value breaks that order"
            if _against_other_columns(c, mine, old.dimension, b):
                return (f"every other measure of the table rises (or falls) row by row, as {mine!r} did, and the "
                        "new value turns it the other way")
        return None
    for o in find_values(text):
        m = _magnitude(o)
        if o is old or o.dimension != old.dimension or m is None or not flips(m):
            continue
        mine_role, other_role = _role(text, old.end), _role(text, o.end)
        if {mine_role, other_role} == {"upper", "lower"}:
            return f"the new value crosses {o.text!r}, which the sentence gives as the other end of the range"
    return None


def _magnitude(v) -> float | None:
    """A value's size for ordering: its point, or the finite end of a bound."""
    for x in (v.low, v.high):
        if x not in (float("inf"), float("-inf")):
            return x
    return None


def _role(text: str, at: int) -> str | None:
    """"upper" or "lower" when the words right before ``at`` (a value's end: the value model may
    take a bound word into the value, "maximum quota of 100 GB") label it a maximum or a
    minimum/default; only the value's own clause counts."""
    before = text[max(0, at - 40):at]
    before = re.split(r"[.;,](?!\d)|\band\b", before)[-1]
    if _UPPER_ROLE.search(before):
        return "upper"
    if _LOWER_ROLE.search(before):
        return "lower"
    return None


def _chunk_rows(c: Candidate) -> list[tuple[list[tuple[str, str, int]], bool]]:
    """The table rows of the true chunk, in order: each row's cells and whether it is the edited row."""
    chunk = c.true_chunk.text
    off = c.sentence.start - c.true_chunk.start
    return [(row_cells(chunk[x:y].strip()), x <= off < y) for x, y in _sentence_spans(chunk)
            if is_table_row(chunk[x:y].strip())]


def _cell_magnitude(value: str, dimension: str | None) -> float | None:
    """The size of the first value in a cell (of ``dimension`` when given), or None."""
    found = [f for f in find_values(value) if dimension is None or f.dimension == dimension]
    return _magnitude(found[0]) if found else None


def _column_values(c: Candidate, header: str, dimension: str) -> tuple[list[float], int] | None:
    """The values under ``header`` in the table rows of the true chunk, in row order, and the
    edited row's index; None for fewer than three rows."""
    seq: list[float] = []
    k = None
    for cells, edited in _chunk_rows(c):
        vals = [v for h, v, _ in cells if h == header]
        m = _cell_magnitude(vals[0], dimension) if vals else None
        if m is None:
            continue
        if edited:
            k = len(seq)
        seq.append(m)
    return (seq, k) if k is not None and len(seq) >= 3 else None


def _table_rows(c: Candidate) -> tuple[list[dict[str, str]], int | None]:
    """The cells (header -> value) of the true chunk's table rows that share the edited row's
    headers, in row order, and the edited row's index."""
    headers = [h for h, _, _ in row_cells(c.sentence.text.strip())]
    rows: list[dict[str, str]] = []
    k = None
    for cells, edited in _chunk_rows(c):
        if [h for h, _, _ in cells] != headers:
            continue
        if edited:
            k = len(rows)
        rows.append({h: v for h, v, _ in cells})
    return rows, k


def _against_other_columns(c: Candidate, header: str, dimension: str, new: float) -> bool:
    """A table too short to show an order in one column (two rows: "small ... 5 GB", "medium ...
    10 GB") whose other measures all rise (or all fall) row by row, at least two of them, as the
    edited column did: the new value turning that column the other way makes the row contradict
    its table ("small" with more storage than "medium" while it has fewer CPUs and less memory)."""
    rows, k = _table_rows(c)
    if k is None or len(rows) < 2:
        return False

    def column(h: str, dim: str | None) -> list[float] | None:
        seq = [_cell_magnitude(cells.get(h, ""), dim) for cells in rows]
        return None if None in seq else seq

    mine = column(header, dimension)
    if mine is None or len(set(mine)) != len(mine) or not _monotone(mine):
        return False
    d = _direction(mine)
    others = [col for h in rows[0] if h != header and (col := column(h, None)) is not None]
    if len(others) < 2 or not all(len(set(o)) == len(o) and _monotone(o, d) for o in others):
        return False
    return not _monotone(mine[:k] + [new] + mine[k + 1:], d)


def _breaks_order(seq: list[float], k: int, new: float) -> bool:
    """``seq`` rises (or falls) step by step over at least three distinct values (an ordered
    scale: tiers, plans, breach sizes; two or a plateau may be order by accident), and ``new``
    in place ``k`` breaks that order."""
    if len(set(seq)) < 3 or not _monotone(seq):
        return False
    return not _monotone(seq[:k] + [new] + seq[k + 1:], _direction(seq))


def _direction(seq: list[float]) -> int:
    return 1 if seq[-1] > seq[0] else -1


def _monotone(seq: list[float], direction: int | None = None) -> bool:
    """Rising (or falling) row by row, not all equal; in ``direction`` when given."""
    if len(set(seq)) < 2:
        return False
    d = direction if direction is not None else _direction(seq)
    return all((y - x) * d >= 0 for x, y in zip(seq, seq[1:]))
