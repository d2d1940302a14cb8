"""``badugi rank`` and ``badugi odds`` through Typer's runner: stdout data, stderr errors, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi.cli.main import app

runner = CliRunner()


def invoke(args: list[str], stdin: str | None = None):
    return runner.invoke(app, args, input=stdin)


def test_rank_prints_value_and_label() -> None:
    result = invoke(["rank", "As", "2d", "3h", "4c"])
    assert result.exit_code == 0
    assert "Badugi: 4,3,2,A" in result.stdout and "class 1 of 1092" in result.stdout


def test_rank_json_is_exactly_the_documented_object() -> None:
    result = invoke(["rank", "As 2d 3h 4c", "--json"])
    assert result.exit_code == 0
    assert result.stdout.strip() == (
        '{"cards": "As 2d 3h 4c", "size": 4, "ranks": "4,3,2,A", "class": 1, "label": "Badugi: 4,3,2,A"}'
    )


def test_rank_reads_hands_from_stdin() -> None:
    result = invoke(["rank", "-", "--json"], stdin="As 2d 3h 4c\n\n5d 7c Kc Kh\n2s 3d Ks Kd\nKc\n")
    assert result.exit_code == 0
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [row["label"] for row in rows] == ["Badugi: 4,3,2,A", "3-card: K,7,5", "2-card: 3,2", "1-card: K"]
    assert [row["class"] for row in rows] == [1, rows[1]["class"], rows[2]["class"], 1092]
    assert rows[1]["class"] < rows[2]["class"] < 1092


@pytest.mark.parametrize(
    ("style", "text"), [("fulltilt", "Badugi: Q, 4, 3, 2"), ("merge", "Badugi, Q-4-3-2"), ("pokerstars", "Badugi: Q,4,3,2")]
)
def test_rank_label_styles(style: str, text: str) -> None:
    result = invoke(["rank", "Qd 4s 3h 2c", "--style", style])
    assert result.exit_code == 0 and text in result.stdout


@pytest.mark.parametrize(
    ("args", "stdin", "needle"),
    [
        (["rank", "As", "2d", "As", "4c"], None, "As"),
        (["rank", "Xx", "2d"], None, "Xx"),
        (["rank", "As 2d 3h 4c 5s 6s"], None, "1 to 5"),
        (["rank", "-"], "As 2d 3h 4c\nAs 1d\n", "line 2"),
    ],
)
def test_rank_bad_input_is_one_line_exit_2(args: list[str], stdin: str | None, needle: str) -> None:
    result = invoke(args, stdin)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0]
    assert "Traceback" not in result.output


def test_odds_json_reproduces_design_numbers() -> None:
    result = invoke(["odds", "As 2d 3h 3c", "--discard", "3c", "--draws", "3", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["p_badugi"] == 0.512 and data["p_badugi_by_draw"] == [0.208, 0.377, 0.512]
    assert data["outs"] == 10 and data["unseen"] == 48 and data["method"] == "exact"
    assert data["made"]["3-card"] == 0.488 and data["kept"] == "As 2d 3h"


def test_odds_text_and_dead_cards() -> None:
    result = invoke(["odds", "As 2d 3h 3c", "--discard", "3c", "--dead", "4c 5c"])
    assert result.exit_code == 0
    assert "8 outs among 46 unseen" in result.stdout
    assert f"{100 * 8 / 46:5.1f}%" in result.stdout.splitlines()[1]


def test_odds_deep_draw_states_monte_carlo() -> None:
    result = invoke(["odds", "As Ad 3h 3c", "--discard", "Ad 3h 3c", "--draws", "3", "--samples", "2000", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["method"] == "monte-carlo" and data["samples"] == 2000 and data["seed"] == 1 and data["stderr"] > 0


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["odds", "As 2d 3h", "--discard", "3h"], "4 cards"),
        (["odds", "As 2d 3h 3c", "--discard", "5c"], "5c"),
        (["odds", "As 2d 3h 3c", "--discard", "3c", "--draws", "4"], "draws"),
        (["odds", "As 2d 3h 3c", "--discard", "3c", "--dead", "3c"], "3c"),
        (["odds", "As 2d 3h 3c", "--discard", "2d"], "share a rank"),
        (["odds", "As 2d 3h Qq", "--discard", "3h"], "Qq"),
    ],
)
def test_odds_bad_input_is_one_line_exit_2(args: list[str], needle: str) -> None:
    result = invoke(args)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0]


# --- badugi rank --game 27|a5 ----------------------------------------------------------------------


def test_rank_game_27_text() -> None:
    result = invoke(["rank", "--game", "27", "7s", "5d", "4h", "3c", "2d"])
    assert result.exit_code == 0
    assert result.stdout.strip() == "7s 5d 4h 3c 2d: Lo: 7,5,4,3,2 (class 1 of 7462; counts 7s 5d 4h 3c 2d)"


def test_rank_game_27_json_is_exactly_the_documented_object() -> None:
    result = invoke(["rank", "--game", "27", "8h 5s 8c 7d 2d", "--json"])
    assert result.exit_code == 0
    row = json.loads(result.stdout)
    assert list(row) == ["cards", "game", "category", "ranks", "class", "label"]
    assert row["cards"] == "8h 5s 8c 7d 2d" and row["game"] == "27" and row["category"] == "one pair"
    assert row["ranks"] == "8,8,7,5,2" and row["label"] == "Lo: a pair of Eights"
    assert 1 < row["class"] < 7462


def test_rank_game_a5_reads_stdin_in_each_style() -> None:
    stdin = "As 2d 3h 4c 5s\n# comment\n6c 3c Ad 2s 2h\nKs Kd Kh Kc Qd\n"
    result = invoke(["rank", "--game", "a5", "-", "--json", "--style", "merge"], stdin=stdin)
    assert result.exit_code == 0
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [row["label"] for row in rows] == ["5-4-3-2-A", "Pair of Twos", "Four of a Kind Kings"]
    assert [row["class"] for row in rows][::2] == [1, 6175]


def test_rank_game_27_straights_and_flushes_count_against() -> None:
    result = invoke(["rank", "--game", "27", "-", "--style", "fulltilt"], stdin="6s 5d 4h 3c 2d\n7s 5s 4s 3s 2s\n")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("6s 5d 4h 3c 2d: a straight, Six high (class ")
    assert lines[1].startswith("7s 5s 4s 3s 2s: a flush, Seven high (class ")


def test_rank_default_game_is_badugi() -> None:
    assert invoke(["rank", "As 2d 3h 4c", "--json"]).stdout == invoke(
        ["rank", "As 2d 3h 4c", "--json", "--game", "badugi"]
    ).stdout


@pytest.mark.parametrize(
    ("args", "stdin", "needle"),
    [
        (["rank", "--game", "27", "As 2d 3h 4c"], None, "5 cards, got 4"),
        (["rank", "--game", "a5", "As 2d 3h 4c As"], None, "As"),
        (["rank", "--game", "27", "-"], "7s 5d 4h 3c 2d\n7s 5d 4h 3c\n", "line 2"),
    ],
)
def test_rank_game_bad_input_is_one_line_exit_2(args: list[str], stdin: str | None, needle: str) -> None:
    result = invoke(args, stdin)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0]


def test_rank_unknown_game_is_a_usage_error() -> None:
    result = invoke(["rank", "--game", "holdem", "As 2d 3h 4c 5s"])
    assert result.exit_code == 2 and "holdem" in result.output


def test_a_bug_is_one_line_and_a_saved_traceback(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """An unexpected exception in a command (a bug) is one line on stderr naming it and the file holding its
    traceback, exit 4; never a traceback on the screen. ``BADUGI_DEBUG=1`` lets it through."""
    import badugi.cli.rank
    from badugi.cli.main import main

    def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise ZeroDivisionError("the evaluator broke")

    monkeypatch.setattr(badugi.cli.rank, "evaluate", broken)
    monkeypatch.setattr("sys.argv", ["badugi", "rank", "As 2d 3c 4h"])
    monkeypatch.delenv("BADUGI_DEBUG", raising=False)
    with pytest.raises(SystemExit) as stopped:
        main()
    assert stopped.value.code == 4
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1
    assert "internal error (a bug in badugi): ZeroDivisionError: the evaluator broke" in err
    saved = Path(err.split("the traceback is in ")[1].split(":")[0])
    try:
        assert "Traceback" in saved.read_text() and "the evaluator broke" in saved.read_text()
    finally:
        saved.unlink()
    monkeypatch.setenv("BADUGI_DEBUG", "1")
    with pytest.raises(ZeroDivisionError):
        main()
