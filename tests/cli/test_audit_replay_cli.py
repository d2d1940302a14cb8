"""``badugi audit`` and ``badugi replay`` through the Typer runner: exit codes, JSON shape, stdout/stderr."""

from __future__ import annotations

import json
from pathlib import Path

import sys
import types

import pytest
from conftest import real_file
from typer.testing import CliRunner
from worked_hand_text import WORKED

from badugi.cli.main import app
from badugi.parsers.rooms.merge import read_merge_file

runner = CliRunner()


def test_audit_and_replay_of_real_merge_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands on their own, with the Merge reader standing in for the room registry."""
    import badugi.parsers.reader as reader

    stand_in = types.ModuleType("badugi.parsers.reader")
    stand_in.read_file = read_merge_file  # type: ignore[attr-defined]
    stand_in.read_hands = reader.read_hands  # type: ignore[attr-defined]  # (the Merge reader's own machinery)
    monkeypatch.setitem(sys.modules, "badugi.parsers.reader", stand_in)
    pl = real_file("merge/cash__Badugi-PL-USD-0.05-0.10-201101.Sample.txt")
    hpl = real_file("merge/cash__Badugi-HPL-USD-0.50-0.50-201104.Sample.txt")
    result = runner.invoke(app, ["audit", str(pl), str(hpl), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["hands"], data["replayed"], data["violations"]) == (2, 2, [])
    # HPL hand checked by hand: antes $0.50 x 3, Player3 bets $0.75, Player2 calls; Player3 bets $1.50
    # after the third draw and Player2 folds: $1.50 uncalled, the $3.00 pot less $0.12 rake to Player3.
    result = runner.invoke(app, ["replay", str(hpl), "--hand", "33227759-34", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["net"] == {"Hero": -50, "Player2": -125, "Player3": 163}
    assert data["rake"] == 12 and data["pots"][0]["amount"] == 300 and data["pots"][0]["winners"] == ["Player3"]
    fold = next(s for s in data["steps"] if s["kind"] == "fold" and s["player"] == "Player2" and s["street"] == 3)
    assert fold["to_call"] == 150 and fold["pot"] == 450
    text = runner.invoke(app, ["replay", str(hpl), "--hand", "33227759-34"])
    assert "Player3: gets $1.50 back (uncalled)" in text.stdout
    assert "Hero holds Ts 2s 4c As (2-card: 4,A)" in text.stdout


def worked() -> str:
    """The DESIGN §7 worked hand as PokerStars text."""
    return WORKED


def write(tmp_path: Path, text: str, name: str = "hands.txt") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return path


def test_audit_clean_file_exits_0_with_json(tmp_path: Path) -> None:
    path = write(tmp_path, worked())
    result = runner.invoke(app, ["audit", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["hands"] == 1 and data["replayed"] == 1
    assert data["violations"] == [] and data["by_code"] == {} and data["undetermined"] == {}


def test_audit_reports_a_wrong_collection_with_file_line_and_exit_1(tmp_path: Path) -> None:
    # Alice (the loser) claimed to collect: the evaluator gives the pot to Carol.
    bad = worked().replace("Carol collected $36 from pot", "Alice collected $36 from pot")
    path = write(tmp_path, bad)
    result = runner.invoke(app, ["audit", str(path), "--json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    codes = [v["code"] for v in data["violations"]]
    assert "showdown.wrong_winner" in codes
    v = next(v for v in data["violations"] if v["code"] == "showdown.wrong_winner")
    assert v["line"] == WORKED.split("\r\n").index("Carol collected $36 from pot") + 1
    assert v["hand_id"] == "1000000001" and v["file"].endswith("hands.txt")
    assert set(v) == {"code", "file", "line", "hand_id", "expected", "found", "message"}
    assert data["by_code"]["showdown.wrong_winner"] >= 1
    text = runner.invoke(app, ["audit", str(path)])
    assert text.exit_code == 1
    assert f"{path}:{v['line']}: showdown.wrong_winner: hand #1000000001" in text.stdout
    only = json.loads(runner.invoke(app, ["audit", str(path), "--json", "--rule", "rake"]).stdout)
    assert only["violations"] == []


def test_audit_usage_errors_exit_2(tmp_path: Path) -> None:
    assert runner.invoke(app, ["audit", str(tmp_path / "missing.txt")]).exit_code == 2
    path = write(tmp_path, "not a hand")
    result = runner.invoke(app, ["audit", str(path), "--rule", "nonsense.code"])
    assert result.exit_code == 2 and "unknown rule" in result.output


def test_audit_real_pokerstars_files_are_clean() -> None:
    worked()
    cash = real_file("pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt")
    tour = real_file("pokerstars/tour__LBad-USD-MTT8-201011.txt")
    result = runner.invoke(app, ["audit", str(cash), str(tour), "--json"])
    data = json.loads(result.stdout)
    assert data["replayed"] == 82 and data["violations"] == [], data["by_code"]
    assert result.exit_code == 0


def test_replay_shows_the_hand_step_by_step(tmp_path: Path) -> None:
    path = write(tmp_path, worked())
    result = runner.invoke(app, ["replay", str(path), "--hand", "1000000001", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["net"] == {"Bob": -400, "Carol": 2000, "Ted": 0, "Alice": -1600}
    assert data["currency"] == "USD" and data["violations"] == []
    raise_step = next(s for s in data["steps"] if s["kind"] == "raise")
    assert raise_step["player"] == "Alice" and raise_step["amount"] == 800 and raise_step["to_call"] == 400
    assert raise_step["pot"] == 1200 + 400 + 800
    text = runner.invoke(app, ["replay", str(path), "--hand", "#1000000001"])
    assert text.exit_code == 0
    assert "Alice holds 2s 4c 9h 6d (Badugi: 9,6,4,2)" in text.stdout
    assert "won by Carol" in text.stdout and "no violations" in text.stdout


def test_replay_unknown_hand_is_a_usage_error(tmp_path: Path) -> None:
    path = write(tmp_path, worked())
    result = runner.invoke(app, ["replay", str(path), "--hand", "42"])
    assert result.exit_code == 2 and "no hand #42" in result.output


def test_replay_of_a_split_pot_names_each_half_and_each_halfs_hand() -> None:
    """KingsClub's Badacey hand: each shown hand valued in both halves, each half's winner, the JSON's halves."""
    path = real_file("kingsclub/cash__Badacey-Limit-USD-22-44-202101.txt")
    text = runner.invoke(app, ["replay", str(path)])
    assert text.exit_code == 0, text.output
    assert "Hero ends with Ad 2h 8h 7c 9s (Badugi: 9,7,2,A / Lo: 9,8,7,2,A)" in text.stdout
    assert "Badugi half $168.00: won by Player1" in text.stdout and "A-5 low half $168.00: won by Hero" in text.stdout
    data = json.loads(runner.invoke(app, ["replay", str(path), "--json"]).stdout)
    assert data["pots"][0]["halves"] == [{"half": "Badugi", "amount": 16_800, "winners": ["Player1"]},
                                         {"half": "A-5 low", "amount": 16_800, "winners": ["Hero"]}]
    lowball = runner.invoke(app, ["replay", str(real_file("kingsclub/cash__2-7 Triple Draw Lowball-FL-USD-40-80-202101.txt"))])
    assert "Hero ends with 3c 8h 2c 4c 6h (Lo: 8,6,4,3,2)" in lowball.stdout


def test_audit_goes_on_past_a_hand_the_replay_crashes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A replay crash (a bug) on one hand is an ``internal.replay`` finding at that hand's first line, with
    the error named, and exit 1; the other hands are replayed and counted as before: no traceback."""
    from badugi.analytics import conformance
    from conftest import SAMPLES

    real_replay = conformance.replay

    def crashing(hand):  # type: ignore[no-untyped-def]
        if hand.hand_id == "49265200002":
            raise OverflowError("Python int too large to convert to C ssize_t")
        return real_replay(hand)

    monkeypatch.setattr(conformance, "replay", crashing)
    sample = SAMPLES / "pokerstars_fl_cash_6max.txt"
    result = runner.invoke(app, ["audit", str(sample), "--json"])
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    [failure] = data["parse_failures"]
    assert (failure["code"], failure["hand_id"], failure["line"]) == ("internal.replay", "49265200002", 1)
    assert "OverflowError" in failure["message"]
    assert data["replayed"] == data["hands"] - 1 > 0
    text = runner.invoke(app, ["audit", str(sample)])
    assert text.exit_code == 1 and "Traceback" not in text.output
    assert "internal.replay" in text.output and "a bug in badugi" in text.output
