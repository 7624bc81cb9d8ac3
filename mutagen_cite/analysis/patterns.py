"""Rule patterns for the attributes a statistical model misses or splits.

Numbers, quantities, money, sizes and dates come from the one value model
(:mod:`mutagen_cite.values`); this module turns them into :class:`Slot` objects with exact
offsets and a normalised value (durations ``"<number> <unit>"``, money ``"<number>
<currency>"``, dates ISO) and adds what is not a value: versions, cloud regions, plan tiers,
environments. Order matters: earlier slots win overlaps.
"""

from __future__ import annotations

import re
from typing import Iterable

from ..model import Slot

from ..values import find_values
from ..values.tables import MONTHS

VERSION = re.compile(
    r"\bv\d+(?:\.\d+){0,3}\b"
    r"|\b\d+\.\d+\.\d+(?:[-.][0-9A-Za-z]+)?\b"
    r"|\b(?P<product>[A-Z][A-Za-z+#]*(?:\.js)?)\s(?:[Vv]ersion\s)?(?P<ver>\d+(?:\.\d+){0,2})\b(?!\s?%)"
)
NOT_PRODUCTS = {
    "Section", "Step", "Table", "Figure", "Level", "Tier", "Chapter", "Article", "Day", "Days",
    "Week", "Weeks", "Phase", "Page", "Item", "Part", "Option", "Rule", "Appendix", "Q", "Year",
    "Month", "Months", "Years", "Hours", "Stage", "Priority", "Severity", "Sev", "P", "Critical",
    "High", "Medium", "Low", "Over", "Under", "Up", "About", "Around", "Within", "In", "On", "At",
    "For", "By", "To", "From", "Since", "Until", "After", "Before", "Of", "And", "Or", "The",
    "Only", "All", "Every", "Each", "Most", "Some", "Top", "First", "Last", "Next", "Plan",
}
REGION = re.compile(
    r"\b(?:(?:us|eu|ap|sa|ca|me|af|il|mx|cn)-(?:gov-)?"
    r"(?:north|south|east|west|central|northeast|northwest|southeast|southwest)-\d)\b"
    r"|\b(?:us|europe|asia|australia|northamerica|southamerica|me|africa)-"
    r"(?:north|south|east|west|central|northeast|northwest|southeast|southwest)\d\b"
)
ENVIRONMENT = re.compile(r"\b(?:production|staging|sandbox|development|preview)\b(?=\s+(?:environments?|envs?|clusters?|projects?|workspaces?|deployments?)\b)", re.I)
#: "deploy to production", "test it in staging first": the environment named alone after a
#: preposition; only the two words that never mean anything else there ("in development" is
#: also "being built", "in preview" a release stage), and not as an adjective ("production use")
ENVIRONMENT_BARE = re.compile(
    r"(?:(?<=\bin )|(?<=\bto )|(?<=\binto )|(?<=\bon )|(?<=\bfrom )|(?<=\bfor ))(?:production|staging)\b(?![-\w])"
    r"(?=\s*(?:[.,;:)!?]|$)|\s+(?:and|or|before|after|with|without|until|unless|if|when|first|only|yet|as|by|at|"
    r"on|in|for|to|is|are|was|were|will|can|may|must|should|within|every|once|again|take|takes|"
    r"runs?|needs?|requires?|fails?|starts?|happens?)\b)"
)

#: "the Pro plan", "Business tier", "Plan: Team;" (a table row rendered by the loader)
TIER_CONTEXT = re.compile(
    r"\b(?P<name>[A-Z][A-Za-z0-9+]*(?:\s[A-Z][A-Za-z0-9+]*)?)\s(?P<noun>plans?|tiers?|editions?|subscriptions?|packages?)\b"
    r"|\b(?:Plan|Tier|Edition):\s(?P<cell>[A-Z][A-Za-z0-9+]*(?:\s[A-Z][A-Za-z0-9+]*)?)\s*[;.]"
)
NOT_TIERS = {
    "The", "This", "That", "Your", "Our", "Each", "Every", "All", "Any", "No", "A", "An", "Which",
    "What", "Paid", "Free Trial", "Current", "New", "Old", "Other", "Same", "Annual", "Monthly",
    "Billing", "Pricing", "Usage", "Payment", "Support", "Your Plan", "Project", "Team Plan",
    "Data", "Action", "Response", "Test", "Project Plan", "Plan", "Service",
}


#: last words that make "<X> plan" a package sold beside the plans, not a plan
_PACKAGE_HEADS = {"Support", "Services", "Service", "Add-on", "Add-ons", "Addon", "Addons", "Bundle", "Training",
                  "Consulting", "Success", "Onboarding", "Credits", "Pack", "Package"}


def tier_fragment(text: str, start: int) -> bool:
    """The capitalised words at ``start`` continue a longer capitalised name ("Pay As You Go
    plan" read from "You"): the word before is capitalised and does not start the sentence."""
    before = text[:start]
    m = re.search(r"([A-Za-z][\w+-]*)\s+$", before)
    if not m or not m.group(1)[0].isupper() or m.group(1) in NOT_TIERS:
        return False
    return not re.search(r"(?:^|[.!?:;]\s+|\n\s*[-*#>\d.)]*\s*)$", before[: m.start(1)])


def not_a_plan(name: str) -> bool:
    """A support or service package ("Premium Support"), or a capitals-only code word of five
    or more letters ("XSTREAM", seen in patch lists): tier-shaped, but not a plan."""
    words = name.split()
    if not words or words[-1] in _PACKAGE_HEADS:
        return True
    return any(len(w) >= 5 and w.isupper() and w.isalpha() for w in words)


_DATE_KIND = {10: "date", 7: "month", 4: "year"}

#: a fiscal year label ("FY24", "FY 2025"), the year handbooks and finance pages plan by; not one
#: end of a range ("FY19-FY21")
FISCAL_YEAR = re.compile(r"(?<![\w-])(?<!FY\d\d[-–])FY ?(?P<y>(?:19|20)?\d{2})(?![\w-]|\s?[-–]\s?FY)")


def _fiscal_years(text: str) -> Iterable[Slot]:
    for m in FISCAL_YEAR.finditer(text):
        y = m.group("y")
        year = int(y) if len(y) == 4 else 2000 + int(y)
        yield Slot("date", "year", m.start(), m.end(), m.group(0), f"FY{year}", float(year), "fiscal year")


def _date_slot_of(v, base: int = 0) -> Slot | None:
    """A date slot for a date :class:`~mutagen_cite.values.Value`: ISO value by granularity."""
    iso = v.canonical.split(" ", 1)[1]
    if v.comparator == "range" or iso.startswith("--"):
        return None
    if "-Q" in iso:
        y, q = iso.split("-")
        return Slot("date", "quarter", base + v.start, base + v.end, v.text, f"{y}-{q}")
    kind = _DATE_KIND.get(len(iso))
    if kind is None:
        return None
    if kind == "year":
        return Slot("date", "year", base + v.start, base + v.end, v.text, iso, float(iso), "year")
    return Slot("date", kind, base + v.start, base + v.end, v.text, iso)


def date_slot(text: str, start: int, end: int) -> Slot | None:
    """A date slot for ``text[start:end]`` (e.g. a spaCy DATE entity) with an ISO value
    when parseable; None for things that are not calendar dates ("30 days", "annually")."""
    surface = text[start:end]
    for v in find_values(surface, ranges=False):
        if v.kind == "date":
            v = _core(v, surface)
            slot = _date_slot_of(v, start)
            if slot is not None:
                return slot
            iso = v.canonical.split(" ", 1)[1]
            if iso.startswith("--"):  # "1 February" / "February 1st": month and day, no year
                return Slot("date", "date", start + v.start, start + v.end, v.text, iso)
    m = re.search(r"\b(?P<y>(?:19|20)\d{2})\b", surface)
    if m:
        return Slot("date", "year", start + m.start(), start + m.end(), m.group(0), m.group("y"),
                    float(m.group("y")), "year")
    low = surface.lower()
    if any(re.search(rf"\b{name}\b", low) for name in MONTHS if len(name) > 3):
        return Slot("date", "date", start, end, surface, low)
    return None


def _core(v, text: str):
    """The value without its comparator/rate words (the mutation site is the value itself)."""
    a, b = v.core
    if (a, b) == (v.start, v.end):
        return v
    from dataclasses import replace

    return replace(v, start=a, end=b, text=text[a:b])


class RulePatterns:
    """All rule patterns, with the corpus's tier names compiled in."""

    def __init__(self, tiers: Iterable[str] = ()):
        names = sorted({t for t in tiers if t}, key=len, reverse=True)
        self.tier_rx = (
            re.compile(r"\b(?:" + "|".join(re.escape(n) for n in names) + r")\b") if names else None
        )

    def find(self, text: str) -> list[Slot]:
        from .domain import find_domain_slots

        # domain vocabulary first (data/domain_patterns.yaml): "Europe (Frankfurt)" and
        # "PostgreSQL 16.1" stay one slot; earlier slots win overlaps in the annotator
        out: list[Slot] = list(find_domain_slots(text))
        values = _values(text)
        out.extend(_money(text, values))
        out.extend(_percent(text, values))
        out.extend(_sizes(text, values))
        out.extend(_dates(text, values))
        out.extend(_fiscal_years(text))
        out.extend(_durations(text, values))
        out.extend(_regions(text))
        out.extend(_versions(text))
        if self.tier_rx is not None:
            for m in self.tier_rx.finditer(text):
                out.append(Slot("scope", "tier", m.start(), m.end(), m.group(0), m.group(0).lower()))
        for rx in (ENVIRONMENT, ENVIRONMENT_BARE):
            for m in rx.finditer(text):
                out.append(Slot("scope", "environment", m.start(), m.end(), m.group(0), m.group(0).lower()))
        return out


def _values(text: str):
    return [_core(v, text) for v in find_values(text, ranges=False)]


def _money(text: str, values) -> Iterable[Slot]:
    for v in values:
        if v.kind == "money":
            yield Slot("quantity", "money", v.start, v.end, v.text, f"{v.number:g} {v.unit_word}", v.number, v.unit_word)


def _percent(text: str, values) -> Iterable[Slot]:
    for v in values:
        if v.kind == "percent":
            yield Slot("quantity", "percent", v.start, v.end, v.text, f"{v.number:g} percent", v.number, "percent")


def _sizes(text: str, values) -> Iterable[Slot]:
    for v in values:
        if v.kind in ("size", "compute"):
            yield Slot("quantity", "size", v.start, v.end, v.text, f"{v.number:g} {v.unit_word}", v.number, v.unit_word)


def _durations(text: str, values) -> Iterable[Slot]:
    for v in values:
        if v.kind != "duration":
            continue
        if re.match(r"(?:an?|half\s+an?)\s", v.text, re.I) and " " not in v.unit_word:
            continue  # "a day" is rarely a mutable quantity; "a month" in prose even less
        if re.search(r"\d[:/]$", text[: v.start]):
            continue  # "1:1s", "24/7": a ratio or a schedule, not a duration
        yield Slot("quantity", "duration", v.start, v.end, v.text, f"{v.number:g} {v.unit_word}", v.number, v.unit_word)


def _dates(text: str, values) -> Iterable[Slot]:
    for v in values:
        if v.kind == "date" and not re.fullmatch(r"\d{4}", v.text):
            slot = _date_slot_of(v)
            if slot is not None:
                yield slot


def _regions(text: str) -> Iterable[Slot]:
    for m in REGION.finditer(text):
        yield Slot("scope", "region", m.start(), m.end(), m.group(0), m.group(0).lower())


def _versions(text: str) -> Iterable[Slot]:
    for m in VERSION.finditer(text):
        product = m.group("product")
        if product is not None:
            if product in NOT_PRODUCTS or product.upper() == product and len(product) <= 2:
                continue
            if product.lower().rstrip(".") in MONTHS:
                continue
            ver = m.group("ver")
            if re.fullmatch(r"(?:19|20)\d{2}", ver):
                continue  # "Summer 2024" is a date, not a version
            yield Slot("entity", "version", m.start(), m.end(), m.group(0), f"{product.lower()} {ver}")
        else:
            yield Slot("entity", "version", m.start(), m.end(), m.group(0), m.group(0).lower().lstrip("v"))
