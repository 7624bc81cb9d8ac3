"""The family registry: built-in families and plugins register the same way.

Third-party packages add families through the ``mutagen_cite_families`` entry-point group
(``name = "package.module:FamilyClass"``), via ``catalogue``. Names are never ``eval``-ed.
"""

from __future__ import annotations

from typing import Iterable

import catalogue

from ...errors import ConfigError
from .base import Example, Family, ValueSource, make_mutation, splice

registry = catalogue.create("mutagen_cite", "families", entry_points=True)

BUILTIN = ("scope", "date", "quantity", "entity", "polarity", "aggregation", "modality")


def _register_builtins() -> None:
    from importlib import import_module

    for name in BUILTIN:
        try:
            module = import_module(f"mutagen_cite.cases.families.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"mutagen_cite.cases.families.{name}":
                continue  # not written yet
            raise
        if name not in registry.get_all():
            registry.register(name, func=module.FAMILY)


def all_families() -> dict[str, Family]:
    """Every registered family by name: built-ins first in their canonical order, then plugins."""
    _register_builtins()
    found = registry.get_all()
    ordered = [n for n in BUILTIN if n in found] + sorted(n for n in found if n not in BUILTIN)
    return {n: found[n] for n in ordered}


def get_families(names: Iterable[str] | None = None) -> list[Family]:
    """The families named (all when None), or a ConfigError listing the known names."""
    known = all_families()
    if names is None:
        return list(known.values())
    out = []
    for name in names:
        key = name.strip().split(".v")[0]
        if key not in known:
            raise ConfigError(
                f"unknown family {name!r}",
                hint=f"choose from: {', '.join(known)}",
            )
        out.append(known[key])
    return out


__all__ = ["Example", "Family", "ValueSource", "all_families", "get_families", "make_mutation", "registry", "splice"]
