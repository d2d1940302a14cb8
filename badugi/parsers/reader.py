"""Read hand-history files into ``Hand | Skipped | ParseFailure`` values, one per hand found.

The reader never raises on any input: undecodable bytes become ``parse.decode`` failures, text no
room recognises ``parse.unknown_room``, a bug escaping a room ``parse.internal`` (with the hand's raw
text kept), and the next hand proceeds.
"""

from __future__ import annotations

import io
import logging
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

from badugi.engine.record import Hand
from badugi.parsers import phh
from badugi.parsers.decode import detect_encoding
from badugi.parsers.results import ParseFailure, ReadResult
from badugi.parsers.rooms import get_room, merge
from badugi.parsers.split import HandText, split_stream

log = logging.getLogger(__name__)

HEAD_BYTES = 512


def iter_hand_texts(stream: BinaryIO, start_offset: int = 0, start_line: int = 1) -> Iterator[HandText]:
    """The hands of a seekable binary stream, from ``start_offset`` (line ``start_line``) on.

    The encoding is decided from the stream's first bytes, whatever the start offset.
    """
    stream.seek(0)
    encoding = detect_encoding(stream.read(HEAD_BYTES))
    start = max(start_offset, encoding.bom)
    if start_offset < encoding.bom:
        start_line = 1
    if encoding.unit == 2 and (start - encoding.bom) % 2:
        start += 1  # a UTF-16 offset must sit on a code-unit boundary
    stream.seek(start)
    yield from split_stream(stream, encoding, start, start_line)


def parse_hand_text(hand: HandText, file: str) -> ReadResult:
    """Read one split hand with its room. Never raises."""
    if hand.decode_error is not None:
        return ParseFailure("parse.decode", hand.room, None, file, hand.first_line, None, hand.offset,
                            f"{file}:{hand.first_line}: undecodable text in this hand: {hand.decode_error}",
                            raw=hand.text)
    if hand.room is None:
        first = hand.header
        shown = first if len(first) <= 80 else first[:77] + "..."
        return ParseFailure("parse.unknown_room", None, None, file, hand.first_line, 1, hand.offset,
                            f"{file}:{hand.first_line}: text outside any hand of a known room: {shown!r}",
                            raw=hand.text)
    try:
        return get_room(hand.room).parse(hand, file)
    except Exception as exc:  # a bug in a room must not stop the file; keep the hand and say so
        log.debug("internal error reading %s:%s", file, hand.first_line, exc_info=True)
        return ParseFailure("parse.internal", hand.room, None, file, hand.first_line, None, hand.offset,
                            f"{file}:{hand.first_line}: internal error reading this hand: "
                            f"{type(exc).__name__}: {exc}", raw=hand.text)


def file_kind(head: bytes) -> str:
    """``merge`` (XML), ``phh`` (TOML) or ``text`` (every room the hand splitter reads)."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or b"\x00" in head[:64]:
        return "text"
    sample = head[:4096].decode("utf-8", errors="replace")
    if merge.sniff(sample):
        return "merge"
    if phh.sniff(sample):
        return "phh"
    return "text"


def read_stream(stream: BinaryIO, file: str, start_offset: int = 0, start_line: int = 1) -> Iterator[ReadResult]:
    """Every hand of a seekable binary stream as a result value.

    Merge XML and PHH files are handed to their own readers (they are not line-split text); for those
    a ``start_offset`` keeps only the hands that start at or after it.
    """
    try:
        stream.seek(0)
        kind = file_kind(stream.read(4096))
        if kind != "text":
            stream.seek(0)
            if kind == "merge":
                results = merge.read_merge_lines(stream, file)
            else:
                results = phh.read_phh_lines(stream, file)  # streamed table by table, true byte offsets
            for result in results:
                if start_offset == 0 or _offset_of(result) >= start_offset:
                    yield result
            return
        for hand in iter_hand_texts(stream, start_offset, start_line):
            yield parse_hand_text(hand, file)
    except OSError as exc:
        yield ParseFailure("parse.io", None, None, file, start_line, None, start_offset,
                           f"{file}: cannot read: {exc}")


def _offset_of(result: ReadResult) -> int:
    return result.source.offset if isinstance(result, Hand) else result.offset


def read_file(path: str | os.PathLike[str], start_offset: int = 0, start_line: int = 1) -> Iterator[ReadResult]:
    """Every hand of the file at ``path``, from byte ``start_offset`` (line ``start_line``) on."""
    file = str(path)
    try:
        stream = open(path, "rb")
    except OSError as exc:
        yield ParseFailure("parse.io", None, None, file, start_line, None, start_offset, f"{file}: cannot open: {exc}")
        return
    with stream:
        yield from read_stream(stream, file, start_offset, start_line)


def read_bytes(data: bytes, file: str = "<bytes>", start_offset: int = 0, start_line: int = 1) -> Iterator[ReadResult]:
    """Every hand of an in-memory file."""
    yield from read_stream(io.BytesIO(data), file, start_offset, start_line)


def read_text(text: str, file: str = "<text>") -> Iterator[ReadResult]:
    """Every hand of already-decoded text (offsets are those of its UTF-8 encoding)."""
    yield from read_bytes(text.encode("utf-8", errors="surrogatepass"), file)


NOT_HAND_HISTORIES = frozenset({".md", ".rst", ".pdf", ".zip", ".gz", ".bz2", ".xz", ".7z", ".png", ".jpg",
                                ".jpeg", ".duckdb", ".wal", ".parquet", ".csv", ".json", ".html", ".py", ".partial"})
"""Suffixes a folder walk passes over: notes, archives, pictures and our own outputs (a file named
explicitly is always read)."""


def iter_paths(paths: Iterable[str | os.PathLike[str]]) -> Iterator[Path]:
    """Files named by ``paths``, folders walked recursively in sorted order; inside folders hidden
    entries and ``NOT_HAND_HISTORIES`` suffixes are skipped."""
    for given in paths:
        path = Path(given)
        if path.is_dir():
            for root, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in sorted(files):
                    if not name.startswith(".") and Path(name).suffix.lower() not in NOT_HAND_HISTORIES:
                        yield Path(root) / name
        else:
            yield path


def read_paths(paths: Iterable[str | os.PathLike[str]]) -> Iterator[ReadResult]:
    """Every hand of every file under ``paths``."""
    for path in iter_paths(paths):
        yield from read_file(path)
