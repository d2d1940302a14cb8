"""The report's tournament section: the hero's results from the stored summaries, per currency (never
added across currencies), by buy-in, and the entries themselves (``analytics.tournaments``).

Every text from the files (tournament names, games, prize texts) is HTML-escaped.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import duckdb
import polars as pl

from badugi.analytics.tournaments import amount_text, hero_entries, results_by

MAX_ENTRIES = 100
"""Entries listed in the report (the latest first); the command lists them all."""


def _e(value: Any) -> str:
    return html.escape("" if value is None else str(value), quote=True)


def _pct(value: float | None, sign: bool = False) -> str:
    if value is None:
        return "–"
    return f"{value * 100:+.1f}%" if sign else f"{value * 100:.1f}%"


def _interval(lo: float | None, hi: float | None, sign: bool = False) -> str:
    return "–" if lo is None else f"{_pct(lo, sign)} – {_pct(hi, sign)}"


def _money(value: int | None, currency: str) -> str:
    text = _e(amount_text(value, currency))
    if value is None or value == 0:
        return text
    return f'<span class="{"pos" if value > 0 else "neg"}">{text}</span>'


def _results_table(frame: pl.DataFrame, label: str) -> str:
    out = [f'<table class="tournaments"><tr><th class="l">currency</th><th class="l">{_e(label)}</th><th>entries</th>'
           "<th>finished</th><th>in the money</th><th>95% interval</th><th>1st</th><th>cost</th><th>won</th>"
           "<th>net</th><th>ROI</th><th>95% interval</th></tr>"]
    for row in frame.iter_rows(named=True):
        currency = row["currency"]
        out.append(
            f'<tr><td class="l">{_e(currency)}</td><td class="l">{_e(row.get("group", "all"))}</td>'
            f'<td>{row["entries"]:,}</td><td>{row["finished"]:,}</td>'
            f'<td>{_pct(row["itm_rate"])} ({row["itm"]:,} / {row["finished"]:,})</td>'
            f'<td>{_interval(row["itm_lo"], row["itm_hi"])}</td><td>{row["first_places"]:,}</td>'
            f'<td>{_e(amount_text(row["cost"], currency))}</td><td>{_e(amount_text(row["won"], currency))}</td>'
            f'<td>{_money(row["net"], currency)}</td><td>{_pct(row["roi"], True)}</td>'
            f'<td>{_interval(row["roi_lo"], row["roi_hi"], True)}</td></tr>')
    out.append("</table>")
    return "\n".join(out)


def _cards(totals: pl.DataFrame) -> str:
    cards = []
    for row in totals.iter_rows(named=True):
        currency = row["currency"]
        cards.append((f"tournaments, {currency}", f'{row["entries"]:,} entries'))
        cards.append((f"in the money, {currency}", _pct(row["itm_rate"])))
        cards.append((f"ROI, {currency}", _pct(row["roi"], True)))
        cards.append((f"net, {currency}", _money(row["net"], currency)))
    return '<div class="cards">' + "".join(
        f'<div class="card"><div class="v">{value}</div><div class="k">{_e(key)}</div></div>'
        for key, value in cards) + "</div>"


def _entries_table(entries: pl.DataFrame) -> str:
    latest = entries.sort("start_time", descending=True, nulls_last=True).head(MAX_ENTRIES)
    out = ['<table class="tournament-entries"><tr><th class="l">start (UTC)</th><th class="l">room</th>'
           '<th class="l">tournament</th><th class="l">name</th><th class="l">game</th><th class="l">buy-in</th>'
           '<th>entrants</th><th>place</th><th class="l">prize</th><th>net</th><th>hands stored</th></tr>']
    for row in latest.iter_rows(named=True):
        currency = row["currency"]
        prize = "; ".join(p for p in (
            amount_text(row["prize"], row["prize_currency"] or currency) if row["prize"] else "",
            row["prize_text"] or "", f"{row['knockouts']} knockouts" if row["knockouts"] else "") if p) or "–"
        place = "still playing" if row["still_playing"] else ("–" if row["place"] is None else f"{row['place']:,}")
        when = f"{row['start_time']:%Y-%m-%d %H:%M}" if row["start_time"] else "–"
        entrants = "–" if row["entrants"] is None else f"{row['entrants']:,}"
        out.append(
            f'<tr><td class="l">{when}</td><td class="l">{_e(row["room"])}</td>'
            f'<td class="l">{_e(row["tournament_id"])}{" " + _e(row["part"]) if row["part"] else ""}</td>'
            f'<td class="l">{_e(row["name"] or "–")}</td><td class="l">{_e(row["game"] or "–")}</td>'
            f'<td class="l">{_e(row["buy_in_label"])}</td>'
            f"<td>{entrants}</td><td>{place}</td>"
            f'<td class="l">{_e(prize)}</td><td>{_money(row["net"], currency)}</td>'
            f'<td>{row["hero_hands"]:,} / {row["hands"]:,}</td></tr>')
    out.append("</table>")
    more = entries.height - latest.height
    if more > 0:
        out.append(f'<p class="note">{more:,} older entries not listed (badugi tournaments --by tournament lists '
                   "them all).</p>")
    return "\n".join(out)


def tournament_section(con: duckdb.DuckDBPyConnection, names: Sequence[str]) -> str:
    """The section's HTML ("" when the hero has no tournament entry in the stored summaries)."""
    if not names:
        return ""
    entries = hero_entries(con, names)
    if entries.height == 0:
        return ""
    totals = results_by(entries, "currency")
    return "\n".join([
        "<h2>Tournaments</h2>",
        '<p class="note">From the tournament summaries imported. Money per currency, never added across '
        "currencies. Cost = buy-in + fee + bounty + rebuys and add-ons; won = prizes, the ticket values the "
        "summaries write and knockout bounties. In the money: 95 % Wilson interval; ROI: 95 % normal "
        "approximation of the mean net per entry. Formulas: docs/stats.md.</p>",
        _cards(totals),
        _results_table(results_by(entries, "buy-in"), "buy-in"),
        _results_table(totals.with_columns(pl.lit("all").alias("group")), "buy-in"),
        _entries_table(entries),
    ])
