"""``badugi import`` and ``badugi export`` through the Typer runner: exit codes, stdout, stderr."""

from __future__ import annotations

import json
import os
import subprocess
import sys
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


def test_a_folder_of_odd_files_lists_each_with_its_reason_and_strict_fails(tmp_path: Path, monkeypatch) -> None:
    """An empty file, a PNG, random bytes and a corrupted history: every file is listed with why, the
    rejected hand and the broken rule are named by code, and --strict exits 1 (plain import exits 0)."""
    import random

    from conftest import real_file

    folder = tmp_path / "odd"
    folder.mkdir()
    (folder / "empty.txt").write_bytes(b"")
    (folder / "shot.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8)
    (folder / "noise.bin").write_bytes(random.Random(7).randbytes(100_000))
    text = real_file("pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt").read_bytes()
    first, rest = text.split(b"PokerStars Game #49164247462", 1)
    # the first hand: a verb the client never writes (rejected); the last: a call of the wrong amount
    broken = first.replace(b"Lino19: folds", b"Lino19: fodls", 1) + b"PokerStars Game #49164247462" + rest
    at = broken.rindex(b"calls $0.25")
    (folder / "broken.txt").write_bytes(broken[:at] + b"calls $0.20" + broken[at + len(b"calls $0.25"):])
    db = tmp_path / "db.duckdb"
    plain = runner.invoke(app, ["import", str(folder), "--db", str(db), "--jobs", "1", "--json"])
    assert plain.exit_code == 0, plain.output
    files = {Path(f["file"]).name: f for f in json.loads(plain.stdout)["files"]}
    assert set(files) == {"empty.txt", "shot.png", "noise.bin", "broken.txt"}
    assert files["empty.txt"]["file_skipped"] == "empty file"
    assert files["shot.png"]["file_skipped"] == "not a hand history: PNG image"
    assert files["noise.bin"]["file_skipped"] == "not a hand history: binary data"
    assert files["broken.txt"]["reject_codes"] == {"parse.unknown_line": 1}
    # the short call is the first rule broken; the pot lines that follow no longer add up either
    assert files["broken.txt"]["violation_codes"]["call.wrong_amount"] == 1
    monkeypatch.chdir(tmp_path)  # the table shows paths from here: short enough not to wrap
    strict = runner.invoke(app, ["import", "odd", "--db", "db2.duckdb", "--jobs", "1", "--strict"])
    assert strict.exit_code == 1, strict.output
    for said in ("whole file: empty file", "whole file: not a hand history: PNG image",
                 "whole file: not a hand history: binary data", "rejected: parse.unknown_line ×1", "broke:",
                 "call.wrong_amount ×1", "where and why in odd/broken.txt: badugi audit odd/broken.txt"):
        assert said in strict.stdout, said


def test_the_console_script_imports_without_loading_the_other_commands_libraries(tmp_path: Path) -> None:
    """``badugi import`` (the console script, ``badugi.cli.run``) imports the import command's module
    alone: polars and plotly, which only the analysis commands use, stay unloaded (~40 MB of the importing
    process), and the command runs as under the whole app."""
    db = tmp_path / "db.duckdb"
    code = ("import json, sys\n"
            "from badugi.cli import run\n"
            "try:\n"
            "    run()\n"
            "finally:\n"
            "    print(json.dumps(sorted(m for m in ('polars', 'plotly') if m in sys.modules)), file=sys.stderr)\n")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code, "import", str(real_file(BADUGI_FILE)), "--db", str(db),
                           "--jobs", "1", "--json"], capture_output=True, text=True, cwd=root,
                          env={**os.environ, "PYTHONPATH": str(root)})
    assert done.returncode == 0, done.stderr
    expected = sum(isinstance(r, Hand) for r in read_file(real_file(BADUGI_FILE)))
    assert json.loads(done.stdout)["totals"]["hands_stored"] == expected
    assert json.loads(done.stderr.strip().splitlines()[-1]) == []
    stats = runner.invoke(app, ["stats", "--db", str(db), "--format", "json"])  # the whole app reads it
    assert stats.exit_code == 0, stats.output


def test_a_database_that_refuses_a_write_gives_one_clear_line_and_keeps_what_was_committed(tmp_path: Path) -> None:
    """DuckDB failing a batch (here: the disk full at the second batch, with one process, whose writes run
    in a thread) ends the import with one ``error:`` line naming the database and the hand file, exit 2,
    no traceback; the first batch stays, and a rerun stores the rest: every hand once."""
    source = SAMPLES / "pokerstars_fl_cash_6max.txt"
    db = tmp_path / "db.duckdb"
    code = ("import sys, duckdb\n"
            "from badugi.analytics.store import Store\n"
            "real, calls = Store._write, []\n"
            "def failing(self, tables, progress):\n"
            "    calls.append(1)\n"
            "    if len(calls) == 2:\n"
            "        raise duckdb.IOException('No space left on device')\n"
            "    return real(self, tables, progress)\n"
            "Store._write = failing\n"
            "from badugi.cli import run\n"
            "run()\n")
    root = Path(__file__).resolve().parents[2]
    args = ["import", str(source), "--db", str(db), "--jobs", "1", "--batch-hands", "50"]
    env = {**os.environ, "PYTHONPATH": str(root)}
    failed = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=root, env=env)
    assert failed.returncode == 2, failed.stderr
    assert "Traceback" not in failed.stderr
    said = [line for line in failed.stderr.splitlines() if line.startswith("error:")]
    assert len(said) == 1 and str(db) in said[0] and str(source) in said[0] and "No space left" in said[0], failed.stderr
    from badugi.parsers.reader import iter_hand_texts

    with source.open("rb") as fh:
        expected = sum(1 for _ in iter_hand_texts(fh))  # the simulator's file: every piece a Badugi hand
    assert expected > 100  # more than two batches of 50
    again = runner.invoke(app, ["import", str(source), "--db", str(db), "--jobs", "1", "--json"])
    assert again.exit_code == 0, again.output
    totals = json.loads(again.stdout)["totals"]
    assert totals["hands_stored"] == expected - 50 and totals["duplicates"] == 0
    stats = runner.invoke(app, ["export", "--db", str(db), "--format", "csv", "--out", str(tmp_path / "out")])
    assert stats.exit_code == 0, stats.output


def test_a_dangling_link_is_one_file_error_named_by_its_own_path_and_the_rest_imports(tmp_path: Path) -> None:
    """A link whose target is gone (a moved archive, a file deleted while the folder is listed) is that
    file's error, named by the link the user has, never a traceback; the folder's other files import, and
    the run exits 1 as for any file that cannot be read."""
    folder = tmp_path / "hh"
    folder.mkdir()
    (folder / "a.txt").write_bytes((SAMPLES / "pokerstars_fl_cash_6max.txt").read_bytes())
    (folder / "gone.txt").symlink_to(tmp_path / "moved-away.txt")
    for jobs in ("1", "2"):
        db = tmp_path / f"db{jobs}.duckdb"
        result = runner.invoke(app, ["import", str(folder), "--db", str(db), "--jobs", jobs, "--json"])
        assert result.exit_code == 1, result.output
        files = {Path(f["file"]).name: f for f in json.loads(result.stdout)["files"]}
        assert files["gone.txt"]["error"].startswith("cannot read: "), files["gone.txt"]
        assert files["gone.txt"]["file"] == str(folder / "gone.txt")
        assert files["a.txt"]["hands_stored"] > 0 and files["a.txt"]["error"] is None
