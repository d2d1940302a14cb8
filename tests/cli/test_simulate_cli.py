"""``badugi simulate`` through the Typer runner: files written, same seed same bytes, clear errors."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from badugi.cli.main import app
from badugi.parsers.phh import read_phh_text

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, ["simulate", *args])


def test_same_seed_same_bytes_and_hand_count(tmp_path: Path) -> None:
    first, second, other = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "c.txt"
    for path, seed in ((first, "7"), (second, "7"), (other, "8")):
        result = run("--hands", "40", "--players", "6", "--room", "pokerstars", "--seed", seed, "--out", str(path))
        assert result.exit_code == 0, result.output
    data = first.read_bytes()
    assert data == second.read_bytes() != other.read_bytes()
    assert data.startswith(b"\xef\xbb\xbfPokerStars Game #")
    assert data.count(b"*** SUMMARY ***") == 40
    assert not list(tmp_path.glob("*.part"))


def test_every_room_and_limit_it_supports(tmp_path: Path) -> None:
    ft = tmp_path / "ft.txt"
    assert run("--hands", "20", "--room", "fulltilt", "--players", "9", "--stakes", "0.05/0.10",
               "--out", str(ft)).exit_code == 0
    assert ft.read_bytes()[:2] == b"\xff\xfe"
    assert ft.read_bytes().decode("utf-16").count("Full Tilt Poker Game #") == 20
    for limit in ("fl", "pl", "hpl", "nl"):
        phh = tmp_path / f"{limit}.phhs"
        result = run("--hands", "15", "--room", "phh", "--limit", limit, "--policy", "maniac", "--policy", "sound",
                     "--out", str(phh))
        assert result.exit_code == 0, result.output
        hands = list(read_phh_text(phh.read_text(), str(phh)))
        assert len(hands) == 15 and all(type(h).__name__ == "Hand" for h in hands)
    tour = tmp_path / "tour.txt"
    assert run("--hands", "30", "--tournament", "--players", "3", "--out", str(tour)).exit_code == 0
    assert b"Tournament #" in tour.read_bytes()


def test_every_draw_game_in_the_rooms_that_write_it(tmp_path: Path) -> None:
    """``--game``: PokerStars 2-7 Triple Draw (fixed limit) and Single Draw (no limit), Full Tilt's A-5,
    PHH's Badeucey; the headers carry the game as the clients wrote it."""
    for game, room, limit, words in (("27td", "pokerstars", "fl", b"Triple Draw 2-7 Lowball Limit"),
                                      ("27sd", "pokerstars", "nl", b"Single Draw 2-7 Lowball No Limit"),
                                      ("a5td", "fulltilt", "fl", "Limit A-5 Triple Draw".encode("utf-16-le")),
                                      ("badeucey", "phh", "pl", b'variant = "_PB2L3D"')):
        out = tmp_path / f"{game}.txt"
        result = run("--game", game, "--room", room, "--limit", limit, "--hands", "12", "--out", str(out))
        assert result.exit_code == 0, result.output
        assert out.read_bytes().count(words) == 12, game


def test_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    out = str(tmp_path / "x.txt")
    for args in (["--room", "pokerstars", "--limit", "hpl"], ["--room", "fulltilt", "--limit", "nl"],
                 ["--stakes", "a/b"], ["--policy", "nope"], ["--room", "fulltilt", "--tournament"],
                 ["--game", "badacey"], ["--game", "a5td"], ["--game", "27sd"], ["--game", "27td", "--players", "9"]):
        result = run("--hands", "3", "--out", out, *args)
        assert result.exit_code == 2, (args, result.output)
        assert "error: " in result.output
    assert not Path(out).exists()


def test_help_has_an_example() -> None:
    result = run("--help")
    assert result.exit_code == 0 and "badugi simulate --hands" in result.output


def test_committed_samples_are_what_the_documented_command_writes(tmp_path: Path) -> None:
    """scripts/make_samples.sh's PokerStars cash line, run again, gives the committed bytes."""
    from conftest import ROOT, SAMPLES

    script = (ROOT / "scripts" / "make_samples.sh").read_text()
    assert "--room pokerstars --limit fl --stakes 0.25/0.50 --players 6 --hands 200 --seed 101 --noise 0.03" in script
    out = tmp_path / "again.txt"
    result = run("--room", "pokerstars", "--limit", "fl", "--stakes", "0.25/0.50", "--players", "6", "--hands", "200",
                 "--seed", "101", "--noise", "0.03", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == (SAMPLES / "pokerstars_fl_cash_6max.txt").read_bytes()
