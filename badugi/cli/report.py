"""``badugi report``: one self-contained HTML file (opens offline) for the hero or one player."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from badugi.analytics.report import build_report
from badugi.analytics.sessions import DEFAULT_GAP_MINUTES
from badugi.cli._hero import AliasOption, HeroOption, hero_notes
from badugi.cli._db import DEFAULT_WAIT_S, WaitOption
from badugi.cli._output import fail, note, require_folder
from badugi.cli.leaks import PlayerOption, examined
from badugi.cli.main import app
from badugi.cli.sessions import SessionGapOption
from badugi.cli.stats import DbOption, ParquetOption, open_store


@app.command("report")
def report_command(
    out: Annotated[Path, typer.Option("--out", metavar="FILE", help="HTML file to write.")],
    db: DbOption = None,
    hero: HeroOption = None,
    alias: AliasOption = None,
    player: PlayerOption = None,
    gap: SessionGapOption = DEFAULT_GAP_MINUTES,
    wait: WaitOption = DEFAULT_WAIT_S,
    parquet: ParquetOption = None,
) -> None:
    """Write one self-contained HTML report (plotly.js inlined, opens offline) for the hero (or --player):
    net won per currency, winnings over hands (net, all-in EV, showdown, non-showdown), results by position and
    stakes, sessions (start, length, tables, hands, net, bb/100) with hands and net by hour of day (UTC),
    draw charts, the stat table with 95 % intervals, the leaks with example hands, the biggest pots and
    every showdown lost (each hand opens a step-through replayer), the player against the rest.
    Works while an import runs. Exit 0, 2 on bad usage, 3 when the database stays busy past --wait.

    Example: badugi report --db /tmp/badugi.duckdb --out report.html
    """
    out = require_folder(out, "--out")
    if out.is_dir():
        fail(f"--out {out} is a folder; give a file name such as {out / 'report.html'}")
    with open_store(db, wait, parquet) as store:
        selection, who, found, _ = examined(store, hero, alias, player)
        page = build_report(store.con, selection, who, notes=hero_notes(found) if found else (), session_gap=gap)
    try:
        fd, tmp = tempfile.mkstemp(prefix=".report-", suffix=".html", dir=out.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(page)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # a normal file, not mkstemp's private 0600
        os.replace(tmp, out)
    except OSError as exc:  # e.g. a folder the user may not write to
        fail(f"--out {out}: {exc.strerror or exc}")
    note(f"wrote {out} ({len(page.encode('utf-8')) / 1e6:.1f} MB)")
