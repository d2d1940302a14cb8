"""The one way badugi reads hand-history files: ``badugi parse``, ``audit``, ``export`` and the import all
come through here.

1. ``walk(paths)``: the files named, and every file under the folders named (sorted, hidden names
   skipped). Nothing is passed over by its name: what a file is, its content says.
2. ``inspect(head)``: the room whose format the file is (its first bytes decide: Merge XML and PHH own
   whole files; a text file belongs to the text rooms when one of its lines starts a hand of theirs),
   or the summary reader of a room's tournament summaries (``parsers.tournaments``), or, for a file
   with no hand and no summary badugi reads, why (``filetypes``: a results page, an image, another
   room's hands, ...), said once as a ``FileSkipped``.
3. ``room.split(...)``: the file's hands (or summaries) as ``HandText`` from any byte offset on
   (resumable).
4. ``read_piece``: each hand classified from its header by its room, then skipped (another game) or
   read strictly (``Room.read``); each summary read by its room's summary reader.

The reader never raises on any input: undecodable bytes become ``parse.decode`` failures, text outside
any hand ``parse.unknown_room`` (archive separators excepted), a bug escaping a room ``parse.internal``
(with the hand's raw text kept), and the next hand proceeds. A file a Windows client wrote in its code
page is read as cp1252 and noted once (``FileNote``).
"""

from __future__ import annotations

import io
import logging
import os
from dataclasses import replace
from collections.abc import Iterable, Iterator
from typing import BinaryIO

from badugi.engine.record import Hand
from badugi.parsers.decode import CP1252, UTF8, UTF16LE, Encoding, decode_line, detect_encoding
from badugi.parsers.folders import walk  # noqa: F401 - here too: reader.walk
from badugi.parsers.filetypes import (CR_ONLY, binary_kind, cr_only, identify, looks_like_hands, magic_kind,
                                      other_room_file,
                                      only_separators)
from badugi.parsers.results import (FileNote, FileSkipped, HandResult, HandText, ParseFailure, PieceResult,
                                    ReadResult)
from badugi.parsers.rooms import ROOMS, Room, detectors, get_room
from badugi.parsers.split import _encoded, room_detected, split_text
from badugi.parsers.tournament_record import TournamentSummary
from badugi.parsers.tournaments import SummaryReader, read_summary, summary_reader_for

log = logging.getLogger(__name__)

TEXT_ROOM = "pokerstars"
"""A text room whose splitter reads a damaged text file (every text room shares it)."""

HEAD_BYTES = 64 << 10
"""How much of a file's start decides what it is (encoding, BOM, format, Merge's description)."""


# ---- 1. which files: ``walk`` (``folders``, which loads nothing else) ----------------------------------


# ---- 2. what a file is --------------------------------------------------------------------------


def inspect(head: bytes) -> Room | SummaryReader | FileSkipped:
    """The room whose hands the file holds, or the reader of its tournament summaries, from its first
    bytes; or why it holds neither (a ``FileSkipped`` with no file name yet)."""
    if not head.strip(b" \t\r\n\x00\x0c\xef\xbb\xbf\xff\xfe"):
        return FileSkipped("", "empty file")
    kind = magic_kind(head)
    if kind is not None:
        return FileSkipped("", f"not a hand history: {kind}")
    if cr_only(head, detect_encoding(head).codec == UTF16LE):
        return FileSkipped("", CR_ONLY)
    text = head_text(head)
    rooms = [get_room(name) for name in ROOMS]
    for room in rooms:
        if room.sniff(text):
            return room
    for room in rooms:
        if room.recognises_file(text):
            return room
    summaries = summary_reader_for(text)
    if summaries is not None:
        return summaries
    if other_room_file(text):  # another room's hands (they have seat lines too): one skip, with the room
        reason, room_name = identify(text)
        return FileSkipped("", reason, room_name)
    if looks_like_hands(text):  # a damaged hand history: read it line by line, so each piece is reported
        return get_room(TEXT_ROOM)
    kind = binary_kind(head, utf16=detect_encoding(head).codec == UTF16LE)
    if kind is not None:
        return FileSkipped("", f"not a hand history: {kind}")
    cut = _cut_in_first_line(text, rooms)
    if cut is not None:
        return cut
    reason, room_name = identify(text)
    return FileSkipped("", reason, room_name)


def _cut_in_first_line(text: str, rooms: list[Room]) -> FileSkipped | None:
    """A file that ends inside its first line, which starts the way a room's hand does: a hand history
    cut while its first hand was written (or copied short). Said so, with the room, rather than "not a
    hand history": there is no whole line, so no hand, to read. (A first line cut after a hand's id but
    before its game is a hand the strict reading reports: ``Room.reads``.)"""
    first = text.lstrip("\ufeff \t\r\n")
    if "\n" in first or "\r" in first:
        return None
    for room in rooms:  # (a prefix as short as KingsClub's "#" says nothing of a line on its own)
        if any(len(prefix) >= 8 and first.startswith(prefix) for prefix in room.HEADER_PREFIXES):
            return FileSkipped("", f"damaged hand history: the file ends inside its first line, the start of a "
                                   f"{room.NAME} hand ({len(first)} characters); no whole hand to read", room.NAME)
    return None


def head_text(head: bytes) -> str:
    """A file's first bytes as text, enough to recognise it (undecodable bytes replaced; a UTF-16 file's
    cut last character dropped)."""
    encoding = detect_encoding(head)
    data = head[encoding.bom:]
    if encoding.unit == 2 and len(data) % 2:
        data = data[:-1]
    return data.decode(encoding.codec, errors="replace")


# ---- 3 and 4. the hands -----------------------------------------------------------------------------


def read_piece(piece: HandText, file: str, cut: bool = False) -> PieceResult | None:
    """Read one split hand with its room, or one split summary with its room's summary reader (``None``
    for archive separators between hands). Never raises. A summary's failures have ``parse.summary.*``
    codes (``parse.summary.decode``, ...), so a summary is never counted as a hand. ``cut``: the piece is
    the stream's last and the stream stops inside its last line (``stops_inside_a_line``)."""
    result = _read_piece(piece, file)
    if type(result) is ParseFailure and not piece.complete:
        return _cut_short(result, piece, cut)
    return result


def _read_piece(piece: HandText, file: str) -> PieceResult | None:
    kind, prefix = ("summary", "parse.summary.") if piece.summary else ("hand", "parse.")
    if piece.decode_error is not None:
        hand_id = None if piece.summary or piece.room is None else get_room(piece.room).hand_id_hint(piece.header)
        ident = f" (hand #{hand_id})" if hand_id else ""
        # text of no room: its first line quoted, which names the hand when it is one whose first line is damaged
        first = f" (first line {_shown(piece.header)!r})" if piece.room is None else ""
        return ParseFailure(f"{prefix}decode", piece.room, hand_id, file, piece.first_line, None, piece.offset,
                            f"{file}:{piece.first_line}{ident}: undecodable text in this {kind}: {piece.decode_error}"
                            f"{first}", raw=piece.text)
    if piece.room is None:
        if only_separators(piece.text):
            return None
        return ParseFailure(f"{prefix}unknown_room", None, None, file, piece.first_line, 1, piece.offset,
                            f"{file}:{piece.first_line}: text outside any {kind} of a known room: "
                            f"{_shown(piece.header)!r}", raw=piece.text)
    try:
        if piece.summary:
            return read_summary(piece, file)
        return get_room(piece.room).read(piece, file)
    except Exception as exc:  # noqa: BLE001 - a bug in a room must not stop the file; keep the text and say so
        log.debug("internal error reading %s:%s", file, piece.first_line, exc_info=True)
        return ParseFailure(f"{prefix}internal", piece.room, None, file, piece.first_line, None, piece.offset,
                            f"{file}:{piece.first_line}: internal error reading this {kind}: "
                            f"{type(exc).__name__}: {exc}", raw=piece.text)


CUT_SHORT = "the file ends inside this {kind} (cut short, or still being written: read it again once it is whole)"


def _cut_short(failure: ParseFailure, piece: HandText, cut: bool) -> ParseFailure:
    """The failure of a stream's unfinished last hand (or summary), told that the file ends inside it: where
    the reader found the text ending too soon (``parse.truncated``), or where the stream stops inside the
    line it failed at (the last line, or the undecodable half character there), whatever the reader made of
    that line; then the code is ``parse.truncated`` (``parse.summary.truncated``). A failure at an earlier
    line is the hand's own error and stays as it is."""
    prefix, kind = ("parse.summary.", "summary") if piece.summary else ("parse.", "hand")
    truncated = f"{prefix}truncated"
    if failure.code != truncated:
        last_line = piece.first_line + piece.text.count("\n") - 1
        at_cut = (failure.line >= last_line if piece.decode_error is None else  # (stray bytes after the last hand:
                  piece.room is not None and piece.decode_error.startswith(f"line {last_line}:"))  # their own failure)
        if not (cut and at_cut and failure.code != f"{prefix}internal"):
            return failure
    note = CUT_SHORT.format(kind=kind)
    if "the file ends" in failure.message:  # (said already: Merge's "the file ends before </game>")
        return failure
    return replace(failure, code=truncated, message=f"{failure.message}; {note}")


def stops_inside_a_line(stream: BinaryIO, unit: int) -> tuple[int, bool]:
    """The stream's size, and whether its last bytes are not a line end (the file was cut, or is being
    written, inside its last line). ``unit``: 2 for UTF-16, whose line end is two bytes."""
    size = stream.seek(0, io.SEEK_END)
    if size == 0:
        return 0, False
    stream.seek(max(size - 2, 0))
    tail = stream.read(2)
    if unit == 2:
        return size, size % 2 == 1 or tail not in (b"\n\x00", b"\x00\n", b"\r\x00", b"\x00\r")
    return size, not tail.endswith((b"\n", b"\r"))


SHOWN_CHARS = 240
"""The most of a first line an error quotes: a whole header (Winamax's run to ~170 characters), so a hand
whose first line no room reads is still named by the id in it."""


def _shown(line: str) -> str:
    return line if len(line) <= SHOWN_CHARS else line[:SHOWN_CHARS - 3] + "..."


def codec_note(piece: HandText, file: str) -> FileNote:
    """The note a file gets once, at its first hand decoded with another codec than the file's."""
    return FileNote(file, piece.first_line,
                    f"not UTF-8: read as {piece.codec} (a Windows client's code page) from line {piece.first_line}")


def read_stream(stream: BinaryIO, file: str, start_offset: int = 0, start_line: int = 1,
                room: str | None = None) -> Iterator[ReadResult]:
    """Every hand (or tournament summary) of a seekable binary stream as a result value, from byte
    ``start_offset`` (line ``start_line``) on; or one ``FileSkipped`` for a file that holds none.
    ``room`` forces a room's hand format instead of recognising it (text known to be PHH, say)."""
    try:
        stream.seek(0)
        head = stream.read(HEAD_BYTES)
        if room is not None:
            found: Room | SummaryReader | FileSkipped = get_room(room)
        else:
            found = inspect(head)
        if isinstance(found, FileSkipped):
            if start_offset == 0:
                yield FileSkipped(file, found.reason, found.room)
            return
        size, stops_inside = stops_inside_a_line(stream, detect_encoding(head).unit)
        stream.seek(start_offset)
        noted = False
        for piece in found.split(stream, head, start_offset, start_line):
            if piece.codec is not None and not noted:
                noted = True
                yield codec_note(piece, file)
            result = read_piece(piece, file, cut=stops_inside and not piece.complete and piece.end_offset >= size)
            if result is not None:
                yield result
    except OSError as exc:
        yield ParseFailure("parse.io", None, None, file, start_line, None, start_offset,
                           f"{file}: cannot read: {exc}")


def read_file(path: str | os.PathLike[str], start_offset: int = 0, start_line: int = 1,
              room: str | None = None) -> Iterator[ReadResult]:
    """Every hand of the file at ``path``, from byte ``start_offset`` (line ``start_line``) on."""
    file = str(path)
    try:
        stream = open(path, "rb")
    except OSError as exc:
        yield ParseFailure("parse.io", None, None, file, start_line, None, start_offset, f"{file}: cannot open: {exc}")
        return
    with stream:
        yield from read_stream(stream, file, start_offset, start_line, room)


def read_bytes(data: bytes, file: str = "<bytes>", start_offset: int = 0, start_line: int = 1,
               room: str | None = None) -> Iterator[ReadResult]:
    """Every hand of an in-memory file."""
    yield from read_stream(io.BytesIO(data), file, start_offset, start_line, room)


def read_text(text: str, file: str = "<text>", room: str | None = None) -> Iterator[ReadResult]:
    """Every hand of already-decoded text (offsets are those of its UTF-8 encoding)."""
    yield from read_bytes(text.encode("utf-8", errors="surrogatepass"), file, room=room)


def read_paths(paths: Iterable[str | os.PathLike[str]]) -> Iterator[ReadResult]:
    """Every result of every file under ``paths``."""
    for path in walk(paths):
        yield from read_file(path)


def hands_only(results: Iterable[ReadResult]) -> Iterator[HandResult]:
    """The per-hand results (file-level notes and skips, and tournament summaries, left out)."""
    for result in results:
        if not isinstance(result, (FileSkipped, FileNote, TournamentSummary)):
            yield result


def read_hands(path: str | os.PathLike[str], room: str | None = None) -> Iterator[HandResult]:
    """Every hand of one file (``room`` forces its format)."""
    return hands_only(read_file(path, room=room))


def read_text_hands(text: str, file: str = "<text>", room: str | None = None) -> Iterator[HandResult]:
    """Every hand of text given as a string (``room`` forces its format)."""
    return hands_only(read_text(text, file, room))


def iter_hand_texts(stream: BinaryIO, start_offset: int = 0, start_line: int = 1) -> Iterator[HandText]:
    """The split hands of a text file (any text rooms), from ``start_offset`` (line ``start_line``) on."""
    stream.seek(0)
    head = stream.read(HEAD_BYTES)
    stream.seek(start_offset)
    yield from split_text(stream, head, start_offset, start_line)


def cuts_by_bytes(room: Room | SummaryReader, head: bytes) -> bool:
    """Whether a file of ``room`` whose first bytes are ``head`` can be cut between hands without splitting it
    (``HandStarts``): a text room's file (the shared line splitter, ``split.split_text``) in UTF-8."""
    split = getattr(type(room), "split", None)
    return isinstance(room, Room) and split is Room.split and detect_encoding(head).codec == UTF8


class HandStarts:
    """Where the text rooms' splitter (``split.split_text``) starts a hand in a UTF-8 file, found without
    splitting the bytes before: a line that starts with a room's header prefix (a BOM before it or not) and
    that the room recognises (``rooms.detectors``) always starts a new hand there, whatever came before it
    (the splitter's ``found`` line). The importer's planner cuts a file's bytes at such lines (``importer._plan``)."""

    _UTF8 = Encoding(UTF8, 0, b"\n")
    _CP1252 = Encoding(CP1252, 0, b"\n")

    def __init__(self) -> None:
        prefixes = tuple(p for room in ROOMS.values() for p in room.HEADER_PREFIXES)
        self.needles = tuple(dict.fromkeys(b"\n" + c for c in _encoded(prefixes, self._UTF8)))
        self.rooms = detectors()

    def candidate(self, data: bytes, start: int, stop: int) -> int:
        """The first line start ``p`` with ``start <= p`` whose line begins with a header prefix, its prefix
        whole before ``stop``; -1 if none."""
        best = -1
        for needle in self.needles:
            found = data.find(needle, start - 1, stop if best < 0 else best - 1 + len(needle))
            if found >= 0 and (best < 0 or found + 1 < best):
                best = found + 1
        return best

    def starts_hand(self, raw: bytes) -> bool:
        """Whether the line ``raw`` (its line end included or not) starts a hand: decoded as the splitter
        decodes a candidate line (UTF-8, else cp1252) and recognised by a room."""
        text, error = decode_line(raw, self._UTF8)
        if error is not None:
            text, error = decode_line(raw, self._CP1252)
        return error is None and bool(text.strip()) and room_detected(text, self.rooms) is not None


def result_offset(result: ReadResult) -> int:
    """Where in its file a result starts (bytes)."""
    if isinstance(result, (Hand, TournamentSummary)):
        return result.source.offset
    return getattr(result, "offset", 0)
