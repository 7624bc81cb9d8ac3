"""Gate parsing and checking: numbers in every reason, no-data fails, typos are caught."""

from __future__ import annotations

import pytest

from mutagen_cite.errors import ConfigError
from mutagen_cite.run.gates import Gate, check_gates, parse_gates

SUMMARY = {
    "overall": {"citation_accuracy": 0.62, "true_absent_pass": 0.75, "faithfulness": None},
    "families": {"scope": {"citation_accuracy": 0.9, "true_absent_pass": 0.2}},
}


def test_parse_several_lists_and_family_gates():
    gates = parse_gates(["citation_accuracy=0.8, true_absent_pass>=0.7", "scope.true_absent_pass=0.5"])
    assert gates == [Gate("citation_accuracy", 0.8), Gate("true_absent_pass", 0.7), Gate("true_absent_pass", 0.5, "scope")]
    assert parse_gates(None) == [] and parse_gates("") == []


@pytest.mark.parametrize("spec,message", [
    ("citation_accuracy", "malformed"),
    ("citation_accuracy=high", "not a number"),
    ("accuracy=0.8", "unknown metric"),
    ("errored=0.1", "better when lower"),
    ("pass_rate=80", "must be in 0..1"),
])
def test_bad_gates_name_the_problem(spec, message):
    with pytest.raises(ConfigError, match=message) as info:
        parse_gates(spec)
    assert info.value.hint


def test_check_gates_puts_numbers_in_reasons():
    results = check_gates(SUMMARY, parse_gates(
        "citation_accuracy=0.8,true_absent_pass=0.7,faithfulness=0.5,scope.true_absent_pass=0.5,date.pass_rate=0.1"))
    assert [r.passed for r in results] == [False, True, False, False, False]
    assert results[0].reason == "citation_accuracy 0.62 < 0.80"
    assert results[1].reason == "true_absent_pass 0.75 >= 0.70"
    assert "no data" in results[2].reason
    assert results[3].reason == "scope.true_absent_pass 0.20 < 0.50"
    assert "no cases of family 'date'" in results[4].reason
