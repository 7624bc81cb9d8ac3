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


def _pick(true: Sentence, site: Slot, asks, siblings: list[str]):
    """The sibling ``_sibling_candidate`` takes for ``site`` among ``siblings`` (one document)."""
    from mutagen_cite.cases.candidates import _sibling_candidate
    from mutagen_cite.model import Chunk

    doc_text = "\n".join([true.text, *siblings])
    members = []
    for text in siblings:
        at = doc_text.index(text)
        value = next(v for v in ("eu-central-1", "ap-south-1", "us-east-1") if v in text)
        members.append(SimpleNamespace(doc_id="doc", text=text, start=at, end=at + len(text), slot_text=value))
    enum = SimpleNamespace(kind=site.kind)
    mined = SimpleNamespace(siblings=lambda sentence, family: [(enum, m) for m in members])
    values = SimpleNamespace(mine_result=mined)
    doc = SimpleNamespace(id="doc", text=doc_text)
    chunker = lambda d, start, end: Chunk("doc", start, end, doc_text[start:end])  # noqa: E731
    true_chunk = Chunk("doc", 0, len(true.text), true.text)
    c = _sibling_candidate(true, doc, site, SimpleNamespace(name="scope"), asks, true_chunk, values, chunker)
    return None if c is None else c.distractor_text


DESK = _sentence("The EMEA desk serves workspaces in eu-west-1.",
                 ("entity", "team", "EMEA desk"), ("scope", "region", "eu-west-1"))


def test_a_sibling_giving_the_same_answer_for_another_condition_is_passed_over():
    asks = SimpleNamespace(answer="EMEA desk", answer_slot=DESK.slots[0])  # "Which desk serves eu-west-1?"
    same = "The EMEA desk serves workspaces in eu-central-1."
    other = "The APAC desk serves workspaces in ap-south-1."
    assert _pick(DESK, DESK.slots[1], asks, [same]) is None
    assert _pick(DESK, DESK.slots[1], asks, [same, other]) == other
    subject = SimpleNamespace(answer="EMEA desk", answer_slot=None)  # a subject question names no slot
    assert _pick(DESK, DESK.slots[1], subject, [same, other]) == other
