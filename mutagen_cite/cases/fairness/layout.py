"""The layout above a sentence in its chunk: the lead-in line of the list it is an item of, the
list's other items, and the heading of its section.
"""

from __future__ import annotations

import re

from ...corpus import split_sentences
from .coherence import _COLON_END, lead_in_line
from ..questions import is_table_row


#: a list item's marker at the start of a line
_LIST_ITEM = re.compile(r"^\s*(?:[-*+\u2022]|\d+[.)])\s+")


def _lead_in(before: str, sentence: str = "", rest: str | None = None) -> str | None:
    """The lead-in line ("... the following:") of the list whose item ends ``before`` (the
    chunk's text up to the edited sentence), or None when the sentence is no list item. An item
    whose marker the loader dropped counts when ``sentence`` starts its line and, like the lines
    above it, ends with no closing punctuation."""
    rest = sentence if rest is None else rest
    lines = before.split("\n")
    own = lines[-1] if lines else ""
    if not (_LIST_ITEM.match(own) or (not own.strip() and len(lines) > 1 and _bare_item(sentence))):
        return lead_in_line(before, rest)  # an item whose marker the loader dropped, ending with a full stop
    marked = bool(_LIST_ITEM.match(own))
    for line in reversed(lines[:-1]):
        if not line.strip() or _LIST_ITEM.match(line) or (not marked and _bare_item(line)):
            continue
        return line if line.rstrip().endswith(":") else None
    return None


def _bare_item(line: str) -> bool:
    """A list item whose marker the loader dropped: a short line with no closing punctuation."""
    text = line.strip()
    return bool(text) and len(text.split()) <= 25 and not re.search(r"[.!?:;]$", text)


#: the marks that open a Markdown heading line ("## ")
_HEADING_MARK = re.compile(r"^\s*#{1,6}\s+")


def section_heading(chunk: str, off: int) -> str | None:
    """The heading of the section ``off`` sits in, within ``chunk``: the nearest line above it
    that is a Markdown heading, or a paragraph of one short line (at most eight words) with no
    closing punctuation that is no table row ("Added", "Known limitations"); None when the
    chunk shows none. Lines of the sentence's own paragraph (a list's siblings) are skipped."""
    paras = re.split(r"\n\s*\n", chunk[:off])
    for k, para in enumerate(reversed(paras)):
        lines = [ln for ln in para.split("\n") if ln.strip()]
        for line in reversed(lines):
            if _HEADING_MARK.match(line):
                return _HEADING_MARK.sub("", line).strip(" *_`")
        if k == 0 or len(lines) != 1:
            continue
        line = lines[0].strip(" *_`")
        if (line and len(line.split()) <= 8 and not re.search(r"[.!?;,]$", line) and not is_table_row(line)
                and re.match(r"[A-Z0-9]", line)):
            return line.rstrip(":")
    return None


def _list_items(chunk: str, off: int, length: int) -> list[str] | None:
    """The other items of the list the sentence at ``off`` is an item of (its own line, marked
    or not, among lines of the same block), or None when it is no list item."""
    start = chunk.rfind("\n", 0, off) + 1
    end = chunk.find("\n", off + length)
    end = len(chunk) if end < 0 else end
    if _LIST_ITEM.sub("", chunk[start:off]).strip() or chunk[off + length:end].strip():
        return None  # the sentence does not fill its line
    lines: list[str] = []
    above = chunk[:start].split("\n")[:-1]
    below = chunk[end + 1:].split("\n") if end < len(chunk) else []
    for seq, rev in ((reversed(above), True), (below, False)):
        for line in seq:
            if not line.strip():
                break
            if not (_LIST_ITEM.match(line) or _bare_item(line) or re.search(r"\.\s*$", line)) or line.rstrip().endswith(":"):
                break
            lines.append(_LIST_ITEM.sub("", line).strip())
    return lines if lines else None


#: how many lines above a sentence the colon line it follows may be (its sibling items between)
COLON_LINE_REACH = 8
#: a line longer than this is a paragraph, not a sibling item between a sentence and its lead-in
ITEM_LINE_WORDS = 14


def colon_line_above(before: str, *, past_items: bool = True) -> str:
    """The line ending in a colon that the sentence right after ``before`` follows, past blank
    lines and, with ``past_items``, short sibling lines ("This means:" above one item or
    several), or ""."""
    if before.rstrip(" \t")[-1:] not in ("\n", ""):
        return ""  # the sentence does not start its line
    for line in reversed(before.split("\n")[-COLON_LINE_REACH:]):
        text = line.strip()
        if not text:
            continue
        if _COLON_END.search(text):
            return text  # "Three limits apply:", "**All traffic must:**"
        if not past_items or len(text.split()) > ITEM_LINE_WORDS:
            return ""
    return ""


def lead_above_items(before: str, sentence: str) -> str:
    """The last sentence of the paragraph right above a block of bare items ending with
    ``sentence`` (two or more lines with no closing punctuation, their markers dropped by the
    loader), when that paragraph ends with a full stop ("There are conditions that have to be met
    first."), or "": documentation leads into a list with a sentence as often as with a colon."""
    if not _bare_item(sentence) or before.rstrip(" \t")[-1:] not in ("\n",):
        return ""
    lines = before.split("\n")[:-1]
    siblings = 0
    while lines and _bare_item(lines[-1]):
        lines.pop()
        siblings += 1
    if not siblings:
        return ""  # one bare line under a paragraph is no list
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines or not lines[-1].rstrip().endswith("."):
        return ""
    paragraph = lines[-1].strip()
    start, end = split_sentences(paragraph)[-1]
    last = paragraph[start:end].strip()
    return last if len(last.split()) > 3 else ""
