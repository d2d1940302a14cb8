"""The draw-game family replayed in its own game: split pots judged half by half, the odd chip of a split
pot, labels in each game's words, and the room rules the real draw files show. Expected values are worked
out by hand from the files (line by line) and the rules, never copied from the replay's output."""

from __future__ import annotations

import dataclasses

import pytest

from badugi.engine.awards import half_amounts, split_pot
from badugi.engine.record import Collect, Hand, Show
from badugi.engine.replay import replay
from badugi.engine.replay_model import PotHalf
from badugi.engine.rules import ROOM_RULES, Rules, rules_for
from conftest import REAL_HH
from replay_real_hands import real_hand as hand_in

KC = REAL_HH / "kingsclub"
CORPUS = REAL_HH.parent / "real_hh_corpus"


def badacey() -> Hand:
    return hand_in(KC / "cash__Badacey-Limit-USD-22-44-202101.txt", "40201390")


def badeucey() -> Hand:
    return hand_in(KC / "cash__Badeucey-Limit-USD-22-44-202101.txt", "40200897")


def with_collects(hand: Hand, *collects: tuple[str, int], rake: int | None = None) -> Hand:
    """The hand with its collect lines replaced (same line as the first), and the rake claim if given. The
    summary's per-seat nets and final stacks (KingsClub's) restate the old collections: they are left out."""
    line = next(e.line for e in hand.events if isinstance(e, Collect))
    events = [e for e in hand.events if not isinstance(e, Collect)]
    events += [Collect(player, amount, "pot", line=line) for player, amount in collects]
    summary = tuple(dataclasses.replace(seat, net=None, final_stack=None) for seat in hand.claims.summary)
    claims = dataclasses.replace(hand.claims, summary=summary, **({} if rake is None else {"rake": rake}))
    return dataclasses.replace(hand, events=tuple(events), claims=claims)


# ---- the split-pot rule ---------------------------------------------------------------------------


def test_split_pot_halves_and_odd_chips() -> None:
    """Halves equal, the whole pot's odd chip to the low half (index 1, BARGE); each half's odd chip of a
    tie to the first tied player left of the button (the lower table index); a pot both halves of which
    the same players win is one pot split as evenly as possible (TDA: 66 between two is 33 and 33, where
    half by half would give 34 and 32)."""
    assert half_amounts(101, 2, 1, 1) == [50, 51] and half_amounts(101, 2, 1, 0) == [51, 50]
    assert half_amounts(115, 2, 5, 1) == [55, 60]  # 23 chips of 5: 11 and 12
    assert split_pot(101, [[0], [1]], 1, 1) == {0: 50, 1: 51}
    assert split_pot(101, [[0, 1], [1]], 1, 1) == {0: 25, 1: 76}  # 50 = 25 + 25; 51 to player 1
    assert split_pot(103, [[1, 0], [2]], 1, 1) == {0: 26, 1: 25, 2: 52}  # 51 = 26 (left of the button) + 25
    assert split_pot(66, [[0, 1], [0, 1]], 1, 1) == {0: 33, 1: 33}
    assert split_pot(67, [[0, 1], [1, 0]], 1, 1) == {0: 34, 1: 33}
    assert split_pot(90, [[2], [2]], 1, 1) == {2: 90}  # a scoop
    assert split_pot(90, [[2, 0]], 1, 1) == {0: 45, 2: 45}  # one half: the ordinary split


def test_the_odd_chip_half_is_a_rule() -> None:
    assert Rules().split_odd_chip_half == 1
    with pytest.raises(ValueError, match="pot half"):
        Rules(split_odd_chip_half=2)


# ---- KingsClub's real split pots ------------------------------------------------------------------


def test_badacey_real_split_pot_replays_half_by_half() -> None:
    """Pot 341 (antes 6 x 5.50, Hero and Player1 44 + 22 + 44 + 44 each), rake 5: 336 paid, 168 a half.
    Badugi half: Player1's 9-6-5-4 beats Hero's 9-7-2-A; A-5 half: Hero's 9-8-7-2-A beats a pair of
    sixes. KingsClub names no half: the engine works out that each of the two ``wins (168)`` is a half."""
    result = replay(badacey())
    assert result.violations == ()
    [pot] = result.pots
    assert pot.amount == 34_100 and pot.winners == ("Hero", "Player1")  # table order: Hero is left of the button
    assert pot.halves == (PotHalf("Badugi", 16_800, ("Player1",)), PotHalf("A-5 low", 16_800, ("Hero",)))
    assert result.rake == 500 and result.net_by_player["Hero"] == 850 == result.net_by_player["Player1"]
    assert pot.to_dict()["halves"][0] == {"half": "Badugi", "amount": 16_800, "winners": ["Player1"]}


def test_badeucey_real_split_pot_replays_half_by_half() -> None:
    """Three players show: the Badugi half (aces high) to Player4's 6-5-4-3, the 2-7 half to Player2's
    8-7-5-3-2; 1,105.50 less the 5 rake is 550.25 a half."""
    result = replay(badeucey())
    assert result.violations == ()
    [pot] = result.pots
    assert pot.halves == (PotHalf("Badugi, aces high", 55_025, ("Player4",)), PotHalf("2-7 low", 55_025, ("Player2",)))


def test_a_half_paid_to_the_wrong_player_is_a_wrong_winner_of_that_half() -> None:
    """Hero collects both halves (one line each, or one line for both): the Badugi half was Player1's."""
    for mutant in (with_collects(badacey(), ("Hero", 16_800), ("Hero", 16_800)), with_collects(badacey(), ("Hero", 33_600))):
        result = replay(mutant)
        wrong = [v for v in result.violations if v.code == "showdown.wrong_winner"]
        assert len(wrong) == 1 and wrong[0].expected == "Player1 (Badugi half)" and wrong[0].found == "Hero"
    # someone who won no half collects besides the two winners
    result = replay(with_collects(badeucey(), ("Player2", 55_025), ("Player4", 45_025), ("Hero", 10_000)))
    assert "showdown.wrong_winner" in result.codes


def test_uneven_halves_are_a_wrong_split_and_a_stray_odd_chip_is_named() -> None:
    result = replay(with_collects(badacey(), ("Hero", 17_000), ("Player1", 16_600)))
    assert result.codes == ("showdown.wrong_split",)
    # 1 cent less rake: 33,601 paid, the odd cent is the A-5 half's, so Hero's (16,801); given to Player1 instead
    right = replay(with_collects(badacey(), ("Hero", 16_801), ("Player1", 16_800), rake=499))
    assert right.violations == () and right.pots[0].halves[1].amount == 16_801
    wrong = replay(with_collects(badacey(), ("Hero", 16_800), ("Player1", 16_801), rake=499))
    assert wrong.codes == ("showdown.odd_chip",)


def test_a_split_game_label_is_judged_by_the_half_it_names() -> None:
    """KingsClub writes no labels; a label names one half in that half's words (Hero: Badugi 9,7,2,A and
    Lo: 9,8,7,2,A)."""
    def labelled(text: str) -> tuple[str, ...]:
        hand = badacey()
        events = tuple(dataclasses.replace(e, label=text) if isinstance(e, Show) and e.player == "Hero" else e
                       for e in hand.events)
        return replay(dataclasses.replace(hand, events=events)).codes

    assert labelled("Badugi: 9,7,2,A") == () and labelled("Lo: 9,8,7,2,A") == ()
    assert labelled("Badugi: 9,6,5,4") == ("showdown.label_mismatch",)
    assert labelled("Lo: 9,8,7,3,A") == ("showdown.label_mismatch",)
    assert labelled("a flush") == ("showdown.label_mismatch",)


# ---- room rules seen in the real draw files ------------------------------------------------------


def test_pokerstars_returns_an_ante_nobody_matched() -> None:
    """Single Draw 2-7 NL tournament #71348201941: Hero ``posts the ante 1 and is all-in``, Player0 posts
    ante 25 and big blind 100; ``Uncalled bet (124) returned``; ``Total pot 2``, collected by Player0."""
    hand = hand_in(CORPUS / "tour" / "Stars" / "Draw_2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt",
                   "71348201941")
    assert hand.game == "27_single_draw"
    result = replay(hand)
    assert result.violations == () and result.total_pot == 2
    assert [(p.amount, p.winners) for p in result.pots] == [(2, ("Player0",))]
    assert [(s.player, s.amount) for s in result.steps if s.kind == "return"] == [("Player0", 124)]
    as_dead_money = replay(hand, dataclasses.replace(rules_for(hand), unmatched_antes_returned=False))
    assert "uncalled.mismatch" in as_dead_money.codes


def test_winamax_total_pot_holds_the_uncalled_bet() -> None:
    """Winamax 2-7 TD: 250 in the pot, Player0's last 50 uncalled (no return line), ``collected 298`` and
    ``Total pot 298 | Rake 2``: 250 + 50 - 2."""
    hand = hand_in(REAL_HH / "winamax" / "cash__Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt",
                   "9250793-388-1478989461")
    result = replay(hand)
    assert result.violations == () and result.rake == 200 and result.total_pot == 25_000
    assert result.net_by_player == {"Hero": -12_500, "Player0": 12_300}
    off = dataclasses.replace(hand, claims=dataclasses.replace(hand.claims, total_pot=30_000))
    assert replay(off).codes == ("pot.total_mismatch",)
    assert not ROOM_RULES["winamax"].writes_uncalled and ROOM_RULES["winamax"].total_pot_is_collected


def test_merge_lifts_the_cap_heads_up() -> None:
    """Merge 2-7 #31241825-6: after the first draw the two players bet and raise six times (5 .. 30)."""
    hand = hand_in(REAL_HH / "merge" / "cash__3-Draw-Limit-USD-5-10-201105.All-in.on.second.draw.txt", "31241825-6")
    assert replay(hand).violations == ()
    capped = replay(hand, dataclasses.replace(rules_for(hand), heads_up_uncapped=False))
    assert capped.codes == ("bet.over_cap", "bet.over_cap")


def test_a_hand_dead_before_the_deal_gives_the_posts_back() -> None:
    """Full Tilt #26884156000: Villain posts the small blind $5, Hero sits out, nothing is dealt, ``Total
    pot $0``, no return line: informational ``hand.dead``, every net 0."""
    hand = hand_in(REAL_HH / "fulltilt" / "cash__3-Draw-Limit-USD-10-20-201101.Dead.hand.txt", "26884156000")
    result = replay(hand)
    assert result.codes == ("hand.dead",) and result.total_pot == 0
    assert result.net_by_player == {"Villain": 0}  # Hero sat out before the deal: not in the hand
    written = replay(hand, dataclasses.replace(rules_for(hand), dead_hand_returns_written=True))
    assert written.codes == ("hand.dead", "uncalled.mismatch")


# ---- per-player facts ---------------------------------------------------------------------------


def test_badugi_holdings_facts_only_for_badugi_and_the_others_for_every_game() -> None:
    """Winamax 2-7: both stand pat three times; Player0 bets after each draw, Hero calls twice and folds to
    the last bet. Standing pat on 2-T-8-7-8 is no "snow" of a badugi (a Badugi-only fact); the draws,
    facing a pat bettor and folding to one are every game's facts."""
    hand = hand_in(REAL_HH / "winamax" / "cash__Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt",
                   "9250793-388-1478989461")
    hero = replay(hand).facts("Hero")
    assert hero.stood_pat == (True, True, True) and hero.drawn == (0, 0, 0)
    assert (hero.pat_known, hero.snowed, hero.held_badugi, hero.broke_badugi) == (False, False, False, False)
    assert (hero.faced_pat, hero.fold_to_pat, hero.vpip, hero.went_to_showdown) == (True, True, True, False)
    assert hero.holdings.dealt is not None and len(hero.holdings.dealt) == 5
