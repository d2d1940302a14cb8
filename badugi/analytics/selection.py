"""Which hand-player rows a stat, leak or report looks at: filters, grouping and the hero.

Everything here turns a :class:`Selection` into SQL over the store (``hand_players`` joined with
``hands``). The SQL text only ever contains column names and fixed expressions chosen here; user
values (names, dates, rooms, stakes) are always passed as bound parameters.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from badugi.errors import BadInput

HERO_ENV = "BADUGI_HERO"
"""Comma-separated screen names of the hero (one person under several names or rooms)."""

HERO_LABEL = "hero"
REST_LABEL = "rest"

STAKES_SQL = (
    "CASE WHEN h.tournament_id IS NOT NULL THEN 'tournament' "
    "WHEN h.currency IN ('CHIPS', 'PLAY') THEN format('{}/{} {}', h.small_bet, h.big_bet, h.currency) "
    "ELSE format('{:.2f}/{:.2f} {}', h.small_bet / 100, h.big_bet / 100, h.currency) END"
)
"""A hand's stakes as text: ``0.25/0.50 USD`` (cash, the fixed-limit bet units), ``10/20 PLAY``, or
``tournament`` (levels change every few hands, so tournament hands form one group)."""

GROUPS: dict[str, str] = {
    "position": "p.position",
    "stakes": STAKES_SQL,
    "room": "h.room",
    "month": "strftime(h.start_time, '%Y-%m')",
    "table-size": "coalesce(h.max_seats, h.players)",
    "game": "h.game",
}
"""``--by`` keys and the SQL that gives each hand-player row its group. Table size is the table's seat
count as the header states it (``8-max``), else the number of players dealt in."""

BIG_BLIND_SQL = ("nullif(coalesce(nullif(h.big_blind, 0), CASE WHEN h.limit_type = 'fl' THEN h.small_bet "
                 "ELSE h.big_bet END), 0)")
"""One hand's big blind in minor units: the posted big blind the header states, else the small bet
(fixed limit: big blind = small bet), else the big-bet field (pot/no limit store the big blind there);
NULL when none is known, so such a hand adds nothing to bb/100 instead of dividing by zero."""


def env_hero_names() -> tuple[str, ...]:
    """The hero's screen names from ``$BADUGI_HERO`` (comma-separated)."""
    raw = os.environ.get(HERO_ENV, "")
    return tuple(name.strip() for name in raw.split(",") if name.strip())


@dataclass(frozen=True)
class Selection:
    """Filters and grouping for stats, leaks and reports.

    ``players``: only these screen names (each its own row). ``hero``: only the hero, the screen names
    in ``hero_names`` (every room), pooled into one row labelled ``hero``; without names, every row the
    room dealt face-up cards to (``is_hero``: whoever recorded each file, which may be several people;
    ``badugi.analytics.heroes`` picks one person). ``rest``: everyone but the hero, pooled into one row
    labelled ``rest`` (to compare the hero with the rest of the database). ``since``/``until`` are inclusive dates (UTC
    start time). ``stakes`` matches the stakes text
    (``0.25/0.50 USD``) or its numbers alone (``0.25/0.50``). ``min_hands`` drops rows with fewer hands.
    """

    players: tuple[str, ...] = ()
    hero: bool = False
    rest: bool = False
    hero_names: tuple[str, ...] = field(default_factory=tuple)
    by: str | None = None
    since: date | None = None
    until: date | None = None
    room: str | None = None
    stakes: str | None = None
    min_hands: int = 0
    game: str | None = None  # a name of badugi.engine.games (``badugi``, ``27_triple_draw``, ...): only its hands

    def __post_init__(self) -> None:
        if self.game is not None:
            from badugi.engine.games import get_game  # (raises UnknownGame, a BadInput, with the closest name)

            object.__setattr__(self, "game", get_game(self.game).name)
        if self.by is not None and self.by not in GROUPS:
            raise BadInput(f"unknown grouping {self.by!r} (expected one of {', '.join(GROUPS)})")
        if self.since and self.until and self.since > self.until:
            raise BadInput(f"--since {self.since} is after --until {self.until}")
        if self.hero and self.rest:
            raise BadInput("choose the hero or the rest of the database, not both")
        if self.min_hands < 0:
            raise BadInput("--min-hands must be 0 or more")

    def where(self) -> tuple[str, list[Any]]:
        """The WHERE clause over ``hand_players p JOIN hands h`` and its parameters."""
        clauses = ["p.replayed"]
        params: list[Any] = []
        if self.hero or self.rest:
            if self.hero_names:
                hero = f"p.player IN ({', '.join('?' for _ in self.hero_names)})"
                params += list(self.hero_names)
            else:
                hero = "p.is_hero"
            clauses.append(hero if self.hero else f"NOT ({hero})")
        elif self.players:
            clauses.append(f"p.player IN ({', '.join('?' for _ in self.players)})")
            params += list(self.players)
        if self.since:
            clauses.append("h.start_time >= ?")
            params.append(datetime.combine(self.since, datetime.min.time()))
        if self.until:
            clauses.append("h.start_time < ? + INTERVAL 1 DAY")
            params.append(datetime.combine(self.until, datetime.min.time()))
        if self.room:
            clauses.append("lower(h.room) = lower(?)")
            params.append(self.room)
        if self.game:
            clauses.append("h.game = ?")
            params.append(self.game)
        if self.stakes:
            clauses.append(f"(({STAKES_SQL}) = ? OR split_part(({STAKES_SQL}), ' ', 1) = ?)")
            params += [self.stakes.strip(), self.stakes.strip()]
        return " AND ".join(clauses), params

    def filters_only(self) -> "Selection":
        """The same days, room, stakes and game for every player (no player, hero or grouping)."""
        return Selection(since=self.since, until=self.until, room=self.room, stakes=self.stakes, game=self.game)

    def player_key(self) -> str:
        """The SQL that names a row's player: the screen name, or ``'hero'`` when pooling the hero."""
        if self.hero:
            return f"'{HERO_LABEL}'"
        return f"'{REST_LABEL}'" if self.rest else "p.player"

    def group_key(self) -> str | None:
        return GROUPS[self.by] if self.by else None
