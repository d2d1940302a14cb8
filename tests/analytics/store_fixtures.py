"""Hands built by hand for the store tests (no reader needed): what each one must store is counted
from the events listed here."""

from __future__ import annotations

from datetime import datetime, timezone

import duckdb
import pyarrow as pa

from badugi.analytics.rows import Columns, add_hand, add_reject, add_skipped
from badugi.analytics.store import Progress
from badugi.engine.cards import parse_cards
from badugi.engine.record import (
    Bet,
    Call,
    Check,
    Claims,
    Collect,
    Deal,
    Draw,
    DrawDeal,
    Fold,
    Hand,
    Limit,
    Post,
    PostKind,
    Seat,
    Show,
    Source,
    Stakes,
)
from badugi.parsers.results import ParseFailure, Skipped


def heads_up_hand(hand_id: str = "1001", file: str = "a.txt", line: int = 1) -> Hand:
    """Hero (button/SB) and Villain heads-up at $0.25/$0.50: blinds, one draw, a showdown."""
    c = parse_cards
    events = (
        Post("Hero", PostKind.SMALL_BLIND, 10, line=line + 3),
        Post("Villain", PostKind.BIG_BLIND, 25, line=line + 4),
        Deal("Hero", c("As 2d 3h 9c"), line=line + 6),
        Call("Hero", 0, 15, line=line + 7),
        Check("Villain", 0, line=line + 8),
        Draw("Villain", 1, 2, line=line + 10),
        Draw("Hero", 1, 1, discards=c("9c"), line=line + 11),
        DrawDeal("Hero", 1, kept=c("As 2d 3h"), new=c("4c"), line=line + 12),
        Bet("Villain", 1, 25, line=line + 13),
        Call("Hero", 1, 25, line=line + 14),
        Show("Villain", c("5s 6d 7h 8c"), "Badugi: 8,7,6,5", line=line + 16),
        Show("Hero", c("As 2d 3h 4c"), "Badugi: 4,3,2,A", line=line + 17),
        Collect("Hero", 95, line=line + 18),
    )
    return Hand(
        room="pokerstars", hand_id=hand_id, game="badugi", limit=Limit.FIXED,
        stakes=Stakes(25, 50, 10, 25), currency="USD", source=Source(file, line, 100 * line),
        table="T", max_seats=8, button=1, start_time=datetime(2010, 9, 5, 14, 32, 15, tzinfo=timezone.utc),
        time_zone="ET",
        seats=(Seat(1, "Hero", 500, line=line + 1), Seat(2, "Villain", 700, line=line + 2)),
        events=events, claims=Claims(total_pot=100, rake=5), hero="Hero",
    )


def folded_hand(hand_id: str, file: str = "a.txt") -> Hand:
    events = (Post("A", PostKind.SMALL_BLIND, 10, line=3), Post("B", PostKind.BIG_BLIND, 25, line=4),
              Fold("A", 0, line=5), Collect("B", 35, line=6))
    return Hand(room="pokerstars", hand_id=hand_id, game="badugi", limit=Limit.FIXED, stakes=Stakes(25, 50),
                currency="USD", source=Source(file, 1, 0), seats=(Seat(1, "A", 100), Seat(2, "B", 100)),
                events=events, claims=Claims(total_pot=35))


def batch(*hands: Hand, skipped: tuple[Skipped, ...] = (), rejects: tuple[ParseFailure, ...] = ()) -> dict[str, pa.Table]:
    columns = Columns()
    for hand in hands:
        add_hand(columns, hand, None)
    for item in skipped:
        add_skipped(columns, item)
    for item in rejects:
        add_reject(columns, item)
    return columns.to_arrow()


def progress(path: str = "a.txt", end: int = 1000, lines: int = 40, **kw: object) -> Progress:
    return Progress(path=path, size=end, bytes_read=end, lines_read=lines, prefix_hash="h", **kw)


def as_plain_store(con: duckdb.DuckDBPyConnection, version: int) -> None:
    """Make a store look as a badugi before version 8 left it at ``version``: ``hand_players`` a table of
    that version's columns (its booleans in columns of their own, not bits: ``declare.Flags``), every other
    hand-level table a table of its own (``as_unkeyed_store``), and the later migrations not applied. Opening it
    again migrates it."""
    from badugi.analytics.tables.hands import HAND_PLAYERS

    assert HAND_PLAYERS.flags is not None and version < HAND_PLAYERS.flags.since
    columns = ", ".join(f'"{c.name}"' for c in HAND_PLAYERS.columns if c.since <= version)
    con.execute(f"CREATE TABLE hand_players_plain AS SELECT {columns} FROM hand_players")
    con.execute("DROP VIEW hand_players")
    con.execute(f"DROP TABLE {HAND_PLAYERS.stored_name}")
    as_unkeyed_store(con)
    con.execute("ALTER TABLE hand_players_plain RENAME TO hand_players")
    con.execute(f"DELETE FROM schema_version WHERE version > {version}")


def as_flags_store(con: duckdb.DuckDBPyConnection) -> None:
    """Make a store look as a badugi of version 8 left it: ``hand_players_stored`` with the flags but each
    street action count in a column of its own (not fields: ``declare.Fields``), keyed by the hand key (every
    hand-level table: ``as_unkeyed_store``). Opening it again migrates it."""
    from badugi.analytics.tables.hands import HAND_PLAYERS

    assert HAND_PLAYERS.flags is not None and HAND_PLAYERS.fields is not None
    as_version_11_store(con)  # (its closed columns as text)
    stored = HAND_PLAYERS.stored_name
    columns = ", ".join(f'"{name}"' for name, _ in HAND_PLAYERS.stored_columns(8))
    view = HAND_PLAYERS.view_sql(10).replace(" FROM ", ', x."flags", x."flags_known" FROM ', 1)
    con.execute(view.replace("VIEW hand_players AS", "VIEW hand_players_all AS"))
    con.execute(f"CREATE TABLE hand_players_v8 AS SELECT {columns} FROM hand_players_all")
    con.execute("DROP VIEW hand_players_all")
    con.execute("DROP VIEW hand_players")
    con.execute(f"DROP TABLE {stored}")
    as_unkeyed_store(con)
    con.execute(f"ALTER TABLE hand_players_v8 RENAME TO {stored}")
    con.execute(HAND_PLAYERS.view_sql(8))
    con.execute("DELETE FROM schema_version WHERE version > 8")


def as_unkeyed_store(con: duckdb.DuckDBPyConnection) -> None:
    """Every hand-level table but ``hand_players`` a table of its declared columns again, keyed by the hand key
    as before version 10 (``declare.Keyed``); ``hand_players`` is the caller's."""
    from badugi.analytics.tables import DECLARED
    from badugi.analytics.tables.hands import HAND_PLAYERS, HANDS

    for table in reversed(DECLARED):  # the children first: their views join hands' stored table
        if table.keyed is None or table is HAND_PLAYERS:
            continue
        con.execute(f"CREATE TABLE {table.name}_plain AS SELECT * FROM {table.name}")
        con.execute(f"DROP VIEW {table.name}")
        con.execute(f"DROP TABLE {table.stored_name}")
        con.execute(f"ALTER TABLE {table.name}_plain RENAME TO {table.name}")
    assert HANDS.keyed is not None
    con.execute("CREATE UNIQUE INDEX hands_key ON hands (room, room_hand_id)")


def as_version_11_store(con: duckdb.DuckDBPyConnection) -> None:
    """Make a store look as a badugi of version 11 left it: its closed columns (``declare.Closed``) stored as
    VARCHAR and shown as they are by their views. Opening it again migrates it."""
    from badugi.analytics.tables import DECLARED

    for table in DECLARED:
        closed = [c for c in table.columns if c.closed is not None]
        for column in closed:
            con.execute(f'ALTER TABLE {table.stored_name} ALTER COLUMN "{column.name}" TYPE VARCHAR')
        if closed:
            con.execute(table.view_sql(11))
    con.execute("DELETE FROM schema_version WHERE version > 11")
