"""``judge train``: fine-tune a cross-encoder into a support judge, and say how good it is.

No NLI weights can be downloaded on some machines, and a general MNLI model has never seen a
company's documents. This trains a sentence-transformers ``CrossEncoder`` from any base
encoder (a bare encoder gets a one-logit head read through a sigmoid; an NLI model keeps its
labels and learns "entailment vs the rest") on

- the ``train`` part of human-labelled pairs (``labeled.py`` defines the split), and
- pairs derived from the ``train`` documents of a corpus (``derive.py``: a true sentence
  supports itself in context, a one-attribute distractor does not, all seven families).

It is deterministic (seeded shuffles, seeded torch, fixed threads), shows a progress bar,
and writes beside the weights a model card (``MODEL_CARD.md``) and ``training.json``: data
sources and sizes, seed, recipe, the documents used (so evaluation can leave them out),
held-out agreement per category, and the weights' sha256.

The plain torch loop (instead of the sentence-transformers trainer) keeps the dependency set
to what is already installed and makes every step explicit.
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from ..errors import ConfigError, ModelNotFound
from ..files import atomic_write_text, dumps_json
from .labeled import LabeledPair, stratified_sample

TRAINING_FILE = "training.json"
CARD_FILE = "MODEL_CARD.md"
FORMAT = "mutagen-cite-judge-model/1"


@dataclass(frozen=True)
class Recipe:
    """How to train. The defaults finish in well under 45 minutes on two CPU cores with a
    MiniLM-sized base (measured in ``benchmarks/judge.py``); raise ``max_pairs`` or
    ``epochs`` on a faster machine."""

    epochs: int = 1
    batch_size: int = 16
    learning_rate: float = 3e-5
    weight_decay: float = 0.01
    warmup_ratio: float = 0.1
    max_length: int = 128
    max_pairs: int = 8000  # training pairs after sampling (0 = all)
    eval_pairs: int = 1500  # held-out pairs evaluated after training (0 = all)
    seed: int = 13
    threads: int = 2
    max_premise_chars: int = 600  # long premises reduced to the relevant sentences first


@dataclass
class TrainResult:
    output: Path
    weights_sha256: str
    train_size: int
    heldout_size: int
    seconds: float
    metrics: dict = field(default_factory=dict)


# --------------------------------------------------------------------------- base model


def _is_classifier(folder: Path) -> bool:
    try:
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    archs = config.get("architectures") or []
    return any(str(a).endswith("ForSequenceClassification") for a in archs)


def resolve_base(base: str) -> tuple[str, str]:
    """(what to load, a readable name). A folder is used as is; a bare name is looked for
    among installed offline packages first (``all-MiniLM-L6-v2``), then the HF cache/hub."""
    p = Path(base).expanduser()
    if p.is_dir():
        if not (p / "config.json").is_file():
            raise ModelNotFound("not a model folder (no config.json)", where=str(p),
                                hint="pass a folder saved by sentence-transformers or transformers")
        return str(p), p.name
    from ..audit.embeddings import resolve_model

    try:
        resolved = resolve_model(base)
    except ModelNotFound:
        resolved = None
    if resolved is not None and resolved.path is not None:
        return str(resolved.path), base
    from .nli import load_cross_encoder

    loaded = load_cross_encoder(base)  # raises a one-line ModelNotFound offline
    return str(loaded.path or base), base


def load_base(base: str, *, device: str = "cpu", entailment_label: str | int | None = None):
    """A CrossEncoder to fine-tune, and the output column that means "supported" (None for
    a one-logit head)."""
    from sentence_transformers import CrossEncoder

    target, _ = resolve_base(base)
    folder = Path(target)
    classifier = folder.is_dir() and _is_classifier(folder)
    try:
        import torch

        with _quiet_transformers():  # "classifier newly initialised" is expected: we train it
            # always train in float32: a half-precision checkpoint trained on CPU turns to NaN
            model = CrossEncoder(target, device=device, num_labels=None if classifier else 1,
                                 model_kwargs={"dtype": torch.float32})
    except OSError as exc:
        raise ModelNotFound(f"cannot load base model {base!r} ({str(exc).splitlines()[0][:160]})",
                            hint="pass --base DIR with a saved encoder or cross-encoder") from None
    column = None
    if model.num_labels > 1:
        from .nli import NLIJudge

        column = NLIJudge(model, name="base", entailment_label=entailment_label).entail
    return model, column


class _quiet_transformers:
    """Silence transformers' load reports for one block, then restore its verbosity."""

    def __enter__(self):
        try:
            from transformers.utils import logging as tlog
        except ImportError:  # pragma: no cover
            self.tlog = None
            return self
        self.tlog = tlog
        self.level = tlog.get_verbosity()
        tlog.set_verbosity_error()
        return self

    def __exit__(self, *exc):
        if self.tlog is not None:
            self.tlog.set_verbosity(self.level)
        return False


# --------------------------------------------------------------------------- training


def _seed_everything(seed: int, threads: int) -> None:
    import numpy as np
    import torch

    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.set_num_threads(max(1, threads))
    try:
        torch.use_deterministic_algorithms(True, warn_only=True)
    except Exception:  # pragma: no cover - older torch
        pass


def _support_loss(logits, labels, column: int | None):
    """Binary cross-entropy on P(supported): the sigmoid of a one-logit head, or the softmax
    mass of the entailment column of an NLI head (the other labels keep their meaning)."""
    import torch
    import torch.nn.functional as F

    if column is None:
        return F.binary_cross_entropy_with_logits(logits.view(-1), labels)
    logp = F.log_softmax(logits, dim=-1)
    log_yes = logp[:, column]
    log_no = torch.log1p(-log_yes.exp().clamp(max=1 - 1e-6))
    return -(labels * log_yes + (1 - labels) * log_no).mean()


def fine_tune(
    model: Any,
    column: int | None,
    pairs: Sequence[tuple[str, str, bool]],
    recipe: Recipe,
    *,
    progress: bool = True,
    on_step: Callable[[int, float], None] | None = None,
) -> list[float]:
    """Train ``model`` (a CrossEncoder) in place on ``(premise, hypothesis, supported)``;
    returns the loss of each step."""
    import torch
    from tqdm import tqdm
    from transformers import get_linear_schedule_with_warmup

    _seed_everything(recipe.seed, recipe.threads)
    hf = model.model
    tok = model.tokenizer
    device = next(hf.parameters()).device
    hf.train()
    no_decay = ("bias", "LayerNorm.weight", "layer_norm.weight")
    groups = [
        {"params": [p for n, p in hf.named_parameters() if not any(k in n for k in no_decay)],
         "weight_decay": recipe.weight_decay},
        {"params": [p for n, p in hf.named_parameters() if any(k in n for k in no_decay)], "weight_decay": 0.0},
    ]
    opt = torch.optim.AdamW(groups, lr=recipe.learning_rate)
    steps_per_epoch = math.ceil(len(pairs) / recipe.batch_size)
    total = max(1, steps_per_epoch * recipe.epochs)
    sched = get_linear_schedule_with_warmup(opt, int(recipe.warmup_ratio * total), total)
    rng = random.Random(recipe.seed)
    losses: list[float] = []
    bar = tqdm(total=total, desc="training", unit="step", file=sys.stderr, disable=not progress)
    for _epoch in range(recipe.epochs):
        order = list(range(len(pairs)))
        rng.shuffle(order)
        for k in range(0, len(order), recipe.batch_size):
            batch = [pairs[i] for i in order[k : k + recipe.batch_size]]
            enc = tok(
                [b[0] for b in batch], [b[1] for b in batch], truncation=True,
                max_length=recipe.max_length, padding=True, return_tensors="pt",
            ).to(device)
            labels = torch.tensor([1.0 if b[2] else 0.0 for b in batch], device=device)
            logits = hf(**enc).logits
            loss = _support_loss(logits, labels, column)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(hf.parameters(), 1.0)
            opt.step()
            sched.step()
            opt.zero_grad(set_to_none=True)
            losses.append(float(loss.detach()))
            bar.update(1)
            if len(losses) % 20 == 0:
                bar.set_postfix(loss=f"{sum(losses[-20:]) / 20:.3f}")
            if on_step:
                on_step(len(losses), losses[-1])
    bar.close()
    hf.eval()
    return losses


# --------------------------------------------------------------------------- data


def training_pairs(
    pairs: Sequence[LabeledPair], recipe: Recipe, *, limit: int | None = None
) -> tuple[list[LabeledPair], list[tuple[str, str, bool]]]:
    """The sample trained on (stratified, seeded) and its (premise, hypothesis, label) rows
    with long premises reduced to the sentences most relevant to the hypothesis."""
    from .premise import PremisePolicy

    n = recipe.max_pairs if limit is None else limit
    chosen = stratified_sample(pairs, n, recipe.seed) if n else list(pairs)
    policy = PremisePolicy(max_chars=recipe.max_premise_chars, max_sentences=3)
    rows = [(policy.apply(p.premise, p.hypothesis)[0], p.hypothesis, p.label) for p in chosen]
    return chosen, rows


def _counts(pairs: Sequence[LabeledPair]) -> dict:
    out: dict[str, dict] = {}
    for p in pairs:
        d = out.setdefault(p.dataset, {"pairs": 0, "supported": 0})
        d["pairs"] += 1
        d["supported"] += int(p.label)
    return dict(sorted(out.items()))


def train_judge(
    base: str,
    output: str | Path,
    train: Sequence[LabeledPair],
    heldout: Sequence[LabeledPair],
    *,
    recipe: Recipe = Recipe(),
    sources: dict | None = None,
    documents: dict | None = None,
    device: str = "cpu",
    entailment_label: str | int | None = None,
    progress: bool = True,
    model: Any = None,
    column: int | None = None,
) -> TrainResult:
    """Fine-tune ``base`` on ``train``, save to ``output``, evaluate on ``heldout``, and
    write the model card. ``documents`` lists the corpus documents the derived pairs came
    from (corpus -> [{id, sha256}]); evaluation leaves those out."""
    out = Path(output)
    if out.exists() and any(out.iterdir()):
        raise ConfigError(f"output folder {out} is not empty", where=str(out),
                          hint="choose a new folder for the trained model")
    if not train:
        raise ConfigError("no training pairs", hint="pass --data with labelled pairs and/or --corpus DIR")
    started = time.perf_counter()
    if model is None:
        _seed_everything(recipe.seed, recipe.threads)  # a new head is initialised from this seed
        model, column = load_base(base, device=device, entailment_label=entailment_label)
    chosen, rows = training_pairs(train, recipe)
    losses = fine_tune(model, column, rows, recipe, progress=progress)
    return save_and_measure(
        model, column, out, base=base, chosen=chosen, available=len(train), heldout=heldout, recipe=recipe,
        losses=losses, seconds=time.perf_counter() - started, sources=sources, documents=documents,
        progress=progress,
    )


def save_and_measure(
    model: Any,
    column: int | None,
    output: Path,
    *,
    base: str,
    chosen: Sequence[LabeledPair],
    available: int,
    heldout: Sequence[LabeledPair],
    recipe: Recipe,
    losses: Sequence[float],
    seconds: float,
    sources: dict | None = None,
    documents: dict | None = None,
    progress: bool = True,
    save: bool = True,
    notes: Sequence[str] = (),
) -> TrainResult:
    """Save a fine-tuned model, measure it on held-out pairs, write ``training.json`` and the
    model card. Split from :func:`train_judge` so weights trained elsewhere (another
    machine) get the same card and the same measurement here."""
    from ..audit.embeddings import weights_hash
    from .evaluate import evaluate
    from .nli import NLIJudge
    from .premise import PremisePolicy

    out = Path(output)
    if save:
        out.mkdir(parents=True, exist_ok=True)
        model.save(str(out), create_model_card=False)
    sha = weights_hash(out) or ""
    judge = NLIJudge(model, name=f"nli:{out.name}", weights_sha256=sha, batch_size=32)
    evaluated = stratified_sample(heldout, recipe.eval_pairs, recipe.seed) if recipe.eval_pairs else list(heldout)
    report = evaluate(judge, evaluated, policy=PremisePolicy(), progress=progress,
                      data_info={"split": "heldout", "sources": sorted((sources or {}).keys())}) if evaluated else None
    config = getattr(model.model, "config", None)
    record = {
        "format": FORMAT,
        "base": base,
        "weights_sha256": sha,
        "label_layout": {
            "num_labels": int(model.num_labels),
            "id2label": {str(k): v for k, v in (getattr(config, "id2label", {}) or {}).items()},
            "supported_column": column,
            "reading": "sigmoid of the single logit" if column is None else f"softmax column {column}",
        },
        "recipe": asdict(recipe),
        "data": {
            "sources": sources or {},
            "train": {"pairs": len(chosen), "available": available, "by_dataset": _counts(chosen)},
            "heldout": {"pairs": len(evaluated), "available": len(heldout), "by_dataset": _counts(evaluated)},
        },
        "documents": documents or {},
        "training": {"seconds": round(seconds, 1), "steps": len(losses),
                     "final_loss": round(sum(losses[-50:]) / max(1, len(losses[-50:])), 4) if losses else None},
        "heldout_metrics": _metrics_summary(report) if report else {},
        "notes": list(notes),
    }
    atomic_write_text(out / TRAINING_FILE, dumps_json(record))
    atomic_write_text(out / CARD_FILE, model_card(record))
    return TrainResult(out, sha, len(chosen), len(evaluated), seconds, record["heldout_metrics"])


def _metrics_summary(report: dict) -> dict:
    keep = ("n", "positives", "accuracy", "balanced_accuracy", "kappa", "roc_auc", "best_threshold",
            "best_balanced_accuracy", "single_class")

    def slim(m: dict) -> dict:
        return {k: (round(v, 4) if isinstance(v, float) else v) for k, v in m.items() if k in keep}

    return {
        "overall": slim(report["overall"]),
        "groups": {g: {k: slim(m) for k, m in entries.items()} for g, entries in report["groups"].items()},
        "premise_policy": report["premise_policy"]["description"],
    }


def _f(x: Any) -> str:
    return "-" if x is None else (f"{x:.2f}" if isinstance(x, float) else str(x))


def model_card(record: dict) -> str:
    """The human-readable card written beside the weights."""
    lines = [
        "# Support judge (cross-encoder) trained by mutagen-cite",
        "",
        f"- base: `{record['base']}`",
        f"- weights sha256: `{record['weights_sha256']}`",
        f"- output: {record['label_layout']['reading']} = P(the premise supports the claim)",
        f"- seed {record['recipe']['seed']}, {record['recipe']['epochs']} epoch(s), batch {record['recipe']['batch_size']}, "
        f"lr {record['recipe']['learning_rate']}, max length {record['recipe']['max_length']}, "
        f"{record['training']['steps']} steps in {record['training']['seconds']} s",
        "",
        "Use it as a judge: `mutagen-cite run ... --judge nli:THIS_FOLDER`; measure it again with",
        "`mutagen-cite judge eval --judge nli:THIS_FOLDER --data ... --split heldout`.",
        "",
        "## Data",
        "",
        "| data set | train pairs | supported | held-out pairs | supported |",
        "|---|---:|---:|---:|---:|",
    ]
    tr = record["data"]["train"]["by_dataset"]
    ho = record["data"]["heldout"]["by_dataset"]
    for name in sorted(set(tr) | set(ho)):
        a, b = tr.get(name, {}), ho.get(name, {})
        lines.append(f"| {name} | {a.get('pairs', 0)} | {a.get('supported', 0)} | {b.get('pairs', 0)} | {b.get('supported', 0)} |")
    docs = record.get("documents") or {}
    if docs:
        lines += ["", "Corpus documents used for training (left out of evaluation):", ""]
        for corpus, items in sorted(docs.items()):
            lines.append(f"- {corpus}: {len(items)} documents (listed in {TRAINING_FILE})")
    m = record.get("heldout_metrics") or {}
    if m:
        lines += ["", "## Held-out agreement with labels", "", f"Premises: {m.get('premise_policy', '')}.", "",
                  "| group | n | pos | acc | bal.acc | kappa | auc |", "|---|---:|---:|---:|---:|---:|---:|"]
        rows = [("overall", m["overall"])]
        for g in ("dataset", "category", "family"):
            rows += [(f"{g}: {k}", v) for k, v in m["groups"].get(g, {}).items()]
        for label, v in rows:
            star = "*" if v.get("single_class") else ""
            lines.append(f"| {label} | {v['n']} | {v['positives']} | {_f(v['accuracy'])} | "
                         f"{_f(v['balanced_accuracy'])}{star} | {_f(v['kappa'])} | {_f(v['roc_auc'])} |")
        lines += ["", "`*` one label only in that group: balanced accuracy is that label's recall."]
    for note in record.get("notes") or []:
        lines += ["", f"Note: {note}"]
    lines += ["", "A small model trained here is no general judge: read the per-category rows before trusting it.", ""]
    return "\n".join(lines)


def read_training_record(model_dir: str | Path) -> dict | None:
    """The ``training.json`` beside a model trained here, or None."""
    path = Path(model_dir) / TRAINING_FILE
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def trained_documents(record: dict | None) -> set[str]:
    """Document ids (``corpus/doc``) a model was trained on."""
    out: set[str] = set()
    for corpus, items in ((record or {}).get("documents") or {}).items():
        for item in items:
            out.add(f"{corpus}/{item['id'] if isinstance(item, dict) else item}")
    return out
