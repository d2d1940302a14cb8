"""``Walk.acts`` holds one int an action (``walk.act_code``), read back by the facts and the all-in EV: the worked
hand's actions, in order, with their rounds, kinds, raises before them (three for three or more) and players."""

from __future__ import annotations

from badugi.engine.replay import Walk
from badugi.engine.rules import rules_for
from badugi.engine.table import BET, CALL, CHECK, FOLD, RAISE
from badugi.engine.walk import act_code

from test_replay_worked import worked_hand


def test_acts_are_act_codes_of_the_worked_hand() -> None:
    hand = worked_hand()
    walk = Walk(hand, rules_for(hand))
    walk.run()
    a, b, c, t = (walk.table.index_of[name] for name in ("Alice", "Bob", "Carol", "Ted"))
    assert walk.acts == [act_code(*act) for act in (
        (0, t, FOLD, 0), (0, a, CALL, 0), (0, b, CALL, 0), (0, c, CHECK, 0),
        (1, b, CHECK, 0), (1, c, BET, 0), (1, a, CALL, 0), (1, b, CALL, 0),
        (2, b, CHECK, 0), (2, c, BET, 0), (2, a, RAISE, 0), (2, b, FOLD, 1), (2, c, CALL, 1),
        (3, c, CHECK, 0), (3, a, BET, 0), (3, c, CALL, 0))]
    code = act_code(2, 7, RAISE, 5)
    assert (code & 255, code >> 8 & 15, code >> 12 & 15, code >> 16) == (2, RAISE, 3, 7)
    # Ted folded before the draw: his draws are the one row every walk shares (``_UNDRAWN``), no one writes
    again = Walk(hand, rules_for(hand))
    again.run()
    assert walk.drawn[t] == [None, None, None] and again.drawn[t] is walk.drawn[t]
    assert walk.drawn[a] == [1, 1, 0] and again.drawn[a] is not walk.drawn[a]
