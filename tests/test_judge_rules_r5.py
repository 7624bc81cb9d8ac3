"""Two rules of written English the slots judge reads (issue 12, round 5), each both ways: a
supported restatement next to the near miss the judge must still flag. From the losses of
slots to the lexical judge on the train part of AttributionBench (generators answer in
numbered steps; names are written with and without their accents). Sentences written here."""

from __future__ import annotations

import pytest

from mutagen_cite.judges.slot_values import fold_accents, name_in_text, names_equal
from mutagen_cite.judges.slots import SlotsJudge


@pytest.fixture(scope="module")
def judge():
    from mutagen_cite.analysis.annotate import Annotator, load_spacy

    return SlotsJudge(Annotator(load_spacy()))


def test_a_numbered_step_is_no_value(judge):
    premise = "Open the billing page and choose a payment method for the workspace."
    ok, other_line, miss = judge.verdicts([
        (premise, "4. Open the billing page and choose a payment method."),
        (premise, "Steps:\n2) Open the billing page and choose a payment method."),
        ("Keep nightly backups for 7 days.", "1. Keep nightly backups for 30 days."),
    ])
    assert ok.supported, ok.reason
    assert other_line.supported, other_line.reason
    assert not miss.supported and "30 days" in miss.reason, miss.reason


def test_a_number_opening_a_sentence_is_still_a_value(judge):
    """Only "N." / "N)" followed by a word is a list number: "30 days ..." and "2.5 GB" state values."""
    [v, w] = judge.verdicts([("Logs are kept for 7 days.", "30 days is how long logs are kept."),
                             ("Each seat includes 2 GB of storage.", "2.5 GB of storage comes with each seat.")])
    assert not v.supported, v.reason
    assert not w.supported, w.reason


def test_a_name_written_without_its_accents_is_the_same_name(judge):
    assert fold_accents("Les Misérables, Pokémon, Zürich") == "Les Miserables, Pokemon, Zurich"
    assert len(fold_accents("Crème brûlée")) == len("Crème brûlée")  # one character for one: offsets hold
    assert names_equal("Pokemon", "Pokémon") and name_in_text("Zurich", "The office in Zürich opens at 9.")
    ok, miss = judge.verdicts([
        ("The musical Les Misérables opened at the Barbican Theatre in 1985.",
         "Les Miserables opened at the Barbican Theatre in 1985."),
        ("The musical Les Misérables opened at the Barbican Theatre in 1985.",
         "Les Miserables opened at the Palace Theatre in 1985."),
    ])
    assert ok.supported, ok.reason
    assert not miss.supported, miss.reason


def test_a_name_with_its_letters_joined_another_way_is_the_same_name(judge):
    from mutagen_cite.judges.slot_values import compact_name

    assert names_equal("B.J. Thomas", "B. J. Thomas") and names_equal("Olivia Newton John", "Olivia Newton-John")
    assert compact_name("B. J. Thomas") == "bjthomas"
    assert not names_equal("B.J. Thomas", "B.K. Thomas") and not names_equal("Newton", "Newton John")
    from mutagen_cite.judges.slots import _occurrences

    text = "The duet was recorded by B. J. Thomas and Olivia Newton-John in 1969."
    [(a, b)] = _occurrences("B.J. Thomas", text)
    assert text[a:b] == "B. J. Thomas"
    [(a, b)] = _occurrences("Olivia Newton John", text)
    assert text[a:b] == "Olivia Newton-John"
    assert _occurrences("B.K. Thomas", text) == [] and _occurrences("Olivia Newtonjo", text) == []
