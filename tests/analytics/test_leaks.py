"""The leak finder on simulated players with known policies, the reference chart on hand-checked
hands, and the claim rule (never a leak while the interval includes the reference)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from badugi.analytics.leaks import RULES, Rule, _evaluate, chart_group, compare_to_database, find_leaks, in_chart
from badugi.analytics.selection import Selection
from badugi.analytics.store import Store
from badugi.analytics.wilson import wilson
from badugi.engine.cards import Card
from badugi.engine.evaluator import evaluate
from badugi.engine.cards import parse_cards
from badugi.engine.policies import CallingStation, Snow, Sound

from sim_store import SimResult, simulate_into

HANDS = 2500


@dataclass(frozen=True)
class TwoDrawer(CallingStation):
    """Calls like a calling station and throws all but its two lowest counted cards at every draw while
    it holds no badugi: the player who draws two against pat hands."""

    name: str = "two-drawer"

    def discard(self, cards: tuple[Card, ...], draws_left: int, rng: random.Random) -> tuple[Card, ...]:
        value = evaluate(cards)
        if value.size == 4:
            return ()
        keep = value.cards[-2:]
        return tuple(c for c in cards if c not in keep)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> tuple[Store, SimResult]:
    store = Store(tmp_path_factory.mktemp("leaks") / "sim.duckdb", memory_limit=None)
    result = simulate_into(store, (Sound(), CallingStation(), Snow(), TwoDrawer(), Sound(), Snow()), HANDS, seed=21)
    yield store, result
    store.close()


def leaks_of(store: Store, result: SimResult, policy: str) -> dict[str, dict]:
    name = next(n for n, p in result.policies.items() if p == policy)
    frame = find_leaks(store.con, Selection(players=(name,)))
    return {row["rule"]: row for row in frame.iter_rows(named=True)}


def test_sound_policy_has_no_leak(table: tuple[Store, SimResult]) -> None:
    store, result = table
    for name, policy in result.policies.items():
        if policy == "sound":
            frame = find_leaks(store.con, Selection(players=(name,)))
            assert frame.filter(frame["claimed"]).height == 0, frame.filter(frame["claimed"])["rule"].to_list()


def test_calling_station_calls_down_and_limps(table: tuple[Store, SimResult]) -> None:
    leaks = leaks_of(*table, "station")
    calldown = leaks["calldown_3card_vs_pat"]
    assert calldown["claimed"] and calldown["opportunities"] >= 30
    assert calldown["lo"] > calldown["reference"]
    assert leaks["open_limp"]["claimed"]
    assert not leaks["snow"]["claimed"] and not leaks["pat_draw_1"]["claimed"]


def test_snow_player_snows_and_stands_pat(table: tuple[Store, SimResult]) -> None:
    store, result = table
    leaks = leaks_of(store, result, "snow")
    assert leaks["snow"]["claimed"] and leaks["pat_draw_1"]["claimed"]
    assert leaks["pat_draw_1"]["rate"] == 1.0
    # evidence: up to five example hands, each one where this player stood pat on a non-badugi
    examples = leaks["snow"]["examples"]
    assert 1 <= len(examples) <= 5
    name = next(n for n, p in result.policies.items() if p == "snow")
    for example in examples:
        room, hand_id = example.split(":", 1)
        snowed = store.con.execute("SELECT snowed FROM hand_players WHERE room = ? AND room_hand_id = ? AND player = ?",
                                   [room, hand_id, name]).fetchall()
        assert snowed == [(True,)]


def test_drawing_two_against_pat_bettors_without_odds(tmp_path: Path) -> None:
    # the rule needs the player's own cards, so the two-drawer is the hero here
    with Store(tmp_path / "two.duckdb", memory_limit=None) as store:
        simulate_into(store, (TwoDrawer(), Sound(), Snow(), Snow()), 600, seed=4, players=4)
        frame = find_leaks(store.con, Selection(hero=True))
    rule = {row["rule"]: row for row in frame.iter_rows(named=True)}["draw_vs_pat_no_odds"]
    assert rule["opportunities"] >= 20
    assert rule["claimed"], rule


def test_hero_against_the_rest(table: tuple[Store, SimResult]) -> None:
    store, result = table
    versus = {row["stat"]: row for row in compare_to_database(store.con, Selection(hero=True)).iter_rows(named=True)}
    # the hero plays Sound among stations and snowers: never snows while the rest of the table often does
    assert versus["snow"]["hero_rate"] == 0.0 and versus["snow"]["rest_rate"] > 0.2 and versus["snow"]["differs"]
    assert versus["vpip"]["hero_opportunities"] > 0


def test_reference_chart_by_hand() -> None:
    def ranks(text: str) -> tuple[int, ...]:
        return evaluate(parse_cards(text)).ranks

    assert chart_group("UTG+1") == chart_group("LJ") == "early (UTG-LJ)" and chart_group("BB") is None
    early = "early (UTG-LJ)"
    assert in_chart(early, ranks("Js 2d 3h 4c"))  # J-high badugi
    assert not in_chart(early, ranks("Qs 2d 3h 4c"))  # Q-high badugi
    assert in_chart(early, ranks("7s 5d 2h 2c"))  # 7-5-2
    assert not in_chart(early, ranks("7s 6d 2h 2c"))  # 7-6-2
    assert in_chart("button", ranks("Ks 2d 3h 4c"))  # every badugi
    assert in_chart("button", ranks("9s 8d 2h 2c")) and not in_chart("button", ranks("Ts 2d 3h 3c"))
    assert in_chart("button", ranks("As 2d 2s 2h"))
    assert not in_chart("button", ranks("As 5d 5s 5h"))


@given(st.integers(0, 200), st.integers(0, 200), st.sampled_from(sorted(RULES)))
def test_no_leak_while_the_interval_includes_the_reference(done: int, extra: int, name: str) -> None:
    rule: Rule = RULES[name]
    spots = [(f"r:{k}", k < done, -1.0 if k < done else 0.0) for k in range(done + extra)]
    row = _evaluate(rule, spots, 1000)
    interval = wilson(done, done + extra)
    if interval is None or interval[0] <= rule.reference <= interval[1]:
        assert not row["claimed"]
    else:
        assert row["claimed"] == (interval[0] > rule.reference)
    assert len(row["examples"]) == min(5, done)
