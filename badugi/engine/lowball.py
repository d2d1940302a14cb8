"""Five-card lowball evaluators: 2-7 (deuce-to-seven) and A-5 (ace-to-five) low, exact and table-driven.

Rules (the games' standard descriptions):

* **2-7 low**: aces are high only, so A-2-3-4-5 is an ace-high hand, not a straight; straights and
  flushes count against the hand. Hands rank as high poker turned upside down: no pair (compared from
  the top card down), then one pair, two pair, three of a kind, straight, flush, full house, four of
  a kind, straight flush. 7,462 classes: 1 = 7-5-4-3-2 not all one suit (the best) .. 7,462 =
  A-K-Q-J-T of one suit.
* **A-5 low**: aces are low; straights and flushes do not exist; pairs count against the hand. No
  pair, then one pair, two pair, three of a kind, full house, four of a kind, lower ranks better
  within each. 6,175 classes (one per multiset of five ranks): 1 = 5-4-3-2-A .. 6,175 = K-K-K-K-Q.

As in the Badugi evaluator, a smaller class is a better hand and equal hands share a class.

Hot code calls :func:`hand_class_27` / :func:`hand_class_a5` with five Card ints. A card weighs
``5 ** rank``; no rank appears five times, so the sum of five weights is a base-5 number whose digits
count each rank: one dict read maps it to the class. 2-7 reads a second dict when all five cards share
a suit. The tables (13,637 entries) are built at import (about 15 ms).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any
from itertools import combinations

from badugi.engine.cards import Card, distinct_cards, format_cards
from badugi.engine.lowball_labels import Category, label_text, named_ranks, parse_label
from badugi.errors import BadInput

CLASS_COUNT_27 = 7462
CLASS_COUNT_A5 = 6175

_WEIGHT: tuple[int, ...] = tuple(5 ** (card >> 2) for card in range(52))


def order_27(rank: int) -> int:
    """Position of a rank at 2-7, lower is better: deuce 0 .. king 11, ace 12."""
    return (rank + 12) % 13


def order_a5(rank: int) -> int:
    """Position of a rank at A-5, lower is better: ace 0 .. king 12 (the card ranks themselves)."""
    return rank


def _hands_by_shape(order: Callable[[int], int]) -> list[tuple[Category, tuple[int, ...]]]:
    """Every multiset of five ranks (no rank five times), as ``(shape, ranks in comparison order)``:
    the groups first (larger group first, then the worse rank first), then the single cards from the
    worst down. 1,287 + 2,860 + 858 + 858 + 156 + 156 = 6,175 multisets."""
    def worst_first(ranks: Sequence[int]) -> tuple[int, ...]:
        return tuple(sorted(ranks, key=order, reverse=True))

    hands = [(Category.NO_PAIR, worst_first(five)) for five in combinations(range(13), 5)]
    for group in range(13):
        others = [r for r in range(13) if r != group]
        hands.extend((Category.PAIR, (group, group, *worst_first(k))) for k in combinations(others, 3))
        hands.extend((Category.TRIPS, (group, group, group, *worst_first(k))) for k in combinations(others, 2))
        hands.extend((Category.FULL_HOUSE, (group,) * 3 + (r, r)) for r in others)
        hands.extend((Category.QUADS, (group,) * 4 + (r,)) for r in others)
    for pairs in combinations(range(13), 2):
        high, low = worst_first(pairs)
        hands.extend((Category.TWO_PAIR, (high, high, low, low, r)) for r in range(13) if r not in pairs)
    return hands


def _build(ace_high: bool) -> tuple[tuple[Category, ...], tuple[tuple[int, ...], ...], dict[int, int], dict[int, int]]:
    """Class -> category, class -> ranks in comparison order, rank-weight sum -> class, and (2-7 only)
    rank-weight sum of a one-suit hand -> class. Index 0 of the class tuples is unused.

    At 2-7 each no-pair multiset is also a hand of one suit (a flush), and five consecutive ranks
    with aces high (2-6 .. T-A, never A-5) are a straight: 1,278 + 9 no-pair shapes twice over."""
    order = order_27 if ace_high else order_a5
    position = [order(r) for r in range(13)]
    values: list[tuple[int, Category, tuple[int, ...], bool]] = []
    for category, ranks in _hands_by_shape(order):
        a, b, c, d, e = (position[r] for r in ranks)
        tiebreak = (((a * 13 + b) * 13 + c) * 13 + d) * 13 + e  # the positions read as one number
        if ace_high and category is Category.NO_PAIR:
            straight = a - e == 4
            flush = Category.STRAIGHT_FLUSH if straight else Category.FLUSH
            values.append((flush * 13**5 + tiebreak, flush, ranks, True))
            category = Category.STRAIGHT if straight else Category.NO_PAIR
        values.append((category * 13**5 + tiebreak, category, ranks, False))
    values.sort()
    by_key: dict[int, int] = {}
    flush_by_key: dict[int, int] = {}
    for cls, (_, _, ranks, suited) in enumerate(values, start=1):
        (flush_by_key if suited else by_key)[sum([5**r for r in ranks])] = cls
    categories = (Category.NO_PAIR, *(v[1] for v in values))
    ranks_of = ((), *(v[2] for v in values))
    return categories, ranks_of, by_key, flush_by_key


_CATEGORY_27, _RANKS_27, _BY_KEY_27, _FLUSH_27 = _build(ace_high=True)
_CATEGORY_A5, _RANKS_A5, _BY_KEY_A5, _ = _build(ace_high=False)
assert len(_RANKS_27) - 1 == CLASS_COUNT_27 and len(_RANKS_A5) - 1 == CLASS_COUNT_A5


def hand_class_27(c0: int, c1: int, c2: int, c3: int, c4: int) -> int:
    """2-7 class (1 best .. 7,462) of five distinct Card ints: the hot path. It trusts its input:
    two equal cards read as a pair (:meth:`Lowball.class_of` checks)."""
    w = _WEIGHT
    try:
        if c0 & 3 == c1 & 3 == c2 & 3 == c3 & 3 == c4 & 3:
            return _FLUSH_27[w[c0] + w[c1] + w[c2] + w[c3] + w[c4]]
        return _BY_KEY_27[w[c0] + w[c1] + w[c2] + w[c3] + w[c4]]
    except (IndexError, KeyError, TypeError):
        raise BadInput(f"not five distinct cards 0..51: {(c0, c1, c2, c3, c4)!r}") from None


def hand_class_a5(c0: int, c1: int, c2: int, c3: int, c4: int) -> int:
    """A-5 class (1 best .. 6,175) of five distinct Card ints: the hot path (trusts its input, as
    :func:`hand_class_27`)."""
    w = _WEIGHT
    try:
        return _BY_KEY_A5[w[c0] + w[c1] + w[c2] + w[c3] + w[c4]]
    except (IndexError, KeyError, TypeError):
        raise BadInput(f"not five distinct cards 0..51: {(c0, c1, c2, c3, c4)!r}") from None


def five_cards(cards: Iterable[int], title: str) -> tuple[int, int, int, int, int]:
    """The cards as a checked 5-tuple: rejects non-cards, duplicates and other sizes, naming them."""
    hand = distinct_cards(cards)
    if len(hand) != 5:
        raise BadInput(f"a {title} hand has 5 cards, got {len(hand)}")
    c0, c1, c2, c3, c4 = hand
    return c0, c1, c2, c3, c4


@dataclass(frozen=True, slots=True, eq=False)
class Lowball:
    """One five-card low ranking: its hot path, its class tables and its labels. Compared by identity
    (there is one object per ranking)."""

    name: str
    """Short name: ``27`` or ``a5``."""
    title: str
    """What players call it: ``2-7 low`` / ``A-5 low``."""
    class_count: int
    hand_class: Callable[[int, int, int, int, int], int] = field(repr=False)
    """The hot path: five distinct Card ints -> class."""
    categories: tuple[Category, ...] = field(repr=False)
    """Class -> category (index 0 unused)."""
    class_ranks: tuple[tuple[int, ...], ...] = field(repr=False)
    """Class -> the five ranks in comparison order: groups first (the pair of a one-pair hand), then
    high to low as this ranking orders them (index 0 unused)."""
    order: Callable[[int], int] = field(repr=False)
    """Rank -> its position in this ranking, lower is better."""

    def class_of(self, cards: Iterable[int]) -> int:
        """Class of exactly five distinct cards (checked)."""
        return self.hand_class(*five_cards(cards, self.title))

    def evaluate(self, cards: Iterable[int]) -> LowValue:
        """Value of five distinct cards; its ``cards`` are in comparison order."""
        checked = five_cards(cards, self.title)
        cls = self.hand_class(*checked)
        ranks = self.class_ranks[cls]
        ordered = sorted((Card(c) for c in checked), key=lambda c: (ranks.index(c >> 2), c & 3))
        return LowValue(self, cls, tuple(ordered))

    def _check(self, cls: int) -> int:
        if isinstance(cls, bool) or not isinstance(cls, int) or not 1 <= cls <= self.class_count:
            raise BadInput(f"{self.title} class out of range 1..{self.class_count}: {cls!r}")
        return cls

    def category(self, cls: int) -> Category:
        return self.categories[self._check(cls)]

    def ranks(self, cls: int) -> tuple[int, ...]:
        """The five ranks of a class in comparison order (0 = ace .. 12 = king)."""
        return self.class_ranks[self._check(cls)]

    def label(self, value: LowValue | int, style: str = "pokerstars") -> str:
        """The room's words for a hand or class: PokerStars ``Lo: 7,5,4,3,2`` (see lowball_labels)."""
        cls = self._cls(value)
        return label_text(self.categories[cls], self.class_ranks[cls], style)

    def named(self, value: LowValue | int) -> tuple[Category, tuple[int, ...]]:
        """``(category, named ranks)``: what a correct label for this hand says, as :func:`parse_label`
        reads it; a room's label agrees with a hand when ``parse_label(text) == named(value)``."""
        cls = self._cls(value)
        return self.categories[cls], named_ranks(self.categories[cls], self.class_ranks[cls])

    def __deepcopy__(self, memo: dict) -> Lowball:
        return self  # one object per ranking, compared by identity: a copy is the ranking itself

    def read_label(self, text: str) -> tuple[Category, tuple[int, ...]]:
        """A room's words for a low hand read back (:func:`parse_label`); compare with :meth:`named`."""
        return parse_label(text)

    def _cls(self, value: RankedValue | int) -> int:
        if isinstance(value, RankedValue):
            if value.ranking is not self:  # a value of another ranking
                raise BadInput(f"a {value.ranking.title} value is not a {self.title} value")
            return value.cls
        return self._check(value)


@dataclass(frozen=True, slots=True, eq=False)
class RankedValue:
    """A hand's class under one ranking. ``a > b`` means a beats b; ``a == b`` a tie (same class).

    Values of different rankings never compare (``==`` is False, ordering raises TypeError). The
    ranking gives the words: ``ranking.label(value, style)``."""

    ranking: Any
    """The ranking that valued the hand (a :class:`Lowball`, or a Badugi ranking of ``games``)."""
    cls: int
    """Class number, 1 = the best hand of the ranking."""
    cards: tuple[Card, ...]
    """The counted cards in comparison order."""

    def label(self, style: str = "pokerstars") -> str:
        return str(self.ranking.label(self, style))

    def _comparable(self, other: object) -> bool:
        return isinstance(other, RankedValue) and other.ranking is self.ranking

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RankedValue):
            return other.ranking is self.ranking and self.cls == other.cls
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.ranking.name, self.cls))

    def __gt__(self, other: RankedValue) -> bool:
        return self.cls < other.cls if self._comparable(other) else NotImplemented

    def __ge__(self, other: RankedValue) -> bool:
        return self.cls <= other.cls if self._comparable(other) else NotImplemented

    def __lt__(self, other: RankedValue) -> bool:
        return self.cls > other.cls if self._comparable(other) else NotImplemented

    def __le__(self, other: RankedValue) -> bool:
        return self.cls >= other.cls if self._comparable(other) else NotImplemented

    def __str__(self) -> str:
        return f"{format_cards(self.cards)} ({self.label()})"


@dataclass(frozen=True, slots=True, eq=False)
class LowValue(RankedValue):
    """What a five-card low hand is worth; its ``cards`` are all five, groups first, then high to low."""

    @property
    def category(self) -> Category:
        return self.ranking.categories[self.cls]

    @property
    def ranks(self) -> tuple[int, ...]:
        return self.ranking.class_ranks[self.cls]


DEUCE_SEVEN = Lowball("27", "2-7 low", CLASS_COUNT_27, hand_class_27, _CATEGORY_27, _RANKS_27, order_27)
ACE_FIVE = Lowball("a5", "A-5 low", CLASS_COUNT_A5, hand_class_a5, _CATEGORY_A5, _RANKS_A5, order_a5)
LOWBALLS: dict[str, Lowball] = {DEUCE_SEVEN.name: DEUCE_SEVEN, ACE_FIVE.name: ACE_FIVE}

__all__ = [
    "ACE_FIVE",
    "CLASS_COUNT_27",
    "CLASS_COUNT_A5",
    "Category",
    "DEUCE_SEVEN",
    "LOWBALLS",
    "LowValue",
    "RankedValue",
    "Lowball",
    "hand_class_27",
    "hand_class_a5",
    "order_27",
    "order_a5",
    "parse_label",
]
