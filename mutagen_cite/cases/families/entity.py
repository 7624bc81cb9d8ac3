"""Entity: the passage is about a different organisation, person, product or version.

Versions keep their product and change their number ("PostgreSQL 14" -> "PostgreSQL 13",
"v3.2.1" -> "v3.1.4"), preferring a version of the same product the corpus mentions. Names are
replaced by a real sibling of the same kind from the corpus (another product of the same
brand, another team lead), and only then by a Faker name seeded from the caller's rng.
Acronyms ("API", "SSO", "RAM") and lower-case or numeric "names" are not sites: spaCy often
tags them as organisations, and changing them yields nonsense rather than a near miss.

Same kind, or no swap (issue 11):

- a name the statistical tagger proposes is swapped only when the corpus confirms its kind (it
  recurs tagged that way, :meth:`MineResult.confirmed`), and so is its replacement: a UI label
  or feature tagged once as a person or organisation is no name;
- in a table row a name's kind is its column's: a cell under "Feature" or "Setting" holds no
  person or organisation, whatever the tagger says;
- a sibling of the same brand must share the head noun ("Acme CLI" -> "Zeta CLI", "Python SDK"
  -> "Java SDK"); the same brand with another head ("Acme CLI" -> "Acme Postgres") is another
  kind of thing, swapped only when a real sibling sentence puts it in the same place.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Sequence

from ...model import Mutation, Sentence, Slot
from . import grammar, same_kind, synthetic
from .base import Example, ValueSource, make_mutation
from .choose import best
from ...analysis.domain import names_of_style, style_of

KINDS = ("version", "org", "person", "product", "team")
_VERSION = re.compile(r"(?P<prefix>.*?(?:\s|^)v?|v)?(?P<nums>\d+(?:\.\d+){0,3})(?P<suffix>[-.][0-9A-Za-z.]+)?$")
_ACRONYM = re.compile(r"[A-Z0-9&]{2,}s?")
#: capitalised words spaCy often mistakes for organisations in product docs
_NOT_NAMES = {
    "Markdown", "JSON", "YAML", "Email", "Settings", "Dashboard", "Admin", "Docs", "README",
    "Team", "Teams", "Customer", "Customers", "Support", "Legal", "Security", "Engineering",
    "Finance", "Billing", "Product", "Sales", "Marketing", "Design", "Handbook", "Status",
    "Credit", "Request", "Data", "Trust", "Frequency", "Platform", "Location", "Region", "Phone",
    "Priority", "Severity", "Owner", "Service", "Services", "Policy", "Note", "Warning", "Tip",
    "Example", "Step", "Overview", "Summary", "Settings", "Project", "Projects", "Account",
    "Organization", "Organisation", "Workspace", "Plan", "Pricing", "Usage", "Template",
}
#: words before a number that make it a document position or a numbered thing, not a product
#: version (the questions module asks no "Which version of Port ...?" either)
NUMBERED_THINGS = {"Topic", "Section", "Lesson", "Module", "Unit", "Exercise", "Question", "Round",
                 "Sprint", "Milestone", "Week", "Grade", "Class", "Box", "Line", "Row", "Column",
                 "Cell", "Room", "Floor", "Building", "Suite", "Task", "Goal", "Objective", "Slide",
                 "Example", "Figure", "Table", "Chapter", "Page", "Day", "Layer", "Port"}
#: verbs that open instructions, which spaCy folds into a following name ("Select Include")
_IMPERATIVES = {"treat", "discuss", "select", "click", "go", "use", "add", "create", "open", "see", "set",
                "keep", "deploy", "configure", "connect", "start", "stop", "try", "note", "remember",
                "avoid", "ensure", "copy", "paste", "download", "upload", "edit", "delete", "remove",
                "run", "check", "ask", "read", "review", "follow", "contact", "visit", "enable", "install",
                "make", "get", "find", "choose", "request", "submit", "send", "email", "call", "join",
                "post", "share", "update", "complete", "sign", "log", "navigate", "type", "enter", "press"}
_VERSION_WORDS = {"Version", "Release", "Build", "Patch", "Edition", "Update", "Api"}
#: a version read as the first release of something ("since Relay v1.51", "starting from version
#: 3.4.0", "v2.0 and later"): an earlier version in the near miss still covers the claim's release
_SINCE_BEFORE = re.compile(r"\b(?:since|starting(?:\s+(?:from|with|in|at))?|as\s+of|from)\s+"
                           r"(?:[A-Z][\w.+-]*\s+)?(?:version\s+|release\s+)?$", re.I)
_LATER_AFTER = re.compile(r"\s*(?:\+|(?:and|or)\s+(?:later|above|newer|higher|up)\b)", re.I)
#: how many of the most frequent vocabulary names count as established in the corpus
FREQUENT = 30
#: words that make a "name" a job title or a body, not a swappable entity
_ROLE_WORDS = {
    "officer", "chief", "president", "director", "manager", "head", "lead", "vp", "controller",
    "engineer", "committee", "department", "board", "counsel", "secretary", "administrator",
    "owner", "coordinator", "specialist", "analyst", "team", "executive", "supervisor",
    # departments: "Director of Customer Support" names a unit, swapping in a product breaks it
    "support", "operations", "ops", "people", "finance", "legal", "engineering", "marketing",
    "sales", "success", "relations", "resources", "hr", "procurement", "accounting",
}
_CORP = re.compile(r"(?:Inc\.?|LLC|Ltd\.?|GmbH|Corp\.?|Corporation|PLC|plc|S\.A\.|AG|B\.V\.)$")


@dataclass(frozen=True)
class Version:
    prefix: str  # "PostgreSQL ", "v", ""
    parts: tuple[int, ...]
    suffix: str  # "-beta.1", ""

    @classmethod
    def parse(cls, surface: str) -> "Version | None":
        m = _VERSION.fullmatch(surface.strip())
        if not m:
            return None
        return cls(m.group("prefix") or "", tuple(int(x) for x in m.group("nums").split(".")), m.group("suffix") or "")

    def render(self, parts: tuple[int, ...]) -> str:
        return self.prefix + ".".join(str(p) for p in parts) + self.suffix

    @property
    def product(self) -> str:
        return self.prefix.strip().lower()


class EntityFamily:
    name = "entity"
    version = "entity.v3"
    description = "an organisation, person, product or version number changed"

    def __init__(self) -> None:
        self._faker = synthetic.FakerSource()

    def sites(self, sentence: Sentence) -> list[Slot]:
        out = []
        for slot in sentence.slots_of("entity"):
            if slot.kind not in KINDS or grammar.in_code_or_url(sentence.text, slot.start, slot.end):
                continue
            if slot.kind == "version":
                v = Version.parse(slot.text)
                if v is None or not _version_site(sentence.text, slot, v):
                    continue
            elif not (_good_name(slot.text, slot.kind) or _typed(slot) is not None) or grammar.in_label(
                    sentence.text, slot.start, slot.end):
                continue
            elif same_kind.versioned_name(sentence.text, slot) or same_kind.determined_person(sentence.text, slot):
                continue  # "Node.js v20.17.0": the version is this product's; "your Acme Git settings": no person
            elif same_kind.located_person(sentence.text, slot) or same_kind.name_continues(sentence.text, slot):
                continue  # "available on Acme Cloud": a platform; "Managed Service for Acme": one longer name
            elif not _column_allows(sentence.text, slot):
                continue  # "Feature: Max Memory Limit": the column says what kind of thing the cell is
            elif grammar.inside_identifier(sentence.text, slot.start, slot.end) or not _in_statement(
                sentence.text, slot
            ):
                continue
            elif _typed(slot) is not None and grammar.in_longer_name(sentence.text, slot.start, slot.end):
                continue  # "Railway Postgres", "Slack Enterprise Grid": a word of a longer name
            elif grammar.is_sentence_start(sentence.text, slot.start) and (
                len(slot.text.split()) == 1 or slot.text.split()[0].lower() in _IMPERATIVES
                or slot.text.split()[0].lower().endswith("ing")
            ):
                continue  # a capitalised first word is as likely a common word ("Treat Slack ...") as a name
            out.append(slot)
        return out

    def mutate(self, sentence: Sentence, site: Slot, values: ValueSource, rng: random.Random) -> Mutation | None:
        if site.kind == "version":
            picked = self._version(sentence, site, values, rng)
        elif site.kind in KINDS:
            picked = self._name(sentence, site, values, rng)
        else:
            return None
        if picked is None:
            return None
        replacement, origin = picked
        if site.text.endswith(".") and not replacement.endswith(".") and not sentence.text[site.end :].strip():
            replacement += "."  # spaCy kept the sentence's full stop inside "Acme Corp."
        if replacement == site.text:
            return None
        start, end, new = grammar.fix_article(sentence.text, site.start, site.end, replacement)
        return make_mutation(self, sentence, site, replacement, origin, grammar.apply(sentence.text, start, end, new))

    # ------------------------------------------------------------------ versions

    def _version(self, sentence, site, values: ValueSource, rng) -> tuple[str, str] | None:
        own = Version.parse(site.text)
        if own is None:
            return None
        # a lower bound may only rise: "since v1.5" still makes the feature available in v1.51
        since = bool(_SINCE_BEFORE.search(sentence.text[: site.start]) or _LATER_AFTER.match(sentence.text[site.end :]))
        mined: list[tuple[int, str]] = []
        from ..questions import is_table_row

        # prose names one product's release line; a table's rows are each their own product, and
        # the sentence's own enumeration (another row's "Version:") holds real values of the slot
        own_line = not is_table_row(sentence.text)
        siblings = set(values.mine_result.enumeration_values(sentence, site.kind)) if values.mine_result else set()
        for surface in values.mined(sentence, site):
            other = Version.parse(surface)
            if other is None or other.product != own.product or other.parts == own.parts or (
                    since and other.parts <= own.parts):
                continue
            if own_line and len(own.parts) > 1 and abs(other.parts[0] - own.parts[0]) > 1 and surface not in siblings:
                continue  # "since v1.51" -> "since v3.0" from elsewhere in the corpus (another product's
                # "embed-v3.0"): two major lines away is no neighbouring release; "v3.2.1" -> "v2.9.0" is one
            rank = 0 if len(other.parts) == len(own.parts) else 1
            if rank and (len(own.parts) == 1 or re.match(r"\.[\dxX*]", sentence.text[site.end :])):
                continue  # "the v1 API" is an API generation, not a release; "Relay 2.x" needs one part
            mined.append((rank, own.prefix + ".".join(map(str, other.parts)) + other.suffix))
        found = best(mined, lambda c: c[0], rng)
        if found is not None:
            return found[1], "mined"
        cands = [c for c in synthetic.version_candidates(own.parts) if not since or tuple(c) > tuple(own.parts)]
        if not cands:
            return None
        return own.render(cands[rng.randrange(len(cands))]), "synthetic"

    # ------------------------------------------------------------------ names

    def _typed_name(self, sentence, site, style: str, values: ValueSource, rng) -> tuple[str, str] | None:
        """A product of a listed kind (``data/domain_patterns.yaml``: a database, a chat tool, a
        CI service ...) by another of the same kind: one the corpus names first (``mined``), else
        one of the listed names (``synthetic``). Never an alias or a part of the original
        ("Postgres" for "PostgreSQL"), never a name the sentence already holds."""
        own = site.text.strip()
        house = values.house_names()
        if _names_house(own, house):
            return None  # the company's own product or itself ("the Acme team"): no real near miss
        rest = sentence.text[: site.start] + " " + sentence.text[site.end :]
        if style == "team":
            # another team the corpus names at least twice, written the same way ("the People team"
            # for "the Security team"); a team is never invented
            mined = values.mine_result
            corpus = [v for v in values.vocabulary.surfaces.get("team", ())
                      if v.split()[0] not in house and v[:1].isupper() == own[:1].isupper()
                      and (mined is None or not hasattr(mined, "confirmed") or mined.confirmed(v, "team"))]
            listed: tuple[str, ...] = ()
        else:
            corpus = [v for k in ("product", "org") for v in values.vocabulary.surfaces.get(k, ())]
            listed = names_of_style(style)

        def rank(v: str) -> int | None:
            low, own_low = v.lower(), own.lower()
            if style != "team" and style_of(v, "product") != style:
                return None
            if low == own_low or low in own_low or own_low in low:
                return None
            if re.search(r"(?<!\w)" + re.escape(v) + r"(?!\w)", rest) or _names_house(v, house):
                return None
            return 0 if v in corpus else 1

        found = best(list(dict.fromkeys(corpus + list(listed))), rank, rng)
        if found is None:
            return None
        return found, "mined" if found in corpus else "synthetic"

    def _name(self, sentence, site, values: ValueSource, rng) -> tuple[str, str] | None:
        style = _typed(site)
        if style is not None:
            return self._typed_name(sentence, site, style, values, rng)
        own = site.text.strip()
        own_low = own.lower()
        n_words = len(own.split())
        # spaCy's small model mixes up people and organisations: trust the name's shape
        vocab = values.vocabulary.surfaces
        corp = bool(_CORP.search(own) or re.match(r",?\s+" + _CORP.pattern, sentence.text[site.end :]))
        org_like = corp or any(own in vocab.get(k, ()) for k in ("org", "product"))
        has_acronym = any(w.isupper() and len(w) > 1 for w in own.split())
        common = any(grammar.looks_common_word(w) or grammar.is_camel(w) for w in own.split())
        person = synthetic.looks_like_person(own) or (
            site.kind == "person" and not (org_like or has_acronym or common)
        )
        kind = "person" if person else ("org" if site.kind == "person" else site.kind)
        if not _confirmed(values, own, person):
            return None  # the tagger's guess, not a name the corpus uses as one
        other_kinds = ("org", "product") if person else ("person",)
        elsewhere = {v for k in other_kinds for v in vocab.get(k, ())}
        house = set(values.house_names())
        if _names_house(own, house):
            # the company the documents belong to, or its own part ("Acme API"): no real near miss;
            # a name holding the house's word is its product even where the tagger says person
            # ("Acme Cloud" tagged PERSON is still the house's product, never a person to rename)
            return None
        house_words = {w for name in house for w in name.split()}
        rest = sentence.text[: site.start] + " " + sentence.text[site.end :]
        if any(len(w) > 2 and not w.isupper() and re.search(r"(?<!\w)" + re.escape(w) + r"(?!\w)", rest)
               for w in own.split()):
            return None  # "the Python SDK requires Python 3.10": the rest of the sentence names it again
        # a replacement must fill a comparable position: a real sibling sentence names it in the
        # same place, or it is the same brand's other product ("Python SDK" -> "Java SDK")
        comparable = set(values.mine_result.enumeration_values(sentence, site.kind)) if values.mine_result else set()

        def rank(item: tuple[int, str]) -> int | None:
            index, v = item
            v = " ".join(v.split())
            low = v.lower()
            if not _good_name(v, kind) or low == own_low or low in own_low or own_low in low:
                return None
            if person != synthetic.looks_like_person(v) or v in elsewhere:
                return None  # a person for an organisation, or the reverse
            if person and len(v.split()) == 1:
                return None  # "Ines" is not a sibling of "Rafael Quintero"
            words = v.split()
            if not _confirmed(values, v, person) or _names_house(v, house):
                return None  # an unconfirmed name, or the house's own name brought into a rival's place
            # the same head noun ("Python SDK" -> "Java SDK") is the same kind of thing; the same
            # brand with another head ("Acme CLI" -> "Acme Postgres") is not, unless a real
            # sibling sentence puts it in the same place
            sibling = n_words > 1 and len(words) > 1 and own.split()[-1] == words[-1]
            if sibling and not same_kind.shared_head_is_a_kind(values, words[-1]):
                sibling = False  # "Directus Studio" / "Android Studio": "Studio" is a word of names, not a kind
            if sibling and _modifier_sort(own) != _modifier_sort(v):
                sibling = False  # "Data Studio" (a product's part) vs "Android Studio" (another vendor's tool)
            if sibling and set(words[:-1]) <= house_words:
                return None  # "Acme Studio" for "Data Studio": the vendor's name for the same product
            if index >= FREQUENT and not sibling and not person and not grammar.is_camel(v):
                return None  # a rare "name" in the vocabulary is as likely spaCy noise as a name
            if not person and not sibling and v not in comparable:
                return None  # a name of the vocabulary with no comparable position: likely the wrong kind
            if sibling and not person:
                r = 0  # the same brand's other product ("Acme Logs" -> "Acme Traces"), "Python SDK" -> "Java SDK"
            elif len(words) == n_words:
                r = 1
            else:
                r = 2
            if bool(_CORP.search(v)) != bool(_CORP.search(own)):
                r += 1
            if n_words == 1 and grammar.is_camel(v) != grammar.is_camel(own):
                r += 1  # "GitHub" for "PowerPoint", "Slack" for "Concur"
            if v in sentence.text:
                r += 3
            return r

        pool = list(values.mined(sentence, site))
        if kind != site.kind:
            pool += [v for v in values.mined(sentence, replace(site, kind=kind)) if v not in pool]
        found = best(list(enumerate(pool)), rank, rng)
        if found is not None:
            return found[1], "mined"
        if kind != "person":
            return None  # an invented organisation or product is implausible next to real ones
        fake = self._faker.seeded(rng)
        for _ in range(5):
            if kind == "person":
                name = synthetic.person_name(fake, own)
            elif kind == "org":
                name = synthetic.org_name(fake, own)
            else:
                name = synthetic.product_name(fake, own, rng)
            if name.lower() != own_low and name not in sentence.text:
                return name, "synthetic"
        return None

    def examples(self) -> Sequence[Example]:
        return (
            Example(
                "The reporting database runs PostgreSQL 14 in every region.",
                "PostgreSQL 14",  # synthetic: 13 or 15 (the product is kept)
            ),
            Example(  # a version of the same product from the corpus wins over arithmetic
                "Agents older than v3.2.1 cannot send traces.",
                "v3.2.1",
                "Agents older than v2.9.0 cannot send traces.",
                vocabulary={"version": ("v2.9.0", "Python 3.11")},
            ),
            Example(
                "Contract renewals are approved by Maria Gonzalez.",
                "Maria Gonzalez",
                "Contract renewals are approved by Tobias Lindqvist.",
                vocabulary={"person": ("Tobias Lindqvist", "Tobias")},
            ),
            Example(  # synthetic: a Faker person name with as many words as the original
                "Expense reports are reviewed by David Chen each month.",
                "David Chen",
            ),
            Example(  # an organisation only for a comparable one: the same head noun, not the same brand
                "Card payments are processed by Stripe on behalf of Acme Payments.",
                "Acme Payments",
                "Card payments are processed by Stripe on behalf of Globex Payments.",
                vocabulary={"org": ("Stripe", "Northwind Traders", "Acme Lending", "Globex Payments")},
            ),
        )


#: column headers under which a cell names a person, an organisation or a product
_NAME_COLUMNS = {
    "person": re.compile(r"\b(?:name|owner|contact|author|lead|assignee|approver|reviewer|manager|person|who|dri|"
                         r"maintainer|sponsor|champion|point of contact|poc|member|speaker|host)s?\b", re.I),
    "org": re.compile(r"\b(?:company|vendor|provider|organi[sz]ation|partner|customer|supplier|agency|office|"
                      r"team|department|name|processor|subprocessor|entity|integration|service|platform)s?\b", re.I),
    "product": re.compile(r"\b(?:product|tool|service|system|application|app|software|platform|integration|"
                          r"name|database|engine|provider|library|framework|sdk|client)s?\b", re.I),
}


def _column_allows(text: str, slot: Slot) -> bool:
    """In a "Header: value; Header: value." table row, a name's kind must fit its column
    header; outside a table row every position is allowed."""
    from ..questions import is_table_row, row_cells

    if not is_table_row(text):
        return True
    for header, value, at in row_cells(text):
        if at <= slot.start and slot.end <= at + len(value):
            return bool(_NAME_COLUMNS.get(slot.kind, _NAME_COLUMNS["org"]).search(header)
                        or _NAME_COLUMNS["org"].search(header) and slot.kind == "product"
                        or _NAME_COLUMNS["product"].search(header) and slot.kind == "org")
    return False  # a name inside a header, not a cell


def _typed(slot: Slot) -> str | None:
    """The listed kind of a product name ("sql-database" for "SQLite"), from the domain
    patterns; "team" for a team named as such ("the Security team")."""
    if slot.kind == "team":
        return "team"
    return style_of(slot.text.strip(), "product") if slot.kind == "product" else None


def _confirmed(values: ValueSource, surface: str, person: bool) -> bool:
    """The corpus confirms ``surface`` as a person (or as an organisation or product, which the
    tagger mixes up): it recurs tagged that way. Without mining results (unit examples) every
    name passes."""
    mined = values.mine_result
    if mined is None or not hasattr(mined, "kinds_of"):
        return True
    if person:
        words = surface.split()
        shaped = synthetic.looks_like_person(surface) and not all(grammar.looks_common_word(w) for w in words[1:])
        return shaped or mined.confirmed(surface, "person")  # a given name + a surname is a rule pattern
    counts = mined.kinds_of.get(" ".join(surface.split()), {})
    named = counts.get("org", 0) + counts.get("product", 0)
    return named >= 2 and named >= counts.get("person", 0) and named >= counts.get("geo", 0)


def _names_house(name: str, house) -> bool:
    """Whether ``name`` is the house product or one of its parts: it has a house name as a
    word ("Acme", "Acme API", "the Acme team"). Such a name is never changed and never put in:
    the documents are about the house, and a rival in its place ("documents retrieved by
    <rival>" in the house's own guide) is nothing the house would write."""
    words = {re.sub(r"['’]s?$", "", w.strip(".,")).lower() for w in re.split(r"[\s/-]+", name)}
    return any(h.lower() in words for h in house)


@lru_cache(maxsize=65536)
def _good_name(surface: str, kind: str = "org") -> bool:
    """A name worth changing: capitalised, 1-5 words, not an acronym, not a UI or label word,
    not a job title, no digits; a person has at least two capitalised words."""
    s = " ".join(surface.split())
    if len(s) < 2 or not s[0].isupper() or len(s.split()) > 5 or any(c.isdigit() for c in s):
        return False
    if re.search(r"\s(?:and|or)\s", s):
        return False  # a coordination ("Name and Tax ID"): two things, and a plural verb
    if _ACRONYM.fullmatch(s) or s in _NOT_NAMES or s.rstrip(".") in _NOT_NAMES:
        return False
    words = s.split()
    if any(w.lower().strip(",.") in _ROLE_WORDS or w.lower().strip(",.").rstrip("s") in _ROLE_WORDS for w in words):
        return False
    if kind != "person" and all(grammar.looks_common_word(w) for w in words if not _CORP.fullmatch(w)):
        return False  # "Recognition", "Security Controls": common nouns spaCy called a name
    if kind == "person" and (len(words) < 2 or not all(w[0].isupper() for w in words)):
        return False
    if any(not re.fullmatch(r"[A-Za-z][A-Za-z0-9+'’-]*(?:\.js)?\.?", w) or re.search(r"\w\.\w", w.removesuffix(".js"))
           for w in words):
        return False  # "vA.B.C", "-", "HR.GLBP": identifiers and fragments, not names
    if any(ch in s for ch in "/\\|#*_=<>[](){}:&;,\"") or re.search(r"['’]s\b", s) or not s.isascii():
        return False
    return True


def _modifier_sort(name: str) -> bool:
    """Whether the words before a name's head are common words ("Data Studio", "Logs
    Explorer") rather than names ("Android Studio", "Python SDK"). Two names with the same head
    are the same kind of thing only when their modifiers are of the same sort: a common word
    names a part of the house product, a name another vendor's or platform's product."""
    return all(grammar.looks_common_word(w) for w in name.split()[:-1])


def _version_site(text: str, slot: Slot, v: Version) -> bool:
    """A version worth changing: a product (or "v", "Version") before the number, not a
    document position ("Example 3", "Travel 101"), an IP address or a ratio ("1:1")."""
    prefix = v.prefix.strip().rstrip(":")
    if prefix.title() in NUMBERED_THINGS or prefix.lower() in _IMPERATIVES:
        return False
    if prefix and _inflected_verb(prefix.split()[-1]):
        return False  # "Bought 3", "Added 2": a verb before a number, no product
    named = prefix and prefix not in ("v", "V") and prefix.title() not in _VERSION_WORDS
    if named and grammar.looks_common_word(prefix):
        return False
    if not prefix and len(v.parts) == 4:
        return False  # 10.0.0.1 is an address
    return not re.match(r"[:/]\d", text[slot.end : slot.end + 2])


def _inflected_verb(word: str) -> bool:
    """Whether ``word`` is an inflected verb form ("bought", "added", "running"), from the
    lemminflect lexicon: a product's name is never a past tense or a gerund."""
    from lemminflect import getAllLemmas

    low = word.lower()
    lemmas = getAllLemmas(low, upos="VERB").get("VERB", ())
    return bool(lemmas) and low not in lemmas and low.isalpha()


def _in_statement(text: str, slot: Slot) -> bool:
    """The name sits in a statement (a clause, or a "key: value" row), not in a heading made
    of little more than the name itself."""
    rest = (text[: slot.start] + " " + text[slot.end :]).split()
    return grammar.looks_like_clause(text) or ": " in text or len(rest) >= 4


FAMILY = EntityFamily()
