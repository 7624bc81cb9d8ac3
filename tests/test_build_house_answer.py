"""A v6 build never keeps a case whose expected answer is the corpus's own product name: "What
could not find the target document?" -> the product the documents are about, which a reader names
without reading (and which the near miss writes too). Made-up names only."""

from __future__ import annotations

from types import SimpleNamespace

import mutagen_cite.cases.build as build_module
from mutagen_cite.cases.build import BuildContext
from mutagen_cite.cases.families import ValueSource


def _context(version: str, monkeypatch) -> BuildContext:
    doc = SimpleNamespace(id="guide.md")
    analysis = SimpleNamespace(annotator=SimpleNamespace(), corpus=SimpleNamespace(documents=[doc]))
    return BuildContext(analysis=analysis, families=(), judge=None, seed=0, chunk_chars=0, chunk_overlap=0,
                        env=None, values=ValueSource(house=("Zephyrdb",)), question_version=version)


def _candidate(answer: str):
    return SimpleNamespace(phrasing=SimpleNamespace(question="What ranks the results by recency?", answer=answer),
                           sentence=SimpleNamespace(doc_id="guide.md"))


def test_house_answer_is_rejected_and_other_answers_go_on(monkeypatch):
    monkeypatch.setattr(build_module, "build_cases", lambda *a, **k: ())
    monkeypatch.setattr(build_module, "validate_suite", lambda *a, **k: [])
    ctx = _context("v6", monkeypatch)
    assert ctx.invalid(_candidate("Zephyrdb"), {}) == ["question: the expected answer is the corpus's own product name"]
    assert ctx.invalid(_candidate("the zephyrdb"), {}) != []
    assert ctx.invalid(_candidate("the ranking service"), {}) == []
    # pinned older question versions keep what they built
    assert _context("v5", monkeypatch).invalid(_candidate("Zephyrdb"), {}) == []
