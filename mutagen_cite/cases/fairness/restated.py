"""Rules for an edit the chunk undoes by saying the edited sentence again: in the same words
(a rule and its summary line) or, for an obligation, in other words ("Mandatory: yes").
"""

from __future__ import annotations

from typing import Sequence

from ...values import contains_phrase
from ..candidate import Candidate
from .reading import _claim_values, _content_stems, _keeps, _other_sentences, _sentence_spans


#: share of an edited sentence's content words that another sentence of its chunk must hold to
#: restate it: all but one of five. Lower lets an enumeration's siblings ("Production databases
#: are backed up every hour." / "Staging databases are backed up every 24 hours.") pass for
#: restatements of each other.
RESTATED = 0.8


def _restated(sentence: str, rest: str | Sequence[str], marker: str | None = None, values: Sequence[str] = ()) -> bool:
    """Another sentence of ``rest`` holds most of ``sentence``'s content words (stems, so
    "encrypts" restates "encrypted") and keeps every one of its ``values`` (names the plan,
    region... the claim is about; states no other number of a number's dimension): the chunk
    says it twice (a rule and its worked example, a heading and
    its paragraph, a summary line). Negating or weakening one copy leaves the other asserting
    the original, so the result is no near miss. A sibling that says the same of another value
    ("... on the Free plan." / "... on the Starter plan.") is no restatement. A two-word
    statement ("Secrets must be rotated.") counts as restated only where the other sentence
    also carries ``marker``, the original word of the edit ("must", "all", "not"); so does a
    summary line, whose content words are all the edited sentence's ("Submit expenses every
    month." after "Teammates should submit expenses at the end of every month.")."""
    own = _content_stems(sentence) - (_content_stems(marker) if marker else set())
    if len(own) < 2:
        return False
    drop = _content_stems(marker) if marker else set()
    others = [rest[a:b] for a, b in _sentence_spans(rest)] if isinstance(rest, str) else rest
    for other in others:
        theirs = _content_stems(other) - drop
        hit = len(own & theirs)
        if not all(_keeps(other, v) for v in values):
            continue
        with_marker = bool(marker) and contains_phrase(other, marker)
        if hit >= RESTATED * len(own) and (len(own) >= 3 or (hit == len(own) and with_marker)):
            return True
        if with_marker and len(theirs) >= 2 and theirs <= own:
            return True  # a summary line: fewer words, all of them the edited sentence's, and its marker
    return False


#: words stating an obligation: "must" said in other words ("Mandatory: yes", "Required fields")
OBLIGATION = ("must", "required", "require", "requires", "mandatory", "obligatory", "have to", "has to", "need to",
              "needs to", "shall", "necessary")


#: share of the edited sentence's content words another sentence or row must hold to restate it
#: in other words; and how many words of its own it may add (a row's headers: "Document", "signature")
RESTATED_OTHER_WORDS = 2 / 3


RESTATED_EXTRA = 2


#: cell values that only confirm a header ("Mandatory: yes")
_CONFIRM = {"yes", "true", "required", "mandatory", "\u2714", "\u2713", "x"}


def _restated_in_other_words(c: Candidate) -> str | None:
    """Another sentence, list lead-in or table row of the chunk states the obligation the edit
    weakens in other words, about the same thing: "must" restated by "required" or by
    "Mandatory: yes" in a table row that names the same object. It holds two thirds of the
    edited sentence's content words and adds at most two of its own (a row's headers; a sibling about another
    object, "Staging ..." beside "Production ...", adds its own subject and is no restatement),
    and keeps the claim's values. The edit then leaves the claim standing. (:func:`_restated`
    catches the same words said twice.)"""
    if c.family.name != "modality":
        return None
    own_word = c.site.text.strip().lower()
    drop = set().union(*(_content_stems(w) for w in OBLIGATION)) | _content_stems(c.site.text)
    own = _content_stems(c.sentence.text) - drop
    if len(own) < 2:
        return None
    values = _claim_values(c)
    for other in _other_sentences(c):
        if not any(contains_phrase(other, w) for w in OBLIGATION if w not in own_word):
            continue
        theirs = _content_stems(other) - drop - _CONFIRM
        hit = len(own & theirs)
        if (hit >= 2 and hit >= RESTATED_OTHER_WORDS * len(own) and len(theirs - own) <= RESTATED_EXTRA
                and all(_keeps(other, v) for v in values)):
            return f"{other.strip()[:50]!r} states the same obligation in other words"
    return None
