"""Turn read results (``Hand`` + its replay, ``Skipped``, ``ParseFailure``) into Arrow tables shaped
exactly like the store's tables (``schema.TABLES``).

Each table's values go into one flat Python list, row after row (one ``extend`` per row); column ``i``
is then the slice ``values[i::width]``, taken in C, and converted once per batch with its declared
Arrow type. Every hand-level row also carries ``_hand_ix``, the hand's position in the batch, so the
store can drop a duplicate hand with all its rows. The hand-level tables' ``room`` and ``room_hand_id``
are not built per row: they are taken from the ``hands`` columns by ``_hand_ix`` (Arrow ``take``), which
saves two Python values on every action, player, draw, ... row.
"""

from __future__ import annotations

from array import array
from typing import Any

import pyarrow as pa
# ``take`` needs pyarrow.compute (~35 ms to import): loaded here, in the pool's preloaded module, not per worker
import pyarrow.compute  # noqa: F401

from badugi.analytics.schema import HAND_KEY, TABLES, arrow_schema
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
from badugi.engine.replay_model import Holdings, PlayerFacts
from badugi.parsers.results import ParseFailure, Skipped

HAND_IX = "_hand_ix"
SHOWN_ROUND = 4

HAND_LEVEL = frozenset({"hands", "hand_players", "actions", "draws", "holdings", "showdowns", "collects", "pots",
                        "violations"})


def _batch_schema(table: str) -> pa.Schema:
    schema = arrow_schema(table)
    return schema.append(pa.field(HAND_IX, pa.int32())) if table in HAND_LEVEL else schema


BATCH_SCHEMAS: dict[str, pa.Schema] = {table: _batch_schema(table) for table in TABLES if table != "files"}
"""Each batch table: the store table's columns, plus ``_hand_ix`` on hand-level tables."""


def _row_fields(table: str) -> tuple[pa.Field, ...]:
    fields = tuple(BATCH_SCHEMAS[table])
    if table == "hands":
        return fields[:-1]  # its _hand_ix is the row number
    if table in HAND_LEVEL:
        return fields[len(HAND_KEY):]  # the hand key is taken from ``hands`` by _hand_ix
    return fields


ROW_FIELDS: dict[str, tuple[pa.Field, ...]] = {table: _row_fields(table) for table in BATCH_SCHEMAS}
"""The values one row supplies, in order: hand-level tables leave out the hand key (taken from ``hands``)
and keep ``_hand_ix`` last; ``hands`` leaves out ``_hand_ix`` (its row number)."""


def _cards(cards: Any) -> str | None:
    return None if cards is None else format_cards(tuple(cards))


class Columns:
    """Every table's rows of one batch, as flat value lists (see the module docstring)."""

    def __init__(self) -> None:
        self.values: dict[str, list[Any]] = {table: [] for table in BATCH_SCHEMAS}
        self.hands = 0

    def row(self, table: str, values: tuple[Any, ...]) -> None:
        """Append one row given as ``ROW_FIELDS[table]`` (hot loops bind ``values[table].extend`` instead)."""
        self.values[table].extend(values)

    def to_arrow(self) -> dict[str, pa.Table]:
        """One Arrow table per store table (empty tables included, so every batch has the same shape)."""
        hands = _arrays(self.values["hands"], ROW_FIELDS["hands"])
        room, hand_id = hands[0], hands[1]
        out: dict[str, pa.Table] = {}
        for table, values in self.values.items():
            if table == "hands":
                arrays = [*hands, pa.array(range(self.hands), pa.int32())]
            elif table in HAND_LEVEL:
                arrays = _arrays(values, ROW_FIELDS[table])
                hand_ix = arrays[-1]
                arrays = [room.take(hand_ix), hand_id.take(hand_ix), *arrays]
            else:
                arrays = _arrays(values, ROW_FIELDS[table])
            out[table] = pa.Table.from_arrays(arrays, schema=BATCH_SCHEMAS[table])
        return out


def _arrays(values: list[Any], fields: tuple[pa.Field, ...]) -> list[pa.Array]:
    """A flat row-major value list cut into typed columns (declared types: Arrow infers nothing)."""
    width = len(fields)
    if len(values) % width:
        raise ValueError(f"{len(values)} values do not make rows of {width}")
    return [_column(values[i::width], field.type) for i, field in enumerate(fields)]


_INT_CODES = {kind: code for kind, code in ((pa.int16(), "h"), (pa.int32(), "i"), (pa.int64(), "q"))
              if array(code).itemsize * 8 == kind.bit_width}  # C sizes match on every usual platform


def _column(values: list[Any], kind: pa.DataType) -> pa.Array:
    """One typed column. Integers without NULLs go through ``array.array``, which converts Python ints
    in C about twice as fast as Arrow's per-object converter; anything else (a ``None``, an int out of
    range) falls back to ``pa.array``, which also gives the same error as before on a bad value."""
    code = _INT_CODES.get(kind)
    if code is not None:
        try:
            packed = array(code, values)
        except (TypeError, OverflowError):
            pass
        else:
            return pa.Array.from_buffers(kind, len(packed), [None, pa.py_buffer(packed)])
    return pa.array(values, type=kind)


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
    values = columns.values
    stakes, claims, tour = hand.stakes, hand.claims, hand.tournament
    violations = tuple(replay.violations) if replay is not None else ()
    undetermined = tuple(replay.undetermined) if replay is not None else ()
    values["hands"].extend((
        hand.room, hand.hand_id, hand.source.file, hand.source.line, hand.source.offset,
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
        replay.awards_derived if replay is not None else None,
        str(hand.time_flag) if hand.time_flag is not None else None,
    ))
    collected = _add_events(values, hand, ix)
    _add_players(values["hand_players"].extend, hand, replay, collected, ix)
    _add_holdings(values["holdings"].extend, hand, replay, ix)
    if replay is not None:
        add_pot = values["pots"].extend
        for index, pot in enumerate(replay.pots):
            add_pot((index, pot.amount, list(pot.eligible), None if pot.winners is None else list(pot.winners),
                     [p for p, _ in pot.paid], [a for _, a in pot.paid], ix))
    add_violation = values["violations"].extend
    for v in violations:
        add_violation((v.code, v.line, v.expected, v.found, v.message, False, ix))
    for check in undetermined:
        add_violation((str(check), None, None, None, None, True, ix))


def _fields_span(first: str, last: str) -> slice:
    """``PlayerFacts`` fields ``first`` .. ``last`` (inclusive): runs stored as consecutive columns."""
    names = PlayerFacts._fields
    return slice(names.index(first), names.index(last) + 1)


PRE_DRAW_FACTS = _fields_span("vpip", "fold_to_steal")
SHOWDOWN_MONEY_FACTS = _fields_span("went_to_showdown", "rake_share")
DRAW_PLAY_FACTS = _fields_span("decided", "fold_to_pat")
_NO_FACTS = (False,) + (None,) * (len(TABLES["hand_players"]) - 9)  # replayed=False, facts unknown


def _add_players(add: Any, hand: Hand, replay: Any | None, collected: dict[str, int], ix: int) -> None:
    """One ``hand_players`` row per seat: the seat line, then the replay's ``PlayerFacts`` flattened in
    column order (a NamedTuple, so its runs of consecutive fields are sliced, not read one by one).
    ``collected``: each player's total of the room's collect lines."""
    facts = {f.player: f for f in replay.players} if replay is not None else {}
    hero = hand.hero
    for seat in hand.seats:
        player = seat.player
        add((seat.seat, player, seat.stack, seat.sitting_out, player == hero, collected.get(player, 0)))
        f = facts.get(player)
        if f is None:
            add(_NO_FACTS)
        else:  # one extend per run: cheaper than unpacking them all into one tuple
            add((True, f.position))
            add(f[PRE_DRAW_FACTS])
            add(f.drawn)
            add(f.stood_pat)
            add(f.saw_draw)
            add(f[SHOWDOWN_MONEY_FACTS])
            street_1, street_2, street_3 = f.streets  # the rounds after draws 1-3 (raises if not three)
            add(street_1)
            add(street_2)
            add(street_3)
            add(f[DRAW_PLAY_FACTS])
        add((ix,))


def _add_events(values: dict[str, list[Any]], hand: Hand, ix: int) -> dict[str, int]:
    """The rows of the log's events (actions, draws, showdowns, collects); returns each player's
    collected total (for ``hand_players``). Branches go most frequent first. A draw's row waits for
    the loop's end: the replacement deal the room wrote for it comes after it in the log."""
    deals: dict[tuple[str, int], DrawDeal] = {}
    draws: list[tuple[int, Draw]] = []
    collected: dict[str, int] = {}
    action = values["actions"].extend
    for seq, event in enumerate(hand.events):
        kind = type(event)
        if kind is Fold:
            action((seq, event.line, event.street, event.player, "fold", None, None, None, False, False, ix))
        elif kind is Post:
            action((seq, event.line, 0, event.player, "post", str(event.kind), event.amount, None, False,
                    event.all_in, ix))
        elif kind is Draw:
            draws.append((seq, event))
        elif kind is Raise:
            action((seq, event.line, event.street, event.player, "raise", None, event.raise_by, event.raise_to,
                    event.raise_by is None, event.all_in, ix))
        elif kind is Collect:
            collected[event.player] = collected.get(event.player, 0) + event.amount
            values["collects"].extend((seq, event.line, event.player, event.pot, event.amount, ix))
        elif kind is Check:
            action((seq, event.line, event.street, event.player, "check", None, None, None, False, False, ix))
        elif kind is Call:
            action((seq, event.line, event.street, event.player, "call", None, event.amount, None, event.is_total,
                    event.all_in, ix))
        elif kind is Bet:
            action((seq, event.line, event.street, event.player, "bet", None, event.amount, event.amount, False,
                    event.all_in, ix))
        elif kind is DrawDeal:
            deals.setdefault((event.player, event.draw), event)
        elif kind is Show or (kind is Muck and event.cards):
            cls, text = _evaluate(event.cards)
            values["showdowns"].extend((seq, event.line, event.player, kind is Show, _cards(event.cards),
                                        getattr(event, "label", None), cls, text, ix))
        elif kind is Muck:
            values["showdowns"].extend((seq, event.line, event.player, False, None, None, None, None, ix))
    add_draw = values["draws"].extend
    for seq, draw in draws:
        deal = deals.get((draw.player, draw.draw))
        add_draw((
            seq, draw.line, draw.draw, draw.player, draw.count, draw.count == 0, _cards(draw.discards),
            _cards(draw.held), _cards(deal.kept) if deal else None, _cards(deal.new) if deal else None,
            _cards(deal.hand) if deal else None, deal.line if deal else None, ix,
        ))
    return collected


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


_NOTHING_KNOWN = Holdings()


def _replay_holdings(replay: Any) -> dict[tuple[str, int], tuple[Any, ...]]:
    held: dict[tuple[str, int], tuple[Any, ...]] = {}
    for facts in replay.players:
        h = facts.holdings
        if h == _NOTHING_KNOWN:  # most players: their cards never show
            continue
        for round_, cards in enumerate((h.dealt, *h.after, h.shown)):
            if cards is not None:
                held[(facts.player, round_)] = cards
    return held


def _add_holdings(add: Any, hand: Hand, replay: Any | None, ix: int) -> None:
    rows = _replay_holdings(replay) if replay is not None else _record_holdings(hand)
    for (player, round_), cards in sorted(rows.items()):
        add((player, round_, _cards(cards), len(cards), ix))
