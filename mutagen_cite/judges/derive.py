"""Labelled pairs derived from a corpus: one-attribute swaps (unsupported) and harmless
rewrites (supported), for training a cross-encoder and for measuring any judge on the
user's own kind of text.

For a sentence where a family can change one attribute, two pairs are made:

- **unsupported**: the sentence and its mutated twin (which one is the premise is drawn at
  random, so both directions of a swap are measured);
- **supported**: the sentence as it stands in its context window, the sentence without a
  leading clause, or the sentence with one value written another way ("7 days" -> "one
  week", "$20" -> "20 USD"). The premise is sometimes the sentence's window of neighbours,
  as a cited chunk would be.

The families registered in :mod:`mutagen_cite.cases.families` do the swapping; a family not
installed falls back to a small swapper here (negation, quantifier, modal), and the pairs say
which made them. Pairs are grouped by document, so the held-out split is by document and a
model trained here lists the documents it saw.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from ..model import FAMILIES, Sentence, Slot
from .labeled import LabeledPair, split_of
from ..values import number_to_words
from ..values.tables import MONTHS

MIN_WORDS, MAX_WORDS = 6, 60
_WORDS = re.compile(r"[A-Za-z]+")


@dataclass(frozen=True)
class Swap:
    family: str
    kind: str
    original: str
    replacement: str
    text: str
    origin: str  # "family:<version>" or "fallback"


# --------------------------------------------------------------------------- fallback swaps

_QUANT_SWAP = {"all": "most", "most": "all", "some": "all", "many": "few", "few": "many",
               "always": "sometimes", "usually": "always", "often": "rarely", "sometimes": "always",
               "every": "no", "each": "no"}
_MODAL_SWAP = {"must": "may", "may": "must", "should": "must", "can": "must", "shall": "may",
               "could": "must", "might": "must", "will": "may", "would": "might"}
_PHRASE_SWAP = {"required": "allowed", "permitted": "required", "allowed": "required",
                "obliged": "allowed", "expected": "allowed"}
_NT_UNDO = {"can't": "can", "cannot": "can", "won't": "will", "don't": "do", "doesn't": "does",
            "didn't": "did", "isn't": "is", "aren't": "are", "wasn't": "was", "weren't": "were",
            "shouldn't": "should", "mustn't": "must", "couldn't": "could", "wouldn't": "would",
            "hasn't": "has", "haven't": "have"}


def _match_case(old: str, new: str) -> str:
    return new[:1].upper() + new[1:] if old[:1].isupper() else new


def fallback_swap(sentence: Sentence, family: str, rng: random.Random) -> Swap | None:
    """A one-word swap for the families that may not be installed yet."""
    text = sentence.text
    slots = list(sentence.slots)
    if family == "polarity":
        negs = [s for s in slots if s.family == "polarity" and s.kind == "negation"]
        if negs:
            s = negs[0]
            m = re.search(r"\b(\w+n't|cannot)\b", text[max(0, s.start - 8) : s.end + 2])
            if m and m.group(1).lower() in _NT_UNDO:
                a = max(0, s.start - 8) + m.start(1)
                b = a + len(m.group(1))
                new = _match_case(m.group(1), _NT_UNDO[m.group(1).lower()])
                return Swap("polarity", "negation", text[a:b], new, text[:a] + new + text[b:], "fallback")
            if s.text.lower() == "not":
                a, b = s.start, s.end
                while b < len(text) and text[b] == " ":
                    b += 1
                return Swap("polarity", "negation", text[s.start:b], "", text[:a] + text[b:], "fallback")
            if s.text.lower() == "never":
                new = _match_case(s.text, "always")
                return Swap("polarity", "negation", s.text, new, text[: s.start] + new + text[s.end :], "fallback")
            return None
        sites = [s for s in slots if s.family == "polarity" and s.kind == "affirmative"]
        if not sites:
            return None
        s = sites[0]
        word = s.text.lower()
        if word in ("do", "does", "did"):
            return None
        new = s.text + " not"
        return Swap("polarity", "affirmative", s.text, new, text[: s.start] + new + text[s.end :], "fallback")
    if family == "aggregation":
        for s in slots:
            if s.family == "aggregation" and s.text.lower() in _QUANT_SWAP:
                new = _match_case(s.text, _QUANT_SWAP[s.text.lower()])
                if s.text.lower() in ("every", "each"):
                    continue  # "every plan" -> "no plan" changes grammar too; skip
                return Swap("aggregation", "quantifier", s.text, new, text[: s.start] + new + text[s.end :], "fallback")
        return None
    if family == "modality":
        for s in slots:
            if s.family != "modality":
                continue
            low = s.text.lower()
            if low in _MODAL_SWAP:
                new = _match_case(s.text, _MODAL_SWAP[low])
                return Swap("modality", "modal", s.text, new, text[: s.start] + new + text[s.end :], "fallback")
            m = re.search(r"\b(required|permitted|allowed|obliged|expected)\b", s.text, re.I)
            if m:
                a, b = s.start + m.start(1), s.start + m.end(1)
                new = _PHRASE_SWAP[m.group(1).lower()]
                return Swap("modality", "modal", text[a:b], new, text[:a] + new + text[b:], "fallback")
        return None
    return None


# --------------------------------------------------------------------------- supported rewrites

#: the numbers rewritten in words (the words themselves come from the value model)
_WORD_NUMBERS = {n: number_to_words(n) for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12)}
_MONTH_NAMES = [name.capitalize() for name, _ in sorted(((k, v) for k, v in MONTHS.items() if len(k) > 4 or k in ("may", "june", "july")),
                                                        key=lambda kv: kv[1])]


def value_paraphrase(slot: Slot) -> str | None:
    """The same value written another way, or None when no safe rewrite is known."""
    n, unit = slot.number, (slot.unit or "")
    if slot.kind == "duration" and n is not None and float(n).is_integer() and " " not in unit:
        n = int(n)
        if unit == "day" and n % 7 == 0 and n // 7 in _WORD_NUMBERS:
            k = n // 7
            return f"{_WORD_NUMBERS[k]} week" + ("s" if k > 1 else "")
        if unit == "hour" and n % 24 == 0 and n // 24 in _WORD_NUMBERS:
            k = n // 24
            return f"{_WORD_NUMBERS[k]} day" + ("s" if k > 1 else "")
        if unit == "week" and n <= 10:
            return f"{7 * n} days"
        if unit == "year" and n <= 5:
            return f"{12 * n} months"
        if n in _WORD_NUMBERS and re.match(r"\d", slot.text):
            return f"{_WORD_NUMBERS[n]} {unit}" + ("s" if n > 1 else "")
        return None
    if slot.kind == "money" and n is not None and unit in ("usd", "eur", "gbp") and re.match(r"[$€£]", slot.text):
        return f"{n:g} {unit.upper()}"
    if slot.kind == "percent" and n is not None and "%" in slot.text:
        return f"{n:g} percent"
    if slot.kind == "date" and re.fullmatch(r"\d{4}-\d{2}-\d{2}", slot.value):
        y, m, d = slot.value.split("-")
        alt = f"{_MONTH_NAMES[int(m) - 1]} {int(d)}, {y}"
        return alt if alt != slot.text else f"{int(d)} {_MONTH_NAMES[int(m) - 1]} {y}"
    if slot.kind == "count" and n is not None and float(n).is_integer() and int(n) in _WORD_NUMBERS and re.match(r"\d", slot.text):
        return _WORD_NUMBERS[int(n)] + slot.text[len(str(int(n))):]
    return None


# introductory phrases whose removal keeps the sentence true: purpose clauses and sentence
# adverbs. Conditions ("if", "without", "unless", "when") and restrictions ("for new
# systems") are never dropped: the rest would then claim more than the sentence does.
_LEADERS = re.compile(
    r"^(?:to\s+\w+|additionally|also|currently|today|similarly|as\s+a\s+result|for\s+example|"
    r"for\s+instance|in\s+practice|in\s+general|generally|typically|however|in\s+addition|"
    r"as\s+noted(?:\s+above)?|as\s+mentioned(?:\s+above)?|in\s+short|overall|finally|"
    r"in\s+most\s+cases)\b",
    re.I,
)


def _drop_leading_clause(text: str) -> str | None:
    """The sentence without an introductory phrase ("On the Pro plan, ..." -> "..."): the
    rest is still stated by the whole sentence. Only phrases that start with a preposition
    or sentence adverb are dropped, so the main clause always stays."""
    m = re.match(r"^([^,;:]{3,80}),\s+(?P<rest>[a-z].{15,})$", text, re.S)
    if not m or not _LEADERS.match(m.group(1)):
        return None
    rest = m.group("rest")
    if re.match(r"(?:and|or|but|so|then|which|who|whose|where|that)\b", rest, re.I):
        return None
    if len(_WORDS.findall(rest)) < MIN_WORDS - 1:
        return None
    return rest[0].upper() + rest[1:]


# --------------------------------------------------------------------------- deriving


def _eligible(s: Sentence) -> bool:
    words = _WORDS.findall(s.text)
    if not (MIN_WORDS <= len(words) <= MAX_WORDS):
        return False
    if "```" in s.text or s.text.count("|") > 6 or "{%" in s.text or "http" in s.text:
        return False
    return sum(c.isalpha() for c in s.text) >= 0.6 * len(s.text.replace(" ", ""))


def _window(sentences: Sequence[Sentence], i: int, text: str | None = None, doc_text: str | None = None) -> str:
    """Sentence ``i`` with its neighbours, as the document writes them (line breaks kept)
    when the document text is known; ``text`` replaces sentence ``i``."""
    lo, hi = max(0, i - 1), min(len(sentences) - 1, i + 1)
    s = sentences[i]
    mid = s.text if text is None else text
    if doc_text is not None:
        return (doc_text[sentences[lo].start : s.start] + mid + doc_text[s.end : sentences[hi].end]).strip()
    parts = [sentences[j].text if j != i else mid for j in range(lo, hi + 1)]
    return " ".join(p.strip() for p in parts)


def _family_swap(fam: Any, sentence: Sentence, values: Any, rng: random.Random) -> Swap | None:
    try:
        sites = fam.sites(sentence)
    except Exception:  # a family bug must not stop evaluation; that family yields nothing
        return None
    sites = [s for s in sites if s.kind != "affirmative" or fam.name == "polarity"]
    rng.shuffle(sites)
    for site in sites[:3]:
        try:
            mutation = fam.mutate(sentence, site, values, rng)
        except Exception:
            mutation = None
        if mutation is not None and mutation.mutated_text.strip() != sentence.text.strip():
            return Swap(fam.name, site.kind, mutation.original, mutation.replacement, mutation.mutated_text,
                        f"family:{getattr(fam, 'version', fam.name)}")
    return None


def derive_pairs(
    sentences_by_doc: Mapping[str, Sequence[Sentence]],
    *,
    dataset: str = "corpus",
    seed: int = 0,
    families: Sequence[str] = FAMILIES,
    per_doc_family: int = 3,
    values: Any = None,
    use_registry: bool = True,
    include_docs: Iterable[str] | None = None,
    exclude_docs: Iterable[str] = (),
    doc_texts: Mapping[str, str] | None = None,
) -> list[LabeledPair]:
    """Balanced supported / unsupported pairs from annotated sentences (see module docstring).

    ``values`` is a :class:`~mutagen_cite.cases.families.ValueSource` (mined siblings and
    vocabulary) for the registered families. At most ``per_doc_family`` sentences per
    document and family are used, chosen with a seeded draw; same input + seed = same pairs.
    """
    registered: dict[str, Any] = {}
    if use_registry:
        try:
            from ..cases.families import all_families

            registered = all_families()
        except Exception:  # the registry itself failing leaves the fallback swapper
            registered = {}
    if values is None:
        from ..cases.families import ValueSource

        values = ValueSource.empty()
    wanted = set(include_docs) if include_docs is not None else None
    excluded = set(exclude_docs)
    out: list[LabeledPair] = []
    for doc_id in sorted(sentences_by_doc):
        if doc_id in excluded or (wanted is not None and doc_id not in wanted):
            continue
        sentences = list(sentences_by_doc[doc_id])
        doc_text = (doc_texts or {}).get(doc_id)
        for family in families:
            rng = random.Random(f"{seed}\0{doc_id}\0{family}")
            order = [i for i, s in enumerate(sentences) if _eligible(s)]
            rng.shuffle(order)
            made = 0
            for i in order:
                if made >= per_doc_family:
                    break
                s = sentences[i]
                fam = registered.get(family)
                swap = _family_swap(fam, s, values, rng) if fam is not None else fallback_swap(s, family, rng)
                if swap is None:
                    continue
                pos = _positive(sentences, i, swap, rng, doc_text)
                if pos is None:
                    continue
                made += 1
                key = f"{doc_id}#{s.start}-{s.end}"
                in_context = rng.random() < 0.5
                # dropping a word like "only" weakens the sentence: the original still
                # implies the mutated text, so only the other direction is a near miss
                weakening = not swap.replacement.strip() and swap.family == "aggregation"
                if rng.random() < 0.5 and not weakening:
                    premise = _window(sentences, i, None, doc_text) if in_context else s.text
                    hyp, direction = swap.text, "claim-mutated"
                else:
                    premise = _window(sentences, i, swap.text, doc_text) if in_context else swap.text
                    hyp, direction = s.text, "premise-mutated"
                out.append(LabeledPair(
                    premise=premise, hypothesis=hyp, label=False, dataset=dataset,
                    category=f"swap:{family}", family=family, edit_type=f"swap:{swap.kind}",
                    id=f"{key}:{family}:neg:{direction}:{swap.origin}", group=doc_id,
                ))
                p_premise, p_hyp, strategy = pos
                out.append(LabeledPair(
                    premise=p_premise, hypothesis=p_hyp, label=True, dataset=dataset,
                    category="supported", family=family, edit_type=f"keep:{strategy}",
                    id=f"{key}:{family}:pos:{strategy}", group=doc_id,
                ))
    return out


#: wording that means the same in documentation, one direction each (whole words, any case)
SYNONYMS = {
    "retained": "kept", "utilize": "use", "utilizes": "uses", "approximately": "about", "purchase": "buy",
    "receive": "get", "receives": "gets", "obtain": "get", "assist": "help", "commence": "start",
    "terminate": "end", "additional": "extra", "prior to": "before", "in order to": "to",
    "select": "choose", "modify": "change", "requires": "needs", "require": "need", "allows": "lets",
    "ensure": "make sure", "contact": "reach", "provides": "gives", "provide": "give", "however": "but",
    "numerous": "many", "sufficient": "enough", "immediately": "at once", "automatically": "on its own",
}
_CONTRACT = [("do not", "don't"), ("does not", "doesn't"), ("is not", "isn't"), ("are not", "aren't"),
             ("cannot", "can't"), ("will not", "won't"), ("did not", "didn't"), ("has not", "hasn't")]
# "On the Pro plan, backups are kept..." -> "Backups are kept... on the Pro plan.": only when
# the rest opens with a short subject and a verb, so a list ("For A, B, or C requests, ...")
# is never torn apart
_MOVABLE = re.compile(
    r"^(?P<phrase>(?:On|In|For|With|At|During|Within|Under|Across)\s[^,;:]{3,60}),\s+"
    r"(?P<rest>[a-z][\w-]*(?:\s[a-z][\w-]*){0,3}\s(?:is|are|was|were|can|must|will|may|should|has|have|do|does|"
    r"get|gets|include|includes|need|needs)\b[^;:]{5,}?)(?P<end>[.!]?)$"
)
_DROPPABLE = re.compile(r"\s(?:also|currently|simply|just|now)(?=\s)", re.I)
_TRAILING_ASIDE = re.compile(r"\s\((?:e\.g\.|for example|such as|like|see)[^()]{3,80}\)")


def rewrites(sentence: Sentence) -> list[tuple[str, str]]:
    """Harmless rewrites of a sentence, each ``(text, kind)``: the same statement in other
    words (a value written another way, a synonym, a contraction, an introductory phrase
    moved to the end, an introductory clause dropped). Supported pairs use them so a judge
    cannot pass by spotting a verbatim copy."""
    text = sentence.text
    out: list[tuple[str, str]] = []
    for slot in sentence.slots:
        alt = value_paraphrase(slot)
        if alt and re.search(r"(?:\d\s*(?:-|–|to|and)\s*|between\s+)$", text[: slot.start]):
            alt = None  # "2-4 weeks": rewriting the end of a range changes the range
        if alt:
            out.append((text[: slot.start] + alt + text[slot.end :], f"value-rewritten:{slot.kind}"))
            break
    for old, new in SYNONYMS.items():
        m = re.search(r"\b" + re.escape(old) + r"\b", text, re.I)
        if m:
            out.append((text[: m.start()] + _match_case(m.group(0), new) + text[m.end():], "synonym"))
            break
    for a, b in _CONTRACT:
        for old, new in ((a, b), (b, a)):
            m = re.search(r"\b" + re.escape(old) + r"\b", text)
            if m:
                out.append((text[: m.start()] + new + text[m.end():], "contraction"))
                break
        else:
            continue
        break
    m = _MOVABLE.match(text)
    if m:
        phrase = m.group("phrase")
        phrase = phrase[0].lower() + phrase[1:]
        rest = m.group("rest").rstrip()
        out.append((f"{rest[0].upper()}{rest[1:]} {phrase}{m.group('end') or '.'}", "phrase-moved"))
    dropped = _drop_leading_clause(text)
    if dropped:
        out.append((dropped, "clause-dropped"))
    m = _DROPPABLE.search(text)
    if m:
        out.append((text[: m.start()] + text[m.end():], "adverb-dropped"))
    m = _TRAILING_ASIDE.search(text)
    if m:
        out.append((text[: m.start()] + text[m.end():], "example-dropped"))
    return out


def _positive(
    sentences: Sequence[Sentence], i: int, swap: Swap, rng: random.Random, doc_text: str | None = None
) -> tuple[str, str, str] | None:
    """A supported pair for sentence ``i``: a rewrite of it against the sentence itself or
    against its window of neighbours; the verbatim sentence in its window only when no
    rewrite applies."""
    s = sentences[i]
    options = rewrites(s)
    in_context = len(sentences) > 1 and rng.random() < 0.5
    premise = _window(sentences, i, None, doc_text) if in_context else s.text
    if options:
        text, kind = options[rng.randrange(len(options))]
        return premise, text, kind + (":in-context" if in_context else "")
    if len(sentences) > 1:
        return _window(sentences, i, None, doc_text), s.text, "verbatim:in-context"
    return s.text, s.text, "verbatim"


def split_documents(doc_ids: Iterable[str], dataset: str) -> dict[str, list[str]]:
    """Document ids by split (``train`` / ``heldout``), the same split pairs get."""
    out: dict[str, list[str]] = {"train": [], "heldout": []}
    for d in sorted(doc_ids):
        out[split_of(dataset, d)].append(d)
    return out


def corpus_pairs(
    corpus_dir: str,
    *,
    seed: int = 0,
    spacy_model: str | None = None,
    nlp: Any = None,
    cache_dir: str | None = None,
    per_doc_family: int = 3,
    dataset: str | None = None,
    exclude_docs: Iterable[str] = (),
    include_docs: Iterable[str] | None = None,
) -> tuple[list[LabeledPair], Any]:
    """Load, annotate and mine ``corpus_dir`` (through the shared pipeline and its parse
    cache), then derive pairs. Returns the pairs and the pipeline analysis."""
    from pathlib import Path

    from ..cases.families import ValueSource
    from ..analysis.pipeline import analyse
    from .slots import analysis_product_names

    kwargs = {} if cache_dir is None else {"cache_dir": cache_dir}
    analysis = analyse(corpus_dir, spacy_model=spacy_model, nlp=nlp, **kwargs)
    name = dataset or f"corpus:{Path(corpus_dir).resolve().name}"
    values = ValueSource(analysis.mined.vocabulary, analysis.mined, house=analysis_product_names(analysis))
    pairs = derive_pairs(
        analysis.sentences, dataset=name, seed=seed, per_doc_family=per_doc_family, values=values,
        exclude_docs=exclude_docs, include_docs=include_docs,
        doc_texts={d.id: d.text for d in analysis.corpus.documents},
    )
    return pairs, analysis
