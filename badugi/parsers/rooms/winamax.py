"""Winamax: recognised so its hands are skipped with a reason, never reported as unreadable.

Winamax text exists publicly only for 2-7 Triple Draw (FORMATS.md §5); no Badugi sample exists, so no
grammar is written from imagination (FORMATS.md §6). Every Winamax hand is skipped with the game the
header names, and a Winamax Badugi hand (should one appear) says plainly that the room is not read yet.
"""

from __future__ import annotations

import re

from badugi.parsers.results import HandResult, HandText

from .base import HeaderInfo, Room, limit_in

_HEADER = re.compile(r"^Winamax Poker - (?P<kind>.+?) - HandId: #(?P<id>[\d-]+) - (?P<game>.+?) \((?P<stakes>[^()]*)\)")


class Winamax(Room):
    """Winamax hand histories: detected per hand, skipped with the header's game name."""

    NAME = "winamax"
    HEADER_PREFIXES = ("Winamax Poker - ",)

    def detects(self, first_line: str) -> bool:
        return _HEADER.match(first_line) is not None

    def classify(self, hand: HandText) -> HeaderInfo | None:
        found = _HEADER.match(hand.header)
        if found is None:
            return None
        tournament = found["kind"].startswith("Tournament")
        currency = "CHIPS" if tournament else ("EUR" if "€" in found["stakes"] else "PLAY")
        return HeaderInfo(found["id"], found["game"], limit_in(found["game"]), tournament, currency)

    def parse(self, hand: HandText, file: str) -> HandResult:
        first = hand.text.partition("\n")[0]
        match = _HEADER.match(first)
        if match is None:  # detects() said yes, so this only happens on a changed header
            return self.failure("parse.header", hand, file, hand.first_line,
                                f"{file}:{hand.first_line}: not a Winamax header: {first[:80]!r}")
        game = match["game"]
        if "badugi" in game.lower():
            reason = f"unsupported room for {game}: Winamax Badugi text has no grammar (no real sample)"
        else:
            reason = f"unsupported game: {game}"
        return self.skipped(hand, file, reason, match["id"])
