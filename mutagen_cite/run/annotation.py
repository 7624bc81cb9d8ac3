"""The run-time annotator a suite needs: one definition for `run`, `--rescore` and the pytest plugin."""

from __future__ import annotations


def suite_annotator(suite, generator_spec: str, judge_spec: str | None):
    """One annotator for the slots judge and the reader, tagging the plan names the suite was
    built with (recorded in its header), so "Enterprise" and "Business" are told apart at run
    time as they were at build time. None when neither needs one."""
    spec = (judge_spec or "auto").lower()
    if not (generator_spec.strip().lower() == "reader" or "slots" in spec or "auto" in spec):
        return None
    from ..analysis.annotate import Annotator, load_spacy
    from ..cases.regen import header_tiers

    return Annotator(load_spacy(), tiers=header_tiers(suite.header) if suite.header is not None else ())


__all__ = ["suite_annotator"]
