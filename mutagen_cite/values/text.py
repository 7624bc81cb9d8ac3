"""Text normalisation and tokens shared by every comparison of answers, claims and names."""

from __future__ import annotations

import re
import unicodedata

_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "`": "'",
                         "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2033": '"', "\u00ab": '"', "\u00bb": '"',
                         "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-",
                         "\u2212": "-", "\u00a0": " ", "\u202f": " ", "\u2009": " "})


def normalise_text(s: str) -> str:
    """Lower case, NFKC, curly quotes and apostrophes straightened, every dash a hyphen,
    whitespace collapsed to single spaces, ends stripped."""
    t = unicodedata.normalize("NFKC", s or "").translate(_QUOTES).lower()
    return " ".join(t.split())


def fold_digits(s: str) -> str:
    """Thousands separators dropped between digit groups: "1,000,000" -> "1000000"."""
    return re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", s)


TOKEN_RX = re.compile(r"[a-z0-9]+(?:[.'+#&][a-z0-9]+)*[+#]*")


def tokens(s: str) -> list[str]:
    """Word tokens of normalised text ("node.js", "c++", "don't" stay whole)."""
    return TOKEN_RX.findall(normalise_text(s))


_IRREGULAR = {"men": "man", "women": "woman", "people": "person", "children": "child", "feet": "foot",
              "data": "data", "series": "series", "status": "status", "analysis": "analysis"}


def singular(word: str) -> str:
    """A plural noun's singular by rule ("policies" -> "policy", "users" -> "user")."""
    w = word.lower()
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 4 and re.search(r"(?:ss|sh|ch|x|z)es$", w):
        return w[:-2]
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    return w


def contains_phrase(haystack: str, needle: str) -> bool:
    """``needle`` occurs in ``haystack`` on token boundaries after normalisation: "$280" is
    not in "$2800", "pro" is not in "product", "2026" is not in "20260", "2.5" not in "2.55"."""
    h, n = fold_digits(normalise_text(haystack)), fold_digits(normalise_text(needle)).strip(" .,;:!?")
    if not n:
        return False
    left = r"(?<![\w])" if re.match(r"\w", n) else r"(?<![\w$€£¥₹])" if n[0] in "$€£¥₹" else ""
    right = r"(?![\w])(?![.,]\d)" if re.search(r"\w$", n) else ""
    return re.search(left + re.escape(n) + right, h) is not None
