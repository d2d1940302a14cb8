"""The Badugi leak finder: rules that compare one player's (usually the hero's) frequencies with a
reference, with the evidence for each.

Every rule turns the player's hands into *spots* (one per opportunity: did the player make the leak
move, and the hand's result in big bets). A leak is claimed only when the 95 % Wilson interval of the
rate lies entirely on the wrong side of the reference: no claim while the interval includes it.

Estimated cost (big bets / 100 hands) = excess spots x (mean result of spots without the leak move
- mean result of spots with it) / hands x 100, where excess spots = |rate - reference| x
opportunities. It compares whole-hand results, so it is an estimate (the spots differ in more than
the move); it is left out when either side has fewer than ``MIN_SIDE`` spots, and when the spots
without the move did no better than those with it (no cost shows in the results).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import duckdb
import polars as pl

from badugi.analytics.selection import BIG_BLIND_SQL, Selection
from badugi.analytics.stats import DEALT_BADUGI, STAT_BY_NAME, player_stats
from badugi.analytics.stored_hands import replay_stored
from badugi.analytics.wilson import wilson
from badugi.engine.cards import parse_cards
from badugi.engine.evaluator import CLASS_RANKS, hand_class
from badugi.engine.odds import draw_odds
from badugi.errors import BadInput

MIN_SIDE = 5
EXAMPLES = 5

# ---- the reference chart for raising first in --------------------------------------------------

CHART_GROUPS: dict[str, tuple[str, ...]] = {
    "early (UTG-LJ)": ("UTG", "LJ"), "hijack": ("HJ",), "cutoff": ("CO",), "button": ("BTN",),
    "small blind": ("SB",),
}
"""Positions per chart row; every ``UTG+N`` is early."""

TWO_CARD_OPENS = {(1, 0), (2, 0), (3, 0), (2, 1)}  # 2-3 (rank 0 = ace)


def in_chart(group: str, ranks: tuple[int, ...]) -> bool:
    """Whether counted ranks (high to low, 0 = ace) are a raise-first-in hand for a chart row.

    early: J-or-better badugis and 7-5-x-or-better three-card hands; hijack: Q-or-better badugis and
    8-5-x-or-better three-card hands; cutoff: every badugi and 8-or-better three-card hands; button
    and small blind: every badugi, 9-or-better three-card hands, A-2/A-3/A-4/2-3 two-card hands.
    """
    size = len(ranks)
    if group.startswith("early"):
        return (size == 4 and ranks[0] <= 10) or (size == 3 and ranks[:2] <= (6, 4))
    if group == "hijack":
        return (size == 4 and ranks[0] <= 11) or (size == 3 and ranks[:2] <= (7, 4))
    if group == "cutoff":
        return size == 4 or (size == 3 and ranks[0] <= 7)
    return size == 4 or (size == 3 and ranks[0] <= 8) or (size == 2 and tuple(ranks) in TWO_CARD_OPENS)


def chart_group(position: str | None) -> str | None:
    if position is None:
        return None
    if position.startswith("UTG"):
        return "early (UTG-LJ)"
    for group, members in CHART_GROUPS.items():
        if position in members:
            return group
    return None


# ---- rules -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rule:
    """One leak rule: the rate's name and formula, the reference and on which side of it a leak lies."""

    rule: str
    title: str
    formula: str
    reference: float
    direction: str  # "above": a leak when the rate is above the reference; "below": when under it
    why: str
    badugi_only: bool = True
    """Judged on Badugi hands only (its reference, chart or hand classes are Badugi's); the others (open
    limping, the big blind's folds to steals) on every game of the selection."""


RULES: dict[str, Rule] = {r.rule: r for r in (
    Rule("open_limp", "open-limping", "limped first in / first in an unopened pot", 0.05, "above",
         "a fixed-limit opener raises or folds; limping first in invites the blinds in cheaply", badugi_only=False),
    *(Rule(f"chart_loose:{g}", f"opening too loose, {g}", f"raised first in with a hand outside the {g} chart / "
           f"first in with such a hand", 0.20, "above", "opening hands the reference chart folds")
      for g in CHART_GROUPS),
    *(Rule(f"chart_tight:{g}", f"opening too tight, {g}", f"folded or limped a {g} chart hand first in / first "
           f"in with such a hand", 0.30, "above", "folding or limping hands the reference chart raises")
      for g in CHART_GROUPS),
    Rule("pat_draw_1", "standing pat on draw 1", "stood pat at draw 1 / took part in draw 1",
         3 * DEALT_BADUGI, "above", "a badugi is dealt 6.34 % of the time; pats far above that (3x) are snows"),
    Rule("snow", "snowing", "stood pat on a non-badugi / stood pat with the cards known", 0.10, "above",
         "a snow is a bluff; made often it is called down and loses"),
    Rule("draw_vs_pat_no_odds", "drawing 2-3 against a pat bettor without the odds",
         "called a pat bettor's bet in round 1-2 without the pot odds to make a badugi, then drew 2-3 / "
         "called such a bet and drew 2-3", 0.25, "above",
         "a two- or three-card draw rarely makes a badugi in time to beat a pat hand"),
    Rule("calldown_3card_vs_pat", "calling down with three-card hands against a pat bettor",
         "called or raised on the last round with a three-card hand (or worse) facing a bet from a player who "
         "stood pat at draw 3 / faced such a bet with such a hand", 0.20, "above",
         "a three-card hand beats only a snow"),
    Rule("river_bluff_after_brick", "river bluffs after bricking",
         "bet or raised after draw 3 having drawn at draw 3 and missed (no badugi) / acted after such a miss",
         0.30, "above", "bluffing every missed draw is called by every made hand"),
    Rule("bb_fold_to_steal", "folding the big blind to steals", "BB folded to a steal raise / BB faced one",
         0.75, "above", "the big blind closes the action with a price; folding it nearly always gives up blinds",
         badugi_only=False),
)}


# ---- spots -------------------------------------------------------------------------------------------


def _hero_rows(con: duckdb.DuckDBPyConnection, selection: Selection) -> pl.DataFrame:
    where, params = selection.where()
    sql = f"""
SELECT p.room, p.room_hand_id, h.game, p.player, p.position, p.rfi_opp, p.rfi, p.limp, p.saw_draw_1, p.stood_pat_1,
       p.pat_known, p.snowed, p.fold_to_steal_opp, p.fold_to_steal, p.drawn_1, p.drawn_2, p.drawn_3, p.faced_pat,
       coalesce(p.bets_3, 0) + coalesce(p.raises_3, 0) AS aggressive_3,
       coalesce(p.bets_3, 0) + coalesce(p.raises_3, 0) + coalesce(p.calls_3, 0) + coalesce(p.checks_3, 0)
           + coalesce(p.folds_3, 0) AS acted_3,
       coalesce(p.net / (2.0 * {BIG_BLIND_SQL}), 0.0) AS bigbets,
       d.cards AS dealt, a3.cards AS after_3
FROM hand_players p JOIN hands h ON h.room = p.room AND h.room_hand_id = p.room_hand_id
LEFT JOIN holdings d ON d.room = p.room AND d.room_hand_id = p.room_hand_id AND d.player = p.player
     AND d.round = 0 AND d.known = 4
LEFT JOIN holdings a3 ON a3.room = p.room AND a3.room_hand_id = p.room_hand_id AND a3.player = p.player
     AND a3.round = 3 AND a3.known = 4
WHERE {where}
ORDER BY p.room, p.room_hand_id, p.player
"""  # in a fixed order: examples (ties) and summed costs must not depend on how the rows were stored
    return pl.from_arrow(con.sql(sql, params=params).to_arrow_table())  # type: ignore[return-value]


@lru_cache(maxsize=300_000)
def _ranks(cards: str | None) -> tuple[int, ...] | None:
    """Counted ranks (high to low, 0 = ace) of four cards in room notation; ``None`` unless four known."""
    if not cards:
        return None
    parsed = parse_cards(cards)
    if len(parsed) != 4 or len(set(parsed)) != 4:
        return None
    return CLASS_RANKS[hand_class(*parsed)]


Spot = tuple[str, bool, float]  # hand key "room:id", leak move made, result in big bets


def _spots_from(frame: pl.DataFrame, opp: pl.Expr, done: pl.Expr) -> list[Spot]:
    part = frame.filter(opp.fill_null(False)).select(
        (pl.col("room") + ":" + pl.col("room_hand_id")).alias("key"), done.fill_null(False).alias("done"),
        pl.col("bigbets"))
    return list(part.iter_rows())


def _chart_spots(frame: pl.DataFrame) -> dict[str, list[Spot]]:
    out: dict[str, list[Spot]] = {}
    rows = frame.filter(pl.col("rfi_opp").fill_null(False) & pl.col("dealt").is_not_null()).select(
        "room", "room_hand_id", "position", "dealt", "rfi", "bigbets")
    for room, hand_id, position, dealt, rfi, bigbets in rows.iter_rows():
        group = chart_group(position)
        ranks = _ranks(dealt)
        if group is None or ranks is None:
            continue
        if in_chart(group, ranks):
            # the leak move for "too tight" is not raising a chart hand
            out.setdefault(f"chart_tight:{group}", []).append((f"{room}:{hand_id}", not rfi, bigbets))
        else:
            out.setdefault(f"chart_loose:{group}", []).append((f"{room}:{hand_id}", bool(rfi), bigbets))
    return out


def _calldown_spots(con: duckdb.DuckDBPyConnection, selection: Selection, frame: pl.DataFrame) -> list[Spot]:
    """Round 3: the player's first answer to the first bet/raise of a player who stood pat at draw 3,
    holding a known non-badugi after draw 3."""
    where, params = selection.where()
    sql = f"""
WITH sel AS (
    SELECT p.room, p.room_hand_id, p.player FROM hand_players p
    JOIN hands h ON h.room = p.room AND h.room_hand_id = p.room_hand_id WHERE {where}
),
pat_bet AS (
    SELECT a.room, a.room_hand_id, min(a.seq) AS seq, arg_min(a.player, a.seq) AS bettor
    FROM actions a JOIN hand_players q ON q.room = a.room AND q.room_hand_id = a.room_hand_id AND q.player = a.player
    WHERE a.street = 3 AND a.action IN ('bet', 'raise') AND q.stood_pat_3
      AND (a.room, a.room_hand_id) IN (SELECT room, room_hand_id FROM sel)
    GROUP BY ALL
)
SELECT a.room, a.room_hand_id, a.player, arg_min(a.action, a.seq) AS answer
FROM actions a JOIN pat_bet f ON f.room = a.room AND f.room_hand_id = a.room_hand_id AND a.seq > f.seq
JOIN sel s ON s.room = a.room AND s.room_hand_id = a.room_hand_id AND s.player = a.player
WHERE a.street = 3 AND a.action IN ('fold', 'call', 'raise') AND a.player <> f.bettor
GROUP BY ALL
"""
    answers = pl.from_arrow(con.sql(sql, params=params).to_arrow_table())
    if answers.height == 0:  # type: ignore[union-attr]
        return []
    spots: list[Spot] = []
    joined = frame.join(answers, on=["room", "room_hand_id", "player"], how="inner")  # type: ignore[arg-type]
    for room, hand_id, after_3, answer, bigbets in joined.select(
            "room", "room_hand_id", "after_3", "answer", "bigbets").iter_rows():
        ranks = _ranks(after_3)
        if ranks is None or len(ranks) == 4:
            continue
        spots.append((f"{room}:{hand_id}", answer in ("call", "raise"), bigbets))
    return spots


def _draw_vs_pat_spots(con: duckdb.DuckDBPyConnection, frame: pl.DataFrame) -> list[Spot]:
    """Round 1-2 calls of a pat bettor's bet followed by a draw of 2-3, judged by the pot odds of making
    a badugi by the last draw (``odds.draw_odds``): without the odds when that chance is below
    (this call + a big bet per later round) / (pot after the call + both players' later big bets),
    i.e. the price of drawing against a pat hand that bets every round (fixed limit)."""
    candidates = frame.filter(pl.col("faced_pat").fill_null(False)
                              & ((pl.col("drawn_2").fill_null(0) >= 2) | (pl.col("drawn_3").fill_null(0) >= 2)))
    wanted = {(r["room"], r["room_hand_id"]): r for r in candidates.iter_rows(named=True)}
    spots: list[Spot] = []
    for key, (hand, result) in replay_stored(con, wanted).items():
        row = wanted[key]
        me = row["player"]
        facts = {f.player: f for f in result.players}
        mine = facts.get(me)
        if mine is None:
            continue
        for k in (1, 2):
            nxt = mine.drawn[k]
            if nxt is None or nxt < 2:
                continue
            spot = _pat_call(result.steps, me, k, facts)
            if spot is None:
                continue
            pot_after, owed = spot
            current = mine.holdings.after[k - 1]
            discards = next((e.discards for e in hand.events if type(e).__name__ == "Draw"
                             and e.player == me and e.draw == k + 1), None)
            if current is None or discards is None:
                continue
            kept = tuple(card for card in current if card not in discards)
            try:
                p = draw_odds(kept, discards, draws=3 - k).p_badugi
            except BadInput:
                continue
            # the pat bettor keeps betting: calling down costs this bet plus one big bet per later round,
            # and the pot at the showdown holds both players' later bets too
            later = (3 - k) * hand.stakes.big_bet if hand.limit.value == "fl" else 0
            need = (owed + later) / (pot_after + 2 * later) if pot_after else 1.0
            spots.append((f"{key[0]}:{key[1]}", p < need, row["bigbets"]))
            break
    return spots


def _pat_call(steps: Any, me: str, k: int, facts: dict[str, Any]) -> tuple[int, int] | None:
    """The player's call in round ``k`` after a bet/raise by an opponent who stood pat at draw k:
    (pot after the call, chips owed)."""
    pat_bet_seen = False
    for step in steps:
        if step.kind == "draw" or step.street != k:
            continue
        if step.kind in ("bet", "raise") and step.player != me:
            opponent = facts.get(step.player)
            if opponent is not None and opponent.drawn[k - 1] == 0:
                pat_bet_seen = True
        elif step.player == me and step.kind == "call" and pat_bet_seen:
            return step.pot, step.to_call
    return None


def spots_by_rule(con: duckdb.DuckDBPyConnection, selection: Selection) -> tuple[dict[str, list[Spot]], int]:
    """Every rule's spots for the selected player(s), and the number of hands: the rules judged on
    Badugi only (``Rule.badugi_only``) see the selection's Badugi hands, the others all of them."""
    every = _hero_rows(con, selection)
    frame = every.filter(pl.col("game") == "badugi")
    spots: dict[str, list[Spot]] = {
        "open_limp": _spots_from(every, pl.col("rfi_opp"), pl.col("limp")),
        "pat_draw_1": _spots_from(frame, pl.col("saw_draw_1"), pl.col("stood_pat_1")),
        "snow": _spots_from(frame, pl.col("pat_known"), pl.col("snowed")),
        "bb_fold_to_steal": _spots_from(every, pl.col("fold_to_steal_opp") & (pl.col("position") == "BB"),
                                        pl.col("fold_to_steal")),
    }
    spots.update(_chart_spots(frame))
    spots["draw_vs_pat_no_odds"] = _draw_vs_pat_spots(con, frame)
    spots["calldown_3card_vs_pat"] = _calldown_spots(con, dataclasses.replace(selection, game="badugi"), frame)
    drew_3 = frame.filter((pl.col("drawn_3").fill_null(0) > 0) & (pl.col("acted_3") > 0)
                          & pl.col("after_3").is_not_null())
    brick = drew_3.with_columns(pl.col("after_3").map_elements(
        lambda c: None if _ranks(c) is None else len(_ranks(c) or ()) < 4, return_dtype=pl.Boolean).alias("bricked"))
    spots["river_bluff_after_brick"] = _spots_from(brick, pl.col("bricked"), pl.col("aggressive_3") > 0)
    return spots, every.height


def _evaluate(rule: Rule, spots: list[Spot], hands: int) -> dict[str, Any]:
    n = len(spots)
    done = sum(1 for _, d, _ in spots if d)
    interval = wilson(done, n)
    rate = done / n if n else None
    claimed = interval is not None and (interval[0] > rule.reference if rule.direction == "above"
                                        else interval[1] < rule.reference)
    with_move = [b for _, d, b in spots if d]
    without = [b for _, d, b in spots if not d]
    cost = None
    if rate is not None and hands and len(with_move) >= MIN_SIDE and len(without) >= MIN_SIDE:
        excess = abs(rate - rule.reference) * n
        cost = excess * (sum(without) / len(without) - sum(with_move) / len(with_move)) / hands * 100
        if cost <= 0:
            cost = None  # the spots without the move did no better: no cost shows in the results
    examples = [key for key, d, b in sorted((s for s in spots if s[1]), key=lambda s: s[2])][:EXAMPLES]
    return {
        "rule": rule.rule, "title": rule.title, "formula": rule.formula, "rate": rate,
        "lo": interval[0] if interval else None, "hi": interval[1] if interval else None,
        "reference": rule.reference, "direction": rule.direction, "done": done, "opportunities": n,
        "claimed": claimed, "cost_bigbets_per_100": cost, "examples": examples, "why": rule.why,
    }


LEAK_SCHEMA = {
    "rule": pl.String, "title": pl.String, "formula": pl.String, "rate": pl.Float64, "lo": pl.Float64,
    "hi": pl.Float64, "reference": pl.Float64, "direction": pl.String, "done": pl.Int64, "opportunities": pl.Int64,
    "claimed": pl.Boolean, "cost_bigbets_per_100": pl.Float64, "examples": pl.List(pl.String), "why": pl.String,
}


def find_leaks(con: duckdb.DuckDBPyConnection, selection: Selection) -> pl.DataFrame:
    """Every rule evaluated for the selected player (pooled): claimed leaks first, by estimated cost."""
    spots, hands = spots_by_rule(con, selection)
    rows = [_evaluate(rule, spots.get(name, []), hands) for name, rule in RULES.items()]
    frame = pl.DataFrame(rows, schema=LEAK_SCHEMA)
    return frame.sort(["claimed", "cost_bigbets_per_100", "opportunities"], descending=[True, True, True],
                      nulls_last=True)


COMPARED = ("vpip", "pfr", "rfi", "three_bet", "fold_to_steal", "wtsd", "wsd", "won_saw_draw_1", "agg_freq",
            "pat_1", "snow", "break_badugi", "fold_to_pat")


def compare_to_database(con: duckdb.DuckDBPyConnection, selection: Selection) -> pl.DataFrame:
    """The hero against the pooled rest of the database, stat by stat: each side's rate and interval;
    ``differs`` when the hero's interval excludes the rest's rate (a difference, not by itself a leak)."""
    base = {k: getattr(selection, k) for k in ("since", "until", "room", "stakes", "game")}
    if selection.hero or not selection.players:
        hero_sel = Selection(hero=True, hero_names=selection.hero_names, **base)
        rest_sel = Selection(rest=True, hero_names=selection.hero_names, **base)
    else:
        hero_sel, rest_sel = Selection(players=selection.players, **base), Selection(**base)
    hero = player_stats(con, hero_sel)
    rest = player_stats(con, rest_sel)
    if not selection.hero and selection.players:
        rest = rest.filter(~pl.col("player").is_in(list(selection.players)))
    rows: list[dict[str, Any]] = []
    if hero.height == 0 or rest.height == 0:
        return pl.DataFrame(schema={"stat": pl.String, "title": pl.String, "hero_rate": pl.Float64,
                                    "hero_lo": pl.Float64, "hero_hi": pl.Float64, "hero_opportunities": pl.Int64,
                                    "rest_rate": pl.Float64, "rest_opportunities": pl.Int64, "differs": pl.Boolean})
    h = hero.row(0, named=True)
    done = {s: int(rest[f"{s}_done"].sum()) for s in COMPARED}
    opp = {s: int(rest[f"{s}_opp"].sum()) for s in COMPARED}
    for stat in COMPARED:
        rest_rate = done[stat] / opp[stat] if opp[stat] else None
        lo, hi = h[f"{stat}_lo"], h[f"{stat}_hi"]
        rows.append({"stat": stat, "title": STAT_BY_NAME[stat].title, "hero_rate": h[f"{stat}_rate"], "hero_lo": lo,
                     "hero_hi": hi, "hero_opportunities": h[f"{stat}_opp"], "rest_rate": rest_rate,
                     "rest_opportunities": opp[stat],
                     "differs": bool(lo is not None and rest_rate is not None and not lo <= rest_rate <= hi)})
    return pl.DataFrame(rows)

