"""The CI recipe (examples/github-actions.yml) and the pre-commit hook (.pre-commit-hooks.yaml)
parse, and every mutagen-cite command line in them is one the CLI accepts (parsed by Click,
not run)."""

from __future__ import annotations

import shlex
from pathlib import Path

import click
import pytest
import yaml

from mutagen_cite.cli import main

REPO = Path(__file__).resolve().parents[1]
WORKFLOW = REPO / "examples" / "github-actions.yml"
HOOKS = REPO / ".pre-commit-hooks.yaml"


def _parses(argv: list[str]) -> click.Context:
    """Click's parse of ``mutagen-cite ARGV`` (options checked, nothing run)."""
    sub = main.get_command(click.Context(main), argv[0])
    assert sub is not None, f"no subcommand {argv[0]!r}"
    return sub.make_context(argv[0], list(argv[1:]))


def _workflow():
    data = yaml.safe_load(WORKFLOW.read_text())
    return data, data["env"]


def _commands(step_run: str, env: dict) -> list[list[str]]:
    out = []
    for line in step_run.replace("\\\n", " ").splitlines():
        for name, value in env.items():
            line = line.replace(f'"${name}"', value).replace(f"${name}", value)
        words = shlex.split(line) if "mutagen-cite " in line else []
        if words and words[0] == "mutagen-cite":
            out.append(words[1:])
    return out


def test_workflow_checks_the_suite_on_docs_changes_and_gates_a_run():
    data, env = _workflow()
    assert set(data["jobs"]) == {"suite-fresh", "citations"}
    steps = {job: data["jobs"][job]["steps"] for job in data["jobs"]}
    fresh = [c for s in steps["suite-fresh"] for c in _commands(s.get("run", ""), env)]
    assert len(fresh) == 1
    ctx = _parses(fresh[0])
    assert ctx.info_name == "build" and ctx.params["check"] and ctx.params["update_path"] == Path(env["SUITE"])
    assert any("steps.docs.outputs.changed" in str(s.get("if", "")) for s in steps["suite-fresh"])

    runs = [c for s in steps["citations"] for c in _commands(s.get("run", ""), env)]
    assert len(runs) == 1
    ctx = _parses(runs[0])
    assert ctx.info_name == "run" and ctx.params["gates"] and ctx.params["junit_path"] == Path("junit.xml")
    upload = [s for s in steps["citations"] if str(s.get("uses", "")).startswith("actions/upload-artifact")]
    assert upload and "junit.xml" in upload[0]["with"]["path"] and upload[0]["if"] == "always()"


def test_pre_commit_hook_runs_build_update_check():
    hooks = yaml.safe_load(HOOKS.read_text())
    assert isinstance(hooks, list) and len(hooks) == 1
    hook = hooks[0]
    assert {"id", "name", "entry", "language"} <= set(hook) and hook["pass_filenames"] is False
    words = shlex.split(hook["entry"]) + list(hook["args"])
    assert words[0] == "mutagen-cite"
    ctx = _parses(words[1:])
    assert ctx.info_name == "build" and ctx.params["check"] and ctx.params["update_path"] is not None


def test_a_typo_in_a_recipe_would_be_caught():
    with pytest.raises(click.UsageError):
        _parses(["build", "docs/", "--update", "suite.yaml", "--chek"])
