"""``badugi import``: exactly the reader's hands, incremental by bytes, incomplete hands retried, rewrites
detected, and a SIGKILL at any moment followed by a rerun gives the same database."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import polars as pl
import pytest

from badugi.analytics import schema
from badugi.analytics.importer import find_files, import_files, process_file_bytes
from badugi.analytics.store import Store
from badugi.engine.record import Hand
from badugi.parsers.reader import read_file as read_any_file
from badugi.parsers.results import FileNote, FileSkipped, ParseFailure, Skipped
from conftest import SAMPLES, real_file

ROOT = Path(__file__).resolve().parents[2]
PHH = SAMPLES / "phh_fl_cash.phhs"
TABLE_HEADER = re.compile(rb"(?m)^\[\d+\]")


LBAD = "pokerstars/tour__LBad-USD-MTT8-201011.txt"
PS_HEADER = b"PokerStars Game #"


def read_file(path: Path):  # type: ignore[no-untyped-def]
    """The file reader ``badugi parse`` uses (any room)."""
    return read_any_file(path)


def ps_starts(data: bytes) -> list[int]:
    """Byte offsets of each PokerStars header (plain search, independent of the splitter)."""
    return [m.start() for m in re.finditer(re.escape(PS_HEADER), data)]


def phh_and_merge(real_hh: Path, tmp_path: Path, *pokerstars: str) -> Path:
    """A folder mixing simulated PHH files, the real Merge XML files (Badugi and other games) and the
    named real PokerStars files."""
    folder = tmp_path / "hh"
    shutil.copytree(real_hh / "merge", folder / "merge")
    (folder / "pokerstars").mkdir()
    for name in pokerstars:
        shutil.copy(real_hh / "pokerstars" / name, folder / "pokerstars" / name)
    (folder / "phh").mkdir()
    for name in ("phh_fl_cash.phhs", "phh_nl_heads_up.phhs"):
        shutil.copy(SAMPLES / name, folder / "phh" / name)
    return folder


def reader_counts(files: list[Path]) -> tuple[set[tuple[str, str]], Counter[str], int]:
    """What the reader alone finds: Badugi hand keys, skipped reasons, parse failures (files skipped
    whole, such as SOURCES.md, give no hand)."""
    keys: set[tuple[str, str]] = set()
    skipped: Counter[str] = Counter()
    failures = 0
    for path in files:
        for result in read_file(path):
            if isinstance(result, Hand):
                keys.add((result.room, result.hand_id))
            elif isinstance(result, Skipped):
                skipped[result.reason] += 1
            elif not isinstance(result, (FileSkipped, FileNote)):
                assert isinstance(result, ParseFailure)
                failures += 1
    return keys, skipped, failures


def hand_starts(data: bytes) -> list[int]:
    """Byte offsets of each PHH ``[N]`` table header (plain search, independent of the splitter)."""
    return [m.start() for m in TABLE_HEADER.finditer(data)]


def snapshot(db: Path) -> dict[str, pl.DataFrame]:
    with Store(db, read_only=True) as store:
        return {name: store.table(name) for name in schema.TABLES}


def assert_same_database(a: Path, b: Path) -> None:
    left, right = snapshot(a), snapshot(b)
    for name in schema.TABLES:
        assert left[name].equals(right[name]), f"table {name} differs"


def test_real_histories_store_exactly_the_readers_hands(real_hh: Path, tmp_path: Path) -> None:
    files = find_files([real_hh])
    keys, skipped, failures = reader_counts(files)
    with Store(tmp_path / "db.duckdb") as store:
        report = import_files(store, files, jobs=1)
        stored = set(store.con.execute("SELECT room, room_hand_id FROM hands").fetchall())
        assert stored == keys
        totals = report.totals()
        assert totals["hands_stored"] == len(keys) and totals["duplicates"] == 0
        assert Counter(totals["skipped"]) == skipped
        assert totals["rejects"] == failures
        again = import_files(store, files, jobs=1).totals()
        assert again["hands_read"] == 0 and again["bytes_read"] == 0 and again["rejects"] == 0
        assert store.count("hands") == len(keys) and store.count("skipped") == sum(skipped.values())


def test_pokerstars_appended_hands_are_the_only_ones_read(tmp_path: Path) -> None:
    data = real_file(LBAD).read_bytes()
    starts = ps_starts(data)
    assert len(starts) == 78
    target = tmp_path / "table.txt"
    target.write_bytes(data[:starts[50]])
    with Store(tmp_path / "db.duckdb") as store:
        first = import_files(store, [target]).totals()
        assert first["hands_read"] == 50
        with target.open("ab") as fh:
            fh.write(data[starts[50]:])
        second = import_files(store, [target]).totals()
        assert second["hands_read"] == 28 and second["duplicates"] == 0
        # only the new bytes were read: from hand 51's header on (blank lines before it included)
        assert second["bytes_read"] <= len(data) - starts[50] + 8
        assert store.count("hands") == 78


def test_pokerstars_hand_cut_in_the_middle_waits_for_the_rest(tmp_path: Path) -> None:
    data = real_file(LBAD).read_bytes()
    starts = ps_starts(data)
    middle = (starts[20] + starts[21]) // 2
    middle = data.index(b"\n", middle) + 1  # a room flushes whole lines
    target = tmp_path / "table.txt"
    target.write_bytes(data[:middle])
    with Store(tmp_path / "db.duckdb") as store:
        report = import_files(store, [target])
        assert report.totals()["hands_read"] == 20 and report.totals()["rejects"] == 0
        state = store.file_state(str(target))
        assert state.bytes_read < starts[20] + 1 and report.files[0].pending_bytes > 0
        assert import_files(store, [target]).totals()["hands_read"] == 0
        with target.open("ab") as fh:
            fh.write(data[middle:])
        assert import_files(store, [target]).totals()["hands_read"] == 78 - 20
        assert store.count("hands") == 78 and store.count("rejects") == 0
    whole = tmp_path / "whole.txt"
    whole.write_bytes(data)
    with Store(tmp_path / "whole.duckdb") as store:
        import_files(store, [whole])
    a, b = snapshot(tmp_path / "db.duckdb"), snapshot(tmp_path / "whole.duckdb")
    for name in ("actions", "draws", "holdings", "showdowns", "hand_players", "violations"):
        assert a[name].equals(b[name]), name
    assert a["hands"].drop("file").equals(b["hands"].drop("file"))


def test_mixed_folder_stores_exactly_the_readers_hands(real_hh: Path, tmp_path: Path) -> None:
    files = find_files([phh_and_merge(real_hh, tmp_path)])
    keys, skipped, failures = reader_counts(files)
    with Store(tmp_path / "db.duckdb") as store:
        report = import_files(store, files, jobs=1)
        stored = set(store.con.execute("SELECT room, room_hand_id FROM hands").fetchall())
        assert stored == keys
        totals = report.totals()
        assert totals["hands_stored"] == len(keys)
        assert Counter(totals["skipped"]) == skipped
        assert totals["rejects"] >= failures  # parse failures, plus any hand the replay could not process
        reasons = dict(store.con.execute("SELECT reason, sum(hands) FROM skipped_by_reason GROUP BY reason").fetchall())
        assert reasons == dict(skipped)
        # every real file was read to its end except a hand still being written
        for path in files:
            state = store.file_state(str(path))
            if state is not None:
                assert state.bytes_read <= path.stat().st_size
        again = import_files(store, files, jobs=1)
        assert again.totals()["hands_read"] == 0 and again.totals()["bytes_read"] == 0
        assert store.count("hands") == len(keys)


def test_appended_bytes_are_the_only_bytes_read(tmp_path: Path) -> None:
    data = PHH.read_bytes()
    starts = hand_starts(data)
    assert len(starts) == 150
    cut = starts[100]
    target = tmp_path / "hh" / "table.phhs"
    target.parent.mkdir()
    target.write_bytes(data[:cut])
    with Store(tmp_path / "db.duckdb") as store:
        first = import_files(store, [target]).totals()
        assert first["hands_read"] == 100 and first["bytes_read"] == cut
        with target.open("ab") as fh:
            fh.write(data[cut:])
        second = import_files(store, [target]).totals()
        assert second["bytes_read"] == len(data) - cut
        assert second["hands_read"] == 50 and second["duplicates"] == 0
        state = store.file_state(str(target))
        assert state.bytes_read == len(data) and state.lines_read == data.count(b"\n")
        assert store.count("hands") == 150
    with Store(tmp_path / "whole.duckdb") as store:
        import_files(store, [target])
    a, b = snapshot(tmp_path / "db.duckdb"), snapshot(tmp_path / "whole.duckdb")
    for name in ("hands", "hand_players", "actions", "draws", "holdings", "showdowns", "violations"):
        assert a[name].equals(b[name]), name


def test_an_incomplete_last_hand_is_retried_not_lost(real_hh: Path, tmp_path: Path) -> None:
    """A Merge file cut in the middle of its 8th game (all 15 are 2-7 Lowball hands, read and stored)."""
    data = (real_hh / "merge" / "cash__3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt").read_bytes()
    starts = [m.start() for m in re.finditer(rb"(?m)^<game ", data)]
    assert len(starts) == 15
    middle = (starts[7] + starts[8]) // 2
    target = tmp_path / "table.txt"
    target.write_bytes(data[:middle])
    with Store(tmp_path / "db.duckdb") as store:
        report = import_files(store, [target])
        assert report.totals()["hands_stored"] == 7
        state = store.file_state(str(target))
        # resumes right after game 7's closing line
        assert state.bytes_read == data.index(b"</game>", starts[6]) + len(b"</game>\r\n")
        assert report.files[0].pending_bytes == middle - state.bytes_read
        # nothing new written yet: nothing new read
        assert import_files(store, [target]).totals()["bytes_read"] == 0
        with target.open("ab") as fh:
            fh.write(data[middle:])
        again = import_files(store, [target]).totals()
        assert again["hands_stored"] == 8 and again["rejects"] == 0
        assert store.count("hands") == 15
        # every game was placed at its own first line, and stored as the game it is
        assert store.con.execute("SELECT DISTINCT game FROM hands").fetchall() == [("27_triple_draw",)]
        lines = store.con.execute("SELECT line FROM hands ORDER BY line").fetchall()
        assert [line for (line,) in lines] == [data.count(b"\n", 0, at) + 1 for at in starts]


def test_a_rewritten_file_is_read_again_and_counted_as_duplicates(tmp_path: Path) -> None:
    data = PHH.read_bytes()
    target = tmp_path / "table.phhs"
    target.write_bytes(data)
    with Store(tmp_path / "db.duckdb") as store:
        import_files(store, [target])
        # same size, one byte changed inside the already-read prefix (a player name's letter)
        at = data.index(b"Hero", 1000)
        target.write_bytes(data[:at] + b"Q" + data[at + 1:])
        report = import_files(store, [target])
        assert report.files[0].rewritten
        state = store.file_state(str(target))
        assert state.rewrites == 1 and state.bytes_read == len(data)
        totals = report.totals()
        assert totals["hands_read"] == 150 and totals["duplicates"] == 150 and totals["hands_stored"] == 0
        assert store.count("hands") == 150


def test_the_pure_per_file_function_gives_the_rows_the_store_gets(tmp_path: Path) -> None:
    data = PHH.read_bytes()
    batch = process_file_bytes(data, str(PHH))
    assert batch.end_offset == len(data) and batch.pending == 0 and batch.end_line == data.count(b"\n") + 1
    assert batch.tables["hands"].num_rows == 150
    with Store(tmp_path / "db.duckdb") as store:
        import_files(store, [PHH])
        assert store.count("actions") == batch.tables["actions"].num_rows
        assert store.count("hand_players") == batch.tables["hand_players"].num_rows
    # resuming in the middle gives the rest
    starts = hand_starts(data)
    rest = process_file_bytes(data[starts[120]:], str(PHH), starts[120], data.count(b"\n", 0, starts[120]) + 1,
                              head=data[:4096])
    assert rest.tables["hands"].num_rows == 30


def test_parallel_import_equals_single_process(real_hh: Path, tmp_path: Path) -> None:
    files = find_files([phh_and_merge(real_hh, tmp_path)])
    with Store(tmp_path / "one.duckdb") as store:
        import_files(store, files, jobs=1)
    with Store(tmp_path / "two.duckdb") as store:
        import_files(store, files, jobs=2)
    assert_same_database(tmp_path / "one.duckdb", tmp_path / "two.duckdb")


# ---- SIGKILL: a rerun after a kill at any moment ends with the same database ----------------------


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-c", "from badugi.cli.main import main; main()", *args]


def _kill_and_rerun(source: Path, tmp_path: Path, kills: int, batch: int, seed: int) -> int:
    """Import ``source`` once cleanly, and once with ``kills`` SIGKILLs at random moments then a rerun;
    return how many kills hit an import in progress."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    clean, killed = tmp_path / "clean.duckdb", tmp_path / "killed.duckdb"
    subprocess.run(_cli("import", str(source), "--db", str(clean), "--jobs", "1", "--batch-hands", str(batch),
                        "--json"), check=True, env=env, capture_output=True)
    rng = random.Random(seed)
    started = time.monotonic()
    subprocess.run(_cli("import", str(source), "--db", str(tmp_path / "warm.duckdb"), "--jobs", "1", "--json"),
                   check=True, env=env, capture_output=True)
    full = time.monotonic() - started
    interrupted = 0
    for _ in range(kills):
        proc = subprocess.Popen(_cli("import", str(source), "--db", str(killed), "--jobs", "1", "--batch-hands",
                                     str(batch), "--json"), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(rng.uniform(0.2, 1.2) * full)
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            interrupted += 1
        proc.communicate()
    done = subprocess.run(_cli("import", str(source), "--db", str(killed), "--jobs", "1", "--batch-hands",
                               str(batch), "--json"), check=True, env=env, capture_output=True, text=True)
    json.loads(done.stdout)
    assert_same_database(clean, killed)
    return interrupted


def test_sigkill_then_rerun_gives_the_same_database(real_hh: Path, tmp_path: Path) -> None:
    source = phh_and_merge(real_hh, tmp_path, "cash__Badugi-USD-0.25-0.50-201009.txt")
    _kill_and_rerun(source, tmp_path, kills=3, batch=10, seed=7)


@pytest.mark.slow
def test_sigkill_many_times_on_a_large_import(real_hh: Path, tmp_path: Path) -> None:
    source = tmp_path / "many"
    for copy in range(4):
        shutil.copytree(phh_and_merge(real_hh, tmp_path / f"c{copy}", LBAD.split("/")[1],
                                      "cash__Badugi-USD-0.25-0.50-201009.txt"), source / f"copy{copy}")
    interrupted = _kill_and_rerun(source, tmp_path, kills=12, batch=5, seed=11)
    assert interrupted >= 1


def test_tasks_stored_together_give_the_same_database(tmp_path: Path) -> None:
    """Consecutive tasks of a file are committed in one transaction (``commit_hands``): the database must
    be the one that committing every task alone gives, duplicates across the joined tasks included (the
    file holds every hand twice, so each second copy is a duplicate of a hand from another task)."""
    data = PHH.read_bytes()
    doubled = tmp_path / "doubled.phhs"
    doubled.write_bytes(data + data)
    seen: dict[str, list[int]] = {}
    for name, commit_hands in (("alone", 7), ("joined", 40)):
        steps = seen.setdefault(name, [])
        with Store(tmp_path / f"{name}.duckdb") as store:
            report = import_files(store, [doubled], batch_hands=7, commit_hands=commit_hands,
                                  on_progress=lambda path, new_bytes, hands: steps.append(hands))
        totals = report.totals()
        assert (totals["hands_read"], totals["hands_stored"], totals["duplicates"]) == (300, 150, 150)
        assert totals["bytes_read"] == 2 * len(data) and sum(steps) == 300
    assert len(seen["joined"]) == -(-300 // 42)  # 42 = six tasks of 7 hands: the first run of tasks reaching 40
    assert len(seen["alone"]) == -(-300 // 7)
    assert_same_database(tmp_path / "alone.duckdb", tmp_path / "joined.duckdb")


# ---- one process: the writer thread stores tasks in order, and stops cleanly ------------------------


def test_ctrl_c_while_reading_keeps_every_task_read_before(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One process writes each task in a thread while the next is read: a Ctrl-C while reading the
    third task keeps the first two (whole, with the file's progress after them) and nothing of the
    third, as when writing and reading took turns; a rerun reads on from there."""
    from badugi.analytics import importer

    data = PHH.read_bytes()
    starts = hand_starts(data)
    target = tmp_path / "table.phhs"
    target.write_bytes(data)
    real = importer.process_hands
    calls = []

    def interrupted(texts, file, tentative_last=False, settled=False):  # type: ignore[no-untyped-def]
        calls.append(len(texts))
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(texts, file, tentative_last, settled)

    monkeypatch.setattr(importer, "process_hands", interrupted)
    with Store(tmp_path / "db.duckdb") as store:
        with pytest.raises(KeyboardInterrupt):
            import_files(store, [target], jobs=1, commit_hands=40)
        assert store.count("hands") == 80
        state = store.file_state(str(target))
        assert state.bytes_read == starts[80] and state.hands_read == 80
        monkeypatch.setattr(importer, "process_hands", real)
        again = import_files(store, [target], jobs=1, commit_hands=40).totals()
        assert again["hands_read"] == 70 and again["bytes_read"] == len(data) - starts[80]
        assert store.count("hands") == 150


def test_one_process_pauses_the_collector_for_the_whole_file(tmp_path: Path) -> None:
    """One process: the cyclic garbage collector stays paused from the file's first task to its last, between
    batches too (while the next batch is split: each batch's own pause used to end with it), and is given back
    as it was: on again after the import, still off when it was off before."""
    import gc

    target = tmp_path / "table.phhs"
    target.write_bytes(PHH.read_bytes())
    for enabled_before in (True, False):
        seen: list[bool] = []  # (the progress callback runs in the reading thread, between its batches)
        (gc.enable if enabled_before else gc.disable)()
        try:
            with Store(tmp_path / f"{enabled_before}.duckdb") as store:
                report = import_files(store, [target], jobs=1, commit_hands=40,
                                      on_progress=lambda path, new_bytes, hands: seen.append(gc.isenabled()))
            assert gc.isenabled() is enabled_before
        finally:
            gc.enable()
        assert report.totals()["hands_stored"] == 150 and seen == [False] * 4


def test_one_process_folds_the_log_while_it_reads_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One process: before each run of a file but its first, the writer thread folds the write-ahead log
    (a checkpoint) while the next task is read, so the close has only the last run's rows to fold. The
    database is the one a single run gives, and the log left at the end holds one run's rows, not the
    file's (150 hands in runs of 40: 4 runs, 3 checkpoints)."""
    data = PHH.read_bytes()
    target = tmp_path / "table.phhs"
    target.write_bytes(data)
    folds = []
    real = Store.checkpoint
    monkeypatch.setattr(Store, "checkpoint", lambda self: (folds.append(self.count("hands")), real(self)))
    wal_sizes = {}
    for name, commit_hands in (("runs", 40), ("one", 200)):
        folds.clear()
        with Store(tmp_path / f"{name}.duckdb") as store:
            assert import_files(store, [target], jobs=1, commit_hands=commit_hands).totals()["hands_stored"] == 150
            wal = tmp_path / f"{name}.duckdb.wal"
            wal_sizes[name] = wal.stat().st_size if wal.exists() else 0
        assert folds == ([40, 80, 120] if name == "runs" else [])
    assert_same_database(tmp_path / "runs.duckdb", tmp_path / "one.duckdb")
    assert 0 < wal_sizes["runs"] < wal_sizes["one"] / 2


def test_one_process_folds_the_log_while_the_next_task_is_read(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """One process: the fold of the runs written before a task (a checkpoint, in the writer thread) is asked for as
    soon as that task is in hand, so it runs while the task's rows are made, not before the task's write (where the
    last write waited for it, with nothing else to do). Each task's rows are made only once the fold before it is done
    here: before, the fold came after them (150 hands in runs of 40: each wait timed out)."""
    import threading

    from badugi.analytics import importer

    target = tmp_path / "table.phhs"
    target.write_bytes(PHH.read_bytes())
    folded: list[int] = []
    calls: list[int] = []
    changed = threading.Condition()
    real_checkpoint, real_process = Store.checkpoint, importer.process_hands

    def checkpoint(self: Store) -> None:
        real_checkpoint(self)
        with changed:
            folded.append(self.count("hands"))
            changed.notify_all()

    def process_hands(texts, *args):  # type: ignore[no-untyped-def]
        with changed:  # (every task but the first: the runs before it folded while its rows are made)
            assert changed.wait_for(lambda: len(folded) == len(calls), timeout=15)
        calls.append(len(texts))
        return real_process(texts, *args)

    monkeypatch.setattr(Store, "checkpoint", checkpoint)
    monkeypatch.setattr(importer, "process_hands", process_hands)
    with Store(tmp_path / "runs.duckdb") as store:
        assert import_files(store, [target], jobs=1, commit_hands=40).totals()["hands_stored"] == 150
    assert calls == [40, 40, 40, 30] and folded == [40, 80, 120]


def test_the_writer_gets_the_gil_back_quickly_and_gives_the_interval_back(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """While a writer thread runs, Python's switch interval is ``WRITER_SWITCH_INTERVAL_S`` (the writer takes the
    GIL back after each DuckDB call without waiting out 5 ms of the reading thread's); after the import it is
    what it was, in one process and with a pool, after an error too."""
    from concurrent.futures import ThreadPoolExecutor

    from badugi.analytics import importer

    target = tmp_path / "table.phhs"
    target.write_bytes(PHH.read_bytes())
    seen: list[float] = []
    real = Store.write_batch

    def write_batch(self, tables, progress):  # type: ignore[no-untyped-def]
        seen.append(sys.getswitchinterval())
        if len(seen) == 3:
            raise RuntimeError("disk full")
        return real(self, tables, progress)

    monkeypatch.setattr(Store, "write_batch", write_batch)
    before = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.004)
        for name, jobs in (("one", 1), ("pool", 2)):
            seen.clear()
            with Store(tmp_path / f"{name}.duckdb") as store, ThreadPoolExecutor(2) as pool:
                with pytest.raises(RuntimeError, match="disk full"):
                    import_files(store, [target], jobs=jobs, executor=pool if jobs > 1 else None, batch_hands=7,
                                 commit_hands=21)
            assert seen == [importer.WRITER_SWITCH_INTERVAL_S] * 3
            assert sys.getswitchinterval() == 0.004
    finally:
        sys.setswitchinterval(before)


def test_writers_that_end_out_of_order_give_the_switch_interval_back_once_all_end(tmp_path: Path) -> None:
    """Two imports in threads of one program: the first writer to close leaves the interval low while the other
    still runs; the last gives back what the program had."""
    from badugi.analytics import importer

    before = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.004)
        with Store(tmp_path / "a.duckdb") as first_store, Store(tmp_path / "b.duckdb") as second_store:
            first = importer._Writer(first_store, None)
            second = importer._Writer(second_store, None)
            assert sys.getswitchinterval() == importer.WRITER_SWITCH_INTERVAL_S
            first.close()
            assert sys.getswitchinterval() == importer.WRITER_SWITCH_INTERVAL_S
            second.close()
        assert sys.getswitchinterval() == 0.004
    finally:
        sys.setswitchinterval(before)


def test_a_failed_write_stops_the_import_with_its_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An error in the writer thread is raised to the caller; the tasks before it stay stored."""
    data = PHH.read_bytes()
    target = tmp_path / "table.phhs"
    target.write_bytes(data)
    real = Store.write_batch
    writes = []

    def failing(self, tables, progress):  # type: ignore[no-untyped-def]
        writes.append(progress.bytes_read)
        if len(writes) == 2:
            raise RuntimeError("disk full")
        return real(self, tables, progress)

    monkeypatch.setattr(Store, "write_batch", failing)
    with Store(tmp_path / "db.duckdb") as store:
        with pytest.raises(RuntimeError, match="disk full"):
            import_files(store, [target], jobs=1, commit_hands=40)
        assert store.count("hands") == 40
        assert len(writes) == 2  # nothing was written after the failed task


# ---- a pool: the writer thread stores a run while the next results are taken in -------------------


def _slow_writes(monkeypatch: pytest.MonkeyPatch, spans: list[tuple[float, float, str]],
                 fail_at: int = 0) -> None:
    """``Store.write_batch`` made slow (and failing at write ``fail_at``), each write's span and thread kept."""
    import threading

    real = Store.write_batch

    def slow(self, tables, progress):  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        time.sleep(0.3)
        if len(spans) + 1 == fail_at:
            spans.append((start, time.perf_counter(), threading.current_thread().name))
            raise RuntimeError("disk full")
        outcome = real(self, tables, progress)
        spans.append((start, time.perf_counter(), threading.current_thread().name))
        return outcome

    monkeypatch.setattr(Store, "write_batch", slow)


def _table_imported_alone(tmp_path: Path) -> Path:
    """The PHH sample's 150 hands copied to ``table.phhs``, imported in one process into ``one.duckdb``."""
    target = tmp_path / "table.phhs"
    target.write_bytes(PHH.read_bytes())
    with Store(tmp_path / "one.duckdb") as store:
        import_files(store, [target], jobs=1)
    return target


def test_a_pool_takes_results_in_while_a_run_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With a pool, each run of tasks is written by the writer thread while this thread takes the next
    results in (so the workers are not left waiting through a commit); the progress is reported in the
    caller's thread, in file order, and the database is the one process's."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from badugi.analytics.batch import PackedTables

    target = _table_imported_alone(tmp_path)
    spans: list[tuple[float, float, str]] = []
    _slow_writes(monkeypatch, spans)
    taken: list[float] = []
    real_tables = PackedTables.tables

    def tables(self):  # type: ignore[no-untyped-def]
        taken.append(time.perf_counter())
        return real_tables(self)

    monkeypatch.setattr(PackedTables, "tables", tables)
    progress: list[tuple[str, int]] = []
    with Store(tmp_path / "pool.duckdb") as store, ThreadPoolExecutor(2) as pool:
        report = import_files(store, [target], jobs=2, executor=pool, batch_hands=7, commit_hands=21,
                              on_progress=lambda path, new_bytes, hands: progress.append(
                                  (threading.current_thread().name, hands)))
    assert report.totals()["hands_read"] == 150
    assert len(spans) == -(-150 // 21) and {name for _, _, name in spans} == {"badugi-writer_0"}
    assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:]))  # one run at a time, in order
    assert [name for name, _ in progress] == [threading.current_thread().name] * len(spans)
    assert [hands for _, hands in progress] == [21] * 7 + [3]
    assert any(start < t < end for start, end, _ in spans for t in taken)
    assert_same_database(tmp_path / "one.duckdb", tmp_path / "pool.duckdb")


def test_a_pool_stores_the_waiting_run_once_every_task_is_handed_out(tmp_path: Path) -> None:
    """Once the last task is handed out, the run of results waiting for its commit is stored while the
    pool works through the tasks it still holds, so only theirs is written after the last result: 22
    tasks of 7 hands (the last 3) and runs of up to 200 hands; 5 tasks are in flight at most, so the
    last is handed out with 18 results in: a run of 126 hands, then one of 24 (not one run of 150)."""
    from concurrent.futures import ThreadPoolExecutor

    target = _table_imported_alone(tmp_path)
    progress: list[int] = []
    with Store(tmp_path / "pool.duckdb") as store, ThreadPoolExecutor(2) as pool:
        report = import_files(store, [target], jobs=2, executor=pool, batch_hands=7, commit_hands=200,
                              on_progress=lambda path, new_bytes, hands: progress.append(hands))
    assert report.totals()["hands_read"] == 150
    assert progress == [126, 24]
    assert_same_database(tmp_path / "one.duckdb", tmp_path / "pool.duckdb")


def test_a_pool_import_stops_at_a_failed_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An error in the writer thread stops a pool import with that error: the runs before it stay stored,
    whole, and a rerun reads on from there to the same database."""
    from concurrent.futures import ThreadPoolExecutor

    target = _table_imported_alone(tmp_path)
    spans: list[tuple[float, float, str]] = []
    _slow_writes(monkeypatch, spans, fail_at=2)
    with Store(tmp_path / "pool.duckdb") as store, ThreadPoolExecutor(2) as pool:
        with pytest.raises(RuntimeError, match="disk full"):
            import_files(store, [target], jobs=2, executor=pool, batch_hands=7, commit_hands=21)
        assert store.count("hands") == 21 and store.file_state(str(target)).hands_read == 21
    monkeypatch.undo()
    with Store(tmp_path / "pool.duckdb") as store:
        assert import_files(store, [target], jobs=2).totals()["hands_read"] == 129
    assert_same_database(tmp_path / "one.duckdb", tmp_path / "pool.duckdb")


def test_packed_tables_come_back_the_same_through_pickle(real_hh: Path) -> None:
    """A pool worker sends its tables as Arrow IPC streams (``PackedTables``): after pickling and
    unpacking, every table (empty ones included) has the same schema, chunks' values and row order."""
    import pickle

    from badugi.analytics.batch import PackedTables, process_hands, process_hands_packed
    from badugi.parsers.reader import iter_hand_texts

    path = real_hh / LBAD
    with path.open("rb") as fh:
        texts = tuple(iter_hand_texts(fh))
    tables, kept = process_hands(texts, str(path))
    packed, packed_kept = pickle.loads(pickle.dumps(process_hands_packed(texts, str(path))))
    assert isinstance(packed, PackedTables) and packed_kept == kept
    back = packed.tables()
    assert list(back) == list(tables)
    assert tables["hands"].num_rows == 78  # the MTT file's 78 hands (FORMATS.md, real_hh)
    assert any(t.num_rows == 0 for t in tables.values())
    for name, table in tables.items():
        assert back[name].schema.equals(table.schema, check_metadata=True), name
        assert back[name].equals(table), name


def test_spooled_tables_come_back_the_same_and_their_file_goes(real_hh: Path, tmp_path: Path) -> None:
    """A local pool worker leaves its tables in a file (``SpooledTables``): read back from its memory map,
    every table (empty ones included) has the same schema and values, the file is removed at once and the
    tables stay readable after it is gone; a folder the import's pool uses is emptied at the start and
    removed at the end."""
    import gc
    import pickle

    from badugi.analytics.batch import SpooledTables, process_hands, process_hands_spooled
    from badugi.parsers.reader import iter_hand_texts

    path = real_hh / LBAD
    with path.open("rb") as fh:
        texts = tuple(iter_hand_texts(fh))
    tables, kept = process_hands(texts, str(path))
    spool = tmp_path / "0.arrow"
    spooled, spooled_kept = pickle.loads(pickle.dumps(process_hands_spooled(texts, str(path), str(spool))))
    assert isinstance(spooled, SpooledTables) and spooled_kept == kept and spool.exists()
    back = spooled.tables()
    assert not spool.exists()
    gc.collect()
    assert list(back) == list(tables)
    for name, table in tables.items():
        assert back[name].schema.equals(table.schema, check_metadata=True), name
        assert back[name].equals(table), name
    db = tmp_path / "pool.duckdb"
    leftover = tmp_path / "pool.duckdb.results"
    leftover.mkdir()
    (leftover / "7.arrow").write_bytes(b"a killed import's result")
    with Store(db) as store:
        import_files(store, [path], jobs=2)
        assert store.count("hands") == 78
    assert not leftover.exists()
