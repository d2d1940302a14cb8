"""PokerStars hands are parsed by lark-cython's compiled LALR parser when it is installed
(``LarkRoom.ACCELERATED``); a hand it rejects is parsed again by Lark's own parser for the error report.
Whatever the text, the result must be exactly the one Lark's own parser gives: same records, same
failure codes, lines, columns, expected terminals and messages."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badugi.parsers.results import ParseFailure
from badugi.parsers.rooms import base
from badugi.parsers.rooms.pokerstars import PokerStars
from conftest import REAL_HH, real_file
from pokerstars_hands import files, hand_texts, mutated_pieces

pytestmark = pytest.mark.skipif(base.lark_cython is None, reason="lark-cython is not installed")


CASH = "pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt"


class Reference(PokerStars):
    """PokerStars read by Lark's own parser only."""

    ACCELERATED = False


def both(hand, file: str = "f.txt") -> tuple:  # noqa: ANN001 - a HandText
    return PokerStars().parse(hand, file), Reference().parse(hand, file)


def test_the_accelerated_parser_is_lark_cython_and_the_reference_is_lark() -> None:
    assert PokerStars.fast_parser() is not PokerStars.parser()
    assert type(PokerStars.fast_parser().parser.parser).__module__.startswith("lark_cython")
    assert Reference.fast_parser() is Reference.parser()
    assert type(Reference.parser().parser.parser).__module__.startswith("lark.")


def test_every_real_and_sample_hand_reads_the_same() -> None:
    count = 0
    for path in files():
        for hand in hand_texts(path.read_bytes()):
            fast, reference = both(hand, path.name)
            assert fast == reference, (path.name, hand.first_line)
            count += 1
    # the real files and both samples were read (without ../shared, the samples' 400 hands alone)
    assert count > (500 if (REAL_HH / "pokerstars").is_dir() else 300)


@pytest.mark.parametrize("bad, code", [
    ("Hero: folds \n", "parse.unknown_line"),  # a verb this client never writes
    ("*** SUMMARY ***\n", "parse.misplaced_line"),  # a second summary
    ("Hero: calls $0.255\n", "parse.value"),  # an amount the grammar takes and the reader refuses
])
def test_failures_are_the_reference_parsers(bad: str, code: str) -> None:
    text = real_file(CASH).read_bytes().decode("utf-8-sig").replace("\r\n", "\n")
    hand = hand_texts(text.encode())[0]
    lines = hand.text.split("\n")
    lines.insert(len(lines) // 2 if code != "parse.misplaced_line" else len(lines) - 2, bad.rstrip("\n"))
    if code == "parse.unknown_line":
        lines = [line.replace(": folds", ": flods") for line in lines]
    (broken,) = hand_texts("\n".join(lines).encode())
    fast, reference = both(broken)
    assert isinstance(fast, ParseFailure) and fast.code == code
    assert fast == reference


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_hands_read_the_same(data: st.DataObject) -> None:
    for piece in mutated_pieces(data):
        fast, reference = both(piece)
        assert fast == reference
