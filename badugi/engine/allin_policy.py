"""The all-in EV's draw policy and hand values, on card bit masks (``allin_ev`` deals with them).

The policy (``docs/stats.md``, all-in EV): Badugi keeps the counted cards (the evaluator's best subset; a
badugi stands pat); 2-7 and A-5 lowball stand pat on a made nine-low or better and otherwise keep one card
of each rank up to the eight (four of them when the five are a straight or a flush at 2-7); a split game
(Badacey, Badeucey) draws by its low half. Every function is memoised by the hand's mask: a Monte Carlo
run asks for the same few thousand hands again and again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations

from badugi.errors import BadInput

from .evaluator import class_of_ranks
from .games import BadugiRanking, Game
from .lowball import Category, Lowball

_EIGHT, _NINE = 7, 8  # rank indices (0 = ace .. 12 = king)
MASK_CACHE = 1 << 14
"""Hands remembered per memo (by card mask): a hand's own cards recur across its deals, random ones rarely;
larger memos cost memory (six memos of 131,072 hands took ~125 MB a process) for few more hits."""


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
_CLASS_OF_RANK_BITS = {sum(1 << r for r in ranks): class_of_ranks(ranks)
                       for size in range(1, 5) for ranks in combinations(range(13), size)}
"""Badugi class of the distinct ranks of a counted set, by their bit mask."""


_COUNTED: dict[bool, Callable[[int], tuple[int, int]]] = {}
"""One memoised ``counted`` per order of ranks (aces low, or high in Badeucey), shared by policy and classes."""


def _badugi_counted(ranking: BadugiRanking) -> Callable[[int], tuple[int, int]]:
    found = _COUNTED.get(ranking.ace_high)
    if found is None:
        found = _COUNTED[ranking.ace_high] = _new_badugi_counted(ranking)
    return found


def _new_badugi_counted(ranking: BadugiRanking) -> Callable[[int], tuple[int, int]]:
    """Card mask -> (the counted cards' mask, the class): the largest set of distinct ranks and suits,
    the lowest among them. Within one size, sets of distinct ranks compare from the top card down, as
    their rank bit masks compare as numbers (in the ranking's order of ranks: Badeucey's aces high).

    Suits only matter by which cards share one, so the answer is memoised by the hand's shape: its ranks
    with the suits renamed in the order they first appear (about 16,000 shapes of four cards, against
    270,725 hands), as the positions of the counted cards among the hand's cards in card order."""
    rank_bit = _RANK_BIT_ACE_HIGH if ranking.ace_high else _RANK_BIT
    class_of = _CLASS_OF_RANK_BITS

    @lru_cache(maxsize=1 << 16)
    def by_shape(shape: tuple[int, ...]) -> tuple[int, int]:
        """(the counted positions' bit mask, the class) of a hand given as rank bit, suit bit pairs."""
        count = len(shape) // 2
        for size, subsets in _SUBSETS[count]:
            best_ranks = best = 0
            for subset in subsets:
                r = s = 0
                for i in subset:
                    r |= shape[2 * i]
                    s |= shape[2 * i + 1]
                if r.bit_count() == size and s.bit_count() == size and (not best_ranks or r < best_ranks):
                    best_ranks = r
                    best = 0
                    for i in subset:
                        best |= 1 << i
            if best_ranks:
                return best, class_of[best_ranks]
        raise BadInput("a Badugi hand has one to five cards")

    @lru_cache(maxsize=MASK_CACHE)
    def counted(mask: int) -> tuple[int, int]:
        """Memoised by the hand itself too: a Monte Carlo run asks for the same few thousand hands
        again and again (measured on the samples' 86 sampled all-ins: 3.7 of 5.3 s spent here uncached)."""
        cards = cards_of(mask)
        renamed: dict[int, int] = {}
        shape: list[int] = []
        for c in cards:
            suit = c & 3
            shape.append(rank_bit[c])
            shape.append(renamed.setdefault(suit, 1 << len(renamed)))
        positions, cls = by_shape(tuple(shape))
        kept = 0
        for i, c in enumerate(cards):
            if positions >> i & 1:
                kept |= 1 << c
        return kept, cls

    return counted


def _lowball_keep(ranking: Lowball) -> Callable[[int], int]:
    """Stand pat on a made nine-low or better; else keep one card of each rank up to the eight (four of
    them when the five are a straight or a flush at 2-7)."""
    order = ranking.order
    eight, nine = order(_EIGHT), order(_NINE)

    @lru_cache(maxsize=MASK_CACHE)
    def keep(mask: int) -> int:
        cards = sorted(cards_of(mask), key=lambda c: (order(c >> 2), c & 3))
        if len(cards) == 5:
            cls = ranking.hand_class(*cards)
            if ranking.categories[cls] is Category.NO_PAIR and order(ranking.class_ranks[cls][0]) <= nine:
                return mask
        kept: list[int] = []
        ranks: set[int] = set()
        for c in cards:
            if order(c >> 2) <= eight and c >> 2 not in ranks:
                kept.append(c)
                ranks.add(c >> 2)
        return mask_of(kept[:4] if len(kept) == 5 else kept)

    return keep


_POLICIES: dict[str, Callable[[int], int]] = {}
_CLASSES: dict[str, Callable[[int], tuple[int, ...]]] = {}


def policy_function(game: Game) -> Callable[[int], int]:
    """Card mask -> the mask of the cards the policy keeps (memoised per game)."""
    found = _POLICIES.get(game.name)
    if found is None:
        lows = [r for r in game.halves if isinstance(r, Lowball)]
        if lows:
            found = _lowball_keep(lows[0])
        elif isinstance(game.halves[0], BadugiRanking) and game.hand_size == 4:
            counted = _badugi_counted(game.halves[0])
            found = lambda mask, counted=counted: counted(mask)[0]  # the counted cards (memoised there)
        else:  # pragma: no cover - every game of the registry has one of the two
            raise BadInput(f"no draw policy for {game.title}")
        _POLICIES[game.name] = found
    return found


def kept_by_policy(game: Game, cards: Sequence[int]) -> tuple[int, ...]:
    """The cards the stated policy keeps from ``cards`` (see the module docstring), in card order."""
    return cards_of(policy_function(game)(mask_of(cards)))


def class_function(game: Game) -> Callable[[int], tuple[int, ...]]:
    """Card mask of a whole hand -> its class in each pot half (memoised per game; 1 = best)."""
    found = _CLASSES.get(game.name)
    if found is None:
        halves: list[Callable[[int], int]] = []
        for ranking in game.halves:
            if isinstance(ranking, BadugiRanking):
                counted = _badugi_counted(ranking)
                halves.append(lambda mask, counted=counted: counted(mask)[1])
            elif isinstance(ranking, Lowball):
                halves.append(lru_cache(maxsize=MASK_CACHE)(
                    lambda mask, hand_class=ranking.hand_class: hand_class(*cards_of(mask))))
            else:  # pragma: no cover - every ranking of the registry is one of the two
                halves.append(lambda mask, ranking=ranking: ranking.class_of(cards_of(mask)))
        if len(halves) == 1:
            only = halves[0]
            found = lambda mask, only=only: (only(mask),)
        else:
            found = lru_cache(maxsize=MASK_CACHE)(lambda mask: tuple(half(mask) for half in halves))
        _CLASSES[game.name] = found
    return found
