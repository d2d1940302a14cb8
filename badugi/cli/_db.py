"""What every command that opens the store shares: how long it waits for a busy database, and exit 3."""

from __future__ import annotations

from typing import Annotated, NoReturn

import typer

from badugi.analytics.sharing import DEFAULT_WAIT_S
from badugi.cli._output import fail, note
from badugi.errors import DatabaseBusy

BUSY_EXIT = 3
"""Exit code when the database stayed busy (another import, or a process holding it) past ``--wait``."""

WaitOption = Annotated[float, typer.Option(
    "--wait", min=0, metavar="SECONDS",
    help=f"When an import or another process has the database, wait this long for it, "
         f"then exit {BUSY_EXIT}.")]


def say_waiting(message: str) -> None:
    """``on_wait`` for the store: one line on stderr when a wait begins."""
    note(message)


def fail_busy(exc: DatabaseBusy) -> NoReturn:
    fail(str(exc), code=BUSY_EXIT)


__all__ = ["BUSY_EXIT", "DEFAULT_WAIT_S", "WaitOption", "fail_busy", "say_waiting"]
