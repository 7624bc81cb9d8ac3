"""PDF to text with pypdf, one page after another, recording each page's character range."""

from __future__ import annotations

import io
import logging
from contextlib import contextmanager

from ..model import Page


class PdfUnreadable(Exception):
    """The PDF is malformed, encrypted, or holds no extractable text; the message says which."""


@contextmanager
def _quiet_pypdf():
    """pypdf logs every repair it makes to a malformed file; the loader reports one warning
    per file instead."""
    logger = logging.getLogger("pypdf")
    old = logger.level
    logger.setLevel(logging.ERROR + 10)
    try:
        yield
    finally:
        logger.setLevel(old)


def extract_pdf(raw: bytes) -> tuple[str, tuple[Page, ...]]:
    """Text of every page joined by a blank line, and the pages' ranges in that text."""
    try:
        from pypdf import PdfReader
    except ImportError as exc:  # pragma: no cover - pypdf is a declared dependency
        raise PdfUnreadable("needs pypdf to be read (pip install pypdf)") from exc
    parts: list[str] = []
    pages: list[Page] = []
    pos = 0
    with _quiet_pypdf():
        try:
            reader = PdfReader(io.BytesIO(raw), strict=False)
            if reader.is_encrypted:
                try:
                    ok = reader.decrypt("")
                except Exception:  # noqa: BLE001 - any failure means "cannot open"
                    ok = 0
                if not ok:
                    raise PdfUnreadable("is encrypted with a password")
            for number, page in enumerate(reader.pages, start=1):
                text = _tidy(page.extract_text() or "")
                if parts:
                    parts.append("\n\n")
                    pos += 2
                pages.append(Page(number, pos, pos + len(text)))
                parts.append(text)
                pos += len(text)
        except PdfUnreadable:
            raise
        except Exception as exc:  # noqa: BLE001 - pypdf raises many types on bad input
            raise PdfUnreadable(f"is not a readable PDF ({type(exc).__name__}: {exc})") from None
    text = "".join(parts)
    if not text.strip():
        raise PdfUnreadable("has no extractable text (a scanned PDF needs OCR first)")
    return text, tuple(pages)


def _tidy(page_text: str) -> str:
    """Normalise line endings and trailing spaces; a page never starts or ends with blanks."""
    lines = page_text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "\n".join(line.rstrip() for line in lines).strip("\n")
