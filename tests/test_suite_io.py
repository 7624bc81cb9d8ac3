"""Suite files: strict reading (errors name file, case and field), deterministic writing."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mutagen_cite.errors import ConfigError, SuiteError
from mutagen_cite.model import (Case, ChunkOrigin, ContextChunk, Expect, MutationRecord, Provenance, SourceSpan, Suite,
                                SuiteHeader)
from mutagen_cite.cases.suite_format import (
    SUITE_FORMAT,
    case_from_dict,
    case_to_dict,
    dump_suite_jsonl,
    dump_suite_yaml,
    load_suite,
    loads_suite,
    write_suite,
)

FIXTURES = Path(__file__).parent / "fixtures" / "suites"


# --------------------------------------------------------------------------- strategies

# Any text a document may hold, except lone surrogates (not encodable as UTF-8).
_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)
_texty = st.one_of(
    _text,
    st.sampled_from(["yes", "no", "null", "~", "true", "2024-03-01", "0x1F", "1e5", "- x", "a: b", "#c",
                     "line one\nline two\n", "  indented\nnext", "trailing \nspace", "tab\there", "\n",
                     "ends with newlines\n\n", "'quoted'", '"dq"', "é ü 中文 🙂", "x\u2028y", "\r\n"]),
)
_ident = st.text("abcdefghijklmnopqrstuvwxyz0123456789-_/.#:", min_size=1, max_size=20).filter(
    lambda s: s.strip() != ""
)
_scalar = st.one_of(st.none(), st.booleans(), st.integers(-(10**12), 10**12),
                    st.floats(allow_nan=False, allow_infinity=False), _texty)
_json = st.recursive(
    _scalar,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(_texty, inner, max_size=3)),
    max_leaves=8,
)
_free = st.dictionaries(_texty, _json, max_size=4)
_opt_int = st.one_of(st.none(), st.integers(0, 10**6))
_opt_text = st.one_of(st.none(), _texty)
_span = st.builds(SourceSpan, doc=_opt_text, start=_opt_int, end=_opt_int)
_origin = st.builds(ChunkOrigin, role=st.one_of(st.none(), st.sampled_from(["true", "distractor"]), _texty),
                    doc=_opt_text, start=_opt_int, end=_opt_int, synthetic=st.one_of(st.none(), st.booleans()))
_mutation = st.builds(MutationRecord, family=_opt_text, family_version=_opt_text, kind=_opt_text,
                      slot_start=_opt_int, slot_end=_opt_int, original=_opt_text, replacement=_opt_text,
                      origin=_opt_text, sibling=st.one_of(st.none(), _span))
# an empty provenance is not written, so it reads back as None
_provenance = st.one_of(st.none(), st.builds(
    Provenance, doc=_opt_text, doc_sha256=_opt_text, start=_opt_int, end=_opt_int, sentence=_opt_text,
    page=_opt_int, chunks=st.dictionaries(_ident, _origin, max_size=3), mutation=st.one_of(st.none(), _mutation),
).filter(lambda p: p.to_dict()))


@st.composite
def cases(draw, case_id: str | None = None) -> Case:
    ids = draw(st.lists(_ident, min_size=0, max_size=4, unique=True))
    variant = draw(st.sampled_from(["both-present", "true-absent"]))
    expect = Expect(
        answer_contains=draw(st.one_of(st.none(), _texty)),
        cited_chunks_include=tuple(draw(st.lists(_ident, max_size=2))),
        cited_chunks_exclude=tuple(draw(st.lists(_ident, max_size=2))),
        behaviour=draw(st.one_of(st.none(), st.just("decline"))),
        answer=draw(st.one_of(st.none(), st.sampled_from(["yes", "no"]))),
    )
    return Case(
        id=case_id or draw(_ident),
        family=draw(st.sampled_from(["scope", "date", "polarity", "my-plugin"])),
        variant=variant,
        question=draw(_texty),
        claim=draw(_texty),
        answer=draw(_texty),
        context=tuple(ContextChunk(i, draw(_texty)) for i in ids),
        expect=expect,
        provenance=draw(_provenance),
        hardness=draw(_free),
        labels=draw(_free),
        status=draw(st.sampled_from([None, "kept", "changed", "new"])),
    )


@st.composite
def suites(draw) -> Suite:
    n = draw(st.integers(0, 3))
    case_list = tuple(draw(cases(case_id=f"case-{i}")) for i in range(n))
    header = draw(st.one_of(st.none(), st.builds(
        SuiteHeader,
        tool_version=_ident,
        seed=st.integers(0, 2**32),
        families=st.dictionaries(_ident, _ident, max_size=3),
        manifest=st.dictionaries(_ident, st.text("0123456789abcdef", min_size=1, max_size=64), max_size=3),
        settings=_free,
    )))
    retired = tuple(
        {"id": rid, "reason": reason}
        for rid, reason in draw(st.lists(st.tuples(_ident, _texty), max_size=2))
    )
    return Suite(header=header, cases=case_list, retired=retired)


# --------------------------------------------------------------------------- round trips


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(suites())
def test_yaml_round_trip(suite):
    text = dump_suite_yaml(suite)
    assert loads_suite(text, format="yaml") == suite
    assert dump_suite_yaml(loads_suite(text)) == text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(suites())
def test_jsonl_round_trip(suite):
    text = dump_suite_jsonl(suite)
    assert loads_suite(text, format="jsonl") == suite
    assert dump_suite_jsonl(loads_suite(text, format="jsonl")) == text


@settings(max_examples=60, deadline=None)
@given(cases())
def test_case_dict_round_trip(case):
    d = case_to_dict(case)
    assert json.loads(json.dumps(d)) == d  # plain JSON data, no tuples
    assert case_from_dict(d, where="results.jsonl") == case


def test_fixture_suites_round_trip_through_both_formats(tmp_path):
    for name in ("full_suite.yaml", "seed_retention.yaml"):
        suite = load_suite(FIXTURES / name)
        y = write_suite(tmp_path / "s.yaml", suite)
        j = write_suite(tmp_path / "s.jsonl", suite)
        assert load_suite(y) == suite
        assert load_suite(j) == suite
        assert j.read_text(encoding="utf-8").splitlines()[0].startswith('{"header": ')


def test_dump_is_deterministic_and_key_order_is_documented():
    suite = load_suite(FIXTURES / "full_suite.yaml")
    again = load_suite(FIXTURES / "full_suite.yaml")
    text = dump_suite_yaml(suite)
    assert text == dump_suite_yaml(again)
    assert dump_suite_jsonl(suite) == dump_suite_jsonl(again)
    data = yaml.safe_load(text)
    assert list(data) == ["format", "tool_version", "seed", "families", "settings", "manifest", "cases", "retired"]
    assert data["format"] == SUITE_FORMAT
    first = data["cases"][0]
    assert list(first) == ["id", "family", "variant", "question", "claim", "answer", "context", "expect",
                           "provenance", "hardness", "status"]
    assert list(first["expect"]) == ["answer_contains", "cited_chunks_include", "cited_chunks_exclude"]
    assert list(first["provenance"])[:5] == ["doc", "doc_sha256", "start", "end", "sentence"]
    assert list(first["hardness"]) == sorted(first["hardness"])
    assert list(data["settings"]) == sorted(data["settings"])
    # block style with indented lists, nothing in flow style
    assert "\n  - id: " in text and "{" not in text and "[" not in text


def test_equal_suites_built_in_different_dict_orders_dump_identically():
    base = load_suite(FIXTURES / "full_suite.yaml")
    c = base.cases[0]
    prov = c.provenance
    shuffled = Case(**{**c.__dict__, "provenance": replace(prov, chunks=dict(reversed(list(prov.chunks.items())))),
                       "hardness": dict(reversed(list(c.hardness.items())))})
    other = Suite(header=base.header, cases=(shuffled,) + base.cases[1:], retired=base.retired)
    assert other == base
    assert dump_suite_yaml(other) == dump_suite_yaml(base)
    assert dump_suite_jsonl(other) == dump_suite_jsonl(base)


def test_long_and_multiline_texts_stay_readable():
    long = "Access logs for accounts hosted in eu-west-3 are kept for ten days. " * 12
    case = Case(id="x", family="scope", variant="both-present", question="q?", claim="", answer="",
                context=(ContextChunk("a", long.strip()), ContextChunk("b", "first line\nsecond line\n")),
                expect=Expect(answer_contains="ten days", cited_chunks_include=("a",)))
    text = dump_suite_yaml(Suite(header=None, cases=(case,)))
    assert long.strip() in text  # one line, not folded
    assert "text: |\n" in text and "          first line\n          second line\n" in text
    assert "é" in dump_suite_yaml(Suite(None, (Case(**{**case.__dict__, "question": "é?"}),)))


def test_write_suite_is_atomic_and_format_can_be_forced(tmp_path, monkeypatch):
    suite = load_suite(FIXTURES / "full_suite.yaml")
    target = tmp_path / "suite.yaml"
    target.write_text("previous content\n", encoding="utf-8")

    import mutagen_cite.files as io_mod

    def boom(fd, *a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(io_mod.os, "fsync", boom)
    with pytest.raises(OSError):
        write_suite(target, suite)
    assert target.read_text(encoding="utf-8") == "previous content\n"
    assert [p.name for p in tmp_path.iterdir()] == ["suite.yaml"]
    monkeypatch.undo()

    out = write_suite(tmp_path / "forced.txt", suite, format="jsonl")
    assert out.read_text(encoding="utf-8") == dump_suite_jsonl(suite)
    with pytest.raises(ConfigError):
        write_suite(tmp_path / "x.yaml", suite, format="xml")


# --------------------------------------------------------------------------- seed shape


def test_bare_list_seed_shape_loads():
    suite = load_suite(FIXTURES / "seed_retention.yaml")
    assert suite.header is None
    both, absent = suite.cases
    assert (both.family, both.variant, absent.variant) == ("scope", "both-present", "true-absent")
    assert both.answer == "10 days" and both.claim == ""  # answer taken from answer_contains
    assert both.expect.cited_chunks_include == ("policy/logs.md#tok:380",)
    assert absent.expect.behaviour == "decline" and absent.answer == ""
    assert both.context[1].text.startswith("Access logs for accounts hosted in eu-west-3 are kept for 10 days")


def test_seed_shape_infers_variant_from_behaviour_when_id_has_no_suffix():
    text = """
- id: plain-id
  question: q?
  context: [{chunk_id: a, text: t}]
  expect: {behaviour: decline, family: date}
- id: other
  question: q?
  answer: "7 days"
  context: [{chunk_id: a, text: t}]
  expect: {answer_contains: "7", cited_chunks_include: [a]}
  family: quantity
"""
    a, b = loads_suite(text).cases
    assert (a.variant, a.family, b.variant, b.answer) == ("true-absent", "date", "both-present", "7 days")


def test_full_shape_requires_variant_claim_answer(tmp_path):
    for missing in ("variant", "claim", "answer"):
        data = yaml.safe_load((FIXTURES / "full_suite.yaml").read_text(encoding="utf-8"))
        del data["cases"][1][missing]
        path = tmp_path / "s.yaml"
        path.write_text(yaml.safe_dump(data), encoding="utf-8")
        with pytest.raises(SuiteError) as err:
            load_suite(path)
        assert err.value.where.endswith(f"case plans-md-1a2b3c4d-scope-true-absent: field {missing}")
        assert err.value.hint


def test_role_true_written_unquoted_reads_as_text():
    suite = load_suite(FIXTURES / "full_suite.yaml")
    assert suite.cases[0].provenance.chunks["p-0412"].role == "true"
    assert suite.cases[1].labels == {"lexical": {"true": "supported", "distractor": "unsupported"}}


def test_yes_no_expected_answer_reads_bare_yes_and_rejects_other_words():
    text = """
- id: y
  family: modality
  question: Must owners review members?
  context: [{chunk_id: a, text: t}]
  expect: {answer: yes, cited_chunks_include: [a]}
"""
    case = loads_suite(text).cases[0]
    assert case.expect.answer == "yes" and case.expect.answer_contains is None
    assert case.answer == "yes"
    assert "answer: 'yes'" in dump_suite_yaml(Suite(None, (case,)))
    with pytest.raises(SuiteError, match="expect.answer.*yes or no"):
        loads_suite(text.replace("answer: yes", "answer: maybe"))


def test_dates_and_hashes_stay_text():
    text = """
- id: d
  family: date
  question: q?
  context: [{chunk_id: a, text: t}]
  expect: {answer_contains: "x", cited_chunks_include: [a]}
  provenance: {mutation: {original: 2024-03-01, replacement: 2024-04-01}}
"""
    case = loads_suite(text).cases[0]
    assert case.provenance.mutation == MutationRecord(original="2024-03-01", replacement="2024-04-01")


_PROV_CASE = """
- id: p
  family: date
  question: q?
  context: [{chunk_id: a, text: t}]
  expect: {answer_contains: "x", cited_chunks_include: [a]}
  provenance: PROV
"""


@pytest.mark.parametrize("prov, field, words", [
    ("{doc: d.md, start: '12'}", "provenance.start", "whole number"),
    ("{doc: d.md, strat: 12}", "provenance.strat", "did you mean 'start'"),
    ("{chunks: {a: {role: true, start: 1.5}}}", "provenance.chunks.a.start", "whole number"),
    ("{chunks: {a: {role: true, synthetic: 'no'}}}", "provenance.chunks.a.synthetic", "true or false"),
    ("{chunks: [a]}", "provenance.chunks", "must map"),
    ("{mutation: {original: x, replacment: y}}", "provenance.mutation.replacment", "did you mean 'replacement'"),
    ("{mutation: {sibling: {doc: d, start: [1]}}}", "provenance.mutation.sibling.start", "whole number"),
    ("[d.md]", "provenance", "must be a mapping"),
])
def test_bad_provenance_names_file_case_and_field(tmp_path, prov, field, words):
    path = tmp_path / "bad.yaml"
    path.write_text(_PROV_CASE.replace("PROV", prov), encoding="utf-8")
    with pytest.raises(SuiteError) as err:
        load_suite(path)
    assert err.value.where == f"{path}:2: case p: field {field}"
    assert words in f"{err.value.message} {err.value.hint}"


def test_provenance_loads_typed():
    case = loads_suite(_PROV_CASE.replace("PROV", "{doc: d.md, start: 3, end: 9, chunks: {a: {role: true, "
                                          "synthetic: false}}, mutation: {sibling: {doc: e.md, start: 1}}}")).cases[0]
    assert case.provenance == Provenance(doc="d.md", start=3, end=9,
                                         chunks={"a": ChunkOrigin(role="true", synthetic=False)},
                                         mutation=MutationRecord(sibling=SourceSpan(doc="e.md", start=1)))
    assert loads_suite(_PROV_CASE.replace("PROV", "{}")).cases[0].provenance is None


# --------------------------------------------------------------------------- errors


def _write(tmp_path: Path, text: str, name: str = "bad.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


GOOD_CASE = """\
  - id: c1
    family: scope
    variant: both-present
    question: q?
    claim: c
    answer: a
    context:
      - chunk_id: k1
        text: t
    expect:
      answer_contains: a
      cited_chunks_include: [k1]
"""
HEADER = "format: mutagen-cite-suite/1\ntool_version: 0.1.0\nseed: 1\ncases:\n"


@pytest.mark.parametrize(
    "old, new, field, words",
    [
        ("    answer: a\n", "    answer: a\n    anwser: b\n", "field anwser", "did you mean 'answer'"),
        ("      answer_contains: a\n", "      answer_contains: a\n      cited: [k1]\n", "field expect.cited",
         "allowed"),
        ("        text: t\n", "        text: t\n        score: 1\n", "field context[0].score", "allowed"),
        ("    family: scope\n", "    family: ''\n", "field family", "non-empty"),
        ("    family: scope\n", "", "field family", "family"),
        ("    variant: both-present\n", "    variant: both\n", "field variant", "true-absent"),
        ("    answer: a\n", "    answer: 7\n", "field answer", "quotes"),
        ("      cited_chunks_include: [k1]\n", "      cited_chunks_include: k1\n",
         "field expect.cited_chunks_include", "list"),
        ("    context:\n      - chunk_id: k1\n        text: t\n", "    context: k1\n", "field context", "chunk"),
        ("        text: t\n", "", "field context[0].text", "chunk_id and text"),
        ("    answer: a\n", "    answer: a\n    status: done\n", "field status", "kept"),
        ("      cited_chunks_include: [k1]\n", "      cited_chunks_include: [k1]\n      family: date\n",
         "field expect.family", "one family"),
    ],
)
def test_case_errors_name_file_line_case_and_field(tmp_path, old, new, field, words):
    path = _write(tmp_path, HEADER + GOOD_CASE.replace(old, new))
    with pytest.raises(SuiteError) as err:
        load_suite(path)
    e = err.value
    assert e.where == f"{path}:5: case c1: {field}"
    assert words in f"{e.message} {e.hint}"


def test_header_errors(tmp_path):
    cases_ = "cases:\n" + GOOD_CASE
    for text, field, words in [
        ("format: mutagen-cite-suite/1\ntool_version: 0.1.0\nseed: 1\nextra: 2\n" + cases_, "field extra", "allowed"),
        ("format: other/9\ntool_version: 0.1.0\nseed: 1\n" + cases_, "field format", "mutagen-cite-suite/1"),
        ("tool_version: 0.1.0\nseed: one\n" + cases_, "field seed", "whole number"),
        ("tool_version: 0.1.0\n" + cases_, "field seed", "seed"),
        ("tool_version: 0.1.0\nseed: 1\nmanifest: {a.md: 123}\n" + cases_, "field manifest.a.md", "quotes"),
        ("tool_version: 0.1.0\nseed: 1\n", "field cases", "cases"),
    ]:
        path = _write(tmp_path, text)
        with pytest.raises(SuiteError) as err:
            load_suite(path)
        assert err.value.where == f"{path}: {field}", text
        assert words in f"{err.value.message} {err.value.hint}"


def test_duplicate_case_ids_are_named(tmp_path):
    path = _write(tmp_path, HEADER + GOOD_CASE + GOOD_CASE)
    with pytest.raises(SuiteError) as err:
        load_suite(path)
    assert err.value.where == f"{path}:17: case c1: field id"
    assert "duplicate" in err.value.message and "#1 and #2" in err.value.message


def test_yaml_syntax_error_names_file_and_line(tmp_path):
    path = _write(tmp_path, HEADER + GOOD_CASE.replace("question: q?", 'question: "unclosed'))
    with pytest.raises(SuiteError) as err:
        load_suite(path)
    assert err.value.where.startswith(f"{path}:")
    line = int(err.value.where.rsplit(":", 1)[1])
    assert 8 <= line <= 20
    assert "invalid YAML" in err.value.message and "line" in err.value.hint

    path = _write(tmp_path, "- id: a\n  id: b\n")
    with pytest.raises(SuiteError) as err:
        load_suite(path)
    assert err.value.where == f"{path}:2" and "duplicate key 'id'" in err.value.message


def test_missing_file_empty_file_and_unknown_extension(tmp_path):
    with pytest.raises(SuiteError) as err:
        load_suite(tmp_path / "nope.yaml")
    assert "not found" in err.value.message and "build" in err.value.hint
    assert err.value.where == str(tmp_path / "nope.yaml")
    with pytest.raises(SuiteError) as err:
        load_suite(_write(tmp_path, "# only a comment\n"))
    assert "empty" in err.value.message
    with pytest.raises(SuiteError) as err:
        load_suite(_write(tmp_path, "x", name="suite.txt"))
    assert ".yaml" in err.value.hint
    with pytest.raises(SuiteError) as err:
        load_suite(_write(tmp_path, "just text\n"))
    assert "mapping or a list" in err.value.message
    with pytest.raises(SuiteError) as err:
        load_suite(tmp_path)  # a folder named like nothing: extension check comes first
    (tmp_path / "d.yaml").mkdir()
    with pytest.raises(SuiteError) as err:
        load_suite(tmp_path / "d.yaml")
    assert "folder" in err.value.message
    bad = tmp_path / "latin.yaml"
    bad.write_bytes(b"- id: caf\xe9\n")
    with pytest.raises(SuiteError) as err:
        load_suite(bad)
    assert "UTF-8" in err.value.message


def test_jsonl_errors_name_line(tmp_path):
    suite = load_suite(FIXTURES / "full_suite.yaml")
    lines = dump_suite_jsonl(suite).splitlines()
    case = json.loads(lines[2])
    case["hardnes"] = {}
    bad = "\n".join([lines[0], lines[1], json.dumps(case)]) + "\n"
    path = _write(tmp_path, bad, "s.jsonl")
    with pytest.raises(SuiteError) as err:
        load_suite(path)
    assert err.value.where == f"{path}:3: case {case['id']}: field hardnes"
    assert "hardness" in err.value.hint

    path = _write(tmp_path, lines[0] + "\n{not json\n", "s.jsonl")
    with pytest.raises(SuiteError) as err:
        load_suite(path)
    assert err.value.where == f"{path}:2" and "invalid JSON" in err.value.message

    path = _write(tmp_path, "\n".join([lines[1], lines[0]]) + "\n", "s.jsonl")
    with pytest.raises(SuiteError) as err:
        load_suite(path)
    assert "first line" in err.value.message

    path = _write(tmp_path, "\n".join([lines[0], lines[-1], lines[1]]) + "\n", "s.jsonl")
    with pytest.raises(SuiteError) as err:
        load_suite(path)
    assert "retired line" in err.value.message


def test_jsonl_without_header_is_a_hand_written_suite(tmp_path):
    path = _write(tmp_path, json.dumps({"id": "a-true-absent", "question": "q?",
                                        "context": [{"chunk_id": "x", "text": "t"}],
                                        "expect": {"behaviour": "decline", "family": "modality"}}) + "\n",
                  "s.jsonl")
    suite = load_suite(path)
    assert suite.header is None and suite.cases[0].variant == "true-absent"


def test_json_list_and_object_load(tmp_path):
    seed = load_suite(FIXTURES / "seed_retention.yaml")
    as_list = [case_to_dict(c) for c in seed.cases]
    assert load_suite(_write(tmp_path, json.dumps(as_list), "s.json")) == seed
    full = load_suite(FIXTURES / "full_suite.yaml")
    obj = yaml.safe_load(dump_suite_yaml(full))
    assert load_suite(_write(tmp_path, json.dumps(obj), "f.json")) == full


def test_case_from_dict_without_id_and_non_mapping():
    with pytest.raises(SuiteError) as err:
        case_from_dict({"family": "scope"}, where="r.jsonl", index=4)
    assert err.value.where == "r.jsonl: case #5 (no id): field id"
    with pytest.raises(SuiteError) as err:
        case_from_dict(["x"], where="r.jsonl", index=0)
    assert "mapping" in err.value.message
