"""`mutagen-cite build`: a balanced, pinned near-miss suite from your documents."""

from __future__ import annotations

from pathlib import Path

import click
from click.core import ParameterSource

from ..audit.hardness import DEFAULT_MIN_HARDNESS
from ..cases.build import DEFAULT_CASES, DEFAULT_CHUNK_CHARS, DEFAULT_SEED, build_suite
from ..errors import OutputError
from ..analysis.pipeline import analyse
from ..analysis.sublinear import DEFAULT_POOL_FACTOR, budget_for
from ..progress import bar_factory
from .common import backend_option, corpus_options, echo_warning, families_option, print_build_summary


@click.command("build")
@click.argument("corpus_dir", type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(path_type=Path), default=Path("suite.yaml"), show_default=True,
              help="Suite file to write (.yaml, or .jsonl for JSON Lines). Written atomically.")
@click.option("--cases", "n_cases", default=DEFAULT_CASES, show_default=True, type=int,
              help="Number of cases (two per near miss: both-present and true-absent).")
@click.option("--seed", default=DEFAULT_SEED, show_default=True, type=int,
              help="Same corpus + same seed = byte-identical suite.")
@families_option
@click.option("--format", "fmt", type=click.Choice(["yaml", "jsonl"]), default=None,
              help="Output format [default: from the file extension].")
@click.option("--judge", "judge_spec", default=None, metavar="SPEC",
              help="Judge for the label check [default: slots when available, else lexical].")
@click.option("--templates", "templates_dir", type=click.Path(path_type=Path), default=None,
              help="Folder of Jinja2 question templates overriding the packaged ones (questions/<family>.v1.j2).")
@click.option("--chunk-chars", default=DEFAULT_CHUNK_CHARS, show_default=True, type=click.IntRange(80, 20000),
              help="Largest context chunk, in characters (whole sentences).")
@click.option("--threshold", default=90.0, show_default=True, type=click.FloatRange(50, 100),
              help="Template similarity for mined siblings (see `mine --help`).")
@click.option("--min-hardness", default=",".join(DEFAULT_MIN_HARDNESS), show_default=True, metavar="A,B,...|none",
              help="Prefer near misses whose distractor ranks at or above the true chunk for the question "
                   "(and, first of all, for the claim too) under these similarity functions (embedding, bm25, token_f1, fuzzy); each family's "
                   "top-ranked candidates (4x its share) are scored. 'none' turns the preference off.")
@click.option("--embedding-model", default=None, metavar="NAME|PATH",
              help="Embedding model for --min-hardness embedding [default: all-MiniLM-L6-v2, offline package fallback].")
@click.option("--update", "update_path", type=click.Path(dir_okay=False, path_type=Path), default=None, metavar="SUITE",
              help="Bring SUITE up to date with CORPUS_DIR instead of building anew: unchanged cases are kept byte "
                   "for byte, edited ones rebuilt under their ids, gone ones retired and their slots refilled. "
                   "Written back to SUITE (or -o).")
@click.option("--check", is_flag=True,
              help="With --update: write nothing; exit 1 listing the stale cases when SUITE no longer matches CORPUS_DIR.")
@click.option("--prune", is_flag=True, help="With --update: drop retired cases instead of listing them under retired:.")
@click.option("--allow-missing", is_flag=True,
              help="With --update: go on even when most documents of the suite are missing from CORPUS_DIR "
                   "(by default that is refused as the wrong folder).")
@click.option("--pool-factor", default=DEFAULT_POOL_FACTOR, show_default=True, type=click.FloatRange(min=0),
              help="Parse documents (in a seeded order, richest first) only until every family has this many times "
                   "its quota of candidate sites; 0 parses the whole corpus.")
@click.option("--full", is_flag=True, help="Parse every document (same as --pool-factor 0).")
@corpus_options
@backend_option
def command(corpus_dir, output, n_cases, seed, families, fmt, judge_spec, templates_dir, chunk_chars, threshold,
            min_hardness, embedding_model, update_path, check, prune, allow_missing, pool_factor, full, spacy_model,
            tiers, cache_dir, no_cache, max_bytes, jobs, quiet, verbose):
    """Build a citation test suite from the documents in CORPUS_DIR.

    \b
    For each chosen sentence, a near miss is made by changing exactly one attribute
    (scope, date, quantity, entity, polarity, aggregation, modality), preferring a value
    that really occurs in your corpus, or by taking a real sibling sentence. Each near miss
    gives two cases:
      both-present  true chunk + distractor: answer must cite the true chunk only
      true-absent   distractor only: the generator must decline
    A judge checks every pair before it is kept (true supports the claim, distractor not).

    \b
    Examples:
      mutagen-cite build corpora/demo -o suite.yaml
      mutagen-cite build ~/docs -o suite.yaml --cases 80 --seed 7 --families scope,quantity
      mutagen-cite validate suite.yaml --corpus ~/docs
      mutagen-cite build ~/docs --update suite.yaml           after the docs changed
      mutagen-cite build ~/docs --update suite.yaml --check   in CI: exit 1 when stale

    On a large corpus only as many documents are parsed as the suite needs (--pool-factor);
    every document is still read and pinned in the manifest. --full parses them all.
    --backend ray parses (and embeds, for --min-hardness) on Ray, with --update too; the suite is the same.
    """
    factor = 0.0 if full else pool_factor
    if update_path is not None or check or prune:
        # --update keeps the header's pool factor unless one is given here
        if not full and click.get_current_context().get_parameter_source("pool_factor") != ParameterSource.COMMANDLINE:
            factor = None
        _update(corpus_dir, update_path, output, fmt, check, prune, judge_spec, templates_dir, threshold, allow_missing,
                spacy_model, tiers, None if no_cache else cache_dir, max_bytes, quiet, factor)
        return
    if n_cases < 1:
        raise click.BadParameter("must be at least 2 (each near miss gives two cases)", param_hint="--cases")
    _check_writable(output)
    from ..cases.families import get_families

    get_families(families)  # unknown names fail before any parsing
    hardness = _hardness_functions(min_hardness)
    from ..judges import check_judge_spec, make_judge

    if judge_spec:
        check_judge_spec(judge_spec)  # the registry's own "unknown judge" error, before parsing
    bars = bar_factory(not quiet)
    analysis = analyse(corpus_dir, spacy_model=spacy_model, tiers=tiers, threshold=threshold,
                       cache_dir=None if no_cache else cache_dir, progress=bars, on_warning=echo_warning,
                       max_bytes=max_bytes, n_process=jobs, budget=budget_for(n_cases, families, seed, factor,
                                                                         chunk_chars=chunk_chars, threshold=threshold))
    judge = None
    if judge_spec:
        # reuse the loaded pipeline and the corpus's tiers instead of loading spaCy again
        from ..judges.slots import analysis_product_names

        judge = make_judge(judge_spec, annotator=analysis.annotator, product_names=analysis_product_names(analysis))
    suite, report = build_suite(analysis, n_cases=n_cases, seed=seed, families=families, judge=judge,
                                templates_dir=templates_dir, chunk_chars=chunk_chars, progress=bars,
                                min_hardness=hardness,
                                embedding_model=embedding_model, cache_dir=None if no_cache else cache_dir)
    from ..cases.suite_format import write_suite

    write_suite(output, suite, format=fmt)
    print_build_summary(suite, report, output=output, requested=n_cases, corpus=analysis.corpus, verbose=verbose)
    if analysis.parsed_line():
        click.echo(analysis.parsed_line())


def _hardness_functions(spec: str) -> list[str] | None:
    """``--min-hardness``: the functions, or None for ``none`` (or an empty value)."""
    names = [f.strip() for f in spec.split(",") if f.strip()]
    if [n.lower() for n in names] == ["none"]:
        return None
    from ..audit.similarity import parse_functions

    parse_functions(names)  # an unknown name fails before any parsing
    return names or None


def _update(corpus_dir, suite_path, output, fmt, check, prune, judge_spec, templates_dir, threshold, allow_missing,
            spacy_model, tiers, cache_dir, max_bytes, quiet, pool_factor=None) -> None:
    """--update / --check: the suite header supplies seed, size, families and chunking."""
    from click.core import ParameterSource

    ctx = click.get_current_context()
    if suite_path is None:
        raise click.UsageError("--check and --prune work on an existing suite: add --update SUITE")
    fixed = [f"--{n.replace('_', '-')}" for n in ("n_cases", "seed", "families", "chunk_chars", "min_hardness",
                                                  "embedding_model")
             if ctx.get_parameter_source(n) == ParameterSource.COMMANDLINE]
    if fixed:
        raise click.UsageError(f"{', '.join(fixed).replace('--n-cases', '--cases')} cannot be used with --update: "
                               "the suite keeps the seed, size, families and chunking it was built with "
                               "(build without --update to change them)")
    from ..cases import regen

    if check:
        result = regen.check_file(suite_path, corpus_dir, on_warning=echo_warning, max_bytes=max_bytes)
        click.echo(result.format())
        ctx.exit(0 if result.fresh else 1)
    out = output if ctx.get_parameter_source("output") == ParameterSource.COMMANDLINE else suite_path
    _check_writable(out)
    judge = None
    if judge_spec:
        from ..judges import make_judge

        judge = make_judge(judge_spec)
    result = regen.update_file(suite_path, corpus_dir, output=out, format=fmt, prune=prune, judge=judge,
                               spacy_model=spacy_model, tiers=tiers, threshold=threshold, cache_dir=cache_dir,
                               templates_dir=templates_dir, progress=bar_factory(not quiet), on_warning=echo_warning,
                               max_bytes=max_bytes, allow_missing=allow_missing, pool_factor=pool_factor)
    click.echo(result.summary())
    click.echo(f"wrote {out}")


def _check_writable(path: Path) -> None:
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise OutputError(f"folder {folder} does not exist", where=str(path), hint="create it or choose another -o path")
    if path.is_dir():
        raise OutputError("is a folder", where=str(path), hint="give a file name, e.g. -o suite.yaml")
    import os

    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise OutputError("not writable", where=str(path), hint="choose a writable output path")
