"""Embedding throughput of the audit vs a bare SentenceTransformer.encode, and a cached rerun.

Targets (hardness-audit issue): the audit's embedding pass reaches at least 0.8x the
throughput of a bare ``SentenceTransformer.encode`` over the same texts, and a rerun served
from the disk cache is at least 10x faster than the cold audit.

    HF_HUB_OFFLINE=1 PYTHONPATH=. .venv/bin/python benchmarks/audit.py [--suite suite.yaml] [--cases 300]

Without --suite, cases are synthesised from the demo corpus's sentences (the same code path:
audit_suite with the embedding similarity). Each timing is the best of --repeat runs; the cold
audit starts from an empty cache every time.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from mutagen_cite.audit.ranks import _all_texts, audit_suite, resolve_pairs  # noqa: E402
from mutagen_cite.audit.embeddings import EmbeddingCache, Embedder, load_embedder  # noqa: E402
from mutagen_cite.model import Case, ContextChunk, Expect  # noqa: E402
from mutagen_cite.audit.similarity import EmbeddingSimilarity  # noqa: E402


def demo_cases(n: int) -> list[Case]:
    """Pairs of neighbouring demo-corpus sentences as (true, distractor); the claim is the first."""
    sentences: list[str] = []
    for path in sorted((REPO / "corpora" / "demo").rglob("*")):
        if path.is_file():
            text = re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8", errors="replace"))
            for s in re.split(r"(?<=[.!?])\s+|\n{2,}", text):
                s = " ".join(s.split())
                if 30 <= len(s) <= 400 and s not in sentences:
                    sentences.append(s)
    cases = []
    for i in range(min(n, len(sentences) - 1)):
        t, d = sentences[i], sentences[i + 1]
        cases.append(
            Case(
                id=f"bench-{i}-both-present", family="scope", variant="both-present",
                question="What does this say about " + " ".join(t.split()[:6]) + "?", claim=t, answer="",
                context=(ContextChunk("p-1", t), ContextChunk("p-2", d)),
                expect=Expect(cited_chunks_include=("p-1",), cited_chunks_exclude=("p-2",)),
            )
        )
    return cases


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--suite", type=Path, help="a suite file to take the texts from")
    ap.add_argument("--cases", type=int, default=300, help="synthetic cases when no --suite (default 300)")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--model", default=None)
    args = ap.parse_args()

    if args.suite:
        from mutagen_cite.cases.suite_format import load_suite

        cases = list(load_suite(args.suite).cases)
    else:
        cases = demo_cases(args.cases)
    texts = _all_texts(cases, resolve_pairs(cases))
    base = load_embedder(args.model, use_cache=False, batch_size=args.batch_size)
    model = base.model
    print(f"{len(cases)} cases, {len(texts)} distinct texts, model {base.name}")
    model.encode(texts[:64], batch_size=args.batch_size)  # warm-up: first-call allocations

    bare = best(lambda: model.encode(texts, batch_size=args.batch_size, normalize_embeddings=True,
                                     convert_to_numpy=True), args.repeat)

    tmp = Path(tempfile.mkdtemp(prefix="mutagen-bench-"))

    def embedder() -> Embedder:
        return Embedder(model, name=base.name, weights_sha256=base.weights_sha256,
                        cache=EmbeddingCache(tmp / "emb"), batch_size=args.batch_size)

    def cold() -> None:
        shutil.rmtree(tmp / "emb", ignore_errors=True)
        e = embedder()
        audit_suite(cases, similarities=[EmbeddingSimilarity(e)])
        e.close()

    def warm() -> None:
        e = embedder()
        audit_suite(cases, similarities=[EmbeddingSimilarity(e)])
        assert e.encoded_count == 0, "the cached rerun reached the model"
        e.close()

    try:
        cold_t = best(cold, args.repeat)
        warm_t = best(warm, max(args.repeat, 3))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    n = len(texts)
    ratio = bare / cold_t
    speedup = cold_t / warm_t
    print(f"bare SentenceTransformer.encode : {bare:7.2f} s  {n / bare:7.1f} texts/s")
    print(f"audit, cold cache               : {cold_t:7.2f} s  {n / cold_t:7.1f} texts/s  "
          f"({ratio:.2f}x bare; target >= 0.8x) {'OK' if ratio >= 0.8 else 'BELOW TARGET'}")
    print(f"audit, cached rerun             : {warm_t:7.3f} s  "
          f"({speedup:.0f}x faster than cold; target >= 10x) {'OK' if speedup >= 10 else 'BELOW TARGET'}")


if __name__ == "__main__":
    main()
