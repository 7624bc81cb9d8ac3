"""An OpenAI-compatible chat model as a generator.

The prompt (``templates/prompt.v1.j2`` by default) shows every passage with its id at the
start of each paragraph and asks for an inline ``[id]`` after each sentence, or an exact
decline phrase when no passage states the answer. Requests run up to ``concurrency`` at a
time; the client retries transient failures with backoff (see :mod:`.openai_http`).
"""

from __future__ import annotations

from typing import Any

from ..answers import DEFAULT_DECLINE_TOKEN
from .base import GenerationFailed, Request
from .openai_http import ChatClient, ChatError
from .prompting import load_template, render

DEFAULT_PROMPT = "prompt.v1.j2"


class OpenAIGenerator:
    """Renders the prompt, calls the endpoint, returns the reply text for parsing."""

    def __init__(self, client: ChatClient, *, prompt: str = DEFAULT_PROMPT, concurrency: int = 4,
                 decline_token: str = DEFAULT_DECLINE_TOKEN, temperature: float | None = 0.0):
        self.client = client
        self.template, self.prompt_sha256 = load_template(prompt)
        self.prompt = prompt
        self.concurrency = max(1, concurrency)
        self.decline_token = decline_token
        self.temperature = temperature
        self.name = f"openai:{client.model}"

    def messages(self, request: Request) -> list[dict[str, str]]:
        content = render(self.template, question=request.question, context=list(request.context),
                         decline_token=self.decline_token)
        return [{"role": "user", "content": content}]

    def generate(self, request: Request) -> Any:
        params = {} if self.temperature is None else {"temperature": self.temperature}
        try:
            return self.client.complete(self.messages(request), **params)
        except ChatError as exc:
            raise GenerationFailed(str(exc)) from None

    def close(self) -> None:
        pass
