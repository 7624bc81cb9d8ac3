"""When two values are the same, when a text states a value, and the grading rule for
``expect.answer_contains`` / ``expect.answer``."""

from __future__ import annotations

import math
import re

from .find import Value, find_values
from .tables import AFFIRMATIVE_STARTS, NEGATIVE_STARTS, STOPWORDS
from .text import contains_phrase, normalise_text, singular, tokens

_REL = 1e-9


def _close(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is b
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= _REL * max(1.0, abs(a), abs(b))


def _dims_compatible(a: Value, b: Value, lenient: bool) -> bool:
    if a.dimension == b.dimension:
        return True
    counts = {"number", "count"}
    # "10" and "10 users": the same number when a bare number meets a count (lenient only)
    return lenient and a.kind in counts and b.kind in counts and (not a.unit or not b.unit)


def _interval_equal(a: Value, b: Value) -> bool:
    if a.low is None or b.low is None:
        return a.canonical == b.canonical
    if _close(a.low, b.low) and _close(a.high, b.high):
        return True
    # a decimal size also reads as binary: "1 GB" is "1024 MB", "5 TB" is "5 TiB"
    for al, ah in ((a.alt_low, a.alt_high), (a.low, a.high)):
        for bl, bh in ((b.alt_low, b.alt_high), (b.low, b.high)):
            if al is not None and bl is not None and _close(al, bl) and _close(ah, bh):
                return True
    if "~" in (a.comparator, b.comparator) and a.number is not None and b.number is not None:
        x, y = a.low, b.low
        return abs(x - y) <= 0.1 * max(abs(x), abs(y))
    return False


def values_equal(a: Value, b: Value, lenient: bool = False) -> bool:
    """Two value mentions state the same value: same dimension (after unit conversion), same
    interval, same currency and rate, same comparator. ``lenient`` (answers): a plain value
    matches the same value with a bound or "about" ("10 users" answers "up to 10 users"),
    and a bare number matches a count; opposite bounds never match."""
    if not _dims_compatible(a, b, lenient):
        return False
    if a.rate != b.rate and not (lenient and (not a.rate or not b.rate)):
        return False
    if a.comparator != b.comparator:
        if not lenient or not ({a.comparator, b.comparator} & {"=", "~"}) or "range" in (a.comparator, b.comparator):
            return False
        # compare the written numbers, without the bound's open end
        a = _point(a)
        b = _point(b)
    return _interval_equal(a, b)


def _point(v: Value) -> Value:
    if v.comparator in (">=", ">"):
        return Value(v.kind, v.text, v.start, v.end, v.low, v.low, v.unit, v.currency, v.rate, "=", v.number,
                     v.alt_low, v.alt_low)
    if v.comparator in ("<=", "<"):
        return Value(v.kind, v.text, v.start, v.end, v.high, v.high, v.unit, v.currency, v.rate, "=", v.number,
                     v.alt_high, v.alt_high)
    return v


def _residual(text: str, values: list[Value]) -> list[str]:
    """Content words outside the value spans, singular, in order."""
    parts, last = [], 0
    for v in values:
        parts.append(text[last:v.start])
        last = v.end
    parts.append(text[last:])
    return [singular(t) for t in tokens(" ".join(parts)) if t not in STOPWORDS and t != "version"]


def same_value(a: str, b: str) -> bool:
    """``a`` and ``b`` state the same value(s): "30 days" == "thirty days" == "a month"? no
    (a month is 30.44 days); "5 TiB" == "5120 GiB"; "$1,000" == "1000 USD"; "up to 10" !=
    "at least 10". Without any value, the normalised texts must be equal (names)."""
    va, vb = find_values(a), find_values(b)
    if len(va) != len(vb):
        return False
    if not va:
        return _name_key(a) == _name_key(b)
    if not all(values_equal(x, y) for x, y in zip(va, vb)):
        return False
    return _residual(a, va) == _residual(b, vb)


def _name_key(s: str) -> list[str]:
    return [singular(t) for t in tokens(s) if t not in ("the", "a", "an", "version")]


def mentions_value(text: str, value: str) -> bool:
    """``text`` states ``value``. Value-aware when ``value`` holds a quantity, date, money...
    (each value in ``value`` has an equal one in ``text``, and its other words appear), a
    token-boundary match otherwise ("Pro" is not in "Product"; "MySQL 5.7" is in "MySQL
    version 5.7"; "plans" is in "plan")."""
    if not (value or "").strip():
        return False
    if contains_phrase(text, value):
        return True
    want = find_values(value)
    have_tokens = {singular(t) for t in tokens(text)}
    if not want:
        key = _name_key(value)
        if not key:
            return False
        # every word of the name, in order, on token boundaries (singular/plural and casing free)
        words = [singular(t) for t in tokens(text)]
        n = len(key)
        return any(words[i:i + n] == key for i in range(len(words) - n + 1))
    have = find_values(text)
    for v in want:
        if not any(values_equal(v, h, lenient=True) for h in have):
            return False
    return all(w in have_tokens for w in _residual(value, want))


_YES = re.compile(r"^(?:" + "|".join(re.escape(a) for a in AFFIRMATIVE_STARTS) + r")\b")
_NO = re.compile(r"^(?:" + "|".join(re.escape(a) for a in NEGATIVE_STARTS) + r")\b")
_YES_INSIDE = re.compile(
    r"\b(?:yes|correct|that's right|indeed)\b"
    r"|\b(?:do|does|did|must|shall|can|will|are|is|have|has|should|may|needs? to|required|mandatory|"
    r"always|every|all|each|most|the majority of)\b"
)
_NO_INSIDE = re.compile(r"\b(?:no|not|n't|never|cannot|none)\b")


def _yes_no(expected: str, answer: str) -> bool:
    a = normalise_text(answer).lstrip("\"'*-• ")
    if expected == "yes":
        if _NO.match(a):
            return False
        return bool(_YES.match(a) or (_YES_INSIDE.search(a) and not _NO_INSIDE.search(a)))
    if _YES.match(a):
        return False
    return bool(_NO.match(a) or _NO_INSIDE.search(a))


def opens_with_yes(answer: str) -> bool:
    """The answer opens with an affirmative ("Yes.", "Correct,"): it answers a yes/no question
    with yes, whatever the sentences after it say."""
    return bool(_YES.match(normalise_text(answer).lstrip("\"'*-• ")))


def answer_matches(expected: str, answer: str) -> bool:
    """The grading rule for ``expect.answer_contains`` (and ``expect.answer: yes/no``).

    Expected "yes"/"no": the answer starts with (or, for yes, contains) an affirmative /
    negative and does not start with the opposite. Anything else: :func:`mentions_value`,
    i.e. whole values on token boundaries after normalisation — "$2800" does not match
    "$280", "Node.js 220" does not match "Node.js 22", "thirty days" matches "30 days",
    "1,000" matches "1000"."""
    e = normalise_text(expected).strip(" .!")
    if e in ("yes", "no"):
        return _yes_no(e, answer)
    return mentions_value(answer, expected)
