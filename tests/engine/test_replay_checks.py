"""Single checks and pre-draw facts on small hands built by hand (expected values from the rules)."""

from __future__ import annotations

import dataclasses

from test_replay_worked import worked_hand

from badugi.engine.cards import parse_cards
from badugi.engine.record import (Call, Claims, Collect, Fold, Hand, Post, PostKind, Raise, Seat, Show, Source,
                                  Stakes, Uncalled, Limit, Check)
from badugi.engine.replay import replay


def preflop_hand(*actions: object, collects: tuple = (), uncalled: tuple = (), total: int | None = None) -> Hand:
    """Four players as in the worked hand (Alice button, Bob SB $1, Carol BB $2, Ted), pre-draw only."""
    events = (Post("Bob", PostKind.SMALL_BLIND, 100, line=7), Post("Carol", PostKind.BIG_BLIND, 200, line=8),
              *actions, *uncalled, *collects)
    return Hand(room="pokerstars", hand_id="2", game="badugi", limit=Limit.FIXED, stakes=Stakes(200, 400, 100, 200),
                currency="USD", source=Source("t.txt", 1), button=1,
                seats=(Seat(1, "Alice", 10000), Seat(2, "Bob", 10000), Seat(3, "Carol", 10000), Seat(4, "Ted", 10000)),
                events=events, claims=Claims(total_pot=total, rake=0, line=30))


def test_steal_and_fold_to_steal() -> None:
    hand = preflop_hand(Fold("Ted", 0, line=10), Raise("Alice", 0, 200, 400, line=11), Fold("Bob", 0, line=12),
                        Fold("Carol", 0, line=13), uncalled=(Uncalled("Alice", 200, line=14),),
                        collects=(Collect("Alice", 500, line=15),), total=500)
    r = replay(hand)
    assert r.codes == ()
    alice, bob, carol, ted = (r.facts(p) for p in ("Alice", "Bob", "Carol", "Ted"))
    assert alice.steal_opp and alice.steal and alice.rfi and alice.pfr and alice.vpip
    assert bob.fold_to_steal_opp and bob.fold_to_steal and carol.fold_to_steal_opp and carol.fold_to_steal
    assert ted.rfi_opp and not ted.rfi and ted.steal_opp and not ted.steal  # CO: a steal seat, did not steal
    assert r.net_by_player == {"Alice": 300, "Bob": -100, "Carol": -200, "Ted": 0}


def test_three_bet_and_fold_to_three_bet() -> None:
    hand = preflop_hand(Raise("Ted", 0, 200, 400, line=10), Raise("Alice", 0, 200, 600, line=11),
                        Fold("Bob", 0, line=12), Fold("Carol", 0, line=13), Fold("Ted", 0, line=14),
                        uncalled=(Uncalled("Alice", 200, line=15),), collects=(Collect("Alice", 1100, line=16),),
                        total=1100)
    r = replay(hand)
    assert r.codes == ()
    alice, bob, carol, ted = (r.facts(p) for p in ("Alice", "Bob", "Carol", "Ted"))
    assert alice.three_bet_opp and alice.three_bet and not alice.rfi_opp
    assert ted.rfi and ted.fold_to_3bet_opp and ted.fold_to_3bet
    assert not bob.three_bet_opp and not bob.fold_to_steal_opp  # faced two raises, not a lone steal
    assert not carol.vpip


def test_uncalled_and_pot_claims() -> None:
    clean = preflop_hand(Fold("Ted", 0, line=9), Fold("Alice", 0, line=10), Fold("Bob", 0, line=11),
                         uncalled=(), collects=(Collect("Carol", 200, line=13),), total=200)
    r = replay(clean)
    assert r.codes == ("uncalled.mismatch",)  # the $1 the small blind did not call was never returned
    wrong = preflop_hand(Fold("Ted", 0, line=9), Fold("Alice", 0, line=10), Fold("Bob", 0, line=11),
                         uncalled=(Uncalled("Carol", 150, line=12),), collects=(Collect("Carol", 200, line=13),),
                         total=200)
    assert replay(wrong).codes == ("uncalled.mismatch",)
    # the right claim: $1 returned, $2 collected
    right = preflop_hand(Fold("Ted", 0, line=9), Fold("Alice", 0, line=10), Fold("Bob", 0, line=11),
                         uncalled=(Uncalled("Carol", 100, line=12),), collects=(Collect("Carol", 200, line=13),),
                         total=200)
    assert replay(right).codes == ()
    raked = dataclasses.replace(right, claims=Claims(total_pot=200, rake=0, line=30))
    taken = dataclasses.replace(raked, events=tuple(dataclasses.replace(e, amount=190) if isinstance(e, Collect)
                                                    else e for e in raked.events),
                                claims=Claims(total_pot=200, rake=10, line=30))
    assert replay(taken).codes == ("rake.unexpected",)  # no draw, no drop


def test_blinds_from_the_wrong_seat_or_of_the_wrong_amount() -> None:
    base = worked_hand()
    swapped = tuple(Post("Carol", PostKind.SMALL_BLIND, 100, line=7) if isinstance(e, Post) and e.player == "Bob"
                    else Post("Bob", PostKind.BIG_BLIND, 200, line=8) if isinstance(e, Post) else e
                    for e in base.events)
    assert "blind.wrong_seat" in replay(dataclasses.replace(base, events=swapped)).codes
    big = tuple(dataclasses.replace(e, amount=300) if isinstance(e, Post) and e.kind == PostKind.BIG_BLIND else e
                for e in base.events)
    assert "blind.wrong_amount" in replay(dataclasses.replace(base, events=big)).codes


def test_a_discarded_card_shown_by_another_player_without_a_possible_reshuffle() -> None:
    # Alice threw Kd at the first draw; 16 cards dealt + 10 drawn never exhaust a 52-card deck.
    base = worked_hand()
    events = tuple(Show("Carol", parse_cards("3s 5d 7c Kd"), "3-card: 7,5,3", line=e.line)
                   if isinstance(e, Show) and e.player == "Carol" else e for e in base.events)
    summary = tuple(dataclasses.replace(s, cards=None, label=None) for s in base.claims.summary)
    hand = dataclasses.replace(base, events=events, claims=dataclasses.replace(base.claims, summary=summary))
    codes = replay(hand).codes
    assert "cards.duplicate" in codes
    # ...and the evaluator now gives the pot to Alice's badugi
    assert "showdown.wrong_winner" in codes


def test_action_after_the_hand_is_over_and_missing_action() -> None:
    base = worked_hand()
    cut = tuple(e for e in base.events if not (isinstance(e, Check) and e.player == "Carol" and e.street == 0))
    assert "order.missing_action" in replay(dataclasses.replace(base, events=cut)).codes
    extra = base.events[:4] + (Call("Ted", 0, 200, line=11),) + base.events[4:]
    assert "order.out_of_turn" in replay(dataclasses.replace(base, events=extra)).codes


def test_own_discard_dealt_back_needs_an_exhausted_stub_in_every_room() -> None:
    # Alice throws Kd at draw 1 and is dealt Kd back. 16 cards dealt + 5 drawn cannot exhaust the stub, so
    # no reshuffle was possible: a duplicate whether or not the room reshuffles a drawer's own discards.
    from badugi.engine.record import Draw, DrawDeal

    def back_to_alice(event: object) -> object:
        if isinstance(event, DrawDeal) and event.player == "Alice" and event.draw == 1:
            return dataclasses.replace(event, new=parse_cards("Kd"))
        if isinstance(event, Draw) and event.player == "Alice" and event.draw == 2:
            return dataclasses.replace(event, discards=parse_cards("Kd"))
        return event

    base = worked_hand()
    hand = dataclasses.replace(base, events=tuple(back_to_alice(e) for e in base.events))
    for room in ("pokerstars", "fulltilt", "phh"):
        codes = replay(dataclasses.replace(hand, room=room)).codes
        assert "cards.duplicate" in codes, room


def test_a_replay_holds_every_field_as_its_constructor_sets_it() -> None:
    """``replay._result`` sets ``Replay`` 's slots directly: every field reads back, in its place (a value
    in the wrong field would differ from the one the worked hand's rules give there), and the value equals
    one built by ``Replay(...)`` from the same fields."""
    from badugi.engine.replay_model import Replay

    r = replay(worked_hand())
    assert (r.hand_id, r.order, r.ended_street, r.awards_derived) == ("1", ("Bob", "Carol", "Ted", "Alice"), 3, False)
    assert isinstance(r.total_pot, int) and r.total_pot > 0 and isinstance(r.players, tuple) and len(r.players) == 4
    rebuilt = Replay(**{f.name: getattr(r, f.name) for f in dataclasses.fields(Replay) if f.init})
    assert rebuilt == r and rebuilt.steps == r.steps and len(r.steps) > 0
