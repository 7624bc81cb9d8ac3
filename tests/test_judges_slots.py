"""The slots judge on each attribute kind, with both verdicts, and its readable reasons."""

from __future__ import annotations

import pytest

from mutagen_cite.judges.base import Judge
from mutagen_cite.judges.slots import SlotsJudge


@pytest.fixture(scope="session")
def annotator():
    from mutagen_cite.analysis.annotate import Annotator, load_spacy

    return Annotator(load_spacy(), tiers=("Hobby", "Pro", "Enterprise"))


@pytest.fixture(scope="session")
def judge(annotator):
    return SlotsJudge(annotator)


# (premise, claim, supported?, words the reason must contain) — all sentences written here
CASES = [
    # durations, normalised across units and number words
    ("Backups are kept for 7 days on the Hobby plan.", "Backups are kept for one week on the Hobby plan.", True, ["7 days"]),
    ("Backups are kept for 7 days on the Hobby plan.", "Backups are kept for 30 days on the Hobby plan.", False, ["30 days", "7 days"]),
    ("Logs are retained for 12 months.", "Logs are retained for one year.", True, []),
    ("Tickets are answered within 2 business days.", "Tickets are answered within 2 days.", False, ["quantity"]),
    # money, currency spelling, rates
    ("The Pro plan costs $20 per month.", "The Pro plan costs 20 USD per month.", True, []),
    ("The Pro plan costs $20 per month.", "The Pro plan costs $5 per month.", False, ["$5", "$20"]),
    ("The Pro plan includes $20 of usage per month.", "The Pro plan includes $20 of usage per year.", False, ["per year", "per month"]),
    # percents and sizes with comparators and ranges
    ("The service targets 99.9% uptime.", "The service targets 99.9 percent uptime.", True, []),
    ("The service targets 99.9% uptime.", "The service targets 99.5% uptime.", False, ["99.5%"]),
    ("Each workspace gets 10 GB of storage.", "Each workspace gets at least 10 GB of storage.", True, []),
    # a bound states the limit: a number inside it is not the documented one
    ("Each workspace gets 12 GB of storage.", "Each workspace gets at least 10 GB of storage.", False, ["10 GB"]),
    ("Requests are acknowledged within two business days.", "Requests are acknowledged within five business days.",
     False, ["five business days"]),
    ("Each workspace gets at least 5 GB of storage.", "Each workspace gets at least 10 GB of storage.", False, ["at least 10 GB"]),
    ("Uploads are limited to 100 MB.", "Uploads can be up to 200 MB.", False, ["quantity"]),
    ("Staff with 3 to 15 years of service earn 6 hours per pay period.",
     "Staff with 3 to 15 years of service earn 8 hours per pay period.", False, ["8 hours", "6 hours"]),
    # counts and ordinals, digits vs words
    ("Two engineers review every change.", "2 engineers review every change.", True, []),
    ("Two engineers review every change.", "Three engineers review every change.", False, ["Three", "Two"]),
    ("The third reminder is sent by email.", "The 3rd reminder is sent by email.", True, []),
    ("The third reminder is sent by email.", "The fourth reminder is sent by email.", False, ["fourth"]),
    # dates
    ("The policy takes effect on 1 March 2024.", "The policy takes effect in 2024.", True, []),
    ("The policy takes effect on 1 March 2024.", "The policy takes effect on 1 March 2023.", False, ["date", "2023"]),
    # scope: regions, tiers, places
    ("Customer data is stored in eu-central-1.", "Customer data is stored in eu-central-1.", True, []),
    ("Customer data is stored in eu-central-1.", "Customer data is stored in us-east-1.", False, ["us-east-1", "eu-central-1"]),
    ("SAML login is available on the Enterprise plan.", "SAML login is available on the Pro plan.", False, ["Pro"]),
    ("The support team is based in Canada.", "The support team is based in Germany.", False, ["Germany"]),
    # entities and versions
    ("The service runs on PostgreSQL 14.", "The service runs on PostgreSQL 14.", True, []),
    ("The service runs on PostgreSQL 14.", "The service runs on PostgreSQL 13.", False, ["version", "13"]),
    ("Alerts are sent through Opsgenie to the on-call engineer.", "Alerts are sent through Pagerly to the on-call engineer.", False, ["Pagerly"]),
    # negation, by the word negated
    ("Single sign-on is included in the Enterprise plan.", "Single sign-on is not included in the Enterprise plan.", False, ["negat"]),
    ("Single sign-on is not included in the Hobby plan.", "Single sign-on is included in the Hobby plan.", False, ["negat"]),
    ("Refunds are not issued after 30 days.", "Refunds are not issued after 30 days.", True, []),
    # quantifiers
    ("All plans include daily backups.", "Most plans include daily backups.", False, ["quantifier", "most"]),
    ("Most plans include daily backups.", "All plans include daily backups.", False, ["quantifier"]),
    # modals
    ("Administrators must enable two-factor authentication.", "Administrators may enable two-factor authentication.", False, ["modal"]),
    ("Administrators may enable two-factor authentication.", "Administrators must enable two-factor authentication.", False, ["modal"]),
    ("Administrators must enable two-factor authentication.", "Administrators must enable two-factor authentication.", True, []),
    # documentation antonyms
    ("Encryption at rest is enabled by default.", "Encryption at rest is disabled by default.", False, ["disabled", "enabled"]),
    # values bound to the right row of an enumeration
    ("Image retention: Hobby: 72 hours, Pro: 120 hours.", "Images are kept for 72 hours on the Pro plan.", False, ["72 hours"]),
    ("Image retention: Hobby: 72 hours, Pro: 120 hours.", "Images are kept for 120 hours on the Pro plan.", True, []),
    # the claim's sentence is found inside a longer premise
    ("Billing runs monthly. Backups are kept for 7 days on the Hobby plan. Support answers by email.",
     "Backups are kept for 7 days on the Hobby plan.", True, []),
    # an unrelated claim is not supported even with no attribute to disagree on
    ("The cafeteria opens at noon.", "Deployments roll back automatically on failure.", False, []),
]


def test_slots_judge_follows_the_judge_protocol(judge):
    assert isinstance(judge, Judge)
    assert judge.name == "slots"


def test_every_case_in_one_batch(judge):
    verdicts = judge.verdicts([(p, c) for p, c, _, _ in CASES])
    wrong = []
    for (premise, claim, expected, words), v in zip(CASES, verdicts):
        if v.supported != expected or not all(w.lower() in v.reason.lower() for w in words):
            wrong.append((claim, expected, v.supported, v.reason))
        assert 0.0 <= v.score <= 1.0 and v.judge == "slots" and v.reason
    assert not wrong, "\n".join(map(str, wrong))


@pytest.mark.parametrize("premise, claim, expected, words", CASES[:6])
def test_single_pairs_match_the_batch(judge, premise, claim, expected, words):
    (v,) = judge.verdicts([(premise, claim)])
    assert v.supported is expected


def test_scores_alone_separate_the_labels_at_the_threshold(judge, annotator):
    """``score`` (what ensembles and judge eval read) must rank every labelled pair on the
    right side of the threshold by itself, and the threshold must move the verdicts."""
    pairs = [(p, c) for p, c, _, _ in CASES]
    scores = judge.score(pairs)
    wrong = [(c, expected, s) for (_, c, expected, _), s in zip(CASES, scores) if (s >= judge.threshold) != expected]
    assert not wrong, wrong
    lowest_supported = min(s for (_, _, expected, _), s in zip(CASES, scores) if expected)
    # the threshold is the judge's own: raised just above the lowest supported score, exactly
    # the pairs scoring that low stop being supported
    strict = SlotsJudge(annotator, threshold=lowest_supported + 1e-6)
    flipped = {c for (_, c, expected, _), v in zip(CASES, strict.verdicts(pairs)) if expected and not v.supported}
    assert flipped and flipped == {c for (_, c, expected, _), s in zip(CASES, scores)
                                   if expected and s == lowest_supported}


def test_reason_method_explains_a_mismatch_in_words(judge):
    premise, claim = "Backups are kept for 7 days.", "Backups are kept for 30 days."
    score = judge.score([(premise, claim)])[0]
    reason = judge.reason(premise, claim, score)
    assert reason.startswith("quantity mismatch") and "'30 days'" in reason and "'7 days'" in reason


def test_same_sentence_gets_the_same_slots_in_any_premise(judge, annotator):
    sentence = "Backups are kept for 7 days on the Hobby plan."
    alone = judge._slots([sentence])[sentence]
    inside = "Support answers by email. " + sentence
    shifted = judge._slots([inside])[inside]
    offset = len("Support answers by email. ")
    assert {(s.value, s.start + offset) for s in alone} <= {(s.value, s.start) for s in shifted}
