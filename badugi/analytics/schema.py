"""The store's tables, declared once: DuckDB DDL and the Arrow schemas of the import batches both come
from ``TABLES``, so a column cannot exist on one side only.

Every hand-level row is keyed by ``(room, room_hand_id)``. Money is integer minor units, cards are room
notation text (``"As 2d 3h 4c"``), lines are 1-based file lines and offsets are byte offsets in the file.
Schema changes are forward migrations: append a function to ``MIGRATIONS``, never edit an applied one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pyarrow as pa

if TYPE_CHECKING:  # the import workers use these tables' shapes without loading DuckDB
    import duckdb

_ARROW = {
    "VARCHAR": pa.string(),
    "BIGINT": pa.int64(),
    "INTEGER": pa.int32(),
    "SMALLINT": pa.int16(),
    "BOOLEAN": pa.bool_(),
    "DOUBLE": pa.float64(),
    "TIMESTAMP": pa.timestamp("us"),
    "VARCHAR[]": pa.list_(pa.string()),
    "BIGINT[]": pa.list_(pa.int64()),
}

HAND_KEY = ("room", "room_hand_id")

DRAW_PLAY_COLUMNS: tuple[tuple[str, str], ...] = (
    ("decided", "BOOLEAN"), ("pat_known", "BOOLEAN"), ("snowed", "BOOLEAN"), ("held_badugi", "BOOLEAN"),
    ("broke_badugi", "BOOLEAN"), ("bet_called", "BOOLEAN"), ("bet_fewer", "BOOLEAN"), ("faced_pat", "BOOLEAN"),
    ("fold_to_pat", "BOOLEAN"),
)
"""``hand_players`` columns added by migration 2 (NULL on rows imported before it: re-import to fill)."""

# name -> ((column, DuckDB type), ...). Column order is the stored order.
TABLES: dict[str, tuple[tuple[str, str], ...]] = {
    # one row per hand the room wrote and the reader read as Badugi
    "hands": (
        ("room", "VARCHAR"), ("room_hand_id", "VARCHAR"),
        ("file", "VARCHAR"), ("line", "BIGINT"), ("byte_offset", "BIGINT"),
        ("game", "VARCHAR"), ("limit_type", "VARCHAR"), ("currency", "VARCHAR"),
        ("small_bet", "BIGINT"), ("big_bet", "BIGINT"), ("small_blind", "BIGINT"), ("big_blind", "BIGINT"),
        ("ante", "BIGINT"),
        ("table_name", "VARCHAR"), ("max_seats", "INTEGER"), ("button", "INTEGER"),
        ("start_time", "TIMESTAMP"), ("time_zone", "VARCHAR"),
        ("tournament_id", "VARCHAR"), ("tournament_level", "VARCHAR"), ("buy_in", "VARCHAR"), ("club", "VARCHAR"),
        ("hero", "VARCHAR"), ("cancelled", "BOOLEAN"), ("partial", "BOOLEAN"),
        ("players", "INTEGER"),  # seated players not sitting out
        ("claimed_total_pot", "BIGINT"), ("claimed_main_pot", "BIGINT"), ("claimed_side_pots", "VARCHAR"),
        ("claimed_rake", "BIGINT"),
        # replay (NULL when the hand could not be replayed)
        ("replayed", "BOOLEAN"), ("derived_total_pot", "BIGINT"), ("derived_rake", "BIGINT"),
        ("showdown", "BOOLEAN"), ("ended_street", "SMALLINT"),
        ("violations", "INTEGER"), ("undetermined", "INTEGER"),
        # schema version 3: the log claims no collected amounts, so the pots, the rake and every net
        # are the rules' awards (NULL on rows imported before it: re-import to fill)
        ("awards_derived", "BOOLEAN"),
        # schema version 5: why start_time is a guess or unknown (``record.TimeFlag``: ambiguous,
        # nonexistent, unknown_zone, no_zone, clocks_disagree); NULL: exact, or imported before it
        ("time_flag", "VARCHAR"),
    ),
    # one row per seated player per hand: the seat line plus the replay's per hand-player facts (DESIGN §6)
    "hand_players": (
        ("room", "VARCHAR"), ("room_hand_id", "VARCHAR"),
        ("seat", "INTEGER"), ("player", "VARCHAR"), ("stack", "BIGINT"), ("sitting_out", "BOOLEAN"),
        ("is_hero", "BOOLEAN"),
        ("claimed_collected", "BIGINT"),  # sum of the room's collect lines for this player
        ("replayed", "BOOLEAN"),  # the facts below come from the replay (False: a player the replay left out)
        ("position", "VARCHAR"),  # BTN, CO, HJ, ..., SB, BB
        # pre-draw: *_opp is the opportunity, the plain name whether it was taken
        ("vpip", "BOOLEAN"), ("pfr", "BOOLEAN"), ("rfi_opp", "BOOLEAN"), ("rfi", "BOOLEAN"), ("limp", "BOOLEAN"),
        ("three_bet_opp", "BOOLEAN"), ("three_bet", "BOOLEAN"),
        ("fold_to_3bet_opp", "BOOLEAN"), ("fold_to_3bet", "BOOLEAN"),
        ("steal_opp", "BOOLEAN"), ("steal", "BOOLEAN"), ("fold_to_steal_opp", "BOOLEAN"), ("fold_to_steal", "BOOLEAN"),
        # draws: cards drawn at draw N (NULL: did not reach it), stood pat, saw draw N
        ("drawn_1", "SMALLINT"), ("drawn_2", "SMALLINT"), ("drawn_3", "SMALLINT"),
        ("stood_pat_1", "BOOLEAN"), ("stood_pat_2", "BOOLEAN"), ("stood_pat_3", "BOOLEAN"),
        ("saw_draw_1", "BOOLEAN"), ("saw_draw_2", "BOOLEAN"), ("saw_draw_3", "BOOLEAN"),
        ("went_to_showdown", "BOOLEAN"), ("won_at_showdown", "BOOLEAN"), ("won", "BOOLEAN"), ("all_in", "BOOLEAN"),
        ("folded_street", "SMALLINT"),
        # money, minor units
        ("invested", "BIGINT"), ("collected", "BIGINT"), ("net", "BIGINT"), ("rake_share", "BIGINT"),
        # action counts in the rounds after draw 1, 2, 3
        ("bets_1", "SMALLINT"), ("raises_1", "SMALLINT"), ("calls_1", "SMALLINT"), ("checks_1", "SMALLINT"),
        ("folds_1", "SMALLINT"),
        ("bets_2", "SMALLINT"), ("raises_2", "SMALLINT"), ("calls_2", "SMALLINT"), ("checks_2", "SMALLINT"),
        ("folds_2", "SMALLINT"),
        ("bets_3", "SMALLINT"), ("raises_3", "SMALLINT"), ("calls_3", "SMALLINT"), ("checks_3", "SMALLINT"),
        ("folds_3", "SMALLINT"),
        # draw play (schema version 2): had a pre-draw decision; pats and snows with known cards; a known
        # badugi held before a draw and broken; bet/raise called and with fewer cards drawn than every
        # caller; faced a bet from a player who stood pat at that draw and folded to it
        *DRAW_PLAY_COLUMNS,
    ),
    # betting actions and posts, in log order
    "actions": (
        ("room", "VARCHAR"), ("room_hand_id", "VARCHAR"), ("seq", "INTEGER"), ("line", "BIGINT"),
        ("street", "SMALLINT"), ("player", "VARCHAR"),
        ("action", "VARCHAR"),  # post, fold, check, call, bet, raise
        ("post_kind", "VARCHAR"),  # sb, bb, dead_sb, both, extra, ante for posts
        ("amount", "BIGINT"),  # as written: post/bet/call amount, raise increment
        ("raise_to", "BIGINT"), ("is_total", "BOOLEAN"), ("all_in", "BOOLEAN"),
    ),
    # one row per draw declaration, joined with the replacement deal the room wrote for it
    "draws": (
        ("room", "VARCHAR"), ("room_hand_id", "VARCHAR"), ("seq", "INTEGER"), ("line", "BIGINT"),
        ("draw", "SMALLINT"), ("player", "VARCHAR"), ("count", "SMALLINT"), ("stood_pat", "BOOLEAN"),
        ("discards", "VARCHAR"), ("held", "VARCHAR"), ("kept", "VARCHAR"), ("new_cards", "VARCHAR"),
        ("new_hand", "VARCHAR"), ("deal_line", "BIGINT"),
    ),
    # a player's holding per round: 0 = dealt, 1..3 = after draw N, 4 = shown. Never overwritten.
    "holdings": (
        ("room", "VARCHAR"), ("room_hand_id", "VARCHAR"), ("player", "VARCHAR"), ("round", "SMALLINT"),
        ("cards", "VARCHAR"), ("known", "SMALLINT"),  # how many of the four cards are known
    ),
    # shows and mucks, with the room's label (a claim) and the evaluator's
    "showdowns": (
        ("room", "VARCHAR"), ("room_hand_id", "VARCHAR"), ("seq", "INTEGER"), ("line", "BIGINT"),
        ("player", "VARCHAR"), ("shown", "BOOLEAN"), ("cards", "VARCHAR"),
        ("claimed_label", "VARCHAR"),
        ("derived_class", "SMALLINT"), ("derived_label", "VARCHAR"),  # evaluator: 1 (A-2-3-4) .. 1092; label

    ),
    # the room's collect lines (claims) ...
    "collects": (
        ("room", "VARCHAR"), ("room_hand_id", "VARCHAR"), ("seq", "INTEGER"), ("line", "BIGINT"),
        ("player", "VARCHAR"), ("pot", "VARCHAR"), ("amount", "BIGINT"),
    ),
    # ... and the pots the replay derived (0 = main, 1.. = side pots in creation order)
    "pots": (
        ("room", "VARCHAR"), ("room_hand_id", "VARCHAR"), ("pot_index", "SMALLINT"), ("amount", "BIGINT"),
        ("eligible", "VARCHAR[]"), ("winners", "VARCHAR[]"),  # winners NULL: hidden cards decide it
        ("paid_players", "VARCHAR[]"), ("paid_amounts", "BIGINT[]"),
    ),
    "violations": (
        ("room", "VARCHAR"), ("room_hand_id", "VARCHAR"), ("code", "VARCHAR"), ("line", "BIGINT"),
        ("expected", "VARCHAR"), ("found", "VARCHAR"), ("message", "VARCHAR"),
        ("undetermined", "BOOLEAN"),  # a check hidden cards made undecidable: only code (the check's name)
    ),
    # text the readers could not read: kept whole so nothing is lost
    "rejects": (
        ("file", "VARCHAR"), ("line", "BIGINT"), ("byte_offset", "BIGINT"), ("code", "VARCHAR"),
        ("room", "VARCHAR"), ("room_hand_id", "VARCHAR"), ("col", "INTEGER"), ("message", "VARCHAR"),
        ("expected", "VARCHAR"), ("raw", "VARCHAR"),
    ),
    # hands recognised but not read (other games), one row each; counts per file and reason are a view
    "skipped": (
        ("file", "VARCHAR"), ("line", "BIGINT"), ("byte_offset", "BIGINT"), ("room", "VARCHAR"),
        ("room_hand_id", "VARCHAR"), ("reason", "VARCHAR"),
    ),
    # import progress and accounting per file: bytes/lines consumed and a hash of that prefix
    "files": (
        ("path", "VARCHAR"), ("size", "BIGINT"), ("bytes_read", "BIGINT"), ("lines_read", "BIGINT"),
        ("prefix_hash", "VARCHAR"), ("hands_read", "BIGINT"), ("hands_stored", "BIGINT"),
        ("duplicates", "BIGINT"), ("skipped", "BIGINT"), ("rejects", "BIGINT"), ("violations", "BIGINT"),
        ("rewrites", "INTEGER"),  # times the already-read prefix changed and the file was read again
        ("skip_reason", "VARCHAR"),  # why the whole file holds no hand (a tournament summary, ...), else NULL
        ("note", "VARCHAR"),  # something said once about the file (read as cp1252, ...)
    ),
}

# tables whose rows belong to one hand; written only for hands not stored before
HAND_TABLES = ("hands", "hand_players", "actions", "draws", "holdings", "showdowns", "collects", "pots",
               "violations")
# tables whose rows belong to a place in a file
FILE_TABLES = ("rejects", "skipped")

# a stable order for comparing and exporting tables
ORDER_BY: dict[str, str] = {
    "hands": "room, room_hand_id",
    "hand_players": "room, room_hand_id, seat, player",
    "actions": "room, room_hand_id, seq",
    "draws": "room, room_hand_id, seq",
    "holdings": "room, room_hand_id, player, round",
    "showdowns": "room, room_hand_id, seq",
    "collects": "room, room_hand_id, seq",
    "pots": "room, room_hand_id, pot_index",
    "violations": "room, room_hand_id, line, code, expected, found",
    "rejects": "file, byte_offset",
    "skipped": "file, byte_offset",
    "files": "path",
}


def arrow_schema(table: str) -> pa.Schema:
    """The Arrow schema of one table's batch rows."""
    return pa.schema([(name, _ARROW[kind]) for name, kind in TABLES[table]])


def column_names(table: str) -> list[str]:
    return [name for name, _ in TABLES[table]]


def _create_table_sql(table: str) -> str:
    columns = ", ".join(f'"{name}" {kind}' for name, kind in TABLES[table])
    return f"CREATE TABLE {table} ({columns})"


def _migration_1(con: duckdb.DuckDBPyConnection) -> None:
    """Version 1: every table, the primary keys that make re-imports idempotent, and the summary views."""
    for table in TABLES:
        con.execute(_create_table_sql(table))
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


def _migration_2(con: duckdb.DuckDBPyConnection) -> None:
    """Version 2: hand_players gain the draw-play facts (pre-draw decision, snows, broken badugis, bets
    with fewer cards drawn, folds to a pat bettor)."""
    for name, kind in DRAW_PLAY_COLUMNS:
        con.execute(f'ALTER TABLE hand_players ADD COLUMN IF NOT EXISTS "{name}" {kind}')


def _migration_3(con: duckdb.DuckDBPyConnection) -> None:
    """Version 3: files gain the reason a whole file was skipped and a note (read as cp1252, ...)."""
    con.execute('ALTER TABLE files ADD COLUMN IF NOT EXISTS "skip_reason" VARCHAR')
    con.execute('ALTER TABLE files ADD COLUMN IF NOT EXISTS "note" VARCHAR')


def _migration_4(con: duckdb.DuckDBPyConnection) -> None:
    """Version 4: hands gain awards_derived (no collect claims: the rules awarded the pots)."""
    con.execute('ALTER TABLE hands ADD COLUMN IF NOT EXISTS "awards_derived" BOOLEAN')


def _migration_5(con: duckdb.DuckDBPyConnection) -> None:
    """Version 5: hands gain time_flag (the start time is a daylight-saving guess or unknown, and why)."""
    con.execute('ALTER TABLE hands ADD COLUMN IF NOT EXISTS "time_flag" VARCHAR')


Migration = Callable[["duckdb.DuckDBPyConnection"], None]

MIGRATIONS: tuple[Migration, ...] = (_migration_1, _migration_2, _migration_3, _migration_4, _migration_5)
"""Applied in order; the store's version is how many have run. Append only."""

SCHEMA_VERSION = len(MIGRATIONS)


def current_version(con: duckdb.DuckDBPyConnection) -> int:
    """The database's schema version (0 for a fresh file)."""
    con.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER, description VARCHAR)")
    version = con.execute("SELECT max(version) FROM schema_version").fetchall()[0][0]
    return int(version) if version is not None else 0


def migrate(con: duckdb.DuckDBPyConnection) -> int:
    """Apply every migration the database has not seen, each in its own transaction; return the version."""
    version = current_version(con)
    if version > SCHEMA_VERSION:
        from badugi.errors import BadInput

        raise BadInput(f"database schema version {version} is newer than this badugi ({SCHEMA_VERSION})")
    for number, migration in enumerate(MIGRATIONS[version:], start=version + 1):
        con.execute("BEGIN TRANSACTION")
        try:
            migration(con)
            con.execute("INSERT INTO schema_version VALUES (?, ?)",
                        [number, (migration.__doc__ or "").strip().splitlines()[0]])
            con.execute("COMMIT")
        except Exception:
            con.execute("ROLLBACK")
            raise
    return SCHEMA_VERSION
