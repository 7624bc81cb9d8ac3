"""A near miss is a near miss in its whole chunk (CASE-QUALITY questions d and f): nothing else
in the distractor chunk still states the original, the changed number is no operand of a
calculation, a code/name twin does not keep naming the original, and the label check takes
the judge's "unsupported" only when its reason names the change.

Every example here is made up for the test."""

from __future__ import annotations

import pytest

from families_support import near_miss, slotted_sentence

from mutagen_cite.cases.build import label_check, names_change, split_chunk_sentences
from mutagen_cite.cases.candidate import Candidate
from mutagen_cite.cases.fairness.numbers import _in_arithmetic
from mutagen_cite.cases.fairness.restated import _restated
from mutagen_cite.cases.fairness.rules import unfair_rule
from mutagen_cite.model import Verdict


# ----------------------------------------------------------------- the original, stated again


def test_the_condition_written_another_way_is_still_the_condition():
    chunk = "Plan: Pro; Retention: 30 days.\nArchived copies are pruned after thirty days."
    c = near_miss(chunk, "Plan: Pro; Retention: 30 days.", "30 days", "45 days",
              ("scope", "tier", "Pro"), ("quantity", "duration", "30 days"), family="quantity", answer="Pro")
    rule = unfair_rule(c)
    assert rule and rule[0] == "condition-in-near-miss", rule
    fine = near_miss("Plan: Pro; Retention: 30 days.\nArchived copies are pruned after a year.",
                 "Plan: Pro; Retention: 30 days.", "30 days", "45 days",
                 ("scope", "tier", "Pro"), ("quantity", "duration", "30 days"), family="quantity", answer="Pro")
    assert unfair_rule(fine) is None


def test_a_restatement_is_found_by_stems_and_must_carry_the_claims_values():
    rule = "Uploaded files are scanned for malware before storage on the Team plan."
    assert _restated(rule, "Intro. On the Team plan every uploaded file gets scanned for malware before storage.",
                     "are", ["Team"])
    # the same statement about another plan is an enumeration's sibling, not a restatement
    assert not _restated(rule, "Intro. On the Scale plan every uploaded file gets scanned for malware before storage.",
                         "are", ["Team"])
    # sharing the subject is not saying the same thing
    assert not _restated(rule, "Uploaded files are listed in the activity log.", "are", ["Team"])


def test_a_two_word_statement_is_restated_only_with_the_original_marker():
    assert _restated("Tokens must be rotated.", "Remember: API tokens must be rotated.", "must")
    assert not _restated("Tokens must be rotated.", "API tokens are rotated by the scheduler.", "must")


def test_a_summary_line_restates_the_edited_sentence():
    rule = "Contractors should file timesheets at the end of every week."
    assert _restated(rule, "Reminders. File timesheets every week.", "every")
    assert not _restated(rule, "Reminders. File timesheets on time.", "every")  # no marker: says less


def test_a_negated_statement_followed_by_its_example_is_no_near_miss():
    text = "Webhooks are retried on the Team plan."
    chunk = text + " For example, a failed delivery is sent again after a minute."
    c = near_miss(chunk, text, "are", "are not", ("polarity", "affirmative", "are"), ("scope", "tier", "Team"),
              family="polarity", answer="Team")
    rule = unfair_rule(c)
    assert rule and rule[0] == "elaborated", rule
    plain = near_miss(text + " Invoices are sent monthly.", text, "are", "are not",
                  ("polarity", "affirmative", "are"), ("scope", "tier", "Team"), family="polarity", answer="Team")
    assert unfair_rule(plain) is None


@pytest.mark.parametrize("text, after, slots", [
    ("Snapshots are capped at 40% of the disk.", " If a snapshot grows past that size, the job stops.",
     (("quantity", "percent", "40%"),)),
    ("Tickets are closed after 14 days.", " This includes tickets opened by email.", (("quantity", "duration", "14 days"),)),
    ("Tickets are closed after 14 days.", " Archived tickets stay in the bin for another 14 days.",
     (("quantity", "duration", "14 days"),)),
])
def test_a_negated_statement_that_the_next_sentence_builds_on_is_no_near_miss(text, after, slots):
    c = near_miss(text + after, text, "are", "are not", ("polarity", "affirmative", "are"), *slots,
              family="polarity", answer="x")
    rule = unfair_rule(c)
    assert rule and rule[0] == "elaborated", rule


def test_a_negated_rule_above_its_worked_example_is_no_near_miss():
    text = "Shifts can be longer or shorter than 8 hours."
    chunk = text + "\nA week has 40 hours.\n\nFor example:\n\nDay: Monday; Hours: 10.\nDay: Friday; Hours: 6."
    c = near_miss(chunk, text, "can", "cannot", ("polarity", "affirmative", "can"), ("quantity", "duration", "8 hours"),
              family="polarity", answer="8 hours")
    rule = unfair_rule(c)
    assert rule and rule[0] == "elaborated" and "example" in rule[1], rule


def test_a_modal_weakened_while_a_summary_line_repeats_it_is_no_near_miss():
    text = "Deploy keys must be stored in the vault for every project."
    chunk = text + "\n\nSummary: for every project, deploy keys must be stored in the vault."
    c = near_miss(chunk, text, "must", "may", ("modality", "modal", "must"), family="modality", answer="yes")
    rule = unfair_rule(c)
    assert rule and rule[0] == "restated", rule


# ----------------------------------------------------------------- values linked by arithmetic


@pytest.mark.parametrize("text, surface, linked", [
    ("A seat costs $12 a month, so ten seats come to $120 a month.", "$12", True),
    ("Storage is billed at $0.10 per GB \u2248 $100 per TB.", "$0.10", True),
    ("Thirty days x $0.50 per day = $15 for the month.", "$0.50", True),
    ("The Team plan costs $12 a month and the Scale plan costs $40 a month.", "$12", False),
    ("Exports are kept for 30 days and audit logs for 90 days.", "30 days", False),
])
def test_a_number_inside_a_calculation_is_no_near_miss(text, surface, linked):
    kind = "money" if surface.startswith("$") else "duration"
    c = near_miss(text, text, surface, "$99" if kind == "money" else "45 days", ("quantity", kind, surface),
              family="quantity")
    assert bool(_in_arithmetic(c)) is linked, _in_arithmetic(c)


def test_a_calculation_on_the_next_line_links_the_value():
    text = "Compute is billed at $20 per vCPU per month."
    chunk = text + "\n2 vCPU \u00d7 $20 = $40 per month."
    c = near_miss(chunk, text, "$20", "$30", ("quantity", "money", "$20"), family="quantity")
    rule = unfair_rule(c)
    assert rule and rule[0] == "arithmetic", rule
    apart = near_miss(text + "\nMemory is billed separately.", text, "$20", "$30", ("quantity", "money", "$20"),
                  family="quantity")
    assert _in_arithmetic(apart) is None


def test_a_number_in_a_worked_example_is_no_near_miss():
    text = "You will have 6 days left until June 2030."
    chunk = "Each person gets 10 days a year.\n\nFor example: you took 4 days in May 2030. " + text
    c = near_miss(chunk, text, "June 2030", "July 2031", ("quantity", "duration", "6 days"), ("date", "month", "June 2030"),
              family="date", answer="6 days")
    rule = unfair_rule(c)
    assert rule and rule[0] == "arithmetic" and "worked example" in rule[1], rule
    plain = near_miss("Each person gets 10 days a year.\n\n" + text, text, "June 2030", "July 2031",
                  ("quantity", "duration", "6 days"), ("date", "month", "June 2030"), family="date", answer="6 days")
    assert unfair_rule(plain) is None or unfair_rule(plain)[0] != "arithmetic", unfair_rule(plain)


def test_a_negated_statement_the_next_sentence_goes_on_about_is_no_near_miss():
    text = "Interns are not allowed to sign vendor contracts without legal review."
    nxt = " Every vendor contract needs a legal review before anyone signs it."
    c = near_miss(text + nxt, text, "not", "", ("polarity", "negation", "not"), family="polarity", answer="Interns")
    rule = unfair_rule(c)
    assert rule and rule[0] == "elaborated", rule
    sibling = near_miss("Request logs in eu-west-9 are kept for 30 days. Request logs in us-east-9 are kept for 60 days.",
                    "Request logs in eu-west-9 are kept for 30 days.", "are", "are not",
                    ("polarity", "affirmative", "are"), ("scope", "region", "eu-west-9"),
                    ("quantity", "duration", "30 days"), family="polarity", answer="30 days")
    assert unfair_rule(sibling) is None, unfair_rule(sibling)


# ----------------------------------------------------------------- code and name twins


@pytest.mark.parametrize("text, slots, site, replacement", [
    ("Builds run in ord (Chicago) by default.", (("scope", "region", "ord"),), "ord", "ams"),
    ("Builds run in Chicago (ord) by default.", (("scope", "geo", "Chicago"),), "Chicago", "Lisbon"),
    ("Builds run in Chicago (ord) by default.", (("scope", "region", "ord"),), "ord", "ams"),
    ("Region: us-west-9; Location: Springfield; Backups: 7 days.",
     (("scope", "region", "us-west-9"), ("scope", "geo", "Springfield"), ("quantity", "duration", "7 days")),
     "us-west-9", "eu-north-9"),
])
def test_changing_one_half_of_a_code_and_name_twin_is_no_near_miss(text, slots, site, replacement):
    c = near_miss(text, text, site, replacement, *slots, family="scope")
    rule = unfair_rule(c)
    assert rule and rule[0] == "twin", rule


def test_a_remark_in_parentheses_is_no_twin():
    text = "Reports are rendered by Acme Render (beta) within 5 minutes."
    c = near_miss(text, text, "Acme Render", "Acme Draw", ("entity", "org", "Acme Render"),
              ("quantity", "duration", "5 minutes"), family="entity", answer="5 minutes")
    rule = unfair_rule(c)
    assert rule is None or rule[0] != "twin", rule


# ----------------------------------------------------------------- the judge's reason names the change


class _ReasoningJudge:
    """A judge that explains its verdicts attribute by attribute: a premise holding one of
    ``supporting`` supports; every other premise gets ``reason``."""

    name = "fake-slots"

    def __init__(self, reason: str, supporting: tuple[str, ...]):
        self.reason, self.supporting = reason, supporting

    def findings(self, pairs):  # marks this judge as one that reads attributes
        return []

    def verdicts(self, pairs):
        out = []
        for premise, _ in pairs:
            ok = any(s in premise for s in self.supporting)
            out.append(Verdict(ok, 1.0 if ok else 0.3, self.name, "attributes agree" if ok else self.reason))
        return out


def _priced() -> Candidate:
    chunk = "Plan: Pro; Price: $20/mo.\nInvoices are issued monthly."
    return near_miss(chunk, "Plan: Pro; Price: $20/mo.", "$20", "$25", ("scope", "tier", "Pro"),
                 ("quantity", "money", "$20"), family="quantity", answer="Pro", claim="The Pro plan costs $20/mo.")


def test_label_check_takes_unsupported_only_for_the_changed_attribute():
    c = _priced()
    named = _ReasoningJudge("quantity mismatch: claim '$20 per month' vs premise '$25 per month'", ("$20",))
    why: list = []
    (label,) = label_check([c], named, split_chunk_sentences, why)
    assert label is not None and "$25" in label["distractor_reason"] and why == [None]
    fallback = _ReasoningJudge("attributes agree but too little of the claim is in the premise (0/5 other claim words)",
                               ("$20",))
    why = []
    assert label_check([c], fallback, split_chunk_sentences, why) == [None]
    assert why == ["label:not-the-edit"]


def test_a_judge_without_attribute_reasons_is_taken_at_its_word():
    from mutagen_cite.judges.lexical import LexicalJudge

    c = _priced()
    why: list = []
    label_check([c], LexicalJudge(threshold=0.99), split_chunk_sentences, why)
    assert why[0] != "label:not-the-edit"


@pytest.mark.parametrize("family, reason, named", [
    ("polarity", "negation mismatch: premise negates 'not retried', the claim does not", True),
    ("polarity", "attributes agree but too little of the claim is in the premise (1/6)", False),
    ("aggregation", "quantifier mismatch: claim 'all' vs premise 'most'", True),
    ("aggregation", "modal mismatch: claim obligation vs premise permission", False),
    ("modality", "modal mismatch: claim obligation vs premise permission", True),
    ("polarity", "quantity mismatch: claim 'never exceeds 4 hours' vs premise 'exceeds 4 hours'", True),
])
def test_names_change_for_marker_families(family, reason, named):
    text = "Webhooks are retried on all plans and must be signed."
    site = {"polarity": "are", "aggregation": "all", "modality": "must"}[family]
    if "never" in reason:
        text, site = "Downtime never exceeds 4 hours.", "never"
    kind = {"polarity": "affirmative" if site != "never" else "negation", "aggregation": "quantifier",
            "modality": "modal"}[family]
    c = near_miss(text, text, site, "x", (family, kind, site), family=family)
    assert names_change(reason, c) is named


# ----------------------------------------------------------------- a frame that states the strength


@pytest.mark.parametrize("chunk, sentence", [
    ("## Requirements\n\nThe kiln operator must wear gloves at all times.",
     "The kiln operator must wear gloves at all times."),
    ("Two limits apply to every booking:\n\n- A member must book the kiln one day ahead.\n- A booking lasts four hours.",
     "A member must book the kiln one day ahead."),
    ("To fire a glaze batch, you will need:\n\n- A member must book the kiln one day ahead.\n- A booking lasts four hours.",
     "A member must book the kiln one day ahead."),
])
def test_a_modal_weakened_under_a_heading_or_lead_in_that_states_it_is_no_near_miss(chunk, sentence):
    c = near_miss(chunk, sentence, "must", "may", ("modality", "modal", "must"), family="modality", answer="yes")
    rule = unfair_rule(c)
    assert rule and rule[0] == "framed", rule


@pytest.mark.parametrize("chunk, sentence", [
    ("## Kiln bookings\n\nThe kiln operator must wear gloves at all times.",
     "The kiln operator must wear gloves at all times."),
    ("Before you book:\n\n- A member must book the kiln one day ahead.\n- A booking lasts four hours.",
     "A member must book the kiln one day ahead."),
])
def test_a_neutral_heading_or_lead_in_frames_nothing(chunk, sentence):
    c = near_miss(chunk, sentence, "must", "may", ("modality", "modal", "must"), family="modality", answer="yes")
    rule = unfair_rule(c)
    assert rule is None or rule[0] != "framed", rule
