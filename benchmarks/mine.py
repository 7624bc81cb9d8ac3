"""Mining throughput on the shared corpora: cold, warm (parse cache), and vs bare spaCy.

    .venv/bin/python benchmarks/mine.py [CORPUS_DIR ...] [--n-process 2]

Prints documents/s and tokens/s for a cold run (empty cache) and a warm rerun, and the
ratio of our end-to-end throughput (load + split + tag + mine) to a bare ``nlp.pipe`` over
the same sentence texts with the same pipeline. Targets: overhead under 25% (ratio >= 0.8),
warm rerun at least 20x faster than cold. All numbers come from one run on one machine.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from mutagen_cite.analysis.annotate import Annotator, learn_tiers, load_spacy  # noqa: E402
from mutagen_cite.corpus import load_corpus, sentence_spans  # noqa: E402
from mutagen_cite.analysis.pipeline import analyse  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpora", nargs="*", type=Path)
    ap.add_argument("--n-process", type=int, default=None, help="spaCy processes [default: auto, as the CLI]")
    args = ap.parse_args()
    corpora = args.corpora or sorted(p for p in (REPO.parent / "shared" / "corpora").glob("*") if p.is_dir())
    if not corpora:
        print("no corpora given and ../shared/corpora is absent", file=sys.stderr)
        return 2
    nlp = load_spacy()
    print(f"pipeline: {nlp.meta['name']} {nlp.meta['version']}, n_process={args.n_process or 'auto'}")
    print(f"{'corpus':<24} {'procs':>5} {'docs':>5} {'tokens':>8} {'bare tok/s':>11} {'cold tok/s':>11} {'ratio':>6} "
          f"{'cold doc/s':>10} {'warm doc/s':>10} {'warm x':>7}")
    for root in corpora:
        corpus = load_corpus(root)
        texts = [d.text[a:b] for d in corpus.documents for a, b in sentence_spans(d)]
        tiers = learn_tiers(d.text for d in corpus.documents)
        # bare spaCy over exactly the sentences we feed it
        t = time.perf_counter()
        procs = Annotator(nlp, n_process=args.n_process)._processes(len(texts))  # the CLI's choice
        tokens = sum(len(doc) for doc in nlp.pipe(texts, batch_size=256, n_process=procs))
        bare = time.perf_counter() - t
        cache = Path(tempfile.mkdtemp(prefix="mc-bench-"))
        try:
            t = time.perf_counter()
            cold_a = analyse(root, nlp=nlp, tiers=tiers, cache_dir=cache, n_process=procs)
            cold = time.perf_counter() - t
            t = time.perf_counter()
            warm_a = analyse(root, nlp=nlp, tiers=tiers, cache_dir=cache, n_process=procs)
            warm = time.perf_counter() - t
        finally:
            shutil.rmtree(cache, ignore_errors=True)
        assert warm_a.parse_stats.parsed == 0 and cold_a.parse_stats.parsed == len(corpus.documents)
        n = len(corpus.documents)
        print(f"{root.name:<24} {procs:>5} {n:>5} {tokens:>8} {tokens / bare:>11.0f} {tokens / cold:>11.0f} "
              f"{bare / cold:>6.2f} {n / cold:>10.1f} {n / warm:>10.1f} {cold / warm:>7.1f}")
    print("ratio = bare time / our cold time (1.00 = no overhead; target >= 0.80); warm x = cold / warm (target >= 20)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
