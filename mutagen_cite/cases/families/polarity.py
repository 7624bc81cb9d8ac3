"""Polarity: a negation removed, or one added after an auxiliary.

Removing: "is not included" -> "is included", "cannot" -> "can", "can't" -> "can", "never
expire" -> "expire", and do-support undone properly: "does not apply" -> "applies", "did not
send" -> "sent", "do not share" -> "share". Adding: "is included" -> "is not included", "can
export" -> "cannot export", "will renew" -> "will not renew". Only be/have/do/can/could/will/
would take an inserted "not": "must" -> "must not" would change modality as well, and a main
verb without an auxiliary cannot take "not" without do-support, so those return None. A
clause that already holds a negative word (no, never, nothing, neither) is never negated again.
Idioms where "not" is not the claim's polarity ("not only", "whether or not", "if not") are
left alone.

A flip a reader sees through is no near miss (rules of documentation English, see
:func:`seen_through`):

- documentation states a measured value affirmatively; a negated measurement ("is not charged
  at $0.05/GB", "will not follow up within 2 business days") reads as a made-up denial, so
  "not" is never *inserted* into a clause that states a number, amount, duration or date;
- a negation that agrees with another word of the sentence is part of one statement: removing
  it from "is immutable and cannot be changed" or "is available but isn't necessary" leaves a
  self-contradiction. (A flip whose *next* sentence elaborates on it is judged where the
  chunk is known: ``cases.fairness.rules.unfair_reason``.)
"""

from __future__ import annotations

import random
import re
from typing import Sequence

from ...model import Mutation, Sentence, Slot
from . import grammar
from .base import Example, ValueSource, make_mutation

_CONTRACTIONS = {
    "ca": "can", "wo": "will", "sha": "shall", "do": "do", "does": "does", "did": "did",
    "is": "is", "are": "are", "was": "was", "were": "were", "has": "has", "have": "have",
    "had": "had", "could": "could", "should": "should", "would": "would", "must": "must",
    "need": "need", "might": "might", "ai": None,
}
_INSERTABLE = {"is", "are", "was", "were", "am", "has", "have", "had", "do", "does", "did",
               "can", "could", "will", "would", "'s", "’s", "'re", "’re", "'m", "’m"}
_NEGATIVE_WORDS = {"no", "not", "never", "none", "nothing", "nobody", "neither", "nor", "nowhere", "without",
                   "n't", "cannot", "only"}
_PARTICIPLE_IRREGULAR = {"been", "done", "made", "taken", "given", "seen", "gone", "known", "shown",
                         "written", "sent", "kept", "held", "built", "found", "paid", "set", "put",
                         "left", "run", "begun", "chosen", "become", "got", "gotten", "had", "brought",
                         "bought", "lost", "met", "read", "said", "sold", "spent", "told", "won", "hit"}
#: adverbs that may sit between "not" and the verb ("does not currently support")
_ADVERB = re.compile(
    r"(?!(?:apply|rely|supply|reply|comply|multiply|imply|fly|ally|rally|tally|bully)\b)[a-z]+ly|always|also|even|ever",
    re.I,
)
_NEGATIVE_CLAUSE = re.compile(r"\b(?:no|not|cannot|never|none|nothing|nobody|neither|nor|nowhere)\b|n['’]t\b", re.I)
_INVERSION_OPENERS = {"here", "below", "above", "attached", "enclosed", "included", "following"}
_NEG_FORMS = re.compile(r"^(?:not|n't|n’t|never)$", re.I)


class PolarityFamily:
    name = "polarity"
    version = "polarity.v3"
    description = "a negation removed, or 'not' added after an auxiliary"

    def sites(self, sentence: Sentence) -> list[Slot]:
        text = sentence.text
        out = []
        for slot in sentence.slots_of("polarity"):
            if grammar.in_code_or_url(text, slot.start, slot.end) or seen_through(sentence, slot):
                continue
            if slot.kind == "negation" and _NEG_FORMS.match(slot.text) and not _idiom(text, slot):
                if remove_negation(text, slot) is not None:
                    out.append(slot)
            elif slot.kind == "affirmative" and slot.text.lower() in _INSERTABLE and not grammar.in_label(
                text, slot.start, slot.end
            ):
                if insert_negation(text, slot) is not None:
                    out.append(slot)
        return out

    def mutate(self, sentence: Sentence, site: Slot, values: ValueSource, rng: random.Random) -> Mutation | None:
        if site.kind == "negation":
            edit = remove_negation(sentence.text, site)
        elif site.kind == "affirmative":
            edit = insert_negation(sentence.text, site)
        else:
            return None
        if edit is None:
            return None
        start, end, new = edit
        mutated = grammar.apply(sentence.text, start, end, new)
        if mutated == sentence.text:
            return None
        replacement = _slot_replacement(sentence.text, site, start, end, new)
        return make_mutation(self, sentence, site, replacement, "synthetic", mutated)

    def examples(self) -> Sequence[Example]:
        return (
            Example("Overage charges are not included in the quote.", "not",
                    "Overage charges are included in the quote."),
            Example("This discount does not apply to annual plans.", "not",
                    "This discount applies to annual plans."),
            Example("Guests cannot invite other members.", "not", "Guests can invite other members."),
            Example("Members can't delete the shared dashboards.", "n't",
                    "Members can delete the shared dashboards."),
            Example("Do not share your recovery codes with support staff.", "not",
                    "Share your recovery codes with support staff."),
            Example("The nightly export did not send the summary email.", "not",
                    "The nightly export sent the summary email."),
            Example("Audit logs are exported to the customer bucket.", "are",
                    "Audit logs are not exported to the customer bucket."),
            Example("Administrators can rotate the signing key at any time.", "can",
                    "Administrators cannot rotate the signing key at any time."),
        )


# --------------------------------------------------------------------------- plausibility

#: a word with a negative affix whose stem is a word: "immutable", "unsupported", "read-only"
_NEGATIVE_AFFIX = re.compile(r"^(?:un|non-?)([a-z]{3,}(?:able|ible|ed|ful|ive|al|ent|ant|id|ete))$"
                             r"|^(?:in|im|ir|il)([a-z]{3,}(?:able|ible|ive|ent|ant|id|ete))$|^([a-z]{4,})less$")
_NEGATIVE_LEXICAL = {"read-only", "readonly", "disabled", "forbidden", "prohibited", "deprecated", "unavailable",
                     "impossible", "invalid", "inactive", "immutable",
                     # failure states: "is not defined ... or the rule is missing" states one failure
                     "missing", "absent", "empty", "expired", "revoked", "malformed", "wrong", "failed",
                     "corrupt", "corrupted"}
#: contrastive words: the sentence states a contrast, which a flip on one side turns into nonsense
_CONTRAST = re.compile(r"\b(?:but|although|though|whereas)\b|,\s*yet\b", re.I)
#: value slot kinds: a measured value in the clause
_MEASURED = {"duration", "money", "percent", "size", "count", "date", "month", "quarter", "year"}


def _negative_word(word: str) -> bool:
    low = word.lower().strip(".,;:()")
    if low in _NEGATIVE_LEXICAL:
        return True
    m = _NEGATIVE_AFFIX.match(low)
    if not m:
        return False
    stem = m.group(1) or m.group(2) or m.group(3)
    from lemminflect import getAllLemmas

    return bool(getAllLemmas(stem))  # the stem is an English word: "mutable", "supported", "valid"


_BE = {"is", "are", "was", "were", "am", "'s", "’s", "'re", "’re", "'m", "’m"}
_PREDICATE_ADJECTIVE = re.compile(r"[a-z]+(?:able|ible|ent|ant|ive)|available|free|open|public|private|visible|"
                                  r"eligible|responsible|possible|compatible|live|on|off")
_SKIP_ADVERB = re.compile(r"[a-z]+ly|also|always|still|already|yet|now|currently|automatically|only|just|ever")


def _property_or_ability(text: str, slot: Slot) -> bool:
    """Documentation negates properties and abilities ("is not supported", "are not included",
    "cannot export"), not definitions, recommendations or evaluations ("is not for teams", "is
    not good practice", "is not a sane bar"). After a form of "be" the next word must be a past
    participle or a predicate adjective; after a modal or "do", a bare verb (lemminflect's
    lexicon decides)."""
    from lemminflect import getAllInflections, getLemma

    pos = slot.end
    while True:
        nxt = grammar.word_after(text, pos)
        if nxt is None:
            return False
        if _SKIP_ADVERB.fullmatch(nxt[2].lower()):
            pos = nxt[1]
            continue
        break
    word = nxt[2].lower()
    aux = slot.text.lower()
    if aux in ("has", "have", "had"):
        return True  # checked by insert_negation: a participle must follow
    forms = [getAllInflections(lemma, upos="VERB") for lemma in getLemma(word, upos="VERB")]
    if aux in _BE:
        participle = any(word in f.get("VBN", f.get("VBD", ())) for f in forms)
        return participle or bool(_PREDICATE_ADJECTIVE.fullmatch(word))
    return any(word in f.get("VB", ()) for f in forms)


#: past forms: a sentence in the past reports an event ("Fixes were included in 3.1"), and
#: "were not included" of an event the page goes on to describe is no claim a document makes
_PAST = {"was", "were", "did", "had"}


def _insertion_reads_wrong(text: str, slot: Slot) -> bool:
    """An inserted negation that no writer would produce: after a past form (an event report),
    before "now"/"already" ("is not now supported"), before "only" ("not available only on
    Enterprise"), onto a predicate that is already negative ("are not left unchanged"), or
    inside the complement of an earlier verb ("ensures all tags are not added")."""
    if slot.text.lower() in _PAST:
        return True
    after = text[slot.end:]
    if re.match(r"\s+(?:now|already)\b", after, re.I) or re.search(r"\bonly\b", after[:40], re.I):
        return True
    if any(_negative_word(w) for w in re.findall(r"[A-Za-z][A-Za-z-]*", after)):
        return True
    for m in _COMPLEMENT_VERB.finditer(text[: slot.start]):
        if re.search(r"[A-Za-z]", text[m.end(): slot.start]):  # a subject between ("checks are run" has none)
            return True  # "The engineer ensures all tags are added": the flip lands in the complement
    return False


#: verbs that take a clause as their object ("ensures (that) ...", "make sure ..."): a negation
#: inserted into that clause ("ensures all tags are not added") says the opposite of the duty
_COMPLEMENT_VERB = re.compile(
    r"\b(?:ensur|make\s+sure|makes\s+sure|check|verif|confirm|guarantee|assum|expect|mean|state|show|indicat|"
    r"note|say|says|said|think|believ|know|decide|determin)\w*\b(?!\s+(?:of|for|to)\b)", re.I)


def seen_through(sentence: Sentence, slot: Slot) -> bool:
    """True when flipping the polarity at ``slot`` gives a sentence a reader sees through
    (see the module docstring): a negated measurement, or a clause tied to another word or
    clause that keeps asserting the original."""
    text = sentence.text
    if slot.kind == "affirmative" and any(s.kind in _MEASURED and s.start >= slot.end for s in sentence.slots):
        return True  # "is not charged at $0.05/GB": documentation does not deny a measurement
    if slot.kind == "affirmative" and not _property_or_ability(text, slot):
        return True  # "Hobby is not for hobbyists", "is not good practice": a negated definition
    if slot.kind == "affirmative" and _insertion_reads_wrong(text, slot):
        return True
    if slot.kind == "affirmative" and _GENERIC_SUBJECT.fullmatch(text[: slot.start]):
        return True  # "A development environment is used for testing": what a kind of thing is for
    if _CONTRAST.search(text):
        return True  # "available but not necessary": the contrast is the statement
    if slot.kind == "negation" and re.search(r"\b(?:and|or)\s+(?:\w+\s*)?$", text[: slot.start]):
        return True  # "has a known bug and won't show the prompt": the negation follows from the first half
    if slot.kind == "negation" and re.search(r"\b(?:any|anyone|anything|anywhere|ever|at all|yet)\b", text[slot.end :]):
        return True  # "never exceeds 4 hours in any month": "any" needs the negation it leans on
    if slot.kind == "negation" and re.match(r"\s*to\b", text[slot.end :]):
        return True  # "is not to blame", "is not to create conflict": a purpose, not a property
    if _framed(text, slot):
        return True  # "is unfortunately not possible": the frame keeps the polarity
    if slot.kind == "negation" and _EXCEPTION_TAIL.search(text[slot.end:]):
        return True  # "are not able to get access without an exemption": the exception needs the negation
    if slot.kind == "negation" and _EXEMPTION.match(text[slot.end:]):
        return True  # "Tax ID is not required for personal use": an exemption from a rule stated elsewhere
    if slot.kind == "affirmative" and _BY_AGENT.match(text[slot.end:]):
        return True  # "are not handled by the People Team": says who does not, and leaves it undone
    if slot.kind == "affirmative" and _STEP_OUTCOME.search(text[: slot.start] + "|" + text[slot.end:]):
        return True  # "you will not see a new webhook": the step's expected outcome denied is a failure
    words = re.findall(r"[A-Za-z][A-Za-z-]*", text)
    if re.search(r"\b(?:and|or)\b", text) and any(_negative_word(w) for w in words):
        return True  # "is immutable and cannot be updated": both halves say one thing
    return False


#: v3 (round 27, fresh reviewers on five documentation sets read 11 of 12 polarity near misses as
#: implausible or still implied): an exception under the negation ("not ... without", "unless",
#: "except", "other than") reads only with it
_EXCEPTION_TAIL = re.compile(r"\b(?:without|unless|except|other\s+than|apart\s+from)\b", re.I)
#: an exemption: "not required", "not needed", "not necessary", "not mandatory" (the rule it
#: exempts from is written elsewhere, so the flipped sentence contradicts it)
_EXEMPTION = re.compile(r"\s*(?:\w+ly\s+)?(?:required|needed|necessary|mandatory|obligatory)\b", re.I)
#: an indefinite singular subject right before the auxiliary ("A development environment is used
#: for ...", "An invoice is sent ..."): a generic sentence, saying what any thing of that kind is
#: or does, as a definition does; documentation does not deny a definition without saying what
#: is the case instead (a negation *removed* from such a sentence stays a site: "A SEV-4 incident
#: is not posted on the status page" is an exception worth stating either way)
_GENERIC_SUBJECT = re.compile(r"\s*(?:A|An)\s+[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,4}\s*")
#: a passive naming its agent: "is served by the APAC desk", "are handled by the People Team"
_BY_AGENT = re.compile(r"\s+(?:\w+ly\s+)?(?:[a-z]+ed|[a-z]+en|done|run|made|set|kept|held|built|sent|paid)\s+by\s", re.I)
#: the reader's expected outcome of a step: "you will see", "you should receive", "you'll get"
_STEP_OUTCOME = re.compile(r"\byou(?:'ll|\s+(?:will|should|can))?\s*\|\s*(?:\w+ly\s+)?(?:see|find|get|receive|notice|"
                           r"be\s+redirected|be\s+taken|be\s+prompted|be\s+asked)\b", re.I)


def _framed(text: str, slot: Slot) -> bool:
    """A polarity the sentence justifies or evaluates (``data/doc_english.yaml``
    polarity_frames: "unfortunately", "for security reasons") cannot flip: the frame would
    argue against the flipped claim ("is unfortunately possible"). (A polarity inside a time or
    condition clause is ``fairness.rules.unfair_rule``'s "condition-negation".)"""
    from ...analysis.domain import doc_english

    words = doc_english()
    frames = words.get("polarity_frames", ())
    if any(re.search(r"(?<!\w)" + re.escape(f) + r"(?!\w)", text, re.I) for f in frames):
        return True
    return False


# --------------------------------------------------------------------------- removing


def remove_negation(text: str, slot: Slot) -> tuple[int, int, str] | None:
    """The edit that drops the negation at ``slot``, or None when the result would not be a
    grammatical affirmative."""
    s, e = slot.start, slot.end
    word = slot.text.lower().replace("’", "'")
    if word == "n't":
        host = re.search(r"([A-Za-z]+)$", text[:s])
        if host is None:
            return None
        base = _CONTRACTIONS.get(host.group(1).lower())
        if base is None:
            return None
        hs = host.start(1)
        host_word = grammar.capitalise(base) if host.group(1)[0].isupper() else base
        if base in ("do", "does", "did"):
            return _undo_do_support(text, hs, e, base, host.group(1)[0].isupper())
        return hs, e, host_word
    if word == "not":
        if text[s - 3 : s].lower() == "can" and (s < 3 or not text[s - 1].isspace()):
            return s, e, ""  # cannot -> can
        aux = grammar.word_before(text, s)
        if aux is not None and aux[2].lower() in ("do", "does", "did"):
            return _undo_do_support(text, aux[0], e, aux[2].lower(), aux[2][0].isupper())
        return _delete_word(text, s, e)
    if word == "never":
        nxt = grammar.word_after(text, e)
        if nxt is None:
            return None
        return _delete_word(text, s, e)
    return None


def _delete_word(text: str, s: int, e: int) -> tuple[int, int, str] | None:
    """Delete the word at [s, e) and one space; capitalise what follows at a sentence start."""
    nxt = grammar.word_after(text, e)
    if nxt is None:
        return None
    if grammar.is_sentence_start(text, s):
        if not text[s].isupper():
            return None
        return s, nxt[1], grammar.capitalise(nxt[2])
    if s > 0 and text[s - 1] == " ":
        return s - 1, e, ""
    return s, nxt[0], ""


def _undo_do_support(text: str, aux_start: int, neg_end: int, aux: str, capital: bool) -> tuple[int, int, str] | None:
    """"does not apply" -> "applies", "did not send" -> "sent", "do not share" -> "share":
    the edit spans from the auxiliary to the end of the verb. Adverbs in between move before
    the verb ("does not currently support" -> "currently supports")."""
    pos = neg_end
    adverbs: list[str] = []
    while True:
        nxt = grammar.word_after(text, pos)
        if nxt is None:
            return None
        if _ADVERB.fullmatch(nxt[2]) and nxt[2].lower() not in ("only",):
            adverbs.append(nxt[2])
            pos = nxt[1]
            continue
        break
    verb_start, verb_end, verb = nxt
    if not verb.islower() or verb.lower() in grammar.NOT_VERBS or not verb.isalpha():
        return None
    if verb == "be" and aux != "do":
        return None  # only the imperative "Do not be late" -> "Be late" works
    if aux == "does":
        inflected = grammar.third_person(verb)
    elif aux == "did":
        inflected = grammar.past_tense(verb)
    else:
        inflected = verb
    phrase = " ".join(adverbs + [inflected])
    if capital:
        phrase = grammar.capitalise(phrase)  # "Do not share" -> "Share"
    return aux_start, verb_end, phrase


def _idiom(text: str, slot: Slot) -> bool:
    """Negations that are not the clause's polarity and cannot simply be dropped."""
    after = text[slot.end :].lstrip().lower()
    before = text[: slot.start].rstrip().lower()
    if re.match(r"(only|just|yet|merely|even|until)\b", after):
        return True
    if re.match(r"(exactly|necessarily|quite|really|entirely|particularly|always|all that|too|very)\b", after):
        return True  # "aren't exactly helpful", "not necessarily": a hedge, not the claim's polarity
    if re.search(r"\b(whether or|or|if|than)$", before):
        return True
    if re.search(r"\b(?:nor|either|yet)\b", re.split(r"[.;:!?]", after, maxsplit=1)[0]):
        return True  # "does not support X nor report Y", "isn't a channel yet": they need the negation
    if before.endswith("but") and after.startswith("limited"):
        return True  # "including but not limited to" is boilerplate, not a claim
    if re.match(r"[.,;:!?)]|$", after):
        return True  # "... or not." / "if not, ..."
    return False


# --------------------------------------------------------------------------- adding


def insert_negation(text: str, slot: Slot) -> tuple[int, int, str] | None:
    """The edit that adds "not" after the auxiliary at ``slot``, or None when that would be
    ungrammatical or a double negative."""
    aux = slot.text
    low = aux.lower().replace("’", "'")
    if low not in {w.replace("’", "'") for w in _INSERTABLE}:
        return None
    if text.rstrip().endswith("?") or (grammar.is_sentence_start(text, slot.start) and not low.startswith("'")):
        return None  # a question or an inverted clause
    prev = grammar.word_before(text, slot.start)
    host = re.search(r"([A-Za-z]+)$", text[: slot.start])  # "Here" in "Here's"
    opener = (host.group(1) if host and low.startswith("'") else prev[2] if prev else "").lower()
    if opener in _INVERSION_OPENERS:
        return None  # "Here is a guide", "Below is the table": "not" reads wrong after a fronted place
    nxt = grammar.word_after(text, slot.end)
    if nxt is None:
        return None
    follower = nxt[2].lower()
    if follower in _NEGATIVE_WORDS or follower in ("also", "either") or _NEGATIVE_CLAUSE.search(text):
        return None
    if low in ("has", "have", "had"):
        verb = nxt
        while verb is not None and (_ADVERB.fullmatch(verb[2]) or verb[2].lower() in ("already", "recently")):
            verb = grammar.word_after(text, verb[1])
        if verb is None or not _participle(verb[2].lower()):
            return None  # "has 5 seats" is a main verb: "has not 5 seats" is not English
    if low in ("do", "does", "did") and (follower in grammar.NOT_VERBS or not nxt[2].islower()):
        return None  # main-verb "do"
    if follower == "to":
        return None  # "has to", "is to": modality, not a polarity site
    if low == "can":
        return slot.start, slot.end, grammar.match_case(aux, "cannot")
    return slot.start, slot.end, aux + " not"


def _participle(word: str) -> bool:
    return word in _PARTICIPLE_IRREGULAR or bool(re.fullmatch(r"[a-z]{2,}(?:ed|en)", word))


def _slot_replacement(text: str, slot: Slot, start: int, end: int, new: str) -> str:
    """What the slot's own span became: the new text when the edit is the slot, else the
    part of ``new`` that stands where the slot stood (empty for a removed negation)."""
    if (start, end) == (slot.start, slot.end):
        return new
    return "" if slot.kind == "negation" else new


FAMILY = PolarityFamily()
