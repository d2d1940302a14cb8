"""``badugi tournaments``: the hero's tournament results from the stored summaries, by buy-in (or currency,
room, game, month), or one line per tournament entry; ROI and in-the-money rate with 95 % intervals."""

from __future__ import annotations

import sys
from enum import Enum
from typing import Annotated, Any, Optional

import polars as pl
import typer
from rich.console import Console
from rich.table import Table

from badugi.analytics.heroes import Hero
from badugi.analytics.selection import HERO_ENV, env_hero_names
from badugi.analytics.tournaments import (amount_text, entry_records, find_tournament_hero, hero_entries,
                                          result_records, results_by)
from badugi.cli._db import DEFAULT_WAIT_S, WaitOption
from badugi.cli._hero import AliasOption
from badugi.cli._help import OPTIONAL_VALUE
from badugi.cli._output import cell, fail, note, print_json
from badugi.cli.main import app
from badugi.cli.stats import DbOption, StatsFormat, open_store, parse_day


class TournamentsBy(str, Enum):
    buy_in = "buy-in"
    currency = "currency"
    room = "room"
    game = "game"
    month = "month"
    tournament = "tournament"


HeroOption = Annotated[Optional[str], typer.Option(
    "--hero", metavar=OPTIONAL_VALUE,
    help=f"The hero (you): this screen name, in every room. Alone or left out: the names in ${HERO_ENV}, "
         "else the player the most summaries are for (the others are listed, not pooled).")]


@app.command("tournaments")
def tournaments_command(
    db: DbOption = None,
    hero: HeroOption = None,
    alias: AliasOption = None,
    by: Annotated[TournamentsBy, typer.Option("--by", metavar="GROUP", help="One row per buy-in, currency, room, "
                                              "game or month (always within a currency), or per tournament "
                                              "entry.")] = TournamentsBy.buy_in,
    since: Annotated[Optional[str], typer.Option("--since", metavar="DATE", help="First day (YYYY-MM-DD, UTC start time), inclusive.")] = None,
    until: Annotated[Optional[str], typer.Option("--until", metavar="DATE", help="Last day (YYYY-MM-DD, UTC start time), inclusive.")] = None,
    room: Annotated[Optional[str], typer.Option("--room", metavar="ROOM", help="Only this room (pokerstars, fulltilt, winamax).")] = None,
    fmt: Annotated[StatsFormat, typer.Option("--format", metavar="FORMAT", help="table (terminal), json or csv.")] = StatsFormat.table,
    wait: WaitOption = DEFAULT_WAIT_S,
) -> None:
    """The hero's tournament results from the summaries badugi import stored (PokerStars, Full Tilt,
    Winamax): entries, finished, in the money (rate, 95 % Wilson interval), first places, cost, won, net
    and ROI (95 % interval) per buy-in, money kept per currency (USD, EUR, FPP, play chips, ... are never
    added). Cost = buy-in + fee + bounty + rebuys and add-ons; won = prizes, ticket values the summary
    writes, and knockout bounties. --by tournament lists each entry with its place, prize and the hands
    stored of it. Formulas: docs/stats.md. Exit 0, 2 on bad usage, 3 when the database stays busy past
    --wait.

    Example: badugi tournaments --hero Hero --db /tmp/badugi.duckdb
    """
    first, last = parse_day(since, "--since"), parse_day(until, "--until")
    with open_store(db, wait) as store:
        found = find_tournament_hero(store.con, named=hero or None, env_names=env_hero_names(), aliases=alias or ())
        if not found.names:
            fail("no stored tournament summary names the player it is for, so there is no hero to find: "
                 f"give --hero NAME (or set {HERO_ENV}=NAME)")
        _say_left_out(found)
        entries = hero_entries(store.con, found.names, first, last, room)
    if by is TournamentsBy.tournament:
        _entries_out(entries, fmt, found)
        return
    frame = results_by(entries, by.value)
    totals = results_by(entries, "currency") if by is not TournamentsBy.currency else frame
    if fmt is StatsFormat.json:
        print_json({"hero": list(found.names), "by": by.value, "results": result_records(frame) if frame.height else [],
                    "totals": result_records(totals) if totals.height else []})
    elif fmt is StatsFormat.csv:
        sys.stdout.write(frame.write_csv() if frame.height else "")
    else:
        render_results(frame, totals, by.value, found)


def _say_left_out(found: Hero) -> None:
    left_out = found.left_out_text()
    if left_out:
        note(f"hero: {', '.join(found.names)} ({found.origin()}); {left_out}")


def _entries_out(entries: pl.DataFrame, fmt: StatsFormat, found: Hero) -> None:
    if fmt is StatsFormat.json:
        print_json({"hero": list(found.names), "entries": entry_records(entries)})
    elif fmt is StatsFormat.csv:
        sys.stdout.write(entries.drop("month").write_csv() if entries.height else "")
    else:
        render_entries(entries, found)


def rate_text(row: dict[str, Any]) -> str:
    if row["itm_rate"] is None:
        return "-"
    return (f"{row['itm_rate'] * 100:.1f}% [{row['itm_lo'] * 100:.1f}-{row['itm_hi'] * 100:.1f}] "
            f"{row['itm']}/{row['finished']}")


def roi_text(row: dict[str, Any]) -> str:
    if row["roi"] is None:
        return "-"
    interval = "" if row["roi_lo"] is None else f" [{row['roi_lo'] * 100:.0f}..{row['roi_hi'] * 100:.0f}]"
    return f"{row['roi'] * 100:+.1f}%{interval}"


def render_results(frame: pl.DataFrame, totals: pl.DataFrame, by: str, found: Hero) -> None:
    """Rows per group, then each currency's total (bold); money in each row's own currency."""
    console = Console(file=sys.stdout, width=200)
    if frame.height == 0:
        console.print(cell(f"no tournament entries for {', '.join(found.names)}"))
        return
    table = Table(title=cell(f"tournaments: {', '.join(found.names)}"), header_style="bold")
    table.add_column("currency")
    if by != "currency":
        table.add_column(by)
    for name in ("entries", "finished", "in the money [95% CI] itm/finished", "1st", "cost", "won", "net",
                 "ROI [95% CI]"):
        table.add_column(name, justify="right")
    rows = [(row, "") for row in frame.iter_rows(named=True)]
    if by != "currency":
        rows += [(row, "bold") for row in totals.iter_rows(named=True)]
    for row, style in rows:
        currency = row["currency"]
        cells = [cell(currency, style)]
        if by != "currency":
            cells.append(cell(row.get("group") or "all", style))
        cells += [cell(f"{row['entries']:,}", style), cell(f"{row['finished']:,}", style), cell(rate_text(row), style),
                  cell(str(row["first_places"]), style), cell(amount_text(row["cost"], currency, False), style),
                  cell(amount_text(row["won"], currency, False), style),
                  cell(amount_text(row["net"], currency, False), style), cell(roi_text(row), style)]
        table.add_row(*cells)
    console.print(table)
    unknown = int(frame["entries"].sum() - frame["roi_entries"].sum())
    if unknown:
        console.print(cell(f"{unknown} entr{'y' if unknown == 1 else 'ies'} still running, without a written place, "
                           "or with a cost not written: counted in entries, not in cost, won, net or ROI"))


def render_entries(entries: pl.DataFrame, found: Hero) -> None:
    """One line per entry: when, where, what, buy-in, field, place, prize, net and hands stored."""
    console = Console(file=sys.stdout, width=220)
    if entries.height == 0:
        console.print(cell(f"no tournament entries for {', '.join(found.names)}"))
        return
    table = Table(title=cell(f"tournament entries: {', '.join(found.names)}"), header_style="bold")
    for name in ("start (UTC)", "room", "tournament", "name", "game", "buy-in", "entrants", "place", "prize", "net",
                 "hands"):
        table.add_column(name, justify="right" if name in ("entrants", "place", "net", "hands") else "left",
                         overflow="fold")
    for row in entries.iter_rows(named=True):
        currency = row["currency"]
        prize = " + ".join(p for p in (
            amount_text(row["prize"], row["prize_currency"] or currency) if row["prize"] else "",
            row["prize_text"] or "",
            f"{row['knockouts']} KO" if row["knockouts"] else "") if p) or "-"
        place = "playing" if row["still_playing"] else ("-" if row["place"] is None else str(row["place"]))
        tournament = row["tournament_id"] + (f" {row['part']}" if row["part"] else "")
        table.add_row(cell(f"{row['start_time']:%Y-%m-%d %H:%M}" if row["start_time"] else "-"), cell(row["room"]),
                      cell(tournament), cell(row["name"] or "-"), cell(row["game"] or "-"), cell(row["buy_in_label"]),
                      cell(row["entrants"] if row["entrants"] is not None else "-"), cell(place), cell(prize),
                      cell(amount_text(row["net"], currency) if row["net"] is not None else "-"),
                      cell(f"{row['hero_hands']}/{row['hands']}" if row["hands"] else "-"))
    console.print(table)
