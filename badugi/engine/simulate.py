"""A seeded dealer that plays complete draw-game hands (``SimConfig.game``: Badugi by default, or any game
of ``games.GAMES``) through the rules engine (``table.Table``).

Every betting and draw move goes through ``Table.legal()`` / ``Table.act()`` / ``Table.draw()``, so a
simulated hand is legal because the engine says so, not because this module re-implements the rules.
This module owns only what the table leaves to the dealer: the deck (shuffle, stub, reshuffle of the
discards when the stub runs out, per ``Rules.reshuffle_excludes_own_discards``), showdown order and
who shows or mucks, splitting each pot (odd chips clockwise from the button), the rake, stacks between
hands (busting, rebuys, tournament eliminations and levels) and the record.

The record is *full information*: every player's ``Deal``, ``Draw.discards`` and ``DrawDeal.kept/new``
carry the true cards, and showdown ``Muck`` events carry the mucked cards. Room writers drop what the
room hides (opponents' cards and discards); ``room_view`` does the same for writers that do not.
The event order is the chosen room's order (PokerStars: ``collected`` then ``doesn't show hand``; Full
Tilt: ``mucks`` then ``wins``). ``Truth`` keeps what no log shows (final holdings, nets, reshuffles).

Everything random comes from one ``random.Random(seed)``: the same configuration and seed give the
same hands.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from datetime import timedelta

from badugi.errors import BadInput

from .games import get_game
from .policies import Policy, Sound
from .record import Deal, Draw, DrawDeal, Event, Hand, Limit, Muck, Noise
from .rules import ROOM_RULES, Rules
from .simulate_hand import HandPlay, position_names
from .simulate_model import (
    NAMES, ROMAN, ROOMS, TABLE_NAMES, TOURNAMENT_LEVELS, SimConfig, SimulatedHand, TablePlayer, Truth,
)

MAX_PLAYERS = {4: 10, 5: 8}
"""Most players per table by hand size: ten four-card Badugi hands leave a stub of 12; five-card hands,
eight (a stub of 12 as well, so the first drawer can always draw five before any reshuffle)."""


class Simulator:
    """Plays hand after hand at one table. ``simulator.hands(n)`` yields :class:`SimulatedHand`."""

    def __init__(self, config: SimConfig, seed: int) -> None:
        if config.room not in ROOMS:
            raise ValueError(f"unknown room {config.room!r}")
        game = get_game(config.game)
        seats = MAX_PLAYERS.get(game.hand_size, 10)
        if not 2 <= config.players <= seats:
            raise BadInput(f"a {game.title} table seats 2 to {seats} players")
        if config.max_seats is not None and not config.players <= config.max_seats <= seats:
            raise BadInput(f"a table's size is at least its players and at most {seats}")
        self.config = config
        self.game = game
        self.rng = random.Random(seed)
        self.rules: Rules = ROOM_RULES.get(config.room, Rules())
        if config.limit is not Limit.FIXED:
            self.rules = dataclasses.replace(self.rules, cap_bets=None)
        if game is not self.rules.game:
            self.rules = dataclasses.replace(self.rules, game=game)
        self.hand_id = config.first_hand_id + seed % 1000 * 1_000_000
        self.clock = config.start_time + timedelta(minutes=seed % 997)
        self.table_name = f"{self.rng.choice(TABLE_NAMES)} {ROMAN[self.rng.randrange(len(ROMAN))]}"
        self.tournament_no = 0
        self.hands_in_tournament = 0
        self.players: list[TablePlayer] = []
        self.button = 1
        self._seat_players()

    # ---- table management -------------------------------------------------------------------------

    def _policy(self, k: int) -> Policy:
        policies = self.config.policies or (Sound(),)
        return policies[k % len(policies)]

    def _buy_in(self) -> int:
        cfg = self.config
        unit = cfg.big_bet if cfg.limit is Limit.FIXED else cfg.big_blind
        if cfg.tournament:
            return cfg.tournament_stack
        if self.rng.random() < cfg.short_stack_share:
            return unit * self.rng.randint(2, 8) + self.rng.randrange(unit)
        low, high = cfg.stack_range
        return unit * self.rng.randint(low, high) + self.rng.choice((0, unit // 2, unit * 3 // 10))

    def _seat_players(self) -> None:
        cfg = self.config
        if len(cfg.names) > len(NAMES):  # a large pool: sampled (shuffling it whole costs ~10 ms a table)
            names = [n for n in self.rng.sample(cfg.names, cfg.players + 1) if n != cfg.hero_name][:cfg.players]
        else:
            names = list(cfg.names)
            self.rng.shuffle(names)
        self.max_seats = cfg.max_seats or next(size for size in (2, 6, 8, 10) if size >= cfg.players)
        seats = sorted(self.rng.sample(range(1, self.max_seats + 1), cfg.players))
        hero_at = min(max(cfg.hero_seat, 1), cfg.players) - 1
        self.players = []
        for k, seat in enumerate(seats):
            name = cfg.hero_name if k == hero_at else names[k % len(names)] + ("" if k < len(names) else str(k))
            self.players.append(TablePlayer(name, seat, self._buy_in(), self._policy(k)))
        self.button = self.players[self.rng.randrange(len(self.players))].seat
        if cfg.tournament:
            self.tournament_no += 1
            self.hands_in_tournament = 0
            self.tournament_id = str(cfg.first_tournament_id + self.tournament_no * 7919 + self.rng.randrange(1000))

    def _level(self) -> tuple[int, int, int]:
        """Tournament level number (0-based), small bet and big bet."""
        level = min(self.hands_in_tournament // self.config.hands_per_level, len(TOURNAMENT_LEVELS) - 1)
        small, big = TOURNAMENT_LEVELS[level]
        return level, small, big

    def _move_button(self) -> None:
        seats = [p.seat for p in self.players]
        later = [s for s in seats if s > self.button]
        self.button = later[0] if later else seats[0]

    # ---- the hand ---------------------------------------------------------------------------------

    def hands(self, count: int) -> Iterator[SimulatedHand]:
        for _ in range(count):
            yield self.play_hand()

    def play_hand(self) -> SimulatedHand:
        cfg = self.config
        self._move_button()
        self.hand_id += self.rng.randint(1, 4)  # dense ids: one table of 200,000 hands stays inside its million
        self.clock += timedelta(seconds=self.rng.randint(15, 140))
        if cfg.tournament:
            level, small_bet, big_bet = self._level()
            small_blind, big_blind = small_bet // 2, small_bet
        else:
            level, small_bet, big_bet = 0, cfg.small_bet, cfg.big_bet
            small_blind, big_blind = cfg.small_blind, cfg.big_blind
        play = HandPlay(self, small_bet, big_bet, small_blind, big_blind, level)
        result = play.run()
        self._after_hand(result)
        if cfg.turnover > 0 and not cfg.tournament:
            moves = self._turnover()
            if moves:
                hand = dataclasses.replace(result.hand, events=result.hand.events + moves)
                result = SimulatedHand(hand, result.truth)
        return result

    def _turnover(self) -> tuple[Noise, ...]:
        """Players leaving after a cash hand, and newcomers from the name pool taking free seats."""
        cfg = self.config
        leaving = [p for p in self.players if p.name != cfg.hero_name and self.rng.random() < cfg.turnover]
        if not leaving:
            return ()
        moves = [Noise("leave", p.name, f"{p.name} leaves the table") for p in leaving]
        staying = [p for p in self.players if p not in leaving]
        taken = {p.name for p in self.players}
        free = sorted(set(range(1, self.max_seats + 1)) - {p.seat for p in staying})
        for k in range(len(leaving)):
            name = self.rng.choice(cfg.names)
            if name in taken:
                continue  # (one seat stays empty this time)
            taken.add(name)
            seat = free.pop(self.rng.randrange(len(free)))
            staying.append(TablePlayer(name, seat, self._buy_in(), self._policy(self.rng.randrange(cfg.players))))
            moves.append(Noise("join", name, f"{name} joins the table at seat #{seat}"))
        if len(staying) < 2:  # never a table of one: the leavers stay after all
            return ()
        staying.sort(key=lambda p: p.seat)
        self.players = staying
        if self.button not in {p.seat for p in staying}:
            earlier = [p.seat for p in staying if p.seat < self.button]
            self.button = earlier[-1] if earlier else staying[-1].seat
        return tuple(moves)

    def _after_hand(self, result: SimulatedHand) -> None:
        by_name = {p.name: p for p in self.players}
        for name, net in result.truth.net.items():
            by_name[name].stack += net
        cfg = self.config
        if cfg.tournament:
            self.hands_in_tournament += 1
            self.players = [p for p in self.players if p.stack > 0]
            if len(self.players) < 2:
                self._seat_players()
            return
        unit = cfg.big_bet if cfg.limit is Limit.FIXED else cfg.big_blind
        for player in self.players:
            if player.stack < unit:  # busted or nearly: rebuy to a fresh stack
                player.stack = self._buy_in()
                player.buy_ins += 1


def room_view(hand: Hand) -> Hand:
    """The hand as the hero saw it: other players' hole cards, discards and draws removed unless
    they showed (for writers of formats that would otherwise print every card)."""
    hero = hand.hero
    out: list[Event] = []
    for event in hand.events:
        kind = type(event)
        if event_player(event) == hero:
            out.append(event)
        elif kind is Deal:
            out.append(dataclasses.replace(event, cards=None))
        elif kind is Draw:
            out.append(dataclasses.replace(event, discards=None, held=None))
        elif kind is DrawDeal:
            out.append(dataclasses.replace(event, kept=None, new=None, hand=None))
        elif kind is Muck:
            out.append(dataclasses.replace(event, cards=None))
        else:
            out.append(event)
    return dataclasses.replace(hand, events=tuple(out))


def event_player(event: Event) -> str | None:
    return getattr(event, "player", None)



__all__ = ["SimConfig", "Simulator", "SimulatedHand", "Truth", "room_view", "position_names"]
