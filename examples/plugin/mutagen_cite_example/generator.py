"""A generator: quotes the first sentence of the passage sharing most words with the question.

A generator factory is called as ``factory(arg, options)`` (``arg``: the text after the colon of
``-g quote:ARG``, None without one; ``options``: ``mutagen_cite.run.generators.GeneratorOptions``)
and returns an object with ``name``, ``concurrency``, ``generate(request)`` and ``close()``.
"""

from __future__ import annotations

import re

from mutagen_cite.errors import ConfigError
from mutagen_cite.run.generators import GeneratorOptions, Request


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", text.lower()))


class QuoteGenerator:
    name = "quote"
    concurrency = 1

    def generate(self, request: Request) -> dict:
        question = _words(request.question)
        best = max(request.context, key=lambda c: len(question & _words(c.text)))
        first = re.split(r"(?<=[.!?])\s+", best.text.strip(), maxsplit=1)[0]
        return {"claims": [{"text": first, "citations": [{"chunk_id": best.chunk_id, "quote": first}]}]}

    def close(self) -> None:
        pass


def quote_generator(arg: str | None, options: GeneratorOptions) -> QuoteGenerator:
    if arg is not None:
        raise ConfigError(f"the quote generator takes no argument (got quote:{arg})", hint="use -g quote")
    return QuoteGenerator()
