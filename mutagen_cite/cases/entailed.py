"""Is the claim still said elsewhere in the near miss's chunk? (issues 10 and 11)

An aggregation, modality or polarity near miss is the true chunk with one sentence weakened or
flipped. It is no near miss when *another* unit of that chunk (a sentence, a heading, a list
item, a table row with its headers: the one splitter's units) still states the claim, in other
words than the edited sentence (:func:`~.fairness.restated._restated` catches the same words said twice).

No NLI model can be installed on the machines this was built on (docs MODELS.md), so the check
has two scorers behind one protocol (``scores(pairs) -> list[float]``, pairs of (unit, claim)):

- an NLI cross-encoder, when one is configured (``--nli-model`` / ``MUTAGEN_CITE_NLI_MODEL``,
  found inside the build's judge): the unit must *entail* the claim (its score at least the
  judge's threshold);
- otherwise the sentence-embedding model the build already loads for hardness
  (all-MiniLM-L6-v2 through :func:`~mutagen_cite.audit.hardness.load_embedder_for`, memoised
  per text by :class:`~mutagen_cite.judges.relevance.Relevance`): the unit must say *the same
  thing* as the claim, cosine at least :data:`ENTAILED_COSINE`.

Either way a unit is only a restatement when its attributes agree with the claim (these are
what a cosine cannot see): it keeps the claim's values (plan, region, number: a sibling about
the Team plan is no restatement of a Starter-plan claim), carries none of the weaker words the
edit put in ("most", "may", ...), has the claim's polarity (a denial restates a denial), and
shares a content word with it.

**Measured** (hand-checked aggregation/modality/polarity cases of the seven r13 suites, 16 whose
distractor still supports the claim, 105 whose does not): the cosine of the claim with its
closest other unit does not separate them. The chunk-mates that still imply the claim are
inferences ("All data ... in the EU" / "Data never leaves the EU.", 0.59; "All stats ... are
kept." / "Nothing is reset when you upgrade.", 0.23), while enumeration siblings sit at
0.95-0.98 and unrelated neighbours up to 0.84. So the embedding threshold is set for
precision: a paraphrase, not an inference (0.85 drops none of the 105 good cases, and finds
none of the 16). Inference needs the NLI path.

When no model can be loaded the build prints one notice and skips the rule.
"""

from __future__ import annotations

import re
import sys
from typing import Any, Callable, Sequence

from ..values import contains_phrase
from .fairness.reading import _NEGATIVE_CLAUSE_RX, _claim_values, _content_stems, _keeps, _sentence_spans

#: the families whose near miss keeps the claim's words and changes its strength or polarity
FAMILIES = ("aggregation", "modality", "polarity")
#: cosine (all-MiniLM-L6-v2) of the claim with another unit at which that unit restates it;
#: chosen for precision on the r13 verdicts (see the module docstring)
ENTAILED_COSINE = 0.85
#: words that weaken a statement: a unit carrying one (the claim not) does not restate the claim
WEAKER = re.compile(
    r"\b(?:most|some|many|several|few|certain|usually|often|sometimes|generally|typically|mostly|normally|"
    r"occasionally|rarely|may|might|can|could|optional(?:ly)?|recommended|encouraged)\b", re.I)
#: the one-line notice when no model can be loaded
NOTICE = "build: the entailed-elsewhere check is skipped ({why})"


class EmbeddingScorer:
    """Cosine of (unit, claim) pairs through a sentence-embedding model, memoised per text."""

    def __init__(self, embedder: Any):
        from ..judges.relevance import Relevance

        self.relevance = Relevance(embedder)
        self.threshold = ENTAILED_COSINE
        self.name = "embedding"

    def scores(self, pairs: Sequence[tuple[str, str]]) -> list[float] | None:
        out = self.relevance.cosines([(claim, [unit]) for unit, claim in pairs])
        return None if out is None else list(out)


class NLIScorer:
    """Entailment probability of the claim by each unit, from an NLI cross-encoder judge."""

    def __init__(self, judge: Any):
        self.judge = judge
        self.threshold = float(getattr(judge, "threshold", 0.5))
        self.name = "nli"

    def scores(self, pairs: Sequence[tuple[str, str]]) -> list[float] | None:
        return [float(s) for s in self.judge.score(list(pairs))] if pairs else []


def find_nli_judge(judge: Any) -> Any | None:
    """The NLI cross-encoder judge inside a build's judge (itself, a cached one, an ensemble
    member), or None."""
    from ..judges.nli import NLIJudge

    if judge is None:
        return None
    if isinstance(judge, NLIJudge) or isinstance(getattr(judge, "inner", None), NLIJudge):
        return judge
    for member in getattr(judge, "members", ()) or ():
        found = find_nli_judge(member)
        if found is not None:
            return found
    return None


def make_checker(judge: Any = None, *, embedding_model: str | None = None, cache_dir=None,
                 notice: Callable[[str], None] | None = None) -> "ChunkEntailment":
    """The build's check: NLI when the judge has a cross-encoder, else the embedding model
    (loaded on first use; when it cannot be, ``notice`` is called once and the rule is skipped)."""
    say = notice or (lambda line: print(line, file=sys.stderr))
    nli = find_nli_judge(judge)
    if nli is not None:
        return ChunkEntailment(NLIScorer(nli))
    from ..audit.hardness import load_embedder_for
    from ..judges.relevance import LazyEmbedder

    lazy = LazyEmbedder(lambda: load_embedder_for(embedding_model, cache_dir), name=embedding_model or "default",
                        notice=lambda line: say(NOTICE.format(why=line.split("(", 1)[-1].rsplit(")", 1)[0][:160])))
    return ChunkEntailment(EmbeddingScorer(lazy))


def other_units(c) -> list[str]:
    """The units of the distractor chunk other than the edited one (headings, list items and
    table rows are sentences of the one splitter)."""
    span = c.edit_span
    text = c.distractor_text
    out = []
    for a, b in _sentence_spans(text):
        if span is not None and a < max(span[1], span[0] + 1) and b > span[0]:
            continue
        unit = " ".join(text[a:b].split())
        if unit:
            out.append(unit)
    return list(dict.fromkeys(out))


def eligible(claim: str, unit: str, *, family: str, negated: bool, values: Sequence[str] = (),
             replacement: str = "") -> bool:
    """Can ``unit`` restate ``claim`` at all, by its attributes? It keeps every one of the
    claim's ``values``, carries no weaker word the claim lacks (nor the edit's ``replacement``),
    has the claim's polarity (``negated``: the claim denies) and shares a content word with it."""
    if not all(_keeps(unit, v) for v in values):
        return False
    if replacement and contains_phrase(unit, replacement) and not contains_phrase(claim, replacement):
        return False
    claim_weak = {w.lower() for w in WEAKER.findall(claim)}
    if any(w.lower() not in claim_weak for w in WEAKER.findall(unit)):
        return False
    if bool(_NEGATIVE_CLAUSE_RX.search(unit)) != negated:
        return False
    return bool(_content_stems(claim) & _content_stems(unit))


class ChunkEntailment:
    """For a batch of candidates: the unit of each distractor chunk that still states the claim."""

    def __init__(self, scorer: Any):
        self.scorer = scorer
        self.checked = 0  # candidates looked at (for tests and -v)

    def restatements(self, batch: Sequence[Any]) -> list[str | None]:
        """Per candidate, the other unit of its distractor chunk that restates (NLI: entails)
        its claim, or None; all of the batch's pairs go to the scorer in one call."""
        asks: list[tuple[int, str, str]] = []
        for i, c in enumerate(batch):
            if c.family.name not in FAMILIES or c.mutation is None:
                continue
            self.checked += 1
            claim = c.phrasing.claim.strip()
            negated = (c.site.kind == "negation") if c.family.name == "polarity" else bool(
                _NEGATIVE_CLAUSE_RX.search(claim))
            values = _claim_values(c)
            for unit in other_units(c):
                if eligible(claim, unit, family=c.family.name, negated=negated, values=values,
                            replacement=c.replacement):
                    asks.append((i, unit, claim))
        out: list[str | None] = [None] * len(batch)
        if not asks:
            return out
        scores = self.scorer.scores([(unit, claim) for _, unit, claim in asks])
        if scores is None:  # no model: the rule is skipped
            return out
        for (i, unit, _), s in zip(asks, scores):
            if out[i] is None and s >= self.scorer.threshold:
                out[i] = (f"{unit[:50]!r} still states the claim ({self.scorer.name} {s:.2f} >= "
                          f"{self.scorer.threshold:.2f})")
        return out


__all__ = ["ChunkEntailment", "EmbeddingScorer", "ENTAILED_COSINE", "NLIScorer", "eligible", "find_nli_judge",
           "make_checker", "other_units"]
