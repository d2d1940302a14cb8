"""``badugi export``: the store's tables for other tools (Parquet, CSV), or hand-history files as PHH."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from badugi.analytics.export import export_tables
from badugi.analytics.store import Store, resolve_db_path
from badugi.cli._db import DEFAULT_WAIT_S, WaitOption, fail_busy, say_waiting
from badugi.cli._output import fail, note, require_folder, shown
from badugi.cli.main import app
from badugi.errors import BadInput, DatabaseBusy


class ExportFormat(str, Enum):
    parquet = "parquet"
    csv = "csv"
    phh = "phh"


@app.command("export")
def export_command(
    out: Annotated[Path, typer.Option("--out", metavar="DIR", help="Folder to write into (created if missing).")],
    paths: Annotated[Optional[list[Path]], typer.Argument(metavar="PATH", 
        help="With --format phh: hand-history files or folders to convert. Not used for parquet/csv.")] = None,
    fmt: Annotated[ExportFormat, typer.Option(
        "--format", metavar="FORMAT", help="parquet or csv: one file per stored table; phh: one .phhs per input file.")] = (
        ExportFormat.parquet),
    db: Annotated[Optional[Path], typer.Option(
        "--db", metavar="FILE", help="Database file (default: $BADUGI_DB, else $XDG_DATA_HOME/badugi/badugi.duckdb).")] = None,
    wait: WaitOption = DEFAULT_WAIT_S,
) -> None:
    """Export every table of the store (hands, hand_players, actions, draws, holdings, showdowns, collects,
    pots, violations, rejects, skipped, files, schema_version) as one Parquet or CSV file each and print
    what was written; or, with --format phh, convert hand-history files to PHH. Works while an import
    runs. Exit 0, 1 when some hand could not be converted, 2 on bad usage, 3 when the database stays busy
    past --wait.

    Example: badugi export --format parquet --out exported/ --db /tmp/badugi.duckdb
    """
    out = require_folder(out, "--out")  # the folder itself is created, not a missing folder above it
    if fmt is ExportFormat.phh:
        _export_phh(paths or [], out)
        return
    if paths:
        fail("parquet/csv export reads the database (--db), not files: import them first with `badugi import`")
    db_path = resolve_db_path(db)
    if not db_path.exists():
        fail(f"no database at {db_path} (run `badugi import` first)")
    try:
        with Store(db_path, read_only=True, wait=wait, on_wait=say_waiting) as store:
            written = export_tables(store, out, fmt.value)
    except BadInput as exc:
        fail(str(exc))
    except DatabaseBusy as exc:
        fail_busy(exc)
    for table, path, rows in written:
        typer.echo(f"{shown(path)}\t{rows}")
    note(f"exported {len(written)} tables to {out}")


def _export_phh(paths: list[Path], out: Path) -> None:
    """PHH is written from the hand-history files themselves (see ``badugi.parsers.phh_export``)."""
    from badugi.parsers.phh_export import export_phh
    from badugi.parsers.reader import walk

    if not paths:
        fail("--format phh needs hand-history files or folders to convert")
    rejected = 0
    try:
        for report in export_phh(list(walk(paths)), out):
            if report.target is not None:
                typer.echo(f"{shown(report.target)}\t{report.written}")
            if report.file_skipped is not None:
                note(f"{report.source}: skipped: {report.file_skipped}")
                continue
            note(f"{report.source}: {report.written} written, {report.skipped} skipped (other games), "
                 f"{report.failed} unreadable, {len(report.not_expressible)} not expressible in PHH")
            for problem in report.not_expressible:
                note(f"{report.source}: not expressible in PHH: {problem}")
            rejected += report.failed + len(report.not_expressible)
    except BadInput as exc:
        fail(str(exc))
    if rejected:
        raise typer.Exit(1)
