"""Rules for a number tied to other numbers of its chunk, which keep the original derivable or
contradict the edit: an operand of a calculation or conversion, a value of a worked example,
a count of the list after it, a part or a total of a sum, a rate converted to another unit.
"""

from __future__ import annotations

import re
from itertools import combinations, takewhile

from ...values import find_values
from ..candidate import Candidate
from .layout import _LIST_ITEM
from .presupposed import EXAMPLE
from .reading import _sentence_spans, _sentences_in


#: arithmetic between two values: an operator sign ("x" only between numbers)
ARITHMETIC_SIGN = re.compile(r"[\u00d7*\u00f7=\u2248\u2243\u2192]|~=|->|(?<=\d)\s*x\s*(?=[\d$\u20ac\u00a3])|\s[x+]\s")


#: a second value derived from the first, in words: "becomes", "so ... costs", "which is", "works out to"
DERIVED_WORDS = re.compile(
    r"\b(?:times|multiplied\s+by|divided\s+by|equals?|equal\s+to|equivalent\s+to|becomes?|adds?\s+up\s+to|"
    r"works?\s+out\s+(?:to|at)|comes?\s+(?:out\s+)?to|totals?|totalling|totaling|in\s+total|so|which\s+is|"
    r"i\.\s?e\.|that\s+is|or\s+about|or\s+roughly|roughly|approximately)\b",
    re.I,
)


def _in_arithmetic(c: Candidate) -> str | None:
    """A number changed inside a calculation or a conversion: "$40/month (720 hrs) = $0.0556/hour",
    "one worker at $4 becomes ten replicas at $40", a worked sum on the next line. The values
    around it are derived from it, so the edit either leaves the original derivable (a reader
    multiplies back) or makes the chunk contradict itself; either way it is no clean near miss.

    Inside the sentence: an operator sign between the value and any other value, or a
    derivation word between the value and another value of the same dimension (money and
    money). Next to it: a neighbouring sentence of the chunk that is itself a calculation
    (values joined by operator signs) over a dimension the sentence's values have ("336 hours"
    next to "96 hours over the 240 cap")."""
    text = c.sentence.text
    values = find_values(text)
    own = next((v for v in values if v.start < c.site.end and c.site.start < v.end), None)
    if own is None:
        return None
    for v in values:
        if v is own:
            continue
        a, b = (own.end, v.start) if own.end <= v.start else (v.end, own.start)
        between = text[a:b]
        if ARITHMETIC_SIGN.search(between):
            return f"{own.text!r} is an operand of a calculation ({text[min(own.start, v.start):max(own.end, v.end)]!r})"
        if v.dimension == own.dimension and DERIVED_WORDS.search(between):
            return f"{v.text!r} is derived from {own.text!r} in the same sentence"
    chunk = c.true_chunk.text
    off = c.sentence.start - c.true_chunk.start
    spans = _sentence_spans(chunk)
    here = next((k for k, (a, b) in enumerate(spans) if a <= off < b), None)
    if here is None:
        return None
    for k in (here - 1, here + 1):
        if 0 <= k < len(spans):
            other = chunk[spans[k][0]:spans[k][1]]
            vals = find_values(other)
            calc = any(ARITHMETIC_SIGN.search(other[x.end:y.start]) for x, y in zip(vals, vals[1:]))
            if calc and {v.dimension for v in vals} & {v.dimension for v in values}:
                return f"a neighbouring sentence is a calculation over {own.kind} values ({other.strip()[:60]!r})"
    return None


def _worked_example(c: Candidate) -> str | None:
    """The number sits in a worked example ("For example: you took 4 weeks in March 2022 ... You
    will have 8 weeks left until March 2023."): its values are computed from the rule the example
    illustrates, so a reader derives the original back from the rule and the other numbers."""
    off = c.sentence.start - c.true_chunk.start
    para = c.true_chunk.text[:off].rsplit("\n\n", 1)[-1]
    for other in _sentences_in(c.true_chunk.text, off - len(para), off + len(c.sentence.text)):
        if EXAMPLE.match(other):
            return f"the value is part of a worked example ({other[:40]!r})"
    return None


def _enumerated_count(c: Candidate) -> str | None:
    """A count whose list follows: "three options:" then three items, "in two ways: A and B".
    The reader counts the items, so another count makes the chunk contradict itself. Items
    are the comma/"and"/"or" parts after the colon in the sentence, or else the lines of the
    list right after it (marked, or a block of short lines)."""
    text = c.sentence.text
    old = next((v for v in find_values(text) if v.kind == "count" and v.start <= c.site.start < v.end), None)
    if old is None or old.low != old.high:
        return None
    colon = text.find(":", old.end)
    follows = re.search(r"\b(?:the\s+following|as\s+follows|these|below)\b", text[old.end:], re.I)
    if colon < 0 and not follows:
        return None
    inline = text[colon + 1:].strip().rstrip(".") if colon >= 0 else ""
    if inline:
        n = len([p for p in re.split(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+|\s*\n\s*", inline)
                 if _LIST_ITEM.sub("", p).strip()])
    else:
        off = c.sentence.start - c.true_chunk.start + len(text)
        lines = c.true_chunk.text[off:].lstrip("\n").split("\n")
        marked = list(takewhile(lambda ln: bool(_LIST_ITEM.match(ln)), lines))
        bare = list(takewhile(lambda ln: bool(ln.strip()) and len(ln.split()) <= 25 and not ln.rstrip().endswith(":"),
                              lines))
        n = len(marked) or len(bare)
    if n == old.low:
        return f"{old.text!r} counts the {n} items the chunk lists after it"
    return None


#: words that mark a value as the total of others ("15 GB in total", "a combined 40 seats")
TOTAL_WORDS = re.compile(r"\b(?:total|totals|totalling|totaling|combined|altogether|in\s+all|sum|overall|together)\b",
                         re.I)


#: time units a rate is given per, in minutes
_PER_MINUTES = {"second": 1 / 60, "sec": 1 / 60, "minute": 1, "min": 1, "hour": 60, "hr": 60, "day": 1440,
                "week": 10080, "month": 43200, "mo": 43200, "year": 525600, "yr": 525600}


_PER = re.compile(r"^\s*(?:/|per|an?|each)\s*(?:[A-Za-z][\w-]*\s*/\s*|[A-Za-z][\w-]*\s+per\s+)?"
                  r"(second|sec|minute|min|hour|hr|day|week|month|mo|year|yr)s?\b", re.I)


#: how close a converted rate must come to its twin to be derived from it (730 vs 720 hours a month)
RATE_TOLERANCE = 0.025


def _per(v, text: str) -> str | None:
    """The time unit ``v`` is given per ("$0.0004 / vCPU / minute", "10 GB per hour", "monthly"),
    after what else it is per ("GB/" for "$10 / GB / month"), or None."""
    if v.rate:
        *what, unit = v.rate.lower().split("/")
        unit = unit.strip().rstrip("s")
        return "/".join(what) + "/" + unit if what else unit
    m = _PER.match(text[v.end:])
    return m.group(1).lower() if m else None


def _time_of(per: str | None) -> tuple[str, str] | None:
    """``(what, time unit)`` of a :func:`_per` result whose unit is a time."""
    if per is None:
        return None
    what, _, unit = per.rpartition("/")
    return (what, unit) if unit in _PER_MINUTES else None


def _tied_numbers(c: Candidate) -> str | None:
    """The changed number is tied to other numbers of its chunk, which would keep the original
    derivable or contradict the edit: a total stated as one ("15 GB in total") that is the sum
    of two to four others of its dimension, with the changed one among them or the total
    itself; or a rate given per one time unit whose twin per another is the same amount
    converted ("$20 / month" beside "$0.000463 / minute": 43,200 minutes a month)."""
    chunk = c.true_chunk.text
    off = c.sentence.start - c.true_chunk.start
    vals = find_values(chunk)
    own = next((v for v in vals if v.start <= off + c.site.start < v.end or off + c.site.start <= v.start < off + c.site.end),
               None)
    if own is None or own.low != own.high or own.low in (float("inf"), float("-inf")):
        return None
    same = [v for v in vals if v is not own and v.kind == own.kind and v.low == v.high
            and v.low not in (float("inf"), float("-inf")) and v.low > 0]
    mine = _per(own, chunk)
    if _time_of(mine) is not None and own.kind != "duration":  # "24 hours a day, 7 days a week" is no price
        what, mine = _time_of(mine)
        for v in same:
            twin = _time_of(_per(v, chunk))
            if twin is None or twin[0] != what:
                continue
            theirs = twin[1]
            if theirs != mine and own.low > 0:
                converted = own.low * _PER_MINUTES[theirs] / _PER_MINUTES[mine]
                if abs(converted - v.low) <= RATE_TOLERANCE * v.low or (
                        {mine, theirs} <= {"hour", "hr", "month", "mo"}
                        and abs(converted * 730 / 720 - v.low) <= RATE_TOLERANCE * v.low):
                    return f"{own.text!r} per {mine} is {v.text!r} per {theirs} converted: a reader derives it back"
    pool = [v for v in same if _per(v, chunk) == _per(own, chunk)][:12]

    def says_total(v) -> bool:
        a = chunk.rfind("\n", 0, v.start) + 1
        return bool(TOTAL_WORDS.search(chunk[max(a, v.start - 40):v.end + 20]))

    everyone = [own] + pool
    for total in everyone:
        if not says_total(total):
            continue
        parts = [v for v in everyone if v is not total and v.low < total.low]
        for k in (2, 3, 4):
            for combo in combinations(parts, k):
                if (total is own or own in combo) and abs(sum(v.low for v in combo) - total.low) <= 1e-9 * total.low:
                    return (f"{total.text!r} is the total of {', '.join(repr(v.text) for v in combo)}: "
                            "the edit breaks the sum or leaves it derivable")
    return None
