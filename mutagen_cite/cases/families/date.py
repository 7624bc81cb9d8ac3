"""Date: the passage is true from a different date, month, quarter or year.

"effective from 1 March 2024" -> "effective from 1 March 2023". The new date is written in the
original's own surface format (ISO, "1 March 2024", "March 14, 2025", "Mar 2024", "Q3 2025",
"2024", a fiscal year "FY24"; abbreviations, ordinal suffixes, zero padding and commas kept), so only the value
differs. Mined dates (other dates the corpus states) come first; otherwise the date moves by a
year, a week or a month, or to a Faker-drawn date near it. Dates are built with ``datetime``,
so a replacement is always a real calendar date (no 31 April, no 29 February 2023).
"""

from __future__ import annotations

import calendar
import datetime as dt
import random
import re
from dataclasses import dataclass
from typing import Sequence

from ...model import Mutation, Sentence, Slot
from ...values.tables import MONTHS
from . import grammar, synthetic
from .base import Example, ValueSource, make_mutation
from .choose import best

KINDS = ("date", "month", "quarter", "year")
_MON = (r"(?P<mon>Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
        r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)(?P<dot>\.?)")
_DAY = r"(?<!\d)(?P<d>[0-3]?\d)(?P<sfx>st|nd|rd|th)?"
_MON_B = rf"(?<![A-Za-z]){_MON}(?![A-Za-z])"
_YEAR = r"(?P<y>(?:19|20)\d{2})"
FORMS: tuple[tuple[str, str, re.Pattern], ...] = (
    # (form name, granularity, full-match pattern); the "sep*" groups keep the spacing
    ("iso", "day", re.compile(r"(?P<y>(?:19|20)\d{2})-(?P<m>\d{2})-(?P<d>\d{2})")),
    ("dmy", "day", re.compile(rf"{_DAY}(?P<sep1>\s+(?:of\s+)?){_MON}(?P<sep2>,?\s+){_YEAR}", re.I)),
    ("mdy", "day", re.compile(rf"{_MON}(?P<sep1>\s+){_DAY}(?P<sep2>,?\s+){_YEAR}", re.I)),
    ("my", "month", re.compile(rf"{_MON}(?P<sep2>,?\s+){_YEAR}", re.I)),
    ("quarter", "quarter", re.compile(rf"(?P<q>Q[1-4])(?P<sep2>\s+){_YEAR}", re.I)),
    ("year", "year", re.compile(_YEAR)),
    ("fy", "year", re.compile(r"(?P<fy>FY ?)(?P<yy>(?:19|20)?\d{2})")),
    ("dm", "day", re.compile(rf"{_DAY}(?P<sep1>\s+(?:of\s+)?){_MON_B}", re.I)),
    ("md", "day", re.compile(rf"{_MON_B}(?P<sep1>\s+){_DAY}(?!\d)", re.I)),
    ("m", "month", re.compile(_MON_B, re.I)),
)
_WEEKDAY = re.compile(r"\b(?:Mon|Tues?|Wed|Thu(?:rs)?|Fri|Sat|Sun)(?:day|nesday|urday|sday)?\b")
_MONTH_NAMES = [m for m in MONTHS if m != "may"]  # "may" is far more often the modal
_NO_YEAR = 2001  # a non-leap reference year for dates written without one


@dataclass(frozen=True)
class DateForm:
    """A parsed date surface: its form, the date it names, and how to write another date the
    same way. ``prefix``/``suffix`` are the parts of the surface outside the matched date."""

    form: str
    granularity: str
    value: dt.date
    groups: dict
    prefix: str = ""
    suffix: str = ""

    def render(self, d: dt.date) -> str:
        g = self.groups
        if self.form == "iso":
            body = f"{d.year:04d}-{d.month:02d}-{d.day:02d}"
        elif self.form == "year":
            body = f"{d.year}"
        elif self.form == "fy":  # "FY24" stays two digits, "FY 2024" four
            body = g["fy"] + (f"{d.year % 100:02d}" if len(g["yy"]) == 2 else f"{d.year}")
        elif self.form == "quarter":
            q = (d.month - 1) // 3 + 1
            body = f"{g['q'][0]}{q}{g['sep2']}{d.year}"
        else:
            mon = _month_name(d.month, g["mon"]) + (g.get("dot") or "")
            day = _day(d.day, g) if g.get("d") is not None else ""
            year = f"{g['sep2']}{d.year}" if g.get("y") else ""
            if self.form in ("dmy", "dm"):
                body = f"{day}{g['sep1']}{mon}{year}"
            elif self.form in ("mdy", "md"):
                body = f"{mon}{g['sep1']}{day}{year}"
            else:
                body = f"{mon}{year}"
        return self.prefix + body + self.suffix


def parse(surface: str) -> DateForm | None:
    """The first form whose pattern matches ``surface`` (whole, or inside it for the month-only
    forms); None when no real calendar date can be read."""
    for form, gran, rx in FORMS:
        m = rx.fullmatch(surface) if form not in ("m", "dm", "md") else rx.search(surface)
        if not m:
            continue
        g = m.groupdict()
        try:
            year = int(g["y"]) if g.get("y") else _NO_YEAR
            if form == "iso":
                month = int(g["m"])
            elif form == "quarter":
                month = (int(g["q"][1]) - 1) * 3 + 1
            elif form in ("year", "fy"):
                month = 1
                if form == "fy":
                    year = int(g["yy"]) if len(g["yy"]) == 4 else 2000 + int(g["yy"])
            else:
                month = MONTHS[g["mon"].lower()]
            day = int(g["d"]) if g.get("d") else 1
            value = dt.date(year, month, day)
        except (ValueError, KeyError):
            return None
        return DateForm(form, gran, value, g, surface[: m.start()], surface[m.end() :])
    return None


def _month_name(month: int, like: str) -> str:
    full = calendar.month_name[month]
    if len(like) <= 4 and like.lower() not in ("june", "july", "may"):
        name = "Sept" if month == 9 and like.lower() == "sept" else full[:3]
    else:
        name = full
    if like.isupper() and len(like) > 1:
        return name.upper()
    if like.islower():
        return name.lower()
    return name


def _day(day: int, g: dict) -> str:
    text = f"{day:02d}" if len(g["d"]) == 2 and g["d"].startswith("0") else str(day)
    if g.get("sfx"):
        sfx = "th" if 11 <= day % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
        text += sfx if g["sfx"].islower() else sfx.upper()
    return text


def _same(a: DateForm, d: dt.date) -> bool:
    """True when ``d`` names the same period as ``a`` at ``a``'s granularity."""
    v = a.value
    if a.granularity == "year":
        return d.year == v.year
    if a.granularity == "quarter":
        return d.year == v.year and (d.month - 1) // 3 == (v.month - 1) // 3
    if a.granularity == "month":
        same_year = a.form == "m" or d.year == v.year
        return same_year and d.month == v.month
    same_year = a.form in ("dm", "md") or d.year == v.year
    return same_year and (d.month, d.day) == (v.month, v.day)


_GRAN_ORDER = {"day": 0, "month": 1, "quarter": 2, "year": 3}


_RANGE_WORD = r"\s*(?:-|–|—|to|through|until|till|and)\s*"


def _range_partners(sentence: Sentence, site: Slot) -> tuple[dt.date | None, dt.date | None]:
    """(end, start) of a range the site opens or closes: the date after "to/through/-" that
    the new date must stay before, and the date before it that the new date must stay after.
    Only dates of the same form (so both carry a year, or neither) are compared."""
    own = parse(site.text)
    end = start = None
    for other in sentence.slots_of("date"):
        if other is site or other.start == site.start:
            continue
        o = parse(other.text)
        if o is None or own is None or (o.form in ("dm", "md", "m")) != (own.form in ("dm", "md", "m")):
            continue
        if other.start >= site.end and re.fullmatch(_RANGE_WORD, sentence.text[site.end : other.start]):
            end = o.value
        if other.end <= site.start and re.fullmatch(_RANGE_WORD, sentence.text[other.end : site.start]):
            start = o.value
    return end, start


class DateFamily:
    name = "date"
    version = "date.v1"
    description = "a date, month, quarter or year moved, written in the original's format"

    def __init__(self) -> None:
        self._faker = synthetic.FakerSource()

    def sites(self, sentence: Sentence) -> list[Slot]:
        out = []
        for slot in sentence.slots_of("date"):
            if slot.kind not in KINDS or grammar.in_code_or_url(sentence.text, slot.start, slot.end):
                continue
            form = parse(slot.text)
            if form is None:
                continue
            prev = grammar.word_before(sentence.text, slot.start)
            if form.form == "year" and prev is not None and (prev[2].isupper() or prev[2].lower() in ("no", "number")):
                continue  # "RFC 1912", "ISO 9001": a document number, not a year
            if re.search(r"\d", form.prefix + form.suffix) or any(
                re.search(rf"(?<![A-Za-z]){m}(?![a-z])", form.prefix + form.suffix, re.I) for m in _MONTH_NAMES
            ):
                continue  # "January 1 through March 15": a range, changing one end can invert it
            # a date range ("1-14 March 2024", "2023-2024") is two dates: changing one breaks it
            before, after = sentence.text[: slot.start], sentence.text[slot.end :]
            if re.search(r"[-–]\s*$", before) or re.match(r"\s*[-–]\s*\d", after):
                continue
            out.append(slot)
        return out

    def mutate(self, sentence: Sentence, site: Slot, values: ValueSource, rng: random.Random) -> Mutation | None:
        form = parse(site.text)
        if form is None:
            return None
        # a weekday anywhere in the sentence ("Monday, 3 June"; "25 December falls on a Thursday")
        weekday = bool(_WEEKDAY.search(sentence.text)) and form.granularity == "day"
        elsewhere = sentence.text[: site.start] + " | " + sentence.text[site.end :]

        after, before = _range_partners(sentence, site)

        def usable(d: dt.date) -> bool:
            if _same(form, d) or not 1900 <= d.year <= 2099:
                return False
            if (after is not None and d >= after) or (before is not None and d <= before):
                return False  # "from 2023-11-20 to 2023-12-01" must stay a forward range
            return not weekday or (d - form.value).days % 7 == 0  # "Monday, 3 June" stays a Monday

        mined: list[tuple[int, dt.date]] = []
        for surface in values.mined(sentence, site):
            other = parse(" ".join(surface.split()))
            if other is None or _GRAN_ORDER[other.granularity] > _GRAN_ORDER[form.granularity]:
                continue  # a year cannot fill a full date
            if other.form in ("dm", "md", "m") and form.form not in ("dm", "md", "m"):
                continue  # "31 March" has no year to give "March 1, 2024"
            if (other.form == "fy") != (form.form == "fy"):
                continue  # a fiscal year is replaced by a fiscal year, a calendar year by a calendar one
            d = other.value
            if form.form in ("dm", "md", "m"):
                d = d.replace(year=_NO_YEAR) if not (d.month == 2 and d.day == 29) else d
            if form.granularity in ("month", "quarter", "year"):
                d = d.replace(day=1)
            if usable(d) and d not in [x for _, x in mined]:
                rank = 0 if other.form == form.form else 1
                if form.render(d).strip() in elsewhere:
                    rank += 2  # "closed on 25 December and 25 December"
                if form.form not in ("dm", "md", "m") and abs(d.year - form.value.year) > 3:
                    continue  # a date decades away is no plausible sibling: move the date instead
                mined.append((rank, d))
        picked = best(mined, lambda c: c[0], rng)
        if picked is not None:
            new, origin = picked[1], "mined"
        else:
            if weekday:
                cands = [form.value + dt.timedelta(days=k) for k in (-7, 7, -14, 14, -364, 364)]
            else:
                cands = synthetic.date_shifts(form.value, form.granularity)
                if form.granularity == "day" and form.form not in ("dm", "md"):
                    cands.append(synthetic.faker_date_near(self._faker.seeded(rng), form.value))
            cands = [c for c in cands if usable(c) and form.render(c).strip() not in elsewhere]
            if not cands:
                return None
            new, origin = cands[rng.randrange(len(cands))], "synthetic"
        replacement = form.render(new)
        if replacement == site.text:
            return None
        start, end, text_new = grammar.fix_article(sentence.text, site.start, site.end, replacement)
        return make_mutation(self, sentence, site, replacement, origin,
                             grammar.apply(sentence.text, start, end, text_new))

    def examples(self) -> Sequence[Example]:
        return (
            Example(
                "The new rates apply from 1 July 2024 onwards.",
                "1 July 2024",
                "The new rates apply from 1 July 2023 onwards.",
                vocabulary={"date": ("1 July 2023",)},
            ),
            Example(  # a mined ISO date is rewritten in the original's "Month D, YYYY" form
                "Support for the old API ends on September 30, 2025.",
                "September 30, 2025",
                "Support for the old API ends on June 30, 2025.",
                vocabulary={"date": ("2025-06-30",)},
            ),
            Example("The audit log format changed on 2024-02-29.", "2024-02-29"),
            Example(  # ordinal suffix is recomputed for the new day
                "Invoices issued before the 1st March 2024 use the old template.",
                "1st March 2024",
                "Invoices issued before the 2nd March 2024 use the old template.",
                vocabulary={"date": ("2 March 2024",)},
            ),
            Example("The legacy exporter was retired in Q4 2023.", "Q4 2023"),
            Example(
                "Encryption keys created in March 2022 were rotated.",
                "March 2022",
                "Encryption keys created in May 2022 were rotated.",
                vocabulary={"month": ("May 2022",)},
            ),
            Example(
                "The office moved to Lisbon in 2019.",
                "2019",
                "The office moved to Lisbon in 2021.",
                vocabulary={"year": ("2021",)},
            ),
        )


FAMILY = DateFamily()


def reverses_chronology(chunk_text: str, site_start: int, site_end: int, original: str, replacement: str) -> bool:
    """A changed date must keep its place among the other dates of its chunk: "the previous test
    was on 4 December 2024" beside "the most recent test was on 12 March 2025" cannot become
    September 2025, nor can one release move past the next. ``site_start``/``site_end`` are the
    changed date's offsets in ``chunk_text``; dates compare at the coarser of the two
    granularities (a year against a day compares years)."""
    from ...analysis.patterns import date_slot
    from ...values import find_values

    def iso(surface: str) -> str | None:
        slot = date_slot(surface, 0, len(surface))
        return slot.value if slot is not None and re.match(r"\d{4}", slot.value or "") else None

    old, new = iso(original), iso(replacement)
    if old is None or new is None:
        return False
    for v in find_values(chunk_text, ranges=False):
        if v.kind != "date" or (v.start < site_end and site_start < v.end):
            continue
        other = iso(chunk_text[v.start:v.end])
        if other is None:
            continue
        n = min(len(other), len(old), len(new))
        a, b, o = old[:n], new[:n], other[:n]
        if a != o and b != o and (a < o) != (b < o):
            return True
    return False
