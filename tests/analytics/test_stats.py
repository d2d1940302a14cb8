"""Player stats on simulated players whose policies fix the true frequencies in advance, and the
Wilson interval against published values."""

from __future__ import annotations

import math
from datetime import date
from pathlib import Path

import polars as pl
import pytest
from hypothesis import given
from hypothesis import strategies as st

from badugi.analytics.selection import Selection
from badugi.analytics.stats import STATS, draw_distribution, player_stats, stats_records, winnings_by_hand
from badugi.analytics.store import Store
from badugi.analytics.wilson import wilson, wilson_exprs
from badugi.engine.policies import CallingStation, OpenPercent, Snow, Sound
from badugi.errors import BadInput

from sim_store import SimResult, simulate_into

HANDS = 1500


@pytest.fixture(scope="module")
def sim_store(tmp_path_factory: pytest.TempPathFactory) -> tuple[Store, SimResult]:
    path = tmp_path_factory.mktemp("stats") / "sim.duckdb"
    store = Store(path, memory_limit=None)
    result = simulate_into(store, (OpenPercent(percent=25), Sound(), CallingStation(), Snow()), HANDS, seed=11)
    yield store, result
    store.close()


def by_player(frame: pl.DataFrame) -> dict[str, dict]:
    return {row["player"]: row for row in frame.iter_rows(named=True)}


# ---- Wilson ------------------------------------------------------------------------------------


def test_wilson_matches_published_values() -> None:
    # Wilson score 95 % intervals as tabulated by Newcombe (1998), Statistics in Medicine 17, 857-872:
    # 0/10 -> [0, 0.2775]; 1/29 -> [0.0061, 0.1718]; 81/263 -> [0.2553, 0.3662]; 15/148 -> [0.0624, 0.1605]
    for done, n, lo, hi in ((0, 10, 0.0, 0.2775), (1, 29, 0.0061, 0.1718), (81, 263, 0.2553, 0.3662),
                            (15, 148, 0.0624, 0.1605)):
        got = wilson(done, n)
        assert got is not None
        assert got[0] == pytest.approx(lo, abs=1e-4) and got[1] == pytest.approx(hi, abs=1e-4)
    assert wilson(0, 0) is None


@given(st.integers(0, 10_000), st.integers(1, 10_000))
def test_wilson_contains_the_rate_and_polars_agrees(done: int, extra: int) -> None:
    n = done + extra
    lo, hi = wilson(done, n)  # type: ignore[misc]
    assert 0.0 <= lo <= done / n <= hi <= 1.0
    frame = pl.DataFrame({"d": [done], "n": [n]}).with_columns(wilson_exprs("d", "n", "s"))
    assert frame["s_lo"][0] == pytest.approx(lo, abs=1e-12) and frame["s_hi"][0] == pytest.approx(hi, abs=1e-12)


# ---- simulated players -------------------------------------------------------------------------


def test_open_25_percent_measures_within_its_interval(sim_store: tuple[Store, SimResult]) -> None:
    store, result = sim_store
    rows = by_player(player_stats(store.con))
    openers = [name for name, policy in result.policies.items() if policy == "open"]
    assert len(openers) == 2
    for name in openers:
        row = rows[name]
        assert row["rfi_opp"] > 300
        assert row["rfi_lo"] <= 0.25 <= row["rfi_hi"], (name, row["rfi_done"], row["rfi_opp"])
        assert row["limp_done"] == 0  # the policy raises or folds first in, never limps


def test_always_pat_player_stands_pat_every_time(sim_store: tuple[Store, SimResult]) -> None:
    store, result = sim_store
    rows = by_player(player_stats(store.con))
    (snow,) = [name for name, policy in result.policies.items() if policy == "snow"]
    row = rows[snow]
    for k in (1, 2, 3):
        assert row[f"pat_{k}_opp"] > 100
        assert row[f"pat_{k}_rate"] == 1.0
        assert row[f"drawn_avg_{k}"] == 0.0
    # every other policy draws to non-badugis, so none of them is near 100 %
    for name, policy in result.policies.items():
        if policy != "snow":
            assert rows[name]["pat_1_hi"] < 0.5


def test_calling_station_never_raises_first_in(sim_store: tuple[Store, SimResult]) -> None:
    store, result = sim_store
    rows = by_player(player_stats(store.con))
    (station,) = [name for name, policy in result.policies.items() if policy == "station"]
    assert rows[station]["rfi_done"] == 0 and rows[station]["pfr_done"] == 0
    assert rows[station]["limp_rate"] > 0.3


def test_money_equals_the_simulators_truth(sim_store: tuple[Store, SimResult]) -> None:
    store, result = sim_store
    frame = player_stats(store.con)
    rows = by_player(frame)
    for name, net in result.net.items():
        assert rows[name]["net"] == net
        assert rows[name]["showdown_net"] + rows[name]["nonshowdown_net"] == net
        # one stake (big blind 25 cents): bb/100 = net / 25 / hands * 100, big bets/100 half of it
        assert rows[name]["bb_per_100"] == pytest.approx(net / 25 / rows[name]["hands"] * 100)
        assert rows[name]["bigbets_per_100"] == pytest.approx(rows[name]["bb_per_100"] / 2)
    assert sum(frame["net"]) == -result.rake
    assert sum(frame["rake_paid"]) == result.rake
    assert set(frame["hands"]) == {HANDS}


def test_rates_are_consistent_with_counts(sim_store: tuple[Store, SimResult]) -> None:
    store, _ = sim_store
    for row in player_stats(store.con).iter_rows(named=True):
        for stat in STATS:
            done, opp, rate = row[f"{stat.name}_done"], row[f"{stat.name}_opp"], row[f"{stat.name}_rate"]
            assert 0 <= done <= opp
            if opp:
                assert rate == pytest.approx(done / opp)
                assert row[f"{stat.name}_lo"] <= rate <= row[f"{stat.name}_hi"]
            else:
                assert rate is None
        assert row["pfr_done"] <= row["vpip_done"]
        assert row["wtsd_done"] <= row["saw_draw_1_done"]
        assert row["saw_draw_3_done"] <= row["saw_draw_2_done"] <= row["saw_draw_1_done"]


def test_hero_pools_aliases_and_groups_add_up(sim_store: tuple[Store, SimResult]) -> None:
    store, result = sim_store
    hero = player_stats(store.con, Selection(hero=True))
    assert hero.height == 1 and hero["player"][0] == "hero" and hero["names"][0] == "Hero"
    assert hero["net"][0] == result.net["Hero"]
    other = next(name for name in result.policies if name != "Hero")
    pooled = player_stats(store.con, Selection(hero=True, hero_names=("Hero", other)))
    assert pooled["hands"][0] == 2 * HANDS and pooled["net"][0] == result.net["Hero"] + result.net[other]
    by_position = player_stats(store.con, Selection(hero=True, by="position"))
    assert set(by_position["group"]) == {"SB", "BB", "LJ", "HJ", "CO", "BTN"}
    assert by_position["hands"].sum() == HANDS and by_position["net"].sum() == result.net["Hero"]
    assert by_position["vpip_done"].sum() == hero["vpip_done"][0]


def test_filters(sim_store: tuple[Store, SimResult]) -> None:
    store, _ = sim_store
    con = store.con
    assert player_stats(con, Selection(stakes="0.25/0.50")).height == 6
    assert player_stats(con, Selection(stakes="0.25/0.50 USD")).height == 6
    assert player_stats(con, Selection(stakes="1.00/2.00")).height == 0
    assert player_stats(con, Selection(room="PokerStars")).height == 6
    assert player_stats(con, Selection(room="fulltilt")).height == 0
    assert player_stats(con, Selection(until=date(2000, 1, 1))).height == 0
    assert player_stats(con, Selection(min_hands=HANDS + 1)).height == 0
    months = player_stats(con, Selection(players=("Hero",), by="month"))
    assert months["hands"].sum() == HANDS
    first = months["group"].min()
    year, month = map(int, first.split("-"))
    only_first = player_stats(con, Selection(players=("Hero",), until=date(year, month, 28)))
    assert 0 < only_first["hands"][0] <= HANDS
    with pytest.raises(BadInput):
        Selection(by="colour")
    with pytest.raises(BadInput):
        Selection(since=date(2020, 1, 2), until=date(2020, 1, 1))


def test_json_records_and_draw_distribution(sim_store: tuple[Store, SimResult]) -> None:
    store, _ = sim_store
    records = stats_records(player_stats(store.con, Selection(players=("Hero",))))
    (record,) = records
    assert record["hands"] == HANDS
    vpip = record["vpip"]
    assert set(vpip) == {"done", "opportunities", "rate", "ci"}
    assert vpip["ci"][0] <= vpip["rate"] <= vpip["ci"][1]
    draws = draw_distribution(store.con, Selection(players=("Hero",)))
    assert draws.height == 15  # 3 draws x 0..4 cards
    for draw in (1, 2, 3):
        part = draws.filter(pl.col("draw") == draw)
        assert part["n"].sum() == part["reached"][0]
        assert math.isclose(part["share"].sum(), 1.0)
    stats = by_player(player_stats(store.con, Selection(players=("Hero",))))["Hero"]
    pat = draws.filter((pl.col("draw") == 1) & (pl.col("cards") == 0))
    assert pat["n"][0] == stats["pat_1_done"]


def test_winnings_series_ends_at_net(sim_store: tuple[Store, SimResult]) -> None:
    store, result = sim_store
    series = winnings_by_hand(store.con, Selection(hero=True))
    assert series.height == HANDS
    assert series["net_bigbets"][-1] == pytest.approx(result.net["Hero"] / 50)
    assert series["showdown_bigbets"][-1] + series["nonshowdown_bigbets"][-1] == pytest.approx(
        series["net_bigbets"][-1])


def test_empty_store_gives_empty_frames(tmp_path: Path) -> None:
    with Store(tmp_path / "empty.duckdb") as store:
        assert player_stats(store.con).height == 0
        assert winnings_by_hand(store.con, Selection(hero=True)).height == 0


def test_version_1_store_gains_the_draw_play_columns(tmp_path: Path) -> None:
    from badugi.analytics import schema

    import duckdb

    path = tmp_path / "old.duckdb"
    with duckdb.connect(str(path)) as con:  # a version-1 file
        schema.migrate(con, up_to=1)
        assert not {name for name, _ in schema.DRAW_PLAY_COLUMNS} & {
            row[0] for row in con.execute("DESCRIBE hand_players").fetchall()}
    with Store(path) as store:
        columns = {row[0] for row in store.con.execute("DESCRIBE hand_players").fetchall()}
        assert {name for name, _ in schema.DRAW_PLAY_COLUMNS} <= columns
        assert schema.current_version(store.con) == schema.SCHEMA_VERSION
        assert player_stats(store.con).height == 0


@pytest.mark.slow
def test_sound_raise_first_in_by_position_matches_its_open_ranges(tmp_path: Path) -> None:
    """20,000 hands: each position's measured raise-first-in rate covers the policy's open range. Five
    positions are checked at once, so each uses a 99.9 % interval (z = 3.29) to keep the family honest."""
    with Store(tmp_path / "big.duckdb", memory_limit=None) as store:
        simulate_into(store, (Sound(),), 20_000, seed=31)
        frame = player_stats(store.con, Selection(hero=True, by="position"))
        targets = Sound().open_ranges
        for row in frame.iter_rows(named=True):
            if row["group"] == "BB":
                continue
            lo, hi = wilson(row["rfi_done"], row["rfi_opp"], z=3.2905)  # type: ignore[misc]
            assert lo <= targets[row["group"]] <= hi, (row["group"], row["rfi_done"], row["rfi_opp"])
        overall = player_stats(store.con, Selection(players=("Hero",))).row(0, named=True)
        assert overall["limp_done"] == 0


def test_every_stat_and_leak_rule_is_documented() -> None:
    from badugi.analytics.leaks import RULES

    docs = (Path(__file__).resolve().parents[2] / "docs" / "stats.md").read_text(encoding="utf-8")
    for stat in STATS:
        assert f"`{stat.name}`" in docs and stat.formula in docs, stat.name
    for name in RULES:
        assert f"`{name.split(':')[0]}" in docs, name
