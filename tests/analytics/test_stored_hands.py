"""Hands rebuilt from the store replay to the same facts, nets and steps as the hands that were stored."""

from __future__ import annotations

from pathlib import Path

from badugi.analytics.rows import Columns, add_hand
from badugi.analytics.store import Progress, Store
from badugi.analytics.stored_hands import replay_stored, replay_text
from badugi.engine.policies import CallingStation, Snow, Sound
from badugi.engine.replay import replay
from badugi.engine.simulate import SimConfig, Simulator, room_view


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
