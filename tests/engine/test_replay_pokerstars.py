"""Replay of PokerStars text: the DESIGN §7 worked hand written by hand in PokerStars format, and every
real PokerStars Badugi hand in ../shared/real_hh (zero violations; each rule break explained)."""

from __future__ import annotations

import pytest
from conftest import real_file

from badugi.engine.record import Hand
from badugi.engine.replay import replay

reader = pytest.importorskip("badugi.parsers.reader", reason="needs the PokerStars reader")
read_file, read_text = reader.read_file, reader.read_text

# Written by hand from DESIGN §7 (Alice button, Bob small blind, Carol big blind, Ted; $1/$2 blinds,
# $2/$4 limit), in the shape of the real PokerStars cash files (FORMATS.md §1), CRLF and trailing spaces.
WORKED = "\r\n".join([
    "PokerStars Game #1000000001:  Badugi Limit ($2/$4 USD) - 2010/09/05 10:32:15 ET",
    "Table 'Worked' 4-max Seat #1 is the button",
    "Seat 1: Alice ($100 in chips) ",
    "Seat 2: Bob ($100 in chips) ",
    "Seat 3: Carol ($100 in chips) ",
    "Seat 4: Ted ($100 in chips) ",
    "Bob: posts small blind $1",
    "Carol: posts big blind $2",
    "*** DEALING HANDS ***",
    "Dealt to Alice [2s 4c 9h Kd]",
    "Ted: folds ",
    "Alice: calls $2",
    "Bob: calls $1",
    "Carol: checks ",
    "*** FIRST DRAW ***",
    "Bob: discards 2 cards",
    "Carol: discards 2 cards",
    "Alice: discards 1 card [Kd]",
    "Dealt to Alice [2s 4c 9h] [Qh]",
    "Bob: checks ",
    "Carol: bets $2",
    "Alice: calls $2",
    "Bob: calls $2",
    "*** SECOND DRAW ***",
    "Bob: discards 1 card",
    "Carol: stands pat ",
    "Alice: discards 1 card [Qh]",
    "Dealt to Alice [2s 4c 9h] [6d]",
    "Bob: checks ",
    "Carol: bets $4",
    "Alice: raises $4 to $8",
    "Bob: folds ",
    "Carol: calls $4",
    "*** THIRD DRAW ***",
    "Carol: discards 1 card",
    "Alice: stands pat on [2s 4c 9h 6d]",
    "Carol: checks ",
    "Alice: bets $4",
    "Carol: calls $4",
    "*** SHOW DOWN ***",
    "Alice: shows [2s 4c 6d 9h] (Badugi: 9,6,4,2)",
    "Carol: shows [3s 5d 7c 8h] (Badugi: 8,7,5,3)",
    "Carol collected $36 from pot",
    "*** SUMMARY ***",
    "Total pot $36 | Rake $0 ",
    "Seat 1: Alice (button) showed [2s 4c 6d 9h] and lost with a Badugi: 9,6,4,2",
    "Seat 2: Bob (small blind) folded after the 2nd Draw",
    "Seat 3: Carol (big blind) showed [3s 5d 7c 8h] and won ($36) with a Badugi: 8,7,5,3",
    "Seat 4: Ted folded before the Draw (didn't bet)",
    "", "", "", "",
])


def test_worked_hand_from_pokerstars_text() -> None:
    results = list(read_text(WORKED, "worked.txt"))
    assert len(results) == 1 and isinstance(results[0], Hand), results
    r = replay(results[0])
    assert r.violations == ()
    assert r.total_pot == 3600 and r.rake == 0
    assert [(p.amount, p.winners) for p in r.pots] == [(3600, ("Carol",))]
    assert r.net_by_player == {"Bob": -400, "Carol": 2000, "Ted": 0, "Alice": -1600}
    alice = r.facts("Alice")
    assert alice.position == "BTN" and alice.is_hero and alice.drawn == (1, 1, 0)


def _hands(relative: str) -> list[Hand]:
    return [h for h in read_file(real_file(relative)) if isinstance(h, Hand) and h.game == "badugi"]


def test_real_pokerstars_cash_hands_replay_clean() -> None:
    hands = _hands("pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt")
    assert len(hands) == 4
    for hand in hands:
        assert replay(hand).violations == (), hand.hand_id


def test_real_pokerstars_cash_side_pot_hand() -> None:
    # Hand #49164202872 checked by hand: in for Lino19 $1.25, s0rrow $0.25, jodarin $0.70 (all-in),
    # Scorpio2000 and buddyboy3399 $1.75 each = $5.70. Main pot: 4 x $0.70 + $0.25 = $3.05; side pot:
    # $0.55 + 2 x $1.05 = $2.65. The room wrote them net of its $0.25 rake ($2.90 / $2.55).
    # buddyboy3399's 8-4-3-A badugi beats Scorpio2000's T-8-7-5 (jodarin mucked): both pots.
    hand = next(h for h in _hands("pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt") if h.hand_id == "49164202872")
    r = replay(hand)
    assert r.violations == ()
    assert [p.amount for p in r.pots] == [305, 265]
    assert [p.winners for p in r.pots] == [("buddyboy3399",), ("buddyboy3399",)]
    assert r.rake == 25
    assert r.net_by_player["buddyboy3399"] == 545 - 175
    assert r.net_by_player["jodarin"] == -70


def test_real_pokerstars_tournament_hands_replay_clean() -> None:
    hands = _hands("pokerstars/tour__LBad-USD-MTT8-201011.txt")
    assert len(hands) == 78
    dirty = {h.hand_id: replay(h).codes for h in hands}
    assert {k: v for k, v in dirty.items() if v} == {}
