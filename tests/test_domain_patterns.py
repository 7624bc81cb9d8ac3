"""Domain vocabulary from data/domain_patterns.yaml: region display names and codes, instance
classes, engine versions and time zones are each ONE slot (issue 11, build item 3)."""

from __future__ import annotations

import pytest

from mutagen_cite.analysis.annotate import Annotator, load_spacy
from mutagen_cite.analysis.domain import domain_patterns, names_of_style, parse_patterns, style_of
from mutagen_cite.errors import ConfigError


@pytest.fixture(scope="module")
def annotator():
    return Annotator(load_spacy())


def _slots(annotator, text):
    slots = annotator.slots([text])[0]
    for s in slots:
        assert text[s.start : s.end] == s.text, "slot offsets must be exact"
    return {(s.kind, s.text) for s in slots}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Snapshots taken in Europe (Frankfurt) are copied nightly.", ("region", "Europe (Frankfurt)")),
        ("Snapshots taken in US West (Oregon) are copied nightly.", ("region", "US West (Oregon)")),
        ("Snapshots taken in South America (São Paulo) are copied nightly.", ("region", "South America (São Paulo)")),
        ("Snapshots taken in US East (N. Virginia) are copied nightly.", ("region", "US East (N. Virginia)")),
        ("Snapshots taken in China (Beijing) are copied nightly.", ("region", "China (Beijing)")),
        ("Clusters in europe-west3 (Frankfurt) are zonal by default.", ("region", "europe-west3 (Frankfurt)")),
        ("Clusters in West Europe are zonal by default.", ("region", "West Europe")),
        ("Clusters in Germany West Central are zonal by default.", ("region", "Germany West Central")),
        ("Clusters in westeurope are zonal by default.", ("region", "westeurope")),
        ("The db.m7g.large class has 8 GiB of memory.", ("instance_class", "db.m7g.large")),
        ("The n2-standard-4 machine type has 16 GB of memory.", ("instance_class", "n2-standard-4")),
        ("Minor upgrades move clusters to MySQL 8.0.32 automatically.", ("version", "MySQL 8.0.32")),
        ("Minor upgrades move clusters to PostgreSQL 16.1 automatically.", ("version", "PostgreSQL 16.1")),
        ("Minor upgrades move clusters to Aurora MySQL version 3.05.2 automatically.", ("version", "Aurora MySQL version 3.05.2")),
        ("Maintenance windows use the America/Los_Angeles time zone.", ("timezone", "America/Los_Angeles")),
        ("Maintenance windows start at 02:00 UTC+2 on Sundays.", ("timezone", "UTC+2")),
    ],
)
def test_domain_vocabulary_is_one_slot(annotator, text, expected):
    found = _slots(annotator, text)
    assert expected in found, found
    # and nothing inside it was tagged separately (no "Frankfurt" place, no "8.0.32" number)
    kind, surface = expected
    start = text.index(surface)
    slots = annotator.slots([text])[0]
    inside = [s for s in slots if s.start < start + len(surface) and start < s.end and (s.kind, s.text) != expected]
    assert not inside, inside


def test_styles_tell_naming_conventions_apart():
    assert style_of("Europe (Frankfurt)", "region") == "aws-name"
    assert style_of("West Europe", "region") == "azure-name"
    assert style_of("europe-west3 (Frankfurt)", "region") == "gcp-code-city"
    assert "North Europe" in names_of_style("azure-name")


def test_the_patterns_are_data_and_bad_entries_are_clear_errors():
    assert any(p.kind == "timezone" for p in domain_patterns())
    with pytest.raises(ConfigError, match="pattern 1.*bad regular expression"):
        parse_patterns("patterns:\n  - {name: x, family: scope, kind: region, regex: '(unclosed'}\n")
    with pytest.raises(ConfigError, match="aliases are not allowed"):
        parse_patterns("a: &x [1, 2]\npatterns: *x\n")


def test_the_patterns_file_is_part_of_the_annotator_version(annotator):
    from mutagen_cite.analysis.domain import domain_version

    assert domain_version() in annotator.version
