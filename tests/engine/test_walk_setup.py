"""The walk's set-up reads the players, seat numbers and stacks from the hand's seats in the table's order
(``Table._setup_seats``): the same order, names and stacks as ``Table(players, seats, stacks, button, ...)`` made from
lists; the lists and dicts a walk writes rarely start as one shared empty one, never written; a post's kind given as
a ``PostKind`` or as its plain text does the same."""

from __future__ import annotations

import dataclasses

import pytest

from badugi.engine.record import Limit, PostKind, Seat
from badugi.engine.replay import Walk, replay
from badugi.engine.rules import rules_for
from badugi.engine.table import Table

from test_replay_worked import worked_hand

LAYOUTS = [
    # (seat numbers, button): ascending and turned at the button, the button first or last, unsorted, out of range,
    # not ints, more than ten seats, a button beyond 999, seat numbers tied
    ((1, 2, 3, 4), 1), ((1, 2, 3, 4), 4), ((1, 2, 3, 4), 2), ((3, 5, 8, 9), 6), ((2, 7), 7), ((5,), 5),
    ((4, 1, 3, 2), 2), ((1, 2, 1000, 3), 2), ((1, 2, 3, -1), 1), ((1, 2, 3, 4), 1000), ((1, 2, 3, 4), True),
    ((1, 3, 3, 4), 3), ((9, 1, 2), 1), (tuple(range(1, 12)), 5), ((1, 2, 3, 4), 0), ((0, 999), 999),
]


def _hand_with(numbers: tuple, button: object):
    hand = worked_hand()
    names = ["Alice", "Bob", "Carol", "Ted"] + [f"P{k}" for k in range(10)]
    seats = tuple(Seat(number, names[k], 1000 * (k + 1)) for k, number in enumerate(numbers))
    return dataclasses.replace(hand, seats=seats, button=button, max_seats=None)


@pytest.mark.parametrize(("numbers", "button"), LAYOUTS)
def test_walk_table_orders_seats_as_a_table_made_from_lists(numbers: tuple, button: object) -> None:
    hand = _hand_with(numbers, button)
    rules = rules_for(hand)
    walk = Walk(hand, rules)
    seats = hand.seats
    table = Table([s.player for s in seats], [s.seat for s in seats], [s.stack for s in seats], button, Limit.FIXED,
                  200, 400, rules, walk.big_blind)
    assert (walk.table.names, walk.table.seats, walk.table.stacks, walk.table.start_stacks) == (
        table.names, table.seats, table.stacks, table.start_stacks)
    assert walk.table.n == table.n == len(seats)
    assert (walk.table.sb_index, walk.table.bb_index) == (table.sb_index, table.bb_index)


def test_tournament_stacks_after_posts_are_ordered_with_their_seats() -> None:
    """A tournament room writing stacks after the forced bets (``Rules.tournament_stacks_after_posts``): each seat's
    stack plus its posts, in the table's order (the button's seat 1 is last)."""
    hand = worked_hand()
    rules = dataclasses.replace(rules_for(hand), tournament_stacks_after_posts=True)
    from badugi.engine.record import Tournament
    hand = dataclasses.replace(hand, tournament=Tournament("T1"))
    walk = Walk(hand, rules)
    assert walk.table.names == ["Bob", "Carol", "Ted", "Alice"]
    assert walk.table.stacks == [10100, 10200, 10000, 10000]


def test_rarely_written_lists_are_shared_until_written() -> None:
    """A walk that writes none of them shares one empty list or dict with every other walk; one that writes gets its
    own, and the shared ones stay empty."""
    hand = worked_hand()
    quiet = Walk(hand, rules_for(hand))  # not run: nothing written
    other = Walk(hand, rules_for(hand))
    for name in ("violations", "uncalled", "return_lines", "draw_slots"):
        assert getattr(quiet, name) == [] and getattr(quiet, name) is getattr(other, name)
    for name in ("discards", "new_cards", "mucks"):
        assert getattr(quiet, name) == {} and getattr(quiet, name) is getattr(other, name)
    walked = Walk(hand, rules_for(hand))
    walked.run()
    assert walked.draw_slots and walked.draw_slots is not quiet.draw_slots
    assert walked.discards and walked.discards is not quiet.discards
    walked.flag("hand.partial", 1, "a", "b")
    assert len(walked.violations) == 1
    assert quiet.violations == [] and quiet.draw_slots == [] and quiet.discards == {} and quiet.new_cards == {}
    again = Walk(hand, rules_for(hand))
    assert again.violations == [] and again.draw_slots == []


def test_worked_hand_replays_the_same_twice() -> None:
    first, second = replay(worked_hand()), replay(worked_hand())
    assert first.violations == second.violations == ()
    assert first.total_pot == second.total_pot == 3600


@pytest.mark.parametrize("kind", list(PostKind))
def test_post_kind_as_member_or_text_does_the_same(kind: PostKind) -> None:
    def table() -> Table:
        return Table(["A", "B", "C"], [1, 2, 3], [1000, 1000, 50], 3, Limit.FIXED, 200, 400,
                     rules_for(worked_hand()), 200)

    by_member, by_text = table(), table()
    for t, k in ((by_member, kind), (by_text, str(kind.value))):
        assert t.post(0, k, 100) == ()
        assert t.post(1, k, 200) == ()
        problems = t.post(2, k, 80)
        assert problems and problems[0][0] == "stack.exceeded"
    for name in ("stacks", "round_in", "total_in", "antes", "dead_in", "allin", "bb_poster", "pot_total"):
        assert getattr(by_member, name) == getattr(by_text, name), name
    if kind is PostKind.BIG_BLIND:
        assert by_member.bb_poster == 0
    if kind is PostKind.ANTE:
        assert by_member.antes == [100, 200, 50] and by_member.round_in == [0, 0, 0]
    if kind is PostKind.DEAD_SMALL:
        assert by_member.dead_in == [100, 200, 50] and by_member.round_in == [0, 0, 0]


def _codes_with(**events: object) -> list[tuple[str, int]]:
    """The walk's violations (code, line) of the worked hand with Alice's first draw (event 9) and her new cards
    (event 10) replaced."""
    from badugi.engine.record import Draw, DrawDeal
    from badugi.engine.cards import parse_cards as c

    hand = worked_hand()
    changed = list(hand.events)
    if "draw" in events:
        changed[9] = Draw("Alice", 1, 1, discards=c(events["draw"]), line=18)
    if "kept" in events or "new" in events:
        changed[10] = DrawDeal("Alice", 1, kept=c(events.get("kept", "2s 4c 9h")), new=c(events.get("new", "Qh")),
                               line=19)
    walk = Walk(dataclasses.replace(hand, events=tuple(changed)), rules_for(hand))
    walk.run()
    return [(v.code, v.line) for v in walk.violations]


@pytest.mark.parametrize(("events", "expected"), [
    # (each later line follows from the stage the changed line set: Alice's holding after the first draw is what
    # the room said she kept plus her new cards, so a wrong kept or new card shows again at the next draw, 27-28)
    ({}, []),
    ({"kept": "9h 2s 4c"}, []),  # the same cards kept, in another order
    ({"kept": "2s 4c 8h"}, [("draw.unheld_card", 19), ("draw.unheld_card", 28)]),  # kept a card never held
    ({"kept": "2s 4c 9h 9h"}, [("draw.unheld_card", 19), ("draw.unheld_card", 28)]),  # one kept twice: lists decide
    ({"new": "9h"}, [("cards.duplicate", 19), ("draw.unheld_card", 27), ("draw.unheld_card", 28)]),  # still held
    ({"new": "Kd"}, [("cards.duplicate", 19), ("draw.unheld_card", 27), ("draw.unheld_card", 28)]),  # own discard
    ({"new": "2s 2s"}, [("draw.count_mismatch", 19), ("cards.duplicate", 19), ("draw.unheld_card", 27),
                        ("draw.unheld_card", 28)]),  # named twice and held: the lists decide
    ({"new": "Qh Qh"}, [("draw.count_mismatch", 19)]),  # named twice, not held: no card dealt again
    ({"draw": "Qd"}, [("draw.unheld_card", 18), ("draw.unheld_card", 19)]),  # threw a card not held
    ({"draw": "Kd Kd"}, [("draw.count_mismatch", 18)]),  # named twice (held): the lists decide, nothing unheld
    ({"draw": "Kd", "kept": "2s 4c 9h Kd"}, [("draw.unheld_card", 19), ("draw.unheld_card", 28)]),  # kept the discard
    ({"draw": "9h", "new": "9h"}, [("draw.unheld_card", 19), ("cards.duplicate", 19), ("draw.unheld_card", 27),
                                   ("draw.unheld_card", 28)]),
])
def test_draw_card_checks(events: dict, expected: list) -> None:
    assert _codes_with(**events) == expected
