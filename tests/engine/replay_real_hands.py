"""Every real Badugi hand in ../shared/real_hh read into records (the replay's real-data fixtures)."""

from __future__ import annotations

import importlib
from functools import cache

from conftest import REAL_HH

from badugi.engine.record import Hand
from badugi.parsers.rooms.merge import read_merge_file

POKERSTARS_BADUGI = ("pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt", "pokerstars/tour__LBad-USD-MTT8-201011.txt")
MERGE_BADUGI = ("merge/cash__Badugi-PL-USD-0.05-0.10-201101.Sample.txt",
                "merge/cash__Badugi-HPL-USD-0.50-0.50-201104.Sample.txt")


def pokerstars_reader():  # type: ignore[no-untyped-def]
    """The PokerStars reader module, or None while it is not installed."""
    try:
        return importlib.import_module("badugi.parsers.reader")
    except ImportError:
        return None


@cache
def _read() -> tuple[Hand, ...]:
    hands: list[Hand] = []
    reader = pokerstars_reader()
    if reader is not None:
        for name in POKERSTARS_BADUGI:
            path = REAL_HH / name
            if path.exists():
                hands.extend(r for r in reader.read_file(path) if isinstance(r, Hand))
    for name in MERGE_BADUGI:
        path = REAL_HH / name
        if path.exists():
            hands.extend(r for r in read_merge_file(path) if isinstance(r, Hand))
    return tuple(hands)


def real_badugi_hands() -> list[Hand]:
    """Real Badugi hands (empty when ../shared/real_hh is absent)."""
    return list(_read())
