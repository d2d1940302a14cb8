"""Draw odds against DESIGN §7, closed forms worked by hand, and a brute-force walk over every card order."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi.engine.cards import DECK, parse_cards
from badugi.engine.evaluator import class_of, value_of_class
from badugi.engine.odds import dealt_badugi_probability, draw_odds


def test_ten_out_one_card_draw_matches_design() -> None:
    odds = draw_odds(parse_cards("As 2d 3h"), parse_cards("3c"), draws=3)
    assert odds.method == "exact" and odds.outs == 10 and odds.unseen == 48 and odds.cards_drawn == 1
    # 10 outs among 48, then 47, then 46 unseen cards (each missed card is seen and thrown).
    one = Fraction(10, 48)
    two = 1 - Fraction(38, 48) * Fraction(37, 47)
    three = 1 - Fraction(38, 48) * Fraction(37, 47) * Fraction(36, 46)
    assert odds.p_badugi_by_draw == pytest.approx([float(one), float(two), float(three)], abs=1e-12)
    assert [round(p, 3) for p in odds.p_badugi_by_draw] == [0.208, 0.377, 0.512]
    for draws, expected in ((1, 0.208), (2, 0.377), (3, 0.512)):
        assert round(draw_odds(parse_cards("As 2d 3h"), parse_cards("3c"), draws=draws).p_badugi, 3) == expected


def test_dealt_badugi_is_six_point_three_four_percent() -> None:
    p = dealt_badugi_probability()
    assert p == pytest.approx(17_160 / 270_725, abs=1e-12)
    assert round(100 * p, 2) == 6.34


def test_one_card_draw_makes_each_badugi_once_per_out() -> None:
    odds = draw_odds(parse_cards("As 2d 3h"), parse_cards("3c"), draws=1)
    # outs are the clubs 4 .. K; each makes a badugi topped by that card
    assert odds.by_high_card(4) == pytest.approx({rank: 1 / 48 for rank in range(3, 13)})
    assert odds.made() == pytest.approx({4: 10 / 48, 3: 38 / 48, 2: 0.0, 1: 0.0})


def test_dead_cards_are_not_outs() -> None:
    odds = draw_odds(parse_cards("As 2d 3h"), parse_cards("3c"), dead=parse_cards("4c 5c Kd"), draws=2)
    assert odds.outs == 8 and odds.unseen == 45
    assert odds.p_badugi == pytest.approx(1 - (37 / 45) * (36 / 44))


def test_standing_pat() -> None:
    pat = draw_odds(parse_cards("As 2d 3h 4c"), draws=3)
    assert pat.p_badugi == 1.0 and pat.cards_drawn == 0
    snow = draw_odds(parse_cards("As 2d 3h 3c"), draws=2)
    assert snow.p_badugi == 0.0 and snow.made()[3] == 1.0


def test_bad_input_is_rejected() -> None:
    with pytest.raises(ValueError, match="share a rank"):
        draw_odds(parse_cards("As Ad 3h"), parse_cards("3c"))
    with pytest.raises(ValueError, match="3c"):
        draw_odds(parse_cards("As 2d 3h"), parse_cards("3c"), dead=parse_cards("3c"))
    with pytest.raises(ValueError, match="draws"):
        draw_odds(parse_cards("As 2d 3h"), parse_cards("3c"), draws=4)
    with pytest.raises(ValueError, match="draws"):
        draw_odds(parse_cards("As 2d 3h"), parse_cards("3c"), draws=0)


# --- brute force: every order of the unseen cards, with the strategy written out plainly ----------


def keep_after_draw(kept: tuple[int, ...], new: tuple[int, ...]) -> tuple[int, ...]:
    """Kept cards plus the subset of new cards with fresh ranks and suits that makes the best hand."""
    best = kept
    for size in range(1, len(new) + 1):
        for subset in combinations(new, size):
            cards = kept + subset
            if len({c // 4 for c in cards}) == len(cards) == len({c % 4 for c in cards}):
                if not best or class_of(cards) < class_of(best):
                    best = cards
    return best


def brute_force(kept: tuple[int, ...], pool: tuple[int, ...], draws: int) -> dict[int, Fraction]:
    """Final-hand class distribution by walking every possible set of cards at every draw."""
    n = 4 - len(kept)
    outcomes = list(combinations(pool, n))
    out: dict[int, Fraction] = {}
    for new in outcomes:
        weight = Fraction(1, len(outcomes))
        if draws == 1:
            sub = {class_of(kept + new): Fraction(1)}
        else:
            after = keep_after_draw(kept, new)
            if len(after) == 4:
                sub = {class_of(after): Fraction(1)}
            else:
                sub = brute_force(after, tuple(c for c in pool if c not in new), draws - 1)
        for cls, p in sub.items():
            out[cls] = out.get(cls, Fraction(0)) + weight * p
    return out


def compare_with_brute_force(hand: str, discard: str, dead: str, draws: int) -> None:
    hand_cards, discards, dead_cards = parse_cards(hand), parse_cards(discard), parse_cards(dead)
    kept = tuple(c for c in hand_cards if c not in discards)
    odds = draw_odds(kept, discards, dead_cards, draws=draws)
    assert odds.method == "exact"
    pool = tuple(c for c in DECK if c not in hand_cards and c not in dead_cards)
    expected = brute_force(tuple(int(c) for c in kept), tuple(int(c) for c in pool), draws)
    got = dict(odds.distribution)
    assert set(got) == {cls for cls, p in expected.items() if p}
    for cls, p in expected.items():
        assert got[cls] == pytest.approx(float(p), abs=1e-12), value_of_class(cls)


def test_one_card_draw_three_draws_brute_force() -> None:
    # a king-high three-card hand: on the last draw a low card of a used suit swaps in for the king
    compare_with_brute_force("As 2d Kh Kc", "Kc", "", 3)


def test_two_card_draw_brute_force() -> None:
    dead = "3c 4c 5c 6c 7c 8c 9d Td Jd Qd Kd 9h Th Jh Qh 9s Ts Js Qs 8s 8h 8d 7d 7h 7s Ks"
    compare_with_brute_force("As 2d 3h 3s", "3h 3s", dead, 2)


def test_two_card_draw_three_draws_brute_force() -> None:
    dead = "3c 4c 5c 6c 7c 8c 9d Td Jd Qd Kd 9h Th Jh Qh 9s Ts Js Qs 8s 8h 8d 7d 7h 7s Ks Kh Kc 6d 6h 6s 5h"
    compare_with_brute_force("As 2d 3h 3s", "3h 3s", dead, 3)


def test_three_and_four_card_draws_one_draw_brute_force() -> None:
    dead = "3c 4c 5c 6c 7c 8c 9d Td Jd Qd Kd 9h Th Jh Qh 9s Ts Js Qs 8s 8h 8d 7d 7h"
    compare_with_brute_force("As Ad 3h 3s", "Ad 3h 3s", dead, 1)
    compare_with_brute_force("As Ad 3h 3s", "As Ad 3h 3s", dead, 1)


def test_three_card_draw_two_draws_brute_force() -> None:
    dead = "3c 4c 5c 6c 7c 8c 9d Td Jd Qd Kd 9h Th Jh Qh 9s Ts Js Qs 8s 8h 8d 7d 7h 7s Ks Kh Kc 6d 6h 6s 5h 5d"
    compare_with_brute_force("As Ad 3h 3s", "Ad 3h 3s", dead, 2)


# --- Monte Carlo -------------------------------------------------------------------------------


def test_monte_carlo_agrees_with_exact_and_is_reproducible() -> None:
    kept, thrown = parse_cards("As 2d"), parse_cards("3h 3c")
    exact = draw_odds(kept, thrown, draws=3, method="exact")
    mc = draw_odds(kept, thrown, draws=3, method="monte-carlo", samples=20_000, seed=7)
    assert mc.method == "monte-carlo" and mc.samples == 20_000 and mc.seed == 7 and mc.stderr
    assert abs(mc.p_badugi - exact.p_badugi) < 4 * mc.stderr
    again = draw_odds(kept, thrown, draws=3, method="monte-carlo", samples=20_000, seed=7)
    assert again == mc


def test_deep_draws_use_monte_carlo_with_a_standard_error() -> None:
    assert draw_odds(parse_cards("As"), parse_cards("Ad 3h 3c"), draws=2).method == "exact"
    odds = draw_odds(parse_cards("As"), parse_cards("Ad 3h 3c"), draws=3, samples=5_000)
    assert odds.method == "monte-carlo" and odds.stderr is not None
    assert 0 < odds.p_badugi < 1 and odds.stderr == pytest.approx((odds.p_badugi * (1 - odds.p_badugi) / 5_000) ** 0.5)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True), st.integers(1, 3), st.integers(1, 2))
def test_distributions_are_consistent(hand: list[int], draws: int, thrown: int) -> None:
    kept = hand[thrown:]
    if len({c // 4 for c in kept}) < len(kept) or len({c % 4 for c in kept}) < len(kept):
        return
    odds = draw_odds(kept, hand[:thrown], draws=draws)
    assert sum(p for _, p in odds.distribution) == pytest.approx(1.0)
    assert list(odds.p_badugi_by_draw) == sorted(odds.p_badugi_by_draw)
    assert odds.made()[4] == pytest.approx(odds.p_badugi)
    # the drawing hand never gets worse than the kept cards
    assert all(cls <= class_of(kept) for cls, _ in odds.distribution)
