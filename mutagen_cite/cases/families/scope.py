"""Scope: the passage is true for a different region, plan tier, environment or place.

"Request logs in eu-central-1 are retained for 14 days" -> "... in us-east-1 ...", "on Windows"
-> "on macOS" (an operating system by one of the same kind, listed in the domain patterns). The
replacement is a real sibling value from the corpus when one exists (another region the
documents name, another tier of the same price list) and is of the same type (a city for a
city, a country code for a code). Synthetic fallbacks: a well-formed region id of the same
provider style, another environment name, a known city/country/state/code/nationality. Tier
names are never invented: a made-up plan would be an obvious fake, so no mined tier means no
mutation. A value the sentence already names is never used ("staging and staging").

spaCy's small model tags many non-places as places, so a geo slot is a site only when it is a
known place (Faker's country and state lists plus major cities), a region code, a nationality,
or a multi-word name that reads as a place ("US East", "Cook County").
"""

from __future__ import annotations

import random
import re
from typing import Sequence

from ...model import Mutation, Sentence, Slot
from ...analysis.domain import listed_style, names_of_style, style_of
from . import grammar, synthetic, tier_order
from .base import Example, ValueSource, make_mutation
from .choose import best

KINDS = ("region", "tier", "environment", "geo", "platform")
_REGION_ID = re.compile(r"[a-z]{2}-(?:gov-)?[a-z]+-\d|[a-z]+-[a-z]+\d", re.I)
_CODES = set(synthetic.GEO_CODES) | {"USA", "LATAM", "AMER", "EEA", "APAC", "EMEA"}
#: words that make an unknown multi-word name a place ("US East", "Cook County")
_PLACE_WORDS = {"north", "south", "east", "west", "central", "northeast", "northwest", "southeast",
                "southwest", "county", "city", "state", "province", "region", "island", "islands"}


def _geo_shape(surface: str) -> str:
    s = surface.strip()
    if re.fullmatch(r"(?:[A-Z]\.){1,3}|[A-Z]{2,5}", s):
        return "code"
    if s in synthetic.KNOWN_DEMONYMS:
        return "demonym"
    if s in synthetic.REGION_DEMONYMS:
        return "region-demonym"
    return f"name{min(len(s.split()), 3)}"


_FREE_TIER = re.compile(r"\b(?:free|trial)\b", re.I)


def _free(tier: str) -> bool:
    return bool(_FREE_TIER.search(tier))


def _priced(sentence: Sentence, site: Slot) -> bool:
    """The sentence speaks of paying: a non-zero amount of money, or "paid"/"free" outside the
    tier itself. There a free tier and a paid one are not interchangeable: "the Free plan has
    1 GB and a paid plan 100 GB" cannot become "the Pro plan has 1 GB and a paid plan 100 GB"."""
    if any(s.kind == "money" and (s.number or 0) > 0 for s in sentence.slots):
        return True
    rest = sentence.text[: site.start] + " " + sentence.text[site.end :]
    return bool(re.search(r"\b(?:paid|free|trial|billed|charged|price|cost)\b", rest, re.I))


#: table headers of a cell that names where a region is ("Region: Singapore; Code: ...")
_PLACE_HEADER = re.compile(r"^(?:region|location|city|country|area|place|name|data\s*cent(?:er|re)|geography)"
                           r"(?:\s+name)?$", re.I)


def _names_its_place(sentence: Sentence, site: Slot) -> bool:
    """Whether a region code stands beside the name of its own place: another cell of its table
    row under a place header or holding a place ("Region: Singapore; Code: ...", "Region: Ohio,
    USA; ..."), or a name right before the code in brackets ("Singapore (ap-southeast-1)"). A place
    elsewhere in a prose sentence ("For EU customers, logs stay in eu-central-1") is a condition,
    not the code's name."""
    from ..questions import is_table_row, row_cells

    text = sentence.text
    if is_table_row(text):
        lead = len(text) - len(text.lstrip())
        at = site.start - lead
        for h, v, off in row_cells(text.strip()):
            if off <= at < off + len(v) + 1 or not v.strip():
                continue
            if _PLACE_HEADER.match(h.strip()) or any(
                    s.kind in ("geo", "region") and off <= s.start - lead < off + len(v) + 1 for s in sentence.slots):
                return True
        return False
    return bool(re.search(r"[A-Z][\w.]*\s*\(\s*$", text[: site.start]))


class ScopeFamily:
    name = "scope"
    version = "scope.v2"
    description = "region, plan tier, environment or place changed to a sibling value"

    def sites(self, sentence: Sentence) -> list[Slot]:
        out = []
        for slot in sentence.slots_of("scope"):
            if slot.kind not in KINDS or grammar.in_code_or_url(sentence.text, slot.start, slot.end):
                continue
            if grammar.inside_identifier(sentence.text, slot.start, slot.end):
                continue
            if slot.kind == "tier" and (slot.text.lower() in _NOT_TIER_WORDS or not _tier_site(sentence, slot)):
                continue
            if slot.kind == "geo" and not _geo_site(sentence.text, slot):
                continue
            if slot.kind == "geo" and _VARIETY_AFTER.match(sentence.text[slot.end :]):
                continue  # "US dollars", "US English": a currency or a language variety, not a scope
            out.append(slot)
        return out

    def mutate(self, sentence: Sentence, site: Slot, values: ValueSource, rng: random.Random) -> Mutation | None:
        if site.kind not in KINDS:
            return None
        if site.kind == "geo" and (_named_elsewhere(site.text, values) or synthetic.looks_like_person(site.text)):
            return None  # spaCy called it a place, but the corpus also uses it as a name
        if site.kind == "region" and _REGION_ID.fullmatch(site.text.strip()) and _names_its_place(sentence, site):
            return None  # "Region: Singapore; Code: ap-southeast-1": the code is bound to the place its
            # sentence names; any other code reads as wrong at sight (reviewers failed "af-south-1" and
            # the same geography's "europe-north1" for Belgium alike). Another whole row is the near miss.
        mined = self._mined(sentence, site, values, rng)
        synth = self._synthetic(sentence, site, rng)
        # a mined sibling of the same type first; a well-formed synthetic one of the same type
        # beats a mined one of another type ("Oregon" for "New York"); a value the sentence
        # already names is never used ("staging and staging environments")
        if mined is not None and (mined[1] == 0 or synth is None):
            picked, origin = mined[0], "mined"
        elif synth is not None:
            picked, origin = synth, "synthetic"
        else:
            return None
        if site.kind == "environment":
            picked = grammar.match_case(site.text, picked)
            if site.text.strip()[:1].islower() and re.fullmatch(r"[A-Z][a-z]+(?:[ -][a-z]+)*", picked):
                # an environment is a common noun: "in production" becomes "in staging", not
                # "in Staging" (a value mined from a heading or a table cell keeps its capital)
                picked = picked[:1].lower() + picked[1:]
        start, end, new = site.start, site.end, picked
        prev = grammar.word_before(sentence.text, start)
        if site.kind == "geo" and prev is not None and prev[2].lower() == "the" and not _takes_the(picked):
            start = prev[0]  # "across the United States" -> "across Minnesota"
            new = grammar.match_case(prev[2], picked) if prev[2][0].isupper() else picked
        start, end, new = grammar.fix_article(sentence.text, start, end, new)
        return make_mutation(self, sentence, site, picked, origin, grammar.apply(sentence.text, start, end, new))

    # ------------------------------------------------------------------ choosing values

    def _mined(self, sentence: Sentence, site: Slot, values: ValueSource, rng: random.Random) -> tuple[str, int] | None:
        """(value, rank) of the best mined sibling: rank 0 is the same type and shape."""
        own = site.text.strip().lower()
        elsewhere = sentence.text[: site.start] + " " + sentence.text[site.end :]

        def rank(v: str) -> int | None:
            v = " ".join(v.split())
            if not v or v.lower() == own or v.lower() in own or own in v.lower():
                return None
            if site.kind == "geo" and _same_place(v, site.text):
                return None  # "U.S." for "US" changes nothing
            if site.kind == "region":
                own_style = style_of(site.text, "region")
                if own_style is not None or style_of(v, "region") is not None:
                    # display names and codes keep their naming style: "Europe (Frankfurt)" by
                    # "US West (Oregon)", never by "eu-west-1" or "West Europe"
                    if style_of(v, "region") != own_style:
                        return None
                    r = 0
                elif not _REGION_ID.fullmatch(v):
                    return None
                else:
                    r = 0 if synthetic.region_style(v) == synthetic.region_style(site.text) else 1
            elif site.kind == "tier":
                if v.lower() in _NOT_TIER_WORDS or _priced(sentence, site) and _free(v) != _free(site.text):
                    return None  # "Plan: Free; Subscription: $5/month": a free tier with a price
                # an offer moves only up the corpus's plan order (tier_order.py); unknown order ranks after
                inclusive = tier_order.tier_rank(tier_order.order_of(values), sentence.text, site, v)
                if inclusive is None:
                    return None
                r = (0 if v[:1].isupper() == site.text[:1].isupper() else 1) + 2 * inclusive
            elif site.kind == "environment":
                if _bare_environment(sentence.text, site) and v.lower() not in _BARE_ENVIRONMENTS:
                    return None  # "test it in staging" reads right only as production or staging
                r = 0 if v.lower() in synthetic.ENVIRONMENTS else 1
            elif site.kind == "platform":
                # an operating system by one of the same kind: "on Windows" by "on macOS", not "on iOS"
                if listed_style(v, "platform") is None or listed_style(v, "platform") != listed_style(site.text, "platform"):
                    return None
                r = 0
            else:  # geo
                if not _good_geo(v) or _named_elsewhere(v, values) or synthetic.looks_like_person(v):
                    return None
                own_type, v_type = _place_type(site.text), _place_type(v)
                shapes = ("code", "demonym", "region-demonym")
                if (own_type in shapes or v_type in shapes) and own_type != v_type:
                    return None  # "SW" is no sibling of "Chicago", nor "German" of "EU"
                if own_type and v_type:
                    r = 0 if own_type == v_type else 1
                elif own_type or v_type:
                    return None  # a known place for a word spaCy only guessed was one, or the reverse
                elif _geo_shape(v) != _geo_shape(site.text) or not _placeish(v):
                    return None
                else:
                    r = 2
            if _named_in(v, elsewhere):
                return None  # a value the sentence already names makes a muddled distractor
            if site.kind == "geo" and _takes_the(v) and not _takes_the(site.text):
                prev = grammar.word_before(sentence.text, site.start)
                if prev is None or prev[2].lower() != "the":
                    return None  # "in Netherlands": the new name would need an article
            return r

        found = best(values.mined(sentence, site), rank, rng)
        return (found, rank(found)) if found is not None else None

    def _synthetic(self, sentence: Sentence, site: Slot, rng: random.Random) -> str | None:
        """A well-formed value of the same type that the sentence does not already name."""
        elsewhere = sentence.text[: site.start] + " " + sentence.text[site.end :]
        if site.kind == "environment" and _bare_environment(sentence.text, site):
            cands = [e for e in _BARE_ENVIRONMENTS if e != site.text.lower() and not _named_in(e, elsewhere)]
            return cands[rng.randrange(len(cands))] if cands else None
        for _ in range(6):
            v = self._invent(site, rng)
            if v is None or not _named_in(v, elsewhere):
                return v
        return None

    def _invent(self, site: Slot, rng: random.Random) -> str | None:
        if site.kind == "tier":
            return None  # never invent a plan name
        if site.kind == "region":
            style = style_of(site.text, "region")
            if style is not None:  # a region of the same naming style from the domain patterns file
                names = [n for n in names_of_style(style)
                         if n.lower() != site.text.lower() and style_of(n, "region") == style]
                return names[rng.randrange(len(names))] if names else None
            cands = synthetic.region_candidates(site.text)
            if not cands:
                return None
            own_geo = site.text.lower().split("-")[0]
            other = [c for c in cands if c.lower().split("-")[0] != own_geo] or cands
            return other[rng.randrange(len(other))]
        if site.kind == "environment":
            cands = [e for e in synthetic.ENVIRONMENTS if e != site.text.lower()]
            return cands[rng.randrange(len(cands))]
        if site.kind == "platform":  # a listed operating system of the same kind (data/domain_patterns.yaml)
            style = listed_style(site.text, "platform")
            cands = [n for n in names_of_style(style) if n != site.text] if style else []
            return cands[rng.randrange(len(cands))] if cands else None
        shape = _geo_shape(site.text)
        own_type = _place_type(site.text)
        if shape == "code":
            cands = [c for c in synthetic.GEO_CODES if not _same_place(c, site.text)]
            if "." in site.text:
                cands = [".".join(c) + "." if len(c) <= 3 else c for c in cands]  # "U.S." -> "U.K."
        elif shape == "demonym":
            cands = [d for d in synthetic.DEMONYMS if d != site.text]
        elif shape == "region-demonym":
            cands = sorted(d for d in synthetic.REGION_DEMONYMS if d != site.text)
        elif own_type == "country":
            cands = [c for c in synthetic.COUNTRIES if not _same_place(c, site.text)]
        elif own_type == "city":
            cands = [c for c in synthetic.CITIES if c != site.text and synthetic.places()[c] == "city"]
        elif own_type == "state":
            from faker.providers.address.en_US import Provider

            cands = [st for st in Provider.states if st != site.text]
        else:
            return None  # not a place we can vouch for: never invent a sibling for it
        return cands[rng.randrange(len(cands))] if cands else None

    def examples(self) -> Sequence[Example]:
        return (
            Example(
                "Audit events in eu-west-2 are kept for 90 days.",
                "eu-west-2",
                "Audit events in ap-south-1 are kept for 90 days.",
                vocabulary={"region": ("ap-south-1",)},
            ),
            Example(  # synthetic: a region id of the same AWS style, from another geography
                "Backups made in ca-central-1 are encrypted at rest.",
                "ca-central-1",
            ),
            Example(
                "Single sign-on is available on the Team plan.",
                "Team",
                "Single sign-on is available on the Enterprise plan.",
                vocabulary={"tier": ("Enterprise",)},
            ),
            Example(  # a/an follows the new value
                "An Irish customer may ask for a copy of the invoice.",
                "Irish",
                "A German customer may ask for a copy of the invoice.",
                vocabulary={"geo": ("German", "European")},
            ),
            Example(
                "Deploys to staging environments skip the approval step.",
                "staging",
                "Deploys to production environments skip the approval step.",
                vocabulary={"environment": ("production",)},
            ),
            Example(  # a region the sentence already names is never the replacement
                "Replicas in us-east-2 copy data from us-west-1 every hour.",
                "us-east-2",
                "Replicas in eu-north-1 copy data from us-west-1 every hour.",
                vocabulary={"region": ("us-west-1", "eu-north-1")},
            ),
        )


_ALIASES = (
    {"us", "usa", "unitedstates", "unitedstatesofamerica", "america"},
    {"uk", "unitedkingdom", "greatbritain", "britain", "gb"},
    {"eu", "europeanunion"},
)


_THE = re.compile(
    r"(?:United|Czech|Dominican)\b|(?:Netherlands|Philippines|Bahamas|Middle East|EU|US|UK|U\.[SK]\.|E\.U\.)$"
)
_VARIETY_AFTER = re.compile(r"\s+(?:dollars?|cents?|English|Spanish|French)\b")


def _takes_the(name: str) -> bool:
    """Place names read with "the" ("the United States", "the EU")."""
    return bool(_THE.match(name) or _THE.search(name))


#: the environments named alone after a preposition ("deploy to production", "in staging")
_BARE_ENVIRONMENTS = ("production", "staging")


def _bare_environment(text: str, site: Slot) -> bool:
    """The environment is named alone ("in staging"), not as "staging environments"."""
    from ...analysis.patterns import ENVIRONMENT

    return not ENVIRONMENT.match(text, site.start)


def _named_in(value: str, text: str) -> bool:
    return bool(re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", text, re.I))


def _place_key(surface: str) -> str:
    return re.sub(r"[^a-z]", "", surface.lower().removeprefix("the "))


def _same_place(a: str, b: str) -> bool:
    """True when two surfaces name one place ("US", "U.S.", "United States")."""
    ka, kb = _place_key(a), _place_key(b)
    return ka == kb or any(ka in group and kb in group for group in _ALIASES)


def _place_type(surface: str) -> str | None:
    """"country" / "state" / "city" for a known place, "code" for a known region code ("EU",
    "U.S."), "demonym" for a known nationality; None otherwise ("D.C.", "NS", "Brakeman")."""
    s = " ".join(surface.split())
    shape = _geo_shape(s)
    if shape == "code":
        return "code" if s.replace(".", "").upper() in _CODES else None
    if shape in ("demonym", "region-demonym"):
        return shape
    return synthetic.places().get(s)


def _geo_site(text: str, slot: Slot) -> bool:
    """A geo slot worth changing: a known place, a country code or demonym, or a multi-word
    name that does not look like common words. A single unknown word ("Peoplebase",
    "PostgreSQL") is far more often spaCy's mistake than a place."""
    if not _good_geo(slot.text) or "&" in slot.text:
        return False
    if _place_type(slot.text):
        return True
    if _geo_shape(slot.text) == "code":
        return False  # "D.C.", "NS": codes we cannot vouch for
    return _placeish(slot.text)


def _placeish(surface: str) -> bool:
    """An unknown multi-word name that still reads as a place: it holds a known place or code
    or a compass/admin word ("US East", "Cook County"), and does not look like a person."""
    words = surface.split()
    if len(words) < 2 or synthetic.looks_like_person(surface):
        return False
    known = any(_place_type(w) for w in words)
    return known or any(w.lower() in _PLACE_WORDS for w in words)


def _good_geo(surface: str) -> bool:
    """A place name worth changing: capitalised, no digits, at most four words."""
    s = surface.strip()
    return (bool(s) and s[0].isupper() and not any(c.isdigit() or c in "_:/&" for c in s)
            and len(s.split()) <= 4 and not (s.isupper() and len(s) > 4))


_NOT_TIER_WORDS = {"these", "this", "that", "those", "the", "your", "our", "all", "each", "every", "some"}
_TIER_AFTER = re.compile(
    r"\s*(?:/\s*\w+\s*)?(?:plans?|tiers?|editions?|subscriptions?|packages?|customers?|users?|workspaces?)\b", re.I
)


def _tier_site(sentence: Sentence, slot: Slot) -> bool:
    """A lone capitalised word ("Railway" the company) is a plan only where it reads like one:
    "the Pro plan", "Plan: Pro", or a list of plans ("Hobby and Pro", "Free / Trial",
    "Starter: 3 days; Team: 2 days")."""
    if _tier_context(sentence.text, slot):
        return True
    others = [s for s in sentence.slots if s.kind == "tier" and s.text != slot.text]
    if not others:
        return False
    text = sentence.text
    if re.match(r":\s", text[slot.end :]):
        return True  # a key of a row that lists several plans
    return any(re.fullmatch(r"\s*(?:,|/|and|or|&|, and|, or)\s*", text[min(slot.end, o.end) : max(slot.start, o.start)])
               for o in others)


def _tier_context(text: str, slot: Slot) -> bool:
    """The slot reads as a plan name: "the Pro plan", "Plan: Pro", "Pro customers", "Free and
    Pro plans". (A sentence naming two different tiers, "Starter: 3 days; Team: 2 days", is an
    enumeration of plans too; the caller checks that.)"""
    if _TIER_AFTER.match(text[slot.end :]) or re.search(r"(?:Plan|Tier|Edition):\s*$", text[: slot.start]):
        return True
    return bool(re.match(r"\s*(?:and|or|,)\s+[A-Z]\w*\s+plans\b", text[slot.end :]))


def _named_elsewhere(surface: str, values: ValueSource) -> bool:
    """True when the corpus vocabulary also lists ``surface`` as a person, org or product."""
    surfaces = values.vocabulary.surfaces
    return any(surface in surfaces.get(kind, ()) for kind in ("person", "org", "product"))


FAMILY = ScopeFamily()
