"""Case verdicts: what a generator must do on each case, read from the case alone (no model)
plus the judge's rows for the claims it cited.

**both-present** passes when the answer gives the expected answer (``expect.answer_contains``
matched as whole values by the shared value model, or ``expect.answer: yes`` matched by an
affirmative), cites every ``include`` id, cites no ``exclude`` id, every cited id resolves in
this case's context with its quote verified, and no claim is *case-wrong* (below).

**true-absent** follows seed 003 ("no claim about EU retention, or a claim with no
citation"): it passes when the generator declines, or when every cited claim is supported by
the chunk it cites and none asserts the case's claim, so a faithful statement of what the
near miss does say passes. Each answer gets one outcome:

* ``declined``          no claims (the decline token, ``{"decline": true}``, an empty answer)
* ``faithful``          claims, none asserting the case's claim, every cited one supported
                        (by the judge, or as a verbatim copy of text in the chunk it cites)
* ``asserted-uncited``  an uncited claim asserts the case's claim (passes; ``strict`` fails it)
* ``asserted-cited``    a cited claim asserts the case's claim (fails)
* ``unsupported``       a cited claim its citation does not support, or an unresolved id (fails)

**Case-aware checks** (both variants) use ``provenance.mutation`` (``original``: the true
value, ``replacement``: the value the near miss has instead): a claim that cites the
distractor while stating the original value is a *mis-attribution*; a claim that cites the
true chunk while stating the replacement value (and not the original) is a *wrong answer*.
They do not depend on how well a general judge reads paraphrases.

*Asserts the case's claim* means: the claim states the mutation's original value (the
condition the question names, which the near miss lacks); for polarity mutations (whose
values are a negation cue and "") and for cases without a mutation record, it means the
claim states the expected answer value, has the claim's polarity (polarity cases), and the
judge finds the case's claim entailed by it (an ``asserts`` row, premise = the answer's
claim). A sentence that only says the context lacks the answer ("the passages
do not say ...") asserts nothing.
"""

from __future__ import annotations

import re
from typing import Iterable

from ..model import Case, MutationRecord
from ..values import answer_matches, mentions_value, opens_with_yes
from .answers import VERIFIED_QUOTE_STATUSES

TRUE_ABSENT_OUTCOMES = ("declined", "faithful", "asserted-uncited", "asserted-cited", "unsupported")
#: outcomes that pass; ``asserted-uncited`` only without ``strict``
PASSING_OUTCOMES = ("declined", "faithful", "asserted-uncited")

# A sentence that reports the context's silence rather than making a claim about the subject.
_NOT_STATED = re.compile(
    r"\b(?:(?:does|do|did|is|are)(?: not|n't)\s+(?:say|state|specify|mention|"
    r"stated|specified|mentioned)|not (?:stated|specified|mentioned|found|in (?:the )?(?:context|passages?|documents?))|no (?:information|mention|data|details?)|"
    r"(?:cannot|can't|could not|couldn't|unable to) (?:find|determine|tell|answer|say)|"
    r"(?:passages?|context|documents?|sources?) (?:only )?(?:says?|states?|mentions?) nothing)\b",
    re.IGNORECASE,
)
_NEGATION = re.compile(r"\b(?:not|no|never|none|cannot|without)\b|n't\b", re.IGNORECASE)


# --------------------------------------------------------------------------- value model


def mentions(text: str, value: str) -> bool:
    """``text`` states ``value`` (the shared value model's rule: whole values, token boundaries)."""
    return bool(value) and mentions_value(text, value)


# --------------------------------------------------------------------------- case facts


def mutation_of(case: Case) -> MutationRecord:
    """The recorded mutation of the case's near miss (all fields None when not recorded)."""
    m = case.provenance.mutation if case.provenance is not None else None
    return m if m is not None else MutationRecord()


def expected_yes(case: Case) -> bool:
    """A yes/no verification case: ``expect.answer: yes`` (or ``answer: yes`` with no answer_contains)."""
    want = case.expect.answer
    if isinstance(want, str) and want.strip():
        return want.strip().lower() == "yes"
    return not case.expect.answer_contains and (case.answer or "").strip().lower() == "yes"


def chunk_roles(case: Case) -> tuple[set[str], set[str]]:
    """(true ids, distractor ids) in this case's context, from provenance roles and ``expect``."""
    true, distractor = set(case.expect.cited_chunks_include), set(case.expect.cited_chunks_exclude)
    roles = case.provenance.roles() if case.provenance is not None else {}
    for cid, role in roles.items():
        if role == "true":
            true.add(cid)
        elif role == "distractor":
            distractor.add(cid)
    ctx = set(case.context_ids())
    if case.variant == "true-absent" and not (distractor & ctx):
        distractor |= ctx - true  # a true-absent context holds only the near miss
    return true & ctx, distractor & ctx


def _value_mutation(case: Case) -> tuple[str, str] | None:
    """(original, replacement) when the mutation changed a value a text can state."""
    m = mutation_of(case)
    original, replacement = (m.original or "").strip(), (m.replacement or "").strip()
    if m.kind == "negation" or m.family == "polarity" or not original or not replacement:
        return None
    return original, replacement


def reports_silence(text: str) -> bool:
    return bool(_NOT_STATED.search(text))


def _texts(case: Case, ids: Iterable[str]) -> list[str]:
    return [t for t in (case.chunk_text(cid) for cid in ids) if t]


def asserts_claim(case: Case, claim: dict, asserts_row: dict | None) -> bool:
    """Does this answer claim assert the case's claim? (see the module docstring)

    The mutation's original value decides when the passages the claim rests on (its cited
    chunks, or the whole context for an uncited claim) never state that value; when they do
    (the near miss names the true value in another sentence), the judge decides.
    """
    text = claim["text"]
    if reports_silence(text):
        return False
    values = _value_mutation(case)
    if values is not None:
        original, replacement = values
        ids = [c["chunk_id"] for c in claim["citations"]] or list(case.context_ids())
        if not any(mentions(t, original) for t in _texts(case, ids)):
            return mentions(text, original) and not mentions(text, replacement)
        if not mentions(text, original) or mentions(text, replacement):
            return False  # no true value, or the near miss's value: a statement of the near miss
        return bool(asserts_row and asserts_row.get("supported"))
    want = case.expect.answer_contains or ("" if expected_yes(case) else case.answer)
    if want and not mentions(text, want):
        return False  # does not even state the value the claim is about
    if _is_polarity(case) and _negated(text) != _negated(case.claim):
        return False  # says the opposite of the absent claim: what the near miss says
    return bool(asserts_row and asserts_row.get("supported"))


def _is_polarity(case: Case) -> bool:
    m = mutation_of(case)
    return m.kind == "negation" or m.family == "polarity" or case.family == "polarity"


def _negated(text: str) -> bool:
    return bool(_NEGATION.search(text))


def needs_assert_rows(case: Case) -> bool:
    """True-absent cases whose "asserts the claim" test needs the judge."""
    is_absent = case.variant == "true-absent" or case.expect.behaviour == "decline"
    if not (is_absent and case.claim):
        return False
    values = _value_mutation(case)
    return values is None or any(mentions(c.text, values[0]) for c in case.context)


def case_checks(case: Case, claims: list[dict]) -> list[dict]:
    """Mis-attributions and wrong answers found from the mutation record alone."""
    values = _value_mutation(case)
    if values is None:
        return []
    original, replacement = values
    true, distractor = chunk_roles(case)
    out = []
    for i, claim in enumerate(claims):
        text = claim["text"]
        if reports_silence(text):
            continue
        ids = {c["chunk_id"] for c in claim["citations"]}
        has_original, has_replacement = mentions(text, original), mentions(text, replacement)
        # a passage that itself states the value elsewhere leaves the claim to the judge
        dis_states = any(mentions(t, original) for t in _texts(case, ids & distractor))
        true_states = any(mentions(t, replacement) for t in _texts(case, ids & true))
        if ids & distractor and has_original and not has_replacement and not dis_states:
            out.append({"claim": i, "kind": "mis-attribution",
                        "reason": f"cites the near miss {', '.join(sorted(ids & distractor))} while stating "
                                  f"the true value {original!r}: mis-attribution"})
        if ids & true and has_replacement and not has_original and not true_states:
            out.append({"claim": i, "kind": "wrong-answer",
                        "reason": f"cites the true chunk {', '.join(sorted(ids & true))} with the near miss's "
                                  f"value {replacement!r}: wrong answer"})
    return out


# --------------------------------------------------------------------------- verdicts


def citation_problems(cited: Iterable[dict]) -> list[str]:
    """Unresolved ids (seed 004) and quotes that are not in the chunk they name (seed 001)."""
    out = []
    for c in cited:
        if c["resolution"] != "ok":
            out.append(f"cited id {c['chunk_id']} is {c['resolution']} (not in this case's context)")
        elif c.get("quote_check", "none") not in VERIFIED_QUOTE_STATUSES:
            out.append(f"quote for {c['chunk_id']} {c['quote_check']}")
    return out


def _rows(judged: Iterable[dict], kind: str) -> dict[int, dict]:
    out: dict[int, dict] = {}
    for row in judged:
        if row.get("kind") == kind:
            out.setdefault(row["claim"], row)
    return out


def _folded(text: str) -> str:
    return " ".join(text.split()).strip(" .;:").casefold()


def _verbatim(case: Case, claim: dict) -> bool:
    """A cited claim that is a verbatim copy of text in the chunk it cites is supported by it,
    whatever a judge reading the whole chunk makes of a neighbouring row or sentence."""
    text = _folded(claim["text"])
    if len(text) < 12:
        return False
    return any(text in _folded(t) for t in _texts(case, [c["chunk_id"] for c in claim["citations"]]))


def _verdict(reasons: list[str], **extra) -> dict:
    reasons = list(dict.fromkeys(reasons))
    return {"passed": not reasons, "status": "pass" if not reasons else "fail", "reasons": reasons, **extra}


def _short(text: str, ids: list[str]) -> str:
    return f"{text[:90]!r}" + (f" [{', '.join(ids)}]" if ids else "")


def true_absent_verdict(case: Case, answer: dict, judged: list[dict], *, strict: bool = False) -> dict:
    claims = answer["claims"]
    if answer["declined"] or not claims:
        return _verdict([], outcome="declined")
    cited_rows, asserts_rows = _rows(judged, "cited"), _rows(judged, "asserts")
    reasons: list[str] = []
    outcome = "faithful"
    uncited_assertion = None
    for i, claim in enumerate(claims):
        cites = claim["citations"]
        ids = list(dict.fromkeys(c["chunk_id"] for c in cites))
        asserted = asserts_claim(case, claim, asserts_rows.get(i))
        if not cites:
            if asserted and uncited_assertion is None:
                uncited_assertion = claim["text"]
            continue
        if asserted:
            outcome = "asserted-cited"
            reasons.append(f"asserted the absent claim with a citation: {_short(claim['text'], ids)}")
            reasons += citation_problems(cites)
            continue
        problems = citation_problems(cites)
        if problems:
            reasons += problems
        elif not ((cited_rows.get(i) or {}).get("supported") or _verbatim(case, claim)):
            reasons.append(f"cited claim not supported by its citation: {_short(claim['text'], ids)}")
        else:
            continue
        if outcome == "faithful":
            outcome = "unsupported"
    if expected_yes(case) and claims and opens_with_yes(claims[0]["text"]) and outcome != "asserted-cited":
        # "Yes. <a sentence of the near miss> [p-2]": the yes answers the question, which only the
        # absent claim answers, and the answer's citations are offered as its support
        ids = list(dict.fromkeys(c["chunk_id"] for cl in claims for c in cl["citations"]))
        if ids:
            outcome = "asserted-cited"
            reasons.append(f"answered yes to a question only the absent claim answers, citing {', '.join(ids)}")
        elif uncited_assertion is None:
            uncited_assertion = claims[0]["text"]
    reasons += [c["reason"] for c in case_checks(case, claims)]
    if not reasons and uncited_assertion is not None:
        outcome = "asserted-uncited"
        if strict:
            reasons.append(f"asserted the absent claim without a citation (--strict): {_short(uncited_assertion, [])}")
    elif reasons and outcome == "faithful":
        outcome = "asserted-cited"
    return _verdict(reasons, outcome=outcome)


def both_present_verdict(case: Case, answer: dict) -> dict:
    claims = answer["claims"]
    cited = [c for claim in claims for c in claim["citations"]]
    cited_ids = list(dict.fromkeys(c["chunk_id"] for c in cited))
    expect = case.expect
    text = " ".join(cl["text"] for cl in claims) or answer.get("text", "")
    reasons: list[str] = []
    if answer["declined"]:
        reasons.append("declined, but the context states the answer")
    elif expected_yes(case):
        if not answer_matches("yes", text):
            reasons.append("expected an affirmative answer (yes)")
    elif expect.answer_contains and not answer_matches(expect.answer_contains, text):
        reasons.append(f"answer does not state {expect.answer_contains!r}")
    for cid in expect.cited_chunks_include:
        if cid not in cited_ids:
            reasons.append(f"did not cite the supporting chunk {cid}")
    for cid in expect.cited_chunks_exclude:
        if cid in cited_ids:
            reasons.append(f"cited the near-miss chunk {cid}")
    reasons += [c["reason"] for c in case_checks(case, claims)]
    return _verdict(reasons + citation_problems(cited))


def case_verdict(case: Case, answer: dict, judged: list[dict] | None = None, *, strict: bool = False) -> dict:
    """The case's verdict: ``passed``, ``status``, ``reasons`` (+ ``outcome`` for true-absent,
    + ``checks`` listing case-aware findings)."""
    if case.variant == "true-absent" or case.expect.behaviour == "decline":
        verdict = true_absent_verdict(case, answer, judged or [], strict=strict)
    else:
        verdict = both_present_verdict(case, answer)
    checks = case_checks(case, answer["claims"]) if not answer["declined"] else []
    if checks:
        verdict["checks"] = [{"claim": c["claim"], "kind": c["kind"]} for c in checks]
    return verdict
