"""The cluster engine (dask.distributed, one LocalCluster of 2 worker processes for the module) on
simulated files of three rooms: the cluster import stores exactly the local import's tables, the Parquet
archive reads as the same tables and gives the same ``stats`` and ``audit`` JSON, reruns skip what is
done, and a worker killed mid-run loses nothing."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from typer.testing import CliRunner

from badugi.analytics import schema
from badugi.analytics.archive import archive_files, read_entries
from badugi.analytics.archive_read import ParquetStore, walk_key
from badugi.analytics.cluster import connect, parse_address
from badugi.analytics.importer import find_files, import_files
from badugi.analytics.ranges import byte_range, read_range
from badugi.analytics.store import Store
from badugi.cli.main import app
from badugi.engine.record import Limit
from badugi.engine.simulate import SimConfig
from badugi.errors import BadInput
from badugi.parsers.reader import HEAD_BYTES, inspect
from badugi.parsers.writers.generate import generate

distributed = pytest.importorskip("distributed")
runner = CliRunner()

TABLES: dict[str, tuple[SimConfig, int, int]] = {
    "stars/cash_fl.txt": (SimConfig(room="pokerstars"), 11, 700),
    "stars/mtt/tour_9max.txt": (SimConfig(room="pokerstars", players=9, tournament=True), 12, 400),
    "tilt/cash_fl.txt": (SimConfig(room="fulltilt"), 13, 400),
    "phh/cash_nl.phhs": (SimConfig(room="phh", limit=Limit.NO_LIMIT, players=3), 14, 300),
}


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Four simulated files (1,800 hands, three rooms), a copy of one (every hand a duplicate) and a file
    that holds no hand."""
    folder = tmp_path_factory.mktemp("cluster") / "hh"
    for name, (config, seed, hands) in TABLES.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"".join(generate(config, seed, hands)))
    shutil.copy(folder / "tilt/cash_fl.txt", folder / "stars/copy_of_tilt.txt")
    (folder / "notes.md").write_text("# my sessions\n\nnothing to read here\n")
    return folder


@pytest.fixture(scope="module")
def scheduler() -> Any:
    """One LocalCluster for the module (starting one takes seconds), started as ``--cluster local:2``
    starts it (workers from a fork server, dask's settings for a local run): its scheduler's address."""
    with connect("local:2") as engine:
        yield engine.client.scheduler.address, engine.client


@pytest.fixture(scope="module")
def local_db(histories: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The reference: the same files imported by the local, one-process import."""
    db = tmp_path_factory.mktemp("local") / "local.duckdb"
    with Store(db) as store:
        import_files(store, find_files([histories]), jobs=1)
    return db


def table_hashes(tables: dict[str, pl.DataFrame]) -> dict[str, str]:
    """A hash of each whole table (rows in the store's stable order, every column)."""
    return {name: hashlib.sha256(repr(frame.rows()).encode()).hexdigest() for name, frame in tables.items()}


def db_tables(db: Path) -> dict[str, pl.DataFrame]:
    with Store(db, read_only=True) as store:
        return {name: store.table(name) for name in schema.TABLES}


def archive_tables(folder: Path) -> dict[str, pl.DataFrame]:
    with ParquetStore(folder) as store:
        return {name: store.table(name) for name in schema.TABLES}


def assert_same(left: dict[str, pl.DataFrame], right: dict[str, pl.DataFrame]) -> None:
    assert table_hashes(left) == table_hashes(right)
    for name in schema.TABLES:
        assert left[name].equals(right[name]), f"table {name} differs"
        assert left[name].schema == right[name].schema, f"table {name}: column types differ"


def invoke(*args: str) -> Any:
    result = runner.invoke(app, list(args))
    assert result.exit_code in (0, 1), result.output
    return result


# ---- the cluster import -----------------------------------------------------------------------------


def test_cluster_import_stores_the_local_imports_tables(histories: Path, local_db: Path, scheduler: Any,
                                                        tmp_path: Path) -> None:
    reference = db_tables(local_db)
    assert reference["hands"].height == 1800  # the copy's 400 hands are duplicates, stored once
    assert reference["files"].filter(pl.col("skip_reason").is_not_null()).height == 1
    db = tmp_path / "cluster.duckdb"
    first = invoke("import", str(histories), "--db", str(db), "--cluster", scheduler[0], "--batch-hands", "150",
                   "--json")
    totals = json.loads(first.stdout)["totals"]
    assert (totals["hands_stored"], totals["duplicates"]) == (1800, 400)
    assert_same(db_tables(db), reference)
    again = json.loads(invoke("import", str(histories), "--db", str(db), "--cluster", scheduler[0], "--json").stdout)
    assert again["totals"]["hands_read"] == 0 and again["totals"]["bytes_read"] == 0


def test_a_worker_reads_the_hands_the_planner_cut(histories: Path, tmp_path: Path) -> None:
    """A range read from the file by itself gives the planner's hands, text and all; a changed file is an
    error naming it, never other hands."""
    for path in find_files([histories]):
        head = path.read_bytes()[:HEAD_BYTES]
        room = inspect(head)
        if not hasattr(room, "split"):
            continue
        with path.open("rb") as fh:
            pieces = list(room.split(fh, head, 0, 1))
        start, line = pieces[40].end_offset, pieces[40].next_line
        middle = pieces[41:90]
        got = read_range(byte_range(str(path), middle, start, line))
        assert [(p.text, p.offset, p.end_offset, p.first_line) for p in got] == \
            [(p.text, p.offset, p.end_offset, p.first_line) for p in middle]
    changed = tmp_path / "changed.txt"
    data = (histories / "stars/cash_fl.txt").read_bytes()
    changed.write_bytes(data)
    with changed.open("rb") as fh:
        room = inspect(data[:HEAD_BYTES])
        pieces = list(room.split(fh, data[:HEAD_BYTES], 0, 1))[:5]
    spec = byte_range(str(changed), pieces, 0, 1)
    changed.write_bytes(data[:pieces[2].offset] + b"\r\n" + data[pieces[2].offset:])
    with pytest.raises(BadInput, match="changed during the run"):
        read_range(spec)


def test_local_workers_run_with_the_local_settings(scheduler: Any) -> None:
    """``local:N`` workers run without dask's statistical profiler (CPU the parse needs) and the scheduler
    hands a 1-thread worker one task at a time, so none waits behind a long one (``LOCAL_CONFIG``)."""
    def settings(*names: str) -> tuple[Any, ...]:
        import dask
        return tuple(dask.config.get(f"distributed.{name}") for name in names)

    _, client = scheduler
    assert set(client.run(settings, "worker.profile.enabled", "admin.tick.interval").values()) == {(False, "1s")}
    assert client.run_on_scheduler(settings, "scheduler.worker-saturation") == (1.0,)


def test_cluster_addresses() -> None:
    assert parse_address("local:3") == ("local", 3)
    assert parse_address("tcp://10.0.0.5:8786") == ("tcp://10.0.0.5:8786", None)
    for bad in ("local:0", "10.0.0.5:8786", "local"):
        with pytest.raises(BadInput):
            parse_address(bad)


# ---- the Parquet archive ----------------------------------------------------------------------------


def test_archive_reads_as_the_database(histories: Path, local_db: Path, scheduler: Any, tmp_path: Path) -> None:
    parts = tmp_path / "parts"
    done = invoke("audit", str(histories), "--cluster", scheduler[0], "--out", str(parts), "--part-hands", "120",
                  "--json")
    totals = json.loads(done.stdout)["totals"]
    assert totals["errors"] == 0 and totals["parts"] == totals["parts_written"] > 6  # big files cut in parts
    assert_same(archive_tables(parts), db_tables(local_db))
    for command in (["stats", "--format", "json"], ["stats", "--by", "position", "--format", "json"],
                    ["audit", "--json"], ["leaks", "--player", "Hero", "--format", "json"]):
        from_archive = invoke(*command, "--parquet", str(parts)).stdout
        from_db = invoke(*command, "--db", str(local_db)).stdout
        assert from_archive == from_db, command
    rerun = json.loads(invoke("audit", str(histories), "--cluster", scheduler[0], "--out", str(parts),
                              "--part-hands", "120", "--json").stdout)["totals"]
    assert rerun["parts_written"] == 0 and rerun["parts_kept"] == totals["parts"]


def test_archive_of_a_growing_file_replaces_its_stale_parts(histories: Path, tmp_path: Path) -> None:
    """Hands appended to a file: the rerun removes the parts whose cut changed and writes new ones; the
    archive then reads as a database that imported the file before and after it grew."""
    data = (histories / "stars/cash_fl.txt").read_bytes()
    cut = data.index(b"PokerStars", len(data) // 2)
    source = tmp_path / "hh" / "table.txt"
    source.parent.mkdir()
    source.write_bytes(data[:cut])
    parts, db = tmp_path / "parts", tmp_path / "db.duckdb"
    with connect("local:1") as engine, Store(db) as store:
        first = archive_files([source.resolve()], parts, engine.executor, hands_per_part=100)
        import_files(store, [source.resolve()])
        with source.open("ab") as fh:
            fh.write(data[cut:])
        second = archive_files([source.resolve()], parts, engine.executor, hands_per_part=100)
        import_files(store, [source.resolve()])
    # (350 hands in parts of 100, cut by bytes: 3 cuts and the rest; once grown, the 3 cuts are kept, the rest's
    # part is stale, and the new bytes go in parts up to the end, the last ones shorter)
    assert first.totals()["parts_written"] == 4 and second.totals()["parts_removed"] == 1
    assert second.totals()["parts_kept"] == 3 and second.totals()["parts_written"] == second.totals()["parts"] - 3 >= 4
    assert len(read_entries(parts)) == second.totals()["parts"]
    assert_same(archive_tables(parts), db_tables(db))


def test_duplicates_are_kept_from_the_first_file_in_walk_order() -> None:
    """A folder's files come before its subfolders' files, names sorted (``reader.walk``)."""
    paths = ["/a/sub/x.txt", "/a/z.txt", "/a/b.txt", "/a/sub/deeper/y.txt", "/a/sub/a.txt"]
    assert sorted(paths, key=walk_key) == ["/a/b.txt", "/a/z.txt", "/a/sub/a.txt", "/a/sub/x.txt",
                                          "/a/sub/deeper/y.txt"]


def test_archive_options_are_checked(histories: Path, tmp_path: Path) -> None:
    taken = tmp_path / "taken"
    taken.mkdir()
    (taken / "thesis.txt").write_text("mine")
    result = runner.invoke(app, ["audit", str(histories), "--out", str(taken)])
    assert result.exit_code == 2 and "holding other files" in result.output
    result = runner.invoke(app, ["stats", "--parquet", str(taken)])
    assert result.exit_code == 2 and "not a badugi Parquet archive" in result.output
    result = runner.invoke(app, ["audit", str(histories), "--cluster", "local:1"])
    assert result.exit_code == 2 and "--out" in result.output


# ---- a worker killed mid-run ------------------------------------------------------------------------


def _kill_a_worker(client: Any) -> None:
    pids = client.run(os.getpid)
    os.kill(next(iter(pids.values())), signal.SIGKILL)


def test_a_killed_worker_loses_nothing(histories: Path, local_db: Path, scheduler: Any, tmp_path: Path) -> None:
    """SIGKILL one worker while tasks are in flight (its nanny starts another and the scheduler runs the
    lost task again); the run ends, a rerun stores nothing new, and both the database and the archive
    are the local import's."""
    address, client = scheduler
    files = find_files([histories])
    killed: list[bool] = []

    def kill_once(*_: object) -> None:
        if not killed:
            killed.append(True)
            _kill_a_worker(client)

    db = tmp_path / "db.duckdb"
    with connect(address) as engine:
        with Store(db) as store:
            import_files(store, files, jobs=engine.slots, executor=engine.executor, batch_hands=100,
                         commit_hands=100, by_range=True, on_progress=kill_once)
        client.wait_for_workers(2, timeout=60)
        with Store(db) as store:
            again = import_files(store, files, jobs=engine.slots, executor=engine.executor, by_range=True)
        assert again.totals()["hands_read"] == 0
        assert_same(db_tables(db), db_tables(local_db))
        killed.clear()
        parts = tmp_path / "parts"
        archive_files(files, parts, engine.executor, hands_per_part=100,
                      on_progress=lambda path, planned, written: written and kill_once())
        client.wait_for_workers(2, timeout=60)
        archive_files(files, parts, engine.executor, hands_per_part=100)
    assert killed
    assert_same(archive_tables(parts), db_tables(local_db))
