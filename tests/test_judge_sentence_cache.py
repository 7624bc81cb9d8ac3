"""The slots judge's sentence parses on disk (judges/sentence_cache.py): a rerun reads them
instead of parsing, and gives the same verdicts, byte for byte. All sentences written here."""

from __future__ import annotations

import sqlite3

import pytest

from mutagen_cite.judges import make_judge
from mutagen_cite.judges.sentence_cache import FILENAME, SentenceCache, decode, encode
from mutagen_cite.judges.slots import SlotsJudge

PAIRS = [
    ("Backups are kept for 7 days on the Hobby plan.", "Backups are kept for one week on the Hobby plan."),
    ("Backups are kept for 7 days on the Hobby plan.", "Backups are kept for 30 days on the Hobby plan."),
    ("Our team must review every invoice. The Pro plan costs $20 per month.", "The Pro plan costs $5 per month."),
    ("I believe the service does not store personal data in the EU region.", "The service stores personal data in the EU."),
    ("Each workspace gets 12 GB of storage for administrative users.", "Each workspace gets at least 10 GB of storage."),
]


@pytest.fixture(scope="module")
def annotator():
    from mutagen_cite.analysis.annotate import Annotator, load_spacy

    return Annotator(load_spacy(), tiers=("Hobby", "Pro"))


class CountingNlp:
    """The annotator's pipeline, counting the sentences it is asked to parse."""

    def __init__(self, nlp):
        self.nlp, self.parsed = nlp, []
        self.meta = nlp.meta

    def pipe(self, texts, **kw):
        texts = list(texts)
        self.parsed += texts
        return self.nlp.pipe(texts, **kw)


def _counting(annotator):
    from mutagen_cite.analysis.annotate import Annotator

    counted = Annotator(CountingNlp(annotator.nlp), tiers=annotator.tiers)
    assert counted.version == annotator.version
    return counted


def _dump(verdicts):
    return [(v.supported, v.score, v.reason) for v in verdicts]


def test_a_rerun_reads_parses_and_gives_the_same_verdicts(annotator, tmp_path):
    plain = _dump(SlotsJudge(annotator).verdicts(PAIRS))
    first = SlotsJudge(_counting(annotator), parse_cache=tmp_path)
    assert _dump(first.verdicts(PAIRS)) == plain
    assert first.annotator.nlp.parsed and first.parse_cache.hits == 0
    assert (tmp_path / FILENAME).is_file()
    again = SlotsJudge(_counting(annotator), parse_cache=tmp_path)  # a new process: memory empty
    assert _dump(again.verdicts(PAIRS)) == plain
    assert again.annotator.nlp.parsed == []  # every sentence came from disk
    assert again.parse_cache.hits == len(first.annotator.nlp.parsed) and again.parse_cache.misses == 0


def test_entries_round_trip_exactly(annotator, tmp_path):
    judge = SlotsJudge(annotator, parse_cache=tmp_path)
    judge.verdicts(PAIRS)
    assert judge._sentence_parse  # the sentences were parsed
    for sent, parse in judge._sentence_parse.items():
        entry = (judge._sentence_slots[sent], parse)
        assert decode(sent, encode(entry)) == entry
    assert any(q for q, _, _ in judge._sentence_parse.values())  # qualifiers were stored, not only slots
    assert any(w for _, _, w in judge._sentence_parse.values())  # and the writer's "I"


def test_an_entry_that_does_not_fit_its_sentence_is_parsed_again(annotator, tmp_path):
    SlotsJudge(annotator, parse_cache=tmp_path).verdicts(PAIRS[:1])
    db = sqlite3.connect(tmp_path / FILENAME)
    rows = db.execute("SELECT key, entry FROM parse").fetchall()
    with db:  # offsets past the sentence's end, and entries that are not JSON
        db.execute("UPDATE parse SET entry = ? WHERE key = ?",
                   ('{"slots":[["quantity","duration",0,9000,"x","x",null,null]],"quals":[],"lemmas":[],'
                    '"writer":false}', rows[0][0]))
        for key, _ in rows[1:]:
            db.execute("UPDATE parse SET entry = 'not json' WHERE key = ?", (key,))
    db.close()
    again = SlotsJudge(_counting(annotator), parse_cache=tmp_path)
    assert _dump(again.verdicts(PAIRS[:1])) == _dump(SlotsJudge(annotator).verdicts(PAIRS[:1]))
    assert again.parse_cache.bad == len(rows) and len(again.annotator.nlp.parsed) == len(rows)
    third = SlotsJudge(_counting(annotator), parse_cache=tmp_path)  # rewritten by the second run
    third.verdicts(PAIRS[:1])
    assert third.annotator.nlp.parsed == [] and third.parse_cache.bad == 0


def test_another_version_never_serves_an_entry(annotator, tmp_path):
    SlotsJudge(annotator, parse_cache=tmp_path).verdicts(PAIRS[:2])
    other = SentenceCache(tmp_path, "another annotator|spacy=x|code=y")
    assert other.get_many([PAIRS[0][0], PAIRS[0][1]]) == {} and other.misses == 2


def test_a_file_that_is_not_a_database_turns_the_cache_off_with_one_notice(annotator, tmp_path):
    (tmp_path / FILENAME).write_text("this is not a database\n" * 50)
    said = []
    judge = SlotsJudge(annotator, parse_cache=tmp_path)
    judge.parse_cache._notice = said.append
    assert _dump(judge.verdicts(PAIRS)) == _dump(SlotsJudge(annotator).verdicts(PAIRS))
    assert judge.parse_cache.off and len(said) == 1 and FILENAME in said[0] and "--no-cache" in said[0]


def test_make_judge_keeps_parses_only_when_asked(annotator, tmp_path):
    assert make_judge("slots", annotator=annotator, cache_dir=tmp_path / "a").parse_cache is None
    judge = make_judge("slots", annotator=annotator, cache_dir=tmp_path / "b", parse_cache=True)
    judge.verdicts(PAIRS[:1])
    assert (tmp_path / "b" / FILENAME).is_file()
    assert make_judge("slots", annotator=annotator, cache_dir=None, parse_cache=True).parse_cache is None


def test_run_keeps_parses_under_its_cache_dir_and_a_rerun_scores_the_same(tmp_path):
    from pathlib import Path

    from click.testing import CliRunner

    from mutagen_cite.cli import main

    suite = Path(__file__).parent / "fixtures" / "run" / "mini_suite.yaml"

    def run(out, *extra):
        result = CliRunner().invoke(main, ["run", str(suite), "-g", "oracle", "--judge", "slots", "-q",
                                           "-o", str(tmp_path / out), *extra])
        assert result.exit_code == 0, result.output
        return (tmp_path / out).read_text()

    first = run("first.jsonl", "--cache-dir", str(tmp_path / "cache"))
    assert (tmp_path / "cache" / "judge" / FILENAME).is_file()
    assert run("again.jsonl", "--cache-dir", str(tmp_path / "cache")) == first
    assert run("plain.jsonl", "--cache-dir", str(tmp_path / "none"), "--no-cache") == first
    assert not (tmp_path / "none").exists()


def test_the_cache_serves_a_judge_called_from_another_thread(annotator, tmp_path):
    import threading

    judge = SlotsJudge(annotator, parse_cache=tmp_path)
    judge.verdicts(PAIRS[:1])  # the connection opens in this thread
    out = []
    worker = threading.Thread(target=lambda: out.append(_dump(judge.verdicts(PAIRS[1:]))))
    worker.start()
    worker.join()
    assert judge.parse_cache.off is None
    assert out == [_dump(SlotsJudge(annotator).verdicts(PAIRS[1:]))]


def test_the_cache_pickles_and_the_copy_reads_the_same_file(annotator, tmp_path, monkeypatch):
    """A judge shipped to Ray workers is pickled with its parse cache: the copy leaves the open
    connection and lock behind and opens the same file on first use, wherever the worker runs."""
    import pickle

    monkeypatch.chdir(tmp_path)
    first = SlotsJudge(annotator, parse_cache="cache")  # relative, as `--cache-dir cache` gives it
    first.verdicts(PAIRS)
    stored = list(first._sentence_parse)
    copy = pickle.loads(pickle.dumps(first.parse_cache))
    assert copy.path == first.parse_cache.path and copy._db is None
    assert copy.path.is_absolute()  # a worker in another folder opens this file, not its own "cache/"
    assert set(copy.get_many(stored)) == set(stored)
