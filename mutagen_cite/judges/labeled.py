"""Readers for human-labelled (premise, hypothesis) pairs, turned into one binary shape.

Every judge is measured against people, never assumed right. The public sets people have
labelled come in six layouts (JSONL, TSV in two encodings, JSON arrays, bare tab files);
users bring their own hand labels as JSONL or CSV. All of them become :class:`LabeledPair`
with a binary label: *supported* (the premise makes the hypothesis true) or not.

Held-out parts are defined here, once, by hashing a group key (the shared premise or source
document), so a model trained on the ``train`` part never sees a held-out premise and
evaluation can exclude it. The split is a property of the pair, not of a run.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import random
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterable, Iterator, Sequence

from ..errors import ConfigError

#: share of groups, in percent, that form the held-out part of every data set
HELDOUT_PERCENT = 30

SUPPORTED_WORDS = {
    "1", "true", "yes", "y", "supported", "support", "entailment", "entailed", "entails",
    "attributable", "fully attributable", "consistent", "faithful", "pass", "correct",
}
UNSUPPORTED_WORDS = {
    "0", "false", "no", "n", "unsupported", "not supported", "contradiction", "neutral",
    "not_entailment", "non-entailment", "not entailment", "not attributable",
    "not fully attributable", "inconsistent", "unfaithful", "fail", "incorrect", "refuted",
}

#: Breaking-NLI categories that correspond to one of the tool's families
BREAKING_FAMILY = {
    "cardinals": "quantity",
    "ordinals": "quantity",
    "nationalities": "scope",
    "countries": "scope",
}
SUMMEDITS_FAMILY = {
    "entity_modification": "entity",
    "negation_insertion_removal": "polarity",
}
_NEGATION_WORDS = (" not ", "n't ", " no ", " never ", " none ", " nobody ", " nothing ", " neither ", " nor ")


@dataclass(frozen=True)
class LabeledPair:
    """One human judgement. ``label`` is True when the premise supports the hypothesis.

    ``category`` is the data set's own category (Breaking-NLI's "cardinals", SummEdits'
    domain); ``family`` the tool's family when the category maps to one; ``edit_type`` how
    the hypothesis was made (SummEdits' edits, where a negation sits); ``group`` the key the
    held-out split hashes, so pairs sharing a premise land on the same side.
    """

    premise: str
    hypothesis: str
    label: bool
    dataset: str
    category: str = ""
    family: str = ""
    edit_type: str = ""
    id: str = ""
    group: str = ""

    @property
    def split(self) -> str:
        return split_of(self.dataset, self.group or self.premise)


def split_of(dataset: str, group: str, heldout_percent: int = HELDOUT_PERCENT) -> str:
    """``"heldout"`` or ``"train"``: a stable hash of the data set name and group key."""
    digest = hashlib.sha256(f"{dataset}\0{group}".encode("utf-8")).digest()
    return "heldout" if int.from_bytes(digest[:4], "big") % 100 < heldout_percent else "train"


def parse_label(raw: object, *, where: str = "") -> bool | None:
    """A label in any common spelling to True/False; None for an empty (unlabelled) cell."""
    if raw is None:
        return None
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, (int, float)) and raw in (0, 1):
        return bool(raw)
    text = str(raw).strip().lower()
    if text == "":
        return None
    if text in SUPPORTED_WORDS:
        return True
    if text in UNSUPPORTED_WORDS:
        return False
    raise ConfigError(
        f"unknown label {raw!r}",
        where=where or None,
        hint="use supported/unsupported, true/false, 1/0 or entailment/contradiction/neutral",
    )


# --------------------------------------------------------------------------- the public sets


def read_breaking_nli(path: Path) -> list[LabeledPair]:
    """Breaking-NLI ``dataset.jsonl``: SNLI premise, one word swapped, 3-way gold label."""
    out = []
    for n, row in _jsonl(path):
        category = str(row.get("category", ""))
        out.append(
            LabeledPair(
                premise=row["sentence1"],
                hypothesis=row["sentence2"],
                label=parse_label(row["gold_label"], where=f"{path}:{n}") is True,
                dataset="breaking_nli",
                category=category,
                family=BREAKING_FAMILY.get(category, ""),
                edit_type="swap",
                id=f"breaking_nli:{row.get('pairID', n)}",
                group=row["sentence1"],
            )
        )
    return out


def read_negation_nli(folder: Path) -> list[LabeledPair]:
    """Hossain et al. 2020: RTE/SNLI/MNLI pairs with a negation added (TSV, some cp1252)."""
    out = []
    for path in sorted(folder.glob("*.txt")):
        if path.name.upper().startswith("README"):
            continue
        raw = path.read_bytes()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("cp1252")
        reader = csv.reader(io.StringIO(text), delimiter="\t", quoting=csv.QUOTE_NONE)
        header = next(reader, None)
        if not header or "gold_label" not in [h.strip() for h in header]:
            continue
        cols = {h.strip(): i for i, h in enumerate(header)}
        for n, row in enumerate(reader, start=2):
            if len(row) < len(cols):
                continue
            premise, hyp = row[cols["Text"]], row[cols["Hypothesis"]]
            index = row[cols["index"]].strip()
            source = f"{path.stem}:{int(index) // 3}" if index.isdigit() else f"{path.stem}:{premise}"
            out.append(
                LabeledPair(
                    premise=premise,
                    hypothesis=hyp,
                    label=parse_label(row[cols["gold_label"]], where=f"{path}:{n}") is True,
                    dataset="negation_nli",
                    category=path.stem,
                    family="polarity",
                    edit_type=_negation_site(premise, hyp),
                    id=f"negation_nli:{path.stem}:{index}",
                    group=source,
                )
            )
    return out


def _negation_site(premise: str, hypothesis: str) -> str:
    def negated(s: str) -> bool:
        padded = f" {s.lower()} "
        return any(w in padded for w in _NEGATION_WORDS)

    p, h = negated(premise), negated(hypothesis)
    return {(True, True): "neg-both", (True, False): "neg-premise", (False, True): "neg-hypothesis"}.get(
        (p, h), "neg-none"
    )


def read_hans_counterexamples(path: Path) -> list[LabeledPair]:
    """HANS lexical-overlap counterexamples: every hypothesis word is in the premise, yet
    the label is not entailment. One class only: accuracy here is a rejection rate."""
    out = []
    text = path.read_text(encoding="utf-8", errors="replace")
    for n, line in enumerate(text.splitlines(), start=1):
        parts = line.rstrip("\n").split("\t")
        if len(parts) < 3 or not parts[0].strip():
            continue
        premise, hyp, label = parts[0].strip(), parts[1].strip(), parts[2].strip()
        out.append(
            LabeledPair(
                premise=premise,
                hypothesis=hyp,
                label=parse_label(label, where=f"{path}:{n}") is True,
                dataset="hans_overlap",
                category=label,
                edit_type="lexical-overlap",
                id=f"hans_overlap:{n}",
                group=premise,
            )
        )
    return out


def read_summedits(folder: Path) -> list[LabeledPair]:
    """SummEdits: a document and an edited summary, consistent (1) or not (0)."""
    out = []
    for path in sorted(folder.glob("summedits_*.json")):
        domain = path.stem.removeprefix("summedits_")
        rows = json.loads(path.read_text(encoding="utf-8"))
        for n, row in enumerate(rows):
            edits = row.get("edit_types") or []
            if isinstance(edits, str):
                edits = json.loads(edits.replace("'", '"')) if edits.strip().startswith("[") else [edits]
            edits = sorted(str(e) for e in edits)
            families = {SUMMEDITS_FAMILY.get(e, "") for e in edits}
            out.append(
                LabeledPair(
                    premise=row["doc"],
                    hypothesis=row["summary"],
                    label=parse_label(row["label"], where=f"{path}:{n}") is True,
                    dataset="summedits",
                    category=domain,
                    family=families.pop() if len(families) == 1 else "",
                    edit_type="+".join(edits) if edits else "none",
                    id=f"summedits:{row.get('id', n)}",
                    group=row["doc"],
                )
            )
    return out


def read_attributionbench(folder: Path) -> list[LabeledPair]:
    """AttributionBench: a claim and its reference passages, attributable or not."""
    out = []
    for path in sorted(folder.glob("*.jsonl")):
        for n, row in _jsonl(path):
            refs = row.get("references") or []
            premise = "\n".join(str(r) for r in refs) if isinstance(refs, list) else str(refs)
            out.append(
                LabeledPair(
                    premise=premise,
                    hypothesis=row["claim"],
                    label=parse_label(row["attribution_label"], where=f"{path}:{n}") is True,
                    dataset="attributionbench",
                    category=str(row.get("src_dataset", "")),
                    id=f"attributionbench:{row.get('id', n)}",
                    group=str(row.get("question") or premise),
                )
            )
    return out


def read_begin(folder: Path) -> list[LabeledPair]:
    """BEGIN: a knowledge snippet and a dialogue response. "Generic" responses make no
    claim to check and are left out."""
    out = []
    for path in sorted(folder.rglob("*.tsv")):
        text = path.read_text(encoding="utf-8", errors="replace")
        reader = csv.DictReader(io.StringIO(text), delimiter="\t", quoting=csv.QUOTE_NONE)
        for n, row in enumerate(reader, start=2):
            label = (row.get("begin_label") or "").strip()
            if not label or label.lower() == "generic":
                continue
            out.append(
                LabeledPair(
                    premise=row["knowledge"],
                    hypothesis=row["response"],
                    label=parse_label(label, where=f"{path}:{n}") is True,
                    dataset="begin",
                    category=(row.get("data_source") or path.parent.name).strip(),
                    edit_type=(row.get("model_name") or "").strip(),
                    id=f"begin:{path.stem}:{n}",
                    group=row["knowledge"],
                )
            )
    return out


# --------------------------------------------------------------------------- plain files

_PREMISE_KEYS = ("premise", "evidence", "passage", "quote", "sentence1", "text", "doc")
_HYPOTHESIS_KEYS = ("hypothesis", "claim", "statement", "sentence2", "summary")


def read_plain(path: Path) -> list[LabeledPair]:
    """A user's own labels: JSONL or CSV with ``premise, hypothesis, label`` and optionally
    ``category, family, edit_type, id``. Rows whose label is empty are skipped: a review
    queue can be fed back while a person is still labelling it."""
    suffix = path.suffix.lower()
    if suffix in (".jsonl", ".ndjson", ".json"):
        rows: Iterable[tuple[int, dict]] = _jsonl(path)
    elif suffix in (".csv", ".tsv"):
        rows = _csv_rows(path, delimiter="\t" if suffix == ".tsv" else ",")
    else:
        raise ConfigError(
            f"cannot tell the format of {path.name}",
            where=str(path),
            hint="use .jsonl or .csv with columns premise, hypothesis, label, category",
        )
    out = []
    unlabelled = 0
    for n, row in rows:
        premise = _first(row, _PREMISE_KEYS)
        hyp = _first(row, _HYPOTHESIS_KEYS)
        if premise is None or hyp is None:
            raise ConfigError(
                "a row lacks a premise or a hypothesis",
                where=f"{path}:{n}",
                hint="each row needs premise, hypothesis and label (an empty label skips the row)",
            )
        label = parse_label(row.get("label"), where=f"{path}:{n}")
        if label is None:  # a review-queue row nobody has labelled yet
            unlabelled += 1
            continue
        out.append(
            LabeledPair(
                premise=str(premise),
                hypothesis=str(hyp),
                label=label,
                dataset=str(row.get("dataset") or path.stem),
                category=str(row.get("category") or ""),
                family=str(row.get("family") or ""),
                edit_type=str(row.get("edit_type") or ""),
                id=str(row.get("id") or f"{path.stem}:{n}"),
                group=str(row.get("group") or premise),
            )
        )
    if not out and unlabelled:
        raise ConfigError(
            f"none of the {unlabelled} rows has a label yet",
            where=str(path),
            hint='set each row\'s "label" to supported or unsupported (a review queue starts unlabelled)',
        )
    return out


def _first(row: dict, keys: Sequence[str]):
    for key in keys:
        if key in row and row[key] is not None:
            return row[key]
    return None


def _jsonl(path: Path) -> Iterator[tuple[int, dict]]:
    text = path.read_text(encoding="utf-8")
    stripped = text.lstrip()
    if stripped.startswith("["):  # a JSON array of rows is accepted too
        try:
            rows = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ConfigError(f"not valid JSON ({exc.msg})", where=f"{path}:{exc.lineno}") from None
        for n, row in enumerate(rows, start=1):
            yield n, row
        return
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ConfigError(
                f"not a JSON object ({exc.msg})", where=f"{path}:{n}", hint="one JSON object per line"
            ) from None
        if not isinstance(row, dict):
            raise ConfigError("not a JSON object", where=f"{path}:{n}", hint="one JSON object per line")
        yield n, row


def _csv_rows(path: Path, delimiter: str) -> Iterator[tuple[int, dict]]:
    text = path.read_text(encoding="utf-8-sig")
    reader = csv.DictReader(io.StringIO(text), delimiter=delimiter)
    for n, row in enumerate(reader, start=2):
        yield n, {k.strip().lower(): v for k, v in row.items() if k is not None}


# --------------------------------------------------------------------------- dispatch

#: folder name -> reader, for the layouts in ../shared/labeled
SHARED_READERS = {
    "breaking_nli": lambda p: read_breaking_nli(p / "dataset.jsonl"),
    "negation_nli_hossain2020": read_negation_nli,
    "hans_mnli_lexical_overlap_counterexamples": lambda p: read_hans_counterexamples(p / "mnli_contradicting_examples"),
    "summedits": lambda p: read_summedits(p / "data"),
    "attributionbench": lambda p: read_attributionbench(p / "data"),
    "begin": read_begin,
}


def read_labeled(path: str | Path) -> list[LabeledPair]:
    """Pairs from a file or folder, whichever layout it has.

    A folder of the shared layouts is recognised by name; a folder holding several of them
    (``../shared/labeled``) reads them all; a file is a plain JSONL/CSV (or the Breaking-NLI
    / HANS file itself).
    """
    p = Path(path)
    if not p.exists():
        raise ConfigError(f"no such file or folder: {p}", hint="pass a labelled JSONL/CSV file or a folder")
    if p.is_dir():
        if p.name in SHARED_READERS:
            return SHARED_READERS[p.name](p)
        found = [SHARED_READERS[c.name](c) for c in sorted(p.iterdir()) if c.is_dir() and c.name in SHARED_READERS]
        if not found:
            plain = sorted(x for x in p.iterdir() if x.suffix.lower() in (".jsonl", ".csv", ".tsv"))
            if not plain:
                raise ConfigError(
                    f"no labelled data found in {p}",
                    hint="expected .jsonl/.csv files or the shared layouts (breaking_nli/, summedits/ ...)",
                )
            found = [read_plain(x) for x in plain]
        return [pair for group in found for pair in group]
    if p.name == "mnli_contradicting_examples":
        return read_hans_counterexamples(p)
    if p.suffix == ".jsonl" and p.parent.name == "breaking_nli":
        return read_breaking_nli(p)
    return read_plain(p)


def read_many(paths: Iterable[str | Path]) -> list[LabeledPair]:
    return [pair for path in paths for pair in read_labeled(path)]


# --------------------------------------------------------------------------- selecting


def select_split(pairs: Sequence[LabeledPair], split: str) -> list[LabeledPair]:
    """``all``, ``train`` or ``heldout``."""
    if split == "all":
        return list(pairs)
    if split not in ("train", "heldout"):
        raise ConfigError(f"unknown split {split!r}", hint="use all, train or heldout")
    return [p for p in pairs if p.split == split]


def stratified_sample(pairs: Sequence[LabeledPair], limit: int, seed: int = 0) -> list[LabeledPair]:
    """At most ``limit`` pairs, drawn per (data set, category, label) stratum in proportion
    to its size (each stratum keeps at least one when the limit allows), in input order.
    Same pairs + limit + seed = same sample."""
    if limit <= 0 or limit >= len(pairs):
        return list(pairs)
    strata: dict[tuple[str, str, bool], list[int]] = {}
    for i, p in enumerate(pairs):
        strata.setdefault((p.dataset, p.category, p.label), []).append(i)
    keys = sorted(strata)
    total = len(pairs)
    quotas = {k: limit * len(strata[k]) / total for k in keys}
    alloc = {k: int(quotas[k]) for k in keys}
    if limit >= len(keys):
        for k in keys:
            alloc[k] = max(alloc[k], 1)
    left = limit - sum(alloc.values())
    by_remainder = sorted(keys, key=lambda k: (-(quotas[k] - int(quotas[k])), k))
    i = 0
    while left > 0 and by_remainder:
        k = by_remainder[i % len(by_remainder)]
        if alloc[k] < len(strata[k]):
            alloc[k] += 1
            left -= 1
        i += 1
        if i > 10 * len(by_remainder) + limit:
            break
    while left < 0:  # the at-least-one rule overshot: trim the largest strata
        k = max(keys, key=lambda k: (alloc[k], k))
        alloc[k] -= 1
        left += 1
    rng = random.Random(seed)
    chosen: list[int] = []
    for k in keys:
        chosen.extend(rng.sample(strata[k], min(alloc[k], len(strata[k]))))
    return [pairs[i] for i in sorted(chosen)]


def with_premise(pair: LabeledPair, premise: str) -> LabeledPair:
    return replace(pair, premise=premise)
