"""From a generator's raw output to claims with citations, and from a citation to a premise.

Three jobs, each a measurement decision rather than plumbing:

* **Sentences and claims** (seed 000): an answer is split into sentences; each claim inherits
  the citations of the sentence it came from, because decomposition throws away the offsets
  the ``[p-3310]`` markers sat next to. A marker written after the full stop
  ("... plan. [p-3310]") belongs to the sentence before it. Sentences are cut by the
  project's one splitter (``corpus/sentences.py``), which knows abbreviations ("a.m.",
  "e.g."), decimals and versions: a splitter that breaks on "02:00 a.m. UTC" attaches
  citations to fragments and depresses the score for no fault of the generator.
* **Quote verification** (seed 001): a quoted span must be a verbatim substring of the chunk
  it names; offsets, when given, must point at it.
* **Premises** (seed 003): the judge's premise is the full sentence(s) of the cited chunk
  containing the cited span, never the clipped span, which can lose the one scope word that
  made the passage the wrong evidence. A bare ``[id]`` citation cites the whole chunk.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

from ..model import Answer, Citation, Claim

#: Default inline marker: ``[id]``, ``[id1, id2]`` or ``[id1; id2]``; ids contain no spaces.
DEFAULT_CITATION_PATTERN = r"\[([^\[\]\n]{1,300})\]"
#: What the prompt asks a generator to reply when the passages do not state the answer.
DEFAULT_DECLINE_TOKEN = "NOT IN CONTEXT"



class GarbageOutput(ValueError):
    """A generator returned something that is not an answer; the case is marked errored."""


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    text: str


def chunk_sentences(text: str) -> list[Span]:
    """Sentences of a *context chunk*: the corpus's own splitter, so premises and baselines see
    exactly the sentences (and table rows) the case builder saw."""
    from ..corpus import split_sentences as corpus_split

    return [Span(a, b, text[a:b]) for a, b in corpus_split(text)]


_MARKER = re.compile(DEFAULT_CITATION_PATTERN)
_MARKERS_AFTER = re.compile(r"(?:\s*\[[^\[\]\n]{1,300}\])+")


def split_sentences(text: str) -> list[Span]:
    """Sentence spans of a generator's *answer* (offsets into it), trimmed of surrounding
    whitespace, cut by the project's one sentence splitter (``mutagen_cite.corpus``).
    Citation markers are blanked while splitting (so "plan. [p-1] Next" still ends a
    sentence at the full stop) and a marker after a full stop stays with its sentence."""
    from ..corpus import split_sentences as corpus_split

    masked = _MARKER.sub(lambda m: " " * len(m.group(0)), text)
    spans = corpus_split(masked)
    out: list[Span] = []
    for i, (a, b) in enumerate(spans):
        nxt = spans[i + 1][0] if i + 1 < len(spans) else len(text)
        m = _MARKERS_AFTER.match(text, b, nxt)
        if m:
            b = m.end()
        _append(out, text, a, b)
    if not out and text.strip():
        _append(out, text, 0, len(text))
    return out


def _append(spans: list[Span], text: str, start: int, end: int) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        spans.append(Span(start, end, text[start:end]))


def normalise_space(text: str) -> str:
    return " ".join(text.split())


def normalise_premise(text: str) -> str:
    """A passage as a judge premise: runs of spaces folded, but line breaks kept, so table rows
    and list items stay apart (joined by spaces, "Image Size: 4 GB. Plan: Hobby" would bind one
    row's value to the next row's plan)."""
    return "\n".join(" ".join(line.split()) for line in text.splitlines() if line.strip())


# --------------------------------------------------------------------------- citations in text


class CitationSyntax:
    """Where inline citation markers are and how several ids share one marker."""

    def __init__(self, pattern: str | None = None):
        """Raises ConfigError (one line, with the fix) for an invalid regex or one without a group."""
        from ..errors import ConfigError

        source = pattern or DEFAULT_CITATION_PATTERN
        example = r"e.g. --cite-pattern '\[(p-\d+(?:,\s*p-\d+)*)\]' for [p-12] or [p-1, p-2]"
        try:
            self.pattern = re.compile(source)
        except re.error as exc:
            raise ConfigError(f"--cite-pattern '{source}' is not a valid regular expression ({exc})",
                              hint=f"fix the regex; {example}") from None
        if self.pattern.groups < 1:
            raise ConfigError(f"--cite-pattern '{source}' has no capturing group",
                              hint=f"put one group (...) around the id(s) inside the marker; {example}")

    def ids_in(self, marker_body: str) -> list[str] | None:
        """The ids in one marker body, or None when it does not look like a citation."""
        ids = [p.strip() for p in re.split(r"[,;]|\s+and\s+", marker_body) if p.strip()]
        if not ids or any(re.search(r"\s", i) for i in ids):
            return None  # "[sic]" passes, "[see the table below]" does not
        return ids

    def extract(self, sentence: str) -> tuple[str, list[str]]:
        """The sentence with its markers removed, and the cited ids in order (deduplicated)."""
        ids: list[str] = []
        pieces: list[str] = []
        last = 0
        for match in self.pattern.finditer(sentence):
            found = self.ids_in(match.group(1))
            if found is None:
                continue
            pieces.append(sentence[last:match.start()])
            last = match.end()
            for cid in found:
                if cid not in ids:
                    ids.append(cid)
        pieces.append(sentence[last:])
        clean = normalise_space("".join(pieces))
        clean = re.sub(r"\s+([.,;:!?])", r"\1", clean)
        return clean, ids

    def leading_markers(self, sentence: str) -> tuple[list[str], str]:
        """Ids of markers at the very start of ``sentence`` and the rest of it."""
        ids: list[str] = []
        rest = sentence
        while True:
            stripped = rest.lstrip()
            match = self.pattern.match(stripped)
            if not match:
                return ids, stripped
            found = self.ids_in(match.group(1))
            if found is None:
                return ids, stripped
            ids.extend(found)
            rest = stripped[match.end():]


def _split_clauses(sentence: str) -> list[str]:
    """One proposition per claim where the sentence makes that easy: top-level semicolons."""
    parts = [p.strip() for p in sentence.split(";")]
    if len(parts) > 1 and all(len(p.split()) >= 3 for p in parts):
        return [p if p.endswith((".", "!", "?")) else p + "." for p in parts]
    return [sentence]


def parse_text_answer(
    case_id: str,
    text: str,
    *,
    syntax: CitationSyntax | None = None,
    decline_token: str = DEFAULT_DECLINE_TOKEN,
) -> Answer:
    """Claims of a free-text answer; each inherits its sentence's inline citations."""
    syntax = syntax or CitationSyntax()
    stripped = text.strip()
    if not stripped or _is_decline(stripped, decline_token):
        return Answer(case_id=case_id, text=text, claims=(), declined=True)
    sentences: list[tuple[str, list[str]]] = []
    for span in split_sentences(text):
        lead, rest = syntax.leading_markers(span.text)
        if lead and sentences:  # "... plan. [p-3310] Next sentence": the marker closes the last one
            prev_text, prev_ids = sentences[-1]
            sentences[-1] = (prev_text, list(dict.fromkeys(prev_ids + lead)))
        elif lead:
            rest = span.text
        if not rest.strip():
            continue
        clean, ids = syntax.extract(rest)
        if clean.strip(" .,;:!?"):
            sentences.append((clean, ids))
        elif ids and sentences:
            prev_text, prev_ids = sentences[-1]
            sentences[-1] = (prev_text, list(dict.fromkeys(prev_ids + ids)))
    claims = []
    for index, (sentence, ids) in enumerate(sentences):
        for clause in _split_clauses(sentence):
            claims.append(
                Claim(text=clause, citations=tuple(Citation(chunk_id=i) for i in ids), sentence_index=index)
            )
    return Answer(case_id=case_id, text=text, claims=tuple(claims), declined=False)


def _is_decline(text: str, token: str) -> bool:
    norm = normalise_space(text).strip(" .!\"'").lower()
    return bool(token) and norm == token.strip().lower()


# --------------------------------------------------------------------------- structured output


def _citation_from(obj: Any, where: str) -> Citation:
    if isinstance(obj, str) and obj.strip():
        return Citation(chunk_id=obj.strip())
    if not isinstance(obj, dict):
        raise GarbageOutput(f"{where}: a citation must be an id or an object with chunk_id")
    unknown = set(obj) - {"chunk_id", "quote", "start", "end"}
    if unknown:
        raise GarbageOutput(f"{where}: unknown citation field(s) {sorted(unknown)}")
    cid = obj.get("chunk_id")
    if not isinstance(cid, str) or not cid.strip():
        raise GarbageOutput(f"{where}: chunk_id must be a non-empty string")
    quote = obj.get("quote")
    if quote is not None and not isinstance(quote, str):
        raise GarbageOutput(f"{where}: quote must be text")
    start, end = obj.get("start"), obj.get("end")
    for name, value in (("start", start), ("end", end)):
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise GarbageOutput(f"{where}: {name} must be an integer")
    return Citation(chunk_id=cid.strip(), quote=quote, start=start, end=end)


def parse_structured(case_id: str, claims: Any) -> Answer:
    """``{"claims": [{"text", "citations": [...]}]}`` as an Answer (one sentence per claim)."""
    if not isinstance(claims, list):
        raise GarbageOutput("claims must be a list")
    out = []
    for i, item in enumerate(claims):
        where = f"claims[{i}]"
        if not isinstance(item, dict) or not isinstance(item.get("text"), str):
            raise GarbageOutput(f"{where}: each claim needs a text")
        unknown = set(item) - {"text", "citations"}
        if unknown:
            raise GarbageOutput(f"{where}: unknown claim field(s) {sorted(unknown)}")
        cites = item.get("citations") or []
        if not isinstance(cites, list):
            raise GarbageOutput(f"{where}: citations must be a list")
        citations = tuple(_citation_from(c, f"{where}.citations[{j}]") for j, c in enumerate(cites))
        if item["text"].strip():
            out.append(Claim(text=normalise_space(item["text"]), citations=citations, sentence_index=i))
    text = " ".join(c.text for c in out)
    return Answer(case_id=case_id, text=text, claims=tuple(out), declined=False)


def parse_output(
    case_id: str,
    output: Any,
    *,
    syntax: CitationSyntax | None = None,
    decline_token: str = DEFAULT_DECLINE_TOKEN,
) -> Answer:
    """Any generator output shape as an Answer; raises :class:`GarbageOutput` for non-answers.

    Accepted: a string (answer text); ``{"answer": str}``; ``{"claims": [...]}``;
    ``{"decline": true}``; ``{"error": str}`` (the generator's own failure). A decline that
    still carries cited claims is scored as the claims it makes, not as a decline.
    """
    if isinstance(output, str):
        return parse_text_answer(case_id, output, syntax=syntax, decline_token=decline_token)
    if not isinstance(output, dict):
        raise GarbageOutput(f"expected an object or a string, got {type(output).__name__}")
    known = {"case_id", "answer", "claims", "decline", "declined", "error", "meta"}
    unknown = set(output) - known
    if unknown:
        raise GarbageOutput(f"unknown field(s) {sorted(unknown)}; expected answer, claims or decline")
    if output.get("case_id") not in (None, case_id):
        raise GarbageOutput(f"answer is for case {output.get('case_id')!r}, not {case_id!r}")
    if output.get("error"):
        raise GarbageOutput(f"generator reported an error: {str(output['error'])[:300]}")
    declined = bool(output.get("decline") or output.get("declined"))
    if "claims" in output and output["claims"] is not None:
        answer = parse_structured(case_id, output["claims"])
    elif isinstance(output.get("answer"), str):
        answer = parse_text_answer(case_id, output["answer"], syntax=syntax, decline_token=decline_token)
    elif output.get("answer") is not None:
        raise GarbageOutput("answer must be text")
    elif declined:
        return Answer(case_id=case_id, text="", claims=(), declined=True)
    else:
        raise GarbageOutput("no answer, claims or decline in the output")
    if declined and not any(c.citations for c in answer.claims):
        return Answer(case_id=case_id, text=answer.text, claims=answer.claims, declined=True)
    return answer


# --------------------------------------------------------------------------- quotes and premises


#: quote-check outcomes under which the citation still points at real chunk text
VERIFIED_QUOTE_STATUSES = frozenset({"none", "ok", "whitespace", "offsets-moved"})


@dataclass(frozen=True)
class QuoteCheck:
    """Where a citation points inside its chunk. ``span`` None means the whole chunk.

    ``status``: ``none`` (bare id), ``ok`` (verbatim, offsets agree or absent), ``whitespace``
    (verbatim up to whitespace), ``offsets-moved`` (quote found elsewhere than the offsets
    say), ``not-found`` (the quote is not in the chunk: a paraphrase or invention),
    ``bad-offsets`` (offsets outside the chunk, no quote to fall back on).
    """

    status: str
    span: tuple[int, int] | None

    @property
    def verified(self) -> bool:
        return self.status in VERIFIED_QUOTE_STATUSES


def verify_quote(chunk_text: str, citation: Citation) -> QuoteCheck:
    """Seed 001: the quote must be a verbatim substring of the chunk it names."""
    start, end, quote = citation.start, citation.end, citation.quote
    offsets_ok = start is not None and end is not None and 0 <= start < end <= len(chunk_text)
    if not quote:
        if start is None and end is None:
            return QuoteCheck("none", None)
        return QuoteCheck("ok", (start, end)) if offsets_ok else QuoteCheck("bad-offsets", None)
    if offsets_ok and chunk_text[start:end] == quote:
        return QuoteCheck("ok", (start, end))
    found = chunk_text.find(quote)
    if found >= 0:
        status = "ok" if start is None and end is None else "offsets-moved"
        return QuoteCheck(status, (found, found + len(quote)))
    located = _find_ignoring_space(chunk_text, quote)
    if located is not None:
        return QuoteCheck("whitespace", located)
    return QuoteCheck("not-found", None)


def _find_ignoring_space(haystack: str, needle: str) -> tuple[int, int] | None:
    words = needle.split()
    if not words:
        return None
    pattern = r"\s+".join(re.escape(w) for w in words)
    match = re.search(pattern, haystack)
    return (match.start(), match.end()) if match else None


def premise_for(chunk_text: str, span: tuple[int, int] | None) -> str:
    """The full sentence(s) of ``chunk_text`` overlapping ``span``; the whole chunk for None."""
    if span is None:
        return normalise_premise(chunk_text)
    lo, hi = span
    sentences = chunk_sentences(chunk_text)
    touching = [s for s in sentences if s.start < hi and s.end > lo]
    if not touching:
        return normalise_premise(chunk_text)
    return normalise_premise(chunk_text[touching[0].start:touching[-1].end])


def join_premises(premises: Iterable[str]) -> str:
    """Several passages as one premise, in order, separated as paragraphs."""
    return "\n\n".join(p for p in premises if p)
