"""Split a Merge XML file's bytes into whole games for importers that resume at any byte offset.

Kept apart from ``merge.py`` (which parses a game): an importer reads a window of bytes, takes the whole
games in it and resumes after the last one; each game travels with the ``<description>`` in force so
``merge.parse_hand`` reads it alone.
"""

from __future__ import annotations

from dataclasses import dataclass

ROOM = "merge"


@dataclass(frozen=True, slots=True)
class GameText:
    """One game's text for ``parse_hand``, with its ``<description>`` line in front so it parses alone.

    ``first_line``/``offset`` are what to pass to ``parse_hand``: the description is placed on the line
    just before the game (where it usually is), so every event keeps its true file line and the game its
    true byte offset even when the description was written once at the top of the file."""

    text: str
    first_line: int
    offset: int
    end_offset: int  # file byte offset just after the game's last line
    room: str = ROOM


def split_games(data: bytes, start_offset: int = 0, start_line: int = 1, head: bytes = b"", *,
                final: bool = True) -> tuple[list[GameText], int, int]:
    """Split raw bytes (the file from ``start_offset``, at line ``start_line``; ``head`` = the file's first
    bytes) into whole games -> (games, resume offset, resume line). When ``final`` is false an unfinished
    last game is held back for the next window; when true it is returned and reads as truncated. Text
    outside any game is returned as its own piece (it reads as a failure)."""
    description = _last_description(head) if start_offset else None
    pieces: list[GameText] = []
    current: list[bytes] = []
    current_line = current_offset = 0
    offset, number = start_offset, start_line
    resume = (start_offset, start_line)
    holding = False  # a <description> was read: resume before it so the next window sees it again

    def emit(end: int) -> None:
        prefix = (description or "").rstrip("\r\n") + "\n" if description else ""
        text = prefix + b"".join(current).decode("utf-8", errors="replace")
        shift = len(prefix.encode("utf-8"))
        pieces.append(GameText(text, current_line - (1 if prefix else 0), current_offset - shift, end))

    for raw in data.splitlines(keepends=True):
        stripped = raw.strip()
        if stripped.startswith(b"<description") and not current:
            description = raw.decode("utf-8", errors="replace").lstrip("\ufeff")
            holding = True
        elif stripped.startswith(b"<game") and current:
            emit(offset)  # an unclosed game: parse_hand reports it truncated
            current = [raw]
            current_line, current_offset = number, offset
        elif stripped.startswith(b"<game") or current:
            if not current:
                current_line, current_offset = number, offset
            current.append(raw)
        elif stripped and not stripped.startswith(b"<?xml"):
            current, current_line, current_offset = [raw], number, offset
            emit(offset + len(raw))
            current = []
        offset += len(raw)
        number += 1
        if current and stripped.endswith(b"</game>"):
            emit(offset)
            current, holding = [], False
        if not current and not holding:
            resume = (offset, number)
    if current and final:
        emit(offset)
    if final:
        resume = (offset, number)
    return pieces, resume[0], resume[1]


def _last_description(head: bytes) -> str | None:
    found = None
    for raw in head.splitlines(keepends=True):
        if raw.strip().lstrip(b"\xef\xbb\xbf").startswith(b"<description"):
            found = raw.decode("utf-8", errors="replace").lstrip("\ufeff")
    return found
