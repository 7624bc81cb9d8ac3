"""The one value model: numbers, quantities with units, money, percentages, bounds, rates,
dates and names — how they are written, found, normalised and compared.

    from mutagen_cite.values import parse_number, find_values, same_value, answer_matches, mentions_value, normalise_text

Every other module (annotator, families, judges, runner's answer check) uses these; the
tables behind them are in :mod:`mutagen_cite.values.tables` and exist nowhere else.
"""

#: changes whenever what the value model finds changes (part of the annotator version, so
#: parse caches built with an older reading are not reused)
VALUES_VERSION = "values.v3"

from .find import Value, adverb_first, find_values, ordinals  # noqa: E402
from .match import answer_matches, mentions_value, opens_with_yes, same_value, values_equal
from .numbers import number_to_words, parse_number, parse_ordinal, parse_rank
from .text import contains_phrase, normalise_text, singular, tokens

__all__ = [
    "VALUES_VERSION", "Value", "adverb_first", "answer_matches", "contains_phrase", "find_values", "mentions_value", "normalise_text", "opens_with_yes",
    "number_to_words", "ordinals", "parse_number", "parse_ordinal", "parse_rank", "same_value", "singular", "tokens", "values_equal",
]
