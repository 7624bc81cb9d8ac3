"""Rules (question v5) for a version edit that breaks the release history around it: the entry
of a release whose heading it contradicts, or a chunk's versions listed in order. Also whether
two version surfaces name the same product, and whether a version is of a listed third party.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ...analysis.domain import listed_style, style_of
from ..candidate import Candidate
from ..families.entity import Version
from ..questions import is_table_row


#: a heading that names a release: "v3.3.0 (2025-04-21)", "Version 11.3.0", "Release 2.4"
_RELEASE_HEADING = re.compile(r"^[#\s]*(?:[A-Za-z][\w.-]*\s+){0,3}v?(\d+)\.(\d+)(?:\.\d+)*\b[^\n]*$")


#: a dotted version number in running text ("3.2.0", "v3.3", "Relay 3.4")
_DOTTED = re.compile(r"(?<![\w.])v?(\d+)\.(\d+)(?:\.(\d+))?(?![\w.]*\d)")


#: a paragraph of one line: where the loaders leave a heading (Markdown marks are stripped)
_LONE_LINE = re.compile(r"(?:^|\n\n)([^\n]{1,80})(?=\n\n|\n?$)")


#: the sections of one release's entry ("Added", "Bug fixes", "Breaking changes"): headings that
#: do not end it
CHANGELOG_SECTION = re.compile(
    r"^[#\s]*(?:added|changed|changes|deprecated|deprecations|removed|removals|fixed|fixes|bug\s+fixes|security|"
    r"features?|new\s+features|improvements?|enhancements?|breaking\s+changes|highlights|known\s+issues|"
    r"upgrade\s+notes|notes|other)\s*$", re.I)


@lru_cache(maxsize=4)
def _lone_lines(doc_text: str) -> tuple[tuple[int, str], ...]:
    """``(offset, line)`` of every heading-like line of a document: a one-line paragraph of at
    most eight words, no closing punctuation, no table row. Found once per document."""
    out = []
    for m in _LONE_LINE.finditer(doc_text):
        line = m.group(1).strip()
        if line and len(line.split()) <= 8 and not re.search(r"[.!?;,:]$", line) and not is_table_row(line):
            out.append((m.start(1), line))
    return tuple(out)


@lru_cache(maxsize=4)
def _release_headings(doc_text: str) -> tuple[tuple[int, re.Match], ...]:
    """``(offset, match)`` of every heading of a document that names a release: a one-line
    paragraph of at most eight words, no closing punctuation, no table row, that names a
    version. Found once per document. A document with fewer than two is no release history
    (a guide's "Upgrading to 3.0" governs nothing below it), and gives none."""
    out = [(off, r) for off, line in _lone_lines(doc_text) for r in [_RELEASE_HEADING.match(line)] if r]
    return tuple(out) if len(out) >= 2 else ()


def _release_heading(doc_text: str, at: int) -> re.Match | None:
    """The heading of the release whose entry holds offset ``at`` in a release history: the
    nearest release heading above it, when every heading between is a section of an entry
    ("Added" under "v3.3.0" is still in the 3.3.0 entry; "Support windows" ends it)."""
    above = [(off, r) for off, r in _release_headings(doc_text) if off < at]
    if not above:
        return None
    start, release = above[-1]
    for off, line in _lone_lines(doc_text):
        if start < off < at and not CHANGELOG_SECTION.match(line):
            return None  # "Support windows" after the last release: its entry has ended
    return release


def _version_parts(surface: str) -> tuple[int, ...] | None:
    m = re.search(r"(\d+(?:\.\d+)*)", surface)
    return tuple(int(x) for x in m.group(1).split(".")) if m else None


def release_incoherent(c: Candidate, doc_text: str) -> tuple[str, str] | None:
    """v5: a version edit that breaks the release history around it (CASE-QUALITY question e).

    - ``release-entry``: the sentence sits in a release's entry (the nearest heading above it
      in the document names a version, "## v3.3.0 (2025-04-21)"), and the original or the new
      version belongs to that release line (same major number): "Relay 3.2 supports MySQL 8.4"
      in the 3.3.0 notes, or a 12.x patch in an 11.x entry, contradicts its heading. A version
      of another product ("MySQL 8.4" -> "MySQL 8.0"; "Python 3.13" under v3.4.0, a product the
      domain patterns list) stays a near miss.
    - ``version-order``: the chunk names two or more other versions of the same line in order
      ("Version 3.0.0 ... 3.1.0 ... 3.3.0 ..."), and the new version does not fit between its
      neighbours: a support table where 3.4.0 loses fixes before 3.3.0.
    A date moved past its neighbours is the date family's ``chronology`` rule."""
    if c.family.name not in ("entity", "scope") or c.site.kind != "version" or c.mutation is None:
        return None
    old, new = _version_parts(c.site.text), _version_parts(c.replacement)
    if not old or not new:
        return None
    release = _release_heading(doc_text, c.sentence.start)
    if release is not None and not _third_party(c.site.text):
        major = int(release.group(1))
        if major - 1 <= old[0] <= major + 1 and major - 1 <= new[0] <= major + 1:
            return ("release-entry", f"the sentence sits in the entry of release {release.group(0).strip('# ')[:30]!r}; "
                    f"changing {c.site.text!r} to {c.replacement!r} contradicts its heading")
    off = c.sentence.start - c.true_chunk.start + c.site.start
    seq: list[tuple[int, tuple[int, ...]]] = []
    for m in _DOTTED.finditer(c.true_chunk.text):
        parts = tuple(int(x) for x in m.groups() if x is not None)
        if parts[0] == old[0] and not (m.start() < off + len(c.site.text) and off < m.end()):
            seq.append((m.start(), parts))
    if len(seq) < 2:
        return None
    seq.append((off, old))
    seq.sort()
    k = next(i for i, (at, _) in enumerate(seq) if at == off)
    values = [p for _, p in seq]
    distinct = [v for i, v in enumerate(values) if i == 0 or v != values[i - 1]]
    if len(distinct) < 3:
        return None
    rising = all(a <= b for a, b in zip(values, values[1:]))
    falling = all(a >= b for a, b in zip(values, values[1:]))
    if not (rising or falling):
        return None
    changed = values[:k] + [new] + values[k + 1:]
    if not (all(a <= b for a, b in zip(changed, changed[1:])) if rising else all(a >= b for a, b in zip(changed, changed[1:]))):
        return ("version-order", f"the chunk lists versions in order; {c.replacement!r} in place of {c.site.text!r} breaks it")
    return None


def _third_party(version: str) -> bool:
    """The version is of a product the domain patterns list (a language, a database, a runtime:
    "Python 3.13", "PostgreSQL 16"): never the release line of the documents' own product."""
    v = Version.parse(version)
    name = v.prefix.strip() if v is not None else ""
    return bool(name) and (style_of(name, "product") is not None or listed_style(name, "product") is not None)


def _same_product(a: str, b: str) -> bool:
    """Two version surfaces name the same product ("Relay 3.3", "Relay 3.2"; "v3.4.0", "v3.3.0")."""
    x, y = Version.parse(a), Version.parse(b)
    if x is None or y is None:
        return False
    norm = {"v": "", "version": "", "release": ""}
    px, py = x.product.strip(), y.product.strip()
    return norm.get(px, px) == norm.get(py, py)
