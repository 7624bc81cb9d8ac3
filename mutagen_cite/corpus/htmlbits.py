"""HTML pieces shared by the HTML loader and the Markdown loader (which meets HTML fragments).

* which tag names are HTML (or MDX/JSX components) and which of them break a block;
* ``mask_range``: replace markup by mask characters of the same length, so offsets hold;
* ``find_tables``: locate ``<table>`` elements and the source ranges of their cells.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .inline import MASK_BREAK, MASK_DELETE

BLOCK_TAGS = frozenset(
    """address article aside blockquote body br caption center dd details dialog dir div dl dt
    fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html legend li
    main menu ol option p pre section summary table tbody td tfoot th thead title tr ul""".split()
)
INLINE_TAGS = frozenset(
    """a abbr acronym area audio b base bdi bdo big button canvas cite code col colgroup data del
    dfn em embed font i iframe img input ins kbd label link map mark meta meter nav noscript object
    output param path picture q rp rt ruby s samp script select small source span strike strong
    style sub sup svg template textarea time track tt u var video wbr""".split()
)
# Elements whose whole content is dropped, not just their tags.
DROP_CONTENT = ("script", "style", "nav", "noscript", "template", "svg", "select", "textarea")

_NEWLINE_KEEP = re.compile(r"[^\n]")


def is_markup_tag(name: str) -> bool:
    """True for real HTML tags and MDX/JSX components (``Banner``, ``Tabs.Item``); false for
    placeholders written in angle brackets (``<NAME>``, ``<your-domain>``)."""
    low = name.lower()
    if low in BLOCK_TAGS or low in INLINE_TAGS:
        return True
    head = name.split(".")[0]
    return head[:1].isupper() and any(c.islower() for c in head)


def is_block_tag(name: str) -> bool:
    low = name.lower()
    return low in BLOCK_TAGS or (name[:1].isupper() and low not in INLINE_TAGS)


def deleted(s: str) -> str:
    """Mask text as deleted, keeping its newlines (so line structure survives)."""
    return _NEWLINE_KEEP.sub(MASK_DELETE, s)


def broken(s: str) -> str:
    """Mask text as a block break: a break character then deleted characters."""
    if not s:
        return s
    return MASK_BREAK + deleted(s[1:])


class Masker:
    """Collects non-overlapping replacements and applies them in one pass."""

    def __init__(self, text: str):
        self.text = text
        self._edits: list[tuple[int, int, str]] = []

    def put(self, a: int, b: int, replacement: str) -> None:
        assert len(replacement) == b - a
        self._edits.append((a, b, replacement))

    def delete(self, a: int, b: int) -> None:
        self.put(a, b, deleted(self.text[a:b]))

    def brk(self, a: int, b: int) -> None:
        self.put(a, b, broken(self.text[a:b]))

    def apply(self) -> str:
        if not self._edits:
            return self.text
        self._edits.sort()
        out: list[str] = []
        pos = 0
        for a, b, rep in self._edits:
            if a < pos:  # overlapping edit: the earlier one wins
                continue
            out.append(self.text[pos:a])
            out.append(rep)
            pos = b
        out.append(self.text[pos:])
        return "".join(out)


# ----------------------------------------------------------------------------- tags

TAG = re.compile(
    r"</?(?P<name>[A-Za-z][\w.:-]*)(?P<attrs>(?:\s[^<>]*?)?)\s*/?>",
    re.S,
)
_TITLE_ATTR = re.compile(r"""\btitle=(?P<q>["'])(?P<value>(?:(?!(?P=q))[^<>\n])*)(?P=q)""")
DROP_ELEMENT = re.compile(
    r"<(?P<dn>" + "|".join(DROP_CONTENT) + r")\b(?:[^<>]*[^/<>])?>.*?</(?P=dn)\s*>",
    re.S | re.I,
)
COMMENT = re.compile(r"<!--.*?-->", re.S)


def mask_tag(masker: Masker, m: re.Match) -> None:
    """Mask one matched tag (``TAG``): block tags become a break, inline tags vanish.

    A component's ``title="..."`` (MDX ``<Collapse title=...>``) is kept as its own line,
    because it is the heading of the content it wraps.
    """
    name = m.group("name")
    if not is_markup_tag(name):
        return
    a, b = m.span()
    if name[:1].isupper() and not m.group().startswith("</"):
        t = _TITLE_ATTR.search(m.group("attrs"))
        if t and t.group("value").strip():
            va = m.start("attrs") + t.start("value")
            vb = m.start("attrs") + t.end("value")
            masker.put(a, va, broken(masker.text[a : va - 1]) + MASK_BREAK)
            masker.put(vb, b, MASK_BREAK + deleted(masker.text[vb + 1 : b]))
            return
    if is_block_tag(name):
        masker.brk(a, b)
    else:
        masker.delete(a, b)


# ----------------------------------------------------------------------------- tables


@dataclass(frozen=True)
class Cell:
    start: int  # inner content range in the source
    end: int
    header: bool  # a <th>, or a cell of <thead>
    bold: bool  # the whole content is <strong>/<b>/**...**


@dataclass(frozen=True)
class Table:
    start: int  # the <table> element's range in the source
    end: int
    rows: tuple[tuple[Cell, ...], ...]
    caption: tuple[int, int] | None = None


_TABLE_TAG = re.compile(
    r"<(?P<close>/?)(?P<name>table|tr|td|th|thead|tbody|tfoot|caption)\b[^<>]*>", re.I
)
_BOLD = re.compile(
    r"\s*(?:<(?P<t>strong|b)\b[^>]*>.*</(?P=t)>|\*\*[^*].*\*\*)\s*$", re.S | re.I
)


def find_tables(text: str, start: int = 0, end: int | None = None) -> list[Table]:
    """Every top-level ``<table>`` in ``text[start:end]``, with its rows and cells."""
    end = len(text) if end is None else end
    tables: list[Table] = []
    depth = 0
    t_start = 0
    rows: list[tuple[Cell, ...]] = []
    row: list[Cell] = []
    cell_open: tuple[int, bool] | None = None  # (content start, is header)
    in_head = False
    caption_open: int | None = None
    caption: tuple[int, int] | None = None

    def close_cell(at: int) -> None:
        nonlocal cell_open
        if cell_open is not None:
            a, hdr = cell_open
            row.append(Cell(a, at, hdr, bool(_BOLD.match(text, a, at))))
            cell_open = None

    def close_row(at: int) -> None:
        nonlocal row
        close_cell(at)
        if row:
            rows.append(tuple(row))
        row = []

    for m in _TABLE_TAG.finditer(text, start, end):
        name = m.group("name").lower()
        closing = bool(m.group("close"))
        if name == "table":
            if not closing:
                depth += 1
                if depth == 1:
                    t_start = m.start()
                    rows, row, cell_open, in_head, caption = [], [], None, False, None
                continue
            if depth == 0:
                continue
            depth -= 1
            if depth == 0:
                close_row(m.start())
                tables.append(Table(t_start, m.end(), tuple(rows), caption))
            continue
        if depth != 1:
            continue
        if name == "caption":
            if closing and caption_open is not None:
                caption = (caption_open, m.start())
                caption_open = None
            elif not closing:
                caption_open = m.end()
        elif name == "thead":
            close_row(m.start())
            in_head = not closing
        elif name in ("tbody", "tfoot"):
            close_row(m.start())
            in_head = False
        elif name == "tr":
            close_row(m.start())
        elif closing:  # </td>, </th>
            close_cell(m.start())
        else:  # <td>, <th>
            close_cell(m.start())
            cell_open = (m.end(), name == "th" or in_head)
    return tables
