"""``mutagen-cite export SUITE --to FORMAT -o PATH``: the suite for promptfoo, Hugging Face, ragas,
DeepEval (thin: see mutagen_cite/export.py)."""

from __future__ import annotations

from pathlib import Path

import click

from ..export import FORMATS


@click.command("export")
@click.argument("suite_path", metavar="SUITE", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--to", "fmt", type=click.Choice(FORMATS), required=True,
              help="promptfoo (YAML test cases), hf (datasets folder, or .parquet), ragas or deepeval (JSONL).")
@click.option("-o", "--output", type=click.Path(path_type=Path), required=True,
              help="Where to write it (written whole or not at all).")
@click.option("--decline-token", default=None, metavar="TEXT",
              help="What the exported expectations call a decline [default: NOT IN CONTEXT, as run].")
def command(suite_path: Path, fmt: str, output: Path, decline_token: str | None) -> None:
    """Export SUITE's cases to the eval tools a RAG team already runs.

    \b
    Formats (one record per case; ids, family and variant kept on each):
      promptfoo   test cases for `tests: file://cases.yaml`: vars question, context
                  ("[chunk_id] text" per chunk); asserts the true chunk is cited, the
                  near miss is not, and the expected answer is stated (true-absent:
                  declines, cites nothing, or does not state the absent answer)
      hf          a Hugging Face datasets folder (save_to_disk; pip install
                  'mutagen-cite[export]'), or one Parquet file when -o ends in .parquet;
                  the context nested as a list of {chunk_id, text, role}
      ragas       JSONL for ragas EvaluationDataset.from_jsonl: user_input,
                  retrieved_contexts, reference, reference_contexts
      deepeval    JSONL of DeepEval goldens: input, expected_output, context,
                  retrieval_context, name, additional_metadata
    \b
    The suite must pass `validate` (as for run). Exports carry what a case asks; the full
    verdict (judged entailment, true-absent outcomes, pairs caught) stays with `run`.
    \b
    Examples:
      mutagen-cite export suite.yaml --to promptfoo -o promptfoo/cases.yaml
      mutagen-cite export suite.yaml --to hf -o suite_dataset/
      mutagen-cite export suite.yaml --to hf -o suite.parquet
      mutagen-cite export suite.yaml --to ragas -o ragas.jsonl
    """
    from ..export import DEFAULT_DECLINE_TOKEN, export_suite
    from ..testing import load_checked_suite

    suite = load_checked_suite(suite_path)
    written = export_suite(suite, fmt, output, decline_token=decline_token or DEFAULT_DECLINE_TOKEN)
    click.echo(f"wrote {len(suite.cases)} case(s) as {fmt} to {written}")
