"""A typo in an output path is a one-line error (exit 2), never a folder created on the way; only the
default data folder ($XDG_DATA_HOME/badugi) is created when missing."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi.cli.main import app

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from worked_hand_text import WORKED  # noqa: E402

runner = CliRunner()


@pytest.fixture(scope="module")
def hand_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("hands") / "worked.txt"
    path.write_bytes(WORKED.encode("utf-8"))
    return path


@pytest.fixture(scope="module")
def db(hand_file: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("db") / "worked.duckdb"
    result = runner.invoke(app, ["import", str(hand_file), "--db", str(path), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    return path


@pytest.fixture(autouse=True)
def no_env_db(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BADUGI_DB", raising=False)


def assert_usage_error(args: list[str], missing: Path, env: dict[str, str] | None = None) -> None:
    result = runner.invoke(app, args, env=env)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and f"{missing} does not exist" in lines[0], lines
    assert "Traceback" not in result.output
    assert not missing.exists()


def test_import_into_a_missing_folder_is_an_error(hand_file: Path, tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such"
    assert_usage_error(["import", str(hand_file), "--db", str(missing / "x.duckdb")], missing)
    assert not (tmp_path / "no").exists()


def test_badugi_db_in_a_missing_folder_is_an_error(hand_file: Path, tmp_path: Path) -> None:
    missing = tmp_path / "no"
    assert_usage_error(["import", str(hand_file)], missing, env={"BADUGI_DB": str(missing / "x.duckdb")})


def test_the_default_data_folder_is_created(hand_file: Path, tmp_path: Path) -> None:
    data_home = tmp_path / "data"  # missing too: the default folder is created with its parents
    result = runner.invoke(app, ["import", str(hand_file), "--jobs", "1"], env={"XDG_DATA_HOME": str(data_home)})
    assert result.exit_code == 0, result.output
    assert (data_home / "badugi" / "badugi.duckdb").is_file()


def test_db_named_in_the_default_data_folder_is_created(hand_file: Path, tmp_path: Path) -> None:
    data_home = tmp_path / "data"
    target = data_home / "badugi" / "mine.duckdb"
    result = runner.invoke(app, ["import", str(hand_file), "--db", str(target), "--jobs", "1"],
                           env={"XDG_DATA_HOME": str(data_home)})
    assert result.exit_code == 0, result.output
    assert target.is_file()


def test_report_into_a_missing_folder_is_an_error(db: Path, tmp_path: Path) -> None:
    missing = tmp_path / "no" / "dir"
    assert_usage_error(["report", "--db", str(db), "--out", str(missing / "r.html")], missing)


def test_report_under_a_file_is_an_error(db: Path, tmp_path: Path) -> None:
    (tmp_path / "plain").write_text("x")
    result = runner.invoke(app, ["report", "--db", str(db), "--out", str(tmp_path / "plain" / "r.html")])
    assert result.exit_code == 2 and "is not a folder" in result.stderr


def test_simulate_into_a_missing_folder_is_an_error(tmp_path: Path) -> None:
    missing = tmp_path / "no"
    assert_usage_error(["simulate", "--hands", "2", "--out", str(missing / "s.txt")], missing)


@pytest.mark.parametrize("fmt", ["parquet", "csv", "phh"])
def test_export_under_a_missing_folder_is_an_error(fmt: str, db: Path, hand_file: Path, tmp_path: Path) -> None:
    missing = tmp_path / "no"
    inputs = [str(hand_file)] if fmt == "phh" else []
    assert_usage_error(["export", *inputs, "--format", fmt, "--db", str(db), "--out", str(missing / "out")], missing)


def test_export_creates_its_own_folder(db: Path, tmp_path: Path) -> None:
    result = runner.invoke(app, ["export", "--format", "csv", "--db", str(db), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "hand_players.csv").is_file()
