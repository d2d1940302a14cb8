"""All-in EV over simulated hands: unbiased against the real results when the players draw as the model
says, money conserved, and equal to the net wherever no all-in leaves draws to luck.

The simulator's ``Maniac`` draws exactly as the EV model's policy (it keeps the evaluator's counted cards and
stands pat on a badugi), and its records are full information (every hand and discard), so the model knows
what the dealer knew when the betting closed. Then for every all-in, E[net | what was known] is the EV:
averaged over many all-ins, EV net minus actual net is zero within its standard error. The same statistic
computed with a wrong model (every player an equal share) is far from zero: the test can fail.
"""

from __future__ import annotations

import math

import pytest

from badugi.engine.policies import Maniac, make_policy
from badugi.engine.record import Bet, Call, Raise
from badugi.engine.replay import replay
from badugi.engine.simulate import SimConfig, Simulator, room_view


def mean_and_error(values: list[float]) -> tuple[float, float]:
    mean = sum(values) / len(values)
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    return mean, spread / math.sqrt(len(values))


def test_ev_net_agrees_with_net_on_average() -> None:
    """Heads-up maniacs on short stacks: most hands are all in with draws to come. The favourite by EV
    (the larger expected share) is the player a wrong model would misjudge most."""
    diffs: list[float] = []
    naive: list[float] = []
    for seed in (0, 1):
        config = SimConfig(room="pokerstars", players=2, policies=(Maniac(),), short_stack_share=1.0)
        for simulated in Simulator(config, seed).hands(600):
            r = replay(simulated.hand)
            assert r.codes == ()
            evs = [f for f in r.players if f.ev_method is not None]
            if not evs:
                continue
            assert len(evs) == 2
            paid = sum(f.ev_net + f.invested for f in r.players)  # the pots after the rake
            favourite = max(evs, key=lambda f: f.ev_net + f.invested)
            diffs.append(favourite.ev_net - favourite.net)
            naive.append(paid / 2 - favourite.invested - favourite.net)
    assert len(diffs) > 300
    mean, error = mean_and_error(diffs)
    assert abs(mean) < 4 * error, (mean, error, len(diffs))
    naive_mean, naive_error = mean_and_error(naive)
    assert abs(naive_mean) > 4 * naive_error, (naive_mean, naive_error)  # the statistic catches a wrong model


@pytest.mark.parametrize("room,players,view", [("pokerstars", 6, False), ("pokerstars", 6, True),
                                               ("fulltilt", 4, True), ("phh", 3, False)])
def test_money_conserved_and_ev_is_net_without_allin(room: str, players: int, view: bool) -> None:
    """Every hand: the EV nets plus the rake make zero (side pots, hidden cards and all). A hand where
    nobody went all in, or where the only all-in came in the last betting round (no draw left to luck),
    has ev_net = net and no EV method."""
    policies = tuple(make_policy(p) for p in ("maniac", "sound", "station", "snow", "rock", "open:30"))
    config = SimConfig(room=room, players=players, policies=policies, short_stack_share=0.5)
    seen_ev = seen_plain = seen_last = 0
    for simulated in Simulator(config, 7).hands(300):
        hand = room_view(simulated.hand) if view else simulated.hand
        r = replay(hand)
        nets = [f.ev_net for f in r.players]
        if None in nets:  # contradicting cards: no EV for anyone (never in simulated hands)
            pytest.fail(f"no EV for {hand.hand_id}")
        assert sum(nets) == pytest.approx(-(r.rake or 0), abs=1e-6), hand.hand_id  # type: ignore[arg-type]
        all_in_streets = {e.street for e in hand.events if isinstance(e, (Bet, Call, Raise)) and e.all_in}
        if not any(f.all_in for f in r.players) or all_in_streets == {3}:
            for f in r.players:
                assert f.ev_net == f.net and f.ev_method is None and f.ev_net_se is None
            seen_plain += 1
            seen_last += all_in_streets == {3}
        elif any(f.ev_method for f in r.players):
            seen_ev += 1
            for f in r.players:
                if f.folded_street is not None:  # a folded player's EV is what they lost, no EV of their own
                    assert f.ev_net == -f.invested and f.ev_method is None and f.ev_net_se is None
                else:
                    assert f.ev_net_se is not None and f.ev_net_se >= 0
    assert seen_ev and seen_plain
