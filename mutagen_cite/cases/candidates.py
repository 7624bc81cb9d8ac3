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
from dataclasses import dataclass

from .families import Family, ValueSource
from ..model import Case, Chunk, ContextChunk, Document, EnumerationMember, Expect, Mutation, Sentence, Slot
from .questions import CONTRADICTING, DEFAULT_VERSION, VERIFYING, Phrasing, is_table_row, phrase


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
) -> list[Candidate]:
    """Every (site, distractor) candidate of one sentence across ``families``.

    ``chunker(doc, start, end) -> Chunk`` returns the chunk holding a span. From question
    version v2 on, a candidate is kept only when it *discriminates* (see :func:`unfair_reason`).
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
                found.append(Candidate(family, sentence, site, phrasing, true_chunk, distractor, mutation.origin,
                                       mutation.replacement, mutation=mutation))
            out.extend(c for c in found if question_version == "v1" or unfair_reason(c) is None)
    return out


def _mentions(text: str, value: str) -> bool:
    """``text`` names ``value`` as a whole word or number (the value model's one definition)."""
    from ..values.text import contains_phrase

    return contains_phrase(text, value)


#: share of an edited sentence's content words that another sentence of its chunk must hold to restate it
RESTATED = 0.6


def _restated(sentence: str, rest: str) -> bool:
    """Another sentence of ``rest`` holds most of ``sentence``'s content words: the chunk says it
    twice (a rule and its worked example, a heading and its paragraph). Negating or weakening one
    copy leaves the other asserting the original, so the result is no near miss."""
    from ..corpus import split_sentences
    from ..values.tables import STOPWORDS

    def content(t: str) -> set[str]:
        return {w for w in re.findall(r"[a-z0-9]+", t.lower()) if len(w) > 2 and w not in STOPWORDS}

    own = content(sentence)
    if len(own) < 3:
        return False
    for a, b in split_sentences(rest):
        other = content(rest[a:b])
        if len(own & other) >= RESTATED * len(own):
            return True
    return False


def _bound_kept(text: str, site: Slot, replacement: str) -> str | None:
    """A bounded value changed in the direction that still entails the claim: "at least 31
    days" still means at least 30, "within 20 days" still means within 30, "the first 11 weeks"
    still covers the first 4. A lower bound may only fall, an upper bound only rise."""
    from ..values import find_values

    bound = next((v for v in find_values(text) if v.start <= site.start and site.end <= v.end + 1), None)
    comparator = bound.comparator if bound is not None else "="
    if re.search(r"\bfirst\s+$", text[: site.start], re.I):
        comparator = ">="
    if comparator not in (">=", ">", "<=", "<"):
        return None
    new = find_values(replacement)
    old = find_values(text[site.start:site.end])
    if not new or not old or new[0].kind != old[0].kind:
        return None
    a, b = old[0].low, new[0].low
    if a in (float("inf"), float("-inf")) or b in (float("inf"), float("-inf")):
        a, b = old[0].high, new[0].high
    if comparator.startswith(">") and b >= a:
        return f"a lower bound raised ({text[site.start:site.end]!r} to {replacement!r}) still entails the claim"
    if comparator.startswith("<") and b <= a:
        return f"an upper bound lowered ({text[site.start:site.end]!r} to {replacement!r}) still entails the claim"
    return None


def unfair_reason(c: Candidate) -> str | None:
    """Why a candidate would not discriminate, or None when it does (seed 003, question c).

    - the question names the changed attribute: the true value is its condition, and the
      expected answer is a different span (checked when the question is phrased);
    - the distractor never states that condition, anywhere in its chunk, so it cannot answer
      the question (a copy of a chunk whose other sentence repeats the true value, or a sibling
      chunk that also mentions it, would let a reader answer from the near miss);
    - the true chunk answers the question once: a table whose other row holds the same
      condition value makes the question ambiguous;
    - the answer is not the changed value, and the near miss does not keep the true sentence.
    """
    family = c.family.name
    p = c.phrasing
    text = c.sentence.text
    if family in ("quantity", "date") and (text[: c.site.start].count("(") > text[: c.site.start].count(")")
                                           or re.match(r"\s*\(\s*[\d$€£]", text[c.site.end:])):
        # "one year (26 pay periods)": a value and its restatement; changing one leaves the other
        return "the value is restated in parentheses beside it"
    after, before = text[c.site.end:], text[: c.site.start]
    if family == "polarity" and re.search(r"\b(?:if|unless|whether|when|once|until)\b[^,;:]*$", before, re.I):
        return "the negation sits in a condition ('if you haven't ...'), not in the statement"
    if family == "polarity" and re.search(r"\b(?:that|which|who|whom|whose|where)\b[^,;:]*$", before, re.I):
        return "the polarity belongs to a relative clause ('steps that have succeeded'), not to the statement"
    if re.match(r"\s+or\s+(?:later|newer|higher|above|more|earlier|older|greater|fewer|less)\b|\+", after):
        return "the value is an open bound ('Node 18 or later'): another value can still satisfy it"
    if family == "entity" and re.match(r"\s*\(\s*[A-Z][A-Z0-9&.-]+\s*\)", after):
        return "the name is followed by its acronym, which the near miss would keep"
    if c.site.kind in ("geo", "region") and (re.match(r"\s*,\s*[A-Z]", after) or re.search(r"[A-Za-z)]\s*,\s*$", before)
                                             and re.search(r"\b[A-Z][\w.]*\s*,\s*$", before)):
        return "the place is part of a compound place name ('Chicago, Illinois')"
    if family == "date" and c.mutation is not None:
        from .families.date import reverses_chronology

        at = c.sentence.start - c.true_chunk.start + c.site.start
        if reverses_chronology(c.true_chunk.text, at, at + len(c.site.text), c.site.text, c.replacement):
            return "the new date reverses the order of the dates around it (a previous event after the latest)"
    if family == "quantity" and c.mutation is not None:
        why = _bound_kept(text, c.site, c.replacement)
        if why:
            return why
    if c.mutation is not None:
        off = c.sentence.start - c.true_chunk.start
        rest = c.true_chunk.text[:off] + " " + c.true_chunk.text[off + len(text):]
        if _mentions(rest, c.replacement):
            return f"the replacement {c.replacement!r} already keys another row or sentence of the chunk"
        if family in ("polarity", "modality", "aggregation") and _restated(text, rest):
            return "another sentence of the chunk restates the edited one, so the edit leaves the claim standing"
    if family in CONTRADICTING and family != "polarity":
        condition = c.site.text
        if _mentions(c.distractor_text, condition):
            return f"the near miss still states the condition {condition!r}"
        if p.answer_slot is not None and p.answer_slot is c.site:
            return "the question asks for the changed value"
        if is_table_row(c.sentence.text):
            off = c.sentence.start - c.true_chunk.start
            rest = c.true_chunk.text[:off] + c.true_chunk.text[off + len(c.sentence.text):]
            if _mentions(rest, condition):
                return f"another row of the true chunk also holds {condition!r}: the question is ambiguous"
    if family in CONTRADICTING and p.answer.strip().lower() == c.site.text.strip().lower():
        return "the expected answer is the changed value"
    if family in VERIFYING and p.answer != "yes":
        return "a verification question must expect yes"
    if c.sentence.text in c.distractor_text:
        return "the near miss still contains the true sentence"
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
        chunk = chunker(doc, member.start, member.end)
        if chunk.start <= sentence.start < chunk.end or chunk.start < sentence.end <= chunk.end:
            chunk = Chunk(doc.id, member.start, member.end, member.text)
        if phrasing.answer and phrasing.answer_slot is site and phrasing.answer in chunk.text:
            continue
        return Candidate(family, sentence, site, phrasing, true_chunk, chunk.text, "sibling",
                         member.slot_text, sibling=member, sibling_chunk=chunk)
    return None


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
        dis_prov = {"role": "distractor", "doc": sc.doc_id, "start": sc.start, "end": sc.end, "synthetic": False}
    else:
        dis_prov = {"role": "distractor", "doc": tc.doc_id, "start": tc.start, "end": tc.end, "synthetic": True}
    mutation = {
        "family": candidate.family.name,
        "family_version": candidate.family.version,
        "kind": candidate.site.kind,
        "slot_start": candidate.site.start,
        "slot_end": candidate.site.end,
        "original": candidate.site.text,
        "replacement": candidate.replacement,
        "origin": candidate.origin,
    }
    if candidate.sibling is not None:
        mutation["sibling"] = {"doc": candidate.sibling.doc_id, "start": candidate.sibling.start,
                               "end": candidate.sibling.end}
    provenance = {
        "doc": s.doc_id,
        "doc_sha256": doc.sha256,
        "start": s.start,
        "end": s.end,
        "sentence": s.text,
        "page": doc.page_at(s.start),
        "chunks": {
            ids["true"]: {"role": "true", "doc": tc.doc_id, "start": tc.start, "end": tc.end},
            ids["distractor"]: dis_prov,
        },
        "mutation": mutation,
    }
    if provenance["page"] is None:
        del provenance["page"]
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
    absent_prov = dict(provenance)
    absent_prov["chunks"] = {ids["distractor"]: dis_prov}
    absent = Case(
        id=f"{base}-true-absent",
        variant="true-absent",
        context=(dis_ctx,),
        expect=Expect(behaviour="decline"),
        **(common | {"provenance": absent_prov}),
    )
    return both, absent
