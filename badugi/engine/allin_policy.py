"""The all-in EV's draw policy and hand values, on card bit masks (``allin_ev`` deals with them).

The policy (``docs/stats.md``, all-in EV): Badugi keeps the counted cards (the evaluator's best subset; a
badugi stands pat); 2-7 and A-5 lowball stand pat on a made nine-low or better and otherwise keep one card
of each rank up to the eight (four of them when the five are a straight or a flush at 2-7); a split game
(Badacey, Badeucey) draws by its low half.

Each ranking has one *counter*: card mask -> ``(the cards the policy keeps, the hand's class)``, memoised
by the mask (a Monte Carlo run asks for the same few thousand hands again and again), shared by the policy
and the pot halves: a hand's keep and its class come from one evaluation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from itertools import combinations

from badugi.errors import BadInput

from .evaluator import class_of_ranks
from .games import BadugiRanking, Game
from .lowball import Category, Lowball

_EIGHT, _NINE = 7, 8  # rank indices (0 = ace .. 12 = king)
MASK_CACHE = 1 << 14
"""Hands remembered per memo (by card mask): a hand's own cards recur across its deals, random ones rarely;
larger memos cost memory (six memos of 131,072 hands took ~125 MB a process) for few more hits."""



class Counter:
    """Card mask -> (the mask of the cards the policy keeps, the hand's class in one pot half: 1 = best):
    ``compute`` memoised by the mask in a dict of at most ``MASK_CACHE`` hands (emptied when full).

    ``count(mask)`` is the look-up (``counter(mask)`` the same). Compiled, the all-in deals call ``count``
    as a C method: a hit is a dict look-up, where ``functools.lru_cache`` took ~700 instructions a call
    (an argument tuple, its list of recent hands) and ~2,000 a miss (callgrind, mixed corpus)."""

    def __init__(self, compute: Callable[[int], tuple[int, int]]) -> None:
        self.compute = compute
        self.memo: dict[int, tuple[int, int]] = {}

    def __call__(self, mask: int) -> tuple[int, int]:
        return self.count(mask)

    def count(self, mask: int) -> tuple[int, int]:
        found = self.memo.get(mask)
        if found is None:
            found = self.compute(mask)
            memo = self.memo
            if len(memo) >= MASK_CACHE:
                memo.clear()
            memo[mask] = found
        return found


def cards_of(mask: int) -> tuple[int, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def mask_of(cards: Sequence[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


_RANK_BIT = tuple(1 << (c >> 2) for c in range(52))
_RANK_BIT_ACE_HIGH = tuple(1 << ((c >> 2) + 12) % 13 for c in range(52))
_SUBSETS = {n: tuple((size, tuple(combinations(range(n), size))) for size in range(min(n, 4), 0, -1))
            for n in range(1, 6)}
"""Positions of every subset of ``n`` cards, largest first (Badugi counts at most four cards)."""


def _class_of_rank_bits() -> tuple[int, ...]:
    table = [0] * (1 << 13)
    for size in range(1, 5):
        for ranks in combinations(range(13), size):
            table[sum(1 << r for r in ranks)] = class_of_ranks(ranks)
    return tuple(table)


_CLASS_OF_RANK_BITS = _class_of_rank_bits()
"""Badugi class of the distinct ranks of a counted set, by their bit mask (0: not one to four ranks)."""
CARD_BIT = tuple(1 << c for c in range(52))
"""Each card's bit (a look-up, no new number made as ``1 << card`` does)."""
_CARD_OF_BIT = tuple(next((c for c in range(52) if (1 << c) % 67 == r), -1) for r in range(67))
"""A card by its bit mod 67: the powers of two below 2**52 leave 52 different remainders (2 is a primitive
root of 67), so a remainder and an index find a card, cheaper than ``bit_length()`` once compiled."""


# --- Badugi ---------------------------------------------------------------------------------------


def _search_counted(cards: list[int], rank_bit: tuple[int, ...]) -> tuple[int, ...]:
    """The counted positions of ``cards`` (in card order) by trying every subset, largest first: the largest
    set of distinct ranks and suits, the lowest among them (sets of distinct ranks compare from the top card
    down, as their rank bit masks compare as numbers), the first in position order on a tie."""
    for size, subsets in _SUBSETS.get(len(cards), ()):
        best_ranks = 0
        best: tuple[int, ...] = ()
        for subset in subsets:
            ranks = suits = 0
            for i in subset:
                ranks |= rank_bit[cards[i]]
                suits |= 1 << (cards[i] & 3)
            if ranks.bit_count() == size and suits.bit_count() == size and (not best_ranks or ranks < best_ranks):
                best_ranks = ranks
                best = subset
        if best_ranks:
            return best
    raise BadInput("a Badugi hand has one to five cards")


_COUNTED: dict[bool, Counter] = {}
"""One memoised Badugi counter per order of ranks (aces low, or high in Badeucey)."""


def _badugi_counter(ranking: BadugiRanking) -> Counter:
    found = _COUNTED.get(ranking.ace_high)
    if found is None:
        found = _COUNTED[ranking.ace_high] = _new_badugi_counter(ranking.ace_high)
    return found


def _new_badugi_counter(ace_high: bool) -> Counter:
    """Card mask of one to five cards -> (the counted cards' mask, the class).

    Which of a hand's cards count (their positions in card order, ``_search_counted``) depends only on the
    hand's *pattern*: each card's suit and whether its rank equals the card before's (in card order the
    ranks never go down), and, aces high (where the aces come first in card order but play highest),
    whether the first card is an ace. So the positions are searched once per pattern (3,995 patterns of one
    to five cards; tests/engine/test_allin_policy.py checks every hand against a direct search) and the
    class read from the counted ranks."""
    by_pattern: dict[int, tuple[int, ...]] = {}
    rank_bit = _RANK_BIT_ACE_HIGH if ace_high else _RANK_BIT
    return Counter(partial(_count_badugi, ace_high, by_pattern, rank_bit))


def _count_badugi(ace_high: bool, by_pattern: dict[int, tuple[int, ...]], rank_bit: tuple[int, ...], mask: int
                  ) -> tuple[int, int]:
    """A Badugi counter's work (``_new_badugi_counter``: ``mask`` -> (kept, class)), a module function so that
    ``allin_policy.pxd`` can give its locals C types; ``by_pattern``: the counted positions found so far.

    The cards are packed six bits each into one number (the first card lowest), not a list: compiled, the
    whole count stays in C integers (callgrind, mixed corpus: ~4,300 instructions a count before, with a
    list of the cards and the masks or-ed as Python numbers)."""
    if not mask:
        return 0, 0  # nothing held, nothing kept (a player who threw every card); no class
    card_of, class_of = _CARD_OF_BIT, _CLASS_OF_RANK_BITS
    one = 1
    packed = 0
    count = 0
    pattern = 1
    last = -1
    while mask:
        if count == 5:  # (the packed cards hold five)
            raise BadInput("a Badugi hand has one to five cards")
        rest = mask & (mask - 1)  # the lowest card taken off (no negative number: those cost more)
        card = card_of[(mask ^ rest) % 67]
        mask = rest
        rank = card >> 2
        pattern = pattern << 3 | (card & 3) << 1 | (rank == last)
        last = rank
        packed |= card << 6 * count
        count += 1
    if ace_high:
        pattern = pattern << 1 | ((packed & 63) < 4)
    chosen = by_pattern.get(pattern)
    if chosen is None:
        chosen = by_pattern[pattern] = _search_counted([packed >> 6 * k & 63 for k in range(count)], rank_bit)
    kept = ranks = 0
    for p in chosen:
        card = packed >> 6 * p & 63
        kept |= one << card
        bit = rank_bit[card]
        ranks |= bit
    return kept, class_of[ranks]


# --- lowball --------------------------------------------------------------------------------------


def _new_lowball_counter(ranking: Lowball) -> Counter:
    """Card mask -> (the cards kept, the low class of five cards; 0 for fewer). Stand pat on a made
    nine-low or better; else keep one card of each rank up to the eight (four of them when the five are a
    straight or a flush at 2-7)."""
    order = ranking.order
    eight, nine = order(_EIGHT), order(_NINE)
    hand_class = ranking.hand_class
    categories, class_ranks = ranking.categories, ranking.class_ranks
    stands_pat = tuple(cls > 0 and categories[cls] is Category.NO_PAIR and order(class_ranks[cls][0]) <= nine
                       for cls in range(ranking.class_count + 1))
    in_order = sorted(range(52), key=lambda c: (order(c >> 2), c & 3))  # ranks in this ranking's order, suits
    aces_last = in_order != list(range(52))  # 2-7: the aces, first in card order, come last
    if in_order != list(range(52)) and in_order != list(range(4, 52)) + list(range(4)):
        raise BadInput(f"no draw policy for the order of ranks of {ranking.title}")  # pragma: no cover
    low_enough = tuple(order(c >> 2) <= eight for c in range(52))
    card_of, card_bit, rank_bit = _CARD_OF_BIT, CARD_BIT, _RANK_BIT

    def counted(mask: int) -> tuple[int, int]:
        hand = mask
        cards = []
        while mask:  # in card order (as the Badugi counter)
            rest = mask & (mask - 1)
            cards.append(card_of[(mask ^ rest) % 67])
            mask = rest
        if aces_last and cards and cards[0] < 4:
            aces = 1
            while aces < len(cards) and cards[aces] < 4:
                aces += 1
            cards = cards[aces:] + cards[:aces]
        cls = 0
        if len(cards) == 5:
            cls = hand_class(*cards)
            if stands_pat[cls]:
                return hand, cls
        kept = ranks = count = 0
        for c in cards:
            if low_enough[c] and not ranks & rank_bit[c]:
                if count == 4:  # a fifth: the five make a straight or a flush at 2-7: keep the lowest four
                    break
                kept |= card_bit[c]
                ranks |= rank_bit[c]
                count += 1
        return kept, cls

    return Counter(counted)


_LOW_COUNTED: dict[str, Counter] = {}
"""One memoised counter per lowball ranking."""


def _lowball_counter(ranking: Lowball) -> Counter:
    found = _LOW_COUNTED.get(ranking.name)
    if found is None:
        found = _LOW_COUNTED[ranking.name] = _new_lowball_counter(ranking)
    return found


# --- per game -------------------------------------------------------------------------------------


def _counter(ranking: object) -> Counter:
    if isinstance(ranking, BadugiRanking):
        return _badugi_counter(ranking)
    if isinstance(ranking, Lowball):
        return _lowball_counter(ranking)
    raise BadInput(f"no all-in EV for a pot half ranked {ranking!r}")  # pragma: no cover - none in the registry


def policy_counter(game: Game) -> Counter:
    """Card mask -> (the cards the policy keeps, the class in the half it draws by): a game with a low half
    draws by it, Badugi by its own class."""
    lows = [r for r in game.halves if isinstance(r, Lowball)]
    if lows:
        return _lowball_counter(lows[0])
    if isinstance(game.halves[0], BadugiRanking) and game.hand_size == 4:
        return _badugi_counter(game.halves[0])
    raise BadInput(f"no draw policy for {game.title}")  # pragma: no cover - every game of the registry has one


def half_counters(game: Game) -> tuple[Counter, ...]:
    """Each pot half's counter, in the game's order of halves (the class at index 1)."""
    return tuple(_counter(ranking) for ranking in game.halves)


def policy_function(game: Game) -> Callable[[int], int]:
    """Card mask -> the mask of the cards the policy keeps."""
    counted = policy_counter(game)
    return lambda mask: counted(mask)[0]


def kept_by_policy(game: Game, cards: Sequence[int]) -> tuple[int, ...]:
    """The cards the stated policy keeps from ``cards`` (see the module docstring), in card order."""
    return cards_of(policy_counter(game)(mask_of(cards))[0])
