"""Questions v10: a question that names nothing of its page's topic carries the page title in
front (``cases/page_topic.py``), and the loader reads that title from the source
(``corpus/titles.py``). Every example is made up for the test."""

from __future__ import annotations

import pytest

from mutagen_cite.cases.page_topic import carry_page_topic, title_frame
from mutagen_cite.cases.questions import Phrasing, template_env
from mutagen_cite.corpus.loader import document_from_text
from mutagen_cite.corpus.titles import document_title

PAGE = "Check the kiln settings. You can import a database from a dump. The database keeps its users. Pay with Stripe. The firewall logs. Your billing is monthly."


@pytest.mark.parametrize("title, frame", [
    ("Database imports", "For database imports"),  # the page writes "database" in lowercase
    ("Stripe integration", "For Stripe integration"),  # a name the page capitalises keeps its capital
    ("Database Imports", "For Database Imports"),  # a title-case title is a name as written
    ("Firewall", "For the firewall"),  # one singular count noun takes "the"
    ("Billing", "For billing"),
    ("Deploy to Zarvo", "When deploying to Zarvo"),  # an imperative
    ("Importing a dump", "When importing a dump"),  # a gerund phrase
    ("How to rotate a key", "When rotating a key"),
    ("Use Zarvo for SSO", None),  # a verb that is also a noun before a name: unclear
    ("Rolling Back a Bad Deploy", None),  # a task in title case
    ("April 24, 2026", None),  # a dated changelog entry
    ("ALTER TABLE", "For ALTER TABLE"),  # a name as written
    ("Overview", None),  # names no topic
    ("Guidelines for kiln settings", "For kiln settings"),  # the genre named first, then the topic
    ("What is a workspace?", None),  # a question
    ("Kiln glaze schedules for every studio kiln we run", None),  # too long to carry
])
def test_a_title_becomes_a_frame_by_its_form(title, frame):
    assert title_frame(title, PAGE) == frame


def _yes_no(question: str, answer: str = "yes") -> Phrasing:
    return Phrasing(claim="x", question=question, answer=answer, answer_slot=None)


def test_a_question_that_names_nothing_of_its_page_carries_the_title():
    env = template_env()
    p = carry_page_topic(_yes_no("Should I check my grants and permissions?"), "Database imports", env, "v10", PAGE)
    assert p.question == "For database imports, should I check my grants and permissions?"
    # a question that names the topic already, or opens with a frame of its own, stays as it is
    for q in ("Should I check the database grants?", "In the limits table, which plan has 3 seats?"):
        assert carry_page_topic(_yes_no(q), "Database imports", env, "v10", PAGE).question == q
    # a title that names only the corpus's own product is no topic: every page is about it
    q = "Should I check my grants and permissions?"
    assert carry_page_topic(_yes_no(q), "Zarvo", env, "v10", PAGE, house=("Zarvo",)).question == q
    assert carry_page_topic(_yes_no(q), "Zarvo", env, "v10", PAGE).question.startswith("For Zarvo, ")
    # what is judged is what the frame carries: the series name before a colon
    assert carry_page_topic(_yes_no(q), "How to Zarvo: For growing teams", env, "v10", PAGE,
                            house=("Zarvo",)).question == q
    # a title that names the answer would give it away
    who = Phrasing(claim="x", question="What keeps a log of blocked requests?", answer="The firewall", answer_slot=None)
    assert carry_page_topic(who, "Firewall", env, "v10", PAGE).question == who.question


def test_the_title_is_read_from_front_matter_or_the_first_heading():
    assert document_title("---\ntitle: Query usage analytics\ndescription: x\n---\n\nBody text.\n", "markdown") \
        == "Query usage analytics"
    assert document_title("---\ntitle: {{ page }} usage\n---\n# Usage\n", "markdown") == "Usage"  # templated
    assert document_title("Intro\n\n```\n# not a heading\n```\n\n# Kiln care\n\nText.", "markdown") == "Kiln care"
    assert document_title("<html><head><title>Kiln &amp; glaze</title></head><body>x</body></html>", "html") \
        == "Kiln & glaze"
    assert document_title("Kiln care\n=========\n\nText.\n", "rst") == "Kiln care"
    assert document_title("= Kiln care\n\nText.\n", "asciidoc") == "Kiln care"
    assert document_title("Just text.", "text") == ""
    doc = document_from_text("kiln.md", "---\ntitle: Kiln care\n---\n\nFire slowly.\n")
    assert doc.title == "Kiln care" and "Kiln care" not in doc.text  # front matter stays out of the text


def test_a_version_without_its_own_template_uses_the_latest_earlier_one():
    from jinja2 import TemplateNotFound

    from mutagen_cite.cases.questions import question_template

    env = template_env()
    assert question_template(env, "modality", "v10").filename.endswith("modality.v8.j2")  # v9 and v10 reword none
    assert question_template(env, "modality", "v9").filename.endswith("modality.v8.j2")
    assert question_template(env, "modality", "v3").filename.endswith("modality.v3.j2")  # old suites: their own
    with pytest.raises(TemplateNotFound, match="nosuch.v10"):
        question_template(env, "nosuch", "v10")


V11_PAGE = ("Roll back a bad deploy in two clicks. Each deploy is kept. Each work item has types and rules. "
            "Your bill is sent monthly. Pricing applies per seat. Billing is monthly. The leave policy and the "
            "notice policy apply. Stock option grants vest monthly. We use the Recovery Policy and Kiln Cloud.")


@pytest.mark.parametrize("title, v10, v11", [
    # a title in title case is read in the page's own case, so its form is clear
    ("Roll Back a Bad Deploy", None, "When rolling back a bad deploy"),
    ("Work Item Types", None, "For work item types"),  # a noun before a noun heads a noun phrase
    ("Understanding Your Bill", None, "When understanding your bill"),
    ("Leave and Notice Rules", None, "For leave and notice rules"),  # no imperative before "and"
    # all or nothing: the page writes "Recovery Policy" capitalised, so the title is a name as written
    ("Backup and Recovery Policy", "For Backup and Recovery Policy", "For Backup and Recovery Policy"),
    ("Stock Option Quilting", None, None),  # "quilting" is never written: no telling
    ("Zarvo Deploy Changelog", "For Zarvo Deploy Changelog", "For Zarvo Deploy Changelog"),  # never "deploy Changelog"
    # "How X works" names X
    ("How billing works", None, "For billing"),
    ("How and when stock option grants are calculated", None, "For stock option grants"),
    ("How We Work", None, None),
])
def test_v11_reads_title_case_and_how_titles(title, v10, v11):
    assert title_frame(title, V11_PAGE) == v10
    assert title_frame(title, V11_PAGE, True) == v11
