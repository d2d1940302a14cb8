"""Hands rebuilt from the store replay to the same facts, nets and steps as the hands that were stored."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from badugi.analytics.rows import Columns, add_hand
from badugi.analytics.store import Progress, Store
from badugi.analytics.stored_hands import load_hands, replay_stored, replay_text
from badugi.engine.cards import parse_cards
from badugi.engine.policies import CallingStation, Snow, Sound
from badugi.engine.record import Claims, Deal, DrawDeal, Tournament
from badugi.engine.replay import replay
from badugi.engine.simulate import SimConfig, Simulator, room_view
from store_fixtures import heads_up_hand


def test_stored_hands_replay_like_the_originals(tmp_path: Path) -> None:
    sim = Simulator(SimConfig(players=5, policies=(Sound(), CallingStation(), Snow())), seed=12)
    originals = {}
    columns = Columns()
    for simulated in sim.hands(200):
        hand = room_view(simulated.hand)
        result = replay(hand)
        originals[(hand.room, hand.hand_id)] = result
        add_hand(columns, hand, result)
    with Store(tmp_path / "s.duckdb") as store:
        store.write_batch(columns.to_arrow(), Progress("sim", 0, 0, 0, ""))
        back = replay_stored(store.con, list(originals))
    assert set(back) == set(originals)
    for key, original in originals.items():
        hand, again = back[key]
        assert again.net == original.net
        assert again.players == original.players
        assert [s[:6] for s in again.steps] == [s[:6] for s in original.steps]
    hand, result = next(iter(back.values()))
    text = replay_text(hand, result)
    assert text[0].startswith(f"pokerstars hand {hand.hand_id}") and text[-1].startswith("net: ")
    assert any(line.startswith("Hero is dealt ") for line in text)


def test_unknown_keys_give_nothing(tmp_path: Path) -> None:
    with Store(tmp_path / "e.duckdb") as store:
        assert replay_stored(store.con, [("pokerstars", "404")]) == {}
        assert replay_stored(store.con, []) == {}


def test_a_stored_hand_gives_back_every_field_the_store_keeps(tmp_path: Path) -> None:
    original = replace(heads_up_hand("4004"), tournament=Tournament("77", "Level II", "$1.00+$0.10 USD"),
                       claims=Claims(total_pot=100, main_pot=60, side_pots=(30, 10), rake=5))
    columns = Columns()
    add_hand(columns, original, replay(original))
    with Store(tmp_path / "s.duckdb") as store:
        store.write_batch(columns.to_arrow(), Progress("sim", 0, 0, 0, ""))
        hand = load_hands(store.con, [("pokerstars", "4004")])[("pokerstars", "4004")]
    kept = ("room", "hand_id", "game", "limit", "stakes", "currency", "source", "table", "max_seats", "button",
            "start_time", "time_zone", "tournament", "claims", "hero", "cancelled", "partial")
    assert {name: getattr(hand, name) for name in kept} == {name: getattr(original, name) for name in kept}
    assert hand.seats == tuple(replace(seat, line=0) for seat in original.seats)  # seat lines are not stored
    not_dealt = [e for e in original.events if type(e) not in (Deal, DrawDeal)]
    assert [e for e in hand.events if type(e) not in (Deal, DrawDeal)] == not_dealt
    (deal,) = [e for e in hand.events if type(e) is DrawDeal]
    assert (deal.player, deal.draw, deal.kept, deal.new, deal.line) == ("Hero", 1, parse_cards("As 2d 3h"),
                                                                          parse_cards("4c"), 13)
    assert [(e.player, e.cards) for e in hand.events if type(e) is Deal] == [
        ("Hero", parse_cards("As 2d 3h 9c")), ("Villain", None)]
