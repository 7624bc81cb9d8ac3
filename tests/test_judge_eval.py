"""`judge eval`: readers for every labelled layout, the metrics, the report and the command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mutagen_cite.cli import main
from mutagen_cite.errors import ConfigError
from mutagen_cite.judges.base import ScoreJudge
from mutagen_cite.judges.evaluate import evaluate, render_html, render_table
from mutagen_cite.judges.labeled import (
    LabeledPair,
    parse_label,
    read_labeled,
    select_split,
    split_of,
    stratified_sample,
)
from mutagen_cite.judges.metrics import agreement, best_threshold, calibration, roc_auc
from mutagen_cite.judges.premise import PremisePolicy, reduce_premise

# --------------------------------------------------------------------------- layouts (written here)


def write_layouts(root: Path) -> Path:
    """One tiny file per shared layout, with sentences written for this test."""
    (root / "breaking_nli").mkdir(parents=True)
    rows = [
        {"sentence1": "Two dogs run.", "sentence2": "Three dogs run.", "gold_label": "contradiction", "category": "cardinals", "pairID": 1},
        {"sentence1": "Two dogs run.", "sentence2": "2 dogs run.", "gold_label": "entailment", "category": "cardinals", "pairID": 2},
    ]
    (root / "breaking_nli" / "dataset.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    (root / "negation_nli_hossain2020").mkdir()
    tsv = "index\tText\tHypothesis\tgold_label\n0\tA cat is not asleep.\tA cat sleeps.\tcontradiction\n1\tA cat is asleep.\tA cat rests.\tentailment\n"
    (root / "negation_nli_hossain2020" / "RTE.txt").write_bytes(tsv.replace("cat", "caf\xe9").encode("cp1252"))
    (root / "hans_mnli_lexical_overlap_counterexamples").mkdir()
    (root / "hans_mnli_lexical_overlap_counterexamples" / "mnli_contradicting_examples").write_text(
        "I am not late.\tI am late.\tcontradiction\n")
    (root / "summedits" / "data").mkdir(parents=True)
    (root / "summedits" / "data" / "summedits_news.json").write_text(json.dumps([
        {"id": "a", "doc": "The mayor opened the bridge on Monday.", "summary": "The bridge opened Monday.",
         "label": "1", "edit_types": "[]", "split": "test"},
        {"id": "b", "doc": "The mayor opened the bridge on Monday.", "summary": "The bridge opened Friday.",
         "label": 0, "edit_types": "['entity_modification']", "split": "test"},
    ]))
    (root / "attributionbench" / "data").mkdir(parents=True)
    (root / "attributionbench" / "data" / "dev.jsonl").write_text(json.dumps(
        {"question": "q", "claim": "The bridge opened Monday.", "references": ["The bridge opened on Monday.", "It is long."],
         "attribution_label": "attributable", "src_dataset": "Toy", "id": "x"}) + "\n")
    (root / "begin" / "wow").mkdir(parents=True)
    (root / "begin" / "wow" / "begin_dev_wow.tsv").write_text(
        "model_name\tdata_source\tknowledge\tmessage\tresponse\tbegin_label\n"
        "t5\twow\tCrayons are made of wax.\thi\tCrayons are wax.\tFully attributable\n"
        "t5\twow\tCrayons are made of wax.\thi\tI like crayons.\tGeneric\n"
        "t5\twow\tCrayons are made of wax.\thi\tCrayons are made of clay.\tNot fully attributable\n")
    return root


def test_every_shared_layout_is_read(tmp_path):
    root = write_layouts(tmp_path / "labeled")
    pairs = read_labeled(root)
    by = {}
    for p in pairs:
        by.setdefault(p.dataset, []).append(p)
    assert {k: len(v) for k, v in by.items()} == {
        "breaking_nli": 2, "negation_nli": 2, "hans_overlap": 1, "summedits": 2, "attributionbench": 1, "begin": 2}
    assert [p.label for p in by["breaking_nli"]] == [False, True] and by["breaking_nli"][0].family == "quantity"
    assert "caf\xe9" in by["negation_nli"][0].premise  # cp1252 decoded
    assert by["negation_nli"][0].edit_type == "neg-premise"
    assert by["summedits"][1].edit_type == "entity_modification" and by["summedits"][1].family == "entity"
    assert by["attributionbench"][0].premise.count("\n") == 1 and by["attributionbench"][0].label
    assert [p.label for p in by["begin"]] == [True, False]  # "Generic" left out
    assert read_labeled(root / "breaking_nli") == by["breaking_nli"]


def test_plain_jsonl_and_csv(tmp_path):
    j = tmp_path / "mine.jsonl"
    j.write_text(json.dumps({"premise": "P", "hypothesis": "H", "label": "supported", "category": "pricing"}) + "\n"
                 + json.dumps({"premise": "P", "claim": "H2", "label": 0}) + "\n"
                 + json.dumps({"premise": "P", "hypothesis": "H3", "label": None}) + "\n")
    got = read_labeled(j)
    assert [(p.hypothesis, p.label, p.category) for p in got] == [("H", True, "pricing"), ("H2", False, "")]
    c = tmp_path / "mine.csv"
    c.write_text("premise,hypothesis,label,category\nP,H,true,x\nP,H2,no,y\n")
    assert [p.label for p in read_labeled(c)] == [True, False]


def test_review_queue_rows_read_once_labelled(tmp_path):
    """The ensemble's queue rows carry premise/hypothesis/scores and no label until a person adds one."""
    q = tmp_path / "review-queue.jsonl"
    rows = [{"premise": "P", "hypothesis": "H", "scores": {"slots": 0.2, "nli:x": 0.9}, "verdicts": {"slots": False}}]
    q.write_text("".join(json.dumps(r) + "\n" for r in rows))
    with pytest.raises(ConfigError, match="label"):
        read_labeled(q)
    rows[0]["label"] = "unsupported"
    q.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert read_labeled(q)[0].label is False


def test_bad_labels_and_files_are_domain_errors(tmp_path):
    with pytest.raises(ConfigError):
        parse_label("maybe")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n")
    with pytest.raises(ConfigError) as err:
        read_labeled(bad)
    assert "bad.jsonl:1" in str(err.value)
    with pytest.raises(ConfigError):
        read_labeled(tmp_path / "missing.jsonl")


def test_split_is_stable_and_by_group():
    assert split_of("d", "premise one") == split_of("d", "premise one")
    pairs = [LabeledPair(f"premise {i // 3}", f"h{i}", bool(i % 2), "d") for i in range(300)]
    held = select_split(pairs, "heldout")
    assert 0.15 < len(held) / len(pairs) < 0.45
    groups_held = {p.premise for p in held}
    assert not groups_held & {p.premise for p in select_split(pairs, "train")}


def test_stratified_sample_is_deterministic_and_keeps_strata():
    pairs = [LabeledPair(f"p{i}", f"h{i}", i % 10 == 0, "d", category="rare" if i < 5 else "common") for i in range(500)]
    a = stratified_sample(pairs, 50, seed=3)
    assert a == stratified_sample(pairs, 50, seed=3) and len(a) == 50
    assert a != stratified_sample(pairs, 50, seed=4)
    assert {p.category for p in a} == {"rare", "common"} and any(p.label for p in a)


# --------------------------------------------------------------------------- metrics


def test_metrics_by_hand():
    y = [True, True, False, False, False]
    pred = [True, False, False, False, True]
    m = agreement(y, pred, [0.9, 0.4, 0.1, 0.2, 0.6])
    assert m["confusion"] == {"tp": 1, "fn": 1, "fp": 1, "tn": 2}
    assert m["accuracy"] == pytest.approx(0.6)
    assert m["balanced_accuracy"] == pytest.approx((0.5 + 2 / 3) / 2)
    # kappa: po = 0.6, pe = 0.4*0.4 + 0.6*0.6 = 0.52
    assert m["kappa"] == pytest.approx((0.6 - 0.52) / 0.48)
    assert m["roc_auc"] == pytest.approx(5 / 6)
    assert best_threshold(y, [0.9, 0.4, 0.1, 0.2, 0.6]) == (0.4, pytest.approx((1 + 2 / 3) / 2))
    assert roc_auc([True, False], [0.5, 0.5]) == 0.5
    one = agreement([False, False], [False, True], [0.1, 0.9])
    assert one["single_class"] and one["balanced_accuracy"] == 0.5 and one["roc_auc"] is None


def test_calibration_bins():
    cal = calibration([True, False, True, True], [0.95, 0.05, 0.9, 0.55])
    counts = [b["count"] for b in cal["bins"]]
    assert sum(counts) == 4 and counts[9] == 2 and counts[0] == 1
    assert 0 <= cal["ece"] <= 1


def test_long_premises_are_reduced_to_relevant_sentences():
    filler = " ".join(f"Sentence {i} talks about lunch menus." for i in range(60))
    premise = filler + " Backups are kept for 7 days. " + filler
    cut = reduce_premise(premise, "How long are backups kept? 7 days", 2)
    assert "Backups are kept for 7 days." in cut and len(cut) < 200
    kept, reduced = PremisePolicy(max_chars=500, max_sentences=2).apply(premise, "backups 7 days")
    assert reduced and "Backups" in kept
    assert PremisePolicy("full").apply(premise, "x") == (premise, False)


# --------------------------------------------------------------------------- the report


class KeywordJudge(ScoreJudge):
    """A deterministic stand-in: supported unless the claim says 'not'."""

    name = "keyword"
    threshold = 0.5

    def score(self, pairs):
        return [0.1 if " not " in f" {h} " else 0.9 for _, h in pairs]


def sample_pairs():
    return [
        LabeledPair("A is on.", "A is on.", True, "toy", "x", "polarity"),
        LabeledPair("A is on.", "A is not on.", False, "toy", "x", "polarity"),
        LabeledPair("A is on.", "B is on.", False, "toy", "y", "scope"),
        LabeledPair("Long. " * 400 + "A is on.", "A is on.", True, "toy", "y", "scope"),
    ]


def test_evaluate_report_groups_and_notes():
    report = evaluate(KeywordJudge(), sample_pairs(), progress=False, details=True, data_info={"split": "all"})
    assert report["overall"]["n"] == 4 and report["overall"]["accuracy"] == 0.75
    assert set(report["groups"]["family"]) == {"polarity", "scope"}
    assert report["groups"]["category"]["toy/x"]["balanced_accuracy"] == 1.0
    assert report["premise_policy"]["reduced"] == 1 and any("reduced" in n for n in report["notes"])
    assert report["judge"]["name"] == "keyword" and report["judge"]["premise_policy"]["name"] == "relevant"
    assert [r["agrees"] for r in report["pairs"]] == [True, True, False, True]
    table = render_table(report)
    assert "overall" in table and "family: scope" in table and "reduced" in table
    html = render_html(report)
    assert "<svg" in html and "circle" in html and "keyword" in html


def test_eval_command_end_to_end(tmp_path):
    data = tmp_path / "labels.jsonl"
    rows = [
        {"premise": "Backups are kept for 7 days.", "hypothesis": "Backups are kept for 7 days.", "label": "supported", "category": "retention"},
        {"premise": "Backups are kept for 7 days.", "hypothesis": "Invoices are emailed monthly.", "label": "unsupported", "category": "retention"},
        {"premise": "Backups are kept for 7 days.", "hypothesis": "Backups are kept.", "label": "supported", "category": "other"},
    ]
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out_json, out_html, details = tmp_path / "r.json", tmp_path / "r.html", tmp_path / "d.jsonl"
    result = CliRunner().invoke(main, [
        "judge", "eval", "--judge", "lexical", "--data", str(data), "-q",
        "--json", str(out_json), "--html", str(out_html), "--details", str(details)])
    assert result.exit_code == 0, result.output
    assert "category: labels/retention" in result.output
    report = json.loads(out_json.read_text())
    assert report["overall"]["n"] == 3 and report["judge"]["name"] == "lexical"
    assert "<svg" in out_html.read_text()
    again = read_labeled(details)  # the details file is plain labelled JSONL again
    assert [p.label for p in again] == [True, False, True]


def test_eval_command_errors_are_one_line(tmp_path):
    result = CliRunner().invoke(main, ["judge", "eval", "--judge", "lexical"])
    assert result.exit_code == 2 and "nothing to evaluate" in result.output
    result = CliRunner().invoke(main, ["judge", "eval", "--judge", "lexical", "--data", str(tmp_path / "none.jsonl")])
    assert result.exit_code == 2 and "Traceback" not in result.output


@pytest.mark.shared
def test_shared_sets_read(shared_dir):
    pairs = read_labeled(shared_dir / "labeled")
    datasets = {p.dataset for p in pairs}
    assert {"breaking_nli", "negation_nli", "summedits", "attributionbench", "begin", "hans_overlap"} <= datasets
    assert all(p.premise and p.hypothesis for p in pairs)


def test_eval_on_pairs_derived_from_a_corpus(demo_dir, tmp_path):
    """One-attribute swaps from the demo corpus, judged by the slots judge, grouped by family."""
    out = tmp_path / "r.json"
    result = CliRunner().invoke(main, [
        "judge", "eval", "--judge", "slots", "--corpus", str(demo_dir), "--limit", "120", "-q",
        "--cache-dir", str(tmp_path / "cache"), "--json", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    families = set(report["groups"]["family"])
    assert {"quantity", "scope", "polarity"} <= families
    assert report["overall"]["positives"] * 3 > report["overall"]["n"]  # balanced-ish
    assert report["overall"]["balanced_accuracy"] > 0.8


def test_supported_rewrites_keep_the_statement():
    from mutagen_cite.judges.derive import rewrites
    from mutagen_cite.model import Sentence, Slot

    text = "On the Pro plan, backups are retained for 14 days."
    slot = Slot("quantity", "duration", 42, 49, "14 days", "14 day", 14.0, "day")
    got = dict((kind, t) for t, kind in rewrites(Sentence("d", 0, len(text), text, (slot,))))
    assert got["value-rewritten:duration"] == "On the Pro plan, backups are retained for two weeks."
    assert got["synonym"] == "On the Pro plan, backups are kept for 14 days."
    assert got["phrase-moved"] == "Backups are retained for 14 days on the Pro plan."
    plain = "Refunds are not issued after 30 days."
    assert ("Refunds aren't issued after 30 days.", "contraction") in rewrites(Sentence("d", 0, len(plain), plain))
