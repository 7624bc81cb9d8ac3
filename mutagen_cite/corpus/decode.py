"""Turn a file's bytes into text, or say plainly why it is not text.

UTF-8 first (with or without a byte-order mark), UTF-16 when it carries a BOM, then
Windows-1252 only when the result looks like prose (few control characters); anything else is
reported as undecodable rather than guessed at.
"""

from __future__ import annotations

from dataclasses import dataclass

_UTF8_BOM = b"\xef\xbb\xbf"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_ALLOWED_CONTROLS = frozenset("\t\n\r\f\v")


@dataclass(frozen=True)
class Decoded:
    """Decoded text, the codec that worked, and a note when the choice was a fallback."""

    text: str
    encoding: str
    note: str | None = None


class NotText(Exception):
    """The bytes are not text this loader can read; the message says why."""


def decode_bytes(raw: bytes) -> Decoded:
    if raw.startswith(_UTF8_BOM):
        try:
            return Decoded(raw.decode("utf-8-sig"), "utf-8-sig")
        except UnicodeDecodeError as exc:
            raise NotText(f"starts with a UTF-8 mark but byte {exc.start} is not UTF-8") from None
    if raw.startswith(_UTF16_BOMS):
        try:
            return Decoded(raw.decode("utf-16"), "utf-16")
        except UnicodeDecodeError:
            raise NotText("starts with a UTF-16 mark but is not valid UTF-16") from None
    nuls = raw.count(b"\x00")
    if nuls > _max_stray_nuls(len(raw)):
        raise NotText(f"looks binary ({nuls} NUL bytes)")
    stray = None
    if nuls:
        # a few isolated NULs (a bad paste, an editor glitch) do not make prose binary: read
        # each as a space, which keeps every offset, and say where they were
        stray = f"has {nuls} stray NUL byte{'s' if nuls != 1 else ''} (first at offset {raw.index(0)}), read as spaces"
        raw = raw.replace(b"\x00", b" ")
    try:
        return Decoded(raw.decode("utf-8"), "utf-8", note=stray)
    except UnicodeDecodeError as exc:
        bad_at = exc.start
    try:
        text = raw.decode("cp1252")
    except UnicodeDecodeError:
        raise NotText(f"is not UTF-8 (bad byte at offset {bad_at}) nor Windows-1252") from None
    if not _plausibly_text(text):
        raise NotText(f"is not UTF-8 (bad byte at offset {bad_at}) and does not look like text")
    note = f"is not UTF-8 (bad byte at offset {bad_at}); read it as Windows-1252"
    return Decoded(text, "cp1252", note=f"{stray}; {note}" if stray else note)


def _max_stray_nuls(size: int) -> int:
    """NUL bytes a text file may hold and still be read: isolated ones, never a binary's many."""
    return min(16, max(1, size // 2000))


def _plausibly_text(text: str) -> bool:
    """Prose has almost no control characters; binary data decoded as cp1252 has many."""
    if not text:
        return False
    controls = sum(1 for ch in text if ord(ch) < 32 and ch not in _ALLOWED_CONTROLS)
    return controls <= max(1, len(text) // 200)
