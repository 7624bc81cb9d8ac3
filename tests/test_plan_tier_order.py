"""Plan tiers are ordered and inclusive (issue 11 item 5): the order is learned from how the corpus
lists and prices its plans, and an offer ("available on the X plan") only moves up it.

Every sentence here is made up for the test."""

from __future__ import annotations

import random

from families_support import site_of, slotted_sentence
from mutagen_cite.analysis.domain import TierOrderEvidence, tier_relation
from mutagen_cite.analysis.mine import MineResult, mine
from mutagen_cite.cases.families import ValueSource, get_families
from mutagen_cite.cases.families.tier_order import inclusive_sense, weakens
from mutagen_cite.model import Sentence, Slot, Vocabulary


def _tiers(text: str, *names: str, money: tuple[str, float] | None = None, doc: str = "d.md") -> Sentence:
    slots = []
    for name in names:
        at = text.index(name)
        slots.append(Slot("scope", "tier", at, at + len(name), name, name.lower()))
    if money:
        at = text.index(money[0])
        slots.append(Slot("quantity", "money", at, at + len(money[0]), money[0], f"{money[1]} usd", money[1]))
    return Sentence(doc, 0, len(text), text, tuple(slots))


def _order(*docs: list[Sentence]) -> tuple[tuple[str, str], ...]:
    ev = TierOrderEvidence()
    for sentences in docs:
        ev.add(sentences)
    return ev.result()


def test_the_order_is_learned_from_a_written_list_and_closed_transitively():
    pairs = _order([_tiers("Workspaces come in Sprout, Grove and Canopy plans.", "Sprout", "Grove", "Canopy")])
    assert tier_relation(pairs, "Sprout", "Canopy") == 1
    assert tier_relation(pairs, "Canopy", "Grove") == -1


def test_prices_outweigh_a_list_and_rows_keep_their_order():
    rows = [_tiers("Plan: Canopy; Price: $90 / month.", "Canopy", money=("$90", 90.0)),
            _tiers("Plan: Grove; Price: $30 / month.", "Grove", money=("$30", 30.0))]
    listed = [_tiers("Pick Canopy or Grove when you sign up.", "Canopy", "Grove")]
    pairs = _order(rows, listed)  # row order and the list say Canopy < Grove once each; the price twice the other way
    assert tier_relation(pairs, "Grove", "Canopy") == 1


def test_unordered_tiers_are_unknown_and_a_downgrade_sentence_is_no_evidence():
    pairs = _order([_tiers("You can downgrade from Canopy to Grove at any time.", "Canopy", "Grove")])
    assert tier_relation(pairs, "Grove", "Canopy") is None
    assert tier_relation(pairs, "Free", "Canopy") == 1  # a free tier is the bottom of any ladder


def test_mining_keeps_the_order_whatever_order_documents_come_in():
    a = [_tiers("Plans: Sprout, Grove and Canopy.", "Sprout", "Grove", "Canopy", doc="a.md")]
    b = [_tiers("Grove costs $30 and Canopy more.", "Grove", "Canopy", doc="b.md")]
    assert mine({"a.md": a, "b.md": b}).tier_order == mine({"b.md": b, "a.md": a}).tier_order != ()


def _offer(text: str, tier: str):
    s = slotted_sentence(text, ("scope", "tier", tier, tier.lower()))
    return s, site_of(s, tier)


def test_offers_and_requirements_are_inclusive_a_plan_attribute_is_not():
    for text in ("Audit trails are available on the Canopy plan.", "Webhooks require a Grove or Canopy plan.",
                 "Custom domains are supported for Canopy workspaces.", "Upgrade to Canopy to export raw events.",
                 "Method: Tokens; Plan: Canopy; Groups: Yes."):
        s, site = _offer(text, "Canopy")
        assert inclusive_sense(s.text, site) == 1, text
    s, site = _offer("Audit trails are not included in the Canopy plan.", "Canopy")
    assert inclusive_sense(s.text, site) == -1
    s, site = _offer("If your team is not verified yet, you can upgrade to the Canopy plan.", "Canopy")
    assert inclusive_sense(s.text, site) == 1  # the denial belongs to the condition
    for text in ("Plan: Canopy; Image retention: 90 hours.", "The Canopy plan comes with 10 GB of storage.",
                 "Raw events are available for 30 days on the Canopy plan."):
        s, site = _offer(text, "Canopy")
        assert inclusive_sense(s.text, site) == 0, text


def test_an_offer_moves_only_up_and_a_denial_only_down():
    pairs = (("grove", "canopy"), ("sprout", "canopy"), ("sprout", "grove"))
    s, site = _offer("Audit trails are available on the Grove plan.", "Grove")
    assert weakens(pairs, s.text, site, "Sprout") is True
    assert weakens(pairs, s.text, site, "Canopy") is False
    s, site = _offer("Audit trails are not included in the Grove plan.", "Grove")
    assert weakens(pairs, s.text, site, "Canopy") is True
    assert weakens(pairs, s.text, site, "Sprout") is False
    s, site = _offer("Plan: Grove; Image retention: 90 hours.", "Grove")
    assert weakens(pairs, s.text, site, "Sprout") is None  # a plan's own attribute: any direction


def _values(pairs):
    vocab = {"tier": ("Sprout", "Canopy")}
    return ValueSource(Vocabulary(vocab), MineResult((), Vocabulary(vocab), {}, tier_order=pairs))


def test_the_scope_family_never_moves_an_offer_down_the_ladder():
    (scope,) = get_families(["scope"])
    s, site = _offer("Audit trails are available on the Grove plan.", "Grove")
    ordered = _values((("grove", "canopy"), ("sprout", "canopy"), ("sprout", "grove")))
    for seed in range(6):
        m = scope.mutate(s, site, ordered, random.Random(seed))
        assert m is not None and m.replacement == "Canopy"
    top = _values((("sprout", "grove"),))
    s, site = _offer("Audit trails are available on the Grove plan.", "Grove")
    assert {scope.mutate(s, site, top, random.Random(seed)).replacement for seed in range(6)} == {"Canopy"}  # unknown beats down
    attr, at = _offer("Plan: Grove; Image retention: 90 hours.", "Grove")
    assert {scope.mutate(attr, at, ordered, random.Random(seed)).replacement for seed in range(12)} == {"Sprout", "Canopy"}
