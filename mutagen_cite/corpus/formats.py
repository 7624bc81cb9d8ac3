"""Which file extensions are read, as which format, by which stripper."""

from __future__ import annotations

from typing import Callable

from .html import strip_html
from .markdown import strip_markdown
from .plaintext import strip_text
from .rst import strip_rst

EXTENSIONS: dict[str, str] = {
    ".md": "markdown",
    ".markdown": "markdown",
    ".mdx": "markdown",
    ".rst": "rst",
    ".txt": "text",
    ".text": "text",
    ".html": "html",
    ".htm": "html",
    ".pdf": "pdf",
}

SUPPORTED = tuple(EXTENSIONS)

Stripper = Callable[[str], tuple[str, tuple[tuple[int, int], ...]]]


def _built(fn) -> Stripper:
    def run(text: str) -> tuple[str, tuple[tuple[int, int], ...]]:
        b = fn(text)
        return b.text, b.source_map

    run.__doc__ = fn.__doc__
    return run


STRIPPERS: dict[str, Stripper] = {
    "markdown": _built(strip_markdown),
    "rst": _built(strip_rst),
    "html": _built(strip_html),
    "text": strip_text,
}


def format_of(name: str) -> str | None:
    """The format of a file name by its extension (case-insensitive), or None."""
    dot = name.rfind(".")
    if dot < 0:
        return None
    return EXTENSIONS.get(name[dot:].lower())
