"""``--hero [NAME]``, ``--alias NAME`` and ``--player NAME``, the same in ``stats``, ``leaks`` and ``report``:
who the hero is (``badugi.analytics.heroes``) and the note naming the face-up names left out."""

from __future__ import annotations

from typing import Annotated, Optional

import duckdb
import typer

from badugi.analytics.heroes import Hero, find_hero
from badugi.analytics.selection import HERO_ENV, Selection, env_hero_names
from badugi.cli._help import OPTIONAL_VALUE
from badugi.cli._output import fail, note

HeroOption = Annotated[Optional[str], typer.Option(
    "--hero", metavar=OPTIONAL_VALUE,
    help=f"The hero (you): this screen name, in every room. Alone or left out: the names in ${HERO_ENV}, "
         "else the name dealt face-up cards in the most hands (the others are listed, not pooled).")]
AliasOption = Annotated[Optional[list[str]], typer.Option(
    "--alias", metavar="NAME", help="Another screen name of the hero, pooled with it (repeatable).")]


def choose_hero(con: duckdb.DuckDBPyConnection, base: Selection, hero: str | None,
                alias: list[str] | None) -> Hero:
    """The hero for ``--hero``/``--alias``/``$BADUGI_HERO`` or the files; exit 2 when there is none, and a
    note on stderr when other names dealt face-up cards were left out."""
    found = find_hero(con, base, named=hero or None, env_names=env_hero_names(), aliases=alias or ())
    if not found.names:
        fail("no file dealt face-up cards to anyone, so there is no hero to find: give --hero NAME "
             f"(or set {HERO_ENV}=NAME)")
    left_out = found.left_out_text()
    if left_out:
        note(f"hero: {', '.join(found.names)} ({found.origin()}); {left_out}")
    return found


def hero_notes(found: Hero) -> list[str]:
    """The report's lines about the hero: who it is and why, and the names left out."""
    lines = [f"Hero: {', '.join(found.names)} ({found.origin()})."]
    left_out = found.left_out_text()
    if left_out:
        lines.append(left_out[:1].upper() + left_out[1:] + ".")
    return lines
