"""`mutagen-cite build`: a balanced, pinned near-miss suite from your documents."""

from __future__ import annotations

from pathlib import Path

import click

from ..build import DEFAULT_CASES, DEFAULT_CHUNK_CHARS, DEFAULT_SEED, build_suite
from ..errors import OutputError
from ..pipeline import analyse
from ..progress import bar_factory
from .common import corpus_options, echo_warning, families_option, print_build_summary


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
@click.option("--min-hardness", default="", metavar="A,B,...",
              help="Prefer near misses whose distractor ranks at or above the true chunk for the question "
                   "under these similarity functions (embedding, bm25, token_f1, fuzzy).")
@click.option("--embedding-model", default=None, metavar="NAME|PATH",
              help="Embedding model for --min-hardness embedding [default: all-MiniLM-L6-v2, offline package fallback].")
@corpus_options
def command(corpus_dir, output, n_cases, seed, families, fmt, judge_spec, templates_dir, chunk_chars, threshold,
            min_hardness, embedding_model, spacy_model, tiers, cache_dir, no_cache, max_bytes, quiet):
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
    """
    if n_cases < 1:
        raise click.BadParameter("must be at least 2 (each near miss gives two cases)", param_hint="--cases")
    _check_writable(output)
    from ..families import get_families

    get_families(families)  # unknown names fail before any parsing
    judge = None
    if judge_spec:
        from ..judges import make_judge

        judge = make_judge(judge_spec)
    bars = bar_factory(not quiet)
    analysis = analyse(corpus_dir, spacy_model=spacy_model, tiers=tiers, threshold=threshold,
                       cache_dir=None if no_cache else cache_dir, progress=bars, on_warning=echo_warning, max_bytes=max_bytes)
    suite, report = build_suite(analysis, n_cases=n_cases, seed=seed, families=families, judge=judge,
                                templates_dir=templates_dir, chunk_chars=chunk_chars, progress=bars,
                                min_hardness=[f for f in min_hardness.split(",") if f.strip()] or None,
                                embedding_model=embedding_model, cache_dir=None if no_cache else cache_dir)
    from ..suite_io import write_suite

    write_suite(output, suite, format=fmt)
    print_build_summary(suite, report, output=output, requested=n_cases)


def _check_writable(path: Path) -> None:
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise OutputError(f"folder {folder} does not exist", where=str(path), hint="create it or choose another -o path")
    if path.is_dir():
        raise OutputError("is a folder", where=str(path), hint="give a file name, e.g. -o suite.yaml")
    import os

    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise OutputError("not writable", where=str(path), hint="choose a writable output path")
