"""``badugi sessions`` through Typer's runner: the samples' sessions hold every hero hand in each format,
the daylight-saving hour and an unknown zone show up as flagged and undated, bad usage exits 2."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from badugi.cli.main import app
from conftest import SAMPLES

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "parsers"))
from test_pokerstars import small_hand  # noqa: E402

runner = CliRunner()


def run(args: list[str], code: int = 0) -> str:
    result = runner.invoke(app, args)
    assert result.exit_code == code, (args, result.output, result.exception)
    return result.stdout


@pytest.fixture(scope="module")
def samples_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("sessions_cli") / "samples.duckdb")
    run(["import", str(SAMPLES), "--db", path, "--jobs", "1"])
    return path


def test_the_samples_sessions_add_up_to_the_hero_hands_in_every_format(samples_db: str) -> None:
    hero_hands = json.loads(run(["stats", "--db", samples_db, "--hero", "--format", "json"]))[0]["hands"]
    found = json.loads(run(["sessions", "--db", samples_db, "--format", "json"]))
    assert found["hero"] == ["Hero"] and found["gap_minutes"] == 30 and found["times"] == "UTC"
    assert found["hands"] == hero_hands == sum(s["hands"] for s in found["sessions"]) and found["undated"] is None
    for session in found["sessions"]:
        assert sum(t["hands"] for t in session["sittings"]) == session["hands"]
        assert session["tables"] == len(session["sittings"]) and session["start"].endswith("Z")
        kinds = {m["currency"] for m in session["net_by_currency"]}
        assert kinds <= {"USD", "tournament"}  # never one sum across them
    rows = list(csv.DictReader(io.StringIO(run(["sessions", "--db", samples_db, "--format", "csv"]))))
    assert sum(int(row["hands"]) for row in rows) == hero_hands
    assert len(rows) == len(found["sessions"]) and rows[0]["start"] == found["sessions"][0]["start"]
    table = run(["sessions", "--db", samples_db])
    assert "start (UTC)" in table and f"{hero_hands:,} hands" in table
    fine = json.loads(run(["sessions", "--db", samples_db, "--format", "json", "--session-gap", "1"]))
    assert len(fine["sessions"]) > len(found["sessions"]) and fine["hands"] == hero_hands


def test_filters_and_bad_usage(samples_db: str) -> None:
    stakes = json.loads(run(["sessions", "--db", samples_db, "--format", "json", "--stakes", "tournament"]))
    tour = json.loads(run(["stats", "--db", samples_db, "--hero", "--stakes", "tournament", "--format", "json"]))
    assert stakes["hands"] == tour[0]["hands"] == 200
    assert json.loads(run(["sessions", "--db", samples_db, "--format", "json", "--since", "2030-01-01",
                           "--hero", "Hero"]))["hands"] == 0
    assert "no hands match" in run(["sessions", "--db", samples_db, "--since", "2030-01-01", "--hero", "Hero"])
    run(["sessions", "--db", samples_db, "--session-gap", "0"], 2)
    run(["sessions", "--db", samples_db, "--since", "11/10/2010"], 2)
    run(["sessions", "--db", samples_db + ".missing"], 2)


def test_the_daylight_saving_hour_is_stored_flagged_and_an_unknown_zone_is_undated(tmp_path: Path) -> None:
    # three hands for Ann: 01:30 ET on the 2010 fall-back date (ambiguous), 02:10 ET the same night
    # (exact: EST), and one in a zone no table knows (no time)
    text = "".join(small_hand(f"PokerStars Game #{n}: Badugi Limit ($0.10/$0.20 USD) - {when}") for n, when in (
        (101, "2010/11/07 01:30:00 ET"), (102, "2010/11/07 02:10:00 ET"), (103, "2012/12/14 07:59:19 CUST")))
    path = tmp_path / "dst.txt"
    path.write_text(text, encoding="utf-8")
    db = str(tmp_path / "dst.duckdb")
    run(["import", str(path), "--db", db, "--jobs", "1"])
    with duckdb.connect(db, read_only=True) as con:
        stored = con.execute("SELECT room_hand_id, start_time, time_flag FROM hands ORDER BY room_hand_id").fetchall()
    assert [(h, f) for h, _, f in stored] == [("101", "ambiguous"), ("102", None), ("103", "unknown_zone")]
    assert stored[2][1] is None
    found = json.loads(run(["sessions", "--db", db, "--format", "json"]))
    # 01:30 EDT is 05:30 UTC and 02:10 EST is 07:10 UTC: 100 minutes apart, two sessions
    assert [(s["start"], s["hands"], s["flagged_times"]) for s in found["sessions"]] == [
        ("2010-11-07T05:30:00Z", 1, 1), ("2010-11-07T07:10:00Z", 1, 0)]
    assert found["undated"]["hands"] == 1 and found["hands"] == 3
    assert [m["net"] for m in found["undated"]["net_by_currency"]] == [10]  # Ann wins Bob's 10-cent small blind
    table = run(["sessions", "--db", db])
    assert "no start time" in table and "flagged times" in table
    joined = json.loads(run(["sessions", "--db", db, "--format", "json", "--session-gap", "101"]))
    assert [s["hands"] for s in joined["sessions"]] == [2]  # 100 minutes apart: one session with a longer gap
