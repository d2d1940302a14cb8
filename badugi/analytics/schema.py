"""The store's schema, derived from the table declarations (``analytics/tables``): the DuckDB DDL,
the Arrow schemas of the import batches, and the forward migrations.

Each column declares the schema version that added it (``Column.since``). Migration N creates the
tables new in version N and adds the columns declared ``since=N`` to the tables databases already
have; a version that only adds columns needs no code here (its description is made from the columns).
Schema changes are forward only: never edit an applied migration, never change a column's ``since``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pyarrow as pa

from badugi.analytics.declare import BOOLEAN, HAND_NUMBER, Column, Table
from badugi.analytics.tables import BY_NAME, DECLARED
from badugi.analytics.tables.hands import HAND_PLAYERS, HANDS

if TYPE_CHECKING:  # the import workers use these tables' shapes without loading DuckDB
    import duckdb

HAND_KEY = ("room", "room_hand_id")

TABLES: dict[str, tuple[tuple[str, str], ...]] = {
    table.name: tuple((c.name, c.kind.sql) for c in table.columns) for table in DECLARED}
"""name -> ((column, DuckDB type), ...), in stored order (derived from the declarations)."""

DRAW_PLAY_COLUMNS: tuple[tuple[str, str], ...] = tuple((c.name, c.kind.sql) for c in HAND_PLAYERS.columns
                                                       if c.since == 2)
"""``hand_players`` columns added by migration 2 (NULL on rows imported before it: re-import to fill)."""

# tables whose rows belong to one hand; written only for hands not stored before
HAND_TABLES = tuple(table.name for table in DECLARED if table.per_hand)
# tables whose rows belong to a place in a file
FILE_TABLES = tuple(table.name for table in DECLARED if table.per_file)

ORDER_BY: dict[str, str] = {table.name: table.order_by for table in DECLARED}
"""A stable order for comparing and exporting tables."""


def arrow_schema(table: str) -> pa.Schema:
    """The Arrow schema of one table's columns (an import batch's own: ``Table.batch_schema``)."""
    return BY_NAME[table].arrow_schema()


def column_names(table: str) -> list[str]:
    return BY_NAME[table].names


def _keys_and_views(con: duckdb.DuckDBPyConnection) -> None:
    con.execute("CREATE UNIQUE INDEX hands_key ON hands (room, room_hand_id)")
    con.execute("CREATE UNIQUE INDEX files_key ON files (path)")
    con.execute(
        "CREATE VIEW skipped_by_reason AS SELECT file, reason, count(*) AS hands FROM skipped "
        "GROUP BY file, reason"
    )
    con.execute(
        "CREATE VIEW violations_by_code AS SELECT code, undetermined, count(*) AS n, "
        "count(DISTINCT (room, room_hand_id)) AS hands FROM violations GROUP BY code, undetermined"
    )


def _tournament_hands(con: duckdb.DuckDBPyConnection) -> None:
    con.execute(
        "CREATE OR REPLACE VIEW tournament_hands AS SELECT t.file, t.byte_offset, h.room, h.room_hand_id "
        "FROM tournaments t JOIN hands h ON h.room = t.room AND h.tournament_id = t.tournament_id"
    )


def _hand_numbers(con: duckdb.DuckDBPyConnection) -> None:
    """Version 10: the hand key's index on ``hands`` ' stored table (dropped with the plain table)."""
    con.execute(f"CREATE UNIQUE INDEX IF NOT EXISTS hands_key ON {HANDS.stored_name} (room, room_hand_id)")


def _no_hand_key_index(con: duckdb.DuckDBPyConnection) -> None:
    """Version 11: ``hands`` ' stored table without the unique index on the hand key. The writer never relied on
    it: it stores only the hands it does not hold (``Store._new_hands``: an equality semi-join on the key, which
    DuckDB runs on the table's zone maps, and each hand's first copy in a batch), so the index only checked again
    what was checked, row by row. Keeping it up cost the importing process ~8.4k instructions a hand of DuckDB's
    write (callgrind, the write path of a 2-job import's commits of 20,000 mixed-corpus hands less 200: 141.3k ->
    132.9k a hand, ART inserts into the transaction's index and again into the table's at the commit), its keys
    were written at every checkpoint (the 20,000-hand file 14.0 -> 12.8 MB) and held in memory while the store
    was open."""
    con.execute("DROP INDEX IF EXISTS hands_key")


def _closed_columns(con: duckdb.DuckDBPyConnection, version: int = 12) -> None:
    """Version 12: the closed columns (``declare.Closed``) stored as ENUMs, their views giving them back as text."""
    for table in DECLARED:
        closed = [c for c in table.columns if c.closed is not None and c.closed.since == version]
        for column in closed:
            con.execute(f'ALTER TABLE {table.stored_name} ALTER COLUMN "{column.name}" TYPE {column.stored_sql(version)}')
        if closed:
            con.execute(table.view_sql(version))


@dataclass(frozen=True)
class Migration:
    """One schema version: its description (kept in ``schema_version``) and what it does besides creating
    the tables and adding the columns declared with its number."""

    description: str
    also: Callable[[duckdb.DuckDBPyConnection], None] | None = None


_WRITTEN: tuple[Migration, ...] = (
    Migration("Version 1: every table, the primary keys that make re-imports idempotent, and the summary views.",
              _keys_and_views),
    # (the draw-play facts: pre-draw decision, snows, broken badugis, bets with fewer cards drawn, folds to
    # a pat bettor; the description is the first line of what version 2 wrote, as stored since)
    Migration("Version 2: hand_players gain the draw-play facts (pre-draw decision, snows, broken badugis, bets"),
    Migration("Version 3: files gain the reason a whole file was skipped and a note (read as cp1252, ...)."),
    Migration("Version 4: hands gain awards_derived (no collect claims: the rules awarded the pots)."),
    Migration("Version 5: hands gain time_flag (the start time is a daylight-saving guess or unknown, and why)."),
    # (tournaments, tournament_results and files.summaries are declared since=6; the view joins a summary
    # to its tournament's stored hands; the description is the first line of what version 6 wrote)
    Migration("Version 6: tournament summaries (tournaments, tournament_results, files.summaries) and the hands "
              "they", _tournament_hands),
    Migration("Version 7: hand_players gain ev_net, ev_net_se, ev_method."),
    # (the stored rows move to hand_players_stored; apply_migration packs them: declare.Flags)
    Migration("Version 8: hand_players' BOOLEAN columns stored as the bits of flags and flags_known "
              "(hand_players_stored; hand_players is a view of every column as before)."),
    # (the stored rows are packed again by apply_migration: declare.Fields)
    Migration("Version 9: hand_players' street action counts stored as fields of counts_0..counts_3 and "
              "counts_known (hand_players is a view of every column as before)."),
    # (the rows move to <table>_stored; apply_migration numbers them: declare.Keyed)
    Migration("Version 10: hand-level tables keyed by the hand's number (hand) in <table>_stored; hands keeps "
              "room and room_hand_id, the others' views join it (every column as before).", _hand_numbers),
    Migration("Version 11: hands_stored without the unique index on (room, room_hand_id): the writer stores only "
              "hands it does not hold (a semi-join on the key), the index checked it again row by row.",
              _no_hand_key_index),
    Migration("Version 12: closed text columns (actions.action and post_kind, hands.limit_type and time_flag, "
              "hand_players.ev_method) stored as ENUMs; the views give them back as VARCHAR.", _closed_columns),
)
"""Migrations with words of their own; later versions that only add declared columns need none. A later
version that also does something else (an index, a view) is written here, after one entry for each
version before it (an added-columns version is ``Migration("Version N: ...")``)."""


def _column_versions(tables: tuple[Table, ...]) -> dict[int, list[tuple[Table, Column]]]:
    found: dict[int, list[tuple[Table, Column]]] = {}
    for table in tables:
        for column in table.columns:
            found.setdefault(column.since, []).append((table, column))
    return found


def migrations(tables: tuple[Table, ...] = DECLARED,
               written: tuple[Migration, ...] = _WRITTEN) -> tuple[Migration, ...]:
    """Every version's migration: the written ones, then one per later version that declares columns.
    Raises on a version with neither (a ``since`` that skips a number)."""
    versions = _column_versions(tables)
    latest = max(len(written), *versions)
    out = list(written)
    for version in range(len(written) + 1, latest + 1):
        added = versions.get(version)
        if not added:
            raise ValueError(f"schema version {version} adds no column and has no migration: a new column's "
                             f"since is the next version ({len(out) + 1})")
        by_table: dict[str, list[str]] = {}
        for table, column in added:
            by_table.setdefault(table.name, []).append(column.name)
        out.append(Migration(f"Version {version}: " + "; ".join(
            f"{name} gain {', '.join(columns)}" for name, columns in by_table.items()) + "."))
    return tuple(out)


def apply_migration(con: duckdb.DuckDBPyConnection, version: int, migration: Migration,
                    tables: tuple[Table, ...] = DECLARED) -> None:
    """Create the tables first declared in ``version`` and add its columns to the others. A table whose
    flags, fields or hand number come in ``version`` (``declare.Flags``, ``declare.Fields``, ``declare.Keyed``)
    has its rows moved to its stored table as that version stores them (``_relay``) and becomes a view; once
    packed, a BOOLEAN column is a bit (no DDL) and the view is made again with the version's columns. (A
    migration may run again on a store that has them.)"""
    for table in tables:
        first = min(c.since for c in table.columns)
        if first == version:
            con.execute(table.create_sql(version))
            if table.viewed(version):
                con.execute(table.view_sql(version))
        elif first < version:
            added = [column for column in table.columns if column.since == version]
            if not added and not table.relaid(version):
                continue
            if table.relaid(version):
                _relay(con, table, version)
            present = _columns(con, table.stored_name) if table.stored_name != table.name else set()
            if not present:
                for column in added:
                    con.execute(f'ALTER TABLE {table.name} ADD COLUMN IF NOT EXISTS "{column.name}" {column.kind.sql}')
                continue
            # in the stored table: a flag is a bit, a count a field (no DDL)
            fields = table.fields is not None and table.fields.known in present
            for column in added:
                bit = table.flags is not None and table.flags.known in present and column.kind == BOOLEAN
                if not bit and not (fields and table.fields and column.name in table.fields.columns):
                    con.execute(f'ALTER TABLE {table.stored_name} ADD COLUMN IF NOT EXISTS "{column.name}" '
                                f'{column.kind.sql}')
            flags = table.flags is not None and table.flags.known in present
            con.execute(table.view_sql(version, fields, HAND_NUMBER in present, flags))
    if migration.also is not None:
        migration.also(con)


def _relay(con: duckdb.DuckDBPyConnection, table: Table, version: int) -> None:
    """Store ``table`` 's rows as ``version`` does: the stored table made anew, the rows of the old one (the
    plain table, or the stored one as the version before stored it, renamed) packed into it (only if any:
    planning the packing ``INSERT`` takes ~25 ms) and the old table dropped. Nothing to do where it was done."""
    stored = table.stored_name
    came = min(p.since for p in (table.flags, table.fields, table.keyed) if p is not None)
    if version == came:  # the rows leave the plain table
        if _has_table(con, stored):
            return
        old = table.name
    else:
        present = _columns(con, stored)
        needed = set()
        if table.fields is not None and table.fields.since == version:
            needed.add(table.fields.known)
        if table.keyed is not None and table.keyed.since == version:
            needed.add(HAND_NUMBER)
        if needed <= present:
            return
        old = f"{stored}_before_{version}"
        con.execute(f"DROP VIEW IF EXISTS {table.name}")
        con.execute(f"ALTER TABLE {stored} RENAME TO {old}")
    con.execute(table.create_sql(version))
    if con.execute(f"SELECT count(*) FROM (SELECT 1 FROM {old} LIMIT 1)").fetchall()[0][0]:
        con.execute(table.pack_sql(version, old))
    con.execute(f"DROP TABLE {old}")


def _columns(con: duckdb.DuckDBPyConnection, table: str) -> set[str]:
    """The column names of stored table ``table`` (none: no such table)."""
    return {row[0] for row in con.execute(
        "SELECT column_name FROM duckdb_columns() WHERE database_name = current_database() "
        "AND schema_name = 'main' AND table_name = ?", [table]).fetchall()}


def _has_table(con: duckdb.DuckDBPyConnection, name: str) -> bool:
    return bool(con.execute("SELECT count(*) FROM duckdb_tables() WHERE database_name = current_database() "
                            "AND schema_name = 'main' AND table_name = ?", [name]).fetchall()[0][0])


MIGRATIONS: tuple[Migration, ...] = migrations()
"""Applied in order; the store's version is how many have run. Append only."""

SCHEMA_VERSION = len(MIGRATIONS)


def current_version(con: duckdb.DuckDBPyConnection) -> int:
    """The database's schema version (0 for a fresh file)."""
    con.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER, description VARCHAR)")
    version = con.execute("SELECT max(version) FROM schema_version").fetchall()[0][0]
    return int(version) if version is not None else 0


def migrate(con: duckdb.DuckDBPyConnection, up_to: int = SCHEMA_VERSION) -> int:
    """Apply every migration the database has not seen, each in its own transaction; return the version.
    ``up_to``: stop at that version (a store as an older badugi made it: the tests' old stores)."""
    version = current_version(con)
    if version > SCHEMA_VERSION:
        from badugi.errors import BadInput

        raise BadInput(f"database schema version {version} is newer than this badugi ({SCHEMA_VERSION})")
    for number, migration in enumerate(MIGRATIONS[version:up_to], start=version + 1):
        con.execute("BEGIN TRANSACTION")
        try:
            apply_migration(con, number, migration)
            con.execute("INSERT INTO schema_version VALUES (?, ?)", [number, migration.description])
            con.execute("COMMIT")
        except Exception:
            con.execute("ROLLBACK")
            raise
    if up_to < SCHEMA_VERSION:
        return max(version, up_to)
    missing = missing_columns(con)
    if missing:
        from badugi.errors import BadInput

        raise BadInput(f"the database (schema version {SCHEMA_VERSION}) lacks declared columns: {', '.join(missing)}; "
                       "a column added to a table that databases already have needs the next schema version "
                       "as its since (analytics/tables)")
    return SCHEMA_VERSION


def missing_columns(con: duckdb.DuckDBPyConnection, tables: tuple[Table, ...] = DECLARED) -> list[str]:
    """``table.column`` for each declared column the database's tables lack."""
    present = set(con.execute("SELECT table_name, column_name FROM duckdb_columns() "
                              "WHERE database_name = current_database() AND schema_name = 'main'").fetchall())
    return [f"{table.name}.{column.name}" for table in tables for column in table.columns
            if (table.name, column.name) not in present]
