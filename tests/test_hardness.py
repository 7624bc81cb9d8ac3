"""`build --min-hardness` (audit/hardness.py) on a tiny hand-made suite, and the one definition
of "hard" it shares with the audit (audit/ranks.py ``distractor_is_hard``)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from mutagen_cite.audit import hardness
from mutagen_cite.audit.hardness import hardness_preference
from mutagen_cite.audit.ranks import HARD_QUERY, audit_suite, distractor_is_hard
from mutagen_cite.audit.similarity import FuzzySimilarity, TokenF1Similarity
from mutagen_cite.errors import ConfigError
from mutagen_cite.model import Case, ChunkOrigin, ContextChunk, Expect, Provenance

QUESTION = "How many desks does the Harbour office rent?"
CLAIM = "The Harbour office rents 12 desks."

# (name, true chunk, distractor chunk) for QUESTION; made-up texts
PAIRS = {
    # the near miss repeats the question's words: a similarity citer prefers it
    "hard": ("Harbour: 12 desks.",
             "How many desks does the Quarry office rent? The Quarry office rents 30 desks."),
    # the true chunk repeats the question's words: a similarity citer finds it
    "easy": ("The Harbour office rents 12 desks for the design team.",
             "Quarry: 30."),
    # one number swapped, the question names neither: the scores tie, which is hard
    "tie": ("The Harbour office rents 12 desks.",
            "The Harbour office rents 30 desks."),
}


def candidate(name: str):
    true_text, distractor_text = PAIRS[name]
    return SimpleNamespace(base_id=name, phrasing=SimpleNamespace(question=QUESTION, claim=CLAIM),
                           true_chunk=SimpleNamespace(text=true_text), distractor_text=distractor_text)


def both_present(name: str) -> Case:
    true_text, distractor_text = PAIRS[name]
    return Case(id=f"{name}-both-present", family="quantity", variant="both-present", question=QUESTION,
                claim="The Harbour office rents 12 desks.", answer="12 desks",
                context=(ContextChunk("p-1", true_text), ContextChunk("p-2", distractor_text)),
                expect=Expect(answer_contains="12 desks", cited_chunks_include=("p-1",),
                              cited_chunks_exclude=("p-2",)),
                provenance=Provenance(chunks={"p-1": ChunkOrigin(role="true"),
                                              "p-2": ChunkOrigin(role="distractor")}))


CANDIDATES = [candidate(n) for n in PAIRS]


@pytest.mark.parametrize("function", ["token_f1", "fuzzy", "bm25"])
def test_prefers_near_misses_the_function_cannot_separate(function):
    hard = hardness_preference(CANDIDATES, function)
    assert {c.base_id: hard(c) for c in CANDIDATES} == {"hard": True, "easy": False, "tie": True}


def test_hard_only_when_hard_under_every_function(monkeypatch):
    # token_f1 likes the near miss of "easy" too, bm25 does not: with both it is not hard
    table = {"token_f1": {"easy": (0.2, 0.5), "hard": (0.2, 0.5), "tie": (0.4, 0.4)},
             "bm25": {"easy": (0.9, 0.1), "hard": (0.2, 0.7), "tie": (0.3, 0.3)}}
    _stub_functions(monkeypatch, table)
    assert hardness_preference(CANDIDATES, "token_f1")(candidate("easy"))
    both = hardness_preference(CANDIDATES, "token_f1,bm25")
    assert [both(c) for c in CANDIDATES] == [True, False, True]


def test_hard_for_the_claim_too_goes_first(monkeypatch):
    # token_f1 scores by query: every pair is hard for the question; against the claim only
    # "tie" stays hard (a post-hoc citer matching the answer sentence finds the others' true chunk)
    by_query = {QUESTION: {"easy": (0.2, 0.5), "hard": (0.2, 0.5), "tie": (0.4, 0.4)},
                CLAIM: {"easy": (0.9, 0.1), "hard": (0.8, 0.3), "tie": (0.5, 0.5)}}
    texts = {t: (n, i) for n, pair in PAIRS.items() for i, t in enumerate(pair)}

    class ByQuery:
        name = "token_f1"

        def scores(self, query, passages):
            return [by_query[query][texts[p][0]][texts[p][1]] for p in passages]

    monkeypatch.setattr(hardness, "make_similarity", lambda name, **_: ByQuery())
    pref = hardness_preference(CANDIDATES, "token_f1")
    assert [pref(c) for c in CANDIDATES] == [True, True, True]  # "hard" still means: for the question
    assert {c.base_id: pref.rank(c) for c in CANDIDATES} == {"hard": 1, "easy": 1, "tie": 0}
    old = hardness_preference(CANDIDATES, "token_f1", against=hardness.QUESTION_ONLY)
    assert {old.rank(c) for c in CANDIDATES} == {0}  # a suite built before: the question alone


def test_selection_takes_the_candidate_hard_for_both_first(monkeypatch):
    from mutagen_cite.cases.build import BuildReport, select

    pref = hardness.Preference({"hard": {"question": True, "claim": False},
                                "easy": {"question": False, "claim": False},
                                "tie": {"question": True, "claim": True}}, hardness.HARD_AGAINST)
    cands = [SimpleNamespace(base_id=n, origin="mined", group=n, sentence=SimpleNamespace(key=n, text=n),
                             phrasing=SimpleNamespace(question=n, claim=n), family="quantity") for n in PAIRS]
    taken = []
    for seed in range(5):  # whatever the seeded order, the pair hard for both is checked first
        got = select({"quantity": list(cands)}, 1, seed=seed, check=lambda b: [{} for _ in b],
                     report=BuildReport(), prefer=pref)
        taken.append(got[0][0].base_id)
    assert taken == ["tie"] * 5


def test_a_candidate_it_did_not_score_is_not_hard():
    hard = hardness_preference(CANDIDATES[:1], "token_f1")
    assert hard(CANDIDATES[0]) and not hard(candidate("tie"))


def test_unknown_function_is_a_clear_error():
    with pytest.raises(ConfigError, match="bm52"):
        hardness_preference(CANDIDATES, "bm52")


# --------------------------------------------------------------------------- one definition


@pytest.mark.parametrize("sim", [TokenF1Similarity(), FuzzySimilarity()], ids=lambda s: s.name)
def test_build_and_audit_call_the_same_cases_hard(sim):
    """The audit of the finished cases, measured against the question, agrees with the build's
    preference on every pair (bm25 is left out: its IDF comes from different texts)."""
    prefer = hardness_preference(CANDIDATES, sim.name)
    rows = audit_suite([both_present(n) for n in PAIRS], similarities=[sim], query=HARD_QUERY).rows
    assert {r.case_id.removesuffix("-both-present"): r.of(sim.name).hard for r in rows} == \
        {c.base_id: prefer(c) for c in CANDIDATES}


def test_a_near_tie_is_hard_for_build_and_audit_alike(monkeypatch):
    """Scores a rounding error apart are a tie: hard for both (one definition, ties within EPS)."""
    assert distractor_is_hard(0.5, 0.5) and distractor_is_hard(0.5, 0.5 - 1e-12)
    assert not distractor_is_hard(0.5, 0.49)
    table = {"token_f1": {n: (0.3, 0.3 - 1e-12) for n in PAIRS}}
    stubs = _stub_functions(monkeypatch, table)
    assert all(hardness_preference(CANDIDATES, "token_f1")(c) for c in CANDIDATES)
    rows = audit_suite([both_present(n) for n in PAIRS], similarities=[stubs["token_f1"]], query=HARD_QUERY).rows
    assert all(r.of("token_f1").hard for r in rows)


def _stub_functions(monkeypatch, table: dict) -> dict:
    """Replace the similarity functions by name with ones that score each pair from ``table``
    (function -> pair name -> (true score, distractor score))."""
    texts = {t: (n, i) for n, pair in PAIRS.items() for i, t in enumerate(pair)}

    class Stub:
        def __init__(self, name):
            self.name = name

        def scores(self, query, passages):
            return [table[self.name][texts[p][0]][texts[p][1]] for p in passages]

    stubs = {name: Stub(name) for name in table}
    monkeypatch.setattr(hardness, "make_similarity", lambda name, **_: stubs[name])
    return stubs
