"""LLM judge: an OpenAI-compatible chat model labels each pair with a written rubric.

The rubric lives in ``templates/judge_rubric.v1.j2`` (versioned, hashed into the cache key).
The model must reply with ``{"label": ...}``; a reply that is not JSON but names exactly one
label is accepted, anything else fails the pair loudly rather than guessing. Pairs run
concurrently up to ``concurrency`` requests at a time.
"""

from __future__ import annotations

import json
import re
from concurrent.futures import ThreadPoolExecutor
from typing import Sequence

from ..run.generators.openai_http import ChatClient, ChatError
from ..run.generators.prompting import load_template, render
from .base import ScoreJudge

DEFAULT_RUBRIC = "judge_rubric.v1.j2"
LABEL_SCORES = {"entailment": 1.0, "neutral": 0.0, "contradiction": 0.0}
_LABEL_WORD = re.compile(r"\b(entailment|neutral|contradiction)\b", re.IGNORECASE)


def parse_label(reply: str) -> str:
    """The label in a judge reply; raises ChatError when there is none or more than one."""
    text = reply.strip()
    if text.startswith("```"):
        text = text.strip("`").removeprefix("json").strip()
    try:
        data = json.loads(text)
        label = str(data.get("label", "")).strip().lower() if isinstance(data, dict) else ""
        if label in LABEL_SCORES:
            return label
    except ValueError:
        pass
    found = {m.lower() for m in _LABEL_WORD.findall(reply)}
    if len(found) == 1:
        return found.pop()
    raise ChatError(f"judge reply has no single label: {reply[:120]!r}")


class LLMJudge(ScoreJudge):
    """Scores 1.0 for an entailment label, 0.0 for neutral or contradiction."""

    def __init__(self, client: ChatClient, *, rubric: str = DEFAULT_RUBRIC, concurrency: int = 4,
                 threshold: float = 0.5):
        self.client = client
        self.template, template_sha = load_template(rubric)
        self.name = f"llm:{client.model}"
        self.threshold = threshold
        self.concurrency = max(1, concurrency)
        self.fingerprint = f"llm.v1:{client.model}:{client.base_url}:{template_sha}"
        self.last_labels: dict[tuple[str, str], str] = {}

    def _one(self, pair: tuple[str, str]) -> float:
        premise, hypothesis = pair
        prompt = render(self.template, premise=premise, hypothesis=hypothesis)
        reply = self.client.complete([{"role": "user", "content": prompt}], temperature=0)
        label = parse_label(reply)
        self.last_labels[pair] = label
        return LABEL_SCORES[label]

    def score(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        unique = list(dict.fromkeys((str(p), str(h)) for p, h in pairs))
        if not unique:
            return []
        with ThreadPoolExecutor(max_workers=min(self.concurrency, len(unique))) as pool:
            scores = dict(zip(unique, pool.map(self._one, unique)))
        return [scores[(str(p), str(h))] for p, h in pairs]

    def reason(self, premise: str, hypothesis: str, score: float) -> str:
        label = self.last_labels.get((premise, hypothesis))
        return f"label {label}" if label else f"score {score:.2f} (cached)"
