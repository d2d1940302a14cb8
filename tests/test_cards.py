from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from badugi.engine.cards import DECK, Card, format_cards, parse_cards


def test_room_notations_agree() -> None:
    assert Card.parse("Td") == Card.parse("10d") == Card.parse("tD") == Card.parse("10D")
    assert Card.parse("As").rank == 0 and Card.parse("Ks").rank == 12
    assert Card.parse("2c").suit != Card.parse("2d").suit


def test_print_back_and_pretty() -> None:
    assert str(Card.parse("10h")) == "Th"
    assert Card.parse("as").pretty() == "A\u2660"
    assert format_cards(parse_cards("As,2d,3h")) == "As 2d 3h"
    assert parse_cards("As2d3h4c") == parse_cards("As 2d 3h 4c")


@pytest.mark.parametrize("bad", ["", "A", "Xs", "Ax", "1s", "11d", "As2", "0h", "AsKd"])
def test_bad_tokens_name_the_token(bad: str) -> None:
    with pytest.raises(ValueError) as err:
        Card.parse(bad)
    assert repr(bad) in str(err.value)


@given(st.sampled_from(DECK))
def test_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card
