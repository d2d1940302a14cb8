"""The worked hand as a PokerKit-style PHH file (no hand id, no winnings) through the commands: replay
needs no --hand for a one-hand file and prints the derived result, audit and parse name the hand by its
file, and import stores the same nets, marked as derived."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
from typer.testing import CliRunner
from worked_hand_text import WORKED_PHH

from badugi.analytics.store import Store
from badugi.analytics.stored_hands import replay_stored
from badugi.cli.main import app

runner = CliRunner()
HAND_ID = "worked.phh#1"
DESIGN_NET = {"Bob": -4, "Carol": 20, "Ted": 0, "Alice": -16}


def worked_file(tmp_path: Path, extra: str = "") -> Path:
    path = tmp_path / "worked.phh"
    path.write_text(WORKED_PHH + extra, encoding="utf-8")
    return path


def test_replay_of_a_one_hand_file_needs_no_hand_id(tmp_path: Path) -> None:
    path = worked_file(tmp_path)
    text = runner.invoke(app, ["replay", str(path)])
    assert text.exit_code == 0, text.output
    assert f"phh hand #{HAND_ID}" in text.stdout
    assert "net: Bob -4, Carol +20, Ted 0, Alice -16" in text.stdout
    assert "won by Carol; awarded by the rules (no collect claims) Carol 36" in text.stdout
    data = json.loads(runner.invoke(app, ["replay", str(path), "--json"]).stdout)
    assert data["net"] == DESIGN_NET and data["awards_derived"] is True and data["hand_id"] == HAND_ID
    by_id = runner.invoke(app, ["replay", str(path), "--hand", HAND_ID, "--json"])
    assert json.loads(by_id.stdout)["net"] == DESIGN_NET


def test_replay_of_a_many_hand_file_without_an_id_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "two.phhs"
    path.write_text(f"[1]\n{WORKED_PHH}\n[2]\n{WORKED_PHH}", encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "holds 2 hands" in result.output and "two.phhs#1, two.phhs#2" in result.output
    path.write_text(f"[1]\n{WORKED_PHH}\n[2]\n" + WORKED_PHH.replace('"p3 f"', '"p9 f"'), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])  # one readable hand and one that is not: still two
    assert result.exit_code == 2 and "holds 2 hands (1 unreadable)" in result.output


def test_parse_and_audit_name_the_hand_by_its_file(tmp_path: Path) -> None:
    path = worked_file(tmp_path)
    parsed = json.loads(runner.invoke(app, ["parse", str(path), "--records"]).stdout)
    assert [r["hand_id"] for r in parsed["files"][0]["records"]] == [HAND_ID]
    clean = runner.invoke(app, ["audit", str(path), "--json"])
    assert clean.exit_code == 0 and json.loads(clean.stdout)["violations"] == []
    assert json.loads(clean.stdout)["awards_derived"] == 1
    assert "pots awarded by the rules (no collect claims in the log): 1 hands" in runner.invoke(
        app, ["audit", str(path)]).stdout
    wrong = worked_file(tmp_path, "winnings = [0, 0, 0, 36]\n")
    audited = runner.invoke(app, ["audit", str(wrong)])
    assert audited.exit_code == 1
    assert f"showdown.wrong_winner: hand #{HAND_ID}:" in audited.stdout


def test_import_stores_the_same_nets_marked_as_derived(tmp_path: Path) -> None:
    path = worked_file(tmp_path)
    db = tmp_path / "db.duckdb"
    result = runner.invoke(app, ["import", str(path), "--db", str(db), "--jobs", "1", "--json"])
    assert result.exit_code == 0, result.output
    con = duckdb.connect(str(db), read_only=True)
    try:
        nets = dict(con.execute("SELECT player, net FROM hand_players WHERE room_hand_id = ?", [HAND_ID]).fetchall())
        head = con.execute("SELECT room, awards_derived, derived_rake, violations, undetermined FROM hands").fetchall()
        pots = con.execute("SELECT amount, winners, paid_players, paid_amounts FROM pots").fetchall()
        claimed = con.execute("SELECT count(*) FROM collects").fetchall()[0][0]
    finally:
        con.close()
    assert nets == DESIGN_NET
    assert head == [("phh", True, 0, 0, 0)]
    assert pots == [(36, ["Carol"], ["Carol"], [36])]
    assert claimed == 0  # the claims table holds claims only: the award lives in pots and hand_players
    with Store(db, read_only=True) as store:
        ((hand, replayed),) = replay_stored(store.con, [("phh", HAND_ID)]).values()
    assert replayed.awards_derived and replayed.net_by_player == DESIGN_NET

