"""`build --update` keeps the header's ``min_hardness`` when it refills freed slots: new near
misses are chosen hard-first, as `build --min-hardness` chose the originals.

The similarity function is replaced by a stand-in that calls a pair hard by a hash of its true
chunk (about half of them), so the test needs no embedding model and a refill that ignores the
preference shows up as easy new pairs."""

from __future__ import annotations

import hashlib
import shutil
from collections import Counter

import pytest

from mutagen_cite.audit import hardness
from mutagen_cite.cases import regen

N_CASES = 20
FUNCTION = "token_f1"


def _hard_by_hash(true_text: str) -> bool:
    return hashlib.sha256(true_text.encode()).digest()[0] % 2 == 0


class _HashSimilarity:
    """Scores (true, distractor): the distractor wins when the true text hashes even."""

    name = FUNCTION

    def scores(self, query, passages):
        true_text, distractor = passages
        return [0.0, 1.0] if _hard_by_hash(true_text) else [1.0, 0.0]


@pytest.fixture
def stand_in(monkeypatch):
    monkeypatch.setattr(hardness, "make_similarity", lambda name, **_: _HashSimilarity())


def _true_text(case) -> str:
    (true_id,) = case.expect.cited_chunks_include
    return case.chunk_text(true_id)


def test_update_refills_hard_first_and_keeps_min_hardness(tmp_path, demo_dir, stand_in, monkeypatch):
    from mutagen_cite.analysis.annotate import load_spacy
    from mutagen_cite.analysis.pipeline import analyse
    from mutagen_cite.cases import build
    from mutagen_cite.cases.build import build_suite

    nlp = load_spacy(None)
    shutil.copytree(demo_dir, tmp_path / "corpus")
    analysis = analyse(tmp_path / "corpus", nlp=nlp, cache_dir=tmp_path / "cache")
    suite, report = build_suite(analysis, n_cases=N_CASES, min_hardness=[FUNCTION])
    both = [c for c in suite.cases if c.variant == "both-present"]
    # the build scores only each family's top-ranked candidates (hardness.WINDOW x its share):
    # hard ones first where that window has them
    assert report.hard == sum(1 for c in both if _hard_by_hash(_true_text(c))) >= 0.8 * len(both)
    assert suite.header.settings["min_hardness"] == [FUNCTION]

    # delete the two documents holding the most near misses: their slots are refilled
    docs = Counter(c.provenance.doc for c in both)
    for doc, _ in docs.most_common(2):
        (tmp_path / "corpus" / doc).unlink()
    calls = []  # (offered candidates, preference, picked candidates) per refill selection
    select = build.select

    def recording_select(by_family, total_pairs, **kwargs):
        picked = select(by_family, total_pairs, **kwargs)
        calls.append(([c for cs in by_family.values() for c in cs], kwargs.get("prefer"), [c for c, _ in picked]))
        return picked

    monkeypatch.setattr(build, "select", recording_select)
    result = regen.update_suite(suite, tmp_path / "corpus", nlp=nlp, cache_dir=tmp_path / "cache")

    assert result.suite.header.settings["min_hardness"] == [FUNCTION]
    new = [c for c in result.suite.cases if c.status == "new" and c.variant == "both-present"]
    assert len(new) >= 4 and calls, "the deletions should free several slots"
    for offered, prefer, picked in calls:
        # the refill ranks by the header's preference: the build's definition of hard
        assert prefer is not None
        assert [prefer(c) for c in offered] == [_hard_by_hash(c.true_chunk.text) for c in offered]
        # where hard candidates abound, only hard ones are taken (easy ones only fill in
        # for a family that has none left, e.g. the demo's few date candidates)
        if sum(1 for c in offered if prefer(c)) >= 3 * len(picked):
            assert all(_hard_by_hash(c.true_chunk.text) for c in picked)
    assert sum(1 for c in new if _hard_by_hash(_true_text(c))) >= len(new) // 2
