"""Rules for a weakened or flipped sentence that its heading or list lead-in contradicts: a
frame that states the strength the edit removes ("Requirements"), one that makes its items
conditions ("If any of the following apply:"), one that lists what is missing or what is there.
"""

from __future__ import annotations

import re

from ...judges.slots import stem
from ..candidate import Candidate
from .coherence import identifier_heading
from ..questions import heading_before
from .layout import _lead_in, colon_line_above, lead_above_items, section_heading
from .reading import _NEGATIVE_CLAUSE_RX, _content_stems, _other_sentences


#: words in a heading or a list's lead-in that state the strength of the items under them
#: ("Requirements", "Three limits apply:", "All of the following must be set:", a list of what
#: the reader needs: "You will need:", "Make sure that:", "Conditions that have to be met:"; what
#: is accepted: "Accepted types", "Valid values", "Allowed characters"; a universal pronoun:
#: "Audit everything", "Access for everyone")
FRAMING_WORDS = re.compile(
    r"\b(?:require(?:d|s|ments?)?|prerequisites?|mandatory|must|rules?|restrictions?|limits?|limitations?|"
    r"constraints?|always|all|every|each|never|every(?:thing|one|body|where)|need(?:s|ed)?|ha(?:ve|s)\s+to|"
    r"make\s+sure|ensure|"
    r"accepted|allowed|permitted|valid)\b", re.I)


def _framed(c: Candidate) -> str | None:
    """A weakened modal or quantifier ("must" -> "may", "all" -> "most") under a heading or a
    lead-in that itself states the strength ("## Requirements", "Three limits apply:"): the lead-in
    of its list; or, when it names a set of restrictions (:data:`SET_OF_RESTRICTIONS`), the colon
    line right above its paragraph ("Three limits apply under strict ...:"; a colon line above
    other lines first is theirs) or a sentence leading into its bare list ("There are conditions
    that have to be met first."). The frame still asserts the original for everything under it,
    so the near miss is no near miss."""
    off = c.sentence.start - c.true_chunk.start
    before = c.true_chunk.text[:off]
    heading = heading_before(c.true_chunk.text, off) or section_heading(c.true_chunk.text, off)
    if heading and FRAMING_WORDS.search(heading):
        return f"the heading {heading!r} states the strength the edit removes, for everything under it"
    line = _lead_in(before, c.sentence.text, c.true_chunk.text[off:])
    if line and FRAMING_WORDS.search(line):
        return f"the list's lead-in {line.strip()[:40]!r} states the strength the edit removes, for every item"
    # a colon line above a paragraph, or a sentence above bare lines, frames them only when it
    # names a set of restrictions: a modal in it ("your app must send a ping to the endpoint:") as
    # often introduces a stripped code block
    line = colon_line_above(before, past_items=False) or lead_above_items(before, c.sentence.text)
    if line and SET_OF_RESTRICTIONS.search(line):
        return f"the lead-in {line.strip()[:40]!r} names the restrictions under it, this one among them"
    return None


#: words by which a lead-in names the set of restrictions it introduces ("Three limits apply ...:",
#: "There are conditions that have to be met ...")
SET_OF_RESTRICTIONS = re.compile(r"\b(?:requirements?|prerequisites?|rules|restrictions|limits|limitations|"
                                 r"constraints|conditions)\b", re.I)


#: a list lead-in that makes its items conditions ("If any of the following apply:", "when:",
#: "... meets these criteria:"): an item then states a condition, not a fact of the product
CONDITIONAL_LEAD = re.compile(
    r"^\W*(?:if|when|whenever|unless|once|in\s+case)\b|\b(?:any|one|either|none|all)\s+of\s+the\s+following\b|"
    r"\bcriteri(?:a|on)\b|\bif\s+(?:you|any|the|your|one)\b", re.I)


def _conditional_item(c: Candidate) -> str | None:
    """A list item under a lead-in that makes it a condition: no fact to copy or to test."""
    off = c.sentence.start - c.true_chunk.start
    line = _lead_in(c.true_chunk.text[:off], c.sentence.text, c.true_chunk.text[off:])
    if line and CONDITIONAL_LEAD.search(line):
        return f"the item is a condition of the list's lead-in {line.strip()[:40]!r}, not a statement"
    return None


#: a heading or list lead-in that says its items are absent, limited or gone ("Limitations",
#: "Known issues", "Not supported", "Removed", "Deprecated", "Exclusions"), that warns of them
#: ("Be aware when ...:", "Caution", "Things to keep in mind", "Gotchas": what a warning lists
#: is what does not hold or goes wrong), or that is itself worded as a denial ("What we do not
#: store", "Things you can't change")
NEGATIVE_FRAME = re.compile(
    r"\b(?:limitations?|limits|known\s+(?:issues|bugs|problems)|caveats?|restrictions?|unsupported|unavailable|"
    r"be\s+aware|beware|cautions?|warnings?|watch\s+out|keep\s+in\s+mind|gotchas|pitfalls|drawbacks|downsides|"
    r"not\s+(?:supported|included|available|allowed|permitted|covered|possible)|exclusions?|excluded|removed|"
    r"removals?|deprecat\w*|prohibited|forbidden|out\s+of\s+scope|breaking\s+changes|"
    r"not|cannot|never)\b|n['\u2019]t\b", re.I)


#: a heading or list lead-in that says its items are present, new or possible ("Added",
#: "What's new", "Supported databases", "Included in every plan", "Features")
POSITIVE_FRAME = re.compile(
    r"\b(?:added|new|supported|included|improvements?|enhancements?|highlights|benefits)\b", re.I)


def _section_denies(c: Candidate) -> bool:
    """Another sentence of the edited one's paragraph (its list under the heading) already
    denies something: the section mixes what is and what is not, so one more denial fits it."""
    off = c.sentence.start - c.true_chunk.start
    text = c.true_chunk.text
    start = text.rfind("\n\n", 0, off)
    end = text.find("\n\n", off + len(c.sentence.text))
    return any(_NEGATIVE_CLAUSE_RX.search(x) for x in _other_sentences(c, max(start, 0), end if end >= 0 else len(text)))


def _frame(c: Candidate) -> tuple[str, str] | None:
    """``(polarity, words)`` of what frames the edited sentence: its list's lead-in line ("The
    following are not supported:") or else its section heading; "negative" or "positive", or
    None when neither says which."""
    off = c.sentence.start - c.true_chunk.start
    for where in (_lead_in(c.true_chunk.text[:off], c.sentence.text, c.true_chunk.text[off:]), section_heading(c.true_chunk.text, off),
                  identifier_heading(c.true_chunk.text, off)):
        if not where:
            continue
        if NEGATIVE_FRAME.search(where):
            return "negative", where.strip()
        if POSITIVE_FRAME.search(where):
            return "positive", where.strip()
    return None


def _against_frame(c: Candidate) -> str | None:
    """A polarity flip that leaves the sentence contradicting its frame: a negation removed
    under a heading or lead-in that lists what is missing ("Limitations", "Not supported:"), or
    one inserted under a frame that lists what is there ("Added", "Supported databases"). A
    reader sees "X is supported" under "Known limitations" is no limitation. And a flip of a
    sentence that restates its own frame's word ("Support for v1 was removed." under "Removed")
    negates what the heading announces, whichever way it goes."""
    frame = _frame(c)
    if frame is None:
        off = c.sentence.start - c.true_chunk.start
        heading = section_heading(c.true_chunk.text, off)
        if heading and c.site.kind == "affirmative" and not _NEGATIVE_CLAUSE_RX.search(heading):
            shared = _content_stems(heading) & _content_stems(c.sentence.text[c.site.end:])
            if len(shared) >= HEADING_SHARED:
                return (f"the heading {heading[:40]!r} announces what the sentence says ({', '.join(sorted(shared))}), "
                        "so the inserted negation contradicts it")
        return None
    polarity, words = frame
    if polarity == "negative" and c.site.kind == "negation":
        return f"the negation removed leaves an affirmative statement under {words[:40]!r}, which lists what is not"
    if polarity == "positive" and c.site.kind == "affirmative" and not _section_denies(c):
        return f"the inserted negation leaves a denial under {words[:40]!r}, which lists what is"
    rx = NEGATIVE_FRAME if polarity == "negative" else POSITIVE_FRAME
    marks = {stem(m.group(0).lower()) for m in rx.finditer(words)}
    own = {stem(w) for w in re.findall(r"[a-z]+", c.sentence.text[c.site.start:].lower())}
    if marks & own:
        return f"the sentence restates its heading {words[:40]!r}, and the flip negates what the heading announces"
    return None


#: content words a section heading shares with what a sentence says of its subject ("Set up
#: preview environments" over "... can create a preview environment for each pull request")
#: for the heading to announce it
HEADING_SHARED = 2
