"""The report's Plotly figures: winnings over hands (one per money kind), results by group, draws, pats."""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go
import polars as pl

from badugi.analytics.money import MoneyKind
from badugi.analytics.stats import DEALT_BADUGI

MAX_POINTS = 4000
"""The winnings graph keeps at most this many points (evenly spaced, the last hand always kept)."""

COLOURS = {"net": "#1f6feb", "showdown": "#2da44e", "nonshowdown": "#cf222e", "bar": "#6e7781", "ev": "#bf8700"}


def pct(value: float | None) -> str:
    return "–" if value is None else f"{value * 100:.1f}%"


class Figures:
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


def winnings_series(series: pl.DataFrame, kind: MoneyKind) -> pl.DataFrame:
    """One money kind's hands (from ``winnings_by_hand``) with cumulative net, showdown and non-showdown
    winnings and all-in EV net (``ev_won``) in the kind's unit: currency units, big blinds (tournaments) or
    play chips."""
    part = series.filter(pl.col("currency") == kind.key)

    def shown(column: str) -> pl.Expr:
        if kind.in_big_blinds:
            value = pl.col(column) / pl.col("bb")
        else:
            value = pl.col(column) / (1 if kind.key == "play" else 100)
        return value.cast(pl.Float64).fill_null(0.0)

    amount = shown("net")
    return part.with_columns(
        pl.int_range(1, pl.len() + 1).alias("kind_hand_no"),
        amount.cum_sum().alias("won"),
        shown("ev_net").cum_sum().alias("ev_won"),
        pl.when(pl.col("went_to_showdown")).then(amount).otherwise(0.0).cum_sum().alias("showdown_won"),
        pl.when(pl.col("went_to_showdown")).then(0.0).otherwise(amount).cum_sum().alias("nonshowdown_won"),
    )


def winnings_figure(series: pl.DataFrame, kind: MoneyKind) -> go.Figure:
    """Net, all-in EV, showdown and non-showdown winnings over one money kind's hands, in its unit. The EV
    line is the net with each all-in that left draws to come valued at its equity (docs/stats.md)."""
    data = _downsample(winnings_series(series, kind))
    fig = go.Figure()
    for column, name, colour, dash in (("won", "net won", COLOURS["net"], None),
                                       ("ev_won", "all-in EV net", COLOURS["ev"], "dash"),
                                       ("showdown_won", "showdown winnings", COLOURS["showdown"], None),
                                       ("nonshowdown_won", "non-showdown winnings", COLOURS["nonshowdown"], None)):
        fig.add_trace(go.Scatter(x=data["kind_hand_no"].to_list(), y=data[column].to_list(), mode="lines",
                                 name=name, line=dict(color=colour, width=2, dash=dash)))
    unit = "big blinds" if kind.in_big_blinds else kind.unit
    fig.update_layout(title=f"Winnings over hands, {kind.label} (in {unit})", xaxis_title="hands",
                      yaxis_title=unit,
                      legend=dict(orientation="h", y=1.02, x=1, xanchor="right", yanchor="bottom"))
    return fig


def results_figure(frame: pl.DataFrame, title: str) -> go.Figure:
    values = frame["bigbets_per_100"].to_list()
    fig = go.Figure(go.Bar(x=frame["group"].to_list(), y=values,
                           text=["–" if v is None else f"{v:.1f}" for v in values],
                           marker_color=[COLOURS["showdown"] if (v or 0) >= 0 else COLOURS["nonshowdown"] for v in values],
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
                           text=[pct(r) for r in rates],
                           customdata=[f"{row[f'{n}_done']}/{row[f'{n}_opp']}" for n in names],
                           hovertemplate="%{x}: %{y:.1%} (%{customdata})<extra></extra>"))
    fig.add_hline(y=DEALT_BADUGI, line_dash="dash", line_color=COLOURS["nonshowdown"],
                  annotation_text="dealt badugi 6.34%", annotation_position="top right")
    fig.update_layout(title="Pat and snow rates (95% intervals)", yaxis_tickformat=".0%", showlegend=False)
    return fig
