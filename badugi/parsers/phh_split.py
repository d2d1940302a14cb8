"""Split a ``.phhs`` file's bytes into hands (``[N]`` tables) for importers that resume at any byte offset."""

from __future__ import annotations

import re
from dataclasses import dataclass

ROOM = "phh"
TABLE_HEADER = re.compile(r"^\s*\[\s*([^\[\]\s]+)\s*\]\s*(#.*)?$")


@dataclass(frozen=True, slots=True)
class TableText:
    """One hand's text for ``parse_hand``: a ``[N]`` table (header included) or a whole ``.phh`` file."""

    text: str
    first_line: int
    offset: int
    end_offset: int
    room: str = ROOM


def split_tables(data: bytes, start_offset: int = 0, start_line: int = 1, *,
                 final: bool = True) -> tuple[list[TableText], int, int]:
    """Split raw bytes (the file from ``start_offset``, at line ``start_line``) into hands -> (hands,
    resume offset, resume line). A table runs to the next ``[N]`` header; when ``final`` is false the
    last one is held back (it may continue in the next window). Text with no header is one hand."""
    starts: list[tuple[int, int]] = []  # (byte offset in data, line)
    offset, number = 0, start_line
    for raw in data.splitlines(keepends=True):
        if TABLE_HEADER.match(raw.decode("utf-8", errors="replace").lstrip("\ufeff")):
            starts.append((offset, number))
        offset += len(raw)
        number += 1
    if not starts:
        starts = [(0, start_line)] if data.strip() else []
    elif data[: starts[0][0]].strip():  # text before the first header is a hand of its own
        starts.insert(0, (0, start_line))
    pieces: list[TableText] = []
    resume = (start_offset, start_line)
    for index, (begin, line) in enumerate(starts):
        last = index + 1 == len(starts)
        if last and not final:
            resume = (start_offset + begin, line)
            break
        end = len(data) if last else starts[index + 1][0]
        text = data[begin:end].decode("utf-8", errors="replace")
        pieces.append(TableText(text, line, start_offset + begin, start_offset + end))
        resume = (start_offset + end, line + text.count("\n"))
    if final:
        resume = (start_offset + len(data), start_line + data.count(b"\n"))
    return pieces, resume[0], resume[1]
