"""``badugi import`` and ``badugi export`` through the Typer runner: exit codes, stdout, stderr."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
from typer.testing import CliRunner

from badugi.cli.main import app
from badugi.engine.record import Hand
from badugi.parsers.phh import read_phh_file as read_file
from conftest import SAMPLES

runner = CliRunner()
BADUGI_FILE = "phh_fl_cash.phhs"


def real_file(name: str) -> Path:
    return SAMPLES / name


def test_import_json_then_nothing_new(tmp_path: Path) -> None:
    source = real_file(BADUGI_FILE)
    expected = sum(isinstance(r, Hand) for r in read_file(source))
    db = tmp_path / "db.duckdb"
    first = runner.invoke(app, ["import", str(source), "--db", str(db), "--jobs", "1", "--json"])
    assert first.exit_code == 0, first.output
    report = json.loads(first.stdout)
    assert report["totals"]["hands_stored"] == expected == report["database"]["tables"]["hands"]
    assert report["files"][0]["file"] == str(source.resolve())
    again = runner.invoke(app, ["import", str(source), "--db", str(db), "--jobs", "1", "--json"])
    assert again.exit_code == 0
    assert json.loads(again.stdout)["totals"]["hands_stored"] == 0


def test_import_table_and_export(tmp_path: Path) -> None:
    source = real_file(BADUGI_FILE)
    db = tmp_path / "db.duckdb"
    result = runner.invoke(app, ["import", str(source), "--db", str(db), "--jobs", "1"])
    assert result.exit_code == 0
    assert "stored" in result.stdout and "phh_fl_cash" in result.stdout
    out = tmp_path / "csv"
    exported = runner.invoke(app, ["export", "--format", "csv", "--out", str(out), "--db", str(db)])
    assert exported.exit_code == 0, exported.output
    assert str(out / "hands.csv") in exported.stdout
    assert pl.read_csv(out / "hands.csv").height == sum(isinstance(r, Hand) for r in read_file(source))


def test_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["import", str(tmp_path / "missing"), "--db", str(tmp_path / "db.duckdb")])
    assert result.exit_code == 2
    assert "error: no such file or folder" in result.stderr
    result = runner.invoke(app, ["export", "--format", "parquet", "--out", str(tmp_path / "o"),
                                 "--db", str(tmp_path / "none.duckdb")])
    assert result.exit_code == 2 and "error: no database" in result.stderr


def test_db_from_environment(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("BADUGI_DB", str(tmp_path / "env.duckdb"))
    result = runner.invoke(app, ["import", str(real_file(BADUGI_FILE)), "--jobs", "1", "--json"])
    assert result.exit_code == 0
    assert (tmp_path / "env.duckdb").exists()


def test_watch_imports_as_the_file_grows_and_ctrl_c_ends_cleanly(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    import duckdb

    data = real_file(BADUGI_FILE).read_bytes()
    cut = data.index(b"\n[101]") + 1  # the first 100 tables
    folder = tmp_path / "hh"
    folder.mkdir()
    target = folder / "table.phhs"
    target.write_bytes(data[:cut])
    db = tmp_path / "db.duckdb"
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen(
        [sys.executable, "-c", "from badugi.cli.main import main; main()", "import", str(folder), "--db", str(db),
         "--jobs", "1", "--watch", "--interval", "0.2", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(root)})

    def stored() -> int:
        try:
            with duckdb.connect(str(db), read_only=True) as con:
                return int(con.execute("SELECT count(*) FROM hands").fetchall()[0][0])
        except duckdb.Error:
            return -1  # the importer holds the file right now

    def wait_for(count: int) -> None:
        deadline = time.monotonic() + 30
        while stored() != count:
            assert time.monotonic() < deadline, f"never reached {count} hands"
            time.sleep(0.2)

    try:
        wait_for(100)
        with target.open("ab") as fh:
            fh.write(data[cut:])
        wait_for(150)
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    report = json.loads(out)
    assert report["totals"]["hands_stored"] == 150
    assert "interrupted" in err
