"""Split a hand-history byte stream into hands, keeping where each came from.

The scan is cheap and streaming: the file is read in chunks, cut into lines at the encoding's line
end, and a new hand starts at every line a room recognises as its first line (``rooms.detect_room``).
Only lines that may start a hand are decoded on their own; a hand's text is decoded at once when it
is complete. Memory stays flat in the file size: only the current hand's lines are held. In UTF-8
files a run of lines the splitter treats alike (blank lines; or lines that are neither blank nor
start like a hand's first line: most of a hand) is cut out by one regex match instead of line by line;
compiled, a UTF-8 file is cut by C scans of its bytes instead (``_split_scanned``, ``scan_api.pxd``:
the same hands; measured with callgrind on the 20,000-hand corpus, 114.0k -> 27.6k instructions a hand).

Each hand keeps its first line number and its byte offsets in the original file, so errors point at
``file:line`` and an incremental importer can remember how far it read (``end_offset``) and resume
there later with ``start_offset``/``start_line``.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO

from badugi.parsers import scan_api as _scan
from .decode import CP1252, UTF8, Encoding, decode_line, detect_encoding
from .results import HandText

__all__ = ["CHUNK_SIZE", "HandText", "WINDOW_BYTES", "count_lines", "hand_text", "iter_raw_lines", "split_stream", "split_text", "split_windows"]

CHUNK_SIZE = 1 << 20
WINDOW_BYTES = 4 << 20
"""Bytes a window splitter (Merge XML, PHH: formats cut by their own markup) sees at a time."""
_CP1252 = Encoding(CP1252, 0, b"\n")
_SLOTS = tuple(HandText.__dict__[name] for name in HandText.__slots__)
"""``HandText``'s member descriptors in field order: a split hand is built by ``_scan.record`` (compiled: each
slot set in C), not through the frozen dataclass's ``__init__`` (ten ``object.__setattr__`` calls: ~15k
instructions a hand, callgrind)."""


def hand_text(*values: Any) -> HandText:
    """A ``HandText`` of its ten field values in field order, made as the splitter makes one (``_scan.record``):
    what a pickled one is unpickled by (``HandText.__reduce__``). An import's pool worker unpickles a thousand a
    task; made by calling ``HandText`` (the frozen dataclass's ``__init__``) each took ~18.8k instructions to
    unpickle, now ~5.4k (callgrind, a list of 1,000 corpus hands; the text's own copy included)."""
    return _scan.record(HandText, _SLOTS, values)


_NO_STOPS = bytes(256)
"""A stop table (``_scan.run``) that stops no run of body lines: one run goes on to the last whole line."""


def count_lines(data: bytes) -> int:
    """How many whole lines (LFs) ``data`` holds: counted by the splitter's scan (``_scan.run``; compiled, each
    line end found by ``memchr``), a few runs of lines (blank ones, then every other line to the end: no
    byte stops a run). ``bytes.count`` compares each byte in turn: ~5 instructions a byte (callgrind), the
    scan ~25 a line. For the importer's cuts by bytes (``importer._cut_by_bytes``)."""
    at = lines = 0
    while True:
        kind, at, count = _scan.run(data, at, _NO_STOPS, ())
        if kind == _scan.NONE:
            return lines
        lines += count


def iter_raw_lines(stream: BinaryIO, encoding: Encoding, start_offset: int,
                   chunk_size: int = CHUNK_SIZE) -> Iterator[tuple[int, bytes]]:
    """Yield ``(byte offset, raw line including its line end)`` from ``start_offset`` on.

    For UTF-16 only line ends at even positions count (``\\n\\x00`` at an odd position is the middle
    of two characters). The last line may lack a line end.
    """
    for offset, raw, _ in _line_runs(stream, encoding, start_offset, chunk_size, None):
        yield offset, raw


def _line_runs(stream: BinaryIO, encoding: Encoding, start_offset: int, chunk_size: int,
               runs: _Runs | None) -> Iterator[tuple[int, bytes, int]]:
    """The file's lines as ``(byte offset, raw bytes, number of lines)``, one line a piece, except that
    a run of whole lines the splitter treats alike (``_Runs``) starting at a line start is one piece."""
    newline = encoding.newline
    width = len(newline)
    two_byte = encoding.unit == 2
    match = runs.blank.match if runs is not None else None
    candidates = runs.candidates if runs is not None else ()
    body_end = runs.body_end.search if runs is not None else None
    buffer = b""
    base = start_offset
    while True:
        chunk = stream.read(chunk_size)
        if not chunk:
            break
        buffer = buffer + chunk if buffer else chunk
        start = 0
        find = buffer.find
        while True:
            found = match(buffer, start) if match is not None else None
            if found is None and body_end is not None and not buffer.startswith(candidates, start):
                end = find(newline, start)
                if end != -1:  # a whole body line (not blank): the run goes on to a blank or candidate line
                    after = body_end(buffer, end)
                    stop = after.start() + 1 if after is not None else buffer.rfind(newline) + 1
                    yield base + start, buffer[start:stop], buffer.count(newline, start, stop)
                    start = stop
                    continue
            if found is not None:
                stop = found.end()
                yield base + start, buffer[start:stop], buffer.count(newline, start, stop)
            else:
                end = find(newline, start)
                if two_byte:
                    while end != -1 and (end - start) % 2:
                        end = find(newline, end + 1)
                if end == -1:
                    break
                stop = end + width
                yield base + start, buffer[start:stop], 1
            start = stop
        buffer = buffer[start:]
        base += start
    if buffer:
        yield base, buffer, 1


class _Runs:
    """For UTF-8 with a header-prefix filter, the runs of whole lines the splitter treats alike: one or
    more blank lines (only spaces, tabs, CR: ``blank``), or one or more body lines, that are not blank and
    do not start with a candidate prefix (never decoded alone). A body run is a whole line that is neither
    blank nor a candidate, and the lines after it up to the first newline followed by a blank or candidate
    line (``body_end``): one search for that newline. It was one regex repeating over each line
    (``(?:(?!candidates)[ \t\r]*[^ \t\r\n][^\n]*\n)+``): the same pieces, its matching ~51k instructions a
    PokerStars hand (callgrind). The search first tests the next line's first byte against the bytes a
    blank or candidate line can start with (one set test), so most newlines of a hand are passed without
    trying each alternative: the same matches (that test is implied by the alternation)."""

    __slots__ = ("blank", "candidates", "body_end")

    def __init__(self, candidates: tuple[bytes, ...]) -> None:
        starts = b"|".join(re.escape(c) for c in candidates)
        firsts = bytes(sorted({c[0] for c in candidates if c} | set(b" \t\r\n")))
        test = rb"(?=[" + re.escape(firsts) + rb"])" if all(candidates) else b""  # (an empty prefix: any byte)
        self.blank = re.compile(rb"(?:[ \t\r]*\n)+")
        self.candidates = candidates
        self.body_end = re.compile(rb"\n" + test + rb"(?=[ \t\r]*\n|" + starts + rb")")


def _runs_pattern(candidates: tuple[bytes, ...] | None, encoding: Encoding) -> _Runs | None:
    """The runs of lines alike (``_Runs``) for UTF-8 with a header-prefix filter, else ``None``."""
    if candidates is None or encoding.codec != UTF8:
        return None
    return _Runs(candidates)


class _Block:
    """The hand being collected: its raw bytes (decoded once, when the hand is complete), which are
    whole lines (``lines`` of them, blank lines inside the hand included)."""

    __slots__ = ("raws", "lines", "first_line", "offset", "end_offset", "room", "pending_blank", "blank_raws",
                 "blank_lines")

    def __init__(self, first_line: int, offset: int, room: str | None) -> None:
        self.raws: list[bytes] = []
        self.lines = 0
        self.first_line = first_line
        self.offset = offset
        self.end_offset = offset
        self.room = room
        self.pending_blank = False
        self.blank_raws: list[bytes] = []
        self.blank_lines = 0

    def add(self, raw: bytes, end_offset: int, lines: int) -> None:
        if self.blank_raws:  # blank lines inside a hand stay, so line numbers stay right
            self.raws.extend(self.blank_raws)
            self.lines += self.blank_lines
            self.blank_raws = []
            self.blank_lines = 0
        self.raws.append(raw)
        self.lines += lines
        self.end_offset = end_offset
        self.pending_blank = False

    def blank(self, raw: bytes, lines: int) -> None:
        self.pending_blank = True
        self.blank_raws.append(raw)
        self.blank_lines += lines

    def finish(self, complete: bool, encoding: Encoding) -> HandText:
        text, error, codec = _decode_block(self.raws, encoding, self.first_line)
        return _scan.record(HandText, _SLOTS, (text, self.first_line, self.offset, self.end_offset, self.room,
                                               complete, error, self.lines, codec, False))


def _decode_block(raws: list[bytes], encoding: Encoding, first_line: int) -> tuple[str, str | None, str | None]:
    """Decode a hand's raw lines at once (fast path); UTF-8 that does not decode is tried as cp1252
    (a Windows client's code page); else line by line to find the undecodable line.
    Returns ``(text, error, codec used when not the file's)``."""
    data = b"".join(raws)
    codec = None
    try:
        text = data.decode(encoding.codec)
    except UnicodeDecodeError:
        if encoding.codec != UTF8:
            return _decode_lines(data, encoding, first_line)
        try:
            text, codec = data.decode(CP1252), CP1252
        except UnicodeDecodeError:
            return _decode_lines(data, encoding, first_line)
    if "\r" in text:
        text = text.replace("\r\n", "\n")
        if text.endswith("\r"):
            text = text[:-1]
    if "\ufeff" in text:
        text = text.lstrip("\ufeff").replace("\n\ufeff", "\n")
    if not text.endswith("\n"):
        text += "\n"
    return text, None, codec


def _decode_lines(data: bytes, encoding: Encoding, first_line: int) -> tuple[str, str | None, str | None]:
    """A hand that does not decode at once, line by line: the text, and the first undecodable line.

    (No bare ``raise`` inside a ``try`` nested in an ``except``: Cython 3.3 compiles that re-raise into
    a segmentation fault, and this module is compiled.)"""
    lines = []
    error = None
    for number, (_, raw) in enumerate(iter_raw_lines(io.BytesIO(data), encoding, 0), first_line):
        line, problem = decode_line(raw, encoding)
        lines.append(line)
        if problem and error is None:
            error = f"line {number}: {problem}"
    return "\n".join(lines) + "\n", error, None


def room_detected(line: str, detectors: tuple[tuple[tuple[str, ...], str, Callable[[str], bool]], ...]) -> str | None:
    """``rooms.detect_room``: the first room of ``detectors`` (``rooms.detectors()``) whose prefixes ``line`` (less
    a BOM) starts with and whose ``detects`` says yes, else ``None``. Here to be compiled: the splitter asks it
    for every hand's first line, and ``detect_room`` was a Python call and loop, ~6k instructions a hand
    (callgrind, one-process import: 7.9k with the room's own test)."""
    if line and line[0] == "\ufeff":  # (a line made by the scan from ASCII bytes has none: nothing to strip)
        line = line.lstrip("\ufeff")
    for prefixes, name, detects in detectors:
        if line.startswith(prefixes) and detects(line):
            return name
    return None


def _encoded(prefixes: tuple[str, ...], encoding: Encoding) -> tuple[bytes, ...]:
    """Header prefixes as the file's bytes, with and without a BOM in front (concatenated files)."""
    out = []
    for prefix in prefixes:
        out.append(prefix.encode(encoding.codec))
        out.append(("\ufeff" + prefix).encode(encoding.codec))
    return tuple(out)


def split_stream(stream: BinaryIO, encoding: Encoding, start_offset: int = 0, start_line: int = 1,
                 detect: Callable[[str], str | None] | None = None,
                 blank_ends_hand: Callable[[str | None], bool] | None = None,
                 chunk_size: int = CHUNK_SIZE, prefixes: tuple[str, ...] | None = None) -> Iterator[HandText]:
    """Yield the hands of ``stream`` (positioned at ``start_offset``, which is line ``start_line``).

    ``detect(line)`` names the room whose first line this is (default: the room registry);
    ``blank_ends_hand(room)`` says whether a blank line closes that room's hand, so that text after it
    which is not a new hand is reported on its own instead of spoiling the hand before it.
    ``prefixes`` is a cheap filter: only lines starting with one of them are given to ``detect``
    (default: every registered room's ``HEADER_PREFIXES``; with a custom ``detect``, every line).
    """
    rooms = None  # the registry's detectors, when ``detect`` is its ``detect_room`` (asked without that call)
    if detect is None or blank_ends_hand is None:
        from .rooms import ROOMS, blank_line_ends_hand, detect_room, detectors
        if detect is None:
            detect = detect_room
            rooms = detectors()
            if prefixes is None:
                prefixes = tuple(p for room in ROOMS.values() for p in room.HEADER_PREFIXES)
        blank_ends_hand = blank_ends_hand or blank_line_ends_hand
    candidates = _encoded(prefixes, encoding) if prefixes is not None else None
    if _scan.compiled and candidates is not None and encoding.codec == UTF8:
        yield from _split_scanned(stream, encoding, start_offset, start_line, detect, blank_ends_hand, chunk_size,
                                  candidates, rooms)
        return
    blank_bytes = b" \t\r\n\x00" if encoding.unit == 2 else b" \t\r\n"
    block: _Block | None = None
    line_no = start_line - 1
    for offset, raw, count in _line_runs(stream, encoding, start_offset, chunk_size,
                                         _runs_pattern(candidates, encoding)):
        first = line_no + 1  # the piece's first line (a piece is one line, or a run of lines alike)
        line_no += count
        end = offset + len(raw)
        if not raw.strip(blank_bytes):
            if block is not None:
                block.blank(raw, count)
            continue
        room = None
        if candidates is None or raw.startswith(candidates):
            text, error = decode_line(raw, encoding)
            if error is not None and encoding.codec == UTF8:  # a Windows client's code page (a euro sign)
                text, error = decode_line(raw, _CP1252)
            if error is None and text.strip():
                room = detect(text)
            elif error is None:  # whitespace the byte test did not know (form feed, NBSP, ...)
                if block is not None:
                    block.blank(raw, count)
                continue
        if room is not None:
            if block is not None:
                yield block.finish(True, encoding)
            block = _Block(first, offset, room)
        elif block is None or (block.pending_blank and blank_ends_hand(block.room)):
            if block is not None:
                yield block.finish(True, encoding)
            block = _Block(first, offset, None)
        block.add(raw, end, count)
    if block is not None:
        # blank lines after the last hand end it, except after only the first line of a room whose hands may
        # hold a blank line (Full Tilt's archive export writes one after the header): that hand goes on
        yield block.finish(block.pending_blank and (block.lines > 1 or blank_ends_hand(block.room)), encoding)


def _stop_table(candidates: tuple[bytes, ...]) -> bytes:
    """The 256-byte table ``_scan.run`` reads: which first bytes end a run of body lines (a candidate's first
    byte, and those a blank line starts with); every byte when a candidate is empty (any line may start a hand)."""
    if not all(candidates):
        return b"\x01" * 256
    table = bytearray(256)
    for byte in {c[0] for c in candidates} | set(b" \t\r\n"):
        table[byte] = 1
    return bytes(table)


def _split_scanned(stream: BinaryIO, encoding: Encoding, start_offset: int, start_line: int,
                   detect: Callable[[str], str | None], blank_ends_hand: Callable[[str | None], bool],
                   chunk_size: int, candidates: tuple[bytes, ...],
                   rooms: tuple[tuple[tuple[str, ...], str, Callable[[str], bool]], ...] | None = None
                   ) -> Iterator[HandText]:
    """``split_stream`` for a UTF-8 file, compiled: the same hands, found by C scans of the buffer
    (``_scan.run_found``) instead of regexes, slices and a ``_Block`` of lines. ``rooms``: ``detect`` is the registry's
    ``detect_room`` over these detectors (``room_detected`` is asked directly). A hand's bytes are one range of the
    file (its lines, blank lines inside it included), so they are cut out once, when it ends: a seekable stream's
    next chunk is read with the open hand's bytes again (``_rewinds``), else the current hand's bytes read in
    earlier chunks are kept in ``parts``. Only a line that starts with a candidate's
    first byte is cut out and decoded alone. (Its twin is the line-by-line path: ``scan_api``.) The scan of what a
    buffer holds is ``_Scan.hands`` (its state and locals C types: ``split.pxd``); this generator reads the stream."""
    scan = _Scan(encoding, start_offset, start_line, detect, blank_ends_hand, candidates, rooms)
    rewind = _rewinds(stream)
    while True:
        yield from scan.hands(False)
        buffer = scan.buffer
        if rewind:  # the bytes still needed (from the open hand's start, else from ``at``) read again with the next
            keep = len(buffer) - (scan.offset - scan.base if scan.is_open else scan.at)  # chunk: no copy of the buffer
            if keep:
                stream.seek(-keep, io.SEEK_CUR)
            chunk = stream.read(keep + chunk_size)
            if len(chunk) > keep:
                scan.at -= len(buffer) - keep
                scan.base += len(buffer) - keep
                scan.buffer = chunk
                continue
            if keep:
                stream.seek(keep - len(chunk), io.SEEK_CUR)  # (at the end again: nothing new)
        else:
            chunk = stream.read(chunk_size)
            if chunk:
                at = scan.at
                if scan.is_open and at:
                    scan.parts.append(buffer[scan.offset - scan.base if scan.offset >= scan.base else 0:at])
                scan.buffer = buffer[at:] + chunk if at < len(buffer) else chunk
                scan.base += at
                scan.at = 0
                continue
        yield from scan.hands(True)  # (the stream's end: its last line, with no line end)
        break
    if scan.is_open:
        # as ``split_stream``: blank lines after the last hand end it, unless only its first line was read of a
        # room whose hands may hold a blank line
        yield _scanned_hand(scan.buffer, scan.base, scan.parts, scan.offset, scan.end_offset, scan.first,
                            scan.last_line, scan.room,
                            scan.pending_blank and (scan.last_line > scan.first or blank_ends_hand(scan.room)), encoding)


class _Scan:
    """``_split_scanned``'s scan of a stream: the buffer (the file's bytes from ``base``), where its next line starts
    (``at``, line ``line_no + 1``) and the open hand (``is_open``: its room, first line, offsets, last line, ``parts``
    read before the buffer, ``pending_blank``: blank lines read after it). Compiled, its fields and ``hands``'s locals
    are C types (``split.pxd``) and each run of lines is a C struct (``_scan.run_found``): the loop was a generator's,
    every offset and count a Python int and each run a tuple (~3k instructions a hand, callgrind)."""

    def __init__(self, encoding: Encoding, start_offset: int, start_line: int, detect: Callable[[str], str | None],
                 blank_ends_hand: Callable[[str | None], bool], candidates: tuple[bytes, ...],
                 rooms: tuple[tuple[tuple[str, ...], str, Callable[[str], bool]], ...] | None) -> None:
        self.encoding = encoding
        self.detect = detect
        self.blank_ends_hand = blank_ends_hand
        self.candidates = candidates
        self.rooms = rooms
        self.stops = _stop_table(candidates)
        self.buffer = b""
        self.base = start_offset  # the file offset of buffer[0]
        self.at = 0  # where the next line starts in buffer
        self.line_no = start_line - 1  # lines before it
        self.parts: list[bytes] = []  # the open hand's bytes from earlier buffers
        self.is_open = False
        self.pending_blank = False
        self.room: str | None = None
        self.first = self.offset = self.end_offset = self.last_line = 0

    def hands(self, done: bool) -> list[HandText]:
        """The hands that end in the buffer's whole lines, the scan moved on to its first line not whole (``done``:
        the stream has ended, and that line, with no line end, is read too)."""
        out: list[HandText] = []
        buffer = self.buffer
        n = len(buffer)
        at = self.at
        line_no = self.line_no
        while True:
            run = _scan.run_found(buffer, at, self.stops, self.candidates)
            kind, stop, count = run.kind, run.end, run.lines
            last = False
            if kind == _scan.NONE:
                if not done or at >= n:
                    break
                kind, stop, count, last = _scan.LINE, n, 1, True  # the last line, with no line end
            first_of_piece = line_no + 1
            line_no += count
            if kind == _scan.BLANK:
                self.pending_blank = self.is_open
                at = stop
                continue
            found = None
            if kind == _scan.LINE:
                if last and not buffer[at:stop].strip(b" \t\r\n"):  # (a blank line is a BLANK run, but the last)
                    self.pending_blank = self.is_open
                    at = stop
                    continue
                if _scan.starts(buffer, at, self.candidates):
                    text = _scan.ascii_line(buffer, at, stop)  # (decode_line's text, in C)
                    lead = buffer[at]
                    if text is not None and lead > 32:  # (ASCII, its first character not a space: it strips to some)
                        found = self.detect(text) if self.rooms is None else room_detected(text, self.rooms)
                    else:
                        error = None
                        if text is None:
                            raw = buffer[at:stop]
                            text, error = decode_line(raw, self.encoding)
                            if error is not None:  # a Windows client's code page (a euro sign)
                                text, error = decode_line(raw, _CP1252)
                        if error is None and text.strip():
                            found = self.detect(text) if self.rooms is None else room_detected(text, self.rooms)
                        elif error is None:  # whitespace the byte test did not know (form feed, NBSP, ...)
                            self.pending_blank = self.is_open
                            at = stop
                            continue
            if found is not None or not self.is_open or (self.pending_blank and self.blank_ends_hand(self.room)):
                if self.is_open:
                    out.append(_scanned_hand(buffer, self.base, self.parts, self.offset, self.end_offset, self.first,
                                             self.last_line, self.room, True, self.encoding))
                self.is_open = True
                self.room = found
                self.first = first_of_piece
                self.offset = self.base + at
                self.parts = []
            self.end_offset = self.base + stop
            self.last_line = line_no
            self.pending_blank = False
            at = stop
        self.at = at
        self.line_no = line_no
        return out


def _rewinds(stream: BinaryIO) -> bool:
    """Whether the scan reads on by seeking back over the bytes it still needs and reading them again with the next
    chunk (a seekable stream), rather than copying them and the chunk into a new buffer: a file's whole bytes
    copied once more (callgrind, the 20,000-hand corpus split: ~1.3k instructions a hand), and an open hand's earlier
    bytes kept apart (``parts``) and joined."""
    try:
        return bool(stream.seekable())
    except (AttributeError, OSError, ValueError):
        return False


def _scanned_hand(buffer: bytes, base: int, parts: list[bytes], offset: int, end_offset: int, first: int,
                  last_line: int, room: str | None, complete: bool, encoding: Encoding) -> HandText:
    """The hand of file bytes ``offset`` to ``end_offset`` (lines ``first`` to ``last_line``): ``parts`` hold
    those before ``base``, where ``buffer`` starts. ASCII text is made in C (``_scan.ascii_text``); any other
    by ``_decode_block``, as the line-by-line path does."""
    if parts:
        data = b"".join(parts)
        data = data + buffer[:end_offset - base] if end_offset > base else data[:end_offset - offset]
        start, end = 0, len(data)
    else:
        data, start, end = buffer, offset - base, end_offset - base
    text = _scan.ascii_text(data, start, end)
    error = codec = None
    if text is None:
        text, error, codec = _decode_block([data[start:end]], encoding, first)
    return _scan.record(HandText, _SLOTS, (text, first, offset, end_offset, room, complete, error,
                                           last_line - first + 1, codec, False))


def split_text(stream: BinaryIO, head: bytes, start_offset: int = 0, start_line: int = 1) -> Iterator[HandText]:
    """The hands of a text file (any text rooms, mixed), from ``stream`` positioned at file byte
    ``start_offset`` (line ``start_line``); ``head`` = the file's first bytes, which decide the encoding
    whatever the start offset (see ``text_start``)."""
    encoding, start, start_line = text_start(stream, head, start_offset, start_line)
    yield from split_stream(stream, encoding, start, start_line)


def text_start(stream: BinaryIO, head: bytes, start_offset: int, start_line: int) -> tuple[Encoding, int, int]:
    """The file's encoding (decided by ``head``, its first bytes) and where its text starts at or after
    ``start_offset`` (line ``start_line``): a start inside the BOM, or on the second byte of a UTF-16 code
    unit, moves on; ``stream`` (at ``start_offset``) is moved there too."""
    encoding = detect_encoding(head)
    start = max(start_offset, encoding.bom)
    if start_offset < encoding.bom:
        start_line = 1
    if encoding.unit == 2 and (start - encoding.bom) % 2:
        start += 1
    if start != start_offset:
        stream.seek(start - start_offset, io.SEEK_CUR)
    return encoding, start, start_line


WindowCut = Callable[[bytes, int, int, bool], tuple[list[HandText], int, int]]
"""``(bytes from offset, offset, line, final) -> (whole hands, resume offset, resume line)``."""


def split_windows(stream: BinaryIO, start_offset: int, start_line: int, cut: WindowCut,
                  window: int = WINDOW_BYTES) -> Iterator[HandText]:
    """Run a window splitter over a stream positioned at ``start_offset``: the bytes after each window's
    resume point are carried into the next; the last window is cut with ``final=True``."""
    buffer, at, line = b"", start_offset, start_line
    while True:
        block = stream.read(window)
        buffer = buffer + block if buffer else block
        found, end, line = cut(buffer, at, line, not block)
        yield from found
        buffer, at = buffer[end - at:], end
        if not block:
            return
