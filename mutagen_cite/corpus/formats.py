"""Which file extensions are read, as which format, by which stripper."""

from __future__ import annotations

from typing import Callable

from .asciidoc import strip_asciidoc
from .html import strip_html
from .markdown import strip_markdown
from .plaintext import strip_text
from .rst import strip_rst

EXTENSIONS: dict[str, str] = {
    ".md": "markdown",
    ".markdown": "markdown",
    ".mdown": "markdown",
    ".mkd": "markdown",
    ".mdx": "markdown",
    ".markerb": "markdown",  # Markdown with ERB (Rails/Fly.io docs: page.html.markerb)
    ".rst": "rst",
    ".txt": "text",
    ".text": "text",
    ".adoc": "asciidoc",
    ".asciidoc": "asciidoc",
    ".asc": "asciidoc",
    ".html": "html",
    ".htm": "html",
    ".pdf": "pdf",
}

SUPPORTED = tuple(EXTENSIONS)

#: Template-language suffixes whose tags the Markdown stripper masks (ERB ``<% %>``, Liquid and
#: Jinja/Nunjucks ``{% %}`` / ``{{ }}``): ``guide.md.erb`` is read as the Markdown inside.
_TEMPLATE_WRAPPERS = frozenset({".erb", ".liquid", ".njk", ".j2", ".jinja", ".jinja2"})
_WRAPPABLE = frozenset({"markdown"})
#: ``.txt`` after a markup suffix is a copy of that markup's source (Sphinx ``_sources/x.rst.txt``).
_TEXT_COPY = ".txt"
_COPYABLE = frozenset({"markdown", "rst", "asciidoc"})

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
    "asciidoc": _built(strip_asciidoc),
    "text": strip_text,
}


def _suffixes(name: str) -> list[str]:
    """Lower-case suffixes of a file name, ignoring a leading dot (``.env.md`` -> ``[".md"]``)."""
    parts = name.lstrip(".").lower().split(".")
    return ["." + p for p in parts[1:] if p]


def format_of(name: str) -> str | None:
    """The format of a file name by its extension (case-insensitive), or None.

    Compound names are read by their inner format: ``page.html.markerb`` and ``page.html.md``
    as Markdown (the last suffix decides), ``guide.md.erb`` as Markdown (a template wrapper
    around it), ``index.rst.txt`` as reStructuredText (a source copy).
    """
    suffixes = _suffixes(name)
    if not suffixes:
        return None
    last = suffixes[-1]
    if len(suffixes) >= 2:
        inner = EXTENSIONS.get(suffixes[-2])
        if last in _TEMPLATE_WRAPPERS and inner in _WRAPPABLE:
            return inner
        if last == _TEXT_COPY and inner in _COPYABLE:
            return inner
    return EXTENSIONS.get(last)


def extension_of(name: str) -> str:
    """The suffix a skipped file is counted under: ``.png``, ``.html.erb``, or ``(none)``."""
    suffixes = _suffixes(name)
    if not suffixes:
        return "(none)"
    if suffixes[-1] in _TEMPLATE_WRAPPERS and len(suffixes) >= 2:
        return "".join(suffixes[-2:])
    return suffixes[-1]
