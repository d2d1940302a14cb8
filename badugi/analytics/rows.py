"""Turn read results (``Hand`` + its replay, ``Skipped``, ``ParseFailure``) into column lists, then into
Arrow tables shaped exactly like the store's tables (``schema.TABLES``).

Columns are built as plain Python lists, one append per value, and converted once per batch: that is
the cheap way to get hundreds of thousands of rows into Arrow. Every hand-level row also carries
``_hand_ix``, the hand's position in the batch, so the store can drop a duplicate hand with all its rows.
"""

from __future__ import annotations

from typing import Any

import pyarrow as pa

from badugi.analytics.schema import TABLES, arrow_schema
from badugi.engine.cards import format_cards
from badugi.engine.record import (
    Bet,
    Call,
    Check,
    Collect,
    Deal,
    Draw,
    DrawDeal,
    Fold,
    Hand,
    Muck,
    Post,
    Raise,
    Show,
)
from badugi.parsers.results import ParseFailure, Skipped

HAND_IX = "_hand_ix"
SHOWN_ROUND = 4


def _cards(cards: Any) -> str | None:
    return None if cards is None else format_cards(tuple(cards))


class Columns:
    """Column lists for every table of one batch."""

    def __init__(self) -> None:
        self.cols: dict[str, dict[str, list[Any]]] = {
            table: {name: [] for name, _ in columns} for table, columns in TABLES.items() if table != "files"
        }
        for table in ("hands", "hand_players", "actions", "draws", "holdings", "showdowns", "collects", "pots",
                      "violations"):
            self.cols[table][HAND_IX] = []
        self.hands = 0

    def row(self, table: str, values: tuple[Any, ...], hand_ix: int | None = None) -> None:
        """Append one row given in the table's column order."""
        cols = self.cols[table]
        for name, value in zip(cols, values):
            cols[name].append(value)
        if hand_ix is not None:
            cols[HAND_IX].append(hand_ix)

    def to_arrow(self) -> dict[str, pa.Table]:
        """One Arrow table per store table (empty tables included, so every batch has the same shape)."""
        out: dict[str, pa.Table] = {}
        for table, cols in self.cols.items():
            schema = arrow_schema(table)
            if HAND_IX in cols:
                schema = schema.append(pa.field(HAND_IX, pa.int32()))
            out[table] = pa.table(cols, schema=schema)
        return out


def add_skipped(columns: Columns, item: Skipped) -> None:
    columns.row("skipped", (item.file, item.line, item.offset, item.room, item.hand_id, item.reason))


def add_reject(columns: Columns, item: ParseFailure) -> None:
    columns.row("rejects", (item.file, item.line, item.offset, item.code, item.room, item.hand_id, item.column,
                            item.message, " | ".join(item.expected) or None, item.raw))


def add_internal_reject(columns: Columns, hand: Hand, code: str, message: str, raw: str = "") -> None:
    """A hand the reader read but a later stage could not process: kept as a reject, never dropped."""
    columns.row("rejects", (hand.source.file, hand.source.line, hand.source.offset, code, hand.room,
                            hand.hand_id, None, message, None, raw))


def add_hand(columns: Columns, hand: Hand, replay: Any | None) -> None:
    """Every row of one hand. ``replay`` is the engine's ``Replay`` (or ``None`` when not replayed)."""
    ix = columns.hands
    columns.hands += 1
    room, hid = hand.room, hand.hand_id
    stakes, claims, tour = hand.stakes, hand.claims, hand.tournament
    violations = tuple(getattr(replay, "violations", ()) or ())
    undetermined = tuple(getattr(replay, "undetermined", ()) or ())
    columns.row("hands", (
        room, hid, hand.source.file, hand.source.line, hand.source.offset,
        hand.game, str(hand.limit), hand.currency,
        stakes.small_bet, stakes.big_bet, stakes.small_blind, stakes.big_blind, stakes.ante,
        hand.table, hand.max_seats, hand.button,
        hand.start_time.replace(tzinfo=None) if hand.start_time else None, hand.time_zone,
        tour.tournament_id if tour else None, tour.level if tour else None, tour.buy_in if tour else None,
        tour.club if tour else None,
        hand.hero, hand.cancelled, hand.partial,
        sum(1 for s in hand.seats if not s.sitting_out),
        claims.total_pot, claims.main_pot, " ".join(map(str, claims.side_pots)) or None, claims.rake,
        _derived_total_pot(replay), getattr(replay, "rake", None) if replay is not None else None,
        len(violations), len(undetermined),
    ), ix)
    _add_players(columns, hand, replay, ix)
    _add_events(columns, hand, replay, ix)
    _add_holdings(columns, hand, replay, ix)
    _add_pots(columns, hand, replay, ix)
    for v in violations:
        columns.row("violations", (room, hid, v.code, v.line, v.expected, v.found, v.message, False), ix)
    for v in undetermined:
        columns.row("violations", (room, hid, v.code, v.line, v.expected, v.found, v.message, True), ix)


def _derived_total_pot(replay: Any | None) -> int | None:
    pots = getattr(replay, "pots", None) if replay is not None else None
    if not pots:
        return None
    return sum(_pot_amount(p) for p in pots)


def _pot_amount(pot: Any) -> int:
    return int(pot if isinstance(pot, int) else pot.amount)


def _add_players(columns: Columns, hand: Hand, replay: Any | None, ix: int) -> None:
    collected: dict[str, int] = {}
    for event in hand.events:
        if type(event) is Collect:
            collected[event.player] = collected.get(event.player, 0) + event.amount
    net = getattr(replay, "net", None) if replay is not None else None
    for seat in hand.seats:
        columns.row("hand_players", (
            hand.room, hand.hand_id, seat.seat, seat.player, seat.stack, seat.sitting_out, seat.player == hand.hero,
            collected.get(seat.player, 0 if not seat.sitting_out else None),
            net.get(seat.player) if net else None,
        ), ix)


def _add_events(columns: Columns, hand: Hand, replay: Any | None, ix: int) -> None:
    room, hid = hand.room, hand.hand_id
    deals: dict[tuple[str, int], DrawDeal] = {}
    for event in hand.events:
        if type(event) is DrawDeal:
            deals.setdefault((event.player, event.draw), event)
    labels = _derived_labels(replay)
    for seq, event in enumerate(hand.events):
        kind = type(event)
        if kind is Post:
            columns.row("actions", (room, hid, seq, event.line, 0, event.player, "post", str(event.kind),
                                    event.amount, None, False, event.all_in), ix)
        elif kind is Fold or kind is Check:
            columns.row("actions", (room, hid, seq, event.line, event.street, event.player, kind.__name__.lower(),
                                    None, None, None, False, False), ix)
        elif kind is Call:
            columns.row("actions", (room, hid, seq, event.line, event.street, event.player, "call", None,
                                    event.amount, None, event.is_total, event.all_in), ix)
        elif kind is Bet:
            columns.row("actions", (room, hid, seq, event.line, event.street, event.player, "bet", None,
                                    event.amount, event.amount, False, event.all_in), ix)
        elif kind is Raise:
            columns.row("actions", (room, hid, seq, event.line, event.street, event.player, "raise", None,
                                    event.raise_by, event.raise_to, event.raise_by is None, event.all_in), ix)
        elif kind is Draw:
            deal = deals.get((event.player, event.draw))
            columns.row("draws", (
                room, hid, seq, event.line, event.draw, event.player, event.count, event.count == 0,
                _cards(event.discards), _cards(event.held),
                _cards(deal.kept) if deal else None, _cards(deal.new) if deal else None,
                _cards(deal.hand) if deal else None, deal.line if deal else None,
            ), ix)
        elif kind is Show:
            columns.row("showdowns", (room, hid, seq, event.line, event.player, True, _cards(event.cards),
                                      event.label, labels.get(event.player)), ix)
        elif kind is Muck:
            columns.row("showdowns", (room, hid, seq, event.line, event.player, False, _cards(event.cards),
                                      None, labels.get(event.player) if event.cards else None), ix)
        elif kind is Collect:
            columns.row("collects", (room, hid, seq, event.line, event.player, event.pot, event.amount), ix)


def _derived_labels(replay: Any | None) -> dict[str, str]:
    labels = getattr(replay, "labels", None) if replay is not None else None
    return dict(labels) if labels else {}


def _record_holdings(hand: Hand) -> dict[tuple[str, int], tuple[Any, ...]]:
    """What the record itself says each player held: dealt, after each draw, shown (hero mostly)."""
    held: dict[tuple[str, int], tuple[Any, ...]] = {}
    for event in hand.events:
        kind = type(event)
        if kind is Deal and event.cards is not None:
            held[(event.player, 0)] = event.cards
        elif kind is DrawDeal:
            if event.hand is not None:
                held[(event.player, event.draw)] = event.hand
            elif event.kept is not None or event.new is not None:
                held[(event.player, event.draw)] = tuple(event.kept or ()) + tuple(event.new or ())
        elif kind is Draw and event.count == 0 and event.held is not None:
            held[(event.player, event.draw)] = event.held
        elif kind is Show or (kind is Muck and event.cards):
            held[(event.player, SHOWN_ROUND)] = event.cards
    return held


def _add_holdings(columns: Columns, hand: Hand, replay: Any | None, ix: int) -> None:
    derived = getattr(replay, "holdings", None) if replay is not None else None
    rows: dict[tuple[str, int], tuple[Any, ...]] = {}
    if derived:
        for (player, round_), cards in _iter_holdings(derived):
            rows[(player, round_)] = cards
    else:
        rows = _record_holdings(hand)
    for (player, round_), cards in sorted(rows.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        known = sum(1 for c in cards if c is not None)
        text = " ".join("??" if c is None else str(c) for c in cards)
        columns.row("holdings", (hand.room, hand.hand_id, player, round_, text, known), ix)


def _iter_holdings(derived: Any) -> Any:
    """Accept ``{player: {round: cards}}``, ``{player: (cards per round...)}`` or ``{(player, round): cards}``."""
    for key, value in dict(derived).items():
        if isinstance(key, tuple):
            if value is not None:
                yield key, tuple(value)
        elif isinstance(value, dict):
            for round_, cards in value.items():
                if cards is not None:
                    yield (key, int(round_)), tuple(cards)
        else:
            for round_, cards in enumerate(value):
                if cards is not None:
                    yield (key, round_), tuple(cards)


def _add_pots(columns: Columns, hand: Hand, replay: Any | None, ix: int) -> None:
    pots = getattr(replay, "pots", None) if replay is not None else None
    for index, pot in enumerate(pots or ()):
        eligible = getattr(pot, "eligible", None)
        winners = getattr(pot, "winners", None)
        shares = getattr(pot, "shares", None)
        columns.row("pots", (
            hand.room, hand.hand_id, index, _pot_amount(pot),
            " ".join(eligible) if eligible else None, " ".join(winners) if winners else None,
            " ".join(f"{p}={a}" for p, a in dict(shares).items()) if shares else None,
        ), ix)
