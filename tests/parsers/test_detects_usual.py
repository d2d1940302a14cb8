"""PokerStars' ``detects`` reads the usual first lines (``PokerStars Game|Hand #<digits>: ``) without its regex: the
same answer as the regex on every line, the usual and the odd."""

from __future__ import annotations

import pytest

from badugi.parsers.rooms import pokerstars
from badugi.parsers.rooms.pokerstars import PokerStars

LINES = [
    "PokerStars Hand #246567000123: Badugi Limit ($0.10/$0.20 USD) - 2024/01/04 12:34:56 ET",
    "PokerStars Hand #1: ", "PokerStars Hand #1:", "PokerStars Hand #: Badugi", "PokerStars Hand #",
    "PokerStars Hand #12 : Badugi", "PokerStars Hand #12:x", "PokerStars Hand #12a: Badugi",
    "PokerStars Hand #\u0661\u0662: Badugi", "PokerStars Hand #\u00b2: Badugi", "PokerStars Hand #12\u0663: x",
    "PokerStars Hand #12: \u00e9", "PokerStars Hand  #12: Badugi", "PokerStars Home Game Hand #12: Badugi",
    "PokerStars Zoom Hand #12: Badugi", "POKERSTARS HAND #12: BADUGI", "Full Tilt Hand #12: Badugi",
    "PokerStars Game #12: Badugi", "PokerStars fan: #1: hello", "PokerStars Hand #12",
    "PokerStars Game #27853221593: Badugi Limit ($0.10/$0.20 USD) - 2009/05/05 11:40:04 ET", "PokerStars Game #: x",
    "PokerStars Game #12 Badugi", "PokerStars Game #๑: x", "PokerStars Game #12:", "PokerStars GAME #12: x",
]


@pytest.mark.parametrize("line", LINES)
def test_detects_answers_as_the_regex(line: str) -> None:
    assert PokerStars().detects(line) is (pokerstars._HEADER_START.match(line) is not None)
