"""PDF loading: page text in order, each page's character range, page_at, and malformed PDFs
reported as warnings. The PDFs are written here byte by byte (no fixtures to ship)."""

from __future__ import annotations

from mutagen_cite.corpus import chunk_document, load_corpus, sentence_spans


def make_pdf(pages: list[list[str]]) -> bytes:
    """A minimal valid PDF: one Helvetica text line per string, one page per list."""
    objs: list[bytes] = []
    n_pages = len(pages)
    # 1 catalog, 2 pages, 3 font, then per page: page obj, content obj
    kids = " ".join(f"{4 + 2 * i} 0 R" for i in range(n_pages))
    objs.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    objs.append(f"<< /Type /Pages /Kids [{kids}] /Count {n_pages} >>".encode())
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    for i, lines in enumerate(pages):
        ops = ["BT", "/F1 12 Tf", "14 TL", "72 720 Td"]
        for line in lines:
            esc = line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
            ops.append(f"({esc}) Tj T*")
        ops.append("ET")
        stream = "\n".join(ops).encode("latin-1")
        objs.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            f"/Resources << /Font << /F1 3 0 R >> >> /Contents {5 + 2 * i} 0 R >>".encode()
        )
        objs.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for k, body in enumerate(objs, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % k + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
    return bytes(out)


PAGES = [
    ["Retention policy.", "Logs are kept for 30 days on the Pro plan."],
    ["Backups run every 6 hours.", "Restores take about 20 minutes."],
    ["Support answers within 4 hours."],
]


def test_pdf_pages_text_and_page_at(tmp_path):
    (tmp_path / "policy.pdf").write_bytes(make_pdf(PAGES))
    doc = load_corpus(tmp_path).by_id("policy.pdf")
    assert doc.format == "pdf"
    assert [p.number for p in doc.pages] == [1, 2, 3]
    for page, expected in zip(doc.pages, PAGES):
        assert doc.text[page.start : page.end].split("\n") == expected
    for page in doc.pages:
        assert doc.page_at(page.start) == page.number
        assert doc.page_at(page.end - 1) == page.number
    # every sentence lies on one page
    spans = sentence_spans(doc)
    assert [doc.text[a:b] for a, b in spans] == [line for page in PAGES for line in page]
    assert [doc.page_at(a) for a, _ in spans] == [1, 1, 2, 2, 3]
    for c in chunk_document(doc, max_chars=60):
        assert doc.text[c.start : c.end] == c.text


def test_malformed_pdf_is_a_warning_not_a_crash(tmp_path):
    (tmp_path / "ok.md").write_text("Fine.\n")
    (tmp_path / "broken.pdf").write_bytes(b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog\nendobj\ngarbage")
    (tmp_path / "fake.pdf").write_bytes(b"this is not a pdf at all")
    corpus = load_corpus(tmp_path)
    assert [d.id for d in corpus.documents] == ["ok.md"]
    assert sorted(w.path for w in corpus.warnings) == ["broken.pdf", "fake.pdf"]
    assert all(w.path in str(w) for w in corpus.warnings)


def test_pdf_without_text_warns(tmp_path):
    (tmp_path / "ok.md").write_text("Fine.\n")
    (tmp_path / "scan.pdf").write_bytes(make_pdf([[]]))
    corpus = load_corpus(tmp_path)
    assert len(corpus.warnings) == 1 and "no extractable text" in str(corpus.warnings[0])
