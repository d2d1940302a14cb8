"""Hands the simulator dealt (its own deck, reshuffles, splits, rake and nets) replay with no violation,
and the replay's nets equal the simulator's truth: two independent derivations of the same money."""

from __future__ import annotations

import dataclasses

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


_FUZZ_HANDS = [room_view(p.hand) for p in Simulator(SimConfig(players=5, short_stack_share=0.5), seed=3).hands(20)]


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_corrupted_records_never_raise(data: st.DataObject) -> None:
    """Errors are values: deleting, repeating, swapping or re-amounting events gives violations, not tracebacks."""
    import dataclasses

    hand = data.draw(st.sampled_from(_FUZZ_HANDS))
    events = list(hand.events)
    for _ in range(data.draw(st.integers(1, 3))):
        k = data.draw(st.integers(0, len(events) - 1))
        op = data.draw(st.sampled_from(["delete", "repeat", "swap", "amount", "player"]))
        if op == "delete" and len(events) > 1:
            del events[k]
        elif op == "repeat":
            events.insert(data.draw(st.integers(0, len(events))), events[k])
        elif op == "swap":
            j = data.draw(st.integers(0, len(events) - 1))
            events[k], events[j] = events[j], events[k]
        elif op == "amount":
            e = events[k]
            for name in ("amount", "raise_to", "count", "street", "draw"):
                if getattr(e, name, None) is not None:
                    events[k] = dataclasses.replace(e, **{name: getattr(e, name) + data.draw(st.integers(-5, 60))})
                    break
        elif hasattr(events[k], "player"):
            events[k] = dataclasses.replace(events[k], player=data.draw(st.sampled_from(["Nobody", hand.seats[0].player])))
    r = replay(dataclasses.replace(hand, events=tuple(events)))
    assert all(v.code for v in r.violations)


def test_a_cap_notice_before_the_cap_is_flagged() -> None:
    """PokerStars writes "Betting is capped" after the bet that reaches the cap (bet + 3 raises). Moved up
    to just after the round's first bet or raise (at most two bets: the big blind and one raise pre-draw,
    one bet after a draw), the notice claims a cap the betting had not reached: one ``bet.cap_notice``,
    and nothing else changes."""
    from badugi.engine.policies import make_policy
    from badugi.engine.record import Bet, CapNotice, Raise

    config = SimConfig(room="pokerstars", players=4, policies=(make_policy("maniac"),))
    moved = 0
    for played in Simulator(config, seed=5).hands(60):
        events = list(played.hand.events)
        at = next((k for k, e in enumerate(events) if isinstance(e, CapNotice)), None)
        if at is None:
            continue
        assert replay(played.hand).codes == ()
        notice = events.pop(at)
        first = next(k for k, e in enumerate(events) if isinstance(e, (Bet, Raise)) and e.street == notice.street)
        events.insert(first + 1, notice)
        early = replay(dataclasses.replace(played.hand, events=tuple(events)))
        assert early.codes == ("bet.cap_notice",), early.violations
        moved += 1
    assert moved >= 5
