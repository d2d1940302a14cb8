"""The DuckDB store: schema and migrations, atomic batches, duplicates counted once, default location."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import duckdb
import polars as pl
import pyarrow as pa
import pytest

from badugi.analytics import schema
from badugi.analytics.importer import import_files
from badugi.analytics.store import ROW_GROUP_SIZE, FileState, Store, default_db_path, resolve_db_path
from badugi.analytics.stored_hands import load_hands
from badugi.analytics.tables import DECLARED
from badugi.engine.record import Hand, Seat, Tournament
from badugi.engine.replay import replay
from badugi.parsers.reader import read_hands
from badugi.errors import BadInput
from badugi.parsers.results import ParseFailure, Skipped
from store_fixtures import batch, folded_hand, heads_up_hand, progress


@pytest.fixture
def store(tmp_path: Path) -> Store:
    with Store(tmp_path / "db" / "t.duckdb") as opened:
        yield opened


def test_fresh_database_has_every_table_and_the_current_version(store: Store) -> None:
    tables = {r[0] for r in store.con.execute("SELECT table_name FROM information_schema.tables").fetchall()}
    assert set(schema.TABLES) | {"schema_version"} <= tables
    assert schema.current_version(store.con) == schema.SCHEMA_VERSION == len(schema.MIGRATIONS)


def test_reopening_does_not_migrate_again(tmp_path: Path) -> None:
    path = tmp_path / "t.duckdb"
    Store(path).close()
    with Store(path) as store:
        assert store.count("schema_version") == len(schema.MIGRATIONS)


def test_a_newer_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.duckdb"
    with Store(path) as store:
        store.con.execute("INSERT INTO schema_version VALUES (999, 'future')")
    with pytest.raises(BadInput, match="newer"):
        Store(path)


def test_one_hand_becomes_its_rows(store: Store) -> None:
    outcome = store.write_batch(batch(heads_up_hand()), progress())
    assert (outcome.hands_read, outcome.hands_stored, outcome.duplicates) == (1, 1, 0)
    hands = store.table("hands")
    assert hands.select("room", "room_hand_id", "claimed_total_pot", "claimed_rake", "players").row(0) == (
        "pokerstars", "1001", 100, 5, 2)
    # 2 posts + call, check, bet, call = 6 betting rows; 2 draws; 2 shows; 1 collect
    assert store.count("actions") == 6
    assert store.table("actions")["action"].to_list() == ["post", "post", "call", "check", "bet", "call"]
    draws = store.table("draws")
    assert draws.select("player", "count", "discards", "kept", "new_cards").rows() == [
        ("Villain", 2, None, None, None), ("Hero", 1, "9c", "As 2d 3h", "4c")]
    assert store.table("showdowns")["claimed_label"].to_list() == ["Badugi: 8,7,6,5", "Badugi: 4,3,2,A"]
    players = store.table("hand_players")
    assert players.select("player", "is_hero", "claimed_collected").rows() == [("Hero", True, 95), ("Villain", False, 0)]
    # the record gives Hero's holding dealt (0), after draw 1 and shown (4); Villain's shown only
    holdings = store.table("holdings").select("player", "round", "cards").rows()
    assert holdings == [("Hero", 0, "As 2d 3h 9c"), ("Hero", 1, "As 2d 3h 4c"), ("Hero", 4, "As 2d 3h 4c"),
                        ("Villain", 4, "5s 6d 7h 8c")]


def test_duplicates_are_counted_and_stored_once(store: Store) -> None:
    first = store.write_batch(batch(heads_up_hand(), heads_up_hand(file="b.txt"), folded_hand("7")), progress())
    assert (first.hands_read, first.hands_stored, first.duplicates) == (3, 2, 1)
    assert store.count("hands") == 2 and store.count("actions") == 6 + 3
    again = store.write_batch(batch(heads_up_hand(file="c.txt")), progress("c.txt"))
    assert (again.hands_stored, again.duplicates) == (0, 1)
    assert store.count("hands") == 2 and store.count("actions") == 9
    # the stored copy is the first one seen
    assert store.table("hands")["file"].to_list() == ["a.txt", "a.txt"]



def test_hands_keep_no_index_on_their_key_and_duplicates_are_still_stored_once(tmp_path: Path) -> None:
    """Version 11: ``hands`` ' stored table has no unique index on (room, room_hand_id), in a fresh store and in one
    migrated from version 10 (which had it); the writer's own check (a semi-join on the key) still stores a hand
    read again, in the same batch or a later one, once (``files`` keeps its index on the path)."""
    def indexes(store: Store) -> list[tuple[str, str]]:
        return store.con.execute("SELECT index_name, table_name FROM duckdb_indexes() "
                                 "WHERE database_name = current_database() ORDER BY 1").fetchall()

    old = tmp_path / "v10.duckdb"
    with duckdb.connect(str(old)) as con:
        schema.migrate(con, up_to=10)
        assert ("hands_key", "hands_stored") in con.execute("SELECT index_name, table_name FROM duckdb_indexes()").fetchall()
    for path in (tmp_path / "fresh.duckdb", old):
        with Store(path) as store:
            assert indexes(store) == [("files_key", "files")]
            first = store.write_batch(batch(heads_up_hand(), heads_up_hand(file="b.txt")), progress())
            again = store.write_batch(batch(heads_up_hand(file="c.txt"), folded_hand("7", file="c.txt")), progress("c.txt"))
            assert (first.hands_stored, first.duplicates, again.hands_stored, again.duplicates) == (1, 1, 1, 1)
            assert store.con.execute("SELECT room_hand_id, file FROM hands ORDER BY 1").fetchall() == [
                ("1001", "a.txt"), ("7", "c.txt")]

def test_file_progress_and_counters_accumulate(store: Store) -> None:
    skip = Skipped("pokerstars", "9", "a.txt", 50, 5000, "unsupported game: Triple Draw 2-7 Lowball")
    bad = ParseFailure("parse.unexpected", "pokerstars", "8", "a.txt", 60, 3, 6000, "boom", ("NAME",), "raw text")
    store.write_batch(batch(heads_up_hand(), skipped=(skip,), rejects=(bad,)), progress(end=500, lines=20))
    store.write_batch(batch(heads_up_hand(), folded_hand("2")), progress(end=900, lines=35))
    state = store.file_state("a.txt")
    assert state is not None
    assert (state.bytes_read, state.lines_read, state.size) == (900, 35, 900)
    assert (state.hands_read, state.hands_stored, state.duplicates, state.skipped, state.rejects) == (3, 2, 1, 1, 1)
    assert store.table("rejects").select("line", "code", "expected", "raw").row(0) == (60, "parse.unexpected", "NAME",
                                                                                         "raw text")
    by_reason = store.con.execute("SELECT * FROM skipped_by_reason").fetchall()
    assert by_reason == [("a.txt", "unsupported game: Triple Draw 2-7 Lowball", 1)]


def test_a_rewritten_file_forgets_its_file_rows(store: Store) -> None:
    skip = Skipped("pokerstars", "9", "a.txt", 50, 5000, "unsupported game")
    store.write_batch(batch(heads_up_hand(), skipped=(skip,)), progress(end=500))
    store.write_batch(batch(heads_up_hand(), skipped=(skip,)), progress(end=400, restart=True))
    state = store.file_state("a.txt")
    assert state is not None and state.rewrites == 1
    assert (state.bytes_read, state.hands_read, state.hands_stored, state.duplicates, state.skipped) == (400, 1, 0, 1, 1)
    assert store.count("skipped") == 1 and store.count("hands") == 1


def test_a_failing_batch_changes_nothing(store: Store) -> None:
    store.write_batch(batch(folded_hand("1")), progress(end=100))
    before = {name: store.table(name) for name in schema.TABLES}
    tables = batch(folded_hand("2"))
    # a table whose column cannot be cast makes the insert fail after the hands row went in
    tables["collects"] = tables["collects"].set_column(tables["collects"].schema.get_field_index("amount"), "amount",
                                                    pa.array(["x"], pa.string()))
    with pytest.raises(Exception):
        store.write_batch(tables, progress(end=200))
    for name in schema.TABLES:
        assert store.table(name).equals(before[name]), name
    assert store.file_state("a.txt").bytes_read == 100


def test_each_stored_hand_has_its_own_number_and_its_rows_carry_it(store: Store) -> None:
    """Hand-level rows are keyed by the hand's number (``declare.Keyed``): the writer numbers the hands it stores,
    across batches, duplicates, a failed batch and a store opened again, and the views give each row its hand
    key back; the stored tables keep the number only."""
    from badugi.analytics.tables import DECLARED

    store.write_batch(batch(folded_hand("1"), heads_up_hand("2")), progress(end=100))
    tables = batch(folded_hand("3"))
    tables["collects"] = tables["collects"].set_column(tables["collects"].schema.get_field_index("amount"), "amount",
                                                    pa.array(["x"], pa.string()))
    with pytest.raises(Exception):
        store.write_batch(tables, progress(end=200))
    store.write_batch(batch(folded_hand("1"), folded_hand("4"), folded_hand("4")), progress(end=300))
    path = store.path
    store.close()
    with Store(path) as again:
        again.write_batch(batch(heads_up_hand("5")), progress(end=400))
        numbers = again.con.execute("SELECT room_hand_id, hand FROM hands_stored ORDER BY hand").fetchall()
        assert [hand_id for hand_id, _ in numbers] == ["1", "2", "4", "5"]
        assert len({number for _, number in numbers}) == 4
        for table in DECLARED:
            if table.keyed is None or not table.keyed.child:
                continue
            stored = {row[0] for row in again.con.execute(f"DESCRIBE {table.stored_name}").fetchall()}
            assert "hand" in stored and not {"room", "room_hand_id"} & stored, table.name
            orphans = again.con.execute(f"SELECT count(*) FROM {table.stored_name} x ANTI JOIN hands_stored h "
                                        "ON h.hand = x.hand").fetchall()
            assert orphans == [(0,)], table.name
        assert again.con.execute("SELECT DISTINCT room_hand_id FROM actions ORDER BY 1").fetchall() == [
            ("1",), ("2",), ("4",), ("5",)]
        assert again.count("actions") == 3 + 6 + 3 + 6  # a folded hand: two posts and a fold; heads-up: six


def test_the_writer_closes_the_file_after_reopen_hands_and_goes_on(monkeypatch: pytest.MonkeyPatch,
                                                                    tmp_path: Path) -> None:
    """Once ``REOPEN_HANDS`` hands are stored since the file was opened, the writer closes it after the commit
    (DuckDB then lets go of the metadata of the row groups it appended): the file is free, so another
    connection can open it and sees every committed hand; the next batch opens it again and the hands go on
    being numbered and stored as before."""
    from badugi.analytics import store as store_module

    monkeypatch.setattr(store_module, "REOPEN_HANDS", 3)
    path = tmp_path / "r.duckdb"

    def file_is_free() -> bool:
        try:
            con = duckdb.connect(str(path), read_only=True)
        except duckdb.Error:  # DuckDB's lock on the file: the writer has it open
            return False
        con.close()
        return True

    with Store(path) as store:
        store.write_batch(batch(folded_hand("1"), folded_hand("2")), progress(end=100))
        assert not file_is_free()  # 2 hands stored since it was opened
        store.write_batch(batch(folded_hand("1"), folded_hand("2")), progress(end=200))
        assert not file_is_free()  # duplicates are not stored: still 2
        store.write_batch(batch(folded_hand("3")), progress(end=300))
        assert file_is_free()  # the 3rd: closed after the commit
        con = duckdb.connect(str(path), read_only=True)
        assert con.execute("SELECT count(*) FROM hands").fetchone() == (3,)
        con.close()
        store.write_batch(batch(heads_up_hand("5")), progress(end=400))
        assert not file_is_free()  # opened again for the batch, and 1 hand stored since
        numbers = store.con.execute("SELECT room_hand_id, hand FROM hands_stored ORDER BY hand").fetchall()
        assert [hand_id for hand_id, _ in numbers] == ["1", "2", "3", "5"]
        assert len({number for _, number in numbers}) == 4
        assert store.file_state("a.txt").bytes_read == 400
        assert store.count("actions") == 3 * 3 + 6  # a folded hand: two posts and a fold; heads-up: six


def test_default_location_follows_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("BADUGI_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_db_path() == tmp_path / "xdg" / "badugi" / "badugi.duckdb"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_db_path() == tmp_path / "home" / ".local" / "share" / "badugi" / "badugi.duckdb"
    monkeypatch.setenv("BADUGI_DB", str(tmp_path / "env.duckdb"))
    assert default_db_path() == tmp_path / "env.duckdb"
    assert resolve_db_path(tmp_path / "x.duckdb") == tmp_path / "x.duckdb"


def test_read_only_open_of_a_missing_database_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="no database"):
        Store(tmp_path / "missing.duckdb", read_only=True)


def test_a_replayed_hand_stores_the_replays_facts(store: Store) -> None:
    from badugi.analytics.rows import Columns, add_hand
    from badugi.engine.replay import replay

    hand = heads_up_hand()
    columns = Columns()
    add_hand(columns, hand, replay(hand))
    store.write_batch(columns.to_arrow(), progress())
    # Hero put in 10 + 15 + 25 = 50 and collected 95: +45; Villain put in 25 + 25 = 50: -50
    players = store.table("hand_players").select("player", "replayed", "vpip", "invested", "collected", "net")
    assert players.rows() == [("Hero", True, True, 50, 95, 45), ("Villain", True, False, 50, 0, -50)]
    hands = store.table("hands").select("replayed", "derived_total_pot", "derived_rake", "showdown")
    assert hands.row(0) == (True, 100, 5, True)
    pots = store.table("pots").select("amount", "winners", "paid_players", "paid_amounts")
    assert pots.rows() == [(100, ["Hero"], ["Hero"], [95])]
    # the fixture stops after the first draw: the rules still owed two draws, and the store keeps that
    assert "order.missing_action" in store.table("violations")["code"].to_list()
    assert store.table("hands")["violations"].item() >= 1
    # the replay knows Villain's cards after draw 1 from the showdown (no later draw): never overwritten
    holdings = store.table("holdings").filter(pl.col("player") == "Villain").select("round", "cards").rows()
    assert (4, "5s 6d 7h 8c") in holdings
    shown = store.table("showdowns").select("player", "derived_class", "derived_label").rows()
    assert shown[1] == ("Hero", 1, "Badugi: 4,3,2,A")


def test_duplicates_in_the_batch_and_in_the_store_keep_no_rows_and_no_violations(store: Store) -> None:
    from badugi.analytics.rows import Columns, add_hand
    from badugi.engine.replay import replay

    def tables(*hands: Hand) -> dict[str, pa.Table]:
        columns = Columns()
        for hand in hands:
            add_hand(columns, hand, replay(hand))
        return columns.to_arrow()

    # the folded fixture has no button line, so the replay flags its blinds (and what follows) every time
    per_hand = store.write_batch(tables(folded_hand("1")), progress()).violations
    assert per_hand >= 1
    outcome = store.write_batch(
        tables(folded_hand("1", "b.txt"), folded_hand("2"), folded_hand("2", "b.txt"), folded_hand("3")),
        progress(end=2000))
    assert (outcome.hands_read, outcome.hands_stored, outcome.duplicates) == (4, 2, 2)
    assert outcome.violations == 2 * per_hand  # hands 2 and 3; the copies of 1 and 2 add none
    assert store.table("hands").select("room_hand_id", "file").rows() == [("1", "a.txt"), ("2", "a.txt"),
                                                                          ("3", "a.txt")]
    assert store.count("actions") == 3 * 3  # two posts and a fold per stored hand
    assert store.count("violations") == 3 * per_hand
    state = store.file_state("a.txt")
    assert state is not None and (state.hands_read, state.hands_stored, state.duplicates) == (5, 3, 2)


def test_a_file_that_is_not_a_database_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "notes.duckdb"
    path.write_text("not a database\n")
    for read_only in (False, True):
        with pytest.raises(BadInput, match="cannot open database"):
            Store(path, read_only=read_only)


def test_a_writable_store_spills_next_to_its_file_not_into_the_working_directory(tmp_path: Path) -> None:
    with Store(tmp_path / "db" / "s.duckdb") as store:
        spill = store.con.execute("SELECT current_setting('temp_directory')").fetchall()[0][0]
        assert Path(spill) == tmp_path / "db" / "s.duckdb.tmp"
        # appends go into groups of store.ROW_GROUP_SIZE rows: a checkpoint redoes at most that
        rows = 2 * ROW_GROUP_SIZE + 100
        store.con.execute(f"INSERT INTO skipped SELECT 'f', i, i, 'r', NULL, 'x' FROM range({rows}) t(i)")
        store.con.execute("CHECKPOINT")
        groups = store.con.execute("SELECT count(DISTINCT row_group_id) FROM pragma_storage_info('skipped')").fetchall()
        assert groups == [(3,)]


def test_a_version_3_store_gains_the_awards_and_time_flag_columns(tmp_path: Path) -> None:
    """Migrations 4 and 5 add hands.awards_derived and hands.time_flag to a store written before them
    (NULL on its old rows), in the declared column order."""
    db = tmp_path / "old.duckdb"
    with Store(db) as store:  # make it look like a store written before migration 4 (its rows in hands_stored)
        store.con.execute("ALTER TABLE hands_stored DROP COLUMN time_flag")
        store.con.execute("ALTER TABLE hands_stored DROP COLUMN awards_derived")
        store.con.execute("CREATE UNIQUE INDEX hands_key ON hands_stored (room, room_hand_id)")
        store.con.execute("DELETE FROM schema_version WHERE version >= 4")
    with Store(db) as store:
        assert schema.current_version(store.con) == schema.SCHEMA_VERSION
        columns = [row[0] for row in store.con.execute("DESCRIBE hands").fetchall()]
    assert columns == schema.column_names("hands") and columns[-2:] == ["awards_derived", "time_flag"]


def test_a_version_4_store_gains_the_time_flag_column_and_keeps_its_hands(tmp_path: Path) -> None:
    """Migration 5 on a store with hands: the old rows keep every value and get a NULL time_flag."""
    db = tmp_path / "old.duckdb"
    with Store(db) as store:
        store.con.execute("ALTER TABLE hands_stored DROP COLUMN time_flag")
        store.con.execute("CREATE UNIQUE INDEX hands_key ON hands_stored (room, room_hand_id)")
        store.con.execute("DELETE FROM schema_version WHERE version >= 5")
        store.con.execute("INSERT INTO hands_stored (room, room_hand_id, start_time, hand) "
                          "VALUES ('r', '1', '2010-11-07 05:30:00', 0)")
    with Store(db) as store:
        assert schema.current_version(store.con) == schema.SCHEMA_VERSION
        rows = store.con.execute("SELECT room_hand_id, start_time, time_flag FROM hands").fetchall()
    assert rows == [("1", datetime(2010, 11, 7, 5, 30), None)]


DATA = Path(__file__).parent / "data"
TOURNAMENT_SAMPLE = Path(__file__).parent.parent.parent / "sample_histories" / "pokerstars_fl_tournament_9max.txt"


def test_a_store_made_before_the_tables_were_declared_opens_reads_and_takes_more(tmp_path: Path) -> None:
    """``store_v4.sql`` was written by the code before the declarations (its own DDL): three tournament
    hands imported from ``three_hands.txt``. The current code opens it, migrates it from version 4 to the
    current version (the columns and tables declared since), reads its file progress and hands, and adds
    the rest of the file beside them."""
    db = tmp_path / "v4.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute((DATA / "store_v4.sql").read_text())
    with Store(db) as store:
        assert store.count("schema_version") == schema.SCHEMA_VERSION > 4
        for name in schema.TABLES:
            described = [row[0] for row in store.con.execute(f"DESCRIBE {name}").fetchall()]
            assert described == schema.column_names(name), name
        assert store.file_state("three_hands.txt") == FileState(
            "three_hands.txt", size=7730, bytes_read=7724, lines_read=258,
            prefix_hash="cabcf0f1417546b3cec1f2b6e10712cb", hands_read=3, hands_stored=3)
        keys = [("pokerstars", "49266200002"), ("pokerstars", "49266200006"), ("pokerstars", "49266200008")]
        stored = load_hands(store.con, keys)
        report = import_files(store, [TOURNAMENT_SAMPLE], jobs=1)
        assert report.totals()["duplicates"] == 3
        assert store.count("hands") == report.totals()["hands_read"]
    originals = {(h.room, h.hand_id): h for h in read_hands(TOURNAMENT_SAMPLE) if isinstance(h, Hand)}
    for key in keys:
        hand, original = stored[key], originals[key]
        assert hand.tournament == original.tournament == Tournament("329156690", "Level I", "$2.00+$0.20 USD")
        assert (hand.stakes, hand.claims.total_pot, hand.start_time) == (
            original.stakes, original.claims.total_pot, original.start_time)
        assert hand.seats == tuple(Seat(s.seat, s.player, s.stack, s.sitting_out) for s in original.seats)
        assert replay(hand).net == replay(original).net


def test_a_store_at_each_older_version_migrates_to_the_columns_of_a_fresh_one(tmp_path: Path) -> None:
    """An older store is the fresh one without the columns added after its version; migrating adds them
    at the end of their tables, so every store ends with the same columns in the same order."""
    with Store(tmp_path / "fresh.duckdb") as store:
        fresh = {name: [row[0] for row in store.con.execute(f"DESCRIBE {name}").fetchall()] for name in schema.TABLES}
    for version in range(1, schema.SCHEMA_VERSION):
        db = tmp_path / f"v{version}.duckdb"
        with duckdb.connect(str(db)) as con:  # the store a badugi at that version made
            schema.migrate(con, up_to=version)
            for table in DECLARED:
                if min(column.since for column in table.columns) <= version:
                    described = [row[0] for row in con.execute(f"DESCRIBE {table.name}").fetchall()]
                    assert described == [c.name for c in table.columns if c.since <= version], (version, table.name)
        with Store(db) as store:
            assert schema.current_version(store.con) == schema.SCHEMA_VERSION
            for name, columns in fresh.items():
                assert [row[0] for row in store.con.execute(f"DESCRIBE {name}").fetchall()] == columns, (version, name)


def test_the_writer_does_not_vacuum_and_a_reader_keeps_the_default(tmp_path: Path) -> None:
    """The writer's checkpoints leave partly filled row groups as they are (``store.VACUUM_TASKS``: merging
    them compressed each commit's last rows twice); a read-only store keeps DuckDB's default. The rows
    stored are the same either way (the golden hashes)."""
    from badugi.analytics.store import VACUUM_TASKS

    path = tmp_path / "v.duckdb"
    with Store(path) as store:
        assert store.con.execute("SELECT current_setting('max_vacuum_tasks')").fetchone()[0] == VACUUM_TASKS == 0
    with Store(path, read_only=True) as reader:
        assert reader.con.execute("SELECT current_setting('max_vacuum_tasks')").fetchone()[0] == 100


def _players_as_before(store: Store, fresh_types: list[tuple[object, ...]], before: list[tuple[object, ...]]) -> None:
    """A reopened store is migrated to this version and gives ``hand_players`` ' columns, types and rows as before."""
    assert schema.current_version(store.con) == schema.SCHEMA_VERSION
    assert store.con.execute("DESCRIBE hand_players").fetchall() == fresh_types
    assert store.con.execute("SELECT * FROM hand_players ORDER BY ALL").fetchall() == before


def _takes_more_hands(store: Store) -> None:
    hands = store.count("hands")
    import_files(store, [DATA.parent.parent.parent / "sample_histories" / "pokerstars_fl_cash_6max.txt"], jobs=1)
    assert store.count("hands") > hands


def test_a_version_8_store_has_its_street_counts_packed_and_reads_every_row_as_before(tmp_path: Path) -> None:
    """Migration 9 stores ``hand_players`` ' street action counts as fields of ``counts_0..3``
    (``declare.Fields``): the view gives the same columns, types and rows (NULLs and the largest SMALLINT
    count included), and takes more hands."""
    from store_fixtures import as_flags_store

    from badugi.analytics.tables.hands import HAND_PLAYERS

    db = tmp_path / "v8.duckdb"
    with Store(db) as store:
        import_files(store, [TOURNAMENT_SAMPLE], jobs=1)
        fresh_types = store.con.execute("DESCRIBE hand_players").fetchall()
        fresh = store.con.execute("SELECT * FROM hand_players ORDER BY ALL").fetchall()
        as_flags_store(store.con)
        assert store.con.execute("SELECT * FROM hand_players ORDER BY ALL").fetchall() == fresh
        store.con.execute(f"UPDATE {HAND_PLAYERS.stored_name} SET bets_1 = NULL, folds_3 = 32767 WHERE seat = 1")
        store.con.execute(f"UPDATE {HAND_PLAYERS.stored_name} SET calls_2 = NULL, raises_1 = 300 WHERE seat = 2")
        before = store.con.execute("SELECT * FROM hand_players ORDER BY ALL").fetchall()
        assert store.con.execute("DESCRIBE hand_players").fetchall() == fresh_types
    with Store(db) as store:
        _players_as_before(store, fresh_types, before)
        stored = {name for name, *_ in store.con.execute(f"DESCRIBE {HAND_PLAYERS.stored_name}").fetchall()}
        assert {"counts_0", "counts_3", "counts_known"} <= stored and "bets_1" not in stored
        found = store.con.execute("SELECT count(*) FILTER (bets_1 IS NULL), count(*) FILTER (folds_3 = 32767), "
                                  "count(*) FILTER (raises_1 = 300) FROM hand_players").fetchall()[0]
        assert found[0] > 0 and found[1] > 0 and found[2] > 0
        _takes_more_hands(store)
        assert store.con.execute("SELECT count(*) FROM hand_players WHERE replayed AND checks_1 IS NULL "
                                 "AND folded_street IS NULL").fetchall() == [(0,)]


def test_a_version_7_store_has_its_players_booleans_packed_and_reads_every_row_as_before(tmp_path: Path) -> None:
    """Migration 8 moves ``hand_players`` ' rows to ``hand_players_stored`` with their BOOLEAN columns as the
    bits of ``flags`` (``declare.Flags``): the view of the old name gives the same columns, types and rows,
    NULLs included (a player the replay left out, a fact a store had no value for), and takes more hands."""
    from store_fixtures import as_plain_store

    from badugi.analytics.tables.hands import HAND_PLAYERS

    db = tmp_path / "v7.duckdb"
    with Store(db) as store:
        import_files(store, [TOURNAMENT_SAMPLE], jobs=1)
        fresh_types = store.con.execute("DESCRIBE hand_players").fetchall()
        as_plain_store(store.con, 7)
        store.con.execute("UPDATE hand_players SET vpip = NULL, fold_to_pat = NULL, sitting_out = true "
                          "WHERE seat = 1")
        store.con.execute("UPDATE hand_players SET is_hero = NULL, snowed = true WHERE seat = 2")
        before = store.con.execute("SELECT * FROM hand_players ORDER BY ALL").fetchall()
        assert store.con.execute("DESCRIBE hand_players").fetchall() == fresh_types
    with Store(db) as store:
        _players_as_before(store, fresh_types, before)
        stored = {name: kind for name, kind, *_ in store.con.execute(f"DESCRIBE {HAND_PLAYERS.stored_name}").fetchall()}
        assert "BOOLEAN" not in stored.values() and stored["flags"] == stored["flags_known"] == "BIGINT"
        nulls = store.con.execute("SELECT count(*) FILTER (vpip IS NULL), count(*) FILTER (is_hero IS NULL), "
                                  "count(*) FILTER (snowed) FROM hand_players").fetchall()[0]
        assert nulls[0] > 0 and nulls[1] > 0 and nulls[2] > 0
        _takes_more_hands(store)
        assert store.con.execute("SELECT count(*) FROM hand_players WHERE replayed IS NULL").fetchall() == [(0,)]


CLOSED = {("actions_stored", "action"), ("actions_stored", "post_kind"), ("hands_stored", "limit_type"),
          ("hands_stored", "time_flag"), ("hand_players_stored", "ev_method")}


def _enum_columns(store: Store) -> set[tuple[str, str]]:
    return set(store.con.execute("SELECT table_name, column_name FROM duckdb_columns() WHERE database_name = "
                                 "current_database() AND data_type LIKE 'ENUM(%'").fetchall())


def test_closed_columns_are_stored_as_enums_and_a_version_11_store_reads_every_row_as_before(tmp_path: Path) -> None:
    """Version 12 stores the closed text columns (``declare.Closed``) as ENUMs, in a fresh store and in one
    migrated from version 11 (which stored them as VARCHAR); the views give every column, type and row as before
    (the actions' kinds and posts, the hands' limits), and the migrated store takes more hands."""
    from store_fixtures import as_version_11_store

    db = tmp_path / "v11.duckdb"

    def seen(store: Store) -> tuple[dict[str, object], dict[str, object]]:
        return ({name: store.con.execute(f"DESCRIBE {name}").fetchall() for name in schema.TABLES},
                {name: store.con.execute(f"SELECT * FROM {name} ORDER BY ALL").fetchall() for name in schema.TABLES})

    with Store(db) as store:
        import_files(store, [TOURNAMENT_SAMPLE], jobs=1)
        assert _enum_columns(store) == CLOSED
        fresh_types, fresh = seen(store)
        assert dict(store.con.execute("SELECT action, count(*) FROM actions GROUP BY 1").fetchall()).keys() == {
            "post", "fold", "check", "call", "bet", "raise"}
        assert {k for (k,) in store.con.execute("SELECT DISTINCT post_kind FROM actions").fetchall()} == {
            None, "sb", "bb"}
        assert store.con.execute("SELECT DISTINCT limit_type FROM hands").fetchall() == [("fl",)]
        as_version_11_store(store.con)
        assert _enum_columns(store) == set() and seen(store) == (fresh_types, fresh)
        assert schema.current_version(store.con) == 11
    with Store(db) as store:
        assert schema.current_version(store.con) == schema.SCHEMA_VERSION == 12
        assert _enum_columns(store) == CLOSED and seen(store) == (fresh_types, fresh)
        assert {row[0]: row[1] for row in fresh_types["actions"]}["action"] == "VARCHAR"  # type: ignore[index]
        _takes_more_hands(store)


def test_the_closed_sets_are_every_value_the_records_give() -> None:
    """A closed column's ENUM holds every value its source can take (another fails the import)."""
    import typing

    from badugi.analytics.tables.events import ACTIONS
    from badugi.analytics.tables.hands import HAND_PLAYERS, HANDS
    from badugi.engine.allin_ev import Method
    from badugi.engine.record import Limit, PostKind, TimeFlag

    def closed(table: object, name: str) -> tuple[str, ...]:
        column = table.column(name)  # type: ignore[attr-defined]
        assert column.closed is not None and column.closed.since == 12
        return column.closed.values

    assert sorted(closed(ACTIONS, "action")) == sorted(own["action"].value for own in ACTIONS.variants.values())
    assert set(closed(ACTIONS, "post_kind")) == {kind.value for kind in PostKind}
    assert set(closed(HANDS, "limit_type")) == {limit.value for limit in Limit}
    assert set(closed(HANDS, "time_flag")) == {flag.value for flag in TimeFlag}
    assert set(closed(HAND_PLAYERS, "ev_method")) == set(typing.get_args(Method))


def test_a_closed_column_is_declared_only_on_a_keyed_table() -> None:
    from badugi.analytics.declare import VARCHAR, Closed, Column, Const, Table

    with pytest.raises(ValueError, match="closed column"):
        Table("t", sources=(), order_by="x", columns=(Column("x", VARCHAR, Const(None), closed=Closed(12, ("a",))),))
