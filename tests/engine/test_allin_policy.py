"""The all-in EV's counters (engine/allin_policy.py): what the policy keeps and each hand's class, against
searches and rules written out here, and the engine's own evaluators for the classes.

A Badugi counter keeps the largest set of cards of distinct ranks and suits, the lowest among them (ranks
read from the top down, aces low, or high in Badeucey), the first such set in card order on a tie; the
counter finds it by the hand's pattern, so every pattern is met here (every hand made of six ranks, aces
among them), and random hands besides; ``-m slow`` checks every hand of one to five cards.
"""

from __future__ import annotations

import math
import random
from itertools import combinations

import pytest

from badugi.engine.allin_ev import Contender, Pot, allin_equity
from badugi.engine.allin_policy import kept_by_policy, policy_counter, half_counters
from badugi.engine.cards import parse_cards as c
from badugi.engine.evaluator import class_of
from badugi.engine.games import BADUGI, BADUGI_ACE_HIGH, BADUGI_GAME, GAMES, BadugiRanking
from badugi.engine.lowball import Category, Lowball


def mask(cards: tuple[int, ...] | list[int]) -> int:
    return sum(1 << card for card in cards)


def counted_by_search(cards: tuple[int, ...], ace_high: bool) -> tuple[int, ...]:
    """The counted cards by the rules: every subset tried, largest first, ranks compared from the top
    card down; the first lowest set in card order."""
    def strength(rank: int) -> int:  # higher is worse
        return (rank + 12) % 13 if ace_high else rank

    hand = sorted(cards)
    for size in range(min(len(hand), 4), 0, -1):
        best: tuple[int, ...] | None = None
        best_key: list[int] = []
        for subset in combinations(hand, size):
            if len({card >> 2 for card in subset}) == size and len({card & 3 for card in subset}) == size:
                key = sorted((strength(card >> 2) for card in subset), reverse=True)
                if best is None or key < best_key:
                    best, best_key = subset, key
        if best is not None:
            return best
    raise AssertionError("one card always counts")


def check_badugi_hand(cards: tuple[int, ...], ranking: BadugiRanking) -> None:
    counted = half_counters(GAMES["badeucey" if ranking.ace_high else "badugi"])[0]
    kept, cls = counted(mask(cards))
    assert kept == mask(counted_by_search(cards, ranking.ace_high)), cards
    assert cls == ranking.class_of(cards), cards  # the engine's evaluator


SIX_RANKS = [card for card in range(52) if card >> 2 in (0, 1, 2, 3, 11, 12)]  # A 2 3 4 Q K: every pattern


@pytest.mark.parametrize("ranking", [BADUGI, BADUGI_ACE_HIGH], ids=["aces-low", "aces-high"])
def test_badugi_counter_on_every_pattern_and_random_hands(ranking: BadugiRanking) -> None:
    for size in range(1, 6):
        for cards in combinations(SIX_RANKS, size):
            check_badugi_hand(cards, ranking)
    rng = random.Random(13)
    for _ in range(4000):
        check_badugi_hand(tuple(rng.sample(range(52), rng.randint(1, 5))), ranking)


@pytest.mark.slow
@pytest.mark.parametrize("ranking", [BADUGI, BADUGI_ACE_HIGH], ids=["aces-low", "aces-high"])
def test_badugi_counter_on_every_hand(ranking: BadugiRanking) -> None:
    for size in range(1, 6):
        for cards in combinations(range(52), size):
            check_badugi_hand(cards, ranking)


def test_badugi_counter_examples() -> None:
    counted = policy_counter(BADUGI_GAME)
    # A-2 either way: the first pair in card order (suits c, d, h, s) is Ad 2s
    assert counted(mask(c("As Ad 2s 2d"))) == (mask(c("Ad 2s")), class_of(c("Ad 2s")))
    assert counted(mask(c("Ks Qh Jd 2s"))) == (mask(c("2s Qh Jd")), class_of(c("2s Qh Jd")))
    aces_high = half_counters(GAMES["badeucey"])[0]
    assert aces_high(mask(c("As 2s 3d 4h 5c")))[0] == mask(c("2s 3d 4h 5c"))  # the ace is the worst card
    assert counted(0) == (0, 0)  # nothing held: nothing kept


def low_keep_by_rule(cards: tuple[int, ...], ranking: Lowball) -> tuple[int, ...]:
    """Stand pat on a made nine-low or better; else one card of each rank up to the eight, the four
    lowest when there are five."""
    order = ranking.order
    if len(cards) == 5:
        cls = ranking.class_of(cards)
        if ranking.categories[cls] is Category.NO_PAIR and max(order(card >> 2) for card in cards) <= order(8):
            return cards
    kept: list[int] = []
    for card in sorted(cards, key=lambda k: (order(k >> 2), k & 3)):
        if order(card >> 2) <= order(7) and all(k >> 2 != card >> 2 for k in kept):
            kept.append(card)
    return tuple(kept[:4])


@pytest.mark.parametrize("game", ["27_triple_draw", "a5_triple_draw"])
def test_lowball_counter_against_the_rule_and_the_evaluator(game: str) -> None:
    ranking = GAMES[game].halves[0]
    counted = policy_counter(GAMES[game])
    rng = random.Random(5)
    for _ in range(5000):
        cards = tuple(rng.sample(range(52), rng.choice((5, 5, 5, 4, 3))))
        kept, cls = counted(mask(cards))
        assert kept == mask(low_keep_by_rule(cards, ranking)), cards
        assert cls == (ranking.class_of(cards) if len(cards) == 5 else 0), cards
    assert kept_by_policy(GAMES[game], ()) == ()


@pytest.mark.parametrize("game", ["badacey", "badeucey"])
def test_split_games_draw_by_the_low_half_and_value_both(game: str) -> None:
    badugi, low = GAMES[game].halves
    counters = half_counters(GAMES[game])
    rng = random.Random(8)
    for _ in range(2000):
        cards = tuple(rng.sample(range(52), 5))
        assert [counted(mask(cards))[1] for counted in counters] == [badugi.class_of(cards), low.class_of(cards)]
        assert policy_counter(GAMES[game])(mask(cards))[0] == mask(low_keep_by_rule(cards, low))


def test_a_shown_hand_that_drew_every_card() -> None:
    """An unknown Badugi hand that drew all four at the last draw and showed at the end kept none of the
    shown cards: it is four cards dealt from the unseen ones (this once raised KeyError)."""
    a_hand = c("As 2d 3h 4c")  # the nuts, standing pat
    shown = c("5s 6d 7h 8c")
    dead = tuple(card for card in range(52) if card not in a_hand + shown and card >> 2 >= 3)  # 4s .. Ks out
    pool = [card for card in range(52) if card not in a_hand + dead]
    assert len(pool) == 13  # the other aces, deuces and treys, and the shown cards
    ties = deals = 0
    for hand in combinations(pool, 4):
        deals += 1
        ties += class_of(hand) == class_of(a_hand)
    assert ties == 0  # no four of A, 2, 3 and the shown 5-8 make A-2-3-4
    equity = allin_equity(BADUGI_GAME, [Contender(0, a_hand, a_hand), Contender(1, drew=4, shown=shown)],
                          [Pot(100, (0, 1))], 1, dead)
    assert deals == math.comb(13, 4)
    assert (equity.method, equity.deals) == ("exact", deals)
    assert equity.expected == {0: pytest.approx(100.0), 1: 0.0}
