"""Byte ranges of whole hands: what a cluster worker is given instead of the hands' text.

The process that plans cuts a file into runs of whole hands (as the local import does: with its room's splitter,
or by bytes at a hand's first line, ``importer._cut_by_bytes``) but sends on only where each run of hands starts
and ends (``ByteRange``). The worker opens the file at the same path itself (a folder every machine mounts at
the same place), reads those bytes and splits them from the range's start: ``Room.split`` resumes at any offset
where a hand ended, so the worker finds the same hands. It checks that it did (``digest``; a range cut by bytes:
that its last hand ends where the cut was made, ``read_cut``), so a file that changed in between is an error,
never other rows.

No database and no cluster library are loaded here: workers stay small. Nor are the parsers and the replay
until a range is read (``read_range``, ``process_range``): the client of an archive on a cluster unpickles the
plans' ranges and needs this module, not what reads them.
"""

from __future__ import annotations

import hashlib
import io
import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, Any, BinaryIO

from badugi.errors import BadInput

if TYPE_CHECKING:
    from badugi.analytics.batch import PackedTables, SpooledTables
    from badugi.parsers.results import HandText

SETTLE_SECONDS = 60.0
"""How long a file must have been left unchanged before its last hand is read even though its own text
does not prove it whole (``Room.shows_whole``): a client writes a hand in well under a second, so a
file this still is one the client is done with (or stopped writing for good)."""


def is_settled(mtime: float, now: float | None = None) -> bool:
    """Whether a file last modified at ``mtime`` (seconds since the epoch) is settled (``SETTLE_SECONDS``)."""
    return (time.time() if now is None else now) - mtime >= SETTLE_SECONDS


@dataclass(frozen=True, slots=True)
class ByteRange:
    """Whole hands of one file: the split resumes at ``start`` (line ``start_line``) and the ``hands``
    pieces end at ``end`` (the next line is ``end_line``). ``tentative``: the last piece is the file's
    last hand with no end mark yet (``batch.process_hands`` decides whether it is kept); ``settled``: the
    file had not changed for ``SETTLE_SECONDS`` when it was planned."""

    path: str
    start: int
    start_line: int
    end: int
    end_line: int
    hands: int
    digest: str
    tentative: bool = False
    settled: bool = False

    @property
    def size(self) -> int:
        return self.end - self.start


CUT_SEARCH_BYTES = 16 << 10
"""Bytes after a cut's target first searched for the next hand's first line (``next_cut``; more when none is there)."""


def next_cut(handle: BinaryIO, starts: Any, done: int, done_line: int, step: int) -> tuple[int, int, bytes, int] | None:
    """Where to cut a UTF-8 text file by bytes after ``done`` (where a hand ended, on line ``done_line``): at the first
    line that starts a hand (``starts``: a ``reader.HandStarts``) ``step`` bytes or more on, the range ending where the
    hand before that line ends (past the blank lines before it: where the split of the whole file ends it). No hand
    is split: the import's planner (``importer._cut_by_bytes``) and the archive's (``archive._cut_by_bytes``) read the
    bytes once, to find the cuts, count the lines and hash the prefix. Returns ``(end, end_line, buffer, ended)``:
    ``buffer`` holds the file's bytes from ``done`` (for the prefix hash), of which the range is the first ``ended``;
    ``None`` when no hand's first line is that far on."""
    from badugi.parsers.split import count_lines

    handle.seek(done)
    buffer, end_of_file = b"", False
    low, span, cut, last = step, CUT_SEARCH_BYTES, -1, -1
    while cut < 0:
        if len(buffer) < low + span and not end_of_file:
            chunk = handle.read(low + span - len(buffer))
            end_of_file = not chunk
            buffer = buffer + chunk if buffer else chunk
            continue
        found = starts.candidate(buffer, max(low, 1), min(len(buffer), low + span))
        if found < 0:
            if end_of_file and low + span >= len(buffer):
                return None
            span *= 4
            continue
        line_end = buffer.find(b"\n", found)
        if line_end < 0 and not end_of_file:
            span = max(span, len(buffer) - low) * 2
            continue
        raw = buffer[found:line_end + 1] if line_end >= 0 else buffer[found:]
        last = _last_ink(buffer, 0, found)
        if last >= 0 and starts.starts_hand(raw):
            cut = found
        else:
            low = found + 1
    ended = buffer.find(b"\n", last) + 1  # the end of the last line before the cut that is not blank
    # (the lines up to the cut counted as those of the whole buffer less those after it: no copy of the range)
    return done + ended, done_line + count_lines(buffer) - count_lines(buffer[ended:]), buffer, ended


def _last_ink(buffer: bytes, start: int, stop: int) -> int:
    """The index of the last byte of ``buffer[start:stop]`` that is not blank (space, tab, CR, LF), or -1."""
    while stop > start:
        low = max(start, stop - 256)
        kept = len(buffer[low:stop].rstrip(b" \t\r\n"))
        if kept:
            return low + kept - 1
        stop = low
    return -1


def pieces_digest(pieces: Sequence[HandText]) -> str:
    """What identifies a split: each piece's offsets, lines, room and text length (not the text: the
    planner need not hash it, and any change of the cut or of a hand's bytes changes one of these)."""
    h = hashlib.blake2b(digest_size=8)
    for p in pieces:
        h.update(f"{p.offset},{p.end_offset},{p.first_line},{p.line_count},{p.room},{len(p.text)};".encode())
    return h.hexdigest()


def byte_range(path: str, pieces: Sequence[HandText], start: int, start_line: int, tentative: bool = False,
               settled: bool = False) -> ByteRange:
    """The range of ``pieces`` (consecutive pieces of one split that resumed at ``start``)."""
    if pieces:
        end, end_line = pieces[-1].end_offset, pieces[-1].next_line
    else:
        end, end_line = start, start_line
    return ByteRange(path, start, start_line, end, end_line, len(pieces), pieces_digest(pieces), tentative, settled)


class _Bounded(io.RawIOBase):
    """A file seen up to byte ``limit`` only, so the splitter reads no further than the range."""

    def __init__(self, handle: BinaryIO, limit: int) -> None:
        self.handle = handle
        self.limit = limit

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self.handle.tell()

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        return self.handle.seek(offset, whence)

    def read(self, size: int | None = -1) -> bytes:
        left = max(0, self.limit - self.handle.tell())
        return self.handle.read(left if size is None or size < 0 else min(size, left))

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        data = self.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)


def read_range(spec: ByteRange) -> list[HandText]:
    """The hands of a range, read and split from the file itself. ``BadInput`` when the file is not
    there or its bytes no longer cut into the planned hands (it changed since it was planned)."""
    if spec.hands == 0:  # a file with nothing new, or none at all (skipped whole): nothing to read
        return []
    pieces = _split_range(spec, spec.hands, "; every worker must see the files at the path the client gives")
    if len(pieces) != spec.hands or pieces_digest(pieces) != spec.digest:
        raise BadInput(f"{spec.path}: bytes {spec.start}-{spec.end} no longer hold the {spec.hands} hands planned; "
                       "the file changed during the run (run again)")
    return pieces


def read_cut(spec: ByteRange) -> list[HandText]:
    """The hands of a range the importer cut by bytes (``importer._plan``; ``hands`` is -1 there: it does not
    count them): split from ``start`` up to ``end``, where its last hand must end (the line after it
    ``end_line``), since the planner found the next hand's first line after it, past blank lines only. That
    last hand is complete, as the split of the whole file makes it (a hand's first line follows). ``BadInput``
    when the file is not there or no longer ends a hand there (it changed since it was planned)."""
    from dataclasses import replace

    pieces = _split_range(spec, None)
    if not pieces or (pieces[-1].end_offset, pieces[-1].next_line) != (spec.end, spec.end_line):
        raise BadInput(f"{spec.path}: bytes {spec.start}-{spec.end} no longer end a hand at line {spec.end_line}; "
                       "the file changed during the run (run again)")
    if not pieces[-1].complete:
        pieces[-1] = replace(pieces[-1], complete=True)
    return pieces


def process_range(spec: ByteRange, spool: str | None = None) -> tuple[PackedTables | SpooledTables, bool]:
    """A worker's whole job for one range: read it, parse and replay its hands, build the store's
    tables (``batch.process_hands``; the second value says whether a tentative last hand was kept). A worker
    on the importing process's machine writes them to the file ``spool`` (``SpooledTables``: the client maps it,
    nothing crosses the cluster's connections); else they are packed as Arrow IPC streams for the trip back to
    the client (``PackedTables``: pickled as plain bytes and read back without a copy, where dask pickled every
    array of every table on its own)."""
    from badugi.analytics.batch import PackedTables, SpooledTables, process_hands

    tables, kept = process_hands(read_range(spec), spec.path, spec.tentative, spec.settled)
    return (PackedTables.of(tables) if spool is None else SpooledTables.write(tables, spool)), kept


def _split_range(spec: ByteRange, hands: int | None, unreadable_hint: str = "") -> list[HandText]:
    """The hands split from ``spec``'s bytes (at most ``hands``), by the room its file's head names now;
    ``BadInput`` when the file cannot be read or is no longer a hand history."""
    from badugi.parsers.reader import HEAD_BYTES, inspect
    from badugi.parsers.results import FileSkipped

    try:
        with open(spec.path, "rb") as handle:
            head = handle.read(HEAD_BYTES)
            room = inspect(head)
            if isinstance(room, FileSkipped):
                raise BadInput(f"{spec.path}: no longer a hand history ({room.reason}); it changed since it was planned")
            handle.seek(spec.start)
            split = room.split(_Bounded(handle, spec.end), head, spec.start, spec.start_line)
            return list(split if hands is None else islice(split, hands))
    except OSError as exc:
        raise BadInput(f"{spec.path}: this worker cannot read it ({exc.strerror or exc}){unreadable_hint}") from None
