"""The slots judge's batch entry point (``SlotsJudge.prepare``) and the runner's use of it: the
sentences of many pairs are parsed in one spaCy batch, and verdicts do not change. All
sentences written here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mutagen_cite.judges.slots import SlotsJudge

PAIRS = [
    ("Backups are kept for 7 days on the Hobby plan.", "Backups are kept for one week on the Hobby plan."),
    ("Backups are kept for 7 days on the Hobby plan.", "Backups are kept for 30 days on the Hobby plan."),
    ("Our team must review every invoice. The Pro plan costs $20 per month.", "The Pro plan costs $5 per month."),
    ("Each workspace gets 12 GB of storage for administrative users.", "Each workspace gets at least 10 GB of storage."),
    ("Admins can't delete a project that has running jobs.", "Admins are able to delete projects with running jobs."),
]


@pytest.fixture(scope="module")
def annotator():
    from mutagen_cite.analysis.annotate import Annotator, load_spacy

    return Annotator(load_spacy(), tiers=("Hobby", "Pro"))


class CountingNlp:
    """The annotator's pipeline, recording each batch it is asked to parse."""

    def __init__(self, nlp):
        self.nlp, self.batches = nlp, []
        self.meta = nlp.meta

    def pipe(self, texts, **kw):
        texts = list(texts)
        self.batches.append(texts)
        return self.nlp.pipe(texts, **kw)


def _counting(annotator):
    from mutagen_cite.analysis.annotate import Annotator

    return Annotator(CountingNlp(annotator.nlp), tiers=annotator.tiers)


def _dump(verdicts):
    return [(v.supported, v.score, v.reason) for v in verdicts]


def test_prepare_parses_every_sentence_once_in_one_batch_and_verdicts_do_not_change(annotator):
    plain = [_dump(SlotsJudge(annotator).verdicts([pair])) for pair in PAIRS]  # one pair at a time
    judge = SlotsJudge(_counting(annotator))
    judge.prepare(PAIRS)
    nlp = judge.annotator.nlp
    assert len(nlp.batches) == 1
    sentences = nlp.batches[0]
    assert len(sentences) == len(set(sentences))
    assert "Our team must review every invoice." in sentences and "The Pro plan costs $20 per month." in sentences
    # judged one pair at a time afterwards (as the runner asks): nothing is parsed again
    assert [_dump(judge.verdicts([pair])) for pair in PAIRS] == plain
    assert len(nlp.batches) == 1
    judge.prepare(PAIRS)  # all parsed already: no batch at all
    assert len(nlp.batches) == 1


def test_rescore_prepares_each_chunk_of_answers_in_one_batch(tmp_path, monkeypatch):
    """``run --rescore`` with slots: the first-round pairs of a chunk of answers are parsed in one
    batch before the chunk is judged, and the report is the same as judging pair by pair."""
    from click.testing import CliRunner

    from mutagen_cite.cli import main

    suite = Path(__file__).parent / "fixtures" / "run" / "mini_suite.yaml"
    results = tmp_path / "r.jsonl"
    first = CliRunner().invoke(main, ["run", str(suite), "-g", "oracle", "--judge", "lexical", "-o", str(results),
                                      "-q", "--no-cache"])
    assert first.exit_code == 0, first.output
    calls = []
    original = SlotsJudge.prepare

    def spy(self, pairs):
        calls.append(list(pairs))
        return original(self, pairs)

    def rescore(folder):
        out = tmp_path / folder
        result = CliRunner().invoke(main, ["run", str(suite), "--rescore", str(results), "--judge", "slots", "-q",
                                           "--json", str(out), "--no-cache"])
        assert result.exit_code == 0, result.output
        return json.loads(out.read_text())

    plain = rescore("plain.json")
    monkeypatch.setattr(SlotsJudge, "prepare", lambda self, pairs: None)
    unprepared = rescore("unprepared.json")
    monkeypatch.setattr(SlotsJudge, "prepare", spy)
    prepared = rescore("prepared.json")
    assert calls and all(calls)
    assert prepared == unprepared == plain
