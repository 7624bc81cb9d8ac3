"""`mutagen-cite mine`: which enumerations do your documents contain?"""

from __future__ import annotations

from pathlib import Path

import click

from ..files import atomic_write_text, dumps_json
from ..analysis.pipeline import analyse, mine_document
from ..progress import bar_factory
from .common import backend_option, corpus_options, echo_warning, print_mine_summary


@click.command("mine")
@click.argument("corpus_dir", type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Write enumerations here (.yaml or .json).")
@click.option("--threshold", default=90.0, show_default=True, type=click.FloatRange(50, 100),
              help="Template similarity (rapidfuzz ratio) for two sentences to count as siblings; 100 = exact.")
@click.option("--top", default=5, show_default=True, help="Examples per family in the printed summary.")
@corpus_options
@backend_option
def command(corpus_dir: Path, output: Path | None, threshold: float, top: int, spacy_model, tiers, cache_dir, no_cache, max_bytes, jobs, quiet, verbose):
    """Find enumerations in CORPUS_DIR: sibling sentences that differ in one attribute.

    \b
    Policy docs enumerate regions, rate cards enumerate tiers, changelogs enumerate
    versions. Each enumeration is a set of real sentences sharing a template once their
    slots (region, tier, date, quantity, version, negation, quantifier, modal) are masked.
    These siblings become the near-miss distractors of `mutagen-cite build`.

    \b
    Examples:
      mutagen-cite mine corpora/demo
      mutagen-cite mine ~/docs -o enumerations.yaml --tiers "Hobby,Pro"

    Parses are cached in --cache-dir by document hash: a rerun parses only changed files.
    --backend ray parses on a Ray cluster (RAY_ADDRESS) or a local Ray instance.
    """
    analysis = analyse(
        corpus_dir,
        spacy_model=spacy_model,
        tiers=tiers,
        threshold=threshold,
        cache_dir=None if no_cache else cache_dir,
        progress=bar_factory(not quiet),
        on_warning=echo_warning,
        max_bytes=max_bytes,
        n_process=jobs,
        stream=True,
    )
    doc = mine_document(analysis)
    if output is not None:
        if output.suffix.lower() == ".json":
            atomic_write_text(output, dumps_json(doc))
        else:
            import yaml

            atomic_write_text(output, yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100))
    print_mine_summary(analysis, top=top, output=output, verbose=verbose)
