"""A mutagen-cite suite inside your own pytest tests.

Two ways in, both graded by the runner of ``mutagen-cite run`` (one case through
:func:`mutagen_cite.run.runner.run_case` / ``evaluate_case``: the same resolution, judge and
case verdict), so a test passes exactly when ``run`` would pass the case:

* the plugin (:mod:`mutagen_cite.pytest_plugin`, loaded by pytest from the package's
  ``pytest11`` entry point)::

      pytest --mutagen-suite suite.yaml --mutagen-generator python:my_rag:answer

* your own tests, with this module::

      from mutagen_cite.testing import assert_case, cases

      @pytest.mark.parametrize("case", cases("suite.yaml"))
      def test_citations(case):
          answer = my_rag(case.question, [(c.chunk_id, c.text) for c in case.context])
          assert_case(case, answer)   # AssertionError with the runner's reasons

An answer is anything a generator may return (text with ``[chunk_id]`` markers, a
``{"claims": [...]}`` dict, or ``{"decline": true}``); see ``mutagen-cite run --help``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from .model import Case, Suite

__all__ = ["cases", "assert_case", "grade", "CaseRunner", "marker_names"]

#: where verdicts and embeddings are cached, as for ``mutagen-cite run`` (its --cache-dir default)
DEFAULT_CACHE_DIR = Path(".mutagen-cache")


def marker_names(case: Case) -> tuple[str, str]:
    """The pytest markers of a case: ``mutagen_<family>`` and ``mutagen_<variant>``
    (``-m "mutagen_scope and mutagen_true_absent"`` selects one family's true-absent cases)."""
    return _marker(case.family), _marker(case.variant)


def _marker(name: str) -> str:
    return "mutagen_" + "".join(ch if ch.isalnum() else "_" for ch in name.lower())


@dataclass
class CaseRunner:
    """The run's judge, store and citation syntax for one suite, built as ``mutagen-cite run``
    builds them (same default judge, same options), and the one place a case is graded here."""

    suite: Suite
    suite_path: Path | None = None
    judge_spec: str | None = None
    generator_spec: str | None = None
    strict: bool = False
    cache_dir: Path | None = DEFAULT_CACHE_DIR
    nli_model: str | None = None
    embedding_model: str | None = None
    timeout: float = 60.0
    citation_pattern: str | None = None
    decline_token: str | None = None
    review_queue: Path | None = None
    _judge: Any = field(default=None, repr=False)
    _generator: Any = field(default=None, repr=False)
    _annotator: Any = field(default=False, repr=False)
    _store: frozenset | None = field(default=None, repr=False)
    _syntax: Any = field(default=None, repr=False)

    # -- what run builds, built once
    @property
    def store(self) -> frozenset[str]:
        if self._store is None:
            from .run.runner import store_ids

            self._store = store_ids(self.suite)
        return self._store

    @property
    def syntax(self):
        if self._syntax is None:
            from .run.answers import CitationSyntax

            self._syntax = CitationSyntax(self.citation_pattern)
        return self._syntax

    @property
    def token(self) -> str:
        from .run.answers import DEFAULT_DECLINE_TOKEN

        return self.decline_token or DEFAULT_DECLINE_TOKEN

    def annotator(self):
        if self._annotator is False:
            from .run.annotation import suite_annotator

            self._annotator = suite_annotator(self.suite, self.generator_spec or "", self.judge_spec)
        return self._annotator

    @property
    def judge(self):
        if self._judge is None:
            from .judges import make_judge

            cache = None if self.cache_dir is None else Path(self.cache_dir)
            self._judge = make_judge(
                self.judge_spec, cache_dir=None if cache is None else cache / "judge", parse_cache=True,
                nli_model=self.nli_model,
                timeout=self.timeout or 60.0,
                review_queue=self.review_queue or (cache or Path(".")) / "pytest.review.jsonl",
                annotator=self.annotator(),
            )
        return self._judge

    @property
    def generator(self):
        if self._generator is None:
            if not self.generator_spec:
                raise ValueError("no generator given")
            from .run.generators import make_generator

            cache = None if self.cache_dir is None else str(Path(self.cache_dir) / "embeddings")
            reader = self.generator_spec.strip().lower() == "reader"  # the one generator with an annotator
            self._generator = make_generator(
                self.generator_spec, timeout=self.timeout, embedding_model=self.embedding_model, cache_dir=cache,
                decline_token=self.decline_token, annotator=self.annotator() if reader else None,
            )
        return self._generator

    def header(self, extra: dict | None = None) -> dict:
        from .run.runner import run_header, suite_sha256

        return run_header(str(self.suite_path) if self.suite_path else None,
                          suite_sha256(self.suite_path) if self.suite_path else None,
                          self.generator if self.generator_spec else None, self.judge, self.syntax, self.token,
                          {"strict": self.strict, **(extra or {})})

    # -- one case
    def run(self, case: Case, index: int = 0) -> dict:
        """Call the generator on ``case`` and grade its answer: the record ``run`` writes."""
        from .run.runner import run_case

        return run_case(self.generator, case, index, self.judge, self.store, self.syntax, self.token,
                        strict=self.strict)

    def grade(self, case: Case, answer: Any, index: int = 0) -> dict:
        """Grade an answer the caller already has (no generator call)."""
        from .run.runner import evaluate_case

        return evaluate_case(case, index, answer, None, self.judge, self.store, self.syntax, self.token,
                             strict=self.strict)

    def close(self) -> None:
        if self._generator is not None:
            try:
                self._generator.close()
            except Exception:  # closing must never hide the session's own outcome
                pass


def reason(record: dict) -> str:
    """The runner's reason a case failed (its verdict's reasons, as ``run`` prints them)."""
    verdict = record.get("verdict") or {}
    return "; ".join(verdict.get("reasons") or []) or str(verdict.get("status", "failed"))


# --------------------------------------------------------------------------- the parametrize API

#: id(case) -> (case, suite path): where a case handed out by cases() came from, so assert_case
#: resolves its citations against the whole suite's store, as run does. The case is kept
#: in the value so its id() is never reused while the entry exists.
_ORIGIN: dict[int, tuple[Case, Path]] = {}
_RUNNERS: dict[tuple, CaseRunner] = {}


def load_checked_suite(path: str | os.PathLike) -> Suite:
    """The suite at ``path``, refused (ConfigError) when it does not pass ``validate``, as ``run``
    refuses it."""
    from .cases.suite_format import load_suite
    from .cases.validate import count_problems, format_problems, validate_suite
    from .errors import ConfigError

    suite = load_suite(path)
    problems = validate_suite(suite, path=str(path))
    if count_problems(problems)[0]:
        details = format_problems([p for p in problems if p.severity == "error"], n_cases=len(suite.cases),
                                  path=str(path))
        first = details.strip().splitlines()[0] if details.strip() else ""
        raise ConfigError(f"the suite does not pass validate ({first})", where=str(path),
                          hint="run `mutagen-cite validate` on it and fix the cases, or rebuild the suite")
    return suite


def cases(suite_path: str | os.PathLike, *, families: Iterable[str] = (), variants: Iterable[str] = ()) -> list:
    """The suite's cases as ``pytest.param`` objects (id = case id, markers ``mutagen_<family>``
    and ``mutagen_<variant>``), for ``@pytest.mark.parametrize("case", cases("suite.yaml"))``."""
    import pytest

    path = Path(suite_path)
    suite = load_checked_suite(path)
    families, variants = set(families), set(variants)
    out = []
    for case in suite.cases:
        if (families and case.family not in families) or (variants and case.variant not in variants):
            continue
        _ORIGIN[id(case)] = (case, path.resolve())
        marks = [getattr(pytest.mark, name) for name in marker_names(case)]
        out.append(pytest.param(case, id=case.id, marks=marks))
    return out


def _runner_for(case: Case, judge: str | None, strict: bool, citation_pattern: str | None,
                decline_token: str | None) -> CaseRunner:
    origin = _ORIGIN.get(id(case))
    path = origin[1] if origin and origin[0] is case else None
    key = (str(path) if path else ("case", case.id), judge, strict, citation_pattern, decline_token)
    runner = _RUNNERS.get(key)
    if runner is None:
        if path is not None:
            from .cases.suite_format import load_suite

            suite = load_suite(path)
        else:
            suite = Suite(header=None, cases=(case,))
        runner = CaseRunner(suite, suite_path=path, judge_spec=judge, strict=strict,
                            citation_pattern=citation_pattern, decline_token=decline_token)
        _RUNNERS[key] = runner
    return runner


def grade(case: Case, answer: Any, *, judge: str | None = None, strict: bool = False,
          citation_pattern: str | None = None, decline_token: str | None = None) -> dict:
    """The runner's result record for ``answer`` to ``case`` (verdict under ``record["verdict"]``)."""
    return _runner_for(case, judge, strict, citation_pattern, decline_token).grade(case, answer)


def assert_case(case: Case, answer: Any, *, judge: str | None = None, strict: bool = False,
                citation_pattern: str | None = None, decline_token: str | None = None) -> dict:
    """Raise ``AssertionError`` with the runner's reason when ``answer`` fails ``case``.

    ``judge`` is a ``--judge`` spec (default: the same as ``mutagen-cite run``); ``strict`` as
    ``run --strict``. Returns the result record when the case passes.
    """
    record = grade(case, answer, judge=judge, strict=strict, citation_pattern=citation_pattern,
                   decline_token=decline_token)
    if not (record.get("verdict") or {}).get("passed"):
        raise AssertionError(reason(record))
    return record
