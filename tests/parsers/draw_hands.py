"""Helpers for the hand-checked draw-game records (``test_draw_hands_*.py``): a real hand by file and id,
and the record's events by kind."""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi.engine.cards import parse_cards
from badugi.engine.record import Hand
from badugi.parsers.reader import read_file
from conftest import REAL_HH

CORPUS = REAL_HH.parent / "real_hh_corpus"


def hand_in(path: Path, hand_id: str) -> Hand:
    """The hand ``hand_id`` of a real file."""
    if not path.exists():
        pytest.skip(f"real hand histories not available: {path}")
    found = [r for r in read_file(path) if getattr(r, "hand_id", None) == hand_id]
    assert len(found) == 1 and isinstance(found[0], Hand), found
    return found[0]


def of(hand: Hand, *kinds: type) -> list:
    return [e for e in hand.events if isinstance(e, kinds)]


def cards(text: str) -> tuple:
    return parse_cards(text)
