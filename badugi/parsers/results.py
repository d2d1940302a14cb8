"""What the readers hand on: split hands (``HandText``) and, for each, a ``Hand``, a ``Skipped`` or a
``ParseFailure``; for each tournament summary a ``TournamentSummary`` (or a ``ParseFailure``); for a
whole file, a ``FileSkipped`` (not a hand history) or a ``FileNote``.

A reader never raises on bad input: one unreadable hand becomes a ``ParseFailure`` value and the next
hand proceeds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from badugi.engine.record import Hand
from badugi.parsers.tournament_record import TournamentSummary


@dataclass(frozen=True, slots=True)
class HandText:
    """One hand's text (lines joined with ``\\n``, CR removed, ending in ``\\n``) and its origin.

    ``offset``/``end_offset`` are byte offsets in the original file: the hand's first byte and the
    byte just after its last non-blank line (including that line's end). ``first_line`` is 1-based.
    ``room`` is ``None`` for text outside any recognised hand. ``complete`` is ``False`` only for the
    last hand of a stream that stops right after it (no blank line, no next hand, no closing tag): a
    file still being written; an importer should retry it later. ``decode_error`` is set when some
    line of the hand could not be decoded (the text then holds U+FFFD in place of the bad bytes);
    ``codec`` names the codec the text was decoded with when it is not the file's own (``cp1252``
    for a Windows client's byte that is not UTF-8). ``summary``: the text is one tournament summary (read
    by ``room``'s summary reader, ``parsers.tournaments``), not a hand.
    """

    text: str
    first_line: int
    offset: int
    end_offset: int
    room: str | None
    complete: bool
    decode_error: str | None = None
    line_count: int = 0
    codec: str | None = None
    summary: bool = False

    @property
    def next_line(self) -> int:
        """The file line number of the byte at ``end_offset`` (where a resumed read starts)."""
        return self.first_line + self.line_count

    @property
    def header(self) -> str:
        """The hand's first line."""
        return self.text.split("\n", 1)[0]

    def __reduce__(self) -> tuple:
        """Pickled as its field values: an import sends a thousand of these to a pool worker per batch,
        and the frozen dataclass's default state dict costs three times as much each way. Unpickled by
        ``split.hand_text`` (its slots set in C), not through the dataclass's ``__init__``."""
        return (_split.hand_text, (self.text, self.first_line, self.offset, self.end_offset, self.room, self.complete,
                           self.decode_error, self.line_count, self.codec, self.summary))


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


SUMMARY_CODES = "parse.summary."
"""The prefix of every failure code of a tournament summary."""


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

    @property
    def of_summary(self) -> bool:
        """Whether the text that failed is a tournament summary (``parse.summary.*``), not a hand."""
        return self.code.startswith(SUMMARY_CODES)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "room": self.room, "hand_id": self.hand_id, "file": self.file,
                "line": self.line, "column": self.column, "offset": self.offset, "message": self.message,
                "expected": list(self.expected)}


@dataclass(frozen=True, slots=True)
class FileSkipped:
    """A whole file that holds no hand to read, said once: ``tournament summary``, ``empty file``,
    ``not a hand history: PNG image``, ``iPoker hand history (a room badugi does not read)``. ``room``
    names the room that wrote it when it can be told."""

    file: str
    reason: str
    room: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.file, "reason": self.reason, "room": self.room}


@dataclass(frozen=True, slots=True)
class FileNote:
    """Something about a whole file worth saying once, that spoils nothing: ``decoded as cp1252 (not
    UTF-8) from line 12`` when a Windows client wrote its own code page."""

    file: str
    line: int
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "message": self.message}


HandResult = Union[Hand, Skipped, ParseFailure]
"""What one split hand reads to."""

PieceResult = Union[Hand, Skipped, ParseFailure, TournamentSummary]
"""What one split piece reads to: a hand's result, or a tournament summary (or its ``ParseFailure``)."""

ReadResult = Union[Hand, Skipped, ParseFailure, TournamentSummary, FileSkipped, FileNote]
"""What a file reader yields: one ``HandResult`` per hand found (one ``TournamentSummary`` or
``ParseFailure`` per summary of a summary file), or one ``FileSkipped`` for a file with none;
``FileNote`` values may come between them."""


# (at the end: ``split`` builds ``HandText`` s, so it imports this module first)
from badugi.parsers import split as _split  # noqa: E402
