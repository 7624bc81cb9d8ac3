"""NLI judge code path on tiny cross-encoders the tests build and save themselves.

Random weights: these tests prove loading, label mapping, batching and caching, not judgements.
The label-mapping proof: a 3-label model whose id2label puts entailment at index 2 must report
softmax column 2, and the same weights relabelled must report a different column.
"""

from __future__ import annotations

import string

import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("sentence_transformers")

from mutagen_cite.errors import ConfigError, ModelNotFound  # noqa: E402
from mutagen_cite.judges import make_judge  # noqa: E402
from mutagen_cite.judges.cache import CachedJudge, VerdictCache  # noqa: E402
from mutagen_cite.judges.nli import NLIJudge, entailment_index, load_cross_encoder  # noqa: E402

WORDS = "the a logs log are is retained kept for days day region plan on in eu us not".split()


def write_tiny_cross_encoder(folder, *, num_labels: int, id2label: dict[int, str], seed: int = 0):
    """Save a 2-layer, hidden-32 BERT cross-encoder with a hand-written WordPiece vocab."""
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizerFast

    folder.mkdir(parents=True, exist_ok=True)
    chars = list(string.ascii_lowercase + string.digits)
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *WORDS, *chars, *("##" + c for c in chars), ".", ",", "-"]
    (folder / "vocab.txt").write_text("\n".join(vocab) + "\n", encoding="utf-8")
    tokenizer = BertTokenizerFast(vocab_file=str(folder / "vocab.txt"), do_lower_case=True)
    torch.manual_seed(seed)
    config = BertConfig(
        vocab_size=len(vocab), hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
        intermediate_size=64, max_position_embeddings=128, num_labels=num_labels,
        id2label=id2label, label2id={v: k for k, v in id2label.items()},
    )
    BertForSequenceClassification(config).save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return folder


@pytest.fixture(scope="module")
def tiny_dirs(tmp_path_factory):
    root = tmp_path_factory.mktemp("tiny-ce")
    three = write_tiny_cross_encoder(
        root / "three", num_labels=3, id2label={0: "neutral", 1: "contradiction", 2: "entailment"}
    )
    relabelled = write_tiny_cross_encoder(
        root / "relabelled", num_labels=3, id2label={0: "entailment", 1: "contradiction", 2: "neutral"}
    )
    one = write_tiny_cross_encoder(root / "one", num_labels=1, id2label={0: "LABEL_0"})
    generic = write_tiny_cross_encoder(
        root / "generic", num_labels=3, id2label={0: "LABEL_0", 1: "LABEL_1", 2: "LABEL_2"}
    )
    return {"three": three, "relabelled": relabelled, "one": one, "generic": generic}


PAIRS = [
    ("Request logs in the eu region are retained for 7 days.", "EU logs are kept for 7 days."),
    ("Request logs in the us region are retained for 30 days.", "EU logs are kept for 7 days."),
    ("Logs are not retained.", "Logs are retained."),
]


def _raw_logits(loaded, pairs):
    return np.asarray(loaded.model.predict([list(p) for p in pairs], activation_fn=torch.nn.Identity()))


def test_label_order_read_from_config(tiny_dirs):
    loaded = load_cross_encoder(str(tiny_dirs["three"]))
    judge = NLIJudge(loaded.model, weights_sha256=loaded.weights_sha256)
    assert judge.label_order == ["neutral", "contradiction", "entailment"]
    assert judge.entail == 2
    logits = _raw_logits(loaded, PAIRS)
    expected = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    assert judge.score(PAIRS) == pytest.approx(expected[:, 2].tolist(), abs=1e-5)
    # same weights, entailment now first: the judge must read column 0 instead
    other = load_cross_encoder(str(tiny_dirs["relabelled"]))
    assert NLIJudge(other.model).entail == 0
    other_scores = NLIJudge(other.model).score(PAIRS)
    other_logits = _raw_logits(other, PAIRS)
    other_expected = np.exp(other_logits) / np.exp(other_logits).sum(axis=1, keepdims=True)
    assert other_scores == pytest.approx(other_expected[:, 0].tolist(), abs=1e-5)


def test_one_label_model_is_a_sigmoid_score(tiny_dirs):
    loaded = load_cross_encoder(str(tiny_dirs["one"]))
    judge = NLIJudge(loaded.model)
    logits = _raw_logits(loaded, PAIRS).reshape(-1)
    assert judge.score(PAIRS) == pytest.approx((1 / (1 + np.exp(-logits))).tolist(), abs=1e-5)
    verdicts = judge.verdicts(PAIRS)
    assert [v.supported for v in verdicts] == [s >= 0.5 for s in judge.score(PAIRS)]
    assert all(v.judge == "nli" for v in verdicts)


def test_batching_and_duplicates_do_not_change_scores(tiny_dirs):
    loaded = load_cross_encoder(str(tiny_dirs["three"]))
    many = PAIRS * 7
    small = NLIJudge(loaded.model, batch_size=2).score(many)
    big = NLIJudge(loaded.model, batch_size=64).score(many)
    assert small == pytest.approx(big, abs=1e-5)
    assert small[:3] == pytest.approx(small[3:6], abs=1e-6)
    assert NLIJudge(loaded.model).score([]) == []


def test_generic_labels_need_an_explicit_entailment_label(tiny_dirs):
    loaded = load_cross_encoder(str(tiny_dirs["generic"]))
    with pytest.raises(ConfigError, match="entailment"):
        NLIJudge(loaded.model)
    assert NLIJudge(loaded.model, entailment_label="LABEL_1").entail == 1
    assert NLIJudge(loaded.model, entailment_label=2).entail == 2
    with pytest.raises(ConfigError):
        NLIJudge(loaded.model, entailment_label="LABEL_9")


def test_entailment_index_ignores_not_entailment():
    assert entailment_index({0: "not_entailment", 1: "entailment"}) == 1
    assert entailment_index({0: "ENTAILMENT", 1: "NEUTRAL", 2: "CONTRADICTION"}) == 0
    assert entailment_index({0: "LABEL_0", 1: "LABEL_1"}) is None


def test_make_judge_nli_records_weights_and_caches(tiny_dirs, tmp_path):
    judge = make_judge(f"nli:{tiny_dirs['three']}", cache_dir=tmp_path / "cache")
    assert isinstance(judge, CachedJudge)
    assert judge.name == "nli:three"
    assert len(judge.weights_sha256) == 64
    first = judge.score(PAIRS)
    assert judge.cache.misses == 3 and judge.cache.hits == 0
    # a fresh judge over the same cache folder answers from disk, identically
    again = make_judge(f"nli:{tiny_dirs['three']}", cache_dir=tmp_path / "cache")
    assert again.score(PAIRS) == pytest.approx(first, abs=1e-9)
    assert again.cache.hits == 3 and again.cache.misses == 0
    # the other model's verdicts are not served from this model's cache
    other = make_judge(f"nli:{tiny_dirs['relabelled']}", cache_dir=tmp_path / "cache")
    other.score(PAIRS)
    assert other.cache.hits == 0


def test_missing_models_fail_with_a_hint(tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    with pytest.raises(ModelNotFound, match="HF_HUB_OFFLINE") as info:
        load_cross_encoder("cross-encoder/no-such-model-here")
    assert info.value.hint and "--nli-model" in info.value.hint
    with pytest.raises(ModelNotFound, match="does not exist"):
        load_cross_encoder(str(tmp_path / "nowhere" / "model"))
    (tmp_path / "empty").mkdir()
    with pytest.raises(ModelNotFound, match="config.json"):
        load_cross_encoder(str(tmp_path / "empty"))


def test_cached_judge_ignores_and_rewrites_corrupt_files(tiny_dirs, tmp_path):
    loaded = load_cross_encoder(str(tiny_dirs["three"]))
    inner = NLIJudge(loaded.model, weights_sha256=loaded.weights_sha256)
    cache = VerdictCache(tmp_path / "c")
    judge = CachedJudge(inner, cache)
    truth = judge.score(PAIRS)
    files = sorted((tmp_path / "c").rglob("*.json"))
    assert len(files) == 3
    files[0].write_text("{not json", encoding="utf-8")
    files[1].write_text('{"key": "other", "score": 0.99}', encoding="utf-8")
    fresh = CachedJudge(inner, VerdictCache(tmp_path / "c"))
    assert fresh.score(PAIRS) == pytest.approx(truth, abs=1e-9)
    assert fresh.cache.repaired == 2 and fresh.cache.hits == 1
    # rewritten: a third reader trusts all three again
    third = CachedJudge(inner, VerdictCache(tmp_path / "c"))
    third.score(PAIRS)
    assert third.cache.hits == 3


def test_a_run_records_the_nli_judge_and_its_weights(tiny_dirs, tmp_path):
    from pathlib import Path

    from mutagen_cite.run.generators import make_generator
    from mutagen_cite.run.runner import read_results, run_suite
    from mutagen_cite.cases.suite_format import load_suite

    suite_path = Path(__file__).parent / "fixtures" / "run" / "mini_suite.yaml"
    judge = make_judge(f"nli:{tiny_dirs['three']}", cache_dir=tmp_path / "cache")
    out = tmp_path / "r.jsonl"
    run_suite(load_suite(suite_path), make_generator("oracle"), judge, results_path=out, suite_path=suite_path,
              progress=False)
    header, records = read_results(out)
    assert header["judge"] == "nli:three"
    assert header["judge_weights_sha256"] == judge.weights_sha256
    rows = [row for r in records for row in r["judged"]]
    assert rows and {row["judge"] for row in rows} == {"nli:three"}
    assert all(0.0 <= row["score"] <= 1.0 for row in rows)


@pytest.mark.parametrize("damage", ["weights", "config"])
def test_damaged_model_folder_is_a_clear_error(tiny_dirs, tmp_path, damage):
    import shutil

    broken = tmp_path / "broken"
    shutil.copytree(tiny_dirs["three"], broken)
    if damage == "weights":
        weights = broken / "model.safetensors"
        weights.write_bytes(weights.read_bytes()[:500])  # a truncated download
    else:
        (broken / "config.json").write_text('{"model_type": "bert", "hidden_size": ')
    with pytest.raises(ModelNotFound, match="cannot load NLI model") as info:
        make_judge(f"nli:{broken}")
    assert "\n" not in str(info.value) and info.value.hint
