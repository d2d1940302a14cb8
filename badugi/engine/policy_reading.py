"""What a simulated player reads off their own cards, game by game (``policies`` decide with it).

A policy asks four things, whatever the game: is the hand in the top X % of deals (``in_top``, exact over
every deal of the game), how many of its cards count toward a made hand and how high the worst of them is
(``counted``: a made hand counts ``full`` cards), and which cards to throw to keep the counted ones
(``discards``). The answers per game:

* **Badugi**: the evaluator's counted subset (a badugi counts four); strength is the class among the
  270,725 four-card deals.
* **2-7 and A-5 low** (and the low half of Badacey and Badeucey): a made hand is five cards with no pair
  (at 2-7 also no straight and no flush: the evaluator's "no pair" category); otherwise the counted cards
  are one card of each rank, best first, nine or better, at most four. Strength is the five-card class
  among all 2,598,960 deals, counted exactly from the 6,175 multisets of ranks and their suitings. A
  split game is read by its low half (the five-card hand; a low hand makes good Badugi cards too).

Positions run 0 = the best rank of the game's order (Badugi and A-5: the ace; 2-7: the deuce).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb, prod
from typing import Protocol

from .cards import Card
from .evaluator import CLASS_COUNT, evaluate, hand_class
from .games import BADUGI_GAME, Game
from .lowball import Category, Lowball

NINE = 8
"""Rank index of the nine (0 = ace)."""


class Reading(Protocol):
    """A policy's view of its cards in one game."""

    full: int
    """Counted cards of a made hand: 4 in Badugi, 5 in the five-card games."""

    def in_top(self, cards: tuple[Card, ...], share: float, rng: random.Random) -> bool: ...

    def percentile(self, cards: tuple[Card, ...]) -> float: ...

    def counted(self, cards: tuple[Card, ...]) -> tuple[int, int]: ...

    def discards(self, cards: tuple[Card, ...], break_high: bool) -> tuple[Card, ...]: ...


# ---- Badugi ---------------------------------------------------------------------------------------


@cache
def class_cumulative() -> tuple[float, ...]:
    """``cum[c]`` = share of the 270,725 four-card deals whose class is ``<= c`` (``cum[0] = 0``)."""
    counts = [0] * (CLASS_COUNT + 1)
    for c0, c1, c2, c3 in combinations(range(52), 4):
        counts[hand_class(c0, c1, c2, c3)] += 1
    return _cumulative(counts)


def _cumulative(counts: list[int]) -> tuple[float, ...]:
    total = sum(counts)
    cum, running = [0.0], 0
    for count in counts[1:]:
        running += count
        cum.append(running / total)
    return tuple(cum)


def _in_top(cum: tuple[float, ...], cls: int, share: float, rng: random.Random) -> bool:
    """True for exactly ``share`` of random deals: classes strictly inside the top ``share`` always,
    the class straddling the boundary with the probability that makes the total exact."""
    if share <= 0:
        return False
    if share >= 1:
        return True
    below, upto = cum[cls - 1], cum[cls]
    if upto <= share:
        return True
    if below >= share:
        return False
    return rng.random() < (share - below) / (upto - below)


def in_top(cards: tuple[Card, ...], share: float, rng: random.Random) -> bool:
    """Badugi: whether four cards are in the top ``share`` of deals (exact; see ``_in_top``)."""
    if share <= 0 or share >= 1:
        return share >= 1
    return _in_top(class_cumulative(), hand_class(*cards), share, rng)


def strength_percentile(cards: tuple[Card, ...]) -> float:
    """Badugi: share of deals at least as good as these four cards (0 = the best hand, 1 = the worst)."""
    return class_cumulative()[hand_class(*cards)]


def keep_counted(cards: tuple[Card, ...], break_high: bool) -> tuple[Card, ...]:
    """Badugi: discards that keep the counted subset; ``break_high`` also throws its highest card."""
    counted = evaluate(cards).cards
    kept = list(counted[1:] if break_high and len(counted) > 1 else counted)
    return tuple(c for c in cards if c not in kept)


@dataclass(frozen=True)
class BadugiReading:
    """Badugi as the policies have always read it (the functions above)."""

    full: int = 4

    def in_top(self, cards: tuple[Card, ...], share: float, rng: random.Random) -> bool:
        return in_top(cards, share, rng)

    def percentile(self, cards: tuple[Card, ...]) -> float:
        return strength_percentile(cards)

    def counted(self, cards: tuple[Card, ...]) -> tuple[int, int]:
        value = evaluate(cards)
        return value.size, value.ranks[0]

    def discards(self, cards: tuple[Card, ...], break_high: bool) -> tuple[Card, ...]:
        return keep_counted(cards, break_high)


# ---- five-card low --------------------------------------------------------------------------------


@cache
def low_cumulative(ranking: Lowball) -> tuple[float, ...]:
    """``cum[c]`` = share of the 2,598,960 five-card deals whose class in ``ranking`` is ``<= c``: each
    multiset of five ranks once, weighted by its suitings (``C(4, m)`` per rank held ``m`` times; five
    different ranks are one suit in 4 of their 1,024 suitings, a flush at 2-7)."""
    counts = [0] * (ranking.class_count + 1)
    for ranks in combinations_with_replacement(range(13), 5):
        held = Counter(ranks)
        if max(held.values()) > 4:
            continue
        cards = [rank * 4 + k for rank, m in held.items() for k in range(m)]  # suits 0.. per rank
        ways = prod(comb(4, m) for m in held.values())
        if len(held) == 5:  # no pair: one suiting in 256 is a flush (it counts as one only at 2-7)
            cards[-1] = cards[-1] - (cards[-1] & 3) + 1  # two suits: no flush
            counts[ranking.hand_class(*cards)] += ways - 4
            counts[ranking.hand_class(*(rank * 4 for rank in ranks))] += 4
        else:
            counts[ranking.hand_class(*cards)] += ways
    return _cumulative(counts)


@dataclass(frozen=True)
class LowReading:
    """A five-card low hand (2-7 or A-5), see the module docstring."""

    ranking: Lowball
    full: int = 5
    keep_worst: int = 0
    """The worst position kept toward a low hand: the nine's (set in ``__post_init__``)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "keep_worst", self.ranking.order(NINE))

    def in_top(self, cards: tuple[Card, ...], share: float, rng: random.Random) -> bool:
        if share <= 0 or share >= 1:
            return share >= 1
        return _in_top(low_cumulative(self.ranking), self.ranking.hand_class(*cards), share, rng)

    def percentile(self, cards: tuple[Card, ...]) -> float:
        return low_cumulative(self.ranking)[self.ranking.hand_class(*cards)]

    def _kept(self, cards: tuple[Card, ...]) -> list[Card]:
        """The counted cards, best first: all five of a made hand, else one per rank, nine or better,
        at most four."""
        order = self.ranking.order
        best_first = sorted(cards, key=lambda c: (order(c >> 2), c))
        if self.ranking.categories[self.ranking.hand_class(*cards)] is Category.NO_PAIR:
            return best_first
        kept: list[Card] = []
        ranks: set[int] = set()
        for card in best_first:
            if card >> 2 not in ranks and order(card >> 2) <= self.keep_worst:
                ranks.add(card >> 2)
                kept.append(card)
        return kept[:4]

    def counted(self, cards: tuple[Card, ...]) -> tuple[int, int]:
        kept = self._kept(cards)
        worst = self.ranking.order(kept[-1] >> 2) if kept else 12
        return len(kept), worst

    def draw_high(self, cards: tuple[Card, ...]) -> int:
        """The position of the worst of the four best counted cards: how good a one-card draw breaking
        the top card leaves (12 when fewer than four count)."""
        kept = self._kept(cards)
        return self.ranking.order(kept[3] >> 2) if len(kept) > 3 else 12

    def discards(self, cards: tuple[Card, ...], break_high: bool) -> tuple[Card, ...]:
        kept = self._kept(cards)
        if break_high and len(kept) > 1:
            kept = kept[:-1]
        return tuple(c for c in cards if c not in kept)


BADUGI_READING = BadugiReading()


@cache
def reading_of(game: Game) -> Reading:
    """How a policy reads its cards in ``game``: Badugi's own; a five-card game by its low ranking."""
    if game.name == BADUGI_GAME.name:
        return BADUGI_READING
    low = next(ranking for ranking in reversed(game.halves) if isinstance(ranking, Lowball))
    return LowReading(low)
