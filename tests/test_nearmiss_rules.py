"""Near misses a reader cannot see through (CASE-QUALITY questions c, d, e, f), round 3: the
edited sentence is presupposed by a later step, answered by an FAQ's "Yes."/"No.", or restated
by an obligation word; an edited table cell breaks its row's or column's order; a bound in a
condition moves in the direction that still covers the original. And `build` shows progress
for the label check and selection.

Every example here is made up for the test."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from families_support import broken_rule, near_miss

from mutagen_cite.cases.build import BuildReport, select
from mutagen_cite.cases.fairness.order import _order_broken


# ----------------------------------------------------------------- presupposed by a later step


def test_a_later_step_that_uses_the_object_a_step_creates_presupposes_it():
    step = "You must create a deploy key in the console."
    chunk = f"Setup.\n{step} Paste the key into the runner settings."
    c = near_miss(chunk, step, "must", "can", ("modality", "modal", "must"), family="modality", answer="yes")
    assert broken_rule(c) == "presupposed"
    # the same step followed by something that does not build on it is a near miss
    fine = f"Setup.\n{step} Runners start within a minute."
    assert broken_rule(near_miss(fine, step, "must", "can", ("modality", "modal", "must"), family="modality",
                       answer="yes")) is None


def test_a_later_reference_to_the_act_itself_presupposes_it():
    step = "Owners generate an invite link for each guest."
    chunk = f"{step} Share the link you generated with the guest by mail."
    c = near_miss(chunk, step, "generate", "do not generate", ("polarity", "affirmative", "generate"),
              family="polarity", answer="yes")
    assert broken_rule(c) == "presupposed"


def test_a_definite_mention_after_a_verb_that_does_not_make_its_object_is_no_presupposition():
    step = "A billing token must identify a workspace."
    chunk = f"{step} The workspace owner receives every invoice."
    c = near_miss(chunk, step, "must", "can", ("modality", "modal", "must"), family="modality", answer="yes")
    assert broken_rule(c) is None


# ----------------------------------------------------------------- an FAQ answer word


@pytest.mark.parametrize("answer", ["No.", "Yes,", "A: Yes.", "Nope!"])
def test_a_sentence_under_an_faq_answer_word_is_no_near_miss(answer):
    sentence = "Contractors must wear a visitor badge on site."
    chunk = f"Do contractors need a badge?\n\n{answer} {sentence} Badges are at reception."
    c = near_miss(chunk, sentence, "must", "should", ("modality", "modal", "must"), family="modality", answer="yes")
    assert broken_rule(c) == "answered"


def test_a_sentence_in_a_plain_paragraph_is_not_answered():
    sentence = "Contractors must wear a visitor badge on site."
    chunk = f"Visitors and badges\n\n{sentence} Badges are at reception."
    c = near_miss(chunk, sentence, "must", "should", ("modality", "modal", "must"), family="modality", answer="yes")
    assert broken_rule(c) is None


# ----------------------------------------------------------------- an obligation in other words


def test_an_obligation_restated_as_mandatory_in_a_table_row_is_no_near_miss():
    sentence = "Vendors must sign the data processing agreement before onboarding."
    chunk = f"{sentence}\nDocument: data processing agreement; Vendor signature: mandatory."
    c = near_miss(chunk, sentence, "must", "should", ("modality", "modal", "must"), family="modality", answer="yes")
    assert broken_rule(c) == "restated-other-words"
    # a row about another document restates nothing
    other = f"{sentence}\nDocument: travel policy; Vendor signature: mandatory."
    assert broken_rule(near_miss(other, sentence, "must", "should", ("modality", "modal", "must"), family="modality",
                       answer="yes")) is None


# ----------------------------------------------------------------- table order


_PLANS = ("Plan: Free; Log retention: 1 day.\nPlan: Team; Log retention: 7 days.\n"
          "Plan: Scale; Log retention: 30 days.\nPlan: Corp; Log retention: 90 days.")


def test_an_edit_that_breaks_an_ordered_column_is_rejected():
    row = "Plan: Team; Log retention: 7 days."
    slots = (("scope", "tier", "Team"), ("quantity", "duration", "7 days"))
    c = near_miss(_PLANS, row, "7 days", "60 days", *slots, family="quantity", answer="Team")
    assert broken_rule(c) == "order-broken"
    kept = near_miss(_PLANS, row, "7 days", "14 days", *slots, family="quantity", answer="Team")
    assert broken_rule(kept) is None


_KILNS = ("Size: small; Shelves: 2 shelves; Power: 4 kW; Chamber: 5 liters.\n"
          "Size: medium; Shelves: 4 shelves; Power: 8 kW; Chamber: 10 liters.")


def test_two_rows_whose_other_measures_all_rise_keep_the_edited_column_rising():
    # round 30: too few rows for one column to show an order; every other measure rises, so a small
    # kiln with a larger chamber than the medium one contradicts its table
    row = "Size: small; Shelves: 2 shelves; Power: 4 kW; Chamber: 5 liters."
    slots = (("scope", "tier", "small"), ("quantity", "volume", "5 liters"))
    c = near_miss(_KILNS, row, "5 liters", "20 liters", *slots, family="quantity", answer="small")
    assert broken_rule(c) == "order-broken"
    kept = near_miss(_KILNS, row, "5 liters", "3 liters", *slots, family="quantity", answer="small")
    assert broken_rule(kept) is None
    # one other measure only: no order to read
    two = "Size: small; Power: 4 kW; Chamber: 5 liters.\nSize: medium; Power: 8 kW; Chamber: 10 liters."
    row2 = "Size: small; Power: 4 kW; Chamber: 5 liters."
    assert broken_rule(near_miss(two, row2, "5 liters", "20 liters", *slots, family="quantity", answer="small")) is None


def test_a_maximum_below_the_rows_default_is_rejected():
    row = "Plan: Team; Default seats: 5 seats; Maximum seats: 50 seats."
    slots = (("scope", "tier", "Team"), ("quantity", "count", "50 seats"))
    c = near_miss(row, row, "50 seats", "2 seats", *slots, family="quantity", answer="Team")
    assert broken_rule(c) == "order-broken"
    assert broken_rule(near_miss(row, row, "50 seats", "80 seats", *slots, family="quantity", answer="Team")) is None


def test_a_maximum_below_a_default_in_prose_is_rejected():
    sentence = "Each bucket has a default quota of 10 GB and a maximum quota of 100 GB."
    slots = (("quantity", "size", "100 GB"),)
    c = near_miss(sentence, sentence, "100 GB", "5 GB", *slots, family="quantity", answer="x")
    # the value model reads "maximum quota of" as an upper bound, so the lowered maximum is also
    # a kept bound (that rule runs first); the order rule must reject it on its own as well
    assert broken_rule(c) in ("order-broken", "bound-kept")
    assert _order_broken(c)
    assert broken_rule(near_miss(sentence, sentence, "100 GB", "200 GB", *slots, family="quantity", answer="x")) is None


# ----------------------------------------------------------------- bounds in a condition


@pytest.mark.parametrize("sentence, value, covers, contradicts", [
    ("Uploads over 20 MB are rejected by the gateway.", "20 MB", "2 MB", "50 MB"),
    ("If a job runs longer than 30 minutes, the scheduler stops it.", "30 minutes", "10 minutes", "60 minutes"),
    ("Requests under 5 seconds are logged at debug level.", "5 seconds", "10 seconds", "2 seconds"),
    ("Support is paused while a member has a kiln fee that is more than 30 days late.", "30 days", "10 days",
     "60 days"),
    ("Kiln slots that run longer than 4 hours need a second steward.", "4 hours", "2 hours", "8 hours"),
])
def test_a_bound_in_a_condition_may_only_move_so_it_no_longer_covers_the_original(sentence, value, covers,
                                                                                   contradicts):
    kind = {"MB": "size"}.get(value.split()[1], "duration")
    slots = (("quantity", kind, value),)
    assert broken_rule(near_miss(sentence, sentence, value, covers, *slots, family="quantity", answer="x")) == "bound-kept"
    assert broken_rule(near_miss(sentence, sentence, value, contradicts, *slots, family="quantity", answer="x")) is None


def test_a_bound_in_what_a_statement_says_keeps_the_old_direction():
    sentence = "Audit logs are kept for at least 30 days."
    slots = (("quantity", "duration", "30 days"),)
    assert broken_rule(near_miss(sentence, sentence, "30 days", "60 days", *slots, family="quantity", answer="x")) == "bound-kept"
    assert broken_rule(near_miss(sentence, sentence, "30 days", "10 days", *slots, family="quantity", answer="x")) is None


# ----------------------------------------------------------------- progress


def test_selection_drives_a_selecting_and_a_label_check_bar():
    chunk = "Uploads are checked.\nArchives are kept for 30 days."
    cands = [near_miss(chunk, "Archives are kept for 30 days.", "30 days", f"{n} days",
                   ("quantity", "duration", "30 days"), family="quantity", answer="x") for n in (45, 60, 90)]
    bars: dict[str, Counter] = {}

    def factory(label, total, unit="doc"):
        bars[label] = Counter(total=total)

        def advance(n):
            bars[label]["done"] += n
        return advance

    chosen = select({"quantity": cands}, 1, seed=1, check=lambda batch: [{} for _ in batch], report=BuildReport(),
                    progress=factory)
    assert len(chosen) == 1
    assert bars["selecting"] == Counter(total=1, done=1)
    assert bars["label check"]["total"] == 3 and 1 <= bars["label check"]["done"] <= 3


def test_a_modal_said_elsewhere_in_the_chunk_keys_nothing():
    # "can" elsewhere is no row key: weakening "must" to "can" is still a near miss
    sentence = "Admins must approve each export request."
    chunk = f"Members can browse reports.\n{sentence}"
    c = near_miss(chunk, sentence, "must", "can", ("modality", "modal", "must"), family="modality", answer="yes")
    assert broken_rule(c) is None
    # a value said elsewhere still does
    row = "Plan: Team; Retention: 30 days."
    other = f"Plan: Free; Retention: 7 days.\n{row}"
    v = near_miss(other, row, "30 days", "7 days", ("scope", "tier", "Team"), ("quantity", "duration", "30 days"),
              family="quantity", answer="Team")
    assert broken_rule(v) == "replacement-in-chunk"


def test_an_agreement_edit_records_the_whole_span_it_changed():
    # validate accepts a synthetic distractor only as the recorded splice: "Every plan includes"
    # -> "Most plans include" must be recorded as that span, not as "Every" -> "Most"
    import random

    from mutagen_cite.cases.families import ValueSource, get_families
    from mutagen_cite.model import Sentence, Slot

    (agg,) = get_families(["aggregation"])
    text = "Every plan includes a weekly export."
    s = Sentence("doc.md", 0, len(text), text, (Slot("aggregation", "quantifier", 0, 5, "Every", "every"),))
    m = agg.mutate(s, s.slots[0], ValueSource.empty(), random.Random(0))
    assert m.mutated_text == "Most plans include a weekly export."
    assert text[: m.slot.start] + m.replacement + text[m.slot.end:] == m.mutated_text
    assert (m.original, m.replacement) == ("Every plan includes", "Most plans include")


def test_the_noun_made_plural_is_the_head_before_a_preposition():
    # "every exchange between" -> "most exchanges between", never "most exchange betweens"
    import random

    from mutagen_cite.cases.families import ValueSource, get_families
    from mutagen_cite.model import Sentence, Slot

    (agg,) = get_families(["aggregation"])
    text = "The relay logs every exchange between the kiosk and the vault."
    at = text.index("every")
    s = Sentence("doc.md", 0, len(text), text, (Slot("aggregation", "quantifier", at, at + 5, "every", "every"),))
    m = agg.mutate(s, s.slots[0], ValueSource.empty(), random.Random(0))
    assert m is not None and "betweens" not in m.mutated_text
    assert m.mutated_text == "The relay logs most exchanges between the kiosk and the vault."


@pytest.mark.parametrize("opener", ["whenever", "while", "as soon as", "as long as"])
def test_a_negation_put_into_a_time_or_condition_clause_is_no_near_miss(opener):
    # "reruns whenever a schema change is not made" negates the condition, not the statement
    sentence = f"The indexer reruns {opener} a schema change is made."
    c = near_miss(sentence, sentence, "is", "is not", ("polarity", "affirmative", "is"), family="polarity", answer="yes")
    assert broken_rule(c) == "condition-negation"
    main = "The indexer is rerun after each schema change."
    assert broken_rule(near_miss(main, main, "is", "is not", ("polarity", "affirmative", "is"), family="polarity",
                       answer="yes")) != "condition-negation"


def test_a_version_inside_a_longer_identifier_is_no_entity_site():
    sentence = "Pick the reranker-v2.1 model for short queries."
    c = near_miss(sentence, sentence, "v2.1", "v0.9", ("entity", "version", "v2.1"), family="entity", answer="x")
    assert broken_rule(c) == "inside-identifier"
    free = "Pick version v2.1 of the reranker for short queries."
    assert broken_rule(near_miss(free, free, "v2.1", "v0.9", ("entity", "version", "v2.1"), family="entity",
                       answer="x")) != "inside-identifier"


# ----------------------------------------------------------------- a condition another row holds


def test_a_table_row_whose_value_another_row_of_the_document_holds_is_ambiguous():
    from mutagen_cite.cases.fairness.ambiguity import ambiguous_in_document

    row = "STEP: Book the kiln; OWNER: Member; TIME: 1 business day."
    c = near_miss(row, row, "1 business day", "2 business days", ("quantity", "duration", "1 business day"),
              family="quantity", answer="Book the kiln")
    other = "STEP: Confirm the glaze; OWNER: Steward; TIME: 1 business day."
    assert ambiguous_in_document(c, row + "\n" + other)[0] == "ambiguous-table"
    different = "STEP: Confirm the glaze; OWNER: Steward; TIME: 3 business days."
    assert ambiguous_in_document(c, row + "\n" + different) is None
    elsewhere = "The kiln cools for 1 business day after firing."  # prose, not a row of the table
    assert ambiguous_in_document(c, row + "\n" + elsewhere) is None


def test_an_answer_another_sentence_shares_makes_the_question_ambiguous():
    from mutagen_cite.cases.fairness.ambiguity import answer_shared
    from mutagen_cite.cases.questions import Phrasing

    sentence = "Glaze previews are included in the Studio plan."
    chunk = "Features by plan\n\nGlaze previews are included in the Kiln plan.\n" + sentence
    c = near_miss(chunk, sentence, "are", "are not", ("polarity", "affirmative", "are"), family="polarity", answer="Studio")
    c = replace(c, phrasing=Phrasing(sentence, "In which plan are glaze previews included?", "Studio", None))
    assert answer_shared(c)[0] == "answer-shared"
    alone = "Features by plan\n\nKiln firing is included in the Kiln plan.\n" + sentence
    c2 = near_miss(alone, sentence, "are", "are not", ("polarity", "affirmative", "are"), family="polarity", answer="Studio")
    c2 = replace(c2, phrasing=Phrasing(sentence, "In which plan are glaze previews included?", "Studio", None))
    assert answer_shared(c2) is None
