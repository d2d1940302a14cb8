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

from badugi.engine.cards import format_cards, parse_cards
from badugi.engine.evaluator import evaluate
from badugi.engine.record import (
    Bet, Call, Check, Claims, Collect, Deal, Draw, DrawDeal, Event, Fold, Hand, Limit, Muck, Post, PostKind, Raise,
    Seat, Show, Source, Stakes, TimeFlag,
)
from badugi.engine.replay import replay
from badugi.engine.replay_model import Replay

HandKey = tuple[str, str]


def _cards(text: str | None) -> tuple[Any, ...] | None:
    return None if not text else parse_cards(text)


def _fetch(con: duckdb.DuckDBPyConnection, table: str, columns: str, order: str) -> dict[HandKey, list[tuple]]:
    rows = con.execute(f"SELECT t.room, t.room_hand_id, {columns} FROM {table} t SEMI JOIN _wanted w "
                       f"ON w.room = t.room AND w.room_hand_id = t.room_hand_id ORDER BY {order}").fetchall()
    out: dict[HandKey, list[tuple]] = defaultdict(list)
    for row in rows:
        out[(row[0], row[1])].append(row[2:])
    return out


def load_hands(con: duckdb.DuckDBPyConnection, keys: Iterable[HandKey]) -> dict[HandKey, Hand]:
    """The stored hands with these ``(room, room_hand_id)`` keys, rebuilt as ``Hand`` records."""
    wanted = list(dict.fromkeys(keys))
    if not wanted:
        return {}
    con.register("_wanted", pa.table({"room": [k[0] for k in wanted], "room_hand_id": [k[1] for k in wanted]}))
    try:
        heads = _fetch(con, "hands", "t.file, t.line, t.byte_offset, t.limit_type, t.currency, t.small_bet, "
                       "t.big_bet, t.small_blind, t.big_blind, t.ante, t.table_name, t.max_seats, t.button, "
                       "t.start_time, t.time_zone, t.hero, t.claimed_total_pot, t.claimed_rake, t.game, "
                       "t.time_flag",
                       "t.room, t.room_hand_id")
        seats = _fetch(con, "hand_players", "t.seat, t.player, t.stack, t.sitting_out", "t.seat")
        actions = _fetch(con, "actions", "t.seq, t.line, t.street, t.player, t.action, t.post_kind, t.amount, "
                         "t.raise_to, t.is_total, t.all_in", "t.seq")
        draws = _fetch(con, "draws", "t.seq, t.line, t.draw, t.player, t.count, t.discards, t.held, t.kept, "
                       "t.new_cards, t.new_hand, t.deal_line", "t.seq")
        dealt_round0 = _fetch(con, "holdings", "t.player, t.cards, t.round", "t.player")
        shows = _fetch(con, "showdowns", "t.seq, t.line, t.player, t.shown, t.cards, t.claimed_label", "t.seq")
        collects = _fetch(con, "collects", "t.seq, t.line, t.player, t.pot, t.amount", "t.seq")
    finally:
        con.unregister("_wanted")
    out: dict[HandKey, Hand] = {}
    for key, head_rows in heads.items():
        out[key] = _build(key, head_rows[0], seats.get(key, []), actions.get(key, []), draws.get(key, []),
                          [(p, c) for p, c, r in dealt_round0.get(key, []) if r == 0], shows.get(key, []),
                          collects.get(key, []))
    return out


def _build(key: HandKey, head: tuple, seats: list[tuple], actions: list[tuple], draws: list[tuple],
           dealt: list[tuple], shows: list[tuple], collects: list[tuple]) -> Hand:
    (file, line, offset, limit, currency, small_bet, big_bet, small_blind, big_blind, ante, table, max_seats,
     button, start, zone, hero, total_pot, rake, game, time_flag) = head
    timed: list[tuple[float, Event]] = []
    first_action = min((a[0] for a in actions if a[4] != "post"), default=None)
    for seq, ln, street, player, action, post_kind, amount, raise_to, is_total, all_in in actions:
        ln = ln or 0
        if action == "post":
            event: Event = Post(player, PostKind(post_kind), amount, all_in=bool(all_in), line=ln)
        elif action == "fold":
            event = Fold(player, street, line=ln)
        elif action == "check":
            event = Check(player, street, line=ln)
        elif action == "call":
            event = Call(player, street, amount, all_in=bool(all_in), is_total=bool(is_total), line=ln)
        elif action == "bet":
            event = Bet(player, street, amount, all_in=bool(all_in), line=ln)
        else:
            event = Raise(player, street, amount, raise_to, all_in=bool(all_in), line=ln)
        timed.append((seq, event))
    deal_at = (first_action if first_action is not None else 10**9) - 0.5
    for n, (player, cards) in enumerate(dealt):
        timed.append((deal_at + n * 1e-4, Deal(player, _cards(cards))))
    dealt_players = {p for p, _ in dealt}
    for _seat, player, _stack, sitting_out in seats:
        if player not in dealt_players and not sitting_out:
            timed.append((deal_at + 0.4, Deal(player, None)))
    for seq, ln, draw, player, count, discards, held, kept, new, new_hand, deal_line in draws:
        timed.append((seq, Draw(player, draw, count, discards=_cards(discards), held=_cards(held), line=ln or 0)))
        if count and (kept or new or new_hand):
            timed.append((seq + 0.5, DrawDeal(player, draw, count, kept=_cards(kept), new=_cards(new),
                                              hand=_cards(new_hand), line=deal_line or 0)))
    for seq, ln, player, shown, cards, label in shows:
        cards_t = _cards(cards)
        event = Show(player, cards_t or (), label, line=ln or 0) if shown else Muck(player, cards_t, line=ln or 0)
        timed.append((seq, event))
    for seq, ln, player, pot, amount in collects:
        timed.append((seq, Collect(player, amount, pot, line=ln or 0)))
    timed.sort(key=lambda item: item[0])
    return Hand(
        room=key[0], hand_id=key[1], game=game, limit=Limit(limit), stakes=Stakes(small_bet, big_bet, small_blind,
                                                                                   big_blind, ante),
        currency=currency, source=Source(file or "", line or 0, offset or 0), table=table, max_seats=max_seats,
        button=button, start_time=start, time_zone=zone, time_flag=TimeFlag(time_flag) if time_flag else None,
        seats=tuple(Seat(s, p, st, bool(out)) for s, p, st, out in seats),
        events=tuple(e for _, e in timed), claims=Claims(total_pot=total_pot, rake=rake), hero=hero,
    )


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
