"""Rules for a weakened universal or requirement that another unit of its chunk still states,
anywhere in the chunk, not only right beside it (issue 10, round 24: questions c, d and f).

Rules of documentation English, each about a few function words:

- **The same quantified subject elsewhere** (:func:`quantified_elsewhere`). A universal is said
  of a set named by its noun ("every database", "each member", "no message"). Another unit of
  the chunk that quantifies the same noun universally and shares a word of the predicate
  ("Upstash enables TLS on every database" beside "TLS is enabled for all databases";
  "no message is ever delivered twice" beside "Every message is delivered exactly once") states
  the claim again, so "most" in the edited sentence leaves it standing (``universal-elsewhere``).
  When that other unit gives the same predicate a *different* value of the same dimension ("Each
  file is 128 KB in size" beside "Each file is 256 KB in size", the two sets named in sentences
  the chunk may cut off), the bare question "Is each file 256 KB?" has two answers in the true
  chunk itself: the case is ambiguous (``ambiguous-subject``). A unit that quantifies the noun
  with other modifiers ("every Team workspace" beside "every Pro workspace") is a sibling about
  another set, and a number between the quantifier and the noun ("every 24 hours") is a period.
- **A requirement said again with the same verb and object** (:func:`requirement_elsewhere`).
  "Every workflow must include at least one step." and, further on, "you must include one dummy
  step": the same act on the same thing is required twice, so weakening one modal leaves the
  other. Its subject must be the reader ("you"), an impersonal pronoun, absent, or the same
  noun: "Admins must rotate the key" beside "Editors should rotate the key" is a sibling rule.
- **What happens when the object is missing** (:func:`consequence_if_none`). "If no steps are
  defined, the workflow will throw an error" (or "If the token is missing, ... fails";
  "Without a token, ...") right after a requirement on steps, tokens ... restates it as one.
- **An imperative says it again** (:func:`imperative_elsewhere`). Documentation states its
  recommendations as imperatives ("Enable and configure backups ... to ensure you can restore
  your data."): a weakened "You should ensure you have a backup strategy for your data" beside
  such a line, sharing its verb or two words of what it asks, still recommends it.
- **One branch of "either ... or"** (:func:`either_or`). "You either restart everything or you
  must write custom retry logic": the sentence states a choice between two exhaustive options;
  weakening the modal of one branch weakens nothing.

Hand-written (regular expressions over the one splitter's sentences, lemminflect for the word
class of an imperative's first word) for the same reason as :mod:`.coherence`: the rules are
statements about a few function words and run inside ``build`` with no model.
"""

from __future__ import annotations

import re

from ...values import find_values
from .reading import LINE_START, _claim_values, _content_stems, _keeps, _mentions, _other_sentences

#: determiners that quantify a set universally ("every database", "no message")
_UNIVERSAL_DET = re.compile(r"\b(every|each|all|any|no)\s+", re.I)
#: words skipped between a universal determiner and its noun phrase ("all of the", "each of your")
_NP_LEAD = {"of", "the", "your", "our", "their", "its", "these", "those", "this", "that", "single"}
#: words that end a quantified noun phrase: verbs, auxiliaries, prepositions, conjunctions, relatives
_NP_STOP = {"is", "are", "was", "were", "be", "been", "has", "have", "had", "do", "does", "did", "can", "could",
            "will", "would", "may", "might", "must", "should", "shall", "gets", "get", "to", "of", "for", "in", "on",
            "at", "with", "by", "from", "into", "via", "per", "as", "and", "or", "but", "that", "which", "who",
            "when", "if", "so", "because", "than", "within", "across", "over", "under", "between", "through",
            "during", "ever", "never", "always", "also", "only", "not", "you", "we", "they", "it", "listed",
            "sent", "owned", "used", "made", "stored", "enabled", "automatically", "there", "here"}
#: verbs too light to say what a predicate is about ("gets", "has", "uses")
_LIGHT = {"get", "ha", "have", "use", "make", "take", "give", "go", "come", "do", "includ", "provid", "allow", "set",
          "need", "mean", "avail", "support", "also", "one", "two", "can", "will"}


def _stem1(word: str) -> str:
    """A noun's number-free form ("databases" -> "database", "keys" -> "key")."""
    w = word.lower()
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("sses", "xes", "ches", "shes")) and len(w) > 4:
        return w[:-2]
    if w.endswith("s") and not w.endswith("ss") and len(w) > 3:
        return w[:-1]
    return w


def _verb_after_noun(word: str, singular: bool) -> bool:
    """``word``, after a noun of a quantified phrase, is its verb: after a singular noun ("each
    crate weighs") an -s form lemminflect knows as a verb, after a plural one a word it knows only
    as a verb ("all keys expire"; "all support requests" keeps a noun that is also a verb)."""
    from lemminflect import getAllLemmas

    lemmas = getAllLemmas(word)
    if "VERB" not in lemmas:
        return False
    if singular and word.endswith("s") and not word.endswith("ss"):
        return True
    return set(lemmas) <= {"VERB", "AUX"} and word not in lemmas.get("NOUN", ())


def quantified_noun_phrase(text: str, at: int = 0) -> tuple[tuple[str, ...], int, int] | None:
    """``(words, start, end)`` of the noun phrase a universal determiner at or after ``at``
    quantifies ("Each file is" -> ("file",); "all support requests should" -> ("support",
    "requests")), or None: no determiner, a number after it ("every 24 hours": a period), or no
    noun. ``start`` and ``end`` are the offsets of the determiner and of the phrase's end."""
    m = _UNIVERSAL_DET.search(text, at)
    if not m:
        return None
    words: list[str] = []
    end = m.end()
    for w in re.finditer(r"[A-Za-z0-9][\w'-]*", text[m.end():]):
        low = w.group(0).lower()
        if not words and low in _NP_LEAD:
            continue
        if low in _NP_STOP:
            break
        if re.match(r"\d", low):
            if words:
                break
            return None  # "every 24 hours", "all 3 regions": a period or a count, no set
        if words and _verb_after_noun(low, singular=m.group(1).lower() in ("every", "each")):
            break
        between = text[end:m.end() + w.start()]
        if words and re.search(r"[.,;:!?()\u2014\u2013]", between):
            break
        words.append(w.group(0))
        end = m.end() + w.end()
        if len(words) >= 3:
            break
    if not words:
        return None
    return tuple(words), m.start(), end


def _predicate_stems(text: str, np: tuple[str, ...]) -> set[str]:
    """Content stems of ``text`` other than its noun phrase's words, the quantifiers and light verbs."""
    drop = _content_stems(" ".join(np)) | _content_stems("every each all any most some many no")
    return {s for s in _content_stems(text) - drop if s not in _LIGHT and not s.isdigit()}


#: content words of the predicate a universal said elsewhere must share with the edited one, unless the
#: one it shares is a verb ("delivered", "awaited"): one shared noun is the page's topic ("data")
SHARED_PREDICATE = 2


def _shares_verb(other: str, shared: set[str]) -> bool:
    """A word of ``other`` whose stem is in ``shared`` is a verb and nothing else but an adjective
    (lemminflect: "delivered", "awaited"; not "time", which is also a noun)."""
    from lemminflect import getAllLemmas

    for w in re.findall(r"[A-Za-z][\w-]*", other):
        if _content_stems(w) & shared:
            lemmas = getAllLemmas(w.lower())
            if "VERB" in lemmas and set(lemmas) <= {"VERB", "ADJ"}:
                return True
    return False


#: a condition or preposition opening the clause a quantified phrase sits in ("With no flag", "If all jobs")
_CONDITION_BEFORE = re.compile(r"\b(?:if|when|whenever|unless|with|without|once|until|while|whether)\b[^,;:.]*$", re.I)


def quantified_elsewhere(sentence: str, site_start: int, others: list[str],
                         values: list[str] = ()) -> tuple[str, str] | None:
    """``(rule, reason)`` when another unit of ``others`` quantifies the edited sentence's
    universal noun again (see the module docstring): ``universal-elsewhere`` when it keeps the
    claim's ``values``, ``ambiguous-subject`` when it states another value of the same dimension."""
    found = quantified_noun_phrase(sentence, site_start)
    if found is None or found[1] > site_start + 12:
        return None
    np, _, np_end = found
    head = _stem1(np[-1])
    mods = {_stem1(w) for w in np[:-1]}
    own_pred = _predicate_stems(sentence[:found[1]] + " " + sentence[np_end:], np)
    for other in others:
        pos = 0
        while (theirs := quantified_noun_phrase(other, pos)) is not None:
            their_np, t_start, t_end = theirs
            pos = t_end
            stems = [_stem1(w) for w in their_np]
            if head not in stems:
                continue
            their_mods = set(stems[: stems.index(head)])
            if their_mods - mods:
                continue  # "every Team workspace" beside "every Pro workspace", "no agent flag" beside
                # "all flags": another set, or a part of the edited one
            if _CONDITION_BEFORE.search(other[:t_start]):
                continue  # "With no flag, ...", "If every job ...": a condition, no statement
            shared = own_pred & _predicate_stems(other, their_np)
            if not shared:
                continue
            if all(_keeps(other, v) for v in values):
                if len(shared) < SHARED_PREDICATE and not _shares_verb(other, shared):
                    continue  # one shared noun ("the data", "a time") is the topic, not the predicate
                return ("universal-elsewhere",
                        f"{other.strip()[:50]!r} says it again of every {np[-1]!r}, so the chunk keeps the claim")
            if any(find_values(v) and not _keeps(other, v) for v in values):
                # the same predicate ("... in size") with a rival number of the value's dimension
                return ("ambiguous-subject",
                        f"{other.strip()[:50]!r} gives every {np[-1]!r} another value: the question has two answers")
    return None


#: a requirement cue, not negated ("must", "have to", "is required to")
_CUE = re.compile(r"\b(?:must|shall|ha(?:ve|s)\s+to|need(?:s)?\s+to|(?:is|are)\s+required\s+to)\s+", re.I)
_NEGATED = re.compile(r"\b(?:not|n['\u2019]t|never|no\s+longer)\s*$", re.I)
#: subjects that name the reader or nobody in particular: a requirement of the same act on them is the same rule
_PRONOUN_SUBJECT = {"you", "we", "they", "it", "one", "users", "user", "developers", "developer", "everyone"}
#: words between a modal and its verb ("must always include", "must first set")
_ADVERBS = {"always", "also", "first", "then", "still", "just", "only", "explicitly", "manually", "carefully",
            "either", "both", "now", "never"}
#: words skipped before an object's noun ("at least one", "exactly two", articles)
_OBJECT_LEAD = {"a", "an", "the", "your", "our", "their", "its", "this", "that", "these", "those", "at", "least",
                "most", "exactly", "one", "two", "three", "some", "any", "each", "every", "all", "only", "same"}
_OBJECT_STOP = {"to", "of", "for", "in", "on", "at", "with", "by", "from", "into", "via", "per", "as", "and", "or",
                "but", "that", "which", "who", "when", "if", "before", "after", "so", "because", "than", "within",
                "is", "are", "be", "unless", "using", "through"}


def verb_and_object(text: str) -> tuple[str, frozenset[str]] | None:
    """``(verb, object words)`` of the clause that starts ``text`` (the words right after a
    modal): the first word that is no adverb, and the nouns of the phrase after it, numbers and
    determiners skipped ("include at least one step execution with ..." -> ("include",
    {"step", "execution"})). A passive ("be deleted") or an object-less verb gives None."""
    words = re.findall(r"[A-Za-z][\w'-]*", re.split(r"[,;:()]|\s[\u2014\u2013-]\s", text, maxsplit=1)[0])
    k = 0
    while k < len(words) and (words[k].lower() in _ADVERBS or words[k].lower().endswith("ly")):
        k += 1
    if k >= len(words) or not words[k].islower() or words[k] in ("be", "been", "not"):
        return None
    verb = words[k].lower()
    rest = words[k + 1:]
    if rest and rest[0].lower() in ("that", "you", "we", "they", "it") and len(rest) > 2:
        # a complement clause ("ensure you have a backup strategy"): its object is what is asked
        inner = verb_and_object(" ".join(rest[2:] if rest[0].lower() == "that" and len(rest) > 3
                                         and rest[1].lower() in ("you", "we", "they", "it") else rest[1:]))
        return (verb, inner[1]) if inner else None
    obj: list[str] = []
    for w in rest:
        low = w.lower()
        if not obj and low in _OBJECT_LEAD:
            continue
        if low in _OBJECT_STOP or (obj and low.endswith("ly")):
            break
        obj.append(low)
        if len(obj) >= 3:
            break
    if not obj:
        return None
    return verb, frozenset(_stem1(w) for w in obj)


def _subject(text: str) -> set[str]:
    """The content words of the clause before a cue: after its last comma ("Even for X, you")."""
    clause = re.split(r"[,;:]", text)[-1]
    return {_stem1(w) for w in re.findall(r"[A-Za-z][\w-]*", clause)
            if w.lower() not in ("the", "a", "an", "every", "each", "all", "any", "your", "our", "their")}


def requirement_elsewhere(sentence: str, site_start: int, site_end: int, others: list[str],
                          values: list[str] = ()) -> str | None:
    """Another unit of ``others`` requires the same act (verb) on the same thing (a noun of the
    object) of the reader, of nobody in particular or of the same subject: the weakened
    requirement is still stated (see the module docstring). None otherwise."""
    own = verb_and_object(sentence[site_end:])
    if own is None:
        return None
    verb, obj = own
    own_subject = _subject(sentence[:site_start])
    for other in others:
        for cue in _CUE.finditer(other):
            if _NEGATED.search(other[: cue.start()]):
                continue
            theirs = verb_and_object(other[cue.end():])
            if theirs is None or theirs[0] != verb or not (theirs[1] & obj):
                continue
            subject = _subject(other[: cue.start()])
            if subject and not subject <= _PRONOUN_SUBJECT and not subject & own_subject:
                continue  # "Admins must rotate the key" beside "Editors should ...": a sibling rule
            if not all(_keeps(other, v) for v in values):
                continue
            return f"{other.strip()[:50]!r} requires the same ({verb} ...) again, so the chunk keeps the requirement"
    return None


#: a condition that the object is absent: "If no steps are ...", "If the token is missing/not set",
#: "Without a token", "When no region is given"
_ABSENT_CONDITION = re.compile(
    LINE_START + r"(?:(?:if|when|whenever)\s+(?:there\s+(?:is|are)\s+)?(?:no|none\s+of\s+the)\s+(?P<a>[^,]+)|"
    r"(?:if|when)\s+(?:the|your|a|an)\s+(?P<b>[^,]+?)\s+(?:is|are)\s+(?:not\b|n['\u2019]t\b|missing|absent|omitted|empty)|"
    r"without\s+(?:a|an|the|any|your)?\s*(?P<c>[^,]+))", re.I)
#: a failure a consequence states (an error thrown or returned, a refusal, a failure)
_FAILS = re.compile(
    r"\b(?:fail\w*|throws?|raises?|errors?|rejects?|rejected|refuse[sd]?|breaks?|crash\w*|abort\w*|"
    r"will\s+not\s+work|won['\u2019]t\s+work|does\s*n['\u2019]t\s+work|does\s+not\s+work)\b", re.I)


def consequence_if_none(sentence: str, site_end: int, following: list[str]) -> str | None:
    """One of ``following`` (the sentences after a requirement in its paragraph, up to two) says
    what fails when the required object is absent ("If no steps are defined, the workflow will
    throw an error." after "... must include at least one step ..."): the requirement stands."""
    own = verb_and_object(sentence[site_end:])
    if own is None:
        return None
    obj = own[1]
    for nxt in following[:2]:
        m = _ABSENT_CONDITION.match(nxt.strip())
        if not m:
            continue
        absent = m.group("a") or m.group("b") or m.group("c") or ""
        words = {_stem1(w) for w in re.findall(r"[A-Za-z][\w-]*", absent)}
        if words & obj and _FAILS.search(nxt):
            return f"{nxt.strip()[:50]!r} says what fails without it, so the chunk keeps the requirement"
    return None


def _imperative(text: str) -> bool:
    """A sentence that opens with a verb in its base form that is only a verb (lemminflect):
    "Enable and configure backups ...", "Rotate keys monthly."."""
    from lemminflect import getAllLemmas

    words = re.findall(r"[A-Za-z][\w'-]*", text.lstrip(" \t>*-\u2022\u2713\u2714\u2705"))
    if len(words) < 2 or not words[0][:1].isupper():
        return False
    first = words[0].lower()
    lemmas = getAllLemmas(first)
    return set(lemmas) == {"VERB"} and first in lemmas["VERB"]


#: an imperative with another verb must share more than :data:`IMPERATIVE_SHARED` - 1 and more than
#: this share of what a weakened recommendation asks, one of them no word of its object: "Provide
#: direct feedback on performance." shares two of the five words of "share performance feedback
#: during every single 1:1" and leaves its "every 1:1" out; "Add an AsyncAPI specification file"
#: names the object of "must follow the AsyncAPI specification" but asks another act
IMPERATIVE_SHARED = 2
IMPERATIVE_SHARE = 0.5
#: imperatives that point elsewhere rather than instruct
_POINTERS = {"see", "read", "refer", "visit", "learn", "go", "click", "navigate", "check", "view", "find", "follow",
             "consult", "explore"}


def imperative_elsewhere(sentence: str, site_end: int, others: list[str], values: list[str] = ()) -> str | None:
    """Another unit of ``others`` is an imperative asking the same thing: it opens with the
    edited clause's verb, or shares :data:`IMPERATIVE_SHARED` content words with the clause
    after the modal, one of them a noun of its object and one not (see the module docstring and
    :data:`IMPERATIVE_SHARE`); with the same verb, two nouns of the object (one, for a one-word
    object): "Select Create role set." names only the "role" of "select a creator role"."""
    clause = re.split(r"[;:]|\s[\u2014\u2013]\s", sentence[site_end:], maxsplit=1)[0]
    own = verb_and_object(clause)
    if own is None:
        return None
    verb, obj = own
    asked = {s for s in _content_stems(clause) if s not in _LIGHT}
    obj_stems = set().union(*(_content_stems(w) for w in obj))
    for other in others:
        if not _imperative(other) or not all(_keeps(other, v) for v in values):
            continue
        theirs = _content_stems(other)
        first = re.search(r"[A-Za-z]+", other).group(0).lower()
        if first in _POINTERS:
            continue  # "See the reference for ...": a pointer, no instruction
        their_obj = verb_and_object(other[re.search(r"[A-Za-z]+", other).end():]) if first == verb else None
        same_verb = their_obj is not None and len(their_obj[1] & obj) >= min(2, len(obj))
        shared = asked & theirs
        if same_verb or (len(shared) > max(IMPERATIVE_SHARED - 1, IMPERATIVE_SHARE * len(asked))
                         and obj_stems & theirs and shared - obj_stems):
            return f"the imperative {other.strip()[:50]!r} asks the same, so the chunk keeps the recommendation"
    return None


def either_or(sentence: str, site_start: int) -> str | None:
    """The modal sits in a sentence that offers a choice, "either A or B", with the site after
    "either": weakening one branch leaves the same choice between two exhaustive options."""
    before = sentence[:site_start]
    m = re.search(r"\beither\b", before, re.I)
    if m and re.search(r"\bor\b", sentence[m.end():], re.I):
        return "the modal sits in one branch of an 'either ... or' choice, which the edit leaves standing"
    return None


#: a purpose or an enablement after a requirement: "for the branch to be valid", "in order to
#: sign in", "so that the export runs": what the requirement is needed for
_PURPOSE_AFTER = re.compile(r"\b(?:in\s+order\s+to|so\s+as\s+to|so\s+that|for\s+(?:\S+\s+){1,5}?to\s+(?:be|work|run|"
                            r"function|succeed|pass|load|start|connect|apply|take\s+effect)\b|"
                            # round 30: what makes a thing valid ("to define a valid polygon") and a
                            # capability that waits on it ("before the endpoint can serve requests")
                            r"to\s+(?:be|define|create|form|make|produce|get|have)\s+(?:a\s+|an\s+)?valid\b|"
                            r"before\s+[^.!?]{1,60}?\b(?:can|will)\s+[a-z]+)", re.I)


def purpose_after(sentence: str, site_end: int) -> str | None:
    """A requirement stated with what it is needed for ("Each branch must have at least one
    condition for the branch to be valid", "at least 3 pairs to define a valid polygon", "a
    workspace before the endpoint can serve requests"): weakened to "should" or "can", the
    sentence still says the thing is needed for that purpose, so it still reads as the requirement."""
    m = _PURPOSE_AFTER.search(sentence[site_end:])
    if m:
        return f"the requirement names what it is needed for ({m.group(0)!r}), which the weaker modal keeps"
    return None


def elsewhere_rule(c) -> tuple[str, str] | None:
    """``(rule, reason)`` of the first rule of this module ``c`` (a spliced aggregation or
    modality candidate) breaks, or None."""
    if c.mutation is None or c.family.name not in ("aggregation", "modality"):
        return None
    text = c.sentence.text
    others = _other_sentences(c)
    values = _claim_values(c)
    if c.family.name == "aggregation":
        return quantified_elsewhere(text, c.site.start, others, values)
    why = either_or(text, c.site.start)
    if why:
        return "either-or", why
    why = purpose_after(text, c.site.end)
    if why:
        return "purpose-after", why
    why = requirement_elsewhere(text, c.site.start, c.site.end, others, values)
    if why:
        return "requirement-elsewhere", why
    from .reading import _next_in_paragraph

    why = consequence_if_none(text, c.site.end, _next_in_paragraph(c, 2))
    if why:
        return "consequence-if-none", why
    why = imperative_elsewhere(text, c.site.end, others, values)
    if why:
        return "imperative-elsewhere", why
    return None
