"""Numbers as written: digits, thousands separators, multipliers, words, ordinals, fractions.

Hand-written rather than ``word2number``/``number-parser``: neither is installed here, and
the parts this project needs are small and must be exact and deterministic — "a dozen",
"two and a half", "1.5k", ordinals ("21st", "twenty-first"), and, above all, *refusing*
what is not one number ("one two" is not 3, "twenty-one" is never "one"). The composition
rule is the usual one: units and tens add, "hundred" multiplies the running group, and
"thousand"/"million"/"billion" close a group.
"""

from __future__ import annotations

import re

from .tables import FRACTION_WORDS, MULTIPLIER, ORDINAL_WORDS, SCALE_WORDS, TENS_WORDS, UNIT_WORDS

_DIGITS = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+"
_UNIT_W = "|".join(sorted(UNIT_WORDS, key=len, reverse=True))
_TENS_W = "|".join(TENS_WORDS)
_SCALE_W = "|".join(SCALE_WORDS)
_ORD_W = "|".join(sorted(ORDINAL_WORDS, key=len, reverse=True))
#: one number word, tens compounds included ("twenty-one", "twenty one")
_WORD = rf"(?:(?:{_TENS_W})(?:[\s-](?:{_UNIT_W})\b)?|{_UNIT_W}|{_SCALE_W}|dozen)"
#: a run of number words ("one hundred and twenty", "a dozen", "two and a half")
WORDS_RX = (rf"(?:(?:an?\s+)(?=(?:dozen|hundred|thousand|million|billion|half)\b))?"
            rf"(?:{_WORD}|half)(?:(?:[\s-]+|\s+and\s+)(?:{_WORD}|a\s+half|half)\b)*")
#: digits with an optional multiplier ("10k", "1.5 million")
DIGITS_RX = rf"(?:{_DIGITS})(?:\s?(?:k|K|M|bn)\b|\s(?:thousand|million|billion)\b)?"
#: any cardinal as written, for embedding in larger patterns
NUMBER_RX = rf"(?:{DIGITS_RX}|\b{WORDS_RX}\b)"
#: ordinals: "3rd", "21st", "third", "twenty-first"
ORDINAL_RX = rf"(?:\b\d+(?:st|nd|rd|th)\b|\b(?:(?:{_TENS_W})[\s-])?(?:{_ORD_W})\b)"

_DIGITS_FULL = re.compile(rf"({_DIGITS})\s*(k|K|M|bn|thousand|million|billion)?")


def _words_value(words: list[str]) -> float | None:
    total, group, seen_any, last = 0.0, 0.0, False, ""
    frac = 0.0
    i = 0
    while i < len(words):
        w = words[i]
        if w == "and":
            if i + 1 < len(words) and words[i + 1] == "a" and i + 2 < len(words) and words[i + 2] in FRACTION_WORDS:
                frac = FRACTION_WORDS[words[i + 2]]
                if i + 3 != len(words):
                    return None
                break
            if last not in ("hundred", "thousand", "million", "billion") and not last in TENS_WORDS and last not in UNIT_WORDS:
                return None
            i += 1
            continue
        if w in ("a", "an"):
            if i + 1 < len(words) and words[i + 1] in ("dozen", "hundred", "thousand", "million", "billion", "half", "quarter"):
                group, seen_any, last = (1.0 if words[i + 1] not in FRACTION_WORDS else 0.0), True, "a"
                if words[i + 1] in FRACTION_WORDS:
                    if i + 2 != len(words):
                        return None
                    return FRACTION_WORDS[words[i + 1]]
                i += 1
                continue
            return None
        if w in UNIT_WORDS:
            if last in UNIT_WORDS or (last in TENS_WORDS and UNIT_WORDS[w] >= 10) or last == "a":
                return None
            if last in TENS_WORDS and UNIT_WORDS[w] == 0:
                return None
            group += UNIT_WORDS[w]
        elif w in TENS_WORDS:
            if last in UNIT_WORDS or last in TENS_WORDS or last == "a":
                return None
            group += TENS_WORDS[w]
        elif w == "hundred":
            if last == "hundred":
                return None
            group = (group or 1.0) * 100
        elif w in ("thousand", "million", "billion"):
            total += (group or 1.0) * SCALE_WORDS[w]
            group = 0.0
        elif w == "dozen":
            group = (group or 1.0) * 12
        elif w in FRACTION_WORDS:
            if seen_any:
                return None
            return FRACTION_WORDS[w] if i + 1 == len(words) else None
        else:
            return None
        seen_any, last = True, w
        i += 1
    if not seen_any:
        return None
    return total + group + frac


def parse_number(text: str) -> float | None:
    """The number ``text`` writes, or None when it is not (exactly) one number.

    "1,000" -> 1000.0, "2.5" -> 2.5, "10k" -> 10000.0, "1.5 million" -> 1500000.0,
    "twenty-one" -> 21.0, "one hundred and five" -> 105.0, "a dozen" -> 12.0,
    "two and a half" -> 2.5, "half" -> 0.5, "21st"/"twenty-first" -> 21.0 (ordinals parse
    to their number; :func:`parse_ordinal` tells the two apart). "one two" -> None.
    """
    t = " ".join(text.strip().replace("\u2011", "-").replace("\u2010", "-").split())
    if not t:
        return None
    m = _DIGITS_FULL.fullmatch(t)
    if m:
        value = float(m.group(1).replace(",", ""))
        return value * MULTIPLIER.get(m.group(2) or "", 1.0)
    ordinal = parse_ordinal(t)
    if ordinal is not None:
        return ordinal
    words = re.split(r"[\s-]+", t.lower())
    return _words_value(words)


def parse_ordinal(text: str) -> float | None:
    """"third" / "3rd" / "21st" / "twenty-first" to its number; None otherwise."""
    t = " ".join(text.strip().lower().split())
    m = re.fullmatch(r"(\d+)(?:st|nd|rd|th)", t)
    if m:
        return float(m.group(1))
    if t in ORDINAL_WORDS:
        return float(ORDINAL_WORDS[t])
    m = re.fullmatch(r"([a-z]+)[\s-]([a-z]+)", t)
    if m and m.group(1) in TENS_WORDS and m.group(2) in ORDINAL_WORDS and ORDINAL_WORDS[m.group(2)] < 10:
        return float(TENS_WORDS[m.group(1)] + ORDINAL_WORDS[m.group(2)])
    return None


def parse_rank(text: str) -> float | None:
    """A position in an order: an ordinal (:func:`parse_ordinal`), or "last" as -1."""
    if text.strip().lower() == "last":
        return -1.0
    return parse_ordinal(text)


def number_to_words(n: int) -> str | None:
    """0..99 in words ("twenty-one"), None outside; the inverse the families use to reword."""
    if not 0 <= n <= 99 or int(n) != n:
        return None
    n = int(n)
    by_value = {v: k for k, v in UNIT_WORDS.items()}
    if n in by_value:
        return by_value[n]
    tens = {v: k for k, v in TENS_WORDS.items()}
    return tens[n - n % 10] + ("" if n % 10 == 0 else "-" + by_value[n % 10])
