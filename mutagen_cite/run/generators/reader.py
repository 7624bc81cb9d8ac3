"""``reader``: a rule-based baseline that answers only from a sentence stating the question's
whole condition (issue 10 item 7): the executable statement that a suite's cases can be
passed from the context alone, as ``similarity`` is the statement that they cannot be
passed by resemblance.

Per question, the annotator (loaded once, passed in) tags the *condition*: the slots the
question names (plan, region, version, date, quantity, negation, quantifier, modal...).
A context sentence qualifies when it states **all** of them: every value slot by the shared
value model (``mentions_value``: "21 April 2025" matches "April 21, 2025", "12 editor"
does not match "5 editor seats"), the question's negation status (a question with "not"
needs a negated sentence, one without needs an affirmative one), and every quantifier or
modal as the same word. Among qualifying sentences that share at least one topic word with
the question (a content word outside the condition), the one sharing most wins (ties to the
earlier passage); a yes/no question needs two thirds of its topic words (the reader's "I" and the docs' "you" are no topic) (at least two) in the
sentence, so a "yes" rests on a sentence about the question's topic. A value slot may be stated by
the heading of the sentence's section instead ("Plan: Free; Memory: 1 GB." under "Specs and
limits"), as the label check reads a sentence with its heading; a question's opening auxiliary is
no part of a name the tagger ran into it ("Will Railway build ...?" names Railway). The answer is that sentence with its
chunk's id; a yes/no question ("Must all ...?", "Do all ...?") gets "Yes. <sentence> [id]".
With no qualifying sentence it declines. It reads the request only (question and context),
never the case's ``expect`` or ``provenance``.

Hand-written rules rather than a model: the point is a transparent, deterministic reader
whose every answer can be traced to the condition it matched.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from functools import lru_cache
from typing import Any, Sequence

from ..answers import chunk_sentences, normalise_space
from ...values import mentions_value
from ...values.tables import QUESTION_FUNCTION_WORDS
from .base import Request

_YES_NO = re.compile(r"^\s*(?:do|does|did|is|are|was|were|must|can|could|may|might|should|shall|will|would|"
                     r"has|have|had|need|needs)\b", re.IGNORECASE)
_NEGATION = re.compile(r"\b(?:not|no|never|cannot|without)\b|n't\b", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9.\-]*")
#: a question's function words (the value model's one list): what is left is its topic
_STOP = QUESTION_FUNCTION_WORDS
#: slot kinds that carry no condition (a polarity *site*, not a stated negation)
_NOT_CONDITIONS = frozenset({"affirmative"})
#: a yes/no question's opening auxiliary, with the space after it
_OPENING_AUXILIARY = re.compile(_YES_NO.pattern + r"\s+", re.IGNORECASE)
_WORD_SLOTS = frozenset({"quantifier", "modal"})
_HOW = re.compile(r"\bhow\s*$", re.IGNORECASE)
#: words of one strength: a question may ask "Do I have to ...?" of a sentence saying "must",
#: "Is every ...?" of one saying "all" (question version v4 asks in these plain forms)
_OBLIGATION = ("must", "shall", "have to", "has to", "is required to", "are required to")
_SAME_STRENGTH = {"have to": _OBLIGATION, "has to": _OBLIGATION, "every": ("every", "all", "each")}


def _content(text: str) -> set[str]:
    """The topic words of ``text``, a plural read as its singular ("every level" / "All levels",
    "policies" / "policy", "indexes" / "index"; lemminflect's noun lemma, not a dropped "s")."""
    words = {w.lower().strip(".-") for w in _WORD.findall(text)} - _STOP
    return {_singular(w) for w in words}


@lru_cache(maxsize=65536)
def _singular(word: str) -> str:
    """The first noun lemma lemminflect gives (its dictionary, then its rules); the word itself
    when it gives none."""
    from lemminflect import getLemma

    lemmas = getLemma(word, upos="NOUN")
    return lemmas[0] if lemmas and lemmas[0] else word


def _next_content(text: str, at: int) -> str | None:
    """The first topic word of ``text`` after offset ``at``, as its singular ("every role-specific
    interview process" -> "role-specific"; "have to be signed in" -> "signed"), or None."""
    for m in _WORD.finditer(text, at):
        word = m.group().lower().strip(".-")
        if word and word not in _STOP:
            return _singular(word)
    return None


def _bears_on(sentence: str, word: str, target: str | None) -> bool:
    """Whether ``sentence`` has ``word`` (a quantifier) bearing on ``target``, the topic word after
    it in the question: the first topic word after it in the sentence is the same (any ``word``
    at all when ``target`` is None: modals, which an inverted question parts from their verb,
    "Should supervisors review ...?")."""
    for m in re.finditer(rf"(?<!\w){re.escape(word)}(?!\w)", sentence, re.IGNORECASE):
        if target is None or _next_content(sentence, m.end()) == target:
            return True
    return False


def _without_auxiliary(slot: Any) -> Any:
    """``slot`` less a yes/no question's opening auxiliary the tagger ran into a name ("Will
    Railway" -> "Railway"); None when nothing is left."""
    m = _OPENING_AUXILIARY.match(slot.text) if slot.start == 0 else None
    if m is None:
        return slot
    rest = slot.text[m.end():]
    return replace(slot, start=slot.start + m.end(), text=rest) if rest.strip() else None


class ReaderGenerator:
    """See the module docstring. ``annotator`` is a :class:`mutagen_cite.analysis.annotate.Annotator`."""

    name = "reader"
    concurrency = 1

    def __init__(self, annotator: Any):
        # deferred: the case builder's layout rules import its fairness modules (~0.45 s), which
        # `run` with any other built-in generator never needs
        from ...cases.fairness.layout import section_heading

        self._section_heading = section_heading
        self.annotator = annotator
        self._slots: dict[str, tuple] = {}

    def prepare(self, requests: Sequence[Request]) -> None:
        """Learn plan/tier names from the run's contexts (as ``build`` does from the corpus),
        then tag every question in one batch."""
        from ...analysis.annotate import Annotator, learn_tiers

        texts = list(dict.fromkeys(c.text for r in requests for c in r.context))
        tiers = learn_tiers(texts, extra=getattr(self.annotator, "tiers", ()))
        if tiers != tuple(getattr(self.annotator, "tiers", ())) and hasattr(self.annotator, "nlp"):
            self.annotator = Annotator(self.annotator.nlp, tiers=tiers)
            self._slots.clear()
        questions = list(dict.fromkeys(r.question for r in requests if r.question not in self._slots))
        for question, slots in zip(questions, self.annotator.slots(questions)):
            self._slots[question] = slots

    def condition(self, question: str) -> list:
        if question not in self._slots:
            self._slots[question] = self.annotator.slots([question])[0]
        slots = (_without_auxiliary(s) for s in self._slots[question] if s.kind not in _NOT_CONDITIONS
                 and not (s.kind == "quantifier" and _HOW.search(question[:s.start])))  # "how many" asks
        return [s for s in slots if s is not None]

    @staticmethod
    def states(sentence: str, condition: list, negations: int, heading: str | None = None,
               question: str = "") -> bool:
        """``negations``: how many negation words the question has. A question with none needs an
        affirmative sentence; one with some needs at least as many (a "without" the near miss
        kept is no "not": "Who is not able to ... without an exemption?"). A value slot may be
        stated by ``heading``, the sentence's section heading; negations, quantifiers and
        modals only by the sentence, and (given ``question``) a quantifier on the word it bears on
        there: "every role-specific interview process" is not stated by "Most role-specific ... at
        the end of each job description" (:func:`_bears_on`)."""
        found = len(_NEGATION.findall(sentence))
        if (found > 0) != (negations > 0) or found < negations:
            return False
        for slot in condition:
            if slot.kind == "negation":
                continue  # handled by the negation status above
            if slot.kind in _WORD_SLOTS:
                words = _SAME_STRENGTH.get(slot.text.lower(), (slot.text,))
                target = _next_content(question, slot.end) if question and slot.kind == "quantifier" else None
                if not any(_bears_on(sentence, w, target) for w in words):
                    return False
            elif not (mentions_value(sentence, slot.text) or (heading and mentions_value(heading, slot.text))):
                return False
        return True

    def generate(self, request: Request) -> Any:
        question = request.question
        condition = self.condition(question)
        negations = len(_NEGATION.findall(question))
        cond_words = set().union(*(_content(slot.text) for slot in condition)) if condition else set()
        words = _content(question) - cond_words  # the topic: what the question asks about
        yes_no = bool(_YES_NO.match(question))
        # only a value slot may be stated by the heading: find it only for such a condition
        reads_heading = any(slot.kind != "negation" and slot.kind not in _WORD_SLOTS for slot in condition)
        best: tuple[int, int, int] | None = None
        answer = None
        for ci, chunk in enumerate(request.context):
            for si, span in enumerate(chunk_sentences(chunk.text) or []):
                sentence = normalise_space(span.text)
                heading = self._section_heading(chunk.text, span.start) if reads_heading else None
                if not self.states(sentence, condition, negations, heading, question):
                    continue
                overlap = len(words & _content(sentence))
                if not condition and overlap < max(2, len(words) // 2):
                    continue  # no condition to match: demand the question's topic instead
                if yes_no and overlap < max(2, math.ceil(2 * len(words) / 3)):
                    continue  # a yes rests on a sentence about the question's topic, not a sibling
                    # with the same strong word ("All indexes ... are removed" for "Are all triggers ...?")
                key = (overlap, -ci, -si)
                if overlap and (best is None or key > best):
                    best, answer = key, (sentence, chunk.chunk_id)
        if answer is None:
            return {"decline": True}
        sentence, cid = answer
        sentence = sentence.replace("[", "(").replace("]", ")")
        prefix = "Yes. " if yes_no else ""
        return {"answer": f"{prefix}{sentence} [{cid}]"}

    def close(self) -> None:
        pass
