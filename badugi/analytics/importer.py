"""Import hand-history files into the store: incremental, parallel and crash-safe.

The pipeline, top to bottom (DESIGN §1, §9):

1. main process: check that the prefix read last time is unchanged (else read the file again from the
   start) and split the new bytes into hands, streaming; an unfinished last hand waits for the next run;
2. a process pool: parse and replay each chunk of hands and build Arrow tables (``batch.process_hands``);
   a local pool's workers (and a ``local:N`` cluster's) leave them as Arrow IPC files beside the database, read
   here from a memory map (``batch.SpooledTables``);
3. main process, in file order: write each chunk's tables and the file's new progress in ONE
   transaction (``Store.write_batch``).

``batch.process_file_bytes`` is steps 1-2 as one pure function (bytes in, Arrow tables out) so the same
work can be mapped over a cluster engine and its tables written as Parquet.
"""

from __future__ import annotations

import ctypes
import dataclasses
import gc
import hashlib
import itertools
import logging
import os
import shutil
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa

from badugi.analytics.batch import (FileBatch, PackedTables, SpooledTables, add_result, concat_batches,
                                   process_cut, process_file_bytes, process_hands, process_hands_packed,
                                   process_hands_spooled)
from badugi.analytics.pool import default_jobs, make_pool
from badugi.analytics.ranges import ByteRange, byte_range, is_settled, next_cut, process_range
from badugi.analytics.store import BatchOutcome, Progress, Store
from badugi.engine.violations import INFORMATIONAL
from badugi.parsers.folders import find_files  # noqa: F401 - here too: importer.find_files
from badugi.parsers.reader import HEAD_BYTES, HandStarts, codec_note, cuts_by_bytes, inspect
from badugi.parsers.results import FileSkipped, HandText

log = logging.getLogger(__name__)

__all__ = ["CHUNK_HANDS", "COMMIT_HANDS", "ONE_PROCESS_COMMIT_HANDS", "FileBatch", "FileReport", "ImportReport", "add_result", "default_jobs", "find_files",
           "import_files", "make_pool", "new_bytes_total", "process_file_bytes", "process_hands"]

CHUNK_HANDS = 1000
"""Hands per pool task: small enough to keep workers' memory flat and the pool busy."""

COMMIT_HANDS = 17_000
"""Hands per committed batch at most with a pool: consecutive tasks of one file are stored in one
transaction; a crash loses at most that much work (the next run reads it again). Large commits cost the
importing process much less: DuckDB writes a table's rows straight into the database file, compressed,
once a transaction appends a whole row group of them (``store.ROW_GROUP_SIZE``), where smaller appends go
to the write-ahead log, are copied into the table and compressed again at each checkpoint; with 4,000
hands only ``actions`` filled a row group. Measured on 50,000 mixed-corpus hands with 2 jobs (three runs
each): the importing process's CPU 5.10-5.41 s with 4,000 hands, 4.54-4.69 s with 8,000, 4.06-4.17 s with
16,000; the peak PSS of the importer and its workers 366-369, 374-378 and 407-414 MB (the importer holds
the run's tables until it commits). 17,000 rather than 16,000: enough rows of every hand-level table for
DuckDB to move them into the file compressed at the commit (``store.ROW_GROUP_SIZE``)."""

ONE_PROCESS_COMMIT_HANDS = 4000
"""Hands per committed batch in one process (``import_file``): there each batch is also one task whose
texts and tables the process holds (and the writer thread the one before), so a larger batch costs
memory fast (50,000 hands: peak 233 MB with 4,000, 346 MB with 16,000)."""

WRITER_SWITCH_INTERVAL_S = 0.001
"""Python's thread switch interval while a writer thread runs (the default is 5 ms). The writer takes the GIL
back after each DuckDB call; until the reading thread lets it go (asked, it waits out the interval), the write
stands still, and DuckDB's work with it. In one process each of a 50,000-hand import's 12 writes ran so long
that the reading thread then waited 0.04-0.08 s for it; at 1 ms none but the last waits (0.5 ms: the same)."""


class _SwitchInterval:
    """The switch interval lowered while any writer thread runs and given back when the last one closes (two
    imports in threads of one program may end in either order)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.writers = 0
        self.saved = 0.0

    def lower(self) -> None:
        with self.lock:
            if not self.writers:
                self.saved = sys.getswitchinterval()
                sys.setswitchinterval(min(self.saved, WRITER_SWITCH_INTERVAL_S))
            self.writers += 1

    def give_back(self) -> None:
        with self.lock:
            self.writers -= 1
            if not self.writers:
                sys.setswitchinterval(self.saved)


_SWITCH_INTERVAL = _SwitchInterval()

IN_FLIGHT_PER_JOB = 2
"""Tasks submitted to the pool per job (plus one) before the oldest result is waited for."""

LOOKAHEAD_TASKS = 6
"""With a pool, tasks' results taken in while the run before them is still being written (by the writer
thread, ``_Writer``): the workers keep working through a commit instead of waiting for this process to take
their results, at the cost of holding that many more tasks' tables."""

TAIL_HANDS = CHUNK_HANDS
"""In one process, a file's last hands (fewer than a batch) go in tasks of this many (``_plan``): the last task's write
is what the reading thread waits for at the end, with nothing else to do (a 4,000-hand batch's write and the
checkpoint before it ~1 s of a loaded VM's 20,000-hand import); the tasks before it are written meanwhile."""

WINDOW_BYTES = 4 << 20
"""Bytes read from a file at a time by the main process."""


RANGE_TASKS = 3
"""With a cluster (``import_files(by_range=True)``), the ranges cut by bytes are about this many first tasks long
(``_plan``'s ``cut_tasks``; a file's first task and its tail stay ``batch_hands`` hands). Each task costs the
cluster's event loops CPU whatever its size (submitted, scheduled, reported, its result fetched): 90,000 hands
in 1,000-hand tasks, ~0.78 s of the client's event-loop thread (the scheduler of a ``local:2`` cluster runs there)
and ~0.30 s of each worker's; in ~3,000-hand ranges 0.39 and 0.16 s."""


# ---- the import run --------------------------------------------------------------------------------


@dataclass
class FileReport:
    """One file's accounting for this run."""

    path: str
    hands_read: int = 0
    hands_stored: int = 0
    duplicates: int = 0
    skipped: dict[str, int] = field(default_factory=dict)
    rejects: int = 0
    violations: int = 0
    bytes_read: int = 0
    pending_bytes: int = 0
    rewritten: bool = False
    error: str | None = None
    file_skipped: str | None = None  # the whole file holds no hand: why
    note: str | None = None  # said once about the file (read as cp1252, ...)
    reject_codes: dict[str, int] = field(default_factory=dict)
    violation_codes: dict[str, int] = field(default_factory=dict)  # faults and notices (hand.cancelled, ...)
    summaries: int = 0  # tournament summaries read (a summary that does not read is a reject)

    def add(self, outcome: BatchOutcome) -> None:
        self.hands_read += outcome.hands_read
        self.summaries += outcome.summaries
        self.hands_stored += outcome.hands_stored
        self.duplicates += outcome.duplicates
        self.rejects += outcome.rejects
        self.violations += outcome.violations
        for into, counts in ((self.skipped, outcome.skipped_reasons), (self.reject_codes, outcome.reject_codes),
                             (self.violation_codes, outcome.violation_codes)):
            for key, n in counts.items():
                into[key] = into.get(key, 0) + n

    @property
    def faults(self) -> int:
        """Violations that fault a hand (informational notices such as ``hand.cancelled`` left out)."""
        return sum(n for code, n in self.violation_codes.items() if code not in INFORMATIONAL)

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.path, "hands_read": self.hands_read, "hands_stored": self.hands_stored,
                "duplicates": self.duplicates, "skipped": dict(sorted(self.skipped.items())),
                "rejects": self.rejects, "violations": self.violations, "bytes_read": self.bytes_read,
                "pending_bytes": self.pending_bytes, "rewritten": self.rewritten, "error": self.error,
                "file_skipped": self.file_skipped, "note": self.note, "summaries": self.summaries,
                "reject_codes": dict(sorted(self.reject_codes.items())),
                "violation_codes": dict(sorted(self.violation_codes.items()))}


@dataclass
class ImportReport:
    """A whole run: one report per file that had anything new (or an error)."""

    files: list[FileReport] = field(default_factory=list)

    def totals(self) -> dict[str, Any]:
        skipped: dict[str, int] = {}
        for f in self.files:
            for reason, n in f.skipped.items():
                skipped[reason] = skipped.get(reason, 0) + n
        return {
            "files": len(self.files),
            "hands_read": sum(f.hands_read for f in self.files),
            "hands_stored": sum(f.hands_stored for f in self.files),
            "duplicates": sum(f.duplicates for f in self.files),
            "skipped": dict(sorted(skipped.items())),
            "rejects": sum(f.rejects for f in self.files),
            "violations": sum(f.violations for f in self.files),
            "bytes_read": sum(f.bytes_read for f in self.files),
            "pending_bytes": sum(f.pending_bytes for f in self.files),
            "errors": sum(1 for f in self.files if f.error),
            "files_skipped": sum(1 for f in self.files if f.file_skipped),
            "summaries": sum(f.summaries for f in self.files),
        }

    def to_dict(self) -> dict[str, Any]:
        return {"totals": self.totals(), "files": [f.to_dict() for f in self.files]}


ProgressCallback = Callable[[str, int, int], None]
"""``(file, bytes newly done, hands newly done)`` after each committed batch."""


def new_bytes_total(store: Store, files: Sequence[Path]) -> int:
    """Bytes not yet read in these files (for a progress bar's total; a rewritten file counts whole, a
    file skipped whole and unchanged since counts nothing)."""
    total = 0
    for path in files:
        state = store.file_state(str(path))
        try:
            size = path.stat().st_size
        except OSError:  # gone or unreadable: the import reports it as the file's error
            continue
        if state is not None and state.skip_reason is not None and state.size == size:
            continue
        total += size if state is None or size < state.bytes_read else size - state.bytes_read
    return total


@dataclass(frozen=True, slots=True)
class _Task:
    """One chunk of one file's whole hands, with where the file stands once it is committed."""

    texts: tuple[HandText, ...]
    progress: Progress
    new_bytes: int
    report: FileReport
    fallback: Progress | None = None  # the progress if the tentative last hand is not kept
    start: int = 0  # where the split of these hands resumed (offset, line): a worker reading the file
    start_line: int = 1  # itself starts there (``ranges.ByteRange``)
    hands: int = -1  # how many hands (-1: ``len(texts)``; set when the texts are not kept)
    settled: bool = False  # the file had not changed for ``ranges.SETTLE_SECONDS`` (``batch.process_hands``)
    # the prefix hashes of ``progress`` and ``fallback`` while a hash thread computes them (their own ``prefix_hash``
    # is left empty until ``hashed``): ``_PrefixHasher.later``
    later: tuple[Future[str], Future[str] | None] | None = None
    # cut by bytes (``_cut_by_bytes``): the range a worker (a local pool's, a cluster's) reads and splits itself;
    # ``hands`` is then what the worker found (``counted``)
    cut: ByteRange | None = None
    # the file's note is settled as results come in, in file order (``noted``): this task's own (its first hand
    # decoded with another codec; a cut's comes from its worker)
    note: str | None = None
    note_later: bool = False

    def __post_init__(self) -> None:
        if self.hands < 0:
            object.__setattr__(self, "hands", len(self.texts))

    def hashed(self, progress: Progress) -> Progress:
        """``progress`` (this task's or its ``fallback``) with its prefix hash (waited for, if it is computed
        in a hash thread)."""
        if self.later is None:
            return progress
        future = self.later[1] if progress is self.fallback and self.later[1] is not None else self.later[0]
        return dataclasses.replace(progress, prefix_hash=future.result())

    def counted(self, hands: int, note: str | None) -> _Task:
        """A cut's task once its worker has read it: how many hands, and its note."""
        return dataclasses.replace(self, hands=hands, note=note)

    def noted(self) -> _Task:
        """This task with the file's note as it stands after its hands (the first note of this task or one
        before it, in file order): what the split of the whole file in order gave (``_plan``)."""
        report = self.report
        if report.note is None:
            report.note = self.note
        if report.note is None:
            return self
        fallback = self.fallback and dataclasses.replace(self.fallback, note=report.note)
        return dataclasses.replace(self, progress=dataclasses.replace(self.progress, note=report.note),
                                   fallback=fallback, note_later=False)

    def byte_range(self) -> ByteRange:
        return byte_range(self.progress.path, self.texts, self.start, self.start_line, self.fallback is not None,
                          self.settled)


PREFIX_DIGEST_BYTES = 16
"""The prefix hash: BLAKE2b with a 16-byte digest (``hashlib.blake2b(digest_size=16)``), hex."""

SODIUM_NAMES = ("libsodium.so.26", "libsodium.so.23", "libsodium.so", "libsodium.dylib", "libsodium.26.dylib",
                "libsodium.23.dylib")
"""Where libsodium may be found (``_Sodium``)."""


class _Sodium:
    """libsodium's BLAKE2b (``crypto_generichash_blake2b``, its public API), when the system has the library: the
    same hash as ``hashlib.blake2b`` (RFC 7693; checked against it once when loaded), ~2.5x fewer instructions.
    CPython's ``hashlib`` compiles BLAKE2's reference code (scalar, ~1,690 instructions a 128-byte block), where
    libsodium picks an AVX2 or SSE4.1 version at run time. The prefix hash reads every byte of a file once, in
    the importing process: 26.5 MB of the mixed corpus (20,000 hands) hashed 365.6M instructions -> 148.1M
    (callgrind, the hashing alone), ~18.3k -> ~7.4k a hand. In the importing process of a 2-job import
    (``importer_path.py``, 20,000 hands less 200): ``hashlib``'s BLAKE2b -17.3k a hand, libsodium and ctypes
    +7.0k; the whole process 185.1k -> 179.2k a hand on a loaded VM (the rest of the difference is the
    interpreter's, +4.8k, not traced to a cause). ``None`` (``load``) where libsodium is missing: ``hashlib``."""

    def __init__(self, lib: ctypes.CDLL) -> None:
        self.lib = lib
        self.state_bytes = int(lib.crypto_generichash_blake2b_statebytes())
        for name, args in (("crypto_generichash_blake2b_init", (ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t,
                                                                ctypes.c_size_t)),
                           ("crypto_generichash_blake2b_update", (ctypes.c_void_p, ctypes.c_char_p,
                                                                  ctypes.c_ulonglong)),
                           ("crypto_generichash_blake2b_final", (ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t))):
            function = getattr(lib, name)
            function.argtypes, function.restype = args, ctypes.c_int
        self.init = lib.crypto_generichash_blake2b_init
        self.update = lib.crypto_generichash_blake2b_update
        self.final = lib.crypto_generichash_blake2b_final

    _loaded: _Sodium | None | bool = False

    @classmethod
    def load(cls) -> _Sodium | None:
        """The library, loaded once (``None``: not there, or it does not hash as ``hashlib`` does)."""
        if cls._loaded is False:
            cls._loaded = None
            if os.environ.get("BADUGI_PURE_PYTHON") != "1":  # (the tests' pure mode: ``hashlib`` alone)
                for name in SODIUM_NAMES:
                    try:
                        lib = ctypes.CDLL(name)
                        if lib.sodium_init() < 0:
                            continue
                        sodium = cls(lib)
                    except (OSError, AttributeError):
                        continue
                    probe = bytes(range(256)) * 5
                    hasher = _Blake2b(sodium)
                    hasher.update(probe[:100])
                    first = hasher.hexdigest()
                    hasher.update(probe[100:])
                    if (first, hasher.hexdigest()) == (
                            hashlib.blake2b(probe[:100], digest_size=PREFIX_DIGEST_BYTES).hexdigest(),
                            hashlib.blake2b(probe, digest_size=PREFIX_DIGEST_BYTES).hexdigest()):
                        cls._loaded = sodium
                        break
        return cls._loaded  # type: ignore[return-value]


class _Blake2b:
    """``hashlib.blake2b(digest_size=16)``'s ``update`` and ``hexdigest`` through libsodium (``_Sodium``). The
    state lives in memory aligned as libsodium's header declares it (64 bytes); ``hexdigest`` finishes a copy of
    it, so hashing goes on after it (as ``hashlib``'s). ctypes lets go of the GIL during each call, as
    ``hashlib`` does for large blocks."""

    def __init__(self, sodium: _Sodium) -> None:
        self.sodium = sodium
        size = sodium.state_bytes
        self.memory = ctypes.create_string_buffer(2 * size + 128)
        base = ctypes.addressof(self.memory)
        self.state = (base + 63) // 64 * 64
        self.scratch = (self.state + size + 63) // 64 * 64
        self.size = size
        if sodium.init(self.state, None, 0, PREFIX_DIGEST_BYTES) != 0:
            raise OSError("crypto_generichash_blake2b_init failed")

    def update(self, data: bytes, length: int = -1) -> None:
        """Hash ``data`` (its first ``length`` bytes; all if negative)."""
        n = len(data) if length < 0 else length
        if self.sodium.update(self.state, data, n) != 0:
            raise OSError("crypto_generichash_blake2b_update failed")

    def hexdigest(self) -> str:
        ctypes.memmove(self.scratch, self.state, self.size)
        out = ctypes.create_string_buffer(PREFIX_DIGEST_BYTES)
        if self.sodium.final(self.scratch, out, PREFIX_DIGEST_BYTES) != 0:
            raise OSError("crypto_generichash_blake2b_final failed")
        return out.raw.hex()


class _HashlibBlake2b:
    """``_Blake2b`` where libsodium is missing: ``hashlib``'s."""

    def __init__(self) -> None:
        self.hasher = hashlib.blake2b(digest_size=PREFIX_DIGEST_BYTES)

    def update(self, data: bytes, length: int = -1) -> None:
        self.hasher.update(data if length < 0 or length == len(data) else memoryview(data)[:length])

    def hexdigest(self) -> str:
        return self.hasher.hexdigest()


def prefix_hasher() -> _Blake2b | _HashlibBlake2b:
    """A new prefix hash (``PREFIX_DIGEST_BYTES``), libsodium's where the system has it (``_Sodium``)."""
    sodium = _Sodium.load()
    return _HashlibBlake2b() if sodium is None else _Blake2b(sodium)


class _PrefixHasher:
    """The hash of a file's first N bytes, advanced as batches commit (its own read handle, so the
    splitter streams undisturbed and nothing is held in memory).

    ``ahead`` (one process): the hashes of the tasks' ends are computed in a thread of its own (``later``),
    in order, while the reading thread goes on: the hash (``prefix_hasher``) lets go of the GIL while it hashes a
    block, as the file read does. Hashing there was 17.7k instructions a hand of the reading thread (callgrind, a
    9,000-hand one-process import less a 1,000-hand one, the reading thread: 537.3k a hand)."""

    def __init__(self, path: Path, ahead: bool = False) -> None:
        self.handle = path.open("rb")
        self.hasher = prefix_hasher()
        self.position = 0
        self.thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="badugi-hash") if ahead else None

    def later(self, offset: int) -> Future[str]:
        """The hash of the first ``offset`` bytes, computed in the hash thread after those asked for before."""
        assert self.thread is not None
        return self.thread.submit(self.advance, offset)

    def feed(self, block: bytes, length: int) -> str:
        """The hash once ``block[:length]``, the file's bytes from ``position`` on, is added (read by the caller)."""
        self.hasher.update(block, length)
        self.position += length
        self.handle.seek(self.position)  # (``advance`` reads on from there)
        return self.hasher.hexdigest()

    def advance(self, offset: int) -> str:
        while self.position < offset:
            block = self.handle.read(min(WINDOW_BYTES, offset - self.position))
            if not block:
                break
            self.hasher.update(block)
            self.position += len(block)
        return self.hasher.hexdigest()

    def close(self) -> None:
        """Close the file (in the hash thread, after the hashes asked for, which are still computed)."""
        if self.thread is None:
            self.handle.close()
        else:
            self.thread.submit(self.handle.close)
            self.thread.shutdown(wait=False)


def _plan(store: Store, path: Path, report: FileReport, batch_hands: int, hash_ahead: bool = False,
          tail_hands: int = 0, by_bytes: bool = False, cut_tasks: int = 1) -> Iterator[_Task]:
    """Cut one file's new bytes into tasks of whole hands (main process; nothing is written here). The
    splitters stream, so memory does not grow with the file; an unfinished last hand is not yielded
    and stays unread until the next run. A file that holds no hand is one task with no hands that
    records why (and is looked at again only when it changes). ``hash_ahead``: the tasks' prefix hashes
    are computed in a thread of their own (``_Task.later``). ``tail_hands``: once the rest of the file holds
    fewer than ``batch_hands`` hands (at the bytes a hand so far), tasks are cut at every ``tail_hands`` hands
    (``TAIL_HANDS``).

    ``by_bytes`` (a local pool, a cluster): after a first task of ``batch_hands`` hands, a UTF-8 text file
    (``reader.cuts_by_bytes``) is cut into ranges of about that task's size (``cut_tasks`` times it: a cluster's
    ``RANGE_TASKS``) at the next hand's first line (``_cut_by_bytes``), which the workers split themselves,
    until less than that is left, which is split here as before. The file's note is then settled as results come
    in (``_Task.noted``)."""
    name = str(path)
    state = store.file_state(name)
    with path.open("rb") as fh:
        stat = os.fstat(fh.fileno())
        size, settled = stat.st_size, is_settled(stat.st_mtime)
        head = fh.read(HEAD_BYTES)
        room = inspect(head)
        if isinstance(room, FileSkipped):
            head_hash = hashlib.blake2b(head, digest_size=16).hexdigest()
            if state is not None and state.skip_reason == room.reason and (state.size, state.prefix_hash) == (
                    size, head_hash):
                return
            report.file_skipped = room.reason
            yield _Task((), Progress(name, size, 0, 0, head_hash, state is not None and state.bytes_read > 0,
                                     skip_reason=room.reason), size, report)  # (its bytes are accounted for)
            return
        hasher = _PrefixHasher(path, hash_ahead)

        def prefix(offset: int) -> tuple[str, Future[str] | None]:
            """The hash of the file's first ``offset`` bytes, or ``""`` and its future from the hash thread."""
            return ("", hasher.later(offset)) if hash_ahead else (hasher.advance(offset), None)

        try:
            start, line, restart = 0, 1, False
            if state is not None and state.bytes_read:
                if size >= state.bytes_read and hasher.advance(state.bytes_read) == state.prefix_hash:
                    start, line = state.bytes_read, state.lines_read + 1
                else:
                    log.info("%s changed before byte %d: reading it again from the start", name, state.bytes_read)
                    hasher.close()
                    hasher = _PrefixHasher(path, hash_ahead)
                    restart = report.rewritten = True
            if start == size and not restart:
                return
            done, done_line, first_task, split = start, line, True, 0
            batch: list[HandText] = []
            fh.seek(start)
            cuts = by_bytes and not tail_hands and not hash_ahead and cuts_by_bytes(room, head)
            note = None  # (by bytes) the task's own note
            pieces: Iterator[HandText | _Task] = room.split(fh, head, start, line)
            if cuts:
                pieces = _pieces_and_cuts(pieces, room, fh, head, hasher, name, size, settled, report, start,
                                          batch_hands, cut_tasks)
            for piece in pieces:
                if type(piece) is _Task:  # a range cut by bytes
                    yield piece
                    first_task, done, done_line = False, piece.progress.bytes_read, piece.progress.lines_read + 1
                    continue
                if piece.codec is not None and (note if cuts else report.note) is None:
                    if cuts:
                        note = codec_note(piece, name).message
                    else:
                        report.note = codec_note(piece, name).message
                batch.append(piece)
                split += 1
                tentative = not piece.complete  # only ever the file's last piece
                if (len(batch) == batch_hands or tentative
                        or (tail_hands and not len(batch) % tail_hands and len(batch) < batch_hands
                            and (size - piece.end_offset) * split < (piece.end_offset - start) * batch_hands)):
                    break_after = tentative
                    fallback, fallback_later = None, None
                    if tentative:
                        before = (batch[-2].end_offset, batch[-2].next_line) if len(batch) > 1 else (done, done_line)
                        fallback_hash, fallback_later = prefix(before[0])
                        fallback = Progress(name, size, before[0], before[1] - 1, fallback_hash,
                                            restart and first_task, note=report.note)
                    end, end_line = piece.end_offset, piece.next_line
                    end_hash, end_later = prefix(end)
                    yield _Task(tuple(batch), Progress(name, max(size, end), end, end_line - 1, end_hash,
                                                      restart and first_task, note=report.note),
                                end - done, report, fallback, done, done_line, settled=settled,
                                later=None if end_later is None else (end_later, fallback_later), note=note,
                                note_later=cuts)
                    batch, first_task, done, done_line, note = [], False, end, end_line, None
                    if break_after:
                        return
            if batch or (restart and first_task):
                end, end_line = (batch[-1].end_offset, batch[-1].next_line) if batch else (done, done_line)
                end_hash, end_later = prefix(end)
                yield _Task(tuple(batch), Progress(name, max(size, end), end, end_line - 1, end_hash,
                                                  restart and first_task, note=report.note), end - done, report,
                            None, done, done_line, later=None if end_later is None else (end_later, None), note=note,
                            note_later=cuts)
                done = end
            report.pending_bytes = _unfinished_bytes(fh, done, size)
        finally:
            hasher.close()


def _pieces_and_cuts(pieces: Iterator[HandText], room: Any, fh: Any, head: bytes, hasher: _PrefixHasher, name: str,
                     size: int, settled: bool, report: FileReport, start: int,
                     batch_hands: int, cut_tasks: int = 1) -> Iterator[HandText | _Task]:
    """``_plan``'s pieces by bytes: the first ``batch_hands`` pieces of the split (``_plan`` makes them its first
    task), then ranges cut by bytes (``_cut_by_bytes``, as tasks), then the pieces of the rest, split again
    from where the last range ended."""
    last = None
    for count, piece in enumerate(pieces, 1):
        yield piece
        if count == batch_hands:
            last = piece
            break
    if last is None:
        return
    pieces.close()  # type: ignore[attr-defined]
    done, done_line = yield from _cut_by_bytes(fh, hasher, name, size, settled, report, last.end_offset,
                                               last.next_line, (last.end_offset - start) * cut_tasks)
    fh.seek(done)
    yield from room.split(fh, head, done, done_line)


def _cut_by_bytes(fh: Any, hasher: _PrefixHasher, name: str, size: int, settled: bool, report: FileReport,
                  done: int, done_line: int, target: int) -> Generator[_Task, None, tuple[int, int]]:
    """Tasks of whole hands of a UTF-8 text file from byte ``done`` (line ``done_line``, where a hand ended), each
    cut at the first line that starts a hand (``reader.HandStarts``) ``target`` bytes or more after its start, and
    ending where the hand before that line ends (past the blank lines before it: where the split of the whole
    file ends it). No hand is split here: each task's worker splits its range (``batch.process_cut``); this
    process reads the bytes once, to find the cuts, count the lines and hash the prefix. Returns where the rest of
    the file starts (too short for another cut, or with no hand's first line far enough on)."""
    starts = HandStarts()
    while done + target < size:
        found = next_cut(fh, starts, done, done_line, target)
        if found is None:
            return done, done_line  # no hand starts far enough on: the rest is split whole
        end, end_line, buffer, ended = found
        end_hash = hasher.feed(buffer, ended)
        yield _Task((), Progress(name, max(size, end), end, end_line - 1, end_hash), end - done, report, None, done,
                    done_line, settled=settled, note_later=True,
                    cut=ByteRange(name, done, done_line, end, end_line, -1, "", False, settled))
        done, done_line = end, end_line
    return done, done_line


def _unfinished_bytes(fh: Any, done: int, size: int) -> int:
    """Bytes after the last whole hand, unless they are only blank lines (and NULs of UTF-16)."""
    if size <= done:
        return 0
    fh.seek(done)
    tail = fh.read(min(size - done, WINDOW_BYTES))
    return 0 if not tail.strip(b" \t\r\n\x00\xef\xbb\xbf\xff\xfe") else size - done


def _tasks(store: Store, files: Sequence[Path], report: ImportReport, batch_hands: int,
           before_file: Callable[[], None], by_bytes: bool = False, cut_tasks: int = 1) -> Iterator[_Task]:
    """Every task of every file, in file order; a file that cannot be read gets an error line.
    ``before_file`` runs before a file's state is read from the store (the writer thread is done with it)."""
    for path in files:
        file_report = FileReport(str(path))
        report.files.append(file_report)
        try:
            before_file()
            yield from _plan(store, path, file_report, batch_hands, by_bytes=by_bytes, cut_tasks=cut_tasks)
        except OSError as exc:
            file_report.error = f"cannot read: {exc.strerror or exc}"


def import_files(store: Store, files: Sequence[Path], *, jobs: int = 1,
                 on_progress: ProgressCallback | None = None, executor: Executor | None = None,
                 batch_hands: int = CHUNK_HANDS, commit_hands: int | None = None, by_range: bool = False,
                 local_workers: bool = False) -> ImportReport:
    """Import ``files`` into ``store``. ``jobs > 1`` parses and replays in a process pool (tasks of all
    files in flight together); writing stays in this process, in file order, one transaction per run of
    consecutive tasks of one file (at most ``commit_hands`` hands). Readers waiting for the database get
    it between tasks, after a commit and while this process waits for parsed hands
    (``Store.let_readers_in``), so they wait about one task (``batch_hands``) at most.

    ``by_range``: the executor's workers read the files themselves (a cluster, ``analytics.cluster``):
    each task is sent as a ``ByteRange`` instead of its hands' text, and ``jobs`` is how many run at once.
    ``local_workers`` (with ``by_range``): those workers run on this machine (``--cluster local:N``), so they
    leave their tables in files beside the database as a local pool's do (``SpooledTables``) instead of
    sending them back through the cluster (a remote scheduler's workers may not see the database's folder).
    ``commit_hands`` defaults to ``COMMIT_HANDS`` with a pool, ``ONE_PROCESS_COMMIT_HANDS`` without."""
    report = ImportReport()
    own_pool = executor is None and jobs > 1
    pool = make_pool(jobs) if own_pool else executor
    if commit_hands is None:
        commit_hands = COMMIT_HANDS if pool is not None else ONE_PROCESS_COMMIT_HANDS
    spool: Path | None = None
    group: list[tuple[_Task, tuple[dict[str, pa.Table], bool]]] = []
    writer = _Writer(store, on_progress)

    def commit() -> None:
        """Store the waiting run of tasks and the file's progress after its last one (in the writer thread,
        once the run before it is stored)."""
        writer.write(list(group))
        group.clear()

    def done(task: _Task, result: tuple[dict[str, pa.Table], bool]) -> None:
        writer.poll()
        if not writer.busy():
            store.let_readers_in()  # every task (1,000 hands), not only every commit: readers wait less
        if group and group[0][0].progress.path != task.progress.path:
            commit()
        group.append((task, result))
        if task.fallback is not None or sum(t.hands for t, _ in group) >= commit_hands:
            commit()
        elif len(group) >= LOOKAHEAD_TASKS and writer.busy():
            writer.wait()  # hold no more tables while the run before is still being written

    try:
        if pool is None:  # one process: file by file, each task one transaction
            for path in files:
                report.files.append(import_file(store, path, batch_hands=commit_hands, on_progress=on_progress))
        else:
            window: deque[tuple[_Task, Future[tuple[dict[str, pa.Table] | PackedTables | SpooledTables,
                                                    bool]]]] = deque()
            # a local process pool's workers (or a cluster's on this machine) leave their tables in files here
            # (``SpooledTables``)
            spool = (_spool_dir(store) if (local_workers if by_range else isinstance(pool, ProcessPoolExecutor))
                     else None)
            numbers = itertools.count()

            def next_result() -> tuple[_Task, tuple[dict[str, pa.Table], bool]]:
                finished, future = window.popleft()
                if not future.done() and not writer.busy():
                    store.let_readers_in()
                tables, kept, *counted = future.result()
                if counted:
                    finished = finished.counted(*counted)
                if finished.note_later:
                    finished = finished.noted()
                return finished, (tables if isinstance(tables, dict) else tables.tables(), kept)

            # tasks cut by bytes (``_plan``) where the workers read the files (a cluster) or results come back
            # through the spool (the pool's ``process_hands_packed`` is sent the hands' text)
            for task in _tasks(store, files, report, batch_hands, writer.wait, by_bytes=by_range or spool is not None,
                               cut_tasks=RANGE_TASKS if by_range else 1):
                into = None if spool is None else str(spool / f"{next(numbers)}.arrow")
                if task.cut is not None:  # the worker reads (or splits) the range itself
                    future = pool.submit(process_cut, task.cut, into)
                elif by_range:  # the worker reads the bytes itself
                    future = pool.submit(process_range, task.byte_range(), into)
                elif into is not None:
                    future = pool.submit(process_hands_spooled, task.texts, task.progress.path, into,
                                         task.fallback is not None, task.settled)
                else:
                    # the tables come back as Arrow IPC streams: much cheaper to pickle (``PackedTables``)
                    future = pool.submit(process_hands_packed, task.texts, task.progress.path,
                                         task.fallback is not None, task.settled)
                # the text is not kept here: the pool holds it until the worker is done, then only the
                # result is needed (up to ``commit_hands`` hands' results wait for their commit)
                window.append((dataclasses.replace(task, texts=(), hands=len(task.texts)), future))
                if len(window) >= IN_FLIGHT_PER_JOB * jobs + 1:
                    done(*next_result())
            if group:
                # every task is handed out: the run waiting now is stored while the workers finish the
                # last ones, so only theirs (``IN_FLIGHT_PER_JOB * jobs + 1`` tasks) is written after the
                # last result, with the workers' cores idle. The last run (up to ``COMMIT_HANDS``) was
                # written whole then: 50,000 mixed-corpus hands with 2 jobs, ~0.67 s CPU of a ~8 s import.
                commit()
            while window:
                done(*next_result())
        if group:
            commit()
    except KeyboardInterrupt:  # keep what is already read: the run of tasks waiting is whole hands
        if group:
            commit()
        raise
    finally:
        try:
            writer.close()  # the run it holds is stored whole (its spooled results are read from the spool)
            if own_pool and pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
        finally:
            if spool is not None:  # results of tasks never waited for (an error, Ctrl-C)
                shutil.rmtree(spool, ignore_errors=True)
    report.files = [f for f in report.files if f.hands_read or f.rejects or f.skipped or f.error
                    or f.pending_bytes or f.rewritten or f.file_skipped or f.summaries]
    return report


def _spool_dir(store: Store) -> Path:
    """The folder beside the database where a local pool's workers write their results (``batch.SpooledTables``),
    emptied first: only the store's writer, this process, uses it, so what is there is a killed import's."""
    spool = Path(f"{store.path}.results").absolute()  # (the workers may not share this process's folder)
    shutil.rmtree(spool, ignore_errors=True)
    spool.mkdir(mode=0o700, parents=True, exist_ok=True)
    return spool


def import_file(store: Store, path: Path, *, batch_hands: int = ONE_PROCESS_COMMIT_HANDS,
                on_progress: ProgressCallback | None = None) -> FileReport:
    """One file, start to end, in this process: the whole pipeline on one screen (DESIGN §1). ``import_files``
    runs the same steps over many files, parsing in a process pool. Each task's rows are stored by a
    writer thread (``_Writer``) while this thread reads the next task: DuckDB releases the GIL while it
    inserts and commits, so the write runs on another core.

    The cyclic garbage collector is paused for the whole file, not only for each batch (``process_hands``):
    between batches it ran again while the next batch was split, and its first collection there went over
    every object the batch before had left alive (the readers' memos: up to ~54,000 objects, none of them
    garbage), then again in the older generations. A 10,000-hand import's collections freed nothing (the
    import makes no reference cycles: ``tests/cycles.py``); they were ~2.9k instructions a hand of the
    reading thread's ~434k (callgrind, a 10,000-hand one-process import less a 2,000-hand one, that thread)."""
    report = FileReport(str(path))
    started = time.perf_counter()
    was_enabled = gc.isenabled()
    gc.disable()  # the whole file, its split included (see above)
    try:
        writer = _Writer(store, on_progress, fold_log=True)
        try:
            # 1-2. what the file is, and its new bytes (after the prefix read last time) cut into whole hands
            for task in _plan(store, path, report, batch_hands, hash_ahead=True, tail_hands=TAIL_HANDS):
                writer.fold()  # the runs written before: their log folded into the file while this task is read
                # 3-5. each hand classified, parsed (or skipped), replayed, and turned into Arrow rows
                result = process_hands(task.texts, report.path, task.fallback is not None, task.settled)
                # 6. the rows and the file's new progress, in one transaction (once the previous one is done)
                writer.write([(task, result)])
        finally:
            writer.close()
    except OSError as exc:
        report.error = f"cannot read: {exc.strerror or exc}"
    finally:
        if was_enabled:
            gc.enable()
    log.info("%s: %d hands read, %d stored, %d skipped, %d summaries, %d rejects, %d violations in %.2f s", path,
             report.hands_read, report.hands_stored, sum(report.skipped.values()), report.summaries, report.rejects,
             report.violations, time.perf_counter() - started)
    return report


class _Writer:
    """Stores runs of tasks in order, one transaction each, in a thread of its own: at most one run is
    being written while the caller reads (or, with a pool, takes in) the next.

    ``fold_log`` (one process): once the caller has its next task (``fold``), the rows the runs before left in
    DuckDB's write-ahead log are folded into the file (``Store.checkpoint``) here, while the caller reads
    that task, so the store's closing checkpoint has only the last run's left to fold. Without it the close
    folded a whole file's (the log stays under ``store.CHECKPOINT_THRESHOLD``), after the last hand was read,
    with nothing else to do meanwhile: 50,000 mixed-corpus hands, the close 0.47 s CPU -> 0.03 s, each
    checkpoint ~0.07 s on the writer's core. The fold is asked for when the next task is known, not done
    before that task's write: the last write then has no checkpoint before it, which the reading thread
    waited for at the end with nothing else to do. A pool's importing process has no idle core to spare.

    Only this thread uses the store while a write is pending; the caller uses it again (``_plan`` reads
    the next file's state) only after ``wait`` or ``close``. A write's error is raised to the caller at its next
    ``write`` or at ``close``; on Ctrl-C (or any error) the caller closes the writer, which finishes the
    write it holds (whole hands, committed as before the thread existed) and nothing more. The progress
    callback runs in the caller's thread, once the write is committed."""

    def __init__(self, store: Store, on_progress: ProgressCallback | None, *, fold_log: bool = False) -> None:
        self.store = store
        self.on_progress = on_progress
        self.fold_log = fold_log
        self.unfolded = False  # (``fold_log``) a run was handed to the thread since the last fold
        self.pending: Future[tuple[str, int, int]] | None = None
        self.folding: Future[None] | None = None
        _SWITCH_INTERVAL.lower()  # given back at ``close``
        self.thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="badugi-writer")

    def write(self, run: list[tuple[_Task, tuple[dict[str, pa.Table], bool]]]) -> None:
        """Store ``run`` (consecutive tasks of one file) after the run before it (waits for that one first)."""
        self.wait()
        self.unfolded = True
        self.pending = self.thread.submit(self._store, run)

    def fold(self) -> None:
        """(``fold_log``) Another run is coming: fold the runs written before into the file, in the thread, after the
        pending write (the caller goes on at once)."""
        if self.fold_log and self.unfolded:
            self.unfolded = False
            self.folding = self.thread.submit(self._fold)

    def _fold(self) -> None:
        self.store.let_readers_in()
        self.store.checkpoint()

    def _store(self, run: list[tuple[_Task, tuple[dict[str, pa.Table], bool]]]) -> tuple[str, int, int]:
        self.store.let_readers_in()
        return _store_run(self.store, run, None)

    def busy(self) -> bool:
        """A write (or a fold) is still running (the caller must not use the store)."""
        return any(future is not None and not future.done() for future in (self.pending, self.folding))

    def poll(self) -> None:
        """Report a finished write's progress (or raise its error) without waiting."""
        if self.pending is not None and self.pending.done() and (self.folding is None or self.folding.done()):
            self.wait()

    def wait(self) -> None:
        """Wait for the pending write (raising its error) and report its progress, and for a fold asked for."""
        pending, self.pending = self.pending, None
        if pending is not None:
            done = pending.result()
            if self.on_progress:
                self.on_progress(*done)
        folding, self.folding = self.folding, None
        if folding is not None:
            folding.result()

    def close(self) -> None:
        """Finish the pending write, then end the thread (a second Ctrl-C does not stop the wait: the
        store is not closed while the thread still uses it)."""
        try:
            self.wait()
        finally:
            while True:
                try:
                    self.thread.shutdown(wait=True)
                    break
                except KeyboardInterrupt:
                    continue
            _SWITCH_INTERVAL.give_back()


def _store_run(store: Store, run: Sequence[tuple[_Task, tuple[dict[str, pa.Table], bool]]],
               on_progress: ProgressCallback | None) -> tuple[str, int, int]:
    """Store a run of consecutive tasks of one file (their tables and results) in one transaction, with
    the file's progress after the last; a tentative last hand that was not kept leaves the progress
    before it. Returns what ``on_progress`` is told: ``(file, new bytes, hands)``."""
    tables = concat_batches([result[0] for _, result in run])
    first, (last, (_, kept)) = run[0][0], run[-1]
    progress = last.hashed(last.progress if kept or last.fallback is None else last.fallback)
    if first.progress.restart:
        progress = dataclasses.replace(progress, restart=True)
    new_bytes = sum(task.new_bytes for task, _ in run) - (last.progress.bytes_read - progress.bytes_read)
    if last.fallback is not None:
        last.report.pending_bytes = 0 if kept else last.progress.size - progress.bytes_read
    outcome = store.write_batch(tables, progress)
    store.let_readers_in()
    last.report.add(outcome)
    last.report.bytes_read += new_bytes
    if on_progress:
        on_progress(progress.path, new_bytes, outcome.hands_read)
    return progress.path, new_bytes, outcome.hands_read
