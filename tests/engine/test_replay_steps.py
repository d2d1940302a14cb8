"""``Replay.steps`` are walked on first read (the import never reads them): same values as the replay,
equality and pickling unchanged. Expected numbers worked by hand from the worked hand's log."""

from __future__ import annotations

import pickle

from test_replay_worked import worked_hand

from badugi.engine.replay import replay, replay_steps
from badugi.engine.rules import rules_for


def test_steps_of_the_worked_hand() -> None:
    r = replay(worked_hand())
    steps = r.steps
    # 2 posts, 16 betting actions, 8 draws (3 + 3 + 2), no uncalled bet
    assert len(steps) == 26
    assert [s.kind for s in steps[:2]] == ["post", "post"]
    assert (steps[0].player, steps[0].amount, steps[0].pot, steps[0].stacks) == ("Bob", 100, 100,
                                                                                   (9900, 10000, 10000, 10000))
    raise_step = next(s for s in steps if s.kind == "raise")
    assert (raise_step.line, raise_step.street, raise_step.player, raise_step.amount, raise_step.to_call) == \
        (31, 2, "Alice", 800, 400)
    draws = [s for s in steps if s.kind == "draw"]
    assert [(s.street, s.player, s.amount) for s in draws[:3]] == [(1, "Bob", 2), (1, "Carol", 2), (1, "Alice", 1)]
    last = steps[-1]  # Carol calls 400 on the last round: Bob in 400, Carol and Alice 1600 each
    assert (last.line, last.player, last.pot, last.stacks) == (39, "Carol", 3600, (9600, 8400, 10000, 8400))
    assert r.steps is steps  # walked once, then kept


def test_lazy_steps_equal_the_walk_and_keep_equality() -> None:
    hand = worked_hand()
    first, second = replay(hand), replay(hand)
    assert first.steps == replay_steps(hand, rules_for(hand))
    assert first == second and hash(first) == hash(second)  # one read its steps, the other not yet
    other = replay(worked_hand(events=worked_hand().events[:-1]))  # no collect line: other results
    assert first != other
    again = pickle.loads(pickle.dumps(replay(hand)))
    assert again == first and again.steps == first.steps


def test_cancelled_hand_has_no_steps() -> None:
    assert replay(worked_hand(cancelled=True)).steps == ()
