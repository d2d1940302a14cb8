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

from badugi.analytics.archive_read import ParquetStore
from badugi.analytics.money import MoneyKind
from badugi.analytics.schema import SCHEMA_VERSION
from badugi.analytics.selection import GROUPS, Selection
from badugi.analytics.stats import STATS, money_split, player_stats, stats_records
from badugi.analytics.store import Store, resolve_db_path
from badugi.cli._hero import AliasOption, HeroOption, choose_hero
from badugi.cli._db import DEFAULT_WAIT_S, WaitOption, fail_busy, say_waiting
from badugi.cli._options import ParquetOption
from badugi.cli._output import cell, fail, print_json
from badugi.cli.main import app
from badugi.errors import BadInput, DatabaseBusy

DbOption = Annotated[Optional[Path], typer.Option(
    "--db", metavar="FILE", help="Database file (default: $BADUGI_DB, else $XDG_DATA_HOME/badugi/badugi.duckdb).")]


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
    game = "game"


def parse_day(text: str | None, option: str) -> date | None:
    if text is None:
        return None
    try:
        return datetime.strptime(text, "%Y-%m-%d").date()
    except ValueError:
        fail(f"{option} wants a date as YYYY-MM-DD, got {text!r}")



def open_store(db: Path | None, wait: float = DEFAULT_WAIT_S, parquet: Path | None = None) -> Store | ParquetStore:
    """The store, read-only; while an import writes it, waits for the import's next batch boundary (up
    to ``wait`` seconds, then exit 3). With ``parquet``, the archive in that folder (``--parquet``)."""
    if parquet is not None:
        if db is not None:
            fail("give --db or --parquet, not both")
        try:
            return ParquetStore(parquet)
        except BadInput as exc:
            fail(str(exc))
    path = resolve_db_path(db)
    if not path.exists():
        fail(f"no database at {path} (run `badugi import` first)")
    try:
        store = Store(path, read_only=True, wait=wait, on_wait=say_waiting)
        version = store.con.execute("SELECT max(version) FROM schema_version").fetchall()[0][0]
        if (version or 0) < SCHEMA_VERSION:  # an older store: migrate it once, then read
            store.close()
            Store(path, wait=wait, on_wait=say_waiting).close()
            store = Store(path, read_only=True, wait=wait, on_wait=say_waiting)
        return store
    except BadInput as exc:
        fail(str(exc))
    except DatabaseBusy as exc:
        fail_busy(exc)


@app.command("stats")
def stats_command(
    db: DbOption = None,
    player: Annotated[Optional[list[str]], typer.Option("--player", metavar="NAME", help="Only this screen name, one row each (repeatable).")] = None,
    hero: HeroOption = None,
    alias: AliasOption = None,
    by: Annotated[Optional[GroupBy], typer.Option("--by", metavar="GROUP", help="One row per player and group: position, stakes, room, month, table-size or game.")] = None,
    since: Annotated[Optional[str], typer.Option("--since", metavar="DATE", help="First day (YYYY-MM-DD, UTC), inclusive.")] = None,
    until: Annotated[Optional[str], typer.Option("--until", metavar="DATE", help="Last day (YYYY-MM-DD, UTC), inclusive.")] = None,
    room: Annotated[Optional[str], typer.Option("--room", metavar="ROOM", help="Only this room (pokerstars, fulltilt, ...).")] = None,
    stakes: Annotated[Optional[str], typer.Option("--stakes", metavar="STAKES", help="Only these stakes: '0.25/0.50' or "
                                                                   "'0.25/0.50 USD' or 'tournament'.")] = None,
    min_hands: Annotated[int, typer.Option("--min-hands", min=0, metavar="N", help="Drop rows with fewer hands.")] = 0,
    game: Annotated[Optional[str], typer.Option("--game", metavar="GAME", help="Only this game: badugi, 27_triple_draw, "
                                                                               "a5_triple_draw, 27_single_draw, a5_single_draw, badacey or badeucey.")] = None,
    fmt: Annotated[StatsFormat, typer.Option("--format", metavar="FORMAT", help="table (terminal), json or csv.")] = StatsFormat.table,
    wait: WaitOption = DEFAULT_WAIT_S,
    parquet: ParquetOption = None,
) -> None:
    """Player stats over the store: each stat as done / opportunities, rate and 95 % Wilson interval;
    money per currency (USD cash, EUR cash, tournament chips as big blinds, play money) as net, showdown
    and non-showdown winnings and rake paid, and the all-in EV net (ev_net: each all-in with draws to come
    valued at its equity, with its Monte Carlo standard error); bb/100, all-in EV bb/100 (ev_bb_per_100)
    and big bets/100 (= bb/100 / 2) over every currency.
    Every player gets a row, or only the --player names, or the hero (--hero, pooled into one row).
    Formulas: docs/stats.md. Works while an import runs. Exit 0, 2 on bad usage, 3 when the
    database stays busy past --wait.

    Example: badugi stats --hero --by position --db /tmp/badugi.duckdb
    """
    wants_hero = hero is not None or bool(alias)
    if wants_hero and player:
        fail("give --player or --hero, not both")
    try:
        selection = Selection(players=tuple(player or ()), by=by.value if by else None,
                              since=parse_day(since, "--since"), until=parse_day(until, "--until"), room=room,
                              stakes=stakes, min_hands=min_hands, game=game)
    except BadInput as exc:
        fail(str(exc))
    with open_store(db, wait, parquet) as store:
        if wants_hero:
            selection = choose_hero(store.con, selection, hero, alias).selection(selection)
        frame = player_stats(store.con, selection)
    if fmt is StatsFormat.json:
        print_json(stats_records(frame))
    elif fmt is StatsFormat.csv:
        sys.stdout.write(frame.write_csv())
    else:
        render_stats_table(frame)


def rate_cell(row: dict[str, Any], name: str) -> str:
    rate = row[f"{name}_rate"]
    if rate is None:
        return "-"
    return (f"{rate * 100:.1f}% [{row[f'{name}_lo'] * 100:.1f}-{row[f'{name}_hi'] * 100:.1f}] "
            f"{row[f'{name}_done']}/{row[f'{name}_opp']}")


def money_lines(rows: list[dict[str, Any]]) -> list[tuple[str, list[str]]]:
    """The table's money lines for some rows: per money kind any of them has, net, showdown and
    non-showdown net (and rake for cash), each a number with its unit; then bb/100 and big bets/100."""
    splits = [{m["currency"]: m for m in money_split(row)} for row in rows]
    kinds = list(dict.fromkeys(key for split in splits for key in split))
    lines: list[tuple[str, list[str]]] = [("hands", [f"{row['hands']:,}" for row in rows])]
    fields = [("net", "net", "net_bb"), ("showdown net", "showdown_net", "showdown_bb"),
              ("non-showdown net", "nonshowdown_net", "nonshowdown_bb"), ("rake paid", "rake_paid", None)]
    for key in kinds:
        kind = MoneyKind(key)
        for title, minor, bb in fields:
            if bb is None and kind.in_big_blinds:
                continue  # a tournament's rake is in its buy-in, not in the hands
            cells = ["-" if key not in split else kind.format(split[key][minor], split[key][bb] if bb else None)
                     for split in splits]
            lines.append((f"{title} ({kind.label})", cells))
        lines.append((f"all-in EV net ({kind.label})", ["-" if key not in split else _ev_cell(kind, split[key])
                                                         for split in splits]))
    lines += [("bb/100 (every currency)", [_num(row["bb_per_100"]) for row in rows]),
              ("all-in EV bb/100", [_num(row["ev_bb_per_100"]) for row in rows]),
              ("all-in EV hands", [f"{row['ev_hands']:,}" for row in rows]),
              ("big bets/100", [_num(row["bigbets_per_100"]) for row in rows]),
              ("AF (bets+raises)/calls", [_num(row["af"]) for row in rows]),
              ("cards drawn (avg) 1/2/3", [" / ".join(_num(row[f"drawn_avg_{k}"]) for k in (1, 2, 3)) for row in rows])]
    return lines


def _ev_cell(kind: MoneyKind, split: dict[str, Any]) -> str:
    """One kind's all-in EV net, with its Monte Carlo standard error (``± 0.12``) when it has one."""
    text = kind.format(split["ev_net"], split["ev_bb"])
    se = split["ev_se_shown"]
    if not se:
        return text
    return f"{text} ± {se:,.{0 if kind.key == 'play' else 1 if kind.in_big_blinds else 2}f}"


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


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
        for label, cells in money_lines(chunk):
            table.add_row(label, *cells)
        section = None
        for stat in STATS:
            if stat.group != section:
                section = stat.group
                table.add_row(f"[dim]-- {section}[/dim]", *["" for _ in chunk])
            table.add_row(stat.title, *[rate_cell(row, stat.name) for row in chunk])
        console.print(table)


assert set(g.value for g in GroupBy) == set(GROUPS)
