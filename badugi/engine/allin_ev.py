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
``EXACT_LIMIT`` (an upper bound: ``_exact_deals``), every deal is enumerated and the equity is exact
(standard error 0). Otherwise ``SAMPLES`` deals are drawn with ``random.Random(seed)``: the same seed gives
the same numbers, and each player's standard error is that of the mean of their sampled collections.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Literal

from badugi.errors import BadInput

from .allin_policy import CARD_BIT, Counter, half_counters, kept_by_policy, policy_counter
from .allin_policy import cards_of as _cards
from .allin_policy import mask_of as _mask
from .awards import split, split_pot
from .cards import format_cards
from .games import BadugiRanking, Game

__all__ = ["Contender", "Equity", "Pot", "allin_equity", "kept_by_policy"]

EXACT_LIMIT = 5_000
"""Deals enumerated at most for an exact result."""
SAMPLES = 200
"""Monte Carlo deals otherwise: a player's standard error is at most 3.5 % of the pots (1 / (2 √200) of
them), typically 2 to 3 %. Summed over many hands these errors shrink against the pots' own luck (an
all-in's result varies by up to half the pots), so more deals buy little: 500 cost 2.5x the CPU and made
the import of the realistic mixed corpus (3.7 % of its hands all in with draws to come) 1.48x as dear as
without the EV (docs/stats.md, Cost)."""
SEED = 1
CONDITION_TRIES = 50
"""Deals of an unknown hand tried until the policy draws the number of cards the file shows."""

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


# --- paying the pots ----------------------------------------------------------------------------


def _payer(halves: int, pots: Sequence[tuple[int, tuple[int, ...]]], unit: int, odd_half: int, count: int
           ) -> Callable[[list], list[int]]:
    """Each player's final class (by position: an int, or a tuple of one per half in a split-pot game) -> what
    each collects from every pot, shared as the replay shares it (``awards.split_pot``: ties with the odd chip
    left of the button, a split pot's halves each to its own best hand with the odd chip to half
    ``odd_half``, a scoop whole). ``pots``: the amount and the eligible positions (positions run in table
    order, so the odd chip goes where the table's would); ``count`` players, some perhaps in no pot that
    pays (an all-in ante returned, a pot of nothing)."""
    plan = [(amount, eligible) for amount, eligible in pots if amount]

    def pay_one_half(classes: list[int]) -> list[int]:
        out = [0] * count
        for amount, eligible in plan:
            winner = eligible[0]
            best = classes[winner]
            tied = False
            for j in eligible:
                cls = classes[j]
                if cls < best:
                    best, winner, tied = cls, j, False
                elif cls == best and j != winner:
                    tied = True
            if not tied:
                out[winner] += amount
                continue
            for j, got in split_pot(amount, [[j for j in eligible if classes[j] == best]], unit, odd_half).items():
                out[j] += got
        return out

    def pay_halves(classes: list[tuple[int, ...]]) -> list[int]:
        out = [0] * count
        for amount, eligible in plan:
            if len(eligible) == 1:
                out[eligible[0]] += amount
                continue
            winners = []
            for h in range(halves):
                best = min([classes[j][h] for j in eligible])
                winners.append([j for j in eligible if classes[j][h] == best])
            for j, got in split_pot(amount, winners, unit, odd_half).items():
                out[j] += got
        return out

    return pay_one_half if halves == 1 else pay_halves


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
    taken = set(known)
    pool = [c for c in range(52) if c not in taken]
    run = _Run(game, order, draws_left,
               [(pot.amount, tuple(sorted(position[p] for p in pot.eligible))) for pot in pots], unit, odd_half)
    deals = _exact_deals(run, len(pool))
    if deals is not None and deals <= exact_limit:
        try:
            return run.exact(pool, exact_limit)
        except _TooMany:  # pragma: no cover - the bound above holds; a guard against an endless count
            pass
    return run.monte_carlo(pool, samples, seed)


class _TooMany(Exception):
    """An enumeration grew past its limit."""


def _exact_deals(run: _Run, unseen: int) -> int | None:
    """An upper bound on the deals an exact count enumerates; ``None`` when some hand is unknown (dealt at
    random: sampled) or the stub could run out (reshuffles are sampled).

    A player draws ``size - |kept|`` at the first draw left, and at each later one at most ``size`` less the
    policy's count of the cards kept then: the policy keeps at least that many of a hand that holds them
    (a superset has at least as many counted cards), whatever was kept for real (a player who stood pat on
    four odd cards, then draws three by the policy)."""
    size = run.size
    counted = run.counted
    first: list[int] = []
    later: list[int] = []
    deals = 1
    for i, hand in enumerate(run.hands):
        choices = run.choices[i]
        if hand is not None:
            kept = run.first_kept[i] if run.first_kept[i] is not None else counted(hand)[0]
            options = [kept]
        elif choices:
            deals *= len(choices)
            options = choices
            unseen -= size - run.drew[i]  # type: ignore[operator]  # the kept shown cards leave the unseen
        else:
            return None
        first.append(max(size - k.bit_count() for k in options))
        later.append(max(size - counted(k)[0].bit_count() for k in options))
    for draw in range(run.draws_left):
        for count in first if draw == 0 else later:
            if count > unseen:
                return None
            deals *= math.comb(unseen, count)
            unseen -= count
    return deals


class _Run:
    """One all-in's deals. Players are by position ``i`` (``players[i]``, in drawing order); cards are masks.

    ``counted`` gives a hand's kept cards and (one pot half) its class in one memoised look-up; a split-pot
    game values each half with its own counter (``halves``)."""

    def __init__(self, game: Game, order: list[Contender], draws_left: int,
                 pots: list[tuple[int, tuple[int, ...]]], unit: int, odd_half: int) -> None:
        self.size = size = game.hand_size
        self.players = [c.player for c in order]
        self.hands = [None if c.hand is None else _mask(c.hand) for c in order]
        self.first_kept = [None if c.kept is None else _mask(c.kept) for c in order]
        self.drew = [c.drew for c in order]
        self.counted: Counter = policy_counter(game)
        self.halves: tuple[Counter, ...] = half_counters(game)
        self.choices: list[list[int] | None] = [None] * len(order)
        """For an unknown hand shown at the end: the sets of shown cards it may have kept at the first draw
        left (``Contender.shown``), each as likely."""
        for i, c in enumerate(order):
            if c.hand is None and c.shown is not None and c.drew:
                subsets = [_mask(kept) for kept in combinations(c.shown, size - c.drew)]
                self.choices[i] = [k for k in subsets if self.counted(k)[0] == k] or subsets
        self.pay = _payer(len(game.halves), pots, unit, odd_half, len(order))
        paying = [(amount, eligible) for amount, eligible in pots if amount]
        self.lone = paying[0] if len(paying) == 1 and len(self.halves) == 1 else None
        """The one pot that pays in a one-half game (amount, eligible positions): paid to its winner directly."""
        self.unit = unit
        self.draws_left = draws_left
        self.pat_is_badugi = size == 4 and len(game.halves) == 1 and isinstance(game.halves[0], BadugiRanking)
        """Badugi: the policy stands pat exactly on a badugi, dealt directly (``_deal_badugi``)."""

    def _classes(self) -> Callable[[int], object]:
        """Card mask of a whole hand -> its class (one pot half: the policy's counter's) or classes (a tuple,
        one per half)."""
        if len(self.halves) == 1:
            only = self.halves[0]
            return lambda mask: only(mask)[1]
        low, high = self.halves
        return lambda mask: (low(mask)[1], high(mask)[1])

    def _result(self, sums: list[float], stderr: list[float], method: Method, deals: int,
                seed: int | None) -> Equity:
        players = self.players
        return Equity({p: sums[i] for i, p in enumerate(players)}, {p: stderr[i] for i, p in enumerate(players)},
                      method, deals, seed)

    def _steps(self, first: list[int | None]) -> list[tuple[int, int | None]]:
        """Each player's draw in order, with the cards kept when they are fixed (at the first draw left)."""
        m = len(self.players)
        return [(i, first[i] if d == 0 else None) for d in range(self.draws_left) for i in range(m)]

    def exact(self, pool: list[int], limit: int) -> Equity:
        """Every deal, each weighted by its probability (and each choice of kept shown cards alike); raises
        ``_TooMany`` past ``limit`` deals. The deals of the last player to draw cards at the last draw are
        the leaves (the players after stand pat): from one to the next only the drawer's class changes."""
        m = len(self.players)
        totals = [0.0] * m
        size, counted, pay = self.size, self.counted, self.pay
        value = self._classes()
        one_half = len(self.halves) == 1  # the class is the policy's counter's: no function in between
        lone, unit = self.lone, self.unit
        leaves = 0

        def deal(step: int, masks: list[int], pool: list[int], weight: float) -> None:
            nonlocal leaves
            i, fixed = steps[step]
            kept = fixed if fixed is not None else counted(masks[i])[0]
            need = size - kept.bit_count()
            last = step >= last_draw
            if last:
                for j, later in steps[step + 1:]:  # every later player stands pat?
                    if (later if later is not None else counted(masks[j])[0]).bit_count() != size:
                        last = False
                        break
            if last:
                classes = [value(mask) for mask in masks]
                if not need:
                    leaves += 1
                    if leaves > limit:
                        raise _TooMany
                    got = pay(classes)
                    for j in range(m):
                        if got[j]:
                            totals[j] += weight * got[j]
                    return
                ways = math.comb(len(pool), need)
                leaves += ways
                if leaves > limit:
                    raise _TooMany
                share = weight / ways
                bits = [1 << c for c in pool]
                news = bits if need == 1 else map(sum, combinations(bits, need))  # distinct bits: sum = or
                if lone is not None and i in lone[1]:
                    amount, eligible = lone  # the others' classes stay: the drawer's alone decides
                    others = [j for j in eligible if j != i]
                    rest = min([classes[j] for j in others]) if others else 0
                    rest_winners = [j for j in others if classes[j] == rest]
                    for new in news:
                        cls = counted(kept | new)[1]
                        if not others or cls < rest:
                            totals[i] += share * amount
                        elif cls > rest and len(rest_winners) == 1:
                            totals[rest_winners[0]] += share * amount
                        else:
                            tied = [j for j in eligible if j == i or classes[j] == rest] if cls == rest else rest_winners
                            for j, got in split(amount, tied, unit).items():
                                if got:
                                    totals[j] += share * got
                    return
                for new in news:
                    classes[i] = counted(kept | new)[1] if one_half else value(kept | new)
                    got = pay(classes)
                    for j in range(m):
                        if got[j]:
                            totals[j] += share * got[j]
                return
            if not need:
                deal(step + 1, masks, pool, weight)
                return
            share = weight / math.comb(len(pool), need)
            for new in combinations(pool, need):
                taken = _mask(new)
                dealt = masks[:]
                dealt[i] = kept | taken
                deal(step + 1, dealt, [c for c in pool if not taken >> c & 1], share)

        options = [found if found else [None] for found in self.choices]
        weight = 1.0 / math.prod(len(found) for found in options)
        for chosen in product(*options):
            first = [k if k is not None else f for k, f in zip(chosen, self.first_kept)]
            masks = [k if k is not None else h for k, h in zip(chosen, self.hands)]
            taken = _mask([c for k in chosen if k is not None for c in _cards(k)])
            steps = self._steps(first)
            last_draw = len(steps) - m  # the first step of the last draw
            deal(0, masks, [c for c in pool if not taken >> c & 1], weight)  # type: ignore[arg-type]
        return self._result(totals, [0.0] * m, "exact", leaves, None)

    def monte_carlo(self, pool: list[int], samples: int, seed: int) -> Equity:
        """``samples`` deals with ``random.Random(seed)``."""
        rand = random.Random(seed).random
        size, counted, pay = self.size, self.counted, self.pay
        value = counted if len(self.halves) == 1 else None
        classes = self._classes()
        m = len(self.players)
        sums = [0.0] * m
        squares = [0.0] * m
        start = [0 if h is None else h for h in self.hands]
        # unknown hands, those shown at the end first: their kept cards leave the unseen cards before any deal
        unknown = sorted(((i, self.drew[i], None if found is None else [(k, _cards(k)) for k in found])
                          for i, (h, found) in enumerate(zip(self.hands, self.choices)) if h is None),
                         key=lambda u: u[2] is None)
        # the cards kept at the first draw left: a known hand's the same in every deal, an unknown hand's kept
        # shown cards chosen in each; a known hand the policy stands pat on (and that stood pat at the first
        # draw left) never changes: it draws nothing in any deal (no step) and its class is found once
        first = [k if k is not None or h is None else counted(h)[0] for k, h in zip(self.first_kept, self.hands)]
        pat = [h is not None and first[i] == h and (self.draws_left == 1 or counted(h)[0] == h)
               for i, h in enumerate(self.hands)]
        fixed_class = [counted(h)[1] if pat[i] and value is not None else 0 for i, h in enumerate(self.hands)]
        steps = [(d == 0, i) for d in range(self.draws_left) for i in range(m) if not pat[i]]
        everything = (1 << 52) - 1
        pat_is_badugi = self.pat_is_badugi
        lone, unit = self.lone, self.unit
        card_bit = CARD_BIT
        place = {c: k for k, c in enumerate(pool)}  # where each unseen card starts a deal
        for _ in range(samples):
            cards = pool[:]
            n = len(cards)
            masks = start[:]
            moved: dict[int, int] = {}  # where the kept shown cards taken out so far moved other cards to
            for i, want, choices in unknown:
                if choices:  # kept shown cards: taken out of the unseen cards (the discards stay unseen)
                    kept, kept_cards = choices[int(rand() * len(choices))]
                    for c in kept_cards:  # each swapped past the end of the unseen cards
                        k = moved.get(c, place[c])
                        n -= 1
                        other = cards[n]
                        cards[k] = other
                        cards[n] = c
                        moved[other] = k
                    masks[i] = first[i] = kept
                    continue
                if want == 0 and pat_is_badugi:
                    masks[i], n = _deal_badugi(cards, n, rand)
                    continue
                for _try in range(CONDITION_TRIES if want is not None else 1):  # dealt again until the
                    mask = 0  # policy draws what the file shows
                    for t in range(size):  # a partial shuffle: the cards dealt end the list, still unseen
                        k = int(rand() * (n - t))
                        end = n - 1 - t
                        cards[k], cards[end] = cards[end], cards[k]
                        mask |= 1 << cards[end]
                    if want is None or size - counted(mask)[0].bit_count() == want:
                        break
                masks[i] = mask
                n -= size
            for at_first, i in steps:
                kept = first[i] if at_first and first[i] is not None else counted(masks[i])[0]
                for _card in range(size - kept.bit_count()):
                    if not n:  # the stub ran out: every card no one holds (the discards) makes a new one
                        held = kept
                        for j in range(m):
                            if j != i:
                                held |= masks[j]
                        cards = list(_cards(everything & ~held))
                        n = len(cards)
                        if not n:
                            raise BadInput("the deck ran out with no discard to reshuffle")
                    k = int(rand() * n)
                    n -= 1
                    kept |= card_bit[cards[k]]
                    cards[k] = cards[n]
                masks[i] = kept
            if lone is not None:  # one pot: its winner collects it all (or the tied winners share it)
                amount, eligible = lone
                winner = best = 0  # classes run from 1
                tied = False
                for j in eligible:
                    cls = fixed_class[j] or counted(masks[j])[1]
                    if not best or cls < best:
                        best, winner, tied = cls, j, False
                    elif cls == best:
                        tied = True
                if not tied:
                    sums[winner] += amount
                    squares[winner] += amount * amount
                    continue
                shares = split(amount, [j for j in eligible if (fixed_class[j] or counted(masks[j])[1]) == best],
                               unit)
                got = [shares.get(j, 0) for j in range(m)]
            elif value is not None:
                got = pay([fixed or counted(mask)[1] for fixed, mask in zip(fixed_class, masks)])
            else:
                got = pay([classes(mask) for mask in masks])
            for i in range(m):
                g = got[i]
                if g:
                    sums[i] += g
                    squares[i] += g * g
        means = [total / samples for total in sums]
        if samples > 1:
            stderr = [math.sqrt(max(squares[i] - samples * means[i] ** 2, 0.0) / (samples - 1) / samples)
                      for i in range(m)]
        else:
            stderr = [0.0] * m
        return self._result(means, stderr, "monte-carlo", samples, seed)


def _deal_badugi(cards: list[int], n: int, rand: Callable[[], float]) -> tuple[int, int]:
    """A badugi dealt uniformly from ``cards[:n]`` (one card of each suit, dealt again until the ranks
    differ: every badugi equally likely), moved past the end of the unseen cards; returns its mask and
    the unseen count left. (Dealing four cards until they happen to make a badugi takes ~16 deals.)"""
    by_suit: list[list[int]] = [[], [], [], []]
    for k in range(n):
        by_suit[cards[k] & 3].append(k)
    if not all(by_suit):
        raise BadInput("no badugi can be dealt from the unseen cards")
    for _try in range(10_000):  # a 4-rank pick comes within a few tries unless almost no rank is left
        picked = [positions[int(rand() * len(positions))] for positions in by_suit]
        ranks = 0
        for k in picked:
            ranks |= 1 << (cards[k] >> 2)
        if ranks.bit_count() == 4:
            break
    else:
        raise BadInput("no badugi can be dealt from the unseen cards")
    mask = 0
    for k in sorted(picked, reverse=True):  # swap each past the end, highest position first
        n -= 1
        mask |= 1 << cards[k]
        cards[k], cards[n] = cards[n], cards[k]
    return mask, n
