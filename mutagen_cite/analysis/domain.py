"""Domain vocabulary as data: cloud regions, instance classes, engine versions, time zones.

The patterns live in ``mutagen_cite/data/domain_patterns.yaml`` (shipped in the wheel), not in
code: a new provider's region names are an edit to that file. Each match becomes one slot, so
"Europe (Frankfurt)" or "PostgreSQL 16.1" is never split by the statistical tagger into a place
and a number. The file's hash is part of :data:`DOMAIN_VERSION`, which the annotator puts in its
cache key.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Iterable

from ..errors import ConfigError
from ..model import Slot

_RESOURCE = ("mutagen_cite", "data/domain_patterns.yaml")
_FIELDS = {"name", "family", "kind", "style", "names", "regex", "value", "context", "flags"}


@dataclass(frozen=True)
class DomainPattern:
    name: str
    family: str
    kind: str
    style: str
    regex: re.Pattern
    value: str = "lower"
    context: re.Pattern | None = None
    names: tuple[str, ...] = ()

    def find(self, text: str) -> Iterable[Slot]:
        if self.context is not None and not self.context.search(text):
            return
        for m in self.regex.finditer(text):
            if m.end() <= m.start():
                continue
            yield Slot(self.family, self.kind, m.start(), m.end(), m.group(0), self._value(m))

    def _value(self, m: re.Match) -> str:
        if self.value == "keep":
            return m.group(0)
        if self.value == "lower":
            return m.group(0).lower()
        groups = {k: (v or "") for k, v in m.groupdict().items()}
        return self.value.format(**groups).lower()


def _read_text() -> str:
    package, name = _RESOURCE
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


def parse_patterns(text: str, where: str = "domain_patterns.yaml") -> tuple[DomainPattern, ...]:
    """Compile the patterns of a domain-patterns YAML text; a :class:`ConfigError` names the bad entry."""
    import yaml

    from ..files import first_yaml_alias

    loader = yaml.SafeLoader(text)
    try:
        try:
            node = loader.get_single_node()
        except yaml.YAMLError as exc:
            raise ConfigError(f"invalid YAML: {exc}", where=where, hint="fix the YAML syntax") from None
        alias = first_yaml_alias(node)
        if alias is not None:
            raise ConfigError(f"YAML aliases are not allowed (line {alias.start_mark.line + 1})", where=where,
                              hint="write the value out instead of referring to an &anchor")
        data = loader.construct_document(node) if node is not None else None
    finally:
        loader.dispose()
    if not isinstance(data, dict) or not isinstance(data.get("patterns"), list):
        raise ConfigError("must be a mapping with a list under 'patterns:'", where=where)
    out = []
    for i, entry in enumerate(data["patterns"], start=1):
        at = f"{where}: pattern {i}"
        if not isinstance(entry, dict):
            raise ConfigError("each pattern must be a mapping", where=at)
        unknown = set(entry) - _FIELDS
        if unknown:
            raise ConfigError(f"unknown field {sorted(unknown)[0]!r}", where=at, hint=f"allowed: {', '.join(sorted(_FIELDS))}")
        for key in ("name", "family", "kind", "regex"):
            if not isinstance(entry.get(key), str) or not entry[key].strip():
                raise ConfigError(f"field {key!r} must be non-empty text", where=at)
        names = tuple(str(n) for n in entry.get("names") or ())
        source = entry["regex"]
        if "{names}" in source:
            if not names:
                raise ConfigError("regex uses {names} but the pattern has no names:", where=at)
            source = source.replace("{names}", "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)))
        flags = re.I if "i" in str(entry.get("flags", "")) else 0
        try:
            rx = re.compile(source, flags)
            ctx = re.compile(entry["context"], re.I) if entry.get("context") else None
        except re.error as exc:
            raise ConfigError(f"bad regular expression in {entry['name']!r}: {exc}", where=at) from None
        value = str(entry.get("value", "lower"))
        out.append(DomainPattern(entry["name"], entry["family"], entry["kind"], str(entry.get("style", "")),
                                 rx, value, ctx, names))
    return tuple(out)


@lru_cache(maxsize=1)
def domain_patterns() -> tuple[DomainPattern, ...]:
    """The packaged patterns, compiled once per process."""
    return parse_patterns(_read_text())


@lru_cache(maxsize=1)
def domain_version() -> str:
    """``domain=<sha256[:12]>`` of the packaged patterns file (part of the annotator version)."""
    return "domain=" + hashlib.sha256(_read_text().encode("utf-8")).hexdigest()[:12]


def find_domain_slots(text: str) -> list[Slot]:
    """Slots of every domain pattern in ``text``; where two overlap, the longer (then earlier) wins."""
    found = [s for p in domain_patterns() for s in p.find(text)]
    found.sort(key=lambda s: (-(s.end - s.start), s.start))
    kept: list[Slot] = []
    for s in found:
        if not any(s.start < k.end and k.start < s.end for k in kept):
            kept.append(s)
    kept.sort(key=lambda s: s.start)
    return kept


def style_of(slot_text: str, kind: str) -> str | None:
    """The naming style of a value of ``kind`` (``aws-name``, ``azure-code`` ...), or None.

    A replacement should keep the style of the original: "Europe (Frankfurt)" by "US West
    (Oregon)", not by "eu-west-1" or "West Europe"."""
    for p in domain_patterns():
        if p.kind == kind and p.regex.fullmatch(slot_text):
            return p.style
    return None


def listed_style(name: str, kind: str) -> str | None:
    """The style of the pattern of ``kind`` whose ``names`` list holds ``name`` ("desktop-os" for
    "Windows"): for patterns that match a listed name only in context ("on Windows"), where the
    name alone does not match the regex."""
    for p in domain_patterns():
        if p.kind == kind and name in p.names:
            return p.style
    return None


def names_of_style(style: str) -> tuple[str, ...]:
    """The listed names of one style (e.g. every Azure display name), for same-style values."""
    return tuple(n for p in domain_patterns() if p.style == style for n in p.names)
