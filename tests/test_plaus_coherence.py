"""A near miss must still read as documentation (CASE-QUALITY question e) and still be a near
miss (d, f): a polarity flip that contradicts its section heading or breaks a uniform list, a
quantity edit that breaks the numbers it is tied to (a count its list enumerates, a total of
parts, a rate and its monthly amount), zero as a cap, and a step a later step presupposes.

Every example here is made up for the test."""

from __future__ import annotations

import pytest
from test_distractor_rules import _edit

from mutagen_cite.cases.candidates import section_heading, unfair_rule

NOT = ("polarity", "negation", "not")
IS = ("polarity", "affirmative", "is")


def _rule(c) -> str | None:
    why = unfair_rule(c)
    return why[0] if why else None


def _unnegate(chunk: str, sentence: str):
    return _edit(chunk, sentence, "not", "", NOT, family="polarity", answer="yes")


def _negate(chunk: str, sentence: str):
    return _edit(chunk, sentence, "is", "is not", IS, family="polarity", answer="yes")


# ----------------------------------------------------------------- the section heading


def test_the_heading_is_found_above_the_sentences_paragraph():
    chunk = "Intro line here.\n\n## Known limitations\n\nWebhooks retry twice.\nExports are capped."
    assert section_heading(chunk, chunk.index("Exports")) == "Known limitations"
    plain = "Overview text.\n\nRemoved\n\nThe legacy importer is gone."
    assert section_heading(plain, plain.index("The legacy")) == "Removed"
    assert section_heading("Only a paragraph. And more.", 18) is None


@pytest.mark.parametrize("heading", ["Known limitations", "## Limitations", "Not supported"])
def test_a_negation_removed_under_a_limitations_heading_is_rejected(heading):
    sentence = "Nested folders are not synced to the archive."
    chunk = f"Folder sync\n\n{heading}\n\n{sentence}\nLarge files sync slowly."
    assert _rule(_unnegate(chunk, sentence)) == "against-heading"


def test_a_negation_removed_under_a_neutral_heading_is_a_near_miss():
    sentence = "Nested folders are not synced to the archive."
    chunk = f"Folder sync\n\nHow sync works\n\n{sentence}\nLarge files sync slowly."
    assert _rule(_unnegate(chunk, sentence)) is None


def test_a_negation_inserted_under_an_added_heading_is_rejected():
    sentence = "Dark mode is available in the desktop client."
    chunk = f"Release 4.2\n\nAdded\n\n{sentence}\nThe editor starts faster."
    assert _rule(_negate(chunk, sentence)) == "against-heading"
    # the same flip under "Changed" is a plausible near miss
    chunk = f"Release 4.2\n\nChanged\n\n{sentence}\nThe editor starts faster."
    assert _rule(_negate(chunk, sentence)) is None


def test_a_list_lead_in_frames_its_items_like_a_heading():
    sentence = "Shared drives are not indexed"
    chunk = f"Search\n\nThe following are not supported:\n- {sentence}\n- Encrypted archives"
    assert _rule(_unnegate(chunk, sentence)) == "against-heading"


# ----------------------------------------------------------------- a uniform list


def test_one_item_of_a_uniform_list_flipped_is_rejected():
    sentence = "Okta is supported."
    chunk = f"Identity providers\n\n{sentence}\nAzure AD is supported.\nGoogle Workspace is supported."
    assert _rule(_negate(chunk, sentence)) == "parallel-list"


def test_a_mixed_list_is_no_uniform_list():
    sentence = "Okta is supported."
    chunk = (f"Identity providers\n\n{sentence}\nAzure AD is supported.\n"
             "Google Workspace is not supported.")
    assert _rule(_negate(chunk, sentence)) is None
    # nor is a paragraph of sentences about other things
    chunk = f"Identity providers\n\n{sentence}\nLogins are logged.\nSessions last a day."
    assert _rule(_negate(chunk, sentence)) is None
