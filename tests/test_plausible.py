"""Plausible near misses and natural questions (issue 11): rules of documentation English.

Every example here is made up for the test; each rule has one case that must hold and one
that must not be touched by it."""

from __future__ import annotations

import pytest

from families_support import site_of, slotted_sentence  # noqa: E402
from mutagen_cite.cases.families import get_families
from mutagen_cite.cases.families.polarity import seen_through
from mutagen_cite.model import Sentence, Slot


_sentence, _site = slotted_sentence, site_of


# ------------------------------------------------------------------ polarity


def test_no_negation_is_inserted_into_a_stated_measurement():
    s = _sentence("Outbound transfer is billed at $0.07 per GB.",
                  ("polarity", "affirmative", "is", "affirmative"), ("quantity", "money", "$0.07", "0.07 usd"))
    assert seen_through(s, _site(s, "is"))
    (polarity,) = get_families(["polarity"])
    assert polarity.sites(s) == []
    plain = _sentence("Audit trails are exported to the archive bucket.", ("polarity", "affirmative", "are", "affirmative"))
    assert not seen_through(plain, _site(plain, "are"))
    assert polarity.sites(plain)


@pytest.mark.parametrize("text, cue", [
    ("Archived projects are read-only and their settings cannot be edited.", "not"),  # it agrees with "read-only"
    ("Shuttles are available but are not needed to reach the venue.", "not"),  # the contrast is the claim
])
def test_a_negation_that_agrees_with_another_word_is_not_flipped(text, cue):
    s = _sentence(text, ("polarity", "negation", cue, "not"))
    assert seen_through(s, _site(s, cue))


@pytest.mark.parametrize("text, cue, kind, flipped", [
    # an exception reads only under its negation
    ("Guest members are not able to book the kiln without a steward present.", "not", "negation", False),
    ("Guest members are not able to book the kiln.", "not", "negation", True),
    # an exemption: the rule it exempts from is written elsewhere
    ("A safety induction is not required for visitors on open days.", "not", "negation", False),
    ("Visitors are not admitted to the glaze room.", "not", "negation", True),
    # a passive naming its agent: "not handled by X" leaves the task with no one
    ("Locker requests are handled by the front desk.", "are", "affirmative", False),
    ("Locker requests are archived after a year.", "are", "affirmative", True),
    # the reader's expected outcome of a step
    ("After saving, you will see the booking in your calendar.", "will", "affirmative", False),
    ("After saving, the booking will appear in your calendar.", "will", "affirmative", True),
])
def test_polarity_flips_documentation_would_not_write(text, cue, kind, flipped):
    s = _sentence(text, ("polarity", kind, cue, "not" if kind == "negation" else "affirmative"))
    assert seen_through(s, _site(s, cue)) is (not flipped)


def test_a_negation_standing_alone_is_flipped():
    s = _sentence("Unused seats do not carry over to the next cycle.", ("polarity", "negation", "not", "not"))
    assert not seen_through(s, _site(s, "not"))


# ------------------------------------------------------------------ entity: same kind only


def _mined(vocab: dict, kinds_of: dict):
    from mutagen_cite.analysis.mine import MineResult
    from mutagen_cite.cases.families import ValueSource
    from mutagen_cite.model import Vocabulary

    return ValueSource(Vocabulary(vocab), MineResult((), Vocabulary(vocab), {}, kinds_of=kinds_of))


def test_same_brand_with_another_head_is_another_kind_of_thing():
    import random

    (entity,) = get_families(["entity"])
    s = _sentence("Deployments are started from the Quillo CLI by default.", ("entity", "org", "Quillo CLI", "quillo cli"))
    kinds = {"Quillo CLI": {"org": 4}, "Quillo Postgres": {"org": 5}, "Zenit CLI": {"org": 3}}
    db = _mined({"org": ("Quillo Postgres",)}, kinds)
    assert entity.mutate(s, _site(s, "Quillo CLI"), db, random.Random(0)) is None
    cli = _mined({"org": ("Quillo Postgres", "Zenit CLI")}, kinds)
    m = entity.mutate(s, _site(s, "Quillo CLI"), cli, random.Random(0))
    assert m is not None and m.replacement == "Zenit CLI"


def test_a_name_the_tagger_guessed_once_is_not_swapped():
    import random

    (entity,) = get_families(["entity"])
    s = _sentence("Uploads are scanned by the Brightline Scanner before storage.",
                  ("entity", "org", "Brightline Scanner", "brightline scanner"))
    vocab = {"org": ("Helio Labs", "Brightline Scanner", "Corvid Scanner")}  # the first is the house name
    once = _mined(vocab, {"Brightline Scanner": {"org": 1}, "Corvid Scanner": {"org": 3}})
    assert entity.mutate(s, _site(s, "Brightline Scanner"), once, random.Random(0)) is None
    often = _mined(vocab, {"Brightline Scanner": {"org": 3}, "Corvid Scanner": {"org": 3}})
    m = entity.mutate(s, _site(s, "Brightline Scanner"), often, random.Random(0))
    assert m is not None and m.replacement == "Corvid Scanner"


def test_a_table_cell_takes_its_kind_from_the_column():
    (entity,) = get_families(["entity"])
    feature = _sentence("Capability: Max Upload Limit; Quota: 2 GB.", ("entity", "person", "Max Upload Limit", "x"))
    assert entity.sites(feature) == []
    owner = _sentence("Owner: Priya Raman; Area: Billing exports.", ("entity", "person", "Priya Raman", "x"))
    assert entity.sites(owner)


def test_confirmed_needs_the_kind_to_recur_and_to_win():
    from mutagen_cite.analysis.mine import MineResult
    from mutagen_cite.model import Vocabulary

    m = MineResult((), Vocabulary({}), {}, kinds_of={"Orbit": {"org": 3, "person": 1}, "Vale": {"person": 1},
                                                   "Kestrel": {"org": 2, "geo": 3}})
    assert m.confirmed("Orbit", "org") and not m.confirmed("Vale", "person") and not m.confirmed("Kestrel", "org")


# ------------------------------------------------------------------ learned tiers


def test_learned_tiers_are_whole_plan_names_not_fragments_packages_or_codes():
    from mutagen_cite.analysis.annotate import learn_tiers

    texts = [
        "Pick the Pay As You Go plan or the Growth plan.",
        "The Pay As You Go plan bills by the hour. The Growth plan bills monthly.",
        "Priority Support plan adds phone help. The Priority Support plan is sold per seat.",
        "Fixed the QUASAR tier crash. Patched the QUASAR tier export.",
        "Plan: Growth; Seats: 10.",
    ]
    tiers = learn_tiers(texts)
    assert "Growth" in tiers
    assert not {"You Go", "As You Go", "Priority Support", "QUASAR"} & set(tiers)


# ------------------------------------------------------------------ questions (v3)


def _phrase(text, slots, site, family, version="v3", doc_text=None):
    from mutagen_cite.cases.questions import phrase, template_env

    s = _sentence(text, *slots)
    return phrase(s, _site(s, site), family, template_env(), version=version, doc_text=doc_text)


def test_a_wh_subject_takes_a_singular_verb():
    slots = (("scope", "tier", "Growth", "growth"),)
    p = _phrase("Custom domains are available on the Growth plan.", slots, "Growth", "scope")
    assert p is not None and p.question == "What is available on the Growth plan?"
    old = _phrase("Custom domains are available on the Growth plan.", slots, "Growth", "scope", version="v2")
    assert old is not None and old.question == "What are available on the Growth plan?"  # v2 kept as it was


def test_a_plural_complement_keeps_the_plural_verb():
    from mutagen_cite.cases.questions import wh_subject_verb

    assert wh_subject_verb("are", "the default limits on the Growth plan") == "are"
    assert wh_subject_verb("are", "included on the Growth plan") == "is"
    assert wh_subject_verb("were", "removed in version 4") == "was"


def test_an_answer_left_in_place_far_into_the_sentence_is_an_echo():
    from mutagen_cite.cases.questions import natural_in_situ

    assert natural_in_situ("The Growth plan includes ", " of usage per month")
    assert not natural_in_situ("We suggest moving back to the old cluster if latency rises after moving to ", "")
    assert not natural_in_situ("You can claim ", " in credits")  # an instruction: fronted or nothing
    assert not natural_in_situ("Egress is billed at ", "/GB")  # the wh-phrase must end at a word


def test_a_question_with_an_unresolved_pointer_or_a_formula_is_dropped():
    from mutagen_cite.cases.questions import natural_question

    assert not natural_question("What is rotated by this job every 7 days?")
    assert not natural_question("How much is 2 vCPU ≈ $0.04 per hour?")
    assert not natural_question("How many teams own repos in acme/teams/team-01?")
    assert natural_question("Must you report IT incidents within 1 hour?")  # "IT" is no pronoun
    assert natural_question("Which region serves traffic for Europe (Zurich)?")  # a name with its city


def test_a_main_verb_do_is_not_fronted_as_an_auxiliary():
    slots = (("aggregation", "quantifier", "all", "all"),)
    assert _phrase("The auditor does a final check of all invoices.", slots, "all", "aggregation") is None
    p = _phrase("The auditor is required to sign all invoices.", slots, "all", "aggregation")
    assert p is not None and p.question == "Is the auditor required to sign all invoices?" and p.answer == "yes"


def test_a_table_row_question_names_its_table_by_the_heading():
    row = "Tier: Growth; Build minutes: 3000."
    doc = "# Build quotas per tier\n\nEvery tier gets build minutes.\n\n" + row + "\n"
    text = doc[doc.index(row):doc.index(row) + len(row)]
    at = text.index("3000")
    s = Sentence("doc.md", doc.index(row), doc.index(row) + len(row), text,
                 (Slot("scope", "tier", 6, 12, "Growth", "growth"),
                  Slot("quantity", "count", at, at + 4, "3000", "3000", 3000.0, None)))
    from mutagen_cite.cases.questions import heading_before, phrase, template_env

    assert heading_before(doc, s.start) == "Build quotas per tier"
    p = phrase(s, s.slots[1], "quantity", template_env(), version="v3", doc_text=doc)
    assert p is not None and p.question == "In the build quotas per tier table, for which tier are the build minutes 3000?"
    bare = phrase(s, s.slots[1], "quantity", template_env(), version="v2", doc_text=doc)
    assert bare is not None and bare.question.startswith("For which tier")


def test_a_negated_definition_or_evaluation_is_seen_through():
    s = _sentence("The Starter tier is for students building side projects.", ("polarity", "affirmative", "is", "affirmative"))
    assert seen_through(s, _site(s, "is"))  # negating a definition: a made-up denial
    s = _sentence("Separate staging stacks are good practice for risky changes.",
                  ("polarity", "affirmative", "are", "affirmative"))
    assert seen_through(s, _site(s, "are"))
    s = _sentence("Webhook payloads are signed with the workspace secret.", ("polarity", "affirmative", "are", "affirmative"))
    assert not seen_through(s, _site(s, "are"))  # a property: "are not signed" is a real kind of statement


def test_a_negation_inserted_into_a_generic_definition_is_seen_through():
    # an indefinite singular subject says what any thing of the kind is for: "is not used for" denies a definition
    s = _sentence("A sandbox workspace is used for trying out new importers.", ("polarity", "affirmative", "is", "affirmative"))
    assert seen_through(s, _site(s, "is"))
    # the same predicate of a definite subject is a property of one thing, which can be denied
    s = _sentence("The sandbox workspace is used for trying out new importers.",
                  ("polarity", "affirmative", "is", "affirmative"))
    assert not seen_through(s, _site(s, "is"))
    # a subject with its own clause ("A workspace that you archive is ...") is no bare generic noun phrase
    s = _sentence("Once archived, a workspace is hidden from search.", ("polarity", "affirmative", "is", "affirmative"))
    assert not seen_through(s, _site(s, "is"))


@pytest.mark.parametrize("aux, rest, main", [
    ("has", "at least two replicas at all times", True),
    ("does", "a weekly review of all grants", True),
    ("has", "already approved all grants", False),
    ("does", "support all export formats", False),
    ("may", "be asked to confirm every change", True),  # "May you be asked ...?" asks permission
])
def test_a_main_verb_or_a_permission_modal_is_not_fronted(aux, rest, main):
    from mutagen_cite.cases.questions import _main_verb_aux

    assert _main_verb_aux({"aux": aux, "rest": rest}) is main


def test_should_of_expectation_is_no_verifiable_obligation():
    from mutagen_cite.cases.questions import natural_question

    assert not natural_question("Should the reviewer's name now be on the form?")
    assert not natural_question("Should the billing contact auto-populate?")
    assert natural_question("Should reviewers sign the form within 2 days?")


def test_a_generic_or_clause_heading_names_no_table():
    from mutagen_cite.cases.questions import heading_before

    assert heading_before("## FAQ\n\nTier: Growth; Seats: 5.\n", 9) is None
    assert heading_before("Build minutes are billed at\n\nTier: Growth; Seats: 5.\n", 29) is None
    assert heading_before("## Seat limits\n\nTier: Growth; Seats: 5.\n", 16) == "Seat limits"


def test_a_hedged_negation_is_an_idiom_not_the_claims_polarity():
    from mutagen_cite.cases.families.polarity import PolarityFamily

    s = _sentence("Long meetings aren't exactly useful for planning.", ("polarity", "negation", "n't", "not"))
    assert PolarityFamily().sites(s) == []
    s = _sentence("Long meetings aren't useful for planning.", ("polarity", "negation", "n't", "not"))
    assert PolarityFamily().sites(s)


def test_a_question_needs_a_bare_verb_after_its_modal_and_one_clause():
    from mutagen_cite.cases.questions import _SECOND_CLAUSE, _bare_verb_after_modal, natural_in_situ

    assert not _bare_verb_after_modal({"aux": "should", "rest": "expected changes are made to"})
    assert _bare_verb_after_modal({"aux": "should", "rest": "only share the details"})
    assert _SECOND_CLAUSE.search("fully audited and refunds are only approved by finance")
    assert not _SECOND_CLAUSE.search("collected and exported to one project")
    assert not natural_in_situ("Invoices for any order over ", " are checked")  # inside the subject
    assert natural_in_situ("Snapshots are limited to ", " of the disk")


# ------------------------------------------------------------------ dates keep their chronology


def test_a_date_swap_that_reverses_the_chunks_chronology_is_seen_through():
    from mutagen_cite.cases.families.date import reverses_chronology

    chunk = ("The latest failover drill ran on 9 May 2025 and took 31 minutes. "
             "The previous drill ran on 14 January 2025 and took 40 minutes.")
    at = chunk.index("14 January 2025")
    end = at + len("14 January 2025")
    assert reverses_chronology(chunk, at, end, "14 January 2025", "3 August 2025")  # after the latest
    assert not reverses_chronology(chunk, at, end, "14 January 2025", "2 November 2024")


def test_an_instruction_heading_or_a_unit_header_names_nothing():
    from mutagen_cite.cases.questions import _noun_heading, natural_in_situ

    assert not _noun_heading("Roll back from the dashboard")
    assert not _noun_heading("Set up your workspace")
    assert _noun_heading("Image retention policy") and _noun_heading("Understanding included usage")
    assert not natural_in_situ("", " on Starter and $30 on Growth that covers builds")  # a wh-subject needs its verb
    assert natural_in_situ("", " is charged per seat")
    row = "Tier: Growth; Days: 45 days after cancellation."
    at = row.index("45 days")
    s = Sentence("doc.md", 0, len(row), row, (Slot("scope", "tier", 6, 12, "Growth", "growth"),
                                              Slot("quantity", "duration", at, at + 7, "45 days", "45 day", 45.0, "day")))
    from mutagen_cite.cases.questions import phrase, template_env

    assert phrase(s, s.slots[1], "quantity", template_env()) is None  # "are the days 45 days": the header is the unit
    assert phrase(s, s.slots[1], "quantity", template_env(), version="v2") is not None


def test_a_free_tier_never_swaps_with_a_paid_one_where_the_sentence_speaks_of_paying():
    import random

    from mutagen_cite.cases.families import ValueSource
    from mutagen_cite.model import Vocabulary

    (scope,) = get_families(["scope"])
    values = ValueSource(Vocabulary({"tier": ("Free", "Growth", "Scale")}))
    s = _sentence("Tier: Growth; Subscription: $12/month.", ("scope", "tier", "Growth", "growth"))
    s = Sentence(s.doc_id, s.start, s.end, s.text, s.slots + (Slot("quantity", "money", 28, 31, "$12", "12 usd", 12.0, "usd"),))
    for seed in range(6):
        m = scope.mutate(s, _site(s, "Growth"), values, random.Random(seed))
        assert m is not None and m.replacement != "Free"
    t = _sentence("Each project on the Free plan gets 1 GB and 50 GB on a paid plan.", ("scope", "tier", "Free", "free"))
    assert scope.mutate(t, _site(t, "Free"), values, random.Random(0)) is None


def test_a_negation_that_follows_from_a_first_conjunct_or_states_a_purpose_is_not_flipped():
    s = _sentence("The legacy client has a rendering bug and won't show the login prompt.",
                  ("polarity", "negation", "n't", "not"))
    assert seen_through(s, _site(s, "n't"))
    s = _sentence("A retrospective is not to assign blame for incidents.", ("polarity", "negation", "not", "not"))
    assert seen_through(s, _site(s, "not"))


def test_a_value_glued_to_a_word_is_not_asked_in_place():
    from mutagen_cite.cases.questions import natural_in_situ

    assert not natural_in_situ("Notes kept in 1:", " are private")


def test_a_ratio_is_no_duration():
    from mutagen_cite.analysis.patterns import RulePatterns

    slots = RulePatterns().find("Notes from 1:1s stay private for 30 days.")
    assert [s.text for s in slots if s.kind == "duration"] == ["30 days"]


def test_a_negative_polarity_item_keeps_its_negation():
    s = _sentence("Planned downtime never exceeds 2 hours in any quarter.", ("polarity", "negation", "never", "never"))
    assert seen_through(s, _site(s, "never"))  # "exceeds 2 hours in any quarter" is broken English


def test_a_coordinated_verb_agrees_with_the_singular_wh_subject():
    slots = (("quantity", "duration", "45 days", "45 day"),)
    text = "Pilot programmes are approved by the board and usually run 45 days."
    s = _sentence(text, *slots)
    from mutagen_cite.cases.questions import _subject_question

    p = _subject_question(s, _site(s, "45 days"), "quantity", text, "v3")
    assert p is not None and p.question == "What is approved by the board and usually runs 45 days?"


def test_a_place_or_label_heading_and_a_sentence_cell_are_not_used():
    from mutagen_cite.cases.questions import _table_name, phrase, template_env

    assert _table_name("Lyon, France", "Dinner", "Cost") is None
    assert _table_name("Annex B – storage matrix", "Logs", "Period") is None
    assert _table_name("Storage quotas", "Logs", "Period") == "storage quotas"
    row = "Level: High; Meaning: Expected to occur at least once within 2 years."
    at = row.index("2 years")
    s = Sentence("doc.md", 0, len(row), row, (Slot("quantity", "duration", at, at + 7, "2 years", "2 year", 2.0, "year"),))
    assert phrase(s, s.slots[0], "quantity", template_env()) is None  # the pinned cell is a sentence


def test_a_table_is_named_only_by_a_heading_its_chunk_shows_and_polarity_needs_one_negation():
    from mutagen_cite.cases.questions import phrase, template_env

    row = "Tier: Growth; Build minutes: 3000."
    doc = "# Build quotas per tier\n\nEvery tier gets build minutes.\n\n" + row + "\n"
    start = doc.index(row)
    at = row.index("3000")
    s = Sentence("doc.md", start, start + len(row), row,
                 (Slot("scope", "tier", 6, 12, "Growth", "growth"), Slot("quantity", "count", at, at + 4, "3000", "3000", 3000.0, None)))
    p = phrase(s, s.slots[1], "quantity", template_env(), version="v3", doc_text=doc, heading_from=doc.index("Every"))
    assert p is not None and p.question.startswith("For which tier")  # the heading lies outside the chunk
    p = phrase(s, s.slots[1], "quantity", template_env(), doc_text=doc, heading_from=doc.index("Every"))
    assert p is not None and p.question == "Which tier has 3000 build minutes?"  # v4, no heading to name
    text = "Guests are not allowed to edit boards that have not been shared on the Growth plan."
    q = _phrase(text, (("polarity", "negation", "not", "not"), ("scope", "tier", "Growth", "growth")), "not", "polarity")
    assert q is None
