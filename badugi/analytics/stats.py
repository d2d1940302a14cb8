"""Player stats (DESIGN §6) as SQL over the store: every stat is done / opportunities per hand-player.

``player_stats`` returns one Polars row per player (or per player and group) with, for each rate stat
``s``: ``s_done``, ``s_opp``, ``s_rate`` and the 95 % Wilson interval ``s_lo``/``s_hi``; money as net
(minor units), bb/100, big bets/100 (= bb/100 / 2), showdown and non-showdown winnings and rake paid.
The formulas are listed in ``STATS`` and written out in ``docs/stats.md``. Money is also split per
money kind (``badugi.analytics.money``: USD cash, EUR cash, tournament chips, play money), since cents
of one currency and chips of another do not add up: ``net_usd``, ``net_bb_tournament``, ...

Every fact comes from ``hand_players`` (the replay's per hand-player facts, ``engine/facts.py``), so
the whole table is one scan and one GROUP BY.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import duckdb
import polars as pl

from badugi.analytics.money import MONEY_SQL, MoneyKind, kind_key, sort_kinds
from badugi.analytics.selection import BIG_BLIND_SQL, Selection
from badugi.analytics.wilson import wilson_exprs

DEALT_BADUGI = 0.0634
"""Chance that four dealt cards are a badugi: 17,160 / 270,725 = 6.34 % (DESIGN §7)."""


@dataclass(frozen=True, slots=True)
class Stat:
    """One rate stat: SQL for ``done`` and ``opportunities`` per hand-player row ``r`` (integers), a title
    and the formula in words."""

    name: str
    title: str
    done: str
    opp: str
    formula: str
    group: str


def _b(expr: str) -> str:
    return f"coalesce(({expr})::INTEGER, 0)"


_AGG_DONE = "coalesce(r.bets_1 + r.raises_1, 0) + coalesce(r.bets_2 + r.raises_2, 0) + coalesce(r.bets_3 + r.raises_3, 0)"
_PASSIVE = ("coalesce(r.calls_1 + r.folds_1, 0) + coalesce(r.calls_2 + r.folds_2, 0) "
            "+ coalesce(r.calls_3 + r.folds_3, 0)")
_CALLS = "coalesce(r.calls_1, 0) + coalesce(r.calls_2, 0) + coalesce(r.calls_3, 0)"

STATS: tuple[Stat, ...] = (
    Stat("vpip", "VPIP", _b("r.vpip AND r.decided"), _b("r.decided"),
         "hands with a voluntary call, bet or raise before the draw / hands with a pre-draw decision "
         "(a big blind's walk is no decision)", "pre-draw"),
    Stat("pfr", "PFR", _b("r.pfr AND r.decided"), _b("r.decided"),
         "hands with a bet or raise before the draw / hands with a pre-draw decision", "pre-draw"),
    Stat("rfi", "raise first in", _b("r.rfi"), _b("r.rfi_opp"),
         "raised as the first player in / acted first in an unopened pot (only blinds in)", "pre-draw"),
    Stat("limp", "limp", _b("r.limp"), _b("r.rfi_opp"),
         "called as the first player in / acted first in an unopened pot", "pre-draw"),
    Stat("three_bet", "3-bet", _b("r.three_bet"), _b("r.three_bet_opp"),
         "re-raised a single raise / faced a single raise before the draw", "pre-draw"),
    Stat("fold_to_3bet", "fold to 3-bet", _b("r.fold_to_3bet"), _b("r.fold_to_3bet_opp"),
         "raiser folded to a re-raise / raiser faced a re-raise", "pre-draw"),
    Stat("steal", "steal attempt", _b("r.steal"), _b("r.steal_opp"),
         "raised first in from CO, BTN or SB / first in from CO, BTN or SB", "pre-draw"),
    Stat("fold_to_steal", "fold to steal", _b("r.fold_to_steal"), _b("r.fold_to_steal_opp"),
         "SB or BB folded to a steal raise / SB or BB faced a steal raise with no caller", "pre-draw"),
    Stat("saw_draw_1", "saw draw 1", _b("r.saw_draw_1"), "1", "took part in draw 1 / hands", "post-draw"),
    Stat("saw_draw_2", "saw draw 2", _b("r.saw_draw_2"), "1", "took part in draw 2 / hands", "post-draw"),
    Stat("saw_draw_3", "saw draw 3", _b("r.saw_draw_3"), "1", "took part in draw 3 / hands", "post-draw"),
    Stat("wtsd", "WTSD", _b("r.went_to_showdown AND r.saw_draw_1"), _b("r.saw_draw_1"),
         "went to showdown / saw draw 1", "post-draw"),
    Stat("wsd", "W$SD", _b("r.won_at_showdown"), _b("r.went_to_showdown"),
         "won money at showdown / went to showdown", "post-draw"),
    Stat("won_saw_draw_1", "won when saw draw 1", _b("r.won AND r.saw_draw_1"), _b("r.saw_draw_1"),
         "won money / saw draw 1", "post-draw"),
    Stat("agg_freq", "aggression frequency", _AGG_DONE, f"{_AGG_DONE} + {_PASSIVE}",
         "(bets + raises) / (bets + raises + calls + folds), actions after draws 1-3", "post-draw"),
    Stat("pat_1", "stand pat, draw 1", _b("r.stood_pat_1"), _b("r.saw_draw_1"),
         "stood pat at draw 1 / took part in draw 1 (a dealt badugi is 6.34 %)", "draws"),
    Stat("pat_2", "stand pat, draw 2", _b("r.stood_pat_2"), _b("r.saw_draw_2"),
         "stood pat at draw 2 / took part in draw 2", "draws"),
    Stat("pat_3", "stand pat, draw 3", _b("r.stood_pat_3"), _b("r.saw_draw_3"),
         "stood pat at draw 3 / took part in draw 3", "draws"),
    Stat("snow", "snow", _b("r.snowed"), _b("r.pat_known"),
         "stood pat on a non-badugi at some draw / stood pat at some draw with the cards known", "draws"),
    Stat("break_badugi", "break a badugi", _b("r.broke_badugi"), _b("r.held_badugi"),
         "drew to a badugi already made / held a made badugi before a draw", "draws"),
    Stat("bet_fewer_drawn", "bet drawing fewer", _b("r.bet_fewer"), _b("r.bet_called"),
         "bet or raised after draw N having drawn fewer cards at draw N than every player who called in "
         "that round / bet or raised and was called", "draws"),
    Stat("fold_to_pat", "fold to pat bettor", _b("r.fold_to_pat"), _b("r.faced_pat"),
         "folded first when a player who stood pat at draw N bet or raised in that round / faced such a bet",
         "draws"),
)
STAT_BY_NAME = {s.name: s for s in STATS}

def rows_sql(selection: Selection) -> tuple[str, list[Any]]:
    """A ``WITH`` clause defining ``r``: the selected hand-player rows with their hand's money kind, big
    blind and start time."""
    where, params = selection.where()
    group = selection.group_key() or "NULL"
    sql = f"""
WITH r AS (
    SELECT {selection.player_key()} AS player_key, ({group})::VARCHAR AS grp, p.*,
           ({MONEY_SQL}) AS currency, {BIG_BLIND_SQL} AS bb, h.start_time AS start_time
    FROM hand_players p JOIN hands h ON h.room = p.room AND h.room_hand_id = p.room_hand_id
    WHERE {where}
)"""
    return sql, params


IN_BB = "(r.net / r.bb)::DECIMAL(38, 12)"
"""A hand's net in big blinds, as an exact decimal (12 places): summed exactly, the total does not depend on
the order the rows are read in (a database read by one thread, a Parquet archive by several), where a sum of
doubles differs in its last digits."""
EV_NET = "(coalesce(r.ev_net, r.net))::DECIMAL(38, 6)"
"""A hand's all-in EV net (``engine/allin_hand.py``: the net itself where the betting never closed with draws
to come, and on rows stored before schema version 7), as an exact decimal like ``IN_BB``."""
EV_IN_BB = "(coalesce(r.ev_net, r.net) / r.bb)::DECIMAL(38, 12)"
EV_VARIANCE = "(coalesce(r.ev_net_se, 0) * coalesce(r.ev_net_se, 0))::DECIMAL(38, 6)"
"""The square of a hand's Monte Carlo standard error: summed, the variance of the summed EV net."""
EV_VARIANCE_BB = "((coalesce(r.ev_net_se, 0) / r.bb) * (coalesce(r.ev_net_se, 0) / r.bb))::DECIMAL(38, 12)"
"""The same in big blinds squared (a tournament's EV net is shown in big blinds)."""


def _sum(expr: str) -> str:
    return f"sum({expr})::BIGINT"


MONEY_COLUMNS: dict[str, str] = {
    "hands": "count(*){filter}::BIGINT",
    "net": "sum(r.net){filter}::BIGINT",
    "net_bb": f"sum({IN_BB}){{filter}}::DOUBLE",
    "showdown_net": "sum(CASE WHEN r.went_to_showdown THEN r.net ELSE 0 END){filter}::BIGINT",
    "nonshowdown_net": "sum(CASE WHEN r.went_to_showdown THEN 0 ELSE r.net END){filter}::BIGINT",
    "showdown_bb": f"sum(CASE WHEN r.went_to_showdown THEN {IN_BB} ELSE 0 END){{filter}}::DOUBLE",
    "nonshowdown_bb": f"sum(CASE WHEN r.went_to_showdown THEN 0 ELSE {IN_BB} END){{filter}}::DOUBLE",
    "rake_paid": "sum(r.rake_share){filter}::BIGINT",
    "ev_net": f"sum({EV_NET}){{filter}}::DOUBLE",
    "ev_bb": f"sum({EV_IN_BB}){{filter}}::DOUBLE",
    "ev_var": f"sum({EV_VARIANCE}){{filter}}::DOUBLE",
    "ev_bb_var": f"sum({EV_VARIANCE_BB}){{filter}}::DOUBLE",
}
"""Per money kind: the sums kept apart (column ``{name}_{kind suffix}``): hands, net in minor units and in
big blinds, its showdown / non-showdown split, rake paid, the all-in EV net in minor units and in big blinds
and its Monte Carlo variance (minor units squared, and big blinds squared)."""


def money_kinds(frame: pl.DataFrame) -> list[MoneyKind]:
    """The money kinds a stats frame has columns for (each with at least one hand in some row)."""
    return [kind for kind in _frame_kinds(frame.columns) if (frame[f"hands_{kind.suffix}"].fill_null(0) > 0).any()]


def row_kinds(row: dict[str, Any]) -> list[MoneyKind]:
    """The money kinds one stats row has hands in, in display order."""
    return [kind for kind in _frame_kinds(row) if row.get(f"hands_{kind.suffix}")]


def _frame_kinds(columns: Any) -> list[MoneyKind]:
    return sort_kinds(kind_key(c.removeprefix("hands_")) for c in columns if c.startswith("hands_"))


def player_stats(con: duckdb.DuckDBPyConnection, selection: Selection = Selection()) -> pl.DataFrame:
    """One row per player (or per player and ``selection.by`` group), most hands first."""
    with_sql, params = rows_sql(selection)
    stat_cols = ",\n    ".join(f"{_sum(s.done)} AS {s.name}_done, {_sum(s.opp)} AS {s.name}_opp" for s in STATS)
    kinds = sort_kinds(key for (key,) in con.execute(f"SELECT DISTINCT {MONEY_SQL} FROM hands h").fetchall())
    money_cols, money_params = [], []
    for kind in kinds:
        # one kind in the whole database (the usual case): its sums are the row's sums, no filter to test
        only = len(kinds) == 1
        for name, expr in MONEY_COLUMNS.items():
            money_cols.append(expr.format(filter="" if only else " FILTER (WHERE r.currency = ?)")
                              + f" AS \"{name}_{kind.suffix}\"")
            money_params += [] if only else [kind.key]
    money_sql = "".join(f"{col},\n    " for col in money_cols)
    sql = f"""{with_sql}
SELECT r.player_key AS player, string_agg(DISTINCT r.player, ', ' ORDER BY r.player) AS names, r.grp AS "group",
    count(*)::BIGINT AS hands,
    CASE WHEN count(DISTINCT r.currency) = 1 THEN any_value(r.currency) ELSE 'mixed' END AS currency,
    {_sum('r.net')} AS net,
    sum({IN_BB})::DOUBLE AS net_bb,
    {_sum('CASE WHEN r.went_to_showdown THEN r.net ELSE 0 END')} AS showdown_net,
    {_sum('CASE WHEN r.went_to_showdown THEN 0 ELSE r.net END')} AS nonshowdown_net,
    sum(CASE WHEN r.went_to_showdown THEN {IN_BB} ELSE 0 END)::DOUBLE AS showdown_bb,
    sum(CASE WHEN r.went_to_showdown THEN 0 ELSE {IN_BB} END)::DOUBLE AS nonshowdown_bb,
    {_sum('r.rake_share')} AS rake_paid,
    sum({EV_NET})::DOUBLE AS ev_net, sum({EV_IN_BB})::DOUBLE AS ev_net_bb, sum({EV_VARIANCE})::DOUBLE AS ev_net_var,
    count(r.ev_method)::BIGINT AS ev_hands,
    {_sum(_AGG_DONE)} AS af_aggressive, {_sum(_CALLS)} AS af_calls,
    avg(r.drawn_1) AS drawn_avg_1, avg(r.drawn_2) AS drawn_avg_2, avg(r.drawn_3) AS drawn_avg_3,
    {money_sql}{stat_cols}
FROM r
GROUP BY r.player_key, r.grp
HAVING count(*) >= ?
ORDER BY hands DESC, player, "group"
"""
    frame = _frame(con, sql, params + money_params + [selection.min_hands])
    return finish_stats(frame, grouped=selection.by is not None)


def finish_stats(frame: pl.DataFrame, grouped: bool) -> pl.DataFrame:
    """Add rates, Wilson intervals, bb/100, big bets/100 and the aggression factor to summed counts."""
    hands = pl.col("hands").cast(pl.Float64)
    exprs: list[pl.Expr] = [
        (pl.col("net_bb") * 100 / hands).alias("bb_per_100"),
        (pl.col("net_bb") * 50 / hands).alias("bigbets_per_100"),
        (pl.col("showdown_bb") * 50 / hands).alias("showdown_bigbets_per_100"),
        (pl.col("nonshowdown_bb") * 50 / hands).alias("nonshowdown_bigbets_per_100"),
        (pl.col("ev_net_bb") * 100 / hands).alias("ev_bb_per_100"),
        pl.col("ev_net_var").sqrt().alias("ev_net_se"),
        pl.when(pl.col("af_calls") > 0).then(pl.col("af_aggressive") / pl.col("af_calls")).otherwise(None)
        .alias("af"),
    ]
    for stat in STATS:
        exprs += wilson_exprs(f"{stat.name}_done", f"{stat.name}_opp", stat.name)
    out = frame.with_columns(exprs)
    # sums of cents and chips mean nothing: money in minor units only when one currency is involved
    mixed = pl.col("currency") == "mixed"
    out = out.with_columns([pl.when(mixed).then(None).otherwise(pl.col(c)).alias(c)
                            for c in ("net", "showdown_net", "nonshowdown_net", "rake_paid", "ev_net", "ev_net_se")])
    # a kind with no hands in a row has no sums there (pooled rows add nulls up to 0)
    for kind in _frame_kinds(out.columns):
        empty = pl.col(f"hands_{kind.suffix}").fill_null(0) == 0
        out = out.with_columns(pl.col(f"hands_{kind.suffix}").fill_null(0), *[
            pl.when(empty).then(None).otherwise(pl.col(f"{name}_{kind.suffix}")).alias(f"{name}_{kind.suffix}")
            for name in MONEY_COLUMNS if name != "hands"])
    if not grouped:
        out = out.drop("group")
    return out


def stats_records(frame: pl.DataFrame) -> list[dict[str, Any]]:
    """The JSON shape: one object per row, each rate stat as ``{done, opportunities, rate, ci}``."""
    records = []
    for row in frame.iter_rows(named=True):
        record: dict[str, Any] = {"player": row["player"], "names": row["names"]}
        if "group" in row:
            record["group"] = row["group"]
        record["hands"] = row["hands"]
        record["money"] = {
            "currency": row["currency"], "net": row["net"], "bb_per_100": row["bb_per_100"],
            "bigbets_per_100": row["bigbets_per_100"], "showdown_net": row["showdown_net"],
            "nonshowdown_net": row["nonshowdown_net"], "showdown_bigbets_per_100": row["showdown_bigbets_per_100"],
            "nonshowdown_bigbets_per_100": row["nonshowdown_bigbets_per_100"], "rake_paid": row["rake_paid"],
            "ev_net": row["ev_net"], "ev_net_se": row["ev_net_se"], "ev_bb_per_100": row["ev_bb_per_100"],
            "ev_hands": row["ev_hands"], "by_currency": money_split(row),
        }
        record["af"] = {"aggressive": row["af_aggressive"], "calls": row["af_calls"], "value": row["af"],
                        "formula": "(bets + raises) / calls after draws 1-3"}
        record["cards_drawn_avg"] = [row["drawn_avg_1"], row["drawn_avg_2"], row["drawn_avg_3"]]
        for stat in STATS:
            lo, hi = row[f"{stat.name}_lo"], row[f"{stat.name}_hi"]
            record[stat.name] = {"done": row[f"{stat.name}_done"], "opportunities": row[f"{stat.name}_opp"],
                                 "rate": row[f"{stat.name}_rate"], "ci": None if lo is None else [lo, hi]}
        records.append(record)
    return records


def money_split(row: dict[str, Any]) -> list[dict[str, Any]]:
    """One stats row's money per kind: minor units (chips for tournaments and play money) and big blinds,
    with the figure shown (``shown`` in ``unit``: currency units, big blinds or play chips; ``ev_shown`` the
    all-in EV net the same way, ``ev_se`` its Monte Carlo standard error in minor units, ``ev_se_shown`` in
    ``unit``)."""
    out = []
    for kind in row_kinds(row):
        get = {name: row[f"{name}_{kind.suffix}"] for name in MONEY_COLUMNS}
        variance, variance_bb = get.pop("ev_var"), get.pop("ev_bb_var")
        se = None if variance is None else math.sqrt(variance)
        se_bb = None if variance_bb is None else math.sqrt(variance_bb)
        out.append({"currency": kind.key, "label": kind.label, **get, "ev_se": se, "unit": kind.unit,
                    "shown": kind.amount(get["net"], get["net_bb"]),
                    "ev_shown": kind.amount(get["ev_net"], get["ev_bb"]), "ev_se_shown": kind.amount(se, se_bb)})
    return out


def draw_distribution(con: duckdb.DuckDBPyConnection, selection: Selection = Selection()) -> pl.DataFrame:
    """Cards drawn per draw: one row per (player, draw 1-3, cards 0-4) with the count, the hands that
    reached that draw, the share and its Wilson interval."""
    where, params = selection.where()
    sql = f"""
WITH r AS (
    SELECT {selection.player_key()} AS player, p.drawn_1, p.drawn_2, p.drawn_3
    FROM hand_players p JOIN hands h ON h.room = p.room AND h.room_hand_id = p.room_hand_id
    WHERE {where}
),
d AS (
    SELECT player, 1 AS draw, drawn_1 AS cards FROM r WHERE drawn_1 IS NOT NULL
    UNION ALL SELECT player, 2, drawn_2 FROM r WHERE drawn_2 IS NOT NULL
    UNION ALL SELECT player, 3, drawn_3 FROM r WHERE drawn_3 IS NOT NULL
),
grid AS (SELECT DISTINCT player, draw FROM d),
counts AS (SELECT player, draw, cards, count(*)::BIGINT AS n FROM d GROUP BY ALL),
totals AS (SELECT player, draw, count(*)::BIGINT AS reached FROM d GROUP BY ALL)
SELECT g.player, g.draw::INTEGER AS draw, c.cards::INTEGER AS cards, coalesce(n.n, 0)::BIGINT AS n, t.reached
FROM grid g CROSS JOIN (SELECT unnest(range(5)) AS cards) c
JOIN totals t ON t.player = g.player AND t.draw = g.draw
LEFT JOIN counts n ON n.player = g.player AND n.draw = g.draw AND n.cards = c.cards
ORDER BY g.player, g.draw, c.cards
"""
    frame = _frame(con, sql, params)
    return frame.with_columns(wilson_exprs("n", "reached", "share")).rename(
        {"share_rate": "share", "share_lo": "share_lo", "share_hi": "share_hi"})


def winnings_by_hand(con: duckdb.DuckDBPyConnection, selection: Selection = Selection()) -> pl.DataFrame:
    """The selected player's hands in time order with cumulative net, showdown and non-showdown
    winnings and all-in EV net (``ev_bigbets``) in big bets (net / (2 x big blind), the fixed-limit big bet),
    and each hand's money kind (``currency``: see ``badugi.analytics.money``)."""
    where, params = selection.where()
    sql = f"""
SELECT p.room, p.room_hand_id, h.start_time, p.position, {BIG_BLIND_SQL} AS bb, p.net, p.went_to_showdown,
       ({MONEY_SQL}) AS currency, coalesce(p.ev_net, p.net) AS ev_net
FROM hand_players p JOIN hands h ON h.room = p.room AND h.room_hand_id = p.room_hand_id
WHERE {where}
ORDER BY h.start_time NULLS LAST, p.room, p.room_hand_id
"""
    frame = _frame(con, sql, params)
    bigbets = (pl.col("net") / (2 * pl.col("bb"))).fill_null(0.0)  # NULL net: a pot hidden cards leave undecided
    return frame.with_columns(
        pl.int_range(1, pl.len() + 1).alias("hand_no"),
        bigbets.cum_sum().alias("net_bigbets"),
        pl.when(pl.col("went_to_showdown")).then(bigbets).otherwise(0.0).cum_sum().alias("showdown_bigbets"),
        pl.when(pl.col("went_to_showdown")).then(0.0).otherwise(bigbets).cum_sum().alias("nonshowdown_bigbets"),
        (pl.col("ev_net") / (2 * pl.col("bb"))).fill_null(0.0).cum_sum().alias("ev_bigbets"),
    )


def _frame(con: duckdb.DuckDBPyConnection, sql: str, params: list[Any]) -> pl.DataFrame:
    """Run a query and return its result as a Polars DataFrame (through Arrow, no copies per row)."""
    return pl.from_arrow(con.sql(sql, params=params).to_arrow_table())  # type: ignore[return-value]
