"""Winamax hands are recognised and skipped with the header's game, never reported as unreadable."""

from __future__ import annotations

from conftest import real_file

from badugi.parsers.reader import read_file, read_text
from badugi.parsers.results import ParseFailure, Skipped
from badugi.parsers.rooms import detect_room
from badugi.parsers.rooms.base import amount_hundredths

HEADER = ("Winamax Poker - CashGame - HandId: #9250793-388-1478989461 - 2-7 Triple Draw fixed limit "
          "(25\u20ac/50\u20ac) - 2016/11/12 22:24:21 UTC")


def test_detected_per_hand() -> None:
    assert detect_room(HEADER) == "winamax"
    assert detect_room("Winamax is great") is None


def test_real_file_is_one_skipped_hand() -> None:
    results = list(read_file(real_file("winamax/cash__Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt")))
    assert len(results) == 1
    (skip,) = results
    assert isinstance(skip, Skipped)
    assert skip.room == "winamax"
    assert skip.hand_id == "9250793-388-1478989461"
    assert skip.reason == "unsupported game: 2-7 Triple Draw fixed limit"
    assert skip.line == 1


def test_badugi_header_says_the_room_is_not_read() -> None:
    text = HEADER.replace("2-7 Triple Draw fixed limit", "Badugi fixed limit") + "\nTable: 'X' 6-max\n"
    (result,) = list(read_text(text, file="w.txt"))
    assert isinstance(result, Skipped) and not isinstance(result, ParseFailure)
    assert "Badugi fixed limit" in result.reason and "no grammar" in result.reason


def test_amounts_keep_their_sign() -> None:
    # KingsClub writes per-seat nets such as "-5.50" and "+298.25".
    assert amount_hundredths("-5.50") == -550
    assert amount_hundredths("+298.25") == 29825
    assert amount_hundredths("-30") == -3000
    assert amount_hundredths("$1,500.5") == 150050
