"""Winamax: its 2-7 Triple Draw hands are read by ``winamax.lark`` and replayed (the hand-checked record is in
``test_draw_hands_text.py``, its replay in ``tests/engine/test_draw_replay.py``); every other Winamax hand
is recognised and skipped with the header's game, never reported as unreadable."""

from __future__ import annotations

import re

import pytest

from conftest import REAL_HH, real_file

from badugi.engine.record import Hand
from badugi.parsers.reader import read_file, read_text
from badugi.parsers.results import ParseFailure, Skipped
from badugi.parsers.rooms import detect_room
from badugi.parsers.rooms.base import amount_hundredths
from badugi.parsers.rooms.winamax import Winamax

HEADER = ("Winamax Poker - CashGame - HandId: #9250793-388-1478989461 - 2-7 Triple Draw fixed limit "
          "(25\u20ac/50\u20ac) - 2016/11/12 22:24:21 UTC")


def test_detected_per_hand() -> None:
    assert detect_room(HEADER) == "winamax"
    assert detect_room("Winamax is great") is None


def test_real_file_is_one_2_7_triple_draw_hand() -> None:
    results = list(read_file(real_file("winamax/cash__Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt")))
    assert len(results) == 1
    (hand,) = results
    assert isinstance(hand, Hand) and (hand.room, hand.game) == ("winamax", "27_triple_draw")
    assert hand.hand_id == "9250793-388-1478989461" and hand.source.line == 1


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


# ---- the 2-7 Triple Draw grammar (read once the engine replays the game: the gate opened here) ----------

TD_FILE = "winamax/cash__Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt"


def td_text() -> str:
    return real_file(TD_FILE).read_bytes().decode("utf-8").replace("\r\n", "\n") + "\n"


def test_grammar_builds_in_strict_mode() -> None:
    Winamax.parser(strict=True)


def test_a_discard_is_an_unknown_line_not_a_guess() -> None:
    """No Winamax discard line has been seen (fpdb: "no discards action observed yet"): one stays an
    error naming its line, whatever it looks like."""
    text = td_text().replace("Player0 stands pat [X X X X X]\n*** SECOND-BET", "Player0 discards 2\n*** SECOND-BET", 1)
    (result,) = list(read_text(text, file="w.txt"))
    assert isinstance(result, ParseFailure) and result.code == "parse.unknown_line" and result.line == 15


def test_a_tournament_draw_header_is_a_header_error() -> None:
    """No real Winamax draw tournament exists: its header is not read, and says so."""
    text = td_text().replace("Winamax Poker - CashGame - ", 'Winamax Poker - Tournament "Draw" buyIn: 5€ + 0.50€ '
                             "level: 3 - ", 1)
    (result,) = list(read_text(text, file="w.txt"))
    assert isinstance(result, ParseFailure) and result.code == "parse.header" and result.line == 1


def test_no_rake_and_play_money() -> None:
    """``Total pot 300€ | No rake`` claims a rake of 0. Play money is whole chips in the record; the
    room's play-money tables write cents (``Holdem no limit (0.10/0.20)``), which no chip count holds: a
    ``parse.value`` failure, never a rounded amount."""
    no_rake = td_text().replace("Total pot 298€ | Rake 2€", "Total pot 300€ | No rake")
    (hand,) = list(read_text(no_rake, file="w.txt"))
    assert (hand.claims.total_pot, hand.claims.rake) == (30_000, 0)
    play = td_text().replace("(real money)", "(play money)").replace("€", "")
    (result,) = list(read_text(play, file="w.txt"))
    assert isinstance(result, ParseFailure) and result.code == "parse.value" and "2047.5" in result.message
    whole = play.replace("2047.50", "2047").replace("217.78", "217").replace("12.50", "12")
    (hand,) = list(read_text(whole, file="w.txt"))
    assert (hand.currency, hand.stakes.small_bet, hand.seats[0].stack, hand.claims.rake) == ("PLAY", 25, 2047, 2)


# Every line shape the grammar reads beyond the draw hand's own, as the same client wrote it in its other
# games (../shared/real_hh_corpus/cash/Winamax): the line, and the terminal that must read it whole.
CORPUS_WINAMAX = REAL_HH.parent / "real_hh_corpus" / "cash" / "Winamax"
SHAPES = {
    "POST": re.compile(r" posts (?:small|big) blind | posts ante "),
    "CALLS": re.compile(r" calls "), "BETS": re.compile(r" bets "), "RAISES": re.compile(r" raises \d"),
    "SHOWS": re.compile(r" shows \["), "COLLECTED": re.compile(r" collected .* from (?:pot|main pot|side pot \d+)$"),
    "DENIES": re.compile(r" (?:denies|deny) "), "POT_LINE": re.compile(r"^Total pot "),
    "SUMMARY_SEAT": re.compile(r"^Seat \d+: .* (?:won \S+|showed \[.*|folded)$"), "TABLE_LINE": re.compile(r"^Table: "),
    "SEAT_LINE": re.compile(r"^Seat \d+: [^(]*\([\d.]+€?\)$"),
}


def test_every_line_shape_was_written_by_the_room() -> None:
    if not CORPUS_WINAMAX.exists():
        pytest.skip("real hand histories not available")
    terminals = {t.name: re.compile(t.pattern.to_regexp()) for t in Winamax.parser().terminals}
    read: dict[str, int] = {}
    for path in sorted(CORPUS_WINAMAX.iterdir()):
        for line in path.read_bytes().decode("utf-8").replace("\r\n", "\n").split("\n"):
            for name, shape in SHAPES.items():
                if shape.search(line.rstrip()):
                    assert terminals[name].fullmatch(line + "\n"), (name, path.name, line)
                    read[name] = read.get(name, 0) + 1
    assert set(read) == set(SHAPES)
    assert read["RAISES"] >= 70 and read["SHOWS"] >= 100 and read["SUMMARY_SEAT"] >= 180 and read["DENIES"] == 2
