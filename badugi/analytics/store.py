"""The embedded DuckDB store: where it lives, opening it (with migrations) and writing import batches.

A batch is everything one slice of one file produced (Arrow tables from ``rows``) plus where that slice
ends. ``Store.write_batch`` writes all of it and moves the file's progress in ONE transaction, so a
crash at any moment leaves the database either before or after the batch, never in between: rerunning
the import then continues from the last committed byte and ends with the same database.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from badugi.analytics.columnar import column_values
from badugi.analytics.declare import HAND_NUMBER, Table, rebuild
from badugi.analytics.rows import HAND_IX
from badugi.analytics.schema import FILE_TABLES, HAND_KEY, HAND_TABLES, ORDER_BY, TABLES, migrate
from badugi.analytics.sharing import (
    DEFAULT_WAIT_S,
    READER_NOTICE_AFTER_S,
    REOPEN_NOTICE_AFTER_S,
    LockFile,
    OnWait,
    Patience,
    connect_as_reader,
    holder_of,
    is_lock_conflict,
    let_readers_through,
    readers_lock_path,
    readers_waiting,
    take_writer_lock,
)
from badugi.analytics.tables import DECLARED
from badugi.analytics.tables.files import FILE, FILES
from badugi.analytics.tables.hands import HANDS
from badugi.errors import BadInput, StoreFailed

if TYPE_CHECKING:
    import polars as pl

DB_ENV = "BADUGI_DB"
CHECKPOINT_THRESHOLD = "64MB"
"""WAL size at which DuckDB folds the log into the database file. Each checkpoint recompresses the
partly filled last row group of every table, so with DuckDB's 16 MB default a long import rewrote the
same rows many times (checkpoints were half of an import's write time); 64 MB (~23,000 hands) costs no
measurable memory (the 128 MB buffer pool bounds it) and a crash replays at most that much log."""
ROW_GROUP_SIZE = 16_384
"""Rows per row group in what an import appends (DuckDB's default is 122,880). It is also the size at which a
transaction's rows of a table go straight into the file: at its commit DuckDB moves a table's new rows,
compressed once, when there are at least this many (or the table is empty); fewer are copied into the table,
written to the write-ahead log and compressed at the next checkpoint. A pool import's commit of
``importer.COMMIT_HANDS`` (17,000) pieces holds at least 16,384 rows of every hand-level table when at most
616 of its pieces are not hands; with 32,768-row groups and 16,000 hands, ``hands``, ``pots``, ``collects``
and ``showdowns`` took the log's way at every commit. Measured (callgrind, the importing process, 2 jobs, less
a 201-hand run): 20,000 hands 386.0k -> 369.5k instructions a hand, 50,000 hands ~398k -> 369.1k; peak PSS of
``benchmarks/import.py --jobs 2`` 398 MB at 50,000 hands, 389 MB at 400,000 (a loaded VM); peak PSS of its
one-process run (50,000 hands) 224 MB against 237 MB. The one-process import's 4,000-hand commits gain too
(``hand_players``, ``holdings`` and ``draws`` now fill a row group in one commit): its write path (callgrind,
five commits of 4,000 real hands and the closing checkpoint, less opening and closing an empty store) 340.7k
-> 279.8k instructions a hand, the file 15.2 -> 18.4 MB for those 20,000 hands; ``benchmarks/store_write.py
--row-groups 16384,32768`` (400,000 hands, a loaded VM) 25.5 and 28.2 s CPU against 30.7 and 29.5 s, the
writer's anonymous memory 112 -> 149 MB against 112 -> 127 MB, the file 302 against 261 MB. Before that
(4,000-hand commits, the log's way for most tables): a checkpoint recompresses the partly filled last row
group of every table, so with the default each checkpoint redid up to 120,000 rows per table and the cost grew
as the group filled (0.3 to 1.3 s per 25,000 hands). Smaller groups cost memory instead: DuckDB keeps every
appended row group's metadata while the file is open, so the writer grew ~8 MB per 100,000 hands with
16,384-row groups. Measured in an earlier round (``benchmarks/store_write.py``, 400,000 hands of real rows
written 4,000 at a time): 16,384 rows 21.9 s CPU, writer growing 113 -> 147 MB, 264 MB file; 32,768 rows
19.1-20.1 s, 107 -> 123 MB, 231 MB; 65,536 rows 26.5 s, 112 -> 118 MB, 215 MB."""
DB_NAME = "badugi.duckdb"


def data_dir() -> Path:
    """badugi's own data folder, ``$XDG_DATA_HOME/badugi`` (``~/.local/share/badugi``): the one folder
    the commands create when it is missing."""
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home).expanduser() / "badugi"


def default_db_path() -> Path:
    """``$BADUGI_DB``, else ``$XDG_DATA_HOME/badugi/badugi.duckdb`` (``~/.local/share/badugi/...``)."""
    env = os.environ.get(DB_ENV)
    if env:
        return Path(env).expanduser()
    return data_dir() / DB_NAME


def resolve_db_path(db: str | Path | None) -> Path:
    """The ``--db`` option if given, else the default."""
    return Path(db).expanduser() if db else default_db_path()


@dataclass(frozen=True, slots=True)
class FileState:
    """What the store knows about one file: how far it has been read and the hash of that prefix."""

    path: str
    size: int = 0
    bytes_read: int = 0
    lines_read: int = 0
    prefix_hash: str = ""
    hands_read: int = 0
    hands_stored: int = 0
    duplicates: int = 0
    skipped: int = 0
    rejects: int = 0
    violations: int = 0
    rewrites: int = 0
    skip_reason: str | None = None
    note: str | None = None
    summaries: int | None = None  # tournament summaries read (None: stored before schema version 6)


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a batch leaves its file: the new consumed byte/line counts and the hash of that prefix."""

    path: str
    size: int
    bytes_read: int
    lines_read: int
    prefix_hash: str
    restart: bool = False  # the file was rewritten: forget its rejects/skipped rows and counters first
    skip_reason: str | None = None  # the whole file holds no hand: why (then nothing of it is consumed)
    note: str | None = None  # said once about the file (kept from the first batch that says it)


@dataclass(frozen=True, slots=True)
class BatchOutcome:
    """What one written batch changed."""

    hands_read: int
    hands_stored: int
    duplicates: int
    skipped: int
    rejects: int
    violations: int
    skipped_reasons: dict[str, int]
    reject_codes: dict[str, int] = field(default_factory=dict)
    violation_codes: dict[str, int] = field(default_factory=dict)  # faults and notices (not undetermined)
    summaries: int = 0  # tournament summaries read


WRITE_MEMORY_LIMIT = "48MB"
"""DuckDB's buffer pool when writing: an import only appends, so pages are rarely read back, and the rows
not yet checkpointed spill to the temporary folder past it. Measured on 200,000 hands with 2 jobs: the
importer's peak PSS 448 MB with 64 MB against 493 MB with 128 MB, in the same time; on the write path
alone (``benchmarks/store_write.py``, 400,000 hands): 48 MB holds ~10 MB less than 64 MB for the same
CPU (21.0-21.6 s against 20.1-21.7 s), 32 MB ~13 MB less but 24.6-24.9 s (it spills and reads back)."""

BLOCK_ALLOCATOR = "block_allocator_memory"
"""The writer sets DuckDB's ``block_allocator_memory`` to its memory limit: the buffer pool's blocks then
come from memory DuckDB keeps (at most that much, mapped once) instead of being allocated and given back
to the system again and again. An import appends and checkpoints through a small buffer pool, so blocks
come and go all the time, each new one costing page faults (the kernel zeroing its pages). Measured on
50,000 mixed-corpus hands with 2 jobs: the importing process's page faults 226,000-244,000 -> 137,000-149,000
and its CPU 4.70-4.86 s -> 4.53-4.61 s (system time 0.68-0.71 -> 0.52-0.56 s), peak RSS +3 MB (236-239 ->
239-242 MB); the write path alone (12 commits of 4,000 hands) 41.7-43.8 -> 37.8-41.0 us a hand."""

VACUUM_TASKS = 0
"""The writer's ``max_vacuum_tasks`` (DuckDB's default 100): a checkpoint does not merge a table's partly
filled row groups into fewer. Each commit of a pool import leaves one such group per table (the rows
after its last whole row group, written at the commit), and merging them meant appending those rows
again and compressing them once more at the closing checkpoint. Measured (callgrind, the importing
process of a 20,000-hand import with 2 jobs): ~403k -> ~391k instructions a hand. The rows and their
order are the same; a table keeps up to one partly filled group per commit (a few hundred small groups
in a 400,000-hand import), and deleted rows (a rewritten file's) are not compacted."""

REOPEN_HANDS = 50_000
"""The writer closes the database file after a commit once this many hands were stored since it opened it
(``write_batch``); the next use opens it again. DuckDB keeps the metadata of every row group a connection
appended (each column's segments and statistics) for as long as the file stays open, and a file opened again
loads a table's row groups only when a query needs them: the writer's memory stayed flat instead of growing
with the hands stored. Measured on the write path alone (commits of 17,000 mixed-corpus hands, as a pool
import makes them): DuckDB's heap grew 0.82 MB a commit (~4.8 MB per 100,000 hands), so the importing
process of ``benchmarks/import.py --jobs 2`` held ~17 MB more at 400,000 hands than at 50,000. Closing and
opening again (the closing checkpoint, reading the file's catalogue, the next batch's duplicate check
loading the key columns' row groups again) costs ~0.05 s CPU per 50,000 hands; callgrind, the write path of
6 such commits (102,000 hands): 14,965.0M -> 14,991.1M instructions, ~0.5k a hand (the importing process
spends ~221k a hand)."""

READ_MEMORY_LIMIT = "128MB"
"""DuckDB's buffer pool for queries (stats, leaks, reports, export); it spills to disk past this."""


class TableReader:
    """What the DuckDB store and the Parquet archive read alike, through their DuckDB connection ``con``."""

    con: duckdb.DuckDBPyConnection

    def table(self, name: str) -> pl.DataFrame:
        """A whole table in a stable order (for tests, export and small reports). Polars is imported here,
        not with the module: an import (the writer) never needs it, and it costs ~25 MB of memory."""
        import polars as pl

        if name not in TABLES:
            raise BadInput(f"unknown table {name!r}; tables: {', '.join(TABLES)}")
        return pl.from_arrow(self.con.sql(f"SELECT * FROM {name} ORDER BY {ORDER_BY[name]}").to_arrow_table())

    def count(self, name: str) -> int:
        return int(self.con.execute(f"SELECT count(*) FROM {name}").fetchall()[0][0])


def _insert_sql(table: Table) -> str:
    names = ", ".join(f'"{name}"' for name in table.insert_columns)
    if table.keyed is not None:  # the hand's number: its ``_hand_ix`` plus the batch's first number (``?``)
        return (f'INSERT INTO {table.stored_name} ({names}, "{HAND_NUMBER}") SELECT {names}, {HAND_IX} + ? '
                "FROM batch_rows")
    if table.stored_name == table.name:  # stored in declared order
        return f"INSERT INTO {table.name} SELECT {names} FROM batch_rows"
    return f"INSERT INTO {table.stored_name} ({names}) SELECT {names} FROM batch_rows"


_INSERTS = {table.name: _insert_sql(table) for table in DECLARED}
"""Each table's insert of a batch's rows (registered as ``batch_rows``)."""
_KEYED = frozenset(table.name for table in DECLARED if table.keyed is not None)


class Store(TableReader):
    """One open DuckDB database with the badugi schema. Use as a context manager.

    A writable store holds the writer's lock (``sharing``) from opening to closing, but the database file
    itself only while it uses it: ``let_readers_in`` closes the file when readers are waiting, and the next
    use opens it again. A read-only store retries while a writer has the file."""

    def __init__(self, path: str | Path, *, read_only: bool = False, memory_limit: str | None = "auto",
                 threads: int | None = 1, wait: float = DEFAULT_WAIT_S, on_wait: OnWait | None = None) -> None:
        """``memory_limit`` and ``threads`` bound DuckDB: an import writes batches from one process while
        the parser processes use the cores, so one writer thread and a small buffer pool suffice.
        ``"auto"``: ``WRITE_MEMORY_LIMIT`` or ``READ_MEMORY_LIMIT``; ``None``: DuckDB's own default.
        ``wait``: seconds to wait whenever another process has the database (then ``DatabaseBusy``);
        ``on_wait`` is told, once per wait, who it waits for."""
        self.path = Path(path)
        self.read_only = read_only
        self.wait = wait
        self.on_wait = on_wait
        if not read_only:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        elif not self.path.exists():
            raise BadInput(f"no database at {self.path} (run `badugi import` first)")
        config: dict[str, Any] = {} if read_only else {"checkpoint_threshold": CHECKPOINT_THRESHOLD,
                                                       "max_vacuum_tasks": VACUUM_TASKS}
        if memory_limit == "auto":
            memory_limit = READ_MEMORY_LIMIT if read_only else WRITE_MEMORY_LIMIT
        if memory_limit:
            config["memory_limit"] = memory_limit
            if not read_only:  # the writer's buffer pool reuses its blocks' memory (``BLOCK_ALLOCATOR``)
                config[BLOCK_ALLOCATOR] = memory_limit
        if threads:
            config["threads"] = threads
        self._writer: LockFile | None = None
        self._queue: LockFile | None = None
        self._attached = False
        self._migrated = False
        self._next_hand: int | None = None  # the number the next stored hand gets (``declare.Keyed``)
        self._stored_since_open = 0  # hands stored since the file was opened (``REOPEN_HANDS``)
        if read_only:
            patience = Patience(self.path, wait, on_wait, READER_NOTICE_AFTER_S)
            try:
                self._con = connect_as_reader(self.path, config, patience)
            except duckdb.Error as exc:
                raise BadInput(f"cannot open database {self.path}: {exc}") from None
            # DuckDB's own progress bar would write to stdout, which holds the command's data
            self._con.execute("SET enable_progress_bar = false")
            return
        patience = Patience(self.path, wait, on_wait)
        try:
            self._writer = take_writer_lock(self.path, patience)
        except OSError as exc:
            raise BadInput(f"cannot lock database {self.path}: {exc.strerror or exc}") from None
        try:
            self._queue = LockFile.open(readers_lock_path(self.path))
            # the file is attached to an in-memory database, for the row group size (an ATTACH option, not
            # kept in the file); spills go where DuckDB puts them for a database file (not ./.tmp)
            self._con = duckdb.connect(":memory:", config={**config, "temp_directory": f"{self.path}.tmp"})
            self._con.execute("SET enable_progress_bar = false")
            self._attach(patience)
        except BaseException:
            self.close()
            raise

    @property
    def con(self) -> duckdb.DuckDBPyConnection:
        """The connection, with the database file open (opened again if ``let_readers_in`` closed it)."""
        if not self.read_only and not self._attached:
            self._attach(Patience(self.path, self.wait, self.on_wait, REOPEN_NOTICE_AFTER_S))
        return self._con

    def _attach(self, patience: Patience) -> None:
        """Open the file, retrying while others have it; meanwhile hold the readers' queue, so that
        readers who come later wait for this writer's turn instead of keeping it out."""
        quoted = str(self.path).replace("'", "''")
        if self._queue is not None:
            let_readers_through(self._queue)  # those already queued open the file first
        try:
            while True:
                try:
                    self._con.execute(f"ATTACH '{quoted}' AS badugi (ROW_GROUP_SIZE {ROW_GROUP_SIZE})")
                    break
                except duckdb.Error as exc:
                    if not is_lock_conflict(exc):
                        raise BadInput(f"cannot open database {self.path}: {exc}") from None
                    patience.pause(holder_of(self.path, exc))
        finally:
            if self._queue is not None:
                self._queue.unlock()
        self._con.execute("USE badugi")
        self._attached = True
        self._stored_since_open = 0
        if not self._migrated:
            migrate(self._con)
            self._migrated = True

    def _detach(self) -> None:
        """Close the database file (DuckDB checkpoints it) and release DuckDB's lock on it."""
        if self._attached:
            self._attached = False
            self._con.execute("USE memory")
            self._con.execute("DETACH badugi")

    def checkpoint(self) -> None:
        """Fold the write-ahead log into the database file now (what closing it does otherwise)."""
        self.con.execute("CHECKPOINT")

    def let_readers_in(self) -> None:
        """Between batches: if readers are waiting for the file, close it so they can open it. The next
        use of ``con`` opens it again once they are done (waiting up to ``wait``); until then any reader
        gets in at once. Costs one ``flock`` call when nobody waits."""
        if self._queue is not None and self._attached and readers_waiting(self._queue):
            self._detach()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the database and drop the locks (idempotent)."""
        con = getattr(self, "_con", None)
        try:
            if con is not None:
                try:
                    self._detach()
                finally:
                    con.close()
        finally:
            self._attached = False
            for lock in (self._queue, self._writer):
                if lock is not None:
                    lock.close()
            self._queue = self._writer = None

    # ---- reading -------------------------------------------------------------------------------

    def file_state(self, path: str) -> FileState | None:
        names = [name for name, _ in FILES.back(FILE)]
        rows = self.con.execute(f"SELECT {', '.join(names)} FROM files WHERE path = ?", [path]).fetchall()
        return rebuild(FileState, FILES.back(FILE), dict(zip(names, rows[0]))) if rows else None

    # ---- writing -------------------------------------------------------------------------------

    def write_batch(self, tables: dict[str, pa.Table], progress: Progress) -> BatchOutcome:
        """Store one batch and the file's progress atomically. Hands already stored (same room and hand
        id, from this batch or earlier) are counted as duplicates and none of their rows are written.
        Once ``REOPEN_HANDS`` hands are stored since the file was opened, it is closed after the commit
        (the next use opens it again), so DuckDB's metadata of the row groups appended is let go."""
        con = self.con
        con.execute("BEGIN TRANSACTION")
        try:
            outcome = self._write(tables, progress)
            con.execute("COMMIT")
            if self._next_hand is not None:  # (the numbers of duplicates are left unused)
                self._next_hand += tables["hands"].num_rows
            self._stored_since_open += outcome.hands_stored
        except BaseException as exc:
            self._next_hand = None  # read again from the store
            try:
                con.execute("ROLLBACK")
            except duckdb.Error:
                pass  # a failed commit or a fatal error has already ended the transaction
            if isinstance(exc, duckdb.Error) and not isinstance(exc, duckdb.InterruptException):
                raise StoreFailed(f"{self.path}: could not store the hands of {progress.path} read up to byte "
                                  f"{progress.bytes_read}: {exc}; every batch committed before is kept: run the "
                                  f"import again to go on") from exc
            raise
        if self._stored_since_open >= REOPEN_HANDS:
            self._detach()  # (the next use of ``con`` opens the file again)
        return outcome

    def _first_hand(self) -> int:
        """The number the batch's first hand gets: one past the store's highest (kept between batches: only
        this writer stores hands while it holds the writer's lock; ``write_batch`` moves it on at each commit
        and forgets it on a failure)."""
        if self._next_hand is None:
            found = self.con.execute(f'SELECT max("{HAND_NUMBER}") FROM {HANDS.stored_name}').fetchall()[0][0]
            self._next_hand = 0 if found is None else int(found) + 1
        return self._next_hand

    def _write(self, tables: dict[str, pa.Table], progress: Progress) -> BatchOutcome:
        if progress.restart:
            for name in FILE_TABLES:
                self.con.execute(f"DELETE FROM {name} WHERE file = ?", [progress.path])
        hands = tables["hands"]
        hands_read = hands.num_rows
        new = self._new_hands(hands) if hands_read else []
        if len(new) < hands_read:  # some duplicates: keep only the rows of the new hands
            keep = pa.array(new, pa.int32())
            tables = {name: (table.filter(pc.is_in(table.column(HAND_IX), value_set=keep))
                             if name in HAND_TABLES else table)
                      for name, table in tables.items()}
        first = self._first_hand() if hands_read else 0
        for name in (*HAND_TABLES, *FILE_TABLES):
            self._insert(name, tables[name], first)
        undetermined = tables["violations"].column("undetermined").to_pylist()
        violation_codes = Counter(code for code, unsure in zip(tables["violations"].column("code").to_pylist(),
                                                                 undetermined) if not unsure)
        outcome = BatchOutcome(
            hands_read=hands_read, hands_stored=len(new), duplicates=hands_read - len(new),
            skipped=tables["skipped"].num_rows, rejects=tables["rejects"].num_rows,
            violations=undetermined.count(False),
            skipped_reasons=dict(Counter(tables["skipped"].column("reason").to_pylist())),
            reject_codes=dict(Counter(tables["rejects"].column("code").to_pylist())),
            violation_codes=dict(violation_codes),
            summaries=tables["tournaments"].num_rows,
        )
        self._advance(progress, outcome)
        return outcome

    def _new_hands(self, hands: pa.Table) -> list[int]:
        """The ``_hand_ix`` of the first copy of each hand in the batch that the store does not hold.
        The store lookup is an equality semi-join, so DuckDB pushes the batch's key range into the scan
        of ``hands`` and its zone maps skip the row groups that cannot match (hand ids mostly grow): the
        cost stays flat as the store grows, where an anti-join read every stored key."""
        self.con.register("batch_hands", hands.select([*HAND_KEY, HAND_IX]))
        try:
            stored = {ix for (ix,) in self.con.execute(
                f"SELECT b.{HAND_IX} FROM batch_hands b SEMI JOIN {HANDS.stored_name} h "
                "ON h.room = b.room AND h.room_hand_id = b.room_hand_id").fetchall()}
        finally:
            self.con.unregister("batch_hands")
        if not stored and pc.count_distinct(hands.column("room_hand_id")).as_py() == hands.num_rows:
            # no hand id twice in the batch (nor null), none stored: every row is a new hand (the usual batch;
            # the keys are not made Python objects: ~1.2 us a hand)
            return hands.column(HAND_IX).to_pylist()
        first: dict[tuple[str, str], int] = {}
        keys = zip(hands.column("room").to_pylist(), hands.column("room_hand_id").to_pylist())
        for ix, key in zip(hands.column(HAND_IX).to_pylist(), keys):
            first.setdefault(key, ix)
        return [ix for ix in first.values() if ix not in stored]

    def _insert(self, name: str, table: pa.Table, first: int) -> None:
        """Append an Arrow table's rows to the store table of the same columns (extra columns ignored); a
        table with flags: its batch's columns into its stored table (``declare.Flags``); a keyed table: with
        each row's hand number, ``first`` plus its ``_hand_ix`` (``declare.Keyed``)."""
        if not table.num_rows:
            return
        self.con.register("batch_rows", table)
        try:
            if name in _KEYED:
                self.con.execute(_INSERTS[name], [first])
            else:
                self.con.execute(_INSERTS[name])
        finally:
            self.con.unregister("batch_rows")

    def _advance(self, progress: Progress, outcome: BatchOutcome) -> None:
        old = self.file_state(progress.path)
        base = FileState(path=progress.path, rewrites=old.rewrites + 1) if (old and progress.restart) else old
        state = FileState(
            path=progress.path, size=progress.size, bytes_read=progress.bytes_read, lines_read=progress.lines_read,
            prefix_hash=progress.prefix_hash, hands_read=outcome.hands_read, hands_stored=outcome.hands_stored,
            duplicates=outcome.duplicates, skipped=outcome.skipped, rejects=outcome.rejects,
            violations=outcome.violations, skip_reason=progress.skip_reason, note=progress.note,
            summaries=outcome.summaries)
        if base is not None:  # the counts add up; a note is kept until a rewrite forgets it
            state = replace(
                state, hands_read=base.hands_read + state.hands_read,
                hands_stored=base.hands_stored + state.hands_stored, duplicates=base.duplicates + state.duplicates,
                skipped=base.skipped + state.skipped, rejects=base.rejects + state.rejects,
                violations=base.violations + state.violations, rewrites=base.rewrites,
                summaries=(base.summaries or 0) + outcome.summaries,
                note=progress.note if progress.note is not None or progress.restart else base.note)
        values = column_values(FILES, [state], 1)
        names = [name for name in FILES.names if name != "path"]
        if base is None:
            self.con.execute(f"INSERT INTO files (path, {', '.join(names)}) VALUES (?{', ?' * len(names)})",
                             [state.path, *(values[name][0] for name in names)])
        else:
            self.con.execute(f"UPDATE files SET {', '.join(f'{name} = ?' for name in names)} WHERE path = ?",
                             [*(values[name][0] for name in names), state.path])

    # ---- summaries -----------------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """Totals over the whole store: tables' row counts and hands by room."""
        counts = {name: self.count(name) for name in TABLES}
        rooms = dict(self.con.execute("SELECT room, count(*) FROM hands GROUP BY room ORDER BY room").fetchall())
        return {"database": str(self.path), "tables": counts, "hands_by_room": rooms}
