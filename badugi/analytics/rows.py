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
from badugi.engine.evaluator import evaluate
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
    """Rows for every table of one batch, kept as tuples and turned into columns once (``zip(*rows)``
    runs in C: far cheaper than appending value by value)."""

    def __init__(self) -> None:
        self.rows: dict[str, list[tuple[Any, ...]]] = {table: [] for table in TABLES if table != "files"}
        self.hands = 0

    def row(self, table: str, values: tuple[Any, ...], hand_ix: int | None = None) -> None:
        """Append one row given in the table's column order (plus the hand's batch position)."""
        self.rows[table].append(values if hand_ix is None else (*values, hand_ix))

    def to_arrow(self) -> dict[str, pa.Table]:
        """One Arrow table per store table (empty tables included, so every batch has the same shape)."""
        out: dict[str, pa.Table] = {}
        for table, rows in self.rows.items():
            schema = arrow_schema(table)
            if table in HAND_LEVEL:
                schema = schema.append(pa.field(HAND_IX, pa.int32()))
            columns = list(zip(*rows)) if rows else [()] * len(schema)
            out[table] = pa.Table.from_arrays(
                [pa.array(list(col), type=field.type) for col, field in zip(columns, schema)], schema=schema)
        return out


HAND_LEVEL = frozenset({"hands", "hand_players", "actions", "draws", "holdings", "showdowns", "collects", "pots",
                        "violations"})


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
    """Every row of one hand. ``replay`` is the engine's ``Replay`` (``None`` when it could not run)."""
    ix = columns.hands
    columns.hands += 1
    room, hid = hand.room, hand.hand_id
    stakes, claims, tour = hand.stakes, hand.claims, hand.tournament
    violations = tuple(replay.violations) if replay is not None else ()
    undetermined = tuple(replay.undetermined) if replay is not None else ()
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
        replay is not None,
        replay.total_pot if replay is not None else None, replay.rake if replay is not None else None,
        replay.showdown if replay is not None else None, replay.ended_street if replay is not None else None,
        len(violations), len(undetermined),
    ), ix)
    _add_players(columns, hand, replay, ix)
    _add_events(columns, hand, ix)
    _add_holdings(columns, hand, replay, ix)
    if replay is not None:
        for index, pot in enumerate(replay.pots):
            columns.row("pots", (room, hid, index, pot.amount, list(pot.eligible),
                                 None if pot.winners is None else list(pot.winners),
                                 [p for p, _ in pot.paid], [a for _, a in pot.paid]), ix)
    for v in violations:
        columns.row("violations", (room, hid, v.code, v.line, v.expected, v.found, v.message, False), ix)
    for check in undetermined:
        columns.row("violations", (room, hid, str(check), None, None, None, None, True), ix)


_NO_FACTS = (False,) + (None,) * (len(TABLES["hand_players"]) - 9)  # replayed=False, facts unknown


def _facts_values(facts: Any) -> tuple[Any, ...]:
    """A ``PlayerFacts`` flattened in the ``hand_players`` column order (after ``claimed_collected``)."""
    f = facts
    drawn, pat, saw = tuple(f.drawn), tuple(f.stood_pat), tuple(f.saw_draw)
    streets: list[Any] = []
    for st in f.streets:
        streets += [st.bets, st.raises, st.calls, st.checks, st.folds]
    return (
        True, f.position,
        f.vpip, f.pfr, f.rfi_opp, f.rfi, f.limp, f.three_bet_opp, f.three_bet, f.fold_to_3bet_opp, f.fold_to_3bet,
        f.steal_opp, f.steal, f.fold_to_steal_opp, f.fold_to_steal,
        *drawn, *pat, *saw,
        f.went_to_showdown, f.won_at_showdown, f.won, f.all_in, f.folded_street,
        f.invested, f.collected, f.net, f.rake_share,
        *streets,
        f.decided, f.pat_known, f.snowed, f.held_badugi, f.broke_badugi, f.bet_called, f.bet_fewer, f.faced_pat,
        f.fold_to_pat,
    )


def _add_players(columns: Columns, hand: Hand, replay: Any | None, ix: int) -> None:
    collected: dict[str, int] = {}
    for event in hand.events:
        if type(event) is Collect:
            collected[event.player] = collected.get(event.player, 0) + event.amount
    facts = {f.player: f for f in replay.players} if replay is not None else {}
    for seat in hand.seats:
        player_facts = facts.get(seat.player)
        columns.row("hand_players", (
            hand.room, hand.hand_id, seat.seat, seat.player, seat.stack, seat.sitting_out, seat.player == hand.hero,
            collected.get(seat.player, 0),
            *(_facts_values(player_facts) if player_facts is not None else _NO_FACTS),
        ), ix)


def _add_events(columns: Columns, hand: Hand, ix: int) -> None:
    room, hid = hand.room, hand.hand_id
    deals: dict[tuple[str, int], DrawDeal] = {}
    for event in hand.events:
        if type(event) is DrawDeal:
            deals.setdefault((event.player, event.draw), event)
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
        elif kind is Show or (kind is Muck and event.cards):
            cls, text = _evaluate(event.cards)
            columns.row("showdowns", (room, hid, seq, event.line, event.player, kind is Show, _cards(event.cards),
                                      getattr(event, "label", None), cls, text), ix)
        elif kind is Muck:
            columns.row("showdowns", (room, hid, seq, event.line, event.player, False, None, None, None, None), ix)
        elif kind is Collect:
            columns.row("collects", (room, hid, seq, event.line, event.player, event.pot, event.amount), ix)


def _evaluate(cards: tuple[Any, ...]) -> tuple[int | None, str | None]:
    """The evaluator's class and PokerStars-style label of shown cards (four distinct cards only)."""
    if len(cards) != 4 or len(set(cards)) != 4:
        return None, None
    value = evaluate(cards)
    return value.cls, value.label()


def _record_holdings(hand: Hand) -> dict[tuple[str, int], tuple[Any, ...]]:
    """What the record itself says each player held (used when the replay could not run)."""
    held: dict[tuple[str, int], tuple[Any, ...]] = {}
    for event in hand.events:
        kind = type(event)
        if kind is Deal and event.cards is not None:
            held.setdefault((event.player, 0), event.cards)
        elif kind is DrawDeal:
            if event.hand is not None:
                held.setdefault((event.player, event.draw), event.hand)
            elif event.kept is not None and event.new is not None:
                held.setdefault((event.player, event.draw), tuple(event.kept) + tuple(event.new))
        elif kind is Draw and event.count == 0 and event.held is not None:
            held.setdefault((event.player, event.draw), event.held)
        elif kind is Show or (kind is Muck and event.cards):
            held.setdefault((event.player, SHOWN_ROUND), event.cards)
    return held


def _replay_holdings(replay: Any) -> dict[tuple[str, int], tuple[Any, ...]]:
    held: dict[tuple[str, int], tuple[Any, ...]] = {}
    for facts in replay.players:
        h = facts.holdings
        for round_, cards in enumerate((h.dealt, *h.after, h.shown)):
            if cards is not None:
                held[(facts.player, round_)] = cards
    return held


def _add_holdings(columns: Columns, hand: Hand, replay: Any | None, ix: int) -> None:
    rows = _replay_holdings(replay) if replay is not None else _record_holdings(hand)
    for (player, round_), cards in sorted(rows.items(), key=lambda kv: kv[0]):
        columns.row("holdings", (hand.room, hand.hand_id, player, round_, _cards(cards), len(cards)), ix)
