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

Only the adapter asked for is imported; heavy models (the embedder) are built here once.
"""

from __future__ import annotations

from typing import Any

from ...errors import ConfigError, GeneratorError
from .base import GenerationFailed, GenerationTimeout, Generator, Request

__all__ = [
    "Generator", "Request", "GenerationFailed", "GenerationTimeout", "make_generator", "GENERATOR_FORMS",
]

GENERATOR_FORMS = (
    "oracle", "reader", "similarity", "lexical", "extractive", "extractive-lexical", "first-chunk", "abstain",
    'command:"CMD"', "python:MODULE:FUNCTION", "openai:MODEL",
)


def make_generator(
    spec: str,
    *,
    timeout: float = 60.0,
    embedder: Any = None,
    similarity: Any = None,
    embedding_model: str | None = None,
    cache_dir: str | None = None,
    base_url: str | None = None,
    api_key_env: str = "OPENAI_API_KEY",
    retries: int = 3,
    backoff: float = 1.0,
    concurrency: int = 4,
    prompt: str | None = None,
    decline_token: str | None = None,
    annotator: Any = None,
) -> Generator:
    """Build the generator named by ``spec`` (see the module docstring)."""
    spec = spec.strip()
    kind, sep, arg = spec.partition(":")
    kind = kind.strip().lower()

    if kind == "oracle" and not sep:
        from .builtin import OracleGenerator

        return OracleGenerator()
    if kind == "reader" and not sep:
        from ...analysis.annotate import Annotator, load_spacy
        from .builtin import ReaderGenerator

        return ReaderGenerator(annotator or Annotator(load_spacy()))
    if kind == "abstain" and not sep:
        from .builtin import AbstainGenerator

        return AbstainGenerator()
    if kind in ("first-chunk", "first_chunk") and not sep:
        from .builtin import FirstChunkGenerator

        return FirstChunkGenerator()
    if kind in ("similarity", "lexical", "extractive", "extractive-lexical") and not sep:
        from .builtin import SimilarityBaseline

        lexical = kind in ("lexical", "extractive-lexical")
        if similarity is None:
            similarity = _baseline_similarity("lexical" if lexical else "similarity", embedder, embedding_model,
                                              cache_dir)
        return SimilarityBaseline(similarity, name=kind, mode="question" if kind.startswith("extractive") else "claim")
    if kind == "command":
        if not arg.strip():
            raise GeneratorError("command: needs a command line", hint='e.g. --generator command:"python rag.py"')
        from .command import CommandGenerator

        return CommandGenerator(_unquote(arg), timeout=timeout)
    if kind == "python":
        from .python_fn import PythonGenerator

        return PythonGenerator(arg.strip(), timeout=timeout)
    if kind == "openai":
        if not arg.strip():
            raise GeneratorError("openai: needs a model name", hint="e.g. --generator openai:gpt-4o-mini")
        from ..answers import DEFAULT_DECLINE_TOKEN
        from .openai import DEFAULT_PROMPT, OpenAIGenerator
        from .openai_http import ChatClient

        client = ChatClient(arg.strip(), base_url=base_url, api_key_env=api_key_env, timeout=timeout,
                            retries=retries, backoff=backoff)
        return OpenAIGenerator(client, prompt=prompt or DEFAULT_PROMPT, concurrency=concurrency,
                               decline_token=decline_token or DEFAULT_DECLINE_TOKEN)
    raise ConfigError(f"unknown generator {spec!r}", hint="one of: " + ", ".join(GENERATOR_FORMS))


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
