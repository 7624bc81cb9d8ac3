"""A polarity flip the rest of its chunk contradicts is no plausible near miss (CASE-QUALITY
question e): another sentence, heading or step still says or presupposes the original, a
workaround follows the denial, or a condition that switches something off frames it.

Every example here is made up for the test."""

from __future__ import annotations

from families_support import IS, NOT, broken_rule, near_miss

from mutagen_cite.cases.fairness.flips import _said_elsewhere

CAN = ("polarity", "affirmative", "can")


def _unnegate(chunk: str, sentence: str, *slots):
    return near_miss(chunk, sentence, "not", "", NOT, *slots, family="polarity", answer="yes")


def _negate(chunk: str, sentence: str, *slots, aux=IS):
    return near_miss(chunk, sentence, aux[2], aux[2] + " not" if aux[2] != "can" else "cannot", aux, *slots,
                 family="polarity", answer="yes")


# ----------------------------------------------------------------- the same proposition elsewhere


def test_a_negated_capability_whose_steps_still_perform_it_is_rejected():
    sentence = "Project owners can enable review sandboxes for every branch."
    chunk = f"Overview\n\n{sentence} Idle ones cost nothing.\n\n## Enable review sandboxes\n\n1. Open the project settings."
    assert broken_rule(_negate(chunk, sentence, aux=CAN)) == "said-elsewhere"
    # a chunk that only goes on about something else is a near miss
    fine = f"Overview\n\n{sentence} Idle ones cost nothing.\n\n## Billing\n\n1. Open the invoices page."
    assert broken_rule(_negate(fine, sentence, aux=CAN)) is None


def test_a_negated_plan_feature_that_another_sentence_turns_on_under_that_plan_is_rejected():
    sentence = "Idle lock is available on the Summit plan."
    chunk = f"## Idle lock\n\n{sentence} As a Summit admin, you can pick the timeout for your members."
    c = _negate(chunk, sentence, ("scope", "tier", "Summit"))
    assert broken_rule(c) == "said-elsewhere"
    # about another plan it is a sibling, not the same proposition
    other = f"## Idle lock\n\n{sentence} As a Basecamp admin, you can pick the timeout for your members."
    assert broken_rule(_negate(other, sentence, ("scope", "tier", "Summit"))) is None


def test_a_denial_stated_twice_in_other_words_keeps_the_removed_negation_standing():
    sentence = "Archived boards are not searchable from the sidebar."
    chunk = f"{sentence} Lorem. The sidebar search never returns archived boards, which are not searchable by design."
    assert broken_rule(_unnegate(chunk, sentence)) in ("said-elsewhere", "restated")
    # an affirmative sentence about the same words does not restate a denial
    fine = f"{sentence} Pinned boards stay in the sidebar. Open boards are searchable everywhere."
    assert broken_rule(_unnegate(fine, sentence)) is None


# ----------------------------------------------------------------- workarounds and conditions


def test_a_negation_removed_before_its_workaround_is_rejected():
    sentence = "Macros are not supported in the browser editor."
    chunk = f"{sentence} To use macros, edit the files locally with the desktop app."
    assert broken_rule(_unnegate(chunk, sentence)) == "said-elsewhere"
    instead = f"{sentence} Instead, run macros from the desktop app."
    assert broken_rule(_unnegate(instead, sentence)) == "said-elsewhere"
    # a next sentence about something else is no workaround
    fine = f"{sentence} To change the theme, open Preferences."
    assert broken_rule(_unnegate(fine, sentence)) is None


def test_a_negation_removed_under_a_switch_off_condition_is_rejected():
    sentence = "the assistant endpoints are not mounted."
    chunk = f"## When ASSIST_ENABLED is set to false\n\nThe panel is hidden, and {sentence}"
    assert broken_rule(_unnegate(chunk, sentence)) == "said-elsewhere"
    own = "When the flag is off, the assistant endpoints are not mounted."
    assert broken_rule(_unnegate(f"Intro.\n\n{own}", own)) == "said-elsewhere"
    fine = "## Assistant\n\nThe panel is hidden, and " + sentence
    assert broken_rule(_unnegate(fine, sentence)) is None


# ----------------------------------------------------------------- release notes and version lists


def _version_edit(chunk: str, sentence: str, old: str, new: str, doc_text: str | None = None):
    from mutagen_cite.cases.fairness.releases import release_incoherent

    c = near_miss(chunk, sentence, old, new, ("entity", "version", old), family="entity", answer="x")
    return release_incoherent(c, doc_text if doc_text is not None else chunk)


def test_a_version_of_the_release_line_in_a_release_entry_is_rejected():
    sentence = "Quillon Agent 5.2 reads Parquet files."
    # the loaders leave a heading as a one-line paragraph (Markdown marks stripped)
    doc = f"Changes\n\nv5.2.0 (2030-01-10)\n\nAdded\n\n{sentence}\n\nv5.1.0 (2029-11-02)\n\nFixed a leak.\n"
    assert _version_edit(doc, sentence, "Quillon Agent 5.2", "Quillon Agent 5.1", doc)[0] == "release-entry"
    # a version of another product in the same entry is a near miss
    other = "Quillon Agent reads Loam 8.4 files."
    doc2 = doc.replace(sentence, other)
    assert _version_edit(doc2, other, "Loam 8.4", "Loam 8.0", doc2) is None
    # a listed third-party product whose major number happens to match the release's is no release line
    py = "The SDK supports Python 5.1."
    doc5 = doc.replace(sentence, py)
    assert _version_edit(doc5, py, "Python 5.1", "Python 4.9", doc5) is None
    # one heading naming a version is no release history ("Upgrading to 5.0" in a guide)
    doc3 = f"Guide\n\nUpgrading to 5.0\n\nRead this.\n\nAgents\n\n{sentence}\n"
    assert _version_edit(doc3, sentence, "Quillon Agent 5.2", "Quillon Agent 5.1", doc3) is None
    # a section after the last entry ("Support windows") is no part of it
    doc4 = doc + f"\nSupport windows\n\n{sentence}\n"
    c_at = doc4.rindex(sentence)
    from mutagen_cite.cases.fairness.releases import _release_heading
    assert _release_heading(doc4, c_at) is None and _release_heading(doc4, doc4.index(sentence)) is not None


def test_a_version_that_breaks_an_ordered_list_of_versions_is_rejected():
    sentence = "Version 7.2.0 gets fixes until May 2031."
    chunk = f"Version 7.0.0 gets fixes until June 2030. Version 7.1.0 gets fixes until March 2031. {sentence} " \
            "Version 7.3.0 gets fixes until August 2031."
    assert _version_edit(chunk, sentence, "Version 7.2.0", "Version 7.4.0")[0] == "version-order"
    # a version that keeps the order (a patch of the same minor) is a near miss
    assert _version_edit(chunk, sentence, "Version 7.2.0", "Version 7.2.1") is None


def test_siblings_about_other_subjects_are_no_restatement():
    sentence = "Webhooks are not included in the Summit plan."
    chunk = f"Plans\n\n{sentence} Audit exports are not included in the Summit plan."
    assert _said_elsewhere(_unnegate(chunk, sentence, ("scope", "tier", "Summit"))) is None
    # a value inside the subject scopes nothing the other sentence must share
    own = "Access to staging is reviewed every month."
    chunk = f"Access\n\n{own} Access to staging requires a hardware key."
    assert _said_elsewhere(_negate(chunk, own, ("scope", "environment", "staging"))) is None


# ----------------------------------------------------------------- tiers attested as names


def test_a_tier_is_learned_only_from_capitals_that_mark_a_name():
    from mutagen_cite.analysis.annotate import learn_tiers

    texts = ["## Token plans\n\nToken plans are billed by usage. Pick the Summit plan for teams.",
             "- Token plans renew monthly.\nToken plans are prepaid. The Summit plan includes SSO."]
    assert learn_tiers(texts) == ("Summit",)
    # the same word mid-sentence, twice, is a tier
    assert learn_tiers(["Move to the Token plan today.", "On the Token plan, seats are free."]) == ("Token",)


# ----------------------------------------------------------------- names of the same kind


def test_a_same_head_name_swap_needs_modifiers_of_the_same_sort():
    import random

    from mutagen_cite.cases.families import ValueSource, get_families
    from mutagen_cite.model import Sentence, Slot, Vocabulary

    (entity,) = get_families(["entity"])
    text = "Charts are rendered in the Report Studio within a dashboard."
    i = text.index("Report Studio")
    slot = Slot("entity", "product", i, i + len("Report Studio"), "Report Studio", "Report Studio")
    s = Sentence("t.md", 0, len(text), text, (slot,))

    def swap(*names):
        values = ValueSource(Vocabulary({"product": names}))
        m = entity.mutate(s, slot, values, random.Random(0))
        return m.replacement if m else None

    # a common-word modifier names a part of the product; a brand's "Studio" is another kind of tool
    # (the first, most frequent name is the house's own)
    assert swap("Acme Cloud", "Globex Studio") is None
    assert swap("Acme Cloud", "Canvas Studio") == "Canvas Studio"


# ----------------------------------------------------------------- the per-document index


def test_the_per_document_table_index_answers_every_row_of_one_document():
    from mutagen_cite.cases.fairness.ambiguity import ambiguous_in_document

    rows = ["STEP: Book the kiln; TIME: 1 business day.", "STEP: Load the shelves; TIME: 3 business days.",
            "STEP: Confirm the glaze; TIME: 1 business day."]
    doc = "Kiln steps\n\n" + "\n".join(rows)
    got = []
    for row in rows:  # one document, three candidates: the index is built once and read three times
        at = doc.index(row)
        value = "3 business days" if "3 " in row else "1 business day"
        c = near_miss(doc, row, value, "5 business days", ("quantity", "duration", value), family="quantity",
                  answer="x")
        assert c.sentence.start == at
        why = ambiguous_in_document(c, doc)
        got.append(why[0] if why else None)
    assert got == ["ambiguous-table", None, "ambiguous-table"]


def test_a_version_sibling_must_vary_the_same_products_version():
    from mutagen_cite.cases.fairness.releases import _same_product

    assert _same_product("Quillon 4.2", "Quillon 4.1") and _same_product("v4.2.0", "Version 4.1.0")
    # a sibling whose varying value is another product's version differs elsewhere too
    assert not _same_product("v4.2.0", "Loam 3.9") and not _same_product("Loam 8", "Quillon 4.1")
