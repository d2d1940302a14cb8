"""Room writers: ``Hand`` -> the bytes a room's client writes (used by the simulator and tests).

``WRITERS`` is written out explicitly (STYLE S3): a room name maps to a :class:`RoomWriter` with its
per-hand text function and its whole-file encoder (BOM, encoding and separators differ per room).
A hand the room's format cannot express raises :class:`UnsupportedByRoom` (STYLE S5).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from badugi.engine.record import Hand
from badugi.errors import BadInput

from . import fulltilt, pokerstars
from .base import UnsupportedByRoom


@dataclass(frozen=True, slots=True)
class RoomWriter:
    """How one room's text is written: ``write_hand`` gives one hand's text, ``write_file`` a whole
    file's bytes; ``suffix`` is the usual file name ending."""

    room: str
    write_hand: Callable[[Hand], str]
    write_file: Callable[[Iterable[Hand]], bytes]
    suffix: str = ".txt"


def _phh_hand(hand: Hand) -> str:
    from badugi.parsers.phh_writer import write_phh

    return write_phh(hand)


def _phh_file(hands: Iterable[Hand]) -> bytes:
    from badugi.parsers.phh_writer import write_phhs

    return write_phhs(hands).encode("utf-8")


WRITERS: dict[str, RoomWriter] = {
    "pokerstars": RoomWriter("pokerstars", pokerstars.write_hand, pokerstars.write_file),
    "fulltilt": RoomWriter("fulltilt", fulltilt.write_hand, fulltilt.write_file),
    "phh": RoomWriter("phh", _phh_hand, _phh_file, suffix=".phhs"),
}


def get_writer(room: str) -> RoomWriter:
    """The writer of a room by name, or a clear error naming the rooms that have one."""
    writer = WRITERS.get(room.strip().lower())
    if writer is None:
        raise BadInput(f"no writer for room {room!r} (rooms with a writer: {', '.join(WRITERS)})")
    return writer


def write_file(hands: Iterable[Hand], room: str) -> bytes:
    """Every hand in one file, exactly as the room's client would save it."""
    return get_writer(room).write_file(hands)


__all__ = ["WRITERS", "RoomWriter", "UnsupportedByRoom", "get_writer", "write_file"]
