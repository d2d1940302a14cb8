"""Typed errors of the library; the CLI turns them into one clear line."""

from __future__ import annotations


class BadugiError(Exception):
    """Base of every error the library raises on purpose (bad input, bad usage)."""


class BadInput(BadugiError, ValueError):
    """A value given by the user or read from a file is not what was expected."""


class DatabaseBusy(BadugiError):
    """Another process kept the database for longer than this one would wait (the CLI exits 3)."""

    def __init__(self, message: str, pid: int | None = None) -> None:
        super().__init__(message)
        self.pid = pid


class StoreFailed(BadugiError):
    """The database refused a write (disk full, a damaged or read-only file): what was committed before
    stays, and a rerun of the import goes on from there."""
