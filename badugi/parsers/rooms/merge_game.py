"""One Merge / Carbon ``<game>``, its elements in document order -> a ``Hand`` (what ``merge.py`` cuts out
of a file and classifies is read here; the format and what each element becomes: ``merge.py``'s docstring).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from decimal import Decimal, InvalidOperation

from badugi.engine.cards import Card, parse_cards
from badugi.engine.games import Game
from badugi.engine.record import (
    Bet, Call, Check, Claims, Collect, Deal, Draw, DrawDeal, Event, Fold, Hand, Limit, Muck, Noise, Post,
    PostKind, Raise, Seat, Show, Source, Stakes, Tournament,
)

ROOM = "merge"

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

STAKES = re.compile(
    r"^\s*(?P<limit>Half Pot Limit|Pot Limit|No Limit|Limit)\s*\(?\s*"
    r"(?P<sym>[$€£]?)(?P<small>[\d.,]+)\s*/\s*[$€£]?(?P<big>[\d.,]+)\s*\)?\s*$"
)
# tournaments: "No Limit", "Limit", "No Limit Level 4 Blinds 40/80"
TOURNAMENT_STAKES = re.compile(
    r"^\s*(?P<limit>Half Pot Limit|Pot Limit|No Limit|Limit)"
    r"(?:\s+Level\s+(?P<level>\d+)\s+Blinds\s+(?P<small>[\d.,]+)\s*/\s*(?P<big>[\d.,]+))?\s*$"
)
TOURNAMENT_WORD = " Tournament"
"""What tournaments write after the game's name (``type="Badugi Tournament"``)."""
# table events with no chips: event type -> Noise kind
NOISE_EVENTS: dict[str, str] = {"DISCONNECTED": "disconnect", "RECONNECTED": "connect", "SIT_OUT": "sit_out",
                                "LEAVE": "leave", "PLAYER_OUT": "finish"}



@dataclass(slots=True)
class Chunk:
    """One ``<game>`` element's raw lines, where it starts, and the description in force."""

    lines: list[str]
    line: int
    offset: int
    description: dict[str, str] | None


@dataclass(slots=True)
class Element:
    tag: str
    attrs: dict[str, str]
    line: int


class Unreadable(Exception):
    """A value inside an otherwise well-formed game that the reader cannot interpret (``expected``: what
    would have been readable there)."""

    def __init__(self, code: str, message: str, line: int, expected: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.code = code
        self.line = line
        self.expected = expected


HIDDEN_CARD = "null"
"""What the client writes for a card it does not show (``cards="null,Ac"``)."""


@dataclass(slots=True)
class GameBuilder:
    """Walks one Badugi game's elements into a ``Hand``; holds only this game's state."""

    elements: list[Element]
    chunk: Chunk
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
        match = (TOURNAMENT_STAKES if in_tournament else STAKES).match(stakes_text)
        if not match:
            raise Unreadable("parse.unexpected", f"unreadable stakes {stakes_text!r}", self.chunk.line)
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
                raise Unreadable("parse.unexpected", f"unexpected element <{element.tag}>", element.line)
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
            start_time=start_time(game.get("starttime")), seats=tuple(seats), events=tuple(self.events),
            claims=Claims(), hero=self.hero, cancelled=self.cancelled, tournament=tournament,
        )

    def _tournament_level(self, limit: Limit, small: int | None, big: int | None) -> tuple[int, int]:
        """A tournament level's (small bet, big bet): ``Level 4 Blinds 40/80`` are blinds; with no amounts
        written, the blinds posted. A limit game's small bet is its big blind, its big bet twice that; pot
        and no limit keep the blinds (``Stakes``)."""
        if big is None:
            # a blind posted all-in may be short of the level's: only full posts say the level
            posted = {e.kind: e.amount for e in self.events if isinstance(e, Post) and not e.all_in
                      and e.kind in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND)}
            if PostKind.BIG_BLIND in posted:
                big = posted[PostKind.BIG_BLIND]
                small = posted.get(PostKind.SMALL_BLIND, big // 2)
            elif PostKind.SMALL_BLIND in posted:
                small = posted[PostKind.SMALL_BLIND]
                big = 2 * small
            else:
                raise Unreadable("parse.unexpected", "a tournament hand states no stakes and posts no big blind "
                                 "in full (none, or all-in): its level's bets are unknown", self.chunk.line)
        if limit is Limit.FIXED:
            return big, 2 * big
        return small if small is not None else big // 2, big

    # ---- values --------------------------------------------------------------------------------

    def _money(self, text: str | None, line: int) -> int:
        if text is None:
            raise Unreadable("parse.unexpected", "missing amount", line)
        cleaned = text.strip().lstrip("$€£").replace(",", "")
        try:
            value = Decimal(cleaned) * self.per_major
        except InvalidOperation:
            raise Unreadable("parse.bad_amount", f"not an amount: {text!r}", line) from None
        if value != value.to_integral_value() or value < 0:
            raise Unreadable("parse.bad_amount", f"amount {text!r} is not a whole number of minor units", line)
        return int(value)

    def _int(self, text: str | None, line: int) -> int:
        try:
            return int(text or "")
        except ValueError:
            raise Unreadable("parse.unexpected", f"not a number: {text!r}", line) from None

    def _player(self, element: Element) -> str:
        """The nickname of the seat an element names. A seat missing from the game's ``<players>`` (real
        files of other games: an unlisted seat posts the big blind and folds, as a player who sat down
        after the list was written) has no nickname and no stack in the file: its chips cannot be given to
        anyone, so the game is a failure saying so, with the seats that are listed."""
        seat = element.attrs.get("player")
        if seat is not None and seat in self.seat_names:
            return self.seat_names[seat]
        what = f"<{element.tag}" + (f' type="{element.attrs["type"]}"' if "type" in element.attrs else "") + ">"
        listed = tuple(f"seat {s}" for s in self.seat_names)
        if seat is None:
            raise Unreadable("parse.unknown_player", f"{what} names no seat (no player attribute)", element.line,
                             listed)
        raise Unreadable("parse.unknown_player",
                         f"{what} names seat {seat}, which is not among this game's <players> "
                         f"({', '.join(listed) or 'none listed'}): the file gives that seat no nickname and no "
                         "stack, so what it did cannot be given to a player", element.line, listed)

    def _cards(self, element: Element) -> tuple[Card, ...] | None:
        """The element's cards; ``None`` when any is hidden (``null``): the record holds a player's cards
        whole or not at all, as for the other rooms' ``[X X X X]``."""
        text = element.attrs.get("cards", "")
        tokens = [t.strip() for t in text.split(",")]
        known = [t for t in tokens if t.lower() != HIDDEN_CARD]
        try:
            cards = parse_cards(known if len(known) < len(tokens) else text)
        except ValueError as exc:
            raise Unreadable("parse.bad_cards", str(exc), element.line) from None
        return None if len(known) < len(tokens) else cards

    def _seat(self, element: Element) -> Seat:
        attrs = element.attrs
        seat = self._int(attrs.get("seat"), element.line)
        name = attrs.get("nickname")
        if not name:
            raise Unreadable("parse.unexpected", "<player> without a nickname", element.line)
        self.seat_names[str(seat)] = name
        return Seat(seat=seat, player=name, stack=self._money(attrs.get("balance"), element.line),
                    sitting_out=attrs.get("dealtin") == "false", line=element.line)

    # ---- elements ------------------------------------------------------------------------------

    def _on_players(self, element: Element) -> None:  # handled in build()
        pass

    def _on_player(self, element: Element) -> None:  # handled in build()
        pass

    def _on_round(self, element: Element) -> None:
        round_id = element.attrs.get("id", "")
        if round_id not in ROUNDS:
            raise Unreadable("parse.unknown_round", f"unknown round {round_id!r}", element.line)
        kind, number = ROUNDS[round_id]
        self.round_kind = kind
        if kind == "bet" and number is not None and number != self.street:
            self.street = number
            self.put_in = {}
        elif kind == "draw" and number is not None:
            self.draw = number
        elif kind == "cancel":
            self.cancelled = True

    def _on_event(self, element: Element) -> None:
        kind = element.attrs.get("type", "")
        method = getattr(self, "_event_" + kind.lower(), None)
        if method is None:
            raise Unreadable("parse.unknown_action", f"unknown event type {kind!r}", element.line)
        method(element)

    def _on_cards(self, element: Element) -> None:
        kind = element.attrs.get("type", "")
        player = self._player(element)
        cards = self._cards(element)
        label = element.attrs.get("hand")
        if kind == "HOLE":
            self.hero = player
            self.events.append(Deal(player, cards, line=element.line, label=label or None))
        elif kind == "DRAW_DRAWN_CARDS":
            self.hero = self.hero or player
            self.events.append(DrawDeal(player, self.draw, hand=cards, line=element.line, label=label or None))
        elif kind == "SHOWN":  # shown with a card hidden: still in the pot, cards unknown (as PHH's ``????``)
            self.events.append(Show(player, cards if cards is not None else (), label=label, line=element.line))
        elif kind == "MUCKED":
            self._attach_muck(player, cards, element.line)
        else:
            raise Unreadable("parse.unexpected", f"unknown cards type {kind!r}", element.line)

    def _on_winner(self, element: Element) -> None:
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

    def _attach_muck(self, player: str, cards: tuple[Card, ...] | None, line: int) -> None:
        """``MUCKED`` cards belong to the same player's earlier ``MUCK`` event when there is one."""
        for index in range(len(self.events) - 1, -1, -1):
            event = self.events[index]
            if isinstance(event, Muck) and event.player == player and event.cards is None:
                self.events[index] = Muck(player, cards, line=event.line)
                return
        self.events.append(Muck(player, cards, line=line))

    # ---- event types ---------------------------------------------------------------------------

    def _post(self, element: Element, kind: PostKind) -> None:
        player = self._player(element)
        amount = self._money(element.attrs.get("amount"), element.line)
        if kind is not PostKind.ANTE:
            self.put_in[player] = self.put_in.get(player, 0) + amount
        self.events.append(Post(player, kind, amount, line=element.line))

    def _event_small_blind(self, element: Element) -> None:
        self._post(element, PostKind.SMALL_BLIND)

    def _event_big_blind(self, element: Element) -> None:
        self._post(element, PostKind.BIG_BLIND)

    def _event_initial_blind(self, element: Element) -> None:
        """A new player's blind (real 5-Draw file: ``INITIAL_BLIND`` after the big blind), live."""
        self._post(element, PostKind.EXTRA)

    def _event_return_blind(self, element: Element) -> None:
        """Both blinds at once (real Omaha H/L file: ``RETURN_BLIND amount="1.50"`` at $0.50/$1): the big
        blind's part is live, the rest dead (``PostKind.BOTH``)."""
        player = self._player(element)
        amount = self._money(element.attrs.get("amount"), element.line)
        big_blind = max((e.amount for e in self.events if isinstance(e, Post) and e.kind is PostKind.BIG_BLIND),
                        default=amount)
        self.put_in[player] = self.put_in.get(player, 0) + min(amount, big_blind)
        self.events.append(Post(player, PostKind.BOTH, amount, line=element.line))

    def _event_ante(self, element: Element) -> None:
        self._post(element, PostKind.ANTE)

    def _event_check(self, element: Element) -> None:
        self.events.append(Check(self._player(element), self.street, line=element.line))

    def _event_fold(self, element: Element) -> None:
        self.events.append(Fold(self._player(element), self.street, line=element.line))

    def _event_call(self, element: Element) -> None:
        player = self._player(element)
        amount = self._money(element.attrs.get("amount"), element.line)
        self.put_in[player] = self.put_in.get(player, 0) + amount
        self.events.append(Call(player, self.street, amount, line=element.line))

    def _event_bet(self, element: Element) -> None:
        player = self._player(element)
        amount = self._money(element.attrs.get("amount"), element.line)
        self.put_in[player] = self.put_in.get(player, 0) + amount
        self.events.append(Bet(player, self.street, amount, line=element.line))

    def _event_raise(self, element: Element) -> None:
        player = self._player(element)
        total = self._money(element.attrs.get("amount"), element.line)
        self.put_in[player] = total
        self.events.append(Raise(player, self.street, None, total, line=element.line))

    def _event_all_in(self, element: Element) -> None:
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

    def _event_draw(self, element: Element) -> None:
        player = self._player(element)
        count = self._int(element.attrs.get("text"), element.line)
        if not 0 <= count <= self.game.hand_size:
            raise Unreadable("parse.unexpected", f"draw of {count} cards", element.line)
        self.events.append(Draw(player, self.draw, count, line=element.line))

    def _event_muck(self, element: Element) -> None:
        self.events.append(Muck(self._player(element), line=element.line))

    def _event_show(self, element: Element) -> None:
        """The cards follow in a ``SHOWN`` element, which becomes the ``Show`` event."""

    def _event_chat(self, element: Element) -> None:
        self.events.append(Noise("chat", element.attrs.get("player"), element.attrs.get("text", ""),
                                 line=element.line))

    def _event_game_cancelled(self, element: Element) -> None:
        self.cancelled = True

    def _table_event(self, element: Element) -> None:
        """A table event with no chips (``NOISE_EVENTS``) -> ``Noise`` (the seat's player, when seated)."""
        kind = element.attrs.get("type", "")
        self.events.append(Noise(NOISE_EVENTS[kind], self.seat_names.get(element.attrs.get("player", "")), kind,
                                 line=element.line))

    _event_disconnected = _event_reconnected = _event_sit_out = _event_leave = _event_player_out = _table_event


_DATED_START = re.compile(r"(\d{4})/(\d{2})/(\d{2}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})")
"""2012's ``starttime="2012/06/05 19:39:26 -0400"``: local time and its offset (real files of June and
August 2012, checked against their events' epoch timestamps)."""


def start_time(text: str | None) -> datetime | None:
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
