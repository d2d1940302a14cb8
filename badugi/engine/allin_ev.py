"""All-in EV: each player's expected share of every pot once the betting is closed before the last draw.

Once every player still in the hand but one is all in (no further bet is possible), the rest of the hand
is luck: the draws to come and the showdown. This module deals those draws again, under a stated model,
and gives each player's expected collection from the pots; luck-adjusted winnings (``ev_net``) are that
minus what the player put in. The model (``docs/stats.md`` states it for users):

* **Known cards.** A player's cards going into the first draw left are used when the file shows them
  (``Contender.hand``); ``dead`` cards (known discards, known folded hands) are out of play. Every other
  card is *unseen*: the stub, the unknown hands and the unknown discards, all equally likely to be anywhere.
* **Unknown hands** are dealt at random from the unseen cards; where the file shows how many cards the
  player drew at the first draw left (``Contender.drew``), the hand is dealt again until the policy would
  draw that many (at most ``CONDITION_TRIES`` deals; a count the policy never draws keeps the last deal).
* **Draws.** At the first draw left a player keeps the cards they really kept when the file shows them
  (``Contender.kept``); at every other draw, and where the file is silent, they keep the best subset
  (:func:`kept_by_policy`): Badugi keeps the counted cards (the evaluator's best subset; a badugi stands
  pat), 2-7 and A-5 lowball stand pat on a made nine-low or better and otherwise keep one card of each
  rank up to the eight (four of them when the five make a straight or a flush at 2-7), and a split game
  (Badacey, Badeucey) draws by its low half. New cards come from the unseen cards in the table's drawing
  order (left of the button first); when none are left the discards are shuffled into a new stub.
* **Pots.** Every pot (``Pot``: what it paid out after the rake, and who could win it) goes to the best
  hand among its eligible players by the game's evaluators, a split-pot game's halves each to its own
  best hand; ties and halves are shared as the replay shares them (``awards.split_pot``: the odd chip
  left of the button; a split pot's odd chip to ``odd_half``, the replay's ``Rules.split_odd_chip_half``).

**Exact or Monte Carlo.** When every hand is known and the deals still to come number at most
``EXACT_LIMIT`` (an upper bound: ``allin_deals.exact_bound``), every deal is enumerated and the equity is exact
(standard error 0). Otherwise ``SAMPLES`` deals are drawn with ``random.Random(seed)``: the same seed gives
the same numbers, and each player's standard error is that of the mean of their sampled collections.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from badugi.errors import BadInput

from .allin_deals import CONDITION_TRIES, Deals, TooMany, exact_bound
from .allin_policy import kept_by_policy
from .cards import format_cards
from .games import Game

__all__ = ["CONDITION_TRIES", "Contender", "Equity", "Pot", "allin_equity", "kept_by_policy"]

EXACT_LIMIT = 5_000
"""Deals enumerated at most for an exact result."""
SAMPLES = 200
"""Monte Carlo deals otherwise: a player's standard error is at most 3.5 % of the pots (1 / (2 √200) of
them), typically 2 to 3 %. Summed over many hands these errors shrink against the pots' own luck (an
all-in's result varies by up to half the pots), so more deals buy little: 500 cost 2.5x the CPU and made
the import of the realistic mixed corpus (3.7 % of its hands all in with draws to come) 1.48x as dear as
without the EV when 200 made it 1.33x (measured before the deals were made cheaper: 1.18x now;
docs/stats.md, Cost)."""
SEED = 1

Method = Literal["exact", "monte-carlo"]


@dataclass(frozen=True, slots=True)
class Contender:
    """A player still in the hand when the betting closed. ``player`` is the table index (0 = left of the
    button: the drawing order and the odd chip's order)."""

    player: int
    hand: tuple[int, ...] | None = None
    """The cards held going into the first draw left; ``None``: unknown (dealt at random)."""
    kept: tuple[int, ...] | None = None
    """The cards the player really kept at the first draw left (a subset of ``hand``); ``None``: the policy."""
    drew: int | None = None
    """Cards the file shows the player drew at the first draw left; used only for an unknown hand."""
    shown: tuple[int, ...] | None = None
    """An unknown hand's cards shown at the end, by a player who drew at the first draw left: the cards
    kept there are taken to be ``hand_size - drew`` of them, each such set the policy would keep as likely."""


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot as it was paid out: ``amount`` after the rake, ``eligible`` table indices."""

    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Equity:
    """Each contender's expected collection from the pots (minor units) and its standard error."""

    expected: dict[int, float]
    stderr: dict[int, float]
    method: Method
    deals: int
    """Deals enumerated (exact) or sampled (Monte Carlo)."""
    seed: int | None = None
    """The Monte Carlo seed (``None`` when exact)."""


# --- the equity ---------------------------------------------------------------------------------


def allin_equity(game: Game, contenders: Sequence[Contender], pots: Sequence[Pot], draws_left: int,
                 dead: Sequence[int] = (), *, unit: int = 1, odd_half: int = 1, samples: int = SAMPLES,
                 seed: int = SEED, exact_limit: int = EXACT_LIMIT) -> Equity:
    """Each contender's expected collection from ``pots`` with ``draws_left`` draws to come (see the module
    docstring). Raises ``BadInput`` on cards given twice, a hand of the wrong size, kept cards not held or a
    pot player who is no contender."""
    if not 1 <= draws_left <= game.draws:
        raise BadInput(f"{game.title} has {game.draws} draw(s); {draws_left} left is impossible")
    if samples < 1:
        raise BadInput(f"Monte Carlo needs at least one sample, got {samples}")
    order = sorted(contenders, key=lambda c: c.player)
    players = [c.player for c in order]
    if len(set(players)) != len(players):
        raise BadInput(f"a player is given twice among the contenders {players}")
    position = {p: i for i, p in enumerate(players)}
    for pot in pots:
        if not set(pot.eligible) <= set(players):
            raise BadInput(f"a pot's players {list(pot.eligible)} are not all contenders {players}")
    size = game.hand_size
    known: list[int] = list(dead)
    shown: list[int] = []
    for c in order:
        if c.hand is not None:
            if len(c.hand) != size:
                raise BadInput(f"a {game.title} hand has {size} cards, got {format_cards(c.hand)}")
            if c.kept is not None and not set(c.kept) <= set(c.hand):
                raise BadInput(f"kept {format_cards(c.kept)} not among the cards held {format_cards(c.hand)}")
            known += c.hand
        elif c.kept is not None:
            raise BadInput("kept cards given for an unknown hand")
        elif c.shown is not None:
            if len(c.shown) != size or c.drew is None or not 1 <= c.drew <= size:
                raise BadInput(f"a shown {game.title} hand of {size} cards and 1 to {size} cards drawn, got "
                               f"{format_cards(c.shown)} and {c.drew}")
            shown += c.shown
    for card in known + shown:
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 52:
            raise BadInput(f"not a card 0..51: {card!r}")
    for cards, where in ((known, "known in two places"), (known + shown, "both known and shown")):
        if len(set(cards)) != len(cards):
            raise BadInput(f"card(s) {where}: {format_cards(sorted({k for k in cards if cards.count(k) > 1}))}")
    free = [True] * 52  # (flags, not a set: compiled, a list item read a card, no hash)
    for card in known:
        free[card] = False
    pool = [c for c in range(52) if free[c]]
    run = Deals(game, order, draws_left,
                [(pot.amount, tuple(sorted(position[p] for p in pot.eligible))) for pot in pots], unit, odd_half)
    bound = exact_bound(run, len(pool))
    if bound is not None and bound <= exact_limit:
        try:
            expected, deals = run.exact(pool, exact_limit)
            return Equity(dict(zip(players, expected)), {p: 0.0 for p in players}, "exact", deals, None)
        except TooMany:  # pragma: no cover - the bound above holds; a guard against an endless count
            pass
    expected, stderr = run.monte_carlo(pool, samples, seed)
    return Equity(dict(zip(players, expected)), dict(zip(players, stderr)), "monte-carlo", samples, seed)
