"""PokerStars hands are read in one parse (``LarkRoom.HAND_START``: ``hand: first_line body``); a hand that
parse rejects is read again the two-step way (header, then body), the reference reading. Whatever the
text, both must give exactly the same result: records with the same file lines, the same skips, the same
failures (codes, lines, columns, expected terminals, messages)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badugi.parsers.results import ParseFailure, Skipped
from badugi.parsers.rooms import pokerstars_lines as lines
from badugi.parsers.rooms.pokerstars import PokerStars
from badugi.parsers.split import HandText
from conftest import REAL_HH
from pokerstars_hands import files, hand_texts, mutated_pieces

ROOM = PokerStars()


def both(hand, file: str = "f.txt") -> tuple:  # noqa: ANN001 - a HandText
    return ROOM.parse(hand, file), ROOM._parse_in_two_steps(hand, file)


def test_every_real_and_sample_hand_reads_the_same() -> None:
    kinds: set[str] = set()
    for path in files():
        for hand in hand_texts(path.read_bytes()):
            one, two = both(hand, path.name)
            assert one == two, (path.name, hand.first_line)
            kinds.add(type(one).__name__)
    # the real Home Game file holds other games (without ../shared, only the samples' Badugi hands are read)
    assert ({"Hand", "Skipped"} if (REAL_HH / "pokerstars").is_dir() else {"Hand"}) <= kinds


SMALL_HAND = """\
PokerStars Game #1: {game} ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($5 in chips)
Seat 2: Bob ($5 in chips)
Ann: posts small blind $0.10
Bob: posts big blind $0.25
*** DEALING HANDS ***
Ann: folds
Uncalled bet ($0.15) returned to Bob
Bob collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
Seat 1: Ann (small blind) folded before the Draw
Seat 2: Bob (big blind) collected ($0.20)
"""


def test_file_lines_count_from_the_hands_first_line() -> None:
    """The hand starts at file line 3 (two lines before it): its second seat line is line 6 of the file,
    'Ann: folds' line 10, the pot line 14 and the last summary seat line 16 (counted by hand)."""
    (hand,) = hand_texts(b"\n\n" + SMALL_HAND.format(game="Badugi Limit").encode())
    header, _body = PokerStars.fast_parser().parse(hand.text, start="hand")  # (read in one parse)
    assert header.hand_id == "1"
    one, two = both(hand)
    assert one == two
    assert one.source.line == 3
    assert [seat.line for seat in one.seats] == [5, 6]
    assert [event.line for event in one.events] == [7, 8, 10, 11, 12]
    assert one.claims.line == 14
    assert [row.line for row in one.claims.summary] == [15, 16]


def test_another_game_is_skipped_before_its_body_is_read() -> None:
    """A Hold'em hand whose body this grammar could not read is skipped, as the header alone says."""
    text = SMALL_HAND.format(game="Hold'em No Limit").replace("*** DEALING HANDS ***", "*** HOLE CARDS ***")
    (hand,) = hand_texts(text.encode())
    one, two = both(hand)
    assert isinstance(one, Skipped) and one == two
    assert one.reason == "unsupported game: Hold'em No Limit" and one.hand_id == "1"


def test_a_rejected_hand_reports_the_two_step_error() -> None:
    """The body's own line numbers and expected terminals: 'Ann: flods' is file line 8."""
    (hand,) = hand_texts(SMALL_HAND.format(game="Badugi Limit").replace("Ann: folds", "Ann: flods").encode())
    one, two = both(hand)
    assert isinstance(one, ParseFailure) and one == two
    assert one.code == "parse.unknown_line" and one.line == 8


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_hands_read_the_same(data: st.DataObject) -> None:
    for piece in mutated_pieces(data):
        one, two = both(piece)
        assert one == two


def token_types(text: str) -> list[str]:
    """The tokens the one parse reads ``text`` with (Lark's own parser, the same grammar and lexer)."""
    return [token.type for token in PokerStars.parser().parse_interactive(text, start="hand").iter_parse()]


RUN_EDGES = """\
PokerStars Game #2: Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: *** FIRST DRAW *** ($5 in chips)
Seat 2: Bob ($5 in chips)
*** FIRST DRAW ***: posts small blind $0.10
Bob: posts big blind $0.25
*** DEALING HANDS *** \t
Dealt to Bob [As 2c 3d 4h]
*** FIRST DRAW ***: calls $0.15
Bob: checks
*** FIRST DRAW ***
*** SECOND DRAW ***
*** FIRST DRAW ***: discards 1 card
*** SUMMARY ***: checks
Bob: stands pat
*** THIRD DRAW ***
*** SUMMARY ***
Total pot $0.50 | Rake $0
Seat 1: *** FIRST DRAW *** (small blind) mucked
Seat 2: Bob (big blind) collected ($0.50)
"""


def test_the_lines_after_the_table_are_one_token_cut_at_the_marker_lines() -> None:
    """``HAND_REST``: the runs, sections (one without a run, a marker with trailing spaces) and the summary of one
    token, cut only at whole marker lines (a player named like a marker acts within a run), to the lines and values
    the tokens of ``hand_body`` give, as the reference reading reads them."""
    (hand,) = hand_texts(RUN_EDGES.encode())
    assert token_types(hand.text)[-2:] == ["HAND_TABLE", "HAND_REST"]
    one, two = both(hand)
    assert one == two and one.hero == "Bob"
    assert [event.line for event in one.events] == [5, 6, 8, 9, 10, 13, 14, 15]
    assert one.claims.line == 18 and [row.line for row in one.claims.summary] == [19, 20]
    assert token_types(SMALL_HAND.format(game="Badugi Limit"))[-1] == "HAND_REST"


def test_a_run_that_starts_with_table_noise_is_read_by_the_tokens_of_hand_body() -> None:
    """``HAND_REST`` starts with an action (a run that starts with noise or a deal is a token of its own): such a hand is
    read by the tokens of ``hand_body``, to the reference reading's record."""
    for first in ("Ann has timed out", "Dealt to Ann [As 2c 3d 4h]", "Bob said, \"hi\""):
        text = SMALL_HAND.format(game="Badugi Limit").replace("Ann: posts small blind", f"{first}\nAnn: posts small blind")
        (hand,) = hand_texts(text.encode())
        assert "HAND_REST" not in token_types(hand.text)
        one, two = both(hand)
        assert one == two


def _small_hand_with(old: str, new: str) -> HandText:
    (hand,) = hand_texts(SMALL_HAND.format(game="Badugi Limit").replace(old, new).encode())
    return hand


LOOSE_LINES = {
    # lines after the table line that start with "Seat " (``HAND_TABLE`` takes them unchecked by the lexer)
    "bad seat line": ("Seat 2: Bob ($5 in chips)\n", "Seat 2: Bob (5 chips)\n"),
    "seat line with more": ("Seat 2: Bob ($5 in chips)\n", "Seat 2: Bob ($5 in chips) and a dog\n"),
    "an action of a player named Seat": ("Ann: posts small blind", "Seat 9: posts small blind"),
    "summary seat line after the seats": ("Seat 2: Bob ($5 in chips)\n",
                                          "Seat 2: Bob ($5 in chips)\nSeat 2: Bob (big blind) collected ($0.20)\n"),
    # a line no terminal of a run reads (OTHER): the room's table noise, or an unknown line
    "other line, first run": ("Bob: posts big blind $0.25\n", "Bob: posts big blind $0.25\nAnn has 15 seconds left to act\n"),
    "unknown line, section": ("Ann: folds\n", "Ann: folds\nBob: dances\n"),
    "marker-shaped line": ("Ann: folds\n", "*** FLOP ***\nAnn: folds\n"),
    "misplaced seat line": ("Ann: folds\n", "Ann: folds\nSeat 3: Cy ($5 in chips)\n"),
    "bad pot line": ("Total pot $0.20 | Rake $0\n", "Total pot $0.20 | Rake\n"),
    "pot line with a main pot alone": ("Total pot $0.20 | Rake $0\n", "Total pot $0.20 Main pot $0.20. | Rake $0\n"),
    "pot line with more": ("Total pot $0.20 | Rake $0\n", "Total pot $0.20 | Rake $0 (capped)\n"),
    "bad summary seat line": ("Seat 2: Bob (big blind) collected ($0.20)\n",
                              "Seat 2: Bob (big blind) folded on the river\n"),
    "summary seat line of two results' words": ("Seat 2: Bob (big blind) collected ($0.20)\n",
                                                "Seat 2: Bob (big blind) collected (6) mucked\n"),
    "line after the summary's seats": ("Seat 2: Bob (big blind) collected ($0.20)\n",
                                       "Seat 2: Bob (big blind) collected ($0.20)\nBob said, \"gg\"\n"),
    "marker after the summary": ("Seat 2: Bob (big blind) collected ($0.20)\n",
                                 "Seat 2: Bob (big blind) collected ($0.20)\n*** SHOW DOWN ***\n"),
    "second summary": ("Total pot $0.20 | Rake $0\n", "*** SUMMARY ***\nTotal pot $0.20 | Rake $0\n"),
    "no summary": ("*** SUMMARY ***\n", "*** SUMMARY ***"),
    "empty line in a run": ("Ann: folds\n", "Ann: folds\n \t\n"),
    "bad amount in a run": ("Ann: folds\n", "Ann: calls $0.155\n"),
    "run after a marker starts with noise": ("*** DEALING HANDS ***\n", "*** DEALING HANDS ***\nAnn has timed out\n"),
    "run after a marker starts with a deal": ("*** DEALING HANDS ***\n", "*** DEALING HANDS ***\nDealt to Ann [As 2c 3d 4h]\n"),
}


@pytest.mark.parametrize("old, new", LOOSE_LINES.values(), ids=LOOSE_LINES.keys())
def test_lines_the_hand_rest_token_takes_unchecked_read_as_the_reference_reading(old: str, new: str) -> None:
    """``HAND_TABLE`` and ``HAND_REST`` take the lines after their first one unchecked by the lexer; the transformer
    checks each by the grammar's terminals and raises where they do not fit, so the hand is read again by the
    reference reading: the result (a record, or the same failure) is the reference reading's."""
    hand = _small_hand_with(old, new)
    assert token_types(hand.text)[-2:] == ["HAND_TABLE", "HAND_REST"]  # the lexer takes them all
    one, two = both(hand)
    assert one == two


def test_the_last_line_without_its_end_reads_as_the_reference_reading() -> None:
    hand = _small_hand_with("", "")
    for text in (hand.text.rstrip("\n"), hand.text.rstrip("\n") + " \t", hand.text[:hand.text.index("*** SUMMARY")]):
        cut = dataclasses.replace(hand, text=text)
        one, two = both(cut)
        assert one == two


def test_a_first_run_that_starts_with_noise_stays_in_one_parse() -> None:
    """The lexer checks ``HAND_REST``'s first line (an action or a marker): a hand whose first run starts with table noise
    is read by the tokens of ``hand_body``, still in one parse (no second reading)."""
    hand = _small_hand_with("Ann: posts small blind", "Ann has timed out\nAnn: posts small blind")
    assert PokerStars.fast_parser().parse(hand.text, start="hand")[1].loose  # (read in one parse)
    assert "HAND_REST" not in token_types(hand.text)


@pytest.mark.parametrize("old, new, memo", [
    ("Ann: folds\n", "Ann: dances\n", lines._ACT_LINES),
    ("Seat 2: Bob ($5 in chips)\n", "Seat 2: Bob ($5 in chips) and a dog\n", lines._SEAT_LINES),
    # (lines the value readers alone would read: only the terminal refuses them)
    ("Total pot $0.20 | Rake $0\n", "Total pot $0.20 Main pot $0.20. | Rake $0\n", lines._POT_LINES),
    ("Seat 2: Bob (big blind) collected ($0.20)\n", "Seat 2: Bob (big blind) folded on the river\n",
     lines._SUMMARY_LINES),
])
def test_a_line_that_fails_its_terminal_is_not_remembered(old: str, new: str, memo: dict) -> None:
    """Memos are shared by every reading: a line enters one only once its terminal matched it, so a line the one parse
    rejects is never read from a memo as checked (by this reading or by a token the lexer checked)."""
    hand = _small_hand_with(old, new)
    one, two = both(hand)
    assert one == two
    assert not any(new.rstrip("\n") in text for text in memo)
