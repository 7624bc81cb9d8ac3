"""The slots judge: a claim is supported only when the premise states every typed attribute
the claim asserts, with the same value, in the same place.

Why a judge that reads attributes: an embedding or a small cross-encoder scores "Backups are
kept for 30 days" against "Backups are kept for 7 days" as near-identical, which is exactly the
near miss a citation suite is built from. This judge:

1. annotates claim and premise sentence by sentence, in one batch, through the
   :class:`~mutagen_cite.analysis.annotate.Annotator`, and adds its own reading of comparators, ranges,
   rates, frequencies, ordinals, number words and untagged capitalised names
   (``slot_values.py``);
2. aligns them: the premise is cut into clauses; the smallest run of clauses that states every
   valued attribute of the claim (quantities, dates, plans, regions, versions, names) is the
   evidence. Values must be bound together: a clause that pairs a claimed value with a
   *different* value of another claimed kind ("Hobby: 72 hours, Pro: 120 hours"), or a table
   cell whose label matches the claim better than the cell holding the claimed value
   ("Request logs: 5 days; Deletion after closure: 45 days"), is a mismatch;
3. checks the markers the claim carries against that evidence: negation (by the word it
   negates), quantifiers ("all" vs "most" plans, "only"), modals ("must" vs "may" vs a plain
   statement), and a list of documentation antonyms (enabled/disabled);
   Rules of documentation English read here, each with a test in
   ``tests/test_judges_slots_rules.py``: a parenthesised quantity restates the phrase before
   it ("up to half a year (26 weeks)"); "X, not Y" rules Y out; a fiscal year is not a
   calendar year; a group's quantity is not each member's; "only X" excludes an added
   alternative and a wider name; reference markers ("[4]") are citations, not values; the
   corpus's own names (:func:`corpus_product_names`) stand for "we" / "our" and bare table rows;
4. when claim and evidence are the same sentence but for a few words, reads the edit itself:
   a name, a number token or a negation swapped, whatever the tagger made of either side
   (a swapped common word is not read: synonyms and hypernyms are swapped the same way);
5. measures the rest of the claim so an unrelated sentence is not "supported": its other
   content words first, then, for the pairs words leave short, the cosine with the closest
   premise unit (:mod:`.relevance`, relevant at ``RELEVANCE_COSINE`` = 0.70, chosen on tuning
   data only; see ARCHITECTURE.md "Slots judge, relevance by meaning").

Every verdict carries its reason in words: ``quantity mismatch: claim '30 days' vs premise
'7 days'``.
"""

from __future__ import annotations

import difflib
import math
import re
from functools import lru_cache
from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from ..model import Slot, Verdict
from ..analysis.patterns import TIER_CONTEXT, NOT_TIERS
from ..values import adverb_first, find_values, parse_rank
from ..values.tables import RATE_ADVERBS, TIME_UNIT_FORMS
from .base import ScoreJudge
from .premise import STOPWORDS, split_sentences
from .relevance import RELEVANCE_COSINE, Relevance, relevance_units
from .qualifiers import Qualifier, doc_qualifiers, qualifier_problems, shift
from .slot_values import (
    _CMP_BEFORE,
    _interval,
    MODAL_CLASS,
    QUANTIFIER_CLASS,
    QUANTIFIER_ENTAILS,
    Quantity,
    comparable,
    date_relation,
    date_supported,
    extra_quantities,
    fold_accents,
    name_in_text,
    ALIASES,
    names_equal,
    norm_name,
    parse_number_text,
    quantity_from_slot,
    quantity_from_value,
    quantity_supported,
    version_parts,
)

SLOTS_VERSION = "slots.v3"

#: relevance credited to a claim that names a table row's subject (its first cell) and whose
#: values all sit in that row: enough to pass (0.5 + 0.5 x 0.5 = 0.75 >= 0.7)
ROW_KEY_RESIDUE = 0.5

#: kinds whose values form enumerations: a different value of one of these inside the
#: evidence means the claim's values are bound to the wrong row
ENUMERABLE = {"tier", "region", "environment", "segment", "version", "date", "month", "quarter", "year"}
NAME_KINDS = {"tier", "region", "environment", "segment", "geo", "gpe", "org", "person", "product", "norp", "loc", "name"}
KIND_WORDS = {
    "tier": "plan", "region": "region", "environment": "environment", "geo": "place", "org": "organisation",
    "person": "person", "product": "product", "version": "version", "segment": "segment",
}

_NEG_EXTRA = re.compile(
    r"\b(?:without|none|nothing|nobody|nowhere|neither|nor|cannot|unable\s+to|no\s+longer|never)\b", re.I
)
_NEG_NOT_NEGATION = re.compile(
    r"\b(?:no|not)\s+(?:more|less|fewer|later|earlier|longer|greater|shorter|higher|lower)\s+than\b"
    r"|\bnot\s+only\b|\bno\s+matter\b|\bno\s+one\b|\bwhether\s+or\s+not\b"
    # "not to exceed" is an upper bound (the value model's comparator), also in a table header
    r"|\bnot\s+(?:to\s+)?exceed(?:ing|s)?\b"
    # "X and nothing else" restricts like "only X": no verb is negated
    r"|\b(?:and|or)\s+(?:nothing|nobody|no\s+one|none|no\s+\w+)\s+else\b",
    re.I,
)
_SKIP_FOR_HEAD = set(
    """be been being is are was were am do does did have has had can could may might must shall should will
    would also yet always ever currently still even just really necessarily any a an the to of longer
    so then there this that these those""".split()
)
_WORD = re.compile(r"[A-Za-z0-9]+(?:[-'.][A-Za-z0-9]+)*")
_MODAL_CONTRACTED = re.compile(r"\b(can|ca|wo|sha|could|should|would|must|might)(?=not\b|n['’]t\b)", re.I)
_CONTRACTED_MODAL = {"ca": "can", "wo": "will", "sha": "shall"}
#: an adverb of manner or frequency after "most" ("most commonly", "most likely", "most often"):
#: "most" then grades the adverb and quantifies nothing
#: (the -ly words that are nouns or adjectives of a noun phrase are left out: "most family plans",
#: "most daily users" quantify)
_DEGREE_ADVERB = re.compile(
    r"\s+(?!(?:family|families|early|daily|weekly|monthly|quarterly|yearly|hourly|only|supply|reply|assembly|"
    r"anomaly|ally|July|Italy|friendly|lonely|elderly|costly|timely|likely\s+(?:to|that))\b)(?:[a-z]{3,}ly|often)\b", re.I)
_QUANT_MODIFIER = re.compile(r"\b(almost|nearly|virtually|practically|not)\s+$", re.I)
# a run of capitalised words (a name the NER may have missed): "GSA Finance", "Enterprise"
_NAME_RUN = re.compile(r"(?<![\w@/.#-])(?:[A-Z][\w&+.-]*[A-Za-z0-9])(?:\s+(?:of\s+|&\s+)?[A-Z][\w&+.-]*[A-Za-z0-9])*(?![\w@/-])")
# (leading blanks before a text's first word still open it: "  Additionally, ...")
_SENTENCE_START = re.compile(r"(?:^\s*|[.!?:;(\[\n\u2022*-]\s*|\d[.)]\s+)$")
_CLAUSE_SEP = re.compile(
    r"\s*;\s*|\s*\|\s*|\s*\n\s*|(?<=[a-z0-9)])[.!?]\s+(?=[A-Z])|,\s+(?:and|but|or|while|whereas)\s+|,\s+"
    r"|\s+(?:and|but|while|whereas)\s+"
)

#: modality by class, wording free: the phrases are read on the text itself (the tagger's
#: MD tags miss "mandatory", "optional", "is not required", "are to"); negated forms first
_MODAL_PHRASES = [
    ("prohibition", re.compile(
        r"\b(?:cannot|can\s*not|can't|can’t|may\s+not|must\s+not|mustn't|shall\s+not|(?:must|shall|may|can)\s+never|"
        r"not\s+(?:be\s+)?"
        r"(?:allowed|permitted)|(?:is|are)\s+(?:not|never)\s+(?:allowed|permitted)|prohibited|forbidden|"
        r"not\s+able\s+to|unable\s+to|never\s+(?:allowed|permitted))\b", re.I)),
    ("permission", re.compile(
        r"\b(?:(?:is|are|be)\s+not\s+(?:required|mandatory|obligatory)|not\s+required|optional(?:ly)?|voluntary|"
        r"(?:do|does|don't|doesn't)\s+(?:not\s+)?(?:have|need)\s+to|need\s+not|needn't|no\s+need\s+to|"
        r"no\s+(?:\w+\s+){1,3}?(?:is|are)\s+(?:ever\s+)?(?:required|obliged))\b", re.I)),
    ("obligation", re.compile(
        r"\b(?:must|shall|required|mandatory|obligatory|obliged|ha(?:ve|s|d)\s+to|needs?\s+to|"
        r"(?:is|are)\s+to\s+(?:be|remain|\w+)\b)", re.I)),
    ("recommendation", re.compile(r"\b(?:should|recommended|recommend|encouraged|encourage|advised|ideally|ought\s+to|"
                                  r"(?:is|are)\s+expected\s+to)\b", re.I)),
    # "will" states what happens: weakening it to "may" is a near miss, dropping it is not
    ("certainty", re.compile(r"\bwill\b(?!\s+not\b)", re.I)),
    ("permission", re.compile(r"\b(?:may|can|could|allowed|permitted|able\s+to|free\s+to|eligible|entitled)\b", re.I)),
]


#: an obligation whose complement is a permission adjective states that permission
_OPTIONAL_AFTER = re.compile(r"\s+(?:(?:be|remain|stay)\s+)?(?:\w+ly\s+)?(?:optional|voluntary|not\s+(?:required|mandatory))\b",
                             re.I)


def _modal_order(text: str) -> list[str]:
    """The class of each phrase :func:`modal_classes` returns, in the same order."""
    return modal_classes(text, classes=True)


@lru_cache(maxsize=65536)
def modal_classes(text: str, classes: bool = False):
    """The modality classes ``text`` states and the spans of their phrases (with
    ``classes``: the class of each span, in order). Memoised: results are not mutated."""
    found: set[str] = set()
    spans: list[tuple[int, int]] = []
    order: list[str] = []
    for cls, rx in _MODAL_PHRASES:
        for m in rx.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in spans):
                continue
            if cls == "obligation" and m.group(0).lower().startswith(("is to", "are to")) and \
                    re.match(r"(?:is|are)\s+to\s+(?:date|the|a|an|be\s+\w+ed\s+by)\b", m.group(0), re.I):
                continue
            if cls == "obligation" and _OPTIONAL_AFTER.match(text, m.end()):
                continue  # "are to remain optional", "must stay voluntary": the adjective's class
            found.add(cls)
            spans.append((m.start(), m.end()))
            order.append(cls)
    return tuple(order) if classes else (frozenset(found), tuple(spans))


ANTONYMS = [
    ("enabled", "disabled"), ("enable", "disable"), ("included", "excluded"), ("include", "exclude"),
    ("allowed", "forbidden"), ("allowed", "prohibited"), ("allow", "deny"), ("allow", "block"),
    ("required", "optional"), ("mandatory", "optional"), ("public", "private"), ("internal", "external"),
    ("increase", "decrease"), ("increased", "decreased"), ("minimum", "maximum"), ("min", "max"),
    ("available", "unavailable"), ("supported", "unsupported"), ("encrypted", "unencrypted"),
    ("inbound", "outbound"), ("upload", "download"), ("automatic", "manual"), ("automatically", "manually"),
    ("synchronous", "asynchronous"), ("earliest", "latest"), ("highest", "lowest"), ("higher", "lower"),
    ("above", "below"), ("before", "after"), ("add", "remove"), ("added", "removed"), ("start", "stop"),
    ("open", "closed"), ("accept", "reject"), ("accepted", "rejected"), ("approved", "rejected"),
    ("paid", "unpaid"), ("free", "paid"), ("permanent", "temporary"), ("visible", "hidden"),
    ("online", "offline"), ("active", "inactive"), ("valid", "invalid"), ("secure", "insecure"),
    ("first", "last"), ("more", "less"), ("more", "fewer"), ("faster", "slower"), ("larger", "smaller"),
    ("longer", "shorter"), ("increases", "decreases"), ("success", "failure"), ("pass", "fail"),
    ("read", "write"), ("full", "partial"), ("billed", "free"), ("charged", "free"), ("local", "remote"),
    ("primary", "secondary"), ("mandatory", "voluntary"), ("daily", "weekly"), ("weekly", "monthly"),
    ("monthly", "annually"), ("monthly", "yearly"), ("annual", "monthly"), ("always", "never"),
    ("charge", "waive"), ("charged", "waived"), ("charges", "waives"), ("include", "omit"),
    ("allow", "prohibit"), ("allow", "forbid"), ("permit", "prohibit"), ("required", "voluntary"),
    ("grant", "deny"), ("granted", "denied"), ("keep", "forfeit"), ("kept", "forfeited"),
    ("paid", "forfeited"), ("opt-in", "opt-out"), ("enroll", "waive"), ("enrolled", "waived"),
    ("production", "non-production"), ("billable", "non-billable"), ("exempt", "non-exempt"),
    # on unless chosen vs off unless chosen; one per item vs one for all
    ("default", "opt-in"), ("automatically", "opt-in"), ("automatic", "opt-in"),
    ("separate", "shared"), ("dedicated", "shared"),
]
#: opposites that are modal words: the modality check reads them ("not required" = "optional")
_MODAL_WORDS = {"required", "optional", "mandatory", "voluntary", "allowed", "forbidden", "prohibited", "permit",
                "allow", "prohibit", "forbid"}
_ANTONYM_OF: dict[str, set[str]] = {}
for _a, _b in ANTONYMS:
    _ANTONYM_OF.setdefault(_a, set()).add(_b)
    _ANTONYM_OF.setdefault(_b, set()).add(_a)
#: quantifier wordings the tagger does not mark: "the majority of" is "most"
_QUANT_PHRASES = [
    ("most", re.compile(r"\b(?:the\s+majority\s+of|typical(?:ly)?|normally|generally|in\s+most\s+cases|usually)\b", re.I)),
    ("some", re.compile(r"\b(?:a\s+(?:small\s+)?(?:set|number|handful|subset)\s+of|a\s+few|certain|selected|some)\b", re.I)),
    ("all", re.compile(r"\b(?:a\s+separate\s+\w+(?:\s+\w+)?\s+for\s+(?:each|every)|for\s+(?:each|every)|per\s+(?:person|teammate|member|user|account|team))\b", re.I)),
]


#: capitalised words TIER_CONTEXT may catch that are not plan names ("Most plans")
_NOT_NAMES = set(QUANTIFIER_CLASS) | set(STOPWORDS) | {"many", "several", "certain", "other", "paid", "new", "old"}
#: words that name an attribute's kind rather than assert anything ("the Pro *plan*")
_KIND_NOUNS = {"plan", "plans", "tier", "tiers", "region", "regions", "version", "versions", "edition", "editions"}


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A crude stem, enough to see that "included" and "include" name the same verb (kept
    per word: the judge stems the same words for every window of every pair)."""
    w = word.lower().replace("'", "")
    for suffix in ("ational", "ations", "ation", "ments", "ment", "ings", "ing", "ies", "ied", "ed", "es", "s", "e", "ly"):
        if len(w) - len(suffix) >= 3 and w.endswith(suffix):
            w = w[: -len(suffix)]
            if suffix in ("ies", "ied"):
                w += "y"
            break
    return w


@dataclass(frozen=True)
class Attr:
    """A valued attribute of a text: a quantity, a date, a name or a version."""

    family: str
    kind: str
    start: int
    end: int
    surface: str
    value: str
    quantity: Quantity | None = None
    slot: Slot | None = None
    rel: str = ""

    def show(self) -> str:
        return self.quantity.describe() if self.quantity is not None else self.surface

    def label(self) -> str:
        if self.quantity is not None:
            return "quantity"
        if self.family == "date":
            return "date"
        return KIND_WORDS.get(self.kind, self.kind)


@dataclass(frozen=True)
class Marker:
    """A negation, quantifier or modal cue and the word it applies to (its head)."""

    family: str  # polarity | aggregation | modality
    cls: str
    word: str
    head: str  # stem of the word it applies to ("" when none found)
    start: int
    end: int


@dataclass
class Analysis:
    """Everything the judge reads off one text."""

    text: str
    attrs: list[Attr]
    markers: list[Marker]
    words: list[tuple[str, int, int]]  # (stem, start, end) of content words
    #: quantities the text denies ("given once, *not every month*"): not stated, ruled out
    denied: list[Attr] = field(default_factory=list)
    #: what restricts each noun ("sick leave", "property of the company"), from the parse
    quals: list[Qualifier] = field(default_factory=list)
    #: lemmas of the text's words (lower case), from the parse
    lemmas: frozenset[str] = frozenset()
    #: word (lower case) -> its lemma, from the parse ("used" -> "use")
    lemma_of: dict[str, str] = field(default_factory=dict)
    #: the text speaks as its writer: "I" is a subject ("I believe ...", "i was shocked ..."), from the parse
    speaker: bool = False

    def stems_in(self, start: int, end: int) -> set[str]:
        return {s for s, a, b in self.words if a >= start and b <= end}


@dataclass
class Finding:
    """The judge's reading of one pair before it becomes a verdict."""

    ok: bool
    problems: list[str] = field(default_factory=list)
    matched: list[str] = field(default_factory=list)
    span: tuple[int, int] = (0, 0)
    residue: float = 1.0
    residue_words: tuple[int, int] = (0, 0)
    anchored: bool = False  # some typed value of the claim was found in the evidence
    cosine: float | None = None  # embedding similarity of claim and evidence (when embedded)

    def word_score(self) -> float:
        """0.5 + half the share of the claim's other words the evidence holds (a claim with no
        typed value found must cover more of them); at most 0.3 when an attribute disagrees."""
        if not self.ok:
            return 0.3 * self.residue
        rest = self.residue if self.anchored else max(0.0, (self.residue - 0.3) / 0.7)
        return 0.5 + 0.5 * rest

    def score(self) -> float:
        """The cascade of :mod:`.relevance`: the word score, raised by meaning when the pair was
        embedded (``cosine``: only pairs whose attributes all agree and whose words fall short).
        The meaning score is 0.7 (the default threshold) exactly at ``RELEVANCE_COSINE``, rising
        to 1.0 at cosine 1 and falling to 0.5 at cosine 0: words or meaning, whichever says more."""
        words = self.word_score()
        if not self.ok or self.cosine is None:
            return words
        cos, t = max(0.0, self.cosine), RELEVANCE_COSINE
        meaning = 0.7 + 0.3 * (cos - t) / (1 - t) if cos >= t else 0.5 + 0.2 * cos / t
        return max(words, meaning)


# --------------------------------------------------------------------------- reading a text


def _head_after(text: str, end: int) -> str:
    """Stem of the word a cue applies to: the first content word after ``end`` within the
    same clause (auxiliaries and adverbs skipped); failing that, the first word at all
    ("there may be *more*")."""
    stop = re.search(r"[.;!?\n]", text[end:])
    limit = end + stop.start() if stop else len(text)
    fallback = ""
    for m in _WORD.finditer(text, end, limit):
        w = m.group(0).lower()
        if w in ("not", "n't", "no", "never"):
            continue
        if w in _SKIP_FOR_HEAD or w in STOPWORDS:
            fallback = fallback or (stem(w) if w not in _SKIP_FOR_HEAD else "")
            continue
        return stem(w)
    return fallback


def _tier_attrs(text: str, taken: list[tuple[int, int]]) -> list[Attr]:
    """Plan names the annotator was not told about: "the Team plan", "Plan: Team;"."""
    out = []
    for m in TIER_CONTEXT.finditer(text):
        name = m.group("name") or m.group("cell")
        if not name or name in NOT_TIERS or name.lower() in _NOT_NAMES:
            continue
        start = m.start("name") if m.group("name") else m.start("cell")
        end = start + len(name)
        if any(start < e and s < end for s, e in taken):
            continue
        out.append(Attr("scope", "tier", start, end, name, name.lower()))
        taken.append((start, end))
    return out


_HANDLE = re.compile(r"(?<![\w#@/&])[#@][A-Za-z][\w.-]*[A-Za-z0-9]")


def _handle_attrs(text: str, taken: list[tuple[int, int]]) -> list[Attr]:
    """Chat channels and handles ("#help-desk", "@ops-team"): names, whatever their case."""
    out = []
    for m in _HANDLE.finditer(text):
        if any(m.start() < e and s < m.end() for s, e in taken):
            continue
        out.append(Attr("entity", "name", m.start(), m.end(), m.group(0), m.group(0).lower()))
        taken.append((m.start(), m.end()))
    return out


def _name_attrs(text: str, taken: list[tuple[int, int]]) -> list[Attr]:
    """Capitalised words inside a sentence that no slot covers: names the statistical model
    missed ("Trial", "Gchat"). The first word of a sentence is left out (capitalised for
    grammar, not because it names anything) unless it is possessive ("Railway's")."""
    out = []
    for m in _NAME_RUN.finditer(text):
        a, b = m.start(), m.end()
        words = m.group(0).split()
        if _SENTENCE_START.search(text[max(0, a - 4) : a]) or a == 0:
            if not text.startswith(("'s", "\u2019s"), b):
                if len(words) == 1:
                    continue
                first = re.match(r"\S+\s+(?:of\s+|&\s+)?", m.group(0))
                a += first.end()  # keep the rest of the run ("Slack Connect" after "Use")
        if a >= b or any(a < e and s < b for s, e in taken):
            continue
        surface = text[a:b]
        acronym = surface.isupper() and len(surface) >= 2
        if (surface.lower() in STOPWORDS or surface.lower() in _NOT_NAMES) and not acronym or len(surface) < 2:
            continue
        out.append(Attr("entity", "name", a, b, surface, surface.lower()))
        taken.append((a, b))
    return out


#: the number of an ordered list's item at the start of a line: "1. Open", "(2) Click", "3) Save"
_LIST_NUMBER = re.compile(r"(?m)^[ \t]*\(?(\d{1,2})[.)](?=[ \t]+[^\s\d])")
_REFERENCE_MARKER = re.compile(r"\[\d{1,3}(?:\s*[,;\u2013-]\s*\d{1,3})*\]")
_DENIED_BEFORE = re.compile(r",\s*(?:but\s+)?(?:not|never)\s+(?:for\s+|in\s+|on\s+)?$", re.I)
_GLOSS_OPEN = re.compile(r"\(\s*$")
_GLOSS_BACK_STOP = re.compile(r"[.;:!?()\n]|,\s")
_APPROX_BEFORE = re.compile(r"\b(?:roughly|about|approximately|around|nearly|almost|some)\s+$", re.I)


def _gloss_value(first: Sequence[Quantity], g: Quantity) -> bool:
    """Whether the parenthesised quantity ``g`` restates the phrase holding ``first``: one of
    them in the same dimension within 10% ("a month (30 days)", "half a year (26 weeks)"), or
    a count times a unit quantity ("three 8-hour days (24 hours)")."""
    for q in first:
        if q.dim == g.dim and not math.isinf(q.value) and abs(q.value - g.value) <= 0.1 * max(abs(q.value), abs(g.value)):
            return True
    counts = [q.written if q.written is not None else q.value for q in first if q.dim in ("number", "count")]
    units = [q for q in first if q.dim == g.dim and q.written is not None]
    for n in counts:
        for u in units:
            if n and not math.isinf(u.value) and abs(n * u.value - g.value) <= 0.1 * abs(g.value):
                return True
    return False


def _merge_glosses(text: str, attrs: list[Attr]) -> list[Attr]:
    """A quantity in parentheses right after a phrase that states the same amount another way
    restates it ("within roughly a month (30 days)", "up to half a year (26 weeks)"): the
    phrase and its gloss are one attribute, with the gloss's exact value and the phrase's
    bound ("within", "up to"). Documentation writes the rounded form in words and the exact
    one in the parenthesis; reading them apart would make the rounded one a missing value."""
    out = list(attrs)
    for g in attrs:
        if g.quantity is None or not _GLOSS_OPEN.search(text[max(0, g.start - 3):g.start]):
            continue
        paren = text.rfind("(", 0, g.start)
        stop = None
        for m in _GLOSS_BACK_STOP.finditer(text, max(0, paren - 60), paren):
            stop = m.end()
        lo = stop if stop is not None else max(0, paren - 60)
        before = [a for a in out if a.quantity is not None and a is not g and a.start >= lo and a.end <= paren]
        if not before or not _gloss_value([a.quantity for a in before], g.quantity):
            continue
        first = min(before, key=lambda a: a.start)
        shape = next((a.quantity.shape for a in before if a.quantity.shape in ("ge", "gt", "le", "lt")), "")
        if not shape:  # a bound word before an approximate phrase ("within roughly a month")
            head = _APPROX_BEFORE.sub("", text[:first.start])
            shape = next((sh for rx, sh in _CMP_BEFORE if rx.search(head)), "")
        q = g.quantity
        if shape and q.shape in ("point", "approx"):
            lo_v, hi_v = _interval(q.value, shape)
            q = replace(q, shape=shape, lo=lo_v, hi=hi_v)
        q = replace(q, surface=text[first.start:g.end] + ")" if text.startswith(")", g.end) else text[first.start:g.end])
        merged = replace(g, start=first.start, quantity=q, surface=q.surface)
        out = [a for a in out if a not in before and a is not g] + [merged]
    out.sort(key=lambda a: (a.start, a.end))
    return out


def analyse(text: str, slots: Sequence[Slot], known_names: Sequence[str] = ()) -> Analysis:
    """Attributes and markers of ``text`` from its annotator slots plus the judge's own rules."""
    attrs: list[Attr] = []
    markers: list[Marker] = []
    taken: list[tuple[int, int]] = []
    quantity_slots = [s for s in slots if s.family == "quantity"]
    for s in slots:
        if s.family == "quantity":
            q = quantity_from_slot(s, text)
            if q is None:
                continue
            attrs.append(Attr("quantity", s.kind, q.start, q.end, q.surface, s.value, quantity=q, slot=s))
            taken.append((s.start, s.end))
        elif s.family == "date":
            attrs.append(Attr("date", s.kind, s.start, s.end, s.text, s.value, slot=s, rel=date_relation(text, s.start)))
            taken.append((s.start, s.end))
        elif s.family in ("scope", "entity"):
            attrs.append(Attr(s.family, s.kind, s.start, s.end, s.text, s.value, slot=s))
            taken.append((s.start, s.end))
    # values the annotator does not tag as mutation sites ("a year", "five dollars", "a year
    # and a half"), read by the value model
    for v in find_values(text):
        a, b = v.core
        if v.kind == "time":  # "9pm", "9am to 9pm": the annotator reads a bare count there
            drop = [x for x in attrs if x.quantity is not None and x.start < v.end and v.start < x.end]
            attrs = [x for x in attrs if x not in drop]
            taken = [t for t in taken if not any((x.slot.start, x.slot.end) == t for x in drop if x.slot)]
        if any(a < e and s < b for s, e in taken):
            continue
        q = quantity_from_value(v, text)
        if q is not None:
            attrs.append(Attr("quantity", q.dim, q.start, q.end, q.surface, q.surface, quantity=q))
            taken.append((a, b))
    # ranges swallow the quantities they cover ("between 3 and 15 years")
    for q in extra_quantities(text, list(taken), tuple(quantity_slots)):
        if q.shape == "range":
            attrs = [a for a in attrs if not (a.quantity is not None and q.start <= a.start and a.end <= q.end + 1)]
        attrs.append(Attr("quantity", q.dim, q.start, q.end, q.surface, q.surface, quantity=q))
        taken.append((q.start, q.end))
    attrs.extend(_tier_attrs(text, taken))
    for name in known_names:
        for m in re.finditer(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", text):
            if not any(m.start() < e and s < m.end() for s, e in taken):
                attrs.append(Attr("scope", "tier", m.start(), m.end(), m.group(0), name.lower()))
                taken.append((m.start(), m.end()))
    attrs.extend(_handle_attrs(text, taken))
    attrs.extend(_name_attrs(text, taken))
    attrs.sort(key=lambda a: (a.start, a.end))
    attrs = _merge_glosses(text, attrs)
    # a reference marker ("[4]", "[2, 3]") cites a source: it is not a value the text states
    # "non-production": the scope word negated by its prefix is its own value
    attrs = [replace(a, start=a.start - 4, surface=text[a.start - 4:a.end], value="non-" + a.value)
             if a.family == "scope" and a.start >= 4 and text[a.start - 4:a.start].lower() == "non-" else a
             for a in attrs]
    # an operand of a calculation ("25.5 hours (80% of 32 hours)") is not a value the text
    # states: it is how the stated one was computed
    attrs = [a for a in attrs if not (a.quantity is not None and _OPERAND_BEFORE.search(text, 0, a.start))]
    # a table row's headers ("Region Identifier: ...") label the values: they are no names
    headers = [(h0, h1) for h0, h1, _, _ in _row_cells(text)]
    if headers:
        attrs = [a for a in attrs if a.quantity is not None or a.family == "date"
                 or not any(x <= a.start and a.end <= y for x, y in headers)]
    refs = [(m.start(), m.end()) for m in _REFERENCE_MARKER.finditer(text)]
    # a list item's number ("1. Choose a region", "4) Restart the service") orders the steps:
    # it is no value the text states, and no word of it
    refs += [(m.start(1), m.end(1)) for m in _LIST_NUMBER.finditer(text)]
    if refs:
        attrs = [a for a in attrs if not any(x <= a.start and a.end <= y for x, y in refs)]

    # markers: negation, quantifiers, modals
    not_negation = [(m.start(), m.end()) for m in _NEG_NOT_NEGATION.finditer(text)]
    quantity_spans = [(a.start, a.end) for a in attrs if a.quantity is not None]

    def inside(spans, a, b):
        return any(s <= a and b <= e for s, e in spans)

    neg_spans: list[tuple[int, int]] = []
    for s in slots:
        word = s.text.lower()
        if s.family == "polarity" and s.kind == "negation" or (
            s.family == "aggregation" and QUANTIFIER_CLASS.get(word) == "none"
        ):
            if inside(not_negation, s.start, s.end) or inside(quantity_spans, s.start, s.end):
                continue
            markers.append(Marker("polarity", "not", word, _head_after(text, s.end), s.start, s.end))
            neg_spans.append((s.start, s.end))
        elif s.family == "aggregation":
            if word in ("most", "least") and re.search(r"\bat\s+$", text[max(0, s.start - 4):s.start], re.I):
                continue  # "at most 50": a bound, read with the quantity
            if word in ("many", "much") and re.match(r"\s+as\b", text[s.end:]) and re.search(r"\bas\s+$", text[:s.start]):
                continue  # "as many as 26 weeks", "up to ...": a bound, read with the quantity
            if re.match(r"\s+(?:other|another)\b", text[s.end:]):
                continue  # "each other" is reciprocal, not a quantifier
            cls = QUANTIFIER_CLASS.get(word)
            if word == "most" and _DEGREE_ADVERB.match(text, s.end):
                # a superlative degree ("most commonly used"), not "the majority of": a claim may
                # drop it; another quantifier in its place is still a swap. ("the most" before a
                # noun is an amount, "the most bang for the buck", and stays a quantifier)
                cls = "degree"
            mod = _QUANT_MODIFIER.search(text[max(0, s.start - 12) : s.start])
            if cls and mod:
                cls = "some" if mod.group(1).lower() == "not" else "most"
                word = f"{mod.group(1).lower()} {word}"
            if cls:
                markers.append(Marker("aggregation", cls, word, _head_after(text, s.end), s.start, s.end))
        elif s.family == "modality":
            key = s.value.lower().split()[0] if s.value else word
            cls = MODAL_CLASS.get(key, MODAL_CLASS.get(word, ""))
            markers.append(Marker("modality", cls, s.text.lower(), _head_after(text, s.end), s.start, s.end))
    # modals inside contractions the tagger splits oddly ("can't" -> "ca" + "n't")
    for m in _MODAL_CONTRACTED.finditer(text):
        if any(k.family == "modality" and k.start < m.end() and m.start() < k.end for k in markers):
            continue
        word = _CONTRACTED_MODAL.get(m.group(1).lower(), m.group(1).lower())
        markers.append(Marker("modality", MODAL_CLASS.get(word, ""), word, _head_after(text, m.end()), m.start(), m.end()))
    for m in _NEG_EXTRA.finditer(text):
        if any(m.start() < e and s < m.end() for s, e in neg_spans):
            continue
        if inside(not_negation, m.start(), m.end()) or inside(quantity_spans, m.start(), m.end()):
            continue
        markers.append(Marker("polarity", "not", m.group(0).lower(), _head_after(text, m.end()), m.start(), m.end()))
        neg_spans.append((m.start(), m.end()))
    # contrastive negation of a quantity ("billed yearly, not monthly", "once, not every
    # month"): the value is ruled out, not claimed, and its "not" negates no verb
    denied: list[Attr] = []
    for a in list(attrs):
        if a.quantity is None:
            continue
        m = _DENIED_BEFORE.search(text, 0, a.start)
        if m is None or m.end() != a.start:
            continue
        attrs.remove(a)
        denied.append(replace(a, start=m.start()))
        markers = [k for k in markers if not (k.family in ("polarity", "aggregation")
                                              and m.start() <= k.start and k.end <= a.end)]
    markers.sort(key=lambda k: k.start)

    words = []
    # ("most" and "some" phrases hold no noun; "all" phrases do: "per *teammate*")
    phrases = [(m.start(), m.end()) for cls, rx in _QUANT_PHRASES if cls != "all" for m in rx.finditer(text)]
    for m in _WORD.finditer(text):
        if refs and any(x <= m.start() and m.end() <= y for x, y in refs):
            continue
        if phrases and any(x <= m.start() and m.end() <= y for x, y in phrases):
            continue  # "the majority of" is a quantifier, not a content word
        w = m.group(0).lower()
        if w in STOPWORDS or w in QUANTIFIER_CLASS or w in MODAL_CLASS or w in ("n't", "nt"):
            continue
        words.append((stem(w), m.start(), m.end()))
    return Analysis(text, attrs, markers, words, denied)


# --------------------------------------------------------------------------- comparing


def _supports(c: Attr, p: Attr) -> bool:
    """Does premise attribute ``p`` state claim attribute ``c``'s value?"""
    if c.quantity is not None or p.quantity is not None:
        return c.quantity is not None and p.quantity is not None and quantity_supported(c.quantity, p.quantity)
    if c.family == "date" or p.family == "date":
        if not (c.family == "date" and p.family == "date" and c.slot is not None and p.slot is not None):
            return False
        if c.rel and p.rel and c.rel != p.rel:
            return False
        return date_supported(c.slot, p.slot)
    if c.kind == "version" or p.kind == "version":
        if c.kind != p.kind:
            return False
        cp, cv = version_parts(c.value)
        pp, pv = version_parts(p.value)
        return cv == pv and (not cp or not pp or names_equal(cp, pp))
    return names_equal(c.value, p.value) or names_equal(c.surface, p.surface)


def _supporting(c: Attr, attrs: Sequence[Attr]) -> list[Attr]:
    """The premise attributes that state claim attribute ``c``. A claimed bound ("below
    99.0%") written the same way in the premise is that bound, a label rather than a limit
    on some other number: then only the same bound counts."""
    found = [pa for pa in attrs if _supports(c, pa)]
    if c.quantity is not None and c.quantity.shape in ("ge", "gt", "le", "lt"):
        same = [pa for pa in found if pa.quantity is not None and pa.quantity.shape == c.quantity.shape]
        if same:
            return same
    return found


def _conflicts(c: Attr, p: Attr) -> bool:
    """Is ``p`` a *different* value of the same kind as ``c`` (a near miss, not a mention)?"""
    if _supports(c, p):
        return False
    if c.quantity is not None and p.quantity is not None:
        return comparable(c.quantity, p.quantity)
    if c.family == "date" and p.family == "date":
        return True
    if c.kind == "version" and p.kind == "version":
        cp, _ = version_parts(c.value)
        pp, _ = version_parts(p.value)
        return not cp or not pp or names_equal(cp, pp)
    return c.kind == p.kind and c.kind in NAME_KINDS


def _clauses(text: str, attrs: Sequence[Attr]) -> list[tuple[int, int, int]]:
    """``(start, end, sentence index)`` of each clause; never cuts through an attribute."""
    out = []
    for si, (a, b) in enumerate(split_sentences(text)):
        pos = a
        for m in _CLAUSE_SEP.finditer(text, a, b):
            if any(x.start < m.end() and m.start() < x.end for x in attrs):
                continue
            if m.start() > pos:
                out.append((pos, m.start(), si))
            pos = m.end()
        if b > pos:
            out.append((pos, b, si))
    return out or [(0, len(text), 0)]


class SlotsJudge(ScoreJudge):
    """Slot-consistency judge. Build once with an :class:`~mutagen_cite.analysis.annotate.Annotator`
    (and optionally an :class:`~mutagen_cite.audit.embeddings.Embedder`); pass it around.

    ``score`` is at most 0.3 when an attribute disagrees, and 0.5 + 0.5 x (coverage of the
    claim's other words) when all agree (see :meth:`Finding.score`); ``threshold`` (0.7)
    therefore asks for every attribute plus 40% of the remaining content words, or 58% when
    no typed value of the claim anchors it in the premise, or (with an ``embedder``) a cosine
    of at least ``RELEVANCE_COSINE`` with the closest premise unit when the words fall short.
    """

    name = "slots"

    def __init__(self, annotator: Any, *, embedder: Any = None, threshold: float = 0.7, name: str = "slots",
                 product_names: Sequence[str] = (), parse_cache: Any = None):
        self.annotator = annotator
        #: the corpus's own product / company names: a claim may name what the premise calls
        #: "we" / "our" (or leaves implicit, as a table row does)
        self.product_names = tuple(sorted({n for n in product_names if n}))
        #: relevance by meaning for the pairs words leave undecided (:mod:`.relevance`); None: words only
        self.embedder = embedder
        self.relevance = Relevance(embedder) if embedder is not None else None
        self.threshold = threshold
        self.name = name
        base = f"{SLOTS_VERSION}|{getattr(annotator, 'version', type(annotator).__name__)}"
        names = "|names=" + ",".join(self.product_names) if self.product_names else ""
        self._words_fingerprint = base + names
        self._fingerprint = base + (
            f"|emb={getattr(embedder, 'name', '')}:{(getattr(embedder, 'weights_sha256', '') or '')[:12]}"
            f"@{RELEVANCE_COSINE:.2f}" if embedder is not None else "") + names
        self._last: dict[tuple[str, str], Finding] = {}
        self._sentence_slots: dict[str, tuple[Slot, ...]] = {}
        self._sentence_parse: dict[str, tuple[tuple[Qualifier, ...], frozenset[str], bool]] = {}
        self._spans: dict[str, list[tuple[int, int]]] = {}
        self._analyses: dict[str, Analysis] = {}
        self.cache_limit = 100_000
        #: sentence parses kept on disk across runs (:mod:`.sentence_cache`); None: memory only
        self.parse_cache = None
        if parse_cache is not None:
            from .sentence_cache import SentenceCache, cache_version

            self.parse_cache = SentenceCache(parse_cache, cache_version(base))

    @property
    def fingerprint(self) -> str:  # type: ignore[override]
        """Version, annotator, embedding model and threshold (dropped when the model failed to
        load: words alone decided) and the corpus's names."""
        if getattr(self.embedder, "failed", False):
            return self._words_fingerprint
        return self._fingerprint

    # ------------------------------------------------------------------ public

    def score(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        return [v.score for v in self.verdicts(pairs)]

    def verdicts(self, pairs: Sequence[tuple[str, str]]) -> list[Verdict]:
        findings = self.findings(pairs)
        out = []
        for f in findings:
            score = f.score()
            supported = score >= self.threshold
            out.append(Verdict(supported=supported, score=round(score, 6), judge=self.name, reason=self._reason(f, supported)))
        return out

    def reason(self, premise: str, hypothesis: str, score: float) -> str:
        f = self._last.get((premise, hypothesis))
        if f is None:
            f = self.findings([(premise, hypothesis)])[0]
        return self._reason(f, score >= self.threshold)

    def findings(self, pairs: Sequence[tuple[str, str]]) -> list[Finding]:
        """The attribute check of every pair, with the texts annotated in one batch."""
        pairs = [(str(p), str(h)) for p, h in pairs]
        texts = list(dict.fromkeys(t for pair in pairs for t in pair))
        slots = self._slots(texts)
        # what the judge reads off a text depends on the text alone (and the names looked
        # for): kept across calls with the sentence caches, as a runner asks the same
        # premises for many claims
        analyses = self._analyses
        if len(analyses) > self.cache_limit:
            analyses.clear()

        def analysis(text: str, names: tuple[str, ...] = ()) -> Analysis:
            key = text if not names else text + "\0" + "\0".join(names)
            if key not in analyses:
                a = analyse(text, slots[text], names)
                a.quals, a.lemmas, a.lemma_of, a.speaker = self._parsed(text)
                analyses[key] = a
            return analyses[key]

        findings = []
        for premise, claim in pairs:
            c = analysis(claim)
            p = analysis(premise)
            # plan names seen in one text are looked for in the other (a table cell "Pro")
            names = tuple(sorted({a.surface for a in c.attrs if a.kind == "tier"} - {a.surface for a in p.attrs}))
            if names:
                p = analysis(premise, names)
            findings.append(self._check(_resolve_first_person(_drop_adverb_first(c, p), p, self.product_names), p))
        if self.relevance is not None:
            self._embedding_residue(pairs, findings)
        self._last = dict(zip(pairs, findings))
        return findings

    def prepare(self, pairs: Sequence[tuple[str, str]]) -> None:
        """Parse, in one batch, every sentence of these pairs that is not parsed yet (or read it
        from the disk parse cache), so that judging them later, however few pairs at a time
        (the runner asks one case at a time), parses nothing. Verdicts are the same with or
        without it: a sentence gets the same parse in any batch."""
        texts = list(dict.fromkeys(str(t) for pair in pairs for t in pair))
        if texts:
            spans = self._spans
            self._slots(texts)
            self._spans = spans

    def _slots(self, texts: Sequence[str]) -> dict[str, tuple[Slot, ...]]:
        """Slots of each text, annotated sentence by sentence: a sentence that appears in
        many premises (overlapping windows, a chunk cited by many claims) is parsed once, and
        gets the same slots wherever it appears. Kept across calls, up to ``cache_limit``."""
        spans = {t: split_sentences(t) or [(0, len(t))] for t in texts}
        todo = list(dict.fromkeys(
            t[a:b] for t in texts for a, b in spans[t] if t[a:b] not in self._sentence_slots
        ))
        if todo:
            if len(self._sentence_slots) + len(todo) > self.cache_limit:
                self._sentence_slots.clear()
                self._sentence_parse.clear()
                self._analyses.clear()
            nlp, slots_for = getattr(self.annotator, "nlp", None), getattr(self.annotator, "_slots_for", None)
            if nlp is not None and callable(slots_for):
                stored = self.parse_cache.get_many(todo) if self.parse_cache is not None else {}
                for sent, (sent_slots, parse) in stored.items():
                    self._sentence_slots[sent], self._sentence_parse[sent] = sent_slots, parse
                parse_now = [sent for sent in todo if sent not in stored]
                # one parse gives the annotator's slots and the nouns' qualifiers
                for sent, doc in zip(parse_now, nlp.pipe(parse_now, batch_size=getattr(self.annotator, "batch_size", 256))):
                    self._sentence_slots[sent] = slots_for(sent, doc)
                    self._sentence_parse[sent] = (
                        tuple(doc_qualifiers(doc)),
                        frozenset((t.lower_, t.lemma_.lower()) for t in doc if not t.is_punct),
                        any(_writer_subject(t) for t in doc))
                if self.parse_cache is not None and parse_now:
                    self.parse_cache.put_many(
                        (sent, (self._sentence_slots[sent], self._sentence_parse[sent])) for sent in parse_now)
            else:
                self._sentence_slots.update(zip(todo, self.annotator.slots(todo)))
        out = {}
        for t in texts:
            shifted: list[Slot] = []
            for a, b in spans[t]:
                for sl in self._sentence_slots[t[a:b]]:
                    shifted.append(replace(sl, start=sl.start + a, end=sl.end + a))
            out[t] = tuple(shifted)
        self._spans = spans
        return out

    def _parsed(self, text: str) -> tuple[list[Qualifier], frozenset[str], dict[str, str], bool]:
        """Qualifiers (offsets in ``text``), lemmas, word -> lemma and whether the writer speaks
        as "I", of a text whose sentences :meth:`_slots` parsed."""
        quals: list[Qualifier] = []
        lemma_of: dict[str, str] = {}
        speaker = False
        for a, b in self._spans.get(text, ()):
            q, pairs, first = self._sentence_parse.get(text[a:b], ((), frozenset(), False))
            quals.extend(shift(q, a))
            lemma_of.update(sorted(pairs))
            speaker = speaker or first
        return quals, frozenset(lemma_of.values()), lemma_of, speaker

    # ------------------------------------------------------------------ alignment

    def _check(self, c: Analysis, p: Analysis) -> Finding:
        valued = c.attrs
        clauses = _clauses(p.text, p.attrs)
        focus = self._best_sentence(c, p)
        candidates: list[Finding] = []
        if valued:
            covers: list[set[int]] = [set() for _ in clauses]
            for i, ca in enumerate(valued):
                spans = [(pa.start, pa.end) for pa in _supporting(ca, p.attrs)]
                if ca.kind in NAME_KINDS and _is_name_surface(ca.surface):  # written, tagged or not
                    spans.extend(_name_spans(ca, c.text, p.text))
                elif ca.kind in NAME_KINDS and ca.family == "scope":  # "non-production", written the same
                    spans.extend(_same_words(ca.surface, p.text))
                elif ca.kind not in NAME_KINDS:  # the value written the same way ("Daily")
                    spans.extend(_written_value(ca, p))
                for k, (a, b, _) in enumerate(clauses):
                    if any(x < b and a < y for x, y in spans):
                        covers[k].add(i)
            windows = _minimal_windows(covers, len(valued))
            for i, j in windows:
                span = (clauses[i][0], clauses[j][1])
                bound = [(clauses[k][0], clauses[k][1], covers[k]) for k in range(i, j + 1)] if j > i else []
                candidates.append(self._judge_window(c, p, span, focus, bound))
            if not windows:
                candidates.append(self._missing(c, p, clauses, covers, focus))
        else:
            candidates.append(self._judge_window(c, p, focus, focus, []))
        best = max(candidates, key=lambda f: (f.ok, -len(f.problems), f.residue))
        if c.speaker and not p.speaker:
            # what the writer thinks, feels or did ("I believe ...", "i was shocked to find ...")
            # is a statement about the writer, which a source that never speaks as "I" cannot
            # state (its facts may still be right: the claim is then only partly attributable)
            best.ok = False
            best.problems.append("the claim speaks as its writer ('I ...'), which the premise never does")
        for d in c.denied:
            stated = _supporting(d, p.attrs)
            if stated:
                best.ok = False
                best.problems.append(f"negation mismatch: claim rules out '{d.show()}', the premise states "
                                     f"'{stated[0].show()}'")
        return best

    def _best_sentence(self, c: Analysis, p: Analysis) -> tuple[int, int]:
        """The run of up to three consecutive premise sentences sharing most content words
        with the claim (a shorter run wins a tie, then the closer wording): where the claim
        is stated."""
        claim_stems = {s for s, _, _ in c.words}
        claim_all = {w.lower() for w in _WORD.findall(c.text)}
        sents = split_sentences(p.text) or [(0, len(p.text))]
        best, best_score = sents[0], -1.0
        for n in (1, 2, 3):
            for i in range(len(sents) - n + 1):
                a, b = sents[i][0], sents[i + n - 1][1]
                words = {w.lower() for w in _WORD.findall(p.text[a:b])}
                jaccard = len(claim_all & words) / max(1, len(claim_all | words))
                score = len(claim_stems & p.stems_in(a, b)) - 0.5 * (n - 1) + 0.9 * jaccard
                if score > best_score:
                    best, best_score = (a, b), score
        return best

    def _sentence_span(self, p: Analysis, span: tuple[int, int]) -> tuple[int, int]:
        """Widen a clause run to the sentences it touches: markers live at sentence level."""
        a, b = span
        for s, e in split_sentences(p.text):
            if s <= span[0] < e or s < span[1] <= e:
                a, b = min(a, s), max(b, e)
        return a, b

    def _judge_window(
        self, c: Analysis, p: Analysis, span: tuple[int, int], focus: tuple[int, int],
        bound: list[tuple[int, int, set[int]]],
    ) -> Finding:
        """Check the evidence ``span``. ``bound`` lists the clauses of a multi-clause run with
        the claim values each states: a clause that states one claimed value next to a
        *different* value of another claimed kind binds them the wrong way round."""
        problems: list[str] = []
        matched: list[str] = []
        inside = [pa for pa in p.attrs if pa.start >= span[0] and pa.end <= span[1]]
        for ca in c.attrs:
            hit = next(iter(_supporting(ca, inside)), None)
            if hit is not None:
                matched.append(_match_text(ca, hit))
            elif ca.kind in NAME_KINDS and _is_name_surface(ca.surface) and _name_spans(ca, c.text, p.text[span[0]:span[1]]):
                matched.append(f"{ca.label()} '{ca.surface}'")
            elif ca.kind in NAME_KINDS and ca.family == "scope" and _same_words(ca.surface, p.text[span[0]:span[1]]):
                matched.append(f"{ca.label()} '{ca.surface}'")
            elif ca.kind not in NAME_KINDS and any(span[0] <= a and b <= span[1] for a, b in _written_value(ca, p)):
                matched.append(f"{ca.label()} '{ca.show()}'")
        for a, b, stated in bound:
            if not stated:
                continue
            here = [pa for pa in inside if pa.start >= a and pa.end <= b]
            for i, ca in enumerate(c.attrs):
                if i in stated:
                    continue
                rivals = [pa for pa in here if _conflicts(ca, pa) and (
                    pa.kind in ENUMERABLE or pa.quantity is not None or pa.family == "date")
                    and not any(pa in _supporting(x, inside) for x in c.attrs)]
                if rivals:
                    other = c.attrs[min(stated)]
                    problems.append(
                        f"{ca.label()} mismatch: the premise gives '{rivals[0].show()}', not '{ca.show()}', "
                        f"with {other.label()} '{other.show()}': \"{_clip(p.text[a:b])}\""
                    )
        context = self._sentence_span(p, span)
        if focus[0] < context[1] and context[0] < focus[1]:  # the claim's words run on
            context = (min(context[0], focus[0]), max(context[1], focus[1]))
        if c.attrs:
            rows = [(a, b) for a, b, _ in _clauses(p.text, p.attrs) if a >= context[0] and b <= context[1]]
            if len(rows) > 1:
                in_context = [pa for pa in p.attrs if pa.start >= context[0] and pa.end <= context[1]]
                problems.extend(_label_binding(c, p, in_context, rows))
        problems.extend(_marker_problems(c, p, context))
        problems.extend(_frame_problems(c, p, context))
        problems.extend(_scope_problems(c, p, context))
        problems.extend(_total_problems(c, p, context))
        residue, words = _residue(c, p, context)
        cells = _row_cells(p.text, context)
        if cells and matched and not problems:
            # a table row names its subject in the first cell ("Plan: Pro") and holds no verbs:
            # a claim naming that subject whose values all sit in the row is about this row,
            # whatever verbs and nouns it restates the headers with ("allows", "memory")
            first = re.sub(r"\([^)]*\)", " ", p.text[cells[0][2]:cells[0][3]])  # "P3 (Integrations, ...)"
            key = {w.lower() for w in _WORD.findall(first)} - set(STOPWORDS)
            if key and key <= {w.lower() for w in _WORD.findall(c.text)}:
                residue = max(residue, ROW_KEY_RESIDUE)
        return Finding(ok=not problems, problems=problems, matched=matched, span=context, residue=residue,
                       residue_words=words, anchored=bool(matched))

    def _missing(self, c: Analysis, p: Analysis, clauses, covers, focus) -> Finding:
        """No run of clauses states every claimed value: say which are absent and what the
        premise says instead, from the sentence that shares most with the claim."""
        found = set().union(*covers) if covers else set()
        problems = []
        for i, ca in enumerate(c.attrs):
            if i in found:
                continue
            claimed = [pa for x in c.attrs for pa in _supporting(x, p.attrs)]
            rivals = [pa for pa in p.attrs if pa not in claimed and _conflicts(ca, pa)]
            near = [pa for pa in rivals if pa.start >= focus[0] and pa.end <= focus[1]] or rivals
            if near:
                problems.append(f"{ca.label()} mismatch: claim '{ca.show()}' vs premise '{near[0].show()}'")
            else:
                problems.append(f"not in premise: {ca.label()} '{ca.show()}'")
        if not problems:  # each value is somewhere, but never together
            problems.append("claimed values are stated apart, never together: " + ", ".join(f"'{a.surface}'" for a in c.attrs))
        residue, words = _residue(c, p, focus)
        return Finding(ok=False, problems=problems, span=focus, residue=residue, residue_words=words)

    # ------------------------------------------------------------------ residue

    def _embedding_residue(self, pairs: Sequence[tuple[str, str]], findings: list[Finding]) -> None:
        """The cascade's second step (:mod:`.relevance`): only pairs whose attributes all agree
        and whose words fall short of the threshold are embedded, in one batch, the claim
        against the evidence window and each premise sentence."""
        # a claim of several sentences makes several statements: one cosine cannot check each,
        # so words decide it (measured on the train parts: BEGIN 0.871 -> 0.875, others equal)
        todo = [k for k, f in enumerate(findings)
                if f.ok and f.word_score() < self.threshold and len(split_sentences(pairs[k][1])) <= 1]
        items = [(pairs[k][1], relevance_units(pairs[k][0], findings[k].span)) for k in todo]
        cosines = self.relevance.cosines(items) if items else []
        for k, cos in zip(todo, cosines or ()):
            findings[k].cosine = cos

    def _reason(self, f: Finding, supported: bool) -> str:
        if f.problems:
            return "; ".join(f.problems)
        found, total = f.residue_words
        rest = f"{found}/{total} other claim words in premise" if total else "no other content words"
        if f.cosine is not None:
            rest += f", meaning similarity {f.cosine:.2f} (relevant at >= {RELEVANCE_COSINE:.2f})"
            if not supported:
                return f"attributes agree but the rest of the claim is not what the premise says ({rest})"
        if not supported:
            return f"attributes agree but too little of the claim is in the premise ({rest}, {f.residue:.2f})"
        agreed = ", ".join(f.matched[:4]) if f.matched else "no typed attributes to check"
        return f"attributes agree ({agreed}); {rest}"


#: a name is the corpus's own (its company or product, what "we" / "our" stand for) when
#: it is written capitalised inside sentences of at least this share of the documents, and
#: of at least PRODUCT_NAME_MIN_DOCS of them. Measured on the three shared corpora: the
#: company names sit at 0.73-0.96 (Railway, Sourcegraph, TTS, GSA), the next names (Settings,
#: Slack, GitHub, Office) at 0.34-0.42; on the demo corpus plan names (Enterprise, Business)
#: also pass, which is why learned plan names are left out.
PRODUCT_NAME_SHARE = 0.6
PRODUCT_NAME_MIN_DOCS = 3
_MID_SENTENCE_NAME = re.compile(r"(?<=[a-z0-9,;)] )([A-Z][A-Za-z0-9]*[a-z0-9][A-Za-z0-9]*|(?=[A-Z0-9]*[A-Z])[A-Z0-9]{2,})\b")


def corpus_product_names(texts: Sequence[str], tiers: Sequence[str] = ()) -> tuple[str, ...]:
    """The corpus's own names: capitalised words written mid-sentence in at least
    :data:`PRODUCT_NAME_SHARE` of the documents ``texts`` (plan names ``tiers``, stopwords and
    words naming a kind, such as "Plan", left out), sorted. A claim that names one where its
    premise says "we" or states a bare table row names what the premise is about."""
    texts = list(texts)
    if len(texts) < PRODUCT_NAME_MIN_DOCS:
        return ()
    df: dict[str, int] = {}
    for t in texts:
        for name in {m.group(1) for m in _MID_SENTENCE_NAME.finditer(t)}:
            df[name] = df.get(name, 0) + 1
    skip = {t.lower() for t in tiers} | set(STOPWORDS) | _NOT_NAMES | _KIND_NOUNS
    need = max(PRODUCT_NAME_MIN_DOCS, PRODUCT_NAME_SHARE * len(texts))
    return tuple(sorted(n for n, k in df.items() if k >= need and n.lower() not in skip))


def header_product_names(header: Any) -> tuple[str, ...]:
    """The corpus's own names a suite was built with (``settings.product_names`` of its
    header; empty for a hand-written suite or one built before they were recorded)."""
    names = (getattr(header, "settings", None) or {}).get("product_names") if header is not None else None
    return tuple(str(n) for n in names) if isinstance(names, (list, tuple)) else ()


def analysis_product_names(analysis: Any) -> tuple[str, ...]:
    """:func:`corpus_product_names` of a loaded corpus analysis (its documents and learned plans)."""
    return corpus_product_names([d.text for d in analysis.corpus.documents], tuple(getattr(analysis, "tiers", ()) or ()))


_FIRST_PERSON = re.compile(r"\b(?:[Ww]e|[Oo]ur|[Oo]urs|us)\b")
_SELF_KINDS = {"org", "name", "product"}


def _drop_adverb_first(c: Analysis, p: Analysis) -> Analysis:
    """"They *first* upgrade": a "first" with no determiner may be an adverb, not a rank. When
    the premise states no rank at all, the claim's is read as the adverb (an "in first place"
    the premise writes "1st" is still matched, a "second" still conflicts)."""
    soft = [a for a in c.attrs if a.quantity is not None and a.quantity.dim == "ordinal"
            and adverb_first(c.text, a.start, a.end)]
    if not soft or any(pa.quantity is not None and pa.quantity.dim == "ordinal" for pa in p.attrs):
        return c
    return replace(c, attrs=[a for a in c.attrs if a not in soft])


def _resolve_first_person(c: Analysis, p: Analysis, product_names: Sequence[str]) -> Analysis:
    """The claim names the company the premise calls "we" / "our": that name is the
    premise's first person, not a missing attribute. A known product name of the corpus
    counts wherever the premise names no rival of its kind; when the corpus's names are not
    known, any name counts where the premise speaks in the first person and names no rival."""
    drop = []
    first_person = bool(_FIRST_PERSON.search(p.text))
    for a in c.attrs:
        if a.kind not in _SELF_KINDS or _occurrences(a.surface, p.text):
            continue
        # a name both texts write is shared, not a rival ("Teammates" tagged as an organisation)
        rivals = [pa for pa in p.attrs if pa.kind == a.kind and not _occurrences(pa.surface, c.text)]
        # with the corpus's names known, "we" is them and no other company; without, any name
        own = a.surface in product_names or any(names_equal(a.surface, n) for n in product_names)
        if not rivals and (own or first_person and not product_names):
            drop.append(a)
    if not drop:
        return c
    spans = [(a.start, a.end + 2) for a in drop]
    return Analysis(c.text, [a for a in c.attrs if a not in drop], c.markers,
                    [w for w in c.words if not any(x <= w[1] and w[2] <= y for x, y in spans)], c.denied,
                    c.quals, c.lemmas, c.lemma_of)


_OPERAND_BEFORE = re.compile(r"(?:\d\s?%|\bpercent|\d\s?[x×]|\btimes)\s+of\s+$|\d\s?%\s+of\s+$", re.I)

#: one cell of a table row as the corpus loader writes it: ``Header: value`` between "; "
_CELL = re.compile(r"(?P<h>[^:;\n]{1,80}?):\s+(?P<v>[^;\n]+?)\s*(?=;\s|\.?\s*$)")


def _row_cells(text: str, span: tuple[int, int] = (0, -1)) -> list[tuple[int, int, int, int]]:
    """``(header start, header end, value start, value end)`` of each cell when ``text[span]``
    is one table row written ``Header: value; Header: value.`` (at least two cells), else []."""
    a, b = span[0], (len(text) if span[1] < 0 else span[1])
    seg = text[a:b]
    cells, pos = [], 0
    for part in re.finditer(r"[^;]+", seg):
        m = _CELL.match(seg, part.start() + (len(part.group(0)) - len(part.group(0).lstrip())), part.end())
        if m is None or m.end() < part.end() - 2:
            return []
        cells.append((a + m.start("h"), a + m.end("h"), a + m.start("v"), a + m.end("v")))
        pos = part.end()
    return cells if len(cells) >= 2 and pos >= len(seg.rstrip()) - 1 else []


_TOTAL = re.compile(r"\b(?:in\s+total|together|combined|altogether|collectively|all\s+told|cumulatively|"
                    r"in\s+aggregate|in\s+sum|total(?:led|ling|s)?|sum|aggregate|cumulative)\b", re.I)
_DISTRIBUTIVE = re.compile(r"\b(?:any\s+given|any\s+single|each|every|per|a\s+single)\s+(?:[a-z-]+\s+){0,2}?"
                           r"(?P<noun>[a-z-]+)\b", re.I)


_MOMENTS = {"time", "times", "moment", "point", "instance", "occasion"}


def _total_problems(c: Analysis, p: Analysis, span: tuple[int, int]) -> list[str]:
    """An amount the premise states per item ("more than $1,000 on *any given* item") is
    not a total over items ("items *together* cost more than $1,000"): a claim that sums
    where the premise distributes, and never says total, misstates the aggregation."""
    cm = _TOTAL.search(c.text)
    if cm is None or not any(a.quantity is not None for a in c.attrs):
        return []
    text = p.text[span[0]:span[1]]
    if _TOTAL.search(text):
        return []
    dm = _DISTRIBUTIVE.search(text)
    noun = dm.group("noun").lower() if dm else ""
    if dm is None or noun in TIME_UNIT_FORMS or noun in _MOMENTS:
        return []  # "per day" is a rate, "at any given time" a moment: no distribution over items
    return [f"aggregation mismatch: the claim sums ('{cm.group(0)}'), the premise states it per item "
            f"('{dm.group(0)}')"]


_COORDINATED_WORDS = re.compile(r"(?<![\w-])([A-Za-z][\w-]*)\s*,?\s+(?:or|and)\s+([A-Za-z][\w-]*)(?![\w-])")


def _word_stated(word: str, c: Analysis, p: Analysis) -> bool:
    """Is claim word ``word`` (lower case) written in the premise: stem, lemma or surface?"""
    if stem(word) in {s for s, _, _ in p.words} or c.lemma_of.get(word, word) in p.lemmas:
        return True
    return re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", p.text, re.I) is not None


def _mentions(q: Qualifier, other: Analysis) -> bool:
    """Does ``other`` mention qualifier ``q``'s modifier (lemma, crude stem or surface)? A
    hyphen the tokeniser left on a split word ("pseudo -scientific") is no part of it."""
    mod, surface = q.mod.strip("-"), q.mod_text.strip("-")
    if not surface:
        return True
    if mod in other.lemmas or surface.lower() in other.lemmas:
        return True
    if stem(surface) in {s for s, _, _ in other.words}:
        return True
    return re.search(r"(?<![\w])" + re.escape(surface) + r"(?![\w])", other.text, re.I) is not None


def _scope_problems(c: Analysis, p: Analysis, span: tuple[int, int]) -> list[str]:
    """A noun both texts restrict, each with a word the other never mentions (see
    :mod:`.qualifiers`). Claim words inside a valued attribute are the attribute checks'."""
    if not c.quals or not p.quals:
        return []
    skip = [(a.start, a.end) for a in c.attrs if a.quantity is not None or a.family == "date"]
    p_skip = [(a.start, a.end) for a in p.attrs if a.quantity is not None or a.family == "date"]
    # coordinated modifiers enumerate a scope: "full-time or part-time" where the premise
    # restricts a noun to "full-time" and never mentions "part-time" widens it
    p_mods = {q.mod_text for q in p.quals if span[0] <= q.head_start < span[1] and not q.prep
              and q.mod_text.islower()}  # words before the noun; names are the name checks' business
    for m in _COORDINATED_WORDS.finditer(c.text):
        x, y = m.group(1), m.group(2)
        for have, extra in ((x, y), (y, x)):
            if have in p_mods and extra not in p_mods and not _word_stated(extra, c, p):
                return [f"scope mismatch: the premise restricts to '{have}', the claim adds '{extra}'"]
    return qualifier_problems(c.quals, p.quals, lambda q: _mentions(q, p), lambda q: _mentions(q, c), span, skip,
                              p_skip)


def _label_binding(c: Analysis, p: Analysis, inside: list[Attr], rows: list[tuple[int, int]]) -> list[str]:
    """Rows of a table ("Request logs: 5 days; ...; Deletion after closure: 45 days"): a
    claimed value found in one clause, while a different value of the same kind sits in a
    clause whose other words match the claim better, is bound to the wrong row."""
    claim_spans = [(x.start, x.end) for x in c.attrs if x.quantity is not None or x.family == "date"]
    claim_stems = {s for s, a, b in c.words if not any(u <= a and b <= v for u, v in claim_spans)}

    def label_overlap(a: int, b: int) -> int:
        spans = [(x.start, x.end) for x in inside if x.start >= a and x.end <= b and (x.quantity is not None or x.family == "date")]
        return len({s for s, x, y in p.words if a <= x and y <= b and not any(u <= x and y <= v for u, v in spans)}
                   & claim_stems)

    out = []
    for ca in c.attrs:
        if ca.quantity is None and ca.family != "date":
            continue
        support = _supporting(ca, inside)
        taken = {id(pa) for x in c.attrs for pa in _supporting(x, inside)}
        rivals = [pa for pa in inside if id(pa) not in taken and _conflicts(ca, pa)]
        hits = [(label_overlap(a, b), a, b) for a, b in rows if any(a <= pa.start and pa.end <= b for pa in support)]
        misses = [(label_overlap(a, b), a, b, pa) for a, b in rows for pa in rivals if a <= pa.start and pa.end <= b]
        if hits and misses:
            best_hit = max(h[0] for h in hits)
            best_miss = max(misses, key=lambda m: m[0])
            if best_miss[0] > best_hit:
                out.append(f"{ca.label()} mismatch: claim '{ca.show()}' but the premise gives '{best_miss[3].show()}' "
                           f"here: \"{_clip(p.text[best_miss[1]:best_miss[2]])}\"")
    return out


def _minimal_windows(covers: list[set[int]], n: int) -> list[tuple[int, int]]:
    """Every shortest run ``[i, j]`` of clauses whose covers together hold all ``n`` values."""
    windows = []
    for i in range(len(covers)):
        have: set[int] = set()
        for j in range(i, len(covers)):
            have |= covers[j]
            if len(have) == n:
                windows.append((i, j))
                break
    if not windows:
        return []
    shortest = min(j - i for i, j in windows)
    # keep every window no longer than the shortest + 1 clause: a heading clause may separate
    return [(i, j) for i, j in windows if j - i <= shortest + 1]


def _match_text(c: Attr, p: Attr) -> str:
    if c.show().lower() == p.show().lower():
        return f"{c.label()} '{c.show()}'"
    return f"{c.label()} '{c.show()}' = '{p.show()}'"


def _clip(text: str, n: int = 90) -> str:
    t = " ".join(text.split())
    return t if len(t) <= n else t[: n - 3] + "..."


@lru_cache(maxsize=8192)
def _antonym_stems(head: str) -> frozenset[str]:
    return frozenset(stem(w) for x in _ANTONYM_OF if stem(x) == head for w in _ANTONYM_OF[x])


def _marker_problems(c: Analysis, p: Analysis, span: tuple[int, int]) -> list[str]:
    """Negation, quantifier and modality of the claim against the evidence ``span``, read
    by class whatever the wording: "can't" / "cannot" / "is not able to" are one negated
    permission; "optional" / "not required" one permission; "does not charge" is "waives"."""
    problems: list[str] = []
    pm = [m for m in p.markers if m.start >= span[0] and m.end <= span[1]]
    p_stems = p.stems_in(*span)
    c_stems = {s for s, _, _ in c.words}
    p_text = p.text[span[0]:span[1]]
    c_modal, c_modal_spans = modal_classes(c.text)
    p_modal, p_modal_spans = modal_classes(p_text)
    p_modal_spans = [(a + span[0], b + span[0]) for a, b in p_modal_spans]

    def in_modal(m: Marker, spans) -> bool:
        return any(a <= m.start and m.end <= b for a, b in spans)

    # negation: by the word negated; a negated modal is the modality check's; a negated
    # verb stated by its opposite ("does not charge" / "waives") agrees
    c_neg = [m for m in c.markers if m.family == "polarity" and not in_modal(m, c_modal_spans)]
    p_neg = [m for m in pm if m.family == "polarity" and not in_modal(m, p_modal_spans)]
    p_all_neg = [m for m in pm if m.family == "polarity"]
    for m in c_neg:
        if m.head and _antonym_stems(m.head) & p_stems:
            continue
        if m.word == "without" and re.search(r"\bunless\b|\bnon-\w", p_text, re.I):
            continue
        if m.head and m.head in p_stems:
            if not any(n.head == m.head for n in p_all_neg):
                problems.append(f"negation mismatch: claim negates '{_word_at(c.text, m)}', the premise does not")
        elif not p_all_neg and not (c_modal & {"prohibition"} and p_modal & {"prohibition"}):
            problems.append(f"negation mismatch: claim says '{m.word}', the premise states no negation")
    for n in p_neg:
        if n.head and _antonym_stems(n.head) & c_stems:
            continue
        if n.word == "without" and re.search(r"\bunless\b", c.text, re.I):
            continue
        if n.head and n.head in c_stems and not any(m.head == n.head for m in c.markers if m.family == "polarity"):
            problems.append(f"negation mismatch: premise negates '{_word_at(p.text, n)}', the claim does not")

    # quantifiers: by the word quantified; "each" / "every" / "all" / "any" are one class
    c_q = [m for m in c.markers if m.family == "aggregation"]
    p_q = [m for m in pm if m.family == "aggregation"]
    p_all_stems = {s for s, _, _ in p.words}
    p_qcls = {n.cls for n in p_q} | {cls for cls, rx in _QUANT_PHRASES if rx.search(p_text)}
    c_qcls = {m.cls for m in c_q} | {cls for cls, rx in _QUANT_PHRASES if rx.search(c.text)}
    for m in c_q:
        if m.cls == "only":  # "only" restricts wherever it stands; the premise must restrict too
            if not any(n.cls == "only" for n in p_q) and not re.search(r"\b(?:only|exclusively|solely)\b", p_text, re.I):
                problems.append(f"quantifier mismatch: claim says '{_word_at(c.text, m)}', the premise does not restrict it")
            continue
        same = [n for n in p_q if n.head == m.head and m.head]
        if same:
            if not any(m.cls in QUANTIFIER_ENTAILS.get(n.cls, set()) for n in same):
                problems.append(f"quantifier mismatch: claim '{m.word}' vs premise '{same[0].word}'")
            continue
        if m.cls in ("most", "some", "few") and m.cls not in p_qcls:
            if p_qcls & {"all", "none"} or (m.head and m.head in p_stems):
                problems.append(f"quantifier mismatch: claim says '{m.word}', the premise does not")
            elif m.head and m.head in {x for x, _, _ in c.words} and m.head not in p_all_stems:
                problems.append(f"quantifier mismatch: claim says '{_word_at(c.text, m)}', the premise never mentions it")
        elif m.cls == "all" and p_qcls & {"most", "some", "few"} and "all" not in p_qcls:
            problems.append(f"quantifier mismatch: claim says '{m.word}', the premise does not")
    for n in p_q:
        if n.head and n.head in c_stems and not any(m.head == n.head for m in c_q) and n.cls in ("most", "some", "few") \
                and n.cls not in c_qcls:
            problems.append(f"quantifier mismatch: premise says '{n.word} {_word_after(p.text, n)}', the claim drops it")
    problems.extend(_member_problems(c, p, c_q, span))
    problems.extend(_only_problems(c, p, p_text, span))
    if "all" in p_qcls and "all" not in c_qcls and c_qcls & {"most", "some"}:
        if not any("quantifier" in x for x in problems):
            problems.append("quantifier mismatch: the premise says each/all, the claim does not")

    # modality: by class, per verb governed ("will be taken" vs "may be taken", whatever
    # "you can copy" says elsewhere); a verb the premise words differently: all its classes
    c_heads: dict[str, set[str]] = {}
    for cls, (a, b) in zip(_modal_order(c.text), c_modal_spans):
        c_heads.setdefault(_head_after(c.text, b), set()).add(cls)
    p_heads: dict[str, set[str]] = {}
    for cls, (a, b) in zip(_modal_order(p_text), p_modal_spans):
        p_heads.setdefault(_head_after(p.text, b), set()).add(cls)
    for h, ccls in sorted(c_heads.items()):
        pcls = p_heads.get(h) if h else None
        problem = _modal_problem(ccls, pcls if pcls else p_modal)
        if problem:
            problems.append(f"modal mismatch: claim {problem[0]} vs premise {problem[1]}")
            break

    # documentation antonyms (an opposite the other text negates agrees: "not required" / "optional")
    c_words = {w.lower() for w in _WORD.findall(c.text)}
    p_words = {w.lower() for w in _WORD.findall(p_text)}
    p_negated = {n.head for n in p_all_neg if n.head}
    c_negated = {m.head for m in c.markers if m.family == "polarity" and m.head}
    # compared by stem, so any inflection counts ("excludes" / "including")
    c_stems = {stem(w) for w in c_words}
    p_stems = {stem(w): w for w in sorted(p_words - _MODAL_WORDS)}
    for w in sorted(c_words - p_words - _MODAL_WORDS):
        if stem(w) in p_stems:
            continue
        opposite = {stem(x) for x in _ANTONYM_OF.get(w, set())}
        if w not in TIME_UNIT_FORMS:  # periods stay exact: "months" in "12 months" is no rival of "year"
            opposite |= _antonym_stems(stem(w))
        rivals = sorted(p_stems[r] for r in opposite & set(p_stems) - c_stems
                        if r not in p_negated and stem(w) not in c_negated)
        if rivals:
            problems.append(f"antonym: claim '{w}' vs premise '{rivals[0]}'")
            break
    return problems


#: nouns that name the members of a group ("each *team member*", "every guild *participant*")
MEMBER_NOUNS = {"member", "members", "employee", "employees", "person", "people", "individual", "individuals",
                "participant", "participants", "teammate", "teammates", "user", "users", "staffer", "staffers"}


#: collective nouns that name the people themselves, not a group that holds something
PEOPLE_NOUNS = {"staff", "personnel", "workforce", "faculty", "crew", "employees", "people"}


def _member_problems(c: Analysis, p: Analysis, c_q: Sequence[Marker], span: tuple[int, int]) -> list[str]:
    """A quantity given to a group is not given to each of its members: "each guild member"
    (a group noun, then a member noun) quantifies over members, which a premise about the
    guilds themselves ("Guilds are given 4 hours") does not state."""
    p_stems = {s for s, _, _ in p.words}
    for m in c_q:
        if m.cls != "all":
            continue
        words = []
        for w in _WORD.finditer(c.text, m.end):
            low = w.group(0).lower()
            if low in STOPWORDS or low in _SKIP_FOR_HEAD or len(words) == 3:
                break
            words.append(low)
        at = next((i for i, w in enumerate(words) if i >= 1 and w in MEMBER_NOUNS), None)
        if at is None:
            continue
        if words[at - 1] in PEOPLE_NOUNS:
            continue  # "each staff member": staff are the members themselves
        group = [stem(w) for w in words[:at]]
        if stem(words[at]) not in p_stems and any(g in p_stems for g in group):
            return [f"aggregation mismatch: claim gives it to each '{' '.join(words[:at + 1])}', the premise to "
                    f"the '{' '.join(words[:at])}' as a whole"]
    return []


_ONLY = re.compile(r"\b(?:only|exclusively|solely)\b", re.I)
_COORDINATION = re.compile(
    r"\b([A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?)\s+(?:and|or|as\s+well\s+as|plus)\s+([A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?)")


def _only_problems(c: Analysis, p: Analysis, p_text: str, span: tuple[int, int]) -> list[str]:
    """"Only X" excludes every alternative: a claim that lists X *and* Y (Y nowhere in the
    premise) where the premise says "only X" widens what the premise restricts."""
    if not _ONLY.search(p_text):
        return []
    have = p.stems_in(*span)

    def content(phrase: str) -> list[str]:
        return [w.lower() for w in _WORD.findall(phrase)
                if w.lower() not in STOPWORDS and w.lower() not in _SKIP_FOR_HEAD and not _ONLY.fullmatch(w)]

    def stated(w: str) -> bool:  # by stem or by lemma ("used" / "use")
        return stem(w) in have or c.lemma_of.get(w, w) in p.lemmas

    if any(k.family == "aggregation" and k.cls == "all" for k in c.markers):
        # "any ACME staff" where the premise says "only ACME Operations staff": the claim's
        # name is written in the premise only as the start of a longer, narrower name
        for a in c.attrs:
            if a.kind not in NAME_KINDS or not _is_name_surface(a.surface):
                continue
            found = _occurrences(a.surface, p_text)
            longer = [re.match(r"\s+([A-Z][\w-]*)", p_text[e:]) for _, e in found]
            if found and all(longer) and not any(m.group(1) in c.text for m in longer):
                return [f"scope mismatch: the premise says only '{a.surface} {longer[0].group(1)}', "
                        f"the claim every '{a.surface}'"]
    for m in _COORDINATION.finditer(c.text):
        if re.match(r"(?:nothing|nobody|none|no)\b", m.group(2), re.I):
            continue  # "X and nothing else" is "only X"
        a, b = content(m.group(1)), content(m.group(2))
        if a and b and any(stated(x) for x in a) and not any(stated(x) for x in b):
            return [f"scope mismatch: the premise says only '{m.group(1)}', the claim adds '{m.group(2)}'"]
        if a and b and any(stated(x) for x in b) and not any(stated(x) for x in a):
            return [f"scope mismatch: the premise says only '{m.group(2)}', the claim adds '{m.group(1)}'"]
    return []


def _modal_problem(c: set[str], p: set[str]) -> tuple[str, str] | None:
    """Whether claim modality classes ``c`` conflict with premise classes ``p``: a must /
    may / should / must-not swap, or a plain claim over a premise that only permits or
    recommends. A premise with no modality states a fact, which a "can" claim restates."""
    def show(x: set[str]) -> str:
        return "+".join(sorted(x)) or "no modality"

    if c == p:
        return None
    for cls in ("obligation", "recommendation", "prohibition", "permission", "certainty"):
        rivals = {"obligation": {"permission", "recommendation", "prohibition"},
                  "certainty": {"permission", "recommendation", "prohibition"},
                  "recommendation": {"obligation", "permission", "prohibition", "certainty"},
                  "prohibition": {"permission", "obligation"},
                  "permission": {"obligation", "prohibition", "recommendation", "certainty"}}[cls]
        if cls in c and cls not in p and p & rivals:
            return show(c), show(p)
    return None


_NEG_WORDS = {"not", "no", "never", "none", "nothing", "nobody", "without", "cannot", "neither", "nor"}


def _negations(words: Sequence[str]) -> int:
    return sum(w.lower() in _NEG_WORDS or w.lower().endswith("n't") for w in words)


def _frame_problems(c: Analysis, p: Analysis, span: tuple[int, int]) -> list[str]:
    """When claim and evidence are the same sentence but for a few words, read the edit
    itself: a capitalised word swapped for another is a different name, a number token
    swapped for another a different number, a negation added or dropped a flip, whatever the
    tagger made of either side. Value rewrites ("7 days" -> "one week") are left to the
    attribute check: they are not a swap of one number token for another. The evidence is
    tried whole and sentence by sentence; the closest wording decides."""
    cm = list(_WORD.finditer(c.text))
    if not cm:
        return []
    best = None
    parts = [span] + [(a, b) for a, b in split_sentences(p.text) if a >= span[0] and b <= span[1]]
    for a, b in parts:
        pm = list(_WORD.finditer(p.text, a, b))
        if not pm:
            continue
        matcher = difflib.SequenceMatcher(
            a=[m.group(0).lower() for m in pm], b=[m.group(0).lower() for m in cm], autojunk=False
        )
        ratio = matcher.ratio()
        if best is None or ratio > best[0]:
            best = (ratio, pm, matcher)
    if best is None or best[0] < 0.8:
        return []
    _, pm, matcher = best
    dates = [(a.start, a.end) for a in c.attrs if a.family == "date"]
    valued = [(a.start, a.end) for a in c.attrs if a.quantity is not None or a.family == "date" or a.kind == "version"]
    denied = [(d.start, d.end) for d in c.denied]
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal" or i2 - i1 > 3 or j2 - j1 > 3:
            continue
        old, new = pm[i1:i2], cm[j1:j2]
        if new and all(any(x <= w.start() and w.end() <= y for x, y in denied) for w in new):
            continue  # a value the claim rules out ("yearly, not monthly"): checked apart
        ow, nw = [m.group(0) for m in old], [m.group(0) for m in new]
        o, n = " ".join(ow), " ".join(nw)
        if _negations(ow) != _negations(nw):
            return [f"negation mismatch: claim '{n or '(nothing)'}' vs premise '{o or '(nothing)'}'"]
        if op != "replace":
            continue
        if len(ow) == 1 and len(nw) == 1 and any(ch.isdigit() for ch in o) and any(ch.isdigit() for ch in n):
            if any(x <= new[0].start() and new[0].end() <= y for x, y in dates):
                continue  # "28" for "28th" inside a date: the date check compares those
            ov = parse_number_text(o) if parse_number_text(o) is not None else parse_rank(o)
            nv = parse_number_text(n) if parse_number_text(n) is not None else parse_rank(n)
            if ov is None or nv is None or ov != nv:
                return [f"number mismatch: claim '{n}' vs premise '{o}'"]
            continue
        if not any(w[:1].isupper() for w in ow + nw):
            continue
        if _opens(c.text, new[0].start()) and _opens(p.text, old[0].start()):
            continue  # both capitalised only because they open a sentence or a cell ("Select" / "Choose")
        if any(parse_number_text(w) is not None or parse_rank(w) is not None for w in ow + nw):
            continue
        if any(x <= m.start() and m.end() <= y for m in new for x, y in valued):
            continue
        if names_equal(o, n) or _plain_word(o) or _plain_word(n):
            continue
        return [f"name mismatch: claim '{n}' vs premise '{o}'"]
    return []


_QUOTES = "\"'“”‘’"


def _writer_subject(tok) -> bool:
    """Is ``tok`` the writer as a subject ("I believe ...", "i was shocked ...")? Not an "I"
    that opens or sits in a quoted or capitalised title ("'I Want to Be Bobby's Girl'")."""
    if tok.lower_ != "i" or tok.pos_ != "PRON" or not tok.dep_.startswith("nsubj"):
        return False
    doc = tok.doc
    if tok.i + 1 < len(doc) and doc[tok.i + 1].text[:1].isupper():
        return False
    before = doc.text[:tok.idx]
    return not (before.rstrip().endswith(tuple(_QUOTES)) or sum(before.count(q) for q in "\"“”") % 2)


def _opens(text: str, pos: int) -> bool:
    return pos == 0 or bool(_SENTENCE_START.search(text[max(0, pos - 4) : pos]))


def _plain_word(w: str) -> bool:
    """A stopword written in ordinary case (an all-caps "IN" or "US" is a name)."""
    return w.lower() in STOPWORDS and not (w.isupper() and len(w) >= 2)


def _is_name_surface(surface: str) -> bool:
    """Capitalised or with digits: a name whose bare presence in the premise counts. A
    lower-case value ("preview", "staging") is an ordinary word elsewhere; only a tagged
    slot of the same kind states it."""
    return any(ch.isupper() or ch.isdigit() for ch in surface)


def _period_words(period: str) -> re.Pattern:
    """Every way to write "once per ``period``": "annual", "yearly", "annually", "per year",
    "a year", "every year" are one period."""
    advs = sorted((w for w, per in RATE_ADVERBS.items() if per == period), key=len, reverse=True)
    alts = advs + [rf"(?:per|a|an|each|every)\s+{re.escape(period)}"]
    return re.compile(r"(?<![\w-])(?:" + "|".join(alts) + r")(?![\w-])", re.I)


def _written_value(ca: Attr, p: Analysis) -> list[tuple[int, int]]:
    """Where the premise writes claim value ``ca`` word for word (rate included) at a place
    its own tagger did not read as a different value; a bare period ("yearly") in any of its
    wordings ("annual")."""
    out = []
    q = ca.quantity
    if q is not None and q.freq and q.per and " " not in q.per:
        out.extend((m.start(), m.end()) for m in _period_words(q.per).finditer(p.text))
    for a, b in _same_words(ca.show(), p.text):
        if _OPERAND_BEFORE.search(p.text, 0, a):
            continue  # "(80% of 32 hours)": how a value was computed, not a value stated
        here = [pa for pa in p.attrs if pa.start < b and a < pa.end]
        if not any(_conflicts(ca, pa) for pa in here):
            out.append((a, b))
    return out


def _same_words(surface: str, text: str) -> list[tuple[int, int]]:
    """Where ``surface`` is written word for word (any case): a value the tagger read in the
    claim but not in the premise is still stated there."""
    words = surface.split()
    if not words:
        return []
    rx = r"(?<![\w$€£.-])" + r"\s+".join(re.escape(w) for w in words) + r"(?![\w-]|\.\d)"
    return [(m.start(), m.end()) for m in re.finditer(rx, text, re.I)]


def _name_spans(ca: Attr, claim: str, text: str) -> list[tuple[int, int]]:
    """Where the claim's name ``ca`` is written in ``text``. A name opening the claim may be
    capitalised only because it opens it ("Railway scale opens" for "railway scale"), and a
    tagger may have swallowed the opening verb into it ("Complete a Privacy Threshold
    Analysis"): both readings are tried there."""
    found = _occurrences(ca.surface, text)
    if not found:
        found = _name_variants(ca.surface, text)
    if found or not _SENTENCE_START.search(claim[max(0, ca.start - 4) : ca.start]) and ca.start != 0:
        return found
    found = _occurrences(ca.surface.lower(), text)
    words = ca.surface.split()
    if not found and len(words) >= 3:
        rest = re.sub(r"^\S+\s+(?:(?:a|an|the|of)\s+)?", "", ca.surface)
        found = _occurrences(rest, text)
    return found


def _name_variants(name: str, text: str) -> list[tuple[int, int]]:
    """Another form of the same name: a list of names ("Hobby and Trial" / "Hobby / Trial")
    each written, a plural or derived form ("Reserve" / "Reservist"), "version" dropped
    ("MySQL version 5.7" / "MySQL 5.7")."""
    parts = [x for x in re.split(r"\s*(?:,|/|&|\band\b|\bor\b)\s*", name) if x.strip()]
    if len(parts) > 1:
        spans = [_occurrences(x, text) for x in parts]
        if all(spans):
            return [sp[0] for sp in spans]
        return []
    bare = re.sub(r"\s+version\s+", " ", name, flags=re.I)
    if bare != name:
        return _occurrences(bare, text)
    if len(name) >= 5 and " " not in name:
        base = name.rstrip("s")
        # a silent final "e" drops before a suffix that opens with a vowel ("Reserve" / "Reservist")
        base = re.escape(base[:-1]) + "e?" if base.endswith("e") else re.escape(base)
        rx = r"(?<![\w-])" + base + r"(?:s|es|ist|ists|er|ers)?(?![\w-])"
        return [(m.start(), m.end()) for m in re.finditer(rx, text, re.I if name.isupper() else 0)]
    return []


def _occurrences(name: str, text: str) -> list[tuple[int, int]]:
    """Where ``name`` (or an alias) is written in ``text`` as whole words. Case matters for
    capitalised names ("Contact" the product is not "contact" the verb); a lower-case name
    matches any case."""
    name = name.strip()
    flags = 0 if any(ch.isupper() for ch in name) else re.I
    out = [(m.start(), m.end()) for m in re.finditer(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", text, flags)]
    if not out:
        # the same name with its accents dropped ("Les Miserables" / "Les Misérables") or its
        # letters joined another way ("B.J. Thomas" / "B. J. Thomas", "Newton John" / "Newton-John")
        parts = [re.escape(x) for x in re.split(r"[\s.\-\u2010\u2011]+", fold_accents(name)) if x]
        if len(parts) > 1 or not (name.isascii() and text.isascii()):
            rx = r"(?<![\w-])" + r"[\s.\-\u2010\u2011]*".join(parts) + r"\.?(?![\w-])"
            out = [(m.start(), m.end()) for m in re.finditer(rx, fold_accents(text), flags)]
    if not out and name_in_text(name, text):  # an alias ("U.S." for "US")
        low = norm_name(name)
        for group in ALIASES:
            if low in group:
                for alias in group:
                    out.extend((m.start(), m.end()) for m in re.finditer(
                        r"(?<![\w-])" + re.escape(alias) + r"(?![\w-])", text, re.I))
    return out


def _word_at(text: str, m: Marker) -> str:
    """The cue and the words up to the one it applies to: "is not included" -> "not included"."""
    end = m.end
    for w in _WORD.finditer(text, m.end):
        end = w.end()
        if w.group(0).lower() not in _SKIP_FOR_HEAD:
            break
    return " ".join(text[m.start:end].split())


def _word_after(text: str, m: Marker) -> str:
    w = _WORD.search(text, m.end)
    return w.group(0) if w else ""


def _residue(c: Analysis, p: Analysis, span: tuple[int, int]) -> tuple[float, tuple[int, int]]:
    """Share of the claim's content words outside its attributes that the evidence contains
    (the word naming a plan's kind, "the Pro *plan*", belongs to the attribute)."""
    covered = []
    for a in c.attrs:
        end = a.end
        m = re.match(r"\s+(\w+)", c.text[a.end:])
        if a.kind == "tier" and m and m.group(1).lower() in _KIND_NOUNS:
            end = a.end + m.end()
        covered.append((a.start, end))
    covered.extend((d.start, d.end) for d in c.denied)
    stems = {s for s, a, b in c.words if not any(x <= a and b <= y for x, y in covered)}
    if not stems:
        return 1.0, (0, 0)
    have = p.stems_in(*span)
    found_stems = stems & have
    if p.lemmas and c.lemma_of:
        # an inflection the crude stem misses ("children" / "child", "ran" / "run"), by lemma
        span_lemmas = {p.lemma_of.get(p.text[a:b].lower()) for _, a, b in p.words if a >= span[0] and b <= span[1]}
        found_stems |= {s for s, a, b in c.words if s in stems and c.lemma_of.get(c.text[a:b].lower()) in span_lemmas}
    found = len(found_stems)
    return found / len(stems), (found, len(stems))
