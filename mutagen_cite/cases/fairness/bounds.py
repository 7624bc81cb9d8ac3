"""Rules for a bounded number: an edit in the direction the bound still entails the claim
(which turns round inside a condition or the subject), and a bound the chunk states again in
a derived form.
"""

from __future__ import annotations

import re

from ...model import Slot
from ...values import find_values
from ..candidate import Candidate
from .coherence import derived_bound
from ..families.grammar import _FINITE


def _derived_bound(c: Candidate) -> str | None:
    """Another sentence of the chunk states the edited bound in a derived form
    (:func:`.coherence.derived_bound`: "between 1 and 3 words" and "4 or more words")."""
    off = c.sentence.start - c.true_chunk.start
    other = derived_bound(c.true_chunk.text, off, c.sentence.text, c.site.start, c.site.end)
    if other:
        return f"{other[:50]!r} states the bound {c.site.text!r} in another form, so the edit leaves it standing"
    return None


#: a comparator written before a value the value model reads as exact (">20 customers",
#: "exceeds 100 GB"): ">" for a lower bound, "<" for an upper one
_LOWER_WORDS = re.compile(r"(?:>=?|\u2265|\b(?:exceed(?:s|ing|ed)?|above|over|more\s+than|greater\s+than|larger\s+than|"
                          r"longer\s+than|older\s+than|at\s+least|beyond))\s*$", re.I)


_UPPER_WORDS = re.compile(r"(?:<=?|\u2264|\b(?:below|under|less\s+than|fewer\s+than|smaller\s+than|shorter\s+than|"
                          r"up\s+to|at\s+most|within|no\s+more\s+than))\s*$", re.I)


#: a condition clause opening before a value: the value is the condition's restrictor
_CONDITION_OPENER = re.compile(
    r"(?:\b(?:if|when|whenever|while|once|unless|after|as\s+long\s+as|for\s+(?:any|every|each|all)|"
    # a relative clause on a noun restricts it ("an invoice that is more than 30 days overdue"):
    # the pronoun right before its own verb, unlike "Note that backups are ..."
    r"(?:that|which|who)\s+(?:is|are|was|were|has|have|exceeds?|runs?|lasts?|takes?|uses?|contains?))|"
    r"(?:^|[,;:]\s*)where)\b[^,;:.]*$", re.I)


#: a purpose clause before a value: "To store more than 20 GB, ...", "... in order to add over 20
#: seats": what the statement is about, like a condition
_PURPOSE_OPENER = re.compile(r"(?:^\s*|\bin\s+order\s+|\bso\s+as\s+)to\s+[a-z]+\b[^,;:.]*$", re.I)
#: an infinitive after a word of need: "X is required to set a limit over 20" (X is needed for
#: that: a purpose) or "You are required to keep over 20 seats" (an obligation: what is said).
#: Which one depends on whether the subject is the agent; the words alone cannot tell
_NEED_INFINITIVE = re.compile(r"\b(?:required|needed|necessary|needs?|requires?)\s+to\s+[a-z]+\b[^,;:.]*$", re.I)


#: a word of permission or ability governing the value in its clause: "can self-certify up to
#: 5 days" is a limit on what may be done, and a higher limit still permits 5 days
_PERMISSION = re.compile(r"\b(?:can|may|could|might|(?:is|are)\s+(?:allowed|permitted|able)\s+to)\b[^,;:.]*$", re.I)


def in_restrictor(text: str, start: int) -> bool:
    """The value at ``start`` restricts *what* a statement is about rather than saying what
    holds of it: inside a condition clause ("If you store more than 20 GB, ...") or in the
    subject before the sentence's first finite verb ("Requests over 20 MB are rejected",
    "Teams with more than 20 people need approval": a few words, none a verb, before it). There the direction of entailment turns
    round: a rule about requests over 1 MB covers those over 20 MB."""
    before = text[:start]
    if _CONDITION_OPENER.search(before) or _PURPOSE_OPENER.search(before):
        return True
    clause = re.split(r"[:;]", before)[-1]
    words = re.findall(r"[A-Za-z][\w'-]*", clause)
    in_subject = (1 <= len(words) <= SUBJECT_WORDS and not _FINITE.search(clause)
                  and not re.search(r"\b(?:to\s+[a-z]+|[a-z]+ed)\b", clause))
    return in_subject and bool(_FINITE.search(text[start:]))


#: words a subject noun phrase holds before a bound inside it ("Any PTO that exceeds ..."); a
#: longer lead-in is more likely a clause whose verb the word list does not know
SUBJECT_WORDS = 5


def _bound_kept(text: str, site: Slot, replacement: str) -> str | None:
    """A bounded value changed in the direction in which the edited statement still entails the
    claim, so the near miss is no contradiction. In what a statement says ("at least 31 days"
    still means at least 30, "within 20 days" still means within 30, "the first 11 weeks" still
    covers the first 4) a lower bound may only fall and an upper bound only rise. In what it is
    about (a condition or the subject: "Requests over 1 MB are rejected" still rejects those
    over 20 MB, see :func:`in_restrictor`) the other way round: a lower bound may only rise and
    an upper bound only fall."""
    bound = next((v for v in find_values(text) if v.start <= site.start and site.end <= v.end + 1), None)
    comparator = bound.comparator if bound is not None else "="
    if re.search(r"\bfirst\s+$", text[: site.start], re.I):
        comparator = ">="
    at = bound.start if bound is not None else site.start
    if comparator == "=":
        comparator = ">" if _LOWER_WORDS.search(text[:at]) else "<" if _UPPER_WORDS.search(text[:at]) else "="
    if comparator not in (">=", ">", "<=", "<"):
        return None
    new = find_values(replacement)
    old = find_values(text[site.start:site.end])
    if not new or not old or new[0].kind != old[0].kind:
        return None
    a, b = old[0].low, new[0].low
    if a in (float("inf"), float("-inf")) or b in (float("inf"), float("-inf")):
        a, b = old[0].high, new[0].high
    shown = f"({text[site.start:site.end]!r} to {replacement!r})"
    if _NEED_INFINITIVE.search(text[:at]) and not in_restrictor(text, at):
        return (f"a bound in an infinitive after a word of need {shown}: a purpose or an obligation, so "
                "either edit may still entail the claim")
    if in_restrictor(text, at):
        if comparator.startswith(">") and b <= a:
            return f"a lower bound in the statement's condition lowered {shown} still covers the claim's cases"
        if comparator.startswith("<") and b >= a:
            return f"an upper bound in the statement's condition raised {shown} still covers the claim's cases"
        return None
    if comparator.startswith("<") and _PERMISSION.search(text[:at]):
        if b >= a:
            return f"an upper bound of what may be done raised {shown} still permits the claim's amount"
        return None
    if comparator.startswith(">") and b >= a:
        return f"a lower bound raised {shown} still entails the claim"
    if comparator.startswith("<") and b <= a:
        return f"an upper bound lowered {shown} still entails the claim"
    return None


def _range_overlap(c: Candidate) -> str | None:
    """A range edited into one that shares values with it ("3-4 weeks" to "3-5 weeks" by its upper
    end, or to a value inside it): a statement about the new range still allows the claim's, so
    the near miss is no contradiction."""
    text, site = c.sentence.text, c.site
    old = next((v for v in find_values(text) if v.start <= site.start and site.end <= v.end + 1), None)
    if old is None or old.comparator != "range":
        return None
    edited = text[:site.start] + (c.replacement or "") + text[site.end:]
    new = next((v for v in find_values(edited) if v.start <= site.start < v.end), None)
    if new is None or new.kind != old.kind:
        return None
    if old.low <= new.high and new.low <= old.high:
        return f"the range {text[old.start:old.end]!r} edited to {edited[new.start:new.end]!r} shares values with it"
    return None
