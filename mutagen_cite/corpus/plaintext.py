"""Plain text is its own readable text: line endings are normalised (by the loader), outer
blank space trimmed, and runs of blank lines folded to one blank line."""

from __future__ import annotations

import re

_BLANK_RUN = re.compile(r"\n[ \t]*\n(?:[ \t]*\n)+")


def strip_text(text: str) -> tuple[str, tuple[tuple[int, int], ...]]:
    """``text`` without leading/trailing blank space or runs of blank lines, and the anchors
    that map it back (one at the start, one after each folded run).

    Hard-wrapped lines stay as they are; ``sentence_spans`` reads a single newline in plain
    text as a space unless the line structure says otherwise.
    """
    body = text.rstrip()
    lead = len(body) - len(body.lstrip())
    parts: list[str] = []
    anchors: list[tuple[int, int]] = [(0, lead)]
    out_len = 0
    pos = lead
    for m in _BLANK_RUN.finditer(body, lead):
        parts.append(body[pos : m.start()] + "\n\n")
        out_len += m.start() - pos + 2
        pos = m.end()
        anchors.append((out_len - 1, pos - 1))  # the second newline is the run's last one
        anchors.append((out_len, pos))
    parts.append(body[pos:])
    return "".join(parts), tuple(anchors)
