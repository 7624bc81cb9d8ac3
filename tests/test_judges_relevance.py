"""The slots judge's relevance cascade (judges/relevance.py): words first, meaning for the pairs
words leave undecided, attribute conflicts first of all. A small fake encoder stands in for the
sentence model (concepts by a hand-made synonym table), so no model is loaded here."""

from __future__ import annotations

import numpy as np
import pytest

from mutagen_cite.judges.relevance import RELEVANCE_COSINE, FALLBACK_NOTICE, LazyEmbedder, relevance_units
from mutagen_cite.judges.slots import SlotsJudge

# words of one meaning share a concept; everything else is its own concept
CONCEPTS = {
    "remove": "delete", "removed": "delete", "delete": "delete", "deleted": "delete", "erase": "delete", "erased": "delete",
    "profile": "account", "profiles": "account", "account": "account", "accounts": "account",
    "staff": "employee", "employees": "employee", "employee": "employee", "workers": "employee",
    "inactive": "idle", "idle": "idle", "dormant": "idle", "unused": "idle",
    "automatically": "auto", "automatic": "auto",
}
STOP = {"the", "a", "an", "are", "is", "be", "after", "of", "for", "by", "to", "and", "in", "on", "that", "our", "we"}


class FakeEncoder:
    """Unit-length bag-of-concept vectors: cosine = concept overlap."""

    dim = 256

    def __init__(self):
        self.calls = 0

    def encode(self, texts):
        self.calls += 1
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, t in enumerate(texts):
            for w in t.lower().replace(".", " ").replace(",", " ").split():
                if w in STOP:
                    continue
                c = CONCEPTS.get(w, w)
                out[i, sum(map(ord, c)) * 7 % self.dim] += 1.0
            n = np.linalg.norm(out[i])
            if n:
                out[i] /= n
        return out


@pytest.fixture(scope="module")
def annotator():
    from mutagen_cite.analysis.annotate import Annotator, load_spacy

    return Annotator(load_spacy())


PREMISE = "Dormant profiles are erased automatically after 90 days."
PARAPHRASE = "Inactive accounts are removed by the system after 90 days."
UNRELATED = "Invoices are emailed to billing contacts after 90 days."
NEAR_MISS = "Inactive accounts are removed by the system after 30 days."


def test_paraphrase_with_few_shared_words_is_relevant_by_meaning(annotator):
    words = SlotsJudge(annotator)
    meaning = SlotsJudge(annotator, embedder=FakeEncoder())
    # words alone leave it short: only "90 days" and "after" are shared
    assert not words.verdicts([(PREMISE, PARAPHRASE)])[0].supported
    v = meaning.verdicts([(PREMISE, PARAPHRASE)])[0]
    assert v.supported, v.reason
    assert "meaning similarity" in v.reason


def test_unrelated_claim_with_the_same_value_stays_unsupported(annotator):
    v = SlotsJudge(annotator, embedder=FakeEncoder()).verdicts([(PREMISE, UNRELATED)])[0]
    assert not v.supported
    assert "not what the premise says" in v.reason


def test_attribute_conflict_overrides_meaning(annotator):
    enc = FakeEncoder()
    v = SlotsJudge(annotator, embedder=enc).verdicts([(PREMISE, NEAR_MISS)])[0]
    assert not v.supported
    assert "30 days" in v.reason
    assert enc.calls == 0  # decided by the attributes: nothing embedded


def test_words_decide_first_and_vectors_are_memoised(annotator):
    enc = FakeEncoder()
    judge = SlotsJudge(annotator, embedder=enc)
    copy = "Dormant profiles are erased automatically after 90 days."
    assert judge.verdicts([(PREMISE, copy)])[0].supported
    assert enc.calls == 0  # a claim the premise words cover needs no model
    judge.verdicts([(PREMISE, PARAPHRASE)])
    judge.verdicts([(PREMISE, PARAPHRASE)])
    assert judge.relevance.encoded == len({PARAPHRASE, *relevance_units(PREMISE, (0, len(PREMISE)))})


def test_missing_model_falls_back_to_words_with_one_notice(annotator):
    lines = []

    def load():
        raise RuntimeError("embedding model all-MiniLM-L6-v2 is not installed")

    lazy = LazyEmbedder(load, name="all-MiniLM-L6-v2", notice=lines.append)
    judge = SlotsJudge(annotator, embedder=lazy)
    assert "|emb=" in judge.fingerprint
    verdicts = judge.verdicts([(PREMISE, PARAPHRASE), (PREMISE, UNRELATED)])
    judge.verdicts([(PREMISE, PARAPHRASE)])
    assert [v.supported for v in verdicts] == [False, False]  # as words alone judge them
    assert lines == [FALLBACK_NOTICE.format(why="embedding model all-MiniLM-L6-v2 is not installed")]
    assert "|emb=" not in judge.fingerprint


def test_threshold_is_a_documented_cosine():
    assert 0.0 < RELEVANCE_COSINE < 1.0
    import mutagen_cite.judges.relevance as rel

    assert f"{RELEVANCE_COSINE:.2f}".rstrip("0") in (rel.__doc__ or "") + open(rel.__file__).read()


def test_spec_meaning_asks_for_the_embedder_and_plain_slots_does_not(annotator):
    from mutagen_cite.judges import make_judge

    assert make_judge("slots", annotator=annotator).embedder is None
    assert make_judge("slots:words", annotator=annotator).embedder is None
    meaning = make_judge("slots:meaning", annotator=annotator, cache_dir=None)
    assert meaning.embedder is not None and "|emb=" in meaning.fingerprint
    with pytest.raises(Exception, match="unknown slots option"):
        make_judge("slots:bogus", annotator=annotator)


def test_a_claim_of_several_sentences_is_left_to_words(annotator):
    enc = FakeEncoder()
    claim = "Inactive accounts are removed after 90 days. The system removes them."
    assert SlotsJudge(annotator, embedder=FakeEncoder()).relevance.cosines([(claim, [PREMISE])])[0] >= RELEVANCE_COSINE
    v = SlotsJudge(annotator, embedder=enc).verdicts([(PREMISE, claim)])[0]
    assert not v.supported  # one cosine cannot check two statements
    assert enc.calls == 0
