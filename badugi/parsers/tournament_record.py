"""The ``TournamentSummary`` record: what a room's tournament summary *claims* (buy-in, entrants, prize
pool, every listed finish and prize, and the result of the player the file was written for).

Conventions (the hand record's, ``engine/record.py``, where they apply):
- Money is an ``int`` in hundredths of its currency's unit: cents for ``USD``/``EUR``/``GBP`` and
  tournament dollars (``T$``); hundredths of a point or chip for ``FPP`` (PokerStars player points), ``SC``
  (StarsCoin), ``FTP`` (Full Tilt Points) and ``PLAY`` (play chips), so no written fraction is ever lost.
  Every amount has its currency beside it; amounts of two currencies are never added.
- Lines are 1-based lines of the *file*; times are UTC (the zone as written is kept beside them).
- Nothing is derived here: a field the summary does not write is ``None``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from badugi.engine.record import Source


@dataclass(frozen=True, slots=True)
class Placing:
    """One result as the summary writes it: a line of its results list, or (``listed=False``) the
    result of the file's owner that only a sentence states (``You finished in 2nd place``).

    ``prize`` is money (hundredths of ``prize_currency``); ``prize_text`` a prize or note that is not
    money, as written (``Sunday Million ticket``, ``$13 MiniFTOPS Ticket``, ``qualified for the target
    tournament``, ``Cashout``); ``ticket_value`` the money value the summary writes for such a ticket
    (``$13 MiniFTOPS Ticket`` -> 1300 USD). ``is_hero``: this is the result of the player the file is for.
    """

    place: int | None  # None: still playing, or the place is not written
    player: str | None  # None: not written (an owner the file names only "You", a name the client had not loaded)
    line: int
    entry: int = 1  # re-entry number (PokerStars writes the second entry as "name [2]")
    prize: int | None = None
    prize_currency: str | None = None
    prize_text: str | None = None
    ticket_value: int | None = None  # in prize_currency
    still_playing: bool = False
    listed: bool = True
    is_hero: bool = False


@dataclass(frozen=True, slots=True)
class TournamentSummary:
    """One tournament summary as the room wrote it.

    ``room`` is the reader's name, as for hands (a 2016 Full Tilt summary in PokerStars' format is read by
    ``pokerstars``, like that client's hands); ``site`` the name the file writes. ``part`` names one part
    of a tournament summarised on its own (a Full Tilt Matrix ``Match 1``). ``buy_in``/``fee``/``bounty``
    are what one entry pays, in ``currency``, as written: PokerStars writes the bounty beside the buy-in
    (``$2.00/$0.50/$0.20``), Full Tilt inside it (``$70 + $5`` with a ``$15`` bounty: ``bounty_in_buy_in``); ``rebuy_cost``/``addon_cost`` what one rebuy / add-on
    pays (its fee included where written). ``status``: ``finished`` (a finish time is written),
    ``running`` (in progress, or players still playing) or ``None`` (not written). ``hero`` is the player
    the file is for, as the file says (``Player : X``, ``X finished in ...``, ``Dear X``, or the name
    listed at the place ``You finished in`` gives); ``hero_rebuys``/``hero_addons``/``hero_knockouts``
    are that player's counts. ``notes`` says what in the file was read but is odd (a client's unfilled
    placeholder, two lines written as one)."""

    room: str
    tournament_id: str
    source: Source
    site: str
    name: str | None = None
    part: str | None = None
    game: str | None = None
    flags: tuple[str, ...] = ()
    currency: str | None = None
    buy_in: int | None = None
    fee: int | None = None
    bounty: int | None = None
    bounty_in_buy_in: bool = False  # the bounty is part of buy_in (Full Tilt), not paid beside it (PokerStars)
    rebuy_cost: int | None = None
    addon_cost: int | None = None
    entrants: int | None = None
    total_rebuys: int | None = None
    total_addons: int | None = None
    prize_pool: int | None = None
    prize_pool_currency: str | None = None
    prize_pool_text: str | None = None  # a prize pool that is not money ("Sunday Million ticket")
    added: int | None = None  # added to the prize pool by the room, in prize_pool_currency
    target: str | None = None  # what a satellite qualifies for, as written
    start_time: datetime | None = None  # UTC
    end_time: datetime | None = None  # UTC
    time_zone: str | None = None  # as written, e.g. "CET"
    status: str | None = None
    hero: str | None = None
    hero_rebuys: int | None = None
    hero_addons: int | None = None
    hero_knockouts: int | None = None
    placings: tuple[Placing, ...] = ()
    notes: tuple[str, ...] = ()
    line_count: int = 0

    @property
    def hero_results(self) -> tuple[Placing, ...]:
        """The results of the player the file is for (several for a multi-entry tournament)."""
        return tuple(p for p in self.placings if p.is_hero)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (times as ISO text)."""
        return _jsonable(self)


def _jsonable(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, datetime):
        return value.isoformat()
    return value
