"""Sessions: hand-checked splitting (gaps just under and over the threshold, two tables interleaved,
money per currency, hands with no time), a property over random times, and the samples and real files,
whose sessions must hold every one of the hero's hands.

Expected values are worked out here from the times and nets each test lists, never from the code's output.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from pathlib import Path

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi.analytics.heroes import find_hero
from badugi.analytics.importer import import_files
from badugi.analytics.money import MoneyKind
from badugi.analytics.selection import Selection
from badugi.analytics.sessions import by_hour, find_sessions, hero_hands, session_records, session_table, \
    split_sessions
from badugi.analytics.stats import player_stats
from badugi.analytics.store import Store
from badugi.parsers.reader import walk
from conftest import REAL_HH, SAMPLES

T0 = datetime(2011, 3, 5, 20, 0, 0)


def hands(*rows: tuple) -> pl.DataFrame:
    """Rows of (minutes after T0 or None, table, net, currency kind, big blind[, time flag])."""
    out = []
    for k, row in enumerate(rows):
        minutes, table, net, kind, bb, *flag = row
        out.append({"room": "pokerstars", "room_hand_id": str(k), "player": "Me",
                    "start_time": None if minutes is None else T0 + timedelta(minutes=minutes),
                    "time_flag": flag[0] if flag else None, "table_name": table, "tournament_id": None,
                    "currency": kind, "bb": float(bb), "net": net})
    schema = {"room": pl.String, "room_hand_id": pl.String, "player": pl.String, "start_time": pl.Datetime("us"),
              "time_flag": pl.String, "table_name": pl.String, "tournament_id": pl.String, "currency": pl.String,
              "bb": pl.Float64, "net": pl.Int64}
    return pl.DataFrame(out, schema=schema)


def test_a_gap_just_under_the_threshold_keeps_the_session_and_one_at_it_starts_a_new_one() -> None:
    under = split_sessions(hands((0, "A", 10, "USD", 10), (29 + 59 / 60, "A", 10, "USD", 10)), 30)
    assert under.sessions["hands"].to_list() == [2]
    at = split_sessions(hands((0, "A", 10, "USD", 10), (30, "A", 10, "USD", 10)), 30)
    assert at.sessions["hands"].to_list() == [1, 1]
    over = split_sessions(hands((0, "A", 10, "USD", 10), (30 + 1 / 60, "A", 10, "USD", 10)), 30)
    assert over.sessions["hands"].to_list() == [1, 1]
    # the same hands with a longer gap are one session
    assert split_sessions(hands((0, "A", 10, "USD", 10), (30, "A", 10, "USD", 10)), 31).sessions.height == 1


def test_two_tables_interleaved_are_one_session_with_two_sittings() -> None:
    # A at 0, 10, 20, 40; B at 5, 15, 60, 95. In time order the gaps are 5, 5, 5, 5, 20, 20, 35:
    # one session of 7 hands (0 to 60 min) at two tables, then B alone at 95.
    frame = hands((0, "A", 50, "USD", 10), (5, "B", -20, "USD", 10), (10, "A", -10, "USD", 10),
                  (15, "B", 0, "USD", 10), (20, "A", 30, "USD", 10), (40, "A", -10, "USD", 10),
                  (60, "B", 100, "USD", 10), (95, "B", -5, "USD", 10))
    found = split_sessions(frame, 30)
    first, second = found.sessions.iter_rows(named=True)
    assert (first["session"], first["start"], first["last_hand"]) == (1, T0, T0 + timedelta(minutes=60))
    assert (first["hands"], first["tables"], first["net_usd"], first["minutes"]) == (7, 2, 140, 60.0)
    assert first["bb_per_100"] == pytest.approx(100 * 14.0 / 7)  # 140 cents over a 10-cent big blind
    assert (second["session"], second["hands"], second["tables"], second["net_usd"], second["minutes"]) == (
        2, 1, 1, -5, 0.0)
    sittings = [(r["session"], r["table_name"], r["hands"], r["start"], r["last_hand"], r["net_usd"])
                for r in found.sittings.iter_rows(named=True)]
    assert sittings == [(1, "A", 4, T0, T0 + timedelta(minutes=40), 60),
                        (1, "B", 3, T0 + timedelta(minutes=5), T0 + timedelta(minutes=60), 80),
                        (2, "B", 1, T0 + timedelta(minutes=95), T0 + timedelta(minutes=95), -5)]
    # a longer gap joins them; a 5-minute gap cuts at every step of 5 minutes or more
    assert split_sessions(frame, 36).sessions["hands"].to_list() == [8]
    assert split_sessions(frame, 5).sessions["hands"].to_list() == [1] * 8


def test_money_stays_per_currency_and_bb_per_100_pools_them() -> None:
    # a USD table (big blind 50 cents) and a tournament (big blind 200 chips) played at once
    frame = hands((0, "cash", 150, "USD", 50), (1, "tour", -400, "tournament", 200), (2, "cash", -50, "USD", 50),
                  (3, "tour", 1000, "tournament", 200))
    (row,) = split_sessions(frame, 30).sessions.iter_rows(named=True)
    assert (row["hands_usd"], row["net_usd"], row["net_bb_usd"]) == (2, 100, 2.0)
    assert (row["hands_tournament"], row["net_tournament"], row["net_bb_tournament"]) == (2, 600, 3.0)
    assert row["bb_per_100"] == pytest.approx(100 * (2.0 + 3.0) / 4)
    assert MoneyKind("tournament").format(row["net_tournament"], row["net_bb_tournament"]) == "3.0 bb"


def test_hands_with_no_start_time_are_counted_apart_and_flags_are_counted() -> None:
    frame = hands((0, "A", 10, "USD", 10, "ambiguous"), (None, "A", -30, "USD", 10, "unknown_zone"),
                  (5, "A", 20, "USD", 10))
    found = split_sessions(frame, 30)
    assert found.sessions["hands"].to_list() == [2] and found.sessions["flagged"].to_list() == [1]
    assert (found.undated["hands"], found.undated["net_usd"], found.undated["flagged"]) == (1, -30, 1)
    assert found.hands == 3
    records = session_records(found)
    assert records["hands"] == 3 and records["undated"]["hands"] == 1
    assert sum(s["hands"] for s in records["sessions"]) + records["undated"]["hands"] == 3
    assert session_table(found)["hands"].to_list() == [2, 1]  # the CSV's last row: no session, no start


def test_by_hour_counts_hands_and_net_per_hour_of_day_and_currency() -> None:
    # T0 is 20:00 UTC: hands at 20:00, 20:59, 21:00 (USD), 23:30 (tournament), and one with no time
    frame = hands((0, "A", 10, "USD", 10), (59, "A", -30, "USD", 10), (60, "A", 5, "USD", 10),
                  (210, "B", 400, "tournament", 100), (None, "A", 7, "USD", 10))
    table = by_hour(frame)
    assert table.height == 48  # every hour for each of the two kinds
    got = {(r["currency"], r["hour"]): (r["hands"], r["net"]) for r in table.iter_rows(named=True) if r["hands"]}
    assert got == {("USD", 20): (2, -20), ("USD", 21): (1, 5), ("tournament", 23): (1, 400)}


@settings(max_examples=60, deadline=None)
@given(offsets=st.lists(st.integers(0, 600 * 60), min_size=1, max_size=40), gap=st.integers(1, 120))
def test_sessions_cover_every_hand_and_cut_exactly_at_the_gaps(offsets: list[int], gap: int) -> None:
    frame = hands(*[(seconds / 60, f"T{k % 3}", k, "USD", 10) for k, seconds in enumerate(offsets)])
    found = split_sessions(frame, gap)
    assert found.hands == len(offsets) and found.sessions["hands"].sum() == len(offsets)
    times = sorted(offsets)
    cuts = sum(1 for a, b in zip(times, times[1:]) if b - a >= gap * 60)
    assert found.sessions.height == cuts + 1
    assert found.sessions["net_usd"].sum() == sum(range(len(offsets)))
    starts = found.sessions["start"].to_list()
    assert starts == sorted(starts) and found.sittings["hands"].sum() == len(offsets)


# ---- the store: samples and real files ----------------------------------------------------------

@pytest.fixture(scope="module")
def samples_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``sample_histories/`` imported once for this module."""
    path = tmp_path_factory.mktemp("sessions") / "samples.duckdb"
    with Store(path, memory_limit=None) as store:
        import_files(store, list(walk([SAMPLES])))
    return path


def imported(folder: Path, db: Path) -> Store:
    store = Store(db, memory_limit=None)
    import_files(store, list(walk([folder])))
    return store


def hero_hand_count(store: Store, names: tuple[str, ...]) -> int:
    return int(player_stats(store.con, Selection(hero=True, hero_names=names))["hands"].sum())


def test_the_samples_sessions_hold_every_hero_hand(samples_db: Path) -> None:
    with Store(samples_db, read_only=True) as store:
        hero = find_hero(store.con)
        found = find_sessions(store.con, hero.selection(Selection()))
        expected = hero_hand_count(store, hero.names)
        assert expected > 1000 and found.hands == expected == found.sessions["hands"].sum()
        assert found.sittings["hands"].sum() == expected and found.undated["hands"] == 0
        stats = player_stats(store.con, hero.selection(Selection())).row(0, named=True)
        assert found.sessions["net_usd"].sum() == stats["net_usd"]  # the same hands, the same money
        tables = store.con.execute("SELECT count(DISTINCT (room, table_name)) FROM hands").fetchall()[0][0]
        assert found.sittings.height >= tables
        # a one-minute gap cuts the simulated tables (a hand every 15 to 140 seconds at each) into more sessions
        fine = find_sessions(store.con, hero.selection(Selection()), 1)
        assert fine.sessions.height > found.sessions.height and fine.hands == expected


def test_the_real_files_sessions_hold_every_hero_hand(tmp_path: Path) -> None:
    if not REAL_HH.exists():
        pytest.skip(f"real hand histories not available: {REAL_HH}")
    with imported(REAL_HH, tmp_path / "real.duckdb") as store:
        names = [name for (name,) in store.con.execute(
            "SELECT DISTINCT player FROM hand_players WHERE is_hero ORDER BY player").fetchall()]
        assert {"Player19", "Hero", "s0rrow"} <= set(names)
        for name in names:  # each person who recorded files, and all of them pooled
            found = find_sessions(store.con, Selection(hero=True, hero_names=(name,)))
            assert found.hands == hero_hand_count(store, (name,)) > 0, name
        everyone = find_sessions(store.con, Selection(hero=True, hero_names=tuple(names)))
        assert everyone.hands == hero_hand_count(store, tuple(names))
        player19 = find_sessions(store.con, Selection(hero=True, hero_names=("Player19",)))
    # Player19's 78 tournament hands (58 at table '329147852 1', then 20 at '329147852 10'), from the
    # first header's 11:20:01 ET to the last one's 12:51:14 ET (EST: UTC-5) -> 16:20:01 to 17:51:14 UTC
    (row,) = player19.sessions.iter_rows(named=True)
    assert (row["hands"], row["tables"], row["start"], row["last_hand"]) == (
        78, 2, datetime(2010, 11, 10, 16, 20, 1), datetime(2010, 11, 10, 17, 51, 14))
    assert [(r["table_name"], r["hands"]) for r in player19.sittings.iter_rows(named=True)] == [
        ("329147852 1", 58), ("329147852 10", 20)]


def test_the_real_tournament_splits_where_its_et_clocks_say(tmp_path: Path) -> None:
    if not REAL_HH.exists():
        pytest.skip(f"real hand histories not available: {REAL_HH}")
    path = REAL_HH / "pokerstars" / "tour__LBad-USD-MTT8-201011.txt"
    text = path.read_bytes().decode("utf-8-sig")
    clocks = sorted(datetime.strptime(m, "%Y/%m/%d %H:%M:%S")
                    for m in re.findall(r"\[(\d{4}/\d\d/\d\d \d\d:\d\d:\d\d) ET\]", text))
    assert len(clocks) == 78
    with Store(tmp_path / "t.duckdb", memory_limit=None) as store:
        import_files(store, [path])
        for gap in (1, 2, 3, 5):
            expected = 1 + sum(1 for a, b in zip(clocks, clocks[1:]) if b - a >= timedelta(minutes=gap))
            found = find_sessions(store.con, Selection(hero=True, hero_names=("Player19",)), gap)
            assert (found.sessions.height, found.hands) == (expected, 78), gap


def test_hero_hands_has_one_row_per_hero_hand(samples_db: Path) -> None:
    with Store(samples_db, read_only=True) as store:
        rows = hero_hands(store.con, Selection(hero=True, hero_names=("Hero",)))
        assert rows.height == rows.select("room", "room_hand_id").unique().height
        assert by_hour(rows)["hands"].sum() == rows.height
