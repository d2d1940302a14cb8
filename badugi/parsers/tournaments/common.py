"""What the rooms' tournament-summary readers share: splitting a file into summaries, amounts with their
currency, times with their zone, and the line-by-line reading that turns any line it cannot place into
a ``parse.summary.*`` failure with that line.

A summary is a short list of ``Key: value`` lines and a results list, so each room reads it with a
table of line patterns (``SummaryReader.LINES``), not a grammar: every non-blank line must match one
pattern, in any order the room writes them; a line that matches none is an error, never skipped.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timezone
from decimal import Decimal, InvalidOperation
from typing import Any, BinaryIO, ClassVar
from zoneinfo import ZoneInfo

from badugi.engine.record import Source
from badugi.parsers.decode import CP1252, UTF8, Encoding, decode_line
from badugi.parsers.results import HandText, ParseFailure
from badugi.parsers.split import iter_raw_lines, text_start
from badugi.parsers.tournament_record import Placing, TournamentSummary

# ---- amounts ------------------------------------------------------------------------------------------

UNITS: dict[str, str] = {
    "$": "USD", "€": "EUR", "£": "GBP", "T$": "T$", "FTP": "FTP", "FPP": "FPP", "SC": "SC",
    "Play Chips": "PLAY", "play chips": "PLAY", "USD": "USD", "EUR": "EUR", "GBP": "GBP", "CAD": "CAD",
}
"""Currency marks the summaries write (before or after the number, or as a code after it) -> the code
badugi keeps: ISO codes for money, ``T$`` (Full Tilt tournament dollars), ``FTP`` (Full Tilt Points),
``FPP`` (PokerStars player points), ``SC`` (StarsCoin), ``PLAY`` (play chips)."""

_AMOUNT = re.compile(r"(?P<pre>[$€£]|(?:USD|EUR|GBP|CAD) )?(?P<number>\d[\d,]*(?:\.\d+)?)"
                     r"(?P<post>[$€£]| ?T\$| (?:FTP|FPP|SC|Play Chips|play chips))?(?: (?P<code>USD|EUR|GBP|CAD))?")
_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")
_DECIMAL_COMMA = re.compile(r"\d+,\d{1,2}")


class SummaryError(ValueError):
    """A summary line that cannot be read: its stable code and its file line."""

    def __init__(self, code: str, line: int, message: str, expected: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.code, self.line, self.expected = code, line, expected


@dataclass(frozen=True, slots=True)
class Amount:
    """An amount as written: hundredths of ``currency`` (``None``: no mark, the room's default applies)."""

    hundredths: int
    currency: str | None


def hundredths(number: str, line: int) -> int:
    """``"1,500.25"`` -> 150025, ``"12,50"`` (a decimal comma) -> 1250; more than two decimals are an error."""
    if _DECIMAL_COMMA.fullmatch(number) and not _THOUSANDS.fullmatch(number):
        number = number.replace(",", ".")
    elif _THOUSANDS.fullmatch(number):
        number = number.replace(",", "")
    else:
        raise SummaryError("parse.summary.amount", line, f"cannot read the number {number!r}")
    try:
        value = Decimal(number) * 100
    except InvalidOperation:
        raise SummaryError("parse.summary.amount", line, f"cannot read the number {number!r}") from None
    if value != value.to_integral_value():
        raise SummaryError("parse.summary.amount", line, f"{number!r} has more than two decimals")
    return int(value)


def read_amount(text: str, line: int) -> Amount:
    """``$1,500.00``, ``€0.42 EUR``, ``9€``, ``0 T$``, ``250 Play Chips``, ``25,750 FPP``, ``EUR 0.90``,
    ``200`` (no mark) -> hundredths and currency. Anything else is a ``parse.summary.amount`` error."""
    match = _AMOUNT.fullmatch(text.strip())
    if match is None:
        raise SummaryError("parse.summary.amount", line, f"cannot read the amount {text.strip()!r}",
                           ("an amount such as $1.50, 9€, 100 FPP or 0 T$",))
    marks = [m.strip() for m in (match["pre"], match["post"], match["code"]) if m and m.strip()]
    codes = {UNITS[m] for m in marks}
    if len(codes) > 1:
        raise SummaryError("parse.summary.amount", line, f"{text.strip()!r} names two currencies")
    return Amount(hundredths(match["number"], line), codes.pop() if codes else None)


# ---- times --------------------------------------------------------------------------------------------

ZONES: dict[str, str] = {
    "ET": "America/New_York", "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles",
    "AKT": "America/Anchorage", "HT": "Pacific/Honolulu", "AT": "America/Halifax", "NT": "America/St_Johns",
    "BRT": "America/Sao_Paulo", "ART": "America/Argentina/Buenos_Aires",
    "WET": "Europe/Lisbon", "CET": "Europe/Paris", "CEST": "Europe/Paris", "EET": "Europe/Helsinki",
    "MSK": "Europe/Moscow", "UTC": "UTC", "GMT": "UTC", "CCT": "Asia/Shanghai", "JST": "Asia/Tokyo",
    "AET": "Australia/Sydney", "NZT": "Pacific/Auckland",
}
"""Time-zone words the clients write -> IANA zones (daylight saving comes from the zone's own rules:
PokerStars writes ``CET`` in summer too)."""

_NUMERIC_TIME = re.compile(r"(?P<y>\d{4})/(?P<mo>\d{1,2})/(?P<d>\d{1,2})\s*-?\s*(?P<h>\d{1,2}):(?P<mi>\d{2})"
                           r"(?::(?P<s>\d{2}))?\s*\(?(?P<zone>[A-Z]{2,4})\)?")
_WORDED_TIME = re.compile(r"(?:[A-Z][a-z]+, )?(?P<month>[A-Z][a-z]+) (?P<d>\d{1,2}), (?P<y>\d{4}) (?P<h>\d{1,2}):"
                          r"(?P<mi>\d{2})(?::(?P<s>\d{2}))? (?P<zone>[A-Z]{2,4})")
_MONTHS = {name: k for k, name in enumerate(("January", "February", "March", "April", "May", "June", "July",
                                              "August", "September", "October", "November", "December"), 1)}


def read_time(text: str, line: int) -> tuple[datetime | None, str | None]:
    """``2013/05/26 20:45:00 WET [2013/05/26 15:45:00 ET]``, ``- 2007/08/13 - 08:15:00 (ET)``,
    ``Wed, July 21, 2010 22:40 ET`` -> (aware UTC time, the first zone written). The first time whose
    zone is known is converted; with no known zone the time is ``None`` (the zone text is kept)."""
    found: list[tuple[datetime, str]] = []
    try:
        for m in _NUMERIC_TIME.finditer(text):
            found.append((datetime(int(m["y"]), int(m["mo"]), int(m["d"]), int(m["h"]), int(m["mi"]),
                                   int(m["s"] or 0)), m["zone"]))
        for m in _WORDED_TIME.finditer(text):
            if m["month"] not in _MONTHS:
                raise SummaryError("parse.summary.time", line, f"unknown month {m['month']!r}")
            found.append((datetime(int(m["y"]), _MONTHS[m["month"]], int(m["d"]), int(m["h"]), int(m["mi"]),
                                   int(m["s"] or 0)), m["zone"]))
    except ValueError as exc:
        if isinstance(exc, SummaryError):
            raise
        raise SummaryError("parse.summary.time", line, f"impossible time in {text.strip()!r}: {exc}") from None
    if not found:
        raise SummaryError("parse.summary.time", line, f"cannot read the time {text.strip()!r}",
                           ("a time such as 2013/05/26 20:45:00 CET",))
    for local, zone in found:
        if zone in ZONES:
            return local.replace(tzinfo=ZoneInfo(ZONES[zone])).astimezone(timezone.utc), found[0][1]
    return None, found[0][1]


# ---- places -------------------------------------------------------------------------------------------

_ORDINAL = re.compile(r"(\d+)(?:st|nd|rd|th)")


def ordinal(text: str, line: int) -> int:
    """``"29th"`` -> 29 (any English suffix is accepted: Winamax writes ``23th``)."""
    match = _ORDINAL.fullmatch(text.strip())
    if match is None:
        raise SummaryError("parse.summary.place", line, f"cannot read the place {text.strip()!r}")
    return int(match.group(1))


# ---- splitting ----------------------------------------------------------------------------------------

StartOf = Callable[[str], "tuple[str, bool] | None"]
"""A line -> ``(room, starts a summary)`` when the line opens a summary (``True``) or an e-mail that holds
summaries (``False``: the e-mail's first line, kept with the summary after it), else ``None``."""


def split_summaries(stream: BinaryIO, head: bytes, start_offset: int, start_line: int,
                    start_of: StartOf) -> Iterator[HandText]:
    """A summary file's summaries as ``HandText`` (``summary=True``) from byte ``start_offset`` (line
    ``start_line``) on: a summary runs from its first line to the line before the next one; blank lines
    never end it (summaries hold them). Text before the first summary (an e-mail's greeting) goes with
    it. Lines are decoded one by one (cp1252 where a Windows client wrote it), so a bad byte is reported
    in its summary."""
    encoding, start, start_line = text_start(stream, head, start_offset, start_line)
    piece: _Piece | None = None
    number = start_line - 1
    for offset, raw in iter_raw_lines(stream, encoding, start):
        number += 1
        text, error, codec = _decode(raw, encoding)
        if not text.strip():
            if piece is not None:
                piece.blank(text)
            continue
        opens = start_of(text) if error is None else None
        if opens is not None and piece is not None and piece.headed:
            yield piece.finish(True)
            piece = None
        if piece is None:
            piece = _Piece(number, offset)
        if opens is not None:
            piece.room = piece.room or opens[0]
            piece.headed = piece.headed or opens[1]
        piece.add(text, offset + len(raw), error, codec)
    if piece is not None:
        yield piece.finish(piece.trailing_blank)


def _decode(raw: bytes, encoding: Encoding) -> tuple[str, str | None, str | None]:
    text, error = decode_line(raw, encoding)
    if error is not None and encoding.codec == UTF8:
        cp_text, cp_error = decode_line(raw, Encoding(CP1252, 0, b"\n"))
        if cp_error is None:
            return cp_text, None, CP1252
    return text, error, None


@dataclass(slots=True)
class _Piece:
    first_line: int
    offset: int
    lines: list[str] = field(default_factory=list)
    blanks: list[str] = field(default_factory=list)
    end_offset: int = 0
    room: str | None = None
    headed: bool = False
    error: str | None = None
    codec: str | None = None
    trailing_blank: bool = False

    def add(self, text: str, end: int, error: str | None, codec: str | None) -> None:
        self.lines.extend(self.blanks)
        self.blanks.clear()
        self.lines.append(text)
        self.end_offset = end
        self.trailing_blank = False
        if error is not None and self.error is None:
            self.error = f"line {self.first_line + len(self.lines) - 1}: {error}"
        self.codec = self.codec or codec

    def blank(self, text: str) -> None:
        self.blanks.append(text)
        self.trailing_blank = True

    def finish(self, complete: bool) -> HandText:
        return HandText("\n".join(self.lines) + "\n", self.first_line, self.offset, self.end_offset, self.room,
                        complete, self.error, len(self.lines), self.codec, summary=True)


# ---- reading ------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Draft:
    """A summary being read: the record's fields as they are found (``TournamentSummary`` at the end)."""

    fields: dict[str, Any] = field(default_factory=dict)
    placings: list[Placing] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    seen: dict[str, int] = field(default_factory=dict)  # line kind -> its file line

    def set(self, name: str, value: Any, line: int) -> None:
        """Set a field once: the same field written twice is an error (two summaries run together)."""
        if name in self.fields and self.fields[name] != value:
            raise SummaryError("parse.summary.repeated", line,
                               f"{name.replace('_', ' ')} written twice (line {self.seen.get(name, '?')} and here)")
        self.fields[name] = value
        self.seen[name] = line


Handler = Callable[["SummaryReader", "re.Match[str]", Draft, int], None]


class SummaryReader:
    """One room's summary format: how its summaries start (``STARTS``) and a table of line patterns
    (``LINES``: pattern -> the method that reads its match). Subclasses set both and ``finish``."""

    ROOM: ClassVar[str] = ""
    STARTS: ClassVar[tuple[tuple[re.Pattern[str], bool], ...]] = ()
    """Patterns of a summary's first line (``True``) or of an e-mail's first line (``False``)."""
    LINES: ClassVar[tuple[tuple[re.Pattern[str], str], ...]] = ()
    """Every line a summary may hold: pattern (matched whole) -> the name of the method reading it."""

    def start_of(self, line: str) -> tuple[str, bool] | None:
        for pattern, heads in self.STARTS:
            if pattern.match(line):
                return self.ROOM, heads
        return None

    def recognises(self, head: str) -> bool:
        """Whether a file whose first decoded text is ``head`` holds this room's summaries."""
        return any(self.start_of(line.lstrip("\ufeff")) for line in head.splitlines()[:50])

    def split(self, stream: BinaryIO, head: bytes, start_offset: int = 0, start_line: int = 1) -> Iterator[HandText]:
        """The file's summaries (``HandText`` with ``summary=True``) from ``start_offset`` on."""
        return split_summaries(stream, head, start_offset, start_line, self.start_of)

    def read(self, piece: HandText, file: str) -> TournamentSummary | ParseFailure:
        """Read one summary strictly. Never raises on bad input: any unreadable line is a failure."""
        draft = Draft()
        try:
            for number, line in enumerate(piece.text.rstrip("\n").split("\n"), piece.first_line):
                line = line.lstrip("\ufeff").rstrip()
                if line:
                    self.read_line(line, number, draft)
            return self.finish(draft, piece, file)
        except SummaryError as exc:
            return ParseFailure(exc.code, self.ROOM, draft.fields.get("tournament_id"), file, exc.line, None,
                                piece.offset, f"{file}:{exc.line}: {exc}", exc.expected, raw=piece.text)

    def read_line(self, line: str, number: int, draft: Draft) -> None:
        for pattern, method in self.LINES:
            match = pattern.fullmatch(line)
            if match is not None:
                getattr(self, method)(match, draft, number)
                return
        shown = line if len(line) <= 80 else line[:77] + "..."
        raise SummaryError("parse.summary.unknown_line", number, f"cannot read this summary line: {shown!r}")

    def finish(self, draft: Draft, piece: HandText, file: str) -> TournamentSummary:
        raise NotImplementedError

    def build(self, draft: Draft, piece: HandText, file: str, hero: str | None) -> TournamentSummary:
        """The record from a finished draft (``tournament_id`` and ``site`` must have been read)."""
        if "tournament_id" not in draft.fields:
            raise SummaryError("parse.summary.header", piece.first_line, "no summary header (tournament id)")
        placings = tuple(draft.placings)
        fields = dict(draft.fields)
        status = fields.pop("status", None)
        if status is None and any(p.still_playing for p in placings):
            status = "running"
        return TournamentSummary(room=self.ROOM, source=Source(file, piece.first_line, piece.offset),
                                 placings=placings, notes=tuple(draft.notes), hero=hero, status=status,
                                 line_count=piece.line_count, **fields)


def mark_hero(placings: list[Placing], name: str | None, places: tuple[int | None, ...], line: int,
              prize: Placing | None = None) -> tuple[str | None, list[Placing]]:
    """The results of the file's owner, marked ``is_hero``. ``name``: the owner's name when the file
    writes it; ``places``: the places a sentence states (``None`` for a place it leaves blank, Winamax's
    ``You finished in ... place``); ``prize``: a prize a sentence states. With no name, the owner is the
    one listed player at each stated place. Each stated place no listed row of the owner holds becomes an
    unlisted row (``listed=False``), so a stated result is never lost. Returns the owner's name and the
    placings."""
    out = list(placings)
    if name is None:
        names = set()
        for place in places:
            at = [p for p in out if place is not None and p.place == place]
            names.add(at[0].player if len(at) == 1 else None)
        name = names.pop() if len(names) == 1 else None
    mine = [k for k, p in enumerate(out) if name is not None and p.player == name]
    for k in mine:
        out[k] = dataclasses.replace(out[k], is_hero=True)
    held = [out[k].place for k in mine]
    for place in places:
        if place in held:
            held.remove(place)
            continue
        if place is None and mine:
            continue
        base = prize or Placing(place, name, line)
        out.append(dataclasses.replace(base, place=place, player=name, line=base.line or line, listed=False,
                                       is_hero=True))
    return name, out
