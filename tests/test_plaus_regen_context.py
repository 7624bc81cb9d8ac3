"""`build --update` rebuilds an edited case only on a sentence about the same thing: a similar
sibling sentence (another plan, another region) would re-point the case to a different fact
under its old id.

Every example here is made up for the test."""

from __future__ import annotations

from families_support import near_miss

from mutagen_cite.cases.regen import same_context

OLD = "Staging databases are backed up every 6 hours on the Team plan."


def _cand(sentence: str, *slots):
    return near_miss(f"Backups.\n{sentence}", sentence, "6 hours", "12 hours", *slots, family="quantity",
                 answer="Staging")


def test_a_reworded_sentence_about_the_same_thing_is_the_same_case():
    new = "Staging databases are now backed up every 6 hours on the Team plan."
    c = _cand(new, ("scope", "env", "Staging"), ("scope", "tier", "Team"), ("quantity", "duration", "6 hours"))
    at = OLD.index("6 hours")
    assert same_context(OLD, at, at + len("6 hours"), c)


def test_a_sibling_sentence_about_another_environment_is_another_fact():
    new = "Production databases are backed up every 6 hours on the Team plan."
    c = _cand(new, ("scope", "env", "Production"), ("scope", "tier", "Team"), ("quantity", "duration", "6 hours"))
    at = OLD.index("6 hours")
    assert not same_context(OLD, at, at + len("6 hours"), c)


def test_a_sentence_that_lost_a_value_of_the_old_one_is_another_fact():
    old = "Staging databases keep 30 days of backups taken every 6 hours."
    new = "Staging databases keep 7 days of backups taken every 6 hours."
    c = _cand(new, ("scope", "env", "Staging"), ("quantity", "duration", "6 hours"))
    at = old.index("6 hours")
    assert not same_context(old, at, at + len("6 hours"), c)
    # the changed slot itself may differ: the value the case pinned was edited in the corpus
    assert same_context(old.replace("6 hours", "8 hours"), at, at + len("8 hours"), _cand(
        "Staging databases keep 30 days of backups taken every 6 hours.",
        ("scope", "env", "Staging"), ("quantity", "duration", "6 hours")))
