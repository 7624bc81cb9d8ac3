"""Premises keep table rows apart: a value of one row never confirms or refutes a claim about
the next row (found on a real pricing table where the oracle's correct claim was rejected)."""

from __future__ import annotations

from mutagen_cite.run.answers import premise_for

TABLE = ("Plan: Free; RAM: 0.5 GB; Image Size: 4 GB.\n"
         "Plan: Hobby; RAM: 48 GB; Image Size: 100 GB.\n"
         "Plan: Pro; RAM: 1 TB; Image Size: Unlimited.")


def test_whole_chunk_premise_keeps_line_breaks_and_folds_spaces():
    premise = premise_for(TABLE.replace("RAM:", "RAM:   "), None)
    assert premise.splitlines() == TABLE.splitlines()
    assert "  " not in premise


def test_slots_judge_reads_each_row_on_its_own():
    from mutagen_cite.analysis.annotate import Annotator, load_spacy
    from mutagen_cite.judges import make_judge

    judge = make_judge("slots", annotator=Annotator(load_spacy(), tiers=("Free", "Hobby", "Pro")), cache_dir=None)
    good, bad = judge.verdicts([(premise_for(TABLE, None), "The RAM for the Hobby plan is 48 GB."),
                                (premise_for(TABLE, None), "The RAM for the Hobby plan is 4 GB.")])
    assert good.supported, good.reason
    assert not bad.supported, bad.reason
