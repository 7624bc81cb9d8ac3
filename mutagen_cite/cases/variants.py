"""A kept candidate as its two pinned cases: *both-present* (cite the true chunk, never the
distractor) and *true-absent* (only the distractor: decline).

Case ids come from the candidate's stable base id and the variant. Context chunk ids are
opaque (``p-NNNN``) so a generator cannot tell the distractor by its id;
``provenance.chunks`` maps them back to the corpus. Within a suite one id names one text
(``suite_ids``): a harness that loads every case's context into one store, keyed by id, must
not find two passages under one id (four thousand-odd ids drawn for 60 chunks collide in about
one suite in five).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import replace

from ..model import Case, ChunkOrigin, ContextChunk, Document, Expect, MutationRecord, Provenance, SourceSpan
from .candidate import Candidate, stable_rank


def opaque_ids(base_id: str, roles: tuple[str, ...], texts: dict[str, str] | None = None,
               suite_ids: dict[str, str] | None = None) -> dict[str, str]:
    """``p-NNNN`` ids unique within a case, derived from the case and the role. With
    ``suite_ids`` (id -> text of the suite's cases so far) and ``texts`` (role -> chunk text),
    an id another case gives to another text is passed over, and the ids taken are added."""
    ids: dict[str, str] = {}
    used: set[str] = set()
    suite_ids = {} if suite_ids is None else suite_ids
    for role in roles:
        text = (texts or {}).get(role)
        n = int(hashlib.sha256(f"{base_id}\0{role}".encode()).hexdigest(), 16) % 9000 + 1000
        while f"p-{n}" in used or suite_ids.get(f"p-{n}", text) != text:
            n = n % 9999 + 1
        ids[role] = f"p-{n}"
        used.add(ids[role])
        if text is not None:
            suite_ids[ids[role]] = text
    return ids


def build_cases(candidate: Candidate, doc: Document, *, seed: int, labels: dict | None = None,
                suite_ids: dict[str, str] | None = None) -> tuple[Case, Case]:
    """The both-present and true-absent cases of one candidate (``suite_ids``: see
    :func:`opaque_ids`)."""
    base = candidate.base_id
    ids = opaque_ids(base, ("true", "distractor"),
                     {"true": candidate.true_chunk.text, "distractor": candidate.distractor_text}, suite_ids)
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
