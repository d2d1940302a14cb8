"""Rules are data: room differences, limit overrides and validation."""

from __future__ import annotations

import dataclasses

import pytest
from test_replay_worked import worked_hand

from badugi.engine.record import Limit
from badugi.engine.replay import replay
from badugi.engine.rules import DEFAULT_RULES, ROOM_RULES, Rules, rules_for


def test_rules_for_picks_the_room_and_lifts_the_cap_outside_fixed_limit() -> None:
    hand = worked_hand()
    assert rules_for(hand) is ROOM_RULES["pokerstars"]
    assert rules_for(hand).cap_bets == 4 and not rules_for(hand).heads_up_uncapped
    assert rules_for(dataclasses.replace(hand, limit=Limit.POT)).cap_bets is None
    assert rules_for(dataclasses.replace(hand, room="nowhere")) is DEFAULT_RULES
    assert ROOM_RULES["pokerstars"].reshuffle_excludes_own_discards
    assert not ROOM_RULES["merge"].writes_uncalled and ROOM_RULES["merge"].uncalled_in_collected


def test_a_changed_room_entry_takes_effect_although_rules_are_found_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``rules_for`` keeps what it derived per room entry, limit and game; a new entry is seen at once."""
    pot_hand = dataclasses.replace(worked_hand(), limit=Limit.POT)
    assert rules_for(pot_hand) is rules_for(pot_hand) and rules_for(pot_hand).cap_bets is None
    monkeypatch.setitem(ROOM_RULES, "pokerstars", dataclasses.replace(ROOM_RULES["pokerstars"], odd_chip_unit=5))
    assert rules_for(pot_hand).odd_chip_unit == 5 and rules_for(pot_hand).cap_bets is None


def test_the_replay_finds_the_rules_rules_for_finds(monkeypatch: pytest.MonkeyPatch) -> None:
    """``replay`` looks up the rules ``rules_for`` found before itself (compiled: no Python frame): the same
    ``Rules`` object in every case, a changed room entry seen at once."""
    from badugi.engine.replay import _rules_of

    hand = worked_hand()
    for case in (hand, dataclasses.replace(hand, limit=Limit.POT), dataclasses.replace(hand, room="nowhere"),
                 dataclasses.replace(hand, room="PokerStars")):
        assert _rules_of(case) is rules_for(case) and _rules_of(case) is _rules_of(case)
    monkeypatch.setitem(ROOM_RULES, "pokerstars", dataclasses.replace(ROOM_RULES["pokerstars"], odd_chip_unit=5))
    assert _rules_of(hand) is rules_for(hand) and _rules_of(hand).odd_chip_unit == 5


def test_rules_reject_unknown_settings() -> None:
    with pytest.raises(ValueError):
        Rules(odd_chip="to the dealer")
    with pytest.raises(ValueError):
        Rules(allin_reopen_fraction=(3, 2))


def test_the_cap_is_a_setting_not_a_branch() -> None:
    # The worked hand's Carol bets $4 and Alice raises to $8 after the second draw: two bets. With a
    # cap of one bet that raise is over the cap; with the default it is legal.
    hand = worked_hand()
    assert replay(hand).codes == ()
    assert "bet.over_cap" in replay(hand, dataclasses.replace(ROOM_RULES["pokerstars"], cap_bets=1)).codes
