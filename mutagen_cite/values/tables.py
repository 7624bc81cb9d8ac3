"""The one definition of every value table the project uses.

Number words, ordinals, months, currencies, units of time and size, rate periods,
comparator phrases and stopwords live here and nowhere else: the annotator
(``patterns.py``, ``annotate.py``), the families, the judges and the answer normaliser all
import them from this module.
"""

from __future__ import annotations

#: cardinal number words below twenty and the tens (compounds such as "twenty-one" are
#: composed by :func:`mutagen_cite.values.numbers.parse_number`)
UNIT_WORDS: dict[str, int] = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}
TENS_WORDS: dict[str, int] = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
}
SCALE_WORDS: dict[str, int] = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
#: every single word that is a cardinal on its own ("dozen" needs "a"/a number before it)
WORD_NUMBERS: dict[str, int] = {**UNIT_WORDS, **TENS_WORDS, **SCALE_WORDS, "dozen": 12}

ORDINAL_WORDS: dict[str, int] = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19, "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50,
    "sixtieth": 60, "seventieth": 70, "eightieth": 80, "ninetieth": 90, "hundredth": 100,
}
#: fraction words and their value ("half a day", "two and a half hours")
FRACTION_WORDS: dict[str, float] = {"half": 0.5, "quarter": 0.25}

#: digits followed by one of these multiply: "10k", "1.5 million"
MULTIPLIER: dict[str, float] = {"k": 1e3, "K": 1e3, "m": 1e6, "M": 1e6, "million": 1e6, "billion": 1e9,
                                "bn": 1e9, "thousand": 1e3}

_MONTH_NAMES = ["january", "february", "march", "april", "may", "june", "july", "august",
                "september", "october", "november", "december"]
#: month names and abbreviations (lower case) to 1..12
MONTHS: dict[str, int] = {m: i + 1 for i, m in enumerate(_MONTH_NAMES)}
MONTHS.update({k[:3]: v for k, v in list(MONTHS.items())})
MONTHS["sept"] = 9
#: the regular expression of a month name as written (capitalised or not)
MONTH_RX = (r"(?:[Jj]an(?:uary)?|[Ff]eb(?:ruary)?|[Mm]ar(?:ch)?|[Aa]pr(?:il)?|May|[Jj]une?|[Jj]uly?|"
            r"[Aa]ug(?:ust)?|[Ss]ep(?:t(?:ember)?)?|[Oo]ct(?:ober)?|[Nn]ov(?:ember)?|[Dd]ec(?:ember)?)\.?")

#: currency symbols, codes and words to ISO 4217 codes
CURRENCY: dict[str, str] = {
    "$": "USD", "us$": "USD", "usd": "USD", "dollar": "USD", "dollars": "USD",
    "€": "EUR", "eur": "EUR", "euro": "EUR", "euros": "EUR",
    "£": "GBP", "gbp": "GBP", "pound": "GBP", "pounds": "GBP",
    "¥": "JPY", "jpy": "JPY", "yen": "JPY",
    "cad": "CAD", "aud": "AUD", "chf": "CHF", "inr": "INR", "₹": "INR",
}
CURRENCY_SYMBOLS = "$€£¥₹"
CURRENCY_CODES = ("USD", "EUR", "GBP", "JPY", "CAD", "AUD", "CHF", "INR")

#: time units to seconds (a month is a twelfth of a Julian year, so 12 months == 1 year)
YEAR_SECONDS = 365.25 * 86400
TIME_UNITS: dict[str, float] = {
    "second": 1, "sec": 1, "s": 1, "minute": 60, "min": 60, "hour": 3600, "hr": 3600, "h": 3600,
    "day": 86400, "week": 7 * 86400, "fortnight": 14 * 86400, "month": YEAR_SECONDS / 12,
    "quarter": YEAR_SECONDS / 4, "year": YEAR_SECONDS, "decade": 10 * YEAR_SECONDS,
    "century": 100 * YEAR_SECONDS,
}
#: every written form of a time unit to its name in TIME_UNITS
TIME_UNIT_FORMS: dict[str, str] = {
    "second": "second", "seconds": "second", "sec": "second", "secs": "second", "s": "second",
    "minute": "minute", "minutes": "minute", "min": "minute", "mins": "minute",
    "hour": "hour", "hours": "hour", "hr": "hour", "hrs": "hour", "h": "hour",
    "day": "day", "days": "day", "week": "week", "weeks": "week", "fortnight": "fortnight",
    "fortnights": "fortnight", "month": "month", "months": "month", "quarter": "quarter",
    "quarters": "quarter", "year": "year", "years": "year", "yr": "year", "yrs": "year",
    "decade": "decade", "decades": "decade", "century": "century", "centuries": "century",
}
#: "business days" are not calendar days: their own dimension
BUSINESS_QUALIFIERS = ("business", "working", "calendar")

#: sizes to bytes; decimal units also have a binary reading (documentation often means GiB by GB)
SIZE_UNITS: dict[str, tuple[float, float | None]] = {
    "b": (1, None), "byte": (1, None), "bytes": (1, None),
    "kb": (1e3, 2.0**10), "mb": (1e6, 2.0**20), "gb": (1e9, 2.0**30), "tb": (1e12, 2.0**40), "pb": (1e15, 2.0**50),
    "kib": (2.0**10, None), "mib": (2.0**20, None), "gib": (2.0**30, None), "tib": (2.0**40, None), "pib": (2.0**50, None),
    "kilobyte": (1e3, 2.0**10), "megabyte": (1e6, 2.0**20), "gigabyte": (1e9, 2.0**30), "terabyte": (1e12, 2.0**40),
    "petabyte": (1e15, 2.0**50),
}
#: bandwidth units to bits per second
BANDWIDTH_UNITS: dict[str, float] = {"kbps": 1e3, "mbps": 1e6, "gbps": 1e9, "tbps": 1e12}
#: counted compute units (not bytes)
COMPUTE_UNITS: dict[str, str] = {"vcpu": "vcpu", "vcpus": "vcpu", "cpu": "cpu", "cpus": "cpu", "core": "core", "cores": "core"}

#: rate periods and per-thing qualifiers: written form -> canonical
RATE_FORMS: dict[str, str] = {
    "second": "second", "sec": "second", "s": "second", "minute": "minute", "min": "minute",
    "hour": "hour", "hr": "hour", "h": "hour", "day": "day", "week": "week", "wk": "week",
    "month": "month", "mo": "month", "quarter": "quarter", "year": "year", "yr": "year", "annum": "year",
    "user": "user", "seat": "user", "member": "user", "account": "account", "project": "project",
    "request": "request", "invocation": "request", "call": "request", "gb": "GB", "build": "build",
    "organization": "organization", "organisation": "organization", "workspace": "workspace",
    "region": "region", "instance": "instance", "device": "device", "node": "node", "host": "host",
    "person": "person", "employee": "person", "teammate": "person", "team": "team", "trip": "trip",
    "event": "event", "seat": "user", "meal": "meal", "night": "night", "ticket": "ticket",
    # named periods of no fixed length: a period of their own, never a month or a year
    "pay period": "pay period", "billing period": "billing period", "billing cycle": "billing period",
    "pay cycle": "pay period",
}
RATE_ADVERBS: dict[str, str] = {
    "hourly": "hour", "daily": "day", "weekly": "week", "monthly": "month", "quarterly": "quarter",
    "annually": "year", "yearly": "year", "annual": "year",
}

#: comparator phrases before a value (longest first matters; regexes, case-insensitive)
COMPARATORS_BEFORE: tuple[tuple[str, str], ...] = (
    (r"(?:no|not)\s+(?:more|greater|longer|later|higher|larger)\s+than", "<="),
    (r"(?:no|not)\s+(?:less|fewer|shorter|earlier|lower|smaller)\s+than", ">="),
    (r"at\s+least|a\s+minimum\s+of|minimum\s+of|the\s+minimum\s+is|minimum|min\.?|or\s+more\s+than", ">="),
    (r"at\s+most|up\s+to|as\s+many\s+as|as\s+much\s+as|as\s+long\s+as|a\s+maximum\s+of|maximum\s+of|"
     r"the\s+maximum\s+is|(?:a\s+)?maximum\s+(?:[a-z]+\s+){1,3}of|maximum|max\.?|limited\s+to|capped\s+at|a\s+limit\s+of|limit\s+of|limit|"
     r"not\s+(?:to\s+)?exceed(?:ing)?|never\s+exceed(?:s|ing)?|within(?:\s+a\s+(?:period|maximum)\s+of)?", "<="),
    (r"(?:more|greater|longer|higher|later|larger)\s+than|over|above|exceeding|exceeds|beyond|in\s+excess\s+of", ">"),
    (r"(?:less|fewer|shorter|lower|earlier|smaller)\s+than|under|below", "<"),
    (r"about|around|approximately|approx\.?|roughly|nearly|almost|some|~|circa|ca\.", "~"),
    (r"exactly|precisely", "="),
)
COMPARATORS_AFTER: tuple[tuple[str, str], ...] = (
    (r"\+|or\s+(?:more|greater|longer|above|higher|later|over)|and\s+(?:up|above|over|more)|minimum|at\s+minimum", ">="),
    (r"or\s+(?:less|fewer|shorter|below|lower|earlier|under)|at\s+most|max(?:imum)?\b|at\s+the\s+most", "<="),
)

#: function words: carry no content. Negations, quantifiers and modals are deliberately
#: absent: they carry the meaning this tool tests (the lexical judge counts them).
FUNCTION_WORDS = frozenset(
    """a an the and or but if then else of to in on at by for from with within without into onto
    over under about as is are was were be been being am do does did done has have had having
    this that these those it its they them their there here we us our you your he she his her
    i me my which who whom whose what when where while how why than so such also just very too
    only own same other up down out off again further once per via""".split()
)
#: negation, quantifier, modal and ordering cue words: read as attributes by the slots
#: judge, so they are not *content* either
CUE_WORDS = frozenset(
    """after all any before both can could each either every few may might more most must
    neither no nor not shall should some will would""".split()
)
#: words that are neither content nor names
STOPWORDS = FUNCTION_WORDS | CUE_WORDS

#: English function words by class, one definition each: the reader's topic words and the
#: question shapes (``cases/questions.py``) take their lists from here
ARTICLES = frozenset("a an the".split())
BASIC_PREPOSITIONS = frozenset("of in on at to for from by with".split())
#: the prepositions a question shape reads before a value or moves with its wh-phrase ("Within how
#: many hours ...", "For how many days ..."); "up to" is the one two-word member
QUESTION_PREPOSITIONS = BASIC_PREPOSITIONS | frozenset(
    "within after before until over under about into through across during between per than above below around up"
    .split()) | frozenset(("up to",))
COORDINATORS = frozenset("and or".split())
#: finite forms of be / do / have: a question or clause opens with one ("Does ...?", "Is ...?")
FINITE_AUXILIARIES = frozenset("is are was were do does did has have had".split())
AUXILIARIES = FINITE_AUXILIARIES | frozenset("be been".split())
MODAL_VERBS = frozenset("can could may might must shall should will would".split())
WH_WORDS = frozenset("how what which who whom whose when where why".split())
DEMONSTRATIVES = frozenset("this that these those".split())
#: the writer's and the reader's own words, and "it": no topic of a question
PERSONAL_WORDS = frozenset("i me my mine you your yours we us our it its".split())
QUANTIFIER_WORDS = frozenset("any all some each every no much many".split())
#: what a question is made of besides its topic ("How long is there ...?", "Yes, ...", "not")
QUESTION_FUNCTION_WORDS = (ARTICLES | BASIC_PREPOSITIONS | COORDINATORS | AUXILIARIES | MODAL_VERBS | WH_WORDS
                           | DEMONSTRATIVES | PERSONAL_WORDS | QUANTIFIER_WORDS | frozenset("not yes long there".split()))

#: answers that affirm / deny a yes-no question (after :func:`normalise_text`)
AFFIRMATIVE_STARTS = ("yes", "yeah", "yep", "correct", "that's correct", "that is correct", "that's right",
                      "that is right", "right", "indeed", "absolutely", "certainly", "sure", "true",
                      "affirmative", "definitely", "of course")
NEGATIVE_STARTS = ("no", "nope", "not", "incorrect", "that's incorrect", "that is incorrect", "false",
                   "negative", "never", "none", "it does not", "it doesn't", "they do not", "they don't",
                   "it is not", "it isn't", "there is no", "there are no", "you cannot", "you can't")


#: time zones after a time of day ("9AM PST", "9 a.m. Pacific"): written form -> one name
TIME_ZONES: dict[str, str] = {
    **{w: "pacific" for w in ("pst", "pdt", "pt", "pacific", "pacific time")},
    **{w: "mountain" for w in ("mst", "mdt", "mt", "mountain", "mountain time")},
    **{w: "central" for w in ("cst", "cdt", "ct", "central", "central time")},
    **{w: "eastern" for w in ("est", "edt", "et", "eastern", "eastern time")},
    **{w: "utc" for w in ("utc", "gmt", "z", "zulu")},
    **{w: "cet" for w in ("cet", "cest")},
    **{w: "ist" for w in ("ist",)},
}
