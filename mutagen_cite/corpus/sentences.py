"""THE definition of a sentence for mutagen-cite: character spans in ``Document.text``.

Two steps, both rule-based and fast (no model):

1. *units*: text that must never be joined. In text stripped from markup (Markdown, RST,
   HTML) every line is a unit: the strippers put each heading, list item and table row on its
   own line and paragraphs on one line. In plain text and PDF a single newline is usually a
   hard wrap, so lines are joined unless the layout says otherwise (a blank line, a list
   marker, an ALL-CAPS heading, a column-aligned table row, or a line much shorter than the
   paragraph's longest).
2. *sentences*: a unit splits after ``.``, ``!``, ``?`` or an ellipsis (plus closing quotes
   and brackets) when whitespace and a plausible sentence start follow. A period after an
   abbreviation (``e.g.``, ``Dr.``, ``No.``) never splits; after an abbreviation that often
   ends sentences too (``etc.``, ``a.m.``, ``U.S.``) it splits only before a word that
   typically starts one (``The``, ``You``, ``If``...). Decimals, versions and domains never
   split because no whitespace follows their periods.

Table-row statements written by the strippers (``Plan: Pro; Retention: 120 hours.``) are one
sentence even if a cell holds several, so no row loses its labels.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..model import Document

# Bump when a rule changes which spans come out: caches keyed on sentence spans (the parse
# cache) read it and recompute.
SPLITTER_VERSION = "1"

SOFT_WRAP_FORMATS = frozenset({"text", "pdf"})

_CANDIDATE = re.compile(r"[.!?\u2026]+[)\]\"'\u2019\u201d\u00bb*_]*(?=\s)")
_OPENERS = "([{\"'\u2018\u201c\u00ab*_"
_LINE = re.compile(r"[^\n]+")
_PARAGRAPH = re.compile(r"\S(?:.|\n(?![ \t]*\n))*")
_LIST_MARKER = re.compile(r"[ \t]*(?:[-*\u2022\u25e6\u25aa\u2023\u2013]|\d{1,3}[.)]|\(?[a-z][.)])[ \t]+")
_TABLE_ROW = re.compile(r"[^:;\n]{1,120}: [^;\n]*?(?:; [^:;\n]{1,120}: [^;\n]*?)+[.!?]?\s*$")
_COLUMNS = re.compile(r"\S(?: {3,}|\t)\S")
_DOTTED = re.compile(r"(?:[a-z]\.){2,}")
_HAS_WORD = re.compile(r"\w")

# Never a sentence end: these are followed by more of the same sentence.
_NEVER = frozenset(
    """e.g. i.e. cf. vs. v. viz. approx. appx. incl. esp. resp. mr. mrs. ms. mx. dr. prof. rev.
    hon. st. mt. no. nos. fig. figs. vol. vols. pp. p. ch. sec. art. para. eq. ref. refs. ed.
    eds. dept. univ. assn. bros. gen. col. lt. sgt. capt. cmdr. gov. sen. rep. pres. supt. jan.
    feb. mar. apr. jun. jul. aug. sep. sept. oct. nov. dec. mon. tue. tues. wed. thu. thur.
    thurs. fri. sat. al. ca. approx. attn. tel. ext. est. op. cit. ibid. w/o. n.b. e.v.""".split()
)
# Often inside a sentence, sometimes its end: split only before a typical sentence opener.
_AMBIGUOUS = frozenset(
    """etc. inc. ltd. co. corp. llc. plc. gmbh. jr. sr. a.m. p.m. u.s. u.k. u.s.a. e.u. min.
    max. hr. hrs. mins. secs. yr. yrs. mo. mos. wk. wks. oz. lb. lbs. pt. sq.""".split()
)
_STARTERS = frozenset(
    """the a an this that these those it its if in on at for from to you your we our they their
    he she his her i my there here when where while why how what which who each every all some
    most many any no not note please see also however but and or so then thus therefore after
    before as because since although though once unless until with without by do does did is
    are was were be can could should would will may might must only both either neither
    other another one two first next finally otherwise instead additionally furthermore
    learn read contact click visit use make""".split()
)


def sentence_spans(doc: Document) -> list[tuple[int, int]]:
    """Sentence spans ``(start, end)`` in ``doc.text``: sorted, non-overlapping, trimmed of
    whitespace, never empty, each holding at least one letter or digit."""
    return list(_cached_spans(doc.text, doc.format in SOFT_WRAP_FORMATS))


def split_sentences(text: str, *, soft_newlines: bool = False) -> list[tuple[int, int]]:
    """Sentence spans of any text (an answer, a passage). With ``soft_newlines`` a single
    newline inside a paragraph is read as a space (hard-wrapped prose)."""
    return list(_cached_spans(text, soft_newlines))


@lru_cache(maxsize=1024)
def _cached_spans(text: str, soft: bool) -> tuple[tuple[int, int], ...]:
    spans: list[tuple[int, int]] = []
    units = _soft_units(text) if soft else ((m.start(), m.end()) for m in _LINE.finditer(text))
    for a, b in units:
        _split_unit(text, a, b, spans)
    return tuple(spans)


def _soft_units(text: str):
    """Units of hard-wrapped text: paragraphs, cut where a line is a list item or a line is
    much shorter than the paragraph's longest (an explicit break: heading, address line)."""
    for para in _PARAGRAPH.finditer(text):
        lines = [(m.start(), m.end()) for m in _LINE.finditer(text, para.start(), para.end())]
        widths = [len(text[a:b].strip()) for a, b in lines]
        widest = max(widths)
        start = lines[0][0]
        alone = [_stands_alone(text, a, b) for a, b in lines]
        for j in range(1, len(lines)):
            a, _ = lines[j]
            if (alone[j] or alone[j - 1] or _LIST_MARKER.match(text, a)
                    or widths[j - 1] < 0.6 * widest):
                yield start, lines[j - 1][1]
                start = a
        yield start, lines[-1][1]


def _stands_alone(text: str, a: int, b: int) -> bool:
    """A line that is never part of a wrapped paragraph: an ALL-CAPS heading, or a row of a
    column-aligned plain-text table (words separated by runs of spaces)."""
    line = text[a:b].strip()
    letters = [c for c in line if c.isalpha()]
    if len(letters) >= 3 and all(c.isupper() for c in letters):
        return True
    return _COLUMNS.search(line) is not None


def _split_unit(text: str, a: int, b: int, out: list[tuple[int, int]]) -> None:
    start = a
    if not _TABLE_ROW.match(text, a, b):
        for m in _CANDIDATE.finditer(text, a, b):
            e = m.end()
            n = e
            while n < b and text[n].isspace():
                n += 1
            if n >= b:
                break
            if _is_boundary(text, a, m.start(), e, n, b):
                _emit(text, start, e, out)
                start = n
    _emit(text, start, b, out)


def _emit(text: str, a: int, b: int, out: list[tuple[int, int]]) -> None:
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    if a < b and _HAS_WORD.search(text, a, b):
        out.append((a, b))


def _is_boundary(text: str, unit_start: int, p: int, e: int, n: int, b: int) -> bool:
    """Does the sentence end at ``e``? ``text[p:e]`` is the punctuation run, ``n`` the next
    non-space character."""
    k = n
    while k < b and text[k] in _OPENERS:
        k += 1
    if k >= b:
        return True
    first = text[k]
    if first.islower():
        return False
    run = text[p:e]
    if "?" in run or "!" in run or "\u2026" in run or ".." in run:
        return True
    # a single period: look at the word it ends
    w = p
    while w > unit_start and not text[w - 1].isspace():
        w -= 1
    word = text[w : p + 1].lstrip(_OPENERS).lower()
    if word in _NEVER:
        return False
    if word in _AMBIGUOUS or _DOTTED.fullmatch(word):
        return _next_word(text, k, b) in _STARTERS
    if len(word) == 2 and text[p - 1].isupper():  # an initial: "J. Smith"
        return False
    if w == unit_start and len(word) <= 4 and word[:-1].isdigit():  # "2. Book travel"
        return False
    return True


def _next_word(text: str, k: int, b: int) -> str:
    j = k
    while j < b and (text[j].isalpha() or text[j] == "'"):
        j += 1
    return text[k:j].lower()
