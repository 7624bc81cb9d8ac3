"""`mutagen-cite build` end to end on the demo corpus, and its bad-input paths."""

from __future__ import annotations

from collections import Counter

import pytest
from click.testing import CliRunner

from mutagen_cite.cli import main
from mutagen_cite.model import FAMILIES
from mutagen_cite.cases.suite_format import load_suite
from mutagen_cite.cases.validate import validate_suite


def _build(tmp_path, demo_dir, name="suite.yaml", *extra):
    out = tmp_path / name
    result = CliRunner().invoke(
        main, ["build", str(demo_dir), "-o", str(out), "-q", "--cache-dir", str(tmp_path / "cache"), *extra]
    )
    return result, out


@pytest.fixture(scope="module")
def demo_suite(tmp_path_factory, demo_dir):
    tmp = tmp_path_factory.mktemp("build")
    result, out = _build(tmp, demo_dir)
    assert result.exit_code == 0, result.output
    return result, out


def test_demo_suite_covers_all_families_and_variants(demo_suite):
    result, out = demo_suite
    suite = load_suite(out)
    assert len(suite.cases) == 60
    per = Counter((c.family, c.variant) for c in suite.cases)
    for family in FAMILIES:
        assert per[(family, "both-present")] >= 3, family
        assert per[(family, "true-absent")] == per[(family, "both-present")], family
    assert "60 cases written" in result.output


def test_cases_are_well_formed(demo_suite, demo_dir):
    from mutagen_cite.corpus import load_corpus

    suite = load_suite(demo_suite[1])
    problems = validate_suite(suite, corpus=load_corpus(demo_dir))
    assert [p for p in problems if p.severity == "error"] == []
    for case in suite.cases:
        assert case.question.endswith("?")
        if case.variant == "both-present":
            (true_id,) = case.expect.cited_chunks_include
            (dis_id,) = case.expect.cited_chunks_exclude
            true_text, dis_text = case.chunk_text(true_id), case.chunk_text(dis_id)
            assert true_text != dis_text
            assert case.answer in true_text or case.family in ("polarity", "aggregation", "modality")
            # the true sentence is in the true chunk, verbatim
            assert case.provenance.sentence in true_text
        else:
            assert case.expect.behaviour == "decline"
            assert len(case.context) == 1


def test_most_values_come_from_the_corpus(demo_suite):
    suite = load_suite(demo_suite[1])
    origins = Counter(c.provenance.mutation.origin for c in suite.cases)
    assert origins["mined"] + origins["sibling"] >= len(suite.cases) / 2


def test_same_seed_is_byte_identical_and_other_seed_differs(tmp_path, demo_dir, demo_suite):
    again, out = _build(tmp_path, demo_dir, "again.yaml")
    assert again.exit_code == 0, again.output
    assert out.read_bytes() == demo_suite[1].read_bytes()
    other, out2 = _build(tmp_path, demo_dir, "other.yaml", "--seed", "99")
    assert other.exit_code == 0
    assert out2.read_bytes() != out.read_bytes()


def test_ids_are_stable_under_a_different_case_count(tmp_path, demo_dir, demo_suite):
    small, out = _build(tmp_path, demo_dir, "small.yaml", "--cases", "14", "--families", "scope,quantity")
    assert small.exit_code == 0, small.output
    big_ids = {c.id for c in load_suite(demo_suite[1]).cases}
    small_cases = load_suite(out).cases
    assert len(small_cases) == 14
    assert {c.family for c in small_cases} == {"scope", "quantity"}
    # ids derive from evidence, never from order: shared evidence gives the same id
    assert {c.id for c in small_cases} & big_ids


@pytest.mark.parametrize(
    "args, message",
    [
        (["--cases", "0"], "--cases"),
        (["--families", "scope,colour"], "unknown family 'colour'"),
    ],
)
def test_bad_options_are_clear_errors(tmp_path, demo_dir, args, message):
    existing = tmp_path / "suite.yaml"
    existing.write_text("keep me\n")
    result, _ = _build(tmp_path, demo_dir, "suite.yaml", *args)
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output
    assert existing.read_text() == "keep me\n"


def test_empty_corpus_and_corpus_without_enumerations(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    result = CliRunner().invoke(main, ["build", str(empty), "-o", str(tmp_path / "s.yaml"), "-q"])
    assert result.exit_code != 0 and "no readable documents" in result.output
    flat = tmp_path / "flat"
    flat.mkdir()
    (flat / "note.md").write_text("# Notes\n\nWe like tea.\n\nThe kettle is blue and tall.\n")
    result = CliRunner().invoke(
        main, ["build", str(flat), "-o", str(tmp_path / "s.yaml"), "-q", "--cache-dir", str(tmp_path / "c")]
    )
    assert result.exit_code != 0
    assert "no enumerations found" in result.output
    assert not (tmp_path / "s.yaml").exists()


def test_unwritable_output_path(tmp_path, demo_dir):
    result = CliRunner().invoke(main, ["build", str(demo_dir), "-o", str(tmp_path / "no" / "such" / "s.yaml"), "-q"])
    assert result.exit_code != 0
    assert "does not exist" in result.output
