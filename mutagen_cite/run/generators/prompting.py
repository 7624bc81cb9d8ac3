"""Jinja2 templates for prompts and rubrics, found in the package or in the source tree.

Installed, ``templates/`` ships as the package ``mutagen_cite.templates``; in a source
checkout it is the folder at the repository root. A template argument that names an existing
file is loaded from that file instead, so users can swap the prompt without forking.
Versioned names (``prompt.v1.j2``) keep old runs reproducible: a changed prompt is a new file.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

import jinja2

from ...errors import ConfigError
from ...templating import environment, templates_dir


@lru_cache(maxsize=None)
def _environment(folder: str) -> jinja2.Environment:
    return environment([folder])


def load_template(name_or_path: str) -> tuple[jinja2.Template, str]:
    """The template and the sha256 of its source (recorded so a run names its exact prompt)."""
    path = Path(name_or_path).expanduser()
    if path.is_file():
        folder, name = path.resolve().parent, path.name
    else:
        folder, name = templates_dir(), name_or_path
    if not (folder / name).is_file():
        raise ConfigError(
            f"template {name_or_path!r} not found",
            where=str(folder),
            hint="pass a path to a .j2 file, or one of: "
            + ", ".join(sorted(p.name for p in templates_dir().glob("*.j2"))),
        )
    source = (folder / name).read_text(encoding="utf-8")
    try:
        template = _environment(str(folder)).get_template(name)
    except jinja2.TemplateSyntaxError as exc:
        raise ConfigError(
            f"template syntax error: {exc.message}",
            where=f"{folder / name}:{exc.lineno}",
            hint="fix the Jinja2 syntax at that line",
        ) from None
    return template, hashlib.sha256(source.encode("utf-8")).hexdigest()


def render(template: jinja2.Template, **values) -> str:
    """Render, turning a missing variable into a ConfigError that names it."""
    try:
        return template.render(**values).strip() + "\n"
    except jinja2.UndefinedError as exc:
        raise ConfigError(
            f"template {template.name} uses an unknown variable: {exc.message}",
            hint="templates may use: " + ", ".join(sorted(values)),
        ) from None
