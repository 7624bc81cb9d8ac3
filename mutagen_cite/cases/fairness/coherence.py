"""Rules of documentation English that tie one sentence to the rest of its chunk (issues 10, 11).

A spliced near miss changes one attribute of one sentence. It is no near miss when another unit
of the same chunk (a list's lead-in, the sentence after it, a section heading, another
sentence) still carries the original meaning, or now contradicts the edit. The rules here are
read off documentation in general, not off one corpus:

- **A list's lead-in governs its items** (:func:`lead_in_line`). The loader drops list markers
  ("- ", "1. "), so an item that ends with a full stop looks like a paragraph. A line that
  starts its own line, in a block of short lines right under a line ending with ":" ("All
  traffic must:", "You must:"), is an item of that lead-in; ``candidates._lead_in`` falls back
  to this, so the lead-in rules (``framed``, ``conditional-item``, ``against-heading``) see it.
- **Code identifiers name sections** (:func:`identifier_heading`). An error-code reference
  heads each entry with the code itself (``not_found_similar_id``, ``invalid-api-key``): a
  lowercase identifier on a line of its own is a heading, and its words (split at ``_`` and
  ``-``) frame the entry like any heading's.
- **A bound restated in a derived form** (:func:`derived_bound`). "between 1 and 3 words" and,
  in the same chunk, "Terms with 4 or more words ..." state one limit twice: editing the first
  number leaves the second stating the original (or contradicting the edit). Another unit that
  bounds the same unit noun at the original number or one off it, with a comparison word ("or
  more", "more than", "fewer than", "at least", "up to", "over", "+"), keeps the original.
- **A consequence after a requirement restates it** (:func:`consequence_after`). "You must X."
  followed by "Otherwise, ...", "If you don't, ...", "Without it, ..." or by a failure of the
  same thing ("... will be lost", "... silently breaks ...", "... returns an error") makes X a
  requirement whatever modal the first sentence carries: "should" in its place is no near miss.
- **"Instead" presupposes a denial** (:func:`advice_after_denial`). "X is not supported for Y."
  followed by a sentence advising something instead ("Use Z instead.") still says X is not for Y
  when the "not" is removed: the chunk contradicts itself.

Hand-written (regular expressions over the one sentence splitter's units) because each rule is a
statement about a few function words and the layout of a chunk; no library models list lead-ins
or consequence clauses, and the rules must run inside ``build`` with no model at all.
"""

from __future__ import annotations

import re

from ...corpus import split_sentences
from .reading import LINE_START, _content_stems, _sentence_spans

#: most words a line may have to be read as one item of a list whose marker the loader dropped
ITEM_WORDS = 40
#: blank lines allowed between a lead-in and the first item (Markdown writes one or none)
LEAD_IN_GAP = 1
_COLON_END = re.compile(r":[\s*_`]*$")


def lead_in_line(before: str, rest: str = "") -> str | None:
    """The lead-in line governing the sentence that starts right after ``before`` (a chunk's
    text up to a sentence that starts its own line; ``rest`` is the chunk from that sentence
    on), or None.

    The sentence is an item when its line is one of a block of at least two contiguous lines
    (its list: the loader writes one item a line) that all end with closing punctuation, as a
    full-sentence item does, each at most :data:`ITEM_WORDS` words, and the block sits right
    under a line ending with ":" (after at most :data:`LEAD_IN_GAP` blank line; emphasis around
    the colon, "**All traffic must:**", allowed). A lone paragraph after a colon line is no
    item: it is what follows a stripped code block ("reset the setting:"); and a full sentence
    after a run of verbless fragments is no item of their list."""
    lines = before.split("\n")
    if len(lines) < 2 or lines[-1].strip():
        return None  # the sentence does not start its line
    above: list[str] = []
    lead = None
    blanks = 0
    for line in reversed(lines[:-1]):
        text = line.strip()
        if not text:
            blanks += 1
            if blanks > LEAD_IN_GAP:
                return None
            continue
        if _COLON_END.search(text):
            lead = line
            break
        if blanks:
            return None  # a paragraph above a blank line: no list
        above.append(text)
    if lead is None:
        return None
    below = []
    for line in rest.split("\n"):
        if not line.strip():
            break
        below.append(line.strip())
    block = above + below
    if len(block) < 2 or any(len(x.split()) > ITEM_WORDS or not _CLOSED.search(x) for x in block):
        return None
    return lead


#: closing punctuation at the end of a line (a quote or bracket may follow it)
_CLOSED = re.compile(r"[.!?][\"'\u201d)\]]*$")


#: a line that is one code identifier with at least one ``_`` or ``-`` joint (``not_found_id``)
IDENTIFIER_LINE = re.compile(r"^[\s`*_]*([a-z][a-z0-9]*(?:[_-][a-z0-9]+)+)[\s`*_:]*$")


def identifier_heading(chunk: str, off: int) -> str | None:
    """The words of a code identifier that heads the paragraph ``off`` sits in (the nearest
    one-line paragraph above it that is an identifier, with only the sentence's own paragraph
    between), split at its joints: ``not_found_similar_id`` -> "not found similar id"."""
    paras = re.split(r"\n\s*\n", chunk[:off])
    for k, para in enumerate(reversed(paras)):
        lines = [ln for ln in para.split("\n") if ln.strip()]
        if k == 0:
            if len(lines) > 1 and IDENTIFIER_LINE.match(lines[0]):
                return re.sub(r"[_-]", " ", IDENTIFIER_LINE.match(lines[0]).group(1))
            continue
        if len(lines) == 1 and IDENTIFIER_LINE.match(lines[0]):
            return re.sub(r"[_-]", " ", IDENTIFIER_LINE.match(lines[0]).group(1))
        return None
    return None


#: a comparison word before a number ("more than 3", "at least 4", "up to 3", "over 3")
_BOUND_BEFORE = (r"(?:more|fewer|less|greater|larger|smaller|longer|shorter)\s+than|at\s+(?:least|most)|"
                 r"up\s+to|over|under|above|below|exceeding|maximum(?:\s+of)?|minimum(?:\s+of)?|max|min|"
                 r"no\s+more\s+than|beyond")
#: a comparison word after a number and its unit ("4 or more words", "3+ words")
_BOUND_AFTER = r"(?:\+|\s+or\s+(?:more|fewer|less|greater|above|below|higher|lower|longer|shorter))"
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_UNIT_WORD = re.compile(r"\s*([A-Za-z][a-z-]+)")


def _unit_stem(word: str) -> str:
    w = word.lower()
    return w[:-1] if w.endswith("s") and len(w) > 3 else w


def derived_bound(chunk: str, sentence_off: int, sentence: str, site_start: int, site_end: int) -> str | None:
    """Another sentence of ``chunk`` bounds the same unit at the site's number or one off it
    (the site is ``sentence[site_start:site_end]``, a count or size with a unit word: "3
    words"): "4 or more words", "more than 3 words", "at least 4 words". Such a sentence states
    the original limit in a derived form, so changing the number leaves the chunk stating the
    original or contradicting the edit. Returns the other sentence, or None."""

    site = sentence[site_start:site_end]
    numbers = list(_NUMBER.finditer(site))  # a range site ("1-3 words") bounds at either end
    if not numbers:
        return None
    last = numbers[-1]
    unit = _UNIT_WORD.match(site[last.end():]) or _UNIT_WORD.match(sentence[site_end:])
    if not unit:
        return None
    stem = _unit_stem(unit.group(1))
    before = sentence[:site_start].lower()
    after = sentence[site_end:].lower()
    if re.search(r"(?:\bat\s+least|\bminimum(?:\s+of)?|\bmore\s+than|\bover|\bfrom)\s*$", before) or \
            re.match(r"\s*(?:\+|or\s+more\b)", after):
        upper = False
    elif (re.search(r"(?:\bup\s+to|\bat\s+most|\bmax(?:imum)?(?:\s+of)?|\bno\s+more\s+than|\bbetween\s+\S+\s+and|"
                    r"\b\d+(?:\.\d+)?\s*(?:-|\u2013|to))\s*$", before) or len(numbers) > 1
          or re.match(r"\s*or\s+(?:fewer|less)\b", after)):
        upper = True
    else:
        return None  # a plain value ("returns 3 results") bounds nothing
    n = float(numbers[-1].group(0)) if upper else float(numbers[0].group(0))
    # the complement of an upper bound N is "N+1 or more" / "more than N"; of a lower bound N, "N-1 or fewer"
    near = {n, n + 1} if upper else {n, n - 1}
    own = (sentence_off, sentence_off + len(sentence))
    lower_words = (r"(?:more|greater|larger|longer)\s+than|at\s+least|over|above|exceeding|minimum(?:\s+of)?|min|beyond")
    upper_words = (r"(?:fewer|less|smaller|shorter)\s+than|at\s+most|up\s+to|under|below|maximum(?:\s+of)?|max|"
                   r"no\s+more\s+than")
    words, tail = (lower_words, r"(?:\+|\s+or\s+(?:more|greater|above|higher|longer))") if upper else \
        (upper_words, r"\s+or\s+(?:fewer|less|below|lower|shorter)")
    rx = re.compile(rf"(?:\b(?:{words})\s+(\d+(?:\.\d+)?)\s*([A-Za-z][a-z-]+)"
                    rf"|\b(\d+(?:\.\d+)?){tail}\s+([A-Za-z][a-z-]+))", re.I)
    for a, b in _sentence_spans(chunk):
        if a < own[1] and b > own[0]:
            continue
        other = chunk[a:b]
        for x in rx.finditer(other):
            num, word = (x.group(1), x.group(2)) if x.group(1) else (x.group(3), x.group(4))
            if float(num) in near and _unit_stem(word) == stem:
                return other.strip()
    return None


#: words stating an obligation the modality family weakens
OBLIGATION_WORDS = re.compile(r"\b(?:must|shall|required|requires?|need(?:s)?\s+to|ha(?:ve|s)\s+to|mandatory)\b", re.I)
#: a sentence opening with what happens when the requirement before it is not met
CONSEQUENCE_OPENER = re.compile(
    LINE_START + r"(?:otherwise|if\s+not\b|if\s+(?:you|it|they|this|that|these|the\s+\w+)\s+"
    r"(?:do|does|did|is|are|was|were|can|could|will|would)\s*(?:n['\u2019]t|not)\b|"
    r"if\s+(?:you|it|they|this|that|these)['\u2019](?:s|re)\s+not\b|without\s+(?:it|this|that|these|them|one)\b|"
    r"failing\s+to|failure\s+to|not\s+doing\s+so|(?:if|when)\s+(?:you\s+)?(?:skip|forget|omit|miss)\w*)", re.I)
#: a sentence opening with a condition of its own ("If a database already exists, ..."): what fails
#: under it is that condition's consequence, not the requirement's
NEW_CONDITION = re.compile(LINE_START + r"(?:if|when|whenever|once|unless)\b", re.I)
#: a failure stated in a sentence: what breaks, is lost or is refused
FAILURE = re.compile(
    r"\b(?:fails?|failed|failing|breaks?|broken|will\s+be\s+lost|(?:is|are|get|gets)\s+lost|"
    r"(?:won['\u2019]t|will\s+not|does\s*n['\u2019]t|doesn['\u2019]t|do\s*n['\u2019]t|does\s+not|do\s+not)\s+work|"
    r"(?:is|are|will\s+be|gets?)\s+(?:rejected|refused|denied|ignored|dropped|discarded)|"
    r"returns?\s+(?:an?\s+)?(?:error|\d{3})|throws?|(?:is|are)\s*n['\u2019]t\s+efficient|"
    r"(?:is|are)\s+not\s+efficient|mismatch\w*)\b", re.I)
#: content words a failure sentence must share with the requirement to be its consequence
CONSEQUENCE_SHARED = 1


def consequence_after(sentence: str, following: list[str], shared) -> str | None:
    """``following`` (up to two sentences after an obligation ``sentence``, in its paragraph)
    states the consequence of not meeting it: the first opens with "Otherwise", "If not", "If it's not", "If
    you don't", "Without it" or states a failure ("Even a small difference can cause the
    payment to fail."), or the second states a failure and shares at least
    :data:`CONSEQUENCE_SHARED` content word with ``sentence`` (``shared(text)`` gives the
    shared words; the caller's stemmer). Either way the pair states a requirement, whatever
    the first sentence's modal. A next sentence that states an obligation itself is a sibling
    requirement, not a consequence, and a failure word the requirement itself uses ("A failed
    backup must be ...") is what it is about."""
    if not OBLIGATION_WORDS.search(sentence):
        return None
    for k, nxt in enumerate(x.strip() for x in following[:2]):
        if not nxt or OBLIGATION_WORDS.search(nxt):
            break  # another requirement (a sibling), not a consequence of this one
        if k == 0 and CONSEQUENCE_OPENER.match(nxt):
            return f"the next sentence says what happens otherwise ({nxt[:40]!r}), so it still states the requirement"
        if NEW_CONDITION.match(nxt):
            break  # "If a database already exists, ... throws an error": another condition's failure
        failure = FAILURE.search(nxt)
        if failure and FAILURE.search(sentence):
            failure = None  # the requirement is itself about failures ("A failed backup must ...")
        if failure and (k == 0 or len(shared(nxt)) >= CONSEQUENCE_SHARED):
            return f"a failure follows it ({nxt[:40]!r}), so the chunk still states the requirement"
    return None


#: words stating that something holds without exception
UNIVERSAL = re.compile(r"\b(?:every|each|all|always|never|regardless|nothing|none|no\s+\w+|any|without\s+exception|"
                       r"whatever|whichever|in\s+all\s+cases)\b", re.I)


#: a universal determiner opening a statement about a set ("All traffic ...", "Every issue ...")
_SET_OPENER = re.compile(LINE_START + r"(?:all|every|each)\b", re.I)


#: a next sentence opening with a condition on any member of the set ("If any limit is exceeded,
#: the request is rejected."): "any" in a condition is universal ("for every limit, if it is
#: exceeded ..."), so after "All rate limits are evaluated." it still says every one is
ANY_CONDITION = re.compile(LINE_START + r"(?:if|when|whenever|once)\s+any\s+(?:of\s+(?:the|your|its|their)\s+)?"
                           r"(?:[a-z][\w-]*\s+){0,2}?([a-z][\w-]*)\s+(?:is|are|was|were|has|have|gets?|fails?|exceeds?)\b",
                           re.I)


def universal_after(following: str, shared: set[str], quantifier: str = "") -> str | None:
    """``following`` (the sentence after a universal, in its paragraph) says again, about the
    same thing (``shared``: at least one content word in common, the quantifier aside), that it
    holds without exception ("Data never leaves the EU." after "All data is stored in the EU.";
    "Each funnel follows one path." after "Funnels are always linear."): weakening the first
    leaves the second stating the original, and the chunk contradicting itself. When the edit
    weakened a determiner (``quantifier`` "all", "every", "each") and the next sentence opens
    with one too ("All customer data ... . All traffic ..."), it is a parallel statement about
    another set, no restatement; so is one repeating the edited quantifier ("... every hour." /
    "... every 24 hours."). The universal must sit in the next sentence's first clause (not in a
    "because each ..." aside), or open it as a condition on any one of the same things ("If any
    limit is exceeded, ..." after "All rate limits are evaluated.")."""
    nxt = following.strip()
    if re.fullmatch(r"(?:all|every|each)", quantifier.strip(), re.I) and _SET_OPENER.match(nxt):
        return None
    word = (re.findall(r"[A-Za-z]+", quantifier) or [""])[0]
    if word and re.search(rf"\b{word}\b", nxt, re.I):
        return None  # the same quantifier again: a sibling about another thing ("every hour" / "every 24 hours")
    cond = ANY_CONDITION.match(nxt)
    if cond and _content_stems(cond.group(1)) & shared:
        return (f"the next sentence sets a rule for any one of them ({nxt[:40]!r}), so it still holds of every one")
    first = re.split(r"[,;:]|\s[\u2014\u2013-]\s|\b(?:because|since|which|when|if|unless|so\s+that)\b", nxt,
                     maxsplit=1, flags=re.I)[0]
    if nxt and shared and UNIVERSAL.search(first):
        return f"the next sentence says it holds without exception ({nxt[:40]!r}), so the chunk still states the original"
    return None


#: advice that presupposes the denial before it ("Use the batch endpoint instead.")
INSTEAD = re.compile(r"\binstead\b|\brather\b", re.I)
#: a remedy for what the denial withholds, opening the next sentence: "Contact us with your
#: requirements and we will set up ...", "Reach out to support to enable it"
REMEDY = re.compile(LINE_START + r"(?:please\s+)?(?:contact|reach\s+out|get\s+in\s+touch|talk\s+to|speak\s+(?:to|with))\b",
                    re.I)


def advice_after_denial(following: str) -> str | None:
    """``following`` (the sentence after a denial) advises something instead, or sends the
    reader to someone who can provide what was denied: removing the denial leaves the chunk
    advising an alternative to, or a way to obtain, what it now allows ("Enterprise plans are
    self-serve. Contact us and we will set up a custom plan.")."""
    nxt = following.strip()
    if nxt and INSTEAD.search(nxt) and not re.match(LINE_START + r"(?:if|when)\b", nxt, re.I):
        return f"the next sentence advises something instead ({nxt[:40]!r}), which presupposes the denial"
    if nxt and REMEDY.match(nxt):
        return f"the next sentence sends the reader to obtain it ({nxt[:40]!r}), which presupposes the denial"
    return None


#: a version number inside a value ("version 7", "v7", "Quill 7.2", "7.x")
_VERSION_CORE = re.compile(r"(?<![\w.])v?(\d+(?:\.\d+)*)(?:\.x)?(?![\w.]*\d)", re.I)


def version_elsewhere(chunk: str, sentence_off: int, sentence: str, site: str, also: tuple[str, ...] = ()) -> str | None:
    """Another sentence of ``chunk`` names the site's version number as a version of the same
    thing, in a form the value model does not equate with the site ("lib@7", "quill v7",
    "version 7" beside an edited "Quill 7"): the number follows "@", "v" or "version", or a
    word the edited sentence also names (the product). Changing the site's version then leaves
    the chunk naming the original for the same product; a major version alone ("v4") names the
    line of a dotted one ("v4.0"). ``also``: more units to read (a table row's other cells, which
    the caller passes, since a row is one sentence). Returns that unit, or None."""

    m = _VERSION_CORE.search(site)
    if not m:
        return None
    core = re.escape(m.group(1))
    # a major version alone names the same line ("v4" beside "v4.0"), after "v", "@" or "version"
    major = re.escape(m.group(1).split(".")[0]) if "." in m.group(1) else None
    names = {w.lower() for w in re.findall(r"[A-Za-z][\w.+-]*[A-Za-z0-9+]|[A-Za-z]", sentence) if len(w) > 1}
    names -= {"version", "versions", "the", "and", "for", "with", "from", "than", "or", "to", "of", "in", "on", "is", "are"}
    rx = re.compile(rf"(?:(@|\bv|\bversion\s+)|\b([A-Za-z][\w.+]*[A-Za-z+])[\s@-]v?){core}(?![\w.]*\d)", re.I)
    own = (sentence_off, sentence_off + len(sentence))
    units = [chunk[a:b] for a, b in _sentence_spans(chunk) if not (a < own[1] and b > own[0])]
    for other in list(also) + units:
        for x in rx.finditer(other):
            if x.group(1) or (x.group(2) and x.group(2).lower() in names):
                return other.strip()
        if major and re.search(rf"(?:@|\bv|\bversion\s+){major}(?![\w.]*\d)", other, re.I):
            return other.strip()
    return None


#: a reason given for a restriction: security, safety, privacy, compliance
PROTECTIVE_REASON = re.compile(
    r"\b(?:for\s+(?:security|safety|privacy|compliance|data[\s-]protection)\s+reasons|"
    r"(?:to|in\s+order\s+to)\s+(?:protect|prevent|avoid|safeguard|keep\s+\w+\s+(?:safe|secure|private)))\b", re.I)


def protective_reason(sentence: str, site_start: int, site_end: int) -> str | None:
    """The sentence gives a protective reason ("For security reasons, ...", "To prevent data
    loss, ...") for what it denies: with the denial removed, the reason justifies the risky
    opposite ("For security reasons, X will overwrite an existing database")."""
    rest = sentence[:site_start] + " " + sentence[site_end:]
    m = PROTECTIVE_REASON.search(rest)
    if m:
        return f"the sentence gives a protective reason ({m.group(0)!r}) for the denial; without it the reason makes no sense"
    return None


# --------------------------------------------------------------------------- round 21 (issues 10, 11)
#
# Rules found in the round-21 reads of unseen documentation (Trigger.dev, Timescale): a weakened
# requirement that a neighbour still states in other words, a lone list item under a lead-in
# that names its items restrictions, an example that shows what a requirement excludes, a thing
# "not included by default" before the step that adds it, and a negation put into a temporal
# "After ..." clause. :func:`chunk_rule` runs them all for ``fairness.rules.unfair_rule``.

#: an obligation stated in a sentence; its negated forms ("not required", "doesn't need to")
#: state the opposite and are no cue
REQUIREMENT_CUE = re.compile(
    r"\b(?:must|shall|required|requires?|mandatory|need(?:s)?\s+to|ha(?:ve|s)\s+to)\b", re.I)
_NEGATED_CUE = re.compile(
    r"\b(?:not|n['\u2019]t|never|no\s+longer)\s+(?:\w+\s+)?(?:must|required|requires?|mandatory|need|have\s+to|has\s+to)\b",
    re.I)
#: words that never head the object a requirement is about
_NOT_HEADS = {"yourself", "itself", "themselves", "himself", "herself", "it", "them", "this", "that", "these",
              "those", "one", "all", "any", "some", "each", "every", "both", "manually", "first", "again",
              "always", "also", "only", "just", "then", "now", "here", "there"}
#: words that end a noun phrase (a preposition, a conjunction, a relative or a verb particle)
_NP_END = {"to", "of", "for", "in", "on", "at", "with", "by", "from", "into", "onto", "via", "per", "as", "and", "or",
           "but", "that", "which", "who", "when", "if", "before", "after", "until", "unless", "so", "because",
           "than", "within", "across", "over", "under", "between", "through", "during", "instead", "using",
           "is", "are", "be", "was", "were", "yourself", "itself", "themselves"}
_DETS = {"a", "an", "the", "your", "our", "their", "its", "this", "that", "these", "those", "each", "every", "any",
         "all", "some", "my", "his", "her"}
_AUX = {"be", "been", "being", "have", "has", "had", "do", "does", "to", "not", "also", "always", "only", "never",
        "still", "first", "then", "now", "just", "explicitly", "manually", "carefully", "either", "both"}


def _words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z][\w'.-]*[A-Za-z0-9]|[A-Za-z]", text)


def _parts(word: str) -> set[str]:
    """The lower-case parts of a word, split at camelCase and at ``_ - .`` joints ("messageId" ->
    {"message", "id"}); a plain word is its own one part, its plural "-s" dropped."""
    pieces = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", word)
    out = set()
    for p in pieces or [word]:
        p = p.lower()
        out.add(p[:-1] if p.endswith("s") and len(p) > 3 and not p.endswith("ss") else p)
    return out


def requirement_object(sentence: str, site_start: int, site_end: int) -> tuple[str, str] | None:
    """``(verb, head)`` of the clause a modal site governs: the first word after the site that is
    no auxiliary or adverb, and the head of the noun phrase after it ("must specify a mode" ->
    ("specify", "mode"); "should use the messageId from ..." -> ("use", "messageId")). A
    passive or intransitive clause ("must be remediated within 14 days") has no object: None."""
    words = _words(re.split(r"[,;:()]|\s[\u2014\u2013-]\s", sentence[site_end:], maxsplit=1)[0])
    k = 0
    while k < len(words) and (words[k].lower() in _AUX or words[k].lower().endswith("ly")):
        k += 1
    if k >= len(words) or not words[k].islower():
        return None
    verb = words[k]
    if verb.lower() in ("be", "been") or verb.lower().endswith("ed"):
        return None
    np: list[str] = []
    for w in words[k + 1:]:
        low = w.lower()
        if low in _NP_END or (np and low.endswith("ly")):
            break  # a preposition, a conjunction or an adverb after the noun ("the key monthly")
        if not np and low in _DETS:
            continue
        np.append(w)
        if len(np) > 4:
            return None
    np = [w for w in np if w.lower() not in _DETS]
    if not np or np[-1].lower() in _NOT_HEADS:
        return None
    return verb, np[-1]


#: words after a requirement cue read as what it requires (a verb and a short noun phrase)
REQUIRED_PHRASE = 5


def requirement_beside(sentence: str, site_start: int, site_end: int, neighbours: list[str]) -> str | None:
    """A sentence right beside a weakened requirement (``neighbours``: the one before and the
    one after it, in its paragraph) states a requirement on the same object in other words: it
    holds a requirement cue (:data:`REQUIREMENT_CUE`, not negated) and names the head of the
    edited clause's object ("The extension requires an explicit mode parameter." before "All
    configurations must specify a mode."; "The message id must match ..." before "... should
    use the messageId ..."), with another verb: the same verb is a sibling requirement about
    another subject ("Production databases must ..." / "Staging databases should ..."), or a
    restatement ``_restated`` already reads. Weakening the modal then leaves the chunk stating
    the requirement."""
    found = requirement_object(sentence, site_start, site_end)
    if found is None:
        return None
    verb, head = found
    head_parts = _parts(head)
    for other in neighbours:
        other = other.strip()
        if not other or not REQUIREMENT_CUE.search(other) or _NEGATED_CUE.search(other):
            continue
        if verb.lower() in {w.lower() for w in _words(other)}:
            continue  # the same act required of another thing: a sibling
        # the object must be what the neighbour requires: the noun phrase right after its cue (and
        # a verb: "must set a mode"), "requires an explicit mode parameter"; not its subject ("The key
        # must be rotated" beside "You must create a key"), nor a phrase after a preposition ("A note is
        # required for sick leave" beside "You should record sick leave": the note is required)
        theirs: set[str] = set()
        for w in _words(other[REQUIREMENT_CUE.search(other).end():])[:REQUIRED_PHRASE]:
            if w.lower() in _NP_END:
                break
            theirs |= _parts(w)
        if head_parts <= theirs:
            return f"{other[:50]!r} states a requirement on the same {head!r} in other words"
    return None


#: the last sentence of a list's lead-in naming its items restrictions or requirements
#: ("has the following restrictions:", "Requirements:", "The following rules apply:"); a modal in
#: it ("your app must send this event:") as often introduces a code block, so it is no cue here
RESTRICTING_LEAD = re.compile(r"\b(?:restrictions?|requirements?|prerequisites?|rules|constraints|limitations)\b", re.I)


def restricting_lead_in(before: str) -> str | None:
    """The lead-in above a lone item: the sentence starts its line (``before``, the chunk up to
    it, ends with a newline), right under (at most one blank line) a line ending with ":" whose
    last sentence names what follows restrictions or requirements. :func:`lead_in_line` asks for
    a block of two items, since a lone paragraph after a colon is often what follows a stripped
    code block ("reset the setting:"); a lead-in that names its items restrictions leaves no such
    doubt, and a chunk may end after the first item."""
    lines = before.split("\n")
    if len(lines) < 2 or lines[-1].strip():
        return None
    blanks = 0
    for line in reversed(lines[:-1]):
        if not line.strip():
            blanks += 1
            if blanks > LEAD_IN_GAP:
                return None
            continue
        if not _COLON_END.search(line.strip()):
            return None
        last = re.split(r"(?<=[.!?])\s+", line.strip())[-1]
        return line.strip() if RESTRICTING_LEAD.search(last) else None
    return None


#: a negation inside an example: what the requirement excludes ("but not one month")
_EXCLUDES = re.compile(r"\b(?:not|cannot|never|isn['\u2019]t|aren['\u2019]t|can['\u2019]t|won['\u2019]t)\b", re.I)
_EXAMPLE_OPENER = re.compile(LINE_START + r"(?:for\s+example|for\s+instance|e\.\s?g\.)", re.I)
#: the strong modals an example of exclusion keeps standing
_STRONG = {"must", "shall", "cannot", "can't", "required", "have to", "has to", "need to", "needs to"}


def example_excludes(original: str, following: str) -> str | None:
    """The sentence after a requirement (``original``, its strong modal) is an example that
    shows what the requirement excludes ("For example, ... two weeks or six weeks, but not one
    month."): the example still states the requirement as hard, whatever the modal becomes."""
    nxt = following.strip()
    if original.strip().lower() in _STRONG and _EXAMPLE_OPENER.match(nxt) and _EXCLUDES.search(nxt):
        return f"the example after it shows what the requirement excludes ({nxt[:40]!r}), so it still states it"
    return None


#: a thing said to be absent unless added ("is not included by default", "isn't installed by default")
ABSENT_BY_DEFAULT = re.compile(
    r"\b(?:not|n['\u2019]t)\s+(?:included|installed|enabled|bundled|shipped|loaded|activated|available|"
    r"present|provided)\s+(?:by\s+default|out\s+of\s+the\s+box)\b", re.I)
#: verbs of the step that adds what is absent
ADDING_VERBS = {"install", "enable", "add", "include", "load", "activate", "download", "turn", "bundle"}


def added_after_absent(sentence: str, site_end: int, before: str) -> str | None:
    """The sentence before a requirement to add something says it is absent by default ("The
    X tool is not included by default. You must install it."): the pair states the need
    whatever modal the step carries."""
    verb = next((w.lower() for w in _words(sentence[site_end:]) if w.lower() not in _AUX
                 and not w.lower().endswith("ly")), None)
    if verb in ADDING_VERBS and ABSENT_BY_DEFAULT.search(before):
        return f"the sentence before says it is absent by default ({before.strip()[:40]!r}), so adding it is still needed"
    return None


#: a sentence opening with a temporal clause ("After your service is started, ...")
TEMPORAL_OPENER = re.compile(LINE_START + r"(?:after|before)\b[^,;:]*$", re.I)


def chunk_rule(c) -> tuple[str, str] | None:
    """``(rule, reason)`` of the first rule of this section ``c`` (a spliced candidate) breaks."""

    if c.mutation is None:
        return None
    family = c.family.name
    text = c.sentence.text
    chunk = c.true_chunk.text
    off = c.sentence.start - c.true_chunk.start
    if family == "polarity" and TEMPORAL_OPENER.search(text[: c.site.start]):
        return ("condition-negation",
                "the negation sits in a temporal clause ('After X is not ...'), not in the statement")
    if family not in ("modality", "aggregation"):
        return None
    head = chunk[:off]
    para_before = re.split(r"\n\s*\n", head)[-1]
    after = chunk[off + len(text):]
    gap = re.search(r"\n\s*\n", after)
    para_after = after[: gap.start()] if gap else after
    prev = [para_before[a:b] for a, b in split_sentences(para_before)][-1:]
    nxt = [para_after[a:b] for a, b in split_sentences(para_after)][:1]
    line = restricting_lead_in(head)
    if line:
        return "restricting-lead-in", f"the list's lead-in {line[:40]!r} states the requirement for its item"
    if family == "aggregation":
        why = universal_value_after(text, (nxt or [""])[0])
        if why:
            return "universal-value", why
        rest = chunk[:off] + "\n\n" + chunk[off + len(text):]
        why = generic_restated(text, c.site.end, [rest[a:b] for a, b in split_sentences(rest)])
        if why:
            return "generic-restated", why
        return None
    why = requirement_beside(text, c.site.start, c.site.end, prev + nxt)
    if why:
        return "requirement-beside", why
    why = example_excludes(c.site.text, (nxt or [""])[0])
    if why:
        return "example-excludes", why
    why = added_after_absent(text, c.site.end, (prev or [""])[0])
    if why:
        return "absent-by-default", why
    return None


#: a universal anywhere in a sentence ("..., but every preset is ... regardless")
UNIVERSAL_ANY = re.compile(r"\b(?:every|all|always|regardless|without\s+exception|in\s+all\s+cases)\b", re.I)
#: a number with its unit, as a sentence states a value ("1GB", "30 days", "$20")
_VALUE = re.compile(r"[$\u20ac\u00a3]?\d+(?:[.,]\d+)*\s*(?:%|[A-Za-z]+)?")


def _values(text: str) -> set[str]:
    return {re.sub(r"\s+", "", v).lower() for v in _VALUE.findall(text) if re.search(r"[A-Za-z%$\u20ac\u00a3]", v)}


def universal_value_after(sentence: str, following: str) -> str | None:
    """The next sentence says again, with a universal anywhere in it, a value the weakened one
    states ("All sizes are capped at 1GB." / "..., but every preset is provisioned with 1GB
    regardless."): the universal and the value together restate the original claim.
    (:func:`universal_after` reads a universal in the first clause only, for any shared word.)"""
    nxt = following.strip()
    shared = _values(sentence) & _values(nxt)
    if nxt and shared and UNIVERSAL_ANY.search(nxt):
        return f"the next sentence says {sorted(shared)[0]!r} holds without exception ({nxt[:40]!r})"
    return None


#: a verb that opens a quantified subject's predicate ("All X are eligible for ...")
_PREDICATE_VERB = re.compile(r"\b(?:are|is|can|will|may|have|has|get|gets|receive|receives|qualify|qualifies)\b", re.I)
#: words before a plural subject that limit it: no generic then
_LIMITING = re.compile(r"\b(?:some|most|many|few|several|no|not|only|certain|other)\b", re.I)


def generic_restated(sentence: str, site_end: int, others: list[str]) -> str | None:
    """Another sentence of the chunk says the same predicate of a bare plural that shares a word
    with the quantified subject ("All US-based full-time employees are eligible for health
    benefits." beside "US-based teammates are eligible for health benefits, ..."): a generic
    plural states the rule for the whole class, so "Some ..." in place of "All ..." leaves it
    standing. The predicate is the verb after the subject and at least three words."""
    m = _PREDICATE_VERB.search(sentence, site_end)
    if not m:
        return None
    subject = {w.lower() for w in _words(sentence[site_end:m.start()]) if len(w) > 3}
    pred_words = _words(sentence[m.start():])[:4]
    if len(pred_words) < 3 or not subject:
        return None
    pred = r"\s+".join(re.escape(w) for w in pred_words)
    for other in others:
        x = re.search(rf"\b{pred}\b", other, re.I)
        if not x:
            continue
        theirs = other[: x.start()]
        clause = re.split(r"[.;:!?]", theirs)[-1]
        if _LIMITING.search(clause) or UNIVERSAL_ANY.search(clause):
            continue  # "Some contractors are eligible ...", or another quantified statement
        if subject & {w.lower() for w in _words(clause)}:
            return f"{other.strip()[:50]!r} says it of the whole class (a generic plural), so the chunk keeps the claim"
    return None
