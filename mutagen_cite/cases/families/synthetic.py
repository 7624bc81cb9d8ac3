"""Typed generators for replacement values when the corpus offers no real sibling.

Each generator returns *candidates* (deterministically ordered); the family picks one with its
``random.Random``. Names come from Faker, seeded from that rng, so the same seed gives the same
name. Numbers come from unit-aware ladders of values people actually write (7, 14, 30, 90
days; 99.9, 99.95 percent), so a synthetic near miss looks like a plausible sibling.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from functools import lru_cache
from typing import Sequence

# --------------------------------------------------------------------------- numbers

#: values commonly written with each unit; the neighbours of a value on its ladder are the
#: plausible alternatives ("7 days" -> 5, 10, 14 days; never 7.3 days)
LADDERS: dict[str, tuple[float, ...]] = {
    "second": (1, 2, 5, 10, 15, 30, 45, 60, 90, 120, 300),
    "minute": (1, 2, 5, 10, 15, 20, 30, 45, 60, 90, 120),
    "hour": (1, 2, 3, 4, 6, 8, 12, 24, 36, 48, 72, 96, 120, 168, 360, 720),
    "day": (1, 2, 3, 5, 7, 10, 14, 15, 21, 28, 30, 45, 60, 90, 120, 180, 365, 730),
    "week": (1, 2, 3, 4, 6, 8, 12, 16, 26, 52),
    "month": (1, 2, 3, 6, 9, 12, 13, 18, 24, 36, 48, 60),
    "year": (1, 2, 3, 4, 5, 6, 7, 10, 15, 20, 25),
    "percent": (0.1, 0.5, 1, 2, 3, 5, 10, 15, 20, 25, 30, 40, 50, 60, 70, 75, 80, 90, 95, 98, 99,
                99.5, 99.9, 99.95, 99.99, 99.999, 100),
    "size": (1, 2, 4, 5, 8, 10, 16, 20, 25, 32, 50, 64, 100, 128, 200, 250, 256, 500, 512, 1000,
             1024, 2000, 2048, 4096, 5000, 10000),
    "count": (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 75, 100, 150, 200, 250, 500,
              1000, 2000, 5000, 10000, 50000, 100000),
}
_NICE = (1, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5, 8, 10)


def ladder_neighbours(value: float, ladder: Sequence[float], reach: int = 2) -> list[float]:
    """Up to ``reach`` ladder values on each side of ``value`` (never ``value`` itself),
    nearest first, smaller before larger at equal distance."""
    below = [v for v in ladder if v < value][-reach:][::-1]
    above = [v for v in ladder if v > value][:reach]
    out: list[float] = []
    for i in range(reach):
        if i < len(below):
            out.append(below[i])
        if i < len(above):
            out.append(above[i])
    return out


def nice_round(x: float) -> float:
    """Round to a value people write in price lists: 2 significant figures on the
    1-1.5-2-2.5-3-4-5-6-7.5-8 grid (times a power of ten); 0 stays 0."""
    if x <= 0:
        return 0.0
    import math

    exp = math.floor(math.log10(x))
    base = x / 10**exp
    best = min(_NICE, key=lambda n: abs(n - base))
    return round(best * 10**exp, 6)


def money_candidates(value: float) -> list[float]:
    """Other plausible prices: a quarter, half, double, five times (rounded to nice values);
    for a free ($0) item, small prices."""
    if value == 0:
        return [5.0, 10.0, 20.0]
    out: list[float] = []
    for f in (0.5, 2.0, 0.25, 5.0):
        v = nice_round(value * f)
        if value >= 1 and v < 1:
            continue
        if v != value and v not in out:
            out.append(v)
    return out


def number_candidates(value: float, kind: str, unit: str | None) -> list[float]:
    """Plausible different values for a quantity of ``kind`` (duration/percent/size/count/money)
    measured in ``unit``: ladder neighbours, or scaled values off the ladder's range."""
    if kind == "money":
        return money_candidates(value)
    if kind == "duration":
        base = (unit or "day").split()[-1]
        ladder = LADDERS.get(base, LADDERS["day"])
    elif kind in LADDERS:
        ladder = LADDERS[kind]
    else:
        ladder = LADDERS["count"]
    out = [v for v in ladder_neighbours(value, ladder) if v != value]
    if kind == "percent":
        out = [v for v in out if 0 <= v <= 100]
    if not out or value > ladder[-1]:
        out = [v for v in (nice_round(value * 2), nice_round(value / 2)) if v != value and v > 0]
    if kind != "percent" and value == int(value):
        out = [v for v in out if v == int(v)]  # integers stay integers
    return out


# --------------------------------------------------------------------------- regions

AWS_REGIONS = (
    "af-south-1", "ap-east-1", "ap-northeast-1", "ap-northeast-2", "ap-south-1", "ap-southeast-1",
    "ap-southeast-2", "ca-central-1", "eu-central-1", "eu-central-2", "eu-north-1", "eu-south-1",
    "eu-west-1", "eu-west-2", "eu-west-3", "me-south-1", "sa-east-1", "us-east-1", "us-east-2",
    "us-west-1", "us-west-2",
)
GCP_REGIONS = (
    "asia-east1", "asia-northeast1", "asia-south1", "asia-southeast1", "australia-southeast1",
    "europe-north1", "europe-west1", "europe-west2", "europe-west3", "europe-west4",
    "northamerica-northeast1", "southamerica-east1", "us-central1", "us-east1", "us-east4",
    "us-west1", "us-west2",
)


def region_style(region: str) -> str:
    """"aws" for ``eu-central-1`` style ids, "gcp" for ``europe-west1``, else "other"."""
    r = region.lower()
    if re.fullmatch(r"[a-z]{2}-(?:gov-)?[a-z]+-\d", r):
        return "aws"
    if re.fullmatch(r"[a-z]+-[a-z]+\d", r):
        return "gcp"
    return "other"


def region_candidates(region: str) -> list[str]:
    """Well-formed region ids of the same provider style, other geographies first."""
    style = region_style(region)
    pool = AWS_REGIONS if style == "aws" else GCP_REGIONS if style == "gcp" else ()
    own = region.lower()
    geo = own.split("-")[0]
    others = [r for r in pool if r != own]
    # a different geography is the sharper near miss (eu -> us), then the same one (eu-west-1)
    ranked = [r for r in others if r.split("-")[0] != geo] + [r for r in others if r.split("-")[0] == geo]
    if own.isupper():
        ranked = [r.upper() for r in ranked]
    return ranked


ENVIRONMENTS = ("production", "staging", "development", "sandbox", "preview")

#: region codes English prose uses as nouns ("in the US", "EU customers"); "FR" or "IN" read
#: as typos there, so they are never offered
GEO_CODES = ("US", "EU", "UK")
GEO_REGIONS = ("Europe", "North America", "Asia Pacific", "Latin America", "Africa", "Oceania")
COUNTRIES = ("United States", "Canada", "Mexico", "Brazil", "United Kingdom", "Ireland", "France",
             "Germany", "Netherlands", "Spain", "Italy", "Sweden", "Poland", "India", "Japan",
             "Singapore", "Australia", "South Africa", "Nigeria", "Kenya")
#: major cities, to tell a place from a word spaCy mislabelled as one
CITIES = (
    "Amsterdam", "Atlanta", "Austin", "Bangalore", "Bangkok", "Barcelona", "Beijing", "Berlin",
    "Bogota", "Boston", "Brussels", "Budapest", "Buenos Aires", "Cairo", "Cape Town", "Chicago",
    "Copenhagen", "Dallas", "Delhi", "Denver", "Dubai", "Dublin", "Edinburgh", "Frankfurt",
    "Geneva", "Hamburg", "Helsinki", "Hong Kong", "Houston", "Istanbul", "Jakarta",
    "Johannesburg", "Lagos", "Lisbon", "London", "Los Angeles", "Madrid", "Manchester", "Manila",
    "Melbourne", "Mexico City", "Miami", "Milan", "Montreal", "Moscow", "Mumbai", "Munich",
    "Nairobi", "New York", "Osaka", "Oslo", "Paris", "Philadelphia", "Phoenix", "Portland",
    "Prague", "Rome", "San Diego", "San Francisco", "Santiago", "Sao Paulo", "Seattle", "Seoul",
    "Shanghai", "Singapore", "Stockholm", "Sydney", "Taipei", "Tel Aviv", "Tokyo", "Toronto",
    "Vancouver", "Vienna", "Warsaw", "Washington", "Zurich", "Oregon", "Virginia", "Ohio",
)


@lru_cache(maxsize=1)
def places() -> dict[str, str]:
    """Known place names -> "country" / "state" / "city" (Faker's address data plus CITIES)."""
    from faker.providers.address.en_US import Provider

    out: dict[str, str] = {}
    for c in Provider.countries:
        if "(" not in c and len(c.split()) <= 3:
            out[c] = "country"
    for c in COUNTRIES + ("UK", "USA", "EU", "European Union"):
        out.setdefault(c, "country")
    for c in ("Europe", "Asia", "Africa", "North America", "South America", "Latin America", "Oceania",
              "Asia Pacific", "Middle East", "Southeast Asia"):
        out.setdefault(c, "continent")
    for st in Provider.states:
        out.setdefault(st, "state")
    for city in CITIES:
        out.setdefault(city, "city")
    return out


DEMONYMS = ("American", "British", "Canadian", "Australian", "German", "French", "Japanese",
            "Indian", "Brazilian", "Spanish")
#: adjectives of a continent or a bloc: no language goes by them ("European" is not a language)
REGION_DEMONYMS = frozenset({"European", "African", "Asian", "Latin American", "North American", "Nordic",
                             "Scandinavian", "Hispanic", "Middle Eastern"})
#: nationality and language adjectives recognised as the "demonym" shape
KNOWN_DEMONYMS = frozenset(DEMONYMS + (
    "Irish", "Scottish", "Welsh", "English", "Spanish", "Portuguese", "Italian", "Dutch", "Belgian",
    "Swiss", "Austrian", "Swedish", "Norwegian", "Danish", "Finnish", "Polish", "Czech", "Greek",
    "Turkish", "Russian", "Ukrainian", "Chinese", "Korean", "Taiwanese", "Thai", "Vietnamese",
    "Indonesian", "Filipino", "Singaporean", "Mexican", "Argentinian", "Chilean", "Colombian",
    "Peruvian", "Nigerian", "Kenyan", "Egyptian", "Israeli", "Emirati", "Saudi", "Pakistani",
))


# --------------------------------------------------------------------------- dates


def add_months(d: dt.date, months: int) -> dt.date:
    """``d`` moved by whole months, the day clamped to the target month's length."""
    import calendar

    y, m = divmod(d.month - 1 + months, 12)
    year, month = d.year + y, m + 1
    return dt.date(year, month, min(d.day, calendar.monthrange(year, month)[1]))


def date_shifts(d: dt.date, granularity: str) -> list[dt.date]:
    """Plausible other dates at ``granularity`` (day/month/quarter/year): a year earlier or
    later, a week or a month apart. Always valid calendar dates, never ``d`` itself."""
    if granularity == "year":
        cands = [d.replace(year=d.year - 1), d.replace(year=d.year + 1), d.replace(year=d.year - 2)]
    elif granularity == "quarter":
        cands = [add_months(d, -3), add_months(d, 3), add_months(d, -12)]
    elif granularity == "month":
        cands = [add_months(d, -12), add_months(d, 1), add_months(d, -1), add_months(d, 12)]
    else:
        cands = [add_months(d, -12), d + dt.timedelta(days=7), d - dt.timedelta(days=7), add_months(d, 1)]
    out: list[dt.date] = []
    for c in cands:
        if c != d and c not in out and 1900 <= c.year <= 2099:
            out.append(c)
    return out


def faker_date_near(fake, d: dt.date, span_days: int = 540) -> dt.date:
    """A Faker-drawn date within ``span_days`` of ``d`` (never ``d``): bounds are explicit so the
    result does not depend on today's date."""
    lo, hi = d - dt.timedelta(days=span_days), d + dt.timedelta(days=span_days)
    for _ in range(5):
        c = fake.date_between_dates(date_start=lo, date_end=hi)
        if c != d:
            return c
    return d + dt.timedelta(days=30)


# --------------------------------------------------------------------------- versions


def version_candidates(parts: Sequence[int]) -> list[tuple[int, ...]]:
    """Other version numbers with the same number of components: a single number moves by one
    ("14" -> 13, 15); a dotted version changes its minor or patch ("3.2.1" -> 3.1.4, 3.2.3)
    or its major. Never negative, never equal to ``parts``."""
    p = tuple(parts)
    out: list[tuple[int, ...]] = []

    def add(c: tuple[int, ...]) -> None:
        if c != p and all(x >= 0 for x in c) and c not in out:
            out.append(c)

    if len(p) == 1:
        add((p[0] - 1,))
        add((p[0] + 1,))
        add((p[0] - 2,))
        return out
    if p[1] > 0:
        add((p[0], p[1] - 1) + tuple(min(4, x + 3) for x in p[2:]))
    add((p[0], p[1] + 1) + tuple(0 for _ in p[2:]))
    if len(p) >= 3:
        add(p[:2] + (p[2] + 2,) + p[3:])
    if p[0] > 0:
        add((p[0] - 1,) + tuple(0 for _ in p[1:]))
    return out


# --------------------------------------------------------------------------- names


class FakerSource:
    """One Faker instance per family, reseeded from the caller's rng before every use, so the
    same seed always gives the same name whatever was generated before."""

    def __init__(self, locale: str = "en_US"):
        self.locale = locale
        self._fake = None

    def seeded(self, rng: random.Random):
        if self._fake is None:
            from faker import Faker

            self._fake = Faker(self.locale)
        self._fake.seed_instance(rng.randrange(2**32))
        return self._fake


_NAME_LOCALES = ("en_US", "en_GB", "en_IN", "es_ES", "es_MX", "pt_BR", "pt_PT", "de_DE", "fr_FR", "it_IT",
                 "hi_IN", "nl_NL", "sv_SE", "pl_PL", "ja_JP", "tr_TR", "da_DK", "fi_FI", "ro_RO", "yo_NG",
                 "zu_ZA", "id_ID")


@lru_cache(maxsize=1)
def first_names() -> frozenset[str]:
    """Given names from Faker's person providers across many locales (static data): used to
    tell a person ("Priya Raman") from an organisation or product spaCy labelled as one."""
    from importlib import import_module

    names: set[str] = set()
    for loc in _NAME_LOCALES:
        try:
            provider = import_module(f"faker.providers.person.{loc}").Provider
        except (ImportError, AttributeError):
            continue
        for attr in ("first_names", "first_names_male", "first_names_female"):
            names.update(n for n in getattr(provider, attr, ()) or () if n.isascii() and n.isalpha())
    return frozenset(names)


@lru_cache(maxsize=65536)
def looks_like_person(name: str) -> bool:
    """Two or three capitalised words whose first is a known given name."""
    words = name.replace(",", " ").split()
    return 2 <= len(words) <= 3 and all(w[:1].isupper() and w.replace("-", "").replace("'", "").isalpha()
                                        for w in words) and words[0] in first_names()


PRODUCT_NOUNS = ("Vault", "Relay", "Studio", "Pulse", "Insights", "Gateway", "Sentinel", "Atlas",
                 "Beacon", "Ledger", "Forge", "Harbor", "Compass", "Stream", "Canvas")
_CORP_SUFFIX = re.compile(r",?\s+(?:Inc\.?|LLC|Ltd\.?|GmbH|Corp\.?|Corporation|PLC|plc|Group|and Sons)$")


def person_name(fake, like: str) -> str:
    """A Faker person name with as many words as ``like`` (1: first name; 2+: first last)."""
    words = like.split()
    if len(words) <= 1:
        return fake.first_name()
    middle = " ".join(fake.first_name() for _ in range(len(words) - 2))
    return " ".join(w for w in (fake.first_name(), middle, fake.last_name()) if w)


def org_name(fake, like: str) -> str:
    """A Faker company name shaped like ``like``: keeps a corporate suffix when ``like`` had
    one, drops Faker's when it did not."""
    name = fake.company()
    suffix = _CORP_SUFFIX.search(like)
    core = _CORP_SUFFIX.sub("", name)
    if suffix:
        return core + suffix.group(0)
    if len(like.split()) == 1:
        return re.split(r"[\s,-]", core)[0]
    return core


def product_name(fake, like: str, rng: random.Random) -> str:
    """A product name shaped like ``like``: a brand's sibling product ("Acme Logs" ->
    "Acme Vault") when ``like`` has a brand word, else a Faker surname plus a product noun."""
    words = like.split()
    nouns = [n for n in PRODUCT_NOUNS if n.lower() not in like.lower()]
    if len(words) >= 2:
        return " ".join(words[:-1] + [rng.choice(nouns)])
    return f"{fake.last_name()} {rng.choice(nouns)}" if len(words) > 1 else fake.last_name() + rng.choice(nouns)
