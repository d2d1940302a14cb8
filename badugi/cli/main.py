"""Root Typer app. Each command lives in its own module and registers itself on ``app``.

Exit codes: 0 success; 1 the command ran but found problems (violations, rejected hands);
2 usage error or unreadable input.
"""

from __future__ import annotations

import typer

from badugi.cli._output import shown
from badugi.errors import BadugiError

app = typer.Typer(
    name="badugi",
    help="Parse, replay, audit and analyse Badugi hand histories.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    add_completion=False,
)


def main() -> None:
    """Console-script entry point: a library error that escaped a command becomes one line, exit 2."""
    _register_commands()
    try:
        app()
    except BadugiError as exc:
        typer.echo(f"error: {shown(exc)}", err=True)
        raise SystemExit(2) from None


def _register_commands() -> None:
    """Import each command module once; importing a module adds its commands to ``app``."""
    # One line per command module, in the order they appear in --help.
    from badugi.cli import rank  # noqa: F401
    from badugi.cli import odds  # noqa: F401
    from badugi.cli import simulate  # noqa: F401
    from badugi.cli import stats  # noqa: F401
    from badugi.cli import import_  # noqa: F401
    from badugi.cli import export  # noqa: F401
    from badugi.cli import leaks  # noqa: F401
    from badugi.cli import report  # noqa: F401
    from badugi.cli import audit  # noqa: F401
    from badugi.cli import replay  # noqa: F401
    from badugi.cli import parse  # noqa: F401


_register_commands()
