"""PHH (the open Poker Hand History standard, TOML) as a room: whole ``.phh``/``.phhs`` files, cut into
hands at their ``[N]`` table headers; reading and writing live in ``badugi.parsers.phh``."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from typing import BinaryIO

from badugi.parsers import phh
from badugi.parsers.phh_split import TABLE_HEADER, split_tables
from badugi.parsers.results import HandResult, HandText, Skipped
from badugi.parsers.split import split_windows

from .base import HeaderInfo, Room

_VARIANT = re.compile(r'^\s*variant\s*=\s*["\']([^"\']*)["\']', re.M)
_HAND = re.compile(r'^\s*hand\s*=\s*["\']?([^"\'\n#]*?)["\']?\s*(?:#.*)?$', re.M)


class Phh(Room):
    """PHH hands: ``variant`` names the game and limit (``FB`` fixed-limit Badugi, ``F2L3D``, ``N2L1D``, and
    the codes of ``badugi.engine.games`` for the rest)."""

    NAME = phh.ROOM
    END_MARKED = True
    HAND_ID_HINT = re.compile(r"(?!)")  # (a hand's first line is any TOML line: a '#' there is a comment)
    GAMES = {f"PHH variant {code}": game_limit for code, game_limit in phh.VARIANTS.items()}

    def sniff(self, head: str) -> bool:
        return phh.sniff(head)

    def split(self, stream: BinaryIO, head: bytes, start_offset: int = 0, start_line: int = 1) -> Iterator[HandText]:
        return split_windows(stream, start_offset, start_line,
                             lambda data, at, line, final: split_tables(data, at, line, final=final))

    def classify(self, hand: HandText) -> HeaderInfo | None:
        """The ``variant`` key, found without reading the TOML (a hand with none goes on to the strict
        reading, which says what is wrong)."""
        found = _VARIANT.search(hand.text)
        if found is None:
            return None
        named = _HAND.search(hand.text)
        return HeaderInfo(named.group(1) if named else None, f"PHH variant {found.group(1) or '(none)'}")

    def parse(self, hand: HandText, file: str) -> HandResult:
        return phh.parse_hand(hand.text, file, hand.first_line, hand.offset)

    def skip_game(self, hand: HandText, file: str, info: HeaderInfo) -> Skipped:
        """A hand without a ``hand`` field is named as the strict reading names it (``phh.default_hand_id``)."""
        skipped = super().skip_game(hand, file, info)
        if info.hand_id is not None:
            return skipped
        table = TABLE_HEADER.match(hand.header.lstrip("\ufeff"))
        return dataclasses.replace(skipped, hand_id=phh.default_hand_id(file, table.group(1) if table else None))
