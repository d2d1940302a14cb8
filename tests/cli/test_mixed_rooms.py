"""``badugi audit`` (and ``badugi parse`` when present) over the whole real folder in one call: every room
mixed, the room detected per hand. Counts for Full Tilt and KingsClub were counted from the files' header
lines by hand (see tests/parsers/test_fulltilt.py and test_kingsclub.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi.cli.main import app

pytest.importorskip("badugi.parsers.reader", reason="needs the room registry's reader")

runner = CliRunner()

# room folder -> (hands replayed, hands skipped as other games): every draw game is replayed. Full Tilt: two
# Badugi files, nine one-hand 2-7/A-5 files (the partial and the dead hand among them), the 54-hand 2-7 SNG;
# KingsClub: one hand a file (Badugi, 2-7 twice, A-5, Badacey, Badeucey).
EXPECTED = {"fulltilt": (2 + 9 + 54, 0), "kingsclub": (6, 0)}


def by_room(files: dict[str, dict], room: str) -> dict[str, dict]:
    return {name: counts for name, counts in files.items() if Path(name).parent.name == room}


def test_audit_reads_every_room_of_the_real_folder_in_one_call(real_hh: Path) -> None:
    result = runner.invoke(app, ["audit", str(real_hh), "--json"])
    assert result.exit_code in (0, 1), result.output
    data = json.loads(result.stdout)
    for room, (replayed, skipped) in EXPECTED.items():
        files = by_room(data["files"], room)
        assert sum(c["replayed"] for c in files.values()) == replayed, (room, files)
        assert sum(c["clean"] for c in files.values()) == replayed, room  # zero violations
        assert sum(c["skipped"] for c in files.values()) == skipped, room
        assert sum(c["parse_failures"] for c in files.values()) == 0, room
    rooms_read = {Path(name).parent.name for name, c in data["files"].items() if c["replayed"]}
    assert {"fulltilt", "kingsclub"} <= rooms_read
    listed = [(Path(v["file"]).name, v["code"]) for v in data["violations"] if Path(v["file"]).parent.name in EXPECTED]
    # informational notices only: the hand that died before the deal, the header-and-summary hand
    assert sorted(listed) == [("cash__3-Draw-Limit-USD-10-20-201101.Dead.hand.txt", "hand.dead"),
                              ("cash__3-Draw-Limit-USD-20-40-201101.Partial.txt", "hand.partial")]


def test_audit_of_two_rooms_named_together(real_hh: Path) -> None:
    ft = real_hh / "fulltilt" / "cash__Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt"
    kc = real_hh / "kingsclub" / "cash__Badugi-Limit-USD-30-60-202010.txt"
    result = runner.invoke(app, ["audit", str(ft), str(kc), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["hands"], data["replayed"], data["violations"], data["parse_failures"]) == (2, 2, [], [])


def test_parse_reads_every_room_of_the_real_folder_in_one_call(real_hh: Path) -> None:
    commands = {c.name for c in app.registered_commands}
    if "parse" not in commands:
        pytest.skip("badugi parse is not registered yet")
    result = runner.invoke(app, ["parse", str(real_hh), "--json"])
    assert result.exit_code in (0, 1), result.output
    data = json.loads(result.stdout)
    for room, (parsed, skipped) in EXPECTED.items():
        files = [f for f in data["files"] if Path(f["path"]).parent.name == room]
        assert sum(f["parsed"] for f in files) == parsed, room
        assert sum(sum(f["skipped"].values()) for f in files) == skipped, room
        assert not [e for f in files for e in f["errors"]], room
        assert {f["room"] for f in files} == {room}
