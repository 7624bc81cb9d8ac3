"""Plain-text tables and lines that fit the terminal (``shutil.get_terminal_size``; COLUMNS wins).

A table too wide for the terminal is cut into column groups printed one under the other, each
repeating the key column, so numbers such as ``0.20 (6/30)`` are never folded or truncated;
a long cell in the key column (a case id) is truncated with an ellipsis only when even one
data column cannot fit beside it. Prose lines wrap with ``textwrap`` under a hanging indent.

Kept hand-written: rich's tables fit the width by wrapping or folding cells, which splits the
numbers a reader compares across rows; column groups keep every number whole and aligned.
"""

from __future__ import annotations

import shutil
import textwrap
from typing import Sequence

#: The width used when output goes to a file (a report must not depend on the terminal).
FILE_WIDTH = 100
MIN_WIDTH = 40
GAP = "  "


def width(default: int = FILE_WIDTH) -> int:
    """The terminal's width in columns ($COLUMNS first), at least MIN_WIDTH."""
    return max(MIN_WIDTH, shutil.get_terminal_size((default, 24)).columns)


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: max(n - 1, 0)] + "…"


def table(columns: Sequence[str], rows: Sequence[Sequence[str]], *, max_width: int | None = None,
          rule_before_last: bool = False, groups: Sequence[tuple[str, int]] = ()) -> str:
    """A left-aligned first column and right-aligned data columns, fitted to ``max_width``.

    ``groups`` (label, number of columns) labels runs of data columns on a line above the
    header (e.g. one similarity function over its two columns); a split never cuts a group.
    ``rule_before_last`` draws a rule above the last row (a total)."""
    limit = max_width if max_width is not None else width()
    cells = [list(columns)] + [list(r) for r in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(columns))]
    units: list[list[int]] = []  # data column indexes that stay together
    if groups:
        i = 1
        for _, n in groups:
            units.append(list(range(i, i + n)))
            i += n
        units += [[j] for j in range(i, len(columns))]
    else:
        units = [[j] for j in range(1, len(columns))]
    labels = {u[0]: label for (label, _), u in zip(groups, units)} if groups else {}

    def unit_width(u: list[int]) -> int:
        inner = sum(widths[j] for j in u) + len(GAP) * (len(u) - 1)
        label = labels.get(u[0])
        return max(inner, len(label) if label else 0)

    key_w = widths[0]
    widest = max((unit_width(u) for u in units), default=0)
    if key_w + len(GAP) + widest > limit:  # even one unit does not fit beside the key: truncate keys
        key_w = max(8, limit - len(GAP) - widest)
    parts: list[list[list[int]]] = [[]]
    used = key_w
    for u in units:
        w = len(GAP) + unit_width(u)
        if parts[-1] and used + w > limit:
            parts.append([])
            used = key_w
        parts[-1].append(u)
        used += w
    blocks = [_block(cells, widths, key_w, part, labels, rule_before_last) for part in parts if part or not units]
    return "\n\n".join(blocks)


def _block(cells, widths, key_w, part, labels, rule_before_last) -> str:
    # a group label wider than its columns widens the unit's last column
    col_w = dict(enumerate(widths))
    for u in part:
        label = labels.get(u[0])
        inner = sum(widths[j] for j in u) + len(GAP) * (len(u) - 1)
        if label and len(label) > inner:
            col_w[u[-1]] += len(label) - inner
    order = [j for u in part for j in u]

    def line(row: Sequence[str]) -> str:
        out = [_clip(row[0], key_w).ljust(key_w)] + [row[j].rjust(col_w[j]) for j in order]
        return GAP.join(out).rstrip()

    rule = GAP.join(["-" * key_w] + ["-" * col_w[j] for j in order])
    out = []
    if labels:
        heads = [" " * key_w]
        for u in part:
            span = sum(col_w[j] for j in u) + len(GAP) * (len(u) - 1)
            heads.append((labels.get(u[0]) or "").center(span))
        out.append(GAP.join(heads).rstrip())
    out += [line(cells[0]), rule]
    body = [line(r) for r in cells[1:]]
    if rule_before_last and len(body) > 1:
        body.insert(len(body) - 1, rule)
    return "\n".join(out + body)


def wrap(text: str, *, max_width: int | None = None, indent: str = "", hang: str = "    ") -> str:
    """``text`` wrapped to the width, continuation lines under ``indent + hang``."""
    limit = max_width if max_width is not None else width()
    return textwrap.fill(text, width=limit, initial_indent=indent, subsequent_indent=indent + hang,
                         break_long_words=True, break_on_hyphens=False)
