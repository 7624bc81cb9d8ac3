"""A real sibling sentence is a near miss of one attribute only (CASE-QUALITY question g): a
prose sibling that also varies another slot of the true sentence (another SDK, another runtime)
is an ordinary topical distractor, not a near miss; the question's own answer may differ, and a
sibling table row keeps its own cells."""

from __future__ import annotations

from types import SimpleNamespace

from mutagen_cite.cases.candidates import _changes_more
from mutagen_cite.model import Sentence, Slot


def _sentence(text: str, *parts: tuple[str, str, str]) -> Sentence:
    slots = []
    for family, kind, value in parts:
        at = text.index(value)
        slots.append(Slot(family, kind, at, at + len(value), value, value.lower()))
    return Sentence("doc", 0, len(text), text, tuple(slots))


TRUE = _sentence("The Loam SDK no longer supports Loam 16 from v5.2.0.",
                 ("entity", "product", "Loam SDK"), ("entity", "version", "Loam 16"), ("entity", "version", "v5.2.0"))
SITE, ANSWER = TRUE.slots[2], TRUE.slots[1]  # the release is changed; the question asks which runtime


def test_a_sibling_varying_another_slot_changes_more_than_one_attribute():
    asks = SimpleNamespace(answer="Loam 16", answer_slot=ANSWER)
    assert _changes_more(TRUE, SITE, asks, "The Quill SDK no longer supports Quill 3.8 from v5.1.0.")
    # the same SDK, another runtime (the answer) and another release: one attribute plus the answer
    assert not _changes_more(TRUE, SITE, asks, "The Loam SDK no longer supports Loam 14 from v5.1.0.")


def test_an_answer_inside_a_wider_slot_may_differ():
    text = "Release 5.2.0 receives fixes until 2 October 2031."
    true = _sentence(text, ("entity", "version", "Release 5.2.0"), ("date", "date", "2 October 2031"))
    asks = SimpleNamespace(answer="5.2.0", answer_slot=None)  # a subject question: "Which release ...?"
    assert not _changes_more(true, true.slots[1], asks, "Release 5.1.0 receives fixes until 9 January 2032.")
