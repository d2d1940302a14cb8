"""Player policies for the simulator: how a seat bets and draws, with documented target frequencies.

A policy sees a :class:`Situation` (its own cards, position, the betting so far) and answers with a
:class:`Decision` (fold / check-or-call / bet-or-raise, plus a size for big-bet games) and, at each
draw, the cards it throws. Policies never see other players' cards and never touch the table: the
simulator maps a decision onto the rules engine's legal actions, so every simulated hand is legal by
construction of the engine, not of the policy.

Hand strength before the draw is the *percentile* of the hand's evaluator class among all 270,725
four-card deals (class 1 = best; see :func:`strength_percentile`); in the five-card games, among all
2,598,960 five-card deals of the game's low ranking (``policy_reading``, which also says what counts toward
a made hand in each game: the thresholds below are positions in the game's order of ranks). "Open the
top X %" therefore means exactly X % of deals, which is what makes the documented targets checkable: a policy's ``targets`` say
which frequencies its stats should converge to on simulated data (``rfi`` = raise first in when the
pot is unopened; ``vpip_first_in`` = put money in voluntarily when unopened; ``pat_rate`` = share of
draws that stand pat).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol

from .cards import Card
from .games import BADUGI_GAME, Game
from .policy_reading import (
    LowReading, Reading, class_cumulative, in_top, keep_counted, reading_of, strength_percentile,
)


POSITIONS = ("UTG", "UTG1", "UTG2", "UTG3", "LJ", "HJ", "CO", "BTN", "SB", "BB")
"""Every position name the simulator gives (10-handed: UTG..UTG3, LJ, HJ, CO, BTN, SB, BB)."""


class Move(Enum):
    FOLD = "fold"
    CHECK_CALL = "check_call"
    BET_RAISE = "bet_raise"


@dataclass(frozen=True, slots=True)
class Decision:
    """What a policy wants. ``size`` (0..1+) is the fraction of the pot for pot/no-limit bets; the
    simulator clamps it into the legal range (fixed limit ignores it)."""

    move: Move
    size: float = 1.0


FOLD = Decision(Move.FOLD)
CHECK_CALL = Decision(Move.CHECK_CALL)
BET_RAISE = Decision(Move.BET_RAISE)


@dataclass(frozen=True, slots=True)
class Situation:
    """What one player knows when it is their turn to bet."""

    cards: tuple[Card, ...]
    position: str  # "BTN", "SB", "BB", "CO", "HJ", "LJ", "UTG", "UTG1", ...
    street: int  # 0 = pre-draw, 1..3 after draw N
    to_call: int  # chips owed to stay in
    pot: int  # everything in the middle, current round included
    raises: int  # bets + raises made in this round (the big blind counts as the pre-draw bet)
    can_raise: bool
    unopened: bool  # pre-draw: nobody has called or raised beyond the blinds
    players_in_hand: int
    opponents_drawn: tuple[int, ...] = ()  # cards each live opponent drew at the last draw
    game: Game = BADUGI_GAME

    @property
    def draws_left(self) -> int:
        return self.game.draws - self.street

    @property
    def reading(self) -> Reading:
        """How this game's cards are read (``policy_reading``)."""
        return reading_of(self.game)


class Policy(Protocol):
    """A seat's strategy. ``name`` appears in ``badugi simulate --policy`` and in the docs."""

    name: str
    targets: dict[str, float]

    def act(self, situation: Situation, rng: random.Random) -> Decision: ...

    def discard(self, cards: tuple[Card, ...], draws_left: int, rng: random.Random,
                game: Game = BADUGI_GAME) -> tuple[Card, ...]: ...
    """The cards to throw. The simulator passes ``game`` only for the games other than Badugi, so a
    policy written for Badugi alone (without the parameter) still deals Badugi."""


# ---- hand strength (policy_reading) -------------------------------------------------------------

__all__ = ["class_cumulative", "in_top", "keep_counted", "strength_percentile"]  # Badugi's (policy_reading), here too


# ---- the sound strategy ------------------------------------------------------------------------

RANK_J, RANK_Q, RANK_9, RANK_7, RANK_5 = 10, 11, 8, 6, 4


@dataclass(frozen=True)
class Sound:
    """A reasonable winning-style strategy, every threshold a parameter.

    Pre-draw: raise first in with the top ``open_ranges[position]`` of hands; facing a raise, re-raise
    the top ``three_bet`` and call the top ``call_raise`` (the big blind defends the top ``bb_defend``
    against one raise); facing limpers, raise the top ``open_ranges`` / 2 and call the top
    ``call_raise``. After a draw: bet or raise a badugi no higher than ``value_high[draws_left]``
    (rank index: 0 = ace .. 12 = king), call with any badugi, and with a three-card draw no higher
    than ``draw_call_high`` while draws remain and the price is one bet (not with one draw left against
    an opponent who stood pat); otherwise check or fold.
    Draws keep the counted cards, stand pat on a badugi no higher than ``pat_high`` and break a
    higher one (throwing its top card) while two or more draws remain. At a low game's last draw (a
    single draw's only one) a made low higher than ``last_pat_high`` is broken for a one-card draw no
    higher than ``last_draw_high`` (K-8-6-3-2 draws to the 8 at 2-7), as lowball players do; a badugi
    stands pat on the last draw.
    """

    name: str = "sound"
    open_ranges: dict[str, float] = field(default_factory=lambda: {
        "UTG": 0.12, "UTG1": 0.12, "UTG2": 0.12, "UTG3": 0.13, "LJ": 0.15, "HJ": 0.18, "CO": 0.24, "BTN": 0.34, "SB": 0.38, "BB": 0.5,
    })
    heads_up_open: float = 0.6
    three_bet: float = 0.04
    call_raise: float = 0.12
    bb_defend: float = 0.30
    value_high: dict[int, int] = field(default_factory=lambda: {2: RANK_J, 1: 10, 0: RANK_J})
    draw_call_high: int = RANK_7
    pat_high: int = RANK_J
    last_pat_high: int = RANK_9
    last_draw_high: int = RANK_7
    bluff: float = 0.05

    @property
    def targets(self) -> dict[str, float]:
        """Raise-first-in by position equals the open ranges exactly (pre-draw, unopened pot)."""
        return {f"rfi_{pos}": share for pos, share in self.open_ranges.items()}

    def act(self, s: Situation, rng: random.Random) -> Decision:
        if s.street == 0:
            return self.predraw(s, rng)
        return self.postdraw(s, rng)

    def predraw(self, s: Situation, rng: random.Random) -> Decision:
        share = self.open_ranges.get(s.position, 0.15)
        if s.players_in_hand == 2 and s.position == "BTN":
            share = max(share, self.heads_up_open)
        if s.unopened:
            if s.reading.in_top(s.cards, share, rng):
                return BET_RAISE
            return CHECK_CALL if s.to_call == 0 else FOLD
        if s.raises <= 1:  # limpers only
            if s.reading.in_top(s.cards, share / 2, rng) and s.can_raise:
                return BET_RAISE
            return CHECK_CALL if s.to_call == 0 or s.reading.in_top(s.cards, self.call_raise * 2, rng) \
                or self._single_draw_call(s) else FOLD
        if s.can_raise and s.reading.in_top(s.cards, self.three_bet, rng):
            return BET_RAISE
        defend = self.bb_defend if s.position == "BB" and s.raises == 2 else self.call_raise
        if s.to_call == 0 or s.reading.in_top(s.cards, defend, rng) or self._single_draw_call(s):
            return CHECK_CALL
        return FOLD

    def _single_draw_call(self, s: Situation) -> bool:
        """Before a low game's only draw, a one-card draw no higher than ``last_draw_high`` calls one raise
        (2-3-4-7 with a pair is no made hand, so no share of the deals' classes admits it)."""
        reading = s.reading
        return s.draws_left == 1 and s.raises <= 2 and isinstance(reading, LowReading) \
            and reading.counted(s.cards)[0] < reading.full and reading.draw_high(s.cards) <= self.last_draw_high

    def postdraw(self, s: Situation, rng: random.Random) -> Decision:
        reading = s.reading
        size, high = reading.counted(s.cards)
        if size == reading.full:
            if high <= self.value_high.get(s.draws_left, RANK_J) and s.can_raise:
                return BET_RAISE
            return CHECK_CALL
        if s.to_call == 0:
            if s.can_raise and rng.random() < self.bluff:
                return BET_RAISE
            return CHECK_CALL
        pat_against_last_draw = s.draws_left == 1 and 0 in s.opponents_drawn
        if s.draws_left > 0 and size == reading.full - 1 and high <= self.draw_call_high and s.raises <= 1 \
                and not pat_against_last_draw:
            return CHECK_CALL
        return FOLD

    def discard(self, cards: tuple[Card, ...], draws_left: int, rng: random.Random,
                game: Game = BADUGI_GAME) -> tuple[Card, ...]:
        reading = reading_of(game)
        size, high = reading.counted(cards)
        if size == reading.full:
            if (high <= self.pat_high) if draws_left >= 2 else not self._breaks_last(reading, cards, high):
                return ()
            return reading.discards(cards, break_high=True)
        return reading.discards(cards, break_high=size == reading.full - 1 and high >= RANK_J and draws_left >= 2)


    def _breaks_last(self, reading: Reading, cards: tuple[Card, ...], high: int) -> bool:
        """A rough made low is broken on the last draw when its four best cards draw to a good low."""
        return isinstance(reading, LowReading) and high > self.last_pat_high \
            and reading.draw_high(cards) <= self.last_draw_high


# ---- archetypes ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class OpenPercent(Sound):
    """Raise first in with exactly the top ``percent`` % of hands from every position, otherwise as
    :class:`Sound`. Target: ``rfi`` = percent / 100 whenever the pot is unopened."""

    name: str = "open"
    percent: float = 25.0

    def __post_init__(self) -> None:
        share = self.percent / 100
        object.__setattr__(self, "open_ranges", {p: share for p in
                                                 POSITIONS})
        object.__setattr__(self, "heads_up_open", 0.0)

    @property
    def targets(self) -> dict[str, float]:
        return {"rfi": self.percent / 100}


@dataclass(frozen=True)
class CallingStation:
    """Calls almost everything and never raises. Pre-draw it puts money in with the top
    ``vpip`` of hands (target VPIP when unopened = ``vpip``, PFR = 0); after the draw it calls any bet
    and folds only on the last round holding no badugi and no three-card hand of 8 or lower
    (``fold_river``). Draws like :class:`Sound` without breaking badugis."""

    name: str = "station"
    vpip: float = 0.6

    @property
    def targets(self) -> dict[str, float]:
        return {"vpip_first_in": self.vpip, "rfi": 0.0, "pat_rate_badugi": 1.0}

    def act(self, s: Situation, rng: random.Random) -> Decision:
        if s.to_call == 0:
            return CHECK_CALL
        if s.street == 0:
            return CHECK_CALL if s.reading.in_top(s.cards, self.vpip, rng) or s.position == "BB" and s.raises <= 1 else FOLD
        reading = s.reading
        size, high = reading.counted(s.cards)
        drawing = reading.full - 1
        if s.draws_left == 0 and size < drawing or (size == drawing and high > 7 and s.draws_left == 0):
            return FOLD
        return CHECK_CALL

    def discard(self, cards: tuple[Card, ...], draws_left: int, rng: random.Random,
                game: Game = BADUGI_GAME) -> tuple[Card, ...]:
        return reading_of(game).discards(cards, break_high=False)


@dataclass(frozen=True)
class Snow:
    """Always stands pat and always bets or raises after the draw: the "snow" bluffer. Pre-draw it
    raises the top ``vpip`` of hands. Targets: pat rate 1.0 (every draw), aggression frequency after
    the draw = 1.0 (it never calls or folds when it may raise)."""

    name: str = "snow"
    vpip: float = 0.3

    @property
    def targets(self) -> dict[str, float]:
        return {"pat_rate": 1.0, "rfi": self.vpip}

    def act(self, s: Situation, rng: random.Random) -> Decision:
        if s.street == 0 and not s.reading.in_top(s.cards, self.vpip, rng):
            return CHECK_CALL if s.to_call == 0 else FOLD
        return BET_RAISE if s.can_raise else CHECK_CALL

    def discard(self, cards: tuple[Card, ...], draws_left: int, rng: random.Random,
                game: Game = BADUGI_GAME) -> tuple[Card, ...]:
        return ()


@dataclass(frozen=True)
class Maniac:
    """Raises whenever it may and never folds (pot/no-limit: bets the pot). Targets: VPIP 1.0,
    RFI 1.0; draws like :class:`CallingStation`."""

    name: str = "maniac"

    @property
    def targets(self) -> dict[str, float]:
        return {"vpip_first_in": 1.0, "rfi": 1.0}

    def act(self, s: Situation, rng: random.Random) -> Decision:
        return BET_RAISE if s.can_raise else CHECK_CALL

    def discard(self, cards: tuple[Card, ...], draws_left: int, rng: random.Random,
                game: Game = BADUGI_GAME) -> tuple[Card, ...]:
        return reading_of(game).discards(cards, break_high=False)


@dataclass(frozen=True)
class Rock(Sound):
    """Plays only the top ``percent`` % of hands (raise first in = that share everywhere), re-raises
    the top 2 %, and after the draw continues only with a badugi or a 3-card draw to a 5."""

    name: str = "rock"
    percent: float = 8.0

    def __post_init__(self) -> None:
        share = self.percent / 100
        object.__setattr__(self, "open_ranges", {p: share for p in
                                                 POSITIONS})
        object.__setattr__(self, "heads_up_open", 0.0)
        object.__setattr__(self, "three_bet", 0.02)
        object.__setattr__(self, "call_raise", share / 2)
        object.__setattr__(self, "bb_defend", share)
        object.__setattr__(self, "draw_call_high", RANK_5)
        object.__setattr__(self, "bluff", 0.0)

    @property
    def targets(self) -> dict[str, float]:
        return {"rfi": self.percent / 100}


POLICIES: dict[str, type] = {
    "sound": Sound,
    "open": OpenPercent,
    "station": CallingStation,
    "snow": Snow,
    "maniac": Maniac,
    "rock": Rock,
}
"""Policy names for ``--policy``; ``open:25`` means :class:`OpenPercent` with ``percent=25``."""


def make_policy(spec: str) -> Policy:
    """``sound``, ``rock``, ``open:25``, ``station:0.5`` (the number is the archetype's main knob)."""
    name, _, arg = spec.partition(":")
    kind = POLICIES.get(name.strip().lower())
    if kind is None:
        from badugi.errors import BadInput

        raise BadInput(f"unknown policy {name!r} (expected one of {', '.join(POLICIES)}; e.g. open:25)")
    if not arg:
        return kind()
    try:
        number = float(arg)
    except ValueError:
        from badugi.errors import BadInput

        raise BadInput(f"policy parameter must be a number: {spec!r}") from None
    knob = {"open": "percent", "rock": "percent", "station": "vpip", "snow": "vpip"}.get(name.strip().lower())
    if knob is None:
        from badugi.errors import BadInput

        raise BadInput(f"policy {name!r} takes no parameter")
    return kind(**{knob: number})
