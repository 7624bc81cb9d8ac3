"""What every mutation family provides, and the value source mutators draw from.

A family lists the sites it could change in a sentence (``sites``), then applies exactly one
change at one site by splicing the sentence text at the slot's offsets (``mutate``), or
returns None when the change would not be a clean near miss. Replacement values come first
from the corpus (``ValueSource.mined``: sibling values of the same enumeration, then the
corpus vocabulary for that slot kind), and only then from typed generators (``origin:
synthetic``). ``examples()`` are before/after pairs that one parametrised test runs for every
registered family.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol, Sequence, runtime_checkable

from ...model import Mutation, Sentence, Slot, Vocabulary


@dataclass(frozen=True)
class Example:
    """``before`` must yield a mutation (with ``ValueSource.empty()`` and seed 0 unless
    ``vocabulary`` is given) whose text differs from ``before`` only at the slot whose surface
    is ``slot_text``; when ``after`` is given the mutated text must equal it."""

    before: str
    slot_text: str
    after: str | None = None
    vocabulary: dict[str, tuple[str, ...]] | None = None


class ValueSource:
    """Where replacement values come from: the sentence's own enumeration siblings, then the
    corpus vocabulary of that slot kind. Families call ``mined`` before inventing a value."""

    def __init__(self, vocabulary: Vocabulary | None = None, mine_result=None, house: Sequence[str] = ()):
        self.vocabulary = vocabulary or Vocabulary({})
        self.mine_result = mine_result
        self._house = tuple(house)

    @classmethod
    def empty(cls) -> "ValueSource":
        return cls()

    def house_names(self) -> tuple[str, ...]:
        """The corpus's own names (its company or product: what the documents are about), as
        the build found them once per run with :func:`~mutagen_cite.judges.slots.corpus_product_names`,
        the one definition the judge and the suite header use too; empty when none were given.
        Documentation names its own product on every page; a near miss that swaps it for a
        competitor ("documents retrieved by <rival>" in the house's own guide) is no document
        the house would write, so entity edits neither change it nor bring it in (issue 11)."""
        return self._house

    def mined(self, sentence: Sentence, slot: Slot) -> tuple[str, ...]:
        """Real alternative surfaces for ``slot``: siblings first, then the vocabulary.
        Never the slot's own value (compared case- and space-insensitively)."""
        own = " ".join(slot.text.lower().split())
        seen: dict[str, None] = {}
        if self.mine_result is not None:
            for v in self.mine_result.enumeration_values(sentence, slot.kind):
                seen.setdefault(v, None)
        for v in self.vocabulary.surfaces.get(slot.kind, ()):
            seen.setdefault(v, None)
        return tuple(v for v in seen if " ".join(v.lower().split()) != own)


@runtime_checkable
class Family(Protocol):
    name: str  # "scope"
    version: str  # "scope.v1": recorded in suites so old suites stay reproducible
    description: str

    def sites(self, sentence: Sentence) -> list[Slot]: ...

    def mutate(
        self, sentence: Sentence, site: Slot, values: ValueSource, rng: random.Random
    ) -> Mutation | None: ...

    def examples(self) -> Sequence[Example]: ...


def splice(sentence: Sentence, slot: Slot, replacement: str) -> str:
    """The sentence text with ``slot`` replaced: a splice at offsets, never a global re.sub."""
    return sentence.text[: slot.start] + replacement + sentence.text[slot.end :]


def make_mutation(
    family: Family, sentence: Sentence, slot: Slot, replacement: str, origin: str, text: str | None = None
) -> Mutation:
    return Mutation(
        family=family.name,
        family_version=family.version,
        sentence=sentence,
        slot=slot,
        original=slot.text,
        replacement=replacement,
        mutated_text=text if text is not None else splice(sentence, slot, replacement),
        origin=origin,
    )
