"""A file that stops inside its last hand (copied while the client wrote it, or cut short) says so: the hand's
failure is ``parse.truncated`` and names the file's end, whatever the room's reader made of the cut line. A
damaged line in a hand the file holds whole is not a cut."""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi.parsers.reader import read_bytes
from badugi.parsers.results import ParseFailure
from conftest import REAL_HH, real_file

ENDS = "the file ends inside this"


def _last(data: bytes) -> ParseFailure:
    results = list(read_bytes(data, "cut.txt"))
    assert isinstance(results[-1], ParseFailure), results[-1]
    return results[-1]


def _stars() -> bytes:
    return real_file("pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt").read_bytes()


def test_a_hand_cut_inside_its_last_summary_line() -> None:
    data = _stars().rstrip(b"\r\n")
    cut = data[:data.rindex(b"\r\n") + len(b"\r\nSeat ")]  # the file ends at "Seat " of the last seat line
    failure = _last(cut)
    assert failure.code == "parse.truncated" and ENDS + " hand" in failure.message
    assert failure.line == cut.count(b"\n") + 1 and failure.hand_id is not None


def test_the_same_damaged_line_in_a_whole_file_is_not_a_cut() -> None:
    data = _stars().rstrip(b"\r\n")
    damaged = data[:data.rindex(b"\r\n") + len(b"\r\nSeat ")] + b"\r\n\r\n\r\n"  # the file goes on after it
    failure = _last(damaged)
    assert failure.code != "parse.truncated" and ENDS not in failure.message


def test_a_hand_cut_between_lines_before_its_summary() -> None:
    data = _stars()
    cut = data[:data.rindex(b"*** SUMMARY ***")]
    failure = _last(cut)
    assert failure.code == "parse.truncated" and ENDS + " hand" in failure.message


def test_a_first_line_cut_short_is_no_unknown_room() -> None:
    data = _stars()
    last = data.rindex(b"PokerStars Game #")
    failure = _last(data[:last + len(b"PokerSt")])
    assert failure.code == "parse.truncated" and failure.room is None and ENDS in failure.message


def test_a_utf16_file_cut_inside_a_character() -> None:
    data = real_file("fulltilt/cash__3-Draw-Limit-USD-0.10-0.20-201011.txt").read_bytes()
    assert data.startswith(b"\xff\xfe")
    cut = data[:len(data) - 301]  # an odd length: the last character is half there
    assert len(cut) % 2 == 1
    failure = _last(cut)
    assert failure.code == "parse.truncated" and ENDS + " hand" in failure.message


def test_a_tournament_summary_cut_short() -> None:
    folder = REAL_HH.parent / "real_hh_corpus" / "summaries" / "Stars"
    path = folder / "NLHE-6max-STT-play-1000-201605.FullTilt.txt"
    if not path.exists():
        pytest.skip(f"real summaries not available: {path}")
    data = Path(path).read_bytes().rstrip(b"\r\n")
    cut = data[:data.rindex(b"\n") + 4]  # inside the last line
    failure = _last(cut)
    assert failure.code == "parse.summary.truncated" and ENDS + " summary" in failure.message
