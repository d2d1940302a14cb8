"""Posting order, antes and the table's size on small hands built by hand (expected values from the rules:
blinds left of the button, small before big; one ante a player, all equal but an all-in for less)."""

from __future__ import annotations

from badugi.engine.record import (Claims, Collect, Fold, Hand, Limit, Post, PostKind, Seat, Source, Stakes,
                                  Uncalled)
from badugi.engine.replay import replay

SEATS = (Seat(1, "Alice", 10000, line=2), Seat(2, "Bob", 10000, line=3), Seat(3, "Carol", 10000, line=4),
         Seat(4, "Ted", 10000, line=5))


def walk_over(posts: tuple, *, ante: int | None = None, max_seats: int | None = None,
              seats: tuple = SEATS) -> Hand:
    """Alice on the button, Bob SB 100, Carol BB 200; everyone folds to Carol, whose 100 over Bob's blind
    comes back; Carol collects the blinds and the antes."""
    antes = sum(p.amount for p in posts if p.kind is PostKind.ANTE)
    events = (*posts, Fold("Ted", 0, line=20), Fold("Alice", 0, line=21), Fold("Bob", 0, line=22),
              Uncalled("Carol", 100, line=23), Collect("Carol", 200 + antes, line=24))
    return Hand(room="pokerstars", hand_id="7", game="badugi", limit=Limit.FIXED,
                stakes=Stakes(200, 400, 100, 200, ante), currency="USD", source=Source("t.txt", 1), button=1,
                seats=seats, events=events, claims=Claims(total_pot=200 + antes, rake=0, line=30),
                max_seats=max_seats)


BLINDS = (Post("Bob", PostKind.SMALL_BLIND, 100, line=10), Post("Carol", PostKind.BIG_BLIND, 200, line=11))


def test_blinds_in_order_are_clean() -> None:
    assert replay(walk_over(BLINDS, max_seats=6)).codes == ()


def test_big_blind_before_small_is_out_of_turn() -> None:
    swapped = (Post("Carol", PostKind.BIG_BLIND, 200, line=10), Post("Bob", PostKind.SMALL_BLIND, 100, line=11))
    found = replay(walk_over(swapped)).violations
    assert [(v.code, v.line) for v in found] == [("order.out_of_turn", 11)]
    assert "Carol" in found[0].expected


def _antes(*amounts: tuple[str, int]) -> tuple:
    return tuple(Post(name, PostKind.ANTE, amount, line=6 + k) for k, (name, amount) in enumerate(amounts))


def test_equal_antes_are_clean() -> None:
    posts = (*_antes(("Alice", 25), ("Bob", 25), ("Carol", 25), ("Ted", 25)), *BLINDS)
    assert replay(walk_over(posts)).codes == ()
    assert replay(walk_over(posts, ante=25)).codes == ()


def _posting(hand: Hand) -> list:
    """The violations on seat and post lines (an odd ante also moves what comes back uncalled, an all-in ante
    leaves a player who cannot fold: judged apart)."""
    return [v for v in replay(hand).violations if v.line < 20]


def test_a_second_ante_is_flagged() -> None:
    posts = (*_antes(("Alice", 25), ("Bob", 25), ("Bob", 25), ("Carol", 25), ("Ted", 25)), *BLINDS)
    found = _posting(walk_over(posts))
    assert [(v.code, v.line, v.expected) for v in found] == [("blind.wrong_amount", 8, "one ante a player")]


def test_an_ante_unlike_the_others_is_flagged() -> None:
    posts = (*_antes(("Alice", 25), ("Bob", 25), ("Carol", 24), ("Ted", 25)), *BLINDS)
    found = _posting(walk_over(posts))
    assert [(v.code, v.line, v.found) for v in found] == [("blind.wrong_amount", 8, "24")]
    stated = _posting(walk_over(_antes(("Alice", 20), ("Bob", 20), ("Carol", 20), ("Ted", 20)) + BLINDS, ante=25))
    assert [(v.code, v.line) for v in stated] == [("blind.wrong_amount", k) for k in (6, 7, 8, 9)]


def test_an_all_in_ante_may_be_short_but_not_over() -> None:
    seats = (*SEATS[:3], Seat(4, "Ted", 10, line=5))
    short = (*_antes(("Alice", 25), ("Bob", 25), ("Carol", 25)), Post("Ted", PostKind.ANTE, 10, True, line=9),
             *BLINDS)
    assert _posting(walk_over(short, seats=seats)) == []
    over = (*_antes(("Alice", 25), ("Bob", 25), ("Carol", 25)), Post("Ted", PostKind.ANTE, 30, True, line=9),
            *BLINDS)
    found = _posting(walk_over(over, seats=(*SEATS[:3], Seat(4, "Ted", 30, line=5))))
    assert [(v.code, v.line, v.expected) for v in found] == [("blind.wrong_amount", 9, "at most the ante 25")]


def test_a_player_without_an_ante_is_flagged_at_the_deal() -> None:
    """Once antes are posted every player dealt in posts one: Carol's is missing, flagged at line 20 (Ted's
    fold, the first line after the posts); Ted all in for less on his ante is not flagged."""
    posts = (*_antes(("Alice", 25), ("Bob", 25), ("Ted", 25)), *BLINDS)
    found = [v for v in replay(walk_over(posts)).violations if v.code == "blind.wrong_amount"]
    assert [(v.line, v.expected, v.found) for v in found] == [(20, "an ante from Carol", "no ante before the deal")]
    two_missing = (*_antes(("Bob", 25), ("Ted", 25)), *BLINDS)
    found = [v for v in replay(walk_over(two_missing)).violations if v.code == "blind.wrong_amount"]
    assert [(v.line, v.expected) for v in found] == [(20, "an ante from Alice"), (20, "an ante from Carol")]
    seats = (*SEATS[:3], Seat(4, "Ted", 10, line=5))
    short = (*_antes(("Alice", 25), ("Bob", 25), ("Carol", 25)), Post("Ted", PostKind.ANTE, 10, True, line=9),
             *BLINDS)
    assert [v for v in replay(walk_over(short, seats=seats)).violations if v.code == "blind.wrong_amount"] == []


def test_seats_beyond_the_table_size() -> None:
    found = replay(walk_over(BLINDS, max_seats=3)).violations
    assert [(v.code, v.line, v.found) for v in found] == [("seat.over_table_size", 5, "seat 4 (Ted)")]
    crowded = (Seat(1, "Alice", 10000, line=2), Seat(2, "Bob", 10000, line=3), Seat(3, "Carol", 10000, line=4))
    squeezed = walk_over(BLINDS[:1] + (Post("Carol", PostKind.BIG_BLIND, 200, line=11),), max_seats=2, seats=crowded)
    codes = [(v.code, v.line) for v in _posting(squeezed)]
    assert codes == [("seat.over_table_size", 4)]
