"""``--hero [NAME]``, ``--alias``, ``--player`` the same in stats, leaks and report; the note naming the
face-up names left out; money per currency in every stats format; the real files' report."""

from __future__ import annotations

import csv
import io
import json
import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi.analytics.store import Store
from badugi.analytics.tables.hands import HAND_PLAYERS
from badugi.cli.main import app
from badugi.engine.simulate import SimConfig

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "analytics"))
from sim_store import simulate_into  # noqa: E402

runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    """"Me": 50 USD cash hands and 30 tournament hands; "Friend": 20 USD cash hands."""
    path = tmp_path_factory.mktemp("heroes_cli") / "two.duckdb"
    with Store(path, memory_limit=None) as store:
        for seed, (hero, tournament, hands, first) in enumerate(
                (("Me", False, 50, 1_000_000), ("Me", True, 30, 2_000_000), ("Friend", False, 20, 3_000_000))):
            config = SimConfig(players=3, hero_name=hero, tournament=tournament, first_hand_id=first)
            simulate_into(store, (), hands, seed=seed + 1, file=f"{hero}{seed}.txt", config=config)
    return str(path)


@pytest.fixture(autouse=True)
def no_hero_in_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BADUGI_HERO", raising=False)


def _json(args: list[str]) -> object:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_hero_is_one_person_and_the_others_are_named(db: str) -> None:
    # --hero alone: last, or followed by another option (its value is left to the command)
    for args in (["stats", "--db", db, "--hero"], ["stats", "--hero", "--db", db], ["stats", "--hero=", "--db", db]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert "left out 1 other name dealt face-up cards: Friend (20 hands in pokerstars)" in result.stderr
        assert "--alias Friend" in result.stderr and "BADUGI_HERO=Me,Friend" in result.stderr
    rows = _json(["stats", "--db", db, "--hero", "--format", "json"])
    assert len(rows) == 1 and rows[0]["names"] == "Me" and rows[0]["hands"] == 80  # type: ignore[index]
    joined = _json(["stats", "--db", db, "--hero", "--alias", "Friend", "--format", "json"])
    assert joined[0]["names"] == "Friend, Me" and joined[0]["hands"] == 100  # type: ignore[index]
    leaks = runner.invoke(app, ["leaks", "--db", db, "--format", "json"])
    data = json.loads(leaks.stdout)
    assert data["player"] == "Me" and data["hands"] == 80 and data["left_out"][0]["name"] == "Friend"
    assert "Friend" in leaks.stderr


def test_hero_name_works_the_same_in_every_command(db: str, tmp_path: Path) -> None:
    stats = _json(["stats", "--db", db, "--hero", "Friend", "--format", "json"])
    assert stats[0]["names"] == "Friend" and stats[0]["hands"] == 20  # type: ignore[index]
    leaks = runner.invoke(app, ["leaks", "--db", db, "--hero", "Friend", "--format", "json"])
    assert leaks.exit_code == 0 and json.loads(leaks.stdout)["hands"] == 20 and leaks.stderr == ""
    out = tmp_path / "friend.html"
    report = runner.invoke(app, ["report", "--db", db, "--hero", "Friend", "--out", str(out)])
    assert report.exit_code == 0, report.output
    assert "<h1>Badugi report: Friend</h1>" in out.read_text(encoding="utf-8")
    player = runner.invoke(app, ["leaks", "--db", db, "--player", "Friend", "--format", "json"])
    assert json.loads(player.stdout)["hands"] == 20
    for command in (["stats"], ["leaks"], ["report", "--out", str(out)]):
        clash = runner.invoke(app, [*command, "--db", db, "--hero", "Me", "--player", "Friend"])
        assert clash.exit_code == 2 and "not both" in clash.stderr


def test_report_names_the_hero_and_the_names_left_out(db: str, tmp_path: Path) -> None:
    out = tmp_path / "me.html"
    result = runner.invoke(app, ["report", "--db", db, "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert "<h1>Badugi report: Me</h1>" in page
    assert "Left out 1 other name dealt face-up cards: Friend (20 hands in pokerstars)" in page
    nets = re.findall(r'<div class="card net" data-net="([^"]*)" data-unit="([^"]*)">', page)
    assert [unit for _, unit in nets] == ["USD", "bb"] and all(float(value) == float(value) for value, _ in nets)


def test_stats_money_per_currency_in_every_format(db: str) -> None:
    rows = _json(["stats", "--db", db, "--hero", "--format", "json"])
    money = rows[0]["money"]  # type: ignore[index]
    assert money["net"] is None and money["currency"] == "mixed"  # USD cents and chips are not added up
    split = {m["currency"]: m for m in money["by_currency"]}
    assert split["USD"]["hands"] == 50 and split["tournament"]["hands"] == 30 and split["tournament"]["unit"] == "bb"
    result = runner.invoke(app, ["stats", "--db", db, "--hero", "--format", "csv"])
    row = next(csv.DictReader(io.StringIO(result.stdout)))
    assert int(row["net_usd"]) == split["USD"]["net"] and float(row["net_bb_tournament"]) == pytest.approx(
        split["tournament"]["net_bb"])
    table = runner.invoke(app, ["stats", "--db", db, "--hero"]).stdout
    usd = re.search(r"net \(USD cash\)\s+│\s+(-?[\d,]+\.\d\d) USD", table)
    tour = re.search(r"net \(tournament chips\)\s+│\s+(-?[\d,]+\.\d) bb", table)
    assert usd and float(usd.group(1).replace(",", "")) == pytest.approx(split["USD"]["net"] / 100)
    assert tour and float(tour.group(1).replace(",", "")) == pytest.approx(split["tournament"]["net_bb"], abs=0.05)


def test_no_face_up_name_and_no_hero_given_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "nobody.duckdb"
    with Store(path, memory_limit=None) as store:
        simulate_into(store, (), 5, seed=1, players=3)
        store.con.execute(f"UPDATE {HAND_PLAYERS.stored_name} SET flags = flags & ~{HAND_PLAYERS.flag_mask('is_hero')}")
    result = runner.invoke(app, ["leaks", "--db", str(path)])
    assert result.exit_code == 2 and "give --hero NAME" in result.stderr


def test_real_files_report_names_one_hero(real_hh: Path, tmp_path: Path) -> None:
    """On ../shared/real_hh three names were dealt face-up cards, in every draw game the folder holds:
    Hero (most files: Full Tilt, KingsClub, Merge, PokerStars, Winamax), Player19 (78 PokerStars Badugi
    tournament hands) and s0rrow (21 PokerStars hands: 4 Badugi and 17 2-7 Triple Draw). The report's
    hero is the name with the most such hands, whatever the game."""
    db = str(tmp_path / "real.duckdb")
    imported = runner.invoke(app, ["import", str(real_hh), "--db", db, "--json", "--jobs", "1"])
    assert imported.exit_code in (0, 1), imported.output
    out = tmp_path / "real.html"
    result = runner.invoke(app, ["report", "--db", db, "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert "<h1>Badugi report: Hero</h1>" in page
    left_out = re.search(r'<p class="note hero-note">(Left out [^<]*)</p>', page)
    assert left_out and "Player19 (78 hands in pokerstars)" in left_out.group(1)
    assert "s0rrow (21 hands in pokerstars)" in left_out.group(1)
    nets = re.findall(r'<div class="card net" data-net="([^"]*)" data-unit="([^"]*)"><div class="v">(?:<span[^>]*>)?'
                      r'([^<]*)<', page)
    assert nets and all(re.fullmatch(r"-?[\d,]+(\.\d+)? (bb|USD|EUR|play chips)", text) for _, _, text in nets)
