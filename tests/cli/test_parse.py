"""``badugi parse`` on the real PokerStars folder: counts per file (taken from the files' headers with
grep), skip reasons, JSON shape, --records, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from badugi.cli.main import app
from conftest import real_file

runner = CliRunner()

HOME_GAME_SKIPS = {  # grep -o "8-Game ([^)]*)" | sort | uniq -c
    "unsupported game: 7 Card Stud Hi/Lo Limit": 18,
    "unsupported game: 7 Card Stud Limit": 16,
    "unsupported game: Hold'em Limit": 24,
    "unsupported game: Hold'em No Limit": 24,
    "unsupported game: Omaha Hi/Lo Limit": 17,
    "unsupported game: Omaha Pot Limit": 1,
    "unsupported game: Razz Limit": 19,
}  # and 18 "Triple Draw 2-7 Lowball Limit" hands, read


def by_name(data: dict) -> dict[str, dict]:
    return {Path(f["path"]).name: f for f in data["files"]}


def test_json_counts_for_the_real_pokerstars_folder() -> None:
    folder = real_file("pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt").parent
    result = runner.invoke(app, ["parse", str(folder), "--json"])
    data = json.loads(result.stdout)
    files = by_name(data)
    assert files["cash__Badugi-USD-0.25-0.50-201009.txt"] | {"path": None} == {
        "path": None, "room": "pokerstars", "hands": 4, "parsed": 4, "skipped": {}, "errors": [],
        "file_skipped": None, "notes": [], "summaries": 0, "summaries_read": 0}
    assert files["tour__LBad-USD-MTT8-201011.txt"]["hands"] == 78
    assert files["tour__LBad-USD-MTT8-201011.txt"]["parsed"] == 78
    home = files["tour__8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"]
    assert home["hands"] == 137 and home["parsed"] == 18 and home["skipped"] == HOME_GAME_SKIPS
    td = files["cash__3-Draw-Limit-USD-0.10-0.20-200911.txt"]
    assert (td["parsed"], td["skipped"]) == (17, {})
    assert data["totals"]["files"] == 7 and data["totals"]["hands"] == 17 + 1 + 4 + 1 + 1 + 137 + 78
    assert data["totals"]["parsed"] == 82 + 17 + 1 + 1 + 1 + 18 and data["totals"]["errors"] == 0
    assert result.exit_code == 0, result.output


def test_records_adds_each_hand_as_a_dict() -> None:
    path = real_file("pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt")
    result = runner.invoke(app, ["parse", str(path), "--records"])
    assert result.exit_code == 0, result.output
    [entry] = json.loads(result.stdout)["files"]
    assert [h["hand_id"] for h in entry["records"]] == ["49164202872", "49164247462", "49164255772", "49164287914"]
    assert entry["records"][0]["seats"][0] == {
        "seat": 1, "player": "Lino19", "stack": 680, "sitting_out": False, "note": None, "line": 3}


def test_text_output_and_parse_errors_exit_1(tmp_path: Path) -> None:
    data = real_file("pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt").read_bytes()
    broken = data.replace(b"JDANIELDC: folds \r\n", b"JDANIELDC: dances \r\n", 1)
    target = tmp_path / "broken.txt"
    target.write_bytes(broken)
    result = runner.invoke(app, ["parse", str(target)])
    assert result.exit_code == 1
    assert f"{target}: room pokerstars, 4 hands, 3 parsed" in result.stdout
    line = broken[:broken.index(b"JDANIELDC: dances")].count(b"\n") + 1
    assert f"{target}:{line}" in result.stdout
    result = runner.invoke(app, ["parse", str(target), "--json"])
    [entry] = json.loads(result.stdout)["files"]
    assert [(e["line"], e["hand_id"]) for e in entry["errors"]] == [(line, "49164202872")]


def test_missing_path_is_a_usage_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["parse", str(tmp_path / "nope")])
    assert result.exit_code == 2
    assert "no such file or folder" in result.output
