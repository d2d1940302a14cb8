"""A hand whose first line the grammar cannot read is still named by its id in the error (the guide: every
error names file, line, hand id and what was expected). Each header below is a room's real first-line shape
with one field spoiled (an amount or a word the grammar has no terminal for), so even the tolerant reading
cannot say the game; the id is then taken from where the room writes it."""

from __future__ import annotations

import pytest

from badugi.parsers.reader import read_bytes, read_text
from badugi.parsers.results import ParseFailure


@pytest.mark.parametrize("first_line, hand_id", [
    # PokerStars: a stakes amount spoiled ("$0.2x")
    ("PokerStars Game #49164202872:  Badugi Limit ($0.2x/$0.50 USD) - 2010/09/05 10:32:15 ET", "49164202872"),
    # PokerStars tournament: the id is the hand's, not the tournament's (which follows it)
    ("PokerStars Game #52475779512: Tournament #329147852, $2.00+$0.20 USD Badugi Limit - Level I (2O/40) - "
     "2010/11/10 17:20:01 ET", "52475779512"),
    # Full Tilt: the stakes' separator spoiled
    ("Full Tilt Poker Game #25325440000: Table Lambie Dew 1 (6 max) - $0.10-$0.20 - Limit Badugi - 10:10:10 ET - "
     "2010/11/01", "25325440000"),
    # KingsClub: the stakes written with a dash
    ("#37732805: Limit Badugi - 30-60", "37732805"),
])
def test_a_header_error_names_the_hand(first_line: str, hand_id: str) -> None:
    text = first_line + "\nSeat 1: Ann ($5)\nSeat 2: Bob ($5)\n\n\n"
    results = list(read_text(text, "spoiled.txt"))
    failures = [r for r in results if isinstance(r, ParseFailure)]
    assert len(failures) == 1, results
    failure = failures[0]
    assert failure.code == "parse.header" and failure.line == 1, failure
    assert failure.hand_id == hand_id
    assert failure.message.startswith("spoiled.txt:1:"), failure.message
    assert f"(hand #{hand_id}): cannot read " in failure.message, failure.message


def test_winamax_names_the_hand_by_its_hand_id_field() -> None:
    """A Winamax tournament's name may hold a '#' before ``HandId:``: the id is the field's."""
    first_line = ('Winamax Poker - Tournament "Draw #3" buyIn: 5\u20ac + 0.50\u20ac level: 1 - HandId: '
                  '#9250793-388-1478989461 - 2-7 Triple Draw fixed limit (25\u20ac/5O\u20ac) - 2016/11/12 22:24:21 UTC')
    results = list(read_text(first_line + "\nTable: 'T' 6-max (real money) Seat #1 is the button\n\n\n", "w.txt"))
    failures = [r for r in results if isinstance(r, ParseFailure)]
    assert len(failures) == 1, results
    assert failures[0].hand_id == "9250793-388-1478989461", failures[0]


def test_undecodable_bytes_name_the_hand() -> None:
    """A hand with bytes its file's encoding cannot decode is a ``parse.decode`` failure naming the hand
    (its first line decodes) and the line the bytes are on (0x81 is no UTF-8 and no cp1252 character)."""
    data = ("Full Tilt Poker Game #25325440000: Table Lambie Dew 1 (6 max) - $0.10/$0.20 - Limit Badugi - "
            "10:10:10 ET - 2010/11/01\nSeat 1: Ann ($5)\n").encode() + b"Seat 2: B\x81b ($5)\n\n\n"
    (failure,) = [r for r in read_bytes(data, "ft.txt") if isinstance(r, ParseFailure)]
    assert failure.code == "parse.decode" and failure.hand_id == "25325440000", failure
    assert failure.message.startswith("ft.txt:1 (hand #25325440000): undecodable text in this hand: line 3: "), \
        failure.message


def test_a_first_line_no_room_reads_is_quoted_whole_enough_to_name_the_hand() -> None:
    """Text of no room is quoted up to 240 characters, not 80: a Winamax tournament header whose level lost
    its number (real first line of real_hh_corpus/tour/Winamax/Flop_NLHE-Free-MTT-201206-Ticket.only.sample.txt,
    ``Poker`` spoiled to ``Pokxr``) has its ``HandId`` past the 80th character."""
    first_line = ('Winamax Pokxr - Tournament "Super Freeroll Stade 1" buyIn: Ticket only level: 0 - HandId: '
                  '#112614957329154049-1-1340869875 - Holdem no limit (10/20) - 2012/06/28 07:51:15 UTC')
    text = (first_line + "\nTable: 'Super Freeroll Stade 1(26220213)#0' 10-max (real money) Seat #7 is the button\n"
            "Seat 1: Ann (1500)\n\n\n")
    (failure,) = [r for r in read_text(text, "w.txt") if isinstance(r, ParseFailure)]
    assert failure.code == "parse.unknown_room" and failure.line == 1, failure
    assert "HandId: #112614957329154049-1-1340869875" in failure.message, failure.message


def test_undecodable_bytes_in_a_first_line_no_room_reads_quote_it() -> None:
    """A KingsClub first line (real: real_hh/kingsclub/cash__Badugi-Limit-USD-30-60-202010.txt) with a byte
    that is no UTF-8 and no cp1252 character (0x81) inside it is recognised by no room; its decode failure
    quotes the line, so the hand is still named."""
    data = b"#37732805: Limi\x81t Badugi - 30/60\n2020-10-30 19:53:19\nTable 'Bronx  BT' Seat 1 is the button\n\n\n"
    (failure,) = [r for r in read_bytes(data, "kc.txt") if isinstance(r, ParseFailure)]
    assert failure.code == "parse.decode" and failure.line == 1, failure
    assert failure.message.startswith("kc.txt:1: undecodable text in this hand: "), failure.message
    assert "(first line '#37732805: Limi\ufffdt Badugi - 30/60')" in failure.message, failure.message
