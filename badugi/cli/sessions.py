"""``badugi sessions``: the hero's sessions (continuous play across tables), with length, tables, hands,
net per currency and bb/100."""

from __future__ import annotations

import sys
from datetime import datetime
from typing import Annotated, Any, Optional

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from badugi.analytics.selection import Selection
from badugi.analytics.sessions import DEFAULT_GAP_MINUTES, Sessions, find_sessions, session_records, session_table
from badugi.cli._db import DEFAULT_WAIT_S, WaitOption
from badugi.cli._hero import AliasOption, HeroOption, choose_hero
from badugi.cli._output import cell, fail, print_json
from badugi.cli.main import app
from badugi.cli.stats import DbOption, StatsFormat, open_store, parse_day
from badugi.errors import BadInput

SessionGapOption = Annotated[int, typer.Option(
    "--session-gap", min=1, metavar="MINUTES",
    help="A new session starts when no hand starts for this many minutes, at any table.")]

SHOWN_TABLES = 4
"""A session's table names shown in the terminal table; the rest are counted (JSON and CSV list all)."""


@app.command("sessions")
def sessions_command(
    db: DbOption = None,
    hero: HeroOption = None,
    alias: AliasOption = None,
    since: Annotated[Optional[str], typer.Option("--since", metavar="DATE", help="First day (YYYY-MM-DD, UTC), inclusive.")] = None,
    until: Annotated[Optional[str], typer.Option("--until", metavar="DATE", help="Last day (YYYY-MM-DD, UTC), inclusive.")] = None,
    room: Annotated[Optional[str], typer.Option("--room", metavar="ROOM", help="Only this room (pokerstars, fulltilt, ...).")] = None,
    stakes: Annotated[Optional[str], typer.Option("--stakes", metavar="STAKES", help="Only these stakes: '0.25/0.50' or "
                                                                   "'0.25/0.50 USD' or 'tournament'.")] = None,
    gap: SessionGapOption = DEFAULT_GAP_MINUTES,
    fmt: Annotated[StatsFormat, typer.Option("--format", metavar="FORMAT", help="table (terminal), json or csv.")] = StatsFormat.table,
    wait: WaitOption = DEFAULT_WAIT_S,
) -> None:
    """The hero's sessions: each stretch of continuous play, across every table and room, ended when no
    hand starts for --session-gap minutes. For each: start (UTC), length (first to last hand's start),
    tables, hands, net per currency (tournament chips as big blinds) and bb/100 over every currency.
    Times are the rooms' clocks converted to UTC; a daylight-saving hour is counted as flagged, and hands
    with no known time are counted apart. Definitions: docs/stats.md. Works while an import runs. Exit 0,
    2 on bad usage, 3 when the database stays busy past --wait.

    Example: badugi sessions --db /tmp/badugi.duckdb --session-gap 45
    """
    try:
        base = Selection(since=parse_day(since, "--since"), until=parse_day(until, "--until"), room=room,
                         stakes=stakes)
    except BadInput as exc:
        fail(str(exc))
    with open_store(db, wait) as store:
        found_hero = choose_hero(store.con, base, hero, alias)
        found = find_sessions(store.con, found_hero.selection(base), gap)
    if fmt is StatsFormat.json:
        print_json({"hero": list(found_hero.names), **session_records(found)})
    elif fmt is StatsFormat.csv:
        sys.stdout.write(session_table(found).write_csv(datetime_format="%Y-%m-%dT%H:%M:%SZ"))
    else:
        render_sessions(", ".join(found_hero.names), found)


def length_text(minutes: float | None) -> str:
    """``2 h 05 min``, ``45 min``, ``0 min``."""
    if minutes is None:
        return "-"
    whole = int(round(minutes))
    hours, rest = divmod(whole, 60)
    return f"{hours} h {rest:02d} min" if hours else f"{rest} min"


def _when(value: datetime | None) -> str:
    return "-" if value is None else f"{value:%Y-%m-%d %H:%M}"


def _names_cell(count: int, names: list[str]) -> Text:
    """The first ``SHOWN_TABLES`` table names, then how many more (names are untrusted: never markup)."""
    text = Text()
    for k, name in enumerate(names[:SHOWN_TABLES]):
        if k:
            text.append(", ")
        text.append_text(cell(name))
    if count > SHOWN_TABLES:
        text.append(f" (+{count - SHOWN_TABLES} more)")
    return text


def _net_cell(row: dict[str, Any], found: Sessions) -> str:
    lines = [kind.format(row[f"net_{kind.suffix}"], row[f"net_bb_{kind.suffix}"])
             for kind in found.kinds if row.get(f"hands_{kind.suffix}")]
    return "\n".join(lines) or "-"


def render_sessions(who: str, found: Sessions) -> None:
    """A rich table on stdout, one row per session (and one for hands with no start time), then totals."""
    console = Console(file=sys.stdout, width=160)
    if found.hands == 0:
        console.print("no hands match")
        return
    names: dict[int, list[str]] = {}
    one_room = found.sittings["room"].n_unique() <= 1
    for row in found.sittings.iter_rows(named=True):
        label = row["table_name"] if row["table_name"] is not None else "(no table name)"
        names.setdefault(row["session"], []).append(label if one_room else f"{label} ({row['room']})")
    flagged = found.sessions["flagged"].sum() + found.undated["flagged"] > 0
    table = Table(header_style="bold")
    for title, justify in (("#", "right"), ("start (UTC)", "left"), ("length", "right"), ("tables", "right"),
                           ("table names", "left"), ("hands", "right"), ("net", "right"), ("bb/100", "right")):
        table.add_column(title, justify=justify, overflow="fold")  # type: ignore[arg-type]
    if flagged:
        table.add_column("flagged times", justify="right")
    for row in found.sessions.iter_rows(named=True):
        table.add_row(str(row["session"]), _when(row["start"]), length_text(row["minutes"]),
                      str(row["tables"]), _names_cell(row["tables"], names.get(row["session"], [])),
                      f"{row['hands']:,}",
                      _net_cell(row, found), _num(row["bb_per_100"]),
                      *([str(row["flagged"] or "")] if flagged else []))
    undated = found.undated
    if undated["hands"]:
        table.add_row("-", "no start time", "-", "-", "", f"{undated['hands']:,}", _net_cell(undated, found),
                      _num(undated["bb_per_100"]), *([str(undated["flagged"])] if flagged else []))
    console.print(Text.assemble("hero: ", cell(who)))
    console.print(table)
    count = found.sessions.height
    total = found.sessions["minutes"].sum() or 0.0
    summary = (f"{count:,} session{'s' if count != 1 else ''} (a gap of {found.gap_minutes:g} min or more "
               f"starts a new one), {found.hands:,} hands, {length_text(total)} of play")
    if undated["hands"]:
        summary += f"; {undated['hands']:,} hands with no start time (a time zone no room table knows)"
    console.print(summary)
    if flagged:
        console.print("flagged times: hands whose start time is a guess (a daylight-saving hour, two clocks that "
                      "disagree, a room that writes no time zone); see docs/stats.md")


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"
