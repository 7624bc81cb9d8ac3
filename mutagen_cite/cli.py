"""Command-line entry point. Click only: parse, call one library function, print.

Subcommands live in ``mutagen_cite/commands/``, one module each. This module is the one
place where a ``MutagenError`` becomes a one-line message and an exit code.
"""

from __future__ import annotations

import os
import sys

import click

from . import __version__
from .errors import MutagenError

# No model hub is contacted unless the user asks for a hub model by name.
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


class _Group(click.Group):
    """Runs every subcommand inside the error boundary."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except MutagenError as exc:
            click.echo(click.style("error: ", fg="red", bold=True) + str(exc), err=True)
            sys.exit(exc.exit_code)
        except KeyboardInterrupt:
            click.echo(interrupted_message(ctx.invoked_subcommand), err=True)
            sys.exit(130)


#: commands that write their output as they go (the rest write it whole, atomically, at the end)
_INCREMENTAL = {"run": "interrupted: results written so far are kept (rerun with --resume to continue)"}


def interrupted_message(command: str | None) -> str:
    """What Ctrl-C leaves behind, said truthfully for each command."""
    if command in _INCREMENTAL:
        return _INCREMENTAL[command]
    return ("interrupted: no output file was written (outputs are written whole at the end); "
            "parses and embeddings cached so far are kept, so a rerun is faster")


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="mutagen-cite")
def main() -> None:
    """Build citation test suites from your own documents, and score any RAG generator on them.

    \b
    The workflow:
      1. mutagen-cite mine   DOCS/                 see which enumerations your docs contain
      2. mutagen-cite build  DOCS/ -o suite.yaml   60 near-miss cases, both variants
      3. mutagen-cite audit  suite.yaml            how hard is each distractor?
      4. mutagen-cite run    suite.yaml -g ...     score a generator per family (CI gate)
      5. mutagen-cite build  DOCS/ --update suite.yaml   after the docs change
         mutagen-cite build  DOCS/ --update suite.yaml --check   (CI: fail when stale)
         mutagen-cite diff   old.yaml suite.yaml --format markdown  (for code review)
      Also: validate (check a suite file), judge eval|train (measure and adapt judges),
            export (the suite for promptfoo, Hugging Face, ragas, DeepEval).

    Every command takes --help. Same inputs and --seed give byte-identical output.
    """


def _register() -> None:
    from importlib import import_module

    for name in ("mine", "build", "validate", "audit", "run", "judge", "diff", "export"):
        try:
            module = import_module(f"mutagen_cite.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"mutagen_cite.commands.{name}":
                continue  # command not built yet
            raise
        main.add_command(module.command)


_register()

if __name__ == "__main__":  # pragma: no cover
    main()
