"""Agreement between a judge and human labels: plain numpy, no hidden defaults.

"Supported" is the positive class throughout. A group holding one class only (Breaking-NLI's
countries are all contradictions) has no balanced accuracy in the usual sense; there the
recall of the class present is reported as balanced accuracy and ``single_class`` is set, so a
table never shows a number that means something else without saying so.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np


def confusion(y_true: Sequence[bool], y_pred: Sequence[bool]) -> dict[str, int]:
    t = np.asarray(y_true, dtype=bool)
    p = np.asarray(y_pred, dtype=bool)
    return {
        "tp": int(np.sum(t & p)),
        "fn": int(np.sum(t & ~p)),
        "fp": int(np.sum(~t & p)),
        "tn": int(np.sum(~t & ~p)),
    }


def _rates(c: dict[str, int]) -> tuple[float | None, float | None]:
    pos, neg = c["tp"] + c["fn"], c["tn"] + c["fp"]
    tpr = c["tp"] / pos if pos else None
    tnr = c["tn"] / neg if neg else None
    return tpr, tnr


def balanced_accuracy(c: dict[str, int]) -> float | None:
    tpr, tnr = _rates(c)
    present = [r for r in (tpr, tnr) if r is not None]
    return sum(present) / len(present) if present else None


def cohen_kappa(c: dict[str, int]) -> float | None:
    n = sum(c.values())
    if n == 0:
        return None
    po = (c["tp"] + c["tn"]) / n
    p_yes = ((c["tp"] + c["fn"]) / n) * ((c["tp"] + c["fp"]) / n)
    p_no = ((c["tn"] + c["fp"]) / n) * ((c["tn"] + c["fn"]) / n)
    pe = p_yes + p_no
    if pe >= 1.0:
        return None  # both raters used one class: agreement beyond chance is undefined
    return (po - pe) / (1.0 - pe)


def roc_auc(y_true: Sequence[bool], scores: Sequence[float]) -> float | None:
    """Area under the ROC curve (Mann-Whitney, ties counted half); None for one class."""
    t = np.asarray(y_true, dtype=bool)
    s = np.asarray(scores, dtype=float)
    n_pos, n_neg = int(t.sum()), int((~t).sum())
    if n_pos == 0 or n_neg == 0:
        return None
    order = np.argsort(s, kind="mergesort")
    ranks = np.empty(len(s), dtype=float)
    sorted_s = s[order]
    i = 0
    while i < len(s):
        j = i
        while j + 1 < len(s) and sorted_s[j + 1] == sorted_s[i]:
            j += 1
        ranks[order[i : j + 1]] = (i + j) / 2.0 + 1.0
        i = j + 1
    return float((ranks[t].sum() - n_pos * (n_pos + 1) / 2.0) / (n_pos * n_neg))


def best_threshold(y_true: Sequence[bool], scores: Sequence[float]) -> tuple[float | None, float | None]:
    """The cut (supported when score >= cut) with the highest balanced accuracy, and that
    balanced accuracy. Among equal cuts the lowest wins, so the result is deterministic."""
    t = np.asarray(y_true, dtype=bool)
    s = np.asarray(scores, dtype=float)
    if len(s) == 0 or t.all() or (~t).all():
        return None, None
    cuts = np.unique(s)
    n_pos, n_neg = t.sum(), (~t).sum()
    # vectorised: for each cut, how many positives / negatives score at or above it
    pos_sorted = np.sort(s[t])
    neg_sorted = np.sort(s[~t])
    tp = n_pos - np.searchsorted(pos_sorted, cuts, side="left")
    fp = n_neg - np.searchsorted(neg_sorted, cuts, side="left")
    bal = (tp / n_pos + (n_neg - fp) / n_neg) / 2.0
    k = int(np.argmax(bal))
    return float(cuts[k]), float(bal[k])


def calibration(y_true: Sequence[bool], scores: Sequence[float], bins: int = 10) -> dict:
    """Reliability table over equal-width score bins, and the expected calibration error."""
    t = np.asarray(y_true, dtype=bool)
    s = np.clip(np.asarray(scores, dtype=float), 0.0, 1.0)
    rows = []
    ece = 0.0
    n = len(s)
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        mask = (s >= lo) & ((s < hi) if b < bins - 1 else (s <= hi))
        count = int(mask.sum())
        if count:
            mean_score = float(s[mask].mean())
            frac = float(t[mask].mean())
            ece += count / n * abs(mean_score - frac)
        else:
            mean_score, frac = None, None
        rows.append({"lo": lo, "hi": hi, "count": count, "mean_score": mean_score, "fraction_supported": frac})
    return {"bins": rows, "ece": ece if n else None}


def agreement(
    y_true: Sequence[bool], y_pred: Sequence[bool], scores: Sequence[float] | None = None
) -> dict:
    """Every number the eval report shows for one group of pairs."""
    c = confusion(y_true, y_pred)
    n = sum(c.values())
    tpr, tnr = _rates(c)
    out = {
        "n": n,
        "positives": c["tp"] + c["fn"],
        "negatives": c["tn"] + c["fp"],
        "accuracy": (c["tp"] + c["tn"]) / n if n else None,
        "balanced_accuracy": balanced_accuracy(c),
        "single_class": (c["tp"] + c["fn"] == 0) != (c["tn"] + c["fp"] == 0),
        "kappa": cohen_kappa(c),
        "supported_recall": tpr,
        "unsupported_recall": tnr,
        "confusion": c,
        "roc_auc": None,
        "best_threshold": None,
        "best_balanced_accuracy": None,
    }
    if scores is not None and n:
        out["roc_auc"] = roc_auc(y_true, scores)
        out["best_threshold"], out["best_balanced_accuracy"] = best_threshold(y_true, scores)
    return out
