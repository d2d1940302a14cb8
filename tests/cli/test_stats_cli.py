"""``badugi stats`` through Typer's runner on a simulated store: JSON/CSV/table on stdout, errors exit 2."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi.analytics.store import Store
from badugi.cli.main import app
from badugi.engine.policies import OpenPercent, Snow, Sound

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "analytics"))
from sim_store import simulate_into  # noqa: E402

runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("cli") / "sim.duckdb"
    with Store(path, memory_limit=None) as store:
        simulate_into(store, (OpenPercent(percent=25), Sound(), Snow()), 300, seed=3, players=3)
    return str(path)


def test_stats_json_has_one_object_per_player(db: str) -> None:
    result = runner.invoke(app, ["stats", "--db", db, "--format", "json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert len(rows) == 3 and all(row["hands"] == 300 for row in rows)
    for row in rows:
        vpip = row["vpip"]
        assert vpip["done"] <= vpip["opportunities"] and vpip["ci"][0] <= vpip["rate"] <= vpip["ci"][1]
    assert sum(row["money"]["net"] for row in rows) == -sum(row["money"]["rake_paid"] for row in rows)


def test_stats_hero_by_position_csv(db: str) -> None:
    result = runner.invoke(app, ["stats", "--db", db, "--hero", "--by", "position", "--format", "csv"])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert {row["group"] for row in rows} == {"SB", "BB", "BTN"}
    assert sum(int(row["hands"]) for row in rows) == 300 and {row["player"] for row in rows} == {"hero"}


def test_stats_table_lists_every_stat(db: str) -> None:
    result = runner.invoke(app, ["stats", "--db", db, "--player", "Hero"])
    assert result.exit_code == 0, result.output
    for title in ("VPIP", "W$SD", "stand pat, draw 1", "fold to pat bettor", "big bets/100"):
        assert title in result.stdout


@pytest.mark.parametrize("args, message", [
    (["--since", "2010-02-30"], "--since wants a date"),
    (["--hero", "--player", "x"], "not both"),
])
def test_stats_bad_usage_is_one_line_exit_2(db: str, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["stats", "--db", db, *args])
    assert result.exit_code == 2 and message in result.stderr


def test_stats_missing_database(tmp_path: Path) -> None:
    result = runner.invoke(app, ["stats", "--db", str(tmp_path / "none.duckdb")])
    assert result.exit_code == 2 and "no database" in result.stderr


def test_leaks_json_and_table(db: str) -> None:
    result = runner.invoke(app, ["leaks", "--db", db, "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["hands"] == 300 and {row["rule"] for row in data["leaks"]} >= {"open_limp", "snow", "pat_draw_1"}
    for row in data["leaks"]:
        assert len(row["examples"]) <= 5
        if row["claimed"]:
            assert row["lo"] > row["reference"]
    table = runner.invoke(app, ["leaks", "--db", db, "--hero", "Hero"])
    assert table.exit_code == 0 and "against the rest of the database" in table.stdout


def test_report_writes_one_html_file(db: str, tmp_path: Path) -> None:
    out = tmp_path / "report.html"  # (a missing folder is an error: tests/cli/test_output_paths.py)
    result = runner.invoke(app, ["report", "--db", db, "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "Badugi report" in page
    assert result.stdout == ""  # the file is the data; the note goes to stderr


def test_leaks_and_report_without_the_player_exit_2(db: str, tmp_path: Path) -> None:
    for args in (["leaks", "--hero", "nobody"], ["report", "--hero", "nobody", "--out", str(tmp_path / "r.html")]):
        result = runner.invoke(app, [*args, "--db", db])
        assert result.exit_code == 2 and "no hands for nobody" in result.stderr


def test_hero_names_from_the_environment(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BADUGI_HERO", raising=False)
    plain = json.loads(runner.invoke(app, ["stats", "--db", db, "--hero", "--format", "json"]).stdout)
    other = next(row["player"] for row in json.loads(runner.invoke(app, ["stats", "--db", db, "--format", "json"]).stdout)
                 if row["player"] != "Hero")
    assert plain[0]["names"] == "Hero" and plain[0]["hands"] == 300  # the only name dealt face-up cards
    # $BADUGI_HERO names the hero: every name in it, pooled; --alias adds to it; --hero NAME overrides it
    monkeypatch.setenv("BADUGI_HERO", f" Hero, {other} ,")
    pooled = json.loads(runner.invoke(app, ["stats", "--db", db, "--hero", "--format", "json"]).stdout)
    assert pooled[0]["names"] == ", ".join(sorted(["Hero", other])) and pooled[0]["hands"] == 600
    monkeypatch.setenv("BADUGI_HERO", other)
    alone = json.loads(runner.invoke(app, ["stats", "--db", db, "--hero", "--format", "json"]).stdout)
    assert alone[0]["names"] == other and alone[0]["hands"] == 300
    joined = json.loads(runner.invoke(app, ["stats", "--db", db, "--alias", "Hero", "--format", "json"]).stdout)
    assert joined[0]["names"] == ", ".join(sorted(["Hero", other])) and joined[0]["hands"] == 600
    named = json.loads(runner.invoke(app, ["stats", "--db", db, "--hero", "Hero", "--format", "json"]).stdout)
    assert named[0]["names"] == "Hero" and named[0]["hands"] == 300
