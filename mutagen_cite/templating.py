"""The one place Jinja2 environments are made: packaged templates, user overrides first.

``templates/`` ships as the package ``mutagen_cite.templates``; in a source checkout it is
the folder at the repository root. Every renderer (questions, prompts, rubrics, HTML reports)
uses :func:`environment` so all templates share loader order, strictness and whitespace rules.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

import jinja2


def templates_dir() -> Path:
    """The folder holding the packaged templates."""
    try:
        from importlib.resources import files

        folder = Path(str(files("mutagen_cite.templates")))
        if folder.is_dir():
            return folder
    except ModuleNotFoundError:
        pass
    return Path(__file__).resolve().parents[1] / "templates"


def environment(extra_dirs: Sequence[str | Path] = (), *, html: bool = False) -> jinja2.Environment:
    """An environment over ``extra_dirs`` (searched first) then the packaged templates.

    Undefined variables are errors; ``html=True`` turns on autoescaping for reports.
    """
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader([str(d) for d in extra_dirs] + [str(templates_dir())]),
        undefined=jinja2.StrictUndefined,
        autoescape=html,
        keep_trailing_newline=False,
        trim_blocks=True,
        lstrip_blocks=True,
    )
