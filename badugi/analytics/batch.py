"""The per-hand work of an import, run in the pool's worker processes: parse and replay split hands and
build Arrow tables shaped like the store's. ``process_file_bytes`` is the same work for a whole file as
one pure function (bytes in, Arrow tables out), so it can be mapped over a cluster engine and its
tables written as Parquet.

This module loads no database library: workers stay small.
"""

from __future__ import annotations

import gc
import io
import logging
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from badugi.analytics.rows import (HAND_IX, HAND_LEVEL, Columns, add_hand, add_internal_reject, add_reject,
                                   add_skipped, add_summary)
from badugi.engine.record import Hand
from badugi.engine.replay import replay
from badugi.engine.replay_model import Replay
from badugi.analytics.ranges import ByteRange, read_cut
from badugi.parsers.reader import HEAD_BYTES, codec_note, inspect, read_piece
from badugi.parsers.results import FileSkipped, HandText, ParseFailure, PieceResult, Skipped
from badugi.parsers.tournament_record import TournamentSummary
from badugi.parsers.rooms import get_room

log = logging.getLogger(__name__)

ARROW_EVERY = 1000
"""Hands whose records a batch holds before making their rows Arrow columns (memory: ~5 kB a hand)."""


@dataclass(frozen=True, slots=True)
class FileBatch:
    """What one slice of one file produced: Arrow tables shaped like the store's, and where it ends.
    ``end_offset``/``end_line`` count only whole hands; bytes after them (an incomplete last hand) are
    ``pending`` and read again next time."""

    file: str
    tables: dict[str, pa.Table]
    start_offset: int
    end_offset: int
    end_line: int
    pending: int
    file_skipped: str | None = None  # the whole file holds no hand: why (then the tables are empty)
    note: str | None = None  # said once about the file (read as cp1252, ...)


UNCOLLECTED = frozenset({"showdown.no_winner", "rake.mismatch"})
"""Replay codes that say the pot was not all collected: for a room that writes the awards last
(``Room.AWARDS_LAST``), a sign that the client has not written the last ``wins`` line yet."""


def process_hands(texts: Sequence[HandText], file: str, tentative_last: bool = False,
                  settled: bool = False) -> tuple[dict[str, pa.Table], bool]:
    """Parse and replay hands (the splitters' pieces) into one batch of Arrow tables.

    ``tentative_last``: the last piece ends the file without the room's end-of-hand mark, so it may be
    a hand still being written. It is kept when it reads as a whole hand (a ``Hand`` or a ``Skipped``
    other game) and either its own text proves it whole (``Room.shows_whole``: a hand cut inside its
    summary still reads) or the file is ``settled`` (not changed for a while: the client is done with
    it, ``ranges.SETTLE_SECONDS``). A room that writes the awards last (``Room.AWARDS_LAST``) must also
    have all of the pot collected (``UNCOLLECTED``). Text of no room is kept only once the file is
    settled (it may be a first line cut short). Any other last piece, and always one of a room that
    marks hands' ends (``Room.END_MARKED``), is left out, to be read again next time. The second value
    says whether it was kept.

    The cyclic garbage collector is paused for the batch: building it allocates hundreds of thousands
    of small acyclic objects, and the collector's repeated scans of them cost more than the work.

    The pieces go in runs of ``ARROW_EVERY``, each run step by step: every piece of the run read, then
    every hand replayed, then every row added and made Arrow columns. One step at a time keeps its code
    and tables (the grammar's, the memos, the engine's) in the processor's caches; hand by hand, each
    step evicts the others'. Measured (one process, CPU time, 20,000 mixed-corpus hands, Python 3.11):
    parse+replay+rows 205-210 us a hand step by step against 250-259 hand by hand compiled, 245-257
    against 268-272 pure Python. A run's records are then held until its columns are made, so a large
    batch never keeps more than ``ARROW_EVERY`` hands and their replays alive."""
    parts: list[dict[str, pa.Table]] = []
    kept = True
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        last = len(texts) - 1
        for start in range(0, max(len(texts), 1), ARROW_EVERY):
            read: list[tuple[PieceResult, HandText]] = []
            for index in range(start, min(start + ARROW_EVERY, len(texts))):
                text = texts[index]
                result = read_piece(text, file)
                if tentative_last and index == last and not _keeps_last(text, result, settled):
                    kept = False
                    break
                if result is not None:
                    read.append((result, text))
            replays = [replay_of(result) for result, _text in read]
            if (tentative_last and kept and not settled and start + ARROW_EVERY > last and read
                    and read[-1][1] is texts[last] and _uncollected(read[-1][1], replays[-1])):
                read.pop()
                replays.pop()
                kept = False
            columns = Columns()
            for (result, text), replayed in zip(read, replays):
                add_replayed(columns, result, replayed, text)
            try:
                parts.append(columns.to_arrow())
            except UNSTORABLE:
                parts.append(_storable_rows(read, replays, file))
            if not kept:
                break
        return concat_batches(parts), kept
    finally:
        if was_enabled:
            gc.enable()


UNSTORABLE = (OverflowError, pa.ArrowInvalid)
"""What making a batch's columns raises when a value does not fit its column (a Python int past int64: an
``OverflowError``; past a narrower column: Arrow's ``ArrowInvalid``): a number in some hand's text too large
to store."""

TOO_LARGE = re.compile(r"\d[\d,.]{18,}")
"""A number of 19 digits or more (separators included): past what a 64-bit column holds in minor units."""


def _storable_rows(read: Sequence[tuple[PieceResult, HandText]], replays: Sequence[Replay | Exception | None],
                   file: str) -> dict[str, pa.Table]:
    """A run's columns made again result by result, when making them at once failed (``UNSTORABLE``): a
    result whose own rows cannot be made is kept as a reject (``parse.too_large``, or
    ``parse.summary.too_large`` for a tournament summary) naming its file, line and hand, and the others
    are stored. Only runs that failed pay for this."""
    columns = Columns()
    for (result, text), replayed in zip(read, replays):
        trial = Columns()
        add_replayed(trial, result, replayed, text)
        try:
            trial.to_arrow()
        except UNSTORABLE as exc:
            add_reject(columns, _too_large(result, text, file, exc))
            continue
        add_replayed(columns, result, replayed, text)
    return columns.to_arrow()


def _too_large(result: PieceResult, text: HandText, file: str, exc: Exception) -> ParseFailure:
    """The reject of a result holding a value its store column cannot hold: the line of the first number too
    long for a 64-bit integer (an amount), else the piece's first line (a seat or button number past its
    narrower column, say)."""
    summary = isinstance(result, TournamentSummary) or text.summary
    kind, code = ("tournament summary", "parse.summary.too_large") if summary else ("hand", "parse.too_large")
    hand_id = getattr(result, "hand_id", None) if isinstance(result, Hand) else None
    line = text.first_line
    for index, content in enumerate(text.text.split("\n")):
        if TOO_LARGE.search(content):
            line = text.first_line + index
            break
    ident = f" (hand #{hand_id})" if hand_id else ""
    return ParseFailure(code, text.room, hand_id, file, line, None, text.offset,
                        f"{file}:{line}{ident}: a number in this {kind} is too large for its store column: "
                        f"{type(exc).__name__}: {exc}", raw=text.text)


def _keeps_last(text: HandText, result: PieceResult | None, settled: bool) -> bool:
    """Whether a file's last piece with no end mark after it is kept (``process_hands``; a tournament
    summary that reads is: its lines are not claims about a hand to be cut). Text of no room waits too
    (unless it is only separators): it may be a hand's first line cut short (``PokerS``), whose rest
    would otherwise come next time as a second piece of no room and the whole hand be lost."""
    if text.room is None:
        return result is None or settled
    room = get_room(text.room)
    if room.END_MARKED or isinstance(result, ParseFailure):
        return False
    return settled or text.summary or room.shows_whole(text)


def _uncollected(text: HandText, replayed: Replay | Exception | None) -> bool:
    """Whether the replay of a room that writes the awards last finds the pot not all collected."""
    return (text.room is not None and get_room(text.room).AWARDS_LAST and isinstance(replayed, Replay)
            and any(v.code in UNCOLLECTED for v in replayed.violations))


@dataclass(frozen=True, slots=True)
class PackedTables:
    """A batch's tables as one Arrow IPC stream each: what a pool worker sends back to the importer.
    Pickling the tables themselves reduces every array on its own (measured: ~6 ms of the worker's CPU
    per 1,000 hands, ~1.3 ms to load); written as IPC streams they pickle as plain bytes (0.67 ms), and
    reading them back wraps those bytes without copying (0.3 ms). Same schemas, same values."""

    streams: tuple[tuple[str, bytes | bytearray], ...]

    @classmethod
    def of(cls, tables: dict[str, pa.Table]) -> PackedTables:
        """Each table written as an IPC stream into a Python ``bytearray`` of its exact size: measured first
        by a ``MockOutputStream`` (no bytes copied), then written by a ``FixedSizeBufferWriter`` in C++.
        Its bytes are made once, in Python's memory (an Arrow ``BufferOutputStream`` grew by doubling in
        Arrow's pool and left the worker ~5 MB larger). An ``io.BytesIO`` sink took a Python ``write`` call
        per buffer: ~14k instructions a hand (callgrind, worker path), now ~1k."""
        streams = []
        for name, table in tables.items():
            schema = table.schema
            mock = pa.MockOutputStream()
            with pa.ipc.new_stream(mock, schema) as writer:
                writer.write_table(table)
            data = bytearray(mock.size())
            with pa.ipc.new_stream(pa.FixedSizeBufferWriter(pa.py_buffer(data)), schema) as writer:
                writer.write_table(table)
            streams.append((name, data))
        return cls(tuple(streams))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled with its streams as ``bytes``: a ``bytearray`` pickles as ``bytes`` anyway (the same copy
        here) but is unpickled by copying those ``bytes`` once more into a new ``bytearray``; unpickled as
        ``bytes`` the importing process reads them as they come (callgrind, the importing process of a
        20,000-hand import with 2 jobs: that second copy was ~3k instructions a hand)."""
        return PackedTables, (tuple((name, bytes(data)) for name, data in self.streams),)

    def tables(self) -> dict[str, pa.Table]:
        return {name: pa.ipc.open_stream(pa.py_buffer(data)).read_all() for name, data in self.streams}


def process_hands_packed(texts: Sequence[HandText], file: str, tentative_last: bool = False,
                         settled: bool = False) -> tuple[PackedTables, bool]:
    """``process_hands`` for a pool worker: its tables packed for the trip back (``PackedTables``)."""
    tables, kept = process_hands(texts, file, tentative_last, settled)
    return PackedTables.of(tables), kept


SPOOL_BUFFER = 1 << 20
"""Bytes a spooling worker gathers before each write to its file (one system call per MB, not per Arrow buffer)."""


@dataclass(frozen=True, slots=True)
class SpooledTables:
    """A batch's tables as Arrow IPC streams in a file a local pool worker wrote (``process_hands_spooled``),
    each stream's table, offset and size. The importing process maps the file and reads the tables from the
    map without copying them (``tables``), where a result sent through the pool's pipe was copied there
    several times (read in pieces into a growing buffer, then unpickled into ``bytes``). Measured with
    1,000-hand results of the corpus (callgrind, per hand): the receiving process 7.2k fewer instructions (the
    copies), a worker's packing and pickling 19.0k -> 5.0k (no measuring pass, no ``bytes`` copy, no pickled
    streams); timed, the receiving process's CPU (system time included) ~5.5-13 -> ~2.3 ms a result. Same
    schemas, same values. Peak PSS of ``benchmarks/import.py``'s 2-job import of 50,000 hands (a loaded VM,
    two runs each) 386 and 377 MB against 344 and 404 MB through the pipe: no difference past the noise."""

    path: str
    streams: tuple[tuple[str, int, int], ...]

    @classmethod
    def write(cls, tables: dict[str, pa.Table], path: str) -> SpooledTables:
        """Each table written as an IPC stream into the new file ``path`` (removed again if writing fails)."""
        streams = []
        try:
            with pa.OSFile(path, "wb") as raw, pa.BufferedOutputStream(raw, SPOOL_BUFFER) as sink:
                for name, table in tables.items():
                    start = sink.tell()
                    with pa.ipc.new_stream(sink, table.schema) as writer:
                        writer.write_table(table)
                    streams.append((name, start, sink.tell() - start))
        except BaseException:
            _remove(path)
            raise
        return cls(path, tuple(streams))

    def tables(self) -> dict[str, pa.Table]:
        """The tables, read from a memory map of the file, which is removed at once: the map (and so the
        tables) stays valid until the last of them is freed."""
        try:
            data = pa.memory_map(self.path).read_buffer()
        finally:
            _remove(self.path)
        return {name: pa.ipc.open_stream(data.slice(offset, size)).read_all() for name, offset, size in self.streams}


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def process_hands_spooled(texts: Sequence[HandText], file: str, spool: str, tentative_last: bool = False,
                          settled: bool = False) -> tuple[SpooledTables, bool]:
    """``process_hands`` for a local pool worker: its tables written to the file ``spool`` (``SpooledTables``)."""
    tables, kept = process_hands(texts, file, tentative_last, settled)
    return SpooledTables.write(tables, spool), kept


def process_cut(spec: ByteRange,
                spool: str | None = None) -> tuple[SpooledTables | PackedTables, bool, int, str | None]:
    """A worker's job for a range of whole hands the importer cut by bytes (``ranges.read_cut``): the hands read
    and split here, then ``process_hands``'s work, the tables written to the file ``spool`` (a worker on the
    importer's machine: ``SpooledTables``) or else packed for the trip back (``PackedTables``). Also returns how
    many hands the range held and the note of its first hand decoded with another codec (``reader.codec_note``),
    which the importer did not split to learn."""
    texts = read_cut(spec)
    tables, kept = process_hands(texts, spec.path, False, spec.settled)
    note = next((codec_note(text, spec.path).message for text in texts if text.codec is not None), None)
    return (PackedTables.of(tables) if spool is None else SpooledTables.write(tables, spool)), kept, len(texts), note


def add_result(columns: Columns, result: PieceResult, text: Any = None) -> None:
    """One read result into its rows: ``replay_of`` then ``add_replayed``."""
    add_replayed(columns, result, replay_of(result), text)


def replay_of(result: PieceResult) -> Replay | Exception | None:
    """The replay of a read hand (``None`` for any other result). A replay crash is returned, not raised:
    one bad hand never stops an import (``add_replayed`` records it)."""
    if not isinstance(result, Hand):
        return None
    try:
        return replay(result)
    except Exception as exc:  # noqa: BLE001 - one bad hand never stops an import
        return exc


def add_replayed(columns: Columns, result: PieceResult, replayed: Replay | Exception | None,
                 text: Any = None) -> None:
    """One read result and its replay (``replay_of``) into its rows (a tournament summary into
    ``tournaments`` and its results); a replay crash keeps the hand and records an ``internal.replay``
    reject with the raw text, so nothing is lost and the bug is visible."""
    if isinstance(result, Hand):
        if isinstance(replayed, Exception):
            log.warning("replay failed on %s:%s: %r", result.source.file, result.source.line, replayed)
            add_internal_reject(columns, result, "internal.replay", f"replay failed: {replayed!r}",
                                getattr(text, "text", ""))
            replayed = None
        add_hand(columns, result, replayed)
    elif isinstance(result, Skipped):
        add_skipped(columns, result)
    elif isinstance(result, TournamentSummary):
        add_summary(columns, result)
    else:
        add_reject(columns, result)


def concat_batches(batches: Sequence[dict[str, pa.Table]]) -> dict[str, pa.Table]:
    """Consecutive batches as one, to be stored in one transaction (fewer, larger statements). Each
    batch's ``_hand_ix`` is its own row number in ``hands``; after the first they are shifted by the hands
    before them, so they stay the row numbers of the joined ``hands``."""
    if len(batches) == 1:
        return batches[0]
    joined: dict[str, pa.Table] = {}
    for name in batches[0]:
        parts, offset = [], 0
        for tables in batches:
            table = tables[name]
            if offset and name in HAND_LEVEL and table.num_rows:
                at = table.schema.get_field_index(HAND_IX)
                table = table.set_column(at, HAND_IX, pc.add(table.column(at), pa.scalar(offset, pa.int32())))
            parts.append(table)
            offset += tables["hands"].num_rows
        joined[name] = pa.concat_tables(parts)
    return joined


def process_file_bytes(data: bytes, file: str, start_offset: int = 0, start_line: int = 1,
                       head: bytes = b"", settled: bool = False) -> FileBatch:
    """The whole per-file work as a pure function: ``data`` is the file from ``start_offset`` on
    (``head`` its first bytes, for the encoding and format when ``start_offset > 0``). Returns the tables
    of every whole hand and where the next read must start; an unfinished last hand is left out
    (``pending``). ``settled``: the file is final, so a last hand that reads is kept even when its text
    does not prove it whole (``process_hands``). A file that holds no hand gives empty tables and
    ``file_skipped``."""
    head = head or data[:HEAD_BYTES]
    found = inspect(head)
    if isinstance(found, FileSkipped):
        tables, _ = process_hands((), file)
        return FileBatch(file, tables, start_offset, start_offset, start_line, 0, found.reason)
    texts = list(found.split(io.BytesIO(data), head, start_offset, start_line))
    note = next((codec_note(t, file).message for t in texts if t.codec is not None), None)
    tentative = bool(texts) and not texts[-1].complete
    tables, kept = process_hands(texts, file, tentative, settled)
    if not kept:
        texts.pop()
    end, end_line = (texts[-1].end_offset, texts[-1].next_line) if texts else (start_offset, start_line)
    return FileBatch(file, tables, start_offset, end, end_line, start_offset + len(data) - end, note=note)
