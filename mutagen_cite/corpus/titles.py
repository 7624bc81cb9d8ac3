"""A document's title: what the page says it is about, read from its source before stripping.

A question about one sentence of a page often leans on the page's subject ("Should I check my
MySQL grants?" on a page about database imports): the title is where that subject is named.
The stripped text rarely holds it (front matter is masked; Mintlify and Docusaurus pages carry
their title there and nowhere else), so the loader reads it from the source:

- Markdown and MDX: the ``title:`` of the YAML front matter (PyYAML reads it; a block it cannot
  parse, such as one with templating, falls back to the ``title:`` line), else the first level-one
  heading (``# Title`` or a ``===`` underline) outside fenced code;
- HTML: ``<title>``, else the first ``<h1>``;
- reStructuredText: the first section title (a line over an underline of ``=``, ``-``, ``~``...);
- AsciiDoc: the document title line ``= Title``.

Plain text and PDF have none. The title is cleaned of inline markup and entities; an empty
string means none was found.
"""

from __future__ import annotations

import html
import re

_FRONT = re.compile(r"\A(?:---|\+\+\+)[ \t]*\n(.*?)\n(?:---|\+\+\+|\.\.\.)[ \t]*(?:\n|\Z)", re.S)
_TITLE_LINE = re.compile(r"^title\s*[:=]\s*(.+?)\s*$", re.M | re.I)
_FENCE = re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1[ \t]*$", re.S | re.M)
_ATX_H1 = re.compile(r"^#[ \t]+(.+?)[ \t#]*$", re.M)
_SETEXT_H1 = re.compile(r"^([^\n#<>|-][^\n]*)\n=+[ \t]*$", re.M)
_HTML_TITLE = re.compile(r"<title[^>]*>(.*?)</title>", re.S | re.I)
_HTML_H1 = re.compile(r"<h1[^>]*>(.*?)</h1>", re.S | re.I)
_RST_TITLE = re.compile(r"^(?:([=\-~^*#+`:.'\"_])\1{2,}\n)?([^\n]*\w[^\n]*)\n([=\-~^*#+`:.'\"_])\3{2,}[ \t]*$", re.M)
_ADOC_TITLE = re.compile(r"^=[ \t]+(.+?)[ \t]*$", re.M)


def document_title(source: str, fmt: str) -> str:
    """The title of a document of format ``fmt`` (``markdown``, ``html``, ``rst``, ``asciidoc``)
    from its source, cleaned to plain words; "" when it names none."""
    source = source.replace("\r\n", "\n")
    if fmt == "markdown":
        found = _markdown_title(source)
    elif fmt == "html":
        m = _HTML_TITLE.search(source) or _HTML_H1.search(source)
        found = re.sub(r"<[^>]+>", "", m.group(1)) if m else ""
    elif fmt == "rst":
        m = _RST_TITLE.search(source)
        found = m.group(2) if m else ""
    elif fmt == "asciidoc":
        m = _ADOC_TITLE.search(source)
        found = m.group(1) if m else ""
    else:
        found = ""
    return clean_title(found)


def _markdown_title(source: str) -> str:
    front = _FRONT.match(source)
    if front:
        title = _front_matter_title(front.group(1))
        if title and not re.search(r"\{[{%]", title):  # a templated title names nothing yet
            return title
        source = source[front.end():]
    body = _FENCE.sub("", source)
    m = _ATX_H1.search(body) or _SETEXT_H1.search(body)
    return m.group(1) if m else ""


def _front_matter_title(block: str) -> str:
    import yaml

    try:
        data = yaml.safe_load(block)
    except yaml.YAMLError:
        data = None
    if isinstance(data, dict):
        value = data.get("title")
        return value if isinstance(value, str) else ""
    m = _TITLE_LINE.search(block)
    return m.group(1).strip("\"'") if m else ""


def clean_title(title: str) -> str:
    """Inline Markdown (links, emphasis, code marks) and HTML entities removed, spaces squeezed."""
    text = html.unescape(title)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # [text](url) -> text
    text = re.sub(r"[*_`]+", "", text)
    text = re.sub(r"\{[^{}]*\}", "", text)  # MDX expressions, Liquid leftovers
    return " ".join(text.split())
