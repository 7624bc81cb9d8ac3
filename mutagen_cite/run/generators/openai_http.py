"""A minimal client for OpenAI-compatible chat-completions endpoints (standard library only).

Shared by the ``openai`` generator and the ``llm`` judge. Why not the ``openai`` package: the
endpoint is one POST, and "OpenAI-compatible" servers (vLLM, llama.cpp, Ollama, LiteLLM...)
differ from the official client's expectations often enough that a small, explicit client
with our own retry rule is easier to reason about and to test against a local server.

Retries: connection errors, timeouts, HTTP 429 and 5xx are retried with exponential backoff
(``Retry-After`` honoured, capped); other 4xx and malformed responses are not, because
repeating the same request cannot fix them.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any, Callable

from ...errors import GeneratorError

DEFAULT_BASE_URL = "https://api.openai.com/v1"
_RETRY_STATUS = {408, 409, 425, 429, 500, 502, 503, 504}


class ChatError(RuntimeError):
    """One request failed for good (after retries); the message says why, for the results file."""


@dataclass
class ChatClient:
    """POSTs chat requests to ``{base_url}/chat/completions`` and returns the reply text."""

    model: str
    base_url: str | None = None
    api_key: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    timeout: float | None = 60.0  # seconds per attempt; None or 0 waits forever
    retries: int = 3
    backoff: float = 1.0
    max_backoff: float = 30.0
    params: dict[str, Any] = field(default_factory=dict)
    sleep: Callable[[float], None] = time.sleep

    def __post_init__(self) -> None:
        self.base_url = (self.base_url or os.environ.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")
        if not self.timeout:
            self.timeout = None
        if self.api_key is None:
            self.api_key = os.environ.get(self.api_key_env) or None
        if self.api_key is None and self.base_url == DEFAULT_BASE_URL:
            raise GeneratorError(
                f"no API key: environment variable {self.api_key_env} is not set",
                hint=f"export {self.api_key_env}=..., or point --base-url at an OpenAI-compatible server",
            )
        if not self.base_url.startswith(("http://", "https://")):
            raise GeneratorError(
                f"base URL {self.base_url!r} is not an http(s) URL",
                hint="use e.g. --base-url http://127.0.0.1:8000/v1",
            )

    @property
    def endpoint(self) -> str:
        return f"{self.base_url}/chat/completions"

    def complete(self, messages: list[dict[str, str]], **params: Any) -> str:
        """The assistant message text of the first choice; raises :class:`ChatError` on failure."""
        body = {"model": self.model, "messages": messages, **self.params, **params}
        data = json.dumps(body).encode("utf-8")
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        last = "no attempt made"
        for attempt in range(self.retries + 1):
            if attempt:
                self.sleep(min(self.max_backoff, self.backoff * (2 ** (attempt - 1))))
            request = urllib.request.Request(self.endpoint, data=data, headers=headers, method="POST")
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    raw = response.read()
            except urllib.error.HTTPError as exc:
                detail = exc.read()[:200].decode("utf-8", "replace") if exc.fp else ""
                last = f"HTTP {exc.code} from {self.endpoint}: {detail.strip()}"
                if exc.code not in _RETRY_STATUS:
                    raise ChatError(last) from None
                retry_after = exc.headers.get("Retry-After") if exc.headers else None
                if retry_after and retry_after.strip().isdigit() and attempt < self.retries:
                    self.sleep(min(self.max_backoff, float(retry_after)))
                continue
            except (socket.timeout, TimeoutError) as exc:
                last = f"timed out after {self.timeout:g}s" if self.timeout else f"timed out ({exc})"
                continue
            except urllib.error.URLError as exc:
                reason = exc.reason
                if isinstance(reason, (socket.timeout, TimeoutError)):
                    last = f"timed out after {self.timeout:g}s" if self.timeout else "timed out"
                else:
                    last = f"cannot reach {self.endpoint}: {reason}"
                continue
            except (ConnectionError, OSError, http.client.HTTPException) as exc:
                last = f"connection failed: {type(exc).__name__}: {exc}"
                continue
            return extract_message(raw)
        raise ChatError(f"{last} (gave up after {self.retries + 1} attempts)")


def extract_message(raw: bytes) -> str:
    """The first choice's message content, or :class:`ChatError` naming what was wrong."""
    try:
        payload = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        snippet = raw[:80].decode("utf-8", "replace")
        raise ChatError(f"malformed response (not JSON): {snippet!r}") from None
    try:
        content = payload["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        keys = sorted(payload) if isinstance(payload, dict) else type(payload).__name__
        raise ChatError(f"malformed response (no choices[0].message.content; got {keys})") from None
    if not isinstance(content, str):
        raise ChatError(f"malformed response (message content is {type(content).__name__}, not text)")
    return content
