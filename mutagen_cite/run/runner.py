"""Run a generator over a suite, judge its citations, and append one result line per case.

Per case: request -> generator -> parse into claims -> **resolution** against this case's
assembled context (seed 004; no model) -> **case verdict** from the ``expect`` block (no
model) -> **judged pairs** (citation-level entailment with full-sentence premises, ALCE
leave-one-out pairs, concatenated context, and per-chunk support for failed citations).

Robustness is the point of the shape:

* each result is one JSON line, written and flushed as soon as the case is done, after a
  header line naming the suite (sha256), generator and judge;
* ``resume=True`` keeps the answered cases of an existing file for the same suite and runs
  only the rest (errored cases are retried);
* a generator that crashes, hangs or returns garbage on one case errors that case only;
* Ctrl-C stops between lines, so the file is always valid JSON Lines (a torn last line from
  a hard kill is dropped on the next read).

Scoring (:mod:`mutagen_cite.run.scoring`) reads these records alone.
"""

from __future__ import annotations

import hashlib
import json
import os
import queue
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from .. import __version__
from ..errors import ConfigError, OutputError
from ..files import atomic_write_text
from ..model import Answer, Case, Suite, chunk_id
from .answers import (
    DEFAULT_DECLINE_TOKEN,
    CitationSyntax,
    GarbageOutput,
    join_premises,
    normalise_space,
    parse_output,
    normalise_premise,
    premise_for,
    verify_quote,
)

RESULTS_FORMAT = "mutagen-cite-results/1"


# --------------------------------------------------------------------------- store and resolution


def store_ids(suite: Suite | Iterable[Case]) -> frozenset[str]:
    """Every chunk id the suite knows: all cases' context ids, provenance ids and corpus ids.

    This is "the store" of seed 004: an id in here but not in a case's own context is
    *stale* (real, just not assembled for this question); an id nowhere is *invented*.
    """
    cases = suite.cases if isinstance(suite, Suite) else tuple(suite)
    ids: set[str] = set()
    for case in cases:
        ids.update(case.context_ids())
        chunks = case.provenance.chunks if case.provenance is not None else {}
        for cid, info in chunks.items():
            ids.add(cid)
            if info.doc is not None and info.start is not None and info.end is not None:
                ids.add(chunk_id(info.doc, info.start, info.end))
    return frozenset(ids)


def resolve(cited: str, context_ids: Sequence[str], store: frozenset[str]) -> str:
    """``ok`` when in this case's context, ``stale`` when only in the store, else ``invented``."""
    if cited in context_ids:
        return "ok"
    return "stale" if cited in store else "invented"


# --------------------------------------------------------------------------- records


def answer_record(answer: Answer, case: Case, store: frozenset[str]) -> dict:
    """The answer as JSON, each citation annotated with resolution, quote check and premise."""
    context_ids = case.context_ids()
    claims = []
    for claim in answer.claims:
        cites = []
        for cit in claim.citations:
            status = resolve(cit.chunk_id, context_ids, store)
            entry: dict[str, Any] = {"chunk_id": cit.chunk_id, "resolution": status}
            for key in ("quote", "start", "end"):
                if getattr(cit, key) is not None:
                    entry[key] = getattr(cit, key)
            if status == "ok":
                text = case.chunk_text(cit.chunk_id) or ""
                check = verify_quote(text, cit)
                entry["quote_check"] = check.status
                if check.verified:
                    entry["premise"] = premise_for(text, check.span)
            cites.append(entry)
        claims.append({"text": claim.text, "sentence_index": claim.sentence_index, "citations": cites})
    return {"text": answer.text, "declined": answer.declined, "claims": claims}


# The case verdict lives in mutagen_cite.run.grading (one definition of what passes).
from .grading import case_verdict, needs_assert_rows  # noqa: E402  (re-exported)


# --------------------------------------------------------------------------- judging


@dataclass
class _Pair:
    claim: int
    kind: str  # cited | citation | loo | context | chunk
    chunk_ids: list[str]
    premise: str
    hypothesis: str


def _claim_is_checkable(claim: dict) -> bool:
    """A claim's citations can be judged only when every one resolved and its quote verified."""
    return bool(claim["citations"]) and all("premise" in c for c in claim["citations"])


def plan_pairs(case: Case, answer: dict) -> list[_Pair]:
    """First-round pairs: citation-level (joint, single, leave-one-out) and concatenated context."""
    pairs: list[_Pair] = []
    context = join_premises(normalise_premise(c.text) for c in case.context)
    asserts = needs_assert_rows(case)
    for i, claim in enumerate(answer["claims"]):
        hyp = claim["text"]
        pairs.append(_Pair(i, "context", list(case.context_ids()), context, hyp))
        if asserts:  # does the answer's claim state the case's (absent) claim? premise = the answer
            pairs.append(_Pair(i, "asserts", [], normalise_space(hyp), case.claim))
        if not _claim_is_checkable(claim):
            continue
        cites = claim["citations"]
        ids = [c["chunk_id"] for c in cites]
        premises = list(dict.fromkeys(c["premise"] for c in cites))
        pairs.append(_Pair(i, "cited", ids, join_premises(premises), hyp))
        if len(cites) > 1:
            for j, c in enumerate(cites):
                pairs.append(_Pair(i, "citation", [c["chunk_id"]], c["premise"], hyp))
                others = [o for k, o in enumerate(cites) if k != j]
                rest = list(dict.fromkeys(o["premise"] for o in others))
                pairs.append(_Pair(i, "loo", [o["chunk_id"] for o in others], join_premises(rest), hyp))
    return pairs


def plan_chunk_pairs(case: Case, answer: dict, first: list[dict]) -> list[_Pair]:
    """Second round: for cited claims that failed, which context chunks support them alone?"""
    ok = {r["claim"] for r in first if r["kind"] == "cited" and r["supported"]}
    pairs = []
    for i, claim in enumerate(answer["claims"]):
        if not claim["citations"] or i in ok:
            continue
        for chunk in case.context:
            pairs.append(_Pair(i, "chunk", [chunk.chunk_id], normalise_premise(chunk.text), claim["text"]))
    return pairs


def judge_pairs(judge: Any, pairs: list[_Pair]) -> list[dict]:
    if not pairs:
        return []
    verdicts = judge.verdicts([(p.premise, p.hypothesis) for p in pairs])
    rows = []
    for p, v in zip(pairs, verdicts):
        rows.append({
            "claim": p.claim, "kind": p.kind, "chunk_ids": p.chunk_ids, "premise": p.premise,
            "hypothesis": p.hypothesis, "score": round(float(v.score), 6), "supported": bool(v.supported),
            "judge": v.judge, "reason": v.reason,
        })
    return rows


# --------------------------------------------------------------------------- results file


def suite_sha256(path: str | os.PathLike) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def read_results(path: str | os.PathLike) -> tuple[dict | None, list[dict]]:
    """Header and case records of a results file; a torn or garbled line is skipped.

    Later lines for the same case id replace earlier ones (a resumed run's retry wins).
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        raise ConfigError("results file not found", where=str(p), hint="run the suite first with -o") from None
    header: dict | None = None
    by_id: dict[str, dict] = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            continue  # a line cut short by a hard kill
        if not isinstance(obj, dict):
            continue
        if "header" in obj and isinstance(obj["header"], dict):
            header = header or obj["header"]
        elif isinstance(obj.get("case_id"), str):
            by_id[obj["case_id"]] = obj
    records = sorted(by_id.values(), key=lambda r: (r.get("index", 0), r["case_id"]))
    return header, records


class ResultsWriter:
    """Appends one JSON line per record, flushed at once, so a crash never tears the file."""

    def __init__(self, path: str | os.PathLike, header: dict, keep: Sequence[dict] = ()):
        self.path = Path(path)
        if not self.path.parent.exists():
            raise OutputError(f"folder {self.path.parent} does not exist", where=str(self.path),
                              hint="create the folder first or choose another -o path")
        self._lock = _take_lock(self.path)
        lines = [json.dumps({"header": header}, sort_keys=True, ensure_ascii=False)]
        lines += [json.dumps(r, sort_keys=True, ensure_ascii=False) for r in keep]
        atomic_write_text(self.path, "\n".join(lines) + "\n")
        self._fh = open(self.path, "a", encoding="utf-8")

    def write(self, record: dict) -> None:
        self._fh.write(json.dumps(record, sort_keys=True, ensure_ascii=False) + "\n")
        self._fh.flush()

    def close(self) -> None:
        self._fh.close()
        _release_lock(self._lock)


def _lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


def _take_lock(path: Path):
    """An exclusive lock beside the results file: a second run writing the same -o is refused
    (one of the two would otherwise lose its results when the file is renamed over)."""
    import fcntl

    fh = open(_lock_path(path), "a+")
    try:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        fh.close()
        raise OutputError("another run is writing this results file", where=str(path),
                          hint="wait for it to finish, or write to another -o file") from None
    return fh


def _release_lock(fh) -> None:
    try:
        Path(fh.name).unlink()
    except OSError:
        pass
    fh.close()


# --------------------------------------------------------------------------- the run


@dataclass
class RunResult:
    header: dict
    records: list[dict]
    path: Path | None
    interrupted: bool = False
    reused: int = 0  # records kept from a previous run (--resume)
    generator_errors: int = 0
    extra: dict = field(default_factory=dict)


def judge_metadata(judge: Any) -> dict:
    """What the results header records about a judge: name, fingerprint, weights, members."""
    inner = getattr(judge, "inner", judge)
    meta = {
        "judge": getattr(judge, "name", "judge"),
        "judge_fingerprint": getattr(judge, "fingerprint", ""),
        "judge_threshold": getattr(judge, "threshold", None),
    }
    weights = getattr(inner, "weights_sha256", None)
    if weights:
        meta["judge_weights_sha256"] = weights
    from ..judges.pinning import PREMISE_POLICY, judge_record

    meta["judge_pin"] = judge_record(judge, PREMISE_POLICY)
    members = getattr(inner, "members", None)
    if members:
        meta["judge_members"] = [
            {"name": m.name, "weights_sha256": getattr(getattr(m, "inner", m), "weights_sha256", None)}
            for m in members
        ]
    return meta


def run_header(suite_path: str | None, suite_hash: str | None, generator: Any, judge: Any,
               syntax: CitationSyntax, decline_token: str, extra: dict | None = None) -> dict:
    header = {
        "format": RESULTS_FORMAT,
        "tool_version": __version__,
        "suite": str(suite_path) if suite_path else None,
        "suite_sha256": suite_hash,
        "generator": getattr(generator, "name", "generator"),
        **judge_metadata(judge),
        "citation_pattern": syntax.pattern.pattern,
        "decline_token": decline_token,
    }
    prompt_sha = getattr(generator, "prompt_sha256", None)
    if prompt_sha:
        header["prompt_sha256"] = prompt_sha
    header.update(extra or {})
    return header


def evaluate_case(case: Case, index: int, raw: Any, error: str | None, judge: Any,
                  store: frozenset[str], syntax: CitationSyntax, decline_token: str, *,
                  strict: bool = False) -> dict:
    """One result record from one generator outcome (``raw`` output or an ``error``)."""
    record: dict[str, Any] = {
        "case_id": case.id, "index": index, "family": case.family, "variant": case.variant,
        "context_ids": list(case.context_ids()), "answer": None, "error": error, "verdict": None,
        "judged": [],
    }
    if error is None:
        try:
            parsed = parse_output(case.id, raw, syntax=syntax, decline_token=decline_token)
        except GarbageOutput as exc:
            error = f"unusable output: {exc}"
            record["raw"] = _preview(raw)
        else:
            answer = answer_record(parsed, case, store)
            record["answer"] = answer
            try:
                first = judge_pairs(judge, plan_pairs(case, answer))
                second = judge_pairs(judge, plan_chunk_pairs(case, answer, first))
                record["judged"] = first + second
            except Exception as exc:  # a judge failure (e.g. an LLM endpoint) errors the case
                error = f"judge failed: {type(exc).__name__}: {exc}"[:500]
            else:
                record["verdict"] = case_verdict(case, answer, record["judged"], strict=strict)
    if error is not None:
        record["error"] = error
        record["verdict"] = {"passed": False, "status": "error", "reasons": [error]}
    return record


def run_case(generator: Any, case: Case, index: int, judge: Any, store: frozenset[str], syntax: CitationSyntax,
             decline_token: str = DEFAULT_DECLINE_TOKEN, *, strict: bool = False) -> dict:
    """One case through the generator and the judge: the record :func:`run_suite` writes for it.

    The pytest plugin (:mod:`mutagen_cite.pytest_plugin`) runs each test item through this, so a
    pytest session and ``mutagen-cite run`` reach the same verdicts.
    """
    raw, error = call_generator(generator, case)
    return evaluate_case(case, index, raw, error, judge, store, syntax, decline_token, strict=strict)


def _preview(raw: Any) -> str:
    try:
        text = raw if isinstance(raw, str) else json.dumps(raw, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        text = repr(raw)
    return text[:2000]


def run_suite(
    suite: Suite,
    generator: Any,
    judge: Any,
    *,
    results_path: str | os.PathLike | None = None,
    suite_path: str | os.PathLike | None = None,
    resume: bool = False,
    citation_pattern: str | None = None,
    decline_token: str = DEFAULT_DECLINE_TOKEN,
    progress: bool = True,
    header_extra: dict | None = None,
    on_record: Callable[[dict], None] | None = None,
    strict: bool = False,
) -> RunResult:
    """Run every case (in suite order), writing results as they arrive; see module docstring."""
    syntax = CitationSyntax(citation_pattern)
    suite_hash = suite_sha256(suite_path) if suite_path else None
    header = run_header(str(suite_path) if suite_path else None, suite_hash, generator, judge, syntax,
                        decline_token, header_extra)
    cases = list(suite.cases)
    store = store_ids(suite)

    kept: list[dict] = []
    if resume and results_path and Path(results_path).exists():
        old_header, old = read_results(results_path)
        if old_header and suite_hash and old_header.get("suite_sha256") not in (None, suite_hash):
            raise ConfigError(
                "the results file was written for a different version of the suite",
                where=str(results_path),
                hint="drop --resume to start over, or write to another -o file",
            )
        if old_header and old_header.get("generator") not in (None, header["generator"]):
            raise ConfigError(
                f"the results file holds answers from {old_header.get('generator')!r}, not {header['generator']!r}",
                where=str(results_path),
                hint="resume with the same --generator, or write to another -o file",
            )
        old_fp, new_fp = (old_header or {}).get("judge_fingerprint"), header.get("judge_fingerprint")
        if old_fp and new_fp and old_fp != new_fp:
            raise ConfigError(
                f"the results file was judged by {old_header.get('judge')!r} ({old_fp[:12]}), not by "
                f"{header.get('judge')!r} ({new_fp[:12]}); resuming would mix verdicts",
                where=str(results_path),
                hint="resume with the same --judge, or rejudge with --rescore FILE --judge ... SUITE",
            )
        kept = [r for r in old if not r.get("error")]  # answers outside this selection stay in the file
    wanted = {c.id for c in cases}
    done = {r["case_id"] for r in kept}
    todo = [(i, c) for i, c in enumerate(cases) if c.id not in done]

    writer = ResultsWriter(results_path, header, kept) if results_path else None
    kept = [r for r in kept if r["case_id"] in wanted]
    records = list(kept)
    result = RunResult(header=header, records=records, path=Path(results_path) if results_path else None,
                       reused=len(kept))

    bar = _progress_bar(len(cases), len(kept), progress, getattr(generator, "name", "generator"))
    passed = sum(1 for r in kept if (r.get("verdict") or {}).get("passed"))

    def finish(index: int, case: Case, raw: Any, error: str | None) -> None:
        nonlocal passed
        record = evaluate_case(case, index, raw, error, judge, store, syntax, decline_token, strict=strict)
        if record["error"]:
            result.generator_errors += 1
        if writer:
            writer.write(record)
        records.append(record)
        passed += bool(record["verdict"]["passed"])
        if on_record:
            on_record(record)
        if bar is not None:
            bar.update(1)
            bar.set_postfix_str(f"passed {passed}/{bar.n}", refresh=False)

    from .generators.base import Request

    prepare = getattr(generator, "prepare", None)
    try:
        if callable(prepare):
            prepare([Request.from_case(c) for _, c in todo])
        workers = max(1, int(getattr(generator, "concurrency", 1) or 1))
        if workers == 1:
            for index, case in todo:
                finish(index, case, *call_generator(generator, case))
        else:
            _run_concurrently(generator, todo, workers, finish)
    except KeyboardInterrupt:
        result.interrupted = True
        raise
    finally:
        if bar is not None:
            bar.close()
        if writer:
            writer.close()
        try:
            generator.close()
        except Exception:  # closing must never hide the run's own outcome
            pass
    records.sort(key=lambda r: (r.get("index", 0), r["case_id"]))
    return result


def _cases_of(suite: Suite, records: Sequence[dict]) -> dict[str, Case]:
    """The suite's cases by id, refusing results for cases the suite does not hold."""
    cases = {c.id: c for c in suite.cases}
    missing = [r["case_id"] for r in records if r["case_id"] not in cases]
    if missing:
        raise ConfigError(
            f"{len(missing)} result(s) are for cases not in this suite, e.g. {missing[0]!r}",
            hint="pass the suite file the results were produced from",
        )
    return cases


def rejudge(suite: Suite, records: Sequence[dict], judge: Any, *, progress: bool = True,
            strict: bool = False) -> list[dict]:
    """The same answers judged again by another judge (verdict cache makes repeats cheap).

    Answers and resolution are kept; ``judged`` rows and the verdicts that read them are rebuilt, so a
    run's generator is never called twice to compare judges.
    """
    from ..analysis.backends import active, chunked

    cases = _cases_of(suite, records)
    bar = _progress_bar(len(records), 0, progress, f"rejudge {getattr(judge, 'name', '')}")
    backend = active()
    jobs = (([cases[r["case_id"]] if _answered(r) else None for r in chunk], list(chunk), strict)
            for chunk in chunked(records, REJUDGE_CHUNK))
    if backend.name == "local":
        results = (_rejudge_chunk(judge, job) for job in jobs)
    else:  # the judge (with its verdict cache folder) is pickled to each worker once
        results = backend.map(ShippedJudge(judge), _rejudge_chunk, jobs)
    out = []
    for chunk in results:
        out.extend(chunk)
        if bar is not None:
            bar.update(len(chunk))
    if bar is not None:
        bar.close()
    return out


#: answers per rejudging task on a Ray backend (and per step of the local loop)
REJUDGE_CHUNK = 16


def _answered(record: dict) -> bool:
    return bool(record.get("answer")) and not record.get("error")


def _rejudge_chunk(judge: Any, job) -> list[dict]:
    chunk_cases, records, strict = job
    prepare = getattr(judge, "prepare", None)
    if callable(prepare):  # the slots judge parses the chunk's first-round sentences in one batch
        prepare([(p.premise, p.hypothesis) for case, record in zip(chunk_cases, records) if case is not None
                 for p in plan_pairs(case, record["answer"])])
    out = []
    for case, record in zip(chunk_cases, records):
        new = dict(record)
        if case is not None:
            answer = record["answer"]
            first = judge_pairs(judge, plan_pairs(case, answer))
            new["judged"] = first + judge_pairs(judge, plan_chunk_pairs(case, answer, first))
            new["verdict"] = case_verdict(case, answer, new["judged"], strict=strict)
        out.append(new)
    return out


class ShippedJudge:
    """A judge sent to Ray workers as it is (unpickled once per worker), run with the driver's
    torch thread count so a model judge adds up its floats in the same order."""

    def __init__(self, judge: Any):
        import pickle

        # pickled here, not by Ray: Ray would hand the worker read-only numpy buffers, which
        # spaCy's layers cannot take
        self.blob = pickle.dumps(judge)
        try:
            import torch

            self.threads = torch.get_num_threads()
        except ImportError:  # pragma: no cover - a declared dependency
            self.threads = None

    def __call__(self) -> Any:
        if self.threads:
            import torch

            torch.set_num_threads(self.threads)
        import pickle

        return pickle.loads(self.blob)


def regrade(suite: Suite, records: Sequence[dict], *, strict: bool = False) -> list[dict]:
    """Case verdicts graded again from the stored answers and judged rows (no model call)."""
    cases = _cases_of(suite, records)
    out = []
    for record in records:
        new = dict(record)
        if record.get("answer") and not record.get("error"):
            new["verdict"] = case_verdict(cases[record["case_id"]], record["answer"], record.get("judged") or [],
                                          strict=strict)
        out.append(new)
    return out


def call_generator(generator: Any, case: Case) -> tuple[Any, str | None]:
    """The generator's raw answer for one case, or the error that fails this case only."""
    from .generators.base import Request

    try:
        return generator.generate(Request.from_case(case)), None
    except KeyboardInterrupt:
        raise
    except GarbageOutput as exc:
        return None, f"unusable output: {exc}"
    except Exception as exc:  # crash, hang, bad reply: this case only
        return None, f"{type(exc).__name__}: {exc}"[:500]


def _run_concurrently(generator: Any, todo: list[tuple[int, Case]], workers: int,
                      finish: Callable[[int, Case, Any, str | None], None]) -> None:
    """At most ``workers`` requests in flight; results are judged and written in arrival order.

    Workers are daemon threads: on Ctrl-C the main thread stops taking results at once, and a
    request still waiting on a slow endpoint cannot hold the interpreter open.
    """
    tasks: queue.Queue = queue.Queue()
    results: queue.Queue = queue.Queue()
    for item in todo:
        tasks.put(item)

    def worker() -> None:
        while True:
            try:
                index, case = tasks.get_nowait()
            except queue.Empty:
                return
            results.put((index, case, *call_generator(generator, case)))

    for n in range(min(workers, len(todo))):
        threading.Thread(target=worker, daemon=True, name=f"generate-{n}").start()
    try:
        for _ in range(len(todo)):
            while True:
                try:
                    index, case, raw, error = results.get(timeout=0.2)
                    break
                except queue.Empty:
                    continue
            finish(index, case, raw, error)
    finally:
        while True:  # on an interrupt, workers take no new case
            try:
                tasks.get_nowait()
            except queue.Empty:
                break


def _progress_bar(total: int, initial: int, enabled: bool, label: str):
    if not enabled or total == 0:
        return None
    from tqdm import tqdm

    return tqdm(total=total, initial=initial, desc=f"run {label}"[:40], unit="case", file=sys.stderr,
                dynamic_ncols=True, leave=False)
