"""The claim-vs-derived checks are independent: each only reads the walk and the settled hand, so running
``CHECKS`` in any order (or one at a time) finds the same violations, and no check writes what another
reads. Hands: the real Badugi hands (when ../shared/real_hh is there), the simulator's hands of every
room and limit (as dealt, as the room shows them, without collect lines so the rules award the pots),
the other draw games' hands (split pots among them) the same ways, and every mutant the mutation suite
makes of them."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter
from functools import cache

import pytest
from replay_mutations import GAME_MUTATIONS, MUTATIONS
from replay_real_hands import real_badugi_hands
from test_replay_worked import worked_hand

from badugi.engine.checks import CHECKS
from badugi.engine.games import GAMES
from badugi.engine.record import Claims, Collect, Hand, Limit
from badugi.engine.replay import Walk, replay
from badugi.engine.replay_model import Replay
from badugi.engine.rules import rules_for
from badugi.engine.settlement import Settlement, settle
from badugi.engine.simulate import SimConfig, Simulator, room_view
from badugi.engine.simulate_model import ROOMS
from badugi.engine.table import Table


def _without_collects(hand: Hand) -> Hand:
    """The hand as a log that claims no collections (the rules award its pots), keeping its rake claim."""
    return dataclasses.replace(hand, events=tuple(e for e in hand.events if not isinstance(e, Collect)),
                               claims=Claims(rake=hand.claims.rake))


SIMULATED_PER_TABLE = 3
"""Hands dealt per room and limit (each kept four ways) in the default run; the slow run deals more."""


def _simulated(per_table: int) -> list[Hand]:
    hands: list[Hand] = []
    for room in ROOMS:
        for limit in Limit:
            config = SimConfig(room=room, limit=limit, players=6, short_stack_share=0.5)
            for played in Simulator(config, seed=len(hands) + 1).hands(per_table):
                seen = room_view(played.hand)
                hands += [played.hand, seen, _without_collects(played.hand), _without_collects(seen)]
    return hands


def _draw_games(per_table: int) -> list[Hand]:
    """The other draw games' hands (PHH deals them all), kept the same four ways."""
    hands: list[Hand] = []
    for game in GAMES:
        if game == "badugi":
            continue
        config = SimConfig(room="phh", game=game, players=5, short_stack_share=0.5)
        for played in Simulator(config, seed=len(hands) + 3).hands(per_table * 2):
            seen = room_view(played.hand)
            hands += [played.hand, seen, _without_collects(played.hand), _without_collects(seen)]
    return hands


@cache
def corpus(per_table: int = SIMULATED_PER_TABLE) -> tuple[tuple[str, Hand], ...]:
    """``(kind, hand)``: the clean hands, then every mutant of each (kind ``"<kind> / <mutation>"``)."""
    clean = [("real", h) for h in real_badugi_hands()] + [("worked", worked_hand())]
    clean += [("simulated", h) for h in _simulated(per_table)]
    clean += [("draw game", h) for h in _draw_games(per_table)]
    mutants = [(f"{kind} / {name}", mutant) for kind, hand in clean for name, _code, mutate in MUTATIONS + GAME_MUTATIONS
               if (mutant := mutate(hand)) is not None]
    return tuple(clean + mutants)


def _orders(seed: int, shuffles: int) -> list[tuple]:
    """The listed order reversed, then ``shuffles`` random orders."""
    rng = random.Random(seed)
    orders = [tuple(reversed(CHECKS))]
    for _ in range(shuffles):
        order = list(CHECKS)
        rng.shuffle(order)
        orders.append(tuple(order))
    return orders


def _derived(r: Replay) -> tuple:
    """What a replay derives besides its violations (steps are the walk's: no check touches them)."""
    return (r.hand_id, r.order, r.pots, r.total_pot, r.rake, r.players, r.showdown, r.ended_street, r.awards_derived)


def test_the_corpus_has_every_kind_of_hand() -> None:
    kinds = Counter(kind for kind, _ in corpus())
    assert kinds["simulated"] == len(ROOMS) * len(Limit) * SIMULATED_PER_TABLE * 4
    found = [replay(hand) for _, hand in corpus()]
    assert sum(1 for r in found if r.violations) > 100  # the mutants give the checks something to find
    assert any(r.undetermined for r in found) and any(r.awards_derived for r in found)


def _assert_any_order_finds_the_same(hands: tuple[tuple[str, Hand], ...], shuffles: int) -> None:
    for k, (kind, hand) in enumerate(hands):
        listed = replay(hand)
        for order in _orders(k, shuffles):
            shuffled = replay(hand, checks=order)
            where = (kind, hand.hand_id, [check.__name__ for check in order])
            assert Counter(shuffled.violations) == Counter(listed.violations), where
            assert sorted(shuffled.undetermined) == sorted(listed.undetermined), where
            assert _derived(shuffled) == _derived(listed), where


def test_checks_in_any_order_find_the_same() -> None:
    _assert_any_order_finds_the_same(corpus(), shuffles=2)


@pytest.mark.slow
def test_checks_in_any_order_find_the_same_on_more_hands() -> None:
    _assert_any_order_finds_the_same(corpus(20), shuffles=5)


def test_each_check_alone_finds_its_share() -> None:
    for kind, hand in corpus()[::5]:
        listed = replay(hand)
        walk_only = Counter(replay(hand, checks=()).violations)
        alone = sum((Counter(replay(hand, checks=(check,)).violations) - walk_only for check in CHECKS), walk_only)
        assert alone == Counter(listed.violations), (kind, hand.hand_id)


def _state(value: object) -> object:
    """A deep, comparable copy of the walk's or the settlement's state (``Walk``, ``Table`` and ``Settlement`` keep
    theirs in slots; compiled, the table's ``acted`` and ``reopened`` are C blocks only the table reads and writes, no
    Python attributes)."""
    if isinstance(value, (Walk, Table, Settlement)):
        return {name: _state(getattr(value, name)) for name in type(value).__slots__ if hasattr(value, name)}
    return copy.deepcopy(value)


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
def test_no_check_writes_the_walk_or_the_settlement(check) -> None:
    for kind, hand in corpus()[::13]:
        if hand.cancelled or hand.partial:
            continue
        rules = rules_for(hand)
        walk = Walk(hand, rules)
        walk.run()
        settled = settle(hand, walk, rules)
        before, settled_before = _state(walk), _state(settled)
        check(hand, walk, settled, rules)
        assert _state(walk) == before, (check.__name__, kind, hand.hand_id)
        assert _state(settled) == settled_before, (check.__name__, kind, hand.hand_id)
