"""The all-in EV's Monte Carlo deals of a Badugi hand (one pot half, four cards) on plain integers.

``allin_deals._monte_carlo`` keeps each hand as a Python number and asks a memoised counter for its kept
cards and class; every deal makes new numbers, lists and dictionary entries. Badugi is nearly every all-in
of the realistic corpus, so it has this twin of the same walk (the same random numbers drawn in the same
order for the same cards, the same sums in the same order: the same means and standard errors to the last
bit) written so that, compiled (``allin_badugi.pxd``), the cards, hands, sums and the count itself are C
integers and arrays: no number, list or dictionary is made per deal. Pure Python it runs the same code on
lists. Measured (callgrind, worker path, mixed corpus): see the commit that brought it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from badugi.errors import BadInput

from .allin_policy import _CARD_OF_BIT, _CLASS_OF_RANK_BITS, cards_of
from .awards import split
from .twister import Twister, stream

if TYPE_CHECKING:
    from .allin_deals import Deals

CONDITION_TRIES = 50
"""Deals of an unknown hand tried until the policy draws the number of cards the file shows."""
MAX_PLAYERS = 10
"""Contenders the arrays hold (a table's seats); an all-in with more takes the general walk."""
_EVERYTHING = (1 << 52) - 1


def _subsets() -> tuple[list[int], list[int]]:
    """For ``n`` cards (1..5): every subset of at most four positions as ``positions bit mask | size << 8``,
    largest first, each size in ``itertools.combinations`` order (``allin_policy._search_counted``'s), all
    in one list, those of ``n`` cards from ``start[n]`` to ``start[n + 1]``."""
    from itertools import combinations
    flat: list[int] = []
    start = [0, 0]
    for n in range(1, 6):
        flat += [sum(1 << p for p in subset) | size << 8
                 for size in range(min(n, 4), 0, -1) for subset in combinations(range(n), size)]
        start.append(len(flat))
    return flat, start


_SUBSETS = _subsets()[0]
_SUBSET_START = _subsets()[1]
"""(Compiled: C arrays of 56 and 7 numbers, ``allin_badugi.pxd``; so are the two tables below.)"""
_CARD_OF = list(_CARD_OF_BIT)
_CLASS_OF = list(_CLASS_OF_RANK_BITS)


def badugi_count(mask: int, ace_high: bool) -> tuple[int, int]:
    """(the counted cards' mask, the class) of one to five Badugi cards: ``allin_policy``'s Badugi counter
    without its memo, searched directly as ``_search_counted`` searches (the largest set of distinct ranks
    and suits, the lowest of them, the first in position order on a tie); ``(0, 0)`` for no card."""
    if not mask:
        return 0, 0
    one = 1
    packed = 0
    count = 0
    while mask:
        if count == 5:
            raise BadInput("a Badugi hand has one to five cards")
        rest = mask & (mask - 1)
        card = _CARD_OF[(mask ^ rest) % 67]
        mask = rest
        packed |= card << 6 * count
        count += 1
    best_ranks = best = size_now = 0
    for e in range(_SUBSET_START[count], _SUBSET_START[count + 1]):
        entry = _SUBSETS[e]
        size = entry >> 8
        if size != size_now:
            if best_ranks:
                break
            size_now = size
        ranks = suits = 0
        distinct = True
        for p in range(count):
            if entry >> p & 1:
                card = packed >> 6 * p & 63
                rank = card >> 2
                if ace_high:
                    rank = (rank + 12) % 13
                rank_bit = one << rank
                suit_bit = one << (card & 3)
                if ranks & rank_bit or suits & suit_bit:
                    distinct = False
                    break
                ranks |= rank_bit
                suits |= suit_bit
        if distinct and (not best_ranks or ranks < best_ranks):
            best_ranks = ranks
            best = entry
    kept = 0
    for p in range(count):
        if best >> p & 1:
            kept |= one << (packed >> 6 * p & 63)
    return kept, _CLASS_OF[best_ranks]


def _bits(mask: int) -> int:
    """The number of set bits (compiled: a C loop, no method call)."""
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


def monte_carlo_badugi(run: Deals, pool: list[int], samples: int, seed: int, ace_high: bool
                       ) -> tuple[list[float], list[float]]:
    """``allin_deals._monte_carlo`` for a Badugi all-in (``run.pat_is_badugi``, at most ``MAX_PLAYERS``
    contenders): the same deals, the same numbers."""
    rand = stream(seed)  # ``random.Random(seed)``'s numbers (compiled: a C twister, ``twister.py``)
    size = run.size
    one = 1
    m = len(run.players)
    n_pool = len(pool)
    if m > MAX_PLAYERS or run.draws_left > 3:
        raise BadInput(f"at most {MAX_PLAYERS} contenders and three draws, got {m} and {run.draws_left}")
    # (the sizes written out: compiled, these are C arrays of these sizes; MAX_PLAYERS = 10)
    cards = [0] * 52
    pos = [0] * 52  # where each unseen card is in this deal (the kept shown cards moved the others)
    masks = [0] * 10
    start = [0] * 10
    first = [0] * 10
    has_first = [0] * 10  # 1: the cards kept at the first draw left are ``first``'s; 2: pat throughout
    fixed_class = [0] * 10
    sums = [0.0] * 10
    squares = [0.0] * 10
    step_player = [0] * 30
    step_first = [0] * 30
    base = [0] * 52  # the unseen cards, each deal's start
    elig = [0] * 10  # the lone pot's eligible positions
    for k in range(n_pool):
        base[k] = pool[k]
    # the cards kept at the first draw left (see ``_monte_carlo``): a known hand's the same in every deal,
    # an unknown hand's kept shown cards chosen in each; a known hand that stands pat throughout is fixed
    for i in range(m):
        h = run.hands[i]
        k0 = run.first_kept[i]
        if h is not None:
            start[i] = h
            if k0 is not None:
                first[i] = k0
            else:
                first[i] = badugi_count(h, ace_high)[0]
            has_first[i] = 1
            if first[i] == h and (run.draws_left == 1 or badugi_count(h, ace_high)[0] == h):
                fixed_class[i] = badugi_count(h, ace_high)[1]
                has_first[i] = 2  # pat: no step
        elif k0 is not None:  # (an unknown hand has no kept cards: allin_equity refuses them)
            first[i] = k0
            has_first[i] = 1
    steps = 0
    for d in range(run.draws_left):
        for i in range(m):
            if has_first[i] != 2:
                step_player[steps] = i
                step_first[steps] = d == 0
                steps += 1
    unknown = sorted([(i, run.drew[i], None if found is None else [(k, cards_of(k)) for k in found])
                      for i, (h, found) in enumerate(zip(run.hands, run.choices)) if h is None],
                     key=_shown_last)
    lone = run.lone
    lone_amount = 0
    lone_players = 0
    lone_eligible: tuple = ()
    if lone is not None:
        lone_amount = lone[0]
        lone_eligible = lone[1]
        lone_players = len(lone_eligible)
        for e in range(lone_players):
            elig[e] = lone_eligible[e]
    amount_f = float(lone_amount)
    amount_sq = float(lone_amount * lone_amount)
    pay = run.pay
    unit = run.unit
    for _ in range(samples):
        for k in range(n_pool):
            cards[k] = base[k]
        n = n_pool
        for i in range(m):
            masks[i] = start[i]
        moved = False
        for i, want, choices in unknown:
            if choices:  # kept shown cards: taken out of the unseen cards (the discards stay unseen)
                kept_mask, kept_cards = choices[int(rand.random() * len(choices))]
                if not moved:
                    moved = True
                    for k in range(n_pool):
                        pos[base[k]] = k
                for c in kept_cards:  # each swapped past the end of the unseen cards
                    k = pos[c]
                    n -= 1
                    other = cards[n]
                    cards[k] = other
                    cards[n] = c
                    pos[other] = k
                masks[i] = first[i] = kept_mask
                has_first[i] = 1
                continue
            if want == 0:
                masks[i] = _deal_badugi(cards, n, rand)
                n -= 4
                continue
            tries = CONDITION_TRIES if want is not None else 1
            mask = 0
            for _try in range(tries):  # dealt again until the policy draws what the file shows
                mask = 0
                for t in range(size):  # a partial shuffle: the cards dealt end the list, still unseen
                    x = rand.random()
                    k = int(x * (n - t))
                    end = n - 1 - t
                    card = cards[k]
                    cards[k] = cards[end]
                    cards[end] = card
                    mask |= one << card
                if want is None or size - _bits(badugi_count(mask, ace_high)[0]) == want:
                    break
            masks[i] = mask
            n -= size
        for s in range(steps):
            i = step_player[s]
            if step_first[s] and has_first[i]:
                kept = first[i]
            else:
                kept = badugi_count(masks[i], ace_high)[0]
            for _card in range(size - _bits(kept)):
                if not n:  # the stub ran out: every card no one holds (the discards) makes a new one
                    held = kept
                    for j in range(m):
                        if j != i:
                            held |= masks[j]
                    free = _EVERYTHING & ~held
                    for c in range(52):
                        if free >> c & 1:
                            cards[n] = c
                            n += 1
                    if not n:
                        raise BadInput("the deck ran out with no discard to reshuffle")
                x = rand.random()
                k = int(x * n)
                n -= 1
                card = cards[k]
                kept |= one << card
                cards[k] = cards[n]
            masks[i] = kept
        if lone is not None:  # one pot: its winner collects it all (or the tied winners share it)
            winner = best = 0  # classes run from 1
            tied = False
            for e in range(lone_players):
                j = elig[e]
                cls = fixed_class[j] or badugi_count(masks[j], ace_high)[1]
                if not best or cls < best:
                    best, winner, tied = cls, j, False
                elif cls == best:
                    tied = True
            if not tied:
                sums[winner] += amount_f
                squares[winner] += amount_sq
                continue
            shares = split(lone_amount, [j for j in lone_eligible
                                         if (fixed_class[j] or badugi_count(masks[j], ace_high)[1]) == best], unit)
            got = [shares.get(j, 0) for j in range(m)]
        else:
            got = pay([fixed_class[j] or badugi_count(masks[j], ace_high)[1] for j in range(m)])
        for i in range(m):
            g = got[i]
            if g:
                sums[i] += g
                squares[i] += g * g
    means = [sums[i] / samples for i in range(m)]
    if samples > 1:
        stderr = [math.sqrt(max(squares[i] - samples * means[i] ** 2, 0.0) / (samples - 1) / samples)
                  for i in range(m)]
    else:
        stderr = [0.0] * m
    return means, stderr


def _shown_last(unknown: tuple) -> bool:
    """Sort key of an unknown hand ``(position, drew, choices)``: those shown at the end come first."""
    return unknown[2] is None


def _deal_badugi(cards: list, n: int, rand: Twister) -> int:
    """``allin_deals._deal_badugi`` on the deal's cards: a badugi dealt uniformly from ``cards[:n]``, moved
    past the end of the unseen cards; returns its mask (the unseen count falls by four)."""
    counts = [0, 0, 0, 0]
    for k in range(n):
        counts[cards[k] & 3] += 1
    if not (counts[0] and counts[1] and counts[2] and counts[3]):
        raise BadInput("no badugi can be dealt from the unseen cards")
    picked = [0, 0, 0, 0]
    found = False
    for _try in range(10_000):  # a 4-rank pick comes within a few tries unless almost no rank is left
        for suit in range(4):  # the suit's positions in order, one of them picked
            want = int(rand.random() * counts[suit])
            k = 0
            while True:
                if cards[k] & 3 == suit:
                    if not want:
                        break
                    want -= 1
                k += 1
            picked[suit] = k
        ranks = 0
        for suit in range(4):
            ranks |= 1 << (cards[picked[suit]] >> 2)
        if _bits(ranks) == 4:
            found = True
            break
    if not found:
        raise BadInput("no badugi can be dealt from the unseen cards")
    mask = 0
    one = 1
    for _ in range(4):  # swap each past the end, highest position first
        top = 0
        for suit in range(1, 4):
            if picked[suit] > picked[top]:
                top = suit
        k = picked[top]
        picked[top] = -1
        n -= 1
        mask |= one << cards[k]
        card = cards[k]
        cards[k] = cards[n]
        cards[n] = card
    return mask


def lone_leaves(totals: list[float], pool: list[int], kept: int, need: int, share: float, amount: int, i: int,
                eligible: tuple[int, ...], classes: list[int], unit: int, ace_high: bool) -> None:
    """The last deals of ``Deals.exact`` in a Badugi all-in with one pot that the drawer ``i`` can win: each
    way of drawing ``need`` of the ``pool`` cards to ``kept`` (``itertools.combinations`` order), the pot's
    ``share`` of it paid as ``exact`` pays it, added to ``totals`` one deal after the other (the same sums
    in the same order: the same totals to the last bit). Compiled, the deals are C integers."""
    others = [j for j in eligible if j != i]
    rest = min([classes[j] for j in others]) if others else 0
    rest_winners = [j for j in others if classes[j] == rest]
    lone = rest_winners[0] if len(rest_winners) == 1 else -1  # the one other best hand, if only one
    step = share * amount
    mine = totals[i]
    theirs = totals[lone] if lone >= 0 else 0.0
    one = 1
    size = len(pool)
    if need < 1 or need > 4 or size < need or size > 52:
        raise BadInput(f"{need} of {size} cards to draw")  # pragma: no cover - exact draws one to four
    cards = [0] * 52
    at = [0] * 4  # the positions drawn, in combinations' order
    for k in range(size):
        cards[k] = pool[k]
    for k in range(need):
        at[k] = k
    while True:
        new = 0
        for k in range(need):
            new |= one << cards[at[k]]
        cls = badugi_count(kept | new, ace_high)[1]
        if not others or cls < rest:
            mine += step
        elif cls > rest and lone >= 0:
            theirs += step
        else:  # a tie, with the drawer or among the others
            totals[i] = mine
            if lone >= 0:
                totals[lone] = theirs
            tied = rest_winners if cls > rest else [j for j in eligible if j == i or classes[j] == rest]
            for j, got in split(amount, tied, unit).items():
                if got:
                    totals[j] += share * got
            mine = totals[i]
            if lone >= 0:
                theirs = totals[lone]
        k = need - 1  # the next combination
        while k >= 0 and at[k] == size - need + k:
            k -= 1
        if k < 0:
            break
        at[k] += 1
        for q in range(k + 1, need):
            at[q] = at[q - 1] + 1
    totals[i] = mine
    if lone >= 0:
        totals[lone] = theirs
