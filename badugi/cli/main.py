"""Root Typer app. Each command lives in its own module and registers itself on ``app``. Importing this
module imports them all, except under the ``badugi`` console script (``badugi.cli.run``), which imports
the module of the command being run alone (``badugi.cli.ONLY``).

Exit codes: 0 success; 1 the command ran but found problems (violations, rejected hands);
2 usage error or unreadable input; 3 the database stayed busy (another import, or a process holding the
file) for longer than ``--wait`` seconds.
"""

from __future__ import annotations

import importlib

import typer
import typer.main

import badugi.cli

from badugi.cli._db import BUSY_EXIT
from badugi.cli._help import BadugiCommand, BadugiGroup
from badugi.cli._output import shown
from badugi.errors import BadugiError, DatabaseBusy

app = typer.Typer(
    name="badugi",
    cls=BadugiGroup,
    help="Parse, replay, audit and analyse Badugi hand histories.",
    no_args_is_help=True,
    epilog="Exit codes: 0 done; 1 problems found (violations, rejected hands); 2 bad usage or unreadable input; "
           "3 the database stayed busy past --wait.",
    pretty_exceptions_show_locals=False,
    add_completion=False,
)

PANELS: dict[str, tuple[str, ...]] = {
    "Track your play": ("import", "stats", "sessions", "tournaments", "leaks", "report"),
    "Check and convert hand histories": ("audit", "replay", "parse", "export"),
    "Rules, odds and simulation": ("simulate", "rank", "odds"),
}
"""The help's command panels, in the order a user works: store the files, look at the results, check
the files, then the rules tools."""

SUMMARIES: dict[str, str] = {
    "import": "Import hand histories (any room) into the database.",
    "stats": "Player stats with 95 % intervals; money per currency.",
    "sessions": "The hero's sessions: start, length, tables, hands, net, bb/100.",
    "tournaments": "Tournament results: ROI and in-the-money rate by buy-in.",
    "leaks": "The hero's leaks, with the evidence and example hands.",
    "report": "One HTML report for the hero (opens offline).",
    "audit": "Replay every hand and list each broken rule with file:line.",
    "replay": "Show one hand as the rules replay it.",
    "parse": "Parse files: hands found, parsed and skipped, and parse errors.",
    "export": "Export the database as Parquet or CSV, or convert files to PHH.",
    "simulate": "Simulate legal hands and write them as a room's hand-history file.",
    "rank": "Rank a hand (Badugi, 2-7 or A-5 low): class and label.",
    "odds": "Chance of making a badugi drawing to the kept cards.",
}
"""One line per command for ``badugi --help`` (each command's own help says the rest)."""


MODULES: dict[str, str] = {name: "import_" if name == "import" else name for names in PANELS.values()
                           for name in names}
"""Command -> the module of ``badugi.cli`` that registers it."""


def main() -> None:
    """Run the command line: a library error that escaped a command becomes one line, exit 2 (3 for a busy
    database)."""
    _register_commands(badugi.cli.ONLY)
    # one command registered alone would be the whole app to Typer (``badugi import PATH`` read as
    # ``badugi PATH``): it is run as a group of one
    command = typer.main.get_group(app) if len(app.registered_commands) == 1 else app
    try:
        command()
    except DatabaseBusy as exc:
        typer.echo(f"error: {exc}", err=True)
        raise SystemExit(BUSY_EXIT) from None
    except BadugiError as exc:
        typer.echo(f"error: {shown(exc)}", err=True)
        raise SystemExit(2) from None


def _register_commands(only: str | None = None) -> None:
    """Import each command module once (importing a module adds its commands to ``app``), or only the
    module of the command ``only`` (with those it imports) when that names one, then give every
    registered command its help panel and the help style, in ``PANELS`` order."""
    if only in MODULES:
        importlib.import_module(f"badugi.cli.{MODULES[only]}")
    else:
        from badugi.cli import (audit, export, import_, leaks, odds, parse, rank, replay, report,  # noqa: F401
                                sessions, simulate, stats, tournaments)

    order = [name for names in PANELS.values() for name in names]
    panel_of = {name: panel for panel, names in PANELS.items() for name in names}
    for info in app.registered_commands:
        info.cls = BadugiCommand
        info.rich_help_panel = panel_of.get(info.name or "", "Other commands")
        info.short_help = info.short_help or SUMMARIES.get(info.name or "")
    app.registered_commands.sort(key=lambda info: order.index(info.name) if info.name in order else len(order))


_register_commands(badugi.cli.ONLY)
