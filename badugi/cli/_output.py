r"""Shared output helpers: data to stdout, messages to stderr, one clear line on bad input.

Player names, chat, table names, hand ids and file names come from files, so they are untrusted text:
whatever prints them goes through ``shown`` (plain text) or ``cell`` (a rich ``Text``, for table cells
and ``console.print``; never a markup string, where rich would also turn ``:smile:`` into an emoji).
Rich never reads them as markup, and a terminal never receives a character it would act on instead of
showing (escape sequences, carriage returns, bidirectional overrides): those are written as their
Python escapes, so a name holding the four characters ``\x1b`` looks like one holding an escape
character; JSON tells them apart. Machine formats keep the exact text: JSON writes those characters
as ``\uXXXX`` (the value round-trips), CSV writes them as they are (docs/stats.md).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.text import Text

HIDDEN = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""Characters a terminal acts on or hides instead of showing: C0 and C1 controls and DEL (escape
sequences, bells, carriage returns that overwrite a line, tabs that shift columns), bidirectional marks,
embeddings, overrides and isolates (they reorder the text that follows: "Trojan Source"), and the
Unicode line and paragraph separators."""
JSON_HIDDEN = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""``HIDDEN`` less the C0 controls, which ``json.dumps`` escapes itself (its output's own newlines stay)."""


def shown(text: object) -> str:
    """Untrusted text for a terminal: each character of ``HIDDEN`` written as its Python escape
    (``\\x1b``, ``\\t``, ``\\u202e``), everything else as it is (a name without such characters is
    shown exactly)."""
    return HIDDEN.sub(_escaped, str(text))


def _escaped(match: re.Match[str]) -> str:
    return match.group().encode("unicode_escape").decode("ascii")


def cell(text: object, style: str = "") -> Text:
    """Untrusted text as a rich ``Text``: shown, never read as markup."""
    return Text(shown(text), style=style)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``error: message`` to stderr and exit (2 = usage error / unreadable input)."""
    typer.echo(f"error: {shown(message)}", err=True)
    raise typer.Exit(code)


def print_json(data: Any) -> None:
    """Pretty JSON on stdout (no ASCII escaping, so player names stay readable; the characters a
    terminal would act on are written as ``\\uXXXX`` escapes, so the JSON still holds the exact text)."""
    text = json.dumps(data, indent=2, ensure_ascii=False, default=str)
    typer.echo(JSON_HIDDEN.sub(lambda m: f"\\u{ord(m.group()):04x}", text))


def note(message: str) -> None:
    """A message for the human: stderr, so stdout stays machine-readable."""
    typer.echo(shown(message), err=True)


def say(line: str) -> None:
    """One line of text output on stdout, its untrusted parts shown safely."""
    typer.echo(shown(line))


def require_folder(path: Path, option: str, may_create: Path | None = None) -> Path:
    """``path`` (``~`` expanded) when the folder it goes in exists. A missing folder is a usage error
    (exit 2): a typo must not create folders. Only ``may_create`` (the default data folder) is created."""
    path = path.expanduser()
    parent = path.parent
    if parent.is_dir():
        return path
    if may_create is not None and parent == may_create:
        try:
            parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(f"cannot create {parent}: {exc.strerror or exc}")
        return path
    if parent.exists():
        fail(f"{option} {path}: {parent} is not a folder")
    fail(f"{option} {path}: the folder {parent} does not exist (create it first)")
