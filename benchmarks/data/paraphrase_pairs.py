"""Resolve the hand-labelled paraphrase / near-miss set into the JSONL ``judge eval --data`` reads.

``paraphrase_pairs.jsonl`` (next to this file) holds, per pair, a *reference* to a source
sentence of one of the corpora in ``../shared/corpora/`` (corpus folder, file path, character
offsets into the raw file, SHA-256 of that raw span), the hypothesis written by hand, the human
label, the category and a one-line note. The source sentences themselves may not be copied
into the project, so this script reads them from the shared folder at run time, checks each
span's SHA-256 (a changed corpus file is reported, never silently used), strips inline
Markdown and writes one JSON object per pair::

    python benchmarks/data/paraphrase_pairs.py OUT.jsonl [--split tune|report|all] [--shared DIR]

Offsets count Unicode characters of the file decoded as UTF-8 with newlines untranslated.
A ``sentence`` span is cleaned of links (text kept), images, emphasis, code ticks, HTML tags,
escapes and a leading list marker; a ``table-row`` span is one Markdown table row, written
with its table's header as "Header: value; Header: value.".

Hand-written, not mutagen_cite's corpus parser: the set must resolve to the same premises
whatever the package's version (the parser's output may change as the parser improves, which
would silently change a measured data set), and the spans here are single sentences or rows,
for which the few regular expressions below are enough. Pure standard library.

When the shared folder is absent the script says so on one line and exits 0 without writing.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE / "paraphrase_pairs.jsonl"
DEFAULT_SHARED = HERE.parents[2] / "shared"
DATASET = "paraphrase_pairs"

_CODE = re.compile(r"(`+)(.+?)\1", re.S)
_IMAGE = re.compile(r"!\[[^\]]*\]\((?:[^()]|\([^()]*\))*\)")
_LINK = re.compile(r"\[([^\]]*)\]\((?:<[^>]*>|(?:[^()\s]|\([^()]*\))*)(?:\s+\"[^\"]*\")?\)")
_REFLINK = re.compile(r"\[([^\]]+)\]\[[^\]]*\]")
_TAG = re.compile(r"<[^>]+>")
_STRONG = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
_EMPH_STAR = re.compile(r"(?<![\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\w*])")
_EMPH_UNDER = re.compile(r"(?<![\w_])_(?=\S)([^_]+?)(?<=\S)_(?![\w_])")
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|~=<>])")
_LEAD = re.compile(r"^\s*(?:>\s*)*(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+)?")


def clean_inline(text: str) -> str:
    """Readable text of one Markdown span (see the module docstring for what is removed)."""
    codes: list[str] = []

    def keep_code(m: re.Match) -> str:
        codes.append(m.group(2).strip())
        return f"\x00{len(codes) - 1}\x00"

    text = _CODE.sub(keep_code, text)
    text = _IMAGE.sub("", text)
    text = _LINK.sub(r"\1", text)
    text = _REFLINK.sub(r"\1", text)
    text = _TAG.sub("", text)
    for _ in range(2):  # nested emphasis such as **_x_**
        text = _STRONG.sub(r"\2", text)
        text = _EMPH_STAR.sub(r"\1", text)
        text = _EMPH_UNDER.sub(r"\1", text)
    text = _ESCAPE.sub(r"\1", text)
    text = html.unescape(text)
    text = re.sub(r"\x00(\d+)\x00", lambda m: codes[int(m.group(1))], text)
    text = _LEAD.sub("", text, count=1)
    return " ".join(text.split())


def _cells(line: str) -> list[str]:
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    return [clean_inline(c) for c in re.split(r"(?<!\\)\|", body)]


def table_row(raw: str, start: int, end: int) -> str:
    """One table row as "Header: value; ...": the header is the first line of the row's table."""
    lines_before = raw[:start].split("\n")[:-1]
    header: list[str] = []  # stays empty when the row is itself the table's first line
    for line in reversed(lines_before):
        if not line.lstrip().startswith("|"):
            break
        header = _cells(line)
    row = _cells(raw[start:end])
    parts = []
    for i, value in enumerate(row):
        if not value:
            continue
        name = header[i] if i < len(header) else ""
        parts.append(f"{name}: {value}" if name else value)
    return "; ".join(parts).rstrip(".") + "."


def resolve(rows: list[dict], shared: Path) -> tuple[list[dict], list[str]]:
    """The eval rows and one line per reference that does not resolve."""
    files: dict[str, str] = {}
    out, errors = [], []
    for n, r in enumerate(rows, start=1):
        rel = f"{r['corpus']}/{r['path']}"
        where = f"{DATA.name}:{n} ({r['id']})"
        if rel not in files:
            p = shared / "corpora" / rel
            if not p.is_file():
                errors.append(f"{where}: {p} is missing; restore the corpus or drop the pair")
                continue
            with open(p, encoding="utf-8", newline="") as f:
                files[rel] = f.read()
        raw = files[rel]
        span = raw[r["start"]:r["end"]]
        if hashlib.sha256(span.encode("utf-8")).hexdigest() != r["sha256"]:
            errors.append(
                f"{where}: {rel} [{r['start']}:{r['end']}] no longer holds the labelled sentence "
                "(SHA-256 differs); re-locate it and re-check the label"
            )
            continue
        premise = table_row(raw, r["start"], r["end"]) if r["kind"] == "table-row" else clean_inline(span)
        out.append({
            "id": r["id"], "dataset": DATASET, "premise": premise, "hypothesis": r["hypothesis"],
            "label": r["label"], "category": r["category"], "family": r["family"],
            "edit_type": r["kind"], "group": f"{rel}#{r['start']}-{r['end']}",
            "split": r["split"], "corpus": r["corpus"], "note": r["note"],
        })
    return out, errors


def split_of(corpus: str, path: str, start: int, end: int) -> str:
    """``tune`` or ``report``: parity of the first byte of SHA-256 of the source reference, so a
    sentence's paraphrase and near misses always fall in the same half."""
    key = f"{corpus}/{path}#{start}-{end}"
    return "tune" if hashlib.sha256(key.encode("utf-8")).digest()[0] % 2 == 0 else "report"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", type=Path, help="JSONL file to write (judge eval --data OUT)")
    ap.add_argument("--split", choices=("tune", "report", "all"), default="all")
    ap.add_argument("--shared", type=Path, default=DEFAULT_SHARED, help="the shared folder (default ../shared)")
    args = ap.parse_args(argv)
    if not (args.shared / "corpora").is_dir():
        print(f"skipped: {args.shared / 'corpora'} not found (the premises live there); nothing written")
        return 0
    rows = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()]
    for n, r in enumerate(rows, start=1):
        if split_of(r["corpus"], r["path"], r["start"], r["end"]) != r["split"]:
            print(f"{DATA.name}:{n} ({r['id']}): split {r['split']!r} disagrees with the split rule; fix the row")
            return 1
    out, errors = resolve(rows, args.shared)
    for e in errors:
        print(e, file=sys.stderr)
    if errors:
        print(f"{len(errors)} of {len(rows)} pairs did not resolve; nothing written", file=sys.stderr)
        return 1
    if args.split != "all":
        out = [o for o in out if o["split"] == args.split]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        for o in out:
            f.write(json.dumps(o, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"{len(out)} pairs ({len({o['group'] for o in out})} source sentences) -> {args.out}")
    for field in ("split", "label", "corpus", "category"):
        counts = Counter(o[field] for o in out)
        print(f"  {field}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
