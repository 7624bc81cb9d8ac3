"""Rules for a polarity flip the rest of the chunk contradicts: one item of a parallel list
flipped, a subject left affirmed nowhere, a proposition said elsewhere with the original
polarity, a denial followed by its workaround or following from a condition that switches
something off.
"""

from __future__ import annotations

import re

from ...judges.slots import stem
from ..candidate import Candidate
from .layout import _HEADING_MARK, _LIST_ITEM, _list_items, section_heading
from .reading import (LINE_START, VALUED, _AUXILIARIES, _NEGATIVE_CLAUSE_RX, _claim_values, _content_stems, _keeps, _next_sentence,
                      _other_sentences)


#: items of a list that say the same of different subjects: at least this many siblings
PARALLEL_SIBLINGS = 2


def _breaks_parallel(c: Candidate) -> str | None:
    """A flip of one item of a parallel list: the other items say the same thing of other
    subjects, with the same polarity ("SSO is supported." / "SCIM is supported." / "Audit logs
    are supported."). Documentation lists what is missing apart from what is there, so one
    item flipped in a uniform list reads as a made-up exception. The predicate is the site's
    auxiliary and the content word after it; every other item must share it, at least two."""
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
    LINE_START + r"(?:instead\b|alternatively\b|as\s+(?:a|an)\s+(?:workaround|alternative)\b|"
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
