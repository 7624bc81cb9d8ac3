"""Enumeration mining on hand-written sibling sentences."""

from __future__ import annotations

import pytest

from mutagen_cite.analysis.annotate import Annotator, load_spacy
from mutagen_cite.analysis.mine import mine, template_of
from mutagen_cite.model import Sentence

DOC_A = [
    "Audit events in eu-central-1 are kept for 14 days.",
    "Audit events in us-east-1 are kept for 30 days.",
    "Audit events in ap-northeast-1 are kept for 60 days.",
    "The Team plan includes 50 GB of storage per month.",
    "The Business plan includes 500 GB of storage per month.",
    "Our office dog is called Biscuit.",
]
DOC_B = [
    "Audit events in eu-west-1 are kept for 21 days.",
    "The Starter plan includes 5 GB of storage per month.",
]


@pytest.fixture(scope="module")
def sentences():
    ann = Annotator(load_spacy(), tiers=["Starter", "Team", "Business"])
    out = {}
    for doc_id, texts in (("a.md", DOC_A), ("b.md", DOC_B)):
        rows, pos = [], 0
        for text, slots in zip(texts, ann.slots(texts)):
            rows.append(Sentence(doc_id, pos, pos + len(text), text, slots))
            pos += len(text) + 1
        out[doc_id] = rows
    return out


def test_template_masks_slots(sentences):
    template, kinds, _ = template_of(sentences["a.md"][0])
    assert template == "Audit events in {region} are kept for {duration}."
    assert kinds == ("region", "duration")


def test_enumerations_across_documents(sentences):
    result = mine(sentences)
    regions = [e for e in result.enumerations if e.kind == "region"]
    assert len(regions) == 1
    assert set(regions[0].values) == {"eu-central-1", "us-east-1", "ap-northeast-1", "eu-west-1"}
    assert {m.doc_id for m in regions[0].members} == {"a.md", "b.md"}
    tiers = [e for e in result.enumerations if e.kind == "tier"]
    assert set(tiers[0].values) == {"team", "business", "starter"}
    # the quantity varies alongside, and is its own enumeration
    assert any(e.kind == "size" and len(e.values) == 3 for e in result.enumerations)
    # a sentence with no siblings is in no enumeration
    dog = sentences["a.md"][5]
    assert result.siblings(dog) == []


def test_siblings_and_values(sentences):
    result = mine(sentences)
    first = sentences["a.md"][0]
    values = result.enumeration_values(first, "region")
    assert "eu-central-1" not in values
    assert set(values) == {"us-east-1", "ap-northeast-1", "eu-west-1"}
    assert "eu-central-1" in result.vocabulary.surfaces["region"]


def test_fuzzy_threshold_joins_near_templates(sentences):
    ann = Annotator(load_spacy())
    texts = ["Audit events in eu-central-1 are kept for 14 days.", "Audit events in us-east-1 are stored for 30 days."]
    rows = [Sentence("c.md", i * 60, i * 60 + len(t), t, s) for i, (t, s) in enumerate(zip(texts, ann.slots(texts)))]
    assert not mine({"c.md": rows}, threshold=100).enumerations
    assert mine({"c.md": rows}, threshold=85).enumerations


def test_mining_is_deterministic(sentences):
    assert mine(sentences) == mine(dict(reversed(list(sentences.items()))))


def test_label_value_lists_are_enumerations():
    ann = Annotator(load_spacy())
    lines = ["Urgent: 2 hours", "Normal: 3 days", "Someday: 14 days", "Anything else is handled weekly."]
    rows, pos = [], 0
    for text, slots in zip(lines, ann.slots(lines)):
        rows.append(Sentence("sla.md", pos, pos + len(text), text, slots))
        pos += len(text) + 1  # one newline between list lines
    result = mine({"sla.md": rows})
    durations = [e for e in result.enumerations if e.kind == "duration"]
    assert len(durations) == 1
    assert durations[0].template == "{label}: {duration}"
    assert [m.slot_text for m in durations[0].members] == ["2 hours", "3 days", "14 days"]
    # siblings are offered as replacement values
    assert set(result.enumeration_values(rows[0], "duration")) == {"3 days", "14 days"}


def test_an_enumeration_repeating_a_listed_group_is_dropped():
    """Two slot positions carrying the same values row by row list the same group twice; the
    miner keeps it once (issue 11: 122 of 481 mined enumerations repeated a group)."""
    ann = Annotator(load_spacy(), tiers=["Starter", "Team", "Business"])
    lines = [
        "Plan: Starter; Subscription: $5; Included usage: $5.",
        "Plan: Team; Subscription: $20; Included usage: $20.",
        "Plan: Business; Subscription: $50; Included usage: $50.",
    ]
    rows, pos = [], 0
    for text, slots in zip(lines, ann.slots(lines)):
        rows.append(Sentence("plans.md", pos, pos + len(text), text, slots))
        pos += len(text) + 1
    result = mine({"plans.md": rows})
    money = [e for e in result.enumerations if e.kind == "money"]
    assert len(money) == 1 and result.repeats == 1
    assert [m.slot_text for m in money[0].members] == ["$5", "$20", "$50"]
    assert [e.kind for e in result.enumerations].count("tier") == 1
    # siblings are still offered for every member
    assert set(result.enumeration_values(rows[0], "money")) == {"$20", "$50"}
