"""`mutagen-cite judge`: measure a judge against human labels (`eval`), or train one (`train`)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..errors import ConfigError
from ..files import atomic_write_text, dumps_json


@click.group("judge")
def judge() -> None:
    """Measure how often a judge agrees with people, and train a cross-encoder judge.

    \b
    Every number `mutagen-cite run` prints is a judge's verdict, so the judge's own
    agreement with human labels is measured here, per category, never assumed. Pairs
    derived from your documents (--corpus) are labelled by mutagen-cite's own families,
    not by people: reports show them apart from human-labelled pairs (--data).

    \b
    Examples:
      mutagen-cite judge eval --judge slots --corpus docs/ --html eval.html
      mutagen-cite judge eval --judge nli --data my_labels.jsonl --json eval.json
      mutagen-cite judge train --base all-MiniLM-L6-v2 --corpus docs/ -o models/judge
    (docs/ is your documents folder; my_labels.jsonl has premise, hypothesis, label
    [supported|unsupported] and optionally category, one JSON object per line.)
    """


# --------------------------------------------------------------------------- shared


def _load_pairs(data: tuple[Path, ...], corpora: tuple[Path, ...], *, seed: int, nlp, spacy_model, cache_dir,
                per_doc_family: int, quiet: bool):
    """Labelled pairs from files/folders plus pairs derived from corpora, and the tiers the
    corpora taught the annotator."""
    from ..judges.derive import corpus_pairs
    from ..judges.labeled import read_labeled

    pairs = []
    for path in data:
        pairs.extend(read_labeled(path))
    tiers: set[str] = set()
    analyses = {}
    for folder in corpora:
        if not quiet:
            click.echo(f"deriving pairs from {folder} ...", err=True)
        derived, analysis = corpus_pairs(str(folder), seed=seed, nlp=nlp, spacy_model=spacy_model,
                                         cache_dir=str(cache_dir) if cache_dir else None,
                                         per_doc_family=per_doc_family)
        pairs.extend(derived)
        tiers.update(analysis.tiers)
        analyses[folder] = analysis
    return pairs, tuple(sorted(tiers)), analyses


def build_judge(spec: str, *, threshold: float | None, spacy_model: str | None, nlp=None, tiers=(),
                embedding_model: str | None = None, slots_embeddings: bool = False, batch_size: int = 32,
                cache_dir: Path | None = None, review_queue: Path | None = None, product_names=()):
    """A judge from its spec, through the judge registry (``mutagen_cite.judges.make_judge``);
    only ``slots`` with ``--slots-embeddings`` is assembled here."""
    kind, _, arg = spec.partition(":")
    kind = kind.strip().lower()
    annotator = None
    if kind in ("slots", "ensemble", "auto"):
        from ..analysis.annotate import Annotator, load_spacy

        annotator = Annotator(nlp if nlp is not None else load_spacy(spacy_model), tiers=tiers)
    if kind == "slots" and slots_embeddings:
        from ..audit.embeddings import load_embedder

        embedder = load_embedder(arg or embedding_model, cache_dir=(cache_dir / "embeddings") if cache_dir else None,
                                 use_cache=cache_dir is not None)
        from ..judges.slots import SlotsJudge

        j = SlotsJudge(annotator, embedder=embedder, name="slots+embedding", product_names=tuple(product_names))
        if threshold is not None:
            j.threshold = threshold
        return j
    from ..judges import make_judge

    kwargs = dict(threshold=threshold, spacy_model=spacy_model, annotator=annotator, batch_size=batch_size,
                  cache_dir=(cache_dir / "judge") if cache_dir else None, parse_cache=True, embedding_model=embedding_model,
                  product_names=tuple(product_names))
    if review_queue is not None:
        kwargs["review_queue"] = review_queue
    return make_judge(spec, **kwargs)


# --------------------------------------------------------------------------- eval


@judge.command("eval")
@click.option("--judge", "judge_spec", default="auto", show_default=True, metavar="SPEC",
              help="auto | lexical | slots | embedding[:MODEL] | nli[:NAME_OR_DIR] | ensemble:A+B | llm:MODEL "
                   "(auto: ensemble:nli+slots when an NLI cross-encoder is configured, else slots)")
@click.option("--data", multiple=True, type=click.Path(path_type=Path),
              help="Labelled pairs: a ../shared/labeled folder (or one of its sets), or your own JSONL/CSV "
                   "with premise, hypothesis, label, category. Repeatable.")
@click.option("--corpus", multiple=True, type=click.Path(path_type=Path),
              help="Also measure on one-attribute swap pairs derived from this document folder. Repeatable.")
@click.option("--split", type=click.Choice(["all", "train", "heldout"]), default="all", show_default=True,
              help="Which part of each data set (held-out parts are fixed by a hash of the premise or document).")
@click.option("--limit", type=click.IntRange(0), default=0, help="Evaluate a stratified sample of this many pairs (0 = all).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the --limit sample and of derived pairs.")
@click.option("--threshold", type=float, default=None, help="Override the judge's threshold.")
@click.option("--premise", "premise_policy", type=click.Choice(["relevant", "full"]), default="relevant", show_default=True,
              help="relevant: premises longer than --max-premise-chars keep only the sentences most relevant to the claim.")
@click.option("--max-premise-chars", type=click.IntRange(100), default=1200, show_default=True)
@click.option("--max-premise-sentences", type=click.IntRange(1), default=4, show_default=True)
@click.option("--spacy-model", default=None, metavar="NAME", help="spaCy pipeline for the slots judge.")
@click.option("--embedding-model", default=None, metavar="NAME_OR_DIR", help="Sentence embedding model (embedding judge).")
@click.option("--slots-embeddings", is_flag=True, help="Let the slots judge also weigh embedding similarity of the rest where words fall short (as --judge slots:meaning).")
@click.option("--exclude-trained", type=click.Path(path_type=Path), default=None, metavar="MODEL_DIR",
              help="Leave out corpus documents a model trained here was trained on (its training.json).")
@click.option("--json", "json_out", type=click.Path(path_type=Path), default=None, help="Write the report as JSON.")
@click.option("--html", "html_out", type=click.Path(path_type=Path), default=None,
              help="Write a self-contained HTML report with the calibration plot.")
@click.option("--details", "details_out", type=click.Path(path_type=Path), default=None,
              help="Write every pair with its verdict and reason as JSONL (relabel it and feed it back with --data).")
@click.option("--batch-size", type=click.IntRange(1), default=256, show_default=True)
@click.option("--cache-dir", default=".mutagen-cache", show_default=True, type=click.Path(path_type=Path))
@click.option("--per-doc-family", type=click.IntRange(1), default=3, show_default=True,
              help="Derived pairs: sentences per document and family.")
@click.option("--product-name", "product_names", multiple=True, metavar="NAME",
              help="A name the corpus uses for itself (what its 'we' / 'our' stand for), for the slots judge; "
                   "repeatable. Names of --corpus folders are found by themselves (as `build` records them).")
@click.option("-q", "--quiet", is_flag=True, help="No progress bars.")
def eval_command(judge_spec, data, corpus, split, limit, seed, threshold, premise_policy, max_premise_chars,
                 max_premise_sentences, spacy_model, embedding_model, slots_embeddings, exclude_trained, json_out,
                 html_out, details_out, batch_size, cache_dir, per_doc_family, product_names, quiet):
    """Agreement of a judge with labelled pairs, overall and per category.

    \b
    Prints accuracy, balanced accuracy, Cohen's kappa, ROC AUC, the best threshold and the
    share of unsupported pairs the judge flags, per data set, category, family and edit
    type. --data pairs carry human labels; --corpus pairs are derived from your documents
    by mutagen-cite's own families (a sentence supports itself, its one-attribute near miss
    does not), so agreement on them is consistency with the tool, not with people: the
    HTML report shows the two apart. A review-queue file written by an ensemble judge is
    plain labelled JSONL once a person fills its `label` fields: pass it with --data.

    \b
    Examples:
      mutagen-cite judge eval --judge slots --corpus docs/ --html eval.html
      mutagen-cite judge eval --judge nli --data my_labels.jsonl --details review.jsonl
      mutagen-cite judge eval --judge nli:models/judge --corpus docs/ --split heldout \\
          --exclude-trained models/judge
      mutagen-cite judge eval --judge ensemble:nli+slots --data results.review.jsonl
    """
    from ..judges.evaluate import evaluate, render_html, render_table
    from ..judges.labeled import select_split, stratified_sample
    from ..judges.premise import PremisePolicy
    from ..judges.train import read_training_record, trained_documents

    if not data and not corpus:
        raise ConfigError("nothing to evaluate on", hint="pass --data PATH (labelled pairs) and/or --corpus DIR")
    nlp = None
    if corpus or judge_spec.split(":", 1)[0] in ("slots", "ensemble"):
        from ..analysis.annotate import load_spacy

        nlp = load_spacy(spacy_model)
    pairs, tiers, analyses = _load_pairs(data, corpus, seed=seed, nlp=nlp, spacy_model=spacy_model,
                                         cache_dir=cache_dir, per_doc_family=per_doc_family, quiet=quiet)
    if analyses:
        from ..judges.slots import analysis_product_names

        product_names = tuple(product_names) + tuple(n for a in analyses.values() for n in analysis_product_names(a))
    product_names = tuple(sorted(set(product_names)))
    notes = []
    if exclude_trained is not None:
        record = read_training_record(exclude_trained)
        if record is None:
            raise ConfigError("no training.json in that folder", where=str(exclude_trained),
                              hint="pass the folder written by `mutagen-cite judge train`")
        seen = trained_documents(record)
        before = len(pairs)
        pairs = [p for p in pairs if f"{p.dataset.removeprefix('corpus:')}/{p.group}" not in seen]
        notes.append(f"left out {before - len(pairs)} pairs from {len(seen)} documents the model was trained on")
    pairs = select_split(pairs, split)
    if limit:
        pairs = stratified_sample(pairs, limit, seed)
    if not pairs:
        raise ConfigError("no labelled pairs left to evaluate", hint="check --data, --split and --limit")
    judge_obj = build_judge(judge_spec, threshold=threshold, spacy_model=spacy_model, nlp=nlp, tiers=tiers,
                            embedding_model=embedding_model, slots_embeddings=slots_embeddings, cache_dir=cache_dir,
                            product_names=product_names)
    policy = PremisePolicy(premise_policy, max_premise_chars, max_premise_sentences)
    info = {"sources": [str(p) for p in data] + [f"corpus:{c}" for c in corpus], "split": split,
            "limit": limit or None, "seed": seed}
    report = evaluate(judge_obj, pairs, policy=policy, batch_size=batch_size, progress=not quiet,
                      details=details_out is not None, data_info=info)
    report["notes"] = notes + report["notes"]
    trained = _trained_on(judge_spec)
    if trained and split == "all":
        report["notes"].append("this judge was trained on the train part of its data sets; pass --split heldout "
                               "for numbers it has not seen")
    click.echo(render_table(report))
    if details_out is not None:
        rows = report.pop("pairs")
        atomic_write_text(details_out, "".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n" for r in rows))
        click.echo(f"wrote {details_out} ({len(rows)} pairs with verdicts and reasons)", err=True)
    if json_out is not None:
        atomic_write_text(json_out, dumps_json(report))
        click.echo(f"wrote {json_out}", err=True)
    if html_out is not None:
        atomic_write_text(html_out, render_html(report))
        click.echo(f"wrote {html_out}", err=True)


def _trained_on(spec: str) -> bool:
    from ..judges.train import read_training_record

    kind, _, arg = spec.partition(":")
    return kind == "nli" and bool(arg) and read_training_record(arg) is not None


# --------------------------------------------------------------------------- train


@judge.command("train")
@click.option("--base", required=True, metavar="NAME_OR_DIR",
              help="Base encoder or cross-encoder: a folder, or a name (all-MiniLM-L6-v2 is found offline).")
@click.option("--data", multiple=True, type=click.Path(path_type=Path),
              help="Labelled pairs (train parts are trained on, held-out parts measured). Repeatable.")
@click.option("--corpus", multiple=True, type=click.Path(path_type=Path),
              help="Derive supported / one-attribute-distractor pairs from this folder's train documents. Repeatable.")
@click.option("-o", "--output", required=True, type=click.Path(path_type=Path), help="Folder for the trained model.")
@click.option("--epochs", type=click.IntRange(1), default=1, show_default=True)
@click.option("--max-pairs", type=click.IntRange(0), default=8000, show_default=True,
              help="Training pairs (stratified sample; 0 = all). The default trains in under 45 minutes on 2 cores.")
@click.option("--eval-pairs", type=click.IntRange(0), default=1500, show_default=True,
              help="Held-out pairs measured after training (0 = all).")
@click.option("--batch-size", type=click.IntRange(1), default=16, show_default=True)
@click.option("--learning-rate", type=float, default=3e-5, show_default=True)
@click.option("--max-length", type=click.IntRange(16), default=128, show_default=True, help="Tokens per pair.")
@click.option("--seed", type=int, default=13, show_default=True)
@click.option("--threads", type=click.IntRange(1), default=2, show_default=True)
@click.option("--entailment-label", default=None, help="For a multi-label base whose labels do not say which means entailment.")
@click.option("--device", default="cpu", show_default=True)
@click.option("--spacy-model", default=None, metavar="NAME")
@click.option("--cache-dir", default=".mutagen-cache", show_default=True, type=click.Path(path_type=Path))
@click.option("--per-doc-family", type=click.IntRange(1), default=3, show_default=True)
@click.option("-q", "--quiet", is_flag=True)
def train_command(base, data, corpus, output, epochs, max_pairs, eval_pairs, batch_size, learning_rate, max_length,
                  seed, threads, entailment_label, device, spacy_model, cache_dir, per_doc_family, quiet):
    """Fine-tune a cross-encoder (binary, probability output) into a support judge.

    \b
    Trains on the train parts of --data and on pairs derived from the train documents of
    --corpus (a true sentence supports itself, a one-attribute distractor does not, all
    seven families); measures the held-out parts; writes the weights, MODEL_CARD.md and
    training.json (data, sizes, seed, documents used, held-out metrics, weights sha256).
    Use the result with --judge nli:OUTPUT.

    \b
    Examples:
      mutagen-cite judge train --base all-MiniLM-L6-v2 --corpus docs/ -o models/judge
      mutagen-cite judge train --base cross-encoder/nli-deberta-v3-small \\
          --data my_labels.jsonl --corpus docs/ --epochs 2 -o models/judge
      mutagen-cite run suite.yaml -g python:my_rag:answer --judge nli:models/judge
    """
    from ..judges.labeled import select_split
    from ..judges.train import Recipe, train_judge

    if not data and not corpus:
        raise ConfigError("nothing to train on", hint="pass --data PATH and/or --corpus DIR")
    nlp = None
    if corpus:
        from ..analysis.annotate import load_spacy

        nlp = load_spacy(spacy_model)
    pairs, _, analyses = _load_pairs(data, corpus, seed=seed, nlp=nlp, spacy_model=spacy_model, cache_dir=cache_dir,
                                     per_doc_family=per_doc_family, quiet=quiet)
    train = select_split(pairs, "train")
    heldout = select_split(pairs, "heldout")
    documents = {}
    for folder, analysis in analyses.items():
        used = {p.group for p in train if p.dataset == f"corpus:{Path(folder).resolve().name}"}
        documents[Path(folder).resolve().name] = [
            {"id": d.id, "sha256": d.sha256} for d in analysis.corpus.documents if d.id in used
        ]
    recipe = Recipe(epochs=epochs, batch_size=batch_size, learning_rate=learning_rate, max_length=max_length,
                    max_pairs=max_pairs, eval_pairs=eval_pairs, seed=seed, threads=threads)
    sources = {str(p): "labelled" for p in data} | {f"corpus:{c}": "derived" for c in corpus}
    result = train_judge(base, output, train, heldout, recipe=recipe, sources=sources, documents=documents,
                         device=device, entailment_label=entailment_label, progress=not quiet)
    m = result.metrics.get("overall", {})
    click.echo(f"trained on {result.train_size} pairs in {result.seconds:.0f} s; weights sha256 {result.weights_sha256[:12]}")
    if m:
        click.echo(f"held-out ({result.heldout_size} pairs): balanced accuracy {m.get('balanced_accuracy', 0):.2f}, "
                   f"kappa {m.get('kappa') or 0:.2f}, auc {m.get('roc_auc') or 0:.2f}; per category in "
                   f"{result.output / 'MODEL_CARD.md'}")
    click.echo(f"use it with: --judge nli:{result.output}")


command = judge
