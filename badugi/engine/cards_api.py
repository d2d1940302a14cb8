"""The pure-Python twins of the C calls ``cards.format_cards`` and the walk make for the usual cards.

``cards.pxd`` (and ``walk.pxd``) cimport ``cards_api.pxd`` (C only: nothing here is compiled) under the name their ``.py`` files
import this module by: compiled, ``_cards_api.spaced_names(cards)`` writes the room notation of a tuple or list of cards
0..51, space separated, into one ASCII string in C (what ``" ".join([_NAMES[c] for c in cards])`` makes, without
the list, the join's method call and a look-up per card); it answers ``None`` for anything else (another
sequence type, an item that is not an int 0..51), and ``format_cards`` joins as before. Run as Python it always
answers ``None``: the join runs.

``repeats(cards)`` answers ``False`` where ``cards`` is a tuple or list of ints 0..51 none of which is there
twice, found in C by a 52-bit mask; anything else (a card twice, another sequence type or item) answers ``True``
and the caller decides with its own set (the walk's dealt cards: a set of them cost ~1,100 instructions a hand).
Run as Python it always answers ``True``.
"""

from __future__ import annotations

from typing import Any


def spaced_names(cards: Any) -> str | None:
    return None


def repeats(cards: Any) -> bool:
    return True
