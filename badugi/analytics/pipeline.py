"""Where the import meets the readers and the replay: split a file's bytes into whole hands, read one
hand, replay one hand. Kept in one small module so the importer never depends on a room.

Each room family has a splitter with the same shape, ``(data, start_offset, start_line, ..., final) ->
(pieces, resume offset, resume line)``, whose pieces carry ``text, first_line, offset, end_offset,
room``: Merge XML (``split_games``), PHH (``split_tables``) and the text rooms (``split``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

from badugi.engine.record import Hand
from badugi.engine.replay import replay
from badugi.engine.replay_model import Replay
from badugi.parsers import phh
from badugi.parsers.decode import detect_encoding
from badugi.parsers.results import ParseFailure, ReadResult
from badugi.parsers.reader import file_kind, parse_hand_text
from badugi.parsers.rooms import merge
from badugi.parsers.split import split_stream

HEAD_BYTES = 64 << 10
"""How much of a file's start the splitters see when resuming (encoding, BOM, Merge's description)."""


def wanted(path: Path) -> bool:
    """Files a folder walk imports: everything but notes, archives and our own outputs."""
    return path.suffix.lower() not in IGNORED_SUFFIXES


IGNORED_SUFFIXES = frozenset({".md", ".rst", ".pdf", ".zip", ".gz", ".bz2", ".xz", ".7z", ".png", ".jpg", ".jpeg",
                              ".duckdb", ".wal", ".parquet", ".csv", ".json", ".html", ".py", ".partial"})


WINDOW_BYTES = 4 << 20
"""Bytes read at a time by the window-based splitters (Merge, PHH)."""


def pieces(stream: BinaryIO, file: str, start_offset: int, start_line: int, head: bytes, *,
           positioned: bool = False) -> Iterator[Any]:
    """The hands of ``stream`` from ``start_offset`` (line ``start_line``) on, streaming; ``head`` = the
    file's first ``HEAD_BYTES`` (encoding, BOM, Merge's description). A Merge game without its closing
    tag is not yielded (the next import reads it again); a text room's last hand without a blank line
    after it is yielded marked incomplete (see ``is_complete``)."""
    if not positioned:
        stream.seek(start_offset)
    kind = file_kind(head)
    if kind == "merge":
        yield from _windows(stream, start_offset, start_line,
                            lambda data, at, line, final: merge.split_games(data, at, line, head, final=False))
    elif kind == "phh":
        # PHH has no end-of-hand mark: a file that does not end with a newline is still being written
        yield from _windows(stream, start_offset, start_line,
                            lambda data, at, line, final: phh.split_tables(
                                data, at, line, final=final and data.endswith(b"\n")))
    else:
        yield from _text_pieces(stream, file, start_offset, start_line, head)


def resume_after(piece: Any) -> tuple[int, int]:
    """Where reading resumes after ``piece``: its end byte offset and the 1-based line there."""
    next_line = getattr(piece, "next_line", None)
    if next_line is not None:
        return piece.end_offset, next_line
    return piece.end_offset, piece.first_line + piece.text.count("\n")


Splitter = Callable[[bytes, int, int, bool], tuple[list[Any], int, int]]


def _windows(stream: BinaryIO, start_offset: int, start_line: int, split: Splitter) -> Iterator[Any]:
    """Run a window-based splitter over the stream: bytes after its resume point are carried over."""
    buffer, at, line = b"", start_offset, start_line
    while True:
        block = stream.read(WINDOW_BYTES)
        buffer += block
        found, end, line = split(buffer, at, line, not block)
        yield from found
        buffer, at = buffer[end - at:], end
        if not block:
            return


def _text_pieces(stream: BinaryIO, file: str, start_offset: int, start_line: int, head: bytes) -> Iterator[Any]:
    """Text rooms (PokerStars, Full Tilt, KingsClub): the parsers' streaming splitter, started exactly
    where the file reader starts (after a BOM, on a UTF-16 code unit), so offsets agree with it."""
    encoding = detect_encoding(head)
    start = max(start_offset, encoding.bom)
    if encoding.unit == 2 and (start - encoding.bom) % 2:
        start += 1
    if start != start_offset:
        stream.seek(stream.tell() + start - start_offset)
    yield from split_stream(stream, encoding, start, start_line)


def is_complete(piece: Any) -> bool:
    """False for a file's last hand written without the room's end-of-hand mark (no blank line after
    it): maybe a hand the room is still writing. The importer keeps it only if it reads as a whole hand."""
    return getattr(piece, "complete", True)


def read_hand_text(piece: Any, file: str) -> Iterable[ReadResult]:
    """Read one split hand into its result (never raises: a reader crash becomes a reject that keeps the
    raw text)."""
    room = piece.room
    try:
        if room == merge.ROOM:
            return (merge.parse_hand(piece.text, file, piece.first_line, piece.offset),)
        if room == phh.ROOM:
            return (phh.parse_hand(piece.text, file, piece.first_line, piece.offset),)
        return (parse_hand_text(piece, file),)
    except Exception as exc:  # noqa: BLE001 - one bad hand never stops an import
        return (ParseFailure("parse.internal", room, None, file, piece.first_line, None, piece.offset,
                             f"{file}:{piece.first_line}: internal error reading this hand: "
                             f"{type(exc).__name__}: {exc}", raw=piece.text),)


def replay_hand(hand: Hand) -> Replay:
    """The engine's replay with the room's rules."""
    return replay(hand)
