"""Read (and, via ``phh_writer``, write) PHH: the open Poker Hand History standard (TOML; DESIGN section 8).

A ``.phh`` file holds one hand; a ``.phhs`` file many, as tables ``[1]``, ``[2]``, ... We split a
``.phhs`` at its table headers with a line scan and parse each table on its own with ``tomllib``, so one
broken hand becomes a ``ParseFailure`` and the next still comes through, and memory stays flat.

Money: PHH writes major units (``0.25`` dollars); the record keeps minor units (25 cents). Floats are read
as ``Decimal`` (``tomllib``'s ``parse_float``) so no binary rounding creeps in; an amount that is not a
whole number of minor units is a parse failure, never rounded.

PHH says less than a room does, so the reader derives what the notation implies: ``cc`` becomes a
``Check`` or a ``Call`` of what the player owed (capped by the stack), ``cbr X`` a ``Bet`` (nobody had
bet this round) or a ``Raise`` to X, and all-in marks come from the starting stacks. Variants: every
draw game of ``badugi.engine.games`` (``VARIANTS``): PHH's own ``FB`` (fixed-limit Badugi), ``F2L3D``
(fixed-limit 2-7 triple draw) and ``N2L1D`` (no-limit 2-7 single draw), Badugi's ``PB``/``NB`` and our
``_``-prefixed codes for the rest (``_FAL3D``, ``_FBAL3D``, ...; pot-limit codes are half-pot when
``_limit = "hpl"``); every other variant is skipped with its code.

The standard makes ``hand`` and ``winnings`` optional: a hand without ``hand`` is named by its file and
table (``default_hand_id``), and a hand without ``winnings`` claims no payout (the replay awards its pots).
``pN sm`` alone is a muck; ``pN sm`` with unknown cards (``????????``) a show face down, a ``Show`` with
no cards: the player stays in the pot.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, time, timezone, tzinfo
from decimal import Decimal, InvalidOperation
from pathlib import Path, PurePath
from typing import Any

from badugi.engine.cards import Card, parse_cards
from badugi.engine.games import PHH_VARIANTS
from badugi.engine.record import (
    Bet, Call, Check, Collect, Deal, Draw, DrawDeal, Event, Fold, Hand, Limit, Muck, Post, PostKind, Raise,
    Seat, Show, Source, Stakes, TimeFlag, Tournament, Uncalled,
)
from badugi.parsers.clock import named_zone, readings
from badugi.parsers.phh_writer import PhhWriteError, derived_posts, write_phh, write_phhs
from badugi.parsers.results import HandResult, ParseFailure, Skipped
from badugi.parsers.phh_split import TABLE_HEADER, split_tables  # noqa: F401 (re-exported for importers)

__all__ = ["PhhWriteError", "default_hand_id", "parse_hand", "read_phh_file", "read_phh_text", "recognises", "sniff",
           "write_phh", "write_phhs"]

ROOM = "phh"
VARIANTS: dict[str, tuple[str, Limit]] = {code: (game.name, limit) for code, (game, limit) in PHH_VARIANTS.items()}
"""PHH ``variant`` code -> (``Hand.game``, limit): the table of ``badugi.engine.games``."""
_ACTIONS_KEY = re.compile(r"^\s*actions\s*=")


_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*\s*=")


def sniff(head: str) -> bool:
    """True when text looks like PHH: its first line that is not blank or a comment is a ``[1]`` table
    header or a TOML ``key = value``, and a ``variant`` key or a table header appears near the top."""
    lines = [t.strip() for t in head.lstrip("\ufeff").splitlines()]
    meaningful = [t for t in lines if t and not t.startswith("#")]
    if not meaningful or not (TABLE_HEADER.match(meaningful[0]) or _KEY.match(meaningful[0])):
        return False
    return any(TABLE_HEADER.match(t) or (t.startswith("variant") and _KEY.match(t)) for t in meaningful)


# ---- splitting ---------------------------------------------------------------------------------


@dataclass(slots=True)
class _Table:
    name: str | None
    lines: list[str]
    line: int  # 1-based file line of the table's first line
    offset: int


def read_phh_file(path: str | Path) -> Iterator[HandResult]:
    """Read a ``.phh`` or ``.phhs`` file hand by hand (through the one file reader)."""
    from badugi.parsers.reader import read_hands

    return read_hands(path, ROOM)


def read_phh_text(text: str, file: str = "<text>") -> Iterator[HandResult]:
    """Read PHH given as a string."""
    from badugi.parsers.reader import read_text_hands

    return read_text_hands(text, file, ROOM)


def recognises(first_line: str) -> bool:
    """True when a file's first line looks like PHH (cheap: no parse)."""
    return sniff(first_line)


def parse_hand(text: str, file: str = "<text>", line: int = 1, offset: int = 0) -> HandResult:
    """One PHH hand (a ``.phh`` body or one ``[N]`` table) -> Hand | Skipped | ParseFailure; ``line``/
    ``offset`` place the text's first line in ``file``. Text holding several tables gives the first."""
    for result in read_phh_lines(text.encode("utf-8").splitlines(keepends=True), file, line, offset):
        return result
    return ParseFailure("parse.unexpected", ROOM, None, file, line, None, offset,
                        f"{_where(file, line, None)}: no PHH hand in the text", raw=text)


def read_phh_lines(raw_lines: Iterable[bytes], file: str, first_line: int = 1,
                   first_offset: int = 0) -> Iterator[HandResult]:
    """Split byte lines at table headers and parse each table; a bad hand never stops the next one."""
    table = _Table(None, [], first_line, first_offset)
    offset = first_offset
    for number, raw in enumerate(raw_lines, start=first_line):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield ParseFailure("parse.decode", ROOM, None, file, number, exc.start + 1, offset,
                               f"{_where(file, number, None)}: not UTF-8 text: {exc.reason}")
            line = raw.decode("utf-8", errors="replace")
        if number == first_line:
            line = line.lstrip("\ufeff")
        match = TABLE_HEADER.match(line)
        if match:
            if table.name is not None or any(_meaningful(t) for t in table.lines):
                yield _parse_table(table, file)
            table = _Table(match.group(1), [], number + 1, offset + len(raw))
        else:
            table.lines.append(line)
        offset += len(raw)
    if table.name is not None or any(_meaningful(t) for t in table.lines):
        yield _parse_table(table, file)


def _meaningful(line: str) -> bool:
    text = line.strip()
    return bool(text) and not text.startswith("#")


def _action_lines(table: _Table) -> list[int]:
    """File line of each string in the table's ``actions`` array (a small TOML string scanner)."""
    lines: list[int] = []
    start = next((i for i, t in enumerate(table.lines) if _ACTIONS_KEY.match(t)), None)
    if start is None:
        return lines
    text = "".join(table.lines[start:])
    text = text[text.index("=") + 1:]
    line = table.line + start
    i, depth = 0, 0
    while i < len(text):
        char = text[i]
        if char == "\n":
            line += 1
        elif char == "#":
            while i < len(text) and text[i] != "\n":
                i += 1
            continue
        elif char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
            if depth <= 0:
                break
        elif char in "\"'":
            lines.append(line)
            i += 1
            while i < len(text) and text[i] != char:
                if char == '"' and text[i] == "\\":
                    i += 1
                elif text[i] == "\n":
                    line += 1
                i += 1
        i += 1
    return lines


def _parse_table(table: _Table, file: str) -> HandResult:
    raw = "".join(table.lines)
    line = table.line if table.name is None else table.line - 1
    try:
        data = tomllib.loads(raw, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"line (\d+)", str(exc))
        if found:
            at = table.line + int(found.group(1)) - 1
        else:  # "(at end of document)": the table's last line
            at = table.line + max(raw.rstrip("\n").count("\n"), 0) if "end of document" in str(exc) else line
        hand_id = default_hand_id(file, table.name)
        return ParseFailure("parse.toml", ROOM, hand_id, file, at, None, table.offset,
                            f"{_where(file, at, hand_id)}: not TOML: {exc}", raw=raw)
    try:
        return _HandReader(data, table, file, _action_lines(table)).read()
    except _Unreadable as exc:
        hand_id, at = _hand_id(data, table, file), exc.line or line
        return ParseFailure(exc.code, ROOM, hand_id, file, at, None, table.offset, f"{_where(file, at, hand_id)}: {exc}",
                            raw=raw)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        hand_id = _hand_id(data, table, file)
        return ParseFailure("parse.unexpected", ROOM, hand_id, file, line, None, table.offset,
                            f"{_where(file, line, hand_id)}: malformed PHH field: {exc!r}", raw=raw)


def _where(file: str, line: int, hand_id: str | None) -> str:
    """How every failure's message starts, as in the text rooms: ``file:line (hand #id)``."""
    return f"{file}:{line}" + (f" (hand #{hand_id})" if hand_id else "")


def _hand_id(data: dict[str, Any], table: _Table, file: str) -> str:
    value = data.get("hand")
    return default_hand_id(file, table.name) if value is None else str(value)


def default_hand_id(file: str, table: str | None) -> str:
    """The id of a hand without a ``hand`` field (optional in PHH): the file's name, ``#`` and the
    hand's table key, or ``1`` in a file without tables: ``worked.phh#1``, ``session.phhs#3`` for
    table ``[3]``. Only the name counts, so the id is the same whichever folder the file is read from."""
    return f"{PurePath(file).name}#{table or 1}"


class _Unreadable(Exception):
    def __init__(self, code: str, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.code = code
        self.line = line


# ---- one hand ----------------------------------------------------------------------------------


@dataclass(slots=True)
class _HandReader:
    data: dict[str, Any]
    table: _Table
    file: str
    lines: list[int]
    per_major: int = 100
    names: list[str] = field(default_factory=list)
    remaining: dict[str, int] = field(default_factory=dict)
    put_in: dict[str, int] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    holding: dict[str, tuple[Card, ...] | None] = field(default_factory=dict)
    dealt: set[str] = field(default_factory=set)
    declared: set[str] = field(default_factory=set)  # players who declared in the current draw
    replaced: bool = False  # a replacement deal came since the current draw began
    # each player's latest deal (the draw it belongs to, its index in ``events``) while no player has acted
    # since it: a deal written a card a line (pokerkit's WSOP files) is one deal
    open_deals: dict[str, tuple[int, int]] = field(default_factory=dict)
    street: int = 0
    draw: int = 0
    drawing: bool = False

    def read(self) -> HandResult:
        data = self.data
        first = self.table.line if self.table.name is None else self.table.line - 1
        variant = str(data.get("variant", ""))
        hand_id = _hand_id(data, self.table, self.file)
        if variant not in VARIANTS:
            return Skipped(ROOM, hand_id, self.file, first, self.table.offset,
                           f"unsupported game: PHH variant {variant or '(none)'}")
        game, limit = VARIANTS[variant]
        if limit is Limit.POT and data.get("_limit") == "hpl":
            limit = Limit.HALF_POT
        currency = str(data.get("currency") or data.get("_currency") or "CHIPS")
        self.per_major = 1 if currency in ("CHIPS", "PLAY") else 100
        stacks = [self._money(v, "starting_stacks") for v in _list(data, "starting_stacks")]
        count = len(stacks)
        if count < 2:
            raise _Unreadable("parse.unexpected", "a hand needs at least two starting stacks", first)
        written = [str(n) for n in data.get("players", [])] or [""] * count
        self.names = [name or f"p{i + 1}" for i, name in enumerate(written)]  # "" = anonymous in PHH
        seat_numbers = [int(s) for s in data.get("seats", [])] or list(range(1, count + 1))
        if len(self.names) != count or len(seat_numbers) != count or len(set(self.names)) != count:
            raise _Unreadable("parse.unexpected", "players/seats do not match starting_stacks", first)
        antes = self._per_player("antes", count)
        blinds = self._per_player("blinds_or_straddles", count)
        if count == 2:  # PHH reverses forced bets heads-up
            antes, blinds = antes[::-1], blinds[::-1]
        self.remaining = dict(zip(self.names, stacks))
        self.holding = {n: None for n in self.names}
        self._posts(antes, blinds)
        for number, action in enumerate(_list(data, "actions")):
            line = self.lines[number] if number < len(self.lines) else first
            self._action(str(action), line)
        self._collects(first)
        if limit is Limit.FIXED:
            small_bet = self._money(data.get("small_bet"), "small_bet")
            big_bet = self._money(data.get("big_bet"), "big_bet")
        else:
            big_bet = self._money(data.get("min_bet"), "min_bet")
            small_bet = self._money(data["_small_bet"], "_small_bet") if "_small_bet" in data else big_bet
        # a blind posted all in for less is not the stated blind (as the room readers read it)
        live = [e for e in self.events if isinstance(e, Post) and e.kind is not PostKind.ANTE and not e.all_in]
        small_blind = next((e.amount for e in live if e.kind is PostKind.SMALL_BLIND), None)
        big_blind = next((e.amount for e in live if e.kind is PostKind.BIG_BLIND), None)
        ante_values = {a for a in antes if a}
        seats = tuple(Seat(seat=s, player=n, stack=st) for s, n, st in zip(seat_numbers, self.names, stacks))
        hero = data.get("_hero")
        if hero is None:
            known = [n for n in self.names if self._first_deal_known(n)]
            hero = known[0] if len(known) == 1 else None
        tournament = None
        if "_tournament" in data:
            tournament = Tournament(str(data["_tournament"]), level=_opt_str(data.get("_level")),
                                    buy_in=_opt_str(data.get("_buy_in")))
        start, time_flag = _start_time(data)
        return Hand(
            room=str(data.get("venue") or ROOM), hand_id=hand_id, game=game, limit=limit,
            stakes=Stakes(small_bet, big_bet, small_blind, big_blind,
                          ante_values.pop() if len(ante_values) == 1 else None),
            currency=currency, source=Source(self.file, first, self.table.offset),
            table=_opt_str(data.get("table")), max_seats=data.get("seat_count"),
            button=int(data["_button"]) if "_button" in data else seat_numbers[-1],
            start_time=start, time_zone=_opt_str(data.get("_room_time_zone")), time_flag=time_flag,
            tournament=tournament, seats=seats, events=tuple(self.events), hero=hero,
            cancelled=bool(data.get("_cancelled", False)), partial=bool(data.get("_partial", False)),
        )

    # ---- values --------------------------------------------------------------------------------

    def _money(self, value: Any, what: str, line: int = 0) -> int:
        if isinstance(value, bool) or not isinstance(value, (int, Decimal, str)):
            raise _Unreadable("parse.bad_amount", f"{what}: not an amount: {value!r}", line)
        try:
            amount = Decimal(value) * self.per_major
        except InvalidOperation:
            raise _Unreadable("parse.bad_amount", f"{what}: not an amount: {value!r}", line) from None
        if not amount.is_finite():
            raise _Unreadable("parse.unsupported", f"{what}: unknown (infinite) amounts are not supported", line)
        if amount != amount.to_integral_value() or amount < 0:
            raise _Unreadable("parse.bad_amount", f"{what}: {value} is not a whole number of minor units", line)
        return int(amount)

    def _per_player(self, key: str, count: int) -> list[int]:
        values = [self._money(v, key) for v in self.data.get(key, [0] * count)]
        if len(values) != count:
            raise _Unreadable("parse.unexpected", f"{key} has {len(values)} entries for {count} players")
        return values

    def _player(self, token: str, line: int) -> str:
        if not re.fullmatch(r"p\d+", token) or not 1 <= int(token[1:]) <= len(self.names):
            raise _Unreadable("parse.unknown_player", f"no player {token!r}", line)
        return self.names[int(token[1:]) - 1]

    def _cards(self, text: str, line: int) -> tuple[tuple[Card, ...] | None, int]:
        """(cards or ``None`` when any is unknown, how many)."""
        if len(text) % 2:
            raise _Unreadable("parse.bad_cards", f"not a run of cards: {text!r}", line)
        count = len(text) // 2
        if "?" in text:
            return None, count
        try:
            return parse_cards(text), count
        except ValueError as exc:
            raise _Unreadable("parse.bad_cards", str(exc), line) from None

    def _first_deal_known(self, player: str) -> bool:
        deal = next((e for e in self.events if isinstance(e, Deal) and e.player == player), None)
        return deal is not None and deal.cards is not None

    # ---- forced bets, actions, results ---------------------------------------------------------

    def _posts(self, antes: list[int], blinds: list[int]) -> None:
        first = self.table.line
        written = self.data.get("_posts")
        if written is not None:
            posts = []
            for text in written:
                player, kind, amount = str(text).split()
                posts.append((self._player(player, first), PostKind(kind), self._money(amount, "_posts")))
        else:
            posts = [(p, PostKind(k), a) for p, k, a in derived_posts(antes, blinds, self.names)]
        for player, kind, amount in posts:
            self.remaining[player] -= amount
            live = amount if kind in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND, PostKind.EXTRA) else 0
            if kind is PostKind.BOTH:
                live = blinds[self.names.index(player)] or amount
            self.put_in[player] = self.put_in.get(player, 0) + live
            self.events.append(Post(player, kind, amount, all_in=self.remaining[player] == 0, line=first))

    def _action(self, text: str, line: int) -> None:
        body = text.split("#", 1)[0].split()
        if not body:
            return  # a no-op or a standalone commentary
        actor, verb, args = body[0], body[1] if len(body) > 1 else "", body[2:]
        if actor == "d":
            if verb != "dh" or len(args) != 2:
                raise _Unreadable("parse.unknown_action", f"dealer action not in a draw game: {text!r}", line)
            self._deal(self._player(args[0], line), args[1], line)
            return
        player = self._player(actor, line)
        self.open_deals.clear()
        if verb == "sd":
            self._discard(player, args[0] if args else "", line)
            return
        if verb in ("f", "cc", "cbr") and self.drawing:
            self.drawing = False
            self.street, self.put_in = self.draw, {}
        if verb == "f":
            self.events.append(Fold(player, self.street, line=line))
        elif verb == "cc":
            owed = min(max(self.put_in.values(), default=0) - self.put_in.get(player, 0), self.remaining[player])
            if owed <= 0:
                self.events.append(Check(player, self.street, line=line))
            else:
                self._pay(player, owed)
                self.events.append(Call(player, self.street, owed, all_in=self.remaining[player] == 0, line=line))
        elif verb == "cbr" and len(args) == 1:
            total = self._money(args[0], "cbr", line)
            before = self.put_in.get(player, 0)
            highest = max(self.put_in.values(), default=0)
            self._pay(player, total - before)
            all_in = self.remaining[player] == 0
            if highest == 0:
                self.events.append(Bet(player, self.street, total - before, all_in=all_in, line=line))
            else:
                self.events.append(Raise(player, self.street, None, total, all_in=all_in, line=line))
        elif verb == "sm":
            self._show(player, args[0] if args else None, line)
        else:
            raise _Unreadable("parse.unknown_action", f"not a draw-game action: {text!r}", line)

    def _pay(self, player: str, amount: int) -> None:
        self.put_in[player] = self.put_in.get(player, 0) + amount
        self.remaining[player] -= amount

    def _deal(self, player: str, text: str, line: int) -> None:
        """A ``d dh`` line: the player's first deal, a draw's replacement cards, or more cards of the deal
        the same player got last with no player's action between (PHH lets a deal be written a card a
        line, round the table: pokerkit's WSOP 2023 hands)."""
        cards, count = self._cards(text, line)
        held = self.holding.get(player)
        more = self.open_deals.get(player)
        if more is not None and more[0] == self.draw:
            at = more[1]
            earlier = self.events[at]
            if isinstance(earlier, Deal):
                joined = earlier.cards + cards if earlier.cards is not None and cards is not None else None
                self.events[at] = Deal(player, joined, line=earlier.line)
                self.holding[player] = joined
                return
            assert isinstance(earlier, DrawDeal)
            new = earlier.new + cards if earlier.new is not None and cards is not None else None
            self.events[at] = DrawDeal(player, self.draw, count=(earlier.count or 0) + count, new=new,
                                       line=earlier.line)
        elif player not in self.dealt:
            self.dealt.add(player)
            self.holding[player] = cards
            self.open_deals[player] = (self.draw, len(self.events))
            self.events.append(Deal(player, cards, line=line))
            return
        else:
            self.replaced = True
            self.open_deals[player] = (self.draw, len(self.events))
            self.events.append(DrawDeal(player, self.draw, count=count, new=cards, line=line))
        self.holding[player] = held + cards if held is not None and cards is not None else None

    def _discard(self, player: str, text: str, line: int) -> None:
        if not self.drawing or self.replaced or player in self.declared:
            self.drawing, self.replaced, self.declared = True, False, set()
            self.draw += 1
        self.declared.add(player)
        cards, count = self._cards(text, line)
        held = self.holding.get(player)
        if held is not None and cards is not None and all(c in held for c in cards):
            self.holding[player] = tuple(c for c in held if c not in cards)
        elif count:
            self.holding[player] = None
        self.events.append(Draw(player, self.draw, count, discards=cards if count else None, line=line))

    def _show(self, player: str, text: str | None, line: int) -> None:
        if text is None:
            self.events.append(Muck(player, line=line))
            return
        if text == "-":
            cards = self.holding.get(player)
            if cards is None:
                raise _Unreadable("parse.bad_cards", "'sm -' for a player whose cards are unknown", line)
        else:
            cards, _count = self._cards(text, line)
            if cards is None:  # shown, some cards face down (``????``): still in the pot, cards unknown
                cards = ()
        self.events.append(Show(player, cards, line=line))

    def _collects(self, line: int) -> None:
        """``_uncalled`` claims, then ``_collects`` (pot by pot) or else the standard ``winnings``."""
        for text in self.data.get("_uncalled", []):
            player, amount = str(text).split()
            self.events.append(Uncalled(self._player(player, line), self._money(amount, "_uncalled"), line=line))
        if "_collects" in self.data:
            for text in self.data["_collects"]:
                player, pot, amount = str(text).split()
                self.events.append(Collect(self._player(player, line), self._money(amount, "_collects"), pot=pot,
                                           line=line))
            return
        winnings = self.data.get("winnings")
        if winnings is None:
            return
        if len(winnings) != len(self.names):
            raise _Unreadable("parse.unexpected", "winnings do not match the players", line)
        for name, value in zip(self.names, winnings):
            amount = self._money(value, "winnings")
            if amount:
                self.events.append(Collect(name, amount, line=line))


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise _Unreadable("parse.missing_field", f"required field {key!r} missing or not an array")
    return value


def _opt_str(value: Any) -> str | None:
    return None if value is None else str(value)


def _start_time(data: dict[str, Any]) -> tuple[datetime | None, TimeFlag | None]:
    """``year``/``month``/``day`` + ``time`` in ``time_zone`` (UTC when absent, as PHH says) -> UTC, and
    its flag: a daylight-saving hour is read at ``fold=0`` and flagged (``clock.readings``); a zone name
    no zone has gives no time (``UNKNOWN_ZONE``), never UTC by default. ``_time_flag`` (our writer's
    field) keeps the flag of a time written as UTC."""
    written = data.get("_time_flag")
    kept = TimeFlag(written) if written in set(TimeFlag) else None
    clock = data.get("time")
    if isinstance(clock, datetime):  # an offset date-time instead of PHH's local time
        return (clock.astimezone(timezone.utc) if clock.tzinfo else clock.replace(tzinfo=timezone.utc)), kept
    try:
        year, month, day = int(data["year"]), int(data["month"]), int(data["day"])
    except (KeyError, TypeError, ValueError):
        return None, kept
    clock = clock if isinstance(clock, time) else time(0, 0)
    zone_name = data.get("time_zone")
    zone: tzinfo | None = named_zone(str(zone_name)) if zone_name else timezone.utc
    if zone is None:
        return None, TimeFlag.UNKNOWN_ZONE
    try:
        local = datetime(year, month, day, clock.hour, clock.minute, clock.second)
    except ValueError:
        return None, kept
    instants, flag = readings(local, zone)
    return instants[0], flag or kept


