"""How the cost of `mine` and of a 60-case `build` grows with the corpus (issue 16).

    .venv/bin/python benchmarks/scale.py [CORPUS_DIR] [--sizes 100,200,400,0] [--jobs 1] [--cases 60]
        [--backend local|ray] [--keep DIR]

CORPUS_DIR defaults to ``../shared/scale/sourcegraph_handbook_full`` (888 documents). Each size
N is a nested subset: the N documents whose path hashes lowest (size 0 = the whole corpus),
copied to a temporary folder. For each subset, `mine` and `build --cases 60` run as separate
CLI processes with an empty parse cache, under ``/usr/bin/time -v`` (or ``resource`` when it is
absent): wall time, CPU time (user + system, children included) and peak resident memory.

Targets: mine CPU time per document within 20% across sizes; 60-case build on the whole corpus
at most 1.5x its time on 100 documents; peak memory of both within 1.5x between 100 and all.
On a shared machine wall time follows the load; CPU time is the stable number to compare.
With ``--backend ray`` the work runs in Ray worker processes: CPU time and peak memory are those
of the CLI process and the children it reaped (Ray's raylet and its workers, stopped at the end),
so compare Ray with the default backend on wall time on an idle machine, and on output: with
``--keep`` the mine output (``mine-N.json``) and the suite (``suite-N.yaml``) of each size are
kept, to compare byte for byte between backends. Each row is printed as soon as it is measured.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT = REPO.parent / "shared" / "scale" / "sourcegraph_handbook_full"
CLI = [sys.executable, "-m", "mutagen_cite.cli"]
sys.path.insert(0, str(REPO))


def subset(root: Path, n: int, dest: Path) -> int:
    """Copy the ``n`` corpus files (0 = all) whose relative path hashes lowest into ``dest``."""
    from mutagen_cite.corpus import load_corpus

    ids = sorted((d.id for d in load_corpus(root, on_warning=lambda w: None).documents),
                 key=lambda i: hashlib.sha256(i.encode()).hexdigest())
    chosen = ids if n <= 0 else ids[:n]
    for doc_id in chosen:
        target = dest / doc_id
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / doc_id, target)
    return len(chosen)


def measure(args: list[str], log: Path) -> dict:
    """Run one CLI command; wall seconds, CPU seconds and peak RSS (MiB) of the process tree."""
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "PYTHONPATH": str(REPO)}
    timer = shutil.which("time") or ("/usr/bin/time" if Path("/usr/bin/time").exists() else None)
    start = time.perf_counter()
    if timer:
        proc = subprocess.run([timer, "-v", *CLI, *args], env=env, capture_output=True, text=True)
        wall = time.perf_counter() - start
        log.write_text(proc.stdout + proc.stderr)
        if proc.returncode:
            raise SystemExit(f"failed ({proc.returncode}): {' '.join(args)}\n{proc.stderr[-2000:]}")
        grab = lambda key: float(re.search(rf"{key}: ([\d.]+)", proc.stderr).group(1))  # noqa: E731
        cpu = grab("User time \\(seconds\\)") + grab("System time \\(seconds\\)")
        rss = grab("Maximum resident set size \\(kbytes\\)") / 1024
    else:  # pragma: no cover - /usr/bin/time is on every CI image we use
        code = ("import resource,subprocess,sys;r=subprocess.run(sys.argv[1:]).returncode;"
                "u=resource.getrusage(resource.RUSAGE_CHILDREN);"
                "print(f'@@ {u.ru_utime+u.ru_stime} {u.ru_maxrss}',file=sys.stderr);sys.exit(r)")
        proc = subprocess.run([sys.executable, "-c", code, *CLI, *args], env=env, capture_output=True, text=True)
        wall = time.perf_counter() - start
        log.write_text(proc.stdout + proc.stderr)
        if proc.returncode:
            raise SystemExit(f"failed ({proc.returncode}): {' '.join(args)}\n{proc.stderr[-2000:]}")
        cpu_s, rss_k = re.search(r"@@ ([\d.]+) (\d+)", proc.stderr).groups()
        cpu, rss = float(cpu_s), int(rss_k) / 1024
    out = proc.stdout
    m = re.search(r"analysed (\d+) of (\d+) documents", out)
    return {"wall": wall, "cpu": cpu, "rss": rss, "parsed": int(m.group(1)) if m else None, "stdout": out}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", nargs="?", type=Path, default=DEFAULT)
    ap.add_argument("--sizes", default="100,200,400,0", help="documents per subset; 0 = the whole corpus")
    ap.add_argument("--jobs", default="1", help="--jobs passed to mine and build")
    ap.add_argument("--cases", default="60")
    ap.add_argument("--keep", type=Path, default=None, help="keep logs and suites in this folder")
    ap.add_argument("--only", choices=["mine", "build"], default=None, help="measure one command only")
    ap.add_argument("--backend", choices=["local", "ray"], default="local", help="--backend of mine and build")
    args = ap.parse_args()
    if not args.corpus.is_dir():
        print(f"{args.corpus} is absent (it lives in ../shared/scale)", file=sys.stderr)
        return 2
    work = Path(tempfile.mkdtemp(prefix="mc-scale-"))
    keep = args.keep or work
    keep.mkdir(parents=True, exist_ok=True)
    rows = []
    try:
        for n in [int(x) for x in args.sizes.split(",")]:
            corpus = work / f"corpus-{n}"
            docs = subset(args.corpus, n, corpus)
            skip = {"wall": float("nan"), "cpu": float("nan"), "rss": float("nan"), "parsed": None}
            common = ["-q", "--jobs", args.jobs, "--backend", args.backend]
            mine = skip if args.only == "build" else measure(["mine", str(corpus), *common, "--top", "0",
                            "-o", str(keep / f"mine-{docs}.json"), "--cache-dir", str(work / f"cache-mine-{n}")],
                            keep / f"mine-{docs}.log")
            build = skip if args.only == "mine" else measure(["build", str(corpus), *common, "--cases", args.cases,
                             "-o", str(keep / f"suite-{docs}.yaml"), "--cache-dir", str(work / f"cache-build-{n}")],
                            keep / f"build-{docs}.log")
            rows.append((docs, mine, build))
            print(f"done {docs} documents ({args.backend}): mine {mine['wall']:.0f} s wall {mine['cpu']:.0f} s cpu "
                  f"{mine['rss']:.0f} MiB; build {build['wall']:.0f} s wall {build['cpu']:.0f} s cpu "
                  f"{build['rss']:.0f} MiB, parsed {build['parsed']}; load {os.getloadavg()[0]:.1f}",
                  file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(work / "cache-mine-0", ignore_errors=True)
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
        else:
            for p in work.glob("c*-*"):
                shutil.rmtree(p, ignore_errors=True)
    base_docs, base_mine, base_build = rows[0]
    print(f"{'docs':>5} | {'mine wall':>9} {'cpu':>7} {'cpu/doc':>8} {'x':>5} {'peak MiB':>8} {'x':>5} | "
          f"{'build wall':>10} {'cpu':>7} {'x':>5} {'parsed':>6} {'peak MiB':>8} {'x':>5}")
    for docs, mine, build in rows:
        per, base_per = mine["cpu"] / docs, base_mine["cpu"] / base_docs
        print(f"{docs:>5} | {mine['wall']:>8.0f}s {mine['cpu']:>6.0f}s {per:>7.3f}s {per / base_per:>5.2f} "
              f"{mine['rss']:>8.0f} {mine['rss'] / base_mine['rss']:>5.2f} | "
              f"{build['wall']:>9.0f}s {build['cpu']:>6.0f}s {build['cpu'] / base_build['cpu']:>5.2f} "
              f"{build['parsed'] if build['parsed'] is not None else docs:>6} {build['rss']:>8.0f} "
              f"{build['rss'] / base_build['rss']:>5.2f}")
    print("x = ratio to the smallest size. targets: mine cpu/doc x within 0.8-1.2; build cpu x <= 1.5; "
          "peak memory x <= 1.5 (mine and build)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
