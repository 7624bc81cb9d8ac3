"""A polarity its sentence justifies or evaluates is not flipped (issue 11). Made-up sentences only."""

from __future__ import annotations

import pytest
from families_support import slotted_sentence

from mutagen_cite.cases.families.polarity import FAMILY as POLARITY


@pytest.mark.parametrize("text,surface,kind", [
    ("Exporting boards is unfortunately not possible on tablets.", "not", "negation"),
    ("For security reasons, the agent will never overwrite a signed archive.", "never", "negation"),
])
def test_framed_polarity_is_no_site(text, surface, kind):
    s = slotted_sentence(text, ("polarity", kind, surface))
    assert POLARITY.sites(s) == []


@pytest.mark.parametrize("text,surface,kind", [
    ("Exporting boards is not possible on tablets.", "not", "negation"),
    ("The board is redrawn after every sync.", "is", "affirmative"),
])
def test_plain_polarity_is_still_a_site(text, surface, kind):
    s = slotted_sentence(text, ("polarity", kind, surface))
    assert POLARITY.sites(s) != []


def test_a_negation_coordinated_with_a_failure_state_is_no_site():
    # an error's cause: both halves state one failure, flipping one leaves nonsense
    s = slotted_sentence("The sort key is not declared in the schema or the sort rule is missing.",
                         ("polarity", "negation", "not"))
    assert POLARITY.sites(s) == []
    s = slotted_sentence("The sort key is not declared in the schema.", ("polarity", "negation", "not"))
    assert POLARITY.sites(s) != []
