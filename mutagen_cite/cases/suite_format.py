"""Read and write suite files (YAML or JSON Lines), strictly and deterministically.

The suite file is the contract between build, validate, audit, run and regenerate (see the
suite format notes), so this module is deliberately strict on the way in (unknown keys, wrong
types and duplicate ids are errors that name the file, the case and the field) and
deterministic on the way out (fixed key order, no folding, same suite = same bytes).

Hand-written suites in the seed shape are accepted: a bare YAML list of cases with no header,
``family`` inside ``expect``, and ``variant``/``claim``/``answer`` left out.
"""

from __future__ import annotations

import difflib
import json
import os
from pathlib import Path
from typing import Any

import yaml

from ..errors import ConfigError, SuiteError
from ..files import atomic_write_text, first_yaml_alias
from ..model import (VARIANTS, Case, ChunkOrigin, ContextChunk, Expect, MutationRecord, Provenance, SourceSpan,
                     Suite, SuiteHeader)

__all__ = [
    "SUITE_FORMAT",
    "load_suite",
    "loads_suite",
    "dump_suite_yaml",
    "dump_suite_jsonl",
    "write_suite",
    "case_to_dict",
    "case_from_dict",
    "provenance_from_dict",
    "suite_to_dict",
]

SUITE_FORMAT = "mutagen-cite-suite/1"

HEADER_KEYS: tuple[str, ...] = ("format", "tool_version", "seed", "families", "settings", "manifest")
TOP_KEYS: tuple[str, ...] = HEADER_KEYS + ("cases", "retired")
CASE_KEYS: tuple[str, ...] = (
    "id",
    "family",
    "variant",
    "question",
    "claim",
    "answer",
    "context",
    "expect",
    "provenance",
    "hardness",
    "labels",
    "status",
)
CHUNK_KEYS: tuple[str, ...] = ("chunk_id", "text")
EXPECT_KEYS: tuple[str, ...] = ("answer_contains", "answer", "cited_chunks_include", "cited_chunks_exclude", "behaviour")
STATUSES: tuple[str, ...] = ("kept", "changed", "new")

# Readable order for the well-known keys of free-form mappings; other keys follow, sorted.
_PROVENANCE_ORDER = ("doc", "doc_sha256", "start", "end", "sentence", "chunks", "mutation")
_PROV_CHUNK_ORDER = ("role", "doc", "start", "end", "synthetic")
_MUTATION_ORDER = (
    "family",
    "family_version",
    "kind",
    "slot_start",
    "slot_end",
    "original",
    "replacement",
    "origin",
)
_RETIRED_ORDER = ("id", "reason")


# --------------------------------------------------------------------------- YAML dialect


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """Safe loader that keeps dates as strings and refuses duplicate mapping keys.

    A date-looking answer ("2024-03-01") must stay the text the generator has to produce, and
    a duplicated key in a hand-edited case would otherwise silently drop one of the values.
    """


_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _construct_mapping_no_dupes(loader: yaml.SafeLoader, node: yaml.MappingNode) -> dict:
    seen: dict[tuple[str, str], yaml.Node] = {}
    for key_node, _ in node.value:
        if isinstance(key_node, yaml.ScalarNode) and key_node.tag != "tag:yaml.org,2002:merge":
            key = (key_node.tag, key_node.value)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    "while reading a mapping",
                    node.start_mark,
                    f"found duplicate key {key_node.value!r}",
                    key_node.start_mark,
                )
            seen[key] = key_node
    loader.flatten_mapping(node)
    return dict(loader.construct_pairs(node, deep=True))


_Loader.add_constructor("tag:yaml.org,2002:map", _construct_mapping_no_dupes)


class _Dumper(yaml.SafeDumper):
    """Block-style YAML with indented lists, literal blocks for multi-line text, no folding."""

    def increase_indent(self, flow: bool = False, indentless: bool = False):  # noqa: D401
        return super().increase_indent(flow, False)


def _represent_str(dumper: yaml.SafeDumper, data: str) -> yaml.ScalarNode:
    # Literal blocks keep multi-line chunk texts readable; the emitter falls back to a quoted
    # style by itself when the text cannot be a block (trailing spaces, control characters).
    # NEL and the Unicode line/paragraph separators are line breaks to YAML: PyYAML folds them
    # in single-quoted scalars, so such text is always written double-quoted (escaped).
    if any(c in data for c in "\x85\u2028\u2029"):
        style = '"'
    elif "\n" in data and "\r" not in data:
        style = "|"
    else:
        style = None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_Dumper.add_representer(str, _represent_str)

_YAML_WIDTH = 1 << 30  # never fold a line: a chunk text stays on one line or in one block


# --------------------------------------------------------------------------- errors


class _Where:
    """Builds the ``where=`` of an error: ``FILE[:LINE]: case ID: field NAME``."""

    def __init__(self, file: str, line: int | None = None, case: str | None = None):
        self.file = file
        self.line = line
        self.case = case

    def at(self, field: str | None = None) -> str:
        parts = [f"{self.file}:{self.line}" if self.line else self.file]
        if self.case is not None:
            parts.append(f"case {self.case}")
        if field:
            parts.append(f"field {field}")
        return ": ".join(p for p in parts if p)

    def error(self, field: str | None, message: str, hint: str | None = None) -> SuiteError:
        return SuiteError(message, where=self.at(field), hint=hint)


def _type_name(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    return {
        bool: "a true/false value",
        int: "a number",
        float: "a number",
        str: "text",
        list: "a list",
        dict: "a mapping",
    }.get(type(value), type(value).__name__)


def _unknown_key_error(w: _Where, prefix: str, key: Any, allowed: tuple[str, ...]) -> SuiteError:
    name = f"{prefix}{key}"
    close = difflib.get_close_matches(str(key), allowed, n=1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    hint += "allowed: " + ", ".join(allowed)
    return w.error(name, f"unknown field {str(key)!r}", hint=hint)


def _check_keys(w: _Where, prefix: str, d: dict, allowed: tuple[str, ...]) -> None:
    for key in d:
        if key not in allowed:
            raise _unknown_key_error(w, prefix, key, allowed)


# --------------------------------------------------------------------------- typed readers


def _str(w: _Where, field: str, value: Any, *, nonempty: bool = False) -> str:
    if not isinstance(value, str):
        hint = "put the value in quotes" if isinstance(value, (int, float, bool)) else "give it as text"
        raise w.error(field, f"must be text, got {_type_name(value)}", hint=hint)
    if nonempty and not value.strip():
        raise w.error(field, "must not be empty", hint="give it a non-empty value")
    return value


def _opt_str(w: _Where, field: str, value: Any) -> str | None:
    return None if value is None else _str(w, field, value)


def _str_list(w: _Where, field: str, value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise w.error(
            field,
            f"must be a list of chunk ids, got {_type_name(value)}",
            hint=f"write it as a list, e.g. [{value}]" if isinstance(value, str) else "write it as a list",
        )
    return tuple(_str(w, f"{field}[{i}]", v, nonempty=True) for i, v in enumerate(value))


def _json_key(key: Any) -> str:
    """The key JSON would write for ``key`` (so YAML and JSONL suites read back the same)."""
    if isinstance(key, str):
        return key
    if key is True:
        return "true"
    if key is False:
        return "false"
    if key is None:
        return "null"
    if isinstance(key, (int, float)):
        return json.dumps(key)
    raise TypeError(type(key).__name__)


def _plain(w: _Where, field: str, value: Any) -> Any:
    """Checks that ``value`` is JSON-shaped data; mapping keys become text, tuples lists."""
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(w, f"{field}[{i}]", v) for i, v in enumerate(value)]
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for k, v in value.items():
            try:
                key = _json_key(k)
            except TypeError:
                raise w.error(field, f"has a key of unsupported type {type(k).__name__}",
                              hint="use text keys") from None
            out[key] = _plain(w, f"{field}.{key}", v)
        return out
    raise w.error(field, f"holds a value of unsupported type {type(value).__name__}",
                  hint="use text, numbers, true/false, lists and mappings only")


def _mapping(w: _Where, field: str, value: Any, *, default_empty: bool = True) -> dict:
    if value is None and default_empty:
        return {}
    if not isinstance(value, dict):
        raise w.error(field, f"must be a mapping, got {_type_name(value)}", hint="write it as key: value lines")
    return _plain(w, field, value)


def _str_mapping(w: _Where, field: str, value: Any) -> dict[str, str]:
    d = _mapping(w, field, value)
    for k, v in d.items():
        _str(w, f"{field}.{k}", v)
    return d


_PROV_KEYS: tuple[str, ...] = ("doc", "doc_sha256", "start", "end", "sentence", "page", "chunks", "mutation")
_CHUNK_ORIGIN_KEYS: tuple[str, ...] = ("role", "doc", "start", "end", "synthetic")
_MUTATION_KEYS: tuple[str, ...] = _MUTATION_ORDER + ("sibling",)
_SPAN_KEYS: tuple[str, ...] = ("doc", "start", "end")


def _opt_int(w: _Where, field: str, value: Any) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise w.error(field, f"must be a whole number (a character offset), got {_type_name(value)}",
                      hint="write the offset as a number, e.g. 120")
    return value


def _opt_bool(w: _Where, field: str, value: Any) -> bool | None:
    if value is None:
        return None
    if not isinstance(value, bool):
        raise w.error(field, f"must be true or false, got {_type_name(value)}", hint="write true or false")
    return value


def _strict_mapping(w: _Where, field: str, value: Any, allowed: tuple[str, ...]) -> dict:
    if not isinstance(value, dict):
        raise w.error(field, f"must be a mapping, got {_type_name(value)}", hint="write it as key: value lines")
    _check_keys(w, f"{field}.", value, allowed)
    return value


def _chunk_origin(w: _Where, field: str, value: Any) -> ChunkOrigin:
    d = _strict_mapping(w, field, value, _CHUNK_ORIGIN_KEYS)
    role = d.get("role")
    if role is True:  # ``role: true`` written unquoted in YAML reads as a boolean; the role is "true"
        role = "true"
    return ChunkOrigin(
        role=_opt_str(w, f"{field}.role", role),
        doc=_opt_str(w, f"{field}.doc", d.get("doc")),
        start=_opt_int(w, f"{field}.start", d.get("start")),
        end=_opt_int(w, f"{field}.end", d.get("end")),
        synthetic=_opt_bool(w, f"{field}.synthetic", d.get("synthetic")),
    )


def _mutation_record(w: _Where, field: str, value: Any) -> MutationRecord:
    d = _strict_mapping(w, field, value, _MUTATION_KEYS)
    sibling = None
    if d.get("sibling") is not None:
        s = _strict_mapping(w, f"{field}.sibling", d["sibling"], _SPAN_KEYS)
        sibling = SourceSpan(doc=_opt_str(w, f"{field}.sibling.doc", s.get("doc")),
                             start=_opt_int(w, f"{field}.sibling.start", s.get("start")),
                             end=_opt_int(w, f"{field}.sibling.end", s.get("end")))
    text = {k: _opt_str(w, f"{field}.{k}", d.get(k))
            for k in ("family", "family_version", "kind", "original", "replacement", "origin")}
    return MutationRecord(**text, slot_start=_opt_int(w, f"{field}.slot_start", d.get("slot_start")),
                          slot_end=_opt_int(w, f"{field}.slot_end", d.get("slot_end")), sibling=sibling)


def provenance_from_dict(value: Any, *, where: str = "<provenance>", case: str | None = None,
                         line: int | None = None) -> Provenance | None:
    """A case's ``provenance`` mapping as a typed :class:`Provenance` (None when absent or empty).

    Strict: unknown keys and wrong types raise :class:`SuiteError` naming ``where`` (the file),
    the case and the field (``provenance.chunks.p-0412.start``)."""
    return _provenance_from(_Where(where, line, case), value)


def _provenance_from(w: _Where, value: Any) -> Provenance | None:
    if value is None:
        return None
    d = _strict_mapping(w, "provenance", value, _PROV_KEYS)
    if not d:
        return None
    chunks: dict[str, ChunkOrigin] = {}
    raw_chunks = d.get("chunks")
    if raw_chunks is not None:
        if not isinstance(raw_chunks, dict):
            raise w.error("provenance.chunks", f"must map each context chunk id to where it came from, got "
                          f"{_type_name(raw_chunks)}", hint="write chunk_id: {role: ..., doc: ..., start: ..., end: ...}")
        for k, entry in raw_chunks.items():
            try:
                cid = _json_key(k)
            except TypeError:
                raise w.error("provenance.chunks", f"has a key of unsupported type {type(k).__name__}",
                              hint="use the chunk id as the key") from None
            chunks[cid] = _chunk_origin(w, f"provenance.chunks.{cid}", entry)
    mutation = d.get("mutation")
    return Provenance(
        doc=_opt_str(w, "provenance.doc", d.get("doc")),
        doc_sha256=_opt_str(w, "provenance.doc_sha256", d.get("doc_sha256")),
        start=_opt_int(w, "provenance.start", d.get("start")),
        end=_opt_int(w, "provenance.end", d.get("end")),
        sentence=_opt_str(w, "provenance.sentence", d.get("sentence")),
        page=_opt_int(w, "provenance.page", d.get("page")),
        chunks=chunks,
        mutation=None if mutation is None else _mutation_record(w, "provenance.mutation", mutation),
    )


# --------------------------------------------------------------------------- cases


def _yes_no(w, value: Any) -> str | None:
    """``expect.answer``: the expected answer of a yes/no question, "yes" or "no"."""
    if value is None:
        return None
    if isinstance(value, bool):  # YAML 1.1 reads a bare yes/no as a boolean
        return "yes" if value else "no"
    text = _opt_str(w, "expect.answer", value)
    if text is None or text.strip().lower() not in ("yes", "no"):
        raise w.error("expect.answer", f"must be yes or no, got {value!r}",
                      hint="use expect.answer for yes/no questions and expect.answer_contains for values")
    return text.strip().lower()


def _variant_from(case_id: str, expect: Expect) -> str:
    for v in VARIANTS:
        if case_id.endswith(f"-{v}"):
            return v
    return "true-absent" if expect.behaviour == "decline" else "both-present"


def case_from_dict(d: Any, *, where: str, lenient: bool = False, line: int | None = None,
                   index: int | None = None) -> Case:
    """Build a :class:`Case` from its mapping, checking every field.

    ``where`` names the file (it prefixes every error). ``lenient`` accepts the hand-written
    seed shape: ``variant`` inferred (id suffix, else ``behaviour: decline``), ``claim`` and
    ``answer`` default to "" (``answer`` to ``expect.answer_contains``). ``family`` inside
    ``expect`` is always accepted and moved up.
    """
    label = f"#{index + 1}" if index is not None else "?"
    w = _Where(where, line)
    if not isinstance(d, dict):
        w.case = label
        raise w.error(None, f"a case must be a mapping, got {_type_name(d)}",
                      hint="each case is a mapping with id, family, question, context, expect")
    raw_id = d.get("id")
    w.case = raw_id if isinstance(raw_id, str) and raw_id.strip() else f"{label} (no id)"
    _check_keys(w, "", d, CASE_KEYS)
    if "id" not in d:
        raise w.error("id", "is missing", hint="give every case a unique id")
    case_id = _str(w, "id", d["id"], nonempty=True)

    # expect (read first: family and variant may come from it)
    if "expect" not in d:
        raise w.error("expect", "is missing",
                      hint="add expect: with answer_contains/cited_chunks_include, or behaviour: decline")
    exp_raw = d["expect"]
    if not isinstance(exp_raw, dict):
        raise w.error("expect", f"must be a mapping, got {_type_name(exp_raw)}")
    _check_keys(w, "expect.", exp_raw, EXPECT_KEYS + ("family",))
    expect = Expect(
        answer_contains=_opt_str(w, "expect.answer_contains", exp_raw.get("answer_contains")),
        cited_chunks_include=_str_list(w, "expect.cited_chunks_include", exp_raw.get("cited_chunks_include")),
        cited_chunks_exclude=_str_list(w, "expect.cited_chunks_exclude", exp_raw.get("cited_chunks_exclude")),
        behaviour=_opt_str(w, "expect.behaviour", exp_raw.get("behaviour")),
        answer=_yes_no(w, exp_raw.get("answer")),
    )

    # family: at case level, or inside expect (seed shape)
    fam_top = d.get("family")
    fam_exp = exp_raw.get("family")
    if fam_top is None and fam_exp is None:
        raise w.error("family", "is missing", hint="add family: (scope, date, quantity, entity, ...)")
    family = _str(w, "family", fam_top, nonempty=True) if fam_top is not None else None
    if fam_exp is not None:
        moved = _str(w, "expect.family", fam_exp, nonempty=True)
        if family is not None and moved != family:
            raise w.error("expect.family", f"says {moved!r} but the case says family {family!r}",
                          hint="keep one family, at the case level")
        family = moved

    # variant
    if "variant" in d:
        variant = _str(w, "variant", d["variant"])
        if variant not in VARIANTS:
            raise w.error("variant", f"unknown variant {variant!r}", hint="use both-present or true-absent")
    elif lenient:
        variant = _variant_from(case_id, expect)
    else:
        raise w.error("variant", "is missing", hint="add variant: both-present or variant: true-absent")

    question = _str(w, "question", d["question"]) if "question" in d else None
    if question is None:
        raise w.error("question", "is missing", hint="add the question the generator is asked")

    if lenient:
        claim = _str(w, "claim", d["claim"]) if d.get("claim") is not None else ""
        if d.get("answer") is not None:
            answer = _str(w, "answer", d["answer"])
        else:
            answer = expect.answer_contains or expect.answer or ""
    else:
        for key in ("claim", "answer"):
            if key not in d:
                raise w.error(key, "is missing", hint=f"add {key}: (may be empty text \"\")")
        claim = _str(w, "claim", d["claim"])
        answer = _str(w, "answer", d["answer"])

    # context
    if "context" not in d:
        raise w.error("context", "is missing", hint="list the chunks the generator sees, each with chunk_id and text")
    ctx_raw = d["context"]
    if not isinstance(ctx_raw, list):
        raise w.error("context", f"must be a list of chunks, got {_type_name(ctx_raw)}",
                      hint="write each chunk as '- chunk_id: ...' with a text: line")
    context = []
    for i, c in enumerate(ctx_raw):
        f = f"context[{i}]"
        if not isinstance(c, dict):
            raise w.error(f, f"must be a mapping with chunk_id and text, got {_type_name(c)}")
        _check_keys(w, f"{f}.", c, CHUNK_KEYS)
        for key in CHUNK_KEYS:
            if key not in c:
                raise w.error(f"{f}.{key}", "is missing", hint="every chunk needs chunk_id and text")
        context.append(ContextChunk(_str(w, f"{f}.chunk_id", c["chunk_id"], nonempty=True),
                                    _str(w, f"{f}.text", c["text"])))

    status = _opt_str(w, "status", d.get("status"))
    if status is not None and status not in STATUSES:
        raise w.error("status", f"unknown status {status!r}", hint="use kept, changed or new (or leave it out)")

    return Case(
        id=case_id,
        family=family,  # type: ignore[arg-type]
        variant=variant,
        question=question,
        claim=claim,
        answer=answer,
        context=tuple(context),
        expect=expect,
        provenance=_provenance_from(w, d.get("provenance")),
        hardness=_mapping(w, "hardness", d.get("hardness")),
        labels=_mapping(w, "labels", d.get("labels")),
        status=status,
    )


def _ordered(d: dict, first: tuple[str, ...] = ()) -> dict:
    """``d`` with the ``first`` keys in that order, then the other keys sorted."""
    out = {k: d[k] for k in first if k in d}
    for k in sorted(k for k in d if k not in out):
        out[k] = d[k]
    return out


def _sorted_deep(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _sorted_deep(value[k]) for k in sorted(value)}
    if isinstance(value, (list, tuple)):
        return [_sorted_deep(v) for v in value]
    return value


def _clean(value: Any) -> Any:
    """Free-form data as plain JSON shapes (tuples to lists, keys to text)."""
    return _plain(_Where("<suite>"), "data", value)


def _provenance_out(prov: dict) -> dict:
    prov = _clean(prov)
    out = {}
    for k, v in _ordered(prov, _PROVENANCE_ORDER).items():
        if k == "chunks" and isinstance(v, dict):
            v = {cid: _ordered(_sorted_deep(e), _PROV_CHUNK_ORDER) if isinstance(e, dict) else _sorted_deep(e)
                 for cid, e in sorted(v.items())}
        elif k == "mutation" and isinstance(v, dict):
            v = _ordered(_sorted_deep(v), _MUTATION_ORDER)
        else:
            v = _sorted_deep(v)
        out[k] = v
    return out


def case_to_dict(case: Case) -> dict:
    """The case as plain data in the documented key order (lists, not tuples).

    Optional parts are left out when empty: ``provenance``, ``hardness``, ``labels``,
    ``status`` and the unset ``expect`` fields. ``claim`` and ``answer`` are always written.
    """
    expect: dict[str, Any] = {}
    e = case.expect
    if e.answer_contains is not None:
        expect["answer_contains"] = e.answer_contains
    if e.answer is not None:
        expect["answer"] = e.answer
    if e.cited_chunks_include:
        expect["cited_chunks_include"] = list(e.cited_chunks_include)
    if e.cited_chunks_exclude:
        expect["cited_chunks_exclude"] = list(e.cited_chunks_exclude)
    if e.behaviour is not None:
        expect["behaviour"] = e.behaviour
    out: dict[str, Any] = {
        "id": case.id,
        "family": case.family,
        "variant": case.variant,
        "question": case.question,
        "claim": case.claim,
        "answer": case.answer,
        "context": [{"chunk_id": c.chunk_id, "text": c.text} for c in case.context],
        "expect": expect,
    }
    prov = case.provenance.to_dict() if case.provenance is not None else {}
    if prov:
        out["provenance"] = _provenance_out(prov)
    if case.hardness:
        out["hardness"] = _sorted_deep(_clean(case.hardness))
    if case.labels:
        out["labels"] = _sorted_deep(_clean(case.labels))
    if case.status is not None:
        out["status"] = case.status
    return out


# --------------------------------------------------------------------------- suites


def _header_to_dict(header: SuiteHeader | None) -> dict:
    out: dict[str, Any] = {"format": SUITE_FORMAT}
    if header is not None:
        out["tool_version"] = header.tool_version
        out["seed"] = header.seed
        out["families"] = _sorted_deep(_clean(header.families))
        out["settings"] = _sorted_deep(_clean(header.settings))
        out["manifest"] = _sorted_deep(_clean(header.manifest))
    return out


def _retired_to_list(retired: tuple[dict, ...]) -> list[dict]:
    return [_ordered(_sorted_deep(_clean(r)), _RETIRED_ORDER) for r in retired]


def suite_to_dict(suite: Suite) -> dict:
    """The whole suite as plain data: header keys, then ``cases``, then ``retired`` if any."""
    out = _header_to_dict(suite.header)
    out["cases"] = [case_to_dict(c) for c in suite.cases]
    if suite.retired:
        out["retired"] = _retired_to_list(suite.retired)
    return out


def _header_from_dict(w: _Where, d: dict) -> SuiteHeader | None:
    """None when the mapping carries no header keys besides ``format`` (a hand-written suite)."""
    if "format" in d:
        fmt = d["format"]
        if fmt != SUITE_FORMAT:
            raise w.error("format", f"unsupported suite format {fmt!r}",
                          hint=f"this version reads {SUITE_FORMAT}; rebuild the suite or upgrade mutagen-cite")
    if not any(k in d for k in HEADER_KEYS if k != "format"):
        return None
    for key in ("tool_version", "seed"):
        if key not in d:
            raise w.error(key, "is missing", hint="a suite header needs tool_version and seed")
    seed = d["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise w.error("seed", f"must be a whole number, got {_type_name(seed)}", hint="e.g. seed: 13")
    return SuiteHeader(
        tool_version=_str(w, "tool_version", d["tool_version"], nonempty=True),
        seed=seed,
        families=_str_mapping(w, "families", d.get("families")),
        manifest=_str_mapping(w, "manifest", d.get("manifest")),
        settings=_mapping(w, "settings", d.get("settings")),
    )


def _retired_from(w: _Where, value: Any) -> tuple[dict, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise w.error("retired", f"must be a list, got {_type_name(value)}")
    out = []
    for i, r in enumerate(value):
        f = f"retired[{i}]"
        r = _mapping(w, f, r, default_empty=False)
        if "id" not in r:
            raise w.error(f"{f}.id", "is missing", hint="each retired entry names the case id it retired")
        _str(w, f"{f}.id", r["id"], nonempty=True)
        out.append(r)
    return tuple(out)


def _cases_from(file: str, items: list, lines: list[int | None], *, lenient: bool) -> tuple[Case, ...]:
    cases: list[Case] = []
    first_at: dict[str, int] = {}
    for i, item in enumerate(items):
        line = lines[i] if i < len(lines) else None
        case = case_from_dict(item, where=file, lenient=lenient, line=line, index=i)
        if case.id in first_at:
            j = first_at[case.id]
            raise _Where(file, line, case.id).error(
                "id", f"duplicate case id (cases #{j + 1} and #{i + 1})",
                hint="case ids must be unique; rename or remove one of them")
        first_at[case.id] = i
        cases.append(case)
    return tuple(cases)


def _suite_from_data(file: str, data: Any, lines: list[int | None]) -> Suite:
    """Suite from parsed YAML/JSON: a bare list of cases, or the mapping with header and cases."""
    w = _Where(file)
    if data is None:
        raise w.error(None, "the suite file is empty", hint="a suite is a list of cases, or a mapping with cases:")
    if isinstance(data, list):
        return Suite(header=None, cases=_cases_from(file, data, lines, lenient=True))
    if not isinstance(data, dict):
        raise w.error(None, f"a suite must be a mapping or a list of cases, got {_type_name(data)}",
                      hint="start the file with format:/cases: or with '- id: ...' cases")
    w.case = None
    _check_keys(_Where(file, None, None), "", data, TOP_KEYS)
    header = _header_from_dict(w, data)
    if "cases" not in data:
        raise w.error("cases", "is missing", hint="list the cases under cases:")
    items = data["cases"]
    if items is None:
        items = []
    if not isinstance(items, list):
        raise w.error("cases", f"must be a list, got {_type_name(items)}")
    cases = _cases_from(file, items, lines, lenient=header is None)
    return Suite(header=header, cases=cases, retired=_retired_from(w, data.get("retired")))


def _yaml_error(file: str, exc: yaml.YAMLError) -> SuiteError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    where = f"{file}:{mark.line + 1}" if mark is not None else file
    context = getattr(exc, "context", None)
    context_mark = getattr(exc, "context_mark", None)
    if context and context_mark is not None and context_mark is not mark:
        context = f"{context} at line {context_mark.line + 1}"
    message = f"invalid YAML: {problem}" + (f" ({context})" if context else "")
    col = f", column {mark.column + 1}" if mark is not None else ""
    return SuiteError(
        message,
        where=where,
        hint=f"fix the YAML near line {mark.line + 1 if mark else '?'}{col}: check indentation, and quote "
        "text that contains ': ' or ' #' or starts with a special character",
    )


def _case_lines(node: yaml.Node | None) -> list[int | None]:
    """1-based line of each case in the composed YAML, for error messages."""
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value == "cases":
                node = v
                break
        else:
            return []
    if isinstance(node, yaml.SequenceNode):
        return [item.start_mark.line + 1 for item in node.value]
    return []


def _parse_yaml(file: str, text: str) -> Suite:
    loader = _Loader(text)
    try:
        try:
            node = loader.get_single_node()
            alias = first_yaml_alias(node)
            if alias is not None:
                line = alias.start_mark.line + 1
                raise SuiteError(
                    f"YAML aliases (*name) are not allowed (one refers to the node at line {line})",
                    where=file,
                    hint="write the value out in full instead of an &anchor / *alias: aliases can nest "
                    "into gigabytes of data (a 'billion laughs' file)",
                )
            data = loader.construct_document(node) if node is not None else None
        except yaml.YAMLError as exc:
            raise _yaml_error(file, exc) from None
    finally:
        loader.dispose()
    return _suite_from_data(file, data, _case_lines(node))


def _json_pairs(pairs: list[tuple[str, Any]]) -> dict:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"duplicate key {k!r}")
        out[k] = v
    return out


def _parse_json(file: str, text: str) -> Suite:
    try:
        data = json.loads(text, object_pairs_hook=_json_pairs)
    except json.JSONDecodeError as exc:
        raise SuiteError(f"invalid JSON: {exc.msg}", where=f"{file}:{exc.lineno}",
                         hint=f"fix the JSON near line {exc.lineno}, column {exc.colno}") from None
    except ValueError as exc:
        raise SuiteError(f"invalid JSON: {exc}", where=file, hint="remove the duplicated key") from None
    return _suite_from_data(file, data, [])


def _parse_jsonl(file: str, text: str) -> Suite:
    header: SuiteHeader | None = None
    items: list[Any] = []
    lines: list[int | None] = []
    retired: tuple[dict, ...] = ()
    retired_at: int | None = None
    seen_first = False
    for n, raw in enumerate(text.split("\n"), start=1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw, object_pairs_hook=_json_pairs)
        except json.JSONDecodeError as exc:
            raise SuiteError(f"invalid JSON: {exc.msg}", where=f"{file}:{n}",
                             hint=f"each line is one JSON object; fix line {n}, column {exc.colno}") from None
        except ValueError as exc:
            raise SuiteError(f"invalid JSON: {exc}", where=f"{file}:{n}", hint="remove the duplicated key") from None
        w = _Where(file, n)
        if retired_at is not None:
            raise w.error(None, "nothing may follow the retired line",
                          hint="put the {\"retired\": [...]} line last")
        if isinstance(obj, dict) and "header" in obj and "id" not in obj:
            if seen_first:
                raise w.error("header", "the header must be the first line", hint="move the header line to the top")
            if set(obj) != {"header"}:
                extra = sorted(k for k in obj if k != "header")[0]
                raise _unknown_key_error(w, "", extra, ("header",))
            h = obj["header"]
            if h is None:
                h = {}
            if not isinstance(h, dict):
                raise w.error("header", f"must be a mapping, got {_type_name(h)}")
            _check_keys(w, "header.", h, HEADER_KEYS)
            header = _header_from_dict(_Where(file, n, None), h)
        elif isinstance(obj, dict) and "retired" in obj and "id" not in obj:
            if set(obj) != {"retired"}:
                extra = sorted(k for k in obj if k != "retired")[0]
                raise _unknown_key_error(w, "", extra, ("retired",))
            retired = _retired_from(w, obj["retired"])
            retired_at = n
        else:
            items.append(obj)
            lines.append(n)
        seen_first = True
    if not seen_first:
        raise _Where(file).error(None, "the suite file is empty",
                                 hint="the first line is {\"header\": {...}}, then one case per line")
    cases = _cases_from(file, items, lines, lenient=header is None)
    return Suite(header=header, cases=cases, retired=retired)


_PARSERS = {".yaml": _parse_yaml, ".yml": _parse_yaml, ".jsonl": _parse_jsonl, ".json": _parse_json}


def loads_suite(text: str, *, format: str = "yaml", name: str = "<suite>") -> Suite:
    """Parse suite text. ``format`` is yaml, jsonl or json; ``name`` labels errors."""
    parser = _PARSERS.get(f".{format}")
    if parser is None:
        raise ConfigError(f"unknown suite format {format!r}", hint="use yaml, jsonl or json")
    return parser(name, text)


def load_suite(path: str | os.PathLike) -> Suite:
    """Read a suite file (.yaml/.yml, .jsonl or .json), checking every case strictly.

    Raises :class:`SuiteError` naming the file (and line, case id and field) on any problem.
    """
    p = Path(path)
    file = str(path)
    parser = _PARSERS.get(p.suffix.lower())
    if parser is None:
        raise SuiteError(f"unknown suite file type {p.suffix or '(none)'!r}", where=file,
                         hint="name the suite file .yaml, .yml, .jsonl or .json")
    if p.is_dir():
        raise SuiteError("is a folder, not a suite file", where=file, hint="pass the suite file itself")
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        raise SuiteError("suite file not found", where=file,
                         hint="check the path, or create one with: mutagen-cite build DOCS/ -o suite.yaml") from None
    except OSError as exc:
        raise SuiteError(f"cannot read the suite file ({exc.strerror})", where=file,
                         hint="check the file's permissions") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise SuiteError("the suite file is not UTF-8 text", where=f"{file}:{line}",
                         hint="save the file as UTF-8") from None
    return parser(file, text)


def dump_suite_yaml(suite: Suite) -> str:
    """The suite as block-style YAML; equal suites give identical text."""
    return yaml.dump(
        suite_to_dict(suite),
        Dumper=_Dumper,
        sort_keys=False,
        default_flow_style=False,
        allow_unicode=True,
        width=_YAML_WIDTH,
        indent=2,
    )


def _json_line(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=False)


def dump_suite_jsonl(suite: Suite) -> str:
    """The suite as JSON Lines: a header line, one case per line, then a retired line if any."""
    lines = [_json_line({"header": _header_to_dict(suite.header)})]
    lines.extend(_json_line(case_to_dict(c)) for c in suite.cases)
    if suite.retired:
        lines.append(_json_line({"retired": _retired_to_list(suite.retired)}))
    return "\n".join(lines) + "\n"


def write_suite(path: str | os.PathLike, suite: Suite, *, format: str | None = None) -> Path:
    """Write ``suite`` atomically; format from the extension (.jsonl: JSON Lines, else YAML)."""
    fmt = format or ("jsonl" if Path(path).suffix.lower() == ".jsonl" else "yaml")
    if fmt == "yaml":
        text = dump_suite_yaml(suite)
    elif fmt == "jsonl":
        text = dump_suite_jsonl(suite)
    else:
        raise ConfigError(f"unknown suite format {fmt!r}", hint="use yaml or jsonl")
    return atomic_write_text(path, text)
