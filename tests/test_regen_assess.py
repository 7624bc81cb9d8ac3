"""What a corpus change means for each near miss, decided from provenance alone (no models).

Small hand-made documents and cases, so every state is pinned: same, moved, edited, gone,
unverifiable, and the mined-value rule.
"""

from __future__ import annotations

from pathlib import Path

from dataclasses import replace

import pytest

from mutagen_cite.corpus import Corpus, document_from_text
from mutagen_cite.errors import SuiteError
from mutagen_cite.model import Case, ChunkOrigin, ContextChunk, Expect, Suite, SuiteHeader
from mutagen_cite.cases.regen import assess, require_manifest
from mutagen_cite.cases.suite_format import provenance_from_dict

RETENTION = (
    "Logs are kept for 30 days on the Team plan.\n\n"
    "Images are retained for 120 hours on the Pro plan. Backups run nightly.\n\n"
    "Support answers within one business day.\n"
)
PRICING = "The Pro plan costs $20 per seat. The Team plan costs $35 per seat.\n"


def _doc(doc_id: str, text: str):
    return document_from_text(doc_id, text, "text")


def _corpus(**docs: str) -> Corpus:
    return Corpus(Path("corpus"), tuple(_doc(k.replace("__", "/").replace("_", "."), v) for k, v in sorted(docs.items())))


def _pair(doc, sentence: str, *, original: str, replacement: str, origin: str = "synthetic",
          family: str = "quantity", base: str = "ret-0001-quantity") -> tuple[Case, Case]:
    """A both-present / true-absent pair whose true chunk is the sentence's paragraph."""
    s = doc.text.index(sentence)
    e = s + len(sentence)
    c0 = doc.text.rfind("\n\n", 0, s)
    c0 = 0 if c0 < 0 else c0 + 2
    c1 = doc.text.find("\n\n", e)
    c1 = len(doc.text) if c1 < 0 else c1
    true_text = doc.text[c0:c1]
    mutated = sentence.replace(original, replacement, 1)
    dis_text = true_text.replace(sentence, mutated, 1)
    true_prov = {"role": "true", "doc": doc.id, "start": c0, "end": c1}
    dis_prov = {"role": "distractor", "doc": doc.id, "start": c0, "end": c1, "synthetic": True}
    slot = sentence.index(original)
    prov = {
        "doc": doc.id, "doc_sha256": doc.sha256, "start": s, "end": e, "sentence": sentence,
        "chunks": {"p-1000": true_prov, "p-2000": dis_prov},
        "mutation": {"family": family, "family_version": f"{family}.v1", "kind": "duration",
                     "slot_start": slot, "slot_end": slot + len(original), "original": original,
                     "replacement": replacement, "origin": origin},
    }
    common = dict(family=family, question="How long?", claim=sentence, answer=original)
    both = Case(f"{base}-both-present", variant="both-present",
                context=(ContextChunk("p-1000", true_text), ContextChunk("p-2000", dis_text)),
                expect=Expect(answer_contains=original, cited_chunks_include=("p-1000",),
                              cited_chunks_exclude=("p-2000",)),
                provenance=provenance_from_dict(prov), **common)
    absent = Case(f"{base}-true-absent", variant="true-absent", context=(ContextChunk("p-2000", dis_text),),
                  expect=Expect(behaviour="decline"), provenance=provenance_from_dict({**prov, "chunks": {"p-2000": dis_prov}}), **common)
    return both, absent


def _suite(corpus: Corpus, *cases: Case) -> Suite:
    header = SuiteHeader("0.1.0", 13, {"quantity": "quantity.v1"}, corpus.manifest(), {"cases": len(cases)})
    return Suite(header, tuple(cases))


@pytest.fixture
def base():
    corpus = _corpus(policies__retention_txt=RETENTION, pricing__plans_txt=PRICING)
    doc = corpus.by_id("policies/retention.txt")
    pair = _pair(doc, "Images are retained for 120 hours on the Pro plan.", original="120 hours",
                 replacement="96 hours")
    return corpus, _suite(corpus, *pair)


def _state(suite: Suite, corpus: Corpus):
    (pair,) = assess(suite, corpus).pairs
    return pair


def test_unchanged_corpus_keeps_every_pair(base):
    corpus, suite = base
    a = assess(suite, corpus)
    assert [p.state for p in a.pairs] == ["same"]
    assert not a.docs.any and a.stale_cases() == []


def test_edit_after_the_chunk_keeps_the_pair(base):
    corpus, suite = base
    edited = _corpus(policies__retention_txt=RETENTION.replace("one business day", "two business days"),
                     pricing__plans_txt=PRICING)
    pair = _state(suite, edited)
    assert pair.state == "same"
    assert assess(suite, edited).docs.edited == ("policies/retention.txt",)


def test_edited_true_sentence_is_stale(base):
    corpus, suite = base
    edited = _corpus(policies__retention_txt=RETENTION.replace("Pro plan.", "Pro and Team plans."),
                     pricing__plans_txt=PRICING)
    pair = _state(suite, edited)
    assert pair.state == "edited"
    assert "true sentence edited" in pair.reason
    ids = [cid for cid, _ in assess(suite, edited).stale_cases()]
    assert ids == ["ret-0001-quantity-both-present", "ret-0001-quantity-true-absent"]


def test_text_inserted_before_the_sentence_only_moves_offsets(base):
    corpus, suite = base
    inserted = "Effective today.\n\n"
    edited = _corpus(policies__retention_txt=inserted + RETENTION, pricing__plans_txt=PRICING)
    pair = _state(suite, edited)
    assert pair.state == "moved" and "offsets moved" in pair.reason
    doc = edited.by_id("policies/retention.txt")
    for old, new in zip(suite.cases, pair.relocated):
        assert new.id == old.id and new.status == "changed"
        assert (new.context, new.expect, new.claim) == (old.context, old.expect, old.claim)
        p = new.provenance
        assert p.start == old.provenance.start + len(inserted)
        assert doc.text[p.start:p.end] == p.sentence
        assert p.doc_sha256 == doc.sha256
        for cid, entry in p.chunks.items():
            assert entry.start == old.provenance.chunks[cid].start + len(inserted)
        source = p.chunks["p-2000"]
        assert doc.text[source.start:source.end] == suite.cases[0].chunk_text("p-1000")


def test_inserted_text_and_an_edited_neighbour_is_an_edit(base):
    corpus, suite = base
    text = "Effective today.\n\n" + RETENTION.replace("Backups run nightly.", "Backups run hourly.")
    pair = _state(suite, _corpus(policies__retention_txt=text, pricing__plans_txt=PRICING))
    assert pair.state == "edited" and "text around the true sentence changed" in pair.reason


def test_edit_next_to_the_sentence_changes_the_chunk(base):
    corpus, suite = base
    edited = _corpus(policies__retention_txt=RETENTION.replace("Backups run nightly.", "Backups run hourly."),
                     pricing__plans_txt=PRICING)
    pair = _state(suite, edited)
    assert pair.state == "edited" and "text around the true sentence" in pair.reason


def test_renamed_document_is_moved(base):
    corpus, suite = base
    moved = _corpus(archive__retention_txt=RETENTION, pricing__plans_txt=PRICING)
    pair = _state(suite, moved)
    assert pair.state == "moved"
    assert pair.doc == "archive/retention.txt"
    assert [c.provenance.doc for c in pair.relocated] == ["archive/retention.txt"] * 2
    assert all(set(e.doc for e in c.provenance.chunks.values()) == {"archive/retention.txt"}
               for c in pair.relocated)
    assert "moved from policies/retention.txt to archive/retention.txt" in pair.reason
    assert assess(suite, moved).docs.renamed == {"policies/retention.txt": "archive/retention.txt"}


def test_deleted_document_is_gone(base):
    corpus, suite = base
    gone = _corpus(pricing__plans_txt=PRICING)
    pair = _state(suite, gone)
    assert pair.state == "gone"
    assert pair.reason == "evidence removed: policies/retention.txt deleted"


def test_mined_value_that_left_the_corpus_makes_the_pair_stale():
    corpus = _corpus(policies__retention_txt=RETENTION, pricing__plans_txt=PRICING + "Archives last 96 hours.\n")
    doc = corpus.by_id("policies/retention.txt")
    suite = _suite(corpus, *_pair(doc, "Images are retained for 120 hours on the Pro plan.", original="120 hours",
                                  replacement="96 hours", origin="mined"))
    assert _state(suite, corpus).state == "same"
    still = _corpus(policies__retention_txt=RETENTION, pricing__plans_txt=PRICING + "Archives last 96 hours!\n")
    assert _state(suite, still).state == "same"  # the value is still in the corpus
    without = _corpus(policies__retention_txt=RETENTION, pricing__plans_txt=PRICING)
    pair = _state(suite, without)
    assert pair.state == "edited" and "mined value '96 hours'" in pair.reason
    partial = _corpus(policies__retention_txt=RETENTION, pricing__plans_txt=PRICING + "Archives last 196 hours.\n")
    assert _state(suite, partial).state == "edited"  # "196 hours" is not "96 hours"


def test_mined_value_reformed_by_its_family_is_not_flagged():
    text = "The review happens in mid September.\n\nThe audit closed in June 2022.\n"
    corpus = _corpus(policies__dates_txt=text, other_txt="Nothing here.\n")
    doc = corpus.by_id("policies/dates.txt")
    suite = _suite(corpus, *_pair(doc, "The review happens in mid September.", original="mid September",
                                  replacement="mid June", origin="mined", family="date"))
    changed = _corpus(policies__dates_txt=text, other_txt="Nothing here at all.\n")
    assert _state(suite, changed).state == "same"  # "mid June" never occurred verbatim; its words still do
    without = _corpus(policies__dates_txt=text.replace("June 2022", "July 2022"), other_txt="Nothing here.\n")
    assert _state(suite, without).state == "edited"


def test_mined_date_written_in_another_form_still_counts():
    text = "The policy took effect on 1 March 2024.\n\nThe old policy ended on 2023-02-14.\n"
    corpus = _corpus(policies__dates_txt=text, other_txt="Nothing here.\n")
    doc = corpus.by_id("policies/dates.txt")
    suite = _suite(corpus, *_pair(doc, "The policy took effect on 1 March 2024.", original="1 March 2024",
                                  replacement="14 February 2023", origin="mined", family="date"))
    changed = _corpus(policies__dates_txt=text, other_txt="Nothing here at all.\n")
    assert _state(suite, changed).state == "same"
    gone = _corpus(policies__dates_txt=text.replace("2023-02-14", "2023-02-15"), other_txt="Nothing here.\n")
    assert _state(suite, gone).state == "edited"


def test_sibling_distractor_source_edit_is_stale():
    plans = "The Pro plan costs $20 per seat.\n\nThe Team plan costs $35 per seat.\n"
    corpus = _corpus(pricing__plans_txt=plans)
    doc = corpus.by_id("pricing/plans.txt")
    both, absent = _pair(doc, "The Pro plan costs $20 per seat.", original="$20", replacement="$35")
    sib = "The Team plan costs $35 per seat."
    ss = doc.text.index(sib)
    sib_prov = ChunkOrigin(role="distractor", doc=doc.id, start=ss, end=ss + len(sib), synthetic=False)
    prov = replace(both.provenance, chunks={"p-1000": both.provenance.chunks["p-1000"], "p-2000": sib_prov})
    both = Case(both.id, both.family, both.variant, both.question, both.claim, both.answer,
                (both.context[0], ContextChunk("p-2000", sib)), both.expect, provenance=prov)
    suite = _suite(corpus, both)
    assert _state(suite, corpus).state == "same"
    edited = _corpus(pricing__plans_txt=plans.replace("$35", "$36"))
    pair = _state(suite, edited)
    assert pair.state == "edited" and "distractor source" in pair.reason


def test_case_without_provenance_is_unverifiable(base):
    corpus, suite = base
    bare = Case("hand-1", "scope", "both-present", "Q?", "", "x", (ContextChunk("a", "x"),),
                Expect(answer_contains="x", cited_chunks_include=("a",)))
    states = {p.base: p.state for p in assess(Suite(suite.header, suite.cases + (bare,)), corpus).pairs}
    assert states["hand-1"] == "unverifiable"


@pytest.mark.parametrize("header", [None, SuiteHeader("0.0.1", 13, {}, {}, {})])
def test_suite_without_manifest_gets_a_clear_error(header):
    with pytest.raises(SuiteError) as info:
        require_manifest(Suite(header, ()), "old.yaml")
    assert "no manifest" in str(info.value) and "mutagen-cite build" in str(info.value)
    assert info.value.where == "old.yaml"
