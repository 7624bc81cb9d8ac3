"""Round-21 rules over the rest of the chunk (cases/fairness/coherence.py ``chunk_rule``): a weakened
requirement stated in other words right beside it, a lone item under a lead-in naming its items
restrictions, an example showing what a requirement excludes, a thing "not included by default"
before the step that adds it, a negation inside an "After ..." clause. Each one drops the near
miss that the rest of its chunk still contradicts and keeps the look-alike that is a good one.

Every example here is made up for the test."""

from __future__ import annotations

from families_support import ALL, MUST, SHOULD, broken_rule, near_miss

from mutagen_cite.cases.fairness.coherence import requirement_object


def test_the_object_of_a_modal_clause():
    s = "Every widget must declare a colour scheme before it renders."
    at = s.index("must")
    assert requirement_object(s, at, at + 4) == ("declare", "scheme")
    s = "Plugins should read the configId from the handshake."
    at = s.index("should")
    assert requirement_object(s, at, at + 6) == ("read", "configId")
    s = "Patches must be applied within a week."
    at = s.index("must")
    assert requirement_object(s, at, at + 4) is None  # passive: no object


def test_a_requirement_in_other_words_just_before_is_kept():
    chunk = ("The widget loader requires an explicit colour scheme. Every widget must declare a scheme.\n\n"
             "Themes\n")
    c = near_miss(chunk, "Every widget must declare a scheme.", "must", "should", MUST, family="modality",
                  answer="yes")
    assert broken_rule(c) == "requirement-beside"


def test_a_camel_case_name_is_the_same_object_as_its_words():
    chunk = "Each plugin requires a valid config id. Plugins should read the configId from the handshake."
    c = near_miss(chunk, "Plugins should read the configId from the handshake.", "should", "can", SHOULD,
                  family="modality", answer="yes")
    assert broken_rule(c) == "requirement-beside"


def test_a_requirement_on_the_object_as_a_subject_is_another_requirement():
    # "the report must list ..." requires something of the report, not that one files it
    chunk = "Every team must file a report within a week. The report must list each open risk."
    c = near_miss(chunk, "Every team must file a report within a week.", "must", "should", MUST,
                  family="modality", answer="yes")
    assert broken_rule(c) is None


def test_a_sibling_requirement_with_the_same_verb_is_no_restatement():
    chunk = "Admins must rotate the signing key monthly. Editors should rotate the signing key yearly."
    c = near_miss(chunk, "Editors should rotate the signing key yearly.", "should", "can", SHOULD,
                  family="modality", answer="yes")
    assert broken_rule(c) is None


def test_a_neighbour_without_a_requirement_or_about_another_object_is_no_restatement():
    chunk = "The loader reads a colour scheme from the theme file. Every widget must declare a scheme."
    c = near_miss(chunk, "Every widget must declare a scheme.", "must", "should", MUST, family="modality",
                  answer="yes")
    assert broken_rule(c) is None
    chunk = "Each export requires an access token. Every widget must declare a scheme."
    c = near_miss(chunk, "Every widget must declare a scheme.", "must", "should", MUST, family="modality",
                  answer="yes")
    assert broken_rule(c) is None
    chunk = "A signed form is required for a custom scheme. Every widget must declare a scheme."
    c = near_miss(chunk, "Every widget must declare a scheme.", "must", "should", MUST, family="modality",
                  answer="yes")
    assert broken_rule(c) is None  # the form is what is required; the scheme only follows a preposition
    chunk = "A colour scheme is not required for previews. Every widget must declare a scheme."
    c = near_miss(chunk, "Every widget must declare a scheme.", "must", "should", MUST, family="modality",
                  answer="yes")
    assert broken_rule(c) is None


def test_a_lone_item_under_a_restrictions_lead_in_is_framed():
    chunk = ("Signing in with a guest key is possible. Guest keys have the following restrictions:\n\n"
             "The key must name a single project.")
    c = near_miss(chunk, "The key must name a single project.", "must", "should", MUST, family="modality",
                  answer="yes")
    assert broken_rule(c) == "restricting-lead-in"


def test_a_lone_paragraph_after_a_plain_colon_line_is_no_item():
    chunk = "To reset the widget cache, run this:\n\nThe key must name a single project."
    c = near_miss(chunk, "The key must name a single project.", "must", "should", MUST, family="modality",
                  answer="yes")
    assert broken_rule(c) is None
    # a modal in the colon line is no restriction lead-in: it as often introduces a code block
    chunk = "Each time a widget loads, your app must send a ping to the endpoint:\n\nThe key must name a single project."
    c = near_miss(chunk, "The key must name a single project.", "must", "should", MUST, family="modality",
                  answer="yes")
    assert broken_rule(c) is None


def test_an_example_of_what_a_requirement_excludes_keeps_it():
    chunk = ("The batch size must be a power of two. For example, 64 or 128 works, but not 100.")
    c = near_miss(chunk, "The batch size must be a power of two.", "must", "should", MUST, family="modality",
                  answer="yes")
    assert broken_rule(c) == "example-excludes"
    chunk = "The batch size must be a power of two. For example, 64 or 128 works well."
    c = near_miss(chunk, "The batch size must be a power of two.", "must", "should", MUST, family="modality",
                  answer="yes")
    assert broken_rule(c) is None


def test_absent_by_default_before_the_step_that_adds_it():
    chunk = "The fastsync plugin is not installed by default. You must install the plugin."
    c = near_miss(chunk, "You must install the plugin.", "must", "can", MUST, family="modality", answer="yes")
    assert broken_rule(c) == "absent-by-default"
    chunk = "The fastsync plugin is installed by default. You must enable the plugin."
    c = near_miss(chunk, "You must enable the plugin.", "must", "can", MUST, family="modality", answer="yes")
    assert broken_rule(c) is None


def test_a_negation_in_a_temporal_clause_is_no_statement():
    chunk = "After the widget is started, a fresh token is requested."
    c = near_miss(chunk, chunk, "is", "is not", ("polarity", "affirmative", "is"), family="polarity",
                  answer="a fresh token")
    assert broken_rule(c) == "condition-negation"


def test_a_universal_with_the_same_value_in_the_next_sentence_restates_it():
    chunk = ("All tiers are limited to 2GB of cache for now. The pricing page shows 8GB, but every tier "
             "currently gets 2GB regardless.")
    c = near_miss(chunk, "All tiers are limited to 2GB of cache for now.", "All", "Some", ALL,
                  family="aggregation", answer="yes")
    assert broken_rule(c) == "universal-value"
    chunk = "All tiers are limited to 2GB of cache for now. The pricing page shows 8GB, but every tier gets 4GB regardless."
    c = near_miss(chunk, "All tiers are limited to 2GB of cache for now.", "All", "Some", ALL,
                  family="aggregation", answer="yes")
    assert broken_rule(c) is None  # another value with the universal: no restatement
    chunk = "All tiers are limited to 2GB of cache for now. The pricing page shows 8GB, but the tiers get 2GB."
    c = near_miss(chunk, "All tiers are limited to 2GB of cache for now.", "All", "Some", ALL,
                  family="aggregation", answer="yes")
    assert broken_rule(c) is None  # the value without a universal


def test_a_generic_plural_with_the_same_predicate_keeps_the_universal():
    chunk = ("Remote contractors are eligible for a laptop stipend, paid once a year.\n\n"
             "All remote staff members are eligible for a laptop stipend through payroll.")
    c = near_miss(chunk, "All remote staff members are eligible for a laptop stipend through payroll.", "All",
                  "Some", ALL, family="aggregation", answer="yes")
    assert broken_rule(c) == "generic-restated"
    chunk = ("Some remote contractors are eligible for a laptop stipend, paid once a year.\n\n"
             "All remote staff members are eligible for a laptop stipend through payroll.")
    c = near_miss(chunk, "All remote staff members are eligible for a laptop stipend through payroll.", "All",
                  "Some", ALL, family="aggregation", answer="yes")
    assert broken_rule(c) is None  # a limited subject is no generic
    chunk = ("Office visitors are eligible for a laptop stipend, paid once a year.\n\n"
             "All remote staff members are eligible for a laptop stipend through payroll.")
    c = near_miss(chunk, "All remote staff members are eligible for a laptop stipend through payroll.", "All",
                  "Some", ALL, family="aggregation", answer="yes")
    assert broken_rule(c) is None  # another class: a sibling, not a generic of this one
