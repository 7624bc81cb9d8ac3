"""Tables become one self-contained statement per body row.

A retrieval chunk holding the row ``| Pro | 120 hours |`` says nothing without its header, so
each row is written as ``Plan: Pro; Image retention: 120 hours.``: a sentence that carries its
own labels and can be cited, mutated and judged alone. Tables without a header read as
``key: value`` (the first cell names the row).
"""

from __future__ import annotations

from .htmlbits import Table
from .textmap import TextBuilder

_FINAL = ".!?"


def write_table(
    b: TextBuilder,
    header: list[TextBuilder] | None,
    body: list[list[TextBuilder]],
    caption: TextBuilder | None = None,
) -> None:
    """Write a table as its own block: caption line (if any), then one line per row."""
    b.blank()
    if caption is not None and caption.text:
        b.extend(caption)
        b.newline()
    labels = header if header and any(h.text for h in header) else None
    if not body and labels:  # a header with no rows: keep its words as one line
        _write_plain(b, labels)
        b.blank()
        return
    for cells in body:
        state = b.checkpoint()
        if not _write_row(b, labels, cells):
            b.rollback(state)
            continue
        b.newline()
    b.blank()


def _write_row(b: TextBuilder, labels: list[TextBuilder] | None, cells: list[TextBuilder]) -> bool:
    filled = [(i, c) for i, c in enumerate(cells) if c.text]
    if not filled:
        return False
    if labels is None:
        key_i, key = filled[0]
        b.extend(key)
        rest = filled[1:]
        if rest:
            b.synth(" " if key.text.endswith(":") else ": ")
            for n, (_, c) in enumerate(rest):
                if n:
                    b.synth("; ")
                b.extend(c)
    else:
        for n, (i, c) in enumerate(filled):
            if n:
                b.synth("; ")
            label = labels[i] if i < len(labels) else None
            if label is not None and label.text:
                b.extend(label)
                b.synth(" " if label.text.endswith(":") else ": ")
            b.extend(c)
    if filled[-1][1].text[-1] not in _FINAL:
        b.synth(".")
    return True


def _write_plain(b: TextBuilder, cells: list[TextBuilder]) -> None:
    first = True
    for c in cells:
        if not c.text:
            continue
        if not first:
            b.synth("; ")
        b.extend(c)
        first = False


def write_html_table(b: TextBuilder, table: Table, cell_text, caption=None) -> None:
    """Pick the header row of an HTML table (``<th>``/``<thead>``, or a first row whose cells
    are all bold) and write the rest as row statements."""
    rows = list(table.rows)
    header = None
    if rows and len(rows) > 1 and (all(c.header for c in rows[0]) or all(c.bold for c in rows[0])):
        header = [cell_text(c.start, c.end) for c in rows[0]]
        rows = rows[1:]
    body = [[cell_text(c.start, c.end) for c in row] for row in rows]
    write_table(b, header, body, caption)
