"""A table is declared once: a column added to a declaration is in the DDL, the migration that adds it to
an older database, the import's rows and the reader, with nothing else edited. A declaration that could
not work fails when it is made, naming the column."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import duckdb
import pytest

from badugi.analytics import schema
from badugi.analytics.columnar import built_arrays
from badugi.analytics.declare import BIGINT, BOOLEAN, INTEGER, VARCHAR, Column, Const, Source, Table, rebuild
from badugi.analytics.rows import Columns, add_hand
from badugi.analytics.tables import DECLARED
from badugi.analytics.tables.events import ACTION, ACTIONS, COLLECT, COLLECTS
from badugi.analytics.tables.hands import FACTS, HAND, HAND_PLAYERS, HANDS, SEAT
from badugi.engine.record import Fold, Hand, Seat, TimeFlag, Tournament
from badugi.engine.replay import replay
from tests.analytics.store_fixtures import heads_up_hand

NEXT = schema.SCHEMA_VERSION + 1


def _with_columns(table: Table, *columns: Column) -> Table:
    return dataclasses.replace(table, columns=(*table.columns, *columns))


def test_a_column_added_to_one_declaration_is_in_the_ddl_the_migration_the_rows_and_the_reader(tmp_path: Path) -> None:
    # the one edit: a stat the replay derives but the store did not keep, and a seat field it did not keep
    players = _with_columns(HAND_PLAYERS, Column("starting_stack", BIGINT, FACTS("starting_stack"), since=NEXT),
                            Column("seat_note", VARCHAR, SEAT("note"), since=NEXT))
    tables = tuple(players if table is HAND_PLAYERS else table for table in DECLARED)

    assert '"starting_stack" BIGINT, "seat_note" VARCHAR)' in players.create_sql(NEXT)
    assert "starting_stack" not in players.create_sql(NEXT - 1)
    migrations = schema.migrations(tables)
    assert len(migrations) == NEXT
    assert migrations[-1].description == f"Version {NEXT}: hand_players gain starting_stack, seat_note."

    # a database at today's version gains both columns, last, as a fresh one made with them has them
    con = duckdb.connect(str(tmp_path / "old.duckdb"))
    schema.migrate(con)
    schema.apply_migration(con, NEXT, migrations[-1], tables)
    fresh = duckdb.connect()
    for version, migration in enumerate(migrations, start=1):
        schema.apply_migration(fresh, version, migration, tables)
    described = [row[0] for row in con.execute("DESCRIBE hand_players").fetchall()]
    assert described == [row[0] for row in fresh.execute("DESCRIBE hand_players").fetchall()] == players.names
    assert schema.missing_columns(con, tables) == []

    # the import's rows: the flat sources the row builder gives every hand_players row
    hand = dataclasses.replace(heads_up_hand(), seats=(Seat(1, "Hero", 500, note="moved from table 2"),
                                                       Seat(2, "Villain", 700)))
    columns = Columns()
    add_hand(columns, hand, replay(hand))
    arrays = dict(zip([name for name, _ in players.batch_columns],  # (no hand key: it comes from hands)
                      built_arrays(players, columns.rows["hand_players"], len(players.sources) + 1)))
    assert arrays["starting_stack"].to_pylist() == [500, 700]
    assert arrays["seat_note"].to_pylist() == ["moved from table 2", None]

    # the reader: the seat field goes back into the Seat it came from
    row = {"seat": 1, "player": "Hero", "stack": 500, "sitting_out": False, "seat_note": "moved from table 2"}
    assert rebuild(Seat, players.back(SEAT), row) == Seat(1, "Hero", 500, note="moved from table 2")


def test_a_boolean_column_added_to_a_table_with_flags_is_its_next_bit(tmp_path: Path) -> None:
    """``hand_players`` ' booleans are bits (``declare.Flags``): a BOOLEAN column added is the next bit of the
    batch's flags, the migration adds no stored column, only the view's, NULL on the rows stored before."""
    players = _with_columns(HAND_PLAYERS, Column("stole", BOOLEAN, FACTS("steal"), since=NEXT))
    tables = tuple(players if table is HAND_PLAYERS else table for table in DECLARED)
    bit = len(HAND_PLAYERS.flag_columns)
    assert players.flag_mask("stole") == 1 << bit and players.batch_columns == HAND_PLAYERS.batch_columns

    con = duckdb.connect(str(tmp_path / "old.duckdb"))
    schema.migrate(con)
    con.execute("INSERT INTO hands_stored (room, room_hand_id, hand) VALUES ('r', '1', 0)")
    con.execute("INSERT INTO hand_players_stored (hand, seat, flags, flags_known) VALUES (0, 1, 2, 3)")
    stored = con.execute("DESCRIBE hand_players_stored").fetchall()
    schema.apply_migration(con, NEXT, schema.migrations(tables)[-1], tables)
    assert con.execute("DESCRIBE hand_players_stored").fetchall() == stored
    assert [row[0] for row in con.execute("DESCRIBE hand_players").fetchall()] == players.names
    assert con.execute("SELECT sitting_out, is_hero, replayed, stole FROM hand_players").fetchall() == [
        (False, True, None, None)]

    hand = heads_up_hand()
    columns = Columns()
    add_hand(columns, hand, replay(hand))
    arrays = dict(zip([name for name, _ in players.batch_columns],  # (no hand key: it comes from hands)
                      built_arrays(players, columns.rows["hand_players"], len(players.sources) + 1)))
    steal = HAND_PLAYERS.flag_mask("steal")
    flags, known = arrays["flags"].to_pylist(), arrays["flags_known"].to_pylist()
    assert [bool(f & 1 << bit) for f in flags] == [bool(f & steal) for f in flags]
    assert all(k == (1 << bit + 1) - 1 for k in known)  # every flag known


def test_the_reader_builds_nested_records_and_leaves_an_unstored_one_out() -> None:
    row = {"room": "pokerstars", "room_hand_id": "7", "file": "f.txt", "line": 3, "byte_offset": 40, "game": "badugi",
           "limit_type": "fl", "currency": "CHIPS", "small_bet": 20, "big_bet": 40, "small_blind": 10,
           "big_blind": 20, "ante": None, "table_name": "T 1", "max_seats": 9, "button": 2, "start_time": None,
           "time_zone": None, "tournament_id": None, "tournament_level": None, "buy_in": None, "club": None,
           "hero": "Hero", "cancelled": False, "partial": True, "claimed_total_pot": 90, "claimed_main_pot": 60,
           "claimed_side_pots": "20 10", "claimed_rake": None, "time_flag": "ambiguous"}
    hand = rebuild(Hand, HANDS.back(HAND), row)
    assert hand.time_flag is TimeFlag.AMBIGUOUS
    assert (hand.source.file, hand.source.line, hand.source.offset) == ("f.txt", 3, 40)
    assert (hand.stakes.small_bet, hand.stakes.ante, hand.limit.value) == (20, None, "fl")
    assert hand.tournament is None  # every tournament column NULL: a cash hand
    assert (hand.claims.main_pot, hand.claims.side_pots, hand.partial) == (60, (20, 10), True)
    with_level = rebuild(Hand, HANDS.back(HAND), {**row, "tournament_id": "42", "tournament_level": "II"})
    assert with_level.tournament == Tournament("42", "II")


def test_a_new_column_among_older_ones_is_refused() -> None:
    new = Column("early_stat", BOOLEAN, FACTS("vpip"), since=NEXT)
    with pytest.raises(ValueError, match=f"early_stat .since {NEXT}. is declared before pfr .since 1."):
        dataclasses.replace(HAND_PLAYERS, columns=(*HAND_PLAYERS.columns[:11], new, *HAND_PLAYERS.columns[11:]))


def test_a_version_that_adds_nothing_is_refused() -> None:
    skipped = _with_columns(HANDS, Column("far_future", INTEGER, HAND("max_seats"), since=NEXT + 1))
    with pytest.raises(ValueError, match=f"schema version {NEXT} adds no column"):
        schema.migrations(tuple(skipped if table is HANDS else table for table in DECLARED))


def test_a_column_forgotten_by_the_migrations_is_named_when_the_database_opens(tmp_path: Path) -> None:
    # every collects column is from version 1, so a new one left at since 1 is not caught by the order
    forgotten = _with_columns(COLLECTS, Column("forgotten", INTEGER, COLLECT("amount")))
    con = duckdb.connect(str(tmp_path / "t.duckdb"))
    schema.migrate(con)
    assert schema.missing_columns(con, (forgotten,)) == ["collects.forgotten"]


def test_declarations_that_cannot_work_fail_when_made() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        _with_columns(HANDS, Column("room", VARCHAR, HAND("room")))
    with pytest.raises(ValueError, match="reads facts, not one of its sources"):
        _with_columns(HANDS, Column("vpip", BOOLEAN, FACTS("vpip"), since=NEXT))
    with pytest.raises(ValueError, match="Stakes has no field 'smal_bet'"):
        _with_columns(HANDS, Column("typo", BIGINT, HAND("stakes.smal_bet"), since=NEXT))
    with pytest.raises(ValueError, match="StreetActions has no field 'bet'"):
        _with_columns(HAND_PLAYERS, Column("bet_1", BIGINT, FACTS("streets.0.bet"), since=NEXT))
    with pytest.raises(ValueError, match="Fold has no field 'amount' .path amount. .a variant declares its own"):
        dataclasses.replace(ACTIONS, columns=(*ACTIONS.columns, Column("again", BIGINT, ACTION("amount"), since=NEXT)))
    with pytest.raises(ValueError, match="names no such column"):
        dataclasses.replace(ACTIONS, variants={**ACTIONS.variants, Fold: {"nope": Const(1)}})
    orphan = Source("orphan")
    with pytest.raises(ValueError, match="reads orphan"):
        Table("t", columns=(Column("x", INTEGER, orphan()),), sources=(), order_by="x")
