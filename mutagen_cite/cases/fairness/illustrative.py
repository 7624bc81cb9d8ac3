"""Rules for table rows that illustrate rather than state: a worked example's table, and a
reverse lookup of a timeline's date.

Documentation puts two kinds of table on a page. A *reference* table lists the product's
standing options (plans, regions, resources, roles) and every row is a fact a reader looks up.
An *illustrative* table walks through one example ("Consider the following example, where each
unit represents an API call:", a section headed "Example", a page titled "Sample team
offsites"): its rows are one made-up or past instance, their values are computed from the rule
the page teaches, and no reader asks which of its rows has a given value. Fresh reviewers of
documentation the project had never seen failed every question asked of such rows ("Which tier
has a unit price of $0.0008?", "Which expense has a cost per person of $372?", "Which source has
a remaining at jan 31 of $1,098.08?") as quizzes with no topic, and most of their edits as values
the example's arithmetic rules out.

A row whose first cell is a date is a timeline (a ledger of one scenario, a schedule): asking
which *date* has a value reverses the question a reader asks ("When is ...?" asks the date
itself), so a question whose answer is the row's date key falls to the next candidate.

The cues are matched as words, not parsed: the signal is a fixed vocabulary of documentation
English ("for example", "consider the following", "sample"), so a regular expression states
it exactly and keeps the rule deterministic.
"""

from __future__ import annotations

import re

from ...values import find_values
from ..candidate import Candidate
from ..questions import heading_before_any, heading_text, is_table_row, row_cells

#: words by which a sentence introduces an illustration rather than a reference
EXAMPLE_CUE = re.compile(
    r"\b(?:for\s+example|for\s+instance|e\.\s?g\.|an?\s+example|the\s+example|examples?\s*:|suppose|imagine|"
    r"consider\s+the\s+following|let['\u2019]s\s+(?:say|take|assume)|hypothetical)\b", re.I)
#: words by which a heading or a title names an illustration ("Example", "Sample team offsites");
#: in prose "samples" are data ("raw metric samples"), so only headings read them
EXAMPLE_HEADING = re.compile(r"\b(?:examples?|samples?|scenarios?|walk-?through|illustrations?)\b", re.I)
#: heading-like lines (a tab title, a table's name) crossed between a table and its lead-in
MAX_CROSSED = 2
#: the longest line read as a document's title (its first line, a heading)
TITLE_WORDS = 10
_HEADING_LIKE = re.compile(r"^[^.:;!?]{1,80}$")


def table_start(doc_text: str, pos: int) -> int:
    """Offset of the first row of the table block holding the line at ``pos`` (rows are one a
    line, as the loader writes them)."""
    start = doc_text.rfind("\n", 0, pos) + 1
    while start > 0:
        prev = doc_text.rfind("\n", 0, start - 1) + 1
        if not is_table_row(doc_text[prev:start - 1].strip()):
            break
        start = prev
    return start


def table_introduction(doc_text: str, pos: int) -> tuple[str | None, list[str]]:
    """``(lead_in, crossed)`` of the table holding ``pos``: the prose line right above it (over
    blank lines and at most :data:`MAX_CROSSED` heading-like lines, ``crossed``, such as a tab
    title "Table view"), or None. A prose line above a heading-like line introduces the table
    only when it ends with a colon ("Consider the following list of events:"); one ending with a
    full stop closes the previous section."""
    crossed: list[str] = []
    for line in reversed(doc_text[:table_start(doc_text, pos)].split("\n")):
        text = heading_text(line)
        if not text:
            continue
        if _HEADING_LIKE.match(text) and len(text.split()) <= TITLE_WORDS:
            crossed.append(text)
            if len(crossed) > MAX_CROSSED:
                return None, crossed
            continue
        if crossed and not text.endswith(":"):
            return None, crossed
        return text, crossed
    return None, crossed


def document_title(doc_text: str) -> str | None:
    """The document's first line when it reads as a title: short, no closing punctuation."""
    first = heading_text(doc_text.lstrip().split("\n", 1)[0])
    if first and len(first.split()) <= TITLE_WORDS and not re.search(r"[.:;!?,]$", first):
        return first
    return None


def illustrative_table(c: Candidate, doc_text: str) -> tuple[str, str] | None:
    """``("example-table", reason)`` when ``c``'s sentence is a row of a table that its
    introduction, its section heading or its document's title presents as an example."""
    if not is_table_row(c.sentence.text.strip()):
        return None
    pos = c.sentence.start
    lead_in, crossed = table_introduction(doc_text, pos)
    if lead_in and EXAMPLE_CUE.search(lead_in):
        return "example-table", f"the table illustrates an example ({lead_in[:60]!r}): its rows are no facts a reader looks up"
    titles = [("heading", t) for t in crossed] + [("section", heading_before_any(doc_text, pos)),
                                                    ("document", document_title(doc_text))]
    for where, text in titles:
        if text and EXAMPLE_HEADING.search(text):
            return "example-table", f"the table sits under the {where} title {text[:60]!r}: its rows illustrate an example"
    return None


def timeline_key(c: Candidate) -> tuple[str, str] | None:
    """``("timeline-key", reason)`` when the question's answer is the row's first cell and that
    cell is a date ("Which date has an unbilled revenue of $0.00?")."""
    if not is_table_row(c.sentence.text.strip()):
        return None
    cells = row_cells(c.sentence.text)
    if not cells:
        return None
    key = cells[0][1].strip().rstrip(".")
    if c.phrasing.answer.strip().rstrip(".") != key:
        return None
    if any(v.dimension.startswith("date") for v in find_values(key)):
        return "timeline-key", f"the answer is the row's date ({key!r}): a reader asks when, not which date"
    return None
