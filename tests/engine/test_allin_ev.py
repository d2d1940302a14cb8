"""All-in EV (engine/allin_ev.py, engine/allin_hand.py) against enumerations written out here.

Every expected value is counted by the test itself: it lists the unseen cards from the cards the hand
shows, deals every possible draw, values the hands with the evaluators (or by the rules, in words) and
shares the pot. Nothing is taken from the module's own output.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from badugi.engine.allin_ev import Contender, Pot, allin_equity, kept_by_policy
from badugi.engine.cards import parse_cards as c
from badugi.engine.evaluator import class_of
from badugi.engine.games import BADUGI_GAME, GAMES
from badugi.engine.lowball import hand_class_27
from badugi.engine.record import (
    Bet, Call, Claims, Collect, Deal, Draw, DrawDeal, Hand, Limit, Post, PostKind, Raise, Seat, Show, Source, Stakes,
)
from badugi.engine.replay import replay
from badugi.errors import BadInput


def unseen(*known: str) -> list[int]:
    """Every card not named in ``known`` (the test's own count of the unseen deck)."""
    named = {card for text in known for card in c(text)}
    return [card for card in range(52) if card not in named]


def heads_up_allin_before_draw_3() -> Hand:
    """A (hero, the button, small blind heads-up) 200 against B 1,000 at 25/50 fixed limit.

    Pre-draw A raises to 50, B calls (pot 100). Draw 1: B draws 2, A throws Qh for 3c. Round 1: B bets 25,
    A raises to 50, B calls (pot 200). Draw 2: B draws 1, A throws Qc for Kc. Round 2: B bets 50, A raises
    all in to 100, B calls: pot 400, the betting closed with draw 3 to come. A holds As 2d 3c Kc (counted
    A-2-3) and throws Kc; B stands pat on 4s 5d 9h 8c (9-8-5-4) and shows it. A catches Jh and loses."""
    events = (
        Post("A", PostKind.SMALL_BLIND, 10), Post("B", PostKind.BIG_BLIND, 25),
        Deal("A", c("As 2d Qc Qh")),
        Raise("A", 0, 25, 50), Call("B", 0, 25),
        Draw("B", 1, 2), Draw("A", 1, 1, discards=c("Qh")), DrawDeal("A", 1, 1, kept=c("As 2d Qc"), new=c("3c")),
        Bet("B", 1, 25), Raise("A", 1, 25, 50), Call("B", 1, 25),
        Draw("B", 2, 1), Draw("A", 2, 1, discards=c("Qc")), DrawDeal("A", 2, 1, kept=c("As 2d 3c"), new=c("Kc")),
        Bet("B", 2, 50), Raise("A", 2, 50, 100, all_in=True), Call("B", 2, 50),
        Draw("B", 3, 0), Draw("A", 3, 1, discards=c("Kc")), DrawDeal("A", 3, 1, kept=c("As 2d 3c"), new=c("Jh")),
        Show("B", c("4s 5d 9h 8c")), Show("A", c("As 2d 3c Jh")), Collect("B", 400),
    )
    return Hand(room="pokerstars", hand_id="ev-1", game="badugi", limit=Limit.FIXED, stakes=Stakes(25, 50, 10, 25),
                currency="USD", source=Source("x.txt", 1), max_seats=2, button=1,
                seats=(Seat(1, "A", 200), Seat(2, "B", 1000)), events=events,
                claims=Claims(total_pot=400, rake=0), hero="A")


def test_one_draw_allin_against_enumeration() -> None:
    r = replay(heads_up_allin_before_draw_3())
    assert r.codes == ()
    a, b = r.facts("A"), r.facts("B")
    assert (a.net, b.net) == (-200, 200)
    # what is known when the betting closed: A's hand, B's pat hand (shown), A's discards Qh and Qc
    pool = unseen("As 2d 3c Kc", "4s 5d 9h 8c", "Qh Qc")
    assert len(pool) == 42
    b_class = class_of(c("4s 5d 9h 8c"))
    won = tied = 0
    for new in pool:
        mine = class_of(c("As 2d 3c") + (new,))
        won += mine < b_class
        tied += mine == b_class
    assert (won, tied) == (5, 0)  # 4h 5h 6h 7h 8h: a badugi under 9-8-5-4 (9h is B's, Qh dead)
    assert a.ev_method == b.ev_method == "exact"
    assert a.ev_net == pytest.approx(400 * won / 42 - 200)
    assert b.ev_net == pytest.approx(400 * (42 - won) / 42 - 200)
    assert a.ev_net_se == b.ev_net_se == 0.0
    assert a.ev_net + b.ev_net == pytest.approx(-(r.rake or 0))


def test_both_drawing_one_card_against_enumeration() -> None:
    """Both hands known, both draw one with one draw left: every pair of new cards, ties split with the
    odd chip to the first player left of the button (table index 0)."""
    a_hand, b_hand = c("As 2d 3h 3c"), c("Ac 2h 3s 3d")  # both keep A-2-3 and need the suit they lack
    dead = c("Kd Ks")
    pool = unseen("As 2d 3h 3c", "Ac 2h 3s 3d", "Kd Ks")
    pot = 1001
    got = [0.0, 0.0]
    pairs = 0
    for x in pool:  # player 0 draws first, then player 1 from what is left: every ordered pair once
        for y in pool:
            if x == y:
                continue
            pairs += 1
            ca, cb = class_of(c("As 2d 3h") + (x,)), class_of(c("Ac 2h 3s") + (y,))
            if ca < cb:
                got[0] += pot
            elif cb < ca:
                got[1] += pot
            else:
                got[0] += 501  # 1,001 split: the odd chip left of the button
                got[1] += 500
    assert pairs == 42 * 41
    equity = allin_equity(BADUGI_GAME, [Contender(0, a_hand, c("As 2d 3h")), Contender(1, b_hand, c("Ac 2h 3s"))],
                          [Pot(pot, (0, 1))], 1, dead)
    assert equity.method == "exact" and equity.deals == pairs
    assert equity.expected[0] == pytest.approx(got[0] / pairs)
    assert equity.expected[1] == pytest.approx(got[1] / pairs)
    assert equity.expected[0] + equity.expected[1] == pytest.approx(pot)


def test_policy_keeps_the_counted_cards() -> None:
    assert sorted(kept_by_policy(BADUGI_GAME, c("Ks Qh Jd 2s"))) == sorted(c("2s Qh Jd"))  # Q-J-2 beats K-Q-J
    assert sorted(kept_by_policy(BADUGI_GAME, c("As 2d 3h 4c"))) == sorted(c("As 2d 3h 4c"))  # a badugi: pat
    assert sorted(kept_by_policy(BADUGI_GAME, c("As Ad 2s 2d"))) in (sorted(c("As 2d")), sorted(c("Ad 2s")))
    deuce_seven = GAMES["27_triple_draw"]
    assert sorted(kept_by_policy(deuce_seven, c("2s 3d 4h 7c Kd"))) == sorted(c("2s 3d 4h 7c"))
    assert sorted(kept_by_policy(deuce_seven, c("2s 3d 4h 7c 9d"))) == sorted(c("2s 3d 4h 7c 9d"))  # 9-low: pat
    assert sorted(kept_by_policy(deuce_seven, c("4s 5d 6h 7c 8d"))) == sorted(c("4s 5d 6h 7c"))  # a straight


def test_27_single_draw_against_enumeration() -> None:
    """2-7 single draw, one draw left: A keeps 7-4-3-2 (throws the king), B stands pat on 9-8-5-3-2."""
    game = GAMES["27_single_draw"]
    a_hand, b_hand = c("2s 3d 4h 7c Kd"), c("2c 3h 5s 8d 9c")
    pool = unseen("2s 3d 4h 7c Kd", "2c 3h 5s 8d 9c")
    b_class = hand_class_27(*b_hand)
    wins = sum(hand_class_27(*c("2s 3d 4h 7c"), new) < b_class for new in pool)
    # by the rules: a 5, 6, 8 or 9 makes 9-7 or better without a pair (a 6 is no straight: 7-6-4-3-2)
    assert wins == 3 + 4 + 3 + 3
    equity = allin_equity(game, [Contender(0, a_hand), Contender(1, b_hand)], [Pot(1000, (0, 1))], 1)
    assert equity.method == "exact"
    assert equity.expected[0] == pytest.approx(1000 * wins / len(pool))


def test_badacey_split_pot_against_enumeration() -> None:
    """Badacey, one draw left: each half of the pot to its own best hand (Badugi, A-5 low), a scoop whole."""
    game = GAMES["badacey"]
    a_hand, b_hand = c("As 2d 3h 3c Kc"), c("4s 5d 6h 7c 8s")  # A keeps A-2-3 (A-5 policy), B pat on 8-7-6-5-4
    a_kept = c("As 2d 3h")
    pool = unseen("As 2d 3h 3c Kc", "4s 5d 6h 7c 8s")
    badugi, low = game.halves
    pot = 1000
    total = 0.0
    deals = list(combinations(pool, 2))
    for new in deals:
        mine = a_kept + new
        got = 0
        for half in (badugi, low):
            ours, theirs = half.class_of(mine), half.class_of(b_hand)
            got += 500 if ours < theirs else 250 if ours == theirs else 0
        total += got
    equity = allin_equity(game, [Contender(0, a_hand, a_kept), Contender(1, b_hand)], [Pot(pot, (0, 1))], 1)
    assert equity.method == "exact" and equity.deals == len(deals)
    assert equity.expected[0] == pytest.approx(total / len(deals))
    assert equity.expected[1] == pytest.approx(pot - total / len(deals))


def test_side_pot_goes_to_its_own_players() -> None:
    """A short all-in (0) against two others (1 and 2) who are all in for more: the side pot is never 0's."""
    hands = [c("As 2d 3h 4c"), c("Ks Qd Jh Tc"), c("5s 6d 7h 9c")]  # three badugis standing pat: no luck left
    equity = allin_equity(BADUGI_GAME, [Contender(j, h) for j, h in enumerate(hands)],
                          [Pot(300, (0, 1, 2)), Pot(400, (1, 2))], 2)
    assert equity.method == "exact"
    assert (equity.expected[0], equity.expected[1], equity.expected[2]) == (300, 0, 400)


def both_drawing_enumerated() -> tuple[list[Contender], float]:
    """Two known A-2-3 draws (one card each, one draw left), and player 0's share of 1,000 by the test's count."""
    pool = unseen("As 2d 3h 3c", "Ac 2h 3s 3d")
    total = pairs = 0
    for x in pool:
        for y in pool:
            if x != y:
                pairs += 1
                mine, theirs = class_of(c("As 2d 3h") + (x,)), class_of(c("Ac 2h 3s") + (y,))
                total += 1000 if mine < theirs else 500 if mine == theirs else 0
    return [Contender(0, c("As 2d 3h 3c")), Contender(1, c("Ac 2h 3s 3d"))], total / pairs


def test_monte_carlo_is_reproducible_and_within_its_error() -> None:
    """Monte Carlo forced on an all-in the test enumerates: the same seed gives the same numbers, another
    seed others, and the value is within 4 standard errors of the count."""
    contenders, share = both_drawing_enumerated()
    first = allin_equity(BADUGI_GAME, contenders, [Pot(1000, (0, 1))], 1, exact_limit=0, samples=4000, seed=7)
    assert first == allin_equity(BADUGI_GAME, contenders, [Pot(1000, (0, 1))], 1, exact_limit=0, samples=4000, seed=7)
    other = allin_equity(BADUGI_GAME, contenders, [Pot(1000, (0, 1))], 1, exact_limit=0, samples=4000, seed=8)
    assert first.method == "monte-carlo" and first.seed == 7 and other.expected != first.expected
    assert 0 < first.stderr[0] < 1000 / (2 * 4000**0.5) + 1e-9
    assert abs(first.expected[0] - share) < 4 * first.stderr[0]
    assert first.expected[0] + first.expected[1] == pytest.approx(1000)


def test_unknown_pat_opponent_is_a_random_badugi() -> None:
    """An opponent whose cards are unknown but who stood pat: every badugi of the unseen cards alike. The
    test lists those badugis and counts A's wins over A's one card to come."""
    pool = unseen("As 2d 3h 3c")
    mine = {x: class_of(c("As 2d 3h") + (x,)) for x in pool}
    total = hands = 0
    for hand in combinations(pool, 4):
        if len({card >> 2 for card in hand}) == 4 and len({card & 3 for card in hand}) == 4:
            hands += 1
            theirs = class_of(hand)
            rest = [x for x in pool if x not in hand]
            total += sum(1000 if mine[x] < theirs else 500 if mine[x] == theirs else 0 for x in rest) / len(rest)
    share = total / hands
    equity = allin_equity(BADUGI_GAME, [Contender(0, c("As 2d 3h 3c"), c("As 2d 3h")), Contender(1, None, drew=0)],
                          [Pot(1000, (0, 1))], 1, samples=20_000, seed=5)
    assert equity.method == "monte-carlo"
    assert abs(equity.expected[0] - share) < 4 * equity.stderr[0]


def test_unknown_hand_shown_at_the_end_kept_some_of_those_cards() -> None:
    """B's cards when the betting closed are unknown; B drew one at the last draw and showed 4s 5d 6h 7c:
    B kept three of those four, each three alike (all are drawing hands), and the fourth came from the
    unseen cards. The test enumerates the four choices and every pair of new cards."""
    total = deals = 0.0
    for kept in combinations(c("4s 5d 6h 7c"), 3):
        pool = [x for x in unseen("As 2d 3h 3c") if x not in kept]
        part = pairs = 0
        for x in pool:
            for y in pool:
                if x != y:
                    pairs += 1
                    mine, theirs = class_of(c("As 2d 3h") + (x,)), class_of(kept + (y,))
                    part += 1000 if mine < theirs else 500 if mine == theirs else 0
        total += part / pairs / 4
        deals += pairs
    equity = allin_equity(BADUGI_GAME, [Contender(0, c("As 2d 3h 3c")), Contender(1, drew=1, shown=c("4s 5d 6h 7c"))],
                          [Pot(1000, (0, 1))], 1, exact_limit=10_000)
    assert equity.method == "exact" and equity.deals == deals
    assert equity.expected[0] == pytest.approx(total)


def test_bad_input_is_refused() -> None:
    with pytest.raises(BadInput, match="two places"):
        allin_equity(BADUGI_GAME, [Contender(0, c("As 2d 3h 4c")), Contender(1, c("As 5d 6h 7c"))],
                     [Pot(10, (0, 1))], 1)
    with pytest.raises(BadInput, match="not among"):
        allin_equity(BADUGI_GAME, [Contender(0, c("As 2d 3h 4c"), c("Ks")), Contender(1, None)], [Pot(10, (0, 1))], 1)
    with pytest.raises(BadInput, match="draw"):
        allin_equity(BADUGI_GAME, [Contender(0, None), Contender(1, None)], [Pot(10, (0, 1))], 4)


def test_a_real_pat_on_a_poor_hand_then_the_policy_draws_is_sampled_not_enumerated() -> None:
    """A player who really stood pat on four aces (one counted card) at the first of three draws left draws
    three by the policy at each later one: about 10^8 deals, sampled. (Counting the later draws at the
    first draw's size once chose an endless enumeration here.) The other player, a pat K-Q-J-T badugi,
    loses only to a badugi, which four aces make only by drawing: A's share is below half."""
    aces, badugi = c("As Ad Ah Ac"), c("Ks Qd Jh Tc")
    equity = allin_equity(BADUGI_GAME, [Contender(0, aces, aces), Contender(1, badugi)], [Pot(1000, (0, 1))], 3,
                          samples=400, seed=3)
    assert equity.method == "monte-carlo" and equity.deals == 400
    assert equity.expected[0] + equity.expected[1] == pytest.approx(1000)
    assert 0 < equity.expected[0] < 500


def test_a_contender_in_no_paying_pot_collects_nothing() -> None:
    """The last player by position eligible for no pot (an all-in ante returned leaves them none): their
    share is 0, sampled or counted, and the pot is the other's."""
    for limit in (0, 5_000):
        equity = allin_equity(BADUGI_GAME, [Contender(0, c("As 2d 3h 3c")), Contender(1, c("Ks Qd Jh Tc"))],
                              [Pot(0, (0, 1)), Pot(10, (0,))], 1, exact_limit=limit, samples=50)
        assert equity.expected[0] == pytest.approx(10) and equity.expected[1] == 0


def test_the_exact_count_leaves_no_reference_cycles() -> None:
    """The exact count deals by a function that recurses through its own closure: a cycle per all-in hand
    unless it is broken when the count ends (the import replays with the cyclic collector paused)."""
    from cycles import unreachable_after

    replayed, unreachable = unreachable_after(lambda: replay(heads_up_allin_before_draw_3()))
    assert replayed.codes == ()
    assert unreachable == 0
