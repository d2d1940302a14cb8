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
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from typer.testing import CliRunner

from badugi.analytics import schema
from badugi.analytics.archive import archive_files, read_entries
from badugi.analytics.archive_read import ParquetStore, walk_key
from badugi.analytics.cluster import connect, parse_address
from badugi.analytics.importer import RANGE_TASKS, find_files, import_files
from badugi.analytics.ranges import byte_range, read_range
from badugi.analytics.store import Store
from badugi.cli.main import app
from badugi.engine.record import Limit
from badugi.engine.simulate import SimConfig
from badugi.errors import BadInput
from badugi.parsers.reader import HEAD_BYTES, inspect
from badugi.parsers.writers.generate import generate
from test_import import assert_same_database
from test_import_by_bytes import _hands, _mixed_file
from conftest import SAMPLES

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


class _Recorder(Executor):
    """An executor that passes every task on to another, noting each one's function and arguments."""

    def __init__(self, executor: Executor) -> None:
        self.executor = executor
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.calls.append((fn.__name__, args))
        return self.executor.submit(fn, *args, **kwargs)


@pytest.mark.parametrize("local_workers", [False, True], ids=["sent-back", "spooled"])
def test_a_cluster_import_cut_by_bytes_stores_what_one_process_stores(local_workers: bool, scheduler: Any,
                                                                      tmp_path: Path) -> None:
    """The client splits a file's first task and its tail only: the ranges between are cut by bytes at a hand's
    first line (``RANGE_TASKS`` times the first task's size), and each worker splits its own
    (``batch.process_cut``). Workers on this machine (``local_workers``, ``--cluster local:N``) leave their
    tables in files beside the database, removed once read (and the folder after the run); other workers send
    them back. Either way the report (duplicates, rejects, the
    cp1252 note, the tentative last hand pending) and the database are one process's: on the first run, once the
    file has grown, and once it is rewritten."""
    path = _mixed_file(tmp_path / "mixed.txt")
    one, db = tmp_path / "one.duckdb", tmp_path / "cluster.duckdb"
    spool = Path(f"{db}.results")
    recorder = _Recorder(scheduler[1].get_executor(pure=False))
    spooled: list[int] = []

    def both() -> tuple[dict[str, Any], dict[str, Any]]:
        with Store(one) as store:
            expected = import_files(store, [path], jobs=1, batch_hands=10).to_dict()
        with Store(db) as store:
            got = import_files(store, [path], jobs=2, executor=recorder, batch_hands=10, by_range=True,
                               local_workers=local_workers,
                               on_progress=lambda *_: spooled.append(len(list(spool.glob("*.arrow")))
                                                                     if spool.exists() else -1)).to_dict()
        assert not spool.exists()
        assert_same_database(one, db)
        return expected, got

    expected, got = both()
    assert got == expected
    assert expected["totals"]["duplicates"] == 30 and expected["totals"]["pending_bytes"] > 0
    assert expected["files"][0]["note"] is not None
    names = [name for name, _ in recorder.calls]
    assert names[0] == "process_range" and names.count("process_cut") >= 4
    first = recorder.calls[0][1][0]  # the first task's 10 hands; the ranges cut after it, about RANGE_TASKS as long
    assert all(args[0].size >= RANGE_TASKS * first.size for name, args in recorder.calls if name == "process_cut")
    into = [args[-1] for _, args in recorder.calls]
    if local_workers:
        assert all(Path(name).parent == spool for name in into) and len(set(into)) == len(into)
        assert spooled and all(n >= 0 for n in spooled)  # the folder is there while the run goes on
    else:
        assert into == [None] * len(into) and set(spooled) == {-1}
    hands = _hands((SAMPLES / "pokerstars_fl_cash_6max.txt").read_bytes())
    data = path.read_bytes()
    path.write_bytes(data[:data.rindex(b"PokerStars Game #")] + b"".join(hands[5:120]))  # the file grows
    expected, got = both()
    assert got == expected and expected["totals"]["duplicates"] == 115
    path.write_bytes(data[data.index(b"PokerStars Game #", 10):])  # rewritten: read again from the start
    expected, got = both()
    assert got == expected and expected["files"][0]["rewritten"]


def test_the_cli_spools_the_results_of_local_workers_only(histories: Path, scheduler: Any, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """``--cluster local:N`` runs its workers on this machine: their results come back through files; a
    scheduler's workers (an address) may run elsewhere and send them."""
    import badugi.cli.import_ as command

    asked: list[bool] = []

    def recording(*args: Any, **kwargs: Any) -> Any:
        asked.append(kwargs["local_workers"])
        return import_files(*args, **kwargs)

    monkeypatch.setattr(command, "import_files", recording)
    small = tmp_path / "hh"
    small.mkdir()
    shutil.copy(histories / "phh/cash_nl.phhs", small)
    for cluster in ("local:1", scheduler[0]):
        invoke("import", str(small), "--db", str(tmp_path / f"{len(asked)}.duckdb"), "--cluster", cluster)
    assert asked == [True, False]


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
    hands a 1-thread worker one task at a time, so none waits behind a long one; neither serves HTTP
    endpoints nobody reads (``LOCAL_CONFIG``)."""
    def settings(*names: str) -> tuple[Any, ...]:
        import dask
        return tuple(dask.config.get(f"distributed.{name}") for name in names)

    _, client = scheduler
    assert set(client.run(settings, "worker.profile.enabled", "admin.tick.interval").values()) == {(False, "1s")}
    assert client.run_on_scheduler(settings, "scheduler.worker-saturation", "scheduler.http.routes") == (1.0, [])
    assert list(client.run(settings, "worker.http.routes").values()) == [([],), ([],)]


def test_local_workers_leave_the_fork_servers_objects_to_it(scheduler: Any) -> None:
    """What the fork server imported is frozen (``gc.freeze``) before it forks the workers: their collections
    skip it (``cluster.FREEZE``)."""
    import gc

    _, client = scheduler
    assert all(count > 10_000 for count in client.run(gc.get_freeze_count).values())


def test_a_local_cluster_starts_while_the_command_goes_on(monkeypatch: pytest.MonkeyPatch, histories: Path,
                                                          tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``connect("local:N")`` returns while the cluster starts; a task waits for it; the cluster is closed at the
    end; a failed start raises at the first task, with its own message."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from badugi.analytics import cluster

    go = threading.Event()
    closed: list[str] = []

    class Fake:
        def __init__(self, name: str) -> None:
            self.name = name

        def get_executor(self, pure: bool) -> ThreadPoolExecutor:
            return ThreadPoolExecutor(1)

        def close(self) -> None:
            closed.append(self.name)

    def start(workers: int, settings: Any) -> tuple[Fake, Fake]:
        assert go.wait(30)
        return Fake("cluster"), Fake("client")

    monkeypatch.setattr(cluster, "start_fork_server", lambda: None)
    monkeypatch.setattr(cluster, "_start_local", start)
    with connect("local:3") as engine:
        assert (engine.slots, engine.workers) == (3, 3)
        assert not engine.started.done()
        go.set()
        assert engine.executor.submit(sum, [1, 2]).result() == 3
    assert closed == ["client", "cluster"]

    def fail(workers: int, settings: Any) -> tuple[Fake, Fake]:
        raise BadInput(f"--cluster needs dask.distributed, an optional extra: {cluster.INSTALL}")

    monkeypatch.setattr(cluster, "_start_local", fail)
    with connect("local:2") as engine:
        with pytest.raises(cluster.ClusterFailed, match="optional extra"):
            engine.executor.submit(sum, [1])
    # the console script's error line (``cli.main.main``), at once even with --watch
    import sys

    from badugi.cli.main import main

    monkeypatch.setattr(sys, "argv", ["badugi", "import", str(histories / "tilt/cash_fl.txt"), "--db",
                                      str(tmp_path / "a.duckdb"), "--cluster", "local:2", "--watch"])
    with pytest.raises(SystemExit) as exited:
        main()
    assert exited.value.code == 2
    assert "error: --cluster needs dask.distributed" in capsys.readouterr().err


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


def _killer(client: Any) -> tuple[list[bool], Callable[..., None]]:
    """A progress callback that kills one worker the first time it is called, and the list that says it did."""
    killed: list[bool] = []

    def kill_once(*_: object) -> None:
        if not killed:
            killed.append(True)
            _kill_a_worker(client)

    return killed, kill_once


def _import_killing_a_worker(engine: Any, client: Any, files: list[Path], db: Path, local_workers: bool) -> None:
    """Import ``files`` by range in 100-hand tasks, one worker killed at the first progress; then, the workers back,
    import again: nothing is new."""
    killed, kill_once = _killer(client)
    with Store(db) as store:
        import_files(store, files, jobs=engine.slots, executor=engine.executor, batch_hands=100, commit_hands=100,
                     by_range=True, local_workers=local_workers, on_progress=kill_once)
    assert killed
    client.wait_for_workers(2, timeout=60)
    with Store(db) as store:
        again = import_files(store, files, jobs=engine.slots, executor=engine.executor, by_range=True,
                             local_workers=local_workers)
    assert again.totals()["hands_read"] == 0


def test_a_killed_worker_loses_nothing_of_spooled_results(histories: Path, local_db: Path, scheduler: Any,
                                                          tmp_path: Path) -> None:
    """Workers that leave their results in files (``local_workers``): one killed while tasks are in flight (the
    scheduler runs its task again on another, which writes that task's file again) loses nothing and no file is
    left beside the database after the run."""
    address, client = scheduler
    db = tmp_path / "db.duckdb"
    with connect(address) as engine:
        _import_killing_a_worker(engine, client, find_files([histories]), db, local_workers=True)
        assert not Path(f"{db}.results").exists()  # (the import removed it, files and all)
    assert_same(db_tables(db), db_tables(local_db))
    assert {p.name for p in tmp_path.iterdir()} <= {"db.duckdb", "db.duckdb.wal", "db.duckdb.lock",
                                                    "db.duckdb.readers.lock"}


def test_a_killed_worker_loses_nothing(histories: Path, local_db: Path, scheduler: Any, tmp_path: Path) -> None:
    """SIGKILL one worker while tasks are in flight (its nanny starts another and the scheduler runs the
    lost task again); the run ends, a rerun stores nothing new, and both the database and the archive
    are the local import's."""
    address, client = scheduler
    files = find_files([histories])
    db = tmp_path / "db.duckdb"
    with connect(address) as engine:
        _import_killing_a_worker(engine, client, files, db, local_workers=False)
        assert_same(db_tables(db), db_tables(local_db))
        killed, kill_once = _killer(client)
        parts = tmp_path / "parts"
        archive_files(files, parts, engine.executor, hands_per_part=100,
                      on_progress=lambda path, planned, written: written and kill_once())
        client.wait_for_workers(2, timeout=60)
        archive_files(files, parts, engine.executor, hands_per_part=100)
    assert killed
    assert_same(archive_tables(parts), db_tables(local_db))
