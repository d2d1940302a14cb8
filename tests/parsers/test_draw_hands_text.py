"""Hand-checked draw-game records of the text rooms Full Tilt, PokerStars and Winamax: one hand per room
and game, every expected value read off the file by hand (line numbers are the file's), not copied from
the reader's output."""

from __future__ import annotations

from badugi.engine.record import (
    Bet, Call, Check, Collect, Deal, Draw, DrawDeal, Fold, Limit, Muck, Noise, Post, PostKind, Raise, Show, Uncalled,
)
from badugi.parsers.rooms.pokerstars_single_draw import INLINE_DRAW, mark_inline_draw
from draw_hands import CORPUS, cards, hand_in, of
from conftest import REAL_HH

FT = REAL_HH / "fulltilt"
PS = REAL_HH / "pokerstars"


def test_full_tilt_27_triple_draw_tournament_hand() -> None:
    """tour__3-Draw...STT-2max: hand #31331067778 (file line 199), heads-up, the hero draws one card
    three times and makes a pair of Twos."""
    hand = hand_in(FT / "tour__3-Draw-Limit-USD-STT-2max-10-201211.txt", "31331067778")
    assert (hand.game, hand.limit, hand.currency, hand.source.line) == ("27_triple_draw", Limit.FIXED, "CHIPS", 199)
    assert hand.tournament.tournament_id == "243560420" and hand.tournament.buy_in == "$10"
    assert (hand.stakes.small_bet, hand.stakes.big_bet, hand.button) == (30, 60, 1)
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [(1, "Hero", 1395), (2, "Player0", 1605)]
    assert [(p.player, p.kind, p.amount) for p in of(hand, Post)] == [
        ("Hero", PostKind.SMALL_BLIND, 15), ("Player0", PostKind.BIG_BLIND, 30)]
    assert [d.cards for d in of(hand, Deal)] == [cards("5s 2s 3c Qh 4s")] and hand.hero == "Hero"
    assert [(type(a).__name__, a.player, a.street) for a in of(hand, Raise, Call)] == [
        ("Raise", "Hero", 0), ("Raise", "Player0", 0), ("Raise", "Hero", 0), ("Call", "Player0", 0)]
    assert [r.raise_to for r in of(hand, Raise)] == [60, 90, 120] and of(hand, Call)[0].amount == 30
    assert [(d.player, d.draw, d.count, d.discards) for d in of(hand, Draw)] == [
        ("Player0", 1, 1, None), ("Hero", 1, 1, cards("Qh")), ("Player0", 2, 1, None), ("Hero", 2, 1, cards("Ts")),
        ("Player0", 3, 1, None), ("Hero", 3, 1, cards("5c"))]
    hero_deals = [(d.draw, d.kept, d.new) for d in of(hand, DrawDeal) if d.player == "Hero"]
    assert hero_deals == [(1, cards("5s 2s 3c 4s"), cards("Ts")), (2, cards("5s 2s 3c 4s"), cards("5c")),
                          (3, cards("5s 2s 3c 4s"), cards("2h"))]
    assert [(d.draw, d.count) for d in of(hand, DrawDeal) if d.player == "Player0"] == [(1, 1), (2, 1), (3, 1)]
    assert [(c.player, c.street) for c in of(hand, Check)] == [("Player0", 1), ("Hero", 1), ("Player0", 2),
                                                              ("Hero", 2), ("Player0", 3), ("Hero", 3)]
    assert [(s.player, s.cards, s.label) for s in of(hand, Show)] == [
        ("Hero", cards("2h 2s 5s 4s 3c"), "a pair of Twos"), ("Player0", cards("Jc 7s 6d 5h 4c"), "J,7,6,5,4")]
    assert [(c.player, c.amount, c.pot) for c in of(hand, Collect)] == [("Player0", 240, "pot")]
    assert (hand.claims.total_pot, hand.claims.rake) == (240, 0)
    assert [(s.seat, s.result, s.position, s.won, s.label) for s in hand.claims.summary] == [
        (1, "showed", "small blind", None, "a pair of Twos"), (2, "showed", "big blind", 240, "J,7,6,5,4")]


def test_full_tilt_27_triple_draw_counts_and_a_muck_label() -> None:
    """cash__3-Draw-Limit-USD-150-300-201012: the others' draws as counts (``is dealt 2 cards``), a
    seat sitting out, ``$6,411`` stacks, the summary's ``mucked [..] - a pair of Sevens``."""
    hand = hand_in(FT / "cash__3-Draw-Limit-USD-150-300-201012.txt", "25325990000")
    assert (hand.currency, hand.stakes.small_bet, hand.stakes.big_bet) == ("USD", 15_000, 30_000)
    assert [(s.player, s.stack, s.sitting_out) for s in hand.seats][:3] == [
        ("Player1", 641_100, False), ("Hero", 174_700, False), ("Player3", 494_100, True)]
    assert [(d.player, d.draw, d.count) for d in of(hand, Draw)] == [
        ("Player5", 1, 1), ("Player6", 1, 2), ("Player5", 2, 1), ("Player6", 2, 2), ("Player5", 3, 1),
        ("Player6", 3, 0)]
    assert [(d.player, d.draw, d.count) for d in of(hand, DrawDeal)] == [
        ("Player5", 1, 1), ("Player6", 1, 2), ("Player5", 2, 1), ("Player6", 2, 2), ("Player5", 3, 1)]
    assert [(s.player, s.label) for s in of(hand, Show)] == [("Player6", "J,7,5,3,2")]
    assert [m.player for m in of(hand, Muck)] == ["Player5"]
    assert [(c.player, c.amount) for c in of(hand, Collect)] == [("Player6", 292_200)]
    assert (hand.claims.total_pot, hand.claims.rake) == (292_500, 300)
    mucked = [s for s in hand.claims.summary if s.result == "mucked"]
    assert [(s.player, s.cards, s.label) for s in mucked] == [("Player5", cards("7h 7c 8c 5d 3d"), "a pair of Sevens")]


def test_full_tilt_a5_triple_draw_hand() -> None:
    """cash__A5-3-Draw-Limit-USD-0.05-0.10: #29885220000, the hero raises, the big blind folds."""
    hand = hand_in(FT / "cash__A5-3-Draw-Limit-USD-0.05-0.10-201104.Sample.txt", "29885220000")
    assert (hand.game, hand.limit, hand.stakes.small_bet, hand.stakes.big_bet) == ("a5_triple_draw", Limit.FIXED, 5, 10)
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [(2, "Hero", 100), (3, "Villain", 5085)]
    assert [(p.player, p.kind, p.amount) for p in of(hand, Post)] == [
        ("Hero", PostKind.SMALL_BLIND, 2), ("Villain", PostKind.BIG_BLIND, 5)]
    assert of(hand, Deal)[0].cards == cards("5s 5h Tc 8h 5c") and hand.button == 2
    assert [(r.player, r.raise_to) for r in of(hand, Raise)] == [("Hero", 10)]
    assert [f.player for f in of(hand, Fold)] == ["Villain"]
    assert [(u.player, u.amount) for u in of(hand, Uncalled)] == [("Hero", 5)]
    assert [(c.player, c.amount) for c in of(hand, Collect)] == [("Hero", 10)]
    assert [(s.player, s.result, s.won, s.folded_street) for s in hand.claims.summary] == [
        ("Hero", "collected", 10, None), ("Villain", "folded", None, 0)]


def test_full_tilt_27_single_draw_hand_with_antes() -> None:
    """real_hh_corpus Draw_1-Draw-NL-USD-0.10-0.20: ``$0.10/$0.20 Ante $0.05``, one ``*** DRAW ***``,
    the hero folds after it (``folded after the Draw``)."""
    hand = hand_in(CORPUS / "cash" / "FTP" / "Draw_1-Draw-NL-USD-0.10-0.20-201103.txt", "29178537030")
    assert (hand.game, hand.limit, hand.max_seats, hand.button) == ("27_single_draw", Limit.NO_LIMIT, 6, 4)
    assert (hand.stakes.small_bet, hand.stakes.big_bet, hand.stakes.ante) == (10, 20, 5)
    assert [s.player for s in hand.seats if s.sitting_out] == ["N804SY"]
    posts = [(p.player, p.kind, p.amount) for p in of(hand, Post)]
    assert posts[:5] == [(name, PostKind.ANTE, 5) for name in ("Thanks4Coming", "mrsjoanmac", "Wayren", "Sonny090",
                                                               "Hero")]
    assert posts[5:] == [("Wayren", PostKind.SMALL_BLIND, 10), ("Sonny090", PostKind.BIG_BLIND, 20)]
    assert [(a.player, a.street, a.amount) for a in of(hand, Call)] == [
        ("Wayren", 0, 50), ("Sonny090", 0, 40), ("Wayren", 1, 80)]
    assert [(d.player, d.draw, d.count, d.discards) for d in of(hand, Draw)] == [
        ("Wayren", 1, 1, None), ("Sonny090", 1, 1, None), ("Hero", 1, 2, cards("Ah Ts"))]
    assert [(d.kept, d.new) for d in of(hand, DrawDeal) if d.player == "Hero"] == [(cards("4s 8h 5c"), cards("Qc 5s"))]
    assert [(b.player, b.street, b.amount) for b in of(hand, Bet)] == [("Sonny090", 1, 80)]
    assert [(f.player, f.street) for f in of(hand, Fold)][-1] == ("Hero", 1)
    assert [(s.player, s.label) for s in of(hand, Show)] == [("Sonny090", "T,9,8,7,3"), ("Wayren", "9,8,6,4,3")]
    assert [(c.player, c.amount) for c in of(hand, Collect)] == [("Wayren", 347)]
    assert (hand.claims.total_pot, hand.claims.rake) == (365, 18)
    assert [(s.player, s.folded_street) for s in hand.claims.summary if s.result == "folded"] == [
        ("mrsjoanmac", 0), ("Thanks4Coming", 0), ("Hero", 1)]


def test_pokerstars_27_triple_draw_hand() -> None:
    """cash__3-Draw-Limit-USD-0.10-0.20-200911: the second hand (#35839050562, file line 57): the hero
    draws two and two, stands pat on a seven, wins; the big blind mucks."""
    hand = hand_in(PS / "cash__3-Draw-Limit-USD-0.10-0.20-200911.txt", "35839050562")
    assert (hand.game, hand.limit, hand.source.line, hand.hero) == ("27_triple_draw", Limit.FIXED, 57, "s0rrow")
    assert (hand.stakes.small_bet, hand.stakes.big_bet, hand.button, hand.table) == (10, 20, 6, "Theodora VI")
    assert [(s.seat, s.player, s.stack) for s in hand.seats][:2] == [(1, "s0rrow", 390), (2, "rumble1111", 418)]
    assert [(p.player, p.kind, p.amount) for p in of(hand, Post)] == [
        ("s0rrow", PostKind.SMALL_BLIND, 5), ("rumble1111", PostKind.BIG_BLIND, 10)]
    assert of(hand, Deal)[0].cards == cards("Kh Th 3d Tc 7c")
    assert [(d.player, d.draw, d.count, d.discards, d.held) for d in of(hand, Draw)] == [
        ("s0rrow", 1, 2, cards("Kh Th"), None), ("rumble1111", 1, 2, None, None), ("bakter9", 1, 2, None, None),
        ("s0rrow", 2, 2, cards("Qs Tc"), None), ("rumble1111", 2, 0, None, None),
        ("s0rrow", 3, 0, None, cards("3d 7c 5c 4c 2s")), ("rumble1111", 3, 1, None, None)]
    assert [(d.draw, d.kept, d.new) for d in of(hand, DrawDeal)] == [
        (1, cards("3d Tc 7c"), cards("5c Qs")), (2, cards("3d 7c 5c"), cards("4c 2s"))]
    assert [(b.player, b.street, b.amount) for b in of(hand, Bet)] == [
        ("rumble1111", 1, 10), ("s0rrow", 2, 20), ("s0rrow", 3, 20)]
    assert [(s.player, s.label) for s in of(hand, Show)] == [("s0rrow", "Lo: 7,5,4,3,2")]
    assert [(m.player, m.cards) for m in of(hand, Muck)] == [("rumble1111", cards("8s 7d 3c 6d 2h"))]
    assert [(c.player, c.amount) for c in of(hand, Collect)] == [("s0rrow", 124)]
    assert (hand.claims.total_pot, hand.claims.rake) == (130, 6)
    assert [(s.player, s.result, s.folded_street) for s in hand.claims.summary][2:] == [
        ("Eisenherz73", "folded", 0), ("cypis28", "folded", 0), ("bakter9", "folded", 1), ("TheLabman", "folded", 0)]
    assert hand.claims.summary[0].label == "Lo: 7,5,4,3,2"


def test_pokerstars_27_single_draw_hand_reads_its_unmarked_draw() -> None:
    """real_hh_corpus Draw_NLSDraw-...Mucked.cards: no draw section; the draw and the round after it
    follow the deal's betting in ``*** DEALING HANDS ***``; summary ``folded before Flop (didn't bet)``."""
    hand = hand_in(CORPUS / "cash" / "Stars" / "Draw_NLSDraw-USD-0.25-0.50-201009.Mucked.cards.txt", "48974407184")
    assert (hand.game, hand.limit, hand.stakes.small_bet, hand.stakes.big_bet) == ("27_single_draw", Limit.NO_LIMIT,
                                                                                   25, 50)
    assert [(r.player, r.street, r.raise_by, r.raise_to) for r in of(hand, Raise)] == [("@sker86", 0, 150, 200)]
    assert [(c.player, c.street, c.amount) for c in of(hand, Call)] == [("Hero", 0, 150)]
    assert [(d.player, d.draw, d.count, d.held) for d in of(hand, Draw)] == [
        ("Hero", 1, 0, cards("2s 7d 4d 6d 8s")), ("@sker86", 1, 1, None)]
    assert [(c.player, c.street) for c in of(hand, Check)] == [("Hero", 1), ("@sker86", 1)]
    assert [(s.player, s.label) for s in of(hand, Show)] == [("Hero", "Lo: 8,7,6,4,2")]
    assert [(m.player, m.cards) for m in of(hand, Muck)] == [("@sker86", cards("2h 8d 7h 7s 4s"))]
    assert [(c.player, c.amount) for c in of(hand, Collect)] == [("Hero", 405)]
    assert (hand.claims.total_pot, hand.claims.rake) == (425, 20)
    folded = [(s.player, s.folded_street) for s in hand.claims.summary if s.result == "folded"]
    assert folded == [("Philippus40", 0), ("barbus533", 0), ("nl pokerr", 0), ("heliodorus", 0), ("KBH7", 0)]


def test_pokerstars_single_draw_tournament_hand_deals_the_draw() -> None:
    """tour Draw_2-7 Single Draw...ante.all.in: ``Hero: discards 3 cards [Qs 5c 2s]`` then ``Dealt to Hero
    [5h 2d] [Ks 9d Kd]``: a replacement deal of the draw, not a second deal."""
    path = CORPUS / "tour" / "Stars" / "Draw_2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt"
    hand = hand_in(path, "71348201941")
    assert (hand.currency, hand.stakes.ante, hand.tournament.level) == ("CHIPS", 25, "Match Round I, Level V")
    assert [(p.player, p.kind, p.amount, p.all_in) for p in of(hand, Post)] == [
        ("Hero", PostKind.ANTE, 1, True), ("Player0", PostKind.ANTE, 25, False),
        ("Player0", PostKind.BIG_BLIND, 100, False)]
    assert [d.cards for d in of(hand, Deal)] == [cards("Qs 5c 5h 2d 2s")]
    assert [(d.player, d.draw, d.count) for d in of(hand, Draw)] == [("Player0", 1, 0), ("Hero", 1, 3)]
    assert [(d.player, d.draw, d.kept, d.new) for d in of(hand, DrawDeal)] == [
        ("Hero", 1, cards("5h 2d"), cards("Ks 9d Kd"))]
    assert [(s.player, s.label) for s in of(hand, Show)] == [
        ("Player0", "Lo: Q,8,7,6,3"), ("Hero", "Lo: a pair of Kings")]
    assert [(u.player, u.amount) for u in of(hand, Uncalled)] == [("Player0", 124)]
    assert len(of(hand, Noise)) == 5  # three chat lines, the finish and the tournament win


def test_inline_draw_cut_keeps_every_line() -> None:
    """The deal's section is cut at the first declaration, inside a block of lines, so the lines before
    it and after it keep their places; a hand over before the draw is left as it is."""
    from badugi.parsers.rooms.pokerstars_values import CallLine, CheckLine, DealtLine, DiscardLine, FoldLine, ShowLine, StandPatLine

    dealt, call, fold = DealtLine("A", (), None), CallLine("B", 10, False), FoldLine("C")
    discard, pat, check = DiscardLine("B", 1, None), StandPatLine("A", None), CheckLine("B")
    show = ShowLine("A", (), None)
    deal = ("*** DEALING HANDS ***", [(10, [dealt]), (11, [call, fold, discard, pat]), (15, [dealt]), (16, [check])])
    showdown = ("*** SHOW DOWN ***", [(18, [show])])
    assert mark_inline_draw([deal, showdown]) == [
        ("*** DEALING HANDS ***", [(10, [dealt]), (11, [call, fold])]),
        (INLINE_DRAW, [(13, [discard, pat]), (15, [dealt]), (16, [check])]), showdown]
    first = ("*** DEALING HANDS ***", [(10, [pat])])
    assert mark_inline_draw([first]) == [("*** DEALING HANDS ***", []), (INLINE_DRAW, [(10, [pat])])]
    no_draw = ("*** DEALING HANDS ***", [(10, [("fold",), ("fold",)])])
    assert mark_inline_draw([no_draw]) == [no_draw]


def test_winamax_27_triple_draw_hand() -> None:
    """winamax/cash__Triple Draw 2-7-FL-6max-EUR-25-50: both players stand pat three times, the hero
    folds to the last bet; euros, the summary's ``(small blind) (button) won 298€``."""
    hand = hand_in(REAL_HH / "winamax" / "cash__Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt",
                   "9250793-388-1478989461")
    assert (hand.room, hand.game, hand.limit, hand.currency) == ("winamax", "27_triple_draw", Limit.FIXED, "EUR")
    assert (hand.table, hand.max_seats, hand.button, hand.time_zone) == ("Pampelune", 6, 4, "UTC")
    assert hand.start_time.isoformat() == "2016-11-12T22:24:21+00:00"
    assert (hand.stakes.small_bet, hand.stakes.big_bet, hand.stakes.small_blind, hand.stakes.big_blind) == (
        2500, 5000, 1250, 2500)
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [(1, "Hero", 204_750), (4, "Player0", 21_778)]
    assert [(p.player, p.kind, p.amount) for p in of(hand, Post)] == [
        ("Player0", PostKind.SMALL_BLIND, 1250), ("Hero", PostKind.BIG_BLIND, 2500)]
    assert [(d.player, d.cards) for d in of(hand, Deal)] == [("Player0", None), ("Hero", cards("2h Td 8c 7c 8s"))]
    assert [(r.player, r.raise_by, r.raise_to) for r in of(hand, Raise)] == [("Player0", 2500, 5000)]
    assert [(d.player, d.draw, d.count, d.held) for d in of(hand, Draw)] == [
        (name, n, 0, held) for n in (1, 2, 3) for name, held in (("Hero", cards("2h Td 8c 7c 8s")), ("Player0", None))]
    assert [(b.street, b.amount) for b in of(hand, Bet)] == [(1, 2500), (2, 5000), (3, 5000)]
    assert [(f.player, f.street) for f in of(hand, Fold)] == [("Hero", 3)]
    assert [(c.player, c.amount, c.pot) for c in of(hand, Collect)] == [("Player0", 29_800, "pot")]
    assert (hand.claims.total_pot, hand.claims.rake) == (29_800, 200)
    assert [(s.seat, s.result, s.position, s.won) for s in hand.claims.summary] == [
        (4, "collected", "small blind", 29_800)]
