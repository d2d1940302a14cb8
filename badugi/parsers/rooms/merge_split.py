"""Split a Merge XML file's bytes into whole games, from any byte offset.

Kept apart from ``merge.py`` (which parses a game): a window of bytes is cut into the whole games in it
and reading resumes after the last one; each game travels with the ``<description>`` in force so
``merge.parse_hand`` reads it alone.
"""

from __future__ import annotations

from collections.abc import Iterator

from badugi.parsers.decode import UTF8, Encoding, decode_text, detect_encoding
from badugi.parsers.results import HandText

ROOM = "merge"
_UTF8 = Encoding(UTF8, 0, b"\n")


def split_games(data: bytes, start_offset: int = 0, start_line: int = 1, head: bytes = b"", *,
                final: bool = True) -> tuple[list[HandText], int, int]:
    """Split raw bytes (the file from ``start_offset``, at line ``start_line``; ``head`` = the file's first
    bytes) into whole games -> (games, resume offset, resume line). When ``final`` is false an unfinished
    last game is held back for the next window; when true it is returned marked incomplete (it reads as
    truncated). Text outside any game is returned as its own piece (it reads as a failure).

    A game's text starts with the ``<description>`` in force, placed on the line just before the game
    (where it usually is): ``first_line``/``offset`` are what to pass to ``parse_hand``, so every event
    keeps its true file line and the game its true byte offset even when the description was written
    once at the top of the file."""
    # The client wrote UTF-8 without a BOM; a copy re-saved by an editor may carry a BOM or be UTF-16LE
    # (the file's first bytes say which): lines are cut and decoded in the file's own encoding, so every
    # offset stays the file's.
    encoding = detect_encoding(head or data)
    codec = Encoding(encoding.codec, 0, encoding.newline)
    description = _last_description(head, encoding) if start_offset else None
    pieces: list[HandText] = []
    current: list[bytes] = []
    current_line = current_offset = 0
    offset, number = start_offset, start_line
    resume = (start_offset, start_line)
    holding = False  # a <description> was read: resume before it so the next window sees it again
    held: tuple[bytes, int, int] | None = None  # that description line, its offset and line number

    def emit(end: int, complete: bool = True) -> None:
        prefix = (description or "").rstrip("\r\n") + "\n" if description else ""
        body, other_codec, error = decode_text(b"".join(current), codec)
        text = prefix + body.lstrip("\ufeff").replace("\r\n", "\n")
        shift = len(prefix.encode("utf-8"))
        pieces.append(HandText(text, current_line - (1 if prefix else 0), current_offset - shift, end, ROOM,
                               complete, error, text.count("\n"), other_codec))

    line_end = b"\n" if encoding.unit == 1 else encoding.newline
    for raw in _raw_lines(data, encoding):
        if not final and not raw.endswith(line_end):
            break  # a line the window cut in two: the next window reads it whole
        stripped = _stripped(raw, encoding)
        if stripped.startswith(b"<description") and not current:
            description = raw.decode(encoding.codec, errors="replace").lstrip("\ufeff")
            holding, held = True, (raw, offset, number)
        elif stripped.startswith(b"<game") and current:
            emit(offset)  # an unclosed game: parse_hand reports it truncated
            current = [raw]
            current_line, current_offset = number, offset
        elif stripped.startswith(b"<game") or current:
            if not current:
                current_line, current_offset = number, offset
            current.append(raw)
        elif stripped and not stripped.startswith(b"<?xml"):
            current, current_line, current_offset = [raw], number, offset
            emit(offset + len(raw))
            current = []
        offset += len(raw)
        number += 1
        if current and stripped.endswith(b"</game>"):
            emit(offset)
            current, holding = [], False
        if not current and not holding:
            resume = (offset, number)
    if current and final:
        emit(offset, complete=False)
    elif final and holding and held is not None:  # a description no game follows: said, not dropped
        description = None
        current, current_offset, current_line = [held[0]], held[1], held[2]
        emit(held[1] + len(held[0]))
    if final:
        resume = (offset, number)
    return pieces, resume[0], resume[1]


def _last_description(head: bytes, encoding: Encoding = _UTF8) -> str | None:
    found = None
    for raw in _raw_lines(head, encoding):
        if _stripped(raw, encoding).startswith(b"<description"):
            found = raw.decode(encoding.codec, errors="replace").lstrip("\ufeff")
    return found


def _raw_lines(data: bytes, encoding: Encoding) -> Iterator[bytes]:
    """The raw lines of ``data`` (line ends kept); in UTF-16 only a line end at an even position counts."""
    if encoding.unit == 1:
        yield from data.splitlines(keepends=True)
        return
    start, find, newline = 0, data.find, encoding.newline
    while start < len(data):
        end = find(newline, start)
        while end != -1 and (end - start) % 2:
            end = find(newline, end + 1)
        if end == -1:
            yield data[start:]
            return
        yield data[start:end + 2]
        start = end + 2


def _stripped(raw: bytes, encoding: Encoding) -> bytes:
    """A raw line without its BOM and surrounding blanks, as ASCII-compatible bytes for the tag tests."""
    if encoding.unit == 2:
        raw = raw.decode(encoding.codec, errors="replace").encode("utf-8")
    return raw.strip().removeprefix(b"\xef\xbb\xbf").strip()
