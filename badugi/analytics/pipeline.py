"""Where the import meets the readers and the replay: split a file's bytes into whole hands, read one
hand, replay one hand. Kept in one small module so the importer never depends on a room.

Each room family has a splitter with the same shape, ``(data, start_offset, start_line, ..., final) ->
(pieces, resume offset, resume line)``, whose pieces carry ``text, first_line, offset, end_offset,
room``: Merge XML (``split_games``), PHH (``split_tables``) and the text rooms (``split``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from badugi.engine.record import Hand
from badugi.engine.replay import replay
from badugi.engine.replay_model import Replay
from badugi.parsers import phh
from badugi.parsers.results import ParseFailure, ReadResult
from badugi.parsers.rooms import merge

HEAD_BYTES = 64 << 10
"""How much of a file's start the splitters see when resuming (encoding, BOM, Merge's description)."""


@dataclass(frozen=True, slots=True)
class Split:
    """The whole hands found in a slice of a file, and where reading must resume: ``end_offset`` (file
    byte offset) and ``end_line`` (the 1-based line there). Bytes after ``end_offset`` are an unfinished
    hand (or, when ``final`` was false, a hand that may continue in the next window)."""

    texts: Sequence[Any]
    end_offset: int
    end_line: int


def wanted(path: Path) -> bool:
    """Files a folder walk imports: everything but notes, archives and our own outputs."""
    return path.suffix.lower() not in IGNORED_SUFFIXES


IGNORED_SUFFIXES = frozenset({".md", ".rst", ".pdf", ".zip", ".gz", ".bz2", ".xz", ".7z", ".png", ".jpg", ".jpeg",
                              ".duckdb", ".wal", ".parquet", ".csv", ".json", ".html", ".py", ".partial"})


def kind_of(head: bytes) -> str:
    """``merge``, ``phh`` or ``text`` (PokerStars, Full Tilt, KingsClub, ...: the text splitter decides)."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "text"
    sample = head[:4096].decode("utf-8", errors="replace")
    if merge.sniff(sample):
        return "merge"
    if phh.sniff(sample):
        return "phh"
    return "text"


def split_hands(data: bytes, file: str, start_offset: int, start_line: int, head: bytes, *,
                final: bool) -> Split:
    """Split ``data`` (the file from ``start_offset`` on; ``head`` = its first ``HEAD_BYTES``) into whole
    hands. When ``final`` is false the last hand is held back (the next window may continue it); when
    true an unfinished last hand (a room still writing it) is still held back for the next import."""
    kind = kind_of(head)
    if kind == "merge":
        pieces, end, line = merge.split_games(data, start_offset, start_line, head, final=False)
    elif kind == "phh":
        # PHH has no end-of-hand mark: a file that does not end with a newline is still being written
        pieces, end, line = phh.split_tables(data, start_offset, start_line, final=final and data.endswith(b"\n"))
    else:
        pieces, end, line = _split_text(data, file, start_offset, start_line, head, final)
    return Split(pieces, end, line)


@dataclass(frozen=True, slots=True)
class _Unread:
    """Text no splitter in this build can cut into hands: kept whole as one reject."""

    text: str
    first_line: int
    offset: int
    end_offset: int
    room: str | None = None


def _split_text(data: bytes, file: str, start_offset: int, start_line: int, head: bytes,
                final: bool) -> tuple[list[Any], int, int]:
    """Text rooms (PokerStars, Full Tilt, KingsClub): until their splitter is wired in, the new text is
    kept whole as one reject (``parse.unknown_room``), never dropped."""
    if not final:
        return [], start_offset, start_line
    text = data.decode("utf-8", errors="replace")
    return ([_Unread(text, start_line, start_offset, start_offset + len(data))], start_offset + len(data),
            start_line + data.count(b"\n"))


def read_hand_text(piece: Any, file: str) -> Iterable[ReadResult]:
    """Read one split hand into its result."""
    room = piece.room
    if room == merge.ROOM:
        return (merge.parse_hand(piece.text, file, piece.first_line, piece.offset),)
    if room == phh.ROOM:
        return (phh.parse_hand(piece.text, file, piece.first_line, piece.offset),)
    return (ParseFailure("parse.unknown_room", room, None, file, piece.first_line, None, piece.offset,
                         "no reader for this text", raw=piece.text),)


def replay_hand(hand: Hand) -> Replay:
    """The engine's replay with the room's rules."""
    return replay(hand)
