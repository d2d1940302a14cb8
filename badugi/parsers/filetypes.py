"""What a file is when it holds no hand of a room badugi reads: said once per file, with its reason.

A player's hand-history folder also holds results pages, archives, pictures and the hand histories of
rooms badugi does not read (its tournament summaries are read: ``parsers.tournaments``). ``identify`` names such a file from its first bytes
(``HEAD_BYTES``), so the reader reports one ``FileSkipped`` line for it instead of an error per line.
The tables below are the only place these signatures live.
"""

from __future__ import annotations

import re

MAGIC: tuple[tuple[bytes, int, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", 0, "PNG image"),
    (b"\xff\xd8\xff", 0, "JPEG image"),
    (b"GIF87a", 0, "GIF image"),
    (b"GIF89a", 0, "GIF image"),
    (b"%PDF", 0, "PDF document"),
    (b"PK\x03\x04", 0, "zip archive (unpack it to read the files inside)"),
    (b"\x1f\x8b", 0, "gzip archive (unpack it to read the file inside)"),
    (b"BZh", 0, "bzip2 archive (unpack it to read the file inside)"),
    (b"\xfd7zXZ\x00", 0, "xz archive (unpack it to read the file inside)"),
    (b"7z\xbc\xaf\x27\x1c", 0, "7-Zip archive (unpack it to read the files inside)"),
    (b"Rar!\x1a\x07", 0, "RAR archive (unpack it to read the files inside)"),
    (b"SQLite format 3\x00", 0, "SQLite database"),
    (b"DUCK", 8, "DuckDB database"),
    (b"PAR1", 0, "Parquet file"),
    (b"\x7fELF", 0, "program (ELF)"),
    (b"MZ\x90\x00", 0, "program (Windows)"),
)
"""Leading bytes (at an offset) of file types that are never hand histories."""

OTHER_ROOMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^\*{5} Hand History [Ff]or Game \d+ \*{5}", re.M), "PartyPoker"),
    (re.compile(r"^#Game No ?: ?\d+", re.M), "888poker / Pacific Poker"),
    (re.compile(r"<session sessioncode=", re.I), "iPoker"),
    (re.compile(r"^(?:Bovada|Bodog|Ignition|Bovada Poker) Hand #\d+", re.M), "Bovada / Ignition"),
    (re.compile(r"^Poker Hand #[A-Z]{2}\d+", re.M), "GGPoker"),
    (re.compile(r"^Stage #\d+", re.M), "Absolute Poker / UltimateBet"),
    (re.compile(r"^\*{5} History for hand ", re.M), "OnGame"),
    (re.compile(r"^Game #\d+ starts\.", re.M), "Everest / Betfair"),
    (re.compile(r"^(?:Cake|Poker Stars Brazil|PKR|Entraction|iPoker|Microgaming) Hand #", re.M), "another room"),
    (re.compile(r"^Hand #\d+-\d+ - \d{4}-\d\d-\d\d", re.M), "Chico"),
    (re.compile(r"^Game Hand #\d+ - Tournament #", re.M), "Winning Poker Network"),
    (re.compile(r"^Hand #\d+ - .* - \d{4}-\d\d-\d\d \d", re.M), "another room"),
    (re.compile(r"^Hand#\d+ - .+ -- ", re.M), "Cake Poker"),  # "Hand#2701011985001689 - Paris (6-max) 11985 -- "
    (re.compile(r"^Game started at: \d{4}/\d", re.M), "Winning Poker Network"),
    # apps writing PokerStars' text under their own name (names seen in real files; fpdb's test files)
    *((re.compile(rf"^{app} Hand #\d+", re.M), app) for app in ("PokerMaster", "MPLPoker", "PokerBros", "SupremaPoker")),
)
"""First lines of hand histories of rooms badugi does not read (a user's folder may hold them)."""

LOCALISED_POKERSTARS: tuple[tuple[re.Pattern[str], str], ...] = (
    # iagowp/JSPokerParser testHands.js (FORMATS.md 1, Localisation):
    # "Mão PokerStars #137737997245: Torneio #1270291825, 4500+500 Hold'em No Limit - Nível I (10/20) - ..."
    (re.compile(r"^\ufeff?Mão PokerStars #\d+", re.M), "Portuguese"),
    # a parser's test in the public code index (``spanish_transcription``):
    # "Mano n.º 254718322088 de Zoom de PokerStars:  Hold'em No Limit (0.02 €/0.05 €) - 05-02-2025 14:48:32 CET ..."
    (re.compile(r"^\ufeff?Mano n\.º \d+ de (?:Zoom de )?PokerStars", re.M), "Spanish"),
    # INFERRED from other parsers' header patterns (``Main PokerStars n[°º](\d+)\s*:``): no whole French file seen
    (re.compile(r"^\ufeff?Main PokerStars n[°º] ?\d+", re.M), "French"),
    # any other first line naming PokerStars and a hand number in words that are not English
    (re.compile(r"^\ufeff?(?!PokerStars (?:Home Game |Zoom |Rush )?(?:Hand|Game|Tournament) #)[^\n]{0,40}\bPokerStars\b"
                r"[^\n]{0,40}?(?:#|n\.?[°º] ?)\d{6,}", re.M), "another language"),
)
"""First lines of PokerStars hand histories written in another language than English (the client's
hand-history language setting): not read (FORMATS.md 1: the draw words in other languages are unknown;
reject, don't guess), but said for what they are."""

HAND_MARKS = re.compile(r"^(?:\*\*\* (?:SUMMARY|HOLE CARDS|DEALING HANDS|FIRST DRAW|SHOW ?DOWN|1ST BETTING ROUND)"
                        r" \*\*\*|Seat \d+: .+ \(.*\d.*\)|Dealt to .+ \[)", re.M)
"""Lines of a hand's body: text holding them is a damaged hand history (its first line lost, say),
which is read hand by hand so every piece is reported where it is, not skipped as a whole."""

_HTML = re.compile(r"^\s*(?:<!DOCTYPE html|<html)", re.I)
_TOURNAMENT_WORDS = re.compile(r"tourn(?:ament|ey|oi)", re.I)
_ROOM_WORDS = (("pokerstars", "pokerstars"), ("full tilt", "fulltilt"), ("winamax", "winamax"))

SEPARATORS = re.compile(r"^(?:\*{3,} ?#? ?\d+ ?\*{3,}|BEGIN|END|-{5,}|={5,}|\*{5,})[ \t]*$")
"""Lines an archive or tracker export writes between hands (``******** # 1 ********``, ``BEGIN``):
text outside any hand that is not a hand and not an error."""


def only_separators(text: str) -> bool:
    """Whether a stretch of text outside any hand holds only archive separators and blank lines."""
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    return bool(lines) and all(SEPARATORS.match(line) for line in lines)


CR_ONLY = "line ends are CR alone (a classic Mac OS text file): badugi reads CRLF or LF line ends; convert the file's line ends"
"""Why a file whose lines end in CR alone is not read: split at LF, it would be one line, its hands one piece
whose first hand alone is named (a skipped game would hide every hand after it). No client writes it."""


def cr_only(head: bytes, utf16: bool = False) -> bool:
    """Whether a file's first bytes end lines with CR alone: two CRs or more and no LF."""
    cr, lf = (b"\r\x00", b"\n\x00") if utf16 else (b"\r", b"\n")
    return lf not in head and head.count(cr) >= 2


def magic_kind(head: bytes) -> str | None:
    """The kind of a file its leading bytes name (an image, an archive, a database), or ``None``."""
    for magic, at, name in MAGIC:
        if head[at:at + len(magic)] == magic:
            return name
    return None


def binary_kind(head: bytes, utf16: bool = False) -> str | None:
    """``binary data`` for content that is not text (asked only of files with no hand in them), or
    ``None``. ``utf16``: the text is UTF-16 (NULs are then part of the text)."""
    sample = head[:4096]
    if not sample or utf16:
        return None
    if b"\x00" in sample:
        return "binary data"
    controls = sum(1 for byte in sample if byte < 32 and byte not in (9, 10, 12, 13, 27))
    return "binary data" if controls > len(sample) // 20 else None


def looks_like_hands(text: str) -> bool:
    """Whether text with no hand's first line still holds the lines of a hand's body."""
    return HAND_MARKS.search(text) is not None


def other_room_file(text: str) -> bool:
    """Whether a file starts with the first line of a hand of a room badugi does not read (``OTHER_ROOMS``):
    asked before ``looks_like_hands``, since such a room's hands also have ``Seat 1: ... (...)`` lines and
    would otherwise be read as a damaged history, an error per hand. Only the first line decides: a
    damaged hand of a room badugi reads does not start like another room's."""
    first = text.lstrip("\ufeff \t\r\n").split("\n", 1)[0]
    return any(pattern.match(first) for pattern, _ in OTHER_ROOMS)


def identify(text: str) -> tuple[str, str | None]:
    """``(reason, room)`` for a text file with no hand of a room badugi reads (``text`` = its first
    decoded bytes)."""
    if _HTML.match(text):
        lowered = text.lower()
        room = next((name for word, name in _ROOM_WORDS if word in lowered), None)
        kind = "tournament results page (HTML)" if _TOURNAMENT_WORDS.search(text) else "web page (HTML)"
        return f"not a hand history: {kind}", room
    for pattern, language in LOCALISED_POKERSTARS:
        if pattern.search(text):
            return (f"PokerStars hand history written in {language}: badugi reads PokerStars histories written "
                    "in English (set the PokerStars client's hand-history language to English)"), "pokerstars"
    for pattern, name in OTHER_ROOMS:
        if pattern.search(text):
            return f"{name} hand history (a room badugi does not read)", None
    if not text.strip():
        return "empty file", None
    return "not a hand history: no hand of a room badugi reads in its first 64 KB", None
