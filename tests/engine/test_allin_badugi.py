"""``allin_badugi``: a Badugi all-in's deals on plain integers give the general walk's numbers to the last bit
(the general walk runs when ``Deals.pat_is_badugi`` is turned off)."""

from __future__ import annotations

import random

from badugi.engine import allin_badugi, allin_deals
from badugi.engine.allin_ev import Contender
from badugi.engine.allin_policy import _new_badugi_counter
from badugi.engine.games import BADUGI_GAME


def test_the_direct_count_is_the_memoised_counters() -> None:
    rand = random.Random(3)
    for ace_high in (False, True):
        counter = _new_badugi_counter(ace_high)
        for _ in range(20_000):
            mask = sum(1 << c for c in rand.sample(range(52), rand.randint(1, 5)))
            assert tuple(allin_badugi.badugi_count(mask, ace_high)) == tuple(counter.compute(mask))
    assert tuple(allin_badugi.badugi_count(0, False)) == (0, 0)


def _all_ins(seed: int, count: int, draws: tuple[int, ...]):  # type: ignore[no-untyped-def]
    rand = random.Random(seed)
    for _ in range(count):
        m = rand.choice([2, 2, 3, 4])
        deck = list(range(52))
        rand.shuffle(deck)
        order = []
        for p in range(m):
            kind = rand.choice(["known", "known", "unknown", "drew", "shown"])
            if kind == "known":
                hand = tuple(deck.pop() for _ in range(4))
                kept = tuple(c for c in hand if rand.random() < 0.7) if rand.random() < 0.5 else None
                order.append(Contender(p, hand, kept))
            elif kind == "unknown":
                order.append(Contender(p))
            elif kind == "drew":
                order.append(Contender(p, drew=rand.randint(0, 4)))
            else:
                order.append(Contender(p, drew=rand.randint(1, 3), shown=tuple(deck.pop() for _ in range(4))))
        pots = [(rand.randint(1, 5000), tuple(range(m)))]
        if rand.random() < 0.25:
            pots.append((rand.randint(1, 3000), tuple(sorted(rand.sample(range(m), rand.randint(1, m))))))
        known = {c for contender in order if contender.hand for c in contender.hand}
        pool = [c for c in range(52) if c not in known]
        yield order, rand.choice(draws), pots, rand.choice([1, 5]), pool, rand.randint(0, 2**32 - 1)


def _both(order, draws_left, pots, unit, work):  # type: ignore[no-untyped-def]
    """``work(run)`` on this module's walk and on the general one (an exact count's: the Monte Carlo walk
    deals an unknown pat hand by another method when ``pat_is_badugi`` is off)."""
    out = []
    for badugi in (True, False):
        run = allin_deals.Deals(BADUGI_GAME, order, draws_left, pots, unit, 1)
        run.pat_is_badugi = badugi and run.pat_is_badugi
        try:
            out.append(repr(work(run)))
        except Exception as exc:  # noqa: BLE001 - the same refusal both ways
            out.append(repr(exc))
    return out


def test_monte_carlo_deals_are_the_general_walks() -> None:
    for order, draws_left, pots, unit, pool, seed in _all_ins(11, 60, (1, 2, 3)):
        out = []
        for deal in (lambda run: run.monte_carlo(pool, 40, seed),
                     lambda run: allin_deals._monte_carlo(run, pool, 40, seed)):
            run = allin_deals.Deals(BADUGI_GAME, order, draws_left, pots, unit, 1)
            try:
                out.append(repr(deal(run)))
            except Exception as exc:  # noqa: BLE001 - the same refusal both ways
                out.append(repr(exc))
        assert out[0] == out[1]


def test_exact_counts_are_the_general_walks() -> None:
    checked = 0
    for order, draws_left, pots, unit, pool, _seed in _all_ins(12, 600, (1, 1, 2)):
        order = [c if c.hand is not None or c.shown is not None else Contender(c.player, tuple(
            pool.pop() for _ in range(4))) for c in order]
        pool = [c for c in pool if all(c not in (o.hand or ()) for o in order)]
        run = allin_deals.Deals(BADUGI_GAME, order, draws_left, pots, unit, 1)
        bound = allin_deals.exact_bound(run, len(pool))
        if bound is None or bound > 2000:
            continue
        fast, general = _both(order, draws_left, pots, unit, lambda run: run.exact(pool, 2000))
        assert fast == general
        checked += 1
    assert checked > 10


def test_exact_counts_are_the_general_walks_over_more_draws_and_at_the_limit() -> None:
    """Two and three draws left, and a limit the count may pass (both stop: ``TooMany``)."""
    checked = 0
    for order, draws_left, pots, unit, pool, seed in _all_ins(13, 400, (1, 2, 3)):
        order = [c if c.hand is not None or c.shown is not None else Contender(c.player, tuple(
            pool.pop() for _ in range(4))) for c in order]
        pool = [c for c in pool if all(c not in (o.hand or ()) for o in order)]
        run = allin_deals.Deals(BADUGI_GAME, order, draws_left, pots, unit, 1)
        bound = allin_deals.exact_bound(run, len(pool))
        if bound is None or bound > 20_000:
            continue
        limit = bound if seed % 3 else max(bound // 3, 1)
        fast, general = _both(order, draws_left, pots, unit, lambda run: run.exact(pool, limit))
        assert fast == general
        checked += 1
    assert checked > 10


def _badugi(deck: list[int], rand: random.Random, drawing: int) -> tuple[int, ...]:
    """Four cards from ``deck``: a badugi (``drawing`` 0), else a hand the policy draws ``drawing`` to."""
    while True:
        hand = tuple(deck[k] for k in rand.sample(range(len(deck)), 4))
        counted = _new_badugi_counter(False).compute(sum(1 << c for c in hand))[0]
        if 4 - counted.bit_count() == drawing:
            for c in hand:
                deck.remove(c)
            return hand


def test_exact_counts_are_the_general_walks_over_two_and_three_draws() -> None:
    """Hands that stand pat beside one or two that draw: the count goes through more than one draw."""
    rand = random.Random(14)
    for case in range(24):
        deck = list(range(52))
        m = rand.choice([2, 3, 4])
        draws_left = 3 if case % 8 == 0 else 2
        drawers = 1 if draws_left == 3 else rand.choice([1, 2])
        order = [Contender(p, _badugi(deck, rand, 1 if p < drawers else 0)) for p in rand.sample(range(m), m)]
        order.sort(key=lambda c: c.player)
        pots = [(rand.randint(1, 5000), tuple(range(m)))]
        if rand.random() < 0.4:
            pots.append((rand.randint(1, 3000), tuple(sorted(rand.sample(range(m), rand.randint(1, m))))))
        pool = list(deck)
        limit = 90_000 if case % 5 else 500
        fast, general = _both(order, draws_left, pots, rand.choice([1, 5]), lambda run: run.exact(pool, limit))
        assert fast == general


def test_a_monte_carlo_tie_is_shared_as_the_replay_shares_it() -> None:
    """Badugis of the same ranks (A-2-3-4, cards ``rank * 4 + suit``) standing pat tie in every deal: each deal
    shares the pot as ``awards.split`` does (equal shares in units, the odd units and the rest of a unit to the
    first of the tied left of the button), so the means are those shares exactly and their errors 0. Worked by
    hand: 1,001 in units of 5 between two is 200 units, 100 each, the 1 left to the first: 501 and 500; 1,003
    in units of 1 among three is 334 each, the odd one to the first: 335, 334 and 334."""
    a = (0, 5, 10, 15)  # A, 2, 3 and 4, each of another suit
    b = (1, 4, 11, 14)
    c = (2, 7, 8, 13)
    for hands, amount, unit, want in (((a, b), 1001, 5, [501.0, 500.0]),
                                      ((a, b, c), 1003, 1, [335.0, 334.0, 334.0]),
                                      ((c, a, b), 7, 5, [7.0, 0.0, 0.0])):
        order = [Contender(p, hand) for p, hand in enumerate(hands)]
        pool = [card for card in range(52) if all(card not in hand for hand in hands)]
        for draws_left in (1, 2):
            run = allin_deals.Deals(BADUGI_GAME, order, draws_left, [(amount, tuple(range(len(hands))))], unit, 1)
            means, errors = run.monte_carlo(pool, 30, 5)
            assert means == want
            assert errors == [0.0] * len(hands)
