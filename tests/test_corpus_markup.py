"""Markup stripping: each Markdown/MDX/Liquid/HTML/RST feature becomes readable text, with a
source map that points every letter back to the same letter in the source."""

from __future__ import annotations

import pytest

from mutagen_cite.corpus import document_from_text, sentence_spans
from mutagen_cite.errors import CorpusError


def md(source: str):
    return document_from_text("doc.md", source, "markdown")


def lines(doc) -> list[str]:
    return [ln for ln in doc.text.split("\n") if ln.strip()]


def assert_source_map_exact(doc, source: str) -> None:
    """Every letter/digit of the text maps back to the identical character of the source."""
    for i, ch in enumerate(doc.text):
        if ch.isalnum():
            j = doc.source_offset(i)
            assert j is not None and source[j] == ch, (i, doc.text[max(0, i - 15) : i + 15])


# ----------------------------------------------------------------------------- markdown


def test_front_matter_yaml_and_toml_are_dropped():
    y = md("---\ntitle: Secret title\ntags:\n  - a\n---\n\nBody text here.\n")
    assert y.text == "Body text here."
    t = md("+++\ntitle = 'Hidden'\n+++\nBody.\n")
    assert t.text == "Body."


def test_unclosed_front_matter_fence_is_not_front_matter():
    d = md("---\nStill text.\n")
    assert "Still text." in d.text


def test_liquid_erb_and_mdx_are_removed_keeping_surrounding_text():
    src = (
        "import { Banner } from '@/components/Banner';\n"
        "export const meta = { x: 1 };\n\n"
        "Read the [guide]({% page \"/travel/guide\" %}) first.\n\n"
        "{% include \"steps.html\"\nsteps: a.b\ncurrent: 2 %}\n\n"
        "Hello {{ user.name }} and <%= @team %> members.\n\n"
        "{% comment %}Drafts are private.{% endcomment %}Kept sentence.\n"
    )
    d = md(src)
    assert lines(d) == [
        "Read the guide first.",
        "Hello and members.",
        "Kept sentence.",
    ]
    assert_source_map_exact(d, src)


def test_liquid_alert_title_and_slack_channel_keep_their_words():
    d = md('{% alert "Heads up", "warning" %}\nBody of the alert.\n{% endalert %}\n\nAsk in {% slack_channel "ops-help" %} today.\n')
    assert lines(d) == ["Heads up", "Body of the alert.", "Ask in #ops-help today."]


def test_jsx_components_keep_inner_text_and_collapse_titles():
    src = (
        '<Banner variant="info">\nUpgrade to Pro to use SMTP.\n</Banner>\n\n'
        '<Collapse slug="x" title="Configuring the service\'s variables">\nInner text.\n</Collapse>\n\n'
        '<Image src="a.png"\nalt="screenshot"\nwidth={10} />\n\nAfter the image.\n'
    )
    d = md(src)
    assert lines(d) == [
        "Upgrade to Pro to use SMTP.",
        "Configuring the service's variables",
        "Inner text.",
        "After the image.",
    ]
    assert_source_map_exact(d, src)


def test_html_comments_tags_and_entities():
    src = "<!-- hidden\nnote -->\n<div>\n<p>The <strong>Pro</strong>&nbsp;plan&rsquo;s limit is <em>5&nbsp;GB</em>.</p>\n</div>\n"
    d = md(src)
    assert lines(d) == ["The Pro plan\u2019s limit is 5 GB."]


def test_angle_bracket_placeholders_are_not_tags():
    d = md("Connect to <service-name>.railway.internal or `<NAME>` from <NAME> hosts.\n")
    assert d.text == "Connect to <service-name>.railway.internal or <NAME> from <NAME> hosts."


def test_fenced_code_is_dropped_including_unclosed_and_quoted_fences():
    src = "Before.\n\n```bash\necho secret\n```\n\n> ~~~\n> quoted code\n> ~~~\n\nAfter.\n\n```\nnever closed\n"
    d = md(src)
    assert lines(d) == ["Before.", "After."]


def test_links_images_footnotes_and_reference_links():
    src = (
        "See [the **plans** page](https://x.example/p \"Plans\") and ![logo](logo.png) "
        "the [FAQ][faq] or [Docs].[^1] Visit <https://example.com>.\n\n"
        "[faq]: https://x.example/faq\n[docs]: https://x.example/docs\n"
    )
    d = md(src)
    assert d.text == "See the plans page and the FAQ or Docs. Visit https://example.com."
    assert_source_map_exact(d, src)


def test_reference_definitions_vanish_even_wrapped_and_footnotes_keep_their_text():
    src = "Use [the scanner][scan][^1].\n\n[scan]:\n  https://x.example/scan\n\n[^1]: Runs\n  nightly.\n"
    assert lines(md(src)) == ["Use the scanner.", "Runs nightly."]


def test_plain_brackets_stay_and_their_content_is_stripped():
    d = md("Email the title [Approval on _insert date_] to HR.\n")
    assert d.text == "Email the title [Approval on insert date] to HR."


def test_emphasis_escapes_and_snake_case():
    src = "**Bold**, *it*, __also__, ~~old~~ and snake_case_name stay; 5 \\* 3 \\_x\\_ 1\\. done \\#tag.\n"
    d = md(src)
    assert d.text == "Bold, it, also, old and snake_case_name stay; 5 * 3 _x_ 1. done #tag."


def test_inline_code_keeps_its_text_verbatim():
    d = md("Run `make **all**` then ``a ` b``.\n")
    assert d.text == "Run make **all** then a ` b."


def test_headings_are_their_own_lines_without_markers():
    d = md("# Title #\nFirst paragraph\ncontinues here.\n\nSetext heading\n==============\n## Sub {#sub-id}\nText.\n")
    assert lines(d) == ["Title", "First paragraph continues here.", "Setext heading", "Sub", "Text."]
    spans = sentence_spans(d)
    assert [d.text[a:b] for a, b in spans] == lines(d)


def test_lists_one_item_per_line_with_continuations_and_tasks():
    src = (
        "Intro:\n\n- first item\n  wraps here\n* second\n+ third\n\n"
        "1. one\n2) two\n- [ ] open task\n- [x] done task\n\n> quoted para\n> - quoted item\n"
    )
    d = md(src)
    assert lines(d) == [
        "Intro:",
        "first item wraps here",
        "second",
        "third",
        "one",
        "two",
        "open task",
        "done task",
        "quoted para",
        "quoted item",
    ]


def test_pipe_table_rows_become_statements():
    src = (
        "| Plan | Image retention |\n"
        "| ---- | :-------------: |\n"
        "| **Pro** | 120 hours |\n"
        "| [Hobby](/hobby) | `72` hours |\n"
        "| Free |  |\n"
    )
    d = md(src)
    assert lines(d) == [
        "Plan: Pro; Image retention: 120 hours.",
        "Plan: Hobby; Image retention: 72 hours.",
        "Plan: Free.",
    ]
    assert_source_map_exact(d, src)
    # the label of a row maps back to its header cell
    i = d.text.index("Image retention", 10)
    assert src[d.source_offset(i) : d.source_offset(i) + 15] == "Image retention"


def test_pipe_table_without_header_reads_key_value_and_escaped_pipes():
    src = "|  |  |\n|--|--|\n| Free | For small apps |\n| Pro | a \\| b |\n\nAfter.\n"
    d = md(src)
    assert lines(d) == ["Free: For small apps.", "Pro: a | b.", "After."]


def test_table_row_is_one_sentence_even_with_periods_inside():
    d = md("| Level | Impact |\n|---|---|\n| High | Major. Loss is serious. |\n")
    assert lines(d) == ["Level: High; Impact: Major. Loss is serious."]
    assert len(sentence_spans(d)) == 1


def test_html_table_inside_markdown_with_bold_header_row():
    src = (
        "Text before.\n\n<table>\n  <tr>\n   <td><strong>Version</strong>\n   </td>\n"
        "   <td><strong>Date</strong></td>\n  </tr>\n  <tr>\n   <td>1.0\n   </td>\n"
        "   <td>2022-03-20<br>reviewed</td>\n  </tr>\n</table>\n\nText after.\n"
    )
    d = md(src)
    assert lines(d) == ["Text before.", "Version: 1.0; Date: 2022-03-20; reviewed.", "Text after."]
    assert_source_map_exact(d, src)


def test_html_key_value_table_without_header():
    src = "<table><tr><td><b>Location</b></td><td>Main St.<br />Springfield</td></tr>\n<tr><td>Contact</td><td><a href='x'>Pat</a></td></tr></table>\n"
    d = md(src)
    assert lines(d) == ["Location: Main St. Springfield.", "Contact: Pat."]


def test_admonition_markers_are_dropped():
    d = md("> [!NOTE] Spending over $300 needs approval.\n")
    assert d.text == "Spending over $300 needs approval."


def test_crlf_source_maps_back_to_raw_offsets(tmp_path):
    from mutagen_cite.corpus import load_corpus

    raw = "# Title\r\n\r\nFirst line of text.\r\nSecond **bold** line.\r\n"
    (tmp_path / "a.md").write_bytes(raw.encode())
    d = load_corpus(tmp_path).documents[0]
    assert "\r" not in d.text
    assert_source_map_exact(d, raw)


def test_markdown_with_only_code_is_rejected():
    with pytest.raises(CorpusError, match="no readable text"):
        md("```\nonly code\n```\n")


# ----------------------------------------------------------------------------- html


def test_html_document_blocks_tables_and_dropped_elements():
    src = (
        "<!DOCTYPE html><html><head><title>Not body</title><style>p {color: red}</style></head>\n"
        "<body><nav><a href='/'>Home</a> Menu</nav>\n<h1>Plans &amp; pricing</h1>\n"
        "<p>The Pro plan costs <b>$20</b>\nper month.<br>Billing is monthly.</p>\n"
        "<ul><li>First item</li><li>Second item</li></ul>\n"
        "<table><caption>Retention</caption><thead><tr><th>Plan</th><th>Image retention</th></tr></thead>\n"
        "<tbody><tr><td>Pro</td><td>120 hours</td></tr><tr><td>Hobby</td><td>72 hours</td></tr></tbody></table>\n"
        "<script>var hidden = 1;</script><pre>code block</pre><p>After&nbsp;the table.</p></body></html>\n"
    )
    d = document_from_text("page.html", src, "html")
    assert lines(d) == [
        "Plans & pricing",
        "The Pro plan costs $20 per month.",
        "Billing is monthly.",
        "First item",
        "Second item",
        "Retention",
        "Plan: Pro; Image retention: 120 hours.",
        "Plan: Hobby; Image retention: 72 hours.",
        "After the table.",
    ]
    assert_source_map_exact(d, src)


# ----------------------------------------------------------------------------- rst

RST = """\
==============
Service Levels
==============

.. note:: Read this first.

The *Gold* tier answers within **4 hours**. See :ref:`the policy <policy-label>`,
`Acme <https://acme.example>`_ docs, ``literal`` text and Support_ [1]_.

.. code-block:: python

   print("hidden")

Regions
-------

- Frankfurt (eu-central-1)
- Virginia (us-east-1)

.. list-table:: Retention
   :header-rows: 1

   * - Plan
     - Retention
   * - Pro
     - 120 hours

+--------+--------+
| Tier   | Uptime |
+========+========+
| Gold   | 99.9%  |
+--------+--------+

=====  ======
Tier   Price
=====  ======
Basic  $5
Gold   $20
=====  ======

An example::

    hidden code

:Owner: Ops team

.. _policy-label:
.. a comment
   spanning lines
"""


def test_rst_titles_directives_roles_and_tables():
    d = document_from_text("doc.rst", RST, "rst")
    assert lines(d) == [
        "Service Levels",
        "Read this first.",
        "The Gold tier answers within 4 hours. See the policy, Acme docs, literal text and Support.",
        "Regions",
        "Frankfurt (eu-central-1)",
        "Virginia (us-east-1)",
        "Retention",
        "Plan: Pro; Retention: 120 hours.",
        "Tier: Gold; Uptime: 99.9%.",
        "Tier: Basic; Price: $5.",
        "Tier: Gold; Price: $20.",
        "An example:",
        "Owner: Ops team",
    ]
    assert_source_map_exact(d, RST)


# ----------------------------------------------------------------------------- text


def test_plain_text_is_kept_as_is():
    src = "  Title line\n\nA hard-wrapped sentence that\ncontinues here. Next one.\n\n"
    d = document_from_text("a.txt", src, "text")
    assert d.text == "Title line\n\nA hard-wrapped sentence that\ncontinues here. Next one."
    assert_source_map_exact(d, src)
    assert [d.text[a:b] for a, b in sentence_spans(d)] == [
        "Title line",
        "A hard-wrapped sentence that\ncontinues here.",
        "Next one.",
    ]


# ----------------------------------------------------------------------------- properties

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

MARKUP_TOKENS = st.sampled_from(
    ["word", "Pro", " ", "  ", "\n", "\n\n", "\t", "#", "##", "-", "*", "**", "_", "`", "```", "~~~",
     "[", "]", "(", ")", "!", "|", "---", "> ", "1.", "<", ">", "</", "p", "div", "table", "tr", "td",
     "th", "/>", "=", '"', "{%", "%}", "{{", "}}", "<%", "%>", "<!--", "-->", "&amp;", "&nbsp;", "\\",
     ":", "::", "..", ".. note::", ":ref:", "+--+", "====", "import x from 'y'", "<Banner>",
     "</Banner>", 'title="T"', "\r\n", "\r", "\u00e9", "\u2019"]
)


@settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(MARKUP_TOKENS, max_size=50).map("".join), st.sampled_from(["markdown", "html", "rst", "text"]))
def test_any_markup_soup_strips_cleanly_with_an_exact_source_map(src, fmt):
    try:
        doc = document_from_text("soup", src, fmt)
    except CorpusError as exc:
        assert "no readable text" in str(exc) or "is empty" in str(exc) or "whitespace" in str(exc)
        return
    assert "\x00" not in doc.text and "\x01" not in doc.text
    assert doc.text == doc.text.strip() and "\n\n\n" not in doc.text
    for i, ch in enumerate(doc.text):
        if ch.isalnum():
            j = doc.source_offset(i)
            assert j is not None and src[j] in (ch, "&")  # "&": a decoded entity


def _verbatim_mismatches(doc, source: str) -> int:
    """Letters/digits whose source-map target is a different character."""
    bad = 0
    anchors = list(doc.source_map) + [(len(doc.text), None)]
    for (t, s), (t_next, _) in zip(anchors, anchors[1:]):
        piece, orig = doc.text[t:t_next], source[s : s + (t_next - t)]
        if piece != orig:
            bad += sum(1 for a, b in zip(piece, orig) if a.isalnum() and a != b)
    return bad


def test_shared_corpora_source_maps_are_exact(shared_corpora):
    from mutagen_cite.corpus import load_corpus

    for root in shared_corpora:
        corpus = load_corpus(root)
        for doc in corpus.documents:
            source = (root / doc.id).read_bytes().decode("utf-8-sig")
            assert _verbatim_mismatches(doc, source) == 0, doc.id


def test_a_markdown_hard_line_break_ends_the_line():
    # CommonMark: two trailing spaces break the line (<br>); a bold term on its own line is no
    # part of the sentence after it ("Users can still edit Pre-filled values aren't locked.")
    source = ("- **Glazes can still change**  \n  Recipes aren't locked. Potters may edit any field.\n"
              "- **Case**\n  Kiln names are case-insensitive.\n\n"
              "A paragraph that wraps\nonto a second line.  \nThen a hard break.\n\n| a  | b |\n|---|---|\n| x  | y |\n")
    doc = md(source)
    assert lines(doc)[:3] == ["Glazes can still change", "Recipes aren't locked. Potters may edit any field.",
                              "Case Kiln names are case-insensitive."]  # a soft break stays a space
    assert "A paragraph that wraps onto a second line." in lines(doc)
    assert "Then a hard break." in lines(doc)
    assert "a: x; b: y." in lines(doc)  # cells are untouched
    spans = [doc.text[a:b] for a, b in sentence_spans(doc)]
    assert "Recipes aren't locked." in spans
    assert_source_map_exact(doc, source)
