"""The all-in EV's deals (``allin_ev`` states the model): every deal counted and weighted (exact) or
``samples`` deals drawn from a seeded stream (Monte Carlo), on card bit masks.

Hot code, so built for little work per deal with the same numbers as a plain walk of the deals (the same
deals in the same order, the same sums in the same order): a hand's kept cards and class come from one
memoised counter (``allin_policy``); an exact count stops at the last player to draw cards at the last draw
and compares only that player's hand from one deal to the next; a single pot is paid to its winner without a
list of shares; a known hand's first keep, and the class of a hand that stands pat throughout, are found
once per all-in, not per deal.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from itertools import combinations, product
from typing import TYPE_CHECKING

from badugi.errors import BadInput

from .allin_badugi import CONDITION_TRIES, MAX_PLAYERS, badugi_count, exact_badugi, lone_leaves, monte_carlo_badugi
from .allin_policy import CARD_BIT, Counter, half_counters, policy_counter
from .allin_policy import cards_of as _cards
from .allin_policy import mask_of as _mask
from .awards import split, split_pot
from .games import BadugiRanking, Game

if TYPE_CHECKING:
    from .allin_ev import Contender



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


class TooMany(Exception):
    """An enumeration grew past its limit."""


def exact_bound(run: Deals, unseen: int) -> int | None:
    """An upper bound on the deals an exact count enumerates; ``None`` when some hand is unknown (dealt at
    random: sampled) or the stub could run out (reshuffles are sampled).

    A player draws ``size - |kept|`` at the first draw left, and at each later one at most ``size`` less the
    policy's count of the cards kept then: the policy keeps at least that many of a hand that holds them
    (a superset has at least as many counted cards), whatever was kept for real (a player who stood pat on
    four odd cards, then draws three by the policy)."""
    size = run.size
    for i, hand in enumerate(run.hands):  # an unknown hand not shown at the end: sampled (no count to make)
        if hand is None and not run.choices[i]:
            return None
    first: list[int] = []
    later: list[int] = []
    deals = 1
    for i, hand in enumerate(run.hands):
        choices = run.choices[i]
        if hand is not None:
            kept = run.first_kept[i] if run.first_kept[i] is not None else _kept_cards(run, hand)
            options = [kept]
        elif choices:
            deals *= len(choices)
            options = choices
            unseen -= size - run.drew[i]  # type: ignore[operator]  # the kept shown cards leave the unseen
        else:
            return None
        first.append(max([size - k.bit_count() for k in options]))
        later.append(max([size - _kept_cards(run, k).bit_count() for k in options]))
    for draw in range(run.draws_left):
        for count in first if draw == 0 else later:
            if count > unseen:
                return None
            deals *= math.comb(unseen, count)
            unseen -= count
    return deals


def _kept_cards(run: Deals, mask: int) -> int:
    """The cards the policy keeps of ``mask``: a Badugi all-in's found by ``allin_badugi.badugi_count`` (the
    memoised counter's numbers; compiled, a C call, where a hand new to the memo went through Python's calls),
    any other's by the counter."""
    if run.pat_is_badugi:
        return badugi_count(mask, run.ace_high)[0]
    return run.counted.count(mask)[0]


class Deals:
    """One all-in's deals. Players are by position ``i`` (``players[i]``, in drawing order); cards are masks.

    ``counted`` gives a hand's kept cards and (one pot half) its class in one memoised look-up; a split-pot
    game values each half with its own counter (``halves``)."""

    def __init__(self, game: Game, order: Sequence[Contender], draws_left: int,
                 pots: list[tuple[int, tuple[int, ...]]], unit: int, odd_half: int) -> None:
        self.size = size = game.hand_size
        self.players = [c.player for c in order]
        self.hands = [None if c.hand is None else _mask(c.hand) for c in order]
        self.first_kept = [None if c.kept is None else _mask(c.kept) for c in order]
        self.drew = [c.drew for c in order]
        self.counted: Counter = policy_counter(game)
        self.halves: tuple[Counter, ...] = half_counters(game)
        self.pat_is_badugi = size == 4 and len(game.halves) == 1 and isinstance(game.halves[0], BadugiRanking)
        """Badugi: the policy stands pat exactly on a badugi, dealt directly (``_deal_badugi``)."""
        self.ace_high = self.pat_is_badugi and game.halves[0].ace_high
        self.choices: list[list[int] | None] = [None] * len(order)
        """For an unknown hand shown at the end: the sets of shown cards it may have kept at the first draw
        left (``Contender.shown``), each as likely."""
        for i, c in enumerate(order):
            if c.hand is None and c.shown is not None and c.drew:
                subsets = [_mask(kept) for kept in combinations(c.shown, size - c.drew)]
                self.choices[i] = [k for k in subsets if _kept_cards(self, k) == k] or subsets
        self.pay = _payer(len(game.halves), pots, unit, odd_half, len(order))
        paying = [(amount, eligible) for amount, eligible in pots if amount]
        self.paying = paying
        """The pots that pay (amount, eligible positions), ``pay``'s plan: ``allin_badugi`` pays them on C
        integers where no pot is tied."""
        self.lone = paying[0] if len(paying) == 1 and len(self.halves) == 1 else None
        """The one pot that pays in a one-half game (amount, eligible positions): paid to its winner directly."""
        self.unit = unit
        self.draws_left = draws_left

    def _classes(self) -> Callable[[int], object]:
        """Card mask of a whole hand -> its class (one pot half: the policy's counter's) or classes (a tuple,
        one per half)."""
        if len(self.halves) == 1:
            only = self.halves[0].count
            return lambda mask: only(mask)[1]
        low, high = self.halves[0].count, self.halves[1].count
        return lambda mask: (low(mask)[1], high(mask)[1])

    def _steps(self, first: list[int | None]) -> list[tuple[int, int | None]]:
        """Each player's draw in order, with the cards kept when they are fixed (at the first draw left)."""
        m = len(self.players)
        return [(i, first[i] if d == 0 else None) for d in range(self.draws_left) for i in range(m)]

    def exact(self, pool: list[int], limit: int) -> tuple[list[float], int]:
        """Each player's expected collection (by position) and the deals counted: every deal, each weighted
        by its probability (and each choice of kept shown cards alike); raises ``TooMany`` past ``limit``
        deals. The deals of the last player to draw cards at the last draw are the leaves (the players after
        stand pat): from one to the next only the drawer's class changes."""
        m = len(self.players)
        totals = [0.0] * m
        size, count, pay = self.size, self.counted.count, self.pay  # (the bound look-up, made once)
        value = self._classes()
        one_half = len(self.halves) == 1  # the class is the policy's counter's: no function in between
        lone, unit = self.lone, self.unit
        badugi, ace_high = self.pat_is_badugi, self.ace_high  # the leaves of one pot: ``allin_badugi``
        leaves = 0

        options = [found if found else [None] for found in self.choices]
        weight = 1.0 / math.prod(len(found) for found in options)
        if badugi and m <= MAX_PLAYERS and self.draws_left <= 3:  # the same walk on C integers
            for chosen in product(*options):
                first = [k if k is not None else f for k, f in zip(chosen, self.first_kept)]
                masks = [k if k is not None else h for k, h in zip(chosen, self.hands)]
                taken = _mask([c for k in chosen if k is not None for c in _cards(k)])
                leaves = exact_badugi(self, [c for c in pool if not taken >> c & 1], first, masks, weight, totals,
                                      leaves, limit)
                if leaves > limit:
                    raise TooMany
            return totals, leaves

        def deal(step: int, masks: list[int], pool: list[int], weight: float) -> None:
            nonlocal leaves
            i, fixed = steps[step]
            kept = fixed if fixed is not None else count(masks[i])[0]
            need = size - kept.bit_count()
            last = step >= last_draw
            if last:
                for j, later in steps[step + 1:]:  # every later player stands pat?
                    if (later if later is not None else count(masks[j])[0]).bit_count() != size:
                        last = False
                        break
            if last:
                classes = [value(mask) for mask in masks]
                if not need:
                    leaves += 1
                    if leaves > limit:
                        raise TooMany
                    got = pay(classes)
                    for j in range(m):
                        if got[j]:
                            totals[j] += weight * got[j]
                    return
                ways = math.comb(len(pool), need)
                leaves += ways
                if leaves > limit:
                    raise TooMany
                share = weight / ways
                if lone is not None and badugi and i in lone[1]:  # compiled, on C integers
                    lone_leaves(totals, pool, kept, need, share, lone[0], i, lone[1], classes, unit, ace_high)
                    return
                bits = [1 << c for c in pool]
                news = bits if need == 1 else map(sum, combinations(bits, need))  # distinct bits: sum = or
                if lone is not None and i in lone[1]:
                    amount, eligible = lone  # the others' classes stay: the drawer's alone decides
                    others = [j for j in eligible if j != i]
                    rest = min([classes[j] for j in others]) if others else 0
                    rest_winners = [j for j in others if classes[j] == rest]
                    for new in news:
                        cls = count(kept | new)[1]
                        if not others or cls < rest:
                            totals[i] += share * amount
                        elif cls > rest and len(rest_winners) == 1:
                            totals[rest_winners[0]] += share * amount
                        else:  # a tie, with the drawer or among the others
                            tied = rest_winners if cls > rest else [j for j in eligible if j == i or classes[j] == rest]
                            for j, got in split(amount, tied, unit).items():
                                if got:
                                    totals[j] += share * got
                    return
                for new in news:
                    classes[i] = count(kept | new)[1] if one_half else value(kept | new)
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

        try:
            for chosen in product(*options):
                first = [k if k is not None else f for k, f in zip(chosen, self.first_kept)]
                masks = [k if k is not None else h for k, h in zip(chosen, self.hands)]
                taken = _mask([c for k in chosen if k is not None for c in _cards(k)])
                steps = self._steps(first)
                last_draw = len(steps) - m  # the first step of the last draw
                deal(0, masks, [c for c in pool if not taken >> c & 1], weight)  # type: ignore[arg-type]
        finally:  # ``deal`` holds itself through its closure: a cycle only the collector frees, per all-in
            deal = None  # type: ignore[assignment]  (Cython cannot ``del`` a name a nested function reads)
        return totals, leaves

    def monte_carlo(self, pool: list[int], samples: int, seed: int) -> tuple[list[float], list[float]]:
        """Each player's mean collection (by position) over ``samples`` deals with ``random.Random(seed)``, and
        its standard error. A Badugi all-in takes ``allin_badugi``'s walk: the same deals on C integers."""
        if self.pat_is_badugi and len(self.players) <= MAX_PLAYERS and self.draws_left <= 3:
            return monte_carlo_badugi(self, pool, samples, seed, self.ace_high)
        return _monte_carlo(self, pool, samples, seed)


def _monte_carlo(run: Deals, pool: list[int], samples: int, seed: int) -> tuple[list[float], list[float]]:
    """``Deals.monte_carlo``, a module function so that ``allin_deals.pxd`` can give its locals C types."""
    rand = random.Random(seed).random
    size, counted, pay = run.size, run.counted, run.pay
    value = counted if len(run.halves) == 1 else None
    classes = run._classes()
    m = len(run.players)
    sums = [0.0] * m
    squares = [0.0] * m
    start = [0 if h is None else h for h in run.hands]
    # unknown hands, those shown at the end first: their kept cards leave the unseen cards before any deal
    unknown = sorted([(i, run.drew[i], None if found is None else [(k, _cards(k)) for k in found])
                      for i, (h, found) in enumerate(zip(run.hands, run.choices)) if h is None],
                     key=_shown_last)
    # the cards kept at the first draw left: a known hand's the same in every deal, an unknown hand's kept
    # shown cards chosen in each; a known hand the policy stands pat on (and that stood pat at the first
    # draw left) never changes: it draws nothing in any deal (no step) and its class is found once
    first = [k if k is not None or h is None else counted.count(h)[0] for k, h in zip(run.first_kept, run.hands)]
    pat = [h is not None and first[i] == h and (run.draws_left == 1 or counted.count(h)[0] == h)
           for i, h in enumerate(run.hands)]
    fixed_class = [counted.count(h)[1] if pat[i] and value is not None else 0 for i, h in enumerate(run.hands)]
    steps = [(d == 0, i) for d in range(run.draws_left) for i in range(m) if not pat[i]]
    everything = (1 << 52) - 1
    pat_is_badugi = run.pat_is_badugi
    lone, unit = run.lone, run.unit
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
                    x = rand()
                    k = int(x * (n - t))
                    end = n - 1 - t
                    card = cards[k]
                    cards[k] = cards[end]
                    cards[end] = card
                    mask |= card_bit[card]
                if want is None or size - counted.count(mask)[0].bit_count() == want:
                    break
            masks[i] = mask
            n -= size
        for at_first, i in steps:
            kept = first[i] if at_first and first[i] is not None else counted.count(masks[i])[0]
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
                x = rand()
                k = int(x * n)
                n -= 1
                card = cards[k]
                kept |= card_bit[card]
                cards[k] = cards[n]
            masks[i] = kept
        if lone is not None:  # one pot: its winner collects it all (or the tied winners share it)
            amount, eligible = lone
            winner = best = 0  # classes run from 1
            tied = False
            for j in eligible:
                cls = fixed_class[j] or counted.count(masks[j])[1]
                if not best or cls < best:
                    best, winner, tied = cls, j, False
                elif cls == best:
                    tied = True
            if not tied:
                sums[winner] += amount
                squares[winner] += amount * amount
                continue
            shares = split(amount, [j for j in eligible if (fixed_class[j] or counted.count(masks[j])[1]) == best],
                           unit)
            got = [shares.get(j, 0) for j in range(m)]
        elif value is not None:
            got = pay([fixed or counted.count(mask)[1] for fixed, mask in zip(fixed_class, masks)])
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
    return means, stderr


def _shown_last(unknown: tuple) -> bool:
    """Sort key of an unknown hand ``(position, drew, choices)``: those shown at the end come first."""
    return unknown[2] is None


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
