"""What a replay derives: frozen values beside the room's claim (never over it, STYLE B5).

The many small per-hand values (facts, steps, holdings) are ``NamedTuple`` s: immutable like the
frozen dataclasses, and several times cheaper to build in the replay's hot path (STYLE B1).

Money is in minor units; players are named as in the log. ``None`` always means *unknown* (hidden
cards, a round the player did not reach), never zero.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .cards import Card, format_cards
from .violations import Violation


class Holdings(NamedTuple):
    """A player's four cards at each point where the log lets us know them; set once, never
    overwritten. ``after`` is after draw 1, 2, 3 (``None`` where unknown or not reached)."""

    dealt: tuple[Card, ...] | None = None
    after: tuple[tuple[Card, ...] | None, ...] = (None, None, None)
    shown: tuple[Card, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        def fmt(cards: tuple[Card, ...] | None) -> str | None:
            return None if cards is None else format_cards(cards)

        return {"dealt": fmt(self.dealt), "after": [fmt(c) for c in self.after], "shown": fmt(self.shown)}


class StreetActions(NamedTuple):
    """Counts of a player's actions in one betting round (for aggression stats)."""

    bets: int = 0
    raises: int = 0
    calls: int = 0
    checks: int = 0
    folds: int = 0


class PlayerFacts(NamedTuple):
    """The per hand-player facts the stats need (DESIGN §6), derived once by the replay.

    ``*_opp`` is the opportunity, the plain name whether the player took it. Pre-draw plays the part
    of preflop. ``drawn[k]`` = cards drawn at draw k+1 (``None``: did not reach that draw).
    """

    player: str
    seat: int
    position: str  # BTN, CO, HJ, LJ, UTG, UTG+1, ..., SB, BB
    is_hero: bool
    starting_stack: int
    # pre-draw
    vpip: bool = False
    pfr: bool = False
    rfi_opp: bool = False
    rfi: bool = False
    limp: bool = False
    three_bet_opp: bool = False
    three_bet: bool = False
    fold_to_3bet_opp: bool = False
    fold_to_3bet: bool = False
    steal_opp: bool = False
    steal: bool = False
    fold_to_steal_opp: bool = False
    fold_to_steal: bool = False
    # draws and showdown
    drawn: tuple[int | None, ...] = (None, None, None)
    stood_pat: tuple[bool, ...] = (False, False, False)
    saw_draw: tuple[bool, ...] = (False, False, False)
    went_to_showdown: bool = False
    won_at_showdown: bool | None = False  # None: a pot the player could win has no known winner
    won: bool | None = False
    all_in: bool = False
    folded_street: int | None = None
    # money (minor units); ``collected``/``net`` are ``None`` when a pot the player could win has no
    # known winner (derived awards with hidden showdown cards: ``Replay.undetermined`` says so)
    invested: int = 0
    collected: int | None = 0
    net: int | None = 0
    rake_share: int = 0
    # post-draw action counts, one per round after draw 1, 2, 3
    streets: tuple[StreetActions, ...] = (StreetActions(), StreetActions(), StreetActions())
    holdings: Holdings = Holdings()
    # draw play (DESIGN §6 draw stats); "round N" is the betting round after draw N
    decided: bool = False  # had a pre-draw decision (fold/check/call/bet/raise; a walk is none)
    pat_known: bool = False  # stood pat at some draw with the four cards known
    snowed: bool = False  # stood pat at some draw on a known non-badugi
    held_badugi: bool = False  # held a known badugi before a draw the player took part in
    broke_badugi: bool = False  # ... and threw at least one card from it
    bet_called: bool = False  # bet or raised in some round N and another player called in that round
    bet_fewer: bool = False  # ... having drawn fewer cards at draw N than every such caller
    faced_pat: bool = False  # acted after a bet or raise by a player who stood pat at draw N (round N)
    fold_to_pat: bool = False  # ... and folded as that first response
    # all-in EV (engine/allin_hand.py): where the betting closed with draws to come, the expected share of
    # the pots (after the rake) less ``invested``; otherwise ``net``. ``ev_net_se``: its standard error
    # (0 when exact); ``ev_method``: ``exact`` or ``monte-carlo`` (``None``: no all-in with draws to come)
    ev_net: float | None = None
    ev_net_se: float | None = None
    ev_method: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in self._fields:
            value = getattr(self, name)
            if name == "streets":
                value = [{"bets": s.bets, "raises": s.raises, "calls": s.calls, "checks": s.checks,
                          "folds": s.folds} for s in value]
            elif name == "holdings":
                value = value.to_dict()
            elif isinstance(value, tuple):
                value = list(value)
            out[name] = value
        return out


class PotHalf(NamedTuple):
    """One half of a split pot (Badacey, Badeucey): the ranking that wins it (``Game.halves``), its part of
    what the pot paid (the odd chip by ``Rules.split_odd_chip_half``) and who the rules say won it
    (``None`` when hidden cards make it undecidable)."""

    title: str
    amount: int
    winners: tuple[str, ...] | None

    def to_dict(self) -> dict[str, Any]:
        return {"half": self.title, "amount": self.amount,
                "winners": None if self.winners is None else list(self.winners)}


@dataclass(frozen=True, slots=True)
class PotResult:
    """One derived pot (main first): its size before rake, who could win it, and who the rules say
    won it (``None`` when hidden cards make it undecidable). ``paid`` is what the room paid out of it
    (its collect claims) or, for a hand without any (``Replay.awards_derived``), the rules' award: the
    pot less any claimed rake, split among the winners with the odd chip; ``()`` when undecidable.
    In a split-pot game ``halves`` decides each half (``winners`` is then everyone who won a half, in
    table order); ``()`` in every other game."""

    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...] | None
    paid: tuple[tuple[str, int], ...] = ()
    halves: tuple[PotHalf, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"amount": self.amount, "eligible": list(self.eligible),
                               "winners": None if self.winners is None else list(self.winners),
                               "paid": {p: a for p, a in self.paid}}
        if self.halves:
            out["halves"] = [half.to_dict() for half in self.halves]
        return out


class Step(NamedTuple):
    """One line of the hand as replayed: an action, post or draw with the state right after it.

    ``kind`` is ``post``, ``fold``, ``check``, ``call``, ``bet``, ``raise``, ``draw``, ``return``;
    ``street`` is the betting round (0 = pre-draw), or for a ``draw`` step the draw number (1..3);
    ``to_call`` is what the actor owed before acting; ``stacks`` are every player's stacks after it,
    in table order (``Replay.order``)."""

    line: int
    street: int
    player: str
    kind: str
    amount: int
    pot: int
    to_call: int
    stacks: tuple[int, ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class Replay:
    """Everything the rules derive for one hand, and every disagreement with the room's claim.

    ``undetermined`` names checks that hidden cards made undecidable (never reported as passed).
    ``awards_derived``: the log claims no collected amounts (a PHH file without ``winnings``, a text
    hand without collect lines), so the pots went where the rules award them and the nets come from
    that (see ``PotResult.paid``); otherwise the nets come from the room's collect claims.
    ``order`` is the players clockwise from left of the button (the button last). ``steps`` are walked
    on first read (``steps_source``, the replay's walk again, recording them) and kept: the import
    never reads them, and recording them costs about a tenth of a replay. Equality and hashing include
    them, as when they were a plain field."""

    hand_id: str
    violations: tuple[Violation, ...]
    undetermined: tuple[str, ...]
    order: tuple[str, ...]
    pots: tuple[PotResult, ...]
    total_pot: int
    rake: int | None
    players: tuple[PlayerFacts, ...]
    showdown: bool
    ended_street: int
    awards_derived: bool = False
    steps_source: Callable[[], tuple[Step, ...]] | None = field(default=None, repr=False, compare=False)
    _steps: tuple[Step, ...] | None = field(default=None, repr=False, compare=False)

    @property
    def steps(self) -> tuple[Step, ...]:
        """One ``Step`` per post, action and draw, then the uncalled-bet returns (see ``Step``)."""
        steps = self._steps
        if steps is None:
            steps = self.steps_source() if self.steps_source is not None else ()
            object.__setattr__(self, "_steps", steps)  # frozen: set once, like a cached field
        return steps

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return (_compared(self) == _compared(other)  # type: ignore[arg-type]
                and self.steps == other.steps)  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(_compared(self))

    @property
    def net(self) -> tuple[tuple[str, int | None], ...]:
        """Each player's net in table order (``0`` for everyone when the hand was not settled; ``None``
        for a player whose share of a pot hidden cards leave undecided)."""
        if self.players:
            return tuple([(f.player, f.net) for f in self.players])
        return tuple([(name, 0) for name in self.order])

    @property
    def net_by_player(self) -> dict[str, int | None]:
        return dict(self.net)

    def facts(self, player: str) -> PlayerFacts | None:
        for facts in self.players:
            if facts.player == player:
                return facts
        return None

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(v.code for v in self.violations)


def _compared(r: Replay) -> tuple:
    """The fields ``Replay`` equality compares besides ``steps``."""
    return (r.hand_id, r.violations, r.undetermined, r.order, r.pots, r.total_pot, r.rake, r.players, r.showdown,
            r.ended_street, r.awards_derived)  # ``net`` is derived from ``players`` and ``order``
