"""Judge registry: turn a spec string into a built judge.

Specs (what ``--judge`` accepts)::

    auto                         the default: ensemble:nli+slots when an NLI cross-encoder is
                                 configured (--nli-model, MUTAGEN_CITE_NLI_MODEL) or in the local
                                 Hugging Face cache, else slots (with a one-line notice)
    lexical                      seed 001's token rule (no model)
    slots                        slot consistency: numbers, dates, scope words, negation ...
    nli | nli:NAME_OR_DIR        a sentence-transformers CrossEncoder (label order from config)
    llm:MODEL                    an OpenAI-compatible chat model with the rubric template
    ensemble:A+B[+C]             members vote; disagreements go to the review queue

``product_names`` are the corpus's own names (``slots.corpus_product_names``, recorded in a
suite's header as ``settings.product_names``): the slots judge reads a claim naming one as the
premise's "we" / "our".

Heavy judges are imported and built only when asked for. Model-backed judges (nli, llm) are
wrapped in the on-disk verdict cache unless ``cache_dir=None``.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

from ..errors import ConfigError
from .base import Judge, ScoreJudge
from .cache import DEFAULT_CACHE_DIR, CachedJudge, VerdictCache

__all__ = ["Judge", "ScoreJudge", "make_judge", "default_judge_spec", "JUDGE_NAMES", "DEFAULT_CACHE_DIR"]

JUDGE_NAMES = ("lexical", "slots", "nli", "llm", "ensemble")


def slots_available() -> bool:
    """True when the slot-consistency judge module exists in this install."""
    return importlib.util.find_spec("mutagen_cite.judges.slots") is not None


#: the judge kinds ``make_judge`` knows (the part of a spec before the first colon)
JUDGE_KINDS = ("auto", "lexical", "slots", "embedding", "nli", "llm", "ensemble")

#: where ``auto`` reads a configured cross-encoder from when ``--nli-model`` is not given
NLI_MODEL_ENV = "MUTAGEN_CITE_NLI_MODEL"
#: public MNLI cross-encoders ``auto`` looks for in the local Hugging Face cache (no download)
KNOWN_NLI_MODELS = ("cross-encoder/nli-deberta-v3-small", "cross-encoder/nli-deberta-v3-base",
                    "cross-encoder/nli-MiniLM2-L6-H768", "cross-encoder/nli-distilroberta-base",
                    "cross-encoder/nli-roberta-base")
AUTO_NOTICE = ("judge: auto -> slots (no NLI cross-encoder configured; add one with --nli-model DIR_OR_NAME "
               f"or {NLI_MODEL_ENV}=..., e.g. {KNOWN_NLI_MODELS[0]}, for ensemble:nli+slots)")


def default_judge_spec() -> str:
    """"auto" when the slots judge is installed (see :func:`resolve_auto`), else "lexical"."""
    return "auto" if slots_available() else "lexical"


def find_nli_model(nli_model: str | None = None) -> str | None:
    """The cross-encoder ``auto`` uses: ``nli_model``, else ``$MUTAGEN_CITE_NLI_MODEL``, else
    the first of :data:`KNOWN_NLI_MODELS` already in the local Hugging Face cache; None when
    there is none. Never downloads."""
    chosen = nli_model or os.environ.get(NLI_MODEL_ENV, "").strip() or None
    if chosen:
        return chosen
    from .nli import _cached_snapshot

    for name in KNOWN_NLI_MODELS:
        if _cached_snapshot(name, None) is not None:
            return name
    return None


def resolve_auto(nli_model: str | None = None, *, notice=None) -> str:
    """The spec ``auto`` stands for: ``ensemble:nli:<model>+slots`` with a cross-encoder,
    else ``slots`` (``notice`` is called with a one-line explanation; default: stderr)."""
    model = find_nli_model(nli_model)
    if model is None or not slots_available():
        if notice is None:
            import sys

            print(AUTO_NOTICE, file=sys.stderr)
        else:
            notice(AUTO_NOTICE)
        return "slots" if slots_available() else "lexical"
    if "+" in model:
        raise ConfigError("an NLI model path for --judge auto cannot contain '+'", where=model,
                          hint="rename the folder, or pass --judge ensemble:nli:DIR+slots yourself")
    return f"ensemble:nli:{model}+slots"


def make_judge(
    spec: str | None = None,
    *,
    cache_dir: str | os.PathLike | None = DEFAULT_CACHE_DIR,
    nli_model: str | None = None,
    device: str = "cpu",
    batch_size: int = 32,
    threshold: float | None = None,
    entailment_label: str | int | None = None,
    annotator: Any = None,
    spacy_model: str | None = None,
    base_url: str | None = None,
    api_key_env: str = "OPENAI_API_KEY",
    timeout: float = 60.0,
    concurrency: int = 4,
    rubric: str | None = None,
    ensemble_rule: str = "all",
    embedding_model: str | None = None,
    review_queue: str | os.PathLike | None = None,
    product_names: tuple[str, ...] | list[str] = (),
) -> Judge:
    """Build the judge named by ``spec`` (see the module docstring); None means the default."""
    spec = (spec or default_judge_spec()).strip()
    kind, _, arg = spec.partition(":")
    kind = kind.strip().lower()
    cache = VerdictCache(cache_dir) if cache_dir is not None else None
    opts = dict(
        cache_dir=cache_dir, nli_model=nli_model, device=device, batch_size=batch_size,
        threshold=threshold, entailment_label=entailment_label, annotator=annotator,
        spacy_model=spacy_model, base_url=base_url, api_key_env=api_key_env, timeout=timeout,
        concurrency=concurrency, rubric=rubric, embedding_model=embedding_model, product_names=product_names,
    )

    if kind == "auto":
        return make_judge(resolve_auto(arg or nli_model), **{k: v for k, v in opts.items()}, ensemble_rule=ensemble_rule,
                          review_queue=review_queue)

    if kind == "lexical":
        from .lexical import LexicalJudge

        return LexicalJudge(threshold=0.5 if threshold is None else threshold)

    if kind == "slots":
        if not slots_available():
            raise ConfigError(
                "the slots judge is not installed in this version",
                hint="use --judge lexical or --judge nli:DIR",
            )
        from .slots import SlotsJudge

        if annotator is None:
            from ..annotate import Annotator, load_spacy

            annotator = Annotator(load_spacy(spacy_model))
        judge = SlotsJudge(annotator, product_names=tuple(product_names))
        if threshold is not None:
            judge.threshold = threshold
        return judge

    if kind == "embedding":
        from ..embeddings import load_embedder
        from .embedding import EmbeddingJudge

        emb_cache = Path(cache_dir).parent / "embeddings" if cache_dir is not None else None
        embedder = load_embedder(arg or embedding_model, cache_dir=emb_cache, use_cache=emb_cache is not None)
        return EmbeddingJudge(embedder, threshold=0.8 if threshold is None else threshold)

    if kind == "nli":
        from .nli import load_nli_judge

        judge = load_nli_judge(
            arg or nli_model, device=device, batch_size=batch_size,
            threshold=0.5 if threshold is None else threshold, entailment_label=entailment_label,
        )
        return CachedJudge(judge, cache) if cache else judge

    if kind == "llm":
        if not arg:
            raise ConfigError("the llm judge needs a model name", hint="e.g. --judge llm:gpt-4o-mini")
        from ..generators.openai_http import ChatClient
        from .llm import DEFAULT_RUBRIC, LLMJudge

        client = ChatClient(arg, base_url=base_url, api_key_env=api_key_env, timeout=timeout)
        judge = LLMJudge(client, rubric=rubric or DEFAULT_RUBRIC, concurrency=concurrency,
                         threshold=0.5 if threshold is None else threshold)
        return CachedJudge(judge, cache) if cache else judge

    if kind == "ensemble":
        names = [m.strip() for m in arg.split("+") if m.strip()]
        if any(n.split(":", 1)[0].lower() == "ensemble" for n in names):
            raise ConfigError("an ensemble cannot contain an ensemble", where=spec)
        members = [make_judge(n, **opts) for n in names]
        from .ensemble import EnsembleJudge

        queue = review_queue if review_queue is not None else (
            Path(cache_dir).parent / "review-queue.jsonl" if cache_dir is not None else None
        )
        return EnsembleJudge(members, rule=ensemble_rule, review_queue=queue,
                             threshold=0.5 if threshold is None else threshold)

    raise ConfigError(
        f"unknown judge {spec!r}",
        hint="one of: lexical, slots, embedding[:MODEL], nli[:NAME_OR_DIR], llm:MODEL, ensemble:A+B",
    )
