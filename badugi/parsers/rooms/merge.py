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
  element by seat number.
- Tournaments write the game's name with `` Tournament`` (``type="Holdem Tournament"``) and stakes with no
  amounts (``stakes="No Limit"``) or the level's blinds (``stakes="No Limit Level 4 Blinds 40/80"``): the
  game is the name without the word, amounts are chips (``CHIPS``), the tournament is ``data``'s third
  field, seat balances are kept as written (after the blinds and antes: ``Rules.tournament_stacks_after_posts``
  tells the replay), and a level stated by no amounts is the level the blinds posted say (the big blind is a limit
  game's small bet, the big bet twice it; the blinds themselves in pot and no limit).
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
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import BinaryIO
from xml.parsers import expat

from badugi.engine import games
from badugi.engine.cards import Card, parse_cards
from badugi.engine.games import Game, get_game
from badugi.engine.record import (
    Bet, Call, Check, Claims, Collect, Deal, Draw, DrawDeal, Event, Fold, Hand, Limit, Muck, Noise, Post,
    PostKind, Raise, Seat, Show, Source, Stakes, Tournament,
)
from badugi.parsers.results import HandResult, HandText, ParseFailure, Skipped
from badugi.parsers.rooms.base import HeaderInfo, Room, limit_in
from badugi.parsers.rooms.merge_split import split_games
from badugi.parsers.split import split_windows

ROOM = "merge"

GAME_TYPES: dict[str, str] = {"71": "Badugi", "67": "2-7 Lowball", "63": "A-5 Lowball"}
"""The ``gametype`` codes seen in real files; the description's ``type`` text names the game, unless
the ``gametype`` code is another game's (see ``_game_name``)."""
GAME_CODES: dict[str, str] = {name: code for code, name in GAME_TYPES.items()}

GAMES: dict[str, str] = {"Badugi": "badugi", "2-7 Lowball": "27_triple_draw", "A-5 Lowball": "a5_triple_draw"}
"""The game names Merge writes -> ``Hand.game``. Its 2-7 and A-5 Lowball are triple draw (the real
files' rounds run to ``THIRD_DRAW``; no single-draw round ids exist); the limit is the description's."""

LIMITS: dict[str, Limit] = {
    "Limit": Limit.FIXED,
    "Pot Limit": Limit.POT,
    "Half Pot Limit": Limit.HALF_POT,
    "No Limit": Limit.NO_LIMIT,
}
CURRENCY_SYMBOLS: dict[str, str] = {"$": "USD", "€": "EUR", "£": "GBP"}
START_TIME_OFFSET = timezone(timedelta(hours=-5))

# round id -> ("bet", street) | ("draw", draw number) | ("end", None) | ("cancel", None)
ROUNDS: dict[str, tuple[str, int | None]] = {
    "BLINDS": ("bet", 0),
    "PRE_FIRST_DRAW": ("bet", 0),
    "FIRST_DRAW": ("draw", 1),
    "POST_FIRST_DRAW": ("bet", 1),
    "SECOND_DRAW": ("draw", 2),
    "POST_SECOND_DRAW": ("bet", 2),
    "THIRD_DRAW": ("draw", 3),
    "POST_THIRD_DRAW": ("bet", 3),
    "SHOWDOWN": ("end", None),
    "END_OF_FOLDED_GAME": ("end", None),
    "END_OF_GAME": ("end", None),
    "GAME_CANCELLED": ("cancel", None),
}

_STAKES = re.compile(
    r"^\s*(?P<limit>Half Pot Limit|Pot Limit|No Limit|Limit)\s*\(?\s*"
    r"(?P<sym>[$€£]?)(?P<small>[\d.,]+)\s*/\s*[$€£]?(?P<big>[\d.,]+)\s*\)?\s*$"
)
# tournaments: "No Limit", "Limit", "No Limit Level 4 Blinds 40/80"
_TOURNAMENT_STAKES = re.compile(
    r"^\s*(?P<limit>Half Pot Limit|Pot Limit|No Limit|Limit)"
    r"(?:\s+Level\s+(?P<level>\d+)\s+Blinds\s+(?P<small>[\d.,]+)\s*/\s*(?P<big>[\d.,]+))?\s*$"
)
TOURNAMENT_WORD = " Tournament"
"""What tournaments write after the game's name (``type="Badugi Tournament"``)."""
# table events with no chips: event type -> Noise kind
NOISE_EVENTS: dict[str, str] = {"DISCONNECTED": "disconnect", "RECONNECTED": "connect", "SIT_OUT": "sit_out",
                                "LEAVE": "leave", "PLAYER_OUT": "finish"}


def sniff(head: str) -> bool:
    """True when a file's first non-blank text is a Merge ``<description`` or ``<game`` element."""
    text = head.lstrip("\ufeff \t\r\n")
    if text.startswith("<?xml"):
        text = text.split("?>", 1)[-1].lstrip()
    return text.startswith("<description") or text.startswith("<game ")


# ---- splitting ---------------------------------------------------------------------------------


@dataclass(slots=True)
class _Chunk:
    """One ``<game>`` element's raw lines, where it starts, and the description in force."""

    lines: list[str]
    line: int
    offset: int
    description: dict[str, str] | None


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
    return ParseFailure("parse.unexpected", ROOM, None, file, line, None, offset, "no <game> element", raw=text)


def read_merge_lines(raw_lines: Iterable[bytes], file: str, first_line: int = 1,
                     first_offset: int = 0) -> Iterator[HandResult]:
    """Split byte lines into games and parse each; a bad game never stops the next one."""
    description: dict[str, str] | None = None
    chunk: _Chunk | None = None
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
                                   f"not UTF-8 text: {exc.reason}", raw=line)
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
            chunk = _Chunk([line], number, line_offset, description)
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
                                   f"unreadable <description>: {parsed}", raw=line)
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
                        "text outside any <game> element", raw="".join(lines))


def _truncated(chunk: _Chunk, file: str, why: str) -> ParseFailure:
    hand_id = _attr_in(chunk.lines[0], "id")
    return ParseFailure("parse.truncated", ROOM, hand_id, file, chunk.line, None, chunk.offset,
                        f"incomplete <game> element: {why}", raw="".join(chunk.lines))


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


@dataclass(slots=True)
class _Element:
    tag: str
    attrs: dict[str, str]
    line: int


class _Unreadable(Exception):
    """A value inside an otherwise well-formed game that the reader cannot interpret."""

    def __init__(self, code: str, message: str, line: int) -> None:
        super().__init__(message)
        self.code = code
        self.line = line


def _elements(chunk: _Chunk) -> list[_Element]:
    """All elements of a game in document order, with file line numbers (raises ExpatError)."""
    elements: list[_Element] = []
    parser = expat.ParserCreate()

    def start(tag: str, attrs: dict[str, str]) -> None:
        elements.append(_Element(tag, attrs, chunk.line + parser.CurrentLineNumber - 1))

    parser.StartElementHandler = start
    try:
        parser.Parse("".join(chunk.lines), True)
    finally:
        parser.StartElementHandler = None  # break the parser <-> handler cycle so memory stays flat
    return elements


def _parse_chunk(chunk: _Chunk, file: str) -> HandResult:
    raw = "".join(chunk.lines)
    hand_id = _attr_in(chunk.lines[0], "id")
    try:
        elements = _elements(chunk)
    except expat.ExpatError as exc:
        return ParseFailure("parse.xml", ROOM, hand_id, file, chunk.line + exc.lineno - 1, exc.offset + 1,
                            chunk.offset, f"malformed XML: {expat.ErrorString(exc.code)}", raw=raw)
    try:
        return _build(elements, chunk, file)
    except _Unreadable as exc:
        return ParseFailure(exc.code, ROOM, hand_id, file, exc.line, None, chunk.offset, str(exc), raw=raw)


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


def _build(elements: list[_Element], chunk: _Chunk, file: str) -> HandResult:
    if not elements or elements[0].tag != "game":
        raise _Unreadable("parse.unexpected", "a game chunk must start with <game>", chunk.line)
    game = elements[0].attrs
    hand_id = game.get("id")
    if not hand_id:
        raise _Unreadable("parse.unexpected", "<game> has no id", chunk.line)
    name = _game_name(game, chunk.description)
    cancelled = any(e.tag == "round" and e.attrs.get("id") == "GAME_CANCELLED" for e in elements)
    if not reads_game(name):
        reason = f"unsupported game: {name}" + (" (cancelled hand)" if cancelled else "")
        return Skipped(ROOM, hand_id, file, chunk.line, chunk.offset, reason)
    if chunk.description is None:
        raise _Unreadable("parse.missing_description",
                          f"{name} game without a <description> element: limit and stakes unknown", chunk.line)
    game_name = GAMES[name.removesuffix(TOURNAMENT_WORD)]
    return _GameBuilder(elements, chunk, file, hand_id, get_game(game_name)).build()


@dataclass(slots=True)
class _GameBuilder:
    """Walks one Badugi game's elements into a ``Hand``; holds only this game's state."""

    elements: list[_Element]
    chunk: _Chunk
    file: str
    hand_id: str
    game: Game
    currency: str = "USD"
    per_major: int = 100
    seat_names: dict[str, str] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    street: int = 0
    draw: int = 0
    round_kind: str = "bet"
    put_in: dict[str, int] = field(default_factory=dict)  # this betting round's live chips per player
    cancelled: bool = False
    hero: str | None = None

    def build(self) -> Hand:
        game = self.elements[0].attrs
        description = self.chunk.description or {}
        stakes_text = description.get("stakes", "")
        in_tournament = description.get("type", "").endswith(TOURNAMENT_WORD)
        match = (_TOURNAMENT_STAKES if in_tournament else _STAKES).match(stakes_text)
        if not match:
            raise _Unreadable("parse.unexpected", f"unreadable stakes {stakes_text!r}", self.chunk.line)
        limit = LIMITS[match["limit"]]
        if in_tournament:
            self.currency, self.per_major = "CHIPS", 1
        elif game.get("realmoney", "true") == "false":
            self.currency, self.per_major = "PLAY", 1
        else:
            self.currency = CURRENCY_SYMBOLS.get(match["sym"] or "$", "USD")
        small = self._money(match["small"], self.chunk.line) if match["small"] else None
        big = self._money(match["big"], self.chunk.line) if match["big"] else None
        seats: list[Seat] = []
        button: int | None = None
        for element in self.elements[1:]:
            handler = getattr(self, "_on_" + element.tag, None)
            if handler is None:
                raise _Unreadable("parse.unexpected", f"unexpected element <{element.tag}>", element.line)
            if element.tag == "players":
                button = self._int(element.attrs.get("dealer"), element.line) if "dealer" in element.attrs else None
            elif element.tag == "player":
                seats.append(self._seat(element))
            else:
                handler(element)
        antes = [e.amount for e in self.events if isinstance(e, Post) and e.kind is PostKind.ANTE]
        blinds = any(isinstance(e, Post) and e.kind in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND)
                     for e in self.events)
        data = game.get("data", "").split("|")
        tournament = None
        if in_tournament:
            small, big = self._tournament_level(limit, small, big)
            tournament = Tournament(data[2] if len(data) > 2 and data[2] else self.hand_id.partition("-")[0],
                                    level=match["level"])
        # "Pot Limit ($0.05/$0.10)" names the blinds; "Limit $5/$10" the bets (blinds $2/$5 posted)
        stated_blinds = limit is not Limit.FIXED and (blinds or not antes)
        stakes = Stakes(
            small_bet=small, big_bet=big,
            small_blind=small if stated_blinds else None,
            big_blind=big if stated_blinds else None,
            ante=antes[0] if antes else None,
        )
        return Hand(
            room=ROOM, hand_id=self.hand_id, game=self.game.name, limit=limit, stakes=stakes,
            currency=self.currency, source=Source(self.file, self.chunk.line, self.chunk.offset),
            table=data[1] if len(data) > 1 and data[1] else None, button=button,
            start_time=_start_time(game.get("starttime")), seats=tuple(seats), events=tuple(self.events),
            claims=Claims(), hero=self.hero, cancelled=self.cancelled, tournament=tournament,
        )

    def _tournament_level(self, limit: Limit, small: int | None, big: int | None) -> tuple[int, int]:
        """A tournament level's (small bet, big bet): ``Level 4 Blinds 40/80`` are blinds; with no amounts
        written, the blinds posted. A limit game's small bet is its big blind, its big bet twice that; pot
        and no limit keep the blinds (``Stakes``)."""
        if big is None:
            posted = {e.kind: e.amount for e in self.events if isinstance(e, Post)
                      and e.kind in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND)}
            if PostKind.BIG_BLIND not in posted:
                raise _Unreadable("parse.unexpected", "a tournament hand states no stakes and posts no big blind",
                                  self.chunk.line)
            big = posted[PostKind.BIG_BLIND]
            small = posted.get(PostKind.SMALL_BLIND, big // 2)
        if limit is Limit.FIXED:
            return big, 2 * big
        return small if small is not None else big // 2, big

    # ---- values --------------------------------------------------------------------------------

    def _money(self, text: str | None, line: int) -> int:
        if text is None:
            raise _Unreadable("parse.unexpected", "missing amount", line)
        cleaned = text.strip().lstrip("$€£").replace(",", "")
        try:
            value = Decimal(cleaned) * self.per_major
        except InvalidOperation:
            raise _Unreadable("parse.bad_amount", f"not an amount: {text!r}", line) from None
        if value != value.to_integral_value() or value < 0:
            raise _Unreadable("parse.bad_amount", f"amount {text!r} is not a whole number of minor units", line)
        return int(value)

    def _int(self, text: str | None, line: int) -> int:
        try:
            return int(text or "")
        except ValueError:
            raise _Unreadable("parse.unexpected", f"not a number: {text!r}", line) from None

    def _player(self, element: _Element) -> str:
        seat = element.attrs.get("player")
        if seat is None or seat not in self.seat_names:
            raise _Unreadable("parse.unknown_player", f"<{element.tag}> names no seated player ({seat!r})",
                              element.line)
        return self.seat_names[seat]

    def _cards(self, element: _Element) -> tuple[Card, ...]:
        try:
            return parse_cards(element.attrs.get("cards", ""))
        except ValueError as exc:
            raise _Unreadable("parse.bad_cards", str(exc), element.line) from None

    def _seat(self, element: _Element) -> Seat:
        attrs = element.attrs
        seat = self._int(attrs.get("seat"), element.line)
        name = attrs.get("nickname")
        if not name:
            raise _Unreadable("parse.unexpected", "<player> without a nickname", element.line)
        self.seat_names[str(seat)] = name
        return Seat(seat=seat, player=name, stack=self._money(attrs.get("balance"), element.line),
                    sitting_out=attrs.get("dealtin") == "false", line=element.line)

    # ---- elements ------------------------------------------------------------------------------

    def _on_players(self, element: _Element) -> None:  # handled in build()
        pass

    def _on_player(self, element: _Element) -> None:  # handled in build()
        pass

    def _on_round(self, element: _Element) -> None:
        round_id = element.attrs.get("id", "")
        if round_id not in ROUNDS:
            raise _Unreadable("parse.unknown_round", f"unknown round {round_id!r}", element.line)
        kind, number = ROUNDS[round_id]
        self.round_kind = kind
        if kind == "bet" and number is not None and number != self.street:
            self.street = number
            self.put_in = {}
        elif kind == "draw" and number is not None:
            self.draw = number
        elif kind == "cancel":
            self.cancelled = True

    def _on_event(self, element: _Element) -> None:
        kind = element.attrs.get("type", "")
        method = getattr(self, "_event_" + kind.lower(), None)
        if method is None:
            raise _Unreadable("parse.unknown_action", f"unknown event type {kind!r}", element.line)
        method(element)

    def _on_cards(self, element: _Element) -> None:
        kind = element.attrs.get("type", "")
        player = self._player(element)
        cards = self._cards(element)
        label = element.attrs.get("hand")
        if kind == "HOLE":
            self.hero = player
            self.events.append(Deal(player, cards, line=element.line))
        elif kind == "DRAW_DRAWN_CARDS":
            self.hero = self.hero or player
            self.events.append(DrawDeal(player, self.draw, hand=cards, line=element.line))
        elif kind == "SHOWN":
            self.events.append(Show(player, cards, label=label, line=element.line))
        elif kind == "MUCKED":
            self._attach_muck(player, cards, element.line)
        else:
            raise _Unreadable("parse.unexpected", f"unknown cards type {kind!r}", element.line)

    def _on_winner(self, element: _Element) -> None:
        amount = self._money(element.attrs.get("amount"), element.line)
        pot = element.attrs.get("potnumber", "1")
        pots = {e.attrs.get("potnumber", "1") for e in self.elements if e.tag == "winner"}
        name = "pot" if pots == {"1"} else ("main" if pot == "1" else f"side-{int(pot) - 1}")
        player = self._player(element)
        label = element.attrs.get("hand")
        if label:
            self._attach_label(player, label)
        self.events.append(Collect(player, amount, pot=name, line=element.line))

    def _attach_label(self, player: str, label: str) -> None:
        """A showdown winner's hand (``<winner hand="8-7-6-4-2">``) is the label of that player's
        ``Show`` (Merge writes none on ``SHOWN``); a ``Show`` already labelled keeps its own."""
        for index in range(len(self.events) - 1, -1, -1):
            event = self.events[index]
            if isinstance(event, Show) and event.player == player:
                if event.label is None:
                    self.events[index] = Show(player, event.cards, label, line=event.line)
                return

    def _attach_muck(self, player: str, cards: tuple[Card, ...], line: int) -> None:
        """``MUCKED`` cards belong to the same player's earlier ``MUCK`` event when there is one."""
        for index in range(len(self.events) - 1, -1, -1):
            event = self.events[index]
            if isinstance(event, Muck) and event.player == player and event.cards is None:
                self.events[index] = Muck(player, cards, line=event.line)
                return
        self.events.append(Muck(player, cards, line=line))

    # ---- event types ---------------------------------------------------------------------------

    def _post(self, element: _Element, kind: PostKind) -> None:
        player = self._player(element)
        amount = self._money(element.attrs.get("amount"), element.line)
        if kind is not PostKind.ANTE:
            self.put_in[player] = self.put_in.get(player, 0) + amount
        self.events.append(Post(player, kind, amount, line=element.line))

    def _event_small_blind(self, element: _Element) -> None:
        self._post(element, PostKind.SMALL_BLIND)

    def _event_big_blind(self, element: _Element) -> None:
        self._post(element, PostKind.BIG_BLIND)

    def _event_initial_blind(self, element: _Element) -> None:
        """A new player's blind (real 5-Draw file: ``INITIAL_BLIND`` after the big blind), live."""
        self._post(element, PostKind.EXTRA)

    def _event_return_blind(self, element: _Element) -> None:
        """Both blinds at once (real Omaha H/L file: ``RETURN_BLIND amount="1.50"`` at $0.50/$1): the big
        blind's part is live, the rest dead (``PostKind.BOTH``)."""
        player = self._player(element)
        amount = self._money(element.attrs.get("amount"), element.line)
        big_blind = max((e.amount for e in self.events if isinstance(e, Post) and e.kind is PostKind.BIG_BLIND),
                        default=amount)
        self.put_in[player] = self.put_in.get(player, 0) + min(amount, big_blind)
        self.events.append(Post(player, PostKind.BOTH, amount, line=element.line))

    def _event_ante(self, element: _Element) -> None:
        self._post(element, PostKind.ANTE)

    def _event_check(self, element: _Element) -> None:
        self.events.append(Check(self._player(element), self.street, line=element.line))

    def _event_fold(self, element: _Element) -> None:
        self.events.append(Fold(self._player(element), self.street, line=element.line))

    def _event_call(self, element: _Element) -> None:
        player = self._player(element)
        amount = self._money(element.attrs.get("amount"), element.line)
        self.put_in[player] = self.put_in.get(player, 0) + amount
        self.events.append(Call(player, self.street, amount, line=element.line))

    def _event_bet(self, element: _Element) -> None:
        player = self._player(element)
        amount = self._money(element.attrs.get("amount"), element.line)
        self.put_in[player] = self.put_in.get(player, 0) + amount
        self.events.append(Bet(player, self.street, amount, line=element.line))

    def _event_raise(self, element: _Element) -> None:
        player = self._player(element)
        total = self._money(element.attrs.get("amount"), element.line)
        self.put_in[player] = total
        self.events.append(Raise(player, self.street, None, total, line=element.line))

    def _event_all_in(self, element: _Element) -> None:
        player = self._player(element)
        if "amount" not in element.attrs:  # written again on a later round, no chips (2013 file): a marker
            self.events.append(Noise("all_in", player, "ALL_IN", line=element.line))
            return
        amount = self._money(element.attrs.get("amount"), element.line)
        if amount == 0 and self._mark_post_all_in(player):
            return
        highest = max(self.put_in.values(), default=0)
        total = self.put_in.get(player, 0) + amount
        self.put_in[player] = total
        if highest == 0:
            event: Event = Bet(player, self.street, amount, all_in=True, line=element.line)
        elif total > highest:
            event = Raise(player, self.street, None, total, all_in=True, line=element.line)
        else:
            event = Call(player, self.street, amount, all_in=True, line=element.line)
        self.events.append(event)

    def _mark_post_all_in(self, player: str) -> bool:
        """``ALL_IN amount="0.00"`` right after the player's post says that post put them all in (a real
        tournament file: ``balance="$0.00"``, ``ANTE 25``, ``ALL_IN 0.00``): the post is marked all-in."""
        for index in range(len(self.events) - 1, -1, -1):
            event = self.events[index]
            if getattr(event, "player", None) == player:
                if isinstance(event, Post) and not event.all_in:
                    self.events[index] = Post(player, event.kind, event.amount, all_in=True, line=event.line)
                    return True
                return False
        return False

    def _event_draw(self, element: _Element) -> None:
        player = self._player(element)
        count = self._int(element.attrs.get("text"), element.line)
        if not 0 <= count <= self.game.hand_size:
            raise _Unreadable("parse.unexpected", f"draw of {count} cards", element.line)
        self.events.append(Draw(player, self.draw, count, line=element.line))

    def _event_muck(self, element: _Element) -> None:
        self.events.append(Muck(self._player(element), line=element.line))

    def _event_show(self, element: _Element) -> None:
        """The cards follow in a ``SHOWN`` element, which becomes the ``Show`` event."""

    def _event_chat(self, element: _Element) -> None:
        self.events.append(Noise("chat", element.attrs.get("player"), element.attrs.get("text", ""),
                                 line=element.line))

    def _event_game_cancelled(self, element: _Element) -> None:
        self.cancelled = True

    def _table_event(self, element: _Element) -> None:
        """A table event with no chips (``NOISE_EVENTS``) -> ``Noise`` (the seat's player, when seated)."""
        kind = element.attrs.get("type", "")
        self.events.append(Noise(NOISE_EVENTS[kind], self.seat_names.get(element.attrs.get("player", "")), kind,
                                 line=element.line))

    _event_disconnected = _event_reconnected = _event_sit_out = _event_leave = _event_player_out = _table_event


_DATED_START = re.compile(r"(\d{4})/(\d{2})/(\d{2}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})")
"""2012's ``starttime="2012/06/05 19:39:26 -0400"``: local time and its offset (real files of June and
August 2012, checked against their events' epoch timestamps)."""


def _start_time(text: str | None) -> datetime | None:
    """``YYYYMMDDhhmmss`` at fixed UTC-5, or ``YYYY/MM/DD hh:mm:ss +hhmm`` at the offset written -> an aware
    UTC datetime (``None`` if absent or unreadable)."""
    if not text:
        return None
    dated = _DATED_START.fullmatch(text)
    if dated is not None:
        year, month, day, hour, minute, second, sign, off_h, off_m = dated.groups()
        offset = timedelta(hours=int(off_h), minutes=int(off_m)) * (-1 if sign == "-" else 1)
        try:
            local = datetime(int(year), int(month), int(day), int(hour), int(minute), int(second),
                             tzinfo=timezone(offset))
        except ValueError:
            return None
        return local.astimezone(timezone.utc)
    if len(text) != 14 or not text.isdigit():
        return None
    try:  # sliced by hand: strptime consults the locale on every call
        local = datetime(int(text[:4]), int(text[4:6]), int(text[6:8]), int(text[8:10]), int(text[10:12]),
                         int(text[12:]), tzinfo=START_TIME_OFFSET)
    except ValueError:
        return None
    return local.astimezone(timezone.utc)


# ---- the room ------------------------------------------------------------------------------------

_ATTR = re.compile(r'\b(type|stakes|gametype|id|realmoney)="([^"]*)"')


class Merge(Room):
    """Merge Network / Carbon XML: whole files of ``<game>`` elements, cut by ``split_games``."""

    NAME = ROOM
    END_MARKED = True

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
