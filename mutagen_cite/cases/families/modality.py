"""Modality: obligation, permission, recommendation and ability swapped for one another.

"must" -> "should" or "can", "should" -> "can", "will" -> "may", "are required to" -> "are
encouraged to", "need to" -> "can". Swaps that barely change the
claim in practice ("can" -> "may") are not made, and "cannot" belongs to polarity, so a "can"
followed by a negation is not a site. "must not" -> "may not" is a valid swap (a prohibition
becomes a possibility). Every English modal takes the same bare verb, so swapping one for
another keeps agreement; phrasal modals keep their own verb form ("is required to" ->
"is encouraged to") or collapse to a modal ("needs to" -> "can").
"""

from __future__ import annotations

import random
import re
from typing import Sequence

from ...model import Mutation, Sentence, Slot
from . import grammar
from .base import Example, ValueSource, make_mutation

#: Only swaps after which the distractor no longer entails the claim: an obligation entails
#: the permission ("must" supports "may", "required" supports "permitted"), so obligations go
#: down to recommendation or permission, and permissions are not sites at all.
#:
#: The replacements are the wordings documentation writes in the same position (counts over the
#: three shared corpora, 18F / Railway / Sourcegraph, regex, case-insensitive): after a subject
#: pronoun "should" 36/19/52, "can" 250/265/393, "may" 57/23/74; after "is/are" "encouraged to"
#: 3/0/7 and "allowed to" 1/3/0 against "permitted to" 0/0/1. So obligations weaken to "should"
#: or "can" (the brief's must -> should/can; "may" reads as possibility as often as permission),
#: "required to" to "encouraged to" / "allowed to"; a future "will" to "may" (its natural hedge).
TARGETS: dict[str, tuple[str, ...]] = {
    "must": ("should", "can"),
    "should": ("can",),
    "will": ("may",),
    "shall": ("should",),
    "need": ("can",),
    "required": ("encouraged", "allowed"),
    "obliged": ("encouraged",),
    "expected": ("encouraged",),
}
#: phrasal modals that collapse to a plain modal: "needs to sign" -> "may sign"
_COLLAPSE = re.compile(r"^(?:needs?|has|have)\s+to$", re.I)
_NEGATION_AFTER = re.compile(r"^(?:not\b|n['’]t\b)", re.I)
#: a negative pronoun or determiner before the modal ("Nothing else should write the key", "No one
#: may ..."): under it weakening the modal strengthens the claim ("nothing else can write" forbids
#: more), so the sentence is no site; the annotator tags "no"/"none" as quantifiers, not these
_NEGATIVE_BEFORE = re.compile(r"\b(?:nothing|nobody|no[\s-]one|none|neither|nor|never|no)\b", re.I)

#: a clause later in the sentence that states the necessity itself ("... before you can deploy",
#: "... to be eligible", "..., otherwise the job fails"): weakening the modal leaves the sentence
#: asserting the requirement, and reads as incoherent ("can be set before you can deploy")
NECESSITY_FRAME = re.compile(
    r"\bbefore\s+(?:you|they|we|it|one|users?|[a-z]+s)\s+(?:can|could|are\s+able|is\s+able)\b|"
    r"\bto\s+be\s+(?:eligible|able|allowed|permitted)\b|\botherwise\b|\bor\s+else\b|\bonly\s+then\b",
    re.I)
#: an epistemic reading of "can/may be": the modal's "be" followed by a predicate rather than a
#: passive participle ("must be an owner", "must be unique", "must be at least 8"): "can be an
#: owner" says something is possible, not permitted, so only "should" keeps the deontic sense
_PERMISSION = ("can", "may")
#: words before "need to"/"have to" that make the phrase something else ("the need to",
#: "will have to", "does not need to")
_ADVERBS = {"never", "ever", "always", "also", "only", "just", "still", "really", "usually", "often",
            "sometimes", "typically", "generally", "probably", "definitely", "likely", "then"}
_BAD_BEFORE = {"the", "a", "an", "no", "any", "this", "that", "our", "your", "their", "its", "to", "not",
               "will", "would", "can", "could", "may", "might", "must", "should", "shall", "do", "does",
               "did", "n't", "also"}


def _negative_subject(text: str, at: int) -> bool:
    """A negative word in the modal's own clause, before it (a condition clause set off by a
    comma, "If no cache exists, you must ...", is another clause)."""
    clause = re.split(r"[,;:]", text[:at])[-1]
    return bool(_NEGATIVE_BEFORE.search(clause))


#: the modal's clause ends the sentence on a preposition that takes an object (a particle such as
#: "up", "in", "out" may end a clause: "Users must sign up.")
_STRANDED = re.compile(r"\s*(?:[A-Za-z][\w-]*\s+){1,4}(?:to|for|with|of|from|into|onto|at|about)\s*[.!]?\s*$", re.I)


#: "should" as a prediction, not advice: what a reader will see or get ("You should see a
#: confirmation", "The page should appear"), a state expected by default ("should be selected by
#: default"), or an event within a time bound ("Tiny images should boot in less than 2 seconds",
#: "Issuance should happen within an hour"). Weakened to "can", the copy still says yes to "Should
#: it boot in less than 2 seconds?" as a reader means it, so the pair is neither fair nor a near miss
_EVENT_VERB = (r"(?:boot|start|happen|occur|complete|finish|propagate|arrive|load|resolve|sync|update|refresh|"
               r"appear|expire|respond|return|be\s+(?:ready|available|complete|done|live|visible|back|up|running|"
               r"active|processed|created|updated|applied|reflected|propagated|issued|delivered|restored))")
_BOUND = (r"(?:less\s+than\s+|under\s+|about\s+|around\s+|approximately\s+|roughly\s+|up\s+to\s+|a\s+few\s+|"
          r"just\s+)?(?:\d+|an?|one|two|three|five|ten|several|a\s+couple\s+of)\s*"
          r"(?:milliseconds?|ms|seconds?|secs?|s|minutes?|mins?|hours?|hrs?|days?|weeks?)\b")
_PREDICTION = re.compile(
    r"\s+(?:now\s+|then\s+|also\s+|soon\s+|already\s+|automatically\s+|usually\s+|typically\s+|only\s+)?(?:"
    r"(?:see|notice|receive|appear|show\s+up|look\s+like|be\s+(?:visible|listed|able\s+to\s+see))\b"
    r"|be\s+[a-z]+ed\s+by\s+default\b"
    r"|take\s+" + _BOUND +
    r"|" + _EVENT_VERB + r"\s+(?:[\w-]+\s+){0,3}?(?:in|within|under|after)\s+" + _BOUND + r")", re.I)


def _prediction(text: str, slot: Slot) -> bool:
    """A "should" that predicts (:data:`_PREDICTION`) rather than advises."""
    return slot.text.lower() == "should" and bool(_PREDICTION.match(text, slot.end))


class ModalityFamily:
    name = "modality"
    version = "modality.v3"
    description = "obligation vs permission vs recommendation (must -> should/can, required to -> encouraged to)"

    def sites(self, sentence: Sentence) -> list[Slot]:
        """Modals that state a requirement, permission or prediction of the sentence's own
        clause; not one in a relative clause that ends the sentence on a stranded preposition
        ("List of keyspace IDs the key must belong to.", "the plans you can pay for."): a verb's
        preposition with no object after it is a clause missing its object, the noun before it,
        so the "sentence" is a noun phrase (a field description) and states nothing to weaken."""
        text = sentence.text
        # a negated modal ("must not", "may not") is a prohibition either way, and under a
        # negative subject ("No data should ...") weakening the modal strengthens the claim
        if any(s.family == "polarity" and s.kind == "negation" for s in sentence.slots) or any(
            s.family == "aggregation" and s.value in ("no", "none") for s in sentence.slots
        ):
            return []
        return [s for s in sentence.slots_of("modality")
                if s.kind == "modal" and not _NEGATION_AFTER.match(text[s.end:].lstrip())
                and not _negative_subject(text, s.start) and not _STRANDED.match(text, s.end)
                and not _prediction(text, s)
                and _edits(text, s) and not grammar.in_code_or_url(text, s.start, s.end)]

    def mutate(self, sentence: Sentence, site: Slot, values: ValueSource, rng: random.Random) -> Mutation | None:
        edits = _edits(sentence.text, site)
        if not edits or in_parallel_series(sentence, site, values):
            return None
        mined = {v.lower().strip() for v in values.mined(sentence, site)}
        mined |= {m.group(1).lower() for v in mined if (m := re.search(r"\b(required|permitted|allowed|encouraged)\b", v))}
        from_corpus = [(t, e) for t, e in edits if t in mined]
        pool, origin = (from_corpus, "mined") if from_corpus else (edits, "synthetic")
        target, new = pool[rng.randrange(len(pool))]
        return make_mutation(self, sentence, site, new, origin, grammar.apply(sentence.text, site.start, site.end, new))

    def examples(self) -> Sequence[Example]:
        return (
            Example("Contractors must sign the confidentiality agreement.", "must",
                    "Contractors should sign the confidentiality agreement.", vocabulary={"modal": ("should",)}),
            Example("Managers should approve travel before booking.", "should",
                    "Managers can approve travel before booking."),
            Example("Releases will ship with a signed checksum.", "will",
                    "Releases may ship with a signed checksum."),
            Example("Vendors are required to report incidents within a day.", "are required to",
                    "Vendors are encouraged to report incidents within a day.", vocabulary={"modal": ("encouraged",)}),
            Example("Each applicant needs to provide two references.", "needs to",
                    "Each applicant can provide two references."),
            Example("Must the team lead approve the request?", "Must", "Can the team lead approve the request?",
                    vocabulary={"modal": ("can",)}),
        )


def _edits(text: str, slot: Slot) -> list[tuple[str, str]]:
    """(target, replacement surface) pairs that keep the sentence grammatical."""
    value = slot.value
    surface = slot.text
    after = text[slot.end :].lstrip()
    if value == "can" and (_NEGATION_AFTER.match(after) or text[slot.end : slot.end + 3].lower() == "not"):
        return []  # "cannot", "can not", "can't": polarity owns these
    if value not in TARGETS or value == "would":
        return []
    if text[slot.end : slot.end + 1] in ("-", "‑") or not after or re.match(r"[.,;:!?)]", after):
        return []  # "Must-have", or an elliptical "... if you must."
    if NECESSITY_FRAME.search(text[slot.end:]):
        return []  # the sentence states the necessity again after the modal
    if " " not in surface.strip():  # a bare modal
        if surface.lower() not in TARGETS and surface.lower() != "need":
            return []
        if grammar.is_sentence_start(text, slot.start) and not text.rstrip().endswith("?") and value in (
            "should", "may", "might", "could", "will"
        ):
            return []  # "Should you need help, ..." is a conditional, not a recommendation
        targets = TARGETS[value]
        if _predicate_be(after) or not _permission_reads(text, slot) or (
                value != "should" and _bounded_act(after)):
            targets = tuple(t for t in targets if t not in _PERMISSION)
        return [(t, grammar.match_case(surface, t)) for t in targets]
    if _COLLAPSE.match(surface):
        prev = grammar.word_before(text, slot.start)
        # skip adverbs back to the word that governs the phrase ("will never need to")
        while prev is not None and prev[2].lower() in _ADVERBS:
            prev = grammar.word_before(text, prev[0])
        if prev is not None and (prev[2].lower() in _BAD_BEFORE or re.search(r"['’](?:ll|d)$|n['’]t$", prev[2])):
            return []  # "will need to", "you'll need to", "doesn't need to": no modal may follow
        two_back = grammar.word_before(text, prev[0]) if prev is not None else None
        if two_back is not None and two_back[2].lower() in ("do", "does", "did", "will", "would", "can", "could"):
            return []  # "Do I have to ...?": the auxiliary already governs the verb
        if re.match(r"(?:not\b|be\s+able\b)", after, re.I):
            return []
        weaker = "can" if _permission_reads(text, slot) and not _bounded_act(after) else "should"
        return [(weaker, grammar.match_case(surface, weaker))]
    m = re.search(r"\b(required|permitted|allowed|obliged|expected)\b", surface, re.I)
    if not m:
        return []
    return [(t, surface[: m.start()] + t + surface[m.end() :]) for t in TARGETS[m.group(1).lower()]]


def in_parallel_series(sentence: Sentence, site: Slot, values: ValueSource) -> bool:
    """The sentence is one of a series of parallel rules in its document (the same sentence for
    another severity, tier or item, :meth:`MineResult.siblings`) and a sibling states the same
    modal. A series binds its items alike ("Critical ... must ... 14 days", "High ... must ...
    45 days"): weakening one item alone leaves it weaker than a lesser item next to it, which no
    policy writes (issue 11)."""
    mined = values.mine_result
    if mined is None or not hasattr(mined, "siblings"):
        return False
    word = re.compile(r"(?<!\w)" + re.escape(site.text.strip()) + r"(?!\w)", re.I)
    return any(m.doc_id == sentence.doc_id and word.search(m.text) for _, m in mined.siblings(sentence))


_CLAUSE_START = re.compile(r"[,;:(]|\b(?:that|which|who|if|when|where|while|because|and|or|but|so)\b", re.I)
#: the reader (and the writer speaking for the reader): "You must be signed in" is a precondition
_READER = {"you", "we", "i"}
_SKIP = {"only", "always", "also", "just", "first", "still", "then", "never", "all", "both", "each",
         "explicitly", "manually", "immediately", "automatically", "ideally"}


#: a bound on the act in its predicate ("within a year", "before the ATO", "at least 15 minutes",
#: "only"): a permission with a bound still states the bound as the rule ("You can use the leave
#: within a year" allows no later use), so the weakened copy keeps the requirement
_BOUND_IN_PREDICATE = re.compile(r"\b(?:within|before|prior\s+to|no\s+later\s+than|until|at\s+(?:least|most)|up\s+to|"
                                 r"no\s+more\s+than|only)\b", re.I)


def _bounded_act(after: str) -> bool:
    """The act after an obligation's modal is bounded (:data:`_BOUND_IN_PREDICATE`): the
    obligation weakens to "should" only. Measured on reviewed pairs of five documentation sets:
    of six bounded "must" -> "can" pairs three still read as the requirement, bounded "must" ->
    "should" passed 14 of 16; a bounded recommendation ("should" -> "can") passed 2 of 3 and is
    left as it was."""
    return bool(_BOUND_IN_PREDICATE.search(after))


def _permission_reads(text: str, slot: Slot) -> bool:
    """Whether a weakened requirement reads as a permission or ability ("can"): the clause states
    an action ("Reviewers must sign" -> "can sign", "The job must retry" -> "can retry"), or one
    its subject undergoes ("Files must be deleted" -> "can be deleted"). A requirement that states
    a state or a condition (``data/doc_english.yaml`` stative_verbs: "The key must belong to the
    project", "Names must start with a letter"; or the reader's precondition "You must be signed
    in") gives an empty statement with "can": only "should" weakens it.
    A modal that opens a question ("Must I ...?") has its subject after it: left as it was."""
    from ...analysis.domain import doc_english

    words = doc_english()
    if grammar.is_sentence_start(text, slot.start):
        return True
    before = text[: slot.start]
    cut = [m.end() for m in _CLAUSE_START.finditer(before)]
    subject = re.findall(r"[A-Za-z][\w'-]*", before[cut[-1] if cut else 0:])
    verbs = [w for w in re.findall(r"[A-Za-z][\w'-]*", text[slot.end:])[:4] if w.lower() not in _SKIP]
    verb = verbs[0].lower() if verbs else ""
    if verb in words.get("stative_verbs", ()):
        # "be" + a participle is an action undergone ("Files/Managers must be notified"); said of
        # the reader it is a precondition ("You must be signed in"), which "can" makes empty
        reader = any(w.lower() in _READER for w in subject[-2:])
        return verb == "be" and not reader
    return True


def _predicate_be(after: str) -> bool:
    """"be" followed by a predicate (a noun phrase, an adjective, a bound), not by a passive
    participle ("be deleted", "be automatically set"): see ``_PERMISSION``."""
    m = re.match(r"be\s+(?:(?:\w+ly)\s+)?([A-Za-z][\w-]*)", after, re.I)
    return bool(m) and not grammar.is_past_participle(m.group(1))


FAMILY = ModalityFamily()
