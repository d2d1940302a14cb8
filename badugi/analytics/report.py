"""One self-contained HTML report for a player: winnings, results by position and stakes, draw charts,
the stat table with intervals, the leaks with example hands, the biggest pots and every showdown lost;
every listed hand opens the step-through replayer (``replayer.py``, data for the listed hands only);
and the tournament results from the imported summaries.

The file opens offline: plotly.js is inlined once (in the first figure), nothing is fetched. Every
text that comes from the data (player names, tables, hand text) is HTML-escaped, and figure JSON
and the replayer's data never contain ``</`` (so a name cannot close a script tag).
"""

from __future__ import annotations

import dataclasses
import html
from datetime import datetime, timezone
from typing import Any

from collections.abc import Sequence

import duckdb
import polars as pl

from badugi.analytics.leaks import compare_to_database, find_leaks
from badugi.analytics.money import MoneyKind
from badugi.analytics.report_figures import (Figures, draws_figure, pat_figure, results_figure,
                                             winnings_figure)
from badugi.analytics.report_sessions import by_hour_figure, hour_kinds, sessions_table, summary
from badugi.analytics.report_tournaments import tournament_section
from badugi.analytics.selection import Selection
from badugi.analytics.sessions import DEFAULT_GAP_MINUTES, by_hour, hero_hands, split_sessions
from badugi.analytics.stats import STATS, draw_distribution, finish_stats, money_kinds, player_stats, row_kinds, \
    winnings_by_hand
from badugi.analytics.replayer import replayer_assets
from badugi.analytics.report_hands import ListedHands, biggest_pots, hands_section, keys_of, showdowns_lost

CSS = """
body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 0 auto; max-width: 1300px;
       padding: 24px; color: #1f2328; background: #fff; }
h1 { font-size: 26px; margin-bottom: 4px; } h2 { font-size: 20px; margin-top: 36px;
     border-bottom: 1px solid #d0d7de; padding-bottom: 6px; }
.sub { color: #59636e; margin-top: 0; }
.cards { display: flex; gap: 12px; flex-wrap: wrap; margin: 16px 0; }
.card { border: 1px solid #d0d7de; border-radius: 8px; padding: 10px 16px; min-width: 130px; }
.card .v { font-size: 22px; font-weight: 600; } .card .k { color: #59636e; font-size: 13px; }
.pos { color: #1a7f37; } .neg { color: #cf222e; }
table { border-collapse: collapse; font-size: 13px; margin: 8px 0 16px; }
th, td { border-bottom: 1px solid #eaeef2; padding: 4px 10px; text-align: right; white-space: nowrap; }
td.note { white-space: normal; }
th { background: #f6f8fa; } td.l, th.l { text-align: left; }
tr.section td { background: #f6f8fa; font-weight: 600; text-align: left; }
.grid { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
.leak { border: 1px solid #d0d7de; border-left: 4px solid #cf222e; border-radius: 6px; padding: 8px 14px;
        margin: 12px 0; }
.leak.ok { border-left-color: #2da44e; }
pre { background: #f6f8fa; padding: 10px; border-radius: 6px; font-size: 12px; overflow-x: auto; }
details summary { cursor: pointer; color: #0969da; }
.note { color: #59636e; font-size: 13px; }
h3 { font-size: 16px; margin: 22px 0 4px; }
.examples { margin-top: 6px; font-size: 13px; }
td.l.note { white-space: normal; }
"""


def _e(value: Any) -> str:
    return html.escape("" if value is None else str(value), quote=True)


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{value * 100:.1f}%"


def _amount(row: dict[str, Any], kind: MoneyKind, name: str = "net") -> tuple[float | None, str]:
    """One row's sum for a money kind (``net``, ``ev_net``, ``showdown_net``, ``nonshowdown_net`` or ``rake_paid``):
    the number shown and its text with the unit (``12.34 USD``, ``-35.5 bb``)."""
    minor = row.get(f"{name}_{kind.suffix}")
    bb_name = {"net": "net_bb", "ev_net": "ev_bb"}.get(name, name.replace("_net", "_bb"))
    bb = row.get(f"{bb_name}_{kind.suffix}")
    return kind.amount(minor, bb), kind.format(minor, bb)


def _money_cell(row: dict[str, Any]) -> str:
    """Net per money kind in a table cell, one line each."""
    return "<br>".join(_signed(*_amount(row, kind)) for kind in row_kinds(row)) or "–"


def _num(value: float | None, digits: int = 2) -> str:
    return "–" if value is None else f"{value:,.{digits}f}"


def _signed(value: float | None, text: str) -> str:
    if value is None:
        return _e(text)
    return f'<span class="{"pos" if value >= 0 else "neg"}">{_e(text)}</span>'


def _money_rows(row: dict[str, Any]) -> list[tuple[str, str]]:
    """The stat table's money lines: net, all-in EV net and the showdown split per money kind (rake for cash)."""
    kinds = row_kinds(row)
    out = []
    for kind in kinds:
        where = f" ({kind.label})"
        out += [(f"net won{where}", _signed(*_amount(row, kind))),
                (f"all-in EV net{where}", _signed(*_amount(row, kind, "ev_net"))),
                (f"showdown winnings{where}", _signed(*_amount(row, kind, "showdown_net"))),
                (f"non-showdown winnings{where}", _signed(*_amount(row, kind, "nonshowdown_net")))]
        if not kind.in_big_blinds:
            out.append((f"rake paid{where}", _e(_amount(row, kind, "rake_paid")[1])))
    return out


def _stat_table(row: dict[str, Any]) -> str:
    money = [("hands", f"{row['hands']:,}"), *_money_rows(row),
             ("bb / 100 (every currency)", _num(row["bb_per_100"])),
             ("all-in EV bb / 100 (every currency)", _num(row["ev_bb_per_100"])),
             ("big bets / 100 (every currency)", _num(row["bigbets_per_100"])),
             ("aggression factor (bets + raises) / calls", _num(row["af"]))]
    out = ['<table><tr><th class="l">stat</th><th>rate</th><th>95% interval</th><th>done / opportunities</th>'
           '<th class="l">formula</th></tr>']
    out += [f'<tr><td class="l">{_e(k)}</td><td>{v}</td><td></td><td></td><td></td></tr>' for k, v in money]
    section = None
    for stat in STATS:
        if stat.group != section:
            section = stat.group
            out.append(f'<tr class="section"><td colspan="5">{_e(section)}</td></tr>')
        lo, hi = row[f"{stat.name}_lo"], row[f"{stat.name}_hi"]
        out.append(f'<tr><td class="l">{_e(stat.title)}</td><td>{_pct(row[f"{stat.name}_rate"])}</td>'
                   f'<td>{"–" if lo is None else f"{_pct(lo)} – {_pct(hi)}"}</td>'
                   f'<td>{row[f"{stat.name}_done"]:,} / {row[f"{stat.name}_opp"]:,}</td>'
                   f'<td class="l note">{_e(stat.formula)}</td></tr>')
    out.append("</table>")
    return "\n".join(out)


def _group_table(frame: pl.DataFrame, label: str) -> str:
    out = [f'<table><tr><th class="l">{_e(label)}</th><th>hands</th><th>net</th><th>big bets/100</th>'
           '<th>VPIP</th><th>PFR</th><th>WTSD</th><th>W$SD</th></tr>']
    for row in frame.iter_rows(named=True):
        out.append(f'<tr><td class="l">{_e(row["group"])}</td><td>{row["hands"]:,}</td>'
                   f'<td>{_money_cell(row)}</td>'
                   f'<td>{_signed(row["bigbets_per_100"], _num(row["bigbets_per_100"]))}</td>'
                   + "".join(f'<td>{_pct(row[f"{s}_rate"])}</td>' for s in ("vpip", "pfr", "wtsd", "wsd"))
                   + "</tr>")
    out.append("</table>")
    return "\n".join(out)


def _leak_section(leaks: pl.DataFrame, hands: ListedHands) -> str:
    claimed = leaks.filter(pl.col("claimed"))
    out = []
    if claimed.height == 0:
        out.append('<p>No leak claimed: for every rule the 95 % interval includes the reference, or there is no '
                   'data.</p>')
    for row in claimed.iter_rows(named=True):
        cost = row["cost_bigbets_per_100"]
        out.append(f'<div class="leak"><b>{_e(row["title"])}</b>: {_pct(row["rate"])} '
                   f'(95 % interval {_pct(row["lo"])} – {_pct(row["hi"])}) against a reference of '
                   f'{_pct(row["reference"])}; {row["done"]:,} of {row["opportunities"]:,} spots'
                   + (f"; estimated cost {cost:.2f} big bets / 100 hands" if cost is not None else "")
                   + f'<div class="note">{_e(row["formula"])}. {_e(row["why"][:1].upper() + row["why"][1:])}.</div>')
        if row["examples"]:
            out.append('<div class="examples">Example hands (the worst results first): '
                       + "".join(hands.button(key) for key in row["examples"]) + "</div>")
        out.append("</div>")
    rows = []
    for row in leaks.filter(~pl.col("claimed")).iter_rows(named=True):
        interval = "–" if row["lo"] is None else f"{_pct(row['lo'])} – {_pct(row['hi'])}"
        examples = "".join(hands.button(key) for key in row["examples"])
        rows.append(f'<tr><td class="l">{_e(row["title"])}</td><td>{_pct(row["rate"])}</td><td>{interval}</td>'
                    f'<td>{_pct(row["reference"])}</td><td>{row["done"]:,} / {row["opportunities"]:,}</td>'
                    f'<td class="l note">{examples}</td></tr>')
    if rows:
        out.append('<details><summary>rules with no leak claimed</summary><table><tr><th class="l">rule</th>'
                   '<th>rate</th><th>95% interval</th><th>reference</th><th>done / opp</th>'
                   '<th class="l">hands where the player made the move</th></tr>'
                   + "".join(rows) + "</table></details>")
    return "\n".join(out)


def _versus_table(versus: pl.DataFrame) -> str:
    if versus.height == 0:
        return "<p>No other players in the database to compare with.</p>"
    out = ['<table><tr><th class="l">stat</th><th>hero</th><th>95% interval</th><th>rest of the database</th>'
           '<th>differs</th></tr>']
    for row in versus.iter_rows(named=True):
        lo, hi = row["hero_lo"], row["hero_hi"]
        out.append(f'<tr><td class="l">{_e(row["title"])}</td><td>{_pct(row["hero_rate"])}</td>'
                   f'<td>{"–" if lo is None else f"{_pct(lo)} – {_pct(hi)}"}</td><td>{_pct(row["rest_rate"])}</td>'
                   f'<td>{"yes" if row["differs"] else ""}</td></tr>')
    out.append("</table>")
    return "\n".join(out)


def _headline(pooled: dict[str, Any], claimed: int) -> str:
    """The cards at the top: hands, net won per money kind (each a number with its unit), bb/100, all-in EV
    bb/100 and big bets/100 over every kind (currency-free), VPIP / PFR, leaks claimed."""
    kinds = row_kinds(pooled)
    cards: list[tuple[str, str, str]] = [("hands", f"{pooled['hands']:,}", "")]
    for kind in kinds:
        value, text = _amount(pooled, kind)
        hands = pooled[f"hands_{kind.suffix}"]
        key = f"net won, {kind.label}" + (f" ({hands:,} hands)" if len(kinds) > 1 else "")
        cards.append((key, _signed(value, text), f' data-net="{_e(value)}" data-unit="{_e(kind.unit)}"'))
    cards += [
        ("big bets / 100", _signed(pooled["bigbets_per_100"], _num(pooled["bigbets_per_100"])), ""),
        ("bb / 100", _signed(pooled["bb_per_100"], _num(pooled["bb_per_100"])), ""),
        ("all-in EV bb / 100", _signed(pooled["ev_bb_per_100"], _num(pooled["ev_bb_per_100"])), ""),
        ("VPIP / PFR", _e(f"{_pct(pooled['vpip_rate'])} / {_pct(pooled['pfr_rate'])}"), ""),
        ("leaks claimed", str(claimed), ""),
    ]
    return '<div class="cards">' + "".join(
        f'<div class="card{" net" if attrs else ""}"{attrs}><div class="v">{html_value}</div>'
        f'<div class="k">{_e(key)}</div></div>' for key, html_value, attrs in cards) + "</div>"


def _by_stakes(figures: Figures, by_position: pl.DataFrame, by_stakes: pl.DataFrame) -> str:
    """Results by position (big bets/100 pool every currency) and by stakes, one chart per money kind."""
    charts = [figures.div(results_figure(by_position, "By position"))]
    kinds = money_kinds(by_stakes)
    for kind in kinds:
        part = by_stakes.filter(pl.col(f"hands_{kind.suffix}") > 0)
        charts.append(figures.div(results_figure(part, f"By stakes, {kind.label}" if len(kinds) > 1 else "By stakes")))
    grid = "".join(f"<div>{chart}</div>" for chart in charts)
    return (f'<div class="grid">{grid}</div>'
            f'<div class="grid"><div>{_group_table(by_position, "position")}</div>'
            f'<div>{_group_table(by_stakes, "stakes")}</div></div>')


def _sessions(con: duckdb.DuckDBPyConnection, selection: Selection, figures: Figures, gap_minutes: float) -> str:
    """The sessions section: summary, table, and hands and net by hour of day per money kind."""
    hands = hero_hands(con, selection)
    found = split_sessions(hands, gap_minutes)
    hours = by_hour(hands)
    charts = "".join(f"<div>{figures.div(by_hour_figure(hours, kind))}</div>"
                     for kind in hour_kinds(hours, found.kinds))
    return summary(found) + sessions_table(found) + (f'<div class="grid">{charts}</div>' if charts else "")


def build_report(con: duckdb.DuckDBPyConnection, selection: Selection, title: str | None = None,
                 notes: Sequence[str] = (), session_gap: float = DEFAULT_GAP_MINUTES) -> str:
    """The whole report as one HTML string (raises nothing on an empty selection: says so instead).
    ``notes``: plain sentences shown under the title (who the hero is, names left out); ``session_gap``:
    minutes with no hand that end a session."""
    def stats_by(by: str | None) -> pl.DataFrame:
        return pool(player_stats(con, dataclasses.replace(selection, by=by, min_hands=0)), by is not None)

    overall = stats_by(None)
    who = title or "hero"
    tournaments = tournament_section(con, selection.hero_names or selection.players)
    if overall.height == 0:
        return _page(who, f"<p>No hands for {_e(who)} in the database.</p>{tournaments}")
    pooled = overall.row(0, named=True)
    names = pooled["names"]
    series = winnings_by_hand(con, selection)
    draws = draw_distribution(con, selection)
    if draws.height:
        draws = draws.group_by(["draw", "cards"]).agg(pl.col("n").sum()).with_columns(
            (pl.col("n") / pl.col("n").sum().over("draw")).alias("share"))
    leaks = find_leaks(con, selection)
    versus = compare_to_database(con, selection)
    hands = ListedHands(con, set(names.split(", ")))
    biggest = biggest_pots(con, selection)
    lost, lost_total = showdowns_lost(con, selection)
    hands.want(key for examples in leaks["examples"].to_list() for key in examples)
    hands.want(keys_of(biggest))
    hands.want(keys_of(lost))
    hands.load()
    figures = Figures()
    first, last = series["start_time"].min(), series["start_time"].max()
    body = [
        f"<h1>Badugi report: {_e(who)}</h1>",
        f'<p class="sub">{_e(names)} · {pooled["hands"]:,} hands'
        + (f" · {first:%Y-%m-%d} to {last:%Y-%m-%d}" if first and last else "") + "</p>",
        *(f'<p class="note hero-note">{_e(note)}</p>' for note in notes),
        _headline(pooled, leaks.filter(pl.col("claimed")).height),
        "<h2>Winnings</h2>",
        *(figures.div(winnings_figure(series, kind)) for kind in row_kinds(pooled)),
        "<h2>Results by position and stakes</h2>",
        _by_stakes(figures, _order_positions(stats_by("position")), stats_by("stakes")),
        "<h2>Results by game</h2>", _group_table(stats_by("game"), "game"),
        "<h2>Sessions</h2>", _sessions(con, selection, figures, session_gap),
        "<h2>Draws</h2>",
        '<div class="grid"><div>' + (figures.div(draws_figure(draws)) if draws.height else "<p>No draws.</p>")
        + "</div><div>" + figures.div(pat_figure(pooled)) + "</div></div>",
        "<h2>Stats (95 % Wilson intervals)</h2>", _stat_table(pooled),
        "<h2>Leaks</h2>", _leak_section(leaks, hands),
        "<h2>Hands</h2>", hands_section(biggest, lost, lost_total, hands),
        "<h2>Against the rest of the database</h2>", _versus_table(versus),
        tournaments,
        f'<p class="note">Generated by badugi on {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC. Money is '
        "shown per currency (tournament chips as big blinds); bb/100 and big bets/100 pool every currency. "
        "Formulas: docs/stats.md.</p>",
        replayer_assets(hands.data()),
    ]
    return _page(who, "\n".join(body))


_RATIOS = ("bb_per_100", "bigbets_per_100", "showdown_bigbets_per_100", "nonshowdown_bigbets_per_100", "af",
           "drawn_avg_1", "drawn_avg_2", "drawn_avg_3")


def pool(frame: pl.DataFrame, by_group: bool) -> pl.DataFrame:
    """Several screen names of one person in one row (per group): counts summed, rates recomputed."""
    if frame.height == 0:
        return frame
    keys = ["group"] if by_group else []
    counts = [c for c in frame.columns if c not in ("player", "names", "currency", "group", *_RATIOS)
              and not c.endswith(("_rate", "_lo", "_hi"))]
    aggs = [pl.col(c).sum() for c in counts] + [
        pl.col("names").unique().sort().str.join(", ").alias("names"),
        pl.col("player").unique().sort().str.join("+").alias("player"),
        pl.when(pl.col("currency").n_unique() == 1).then(pl.col("currency").first()).otherwise(pl.lit("mixed"))
        .alias("currency"),
        pl.lit(None, dtype=pl.Float64).alias("drawn_avg_1"), pl.lit(None, dtype=pl.Float64).alias("drawn_avg_2"),
        pl.lit(None, dtype=pl.Float64).alias("drawn_avg_3"),
    ]
    if keys:
        pooled = frame.group_by(keys).agg(aggs).sort("hands", descending=True)
    else:
        pooled = frame.select(aggs).with_columns(pl.lit(None, dtype=pl.String).alias("group"))
    return finish_stats(pooled, grouped=by_group)


POSITION_ORDER = ["UTG", "UTG+1", "UTG+2", "UTG+3", "UTG+4", "LJ", "HJ", "CO", "BTN", "SB", "BB"]


def _order_positions(frame: pl.DataFrame) -> pl.DataFrame:
    if frame.height == 0:
        return frame
    rank = {p: k for k, p in enumerate(POSITION_ORDER)}
    return frame.with_columns(pl.col("group").map_elements(lambda g: rank.get(g, 99), return_dtype=pl.Int64)
                              .alias("_order")).sort("_order").drop("_order")


def _page(title: str, body: str) -> str:
    page = (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>Badugi report: {_e(title)}</title><style>{CSS}</style></head>\n<body>\n{body}\n</body></html>\n")
    return page
