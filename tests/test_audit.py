"""The hardness audit: pairs, ranks, margins, the similarity citer, summaries, write-back."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from mutagen_cite.audit.ranks import (
    annotate_suite,
    audit_suite,
    hardness_fields,
    idf_chunks,
    is_hard,
    select_hard,
    twin_id,
)
from mutagen_cite.audit.report import audit_to_dict, render_html, render_terminal
from mutagen_cite.errors import ConfigError, SuiteError
from mutagen_cite.model import Case, ChunkOrigin, ContextChunk, Expect, Provenance, Suite, SuiteHeader
from mutagen_cite.audit.similarity import BM25Similarity, FuzzySimilarity, TokenF1Similarity

from test_similarity import EU_CENTRAL, EU_CLAIM, US_EAST


def make_pair(base, family, question, claim, true_text, distractor_text, *, extra=()):
    """A both-present case and its true-absent twin, shaped like the builder's output."""
    both = Case(
        id=f"{base}-{family}-both-present",
        family=family,
        variant="both-present",
        question=question,
        claim=claim,
        answer="",
        context=(ContextChunk("p-1", true_text), ContextChunk("p-2", distractor_text), *extra),
        expect=Expect(cited_chunks_include=("p-1",), cited_chunks_exclude=("p-2",)),
        provenance=Provenance(chunks={"p-1": ChunkOrigin(role="true"), "p-2": ChunkOrigin(role="distractor")}),
    )
    absent = Case(
        id=f"{base}-{family}-true-absent",
        family=family,
        variant="true-absent",
        question=question,
        claim=claim,
        answer="",
        context=(ContextChunk("p-2", distractor_text), *extra),
        expect=Expect(cited_chunks_exclude=("p-2",), behaviour="decline"),
        provenance=Provenance(chunks={"p-2": ChunkOrigin(role="distractor")}),
    )
    return [both, absent]


class TableSimilarity:
    """Scores from a table: (query, passage) -> score; unknown pairs score 0."""

    def __init__(self, name, table):
        self.name = name
        self.table = table
        self.calls = 0

    def scores(self, query, passages):
        self.calls += 1
        return [self.table.get((query, p), 0.0) for p in passages]


def seed_retention_cases():
    return make_pair(
        "retention-eu", "scope", "How long do we retain request logs for EU customers?", EU_CLAIM, EU_CENTRAL, US_EAST
    )


# --------------------------------------------------------------------------- the seed example


def test_seed_retention_is_hard_under_token_f1_for_both_variants():
    result = audit_suite(seed_retention_cases(), similarities=[TokenF1Similarity()])
    both, absent = result.rows
    f = both.of("token_f1")
    assert f.hard and f.distractor_rank == 1 and f.true_rank == 2
    assert f.margin == pytest.approx(f.distractor_score - f.true_score) and f.margin > 0
    assert f.citer_chunk == "p-2" and f.citer_credit == 0.0  # the citer cites the near miss
    # the pair is scored once and reported for the true-absent variant too
    g = absent.of("token_f1")
    assert (g.true_score, g.distractor_score, g.margin) == (f.true_score, f.distractor_score, f.margin)
    assert absent.true_source == "twin" and g.citer_credit == 0.0
    fields = hardness_fields(both)
    assert fields["token_f1_rank"] == 1
    assert fields["token_f1_distractor"] > fields["token_f1_true"]
    assert result.overall.of("token_f1").share_hard == 1.0


# --------------------------------------------------------------------------- ranks, margins, ties


def test_ranks_margins_and_question_scores_by_hand():
    cases = make_pair("x", "quantity", "Q?", "C.", "T", "D", extra=(ContextChunk("p-3", "O"),))
    table = {("C.", "T"): 0.5, ("C.", "D"): 0.7, ("C.", "O"): 0.9, ("Q?", "T"): 0.4, ("Q?", "D"): 0.1}
    sim = TableSimilarity("t", table)
    row = audit_suite(cases, similarities=[sim]).rows[0]
    f = row.of("t")
    assert (f.true_rank, f.distractor_rank) == (3, 2)
    assert f.margin == pytest.approx(0.2) and f.hard
    assert (f.question_true, f.question_distractor) == (0.4, 0.1)
    assert f.question_margin == pytest.approx(-0.3)
    assert f.citer_chunk == "p-3" and f.citer_credit == 0.0
    assert hardness_fields(row)["t_rank"] == 1


def test_question_query_measures_rank_and_cites_by_the_question():
    cases = make_pair("q", "quantity", "Q?", "C.", "T", "D")
    table = {("C.", "T"): 0.9, ("C.", "D"): 0.2, ("Q?", "T"): 0.5, ("Q?", "D"): 0.5}
    result = audit_suite(cases, similarities=[TableSimilarity("t", table)], query="question")
    f = result.rows[0].of("t")
    assert f.query == "question" and f.hard and f.margin == 0.0
    assert (f.claim_true, f.claim_distractor) == (0.9, 0.2)
    # the citer reads the question too: a tie there leaves it a coin flip (half credit)
    assert f.citer_credit == 0.5
    by_claim = audit_suite(cases, similarities=[TableSimilarity("t", table)], query="claim").rows[0].of("t")
    assert by_claim.citer_chunk == "p-1" and by_claim.citer_credit == 1.0
    assert result.query == "question"
    with pytest.raises(ConfigError):
        audit_suite(cases, similarities=[TableSimilarity("t", table)], query="answer")


def test_a_tie_is_hard_and_the_citer_gets_half_credit():
    cases = make_pair("tie", "date", "Q?", "C.", "T", "D")
    sim = TableSimilarity("t", {("C.", "T"): 0.6, ("C.", "D"): 0.6})
    row = audit_suite(cases, similarities=[sim]).rows[0]
    assert row.of("t").hard and row.of("t").distractor_rank == 1 and row.of("t").citer_credit == 0.5


def test_easy_case_and_claimless_cases_fall_back_to_the_question():
    cases = make_pair("e", "entity", "Q?", "", "T", "D")
    sim = TableSimilarity("t", {("Q?", "T"): 0.8, ("Q?", "D"): 0.3})
    result = audit_suite(cases, similarities=[sim])
    f = result.rows[0].of("t")
    assert f.query == "question" and not f.hard and f.claim_true is None
    assert f.citer_credit == 1.0
    assert hardness_fields(result.rows[0])["query"] == "question"
    assert result.overall.of("t").easy_ids == tuple(sorted(c.id for c in cases))


def test_pair_scores_are_computed_once_per_query():
    cases = make_pair("m", "scope", "Q?", "C.", "T", "D")
    sim = TableSimilarity("t", {})
    audit_suite(cases, similarities=[sim])
    assert sim.calls == 2  # claim + question for the pair, shared by both variants


# --------------------------------------------------------------------------- refusing wrong numbers


def test_a_chunk_missing_from_the_context_is_a_clear_error():
    both, absent = make_pair("bad", "scope", "Q?", "C.", "T", "D")
    broken = replace(both, expect=replace(both.expect, cited_chunks_include=("p-9",)))
    with pytest.raises(SuiteError) as info:
        audit_suite([broken, absent], similarities=[TokenF1Similarity()])
    assert info.value.where == broken.id and "p-9" in info.value.message


def test_true_absent_without_twin_needs_provenance():
    _, absent = make_pair("lonely", "scope", "Q?", "C.", "T", "D")
    with pytest.raises(SuiteError, match="true passage"):
        audit_suite([absent], similarities=[TokenF1Similarity()])
    with_sentence = replace(absent, provenance=replace(absent.provenance, sentence="T"))
    result = audit_suite([with_sentence], similarities=[TokenF1Similarity()])
    assert result.rows[0].true_source == "provenance.sentence" and result.notes


def test_true_passage_left_in_a_true_absent_context_is_refused():
    both, absent = make_pair("leak", "scope", "Q?", "C.", "T", "D")
    leaked = replace(absent, context=(*absent.context, ContextChunk("p-7", "T")))
    with pytest.raises(SuiteError, match="still in"):
        audit_suite([both, leaked], similarities=[TokenF1Similarity()])


def test_seed_shape_true_absent_finds_its_distractor_by_text():
    both, absent = make_pair("seed", "scope", "Q?", "C.", "T", "D")
    bare = replace(absent, expect=Expect(behaviour="decline"), provenance=None,
                   context=(ContextChunk("policy.md#tok:0", "D"),))
    result = audit_suite([both, bare], similarities=[TokenF1Similarity()])
    assert result.rows[1].distractor_chunk == "policy.md#tok:0"
    assert twin_id(bare.id) == both.id


# --------------------------------------------------------------------------- summaries


def _mixed_suite():
    cases = []
    cases += make_pair("a", "scope", "Q1?", "C1.", "T1", "D1")  # hard
    cases += make_pair("b", "scope", "Q2?", "C2.", "T2", "D2")  # easy
    cases += make_pair("c", "date", "Q3?", "C3.", "T3", "D3")  # hard under u only
    t = TableSimilarity("t", {("C1.", "T1"): 0.2, ("C1.", "D1"): 0.4, ("C2.", "T2"): 0.9, ("C2.", "D2"): 0.1,
                              ("C3.", "T3"): 0.9, ("C3.", "D3"): 0.1})
    u = TableSimilarity("u", {("C1.", "T1"): 0.2, ("C1.", "D1"): 0.4, ("C2.", "T2"): 0.9, ("C2.", "D2"): 0.1,
                              ("C3.", "T3"): 0.1, ("C3.", "D3"): 0.9})
    return cases, [t, u]


def test_family_summaries_shares_easy_ids_and_citer_scores():
    cases, sims = _mixed_suite()
    result = audit_suite(Suite(None, tuple(cases)), similarities=sims)
    assert [g.family for g in result.families] == ["date", "scope"]
    scope = result.families[1]
    assert scope.of("t").share_hard == 0.5
    assert scope.of("t").easy_ids == ("b-scope-both-present", "b-scope-true-absent")
    assert scope.of("t").citer_both_present == 0.5 and scope.of("t").citer_true_absent == 0.0
    assert scope.of("t").citer_score == 0.25
    date = result.families[0]
    assert date.of("t").share_hard == 0.0 and date.of("u").share_hard == 1.0
    assert date.share_hard_any == 1.0 and date.share_hard_all == 0.0
    o = result.overall
    assert (o.cases, o.both_present, o.true_absent) == (6, 3, 3)
    assert o.hard_any == 4 and o.hard_all == 2
    assert o.easy_all_ids == ("b-scope-both-present", "b-scope-true-absent")
    m = o.of("t").margin
    assert m.n == 6 and m.min == pytest.approx(-0.8) and m.max == pytest.approx(0.2)


def test_select_hard_keeps_pairs_together_and_prefers_hardest():
    cases, sims = _mixed_suite()
    result = audit_suite(cases, similarities=sims)
    kept = select_hard(cases, result, ["t"])
    assert [c.id for c in kept] == ["a-scope-both-present", "a-scope-true-absent"]
    kept_any = select_hard(cases, result, ["t", "u"], require="any")
    assert {c.id.split("-")[0] for c in kept_any} == {"a", "c"}
    preferred = select_hard(cases, result, ["u"], prefer=True)
    assert len(preferred) == len(cases)
    assert [c.id.split("-")[0] for c in preferred] == ["c", "c", "a", "a", "b", "b"]
    assert is_hard(result.rows[4], ["u"]) and not is_hard(result.rows[4], ["t", "u"])
    with pytest.raises(ConfigError):
        select_hard(cases, result, ["embedding"])
    with pytest.raises(ConfigError):
        select_hard(cases[:2], audit_suite(cases[2:], similarities=sims), ["t"])


def test_annotate_suite_writes_hardness_and_round_trips_through_the_suite_file(tmp_path):
    from mutagen_cite.cases import suite_format as suite_io

    cases = seed_retention_cases()
    header = SuiteHeader(tool_version="0.1.0", seed=1, families={"scope": "scope.v1"}, manifest={})
    suite = Suite(header, tuple(cases))
    result = audit_suite(suite, similarities=[TokenF1Similarity(), BM25Similarity()])
    annotated = annotate_suite(suite, result)
    assert all(c.hardness == hardness_fields(result.row(c.id)) for c in annotated.cases)
    assert [replace(c, hardness={}) for c in annotated.cases] == list(suite.cases)
    path = tmp_path / "suite.yaml"
    suite_io.write_suite(path, annotated)
    assert suite_io.load_suite(path).cases[0].hardness == annotated.cases[0].hardness


# --------------------------------------------------------------------------- reports


def test_reports_agree_with_the_result_and_the_html_is_self_contained():
    cases, sims = _mixed_suite()
    cases[0] = replace(cases[0], id="a-<scope>-both-present")
    cases[1] = replace(cases[1], id="a-<scope>-true-absent")
    result = audit_suite(cases, similarities=sims)
    doc = audit_to_dict(result, suite="s.yaml")
    assert doc["overall"]["functions"]["t"]["share_hard"] == pytest.approx(result.overall.of("t").share_hard, abs=1e-4)
    assert doc["families"]["date"]["functions"]["u"]["easy_ids"] == []
    assert len(doc["cases"]) == 6 and json.loads(json.dumps(doc)) == doc
    text = render_terminal(result, title="s.yaml")
    assert "scope" in text and "date" in text and "b-scope-both-present" in text
    assert "warning" in text  # the t citer passes 2 of 3 both-present cases
    html = render_html(result, title="s.yaml")
    assert html.count("<svg") == len(result.families) * len(result.functions)
    assert "<script" not in html and "http://" not in html and "https://" not in html
    assert "a-&lt;scope&gt;-both-present" in html and "a-<scope>" not in html
    assert "b-scope-true-absent" in html


def test_audit_output_is_deterministic():
    cases, sims = _mixed_suite()
    a = audit_to_dict(audit_suite(cases, similarities=sims))
    b = audit_to_dict(audit_suite(list(cases), similarities=sims))
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def test_idf_chunks_cover_each_document_once():
    from mutagen_cite import corpus

    doc = corpus.document_from_text("a.md", "First sentence here. Second one follows. Third ends it.\n", "markdown")
    chunks = idf_chunks([doc], max_chars=30)
    assert len(chunks) >= 2
    assert " ".join(chunks).split() == doc.text.split()  # no sentence twice, none missing


def test_fuzzy_and_bm25_find_the_seed_near_miss_hard_for_the_claim_not_the_question():
    """Seed 003's example under the two other lexical functions: the us-east-1 passage copies
    the claim's wording, so both rank it above the true EU passage for the claim (the citer
    picks it), while the question, which names "EU customers", still favours the true one."""
    result = audit_suite(seed_retention_cases(), similarities=[FuzzySimilarity(), BM25Similarity([US_EAST])])
    assert result.functions == ("fuzzy", "bm25")
    both = result.row("retention-eu-scope-both-present")
    for name in ("fuzzy", "bm25"):
        f = both.of(name)
        assert f.query == "claim" and f.hard and f.distractor_rank == 1 and f.true_rank == 2, f
        assert f.distractor_score > f.true_score and f.citer_chunk == "p-2" and f.citer_credit == 0.0
        assert f.question_true > f.question_distractor, f
    fuzzy = both.of("fuzzy")
    assert (fuzzy.claim_true, fuzzy.claim_distractor) == tuple(FuzzySimilarity().scores(EU_CLAIM, [EU_CENTRAL, US_EAST]))
    assert 0 < fuzzy.true_score < fuzzy.distractor_score <= 1
