"""The worked hand of DESIGN §7 built as a record by hand, and small variations of it.

Alice button, Bob small blind, Carol big blind, Ted; $1/$2 blinds, $2/$4 fixed limit. Expected
numbers are the design's: the pot is $36, Carol wins it, net Bob -4, Carol +20, Ted 0, Alice -16.
"""

from __future__ import annotations

import dataclasses

from badugi.engine.cards import parse_cards
from badugi.engine.record import (Bet, Call, Check, Claims, Collect, Deal, Draw, DrawDeal, Fold, Hand, Limit, Post,
                                  PostKind, Raise, Seat, Show, Source, Stakes, SummarySeat)
from badugi.engine.replay import replay


def worked_hand(**changes: object) -> Hand:
    c = parse_cards
    events = (
        Post("Bob", PostKind.SMALL_BLIND, 100, line=7),
        Post("Carol", PostKind.BIG_BLIND, 200, line=8),
        Deal("Alice", c("2s 4c 9h Kd"), line=10),
        Fold("Ted", 0, line=11),
        Call("Alice", 0, 200, line=12),
        Call("Bob", 0, 100, line=13),
        Check("Carol", 0, line=14),
        Draw("Bob", 1, 2, line=16),
        Draw("Carol", 1, 2, line=17),
        Draw("Alice", 1, 1, discards=c("Kd"), line=18),
        DrawDeal("Alice", 1, kept=c("2s 4c 9h"), new=c("Qh"), line=19),
        Check("Bob", 1, line=20),
        Bet("Carol", 1, 200, line=21),
        Call("Alice", 1, 200, line=22),
        Call("Bob", 1, 200, line=23),
        Draw("Bob", 2, 1, line=25),
        Draw("Carol", 2, 0, line=26),
        Draw("Alice", 2, 1, discards=c("Qh"), line=27),
        DrawDeal("Alice", 2, kept=c("2s 4c 9h"), new=c("6d"), line=28),
        Check("Bob", 2, line=29),
        Bet("Carol", 2, 400, line=30),
        Raise("Alice", 2, 400, 800, line=31),
        Fold("Bob", 2, line=32),
        Call("Carol", 2, 400, line=33),
        Draw("Carol", 3, 1, line=35),
        Draw("Alice", 3, 0, held=c("2s 4c 9h 6d"), line=36),
        Check("Carol", 3, line=37),
        Bet("Alice", 3, 400, line=38),
        Call("Carol", 3, 400, line=39),
        Show("Alice", c("2s 4c 6d 9h"), "Badugi: 9,6,4,2", line=41),
        Show("Carol", c("3s 5d 7c 8h"), "Badugi: 8,7,5,3", line=42),
        Collect("Carol", 3600, line=43),
    )
    claims = Claims(total_pot=3600, rake=0, line=45, summary=(
        SummarySeat(1, "Alice", "showed", "button", cards=c("2s 4c 6d 9h"), label="Badugi: 9,6,4,2", line=46),
        SummarySeat(2, "Bob", "folded", "small blind", folded_street=2, line=47),
        SummarySeat(3, "Carol", "showed", "big blind", won=3600, cards=c("3s 5d 7c 8h"), label="Badugi: 8,7,5,3",
                    line=48),
        SummarySeat(4, "Ted", "folded", folded_street=0, line=49),
    ))
    hand = Hand(room="pokerstars", hand_id="1", game="badugi", limit=Limit.FIXED,
                stakes=Stakes(200, 400, 100, 200), currency="USD", source=Source("worked.txt", 1),
                table="Worked", max_seats=4, button=1,
                seats=(Seat(1, "Alice", 10000), Seat(2, "Bob", 10000), Seat(3, "Carol", 10000), Seat(4, "Ted", 10000)),
                events=events, claims=claims, hero="Alice")
    return dataclasses.replace(hand, **changes) if changes else hand


def test_worked_hand_replays_clean_with_the_design_numbers() -> None:
    r = replay(worked_hand())
    assert r.violations == ()
    assert r.total_pot == 3600
    assert r.rake == 0
    assert r.net_by_player == {"Bob": -400, "Carol": 2000, "Ted": 0, "Alice": -1600}
    assert [(p.amount, p.winners) for p in r.pots] == [(3600, ("Carol",))]
    assert r.showdown


def test_worked_hand_facts() -> None:
    r = replay(worked_hand())
    alice, bob, carol, ted = (r.facts(p) for p in ("Alice", "Bob", "Carol", "Ted"))
    assert (alice.position, bob.position, carol.position, ted.position) == ("BTN", "SB", "BB", "CO")
    assert alice.vpip and bob.vpip and not carol.vpip and not ted.vpip
    assert not any(f.pfr for f in (alice, bob, carol, ted))
    assert ted.rfi_opp and not ted.rfi and ted.steal_opp  # CO into an unopened pot
    assert alice.limp and alice.rfi_opp and alice.steal_opp and not alice.steal
    assert not bob.rfi_opp  # Alice had entered
    assert alice.drawn == (1, 1, 0) and alice.stood_pat == (False, False, True)
    assert carol.drawn == (2, 0, 1) and bob.drawn == (2, 1, None) and ted.drawn == (None, None, None)
    assert bob.saw_draw == (True, True, False) and bob.folded_street == 2
    assert carol.went_to_showdown and carol.won_at_showdown and alice.went_to_showdown and not alice.won
    assert not bob.went_to_showdown
    assert alice.streets[1].raises == 1 and alice.streets[2].bets == 1 and carol.streets[0].bets == 1
    assert carol.streets[2].calls == 1 and bob.streets[1].folds == 1
    h = alice.holdings
    assert h.dealt == parse_cards("2s 4c 9h Kd")
    assert h.after[0] == parse_cards("2s 4c 9h Qh") and h.after[1] == parse_cards("2s 4c 9h 6d")
    assert sorted(h.after[2]) == sorted(parse_cards("2s 4c 9h 6d")) and h.shown == parse_cards("2s 4c 6d 9h")
    # Carol stood pat on the second draw only, so her hand before the third draw is unknown
    assert carol.holdings.shown == parse_cards("3s 5d 7c 8h") and carol.holdings.after[1] is None


def test_worked_hand_claims_corrupted() -> None:
    base = worked_hand()
    swapped = tuple(Collect("Alice", 3600, line=43) if isinstance(e, Collect) else e for e in base.events)
    assert "showdown.wrong_winner" in replay(dataclasses.replace(base, events=swapped)).codes
    bad_total = dataclasses.replace(base, claims=dataclasses.replace(base.claims, total_pot=3700))
    assert replay(bad_total).codes == ("pot.total_mismatch",)
    bad_rake = dataclasses.replace(base, claims=dataclasses.replace(base.claims, rake=1))
    assert replay(bad_rake).codes == ("rake.mismatch",)
    relabel = tuple(dataclasses.replace(e, label="Badugi: 9,6,4,3") if isinstance(e, Show) and e.player == "Alice"
                    else e for e in base.events)
    assert replay(dataclasses.replace(base, events=relabel)).codes == ("showdown.label_mismatch",)


def test_split_pot_odd_chip_goes_left_of_the_button() -> None:
    # Alice and Carol both show an 8-7-5-3 badugi (nobody's cards known before the showdown). Clockwise
    # from the button (Alice, seat 1) Carol (seat 3) is the first tied player, so an odd cent is hers.
    base = worked_hand()
    c = parse_cards
    events = []
    for e in base.events:
        if isinstance(e, (Deal, DrawDeal)):
            continue
        if isinstance(e, Draw):
            e = dataclasses.replace(e, discards=None, held=None)
        if isinstance(e, Show) and e.player == "Alice":
            e = Show("Alice", c("3c 5h 7d 8s"), "Badugi: 8,7,5,3", line=e.line)
        if isinstance(e, Collect):
            events.append(Collect("Carol", 1800, line=43))
            events.append(Collect("Alice", 1800, line=44))
            continue
        events.append(e)
    hand = dataclasses.replace(base, events=tuple(events), claims=Claims(total_pot=3600, rake=0, line=45),
                               hero=None)
    r = replay(hand)
    assert r.violations == ()
    assert r.pots[0].winners == ("Carol", "Alice")
    # a pot of 3599 (rake 1): the odd cent must go to Carol, first left of the button
    odd = [Collect("Carol", 1800, line=43) if isinstance(e, Collect) and e.player == "Carol"
           else Collect("Alice", 1799, line=44) if isinstance(e, Collect) else e for e in events]
    r = replay(dataclasses.replace(hand, events=tuple(odd), claims=Claims(total_pot=3600, rake=1, line=45)))
    assert r.violations == ()
    wrong = [Collect("Carol", 1799, line=43) if isinstance(e, Collect) and e.player == "Carol"
             else Collect("Alice", 1800, line=44) if isinstance(e, Collect) else e for e in events]
    r = replay(dataclasses.replace(hand, events=tuple(wrong), claims=Claims(total_pot=3600, rake=1, line=45)))
    assert r.codes == ("showdown.odd_chip",)
