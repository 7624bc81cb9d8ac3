"""Inline markup inside one block (a paragraph, heading, list item or table cell).

A block is a list of source ranges (its lines, with list markers and quote prefixes already cut
off). They are joined with newlines so that inline constructs spanning lines (a link whose text
wraps) still match, and every emitted piece is mapped back to its source offset.

Input text has been *masked* by the block stripper: ``MASK_DELETE`` (NUL) stands for removed
markup (tags, Liquid, comments) and ``MASK_BREAK`` for a block-level tag (a hard break). Both are
the same length as what they replace, so offsets never move.
"""

from __future__ import annotations

import html
import re
from bisect import bisect_right

from .textmap import TextBuilder

MASK_DELETE = "\x00"
#: CommonMark's hard line break: two or more spaces before the end of a line inside a block
_HARD_BREAK = re.compile(r"[^ \t\x00\x01] {2,}$")
MASK_BREAK = "\x01"
_MASKED = re.compile(r"[\x00\x01]+")


class Segments:
    """Source ranges of one block joined by newlines, with a map back to the source."""

    __slots__ = ("text", "_cat_starts", "_src_starts", "_hard_breaks")

    def __init__(self, source: str, ranges: list[tuple[int, int]], *, hard_breaks: bool = False):
        self._hard_breaks = hard_breaks
        if len(ranges) == 1:
            a, b = ranges[0]
            self.text = source[a:b]
            self._cat_starts = [0]
            self._src_starts = [a]
            return
        pieces: list[str] = []
        cat_starts: list[int] = []
        pos = 0
        for a, b in ranges:
            cat_starts.append(pos)
            pieces.append(source[a:b])
            pos += (b - a) + 1
        self.text = "\n".join(pieces)
        self._cat_starts = cat_starts
        self._src_starts = [a for a, _ in ranges]

    def src(self, x: int) -> int:
        i = bisect_right(self._cat_starts, x) - 1
        return self._src_starts[i] + (x - self._cat_starts[i])

    def emit(self, b: TextBuilder, x: int, y: int, *, cell: bool) -> None:
        """Emit joined-text range [x, y) verbatim, honouring mask characters."""
        if x >= y:
            return
        text = self.text
        chunk = text[x:y]
        if MASK_DELETE in chunk or MASK_BREAK in chunk:
            pos = x
            for m in _MASKED.finditer(text, x, y):
                self._emit_run(b, pos, m.start())
                if MASK_BREAK in m.group():
                    if cell:
                        b.soft_break()
                    else:
                        b.blank()
                pos = m.end()
            self._emit_run(b, pos, y)
        else:
            self._emit_run(b, x, y)

    def _emit_run(self, b: TextBuilder, x: int, y: int) -> None:
        if x >= y:
            return
        starts = self._cat_starts
        if len(starts) == 1:
            b.add(self.text[x:y], self._src_starts[0] + x)
            return
        i = bisect_right(starts, x) - 1
        while x < y:
            seg_end = starts[i + 1] - 1 if i + 1 < len(starts) else len(self.text)
            stop = min(y, seg_end)
            if x < stop:
                b.add(self.text[x:stop], self._src_starts[i] + (x - starts[i]))
            if stop < y:  # the joining newline
                if self._hard_breaks and _HARD_BREAK.search(self.text, starts[i], stop):
                    b.newline()  # Markdown's hard line break ("**Term**  " then its text): a line of its own
                else:
                    b.space()
                x = stop + 1
                i += 1
            else:
                x = stop


def emit_entity(b: TextBuilder, entity: str, at: int) -> None:
    decoded = html.unescape(entity)
    if decoded == entity:
        b.add(entity, at)
    elif decoded.isspace():
        b.space()
    else:
        b.synth(decoded, at=at)


# ----------------------------------------------------------------------------- markdown

_URL = r"(?:[^()\s]|\([^()\s]*\))*(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*"
_LABEL = r"(?:[^\[\]]|\[[^\[\]]*\])*"

_MD_INLINE = re.compile(
    r"(?=[`!\[<\\&*_~{])"  # fail fast where no construct can start
    r"(?:(?P<code>(?P<ticks>`+)(?P<codebody>(?:(?!(?P=ticks)).)+?)(?P=ticks)(?!`))"
    r"|(?P<image>!\[" + _LABEL + r"\](?:\(" + _URL + r"\)|\[[^\]]*\]))"
    r"|(?P<link>\[(?P<ltext>" + _LABEL + r")\]\(" + _URL + r"\))"
    r"|(?P<reflink>\[(?P<rtext>[^\[\]]+)\]\[[^\]]*\])"
    r"|(?P<footnote>\[\^[^\]\s]+\])"
    r"|(?P<shortcut>\[(?P<stext>[^\[\]^]+)\](?![(\[:]))"
    r"|(?P<autolink><(?P<url>(?:https?|ftp|mailto):[^>\s]+)>)"
    r"|(?P<escape>\\[!-/:-@\[-`{-~])"
    r"|(?P<entity>&(?:[A-Za-z][A-Za-z0-9]{1,31}|\#[0-9]{1,7}|\#[xX][0-9A-Fa-f]{1,6});)"
    r"|(?P<emph>\*{1,3}|_{1,3}|~~)"
    r"|(?P<attr>\{[#.][\w.:-]+\}))",
    re.S,
)


def emit_markdown_inline(
    b: TextBuilder,
    source: str,
    ranges: list[tuple[int, int]],
    *,
    cell: bool = False,
    refs: frozenset[str] = frozenset(),
) -> None:
    """Strip Markdown inline syntax from a block and write its readable text to ``b``."""
    if not ranges:
        return
    seg = Segments(source, ranges, hard_breaks=not cell)
    _md_span(b, seg, 0, len(seg.text), cell, refs)


def _md_span(b: TextBuilder, seg: Segments, x: int, y: int, cell: bool, refs) -> None:
    text = seg.text
    pos = x
    for m in _MD_INLINE.finditer(text, x, y):
        kind = m.lastgroup  # the outermost group: it closes last
        if kind == "emph" and not _is_emphasis(text, m.start(), m.end()):
            continue
        seg.emit(b, pos, m.start(), cell=cell)
        pos = m.end()
        if kind == "shortcut" and m.group("stext").strip().lower() not in refs:
            # plain brackets, not a reference link: keep them, strip what is inside
            seg.emit(b, m.start(), m.start() + 1, cell=cell)
            _md_span(b, seg, *m.span("stext"), cell, refs)
            seg.emit(b, m.end() - 1, m.end(), cell=cell)
            continue
        if kind == "code":
            body_s, body_e = m.span("codebody")
            if body_e - body_s >= 2 and text[body_s] == " " and text[body_e - 1] == " ":
                body_s, body_e = body_s + 1, body_e - 1
            seg.emit(b, body_s, body_e, cell=cell)
        elif kind == "link":
            _md_span(b, seg, *m.span("ltext"), cell, refs)
        elif kind == "reflink":
            _md_span(b, seg, *m.span("rtext"), cell, refs)
        elif kind == "shortcut":
            _md_span(b, seg, *m.span("stext"), cell, refs)
        elif kind == "autolink":
            seg.emit(b, *m.span("url"), cell=cell)
        elif kind == "escape":
            seg.emit(b, m.start() + 1, m.end(), cell=cell)
        elif kind == "entity":
            emit_entity(b, m.group(), seg.src(m.start()))
        # image, footnote, emph, attr: dropped
    seg.emit(b, pos, y, cell=cell)


def _is_emphasis(text: str, a: int, b: int) -> bool:
    """A delimiter run is emphasis when it touches a word on one side (flanking); an
    underscore between two word characters (snake_case) is not."""
    before = text[a - 1] if a > 0 else " "
    after = text[b] if b < len(text) else " "
    if before.isspace() and after.isspace():
        return False
    if text[a] == "_" and before.isalnum() and after.isalnum():
        return False
    return True


# ----------------------------------------------------------------------------- html

_HTML_INLINE = re.compile(r"&(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});")


def emit_html_inline(
    b: TextBuilder, source: str, ranges: list[tuple[int, int]], *, cell: bool = False
) -> None:
    """Write the text of masked HTML (tags already masked) to ``b``, decoding entities."""
    if not ranges:
        return
    seg = Segments(source, ranges)
    pos = 0
    for m in _HTML_INLINE.finditer(seg.text):
        seg.emit(b, pos, m.start(), cell=cell)
        emit_entity(b, m.group(), seg.src(m.start()))
        pos = m.end()
    seg.emit(b, pos, len(seg.text), cell=cell)
