"""One reading of ordinals: the value finder and the slots judge take ranks from
``mutagen_cite.values.ordinals`` (issue 12: one value model)."""

from mutagen_cite.judges.slot_values import extra_quantities
from mutagen_cite.values import find_values, ordinals, parse_number, parse_rank


def spans(text):
    return [(text[a:b], n) for a, b, n in ordinals(text)]


def test_ranks_in_digits_words_and_compounds():
    assert spans("the 3rd review, the twenty-first day and the fifth step") == [
        ("3rd", 3), ("twenty-first", 21), ("fifth", 5)]


def test_second_is_a_rank_only_after_a_determiner_and_before_a_word():
    assert spans("wait one second before the second attempt") == [("second", 2)]
    assert spans("my second account") == [("second", 2)]
    assert spans("it takes a second.") == []


def test_finder_and_judge_read_the_same_ranks():
    text = "On your second day, the 21st of the queue and the twenty-first entry are checked."
    found = [(v.text, v.number) for v in find_values(text) if v.kind == "ordinal"]
    judged = [(q.surface, q.lo) for q in extra_quantities(text, [], ()) if q.dim == "ordinal"]
    assert found == judged == [("second", 2), ("21st", 21), ("twenty-first", 21)]


def test_a_second_copy_is_no_rank_for_the_judge():
    # the value model reads the rank; comparing claims, "a second copy" is another copy
    assert spans("keep a second copy") == [("second", 2)]
    assert [q for q in extra_quantities("keep a second copy", [], ()) if q.dim == "ordinal"] == []


def test_last_is_a_rank_not_a_number():
    assert parse_rank("last") == -1
    assert parse_number("last") is None
