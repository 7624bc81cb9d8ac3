"""`mutagen-cite mine` and the top-level help."""

from __future__ import annotations

import yaml
from click.testing import CliRunner

from mutagen_cite.cli import main


def test_mine_demo_writes_enumerations_and_summary(tmp_path, demo_dir):
    out = tmp_path / "enums.yaml"
    result = CliRunner().invoke(main, ["mine", str(demo_dir), "-o", str(out), "-q", "--cache-dir", str(tmp_path / "c")])
    assert result.exit_code == 0, result.output
    doc = yaml.safe_load(out.read_text())
    assert doc["summary"]["documents"] >= 8
    regions = [e for e in doc["enumerations"] if e["kind"] == "region"]
    assert regions and len(regions[0]["values"]) >= 3
    assert "enumerations" in result.output and "scope" in result.output
    # a rerun is served from the parse cache
    again = CliRunner().invoke(main, ["mine", str(demo_dir), "-q", "--cache-dir", str(tmp_path / "c")])
    assert "0 parsed" in again.output


def test_mine_missing_folder_is_one_line_error(tmp_path):
    result = CliRunner().invoke(main, ["mine", str(tmp_path / "nope")])
    assert result.exit_code != 0
    assert "nope" in result.output and "Traceback" not in result.output


def test_every_command_is_documented():
    runner = CliRunner()
    top = runner.invoke(main, ["--help"])
    assert top.exit_code == 0
    for name, cmd in main.commands.items():
        assert name in top.output
        sub = runner.invoke(main, [name, "--help"])
        assert sub.exit_code == 0, name
        assert len((cmd.help or "").split()) >= 8, f"{name} --help should teach"
