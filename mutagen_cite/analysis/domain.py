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
def doc_english() -> dict[str, frozenset[str]]:
    """The word lists of ``data/doc_english.yaml`` (agents, stative verbs ...), lower-cased,
    by list name; a malformed file is a :class:`ConfigError` naming the list."""
    import yaml

    where = "doc_english.yaml"
    try:
        data = yaml.safe_load(resources.files("mutagen_cite").joinpath("data/" + where).read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise ConfigError(f"invalid YAML: {exc}", where=where, hint="fix the YAML syntax") from None
    out: dict[str, frozenset[str]] = {}
    for key, words in (data or {}).items():
        if key == "version":
            continue
        if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
            raise ConfigError(f"list {key!r} must be a list of words", where=where)
        out[key] = frozenset(w.lower() for w in words)
    return out


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


# --------------------------------------------------------------------------- tier order

#: words between two tier names that make them one written list ("Hobby, Pro and Enterprise",
#: "Free / Trial", "Starter: 3 days; Team: 2 days" reads as a list too)
_TIER_LIST_GAP = re.compile(r"\s*(?:,|/|&|\band\b|\bor\b|, and\b|, or\b|\bplans?\b|\btiers?\b|\s)*\s*", re.I)
#: a sentence that names plans from the top down is no evidence of their order
_DOWNWARD = re.compile(r"\bdowngrad|\bfrom\s+(?:the\s+)?\S+\s+(?:plan\s+)?to\b", re.I)
_FREE = re.compile(r"\b(?:free|trial)\b", re.I)


class TierOrderEvidence:
    """Learns the order of a corpus's plan tiers (lowest first) from how its documents write them.

    Documentation lists plans from the cheapest up ("Hobby, Pro and Enterprise", a pricing
    table's rows or columns) and prices them in that order; a free or trial tier is the bottom
    of the ladder (price 0). Evidence, per document, each an ordered pair (lower, higher):

    - two tiers written as one list in a sentence or row ("Free, Pro and Enterprise"): in the
      order written (a sentence about downgrading, "from Pro to Hobby", is skipped);
    - consecutive table rows keyed by a tier ("Plan: Hobby; ...", then "Plan: Pro; ..."): in row
      order;
    - a tier priced in its sentence or row ("Plan: Pro; Price: $20 / month"): by price, counted
      three times (a price outweighs a list and a row order together);
    - a free tier below every priced one.

    Pairs are summed over documents, so the result does not depend on the order documents are
    added in. :meth:`result` keeps a pair whose votes outweigh the reverse and closes the
    relation transitively; a pair in a cycle is unknown. Hand-written rather than a library
    (a ranking or topological-sort package): the evidence is a handful of tiers and the rule
    that ties and cycles mean "unknown" is the point, which a ranking would hide.
    """

    def __init__(self) -> None:
        self.votes: dict[tuple[str, str], int] = {}

    def _vote(self, low: str, high: str, weight: int = 1) -> None:
        low, high = " ".join(low.split()).lower(), " ".join(high.split()).lower()
        if low != high:
            self.votes[(low, high)] = self.votes.get((low, high), 0) + weight

    def add(self, sentences) -> None:
        """One document's sentences, in document order."""
        priced: dict[str, float] = {}
        run: list[str] = []
        for sentence in sentences:
            tiers = sorted((s for s in sentence.slots if s.kind == "tier"), key=lambda s: s.start)
            text = sentence.text
            key = _row_key_tier(text, tiers)
            if key is not None:
                if run and run[-1].lower() != key.lower():
                    self._vote(run[-1], key)
                run.append(key)
            elif not text.lstrip().startswith(("-", "*")) and ": " not in text:
                run = []  # prose between two tables ends the run of rows
            if not tiers:
                continue
            if not _DOWNWARD.search(text):
                for a, b in zip(tiers, tiers[1:]):
                    if a.text.lower() != b.text.lower() and _TIER_LIST_GAP.fullmatch(text[a.end : b.start]) is not None:
                        self._vote(a.text, b.text)
                    elif a.text.lower() != b.text.lower() and re.fullmatch(r":\s[^;]{0,40};\s", text[a.end : b.start]):
                        self._vote(a.text, b.text)  # "Starter: 3 days; Team: 2 days"
            money = [s for s in sentence.slots if s.kind == "money" and s.number is not None]
            names = {t.text.lower() for t in tiers}
            if len(names) == 1 and len(money) == 1:
                priced.setdefault(tiers[0].text, float(money[0].number))
            for t in tiers:
                if _FREE.search(t.text):
                    priced.setdefault(t.text, 0.0)
        items = sorted(priced.items())
        for a, pa in items:
            for b, pb in items:
                if pa < pb:
                    self._vote(a, b, 3)

    def merge(self, other: "TierOrderEvidence") -> None:
        for k, v in other.votes.items():
            self.votes[k] = self.votes.get(k, 0) + v

    def result(self) -> tuple[tuple[str, str], ...]:
        """Sorted (lower, higher) pairs, lower-cased, transitively closed, cycles left out."""
        below = {(a, b) for (a, b), n in self.votes.items() if n > self.votes.get((b, a), 0)}
        names = sorted({t for pair in below for t in pair})
        for k in names:  # Floyd-Warshall closure over a handful of tiers
            for i in names:
                if (i, k) in below:
                    for j in names:
                        if (k, j) in below:
                            below.add((i, j))
        return tuple(sorted((a, b) for a, b in below if a != b and (b, a) not in below))


def _row_key_tier(text: str, tiers) -> str | None:
    """The tier keying a table row ("Plan: Pro; Price: ..."): the first cell's value, when a tier."""
    m = re.match(r"\s*(?:Plan|Tier|Edition|Subscription)s?:\s", text)
    if not m:
        return None
    for t in tiers:
        if t.start == m.end() or text[m.end() : t.start].strip() in ("", "The", "the"):
            return t.text
    return None


def tier_relation(pairs, a: str, b: str) -> int | None:
    """+1 when tier ``b`` is above ``a`` in the learned order (``pairs`` from
    :meth:`TierOrderEvidence.result`), -1 when below, None when the corpus does not say."""
    a, b = " ".join(a.split()).lower(), " ".join(b.split()).lower()
    if (a, b) in pairs:
        return 1
    if (b, a) in pairs:
        return -1
    if bool(_FREE.search(a)) != bool(_FREE.search(b)):
        return 1 if _FREE.search(a) else -1  # a free or trial tier is the bottom of any ladder
    return None
