"""The Typer command-line app: the only layer that prints."""

from __future__ import annotations

import sys

ONLY: str | None = None
"""The command the ``badugi`` console script runs, set before ``cli.main`` is imported: it then imports
that command's module alone (``None``: every command module, as ``from badugi.cli.main import app`` does)."""


def run() -> None:
    """The ``badugi`` console script: ``cli.main.main`` with only the command being run imported, so that
    ``badugi import`` does not load what other commands need (polars, plotly: ~40 MB of the importing
    process). Help, a mistyped command or none at all load every command."""
    global ONLY
    ONLY = sys.argv[1] if len(sys.argv) > 1 else None
    from badugi.cli.main import main

    main()
