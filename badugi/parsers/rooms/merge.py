"""Merge Network / Carbon Poker XML hand histories (FORMATS.md section 3).

The client writes one ``<description .../>`` element (per file or per hand) followed by ``<game>``
elements, with no single root, so the file is not one XML document. We split it into games with a cheap
line scan (``<game`` opens, ``</game>`` closes), then parse each game on its own with the standard
library's expat parser. Memory therefore stays flat in the number of games, a malformed game becomes a
``ParseFailure`` with its line while the next game still comes through, and every event keeps its line.

What the reader records (claims, never judged):
- ``RAISE amount`` is the raiser's total for the round -> ``Raise(raise_by=None, raise_to=amount)``;
  ``CALL``/``BET`` amounts are chips added -> ``Call(amount)`` / ``Bet(amount)``.
- ``ALL_IN amount`` is read as chips added, like ``CALL``/``BET``; it becomes a ``Bet``, ``Raise`` or
  ``Call`` (with ``all_in=True``) depending on what the player faced in that round. ``ALL_IN amount="0.00"``
  right after the player's post marks that post all-in (``Post(all_in=True)``).
- ``DRAW text="N"`` -> ``Draw(count=N)`` (0 = stands pat); ``DRAW_DRAWN_CARDS`` (the hero's whole new
  hand) -> ``DrawDeal(hand=...)``.
- ``<winner amount>`` -> ``Collect``. Merge writes no uncalled-bet return and no rake: the winner's amount
  includes the winner's own uncalled chips, minus the rake. ``Claims.rake`` stays ``None``.
- ``starttime`` is local time at a fixed UTC-5 (checked against the epoch-millisecond event timestamps in
  January, February and April files: no daylight saving), converted to UTC.
- Seat numbers are kept as written (0-based); ``CHAT`` names the player by nickname, every other
  element by seat number. A seat not among ``<players>`` (real files of other games: an unlisted seat
  posts the big blind and folds) has no nickname and no stack: ``parse.unknown_player``, naming the
  element, the seat and the listed seats (``expected``).
- A hidden card is ``null`` (``cards="null,Ac,..."``): the record holds a player's cards whole or not at
  all, so those cards are unknown (``Deal``/``DrawDeal``/``Muck`` with ``None``, a ``Show`` with none).
- Every failure's message starts ``file:line (hand #id):``.
- Tournaments write the game's name with `` Tournament`` (``type="Holdem Tournament"``) and stakes with no
  amounts (``stakes="No Limit"``) or the level's blinds (``stakes="No Limit Level 4 Blinds 40/80"``): the
  game is the name without the word, amounts are chips (``CHIPS``), the tournament is ``data``'s third
  field, seat balances are kept as written (after the blinds and antes: ``Rules.tournament_stacks_after_posts``
  tells the replay), and a level stated by no amounts is the level the blinds posted in full say (a blind
  posted all-in may be short; the big blind, else twice the small; the big blind is a limit game's small
  bet, the big bet twice it; the blinds themselves in pot and no limit).
- Table events with no chips (``DISCONNECTED``, ``RECONNECTED``, ``SIT_OUT``, ``LEAVE``, ``PLAYER_OUT``, an
  ``ALL_IN`` with no amount written again on a later round) -> ``Noise``; ``INITIAL_BLIND`` (a new
  player's blind) -> ``Post(EXTRA)``; ``RETURN_BLIND`` (both blinds at once) -> ``Post(BOTH)``.
- Games (``GAMES``): ``Badugi`` (gametype 71), ``2-7 Lowball`` (67) and ``A-5 Lowball`` (63), both triple
  draw with five cards, read once the engine replays them (``reads_game``). A showdown winner's
  ``hand="8-7-6-4-2"`` becomes the label of that player's ``Show``. For ``Limit $1/$2`` the pair is the
  bets, so ``Stakes`` states no blinds (the posts say them); for pot limit it is the blinds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO
from xml.parsers import expat

from badugi.engine import games
from badugi.engine.games import get_game
from badugi.parsers.results import HandResult, HandText, ParseFailure, Skipped
from badugi.parsers.rooms.base import HeaderInfo, Room, limit_in
from badugi.parsers.rooms.merge_game import ROOM, TOURNAMENT_WORD, Chunk, Element, GameBuilder, Unreadable
from badugi.parsers.rooms.merge_split import split_games
from badugi.parsers.split import split_windows

GAME_TYPES: dict[str, str] = {"71": "Badugi", "67": "2-7 Lowball", "63": "A-5 Lowball"}
"""The ``gametype`` codes seen in real files; the description's ``type`` text names the game, unless
the ``gametype`` code is another game's (see ``_game_name``)."""
GAME_CODES: dict[str, str] = {name: code for code, name in GAME_TYPES.items()}

GAMES: dict[str, str] = {"Badugi": "badugi", "2-7 Lowball": "27_triple_draw", "A-5 Lowball": "a5_triple_draw"}
"""The game names Merge writes -> ``Hand.game``. Its 2-7 and A-5 Lowball are triple draw (the real
files' rounds run to ``THIRD_DRAW``; no single-draw round ids exist); the limit is the description's."""

def sniff(head: str) -> bool:
    """True when a file's first non-blank text is a Merge ``<description`` or ``<game`` element."""
    text = head.lstrip("\ufeff \t\r\n")
    if text.startswith("<?xml"):
        text = text.split("?>", 1)[-1].lstrip()
    return text.startswith("<description") or text.startswith("<game ")


# ---- splitting ---------------------------------------------------------------------------------


def read_merge_file(path: str | Path) -> Iterator[HandResult]:
    """Read a Merge XML file game by game (streaming: one game in memory at a time)."""
    from badugi.parsers.reader import read_hands

    return read_hands(path, ROOM)


def read_merge_text(text: str, file: str = "<text>") -> Iterator[HandResult]:
    """Read Merge XML given as a string (tests, stdin)."""
    from badugi.parsers.reader import read_text_hands

    return read_text_hands(text, file, ROOM)


def recognises(first_line: str) -> bool:
    """True when a file's (or hand's) first line is Merge XML (cheap: no parse)."""
    return sniff(first_line)


def parse_hand(text: str, file: str = "<text>", line: int = 1, offset: int = 0) -> HandResult:
    """One game's XML (optionally preceded by its ``<description>`` line) -> Hand | Skipped | ParseFailure.

    ``line``/``offset`` place the text's first line in ``file``. Text holding several games gives the
    first one's result; use ``read_merge_file`` for whole files."""
    for result in read_merge_lines(text.encode("utf-8").splitlines(keepends=True), file, line, offset):
        return result
    return ParseFailure("parse.unexpected", ROOM, None, file, line, None, offset,
                        f"{_where(file, line, None)}: no <game> element", raw=text)


def read_merge_lines(raw_lines: Iterable[bytes], file: str, first_line: int = 1,
                     first_offset: int = 0) -> Iterator[HandResult]:
    """Split byte lines into games and parse each; a bad game never stops the next one."""
    description: dict[str, str] | None = None
    chunk: Chunk | None = None
    stray: tuple[int, int, list[str]] | None = None  # text outside any game: (line, offset, lines)
    offset = first_offset
    for number, raw in enumerate(raw_lines, start=first_line):
        line_offset = offset
        offset += len(raw)
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw.decode("utf-8", errors="replace")
            if chunk is None:
                yield ParseFailure("parse.decode", ROOM, None, file, number, exc.start + 1, line_offset,
                                   f"{_where(file, number, None)}: not UTF-8 text: {exc.reason}", raw=line)
                continue
        if number == first_line:
            line = line.lstrip("\ufeff")
        stripped = line.strip()
        if stripped.startswith("<game ") or stripped == "<game>":
            if stray is not None:
                yield _stray_failure(stray, file)
                stray = None
            if chunk is not None:
                yield _truncated(chunk, file, "the next <game> starts before </game>")
            chunk = Chunk([line], number, line_offset, description)
            if stripped.endswith("</game>"):
                yield _parse_chunk(chunk, file)
                chunk = None
            continue
        if chunk is not None:
            if stripped.startswith("<description"):
                yield _truncated(chunk, file, "a <description> starts before </game>")
                chunk = None
            else:
                chunk.lines.append(line)
                if stripped.endswith("</game>"):
                    yield _parse_chunk(chunk, file)
                    chunk = None
                continue
        if not stripped or stripped.startswith("<?xml"):
            continue
        if stripped.startswith("<description"):
            parsed = _parse_description(line)
            if isinstance(parsed, str):
                yield ParseFailure("parse.unexpected", ROOM, None, file, number, None, line_offset,
                                   f"{_where(file, number, None)}: unreadable <description>: {parsed}", raw=line)
                description = None
            else:
                description = parsed
            continue
        if stray is None:
            stray = (number, line_offset, [line])
        else:
            stray[2].append(line)
    if stray is not None:
        yield _stray_failure(stray, file)
    if chunk is not None:
        yield _truncated(chunk, file, "the file ends before </game>")


def _stray_failure(stray: tuple[int, int, list[str]], file: str) -> ParseFailure:
    line, offset, lines = stray
    return ParseFailure("parse.unexpected", ROOM, None, file, line, None, offset,
                        f"{_where(file, line, None)}: text outside any <game> element", raw="".join(lines))


def _truncated(chunk: Chunk, file: str, why: str) -> ParseFailure:
    hand_id = _attr_in(chunk.lines[0], "id")
    return ParseFailure("parse.truncated", ROOM, hand_id, file, chunk.line, None, chunk.offset,
                        f"{_where(file, chunk.line, hand_id)}: incomplete <game> element: {why}",
                        raw="".join(chunk.lines))


def _where(file: str, line: int, hand_id: str | None) -> str:
    """How every failure's message starts: ``file:line (hand #id)``."""
    return f"{file}:{line}" + (f" (hand #{hand_id})" if hand_id else "")


def _attr_in(text: str, name: str) -> str | None:
    match = re.search(rf'\b{name}="([^"]*)"', text)
    return match.group(1) if match else None


def _parse_description(line: str) -> dict[str, str] | str:
    """Attributes of a one-line ``<description .../>``, or the reason it cannot be read."""
    found: dict[str, str] = {}
    parser = expat.ParserCreate()

    def start(tag: str, attrs: dict[str, str]) -> None:
        if tag == "description":
            found.update(attrs)

    parser.StartElementHandler = start
    try:
        parser.Parse(line.strip(), True)
    except expat.ExpatError as exc:
        return str(exc)
    finally:
        parser.StartElementHandler = None
    return found


# ---- one game ----------------------------------------------------------------------------------


def _elements(chunk: Chunk) -> list[Element]:
    """All elements of a game in document order, with file line numbers (raises ExpatError)."""
    elements: list[Element] = []
    parser = expat.ParserCreate()

    def start(tag: str, attrs: dict[str, str]) -> None:
        elements.append(Element(tag, attrs, chunk.line + parser.CurrentLineNumber - 1))

    parser.StartElementHandler = start
    try:
        parser.Parse("".join(chunk.lines), True)
    finally:
        parser.StartElementHandler = None  # break the parser <-> handler cycle so memory stays flat
    return elements


def _parse_chunk(chunk: Chunk, file: str) -> HandResult:
    raw = "".join(chunk.lines)
    hand_id = _attr_in(chunk.lines[0], "id")
    try:
        elements = _elements(chunk)
    except expat.ExpatError as exc:
        line = chunk.line + exc.lineno - 1
        return ParseFailure("parse.xml", ROOM, hand_id, file, line, exc.offset + 1, chunk.offset,
                            f"{_where(file, line, hand_id)}: malformed XML: {expat.ErrorString(exc.code)}", raw=raw)
    try:
        return _build(elements, chunk, file)
    except Unreadable as exc:
        return ParseFailure(exc.code, ROOM, hand_id, file, exc.line, None, chunk.offset,
                            f"{_where(file, exc.line, hand_id)}: {exc}", exc.expected, raw=raw)


def _game_name(game: dict[str, str], description: dict[str, str] | None) -> str:
    """The game as Merge names it: the description's ``type``, or the ``gametype`` code's name. A
    ``gametype`` that contradicts a known type (a ``Badugi`` description over a ``67`` game) names the
    game: the code is the game's own, the description may be one in force for another table."""
    code = game.get("gametype")
    name = description.get("type") if description else None
    if not name:
        return GAME_TYPES.get(code or "", f"gametype {code or ''}")
    if name in GAME_CODES and code not in (None, GAME_CODES[name]):
        return GAME_TYPES.get(code, f"gametype {code}")
    return name


def reads_game(name: str) -> bool:
    """Whether games Merge calls ``name`` are read (known here, and replayed by the engine); a tournament's
    ``Badugi Tournament`` is ``Badugi``."""
    game = GAMES.get(name.removesuffix(TOURNAMENT_WORD))
    return game is not None and games.is_replayed(game)


def _build(elements: list[Element], chunk: Chunk, file: str) -> HandResult:
    if not elements or elements[0].tag != "game":
        raise Unreadable("parse.unexpected", "a game chunk must start with <game>", chunk.line)
    game = elements[0].attrs
    hand_id = game.get("id")
    if not hand_id:
        raise Unreadable("parse.unexpected", "<game> has no id", chunk.line)
    name = _game_name(game, chunk.description)
    cancelled = any(e.tag == "round" and e.attrs.get("id") == "GAME_CANCELLED" for e in elements)
    if not reads_game(name):
        reason = f"unsupported game: {name}" + (" (cancelled hand)" if cancelled else "")
        return Skipped(ROOM, hand_id, file, chunk.line, chunk.offset, reason)
    if chunk.description is None:
        raise Unreadable("parse.missing_description",
                          f"{name} game without a <description> element: limit and stakes unknown", chunk.line)
    game_name = GAMES[name.removesuffix(TOURNAMENT_WORD)]
    return GameBuilder(elements, chunk, file, hand_id, get_game(game_name)).build()


# ---- the room ------------------------------------------------------------------------------------

_ATTR = re.compile(r'\b(type|stakes|gametype|id|realmoney)="([^"]*)"')


class Merge(Room):
    """Merge Network / Carbon XML: whole files of ``<game>`` elements, cut by ``split_games``."""

    NAME = ROOM
    END_MARKED = True
    HAND_ID_HINT = re.compile(r'<game id="([^"]+)"')

    def sniff(self, head: str) -> bool:
        return sniff(head)

    def split(self, stream: BinaryIO, head: bytes, start_offset: int = 0, start_line: int = 1) -> Iterator[HandText]:
        return split_windows(stream, start_offset, start_line,
                             lambda data, at, line, final: split_games(data, at, line, head, final=final))

    def classify(self, hand: HandText) -> HeaderInfo | None:
        """The game from the ``<description>`` in force and the ``<game>`` element's attributes (the
        description's ``type`` wins; its ``gametype`` code when there is none)."""
        description: dict[str, str] = {}
        game: dict[str, str] | None = None
        for line in hand.text[:8192].split("\n", 3)[:3]:
            stripped = line.strip()
            if stripped.startswith("<description"):
                description = dict(_ATTR.findall(stripped))
            elif stripped.startswith("<game"):
                game = dict(_ATTR.findall(stripped))
                break
        if game is None or not game.get("id") or not (description.get("type") or game.get("gametype")):
            return None  # the strict reading says what is wrong
        name = _game_name(game, description or None)
        note = "cancelled hand" if 'id="GAME_CANCELLED"' in hand.text else None
        if description.get("type", "").endswith(TOURNAMENT_WORD):
            return HeaderInfo(game.get("id"), name, limit_in(description.get("stakes", "")), True, "CHIPS", note)
        return HeaderInfo(game.get("id"), name, limit_in(description.get("stakes", "")),
                          currency="PLAY" if game.get("realmoney") == "false" else None, note=note)

    def reads_game(self, words: str) -> bool:
        return reads_game(words)

    def parse(self, hand: HandText, file: str) -> HandResult:
        return parse_hand(hand.text, file, hand.first_line, hand.offset)

    def skipped(self, hand: HandText, file: str, reason: str, hand_id: str | None) -> Skipped:
        """A skipped game is placed at its ``<game>`` line (the piece starts with the description in force)."""
        line, offset = hand.first_line, hand.offset
        for text in hand.text.split("\n"):
            if text.lstrip().startswith("<game"):
                break
            line, offset = line + 1, offset + len(text.encode("utf-8")) + 1
        return Skipped(self.NAME, hand_id, file, line, offset, reason)
