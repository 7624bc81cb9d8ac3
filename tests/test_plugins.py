"""Plugins: families, judges and generators all register through catalogue the same way.

The example plugin in ``examples/plugin`` is not installed: its objects are put into the
registries with ``registry.register`` (what catalogue does with an installed entry point), and
its ``pyproject.toml`` entry points are parsed and loaded by name. The project's own
``pyproject.toml`` declares the built-ins in the same groups; the lists must agree.
"""

from __future__ import annotations

import json
import random
import tomllib
from importlib.metadata import EntryPoint

import catalogue
import pytest
from click.testing import CliRunner

from mutagen_cite import judges as judge_module
from mutagen_cite.cases import families as family_registry
from mutagen_cite.cases.families import ValueSource, all_families, get_families
from mutagen_cite.cli import main
from mutagen_cite.errors import ConfigError
from mutagen_cite.judges import all_judges, make_judge
from mutagen_cite.judges import registry as judge_registry
from mutagen_cite.judges.lexical import LexicalJudge
from mutagen_cite.model import Vocabulary
from mutagen_cite.run import generators as generator_module
from mutagen_cite.run.generators import all_generators, make_generator
from mutagen_cite.run.runner import run_suite
from mutagen_cite.run.scoring import summarise
from mutagen_cite.cases.suite_format import load_suite

from conftest import REPO
from families_support import annotator, sentence_of  # noqa: F401 (fixture)

PLUGIN = REPO / "examples" / "plugin"
MINI = REPO / "tests" / "fixtures" / "run" / "mini_suite.yaml"
REGISTRIES = {
    "mutagen_cite_families": (family_registry.registry, lambda: dict.fromkeys(family_registry.BUILTIN)),
    "mutagen_cite_judges": (judge_registry, lambda: dict(judge_module.BUILTIN)),
    "mutagen_cite_generators": (generator_module.registry, lambda: dict(generator_module.BUILTIN)),
}


def _entry_points(pyproject) -> dict[str, dict[str, str]]:
    return tomllib.loads(pyproject.read_text())["project"]["entry-points"]


@pytest.fixture
def plugin(monkeypatch):
    """The example plugin's objects registered by name, and removed again afterwards."""
    monkeypatch.syspath_prepend(str(PLUGIN))
    for group, entries in _entry_points(PLUGIN / "pyproject.toml").items():
        registry = REGISTRIES[group][0]
        for name, value in entries.items():
            key = (*registry.namespace, name)
            monkeypatch.setitem(catalogue.REGISTRY, key, EntryPoint(name, value, group).load())
    yield
    # monkeypatch removes the keys it added


def test_the_registries_are_catalogue_registries_with_the_declared_groups():
    declared = {g: e for g, e in _entry_points(REPO / "pyproject.toml").items() if g.startswith("mutagen_cite_")}
    assert set(declared) == set(REGISTRIES)
    for group, (registry, _) in REGISTRIES.items():
        assert registry.entry_points and registry.entry_point_namespace == group


@pytest.mark.parametrize("group", sorted(REGISTRIES))
def test_pyproject_declares_exactly_the_builtins_each_registry_registers(group):
    registry, builtin = REGISTRIES[group]
    declared = _entry_points(REPO / "pyproject.toml")[group]
    registered = {"mutagen_cite_families": all_families, "mutagen_cite_judges": all_judges,
                  "mutagen_cite_generators": all_generators}[group]()
    assert list(declared) == list(builtin())  # same names, same order
    for name, value in declared.items():
        assert EntryPoint(name, value, group).load() is registered[name], name


def test_the_example_plugins_entry_points_parse_and_load(monkeypatch):
    monkeypatch.syspath_prepend(str(PLUGIN))
    declared = _entry_points(PLUGIN / "pyproject.toml")
    assert set(declared) == set(REGISTRIES)  # one family, one judge, one generator
    assert all(len(entries) == 1 for entries in declared.values())
    family = EntryPoint("weekday", declared["mutagen_cite_families"]["weekday"], "mutagen_cite_families").load()
    assert family.name == "weekday" and family.version == "weekday.v1"
    for group in ("mutagen_cite_judges", "mutagen_cite_generators"):
        (name, value), = declared[group].items()
        assert callable(EntryPoint(name, value, group).load())


def test_a_plugin_family_comes_after_the_builtins_and_mutates(plugin, annotator):
    names = list(all_families())
    assert names[:7] == list(family_registry.BUILTIN) and names[7:] == ["weekday"]
    (weekday,) = get_families(["weekday"])
    for example in weekday.examples():
        sentence = sentence_of(annotator, example.before)
        (site,) = [s for s in weekday.sites(sentence) if s.text == example.slot_text]
        values = ValueSource(Vocabulary(example.vocabulary or {}))
        mutation = weekday.mutate(sentence, site, values, random.Random(0))
        assert mutation.family == "weekday" and mutation.mutated_text != example.before
        assert mutation.origin == ("mined" if example.vocabulary else "synthetic")
        if example.after:
            assert mutation.mutated_text == example.after


def test_a_plugin_judge_is_built_by_name(plugin):
    judge = make_judge("exact", threshold=0.5, cache_dir=None)
    assert type(judge).__module__ == "mutagen_cite_example.judge" and judge.threshold == 0.5
    yes, no = judge.verdicts([("Backups run nightly. Logs are kept 7 days.", "Logs are kept 7 days."),
                              ("Logs are kept 7 days.", "Logs are kept 30 days.")])
    assert yes.supported and yes.judge == "exact" and not no.supported
    # a plugin judge can be an ensemble member like any built-in
    both = make_judge("ensemble:exact+lexical", cache_dir=None)
    assert [m.name for m in both.members] == ["exact", "lexical"]


def test_a_plugin_generator_runs_a_suite(plugin):
    generator = make_generator("quote")
    records = run_suite(load_suite(MINI), generator, LexicalJudge(), progress=False).records
    summary = summarise(records)["overall"]
    # it quotes, faithfully, the passage closest to the question: it never asserts the absent fact
    assert summary["true_absent_pass"] == 1.0 and summary["errored"] == 0
    with pytest.raises(ConfigError, match="takes no argument"):
        make_generator("quote:x")


def test_plugins_work_from_the_command_line(plugin, tmp_path):
    result = CliRunner().invoke(main, ["run", str(MINI), "-g", "quote", "--judge", "exact", "-q",
                                       "-o", str(tmp_path / "r.jsonl"), "--cache-dir", str(tmp_path / "c")])
    assert result.exit_code == 0, result.output
    header = json.loads((tmp_path / "r.jsonl").read_text().splitlines()[0])["header"]
    assert header["generator"] == "quote" and header["judge"] == "exact"
    assert "generator quote   judge exact" in result.output


def test_unknown_names_list_every_registered_one_including_plugins(plugin):
    with pytest.raises(ConfigError, match="unknown judge 'oracle'") as judge_error:
        make_judge("oracle")
    assert all(name in judge_error.value.hint for name in ("lexical", "slots", "nli[:NAME_OR_DIR]", "exact"))
    with pytest.raises(ConfigError, match="unknown generator 'telepathy'") as generator_error:
        make_generator("telepathy")
    assert all(name in generator_error.value.hint for name in ("oracle", "similarity", "openai:MODEL", "quote"))
    with pytest.raises(ConfigError) as family_error:
        get_families(["weekdays"])
    assert "weekday" in family_error.value.hint


def test_unregistered_plugin_names_are_unknown():
    assert "exact" not in all_judges() and "quote" not in all_generators() and "weekday" not in all_families()
    result = CliRunner().invoke(main, ["run", str(MINI), "-g", "quote", "-o", "unused.jsonl"])
    assert result.exit_code == 2 and "unknown generator 'quote'" in result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1


def test_a_broken_or_clashing_plugin_is_a_one_line_error(monkeypatch, tmp_path):
    def broken():
        raise ModuleNotFoundError("No module named 'gone_plugin'")

    monkeypatch.setattr(judge_registry, "get_entry_points", broken)
    result = CliRunner().invoke(main, ["run", str(MINI), "-g", "oracle", "--judge", "lexical",
                                       "-o", str(tmp_path / "r.jsonl")])
    assert result.exit_code == 2 and "judge plugin in the entry-point group mutagen_cite_judges" in result.output
    assert "gone_plugin" in result.output and "Traceback" not in result.output
    monkeypatch.setattr(generator_module.registry, "get_entry_points", lambda: {"oracle": lambda arg, options: None})
    with pytest.raises(ConfigError, match="reuse a built-in name"):
        make_generator("oracle")
