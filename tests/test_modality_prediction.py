"""A "should" that predicts what a reader will see or when something happens is no modality
site (round 32, from a reviewer's read): weakened to "can", the copy still answers yes to the
question as a reader means it ("Should tiny kilns heat up in less than 2 minutes?")."""

from __future__ import annotations

import pytest
from families_support import annotator, sentence_of  # noqa: F401 (fixture)

from mutagen_cite.cases.families import get_families

MODALITY = get_families(["modality"])[0]


@pytest.mark.parametrize("text, is_site", [
    ("Small kilns should boot in less than 2 minutes.", False),
    ("Glaze orders should arrive within an hour of payment.", False),
    ("The Studio tab should be selected by default.", False),
    ("You should see a confirmation banner on the booking page.", False),
    ("The first firing should take about 5 hours.", False),
    # advice, with or without a deadline: still sites
    ("Potters should report kiln faults within 5 days of the firing.", True),
    ("Members should rotate their studio keys every 90 days.", True),
    ("Supervisors should regularly review the firing logs.", True),
])
def test_a_predicting_should_is_no_site(annotator, text, is_site):  # noqa: F811
    s = sentence_of(annotator, text)
    sites = [x.text.lower() for x in MODALITY.sites(s)]
    assert ("should" in sites) is is_site, (text, sites, s.slots)
