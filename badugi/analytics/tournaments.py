"""Tournament results from the stored summaries: the hero's entries, their cost and winnings, and results
by buy-in (or currency, room, game, month) with ROI and the in-the-money rate.

An **entry** is one result of the hero in one summary (a multi-entry tournament gives several). When
several summaries hold the same tournament (a file saved twice, a summary saved while running and
again once finished), one is used: the one where the most of the hero's places are written, then a
finished one, then the latest; a Matrix match is a tournament part of its own (each has its buy-in).

Per entry, in the summary's currency (never added across currencies):

- **cost** = buy-in + fee + bounty (Full Tilt's bounty is part of its buy-in, so it is not added twice),
  plus the file owner's rebuys × rebuy cost and add-ons × add-on cost (counted on the owner's first entry). Unknown (NULL) when the buy-in is not written (a ticket entry) or
  a rebuy / add-on was made whose cost is not written;
- **won** = the money prize, plus the value the summary writes for a ticket won (``$13 MiniFTOPS
  Ticket``), plus the owner's knockouts × the bounty; a prize in another currency is left out of it
  (``other_prize`` shows it);
- **in the money** (ITM): won money or a prize (a ticket, a seat, a token), whether or not its value is
  written (``unvalued`` counts those without one);
- **finished**: the place is written (still playing, or Winamax's ``...``, is not a result yet).

ROI = (won - cost) / cost over the finished entries whose cost is known; its 95 % interval is the normal
approximation of the mean net per entry (costs taken as fixed), given for two entries or more. ITM rate
= ITM / finished, with the 95 % Wilson interval (docs/stats.md).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import date
from typing import Any

import duckdb
import polars as pl

from badugi.analytics.heroes import SUMMARIES, FaceUpName, Hero, find_hero
from badugi.analytics.wilson import Z95, wilson_exprs

GROUPS: dict[str, str] = {
    "buy-in": "buy_in_label",
    "currency": "currency",
    "room": "room",
    "game": "game",
    "month": "month",
}
"""``--by`` keys -> the entry column that groups (always within a currency)."""

ZERO_DECIMALS = frozenset({"FPP", "SC", "FTP", "PLAY"})
"""Currencies shown without decimals (points and play chips), unless an amount has a fraction."""


def summary_owners(con: duckdb.DuckDBPyConnection) -> list[FaceUpName]:
    """The players the stored summaries are for, most summaries first (``FaceUpName.hands`` counts
    summaries here)."""
    rows = con.execute("SELECT hero, count(*)::BIGINT, list(DISTINCT room ORDER BY room) FROM tournaments "
                       "WHERE hero IS NOT NULL GROUP BY hero ORDER BY 2 DESC, hero").fetchall()
    return [FaceUpName(name, int(n), tuple(rooms), unit="summary") for name, n, rooms in rows]


def find_tournament_hero(con: duckdb.DuckDBPyConnection, named: str | None = None, env_names: Sequence[str] = (),
                         aliases: Sequence[str] = ()) -> Hero:
    """The hero: ``named`` (``--hero``) or ``env_names`` (``$BADUGI_HERO``) plus ``aliases`` as for the
    other commands; else the player the most summaries are for (plus ``aliases``), the other owners
    left out and listed."""
    if named or env_names:
        return find_hero(con, named=named, env_names=env_names, aliases=aliases)
    owners = summary_owners(con)
    extra = [a for a in aliases if a]
    if not owners:
        return Hero(tuple(dict.fromkeys(extra)), "--alias")
    names = tuple(dict.fromkeys([owners[0].name, *extra]))
    return Hero(names, SUMMARIES, tuple(o for o in owners[1:] if o.name not in names))


_ENTRIES_SQL = """
WITH mine AS (
    SELECT r.*, row_number() OVER (PARTITION BY r.file, r.byte_offset ORDER BY r.line, r.place) AS entry_no
    FROM tournament_results r WHERE list_contains(?, r.player)
),
per_summary AS (
    SELECT file, byte_offset, count(place) AS placed FROM mine GROUP BY file, byte_offset
),
ranked AS (
    SELECT t.*, row_number() OVER (PARTITION BY t.room, t.tournament_id, coalesce(t.part, '')
        ORDER BY s.placed DESC, (t.status = 'finished') DESC NULLS LAST, t.end_time DESC NULLS LAST,
                 t.start_time DESC NULLS LAST, t.file, t.byte_offset) AS rank
    FROM tournaments t JOIN per_summary s ON s.file = t.file AND s.byte_offset = t.byte_offset
),
hand_counts AS (
    SELECT room, tournament_id, count(*)::BIGINT AS hands FROM hands WHERE tournament_id IS NOT NULL
    GROUP BY room, tournament_id
),
hero_hands AS (
    SELECT h.room, h.tournament_id, count(DISTINCT h.room_hand_id)::BIGINT AS hero_hands
    FROM hands h JOIN hand_players p ON p.room = h.room AND p.room_hand_id = h.room_hand_id
    WHERE h.tournament_id IS NOT NULL AND list_contains(?, p.player) GROUP BY h.room, h.tournament_id
),
e AS (
    SELECT t.room, t.tournament_id, t.part, t.name, t.game, t.site, t.file, t.line AS summary_line,
        m.line, m.player, m.place, m.entry, t.entrants, t.status, t.start_time,
        coalesce(t.currency, t.prize_pool_currency) AS currency, t.buy_in, t.fee, t.bounty, t.bounty_in_buy_in,
        CASE WHEN m.entry_no = 1 AND m.is_hero THEN coalesce(t.hero_rebuys, 0) ELSE 0 END AS rebuys,
        CASE WHEN m.entry_no = 1 AND m.is_hero THEN coalesce(t.hero_addons, 0) ELSE 0 END AS addons,
        CASE WHEN m.entry_no = 1 AND m.is_hero THEN coalesce(t.hero_knockouts, 0) ELSE 0 END AS knockouts,
        t.rebuy_cost, t.addon_cost, m.prize, m.prize_currency, m.prize_text, m.ticket_value, m.still_playing,
        coalesce(c.hands, 0) AS hands, coalesce(hh.hero_hands, 0) AS hero_hands
    FROM ranked t JOIN mine m ON m.file = t.file AND m.byte_offset = t.byte_offset
    LEFT JOIN hand_counts c ON c.room = t.room AND c.tournament_id = t.tournament_id
    LEFT JOIN hero_hands hh ON hh.room = t.room AND hh.tournament_id = t.tournament_id
    WHERE t.rank = 1 {filters}
)
SELECT *,
    buy_in IS NOT NULL AND (rebuys = 0 OR rebuy_cost IS NOT NULL) AND (addons = 0 OR addon_cost IS NOT NULL)
        AS cost_known,
    CASE WHEN prize_currency IS NOT DISTINCT FROM currency OR prize_currency IS NULL
         THEN coalesce(prize, 0) + coalesce(ticket_value, 0) ELSE 0 END
        + knockouts * coalesce(bounty, 0) AS won,
    CASE WHEN prize_currency IS DISTINCT FROM currency AND prize_currency IS NOT NULL
         AND coalesce(prize, 0) + coalesce(ticket_value, 0) > 0
         THEN coalesce(prize, 0) + coalesce(ticket_value, 0) END AS other_prize,
    place IS NOT NULL AS finished,
    coalesce(prize, 0) > 0 OR coalesce(ticket_value, 0) > 0 OR coalesce(prize_text <> 'Cashout', false) AS itm,
    coalesce(prize, 0) = 0 AND coalesce(ticket_value, 0) = 0 AND coalesce(prize_text <> 'Cashout', false) AS unvalued,
    place = 1 AS won_it,
    strftime(start_time, '%Y-%m') AS month
FROM e
ORDER BY start_time NULLS LAST, room, tournament_id, part NULLS FIRST, line
"""


def hero_entries(con: duckdb.DuckDBPyConnection, names: Sequence[str], since: date | None = None,
                 until: date | None = None, room: str | None = None) -> pl.DataFrame:
    """One row per entry of the hero (``names``) in the stored summaries (see the module docstring), with
    ``cost`` (NULL when unknown), ``won``, ``net``, ``finished``, ``itm``, the tournament's fields and
    the hands stored of it (``hands``; ``hero_hands`` where a hero name sat)."""
    filters, params = [], [list(names), list(names)]
    if since is not None:
        filters.append("AND CAST(t.start_time AS DATE) >= ?")
        params.append(since)
    if until is not None:
        filters.append("AND CAST(t.start_time AS DATE) <= ?")
        params.append(until)
    if room is not None:
        filters.append("AND t.room = ?")
        params.append(room.lower())
    sql = _ENTRIES_SQL.format(filters=" ".join(filters))
    frame = pl.from_arrow(con.sql(sql, params=params).to_arrow_table())
    assert isinstance(frame, pl.DataFrame)
    bounty = pl.when(pl.col("bounty_in_buy_in").fill_null(False)).then(0).otherwise(pl.col("bounty").fill_null(0))
    cost = (pl.col("buy_in") + pl.col("fee").fill_null(0) + bounty
            + pl.col("rebuys") * pl.col("rebuy_cost").fill_null(0) + pl.col("addons") * pl.col("addon_cost").fill_null(0))
    frame = frame.with_columns(pl.when(pl.col("cost_known")).then(cost).otherwise(None).cast(pl.Int64).alias("cost"))
    labels = [buy_in_label(r["currency"], r["buy_in"], r["fee"], r["bounty"], bool(r["bounty_in_buy_in"]))
              for r in frame.select("currency", "buy_in", "fee", "bounty", "bounty_in_buy_in").iter_rows(named=True)]
    return frame.with_columns(
        (pl.col("won") - pl.col("cost")).alias("net"),
        pl.Series("buy_in_label", labels, dtype=pl.String),
        pl.col("currency").fill_null("unknown"),
    )


def results_by(entries: pl.DataFrame, by: str = "buy-in") -> pl.DataFrame:
    """The entries grouped (``GROUPS``; always within a currency): entries, finished, ITM with its
    Wilson interval, first places, cost, won, net and ROI with its interval (over the finished entries
    whose cost is known: ``roi_entries``; NULL when there are none), unvalued prizes, knockouts and hands.
    A ``currency``-grouped frame is the per-currency total. Buy-ins come cheapest first."""
    if by not in GROUPS:
        raise ValueError(f"unknown grouping {by!r}")
    keys = ["currency"] if by == "currency" else ["currency", GROUPS[by]]
    if entries.height == 0:
        return pl.DataFrame()
    roi_rows = pl.col("finished") & pl.col("cost_known")
    if by != "currency":
        entries = entries.with_columns(pl.col(GROUPS[by]).cast(pl.String).fill_null("-"))
    bounty = pl.when(pl.col("bounty_in_buy_in").fill_null(False)).then(0).otherwise(pl.col("bounty").fill_null(0))
    order = (pl.col("buy_in") + pl.col("fee").fill_null(0) + bounty).min().alias("_order")
    frame = entries.group_by(keys, maintain_order=True).agg(
        order,
        pl.len().alias("entries"),
        pl.col("finished").sum().alias("finished"),
        (pl.col("itm") & pl.col("finished")).sum().alias("itm"),
        pl.col("won_it").fill_null(False).sum().alias("first_places"),
        (pl.col("unvalued") & pl.col("finished")).sum().alias("unvalued"),
        roi_rows.sum().alias("roi_entries"),
        pl.col("cost").filter(roi_rows).sum().alias("cost"),
        pl.col("won").filter(roi_rows).sum().alias("won"),
        pl.col("net").filter(roi_rows).sum().alias("net"),
        pl.col("net").filter(roi_rows).std().alias("_net_sd"),
        pl.col("won").filter(pl.col("finished") & ~pl.col("cost_known")).sum().alias("won_cost_unknown"),
        pl.col("knockouts").sum().alias("knockouts"),
        pl.col("hands").sum().alias("hands"),
        pl.col("hero_hands").sum().alias("hero_hands"),
    )
    frame = frame.with_columns(*wilson_exprs("itm", "finished", "itm"), *(
        pl.when(pl.col("roi_entries") > 0).then(pl.col(c)).otherwise(None).alias(c) for c in ("cost", "won", "net")))
    rows = []
    for row in frame.iter_rows(named=True):
        row.update(zip(("roi", "roi_lo", "roi_hi"), roi_interval(row["net"], row["cost"], row["_net_sd"],
                                                                 row["roi_entries"])))
        rows.append(row)
    out = pl.DataFrame(rows, infer_schema_length=None)
    if by != "currency":
        out = out.rename({GROUPS[by]: "group"})
    order = ["currency", *(["_order", "group"] if by == "buy-in" else ["group"] if by != "currency" else [])]
    return out.sort(order, nulls_last=True).drop("_net_sd", "_order")


def roi_interval(net: int | None, cost: int | None, net_sd: float | None,
                 n: int) -> tuple[float | None, float | None, float | None]:
    """ROI = net / cost and its 95 % interval: net ± z·sd·√n over the cost (the normal approximation of
    the mean net per entry, the costs taken as fixed); no interval below two entries."""
    if not cost or net is None:
        return None, None, None
    roi = net / cost
    if n < 2 or net_sd is None or math.isnan(net_sd):
        return roi, None, None
    spread = Z95 * net_sd * math.sqrt(n) / cost
    return roi, roi - spread, roi + spread


def amount_text(hundredths: int | None, currency: str | None, unit: bool = True) -> str:
    """``1234`` USD -> ``12.34 USD``; points and play chips without decimals unless they have a fraction."""
    if hundredths is None:
        return "–"
    whole = currency in ZERO_DECIMALS and hundredths % 100 == 0
    text = f"{hundredths // 100:,}" if whole else f"{hundredths / 100:,.2f}"
    return f"{text} {currency}" if unit and currency else text


def buy_in_label(currency: str | None, buy_in: int | None, fee: int | None, bounty: int | None,
                 bounty_in_buy_in: bool = False) -> str:
    """``2.00 + 0.50 + 0.20 USD`` (buy-in + bounty + fee, as PokerStars writes them), ``70.00 + 5.00 USD
    (15.00 bounty)`` (Full Tilt: the bounty is part of the buy-in), ``100 FPP``, or ``not written`` (a
    ticket entry)."""
    if buy_in is None:
        return "not written"
    beside = bounty is not None and not bounty_in_buy_in
    parts = [buy_in, *([bounty] if beside else []), *([fee] if fee is not None else [])]
    text = " + ".join(amount_text(p, currency, unit=False) for p in parts) + (f" {currency}" if currency else "")
    if bounty is not None and bounty_in_buy_in:
        text += f" ({amount_text(bounty, currency, unit=False)} bounty)"
    return text


def entry_records(entries: pl.DataFrame) -> list[dict[str, Any]]:
    """The JSON shape of the entries: money as minor units with their currency."""
    keep = ["room", "tournament_id", "part", "name", "game", "start_time", "currency", "buy_in", "fee", "bounty",
            "bounty_in_buy_in", "buy_in_label", "entrants", "place", "player", "prize", "prize_currency", "prize_text", "ticket_value",
            "rebuys", "addons", "knockouts", "cost", "won", "net", "finished", "itm", "still_playing", "hands",
            "hero_hands", "file", "summary_line"]
    return [dict(row) for row in entries.select(keep).iter_rows(named=True)]


def result_records(frame: pl.DataFrame) -> list[dict[str, Any]]:
    """The JSON shape of grouped results: ITM as ``{done, opportunities, rate, ci}`` (as the stats are),
    ROI as ``{value, ci, entries}``, money as minor units (hundredths) of ``currency``."""
    out = []
    for row in frame.iter_rows(named=True):
        record: dict[str, Any] = {"currency": row["currency"]}
        if "group" in row:
            record["group"] = row["group"]
        record.update({k: row[k] for k in ("entries", "finished", "first_places", "cost", "won", "net",
                                           "won_cost_unknown", "unvalued", "knockouts", "hands", "hero_hands")})
        lo, hi = row["itm_lo"], row["itm_hi"]
        record["itm"] = {"done": row["itm"], "opportunities": row["finished"], "rate": row["itm_rate"],
                         "ci": None if lo is None else [lo, hi]}
        record["roi"] = {"value": row["roi"], "entries": row["roi_entries"],
                         "ci": None if row["roi_lo"] is None else [row["roi_lo"], row["roi_hi"]]}
        out.append(record)
    return out


__all__ = ["GROUPS", "amount_text", "buy_in_label", "entry_records",
           "find_tournament_hero", "hero_entries", "result_records", "results_by", "roi_interval", "summary_owners"]
