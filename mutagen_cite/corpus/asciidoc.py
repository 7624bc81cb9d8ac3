"""AsciiDoc to readable text, with every word mapped back to the source (exact offsets).

Hand-written because no Python library parses AsciiDoc with source positions (Asciidoctor is
Ruby; asciidoc-py renders without offsets). It covers the constructs documentation uses:

* section titles (``== Title``), block titles (``.Title``), paragraphs, lists (``*``, ``.``,
  ``-``, ``1.``), admonition paragraphs (``NOTE:``), description lists (``Term:: text``);
* dropped: comments (``//``, ``////`` blocks), attribute entries (``:name: value``, whose
  values replace ``{name}`` references), block attribute and anchor lines (``[source,sh]``),
  directives (``include::``, ``ifdef::``, ``image::``), listing/literal/passthrough blocks
  (``----``, ``....``, ``++++``) and fenced code;
* tables (``|===``) become one ``Header: value; ...`` line per row, like the other formats;
* inline: ``*strong*``, ``_emphasis_``, ```code```, ``#mark#``, ``link:url[text]``,
  ``https://url[text]``, ``xref:id[text]``, ``<<id,text>>``; footnotes and inline images dropped.
"""

from __future__ import annotations

import re

from .tables import write_table
from .textmap import TextBuilder

_VERBATIM = re.compile(r"^(?:-{4,}|\.{4,}|\+{4,}|/{4,}|`{3,}[\w+-]*)$")
_COMPOUND = re.compile(r"^(?:={4,}|\*{4,}|_{4,}|--)$")
_ATTR_ENTRY = re.compile(r"^:(?P<name>!?[\w][\w-]*!?):(?:[ \t]+(?P<value>.*))?$")
_BLOCK_ATTR = re.compile(r"^\[[^\]]*\]$|^\[\[[^\]]*\]\]$")
_DIRECTIVE = re.compile(r"^(?:include|ifdef|ifndef|ifeval|endif|image|video|audio|toc)::")
_HEADING = re.compile(r"^(?:=|#){1,6}[ \t]+(?=\S)")
_BLOCK_TITLE = re.compile(r"^\.(?=[^.\s])")
_LIST = re.compile(r"^[ \t]*(?:\*{1,5}|\.{1,5}|-|\d+\.|[a-z]\.)[ \t]+(?:\[[ x*]\][ \t]+)?(?=\S)")
_ADMONITION = re.compile(r"^(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION):[ \t]+")
_DLIST = re.compile(r"^(?P<term>[^:\n][^\n]*?)(?P<sep>:{2,4}|;;)(?:[ \t]+|$)")
_TABLE = re.compile(r"^[|,!:]===\s*$")

_INLINE = re.compile(
    r"(?P<drop>footnote:\[[^\]]*\]|image:[^\s\[]+\[[^\]]*\]|kbd:\[[^\]]*\]|\(\(\([^)]*\)\)\))"
    r"|(?P<macro>(?:link:|xref:|mailto:)[^\s\[]+\[(?P<mtext>[^\]]*)\])"
    r"|(?P<url>https?://[^\s\[<>]+\[(?P<utext>[^\]]*)\])"
    r"|(?P<xref><<(?P<xid>[^,>]+)(?:,\s*(?P<xtext>[^>]+))?>>)"
    r"|(?P<code>`(?P<ctext>[^`\n]+)`)"
    r"|(?P<pass>\+(?P<ptext>[^+\n]+)\+)"
    r"|(?P<attr>\{(?P<aname>[\w][\w-]*)\})"
    r"|(?P<strong>(?<![\w*])\*{1,2}(?=\S)(?P<stext>[^*\n]*?\S)\*{1,2}(?![\w*]))"
    r"|(?P<em>(?<![\w_])_{1,2}(?=\S)(?P<etext>[^_\n]*?\S)_{1,2}(?![\w_]))"
    r"|(?P<mark>(?<![\w#])#(?=\S)(?P<ktext>[^#\n]*?\S)#(?![\w#]))"
)


def strip_asciidoc(text: str) -> TextBuilder:
    """Readable text of AsciiDoc source ``text`` (line endings already ``\\n``)."""
    b = TextBuilder()
    attrs: dict[str, str] = {}
    lines: list[tuple[int, int]] = []
    pos = 0
    for line in text.split("\n"):
        lines.append((pos, pos + len(line)))
        pos += len(line) + 1
    i, n = 0, len(lines)
    header_next = False
    while i < n:
        a, e = lines[i]
        raw = text[a:e]
        s = raw.strip()
        i += 1
        if not s:
            b.blank()
            continue
        if _VERBATIM.match(s):
            close = "```" if s.startswith("`") else s
            while i < n and text[lines[i][0] : lines[i][1]].strip() != close:
                i += 1
            i += 1
            b.blank()
            continue
        if s.startswith("//") or _COMPOUND.match(s) or s == "+":
            if _COMPOUND.match(s):
                b.blank()
            continue
        m = _ATTR_ENTRY.match(raw)
        if m:
            if m.group("value") is not None:
                attrs[m.group("name").strip("!")] = m.group("value").strip()
            continue
        if _BLOCK_ATTR.match(s):
            header_next = header_next or "header" in s
            continue
        if _DIRECTIVE.match(s):
            continue
        if _TABLE.match(s):
            i = _table(b, text, lines, i, attrs, header_next)
            header_next = False
            continue
        header_next = False
        lead = len(raw) - len(raw.lstrip())
        m = _HEADING.match(raw) or _BLOCK_TITLE.match(raw)
        if m:
            b.blank()
            _inline(b, text, a + m.end(), e, attrs)
            b.blank()
            continue
        m = _LIST.match(raw)
        if m:
            b.newline()
            _inline(b, text, a + m.end(), e, attrs)
            continue
        m = _ADMONITION.match(raw)
        if m:
            b.blank()
            _inline(b, text, a + m.end(), e, attrs)
            continue
        m = _DLIST.match(raw)
        if m and not raw.lstrip().startswith(("http", "link:", "xref:")):
            b.newline()
            _inline(b, text, a + m.start("term"), a + m.end("term"), attrs)
            b.synth(": ")
            _inline(b, text, a + m.end(), e, attrs)
            continue
        _inline(b, text, a + lead, e, attrs)
        b.space()
    return b


def _inline(b: TextBuilder, text: str, x: int, y: int, attrs: dict[str, str]) -> None:
    """Write ``text[x:y]`` with inline markup removed; verbatim pieces keep their offsets."""
    pos = x
    for m in _INLINE.finditer(text, x, y):
        b.add(text[pos : m.start()], pos)
        pos = m.end()
        kind = m.lastgroup
        if kind == "drop":
            b.space()
        elif kind == "macro":
            b.add(m.group("mtext"), m.start("mtext")) if m.group("mtext") else None
        elif kind == "url":
            b.add(m.group("utext"), m.start("utext")) if m.group("utext") else None
        elif kind == "xref":
            g = "xtext" if m.group("xtext") else "xid"
            b.add(m.group(g), m.start(g))
        elif kind == "code":
            b.add(m.group("ctext"), m.start("ctext"))
        elif kind == "pass":
            b.add(m.group("ptext"), m.start("ptext"))
        elif kind == "attr":
            value = attrs.get(m.group("aname"))
            if value:
                b.synth(value, m.start())
            else:
                b.add(m.group(0), m.start())  # unknown attribute: keep it as written
        else:
            g = {"strong": "stext", "em": "etext", "mark": "ktext"}[kind]
            _inline(b, text, m.start(g), m.end(g), attrs)
    b.add(text[pos:y], pos)


def _table(b: TextBuilder, text: str, lines, i: int, attrs: dict[str, str], header: bool) -> int:
    """Rows of a ``|===`` table from line ``i`` to its closing delimiter; returns the next line."""
    rows: list[list[TextBuilder]] = []
    first_row_alone = False
    current: list[TextBuilder] = []
    width = 0
    n = len(lines)
    seen_rows = 0
    while i < n:
        a, e = lines[i]
        raw = text[a:e]
        i += 1
        if _TABLE.match(raw.strip()):
            break
        if not raw.strip():
            if current and width == 0:
                width = len(current)
                rows.append(current)
                current = []
                seen_rows += 1
                first_row_alone = seen_rows == 1
            continue
        cells = [m for m in re.finditer(r"(?:^|(?<=\s))(?:\d*[*+]?\w?)\|(?P<cell>[^|]*)", raw)]
        if not cells:  # a continuation line of the previous cell
            if current:
                current[-1].space()
                _inline(current[-1], text, a, e, attrs)
            continue
        for m in cells:
            cb = TextBuilder()
            _inline(cb, text, a + m.start("cell"), a + m.end("cell"), attrs)
            current.append(cb)
        if width == 0 and len(cells) > 1:
            width = len(cells)
        while width and len(current) >= width:
            rows.append(current[:width])
            current = current[width:]
            seen_rows += 1
    if current:
        rows.append(current)
    if not rows:
        return i
    has_header = header or first_row_alone
    write_table(b, rows[0] if has_header else None, rows[1:] if has_header else rows)
    return i
