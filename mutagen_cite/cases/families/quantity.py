"""Quantity: the passage states a different number with the same unit.

"retained for 14 days" -> "retained for 30 days"; "$20 per month" -> "$5 per month";
"99.9% uptime" -> "99.5% uptime". Only the number changes: the currency, the unit, the
formatting (thousands commas, decimals, cents, word numbers like "seven", hyphenated "30-day")
stay as the original wrote them, and the unit noun is re-inflected ("1 day" / "3 days", "1
seat is" / "5 seats are"). Mined values of the same kind and unit come first (the other
retention periods, the other prices of the same price list); otherwise a neighbour on a ladder
of values people actually write for that unit. Percentages stay within 0..100.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Sequence

from ...model import Mutation, Sentence, Slot
from ...values import number_to_words, parse_number
from ...values.numbers import WORDS_RX
from ...values.tables import COMPUTE_UNITS, CURRENCY, MULTIPLIER, SIZE_UNITS, TIME_UNITS
from . import grammar, synthetic
from .base import Example, ValueSource, make_mutation
from .choose import best

KINDS = ("duration", "money", "percent", "size", "count")
_NUMBER = re.compile(
    rf"(?<![\w.,])(?:\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?|(?i:\b{WORDS_RX}\b)|(?i:an?))(?![\w])"
)
_TIME = re.compile(
    r"(?:(?P<qual>business|calendar|working)\s+)?(?P<unit>second|minute|hour|day|week|month|year)s?\b", re.I
)
_MULT = re.compile(r"^\s?(k|K|M|million|billion|bn)\b")
_SIZE_GROUP = {**{u: "bytes" for u in SIZE_UNITS}, "vcpu": "cpu", "cpu": "cpu", "core": "cpu"}


def _size_unit(word: str) -> str | None:
    """The normalised size unit of a written word ("GiB" -> "gib", "vCPUs" -> "vcpu")."""
    w = word.lower()
    if w in COMPUTE_UNITS:
        return COMPUTE_UNITS[w]
    if w in SIZE_UNITS and w not in ("b", "bytes"):
        return w
    return w[:-1] if w.endswith("s") and w[:-1] in SIZE_UNITS else None
#: words before a number that make it an identifier, not a quantity ("Step 3", "version 2")
_ID_WORDS = {"step", "section", "chapter", "page", "version", "rule", "table", "figure", "article",
             "appendix", "phase", "level", "tier", "option", "item", "part", "no", "number", "#"}


#: words that may follow a counted noun (so the noun is the head, not a modifier)
_FOLLOWERS = {"is", "are", "was", "were", "has", "have", "that", "which", "who", "per", "for", "of",
              "in", "on", "at", "to", "and", "or", "with", "by", "from", "each", "included", "can",
              "will", "must", "may", "should", "remaining", "left", "only", "a", "an", "the"}


@dataclass(frozen=True)
class Parsed:
    """A quantity surface split around its number: ``prefix + token + rest``."""

    prefix: str
    token: str
    rest: str
    display: float  # the number as written ("2" in "$2k")
    value: float  # the number in base units of its kind ("2000" for "$2k")
    unit: str  # normalised: "day", "business day", "usd", "gb", "seat", "percent"


def parse(surface: str, kind: str) -> Parsed | None:
    """Split a quantity surface of ``kind``; None when no number or unit can be read."""
    m = _NUMBER.search(surface)
    if not m:
        return None
    token = m.group(0)
    display = parse_number(token)
    if display is None:
        return None
    prefix, rest = surface[: m.start()], surface[m.end() :]
    value, unit = display, ""
    if kind == "duration":
        t = _TIME.search(rest)
        if not t:
            return None
        base = t.group("unit").lower()
        qual = (t.group("qual") or "").lower()
        unit = f"{qual} {base}" if qual else base
        value = display * TIME_UNITS[base]
    elif kind == "money":
        sym = prefix.strip()[-1:] if prefix.strip() else ""
        code = re.match(r"\s?(USD|EUR|GBP|dollars|euros)\b", rest)
        cur = CURRENCY.get(sym.lower()) or (CURRENCY.get(code.group(1).lower()) if code else None)
        if cur is None:
            return None
        cur = cur.lower()
        mult = _MULT.match(rest)
        value = display * (MULTIPLIER[mult.group(1)] if mult else 1)
        unit = cur
    elif kind == "percent":
        unit = "percent"
    elif kind == "size":
        w = re.match(r"\s?([A-Za-z]+)", rest)
        unit = _size_unit(w.group(1)) if w else None
        if unit is None:
            return None
        value = display * (SIZE_UNITS[unit][0] if unit in SIZE_UNITS else 1)
    elif kind == "count":
        w = re.match(r"[\s-]+([A-Za-z]+)", rest)
        if not w:
            return None
        unit = grammar.singularize(w.group(1)).lower()
    else:
        return None
    return Parsed(prefix, token, rest, display, value, unit)


def _unit_modifies(text: str, site: Slot, parsed: Parsed) -> bool:
    """Whether the site's singular unit modifies the plural noun right after it ("one minute
    samples", "1 hour windows"): English keeps such a unit singular whatever the number."""
    unit = re.match(r"\s*([A-Za-z]+)", parsed.rest)
    if unit is None or grammar.is_plural_noun(unit.group(1)):
        return False
    nxt = re.match(r"\s+([a-z]+)\b", text[site.end:])
    return nxt is not None and grammar.is_plural_noun(nxt.group(1))


def _reinflect(rest: str, kind: str, number: float, original: float, modifier: bool = False) -> str:
    """The text after the number with its unit noun agreeing with ``number``. A compound
    modifier keeps the singular: hyphenated ("30-day trial") or not ("a 25 minute ride": a
    singular unit after a number other than one; ``modifier``: the original's singular unit is
    followed by a plural noun, "one minute samples" -> "five minute samples")."""
    if rest.startswith("-") or kind in ("money", "percent"):
        return rest
    m = re.match(r"(\s+(?:(?:business|calendar|working)\s+)?)([A-Za-z]+)", rest, re.I) if kind != "size" \
        else re.match(r"(\s?)([A-Za-z]+)", rest)
    if not m:
        return rest
    noun = m.group(2)
    if modifier and kind != "size":
        return m.group(1) + grammar.singularize(noun) + rest[m.end():]  # "five minute samples"
    if original != 1 and not grammar.is_plural_noun(noun) and grammar.pluralize(noun) != noun:
        return rest  # "25 minute ride": the unit is a modifier, it stays singular
    if kind == "size" and _size_unit(noun) not in ("vcpu", "cpu", "core"):
        return rest  # "1 GB" / "2 GB": byte units do not inflect
    if kind == "size" and noun.lower() in ("vcpu", "vcpus", "cpu", "cpus"):
        new = noun[:-1] if noun.endswith("s") else noun
        new = new if number == 1 else new + "s"
    else:
        new = grammar.inflect_noun(noun, number)
    return m.group(1) + new + rest[m.end() :]


class QuantityFamily:
    name = "quantity"
    version = "quantity.v1"
    description = "a number changed with its unit and format kept (durations, money, percents, sizes, counts)"

    def sites(self, sentence: Sentence) -> list[Slot]:
        text = sentence.text
        out = []
        for slot in sentence.slots_of("quantity"):
            if slot.kind not in KINDS or grammar.in_code_or_url(text, slot.start, slot.end):
                continue
            parsed = parse(slot.text, slot.kind)
            if parsed is None:
                continue
            prev = grammar.word_before(text, slot.start)
            if prev is not None and prev[2].lower() in _ID_WORDS or text[: slot.start].rstrip().endswith("#"):
                continue
            if slot.kind == "count" and _LABEL_RANGE.search(text[: slot.start]):
                continue  # "as Stage 1-4 opportunity": the end of a range of labels, not a count
            if slot.kind == "count" and grammar.in_longer_name(text, slot.start):
                continue
            if slot.kind == "count" and not _good_count(sentence, slot, parsed):
                continue
            out.append(slot)
        return out

    def mutate(self, sentence: Sentence, site: Slot, values: ValueSource, rng: random.Random) -> Mutation | None:
        parsed = parse(site.text, site.kind)
        if parsed is None:
            return None
        if parsed.display == 0 and site.kind == "money" and _FREE.search(sentence.text):
            return None  # "Free: $0": a price on what the sentence calls free contradicts the name
        low, high = _range_bounds(sentence.text, site)
        before = grammar.word_before(sentence.text, site.start)
        every = before is not None and before[2].lower() in ("every", "each")

        def fits(display: float, value: float) -> bool:
            if display < 0 or value == parsed.value:
                return False
            if site.kind == "duration" and abs(value - parsed.value) <= 0.02 * max(abs(value), abs(parsed.value)):
                return False  # the same time ("30 days" / "1 month" is not a near miss)
            if site.kind == "percent" and parsed.display <= 100 and not 0 <= display <= 100:
                return False
            if display == 0 and (is_limit(sentence.text, site) or site.kind in _NO_ZERO):
                return False  # "at most 0", a $0 credit limit, "0 bytes", "every 0 minutes": no value anyone writes
            if site.kind in _ROUND_KINDS and is_round(parsed.display) and not is_round(display):
                return False  # a set value (a cadence, a limit, a retention) is round; "52 minutes" was measured
            if display == 1 and site.kind == "duration" and every:
                return False  # "every one hour": English says "every hour", so take another value
            if site.kind == "count" and parsed.value and value and not 1 / OUT_OF_SCALE <= value / parsed.value <= OUT_OF_SCALE:
                return False  # "batches of 8000 rows" -> "2 rows": another kind of quantity, not a near miss
            if low is not None and low > 0 and parsed.display > low and display > low * _span(parsed.display / low):
                return False  # "3-4 weeks" -> "3-12 weeks": one end moved out of all proportion to the range
            if high is not None and display > 0 and high > parsed.display > 0 and display < high / _span(high / parsed.display):
                return False
            return (low is None or display > low) and (high is None or display < high)

        pick = self._mined(sentence, site, parsed, values, rng, fits)
        origin = "mined"
        if pick is None:
            origin = "synthetic"
            cands = [c for c in synthetic.number_candidates(parsed.display, site.kind, parsed.unit)
                     if fits(c, c * (parsed.value / parsed.display if parsed.display else 1))]
            if not cands:
                return None
            pick = (cands[rng.randrange(len(cands))], parsed.rest)
        display, rest = pick
        replacement = self._render(site, parsed, display, rest, _unit_modifies(sentence.text, site, parsed))
        if replacement is None or replacement == site.text:
            return None
        text = sentence.text
        start, end, new = grammar.fix_article(text, site.start, site.end, replacement) \
            if not re.fullmatch(r"(?i:an?)", parsed.token) else (site.start, site.end, replacement)
        mutated = grammar.apply(text, start, end, new)
        if site.kind == "count" and (parsed.display == 1) != (display == 1) and not rest.startswith("-"):
            mutated = _agree_verbs(mutated, start, start + len(new), plural=display != 1)
        return make_mutation(self, sentence, site, replacement, origin, mutated)

    # ------------------------------------------------------------------ values

    def _mined(self, sentence, site, parsed: Parsed, values: ValueSource, rng, fits):
        cands: list[tuple[int, tuple[float, str]]] = []
        for surface in values.mined(sentence, site):
            other = parse(" ".join(surface.split()), site.kind)
            if other is None:
                continue
            rank, rest = self._rank(site.kind, parsed, other)
            if rank is None:
                continue
            if parsed.value and other.value and not 0.1 <= other.value / parsed.value <= 10:
                rank += 2  # "$2,500" is a poor sibling of "$80": prefer the same order of magnitude
            if site.kind == "percent" and (parsed.display >= 90) != (other.display >= 90):
                rank += 2  # an uptime (99.9%) wants another uptime, a discount (15%) another discount
            display, value = other.display, other.value
            if site.kind == "money":
                display, rest = _money_display(parsed, other)
            if fits(display, value) and all(c[1][0] != display or c[1][1] != rest for c in cands):
                cands.append((rank, (display, rest)))
        found = best(cands, lambda c: c[0], rng)
        return found[1] if found else None

    @staticmethod
    def _rank(kind: str, a: Parsed, b: Parsed) -> tuple[int | None, str]:
        """How plausible ``b`` is as a sibling of ``a`` (0 best, None unusable), and the text
        to write after the number."""
        if kind == "duration":
            if b.unit == a.unit:
                return 0, a.rest
            a_base, b_base = a.unit.split()[-1], b.unit.split()[-1]
            if a_base == b_base or " " in a.unit:
                return None, a.rest  # a qualifier change only, or "business days" -> months
            plural = bool(re.search(r"s\b", _TIME.search(a.rest).group(0)))
            return 1, _TIME.sub(grammar.pluralize(b_base) if plural else b_base, a.rest, count=1)
        if kind == "money":
            return (0 if b.unit == a.unit else None), a.rest
        if kind == "size":
            if b.unit == a.unit:
                return 0, a.rest
            if _SIZE_GROUP.get(b.unit) == _SIZE_GROUP.get(a.unit) == "bytes":
                word = re.match(r"\s?[A-Za-z]+", b.rest)
                return 1, (re.sub(r"[A-Za-z]+", word.group(0).strip(), a.rest, count=1) if word else None) or a.rest
            return None, a.rest
        if kind == "count":
            return (0 if b.unit == a.unit else None), a.rest
        return 0, a.rest  # percent

    @staticmethod
    def _render(site: Slot, parsed: Parsed, display: float, rest: str, modifier: bool = False) -> str | None:
        style = grammar.NumberStyle.of(parsed.token, money=site.kind == "money")
        if style.word and not (display == int(display) and number_to_words(int(display)) is not None):
            style = grammar.NumberStyle(commas=True)
        if re.fullmatch(r"(?i:an?)", parsed.token):
            if display == 1:
                return None
            style = grammar.NumberStyle(commas=True)
        number = style.render(display)
        return parsed.prefix + number + _reinflect(rest, site.kind, display, parsed.display, modifier)

    def examples(self) -> Sequence[Example]:
        return (
            Example(
                "Deleted projects can be restored for 14 days.",
                "14 days",
                "Deleted projects can be restored for 30 days.",
                vocabulary={"duration": ("30 days",)},
            ),
            Example(  # plural -> singular unit, word numbers stay words
                "Refund requests are answered within seven days.",
                "seven days",
                "Refund requests are answered within one day.",
                vocabulary={"duration": ("1 day",)},
            ),
            Example(  # a hyphenated compound keeps the singular unit and a/an is re-picked
                "Every workspace starts with a 30-day trial.",
                "30-day",
                "Every workspace starts with an 8-day trial.",
                vocabulary={"duration": ("8 days",)},
            ),
            Example(  # thousands commas kept
                "The annual licence costs $1,200 per seat.",
                "$1,200",
                "The annual licence costs $4,500 per seat.",
                vocabulary={"money": ("$4,500", "€900")},
            ),
            Example("Uptime is guaranteed at 99.9% for paid workspaces.", "99.9%"),
            Example(  # count agreement: the verb follows the new number
                "Each team gets 1 seat that is reserved for an administrator.",
                "1 seat",
                "Each team gets 3 seats that are reserved for an administrator.",
                vocabulary={"count": ("3 seats",)},
            ),
            Example(
                "Exports larger than 50 GB are split into parts.",
                "50 GB",
                "Exports larger than 20 GB are split into parts.",
                vocabulary={"size": ("20 GB",)},
            ),
        )


#: words that make a value a cap or limit: zero then forbids the thing outright, which no
#: document says with a limit ("up to 0 projects", "a $0 monthly credit limit")
_LIMIT_BEFORE = re.compile(r"(?:\b(?:up\s+to|at\s+most|no\s+more\s+than|maximum(?:\s+of)?|max\.?|limit(?:ed)?\s+(?:of|to)|"
                           r"cap(?:ped)?\s+(?:of|at)|capacity\s+of|allowance\s+of|quota\s+of)|<=?|\u2264)\s*$", re.I)
_LIMIT_NEAR = re.compile(r"\b(?:limits?|caps?|quotas?|maximum|max|ceiling|allowance|threshold|credit\s+line)\b", re.I)
#: a word saying a thing costs nothing ("Free plan", "free of charge", "no cost")
_FREE = re.compile(r"\b(?:free|no\s+(?:cost|charge)|complimentary)\b", re.I)


#: kinds where zero is never a replacement: no time, no bytes, no things state an absence
#: (polarity's job), not another amount
_NO_ZERO = {"duration", "size", "count"}
#: kinds whose set values (cadences, limits, retention periods, quotas, spend limits and list
#: prices such as "$1,850", "$20") are round numbers; a measured sum ("$2,432") or a unit rate
#: ("$0.000231") is not round, and may take any value
_ROUND_KINDS = {"duration", "size", "count", "money"}


def is_round(n: float) -> bool:
    """Whether ``n`` is a number documentation sets rather than measures: a small whole number
    or half (up to 12), a multiple of 5 or 12, up to 48 a multiple of 6 or 7 (months, hours, days
    in weeks), or a power of two (sizes). A replacement for a round value is round too: "updated every 15
    minutes" -> "every 30 minutes", never a measured "every 52 minutes" mined from "took 52
    minutes"."""
    if n <= 12:
        return (2 * n) == int(2 * n)
    if n != int(n):
        return False
    k = int(n)
    return k % 5 == 0 or k % 12 == 0 or (k <= 48 and (k % 6 == 0 or k % 7 == 0)) or (k & (k - 1)) == 0


def is_limit(text: str, site: Slot) -> bool:
    """The value at ``site`` is a cap: a bound word right before it ("up to", "maximum of",
    "at most", "<="), or a limit noun in its own clause ("Monthly limit: $500", "a $10,000
    credit limit", "quota 50 GB")."""
    if _LIMIT_BEFORE.search(text[: site.start]):
        return True
    a = max(text.rfind(x, 0, site.start) for x in (";", ".\u0020", "\n")) + 1
    b = min([i for i in (text.find(x, site.end) for x in (";", ". ", "\n")) if i >= 0] or [len(text)])
    clause = text[a:site.start] + " " + text[site.end:b]
    return bool(_LIMIT_NEAR.search(clause))


def _money_display(a: Parsed, b: Parsed) -> tuple[float, str]:
    """The mined amount in the original's multiplier style ("$2k" style keeps "k" when the
    new amount is a whole multiple of it), else a plain amount without the suffix."""
    mult = _MULT.match(a.rest)
    if not mult:
        return b.value, a.rest
    factor = MULTIPLIER[mult.group(1)]
    if b.value >= factor and (b.value / factor) == round(b.value / factor, 2):
        return b.value / factor, a.rest
    return b.value, a.rest[mult.end() :]


#: how far (a factor either way) a new count may lie from the original: a swap across three orders
#: of magnitude ("batches of 8000 rows" -> "2 rows") names another kind of quantity and reads as an
#: error, not a near miss. Two orders are real: rate limits of 600 and of 100,000 requests an hour
#: both occur (a hand-checked good case), so the bound is 1000
OUT_OF_SCALE = 1000


def _span(ratio: float) -> float:
    """The widest ratio a range whose ends stand at ``ratio`` may take when one end moves: its
    square, or double, whichever is wider ("3-4 weeks" may become "3-6 weeks", "10-14 days"
    "10-19 days"; never "3-12 weeks")."""
    return max(ratio * ratio, 2.0)


#: the start of a range of numbered labels right before a number, the label capitalised after
#: another word ("as Stage 1-", "in Zone 2-"): the number ends the range of labels and counts
#: nothing (a sentence-initial word is capitalised as a sentence's: "Wait 3-5 days" stays)
_LABEL_RANGE = re.compile(r"\w[\w,]*\s+[A-Z][a-z]+\s+\d+\s*[-\u2013]\s*$")


def _range_bounds(text: str, site: Slot) -> tuple[float | None, float | None]:
    """Bounds a new number must respect inside a range: "10-14 days" (the 14 must stay above
    10), "between 3 and 15 years", "5 days to 2 weeks" is left alone. ``mutate`` also keeps a
    moved end in proportion (:func:`_span`: "3-4 weeks" may become "3-6 weeks", never "3-12
    weeks", a window no schedule states as "typically")."""
    low = high = None
    m = re.search(r"(\d[\d,]*(?:\.\d+)?)\s*(?:[-–]\s*to\s*[-–]|[-–]|to|and|through)\s*\S?$", text[: site.start])
    if m and not re.search(r"\d\s*(?:-|–)\s*\d{4}$", text[: site.start]):
        low = parse_number(m.group(1))
    m = re.match(r"\s*(?:-|–|to)\s*\S?(\d[\d,]*(?:\.\d+)?)", text[site.end :])
    if m:
        high = parse_number(m.group(1))
    return low, high


def _agree_verbs(text: str, start: int, end: int, *, plural: bool) -> str:
    """Re-agree is/are, was/were, has/have right after the new quantity ("3 seats are"), or
    right after "there" before it ("there are 3 seats")."""
    nxt = grammar.word_after(text, end)
    # "3 seats that are": skip one relative pronoun
    if nxt is not None and nxt[2].lower() in ("that", "which", "who"):
        nxt = grammar.word_after(text, nxt[1])
    if nxt is not None and nxt[2].lower() in ("is", "are", "was", "were", "has", "have"):
        text = grammar.apply(text, nxt[0], nxt[1], grammar.agree_verb(nxt[2], plural))
    prev = grammar.word_before(text, start)
    if prev is not None and prev[2].lower() in ("is", "are", "was", "were"):
        there = grammar.word_before(text, prev[0])
        if there is not None and there[2].lower() == "there":
            text = grammar.apply(text, prev[0], prev[1], grammar.agree_verb(prev[2], plural))
    return text


def _good_count(sentence: Sentence, slot: Slot, parsed: Parsed) -> bool:
    """A count worth changing: a lower-case noun after a plain number in a clause that has a
    verb. Years ("2024 customers"), capitalised nouns ("3 Configure") and verb-less fragments
    (headings, table cells) are poor sites."""
    noun = re.match(r"[\s-]+([A-Za-z]+)", parsed.rest)
    if noun is None or not noun.group(1)[0].islower():
        return False
    if re.fullmatch(r"(?:19|20)\d{2}", parsed.token):
        return False
    if any(s.kind == "duration" for s in sentence.slots if s.start <= slot.start < s.end and s is not slot):
        return False
    nxt = grammar.word_after(sentence.text, slot.end)
    if parsed.display == 1 and nxt is not None and nxt[2].islower() and nxt[2] not in _FOLLOWERS:
        return False  # "1 credit hour": the counted noun is a modifier, "24 credits hour" breaks
    return grammar.looks_like_clause(sentence.text)


FAMILY = QuantityFamily()
