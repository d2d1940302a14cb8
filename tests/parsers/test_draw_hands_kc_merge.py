"""Hand-checked draw-game records of KingsClub (2-7 and A-5 Triple Draw, Badacey, Badeucey) and Merge
XML (2-7 and A-5 Lowball): one hand per room and game, every expected value read off the file by hand
(line numbers are the file's), not copied from the reader's output."""

from __future__ import annotations

from badugi.engine.record import (
    Bet, Call, Check, Collect, Deal, Draw, DrawDeal, Fold, Limit, Muck, Post, PostKind, Raise, Show,
)
from draw_hands import cards, hand_in, of
from conftest import REAL_HH

KC = REAL_HH / "kingsclub"
MERGE = REAL_HH / "merge"


def test_kingsclub_27_triple_draw_hand() -> None:
    """cash__2-7 Triple Draw Lowball-FL-USD-40-80: #39969256, heads-up, the hero draws two then one and
    wins with 8-6-4-3-2 (no labels: KingsClub writes none)."""
    hand = hand_in(KC / "cash__2-7 Triple Draw Lowball-FL-USD-40-80-202101.txt", "39969256")
    assert (hand.game, hand.limit, hand.currency, hand.table) == ("27_triple_draw", Limit.FIXED, "USD", "8 Game Mix")
    assert (hand.stakes.small_bet, hand.stakes.big_bet, hand.button) == (4000, 8000, 1)
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [(1, "Player0", 47_850), (6, "Hero", 175_550)]
    assert [(p.player, p.kind, p.amount) for p in of(hand, Post)] == [
        ("Player0", PostKind.SMALL_BLIND, 2000), ("Hero", PostKind.BIG_BLIND, 4000)]
    assert [(d.player, d.cards) for d in of(hand, Deal)] == [("Player0", None), ("Hero", cards("Ts 8h Jh 4c 6h"))]
    assert [(r.player, r.street, r.raise_to) for r in of(hand, Raise)] == [
        ("Player0", 0, 8000), ("Player0", 1, 8000), ("Hero", 2, 16_000)]
    assert [(c.player, c.street, c.amount, c.is_total) for c in of(hand, Call)] == [
        ("Hero", 0, 8000, True), ("Hero", 1, 8000, True), ("Player0", 2, 16_000, True), ("Player0", 3, 8000, True)]
    assert [(d.player, d.draw, d.count, d.discards) for d in of(hand, Draw)] == [
        ("Hero", 1, 2, cards("Ts Jh")), ("Player0", 1, 2, None), ("Hero", 2, 1, cards("6c")), ("Player0", 2, 0, None),
        ("Hero", 3, 0, None), ("Player0", 3, 0, None)]
    assert [(d.draw, d.new) for d in of(hand, DrawDeal)] == [(1, cards("3c 6c")), (2, cards("2c"))]
    assert [(b.player, b.street, b.amount) for b in of(hand, Bet)] == [
        ("Hero", 1, 4000), ("Player0", 2, 8000), ("Hero", 3, 8000)]
    assert [(s.player, s.cards, s.label) for s in of(hand, Show)] == [
        ("Hero", cards("3c 8h 2c 4c 6h"), None), ("Player0", cards("4h 7s 2h 8d 5s"), None)]
    assert [(c.player, c.amount) for c in of(hand, Collect)] == [("Hero", 79_900)]
    assert hand.claims.rake == 100
    assert [(s.player, s.final_stack, s.net) for s in hand.claims.summary] == [
        ("Player0", 7850, -40_000), ("Hero", 215_450, 39_900)]


def test_kingsclub_a5_triple_draw_hand() -> None:
    """cash__A5-3-Draw-Limit-USD-44-88: #37581342, six antes of 11, the hero draws Jd -> As, then As -> 6h,
    bets the last round and Player3 folds."""
    hand = hand_in(KC / "cash__A5-3-Draw-Limit-USD-44-88-202010.txt", "37581342")
    assert (hand.game, hand.stakes.small_bet, hand.stakes.big_bet, hand.button) == ("a5_triple_draw", 4400, 8800, 7)
    assert len(hand.seats) == 6 and hand.seats[-1].player == "Hero" and hand.seats[-1].stack == 364_491
    posts = [(p.player, p.kind, p.amount) for p in of(hand, Post)]
    assert posts[:6] == [(name, PostKind.ANTE, 1100) for name in ("Player0", "Player1", "Player2", "Player3", "Player4",
                                                                  "Hero")]
    assert posts[6:] == [("Player0", PostKind.SMALL_BLIND, 2200), ("Player1", PostKind.BIG_BLIND, 4400)]
    assert of(hand, Deal)[-1].cards == cards("2d Ah Jd 4s 5s")
    assert [(r.player, r.street, r.raise_to) for r in of(hand, Raise)] == [
        ("Player2", 0, 8800), ("Player3", 0, 13_200), ("Hero", 0, 17_600), ("Hero", 2, 17_600)]
    assert [(d.player, d.draw, d.count) for d in of(hand, Draw)] == [
        ("Player2", 1, 2), ("Player3", 1, 0), ("Hero", 1, 1), ("Player2", 2, 1), ("Player3", 2, 0), ("Hero", 2, 1),
        ("Player3", 3, 1), ("Hero", 3, 0)]
    assert [(d.draw, d.new) for d in of(hand, DrawDeal)] == [(1, cards("As")), (2, cards("6h"))]
    assert [d.discards for d in of(hand, Draw) if d.player == "Hero" and d.count] == [cards("Jd"), cards("As")]
    assert [(f.player, f.street) for f in of(hand, Fold)][-2:] == [("Player2", 2), ("Player3", 3)]
    assert not of(hand, Show)
    assert [(c.player, c.amount) for c in of(hand, Collect)] == [("Hero", 113_900)]
    assert hand.claims.rake == 500 and hand.claims.summary[-1].net == 73_200


def test_kingsclub_badacey_split_pot() -> None:
    """cash__Badacey-Limit-USD-22-44: #40201390, heads-up to the showdown, the pot split on two
    ``wins (168) from pot`` lines, one ``Collect`` each."""
    hand = hand_in(KC / "cash__Badacey-Limit-USD-22-44-202101.txt", "40201390")
    assert (hand.game, hand.limit, hand.stakes.small_bet, hand.stakes.big_bet) == ("badacey", Limit.FIXED, 2200, 4400)
    assert [p.amount for p in of(hand, Post) if p.kind is PostKind.ANTE] == [550] * 6
    assert [(p.player, p.kind, p.amount) for p in of(hand, Post) if p.kind is not PostKind.ANTE] == [
        ("Hero", PostKind.SMALL_BLIND, 1100), ("Player1", PostKind.BIG_BLIND, 2200)]
    assert of(hand, Deal)[1].cards == cards("Ad 7h 8h 7c Qc")
    assert [(f.player, f.street) for f in of(hand, Fold)] == [
        ("Player2", 0), ("Player3", 0), ("Player4", 0), ("Player0", 0)]
    assert [(r.player, r.raise_to) for r in of(hand, Raise)] == [("Hero", 4400)]
    assert [(d.player, d.draw, d.count, d.discards) for d in of(hand, Draw)] == [
        ("Hero", 1, 2, cards("7h Qc")), ("Player1", 1, 2, None), ("Hero", 2, 0, None), ("Player1", 2, 1, None),
        ("Hero", 3, 0, None), ("Player1", 3, 1, None)]
    assert [d.new for d in of(hand, DrawDeal)] == [cards("2h 9s")]
    assert [(b.street, b.amount) for b in of(hand, Bet)] == [(1, 2200), (2, 4400), (3, 4400)]
    assert [(s.player, s.cards) for s in of(hand, Show)] == [
        ("Hero", cards("Ad 2h 8h 7c 9s")), ("Player1", cards("6c 4d 6h 9h 5s"))]
    assert [(c.player, c.amount, c.pot) for c in of(hand, Collect)] == [("Hero", 16_800, "pot"),
                                                                       ("Player1", 16_800, "pot")]
    assert hand.claims.rake == 500
    assert [s.net for s in hand.claims.summary] == [-550, 850, 850, -550, -550, -550]


def test_kingsclub_badeucey_split_pot() -> None:
    """cash__Badeucey-Limit-USD-22-44: #40200897, seven seats, three players to the showdown, the hero
    draws three, three and one; Player2 and Player4 split (``wins (550.25) from pot`` twice)."""
    hand = hand_in(KC / "cash__Badeucey-Limit-USD-22-44-202101.txt", "40200897")
    assert (hand.game, hand.button, len(hand.seats)) == ("badeucey", 4, 7)
    assert [(s.player, s.stack) for s in hand.seats][:2] == [("Player0", 189_542), ("Hero", 66_600)]
    assert of(hand, Deal)[1].cards == cards("Kc 5d 2d Jc 3h")
    hero = [(d.draw, d.discards) for d in of(hand, Draw) if d.player == "Hero"]
    assert hero == [(1, cards("Kc 5d Jc")), (2, cards("Jd Tc Qs")), (3, cards("2c"))]
    assert [(d.draw, d.new) for d in of(hand, DrawDeal)] == [(1, cards("Jd Tc Qs")), (2, cards("6s 7c 2c")),
                                                            (3, cards("8h"))]
    assert [(d.player, d.draw, d.count) for d in of(hand, Draw) if d.player != "Hero"] == [
        ("Player4", 1, 2), ("Player2", 1, 3), ("Player4", 2, 1), ("Player2", 2, 0), ("Player4", 3, 0),
        ("Player2", 3, 0)]
    assert [(r.player, r.street, r.raise_to) for r in of(hand, Raise)] == [
        ("Hero", 0, 4400), ("Player2", 1, 4400), ("Player4", 1, 6600), ("Player2", 1, 8800), ("Hero", 2, 8800),
        ("Player2", 2, 13_200), ("Hero", 2, 17_600)]
    assert [(s.player, s.cards) for s in of(hand, Show)] == [
        ("Hero", cards("6s 7c 2d 8h 3h")), ("Player2", cards("8c 5h 2s 3s 7h")), ("Player4", cards("6h 5s 4d 3c 9h"))]
    assert [(c.player, c.amount) for c in of(hand, Collect)] == [("Player2", 55_025), ("Player4", 55_025)]
    assert hand.claims.rake == 500
    assert [(s.player, s.net) for s in hand.claims.summary if s.net > 0] == [("Player2", 19_275), ("Player4", 19_275)]


def test_merge_27_lowball_limit_hand_all_in_on_the_second_draw() -> None:
    """cash__3-Draw-Limit-USD-5-10...All-in.on.second.draw: ``Limit $5/$10`` (blinds $2/$5 posted), the
    hero's whole new hand after each draw, Villain all in for $17 more, the winner's ``hand="7-5-4-3-2"``."""
    hand = hand_in(MERGE / "cash__3-Draw-Limit-USD-5-10-201105.All-in.on.second.draw.txt", "31241825-6")
    assert (hand.game, hand.limit, hand.currency, hand.table) == ("27_triple_draw", Limit.FIXED, "USD",
                                                                  "Toketee (31241825)")
    assert (hand.stakes.small_bet, hand.stakes.big_bet, hand.stakes.small_blind, hand.stakes.big_blind) == (
        500, 1000, None, None)
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [(3, "Hero", 16_250), (4, "Villain", 5700)]
    assert [(p.player, p.kind, p.amount) for p in of(hand, Post)] == [
        ("Villain", PostKind.SMALL_BLIND, 200), ("Hero", PostKind.BIG_BLIND, 500)]
    assert of(hand, Deal)[0].cards == cards("Ah 5h Ts 3c Ad") and hand.button == 4
    assert [(r.player, r.street, r.raise_to, r.all_in) for r in of(hand, Raise)] == [
        ("Villain", 0, 1000, False), ("Hero", 1, 1000, False), ("Villain", 1, 1500, False), ("Hero", 1, 2000, False),
        ("Villain", 1, 2500, False), ("Hero", 1, 3000, False), ("Villain", 2, 1700, True)]
    assert [(c.player, c.street, c.amount) for c in of(hand, Call)] == [
        ("Hero", 0, 500), ("Villain", 1, 500), ("Hero", 2, 700)]
    assert [(b.player, b.street, b.amount) for b in of(hand, Bet)] == [("Villain", 1, 500), ("Hero", 2, 1000)]
    assert [(d.player, d.draw, d.count) for d in of(hand, Draw)] == [
        ("Hero", 1, 3), ("Villain", 1, 1), ("Hero", 2, 0), ("Villain", 2, 1), ("Hero", 3, 0), ("Villain", 3, 0)]
    assert [(d.draw, d.hand) for d in of(hand, DrawDeal)] == [(n, cards("7c 5h 4c 3c 2d")) for n in (1, 2, 3)]
    assert [(s.player, s.cards, s.label) for s in of(hand, Show)] == [
        ("Hero", cards("7c 5h 4c 3c 2d"), "7-5-4-3-2"), ("Villain", cards("8h 2s 4d 5s 3s"), None)]
    assert [(c.player, c.amount) for c in of(hand, Collect)] == [("Hero", 11_350)]
    assert hand.claims.rake is None  # Merge writes no rake


def test_merge_a5_lowball_hand() -> None:
    """cash__A5-3-Draw-Limit-USD-0.50-1: #33997611-33, four players, the hero draws to 8-6-3-2-A and
    wins; Player3's mucked cards are shown."""
    hand = hand_in(MERGE / "cash__A5-3-Draw-Limit-USD-0.50-1-201105.Sample.txt", "33997611-33")
    assert (hand.game, hand.limit, hand.stakes.small_bet, hand.stakes.big_bet) == ("a5_triple_draw", Limit.FIXED, 50,
                                                                                   100)
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [
        (1, "Hero", 925), (2, "Player2", 2153), (3, "Player3", 1000), (4, "Player4", 1100)]
    assert [(p.player, p.kind, p.amount) for p in of(hand, Post)] == [
        ("Player2", PostKind.SMALL_BLIND, 25), ("Player3", PostKind.BIG_BLIND, 50)]
    assert [f.player for f in of(hand, Fold)] == ["Player4", "Player2"]
    assert [(r.player, r.raise_to) for r in of(hand, Raise)] == [("Hero", 100)]
    assert of(hand, Deal)[0].cards == cards("6c 3c Td 2s Js")
    assert [(d.player, d.draw, d.count) for d in of(hand, Draw)] == [
        ("Player3", 1, 1), ("Hero", 1, 2), ("Player3", 2, 1), ("Hero", 2, 1), ("Player3", 3, 0), ("Hero", 3, 1)]
    assert [(d.draw, d.hand) for d in of(hand, DrawDeal)] == [
        (1, cards("6c 3c Ad 2s 9s")), (2, cards("6c 3c Ad 2s 2h")), (3, cards("6c 3c Ad 2s 8h"))]
    assert [(c.player, c.street) for c in of(hand, Check)] == [
        ("Player3", 1), ("Hero", 1), ("Player3", 2), ("Player3", 3)]
    assert [(b.player, b.street, b.amount) for b in of(hand, Bet)] == [("Hero", 2, 100), ("Hero", 3, 100)]
    assert [(s.player, s.label) for s in of(hand, Show)] == [("Hero", "8-6-3-2-A")]
    assert [(m.player, m.cards) for m in of(hand, Muck)] == [("Player3", cards("Ac 8s 7c 3h 6d"))]
    assert [(c.player, c.amount) for c in of(hand, Collect)] == [("Hero", 594)]
