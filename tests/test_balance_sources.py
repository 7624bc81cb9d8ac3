"""Typed same-kind sources for the short families (issue 10 balance, issue 11 item 2-3).

Operating systems named as a qualifier are scope slots replaced by an OS of the same kind;
products of a listed kind (data/domain_patterns.yaml) are replaced only by another of that kind
and never inside a longer capitalised name; an environment named alone after a preposition is a
scope slot replaced only by the other environment that reads right there. Made-up sentences.
"""

from __future__ import annotations

import random

import pytest

from mutagen_cite.analysis.domain import listed_style, style_of
from mutagen_cite.analysis.patterns import RulePatterns
from mutagen_cite.cases.families.base import ValueSource
from mutagen_cite.cases.families.entity import FAMILY as ENTITY
from mutagen_cite.cases.families.scope import FAMILY as SCOPE
from mutagen_cite.model import Sentence, Vocabulary

_RULES = RulePatterns(())


def _sentence(text: str) -> Sentence:
    slots = sorted(_RULES.find(text), key=lambda s: (s.start, s.end))
    kept, taken = [], []
    for s in slots:  # earlier rule slots win overlaps, as in the annotator
        if not any(s.start < e and b < s.end for b, e in taken):
            kept.append(s)
            taken.append((s.start, s.end))
    return Sentence("doc.md", 0, len(text), text, tuple(kept))


def _replacements(family, text: str, vocabulary: dict | None = None) -> dict[str, set[tuple[str, str]]]:
    """site text -> every (replacement, origin) over 12 seeds."""
    s = _sentence(text)
    out = {}
    for site in family.sites(s):
        found = set()
        for seed in range(12):
            m = family.mutate(s, site, ValueSource(Vocabulary(vocabulary or {})), random.Random(seed))
            if m is not None:
                assert m.mutated_text == text[: site.start] + m.replacement + text[site.end :]
                found.add((m.replacement, m.origin))
        out[site.text] = found
    return out


# ------------------------------------------------------------------ operating systems (scope)


@pytest.mark.parametrize("text, os_name", [
    ("On Windows, the sync agent needs 2 GB of memory.", "Windows"),
    ("Crash reports for macOS are kept for 30 days.", "macOS"),
    ("Push notifications on Android arrive within 5 seconds.", "Android"),
])
def test_an_os_qualifier_is_replaced_by_an_os_of_the_same_kind(text, os_name):
    got = _replacements(SCOPE, text)
    assert os_name in got, f"no platform site in {text!r}"
    kinds = {listed_style(r, "platform") for r, _ in got[os_name]}
    assert got[os_name] and kinds == {listed_style(os_name, "platform")}, got[os_name]
    assert all(r != os_name for r, _ in got[os_name])


@pytest.mark.parametrize("text", [
    "Windows Server licences are billed per core.",  # a product name, not a qualifier
    "Open the settings windows on the left.",
    "We run Linux kernels with 4 patches.",  # no preposition: the subject of the sentence
])
def test_os_names_outside_a_qualifier_are_no_scope_site(text):
    assert not any(s.kind == "platform" for s in _sentence(text).slots)


# ------------------------------------------------------------------ typed products (entity)


def test_a_database_is_replaced_by_a_database_never_by_another_kind_of_product():
    text = "The export job writes its results to SQLite every 6 hours."
    got = _replacements(ENTITY, text, {"product": ("Slack", "GitHub Actions")})
    assert got["SQLite"], "a listed database must be a site"
    assert {style_of(r, "product") for r, _ in got["SQLite"]} == {"sql-database"}, got
    assert all(o == "synthetic" for _, o in got["SQLite"])


def test_a_corpus_named_product_of_the_same_kind_comes_first_and_is_mined():
    text = "Incident updates are posted in Slack within 10 minutes."
    got = _replacements(ENTITY, text, {"product": ("Mattermost", "Jira")})
    assert got["Slack"] == {("Mattermost", "mined")}


def test_no_alias_or_part_of_the_name_replaces_it():
    text = "Session data is stored in PostgreSQL for 7 days."
    got = _replacements(ENTITY, text, {"product": ("Postgres",)})
    assert got["PostgreSQL"] and not any(r in ("Postgres", "PostgreSQL") for r, _ in got["PostgreSQL"])


@pytest.mark.parametrize("text", [
    "Sessions live in Acme Postgres for 7 days.",  # the brand's product, not the database
    "Our Slack Enterprise Grid keeps messages for 90 days.",
])
def test_a_listed_name_inside_a_longer_capitalised_name_is_no_site(text):
    assert not any(s.kind == "product" for s in ENTITY.sites(_sentence(text)))


# ------------------------------------------------------------------ environments named alone


def test_an_environment_after_a_preposition_is_a_scope_site_swapped_within_the_two_that_read_right():
    text = "Changes are deployed to production within 15 minutes of the merge."
    got = _replacements(SCOPE, text)
    assert got == {"production": {("staging", "synthetic")}}


@pytest.mark.parametrize("text", [
    "This plan is meant for production use.",  # an adjective, not the environment
    "The feature is in development for 3 months.",  # "in development" is a stage, not a place
])
def test_an_environment_word_used_otherwise_is_no_slot(text):
    assert not any(s.kind == "environment" for s in _sentence(text).slots)


# ------------------------------------------------------------------ teams (entity)


class _Mined:
    """The one thing the entity family asks of mining results here: is a name confirmed."""

    def __init__(self, counts: dict[str, int]):
        self.counts = counts

    def confirmed(self, surface: str, kind: str) -> bool:
        return kind == "team" and self.counts.get(surface, 0) >= 2

    def enumeration_values(self, sentence, kind):
        return ()


def _team_replacements(text: str, counts: dict[str, int]) -> set:
    s = _sentence(text)
    vocab = Vocabulary({"team": tuple(counts), "org": ("Acme",)})
    out = set()
    for site in ENTITY.sites(s):
        assert site.kind == "team"
        for seed in range(12):
            m = ENTITY.mutate(s, site, ValueSource(vocab, _Mined(counts), house=("Acme",)), random.Random(seed))
            out.add(m.replacement if m else None)
    return out


def test_a_team_is_replaced_only_by_another_team_the_corpus_names_twice():
    text = "Report a lost laptop to the Security team within 1 hour."
    counts = {"Security team": 9, "People team": 4, "Design team": 1, "Acme team": 6, "finance team": 3}
    # not the one-off "Design team", not the company itself, not one written the other way
    assert _team_replacements(text, counts) == {"People team"}


def test_no_confirmed_sibling_team_means_no_team_swap():
    text = "Report a lost laptop to the Security team within 1 hour."
    assert _team_replacements(text, {"Security team": 9, "Design team": 1}) == {None}


@pytest.mark.parametrize("text", [
    "The packaging guide on Python.org lists 3 tools.",  # a web site's name, not the language
    "Our Slack.com workspace keeps messages for 90 days.",
])
def test_a_listed_name_inside_a_domain_name_is_no_slot(text):
    assert not any(s.kind == "product" for s in _sentence(text).slots)


# ------------------------------------------------------------------ fiscal years (date)

from mutagen_cite.cases.families.date import FAMILY as DATE  # noqa: E402


@pytest.mark.parametrize("text, label, others", [
    ("In FY25, refresh grants vest over 4 years.", "FY25", {"FY24", "FY26", "FY23"}),
    ("Budgets for FY 2026 close on 15 March 2026.", "FY 2026", {"FY 2025", "FY 2027", "FY 2024"}),
])
def test_a_fiscal_year_is_a_date_slot_moved_in_its_own_form(text, label, others):
    got = _replacements(DATE, text)
    assert {r for r, _ in got[label]} <= others and got[label]


def test_a_fiscal_year_takes_a_mined_fiscal_year_never_a_calendar_year():
    text = "In FY25, refresh grants vest over 4 years."
    assert _replacements(DATE, text, {"year": ("2023", "FY22")})["FY25"] == {("FY22", "mined")}
    # a calendar year the corpus states is no fiscal year: the label moves by itself instead
    assert {o for _, o in _replacements(DATE, text, {"year": ("2023",)})["FY25"]} == {"synthetic"}


@pytest.mark.parametrize("text", ["All FY19-FY21 plans are archived.", "See the FY24-Q3 report."])
def test_a_fiscal_year_range_end_is_no_slot(text):
    assert not any(s.kind == "year" for s in _sentence(text).slots)


def test_teams_are_confirmed_by_the_real_miner():
    """The corpus's own mining result (not a stand-in) confirms a team named twice."""
    from mutagen_cite.analysis.mine import mine

    texts = ["Report a lost laptop to the Security team within 1 hour.",
             "The People team answers payroll questions within 2 days.",
             "The People team sends contracts within 5 days.",
             "The Security team reviews access within 3 days."]
    sentences = {"doc.md": [_sentence(t) for t in texts]}
    mined = mine(sentences)
    assert mined.confirmed("People team", "team")
    s = sentences["doc.md"][0]
    (site,) = ENTITY.sites(s)
    m = ENTITY.mutate(s, site, ValueSource(mined.vocabulary, mined), random.Random(0))
    assert m is not None and m.replacement == "People team"
