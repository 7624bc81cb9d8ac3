"""Bring a suite up to date with its documents without rebuilding it: `build --update`, `--check`.

The suite header is the baseline: its manifest (document id -> sha256 of the raw bytes), seed,
families and chunk settings. Each near miss (its both-present and true-absent cases, a *pair*)
is assessed from its provenance against the current corpus, without parsing anything:

    same    every document it reads is byte-identical, or its pinned texts (true sentence, true
            chunk, distractor source) still read the same at the same offsets, and a mined
            replacement value still occurs somewhere in the corpus  -> kept, byte for byte
    moved   its texts all still read the same, but elsewhere: a document was renamed (same
            bytes under a new path) or text was inserted or removed before them
                                              -> the same test, provenance re-pointed, `changed`
    edited  a text it pins was edited (the true sentence, the text around it in the true
            chunk, a sibling distractor) or its mined value left the corpus
                                              -> the same test found on the new text and
                                                 rebuilt under the old ids (`changed`), else retired
    gone    a document it reads was deleted   -> retired

Freed slots are refilled with new cases (``status: new``) of the same family, preferring the
edited and added documents, so the suite keeps its size and family balance. Only the changed
documents are parsed again (the parse cache), and candidates are generated only for the
sentences being rematched and, when slots were freed, for as few documents as the refill needs.

Kept cases carry no ``status`` (a status describes the last update only), and keep their
``provenance.doc_sha256``: it names the version of the document their texts were read from.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterable, Sequence

from ..errors import CorpusError, ConfigError, MutagenError, SuiteError
from .candidate import stable_rank
from .candidates import candidates_for_sentence
from .fairness.reading import _claim_values, _mentions
from .families import ValueSource
from .variants import build_cases
from ..model import (FAMILIES, Case, ChunkOrigin, ContextChunk, Document, MutationRecord, Provenance, Suite,
                     SuiteHeader)
from ..analysis.parse_cache import DEFAULT_CACHE

__all__ = [
    "Assessment",
    "CheckResult",
    "DocChanges",
    "PairState",
    "UpdateResult",
    "assess",
    "check_file",
    "check_suite",
    "require_manifest",
    "update_file",
    "update_suite",
]

NO_MANIFEST_HINT = "rebuild it with `mutagen-cite build CORPUS_DIR -o SUITE` first; later changes can then be applied with --update"
MIN_SENTENCE_RATIO = 80.0  # rapidfuzz ratio: an edited true sentence is "the same sentence" at or above this
MAX_SENTENCES = 3  # most similar sentences tried when rematching one near miss
MAX_TRIES = 6  # candidates label-checked per rematch before giving up
REFILL_BATCH = 4  # documents whose candidates are generated at a time while refilling

_VARIANT_SUFFIXES = ("-both-present", "-true-absent")


# --------------------------------------------------------------------------- assessment


@dataclass(frozen=True)
class DocChanges:
    """How the corpus differs from the suite's manifest."""

    edited: tuple[str, ...] = ()
    added: tuple[str, ...] = ()
    deleted: tuple[str, ...] = ()
    renamed: dict = field(default_factory=dict)  # old id -> new id (same sha256)

    @property
    def any(self) -> bool:
        return bool(self.edited or self.added or self.deleted or self.renamed)

    def describe(self) -> str:
        parts = []
        for label, items in (("edited", self.edited), ("deleted", self.deleted), ("added", self.added)):
            if items:
                parts.append(f"{len(items)} {label} ({_listing(items)})")
        if self.renamed:
            parts.append(f"{len(self.renamed)} renamed ({_listing([f'{a} -> {b}' for a, b in self.renamed.items()])})")
        return ", ".join(parts) if parts else "no document changed"


@dataclass(frozen=True)
class PairState:
    """One near miss (its variants share ``base``) and what the corpus change means for it."""

    base: str
    family: str
    ids: tuple[str, ...]
    state: str  # same | moved | edited | gone | unverifiable
    reason: str = ""
    doc: str | None = None  # the document holding its true sentence now (after a rename)
    relocated: tuple = field(default=(), compare=False, repr=False)  # moved: the re-pointed cases

    @property
    def stale(self) -> bool:
        return self.state in ("moved", "edited", "gone")


@dataclass(frozen=True)
class Assessment:
    pairs: tuple[PairState, ...]
    docs: DocChanges

    def stale(self) -> list[PairState]:
        return [p for p in self.pairs if p.stale]

    def stale_cases(self) -> list[tuple[str, str]]:
        """(case id, reason) for every stale case, in suite order."""
        return [(cid, p.reason) for p in self.stale() for cid in p.ids]


def require_manifest(suite: Suite, where: str = "suite") -> SuiteHeader:
    """The suite's header, or a :class:`SuiteError` when it cannot serve as a baseline."""
    header = suite.header
    if header is None or not header.manifest:
        what = "no header" if header is None else "an empty manifest"
        raise SuiteError(f"this suite has no manifest ({what}): it was written by hand or by an older version, "
                         "so there is nothing to compare the corpus with", where=where, hint=NO_MANIFEST_HINT)
    return header


def _base_of(case_id: str) -> str:
    for suffix in _VARIANT_SUFFIXES:
        if case_id.endswith(suffix):
            return case_id[: -len(suffix)]
    return case_id


def _pairs(cases: Sequence[Case]) -> list[list[Case]]:
    """Cases grouped by near miss (both-present first), in order of first appearance."""
    groups: dict[tuple[str, str], list[Case]] = {}
    for case in cases:
        groups.setdefault((_base_of(case.id), case.family), []).append(case)
    return [sorted(g, key=lambda c: c.variant) for g in groups.values()]


def _norm(text: str) -> str:
    return " ".join(str(text).split()).casefold()


def _listing(items: Sequence[str], n: int = 3) -> str:
    items = list(items)
    return ", ".join(items[:n]) + (f" and {len(items) - n} more" if len(items) > n else "")


class _CorpusView:
    """The current corpus seen from the suite's manifest: renames resolved, values indexed."""

    def __init__(self, corpus, manifest: dict[str, str]):
        self.docs: dict[str, Document] = {d.id: d for d in corpus.documents}
        self.manifest = manifest
        current = corpus.manifest()
        gone = sorted(d for d in manifest if d not in current)
        fresh = sorted(d for d in current if d not in manifest)
        by_sha: dict[str, list[str]] = defaultdict(list)
        for d in fresh:
            by_sha[current[d]].append(d)
        renamed: dict[str, str] = {}
        for old in gone:
            targets = [d for d in by_sha.get(manifest[old], []) if d not in renamed.values()]
            if targets:
                renamed[old] = targets[0]
        self.changes = DocChanges(
            edited=tuple(sorted(d for d in manifest if d in current and current[d] != manifest[d])),
            added=tuple(d for d in fresh if d not in renamed.values()),
            deleted=tuple(d for d in gone if d not in renamed),
            renamed=renamed,
        )
        self._text: str | None = None
        self._words: set[str] = set()
        self._rule_values: dict[str, set[tuple[str, str]]] = {}  # doc id -> rule-tagged (kind, value)

    def resolve(self, doc_id: str | None) -> str | None:
        if doc_id is None:
            return None
        if doc_id in self.docs:
            return doc_id
        return self.changes.renamed.get(doc_id)

    def unchanged(self, doc_id: str, pinned: str | None) -> bool:
        doc = self.docs.get(doc_id)
        return doc is not None and pinned is not None and doc.sha256 == pinned

    def has_value(self, surface: str) -> bool:
        """Whether a mined replacement may still come from the corpus: it occurs literally, or
        every word of it still occurs (families re-form mined values: "mid June" from "June
        2022" next to "mid September"), or a document holds the same normalised value (a date
        mined as "14 February 2025" and written "2025-02-14"). Deliberately lenient: keeping a
        case whose value left the corpus costs little; regenerating a sound one costs churn."""
        if self._text is None:
            self._text = "\n".join(_norm(d.text) for d in self.docs.values())
            self._words = set(re.findall(r"\w+", self._text))
        needle = _norm(surface)
        if needle in self._text and re.search(rf"(?<!\w){re.escape(needle)}(?!\w)", self._text):
            return True
        if all(w in self._words for w in re.findall(r"\w+", needle)):
            return True
        from ..analysis.patterns import RulePatterns

        rules = RulePatterns()
        wanted = {(s.kind, s.value) for s in rules.find(surface)}
        if not wanted:
            return False
        digits = [g.lstrip("0") or "0" for g in re.findall(r"\d+", surface)]
        for doc in self.docs.values():  # only documents holding the value's numbers can hold the value
            if all(g in doc.text for g in digits):
                if doc.id not in self._rule_values:
                    self._rule_values[doc.id] = {(s.kind, s.value) for s in rules.find(doc.text)}
                if wanted & self._rule_values[doc.id]:
                    return True
        return False


def _span(doc: Document, start: int | None, end: int | None) -> str | None:
    if start is None or end is None or not (0 <= start <= end <= len(doc.text)):
        return None
    return doc.text[start:end]


def _referenced_docs(prov: Provenance) -> list[str]:
    docs = [prov.doc]
    docs.extend(entry.doc for entry in prov.chunks.values() if entry.doc is not None)
    sibling = prov.mutation.sibling if prov.mutation is not None else None
    if sibling is not None and sibling.doc is not None:
        docs.append(sibling.doc)
    return list(dict.fromkeys(d for d in docs if d is not None))


def _texts_problem(case: Case, view: _CorpusView) -> str | None:
    """Why the case's pinned texts no longer read the same from the corpus, or None."""
    prov = case.provenance or Provenance()
    doc = view.docs[view.resolve(prov.doc)]  # type: ignore[index]
    sentence = prov.sentence
    if sentence is not None:
        found = _span(doc, prov.start, prov.end)
        if found != sentence:
            if sentence and sentence in doc.text:
                return f"text before the true sentence changed in {doc.id} (offsets moved)"
            return f"true sentence edited in {doc.id}"
    for cid, entry in sorted(prov.chunks.items()):
        text = case.chunk_text(cid)
        if text is None:
            continue
        edoc = view.docs[view.resolve(prov.chunk_doc(entry))]  # type: ignore[index]
        window = _span(edoc, entry.start, entry.end)
        role = entry.role or "context"
        what = "text around the true sentence" if role == "true" else f"{role} chunk text"
        if window is None:
            return f"{what} changed in {edoc.id} (offsets out of range)"
        if entry.synthetic is True:
            if not _synthetic_matches(window, text, prov, entry):
                return f"text around the true sentence changed in {edoc.id}"
        elif window != text:
            source = "distractor source (sibling sentence)" if role == "distractor" else what
            return f"{source} changed in {edoc.id}"
    return None


def _synthetic_matches(window: str, text: str, prov: Provenance, entry: ChunkOrigin) -> bool:
    """A synthetic distractor is its source window with the true sentence swapped for the
    mutated one: everything around the sentence must still read the same."""
    start, end, wstart = prov.start, prov.end, entry.start
    if start is None or end is None or wstart is None:
        return window == text
    off, tail = start - wstart, len(window) - (end - wstart)
    if off < 0 or tail < 0 or off + tail > len(text):
        return False
    return window[:off] == text[:off] and window[len(window) - tail:] == text[len(text) - tail:]


def _assess_pair(cases: list[Case], view: _CorpusView) -> PairState:
    lead = cases[0]
    ids = tuple(c.id for c in cases)
    base = _base_of(lead.id)
    prov = lead.provenance
    if prov is None or prov.doc is None:
        return PairState(base, lead.family, ids, "unverifiable", "no provenance: cannot tell where it came from")
    referenced = list(dict.fromkeys(d for c in cases if c.provenance for d in _referenced_docs(c.provenance)))
    for doc_id in referenced:
        if view.resolve(doc_id) is None:
            return PairState(base, lead.family, ids, "gone", f"evidence removed: {doc_id} deleted")
    moves = {d: view.resolve(d) for d in referenced if view.resolve(d) != d}
    home = view.resolve(prov.doc)

    def pinned(doc_id: str) -> str | None:
        if doc_id == prov.doc and prov.doc_sha256:
            return prov.doc_sha256
        return view.manifest.get(doc_id)

    where: list[str] = [f"moved from {_moves_text(moves)}"] if moves else []
    relocated: tuple[Case, ...] = ()
    if moves or not all(view.unchanged(d, pinned(d)) for d in referenced):
        problem = next((p for p in (_texts_problem(c, view) for c in cases if c.provenance) if p), None)
        if problem is not None:
            relocated = _relocate(cases, view) or ()
            if not relocated:
                if "offsets moved" in problem:  # the sentence survives elsewhere, but not its context
                    problem = (f"text around the true sentence changed in {home} "
                               "(the sentence itself is unchanged, its offsets moved)")
                return PairState(base, lead.family, ids, "edited", "; ".join([*where, problem]), home)
            where.append(f"offsets moved: text before it changed in {home}")
        elif moves:
            relocated = _relocate(cases, view) or ()
            if not relocated:  # the texts read the same at the old offsets, so this cannot happen
                return PairState(base, lead.family, ids, "edited", where[0], home)
    value = prov.mutation.replacement if prov.mutation is not None else None
    if (prov.mutation is not None and prov.mutation.origin == "mined" and value is not None and view.changes.any
            and not view.has_value(value)):
        why = f"mined value {value!r} no longer occurs in the corpus"
        return PairState(base, lead.family, ids, "edited", "; ".join([*where, why]), home)
    if relocated:
        return PairState(base, lead.family, ids, "moved", "; ".join(where), home, relocated)
    return PairState(base, lead.family, ids, "same", "", home)


def _occurrences(text: str, needle: str, near: int, limit: int = 8) -> list[int]:
    """Start offsets of ``needle`` in ``text``, nearest to ``near`` first."""
    found, at = [], text.find(needle)
    while at >= 0 and len(found) < 200:
        found.append(at)
        at = text.find(needle, at + 1)
    return sorted(found, key=lambda x: (abs(x - near), x))[:limit]


def _relocate(cases: list[Case], view: _CorpusView) -> tuple[Case, ...] | None:
    """The pair re-pointed at where its unchanged texts are now (a renamed document, or text
    inserted or removed before them), each case ``changed``; None when some text is not there
    verbatim any more."""
    prov = cases[0].provenance or Provenance()
    doc = view.docs[view.resolve(prov.doc)]  # type: ignore[index]
    sentence, start = prov.sentence, prov.start
    if not sentence or start is None:
        return None
    for at in _occurrences(doc.text, sentence, start):
        moved = [_shifted(c, view, at - start) for c in cases]
        if all(m is not None for m in moved):
            return tuple(moved)  # type: ignore[arg-type]
    return None


def _shifted(case: Case, view: _CorpusView, delta: int) -> Case | None:
    """``case`` with every offset moved (the true sentence and its chunk by ``delta``, a real
    distractor chunk to where its text is now), or None when a text no longer reads the same."""
    old = case.provenance or Provenance()
    home = view.resolve(old.doc)
    doc = view.docs[home]  # type: ignore[index]
    if old.start is None or old.end is None:
        return None
    prov = replace(old, doc=home, doc_sha256=doc.sha256, start=old.start + delta, end=old.end + delta)
    if _span(doc, prov.start, prov.end) != prov.sentence:
        return None
    if prov.page is not None:
        prov = replace(prov, page=doc.page_at(prov.start))
    chunks: dict[str, ChunkOrigin] = {}
    other_delta = delta
    for cid, entry in prov.chunks.items():
        if entry.start is None or entry.end is None:
            chunks[cid] = entry
            continue
        edoc_id = view.resolve(old.chunk_doc(entry))
        edoc = view.docs[edoc_id]  # type: ignore[index]
        text = case.chunk_text(cid)
        if entry.synthetic is True or text is None:
            new = replace(entry, doc=edoc_id, start=entry.start + delta, end=entry.end + delta)
            window = _span(edoc, new.start, new.end)
            if window is None or (text is not None and not _synthetic_matches(window, text, prov, new)):
                return None
        else:
            near = entry.start + (delta if edoc_id == home else 0)
            spots = _occurrences(edoc.text, text, near, limit=1)
            if not spots:
                return None
            new = replace(entry, doc=edoc_id, start=spots[0], end=spots[0] + len(text))
            if entry.role == "distractor":
                other_delta = spots[0] - entry.start
        chunks[cid] = new
    prov = replace(prov, chunks=chunks)
    mutation = prov.mutation
    sib = mutation.sibling if mutation is not None else None
    if mutation is not None and sib is not None and sib.start is not None and sib.end is not None:
        sib = replace(sib, doc=view.resolve(sib.doc or home), start=sib.start + other_delta,
                      end=sib.end + other_delta)
        prov = replace(prov, mutation=replace(mutation, sibling=sib))
    return replace(case, provenance=prov, status="changed")


def _moves_text(moves: dict[str, str]) -> str:
    return ", ".join(f"{a} to {b}" for a, b in sorted(moves.items()))


def assess(suite: Suite, corpus) -> Assessment:
    """What the corpus change means for every near miss of ``suite`` (no parsing, no models)."""
    header = require_manifest(suite)
    view = _CorpusView(corpus, header.manifest)
    return Assessment(tuple(_assess_pair(g, view) for g in _pairs(suite.cases)), view.changes)


# --------------------------------------------------------------------------- check


@dataclass(frozen=True)
class CheckResult:
    path: str
    corpus_dir: str
    n_cases: int
    assessment: Assessment

    @property
    def fresh(self) -> bool:
        return not self.assessment.stale()

    def format(self) -> str:
        a = self.assessment
        unverified = sum(len(p.ids) for p in a.pairs if p.state == "unverifiable")
        lines = []
        stale = a.stale_cases()
        if not stale:
            lines.append(f"{self.path} is up to date with {self.corpus_dir} ({self.n_cases} cases checked)")
        else:
            lines.append(f"{self.path} is stale: {len(stale)} of {self.n_cases} cases no longer match {self.corpus_dir}")
            width = max(len(cid) for cid, _ in stale)
            for cid, reason in stale:
                lines.append(f"  {cid:<{width}}  {reason}")
        if a.docs.any:
            lines.append(f"documents since the suite was built: {a.docs.describe()}")
            if not stale:
                lines.append("  no case reads them; `build --update` would only refresh the manifest")
        if unverified:
            lines.append(f"{unverified} case(s) have no provenance and were not checked")
        if stale:
            lines.append(f"update it with: mutagen-cite build {self.corpus_dir} --update {self.path}")
        return "\n".join(lines)


def check_suite(suite: Suite, corpus_dir, *, where: str = "suite", on_warning=None,
                max_bytes: int | None = None) -> CheckResult:
    """Whether ``suite`` still matches the documents in ``corpus_dir``; writes nothing."""
    require_manifest(suite, where)
    corpus = _load(corpus_dir, on_warning, max_bytes)
    return CheckResult(where, str(corpus_dir), len(suite.cases), assess(suite, corpus))


def check_file(path, corpus_dir, *, on_warning=None, max_bytes: int | None = None) -> CheckResult:
    from .suite_format import load_suite

    return check_suite(load_suite(path), corpus_dir, where=str(path), on_warning=on_warning, max_bytes=max_bytes)


def _load(corpus_dir, on_warning, max_bytes: int | None):
    from ..corpus import load_corpus

    extra = {} if max_bytes is None else {"max_bytes": max_bytes}
    return load_corpus(Path(corpus_dir), on_warning=on_warning, **extra)


# --------------------------------------------------------------------------- update


@dataclass(frozen=True)
class UpdateResult:
    old: Suite
    suite: Suite
    assessment: Assessment
    reasons: dict  # case id -> why it changed or was retired
    shortfall: dict  # family -> cases that could not be refilled
    notes: tuple[str, ...] = ()
    parsed: int = 0  # documents parsed again (0 when no parsing was needed)

    def summary(self, *, details: bool = False) -> str:
        from .diff import diff_suites, format_text

        text = format_text(diff_suites(self.old, self.suite, reasons=self.reasons), details=details)
        extra = []
        if self.suite.header is not None and self.old.header is not None \
                and self.suite.header.families != self.old.header.families:
            extra.append("kept cases keep the family version they were made with; new and changed ones use "
                         "the current one")
        if self.parsed:
            extra.append(f"{self.parsed} document(s) parsed again, the rest read from the parse cache")
        if self.shortfall:
            extra.append("could not refill: " + ", ".join(f"{f} -{n}" for f, n in self.shortfall.items())
                         + " (no clean near misses left in those families; other families took the slots)")
        extra.extend(self.notes)
        return text.rstrip("\n") + "\n" + "\n".join(extra) + "\n"


class _PinnedValues(ValueSource):
    """The corpus values, but when the value a case used is still among them, only that one:
    a rematched case keeps its near-miss value instead of drawing a new one."""

    def __init__(self, base: ValueSource, pin: str):
        super().__init__(base.vocabulary, base.mine_result, base.house_names())
        self.pin = _norm(pin)

    def mined(self, sentence, slot):
        found = super().mined(sentence, slot)
        kept = tuple(v for v in found if _norm(v) == self.pin)
        return kept or found


def _judge_for(header: SuiteHeader, judge, annotator):
    """The judge the suite was label-checked with (its name is in the header settings); a judge
    that tags slots reuses the build's annotator (its spaCy pipeline and the corpus's tiers, so
    "Enterprise" and "Business" are told apart as at build time)."""
    if judge is not None:
        return judge
    from ..judges import default_judge_spec, make_judge

    name = str(header.settings.get("judge") or default_judge_spec())
    m = re.fullmatch(r"ensemble\((.+)\)", name)
    spec = f"ensemble:{m.group(1)}" if m else name
    try:
        from ..judges.slots import header_product_names

        return make_judge(spec, annotator=annotator, product_names=header_product_names(header))
    except MutagenError as exc:
        raise ConfigError(f"cannot rebuild the judge {name!r} this suite was label-checked with: {exc.message}",
                          hint="pass --judge SPEC (e.g. --judge slots)") from None


def _context(header: SuiteHeader, analysis, judge, templates_dir, cache_dir=None):
    from .build import DEFAULT_CHUNK_CHARS, make_context, with_entailment

    settings = header.settings
    families = settings.get("families") or list(header.families) or None
    ctx = make_context(
        analysis,
        seed=header.seed,
        families=families,
        judge=_judge_for(header, judge, analysis.annotator),
        templates_dir=templates_dir,
        chunk_chars=int(settings.get("chunk_max_chars", DEFAULT_CHUNK_CHARS)),
        chunk_overlap=int(settings.get("chunk_overlap", 0)),
        # suites built before question versions were recorded used v1 questions
        question_version=str(settings.get("questions", "v1")),
    )
    # refills pass the same entailed-elsewhere check as the build's candidates
    return with_entailment(ctx, embedding_model=settings.get("embedding_model"), cache_dir=cache_dir)


def _faker_note(header: SuiteHeader) -> list[str]:
    """A note when the installed Faker is not the one the suite was built with: Faker's name
    lists feed synthetic near-miss values, so regenerated cases may draw other names."""
    from .build import faker_version

    old, now = header.settings.get("faker"), faker_version()
    if old is None or old == now:
        return []
    return [f"Faker differs from the build ({old} -> {now}): kept cases are unaffected; regenerated and new "
            f"cases may draw other synthetic names and dates (install faker=={old} to regenerate as built)"]


def header_tiers(header: SuiteHeader) -> tuple[str, ...]:
    """Tier names the suite was tagged with (kept so unchanged documents hit the parse cache)."""
    m = re.search(r"\btiers=([^|]*)", str(header.settings.get("annotator", "")))
    return tuple(t for t in m.group(1).split(",") if t) if m else ()


def _sentence_key(case: Case, resolve: Callable[[str], str | None]) -> str | None:
    prov = case.provenance or Provenance()
    doc = resolve(prov.doc) if prov.doc is not None else None
    if doc is None or prov.start is None or prov.end is None:
        return None
    return f"{doc}#{prov.start}-{prov.end}"


def _with_old_chunk_ids(new: Case, old: Case) -> Case:
    """``new`` with the opaque chunk ids and context order of ``old``, matched by role, so a
    reviewer's diff shows what the text did, not renumbered ids."""
    old_roles = {cid: e.role for cid, e in old.provenance.chunks.items()} if old.provenance else {}
    role_to_old = {role: cid for cid, role in old_roles.items()}
    new_chunks = new.provenance.chunks if new.provenance else {}
    rename = {cid: role_to_old[e.role] for cid, e in new_chunks.items() if e.role in role_to_old}
    if len(rename) != len(new_chunks) or len(set(rename.values())) != len(rename):
        return new
    order = [old_roles.get(c.chunk_id) for c in old.context]
    context = sorted((ContextChunk(rename[c.chunk_id], c.text) for c in new.context),
                     key=lambda c: order.index(old_roles[c.chunk_id]))
    expect = replace(new.expect,
                     cited_chunks_include=tuple(rename.get(c, c) for c in new.expect.cited_chunks_include),
                     cited_chunks_exclude=tuple(rename.get(c, c) for c in new.expect.cited_chunks_exclude))
    prov = replace(new.provenance or Provenance(), chunks={rename[cid]: e for cid, e in new_chunks.items()})
    return replace(new, context=tuple(context), expect=expect, provenance=prov)


def _rematch(cases: list[Case], doc: Document, ctx, used: set[str], gone_value: bool):
    """(candidate, labels) for the same test as ``cases`` on the document's new text: same
    family and slot kind, same original value or same replacement, a true sentence at least
    MIN_SENTENCE_RATIO similar to the old one, passing the label check. Else why not (text)."""
    from rapidfuzz import fuzz

    lead = cases[0]
    prov = lead.provenance or Provenance()
    mutation = prov.mutation or MutationRecord()
    family = {f.name: f for f in ctx.families}.get(lead.family)
    old_sentence = prov.sentence
    if family is None:
        return f"family {lead.family} is not among the suite's families any more"
    if old_sentence is None:
        return "its provenance names no true sentence"
    old_start = prov.start or 0
    scored = []
    for s in ctx.analysis.sentences.get(doc.id, []):
        if s.key in used:
            continue
        ratio = 100.0 if s.text == old_sentence else fuzz.ratio(s.text, old_sentence)
        if ratio >= MIN_SENTENCE_RATIO:
            scored.append((-ratio, abs(s.start - old_start), s.start, s))
    scored.sort(key=lambda t: t[:3])
    pin = mutation.replacement
    values = _PinnedValues(ctx.values, pin) if pin is not None and not gone_value else ctx.values
    original, replacement = _norm(mutation.original or ""), _norm(pin or "")
    options = []
    for neg_ratio, distance, _, sentence in scored[:MAX_SENTENCES]:
        for c in candidates_for_sentence(sentence, doc, [family], values, ctx.chunker, ctx.env, seed=ctx.seed,
                                         question_version=ctx.question_version):
            if c.site.kind != mutation.kind:
                continue
            same_original, same_replacement = _norm(c.site.text) == original, _norm(c.replacement) == replacement
            if gone_value and same_replacement:
                continue
            if not (same_original or same_replacement):
                continue
            if not same_context(old_sentence, mutation.slot_start, mutation.slot_end, c):
                continue  # a sibling sentence about another plan, region...: another fact, not this case
            slot_distance = abs(c.site.start - (mutation.slot_start or 0))
            key = (not (same_original and same_replacement), c.origin != mutation.origin, neg_ratio,
                   distance, slot_distance, c.base_id)
            options.append((key, c))
    options.sort(key=lambda t: t[0])
    for _, cand in options[:MAX_TRIES]:
        label = ctx.check([cand])[0]
        if label is not None:
            return cand, label
    if not scored:
        return "no similar sentence is left in the document"
    if not options:
        return "no near miss of the same kind can be made from the new text"
    return "no near miss of the same kind passes the label check"


def same_context(old_sentence: str, slot_start: int | None, slot_end: int | None, c) -> bool:
    """``c`` tests the same fact as the case pinned on ``old_sentence``: its sentence may be
    reworded, but the values that say what the statement is about stay. Every valued slot of
    the new sentence other than its site (the plan, region, date... :func:`_claim_values`) is
    named in the old sentence, and every value the old sentence states outside its changed
    slot is named in the new one. A similar sibling sentence ("Staging databases are backed
    up hourly." for "Production databases are backed up hourly.") fails: rebuilt under the
    old id it would re-point the case to a different fact."""
    from ..values import find_values

    if any(not _mentions(old_sentence, v) for v in _claim_values(c)):
        return False
    a = slot_start if slot_start is not None else 0
    b = slot_end if slot_end is not None else a
    outside = [v for v in find_values(old_sentence) if v.end <= a or v.start >= b]
    new = c.sentence.text
    kept = new[: c.site.start] + " " + new[c.site.end:]
    return all(_mentions(kept, v.text) for v in outside)


class _Pool:
    """Untried candidates of one family, generated a few documents at a time, in a fixed order."""

    def __init__(self, ctx, family_name: str, order: Sequence[str]):
        family = next(f for f in ctx.families if f.name == family_name)
        self.ctx = replace(ctx, families=(family,))
        self.family = family_name
        self.order = list(order)
        self.cursor = 0
        self.untried: list = []

    def grow(self, target: int, ok: Callable) -> list:
        from .build import generate_candidates

        self.untried = [c for c in self.untried if ok(c)]
        while len(self.untried) < target and self.cursor < len(self.order):
            batch = self.order[self.cursor:self.cursor + REFILL_BATCH]
            self.cursor += len(batch)
            found = generate_candidates(self.ctx, doc_ids=batch)[self.family]
            by_doc = defaultdict(list)
            for c in found:
                by_doc[c.sentence.doc_id].append(c)
            for doc_id in batch:  # keep the refill order (edited and added documents first)
                self.untried.extend(c for c in by_doc[doc_id] if ok(c))
        return list(self.untried)

    def consumed(self, seen: set[str]) -> None:
        self.untried = [c for c in self.untried if c.base_id not in seen]


class _Hardness:
    """``build --min-hardness`` as the suite header records it (``settings.min_hardness``), for
    refills: the same preference as at build time (``audit.hardness``), the embedder loaded once."""

    def __init__(self, functions: Sequence[str], cache_dir, embedding_model: str | None = None,
                 window: int | None = None, against: Sequence[str] | None = None):
        from ..audit.hardness import QUESTION_ONLY

        self.functions = list(functions)
        self.against = tuple(against or QUESTION_ONLY)  # a header without hardness_against: the question
        self.cache_dir = cache_dir
        self.embedding_model = embedding_model
        self.window = window  # the header's hardness_window: score this many candidates per slot
        self._embedder = None

    def preference(self, candidates: Sequence) -> Callable:
        from ..audit.hardness import hardness_preference, load_embedder_for
        from ..audit.similarity import parse_functions

        if "embedding" in parse_functions(self.functions) and self._embedder is None:
            self._embedder = load_embedder_for(self.embedding_model, self.cache_dir)
        return hardness_preference(candidates, self.functions, embedder=self._embedder, against=self.against)


def _refill(ctx, need: dict[str, int], have: Counter, used: set[str], taken: set[str], first: Sequence[str],
            report, hardness: _Hardness | None = None) -> tuple[list, dict[str, int]]:
    """``need[family]`` new cases per family as (candidate, labels, number of variants to keep)
    and the cases each family could not supply. Families that run out hand their slots to the
    families with the fewest cases, so the suite keeps its size. With ``hardness`` (the header's
    ``min_hardness``), hard candidates go first, as in ``build --min-hardness``: the pool then
    holds every document's candidates, not only the first few documents'."""
    from .build import select

    lead = [d for d in first if d in ctx.documents]
    rest = sorted((d for d in ctx.analysis.sentences if d not in set(lead)),
                  key=lambda d: stable_rank(ctx.seed, "refill", d))
    order = lead + rest
    pools: dict[str, _Pool] = {}
    chosen: list = []

    def ok(c) -> bool:
        return c.sentence.key not in used and c.base_id not in taken

    def take(family: str, n: int) -> int:
        if family not in {f.name for f in ctx.families}:
            return 0
        pool = pools.setdefault(family, _Pool(ctx, family, order))
        got = 0
        while got < n:
            # with a hardness preference every document's candidates compete, hard ones first,
            # as in `build --min-hardness` (a hard near miss may sit in the last document)
            # (a suite that records hardness_window scores only that many candidates per open slot)
            if hardness is None:
                target = max(8, 4 * (n - got))
            else:
                target = max(8, hardness.window * (n - got)) if hardness.window else math.inf
            fresh = pool.grow(target, ok)
            if not fresh:
                break
            prefer = hardness.preference(fresh) if hardness is not None else None
            seen: set[str] = set()

            def check(batch):
                seen.update(c.base_id for c in batch)
                return ctx.check(batch)

            picked = select({family: fresh}, n - got, seed=ctx.seed, check=check, report=report, prefer=prefer)
            pool.consumed(seen)
            for cand, label in picked:
                used.add(cand.sentence.key)
                taken.add(cand.base_id)
                chosen.append((cand, label, 2))
                got += 1
            if not picked and not seen:
                break
        return got

    missing: dict[str, int] = {}
    for family in sorted(need, key=_family_order):
        left = need[family]
        got = take(family, math.ceil(left / 2))
        for i in range(len(chosen) - got, len(chosen)):
            n = min(2, left)
            chosen[i] = (*chosen[i][:2], n)
            left -= n
        have[family] += need[family] - left
        if left > 0:
            missing[family] = left
    short = sum(missing.values())
    names = [f.name for f in ctx.families]
    while short > 0:
        for family in sorted(names, key=lambda f: (have[f], _family_order(f))):
            if take(family, 1):
                n = min(2, short)
                chosen[-1] = (*chosen[-1][:2], n)
                have[family] += n
                short -= n
                break
        else:
            break
    return chosen, missing


def _family_order(name: str) -> int:
    return FAMILIES.index(name) if name in FAMILIES else len(FAMILIES)


def update_suite(
    suite: Suite,
    corpus_dir,
    *,
    prune: bool = False,
    judge=None,
    nlp=None,
    spacy_model: str | None = None,
    tiers: Iterable[str] = (),
    threshold: float | None = None,
    cache_dir=DEFAULT_CACHE,
    templates_dir=None,
    progress: Callable[[str, int], Callable[[int], None]] | None = None,
    on_warning: Callable[[object], None] | None = None,
    max_bytes: int | None = None,
    where: str = "suite",
    allow_missing: bool = False,
    pool_factor: float | None = None,
) -> UpdateResult:
    """``suite`` brought up to date with ``corpus_dir`` (see the module docstring); writes nothing.

    The seed, families and chunk settings come from the suite header. ``nlp`` reuses a loaded
    spaCy pipeline; it (or ``spacy_model``) is only loaded when some document must be parsed.
    ``cache_dir=None`` parses every document again and writes no cache. When most documents of
    the manifest are missing from ``corpus_dir`` (the wrong folder, most likely), it refuses
    rather than retire most cases, unless ``allow_missing``.
    """
    header = require_manifest(suite, where)
    corpus = _load(corpus_dir, on_warning, max_bytes)
    view = _CorpusView(corpus, header.manifest)
    missing = view.changes.deleted
    if not allow_missing and len(header.manifest) >= 4 and len(missing) * 2 > len(header.manifest):
        raise CorpusError(
            f"{len(missing)} of the {len(header.manifest)} documents the suite was built from are not in "
            f"{corpus_dir} (e.g. {missing[0]}): updating would retire most cases",
            where=str(corpus_dir),
            hint="check that CORPUS_DIR is the folder the suite was built from, or pass --allow-missing "
                 "if those documents really were removed",
        )
    groups = _pairs(suite.cases)
    states = [_assess_pair(g, view) for g in groups]
    assessment = Assessment(tuple(states), view.changes)

    out: list[Case] = []
    reasons: dict[str, str] = {}
    retired: list[dict] = []
    rematch: list[tuple[list[Case], PairState]] = []
    for cases, state in zip(groups, states):
        if state.state in ("same", "unverifiable"):
            out.extend(c if c.status is None else replace(c, status=None) for c in cases)
        elif state.state == "moved":
            out.extend(state.relocated)
            reasons.update({c.id: state.reason for c in cases})
        elif state.state == "gone":
            retired.extend({"id": c.id, "reason": state.reason} for c in cases)
        else:
            rematch.append((cases, state))

    notes: list[str] = []
    parsed = 0
    need = Counter(c.family for c in suite.cases)
    need.subtract(Counter(c.family for c in out) + Counter(c.family for cases, _ in rematch for c in cases))
    header_out = replace(header, manifest=dict(sorted(corpus.manifest().items())))
    if rematch or +need:
        from .build import BuildReport, cases_from
        from ..analysis.mine import DEFAULT_THRESHOLD
        from ..analysis.pipeline import analyse
        from ..analysis.sublinear import DEFAULT_POOL_FACTOR, budget_for

        # sublinear, as `build`: edited and added documents first, then the build's seeded order
        # (documents the build parsed come from the cache; the rest are parsed only if needed)
        budget = budget_for(int(header.settings.get("cases", len(suite.cases))),
                            header.settings.get("families") or list(header.families) or None, header.seed,
                            pool_factor if pool_factor is not None
                            else float(header.settings.get("pool_factor", DEFAULT_POOL_FACTOR)),
                            first=sorted({*view.changes.edited, *view.changes.added, *(st.doc for _, st in rematch)}),
                            chunk_chars=int(header.settings.get("chunk_max_chars", 500)))
        analysis = analyse(
            corpus_dir, corpus=corpus, nlp=nlp, spacy_model=spacy_model, tiers=(*header_tiers(header), *tiers),
            threshold=DEFAULT_THRESHOLD if threshold is None else threshold,
            cache_dir=cache_dir, progress=progress, budget=budget,
        )
        parsed = analysis.parse_stats.parsed
        old_annotator = header.settings.get("annotator")
        if old_annotator and old_annotator != analysis.annotator.version:
            notes.append(f"slot tagging differs from the build ({old_annotator} -> {analysis.annotator.version}): "
                         "kept cases are unaffected; regenerated ones use the new tagging")
        notes.extend(_faker_note(header))
        ctx = _context(header, analysis, judge, templates_dir, cache_dir)
        docs = ctx.documents
        used = {k for k in (_sentence_key(c, view.resolve) for c in out) if k}
        taken = {_base_of(c.id) for c in suite.cases} | {_base_of(str(r.get("id"))) for r in suite.retired}
        tick = progress("rematching", len(rematch)) if progress and rematch else None
        for cases, state in sorted(rematch, key=lambda t: t[1].base):
            gone_value = state.reason.startswith("mined value")
            found = _rematch(cases, docs[state.doc], ctx, used, gone_value)
            if isinstance(found, str):
                why = f"evidence changed ({state.reason}): {found}"
                retired.extend({"id": c.id, "reason": why} for c in cases)
                need[cases[0].family] += len(cases)
            else:
                cand, label = found
                used.add(cand.sentence.key)
                built = {c.variant: c for c in build_cases(cand, docs[state.doc], seed=ctx.seed, labels=label)}
                for old in cases:
                    new = built.get(old.variant)
                    if new is None:
                        continue
                    out.append(replace(_with_old_chunk_ids(new, old), id=old.id, status="changed"))
                    reasons[old.id] = state.reason
            if tick:
                tick(1)
        shortfall: dict[str, int] = {}
        wanted = {f: n for f, n in need.items() if n > 0}
        if wanted:
            first = [*view.changes.edited, *view.changes.added]
            report = BuildReport()
            functions = header.settings.get("min_hardness")
            hardness = (_Hardness(functions, cache_dir, header.settings.get("embedding_model"),
                                  header.settings.get("hardness_window"), header.settings.get("hardness_against"))
                        if functions else None)
            chosen, shortfall = _refill(ctx, wanted, Counter(c.family for c in out), used, taken, first, report,
                                        hardness)
            # a refill's chunk ids never name another text of the suite (cases.variants.opaque_ids)
            suite_ids = {ch.chunk_id: ch.text for c in out for ch in c.context}
            for cand, label, n in chosen:
                out.extend(replace(c, status="new") for c in cases_from(ctx, [(cand, label)], suite_ids)[:n])
        n_setting = header.settings.get("cases", len(suite.cases))
        fresh_header = ctx.header(n_setting)
        header_out = replace(fresh_header, settings={**header.settings, **fresh_header.settings})
    else:
        shortfall = {}

    from .build import sort_cases

    live = {c.id for c in out}
    kept_retired = [] if prune else [r for r in suite.retired if r.get("id") not in live]
    new_retired = [] if prune else sorted(retired, key=lambda r: r["id"])
    for r in retired:
        reasons[r["id"]] = r["reason"]
    new_suite = Suite(header_out, tuple(sort_cases(out)), tuple(kept_retired + new_retired))
    return UpdateResult(suite, new_suite, assessment, reasons, shortfall, tuple(notes), parsed)


def update_file(path, corpus_dir, *, output=None, format: str | None = None, **options) -> UpdateResult:
    """Load the suite at ``path``, update it (:func:`update_suite`), write it atomically to
    ``output`` (default: back to ``path``). An interrupted update leaves the old file intact."""
    from .suite_format import load_suite, write_suite

    suite = load_suite(path)
    result = update_suite(suite, corpus_dir, where=str(path), **options)
    target = Path(output) if output is not None else Path(path)
    write_suite(target, result.suite, format=format)
    return result
