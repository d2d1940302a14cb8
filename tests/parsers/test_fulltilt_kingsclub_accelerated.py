"""Full Tilt and KingsClub hands are parsed by lark-cython's compiled LALR parser when it is installed
(``LarkRoom.ACCELERATED``); a hand it rejects is parsed again by Lark's own parser for the error report.
Whatever the text, the result must be exactly the one Lark's own parser gives: same records, same skips,
same failure codes, lines, columns, expected terminals and messages."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badugi.engine.simulate import SimConfig, Simulator
from badugi.parsers.results import ParseFailure
from badugi.parsers.rooms import base
from badugi.parsers.rooms.base import LarkRoom
from badugi.parsers.rooms.fulltilt import FullTilt
from badugi.parsers.rooms.kingsclub import KingsClub
from badugi.parsers.split import HandText
from badugi.parsers.writers import fulltilt as fulltilt_writer
from badugi.parsers.writers.base import UnsupportedByRoom
from room_hands import file_hands, hand_texts, mutated_pieces, reference_of

pytestmark = pytest.mark.skipif(base.lark_cython is None, reason="lark-cython is not installed")

ROOMS = (FullTilt, KingsClub)
REFERENCE = {room: reference_of(room) for room in ROOMS}


def both(room: type[LarkRoom], hand: HandText, file: str = "f.txt") -> tuple:
    return room().parse(hand, file), REFERENCE[room]().parse(hand, file)


@cache
def simulated_full_tilt_hands() -> tuple[HandText, ...]:
    """Full Tilt text the writer made of simulated hands: heads-up to 9-max, short stacks (all-ins, side
    pots), table noise and chat (the writer knows no Full Tilt Badugi tournament text)."""
    configs = [SimConfig(room="fulltilt", players=2), SimConfig(room="fulltilt", players=6, noise_rate=0.2),
               SimConfig(room="fulltilt", players=9, short_stack_share=0.6),
               SimConfig(room="fulltilt", players=4, short_stack_share=0.3, noise_rate=0.1)]
    texts = []
    for seed, config in enumerate(configs):
        for played in Simulator(config, seed=seed).hands(60):
            try:
                texts.append(fulltilt_writer.write_hand(played.hand))
            except UnsupportedByRoom:
                continue
    return tuple(hand for text in texts for hand in hand_texts(text.encode(), FullTilt))


def hands_to_mutate(room: type[LarkRoom]) -> tuple[HandText, ...]:
    """The room's real and sample hands (other games' also as Badugi), and simulated Full Tilt hands."""
    found = tuple(hand for _, hand in file_hands(room))
    return found + simulated_full_tilt_hands() if room is FullTilt else found


@pytest.mark.parametrize("room", ROOMS, ids=lambda room: room.NAME)
def test_the_accelerated_parser_is_lark_cython_and_the_reference_is_lark(room: type[LarkRoom]) -> None:
    assert room.ACCELERATED
    assert room.fast_parser() is not room.parser()
    assert type(room.fast_parser().parser.parser).__module__.startswith("lark_cython")
    reference = REFERENCE[room]
    assert reference.fast_parser() is reference.parser()
    assert type(reference.parser().parser.parser).__module__.startswith("lark.")


@pytest.mark.parametrize("room", ROOMS, ids=lambda room: room.NAME)
def test_every_real_and_sample_hand_reads_the_same(room: type[LarkRoom]) -> None:
    kinds: dict[str, int] = {}
    for name, hand in file_hands(room):
        fast, reference = both(room, hand, name)
        assert fast == reference, (name, hand.first_line)
        kinds[type(fast).__name__] = kinds.get(type(fast).__name__, 0) + 1
    assert kinds.get("Hand", 0) >= 1  # every draw game's hands, and other games' bodies read as Badugi
    if room is KingsClub:  # all real, one hand a file: Badugi, 2-7 and A-5 Triple Draw, Badacey, Badeucey
        assert kinds == {"Hand": 6}


def test_simulated_full_tilt_hands_read_the_same() -> None:
    hands = simulated_full_tilt_hands()
    assert len(hands) >= 200
    for hand in hands:
        fast, reference = both(FullTilt, hand)
        assert fast == reference, hand.text


FULL_TILT_HAND = """\
Full Tilt Poker Game #1: Table T (6 max) - $0.05/$0.10 - Limit Badugi - 13:04:46 ET - 2010/11/10
Seat 1: Ann ($5)
Seat 2: Bob ($5)
Ann posts the small blind of $0.02
Bob posts the big blind of $0.05
The button is in seat #1
*** HOLE CARDS ***
Ann folds
Uncalled bet of $0.03 returned to Bob
Bob wins the pot ($0.04)
*** SUMMARY ***
Total pot $0.04 | Rake $0
Seat 1: Ann (small blind) folded before the Draw
Seat 2: Bob (big blind) collected ($0.04), mucked
"""

KINGSCLUB_HAND = """\
#1: Limit Badugi - 30/60
2020-10-30 19:53:19
Table 'T' Seat 1 is the button
Seat 1: Ann (600)
Seat 2: Bob (600)
*** 1ST BETTING ROUND ***
Ann: posts the small blind 15
Bob: posts the big blind 30
Dealt to Ann: [X X X X]
Dealt to Bob: [X X X X]
Ann folds
*** SUMMARY ***
Seat 1: Ann (585) -15
Seat 2: Bob (615) +15
Bob wins pot (45)
"""


@pytest.mark.parametrize("room, text, code, line, column, message_end", [
    # a verb the client never writes: body line 8 of the hand (file line 10, two blank lines before it); not
    # table noise either (a player's name, then no word a table message starts with)
    (FullTilt, FULL_TILT_HAND.replace("Ann folds", "Ann flods"), "parse.unknown_line", 10, 1, None),
    (KingsClub, KINGSCLUB_HAND.replace("Ann folds", "Ann flods"), "parse.unknown_line", 13, 1, None),
    # cut short after the hole cards' first action
    (FullTilt, FULL_TILT_HAND.split("Uncalled")[0], "parse.truncated", 10, None, None),
    (KingsClub, KINGSCLUB_HAND.split("*** SUMMARY")[0], "parse.truncated", 13, None, None),
    # amounts the grammar takes and the reader refuses (three decimals); Full Tilt has always named the
    # AMOUNT token in that message, KingsClub the text
    # (reported at the line holding the amount: 12 "Bob wins the pot ($0.045)", 11 "Uncalled bet of $0.035 ...",
    # 13 "Ann calls 15.125")
    (FullTilt, FULL_TILT_HAND.replace("pot ($0.04)", "pot ($0.045)"), "parse.value", 12, None,
     "amount with more than two decimals: Token('AMOUNT', '$0.045')"),
    (FullTilt, FULL_TILT_HAND.replace("of $0.03", "of $0.035"), "parse.value", 11, None,
     "amount with more than two decimals: Token('AMOUNT', '$0.035')"),
    (KingsClub, KINGSCLUB_HAND.replace("Ann folds", "Ann calls 15.125"), "parse.value", 13, None,
     "amount with more than two decimals: '15.125'"),
    # a header that is not one
    (FullTilt, FULL_TILT_HAND.replace(" - $0.05/$0.10", ""), "parse.header", 3, 61, None),  # "13" read as stakes
    (KingsClub, KINGSCLUB_HAND.replace("30/60", "30-60"), "parse.header", 3, 22, None),  # "/" wanted after "30"
])
def test_failures_are_the_reference_parsers(room: type[LarkRoom], text: str, code: str, line: int,
                                            column: int | None, message_end: str | None) -> None:
    (hand,) = hand_texts(b"\n\n" + text.encode(), room)
    fast, reference = both(room, hand)
    assert isinstance(fast, ParseFailure), fast
    assert (fast.code, fast.line, fast.column) == (code, line, column), fast
    if message_end is not None:
        assert fast.message.endswith(message_end), fast.message
    assert fast == reference


def test_the_small_hands_read() -> None:
    """The hands the failures above corrupt read whole (so each failure is the corruption's)."""
    for room, text in ((FullTilt, FULL_TILT_HAND), (KingsClub, KINGSCLUB_HAND)):
        (hand,) = hand_texts(text.encode(), room)
        fast, reference = both(room, hand)
        assert type(fast).__name__ == "Hand", fast
        assert fast == reference


def _mutated_hands_read_the_same(data: st.DataObject) -> None:
    room = data.draw(st.sampled_from(ROOMS))
    for piece in mutated_pieces(data, room, hands_to_mutate(room)):
        fast, reference = both(room, piece)
        assert fast == reference


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_hands_read_the_same(data: st.DataObject) -> None:
    _mutated_hands_read_the_same(data)


@pytest.mark.slow
@settings(max_examples=10_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_many_mutated_hands_read_the_same(data: st.DataObject) -> None:
    _mutated_hands_read_the_same(data)
