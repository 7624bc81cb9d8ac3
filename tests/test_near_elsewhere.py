"""Round-24 rules (cases/fairness/elsewhere.py): a weakened universal or requirement that another
unit of its chunk still states, anywhere in the chunk; a quantified subject given two values in
one chunk; one branch of "either ... or". Each drops the near miss the rest of its chunk still
contradicts and keeps the look-alike that is a good one.

Every example here is made up for the test."""

from __future__ import annotations

from families_support import MUST, SHOULD, broken_rule, near_miss

from mutagen_cite.cases.fairness.elsewhere import quantified_noun_phrase, verb_and_object

EVERY = ("aggregation", "quantifier", "Every", "every")
EACH = ("aggregation", "quantifier", "Each", "each")


def test_the_noun_phrase_a_universal_quantifies():
    assert quantified_noun_phrase("Each crate weighs 20 kg.")[0] == ("crate",)
    assert quantified_noun_phrase("Sync runs for all linked calendars, daily.")[0] == ("linked", "calendars")
    assert quantified_noun_phrase("Backups run every 6 hours.") is None  # a period, no set
    assert verb_and_object("include at least one handler with a name") == ("include", frozenset({"handler"}))
    assert verb_and_object("ensure you have a retention policy for logs") == ("have", frozenset({"retention", "policy"})) \
        or verb_and_object("ensure you have a retention policy for logs")[1] == frozenset({"retention", "policy"})


def test_the_same_universal_noun_elsewhere_keeps_the_claim():
    chunk = ("Quillbase encrypts every webhook payload before it leaves the queue.\n\n"
             "Every webhook is encrypted with the workspace key.")
    c = near_miss(chunk, "Every webhook is encrypted with the workspace key.", "Every", "Most", EVERY,
                  family="aggregation", answer="yes")
    assert broken_rule(c) == "universal-elsewhere"  # one shared word, a verb
    chunk = ("Quillbase keeps every webhook payload in the workspace queue.\n\n"
             "Every webhook is encrypted with the workspace key.")
    c = near_miss(chunk, "Every webhook is encrypted with the workspace key.", "Every", "Most", EVERY,
                  family="aggregation", answer="yes")
    assert broken_rule(c) is None  # one shared noun ("workspace") is the page's topic
    chunk = ("Quillbase never drops a queued job; no job is ever retried twice.\n\n"
             "Every job is retried at most once after a crash.")
    c = near_miss(chunk, "Every job is retried at most once after a crash.", "Every", "Most", EVERY,
                  family="aggregation", answer="yes")
    assert broken_rule(c) == "universal-elsewhere"


def test_a_universal_over_another_noun_or_another_subset_or_predicate_is_no_restatement():
    chunk = ("Quillbase signs every export archive.\n\n"
             "Every webhook is signed with the workspace secret.")
    c = near_miss(chunk, "Every webhook is signed with the workspace secret.", "Every", "Most", EVERY,
                  family="aggregation", answer="yes")
    assert broken_rule(c) is None  # another noun
    chunk = ("Every Team workspace comes with an inbox.\n\n"
             "Every Pro workspace includes a shared inbox.")
    c = near_miss(chunk, "Every Pro workspace includes a shared inbox.", "Every", "Most", EVERY,
                  family="aggregation", answer="yes")
    assert broken_rule(c) is None  # a sibling about another set
    chunk = ("Every webhook carries a delivery id in its header.\n\n"
             "Every webhook is signed with the workspace secret.")
    c = near_miss(chunk, "Every webhook is signed with the workspace secret.", "Every", "Most", EVERY,
                  family="aggregation", answer="yes")
    assert broken_rule(c) is None  # the same set, another predicate


def test_a_quantified_subject_with_two_values_in_the_chunk_is_ambiguous():
    chunk = "The small set holds 400 crates. Each crate weighs 20 kg.\nThe large set holds 90 crates. Each crate weighs 35 kg."
    c = near_miss(chunk, "Each crate weighs 35 kg.", "Each", "Most", EACH,
                  ("quantity", "size", "35 kg"), family="aggregation", answer="yes")
    assert broken_rule(c) == "ambiguous-subject"
    chunk = "The large set holds 90 crates. Each crate weighs 35 kg."
    c = near_miss(chunk, "Each crate weighs 35 kg.", "Each", "Most", EACH,
                  ("quantity", "size", "35 kg"), family="aggregation", answer="yes")
    assert broken_rule(c) is None


def test_the_same_requirement_said_again_further_on_keeps_it():
    chunk = ("Every plugin must register at least one handler with the loader.\n\n"
             "Even for a stub plugin, you must register one empty handler so the loader starts.")
    c = near_miss(chunk, "Every plugin must register at least one handler with the loader.", "must", "should",
                  MUST, family="modality", answer="yes")
    assert broken_rule(c) == "requirement-elsewhere"


def test_a_sibling_requirement_of_another_subject_or_act_is_no_restatement():
    chunk = ("Admins must rotate the signing key every month.\n\n"
             "Editors should rotate the signing key every year.")
    c = near_miss(chunk, "Editors should rotate the signing key every year.", "should", "can", SHOULD,
                  family="modality", answer="yes")
    assert broken_rule(c) is None
    chunk = ("Every plugin must register at least one handler with the loader.\n\n"
             "You must name one owner for the plugin in its manifest.")
    c = near_miss(chunk, "Every plugin must register at least one handler with the loader.", "must", "should",
                  MUST, family="modality", answer="yes")
    assert broken_rule(c) is None
    chunk = ("Every plugin must register at least one handler with the loader.\n\n"
             "You must not register a handler twice.")
    c = near_miss(chunk, "Every plugin must register at least one handler with the loader.", "must", "should",
                  MUST, family="modality", answer="yes")
    assert broken_rule(c) is None  # a negated requirement says the opposite


def test_what_fails_when_the_object_is_absent_keeps_the_requirement():
    chunk = ("Every plugin must register at least one handler with the loader. "
             "If no handlers are registered, the loader throws a startup error.")
    c = near_miss(chunk, "Every plugin must register at least one handler with the loader.", "must", "should",
                  MUST, family="modality", answer="yes")
    assert broken_rule(c) == "consequence-if-none"
    chunk = ("Every plugin must register at least one handler with the loader. "
             "If no icon is set, the loader shows a placeholder.")
    c = near_miss(chunk, "Every plugin must register at least one handler with the loader.", "must", "should",
                  MUST, family="modality", answer="yes")
    assert broken_rule(c) is None  # another object, and nothing fails


def test_an_imperative_asking_the_same_keeps_the_recommendation():
    chunk = ("Logs matter in an audit. You should keep a retention policy for your audit logs.\n\n"
             "Configure retention for your audit logs in the workspace settings.")
    c = near_miss(chunk, "You should keep a retention policy for your audit logs.", "should", "can", SHOULD,
                  family="modality", answer="yes")
    assert broken_rule(c) == "imperative-elsewhere"
    chunk = ("Logs matter in an audit. You should keep a retention policy for your audit logs.\n\n"
             "Open the workspace settings to see your invoices.")
    c = near_miss(chunk, "You should keep a retention policy for your audit logs.", "should", "can", SHOULD,
                  family="modality", answer="yes")
    assert broken_rule(c) is None  # an imperative about something else


def test_one_branch_of_either_or_weakens_nothing():
    chunk = "If a sync breaks, the run stops. You either rerun the whole sync or you must patch the rows by hand."
    c = near_miss(chunk, "You either rerun the whole sync or you must patch the rows by hand.", "must", "can",
                  MUST, family="modality", answer="yes")
    assert broken_rule(c) == "either-or"
    chunk = "If a sync breaks, the run stops. You must patch the rows by hand or rerun the sync."
    c = near_miss(chunk, "You must patch the rows by hand or rerun the sync.", "must", "can",
                  MUST, family="modality", answer="yes")
    assert broken_rule(c) is None


def test_an_imperative_naming_only_the_object_or_another_object_is_no_restatement():
    chunk = "Roles decide access. You must also select a default reviewer role for new members.\n\nSelect Create role set."
    c = near_miss(chunk, "You must also select a default reviewer role for new members.", "must", "should", MUST,
                  family="modality", answer="yes")
    assert broken_rule(c) is None  # the same verb, another thing selected
    chunk = "Widgets load from a manifest. The manifest must follow the Widget schema version two.\n\nAdd a Widget schema file"
    c = near_miss(chunk, "The manifest must follow the Widget schema version two.", "must", "should", MUST,
                  family="modality", answer="yes")
    assert broken_rule(c) is None  # another act on the same object


def test_a_requirement_stated_with_its_purpose_stays_one_when_weakened():
    chunk = "Each rule must name at least one trigger for the rule to be saved. Rules run in order."
    c = near_miss(chunk, "Each rule must name at least one trigger for the rule to be saved.", "must", "should", MUST,
                  family="modality", answer="yes")
    assert broken_rule(c) == "purpose-after"
    chunk = "Badges must be renewed in order to keep laser access. Renewals take a day."
    c = near_miss(chunk, "Badges must be renewed in order to keep laser access.", "must", "should", MUST,
                  family="modality", answer="yes")
    assert broken_rule(c) == "purpose-after"
    chunk = "Each rule must name at least one trigger for the kiln. Rules run in order."
    c = near_miss(chunk, "Each rule must name at least one trigger for the kiln.", "must", "should", MUST,
                  family="modality", answer="yes")
    assert broken_rule(c) != "purpose-after"  # "for the kiln" names no purpose
