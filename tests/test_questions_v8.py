"""Questions v8 (round 27, documentation never seen): a subject question needs three words of
topic, and "all" stays "all" before a plural complement. Made-up sentences; v7 keeps its wording."""

from __future__ import annotations

import pytest

from families_support import site_of, slotted_sentence
from mutagen_cite.cases.questions import phrase, template_env

ENV = template_env()


def _ask(text, slot, site, version):
    s = slotted_sentence(text, slot)
    p = phrase(s, site_of(s, site), slot[0], ENV, version=version)
    return p.question if p is not None else None


@pytest.mark.parametrize("text, slot, site", [
    # what is left besides the value is one verb and an adverb: no topic
    ("Badge codes are rotated every 90 days.", ("quantity", "duration", "90 days", "90 day"), "90 days"),
])
def test_a_subject_question_with_no_topic_is_not_asked(text, slot, site):
    assert _ask(text, slot, site, "v7") is not None  # v7 asked it
    assert _ask(text, slot, site, "v8") is None


def test_a_name_asked_about_is_a_topic_of_its_own():
    s = slotted_sentence("The v2.1 release was managed by Ines Duarte.", ("entity", "version", "v2.1", "v2.1"),
                         ("entity", "person", "Ines Duarte", "ines duarte"))
    p = phrase(s, site_of(s, "v2.1"), "entity", ENV, version="v8")
    assert p is not None and p.question == "Who managed the v2.1 release?"


def test_a_changed_agent_is_no_topic_to_ask_its_work_back_from():
    s = slotted_sentence("Kiln repairs are arranged by the studio team and usually take 3 days.",
                         ("entity", "team", "studio team", "studio team"))
    assert phrase(s, site_of(s, "studio team"), "entity", ENV, version="v7") is not None
    assert phrase(s, site_of(s, "studio team"), "entity", ENV, version="v8") is None


def test_a_subject_question_that_names_its_topic_is_asked():
    q = _ask("Kiln firing logs are archived by the studio manager after 30 days.",
             ("quantity", "duration", "30 days", "30 day"), "30 days", "v8")
    assert q == "Who archives kiln firing logs after 30 days?"


LOG_PAGE = ("Plans and retention\n\nKiln log retention depends on your membership:\n\n"
            "Plan: Hobby; Retention period: 1 day.\nPlan: Studio; Retention period: 30 days.\n")


def test_a_table_is_named_by_its_lead_in_when_the_heading_adds_nothing():
    from mutagen_cite.model import Sentence

    row = "Plan: Studio; Retention period: 30 days."
    start = LOG_PAGE.index(row)
    s = slotted_sentence(row, ("scope", "tier", "Studio", "studio"), ("quantity", "duration", "30 days", "30 day"))
    s = Sentence("logs.md", start, start + len(row), s.text, s.slots)
    new = phrase(s, site_of(s, "Studio"), "scope", ENV, version="v8", doc_text=LOG_PAGE)
    old = phrase(s, site_of(s, "Studio"), "scope", ENV, version="v7", doc_text=LOG_PAGE)
    assert new is not None and new.question.startswith("In the Kiln log retention table, ")
    assert old is not None and "Kiln" not in old.question


@pytest.mark.parametrize("lead, named", [
    ("Kiln log retention depends on your membership:", "Kiln log retention"),
    ("Kiln logs are kept for different periods on each plan:", "Kiln logs"),
    ("This depends on your membership:", None),  # a pronoun names nothing
    ("Kiln log retention depends on your membership.", None),  # no colon: no lead-in
])
def test_the_lead_in_subject(lead, named):
    from mutagen_cite.cases.questions import table_lead_in

    page = f"{lead}\n\nPlan: Hobby; Retention period: 1 day.\nPlan: Studio; Retention period: 30 days.\n"
    assert table_lead_in(page, page.index("Plan: Studio")) == named
