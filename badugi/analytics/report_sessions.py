"""The report's sessions section: a summary, the sessions table (the latest ``MAX_ROWS``) and one
by-hour chart per money kind (hands and net by hour of day, UTC). Definitions: ``analytics.sessions``.

Every text from the data (table names) is HTML-escaped here, as in ``report``."""

from __future__ import annotations

import html
from typing import Any

import plotly.graph_objects as go
import polars as pl
from plotly.subplots import make_subplots

from badugi.analytics.money import MoneyKind
from badugi.analytics.sessions import Sessions, by_hour

MAX_ROWS = 100
"""Sessions listed in the report (the latest); ``badugi sessions`` lists all."""

MAX_TABLE_NAMES = 4
"""Table names written per session; the rest are counted."""

COLOURS = {"won": "#2da44e", "lost": "#cf222e", "hands": "#6e7781"}


def _e(value: Any) -> str:
    return html.escape("" if value is None else str(value), quote=True)


def _length(minutes: float | None) -> str:
    if minutes is None:
        return "–"
    hours, rest = divmod(int(round(minutes)), 60)
    return f"{hours} h {rest:02d} min" if hours else f"{rest} min"


def _net(row: dict[str, Any], kinds: tuple[MoneyKind, ...]) -> str:
    parts = []
    for kind in kinds:
        if not row.get(f"hands_{kind.suffix}"):
            continue
        minor, bb = row[f"net_{kind.suffix}"], row[f"net_bb_{kind.suffix}"]
        value = kind.amount(minor, bb)
        css = "" if value is None else f' class="{"pos" if value >= 0 else "neg"}"'
        parts.append(f"<span{css}>{_e(kind.format(minor, bb))}</span>")
    return "<br>".join(parts) or "–"


def _num(value: float | None) -> str:
    return "–" if value is None else f"{value:,.2f}"


def sessions_table(found: Sessions) -> str:
    """The latest sessions, newest last, and a row for the hands with no start time."""
    names: dict[int, list[str]] = {}
    for row in found.sittings.iter_rows(named=True):
        label = row["table_name"] if row["table_name"] is not None else "(no table name)"
        names.setdefault(row["session"], []).append(f"{label} ({row['room']})")
    flagged = bool(found.sessions["flagged"].sum()) or bool(found.undated["flagged"])
    head = ["#", "start (UTC)", "length", "tables", "hands", "net", "bb / 100", *(["flagged times"] if flagged else [])]
    left = ' class="l"'
    out = ["<table><tr>" + "".join(f'<th{left if h in ("start (UTC)", "tables") else ""}>{_e(h)}</th>'
                                   for h in head) + "</tr>"]
    shown = found.sessions.tail(MAX_ROWS)
    for row in shown.iter_rows(named=True):
        tables = names.get(row["session"], [])
        listed = ", ".join(tables[:MAX_TABLE_NAMES]) + (f" (+{len(tables) - MAX_TABLE_NAMES} more)"
                                                         if len(tables) > MAX_TABLE_NAMES else "")
        out.append(f'<tr><td>{row["session"]}</td><td class="l">{row["start"]:%Y-%m-%d %H:%M}</td>'
                   f'<td>{_length(row["minutes"])}</td><td class="l note">{row["tables"]}: {_e(listed)}</td>'
                   f'<td>{row["hands"]:,}</td><td>{_net(row, found.kinds)}</td><td>{_num(row["bb_per_100"])}</td>'
                   + (f'<td>{row["flagged"] or ""}</td>' if flagged else "") + "</tr>")
    undated = found.undated
    if undated["hands"]:
        out.append(f'<tr><td>–</td><td class="l">no start time</td><td>–</td><td class="l">–</td>'
                   f'<td>{undated["hands"]:,}</td><td>{_net(undated, found.kinds)}</td>'
                   f'<td>{_num(undated["bb_per_100"])}</td>' + (f'<td>{undated["flagged"]}</td>' if flagged else "")
                   + "</tr>")
    out.append("</table>")
    return "\n".join(out)


def summary(found: Sessions) -> str:
    """One paragraph: how many sessions, hours, hands per session, and what was left out."""
    count = found.sessions.height
    minutes = float(found.sessions["minutes"].sum() or 0.0)
    text = (f"{count:,} session{'s' if count != 1 else ''} (a new one after {found.gap_minutes:g} minutes or more "
            f"with no hand, at any table), {_length(minutes)} of play in all")
    if count:
        text += (f", a median of {found.sessions['hands'].median():,.0f} hands and "
                 f"{_length(float(found.sessions['minutes'].median()))} per session")
    text += "."
    if count > MAX_ROWS:
        text += f" The table lists the latest {MAX_ROWS}; `badugi sessions` lists all."
    if found.undated["hands"]:
        text += (f" {found.undated['hands']:,} hands have no start time (a time zone no room table knows) and "
                 "are in no session.")
    if found.sessions["flagged"].sum():
        text += (" Flagged times are guesses: a daylight-saving hour, two clocks that disagree, or a room that "
                 "writes no time zone (docs/stats.md).")
    return f'<p class="note">{_e(text)}</p>'


def by_hour_figure(hours: pl.DataFrame, kind: MoneyKind) -> go.Figure:
    """Net (top, in the kind's unit) and hands (bottom) by hour of day, UTC, for one money kind."""
    part = hours.filter(pl.col("currency") == kind.key).sort("hour")
    if kind.in_big_blinds:
        net = part["net_bb"].to_list()
    else:
        net = [v / (1 if kind.key == "play" else 100) for v in part["net"].to_list()]
    labels = [f"{h:02d}" for h in part["hour"].to_list()]
    unit = "big blinds" if kind.in_big_blinds else kind.unit
    fig = make_subplots(rows=2, cols=1, shared_xaxes=True, row_heights=[0.6, 0.4], vertical_spacing=0.08)
    fig.add_trace(go.Bar(x=labels, y=net, name=f"net ({unit})",
                         marker_color=[COLOURS["won"] if v >= 0 else COLOURS["lost"] for v in net],
                         customdata=part["bb_per_100"].to_list(),
                         hovertemplate="%{x}:00 UTC: %{y:,.2f} " + unit + " (%{customdata:.1f} bb/100)<extra></extra>"),
                  row=1, col=1)
    fig.add_trace(go.Bar(x=labels, y=part["hands"].to_list(), name="hands", marker_color=COLOURS["hands"],
                         hovertemplate="%{x}:00 UTC: %{y:,} hands<extra></extra>"), row=2, col=1)
    fig.update_yaxes(title_text=unit, row=1, col=1)
    fig.update_yaxes(title_text="hands", row=2, col=1)
    fig.update_xaxes(title_text="hour of day (UTC)", row=2, col=1)
    fig.update_layout(title=f"By hour of day (UTC), {kind.label}", showlegend=False)
    return fig


def hour_kinds(hours: pl.DataFrame, kinds: tuple[MoneyKind, ...]) -> list[MoneyKind]:
    """The money kinds with a hand at some hour (in display order)."""
    played = set(hours.filter(pl.col("hands") > 0)["currency"].to_list())
    return [kind for kind in kinds if kind.key in played]


__all__ = ["MAX_ROWS", "by_hour", "by_hour_figure", "hour_kinds", "sessions_table", "summary"]
