"""Import hand-history files into the store: incremental, parallel and crash-safe.

The pipeline, top to bottom (DESIGN §1, §9):

1. main process: read the file, check that the prefix read last time is unchanged (else read it again
   from the start), split the new bytes into hands; an incomplete last hand is left for the next run;
2. a process pool: parse and replay each chunk of hands and build Arrow tables (``process_hands``);
3. main process, in file order: write each chunk's tables and the file's new progress in ONE
   transaction (``Store.write_batch``).

``process_file_bytes`` is steps 1-2 as one pure function (bytes in, Arrow tables out) so the same work
can be mapped over a cluster engine and its tables written as Parquet.
"""

from __future__ import annotations

import gc
import hashlib
import logging
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa

from badugi.analytics import pipeline
from badugi.analytics.rows import Columns, add_hand, add_internal_reject, add_reject, add_skipped
from badugi.analytics.store import BatchOutcome, Progress, Store
from badugi.engine.record import Hand
from badugi.parsers.results import ParseFailure, Skipped

log = logging.getLogger(__name__)

CHUNK_HANDS = 2000
"""Hands per pool task and per committed batch: big enough to amortise a transaction, small enough to
keep memory flat and lose little work to a crash."""

WINDOW_BYTES = 4 << 20
"""Bytes read from a file at a time by the main process."""


# ---- the pure per-file work ----------------------------------------------------------------------


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


def process_hands(texts: Sequence[Any], file: str) -> dict[str, pa.Table]:
    """Parse and replay whole hands (the splitter's ``HandText``s) into one batch of Arrow tables.

    The cyclic garbage collector is paused for the batch: building it allocates hundreds of thousands
    of small acyclic objects, and the collector's repeated scans of them cost more than the work."""
    columns = Columns()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        for text in texts:
            for result in pipeline.read_hand_text(text, file):
                add_result(columns, result, text)
        return columns.to_arrow()
    finally:
        if was_enabled:
            gc.enable()


def add_result(columns: Columns, result: Hand | Skipped | ParseFailure, text: Any = None) -> None:
    """One read result into its rows; a replay crash keeps the hand and records an ``internal.replay``
    reject with the raw text, so nothing is lost and the bug is visible."""
    if isinstance(result, Hand):
        try:
            replay = pipeline.replay_hand(result)
        except Exception as exc:  # noqa: BLE001 - one bad hand never stops an import
            log.warning("replay failed on %s:%s: %r", result.source.file, result.source.line, exc)
            add_internal_reject(columns, result, "internal.replay", f"replay failed: {exc!r}",
                                getattr(text, "text", ""))
            replay = None
        add_hand(columns, result, replay)
    elif isinstance(result, Skipped):
        add_skipped(columns, result)
    else:
        add_reject(columns, result)


def process_file_bytes(data: bytes, file: str, start_offset: int = 0, start_line: int = 1,
                       head: bytes = b"") -> FileBatch:
    """The whole per-file work as a pure function: ``data`` is the file from ``start_offset`` on
    (``head`` its first bytes, for the encoding when ``start_offset > 0``). Returns the tables of every
    whole hand and where the next read must start."""
    split = pipeline.split_hands(data, file, start_offset, start_line, head or data[:pipeline.HEAD_BYTES],
                                 final=True)
    tables = process_hands(split.texts, file)
    return FileBatch(file, tables, start_offset, split.end_offset, split.end_line,
                     start_offset + len(data) - split.end_offset)


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

    def add(self, outcome: BatchOutcome) -> None:
        self.hands_read += outcome.hands_read
        self.hands_stored += outcome.hands_stored
        self.duplicates += outcome.duplicates
        self.rejects += outcome.rejects
        self.violations += outcome.violations
        for reason, n in outcome.skipped_reasons.items():
            self.skipped[reason] = self.skipped.get(reason, 0) + n

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.path, "hands_read": self.hands_read, "hands_stored": self.hands_stored,
                "duplicates": self.duplicates, "skipped": dict(sorted(self.skipped.items())),
                "rejects": self.rejects, "violations": self.violations, "bytes_read": self.bytes_read,
                "pending_bytes": self.pending_bytes, "rewritten": self.rewritten, "error": self.error}


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
        }

    def to_dict(self) -> dict[str, Any]:
        return {"totals": self.totals(), "files": [f.to_dict() for f in self.files]}


ProgressCallback = Callable[[str, int, int], None]
"""``(file, bytes newly done, hands newly done)`` after each committed batch."""


def find_files(paths: Iterable[str | Path]) -> list[Path]:
    """Every regular file under the given files and folders (recursive, sorted, hidden names skipped)."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            for sub in sorted(path.rglob("*")):
                rel = sub.relative_to(path).parts
                if sub.is_file() and not any(part.startswith(".") for part in rel) and pipeline.wanted(sub):
                    found.append(sub)
        elif path.is_file():
            found.append(path)
        else:
            from badugi.errors import BadInput

            raise BadInput(f"no such file or folder: {path}")
    # one entry per file even when folders overlap
    return list(dict.fromkeys(p.resolve() for p in found))


def new_bytes_total(store: Store, files: Sequence[Path]) -> int:
    """Bytes not yet read in these files (for a progress bar's total; a rewritten file counts whole)."""
    total = 0
    for path in files:
        state = store.file_state(str(path))
        size = path.stat().st_size
        total += size if state is None or size < state.bytes_read else size - state.bytes_read
    return total


@dataclass(frozen=True, slots=True)
class _Task:
    """One chunk of one file's whole hands, with where the file stands once it is committed."""

    texts: tuple[Any, ...]
    progress: Progress
    new_bytes: int
    report: FileReport


def _plan(store: Store, path: Path, report: FileReport, batch_hands: int) -> Iterator[_Task]:
    """Split one file's new bytes into tasks (main process; nothing is written here). The file is read
    in windows, so memory does not grow with its size; bytes after the last whole hand are carried to
    the next window, and at the end of the file they are the unfinished hand left for the next run."""
    name = str(path)
    state = store.file_state(name)
    with path.open("rb") as fh:
        size = os.fstat(fh.fileno()).st_size
        head = fh.read(pipeline.HEAD_BYTES)
        hasher = hashlib.blake2b(digest_size=16)
        start, line, restart = 0, 1, False
        if state is not None and state.bytes_read:
            if size >= state.bytes_read and _hash_prefix(fh, state.bytes_read, hasher) == state.prefix_hash:
                start, line = state.bytes_read, state.lines_read + 1
            else:
                log.info("%s changed before byte %d: reading it again from the start", name, state.bytes_read)
                hasher = hashlib.blake2b(digest_size=16)
                restart = report.rewritten = True
        if start == size and not restart:
            return
        fh.seek(start)
        buffer, buffer_start, done, first_task = b"", start, start, True
        while True:
            block = fh.read(WINDOW_BYTES)
            buffer += block
            split = pipeline.split_hands(buffer, name, buffer_start, line, head, final=not block)
            texts = split.texts
            for first in range(0, len(texts), batch_hands):
                chunk = tuple(texts[first:first + batch_hands])
                if first + batch_hands < len(texts):
                    end, end_line = _boundary(chunk[-1], texts[first + batch_hands])
                else:
                    end, end_line = split.end_offset, split.end_line
                hasher.update(memoryview(buffer)[done - buffer_start:end - buffer_start])
                progress = Progress(name, max(size, end), end, end_line - 1, hasher.copy().hexdigest(),
                                    restart and first_task)
                yield _Task(chunk, progress, end - done, report)
                first_task, done = False, end
            if split.end_offset > done:  # only separators consumed since the last hand (no task to carry them)
                hasher.update(memoryview(buffer)[done - buffer_start:split.end_offset - buffer_start])
                done = split.end_offset
            buffer = buffer[split.end_offset - buffer_start:]
            buffer_start, line = split.end_offset, split.end_line
            if not block:
                break
    report.pending_bytes = len(buffer)
    if restart and first_task:  # rewritten and nothing whole in it yet: still forget the old rows
        yield _Task((), Progress(name, size, done, line - 1, hasher.hexdigest(), True), done - start, report)


def _boundary(piece: Any, following: Any) -> tuple[int, int]:
    """Where a batch ending with ``piece`` leaves the file: the next hand's start when it follows the
    piece (separators included), else the piece's own end (a Merge game whose text carries a
    description line placed before it) at the line after its last one."""
    if following.offset >= piece.end_offset:
        return following.offset, following.first_line
    return piece.end_offset, piece.first_line + piece.text.count("\n")


def _hash_prefix(fh: Any, length: int, hasher: Any) -> str:
    """Feed the file's first ``length`` bytes to ``hasher`` (in windows) and return the digest so far."""
    fh.seek(0)
    left = length
    while left:
        block = fh.read(min(WINDOW_BYTES, left))
        if not block:
            break
        hasher.update(block)
        left -= len(block)
    return hasher.hexdigest()


def _tasks(store: Store, files: Sequence[Path], report: ImportReport, batch_hands: int) -> Iterator[_Task]:
    """Every task of every file, in file order; a file that cannot be read gets an error line."""
    for path in files:
        file_report = FileReport(str(path))
        report.files.append(file_report)
        try:
            yield from _plan(store, path, file_report, batch_hands)
        except OSError as exc:
            file_report.error = f"cannot read: {exc.strerror or exc}"


def import_files(store: Store, files: Sequence[Path], *, jobs: int = 1,
                 on_progress: ProgressCallback | None = None, executor: Executor | None = None,
                 batch_hands: int = CHUNK_HANDS) -> ImportReport:
    """Import ``files`` into ``store``. ``jobs > 1`` parses and replays in a process pool (tasks of all
    files in flight together); writing stays in this process, in file order, one transaction per chunk."""
    report = ImportReport()
    own_pool = executor is None and jobs > 1
    pool = make_pool(jobs) if own_pool else executor

    def commit(task: _Task, tables: dict[str, pa.Table]) -> None:
        outcome = store.write_batch(tables, task.progress)
        task.report.add(outcome)
        task.report.bytes_read += task.new_bytes
        if on_progress:
            on_progress(task.progress.path, task.new_bytes, outcome.hands_read)

    try:
        if pool is None:
            for task in _tasks(store, files, report, batch_hands):
                commit(task, process_hands(task.texts, task.progress.path))
        else:
            window: deque[tuple[_Task, Future[dict[str, pa.Table]]]] = deque()
            for task in _tasks(store, files, report, batch_hands):
                window.append((task, pool.submit(process_hands, task.texts, task.progress.path)))
                if len(window) >= 2 * jobs + 1:
                    done, future = window.popleft()
                    commit(done, future.result())
            while window:
                done, future = window.popleft()
                commit(done, future.result())
    finally:
        if own_pool and pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    report.files = [f for f in report.files if f.hands_read or f.rejects or f.skipped or f.error
                    or f.pending_bytes or f.rewritten]
    return report


def make_pool(jobs: int) -> ProcessPoolExecutor:
    """A process pool whose workers start from a clean server process (never a fork of a process that
    holds DuckDB threads) with the parsers already imported."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["badugi.analytics.importer"])
    return ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_ignore_sigint)


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the main process, which stops cleanly between batches."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))
