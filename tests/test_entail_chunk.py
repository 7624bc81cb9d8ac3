"""The entailed-elsewhere check (cases/entailed.py, issues 10 and 11): an aggregation, modality
or polarity near miss whose chunk still states the claim in another unit is no near miss.

Every sentence here is made up for the test. The embedding path uses the offline MiniLM
package (no network); the NLI path a tiny random-weight cross-encoder built here, which proves
the code path (pairs, batching, threshold), not the judgements."""

from __future__ import annotations

import pytest

from mutagen_cite.cases.entailed import (ENTAILED_COSINE, ChunkEntailment, EmbeddingScorer, NLIScorer, eligible,
                                         find_nli_judge, make_checker, other_units)
from families_support import near_miss  # noqa: E402


def _weakened(chunk: str, sentence: str, word: str, weaker: str, family: str = "aggregation", *slots):
    kind = "quantifier" if family == "aggregation" else "modal"
    return near_miss(chunk, sentence, word, weaker, (family, kind, word), *slots, family=family, answer="yes")


class FakeScorer:
    """Scores from a table (unit -> score), recording the pairs it was asked about."""

    def __init__(self, table: dict[str, float], threshold: float = 0.5):
        self.table, self.threshold, self.name, self.asked = table, threshold, "fake", []

    def scores(self, pairs):
        self.asked.append(list(pairs))
        return [self.table.get(unit, 0.0) for unit, _ in pairs]


def test_units_leave_out_the_edited_sentence():
    chunk = "Storage\n\nAll invoices are archived in the vault. The vault is locked at night."
    c = _weakened(chunk, "All invoices are archived in the vault.", "All", "Most")
    assert other_units(c) == ["Storage", "The vault is locked at night."]


def test_a_unit_must_agree_with_the_claim_in_its_attributes():
    claim = "All invoices on the Team plan are archived in the vault."
    assert eligible(claim, "Every invoice on the Team plan is kept in the vault.", family="aggregation", negated=False,
                    values=["Team"])
    # a sibling about another plan, a weaker word, the edit's own word, another polarity, nothing shared
    assert not eligible(claim, "Every invoice on the Basic plan is kept in the vault.", family="aggregation",
                        negated=False, values=["Team"])
    assert not eligible(claim, "Invoices on the Team plan are usually kept in the vault.", family="aggregation",
                        negated=False, values=["Team"])
    assert not eligible(claim, "Most invoices on the Team plan end up in the vault.", family="aggregation",
                        negated=False, values=["Team"], replacement="Most")
    assert not eligible(claim, "Invoices on the Team plan are not kept in the vault.", family="aggregation",
                        negated=False, values=["Team"])
    assert not eligible(claim, "The office closes at six.", family="aggregation", negated=False)
    assert eligible("Refunds are not issued for gift cards.", "Gift cards are never refunded.", family="polarity",
                    negated=True)


def test_the_batch_goes_to_the_scorer_once_as_unit_then_claim():
    chunk = "All invoices are archived in the vault. Every invoice is archived in the vault. Lunch is at noon."
    c = _weakened(chunk, "All invoices are archived in the vault.", "All", "Most")
    fine = _weakened("Guests must sign the visitor log. The lobby opens at eight.", "Guests must sign the visitor log.",
                     "must", "may", "modality")
    scorer = FakeScorer({"Every invoice is archived in the vault.": 0.9})
    found = ChunkEntailment(scorer).restatements([c, fine])
    assert found[0] and "Every invoice" in found[0] and found[1] is None
    assert len(scorer.asked) == 1  # one call for the whole batch
    assert ("Every invoice is archived in the vault.", "All invoices are archived in the vault.") in scorer.asked[0]
    scorer.threshold = 0.95
    assert ChunkEntailment(scorer).restatements([c]) == [None]


def test_other_families_are_not_looked_at():
    chunk = "Backups are kept for 30 days. Backups are kept for 30 days in every region."
    c = near_miss(chunk, "Backups are kept for 30 days.", "30 days", "45 days", ("quantity", "duration", "30 days"),
              family="quantity", answer="30 days")
    scorer = FakeScorer({})
    assert ChunkEntailment(scorer).restatements([c]) == [None] and scorer.asked == []


def test_a_paraphrase_is_found_by_the_embedding_model_and_a_neighbour_is_not():
    pytest.importorskip("sentence_transformers")
    from mutagen_cite.audit.hardness import load_embedder_for

    try:
        embedder = load_embedder_for(None, None)
    except Exception as exc:  # the offline model package is a declared test dependency
        pytest.fail(f"the embedding model should load offline: {exc}")
    check = ChunkEntailment(EmbeddingScorer(embedder))
    said = _weakened("All invoices are archived in the vault. Every invoice is archived in the vault.",
                     "All invoices are archived in the vault.", "All", "Most")
    near = _weakened("All invoices are archived in the vault. Invoices are printed every Monday.",
                     "All invoices are archived in the vault.", "All", "Most")
    modal = _weakened("Guests must sign the visitor log. Every guest has to sign the visitor log.",
                      "Guests must sign the visitor log.", "must", "may", "modality")
    got = check.restatements([said, near, modal])
    assert got[0] is not None and got[1] is None and got[2] is not None, got
    assert f">= {ENTAILED_COSINE:.2f}" in got[0]


def test_without_a_model_the_rule_is_skipped_with_one_notice(tmp_path):
    lines: list[str] = []
    check = make_checker(None, embedding_model=str(tmp_path / "no-such-model"), notice=lines.append)
    c = _weakened("All invoices are archived in the vault. Every invoice is archived in the vault.",
                  "All invoices are archived in the vault.", "All", "Most")
    assert check.restatements([c]) == [None]
    assert check.restatements([c]) == [None]
    assert len(lines) == 1 and "skipped" in lines[0], lines


def test_an_nli_judge_in_the_build_is_used_instead(tmp_path):
    pytest.importorskip("torch")
    from test_judges_nli import write_tiny_cross_encoder
    from mutagen_cite.judges import make_judge

    folder = write_tiny_cross_encoder(tmp_path / "ce", num_labels=3,
                                      id2label={0: "contradiction", 1: "entailment", 2: "neutral"})
    judge = make_judge(f"ensemble:nli:{folder}+lexical")
    nli = find_nli_judge(judge)
    assert nli is not None and nli is not judge
    check = make_checker(judge, notice=pytest.fail)
    assert isinstance(check.scorer, NLIScorer)
    c = _weakened("All invoices are archived in the vault. Every invoice is archived in the vault.",
                  "All invoices are archived in the vault.", "All", "Most")
    check.scorer.threshold = 0.0  # random weights: any probability passes, so the unit is reported
    assert "nli" in (check.restatements([c])[0] or "")
    check.scorer.threshold = 1.01
    assert check.restatements([c]) == [None]
