"""The table state machine on action sequences worked out by hand from the rules (DESIGN §5, §7)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from badugi.engine.record import Limit
from badugi.engine.rules import Rules
from badugi.engine.table import BET, BETTING, CALL, CHECK, DONE, DRAWING, FOLD, RAISE, SHOWDOWN, Table


def worked_table() -> Table:
    # DESIGN §7: Alice button (seat 1), Bob small blind, Carol big blind, Ted; $1/$2 blinds, $2/$4 limit.
    t = Table(["Alice", "Bob", "Carol", "Ted"], [1, 2, 3, 4], [10000] * 4, 1, Limit.FIXED, 200, 400, Rules(),
              big_blind=200)
    t.post(t.index_of["Bob"], "sb", 100)
    t.post(t.index_of["Carol"], "bb", 200)
    t.start()
    return t


def test_worked_hand_pot_and_order() -> None:
    t = worked_table()
    i = t.index_of
    assert t.names[t.to_act] == "Ted"  # left of the big blind
    for who, kind, amount in (("Ted", FOLD, None), ("Alice", CALL, 200), ("Bob", CALL, 100), ("Carol", CHECK, None)):
        assert t.to_act == i[who]
        assert t.act(i[who], kind, amount) == ()
    assert t.pot == 600 and t.phase == DRAWING
    for who, count in (("Bob", 2), ("Carol", 2), ("Alice", 1)):  # draws start left of the button
        assert t.to_act == i[who]
        assert t.draw(i[who], count) == ()
    assert t.names[t.to_act] == "Bob" and t.unit == 200
    for who, kind, amount in (("Bob", CHECK, None), ("Carol", BET, 200), ("Alice", CALL, 200), ("Bob", CALL, 200)):
        assert t.act(i[who], kind, amount) == ()
    assert t.pot == 1200
    for who, count in (("Bob", 1), ("Carol", 0), ("Alice", 1)):
        assert t.draw(i[who], count) == ()
    assert t.unit == 400  # big bet after the second draw
    for who, kind, amount in (("Bob", CHECK, None), ("Carol", BET, 400), ("Alice", RAISE, 800), ("Bob", FOLD, None),
                              ("Carol", CALL, 400)):
        assert t.act(i[who], kind, amount) == ()
    assert t.pot == 2800
    assert t.draw(i["Carol"], 1) == () and t.draw(i["Alice"], 0) == ()
    for who, kind, amount in (("Carol", CHECK, None), ("Alice", BET, 400), ("Carol", CALL, 400)):
        assert t.act(i[who], kind, amount) == ()
    assert t.phase == SHOWDOWN
    assert t.pots() == [(3600, [i["Carol"], i["Alice"]])]
    assert [t.total_in[i[p]] for p in ("Bob", "Carol", "Ted", "Alice")] == [400, 1600, 0, 1600]


def test_heads_up_button_posts_small_blind_and_acts_first_pre_draw_last_after() -> None:
    t = Table(["A", "B"], [3, 5], [1000, 1000], 5, Limit.FIXED, 20, 40, Rules(), big_blind=20)
    assert t.names[t.sb_index] == "B" and t.names[t.bb_index] == "A"
    t.post(t.sb_index, "sb", 10)
    t.post(t.bb_index, "bb", 20)
    t.start()
    assert t.names[t.to_act] == "B"
    assert t.act(t.index_of["B"], CALL, 10) == ()
    assert t.act(t.index_of["A"], CHECK) == ()
    assert t.names[t.to_act] == "A"  # draws: left of the button first
    t.draw(0, 1)
    t.draw(1, 1)
    assert t.names[t.to_act] == "A"  # after the draw the big blind acts first


def test_fixed_limit_sizes_and_cap() -> None:
    t = worked_table()
    i = t.index_of
    assert t.act(i["Ted"], RAISE, 300) == (("bet.wrong_size", "to 400", "to 300"),)
    t = worked_table()
    t.act(i["Ted"], RAISE, 400)
    t.act(i["Alice"], RAISE, 600)
    t.act(i["Bob"], RAISE, 800)  # the big blind plus three raises: capped
    assert t.legal().min_to is None
    problems = t.act(i["Carol"], RAISE, 1000)
    assert [p[0] for p in problems] == ["bet.over_cap"]


def test_check_facing_bet_call_amount_and_out_of_turn() -> None:
    t = worked_table()
    i = t.index_of
    assert [p[0] for p in t.act(i["Ted"], CHECK)] == ["check.facing_bet"]
    assert [p[0] for p in t.act(i["Bob"], CALL, 100)] == ["order.out_of_turn"]
    assert [p[0] for p in t.act(i["Alice"], CALL, 150)] == ["order.out_of_turn", "call.wrong_amount"]


def test_fixed_limit_half_bet_all_in_reopens_and_is_completed() -> None:
    # Pattern of a real PokerStars tournament round (unit 60): bet 60, raise to 120, all-in raise of 30
    # (half a unit) to 150 counts as a full raise, so the first raiser may raise again: to 180.
    t = Table(["P13", "P8", "P21", "P19"], [1, 2, 3, 4], [150, 5000, 5000, 5000], 4, Limit.FIXED, 60, 120, Rules(),
              big_blind=60)
    t.phase = DRAWING
    t.draw_no = 1
    for k in range(4):
        t.draw(k, 1)
    i = t.index_of
    assert t.act(i["P13"], BET, 60) == ()
    assert t.act(i["P8"], CALL, 60) == ()
    assert t.act(i["P21"], CALL, 60) == ()
    assert t.act(i["P19"], RAISE, 120) == ()
    assert t.act(i["P13"], RAISE, 150) == ()  # all-in
    assert t.act(i["P8"], CALL, 90) == ()
    assert t.act(i["P21"], CALL, 90) == ()
    assert t.legal().min_to == 180
    assert t.act(i["P19"], RAISE, 180) == ()
    assert t.act(i["P8"], CALL, 30) == ()
    assert t.act(i["P21"], CALL, 30) == ()
    assert t.phase == DRAWING


def test_fixed_limit_small_all_in_does_not_reopen() -> None:
    # bet 200, all-in raise of 30 to 230: the bettor may only call.
    t = Table(["A", "B", "C"], [1, 2, 3], [5000, 230, 5000], 3, Limit.FIXED, 100, 200, Rules(), big_blind=100)
    t.phase = DRAWING
    t.draw_no = 2
    for k in range(3):
        t.draw(k, 0)
    assert t.act(0, BET, 200) == ()
    assert t.act(1, RAISE, 230) == ()
    assert t.act(2, FOLD) == ()
    opts = t.legal()
    assert opts.player == 0 and opts.to_call == 30 and opts.min_to is None
    assert [p[0] for p in t.act(0, RAISE, 430)] == ["bet.not_reopened"]


def test_uncalled_bet_returned_and_side_pots() -> None:
    t = Table(["A", "B", "C"], [1, 2, 3], [1000, 300, 1000], 3, Limit.NO_LIMIT, 20, 20, Rules(), big_blind=20)
    t.post(0, "sb", 10)
    t.post(1, "bb", 20)
    t.start()
    assert t.act(2, RAISE, 800) == ()  # button raises
    assert t.act(0, CALL, 790) == ()
    assert t.act(1, CALL, 280) == ()  # all-in for less
    assert t.phase == DRAWING
    assert t.pots() == [(900, [0, 1, 2]), (1000, [0, 2])]
    t2 = Table(["A", "B", "C"], [1, 2, 3], [1000, 1000, 1000], 3, Limit.FIXED, 20, 40, Rules(), big_blind=20)
    t2.post(0, "sb", 10)
    t2.post(1, "bb", 20)
    t2.start()
    t2.act(2, FOLD)
    t2.act(0, FOLD)
    assert t2.phase == DONE and t2.returned == [(1, 10)] and t2.pot == 20


def test_no_limit_min_raise_and_pot_limit_max() -> None:
    t = Table(["A", "B", "C"], [1, 2, 3], [1000] * 3, 3, Limit.NO_LIMIT, 20, 20, Rules(), big_blind=20)
    t.post(0, "sb", 10)
    t.post(1, "bb", 20)
    t.start()
    assert t.legal().min_to == 40 and t.legal().max_to == 1000
    assert [p[0] for p in t.act(2, RAISE, 30)] == ["bet.over_limit"]
    p = Table(["A", "B", "C"], [1, 2, 3], [1000] * 3, 3, Limit.POT, 20, 20, Rules(), big_blind=20)
    p.post(0, "sb", 10)
    p.post(1, "bb", 20)
    p.start()
    # pot 30 + 20 to call = 50 over the 20: raise to 70
    assert p.legal().max_to == 70
    assert [x[0] for x in p.act(2, RAISE, 80)] == ["bet.over_limit"]
    h = Table(["A", "B", "C"], [1, 2, 3], [1000] * 3, 3, Limit.HALF_POT, 20, 20, Rules(), big_blind=20)
    h.post(0, "sb", 10)
    h.post(1, "bb", 20)
    h.start()
    assert h.legal().max_to == 45  # 20 + (30 + 20) // 2
    assert h.phase == BETTING


@given(st.lists(st.tuples(st.integers(0, 5000), st.booleans()), min_size=2, max_size=9))
def test_pots_hold_every_chip_and_narrow_to_the_deepest(players: list[tuple[int, bool]]) -> None:
    """Whatever went in: the pots add up to it, the main pot is open to every live player who put chips
    in, each side pot to those in for more, and one pot only when every live player put in the same."""
    n = len(players)
    t = Table([f"P{k}" for k in range(n)], list(range(1, n + 1)), [10000] * n, n, Limit.NO_LIMIT, 20, 20, Rules())
    for k, (put, folded) in enumerate(players):
        t.total_in[k], t.folded[k] = put, folded
    live = [k for k, (_, folded) in enumerate(players) if not folded]
    pots = t.pots()
    total = sum(put for put, _ in players)
    if not live:
        return
    assert sum(amount for amount, _ in pots) == total
    assert all(amount > 0 for amount, _ in pots)
    if total:  # the main pot: every live player who put chips in (all of them when none did)
        assert pots[0][1] == ([k for k in live if players[k][0] > 0] or live)
    for (_, wider), (_, narrower) in zip(pots, pots[1:]):
        assert set(narrower) < set(wider)
        floor = min(players[k][0] for k in narrower)
        assert all(players[k][0] < floor for k in set(wider) - set(narrower))
    if len({players[k][0] for k in live}) == 1:
        assert pots == ([(total, live)] if total else [])


@given(st.integers(2, 9), st.data())
def test_players_who_can_still_bet_are_counted_right(players: int, data: st.DataObject) -> None:
    """``Table.active`` (neither folded nor all in) stays the count of such players through any
    sequence of moves, legal or not, including all-ins, uncalled returns and kills."""
    stacks = [data.draw(st.integers(0, 600)) for _ in range(players)]
    t = Table([f"p{k}" for k in range(players)], list(range(1, players + 1)), stacks, players, Limit.NO_LIMIT,
              50, 100, Rules(), big_blind=100)
    t.post(t.sb_index, "sb", min(50, stacks[t.sb_index]))
    t.post(t.bb_index, "bb", min(100, stacks[t.bb_index]))
    t.start()
    for _ in range(data.draw(st.integers(0, 40))):
        i = data.draw(st.integers(0, players - 1))
        move = data.draw(st.sampled_from(["fold", "check", "call", "bet", "raise", "kill", "close", "draw"]))
        if move == "kill":
            t.kill(i)
        elif move == "close":
            t.close_round()
        elif move == "draw":
            t.draw(i, data.draw(st.integers(0, 4)))
        else:
            kind = {"fold": FOLD, "check": CHECK, "call": CALL, "bet": BET, "raise": RAISE}[move]
            t.act(i, kind, data.draw(st.none() | st.integers(0, 800)))
        assert t.active == sum(1 for j in range(players) if not t.folded[j] and not t.allin[j])


def test_a_dead_blind_goes_to_the_main_pot_not_to_its_posters_level() -> None:
    """D (seat 4) posts a dead small blind of 100 and a live 200, checks; B calls, C checks: one pot of
    700 for B, C and D (worked by hand; a real Full Tilt hand wrote one pot where the dead blind's 100 as
    part of D's level made a side pot of D's own). All in for a live 150 (stack 250): the main pot is the
    live 150 from each of three plus the dead 100, the side pot B's and C's 50 each."""
    def played(d_stack: int, d_posts: tuple[tuple[str, int], ...], acts: str) -> tuple[Table, dict[str, int]]:
        t = Table(["A", "B", "C", "D"], [1, 2, 3, 4], [10000, 10000, 10000, d_stack], 1, Limit.FIXED, 200, 400,
                  Rules(), big_blind=200)
        i = t.index_of
        t.post(i["B"], "sb", 100)
        t.post(i["C"], "bb", 200)
        for kind, amount in d_posts:
            t.post(i["D"], kind, amount)
        t.start()
        kinds = {"check": CHECK, "fold": FOLD, "call": CALL}
        for act in acts.split(", "):
            name, kind = act.split()
            assert t.act(i[name], kinds[kind]) == ()
        return t, i

    t, i = played(10000, (("dead_sb", 100), ("extra", 200)), "D check, A fold, B call, C check")
    assert t.phase == DRAWING
    assert t.pots() == [(700, sorted([i["B"], i["C"], i["D"]]))]
    short, i = played(250, (("dead_sb", 100), ("extra", 150)), "A fold, B call, C check")
    assert short.pots() == [(550, sorted([i["B"], i["C"], i["D"]])), (100, sorted([i["B"], i["C"]]))]
    # PokerStars "posts small & big blinds": 200 live, 100 dead
    both, i = played(10000, (("both", 300),), "D check, A fold, B call, C check")
    assert both.pots() == [(700, sorted([i["B"], i["C"], i["D"]]))]
