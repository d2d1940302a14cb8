"""Shared output helpers: data to stdout, messages to stderr, one clear line on bad input."""

from __future__ import annotations

import json
from typing import Any, NoReturn

import typer


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``error: message`` to stderr and exit (2 = usage error / unreadable input)."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def print_json(data: Any) -> None:
    """Pretty JSON on stdout (no ASCII escaping, so player names stay readable)."""
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False, default=str))


def note(message: str) -> None:
    """A message for the human: stderr, so stdout stays machine-readable."""
    typer.echo(message, err=True)
