"""One self-contained HTML report for a player: winnings, results by position and stakes, draw charts,
the stat table with intervals, the leaks with example hands replayed as text.

The file opens offline: plotly.js is inlined once (in the first figure), nothing is fetched. Every
text that comes from the data (player names, tables, hand text) is HTML-escaped, and figure JSON
never contains ``</`` (so a name cannot close a script tag).
"""

from __future__ import annotations

import dataclasses
import html
from datetime import datetime, timezone
from typing import Any

import duckdb
import plotly.graph_objects as go
import polars as pl

from badugi.analytics.leaks import compare_to_database, find_leaks
from badugi.analytics.selection import Selection
from badugi.analytics.stats import (DEALT_BADUGI, STATS, draw_distribution, finish_stats, player_stats,
                                    winnings_by_hand)
from badugi.analytics.stored_hands import replay_stored, replay_text

MAX_POINTS = 4000
"""The winnings graph keeps at most this many points (evenly spaced, the last hand always kept)."""

COLOURS = {"net": "#1f6feb", "showdown": "#2da44e", "nonshowdown": "#cf222e", "bar": "#6e7781"}

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
"""


def _e(value: Any) -> str:
    return html.escape("" if value is None else str(value), quote=True)


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{value * 100:.1f}%"


def _num(value: float | None, digits: int = 2) -> str:
    return "–" if value is None else f"{value:,.{digits}f}"


def _money(value: int | None, currency: str | None) -> str:
    if value is None:
        return "–"
    if currency in ("CHIPS", "PLAY", "mixed"):
        return f"{value:,}"
    return f"{value / 100:,.2f}"


def _signed(value: float | None, text: str) -> str:
    if value is None:
        return _e(text)
    return f'<span class="{"pos" if value >= 0 else "neg"}">{_e(text)}</span>'


class _Figures:
    """Figure divs; plotly.js is inlined into the first one only."""

    def __init__(self) -> None:
        self.count = 0

    def div(self, fig: go.Figure) -> str:
        fig.update_layout(template="plotly_white", margin=dict(l=60, r=20, t=50, b=50), height=380,
                          font=dict(size=12))
        out = fig.to_html(full_html=False, include_plotlyjs=self.count == 0, config={"displaylogo": False})
        self.count += 1
        return out


def _downsample(frame: pl.DataFrame) -> pl.DataFrame:
    if frame.height <= MAX_POINTS:
        return frame
    step = frame.height / MAX_POINTS
    keep = sorted({int(k * step) for k in range(MAX_POINTS)} | {frame.height - 1})
    return frame[keep]


def winnings_figure(series: pl.DataFrame) -> go.Figure:
    data = _downsample(series)
    fig = go.Figure()
    for column, name, colour in (("net_bigbets", "net won", COLOURS["net"]),
                                 ("showdown_bigbets", "showdown winnings", COLOURS["showdown"]),
                                 ("nonshowdown_bigbets", "non-showdown winnings", COLOURS["nonshowdown"])):
        fig.add_trace(go.Scatter(x=data["hand_no"].to_list(), y=data[column].to_list(), mode="lines", name=name,
                                 line=dict(color=colour, width=2)))
    fig.update_layout(title="Winnings in big bets over hands", xaxis_title="hands", yaxis_title="big bets",
                      legend=dict(orientation="h", y=1.02, x=1, xanchor="right", yanchor="bottom"))
    return fig


def results_figure(frame: pl.DataFrame, title: str) -> go.Figure:
    values = frame["bigbets_per_100"].to_list()
    fig = go.Figure(go.Bar(x=frame["group"].to_list(), y=values, text=[f"{v:.1f}" for v in values],
                           marker_color=[COLOURS["showdown"] if v >= 0 else COLOURS["nonshowdown"] for v in values],
                           customdata=frame["hands"].to_list(),
                           hovertemplate="%{x}: %{y:.2f} big bets/100 over %{customdata} hands<extra></extra>"))
    fig.update_layout(title=title, yaxis_title="big bets / 100 hands", showlegend=False)
    return fig


def draws_figure(draws: pl.DataFrame) -> go.Figure:
    fig = go.Figure()
    palette = ("#2da44e", "#1f6feb", "#8250df", "#bf8700", "#cf222e")
    for cards in range(5):
        part = draws.filter(pl.col("cards") == cards).sort("draw")
        fig.add_trace(go.Bar(x=[f"draw {d}" for d in part["draw"].to_list()], y=part["share"].to_list(),
                             name="pat" if cards == 0 else f"{cards} card{'s' if cards > 1 else ''}",
                             marker_color=palette[cards], customdata=part["n"].to_list(),
                             hovertemplate="%{x}: %{y:.1%} (%{customdata} times)<extra></extra>"))
    fig.update_layout(barmode="stack", title="Cards drawn per draw", yaxis_title="share of draws taken part in",
                      yaxis_tickformat=".0%", legend=dict(orientation="h", y=1.02, x=1, xanchor="right",
                                                           yanchor="bottom"))
    return fig


def pat_figure(row: dict[str, Any]) -> go.Figure:
    names = ["pat_1", "pat_2", "pat_3", "snow", "break_badugi"]
    labels = ["pat on draw 1", "pat on draw 2", "pat on draw 3", "snow", "break a badugi"]
    rates = [row[f"{n}_rate"] or 0.0 for n in names]
    upper = [(row[f"{n}_hi"] or 0.0) - (row[f"{n}_rate"] or 0.0) for n in names]
    lower = [(row[f"{n}_rate"] or 0.0) - (row[f"{n}_lo"] or 0.0) for n in names]
    fig = go.Figure(go.Bar(x=labels, y=rates, marker_color=COLOURS["net"],
                           error_y=dict(type="data", array=upper, arrayminus=lower, color="#59636e"),
                           text=[_pct(r) for r in rates],
                           customdata=[f"{row[f'{n}_done']}/{row[f'{n}_opp']}" for n in names],
                           hovertemplate="%{x}: %{y:.1%} (%{customdata})<extra></extra>"))
    fig.add_hline(y=DEALT_BADUGI, line_dash="dash", line_color=COLOURS["nonshowdown"],
                  annotation_text="dealt badugi 6.34%", annotation_position="top right")
    fig.update_layout(title="Pat and snow rates (95% intervals)", yaxis_tickformat=".0%", showlegend=False)
    return fig


def _stat_table(row: dict[str, Any]) -> str:
    cur = row["currency"]
    money = [
        ("hands", f"{row['hands']:,}"), ("net won", _money(row["net"], cur) + f" {_e(cur)}"),
        ("bb / 100", _num(row["bb_per_100"])), ("big bets / 100", _num(row["bigbets_per_100"])),
        ("showdown winnings", _money(row["showdown_net"], cur)),
        ("non-showdown winnings", _money(row["nonshowdown_net"], cur)),
        ("rake paid", _money(row["rake_paid"], cur)),
        ("aggression factor (bets + raises) / calls", _num(row["af"])),
    ]
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
                   f'<td>{_money(row["net"], row["currency"])}</td>'
                   f'<td>{_signed(row["bigbets_per_100"], _num(row["bigbets_per_100"]))}</td>'
                   + "".join(f'<td>{_pct(row[f"{s}_rate"])}</td>' for s in ("vpip", "pfr", "wtsd", "wsd"))
                   + "</tr>")
    out.append("</table>")
    return "\n".join(out)


def _leak_section(con: duckdb.DuckDBPyConnection, leaks: pl.DataFrame, focus: set[str]) -> str:
    claimed = leaks.filter(pl.col("claimed"))
    keys = [tuple(k.split(":", 1)) for row in claimed.iter_rows(named=True) for k in row["examples"]]
    replays = replay_stored(con, keys) if keys else {}
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
        for n, example in enumerate(row["examples"]):
            key = tuple(example.split(":", 1))
            if key not in replays:
                continue
            hand, result = replays[key]
            player = next((p for p in result.order if p in focus), hand.hero)
            text = "\n".join(replay_text(hand, result, player))
            opened = " open" if n == 0 else ""
            out.append(f"<details{opened}><summary>hand {_e(example)} replayed</summary><pre>{_e(text)}</pre>"
                       "</details>")
        out.append("</div>")
    rows = []
    for row in leaks.filter(~pl.col("claimed")).iter_rows(named=True):
        interval = "–" if row["lo"] is None else f"{_pct(row['lo'])} – {_pct(row['hi'])}"
        rows.append(f'<tr><td class="l">{_e(row["title"])}</td><td>{_pct(row["rate"])}</td><td>{interval}</td>'
                    f'<td>{_pct(row["reference"])}</td><td>{row["done"]:,} / {row["opportunities"]:,}</td></tr>')
    if rows:
        out.append('<details><summary>rules with no leak claimed</summary><table><tr><th class="l">rule</th>'
                   '<th>rate</th><th>95% interval</th><th>reference</th><th>done / opp</th></tr>'
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


def build_report(con: duckdb.DuckDBPyConnection, selection: Selection, title: str | None = None) -> str:
    """The whole report as one HTML string (raises nothing on an empty selection: says so instead)."""
    def stats_by(by: str | None) -> pl.DataFrame:
        return pool(player_stats(con, dataclasses.replace(selection, by=by, min_hands=0)), by is not None)

    overall = stats_by(None)
    who = title or "hero"
    if overall.height == 0:
        return _page(who, f"<p>No hands for {_e(who)} in the database.</p>")
    pooled = overall.row(0, named=True)
    names = pooled["names"]
    series = winnings_by_hand(con, selection)
    by_position = stats_by("position")
    by_stakes = stats_by("stakes")
    draws = draw_distribution(con, selection)
    if draws.height:
        draws = draws.group_by(["draw", "cards"]).agg(pl.col("n").sum()).with_columns(
            (pl.col("n") / pl.col("n").sum().over("draw")).alias("share"))
    leaks = find_leaks(con, selection)
    versus = compare_to_database(con, selection)
    figures = _Figures()
    first, last = series["start_time"].min(), series["start_time"].max()
    cur = pooled["currency"]
    cards = [
        ("hands", f"{pooled['hands']:,}", None), ("net won", f"{_money(pooled['net'], cur)} {cur}" if pooled["net"] is not None
         else "mixed currencies", pooled["net"]),
        ("big bets / 100", _num(pooled["bigbets_per_100"]), pooled["bigbets_per_100"]),
        ("bb / 100", _num(pooled["bb_per_100"]), pooled["bb_per_100"]),
        ("VPIP / PFR", f"{_pct(pooled['vpip_rate'])} / {_pct(pooled['pfr_rate'])}", None),
        ("leaks claimed", str(leaks.filter(pl.col("claimed")).height), None),
    ]
    body = [
        f"<h1>Badugi report: {_e(who)}</h1>",
        f'<p class="sub">{_e(names)} · {pooled["hands"]:,} hands'
        + (f" · {first:%Y-%m-%d} to {last:%Y-%m-%d}" if first and last else "") + "</p>",
        '<div class="cards">' + "".join(
            f'<div class="card"><div class="v">{_signed(v, text) if v is not None else _e(text)}</div>'
            f'<div class="k">{_e(k)}</div></div>' for k, text, v in cards) + "</div>",
        "<h2>Winnings</h2>", figures.div(winnings_figure(series)),
        "<h2>Results by position and stakes</h2>",
        '<div class="grid"><div>' + figures.div(results_figure(_order_positions(by_position), "By position"))
        + "</div><div>" + figures.div(results_figure(by_stakes, "By stakes")) + "</div></div>",
        '<div class="grid"><div>' + _group_table(_order_positions(by_position), "position") + "</div><div>"
        + _group_table(by_stakes, "stakes") + "</div></div>",
        "<h2>Draws</h2>",
        '<div class="grid"><div>' + (figures.div(draws_figure(draws)) if draws.height else "<p>No draws.</p>")
        + "</div><div>" + figures.div(pat_figure(pooled)) + "</div></div>",
        "<h2>Stats (95 % Wilson intervals)</h2>", _stat_table(pooled),
        "<h2>Leaks</h2>", _leak_section(con, leaks, set(names.split(", "))),
        "<h2>Against the rest of the database</h2>", _versus_table(versus),
        f'<p class="note">Generated by badugi on {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC. Formulas: '
        "docs/stats.md.</p>",
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
