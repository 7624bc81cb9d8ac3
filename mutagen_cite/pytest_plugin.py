"""pytest plugin: one test item per suite case, graded by the runner of ``mutagen-cite run``.

Shipped in the package and loaded by pytest through the ``pytest11`` entry point, so with the
package installed::

    pytest --mutagen-suite suite.yaml --mutagen-generator python:my_rag:answer

collects one item per case (its id is the case id; markers ``mutagen_<family>`` and
``mutagen_<variant>``, e.g. ``-m "mutagen_scope and mutagen_true_absent"``), calls the
generator through :func:`mutagen_cite.run.runner.run_case` (the per-case path of ``run``) and
fails an item with the runner's reasons. The per-family table of ``run`` prints at the end of
the session. The generator spec is the one of ``mutagen-cite run -g``; the judge defaults to
``run``'s (``--mutagen-judge`` to choose). Without ``--mutagen-suite`` the plugin does nothing
but register its options and markers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .model import FAMILIES

_STATE = pytest.StashKey["_Session"]()
VARIANTS = ("both-present", "true-absent")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mutagen-cite", "mutagen-cite: near-miss citation cases as test items")
    group.addoption("--mutagen-suite", metavar="SUITE", default=None,
                    help="Collect one test item per case of this suite (a mutagen-cite build output).")
    group.addoption("--mutagen-generator", metavar="SPEC", default=None,
                    help="What answers the cases, as for `mutagen-cite run -g` (oracle, similarity, "
                         "python:my_rag:answer, command:\"python rag.py\", openai:MODEL ...).")
    group.addoption("--mutagen-judge", metavar="SPEC", default=None,
                    help="Judge spec, as for `mutagen-cite run --judge` [default: the same as run: auto].")
    group.addoption("--mutagen-strict", action="store_true", default=False,
                    help="As `run --strict`: an uncited assertion of the absent claim fails.")
    group.addoption("--mutagen-cache-dir", metavar="DIR", default=".mutagen-cache",
                    help="Judge verdict and embedding cache, as `run --cache-dir` [default: .mutagen-cache].")
    group.addoption("--mutagen-nli-model", metavar="NAME|DIR", default=None,
                    help="Cross-encoder for the nli / auto judge, as `run --nli-model`.")
    group.addoption("--mutagen-embedding-model", metavar="NAME|PATH", default=None,
                    help="Embedding model for the similarity generator, as `run --embedding-model`.")
    group.addoption("--mutagen-timeout", metavar="SECONDS", type=float, default=60.0,
                    help="Seconds one generator call may take, as `run --timeout` [default: 60].")
    group.addoption("--mutagen-cite-pattern", metavar="REGEX", default=None,
                    help="Inline citation marker, as `run --cite-pattern`.")
    group.addoption("--mutagen-decline-token", metavar="TEXT", default=None,
                    help="Decline text, as `run --decline-token`.")
    group.addoption("--mutagen-output", metavar="RESULTS", default=None,
                    help="Also write the run's results file (readable by `mutagen-cite run --rescore`).")


def pytest_configure(config: pytest.Config) -> None:
    from .testing import _marker

    for family in FAMILIES:
        _add_marker(config, _marker(family), f"mutagen-cite case of the {family} family")
    for variant in VARIANTS:
        _add_marker(config, _marker(variant), f"mutagen-cite {variant} case")


def _add_marker(config: pytest.Config, name: str, text: str) -> None:
    config.addinivalue_line("markers", f"{name}: {text}")


class _Session:
    """The suite, the runner objects and the records of one pytest session."""

    def __init__(self, config: pytest.Config, suite_path: Path):
        from .testing import CaseRunner, load_checked_suite

        opt = config.option
        if not opt.mutagen_generator:
            raise pytest.UsageError("--mutagen-suite needs --mutagen-generator SPEC (as `mutagen-cite run -g`)")
        self.suite_path = suite_path
        self.suite = load_checked_suite(suite_path)
        cache = Path(opt.mutagen_cache_dir) if opt.mutagen_cache_dir else None
        output = Path(opt.mutagen_output) if opt.mutagen_output else None
        self.runner = CaseRunner(
            self.suite, suite_path=suite_path, judge_spec=opt.mutagen_judge, generator_spec=opt.mutagen_generator,
            strict=opt.mutagen_strict, cache_dir=cache, nli_model=opt.mutagen_nli_model,
            embedding_model=opt.mutagen_embedding_model, timeout=opt.mutagen_timeout,
            citation_pattern=opt.mutagen_cite_pattern, decline_token=opt.mutagen_decline_token,
            review_queue=output.with_suffix(".review.jsonl") if output else None,
        )
        self.output = output
        self.records: dict[str, dict] = {}
        self.prepared = False
        self.writer = None

    def start(self, items: list) -> None:
        """Before the first case: prepare the generator over the selected cases (as run does) and
        open the results file."""
        if self.prepared:
            return
        self.prepared = True
        from .run.generators.base import Request

        selected = [i.case for i in items if isinstance(i, CaseItem)]
        generator = self.runner.generator
        prepare = getattr(generator, "prepare", None)
        if callable(prepare):
            prepare([Request.from_case(c) for c in selected])
        if self.output is not None:
            from .run.runner import ResultsWriter

            self.writer = ResultsWriter(self.output, self.runner.header({"cases": len(selected)}))

    def record(self, record: dict) -> None:
        self.records[record["case_id"]] = record
        if self.writer is not None:
            self.writer.write(record)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None
        self.runner.close()


def _wrap(action):
    from .errors import MutagenError

    try:
        return action()
    except MutagenError as exc:
        raise pytest.UsageError(f"mutagen-cite: {exc}") from None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list) -> None:
    suite_option = config.getoption("mutagen_suite", None)
    if not suite_option:
        return
    suite_path = Path(suite_option)
    if not suite_path.is_file():
        raise pytest.UsageError(f"--mutagen-suite {suite_option}: no such file (build one with `mutagen-cite build`)")
    state = _wrap(lambda: _Session(config, suite_path))
    config.stash[_STATE] = state
    if not config.option.collectonly:  # a mistyped generator fails here, before any case runs
        _wrap(lambda: state.runner.generator)
    from .testing import marker_names

    for name in {n for case in state.suite.cases for n in marker_names(case)}:
        _add_marker(config, name, "mutagen-cite case family or variant")
    path = suite_path.resolve()
    try:
        nodeid = path.relative_to(config.rootpath).as_posix()
    except ValueError:  # a suite outside the rootdir is named by its file name
        nodeid = path.name
    collector = SuiteFile.from_parent(session, path=path, nodeid=nodeid)
    items.extend(session.genitems(collector))  # reported as collected, like any test file's items


class SuiteFile(pytest.File):
    """The suite file as a collector: one :class:`CaseItem` per case, in suite order."""

    def collect(self):
        from .testing import marker_names

        state = self.config.stash[_STATE]
        for index, case in enumerate(state.suite.cases):
            item = CaseItem.from_parent(self, name=case.id, case=case, index=index)
            for name in marker_names(case):
                item.add_marker(name)
            yield item


class CaseFailed(AssertionError):
    """A case the runner failed; its message is the runner's reasons."""


class CaseItem(pytest.Item):
    def __init__(self, *, case, index: int, **kwargs):
        super().__init__(**kwargs)
        self.case = case
        self.index = index
        self.record: dict | None = None

    def runtest(self) -> None:
        from .testing import reason

        state = self.config.stash[_STATE]
        _wrap(lambda: state.start(self.session.items))
        record = state.runner.run(self.case, self.index)
        state.record(record)
        self.record = record
        verdict = record.get("verdict") or {}
        self.user_properties += [("family", self.case.family), ("variant", self.case.variant),
                                 ("status", verdict.get("status", "error"))]
        if not verdict.get("passed"):
            raise CaseFailed(reason(record))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, CaseFailed) and self.record is not None:
            verdict = self.record.get("verdict") or {}
            lines = [str(excinfo.value), f"  {self.case.family} / {self.case.variant}: {verdict.get('status', 'fail')}"]
            lines.append(f"  question: {self.case.question}")
            answer = (self.record.get("answer") or {}).get("text")
            if answer is not None:
                lines.append(f"  answer: {answer[:500]}")
            return "\n".join(lines)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return self.path, None, f"mutagen-cite case {self.case.id}"


def pytest_sessionfinish(session: pytest.Session) -> None:
    state = session.config.stash.get(_STATE, None)
    if state is not None:
        state.close()


def pytest_terminal_summary(terminalreporter, exitstatus, config: pytest.Config) -> None:
    state = config.stash.get(_STATE, None)
    if state is None or not state.records:
        return
    from .run.report import CASE_COLUMNS, PAIR_COLUMNS, build_report, text_table, case_rows, headline_lines, pair_rows

    records = sorted(state.records.values(), key=lambda r: (r.get("index", 0), r["case_id"]))
    report = build_report({"generator": getattr(state.runner.generator, "name", "generator")}, records)
    summary = report["summary"]
    m = summary["overall"]
    tr = terminalreporter
    tr.write_sep("=", f"mutagen-cite: {state.suite_path.name}, generator {report['run']['generator']}")
    for line in headline_lines(report):
        tr.write_line(line)
    tr.write_line(f"{m['cases']} cases, {m['passed']} passed, {m['errored']} errored")
    tr.write_line("")
    for line in text_table(PAIR_COLUMNS, pair_rows(summary)).splitlines():
        tr.write_line(line)
    tr.write_line("")
    for line in text_table(CASE_COLUMNS, case_rows(summary)).splitlines():
        tr.write_line(line)
