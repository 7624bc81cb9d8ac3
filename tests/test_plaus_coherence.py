"""A near miss must still read as documentation (CASE-QUALITY question e) and still be a near
miss (d, f): a polarity flip that contradicts its section heading or breaks a uniform list, a
quantity edit that breaks the numbers it is tied to (a count its list enumerates, a total of
parts, a rate and its monthly amount), zero as a cap, and a step a later step presupposes.

Every example here is made up for the test."""

from __future__ import annotations

import pytest
from families_support import IS, NOT, broken_rule, near_miss

from mutagen_cite.cases.fairness.layout import section_heading


def _unnegate(chunk: str, sentence: str):
    return near_miss(chunk, sentence, "not", "", NOT, family="polarity", answer="yes")


def _negate(chunk: str, sentence: str):
    return near_miss(chunk, sentence, "is", "is not", IS, family="polarity", answer="yes")


# ----------------------------------------------------------------- the section heading


def test_the_heading_is_found_above_the_sentences_paragraph():
    chunk = "Intro line here.\n\n## Known limitations\n\nWebhooks retry twice.\nExports are capped."
    assert section_heading(chunk, chunk.index("Exports")) == "Known limitations"
    plain = "Overview text.\n\nRemoved\n\nThe legacy importer is gone."
    assert section_heading(plain, plain.index("The legacy")) == "Removed"
    assert section_heading("Only a paragraph. And more.", 18) is None


@pytest.mark.parametrize("heading", ["Known limitations", "## Limitations", "Not supported",
                                     "## What the archive does NOT keep", "What we don't sync"])
def test_a_negation_removed_under_a_limitations_heading_is_rejected(heading):
    sentence = "Nested folders are not synced to the archive."
    chunk = f"Folder sync\n\n{heading}\n\n{sentence}\nLarge files sync slowly."
    assert broken_rule(_unnegate(chunk, sentence)) == "against-heading"


@pytest.mark.parametrize("lead_in", ["Be aware when archiving a folder:", "Caution:", "Things to keep in mind:",
                                     "Common gotchas:"])
def test_a_negation_removed_from_an_item_of_a_warning_is_rejected(lead_in):
    # a warning lists what does not hold or goes wrong: without its "not" the item warns of nothing
    sentence = "Archived folders are not meant to be used for active projects"
    chunk = f"Archiving\n\n{lead_in}\n- Archived folders are read-only\n- {sentence}\n- Shares stop at once"
    assert broken_rule(_unnegate(chunk, sentence)) == "against-heading"


def test_a_negation_removed_under_a_neutral_heading_is_a_near_miss():
    sentence = "Nested folders are not synced to the archive."
    chunk = f"Folder sync\n\nHow sync works\n\n{sentence}\nLarge files sync slowly."
    assert broken_rule(_unnegate(chunk, sentence)) is None


def test_a_negation_inserted_under_an_added_heading_is_rejected():
    sentence = "Dark mode is available in the desktop client."
    chunk = f"Release 4.2\n\nAdded\n\n{sentence}\nThe editor starts faster."
    assert broken_rule(_negate(chunk, sentence)) == "against-heading"
    # under an "Added" section that already lists a denial, one more is plausible
    mixed = f"Release 4.2\n\nAdded\n\n{sentence}\nThe legacy theme is not shipped any more."
    assert broken_rule(_negate(mixed, sentence)) is None
    # the same flip under "Changed" is a plausible near miss
    chunk = f"Release 4.2\n\nChanged\n\n{sentence}\nThe editor starts faster."
    assert broken_rule(_negate(chunk, sentence)) is None


def test_a_list_lead_in_frames_its_items_like_a_heading():
    sentence = "Shared drives are not indexed"
    chunk = f"Search\n\nThe following are not supported:\n- {sentence}\n- Encrypted archives"
    assert broken_rule(_unnegate(chunk, sentence)) == "against-heading"


# ----------------------------------------------------------------- a uniform list


def test_one_item_of_a_uniform_list_flipped_is_rejected():
    sentence = "Okta is supported."
    chunk = f"Identity providers\n\n{sentence}\nAzure AD is supported.\nGoogle Workspace is supported."
    assert broken_rule(_negate(chunk, sentence)) == "parallel-list"


def test_a_mixed_list_is_no_uniform_list():
    sentence = "Okta is supported."
    chunk = (f"Identity providers\n\n{sentence}\nAzure AD is supported.\n"
             "Google Workspace is not supported.")
    assert broken_rule(_negate(chunk, sentence)) is None
    # nor is a paragraph of sentences about other things
    chunk = f"Identity providers\n\n{sentence}\nLogins are logged.\nSessions last a day."
    assert broken_rule(_negate(chunk, sentence)) is None


# ----------------------------------------------------------------- numbers tied to other numbers


def _count(chunk: str, sentence: str, old: str, new: str):
    return near_miss(chunk, sentence, old, new, ("quantity", "count", old), family="quantity", answer="x")


def test_a_count_of_the_list_that_follows_is_tied_to_it():
    sentence = "Workspaces come in three sizes:"
    chunk = f"Sizing\n\n{sentence}\n- Small\n- Medium\n- Large\n\nPick one at signup."
    assert broken_rule(_count(chunk, sentence, "three sizes", "five sizes")) == "enumerated-count"
    inline = "Exports are offered in two formats: CSV and Parquet."
    assert broken_rule(_count(f"Exports\n\n{inline}", inline, "two formats", "four formats")) == "enumerated-count"
    # a count with no list of that many after it is free to change
    loose = "Workspaces come in three sizes: pick the one that fits your team."
    assert broken_rule(_count(f"Sizing\n\n{loose}", loose, "three sizes", "five sizes")) is None


def _money(chunk: str, sentence: str, old: str, new: str):
    return near_miss(chunk, sentence, old, new, ("quantity", "money", old), family="quantity", answer="x")


def test_a_price_per_month_beside_its_per_minute_rate_is_tied_to_it():
    sentence = "Memory costs $10 / GB / month."
    chunk = f"Compute pricing\n\nBilled by the minute at $0.000231 / GB / minute.\n{sentence}"
    assert broken_rule(_money(chunk, sentence, "$10", "$15")) == "tied-numbers"
    # a rate that is not the same amount converted is another price, not a derived one
    other = f"Compute pricing\n\nEgress is billed at $0.05 / GB / minute.\n{sentence}"
    assert broken_rule(_money(other, sentence, "$10", "$15")) is None
    # time per time is no rate of a price: "24 hours a day, 7 days a week" are not derived
    always = "Urgent tickets are answered 24 hours a day, 7 days a week."
    c = near_miss(f"Support\n\n{always}", always, "7 days", "5 days", ("quantity", "duration", "7 days"),
              family="quantity", answer="x")
    assert broken_rule(c) is None


def test_a_part_of_a_stated_total_is_tied_to_it():
    sentence = "The Team plan includes 40 GB of file storage."
    chunk = f"Storage\n\n{sentence} Backups get 10 GB more, 50 GB in total."
    c = near_miss(chunk, sentence, "40 GB", "60 GB", ("quantity", "size", "40 GB"), family="quantity", answer="x")
    assert broken_rule(c) == "tied-numbers"
    # the same numbers with no total stated are no sum (a coincidence is no relation)
    chunk = f"Storage\n\n{sentence} Backups get 10 GB more. Archives hold 50 GB."
    c = near_miss(chunk, sentence, "40 GB", "60 GB", ("quantity", "size", "40 GB"), family="quantity", answer="x")
    assert broken_rule(c) is None


# ----------------------------------------------------------------- zero as a cap


def test_zero_is_never_the_new_value_of_a_cap():
    from families_support import site_of, slotted_sentence

    from mutagen_cite.cases.families import get_families
    from mutagen_cite.cases.families.base import ValueSource, Vocabulary
    from mutagen_cite.cases.families.quantity import is_limit
    import random

    (qty,) = get_families(["quantity"])
    capped = slotted_sentence("Each workspace can hold up to 5 projects.", ("quantity", "count", "5 projects", "5"))
    limit = slotted_sentence("Managers have a monthly credit limit of $500.", ("quantity", "money", "$500", "500"))
    plain = slotted_sentence("Deleted files stay in the trash for 5 days.", ("quantity", "duration", "5 days", "5"))
    assert is_limit(capped.text, site_of(capped, "5 projects")) and is_limit(limit.text, site_of(limit, "$500"))
    assert not is_limit(plain.text, site_of(plain, "5 days"))
    for s, surface, zero in ((capped, "5 projects", "0 projects"), (limit, "$500", "$0"), (plain, "5 days", "0 days")):
        kind = site_of(s, surface).kind
        values = ValueSource(Vocabulary({kind: (zero,)}))
        m = qty.mutate(s, site_of(s, surface), values, random.Random(1))
        assert m is not None
        # zero is never a cap's new value, nor a duration's (no time is an absence: round 18)
        assert m.replacement != zero, (surface, m.replacement)


def test_a_price_on_what_the_sentence_calls_free_is_not_changed():
    from families_support import site_of, slotted_sentence

    from mutagen_cite.cases.families import get_families
    from mutagen_cite.cases.families.base import ValueSource
    import random

    (qty,) = get_families(["quantity"])
    s = slotted_sentence("Plan: Free; Price: $0 per month.", ("quantity", "money", "$0", "0"))
    assert qty.mutate(s, site_of(s, "$0"), ValueSource.empty(), random.Random(1)) is None
    paid = slotted_sentence("Plan: Team; Price: $0 per month.", ("quantity", "money", "$0", "0"))
    assert qty.mutate(paid, site_of(paid, "$0"), ValueSource.empty(), random.Random(1)) is not None


# ----------------------------------------------------------------- a later step presupposes it


def _should(chunk: str, sentence: str):
    return near_miss(chunk, sentence, "should", "can", ("modality", "modal", "should"), family="modality", answer="yes")


def test_a_later_step_that_uses_the_result_of_any_verb_presupposes_it():
    step = "You should hash the request body with your signing key."
    chunk = f"Verify callbacks.\n{step} Then, match the hashed value against the signature header."
    assert broken_rule(_should(chunk, step)) == "presupposed"
    # a later step that does not build on this one leaves the near miss standing
    fine = f"Verify callbacks.\n{step} Then, reply with status 200 within five seconds."
    assert broken_rule(_should(fine, step)) is None


def test_a_later_step_naming_the_act_by_its_noun_presupposes_it():
    step = "Team leads should email the finance desk for sign-off."
    chunk = f"Buying a licence\n\n{step}\nAttach the signed email to the purchase order."
    assert broken_rule(_should(chunk, step)) == "presupposed"
    # a light verb's noun ("the use of") names no act of the step
    light = "Team leads should use the finance desk for sign-off."
    chunk = f"Buying a licence\n\n{light}\nThe use of cards is discouraged."
    assert broken_rule(_should(chunk, light)) is None


# ----------------------------------------------------------------- a universal its next sentence spells out


def _most(chunk: str, sentence: str):
    return near_miss(chunk, sentence, "Each", "Most", ("aggregation", "quantifier", "Each"), family="aggregation",
                 answer="yes")


def test_a_universal_whose_next_sentence_works_it_out_is_no_near_miss():
    rule = "Each mirror keeps a full copy of the index."
    chunk = f"Mirrors\n\n{rule} For example, three mirrors hold three copies."
    assert broken_rule(_most(chunk, rule)) == "elaborated"
    chunk = f"Mirrors\n\n{rule} This means a lost mirror never loses data."
    assert broken_rule(_most(chunk, rule)) == "elaborated"
    # a next sentence about something else leaves "most mirrors" a near miss
    chunk = f"Mirrors\n\n{rule} Mirrors are billed by the hour."
    assert broken_rule(_most(chunk, rule)) is None


def test_a_negation_inserted_under_a_heading_that_announces_the_statement_is_rejected():
    sentence = "The bot can open a draft release for every merged tag."
    chunk = f"Releases\n\nOpen draft releases automatically\n\n{sentence} It runs nightly."
    c = near_miss(chunk, sentence, "can", "cannot", ("polarity", "affirmative", "can"), family="polarity", answer="yes")
    assert broken_rule(c) == "against-heading"
    # a heading that names only the topic (the subject) announces nothing of the predicate
    chunk = f"Releases\n\nThe release bot\n\n{sentence} It runs nightly."
    c = near_miss(chunk, sentence, "can", "cannot", ("polarity", "affirmative", "can"), family="polarity", answer="yes")
    assert broken_rule(c) is None


def test_a_requirements_heading_worded_as_a_clause_frames_a_modal():
    sentence = "Applicants must hold a valid work permit."
    chunk = f"Hiring\n\nSet up the requirements\n\n{sentence} Permits are checked on day one."
    c = near_miss(chunk, sentence, "must", "may", ("modality", "modal", "must"), family="modality", answer="yes")
    assert broken_rule(c) == "framed"


def test_a_heading_with_a_universal_pronoun_frames_a_quantifier():
    # "Audit everything" says the section holds of every thing: "Most exports are logged" under it contradicts it
    sentence = "Every export is logged."
    chunk = f"Security\n\nAudit everything\n\n{sentence} See who ran it and when."
    c = near_miss(chunk, sentence, "Every", "Most", ("aggregation", "quantifier", "Every", "every"),
                  family="aggregation", answer="yes")
    assert broken_rule(c) == "framed"
    plain = f"Security\n\nAudit trail\n\n{sentence} See who ran it and when."
    c = near_miss(plain, sentence, "Every", "Most", ("aggregation", "quantifier", "Every", "every"),
                  family="aggregation", answer="yes")
    assert broken_rule(c) is None


def test_a_negation_that_leaves_its_subject_affirmed_nowhere_is_rejected():
    sentence = "Audit streaming is included in the Scale plan."
    chunk = ("Plan comparison\n\nAudit streaming is not included in the Starter plan.\n"
             f"{sentence}\nAudit streaming is not included in the Growth plan.")

    def negate(chunk):
        return near_miss(chunk, sentence, "is", "is not", IS, ("scope", "tier", "Scale"), family="polarity", answer="yes")

    assert broken_rule(negate(chunk)) == "parallel-list"
    # with another plan still including it, the near miss is plausible
    chunk = ("Plan comparison\n\nAudit streaming is included in the Starter plan.\n"
             f"{sentence}\nAudit streaming is not included in the Growth plan.")
    assert broken_rule(negate(chunk)) is None
