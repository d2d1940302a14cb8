"""Sessions: when the hero played, for how long, at which tables, and what each stretch won.

A **session** is a period of continuous play across every table and room, as trackers define it: the
hero's hands sorted by start time (UTC), with a new session whenever a hand starts ``gap`` minutes or
more after the hand before it (at any table). Playing four tables at once is one session; each table
inside it is a **sitting** (its first and last hand, hands and net). A session's length runs from its
first hand's start to its last hand's start: rooms write when a hand starts, not when it ends, so a
one-hand session lasts 0 minutes.

Money follows ``badugi.analytics.money``: net per money kind (cash per currency in minor units,
tournament chips and currency-less chips as big blinds, play money in chips), never one sum across
kinds; bb/100 divides each hand's net by its own big blind, so it pools every kind.

Hands with no start time (a time-zone word no room table knows) belong to no session: they are
counted apart (``Sessions.undated``), so session hands plus those add up to the hero's hands. Hands
whose time is a daylight-saving guess (``hands.time_flag``) are placed at that guess and counted per
session in ``flagged``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import duckdb
import polars as pl

from badugi.analytics.money import MONEY_SQL, MoneyKind, sort_kinds
from badugi.analytics.selection import BIG_BLIND_SQL, Selection

DEFAULT_GAP_MINUTES = 30
"""A new session starts after this many minutes with no hand (the usual tracker default)."""

TABLE_KEY = ("room", "tournament_id", "table_name")
"""What one table is: a table name is only unique within its room (and tournament)."""


def hero_hands(con: duckdb.DuckDBPyConnection, selection: Selection) -> pl.DataFrame:
    """The selected hand-player rows (one per hand of the hero), with what sessions need: start time
    (UTC, naive) and its flag, the table, the money kind (``currency``), the big blind and the net."""
    where, params = selection.where()
    sql = f"""
SELECT p.room, p.room_hand_id, p.player, h.start_time, h.time_flag, h.table_name, h.tournament_id,
       ({MONEY_SQL}) AS currency, {BIG_BLIND_SQL} AS bb, p.net
FROM hand_players p JOIN hands h ON h.room = p.room AND h.room_hand_id = p.room_hand_id
WHERE {where}
ORDER BY h.start_time NULLS LAST, p.room, p.room_hand_id
"""
    frame: pl.DataFrame = pl.from_arrow(con.sql(sql, params=params).to_arrow_table())  # type: ignore[assignment]
    return frame.with_columns(pl.col("bb").cast(pl.Float64), pl.col("net").cast(pl.Int64))


def assign_sessions(hands: pl.DataFrame, gap_minutes: float = DEFAULT_GAP_MINUTES) -> pl.DataFrame:
    """``hands`` with a ``session`` number (1, 2, ... in time order): a hand starting ``gap_minutes`` or
    more after the previous hand starts a new one. Hands with no start time get none (null), last."""
    if gap_minutes <= 0:
        raise ValueError("the session gap must be more than 0 minutes")
    dated = hands.filter(pl.col("start_time").is_not_null()).sort(["start_time", "room", "room_hand_id"])
    new = (pl.col("start_time").diff() >= timedelta(minutes=gap_minutes)).fill_null(True)
    dated = dated.with_columns(new.cast(pl.Int64).cum_sum().alias("session"))
    undated = hands.filter(pl.col("start_time").is_null()).with_columns(pl.lit(None, pl.Int64).alias("session"))
    return pl.concat([dated, undated])


def _sums(kinds: list[MoneyKind]) -> list[pl.Expr]:
    """Per group: first and last start, hands, flagged times, net in big blinds over every kind, and
    per money kind its hands, net (minor units) and net in big blinds."""
    in_bb = pl.col("net") / pl.col("bb")
    exprs = [pl.col("start_time").min().alias("start"), pl.col("start_time").max().alias("last_hand"),
             pl.len().cast(pl.Int64).alias("hands"), pl.col("time_flag").is_not_null().sum().cast(pl.Int64)
             .alias("flagged"), in_bb.sum().alias("net_bb")]
    for kind in kinds:
        mine = pl.col("currency") == kind.key
        exprs += [mine.sum().cast(pl.Int64).alias(f"hands_{kind.suffix}"),
                  pl.col("net").filter(mine).sum().alias(f"net_{kind.suffix}"),
                  in_bb.filter(mine).sum().alias(f"net_bb_{kind.suffix}")]
    return exprs


def _finish(frame: pl.DataFrame, kinds: list[MoneyKind]) -> pl.DataFrame:
    """Length in minutes, bb/100, and no sums for a kind the row has no hand of."""
    out = frame.with_columns(
        ((pl.col("last_hand") - pl.col("start")).dt.total_seconds() / 60).alias("minutes"),
        (pl.col("net_bb") * 100 / pl.col("hands")).alias("bb_per_100"))
    for kind in kinds:
        empty = pl.col(f"hands_{kind.suffix}") == 0
        out = out.with_columns([pl.when(empty).then(None).otherwise(pl.col(c)).alias(c)
                                for c in (f"net_{kind.suffix}", f"net_bb_{kind.suffix}")])
    return out


@dataclass(frozen=True)
class Sessions:
    """The hero's sessions. ``sessions``: one row per session (``session``, ``start``, ``last_hand`` (its
    start), ``minutes``, ``tables``, ``hands``, ``flagged``, ``net_bb``, ``bb_per_100`` and per
    money kind ``hands_k``/``net_k``/``net_bb_k``). ``sittings``: one row per session and table (the same
    sums, plus ``room``, ``tournament_id``, ``table_name``). ``undated``: the same sums over the hands
    with no start time (``hands`` 0 when there are none)."""

    sessions: pl.DataFrame
    sittings: pl.DataFrame
    undated: dict[str, Any]
    kinds: tuple[MoneyKind, ...]
    gap_minutes: float

    @property
    def hands(self) -> int:
        """Every selected hand: in a session or undated."""
        return int(self.sessions["hands"].sum() or 0) + int(self.undated["hands"])


def split_sessions(hands: pl.DataFrame, gap_minutes: float = DEFAULT_GAP_MINUTES) -> Sessions:
    """Sessions and sittings of the rows ``hero_hands`` returns."""
    kinds = sort_kinds(hands["currency"].unique().drop_nulls().to_list()) if hands.height else []
    numbered = assign_sessions(hands, gap_minutes)
    dated = numbered.filter(pl.col("session").is_not_null())
    sittings = _finish(dated.group_by(["session", *TABLE_KEY]).agg(_sums(kinds)), kinds) \
        .sort(["session", "start", "room", "table_name"], nulls_last=True)
    tables = sittings.group_by("session").agg(pl.len().cast(pl.Int64).alias("tables"))
    sessions = _finish(dated.group_by("session").agg(_sums(kinds)), kinds).join(tables, on="session") \
        .sort("session")
    undated_rows = numbered.filter(pl.col("session").is_null())
    undated = _finish(undated_rows.select(_sums(kinds)), kinds).row(0, named=True)
    return Sessions(sessions, sittings, undated, tuple(kinds), gap_minutes)


def find_sessions(con: duckdb.DuckDBPyConnection, selection: Selection,
                  gap_minutes: float = DEFAULT_GAP_MINUTES) -> Sessions:
    """The selected hands' sessions (the hero's: pass ``Hero.selection``)."""
    return split_sessions(hero_hands(con, selection), gap_minutes)


def money_of(row: dict[str, Any], kinds: tuple[MoneyKind, ...]) -> list[dict[str, Any]]:
    """One row's net per money kind it has hands of: minor units, big blinds, and the figure shown
    (``shown`` in ``unit``), as ``stats`` writes ``money.by_currency``."""
    out = []
    for kind in kinds:
        hands = row.get(f"hands_{kind.suffix}") or 0
        if hands:
            minor, bb = row[f"net_{kind.suffix}"], row[f"net_bb_{kind.suffix}"]
            out.append({"currency": kind.key, "label": kind.label, "hands": hands, "net": minor, "net_bb": bb,
                        "unit": kind.unit, "shown": kind.amount(minor, bb)})
    return out


def _record(row: dict[str, Any], kinds: tuple[MoneyKind, ...]) -> dict[str, Any]:
    return {"hands": row["hands"], "flagged_times": row["flagged"], "net_by_currency": money_of(row, kinds),
            "bb_per_100": row["bb_per_100"]}


def session_records(found: Sessions) -> dict[str, Any]:
    """The JSON shape: each session with its sittings, the undated hands, and the totals."""
    by_session: dict[int, list[dict[str, Any]]] = {}
    for row in found.sittings.iter_rows(named=True):
        by_session.setdefault(row["session"], []).append({
            "room": row["room"], "table": row["table_name"], "tournament_id": row["tournament_id"],
            "start": _iso(row["start"]), "last_hand": _iso(row["last_hand"]), "minutes": row["minutes"],
            **_record(row, found.kinds)})
    sessions = [{"session": row["session"], "start": _iso(row["start"]), "last_hand": _iso(row["last_hand"]),
                 "minutes": row["minutes"], "tables": row["tables"], **_record(row, found.kinds),
                 "sittings": by_session.get(row["session"], [])}
                for row in found.sessions.iter_rows(named=True)]
    undated = _record(found.undated, found.kinds) if found.undated["hands"] else None
    return {"gap_minutes": found.gap_minutes, "hands": found.hands, "sessions": sessions,
            "undated": undated, "times": "UTC"}


def _iso(value: Any) -> str | None:
    return None if value is None else f"{value.isoformat()}Z"


def session_table(found: Sessions) -> pl.DataFrame:
    """One flat row per session for CSV, the table names joined with ``; `` (each ``room: table``); then
    one row with no session and no start for the hands with no start time, when there are any."""
    names = found.sittings.group_by("session", maintain_order=True).agg(
        pl.concat_str([pl.col("room"), pl.lit(": "), pl.col("table_name").fill_null("?")]).str.join("; ")
        .alias("table_names"))
    columns = ["session", "start", "last_hand", "minutes", "tables", "table_names", "hands", "flagged",
               "bb_per_100", *(f"{name}_{kind.suffix}" for kind in found.kinds for name in ("hands", "net", "net_bb"))]
    out = found.sessions.join(names, on="session", how="left").select(columns)
    if found.undated["hands"]:
        undated = pl.DataFrame([{c: found.undated.get(c) for c in columns}], schema=out.schema)
        out = pl.concat([out, undated])
    return out


def by_hour(hands: pl.DataFrame) -> pl.DataFrame:
    """Hands and net by hour of day (UTC, 0-23) per money kind: ``hour``, ``currency``, ``hands``,
    ``net`` (minor units), ``net_bb``, ``bb_per_100``; every hour present for every kind (0 hands where
    none). Hands with no start time are left out."""
    dated = hands.filter(pl.col("start_time").is_not_null())
    kinds = sort_kinds(dated["currency"].unique().drop_nulls().to_list()) if dated.height else []
    grid = pl.DataFrame({"hour": list(range(24))}, schema={"hour": pl.Int8}).join(
        pl.DataFrame({"currency": [k.key for k in kinds]}, schema={"currency": pl.String}), how="cross")
    sums = dated.group_by([pl.col("start_time").dt.hour().alias("hour"), "currency"]).agg(
        pl.len().cast(pl.Int64).alias("hands"), pl.col("net").sum().alias("net"),
        (pl.col("net") / pl.col("bb")).sum().alias("net_bb"))
    out = grid.join(sums, on=["hour", "currency"], how="left").with_columns(
        pl.col("hands").fill_null(0), pl.col("net").fill_null(0), pl.col("net_bb").fill_null(0.0))
    return out.with_columns(
        pl.when(pl.col("hands") > 0).then(pl.col("net_bb") * 100 / pl.col("hands")).alias("bb_per_100")
    ).sort(["currency", "hour"])
