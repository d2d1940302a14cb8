"""``badugi stats``: every stat of DESIGN §6 per player (or group) with 95 % Wilson intervals."""

from __future__ import annotations

import sys
from datetime import date, datetime
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Optional

import polars as pl
import typer
from rich.console import Console
from rich.table import Table

from badugi.analytics.schema import SCHEMA_VERSION
from badugi.analytics.selection import GROUPS, Selection, env_aliases
from badugi.analytics.stats import STATS, player_stats, stats_records
from badugi.analytics.store import Store, resolve_db_path
from badugi.cli._output import cell, fail, print_json
from badugi.cli.main import app
from badugi.errors import BadInput

DbOption = Annotated[Optional[Path], typer.Option(
    "--db", metavar="FILE", help="Database file (default: $BADUGI_DB, else $XDG_DATA_HOME/badugi/badugi.duckdb).")]
AliasOption = Annotated[Optional[list[str]], typer.Option(
    "--alias", metavar="NAME", help="Another screen name of the hero (repeatable; also $BADUGI_HERO, comma-separated).")]


class StatsFormat(str, Enum):
    table = "table"
    json = "json"
    csv = "csv"


class GroupBy(str, Enum):
    position = "position"
    stakes = "stakes"
    room = "room"
    month = "month"
    table_size = "table-size"


def parse_day(text: str | None, option: str) -> date | None:
    if text is None:
        return None
    try:
        return datetime.strptime(text, "%Y-%m-%d").date()
    except ValueError:
        fail(f"{option} wants a date as YYYY-MM-DD, got {text!r}")


def open_store(db: Path | None) -> Store:
    path = resolve_db_path(db)
    if not path.exists():
        fail(f"no database at {path} (run `badugi import` first)")
    try:
        store = Store(path, read_only=True)
        version = store.con.execute("SELECT max(version) FROM schema_version").fetchall()[0][0]
        if (version or 0) < SCHEMA_VERSION:  # an older store: migrate it once, then read
            store.close()
            Store(path).close()
            store = Store(path, read_only=True)
        return store
    except BadInput as exc:
        fail(str(exc))


def hero_aliases(extra: list[str] | None) -> tuple[str, ...]:
    return tuple(dict.fromkeys([*env_aliases(), *(extra or [])]))


@app.command("stats")
def stats_command(
    db: DbOption = None,
    player: Annotated[Optional[list[str]], typer.Option("--player", metavar="NAME", help="Only this screen name (repeatable).")] = None,
    hero: Annotated[bool, typer.Option("--hero", help="Only the hero: whoever the room dealt face-up cards to, "
                                                      "plus --alias names, pooled into one row.")] = False,
    alias: AliasOption = None,
    by: Annotated[Optional[GroupBy], typer.Option("--by", help="One row per player and group.")] = None,
    since: Annotated[Optional[str], typer.Option("--since", metavar="DATE", help="First day (YYYY-MM-DD, UTC), inclusive.")] = None,
    until: Annotated[Optional[str], typer.Option("--until", metavar="DATE", help="Last day (YYYY-MM-DD, UTC), inclusive.")] = None,
    room: Annotated[Optional[str], typer.Option("--room", metavar="ROOM", help="Only this room (pokerstars, fulltilt, ...).")] = None,
    stakes: Annotated[Optional[str], typer.Option("--stakes", metavar="STAKES", help="Only these stakes: '0.25/0.50' or "
                                                                   "'0.25/0.50 USD' or 'tournament'.")] = None,
    min_hands: Annotated[int, typer.Option("--min-hands", min=0, metavar="N", help="Drop rows with fewer hands.")] = 0,
    fmt: Annotated[StatsFormat, typer.Option("--format", help="table (terminal), json or csv.")] = StatsFormat.table,
) -> None:
    """Player stats over the store: each stat as done / opportunities, rate and 95 % Wilson interval;
    money as net, bb/100, big bets/100 (= bb/100 / 2), showdown and non-showdown winnings, rake paid.
    Formulas: docs/stats.md. Exit 0, or 2 on bad usage.

    Example: badugi stats --hero --by position --db /tmp/badugi.duckdb
    """
    if hero and player:
        fail("give --player or --hero, not both")
    try:
        selection = Selection(players=tuple(player or ()), hero=hero, aliases=hero_aliases(alias),
                              by=by.value if by else None, since=parse_day(since, "--since"),
                              until=parse_day(until, "--until"), room=room, stakes=stakes, min_hands=min_hands)
    except BadInput as exc:
        fail(str(exc))
    with open_store(db) as store:
        frame = player_stats(store.con, selection)
    if fmt is StatsFormat.json:
        print_json(stats_records(frame))
    elif fmt is StatsFormat.csv:
        sys.stdout.write(frame.write_csv())
    else:
        render_stats_table(frame)


def money(value: Any, currency: str | None) -> str:
    if value is None:
        return ""
    if currency in ("CHIPS", "PLAY", "mixed"):
        return f"{value:,}"
    return f"{value / 100:,.2f}"


def rate_cell(row: dict[str, Any], name: str) -> str:
    rate = row[f"{name}_rate"]
    if rate is None:
        return "-"
    return (f"{rate * 100:.1f}% [{row[f'{name}_lo'] * 100:.1f}-{row[f'{name}_hi'] * 100:.1f}] "
            f"{row[f'{name}_done']}/{row[f'{name}_opp']}")


def money_cells(row: dict[str, Any]) -> list[tuple[str, str]]:
    cur = row["currency"]
    af = row["af"]
    return [
        ("hands", f"{row['hands']:,}"),
        (f"net ({cur})", money(row["net"], cur)),
        ("bb/100", f"{row['bb_per_100']:.2f}"),
        ("big bets/100", f"{row['bigbets_per_100']:.2f}"),
        ("showdown net", money(row["showdown_net"], cur)),
        ("non-showdown net", money(row["nonshowdown_net"], cur)),
        ("rake paid", money(row["rake_paid"], cur)),
        ("AF (bets+raises)/calls", "-" if af is None else f"{af:.2f}"),
        ("cards drawn (avg) 1/2/3", " / ".join("-" if row[f"drawn_avg_{k}"] is None else f"{row[f'drawn_avg_{k}']:.2f}"
                                                for k in (1, 2, 3))),
    ]


def render_stats_table(frame: pl.DataFrame) -> None:
    """A rich table on stdout: stats down the side, one column per player (or player and group)."""
    console = Console(file=sys.stdout, width=max(100, min(220, 40 + 38 * max(frame.height, 1))))
    if frame.height == 0:
        console.print("no hands match")
        return
    rows = list(frame.iter_rows(named=True))
    for start in range(0, len(rows), 5):
        chunk = rows[start:start + 5]
        table = Table(show_lines=False, header_style="bold")
        table.add_column("stat (rate [95% CI] done/opp)")
        for row in chunk:
            title = row["player"] if row["player"] != "hero" else f"hero ({row['names']})"
            if "group" in row:
                title = f"{title} | {row['group']}"
            table.add_column(cell(title), overflow="fold")  # names are untrusted: never markup
        for k, (label, _) in enumerate(money_cells(chunk[0])):
            table.add_row(label, *[money_cells(row)[k][1] for row in chunk])
        section = None
        for stat in STATS:
            if stat.group != section:
                section = stat.group
                table.add_row(f"[dim]-- {section}[/dim]", *["" for _ in chunk])
            table.add_row(stat.title, *[rate_cell(row, stat.name) for row in chunk])
        console.print(table)


assert set(g.value for g in GroupBy) == set(GROUPS)
