"""What `--min-hardness embedding` costs over a default 60-case build (issue 11: ratio <= 3).

    .venv/bin/python benchmarks/build.py [CORPUS_DIR] [--cases 60] [--hardness embedding] [--keep DIR]

CORPUS_DIR defaults to the largest corpus in ``../shared/corpora`` (by bytes of text). Both builds
run as separate CLI processes, each with an empty parse cache of its own, under the same timer as
``benchmarks/scale.py`` (one definition: :func:`scale.measure`): wall time, CPU time (user +
system, children included) and peak resident memory. The ratio of the hard build to the default
one is printed for wall and CPU time; on a shared machine the CPU ratio is the stable number.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scale import REPO, measure  # noqa: E402  (the benchmarks folder is not a package)

SHARED = REPO.parent / "shared" / "corpora"


def largest_corpus() -> Path | None:
    """The shared corpus with the most bytes of files, or None when ../shared is absent."""
    if not SHARED.is_dir():
        return None
    dirs = [d for d in SHARED.iterdir() if d.is_dir()]
    size = lambda d: sum(p.stat().st_size for p in d.rglob("*") if p.is_file())  # noqa: E731
    return max(dirs, key=lambda d: (size(d), d.name), default=None)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus", nargs="?", type=Path, default=None)
    ap.add_argument("--cases", default="60")
    ap.add_argument("--hardness", default="embedding", help="the --min-hardness functions of the hard build")
    ap.add_argument("--keep", type=Path, default=None, help="keep logs and suites in this folder")
    args = ap.parse_args()
    corpus = args.corpus or largest_corpus()
    if corpus is None or not corpus.is_dir():
        print(f"{corpus or SHARED} is absent (give a corpus folder, or run beside ../shared)", file=sys.stderr)
        return 2
    work = Path(tempfile.mkdtemp(prefix="mc-build-bench-"))
    keep = args.keep or work
    keep.mkdir(parents=True, exist_ok=True)
    rows = {}
    try:
        for name, extra in (("default", []), ("hard", ["--min-hardness", args.hardness])):
            rows[name] = measure(["build", str(corpus), "-q", "--cases", args.cases, *extra,
                                  "-o", str(keep / f"suite-{name}.yaml"), "--cache-dir", str(work / f"cache-{name}")],
                                 keep / f"build-{name}.log")
            print(f"done {name}: {rows[name]['wall']:.0f} s wall, {rows[name]['cpu']:.0f} s cpu", file=sys.stderr, flush=True)
    finally:
        for p in work.glob("cache-*"):
            shutil.rmtree(p, ignore_errors=True)
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    d, h = rows["default"], rows["hard"]
    print(f"corpus: {corpus}")
    print(f"{'build':<28} {'wall':>8} {'cpu':>8} {'peak MiB':>9}")
    print(f"{'default':<28} {d['wall']:>7.0f}s {d['cpu']:>7.0f}s {d['rss']:>9.0f}")
    print(f"{'--min-hardness ' + args.hardness:<28} {h['wall']:>7.0f}s {h['cpu']:>7.0f}s {h['rss']:>9.0f}")
    print(f"ratio hard/default: wall {h['wall'] / d['wall']:.2f}x, cpu {h['cpu'] / d['cpu']:.2f}x (target <= 3)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
