"""The Typer command-line app: the only layer that prints."""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence

ONLY: str | None = None
"""The command the ``badugi`` console script runs, set before ``cli.main`` is imported: it then imports
that command's module alone (``None``: every command module, as ``from badugi.cli.main import app`` does)."""


def run() -> None:
    """The ``badugi`` console script: ``cli.main.main`` with only the command being run imported, so that
    ``badugi import`` does not load what other commands need (polars, plotly: ~40 MB of the importing
    process). Help, a mistyped command or none at all load every command."""
    global ONLY
    ONLY = sys.argv[1] if len(sys.argv) > 1 else None
    start_early(sys.argv[1:])
    from badugi.cli.main import main

    try:
        main()
    finally:
        # the interpreter's exit then skips its full collections over every object the command's modules
        # made (dask, pyarrow, the parsers: 0.3-0.45 s of an import --cluster's exit, 0.03 s so; it has closed what
        # it opened by now, and what a collection would free is freed by the process's end anyway)
        gc.freeze()


def start_early(args: Sequence[str]) -> None:
    """Start the workers' fork server before the command's modules are imported, when the command line
    asks for workers: an import or an archive audit with more than one job, or a ``local:N`` cluster.
    The server imports the parsers (and dask) on another core while this process imports the command's
    own modules (~1 CPU-second either side), instead of after them. A command line Typer then refuses
    costs only the server's start: it ends with this process."""
    if not args or args[0] not in ("import", "audit") or "--help" in args:
        return
    cluster = _option(args, "--cluster")
    if cluster is not None:
        from badugi.analytics.cluster import LOCAL, start_fork_server

        if LOCAL.fullmatch(cluster.strip()):
            start_fork_server()
        return
    if args[0] == "audit" and _option(args, "--out") is None:
        return  # an audit without --out runs in this process
    from badugi.analytics.pool import default_jobs, start_fork_server

    jobs = _option(args, "--jobs", "-j")
    if (jobs.isdigit() and int(jobs) > 1) if jobs is not None else default_jobs() > 1:
        start_fork_server()


def _option(args: Sequence[str], *names: str) -> str | None:
    """The value given to an option (``--name VALUE`` or ``--name=VALUE``; the last one counts, as in
    Typer), ``None`` when it is not given. Arguments after ``--`` are not options."""
    found = None
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg in names and index + 1 < len(args):
            found = args[index + 1]
        elif arg.startswith("--") and arg.split("=", 1)[0] in names and "=" in arg:
            found = arg.split("=", 1)[1]
    return found
