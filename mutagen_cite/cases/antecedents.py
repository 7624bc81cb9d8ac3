"""A yes/no question's definite subject, named as fully as the page named it just before.

Documentation introduces a thing with its modifiers ("Relay ships with a redaction filter", a
list item "SMTP server port") and then refers back to it by its head noun alone ("The filter is
enabled by default", "The port must support TLS"). A question copied from the second sentence
("Is the filter enabled by default on every plan?") has lost what the page said the filter is;
reviewers read it as a question about any filter. English resolves a definite noun phrase to
the nearest earlier mention with the same head, so the question borrows that mention's
modifiers ("Is the redaction filter enabled ...?"). The question's own modifiers must all be
among them: the earlier mention extends the subject, never replaces it.

spaCy's parse gives the subject and the earlier noun chunks (the pipeline the question rules
already parse with); a document's earlier lines are parsed one line at a time, so a list's
items stay separate noun phrases.
"""

from __future__ import annotations

import re
from typing import Callable

from .questions import _DETERMINERS as QUESTION_DETERMINERS

#: how many non-blank lines above the sentence (its own line included) an antecedent may be on
ANTECEDENT_LINES = 6
#: modifiers that pick one of several things or weigh it rather than name what the thing is
#: ("the other port", "the same key", "the actual payload"): never borrowed
_PICKING = frozenset(("other", "same", "new", "following", "first", "last", "next", "previous", "above",
                      "below", "such", "certain", "specific", "various", "several", "many", "few", "actual",
                      "real", "original", "whole", "entire", "full", "main", "current", "old", "right",
                      "correct", "best", "only"))
#: determiners a borrowed mention drops (the question rules' list, and "some"): the question keeps its own "the"
_DETERMINERS = QUESTION_DETERMINERS | {"some"}


def _subject(doc):
    """The subject token of the sentence's main clause, or None."""
    return next((t for t in doc if t.dep_ in ("nsubj", "nsubjpass") and t.head.dep_ == "ROOT"), None)


def _bare_definite(subject) -> list | None:
    """The tokens of ``subject``'s phrase when it is "the" + common words and nothing after its
    head ("The port", "The return type"), else None: a name, a number or a post-modifier ("the
    port of the relay") already says which."""
    tokens = list(subject.subtree)
    if tokens[0].lower_ != "the" or tokens[-1].i != subject.i:
        return None
    if any(t.pos_ in ("PROPN", "NUM") or not t.text.isalpha() or (t.i > tokens[0].i and not t.text.islower())
           for t in tokens[1:]):
        return None
    return tokens


def _mention(chunk, head_lemma: str, own: set[str]) -> str | None:
    """``chunk``'s words from its first naming modifier to its head, when its head is
    ``head_lemma`` and its modifiers hold all of ``own`` and more; else None."""
    if chunk.root.lemma_.lower() != head_lemma:
        return None
    words = [t for t in chunk if t.i < chunk.root.i and t.lower_ not in _DETERMINERS]
    if not words or any(t.lower_ in _PICKING or t.dep_ not in ("compound", "amod") for t in words):
        return None
    names = {t.lower_ for t in words}
    if not own <= names or names == own:
        return None
    first = words[0].text
    if words[0].is_sent_start and words[0].pos_ != "PROPN" and first[:1].isupper() and first[1:].islower():
        first = first.lower()  # "Relay listener port" opening a list item: its capital is the line's
    return " ".join([first] + [t.text for t in words[1:]]) + " " + chunk.root.text


def lines_before(doc_text: str, start: int, n: int = ANTECEDENT_LINES) -> list[str]:
    """The last ``n`` non-blank lines of ``doc_text`` before offset ``start`` (the part of the
    sentence's own line before it included), read backwards from ``start`` without copying the
    document's prefix."""
    out: list[str] = []
    end = start
    while end > 0 and len(out) < n:
        begin = doc_text.rfind("\n", 0, end) + 1
        line = doc_text[begin:end].strip()
        if line:
            out.append(line)
        end = begin - 1
    return out[::-1]


def named_by_antecedent(question: str, sentence_text: str, lines: list[str], parse: Callable) -> str:
    """``question`` with its bare definite subject named as the nearest earlier mention in
    ``lines`` (:func:`lines_before` the sentence) names it, or ``question`` unchanged. ``parse``
    turns a text into a spaCy Doc; only lines holding the head noun are parsed."""
    subject = _subject(parse(sentence_text))
    tokens = _bare_definite(subject) if subject is not None else None
    if not tokens:
        return question
    phrase = " ".join(t.text for t in tokens)
    at = re.search(r"\b" + re.escape(phrase) + r"\b", question, re.I)
    if at is None:
        return question
    own = {t.lower_ for t in tokens[1:-1]}
    head = subject.lemma_.lower()
    docs = [parse(line) for line in lines if head in line.lower()]
    if any(_bare_mention(t, head) for doc in docs for t in doc):
        return question  # "Every agent accepts SSH ... the coding agent ...": the page names both; which is meant?
    for doc in reversed(docs):
        for chunk in reversed(list(doc.noun_chunks)):
            named = _mention(chunk, head, own)
            if named:
                return question[:at.start()] + question[at.start():at.start() + 3] + " " + named + question[at.end():]
    return question


def _bare_mention(token, head_lemma: str) -> bool:
    """``token`` is the head noun with no naming modifier of its own ("Every agent accepts ...",
    "the agent's page"): the page refers to the thing by its head alone, so a modified mention
    nearby may be another thing ("the coding agent" running on the agent)."""
    return token.lemma_.lower() == head_lemma and token.pos_ == "NOUN" and not any(
        child.dep_ in ("compound", "amod") for child in token.children)
