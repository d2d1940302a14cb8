"""Split a ``.phhs`` file's bytes into hands (``[N]`` tables), from any byte offset."""

from __future__ import annotations

import re

from badugi.parsers.decode import UTF8, Encoding, decode_text
from badugi.parsers.results import HandText

ROOM = "phh"
TABLE_HEADER = re.compile(r"^\s*\[\s*([^\[\]\s]+)\s*\]\s*(#.*)?$")
_UTF8 = Encoding(UTF8, 0, b"\n")


def split_tables(data: bytes, start_offset: int = 0, start_line: int = 1, *,
                 final: bool = True) -> tuple[list[HandText], int, int]:
    """Split raw bytes (the file from ``start_offset``, at line ``start_line``) into hands -> (hands,
    resume offset, resume line). A table runs to the next ``[N]`` header (a ``.phh`` file is one hand
    with no header). When ``final`` is false the last one is held back (it may continue in the next
    window); when true it is returned, marked incomplete unless the file ends with a line end (PHH has
    no end-of-hand mark: a file that does not is maybe still being written)."""
    starts: list[tuple[int, int]] = []  # (byte offset in data, line)
    offset, number = 0, start_line
    for raw in data.splitlines(keepends=True):
        if b"[" in raw and TABLE_HEADER.match(raw.decode("utf-8", errors="replace").lstrip("\ufeff")):
            starts.append((offset, number))
        offset += len(raw)
        number += 1
    if not starts:
        starts = [(0, start_line)] if data.strip() else []
    elif data[: starts[0][0]].strip():  # text before the first header is a hand of its own
        starts.insert(0, (0, start_line))
    pieces: list[HandText] = []
    resume = (start_offset, start_line)
    for index, (begin, line) in enumerate(starts):
        last = index + 1 == len(starts)
        if last and not final:
            resume = (start_offset + begin, line)
            break
        end = len(data) if last else starts[index + 1][0]
        body, codec, error = decode_text(data[begin:end], _UTF8)
        text = body.replace("\r\n", "\n")
        complete = not last or data.endswith(b"\n")
        pieces.append(HandText(text, line, start_offset + begin, start_offset + end, ROOM, complete, error,
                               text.count("\n"), codec))
        resume = (start_offset + end, line + text.count("\n"))
    if final:
        resume = (start_offset + len(data), start_line + data.count(b"\n"))
    return pieces, resume[0], resume[1]
