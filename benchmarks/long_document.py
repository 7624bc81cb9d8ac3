"""One long document: parse time with --jobs 1 and --jobs 2, and progress inside it.

    .venv/bin/python benchmarks/long_document.py [--kb 500]

Writes a generated Markdown document of about ``--kb`` kilobytes (fictional text: headings,
sentences and a small table per section) to a temporary folder and times ``analyse`` on it
with one and two spaCy processes (no cache). Target (issue 14 item 21): ``--jobs 2`` is not
slower than ``--jobs 1``; the sentence progress bar advances inside the single document.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from mutagen_cite.analysis.annotate import load_spacy  # noqa: E402
from mutagen_cite.analysis.pipeline import analyse  # noqa: E402


def document(kb: int) -> str:
    parts, i = [], 0
    while sum(map(len, parts)) < kb * 1000:
        parts.append(
            f"## Section {i}\n\nThe Pro plan keeps request logs for {i % 60 + 1} days in eu-central-1. "
            f"Admins must rotate keys every {i % 12 + 1} months.\n\n"
            f"| Plan | Price |\n|---|---|\n| Pro | ${i} |\n| Team | ${i + 5} |\n"
        )
        i += 1
    return "\n".join(parts)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kb", type=int, default=500)
    args = ap.parse_args()
    nlp = load_spacy()
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "long.md").write_text(document(args.kb))
        ticks: list[int] = []

        def bars(label, total, unit="doc"):
            return ticks.append

        for jobs in (1, 2):
            ticks.clear()
            start = time.perf_counter()
            a = analyse(tmp, nlp=nlp, cache_dir=None, n_process=jobs, progress=bars)
            took = time.perf_counter() - start
            print(f"--jobs {jobs}: {took:6.1f} s for {a.sentence_count()} sentences "
                  f"({a.sentence_count() / took:.0f}/s), {len(ticks)} progress updates inside the document")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
