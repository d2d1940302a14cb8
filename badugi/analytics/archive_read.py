"""A Parquet archive read as the store (``--parquet DIR``): the store's tables as DuckDB views over the
finished parts' Parquet files, in an in-memory database, so stats, leaks, reports and audits run their
own SQL on it unchanged and give the numbers a database import of the same files gives.

Two things a single writer did while importing are done here, while reading:

- duplicates: a hand in several parts is kept once, the copy a one-run import would have stored: the
  first file in walk order (a folder's files before its subfolders, names sorted), then the first in the
  file (a part already keeps only the first copy of a hand it holds twice);
- ``files``: one row per file from its parts' rows (bytes and lines read to the furthest part, counts
  summed, duplicates and violations counted after the copies above are dropped).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa

from badugi.analytics.archive import MARKER, read_entries
from badugi.analytics.schema import HAND_TABLES, SCHEMA_VERSION, TABLES, column_names
from badugi.analytics.store import READ_MEMORY_LIMIT, TableReader
from badugi.errors import BadInput


def walk_key(path: str) -> tuple[tuple[int, str], ...]:
    """Where ``reader.walk`` puts a file among others under a common folder: at the first folder level
    where two paths differ, a file comes before a folder, and names are sorted."""
    names = path.split("/")
    return tuple((1, name) for name in names[:-1]) + ((0, names[-1]),)


def _sql_text(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


class ParquetStore(TableReader):
    """The archive at ``folder`` as a read-only store: ``con`` has every table of ``schema.TABLES`` (and
    the store's two summary views). Use as a context manager."""

    def __init__(self, folder: str | Path, memory_limit: str = READ_MEMORY_LIMIT) -> None:
        self.path = Path(folder)
        marker = self.path / MARKER
        if not marker.exists():
            raise BadInput(f"--parquet {self.path}: not a badugi Parquet archive (no {MARKER}; "
                           "write one with `badugi audit PATH --out DIR`)")
        try:
            version = json.loads(marker.read_text(encoding="utf-8")).get("schema_version")
        except (OSError, ValueError) as exc:
            raise BadInput(f"--parquet {self.path}: unreadable {MARKER} ({exc})") from None
        if version != SCHEMA_VERSION:
            raise BadInput(f"--parquet {self.path}: an archive of store schema {version}; this badugi reads "
                           f"{SCHEMA_VERSION} (write it again with this badugi)")
        self.entries = read_entries(self.path)
        self.con = duckdb.connect(":memory:", config={"memory_limit": memory_limit})
        self.con.execute("SET enable_progress_bar = false")
        try:
            self._create_views()
        except BaseException:
            self.con.close()
            raise

    # ---- views ---------------------------------------------------------------------------------

    def _create_views(self) -> None:
        con = self.con
        for table in TABLES:
            files = [str(self.path / table / f"{name}.parquet")
                     for name, entry in sorted(self.entries.items()) if entry.get("rows", {}).get(table)]
            if files:
                con.execute(f"CREATE VIEW _raw_{table} AS SELECT * FROM read_parquet([{', '.join(map(_sql_text, files))}], "
                            "filename = true)")
            else:  # no part has a row of it: an empty table of its columns
                columns = ", ".join(f'"{name}" {kind}' for name, kind in TABLES[table])
                con.execute(f"CREATE TABLE _raw_{table} ({columns}, filename VARCHAR)")
        losers = self._losers()
        for table in TABLES:
            if table == "files":
                continue
            columns = ", ".join(f'r."{c}"' for c in column_names(table))
            if table in HAND_TABLES and losers:
                prefix = _sql_text(str(self.path / table) + "/")
                con.execute(f"CREATE VIEW {table} AS SELECT {columns} FROM _raw_{table} r ANTI JOIN _losers l "
                            f"ON l.room = r.room AND l.room_hand_id = r.room_hand_id "
                            f"AND r.filename = {prefix} || l.part || '.parquet'")
            else:
                con.execute(f"CREATE VIEW {table} AS SELECT {columns} FROM _raw_{table} r")
        self._files_view(losers)
        con.execute("CREATE TABLE schema_version (version INTEGER, description VARCHAR)")
        con.execute("INSERT INTO schema_version VALUES (?, ?)", [SCHEMA_VERSION, f"Parquet archive {self.path}"])
        con.execute("CREATE VIEW skipped_by_reason AS SELECT file, reason, count(*) AS hands FROM skipped "
                    "GROUP BY file, reason")
        con.execute("CREATE VIEW violations_by_code AS SELECT code, undetermined, count(*) AS n, "
                    "count(DISTINCT (room, room_hand_id)) AS hands FROM violations GROUP BY code, undetermined")

    def _losers(self) -> int:
        """The copies of hands held by several parts that a database would not have stored, as the table
        ``_losers`` (room, room_hand_id, part, file); returns how many."""
        rows = self.con.execute(
            "SELECT room, room_hand_id, file, byte_offset, filename FROM _raw_hands "
            "WHERE (room, room_hand_id) IN (SELECT room, room_hand_id FROM _raw_hands GROUP BY ALL HAVING count(*) > 1)"
        ).fetchall()
        copies: dict[tuple[str, str], list[tuple[Any, ...]]] = {}
        for room, hand_id, file, offset, filename in rows:
            copies.setdefault((room, hand_id), []).append((walk_key(file), offset, file, Path(filename).stem))
        lost: dict[str, list[Any]] = {"room": [], "room_hand_id": [], "part": [], "file": []}
        for (room, hand_id), found in copies.items():
            for _, _, file, part in sorted(found)[1:]:
                for key, value in (("room", room), ("room_hand_id", hand_id), ("part", part), ("file", file)):
                    lost[key].append(value)
        self.con.register("_losers_arrow", pa.table(lost, schema=pa.schema([(k, pa.string()) for k in lost])))
        self.con.execute("CREATE TABLE _losers AS SELECT * FROM _losers_arrow")
        self.con.unregister("_losers_arrow")
        return len(lost["room"])

    def _files_view(self, losers: int) -> None:
        """One row per file, as the store's ``files`` table holds it after one import of the same files."""
        if losers:
            violations = ("LEFT JOIN (SELECT h.file AS path, count(*) AS n FROM violations v JOIN hands h "
                          "ON h.room = v.room AND h.room_hand_id = v.room_hand_id WHERE NOT v.undetermined "
                          "GROUP BY h.file) viol USING (path)")
            counted = "coalesce(any_value(viol.n), 0)"
        else:
            violations, counted = "", "sum(p.violations)"
        self.con.execute(f"""
            CREATE VIEW files AS
            SELECT path, max(p.size)::BIGINT AS size, max(p.bytes_read)::BIGINT AS bytes_read,
                   max(p.lines_read)::BIGINT AS lines_read, arg_max(p.prefix_hash, p.bytes_read) AS prefix_hash,
                   sum(p.hands_read)::BIGINT AS hands_read,
                   (sum(p.hands_stored) - coalesce(any_value(lost.n), 0))::BIGINT AS hands_stored,
                   (sum(p.duplicates) + coalesce(any_value(lost.n), 0))::BIGINT AS duplicates,
                   sum(p.skipped)::BIGINT AS skipped, sum(p.rejects)::BIGINT AS rejects,
                   ({counted})::BIGINT AS violations, 0::INTEGER AS rewrites,
                   max(p.skip_reason) AS skip_reason,
                   arg_min(p.note, p.filename) FILTER (WHERE p.note IS NOT NULL) AS note, sum(p.summaries)::BIGINT AS summaries
            FROM _raw_files p
            LEFT JOIN (SELECT file AS path, count(*) AS n FROM _losers GROUP BY file) lost USING (path)
            {violations}
            GROUP BY path""")

    # ---- the store's reading API -----------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        counts = {name: self.count(name) for name in TABLES}
        rooms = dict(self.con.execute("SELECT room, count(*) FROM hands GROUP BY room ORDER BY room").fetchall())
        return {"database": str(self.path), "tables": counts, "hands_by_room": rooms}

    def close(self) -> None:
        self.con.close()

    def __enter__(self) -> ParquetStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
