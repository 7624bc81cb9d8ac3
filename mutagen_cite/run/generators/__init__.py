"""Generator registry: turn a ``--generator`` spec into a generator.

Specs::

    oracle                      the expected answer, citing the true chunk; declines true-absent
    reader                      answers only from a sentence stating the question's whole
                                condition (rule-based, annotator), cites it; else declines
    similarity                  states the claim, cites the chunk closest to it by embedding
                                (seed 003's strategy; never declines)
    lexical                     the same by token F1
    extractive                  copies the sentence closest to the question, cited (never declines)
    extractive-lexical          the same by token F1
    first-chunk | abstain       position bias / always decline
    command:"python rag.py"     any executable speaking JSON lines on stdin/stdout
    python:my_pkg.rag:answer    a Python function (or python:./gen.py:answer)
    openai:MODEL                an OpenAI-compatible chat-completions endpoint

A spec is ``NAME`` or ``NAME:ARG``; ``NAME`` is looked up in a ``catalogue`` registry, the same
way families and judges are. Built-ins register in code below; a plugin package adds one
through the ``mutagen_cite_generators`` entry-point group (``name = "package.module:factory"``,
see ``examples/plugin``). A factory is called as ``factory(arg, options)``: ``arg`` is the text
after the first colon (None without a colon), ``options`` a :class:`GeneratorOptions`; it
returns a :class:`Generator`. Names are never ``eval``-ed.

Only the adapter asked for is imported; heavy models (the embedder) are built here once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import catalogue

from ...errors import ConfigError, GeneratorError
from ...plugins import registered
from .base import GenerationFailed, GenerationTimeout, Generator, Request

__all__ = [
    "Generator", "Request", "GenerationFailed", "GenerationTimeout", "GeneratorOptions", "make_generator",
    "all_generators", "generator_names", "registry",
]

#: generators registered by name; plugins add theirs through the ``mutagen_cite_generators`` entry-point group
registry = catalogue.create("mutagen_cite", "generators", entry_points=True)


@dataclass(frozen=True)
class GeneratorOptions:
    """Everything ``make_generator`` was given besides the spec; a factory reads what it needs."""

    timeout: float = 60.0
    embedder: Any = None
    similarity: Any = None
    embedding_model: str | None = None
    cache_dir: str | None = None
    base_url: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    retries: int = 3
    backoff: float = 1.0
    concurrency: int = 4
    prompt: str | None = None
    decline_token: str | None = None
    annotator: Any = None


#: ``factory(arg, options) -> Generator``; ``arg`` is None when the spec has no colon
GeneratorFactory = Callable[[str | None, GeneratorOptions], Generator]


def _takes_no_argument(name: str, arg: str | None) -> None:
    if arg is not None:
        raise ConfigError(f"the {name} generator takes no argument (got {name}:{arg})", hint=f"use -g {name}")


def oracle_generator(arg: str | None, options: GeneratorOptions) -> Generator:
    _takes_no_argument("oracle", arg)
    from .builtin import OracleGenerator

    return OracleGenerator()


def reader_generator(arg: str | None, options: GeneratorOptions) -> Generator:
    _takes_no_argument("reader", arg)
    from ...analysis.annotate import Annotator, load_spacy
    from .builtin import ReaderGenerator

    return ReaderGenerator(options.annotator or Annotator(load_spacy()))


def abstain_generator(arg: str | None, options: GeneratorOptions) -> Generator:
    _takes_no_argument("abstain", arg)
    from .builtin import AbstainGenerator

    return AbstainGenerator()


def first_chunk_generator(arg: str | None, options: GeneratorOptions) -> Generator:
    _takes_no_argument("first-chunk", arg)
    from .builtin import FirstChunkGenerator

    return FirstChunkGenerator()


def _baseline(kind: str) -> GeneratorFactory:
    """The similarity baselines: ``similarity`` / ``lexical`` state the claim and cite the chunk
    closest to it; ``extractive`` / ``extractive-lexical`` copy the sentence closest to the question."""

    def factory(arg: str | None, options: GeneratorOptions) -> Generator:
        _takes_no_argument(kind, arg)
        from .builtin import SimilarityBaseline

        lexical = kind in ("lexical", "extractive-lexical")
        similarity = options.similarity
        if similarity is None:
            similarity = _baseline_similarity("lexical" if lexical else "similarity", options.embedder,
                                              options.embedding_model, options.cache_dir)
        return SimilarityBaseline(similarity, name=kind, mode="question" if kind.startswith("extractive") else "claim")

    factory.__name__ = f"{kind.replace('-', '_')}_generator"
    return factory


similarity_generator = _baseline("similarity")
lexical_generator = _baseline("lexical")
extractive_generator = _baseline("extractive")
extractive_lexical_generator = _baseline("extractive-lexical")


def command_generator(arg: str | None, options: GeneratorOptions) -> Generator:
    if not (arg or "").strip():
        raise GeneratorError("command: needs a command line", hint='e.g. --generator command:"python rag.py"')
    from .command import CommandGenerator

    return CommandGenerator(_unquote(arg), timeout=options.timeout)


def python_generator(arg: str | None, options: GeneratorOptions) -> Generator:
    from .python_fn import PythonGenerator

    return PythonGenerator((arg or "").strip(), timeout=options.timeout)


def openai_generator(arg: str | None, options: GeneratorOptions) -> Generator:
    if not (arg or "").strip():
        raise GeneratorError("openai: needs a model name", hint="e.g. --generator openai:gpt-4o-mini")
    from ..answers import DEFAULT_DECLINE_TOKEN
    from .openai import DEFAULT_PROMPT, OpenAIGenerator
    from .openai_http import ChatClient

    client = ChatClient(arg.strip(), base_url=options.base_url, api_key_env=options.api_key_env,
                        timeout=options.timeout, retries=options.retries, backoff=options.backoff)
    return OpenAIGenerator(client, prompt=options.prompt or DEFAULT_PROMPT, concurrency=options.concurrency,
                           decline_token=options.decline_token or DEFAULT_DECLINE_TOKEN)


command_generator.usage = 'command:"CMD"'
python_generator.usage = "python:MODULE:FUNCTION"
openai_generator.usage = "openai:MODEL"

#: the built-in generators, in the order they are listed; registered like any plugin's
BUILTIN: dict[str, GeneratorFactory] = {
    "oracle": oracle_generator, "reader": reader_generator,
    "similarity": similarity_generator, "lexical": lexical_generator,
    "extractive": extractive_generator, "extractive-lexical": extractive_lexical_generator,
    "first-chunk": first_chunk_generator, "abstain": abstain_generator,
    "command": command_generator, "python": python_generator, "openai": openai_generator,
}


def all_generators() -> dict[str, GeneratorFactory]:
    """Every registered generator factory by name: built-ins first in their order, then plugins."""
    return registered(registry, BUILTIN, "generator")


def generator_names() -> tuple[str, ...]:
    """The registered generator names (what may stand before the first colon of a spec)."""
    return tuple(all_generators())


def make_generator(spec: str, **options: Any) -> Generator:
    """Build the generator named by ``spec`` (see the module docstring).

    ``options`` are the fields of :class:`GeneratorOptions`; an unknown name is a ConfigError
    that lists the registered generators."""
    name, sep, arg = spec.strip().partition(":")
    name = name.strip().lower()
    generators = all_generators()
    factory = generators.get(name) or generators.get(name.replace("_", "-"))
    if factory is None:
        usage = ", ".join(getattr(f, "usage", n) for n, f in generators.items())
        raise ConfigError(f"unknown generator {spec.strip()!r}", hint=f"registered generators: {usage}")
    return factory(arg if sep else None, GeneratorOptions(**options))


def _unquote(text: str) -> str:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text


def _baseline_similarity(kind: str, embedder: Any, embedding_model: str | None, cache_dir: str | None) -> Any:
    from ...audit.similarity import EmbeddingSimilarity, TokenF1Similarity

    if kind == "lexical":
        return TokenF1Similarity()
    if embedder is None:
        from ...audit.embeddings import load_embedder

        embedder = load_embedder(embedding_model, cache_dir=cache_dir)
    return EmbeddingSimilarity(embedder)
