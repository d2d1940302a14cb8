"""Root Typer app. Each command lives in its own module and registers itself on ``app``. Importing this
module imports them all, except under the ``badugi`` console script (``badugi.cli.run``), which imports
the module of the command being run alone (``badugi.cli.ONLY``).

Exit codes: 0 success; 1 the command ran but found problems (violations, rejected hands);
2 usage error or unreadable input; 3 the database stayed busy (another import, or a process holding the
file) for longer than ``--wait`` seconds; 4 an internal error (a bug in badugi: one line on stderr, the traceback
saved to a file; ``BADUGI_DEBUG=1`` shows it instead).
"""

from __future__ import annotations

import importlib
import os
import tempfile
import traceback

import typer
import typer.main

import badugi.cli

from badugi.cli._db import BUSY_EXIT
from badugi.cli._help import BadugiCommand, BadugiGroup
from badugi.cli._output import shown
from badugi.errors import BadugiError, DatabaseBusy

INTERNAL_EXIT = 4
"""Exit status of a command that stopped on an unexpected exception (a bug)."""

app = typer.Typer(
    name="badugi",
    cls=BadugiGroup,
    help="Parse, replay, audit and analyse Badugi hand histories.",
    no_args_is_help=True,
    epilog="Exit codes: 0 done; 1 problems found (violations, rejected hands); 2 bad usage or unreadable input; "
           "3 the database stayed busy past --wait; 4 an internal error (a bug: the traceback is saved to a file).",
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
    database); any other exception (a bug) one line naming it and the file its traceback was saved to, exit 4."""
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
    except Exception as exc:  # noqa: BLE001 - a bug: never a traceback on the user's screen
        if os.environ.get("BADUGI_DEBUG"):
            raise
        saved = _save_traceback(exc)
        typer.echo(f"internal error (a bug in badugi): {type(exc).__name__}: {shown(exc)}; the traceback is in "
                   f"{saved}: please report it with the command and the file it read", err=True)
        raise SystemExit(INTERNAL_EXIT) from None


def _save_traceback(exc: Exception) -> str:
    """The exception's traceback written to a new file in the temporary folder; its path."""
    handle, path = tempfile.mkstemp(prefix="badugi-crash-", suffix=".txt")
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        out.write("".join(traceback.format_exception(exc)))
    return path


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
