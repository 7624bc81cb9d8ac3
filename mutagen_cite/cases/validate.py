"""Checks that a loaded suite can test what it claims to test.

Loading (``suite_format``) guarantees the shape and the types (a typed ``Provenance``); this
module checks the meaning: every id a case asks for is in its context, the two variants are what their names say (the true-absent twin
really lacks the true passage), and, given the corpus, that the pinned texts still match the
documents they came from. Problems are returned, never raised, so a user sees all of them.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import asdict, dataclass
from typing import Iterator, Literal, Protocol

from ..errors import MutagenError
from ..model import Case, ChunkOrigin, Document, Provenance, Suite
from .changes import shared_ends

__all__ = [
    "Problem",
    "SUITE_LEVEL",
    "validate_suite",
    "count_problems",
    "format_problems",
    "problems_to_dict",
    "twin_id",
]

Severity = Literal["error", "warning"]
SUITE_LEVEL = "(suite)"  # case_id of problems that belong to the suite, not to one case


@dataclass(frozen=True)
class Problem:
    """One finding. ``field`` uses the suite file's names (``expect.cited_chunks_include``)."""

    case_id: str
    field: str
    message: str
    severity: Severity = "error"


class CorpusLike(Protocol):
    """What validation needs from :class:`mutagen_cite.corpus.Corpus`."""

    def by_id(self, doc_id: str) -> Document: ...

    def manifest(self) -> dict: ...


_SUFFIXES = ("-both-present", "-true-absent")


def twin_id(case_id: str) -> str | None:
    """The id of the other variant of the same case, or None when the id has no variant suffix."""
    for mine, other in (_SUFFIXES, _SUFFIXES[::-1]):
        if case_id.endswith(mine):
            return case_id[: -len(mine)] + other
    return None


def _short(text: str, n: int = 60) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= n else text[: n - 1] + "…")


def _squash(text: str) -> str:
    return " ".join(text.split())


# --------------------------------------------------------------------------- per case, no corpus


class _Case:
    """Collects the problems of one case."""

    def __init__(self, case: Case):
        self.case = case
        self.problems: list[Problem] = []

    def error(self, field: str, message: str) -> None:
        self.problems.append(Problem(self.case.id, field, message, "error"))

    def warning(self, field: str, message: str) -> None:
        self.problems.append(Problem(self.case.id, field, message, "warning"))

    def report(self, stale: bool, field: str, message: str) -> None:
        """An error, or a warning when the document changed since build (drift is expected)."""
        if stale:
            self.warning(field, message + " (the document changed since build)")
        else:
            self.error(field, message)


def _check_texts(c: _Case) -> None:
    case = c.case
    if not case.question.strip():
        c.error("question", "is empty: the generator needs a question")
    if not case.context:
        c.error("context", "is empty: a case pins the chunks the generator sees")
    first: dict[str, int] = {}
    for i, chunk in enumerate(case.context):
        if not chunk.text.strip():
            c.error(f"context[{i}].text", f"chunk {chunk.chunk_id} has no text")
        if chunk.chunk_id in first:
            c.error(f"context[{i}].chunk_id",
                    f"duplicate chunk id {chunk.chunk_id} (also context[{first[chunk.chunk_id]}])")
        else:
            first[chunk.chunk_id] = i


def _check_suite_ids(c: _Case, named: dict[str, tuple[str, str]]) -> None:
    """One chunk id names one text across the suite: a harness that indexes every case's context
    in one store would otherwise find two passages under one id (a warning: suites built before
    this was kept may have such ids, and each case is still right on its own)."""
    # the twins of one pair share their chunks (_check_twin's business): key by the pair
    pair = next((c.case.id[: -len(s)] for s in _SUFFIXES if c.case.id.endswith(s)), c.case.id)
    for i, chunk in enumerate(c.case.context):
        first = named.setdefault(chunk.chunk_id, (pair, chunk.text))
        if first[1] != chunk.text and first[0] != pair:
            c.warning(f"context[{i}].chunk_id",
                      f"chunk id {chunk.chunk_id} names another text in {first[0]} (both variants): a store "
                      "keyed by chunk id would mix them up (rebuild to give each text its own id)")


def _check_expect(c: _Case) -> None:
    case, e = c.case, c.case.expect
    ids = set(case.context_ids())
    for name, listed in (("cited_chunks_include", e.cited_chunks_include),
                         ("cited_chunks_exclude", e.cited_chunks_exclude)):
        seen: set[str] = set()
        for cid in listed:
            if cid not in ids:
                c.error(f"expect.{name}", f"chunk id {cid} is not in this case's context")
            if cid in seen:
                c.warning(f"expect.{name}", f"chunk id {cid} is listed twice")
            seen.add(cid)
    for cid in sorted(set(e.cited_chunks_include) & set(e.cited_chunks_exclude)):
        c.error("expect", f"chunk id {cid} is both in cited_chunks_include and cited_chunks_exclude")

    if case.variant == "both-present":
        if not (e.answer_contains or "").strip() and e.answer is None:
            c.error("expect.answer_contains",
                    "a both-present case needs the value the answer must contain (or expect.answer: yes)")
        if e.answer is not None and (e.answer_contains or "").strip():
            c.error("expect.answer", "give either answer_contains (a value) or answer (yes/no), not both")
        if not e.cited_chunks_include:
            c.error("expect.cited_chunks_include", "a both-present case needs at least one chunk that must be cited")
        if e.behaviour is not None:
            c.error("expect.behaviour", f"a both-present case expects citations, not behaviour {e.behaviour!r}")
    else:
        if e.behaviour != "decline":
            got = "nothing" if e.behaviour is None else repr(e.behaviour)
            c.error("expect.behaviour", f"a true-absent case must expect behaviour 'decline' (got {got})")
        if e.cited_chunks_include:
            c.error("expect.cited_chunks_include",
                    "a true-absent case cannot require citations: its true passage is absent")
        if e.answer_contains is not None:
            c.warning("expect.answer_contains", "is ignored for a true-absent case (the generator should decline)")


def _check_twin(c: _Case, by_id: dict[str, Case]) -> None:
    """The true-absent variant must not contain its twin's true passage (by id or by text)."""
    case = c.case
    tid = twin_id(case.id)
    twin = by_id.get(tid) if tid else None
    if twin is None:
        return
    if twin.family != case.family:
        c.warning("family", f"differs from its twin {twin.id} ({twin.family!r})")
    if case.variant != "true-absent" or twin.variant != "both-present":
        return
    true_ids = set(twin.expect.cited_chunks_include)
    true_texts = {_squash(t) for cid in true_ids if (t := twin.chunk_text(cid))}
    for i, chunk in enumerate(case.context):
        if chunk.chunk_id in true_ids:
            c.error(f"context[{i}]",
                    f"holds chunk {chunk.chunk_id}, the true passage of its twin {twin.id}: "
                    "a true-absent case must leave it out")
        elif _squash(chunk.text) in true_texts:
            c.error(f"context[{i}]",
                    f"chunk {chunk.chunk_id} has the same text as the true passage of its twin {twin.id}")


def _prov_chunks(case: Case) -> dict[str, ChunkOrigin]:
    return case.provenance.chunks if case.provenance is not None else {}


def _check_provenance_shape(c: _Case) -> None:
    """The chunk origins name exactly the context chunks (types were checked on loading)."""
    case = c.case
    chunks = _prov_chunks(case)
    if not chunks:
        return
    ids = case.context_ids()
    for cid in sorted(chunks):
        if cid not in ids:
            c.error(f"provenance.chunks.{cid}", "names a chunk that is not in the context")
    for cid in ids:
        if cid not in chunks:
            c.warning("provenance.chunks", f"has no entry for context chunk {cid}")
    if case.variant == "true-absent":
        for cid in sorted(chunks):
            if chunks[cid].role == "true" and cid in ids:
                c.error(f"provenance.chunks.{cid}", "a true-absent case holds a chunk whose role is true")


# --------------------------------------------------------------------------- synthetic distractors

_TOKEN = re.compile(r"\w+|[^\w\s]")


def _changed_places(a: str, b: str) -> int:
    """How many separate places (token runs) differ between ``a`` and ``b``."""
    ta, tb = _TOKEN.findall(a), _TOKEN.findall(b)
    ops = difflib.SequenceMatcher(None, ta, tb, autojunk=False).get_opcodes()
    return sum(1 for op in ops if op[0] != "equal")


def _changed_region(a: str, b: str) -> tuple[int, int]:
    """The span of ``a`` left after removing the prefix and suffix it shares with ``b``."""
    p, s = shared_ends(a, b)
    return p, len(a) - s


def _slot_in_chunk(prov: Provenance, entry: ChunkOrigin) -> tuple[int, int] | None:
    """The mutated slot's span in the coordinates of the chunk described by ``entry``."""
    mutation = prov.mutation
    if mutation is None:
        return None
    sent, ss, se, cs = prov.start, mutation.slot_start, mutation.slot_end, entry.start
    if sent is None or ss is None or se is None or cs is None:
        return None
    return sent + ss - cs, sent + se - cs


def _check_synthetic(c: _Case, cid: str, entry: ChunkOrigin, base: str, stale: bool) -> None:
    """A synthetic distractor is its source window with exactly one span changed."""
    case = c.case
    field = f"provenance.chunks.{cid}"
    text = case.chunk_text(cid)
    if text is None:
        return
    if text == base:
        c.report(stale, field, "synthetic distractor is identical to its source text: nothing was mutated")
        return
    prov = case.provenance or Provenance()
    mutation = prov.mutation
    slot = _slot_in_chunk(prov, entry)
    if slot is not None and mutation is not None:
        a, b = slot
        replacement = mutation.replacement
        if 0 <= a <= b <= len(base) and replacement is not None:
            if text == base[:a] + replacement + base[b:]:
                return  # exactly the recorded splice
            original = mutation.original
            if original is not None and base[a:b] != original:
                c.report(stale, "provenance.mutation",
                         f"the slot holds {_short(base[a:b])} but the mutation says original {_short(original)}")
    places = _changed_places(base, text)
    if places > 1:
        c.report(stale, field,
                 f"synthetic distractor differs from its source in {places} places; a mutation changes one span")
        return
    if slot is not None:
        p, q = _changed_region(base, text)
        a, b = slot
        if p < a - 1 or q > b + 1:
            c.report(stale, field,
                     f"synthetic distractor changes {_short(base[p:q] or base[max(p - 10, 0):p + 10])}, "
                     "outside the mutated slot")


def _check_synthetic_without_corpus(c: _Case) -> None:
    """Both-present cases hold the true chunk, so synthetic distractors can be checked against it."""
    case = c.case
    prov = case.provenance
    if prov is None:
        return
    chunks = prov.chunks
    trues = [cid for cid in case.context_ids() if cid in chunks and chunks[cid].role == "true"]
    if not trues:
        return
    true_entry = chunks[trues[0]]
    base = case.chunk_text(trues[0]) or ""
    for cid in case.context_ids():
        entry = chunks.get(cid)
        if entry is None or entry.synthetic is not True:
            continue
        same_window = (prov.chunk_doc(entry) == prov.chunk_doc(true_entry) and entry.start == true_entry.start
                       and entry.end == true_entry.end)
        if same_window:
            _check_synthetic(c, cid, entry, base, stale=False)


# --------------------------------------------------------------------------- per case, with corpus


def _lookup(corpus: CorpusLike, doc_id: str) -> Document | None:
    try:
        return corpus.by_id(doc_id)
    except (KeyError, LookupError, MutagenError):
        return None


def _span(doc: Document, start: int | None, end: int | None) -> str | None:
    if start is None or end is None or not (0 <= start <= end <= len(doc.text)):
        return None
    return doc.text[start:end]


def _check_against_corpus(c: _Case, corpus: CorpusLike, docs: dict[str, Document | None],
                          manifest: dict, state=None) -> None:
    case = c.case
    prov = case.provenance
    if not prov:
        c.warning("provenance", "is missing: the case cannot be checked against the corpus")
        return

    def doc_for(doc_id: str | None, field: str) -> Document | None:
        if not doc_id:
            c.error(field, "must name the corpus document")
            return None
        if doc_id not in docs:
            docs[doc_id] = _lookup(corpus, doc_id)
        if docs[doc_id] is None:
            c.error(field, f"document {doc_id} is not in the corpus (removed or renamed since build)")
        return docs[doc_id]

    doc_id = prov.doc
    doc = doc_for(doc_id, "provenance.doc")
    if doc is None:
        return
    stale = False
    sha = prov.doc_sha256 if prov.doc_sha256 is not None else manifest.get(doc_id)
    if sha is None:
        c.warning("provenance.doc_sha256", "is missing: cannot tell whether the document changed")
    elif sha != doc.sha256:
        stale = True  # drift in the texts below is expected: report it as warnings
        # "stale" means what `build --update --check` means (regen.assess): the case's evidence
        # changed, not merely its document; an edit elsewhere in the document is no staleness
        if state is None:
            c.warning("provenance.doc_sha256", f"stale: doc changed since build ({doc_id})")
        elif state.stale:
            c.warning("provenance.doc_sha256", f"stale: {state.reason} (`build --update` rebuilds it)")

    if prov.start is not None or prov.end is not None or prov.sentence is not None:
        found = _span(doc, prov.start, prov.end)
        if found is None:
            c.report(stale, "provenance.start",
                     f"offsets {prov.start}-{prov.end} are not a range of {doc_id} "
                     f"({len(doc.text)} characters)")
        elif prov.sentence is not None and found != prov.sentence:
            c.report(stale, "provenance.sentence",
                     f"does not match {doc_id} at {prov.start}-{prov.end}, which reads {_short(found)}")

    for cid in case.context_ids():
        entry = prov.chunks.get(cid)
        if entry is None:
            continue
        field = f"provenance.chunks.{cid}"
        edoc_id = prov.chunk_doc(entry)
        edoc = doc if edoc_id == doc_id else doc_for(edoc_id, f"{field}.doc")
        if edoc is None:
            continue
        estale = stale if edoc is doc else manifest.get(edoc_id, edoc.sha256) != edoc.sha256
        window = _span(edoc, entry.start, entry.end)
        if window is None:
            if entry.start is not None or entry.end is not None:
                c.report(estale, field, f"offsets {entry.start}-{entry.end} are not a range of {edoc_id}")
            continue
        text = case.chunk_text(cid) or ""
        if entry.synthetic is True:
            _check_synthetic(c, cid, entry, window, estale)
        elif text != window:
            c.report(estale, field,
                     f"context text differs from {edoc_id} at {entry.start}-{entry.end}, "
                     f"which reads {_short(window)}")


def _assessment(suite: Suite, corpus: CorpusLike | None) -> dict | None:
    """Case id -> its ``regen.PairState``: the one definition of staleness, shared with
    `build --update --check`. None without a corpus or a manifest to compare with."""
    if (corpus is None or suite.header is None or not suite.header.manifest or not hasattr(corpus, "manifest")
            or not hasattr(corpus, "documents")):
        return None
    from .regen import assess

    try:
        assessment = assess(suite, corpus)
    except MutagenError:
        return None
    return {cid: p for p in assessment.pairs for cid in p.ids}


def _check_header(suite: Suite, corpus: CorpusLike | None, path: str, states: dict | None = None) -> list[Problem]:
    out: list[Problem] = []

    def warn(field: str, message: str) -> None:
        out.append(Problem(SUITE_LEVEL, field, message, "warning"))

    if not suite.cases:
        warn("cases", f"the suite {path} has no cases" if path else "the suite has no cases")
    live = {c.id for c in suite.cases}
    for i, r in enumerate(suite.retired):
        if r.get("id") in live:
            warn(f"retired[{i}]", f"case {r['id']} is both retired and live")
    header = suite.header
    if header is None:
        return out
    families = header.families
    for fam in sorted({c.family for c in suite.cases}):
        if families and fam not in families:
            warn("families", f"family {fam!r} is used by cases but not listed in the header")
    manifest = header.manifest
    if manifest:
        for doc in sorted({c.provenance.doc for c in suite.cases if c.provenance and c.provenance.doc is not None}):
            if doc not in manifest:
                warn("manifest", f"document {doc} is used by cases but not listed in the manifest")
    if corpus is None:
        return out
    current = corpus.manifest()
    for doc in sorted(manifest):
        if doc not in current:
            warn(f"manifest.{doc}", "document is no longer in the corpus (removed or renamed since build)")
        elif current[doc] != manifest[doc]:
            if states is None:
                warn(f"manifest.{doc}", "stale: doc changed since build")
                continue
            n = len({cid for cid, p in states.items() if p.stale and p.doc == doc})
            if n:
                warn(f"manifest.{doc}", f"stale: doc changed since build; {n} case(s) read the changed text "
                                        "(`build --update` rebuilds them)")
            else:
                warn(f"manifest.{doc}", "doc changed since build, but no case reads the changed text "
                                        "(not stale; `build --update` would only refresh the manifest)")
    new = sorted(d for d in current if d not in manifest)
    if new:
        shown = ", ".join(new[:3]) + (f" and {len(new) - 3} more" if len(new) > 3 else "")
        warn("manifest", f"{len(new)} corpus document(s) are not in the suite ({shown}): "
                         "build --update adds cases for them")
    return out


# --------------------------------------------------------------------------- entry points


_CONTRADICTING = ("scope", "date", "quantity", "entity")


def _names(text: str, value: str) -> bool:
    from ..values.text import contains_phrase

    return contains_phrase(text, value)


def _check_discrimination(c: _Case) -> None:
    """Seed 003's invariant for question version v2 and later: in scope, date, quantity and
    entity cases the changed attribute is the question's condition, the expected answer is
    another span, and the near miss never states the condition (so it cannot answer)."""
    case = c.case
    mutation = case.provenance.mutation if case.provenance else None
    if case.family not in _CONTRADICTING or mutation is None:
        return
    original = mutation.original
    if original is None or not original.strip():
        return
    if not _names(case.question, original):
        c.error("question", f"does not name the changed attribute {_short(original)}: a reader cannot tell "
                            "the true passage from the near miss")
    want = case.expect.answer_contains
    if want and want.strip().lower() == original.strip().lower():
        c.error("expect.answer_contains", "is the changed value itself; ask for another span of the sentence")
    roles = {cid: e.role for cid, e in _prov_chunks(case).items()}
    for i, chunk in enumerate(case.context):
        if roles.get(chunk.chunk_id) == "distractor" and _names(chunk.text, original):
            c.error(f"context[{i}]", f"the near miss {chunk.chunk_id} still states {_short(original)}, "
                                     "so it can answer the question")


def validate_suite(suite: Suite, *, corpus: CorpusLike | None = None, path: str = "") -> list[Problem]:
    """Every problem of ``suite``: suite-level ones first, then case by case in suite order.

    ``corpus`` (a :class:`mutagen_cite.corpus.Corpus`) enables the provenance checks: the
    document exists and is unchanged, the true sentence and every non-synthetic context chunk
    equal the document text at their offsets, and synthetic distractors differ from their
    source window in exactly one span. ``path`` (the suite file) only labels messages.
    """
    states = _assessment(suite, corpus)
    problems = _check_header(suite, corpus, path, states)
    manifest = suite.header.manifest if suite.header is not None else {}
    by_id = {c.id: c for c in suite.cases}
    docs: dict[str, Document | None] = {}
    # suites built before question versions were recorded asked v1 questions
    v1 = suite.header is not None and suite.header.settings.get("questions", "v1") == "v1"
    named: dict[str, tuple[str, str]] = {}  # chunk id -> (first case id, text)
    for case in suite.cases:
        c = _Case(case)
        _check_texts(c)
        _check_suite_ids(c, named)
        _check_expect(c)
        _check_twin(c, by_id)
        _check_provenance_shape(c)
        if not v1:
            _check_discrimination(c)
        if corpus is None:
            _check_synthetic_without_corpus(c)
        else:
            _check_against_corpus(c, corpus, docs, manifest, states.get(case.id) if states else None)
        problems.extend(c.problems)
    return problems


def count_problems(problems: list[Problem]) -> tuple[int, int]:
    """(errors, warnings)."""
    errors = sum(1 for p in problems if p.severity == "error")
    return errors, len(problems) - errors


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _groups(problems: list[Problem]) -> Iterator[tuple[str, list[Problem]]]:
    order: dict[str, list[Problem]] = {}
    for p in problems:
        order.setdefault(p.case_id, []).append(p)
    yield from order.items()


def format_problems(problems: list[Problem], *, n_cases: int, path: str = "") -> str:
    """Readable report: one ``CASE_ID  FIELD  severity: message`` line per problem, grouped by
    case (a blank line between cases), then ``N cases, E errors, W warnings``."""
    lines: list[str] = []
    if problems:
        id_w = min(max(len(p.case_id) for p in problems), 60)
        field_w = min(max(len(p.field) for p in problems), 36)
        for i, (_, group) in enumerate(_groups(problems)):
            if i:
                lines.append("")
            for p in group:
                lines.append(f"{p.case_id:<{id_w}}  {p.field:<{field_w}}  {p.severity}: {p.message}")
        lines.append("")
    errors, warnings = count_problems(problems)
    summary = f"{_plural(n_cases, 'case')}, {_plural(errors, 'error')}, {_plural(warnings, 'warning')}"
    lines.append(f"{path}: {summary}" if path else summary)
    return "\n".join(lines) + "\n"


def problems_to_dict(problems: list[Problem], *, n_cases: int, path: str = "") -> dict:
    """The report as JSON-ready data (``--format json``)."""
    errors, warnings = count_problems(problems)
    return {
        "suite": path,
        "cases": n_cases,
        "errors": errors,
        "warnings": warnings,
        "problems": [asdict(p) for p in problems],
    }
