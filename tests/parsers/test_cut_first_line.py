"""Files cut inside their first hand's first line: said to be damaged hand histories of their room, never
"not a hand history", and a PokerStars hand cut after its id is an error, never a hand of another game."""

from __future__ import annotations

from badugi.parsers.reader import inspect, read_bytes
from badugi.parsers.results import FileSkipped, ParseFailure, Skipped

WINAMAX_HEADER = ("Winamax Poker - CashGame - HandId: #9250793-388-1478989461 - 2-7 Triple Draw fixed limit "
                  "(0.25€/0.50€) - 2016/11/12 22:24:21 UTC")
STARS_HEADER = "PokerStars Game #35839001292:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET"


def test_a_winamax_file_cut_inside_its_first_line_is_a_damaged_winamax_history() -> None:
    for cut in (20, 60, 79, 100):
        found = inspect(WINAMAX_HEADER[:cut].encode())
        assert isinstance(found, FileSkipped), cut
        assert found.room == "winamax"
        assert found.reason.startswith("damaged hand history: the file ends inside its first line"), found.reason
        assert f"({cut} characters)" in found.reason
    # cut after its stakes, the line starts a hand: read, and reported as a hand that is not whole
    results = list(read_bytes(WINAMAX_HEADER[:-1].encode(), "cut.txt"))
    assert len(results) == 1 and isinstance(results[0], ParseFailure), results


def test_a_short_or_generic_first_line_is_not_claimed_by_a_room() -> None:
    for text in ("# my notes about last night", "Winamax", "hello"):
        found = inspect(text.encode())
        assert isinstance(found, FileSkipped)
        assert found.room is None and "damaged" not in found.reason, text


def test_a_pokerstars_hand_cut_after_its_id_is_an_error_not_another_game() -> None:
    for cut in (len("PokerStars Game #35839001292: "), len("PokerStars Game #35839001292:  ")):
        results = list(read_bytes(STARS_HEADER[:cut].encode(), "cut.txt"))
        assert len(results) == 1, results
        failure = results[0]
        assert isinstance(failure, ParseFailure), failure
        # (the file ends there: the failure says so, and names the hand)
        assert failure.code == "parse.truncated" and failure.hand_id == "35839001292"
        assert "the file ends inside this hand" in failure.message


def test_a_whole_first_line_of_another_game_is_still_skipped() -> None:
    text = ("PokerStars Game #35839001293:  Hold'em No Limit ($0.01/$0.02 USD) - 2010/09/05 10:32:15 ET\n"
            "Table 'Benkoela V' 6-max Seat #1 is the button\n")
    results = list(read_bytes(text.encode(), "other.txt"))
    assert len(results) == 1 and isinstance(results[0], Skipped), results
    assert results[0].reason == "unsupported game: Hold'em No Limit"
