"""Replay of PokerStars text: the DESIGN §7 worked hand written by hand in PokerStars format, and every
real PokerStars Badugi hand in ../shared/real_hh (zero violations; each rule break explained)."""

from __future__ import annotations

from conftest import real_file
from worked_hand_text import WORKED

from badugi.engine.record import Hand
from badugi.engine.replay import replay
from badugi.parsers.reader import read_file, read_text



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
