"""``mutagen-cite run SUITE -g GENERATOR``: score a generator's citations, per family, with gates."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..run.annotation import suite_annotator
from ..model import FAMILIES
from .common import backend_option


def _split(ctx, param, value):
    return tuple(v.strip() for v in (value or "").split(",") if v.strip())


@click.command("run")
@click.argument("suite_path", metavar="SUITE", required=False, type=click.Path(dir_okay=False, path_type=Path))
@click.option("-g", "--generator", "generator_spec", metavar="SPEC",
              help="What answers the questions (the forms are listed above).")
@click.option("-j", "--judge", "judge_spec", metavar="SPEC", default=None,
              help="Who decides whether a cited passage supports a claim: auto, slots, lexical, nli[:NAME|DIR], "
                   "llm:MODEL, ensemble:A+B [default: auto = ensemble:nli+slots when an NLI cross-encoder is "
                   "configured (--nli-model, MUTAGEN_CITE_NLI_MODEL) or cached locally, else slots].")
@click.option("--nli-model", metavar="NAME|DIR", default=None,
              help="Cross-encoder for --judge nli / auto (hub name or saved folder) [default: cross-encoder/nli-deberta-v3-small].")
@click.option("--embedding-model", metavar="NAME|PATH", default=None,
              help="Embedding model for --generator similarity [default: all-MiniLM-L6-v2, else the offline package].")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=Path("results.jsonl"),
              show_default=True, help="Results, one JSON line per case, written as answers arrive.")
@click.option("--resume", is_flag=True, help="Keep the answered cases already in --output; run only the rest.")
@click.option("--rescore", "rescore_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="RESULTS", help="Report on an existing results file instead of running the generator "
              "(with --judge and SUITE: judge its answers again).")
@click.option("--report", "report_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write a report: .md Markdown, .json JSON, .xml JUnit, anything else plain text.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the metrics and failing cases as JSON.")
@click.option("--junit", "junit_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write JUnit XML, one test case per suite case (for CI test tabs).")
@click.option("--html", "html_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write a self-contained HTML report: pass bars per family, and each failing case's question, "
                   "answer and citations beside the true passage and the near miss, the changed attribute marked.")
@click.option("--fail-under", "gates", multiple=True, metavar="METRIC=MIN,...",
              help="Exit 1 when a metric is below its minimum, e.g. pair_pass=0.9,true_absent_pass=0.9; "
                   "FAMILY.METRIC gates one family.")
@click.option("--fail-over", "max_gates", multiple=True, metavar="METRIC=MAX,...",
              help="Exit 1 when a metric is above its maximum, e.g. errored=0,case_mis_attribution=0.")
@click.option("--strict", is_flag=True, help="A true-absent answer that asserts the absent claim without a "
              "citation fails (by default only cited assertions and unsupported citations fail).")
@click.option("--allow-errors", is_flag=True, help="Exit 0 even when cases errored (by default any errored "
              "case makes the run exit 1: a crash must never read as a pass).")
@click.option("--allow-partial", is_flag=True, help="With --rescore: gate a results file that lacks some of "
              "the run's cases (by default gates are refused on a partial file).")
@click.option("--force", is_flag=True, help="Overwrite an existing --output results file (without it, "
              "an existing file is kept and the run refused; --resume continues it).")
@click.option("--families", callback=_split, default="", metavar="A,B,...",
              help=f"Run only these families ({', '.join(FAMILIES)}, or a plugin's).")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="Run only the first N cases (a smoke test).")
@click.option("--timeout", type=click.FloatRange(min=0), default=60.0, show_default=True,
              help="Seconds one generator call (or LLM judge call) may take; 0 waits forever. For openai: each "
                   "attempt gets this long, and failed attempts are retried up to 3 times.")
@click.option("--concurrency", type=click.IntRange(min=1), default=4, show_default=True,
              help="Requests in flight for openai: generators and llm: judges.")
@click.option("--base-url", default=None, metavar="URL",
              help="OpenAI-compatible endpoint [default: $OPENAI_BASE_URL, else https://api.openai.com/v1].")
@click.option("--api-key-env", default="OPENAI_API_KEY", show_default=True, metavar="NAME",
              help="Environment variable holding the API key.")
@click.option("--prompt", "prompt_template", default=None, metavar="TEMPLATE",
              help="Prompt template for openai: generators (a .j2 file) [default: prompt.v1.j2].")
@click.option("--cite-pattern", default=None, metavar="REGEX",
              help=r"Inline citation marker with one group around the id(s) [default: \[(...)\], e.g. [p-12] or [p-1, p-2]].")
@click.option("--decline-token", default=None, metavar="TEXT",
              help="An answer that is exactly this text counts as a decline [default: NOT IN CONTEXT].")
@click.option("--review-queue", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Where an ensemble judge appends the pairs its members disagree on "
                   "[default: next to --output, .review.jsonl].")
@click.option("--baseline", "baseline_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="REPORT", help="An earlier JSON report or results .jsonl: refuse to score with a judge "
              "(model, weights sha256, threshold, premise policy) other than the one it recorded.")
@click.option("--allow-judge-change", is_flag=True, help="Score anyway when the judge differs from --baseline's, "
              "and print what changed.")
@click.option("--cache-dir", type=click.Path(file_okay=False, path_type=Path), default=Path(".mutagen-cache"),
              show_default=True, help="Judge verdicts go to CACHE_DIR/judge, embeddings to CACHE_DIR/embeddings.")
@click.option("--no-cache", is_flag=True, help="Judge every pair again; cache nothing.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar (there is none when stderr is not a terminal).")
@backend_option
def command(suite_path, generator_spec, judge_spec, nli_model, embedding_model, output, resume, rescore_path,
            report_path, json_path, junit_path, gates, families, limit, timeout, concurrency, base_url,
            api_key_env, prompt_template, cite_pattern, decline_token, review_queue, baseline_path,
            allow_judge_change, cache_dir, no_cache, quiet, max_gates=(), strict=False, allow_errors=False,
            allow_partial=False, force=False, html_path=None):
    """Run a generator on SUITE and score its citations per family.

    \b
    Generators (-g):
      oracle                        answers with the expected claim; must pass ~everything
      reader                        answers only from a sentence stating the question's
                                    whole condition, cites it; declines otherwise
      similarity                    states the answer and cites the chunk whose embedding is
                                    closest to it, never declines (seed 003's strategy: must
                                    catch no pair)
      lexical                       the same by token F1
      extractive                    copies the sentence closest to the question, cited; never
                                    declines (extractive-lexical: by token F1)
      first-chunk | abstain         state the answer citing the first passage / always decline
      command:"python my_rag.py"    any program: one JSON request per stdin line,
                                    one JSON answer per stdout line (stdout is for
                                    answers only, log to stderr; echo case_id)
      python:my_pkg.rag:answer      a Python function taking the request dict
      openai:gpt-4o-mini            an OpenAI-compatible chat endpoint (--base-url,
                                    key from $OPENAI_API_KEY)
      NAME[:ARG]                    a plugin's generator (README, "Plugins")
    \b
    A request is {"case_id", "question", "context": [{"chunk_id", "text"}]}. An answer is
    {"answer": "text with [chunk_id] markers"}, {"claims": [{"text", "citations":
    [{"chunk_id", "quote"?}]}]} or {"decline": true}.
    \b
    Read first (the first lines of every report):
      pairs caught       a near miss is caught only when its both-present case
                         AND its true-absent twin pass (gate: pair_pass)
      both-present pass  right answer, citing the true passage, not the near miss
      true-absent pass   declined, or stated only what the near miss says, with
                         every citation supporting its claim (an uncited
                         assertion passes unless --strict)
    The mean case pass rate is not one of them: a system that never cites passes
    most true-absent cases for free. "answers citing" shows that at a glance.
    \b
    Gates (exit code 1 when any fails; any errored case also exits 1 unless
    --allow-errors):
      --fail-under pair_pass=0.9,both_present_pass=0.9,true_absent_pass=0.9
      --fail-over errored=0,case_mis_attribution=0
      --fail-under scope.pair_pass=0.9          (one family)
    \b
    Examples:
      mutagen-cite run suite.yaml -g oracle
      mutagen-cite run suite.yaml -g similarity --report report.md --junit junit.xml
      mutagen-cite run suite.yaml -g similarity --html report.html   (open it in a browser)
      mutagen-cite run suite.yaml -g command:"python rag.py" -o out.jsonl --resume
      mutagen-cite run suite.yaml -g openai:gpt-4o-mini --judge nli:./my-nli-model
      mutagen-cite run --rescore out.jsonl --fail-under pair_pass=0.9
    """
    from ..run.gates import parse_gates
    from ..run.report import build_report, render_terminal, write_report
    from ..run.runner import judge_metadata, read_results, rejudge, run_suite

    gate_list = parse_gates(list(gates)) + parse_gates(list(max_gates), maximum=True)
    if cite_pattern is not None:
        from ..run.answers import CitationSyntax

        CitationSyntax(cite_pattern)  # a bad regex is a one-line error here, before any model loads
    from ..cases.families import all_families

    registered = list(all_families())  # built-ins and plugins
    unknown = [f for f in families if f not in registered]
    if unknown:
        raise click.BadParameter(f"unknown famil{'y' if len(unknown) == 1 else 'ies'} {', '.join(unknown)}; "
                                 f"choose from {', '.join(registered)}", param_hint="--families")
    progress = not quiet and sys.stderr.isatty()
    judge_opts = dict(
        cache_dir=None if no_cache else cache_dir / "judge", parse_cache=True, nli_model=nli_model, base_url=base_url,
        api_key_env=api_key_env, timeout=timeout or 60.0, concurrency=concurrency,
        review_queue=review_queue or output.with_suffix(".review.jsonl"),
    )

    if rescore_path is not None:
        header, records = read_results(rescore_path)
        if suite_path is not None and (header or {}).get("suite_sha256"):
            from ..run.runner import suite_sha256

            if suite_sha256(suite_path) != header["suite_sha256"]:
                raise click.UsageError(f"{rescore_path} was written for another suite than {suite_path} "
                                       "(sha256 differs); pass the suite the results came from")
        expected = (header or {}).get("cases")
        missing = expected - len(records) if isinstance(expected, int) else 0
        if missing > 0:
            click.echo(click.style("partial results: ", fg="yellow") + f"{missing} of {expected} case(s) are "
                       f"missing or unreadable in {rescore_path}", err=True)
            if gate_list and not allow_partial:
                raise click.UsageError(f"refusing to gate on a partial results file ({missing} of {expected} "
                                       "cases missing); rerun with --resume, or pass --allow-partial")
        if strict and not judge_spec and suite_path is None:
            raise click.UsageError("--rescore with --strict needs SUITE (the verdicts are graded again from it)")
        if suite_path is not None and not judge_spec:
            from ..run.runner import regrade
            from ..cases.suite_format import load_suite

            records = regrade(load_suite(suite_path), records, strict=strict)
        if judge_spec:
            if suite_path is None:
                raise click.UsageError("--rescore with --judge needs SUITE (the judge reads the case contexts)")
            from ..judges import make_judge
            from ..cases.suite_format import load_suite

            rescored = load_suite(suite_path)
            from ..judges.slots import header_product_names

            judge = make_judge(judge_spec, **judge_opts, annotator=suite_annotator(rescored, "", judge_spec),
                               product_names=header_product_names(rescored.header))
            _check_baseline(baseline_path, judge, allow_judge_change)
            records = rejudge(load_suite(suite_path), records, judge, progress=progress, strict=strict)
            stale = ("judge_weights_sha256", "judge_members")
            header = {k: v for k, v in (header or {}).items() if k not in stale}
            header.update(judge_metadata(judge), rejudged=True)
    else:
        if suite_path is None or not generator_spec:
            raise click.UsageError("give SUITE and --generator (or --rescore RESULTS)")
        from ..run.generators import make_generator
        from ..judges import make_judge
        from ..cases.suite_format import load_suite
        from ..model import Suite

        suite = load_suite(suite_path)
        from ..cases.validate import count_problems, format_problems, validate_suite

        problems = validate_suite(suite, path=str(suite_path))
        if count_problems(problems)[0]:
            click.echo(format_problems([p for p in problems if p.severity == "error"], n_cases=len(suite.cases),
                                       path=str(suite_path)), err=True, nl=False)
            raise click.UsageError(f"{suite_path} does not pass validate; fix the cases above "
                                   "(or rebuild the suite) before scoring a generator on it")
        if output.exists() and not (resume or force):
            raise click.UsageError(f"{output} already exists; pass --resume to continue it, --force to "
                                   "overwrite it, or -o another file")
        cases = [c for c in suite.cases if not families or c.family in families]
        if limit:
            cases = cases[:limit]
        if not cases:
            raise click.UsageError("no cases to run (check --families)")
        annotator = suite_annotator(suite, generator_spec, judge_spec)
        generator = make_generator(  # first: a mistyped -g should fail before a judge model loads
            generator_spec, timeout=timeout, embedding_model=embedding_model,
            cache_dir=None if no_cache else str(cache_dir / "embeddings"), base_url=base_url,
            api_key_env=api_key_env, concurrency=concurrency, prompt=prompt_template, decline_token=decline_token,
            annotator=annotator,
        )
        from ..judges.slots import header_product_names

        judge = make_judge(judge_spec, **judge_opts, annotator=annotator, product_names=header_product_names(suite.header))
        _check_baseline(baseline_path, judge, allow_judge_change)
        run_kwargs = {"decline_token": decline_token} if decline_token else {}
        result = run_suite(
            Suite(header=suite.header, cases=tuple(cases), retired=suite.retired), generator, judge,
            results_path=output, suite_path=suite_path, resume=resume, citation_pattern=cite_pattern,
            progress=progress, strict=strict, header_extra={"cases": len(cases), "strict": strict}, **run_kwargs,
        )
        header, records = result.header, result.records
        if result.reused:
            click.echo(f"resumed: {result.reused} case(s) kept from {output}", err=True)

    shown = _report_cases(suite_path, header) if rescore_path is not None else suite.cases
    report = build_report(header, records, gate_list, cases=shown)
    click.echo(render_terminal(report), nl=False)
    written = []
    if report_path:
        written.append(write_report(report_path, report, records, cases=shown))
    if html_path:
        written.append(write_report(html_path, report, records, kind="html", cases=shown))
    if json_path:
        written.append(write_report(json_path, report, records, kind="json"))
    if junit_path:
        written.append(write_report(junit_path, report, records, kind="junit"))
    if rescore_path is None:
        written.insert(0, output)
    if written:
        click.echo("wrote " + ", ".join(str(p) for p in written))
    overall = report["summary"]["overall"]
    exit_code = 0
    if not report["gates_passed"]:
        failed = [g["reason"] for g in report["gates"] if not g["passed"]]
        click.echo(click.style("gates failed: ", fg="red", bold=True) + "; ".join(failed), err=True)
        exit_code = 1
    if overall["errored"] and not allow_errors:
        click.echo(click.style("errored: ", fg="red", bold=True) + f"{overall['errored']} case(s) could not be "
                   "answered or judged (counted as failed); exit 1 (--allow-errors to accept)", err=True)
        exit_code = 1
    if not gate_list and exit_code == 0:
        failing = overall["cases"] - overall["passed"]
        click.echo(f"no gate set: exit code 0{f' although {failing} case(s) failed' if failing else ''}. "
                   "To gate a release: --fail-under pair_pass=0.9,both_present_pass=0.9,true_absent_pass=0.9 "
                   "--fail-over errored=0", err=True)
    if exit_code:
        click.get_current_context().exit(exit_code)


def _report_cases(suite_path, header) -> tuple:
    """The suite's cases, for reports that quote questions and passages: SUITE when given, else
    the suite the results name when it is still there unchanged; () when neither is."""
    from ..cases.suite_format import load_suite
    from ..run.runner import suite_sha256

    if suite_path is not None:
        return load_suite(suite_path).cases
    named, sha = (header or {}).get("suite"), (header or {}).get("suite_sha256")
    if named and sha and Path(named).is_file() and suite_sha256(named) == sha:
        return load_suite(named).cases
    return ()


def _check_baseline(baseline_path, judge, allow_change: bool) -> None:
    """Refuse (JudgeChanged, exit 2) a judge other than the baseline's, unless allowed."""
    if baseline_path is None:
        return
    from ..judges.pinning import PREMISE_POLICY, check_pin, judge_record, read_pin

    changes = check_pin(read_pin(baseline_path), judge_record(judge, PREMISE_POLICY), allow_change)
    for change in changes:
        click.echo(click.style("judge changed: ", fg="yellow") + change, err=True)
