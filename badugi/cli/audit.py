"""``badugi audit``: replay every hand of some files and report each rule the room's log breaks."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Future
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from badugi.analytics.archive import HANDS_PER_PART, FilePlan, archive_files, plan_file
from badugi.analytics.cluster import connect, parse_address, start_fork_server
from badugi.analytics.pool import default_jobs, make_pool
from badugi.cli._db import DEFAULT_WAIT_S, WaitOption
from badugi.cli._options import ClusterOption, ParquetOption
from badugi.cli._output import fail, note, print_json, require_folder, say, shown
from badugi.cli.main import app
from badugi.engine.violations import CODES
from badugi.errors import BadInput
from badugi.parsers.folders import find_files, walk

if TYPE_CHECKING:
    from badugi.analytics.conformance import AuditReport
    from badugi.parsers.results import ReadResult

# The archive mode (--out) runs a client that hands out tasks: what the other modes read files and the store with
# (the parsers, the replay, DuckDB, polars: ~1.2 CPU-seconds of imports) is imported when they run.


def read_hand_file(path: Path) -> Iterator[ReadResult]:
    """Every hand of one file, any room (the one file reader, ``badugi.parsers.reader``)."""
    from badugi.parsers.reader import read_file

    return read_file(path)


@app.command("audit")
def audit_command(
    paths: Annotated[Optional[list[Path]], typer.Argument(
        metavar="PATH", help="Hand-history files or folders (walked recursively).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
    rule: Annotated[Optional[list[str]], typer.Option(
        "--rule", metavar="CODE", help="Only report this code or code family (e.g. showdown); repeatable.")] = None,
    out: Annotated[Optional[Path], typer.Option(
        "--out", metavar="DIR", help="Archive mode: write every table as Parquet into DIR (partitioned by file; a "
                                     "rerun skips finished parts), for --parquet to read.")] = None,
    cluster: ClusterOption = None,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", min=1, metavar="N",
                                                help="With --out and no --cluster: worker processes (default: cores).")] = None,
    part_hands: Annotated[int, typer.Option("--part-hands", min=1, metavar="N",
                                            help="With --out: hands per part (one Parquet file per table).")] = HANDS_PER_PART,
    db: Annotated[Optional[Path], typer.Option("--db", metavar="FILE", help="Audit the hands stored in this database "
                                                                            "instead of reading files.")] = None,
    parquet: ParquetOption = None,
    wait: WaitOption = DEFAULT_WAIT_S,
) -> None:
    """Replay every hand and report each violation of the rules with file:line, the hand id and a plain
    explanation, then counts per file and per rule. Parse failures are listed under their parse.* code.
    With --db or --parquet (no PATH) the stored hands are audited: the import already replayed them.
    With --out DIR (archive mode) the files are read, replayed and written as Parquet by worker processes,
    or by a dask cluster's workers with --cluster (no single writer; needs badugi[cluster]).
    Exit 0 when clean, 1 when violations (or unreadable hands, or unreadable files) were found, 2 on usage
    errors, 3 when the database stays busy past --wait.

    Example: badugi audit ../shared/real_hh/pokerstars --rule showdown
    """
    rules = rule or []
    if rules:
        from badugi.analytics.conformance import unknown_rules

        bad = unknown_rules(rules)
        if bad:
            fail(f"unknown rule code {bad[0]!r}; known codes: {', '.join(sorted(CODES))}, parse.*, internal.*")
    stored = db is not None or parquet is not None
    if stored and (paths or out is not None):
        fail("give PATH (files to read) or --db/--parquet (hands stored), not both")
    if not stored and not paths:
        fail("give the files or folders to audit (PATH), or --db FILE or --parquet DIR")
    if cluster is not None and out is None:
        fail("--cluster goes with --out DIR (the archive mode)")
    if out is not None:
        _write_archive(paths or [], out, cluster, jobs, part_hands, as_json, rules)
        return
    from badugi.analytics.conformance import audit_results
    from badugi.parsers.reader import read_file

    if stored:
        from badugi.analytics.stored_audit import stored_audit
        from badugi.cli.stats import open_store

        with open_store(db, wait, parquet) as store:
            report = stored_audit(store.con, rules)
    else:
        try:
            files = list(walk(paths or []))
        except BadInput as exc:
            fail(str(exc))
        report = audit_results((result for path in files for result in read_file(path)), rules)
    if as_json:
        print_json(report.to_dict())
    else:
        _print_text(report)
    if report.hands == 0:
        note("no hands found")
    raise typer.Exit(1 if report.failing else 0)


def _write_archive(paths: list[Path], out: Path, cluster: str | None, jobs: int | None, part_hands: int,
                   as_json: bool, rules: list[str]) -> None:
    """The archive mode: every part written by a worker, then one line per file (or JSON)."""
    if rules:
        fail("--rule filters what an audit reports; the archive keeps every code (filter when reading it: "
             "badugi audit --parquet DIR --rule CODE)")
    if cluster is not None and jobs is not None:
        fail("give --jobs or --cluster, not both (the cluster's workers are its jobs)")
    try:
        files = find_files(paths)
        out = require_folder(out, "--out")
        with ExitStack() as stack:
            plans = None
            if cluster is not None:
                if parse_address(cluster)[1] is not None:
                    plans = _plan_aside(stack, files, part_hands)
                executor = stack.enter_context(connect(cluster)).executor
                in_flight = None
            else:
                from badugi.analytics.importer import IN_FLIGHT_PER_JOB

                executor = stack.enter_context(make_pool(jobs or default_jobs()))
                in_flight = IN_FLIGHT_PER_JOB * (jobs or default_jobs()) + 1
            bar = stack.enter_context(Progress(TextColumn("{task.description}", markup=False), BarColumn(),
                                               MofNCompleteColumn(), TextColumn("parts"), TimeElapsedColumn(),
                                               console=Console(stderr=True), transient=True))
            task = bar.add_task("planning", total=0)

            def on_progress(file: str, planned: int, written: int) -> None:
                bar.update(task, total=(bar.tasks[0].total or 0) + planned, advance=written,
                           description=shown(Path(file).name[:40]))

            report = archive_files(files, out, executor, hands_per_part=part_hands, on_progress=on_progress,
                                   in_flight=in_flight,
                                   plans=plans)
    except BadInput as exc:
        fail(str(exc))
    if as_json:
        print_json(report.to_dict())
    else:
        say(f"{'file':<60} {'parts':>5} {'written':>7} {'hands':>7} {'rejects':>7} {'violations':>10}  note")
        for f in report.files:
            label = shown(f.path)
            label = label if len(label) <= 60 else "..." + label[-57:]
            remark = f.error or (f"skipped: {f.file_skipped}" if f.file_skipped else "")
            if f.pending_bytes and not f.error:
                remark = "unfinished last hand left for next time"
            say(f"{label:<60} {f.parts:>5} {f.parts_written:>7} {f.hands_read:>7} {f.rejects:>7} {f.violations:>10}  "
                f"{shown(remark)}")
        totals = report.totals()
        say(f"{totals['files']} files, {totals['parts']} parts: {totals['parts_written']} written, "
            f"{totals['parts_kept']} kept from an earlier run, {totals['parts_removed']} stale removed -> {shown(out)}")
        say(f"read it with: badugi audit --parquet {shown(out)} (or stats, leaks, report --parquet {shown(out)})")
    if any(f.error or f.rejects or f.faults for f in report.files):
        raise typer.Exit(1)


def _plan_aside(stack: ExitStack, files: list[Path], part_hands: int) -> dict[str, Future[FilePlan]]:
    """A ``local:N`` cluster's files planned by one process of their own, started (from the fork server, with the
    parsers loaded) before the cluster: the plans are made while the cluster starts, when this machine's cores
    mostly wait (an empty local:2 cluster: ~2.7 s to start, ~3 CPU-seconds over its 2 cores), and its workers
    write parts from their first task (a remote cluster's files are planned on its workers: this machine may not
    see them)."""
    start_fork_server()
    planner = stack.enter_context(make_pool(1))
    return {str(path): planner.submit(plan_file, str(path), part_hands) for path in files}


def _print_text(report: AuditReport) -> None:
    """Text for the terminal; file names, hand ids and messages (which quote names) are untrusted."""
    for v in report.violations:
        say(f"{v.file}:{v.line}: {v.code}: hand #{v.hand_id}: {v.message}")
    for p in report.parse_failures:
        what = "tournament" if p.of_summary else "hand"
        say(f"{p.file}:{p.line}: {p.code}: {what} #{p.hand_id or '?'}: {p.message}")
    if report.violations or report.parse_failures:
        say("")
    for n in report.notes:
        say(f"{n.file}:{n.line}: note: {n.message}")
    say(f"{'file':<60} {'hands':>6} {'replayed':>8} {'clean':>6} {'violations':>10} {'unreadable':>10} {'skipped':>7}")
    for name, c in report.files.items():
        label = shown(name)
        label = label if len(label) <= 60 else "..." + label[-57:]
        if c.file_skipped is not None:
            say(f"{label:<60} skipped: {c.file_skipped}")
            continue
        if c.summaries and not c.hands:
            unread = f", {c.parse_failures} unreadable" if c.parse_failures else ""
            say(f"{label:<60} {c.summaries} tournament summar{'y' if c.summaries == 1 else 'ies'}{unread} "
                "(no hands: see badugi tournaments)")
            continue
        say(f"{label:<60} {c.hands:>6} {c.replayed:>8} {c.clean:>6} {c.violations:>10} "
            f"{c.parse_failures:>10} {c.skipped:>7}")
    say(f"{'total':<60} {report.hands:>6} {report.replayed:>8} "
        f"{sum(c.clean for c in report.files.values()):>6} {report.faults:>10} "
        f"{len(report.parse_failures):>10} {report.skipped:>7}")
    if report.by_code:
        say("")
        say(f"{'rule':<28} {'count':>6}  meaning")
        for code, count in sorted(report.by_code.items()):
            say(f"{code:<28} {count:>6}  {CODES.get(code, _other_meaning(code))}")
    if report.awards_derived:
        say("")
        say(f"pots awarded by the rules (no collect claims in the log): {report.awards_derived} hands")
    if report.undetermined:
        say("")
        say("undetermined (hidden cards): " + ", ".join(f"{k} {n}" for k, n in sorted(report.undetermined.items())))


def _other_meaning(code: str) -> str:
    """The meaning of a code that is not a rule: a reading failure, or a hand a later stage crashed on."""
    if code.startswith("internal."):
        return "a hand the replay could not process (a bug in badugi: please report it with the hand)"
    return "text the grammar could not read"
