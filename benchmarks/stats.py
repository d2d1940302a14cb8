"""Stats speed: the full player table over a million stored hands.

Builds a store from simulated hands (room view: only the hero's cards, as real logs) and replicates
their rows with new hand ids, shifted dates and renamed players straight in DuckDB, so building a
million hands takes seconds, not the hours a full import would. Then times ``player_stats`` (every
stat, every player), the hero by position and the hero's leak rules.

Usage: python benchmarks/stats.py [--hands 1000000] [--base 2000] [--players-per-name 100] [--db FILE]
Ends with one line: RESULT seconds=S (the full player table; target under 2 s).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from badugi.analytics.leaks import find_leaks
from badugi.analytics.schema import HAND_TABLES, column_names
from badugi.analytics.selection import Selection
from badugi.analytics.stats import player_stats
from badugi.analytics.store import Store

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "analytics"))
from sim_store import simulate_into  # noqa: E402

from badugi.engine.policies import CallingStation, OpenPercent, Snow, Sound  # noqa: E402

RENAMED = {"hand_players", "actions", "draws", "holdings", "showdowns", "collects"}


def replicate(store: Store, copies: int, names: int) -> None:
    """Copy every hand ``copies`` times: new ids ``<id>-k``, start time + k hours, players renamed
    ``<name>~(k % names)`` (the hero keeps the hero flag)."""
    con = store.con
    for table in HAND_TABLES:
        con.execute(f"CREATE TEMP TABLE base_{table} AS SELECT * FROM {table}")
    con.execute("DROP INDEX IF EXISTS hands_key")
    for table in HAND_TABLES:
        cols = []
        for col in column_names(table):
            if col == "room_hand_id":
                cols.append("b.room_hand_id || '-' || k.k AS room_hand_id")
            elif col == "player" and table in RENAMED:
                cols.append(f"CASE WHEN k.k = 0 THEN b.player ELSE b.player || '~' || (k.k % {names}) END AS player")
            elif col == "start_time":
                cols.append("b.start_time + to_hours(k.k) AS start_time")
            else:
                cols.append(f'b."{col}"')
        con.execute(f"DELETE FROM {table}")
        con.execute(f"INSERT INTO {table} SELECT {', '.join(cols)} FROM base_{table} b, "
                    f"range({copies}) k(k)")
        con.execute(f"DROP TABLE base_{table}")
    con.execute("CREATE UNIQUE INDEX hands_key ON hands (room, room_hand_id)")
    con.execute("CHECKPOINT")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--base", type=int, default=2000, help="simulated hands to replicate")
    parser.add_argument("--players-per-name", type=int, default=100, help="copies of each simulated name")
    parser.add_argument("--db", type=Path, default=None, help="keep the store here (default: a temp dir)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="badugi-stats-"))
    path = args.db or folder / "stats.duckdb"
    if path.exists():
        path.unlink()
    t0 = time.perf_counter()
    with Store(path, memory_limit=None) as store:
        simulate_into(store, (OpenPercent(percent=25), Sound(), CallingStation(), Snow(), Sound(), Sound()),
                      args.base, seed=7)
        replicate(store, max(1, args.hands // args.base), args.players_per_name)
        hands = store.count("hands")
        rows = store.count("hand_players")
        print(f"built {hands:,} hands, {rows:,} hand-player rows, {store.count('actions'):,} actions "
              f"in {time.perf_counter() - t0:.1f}s", file=sys.stderr)
    with Store(path, read_only=True, memory_limit=None) as store:
        player_stats(store.con, Selection(hero=True))  # warm the file cache
        t = time.perf_counter()
        table = player_stats(store.con)
        full = time.perf_counter() - t
        print(f"player table: {table.height:,} players x {table.width} columns in {full:.2f}s "
              f"({hands / full:,.0f} hands/s)")
        t = time.perf_counter()
        player_stats(store.con, Selection(hero=True, by="position"))
        print(f"hero by position: {time.perf_counter() - t:.2f}s")
        t = time.perf_counter()
        player_stats(store.con, Selection(by="month"))
        print(f"every player by month: {time.perf_counter() - t:.2f}s")
        t = time.perf_counter()
        leaks = find_leaks(store.con, Selection(hero=True))
        print(f"hero's leaks ({int(table.filter(table['player'].str.starts_with('Hero'))['hands'].sum()):,} "
              f"hands, {leaks.height} rules): {time.perf_counter() - t:.2f}s")
    print(f"RESULT seconds={full:.3f}")


if __name__ == "__main__":
    main()
