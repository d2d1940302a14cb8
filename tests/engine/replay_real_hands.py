"""Every real Badugi hand in ../shared/real_hh read into records (the replay's real-data fixtures)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from conftest import REAL_HH

from badugi.engine.record import Hand
from badugi.parsers.reader import read_file

REAL_BADUGI = (
    "pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt",
    "pokerstars/tour__LBad-USD-MTT8-201011.txt",
    "merge/cash__Badugi-PL-USD-0.05-0.10-201101.Sample.txt",
    "merge/cash__Badugi-HPL-USD-0.50-0.50-201104.Sample.txt",
    "fulltilt/cash__Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt",
    "fulltilt/cash__Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt",
    "kingsclub/cash__Badugi-Limit-USD-30-60-202010.txt",
)
"""Every real Badugi file (the other files are other draw games, which the readers skip)."""


@cache
def _read() -> tuple[Hand, ...]:
    hands: list[Hand] = []
    for name in REAL_BADUGI:
        path = REAL_HH / name
        if path.exists():
            hands.extend(r for r in read_file(path) if isinstance(r, Hand))
    return tuple(hands)


def real_badugi_hands() -> list[Hand]:
    """Real Badugi hands (empty when ../shared/real_hh is absent)."""
    return list(_read())


def real_hand(path: Path, hand_id: str) -> Hand:
    """The hand ``hand_id`` of a real file (any game), skipping the test when the file is absent."""
    if not path.exists():
        pytest.skip(f"real hand histories not available: {path}")
    found = [r for r in read_file(path) if getattr(r, "hand_id", None) == hand_id]
    assert len(found) == 1 and isinstance(found[0], Hand), found
    return found[0]
