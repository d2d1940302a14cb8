"""What a reader yields for each hand it finds: a ``Hand``, a ``Skipped`` or a ``ParseFailure``.

A reader never raises on bad input: one unreadable hand becomes a ``ParseFailure`` value and the next
hand proceeds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Union

from badugi.engine.record import Hand


@dataclass(frozen=True, slots=True)
class Skipped:
    """A hand recognised but not read: another game (``unsupported game: Triple Draw 2-7 Lowball``)."""

    room: str | None
    hand_id: str | None
    file: str
    line: int
    offset: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"room": self.room, "hand_id": self.hand_id, "file": self.file, "line": self.line,
                "offset": self.offset, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class ParseFailure:
    """Text that could not be read. ``code`` is stable (``parse.unexpected``, ``parse.unknown_action``,
    ``parse.decode``, ``parse.unknown_room``, ...); ``expected`` lists what the grammar wanted there;
    ``raw`` keeps the hand's whole text so nothing is lost."""

    code: str
    room: str | None
    hand_id: str | None
    file: str
    line: int
    column: int | None
    offset: int
    message: str
    expected: tuple[str, ...] = ()
    raw: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "room": self.room, "hand_id": self.hand_id, "file": self.file,
                "line": self.line, "column": self.column, "offset": self.offset, "message": self.message,
                "expected": list(self.expected)}


ReadResult = Union[Hand, Skipped, ParseFailure]


LineReader = Callable[[Iterable[bytes], str], Iterator[ReadResult]]


def read_file_lines(path: str | Path, room: str, read_lines: LineReader) -> Iterator[ReadResult]:
    """Stream a file's raw lines through a line reader (Merge XML, PHH); a file that cannot be opened
    is one ``parse.io`` failure, not an exception."""
    name = str(path)
    try:
        handle = open(path, "rb")
    except OSError as exc:
        yield ParseFailure("parse.io", room, None, name, 0, None, 0, f"cannot read file: {exc}")
        return
    with handle:
        yield from read_lines(handle, name)


def read_text_lines(text: str, file: str, read_lines: LineReader) -> Iterator[ReadResult]:
    """Feed text given as a string (tests, stdin) to a line reader as UTF-8 lines."""
    yield from read_lines(text.encode("utf-8").splitlines(keepends=True), file)
