"""Plain text is its own readable text: only line endings are normalised (by the loader)."""

from __future__ import annotations


def strip_text(text: str) -> tuple[str, tuple[tuple[int, int], ...]]:
    """``text`` without leading/trailing blank space, and the one anchor that maps it back.

    Hard-wrapped lines stay as they are; ``sentence_spans`` reads a single newline in plain
    text as a space unless the line structure says otherwise.
    """
    body = text.rstrip()
    lead = len(body) - len(body.lstrip())
    return body[lead:], ((0, lead),)
