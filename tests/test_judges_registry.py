"""The lexical rule of seed 001, the judge registry, ensembles and the verdict cache."""

from __future__ import annotations

import json

import pytest

from mutagen_cite.errors import ConfigError
from mutagen_cite import judges
from mutagen_cite.judges import AUTO_NOTICE, default_judge_spec, make_judge
from mutagen_cite.judges.base import Judge, ScoreJudge
from mutagen_cite.judges.cache import CachedJudge, VerdictCache, verdict_key
from mutagen_cite.judges.ensemble import EnsembleJudge
from mutagen_cite.judges.lexical import LexicalJudge, content_tokens, lexical_support


def test_lexical_rule_keeps_numbers_and_drops_stopwords():
    assert content_tokens("A customer has 14 days to request a credit.") == ["customer", "14", "day", "request", "credit"]
    assert "not" in content_tokens("is not included") and "must" in content_tokens("you must rotate")
    quote = "A customer has 30 days to request a credit for a damaged delivery"
    # fourteen vs thirty: the number is what the rule must not forgive
    assert lexical_support(quote, "A customer has 14 days to request a credit.") == pytest.approx(4 / 5)
    assert lexical_support(quote, "14 days.") == pytest.approx(1 / 2)
    assert lexical_support(quote, "30 days.") == 1.0
    assert lexical_support(quote, "") == 0.0
    assert content_tokens("1,000 requests at 2.5 each") == ["1000", "request", "2.5", "each"]  # quantifiers stay


def test_lexical_judge_threshold_and_reason():
    judge = make_judge("lexical")
    assert isinstance(judge, LexicalJudge) and isinstance(judge, Judge)
    v_yes, v_no = judge.verdicts([("Logs are kept for 7 days.", "Logs: 7 days."),
                                  ("Logs are kept for 7 days.", "Invoices are archived for 30 days.")])
    assert v_yes.supported and v_yes.judge == "lexical"
    assert not v_no.supported and "missing: 30, archived, invoice" in v_no.reason
    assert make_judge("lexical", threshold=0.9).threshold == 0.9


def test_default_judge_is_auto_while_slots_is_registered_else_lexical(monkeypatch):
    assert default_judge_spec() == "auto"
    without_slots = {name: f for name, f in judges.all_judges().items() if name != "slots"}
    monkeypatch.setattr(judges, "all_judges", lambda: without_slots)
    assert default_judge_spec() == "lexical"
    assert isinstance(make_judge(None, cache_dir=None), LexicalJudge)  # no spec: the default, built
    notices = []
    assert judges.resolve_auto("some/nli-model", notice=notices.append) == "lexical" and notices == [AUTO_NOTICE]
    with pytest.raises(ConfigError, match="unknown judge 'slots'") as info:
        make_judge("slots", cache_dir=None)
    assert "slots" not in info.value.hint and "lexical" in info.value.hint


def test_unknown_and_malformed_specs():
    with pytest.raises(ConfigError, match="unknown judge") as info:
        make_judge("oracle")
    assert "nli[:NAME_OR_DIR]" in info.value.hint
    with pytest.raises(ConfigError, match="model name"):
        make_judge("llm")
    with pytest.raises(ConfigError, match="at least two"):
        make_judge("ensemble:lexical", cache_dir=None)
    with pytest.raises(ConfigError, match="cannot contain an ensemble"):
        make_judge("ensemble:lexical+ensemble:lexical", cache_dir=None)


class Fixed(ScoreJudge):
    def __init__(self, name, scores):
        self.name, self.threshold, self._scores = name, 0.5, scores
        self.fingerprint = name

    def score(self, pairs):
        return [self._scores[h] for _, h in pairs]


PAIRS = [("p", "a"), ("p", "b"), ("p", "c")]


@pytest.mark.parametrize("rule,expected", [
    ("mean", [0.9, 0.5, 0.1]), ("all", [1.0, 0.2, 0.0]), ("any", [1.0, 1.0, 0.2]), ("majority", [1.0, 0.0, 0.0]),
])
def test_ensemble_rules(rule, expected, tmp_path):
    one = Fixed("one", {"a": 0.9, "b": 0.8, "c": 0.2})
    two = Fixed("two", {"a": 0.9, "b": 0.2, "c": 0.0})
    ens = EnsembleJudge([one, two], rule=rule, review_queue=tmp_path / "q.jsonl")
    assert ens.score(PAIRS) == pytest.approx(expected)
    rows = [json.loads(x) for x in (tmp_path / "q.jsonl").read_text().splitlines()]
    assert [r["hypothesis"] for r in rows] == ["b"]  # only the disagreement is queued
    ens.score(PAIRS)
    assert len((tmp_path / "q.jsonl").read_text().splitlines()) == 1  # once per pair per run


def test_verdict_cache_keys_on_judge_fingerprint_premise_and_hypothesis(tmp_path):
    keys = {verdict_key("j", "f", "p", "h"), verdict_key("j", "g", "p", "h"), verdict_key("k", "f", "p", "h"),
            verdict_key("j", "f", "ph", ""), verdict_key("j", "f", "p", "h2")}
    assert len(keys) == 5
    inner = Fixed("one", {"a": 0.9, "b": 0.8, "c": 0.2})
    cached = CachedJudge(inner, VerdictCache(tmp_path))
    assert cached.score(PAIRS) == [0.9, 0.8, 0.2]
    inner._scores = {"a": 0.0, "b": 0.0, "c": 0.0}  # the cache, not the judge, answers now
    again = CachedJudge(inner, VerdictCache(tmp_path))
    assert again.score(PAIRS + PAIRS) == [0.9, 0.8, 0.2] * 2
    assert again.cache.hits == 3
    for path in tmp_path.rglob("*.json"):
        path.write_text(json.dumps({**json.loads(path.read_text()), "score": 7}))  # out of range: distrusted
    third = CachedJudge(inner, VerdictCache(tmp_path))
    assert third.score(PAIRS) == [0.0, 0.0, 0.0] and third.cache.repaired == 3
