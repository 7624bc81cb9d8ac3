"""Rule patterns for the attributes a statistical model misses or splits.

Each pattern yields :class:`Slot` objects with exact offsets into the text and a normalised
value: durations to ``"<number> <unit>"``, money to ``"<number> <currency>"``, dates to ISO
where parseable, region ids and tiers lower-cased. Order matters: earlier patterns win
overlaps (money before durations, versions before bare numbers).
"""

from __future__ import annotations

import re
from typing import Iterable

from .model import Slot

WORD_NUMBERS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "eighteen": 18, "twenty": 20,
    "thirty": 30, "forty": 40, "forty-five": 45, "fifty": 50, "sixty": 60, "ninety": 90,
    "hundred": 100,
}
_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_WORDNUM = "|".join(sorted(WORD_NUMBERS, key=len, reverse=True))

MONTHS = {
    m: i + 1
    for i, m in enumerate(
        ["january", "february", "march", "april", "may", "june", "july", "august",
         "september", "october", "november", "december"]
    )
}
MONTHS.update({k[:3]: v for k, v in list(MONTHS.items())})
MONTHS["sept"] = 9
_MONTH = r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"

TIME_UNITS = ("second", "minute", "hour", "day", "week", "month", "year")
SIZE_UNITS = {
    "kb": "kb", "mb": "mb", "gb": "gb", "tb": "tb", "pb": "pb",
    "kib": "kib", "mib": "mib", "gib": "gib", "tib": "tib",
    "vcpu": "vcpu", "vcpus": "vcpu", "cpu": "cpu", "cpus": "cpu", "core": "core", "cores": "core",
}
CURRENCY = {"$": "usd", "usd": "usd", "dollar": "usd", "dollars": "usd", "€": "eur", "eur": "eur",
            "euro": "eur", "euros": "eur", "£": "gbp", "gbp": "gbp"}
MULTIPLIER = {"k": 1e3, "K": 1e3, "m": 1e6, "M": 1e6, "million": 1e6, "billion": 1e9, "bn": 1e9}

MONEY = re.compile(
    rf"(?P<sym>[$€£])\s?(?P<num>{_NUM})(?:\s?(?P<mult>k|K|M|million|billion|bn)\b)?"
    rf"|\b(?P<num2>{_NUM})\s?(?P<code>USD|EUR|GBP|dollars|euros)\b"
)
PERCENT = re.compile(rf"\b(?P<num>{_NUM})\s?(?:%|percent\b|per cent\b)")
SIZE = re.compile(rf"\b(?P<num>{_NUM})\s?(?P<unit>KB|MB|GB|TB|PB|KiB|MiB|GiB|TiB|vCPUs?|CPUs?|cores?)\b")
DURATION = re.compile(
    rf"\b(?P<num>{_NUM}|{_WORDNUM}|an?)(?:\s|-)(?P<qual>(?:business|calendar|working)\s)?"
    rf"(?P<unit>seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b",
    re.I,
)
VERSION = re.compile(
    r"\bv\d+(?:\.\d+){0,3}\b"
    r"|\b\d+\.\d+\.\d+(?:[-.][0-9A-Za-z]+)?\b"
    r"|\b(?P<product>[A-Z][A-Za-z+#]*(?:\.js)?)\s(?P<ver>\d+(?:\.\d+){0,2})\b(?!\s?%)"
)
NOT_PRODUCTS = {
    "Section", "Step", "Table", "Figure", "Level", "Tier", "Chapter", "Article", "Day", "Days",
    "Week", "Weeks", "Phase", "Page", "Item", "Part", "Option", "Rule", "Appendix", "Q", "Year",
    "Month", "Months", "Years", "Hours", "Stage", "Priority", "Severity", "Sev", "P", "Critical",
    "High", "Medium", "Low", "Over", "Under", "Up", "About", "Around", "Within", "In", "On", "At",
    "For", "By", "To", "From", "Since", "Until", "After", "Before", "Of", "And", "Or", "The",
    "Only", "All", "Every", "Each", "Most", "Some", "Top", "First", "Last", "Next", "Plan",
}
ISO_DATE = re.compile(r"\b(?P<y>(?:19|20)\d{2})-(?P<m>0[1-9]|1[0-2])-(?P<d>0[1-9]|[12]\d|3[01])\b")
DMY = re.compile(rf"\b(?P<d>[0-3]?\d)(?:st|nd|rd|th)?\s(?P<mon>{_MONTH})\s(?P<y>(?:19|20)\d{{2}})\b")
MDY = re.compile(rf"\b(?P<mon>{_MONTH})\s(?P<d>[0-3]?\d)(?:st|nd|rd|th)?,?\s(?P<y>(?:19|20)\d{{2}})\b")
MY = re.compile(rf"\b(?P<mon>{_MONTH})\s(?P<y>(?:19|20)\d{{2}})\b")
QUARTER = re.compile(r"\b(?P<q>Q[1-4])\s(?P<y>(?:19|20)\d{2})\b")
YEAR = re.compile(r"\b(?P<y>(?:19|20)\d{2})\b")
REGION = re.compile(
    r"\b(?:(?:us|eu|ap|sa|ca|me|af|il|mx|cn)-(?:gov-)?"
    r"(?:north|south|east|west|central|northeast|northwest|southeast|southwest)-\d)\b"
    r"|\b(?:us|europe|asia|australia|northamerica|southamerica|me|africa)-"
    r"(?:north|south|east|west|central|northeast|northwest|southeast|southwest)\d\b"
)
ENVIRONMENT = re.compile(r"\b(?:production|staging|sandbox|development|preview)\b(?=\s+(?:environments?|envs?|clusters?|projects?|workspaces?|deployments?)\b)", re.I)

#: "the Pro plan", "Business tier", "Plan: Team;" (a table row rendered by the loader)
TIER_CONTEXT = re.compile(
    r"\b(?P<name>[A-Z][A-Za-z0-9+]*(?:\s[A-Z][A-Za-z0-9+]*)?)\s(?:plans?|tiers?|editions?|subscriptions?|packages?)\b"
    r"|\b(?:Plan|Tier|Edition):\s(?P<cell>[A-Z][A-Za-z0-9+]*(?:\s[A-Z][A-Za-z0-9+]*)?)\s*[;.]"
)
NOT_TIERS = {
    "The", "This", "That", "Your", "Our", "Each", "Every", "All", "Any", "No", "A", "An", "Which",
    "What", "Paid", "Free Trial", "Current", "New", "Old", "Other", "Same", "Annual", "Monthly",
    "Billing", "Pricing", "Usage", "Payment", "Support", "Your Plan", "Project", "Team Plan",
    "Data", "Action", "Response", "Test", "Project Plan", "Plan", "Service",
}


def parse_number(text: str) -> float | None:
    t = text.strip().lower().replace(",", "")
    if t in WORD_NUMBERS:
        return float(WORD_NUMBERS[t])
    if t in ("a", "an"):
        return 1.0
    try:
        return float(t)
    except ValueError:
        return None


def _unit_singular(word: str) -> str:
    w = word.lower()
    return w[:-1] if w.endswith("s") else w


def _iso(y: int, m: int, d: int | None) -> str:
    return f"{y:04d}-{m:02d}" + (f"-{d:02d}" if d else "")


def date_slot(text: str, start: int, end: int) -> Slot | None:
    """A date slot for ``text[start:end]`` (e.g. a spaCy DATE entity) with an ISO value
    when parseable; None for things that are not calendar dates ("30 days", "annually")."""
    surface = text[start:end]
    for rx in (ISO_DATE, DMY, MDY):
        m = rx.search(surface)
        if m:
            mon = m.groupdict().get("mon")
            month = int(m.group("m")) if "m" in m.groupdict() and m.group("m") else MONTHS[mon.lower().rstrip(".")]
            return Slot("date", "date", start + m.start(), start + m.end(), m.group(0),
                        _iso(int(m.group("y")), month, int(m.group("d"))))
    m = MY.search(surface)
    if m:
        month = MONTHS[m.group("mon").lower().rstrip(".")]
        return Slot("date", "month", start + m.start(), start + m.end(), m.group(0), _iso(int(m.group("y")), month, None))
    m = QUARTER.search(surface)
    if m:
        return Slot("date", "quarter", start + m.start(), start + m.end(), m.group(0), f"{m.group('y')}-{m.group('q')}")
    m = YEAR.search(surface)
    if m:
        return Slot("date", "year", start + m.start(), start + m.end(), m.group(0), m.group("y"), float(m.group("y")), "year")
    low = surface.lower()
    if any(re.search(rf"\b{name}\b", low) for name in MONTHS if len(name) > 3):
        return Slot("date", "date", start, end, surface, low)
    return None


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
        out.extend(_money(text))
        out.extend(_percent(text))
        out.extend(_sizes(text))
        out.extend(_dates(text))
        out.extend(_durations(text))
        out.extend(_regions(text))
        out.extend(_versions(text))
        if self.tier_rx is not None:
            for m in self.tier_rx.finditer(text):
                out.append(Slot("scope", "tier", m.start(), m.end(), m.group(0), m.group(0).lower()))
        for m in ENVIRONMENT.finditer(text):
            out.append(Slot("scope", "environment", m.start(), m.end(), m.group(0), m.group(0).lower()))
        return out


def _money(text: str) -> Iterable[Slot]:
    for m in MONEY.finditer(text):
        num = parse_number(m.group("num") or m.group("num2"))
        if num is None:
            continue
        cur = CURRENCY[(m.group("sym") or m.group("code")).lower()]
        if m.group("mult"):
            num *= MULTIPLIER[m.group("mult")]
        yield Slot("quantity", "money", m.start(), m.end(), m.group(0), f"{num:g} {cur}", num, cur)


def _percent(text: str) -> Iterable[Slot]:
    for m in PERCENT.finditer(text):
        num = parse_number(m.group("num"))
        yield Slot("quantity", "percent", m.start(), m.end(), m.group(0), f"{num:g} percent", num, "percent")


def _sizes(text: str) -> Iterable[Slot]:
    for m in SIZE.finditer(text):
        num = parse_number(m.group("num"))
        unit = SIZE_UNITS[m.group("unit").lower()]
        yield Slot("quantity", "size", m.start(), m.end(), m.group(0), f"{num:g} {unit}", num, unit)


def _durations(text: str) -> Iterable[Slot]:
    for m in DURATION.finditer(text):
        raw = m.group("num")
        if raw.lower() in ("a", "an") and not m.group("qual"):
            continue  # "a day" is rarely a mutable quantity; "a month" in prose even less
        num = parse_number(raw)
        if num is None:
            continue
        unit = _unit_singular(m.group("unit"))
        qual = (m.group("qual") or "").strip().lower()
        value_unit = f"{qual} {unit}" if qual else unit
        yield Slot("quantity", "duration", m.start(), m.end(), m.group(0), f"{num:g} {value_unit}", num, value_unit)


def _dates(text: str) -> Iterable[Slot]:
    taken: list[tuple[int, int]] = []
    for rx in (ISO_DATE, DMY, MDY, MY, QUARTER):
        for m in rx.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            slot = date_slot(text, m.start(), m.end())
            if slot is not None:
                taken.append((m.start(), m.end()))
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
