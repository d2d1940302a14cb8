"""``check_card_identity`` answers without building any holding when card masks show every known card in at
most one holding (``_held_apart``); otherwise it runs the full check (``_card_identity``). The shortcut must
never hide what the full check finds: on real hands, simulated hands with every card known (their reshuffles
hand discards out again) and hands with a card changed anywhere, both give the same violations."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from replay_mutations import duplicate_card
from replay_real_hands import real_badugi_hands

from badugi.engine.cards import Card
from badugi.engine.checks import _card_identity, _held_apart, check_card_identity
from badugi.engine.record import Deal, Draw, DrawDeal, Hand, Show
from badugi.engine.rules import rules_for
from badugi.engine.settlement import settle
from badugi.engine.simulate import SimConfig, Simulator
from badugi.engine.walk import Walk

_SIMULATED = [p.hand for players in (2, 6, 10) for p in Simulator(SimConfig(players=players), seed=players).hands(30)]
"""Every card known: ten players drawing three times run the stub out, so cards come back after a reshuffle."""

_CARD_FIELDS = {Deal: ("cards",), Draw: ("discards", "held"), DrawDeal: ("new", "kept", "hand"), Show: ("cards",)}


def _both(hand: Hand) -> tuple[list, list, bool]:
    """(the check as the replay runs it, the full check, the shortcut's answer) for ``hand``."""
    rules = rules_for(hand)
    walk = Walk(hand, rules)
    walk.run()
    settled = settle(hand, walk, rules)
    apart = _held_apart(settled.holdings, walk.new_cards, walk.discards, walk.table.n)
    return check_card_identity(hand, walk, settled, rules), _card_identity(hand, walk, settled, rules), apart


def test_the_shortcut_agrees_with_the_full_check_on_real_and_simulated_hands() -> None:
    hands = [*real_badugi_hands(), *_SIMULATED]
    mutants = [m for m in map(duplicate_card, hands) if m is not None]  # a dealt card named twice (the walk flags it)
    answers = [_both(h) for h in [*hands, *mutants]]
    for (fast, full, apart), hand in zip(answers, [*hands, *mutants]):
        assert fast == full, hand.hand_id
        assert not (apart and full), hand.hand_id  # the shortcut never answers for a hand with a violation
    assert any(apart for _, _, apart in answers)  # it answers for most hands...
    assert any(not apart for _, _, apart in answers)  # ... and looks closer at the reshuffles and mutants


def test_a_card_shown_by_two_players_is_found() -> None:
    """Hand-made: the second showdown hand takes a card of the first one's (no reshuffle could do that)."""
    for hand in _SIMULATED:
        events = list(hand.events)
        shows = [k for k, e in enumerate(events) if isinstance(e, Show) and e.cards]
        if len(shows) < 2:
            continue
        first, second = events[shows[0]], events[shows[1]]
        taken = first.cards[0]
        events[shows[1]] = dataclasses.replace(second, cards=(taken, *second.cards[1:]))
        fast, full, apart = _both(dataclasses.replace(hand, events=tuple(events)))
        assert not apart
        assert [v.code for v in fast] == ["cards.duplicate"] and fast == full
        return
    pytest.fail("no simulated hand with two showdown hands")


@settings(max_examples=120, deadline=None)
@given(data=st.data())
def test_any_card_changed_gives_the_same_answer_both_ways(data: st.DataObject) -> None:
    hand = data.draw(st.sampled_from(_SIMULATED))
    events = list(hand.events)
    for _ in range(data.draw(st.integers(1, 3))):
        places = [(k, name) for k, e in enumerate(events) for name in _CARD_FIELDS.get(type(e), ())
                  if getattr(e, name)]
        k, name = data.draw(st.sampled_from(places))
        cards = list(getattr(events[k], name))
        cards[data.draw(st.integers(0, len(cards) - 1))] = data.draw(st.integers(0, 51))
        events[k] = dataclasses.replace(events[k], **{name: tuple(cards)})
    fast, full, apart = _both(dataclasses.replace(hand, events=tuple(events)))
    assert fast == full
    assert not (apart and full)


def test_cards_are_told_apart_across_the_whole_deck() -> None:
    """Hand-checked: card 4 and card 36 (4 + 32) are different cards; each player's four
    cards far apart in the deck (4, 9, 14, 19 against 36, 41, 46, 51) are held apart; a card both hold is not."""
    first = (tuple(map(Card, (4, 9, 14, 19))), None, None, None, None)
    second = (tuple(map(Card, (36, 41, 46, 51))), None, None, None, None)
    both = (tuple(map(Card, (36, 41, 46, 4))), None, None, None, None)
    assert _held_apart((first, second), {}, {}, 2)
    assert not _held_apart((first, both), {}, {}, 2)
    shown_again = (first[0], None, None, None, (Card(14), Card(20), Card(25), Card(30)))
    assert _held_apart((shown_again, second), {}, {}, 2)  # kept 14, never thrown: one holding
    thrown = {0: [(Card(14),), None, None]}
    assert not _held_apart((shown_again, second), {}, thrown, 2)  # thrown at draw 1, shown again
