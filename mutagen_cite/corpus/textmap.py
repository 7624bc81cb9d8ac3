"""Build readable text piece by piece while remembering where each piece came from.

Every markup stripper writes through a :class:`TextBuilder`. Verbatim pieces carry the source
offset of their first character; the builder collapses whitespace, separates blocks with blank
lines, and records ``(text_offset, source_offset)`` anchors only where the linear mapping
breaks. The result is ``Document.text`` and ``Document.source_map`` in one pass.
"""

from __future__ import annotations

import re
from bisect import bisect_right

_RUNS = re.compile(r"\s{2,}")
_TO_SPACE = {c: " " for c in range(0x3001) if chr(c).isspace() and c != 32}


class TextBuilder:
    """Accumulates text with a source map. Whitespace inside and between pieces collapses to
    one space; ``newline()`` ends a line and ``blank()`` ends a block (one blank line)."""

    __slots__ = ("_parts", "_len", "_anchors", "_expect", "_pending", "_sep", "_line_start",
                 "_newlines")

    def __init__(self) -> None:
        self._parts: list[str] = []
        self._len = 0
        self._anchors: list[tuple[int, int]] = []
        self._expect: int | None = None  # source offset the next char maps to, if linear
        self._pending = False  # whitespace seen since the last word
        self._sep = False  # a cell-internal break seen since the last word
        self._line_start = True
        self._newlines = 0  # newlines at the end of the text so far

    # ------------------------------------------------------------------ writing

    def add(self, piece: str, src: int) -> None:
        """Append verbatim source text ``piece`` whose first char is at source offset ``src``.

        Single whitespace characters become a space in place (the map stays linear); only
        runs of two or more break it, so most pieces cost one append."""
        if not piece:
            return
        body = piece.strip()
        if not body:
            self._pending = True
            return
        a = piece.index(body[0]) if piece[0].isspace() else 0
        if a:
            self._pending = True
        end = a + len(body)
        pos = a
        for m in _RUNS.finditer(piece, a, end):
            self._word(piece[pos : m.start()].translate(_TO_SPACE), src + pos)
            self._pending = True
            pos = m.end()
        self._word(piece[pos:end].translate(_TO_SPACE), src + pos)
        if end < len(piece):
            self._pending = True

    def synth(self, piece: str, at: int | None = None) -> None:
        """Append text that is not verbatim in the source (a table label separator, a decoded
        entity). ``at`` is the source offset it stands for, when there is one."""
        if not piece:
            return
        if piece.isspace():
            self.space()
            return
        lead = piece[0].isspace()
        body = piece.strip()
        if lead:
            self._pending = True
        self._flush_space()
        if at is not None:
            self._anchor(at)
        self._emit(body)
        if at is not None:
            self._expect = at + len(body)
        elif self._expect is not None:
            self._expect += len(body)
        if piece[-1].isspace():
            self._pending = True

    def soft_break(self) -> None:
        """A line break inside a table cell: ``; `` after a word, so the items a cell lists
        (``<li>``, ``<br>``) stay apart on the row's single line."""
        if self._parts and (self._parts[-1][-1].isalnum() or self._parts[-1][-1] in ")]\"'’”%"):
            self._sep = True
        self._pending = True

    def space(self) -> None:
        """Whitespace between words (collapses; dropped at line ends)."""
        self._pending = True

    def newline(self) -> None:
        """End the current line, if it has any text."""
        self._pending = False
        self._sep = False
        if not self._line_start:
            self._emit("\n")
            self._line_start = True

    def blank(self) -> None:
        """End the current block: the next text starts after one blank line."""
        self.newline()
        if self._len and self._newlines < 2:
            self._emit("\n")

    def extend(self, other: "TextBuilder") -> None:
        """Append everything ``other`` built (as words on the current line), anchors shifted."""
        text = other.text
        if not text:
            return
        self._flush_space()
        base = self._len
        for t, s in other._anchors:
            if t < len(text):
                self._anchors.append((base + t, s))
        self._emit(text)
        self._expect = other._expect_at_end()

    # ------------------------------------------------------------------ state

    def checkpoint(self) -> tuple:
        return (len(self._parts), self._len, len(self._anchors), self._expect, self._pending,
                self._sep, self._line_start, self._newlines)

    def rollback(self, state: tuple) -> None:
        (nparts, self._len, nanch, self._expect, self._pending, self._sep, self._line_start,
         self._newlines) = state
        del self._parts[nparts:]
        del self._anchors[nanch:]

    def __len__(self) -> int:
        return self._len

    @property
    def text(self) -> str:
        """The text so far, without trailing newlines."""
        return "".join(self._parts).rstrip("\n")

    @property
    def source_map(self) -> tuple[tuple[int, int], ...]:
        end = len(self.text)
        return tuple(a for a in self._anchors if a[0] < end)

    # ------------------------------------------------------------------ internals

    def _word(self, word: str, src: int) -> None:
        self._flush_space()
        if self._expect != src:
            self._anchor(src)
        self._emit(word)
        self._expect = src + len(word)

    def _flush_space(self) -> None:
        if self._sep and not self._line_start:
            self._emit(";")
            if self._expect is not None:
                self._expect += 1
        self._sep = False
        if self._pending and not self._line_start:
            self._emit(" ")
            if self._expect is not None:
                self._expect += 1
        self._pending = False

    def _anchor(self, src: int) -> None:
        if self._anchors and self._anchors[-1][0] == self._len:
            self._anchors[-1] = (self._len, src)
        else:
            self._anchors.append((self._len, src))
        self._expect = src

    def _emit(self, s: str) -> None:
        self._parts.append(s)
        self._len += len(s)
        if s == "\n":
            self._newlines += 1
        else:
            self._newlines = 0
            self._line_start = False

    def _expect_at_end(self) -> int | None:
        if not self._anchors:
            return None
        t, s = self._anchors[-1]
        return s + (len(self.text) - t)


def shift_for_removed_cr(
    anchors: tuple[tuple[int, int], ...], text_len: int, removed: list[int]
) -> tuple[tuple[int, int], ...]:
    """Re-express anchors that point into line-ending-normalised text as offsets into the
    decoded file. ``removed`` lists, in normalised coordinates, the offsets of the ``\\n``
    whose preceding ``\\r`` was dropped (each shifts everything from it on by one)."""
    if not removed or not anchors:
        return anchors
    out: list[tuple[int, int]] = []

    def raw(pos: int) -> int:
        return pos + bisect_right(removed, pos)

    for i, (t, s) in enumerate(anchors):
        t_end = anchors[i + 1][0] if i + 1 < len(anchors) else text_len
        out.append((t, raw(s)))
        # A removed CR inside this linear stretch breaks it: start a new anchor there.
        s_end = s + (t_end - t)
        lo = bisect_right(removed, s)
        while lo < len(removed) and removed[lo] < s_end:
            k = removed[lo]
            out.append((t + (k - s), raw(k)))
            lo += 1
    return tuple(out)
