"""Enumeration mining: sibling sentences that say the same thing about different values.

A sentence's *template* is its text with every slot replaced by ``{kind}``. Sentences whose
templates are equal, or similar above a rapidfuzz threshold, and whose slot kinds line up,
form a group; each slot position whose value differs across the group is an enumeration
("Request logs in {region} are retained for {duration}." varies region and duration).
The vocabulary lists every real surface value per slot kind: what mutators draw from first.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping, Sequence

from rapidfuzz import fuzz, process

from .domain import TierOrderEvidence
from ..model import Enumeration, EnumerationMember, Sentence, Slot, Vocabulary

MINE_VERSION = "mine.v3"
DEFAULT_THRESHOLD = 90.0
_WORD = re.compile(r"[A-Za-z]{2,}")


def mask_slots(slots: Iterable[Slot]) -> list[Slot]:
    """The slots that carry a value (a polarity *site* has none)."""
    return [s for s in slots if s.kind != "affirmative"]


def template_of(sentence: Sentence) -> tuple[str, tuple[str, ...], tuple[Slot, ...]]:
    """(masked template, slot kinds in order, the masked slots) of a sentence."""
    slots = sorted(mask_slots(sentence.slots), key=lambda s: s.start)
    parts: list[str] = []
    pos = 0
    for s in slots:
        parts.append(sentence.text[pos : s.start])
        parts.append("{" + s.kind + "}")
        pos = s.end
    parts.append(sentence.text[pos:])
    template = " ".join("".join(parts).split())
    return template, tuple(s.kind for s in slots), tuple(slots)


@dataclass(frozen=True)
class MineResult:
    enumerations: tuple[Enumeration, ...]
    vocabulary: Vocabulary
    #: sentence key (doc#start-end) -> indexes into ``enumerations`` it is a member of
    membership: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    #: enumerations dropped because another of the same kind already lists their group
    repeats: int = 0
    #: surface -> {slot kind: mentions tagged with that kind}: how the corpus uses a name
    kinds_of: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    #: (lower, higher) plan tiers, lower-cased: the order the corpus writes and prices them in
    #: (:class:`~mutagen_cite.analysis.domain.TierOrderEvidence`)
    tier_order: tuple[tuple[str, str], ...] = ()
    #: head word of a multi-word name (lower-cased) -> how often the corpus writes it in lower
    #: case inside a sentence ("the scanner"): 0 means the word only ever appears as part of names
    head_lowercase: Mapping[str, int] = field(default_factory=dict)

    def head_is_name_part(self, head: str) -> bool:
        """The corpus never writes ``head`` in lower case: it is a word of proper names ("Studio"
        of "Data Studio" and "Android Studio"), not a common noun naming a kind of thing ("the
        scanner"). False when the head was not recorded (no corpus evidence)."""
        return self.head_lowercase.get(head.lower(), -1) == 0

    def confirmed(self, surface: str, kind: str, *, at_least: int = 2) -> bool:
        """The corpus confirms ``surface`` as a ``kind``: it recurs tagged that way (at least
        ``at_least`` mentions) and is not tagged as another kind more often. A statistical
        tagger's one-off guess ("Max Memory Limit" as a person) is not confirmed."""
        counts = self.kinds_of.get(" ".join(surface.split()), {})
        n = counts.get(kind, 0)
        return n >= at_least and all(n >= m for k, m in counts.items() if k != kind)

    def siblings(self, sentence: Sentence, family: str | None = None) -> list[tuple[Enumeration, EnumerationMember]]:
        """Other members of every enumeration this sentence belongs to (optionally one family)."""
        out = []
        for i in self.membership.get(sentence.key, ()):
            enum = self.enumerations[i]
            if family and enum.family != family:
                continue
            for m in enum.members:
                if (m.doc_id, m.start, m.end) != (sentence.doc_id, sentence.start, sentence.end):
                    out.append((enum, m))
        return out

    def enumeration_values(self, sentence: Sentence, kind: str) -> tuple[str, ...]:
        """Surface values of ``kind`` used by this sentence's siblings (best replacements)."""
        seen: dict[str, None] = {}
        for enum, m in self.siblings(sentence):
            if enum.kind == kind:
                seen.setdefault(m.slot_text, None)
        return tuple(seen)


def mine(
    sentences_by_doc: Mapping[str, Sequence[Sentence]],
    *,
    threshold: float = DEFAULT_THRESHOLD,
    min_words: int = 3,
    progress: Callable[..., Callable[[int], None]] | None = None,
) -> MineResult:
    """Mine enumerations and the value vocabulary from annotated sentences.

    ``threshold`` is the rapidfuzz ratio (0-100) above which two templates with the same slot
    kinds count as the same statement; 100 means exact templates only.
    """
    acc = MineAccumulator(threshold=threshold, min_words=min_words)
    for doc_id in sorted(sentences_by_doc):
        acc.add(doc_id, sentences_by_doc[doc_id])
    return acc.result(progress=progress)


class MineAccumulator:
    """:func:`mine` fed one document at a time, so a corpus need not be held in memory.

    Each document's sentences update the counts (vocabulary, name kinds), give their "Label:
    value" runs (a run never crosses documents), and leave only the sentences that can join a
    template group, in ``store``: in memory by default, or a :class:`SpillStore` on disk, which
    is read back one slot-kind signature at a time when :meth:`result` clusters them. The
    result is the same whatever the order documents are added in."""

    def __init__(self, *, threshold: float = DEFAULT_THRESHOLD, min_words: int = 3, store=None):
        self.threshold = threshold
        self.min_words = min_words
        self.store = store if store is not None else MemoryStore()
        self._vocabulary: dict[str, Counter[str]] = defaultdict(Counter)
        self._names: dict[str, Counter[str]] = defaultdict(Counter)
        self._runs: dict[str, list[Enumeration]] = {}
        self._tiers = TierOrderEvidence()
        self._lower: Counter[str] = Counter()

    def add(self, doc_id: str, sentences: Sequence[Sentence]) -> None:
        for sentence in sentences:
            for slot in sentence.slots:
                if slot.kind in _NAME_KINDS:
                    self._names[" ".join(slot.text.split())][slot.kind] += 1
            for slot in mask_slots(sentence.slots):
                self._vocabulary[slot.kind][" ".join(slot.text.split())] += 1
            self._lower.update(_LOWER_WORD.findall(sentence.text))
            template, kinds, slots = template_of(sentence)
            if not kinds or len(_WORD.findall(re.sub(r"\{\w+\}", "", template))) < self.min_words:
                continue
            self.store.add(kinds, template.lower(), sentence, slots)
        self._runs[doc_id] = _list_run_enumerations({doc_id: sentences})
        self._tiers.add(sentences)

    def result(self, progress: Callable[..., Callable[[int], None]] | None = None) -> MineResult:
        """The enumerations and vocabulary; ``progress`` (a :func:`~mutagen_cite.progress.bar_factory`)
        gets a bar over the slot-kind signatures clustered."""
        enumerations: list[Enumeration] = []
        signatures = sorted(self.store.signatures())
        tick = progress("mining", len(signatures), unit="group") if progress else None
        for kinds in signatures:
            templates = self.store.templates(kinds)
            keys = sorted(templates)
            for cluster in _cluster(keys, self.threshold):
                members = [m for key in cluster for m in templates[key]]
                if len(members) >= 2:
                    enumerations.extend(_enumerations_of(members))
            del templates
            if tick:
                tick(1)
        seen = {(e.kind, tuple((m.doc_id, m.start) for m in e.members)) for e in enumerations}
        for doc_id in sorted(self._runs):
            for enum in self._runs[doc_id]:
                if (enum.kind, tuple((m.doc_id, m.start) for m in enum.members)) not in seen:
                    enumerations.append(enum)
        found = len(enumerations)
        enumerations = _without_repeats(enumerations)
        enumerations.sort(key=lambda e: (e.family, e.kind, e.template, e.members[0].doc_id, e.members[0].start))
        membership: dict[str, list[int]] = defaultdict(list)
        for i, enum in enumerate(enumerations):
            for m in enum.members:
                membership[f"{m.doc_id}#{m.start}-{m.end}"].append(i)
        c = self._vocabulary
        vocabulary = Vocabulary({kind: tuple(sorted(c[kind], key=lambda v: (-c[kind][v], v))) for kind in sorted(c)})
        return MineResult(
            tuple(enumerations),
            vocabulary,
            {k: tuple(v) for k, v in sorted(membership.items())},
            repeats=found - len(enumerations),
            kinds_of={k: dict(sorted(v.items())) for k, v in sorted(self._names.items())},
            tier_order=self._tiers.result(),
            head_lowercase=self._head_lowercase(),
        )

    def _head_lowercase(self) -> dict[str, int]:
        heads = {name.split()[-1].lower() for name, kinds in self._names.items()
                 if len(name.split()) > 1 and any(k in kinds for k in ("org", "product"))}
        return {h: self._lower.get(h, 0) for h in sorted(heads) if h.isalpha()}


class MemoryStore:
    """Groupable sentences by slot-kind signature and lower-cased template, in memory."""

    def __init__(self):
        self._by_kinds: dict[tuple[str, ...], dict[str, list]] = defaultdict(lambda: defaultdict(list))

    def add(self, kinds, template, sentence, slots) -> None:
        self._by_kinds[kinds][template].append((sentence, slots))

    def signatures(self) -> list[tuple[str, ...]]:
        return list(self._by_kinds)

    def templates(self, kinds) -> Mapping[str, list]:
        return self._by_kinds[kinds]


class SpillStore:
    """The same, in a SQLite file (``path``; a temporary one by default): what `mine` keeps of a
    large corpus between reading it and clustering, one signature read back at a time. Rows
    hold offsets, the sentence text and its masked slots (the rest of a sentence is dropped)."""

    def __init__(self, path: str | None = None):
        import sqlite3
        import tempfile

        if path is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="mutagen-mine-")
            path = f"{self._tmp.name}/groups.sqlite"
        self.db = sqlite3.connect(path)
        self.db.execute("PRAGMA journal_mode=OFF")
        self.db.execute("PRAGMA synchronous=OFF")
        self.db.execute("CREATE TABLE g (kinds TEXT, template TEXT, doc TEXT, start INT, end INT, text TEXT, "
                        "slots TEXT)")

    def add(self, kinds, template, sentence, slots) -> None:
        import json

        self.db.execute("INSERT INTO g VALUES (?,?,?,?,?,?,?)", (
            json.dumps(kinds), template, sentence.doc_id, sentence.start, sentence.end, sentence.text,
            json.dumps([[x.family, x.kind, x.start, x.end, x.text, x.value, x.number, x.unit] for x in slots])))

    def signatures(self) -> list[tuple[str, ...]]:
        import json

        self.db.execute("CREATE INDEX IF NOT EXISTS g_kinds ON g (kinds)")
        return [tuple(json.loads(k)) for (k,) in self.db.execute("SELECT DISTINCT kinds FROM g")]

    def templates(self, kinds) -> Mapping[str, list]:
        import json

        out: dict[str, list] = defaultdict(list)
        rows = self.db.execute("SELECT template, doc, start, end, text, slots FROM g WHERE kinds = ? ORDER BY rowid",
                               (json.dumps(list(kinds)),))
        for template, doc, start, end, text, slots_json in rows:
            slots = tuple(Slot(*x) for x in json.loads(slots_json))
            out[template].append((Sentence(doc, start, end, text, slots), slots))
        return out

    def close(self) -> None:
        self.db.close()
        if getattr(self, "_tmp", None) is not None:
            self._tmp.cleanup()


#: a lower-case word inside a sentence (not its first word): how a common noun is written
_LOWER_WORD = re.compile(r"(?<=[a-z,;]\s)[a-z][a-z-]*[a-z]\b")
#: name kinds whose tagging a family may want the corpus to confirm
_NAME_KINDS = ("org", "person", "product", "geo", "team")


def _member_group(e: Enumeration) -> frozenset[tuple[str, str]]:
    """What a reader sees of an enumeration: its statements and the value each contributes."""
    return frozenset((" ".join(m.text.split()), " ".join(m.slot_text.split()).lower()) for m in e.members)


def _without_repeats(enumerations: list[Enumeration]) -> list[Enumeration]:
    """Drop every enumeration whose statements and values are all in another one of the same
    family and kind: a "Label: value" run that a template group already lists, two slot
    positions that carry the same values row by row, a group found again in a copied table.
    Larger groups are kept first; among equal ones the earlier (in sorted order) stays."""
    order = sorted(range(len(enumerations)), key=lambda i: (
        -len(enumerations[i].members), enumerations[i].family, enumerations[i].kind, enumerations[i].template,
        enumerations[i].members[0].doc_id, enumerations[i].members[0].start, i))
    kept: dict[tuple[str, str], list[frozenset]] = defaultdict(list)
    keep: set[int] = set()
    for i in order:
        e = enumerations[i]
        group = _member_group(e)
        if any(group <= other for other in kept[(e.family, e.kind)]):
            continue
        kept[(e.family, e.kind)].append(group)
        keep.add(i)
    return [e for i, e in enumerate(enumerations) if i in keep]


_LABEL_LINE = re.compile(r"^(?P<label>[^:;\n]{1,60}):\s+(?P<value>[^;\n]+?)\.?$")


def _list_run_enumerations(sentences_by_doc: Mapping[str, Sequence[Sentence]]) -> list[Enumeration]:
    """Lists of "Label: value" lines in a row ("Critical: 3 days" / "High: 10 days"): the
    labels differ, so templates never match, but the values form an enumeration."""
    out: list[Enumeration] = []
    for doc_id in sorted(sentences_by_doc):
        run: list[tuple[Sentence, int]] = []
        prev_end = None
        for sentence in list(sentences_by_doc[doc_id]) + [None]:  # type: ignore[list-item]
            m = _LABEL_LINE.match(sentence.text) if sentence is not None else None
            adjacent = sentence is not None and prev_end is not None and sentence.start - prev_end <= 3
            if m is None or not adjacent:
                out.extend(_run_enumerations(run))
                run = []
            if m is not None:
                run.append((sentence, m.start("value")))
            prev_end = sentence.end if sentence is not None else None
    return out


def _run_enumerations(run: list[tuple[Sentence, int]]) -> list[Enumeration]:
    if len(run) < 2:
        return []
    by_template: dict[tuple[str, tuple[str, ...]], list[tuple[Sentence, tuple[Slot, ...]]]] = defaultdict(list)
    for sentence, value_at in run:
        slots = tuple(s for s in sorted(mask_slots(sentence.slots), key=lambda s: s.start) if s.start >= value_at)
        if not slots:
            continue
        parts, pos = [], value_at
        for slot in slots:
            parts.append(sentence.text[pos : slot.start] + "{" + slot.kind + "}")
            pos = slot.end
        parts.append(sentence.text[pos:])
        template = "{label}: " + " ".join("".join(parts).split())
        by_template[(template, tuple(s.kind for s in slots))].append((sentence, slots))
    out = []
    for (template, kinds), rows in by_template.items():
        if len(rows) < 2:
            continue
        for pos, kind in enumerate(kinds):
            if len({slots[pos].value for _, slots in rows}) < 2:
                continue
            members = tuple(
                EnumerationMember(s.doc_id, s.start, s.end, s.text, slots[pos].value, slots[pos].text) for s, slots in rows
            )
            out.append(Enumeration(template, rows[0][1][pos].family, kind, members))
    return out


# --------------------------------------------------------------------------- internals


#: template rows compared per rapidfuzz call in :func:`_cluster`
_CDIST_ROWS = 1024


def _cluster(keys: list[str], threshold: float) -> list[list[str]]:
    """Union-find over templates whose ratio reaches ``threshold``; singletons included."""
    if threshold >= 100 or len(keys) < 2:
        return [[k] for k in keys]
    parent = list(range(len(keys)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    # a block of rows at a time: the full matrix of a signature with 20,000 templates would
    # take 1.6 GB; the components (each rooted at its smallest index) do not depend on the order
    for first in range(0, len(keys), _CDIST_ROWS):
        scores = process.cdist(keys[first:first + _CDIST_ROWS], keys, scorer=fuzz.ratio, score_cutoff=threshold,
                               workers=-1)
        rows, cols = scores.nonzero()
        del scores
        for i, j in zip((rows + first).tolist(), cols.tolist()):
            if i < j:
                a, b = find(i), find(j)
                if a != b:
                    parent[max(a, b)] = min(a, b)
    clusters: dict[int, list[str]] = defaultdict(list)
    for i, key in enumerate(keys):
        clusters[find(i)].append(key)
    return [clusters[r] for r in sorted(clusters)]


def _enumerations_of(members: list[tuple[Sentence, tuple[Slot, ...]]]) -> list[Enumeration]:
    members = sorted(members, key=lambda m: (m[0].doc_id, m[0].start))
    # the same sentence text repeated (boilerplate) is one member
    unique: dict[str, tuple[Sentence, tuple[Slot, ...]]] = {}
    for sentence, slots in members:
        unique.setdefault(" ".join(sentence.text.split()), (sentence, slots))
    rows = list(unique.values())
    if len(rows) < 2:
        return []
    template, kinds, _ = template_of(rows[0][0])
    out = []
    for pos, kind in enumerate(kinds):
        values = {slots[pos].value for _, slots in rows}
        if len(values) < 2:
            continue
        family = rows[0][1][pos].family
        enum_members = tuple(
            EnumerationMember(s.doc_id, s.start, s.end, s.text, slots[pos].value, slots[pos].text)
            for s, slots in rows
        )
        out.append(Enumeration(template, family, kind, enum_members))
    return out
