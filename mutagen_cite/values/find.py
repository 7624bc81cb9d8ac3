"""Finding values in text: every number, quantity, money amount, percentage, size, date and
version mention, with exact offsets, its comparator, its rate and a canonical interval.

Hand-written regular expressions rather than ``dateparser``/``dateutil`` (not installed
here): those parse one string the caller already isolated and fill missing parts from
today's date, while this project needs every mention *found* inside prose, with offsets,
and the same output on every machine and every day. The forms covered are listed in each
pattern below.
"""

from __future__ import annotations

import datetime as _dt
import math
from functools import lru_cache
import re
from dataclasses import dataclass, field

from .numbers import DIGITS_RX, NUMBER_RX, ORDINAL_RX, WORDS_RX, parse_number, parse_ordinal
from .tables import (
    BANDWIDTH_UNITS, COMPARATORS_AFTER, COMPARATORS_BEFORE, COMPUTE_UNITS, CURRENCY, CURRENCY_CODES,
    MONTH_RX, MONTHS, RATE_ADVERBS, RATE_FORMS, SIZE_UNITS, STOPWORDS, TIME_UNIT_FORMS, TIME_UNITS, TIME_ZONES,
)
from .text import singular

INF = math.inf


@dataclass(frozen=True)
class Value:
    """One value mention.

    ``kind``: number, count, ordinal, duration, size, bandwidth, compute, money, percent,
    date, version. ``low``/``high``: the interval the text allows in the canonical ``unit``
    (seconds ``s``, business seconds ``business_s``, bytes ``B``, bits per second
    ``bit/s``, ``%``, days since 0001-01-01 ``day`` for dates, the currency for money, the
    counted noun for counts, "" for bare numbers); None for partial dates and versions
    (then ``canonical`` alone is compared). ``comparator``: ``=``, ``~``, ``>=``, ``>``,
    ``<=``, ``<`` or ``range``. ``rate``: "month", "user/month"... ``alt_low``/``alt_high``:
    the binary reading of a decimal size ("1 GB" as GiB). ``number``: the number as written.
    """

    kind: str
    text: str
    start: int
    end: int
    low: float | None
    high: float | None
    unit: str = ""
    currency: str = ""
    rate: str = ""
    comparator: str = "="
    number: float | None = None
    alt_low: float | None = None
    alt_high: float | None = None
    canonical_text: str = field(default="", compare=False)
    #: the unit as written, normalised ("day", "business day", "gib", "usd", "percent")
    unit_word: str = field(default="", compare=False)
    #: a time of day's zone ("pacific" for "9AM PST", "9 a.m. Pacific"); "" when none is written
    zone: str = ""
    #: the value itself without the comparator or rate around it (-1: same as start/end)
    core_start: int = field(default=-1, compare=False)
    core_end: int = field(default=-1, compare=False)

    @property
    def canonical(self) -> str:
        """A readable canonical form ("duration 1814400 s", "money 1000 USD /month")."""
        if self.canonical_text:
            return self.canonical_text
        lo = "-inf" if self.low is None or self.low == -INF else f"{self.low:g}"
        hi = "inf" if self.high is None or self.high == INF else f"{self.high:g}"
        span = lo if lo == hi else f"{lo}..{hi}"
        rate = f" /{self.rate}" if self.rate else ""
        cmp = "" if self.comparator in ("=", "range") else self.comparator + " "
        return f"{self.kind} {cmp}{span} {self.unit or self.currency}{rate}".strip()

    @property
    def core(self) -> tuple[int, int]:
        """``(start, end)`` of the value without its comparator and rate."""
        return (self.core_start if self.core_start >= 0 else self.start,
                self.core_end if self.core_end >= 0 else self.end)

    @property
    def dimension(self) -> str:
        """What the value measures: two values compare only within one dimension."""
        if self.kind in ("number", "count"):
            return "count:" + self.unit if self.unit else "number"
        if self.kind == "money":
            return "money:" + self.currency
        return f"{self.kind}:{self.unit}"


# --------------------------------------------------------------------------- patterns

_N = NUMBER_RX
_Y = r"(?P<y>(?:1[89]|20|21)\d{2})(?![\d])"
_DAY = r"(?P<d>[0-3]?\d)(?:st|nd|rd|th)?"
_DATE_PATTERNS = [
    ("iso", re.compile(r"\b(?P<y>\d{4})-(?P<m>0[1-9]|1[0-2])-(?P<d>0[1-9]|[12]\d|3[01])\b")),
    ("dmy", re.compile(rf"\b{_DAY}(?:\s+of)?[\s-]+(?P<mon>{MONTH_RX}),?[\s-]+{_Y}")),
    ("mdy", re.compile(rf"\b(?P<mon>{MONTH_RX})\s+{_DAY},?\s+{_Y}")),
    ("ymd/", re.compile(r"\b(?P<y>\d{4})/(?P<m>\d{1,2})/(?P<d>\d{1,2})\b")),
    ("slash", re.compile(r"\b(?P<a>\d{1,2})[/.](?P<b>\d{1,2})[/.](?P<y>\d{4})\b")),
    ("my", re.compile(rf"\b(?P<mon>{MONTH_RX}),?\s+(?:of\s+)?{_Y}")),
    ("ym", re.compile(r"\b(?P<y>\d{4})-(?P<m>0[1-9]|1[0-2])\b(?!-\d)")),
    ("q", re.compile(rf"\b(?:Q(?P<q>[1-4])|(?P<qw>first|second|third|fourth)\s+quarter\s+of)\s+(?:FY\s?)?{_Y}", re.I)),
    ("dm", re.compile(rf"\b{_DAY}(?:\s+of)?\s+(?P<mon>{MONTH_RX})(?![\w])")),
    ("md", re.compile(rf"\b(?P<mon>{MONTH_RX})\s+{_DAY}(?![\w:])")),
]
_QUARTER_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
_YEAR = re.compile(r"(?<![\w.$€£,/-])(?P<y>(?:1[89]|20)\d{2})(?![\w%]|[.,]\d|\s?(?:-|–|to)\s?\d)")
_YEAR_CONTEXT = re.compile(r"(?:\b(?:in|since|until|till|by|from|before|after|of|during|through|early|late|mid|"
                           r"year|fy|throughout|between|and|to)\s*-?|[(,])\s*$", re.I)

_MONEY = re.compile(
    rf"(?P<sym>US\$|[$€£¥₹])\s?(?P<num>{DIGITS_RX})"
    rf"|(?<![\w.])(?P<num2>{DIGITS_RX}|\b{WORDS_RX})\s?(?P<code>{'|'.join(CURRENCY_CODES)}|(?:US\s|U\.S\.\s)?dollars?|euros?|pounds?|yen)\b"
    rf"|\b(?P<code2>{'|'.join(CURRENCY_CODES)})\s?(?P<num3>{DIGITS_RX})",
)
#: "50 cents", "fifty cents", "50¢": money in hundredths of the dollar
_CENTS = re.compile(rf"(?<![\w.$])(?P<num>{DIGITS_RX}|\b{WORDS_RX})\s?(?:cents?\b|¢)", re.I)
#: a time of day: "9AM", "9 a.m.", "9:30 pm", "09:00", "17:30", "noon", "midnight" (minutes
#: after midnight; a time zone after it is the relevance check's business)
_CLOCK = re.compile(
    r"(?<![\w.:])(?:(?P<h>1[0-2]|0?[1-9])(?::(?P<m>[0-5]\d))?\s?(?P<ap>[ap])\.?\s?m\b\.?"
    r"|(?P<h24>[01]?\d|2[0-3]):(?P<m24>[0-5]\d)(?![\d:])(?:\s?(?:hours|hrs|h)\b)?"
    r"|(?P<word>noon|midday|midnight)\b)",
    re.I,
)
# zone names in any case ("Pacific"), abbreviations in capitals only ("PT", not "et al")
_ZONE_AFTER = re.compile(
    r"\s*\(?(" + "|".join(("(?i:" + re.escape(z).replace(r"\ ", r"\s+") + ")") if len(z) > 4 else z.upper()
                          for z in sorted(TIME_ZONES, key=len, reverse=True)) + r")\b\)?")
_PERCENT = re.compile(rf"(?<![\w.])(?P<num>{_N})\s?(?:%|percent\b|per\s?cent\b|percentage\s+points?\b)", re.I)
_SIZE_WORDS = "|".join(sorted((k for k in SIZE_UNITS if k not in ("b",)), key=len, reverse=True))
_SIZE = re.compile(
    rf"(?<![\w.])(?:(?P<art>\b[Aa]n?\s+(?=(?i:kilo|mega|giga|tera|peta|kibi|mebi|gibi|tebi|pebi)bytes?\b))|(?P<num>{_N})[\s-]?)"
    rf"(?P<unit>(?i:{_SIZE_WORDS})s?|B|(?i:{'|'.join(BANDWIDTH_UNITS)})|"
    rf"(?i:vCPUs?|CPUs?|cores?))(?![\w])"
)
_TIME_LONG = "|".join(sorted((k for k in TIME_UNIT_FORMS if len(k) > 3 or k in ("day", "min", "sec", "hrs", "yrs")),
                             key=len, reverse=True))
_DURATION = re.compile(
    rf"(?<![\w.])(?:(?P<num>{_N})|(?P<art>\ban?\b)|(?P<half>\bhalf\s+an?\b)"
    rf"|(?P<couple>\ba\s+couple\s+of\b))(?:[ \t]+|-)"
    rf"(?P<qual>(?:business|working|calendar|credit|billable|non-billable|consecutive|additional|extra|full)\s)?"
    rf"(?P<unit>{_TIME_LONG})\b(?P<andhalf>\s+and\s+a\s+half\b)?"
    rf"|(?<![\w.])(?P<num_s>{DIGITS_RX})\s?(?P<unit_s>s|h|hr|yr)\b(?!['-])",
    re.I,
)
_VERSION = re.compile(r"(?<![\w.])(?:v\d+(?:\.\d+){0,3}|\d+\.\d+\.\d+(?:[-.][0-9A-Za-z]+)?)(?![\w]|\.\d)")
_ORDINAL = re.compile(ORDINAL_RX, re.I)
_BARE = re.compile(rf"(?<![\w.\-/:#@])(?:{DIGITS_RX}(?![\w/:]|-\d|[.,]\d)|\b{WORDS_RX}\b)", re.I)
_RANGE_LEFT = re.compile(rf"(?<![\w.\-/:#@$€£])(?:{DIGITS_RX})(?=\s?[-–]\s?[$€£]?\d)")
_RANGE_JOIN = re.compile(r"^\s*(?:-|–|—|to|through|and)\s*$", re.I)

_CMP_BEFORE = [(re.compile(rf"(?:^|(?<=[^\w]))(?:{rx})\s*(?:of\s+)?$", re.I), c) for rx, c in COMPARATORS_BEFORE]
_CMP_AFTER = [(re.compile(rf"^\s*(?:{rx})", re.I), c) for rx, c in COMPARATORS_AFTER]
_RATE_WORDS = "|".join(sorted(RATE_FORMS, key=len, reverse=True))
_PERIODS = "second|sec|minute|min|hour|hr|day|week|wk|month|mo|quarter|year|yr|annum"
_RATE_AFTER = re.compile(
    rf"^(?:\s*(?:per|each|every)\s+(?:(?:fiscal|calendar|financial|school)\s+)?|\s*/\s*)(?P<unit>{_RATE_WORDS})s?\b"
    rf"|^\s+an?\s+(?P<period>{_PERIODS})\b"
    rf"|^,?\s+(?P<adv>{'|'.join(RATE_ADVERBS)})\b",
    re.I,
)
_RATE_BEFORE = re.compile(rf"\b(?P<adv>{'|'.join(RATE_ADVERBS)})\s+(?:[a-z]+\s+){{0,3}}(?:of|is|at)\s+$", re.I)


def _date_value(kind: str, m: re.Match, text: str) -> Value | None:
    g = m.groupdict()
    try:
        if kind in ("iso", "ymd/"):
            y, mo, d = int(g["y"]), int(g["m"]), int(g["d"])
        elif kind == "slash":
            a, b, y = int(g["a"]), int(g["b"]), int(g["y"])
            mo, d = (a, b) if a <= 12 else (b, a)  # month first unless it cannot be
        elif kind in ("dmy", "mdy"):
            y, mo, d = int(g["y"]), MONTHS[g["mon"].lower().rstrip(".")], int(g["d"])
        elif kind in ("my", "ym"):
            y = int(g["y"])
            mo = int(g["m"]) if kind == "ym" else MONTHS[g["mon"].lower().rstrip(".")]
            first = _dt.date(y, mo, 1).toordinal()
            last = _dt.date(y + (mo == 12), mo % 12 + 1, 1).toordinal() - 1
            return Value("date", m.group(0), m.start(), m.end(), float(first), float(last), "day",
                         canonical_text=f"date {y:04d}-{mo:02d}")
        elif kind == "q":
            y = int(g["y"])
            q = int(g["q"]) if g.get("q") else _QUARTER_WORDS[g["qw"].lower()]
            first = _dt.date(y, 3 * q - 2, 1).toordinal()
            last = _dt.date(y + (q == 4), (3 * q) % 12 + 1, 1).toordinal() - 1
            return Value("date", m.group(0), m.start(), m.end(), float(first), float(last), "day",
                         canonical_text=f"date {y:04d}-Q{q}")
        elif kind in ("dm", "md"):
            mon = g["mon"]
            if mon.lower().rstrip(".") == "may" and mon[0] == "m":
                return None  # the modal verb
            mo, d = MONTHS[mon.lower().rstrip(".")], int(g["d"])
            _dt.date(2000, mo, d)  # validates the day (leap year allows 29 Feb)
            return Value("date", m.group(0), m.start(), m.end(), None, None, "day",
                         canonical_text=f"date --{mo:02d}-{d:02d}")
        else:
            return None
        day = _dt.date(y, mo, d).toordinal()
    except (ValueError, KeyError):
        return None
    return Value("date", m.group(0), m.start(), m.end(), float(day), float(day), "day",
                 canonical_text=f"date {y:04d}-{mo:02d}-{d:02d}")


_RANK_BEFORE = re.compile(r"(?:\b(?:the|its|their|a|our|your|his|her|my|this|that|each|every|whichever)|'s|’s)\s+$", re.I)


def adverb_first(text: str, start: int, end: int) -> bool:
    """Is "first" at ``start:end`` an adverb ("they first upgrade", "First, ...") rather than
    a rank ("the first day", "your first week")? A rank needs a determiner or possessive."""
    return text[start:end].lower() == "first" and not _RANK_BEFORE.search(text[max(0, start - 12):start])


_RANK_DETERMINER = re.compile(r"\b(?:the|its|their|a|an|our|your|his|her|my)\s+$", re.I)


def ordinals(text: str) -> list[tuple[int, int, float]]:
    """Every rank written in ``text`` as ``(start, end, rank)``: "3rd", "21st", "third",
    "twenty-first", and "second" only as a rank, after a determiner and before a word ("the
    second day", "a second availability zone"); a bare "second" is the time unit. The one
    reading of ordinals: the value finder, the families and the judges all take it from here."""
    out = []
    for m in _ORDINAL.finditer(text):
        if m.group(0).lower() == "second" and not (
            _RANK_DETERMINER.search(text[max(0, m.start() - 8):m.start()]) and re.match(r"\s+[a-z]", text[m.end():])
        ):
            continue
        n = parse_ordinal(m.group(0))
        if n is not None:
            out.append((m.start(), m.end(), n))
    return out


def _num(raw: str | None) -> float | None:
    return parse_number(raw) if raw else None


_DOUBLED = re.compile(rf"\b(?P<w>{WORDS_RX})\s+\((?P<d>\d+)\)", re.I)


def _mask_doubled(text: str) -> tuple[str, dict[int, int]]:
    """"five (5) minutes" is written twice: blank the word and the brackets so the digits
    and the unit read as one value (offsets unchanged); the map sends the digits' offset
    back to the word's, so the value's span covers "five (5) minutes"."""
    starts: dict[int, int] = {}

    def blank(m: re.Match) -> str:
        if parse_number(m.group("w")) != float(m.group("d")):
            return m.group(0)
        starts[m.start("d")] = m.start()
        return " " * (m.start("d") - m.start()) + m.group("d") + " "
    return _DOUBLED.sub(blank, text), starts


@lru_cache(maxsize=65536)
def _candidates(text: str) -> tuple[Value, ...]:
    """Every value pattern's matches, in priority order (earlier wins overlaps). Memoised (the
    values are frozen): the annotator reads a sentence with ``ranges=False`` and the judge the
    same text with ranges, and both start from these candidates."""
    return tuple(_candidates_masked(text))


def _candidates_masked(text: str) -> list[Value]:
    original = text
    text, starts = _mask_doubled(text)
    if starts:
        return [_replace(v, start=starts.get(v.start, v.start), text=original[starts.get(v.start, v.start):v.end])
                for v in _candidates_in(text)]
    return _candidates_in(text)


def _candidates_in(text: str) -> list[Value]:
    out: list[Value] = []
    for kind, rx in _DATE_PATTERNS:
        for m in rx.finditer(text):
            v = _date_value(kind, m, text)
            if v is not None:
                out.append(v)
    for m in _MONEY.finditer(text):
        raw = m.group("num") or m.group("num2") or m.group("num3")
        n = _num(raw)
        word = (m.group("sym") or m.group("code") or m.group("code2") or "").lower()
        cur = CURRENCY.get(re.sub(r"^(?:us|u\.s\.)\s", "", word))
        if n is None or cur is None:
            continue
        out.append(Value("money", m.group(0), m.start(), m.end(), n, n, "", cur, number=n, unit_word=cur.lower()))
    for m in _CENTS.finditer(text):
        n = _num(m.group("num"))
        if n is not None:
            out.append(Value("money", m.group(0), m.start(), m.end(), n / 100, n / 100, "", "USD", number=n / 100,
                             unit_word="usd"))
    for m in _CLOCK.finditer(text):
        if m.group("word"):
            minutes = 0 if m.group("word").lower() == "midnight" else 720
        elif m.group("ap"):
            minutes = int(m.group("h")) % 12 * 60 + int(m.group("m") or 0) + (720 if m.group("ap").lower() == "p" else 0)
        else:
            minutes = int(m.group("h24")) * 60 + int(m.group("m24"))
        z = _ZONE_AFTER.match(text, m.end())
        zone = TIME_ZONES[re.sub(r"\s+", " ", z.group(1).lower())] if z else ""
        out.append(Value("time", m.group(0), m.start(), m.end(), float(minutes), float(minutes), "min", zone=zone,
                         canonical_text=f"time {minutes // 60:02d}:{minutes % 60:02d}" + (f" {zone}" if zone else "")))
    for m in _PERCENT.finditer(text):
        n = _num(m.group("num"))
        if n is not None:
            out.append(Value("percent", m.group(0), m.start(), m.end(), n, n, "%", number=n, unit_word="percent"))
    for m in _SIZE.finditer(text):
        n = 1.0 if m.group("art") else _num(m.group("num"))
        u = m.group("unit").lower()
        if n is None:
            continue
        u1 = u if u in SIZE_UNITS else u[:-1] if u[:-1] in SIZE_UNITS else None
        if u1 is not None:
            dec, binary = SIZE_UNITS[u1]
            out.append(Value("size", m.group(0), m.start(), m.end(), n * dec, n * dec, "B", number=n, unit_word=u1,
                             alt_low=n * binary if binary else None, alt_high=n * binary if binary else None))
        elif u in BANDWIDTH_UNITS:
            out.append(Value("bandwidth", m.group(0), m.start(), m.end(), n * BANDWIDTH_UNITS[u],
                             n * BANDWIDTH_UNITS[u], "bit/s", number=n, unit_word=u))
        elif u in COMPUTE_UNITS:
            out.append(Value("compute", m.group(0), m.start(), m.end(), n, n, COMPUTE_UNITS[u], number=n,
                             unit_word=COMPUTE_UNITS[u]))
    for m in _DURATION.finditer(text):
        if m.groupdict().get("num_s"):
            n = _num(m.group("num_s"))
            short = m.group("unit_s").lower()
            unit = {"s": "second", "h": "hour", "hr": "hour", "yr": "year"}.get(short)
            if unit is None or n is None or (short == "s" and re.fullmatch(r"(?:1[89]|20)\d0", m.group("num_s"))):
                continue  # "1990s" is a decade, not seconds
            qual = ""
        else:
            if m.group("art"):
                before = text[max(0, m.start() - 12):m.start()].lower()
                if re.search(r"(?:per|once|twice|times|every|each|than|\d|[a-z]+ly)\s+$", before) and not \
                        re.search(r"\b(?:roughly|approximately|nearly|exactly|only|just|really|"
                                  r"(?:less|more|longer|shorter|fewer|later|earlier)\s+than)\s+$", before):
                    continue  # "once a day" is a frequency, "$20 a month" a rate
                n = 1.0
            elif m.group("half"):
                n = 0.5
            elif m.group("couple"):
                n = 2.0
            else:
                n = _num(m.group("num"))
            unit = TIME_UNIT_FORMS.get(m.group("unit").lower())
            qual = (m.group("qual") or "").strip().lower()
            if n is None or unit is None:
                continue
            if m.group("andhalf"):
                n += 0.5  # "a year and a half"
        seconds = n * TIME_UNITS[unit]
        canon_unit = "business_s" if qual in ("business", "working") else "s"
        out.append(Value("duration", m.group(0), m.start(), m.end(), seconds, seconds, canon_unit, number=n,
                         unit_word=f"{qual} {unit}" if qual else unit))
    for m in _VERSION.finditer(text):
        out.append(Value("version", m.group(0), m.start(), m.end(), None, None, "",
                         canonical_text="version " + m.group(0).lower().lstrip("v")))
    for m in _YEAR.finditer(text):
        if _YEAR_CONTEXT.search(text[max(0, m.start() - 12):m.start()]) or not re.match(r"\s+[a-z]", text[m.end():]):
            y = int(m.group("y"))
            first, last = _dt.date(y, 1, 1).toordinal(), _dt.date(y, 12, 31).toordinal()
            out.append(Value("date", m.group(0), m.start(), m.end(), float(first), float(last), "day",
                             canonical_text=f"date {y:04d}"))
    for start, end, n in ordinals(text):
        out.append(Value("ordinal", text[start:end], start, end, n, n, "th", number=n))
    for m in _BARE.finditer(text):
        n = _num(m.group(0))
        if n is None:
            continue
        nxt = re.match(r"(?:\s+|-)([A-Za-z][a-z]{2,})\b", text[m.end():])
        noun = singular(nxt.group(1)) if nxt and nxt.group(1).lower() not in STOPWORDS else ""
        if m.group(0).lower() == "one" and not noun:
            continue  # "one of", "no one", "one can": a pronoun, not a quantity
        if noun:
            out.append(Value("count", text[m.start():m.end() + nxt.end()], m.start(), m.end() + nxt.end(), n, n, noun,
                             number=n, unit_word=noun))
        else:
            out.append(Value("number", m.group(0), m.start(), m.end(), n, n, "", number=n))
    for m in _RANGE_LEFT.finditer(text):
        n = _num(m.group(0))
        if n is not None:
            out.append(Value("number", m.group(0), m.start(), m.end(), n, n, "", number=n))
    return out


def _replace(v: Value, **kw) -> Value:
    d = {f: getattr(v, f) for f in v.__dataclass_fields__}
    d.update(kw)
    return Value(**d)


def _attach(text: str, v: Value) -> Value:
    """The comparator and rate around ``v``; the span grows to cover them."""
    if v.kind in ("version",):
        return v
    start, end, cmp = v.start, v.end, v.comparator
    before = text[max(0, start - 40):start]
    for rx, c in _CMP_BEFORE if cmp != "range" else ():
        m = rx.search(before)
        if m and not (v.kind == "date" and c in ("~",)):
            start, cmp = start - (len(before) - m.start()), c
            break
    else:
        after = text[end:end + 25]
        for rx, c in _CMP_AFTER if cmp != "range" else ():
            m = rx.match(after)
            if m and v.kind != "date":
                end, cmp = end + m.end(), c
                break
    rates: list[str] = []
    if v.kind not in ("date", "ordinal"):
        for _ in range(2):
            m = _RATE_AFTER.match(text[end:end + 30])
            if not m:
                break
            word = (m.group("unit") or m.group("period") or m.group("adv")).lower()
            rates.append(RATE_ADVERBS.get(word) or RATE_FORMS.get(word) or RATE_FORMS.get(word.rstrip("s"), word))
            end += m.end()
        if not rates:
            m = _RATE_BEFORE.search(text[max(0, start - 40):start])
            if m:
                rates.append(RATE_ADVERBS[m.group("adv").lower()])
    low, high = v.low, v.high
    alt_low, alt_high = v.alt_low, v.alt_high
    if low is not None and cmp in (">=", ">"):
        high, alt_high = INF, (INF if alt_low is not None else None)
    elif low is not None and cmp in ("<=", "<"):
        low, alt_low = -INF, (-INF if alt_high is not None else None)
    return _replace(v, start=start, end=end, text=text[start:end], comparator=cmp, core_start=v.start, core_end=v.end, rate="/".join(sorted(set(rates))),
                    low=low, high=high, alt_low=alt_low, alt_high=alt_high)


def _merge_ranges(text: str, values: list[Value]) -> list[Value]:
    """"3 to 15 days", "between 3 and 15 GB", "$10-$20", "2023-2025": one range value."""
    out: list[Value] = []
    i = 0
    while i < len(values):
        a = values[i]
        b = values[i + 1] if i + 1 < len(values) else None
        if b is not None and a.low is not None and b.low is not None and a.comparator in ("=",) and b.comparator == "=":
            gap = text[a.end:b.start]
            between = re.search(r"\bbetween\s+$", text[max(0, a.start - 10):a.start], re.I)
            joined = _RANGE_JOIN.match(gap) and (between or not re.match(r"^\s*and\s*$", gap, re.I))
            a_scaled = None
            if joined:
                if a.kind in ("number",) and b.kind not in ("number", "date", "version"):
                    factor = b.low / b.number if b.number else None
                    if factor:
                        n = a.number
                        a_scaled = _replace(b, low=n * factor, high=n * factor, number=n,
                                            alt_low=(b.alt_low / b.number * n) if b.alt_low else None,
                                            alt_high=(b.alt_high / b.number * n) if b.alt_high else None)
                elif a.kind == b.kind and a.dimension == b.dimension:
                    a_scaled = a
                elif a.kind == "number" and b.kind == "number":
                    a_scaled = a
                elif a.kind == "count" and b.kind == "count" and a.unit == b.unit:
                    a_scaled = a
            if a_scaled is not None and a_scaled.low <= b.high:
                start = a.start - (len(between.group(0)) if between else 0)
                fr = re.search(r"\bfrom\s+$", text[max(0, start - 6):start], re.I)
                start -= len(fr.group(0)) if fr else 0
                out.append(_replace(b, kind=b.kind, start=start, text=text[start:b.end], low=a_scaled.low,
                                    high=b.high, comparator="range", number=None,
                                    alt_low=a_scaled.alt_low, alt_high=b.alt_high,
                                    canonical_text=(f"date {a.canonical.split()[-1]}..{b.canonical.split()[-1]}"
                                                    if b.kind == "date" else "")))
                i += 2
                continue
        out.append(a)
        i += 1
    return out


def find_values(text: str, *, ranges: bool = True) -> list[Value]:
    """See :func:`_find_values` (results are memoised: the same sentences recur in premises)."""
    return list(_find_cached(text or "", ranges))


@lru_cache(maxsize=65536)
def _find_cached(text: str, ranges: bool) -> tuple[Value, ...]:
    return tuple(_find_values(text, ranges=ranges))


def _find_values(text: str, *, ranges: bool = True) -> list[Value]:
    """Every value mention in ``text``, left to right, non-overlapping, with comparators
    ("at least", "up to", "as many as", "no more than", "maximum", "15+"), rates ("per
    month", "/mo", "yearly", "per account"), ranges and canonical intervals.

    >>> [v.canonical for v in find_values("Keep twenty-one days of logs, up to 5 TiB.")]
    ['duration 1.8144e+06 s', 'size <= -inf..5.49756e+12 B']
    """
    taken: list[tuple[int, int]] = []
    chosen: list[Value] = []
    for v in _candidates(text or ""):
        if any(v.start < e and s < v.end for s, e in taken):
            continue
        taken.append((v.start, v.end))
        chosen.append(v)
    chosen.sort(key=lambda v: v.start)
    if ranges:
        chosen = _merge_ranges(text, chosen)
    out: list[Value] = []
    for v in chosen:
        w = _attach(text, v)
        if out and v.start >= out[-1].start and v.end <= out[-1].end:
            continue  # "a month" read as the rate of "$20" before it
        if out and w.start < out[-1].end:  # a comparator/rate reaching into the previous value
            w = _replace(w, start=w.core[0], text=text[w.core[0]:w.end])
        out.append(w)
    return out
