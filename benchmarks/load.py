"""Corpus loading speed: load + sentence spans + chunks for each corpus, and the total.

Target (foundation issue): loading all three shared corpora takes well under a few seconds.

    PYTHONPATH=. .venv/bin/python benchmarks/load.py [FOLDER ...] [--repeat 3]

Without folders it measures the three corpora in ../shared/corpora (or the demo corpus when
they are absent). Each corpus is timed in a fresh subprocess-free way: the sentence and chunk
caches are cleared before every repeat, and the best repeat is reported.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from mutagen_cite.corpus import chunk_document, load_corpus, sentence_spans  # noqa: E402
from mutagen_cite.corpus import chunking, sentences  # noqa: E402


def measure(folder: Path) -> dict:
    sentences._cached_spans.cache_clear()
    chunking._cached_chunks.cache_clear()
    t0 = time.perf_counter()
    corpus = load_corpus(folder)
    t1 = time.perf_counter()
    n_sent = sum(len(sentence_spans(d)) for d in corpus)
    t2 = time.perf_counter()
    n_chunks = sum(len(chunk_document(d)) for d in corpus)
    t3 = time.perf_counter()
    raw = sum((folder / d.id).stat().st_size for d in corpus)
    return {
        "docs": len(corpus),
        "warnings": len(corpus.warnings),
        "mb": raw / 1e6,
        "sentences": n_sent,
        "chunks": n_chunks,
        "load_s": t1 - t0,
        "split_s": t2 - t1,
        "chunk_s": t3 - t2,
        "total_s": t3 - t0,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="*", type=Path)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    folders = args.folders
    if not folders:
        shared = REPO.parent / "shared" / "corpora"
        folders = sorted(p for p in shared.iterdir() if p.is_dir()) if shared.is_dir() else [REPO / "corpora" / "demo"]
    print(f"{'corpus':28} {'docs':>5} {'MB':>6} {'sentences':>9} {'chunks':>7} "
          f"{'load s':>7} {'split s':>7} {'chunk s':>7} {'total s':>7} {'MB/s':>6}")
    grand = 0.0
    for folder in folders:
        best = min((measure(folder) for _ in range(max(1, args.repeat))), key=lambda r: r["total_s"])
        grand += best["total_s"]
        print(f"{folder.name[:28]:28} {best['docs']:5d} {best['mb']:6.2f} {best['sentences']:9d} "
              f"{best['chunks']:7d} {best['load_s']:7.3f} {best['split_s']:7.3f} {best['chunk_s']:7.3f} "
              f"{best['total_s']:7.3f} {best['mb'] / best['total_s']:6.2f}")
    print(f"all corpora: {grand:.3f} s (load + sentences + chunks, best of {args.repeat})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
