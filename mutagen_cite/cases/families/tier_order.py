"""Plan tiers are ordered and inclusive: a swap must not move a feature to a weaker requirement.

In documentation, plans form a ladder ("Free, Pro, Enterprise") and a feature on a lower plan
is on the higher ones too. So where a sentence says what a plan *gives* ("SSO is available on
the Enterprise plan", "included in", "supported for", "requires the Pro plan", "upgrade to
Business", "on the Pro plan and above", or a feature table's "Plan: Enterprise" cell), moving
the tier DOWN the ladder (Enterprise -> Starter) yields a distractor that still implies the
claim: "available on Starter" means available on Enterprise too (CASE-QUALITY d and f). Moving
it UP (Starter -> Enterprise) is a true near miss. A negated statement turns the direction
round: "not included in the Free plan" -> "not included in the Starter plan" still implies the
Free plan lacks it, so there the tier may only move down.

The ladder is learned from the corpus (:class:`~mutagen_cite.analysis.domain.TierOrderEvidence`:
the order tiers are listed and priced in). Where the corpus does not order two tiers, the swap
is kept but ranked after one whose direction is known: unordered tiers may be parallel
editions (a "Cloud" and a "Self-hosted" plan), where either direction is a true near miss,
and dropping them would empty the scope family on docs without a pricing page.

Outside inclusive contexts (a plan's own attributes: "Plan: Pro; Image retention: 120 hours",
"The Starter plan includes 10 GB") a tier is a key, not a requirement, and any direction is a
near miss.
"""

from __future__ import annotations

import re

from ...analysis.domain import tier_relation
from ...model import Slot

#: words that make the tier after them a requirement or an offer ("available on", "requires"); a
#: number between them makes it a plan's attribute instead ("available for 30 days on the Pro plan")
_OFFER = r"(?:available|included|offered|supported|enabled|accessible|provided|unlocked|exclusive|reserved)"
_BEFORE = re.compile(
    rf"(?i:\b{_OFFER}\b[^.;:!?\d]{{0,60}}?\b(?:on|in|for|with|to)|\brequires?|\brequired|\bneeds?|\bupgrad(?:e|ing)\s+to|"
    r"\bsubscribe\s+to)\s+(?:(?:the|a|an|any|all|our|your|paid)\s+)*"
    r"(?:[A-Z][\w+-]*(?:\s+plans?)?\s*(?:,|/|\band\b|\bor\b|, and\b|, or\b)\s*)*$"
)
#: "on the Pro plan and above", "Business or higher", "Team+ plans"
_AND_ABOVE = re.compile(r"(?:\s+(?:plans?|tiers?|editions?))?\s*(?:\+|(?:and|or)\s+(?:above|higher|up)\b)", re.I)
#: a table cell naming the plan a feature needs ("Method: JWT; ...; Plan: Enterprise")
_PLAN_CELL = re.compile(r";\s+(?:Plan|Tier|Edition|Availability|Available on)s?:\s+(?:\w+\s+)?$", re.I)
_CONDITION = re.compile(r"\b(?:if|unless|when|whenever|once|until|because|since|although|while)\b[^,]*,\s*", re.I)
_NEGATION = re.compile(r"\b(?:not|never|no\s+longer|n't)\b|n't\b", re.I)


def inclusive_sense(text: str, site: Slot) -> int:
    """+1 when the tier at ``site`` is one a feature is offered on (inclusive: higher plans have
    it too), -1 when it is denied there ("not available on the Free plan"), 0 otherwise."""
    before, after = text[: site.start], text[site.end :]
    if not (_BEFORE.search(before) or _AND_ABOVE.match(after) or _PLAN_CELL.search(before)):
        return 0
    clause = re.split(r"[.;:!?]\s|,\s+(?:but|while|whereas)\s", before)[-1]
    clause = _CONDITION.sub(" ", clause)  # "If your account is not verified, upgrade to ...": the denial is the condition's
    return -1 if _NEGATION.search(clause) else 1


def weakens(pairs, text: str, site: Slot, replacement: str) -> bool | None:
    """True when replacing the tier at ``site`` with ``replacement`` keeps the claim implied (a
    move down in an offer, up in a denial), False when it breaks it, None when the context is
    not inclusive or the corpus does not order the two tiers."""
    sense = inclusive_sense(text, site)
    if not sense:
        return None
    step = tier_relation(pairs, site.text, replacement)
    if step is None:
        return None
    return step * sense < 0


def tier_rank(pairs, text: str, site: Slot, replacement: str) -> int | None:
    """For a family ranking replacements: None (never) for a weakening swap, 1 for an inclusive
    context whose tiers the corpus does not order, 0 otherwise."""
    w = weakens(pairs, text, site, replacement)
    if w:
        return None
    if w is None and inclusive_sense(text, site):
        return 1
    return 0


def order_of(values) -> tuple[tuple[str, str], ...]:
    """The learned tier order of a :class:`~mutagen_cite.cases.families.base.ValueSource`."""
    mined = getattr(values, "mine_result", None)
    return getattr(mined, "tier_order", ()) or ()


def still_implied(c, values) -> tuple[str, str] | None:
    """``(rule, reason)`` when a scope candidate (spliced or a real sibling sentence) moves a tier
    in an inclusive context in the direction that keeps the claim implied; else None."""
    if c.site.kind != "tier":
        return None
    if weakens(order_of(values), c.sentence.text, c.site, c.replacement):
        return ("tier-implied", f"{c.replacement!r} is on the other side of {c.site.text!r} in the corpus's plan "
                                "order: an offer on a lower plan (or a denial on a higher one) still implies the claim")
    return None
