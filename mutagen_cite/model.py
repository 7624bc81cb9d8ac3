"""Typed, frozen data passed between pipeline stages.

Every stage reads and writes these; nothing here does I/O or loads models.
Offsets are always character offsets into ``Document.text`` unless a field says otherwise.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Literal

FAMILIES: tuple[str, ...] = (
    "scope",
    "date",
    "quantity",
    "entity",
    "polarity",
    "aggregation",
    "modality",
)

Variant = Literal["both-present", "true-absent"]
VARIANTS: tuple[str, ...] = ("both-present", "true-absent")
Origin = Literal["mined", "synthetic", "sibling"]


# --------------------------------------------------------------------------- corpus


@dataclass(frozen=True)
class Page:
    """A page of a paged source (PDF): its 1-based number and character range in the text."""

    number: int
    start: int
    end: int


@dataclass(frozen=True)
class Document:
    """One loaded source file.

    ``id`` is the path relative to the corpus root, with forward slashes; it is stable across
    machines and is the prefix of every chunk id. ``text`` is the readable text after markup
    was stripped; ``sha256`` is the hash of the raw file bytes (what changed on disk).
    ``source_map``, when present, maps text offsets back to raw-file offsets: a sorted tuple of
    ``(text_offset, source_offset)`` anchors, each valid until the next one. ``title`` is what
    the page calls itself (front matter, first heading: ``corpus/titles.py``), "" when nothing
    names it.
    """

    id: str
    text: str
    sha256: str
    format: str
    pages: tuple[Page, ...] = ()
    source_map: tuple[tuple[int, int], ...] = ()
    title: str = ""

    def page_at(self, offset: int) -> int | None:
        """1-based page number holding ``offset``, or None for unpaged documents."""
        if not self.pages:
            return None
        starts = [p.start for p in self.pages]
        i = bisect_right(starts, offset) - 1
        if i < 0:
            return self.pages[0].number
        return self.pages[i].number

    def source_offset(self, offset: int) -> int | None:
        """Offset in the raw file that produced text offset ``offset``, when known."""
        if not self.source_map:
            return None
        keys = [a for a, _ in self.source_map]
        i = bisect_right(keys, offset) - 1
        if i < 0:
            return None
        text_at, source_at = self.source_map[i]
        return source_at + (offset - text_at)


@dataclass(frozen=True)
class Chunk:
    """A window of a document. Invariant: ``document.text[start:end] == text``."""

    doc_id: str
    start: int
    end: int
    text: str

    @property
    def id(self) -> str:
        return chunk_id(self.doc_id, self.start, self.end)


def chunk_id(doc_id: str, start: int, end: int) -> str:
    return f"{doc_id}#{start}-{end}"


def parse_chunk_id(cid: str) -> tuple[str, int, int] | None:
    """Inverse of :func:`chunk_id`; None when ``cid`` is not of that form."""
    doc, sep, span = cid.rpartition("#")
    if not sep or "-" not in span:
        return None
    a, _, b = span.partition("-")
    if not (a.isdigit() and b.isdigit()):
        return None
    return doc, int(a), int(b)


# --------------------------------------------------------------------------- annotation


@dataclass(frozen=True)
class Slot:
    """A typed attribute inside a sentence: the thing a mutation may change.

    ``start``/``end`` are offsets into the *sentence* text (``Sentence.text``).
    ``kind`` refines the family (scope: region, tier, segment, environment, product;
    date: date, year; quantity: duration, money, percent, size, count, number;
    entity: org, product, version, person, gpe; polarity: negation;
    aggregation: quantifier; modality: modal).
    ``value`` is the normalised value: ``"30 day"`` for "30 days", ``"2024-03-01"`` for
    "1 March 2024", ``"eu-central-1"``, ``"not"``, ``"all"``, ``"must"``.
    ``number`` and ``unit`` are filled for quantities (and years) when parseable.
    """

    family: str
    kind: str
    start: int
    end: int
    text: str
    value: str
    number: float | None = None
    unit: str | None = None


@dataclass(frozen=True)
class Sentence:
    """A sentence (or table row rendered as a sentence) of a document, with its slots.

    ``start``/``end`` are offsets into ``Document.text``; ``text == doc.text[start:end]``.
    """

    doc_id: str
    start: int
    end: int
    text: str
    slots: tuple[Slot, ...] = ()

    @property
    def key(self) -> str:
        return f"{self.doc_id}#{self.start}-{self.end}"

    def slots_of(self, family: str) -> tuple[Slot, ...]:
        return tuple(s for s in self.slots if s.family == family)


@dataclass(frozen=True)
class EnumerationMember:
    doc_id: str
    start: int
    end: int
    text: str
    value: str  # the value of the varying slot in this member
    slot_text: str  # the surface text of the varying slot


@dataclass(frozen=True)
class Enumeration:
    """Sibling sentences that are the same once their slots are masked.

    ``template`` is the masked text (slots replaced by ``{kind}``); ``kind``/``family`` name
    the slot that varies among members.
    """

    template: str
    family: str
    kind: str
    members: tuple[EnumerationMember, ...]

    @property
    def values(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for m in self.members:
            seen.setdefault(m.value, None)
        return tuple(seen)


@dataclass(frozen=True)
class Vocabulary:
    """Real alternative values per slot kind, mined from the corpus.

    ``surfaces[kind]`` is a sorted tuple of distinct surface strings seen for that kind
    (e.g. ``("Business", "Enterprise", "Pro")`` for tier). Mutators draw from it first.
    """

    surfaces: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def alternatives(self, kind: str, current: str) -> tuple[str, ...]:
        cur = current.strip().lower()
        return tuple(s for s in self.surfaces.get(kind, ()) if s.strip().lower() != cur)


# --------------------------------------------------------------------------- mutation


@dataclass(frozen=True)
class Mutation:
    """One attribute changed in one sentence, by splicing at the slot's offsets."""

    family: str
    family_version: str
    sentence: Sentence
    slot: Slot
    original: str
    replacement: str
    mutated_text: str  # the sentence text after the splice
    origin: str  # "mined" | "synthetic" | "sibling"


# --------------------------------------------------------------------------- cases


@dataclass(frozen=True)
class ContextChunk:
    chunk_id: str
    text: str


@dataclass(frozen=True)
class Expect:
    """What a generator must do. both-present: ``answer_contains`` (a wh-question's value) or
    ``answer`` ("yes" for a yes/no verification question), plus cited include/exclude.
    true-absent: behaviour == "decline" (or a faithful statement of what the near miss says)."""

    answer_contains: str | None = None
    cited_chunks_include: tuple[str, ...] = ()
    cited_chunks_exclude: tuple[str, ...] = ()
    behaviour: str | None = None
    answer: str | None = None  # "yes" for yes/no questions; matched by affirmative forms


@dataclass(frozen=True)
class ChunkOrigin:
    """Where one context chunk of a case came from (``provenance.chunks[chunk_id]``).

    ``role`` is ``"true"`` (the true passage), ``"distractor"`` (the near miss) or another
    word for plain context. ``doc`` is None when the chunk is from the provenance's own
    document. ``synthetic`` (distractors only) is True when the near miss was made by splicing
    the mutated sentence into the true chunk's window ``start:end``, False when it is a real
    sibling chunk read verbatim; None when not recorded.
    """

    role: str | None = None
    doc: str | None = None
    start: int | None = None
    end: int | None = None
    synthetic: bool | None = None

    def to_dict(self) -> dict:
        return _set_fields(self, ("role", "doc", "start", "end", "synthetic"))


@dataclass(frozen=True)
class SourceSpan:
    """A span of a corpus document: the sibling sentence a near miss was read from."""

    doc: str | None = None
    start: int | None = None
    end: int | None = None

    def to_dict(self) -> dict:
        return _set_fields(self, ("doc", "start", "end"))


@dataclass(frozen=True)
class MutationRecord:
    """The recorded edit behind a near miss (``provenance.mutation``): what a suite keeps of a
    :class:`Mutation` once the case is written. ``slot_start``/``slot_end`` are offsets into the
    true sentence; ``origin`` is mined | synthetic | sibling; ``sibling`` names the real
    sentence a sibling near miss was read from. Every field may be missing in hand-written suites."""

    family: str | None = None
    family_version: str | None = None
    kind: str | None = None
    slot_start: int | None = None
    slot_end: int | None = None
    original: str | None = None
    replacement: str | None = None
    origin: str | None = None
    sibling: SourceSpan | None = None

    def to_dict(self) -> dict:
        out = _set_fields(self, ("family", "family_version", "kind", "slot_start", "slot_end", "original",
                                 "replacement", "origin"))
        if self.sibling is not None:
            out["sibling"] = self.sibling.to_dict()
        return out


@dataclass(frozen=True)
class Provenance:
    """Where a case came from: the true sentence (``doc``, ``start``/``end`` into the document
    text, ``sentence``, ``page`` for paged sources), the document's ``doc_sha256`` when it was
    read, each context chunk's origin (``chunks``, by the case's opaque chunk id) and the
    ``mutation`` that made the near miss. Regenerate and validate read these fields; every one
    may be missing in a hand-written suite."""

    doc: str | None = None
    doc_sha256: str | None = None
    start: int | None = None
    end: int | None = None
    sentence: str | None = None
    page: int | None = None
    chunks: dict[str, ChunkOrigin] = field(default_factory=dict, hash=False, compare=True)
    mutation: MutationRecord | None = None

    def roles(self) -> dict[str, str]:
        """Chunk id -> role, for the chunks that record one."""
        return {cid: e.role for cid, e in self.chunks.items() if e.role}

    def chunk_doc(self, entry: ChunkOrigin) -> str | None:
        """The document ``entry`` was read from (its own, else the provenance's)."""
        return entry.doc if entry.doc is not None else self.doc

    def to_dict(self) -> dict:
        """Plain data (the suite file's mapping); fields that are not set are left out."""
        out = _set_fields(self, ("doc", "doc_sha256", "start", "end", "sentence", "page"))
        if self.chunks:
            out["chunks"] = {cid: e.to_dict() for cid, e in self.chunks.items()}
        if self.mutation is not None:
            out["mutation"] = self.mutation.to_dict()
        return out


def _set_fields(obj, names: tuple[str, ...]) -> dict:
    return {n: getattr(obj, n) for n in names if getattr(obj, n) is not None}


@dataclass(frozen=True)
class Case:
    id: str
    family: str
    variant: str
    question: str
    claim: str
    answer: str
    context: tuple[ContextChunk, ...]
    expect: Expect
    provenance: Provenance | None = None
    hardness: dict = field(default_factory=dict, hash=False, compare=True)
    labels: dict = field(default_factory=dict, hash=False, compare=True)
    status: str | None = None  # set by --update: kept | changed | new

    def context_ids(self) -> tuple[str, ...]:
        return tuple(c.chunk_id for c in self.context)

    def chunk_text(self, cid: str) -> str | None:
        for c in self.context:
            if c.chunk_id == cid:
                return c.text
        return None


@dataclass(frozen=True)
class SuiteHeader:
    tool_version: str
    seed: int
    families: dict  # name -> version
    manifest: dict  # doc id -> sha256
    settings: dict = field(default_factory=dict)  # chunking and selection settings


@dataclass(frozen=True)
class Suite:
    header: SuiteHeader | None
    cases: tuple[Case, ...]
    retired: tuple[dict, ...] = ()


# --------------------------------------------------------------------------- running


@dataclass(frozen=True)
class Citation:
    chunk_id: str
    quote: str | None = None
    start: int | None = None
    end: int | None = None


@dataclass(frozen=True)
class Claim:
    text: str
    citations: tuple[Citation, ...] = ()
    sentence_index: int = 0


@dataclass(frozen=True)
class Answer:
    """A generator's output for one case, parsed into claims."""

    case_id: str
    text: str = ""
    claims: tuple[Claim, ...] = ()
    declined: bool = False
    error: str | None = None


@dataclass(frozen=True)
class Verdict:
    """A judge's decision on one (premise, hypothesis) pair, with who made it and why."""

    supported: bool
    score: float
    judge: str
    reason: str = ""
