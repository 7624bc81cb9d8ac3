"""One chunk id names one text across a suite (cases/variants.py ``opaque_ids``), and
``validate`` warns about a suite that gives one id to two texts."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from mutagen_cite.cases.suite_format import load_suite
from mutagen_cite.cases.validate import validate_suite
from mutagen_cite.cases.variants import opaque_ids
from mutagen_cite.model import ContextChunk

FIXTURES = Path(__file__).parent / "fixtures" / "suites"


def test_an_id_another_case_gives_to_another_text_is_passed_over():
    alone = opaque_ids("plans-1a2b3c4d-quantity", ("true", "distractor"))
    taken = {alone["true"]: "A passage another case holds."}
    ids = opaque_ids("plans-1a2b3c4d-quantity", ("true", "distractor"),
                     {"true": "Pro costs $20.", "distractor": "Pro costs $25."}, taken)
    assert ids["true"] != alone["true"] and ids["distractor"] == alone["distractor"]
    assert taken[ids["true"]] == "Pro costs $20." and taken[ids["distractor"]] == "Pro costs $25."


def test_the_same_text_keeps_its_id():
    alone = opaque_ids("plans-1a2b3c4d-quantity", ("true", "distractor"))
    taken = {alone["true"]: "Pro costs $20."}
    ids = opaque_ids("plans-1a2b3c4d-quantity", ("true", "distractor"),
                     {"true": "Pro costs $20.", "distractor": "Pro costs $25."}, taken)
    assert ids == alone


def test_validate_warns_when_one_id_names_two_texts():
    suite = load_suite(FIXTURES / "full_suite.yaml")
    assert not [p for p in validate_suite(suite) if "names another text" in p.message]
    # a second pair, a copy of the first under other case ids, whose true chunk keeps the first
    # pair's chunk id but holds another text
    both = next(c for c in suite.cases if c.variant == "both-present")
    clash_id = both.expect.cited_chunks_include[0]
    copies = []
    for c in suite.cases:
        context = tuple(ContextChunk(ch.chunk_id, "Some other passage." if ch.chunk_id == clash_id else ch.text)
                        for ch in c.context)
        copies.append(dataclasses.replace(c, id=c.id.replace("1a2b3c4d", "9f9f9f9f"), context=context))
    cases = (*suite.cases, *copies)
    problems = [p for p in validate_suite(dataclasses.replace(suite, cases=cases)) if "names another text" in p.message]
    assert problems and {p.severity for p in problems} == {"warning"}
    assert {p.case_id for p in problems} == {c.id for c in copies if clash_id in c.context_ids()}
