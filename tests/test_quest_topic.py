"""Questions v7 (round 23): a yes/no question carries the topic its sentence leans on, or is not
asked; it asks one proposition; it pastes no label. Made-up sentences only; v6 keeps its wording
(each end-to-end test shows both versions).

- a requirement that the reader be in a state, with nothing saying what for ("Do I have to be
  signed in and the host?"), carries the purpose lead-in ("To share a screen in Quillmeet:") or
  the section's gerund heading ("Sharing screens in Quillmeet") in front, else it is not asked;
- a relational noun without what it belongs to ("signed copies", "the value") likewise;
- a question about the reader right under a short label heading ("Drifting") is not asked
  (carrying the label reads as a pasted heading);
- a status closing the question with nothing scoping it ("Are all clauses supported?");
- "and/or" opening a clause or a second finite predicate under one auxiliary; "Does I";
  a capitalised gerund as the subject ("Is Rotating keys enabled ...?")."""

from __future__ import annotations

import pytest

from families_support import site_of, slotted_sentence
from mutagen_cite.cases.questions import (
    Phrasing, carry_topic, pasted_label, phrase, second_proposition, template_env, topic_frame, topic_problem,
)
from mutagen_cite.model import Sentence

ENV = template_env()
MUST = ("modality", "modal", "must", "must")
SHOULD = ("modality", "modal", "should", "should")


def in_doc(before: str, text: str, after: str, *slots):
    """The sentence ``text`` inside a made-up document ``before + text + after``."""
    s = slotted_sentence(text, *slots, start=len(before))
    return s, before + text + after


def both(before, text, after, slots, site, family):
    s, doc = in_doc(before, text, after, *slots)
    return tuple(phrase(s, site_of(s, site), family, ENV, version=v, doc_text=doc) for v in ("v6", "v7"))


@pytest.mark.parametrize("question, two", [
    ("Is the token rotated daily and cannot be reused?", True),
    ("Are the totals rounded per row and always produce whole numbers?", True),
    ("Is every shard owned by one node and other nodes become its mirrors?", True),
    ("Do I either reboot the box or I have to reset the cache?", True),
    ("Are shard keys optional and not set on every table?", True),
    ("Are backups encrypted and stored in two regions?", False),           # one coordinated participle
    ("Is a good mentor one that listens and encourages every teammate?", False),  # both verbs of the relative clause
    ("Is the report shared with all admins and external auditors?", False),  # a coordinated noun phrase
    ("Is the PURGE command used to clear all caches and reset the index?", False),  # a coordinated infinitive
    ("Are all logs and traces retained for a week?", False),
    ("Do all workers have to drain their queues and restart?", False),      # one predicate after "have to"
])
def test_second_proposition(question, two):
    assert second_proposition(question) is two


@pytest.mark.parametrize("question, pasted", [
    ("Is Rotating keys enabled on every Zentro account?", True),
    ("Is the Tracking pixel shown on every page?", False),   # a noun-compound name, not a gerund subject
    ("Who signed the Order on Improving Widget Safety in 2020?", False),  # a gerund inside a title
    ("Is testing required on every plan?", False),
])
def test_pasted_label(question, pasted):
    assert pasted_label(question) is pasted


PLAIN = Sentence("d.md", 0, 10, "x")


@pytest.mark.parametrize("question, why", [
    ("Do I have to be signed in and the room owner?", "precondition"),
    ("Do I have to be signed in to share a screen?", None),        # the purpose is in the question
    ("Do I have to be an admin before inviting members?", None),
    ("Should my managers keep signed copies for their files?", "relational"),
    ("Will each member get a copy of the review?", None),           # the copy names what it copies
    ("Does the value have to be a valid hostname?", "relational"),
    ("Does the RETRY value have to be a whole number?", None),      # a modifier names which value
    ("Should my builds finish within an hour of the values you provide?", None),  # a relative clause names them
    ("Should admins only use shared accounts as needed?", None),   # "as needed" is no status predicate
    ("Are all join clauses and window functions supported?", "bare-status"),
    ("Are all join clauses supported on Zentro replicas?", None),
    ("Do I have to rotate my Zentro keys every 90 days?", None),
])
def test_topic_problem_without_the_document(question, why):
    assert topic_problem(question, PLAIN, None) == why


def test_a_question_about_the_reader_right_under_a_label_heading_has_lost_its_topic():
    before = "Shift types\n\nGSA offers three.\n\nDrifting\n\n"
    s, doc = in_doc(before, "You can start work within a set window every day.", "\nYou work 8 hours.\n")
    assert topic_problem("Can I start work within a set window every day?", s, doc) == "under-heading"
    # the same sentence after prose, or a heading the question names, is no lost topic
    s2, doc2 = in_doc("Drifting\n\nSome say so. ", s.text, "\n")
    assert topic_problem("Can I start work within a set window every day?", s2, doc2) is None
    s3, doc3 = in_doc("Work windows\n\n", s.text, "\n")
    assert topic_problem("Can I start work within a set window every day?", s3, doc3) is None


def test_the_topic_frame_is_a_purpose_lead_in_or_a_gerund_heading_never_a_label():
    s, doc = in_doc("Sharing screens in Quillmeet\n\nSome prose here.\n\nTo present slides in Quillmeet:\n\n",
                    "You must be signed in and the room owner.", "\n")
    assert topic_frame(s, doc) == "To present slides in Quillmeet"
    s, doc = in_doc("Sharing screens in Quillmeet\n\nSome prose here.\n\n", "You must be signed in and the room owner.", "")
    assert topic_frame(s, doc) == "When sharing screens in Quillmeet"
    s, doc = in_doc("Drifting\n\n", "You must be signed in and the room owner.", "")
    assert topic_frame(s, doc) is None     # one word: "When drifting, ..." would misread the label
    s, doc = in_doc("Screen limits\n\n", "You must be signed in and the room owner.", "")
    assert topic_frame(s, doc) is None     # a noun heading is no frame ("In the Screen limits section")


def test_carry_topic_frames_refuses_or_keeps():
    s, doc = in_doc("Sharing screens in Quillmeet\n\nSome prose here.\n\n", "You must be signed in and the room owner.", "")
    ph = Phrasing("You must be signed in and the room owner.", "Do I have to be signed in and the room owner?", "yes", None)
    out = carry_topic(ph, s, doc, ENV, "v7")
    assert out is not None and out.question == (
        "When sharing screens in Quillmeet, do I have to be signed in and the room owner?")
    s, doc = in_doc("Drifting\n\n", s.text, "")
    assert carry_topic(ph, s, doc, ENV, "v7") is None
    keep = Phrasing("c", "Do I have to rotate my Zentro keys every 90 days?", "yes", None)
    assert carry_topic(keep, s, doc, ENV, "v7") is keep
    for q in ("Does I either reboot the box or I have to reset the cache?",
              "Is Rotating keys enabled on every Zentro account?"):
        assert carry_topic(Phrasing("c", q, "yes", None), s, doc, ENV, "v7") is None


def test_end_to_end_v7_carries_the_gerund_heading_and_v6_keeps_its_wording():
    old, new = both("Sharing screens in Quillmeet\n\nPresenters appear in a pinned tile.\n\n",
                    "You must be signed in and the room owner.", "\nThen click Share.\n",
                    [MUST], "must", "modality")
    assert old is not None and old.question == "Do I have to be signed in and the room owner?"
    assert new is not None and new.question == (
        "When sharing screens in Quillmeet, do I have to be signed in and the room owner?")
    assert new.answer == "yes"


def test_end_to_end_v7_refuses_a_relational_noun_with_no_topic_to_carry():
    old, new = both("Leave records\n\nSend the form to payroll.\n\n",
                    "Your managers should keep signed copies for their files.", "\n",
                    [SHOULD], "should", "modality")
    assert old is not None and "signed copies" in old.question
    assert new is None


@pytest.mark.parametrize("question, kept", [
    ("Can all of the other sync options still be used?", False),    # other than which?
    ("Are all of the hooks covered so far run before deploys?", False),
    ("Is the other region cheaper than Frankfurt on every plan?", True),  # "than" names the other
    ("Can I import all the Zentro goals I've been sending so far?", True),  # "so far" of time, not of the page
    ("Do I have to rotate my Zentro keys every 90 days?", True),
])
def test_a_question_pointing_at_what_the_page_said_before_is_refused(question, kept):
    ph = Phrasing("c", question, "yes", None)
    assert (carry_topic(ph, PLAIN, None, ENV, "v7") is ph) is kept


def test_an_auxiliary_that_disagrees_with_i_is_refused():
    assert carry_topic(Phrasing("c", "Does I need a Zentro token for every call?", "yes", None),
                       PLAIN, None, ENV, "v7") is None
    ok = Phrasing("c", "Do I need a Zentro token for every call?", "yes", None)
    assert carry_topic(ok, PLAIN, None, ENV, "v7") is ok
