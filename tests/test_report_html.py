"""The HTML run report, rendered by a real browser (headless Chromium) and read back.

The page is produced by ``mutagen-cite run --html`` on the hand-written pairs suite with a
generator that always cites the first chunk (the near miss comes first in every both-present
context, and is the only chunk of every true-absent one), so every case fails. The answer and
a document sentence carry HTML, which must reach the reader as text. Expected marks are read
from the suite file itself (``provenance.mutation``), not from the code under test.

Chromium comes from the Debian package (``apt-get install chromium``) or MUTAGEN_CHROMIUM;
the browser tests skip cleanly when none is found.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from mutagen_cite.cli import main

FIXTURE = Path(__file__).parent / "fixtures" / "run" / "pairs_suite.yaml"
HOSTILE_DOC = "Exports run <i>nightly</i> & <script>doc()</script>."
HOSTILE_ANSWER = "<script>window.pwned = 1</script><img src=x onerror=alert(1)> & more"


def _chromium() -> str | None:
    explicit = os.environ.get("MUTAGEN_CHROMIUM")
    if explicit:
        return explicit
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


class _Dom(HTMLParser):
    """A minimal DOM: every element with its attributes, its text and its ancestors."""

    VOID = {"meta", "img", "br", "hr", "input", "link", "source", "col", "wbr", "area", "base", "embed"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements: list[dict] = []
        self.stack: list[dict] = []

    def handle_starttag(self, tag, attrs):
        el = {"tag": tag, "attrs": dict(attrs), "text": "", "parents": list(self.stack)}
        el["classes"] = set((el["attrs"].get("class") or "").split())
        self.elements.append(el)
        if tag not in self.VOID:
            self.stack.append(el)

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()["tag"] == tag:
                break

    def handle_data(self, data):
        for el in self.stack:
            el["text"] += data

    def find(self, tag=None, cls=None, within=None):
        return [e for e in self.elements if (tag is None or e["tag"] == tag) and (cls is None or cls in e["classes"])
                and (within is None or within in e["parents"])]


def _hostile_suite(tmp_path: Path) -> Path:
    text = FIXTURE.read_text(encoding="utf-8").replace("Exports run nightly.", HOSTILE_DOC.replace('"', '\\"'))
    assert HOSTILE_DOC in text
    path = tmp_path / "suite.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("html-report")
    suite = _hostile_suite(tmp)
    (tmp / "hostile_gen.py").write_text(
        "def answer(request):\n"
        f"    return {HOSTILE_ANSWER!r} + ' [' + request['context'][0]['chunk_id'] + ']'\n", encoding="utf-8")
    result = CliRunner().invoke(main, [
        "run", str(suite), "-g", f"python:{tmp / 'hostile_gen.py'}:answer", "--judge", "lexical", "-q",
        "-o", str(tmp / "r.jsonl"), "--cache-dir", str(tmp / "c"), "--json", str(tmp / "r.json"),
        "--html", str(tmp / "report.html")])
    assert result.exit_code == 0, result.output
    return suite, tmp / "report.html", json.loads((tmp / "r.json").read_text(encoding="utf-8"))


def test_page_is_self_contained_and_escaped(rendered):
    _, page, _ = rendered
    html = page.read_text(encoding="utf-8")
    assert "<script" not in html and "<link" not in html and "@import" not in html and "url(" not in html
    assert "&lt;script&gt;window.pwned = 1&lt;/script&gt;" in html
    assert "&lt;i&gt;nightly&lt;/i&gt; &amp; &lt;script&gt;doc()&lt;/script&gt;" in html


def _dump_dom(page: Path, tmp_path: Path) -> str:
    browser = _chromium()
    if browser is None:
        pytest.skip("no Chromium found (apt-get install chromium, or set MUTAGEN_CHROMIUM)")
    cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
           f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", page.resolve().as_uri()]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0 and "<html" in done.stdout, done.stderr[-2000:]
    return done.stdout


def test_chromium_renders_marks_counts_and_text(rendered, tmp_path):
    suite_path, page, report = rendered
    dom = _Dom()
    dom.feed(_dump_dom(page, tmp_path))
    cases = {c["id"]: c for c in yaml.safe_load(suite_path.read_text(encoding="utf-8"))}

    # nothing the generator or the documents said became markup
    assert not dom.find("script") and not dom.find("img")
    assert "window.pwned" not in " ".join(e["attrs"].get("onerror", "") for e in dom.elements)

    # one section per failing case, the count the JSON report gives
    sections = dom.find("section", "case")
    assert len(sections) == len(report["failing"]) == len(cases) == 8
    assert f"Failing cases ({len(cases)})" in dom.find("h2")[-1]["text"] or any(
        f"Failing cases ({len(cases)})" in h["text"] for h in dom.find("h2"))

    hostile_seen = 0
    for section in sections:
        case = cases[section["attrs"]["data-case"]]
        mutation = case["provenance"]["mutation"]
        assert case["question"] in section["text"]
        assert HOSTILE_ANSWER in section["text"]  # the answer, shown as text
        passages = {p["attrs"]["data-role"]: p for p in dom.find("div", "passage", within=section)}
        assert set(passages) == {"true", "distractor"}, case["id"]
        true_marks = dom.find("mark", "changed", within=passages["true"])
        near_marks = dom.find("mark", "changed", within=passages["distractor"])
        assert [m["text"] for m in true_marks] == [mutation["original"]], case["id"]
        assert [m["text"] for m in near_marks] == [mutation["replacement"]], case["id"]
        if mutation["replacement"] == "":
            assert "gap" in near_marks[0]["classes"]  # a deletion is marked where the word was
        if any(HOSTILE_DOC in c["text"] for c in case["context"]):
            assert HOSTILE_DOC in passages["distractor"]["text"]  # document text, shown as text
            hostile_seen += 1
        # the cited chunk (the first of the context) is the near miss, and says so
        cited = [p for p in passages.values() if dom.find("span", "cited", within=p)]
        assert [p["attrs"]["data-role"] for p in cited] == ["distractor"]
        if case["variant"] == "true-absent":
            assert dom.find("span", "away", within=passages["true"])  # shown for comparison only

    assert hostile_seen == 2  # the audit pair's both variants

    # one bar per family and variant, each carrying the counts of the JSON summary
    families = report["summary"]["families"]
    rows = dom.find("tr", "family")
    assert [r["attrs"]["data-family"] for r in rows] == list(families)
    for row in rows:
        m = families[row["attrs"]["data-family"]]
        bars = {b["attrs"]["data-variant"]: b for b in dom.find("span", "bar", within=row)}
        assert int(bars["both-present"]["attrs"]["data-cases"]) == m["both_present_cases"]
        assert int(bars["both-present"]["attrs"]["data-passed"]) == round(m["both_present_pass"] * m["both_present_cases"])
        assert int(bars["true-absent"]["attrs"]["data-passed"]) == round(m["true_absent_pass"] * m["true_absent_cases"])
