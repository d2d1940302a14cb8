"""The room registry and the grammars: every grammar builds in Lark's strict mode (regex collisions and
grammar conflicts fail instead of being resolved silently), every grammar file belongs to a room, and
names resolve with a "did you mean"."""

from __future__ import annotations

from importlib.resources import files

import pytest

from badugi.parsers.rooms import Room, ROOMS, UnknownRoom, detect_room, get_room
from badugi.parsers.rooms.base import LarkRoom, amount_hundredths, cards_of

LARK_ROOMS = [name for name, room in ROOMS.items() if issubclass(room, LarkRoom)]


@pytest.mark.parametrize("name", LARK_ROOMS)
def test_every_grammar_builds_in_strict_mode(name: str) -> None:
    pytest.importorskip("interegular")
    ROOMS[name].parser(strict=True)


def test_every_grammar_file_is_used_by_a_room() -> None:
    grammars = {p.name for p in files("badugi.parsers").joinpath("grammars").iterdir() if p.name.endswith(".lark")}
    used = {ROOMS[name].GRAMMAR for name in LARK_ROOMS} | {"base.lark"}
    assert grammars <= used, grammars - used


def test_get_room_suggests_the_closest_name() -> None:
    assert get_room("pokerstars") is get_room("PokerStars")
    with pytest.raises(UnknownRoom, match="did you mean 'pokerstars'"):
        get_room("pokerstar")


def test_detect_room_from_a_first_line() -> None:
    assert detect_room("PokerStars Game #49164202872:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET") == "pokerstars"
    assert detect_room("\ufeffPokerStars Hand #81631597149:  Triple Draw 2-7 Lowball Limit ($1/$2 USD) - x") == "pokerstars"
    assert detect_room("Seat 1: Lino19 ($6.80 in chips) ") is None
    assert detect_room("") is None


def test_every_room_declares_how_it_plugs_in() -> None:
    """A text room names the prefixes of its hands' first lines; a room with files of its own (Merge XML,
    PHH) recognises them and cuts them itself."""
    for name, room in ROOMS.items():
        assert room.NAME == name, name
        assert all(isinstance(p, str) and p for p in room.HEADER_PREFIXES), name
        own_files = room.sniff is not Room.sniff
        assert bool(room.HEADER_PREFIXES) != own_files, name
        assert own_files == (room.split is not Room.split), name
        assert room.classify is not Room.classify, f"{name} must classify hands from their headers"


@pytest.mark.parametrize("text,value", [
    ("$0.25", 25), ("$5", 500), ("1500", 150000), ("1,500", 150000), ("$1,500.50", 150050), ("25€", 2500),
    ("£2.5", 250), ("0.1", 10),
])
def test_amounts_are_hundredths_of_the_written_unit(text: str, value: int) -> None:
    assert amount_hundredths(text) == value


def test_amounts_with_more_than_two_decimals_are_refused() -> None:
    with pytest.raises(ValueError):
        amount_hundredths("$0.125")


def test_card_groups() -> None:
    assert [str(c) for c in cards_of(" [As 3h]")] == ["As", "3h"]
    assert cards_of("[]") == ()
