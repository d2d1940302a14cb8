"""``badugi import``: read hand-history files and folders into the DuckDB store."""

from __future__ import annotations

import signal
import time
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from badugi.analytics.importer import (
    CHUNK_HANDS,
    COMMIT_HANDS,
    ONE_PROCESS_COMMIT_HANDS,
    FileReport,
    ImportReport,
    default_jobs,
    find_files,
    import_files,
    make_pool,
    new_bytes_total,
)
from badugi.analytics.cluster import connect
from badugi.analytics.store import DB_ENV, Store, data_dir, resolve_db_path
from badugi.cli._db import BUSY_EXIT, DEFAULT_WAIT_S, WaitOption, fail_busy
from badugi.cli._options import ClusterOption
from badugi.cli._output import cell, fail, note, print_json, require_folder, shown
from badugi.cli.main import app
from badugi.errors import BadInput, DatabaseBusy

DbOption = Annotated[Optional[Path], typer.Option(
    "--db", metavar="FILE", help="Database file (default: $BADUGI_DB, else $XDG_DATA_HOME/badugi/badugi.duckdb).")]


@app.command("import")
def import_command(
    paths: Annotated[list[Path], typer.Argument(metavar="PATH", help="Hand-history files or folders (walked recursively).")],
    db: DbOption = None,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", min=1, metavar="N", help="Parser processes (default: cores).")] = None,
    watch: Annotated[bool, typer.Option("--watch", help="Keep polling and import hands as the room writes them; "
                                                        "Ctrl-C ends cleanly.")] = False,
    interval: Annotated[float, typer.Option("--interval", min=0.1, metavar="SECONDS", help="Seconds between polls with --watch.")] = 2.0,
    batch_hands: Annotated[Optional[int], typer.Option(
        "--batch-hands", min=1, metavar="N",
        help=f"Hands per committed batch (default: {COMMIT_HANDS:,} with parser processes, "
             f"{ONE_PROCESS_COMMIT_HANDS:,} in one process).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of the table.")] = False,
    strict: Annotated[bool, typer.Option("--strict", help="Exit 1 when any hand was rejected or broke a rule "
                                                          "(for scripts and CI).")] = False,
    wait: WaitOption = DEFAULT_WAIT_S,
    cluster: ClusterOption = None,
) -> None:
    """Import hand histories (any room, mixed) into the store: only new files and bytes appended since the
    last import are read, an unfinished last hand is retried next time, duplicates are counted once.
    Tournament summaries (PokerStars, Full Tilt, Winamax) are read into the tournaments table
    (badugi tournaments). Ends with a per-file table (hands stored, duplicates, skipped by reason,
    rejects, violations; tournament summaries read in the note).
    stats, leaks, report and export read the database while this runs (it lets them in between batches);
    a second import waits until this one ends (up to --wait).
    With --cluster the parsing and replay run on a dask cluster's workers, which read the files
    themselves (the same path on every machine); this process still writes the database, and the result
    is the database a local import gives (needs the extra: pip install 'badugi[cluster]').
    Exit 0 when done, 1 when a file could not be read (or, with --strict, when any hand was rejected or
    broke a rule), 2 on bad usage, 3 when the database stayed busy past --wait (committed batches are
    kept).

    Example: badugi import sample_histories/ --db /tmp/badugi.duckdb
    """
    workers = jobs or default_jobs()
    db_path = require_folder(resolve_db_path(db), "--db" if db else f"${DB_ENV}", may_create=data_dir())
    err = Console(stderr=True)
    total = ImportReport()
    stop = _Stop()
    if watch:  # Ctrl-C and `kill` end the watch cleanly, even when started with SIGINT ignored (`cmd &`)
        signal.signal(signal.SIGINT, stop.interrupt)
        signal.signal(signal.SIGTERM, stop.interrupt)
    engine_context = None
    if cluster is not None:
        if jobs is not None:
            fail("give --jobs or --cluster, not both (the cluster's workers are its jobs)")
        try:
            engine_context = connect(cluster)
            engine = engine_context.__enter__()
        except BadInput as exc:
            fail(str(exc))
        pool, workers = engine.executor, engine.slots
    else:
        pool = make_pool(workers) if workers > 1 else None

    def waiting(message: str) -> None:  # above the progress bar, when one is shown
        err.print(message, markup=False, highlight=False)

    try:
        while True:
            try:
                files = find_files(paths)
            except BadInput as exc:
                fail(str(exc))
            # with --watch the store is opened per poll, so another import can run between polls
            try:
                with Store(db_path, wait=wait, on_wait=waiting) as store:
                    report = _run_once(store, files, workers, pool, err, watch and bool(total.files), batch_hands,
                                       by_range=cluster is not None,
                                       local_workers=cluster is not None and engine.address == "local")
            except (BadInput, DatabaseBusy) as exc:
                if not watch:
                    fail(str(exc), code=BUSY_EXIT if isinstance(exc, DatabaseBusy) else 2)
                note(f"{time.strftime('%H:%M:%S')} {exc}; trying again")
                report = ImportReport()
            _merge(total, report)
            if not watch:
                break
            t = report.totals()
            if t["hands_read"] or t["rejects"] or t["skipped"]:
                err.print(f"{time.strftime('%H:%M:%S')} {t['hands_stored']} new hands stored "
                          f"({t['duplicates']} duplicates) from {t['files']} file(s)")
            time.sleep(interval)
    except (KeyboardInterrupt, RuntimeError) as exc:
        if isinstance(exc, RuntimeError) and not stop.requested:
            raise
        # a Ctrl-C while DuckDB runs a statement comes out as RuntimeError('Query interrupted')
        err.print("interrupted: every committed batch is kept; run again to continue")
    finally:
        if engine_context is not None:
            engine_context.__exit__(None, None, None)
        elif pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    try:
        with Store(db_path, read_only=True, wait=wait, on_wait=waiting) as store:
            summary = store.summary()
    except BadInput as exc:
        fail(str(exc))
    except DatabaseBusy as exc:
        fail_busy(exc)
    if as_json:
        print_json({**total.to_dict(), "database": summary})
    else:
        _print_table(total, summary)
    if any(f.error for f in total.files) or (strict and any(f.rejects or f.faults for f in total.files)):
        raise typer.Exit(1)


class _Stop:
    """The watch's SIGINT/SIGTERM handler, which remembers that it was called."""

    requested = False

    def interrupt(self, signum: int, frame: object) -> None:
        self.requested = True
        raise KeyboardInterrupt


def _run_once(store: Store, files: list[Path], jobs: int, pool: object, err: Console, quiet: bool,
              batch_hands: int | None, by_range: bool = False, local_workers: bool = False) -> ImportReport:
    todo = new_bytes_total(store, files)
    # the description is a file name, untrusted: plain text (markup=False), never markup
    columns = (TextColumn("{task.description}", style="progress.description", markup=False), BarColumn(),
               DownloadColumn(), TextColumn("{task.fields[hands]} hands"), TimeElapsedColumn())
    with Progress(*columns, console=err, transient=False, disable=quiet or todo == 0) as bar:
        task = bar.add_task("importing", total=todo, hands=0)

        def on_progress(file: str, new_bytes: int, hands: int) -> None:
            done = bar.tasks[0].fields["hands"] + hands
            bar.update(task, advance=new_bytes, hands=done, description=shown(Path(file).name[:40]))

        report = import_files(store, files, jobs=jobs, on_progress=on_progress, executor=pool,  # type: ignore[arg-type]
                              batch_hands=min(batch_hands or CHUNK_HANDS, CHUNK_HANDS), commit_hands=batch_hands,
                              by_range=by_range, local_workers=local_workers)
        bar.update(task, description="imported")
    return report


def _merge(total: ImportReport, report: ImportReport) -> None:
    """Fold one poll's per-file reports into the run's (watch mode polls many times)."""
    by_path = {f.path: f for f in total.files}
    for f in report.files:
        into = by_path.get(f.path)
        if into is None:
            by_path[f.path] = into = FileReport(f.path)
            total.files.append(into)
        into.hands_read += f.hands_read
        into.summaries += f.summaries
        into.hands_stored += f.hands_stored
        into.duplicates += f.duplicates
        into.rejects += f.rejects
        into.violations += f.violations
        into.bytes_read += f.bytes_read
        into.pending_bytes = f.pending_bytes
        into.rewritten = into.rewritten or f.rewritten
        into.error = f.error or into.error
        into.file_skipped = f.file_skipped or into.file_skipped
        into.note = f.note or into.note
        for mine, theirs in ((into.skipped, f.skipped), (into.reject_codes, f.reject_codes),
                             (into.violation_codes, f.violation_codes)):
            for key, n in theirs.items():
                mine[key] = mine.get(key, 0) + n


def _print_table(report: ImportReport, summary: dict[str, object]) -> None:
    out = Console(soft_wrap=False, width=160)
    table = Table(title=cell(f"import into {summary['database']}"), show_footer=True)
    totals = report.totals()
    table.add_column("file", footer=f"{totals['files']} files", overflow="fold")  # a path is shown whole
    for name, key in (("stored", "hands_stored"), ("duplicates", "duplicates"), ("rejects", "rejects"),
                      ("violations", "violations")):
        table.add_column(name, justify="right", footer=str(totals[key]))
    table.add_column("skipped (by reason)", footer=cell(_reasons(totals["skipped"])))  # type: ignore[arg-type]
    table.add_column("note", footer=f"{totals['summaries']} tournament summaries" if totals["summaries"] else "")
    for f in report.files:
        notes = [f.error or ("unfinished last hand left for next time" if f.pending_bytes else "")]
        if f.summaries:
            notes.append(f"{f.summaries} tournament summar{'y' if f.summaries == 1 else 'ies'} read")
        if f.rewritten:
            notes.append("file changed: read again from the start")
        if f.note:
            notes.append(f.note)
        if f.reject_codes:
            notes.append(f"rejected: {_top(f.reject_codes)}")
        if f.violation_codes:
            notes.append(f"broke: {_top(f.violation_codes)}")
        note = "; ".join(n for n in notes if n)
        skipped = f"whole file: {f.file_skipped}" if f.file_skipped else _reasons(f.skipped)
        table.add_row(cell(_short(f.path)), str(f.hands_stored), str(f.duplicates), str(f.rejects),
                      str(f.violations), cell(skipped), cell(note))  # paths and reasons: untrusted
    out.print(table)
    for f in report.files:
        if f.rejects or f.violation_codes:
            out.print(cell(f"where and why in {_short(f.path)}: badugi audit {_quoted(_short(f.path))}"))
    tables = summary["tables"]
    rooms = summary["hands_by_room"]
    out.print(f"database: {tables['hands']} hands ({', '.join(f'{r} {n}' for r, n in rooms.items()) or 'none'}), "  # type: ignore[index, union-attr]
              f"{tables['violations']} violation rows, {tables['rejects']} rejects, "  # type: ignore[index]
              f"{tables['skipped']} skipped, {tables['tournaments']} tournament summaries")  # type: ignore[index]


def _quoted(path: str) -> str:
    """A path as a shell word (quoted when it holds spaces or shell characters)."""
    import shlex

    return shlex.quote(path)


def _top(codes: dict[str, int], most: int = 3) -> str:
    """The commonest codes first: ``parse.header ×2, parse.unknown_line ×1 (+2 more codes)``."""
    ranked = sorted(codes.items(), key=lambda item: (-item[1], item[0]))
    shown = ", ".join(f"{code} ×{n}" for code, n in ranked[:most])
    return shown + (f" (+{len(ranked) - most} more codes)" if len(ranked) > most else "")


def _reasons(skipped: dict[str, int]) -> str:
    return ", ".join(f"{reason} ×{n}" for reason, n in sorted(skipped.items()))


def _short(path: str) -> str:
    try:
        return str(Path(path).relative_to(Path.cwd()))
    except ValueError:
        return path
