"""Scope in words: the qualifiers that restrict a noun, read from the dependency parse.

A documentation fact is usually scoped by the words around its nouns, not by a region code
or a plan token: "*administrative* leave" vs "*sick* leave", "*total* pay" vs "*base* pay",
"property *of the company*" vs "*personal* property", "*Enterprise plan* customers" vs "*Pro*
customers", "leave *for the passing of your child*" vs "leave *for the death of a spouse*".
In general English a noun's restricting modifiers are its adjectival, compound and
possessive-noun dependents and its prepositional objects ("for X", "of X", "in X", "on X").
This module reads them off the spaCy parse the annotator already made (no extra parse) as
:class:`Qualifier` ``(head lemma, modifier lemma)`` pairs, and :func:`qualifier_problems`
says when a claim restricts a noun one way while the premise restricts the *same* noun
another way: each side has a modifier the other text never mentions. That is a scope
conflict, wording free (a modifier counts as mentioned when its lemma, its crude stem or
its surface occurs anywhere in the other text, so reordering "Trial plan users" into "users
on the Trial plan" keeps agreeing).

A claim that adds a modifier to a noun the premise leaves bare is not judged here: a
paraphrase adds words ("a *new* child is born"), and the relevance check weighs them.
Hand-written rather than a library: no maintained library states this comparison; the parse
itself is spaCy's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

#: modifiers that restrict nothing (determiner-like adjectives, evaluative words) and the
#: quantity/order words other checks read
GENERIC = frozenset(
    """new other same such certain given following own various different relevant appropriate particular
    respective specific usual normal general typical possible available several many much more most few
    less least all any each every some no only first last next previous prior second third full entire
    whole actual real current future later earlier past subsequent upcoming recent former latter initial final
    single one-time""".split()
    # dimension and evaluative adjectives describe, they do not restrict a scope (size, age,
    # speed, quality: "small" / "little" / "tiny" girl); swapped for synonyms all the time
    + """small little tiny large big huge giant great old ancient young new good bad nice fine high low long
    short quick fast slow early late easy hard simple pretty beautiful happy sad wide narrow tall thick thin
    heavy light cheap expensive effective successful efficient powerful popular important notable significant
    excellent impressive remarkable useful helpful valuable famous renowned well-known high-performing""".split()
)
_NOUNS = ("NOUN", "PROPN")
_MOD_DEPS = ("amod", "compound", "nmod")
_PREPS = ("for", "of", "in", "on")
#: adjective-like tags: a hyphenated participle ("high-performing", "well-known") describes as an adjective does
_ADJ_TAGS = ("JJ", "JJR", "JJS", "VBG", "VBN")


@dataclass(frozen=True)
class Qualifier:
    """``mod`` restricts ``head`` (both lemmas, lower case); offsets of each in its text."""

    head: str
    mod: str
    head_text: str
    mod_text: str
    head_start: int
    mod_start: int
    mod_end: int
    #: the modifier is a prepositional object ("leave *for the death*"), not a word before the noun
    prep: bool = False
    #: the modifier is an adjective ("*unknown* labels", "*high-performing* models"), not a noun or a name
    adj: bool = False


def _word(tok) -> tuple[int, int]:
    """Token indexes ``[a, b)`` of the hyphenated word around ``tok`` ("one-time", "US-based")."""
    doc, a, b = tok.doc, tok.i, tok.i + 1
    while a >= 2 and doc[a - 1].text == "-" and not doc[a - 2].whitespace_ and not doc[a - 1].whitespace_:
        a -= 2
    while b + 1 < len(doc) and doc[b].text == "-" and not doc[b - 1].whitespace_ and not doc[b].whitespace_:
        b += 2
    return a, b


def _content(tok, surface: str) -> bool:
    """A restricting word: an adjective or noun with content, not a participle ("unused",
    "included", "paid": states a paraphrase moves into a clause) and not a generic word."""
    if tok.pos_ not in ("ADJ", "NOUN", "PROPN", "VERB") or tok.is_stop or tok.like_num:
        return False
    if not any(ch.isalpha() for ch in surface) or surface.lower() in GENERIC or tok.lemma_.lower() in GENERIC:
        return False
    if tok.dep_ == "amod" and "-" not in surface and re.search(r"(?:ed|ing)$", surface.lower()):
        return False
    return True


def doc_qualifiers(doc: Any) -> tuple[Qualifier, ...]:
    """The (head, modifier) pairs of a parsed sentence."""
    out: list[Qualifier] = []
    for tok in doc:
        if tok.pos_ not in _NOUNS:
            continue
        mods = []
        for ch in tok.children:
            if ch.dep_ in _MOD_DEPS or (ch.dep_ == "poss" and ch.pos_ in _NOUNS):
                mods.append((ch, False))
                mods.extend((c, False) for c in ch.conjuncts if c.i > ch.i)  # "fixed or flexible"
            elif ch.dep_ == "prep" and ch.lower_ in _PREPS:
                mods.extend((g, True) for g in ch.children if g.dep_ == "pobj" and g.pos_ in _NOUNS)
        for m, prep in mods:
            a, b = _word(m)
            if a <= tok.i < b:
                continue  # a piece of the head's own hyphenated word
            span = m.doc[a:b]
            if not _content(m, span.text):
                continue
            mod = m.lemma_.lower() if b - a == 1 else span.text.lower()
            out.append(Qualifier(tok.lemma_.lower(), mod, tok.text, span.text, tok.idx, span.start_char,
                                 span.end_char, prep, m.pos_ == "ADJ" or m.tag_ in _ADJ_TAGS))
    return tuple(out)


def _bare(mod: str) -> str:
    """A modifier without the hyphens a tokeniser leaves on a split word ("pseudo -scientific")."""
    return mod.strip("-")


def shift(quals: Iterable[Qualifier], offset: int) -> list[Qualifier]:
    """Qualifiers of a sentence moved to its offset in a longer text."""
    return [Qualifier(q.head, q.mod, q.head_text, q.mod_text, q.head_start + offset, q.mod_start + offset,
                      q.mod_end + offset, q.prep, q.adj) for q in quals]


def qualifier_problems(
    claim: Sequence[Qualifier], premise: Sequence[Qualifier], mentioned_in_premise: Callable[[Qualifier], bool],
    mentioned_in_claim: Callable[[Qualifier], bool], span: tuple[int, int], skip: Sequence[tuple[int, int]] = (),
    premise_skip: Sequence[tuple[int, int]] = (),
) -> list[str]:
    """Scope conflicts: a claim modifier of noun N the premise never mentions, while the
    premise (inside ``span``) modifies N with a word the claim never mentions. ``skip``:
    claim spans other checks own (values, names), and nouns inside them (measure nouns: "12
    weeks *of paid time off*"). Two prepositional objects are not compared: the noun after
    "for" / "of" is the one a paraphrase rewords most ("for the passing of" / "for the death of")."""
    out: list[str] = []
    seen: set[tuple[str, str]] = set()
    inside = [pq for pq in premise if span[0] <= pq.head_start < span[1]]
    # one thing both texts restrict by the same word ("unknown *node* labels" / "*node* labels on
    # graph topology"): an adjective the claim adds describes it where the premise's other
    # modifier follows the noun; a word the premise puts before the noun stands in its place
    # ("dark gold paint" / "bright gold paint", "plastic wall" / "stone wall"); a noun the claim adds
    # still chooses another scope ("bereavement leave for the death of a spouse" / "parental
    # bereavement leave for the passing of your child"). Per occurrence: "a green car ... a white
    # car" / "a yellow car ... a white car" share 'white' on another car
    c_mods: dict[int, set[str]] = {}
    p_mods: dict[int, set[str]] = {}
    for quals, mods in ((claim, c_mods), (inside, p_mods)):
        for q in quals:
            mods.setdefault(q.head_start, set()).add(_bare(q.mod))
    for cq in claim:
        if any(a <= cq.mod_start and cq.mod_end <= b or a <= cq.head_start < b for a, b in skip):
            continue
        if mentioned_in_premise(cq):
            continue
        for pq in inside:
            if pq.head != cq.head or mentioned_in_claim(pq):
                continue
            if cq.prep and pq.prep or any(a <= pq.head_start < b for a, b in premise_skip):
                continue
            if cq.adj and pq.prep and c_mods[cq.head_start] & p_mods[pq.head_start]:
                continue
            key = (cq.mod, pq.mod)
            if key in seen:
                continue
            seen.add(key)
            out.append(f"scope mismatch: claim '{cq.mod_text} {cq.head_text}' vs premise "
                       f"'{pq.mod_text} {pq.head_text}'")
            break
    return out
