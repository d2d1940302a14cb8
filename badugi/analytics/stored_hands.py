"""Hands back out of the store: rebuild ``Hand`` records from the stored rows, replay them, and write
a replay as text (for leak examples and reports).

The store keeps every event a stat or a replay needs (posts, actions, draws with the cards the room
named, dealt cards from the holdings, shows, mucks, collects) in log order (``seq``), so a stored hand
replays to the same steps as the original. Table noise and the room's uncalled-bet lines are not
stored; the replay derives uncalled bets itself.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

import duckdb
import pyarrow as pa

from badugi.analytics.declare import Source, Table, Take, rebuild
from badugi.analytics.tables.events import (
    ACTION, ACTIONS, COLLECT, COLLECTS, DEAL, DRAW, DRAWS, HOLDINGS, SHOWDOWN, SHOWDOWNS, cards_or_none,
)
from badugi.analytics.tables.hands import HAND, HAND_PLAYERS, HANDS, SEAT
from badugi.engine.cards import format_cards
from badugi.engine.evaluator import evaluate
from badugi.engine.record import Collect, Deal, Draw, DrawDeal, Event, Hand, Muck, Seat, Show
from badugi.engine.replay import replay
from badugi.engine.replay_model import Replay

HandKey = tuple[str, str]
Row = dict[str, Any]


def _fetch(con: duckdb.DuckDBPyConnection, table: Table, columns: list[str]) -> dict[HandKey, list[Row]]:
    """The wanted hands' rows of ``table`` as ``{column: value}``, by hand, in ``ORDER_BY`` order."""
    names = list(dict.fromkeys(columns))
    quoted = ", ".join(f't."{name}"' for name in names)
    order = ", ".join(f"t.{name.strip()}" for name in table.order_by.split(","))
    rows = con.execute(f"SELECT t.room, t.room_hand_id, {quoted} FROM {table.name} t SEMI JOIN _wanted w "
                       f"ON w.room = t.room AND w.room_hand_id = t.room_hand_id ORDER BY {order}").fetchall()
    out: dict[HandKey, list[Row]] = defaultdict(list)
    for row in rows:
        out[(row[0], row[1])].append(dict(zip(names, row[2:])))
    return out


def _names(*pairs: list[tuple[str, Take]]) -> list[str]:
    return [name for group in pairs for name, _ in group]


def load_hands(con: duckdb.DuckDBPyConnection, keys: Iterable[HandKey]) -> dict[HandKey, Hand]:
    """The stored hands with these ``(room, room_hand_id)`` keys, rebuilt as ``Hand`` records: every
    column taken from a record goes back to the field it was taken from (``analytics/tables``)."""
    wanted = list(dict.fromkeys(keys))
    if not wanted:
        return {}
    con.register("_wanted", pa.table({"room": [k[0] for k in wanted], "room_hand_id": [k[1] for k in wanted]}))
    try:
        heads = _fetch(con, HANDS, _names(HANDS.back(HAND)))
        seats = _fetch(con, HAND_PLAYERS, _names(HAND_PLAYERS.back(SEAT)))
        actions = _fetch(con, ACTIONS, ["seq", "action", *_names(*(ACTIONS.back(ACTION, kind)
                                                                    for kind in ACTIONS.variants))])
        draws = _fetch(con, DRAWS, ["seq", *_names(DRAWS.back(DRAW), DRAWS.back(DEAL))])
        holdings = _fetch(con, HOLDINGS, ["player", "round", "cards"])
        shows = _fetch(con, SHOWDOWNS, ["seq", "shown", *_names(*(SHOWDOWNS.back(SHOWDOWN, kind)
                                                                  for kind in SHOWDOWNS.variants))])
        collects = _fetch(con, COLLECTS, ["seq", *_names(COLLECTS.back(COLLECT))])
    finally:
        con.unregister("_wanted")
    return {key: _build(head[0], seats.get(key, []), actions.get(key, []), draws.get(key, []),
                        [row for row in holdings.get(key, []) if row["round"] == 0], shows.get(key, []),
                        collects.get(key, []))
            for key, head in heads.items()}


def _event(table: Table, source: Source, row: Row) -> Any:
    """The event a row of a table with variants was taken from, rebuilt by its tag."""
    kind = table.variant_of(row[table.tag or ""])
    return rebuild(kind, table.back(source, kind), row)


def _build(head: Row, seats: list[Row], actions: list[Row], draws: list[Row], dealt: list[Row],
           shows: list[Row], collects: list[Row]) -> Hand:
    """One hand from its rows, its events in log order (``seq``). The initial deals are not stored as
    events: each player's dealt cards (from the holdings) come just before the first action."""
    timed: list[tuple[float, Event]] = [(row["seq"], _event(ACTIONS, ACTION, row)) for row in actions]
    first_action = min((row["seq"] for row in actions if row["action"] != "post"), default=None)
    deal_at = (first_action if first_action is not None else 10**9) - 0.5
    for n, row in enumerate(dealt):
        timed.append((deal_at + n * 1e-4, Deal(row["player"], cards_or_none(row["cards"]))))
    dealt_players = {row["player"] for row in dealt}
    for seat in seats:
        if seat["player"] not in dealt_players and not seat["sitting_out"]:
            timed.append((deal_at + 0.4, Deal(seat["player"], None)))
    for row in draws:
        draw = rebuild(Draw, DRAWS.back(DRAW), row)
        timed.append((row["seq"], draw))
        deal = rebuild(DrawDeal, DRAWS.back(DEAL), row, player=draw.player, draw=draw.draw, count=draw.count)
        if draw.count and (deal.kept or deal.new or deal.hand):
            timed.append((row["seq"] + 0.5, deal))
    timed += [(row["seq"], _event(SHOWDOWNS, SHOWDOWN, row)) for row in shows]
    timed += [(row["seq"], rebuild(Collect, COLLECTS.back(COLLECT), row)) for row in collects]
    timed.sort(key=lambda item: item[0])
    return rebuild(Hand, HANDS.back(HAND), head, seats=tuple(rebuild(Seat, HAND_PLAYERS.back(SEAT), row)
                                                              for row in seats),
                   events=tuple(event for _, event in timed))


def replay_stored(con: duckdb.DuckDBPyConnection, keys: Iterable[HandKey]) -> dict[HandKey, tuple[Hand, Replay]]:
    """Rebuild and replay stored hands."""
    return {key: (hand, replay(hand)) for key, hand in load_hands(con, keys).items()}


def _money(amount: int, currency: str) -> str:
    if currency in ("CHIPS", "PLAY"):
        return f"{amount:,}"
    return f"{amount / 100:,.2f}"


def _net(amount: int | None, currency: str) -> str:
    if amount is None:
        return "unknown (hidden cards)"
    return ("+" if amount > 0 else "") + _money(amount, currency)


_VERBS = {"post": "posts", "fold": "folds", "check": "checks", "call": "calls", "bet": "bets", "raise": "raises to",
          "return": "gets back uncalled"}
_STREET = {0: "pre-draw", 1: "after draw 1", 2: "after draw 2", 3: "after draw 3"}


def replay_text(hand: Hand, result: Replay, focus: str | None = None) -> list[str]:
    """The replay as plain text lines: every post, action and draw with the pot after it, the cards the
    log names for ``focus`` (default: the hero), the showdown and each player's net."""
    focus = focus or hand.hero
    cur = hand.currency
    known: dict[tuple[str, int], tuple[Any, ...]] = {}
    for facts in result.players:
        stages = (facts.holdings.dealt, *facts.holdings.after)
        for k, cards in enumerate(stages):
            if cards is not None:
                known[(facts.player, k)] = cards
    lines = [f"{hand.room} hand {hand.hand_id} | {hand.limit.value.upper()} "
             f"{_money(hand.stakes.small_bet, cur)}/{_money(hand.stakes.big_bet, cur)} {cur}"
             + (f" | {hand.start_time:%Y-%m-%d %H:%M} UTC" if hand.start_time else "")
             + (f" | table {hand.table}" if hand.table else "")]
    positions = {f.player: f.position for f in result.players}
    lines.append("players: " + ", ".join(f"{p} ({positions.get(p, '?')})" for p in result.order))
    if focus and (focus, 0) in known:
        lines.append(f"{focus} is dealt {format_cards(known[(focus, 0)])}")
    street = -1
    for step in result.steps:
        if step.kind == "draw":
            if street != 100 + step.street:
                street = 100 + step.street
                lines.append(f"-- draw {step.street}")
            what = "stands pat" if step.amount == 0 else f"draws {step.amount}"
            cards = known.get((step.player, step.street))
            shown = f" -> {format_cards(cards)} ({evaluate(cards).label()})" if (
                step.player == focus and cards is not None and len(cards) == 4) else ""
            lines.append(f"  {step.player} {what}{shown}")
            continue
        if step.street != street and step.kind != "post":
            street = step.street
            lines.append(f"-- {_STREET.get(step.street, f'round {step.street}')}")
        amount = f" {_money(step.amount, cur)}" if step.amount else ""
        owed = f" (owed {_money(step.to_call, cur)})" if step.to_call and step.kind in ("call", "fold", "raise") else ""
        verb = _VERBS.get(step.kind, step.kind)
        lines.append(f"  {step.player} {verb}{amount}{owed} | pot {_money(step.pot, cur)}")
    shown_lines = [e for e in hand.events if type(e) in (Show, Muck)]
    if shown_lines:
        lines.append("-- showdown" if result.showdown else "-- hand over")
        for event in shown_lines:
            if type(event) is Show:
                label = evaluate(event.cards).label() if len(event.cards) == 4 else ""
                lines.append(f"  {event.player} shows {format_cards(event.cards)} {label}".rstrip())
            else:
                cards = f" {format_cards(event.cards)}" if event.cards else ""
                lines.append(f"  {event.player} mucks{cards}")
    lines.append("net: " + ", ".join(f"{p} {_net(n, cur)}" for p, n in result.net)
                 + (" (pots awarded by the rules: no collect claims)" if result.awards_derived else ""))
    return lines


def example_keys(text: Sequence[str]) -> list[HandKey]:
    """``room:hand_id`` strings back into keys."""
    return [tuple(item.split(":", 1)) for item in text]  # type: ignore[misc]
