"""A room's files and hands for the parser-equivalence tests (lark-cython's compiled parser against
Lark's own): real files and samples, other games' hands read as the room's Badugi, and hands corrupted
by ``text_mutations`` (``pokerstars_hands`` is this for PokerStars)."""

from __future__ import annotations

import dataclasses
import io
from functools import cache
from pathlib import Path

import pytest
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput

from badugi.parsers.reader import iter_hand_texts
from badugi.parsers.rooms.base import LarkRoom
from badugi.parsers.split import HandText
from conftest import REAL_HH, SAMPLES
from text_mutations import mutate


def reference_of(room: type[LarkRoom]) -> type[LarkRoom]:
    """``room`` read by Lark's own parser only (its own class, so its own cached parser)."""
    return type(f"Reference{room.__name__}", (room,), {"ACCELERATED": False, "__doc__": "Lark's own parser."})


def files(room: type[LarkRoom]) -> list[Path]:
    """Every real file of the room (``real_hh/<room>``) and every sample ``<room>_*`` (skips when none)."""
    found = sorted((REAL_HH / room.NAME).glob("*")) + sorted(SAMPLES.glob(f"{room.NAME}_*"))
    if not found:
        pytest.skip(f"no {room.NAME} files")
    return found


def hand_texts(data: bytes, room: type[LarkRoom]) -> list[HandText]:
    """The split hands of the room in a file's bytes."""
    return [hand for hand in iter_hand_texts(io.BytesIO(data)) if hand.room == room.NAME]


def as_badugi(hand: HandText, room: type[LarkRoom]) -> HandText:
    """A hand of another game with its header naming the room's Badugi instead, so its body is read too
    (the body grammar does not depend on the game); a hand of a game the room reads now
    (``Room.reads_game``), or whose header does not parse, is returned as it is."""
    first, newline, rest = hand.text.partition("\n")
    try:
        game = room().game_of(room.parser().parse(first + "\n", start="header"))
    except UnexpectedInput:
        return hand
    if room().reads_game(game):
        return hand
    return dataclasses.replace(hand, text=first.replace(game, next(iter(room.GAMES)), 1) + newline + rest)


@cache
def file_hands(room: type[LarkRoom]) -> tuple[tuple[str, HandText], ...]:
    """(file name, hand) for every hand of the room's real and sample files, each as written and, when
    it is of another game, also read as Badugi (``as_badugi``)."""
    found = []
    for path in files(room):
        for hand in hand_texts(path.read_bytes(), room):
            found.append((path.name, hand))
            badugi = as_badugi(hand, room)
            if badugi is not hand:
                found.append((path.name, badugi))
    return tuple(found)


def mutated_pieces(data: st.DataObject, room: type[LarkRoom], hands: tuple[HandText, ...]) -> list[HandText]:
    """One of ``hands``, corrupted (``text_mutations``), split again (none, one or several pieces)."""
    if not hands:
        return []
    hand = data.draw(st.sampled_from(hands))
    return hand_texts(mutate(data, hand.text).encode("utf-8", errors="surrogatepass"), room)
