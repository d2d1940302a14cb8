"""Commands side by side on one database: stats while ``import --watch`` runs, a second import waiting its
turn, and exit 3 with one line of our own (never DuckDB's message) when the database stays busy."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from typer.testing import CliRunner

from badugi.analytics.store import Store
from badugi.cli.main import app
from conftest import SAMPLES

ROOT = Path(__file__).resolve().parents[2]
PHH = SAMPLES / "phh_fl_cash.phhs"  # 150 tables, each dealt to Hero and the same three opponents
DEADLINE_S = 90.0  # generous: the suite also runs on a loaded 2-core machine
runner = CliRunner()


def cli(*args: str) -> list[str]:
    return [sys.executable, "-c", "from badugi.cli.main import main; main()", *args]


def env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def wait_for_text(path: Path, text: str, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + DEADLINE_S
    while text not in path.read_text(errors="replace"):
        assert proc.poll() is None, f"exited {proc.returncode} before saying {text!r}: {path.read_text()}"
        assert time.monotonic() < deadline, f"never said {text!r}: {path.read_text()}"
        time.sleep(0.05)


def test_stats_reads_while_watch_imports_and_sees_each_commit(tmp_path: Path) -> None:
    data = PHH.read_bytes()
    cut = data.index(b"\n[101]") + 1  # the first 100 tables
    folder = tmp_path / "hh"
    folder.mkdir()
    target = folder / "table.phhs"
    target.write_bytes(data[:cut])
    db = tmp_path / "db.duckdb"
    watch_err = tmp_path / "watch.err"
    with watch_err.open("w") as err_file:
        watch = subprocess.Popen(cli("import", str(folder), "--db", str(db), "--jobs", "1", "--watch", "--interval",
                                     "0.2", "--json"), stdout=subprocess.PIPE, stderr=err_file, text=True, env=env())
    runs: list[subprocess.CompletedProcess[str]] = []

    def hero_hands() -> int:
        """``badugi stats`` in its own process, as a user runs it beside the watch: it must always work."""
        done = subprocess.run(cli("stats", "--db", str(db), "--player", "Hero", "--format", "json"),
                              capture_output=True, text=True, env=env(), timeout=DEADLINE_S)
        runs.append(done)
        assert done.returncode == 0, done.stderr
        # at most a note that it waited for the watch's batch (a loaded machine may take a second)
        assert all(line == f"waiting for the import in process {watch.pid}..." for line in done.stderr.splitlines())
        rows = json.loads(done.stdout)
        return rows[0]["hands"] if rows else 0

    def stats_until(hands: int) -> None:
        deadline = time.monotonic() + DEADLINE_S
        while (seen := hero_hands()) != hands:
            assert seen < hands and time.monotonic() < deadline, f"stats saw {seen} hands, not {hands}"

    try:
        wait_for_text(watch_err, "100 new hands stored", watch)
        stats_until(100)
        with target.open("ab") as fh:  # the room writes 50 more hands while the watch runs
            fh.write(data[cut:])
        stats_until(150)
    finally:
        watch.send_signal(signal.SIGINT)
        out, _ = watch.communicate(timeout=DEADLINE_S)
    assert watch.returncode == 0, watch_err.read_text()
    assert json.loads(out)["totals"]["hands_stored"] == 150
    assert all(run.returncode == 0 for run in runs)


def test_a_second_import_waits_its_turn_then_gives_up_with_exit_3(tmp_path: Path) -> None:
    db = tmp_path / "db.duckdb"
    holder = Store(db)  # an import in this very process, as far as the lock is concerned
    try:
        busy = runner.invoke(app, ["import", str(PHH), "--db", str(db), "--jobs", "1", "--wait", "0.5"])
        assert busy.exit_code == 3
        pid = os.getpid()
        assert busy.stderr.splitlines() == [
            f"waiting for the import in process {pid}...",
            f"error: database {db} is busy: the import in process {pid} is writing to it (gave up after 0.5 s)"]
        assert not busy.stdout
        # with time enough, it runs once the first import is over
        threading.Timer(1.0, holder.close).start()
        waited = runner.invoke(app, ["import", str(PHH), "--db", str(db), "--jobs", "1", "--wait",
                                     str(DEADLINE_S), "--json"])
    finally:
        holder.close()
    assert waited.exit_code == 0, waited.output
    assert f"waiting for the import in process {os.getpid()}..." in waited.stderr
    assert json.loads(waited.stdout)["totals"]["hands_stored"] == 150


def test_readers_say_who_holds_the_database_never_duckdbs_message(tmp_path: Path) -> None:
    db = tmp_path / "db.duckdb"
    assert runner.invoke(app, ["import", str(PHH), "--db", str(db), "--jobs", "1"]).exit_code == 0
    # another program (not badugi) holds the file for writing: nobody can read it
    holder = subprocess.Popen([sys.executable, "-c", "import duckdb, sys, time\ncon = duckdb.connect(sys.argv[1])\n"
                               "print('ready', flush=True)\ntime.sleep(120)", str(db)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout and holder.stdout.readline().strip() == "ready"
        line = f"error: database {db} is busy: process {holder.pid} has it open (gave up after 0.3 s)"
        for command in (["stats"], ["leaks"], ["report", "--out", str(tmp_path / "r.html")],
                        ["export", "--out", str(tmp_path / "out")]):
            result = runner.invoke(app, [*command, "--db", str(db), "--wait", "0.3"])
            assert result.exit_code == 3, (command, result.output)
            assert result.stderr.splitlines()[-1] == line, command
            assert "IO Error" not in result.output and "Traceback" not in result.output
        result = runner.invoke(app, ["import", str(PHH), "--db", str(db), "--jobs", "1", "--wait", "0.3"])
        assert result.exit_code == 3 and result.stderr.splitlines()[-1] == line
    finally:
        holder.kill()
        holder.communicate()
