"""What every room writer shares: ``HandWriter`` (the event-to-lines table, sections, the deal, whole
files), the error for what a room cannot say, money text, and the facts a summary needs (who folded
when, who showed, who collected what), derived once from the events."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import ClassVar
from zoneinfo import ZoneInfo

from badugi.engine.cards import Card, format_cards
from badugi.engine.games import get_game
from badugi.engine.record import (
    Bet, Call, CapNotice, Check, Collect, Deal, Draw, DrawDeal, Event, Fold, Hand, Limit, Muck, Noise, Post, Raise,
    Show, Uncalled,
)
from badugi.errors import BadugiError

CRLF = "\r\n"
BOM = "\ufeff"
HAND_SEPARATOR = CRLF * 3
"""What the clients write after every hand of a file: three empty lines."""
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}
DRAW_NAMES = {1: "FIRST", 2: "SECOND", 3: "THIRD"}


class UnsupportedByRoom(BadugiError):
    """The hand holds something the room's text format cannot express (STYLE S5: never write
    something close instead)."""


def money(amount: int, minor_per_major: int, symbol: str = "$", thousands: bool = False) -> str:
    """Room money text: ``$0.10``, ``$5`` (whole units lose their decimals), chips ``1140``."""
    sep = "," if thousands else ""
    if minor_per_major == 1:
        return f"{amount:{sep}d}"
    major, minor = divmod(abs(amount), minor_per_major)
    sign = "-" if amount < 0 else ""
    text = f"{major:{sep}d}" if minor == 0 else f"{major:{sep}d}.{minor:02d}"
    return f"{sign}{symbol}{text}"


def cards_text(cards: Iterable[int]) -> str:
    return "[" + format_cards(tuple(cards)) + "]"


@dataclass
class SummaryFacts:
    """Per-player facts the summary lines are made of, derived from the hand's events."""

    put_money_in: set[str] = field(default_factory=set)
    folded_street: dict[str, int] = field(default_factory=dict)
    shown: dict[str, Show] = field(default_factory=dict)
    mucked: dict[str, Muck] = field(default_factory=dict)
    won: dict[str, int] = field(default_factory=dict)
    showdown: bool = False
    blinds: dict[str, str] = field(default_factory=dict)  # player -> "small blind" / "big blind"


def summary_facts(hand: Hand) -> SummaryFacts:
    """Walk the events once. The first small and first big blind posted are the blinds (a new
    player's extra big blind is not); ``showdown`` means somebody showed cards."""
    facts = SummaryFacts()
    for event in hand.events:
        kind = type(event)
        if kind is Post:
            facts.put_money_in.add(event.player)
            tag = {"sb": "small blind", "bb": "big blind"}.get(event.kind.value)
            if tag and tag not in facts.blinds.values():
                facts.blinds.setdefault(event.player, tag)
        elif kind in (Call, Bet, Raise):
            facts.put_money_in.add(event.player)
        elif kind is Fold:
            facts.folded_street[event.player] = event.street
        elif kind is Show:
            facts.shown[event.player] = event
            facts.showdown = True
        elif kind is Muck:
            facts.mucked[event.player] = event
        elif kind is Collect:
            facts.won[event.player] = facts.won.get(event.player, 0) + event.amount
    return facts


def position_tags(hand: Hand, facts: SummaryFacts, player: str) -> str:
    """`` (button)``, `` (small blind)``, `` (button) (small blind)`` heads-up, or nothing."""
    tags = []
    seat = hand.seat_of(player)
    if seat is not None and seat.seat == hand.button:
        tags.append("button")
    if player in facts.blinds:
        tags.append(facts.blinds[player])
    return "".join(f" ({tag})" for tag in tags)


def pot_totals(hand: Hand, facts: SummaryFacts) -> tuple[int, int]:
    """(total pot, rake) as claimed; without claims, what was collected plus a zero rake."""
    rake = hand.claims.rake or 0
    total = hand.claims.total_pot
    if total is None:
        total = sum(facts.won.values()) + rake
    return total, rake


ZONES = {"ET": "America/New_York", "CET": "Europe/Paris", "CEST": "Europe/Paris", "WET": "Europe/Lisbon",
         "EET": "Europe/Helsinki", "PT": "America/Los_Angeles", "CT": "America/Chicago", "CCT": "Asia/Shanghai",
         "UTC": "UTC", "GMT": "UTC"}
"""Every zone word the readers know (``rooms.pokerstars.ZONES``, ``rooms.fulltilt.ZONES``), so a hand read
from a file can be written back with its own zone."""


def local_time(utc: datetime, zone: str) -> datetime:
    """A UTC start time as a room's clock showed it in ``zone`` (``ET``, ``CET``, ...)."""
    name = ZONES.get(zone)
    if name is None:
        raise UnsupportedByRoom(f"unknown time zone {zone!r}")
    if utc.tzinfo is None:
        utc = utc.replace(tzinfo=timezone.utc)
    return utc.astimezone(ZoneInfo(name))


def hand_label(cards: tuple[Card, ...], style: str, game: str = "badugi") -> str:
    """The room's hand description of shown cards in ``game``, from its evaluator (a Badugi label, or the
    low hand's words: PokerStars ``Lo: 8,7,6,5,2``, Full Tilt ``8,7,6,5,2``). A split game has two hands:
    no room that writes labels deals one."""
    if game == "badugi":
        from badugi.engine.evaluator import evaluate, label

        return label(evaluate(cards), style=style)
    found = get_game(game)
    if found.is_split:
        raise UnsupportedByRoom(f"no room writes one label for a {found.title} hand")
    return found.halves[0].label(found.halves[0].class_of(cards), style)


def with_label(label: str, game: str) -> str:
    """``with a Badugi: ...`` but ``with Lo: 8,7,6,5,2`` / ``with a pair of Fives``: the clients put an
    article before a Badugi label only (a lowball label that needs one has it: ``a pair of Sevens``)."""
    return f"a {label}" if game == "badugi" else label


def folded_text(facts: SummaryFacts, player: str, draws: int = 3, before_draw: str = "before the Draw") -> str | None:
    """A summary seat's fold as the PokerStars and Full Tilt clients write it: ``folded before the Draw``,
    ``folded after the 2nd Draw (didn't bet)``, in a game of one draw ``folded after the Draw``
    (``before_draw``: PokerStars' single draw says ``before Flop``); None for a player who did not fold."""
    street = facts.folded_street.get(player)
    if street is None:
        return None
    if street == 0:
        when = before_draw
    else:
        when = "after the Draw" if draws == 1 else f"after the {ORDINALS[street]} Draw"
    return f"folded {when}" + ("" if player in facts.put_money_in else " (didn't bet)")


def game_words(games: dict[str, tuple[str, Limit]], hand: Hand, room: str) -> str:
    """The header's words for the hand's game and limit, from the room reader's own table (``GAMES``) so
    that what is written is what is read; the first entry wins where the room had several words."""
    for words, (game, limit) in games.items():
        if (game, limit) == (hand.game, hand.limit):
            return words
    raise UnsupportedByRoom(f"{room} dealt no {hand.limit.value} {get_game(hand.game).title} (no header words)")


class HandWriter:
    """Writes one hand in a room's text: what the room writers share (STYLE S4). An event's lines come from
    the ``LINES`` table keyed by event type, like sqlglot's ``TRANSFORMS``: the name of the method that
    writes them, looked up on the room's writer. A room writes each event its own way in its methods, and
    changes the table only where it maps an event otherwise; an event the table lacks is
    ``UnsupportedByRoom``. ``lines()`` is the whole hand."""

    ROOM: ClassVar[str] = ""
    """The room's name in messages (``PokerStars``)."""

    DEALING: ClassVar[str] = "*** DEALING HANDS ***"
    """The header line of the deal."""

    LINES: ClassVar[dict[type[Event], str]] = {
        Post: "post",
        Deal: "deal",
        Fold: "fold",
        Check: "check",
        Call: "call",
        Bet: "bet",
        Raise: "raise_",
        CapNotice: "cap",
        Draw: "draw",
        DrawDeal: "draw_deal",
        Show: "show",
        Muck: "muck",
        Uncalled: "uncalled",
        Collect: "collect",
        Noise: "noise",
    }

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.facts: SummaryFacts = summary_facts(hand)
        self.section = -1  # the last section written: -1 before the deal, 0 dealing, 1..3 draws, 4 showdown
        self.draws = get_game(hand.game).draws  # a game of one draw has no 2nd and 3rd draw sections

    def lines(self) -> list[str]:
        """The hand's lines, without line ends."""
        raise NotImplementedError

    def text(self) -> str:
        """The hand's text: CRLF line ends, no separator after it."""
        return CRLF.join(self.lines()) + CRLF

    def event_lines(self, event: Event) -> list[str]:
        """The lines one event writes (none for an event the client does not print)."""
        method = self.LINES.get(type(event))
        if method is None:
            raise UnsupportedByRoom(f"{self.ROOM} cannot write a {type(event).__name__} event")
        return getattr(self, method)(event)

    def section_line(self, section: int) -> str | None:
        """The header line of a section (0 dealing, 1..3 draws, 4 showdown); ``None``: the room writes none
        (a draw the game does not have)."""
        if section == 0:
            return self.DEALING
        if section > self.draws and section <= 3:
            return None
        if section <= 3:
            return f"*** {DRAW_NAMES[section]} DRAW ***"
        return "*** SHOW DOWN ***"

    def enter(self, section: int) -> list[str]:
        """Section headers written once, when the first event of a later section arrives."""
        out = []
        while self.section < section:
            self.section += 1
            line = self.section_line(self.section)
            if line is not None:
                out.append(line)
        return out

    def deal(self, event: Deal) -> list[str]:
        """The deal opens the first section; only the hero's cards are named."""
        out = self.enter(0)
        if event.player == self.hand.hero and event.cards is not None:
            out.append(f"Dealt to {event.player} {cards_text(event.cards)}")
        return out


def write_hands(hands: Iterable[Hand], writer: type[HandWriter], encoding: str) -> bytes:
    """A whole file as the clients save it: a BOM before the first hand only, three empty lines after each."""
    parts = [BOM]
    for hand in hands:
        parts.append(writer(hand).text())
        parts.append(HAND_SEPARATOR)
    return "".join(parts).encode(encoding)
