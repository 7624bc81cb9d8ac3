"""Which value of a sentence a question may ask for, given the value the near miss changes (seed
003, question c): the changed value must be a condition of the answer, not a second fact beside it.

"A customer is invoiced $1,200 on January 1 and pays on January 20.": changing the pay date and
asking "How much is a customer invoiced ... and pays on January 20?" leaves the invoice amount
standing in the near miss; the pay date belongs to another predicate ("pays"), so it does not
scope the amount and the near miss answers the question as well as the true chunk does. "up to
$50 per day with a maximum of $250": the cap is a second amount of the same measure, a limit
beside the rate, not the condition under which the rate holds.

The clause test reads spaCy's dependency parse of the sentence (the pipeline the question rules
already parse with), so it follows the sentence's grammar, not a word list.
"""

from __future__ import annotations

from ...model import Sentence, Slot

#: slot kinds that measure the same dimension: two of one group in a sentence are two facts of
#: one measure (a rate and its cap, the two ends of a window), never one the condition of the other
SAME_MEASURE = (frozenset({"money"}), frozenset({"duration"}), frozenset({"percent"}), frozenset({"size"}),
                frozenset({"date", "month", "quarter", "year"}))
#: dependency labels of a subject: an answer that is the subject of both coordinated predicates
#: is what each of them is about ("Terraform Cloud should run a plan and post the results ...")
_SUBJECTS = ("nsubj", "nsubjpass", "csubj", "expl")


def same_measure(site: Slot, answer: Slot) -> bool:
    """The changed value and the answer are two values of one measure ("$50 per day" and "a
    maximum of $250")."""
    return any(site.kind in group and answer.kind in group for group in SAME_MEASURE)


def _clause_head(token):
    """The verb (or auxiliary) heading the clause ``token`` sits in: its nearest verbal ancestor."""
    t = token
    while t.pos_ not in ("VERB", "AUX") and t.head.i != t.i:
        t = t.head
    return t


def _span_head(doc, start: int, end: int):
    """The token of characters ``start:end`` nearest the root, or None when no token starts there."""
    tokens = [t for t in doc if start <= t.idx < end]
    return min(tokens, key=lambda t: sum(1 for _ in t.ancestors)) if tokens else None


def _conjuncts(a, b) -> bool:
    """Verbs ``a`` and ``b`` are coordinated predicates: one a conjunct of the other, or both
    conjuncts of a third (spaCy makes a new Token object per access: compared by index)."""
    return b.i in {t.i for t in a.conjuncts}


def other_predicate(sentence: Sentence, site: Slot, answer: Slot, parse) -> bool:
    """The changed value and the answer belong to two coordinated predicates ("is invoiced $1,200
    ... and pays on January 20"), and the answer is not their shared subject. ``parse`` turns a
    text into a spaCy Doc."""
    doc = parse(sentence.text)
    s, a = _span_head(doc, site.start, site.end), _span_head(doc, answer.start, answer.end)
    if s is None or a is None:
        return False
    sv, av = _clause_head(s), _clause_head(a)
    if sv.i == av.i or a.dep_ in _SUBJECTS:
        return False
    return _conjuncts(sv, av)


def side_value(sentence: Sentence, site: Slot, answer: Slot, parse) -> str | None:
    """Why asking for ``answer`` with ``site`` as its condition would not discriminate, or None."""
    if same_measure(site, answer):
        return f"{site.text!r} and {answer.text!r} are two values of one measure, not a condition and its value"
    if other_predicate(sentence, site, answer, parse):
        return f"{site.text!r} belongs to another predicate than {answer.text!r}: it does not scope it"
    return None
