"""The candidate record: one true sentence, the site a family edits in it, and its near miss.

A candidate pairs the true chunk (the corpus chunk holding the sentence) with a distractor
chunk: either the true chunk with exactly one span replaced (``origin: mined`` when the
replacement is a real corpus value, ``synthetic`` otherwise), or a real sibling sentence of the
same enumeration used as-is (``sibling``). Its ids are stable: derived from the document path,
a hash of the evidence and the family, never from order.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from ..model import Chunk, EnumerationMember, Mutation, Sentence, Slot
from .changes import shared_ends
from .families import Family
from .questions import Phrasing


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
            pre, suf = shared_ends(old, new)
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
