"""``--judge auto``: ensemble:nli+slots when a cross-encoder is configured, else slots with a
one-line notice. The cross-encoder is a tiny random-weight one built here (real BERT
architecture and id2label), so the test needs no download."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")  # third-party: the NLI path needs torch

from mutagen_cite.judges import AUTO_NOTICE, NLI_MODEL_ENV, default_judge_spec, find_nli_model, make_judge  # noqa: E402
from mutagen_cite.judges.ensemble import EnsembleJudge  # noqa: E402
from mutagen_cite.judges.slots import SlotsJudge  # noqa: E402

from test_judges_nli import write_tiny_cross_encoder  # noqa: E402  (the tests' one builder)


@pytest.fixture(scope="module")
def annotator():
    from mutagen_cite.analysis.annotate import Annotator, load_spacy

    return Annotator(load_spacy())


@pytest.fixture
def no_hf_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hf" / "hub"))
    monkeypatch.delenv(NLI_MODEL_ENV, raising=False)


def test_auto_is_the_default():
    assert default_judge_spec() == "auto"


def test_auto_without_a_cross_encoder_is_slots_with_a_notice(no_hf_cache, annotator, capsys):
    assert find_nli_model() is None
    judge = make_judge("auto", annotator=annotator, cache_dir=None)
    assert isinstance(judge, SlotsJudge)
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [AUTO_NOTICE] and "--nli-model" in AUTO_NOTICE and NLI_MODEL_ENV in AUTO_NOTICE


def test_auto_with_a_configured_cross_encoder_is_the_ensemble(no_hf_cache, annotator, tmp_path, monkeypatch, capsys):
    folder = write_tiny_cross_encoder(
        tmp_path / "ce", num_labels=3, id2label={0: "contradiction", 1: "neutral", 2: "entailment"})
    monkeypatch.setenv(NLI_MODEL_ENV, str(folder))
    capsys.readouterr()  # saving the tiny model writes a progress bar
    judge = make_judge("auto", annotator=annotator, cache_dir=None, review_queue=tmp_path / "queue.jsonl")
    assert isinstance(judge, EnsembleJudge)
    kinds = sorted(type(getattr(m, "inner", m)).__name__ for m in judge.members)
    assert kinds == ["NLIJudge", "SlotsJudge"]
    assert AUTO_NOTICE not in capsys.readouterr().err
    nli = next(getattr(m, "inner", m) for m in judge.members if type(getattr(m, "inner", m)).__name__ == "NLIJudge")
    assert nli.entail == 2  # read from id2label, not assumed
    premise = "Logs are retained for 30 days in the EU region."
    pairs = [(premise, "Logs are retained for 30 days in the EU region."),
             (premise, "Logs are retained for 90 days in the EU region.")]
    scores = judge.score(pairs)
    assert len(scores) == 2 and all(0.0 <= s <= 1.0 for s in scores)
    # the rule is "all": the slots member refutes the changed number whatever the tiny model says
    assert scores[1] < judge.threshold


def test_explicit_nli_model_wins_over_the_environment(no_hf_cache, tmp_path, monkeypatch):
    monkeypatch.setenv(NLI_MODEL_ENV, str(tmp_path / "from-env"))
    assert find_nli_model("given") == "given"
    assert find_nli_model() == str(tmp_path / "from-env")
