"""Sublinear builds: parse only as much of a corpus as a suite of N cases needs.

A 60-case suite needs a few hundred good sentences, not every sentence of a 10,000-page wiki.
`build` therefore:

1. scores every document with a cheap pass over its raw text: the compiled rule patterns of
   the annotator and the value model (regions, tiers, environments, versions, domain
   vocabulary, money, percents, sizes, durations, dates) plus the word lists the spaCy layer
   keys on (negations and auxiliaries, modals, quantifiers). No spaCy: each pattern runs once
   over the whole text, and a match counts for the sentence it starts in;
2. orders documents by a seeded hash weighted by that score (exponential clocks: a document
   offering twice as many of the wanted families tends to come twice as early; a document with
   no slot at all still comes, late). The key hashes the document *id* and the weight reads
   that document alone, so an edit moves only the edited document;
3. parses in fixed batches of :data:`BATCH_DOCUMENTS` documents (never depending on
   ``--jobs``) and stops after the first batch where every family's pool (its candidates, made
   as `build` makes them, with values mined from the parsed part) reaches its quota times
   ``factor``, or is exhausted: at the rate of its last ``patience`` batches, parsing as much
   again would still leave it short, or the documents left score nothing for it. A family may
   be called exhausted only after a minimum sample of :data:`SAMPLE_PER_PAIR` documents per
   pair of the suite (192 documents for 60 cases): the sample follows the suite, not the corpus.
   (3 per pair, 96 for 60 cases, brought the 885-document build to 1.44x the build on 100, but
   on a 312-document doc set it stopped at 128 documents and lost every quantity case, which a
   192-document sample finds: family balance comes before cost.) On an
   888-document handbook, scope and date candidates appear only after about 250 and 450
   documents (the cheap pass does not find the pages that hold them: they need values mined
   from many pages), so neither sample finds them there: ``--full`` does.

The result is a deterministic function of the corpus text, the seed, the families, the case
count and the factor, so the suite is byte-identical whatever the number of workers. The
manifest still covers every document (all are read and hashed), so ``--update`` sees every
edit; it parses edited and added documents first, then follows the same order.

Hand-written rather than a library: the order is a few lines of hashing (Efraimidis and
Spirakis' weighted sampling without replacement, keyed by sha256 so it is stable across
Python versions and processes), and the score reuses the project's own patterns.
"""

from __future__ import annotations

import bisect
import hashlib
import math
import re
from dataclasses import dataclass, replace
from typing import Callable, Iterable, Mapping, Sequence

from ..model import Document, Sentence

#: the candidate pool each family must reach, as a multiple of its quota of pairs
DEFAULT_POOL_FACTOR = 5.0
#: documents parsed between two looks at the pools (fixed, so the stopping point never
#: depends on the number of workers)
BATCH_DOCUMENTS = 32
#: weight of a document that scores nothing: it is parsed, late
_FLOOR = 0.05
#: sentences of one family after which a document counts as rich in it
_ENOUGH = 4
#: documents parsed per pair of the suite before a short family may be called exhausted (a
#: 60-case suite, 30 pairs: 180, rounded up to whole batches, 192)
SAMPLE_PER_PAIR = 6
#: no family is called exhausted while all the pools together hold fewer than this many
#: candidates per pair of the suite: the label check and the selection still reject some, and a
#: suite short of the cases asked for is worse than a longer parse (a 375-document doc set gave 22
#: of 30 pairs when the sample alone decided)
SUITE_FILL = 2

_MARKUP = re.compile(r"[=|<>{}\[\]`]")


def _family_patterns() -> dict[str, list[re.Pattern]]:
    """Per family, the compiled patterns whose matches suggest a slot (cheap, no spaCy)."""
    from . import annotate, patterns
    from .domain import domain_patterns
    from ..values import find as values

    words = lambda ws: re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, ws), key=len, reverse=True)) + r")\b", re.I)  # noqa: E731
    out: dict[str, list[re.Pattern]] = {
        "scope": [patterns.REGION, patterns.ENVIRONMENT],
        "date": [rx for _, rx in values._DATE_PATTERNS],
        "quantity": [values._MONEY, values._PERCENT, values._SIZE, values._DURATION,
                     re.compile(r"\b\d[\d,.]*\s+[a-z]{3,}")],
        "entity": [patterns.VERSION, re.compile(r"(?<=[a-z,] )[A-Z][a-z]+[A-Z]?\w*")],
        "polarity": [re.compile(r"n't\b|\b(?:not|never|no)\b", re.I),
                     words(annotate._AUX_LEMMAS | {"is", "are", "was", "were", "does", "has"})],
        "aggregation": [words(annotate._QUANTIFIERS)],
        "modality": [words(annotate._MODALS), annotate._MODAL_PHRASES],
    }
    for p in domain_patterns():
        out.setdefault(p.family, []).append(p.regex)
    return out


class Scorer:
    """Cheap per-family scores of documents: how many sentences hold a match of the family."""

    def __init__(self, tiers: Iterable[str] = ()):
        from .patterns import RulePatterns

        self.patterns = _family_patterns()
        tier_rx = RulePatterns(tiers).tier_rx
        if tier_rx is not None:
            self.patterns["scope"] = [*self.patterns["scope"], tier_rx]

    def score(self, doc: Document) -> dict[str, int]:
        from ..corpus import sentence_spans

        spans = [(a, b) for a, b in sentence_spans(doc) if not _MARKUP.search(doc.text, a, b)]
        starts = [a for a, _ in spans]
        out: dict[str, int] = {}
        for family, rxs in self.patterns.items():
            hit: set[int] = set()
            for rx in rxs:
                for m in rx.finditer(doc.text):
                    i = bisect.bisect_right(starts, m.start()) - 1
                    if i >= 0 and m.start() < spans[i][1]:
                        hit.add(i)
            if hit:
                out[family] = len(hit)
        return out


@dataclass(frozen=True)
class Budget:
    """How much of the corpus a build parses: until each family's pool holds ``quota x factor``
    candidates. ``first`` are documents parsed before the seeded order (``--update``: edited and
    added). A family still short is exhausted when, at the rate its last ``patience`` batches
    added candidates, parsing as many documents again would not fill its pool: the order puts
    the documents richest in it first, so the rest of the corpus yields no faster (this keeps a
    family that is rare in the whole corpus from forcing a parse of all of it)."""

    quotas: Mapping[str, int]  # family -> pairs wanted
    seed: int
    factor: float = DEFAULT_POOL_FACTOR
    first: tuple[str, ...] = ()
    batch: int = BATCH_DOCUMENTS
    patience: int = 2
    #: documents parsed before a family may be called exhausted; None: :data:`SAMPLE_PER_PAIR`
    #: per pair of the suite, in whole batches, at least ``patience`` batches (it scales with the
    #: suite, not the corpus; under this many documents a corpus is parsed until its pools are
    #: full or it ends)
    min_sample: int | None = None
    chunk_chars: int = 500
    threshold: float = 90.0

    def target(self, family: str) -> int:
        return math.ceil(self.quotas[family] * self.factor)

    @property
    def sample(self) -> int:
        if self.min_sample is not None:
            return self.min_sample
        batches = math.ceil(SAMPLE_PER_PAIR * sum(self.quotas.values()) / self.batch)
        return self.batch * max(self.patience, batches)


def budget_for(n_cases: int, families: Sequence[str] | None, seed: int, factor: float | None,
               first: Sequence[str] = (), **options) -> Budget | None:
    """The budget of an ``n_cases`` build, or None (parse everything) when ``factor`` is 0/None."""
    if not factor or factor <= 0:
        return None
    from ..cases.build import quotas
    from ..cases.families import get_families

    names = [f.name for f in get_families(families)]
    return Budget(quotas(math.ceil(n_cases / 2), names), seed, float(factor), tuple(first), **options)


def _unit(seed: int, doc_id: str) -> float:
    """A uniform number in (0, 1) from the seed and the document id (stable everywhere)."""
    h = int.from_bytes(hashlib.sha256(f"{seed}\0parse-order\0{doc_id}".encode()).digest()[:8], "big")
    return (h + 0.5) / 2.0**64


def parse_order(documents: Sequence[Document], scores: Mapping[str, Mapping[str, int]], budget: Budget) -> list[str]:
    """Document ids in parse order: ``budget.first`` as given, then a seeded weighted shuffle.

    A document's weight is the share of wanted families it offers, each counted up to
    :data:`_ENOUGH` sentences (so a long page does not outweigh several rich short ones), plus
    a floor. It depends on the document alone: editing one document never reorders the others,
    so an update finds the build's documents where the build left them (in the parse cache)."""
    families = list(budget.quotas)

    def weight(doc_id: str) -> float:
        s = scores.get(doc_id, {})
        return _FLOOR + sum(min(1.0, s.get(f, 0) / _ENOUGH) for f in families) / max(1, len(families))

    ids = {d.id for d in documents}
    first = [d for d in dict.fromkeys(budget.first) if d in ids]
    rest = sorted((d.id for d in documents if d.id not in set(first)),
                  key=lambda d: (-math.log(_unit(budget.seed, d)) / weight(d), d))
    return first + rest


class _Prefix:
    """The parsed part of the corpus, shaped as the build context reads an analysis."""

    def __init__(self, corpus, sentences, mined, annotator):
        self.corpus, self.sentences, self.mined, self.annotator = corpus, sentences, mined, annotator
        self.tiers = tuple(annotator.tiers)  # as the full analysis holds them


class Pools:
    """Candidates per family in the documents parsed so far, counted as `build` makes them
    (its families, fairness rules and question templates), with values mined from the parsed
    prefix. Mining is redone only when the prefix has grown by half, so counting costs a small
    share of parsing; an older vocabulary only undercounts (parsing goes on a little longer)."""

    def __init__(self, budget: Budget, corpus, annotator):
        from ..cases.families import get_families

        self.budget = budget
        self.families = tuple(get_families(list(budget.quotas)))
        self.counts = {f.name: 0 for f in self.families}
        self.gains: list[dict[str, int]] = []  # candidates each batch added, per family
        self.parsed = 0  # documents parsed so far
        self.corpus, self.annotator = corpus, annotator
        self._ctx = None
        self._mined_at = 0
        self._house: tuple[str, ...] | None = None  # the corpus's own names: all documents, read once

    def add(self, parsed: Mapping[str, list[Sentence]], new_ids: Sequence[str]) -> None:
        from ..cases.build import BuildContext, generate_candidates
        from ..cases.families import ValueSource
        from ..cases.questions import template_env
        from ..judges.slots import analysis_product_names
        from .mine import mine

        if self._ctx is None or len(parsed) >= 1.5 * self._mined_at:
            mined = mine(parsed, threshold=self.budget.threshold)
            prefix = _Prefix(self.corpus, dict(parsed), mined, self.annotator)
            env = self._ctx.env if self._ctx is not None else template_env(None)
            if self._house is None:
                self._house = analysis_product_names(prefix)
            self._ctx = BuildContext(prefix, self.families, None, self.budget.seed, self.budget.chunk_chars, 0, env,
                                     ValueSource(mined.vocabulary, mined, house=self._house))
            self._mined_at = len(parsed)
        else:
            self._ctx.analysis.sentences.update({d: parsed[d] for d in new_ids})
        self.parsed = len(parsed)
        found = generate_candidates(self._ctx, doc_ids=new_ids)
        gain = {f: len(found.get(f, ())) for f in self.counts}
        for f, n in gain.items():
            self.counts[f] += n
        self.gains.append(gain)

    def short(self) -> list[str]:
        return [f for f in self.budget.quotas if self.counts.get(f, 0) < self.budget.target(f)]

    def exhausted(self, family: str) -> bool:
        """At the rate of its last ``patience`` batches, parsing as much again would still leave
        the family short (a family with no new candidate in that stretch is exhausted at once),
        and the pools together already hold :data:`SUITE_FILL` candidates per pair."""
        p = self.budget.patience
        if len(self.gains) < p or self.parsed < self.budget.sample:
            return False
        if sum(self.counts.values()) < SUITE_FILL * sum(self.budget.quotas.values()):
            return False  # too few candidates in all to fill the suite: keep parsing
        rate = sum(g.get(family, 0) for g in self.gains[-p:]) / p
        need = self.budget.target(family) - self.counts.get(family, 0)
        return need > rate * len(self.gains)


def parse_until_full(
    corpus,
    budget: Budget,
    annotator,
    annotate_batch: Callable[[Sequence[Document]], Mapping[str, list[Sentence]]],
    *,
    progress: Callable[..., Callable[[int], None]] | None = None,
) -> tuple[dict[str, list[Sentence]], Pools]:
    """Sentences of the documents parsed, in corpus order, and the final pools.

    ``annotate_batch(docs)`` parses (or reads from the cache) a batch of documents."""
    documents = corpus.documents
    scorer = Scorer(annotator.tiers)
    tick = progress("scoring", len(documents)) if progress else None
    scores: dict[str, dict[str, int]] = {}
    for doc in documents:
        scores[doc.id] = scorer.score(doc)
        if tick:
            tick(1)
    by_id = {d.id: d for d in documents}
    # the documents named first form a batch of their own; the batches after them are the
    # build's batches less those documents, so an update parses no unchanged document the build
    # did not (unless its pools need more, or an edit moved a document across a batch boundary)
    first = [d for d in dict.fromkeys(budget.first) if d in by_id]
    seeded = parse_order(documents, scores, replace(budget, first=()))
    skip = set(first)
    batches = [first] + [[d for d in seeded[i:i + budget.batch] if d not in skip]
                         for i in range(0, len(seeded), budget.batch)]
    pools = Pools(budget, corpus, annotator)
    left = {f: sum(s.get(f, 0) for s in scores.values()) for f in budget.quotas}
    parsed: dict[str, list[Sentence]] = {}
    bar = progress("parsing until the pools are full", len(documents)) if progress else None
    for ids in batches:
        if not ids:
            continue
        batch = [by_id[d] for d in ids]
        found = annotate_batch(batch)
        for doc in batch:
            parsed[doc.id] = found[doc.id]
            for f in left:
                left[f] -= scores[doc.id].get(f, 0)
        pools.add(parsed, [d.id for d in batch])
        if bar:
            bar(len(batch))
        if all(left[f] <= 0 or pools.exhausted(f) for f in pools.short()):
            break
    if bar and len(parsed) < len(documents):
        getattr(bar, "close", lambda: None)()
    ordered = {d.id: parsed[d.id] for d in documents if d.id in parsed}
    return ordered, pools
