"""One database file, several commands: one import at a time, and readers between the import's batches.

DuckDB lets one process write a database file or any number of processes read it, never both at once
(it locks the file and refuses a conflicting open at once). So that ``badugi stats`` works while an
import (or ``import --watch``) runs, the processes take turns through two lock files beside the database:

- ``<db>.lock``: a writer holds it exclusively for as long as it has the store open, and writes its
  process id into it, so a second writer waits its turn and can say whose turn it is;
- ``<db>.readers.lock``: a reader that finds the database file locked holds this one shared while it
  retries. Between batches the writer tries it exclusively: when that fails, readers are waiting, so the
  writer closes the database file. When it needs the file again, it first waits until the queued readers
  have opened it, then holds this lock exclusively until it has the file back (retrying while readers
  read), so readers who come later queue behind it and a steady stream of them cannot keep it out.

Both are ``flock`` locks, which the kernel drops with the process: after a ``kill -9`` nothing is left
held and nothing needs cleaning up (the empty files stay). Every wait is bounded: past it, ``DatabaseBusy``
says who holds the database.
"""

from __future__ import annotations

import fcntl
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import duckdb

from badugi.errors import DatabaseBusy

DEFAULT_WAIT_S = 60.0
"""How long a command waits for the database by default (``--wait``)."""

READER_NOTICE_AFTER_S = 1.0
"""A reader says it is waiting only past this: it usually gets in at the import's next batch boundary,
well within it."""

REOPEN_NOTICE_AFTER_S = 5.0
"""A writer opening the file again after readers says it is waiting only past this: readers' queries
usually take less, and ``import --watch`` beside a tracker polling stats should not fill its stderr."""

READERS_GRACE_S = 5.0
"""How long a writer that stepped aside waits for the queued readers to open the file. They only open a
file (milliseconds); the limit covers a reader stopped while queued (Ctrl-Z), whose turn is then lost."""

FIRST_PAUSE_S = 0.01
LONGEST_PAUSE_S = 0.1
"""Retry pauses grow from the first to the longest: a reader gets in within this of the file's release."""

OnWait = Callable[[str], None]
"""Told once, with a line such as ``waiting for the import in process 123...``, when a wait begins."""

_PID = re.compile(r"\(PID (\d+)\)")


def writer_lock_path(db: Path) -> Path:
    return db.with_name(db.name + ".lock")


def readers_lock_path(db: Path) -> Path:
    return db.with_name(db.name + ".readers.lock")


def is_lock_conflict(exc: duckdb.Error) -> bool:
    """DuckDB refused to open the file because another process has it open in a conflicting mode."""
    return isinstance(exc, duckdb.IOException) and "Could not set lock" in str(exc)


def conflicting_pid(exc: duckdb.Error) -> int | None:
    """The process DuckDB names in its lock error (``... is held in /usr/bin/python3 (PID 123) ...``)."""
    found = _PID.search(str(exc))
    return int(found.group(1)) if found else None


@dataclass(frozen=True, slots=True)
class Holder:
    """Who has the database: a badugi import (its lock file names it) or another process DuckDB named."""

    pid: int | None
    is_import: bool

    def waiting(self) -> str:
        if self.is_import:
            return f"waiting for the import in process {self.pid}..." if self.pid else (
                "waiting for another import...")
        return f"waiting for process {self.pid}, which has the database open..." if self.pid else (
            "waiting for another process, which has the database open...")

    def busy(self, db: Path, waited: float) -> str:
        if self.is_import:
            who = (f"the import in process {self.pid}" if self.pid else "another import") + " is writing to it"
        else:
            who = f"process {self.pid} has it open" if self.pid else "another process has it open"
        gave_up = f"gave up after {waited:g} s" if waited else "did not wait"
        return f"database {db} is busy: {who} ({gave_up})"


class LockFile:
    """An ``flock`` on one file beside the database (created if missing). Each instance is its own open
    file description, so two instances conflict even within one process."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd
        self.held = False

    @classmethod
    def open(cls, path: Path) -> LockFile:
        """Raises OSError when the file can neither be created nor opened."""
        return cls(path, os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666))

    @classmethod
    def open_if_possible(cls, path: Path) -> LockFile | None:
        """For readers, who may not be allowed to create files beside the database: ``flock`` needs no
        write access, so an existing file opened read-only serves; without one, ``None``."""
        try:
            return cls.open(path)
        except OSError:
            try:
                return cls(path, os.open(path, os.O_RDONLY | os.O_CLOEXEC))
            except OSError:
                return None

    def try_lock(self, *, shared: bool = False) -> bool:
        assert self._fd is not None
        try:
            fcntl.flock(self._fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        self.held = True
        return True

    def unlock(self) -> None:
        if self._fd is not None and self.held:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
        self.held = False

    def write_pid(self) -> None:
        """Name this process as the holder (read by whoever waits)."""
        assert self._fd is not None
        os.ftruncate(self._fd, 0)
        os.pwrite(self._fd, f"{os.getpid()}\n".encode(), 0)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # drops the lock too
            self._fd = None
        self.held = False


def import_pid(db: Path) -> int | None:
    """The process id the current (or last) writer wrote into ``<db>.lock``."""
    try:
        text = writer_lock_path(db).read_text(encoding="ascii", errors="replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def holder_of(db: Path, exc: duckdb.Error) -> Holder:
    """Who DuckDB says holds the file; an import when it is the process named in ``<db>.lock``."""
    pid = conflicting_pid(exc)
    return Holder(pid, pid is not None and pid == import_pid(db))


class Patience:
    """Retrying until a deadline: pauses that grow from ``FIRST_PAUSE_S`` to ``LONGEST_PAUSE_S``, one
    waiting line (after ``notice_after`` seconds), and ``DatabaseBusy`` once ``wait`` seconds are over."""

    def __init__(self, db: Path, wait: float, on_wait: OnWait | None, notice_after: float = 0.0) -> None:
        self.db = db
        self.wait = max(0.0, wait)
        self.on_wait = on_wait
        self.notice_after = notice_after
        self.started = time.monotonic()
        self.pause_s = FIRST_PAUSE_S
        self.told = False

    def pause(self, holder: Holder) -> None:
        """Sleep before the next try, or raise ``DatabaseBusy`` naming ``holder`` when time is up."""
        waited = time.monotonic() - self.started
        if waited >= self.wait:
            raise DatabaseBusy(holder.busy(self.db, self.wait), pid=holder.pid)
        if not self.told and waited >= self.notice_after and self.on_wait is not None:
            self.on_wait(holder.waiting())
            self.told = True
        time.sleep(min(self.pause_s, self.wait - waited))
        self.pause_s = min(self.pause_s * 1.5, LONGEST_PAUSE_S)


def take_writer_lock(db: Path, patience: Patience) -> LockFile:
    """``<db>.lock``, exclusively, with this process named in it; waits for another writer's turn."""
    lock = LockFile.open(writer_lock_path(db))
    try:
        while not lock.try_lock():
            patience.pause(Holder(import_pid(db), is_import=True))
        lock.write_pid()
    except BaseException:
        lock.close()
        raise
    return lock


def connect_as_reader(db: Path, config: dict[str, object], patience: Patience) -> duckdb.DuckDBPyConnection:
    """A read-only connection, retried while a writer has the file; queued in ``<db>.readers.lock`` so
    the writer steps aside at its next batch boundary."""
    queue = LockFile.open_if_possible(readers_lock_path(db))
    try:
        while True:
            if queue is not None and not queue.held and not queue.try_lock(shared=True):
                patience.pause(Holder(import_pid(db), is_import=True))  # the writer is opening it again
                continue
            try:
                return duckdb.connect(str(db), read_only=True, config=config)
            except duckdb.Error as exc:
                if not is_lock_conflict(exc):
                    raise
                patience.pause(holder_of(db, exc))
    finally:
        if queue is not None:
            queue.close()


def readers_waiting(queue: LockFile) -> bool:
    """True when some reader holds the queue (it is waiting for the file); otherwise nothing is held."""
    if queue.try_lock():
        queue.unlock()
        return False
    return True


def let_readers_through(queue: LockFile) -> bool:
    """Before the writer opens the file: wait until the readers queued for it have opened it, then hold
    the queue (readers who come later wait behind the writer) and return True; False if they took too
    long (the queue is then not held)."""
    deadline = time.monotonic() + READERS_GRACE_S
    while not queue.try_lock():
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.005)
    return True
