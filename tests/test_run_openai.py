"""The openai: generator and llm: judge against a small OpenAI-compatible server on 127.0.0.1.

The server answers from fixed rules keyed on the question: a good answer, a hang (client
timeout), a malformed body, a 503 that succeeds on retry, a decline. Nothing leaves the machine.
"""

from __future__ import annotations

import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from mutagen_cite.errors import GeneratorError
from mutagen_cite.run.generators import make_generator
from mutagen_cite.run.generators.openai_http import ChatClient, ChatError
from mutagen_cite.judges import make_judge
from mutagen_cite.judges.lexical import LexicalJudge
from mutagen_cite.run.runner import run_suite
from mutagen_cite.run.scoring import summarise
from mutagen_cite.cases.suite_format import load_suite

SUITE = Path(__file__).parent / "fixtures" / "run" / "mini_suite.yaml"


class FakeOpenAI(BaseHTTPRequestHandler):
    requests: list[dict] = []
    attempts: dict[str, int] = {}
    lock = threading.Lock()

    def log_message(self, *args):  # keep pytest output clean
        pass

    def _send(self, status: int, body: bytes, content_type: str = "application/json"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):  # the client gave up (the timeout case)
            pass

    def _reply(self, content: str):
        body = {"id": "x", "object": "chat.completion",
                "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}]}
        self._send(200, json.dumps(body).encode())

    def do_POST(self):
        length = int(self.headers.get("Content-Length", 0))
        body = json.loads(self.rfile.read(length))
        prompt = body["messages"][-1]["content"]
        with self.lock:
            self.requests.append({"path": self.path, "auth": self.headers.get("Authorization"), "body": body})
        if self.path != "/v1/chat/completions":
            return self._send(404, b'{"error": "no such route"}')
        if prompt.startswith("You check whether a passage supports a claim"):
            return self._judge(prompt)
        question = re.search(r"Question: (.*)", prompt).group(1)
        with self.lock:  # attempts per prompt: concurrent cases must not share a counter
            self.attempts[prompt] = self.attempts.get(prompt, 0) + 1
            attempt = self.attempts[prompt]
        if "nightly backups" in question:
            return self._reply("Nightly backups for workspaces in ap-south-2 are kept for 21 days. [p-1102]")
        if "editor seats" in question:
            time.sleep(2.5)  # longer than the client's timeout (1s), with room for a loaded machine
            return self._reply("too late")
        if "audit trail" in question:
            return self._send(200, b'{"choices": []}')
        if "API keys" in question and attempt == 1:
            return self._send(503, b'{"error": "overloaded"}')
        if "API keys" in question:
            return self._reply("From 1 April 2025, API keys must be rotated every 90 days. [p-4102]")
        return self._reply("NOT IN CONTEXT")

    def _judge(self, prompt: str):
        passage = prompt.split('"""')[1]
        claim = prompt.split('"""')[3]
        numbers = set(re.findall(r"\d+", claim))
        label = "entailment" if numbers and numbers <= set(re.findall(r"\d+", passage)) else "neutral"
        if "ca-central-1" in passage and "ap-south-2" in claim:
            label = "contradiction"
        self._reply(json.dumps({"label": label, "reason": "fixed rule"}))


@pytest.fixture
def server():
    FakeOpenAI.requests = []
    FakeOpenAI.attempts = {}
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), FakeOpenAI)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    httpd.shutdown()
    httpd.server_close()


def test_openai_generator_end_to_end(server, monkeypatch, tmp_path):
    monkeypatch.setenv("MC_TEST_KEY", "sk-local-test")
    suite = load_suite(SUITE)
    gen = make_generator("openai:tiny-model", base_url=server, api_key_env="MC_TEST_KEY", timeout=1.0,
                         retries=1, backoff=0.01, concurrency=3)
    result = run_suite(suite, gen, LexicalJudge(), results_path=tmp_path / "r.jsonl", progress=False)
    by_id = {r["case_id"]: r for r in result.records}

    assert by_id["backups-scope-both-present"]["verdict"]["passed"] is True
    # the same answer in the true-absent case cites an id that is not in its context
    assert any("p-1102 is stale" in x for x in by_id["backups-scope-true-absent"]["verdict"]["reasons"])
    for cid in ("seats-quantity-both-present", "seats-quantity-true-absent"):
        assert "timed out" in by_id[cid]["error"] and "after 2 attempts" in by_id[cid]["error"]
    for cid in ("export-polarity-both-present", "export-polarity-true-absent"):
        assert "malformed response" in by_id[cid]["error"]
    assert by_id["keys-date-both-present"]["verdict"]["passed"] is True  # 503, then a retry that works
    assert by_id["refunds-modality-true-absent"]["answer"]["declined"] is True
    assert by_id["refunds-modality-true-absent"]["verdict"]["passed"] is True
    assert summarise(result.records)["overall"]["errored"] == 4

    calls = FakeOpenAI.requests
    assert all(c["auth"] == "Bearer sk-local-test" for c in calls)
    assert all(c["body"]["model"] == "tiny-model" and c["body"]["temperature"] == 0 for c in calls)
    prompts = [c["body"]["messages"][0]["content"] for c in calls]
    both = [p for p in prompts if "[p-1102]" in p]  # the scope both-present case, whenever it ran
    assert len(both) == 1
    assert "[p-1101] Nightly backups for workspaces in ca-central-1" in both[0]  # ids shown inline
    assert "NOT IN CONTEXT" in both[0]
    key_prompts = [n for p, n in FakeOpenAI.attempts.items() if "API keys" in p]
    assert key_prompts == [2, 2]  # two cases, each a 503 and then a retry
    assert result.header["prompt_sha256"] == gen.prompt_sha256


def test_client_errors_are_not_retried_and_key_is_required(server, monkeypatch):
    client = ChatClient("m", base_url=server.replace("/v1", "/nope"), retries=3, backoff=0.01)
    with pytest.raises(ChatError, match="HTTP 404"):
        client.complete([{"role": "user", "content": "Question: x"}])
    assert len(FakeOpenAI.requests) == 1
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    with pytest.raises(GeneratorError, match="OPENAI_API_KEY"):
        make_generator("openai:gpt-4o-mini")


def test_llm_judge_and_ensemble_review_queue(server, tmp_path):
    llm = make_judge("llm:judge-model", base_url=server, cache_dir=tmp_path / "cache", timeout=5)
    pairs = [
        ("Nightly backups in ap-south-2 are kept for 21 days.", "Backups in ap-south-2 last 21 days."),
        ("Nightly backups in ca-central-1 are kept for 60 days.", "Nightly backups in ap-south-2 are kept for 60 days."),
    ]
    assert llm.score(pairs) == [1.0, 0.0]
    before = len(FakeOpenAI.requests)
    assert make_judge("llm:judge-model", base_url=server, cache_dir=tmp_path / "cache").score(pairs) == [1.0, 0.0]
    assert len(FakeOpenAI.requests) == before  # the second judge read the verdict cache

    queue = tmp_path / "review.jsonl"
    ensemble = make_judge("ensemble:lexical+llm:judge-model", base_url=server, cache_dir=tmp_path / "cache",
                          review_queue=queue)
    verdicts = ensemble.verdicts(pairs)
    assert ensemble.name == "ensemble(lexical+llm:judge-model)"
    assert all(v.judge == ensemble.name for v in verdicts)
    rows = [json.loads(line) for line in queue.read_text().splitlines()]
    # lexical finds most claim words in the wrong-region passage; the LLM judge says neutral
    assert [r["hypothesis"] for r in rows] == [pairs[1][1]]
    assert rows[0]["verdicts"] == {"lexical": True, "llm:judge-model": False}
    assert "disagree" in verdicts[1].reason
