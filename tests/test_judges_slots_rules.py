"""Rules of documentation English the slots judge reads (issue 12), one pair each way.

Every sentence here is written for the test: a supported paraphrase next to the near miss
the same rule must flag."""

from __future__ import annotations

import pytest

from mutagen_cite.judges.slots import SlotsJudge


@pytest.fixture(scope="module")
def judge():
    from mutagen_cite.analysis.annotate import Annotator, load_spacy

    return SlotsJudge(Annotator(load_spacy()))


# (rule, premise, supported claim, near miss)
RULES = [
    ("a parenthesised quantity restates the rounded phrase before it, keeping its bound",
     "You can take up to 26 weeks of unpaid leave.",
     "You can take up to half a year (26 weeks) of unpaid leave.",
     "You can take up to half a year (27 weeks) of unpaid leave."),
    ("a bound word before an approximate phrase binds its gloss",
     "Services are redeployed if the fault is fixed within a period of 30 days.",
     "If the fault is fixed within roughly a month (30 days), services are redeployed.",
     "If the fault is fixed within roughly a month (31 days), services are redeployed."),
    ("a count of unit quantities glosses to their product",
     "You can have up to 24 credit hours accrued at any time.",
     "Your accrued credit hours may total up to three 8-hour days (24 hours).",
     "Your accrued credit hours may total up to four 8-hour days (32 hours)."),
    ("a silent final e drops before a derived suffix (Reserve / Reservist)",
     "You receive 15 days of leave a year for duty in the National Guard or as a Reservist.",
     "Members of the National Guard or Reserve receive fifteen days of leave a year.",
     "Members of the National Guard or Reservoir receive fifteen days of leave a year."),
    ("a fiscal year is not a calendar year; a bare year agrees with either",
     "Each employee has $1,000 per fiscal year for training.",
     "Each employee has $1,000 per year for training.",
     "Each employee has $1,000 per calendar year for training."),
    ("a quantity given to a group is not given to each of its members",
     "Teams get 4 hours of support time weekly.",
     "Every team gets four hours of support time each week.",
     "Each team member gets 4 hours of support time weekly."),
    ("'only X' excludes an added alternative; 'X and nothing else' is 'only X'",
     "The shop only accepts debit cards for online orders.",
     "Online orders can be paid with debit cards and nothing else.",
     "The shop accepts debit cards and gift vouchers for online orders."),
    ("'only' with a longer name is not every holder of the shorter name",
     "Billable projects can only be created by ACME Operations staff after a contract is signed.",
     "Only ACME Operations staff can create billable projects, after a contract is signed.",
     "Any ACME staff member can create a billable project after a contract is signed."),
    ("an obligation whose complement is 'optional' states a permission",
     "All workshops are to remain completely optional for all staff.",
     "Workshops are optional for all staff.",
     "Attendance at workshops is mandatory for all staff."),
]


@pytest.mark.parametrize("rule,premise,good,bad", RULES, ids=[r[0][:40] for r in RULES])
def test_rule_both_ways(judge, rule, premise, good, bad):
    ok, miss = judge.verdicts([(premise, good), (premise, bad)])
    assert ok.supported, f"{rule}: {ok.reason}"
    assert not miss.supported, f"{rule}: {miss.reason}"


def test_staff_member_is_the_staff(judge):
    """"Each staff member" quantifies over the staff themselves, not the members of a group."""
    [v] = judge.verdicts([("Staff get 4 hours of support time weekly.",
                           "Each staff member gets 4 hours of support time weekly.")])
    assert v.supported, v.reason


def test_no_one_required_is_a_permission(judge):
    """"No staff member is ever required to X" is a permission, not a negated obligation."""
    from mutagen_cite.judges.slots import modal_classes

    assert modal_classes("No staff member is ever required to attend.")[0] == {"permission"}
    assert "obligation" not in modal_classes("All workshops are to remain optional.")[0]
    assert modal_classes("All workshops are to remain open.")[0] == {"obligation"}


def test_gloss_keeps_one_attribute(judge):
    from mutagen_cite.judges.slots import analyse

    text = "You can take up to half a year (26 weeks) of leave."
    [slots] = judge.annotator.slots([text])
    quantities = [a for a in analyse(text, slots).attrs if a.quantity is not None]
    assert len(quantities) == 1
    q = quantities[0].quantity
    assert q.shape == "le" and q.hi == 26 * 7 * 86400


# --------------------------------------------------------------------------- product names


def test_corpus_product_names_rule():
    """A name written mid-sentence in at least 60% of the documents (and 3 of them) is the
    corpus's own; a plan name or a name of fewer documents is not."""
    from mutagen_cite.judges.slots import corpus_product_names

    docs = ["With Acme you pay for the Pro plan per month.", "Billing in Acme is monthly on the Pro plan.",
            "Your Acme workspace keeps logs in Slack for a week.", "Teams use the Pro plan, as the 42 boards show."]
    assert corpus_product_names(docs, tiers=("Pro",)) == ("Acme",)
    assert "Pro" in corpus_product_names(docs)  # an unlearned plan name passes the share: tiers are left out
    assert corpus_product_names(docs[:2]) == ()  # too few documents to tell


def test_product_name_resolves_a_table_row(judge):
    """A claim may name the company whose table row it restates; another company it may not."""
    from mutagen_cite.judges.slots import SlotsJudge

    acme = SlotsJudge(judge.annotator, product_names=("Acme",))
    row = "Plan: Pro; Price: $20 / month."
    ok, other = acme.verdicts([(row, "Acme's Pro plan costs twenty US dollars a month."),
                               (row, "Globex's Pro plan costs twenty US dollars a month.")])
    assert ok.supported, ok.reason
    assert not other.supported, other.reason
    [plain] = judge.verdicts([(row, "Acme's Pro plan costs twenty US dollars a month.")])
    assert not plain.supported  # without the corpus's names "Acme" is an unknown attribute


def test_product_names_travel_from_header_to_judge(judge):
    from mutagen_cite.judges import make_judge
    from mutagen_cite.judges.slots import header_product_names
    from mutagen_cite.model import SuiteHeader

    header = SuiteHeader(tool_version="x", seed=1, families={}, manifest={}, settings={"product_names": ["Acme"]})
    assert header_product_names(header) == ("Acme",)
    assert header_product_names(SuiteHeader(tool_version="x", seed=1, families={}, manifest={})) == ()
    assert header_product_names(None) == ()
    slots = make_judge("slots", annotator=judge.annotator, product_names=header_product_names(header))
    assert slots.product_names == ("Acme",)
    ens = make_judge("ensemble:lexical+slots", annotator=judge.annotator, product_names=("Acme",), cache_dir=None)
    assert [getattr(m, "product_names", None) for m in ens.members][1] == ("Acme",)


def test_build_records_product_names(demo_dir, tmp_path_factory):
    from mutagen_cite.cases.build import make_context
    from mutagen_cite.judges.slots import analysis_product_names
    from mutagen_cite.analysis.pipeline import analyse

    analysis = analyse(demo_dir, cache_dir=tmp_path_factory.mktemp("cache"), progress=None)
    names = analysis_product_names(analysis)
    assert names and not set(names) & set(analysis.tiers)
    ctx = make_context(analysis)
    assert ctx.settings(1)["product_names"] == list(names)
    assert ctx.judge.product_names == names


def test_reference_markers_are_not_values(judge):
    """"[4]" after a claim cites a source (answers with citations write it so): it is no
    number the premise must state, and a premise opening with its own "[3]" is not a rival."""
    premise = "[3] Backups are kept for 14 days in every region."
    ok, bad = judge.verdicts([(premise, "Backups are kept for two weeks in every region [4]."),
                              (premise, "Backups are kept for three weeks in every region [3].")])
    assert ok.supported, ok.reason
    assert not bad.supported, bad.reason


def test_first_word_after_leading_blanks_is_not_a_name(judge):
    """Generators' answers often start with blanks: the first word still opens the sentence."""
    [v] = judge.verdicts([("Backups are kept for 14 days.", "  Additionally, backups are kept for 14 days.")])
    assert v.supported, v.reason


@pytest.mark.parametrize("premise,claim,supported", [
    ("Invoices are sent yearly.", "Invoices are sent yearly, not monthly.", True),
    ("Invoices are sent monthly.", "Invoices are sent yearly, not monthly.", False),
    ("Backups are kept for 7 days.", "Backups are kept for a week, not 30 days.", True),
    ("Backups are kept for 30 days.", "Backups are kept for a week, not 30 days.", False),
    ("New accounts receive a credit of $5 every month.", "The $5 credit is given once, not every month.", False),
])
def test_contrastive_negation_rules_a_value_out(judge, premise, claim, supported):
    """"X, not Y": Y is ruled out, not claimed; the premise must not state Y."""
    [v] = judge.verdicts([(premise, claim)])
    assert v.supported == supported, v.reason


@pytest.mark.parametrize("premise,good,bad", [
    ("Encryption is enabled by default for new volumes.", "New volumes are encrypted by default.",
     "Encryption is opt-in for new volumes."),
    ("Each project gets a separate database for each environment.",
     "Every environment of a project has its own separate database.",
     "Each project gets one shared database for all environments."),
    ("Questions go to the #help-desk channel on Slack.", "Post your questions in the #help-desk Slack channel.",
     "Questions go to the #general channel on Slack."),
])
def test_kind_swaps(judge, premise, good, bad):
    """Opt-in is not on by default; a shared X is not a separate X for each; a chat channel
    is a name."""
    ok, miss = judge.verdicts([(premise, good), (premise, bad)])
    assert ok.supported, ok.reason
    assert not miss.supported, miss.reason


@pytest.mark.parametrize("premise,good,bad", [
    ("Each workspace can have at most 50 members.", "No more than 50 people can join a workspace.",
     "At least 50 people can join a workspace."),
    ("Refunds are not available for annual plans.", "You cannot get a refund on a yearly plan.",
     "You cannot get a refund on a monthly plan."),
    ("Most teams deploy on Fridays.", "The majority of teams ship on Fridays.", "All teams deploy on Fridays."),
])
def test_bounds_periods_and_quantifier_phrases(judge, premise, good, bad):
    """"at most" is a bound, not the quantifier "most"; "yearly" is "annual"; "the majority of"
    is a quantifier, not a claim word the premise must repeat."""
    ok, miss = judge.verdicts([(premise, good), (premise, bad)])
    assert ok.supported, ok.reason
    assert not miss.supported, miss.reason


def test_a_name_both_texts_write_is_no_rival_of_the_first_person():
    from mutagen_cite.analysis.annotate import Annotator, load_spacy

    acme = SlotsJudge(Annotator(load_spacy()), product_names=("Acme",))
    premise = "Teammates may work from any country where we have a legal entity."
    ok, bad = acme.verdicts([(premise, "Teammates are allowed to work from any country in which Acme has a legal entity."),
                             (premise, "Teammates are allowed to work from any country in which Globex has a legal entity.")])
    assert ok.supported, ok.reason
    assert not bad.supported, bad.reason


def test_per_noun_is_still_a_claim_word(judge):
    """"per teammate" quantifies, but "teammate" is still a word the claim shares."""
    [v] = judge.verdicts([("Each Director is given $500 per year per Teammate for their group.",
                           "For every teammate in their group, a Director gets a yearly budget of $500.")])
    assert v.supported, v.reason


def test_claim_spanning_two_sentences(judge):
    """The value is in one sentence, what it is about in the one before ("They are kept ..."):
    the rest of the claim is read in the sentences nearest its words, the value where it is."""
    premise = "Nightly snapshots protect every customer database. They are kept for 14 days."
    ok, bad = judge.verdicts([(premise, "Nightly snapshots of customer databases are kept for 14 days."),
                              (premise, "Nightly snapshots of customer databases are kept for 30 days.")])
    assert ok.supported, ok.reason
    assert not bad.supported, bad.reason
