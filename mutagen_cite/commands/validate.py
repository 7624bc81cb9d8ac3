"""``mutagen-cite validate SUITE``: check a suite file before running it (thin: see validate.py)."""

from __future__ import annotations

from pathlib import Path

import click

from ..files import dumps_json
from ..cases.suite_format import load_suite
from ..cases.validate import count_problems, format_problems, problems_to_dict, validate_suite


@click.command("validate")
@click.argument("suite", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--corpus", "corpus_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Document folder the suite was built from: also check provenance, offsets and hashes.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Report as readable lines or as JSON.")
def validate(suite: Path, corpus_dir: Path | None, fmt: str) -> None:
    """Check SUITE (.yaml, .yml, .jsonl or .json) for problems.

    \b
    Every case is checked: cited ids exist in its context, include and exclude are
    disjoint, both-present cases name what must be cited, true-absent cases expect a
    decline and lack their twin's true passage. With --corpus, the pinned texts are
    compared with the documents; a case is reported stale exactly when
    `build --update --check` would list it (its evidence changed, not just its document).

    Exit code 0 when there are no errors (warnings allowed), 1 when cases have errors,
    2 when SUITE itself cannot be read (missing, malformed YAML/JSON, bad structure) or
    the --corpus folder has no readable documents.

    \b
    Examples:
      mutagen-cite validate suite.yaml
      mutagen-cite validate suite.yaml --corpus docs/        (also check it against the documents)
      mutagen-cite validate suite.yaml --format json > problems.json
    """
    loaded = load_suite(suite)
    corpus = None
    if corpus_dir is not None:
        from mutagen_cite.corpus import load_corpus

        corpus = load_corpus(corpus_dir)
    problems = validate_suite(loaded, corpus=corpus, path=str(suite))
    n = len(loaded.cases)
    if fmt == "json":
        click.echo(dumps_json(problems_to_dict(problems, n_cases=n, path=str(suite))), nl=False)
    else:
        click.echo(format_problems(problems, n_cases=n, path=str(suite)), nl=False)
    errors, _ = count_problems(problems)
    click.get_current_context().exit(1 if errors else 0)


command = validate
