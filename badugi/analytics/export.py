"""Export every stored table as Parquet or CSV files (one file per table) for other tools."""

from __future__ import annotations

from pathlib import Path

from badugi.analytics.schema import ORDER_BY, TABLES
from badugi.analytics.store import Store
from badugi.errors import BadInput

FORMATS = ("parquet", "csv")


def export_tables(store: Store, out_dir: str | Path, fmt: str) -> list[tuple[str, Path, int]]:
    """Write each table (plus ``schema_version``) to ``out_dir/<table>.<fmt>`` in a stable row order;
    DuckDB streams the rows, so memory does not grow with the table. Returns (table, path, rows)."""
    if fmt not in FORMATS:
        raise BadInput(f"unknown export format {fmt!r}; choose one of: {', '.join(FORMATS)}")
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"cannot create {out}: {exc.strerror or exc}") from None
    options = "FORMAT parquet, COMPRESSION zstd" if fmt == "parquet" else "FORMAT csv, HEADER true"
    written: list[tuple[str, Path, int]] = []
    orders = {**ORDER_BY, "schema_version": "version"}
    for name in (*TABLES, "schema_version"):
        target = out / f"{name}.{fmt}"
        quoted = str(target).replace("'", "''")
        store.con.execute(f"COPY (SELECT * FROM {name} ORDER BY {orders[name]}) TO '{quoted}' ({options})")
        written.append((name, target, store.count(name)))
    return written
