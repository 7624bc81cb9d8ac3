"""HTML to readable text: paragraphs, headings and list items as lines, tables as row
statements; ``<head>``, scripts, styles, navigation and ``<pre>`` code dropped.

Like the Markdown stripper it masks markup in place (offsets never move), so the document's
source map points every word back to the HTML file.
"""

from __future__ import annotations

import re

from . import htmlbits
from .htmlbits import Masker
from .inline import MASK_BREAK, emit_html_inline
from .tables import write_html_table
from .textmap import TextBuilder

_DROPPED = ("head", "pre") + htmlbits.DROP_CONTENT
_HTML_MASKABLE = re.compile(
    r"(?P<comment><!--.*?-->)"
    r"|(?P<decl><![^<>]*>|<\?[^<>]*\?>)"
    r"|(?P<drop><(?P<dn>" + "|".join(_DROPPED) + r")\b(?:[^<>]*[^/<>])?>.*?</(?P=dn)\s*>)"
    r"|(?P<tag>" + htmlbits.TAG.pattern + r")",
    re.S | re.I,
)
_BREAKS = re.compile(MASK_BREAK + "+")


def strip_html(text: str) -> TextBuilder:
    """Readable text of HTML source ``text`` (line endings already ``\\n``)."""
    pre = Masker(text)  # comments and dropped elements only: where tables are looked for
    masker = Masker(text)
    for m in _HTML_MASKABLE.finditer(text):
        kind = m.lastgroup
        a, b = m.span()
        if kind == "tag":
            htmlbits.mask_tag(masker, m)  # the embedded TAG pattern's groups are in m
            continue
        pre.delete(a, b)
        if kind == "drop":
            masker.brk(a, b)
        else:
            masker.delete(a, b)
    masked = masker.apply()
    tables = htmlbits.find_tables(pre.apply())
    work = masked
    if tables:
        blanker = Masker(masked)
        for t in tables:
            blanker.brk(t.start, t.end)
        work = blanker.apply()

    items: list[tuple[int, int, htmlbits.Table | None]] = []
    pos = 0
    for m in _BREAKS.finditer(work):
        items.append((pos, m.start(), None))
        pos = m.end()
    items.append((pos, len(work), None))
    items.extend((t.start, t.end, t) for t in tables)
    items.sort(key=lambda it: it[0])

    def cell_text(a: int, c: int) -> TextBuilder:
        cb = TextBuilder()
        emit_html_inline(cb, masked, [(a, c)], cell=True)
        return cb

    out = TextBuilder()
    for a, c, table in items:
        if table is not None:
            cap = cell_text(*table.caption) if table.caption else None
            write_html_table(out, table, cell_text, caption=cap)
        elif a < c and work[a:c].strip(" \t\n\x00"):
            out.blank()
            emit_html_inline(out, work, [(a, c)])
    return out
