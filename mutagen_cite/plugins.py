"""One shape for the plugin registries (families, judges, generators), built on ``catalogue``.

Each registry is ``catalogue.create("mutagen_cite", KIND, entry_points=True)``, so a package
adds to it through the entry-point group ``mutagen_cite_KIND``; the project declares its own
built-ins in the same groups (``pyproject.toml``) and also registers them in code, so a checkout
that was never installed still has them. :func:`registered` is what lookups read: built-ins
first in their listed order, then plugins by name. A plugin that fails to import, or that
reuses a built-in's name, is a one-line :class:`ConfigError` naming the entry point.
"""

from __future__ import annotations

from typing import Any, Mapping

import catalogue

from .errors import ConfigError


def registered(registry: catalogue.Registry, builtin: Mapping[str, Any], kind: str) -> dict[str, Any]:
    """Every object in ``registry`` by name (``kind`` names it in errors, e.g. "judge")."""
    for name, obj in builtin.items():
        if not catalogue.check_exists(*registry.namespace, name):
            registry.register(name, func=obj)
    group = registry.entry_point_namespace
    try:
        plugins = registry.get_entry_points()
    except Exception as exc:  # an installed plugin that no longer imports
        raise ConfigError(f"a {kind} plugin in the entry-point group {group} failed to load "
                          f"({type(exc).__name__}: {exc})",
                          hint="upgrade or uninstall the package that declares it (pip show, pip uninstall)") from None
    clashes = sorted(n for n, obj in plugins.items() if n in builtin and obj is not builtin[n])
    if clashes:
        raise ConfigError(f"{kind} plugin entry point(s) {', '.join(clashes)} in {group} reuse a built-in name",
                          hint="give the plugin's entry point another name")
    found = registry.get_all()
    ordered = [n for n in builtin if n in found] + sorted(n for n in found if n not in builtin)
    return {n: found[n] for n in ordered}
