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
from .twister import DOUBLES, Twister, stream

if TYPE_CHECKING:
    from .allin_deals import Deals

CONDITION_TRIES = 50
"""Deals of an unknown hand tried until the policy draws the number of cards the file shows."""
MAX_PLAYERS = 10
"""Contenders the arrays hold (a table's seats); an all-in with more takes the general walk."""
MAX_CHOICES = 6
"""Sets of kept shown cards an unknown hand chooses from (``Deals.choices``): at most the six pairs of four cards."""
_EVERYTHING = (1 << 52) - 1
_DOUBLES = DOUBLES
"""(``twister.DOUBLES``; compiled, a C integer.)"""


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
_DEBRUIJN = 0x03F79D71B4CA8B09
"""A de Bruijn sequence of 64 bits: the top six bits of ``bit * _DEBRUIJN`` (mod 2**64) differ for each single bit
``bit``, so ``_CARD_AT`` maps them to the card (``badugi_count``: a multiply and a shift, no division a card)."""
_MASK64 = (1 << 64) - 1
"""(Compiled: the product is an unsigned 64-bit C integer already; the mask changes nothing.)"""
_CARD_AT = [0] * 64
for _c in range(52):
    _CARD_AT[((1 << _c) * _DEBRUIJN & _MASK64) >> 58] = _c
_CLASS_OF = list(_CLASS_OF_RANK_BITS)


_PATTERNS = 1 << 17
"""Patterns of one to five cards (``badugi_count``): a leading one, three bits a card (its suit and whether its
rank equals the card before's) and, aces high, whether the first card is an ace."""
_CHOSEN = list(bytes(_PATTERNS))  # (zeros; a list Cython converts to its C array)
"""The counted positions (``_SUBSETS``' entry) of each pattern searched so far; 0: not yet searched. Which
positions count depends only on the pattern (``allin_policy._new_badugi_counter`` says why; the tests check
every hand against the memoised counter). (Compiled: a C array, ``allin_badugi.pxd``.)"""


def badugi_count(mask: int, ace_high: bool) -> tuple[int, int]:
    """(the counted cards' mask, the class) of one to five Badugi cards: ``allin_policy``'s Badugi counter
    without its memo, searched as ``_search_counted`` searches (the largest set of distinct ranks and suits,
    the lowest of them, the first in position order on a tie) once per pattern of the cards (``_CHOSEN``);
    ``(0, 0)`` for no card. Measured (callgrind, worker path, mixed corpus): ~455 instructions a count
    searched every time, see the commit for the look-up's."""
    if not mask:
        return 0, 0
    one = 1
    packed = 0
    count = 0
    pattern = 1
    last = -1
    while mask:
        if count == 5:
            raise BadInput("a Badugi hand has one to five cards")
        rest = mask & (mask - 1)
        card = _CARD_AT[((mask ^ rest) * _DEBRUIJN & _MASK64) >> 58]
        mask = rest
        rank = card >> 2
        pattern = pattern << 3 | (card & 3) << 1 | (rank == last)
        last = rank
        packed |= card << 6 * count
        count += 1
    pattern = pattern << 1 | (ace_high and (packed & 63) < 4)
    best = _CHOSEN[pattern]
    if not best:
        best = _CHOSEN[pattern] = _search(packed, count, ace_high)
    kept = 0
    ranks = 0
    for p in range(count):
        if best >> p & 1:
            card = packed >> 6 * p & 63
            kept |= one << card
            rank = card >> 2
            if ace_high:
                rank = (rank + 12) % 13
            ranks |= one << rank
    return kept, _CLASS_OF[ranks]


def _search(packed: int, count: int, ace_high: bool) -> int:
    """The counted positions of ``count`` cards packed six bits each (``_SUBSETS``' entry): every subset,
    largest first, as ``allin_policy._search_counted`` tries them."""
    one = 1
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
    return best


def _random(rand: Twister) -> float:
    """``rand.random()`` read from its block here (compiled: a C function on two C fields, no Python call)."""
    if rand.pos >= _DOUBLES:
        rand.refill()
    x = rand.block[rand.pos]
    rand.pos += 1
    return x


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
    moved_cards = [0] * 52  # the cards those moves put elsewhere in this deal, and where they were before
    moved_from = [0] * 52
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
        pos[pool[k]] = k  # (each deal starts from ``base``: its moves are undone after it, not all made again)
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
    # the unknown hands' positions, counts drawn and kept shown cards to choose from, read out of their tuples once
    # (compiled, C arrays: no tuple unpacked and no count compared as a Python int a deal); a count not shown is -1,
    # one no deal can match (past any hand's size) 1000; an unknown hand's choices are ``choice_*``'s from
    # ``MAX_CHOICES * u`` on (``choice_count[u]`` of them; 0: no kept shown cards), each a mask and its cards
    n_unknown = len(unknown)
    unknown_player = [0] * 10
    unknown_want = [0] * 10
    choice_count = [0] * 10
    choice_mask = [0] * 60  # (MAX_PLAYERS * MAX_CHOICES)
    choice_size = [0] * 60
    choice_card = [0] * 240  # (four cards a choice)
    for u in range(n_unknown):
        i, drew, choices = unknown[u]
        unknown_player[u] = i
        unknown_want[u] = -1 if drew is None else drew if 0 <= drew <= 64 else 1000
        if choices:
            if len(choices) > MAX_CHOICES:
                raise BadInput(f"at most {MAX_CHOICES} sets of kept shown cards, got {len(choices)}")
            choice_count[u] = len(choices)
            for c in range(len(choices)):
                kept_mask, kept_cards = choices[c]
                if len(kept_cards) > 4:
                    raise BadInput(f"at most four kept shown cards, got {len(kept_cards)}")
                e = MAX_CHOICES * u + c
                choice_mask[e] = kept_mask
                choice_size[e] = len(kept_cards)
                for t in range(len(kept_cards)):
                    choice_card[4 * e + t] = kept_cards[t]
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
    # a tie's shares in C where every share and its square are C integers (a pot under 2**31, a unit of 1 or more)
    split_in_c = 0 <= lone_amount < 1 << 31 and isinstance(unit, int) and 1 <= unit < 1 << 31
    tied_at = [0] * 10
    classes = [0] * 10
    paid = [0] * 10
    amounts = [0] * 10
    orders = [0] * 10
    sizes = [0] * 10
    plan_count = _plan(run, amounts, orders, sizes)
    # each hand's count (its kept cards and class) with the hand it counted: found again only once the hand changes
    # (a hand dealt to an unknown player is counted to condition it, a pat hand's class is its kept cards')
    counted_mask = [0] * 10  # (badugi_count(0) is (0, 0): so are the other two)
    counted_kept = [0] * 10
    counted_class = [0] * 10
    small_plan = plan_count >= 0  # every payout under 2**31: its square a C integer too
    paid_total = 0
    for p in range(plan_count):
        paid_total += amounts[p]
        if paid_total >= 1 << 31:
            small_plan = False
            break
    for _ in range(samples):
        for k in range(n_pool):
            cards[k] = base[k]
        n = n_pool
        for i in range(m):
            masks[i] = start[i]
        moved = 0
        for u in range(n_unknown):
            i = unknown_player[u]
            want = unknown_want[u]
            if choice_count[u]:  # kept shown cards: taken out of the unseen cards (the discards stay unseen)
                k = int(_random(rand) * choice_count[u])
                e = MAX_CHOICES * u + k
                kept_mask = choice_mask[e]
                for t in range(choice_size[e]):  # each swapped past the end of the unseen cards
                    c = choice_card[4 * e + t]
                    k = pos[c]
                    n -= 1
                    other = cards[n]
                    cards[k] = other
                    cards[n] = c
                    moved_cards[moved] = other
                    moved_from[moved] = pos[other]
                    moved += 1
                    pos[other] = k
                masks[i] = first[i] = kept_mask
                has_first[i] = 1
                continue
            if want == 0:
                masks[i] = _deal_badugi(cards, n, rand)
                n -= 4
                continue
            tries = CONDITION_TRIES if want >= 0 else 1
            mask = 0
            for _try in range(tries):  # dealt again until the policy draws what the file shows
                mask = 0
                for t in range(size):  # a partial shuffle: the cards dealt end the list, still unseen
                    x = _random(rand)
                    k = int(x * (n - t))
                    end = n - 1 - t
                    card = cards[k]
                    cards[k] = cards[end]
                    cards[end] = card
                    mask |= one << card
                if want < 0:
                    break
                kept, cls = badugi_count(mask, ace_high)
                counted_mask[i] = mask
                counted_kept[i] = kept
                counted_class[i] = cls
                if size - _bits(kept) == want:
                    break
            masks[i] = mask
            n -= size
        while moved:  # the moves undone, the last first: ``pos`` is ``base``'s again for the next deal
            moved -= 1
            pos[moved_cards[moved]] = moved_from[moved]
        for s in range(steps):
            i = step_player[s]
            if step_first[s] and has_first[i]:
                kept = first[i]
            else:
                if counted_mask[i] != masks[i]:
                    kept, cls = badugi_count(masks[i], ace_high)
                    counted_mask[i] = masks[i]
                    counted_kept[i] = kept
                    counted_class[i] = cls
                kept = counted_kept[i]
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
                x = _random(rand)
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
                cls = fixed_class[j]
                if not cls:
                    if counted_mask[j] != masks[j]:
                        kept, cls = badugi_count(masks[j], ace_high)
                        counted_mask[j] = masks[j]
                        counted_kept[j] = kept
                        counted_class[j] = cls
                    cls = counted_class[j]
                classes[e] = cls
                if not best or cls < best:
                    best, winner, tied = cls, j, False
                elif cls == best:
                    tied = True
            if not tied:
                sums[winner] += amount_f
                squares[winner] += amount_sq
                continue
            if split_in_c:  # ``awards.split`` of the pot among the tied, on C integers (``_split_tied``)
                count = 0
                for e in range(lone_players):
                    if classes[e] == best:
                        tied_at[count] = elig[e]
                        count += 1
                _split_tied(lone_amount, unit, tied_at, count, paid, m)
                for i in range(m):
                    small = paid[i]
                    if small:
                        sums[i] += small
                        squares[i] += small * small
                continue
            shares = split(lone_amount, [elig[e] for e in range(lone_players) if classes[e] == best], unit)
            got = [shares.get(j, 0) for j in range(m)]
        else:
            for j in range(m):
                cls = fixed_class[j]
                if not cls:
                    if counted_mask[j] != masks[j]:
                        kept, cls = badugi_count(masks[j], ace_high)
                        counted_mask[j] = masks[j]
                        counted_kept[j] = kept
                        counted_class[j] = cls
                    cls = counted_class[j]
                classes[j] = cls
            if plan_count >= 0 and _pay_untied(classes, m, plan_count, amounts, orders, sizes, paid):
                for i in range(m):
                    if small_plan:
                        small = paid[i]
                        if small:
                            sums[i] += small
                            squares[i] += small * small
                        continue
                    g = paid[i]
                    if g:
                        sums[i] += g
                        squares[i] += g * g
                continue
            got = pay([classes[j] for j in range(m)])
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


def _plan(run: Deals, amounts: list, orders: list, sizes: list) -> int:
    """``run.paying`` (the pots that pay) into ``amounts``, ``orders`` (the eligible positions, four bits
    each) and ``sizes``; the number of pots, or -1 when more than ``MAX_PLAYERS`` pay (``pay`` then pays)."""
    paying = run.paying
    count = len(paying)
    if count > MAX_PLAYERS:
        return -1
    for p in range(count):
        amount, eligible = paying[p]
        if not 0 <= amount < 1 << 58:  # (their sums stay C integers)
            return -1
        amounts[p] = amount
        sizes[p] = len(eligible)
        order = 0
        for k in range(len(eligible)):
            order |= eligible[k] << 4 * k
        orders[p] = order
    return count


def _pay_untied(classes: list, m: int, count: int, amounts: list, orders: list, sizes: list, got: list) -> bool:
    """``_payer``'s pay of one pot half into ``got`` (each position's collection), where no pot is tied;
    ``False`` at a tie (``split_pot`` shares it: ``pay`` pays those)."""
    for j in range(m):
        got[j] = 0
    for p in range(count):
        order = orders[p]
        winner = order & 15
        best = classes[winner]
        tied = False
        for k in range(sizes[p]):
            j = order >> 4 * k & 15
            cls = classes[j]
            if cls < best:
                best = cls
                winner = j
                tied = False
            elif cls == best and j != winner:
                tied = True
        if tied:
            return False
        got[winner] += amounts[p]
    return True


def _split_tied(amount: int, unit: int, tied: list, count: int, got: list, m: int) -> None:
    """``awards.split(amount, tied[:count], unit)`` into ``got`` by position (``m`` of them, 0 for the others):
    equal shares in units of ``unit``, the odd units one each to the first of the tied in table order, the part of a
    unit left to the first. ``amount`` and ``unit`` are at least 0 and 1 and below 2**31 (compiled, C integers)."""
    for k in range(1, count):  # the tied in table order (an insertion sort of a few positions)
        j = tied[k]
        q = k - 1
        while q >= 0 and tied[q] > j:
            tied[q + 1] = tied[q]
            q -= 1
        tied[q + 1] = j
    for j in range(m):
        got[j] = 0
    chips = amount // unit
    rest = amount - chips * unit
    share = chips // count
    odd = chips - share * count
    for k in range(count):
        got[tied[k]] = share * unit + (unit if k < odd else 0)
    got[tied[0]] += rest


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
            want = int(_random(rand) * counts[suit])
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
    size = len(pool)
    if size > 52:
        raise BadInput(f"{need} of {size} cards to draw")  # pragma: no cover - exact draws one to four
    cards = [0] * 52
    for k in range(size):
        cards[k] = pool[k]
    _lone_leaves(totals, cards, size, kept, need, share, amount, i, eligible, classes, unit, ace_high)


def _lone_leaves(totals: list[float], cards: list[int], size: int, kept: int, need: int, share: float, amount: int,
                 i: int, eligible: tuple[int, ...], classes: list[int], unit: int, ace_high: bool) -> int:
    """``lone_leaves`` over the first ``size`` of ``cards`` (compiled, a C array: ``_exact_leaves`` hands its
    unseen cards over as they are)."""
    others = [j for j in eligible if j != i]
    rest = min([classes[j] for j in others]) if others else 0
    rest_winners = [j for j in others if classes[j] == rest]
    lone = rest_winners[0] if len(rest_winners) == 1 else -1  # the one other best hand, if only one
    step = share * amount
    mine = totals[i]
    theirs = totals[lone] if lone >= 0 else 0.0
    one = 1
    if need < 1 or need > 4 or size < need or size > 52:
        raise BadInput(f"{need} of {size} cards to draw")  # pragma: no cover - exact draws one to four
    at = [0] * 4  # the positions drawn, in combinations' order
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
    return 0


class _Exact:
    """One Badugi exact count's state (``exact_badugi``); compiled, an extension type of C fields."""

    def __init__(self, m: int, n_steps: int, ace_high: bool, limit: int, leaves: int, totals: list[float],
                 run: Deals) -> None:
        self.m = m
        self.n_steps = n_steps
        self.last_draw = n_steps - m  # the first step of the last draw
        self.ace_high = ace_high
        self.limit = limit
        self.leaves = leaves
        self.totals = totals
        self.pay = run.pay
        self.unit = run.unit
        lone = run.lone
        self.lone = lone is not None
        self.amount = lone[0] if lone is not None else 0
        self.amount_f = float(self.amount)
        self.eligible = lone[1] if lone is not None else ()
        self.lone_count = len(self.eligible)
        self.plan_count = -1  # the pots that pay (``_plan``), set by ``exact_badugi``
        self.lone_mask = 0  # the eligible positions' bits
        self.lone_order = 0  # the eligible positions in order, four bits each
        one = 1
        for k in range(self.lone_count):
            self.lone_mask |= one << self.eligible[k]
            self.lone_order |= self.eligible[k] << 4 * k


def exact_badugi(run: Deals, pool: list[int], first: list[int | None], masks: list[int], weight: float,
                 totals: list[float], leaves: int, limit: int) -> int:
    """``Deals.exact``'s walk of the deals from one choice of kept cards, for a Badugi all-in (one pot half,
    four cards, at most ``MAX_PLAYERS`` contenders and three draws): the same deals in the same order, each
    paid as ``exact`` pays it, added to ``totals`` in the same order (the same totals to the last bit). Returns
    the deals counted so far (``leaves`` before); past ``limit`` the count stops there (``TooMany``).
    Compiled, the hands and the unseen cards are C arrays, the counts ``badugi_count``'s."""
    m = len(masks)
    draws = run.draws_left
    n_pool = len(pool)
    if m > MAX_PLAYERS or draws > 3 or n_pool > 52:
        raise BadInput(f"at most {MAX_PLAYERS} contenders and three draws, got {m} and {draws}")
    hands = [0] * 10
    cards = [0] * 52
    step_player = [0] * 30
    step_has = [0] * 30  # 1: the cards kept at this step are ``step_fixed``'s (the first draw left)
    step_fixed = [0] * 30
    for i in range(m):
        hands[i] = masks[i]
    for k in range(n_pool):
        cards[k] = pool[k]
    s = 0
    for d in range(draws):
        for i in range(m):
            step_player[s] = i
            if d == 0 and first[i] is not None:
                step_has[s] = 1
                step_fixed[s] = first[i]
            s += 1
    e = _Exact(m, s, run.ace_high, limit, leaves, totals, run)
    amounts = [0] * 10
    orders = [0] * 10
    sizes = [0] * 10
    e.plan_count = _plan(run, amounts, orders, sizes)
    _exact_deal(e, 0, hands, cards, n_pool, weight, step_player, step_has, step_fixed, amounts, orders, sizes)
    return e.leaves


def _comb(n: int, k: int) -> int:
    """``math.comb(n, k)`` for ``k`` of 0..4 (compiled: C integers)."""
    if k > n:
        return 0
    r = 1
    for t in range(k):
        r = r * (n - t) // (t + 1)
    return r


def _exact_deal(e: _Exact, step: int, masks: list, pool: list, n_pool: int, weight: float, step_player: list,
                step_has: list, step_fixed: list, amounts: list, orders: list, sizes: list) -> int:
    """``Deals.exact``'s ``deal`` at ``step`` (its player's draw): 1 once the count passed its limit."""
    ace_high = e.ace_high
    one = 1
    i = step_player[step]
    if step_has[step]:
        kept = step_fixed[step]
    else:
        kept = badugi_count(masks[i], ace_high)[0]
    need = 4 - _bits(kept)
    last = step >= e.last_draw
    if last:
        for s in range(step + 1, e.n_steps):  # every later player stands pat?
            j = step_player[s]
            if step_has[s]:
                later = step_fixed[s]
            else:
                later = badugi_count(masks[j], ace_high)[0]
            if _bits(later) != 4:
                last = False
                break
    if last:
        return _exact_leaves(e, i, kept, need, masks, pool, n_pool, weight, amounts, orders, sizes)
    if not need:
        return _exact_deal(e, step + 1, masks, pool, n_pool, weight, step_player, step_has, step_fixed, amounts,
                           orders, sizes)
    ways = _comb(n_pool, need)
    if not ways:
        raise ZeroDivisionError("float division by zero")
    share = weight / ways
    m = e.m
    dealt = [0] * 10
    rest = [0] * 52
    at = [0] * 4  # the positions drawn, in combinations' order
    for k in range(need):
        at[k] = k
    while True:
        taken = 0
        for k in range(need):
            taken |= one << pool[at[k]]
        for j in range(m):
            dealt[j] = masks[j]
        dealt[i] = kept | taken
        n = 0
        for k in range(n_pool):
            if not taken >> pool[k] & 1:
                rest[n] = pool[k]
                n += 1
        if _exact_deal(e, step + 1, dealt, rest, n, share, step_player, step_has, step_fixed, amounts, orders, sizes):
            return 1
        k = need - 1  # the next combination
        while k >= 0 and at[k] == n_pool - need + k:
            k -= 1
        if k < 0:
            break
        at[k] += 1
        for q in range(k + 1, need):
            at[q] = at[q - 1] + 1
    return 0


def _exact_leaves(e: _Exact, i: int, kept: int, need: int, masks: list, pool: list, n_pool: int, weight: float,
                  amounts: list, orders: list, sizes: list) -> int:
    """The leaves of ``Deals.exact``: the last drawer ``i``'s deals, the players after standing pat."""
    ace_high = e.ace_high
    m = e.m
    totals = e.totals
    classes_of = [0] * 10
    paid = [0] * 10
    if not need:
        e.leaves += 1
        if e.leaves > e.limit:
            return 1
        if e.lone:  # ``_payer``'s pay of its one pot, where no tie calls ``split_pot``
            order = e.lone_order
            winner = order & 15
            best = badugi_count(masks[winner], ace_high)[1]
            tied = False
            for k in range(e.lone_count):
                j = order >> 4 * k & 15
                cls = badugi_count(masks[j], ace_high)[1]
                if cls < best:
                    best = cls
                    winner = j
                    tied = False
                elif cls == best and j != winner:
                    tied = True
            if not tied:
                totals[winner] += weight * e.amount_f
                return 0
        for j in range(m):
            classes_of[j] = badugi_count(masks[j], ace_high)[1]
        if e.plan_count >= 0 and _pay_untied(classes_of, m, e.plan_count, amounts, orders, sizes, paid):
            for j in range(m):
                if paid[j]:
                    totals[j] += weight * paid[j]
            return 0
        got = e.pay([classes_of[j] for j in range(m)])
        for j in range(m):
            if got[j]:
                totals[j] += weight * got[j]
        return 0
    ways = _comb(n_pool, need)
    e.leaves += ways
    if e.leaves > e.limit:
        return 1
    if not ways:
        raise ZeroDivisionError("float division by zero")
    share = weight / ways
    classes = [badugi_count(masks[j], ace_high)[1] for j in range(m)]
    if e.lone and e.lone_mask >> i & 1:
        _lone_leaves(totals, pool, n_pool, kept, need, share, e.amount, i, e.eligible, classes,
                    e.unit, ace_high)
        return 0
    one = 1
    at = [0] * 4
    for k in range(need):
        at[k] = k
    while True:
        new = 0
        for k in range(need):
            new |= one << pool[at[k]]
        classes[i] = badugi_count(kept | new, ace_high)[1]
        for j in range(m):
            classes_of[j] = classes[j]
        if e.plan_count >= 0 and _pay_untied(classes_of, m, e.plan_count, amounts, orders, sizes, paid):
            for j in range(m):
                if paid[j]:
                    totals[j] += share * paid[j]
        else:
            got = e.pay(classes)
            for j in range(m):
                if got[j]:
                    totals[j] += share * got[j]
        k = need - 1
        while k >= 0 and at[k] == n_pool - need + k:
            k -= 1
        if k < 0:
            break
        at[k] += 1
        for q in range(k + 1, need):
            at[q] = at[q - 1] + 1
    return 0
