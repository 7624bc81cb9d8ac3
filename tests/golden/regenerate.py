"""Regenerate the golden suite: ``python tests/golden/regenerate.py`` from the repository root.

The golden suite (``tests/data/golden/suite.yaml``) is what ``mutagen-cite build`` writes for
the small made-up corpus in ``tests/data/golden/corpus/`` with the arguments below.
``tests/test_golden_suite.py`` builds it again and compares the bytes. Regenerate it only when
a change to the output is intended (a new family version, reworded questions, another Faker),
and review ``git diff tests/data/golden/suite.yaml`` before committing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "data" / "golden"
CORPUS = DATA / "corpus"
EXPECTED = DATA / "suite.yaml"


def build_args(output: Path) -> list[str]:
    """The `mutagen-cite` arguments that make the golden suite (the judge is pinned, so an
    NLI model configured on the machine does not change it; nothing is cached)."""
    return ["build", str(CORPUS), "-o", str(output), "--cases", "16", "--seed", "13", "--judge", "slots",
            "--no-cache", "--jobs", "1", "--quiet"]


def main() -> int:
    from click.testing import CliRunner

    from mutagen_cite.cli import main as cli

    result = CliRunner().invoke(cli, build_args(EXPECTED), catch_exceptions=False)
    sys.stdout.write(result.output)
    if result.exit_code == 0:
        print(f"wrote {EXPECTED.relative_to(Path.cwd()) if EXPECTED.is_relative_to(Path.cwd()) else EXPECTED}")
    return result.exit_code


if __name__ == "__main__":
    raise SystemExit(main())
