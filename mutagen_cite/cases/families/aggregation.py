"""Aggregation: the quantifier changes how much of the population the claim covers.

"all plans" -> "most plans", "some regions" -> "no regions", "no extra charge" -> "an extra
charge", "always" -> "usually", "only admins" -> "admins". A swap must change the claim ("every"
<-> "each" does not, so it is never made) and keep agreement: plural quantifiers (all, most, some,
many, few) swap among themselves before a plural or mass noun; "every"/"each" become "most" with
the noun made plural and a present-tense verb after it re-agreed ("Every plan includes" -> "Most
plans include"); "all the" becomes "most of the". When agreement cannot be kept (a floating
"plans all include", a number after the quantifier, "at all", "each of", a subject whose verb is
out of reach) the family returns None. Mined quantifiers that are also meaning-changing targets
are preferred, so a corpus that says "most" supplies "most".

**Only wordings documentation writes in that slot.** Hand checks read "almost every",
"sometimes" (for "always") and "rarely" as invented hedges. The table keeps the replacements that
documentation uses in the same grammatical position; counts over the three shared corpora
(18F handbook 70k words, Railway docs 99k, Sourcegraph handbook 186k; regex, case-insensitive):
"most <plural noun>" 11/17/19, "some <plural noun>" 13/18/59, "usually" 6/12/22, "typically"
12/11/26, "often" 10/15/46, against "almost every" 1/0/0, "nearly every" 0/0/1 and "rarely"
0/2/2. So "every"/"each" -> "most", "always" -> "usually"/"typically", "usually"/"often" are no
sites (their only contradicting target, "rarely", is a word documentation hardly writes).
"""

from __future__ import annotations

import random
import re
from typing import Sequence

from ...model import Mutation, Sentence, Slot
from ...values.tables import QUESTION_PREPOSITIONS, WORD_NUMBERS
from . import grammar
from .base import Example, ValueSource, make_mutation

#: meaning-changing targets per quantifier (never a synonym)
#: Only swaps after which the distractor no longer entails the claim: a stronger quantifier
#: entails a weaker one ("all" supports "some"), so universals go down and existentials go to
#: their opposite, never up ("some" -> "all" would still support the true claim).
#: a universal weakened inside an obligation reads as no rule anyone writes ("Most contractors
#: must sign ...", "must be retaken most years"): a rule binds a whole class, so these are no sites
UNIVERSALS = frozenset({"all", "every", "each", "always"})
OBLIGATION = re.compile(r"\b(?:must|shall|required|mandatory|(?:have|has|need|needs)\s+to)\b", re.I)

TARGETS: dict[str, tuple[str, ...]] = {
    "all": ("most", "some"),
    "every": ("most",),
    "each": ("most",),
    "most": ("some",),
    "some": ("no",),
    "many": ("few",),
    "few": ("many",),
    "none": ("some",),
    "no": ("some",),
    "always": ("usually", "typically"),
    "rarely": ("often",),
    "only": ("",),
}
#: words that start an object, so the -s word before them is a verb ("permits the")
_OBJECT_STARTERS = {"the", "a", "an", "any", "its", "their", "your", "our", "it", "them", "this", "that"}
_PRONOUNS = {"they", "we", "you", "them", "us", "these", "those"}
_PLURAL_QUANTIFIERS = {"all", "most", "some", "many", "few", "none"}
_ADVERBS = {"always", "usually", "sometimes", "often", "rarely"}
_DETERMINERS = {"the", "our", "your", "their", "its", "these", "those", "his", "her", "my", "this", "that"}
#: mass nouns: "some data", "all traffic", "no downtime" (no article possible)
MASS = {
    "data", "traffic", "storage", "bandwidth", "access", "support", "information", "time", "work",
    "software", "hardware", "equipment", "feedback", "usage", "downtime", "evidence", "content",
    "documentation", "guidance", "training", "travel", "leave", "pay", "compensation", "money",
    "funding", "equity", "code", "telemetry", "metadata", "action",
    "effect", "impact", "notice", "approval", "liability", "warranty", "responsibility", "research",
    "progress", "knowledge", "advice", "overtime", "media", "staff", "personnel", "memory",
}
_STOP = {"is", "are", "was", "were", "has", "have", "had", "can", "will", "must", "may", "should",
         "does", "do", "did", "would", "could", "be", "been", "not", "and", "or", "but", "that",
         "which", "who", "to", "of", "in", "on", "at", "for", "with", "by", "from", "as", "than",
         "its", "this", "his", "us", "plus", "bonus", "status", "gets", "includes", "uses", "needs",
         "requires", "offers", "provides", "allows", "supports", "costs", "takes", "receives"}
_NO_AFTER = {"longer", "later", "more", "less", "fewer", "earlier", "sooner", "matter", "one",
             "doubt", "way", "other"}
_NUMBERISH = re.compile(rf"\d|(?:{'|'.join(WORD_NUMBERS)})\b", re.I)


def _plural_head(text: str, pos: int) -> bool:
    """True when the noun phrase after ``pos`` is plural or a mass noun: any plural noun in
    its first words ("all new plans"), or a mass noun as its last word ("all customer data";
    but "no recovery time objective" is singular: its head is "objective")."""
    p = pos
    words: list[str] = []
    for _ in range(4):
        if re.match(r"\s*[^\sA-Za-z]", text[p:]):
            break  # punctuation ends the phrase
        w = grammar.word_after(text, p)
        if w is None:
            break
        low = w[2].lower()
        if low in _STOP or low in grammar.NOT_VERBS:
            break
        if grammar.is_plural_noun(low):
            after = grammar.word_after(text, w[1])
            if words and after is not None and after[2].lower() in _OBJECT_STARTERS:
                break  # "no plan permits the storage": "permits" is the verb, "plan" the head
            return True
        words.append(low)
        p = w[1]
    return bool(words) and words[-1] in MASS


#: a universal read collectively: a total or a span over the whole set ("50 replicas in total
#: across all regions", "shared between all members"): "most" of a total says nothing a writer would
COLLECTIVE = re.compile(r"\b(?:across|between|among(?:st)?|combined|total(?:led)?|in\s+total|altogether)\s+$",
                        re.I)


#: a universal that says what a listing covers ("a list of all permissions", "the table of every
#: region", "an overview of all plans"): a list, table or reference is offered as complete, so
#: "a list of some permissions" is no listing a document points to (reviewers failed 3 of the 4
#: read on four documentation sets, for question e)
LISTING = re.compile(r"\b(?:lists?|listings?|tables?|overviews?|summar(?:y|ies)|index|indexes|indices|catalog(?:ue)?s?|"
                     r"director(?:y|ies)|inventor(?:y|ies)|references?|breakdowns?|glossar(?:y|ies))\s+of\s+$", re.I)


#: a universal that gives a default its domain ("the default region for all new databases", "the
#: default settings of every project"): a default is, by what the word means, what applies to
#: every member unless overridden, so "the default region for most new databases" misreads it
#: ("enabled by default for all plans" is another reading: which plans have it on is a claim)
DEFAULT_DOMAIN = re.compile(r"(?<!by )\bdefaults?\s+(?:[A-Za-z][\w-]*\s+){0,2}(?:for|of)\s+$", re.I)


def _definition(text: str, slot) -> bool:
    """A universal that defines its noun: "Each replica is a full copy", "Every workspace is an
    isolated tenant" (a copula, then an indefinite noun phrase). What a thing is holds of every one
    of them by definition; "Most replicas are a full copy" is no claim any document makes."""
    return bool(re.match(r"\s*[\w-]+(?:\s+[\w-]+){0,3}?\s+(?:is|are)\s+(?:a|an)\s+\w", text[slot.end:]))


def _negated_elsewhere(sentence: Sentence, slot: Slot) -> bool:
    """A negation in the sentence other than the quantifier itself ("Governance does not force
    every project to look identical", "Boost doesn't support all queries"). Under a negation the
    direction of entailment turns: "not most" entails "not every", so the weakened copy still
    supports the claim, and the yes/no verification of the strong statement would drop the
    "not" and expect a wrong "yes". Read over the whole sentence, as the modality family reads
    its negated modals, since where a negation's scope ends is not told by the words alone."""
    return any(s.family == "polarity" and s.kind == "negation" and not (s.start < slot.end and slot.start < s.end)
               for s in sentence.slots)


class AggregationFamily:
    name = "aggregation"
    version = "aggregation.v3"
    description = "a quantifier or generalisation changed (all -> most, every -> most, only dropped)"

    def sites(self, sentence: Sentence) -> list[Slot]:  # noqa: C901 (one guard per reading)
        out = []
        for slot in sentence.slots_of("aggregation"):
            if slot.value not in TARGETS or grammar.in_code_or_url(sentence.text, slot.start, slot.end):
                continue
            if _negated_elsewhere(sentence, slot):
                continue  # "does not force every project": under a negation weakening strengthens
            if slot.value in UNIVERSALS and OBLIGATION.search(sentence.text):
                continue  # "All staff must ..." -> "Most staff must ...": no rule is written that way
            if slot.value in UNIVERSALS and (COLLECTIVE.search(sentence.text[: slot.start])
                                             or _definition(sentence.text, slot)):
                continue  # "50 replicas in total across all regions", "Each replica is a full copy"
            if slot.value in UNIVERSALS and LISTING.search(sentence.text[: slot.start]):
                continue  # "a list of all permissions": a listing is offered as complete
            if slot.value in UNIVERSALS and DEFAULT_DOMAIN.search(sentence.text[: slot.start]):
                continue  # "the default region for all new databases": a default applies to every one
            if _edit(sentence.text, slot, TARGETS[slot.value][0]) is None and all(
                _edit(sentence.text, slot, t) is None for t in TARGETS[slot.value][1:]
            ):
                continue
            out.append(slot)
        return out

    def mutate(self, sentence: Sentence, site: Slot, values: ValueSource, rng: random.Random) -> Mutation | None:
        targets = TARGETS.get(site.value)
        if not targets:
            return None
        mined = {" ".join(v.lower().split()) for v in values.mined(sentence, site)}
        edits = [(t, e) for t in targets if (e := _edit(sentence.text, site, t)) is not None]
        if not edits:
            return None
        from_corpus = [(t, e) for t, e in edits if t and t in mined]
        pool, origin = (from_corpus, "mined") if from_corpus else (edits, "synthetic")
        target, (start, end, new) = pool[rng.randrange(len(pool))]
        mutated = grammar.apply(sentence.text, start, end, new)
        replacement = grammar.match_case(site.text, target) if target else ""
        if end > site.end + 1:
            # the edit reaches past the quantifier (the noun made plural, its verb re-agreed):
            # the mutation records the whole span it changed, so the splice is exact
            wide = Slot(site.family, site.kind, site.start, end, sentence.text[site.start:end], site.value)
            return make_mutation(self, sentence, wide, sentence.text[site.start:start] + new, origin, mutated)
        return make_mutation(self, sentence, site, replacement, origin, mutated)

    def examples(self) -> Sequence[Example]:
        return (
            Example("All invoices are sent in euros.", "All", "Most invoices are sent in euros.",
                    vocabulary={"quantifier": ("most", "each")}),
            Example("Every plan includes a status page.", "Every",
                    "Most plans include a status page."),
            Example("Reminders are sent to each owner of a project.", "each",
                    "Reminders are sent to most owners of a project."),
            Example("Reports are exported for all the projects in a workspace.", "all",
                    "Reports are exported for most of the projects in a workspace.",
                    vocabulary={"quantifier": ("most",)}),
            Example("Most customers choose annual billing.", "Most", "Some customers choose annual billing.",
                    vocabulary={"quantifier": ("some",)}),
            Example("There is no setup fee for the first workspace.", "no",
                    "There is a setup fee for the first workspace."),
            Example("Backups are always encrypted with a customer key.", "always",
                    "Backups are usually encrypted with a customer key.", vocabulary={"quantifier": ("usually",)}),
            Example("Only administrators can export the audit log.", "Only",
                    "Administrators can export the audit log."),
        )


def _edit(text: str, slot: Slot, target: str) -> tuple[int, int, str] | None:
    """The edit replacing quantifier ``slot`` by ``target`` with agreement kept, or None."""
    q = slot.value
    s, e = slot.start, slot.end
    prev = grammar.word_before(text, s)
    prev_low = prev[2].lower() if prev else ""
    nxt = grammar.word_after(text, e)
    nxt_low = nxt[2].lower() if nxt else ""
    after = text[e:].lstrip()
    if q == "only":
        return _drop_only(text, slot, prev_low, nxt)
    if q in _ADVERBS:
        if prev_low in ("not", "almost", "nearly") or nxt is None or nxt_low == "not":
            return None  # "usually not" -> "always not" reads wrong
        return s, e, grammar.match_case(slot.text, target)
    if nxt is None or _NUMBERISH.match(after):
        return None  # "all 3 plans", "each.", "at all."
    if prev_low in _PRONOUNS and q in ("all", "each", "both", "most", "some"):
        return None  # a floating quantifier: "they each qualify", "we all agree"
    if q == "all" and prev_low in ("is", "are", "was", "were", "be", "been"):
        return None  # "they are all averages": "all" floats after the verb
    if re.match(r"(?:many thanks|some time|all in all|all along|all but|all the way|all at once|all set|all over)\b", text[s:], re.I):
        return None  # idioms, not quantified claims
    if q == "all" and (re.search(r"\bfree\s+(?:of|from)\s+$", text[:s], re.I) or (
            re.search(r"\bof\s+$", text[:s], re.I) and re.match(
                r"all\s+(?:types|kinds|sorts|forms|sizes|shapes|ages|levels|stripes|backgrounds)\b", text[s:], re.I))):
        return None  # "free of all ...", "discrimination of all types", "teams of all sizes": set wording, not a population
    if q == "all" and re.search(r"\b(?:percent(?:age)?|proportion|share|fraction|ratio|\d+(?:\.\d+)?\s*%)\s+of\s+$",
                                text[:s], re.I):
        return None  # "a percentage of all visitors", "40% of all requests": the base of a ratio, not a claim about scope
    if re.search(r"\bby\s+[a-z]+ing\b[^,.;:]*$", text[:s], re.I):
        return None  # "by separating each class with a space": a quantifier inside a method, not a claim about a set
    if q in ("each", "every") and (grammar.is_plural_noun(nxt_low) or re.search(r"\d\s*[A-Za-z]*\s*$", text[:s])):
        return None  # "each comes with", "at 100 MB each show": "each" is a pronoun here
    if prev_low in ("at", "after", "above", "once", "not", "almost", "nearly", "the", "how", "as", "so",
                    "too", "very") and not (q == "no" and prev_low == "at"):
        return None
    if q in ("every", "each") and (
        re.search(r"\beach\s+and\s+$", text[:s], re.I) or re.match(r"\s+and\s+every\b", text[e:], re.I)
    ):
        return None  # "each and every" is one emphatic quantifier
    if q in ("every", "each"):
        if nxt_low in ("of", "other", "one") and q == "each" or nxt_low == "of" or nxt_low in _STOP:
            return None  # "each of", "each other", "each must exit": a pronoun, not a determiner
        if prev is not None and grammar.is_plural_noun(prev[2]) and q == "each":
            return None  # "plans each include"
        return _every_to_plural(text, slot, target, prev_low)
    if q == "no":
        if nxt_low in _NO_AFTER:
            return None
        if _plural_head(text, e) or prev_low in ("are", "were"):
            return s, e, grammar.match_case(slot.text, "some")
        if nxt_low in grammar.NOT_VERBS or nxt_low in _STOP:
            return None
        art = grammar.article_for(nxt[2])
        return s, e, grammar.match_case(slot.text, art)
    if q == "none":
        if nxt_low != "of" or re.match(r"of\s+(?:\w+\s+){0,3}(?:is|was|has)\b", after):
            return None
        return s, e, grammar.match_case(slot.text, target)
    if q == "few":
        if prev_low in ("first", "last", "next", "past") :
            return None  # "the first few weeks" is a span of time, not a quantity claim
        if prev_low == "a" and prev is not None:
            if not _plural_head(text, e) and nxt_low != "of":
                return None
            return prev[0], e, grammar.match_case(prev[2], target)
        if prev_low in ("the", "very", "fewer"):
            return None
    if q in _PLURAL_QUANTIFIERS:
        if prev is not None and grammar.is_plural_noun(prev[2]) and q == "all":
            return None  # floating "plans all include"
        word = grammar.match_case(slot.text, target)
        if nxt_low == "of":
            # "some of these" -> "none of these", never "no of these"
            return s, e, grammar.match_case(slot.text, "none") if target == "no" else word
        if nxt_low in _DETERMINERS and nxt_low not in ("this", "that", "its", "his", "her"):
            if q != "all":
                return None
            return s, e, word + " of"  # "all the projects" -> "most of the projects"
        if _plural_head(text, e):
            return s, e, word
        return None
    return None


#: words after "every" that make it an idiom or an emphatic, not a quantified noun phrase
#: and quantity words that make it a frequency ("every few minutes", "every several weeks")
_EVERY_IDIOMS = {"time", "other", "single", "so", "now", "bit", "once", "which", "one", "thing",
                 "few", "several", "couple", "many",
                 # a unit of time: "every hour", "each month" is how often, not how many ("most
                 # hours" of a backup schedule is no claim a document makes)
                 "second", "minute", "hour", "day", "night", "morning", "evening", "afternoon", "week",
                 "weekday", "weekend", "fortnight", "month", "quarter", "year", "decade", "business"}
#: words before a subject noun phrase inside a sentence (its verb must agree, too)
_CLAUSE_OPENERS = {"that", "which", "where", "when", "if", "and", "because", "while", "once", "unless", "so",
                   "whenever", "before", "after", "until", "since", "as"}
#: modals and past-tense auxiliaries: the same form for singular and plural subjects
_SAME_FORM = {"must", "can", "will", "may", "should", "shall", "would", "could", "might", "cannot", "did"}
_SINGULAR_AUX = {"is": "are", "has": "have", "was": "were", "does": "do", "doesn't": "don't", "isn't": "aren't",
                 "hasn't": "haven't", "wasn't": "weren't"}


def _every_to_plural(text: str, slot: Slot, target: str, prev_low: str) -> tuple[int, int, str] | None:
    """"every"/"each" + singular noun -> ``target`` ("most") + plural noun, with the verb after
    a subject re-agreed ("Every plan includes alerts." -> "Most plans include alerts.", "is sent
    to each owner" -> "is sent to most owners"); None when the noun phrase or its verb cannot
    be read (an idiom, a relative clause or prepositional phrase between subject and verb)."""
    from lemminflect import getLemma

    s, e = slot.start, slot.end
    words: list[tuple[int, int, str]] = []
    p = e
    for _ in range(3):  # "every pull request": up to two modifiers before the head
        if re.match(r"\s*[^\sA-Za-z]", text[p:]):
            break
        w = grammar.word_after(text, p)
        if w is None:
            break
        low = w[2].lower()
        if low in QUESTION_PREPOSITIONS:
            break  # the noun phrase ends before a preposition ("every communication between ...")
        if words and grammar.postmodifying_participle(low):
            break  # a participle after the noun modifies it: "every task canceled" -> "most tasks canceled",
            # "each document sent" -> "most documents sent"
        if low in _STOP or low in grammar.NOT_VERBS or low in _SAME_FORM or low in _SINGULAR_AUX or (
                words and low.endswith("s") and getLemma(low, upos="VERB")[0] != low):
            break
        words.append(w)
        p = w[1]
    if not words or words[0][2].lower() in _EVERY_IDIOMS or any("'" in w[2] or "’" in w[2] for w in words):
        return None
    head = words[-1]
    if not head[2].isalpha() or not head[2].islower() or grammar.is_plural_noun(head[2]):
        return None
    plural = grammar.pluralize(head[2])
    if plural == head[2]:
        return None  # a mass noun ("every software") reads wrong either way
    new = grammar.match_case(slot.text, target) + text[e:head[0]] + plural
    end = head[1]
    verb = grammar.word_after(text, head[1])
    if verb is not None and verb[2].lower() in ("that", "which", "who", "whose"):
        return None  # "every request that arrives": the relative clause's verb agrees with it too
    subject = grammar.is_sentence_start(text, s) or prev_low in _CLAUSE_OPENERS
    if subject and re.search(r"\b(?:its|itself|it)\b", re.split(r"[.;:!?]", text[head[1]:], maxsplit=1)[0], re.I):
        return None  # "Every region has its own key": the pronoun would have to agree as well
    if subject:
        if verb is None or not re.fullmatch(r"\s+", text[head[1]:verb[0]]):
            return None
        low = verb[2].lower()
        if low in _SAME_FORM or (low.endswith("ed") and low not in ("need", "feed")):
            return s, end, new
        if low in _SINGULAR_AUX:
            return s, verb[1], new + text[head[1]:verb[0]] + grammar.match_case(verb[2], _SINGULAR_AUX[low])
        lemma = getLemma(low, upos="VERB")[0]
        if low.endswith("s") and lemma != low and grammar.third_person(lemma) == low:
            return s, verb[1], new + text[head[1]:verb[0]] + lemma
        return None  # no verb we can re-agree right after the subject
    return s, end, new


def _drop_only(text: str, slot: Slot, prev_low: str, nxt) -> tuple[int, int, str] | None:
    """Delete "only" where the rest still reads: "is only available" -> "is available",
    "Only admins can" -> "Admins can", "to owners only." -> "to owners."."""
    s, e = slot.start, slot.end
    if prev_low in ("the", "a", "an", "not", "if", "our", "your", "their", "its", "my", "his", "her", "and"):
        return None  # "the only way", "not only ... but", "if only"
    after = text[e:]
    if re.match(r"\s*[.,;:!?)]|\s*$", after):
        if s > 0 and text[s - 1] == " " and not grammar.is_sentence_start(text, s):
            return s - 1, e, ""  # trailing "only"
        return None
    if nxt is None or _NUMBERISH.match(after.lstrip()) or nxt[2].lower() in ("one", "a", "an"):
        return None  # "only 5 seats" -> "5 seats" barely changes the claim
    if re.search(r"\b(?:ever|yet)\b", re.split(r"[.;:!?]", after, maxsplit=1)[0]):
        return None  # "only you should ever": "ever" needs the "only"
    if grammar.is_sentence_start(text, s):
        if not slot.text[0].isupper():
            return None
        return s, nxt[1], grammar.capitalise(nxt[2])
    if s > 0 and text[s - 1] == " ":
        return s - 1, e, ""
    return None


FAMILY = AggregationFamily()
