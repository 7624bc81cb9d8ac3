"""`judge train`: train -> save -> load -> score on tiny models built here (seconds, no download)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from mutagen_cite.cli import main
from mutagen_cite.judges.labeled import LabeledPair
from mutagen_cite.judges.nli import load_nli_judge
from mutagen_cite.judges.train import Recipe, read_training_record, train_judge, trained_documents

WORDS = ("the a is are not backups logs invoices alerts kept included sent encrypted enabled for on in "
         "days weeks plan pro hobby team by email daily").split()
SPECIAL = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]


def tiny_model(folder: Path, *, labels: dict[int, str] | None = None) -> Path:
    """A one-layer BERT (a few KB) with its WordPiece vocabulary: an encoder, or an NLI-style
    classifier with the given label order."""
    import torch
    from transformers import BertConfig, BertForSequenceClassification, BertModel, BertTokenizerFast

    folder.mkdir(parents=True, exist_ok=True)
    vocab = {w: i for i, w in enumerate(SPECIAL + WORDS)}
    try:  # transformers 5 takes the vocabulary itself; 4.x a vocab file
        tok = BertTokenizerFast(vocab=vocab)
    except TypeError:
        tok = None
    if tok is None or tok.tokenize("the") != ["the"]:
        (folder / "vocab.txt").write_text("\n".join(SPECIAL + WORDS) + "\n")
        tok = BertTokenizerFast(vocab_file=str(folder / "vocab.txt"))
    assert tok.tokenize("backups are not kept") == ["backups", "are", "not", "kept"]
    cfg = BertConfig(vocab_size=len(SPECIAL) + len(WORDS), hidden_size=32, num_hidden_layers=1,
                     num_attention_heads=2, intermediate_size=64, max_position_embeddings=64)
    torch.manual_seed(0)
    if labels:
        cfg.num_labels = len(labels)
        cfg.id2label = dict(labels)
        cfg.label2id = {v: k for k, v in labels.items()}
        BertForSequenceClassification(cfg).save_pretrained(folder)
    else:
        BertModel(cfg).save_pretrained(folder)
    tok.save_pretrained(folder)
    return folder


def toy_pairs(n: int = 40) -> list[LabeledPair]:
    """Supported pairs restate the premise; unsupported ones add "not"."""
    subjects = ["backups", "logs", "invoices", "alerts"]
    verbs = ["kept", "included", "sent", "encrypted", "enabled"]
    out = []
    for i in range(n):
        s, v = subjects[i % 4], verbs[(i // 4) % 5]
        premise = f"{s} are {v} daily" if i % 2 else f"the {s} are {v} on the pro plan"
        out.append(LabeledPair(premise, premise, True, "toy", "restated", group=f"g{i}"))
        out.append(LabeledPair(premise, premise.replace(" are ", " are not "), False, "toy", "negated", group=f"g{i}"))
    return out


FAST = Recipe(epochs=12, batch_size=8, learning_rate=3e-3, max_length=24, max_pairs=0, eval_pairs=0, seed=7, threads=1)


def _separation(judge) -> float:
    """Mean score of restated pairs minus mean score of negated ones (training-like pairs:
    the test proves the train -> save -> load -> score path, not generalisation)."""
    pairs = toy_pairs(8)
    scores = judge.score([(p.premise, p.hypothesis) for p in pairs])
    pos = [s for s, p in zip(scores, pairs) if p.label]
    neg = [s for s, p in zip(scores, pairs) if not p.label]
    return sum(pos) / len(pos) - sum(neg) / len(neg)


def test_train_save_load_score_one_logit_head(tmp_path):
    base = tiny_model(tmp_path / "base")
    pairs = toy_pairs()
    result = train_judge(str(base), tmp_path / "out", pairs, pairs[:12], recipe=FAST, progress=False)
    files = {p.name for p in result.output.iterdir()}
    assert {"model.safetensors", "config.json", "MODEL_CARD.md", "training.json"} <= files
    judge = load_nli_judge(str(result.output))
    assert judge.num_labels == 1 and judge.weights_sha256 == result.weights_sha256
    assert _separation(judge) > 0.2
    record = read_training_record(result.output)
    assert record["weights_sha256"] == result.weights_sha256 and record["recipe"]["seed"] == 7
    assert record["data"]["train"]["pairs"] == len(pairs) and record["heldout_metrics"]["overall"]["n"] == 12
    card = (result.output / "MODEL_CARD.md").read_text()
    assert result.weights_sha256 in card and "| toy |" in card


def test_training_is_deterministic(tmp_path):
    base = tiny_model(tmp_path / "base")
    pairs = toy_pairs(16)
    recipe = Recipe(epochs=2, batch_size=8, learning_rate=1e-3, max_length=24, max_pairs=0, eval_pairs=0, seed=3, threads=1)
    a = train_judge(str(base), tmp_path / "a", pairs, [], recipe=recipe, progress=False)
    b = train_judge(str(base), tmp_path / "b", pairs, [], recipe=recipe, progress=False)
    assert a.weights_sha256 == b.weights_sha256


def test_three_label_model_keeps_its_label_order(tmp_path):
    """An NLI-style base whose entailment label is last: training moves the entailment
    column, the saved config keeps the order, and the judge reads the right column."""
    labels = {0: "neutral", 1: "contradiction", 2: "entailment"}
    base = tiny_model(tmp_path / "nli-base", labels=labels)
    pairs = toy_pairs()
    result = train_judge(str(base), tmp_path / "out", pairs, [], recipe=FAST, progress=False)
    record = read_training_record(result.output)
    assert record["label_layout"]["supported_column"] == 2
    config = json.loads((result.output / "config.json").read_text())
    assert {int(k): v for k, v in config["id2label"].items()} == labels
    judge = load_nli_judge(str(result.output))
    assert judge.num_labels == 3 and judge.entail == 2
    assert _separation(judge) > 0.2


def test_train_command_writes_card_and_refuses_a_full_folder(tmp_path):
    base = tiny_model(tmp_path / "base")
    data = tmp_path / "labels.jsonl"
    data.write_text("".join(
        json.dumps({"premise": p.premise, "hypothesis": p.hypothesis, "label": p.label, "category": p.category}) + "\n"
        for p in toy_pairs(60)))
    out = tmp_path / "model"
    args = ["judge", "train", "--base", str(base), "--data", str(data), "-o", str(out), "-q",
            "--epochs", "2", "--max-length", "24", "--threads", "1", "--max-pairs", "0", "--eval-pairs", "0"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "weights sha256" in result.output and f"nli:{out}" in result.output
    assert (out / "MODEL_CARD.md").is_file()
    again = CliRunner().invoke(main, args)
    assert again.exit_code == 2 and "not empty" in again.output


def test_trained_documents_are_listed_for_exclusion():
    record = {"documents": {"docs": [{"id": "pricing/plans.md", "sha256": "x"}]}}
    assert trained_documents(record) == {"docs/pricing/plans.md"}
    assert trained_documents(None) == set()
