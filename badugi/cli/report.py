"""``badugi report``: one self-contained HTML file (opens offline) for the hero or one player."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Annotated, Optional

import typer

from badugi.analytics.report import build_report
from badugi.cli._output import fail, note, require_folder
from badugi.cli.leaks import leak_selection, require_hands
from badugi.cli.main import app
from badugi.cli.stats import AliasOption, DbOption, open_store
from badugi.errors import BadInput


@app.command("report")
def report_command(
    out: Annotated[Path, typer.Option("--out", metavar="FILE", help="HTML file to write.")],
    db: DbOption = None,
    hero: Annotated[Optional[str], typer.Option("--hero", metavar="NAME", help="The player to report on (default: whoever the "
                                                               "room dealt face-up cards to).")] = None,
    alias: AliasOption = None,
) -> None:
    """Write one self-contained HTML report (plotly.js inlined, opens offline): winnings in big bets over
    hands (net, showdown, non-showdown), results by position and stakes, draw charts, the stat table with
    95 % intervals, the leaks with example hands replayed as text, the hero against the rest.
    Exit 0, or 2 on bad usage.

    Example: badugi report --db /tmp/badugi.duckdb --out report.html
    """
    out = require_folder(out, "--out")
    if out.is_dir():
        fail(f"--out {out} is a folder; give a file name such as {out / 'report.html'}")
    try:
        selection = leak_selection(hero, alias)
    except BadInput as exc:
        fail(str(exc))
    with open_store(db) as store:
        require_hands(store, selection, hero)
        page = build_report(store.con, selection, hero or "hero")
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
