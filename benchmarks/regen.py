"""`build --update` vs a full rebuild after k of N documents changed.

Target (regeneration issue): updating after 1 of ~100 documents changed is at least 5x faster
than rebuilding, and the update's cost grows with the number of changed documents (1, 10, 50).

    PYTHONPATH=. .venv/bin/python benchmarks/regen.py [CORPUS] [--touch 1,10,50] [--edits insert,reword]
                                                      [--cases 60] [--cold]

Without CORPUS it uses the largest shared corpus (../shared/corpora/sourcegraph__handbook, about
100 documents), else the demo corpus. Everything happens on copies in a temporary folder:

1. the corpus is copied, its parse cache warmed and a baseline suite built (not timed);
2. for each kind of edit and each k, a fresh copy of the corpus is *touched*: k documents (those
   holding cases first, then the others in a fixed order) get a new paragraph under their first
   heading, so every case below it moves (``insert``: the cases are re-pointed, nothing is
   parsed); with ``reword`` the true sentence of one case in each document is also reworded, so
   the document is parsed and that case rematched and label-checked again (the costly edit);
3. the update and a full rebuild (analyse + build_suite, the same seed and size) then each run
   on their own copy of the same warm parse cache, so both re-parse exactly the k touched
   documents, with the same spaCy pipeline already loaded.

spaCy's load time is printed separately: a command-line run pays it once in both cases (the
update pays it only when some document must be parsed). ``--cold`` also times a rebuild with no
parse cache at all (what a CI job without a cache pays).
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from mutagen_cite import regen  # noqa: E402
from mutagen_cite.cases.build import build_suite  # noqa: E402
from mutagen_cite.cases.candidate import stable_rank  # noqa: E402
from mutagen_cite.analysis.pipeline import analyse  # noqa: E402
from mutagen_cite.cases.diff import diff_suites  # noqa: E402

PARAGRAPH = "This page was reviewed for accuracy by the documentation team this quarter."


def touch(path: Path, doc, case=None) -> None:
    """Reword ``case``'s true sentence (when given), then insert a paragraph under the first
    heading (or after front matter, else at the top)."""
    raw = path.read_text(encoding="utf-8")
    if case is not None:
        at = doc.source_offset(case.provenance["end"] - 1) if doc.source_map else None
        if at is not None and 0 < at < len(raw):
            raw = raw[:at] + " (reviewed)" + raw[at:]
    m = re.search(r"^#{1,6} .*$", raw, re.M)
    if m:
        at = m.end()
    else:
        fm = re.match(r"---\n.*?\n---\n", raw, re.S)
        at = fm.end() if fm else 0
    path.write_text(raw[:at] + f"\n\n{PARAGRAPH}\n\n" + raw[at:], encoding="utf-8")


def to_touch(suite, doc_ids: list[str], k: int, seed: int) -> list[str]:
    with_cases = sorted({c.provenance["doc"] for c in suite.cases}, key=lambda d: stable_rank(seed, "touch", d))
    others = sorted((d for d in doc_ids if d not in set(with_cases)), key=lambda d: stable_rank(seed, "touch", d))
    return (with_cases + others)[:k]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", nargs="?", type=Path)
    ap.add_argument("--touch", default="1,10,50", help="numbers of documents to change, comma-separated")
    ap.add_argument("--edits", default="insert,reword", help="kinds of edit to time: insert, reword")
    ap.add_argument("--cases", type=int, default=60)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--cold", action="store_true", help="also time a rebuild with no parse cache")
    args = ap.parse_args()
    corpus = args.corpus
    if corpus is None:
        shared = REPO.parent / "shared" / "corpora" / "sourcegraph__handbook"
        corpus = shared if shared.is_dir() else REPO / "corpora" / "demo"

    from mutagen_cite.analysis.annotate import load_spacy

    t0 = time.perf_counter()
    nlp = load_spacy(None)
    spacy_s = time.perf_counter() - t0

    with tempfile.TemporaryDirectory(prefix="mutagen-regen-bench-") as tmp:
        root = Path(tmp)
        base_corpus, base_cache = root / "base-corpus", root / "base-cache"
        shutil.copytree(corpus, base_corpus)
        analysis = analyse(base_corpus, nlp=nlp, cache_dir=base_cache)
        suite, _ = build_suite(analysis, n_cases=args.cases, seed=args.seed)
        doc_ids = [d.id for d in analysis.corpus.documents]
        n_docs = len(doc_ids)
        holding = len({c.provenance["doc"] for c in suite.cases})
        print(f"corpus {corpus.name}: {n_docs} documents, suite of {len(suite.cases)} cases "
              f"from {holding} documents; spaCy load {spacy_s:.1f} s (paid by both when parsing is needed)")
        print(f"\n{'edit':<7} {'changed':>7} {'parsed':>6} {'update s':>9} {'rebuild s':>10} {'speedup':>8} "
              f"{'+spaCy':>7}   kept/changed/new/retired")
        docs = {d.id: d for d in analysis.corpus.documents}
        for kind in [x.strip() for x in args.edits.split(",") if x.strip()]:
            for k in [int(x) for x in args.touch.split(",") if x.strip()]:
                k = min(k, n_docs)
                work = root / f"{kind}-{k}"
                shutil.copytree(base_corpus, work / "corpus")
                for doc_id in to_touch(suite, doc_ids, k, args.seed):
                    first = next((c for c in suite.cases if c.provenance["doc"] == doc_id), None)
                    touch(work / "corpus" / doc_id, docs[doc_id], first if kind == "reword" else None)
                shutil.copytree(base_cache, work / "cache-update")
                shutil.copytree(base_cache, work / "cache-rebuild")

                t0 = time.perf_counter()
                result = regen.update_suite(suite, work / "corpus", nlp=nlp, cache_dir=work / "cache-update")
                update_s = time.perf_counter() - t0

                t0 = time.perf_counter()
                rebuilt = analyse(work / "corpus", nlp=nlp, cache_dir=work / "cache-rebuild")
                build_suite(rebuilt, n_cases=args.cases, seed=args.seed)
                rebuild_s = time.perf_counter() - t0

                d = diff_suites(suite, result.suite)
                moved = "/".join(str(d.total(s)) for s in ("kept", "changed", "new", "retired"))
                load = spacy_s if result.parsed else 0.0
                print(f"{kind:<7} {k:>7} {result.parsed:>6} {update_s:>9.2f} {rebuild_s:>10.2f} "
                      f"{rebuild_s / update_s:>7.1f}x {(rebuild_s + spacy_s) / (update_s + load):>6.1f}x   {moved}")
                assert len(result.suite.cases) == len(suite.cases)
                assert Counter(c.family for c in result.suite.cases) == Counter(c.family for c in suite.cases)
        if args.cold:
            t0 = time.perf_counter()
            cold = analyse(base_corpus, nlp=nlp, cache_dir=None)
            build_suite(cold, n_cases=args.cases, seed=args.seed)
            print(f"\nfull rebuild with no parse cache: {time.perf_counter() - t0:.1f} s (+ spaCy load {spacy_s:.1f} s)")
    print("\nspeedup: rebuild time / update time in one process; +spaCy: the same with the pipeline load "
          "added to each side that parses (a command-line run)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
