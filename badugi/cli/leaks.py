"""``badugi leaks``: the Badugi leak finder for the hero (or one player), with the evidence."""

from __future__ import annotations

import sys
from enum import Enum
from typing import Annotated, Any, Optional

import polars as pl
import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from badugi.analytics.leaks import compare_to_database, find_leaks
from badugi.analytics.heroes import Hero
from badugi.analytics.selection import Selection
from badugi.analytics.store import Store
from badugi.cli._hero import AliasOption, HeroOption, choose_hero
from badugi.cli._db import DEFAULT_WAIT_S, WaitOption
from badugi.cli._output import cell, fail, print_json
from badugi.cli.main import app
from badugi.cli.stats import DbOption, open_store


class LeaksFormat(str, Enum):
    table = "table"
    json = "json"


PlayerOption = Annotated[Optional[list[str]], typer.Option(
    "--player", metavar="NAME", help="Examine this player instead of the hero (repeatable: the names pooled).")]


def examined(store: Store, hero: str | None, alias: list[str] | None,
             player: list[str] | None) -> tuple[Selection, str, Hero | None, int]:
    """Whom ``leaks`` and ``report`` look at: the ``--player`` names, else the hero (see ``choose_hero``);
    the selection, a title, the hero (None for --player) and the hands. Exit 2 on a clash or with no hands."""
    if player and (hero is not None or alias):
        fail("give --player or --hero, not both")
    if player:
        selection, who, found = Selection(players=tuple(dict.fromkeys(player))), ", ".join(player), None
    else:
        found = choose_hero(store.con, Selection(), hero, alias)
        selection, who = found.selection(Selection()), ", ".join(found.names)
    return selection, who, found, require_hands(store, selection, who)


def require_hands(store: Store, selection: Selection, who: str) -> int:
    """The selected player's hand count; exit 2 with one line when there are none."""
    where, params = selection.where()
    hands = int(store.con.execute(f"SELECT count(*) FROM hand_players p JOIN hands h ON h.room = p.room "
                                  f"AND h.room_hand_id = p.room_hand_id WHERE {where}", params).fetchall()[0][0])
    if hands == 0:
        fail(f"no hands for {who} in the database")
    return hands


def _pct(value: Any) -> str:
    return "-" if value is None else f"{value * 100:.1f}%"


@app.command("leaks")
def leaks_command(
    db: DbOption = None,
    hero: HeroOption = None,
    alias: AliasOption = None,
    player: PlayerOption = None,
    fmt: Annotated[LeaksFormat, typer.Option("--format", metavar="FORMAT", help="table (terminal) or json.")] = LeaksFormat.table,
    wait: WaitOption = DEFAULT_WAIT_S,
) -> None:
    """Badugi leak finder for the hero (or --player): open-limping, opening against a reference chart by
    position, pats on draw 1, snows, drawing 2-3 against a pat bettor without the odds, calling down
    three-card hands against a pat bettor, river bluffs after bricking, folding the big blind to steals,
    and the player against the rest of the database. A leak is claimed only when the 95 % interval
    excludes the reference. Works while an import runs. Exit 0, 2 on bad usage, 3 when the
    database stays busy past --wait.

    Example: badugi leaks --db /tmp/badugi.duckdb --format json
    """
    with open_store(db, wait) as store:
        selection, who, found, hands = examined(store, hero, alias, player)
        leaks = find_leaks(store.con, selection)
        versus = compare_to_database(store.con, selection)
    if fmt is LeaksFormat.json:
        print_json({"player": who, "names": list(found.names if found else selection.players), "hands": hands,
                    "left_out": [{"name": f.name, "hands": f.hands, "rooms": list(f.rooms)}
                                 for f in (found.left_out if found else ())],
                    "leaks": leaks.to_dicts(), "vs_database": versus.to_dicts()})
        return
    render_leaks(who, hands, leaks, versus)


def render_leaks(who: str, hands: int, leaks: pl.DataFrame, versus: pl.DataFrame) -> None:
    console = Console(file=sys.stdout, width=160)
    claimed = leaks.filter(pl.col("claimed")).height
    console.print(Text.assemble(cell(who, "bold"), f": {hands:,} hands, {claimed} leak(s) claimed "
                                "(95 % interval entirely past the reference)"))
    table = Table(header_style="bold")
    for column in ("", "rule", "rate [95% CI]", "reference", "done/opp", "cost bb/100", "examples"):
        table.add_column(column, overflow="fold")
    for row in leaks.iter_rows(named=True):
        status = "[red]LEAK[/red]" if row["claimed"] else ("[dim]no data[/dim]" if not row["opportunities"] else "ok")
        interval = "-" if row["rate"] is None else f"{_pct(row['rate'])} [{_pct(row['lo'])}-{_pct(row['hi'])}]"
        cost = "-" if row["cost_bigbets_per_100"] is None else f"{row['cost_bigbets_per_100']:.2f}"
        sign = ">" if row["direction"] == "above" else "<"
        table.add_row(status, row["title"], interval, f"{sign} {_pct(row['reference'])}",
                      f"{row['done']}/{row['opportunities']}", cost, cell(" ".join(row["examples"]) if row["claimed"] else ""))
    console.print(table)
    if versus.height:
        table = Table(title="against the rest of the database", header_style="bold")
        for column in ("stat", "hero [95% CI]", "rest", "differs"):
            table.add_column(column)
        for row in versus.iter_rows(named=True):
            hero_cell = "-" if row["hero_rate"] is None else (
                f"{_pct(row['hero_rate'])} [{_pct(row['hero_lo'])}-{_pct(row['hero_hi'])}] n={row['hero_opportunities']}")
            table.add_row(row["title"], hero_cell, f"{_pct(row['rest_rate'])} n={row['rest_opportunities']}",
                          "yes" if row["differs"] else "")
        console.print(table)
