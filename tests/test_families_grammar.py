"""The agreement helpers and typed generators the families share (no spaCy needed)."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from mutagen_cite.cases.families import grammar, synthetic


@pytest.mark.parametrize(
    "word, article",
    [("8-hour", "an"), ("11", "an"), ("18,000", "an"), ("80", "an"), ("1", "a"), ("110", "a"),
     ("hour", "an"), ("user", "a"), ("SLA", "an"), ("URL", "a"), ("EU", "an"), ("GDPR", "a"),
     ("apple", "an"), ("one-time", "a"), ("European", "a"), ("honest", "an"), ("Enterprise", "an")],
)
def test_article_for_follows_the_spoken_sound(word, article):
    assert grammar.article_for(word) == article


def test_fix_article_widens_the_edit_to_the_article():
    text = "Every workspace starts with a 30-day trial."
    start = text.index("30-day")
    s, e, new = grammar.fix_article(text, start, start + 6, "8-day")
    assert grammar.apply(text, s, e, new) == "Every workspace starts with an 8-day trial."
    # already right: the edit is unchanged
    assert grammar.fix_article(text, start, start + 6, "14-day") == (start, start + 6, "14-day")
    capital = "An hour is enough."
    s, e, new = grammar.fix_article(capital, 3, 7, "day")
    assert grammar.apply(capital, s, e, new) == "A day is enough."


@pytest.mark.parametrize(
    "singular, plural",
    [("day", "days"), ("policy", "policies"), ("box", "boxes"), ("person", "people"),
     ("key", "keys"), ("match", "matches"), ("data", "data")],
)
def test_plural_and_singular_round_trip(singular, plural):
    assert grammar.pluralize(singular) == plural
    assert grammar.singularize(plural) == singular
    assert grammar.inflect_noun(plural, 1) == singular
    assert grammar.inflect_noun(singular, 2) == plural
    assert grammar.inflect_noun(singular, 1.5) == plural


@pytest.mark.parametrize(
    "verb, third, past",
    [("apply", "applies", "applied"), ("push", "pushes", "pushed"), ("have", "has", "had"),
     ("go", "goes", "went"), ("include", "includes", "included"), ("send", "sends", "sent"),
     ("stop", "stops", "stopped"), ("pay", "pays", "paid"), ("allow", "allows", "allowed")],
)
def test_verb_inflection(verb, third, past):
    assert grammar.third_person(verb) == third
    assert grammar.past_tense(verb) == past


def test_agree_verb_keeps_case():
    assert grammar.agree_verb("is", plural=True) == "are"
    assert grammar.agree_verb("Are", plural=False) == "Is"
    assert grammar.agree_verb("has", plural=True) == "have"
    assert grammar.agree_verb("runs", plural=True) == "runs"


def test_number_style_keeps_the_original_writing():
    assert grammar.NumberStyle.of("1,200", money=True).render(4500) == "4,500"
    assert grammar.NumberStyle.of("20", money=True).render(1500) == "1,500"
    assert grammar.NumberStyle.of("0.25", money=True).render(0.5) == "0.50"
    assert grammar.NumberStyle.of("5", money=True).render(4.5) == "4.50"
    assert grammar.NumberStyle.of("99.95").render(99.9) == "99.9"
    assert grammar.NumberStyle.of("seven").render(3) == "three"
    assert grammar.NumberStyle.of("Seven").render(10) == "Ten"
    assert grammar.NumberStyle.of("seven").render(37) == "thirty-seven"  # compounds from the value model
    assert grammar.NumberStyle.of("seven").render(137) == "137"  # no word for it: digits
    assert grammar.NumberStyle.of("1500").render(12000) == "12000"  # no commas when there were none


def test_match_case_and_sentence_start():
    assert grammar.match_case("Most", "all") == "All"
    assert grammar.match_case("most", "All") == "All"
    assert grammar.match_case("MUST", "may") == "MAY"
    assert grammar.is_sentence_start("All plans include it.", 0)
    assert grammar.is_sentence_start("- All plans include it.", 2)
    assert grammar.is_sentence_start("Done. Most plans", 6)
    assert not grammar.is_sentence_start("In all plans", 3)


def test_spans_inside_code_urls_and_identifiers_are_recognised():
    url = "See https://docs.example.com/v2/limits for details."
    i = url.index("v2")
    assert grammar.in_code_or_url(url, i, i + 2)
    code = "Set `retention_days = 30` in the file."
    i = code.index("30")
    assert grammar.in_code_or_url(code, i, i + 2)
    plain = "Support is available 24/7 for $5/month."
    i = plain.index("$5")
    assert not grammar.in_code_or_url(plain, i, i + 2)
    ident = "The X-Acme-Zone header names the zone."
    i = ident.index("Acme")
    assert grammar.inside_identifier(ident, i, i + 4)
    assert not grammar.inside_identifier("The Acme plan", 4, 8)


def test_label_keys_are_told_from_values():
    row = "Plan: Team; Dedicated Slack channel: Yes; Phone: No."
    i = row.index("Dedicated Slack")
    assert grammar.in_label(row, i, i + len("Dedicated Slack"))
    j = row.index("Team")
    assert not grammar.in_label(row, j, j + 4)


def test_common_words_are_not_names():
    assert grammar.looks_common_word("Recognition")
    assert grammar.looks_common_word("Totals")
    assert not grammar.looks_common_word("GitHub")
    assert not grammar.looks_common_word("Zendesk")


def test_clause_detection_rejects_headings_and_cells():
    assert grammar.looks_like_clause("The Team plan includes 20 seats.")
    assert not grammar.looks_like_clause("20 seats")
    assert not grammar.looks_like_clause("Plan overview and seats")


# --------------------------------------------------------------------------- synthetic


def test_ladder_neighbours_are_nearest_first_and_never_the_value():
    ladder = synthetic.LADDERS["day"]
    assert synthetic.ladder_neighbours(7, ladder) == [5, 10, 3, 14]
    assert 7 not in synthetic.number_candidates(7, "duration", "day")
    assert synthetic.number_candidates(6, "duration", "day")  # off-ladder values still move


@pytest.mark.parametrize("value", [99.999, 100, 0.1, 50, 99.95])
def test_percent_candidates_stay_in_range(value):
    cands = synthetic.number_candidates(value, "percent", "percent")
    assert cands and all(0 <= c <= 100 and c != value for c in cands)


def test_money_candidates_are_round_and_different():
    cands = synthetic.money_candidates(20)
    assert cands == [10.0, 40.0, 5.0, 100.0]
    assert synthetic.money_candidates(0) == [5.0, 10.0, 20.0]
    assert all(c != 1200 for c in synthetic.money_candidates(1200))


@pytest.mark.parametrize(
    "day, granularity",
    [(dt.date(2024, 2, 29), "day"), (dt.date(2024, 1, 31), "day"), (dt.date(2023, 12, 31), "day"),
     (dt.date(2025, 10, 1), "quarter"), (dt.date(2024, 3, 1), "month"), (dt.date(2024, 1, 1), "year")],
)
def test_date_shifts_are_real_dates_and_differ(day, granularity):
    shifts = synthetic.date_shifts(day, granularity)
    assert shifts and day not in shifts
    assert all(isinstance(d, dt.date) for d in shifts)


def test_version_candidates_keep_shape():
    assert synthetic.version_candidates((14,)) == [(13,), (15,), (12,)]
    cands = synthetic.version_candidates((3, 2, 1))
    assert (3, 1, 4) in cands
    assert all(len(c) == 3 and min(c) >= 0 and c != (3, 2, 1) for c in cands)
    assert all(min(c) >= 0 for c in synthetic.version_candidates((0, 0)))


def test_region_candidates_keep_the_provider_style():
    aws = synthetic.region_candidates("eu-central-1")
    assert aws and "eu-central-1" not in aws
    assert all(synthetic.region_style(r) == "aws" for r in aws)
    assert not aws[0].startswith("eu-")  # another geography first
    gcp = synthetic.region_candidates("europe-west1")
    assert gcp and all(synthetic.region_style(r) == "gcp" for r in gcp)


def test_faker_names_are_deterministic_for_a_seed():
    source = synthetic.FakerSource()
    a = synthetic.person_name(source.seeded(random.Random(5)), "Ada Lovelace")
    synthetic.person_name(source.seeded(random.Random(99)), "Ada Lovelace")
    b = synthetic.person_name(source.seeded(random.Random(5)), "Ada Lovelace")
    assert a == b and len(a.split()) == 2
    org = synthetic.org_name(source.seeded(random.Random(1)), "Northwind GmbH")
    assert org.endswith(" GmbH")


def test_person_detection_uses_given_names():
    assert synthetic.looks_like_person("Priya Raman")
    assert not synthetic.looks_like_person("Python SDK")
    assert not synthetic.looks_like_person("Priya")


def test_inflection_comes_from_the_lexicon_not_only_suffix_rules():
    # irregular forms no suffix rule produces: lemminflect's lexicon supplies them
    assert grammar.past_tense("withhold") == "withheld"
    assert grammar.pluralize("matrix") == "matrices"
    assert grammar.third_person("withhold") == "withholds"
    assert grammar.past_tense("overwrite") == "overwrote"  # a hyphenated lexicon slip is ignored
    assert grammar.pluralize("GPU") == "GPUs" and grammar.pluralize("vCPU") == "vCPUs"
