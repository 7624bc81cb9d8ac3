"""Export a suite to the eval tools RAG teams already use (``mutagen-cite export``).

Every format is built from one row per case (:func:`case_row`: the question, the context the
generator sees with each chunk's role, the expected answer, the cited include/exclude ids), so
the formats never disagree on what a case asks:

``promptfoo``  a YAML list of promptfoo test cases (``tests: file://cases.yaml`` in a
               promptfooconfig). ``vars``: ``question`` and ``context`` (each chunk as
               ``[chunk_id] text``, so a prompt can show the ids to cite); ``assert``:
               ``javascript`` assertions on the cited ids (the true chunk cited, the near miss
               never) and on the expected answer (a whole value, any case; "yes" by run's
               affirmative rule); for a true-absent case a
               ``javascript`` assertion that the output declines, cites nothing, or does not
               state the expected answer. These are the judge-free parts of ``run``'s verdict:
               a faithful true-absent answer that restates the near miss's own value fails here
               when that value is the expected answer, and a value is matched as written
               (the value model's "thirty days" = "30 days" is run's alone).
``hf``         a Hugging Face ``datasets`` dataset: ``-o DIR`` is a ``save_to_disk`` folder
               (needs the ``export`` extra: ``pip install mutagen-cite[export]``), ``-o
               FILE.parquet`` one Parquet file (needs only pyarrow). One row per case, the
               context nested as a list of ``{chunk_id, text, role}``.
``ragas``      JSONL in the shape of ragas' ``EvaluationDataset.from_jsonl`` (SingleTurnSample
               fields): ``user_input``, ``retrieved_contexts`` (the case's context),
               ``reference`` (the expected answer; the decline text for a true-absent case),
               ``reference_contexts`` (the true chunk), and their ``*_context_ids``; plus
               ``case_id``, ``family``, ``variant`` (ignored by ragas' loader, for joining).
``deepeval``   JSONL, one DeepEval ``Golden`` per line: ``input``, ``expected_output``,
               ``context`` (the ideal passage: the true chunk), ``retrieval_context`` (what the
               generator sees), ``name`` (the case id), ``additional_metadata``. DeepEval's own
               ``add_goldens_from_json_file`` reads a JSON array; for this file:
               ``EvaluationDataset(goldens=[Golden(**json.loads(l)) for l in open(path)])``.

Every output is written whole or not at all (a temporary sibling, then a rename).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Iterable

from .errors import ConfigError, OutputError
from .files import atomic_file, atomic_write_text
from .model import Case, Suite

FORMATS = ("promptfoo", "hf", "ragas", "deepeval")
#: the decline text the exported expectations use (run's default --decline-token)
from .run.answers import DEFAULT_CITATION_PATTERN, DEFAULT_DECLINE_TOKEN  # noqa: E402


# --------------------------------------------------------------------------- one row per case


def case_row(case: Case) -> dict:
    """What every export says about one case (plain JSON types, in a fixed key order)."""
    from .run.grading import chunk_roles, expected_yes

    true_ids, near_ids = chunk_roles(case)
    declines = case.variant == "true-absent" or case.expect.behaviour == "decline"
    if declines:
        expected = None
    elif expected_yes(case):
        expected = "yes"
    else:
        expected = case.expect.answer_contains or case.expect.answer or case.answer
    mutation = case.provenance.mutation if case.provenance is not None else None
    return {
        "case_id": case.id,
        "family": case.family,
        "variant": case.variant,
        "question": case.question,
        "claim": case.claim,
        "expected_behaviour": "decline" if declines else "answer",
        "expected_answer": expected,
        "answer": case.answer,
        "context": [
            {"chunk_id": c.chunk_id, "text": c.text,
             "role": "true" if c.chunk_id in true_ids else "near-miss" if c.chunk_id in near_ids else "other"}
            for c in case.context
        ],
        "cited_chunks_include": list(case.expect.cited_chunks_include),
        "cited_chunks_exclude": list(case.expect.cited_chunks_exclude),
        "mutation": {k: str(getattr(mutation, k)) for k in ("kind", "original", "replacement")
                     if mutation is not None and getattr(mutation, k) is not None},
    }


def rows(suite: Suite) -> list[dict]:
    return [case_row(c) for c in suite.cases]


def context_text(row: dict) -> str:
    """The context as one prompt string: each chunk as ``[chunk_id] text``, blank-line separated."""
    return "\n\n".join(f"[{c['chunk_id']}] {c['text']}" for c in row["context"])


# --------------------------------------------------------------------------- promptfoo

#: cited ids in an output: run's default marker (``[id]`` or ``[id1, id2]``), split as run splits them.
#: promptfoo runs a multi-line ``javascript`` value as a function body (``output`` in scope).
_JS_CITED = "\n".join([
    "const cited = new Set();",
    "for (const m of String(output).matchAll(/" + DEFAULT_CITATION_PATTERN.replace("/", r"\/") + "/g)) {",
    r"  for (const part of m[1].split(/[,;]|\s+and\s+/)) {",
    "    const id = part.trim();",
    r"    if (id && !/\s/.test(id)) cited.add(id);",
    "  }",
    "}",
])


def _js_citations(include: list[str], exclude: list[str]) -> str:
    return "\n".join([
        _JS_CITED,
        f"const include = {json.dumps(include)};",
        f"const exclude = {json.dumps(exclude)};",
        "const reasons = [];",
        "const missing = include.filter((id) => !cited.has(id));",
        "const wrong = exclude.filter((id) => cited.has(id));",
        "if (missing.length) reasons.push('did not cite the supporting chunk ' + missing.join(', '));",
        "if (wrong.length) reasons.push('cited the near-miss chunk ' + wrong.join(', '));",
        "const pass = reasons.length === 0;",
        "return { pass, score: pass ? 1 : 0, reason: pass ? 'cited the true chunk, not the near miss' : reasons.join('; ') };",
    ])


def _js_true_absent(expected: str | None, original: str | None, token: str) -> str:
    """Passes a decline, an answer citing nothing, or one not stating the absent answer: for a
    wh-question the twin's expected value, for a yes/no question an affirmative start or the
    near miss's changed-away word (the "All" of "All admin accounts ...")."""
    if expected == "yes":
        from .values.match import _YES

        states = [f"new RegExp({json.dumps(_YES.pattern)}).test(text.toLowerCase().trim())"]
        if original:
            states.append(f"{_js_regex_literal(original)}.test(text)")
        absent = "an affirmative answer"
    else:
        states = [f"{_js_regex_literal(expected)}.test(text)"] if expected else []
        absent = json.dumps(expected or "")
    return "\n".join([
        _JS_CITED,
        "const text = String(output);",
        f"const token = {json.dumps(token)};",
        "if (text.toLowerCase().includes(token.toLowerCase())) return { pass: true, score: 1, reason: 'declined' };",
        "if (cited.size === 0) return { pass: true, score: 1, reason: 'cited nothing' };",
        f"if ({' || '.join(states) or 'false'}) {{",
        "  return { pass: false, score: 0,",
        f"           reason: 'stated ' + {json.dumps(absent)} + ' with a citation, but only the near miss is in the context' }};",
        "}",
        "return { pass: true, score: 1, reason: 'did not state the absent answer' };",
    ])


def _js_regex_literal(value: str) -> str:
    """``value`` as a JS regex literal matched whole (not inside a longer token), any case; a
    version-like value may carry a "v" ("v3.1.0" states "3.1.0", as the value model reads it)."""
    escaped = "".join("\\" + ch if ch in "\\^$.*+?()[]{}|/" else ch for ch in value)
    left = "(^|\\W|\\bv)" if value[:1].isdigit() else "(^|\\W)"
    return f"/{left}{escaped}(\\W|$)/i"


def _js_answer(expected: str) -> str:
    """The expected answer stated: a whole value, or for "yes" run's affirmative rule
    (:func:`mutagen_cite.values.match.answer_matches`, its patterns copied in), on the output
    without its citation markers."""
    if expected != "yes":
        return f"{_js_regex_literal(expected)}.test(String(output))"
    from .values.match import _NO, _NO_INSIDE, _YES, _YES_INSIDE

    return "\n".join([
        "const text = String(output).replace(/" + DEFAULT_CITATION_PATTERN.replace("/", r"\/") + "/g, ' ')",
        "  .normalize('NFKC').replace(/[\u2018\u2019\u02bc]/g, \"'\").replace(/[\u201c\u201d]/g, '\"')",
        r"  .toLowerCase().split(/\s+/).filter(Boolean).join(' ').replace(/^[\"'*\-\u2022 ]+/, '');",
        f"const startsNo = new RegExp({json.dumps(_NO.pattern)}).test(text);",
        f"const startsYes = new RegExp({json.dumps(_YES.pattern)}).test(text);",
        f"const yesInside = new RegExp({json.dumps(_YES_INSIDE.pattern)}).test(text);",
        f"const noInside = new RegExp({json.dumps(_NO_INSIDE.pattern)}).test(text);",
        "const pass = !startsNo && (startsYes || (yesInside && !noInside));",
        "return { pass, score: pass ? 1 : 0, reason: pass ? 'answered yes' : 'expected an affirmative answer (yes)' };",
    ])


def promptfoo_tests(suite: Suite, *, decline_token: str = DEFAULT_DECLINE_TOKEN) -> list[dict]:
    from .run.grading import expected_yes

    tests = []
    for case, row in zip(suite.cases, rows(suite)):
        asserts: list[dict] = []
        if row["expected_behaviour"] == "decline":
            twin = "yes" if expected_yes(case) else (case.expect.answer_contains or row["answer"] or None)
            asserts.append({"type": "javascript", "metric": "true-absent",
                            "value": _js_true_absent(twin, row["mutation"].get("original"), decline_token)})
        else:
            asserts.append({"type": "javascript",
                            "value": _js_citations(row["cited_chunks_include"], row["cited_chunks_exclude"]),
                            "metric": "citations"})
            if row["expected_answer"]:
                asserts.append({"type": "javascript", "value": _js_answer(row["expected_answer"]), "metric": "answer"})
        tests.append({
            "description": f"{row['case_id']} ({row['family']}, {row['variant']})",
            "vars": {"question": row["question"], "context": context_text(row)},
            "assert": asserts,
            "metadata": {"case_id": row["case_id"], "family": row["family"], "variant": row["variant"]},
        })
    return tests


def _block_dumper():
    import yaml

    class BlockDumper(yaml.SafeDumper):
        """Multi-line strings (the assertions' code) as readable ``|`` blocks."""

    def text(dumper, value: str):
        style = "|" if "\n" in value else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)

    BlockDumper.add_representer(str, text)
    return BlockDumper


def render_promptfoo(suite: Suite, *, decline_token: str = DEFAULT_DECLINE_TOKEN) -> str:
    import yaml

    _BlockDumper = _block_dumper()
    head = (
        "# promptfoo test cases exported by mutagen-cite (one per suite case).\n"
        "# Use in a promptfooconfig.yaml:   tests: file://THIS_FILE\n"
        "# Prompt variables: {{question}} and {{context}} (each chunk as \"[chunk_id] text\");\n"
        f"# ask the model to cite chunk ids in [brackets] and to answer {decline_token!r} when the context\n"
        "# does not say. Assertions are run's judge-free checks; `mutagen-cite run` gives the full verdict.\n"
    )
    body = yaml.dump(promptfoo_tests(suite, decline_token=decline_token), Dumper=_BlockDumper, sort_keys=False,
                     allow_unicode=True, width=100)
    return head + body


# --------------------------------------------------------------------------- ragas, deepeval


def ragas_rows(suite: Suite, *, decline_token: str = DEFAULT_DECLINE_TOKEN) -> list[dict]:
    out = []
    for row in rows(suite):
        true = [c for c in row["context"] if c["role"] == "true"]
        out.append({
            "user_input": row["question"],
            "retrieved_contexts": [c["text"] for c in row["context"]],
            "retrieved_context_ids": [c["chunk_id"] for c in row["context"]],
            "reference": decline_token if row["expected_behaviour"] == "decline" else row["expected_answer"],
            "reference_contexts": [c["text"] for c in true],
            "reference_context_ids": [c["chunk_id"] for c in true],
            "case_id": row["case_id"], "family": row["family"], "variant": row["variant"],
        })
    return out


def deepeval_rows(suite: Suite, *, decline_token: str = DEFAULT_DECLINE_TOKEN) -> list[dict]:
    out = []
    for row in rows(suite):
        out.append({
            "input": row["question"],
            "expected_output": decline_token if row["expected_behaviour"] == "decline" else row["expected_answer"],
            "context": [c["text"] for c in row["context"] if c["role"] == "true"],
            "retrieval_context": [c["text"] for c in row["context"]],
            "name": row["case_id"],
            "additional_metadata": {
                "case_id": row["case_id"], "family": row["family"], "variant": row["variant"],
                "claim": row["claim"], "chunk_ids": [c["chunk_id"] for c in row["context"]],
                "cited_chunks_include": row["cited_chunks_include"],
                "cited_chunks_exclude": row["cited_chunks_exclude"],
            },
        })
    return out


def _jsonl(records: Iterable[dict]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


# --------------------------------------------------------------------------- Hugging Face


def hf_rows(suite: Suite) -> list[dict]:
    """The dataset's rows: :func:`case_row` with the mutation as a flat struct of strings."""
    out = []
    for row in rows(suite):
        r = dict(row)
        r["mutation"] = {k: row["mutation"].get(k, "") for k in ("kind", "original", "replacement")}
        r["expected_answer"] = row["expected_answer"] or ""
        out.append(r)
    return out


def _arrow_table(suite: Suite):
    try:
        import pyarrow as pa
    except ImportError:
        raise ConfigError("exporting to hf needs pyarrow", hint="pip install 'mutagen-cite[export]'") from None
    chunk = pa.struct([("chunk_id", pa.string()), ("text", pa.string()), ("role", pa.string())])
    schema = pa.schema([
        ("case_id", pa.string()), ("family", pa.string()), ("variant", pa.string()), ("question", pa.string()),
        ("claim", pa.string()), ("expected_behaviour", pa.string()), ("expected_answer", pa.string()),
        ("answer", pa.string()), ("context", pa.list_(chunk)), ("cited_chunks_include", pa.list_(pa.string())),
        ("cited_chunks_exclude", pa.list_(pa.string())),
        ("mutation", pa.struct([("kind", pa.string()), ("original", pa.string()), ("replacement", pa.string())])),
    ])
    return pa.Table.from_pylist(hf_rows(suite), schema=schema)


def write_parquet(suite: Suite, path: Path) -> Path:
    import pyarrow.parquet as pq

    table = _arrow_table(suite)
    return atomic_file(path, lambda tmp: pq.write_table(table, tmp))


def write_hf_dataset(suite: Suite, path: Path) -> Path:
    """A ``datasets.save_to_disk`` folder, written beside ``path`` and renamed into place."""
    try:
        from datasets import Dataset
    except ImportError:
        raise ConfigError("exporting to an hf dataset folder needs the datasets library", where=str(path),
                          hint="pip install 'mutagen-cite[export]', or write one Parquet file: -o cases.parquet") from None
    table = _arrow_table(suite)
    if path.exists() and not (path.is_dir() and (path / "dataset_info.json").exists()):
        raise OutputError("exists and is not a Hugging Face dataset folder", where=str(path),
                          hint="choose a new -o folder (an earlier export there is replaced)")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise OutputError(f"folder {parent} does not exist", where=str(path), hint="create the folder first")
    import datasets

    quiet = datasets.is_progress_bar_enabled()
    tmp = Path(tempfile.mkdtemp(prefix=f".{path.name}.", dir=parent))
    try:
        if quiet:  # no progress bar on stderr from a command that prints one line
            datasets.disable_progress_bars()
        Dataset(table).save_to_disk(str(tmp / "d"))
        old = None
        if path.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{path.name}.old.", dir=parent))
            os.replace(path, old / "d")
        os.replace(tmp / "d", path)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    finally:
        if quiet:
            datasets.enable_progress_bars()
        shutil.rmtree(tmp, ignore_errors=True)
    return path


# --------------------------------------------------------------------------- entry point


def export_suite(suite: Suite, fmt: str, path: str | os.PathLike, *,
                 decline_token: str = DEFAULT_DECLINE_TOKEN) -> Path:
    """Write ``suite`` as ``fmt`` (one of :data:`FORMATS`) to ``path``; returns the path written."""
    path = Path(path)
    if fmt not in FORMATS:
        raise ConfigError(f"unknown export format {fmt!r}", hint="one of: " + ", ".join(FORMATS))
    if not suite.cases:
        raise ConfigError("the suite has no cases to export", hint="build a suite with cases first")
    if fmt == "promptfoo":
        return atomic_write_text(path, render_promptfoo(suite, decline_token=decline_token))
    if fmt == "ragas":
        return atomic_write_text(path, _jsonl(ragas_rows(suite, decline_token=decline_token)))
    if fmt == "deepeval":
        return atomic_write_text(path, _jsonl(deepeval_rows(suite, decline_token=decline_token)))
    if path.suffix.lower() == ".parquet":
        return write_parquet(suite, path)
    return write_hf_dataset(suite, path)
