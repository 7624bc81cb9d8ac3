"""Markdown (and MDX, Jekyll/Eleventy Liquid, ERB) to readable text.

Three passes over the source, none of which moves an offset:

1. *mask*: front matter, fenced code, comments, Liquid/ERB tags, MDX import/export lines and
   HTML/JSX tags are replaced by same-length mask characters (``inline.MASK_*``);
2. *blocks*: a line scanner finds headings, paragraphs, list items and pipe tables;
   ``<table>`` elements were located before masking and are rendered from their cells;
3. *inline*: each block's links, emphasis, code spans, escapes and entities are stripped
   while its text is written, with its source offsets, to a :class:`TextBuilder`.

Every heading, list item and table row ends up on its own line, and blocks are separated by a
blank line, so sentence splitting never joins a heading to the paragraph after it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import htmlbits
from .htmlbits import Masker
from .inline import MASK_BREAK, emit_markdown_inline
from .tables import write_html_table, write_table
from .textmap import TextBuilder

# ----------------------------------------------------------------------------- pass 1: mask

_FRONT_MATTER = re.compile(r"\A(?:---|\+\+\+)[ \t]*\n")
_FENCE_OPEN = re.compile(r"^(?P<pre>[ \t]*(?:>[ \t]?)*[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>[^\n]*)$")
_FENCE_CLOSE = re.compile(r"^[ \t]*(?:>[ \t]?)*[ \t]*(?P<fence>`{3,}|~{3,})[ \t]*$")

_MASKABLE = re.compile(
    r"(?=[`<{\[ie])"  # fail fast where no construct can start
    r"(?:(?P<mdx>^(?-i:import[ \t][^\n]*?\bfrom[ \t]*['\"][^\n]*|import[ \t]+['\"][^\n]*"
    r"|export[ \t]+(?:default|const|let|var|function|async|class|\{)[^\n]*)$)"
    r"|(?P<code>``[^\n]+?``|`[^`\n]+`)"
    r"|(?P<comment><!--.*?-->)"
    r"|(?P<lblock>\{%-?\s*(?P<lb>comment|highlight|raw_code)\b.*?%\}.*?\{%-?\s*end(?P=lb)\s*-?%\})"
    r"|(?P<liquid>\{%-?\s*(?P<lname>\w*)(?P<largs>.*?)-?%\})"
    r"|(?P<output>\{\{.*?\}\})"
    r"|(?P<erb><%.*?%>)"
    r"|(?P<drop>" + htmlbits.DROP_ELEMENT.pattern + r")"
    r"|(?P<tag>" + htmlbits.TAG.pattern + r")"
    r"|(?P<admonition>\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION|INFO|DANGER)\]))",
    re.S | re.M | re.I,
)
_QUOTED = re.compile(r"""(?P<q>["'])(?P<value>(?:(?!(?P=q))[^\n])*)(?P=q)""")


def _front_matter_end(text: str) -> int:
    m = _FRONT_MATTER.match(text)
    if not m:
        return 0
    fence = text[:3]
    close = re.compile(r"^(?:" + re.escape(fence) + r"|\.\.\.)[ \t]*$", re.M)
    c = close.search(text, m.end())
    if not c:
        return 0
    return min(len(text), c.end() + 1)


def _lines(text: str) -> list[tuple[int, int]]:
    out = []
    pos = 0
    for line in text.split("\n"):
        out.append((pos, pos + len(line)))
        pos += len(line) + 1
    return out


def _fenced_code(text: str, lines: list[tuple[int, int]], start: int) -> list[tuple[int, int]]:
    """Ranges of fenced code blocks (fence lines included). An unclosed fence runs to the end."""
    ranges = []
    open_at: int | None = None
    fence = ""
    for a, b in lines:
        if a < start:
            continue
        line = text[a:b]
        if open_at is None:
            m = _FENCE_OPEN.match(line)
            if m and not (m.group("fence")[0] == "`" and "`" in m.group("info")):
                open_at, fence = a, m.group("fence")
        else:
            m = _FENCE_CLOSE.match(line)
            if m and m.group("fence")[0] == fence[0] and len(m.group("fence")) >= len(fence):
                ranges.append((open_at, b))
                open_at = None
    if open_at is not None:
        ranges.append((open_at, len(text)))
    return ranges


def _mask(text: str, fm_end: int, code: list[tuple[int, int]]) -> str:
    pre = Masker(text)
    if fm_end:
        pre.delete(0, fm_end)
    for a, b in code:
        pre.delete(a, b)
    work = pre.apply()
    masker = Masker(work)
    for m in _MASKABLE.finditer(work, fm_end):
        kind = m.lastgroup
        if kind == "code":
            continue  # inline code stays verbatim (it may hold <placeholders>)
        a, b = m.span()
        if kind == "tag":
            htmlbits.mask_tag(masker, m)  # the embedded TAG pattern's groups are in m
        elif kind == "liquid":
            _mask_liquid(masker, m)
        elif kind == "drop":
            masker.brk(a, b)
        else:
            masker.delete(a, b)
    return masker.apply()


def _mask_liquid(masker: Masker, m: re.Match) -> None:
    """Liquid tags vanish, except two that carry words a reader sees on the rendered page:
    ``{% alert "Title" %}`` (a heading line) and ``{% slack_channel "name" %}`` (``#name``)."""
    a, b = m.span()
    name = m.group("lname").lower()
    q = _QUOTED.search(m.group("largs"))
    if name in ("alert", "slack_channel") and q and q.group("value").strip():
        va = m.start("largs") + q.start("value")
        vb = m.start("largs") + q.end("value")
        text = masker.text
        if name == "alert":
            masker.put(a, va, htmlbits.broken(text[a : va - 1]) + MASK_BREAK)
            masker.put(vb, b, MASK_BREAK + htmlbits.deleted(text[vb + 1 : b]))
        else:
            masker.put(a, va, htmlbits.deleted(text[a : va - 1]) + "#")
            masker.put(vb, b, htmlbits.deleted(text[vb:b]))
        return
    if name in ("alert", "endalert", "include"):
        masker.brk(a, b)
    else:
        masker.delete(a, b)


# ----------------------------------------------------------------------------- pass 2: blocks

_QUOTE_PREFIX = re.compile(r"[ \t]*(?:>[ \t]?)+")
_ATX = re.compile(r"[ \t]*(#{1,6})(?:[ \t]+|$)")
_ATX_CLOSE = re.compile(r"(?:^|[ \t]+)#+[ \t]*$")
_HR = re.compile(r"[ \t]*(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$")
_SETEXT = re.compile(r"[ \t]*(?:=+|-+)[ \t]*$")
_ITEM = re.compile(r"(?P<ind>[ \t]*)(?P<marker>[-*+]|\d{1,9}[.)])(?:[ \t]+|$)(?P<task>\[[ xX]\][ \t]+)?")
_REF_DEF = re.compile(r"[ \t]*\[(?P<label>[^\]^]+)\]:[ \t]*(?P<dest>\S?)")
_FOOTNOTE_DEF = re.compile(r"[ \t]*\[\^[^\]]+\]:[ \t]*")
_DELIM_ROW = re.compile(r"[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")
_BLANKISH = " \t\x00\x01"


@dataclass
class Block:
    kind: str  # heading | para | item | table | htmltable
    start: int
    ranges: list[tuple[int, int]] = field(default_factory=list)
    rows: list[tuple[int, int]] = field(default_factory=list)  # pipe-table lines (header first)
    table: htmlbits.Table | None = None


def _is_blank(s: str) -> bool:
    return not s.strip(_BLANKISH)


def _scan_blocks(work: str, lines: list[tuple[int, int]]) -> tuple[list[Block], frozenset[str]]:
    blocks: list[Block] = []
    refs: set[str] = set()
    cur: Block | None = None
    i = 0
    n = len(lines)
    while i < n:
        a, b = lines[i]
        q = _QUOTE_PREFIX.match(work, a, b)
        cs = q.end() if q else a
        line = work[cs:b]
        if _is_blank(line):
            cur = None
            i += 1
            continue
        probe = line.lstrip(_BLANKISH)
        off = cs + (len(line) - len(probe))
        # setext underline turns the paragraph above into a heading
        if _SETEXT.match(probe) and cur is not None and cur.kind == "para":
            cur.kind = "heading"
            cur = None
            i += 1
            continue
        if _HR.match(probe):
            cur = None
            i += 1
            continue
        m = _ATX.match(probe)
        if m:
            hs = off + m.end()
            c = _ATX_CLOSE.search(work[hs:b])
            he = hs + c.start() if c else b
            blocks.append(Block("heading", off, [(hs, he)]))
            cur = None
            i += 1
            continue
        fn = _FOOTNOTE_DEF.match(probe)
        if fn:  # a footnote's text is prose: keep it as a paragraph of its own
            cur = Block("para", off, [(off + fn.end(), b)])
            blocks.append(cur)
            i += 1
            continue
        ref = _REF_DEF.match(probe)
        if ref and (ref.group("dest") or (i + 1 < n and not _is_blank(work[slice(*lines[i + 1])]))):
            refs.add(ref.group("label").strip().lower())
            i += 1 if ref.group("dest") else 2  # the destination may sit on the next line
            continue
        if "|" in probe and i + 1 < n and _is_delim_row(work, lines[i + 1]):
            tb = Block("table", off, rows=[(off, b)])
            i += 2
            while i < n:
                a2, b2 = lines[i]
                q2 = _QUOTE_PREFIX.match(work, a2, b2)
                c2 = q2.end() if q2 else a2
                row = work[c2:b2]
                if _is_blank(row) or "|" not in row:
                    break
                tb.rows.append((c2, b2))
                i += 1
            blocks.append(tb)
            cur = None
            continue
        m = _ITEM.match(probe)
        # an ordered list interrupts a paragraph only when it starts at 1 (CommonMark)
        if m and not (cur is not None and cur.kind == "para" and m.group("marker")[0].isdigit()
                      and m.group("marker")[:-1] != "1"):
            cur = Block("item", off, [(off + m.end(), b)])
            blocks.append(cur)
            i += 1
            continue
        if cur is not None and cur.kind in ("para", "item"):
            cur.ranges.append((off, b))
        else:
            cur = Block("para", off, [(off, b)])
            blocks.append(cur)
        i += 1
    return blocks, frozenset(refs)


def _is_delim_row(work: str, line: tuple[int, int]) -> bool:
    a, b = line
    q = _QUOTE_PREFIX.match(work, a, b)
    s = work[q.end() if q else a : b]
    return "-" in s and bool(_DELIM_ROW.match(s)) and ("|" in s or s.strip().count("-") >= 3)


def _split_pipes(work: str, a: int, b: int) -> list[tuple[int, int]]:
    """Cell ranges of a pipe-table row: split on pipes that are not escaped or in code."""
    cells = []
    start = a
    in_code = False
    k = a
    while k < b:
        ch = work[k]
        if ch == "\\":
            k += 2
            continue
        if ch == "`":
            in_code = not in_code
        elif ch == "|" and not in_code:
            cells.append((start, k))
            start = k + 1
        k += 1
    cells.append((start, b))
    # a leading/trailing pipe leaves an empty edge cell
    if cells and _is_blank(work[cells[0][0] : cells[0][1]]) and work[a:b].lstrip(_BLANKISH).startswith("|"):
        cells = cells[1:]
    if cells and _is_blank(work[cells[-1][0] : cells[-1][1]]) and work[a:b].rstrip(_BLANKISH).endswith("|"):
        cells = cells[:-1]
    return cells


# ----------------------------------------------------------------------------- pass 3: write


def strip_markdown(text: str) -> TextBuilder:
    """Readable text of Markdown/MDX source ``text`` (line endings already ``\\n``)."""
    lines = _lines(text)
    fm_end = _front_matter_end(text)
    code = _fenced_code(text, lines, fm_end)
    masked = _mask(text, fm_end, code)
    tables = htmlbits.find_tables(masked_for_tables(text, fm_end, code), fm_end)
    work = masked
    if tables:
        blanker = Masker(masked)
        for t in tables:
            blanker.delete(t.start, t.end)
        work = blanker.apply()
    blocks, refs = _scan_blocks(work, lines)
    blocks.extend(Block("htmltable", t.start, table=t) for t in tables)
    blocks.sort(key=lambda blk: blk.start)

    b = TextBuilder()
    prev = ""
    for blk in blocks:
        if blk.kind == "table":
            _write_pipe_table(b, masked, blk, refs)
        elif blk.kind == "htmltable":
            _write_html_table(b, masked, blk.table, refs)
        else:
            if blk.kind == "item" and prev == "item":
                b.newline()
            else:
                b.blank()
            emit_markdown_inline(b, masked, blk.ranges, refs=refs)
        prev = blk.kind
    return b


def masked_for_tables(text: str, fm_end: int, code: list[tuple[int, int]]) -> str:
    """The source with only front matter and code masked: where ``<table>`` tags are found."""
    m = Masker(text)
    if fm_end:
        m.delete(0, fm_end)
    for a, c in code:
        m.delete(a, c)
    return m.apply()


def _cell(masked: str, a: int, c: int, refs) -> TextBuilder:
    cb = TextBuilder()
    emit_markdown_inline(cb, masked, [(a, c)], cell=True, refs=refs)
    return cb


def _write_pipe_table(b: TextBuilder, masked: str, blk: Block, refs) -> None:
    head_line, *body_lines = blk.rows
    header = [_cell(masked, a, c, refs) for a, c in _split_pipes(masked, *head_line)]
    body = [[_cell(masked, a, c, refs) for a, c in _split_pipes(masked, *ln)] for ln in body_lines]
    write_table(b, header, body)


def _write_html_table(b: TextBuilder, masked: str, table: htmlbits.Table, refs) -> None:
    write_html_table(b, table, lambda a, c: _cell(masked, a, c, refs),
                     caption=_cell(masked, *table.caption, refs) if table.caption else None)
