"""The room registry: every format badugi reads, by name, written out explicitly.

To add a room: write ``rooms/<name>.py`` with a ``Room`` subclass (see ``rooms/base.py`` for what it
must declare) and add one line to ``ROOMS`` below. The reader asks each room, in this order, whether
a file is in its format (``Room.sniff``, then ``Room.recognises_file``); ``detect_room`` asks the text
rooms whether a line is the first line of one of their hands.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from functools import cache

from badugi.errors import BadugiError

from badugi.parsers.split import room_detected

from .base import Room
from .fulltilt import FullTilt
from .kingsclub import KingsClub
from .merge import Merge
from .phh import Phh
from .pokerstars import PokerStars
from .winamax import Winamax

ROOMS: dict[str, type[Room]] = {
    "pokerstars": PokerStars,
    "fulltilt": FullTilt,
    "kingsclub": KingsClub,
    "winamax": Winamax,
    "merge": Merge,
    "phh": Phh,
}


class UnknownRoom(BadugiError):
    """A room name that is not in the registry."""


def get_room(name: str) -> Room:
    """The (stateless, shared) instance of the room called ``name`` (any case); raises ``UnknownRoom``
    with the closest known name when there is one."""
    key = name.lower()
    if key not in ROOMS:
        close = difflib.get_close_matches(key, list(ROOMS), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise UnknownRoom(f"unknown room {name!r}{hint}; known rooms: {', '.join(sorted(ROOMS))}")
    return _instance(key)


@cache
def _instance(name: str) -> Room:
    return ROOMS[name]()


@cache
def _detectors() -> tuple[tuple[tuple[str, ...], str, Callable[[str], bool]], ...]:
    """Each room's header prefixes, name and ``detects``, in the registry's order (built once: the
    splitter asks for every hand's first line)."""
    global _DETECTORS
    _DETECTORS = tuple((room.HEADER_PREFIXES, name, _instance(name).detects) for name, room in ROOMS.items())
    return _DETECTORS


_DETECTORS: tuple[tuple[tuple[str, ...], str, Callable[[str], bool]], ...] = ()
"""``_detectors()`` once built (the splitter asks for every hand's first line: no cache call each time)."""


def detect_room(first_line: str) -> str | None:
    """The name of the room whose hands start with this line, or ``None``. Each room is asked only when the
    line starts with one of its prefixes (so a line with none of them is ``None`` without a question):
    ``split.room_detected`` over ``detectors()`` (compiled; the splitter calls it without this call)."""
    return room_detected(first_line, _DETECTORS or _detectors())


def detectors() -> tuple[tuple[tuple[str, ...], str, Callable[[str], bool]], ...]:
    """Each room's header prefixes, name and ``detects``, in the registry's order (what ``detect_room`` asks)."""
    return _DETECTORS or _detectors()


def blank_line_ends_hand(room: str | None) -> bool:
    """Whether a blank line closes a hand of ``room`` (``None``: text outside any hand)."""
    return room is None or ROOMS[room].BLANK_LINE_ENDS_HAND


__all__ = ["ROOMS", "Room", "UnknownRoom", "blank_line_ends_hand", "detect_room", "get_room"]
