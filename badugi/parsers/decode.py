"""Detect a hand-history file's encoding and turn raw lines into text.

Rooms write UTF-8 with or without a BOM (PokerStars, some Full Tilt copies) or UTF-16LE with a BOM
(native Full Tilt files), with CRLF or LF line ends. The encoding is decided once per file from its
first bytes; every hand is then decoded on its own, so an undecodable byte spoils one hand instead of
the whole file. Clients on Windows also wrote their own code page (a euro sign as byte 0x80): a hand
that is not UTF-8 is read as cp1252 (``decode_text``), and the reader says so once per file.
"""

from __future__ import annotations

from dataclasses import dataclass

UTF8 = "utf-8"
UTF16LE = "utf-16-le"
CP1252 = "cp1252"
"""The Windows code page the clients wrote when they did not write UTF-8 (bytes 0x80-0x9F hold the euro
sign, curly quotes, ...; five of those bytes are undefined, so random bytes rarely all decode)."""

BOM_UTF8 = b"\xef\xbb\xbf"
BOM_UTF16LE = b"\xff\xfe"


@dataclass(frozen=True, slots=True)
class Encoding:
    """How a file is encoded: codec name, BOM length in bytes, and the byte sequence ending a line."""

    codec: str
    bom: int
    newline: bytes

    @property
    def unit(self) -> int:
        """Bytes per code unit: lines start at multiples of this (after the BOM)."""
        return 2 if self.codec == UTF16LE else 1


def detect_encoding(head: bytes) -> Encoding:
    """Decide the encoding from the first bytes of a file (a few hundred are plenty).

    UTF-16LE without a BOM is recognised by its NUL pattern: ASCII text has a NUL in every odd byte.
    Anything else is read as UTF-8 (undecodable bytes are reported per line, never guessed away).
    """
    if head.startswith(BOM_UTF8):
        return Encoding(UTF8, 3, b"\n")
    if head.startswith(BOM_UTF16LE):
        return Encoding(UTF16LE, 2, b"\n\x00")
    sample = head[:400]
    if len(sample) >= 8:
        odd = sample[1::2]
        even = sample[0::2]
        if odd.count(0) >= 0.9 * len(odd) and even.count(0) <= 0.1 * len(even):
            return Encoding(UTF16LE, 0, b"\n\x00")
    return Encoding(UTF8, 0, b"\n")


def decode_line(raw: bytes, encoding: Encoding) -> tuple[str, str | None]:
    """Decode one raw line (with or without its line end) into text without CR/LF.

    Returns ``(text, error)``: on undecodable bytes the text has U+FFFD in their place and ``error``
    says what and where, so the caller can turn the hand into a ``parse.decode`` failure.
    """
    try:
        text = raw.decode(encoding.codec)
        error = None
    except UnicodeDecodeError as exc:
        text = raw.decode(encoding.codec, errors="replace")
        bad = raw[exc.start:exc.end]
        error = f"cannot decode bytes {bad!r} as {encoding.codec} at byte {exc.start} of the line ({exc.reason})"
    if text.endswith("\n"):
        text = text[:-1]
    if text.endswith("\r"):
        text = text[:-1]
    if text.startswith("\ufeff"):  # a BOM inside the file: files concatenated byte-wise
        text = text[1:]
    return text, error


def decode_text(data: bytes, encoding: Encoding) -> tuple[str, str | None, str | None]:
    """Decode a hand's bytes -> ``(text, codec used when not the file's, error)``: UTF-8 text that does
    not decode is read as cp1252 when every byte of it is a cp1252 character; else the text holds
    U+FFFD for the bad bytes and ``error`` says where."""
    try:
        return data.decode(encoding.codec), None, None
    except UnicodeDecodeError as exc:
        problem = exc
    if encoding.codec == UTF8:
        try:
            return data.decode(CP1252), CP1252, None
        except UnicodeDecodeError:
            pass
    bad = data[problem.start:problem.end]
    return (data.decode(encoding.codec, errors="replace"), None,
            f"cannot decode bytes {bad!r} as {encoding.codec} ({problem.reason})")
