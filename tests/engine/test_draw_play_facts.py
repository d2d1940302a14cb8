"""The draw-play facts (snow, broken badugi, bet with fewer cards drawn, fold to a pat bettor, pre-draw
decision) on a hand built by hand, each expected value worked out from the events listed here."""

from __future__ import annotations

from badugi.engine.cards import parse_cards as c
from badugi.engine.record import (
    Bet, Call, Check, Claims, Collect, Deal, Draw, DrawDeal, Fold, Hand, Limit, Post, PostKind, Raise, Seat,
    Source, Stakes, Uncalled,
)
from badugi.engine.replay import replay


def three_handed() -> Hand:
    """A button (hero), B small blind, C big blind at $0.25/$0.50.

    Pre-draw A raises, B folds, C calls. Draw 1: C stands pat on 5s 6s 7d 8h (no badugi: a snow), A
    breaks the dealt badugi As 2d 3h Kc by throwing the king. Round 1: C (pat) bets, A calls.
    Draw 2 both pat; C bets, A raises, C calls. Draw 3 both pat; C checks, A (pat) bets, C folds.
    """
    events = (
        Post("B", PostKind.SMALL_BLIND, 10), Post("C", PostKind.BIG_BLIND, 25),
        Deal("A", c("As 2d 3h Kc")), Deal("B", c("9c 9d Jh Qs")), Deal("C", c("5s 6s 7d 8h")),
        Raise("A", 0, 25, 50), Fold("B", 0), Call("C", 0, 25),
        Draw("C", 1, 0, held=c("5s 6s 7d 8h")), Draw("A", 1, 1, discards=c("Kc")),
        DrawDeal("A", 1, 1, kept=c("As 2d 3h"), new=c("4c")),
        Bet("C", 1, 25), Call("A", 1, 25),
        Draw("C", 2, 0), Draw("A", 2, 0),
        Bet("C", 2, 50), Raise("A", 2, 50, 100), Call("C", 2, 50),
        Draw("C", 3, 0), Draw("A", 3, 0),
        Check("C", 3), Bet("A", 3, 50), Fold("C", 3),
        Uncalled("A", 50), Collect("A", 360),
    )
    return Hand(room="pokerstars", hand_id="1", game="badugi", limit=Limit.FIXED, stakes=Stakes(25, 50, 10, 25),
                currency="USD", source=Source("x.txt", 1), max_seats=6, button=1,
                seats=(Seat(1, "A", 1000), Seat(2, "B", 1000), Seat(3, "C", 1000)), events=events,
                claims=Claims(total_pot=360, rake=0), hero="A")


def test_draw_play_facts_by_hand() -> None:
    r = replay(three_handed())
    a, b, cc = r.facts("A"), r.facts("B"), r.facts("C")
    assert a and b and cc
    assert (a.net, b.net, cc.net) == (185, -10, -175)
    # A: raised pre-draw; broke a dealt badugi at draw 1; pat on a badugi at draws 2-3 (no snow);
    # raised C's round-2 bet and was called (both drew 0: not fewer); called C's pat bet in round 1
    assert (a.decided, a.held_badugi, a.broke_badugi, a.pat_known, a.snowed) == (True, True, True, True, False)
    assert (a.bet_called, a.bet_fewer, a.faced_pat, a.fold_to_pat) == (True, False, True, False)
    # B folded before the draw: a decision, nothing else
    assert (b.decided, b.pat_known, b.held_badugi, b.bet_called, b.faced_pat) == (True, False, False, False, False)
    # C: pat on a non-badugi (snow); bet round 1 with 0 drawn against A's 1 and was called; folded to
    # A's pat bet in round 3 (C's own round-2 bet was the first pat bet of that round)
    assert (cc.decided, cc.pat_known, cc.snowed, cc.held_badugi, cc.broke_badugi) == (True, True, True, False, False)
    assert (cc.bet_called, cc.bet_fewer, cc.faced_pat, cc.fold_to_pat) == (True, True, True, True)


def test_walk_is_no_decision() -> None:
    events = (Post("A", PostKind.SMALL_BLIND, 10), Post("B", PostKind.BIG_BLIND, 25), Fold("A", 0),
              Uncalled("B", 15), Collect("B", 20))
    hand = Hand(room="pokerstars", hand_id="2", game="badugi", limit=Limit.FIXED, stakes=Stakes(25, 50, 10, 25),
                currency="USD", source=Source("x.txt", 1), button=1,
                seats=(Seat(1, "A", 1000), Seat(2, "B", 1000)), events=events, claims=Claims(total_pot=20, rake=0))
    r = replay(hand)
    assert r.facts("A").decided is True and r.facts("B").decided is False
