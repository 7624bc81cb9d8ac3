"""Questions v8, round 29: no subject question asks a definition backwards ("What is a
ledger service for Kestrel workspaces?"). Made-up sentences only."""

from __future__ import annotations

from families_support import site_of, slotted_sentence
from mutagen_cite.cases.questions import phrase, template_env

ENV = template_env()


def _question(text, slot, version):
    s = slotted_sentence(text, slot)
    p = phrase(s, site_of(s, slot[2]), slot[0], ENV, version=version)
    return None if p is None else p.question


def test_a_definition_is_not_asked_backwards():
    text = "Quillbase is a ledger service for Kestrel workspaces."
    slot = ("entity", "product", "Kestrel")
    assert _question(text, slot, "v7") == "What is a ledger service for Kestrel workspaces?"
    assert _question(text, slot, "v8") is None
    text = "Quillbase is always a ledger service for Kestrel workspaces."
    assert _question(text, slot, "v8") is None


def test_a_predicate_that_is_no_definition_is_still_asked():
    text = "Quillbase ledgers are stored in the Kestrel vault for each workspace."
    slot = ("entity", "product", "Kestrel")
    assert _question(text, slot, "v8") is not None
