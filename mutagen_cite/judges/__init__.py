"""Judge registry: turn a spec string into a built judge.

Specs (what ``--judge`` accepts)::

    auto                         the default: ensemble:nli+slots when an NLI cross-encoder is
                                 configured (--nli-model, MUTAGEN_CITE_NLI_MODEL) or in the local
                                 Hugging Face cache, else slots (with a one-line notice)
    lexical                      seed 001's token rule (no model)
    slots                        slot consistency: numbers, dates, scope words, negation ...;
                                 the rest of the claim relevant by shared words (no model)
    slots:meaning                the same, and where words fall short, relevant by embedding
                                 similarity (judges/relevance.py; model loaded on first use)
    embedding[:MODEL]            cosine of sentence embeddings
    nli | nli:NAME_OR_DIR        a sentence-transformers CrossEncoder (label order from config)
    llm:MODEL                    an OpenAI-compatible chat model with the rubric template
    ensemble:A+B[+C]             members vote; disagreements go to the review queue

A spec is ``NAME`` or ``NAME:ARG``; ``NAME`` is looked up in a ``catalogue`` registry, the same
way families are (:mod:`mutagen_cite.cases.families`). Built-in judges register in code below;
a plugin package adds one through the ``mutagen_cite_judges`` entry-point group
(``name = "package.module:factory"``, see ``examples/plugin``). A factory is called as
``factory(arg, options)``: ``arg`` is the text after the first colon (None without a colon) and
``options`` a :class:`JudgeOptions`; it returns a :class:`Judge`. Names are never ``eval``-ed.

``product_names`` are the corpus's own names (``slots.corpus_product_names``, recorded in a
suite's header as ``settings.product_names``): the slots judge reads a claim naming one as the
premise's "we" / "our".

Heavy judges are imported and built only when asked for. Model-backed judges (nli, llm) are
wrapped in the on-disk verdict cache unless ``cache_dir=None``.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Callable

import catalogue

from ..errors import ConfigError
from ..plugins import registered
from .base import Judge, ScoreJudge
from .cache import DEFAULT_CACHE_DIR, CachedJudge, VerdictCache

__all__ = ["Judge", "ScoreJudge", "JudgeOptions", "make_judge", "default_judge_spec", "all_judges", "judge_names",
           "check_judge_spec", "registry", "DEFAULT_CACHE_DIR"]

#: judges registered by name; plugins add theirs through the ``mutagen_cite_judges`` entry-point group
registry = catalogue.create("mutagen_cite", "judges", entry_points=True)


@dataclass(frozen=True)
class JudgeOptions:
    """Everything ``make_judge`` was given besides the spec; a factory reads what it needs."""

    cache_dir: str | os.PathLike | None = DEFAULT_CACHE_DIR
    nli_model: str | None = None
    device: str = "cpu"
    batch_size: int = 32
    threshold: float | None = None
    entailment_label: str | int | None = None
    annotator: Any = None
    spacy_model: str | None = None
    base_url: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    timeout: float = 60.0
    concurrency: int = 4
    rubric: str | None = None
    ensemble_rule: str = "all"
    embedding_model: str | None = None
    review_queue: str | os.PathLike | None = None
    #: the corpus's own names (``slots.corpus_product_names``; a suite header's
    #: ``settings.product_names``): the slots judge reads a claim naming one as the premise's "we"
    product_names: tuple[str, ...] = ()
    #: keep the slots judge's sentence parses under ``cache_dir`` (:mod:`.sentence_cache`), so a
    #: rerun reads them instead of parsing; asked for by ``run`` and ``judge`` (not by ``build``)
    parse_cache: bool = False

    def threshold_or(self, default: float) -> float:
        """The threshold asked for, else the judge's own default."""
        return default if self.threshold is None else self.threshold

    @property
    def cache(self) -> VerdictCache | None:
        """The on-disk verdict cache model-backed judges are wrapped in (None: no cache)."""
        return VerdictCache(self.cache_dir) if self.cache_dir is not None else None


#: ``factory(arg, options) -> Judge``; ``arg`` is None when the spec has no colon
JudgeFactory = Callable[[str | None, JudgeOptions], Judge]


def _cached(judge: Judge, options: JudgeOptions) -> Judge:
    cache = options.cache
    return CachedJudge(judge, cache) if cache else judge


def auto_judge(arg: str | None, options: JudgeOptions) -> Judge:
    return make_judge(resolve_auto(arg or options.nli_model), **_as_kwargs(options))


def lexical_judge(arg: str | None, options: JudgeOptions) -> Judge:
    from .lexical import LexicalJudge

    return LexicalJudge(threshold=options.threshold_or(0.5))


def slots_judge(arg: str | None, options: JudgeOptions) -> Judge:
    """``slots``: attributes, then relevance by shared words. ``slots:meaning``: and, for the
    pairs words leave undecided, by meaning (the embedding model, loaded on first use; see
    :mod:`.relevance`). Not the default: measured on the held-out public sets it lowers
    SummEdits (0.620 -> 0.588) and the corpus swaps (0.984 -> 0.979) while raising
    AttributionBench, Breaking-NLI and negation (ARCHITECTURE.md). ``slots:words`` = ``slots``."""
    from .slots import SlotsJudge

    if arg is not None and arg.strip().lower() not in ("", "words", "meaning"):
        raise ConfigError(f"unknown slots option {arg!r}", where=f"slots:{arg}",
                          hint="use slots (relevance by words) or slots:meaning (words, then embedding similarity)")
    annotator = options.annotator
    if annotator is None:
        from ..analysis.annotate import Annotator, load_spacy

        annotator = Annotator(load_spacy(options.spacy_model))
    embedder = relevance_embedder(options) if (arg or "").strip().lower() == "meaning" else None
    keep = options.cache_dir if options.parse_cache and options.cache_dir is not None else None
    judge = SlotsJudge(annotator, embedder=embedder, product_names=tuple(options.product_names), parse_cache=keep)
    if options.threshold is not None:
        judge.threshold = options.threshold
    return judge


def relevance_embedder(options: JudgeOptions, notice: Callable[[str], None] | None = None):
    """The slots judge's embedding model as a :class:`~.relevance.LazyEmbedder` (found now,
    loaded on first use), or None with a one-line notice when it is not installed."""
    from ..audit.embeddings import load_embedder, resolve_model
    from ..errors import ModelNotFound
    from .relevance import FALLBACK_NOTICE, LazyEmbedder

    say = notice or (lambda line: print(line, file=sys.stderr))
    try:
        resolved = resolve_model(options.embedding_model)
    except ModelNotFound as exc:
        say(FALLBACK_NOTICE.format(why=str(exc).splitlines()[0][:160]))
        return None
    emb_cache = Path(options.cache_dir).parent / "embeddings" if options.cache_dir is not None else None
    return LazyEmbedder(lambda: load_embedder(options.embedding_model, cache_dir=emb_cache, use_cache=emb_cache is not None),
                        name=resolved.name, weights_sha256=resolved.weights_sha256, notice=say)


def embedding_judge(arg: str | None, options: JudgeOptions) -> Judge:
    from ..audit.embeddings import load_embedder
    from .embedding import EmbeddingJudge

    emb_cache = Path(options.cache_dir).parent / "embeddings" if options.cache_dir is not None else None
    embedder = load_embedder(arg or options.embedding_model, cache_dir=emb_cache, use_cache=emb_cache is not None)
    return EmbeddingJudge(embedder, threshold=options.threshold_or(0.8))


def nli_judge(arg: str | None, options: JudgeOptions) -> Judge:
    from .nli import load_nli_judge

    judge = load_nli_judge(
        arg or options.nli_model, device=options.device, batch_size=options.batch_size,
        threshold=options.threshold_or(0.5), entailment_label=options.entailment_label,
    )
    return _cached(judge, options)


def llm_judge(arg: str | None, options: JudgeOptions) -> Judge:
    if not arg:
        raise ConfigError("the llm judge needs a model name", hint="e.g. --judge llm:gpt-4o-mini")
    from ..run.generators.openai_http import ChatClient
    from .llm import DEFAULT_RUBRIC, LLMJudge

    client = ChatClient(arg, base_url=options.base_url, api_key_env=options.api_key_env, timeout=options.timeout)
    judge = LLMJudge(client, rubric=options.rubric or DEFAULT_RUBRIC, concurrency=options.concurrency,
                     threshold=options.threshold_or(0.5))
    return _cached(judge, options)


def ensemble_judge(arg: str | None, options: JudgeOptions) -> Judge:
    names = [m.strip() for m in (arg or "").split("+") if m.strip()]
    if any(n.split(":", 1)[0].strip().lower() == "ensemble" for n in names):
        raise ConfigError("an ensemble cannot contain an ensemble", where=f"ensemble:{arg}")
    members = [make_judge(n, **_as_kwargs(options)) for n in names]
    from .ensemble import EnsembleJudge

    queue = options.review_queue if options.review_queue is not None else (
        Path(options.cache_dir).parent / "review-queue.jsonl" if options.cache_dir is not None else None
    )
    return EnsembleJudge(members, rule=options.ensemble_rule, review_queue=queue, threshold=options.threshold_or(0.5))


auto_judge.usage = "auto[:NLI_MODEL]"
slots_judge.usage = "slots[:meaning]"
embedding_judge.usage = "embedding[:MODEL]"
nli_judge.usage = "nli[:NAME_OR_DIR]"
llm_judge.usage = "llm:MODEL"
ensemble_judge.usage = "ensemble:A+B[+C]"

#: the built-in judges, in the order they are listed; registered like any plugin's
BUILTIN: dict[str, JudgeFactory] = {
    "auto": auto_judge, "lexical": lexical_judge, "slots": slots_judge, "embedding": embedding_judge,
    "nli": nli_judge, "llm": llm_judge, "ensemble": ensemble_judge,
}


def all_judges() -> dict[str, JudgeFactory]:
    """Every registered judge factory by name: built-ins first in their order, then plugins."""
    return registered(registry, BUILTIN, "judge")


def judge_names() -> tuple[str, ...]:
    """The registered judge names (what may stand before the first colon of a spec)."""
    return tuple(all_judges())


def _usage(judges: dict[str, JudgeFactory]) -> str:
    return ", ".join(getattr(f, "usage", n) for n, f in judges.items())


def _lookup(spec: str) -> tuple[JudgeFactory, str | None]:
    """The factory a spec names and its argument, or a ConfigError listing the registered judges."""
    name, sep, arg = spec.strip().partition(":")
    name = name.strip().lower()
    judges = all_judges()
    if name not in judges:
        raise ConfigError(f"unknown judge {spec.strip()!r}", hint=f"registered judges: {_usage(judges)}")
    return judges[name], (arg if sep else None)


def check_judge_spec(spec: str) -> None:
    """Raise the registry's "unknown judge" error for a spec whose name is not registered
    (before any model loads); builds nothing."""
    _lookup(spec)


def slots_available() -> bool:
    """True when a judge named ``slots`` is registered."""
    return "slots" in all_judges()


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


def _as_kwargs(options: JudgeOptions) -> dict[str, Any]:
    # not dataclasses.asdict: that deep-copies the annotator
    return {f.name: getattr(options, f.name) for f in fields(options)}


def make_judge(spec: str | None = None, **options: Any) -> Judge:
    """Build the judge named by ``spec`` (see the module docstring); None means the default.

    ``options`` are the fields of :class:`JudgeOptions` (an unknown one is a TypeError, as a
    mistyped keyword should be)."""
    factory, arg = _lookup(spec or default_judge_spec())
    return factory(arg, JudgeOptions(**options))
