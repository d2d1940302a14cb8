"""PokerStars' files and hands for its parser-equivalence tests: ``room_hands`` for PokerStars, with the
hands as written (no other games read as Badugi: the one-parse tests check those games' skips)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import strategies as st

import room_hands
from badugi.parsers.rooms.pokerstars import PokerStars
from badugi.parsers.split import HandText


def files() -> list[Path]:
    return room_hands.files(PokerStars)


def hand_texts(data: bytes) -> list[HandText]:
    return room_hands.hand_texts(data, PokerStars)


def mutated_pieces(data: st.DataObject) -> list[HandText]:
    """A real or sample PokerStars hand, corrupted (``text_mutations``), split again."""
    path = data.draw(st.sampled_from(files()))
    return room_hands.mutated_pieces(data, PokerStars, tuple(hand_texts(path.read_bytes())))
