"""The console script starts the workers' fork server before the command's imports, only when the
command line asks for workers (``cli.start_early``)."""

from __future__ import annotations

import pytest

import badugi.analytics.cluster as cluster
import badugi.analytics.pool as pool
from badugi.cli import _option, run, start_early


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    monkeypatch.setattr(cluster, "start_fork_server", lambda: calls.append("cluster"))
    monkeypatch.setattr(pool, "start_fork_server", lambda: calls.append("pool"))
    monkeypatch.setattr(pool, "default_jobs", lambda: 2)
    return calls


@pytest.mark.parametrize(("argv", "expected"), [
    (["import", "hh/", "--db", "a.duckdb"], ["pool"]),  # default jobs: the cores (2 here)
    (["import", "hh/", "--jobs", "2"], ["pool"]),
    (["import", "hh/", "-j", "3"], ["pool"]),
    (["import", "hh/", "--jobs=4"], ["pool"]),
    (["import", "hh/", "--jobs", "1"], []),  # one process: no pool
    (["import", "hh/", "--cluster", "local:2"], ["cluster"]),
    (["import", "hh/", "--cluster=local:3"], ["cluster"]),
    (["import", "hh/", "--cluster", "tcp://10.0.0.1:8786"], []),  # a remote cluster's workers are there already
    (["audit", "hh/", "--out", "parts", "--cluster", "local:2"], ["cluster"]),
    (["audit", "hh/", "--out", "parts"], ["pool"]),
    (["audit", "hh/"], []),  # no archive: the audit runs in this process
    (["stats", "--db", "a.duckdb"], []),
    (["import", "--help"], []),
    (["import", "--", "--jobs", "2"], ["pool"]),  # after --, a path named --jobs: the default jobs
    ([], []),
])
def test_the_fork_server_starts_early_only_for_workers(started: list[str], argv: list[str],
                                                       expected: list[str]) -> None:
    start_early(argv)
    assert started == expected


def test_one_default_job_starts_no_pool(started: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pool, "default_jobs", lambda: 1)
    start_early(["import", "hh/"])
    assert started == []


def test_the_console_script_freezes_its_objects_before_the_interpreters_exit(monkeypatch: pytest.MonkeyPatch) -> None:
    """``cli.run`` leaves what the command made to the process's end, not to the exit's full collections."""
    import gc
    import sys

    import badugi.cli.main

    monkeypatch.setattr(sys, "argv", ["badugi", "stats", "--help"])
    monkeypatch.setattr(badugi.cli.main, "main", lambda: None)
    gc.unfreeze()
    try:
        run()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_option_values_as_typer_reads_them() -> None:
    assert _option(["import", "--jobs", "2", "--jobs", "3"], "--jobs") == "3"  # the last one counts
    assert _option(["import", "--jobs"], "--jobs") is None  # no value after it
    assert _option(["import", "--jobsx=2"], "--jobs") is None
    assert _option(["import", "-j", "5"], "--jobs", "-j") == "5"


def test_the_options_read_early_are_the_commands_own() -> None:
    """``start_early`` reads the options by name before Typer does: a renamed option must fail here."""
    import typer.main

    from badugi.cli.main import app

    group = typer.main.get_group(app)
    options = {name: {opt for param in group.commands[name].params for opt in param.opts}
               for name in ("import", "audit")}
    assert {"--cluster", "--jobs", "-j"} <= options["import"]
    assert {"--cluster", "--jobs", "-j", "--out"} <= options["audit"]
