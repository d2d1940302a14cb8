"""Several processes on one store: one writer at a time, readers let in between the writer's batches,
every wait bounded and ended by ``DatabaseBusy`` naming the holder, nothing left held after a kill -9."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest

from badugi.analytics.sharing import (
    Holder,
    LockFile,
    Patience,
    conflicting_pid,
    is_lock_conflict,
    readers_lock_path,
    writer_lock_path,
)
from badugi.analytics.store import Store
from badugi.errors import DatabaseBusy
from store_fixtures import batch, folded_hand, progress

ROOT = Path(__file__).resolve().parents[2]
DEADLINE_S = 60.0  # generous: a loaded 2-core machine starts a Python process in seconds, not minutes


def python(code: str, *args: str) -> subprocess.Popen[str]:
    """A child Python running ``code``; its first stdout line says when it is ready."""
    return subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'tests'}"})


def ready(proc: subprocess.Popen[str]) -> str:
    line = proc.stdout.readline() if proc.stdout else ""
    assert line, f"child exited early: {proc.stderr.read() if proc.stderr else ''}"
    return line.strip()


def stored_hands(store: Store) -> int:
    return store.count("hands")


def write_hands(store: Store, first: int, count: int, end: int) -> None:
    hands = [folded_hand(str(n)) for n in range(first, first + count)]
    store.write_batch(batch(*hands), progress(end=end))


def test_flock_files_conflict_per_open_file_and_drop_on_close(tmp_path: Path) -> None:
    path = tmp_path / "x.lock"
    one, two = LockFile.open(path), LockFile.open(path)
    assert one.try_lock() and not two.try_lock() and not two.try_lock(shared=True)
    one.unlock()
    assert two.try_lock(shared=True) and one.try_lock(shared=True) and not LockFile.open(path).try_lock()
    one.close()
    two.close()
    assert LockFile.open(path).try_lock()


def test_patience_says_once_whom_it_waits_for_then_gives_up_naming_it(tmp_path: Path) -> None:
    told: list[str] = []
    patience = Patience(tmp_path / "x.duckdb", 0.3, told.append)
    holder = Holder(4242, is_import=True)
    with pytest.raises(DatabaseBusy) as caught:
        while True:
            patience.pause(holder)
    assert told == ["waiting for the import in process 4242..."]
    assert str(caught.value) == (f"database {tmp_path / 'x.duckdb'} is busy: the import in process 4242 is "
                                 "writing to it (gave up after 0.3 s)")
    assert caught.value.pid == 4242
    with pytest.raises(DatabaseBusy, match=r"process 7 has it open \(did not wait\)$"):
        Patience(tmp_path / "x.duckdb", 0, None).pause(Holder(7, is_import=False))


def test_duckdbs_lock_error_is_recognised_and_names_the_holder(tmp_path: Path) -> None:
    db = tmp_path / "held.duckdb"
    holder = python("import duckdb, sys, time\ncon = duckdb.connect(sys.argv[1])\nprint('ready', flush=True)\n"
                    "time.sleep(120)", str(db))
    try:
        ready(holder)
        with pytest.raises(duckdb.Error) as caught:
            duckdb.connect(str(db), read_only=True)
        assert is_lock_conflict(caught.value) and conflicting_pid(caught.value) == holder.pid
        # a reader that cannot get in says who has the file, in one line of our own
        with pytest.raises(DatabaseBusy) as busy:
            Store(db, read_only=True, wait=0.2)
        assert str(busy.value) == f"database {db} is busy: process {holder.pid} has it open (gave up after 0.2 s)"
    finally:
        holder.kill()
        holder.communicate()


def test_a_second_writer_waits_for_the_first_then_gives_up(tmp_path: Path) -> None:
    db = tmp_path / "w.duckdb"
    told: list[str] = []
    with Store(db):
        started = time.monotonic()
        with pytest.raises(DatabaseBusy, match=f"the import in process {os.getpid()} is writing to it"):
            Store(db, wait=0.5, on_wait=told.append)
        assert time.monotonic() - started >= 0.5
    assert told == [f"waiting for the import in process {os.getpid()}..."]
    assert writer_lock_path(db).read_text().strip() == str(os.getpid())
    with Store(db, wait=0) as again:  # the first one's turn is over
        assert again.count("files") == 0


READER = """
import sys
from badugi.analytics.store import Store
from badugi.errors import DatabaseBusy
print('ready', flush=True)
try:
    with Store(sys.argv[1], read_only=True, wait=float(sys.argv[2])) as store:
        print(store.count('hands'), flush=True)
except DatabaseBusy as exc:
    print('busy', exc, flush=True)
"""


def test_a_reader_gets_in_between_the_writers_batches(tmp_path: Path) -> None:
    """The writer keeps the file open and writes batch after batch; a reader queued meanwhile gets in at
    the next ``let_readers_in`` and sees every hand committed before it, and the writer then goes on."""
    db = tmp_path / "r.duckdb"
    with Store(db) as store:
        write_hands(store, 1, 3, end=300)
        reader = python(READER, str(db), str(DEADLINE_S))
        ready(reader)
        deadline = time.monotonic() + DEADLINE_S
        written = 3
        while reader.poll() is None:
            assert time.monotonic() < deadline, "the reader never got in"
            written += 1
            write_hands(store, written, 1, end=100 * written)
            store.let_readers_in()
            time.sleep(0.02)
        out, err = reader.communicate()
        assert reader.returncode == 0, err
        seen = int(out.split()[-1])
        assert 3 <= seen <= written
        write_hands(store, written + 1, 1, end=100 * (written + 1))  # the writer opens the file again
        assert stored_hands(store) == written + 1


def test_a_writer_that_never_lets_readers_in_keeps_them_out(tmp_path: Path) -> None:
    """The other side of the test above: without ``let_readers_in`` the reader's wait runs out."""
    db = tmp_path / "n.duckdb"
    with Store(db) as store:
        write_hands(store, 1, 1, end=100)
        reader = python(READER, str(db), "0.5")
        out, err = reader.communicate(timeout=DEADLINE_S)
        assert reader.returncode == 0, err
        assert out.splitlines()[-1].startswith(f"busy database {db} is busy: the import in process {os.getpid()}")
        # readers queued, not yet in: nothing is waiting any more, so the writer keeps the file
        assert LockFile.open(readers_lock_path(db)).try_lock()


def test_nothing_stays_held_after_the_writer_is_killed(tmp_path: Path) -> None:
    db = tmp_path / "k.duckdb"
    holder = python("import sys, time\nfrom badugi.analytics.store import Store\nstore = Store(sys.argv[1])\n"
                    "print('ready', flush=True)\ntime.sleep(120)", str(db))
    try:
        ready(holder)
        with pytest.raises(DatabaseBusy, match=f"the import in process {holder.pid}"):
            Store(db, wait=0)
        with pytest.raises(DatabaseBusy, match=f"the import in process {holder.pid}"):
            Store(db, read_only=True, wait=0)
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.communicate()
    with Store(db, wait=DEADLINE_S) as store:  # the kernel dropped both locks with the process
        write_hands(store, 1, 1, end=100)
    with Store(db, read_only=True, wait=0) as store:
        assert stored_hands(store) == 1


READING_IN_TURNS = """
import sys, time
from pathlib import Path
from badugi.analytics.store import Store
stop, reads = Path(sys.argv[2]), 0
print('ready', flush=True)
while not stop.exists():
    with Store(sys.argv[1], read_only=True, wait=60) as store:
        store.count('hands')
        time.sleep(0.15)  # a query, long enough for the two readers' turns to overlap
    reads += 1
print(reads, flush=True)
"""


def test_a_stream_of_readers_does_not_keep_the_writer_out(tmp_path: Path) -> None:
    """Two readers reading in overlapping turns never leave the file free; the writer still gets it back
    after each time it let them in, because readers who come while it waits queue behind it."""
    db, stop = tmp_path / "s.duckdb", tmp_path / "stop"
    with Store(db, wait=20) as store:
        write_hands(store, 1, 1, end=100)
        readers = [python(READING_IN_TURNS, str(db), str(stop)) for _ in range(2)]
        try:
            for reader in readers:
                ready(reader)
            for n in range(2, 6):
                time.sleep(0.1)
                store.let_readers_in()
                write_hands(store, n, 1, end=100 * n)  # DatabaseBusy after 20 s if the readers kept it
        finally:
            stop.touch()
    results = [reader.communicate(timeout=DEADLINE_S) for reader in readers]
    assert [reader.returncode for reader in readers] == [0, 0], results
    assert all(int(out.split()[-1]) >= 1 for out, _ in results)
    with Store(db, read_only=True) as store:
        assert stored_hands(store) == 5
