"""Case verdicts as issue 10 (items 3-5), 14 (items 5-6) and 17 define them, on a small
near-miss suite in the new case format (tests/fixtures/run/pairs_suite.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mutagen_cite.run.generators.python_fn import PythonGenerator
from mutagen_cite.judges.lexical import LexicalJudge
from mutagen_cite.model import Suite
from mutagen_cite.run.runner import run_suite
from mutagen_cite.run.scoring import summarise
from mutagen_cite.cases.suite_format import load_suite

SUITE = Path(__file__).parent / "fixtures" / "run" / "pairs_suite.yaml"


@pytest.fixture(scope="module")
def suite():
    return load_suite(SUITE)


def roles(case):
    chunks = case.provenance.chunks
    true = [c for c, v in chunks.items() if v.role == "true"]
    dis = [c for c, v in chunks.items() if v.role == "distractor"]
    return (true[0] if true else None), dis[0]


def distractor_sentence(case):
    _, dis = roles(case)
    return case.chunk_text(dis).split(". ")[0] + "."


def run(suite, answers, strict=False):
    """answers: case -> raw answer; returns {case_id: record}, summary."""
    by_id = {c.id: c for c in suite.cases}

    def generate(request):
        return answers(by_id[request["case_id"]])

    records = run_suite(suite, PythonGenerator(generate), LexicalJudge(), progress=False, strict=strict).records
    return {r["case_id"]: r for r in records}, summarise(records)


def bare(case):
    """The bare expected value (or just "Yes.") citing the true chunk; declines true-absent."""
    if case.variant == "true-absent":
        return {"decline": True}
    true, _ = roles(case)
    value = "Yes." if case.expect.answer == "yes" else case.expect.answer_contains
    return f"{value} [{true}]"


def test_bare_value_or_yes_with_the_right_citation_catches_every_pair(suite):
    records, summary = run(suite, bare)
    assert all(r["verdict"]["passed"] for r in records.values()), [r["verdict"] for r in records.values()]
    m = summary["overall"]
    assert m["pairs"] == 4 and m["pairs_caught"] == 4 and m["pair_pass"] == 1.0 and m["unpaired"] == 0


def test_no_and_a_longer_wrong_value_fail(suite):
    def answers(case):
        if case.variant == "true-absent":
            return {"decline": True}
        true, _ = roles(case)
        if case.expect.answer == "yes":
            return f"No, not all of them. [{true}]"
        if case.expect.answer_contains == "400 days":
            return f"4000 days [{true}]"  # a substring match would pass this
        return bare(case)

    records, summary = run(suite, answers)
    assert not records["keys-aggregation-both-present"]["verdict"]["passed"]
    assert not records["audit-scope-both-present"]["verdict"]["passed"]
    assert records["seats-quantity-both-present"]["verdict"]["passed"]
    assert summary["overall"]["pair_pass"] == pytest.approx(0.5)


def test_faithful_answer_from_the_near_miss_passes_true_absent(suite):
    def answers(case):
        if case.variant == "both-present":
            return bare(case)
        _, dis = roles(case)
        return f"{distractor_sentence(case)} [{dis}]"

    records, summary = run(suite, answers)
    absent = [r for r in records.values() if r["variant"] == "true-absent"]
    assert [r["verdict"]["outcome"] for r in absent] == ["faithful"] * 4, [r["verdict"] for r in absent]
    assert all(r["verdict"]["passed"] for r in absent)
    assert summary["overall"]["ta_faithful"] == 4 and summary["overall"]["pair_pass"] == 1.0


def test_asserting_the_claim_while_citing_the_near_miss_fails_in_both_variants(suite):
    def answers(case):
        _, dis = roles(case)
        return f"{case.claim} [{dis}]"

    records, summary = run(suite, answers)
    for case in suite.cases:
        verdict = records[case.id]["verdict"]
        assert not verdict["passed"], case.id
        if case.variant == "true-absent":
            assert verdict["outcome"] == "asserted-cited", case.id
    # value mutations (not polarity, whose values are a cue and "") are caught case-aware
    misattributed = [cid for cid, r in records.items()
                     if any(c["kind"] == "mis-attribution" for c in r["verdict"].get("checks", []))]
    assert sorted(misattributed) == sorted(c.id for c in suite.cases if c.family != "polarity")
    assert summary["overall"]["ta_asserted_cited"] == 4 and summary["overall"]["pair_pass"] == 0.0


def test_true_chunk_cited_with_the_near_miss_value_is_a_wrong_answer(suite):
    def answers(case):
        if case.variant == "true-absent":
            return {"decline": True}
        true, _ = roles(case)
        return f"{distractor_sentence(case)} [{true}]"

    records, summary = run(suite, answers)
    wrong = records["seats-quantity-both-present"]["verdict"]
    assert not wrong["passed"] and any("wrong answer" in r for r in wrong["reasons"])
    assert summary["overall"]["wrong_value"] == 3  # scope, quantity, aggregation (not polarity)


def test_uncited_assertion_is_its_own_outcome_and_strict_fails_it(suite):
    def answers(case):
        if case.variant == "both-present":
            return bare(case)
        return case.claim  # states the absent fact, cites nothing

    records, summary = run(suite, answers)
    absent = [r for r in records.values() if r["variant"] == "true-absent"]
    assert {r["verdict"]["outcome"] for r in absent} == {"asserted-uncited"}
    assert all(r["verdict"]["passed"] for r in absent)
    assert summary["overall"]["ta_asserted_uncited"] == 4
    records, summary = run(suite, answers, strict=True)
    assert not any(r["verdict"]["passed"] for r in records.values() if r["variant"] == "true-absent")
    assert summary["overall"]["pair_pass"] == 0.0


def test_a_selection_that_breaks_pairs_reports_unpaired_cases(suite):
    part = Suite(header=suite.header, cases=suite.cases[:3])
    _, summary = run(part, bare)
    assert summary["overall"]["pairs"] == 1 and summary["overall"]["unpaired"] == 1
    assert summary["unpaired"] == ["seats-quantity-both-present"]


def test_rescore_with_strict_regrades_uncited_assertions(tmp_path):
    from click.testing import CliRunner

    from mutagen_cite.cli import main

    suite = load_suite(SUITE)
    by_id = {c.id: c for c in suite.cases}

    def generate(request):
        case = by_id[request["case_id"]]
        return case.claim if case.variant == "true-absent" else bare(case)

    out = tmp_path / "r.jsonl"
    run_suite(suite, PythonGenerator(generate), LexicalJudge(), results_path=out, suite_path=SUITE, progress=False)
    env = {"HF_HUB_OFFLINE": "1"}
    loose = CliRunner().invoke(main, ["run", str(SUITE), "--rescore", str(out), "--fail-under", "pair_pass=1"], env=env)
    assert loose.exit_code == 0, loose.output
    strict = CliRunner().invoke(main, ["run", str(SUITE), "--rescore", str(out), "--strict",
                                       "--fail-under", "pair_pass=1"], env=env)
    assert strict.exit_code == 1 and "pair_pass 0.00 < 1.00" in strict.output


def test_a_verbatim_copy_of_the_cited_near_miss_is_supported_whatever_the_judge_says(suite):
    from mutagen_cite.judges.base import ScoreJudge

    class NothingSupported(ScoreJudge):
        name, threshold = "never", 0.5

        def score(self, pairs):
            return [0.0] * len(pairs)

    by_id = {c.id: c for c in suite.cases}

    def generate(request):
        case = by_id[request["case_id"]]
        if case.variant == "both-present":
            return bare(case)
        _, dis = roles(case)
        if case.family == "quantity":
            return f"The Studio plan includes five editor seats. [{dis}]"  # a paraphrase: the judge decides
        return f"{distractor_sentence(case)} [{dis}]"

    records = run_suite(suite, PythonGenerator(generate), NothingSupported(), progress=False).records
    outcomes = {r["case_id"]: r["verdict"].get("outcome") for r in records if r["variant"] == "true-absent"}
    assert outcomes.pop("seats-quantity-true-absent") == "unsupported"
    assert set(outcomes.values()) == {"faithful"}


def test_yes_to_a_verification_question_with_only_the_near_miss_is_an_assertion(suite):
    """"Yes. <a sentence of the near miss> [p]" answers the absent claim's question with yes: the
    faithful sentence after it does not make the answer faithful. Without a citation it is an
    uncited assertion (passes, unless --strict)."""
    def answers(case, cite=True):
        if case.variant == "both-present":
            return bare(case)
        _, dis = roles(case)
        return f"Yes. {distractor_sentence(case)}" + (f" [{dis}]" if cite else "")

    records, _ = run(suite, answers)
    yes_cases = [r for r in records.values() if r["variant"] == "true-absent" and r["case_id"].startswith("keys-")]
    assert yes_cases and all(r["verdict"]["outcome"] == "asserted-cited" and not r["verdict"]["passed"]
                             for r in yes_cases), [r["verdict"] for r in yes_cases]
    # a value question answered "Yes. <near-miss sentence>" states no claim value: still faithful
    others = [r for r in records.values() if r["variant"] == "true-absent" and r["case_id"].startswith("seats-")]
    assert others and all(r["verdict"]["passed"] for r in others), [r["verdict"] for r in others]
    records, _ = run(suite, lambda c: answers(c, cite=False))
    assert all(r["verdict"]["outcome"] == "asserted-uncited" for r in records.values()
               if r["variant"] == "true-absent" and r["case_id"].startswith("keys-"))


def test_a_bare_yes_before_the_cited_sentence_is_no_uncited_claim(suite):
    """The oracle's "Yes. <claim> [p]": coverage counts the sentence that says why, not the answer word."""
    def answers(case):
        if case.variant == "true-absent":
            return {"decline": True}
        true, _ = roles(case)
        yes = "Yes. " if case.expect.answer == "yes" else ""
        return f"{yes}{case.claim} [{true}]"

    records, summary = run(suite, answers)
    assert any(r["case_id"].startswith("keys-") for r in records.values())
    assert summary["overall"]["citation_coverage"] == 1.0, summary["overall"]
