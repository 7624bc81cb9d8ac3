"""Every candidate of a sentence: each site a family can mutate, as a spliced edit and as a
real sibling, kept only when the fairness rules (:mod:`.fairness`) find it discriminates.
"""

from __future__ import annotations

import random
from collections import Counter

from ..model import Chunk, Document, Sentence
from ..values.match import mentions_value
from .candidate import Candidate, stable_rank
from .fairness.ambiguity import ambiguous_in_document, answer_shared
from .fairness.illustrative import illustrative_table, timeline_key
from .fairness.releases import _same_product, release_incoherent
from .fairness.rules import unfair_rule
from .families import Family, ValueSource
from .families.tier_order import still_implied as tier_implied
from .questions import DEFAULT_VERSION, is_table_row, phrase, row_cells


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
                              heading_from=true_chunk.start if true_chunk is not None else 0, title=doc.title,
                              house=values.house_names())
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
                    why = (ambiguous_in_document(c, doc.text) or answer_shared(c) or release_incoherent(c, doc.text)
                           or illustrative_table(c, doc.text) or timeline_key(c))
                if why is None:
                    out.append(c)
                elif rejected is not None:
                    rejected[why[0]] += 1
    return out


#: families whose slots are attributes a sibling sentence may vary
_ATTRIBUTE_FAMILIES = ("scope", "date", "quantity", "entity")


def _changes_more(sentence: Sentence, site, phrasing, sibling_text: str) -> bool:
    """Whether a prose sibling differs from ``sentence`` in an attribute besides ``site`` and the
    question's answer: a slot of the sentence it does not repeat ("The Python SDK no longer
    supports Python 3.8 from v3.1.0." beside "The Node.js SDK ... Node.js 16 from v3.2.0." varies
    the SDK and the runtime as well as the release). A table row is exempt: a sibling row's other
    cells are that row's own values, as in the seed's us-east-1 row."""
    other, answer = sibling_text.lower(), (phrasing.answer or "").strip().lower()

    def asked(slot) -> bool:  # the answer, as its slot or inside one ("3.0.0" of "Version 3.0.0")
        text = slot.text.strip().lower()
        return slot == phrasing.answer_slot or bool(answer) and (answer in text or text in answer)

    return any(s.family in _ATTRIBUTE_FAMILIES and s != site and not asked(s)
               and s.text.strip().lower() not in other for s in sentence.slots)


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
        if not is_table_row(sentence.text) and _changes_more(sentence, site, phrasing, member.text):
            continue  # another SDK, runtime and release at once: no near miss of one attribute
        chunk = chunker(doc, member.start, member.end)
        if chunk.start <= sentence.start < chunk.end or chunk.start < sentence.end <= chunk.end:
            chunk = Chunk(doc.id, member.start, member.end, member.text)
        if phrasing.answer and phrasing.answer_slot is site and phrasing.answer in chunk.text:
            continue
        if phrasing.answer and phrasing.answer_slot is not site and phrasing.answer.lower() not in ("yes", "no") \
                and mentions_value(member.text, phrasing.answer):
            continue  # the sibling gives the same answer for another condition ("EMEA desk" serves both
            # regions): an answer read off the near miss is right by luck, so the case tests the citation alone
        replacement = member.slot_text
        if is_table_row(sentence.text) and is_table_row(member.text):
            replacement = _same_column(sentence.text, site, member.text) or replacement
        return Candidate(family, sentence, site, phrasing, true_chunk, chunk.text, "sibling",
                         replacement, sibling=member, sibling_chunk=chunk)
    return None


def _same_column(row: str, site, sibling_row: str) -> str | None:
    """The sibling row's value under the header of the site's cell when the site is that whole
    cell ("Storage: 10 GB" beside "Size: small; ...; Storage: 5 GB" -> "5 GB"): the value the near
    miss changes. The enumeration that paired the rows may have keyed them on another column
    ("CPU: 2 vCPU"), which is not what changed. None when the site is part of a longer cell, or
    the sibling has no such cell or an equal value there."""
    at = site.start - (len(row) - len(row.lstrip()))
    cell = next(((h, v) for h, v, off in row_cells(row.strip()) if off <= at < off + len(v) + 1), None)
    if cell is None or cell[1].rstrip(".").strip().lower() != site.text.strip().lower():
        return None
    value = next((v.rstrip(".").strip() for h, v, _ in row_cells(sibling_row.strip()) if h == cell[0]), None)
    if not value or value.strip().lower() == site.text.strip().lower():
        return None
    return value
