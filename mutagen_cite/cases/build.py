"""`build`: corpus -> balanced, label-checked, deterministic suite.

Candidates are generated for every sentence and family, ranked (mined values and real
siblings before synthetic ones, then a seeded hash), spread over documents and templates,
label-checked lazily (a judge must find the true sentence supporting the claim and no
sentence of the distractor chunk supporting it), and taken until each family has its share.
A family that cannot fill its share is reported; its slots go to families that can.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from importlib.metadata import version
from typing import Callable, Sequence

from rapidfuzz import fuzz

from .. import __version__
from ..corpus import chunk_containing
from ..errors import ConfigError, CorpusError
from ..judges import default_judge_spec, make_judge
from ..judges.slots import analysis_product_names
from ..model import FAMILIES, Case, Document, Suite, SuiteHeader
from .candidate import Candidate, stable_rank
from .candidates import candidates_for_sentence
from . import entailed
from .entailed import FAMILIES as ENTAILMENT_FAMILIES
from .fairness.reading import _mentions, _sentence_spans
from .families import ValueSource, get_families
from .questions import DEFAULT_VERSION, VERSIONS, template_env
from .validate import validate_suite
from .variants import build_cases

DEFAULT_CASES = 60
DEFAULT_SEED = 13
DEFAULT_CHUNK_CHARS = 500
#: rapidfuzz ratio above which two true sentences are the same test (one per suite)
NEAR_COPY = 90


@dataclass
class BuildReport:
    """What happened, for the closing summary."""

    candidates: Counter = field(default_factory=Counter)  # family -> candidates found
    rejected: Counter = field(default_factory=Counter)  # family -> failed label check
    shortfall: dict = field(default_factory=dict)  # family -> pairs missing from its share
    skipped_sites: Counter = field(default_factory=Counter)  # reason -> count
    rejected_examples: list = field(default_factory=list)
    #: rule -> candidates it dropped: fairness rules (``cases.unfair_rule``) while generating,
    #: "label:..." in the label check, "validate" / "question" after it
    rejected_rules: Counter = field(default_factory=Counter)
    hard: int | None = None  # pairs hard under --min-hardness functions, when given


def quotas(total_pairs: int, families: Sequence[str]) -> dict[str, int]:
    base, extra = divmod(total_pairs, len(families))
    return {f: base + (1 if i < extra else 0) for i, f in enumerate(families)}


def _origin_tier(c: Candidate) -> int:
    """0 for a value the corpus wrote (mined, or a sibling sentence), 1 for an invented one."""
    return 0 if c.origin in ("mined", "sibling") else 1


def _ranked(cands: list[Candidate], seed: int) -> list[Candidate]:
    """Mined/sibling first, then synthetic; within each, round-robin over groups so one
    enumeration or document does not fill a family's share."""
    def key(c: Candidate) -> tuple:
        return (_origin_tier(c), stable_rank(seed, c.base_id))

    by_tier: dict[int, dict[str, list[Candidate]]] = defaultdict(lambda: defaultdict(list))
    for c in sorted(cands, key=key):
        by_tier[key(c)[0]][c.group].append(c)
    out: list[Candidate] = []
    for tier in sorted(by_tier):
        groups = by_tier[tier]
        order = sorted(groups, key=lambda g: stable_rank(seed, g))
        depth = 0
        while True:
            added = False
            for g in order:
                if depth < len(groups[g]):
                    out.append(groups[g][depth])
                    added = True
            if not added:
                break
            depth += 1
    return out


def label_check(cands: Sequence[Candidate], judge, splitter: Callable[[str], list[str]],
                why: list[str | None] | None = None) -> list[dict | None]:
    """Labels for each candidate, or None when the judge disagrees with the intended labels.

    The true sentence must support the claim; no part of the distractor chunk may: not one of
    its sentences (a table row carries its header), and not two neighbouring sentences read
    together (a heading or lead-in and the sentence under it; the chunk as one bag of words would
    let a judge combine a region from one paragraph with a number from another).

    And the distractor must be unsupported *because of the changed attribute*: where the judge
    explains its verdicts attribute by attribute (the slots judge, alone or inside an ensemble),
    its reason on the edited sentence must name the change (the original or the replacement
    value, or the negation, quantifier or modal the family flips). A verdict that rests on a
    fallback ("too little of the claim is in the premise") is right by accident, and wrong where
    the fallback misfires. ``why`` (when given) receives, per candidate, the rule that rejected
    it ("label:true", "label:distractor", "label:not-the-edit") or None.
    """
    pairs: list[tuple[str, str]] = []
    spans: list[tuple[int, int, int, list[int]]] = []
    for c in cands:
        start = len(pairs)
        pairs.append((c.sentence.text, c.phrasing.claim))
        sentences = splitter(c.distractor_text)
        edited = _edited_sentences(c, sentences)
        for sent in sentences:
            pairs.append((sent, c.phrasing.claim))
        for first, second in zip(sentences, sentences[1:]):
            pairs.append((f"{first.rstrip()} {second.lstrip()}", c.phrasing.claim))
        spans.append((start, start + 1, len(pairs), [start + 1 + k for k in edited]))
    verdicts = judge.verdicts(pairs) if pairs else []
    explainer = _explaining_judge(judge)
    explained: dict[int, object] = {}  # pair index -> the explaining judge's verdict
    if explainer is not None:
        todo = sorted({k for *_, ks in spans for k in ks})
        if explainer is judge:
            explained = {k: verdicts[k] for k in todo}
        elif todo:
            explained = dict(zip(todo, explainer.verdicts([pairs[k] for k in todo])))
    out: list[dict | None] = []
    for c, (a, b, e, edited) in zip(cands, spans):
        true_v = verdicts[a]
        dis = verdicts[b:e]
        worst = max(dis, key=lambda v: v.score) if dis else None
        ok = true_v.supported and not any(v.supported for v in dis)
        rule = None if ok else ("label:true" if not true_v.supported else "label:distractor")
        edit_reason = None
        if ok and explainer is not None and edited:
            reasons = [explained[k].reason for k in edited if explained.get(k) is not None]
            named = [r for r in reasons if names_change(r, c)]
            if not named:
                ok, rule = False, "label:not-the-edit"
            else:
                edit_reason = named[0]
        label = {
            "judge": true_v.judge,
            "true": "supported" if true_v.supported else "unsupported",
            "true_score": round(true_v.score, 3),
            "distractor": "supported" if (worst and worst.supported) else "unsupported",
            "distractor_score": round(worst.score, 3) if worst else 0.0,
        }
        if edit_reason:
            label["distractor_reason"] = edit_reason
        elif worst is not None and worst.reason:
            label["distractor_reason"] = worst.reason
        out.append(label if ok else None)
        if why is not None:
            why.append(rule)
    return out


def _edited_sentences(c: Candidate, sentences: Sequence[str]) -> list[int]:
    """Indices of the distractor sentences that hold the changed attribute (the edit, or the
    sibling's varying value); empty when they cannot be located."""
    span = c.edit_span
    if span is None:
        return []
    ea, eb = span
    text = c.distractor_text
    out, pos = [], 0
    for k, sent in enumerate(sentences):
        at = text.find(sent, pos)
        if at < 0:
            return []
        pos = at + len(sent)
        if at < max(eb, ea + 1) and ea < pos:
            out.append(k)
    return out


def _explaining_judge(judge):
    """The judge (or ensemble member) that explains verdicts attribute by attribute, or None."""
    if judge is None:
        return None
    if callable(getattr(judge, "findings", None)):
        return judge
    for member in getattr(judge, "members", ()) or ():
        found = _explaining_judge(member)
        if found is not None:
            return found
    return None


#: the words an attribute judge uses for the change each marker family makes
_MARKER_PROBLEMS = {"polarity": ("negation", "antonym", "modal mismatch"), "aggregation": ("quantifier",),
                    "modality": ("modal",)}
#: problems that say nothing about any one attribute
_FALLBACKS = ("attributes agree", "claimed values are stated apart")


def names_change(reason: str, c: Candidate) -> bool:
    """Does a judge's ``reason`` for finding the edited sentence unsupported name the change
    ``c`` made? For negation, quantifier and modal edits: a problem of that kind. For values
    and names: a problem quoting the original or the replacement (in any form the value model
    equates: "$0 per month" names "$0")."""
    family = c.family.name
    problems = [p.strip() for p in (reason or "").split(";")]
    problems = [p for p in problems if p and not p.startswith(_FALLBACKS)]
    for p in problems:
        if family in _MARKER_PROBLEMS:
            if any(m in p for m in _MARKER_PROBLEMS[family]):
                return True
            # a problem quoting the marker word itself ("claim 'never exceeds 4 hours' vs premise
            # 'exceeds 4 hours'"); short auxiliaries ("is", "can") would match any quote
            word = c.site.text.strip()
            if len(word) >= 4 and re.search(r"'[^']*\b" + re.escape(word) + r"\b[^']*'", p, re.I):
                return True
            continue
        if _mentions(p, c.site.text) or (c.replacement and _mentions(p, c.replacement)):
            return True
    return False


def _seen_keys(c: Candidate) -> set[str]:
    """What makes two candidates the same test: the same sentence (also when two pages repeat
    it word for word) or the same question."""
    return {c.sentence.key, "text:" + " ".join(c.sentence.text.lower().split()),
            "question:" + " ".join(c.phrasing.question.lower().split())}


def select(
    by_family: dict[str, list[Candidate]],
    total_pairs: int,
    *,
    seed: int,
    check: Callable[[Sequence[Candidate]], list[dict | None]],
    report: BuildReport,
    prefer: Callable[[Candidate], bool] | None = None,
    progress: Callable[..., Callable[[int], None]] | None = None,
) -> list[tuple[Candidate, dict]]:
    """Fill each family's share with candidates that pass ``check``; redistribute shortfalls.

    ``progress(label, total, unit)`` (the CLI's :func:`~mutagen_cite.progress.bar_factory`)
    drives two bars: "selecting" (pairs taken, of ``total_pairs``) and "label check" (candidates
    checked, of all candidates: the check stops once every share is full, so that bar closes early)."""
    names = list(by_family)
    picked = progress("selecting", total_pairs, unit="pair") if progress else None
    checked = progress("label check", sum(len(v) for v in by_family.values()), unit="cand") if progress else None
    want = quotas(total_pairs, names)
    queues = {f: _ranked(by_family[f], seed) for f in names}
    if prefer is not None:  # hard pairs first within each origin tier: a corpus value stays ahead of
        # an invented one (plausibility, question e of CASE-QUALITY.md, outranks hardness)
        # (hard for the question and the claim first, then for one: audit.hardness.Preference.rank)
        rank = getattr(prefer, "rank", None) or (lambda c: 0 if prefer(c) else 1)
        queues = {f: sorted(q, key=lambda c: (_origin_tier(c), rank(c))) for f, q in queues.items()}
    chosen: dict[str, list[tuple[Candidate, dict]]] = {f: [] for f in names}
    used_sentences: set[str] = set()
    chosen_texts: list[str] = []

    def repeats(c: Candidate) -> bool:
        """The same test again: the same sentence or question, or a near-copy of a chosen
        sentence ("Comp time expires ..." and "Travel comp time expires ..." on two pages)."""
        if _seen_keys(c) & used_sentences:
            return True
        text = " ".join(c.sentence.text.lower().split())
        return any(fuzz.ratio(text, other) >= NEAR_COPY for other in chosen_texts)

    def fill(family: str, n: int) -> int:
        queue = queues[family]
        got = 0
        while got < n and queue:
            batch, rest = [], []
            for c in queue:
                if len(batch) >= max(4, 2 * (n - got)):
                    rest.append(c)
                elif repeats(c):
                    continue  # one case pair per sentence (and per question) keeps the suite varied
                else:
                    batch.append(c)
            queues[family] = queue = rest
            if not batch:
                break
            labels = check(batch)
            if checked:
                checked(len(batch))
            for c, label in zip(batch, labels):
                if got >= n:
                    queue.insert(0, c)
                    continue
                if label is None:
                    report.rejected[family] += 1
                    if len(report.rejected_examples) < 20:
                        report.rejected_examples.append((c.base_id, c.phrasing.claim, c.distractor_text[:160]))
                    continue
                if repeats(c):
                    continue
                chosen[family].append((c, label))
                used_sentences.update(_seen_keys(c))
                chosen_texts.append(" ".join(c.sentence.text.lower().split()))
                got += 1
                if picked:
                    picked(1)
            queues[family] = queue
        return got

    missing = 0
    for f in names:
        got = fill(f, want[f])
        if got < want[f]:
            report.shortfall[f] = want[f] - got
            missing += want[f] - got
    # hand the missing pairs to families that still have candidates, round robin
    while missing > 0:
        progressed = False
        for f in names:
            if missing <= 0:
                break
            if queues[f] and fill(f, 1) == 1:
                missing -= 1
                progressed = True
        if not progressed:
            break
    for bar in (picked, checked):
        if bar is not None and hasattr(bar, "close"):
            bar.close()
    out: list[tuple[Candidate, dict]] = []
    for f in names:
        out.extend(chosen[f])
    return out


@dataclass(frozen=True)
class BuildContext:
    """Everything candidate generation and the label check need, built once per run."""

    analysis: object  # pipeline.Analysis
    families: tuple  # tuple[Family, ...]
    judge: object
    seed: int
    chunk_chars: int
    chunk_overlap: int
    env: object  # jinja2.Environment
    values: ValueSource
    question_version: str = DEFAULT_VERSION
    #: rule -> candidates it dropped while generating (filled by ``generate_candidates``)
    rule_counts: Counter = field(default_factory=Counter, compare=False)
    #: candidate id -> the check that rejected it (a candidate may be checked more than once)
    check_rules: dict = field(default_factory=dict, compare=False)
    #: the entailed-elsewhere check (:mod:`.entailed`): another unit of an aggregation, modality
    #: or polarity near miss's chunk still states the claim; None skips it
    entailment: object = field(default=None, compare=False)

    @property
    def documents(self) -> dict[str, Document]:
        return {d.id: d for d in self.analysis.corpus.documents}

    def chunker(self, doc: Document, start: int, end: int):
        return chunk_containing(doc, start, end, max_chars=self.chunk_chars, overlap=self.chunk_overlap)

    def check(self, batch: Sequence[Candidate]) -> list[dict | None]:
        """Labels for each candidate that passes the label check *and* whose two cases pass
        ``validate`` (build never writes a case its own validator rejects); None otherwise."""
        why: list[str | None] = []
        said = self.entailment.restatements(batch) if self.entailment is not None else [None] * len(batch)
        rest = [c for c, s in zip(batch, said) if s is None]
        checked = iter(label_check(rest, self.judge, split_chunk_sentences, why))
        reasons = iter(why)
        labels, why = [], []
        for s in said:
            labels.append(None if s is not None else next(checked))
            why.append("entailed-elsewhere" if s is not None else next(reasons))
        out: list[dict | None] = []
        for c, label, rule in zip(batch, labels, why):
            if label is not None:
                problems = self.invalid(c, label)
                if problems:
                    label, rule = None, "question" if problems[0].startswith("question:") else "validate"
            if rule:
                self.check_rules[c.base_id] = rule
            out.append(label)
        return out

    def invalid(self, cand: Candidate, label: dict) -> list[str]:
        """The validator's errors for the two cases of ``cand`` (empty when both are valid),
        and a question that does not parse as one interrogative sentence."""
        nlp = getattr(self.analysis.annotator, "nlp", None)
        if nlp is not None:
            why = ill_formed_question(nlp(cand.phrasing.question))
            if why:
                return [f"question: {why}"]
        if self.question_version not in VERSIONS[:5] and _answer_is_house(cand.phrasing.answer, self.product_names):
            # "What could not find the target document?" -> the product the documents are about:
            # any reader names it without reading, and it is written in the near miss too (v6)
            return ["question: the expected answer is the corpus's own product name"]
        doc = self.documents[cand.sentence.doc_id]
        pair = build_cases(cand, doc, seed=self.seed, labels=label)
        problems = validate_suite(Suite(None, tuple(pair)), corpus=_OneDocument(doc))
        return [f"{p.field}: {p.message}" for p in problems if p.severity == "error"]

    def settings(self, n_cases: int) -> dict:
        return {
            "cases": n_cases,
            "chunk_max_chars": self.chunk_chars,
            "chunk_overlap": self.chunk_overlap,
            "families": [f.name for f in self.families],
            "annotator": self.analysis.annotator.version,
            "judge": getattr(self.judge, "name", "judge"),
            "questions": self.question_version,
            "faker": faker_version(),
            "product_names": list(self.product_names),
        }

    @property
    def product_names(self) -> tuple[str, ...]:
        """The corpus's own names (recorded in the header): the judge resolves "we" / "our" to
        them, the entity family never edits them, and no case expects one as its answer. Found
        once per run (:func:`make_context`) and held by the value source."""
        return self.values.house_names()

    def header(self, n_cases: int) -> SuiteHeader:
        return SuiteHeader(
            tool_version=__version__,
            seed=self.seed,
            families={f.name: f.version for f in self.families},
            manifest=dict(sorted(self.analysis.corpus.manifest().items())),
            settings=self.settings(n_cases),
        )


def faker_version() -> str:
    """The installed Faker's version: its name lists feed synthetic near-miss values, so the same
    seed gives the same suite only under the same Faker (recorded in the header, checked by
    ``build --update``)."""
    return version("faker")


def ill_formed_question(doc) -> str | None:
    """Why a parsed question is not one well-formed interrogative sentence, or None.

    It must be one sentence ending in "?", hold a finite verb or auxiliary (spaCy's morphology
    or tag), and not end on a dangling function word."""
    tokens = [t for t in doc if not t.is_space]
    if not tokens or tokens[-1].text != "?":
        return "does not end in a question mark"
    if len(list(doc.sents)) > 1 and any(s.text.strip().endswith((".", "!")) for s in list(doc.sents)[:-1]):
        return "holds more than one sentence"
    # spaCy's small model parses questions too loosely to trust their dependency tree; its tagger
    # and morphology are reliable enough to tell a question from a verbless fragment
    finite = any(t.pos_ in ("VERB", "AUX") and ("Fin" in t.morph.get("VerbForm") or t.tag_ in ("MD", "VBZ", "VBP", "VBD"))
                 for t in tokens)
    if not finite:
        return "has no finite verb: a fragment, not a question"
    last = tokens[-2] if len(tokens) > 1 else tokens[-1]
    if last.pos_ in ("DET", "CCONJ", "ADP", "PART") and last.lower_ not in ("up", "out", "on", "off", "in", "for", "to"):
        return f"ends on {last.text!r}"
    return None


def _answer_is_house(answer: str, names: Sequence[str]) -> bool:
    """Whether an expected answer is one of the corpus's own names ("Acme", "the Acme")."""
    bare = re.sub(r"^(?:the|a|an)\s+", "", (answer or "").strip(), flags=re.I).strip(" .").lower()
    return bool(bare) and bare in {n.lower() for n in names}


class _OneDocument:
    """The corpus as ``validate`` sees it, narrowed to the one document a candidate comes from."""

    def __init__(self, doc: Document):
        self.doc = doc

    def by_id(self, doc_id: str) -> Document:
        if doc_id != self.doc.id:
            raise KeyError(doc_id)
        return self.doc

    def manifest(self) -> dict:
        return {self.doc.id: self.doc.sha256}


def split_chunk_sentences(text: str) -> list[str]:
    """Sentences of a chunk, with newlines as hard breaks (as the loader split its source), from
    the one cached splitter the fairness rules read."""
    return [text[a:b] for a, b in _sentence_spans(text)]


def with_entailment(ctx: "BuildContext", *, embedding_model: str | None = None, cache_dir=None) -> "BuildContext":
    """``ctx`` with the entailed-elsewhere check (:mod:`.entailed`) when one of its families needs
    it: `build` and `build --update` label-check candidates the same way."""
    if not any(f.name in ENTAILMENT_FAMILIES for f in ctx.families):
        return ctx
    return replace(ctx, entailment=entailed.make_checker(ctx.judge, embedding_model=embedding_model, cache_dir=cache_dir))


def make_context(
    analysis,
    *,
    seed: int = DEFAULT_SEED,
    families: Sequence[str] | None = None,
    judge=None,
    templates_dir=None,
    chunk_chars: int = DEFAULT_CHUNK_CHARS,
    chunk_overlap: int = 0,
    question_version: str = DEFAULT_VERSION,
) -> BuildContext:
    if question_version not in VERSIONS:
        raise ConfigError(f"unknown question version {question_version!r}",
                          hint=f"choose from {', '.join(VERSIONS)} (the suite header's settings.questions)")
    fams = get_families(families)
    if not fams:
        raise ConfigError("no families selected", hint="pass --families scope,date,...")
    names = analysis_product_names(analysis)
    if judge is None:
        # the slots judge reads the corpus's own tiers through the build's annotator
        judge = make_judge(default_judge_spec(), annotator=analysis.annotator, product_names=names)
    if not analysis.mined.enumerations:
        raise CorpusError(
            "no enumerations found: no two sentences state the same thing for different values",
            where=str(analysis.corpus.root),
            hint="near misses are mined from sibling statements (regions, tiers, versions...); "
            "run `mutagen-cite mine` to see what was tagged, or add --tiers / lower --threshold",
        )
    return BuildContext(
        analysis, tuple(fams), judge, seed, chunk_chars, chunk_overlap, template_env(templates_dir),
        ValueSource(analysis.mined.vocabulary, analysis.mined, house=names), question_version,
    )


def generate_candidates(
    ctx: BuildContext,
    *,
    doc_ids: Sequence[str] | None = None,
    progress: Callable[[str, int], Callable[[int], None]] | None = None,
) -> dict[str, list[Candidate]]:
    """Candidates per family for the given documents (all when None), in a stable order."""
    docs = ctx.documents
    wanted = sorted(ctx.analysis.sentences) if doc_ids is None else sorted(set(doc_ids) & set(docs))
    by_family: dict[str, list[Candidate]] = {f.name: [] for f in ctx.families}
    tick = progress("mutating", len(wanted)) if progress else None
    for doc_id in wanted:
        doc = docs[doc_id]
        for sentence in ctx.analysis.sentences[doc_id]:
            for c in candidates_for_sentence(sentence, doc, list(ctx.families), ctx.values, ctx.chunker, ctx.env,
                                             seed=ctx.seed, question_version=ctx.question_version,
                                             rejected=ctx.rule_counts):
                by_family[c.family.name].append(c)
        if tick:
            tick(1)
    return by_family


def cases_from(ctx: BuildContext, chosen: Sequence[tuple[Candidate, dict]],
               suite_ids: dict[str, str] | None = None) -> list[Case]:
    """The cases of the chosen candidates; one chunk id names one text across them and the
    cases already in ``suite_ids`` (chunk id -> text)."""
    docs = ctx.documents
    suite_ids = {} if suite_ids is None else suite_ids
    cases: list[Case] = []
    for cand, label in chosen:
        cases.extend(build_cases(cand, docs[cand.sentence.doc_id], seed=ctx.seed, labels=label, suite_ids=suite_ids))
    return cases


def sort_cases(cases: Sequence[Case]) -> list[Case]:
    return sorted(cases, key=lambda c: (_family_order(c.family), c.id))


def build_suite(
    analysis,
    *,
    n_cases: int = DEFAULT_CASES,
    seed: int = DEFAULT_SEED,
    families: Sequence[str] | None = None,
    judge=None,
    templates_dir=None,
    chunk_chars: int = DEFAULT_CHUNK_CHARS,
    chunk_overlap: int = 0,
    prefer: Callable[[Candidate], bool] | None = None,
    min_hardness: Sequence[str] | None = None,
    embedding_model: str | None = None,
    cache_dir=None,
    progress: Callable[[str, int], Callable[[int], None]] | None = None,
) -> tuple[Suite, BuildReport]:
    """Build a suite of ``n_cases`` cases (two per candidate pair) from an :class:`Analysis`."""
    if n_cases < 2:
        raise ConfigError(f"--cases must be at least 2 (got {n_cases})",
                          hint="each near miss yields two cases, both-present and true-absent")
    ctx = make_context(analysis, seed=seed, families=families, judge=judge, templates_dir=templates_dir,
                       chunk_chars=chunk_chars, chunk_overlap=chunk_overlap)
    ctx = with_entailment(ctx, embedding_model=embedding_model, cache_dir=cache_dir)
    report = BuildReport()
    by_family = generate_candidates(ctx, progress=progress)
    for f, cands in by_family.items():
        report.candidates[f] = len(cands)
    if not any(by_family.values()):
        raise CorpusError(
            "no near-miss candidates: no sentence had a slot a family could change"
            + (analysis.why_no_candidates() if hasattr(analysis, "why_no_candidates") else ""),
            where=str(analysis.corpus.root),
            hint="check `mutagen-cite mine` output; add --tiers for plan names the tagger missed",
        )
    settings_extra = {}
    pools = getattr(analysis, "pools", None)
    if pools is not None:  # only part of the corpus was parsed: the suite depends on the budget
        settings_extra["pool_factor"] = pools.budget.factor
    if min_hardness:
        from ..audit.hardness import HARD_AGAINST, WINDOW, hardness_preference, scoring_window  # deferred: numpy

        # only the candidates selection reaches first are scored (audit/hardness.py, WINDOW)
        prefer = hardness_preference(scoring_window(by_family, math.ceil(n_cases / 2), seed), min_hardness,
                                     embedding_model=embedding_model, cache_dir=cache_dir, progress=progress)
        settings_extra["min_hardness"] = list(min_hardness)
        settings_extra["hardness_window"] = WINDOW
        settings_extra["hardness_against"] = list(HARD_AGAINST)
        if embedding_model:  # so `build --update` refills with the same model
            settings_extra["embedding_model"] = embedding_model
    chosen = select(by_family, math.ceil(n_cases / 2), seed=seed, check=ctx.check, report=report, prefer=prefer,
                    progress=progress)
    if prefer is not None:
        report.hard = sum(1 for c, _ in chosen if prefer(c))
    report.rejected_rules.update(ctx.rule_counts)
    report.rejected_rules.update(Counter(ctx.check_rules.values()))
    cases = sort_cases(cases_from(ctx, chosen)[:n_cases])
    header = ctx.header(n_cases)
    if settings_extra:
        header = replace(header, settings={**header.settings, **settings_extra})
    return Suite(header, tuple(cases)), report


def _family_order(name: str) -> int:
    return FAMILIES.index(name) if name in FAMILIES else len(FAMILIES)


__all__ = ["BuildContext", "BuildReport", "build_suite", "cases_from", "generate_candidates", "label_check", "make_context", "quotas", "select", "sort_cases"]
