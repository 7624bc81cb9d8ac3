"""reStructuredText to readable text.

A line scanner (no docutils: it would resolve roles and directives we cannot know about, and
raise on unknown ones) that keeps section titles, paragraphs, list items and field lists,
renders grid, simple, ``list-table`` and ``csv-table`` tables as row statements, and drops
directive markup, comments, targets and literal/code blocks. Inline roles and references keep
their visible text.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field

from .inline import Segments
from .tables import write_table
from .textmap import TextBuilder

_ADORN_CHARS = re.escape("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_ADORN = re.compile(r"([" + _ADORN_CHARS + r"])\1{2,}\s*$")
_DIRECTIVE = re.compile(r"(?P<ind>[ \t]*)\.\.[ \t]+(?:\|[^|]+\|[ \t]+)?(?P<name>[\w:.+-]+)::(?:[ \t]+(?P<arg>.*))?$")
_EXPLICIT = re.compile(r"(?P<ind>[ \t]*)\.\.(?:[ \t]+|$)")
_FOOTNOTE = re.compile(r"(?P<ind>[ \t]*)\.\.[ \t]+\[(?:#[\w-]*|\*|\d+)\][ \t]+")
_OPTION = re.compile(r"[ \t]+:[\w -]+:(?:[ \t]|$)")
_BULLET = re.compile(r"(?P<ind>[ \t]*)(?:[-*+\u2022\u2023\u2043]|\(?(?:\d+|#|[a-zA-Z]|[ivxlcdm]+)[.)])[ \t]+")
_FIELD = re.compile(r"(?P<ind>[ \t]*):(?P<name>[^:`\s][^:`]*?):(?:[ \t]+|$)")
_LINE_BLOCK = re.compile(r"[ \t]*\|(?:[ \t]+|$)")
_GRID_BORDER = re.compile(r"[ \t]*\+(?:[-=]+\+)+[ \t]*$")
_SIMPLE_BORDER = re.compile(r"[ \t]*=+(?:[ \t]+=+)+[ \t]*$")

# Directives whose body is code, machinery or media, not prose.
_DROP_BODY = frozenset(
    """code code-block sourcecode literalinclude include raw toctree image figure math highlight
    contents sectnum meta index only ifconfig graphviz uml mermaid autoclass automodule
    autofunction automethod autodata autosummary doctest testcode testoutput productionlist
    default-role role jinja""".split()
)
# Directives whose argument is a title worth a line of its own.
_TITLE_ARG = frozenset("admonition topic sidebar rubric table list-table csv-table".split())


@dataclass
class _Block:
    kind: str  # heading | para | item | table
    ranges: list[tuple[int, int]] = field(default_factory=list)
    indent: int = 0
    label: tuple[int, int] | None = None  # field-list name
    header: list[list[list[tuple[int, int]]]] | None = None  # table: rows of cells of ranges
    body: list[list[list[tuple[int, int]]]] | None = None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


class _Scanner:
    def __init__(self, text: str):
        self.text = text
        self.lines: list[tuple[int, int]] = []
        pos = 0
        for line in text.split("\n"):
            self.lines.append((pos, pos + len(line)))
            pos += len(line) + 1
        self.blocks: list[_Block] = []

    def line(self, i: int) -> str:
        a, b = self.lines[i]
        return self.text[a:b]

    def blank(self, i: int) -> bool:
        return i >= len(self.lines) or not self.line(i).strip()

    def skip_body(self, i: int, ind: int) -> int:
        """Index of the first line after the block indented deeper than ``ind``."""
        n = len(self.lines)
        while i < n and (self.blank(i) or _indent(self.line(i)) > ind):
            i += 1
        return i

    def scan(self) -> list[_Block]:
        i, n = 0, len(self.lines)
        cur: _Block | None = None
        literal_from: int | None = None  # indent above which lines are a literal block
        while i < n:
            a, b = self.lines[i]
            line = self.text[a:b]
            if not line.strip():
                if cur is not None and cur.kind in ("para", "item") and self._ends_literal(cur):
                    literal_from = cur.indent
                cur = None
                i += 1
                continue
            ind = _indent(line)
            if literal_from is not None:
                if ind > literal_from:
                    i += 1
                    continue
                literal_from = None
            s = line.strip()
            off = a + ind
            nxt = self.line(i + 1) if i + 1 < n else ""

            m = _DIRECTIVE.match(line)
            if m:
                i = self._directive(i, m)
                cur = None
                continue
            m = _FOOTNOTE.match(line)
            if m:
                cur = _Block("para", [(a + m.end(), b)], indent=ind)
                self.blocks.append(cur)
                i += 1
                continue
            if _EXPLICIT.match(line):  # comment, target or substitution definition
                i = self.skip_body(i + 1, ind)
                cur = None
                continue
            if s.startswith(">>>"):
                while i < n and not self.blank(i):
                    i += 1
                continue
            # titles: overline + title + underline, or title + underline
            if _ADORN.match(s) and i + 2 < n and nxt.strip() and _ADORN.match(self.line(i + 2).strip()) \
                    and self.line(i + 2).strip()[0] == s[0]:
                na, nb = self.lines[i + 1]
                t = self.line(i + 1)
                self.blocks.append(_Block("heading", [(na + _indent(t), nb)]))
                cur = None
                i += 3
                continue
            if cur is None and nxt.strip() and _ADORN.match(nxt.strip()) and _indent(nxt) == 0 \
                    and ind == 0 and len(nxt.strip()) >= min(len(s), 3) and not _ADORN.match(s):
                self.blocks.append(_Block("heading", [(off, b)]))
                i += 2
                continue
            if _ADORN.match(s) and len(s) >= 4 and cur is None:  # transition
                i += 1
                continue
            if _GRID_BORDER.match(line) and cur is None:
                i = self._grid_table(i)
                continue
            if _SIMPLE_BORDER.match(line) and cur is None:
                i = self._simple_table(i)
                continue
            m = _BULLET.match(line)
            if m and not (cur is not None and cur.kind == "para" and not s[0] in "-*+\u2022"):
                cur = _Block("item", [(a + m.end(), b)], indent=ind)
                self.blocks.append(cur)
                i += 1
                continue
            m = _FIELD.match(line)
            if m:
                cur = _Block("item", [(a + m.end(), b)], indent=ind,
                             label=(a + m.start("name"), a + m.end("name")))
                self.blocks.append(cur)
                i += 1
                continue
            m = _LINE_BLOCK.match(line)
            if m:
                self.blocks.append(_Block("item", [(a + m.end(), b)], indent=ind))
                cur = None
                i += 1
                continue
            if cur is not None and cur.kind in ("para", "item"):
                cur.ranges.append((off, b))
            else:
                cur = _Block("para", [(off, b)], indent=ind)
                self.blocks.append(cur)
            i += 1
        if cur is not None:
            self._ends_literal(cur)
        return self.blocks

    def _ends_literal(self, blk: _Block) -> bool:
        """A paragraph ending in ``::`` introduces a literal block; its ``::`` reads as ``:``
        (or vanishes when it stands apart)."""
        a, b = blk.ranges[-1]
        seg = self.text[a:b].rstrip()
        if not seg.endswith("::"):
            return False
        end = a + len(seg)
        if len(seg) == 2 or seg[-3].isspace():
            blk.ranges[-1] = (a, end - 2)
        else:
            blk.ranges[-1] = (a, end - 1)
        return True

    # ------------------------------------------------------------------ directives

    def _directive(self, i: int, m: re.Match) -> int:
        ind = len(m.group("ind"))
        name = m.group("name").lower().split(":")[-1]
        a, _ = self.lines[i]
        j = i + 1
        options: dict[str, tuple[int, int]] = {}
        while j < len(self.lines) and _OPTION.match(self.line(j)):
            oa, ob = self.lines[j]
            om = re.match(r"[ \t]+:([\w -]+):[ \t]*", self.line(j))
            options[om.group(1).strip().lower()] = (oa + om.end(), ob)
            j += 1
        end = self.skip_body(j, ind)
        if name in _DROP_BODY:
            return end
        if m.group("arg") and m.group("arg").strip():
            kind = "heading" if name in _TITLE_ARG else "para"
            self.blocks.append(_Block(kind, [(a + m.start("arg"), a + m.end("arg"))]))
        if name == "list-table":
            self._list_table(j, end, options)
            return end
        if name == "csv-table":
            self._csv_table(j, end, options)
            return end
        return j  # admonitions and containers: the body is ordinary prose

    def _header_rows(self, options: dict[str, tuple[int, int]]) -> int:
        if "header-rows" not in options:
            return 0
        val = self.text[slice(*options["header-rows"])].strip()
        return int(val) if val.isdigit() else 0

    def _list_table(self, i: int, end: int, options) -> None:
        rows: list[list[list[tuple[int, int]]]] = []
        for k in range(i, end):
            a, b = self.lines[k]
            line = self.line(k)
            if not line.strip():
                continue
            r = re.match(r"[ \t]*\*[ \t]+-[ \t]+|[ \t]*\*[ \t]*$", line)
            c = re.match(r"[ \t]*-[ \t]+|[ \t]*-$", line)
            if r:
                rows.append([])
                if line.rstrip().endswith("*"):
                    continue
                rows[-1].append([(a + r.end(), b)])
            elif c and rows:
                rows[-1].append([(a + c.end(), b)])
            elif rows and rows[-1]:
                rows[-1][-1].append((a + _indent(line), b))
        hdr = self._header_rows(options)
        self.blocks.append(_Block("table", header=rows[:hdr] or None, body=rows[hdr:]))

    def _csv_table(self, i: int, end: int, options) -> None:
        rows = []
        header = None
        if "header" in options:
            header = [self._csv_cells(*options["header"])]
        for k in range(i, end):
            a, b = self.lines[k]
            if self.line(k).strip():
                rows.append(self._csv_cells(a + _indent(self.line(k)), b))
        hdr = self._header_rows(options)
        if header is None and hdr:
            header, rows = rows[:hdr], rows[hdr:]
        self.blocks.append(_Block("table", header=header, body=rows))

    def _csv_cells(self, a: int, b: int) -> list[list[tuple[int, int]]]:
        line = self.text[a:b]
        try:
            values = next(csv.reader([line], skipinitialspace=True))
        except (csv.Error, StopIteration):
            return [[(a, b)]]
        cells, pos = [], 0
        for v in values:
            k = line.find(v, pos) if v else -1
            if k < 0:
                cells.append([])
                continue
            cells.append([(a + k, a + k + len(v))])
            pos = k + len(v)
        return cells

    # ------------------------------------------------------------------ tables

    def _grid_table(self, i: int) -> int:
        first = self.line(i)
        cols = [k for k, ch in enumerate(first) if ch == "+"]
        bounds = list(zip(cols, cols[1:]))
        rows: list[list[list[tuple[int, int]]]] = []
        header_end = 0
        current: list[list[tuple[int, int]]] | None = None
        j = i + 1
        while j < len(self.lines):
            line = self.line(j)
            s = line.strip()
            if not s or s[0] not in "+|":
                break
            a, _ = self.lines[j]
            if _GRID_BORDER.match(line):
                if current is not None:
                    rows.append(current)
                current = None
                if "=" in line:
                    header_end = len(rows)
            else:
                if current is None:
                    current = [[] for _ in bounds]
                for k, (x, y) in enumerate(bounds):
                    lo, hi = min(x + 1, len(line)), min(y, len(line))
                    if lo < hi and line[lo:hi].strip():
                        current[k].append((a + lo, a + hi))
            j += 1
        if current is not None:
            rows.append(current)
        self.blocks.append(_Block("table", header=rows[:header_end] or None, body=rows[header_end:]))
        return j

    def _simple_table(self, i: int) -> int:
        border = self.line(i)
        spans = [mm.span() for mm in re.finditer(r"=+", border)]
        rows: list[list[list[tuple[int, int]]]] = []
        borders_seen = 1
        header_end = 0
        j = i + 1
        n = len(self.lines)
        while j < n:
            line = self.line(j)
            if _SIMPLE_BORDER.match(line):
                borders_seen += 1
                if j + 1 >= n or self.blank(j + 1):
                    j += 1
                    break
                header_end = len(rows)
                j += 1
                continue
            if not line.strip():
                j += 1
                continue
            a, _ = self.lines[j]
            cells: list[list[tuple[int, int]]] = []
            for k, (x, y) in enumerate(spans):
                hi = len(line) if k == len(spans) - 1 else min(y, len(line))
                lo = min(x, len(line))
                cells.append([(a + lo, a + hi)] if line[lo:hi].strip() else [])
            if rows and not cells[0]:  # continuation line
                for k, c in enumerate(cells):
                    rows[-1][k].extend(c)
            else:
                rows.append(cells)
            j += 1
        if borders_seen < 3:
            header_end = 0
        self.blocks.append(_Block("table", header=rows[:header_end] or None, body=rows[header_end:]))
        return j


# ----------------------------------------------------------------------------- inline

_RST_INLINE = re.compile(
    r"(?P<literal>``(?P<lit>[^`]+?)``)"
    r"|(?P<role>:[\w.+:-]+:`(?P<rtext>[^`]+)`)"
    r"|(?P<target>_`(?P<ttext>[^`]+)`)"
    r"|(?P<ref>`(?P<reftext>[^`]+)`(?:__?|:[\w.+-]+:)?)"
    r"|(?P<strong>\*\*)"
    r"|(?P<em>\*)"
    r"|(?P<subst>\|(?P<stext>[^|\s](?:[^|]*[^|\s])?)\|(?:__?)?)"
    r"|(?P<fnref>[ \t]*\[(?:\#[\w-]*|\*|\d+)\]_)"
    r"|(?P<wordref>(?<=\w)__?(?=[\s.,;:!?)\]'\"]|$))"
    r"|(?P<escape>\\.)",
    re.S,
)
_TARGET_SUFFIX = re.compile(r"\s*<[^<>]*>\s*$")


def _emit_rst_inline(b: TextBuilder, text: str, ranges: list[tuple[int, int]]) -> None:
    if not ranges:
        return
    seg = Segments(text, ranges)
    pos = 0
    t = seg.text
    for m in _RST_INLINE.finditer(t):
        kind = m.lastgroup
        if kind in ("strong", "em"):
            before = t[m.start() - 1] if m.start() else " "
            after = t[m.end()] if m.end() < len(t) else " "
            if before.isspace() and after.isspace():
                continue
        seg.emit(b, pos, m.start(), cell=False)
        pos = m.end()
        if kind == "literal":
            seg.emit(b, *m.span("lit"), cell=False)
        elif kind in ("role", "ref", "target", "subst"):
            group = {"role": "rtext", "ref": "reftext", "target": "ttext", "subst": "stext"}[kind]
            x, y = m.span(group)
            inner = t[x:y]
            cut = _TARGET_SUFFIX.search(inner)
            if cut and cut.start() > 0:
                y = x + cut.start()
            elif cut:  # only a target: `<url>`
                x, y = x + inner.index("<") + 1, x + inner.rindex(">")
            while x < y and t[x] in "~!":
                x += 1
            seg.emit(b, x, y, cell=False)
        elif kind == "escape":
            seg.emit(b, m.start() + 1, m.end(), cell=False)
        # strong/em markers, footnote references and trailing reference underscores: dropped
    seg.emit(b, pos, len(t), cell=False)


def _cell(text: str, ranges: list[tuple[int, int]]) -> TextBuilder:
    cb = TextBuilder()
    _emit_rst_inline(cb, text, ranges)
    return cb


def strip_rst(text: str) -> TextBuilder:
    """Readable text of reStructuredText source ``text`` (line endings already ``\\n``)."""
    blocks = _Scanner(text).scan()
    b = TextBuilder()
    prev = ""
    for blk in blocks:
        if blk.kind == "table":
            header = None
            if blk.header:
                header = [_cell(text, cell) for cell in blk.header[-1]]
            body = [[_cell(text, cell) for cell in row] for row in (blk.body or [])]
            write_table(b, header, body)
        else:
            if blk.kind == "item" and prev == "item":
                b.newline()
            else:
                b.blank()
            if blk.label is not None:
                _emit_rst_inline(b, text, [blk.label])
                b.synth(": ")
            _emit_rst_inline(b, text, blk.ranges)
        prev = blk.kind
    return b
