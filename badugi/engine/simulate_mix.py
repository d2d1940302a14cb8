"""Many simulated tables at once, as a room's whole traffic looks: the realistic corpus of the benchmarks.

One ``Simulator`` deals one table of the same few players for ever, so its hands repeat the same lines
and blocks of lines word for word far more often than real histories do (the readers remember lines
and blocks by text, and would look faster on it than on real files). ``MixedTables`` deals the hands of
many tables in turn, each drawn afresh when it closes: cash and tournament tables (``tournament_share``),
2- to 9-max (``sizes``), at mixed stakes and limits, seated from a large pool of screen names, with
players leaving and joining cash tables (``SimConfig.turnover``), a mix of playing styles and some
table noise. Everything random comes from the seed: the same configuration and seed give the same hands.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone

from .policies import make_policy
from .record import Limit
from .simulate import Simulator
from .simulate_model import SimConfig, SimulatedHand

SYLLABLES = ("ka", "ro", "mi", "tan", "lo", "vek", "su", "dra", "win", "pa", "zo", "bel", "fi", "nor", "qui", "sam",
             "tri", "gu", "ash", "el", "mar", "by", "jo", "pe", "lux", "ond", "ria", "cy", "dex", "ho")
"""Pieces of invented screen names (never real players')."""

CASH_STAKES: tuple[tuple[Limit, int, int, int], ...] = (
    (Limit.FIXED, 2, 4, 6), (Limit.FIXED, 5, 10, 10), (Limit.FIXED, 10, 20, 14), (Limit.FIXED, 25, 50, 12),
    (Limit.FIXED, 50, 100, 9), (Limit.FIXED, 100, 200, 7), (Limit.FIXED, 200, 400, 4), (Limit.FIXED, 500, 1000, 2),
    (Limit.POT, 5, 10, 4), (Limit.POT, 25, 50, 3), (Limit.NO_LIMIT, 10, 25, 2), (Limit.NO_LIMIT, 50, 100, 1),
)
"""Cash games: (limit, small, big, weight). Fixed limit: the small and big bet; pot and no limit: the blinds.
Fixed-limit Badugi was most of what PokerStars dealt."""

POLICY_SPECS = ("sound", "sound", "sound", "open:18", "open:30", "rock", "rock:12", "station", "station:0.6",
                "snow", "maniac")
"""Playing styles drawn for each seat (``policies.make_policy``)."""


def name_pool(size: int, seed: int) -> tuple[str, ...]:
    """``size`` distinct invented screen names: syllables, sometimes digits, an underscore, a dot or a
    space, as real names are written."""
    rng = random.Random(seed)
    names: dict[str, None] = {}
    while len(names) < size:
        name = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3)))
        style = rng.random()
        if style < 0.35:
            name += str(rng.randint(1, 9999))
        elif style < 0.45:
            name = name.capitalize() + "_" + rng.choice(SYLLABLES)
        elif style < 0.5:
            name = name[:3] + "." + name[3:]
        elif style < 0.53:
            name = name.capitalize() + " " + rng.choice(SYLLABLES).capitalize()
        elif style < 0.7:
            name = name.upper() if rng.random() < 0.2 else name.capitalize()
        names.setdefault(name)
    return tuple(names)


@dataclass(frozen=True)
class MixConfig:
    """The traffic's settings."""

    room: str = "pokerstars"
    names: int = 20_000
    """Screen names in the pool the tables seat players from."""
    heroes: int = 50
    """Histories in the corpus: each table is seen by one of this many players (a ``Dealt to`` line)."""
    tables: int = 24
    """Tables dealing at once; each hand comes from one of them, drawn at random."""
    cash_session: tuple[int, int] = (20, 400)
    """Hands a cash table deals before it closes (a tournament table closes when its tournament ends)."""
    tournament_share: float = 0.35
    sizes: tuple[int, ...] = (2, 2, 3, 4, 5, 6, 6, 6, 6, 7, 8, 8, 8, 9, 9)
    """Table sizes (``N-max``) drawn for a new table; cash tables seat from two players to full."""
    turnover: float = 0.03
    noise_rate: float = 0.08
    hands_per_level: tuple[int, int] = (8, 20)
    start_time: datetime = datetime(2010, 9, 1, 12, 0, tzinfo=timezone.utc)
    cash_stakes: tuple[tuple[Limit, int, int, int], ...] = field(default=CASH_STAKES)


@dataclass
class _OpenTable:
    simulator: Simulator
    hands_left: int  # cash: hands until it closes; tournament: -1 (until its tournament or its hero is out)


class MixedTables:
    """Deals ``MixConfig`` traffic: ``MixedTables(config, seed).hands(n)`` yields ``SimulatedHand``."""

    def __init__(self, config: MixConfig, seed: int) -> None:
        self.config = config
        self.rng = random.Random(seed)
        self.names = name_pool(config.names, seed)
        self.heroes = self.names[:config.heroes]
        self.opened = 0
        self.open: list[_OpenTable] = [self._new_table() for _ in range(config.tables)]

    def _new_table(self) -> _OpenTable:
        cfg, rng = self.config, self.rng
        self.opened += 1
        size = rng.choice(cfg.sizes)
        tournament = rng.random() < cfg.tournament_share
        players = size if tournament else rng.randint(min(size, max(2, size - 3)), size)
        if tournament:
            limit, small, big = Limit.FIXED, 0, 0
        else:
            limit, small, big, _ = rng.choices(cfg.cash_stakes, weights=[s[3] for s in cfg.cash_stakes])[0]
        seat_styles = tuple(make_policy(rng.choice(POLICY_SPECS)) for _ in range(players))
        hero = rng.choice(self.heroes)
        table = SimConfig(
            room=cfg.room, players=players, limit=limit, small_bet=small or 25, big_bet=big or 50,
            tournament=tournament, policies=seat_styles, hero_seat=rng.randint(1, players), hero_name=hero,
            names=self.names, max_seats=size,
            turnover=0.0 if tournament else cfg.turnover, noise_rate=cfg.noise_rate,
            hands_per_level=rng.randint(*cfg.hands_per_level), tournament_stack=rng.choice((1500, 2000, 3000)),
            start_time=cfg.start_time + timedelta(minutes=7 * self.opened),
            first_hand_id=50_000_000_000 + self.opened * 1_000_000,
            first_tournament_id=400_000_000 + self.opened * 100_000,
        )
        # (a seed that is a multiple of 1000: the simulator's hand ids then start at first_hand_id)
        simulator = Simulator(table, rng.randrange(1, 1 << 30) * 1000)
        return _OpenTable(simulator, -1 if tournament else rng.randint(*cfg.cash_session))

    def hands(self, count: int) -> Iterator[SimulatedHand]:
        for _ in range(count):
            yield self.play_hand()

    def play_hand(self) -> SimulatedHand:
        k = self.rng.randrange(len(self.open))
        table = self.open[k]
        simulator = table.simulator
        tournament_before = simulator.tournament_no
        hand = simulator.play_hand()
        if table.hands_left > 0:
            table.hands_left -= 1
        hero = simulator.config.hero_name
        if (table.hands_left == 0 or simulator.tournament_no != tournament_before
                or all(p.name != hero for p in simulator.players)):  # (the hero's history ends with a bust)
            self.open[k] = self._new_table()
        return hand


def mixed_config(room: str = "pokerstars", **changes: object) -> MixConfig:
    """The benchmarks' realistic traffic for ``room`` (``MixConfig`` with ``changes``)."""
    return replace(MixConfig(room=room), **changes)  # type: ignore[arg-type]
