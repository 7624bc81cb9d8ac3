"""Rules for an edit the neighbouring sentences still presuppose: an example, a consequence or
a reference back after it, an FAQ answer word before it, a later step that refers back to
what this step makes, what happens when an obligation is not met, "without exception", a
requirement that adds to it ("must also"), one its subject names ("Required fields ...") or one
derived from a premise the edit keeps ("This means:").
"""

from __future__ import annotations

import re

from ...judges.slots import stem
from ..candidate import Candidate
from .coherence import consequence_after, universal_after
from .layout import colon_line_above
from .reading import (LINE_START, _AUXILIARIES, _claim_values, _content_stems, _keeps, _mentions, _next_in_paragraph, _next_sentence,
                      _previous_in_paragraph, _sentences_after, _sentences_in)


#: a sentence that opens by elaborating on the one before it: an example, a consequence, a
#: restatement or a reference back ("For example, ...", "This means ...", "If so, ..."). It
#: presupposes the statement before it as written, so negating that statement leaves it
#: asserting the original.
ELABORATES = re.compile(
    LINE_START + r"(?:for\s+example|for\s+instance|e\.\s?g\.|i\.\s?e\.|in\s+other\s+words|that\s+is,|"
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
    for other in _sentences_after(c):
        if EXAMPLE.match(other):
            return f"an example follows it in the chunk ({other[:40]!r}), illustrating the original"
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
    if ANSWER_WORD.match(c.sentence.text):
        return f"the sentence opens with an answer word ({c.sentence.text.strip()[:20]!r}) that states the original"
    off = c.sentence.start - c.true_chunk.start
    para = re.split(r"\n\s*\n|\n(?=\s*#)", c.true_chunk.text[:off])[-1]
    before = _sentences_in(c.true_chunk.text, off - len(para), off)
    for other in before[:1] + before[-1:]:
        if ANSWER_WORD.match(other):
            return f"the answer opens with {other[:20]!r}, which still states the original"
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
    from lemminflect import getInflection, getLemma  # deferred: importing it loads its tables (seconds)

    text = c.sentence.text
    sentences = _sentences_after(c)
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


#: content words the next sentence must share with a negated one to be going on about the same
#: thing ("GSA speakers are not permitted to sign release forms not reviewed by OGC." / "You must
#: use the approved letter and have it reviewed by OGC.")
CONTINUES = 3


#: a sentence or block that gives an example of what precedes it
EXAMPLE = re.compile(LINE_START + r"(?:for\s+example|for\s+instance|e\.\s?g\.|examples?\s*:|example\s+\d)", re.I)


def _consequence_after(c: Candidate) -> str | None:
    """An obligation followed, in its paragraph, by what happens when it is not met
    (:func:`.coherence.consequence_after`): weakening its modal leaves the requirement stated."""
    own = _content_stems(c.sentence.text) - _content_stems(c.site.text)
    return consequence_after(c.sentence.text, _next_in_paragraph(c, 2), lambda t: own & _content_stems(t))


def _universal_after(c: Candidate) -> str | None:
    """A universal followed, in its paragraph, by a sentence saying the same holds without
    exception (:func:`.coherence.universal_after`)."""
    nxt = (_next_in_paragraph(c) or [""])[0]
    shared = (_content_stems(c.sentence.text) - _content_stems(c.site.text)) & _content_stems(nxt)
    return universal_after(nxt, shared, c.site.text)


#: absolutes that state a thing without exception wherever they sit in a sentence ("never",
#: "nothing", "entirely", "exactly one"): the words of :func:`_categorical_beside`. "all",
#: "every", "always" are left out: documentation opens parallel statements about other sets
#: with them ("All backups ... . All traffic ..."), which restate nothing
ABSOLUTE = re.compile(r"\b(?:never|none|nothing|entirely|exactly|solely|universal(?:ly)?)\b", re.I)


def _categorical_beside(c: Candidate) -> str | None:
    """A weakened universal or a flipped negation beside an absolute about the same thing: the
    sentence right before or after it in its paragraph holds an absolute (:data:`ABSOLUTE`)
    and shares a content word with it ("Recognized revenue is always the pre-tax amount." / "So
    the product keeps tax out of recognized revenue entirely."; "exactly one action wins." / "An
    invoice is never both finalized and deleted."), or the edited sentence keeps one of its own
    beside the site ("a universal footer applied to all invoices"). The absolute still states
    the original, so the distractor contradicts itself and supports the claim."""
    text = c.sentence.text
    rest = text[:c.site.start] + " " + text[c.site.end:]
    if c.family.name == "aggregation" and ABSOLUTE.search(rest):
        return f"the edited sentence keeps an absolute beside the site ({ABSOLUTE.search(rest).group(0)!r})"
    own = _content_stems(rest) - _content_stems(c.site.text)
    for other in _previous_in_paragraph(c) + _next_in_paragraph(c, 1):
        if ABSOLUTE.search(other) and own & _content_stems(other):
            return f"a sentence beside it states an absolute about the same thing ({other.strip()[:50]!r})"
    return None


#: a sentence that is a subject and an auxiliary alone ("Lago is.", "The Pro plan does not.",
#: "Ours can."): verb-phrase ellipsis, whose predicate is the sentence before it
ELLIPSIS = re.compile(LINE_START + r"(?:[A-Z][\w'\u2019.-]*|the\s+\w+|our\w*|their\w*|its\s+\w+)(?:\s+[\w'\u2019.-]+){0,3}?\s+"
                      r"(?:is|are|was|were|does|do|did|can|will|has|have|may|must|should)(?:\s+not|n['\u2019]t)?\s*[.!]?\s*$",
                      re.I)


def _ellipsis_after(c: Candidate) -> str | None:
    """A flipped polarity before an elliptical sentence ("Chargebee is not designed for
    usage-based billing. Lago is."): the ellipsis repeats the predicate as written, so the edit
    turns the contrast into nonsense (both say the same) and no reader takes the copy as real."""
    nxt = (_next_in_paragraph(c) or [""])[0]
    if nxt and ELLIPSIS.match(nxt) and len(nxt.split()) <= 6:
        return f"the next sentence is an ellipsis of this one ({nxt.strip()[:40]!r}): the edit breaks the contrast"
    return None


#: a requirement that adds to one before it ("must also", "also need to", "are also required",
#: "as well", "in addition"): it presupposes that the sentence before it states a requirement too
ALSO_REQUIRED = re.compile(
    r"\b(?:must|shall|(?:ha(?:ve|s)|needs?)\s+to|(?:is|are)\s+(?:required|expected)\s+to)\s+also\b|"
    r"\balso\s+(?:must|ha(?:ve|s)\s+to|needs?\s+to|(?:is|are)\s+required)\b|"
    r"\b(?:is|are)\s+also\s+(?:required|mandatory)\b|"
    r"^\W*(?:in\s+addition|additionally)\b[^.!?]*\b(?:must|ha(?:ve|s)\s+to|needs?\s+to|required)\b|"
    r"\b(?:must|ha(?:ve|s)\s+to|needs?\s+to)\b[^.!?]*\bas\s+well\b",
    re.I)


def _also_required_after(c: Candidate) -> str | None:
    """A weakened requirement followed, in its paragraph, by another that adds to it ("Every
    employee must complete training within 30 days. Engineers must also complete secure coding
    training."): "also" presupposes the first is a requirement too, so the weakened copy is
    still read as one and the distractor contradicts its own next sentence."""
    for nxt in _next_in_paragraph(c, 2):
        if ALSO_REQUIRED.search(nxt):
            return f"a requirement after it adds to this one ({nxt.strip()[:50]!r}): it presupposes the original"
    return None


#: words that name an obligation: "Required properties must ...", "Mandatory fields must ..."
NAMED_REQUIREMENT = re.compile(r"\b(?:required|mandatory|compulsory|obligatory)\b", re.I)
#: what turns such a word into a condition or a denial: "if required", "where mandatory", "not required"
_NOT_NAMING = re.compile(r"\b(?:if|when|where|unless|as|not|no|never)\s+$", re.I)


def _named_requirement(c: Candidate) -> str | None:
    """A modal whose subject is named by the obligation itself ("Required properties must be
    included in the payload"): the subject still says it, whatever the modal becomes."""
    subject = c.sentence.text[:c.site.start]
    for m in NAMED_REQUIREMENT.finditer(subject):
        if not _NOT_NAMING.search(subject[:m.start()]):
            return f"the subject names the obligation itself ({m.group(0)!r}), so the weakened modal still states it"
    return None


#: a lead-in that states a consequence of the sentence before it: "This means:", "As a result:"
CONSEQUENCE_LEAD = re.compile(r"\b(?:this|that|which)\s+means(?:\s+that)?\s*:?\s*$|"
                              r"^\W*(?:as\s+a\s+result|therefore|consequently|hence|thus)\b[^.!?]*:\s*$", re.I)
#: a sentence that opens as a consequence of the one before it ("This means you must ...", "As a
#: result, you must ...")
OPENS_AS_CONSEQUENCE = re.compile(
    LINE_START + r"(?:this\s+means|that\s+means|as\s+a\s+result|therefore|thus|hence|consequently)\b", re.I)


def _derived_requirement(c: Candidate) -> str | None:
    """A weakened requirement stated as the consequence of what comes before it ("Novu records no
    migration history. This means: Migrations must be tracked by hand.", "As a result, you must
    ..."): the premise the edit keeps still entails the original, whatever the modal becomes."""
    if OPENS_AS_CONSEQUENCE.match(c.sentence.text[:c.site.start]):
        return "it opens as a consequence of what comes before it, which the edit keeps"
    off = c.sentence.start - c.true_chunk.start
    for text in (colon_line_above(c.true_chunk.text[:off]), (_previous_in_paragraph(c) or [""])[-1].strip()):
        if text and CONSEQUENCE_LEAD.search(text):
            return f"it is stated as a consequence of what comes before it ({text[-40:]!r}), which the edit keeps"
    return None


#: a short sentence whose subject is a negative absolute ("Nothing is reset when you upgrade.",
#: "None of it is deleted."): the universal before it said again by negation
NOTHING_OPENER = re.compile(LINE_START + r"(?:nothing|none|nobody|no\s+one)\b", re.I)
#: the longest such sentence read as a restatement (a longer one says something of its own)
NOTHING_WORDS = 8


def _nothing_after(c: Candidate) -> str | None:
    """A weakened universal followed, in its paragraph, by a short sentence whose subject is a
    negative absolute ("All stats collected during your trial are kept. Nothing is reset when you
    upgrade."): it restates the universal in other words, so "Most stats are kept" contradicts it."""
    nxt = (_next_in_paragraph(c) or [""])[0].strip()
    if nxt and NOTHING_OPENER.match(nxt) and len(nxt.split()) <= NOTHING_WORDS:
        return f"the next sentence restates it by negation ({nxt[:40]!r})"
    return None


#: a workaround for what a denial withholds: a purpose, then what to do instead ("To represent a
#: space in a value, use a + sign.")
WORKAROUND = re.compile(r"\bto\s+[a-z]+\b[^,.;:]*,\s+(?:use|add|replace|escape|encode|wrap|prefix|type|enter|write|"
                        r"set|choose|pick|select)\b", re.I)


def _workaround_before(c: Candidate) -> str | None:
    """A denial right after a workaround for the same thing ("To represent a space in a value,
    use a + sign. Space characters are not valid in class names."): the workaround presupposes
    the direct way is denied, so removing the denial leaves the chunk telling the reader to work
    around what it now allows."""
    if c.site.kind != "negation":
        return None
    prev = (_previous_in_paragraph(c) or [""])[-1]
    own = _content_stems(c.sentence.text) - _content_stems(c.site.text)
    if prev and WORKAROUND.search(prev) and own & _content_stems(prev):
        return f"the sentence before it works around the denial ({prev.strip()[:40]!r}), which presupposes it"
    return None

