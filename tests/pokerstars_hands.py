"""The PokerStars files and hands the parser-equivalence tests compare on (real files and samples)."""

from __future__ import annotations

import io

import pytest
from hypothesis import strategies as st

from badugi.parsers.reader import iter_hand_texts
from badugi.parsers.rooms.pokerstars import PokerStars
from conftest import REAL_HH, SAMPLES
from text_mutations import mutate


def files() -> list:
    """Every real PokerStars file and every PokerStars sample (skips when there are none)."""
    found = sorted((REAL_HH / "pokerstars").glob("*")) + sorted(SAMPLES.glob("pokerstars_*"))
    if not found:
        pytest.skip("no PokerStars files")
    return found


def hand_texts(data: bytes) -> list:
    """The split PokerStars hands of a file's bytes."""
    return [h for h in iter_hand_texts(io.BytesIO(data)) if h.room == PokerStars.NAME]


def mutated_pieces(data: st.DataObject) -> list:
    """A real or sample PokerStars hand, corrupted (``text_mutations``), split again."""
    path = data.draw(st.sampled_from(files()))
    hands = hand_texts(path.read_bytes())
    if not hands:
        return []
    hand = data.draw(st.sampled_from(hands))
    return hand_texts(mutate(data, hand.text).encode("utf-8", errors="surrogatepass"))
