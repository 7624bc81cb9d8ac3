"""The fairness check: which rule, in order, a candidate breaks (seed 003, question c), each
rule living in the module of its kind in this package.
"""

from __future__ import annotations

import re
from typing import Callable

from ..candidate import Candidate
from .coherence import advice_after_denial, chunk_rule, protective_reason, version_elsewhere
from .elsewhere import elsewhere_rule
from ..families.date import reverses_chronology
from ..questions import CONTRADICTING, VERIFYING, is_table_row
from .bounds import _bound_kept, _derived_bound, _range_overlap
from .flips import _breaks_parallel, _denied_everywhere, _said_elsewhere
from .frames import _against_frame, _conditional_item, _framed
from .names import _twin
from .numbers import _enumerated_count, _in_arithmetic, _tied_numbers, _worked_example
from .order import _order_broken
from .presupposed import (_also_required_after, _answered, _categorical_beside, _consequence_after, _derived_requirement,
                          _elaborated, _ellipsis_after, _named_requirement, _nothing_after, _presupposed,
                          _universal_after, _workaround_before)
from .reading import VALUED, _claim_values, _mentions, _next_in_paragraph, _other_sentences
from .restated import _restated, _restated_in_other_words



#: the rules of a changed number (quantity family), in the order they are tried
NUMBER_RULES: tuple[tuple[str, Callable[[Candidate], str | None]], ...] = (
    ("bound-kept", lambda c: _bound_kept(c.sentence.text, c.site, c.replacement)),
    ("order-broken", _order_broken),
    ("enumerated-count", _enumerated_count),
    ("tied-numbers", _tied_numbers),
    ("derived-bound", _derived_bound),
    ("range-overlap", _range_overlap),
)

#: the rules of a spliced polarity, modality or aggregation edit the rest of the chunk undoes,
#: in the order they are tried: ``(families, rule, function)``
STRENGTH_RULES: tuple[tuple[tuple[str, ...], str, Callable[[Candidate], str | None]], ...] = (
    (("modality", "aggregation"), "restated-other-words", _restated_in_other_words),
    (("polarity", "modality", "aggregation"), "answered", _answered),
    (("polarity", "modality"), "presupposed", _presupposed),
    (("polarity", "aggregation"), "elaborated", _elaborated),
    (("polarity",), "against-heading", _against_frame),
    (("polarity",), "parallel-list", lambda c: _breaks_parallel(c) or _denied_everywhere(c)),
    (("polarity",), "said-elsewhere", _said_elsewhere),
    (VERIFYING, "framed", _framed),
    (("aggregation",), "universal-after", _universal_after),
    (("aggregation",), "nothing-after", _nothing_after),
    (("polarity", "aggregation"), "categorical-beside", _categorical_beside),
    (("polarity",), "ellipsis-after", _ellipsis_after),
    (("modality",), "consequence", _consequence_after),
    (("modality",), "also-required", _also_required_after),
    (("modality",), "named-requirement", _named_requirement),
    (("modality",), "derived-requirement", _derived_requirement),
    (("polarity",), "instead-advice",
     lambda c: advice_after_denial((_next_in_paragraph(c) or [""])[0]) if c.site.kind == "negation" else None),
    (("polarity",), "workaround-before", _workaround_before),
    (("polarity",), "protective-reason",
     lambda c: protective_reason(c.sentence.text, c.site.start, c.site.end) if c.site.kind == "negation" else None),
)


def _first_broken(c: Candidate, rules) -> tuple[str, str] | None:
    """``(rule, reason)`` of the first of ``rules`` (``(name, function)`` pairs) ``c`` breaks."""
    for name, rule in rules:
        why = rule(c)
        if why:
            return name, why
    return None


def unfair_reason(c: Candidate) -> str | None:
    """Why a candidate would not discriminate, or None when it does (seed 003, question c).

    - the question names the changed attribute: the true value is its condition, and the
      expected answer is a different span (checked when the question is phrased);
    - the distractor never states that condition, anywhere in its chunk, in any form the value
      model equates ("thirty days", "1,000 USD") or through a twin (a code's display name), so
      it cannot answer the question;
    - no other sentence of the chunk restates the edited one, and no sentence right after it
      elaborates on it ("For example, ..."), so the edit does not leave the claim standing;
    - the changed number is no operand of a calculation or conversion, whose other values would
      let a reader derive the original back;
    - the true chunk answers the question once: a table whose other row holds the same
      condition value makes the question ambiguous;
    - the answer is not the changed value, and the near miss does not keep the true sentence.

    :func:`unfair_rule` gives the same verdict with the rule's short name (for counting).
    """
    why = unfair_rule(c)
    return None if why is None else why[1]


def unfair_rule(c: Candidate) -> tuple[str, str] | None:
    """``(rule, reason)`` of the first fairness rule ``c`` breaks, or None (see :func:`unfair_reason`)."""
    family = c.family.name
    p = c.phrasing
    text = c.sentence.text
    if family in ("quantity", "date") and (text[: c.site.start].count("(") > text[: c.site.start].count(")")
                                           or re.match(r"\s*\(\s*[\d$€£]", text[c.site.end:])):
        # "one year (26 pay periods)": a value and its restatement; changing one leaves the other
        return "parenthesised", "the value is restated in parentheses beside it"
    after, before = text[c.site.end:], text[: c.site.start]
    if family == "polarity" and re.search(r"\b(?:if|unless|whether|when|whenever|wherever|while|once|until|as\s+soon\s+as|as\s+long\s+as)\b[^,;:]*$", before, re.I):
        return "condition-negation", "the negation sits in a condition ('if you haven't ...'), not in the statement"
    if family == "polarity" and re.search(r"\b(?:that|which|who|whom|whose|where)\b[^,;:]*$", before, re.I):
        return "relative-clause", "the polarity belongs to a relative clause ('steps that have succeeded'), not to the statement"
    if (why := chunk_rule(c)) is not None:  # rules over the rest of the chunk (coherence.chunk_rule)
        return why
    if (why := elsewhere_rule(c)) is not None:  # the claim stated again anywhere in the chunk (elsewhere.py)
        return why
    if re.match(r"\s+or\s+(?:later|newer|higher|above|more|earlier|older|greater|fewer|less)\b|\+", after):
        return "open-bound", "the value is an open bound ('Node 18 or later'): another value can still satisfy it"
    if family == "entity" and re.match(r"\s*\(\s*[A-Z][A-Z0-9&.-]+\s*\)", after):
        return "acronym", "the name is followed by its acronym, which the near miss would keep"
    if family == "entity" and (re.search(r"[A-Za-z0-9][-_/.:@]$", before) or re.match(r"[-_/@][A-Za-z0-9]", after)):
        return "inside-identifier", "the value is part of a longer identifier ('model-v4.0'): changing a piece of it names nothing"
    if c.site.kind in ("geo", "region") and (re.match(r"\s*,\s*[A-Z]", after) or re.search(r"[A-Za-z)]\s*,\s*$", before)
                                             and re.search(r"\b[A-Z][\w.]*\s*,\s*$", before)):
        return "compound-place", "the place is part of a compound place name ('Chicago, Illinois')"
    if family in ("scope", "entity") and c.mutation is not None:
        why = _twin(c)
        if why:
            return "twin", why
    if family == "date" and c.mutation is not None:
        at = c.sentence.start - c.true_chunk.start + c.site.start
        if reverses_chronology(c.true_chunk.text, at, at + len(c.site.text), c.site.text, c.replacement):
            return "chronology", "the new date reverses the order of the dates around it (a previous event after the latest)"
    if family == "quantity" and c.mutation is not None:
        found = _first_broken(c, NUMBER_RULES)
        if found:
            return found
    if family in ("quantity", "date") and c.mutation is not None:
        why = _in_arithmetic(c) or _worked_example(c)
        if why:
            return "arithmetic", why
    why = _conditional_item(c)
    if why:
        return "conditional-item", why
    if c.mutation is not None:
        off = c.sentence.start - c.true_chunk.start
        rest = c.true_chunk.text[:off] + " " + c.true_chunk.text[off + len(text):]
        if family in VALUED and _mentions(rest, c.replacement):
            # a value only: a modal or quantifier ("can", "most") said elsewhere keys nothing
            return "replacement-in-chunk", f"the replacement {c.replacement!r} already keys another row or sentence of the chunk"
        if family in ("polarity", "modality", "aggregation") and _restated(text, _other_sentences(c), c.site.text,
                                                                        _claim_values(c)):
            return "restated", "another sentence of the chunk restates the edited one, so the edit leaves the claim standing"
        found = _first_broken(c, [(name, rule) for families, name, rule in STRENGTH_RULES if family in families])
        if found:
            return found
    if family in CONTRADICTING and family != "polarity":
        condition = c.site.text
        if _mentions(c.distractor_text, condition):
            return "condition-in-near-miss", f"the near miss still states the condition {condition!r}"
        if family in ("entity", "scope") and c.mutation is not None and re.search(r"\d", condition):
            cells = tuple(x for x in re.split(r";\s+", text[: c.site.start] + "\0" + text[c.site.end:])
                          if "\0" not in x) if is_table_row(text) else ()
            other = version_elsewhere(c.true_chunk.text, c.sentence.start - c.true_chunk.start, text, condition, cells)
            if other:
                return "version-elsewhere", f"{other[:50]!r} still names version {condition!r} of the same thing"
        if p.answer_slot is not None and p.answer_slot is c.site:
            return "asks-changed-value", "the question asks for the changed value"
        if is_table_row(c.sentence.text):
            off = c.sentence.start - c.true_chunk.start
            rest = c.true_chunk.text[:off] + c.true_chunk.text[off + len(c.sentence.text):]
            if _mentions(rest, condition):
                return "ambiguous-table", f"another row of the true chunk also holds {condition!r}: the question is ambiguous"
    if family in CONTRADICTING and p.answer.strip().lower() == c.site.text.strip().lower():
        return "answer-is-changed-value", "the expected answer is the changed value"
    if family in VERIFYING and p.answer != "yes":
        return "verification-not-yes", "a verification question must expect yes"
    if c.sentence.text in c.distractor_text:
        return "true-sentence-kept", "the near miss still contains the true sentence"
    return None
