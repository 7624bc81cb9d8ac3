"""Golden suite: `mutagen-cite build` on a small made-up corpus writes exactly the committed file.

The corpus (``tests/data/golden/corpus/``, a fictional makerspace written for this test) and
the expected suite (``tests/data/golden/suite.yaml``) live in the repository, so this test
needs nothing from ``../shared``. When a change to the output is intended (a family, question
template or value model change, another Faker or spaCy model), regenerate the file with

    python tests/golden/regenerate.py

and review ``git diff tests/data/golden/suite.yaml`` before committing it.
"""

from __future__ import annotations

import difflib
import shutil
from dataclasses import replace

import yaml
from click.testing import CliRunner

from golden.regenerate import CORPUS, EXPECTED, build_args
from mutagen_cite.cases import regen
from mutagen_cite.cases.build import faker_version
from mutagen_cite.cases.suite_format import load_suite, write_suite
from mutagen_cite.cli import main

REGENERATE = "python tests/golden/regenerate.py"


def test_build_writes_the_golden_suite_byte_for_byte(tmp_path):
    out = tmp_path / "suite.yaml"
    result = CliRunner().invoke(main, build_args(out))
    assert result.exit_code == 0, result.output
    got, want = out.read_bytes(), EXPECTED.read_bytes()
    if got != want:
        diff = "".join(list(difflib.unified_diff(want.decode().splitlines(True), got.decode().splitlines(True),
                                                 "golden", "built", n=1))[:60])
        recorded = yaml.safe_load(want)["settings"].get("faker")
        why = (f" (the golden suite was made with Faker {recorded}, this is {faker_version()})"
               if recorded != faker_version() else "")
        raise AssertionError(f"the built suite differs from {EXPECTED.name}{why}; if the change is intended, "
                             f"run `{REGENERATE}` and review the diff:\n{diff}")


def test_golden_suite_records_what_its_bytes_depend_on():
    header = load_suite(EXPECTED).header
    assert header.seed == 13 and header.settings["judge"] == "slots"
    assert header.settings["faker"] == faker_version()
    assert sorted(header.manifest) == sorted(str(p.relative_to(CORPUS)) for p in CORPUS.rglob("*.md"))


def test_update_says_when_faker_differs_from_the_build(tmp_path):
    """A suite built under another Faker: `build --update` regenerates, and says so."""
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS, corpus)
    suite = load_suite(EXPECTED)
    old = "39.0.0"
    header = replace(suite.header, settings={**suite.header.settings, "faker": old})
    write_suite(tmp_path / "suite.yaml", replace(suite, header=header))
    # edit the true sentence of the first case so its pair is regenerated
    _edit_first_sentence(corpus, suite)
    result = regen.update_file(tmp_path / "suite.yaml", corpus, cache_dir=None)
    notes = [n for n in result.notes if "Faker" in n]
    assert notes == [f"Faker differs from the build ({old} -> {faker_version()}): kept cases are unaffected; "
                     f"regenerated and new cases may draw other synthetic names and dates "
                     f"(install faker=={old} to regenerate as built)"]
    assert notes[0] in result.summary()
    assert load_suite(tmp_path / "suite.yaml").header.settings["faker"] == faker_version()


def test_update_is_quiet_about_faker_when_it_matches(tmp_path):
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS, corpus)
    suite = load_suite(EXPECTED)
    _edit_first_sentence(corpus, suite)
    result = regen.update_suite(suite, corpus, cache_dir=None)
    assert result.reasons and not [n for n in result.notes if "Faker" in n]


def _edit_first_sentence(corpus, suite):
    """Edit the true sentence of the suite's first case (a few words added before its full stop),
    whatever that sentence is, so its pair is regenerated."""
    sentence = suite.cases[0].provenance.sentence
    doc = corpus / suite.cases[0].provenance.doc
    edited = sentence[:-1] + " as posted." if sentence.endswith(".") else sentence + " as posted"
    assert sentence in doc.read_text()
    doc.write_text(doc.read_text().replace(sentence, edited))
