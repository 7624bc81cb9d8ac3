"""``mutagen-cite diff OLD NEW``: what moved between two suite versions (thin: see suite_diff.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..files import atomic_write_text, dumps_json
from ..cases.diff import diff_suites, diff_to_dict, format_markdown, format_text
from ..cases.suite_format import load_suite


@click.command("diff")
@click.argument("old", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("new", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "json"]), default="text", show_default=True,
              help="Readable lines, a Markdown code-review comment, or JSON.")
@click.option("--details/--no-details", default=True, show_default=True,
              help="Show each changed, new and retired near miss field by field, or only the list.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the diff to this file (atomically) instead of printing it.")
@click.option("--exit-code", is_flag=True, help="Exit 1 when the suites differ (like git diff --exit-code).")
def command(old: Path, new: Path, fmt: str, details: bool, output: Path | None, exit_code: bool) -> None:
    """Compare two versions of a suite: cases kept, changed, new and retired, per family.

    \b
    Cases are matched by id. For each near miss that moved you see what changed: the
    question, claim and answer, the near-miss value, the context sentences that differ,
    the expectation and where the true sentence now lives.

    \b
    Examples:
      git show HEAD:suite.yaml > /tmp/old.yaml
      mutagen-cite diff /tmp/old.yaml suite.yaml
      mutagen-cite diff /tmp/old.yaml suite.yaml --format markdown -o review.md
    """
    d = diff_suites(load_suite(old), load_suite(new), old_name=str(old), new_name=str(new))
    if fmt == "json":
        text = dumps_json(diff_to_dict(d))
    elif fmt == "markdown":
        text = format_markdown(d, details=details)
    else:
        text = format_text(d, details=details)
    if output is not None:
        atomic_write_text(output, text)
        click.echo(f"wrote {output}")
    else:
        click.echo(text, nl=False)
    if exit_code and not d.unchanged:
        sys.exit(1)
