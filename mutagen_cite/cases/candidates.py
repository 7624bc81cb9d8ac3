"""From (true sentence, near miss) pairs to pinned cases, in two variants.

For every site a family can mutate, a *candidate* pairs the true chunk (the corpus chunk
holding the sentence) with a distractor chunk: either the true chunk with exactly one span
replaced (``origin: mined`` when the replacement is a real corpus value, ``synthetic``
otherwise), or a real sibling sentence of the same enumeration used as-is (``sibling``).
Each kept candidate becomes two cases: *both-present* (cite the true chunk, never the
distractor) and *true-absent* (only the distractor: decline).

Ids are stable: derived from the document path, a hash of the evidence, the family and the
variant, never from order. Context chunk ids are opaque (``p-NNNN``) so a generator cannot
tell the distractor by its id; ``provenance.chunks`` maps them back to the corpus.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Sequence

from .families import Family, ValueSource
from ..model import (Case, Chunk, ChunkOrigin, ContextChunk, Document, EnumerationMember, Expect, Mutation,
                     MutationRecord, Provenance, Sentence, Slot, SourceSpan)
from .coherence import chunk_rule
from .families.tier_order import still_implied as tier_implied
from .questions import CONTRADICTING, DEFAULT_VERSION, VERIFYING, Phrasing, heading_before, is_table_row, phrase


@dataclass(frozen=True)
class Candidate:
    family: Family
    sentence: Sentence
    site: Slot
    phrasing: Phrasing
    true_chunk: Chunk
    distractor_text: str
    origin: str  # mined | synthetic | sibling
    replacement: str
    mutation: Mutation | None = None
    sibling: EnumerationMember | None = None
    sibling_chunk: Chunk | None = None

    @property
    def evidence_hash(self) -> str:
        key = "\n".join(
            [self.sentence.doc_id, self.sentence.text, self.family.name, self.site.kind, self.site.text,
             self.replacement, self.origin]
        )
        return hashlib.sha256(key.encode()).hexdigest()[:8]

    @property
    def edit_span(self) -> tuple[int, int] | None:
        """``(start, end)`` in ``distractor_text`` of what differs from the true sentence: the
        spliced edit, or the sibling's varying value; None when it cannot be located."""
        if self.mutation is not None:
            off = self.sentence.start - self.true_chunk.start
            old, new = self.sentence.text, self.mutation.mutated_text
            pre = 0
            while pre < min(len(old), len(new)) and old[pre] == new[pre]:
                pre += 1
            suf = 0
            while suf < min(len(old), len(new)) - pre and old[-1 - suf] == new[-1 - suf]:
                suf += 1
            return off + pre, off + max(pre, len(new) - suf)
        if self.sibling is not None and self.sibling_chunk is not None:
            at = self.sibling.start - self.sibling_chunk.start
            k = self.sibling.text.find(self.sibling.slot_text) if self.sibling.slot_text else -1
            if k >= 0:
                return at + k, at + k + len(self.sibling.slot_text)
            return at, at + len(self.sibling.text)
        return None

    @property
    def base_id(self) -> str:
        return f"{doc_slug(self.sentence.doc_id)}-{self.evidence_hash}-{self.family.name}"

    @property
    def group(self) -> str:
        """Candidates of one group test nearly the same thing; selection spreads over groups."""
        return f"{self.sentence.doc_id}|{self.site.kind}|{re.sub(r'[0-9]+', '#', self.phrasing.question)[:40]}"


def doc_slug(doc_id: str) -> str:
    stem = re.sub(r"\.[A-Za-z0-9]+$", "", doc_id)
    return re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-")[:60] or "doc"


def stable_rank(seed: int, *parts: str) -> str:
    """A seeded sort key that does not depend on enumeration order (stable across corpus edits)."""
    return hashlib.sha256("\0".join([str(seed), *parts]).encode()).hexdigest()


def candidates_for_sentence(
    sentence: Sentence,
    doc: Document,
    families: list[Family],
    values: ValueSource,
    chunker,
    env,
    *,
    seed: int,
    question_version: str = DEFAULT_VERSION,
    rejected: Counter | None = None,
) -> list[Candidate]:
    """Every (site, distractor) candidate of one sentence across ``families``.

    ``chunker(doc, start, end) -> Chunk`` returns the chunk holding a span. From question
    version v2 on, a candidate is kept only when it *discriminates* (see :func:`unfair_reason`);
    ``rejected`` (rule name -> count) counts the ones dropped, by rule.
    """
    out: list[Candidate] = []
    true_chunk: Chunk | None = None
    for family in families:
        for site in family.sites(sentence):
            if true_chunk is None and is_table_row(sentence.text):
                true_chunk = chunker(doc, sentence.start, sentence.end)  # a table is named only by what its chunk shows
            phrasing = phrase(sentence, site, family.name, env, version=question_version, doc_text=doc.text,
                              heading_from=true_chunk.start if true_chunk is not None else 0)
            if phrasing is None:
                continue
            if true_chunk is None:
                true_chunk = chunker(doc, sentence.start, sentence.end)
            rng = random.Random(stable_rank(seed, sentence.key, family.name, str(site.start)))
            found = []
            sibling = _sibling_candidate(sentence, doc, site, family, phrasing, true_chunk, values, chunker)
            if sibling is not None:
                found.append(sibling)
            mutation = family.mutate(sentence, site, values, rng)
            if mutation is not None and mutation.mutated_text != sentence.text:
                off = sentence.start - true_chunk.start
                distractor = true_chunk.text[:off] + mutation.mutated_text + true_chunk.text[off + len(sentence.text):]
                # a mutation whose edit reaches past its site (agreement) records the wider span it changed
                at = mutation.slot if mutation.slot.start <= site.start and mutation.slot.end >= site.end else site
                found.append(Candidate(family, sentence, at, phrasing, true_chunk, distractor, mutation.origin,
                                       mutation.replacement, mutation=mutation))
            for c in found:
                why = None if question_version == "v1" else (unfair_rule(c) or tier_implied(c, values))
                if why is None and question_version not in ("v1", "v2", "v3", "v4"):
                    why = ambiguous_in_document(c, doc.text) or answer_shared(c) or release_incoherent(c, doc.text)
                if why is None:
                    out.append(c)
                elif rejected is not None:
                    rejected[why[0]] += 1
    return out


def _mentions(text: str, value: str) -> bool:
    """``text`` names ``value`` as a whole word or number, or, for a value with a number, in any
    form the value model equates ("thirty days" for "30 days", "1,000 USD" for "$1000"): the
    value model's one definition (:func:`~mutagen_cite.values.mentions_value`)."""
    from ..values import contains_phrase, find_values, mentions_value

    return contains_phrase(text, value) or (bool(find_values(value)) and mentions_value(text, value))


#: share of an edited sentence's content words that another sentence of its chunk must hold to
#: restate it: all but one of five. Lower lets an enumeration's siblings ("Production databases
#: are backed up every hour." / "Staging databases are backed up every 24 hours.") pass for
#: restatements of each other.
RESTATED = 0.8


def _content_stems(t: str) -> set[str]:
    """Content-word stems of a text: the words (and numbers, and codes such as "sev-4" kept
    whole) that say what a sentence is about."""
    from ..judges.slots import stem
    from ..values.tables import STOPWORDS

    words = re.findall(r"[a-z0-9]+(?:[-.][a-z0-9]+)*", t.lower())
    return {stem(w) for w in words if (len(w) > 2 or w.isdigit()) and w not in STOPWORDS}


def _other_sentences(c: Candidate, lo: int = 0, hi: int | None = None) -> list[str]:
    """The sentences of ``c``'s true chunk other than the edited one (between chunk offsets
    ``lo`` and ``hi``), read from the chunk's sentence index (:func:`_sentence_spans`, split once
    per chunk) instead of splitting the chunk-minus-sentence again for every rule and candidate.
    A span the edited sentence cuts (chunk and document split alike, so rarely) keeps the part
    outside it."""
    chunk = c.true_chunk.text
    off = c.sentence.start - c.true_chunk.start
    end = off + len(c.sentence.text)
    hi = len(chunk) if hi is None else hi
    out = []
    for a, b in _sentence_spans(chunk):
        if b <= lo or a >= hi:
            continue
        a, b = max(a, lo), min(b, hi)
        if b <= off or a >= end:
            out.append(chunk[a:b])
            continue
        for x, y in ((a, min(b, off)), (max(a, end), b)):
            if chunk[x:y].strip():
                out.append(chunk[x:y].strip())
    return out


def _restated(sentence: str, rest: str | Sequence[str], marker: str | None = None, values: Sequence[str] = ()) -> bool:
    """Another sentence of ``rest`` holds most of ``sentence``'s content words (stems, so
    "encrypts" restates "encrypted") and keeps every one of its ``values`` (names the plan,
    region... the claim is about; states no other number of a number's dimension): the chunk
    says it twice (a rule and its worked example, a heading and
    its paragraph, a summary line). Negating or weakening one copy leaves the other asserting
    the original, so the result is no near miss. A sibling that says the same of another value
    ("... on the Free plan." / "... on the Starter plan.") is no restatement. A two-word
    statement ("Secrets must be rotated.") counts as restated only where the other sentence
    also carries ``marker``, the original word of the edit ("must", "all", "not"); so does a
    summary line, whose content words are all the edited sentence's ("Submit expenses every
    month." after "Teammates should submit expenses at the end of every month.")."""
    from ..corpus import split_sentences
    from ..values import contains_phrase

    own = _content_stems(sentence) - (_content_stems(marker) if marker else set())
    if len(own) < 2:
        return False
    drop = _content_stems(marker) if marker else set()
    others = [rest[a:b] for a, b in split_sentences(rest)] if isinstance(rest, str) else rest
    for other in others:
        theirs = _content_stems(other) - drop
        hit = len(own & theirs)
        if not all(_keeps(other, v) for v in values):
            continue
        with_marker = bool(marker) and contains_phrase(other, marker)
        if hit >= RESTATED * len(own) and (len(own) >= 3 or (hit == len(own) and with_marker)):
            return True
        if with_marker and len(theirs) >= 2 and theirs <= own:
            return True  # a summary line: fewer words, all of them the edited sentence's, and its marker
    return False


def _keeps(other: str, value: str) -> bool:
    """``other`` says the same about ``value``: it names it, or (a number) states no rival value
    of its dimension ("... within 30 days" is kept by a sentence without a duration, not by one
    saying "within 60 days")."""
    from ..values import find_values

    if _mentions(other, value):
        return True
    mine = find_values(value)
    if not mine:
        return False
    dims = {v.dimension for v in mine}
    return not any(v.dimension in dims for v in find_values(other))


#: slot families whose values say what a statement is about (not how strongly it holds)
VALUED = ("scope", "date", "quantity", "entity")


def _claim_values(c: Candidate) -> list[str]:
    """The valued slots of the edited sentence other than the site: the plan, region, number..."""
    return [s.text for s in c.sentence.slots
            if s.family in VALUED and s is not c.site and (s.end <= c.site.start or s.start >= c.site.end)]


#: a sentence that opens by elaborating on the one before it: an example, a consequence, a
#: restatement or a reference back ("For example, ...", "This means ...", "If so, ..."). It
#: presupposes the statement before it as written, so negating that statement leaves it
#: asserting the original.
ELABORATES = re.compile(
    r"^[\s>*\-\u2022(\"']*(?:for\s+example|for\s+instance|e\.\s?g\.|i\.\s?e\.|in\s+other\s+words|that\s+is,|"
    r"this\s+means|that\s+means|as\s+a\s+result|therefore|thus|hence|consequently|so\s*,|otherwise|"
    r"in\s+(?:that|this|such\s+a)\s+case|if\s+so\b|if\s+not\b|(?:this|that|these|those|such)\b)",
    re.I,
)


#: a reference back inside a sentence's first clause: "If your data is above that threshold, ...",
#: "Requests over this limit ...": a demonstrative determiner, or "that" after a preposition
REFERS_BACK = re.compile(
    r"^[^,;:]*?\b(?:(?:this|these|those|such)\s+(?!is\b|are\b|was\b|were\b|means?\b|will\b|can\b|may\b)[a-z]{3,}"
    r"|(?:above|below|over|under|beyond|past|exceeds?|reach(?:es)?|within|at|of|in|on|for|with|to|from|by)"
    r"\s+that\s+(?!is\b|are\b|was\b|were\b)[a-z]{3,})",
    re.I,
)


def _elaborated(c: Candidate) -> str | None:
    """The next sentence elaborates on the edited one: an example, a consequence, a reference
    back ("If your data is above that threshold, ...", "This includes ..."), or more about the
    same number ("Deleted recordings stay in the trash for another 30 days."); or an example
    follows further down the chunk ("For example: Monday 10 hours, Friday 6 hours"). Those
    presuppose the statement as written, so negating it leaves them asserting the original."""
    nxt = _next_sentence(c).strip()
    if ELABORATES.match(nxt) or REFERS_BACK.match(nxt):
        return f"the next sentence elaborates on the edited one ({nxt[:40]!r}), so it still presupposes the original"
    if c.family.name == "aggregation":
        return _example_after(c)  # a neighbour about the same thing is no restatement of a universal
    numbers = [s.text for s in c.sentence.slots if s.family in ("quantity", "date")]
    if any(_mentions(nxt, v) for v in numbers):
        return f"the next sentence goes on about the same number ({nxt[:40]!r}), so it still presupposes the original"
    shared = (_content_stems(c.sentence.text) & _content_stems(nxt)) - _content_stems(c.site.text)
    if len(shared) >= CONTINUES and all(_keeps(nxt, v) for v in _claim_values(c)):  # not an enumeration's sibling
        return (f"the next sentence goes on about the same thing ({', '.join(sorted(shared)[:4])}: {nxt[:40]!r}), "
                "so it still presupposes the original")
    return _example_after(c)


def _example_after(c: Candidate) -> str | None:
    """An example follows the edited sentence in its chunk ("For example: ...")."""
    from ..corpus import split_sentences

    off = c.sentence.start - c.true_chunk.start
    after = c.true_chunk.text[off + len(c.sentence.text):]
    for a, b in split_sentences(after):
        if EXAMPLE.match(after[a:b]):
            return f"an example follows it in the chunk ({after[a:b].strip()[:40]!r}), illustrating the original"
    return None


#: words that answer a yes/no question at the head of an FAQ answer ("No.", "Yes, ...", "Not yet.")
ANSWER_WORD = re.compile(
    r"^[\s>*\-\u2022_\"'(]*(?:(?:a|answer)\s*[:.]\s*)?(?:yes|no|nope|yep|correct|not\s+(?:yet|currently|at\s+(?:the\s+moment|this\s+time)))\b"
    r"\s*[.,!:;)\u2014\u2013-]", re.I)


def _answered(c: Candidate) -> str | None:
    """The edited sentence sits in an answer that opens with "Yes" or "No" (an FAQ: a question
    line, then "No. Backups are not ..."), or opens with it itself. The answer word states the
    polarity, strength or scope of what follows, so negating or weakening the sentence leaves
    the chunk contradicting itself (or the answer word still asserting the original)."""
    from ..corpus import split_sentences

    if ANSWER_WORD.match(c.sentence.text):
        return f"the sentence opens with an answer word ({c.sentence.text.strip()[:20]!r}) that states the original"
    off = c.sentence.start - c.true_chunk.start
    para = re.split(r"\n\s*\n|\n(?=\s*#)", c.true_chunk.text[:off])[-1]
    spans = split_sentences(para)
    for a, b in spans[:1] + spans[-1:]:
        if ANSWER_WORD.match(para[a:b]):
            return f"the answer opens with {para[a:b].strip()[:20]!r}, which still states the original"
    return None


#: an object the sentence introduces ("create a token", "add an SSH key")
_INTRODUCED = re.compile(r"\b(?:a|an)\s+((?:[a-z][\w&.-]*\s+){0,2}[a-z][\w&-]*)", re.I)
#: verbs that bring their object into being or into the reader's hands: a later step may refer
#: back to that object ("the token") only because this step made it
CREATION_VERBS = {"create", "generate", "add", "make", "get", "obtain", "receive", "issue", "download", "copy",
                  "write", "open", "start", "register", "request", "install", "build", "upload", "send", "set",
                  "provision", "deploy", "launch", "submit", "file", "fill", "sign", "book", "buy", "purchase",
                  "assign", "attach", "enable", "configure", "define", "draft", "produce", "export", "save",
                  "record", "schedule", "apply", "complete", "establish", "allocate", "grant", "mint", "spin"}
#: words that end an introduced noun phrase before its head would be
_NP_STOP = {"to", "of", "for", "in", "on", "at", "with", "by", "from", "and", "or", "that", "which", "who", "if",
            "when", "before", "after", "is", "are", "be", "as", "per", "into", "using", "via"}


def _presupposed(c: Candidate) -> str | None:
    """A later sentence of the chunk presupposes what the edited one says happens: a procedure
    whose later step refers back, with "the", "this" or "that", to the object this step's verb
    introduces ("You must create a token." ... "Paste the token into ..."), or to the act itself
    ("the token you created", "the key generated earlier"). Only for verbs that make or obtain
    their object (:data:`CREATION_VERBS`): "the project" after "identifies a project" refers to
    a project that exists anyway. Negating the step, or making it
    optional, leaves those steps assuming the original, so the near miss still implies it."""
    from lemminflect import getInflection, getLemma

    from ..corpus import split_sentences
    from ..judges.slots import stem

    text = c.sentence.text
    off = c.sentence.start - c.true_chunk.start
    later = c.true_chunk.text[off + len(text):]
    sentences = [later[a:b] for a, b in split_sentences(later)]
    if not sentences:
        return None
    # from the site on: a polarity site may be the verb itself ("Owners generate ...")
    clause = re.split(r"[,;:()]|\s[\u2014\u2013-]\s", text[c.site.start:], maxsplit=1)[0]
    words = re.findall(r"[A-Za-z][\w'-]*", clause)
    # the verb the site governs: the first word after it that is no auxiliary or adverb
    verb = next((w for w in words[:4] if w.lower() not in _AUXILIARIES and not w.lower().endswith("ly")), None)
    if verb is None or not verb.isalpha() or not verb.islower():
        return None
    lemma = getLemma(verb, upos="VERB")[0]
    done = set(getInflection(lemma, tag="VBN")) | set(getInflection(lemma, tag="VBD"))
    for other in sentences:
        # any verb: its participle before a noun ("Then, compare the calculated hash ...") or the
        # act named by the verb's own noun ("email your Director" ... "Export the approved email")
        for past in done:
            if re.search(r"\b(?:the|this|that|these|those|your)\s+" + re.escape(past) + r"\s+[a-z][\w-]*", other, re.I):
                return f"a later sentence refers back to what this step does ({other.strip()[:40]!r})"
        if lemma not in LIGHT_VERBS and re.search(
                r"\b(?:the|this|that|your)\s+(?:[a-z][\w-]*(?:ed|en)\s+)?" + re.escape(lemma) + r"s?\b(?!\s+of\b)",
                other, re.I):
            return f"a later sentence refers back to the {lemma!r} this step makes ({other.strip()[:40]!r})"
    if lemma not in CREATION_VERBS:
        return None
    head = None
    m = _INTRODUCED.search(clause)
    if m and len(re.findall(r"\w+", clause[: m.start()])) <= 4:
        np_words = m.group(1).split()
        cut = next((k for k, w in enumerate(np_words) if w.lower() in _NP_STOP), len(np_words))
        head = np_words[cut - 1].lower() if cut else None
    for other in sentences:
        if head:
            r = re.search(r"\b(?:the|this|that)\s+(?:[\w-]+\s+){0,2}?(" + re.escape(head) + r")s?\b", other, re.I)
            if r and stem(r.group(1).lower()) == stem(head):
                return f"a later sentence refers back to the {head!r} this step introduces ({other.strip()[:40]!r})"
        for past in done:
            if re.search(r"\b(?:the|this|that|your)\s+(?:[\w-]+\s+){0,3}?(?:that\s+)?you(?:['\u2019]ve|\s+have|\s+just)?\s+"
                         + re.escape(past) + r"\b|\b" + re.escape(past)
                         + r"\s+(?:earlier|previously|above|in\s+(?:the\s+)?(?:previous|last|first)\s+step)\b",
                         other, re.I):
                return f"a later sentence refers back to what this step says happens ({other.strip()[:40]!r})"
    return None


#: verbs whose bare form is also a common noun for something other than their act ("the use of",
#: "the set of", "the check box"): a later "the <verb>" refers to no act of this step
LIGHT_VERBS = {"use", "set", "make", "get", "have", "do", "go", "take", "keep", "let", "see", "check", "run", "need",
               "start", "change", "work", "turn", "display", "show", "view", "list", "test", "access", "support",
               "plan", "return", "process", "help", "contact", "review", "note", "follow", "include", "state", "file",
               "form", "point", "place", "call", "close", "open", "order", "record", "log", "store", "update"}

#: auxiliaries and modals: never the verb a step's object belongs to
_AUXILIARIES = {"be", "been", "being", "is", "are", "was", "were", "have", "has", "had", "do", "does", "did", "not",
                "will", "would", "can", "could", "may", "might", "must", "should", "shall", "also", "always", "only",
                "never", "first", "then", "now", "still", "just", "to"}


#: words stating an obligation: "must" said in other words ("Mandatory: yes", "Required fields")
OBLIGATION = ("must", "required", "require", "requires", "mandatory", "obligatory", "have to", "has to", "need to",
              "needs to", "shall", "necessary")
#: share of the edited sentence's content words another sentence or row must hold to restate it
#: in other words; and how many words of its own it may add (a row's headers: "Document", "signature")
RESTATED_OTHER_WORDS = 2 / 3
RESTATED_EXTRA = 2
#: cell values that only confirm a header ("Mandatory: yes")
_CONFIRM = {"yes", "true", "required", "mandatory", "\u2714", "\u2713", "x"}


def _restated_in_other_words(c: Candidate) -> str | None:
    """Another sentence, list lead-in or table row of the chunk states the obligation the edit
    weakens in other words, about the same thing: "must" restated by "required" or by
    "Mandatory: yes" in a table row that names the same object. It holds two thirds of the
    edited sentence's content words and adds at most two of its own (a row's headers; a sibling about another
    object, "Staging ..." beside "Production ...", adds its own subject and is no restatement),
    and keeps the claim's values. The edit then leaves the claim standing. (:func:`_restated`
    catches the same words said twice.)"""
    from ..corpus import split_sentences
    from ..values import contains_phrase

    if c.family.name != "modality":
        return None
    own_word = c.site.text.strip().lower()
    drop = set().union(*(_content_stems(w) for w in OBLIGATION)) | _content_stems(c.site.text)
    own = _content_stems(c.sentence.text) - drop
    if len(own) < 2:
        return None
    values = _claim_values(c)
    for other in _other_sentences(c):
        if not any(contains_phrase(other, w) for w in OBLIGATION if w not in own_word):
            continue
        theirs = _content_stems(other) - drop - _CONFIRM
        hit = len(own & theirs)
        if (hit >= 2 and hit >= RESTATED_OTHER_WORDS * len(own) and len(theirs - own) <= RESTATED_EXTRA
                and all(_keeps(other, v) for v in values)):
            return f"{other.strip()[:50]!r} states the same obligation in other words"
    return None


#: words in a heading or a list's lead-in that state the strength of the items under them
#: ("Requirements", "Three limits apply:", "All of the following must be set:", a list of what
#: the reader needs: "You will need:", "Make sure that:", "Conditions that have to be met:"; what
#: is accepted: "Accepted types", "Valid values", "Allowed characters")
FRAMING_WORDS = re.compile(
    r"\b(?:require(?:d|s|ments?)?|prerequisites?|mandatory|must|rules?|restrictions?|limits?|limitations?|"
    r"constraints?|always|all|every|each|never|need(?:s|ed)?|ha(?:ve|s)\s+to|make\s+sure|ensure|"
    r"accepted|allowed|permitted|valid)\b", re.I)
#: a list item's marker at the start of a line
_LIST_ITEM = re.compile(r"^\s*(?:[-*+\u2022]|\d+[.)])\s+")


def _framed(c: Candidate) -> str | None:
    """A weakened modal or quantifier ("must" -> "may", "all" -> "most") under a heading or a
    list lead-in that itself states the strength ("## Requirements", "Three limits apply:"): the
    frame still asserts the original for every item under it, so the near miss is no near miss."""
    off = c.sentence.start - c.true_chunk.start
    before = c.true_chunk.text[:off]
    heading = heading_before(c.true_chunk.text, off) or section_heading(c.true_chunk.text, off)
    if heading and FRAMING_WORDS.search(heading):
        return f"the heading {heading!r} states the strength the edit removes, for everything under it"
    line = _lead_in(before, c.sentence.text, c.true_chunk.text[off:])
    if line and FRAMING_WORDS.search(line):
        return f"the list's lead-in {line.strip()[:40]!r} states the strength the edit removes, for every item"
    return None


def _lead_in(before: str, sentence: str = "", rest: str | None = None) -> str | None:
    """The lead-in line ("... the following:") of the list whose item ends ``before`` (the
    chunk's text up to the edited sentence), or None when the sentence is no list item. An item
    whose marker the loader dropped counts when ``sentence`` starts its line and, like the lines
    above it, ends with no closing punctuation."""
    from .coherence import lead_in_line

    rest = sentence if rest is None else rest
    lines = before.split("\n")
    own = lines[-1] if lines else ""
    if not (_LIST_ITEM.match(own) or (not own.strip() and len(lines) > 1 and _bare_item(sentence))):
        return lead_in_line(before, rest)  # an item whose marker the loader dropped, ending with a full stop
    marked = bool(_LIST_ITEM.match(own))
    for line in reversed(lines[:-1]):
        if not line.strip() or _LIST_ITEM.match(line) or (not marked and _bare_item(line)):
            continue
        return line if line.rstrip().endswith(":") else None
    return None


def _bare_item(line: str) -> bool:
    """A list item whose marker the loader dropped: a short line with no closing punctuation."""
    text = line.strip()
    return bool(text) and len(text.split()) <= 25 and not re.search(r"[.!?:;]$", text)


#: a list lead-in that makes its items conditions ("If any of the following apply:", "when:",
#: "... meets these criteria:"): an item then states a condition, not a fact of the product
CONDITIONAL_LEAD = re.compile(
    r"^\W*(?:if|when|whenever|unless|once|in\s+case)\b|\b(?:any|one|either|none|all)\s+of\s+the\s+following\b|"
    r"\bcriteri(?:a|on)\b|\bif\s+(?:you|any|the|your|one)\b", re.I)


def _conditional_item(c: Candidate) -> str | None:
    """A list item under a lead-in that makes it a condition: no fact to copy or to test."""
    off = c.sentence.start - c.true_chunk.start
    line = _lead_in(c.true_chunk.text[:off], c.sentence.text, c.true_chunk.text[off:])
    if line and CONDITIONAL_LEAD.search(line):
        return f"the item is a condition of the list's lead-in {line.strip()[:40]!r}, not a statement"
    return None


#: a heading or list lead-in that says its items are absent, limited or gone ("Limitations",
#: "Known issues", "Not supported", "Removed", "Deprecated", "Exclusions"), or that is itself
#: worded as a denial ("What we do not store", "Things you can't change")
NEGATIVE_FRAME = re.compile(
    r"\b(?:limitations?|limits|known\s+(?:issues|bugs|problems)|caveats?|restrictions?|unsupported|unavailable|"
    r"not\s+(?:supported|included|available|allowed|permitted|covered|possible)|exclusions?|excluded|removed|"
    r"removals?|deprecat\w*|prohibited|forbidden|out\s+of\s+scope|breaking\s+changes|"
    r"not|cannot|never)\b|n['\u2019]t\b", re.I)
#: a heading or list lead-in that says its items are present, new or possible ("Added",
#: "What's new", "Supported databases", "Included in every plan", "Features")
POSITIVE_FRAME = re.compile(
    r"\b(?:added|new|supported|included|improvements?|enhancements?|highlights|benefits)\b", re.I)
#: words of a heading that are no frame word however they read ("News", "New York" are names)
_HEADING_MARK = re.compile(r"^\s*#{1,6}\s+")


def section_heading(chunk: str, off: int) -> str | None:
    """The heading of the section ``off`` sits in, within ``chunk``: the nearest line above it
    that is a Markdown heading, or a paragraph of one short line (at most eight words) with no
    closing punctuation that is no table row ("Added", "Known limitations"); None when the
    chunk shows none. Lines of the sentence's own paragraph (a list's siblings) are skipped."""
    paras = re.split(r"\n\s*\n", chunk[:off])
    for k, para in enumerate(reversed(paras)):
        lines = [ln for ln in para.split("\n") if ln.strip()]
        for line in reversed(lines):
            if _HEADING_MARK.match(line):
                return _HEADING_MARK.sub("", line).strip(" *_`")
        if k == 0 or len(lines) != 1:
            continue
        line = lines[0].strip(" *_`")
        if (line and len(line.split()) <= 8 and not re.search(r"[.!?;,]$", line) and not is_table_row(line)
                and re.match(r"[A-Z0-9]", line)):
            return line.rstrip(":")
    return None


def _section_denies(c: Candidate) -> bool:
    """Another sentence of the edited one's paragraph (its list under the heading) already
    denies something: the section mixes what is and what is not, so one more denial fits it."""
    from ..corpus import split_sentences

    off = c.sentence.start - c.true_chunk.start
    text = c.true_chunk.text
    start = text.rfind("\n\n", 0, off)
    end = text.find("\n\n", off + len(c.sentence.text))
    return any(_NEGATIVE_CLAUSE_RX.search(x) for x in _other_sentences(c, max(start, 0), end if end >= 0 else len(text)))


def _frame(c: Candidate) -> tuple[str, str] | None:
    """``(polarity, words)`` of what frames the edited sentence: its list's lead-in line ("The
    following are not supported:") or else its section heading; "negative" or "positive", or
    None when neither says which."""
    from .coherence import identifier_heading

    off = c.sentence.start - c.true_chunk.start
    for where in (_lead_in(c.true_chunk.text[:off], c.sentence.text, c.true_chunk.text[off:]), section_heading(c.true_chunk.text, off),
                  identifier_heading(c.true_chunk.text, off)):
        if not where:
            continue
        if NEGATIVE_FRAME.search(where):
            return "negative", where.strip()
        if POSITIVE_FRAME.search(where):
            return "positive", where.strip()
    return None


def _against_frame(c: Candidate) -> str | None:
    """A polarity flip that leaves the sentence contradicting its frame: a negation removed
    under a heading or lead-in that lists what is missing ("Limitations", "Not supported:"), or
    one inserted under a frame that lists what is there ("Added", "Supported databases"). A
    reader sees "X is supported" under "Known limitations" is no limitation. And a flip of a
    sentence that restates its own frame's word ("Support for v1 was removed." under "Removed")
    negates what the heading announces, whichever way it goes."""
    from ..judges.slots import stem

    frame = _frame(c)
    if frame is None:
        off = c.sentence.start - c.true_chunk.start
        heading = section_heading(c.true_chunk.text, off)
        if heading and c.site.kind == "affirmative" and not _NEGATIVE_CLAUSE_RX.search(heading):
            shared = _content_stems(heading) & _content_stems(c.sentence.text[c.site.end:])
            if len(shared) >= HEADING_SHARED:
                return (f"the heading {heading[:40]!r} announces what the sentence says ({', '.join(sorted(shared))}), "
                        "so the inserted negation contradicts it")
        return None
    polarity, words = frame
    if polarity == "negative" and c.site.kind == "negation":
        return f"the negation removed leaves an affirmative statement under {words[:40]!r}, which lists what is not"
    if polarity == "positive" and c.site.kind == "affirmative" and not _section_denies(c):
        return f"the inserted negation leaves a denial under {words[:40]!r}, which lists what is"
    rx = NEGATIVE_FRAME if polarity == "negative" else POSITIVE_FRAME
    marks = {stem(m.group(0).lower()) for m in rx.finditer(words)}
    own = {stem(w) for w in re.findall(r"[a-z]+", c.sentence.text[c.site.start:].lower())}
    if marks & own:
        return f"the sentence restates its heading {words[:40]!r}, and the flip negates what the heading announces"
    return None


#: content words a section heading shares with what a sentence says of its subject ("Set up
#: preview environments" over "... can create a preview environment for each pull request")
#: for the heading to announce it
HEADING_SHARED = 2
_NEGATIVE_CLAUSE_RX = re.compile(r"\b(?:no|not|cannot|never|without|avoid|disable|prevent|stop)\b|n['\u2019]t\b", re.I)

#: items of a list that say the same of different subjects: at least this many siblings
PARALLEL_SIBLINGS = 2


def _list_items(chunk: str, off: int, length: int) -> list[str] | None:
    """The other items of the list the sentence at ``off`` is an item of (its own line, marked
    or not, among lines of the same block), or None when it is no list item."""
    start = chunk.rfind("\n", 0, off) + 1
    end = chunk.find("\n", off + length)
    end = len(chunk) if end < 0 else end
    if _LIST_ITEM.sub("", chunk[start:off]).strip() or chunk[off + length:end].strip():
        return None  # the sentence does not fill its line
    lines: list[str] = []
    above = chunk[:start].split("\n")[:-1]
    below = chunk[end + 1:].split("\n") if end < len(chunk) else []
    for seq, rev in ((reversed(above), True), (below, False)):
        for line in seq:
            if not line.strip():
                break
            if not (_LIST_ITEM.match(line) or _bare_item(line) or re.search(r"\.\s*$", line)) or line.rstrip().endswith(":"):
                break
            lines.append(_LIST_ITEM.sub("", line).strip())
    return lines if lines else None


def _breaks_parallel(c: Candidate) -> str | None:
    """A flip of one item of a parallel list: the other items say the same thing of other
    subjects, with the same polarity ("SSO is supported." / "SCIM is supported." / "Audit logs
    are supported."). Documentation lists what is missing apart from what is there, so one
    item flipped in a uniform list reads as a made-up exception. The predicate is the site's
    auxiliary and the content word after it; every other item must share it, at least two."""
    from ..judges.slots import stem

    off = c.sentence.start - c.true_chunk.start
    items = _list_items(c.true_chunk.text, off, len(c.sentence.text))
    if not items or len(items) < PARALLEL_SIBLINGS:
        return None
    after = c.sentence.text[c.site.end:]
    head = next((w for w in re.findall(r"[A-Za-z][\w'-]*", after)
                 if w.lower() not in _AUXILIARIES and w.lower() not in ("n't", "no") and not w.lower().endswith("ly")),
                None)
    if head is None:
        return None
    negative = c.site.kind == "negation"
    key = stem(head.lower())
    for item in items:
        words = {stem(w.lower()) for w in re.findall(r"[A-Za-z][\w'-]*", item)}
        if key not in words or bool(re.search(r"\b(?:not|never|no)\b|n['\u2019]t\b|cannot", item, re.I)) != negative:
            return None
    return f"every other item of the list ({len(items)}) says {head!r} of another subject with the same polarity"


def _denied_everywhere(c: Candidate) -> str | None:
    """A negation inserted into the only affirmative statement about its subject, when the
    chunk's other statements about that subject (same words before the verb: "SCIM
    provisioning is not included in the Business plan.") all deny it: the near miss leaves a
    feature no plan includes, a tool no platform supports, which no document lists."""
    from ..corpus import split_sentences

    if c.site.kind != "affirmative":
        return None
    subject = " ".join(c.sentence.text[: c.site.start].split()).lower()
    if len(re.findall(r"[a-z]{3,}", subject)) < 1:
        return None
    same = [x for x in _other_sentences(c)
            if " ".join(_LIST_ITEM.sub("", x.strip()).split()).lower().startswith(subject + " ")]
    if same and all(_NEGATIVE_CLAUSE_RX.search(x[len(subject):]) for x in same):
        return (f"every other statement about {subject[:30]!r} in the chunk denies it; negating this one leaves "
                "it affirmed nowhere")
    return None


#: a sentence that offers a way round what the sentence before it denies ("To use snippets, edit
#: them locally.", "Instead, ...", "As a workaround, ..."): it presupposes the denial
WORKAROUND = re.compile(
    r"^[\s>*\-\u2022(\"']*(?:instead\b|alternatively\b|as\s+(?:a|an)\s+(?:workaround|alternative)\b|"
    r"to\s+work\s+around\b|in\s+the\s+meantime\b|however\b|but\b|you\s+can\s+(?:still|instead)\b|"
    r"to\s+[a-z]+\b[^.,;:]{0,60},)", re.I)
#: a condition that switches something off: under it, what does not happen is the point
NEGATIVE_CONDITION = re.compile(
    r"^[\s>*\-\u2022#(\"']*(?:if|when|whenever|once|while|with|unless|without)\b[^.;:]*?"
    r"(?:\bfalse\b|\bdisabled?\b|\bturned\s+off\b|\bswitched\s+off\b|\boff\b|\bnot\b|\bno\b|n['\u2019]t\b|\bwithout\b|\bunless\b)",
    re.I)


def _proposition(c: Candidate) -> tuple[set[str], str | None, set[str]]:
    """``(subject, predicate, complement)`` of a polarity site's clause as content-word stems:
    the words before the site (list marker and clause opener dropped), the first content word
    after it that is no auxiliary or adverb ("available", "enable"), and the rest of its clause."""
    from ..judges.slots import stem

    text = c.sentence.text
    subject = _LIST_ITEM.sub("", text[: c.site.start])
    subject = subject.rsplit(",", 1)[-1]  # "As an Enterprise admin, you" -> "you"
    subj = _content_stems(subject) - {stem(w) for w in _AUXILIARIES}
    clause = re.split(r"[,;:()]|\s[\u2014\u2013-]\s|\b(?:and|but|or|because|so|if|when|unless|while)\b",
                      text[c.site.end:], maxsplit=1)[0]
    words = re.findall(r"[A-Za-z][\w'-]*", clause)
    k = next((i for i, w in enumerate(words) if w.lower() not in _AUXILIARIES and w.lower() not in ("n't", "no")
              and not w.lower().endswith("ly")), None)
    if k is None:
        return subj, None, set()
    return subj, stem(words[k].lower()), _content_stems(" ".join(words[k + 1:]))


def _said_elsewhere(c: Candidate) -> str | None:
    """A polarity flip the rest of its chunk contradicts: another sentence, heading, list item
    or step states or presupposes the same proposition with the original polarity, so the near
    miss contradicts itself (and still supports the claim). The same proposition is

    - the edited predicate's word ("enable", "available") with its subject's or complement's
      words ("Enable preview environments" as a step after "You can enable preview
      environments ..." negated), keeping the claim's values (a sibling about another plan is
      no restatement); or
    - the same subject under the same values, said affirmatively: "X is available on the
      Enterprise plan." negated beside "As an Enterprise admin, you can turn on X." (the subject
      counts as named when the section heading names it).

    The other sentence must have the original polarity: a denial restates a denial. And a
    negation removed is contradicted by the sentence after it when that offers a way round the
    denial ("To use snippets, edit them locally.", "Instead, ..."), or by a condition that
    switches something off, opening the sentence or heading its section ("When FOO is set to
    false, the routes are not mounted.")."""
    from ..corpus import split_sentences
    from ..judges.slots import stem

    if c.family.name != "polarity" or c.mutation is None:
        return None
    negative = c.site.kind == "negation"
    subj, pred, comp = _proposition(c)
    values = _claim_values(c)
    text = c.sentence.text
    off = c.sentence.start - c.true_chunk.start
    chunk = c.true_chunk.text
    if negative:
        if NEGATIVE_CONDITION.match(text[: c.site.start]):
            return "the sentence opens with a condition that switches something off, which the denial follows from"
        heading = section_heading(chunk, off)
        if heading and NEGATIVE_CONDITION.match(heading):
            return f"the section {heading[:40]!r} is a condition that switches something off; removing the denial contradicts it"
        nxt = _next_sentence(c).strip()
        if nxt and WORKAROUND.match(nxt) and (_content_stems(nxt) & (subj | comp | ({pred} if pred else set()))):
            return f"the next sentence offers a way round the denial ({nxt[:40]!r}), so removing it contradicts the chunk"
    if pred is None:
        return None
    heading_stems = _content_stems(section_heading(chunk, off) or "")
    # values the predicate is scoped by ("... on the Enterprise plan"), not part of the subject
    later = [s.text for s in c.sentence.slots if s.family in VALUED and s.start >= c.site.end]
    for other in _other_sentences(c):
        if bool(_NEGATIVE_CLAUSE_RX.search(other)) != negative or not all(_keeps(other, v) for v in values + later):
            continue
        theirs = _content_stems(other)
        # the same subject (a sibling says it of another one); with none ("you can ..."), the same object
        # (a heading or step opening with the predicate, "Enable review sandboxes", has no subject)
        opener = re.findall(r"[A-Za-z][\w'-]*", _LIST_ITEM.sub("", _HEADING_MARK.sub("", other.strip())))[:1]
        imperative = bool(opener) and stem(opener[0].lower()) == pred
        about = (subj & theirs) if subj and not imperative else (comp & theirs)
        if pred in theirs and about and pred not in {stem(w) for w in _GENERIC_PREDICATES}:
            return f"{other.strip()[:50]!r} still says what the edit flips ({pred}), so the chunk contradicts itself"
        if later and subj and not negative and ((subj & theirs) or (subj & heading_stems)):
            return (f"{other.strip()[:50]!r} speaks of the same subject under {', '.join(later)[:30]} affirmatively, "
                    "so the inserted negation contradicts it")
    return None


#: predicate words too light to name a proposition on their own ("is a", "has", "uses")
_GENERIC_PREDICATES = frozenset("use uses used using need needs make makes made get gets set sets see go take takes work works run runs help helps".split())


#: content words the next sentence must share with a negated one to be going on about the same
#: thing ("GSA speakers are not permitted to sign release forms not reviewed by OGC." / "You must
#: use the approved letter and have it reviewed by OGC.")
CONTINUES = 3

#: a sentence or block that gives an example of what precedes it
EXAMPLE = re.compile(r"^[\s>*\-\u2022(\"']*(?:for\s+example|for\s+instance|e\.\s?g\.|examples?\s*:|example\s+\d)", re.I)


def _next_in_paragraph(c: Candidate, n: int = 1) -> list[str]:
    """Up to ``n`` sentences after the edited one, in its paragraph (stopping at a blank line)."""
    from ..corpus import split_sentences

    off = c.sentence.start - c.true_chunk.start
    at = off + len(c.sentence.text)
    after = c.true_chunk.text[at:]
    gap = re.search(r"\n\s*\n", after)
    para = after[: gap.start()] if gap else after
    return [para[a:b] for a, b in split_sentences(para)[:n]]


def _consequence_after(c: Candidate) -> str | None:
    """An obligation followed, in its paragraph, by what happens when it is not met
    (:func:`.coherence.consequence_after`): weakening its modal leaves the requirement stated."""
    from .coherence import consequence_after

    own = _content_stems(c.sentence.text) - _content_stems(c.site.text)
    return consequence_after(c.sentence.text, _next_in_paragraph(c, 2), lambda t: own & _content_stems(t))


def _universal_after(c: Candidate) -> str | None:
    """A universal followed, in its paragraph, by a sentence saying the same holds without
    exception (:func:`.coherence.universal_after`)."""
    from .coherence import universal_after

    nxt = (_next_in_paragraph(c) or [""])[0]
    shared = (_content_stems(c.sentence.text) - _content_stems(c.site.text)) & _content_stems(nxt)
    return universal_after(nxt, shared, c.site.text)


def _derived_bound(c: Candidate) -> str | None:
    """Another sentence of the chunk states the edited bound in a derived form
    (:func:`.coherence.derived_bound`: "between 1 and 3 words" and "4 or more words")."""
    from .coherence import derived_bound

    off = c.sentence.start - c.true_chunk.start
    other = derived_bound(c.true_chunk.text, off, c.sentence.text, c.site.start, c.site.end)
    if other:
        return f"{other[:50]!r} states the bound {c.site.text!r} in another form, so the edit leaves it standing"
    return None


def _next_sentence(c: Candidate) -> str:
    """The sentence after the edited one in its chunk ("" at the chunk's end)."""
    from ..corpus import split_sentences

    off = c.sentence.start - c.true_chunk.start
    after = c.true_chunk.text[off + len(c.sentence.text):]
    spans = split_sentences(after)
    return after[spans[0][0]:spans[0][1]] if spans else ""


#: arithmetic between two values: an operator sign ("x" only between numbers)
ARITHMETIC_SIGN = re.compile(r"[\u00d7*\u00f7=\u2248\u2243\u2192]|~=|->|(?<=\d)\s*x\s*(?=[\d$\u20ac\u00a3])|\s[x+]\s")
#: a second value derived from the first, in words: "becomes", "so ... costs", "which is", "works out to"
DERIVED_WORDS = re.compile(
    r"\b(?:times|multiplied\s+by|divided\s+by|equals?|equal\s+to|equivalent\s+to|becomes?|adds?\s+up\s+to|"
    r"works?\s+out\s+(?:to|at)|comes?\s+(?:out\s+)?to|totals?|totalling|totaling|in\s+total|so|which\s+is|"
    r"i\.\s?e\.|that\s+is|or\s+about|or\s+roughly|roughly|approximately)\b",
    re.I,
)


def _in_arithmetic(c: Candidate) -> str | None:
    """A number changed inside a calculation or a conversion: "$40/month (720 hrs) = $0.0556/hour",
    "one worker at $4 becomes ten replicas at $40", a worked sum on the next line. The values
    around it are derived from it, so the edit either leaves the original derivable (a reader
    multiplies back) or makes the chunk contradict itself; either way it is no clean near miss.

    Inside the sentence: an operator sign between the value and any other value, or a
    derivation word between the value and another value of the same dimension (money and
    money). Next to it: a neighbouring sentence of the chunk that is itself a calculation
    (values joined by operator signs) over a dimension the sentence's values have ("336 hours"
    next to "96 hours over the 240 cap")."""
    from ..corpus import split_sentences
    from ..values import find_values

    text = c.sentence.text
    values = find_values(text)
    own = next((v for v in values if v.start < c.site.end and c.site.start < v.end), None)
    if own is None:
        return None
    for v in values:
        if v is own:
            continue
        a, b = (own.end, v.start) if own.end <= v.start else (v.end, own.start)
        between = text[a:b]
        if ARITHMETIC_SIGN.search(between):
            return f"{own.text!r} is an operand of a calculation ({text[min(own.start, v.start):max(own.end, v.end)]!r})"
        if v.dimension == own.dimension and DERIVED_WORDS.search(between):
            return f"{v.text!r} is derived from {own.text!r} in the same sentence"
    chunk = c.true_chunk.text
    off = c.sentence.start - c.true_chunk.start
    spans = split_sentences(chunk)
    here = next((k for k, (a, b) in enumerate(spans) if a <= off < b), None)
    if here is None:
        return None
    for k in (here - 1, here + 1):
        if 0 <= k < len(spans):
            other = chunk[spans[k][0]:spans[k][1]]
            vals = find_values(other)
            calc = any(ARITHMETIC_SIGN.search(other[x.end:y.start]) for x, y in zip(vals, vals[1:]))
            if calc and {v.dimension for v in vals} & {v.dimension for v in values}:
                return f"a neighbouring sentence is a calculation over {own.kind} values ({other.strip()[:60]!r})"
    return None


def _worked_example(c: Candidate) -> str | None:
    """The number sits in a worked example ("For example: you took 4 weeks in March 2022 ... You
    will have 8 weeks left until March 2023."): its values are computed from the rule the example
    illustrates, so a reader derives the original back from the rule and the other numbers."""
    from ..corpus import split_sentences

    off = c.sentence.start - c.true_chunk.start
    para = c.true_chunk.text[:off].rsplit("\n\n", 1)[-1] + c.sentence.text
    for a, b in split_sentences(para):
        if EXAMPLE.match(para[a:b]):
            return f"the value is part of a worked example ({para[a:b].strip()[:40]!r})"
    return None


#: kinds whose value is often written with a twin naming the same thing: a code and a name
TWINNED_KINDS = {"region", "geo", "org", "product", "person"}


def _twin(c: Candidate) -> str | None:
    """The changed name has a twin that still names the original: a code and its display name
    ("ord (Chicago)", "us-east-1 (N. Virginia)", "Chicago (ord)"), or, in a table row, another
    cell naming a place ("Region: us-west2; Location: California"). Changing one half leaves
    the other identifying the original, so the near miss still states the condition."""
    text, site = c.sentence.text, c.site
    if site.kind not in TWINNED_KINDS:
        return None
    after, before = text[site.end:], text[: site.start]
    rep = c.replacement or ""
    m = re.match(r"\s*\(\s*([^()]{1,60}?)\s*\)", after)
    # a twin is a name or a code ("Chicago", "N. Virginia", "us-east-1"; a place's "ord"), not a remark ("beta")
    code = r"[a-z0-9]+(?:[-_.][a-z0-9]+)+$" + (r"|[a-z]{2,5}$" if site.kind in ("region", "geo") else "")
    if m and "(" not in rep and re.match(r"[A-Z]|" + code, m.group(1)):
        return f"the name's twin in parentheses ({m.group(1)!r}) still names {site.text!r}"
    if re.search(r"[\w.\-]\s*\(\s*$", before) and re.match(r"\s*\)", after):
        return f"{site.text!r} is the parenthesised twin of the name before it"
    if site.kind in ("region", "geo") and is_table_row(text):
        from .questions import row_cells

        values = [(at, at + len(v)) for _, v, at in row_cells(text) if not (at <= site.start < at + len(v))]
        others = [s for s in c.sentence.slots
                  if s.kind in ("region", "geo") and any(a <= s.start and s.end <= b for a, b in values)
                  and s.text.strip().lower() != site.text.strip().lower()]
        if others:
            return f"another cell of the row names the same place ({others[0].text!r})"
    return None


#: a comparator written before a value the value model reads as exact (">20 customers",
#: "exceeds 100 GB"): ">" for a lower bound, "<" for an upper one
_LOWER_WORDS = re.compile(r"(?:>=?|\u2265|\b(?:exceed(?:s|ing|ed)?|above|over|more\s+than|greater\s+than|larger\s+than|"
                          r"longer\s+than|older\s+than|at\s+least|beyond))\s*$", re.I)
_UPPER_WORDS = re.compile(r"(?:<=?|\u2264|\b(?:below|under|less\s+than|fewer\s+than|smaller\s+than|shorter\s+than|"
                          r"up\s+to|at\s+most|within|no\s+more\s+than))\s*$", re.I)
#: a condition clause opening before a value: the value is the condition's restrictor
_CONDITION_OPENER = re.compile(
    r"(?:\b(?:if|when|whenever|while|once|unless|after|as\s+long\s+as|for\s+(?:any|every|each|all)|"
    # a relative clause on a noun restricts it ("an invoice that is more than 30 days overdue"):
    # the pronoun right before its own verb, unlike "Note that backups are ..."
    r"(?:that|which|who)\s+(?:is|are|was|were|has|have|exceeds?|runs?|lasts?|takes?|uses?|contains?))|"
    r"(?:^|[,;:]\s*)where)\b[^,;:.]*$", re.I)


def in_restrictor(text: str, start: int) -> bool:
    """The value at ``start`` restricts *what* a statement is about rather than saying what
    holds of it: inside a condition clause ("If you store more than 20 GB, ...") or in the
    subject before the sentence's first finite verb ("Requests over 20 MB are rejected",
    "Teams with more than 20 people need approval": a few words, none a verb, before it). There the direction of entailment turns
    round: a rule about requests over 1 MB covers those over 20 MB."""
    from .families.grammar import _FINITE

    before = text[:start]
    if _CONDITION_OPENER.search(before):
        return True
    clause = re.split(r"[:;]", before)[-1]
    words = re.findall(r"[A-Za-z][\w'-]*", clause)
    in_subject = (1 <= len(words) <= SUBJECT_WORDS and not _FINITE.search(clause)
                  and not re.search(r"\b(?:to\s+[a-z]+|[a-z]+ed)\b", clause))
    return in_subject and bool(_FINITE.search(text[start:]))


#: words a subject noun phrase holds before a bound inside it ("Any PTO that exceeds ..."); a
#: longer lead-in is more likely a clause whose verb the word list does not know
SUBJECT_WORDS = 5


def _bound_kept(text: str, site: Slot, replacement: str) -> str | None:
    """A bounded value changed in the direction in which the edited statement still entails the
    claim, so the near miss is no contradiction. In what a statement says ("at least 31 days"
    still means at least 30, "within 20 days" still means within 30, "the first 11 weeks" still
    covers the first 4) a lower bound may only fall and an upper bound only rise. In what it is
    about (a condition or the subject: "Requests over 1 MB are rejected" still rejects those
    over 20 MB, see :func:`in_restrictor`) the other way round: a lower bound may only rise and
    an upper bound only fall."""
    from ..values import find_values

    bound = next((v for v in find_values(text) if v.start <= site.start and site.end <= v.end + 1), None)
    comparator = bound.comparator if bound is not None else "="
    if re.search(r"\bfirst\s+$", text[: site.start], re.I):
        comparator = ">="
    at = bound.start if bound is not None else site.start
    if comparator == "=":
        comparator = ">" if _LOWER_WORDS.search(text[:at]) else "<" if _UPPER_WORDS.search(text[:at]) else "="
    if comparator not in (">=", ">", "<=", "<"):
        return None
    new = find_values(replacement)
    old = find_values(text[site.start:site.end])
    if not new or not old or new[0].kind != old[0].kind:
        return None
    a, b = old[0].low, new[0].low
    if a in (float("inf"), float("-inf")) or b in (float("inf"), float("-inf")):
        a, b = old[0].high, new[0].high
    shown = f"({text[site.start:site.end]!r} to {replacement!r})"
    if in_restrictor(text, at):
        if comparator.startswith(">") and b <= a:
            return f"a lower bound in the statement's condition lowered {shown} still covers the claim's cases"
        if comparator.startswith("<") and b >= a:
            return f"an upper bound in the statement's condition raised {shown} still covers the claim's cases"
        return None
    if comparator.startswith(">") and b >= a:
        return f"a lower bound raised {shown} still entails the claim"
    if comparator.startswith("<") and b <= a:
        return f"an upper bound lowered {shown} still entails the claim"
    return None


#: a cell header or label naming a value's role in an order: upper limits and lower ones / defaults
_UPPER_ROLE = re.compile(r"\b(?:max(?:imum)?|limit|cap|ceiling|up\s+to|highest|most)\b", re.I)
_LOWER_ROLE = re.compile(r"\b(?:min(?:imum)?|default|base|included|starting|floor|lowest|least|free)\b", re.I)


def _order_broken(c: Candidate) -> str | None:
    """An edited number that no longer fits the numbers around it (CASE-QUALITY question e): in a
    table row, a cell headed as a maximum now below one headed as a minimum or default (or the
    other way round), or a row whose values rise or fall cell by cell (a priority's response
    times per plan) now out of order; in a column of the chunk's table whose values rise (or
    fall) row by row (tiers, credits by breach size, limits by plan), that order broken; in
    prose, a value labelled as a maximum crossing one labelled as a minimum or default. A reader
    sees such a chunk contradict itself. Values of other dimensions, and cells of no order
    (a region's log retention beside its trace retention), are left alone."""
    from ..values import find_values
    from .questions import row_cells

    text = c.sentence.text
    old = next((v for v in find_values(text) if v.start <= c.site.start < v.end or c.site.start <= v.start < c.site.end), None)
    new = find_values(c.replacement)
    if old is None or not new or new[0].dimension != old.dimension:
        return None
    a, b = _magnitude(old), _magnitude(new[0])
    if a is None or b is None or a == b:
        return None

    def flips(other: float) -> bool:
        return min(a, b) < other < max(a, b)

    if is_table_row(text):
        cells = row_cells(text)
        mine = next((h for h, v, at in cells if at <= old.start < at + len(v)), None)
        row: list[float] = []
        k = None
        for h, v, at in cells[1:]:  # the first cell is the row's key ("Years of service: 2 to 4 years"), no measure
            found = [o for o in find_values(v) if o.dimension == old.dimension and _magnitude(o) is not None]
            if not found:
                continue
            if at <= old.start < at + len(v):
                k = len(row)
            elif mine and flips(_magnitude(found[0])) and {_role(mine, len(mine)), _role(h, len(h))} == {"upper", "lower"}:
                return f"the new value crosses {h!r} ({v!r}), the other end of the row's range"
            row.append(_magnitude(found[0]))
        if k is not None and _breaks_order(row, k, b):
            return "the row's values rise or fall cell by cell and the new value breaks that order"
        if mine:
            column = _column_values(c, mine, old.dimension)
            if column is not None and _breaks_order(*column, b):
                return f"the column {mine!r} rises or falls row by row and the new value breaks that order"
        return None
    for o in find_values(text):
        m = _magnitude(o)
        if o is old or o.dimension != old.dimension or m is None or not flips(m):
            continue
        mine_role, other_role = _role(text, old.end), _role(text, o.end)
        if {mine_role, other_role} == {"upper", "lower"}:
            return f"the new value crosses {o.text!r}, which the sentence gives as the other end of the range"
    return None


def _enumerated_count(c: Candidate) -> str | None:
    """A count whose list follows: "three options:" then three items, "in two ways: A and B".
    The reader counts the items, so another count makes the chunk contradict itself. Items
    are the comma/"and"/"or" parts after the colon in the sentence, or else the lines of the
    list right after it (marked, or a block of short lines)."""
    from ..values import find_values

    text = c.sentence.text
    old = next((v for v in find_values(text) if v.kind == "count" and v.start <= c.site.start < v.end), None)
    if old is None or old.low != old.high:
        return None
    colon = text.find(":", old.end)
    follows = re.search(r"\b(?:the\s+following|as\s+follows|these|below)\b", text[old.end:], re.I)
    if colon < 0 and not follows:
        return None
    inline = text[colon + 1:].strip().rstrip(".") if colon >= 0 else ""
    if inline:
        n = len([p for p in re.split(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+|\s*\n\s*", inline)
                 if _LIST_ITEM.sub("", p).strip()])
    else:
        from itertools import takewhile

        off = c.sentence.start - c.true_chunk.start + len(text)
        lines = c.true_chunk.text[off:].lstrip("\n").split("\n")
        marked = list(takewhile(lambda ln: bool(_LIST_ITEM.match(ln)), lines))
        bare = list(takewhile(lambda ln: bool(ln.strip()) and len(ln.split()) <= 25 and not ln.rstrip().endswith(":"),
                              lines))
        n = len(marked) or len(bare)
    if n == old.low:
        return f"{old.text!r} counts the {n} items the chunk lists after it"
    return None


#: words that mark a value as the total of others ("15 GB in total", "a combined 40 seats")
TOTAL_WORDS = re.compile(r"\b(?:total|totals|totalling|totaling|combined|altogether|in\s+all|sum|overall|together)\b",
                         re.I)
#: time units a rate is given per, in minutes
_PER_MINUTES = {"second": 1 / 60, "sec": 1 / 60, "minute": 1, "min": 1, "hour": 60, "hr": 60, "day": 1440,
                "week": 10080, "month": 43200, "mo": 43200, "year": 525600, "yr": 525600}
_PER = re.compile(r"^\s*(?:/|per|an?|each)\s*(?:[A-Za-z][\w-]*\s*/\s*|[A-Za-z][\w-]*\s+per\s+)?"
                  r"(second|sec|minute|min|hour|hr|day|week|month|mo|year|yr)s?\b", re.I)
#: how close a converted rate must come to its twin to be derived from it (730 vs 720 hours a month)
RATE_TOLERANCE = 0.025


def _per(v, text: str) -> str | None:
    """The time unit ``v`` is given per ("$0.0004 / vCPU / minute", "10 GB per hour", "monthly"),
    after what else it is per ("GB/" for "$10 / GB / month"), or None."""
    if v.rate:
        *what, unit = v.rate.lower().split("/")
        unit = unit.strip().rstrip("s")
        return "/".join(what) + "/" + unit if what else unit
    m = _PER.match(text[v.end:])
    return m.group(1).lower() if m else None


def _time_of(per: str | None) -> tuple[str, str] | None:
    """``(what, time unit)`` of a :func:`_per` result whose unit is a time."""
    if per is None:
        return None
    what, _, unit = per.rpartition("/")
    return (what, unit) if unit in _PER_MINUTES else None


def _tied_numbers(c: Candidate) -> str | None:
    """The changed number is tied to other numbers of its chunk, which would keep the original
    derivable or contradict the edit: a total stated as one ("15 GB in total") that is the sum
    of two to four others of its dimension, with the changed one among them or the total
    itself; or a rate given per one time unit whose twin per another is the same amount
    converted ("$20 / month" beside "$0.000463 / minute": 43,200 minutes a month)."""
    from itertools import combinations

    from ..values import find_values

    chunk = c.true_chunk.text
    off = c.sentence.start - c.true_chunk.start
    vals = find_values(chunk)
    own = next((v for v in vals if v.start <= off + c.site.start < v.end or off + c.site.start <= v.start < off + c.site.end),
               None)
    if own is None or own.low != own.high or own.low in (float("inf"), float("-inf")):
        return None
    same = [v for v in vals if v is not own and v.kind == own.kind and v.low == v.high
            and v.low not in (float("inf"), float("-inf")) and v.low > 0]
    mine = _per(own, chunk)
    if _time_of(mine) is not None and own.kind != "duration":  # "24 hours a day, 7 days a week" is no price
        what, mine = _time_of(mine)
        for v in same:
            twin = _time_of(_per(v, chunk))
            if twin is None or twin[0] != what:
                continue
            theirs = twin[1]
            if theirs != mine and own.low > 0:
                converted = own.low * _PER_MINUTES[theirs] / _PER_MINUTES[mine]
                if abs(converted - v.low) <= RATE_TOLERANCE * v.low or (
                        {mine, theirs} <= {"hour", "hr", "month", "mo"}
                        and abs(converted * 730 / 720 - v.low) <= RATE_TOLERANCE * v.low):
                    return f"{own.text!r} per {mine} is {v.text!r} per {theirs} converted: a reader derives it back"
    pool = [v for v in same if _per(v, chunk) == _per(own, chunk)][:12]

    def says_total(v) -> bool:
        a = chunk.rfind("\n", 0, v.start) + 1
        return bool(TOTAL_WORDS.search(chunk[max(a, v.start - 40):v.end + 20]))

    everyone = [own] + pool
    for total in everyone:
        if not says_total(total):
            continue
        parts = [v for v in everyone if v is not total and v.low < total.low]
        for k in (2, 3, 4):
            for combo in combinations(parts, k):
                if (total is own or own in combo) and abs(sum(v.low for v in combo) - total.low) <= 1e-9 * total.low:
                    return (f"{total.text!r} is the total of {', '.join(repr(v.text) for v in combo)}: "
                            "the edit breaks the sum or leaves it derivable")
    return None


def _magnitude(v) -> float | None:
    """A value's size for ordering: its point, or the finite end of a bound."""
    for x in (v.low, v.high):
        if x not in (float("inf"), float("-inf")):
            return x
    return None


def _role(text: str, at: int) -> str | None:
    """"upper" or "lower" when the words right before ``at`` (a value's end: the value model may
    take a bound word into the value, "maximum quota of 100 GB") label it a maximum or a
    minimum/default; only the value's own clause counts."""
    before = text[max(0, at - 40):at]
    before = re.split(r"[.;,](?!\d)|\band\b", before)[-1]
    if _UPPER_ROLE.search(before):
        return "upper"
    if _LOWER_ROLE.search(before):
        return "lower"
    return None


def _column_values(c: Candidate, header: str, dimension: str) -> tuple[list[float], int] | None:
    """The values under ``header`` in the table rows of the true chunk, in row order, and the
    edited row's index; None for fewer than three rows."""
    from ..corpus import split_sentences
    from ..values import find_values
    from .questions import row_cells

    chunk = c.true_chunk.text
    off = c.sentence.start - c.true_chunk.start
    seq: list[float] = []
    k = None
    for x, y in split_sentences(chunk):
        row = chunk[x:y].strip()
        if not is_table_row(row):
            continue
        vals = [v for h, v, _ in row_cells(row) if h == header]
        found = [f for f in find_values(vals[0]) if f.dimension == dimension] if vals else []
        m = _magnitude(found[0]) if found else None
        if m is None:
            continue
        if x <= off < y:
            k = len(seq)
        seq.append(m)
    return (seq, k) if k is not None and len(seq) >= 3 else None


def _breaks_order(seq: list[float], k: int, new: float) -> bool:
    """``seq`` rises (or falls) step by step over at least three distinct values (an ordered
    scale: tiers, plans, breach sizes; two or a plateau may be order by accident), and ``new``
    in place ``k`` breaks that order."""
    if len(set(seq)) < 3 or not _monotone(seq):
        return False
    return not _monotone(seq[:k] + [new] + seq[k + 1:], _direction(seq))


def _direction(seq: list[float]) -> int:
    return 1 if seq[-1] > seq[0] else -1


def _monotone(seq: list[float], direction: int | None = None) -> bool:
    """Rising (or falling) row by row, not all equal; in ``direction`` when given."""
    if len(set(seq)) < 2:
        return False
    d = direction if direction is not None else _direction(seq)
    return all((y - x) * d >= 0 for x, y in zip(seq, seq[1:]))


def ambiguous_in_document(c: Candidate, doc_text: str) -> tuple[str, str] | None:
    """v5: a table row whose condition value another row of the same document holds under the
    same column ("TIME: 1 business day" in three rows): "Which action has a time of 1 business
    day?" has several answers, even when the other rows fell into other chunks (a long table is
    split across chunks, so the chunk alone cannot tell)."""
    if c.family.name not in ("quantity", "date") or not is_table_row(c.sentence.text):
        return None
    from .questions import row_cells

    column = next((h for h, v, at in row_cells(c.sentence.text) if at <= c.site.start < at + len(v) + 1), None)
    if not column:
        return None
    own = c.sentence.start
    for start, end, v in _table_cells(doc_text).get(column, ()):
        if not start <= own < end and _mentions(v, c.site.text):
            return ("ambiguous-table", f"another row of the document also has {column} {c.site.text!r}: "
                    "the question is ambiguous")
    return None


@lru_cache(maxsize=4)
def _table_cells(doc_text: str) -> dict[str, tuple[tuple[int, int, str], ...]]:
    """Every table row's cells of a document, by column header: ``(line start, line end, value)``
    in document order. Built once per document (every candidate of a document asks it), so
    :func:`ambiguous_in_document` does not read the whole document again per candidate."""
    from .questions import row_cells

    out: dict[str, list[tuple[int, int, str]]] = {}
    for m in re.finditer(r"[^\n]+", doc_text):
        if is_table_row(m.group(0)):
            for h, v, _ in row_cells(m.group(0)):
                out.setdefault(h, []).append((m.start(), m.end(), v))
    return {h: tuple(rows) for h, rows in out.items()}


@lru_cache(maxsize=64)
def _sentence_spans(text: str) -> tuple[tuple[int, int], ...]:
    """The one splitter's sentences of a chunk, split once per chunk (a chunk's candidates all
    read its other sentences)."""
    from ..corpus import split_sentences

    return tuple(split_sentences(text))


#: a heading that names a release: "v3.3.0 (2025-04-21)", "Version 11.3.0", "Release 2.4"
_RELEASE_HEADING = re.compile(r"^[#\s]*(?:[A-Za-z][\w.-]*\s+){0,3}v?(\d+)\.(\d+)(?:\.\d+)*\b[^\n]*$")
#: a dotted version number in running text ("3.2.0", "v3.3", "Relay 3.4")
_DOTTED = re.compile(r"(?<![\w.])v?(\d+)\.(\d+)(?:\.(\d+))?(?![\w.]*\d)")
#: a paragraph of one line: where the loaders leave a heading (Markdown marks are stripped)
_LONE_LINE = re.compile(r"(?:^|\n\n)([^\n]{1,80})(?=\n\n|\n?$)")


#: the sections of one release's entry ("Added", "Bug fixes", "Breaking changes"): headings that
#: do not end it
CHANGELOG_SECTION = re.compile(
    r"^[#\s]*(?:added|changed|changes|deprecated|deprecations|removed|removals|fixed|fixes|bug\s+fixes|security|"
    r"features?|new\s+features|improvements?|enhancements?|breaking\s+changes|highlights|known\s+issues|"
    r"upgrade\s+notes|notes|other)\s*$", re.I)


@lru_cache(maxsize=4)
def _lone_lines(doc_text: str) -> tuple[tuple[int, str], ...]:
    """``(offset, line)`` of every heading-like line of a document: a one-line paragraph of at
    most eight words, no closing punctuation, no table row. Found once per document."""
    out = []
    for m in _LONE_LINE.finditer(doc_text):
        line = m.group(1).strip()
        if line and len(line.split()) <= 8 and not re.search(r"[.!?;,:]$", line) and not is_table_row(line):
            out.append((m.start(1), line))
    return tuple(out)


@lru_cache(maxsize=4)
def _release_headings(doc_text: str) -> tuple[tuple[int, re.Match], ...]:
    """``(offset, match)`` of every heading of a document that names a release: a one-line
    paragraph of at most eight words, no closing punctuation, no table row, that names a
    version. Found once per document. A document with fewer than two is no release history
    (a guide's "Upgrading to 3.0" governs nothing below it), and gives none."""
    out = [(off, r) for off, line in _lone_lines(doc_text) for r in [_RELEASE_HEADING.match(line)] if r]
    return tuple(out) if len(out) >= 2 else ()


def _release_heading(doc_text: str, at: int) -> re.Match | None:
    """The heading of the release whose entry holds offset ``at`` in a release history: the
    nearest release heading above it, when every heading between is a section of an entry
    ("Added" under "v3.3.0" is still in the 3.3.0 entry; "Support windows" ends it)."""
    above = [(off, r) for off, r in _release_headings(doc_text) if off < at]
    if not above:
        return None
    start, release = above[-1]
    for off, line in _lone_lines(doc_text):
        if start < off < at and not CHANGELOG_SECTION.match(line):
            return None  # "Support windows" after the last release: its entry has ended
    return release


def _version_parts(surface: str) -> tuple[int, ...] | None:
    m = re.search(r"(\d+(?:\.\d+)*)", surface)
    return tuple(int(x) for x in m.group(1).split(".")) if m else None


def release_incoherent(c: Candidate, doc_text: str) -> tuple[str, str] | None:
    """v5: a version edit that breaks the release history around it (CASE-QUALITY question e).

    - ``release-entry``: the sentence sits in a release's entry (the nearest heading above it
      in the document names a version, "## v3.3.0 (2025-04-21)"), and the original or the new
      version belongs to that release line (same major number): "Relay 3.2 supports MySQL 8.4"
      in the 3.3.0 notes, or a 12.x patch in an 11.x entry, contradicts its heading. A version
      of another product ("MySQL 8.4" -> "MySQL 8.0"; "Python 3.13" under v3.4.0, a product the
      domain patterns list) stays a near miss.
    - ``version-order``: the chunk names two or more other versions of the same line in order
      ("Version 3.0.0 ... 3.1.0 ... 3.3.0 ..."), and the new version does not fit between its
      neighbours: a support table where 3.4.0 loses fixes before 3.3.0.
    A date moved past its neighbours is the date family's ``chronology`` rule."""
    if c.family.name not in ("entity", "scope") or c.site.kind != "version" or c.mutation is None:
        return None
    old, new = _version_parts(c.site.text), _version_parts(c.replacement)
    if not old or not new:
        return None
    release = _release_heading(doc_text, c.sentence.start)
    if release is not None and not _third_party(c.site.text):
        major = int(release.group(1))
        if major - 1 <= old[0] <= major + 1 and major - 1 <= new[0] <= major + 1:
            return ("release-entry", f"the sentence sits in the entry of release {release.group(0).strip('# ')[:30]!r}; "
                    f"changing {c.site.text!r} to {c.replacement!r} contradicts its heading")
    off = c.sentence.start - c.true_chunk.start + c.site.start
    seq: list[tuple[int, tuple[int, ...]]] = []
    for m in _DOTTED.finditer(c.true_chunk.text):
        parts = tuple(int(x) for x in m.groups() if x is not None)
        if parts[0] == old[0] and not (m.start() < off + len(c.site.text) and off < m.end()):
            seq.append((m.start(), parts))
    if len(seq) < 2:
        return None
    seq.append((off, old))
    seq.sort()
    k = next(i for i, (at, _) in enumerate(seq) if at == off)
    values = [p for _, p in seq]
    distinct = [v for i, v in enumerate(values) if i == 0 or v != values[i - 1]]
    if len(distinct) < 3:
        return None
    rising = all(a <= b for a, b in zip(values, values[1:]))
    falling = all(a >= b for a, b in zip(values, values[1:]))
    if not (rising or falling):
        return None
    changed = values[:k] + [new] + values[k + 1:]
    if not (all(a <= b for a, b in zip(changed, changed[1:])) if rising else all(a >= b for a, b in zip(changed, changed[1:]))):
        return ("version-order", f"the chunk lists versions in order; {c.replacement!r} in place of {c.site.text!r} breaks it")
    return None


def answer_shared(c: Candidate) -> tuple[str, str] | None:
    """v5: another sentence of the true chunk says the same with another value where the answer
    stands ("SSO is included in the Business plan." beside "... in the Enterprise plan."): the
    question ("In which plan is SSO included?") has two answers, and the near miss keeps the
    other one, so it still answers the question."""
    if c.family.name not in CONTRADICTING or not c.phrasing.answer:
        return None
    text = c.sentence.text
    slot = c.phrasing.answer_slot
    a = slot.start if slot is not None else text.find(c.phrasing.answer)
    if a < 0:
        return None
    b = a + (len(slot.text) if slot is not None else len(c.phrasing.answer))
    before, after = " ".join(text[:a].split()).lower(), " ".join(text[b:].split()).lower()
    if len(before) + len(after) < 12:
        return None  # too little around the answer to call another sentence the same statement
    chunk = c.true_chunk.text
    own = c.sentence.start - c.true_chunk.start
    for x, y in _sentence_spans(chunk):
        if x <= own < y:
            continue
        other = " ".join(chunk[x:y].split()).lower()
        if len(other) > len(before) + len(after) and other.startswith(before) and other.endswith(after):
            return ("answer-shared", f"{chunk[x:y].strip()[:60]!r} says the same of another value: "
                    "the question has two answers")
    return None


def unfair_reason(c: Candidate) -> str | None:
    """Why a candidate would not discriminate, or None when it does (seed 003, question c).

    - the question names the changed attribute: the true value is its condition, and the
      expected answer is a different span (checked when the question is phrased);
    - the distractor never states that condition, anywhere in its chunk, in any form the value
      model equates ("thirty days", "1,000 USD") or through a twin (a code's display name), so
      it cannot answer the question;
    - no other sentence of the chunk restates the edited one, and no sentence right after it
      elaborates on it ("For example, ..."), so the edit does not leave the claim standing;
    - the changed number is no operand of a calculation or conversion, whose other values would
      let a reader derive the original back;
    - the true chunk answers the question once: a table whose other row holds the same
      condition value makes the question ambiguous;
    - the answer is not the changed value, and the near miss does not keep the true sentence.

    :func:`unfair_rule` gives the same verdict with the rule's short name (for counting).
    """
    why = unfair_rule(c)
    return None if why is None else why[1]


def unfair_rule(c: Candidate) -> tuple[str, str] | None:
    """``(rule, reason)`` of the first fairness rule ``c`` breaks, or None (see :func:`unfair_reason`)."""
    family = c.family.name
    p = c.phrasing
    text = c.sentence.text
    if family in ("quantity", "date") and (text[: c.site.start].count("(") > text[: c.site.start].count(")")
                                           or re.match(r"\s*\(\s*[\d$€£]", text[c.site.end:])):
        # "one year (26 pay periods)": a value and its restatement; changing one leaves the other
        return "parenthesised", "the value is restated in parentheses beside it"
    after, before = text[c.site.end:], text[: c.site.start]
    if family == "polarity" and re.search(r"\b(?:if|unless|whether|when|whenever|wherever|while|once|until|as\s+soon\s+as|as\s+long\s+as)\b[^,;:]*$", before, re.I):
        return "condition-negation", "the negation sits in a condition ('if you haven't ...'), not in the statement"
    if family == "polarity" and re.search(r"\b(?:that|which|who|whom|whose|where)\b[^,;:]*$", before, re.I):
        return "relative-clause", "the polarity belongs to a relative clause ('steps that have succeeded'), not to the statement"
    if (why := chunk_rule(c)) is not None:  # rules over the rest of the chunk (coherence.chunk_rule)
        return why
    if re.match(r"\s+or\s+(?:later|newer|higher|above|more|earlier|older|greater|fewer|less)\b|\+", after):
        return "open-bound", "the value is an open bound ('Node 18 or later'): another value can still satisfy it"
    if family == "entity" and re.match(r"\s*\(\s*[A-Z][A-Z0-9&.-]+\s*\)", after):
        return "acronym", "the name is followed by its acronym, which the near miss would keep"
    if family == "entity" and (re.search(r"[A-Za-z0-9][-_/.:@]$", before) or re.match(r"[-_/@][A-Za-z0-9]", after)):
        return "inside-identifier", "the value is part of a longer identifier ('model-v4.0'): changing a piece of it names nothing"
    if c.site.kind in ("geo", "region") and (re.match(r"\s*,\s*[A-Z]", after) or re.search(r"[A-Za-z)]\s*,\s*$", before)
                                             and re.search(r"\b[A-Z][\w.]*\s*,\s*$", before)):
        return "compound-place", "the place is part of a compound place name ('Chicago, Illinois')"
    if family in ("scope", "entity") and c.mutation is not None:
        why = _twin(c)
        if why:
            return "twin", why
    if family == "date" and c.mutation is not None:
        from .families.date import reverses_chronology

        at = c.sentence.start - c.true_chunk.start + c.site.start
        if reverses_chronology(c.true_chunk.text, at, at + len(c.site.text), c.site.text, c.replacement):
            return "chronology", "the new date reverses the order of the dates around it (a previous event after the latest)"
    if family == "quantity" and c.mutation is not None:
        why = _bound_kept(text, c.site, c.replacement)
        if why:
            return "bound-kept", why
        why = _order_broken(c)
        if why:
            return "order-broken", why
        why = _enumerated_count(c)
        if why:
            return "enumerated-count", why
        why = _tied_numbers(c)
        if why:
            return "tied-numbers", why
        why = _derived_bound(c)
        if why:
            return "derived-bound", why
    if family in ("quantity", "date") and c.mutation is not None:
        why = _in_arithmetic(c) or _worked_example(c)
        if why:
            return "arithmetic", why
    why = _conditional_item(c)
    if why:
        return "conditional-item", why
    if c.mutation is not None:
        off = c.sentence.start - c.true_chunk.start
        rest = c.true_chunk.text[:off] + " " + c.true_chunk.text[off + len(text):]
        if family in VALUED and _mentions(rest, c.replacement):
            # a value only: a modal or quantifier ("can", "most") said elsewhere keys nothing
            return "replacement-in-chunk", f"the replacement {c.replacement!r} already keys another row or sentence of the chunk"
        if family in ("polarity", "modality", "aggregation") and _restated(text, _other_sentences(c), c.site.text,
                                                                        _claim_values(c)):
            return "restated", "another sentence of the chunk restates the edited one, so the edit leaves the claim standing"
        if family in ("modality", "aggregation"):
            why = _restated_in_other_words(c)
            if why:
                return "restated-other-words", why
        if family in ("polarity", "modality", "aggregation"):
            why = _answered(c)
            if why:
                return "answered", why
        if family in ("polarity", "modality"):
            why = _presupposed(c)
            if why:
                return "presupposed", why
        if family in ("polarity", "aggregation"):
            why = _elaborated(c)
            if why:
                return "elaborated", why
        if family == "polarity":
            why = _against_frame(c)
            if why:
                return "against-heading", why
            why = _breaks_parallel(c) or _denied_everywhere(c)
            if why:
                return "parallel-list", why
            why = _said_elsewhere(c)
            if why:
                return "said-elsewhere", why
        if family in VERIFYING:
            why = _framed(c)
            if why:
                return "framed", why
        if family == "aggregation":
            why = _universal_after(c)
            if why:
                return "universal-after", why
        if family == "modality":
            why = _consequence_after(c)
            if why:
                return "consequence", why
        if family == "polarity" and c.site.kind == "negation":
            from .coherence import advice_after_denial, protective_reason

            why = advice_after_denial((_next_in_paragraph(c) or [""])[0])
            if why:
                return "instead-advice", why
            why = protective_reason(text, c.site.start, c.site.end)
            if why:
                return "protective-reason", why
    if family in CONTRADICTING and family != "polarity":
        condition = c.site.text
        if _mentions(c.distractor_text, condition):
            return "condition-in-near-miss", f"the near miss still states the condition {condition!r}"
        if family in ("entity", "scope") and c.mutation is not None and re.search(r"\d", condition):
            from .coherence import version_elsewhere

            cells = tuple(x for x in re.split(r";\s+", text[: c.site.start] + "\0" + text[c.site.end:])
                          if "\0" not in x) if is_table_row(text) else ()
            other = version_elsewhere(c.true_chunk.text, c.sentence.start - c.true_chunk.start, text, condition, cells)
            if other:
                return "version-elsewhere", f"{other[:50]!r} still names version {condition!r} of the same thing"
        if p.answer_slot is not None and p.answer_slot is c.site:
            return "asks-changed-value", "the question asks for the changed value"
        if is_table_row(c.sentence.text):
            off = c.sentence.start - c.true_chunk.start
            rest = c.true_chunk.text[:off] + c.true_chunk.text[off + len(c.sentence.text):]
            if _mentions(rest, condition):
                return "ambiguous-table", f"another row of the true chunk also holds {condition!r}: the question is ambiguous"
    if family in CONTRADICTING and p.answer.strip().lower() == c.site.text.strip().lower():
        return "answer-is-changed-value", "the expected answer is the changed value"
    if family in VERIFYING and p.answer != "yes":
        return "verification-not-yes", "a verification question must expect yes"
    if c.sentence.text in c.distractor_text:
        return "true-sentence-kept", "the near miss still contains the true sentence"
    return None


def _sibling_candidate(sentence, doc, site, family, phrasing, true_chunk, values, chunker) -> Candidate | None:
    """A real sibling sentence whose varying slot is this site's kind (the seed's us-east-1 vs
    eu-central-1 case), for families whose pinned attribute is a scope-like value."""
    mined = values.mine_result
    if mined is None or family.name not in ("scope", "entity", "date", "quantity"):
        return None
    for enum, member in mined.siblings(sentence, family.name):
        if enum.kind != site.kind or member.slot_text.strip().lower() == site.text.strip().lower():
            continue
        if member.doc_id != doc.id:
            continue  # keep siblings within the document: the same policy, another value
        if site.kind == "version" and not _same_product(site.text, member.slot_text):
            continue  # "Python 3.9" is no other value of "v3.4.0": the sibling differs elsewhere
        chunk = chunker(doc, member.start, member.end)
        if chunk.start <= sentence.start < chunk.end or chunk.start < sentence.end <= chunk.end:
            chunk = Chunk(doc.id, member.start, member.end, member.text)
        if phrasing.answer and phrasing.answer_slot is site and phrasing.answer in chunk.text:
            continue
        return Candidate(family, sentence, site, phrasing, true_chunk, chunk.text, "sibling",
                         member.slot_text, sibling=member, sibling_chunk=chunk)
    return None


def _third_party(version: str) -> bool:
    """The version is of a product the domain patterns list (a language, a database, a runtime:
    "Python 3.13", "PostgreSQL 16"): never the release line of the documents' own product."""
    from ..analysis.domain import listed_style, style_of
    from .families.entity import Version

    v = Version.parse(version)
    name = v.prefix.strip() if v is not None else ""
    return bool(name) and (style_of(name, "product") is not None or listed_style(name, "product") is not None)


def _same_product(a: str, b: str) -> bool:
    """Two version surfaces name the same product ("Relay 3.3", "Relay 3.2"; "v3.4.0", "v3.3.0")."""
    from .families.entity import Version

    x, y = Version.parse(a), Version.parse(b)
    if x is None or y is None:
        return False
    norm = {"v": "", "version": "", "release": ""}
    px, py = x.product.strip(), y.product.strip()
    return norm.get(px, px) == norm.get(py, py)


def opaque_ids(base_id: str, roles: tuple[str, ...]) -> dict[str, str]:
    """``p-NNNN`` ids unique within a case, derived from the case and the role."""
    ids: dict[str, str] = {}
    used: set[str] = set()
    for role in roles:
        n = int(hashlib.sha256(f"{base_id}\0{role}".encode()).hexdigest(), 16) % 9000 + 1000
        while f"p-{n}" in used:
            n = n % 9999 + 1
        ids[role] = f"p-{n}"
        used.add(ids[role])
    return ids


def build_cases(candidate: Candidate, doc: Document, *, seed: int, labels: dict | None = None) -> tuple[Case, Case]:
    """The both-present and true-absent cases of one candidate."""
    base = candidate.base_id
    ids = opaque_ids(base, ("true", "distractor"))
    true_ctx = ContextChunk(ids["true"], candidate.true_chunk.text)
    dis_ctx = ContextChunk(ids["distractor"], candidate.distractor_text)
    order_rng = random.Random(stable_rank(seed, base, "order"))
    both_context = (true_ctx, dis_ctx) if order_rng.random() < 0.5 else (dis_ctx, true_ctx)

    s = candidate.sentence
    tc = candidate.true_chunk
    if candidate.sibling_chunk is not None:
        sc = candidate.sibling_chunk
        dis_prov = ChunkOrigin(role="distractor", doc=sc.doc_id, start=sc.start, end=sc.end, synthetic=False)
    else:
        dis_prov = ChunkOrigin(role="distractor", doc=tc.doc_id, start=tc.start, end=tc.end, synthetic=True)
    sibling = candidate.sibling
    mutation = MutationRecord(
        family=candidate.family.name,
        family_version=candidate.family.version,
        kind=candidate.site.kind,
        slot_start=candidate.site.start,
        slot_end=candidate.site.end,
        original=candidate.site.text,
        replacement=candidate.replacement,
        origin=candidate.origin,
        sibling=None if sibling is None else SourceSpan(doc=sibling.doc_id, start=sibling.start, end=sibling.end),
    )
    provenance = Provenance(
        doc=s.doc_id,
        doc_sha256=doc.sha256,
        start=s.start,
        end=s.end,
        sentence=s.text,
        page=doc.page_at(s.start),
        chunks={
            ids["true"]: ChunkOrigin(role="true", doc=tc.doc_id, start=tc.start, end=tc.end),
            ids["distractor"]: dis_prov,
        },
        mutation=mutation,
    )
    p = candidate.phrasing
    common = dict(family=candidate.family.name, question=p.question, claim=p.claim, answer=p.answer,
                  provenance=provenance, labels=labels or {})
    yes_no = p.answer_slot is None and p.answer in ("yes", "no")
    both = Case(
        id=f"{base}-both-present",
        variant="both-present",
        context=both_context,
        expect=Expect(answer_contains=None if yes_no else p.answer, answer=p.answer if yes_no else None,
                      cited_chunks_include=(ids["true"],), cited_chunks_exclude=(ids["distractor"],)),
        **common,
    )
    absent_prov = replace(provenance, chunks={ids["distractor"]: dis_prov})
    absent = Case(
        id=f"{base}-true-absent",
        variant="true-absent",
        context=(dis_ctx,),
        expect=Expect(behaviour="decline"),
        **(common | {"provenance": absent_prov}),
    )
    return both, absent
