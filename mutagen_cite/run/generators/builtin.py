"""Built-in baselines that make a suite's meaning visible.

* ``oracle`` answers with the expected claim and cites the true chunk, and declines on
  true-absent cases: it must pass nearly everything, or the suite is broken.
* ``similarity`` / ``lexical`` are seed 003's 0.97-on-easy-corpora strategy: state the answer
  (the case's claim, as a fluent model would) and attach the chunk most similar to it, with no
  notion of entailment, never declining. A near-miss suite must catch no pair of theirs: in
  the true-absent twin the near miss is the closest thing available, and they cite it.
* ``extractive`` / ``extractive-lexical`` copy the sentence of the chunk most similar to the
  *question* and cite it, never declining: faithful by construction, so they pass true-absent
  twins, and pass both-present cases exactly when resemblance to the question points at the
  true chunk (how far a suite's questions give the answer away to surface matching).
* ``first-chunk`` states the claim and cites the first passage whatever it says; ``abstain``
  always declines.
* ``reader`` (:mod:`.reader`) answers only from a sentence that states the question's whole
  condition and declines otherwise: the cases are passable from the context alone.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..grading import expected_yes
from ..answers import chunk_sentences, normalise_space
from .base import GenerationFailed, Request
from .reader import ReaderGenerator  # noqa: F401  (registered with the other built-ins)


def _plain(sentence: str) -> str:
    """A sentence made safe to follow with a marker: its own brackets cannot read as citations."""
    return normalise_space(sentence.replace("[", "(").replace("]", ")"))


def _marker(ids: Sequence[str]) -> str:
    return "[" + ", ".join(ids) + "]"


class OracleGenerator:
    """Uses the case's expectation; needs the Case (only built-ins get it)."""

    name = "oracle"
    concurrency = 1

    def generate(self, request: Request) -> Any:
        case = request.case
        if case is None:
            raise GenerationFailed("the oracle needs the suite case, not just the request")
        expect = case.expect
        if case.variant == "true-absent" or expect.behaviour == "decline":
            return {"decline": True}
        ids = list(expect.cited_chunks_include) or [case.context[0].chunk_id]
        yes = "Yes. " if expected_yes(case) else ""  # a yes/no verification case (expect.answer: yes)
        return {"answer": f"{yes}{_plain(self._claim(case))} {_marker(ids)}"}

    @staticmethod
    def _claim(case) -> str:
        want = (case.expect.answer_contains or ("" if expected_yes(case) else case.answer) or "").strip()
        if case.claim and want.lower() in normalise_space(case.claim).lower():
            return case.claim
        for cid in case.expect.cited_chunks_include:
            text = case.chunk_text(cid) or ""
            for sentence in chunk_sentences(text):
                if want and want.lower() in normalise_space(sentence.text).lower():
                    return sentence.text
        return case.claim or want or case.answer

    def close(self) -> None:
        pass


class SimilarityBaseline:
    """Cite by resemblance alone.

    ``mode="claim"`` (``similarity``, ``lexical``): answer with the case's claim and cite the
    chunk most similar to it (needs the Case, as built-ins get it). ``mode="question"``
    (``extractive``): the chunk most similar to the question, its best-matching sentence, cited.

    ``similarity`` is any object with ``name`` and ``scores(query, passages) -> list[float]``
    (mutagen_cite.audit.similarity's protocol): an embedding model, or token F1 for the lexical forms.
    Ties go to the earlier passage, so the result is deterministic.
    """

    concurrency = 1

    def __init__(self, similarity: Any, *, name: str | None = None, mode: str = "claim"):
        if mode not in ("claim", "question"):
            raise ValueError(f"mode must be 'claim' or 'question', not {mode!r}")
        self.similarity = similarity
        self.mode = mode
        self.name = name or f"similarity:{getattr(similarity, 'name', 'custom')}"

    def prepare(self, requests: Sequence[Request]) -> None:
        """Hand every text of the run to the similarity at once (one batched encode)."""
        prepare = getattr(self.similarity, "prepare", None)
        if not callable(prepare):
            return
        texts: list[str] = []
        for r in requests:
            texts.append(r.question)
            if r.case is not None and r.case.claim:
                texts.append(r.case.claim)
            for c in r.context:
                texts.append(c.text)
                texts.extend(s.text for s in chunk_sentences(c.text))
        prepare(texts)

    def _best(self, query: str, texts: list[str]) -> int:
        scores = list(self.similarity.scores(query, texts))
        if len(scores) != len(texts):
            raise GenerationFailed(f"similarity returned {len(scores)} scores for {len(texts)} passages")
        return max(range(len(texts)), key=lambda i: (float(scores[i]), -i))

    def generate(self, request: Request) -> Any:
        if not request.context:
            return {"decline": True}
        if self.mode == "claim":
            case = request.case
            if case is None or not case.claim:
                raise GenerationFailed(f"{self.name} states the case's claim: it needs the suite case")
            chunk = request.context[self._best(case.claim, [c.text for c in request.context])]
            yes = "Yes. " if expected_yes(case) else ""
            return {"answer": f"{yes}{_plain(case.claim)} {_marker([chunk.chunk_id])}"}
        chunk = request.context[self._best(request.question, [c.text for c in request.context])]
        sentences = [s.text for s in chunk_sentences(chunk.text)] or [chunk.text]
        sentence = sentences[self._best(request.question, sentences)]
        return {"answer": f"{_plain(sentence)} {_marker([chunk.chunk_id])}"}

    def close(self) -> None:
        pass


class FirstChunkGenerator:
    """States the answer and cites the first passage whatever it says: position bias, made
    visible (like ``similarity``, evidence attached without reading it). Without the suite case
    it answers with the first passage's first sentence."""

    name = "first-chunk"
    concurrency = 1

    def generate(self, request: Request) -> Any:
        if not request.context:
            return {"decline": True}
        first = request.context[0]
        case = request.case
        if case is not None and case.claim:
            yes = "Yes. " if expected_yes(case) else ""
            return {"answer": f"{yes}{_plain(case.claim)} {_marker([first.chunk_id])}"}
        sentences = chunk_sentences(first.text)
        sentence = sentences[0].text if sentences else first.text
        return {"answer": f"{_plain(sentence)} {_marker([first.chunk_id])}"}

    def close(self) -> None:
        pass


class AbstainGenerator:
    """Always declines: passes every true-absent case and no both-present one."""

    name = "abstain"
    concurrency = 1

    def generate(self, request: Request) -> Any:
        return {"decline": True}

    def close(self) -> None:
        pass

