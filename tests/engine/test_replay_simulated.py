"""Hands the simulator dealt (its own deck, reshuffles, splits, rake and nets) replay with no violation,
and the replay's nets equal the simulator's truth: two independent derivations of the same money."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi.engine.record import Limit
from badugi.engine.replay import replay
from badugi.engine.simulate import SimConfig, Simulator, room_view


@pytest.mark.parametrize("limit", list(Limit))
@pytest.mark.parametrize("players", [2, 6, 10])
def test_simulated_hands_replay_clean(limit: Limit, players: int) -> None:
    for room in ("pokerstars", "fulltilt"):
        sim = Simulator(SimConfig(room=room, players=players, limit=limit, tournament=players == 6), seed=players)
        for played in sim.hands(25):
            full = replay(played.hand)  # every card known: card identity fully checked
            assert full.codes == (), (played.hand.hand_id, full.violations)
            assert full.net_by_player == {p: n for p, n in played.truth.net.items() if p in full.net_by_player}
            seen = replay(room_view(played.hand))  # what the room shows: opponents' cards hidden
            assert seen.codes == (), (played.hand.hand_id, seen.violations)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 10))
def test_simulated_hands_replay_clean_any_seed(seed: int, players: int) -> None:
    sim = Simulator(SimConfig(players=players, short_stack_share=0.6), seed=seed)
    for played in sim.hands(8):
        r = replay(played.hand)
        assert r.codes == (), (played.hand.hand_id, r.violations)
        assert sum(n for _, n in r.net) == -(r.rake or 0)
