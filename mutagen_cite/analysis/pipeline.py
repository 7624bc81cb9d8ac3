"""Load, annotate and mine a corpus in one call: the front half every command shares."""

from __future__ import annotations

import os
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

from .annotate import Annotator, learn_tiers, load_spacy
from .mine import DEFAULT_THRESHOLD, MineResult, mine
from ..model import FAMILIES, Sentence
from .parse_cache import DEFAULT_CACHE, AnnotatorFactory, ParseStats, annotate_documents, open_cache


@dataclass(frozen=True)
class Analysis:
    corpus: object  # mutagen_cite.corpus.Corpus
    annotator: Annotator
    sentences: Mapping[str, list[Sentence]]
    mined: MineResult
    parse_stats: ParseStats
    tiers: tuple[str, ...] = ()
    warnings: tuple[str, ...] = field(default_factory=tuple)
    #: the sublinear budget's pools when only part of the corpus was parsed (None: all of it)
    pools: object = None
    #: counts of a streamed analysis, whose ``sentences`` were not kept (None: count ``sentences``)
    totals: "Totals | None" = None

    def parsed_line(self) -> str:
        """``parsed 96 of 888 documents ...`` after a sublinear build ("" when all were analysed)."""
        total = len(self.corpus.documents)
        if self.pools is None or len(self.sentences) >= total:
            return ""
        b = self.pools.budget
        short = [f for f in self.pools.short()]
        why = (f"every family's candidate pool reached {b.factor:g}x its quota" if not short else
               f"{', '.join(short)} stopped growing fast enough to reach {b.factor:g}x their quota")
        return f"analysed {len(self.sentences)} of {total} documents: {why} (--full analyses all)"

    def _totals(self) -> "Totals":
        if self.totals is not None:
            return self.totals
        totals = Totals()
        for sentences in self.sentences.values():
            totals.add(sentences)
        return totals

    def document_count(self) -> int:
        """Documents analysed (read from the cache or parsed)."""
        return self._totals().documents

    def slot_counts(self) -> dict[str, int]:
        counts = self._totals().slots
        return {f: counts.get(f, 0) for f in FAMILIES} | {
            f: n for f, n in sorted(counts.items()) if f not in FAMILIES
        }

    def enumeration_counts(self) -> dict[str, int]:
        counts = Counter(e.family for e in self.mined.enumerations)
        return {f: counts.get(f, 0) for f in FAMILIES}

    def sentence_count(self) -> int:
        return self._totals().sentences

    def markup_sentence_count(self) -> int:
        """Sentences with a changeable slot that hold markup or code symbols (``= | < > { } [ ]``
        and backquotes): no question or claim is phrased from them, so `build` leaves them out."""
        return self._totals().markup

    def why_no_candidates(self) -> str:
        """What `build` says after "no sentence had a slot a family could change"."""
        n = self.markup_sentence_count()
        if not n:
            return ""
        return (f"; {n} sentence{'s' if n != 1 else ''} with slots {'were' if n != 1 else 'was'} left out "
                "because they contain markup or code symbols (= | < > { } [ ] `)")


_MARKUP = re.compile(r"[=|<>{}\[\]`]")


@dataclass
class Totals:
    """What the summaries count, added up one document at a time (see :class:`Analysis`)."""

    documents: int = 0
    sentences: int = 0
    markup: int = 0
    slots: Counter = field(default_factory=Counter)

    def add(self, sentences: Sequence[Sentence]) -> None:
        self.documents += 1
        self.sentences += len(sentences)
        for s in sentences:
            changeable = False
            for slot in s.slots:
                if slot.kind != "affirmative":
                    self.slots[slot.family] += 1
                    changeable = True
            if changeable and _MARKUP.search(s.text):
                self.markup += 1


def analyse(
    corpus_dir: str | os.PathLike,
    *,
    spacy_model: str | None = None,
    nlp=None,
    tiers: Iterable[str] = (),
    threshold: float = DEFAULT_THRESHOLD,
    cache_dir: str | os.PathLike | None = DEFAULT_CACHE,
    progress: Callable[[str, int], Callable[[int], None]] | None = None,
    on_warning: Callable[[object], None] | None = None,
    n_process: int | None = None,
    max_bytes: int = 10_000_000,
    corpus=None,
    budget=None,
    backend=None,
    stream: bool = False,
) -> Analysis:
    """Load ``corpus_dir``, tag slots in every sentence (cached), and mine enumerations.

    ``progress(label, total)`` returns a callback advanced as documents finish; the CLI
    passes one that drives a progress bar. ``nlp`` reuses an already-loaded pipeline;
    ``corpus`` an already-loaded :class:`~mutagen_cite.corpus.Corpus` of ``corpus_dir``.
    ``budget`` (a :class:`~mutagen_cite.analysis.sublinear.Budget`) parses documents in its
    seeded order only until every family's pool is full (see ``sublinear.py``); tiers are
    still learned from every document and the corpus (its manifest) still holds them all.
    ``backend`` (``backends.get_backend``) parses on Ray workers instead of this process.
    ``stream`` (what `mine` uses) keeps no sentence: each document's sentences go to the parse
    cache and a :class:`~mutagen_cite.analysis.mine.MineAccumulator` (its groupable sentences
    spilled to disk) and are dropped, so memory follows the spaCy chunk, not the corpus; the
    analysis then has counts (``totals``) and the mined result, and empty ``sentences``.
    """
    from ..corpus import load_corpus

    if corpus is None:
        corpus = load_corpus(Path(corpus_dir), on_warning=on_warning, max_bytes=max_bytes, progress=bool(getattr(progress, "enabled", False)))
    documents: Sequence = corpus.documents
    tier_names = learn_tiers((d.text for d in documents), extra=tiers)
    annotator = Annotator(nlp if nlp is not None else load_spacy(spacy_model), tiers=tier_names, n_process=n_process)
    cache = open_cache(annotator, cache_dir)
    from .backends import active

    backend = backend if backend is not None else active()
    remote = {}
    if backend.name != "local":
        remote = {"backend": backend,
                  "factory": AnnotatorFactory(spacy_model, annotator.tiers, annotator.version)}
    pools = None
    if stream and budget is None:
        from .mine import MineAccumulator, SpillStore

        store = SpillStore()
        acc, totals = MineAccumulator(threshold=threshold, store=store), Totals()

        def sink(doc, found):
            acc.add(doc.id, found)
            totals.add(found)

        try:
            _, stats = annotate_documents(documents, annotator, cache=cache, bars=progress, sink=sink, **remote)
            mined = acc.result(progress=progress)
        finally:
            store.close()
        return Analysis(corpus, annotator, {}, mined, stats, tier_names, totals=totals)
    if budget is None:
        sentences, stats = annotate_documents(documents, annotator, cache=cache, bars=progress, **remote)
    else:
        from .sublinear import parse_until_full

        parsed = [0]

        def annotate_batch(batch):
            found, batch_stats = annotate_documents(batch, annotator, cache=cache, **remote)
            parsed[0] += batch_stats.parsed
            return found

        sentences, pools = parse_until_full(corpus, budget, annotator, annotate_batch, progress=progress)
        stats = ParseStats(len(documents), parsed[0], sum(len(v) for v in sentences.values()))
    mined = mine(sentences, threshold=threshold, progress=progress)
    return Analysis(corpus, annotator, sentences, mined, stats, tier_names, pools=pools)


def mine_document(analysis: Analysis, *, top: int | None = None) -> dict:
    """The ``mine`` output: summary, enumerations (largest first within a family), vocabulary."""
    enums = sorted(
        analysis.mined.enumerations, key=lambda e: (FAMILIES.index(e.family) if e.family in FAMILIES else 99, -len(e.members), e.template)
    )
    if top is not None:
        enums = enums[:top]
    return {
        "summary": {
            "documents": analysis.document_count(),
            "sentences": analysis.sentence_count(),
            "slots": analysis.slot_counts(),
            "enumerations": analysis.enumeration_counts(),
            "tiers": list(analysis.tiers),
        },
        "enumerations": [
            {
                "family": e.family,
                "kind": e.kind,
                "template": e.template,
                "values": list(e.values),
                "members": [
                    {"doc": m.doc_id, "start": m.start, "end": m.end, "value": m.value, "text": m.text}
                    for m in e.members
                ],
            }
            for e in enums
        ],
        "vocabulary": {k: list(v) for k, v in analysis.mined.vocabulary.surfaces.items()},
    }
