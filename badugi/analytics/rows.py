"""Turn read results (``Hand`` + its replay, ``Skipped``, ``ParseFailure``, ``TournamentSummary``) into
Arrow tables shaped exactly like the store's tables (declared in ``analytics/tables``).

This module says which rows a hand has (one per seat, per action, per draw, ...) and what each row is
built from: the table's declared ``sources`` (a seat, the player's facts, ...), in their declared order,
one ``extend`` per row into the table's flat list. What each column holds is the declaration's business;
``columnar`` computes every column of a batch at once from those sources.

Every hand-level row also carries ``_hand_ix``, the hand's position in the batch, so the store can drop a
duplicate hand with all its rows. The other hand-level tables' batches have no ``room`` and ``room_hand_id``
(the writer keys their rows by the hand's number: ``declare.Keyed``); a reader that wants them takes them from
``hands`` by ``_hand_ix`` (``flags.with_hand_key``). A table whose rows come
from several record types (``Table.variants``) keeps one list per type; its batch is put back in the
order the rows were added (by ``_hand_ix`` and ``Table.batch_order``, a stable sort).
"""

from __future__ import annotations

from typing import Any

import pyarrow as pa
# ``sort_indices`` needs pyarrow.compute (~35 ms to import): loaded here, in the pool's preloaded module, not per worker
import pyarrow.compute as pc

from badugi.analytics import descriptor_api as _descriptor_api
from badugi.analytics.columnar import built_arrays, hand_indexes, joined_arrays
from badugi.analytics.declare import FromHand, Table
from badugi.analytics.tables import DECLARED
from badugi.analytics.tables.events import ACTIONS, SHOWDOWNS, Shown
from badugi.analytics.tables.hands import HANDS
from badugi.analytics.tables.outcomes import VIOLATIONS
from badugi.engine.evaluator import STARS_LABELS, class_of
from badugi.engine.record import Collect, Deal, Draw, DrawDeal, Hand, Muck, Show
from badugi.engine.replay_model import Holdings, PlayerFacts
from badugi.engine.violations import Violation
from badugi.parsers.results import ParseFailure, Skipped
from badugi.parsers.tournament_record import TournamentSummary

HAND_IX = "_hand_ix"
SHOWN_ROUND = 4

BATCH_TABLES: tuple[Table, ...] = tuple(table for table in DECLARED if table.in_batch)
HAND_LEVEL = frozenset(table.name for table in BATCH_TABLES if table.per_hand)


def _batch_schema(table: Table) -> pa.Schema:
    schema = table.batch_schema()
    return schema.append(pa.field(HAND_IX, pa.int32())) if table.per_hand else schema


BATCH_SCHEMAS: dict[str, pa.Schema] = {table.name: _batch_schema(table) for table in BATCH_TABLES}
"""Each batch table: ``Table.batch_columns`` (a keyed child: no hand key), plus ``_hand_ix`` on hand-level
tables."""


def _width(table: Table) -> int:
    """Values per row in a table's flat list: its sources, then ``_hand_ix`` (not for ``hands``: its
    row number)."""
    return len(table.sources) + (table.per_hand and table is not HANDS)


for _table in BATCH_TABLES:  # the row builder relies on these: the hand key first, left out of the batch
    if _table.per_hand and _table is not HANDS and [type(c.value) for c in _table.columns[:2]] != [FromHand] * 2:
        raise ValueError(f"{_table.name}: a hand-level table starts with hand_key_columns()")


class Columns:
    """Every table's rows of one batch, as flat lists of their sources (see the module docstring)."""

    def __init__(self) -> None:
        self.rows: dict[str, list[Any]] = {table.name: _reserved(table.name) for table in BATCH_TABLES
                                            if not table.variants}
        self.variant_rows: dict[str, dict[type, list[Any]]] = {
            table.name: {variant: _reserved((table.name, variant)) for variant in table.variants}
            for table in BATCH_TABLES if table.variants}
        self.hands = 0
        self.action_rows: dict[type, list[Any]] = self.variant_rows["actions"]
        """Each event type stored in ``actions``, with its rows."""
        findings, showdowns = self.variant_rows[VIOLATIONS.name], self.variant_rows[SHOWDOWNS.name]
        self.hand_lists: tuple[list[Any], ...] = (
            self.rows["hands"], self.rows["hand_players"], self.rows["holdings"], self.rows["pots"],
            findings[Violation], findings[str])
        """The lists ``add_hand`` extends, read at once (one attribute, where each table's list was looked up by name
        for each hand)."""
        self.variant_tags: dict[str, list[int]] = {ACTIONS.name: _reserved((ACTIONS.name, int)),
                                                   SHOWDOWNS.name: _reserved((SHOWDOWNS.name, int))}
        """The variant (its place in ``Table.variants``) of each row of ``actions`` and ``showdowns``, in the order the
        rows were added: their batch's order, read as it is (``_joined_variants``) where merging the variants'
        rows by hand and ``seq`` cost ~180 instructions a row (``descriptor_api.merged_tags``)."""
        self.event_lists: tuple[Any, ...] = (tuple(self.action_rows), tuple(self.action_rows.values()), showdowns[Show],
                                             showdowns[Muck], self.rows["collects"], self.rows["draws"],
                                             self.variant_tags[ACTIONS.name], self.variant_tags[SHOWDOWNS.name])
        """The lists ``_add_events`` extends: ``actions`` ' event types and their lists, in the same order (an event's
        type is found among them by identity: compiled, a few pointer comparisons, where looking it up in
        ``action_rows`` hashed the type and probed the dict for every event, ~140 instructions; callgrind, rows
        alone: dict lookups 5.3k -> 2.4k, the loop's own code +2.1k with ``variant_tags`` ' appends), then the
        others'."""

    def add(self, table: str, *sources: Any) -> None:
        """One row of a table without variants, given as its declared sources (hot loops bind
        ``rows[table].extend`` instead)."""
        self.rows[table].extend(sources)

    def to_arrow(self) -> dict[str, pa.Table]:
        """One Arrow table per store table (empty tables included, so every batch has the same shape)."""
        self.sized()
        hands = built_arrays(HANDS, self.rows["hands"], _width(HANDS))
        out = {"hands": pa.Table.from_arrays([*hands, pa.array(range(self.hands), pa.int32())],
                                             schema=BATCH_SCHEMAS["hands"])}
        for table in BATCH_TABLES:
            if table is HANDS:
                continue
            if table.variants:
                out[table.name] = _joined_variants(table, self.variant_rows[table.name],
                                                   self.variant_tags.get(table.name))
            else:
                out[table.name] = _batch_table(table, self.rows[table.name])
        return out


    def sized(self) -> None:
        """Each list's size, kept as the room the next batch's list is made with (``_reserved``)."""
        for name, flat in self.rows.items():
            _SIZES[name] = len(flat)
        for name, variants in self.variant_rows.items():
            for variant, flat in variants.items():
                _SIZES[(name, variant)] = len(flat)
        for name, tags in self.variant_tags.items():
            _SIZES[(name, int)] = len(tags)


_SIZES: dict[Any, int] = {}
"""Each of ``Columns`` ' lists (a table's name, or its name and a variant, or ``int`` for its rows' tags): its size in
the last batch made Arrow tables."""


def _reserved(key: Any) -> list[Any]:
    """An empty list with room for a quarter more items than the same list had in the last batch
    (``descriptor_api.reserved``): a batch's rows are then added in place, where a list grown as it goes by an eighth
    of its size at a time was moved (``realloc``'s copy) again and again, the batch's lists growing side by side
    (callgrind, rows alone: ~4k instructions a hand)."""
    n = _SIZES.get(key, 0)
    return _descriptor_api.reserved(n + (n >> 2))


def _batch_table(table: Table, flat: list[Any], variant: type | None = None) -> pa.Table:
    if not flat:  # (no rows: no column to build; most batches have no tournament, reject or violation)
        return pa.Table.from_batches([], schema=BATCH_SCHEMAS[table.name])
    width = _width(table)
    arrays = built_arrays(table, flat, width, variant)
    if table.per_hand:
        hand_ix = hand_indexes(flat, width)
        arrays = [*arrays, hand_ix]
    return pa.Table.from_arrays(arrays, schema=BATCH_SCHEMAS[table.name])


def _joined_variants(table: Table, rows: dict[type, list[Any]], tags: list[int] | None = None) -> pa.Table:
    """The variants' rows as one batch table, in the order they were added (a stable sort by hand and
    ``batch_order``): put in that order in C (``joined_arrays``) by ``tags`` (each row's variant, by its place in
    ``rows``, as ``Columns.variant_tags`` recorded them) where they tell every row, else by merging the variants'
    rows, else sorted by Arrow."""
    filled = [(variant, flat) for variant, flat in rows.items() if flat]
    if not filled:
        return _batch_table(table, [])
    if len(filled) == 1:
        variant, flat = filled[0]
        return _batch_table(table, flat, variant)
    width = _width(table)
    joined = joined_arrays(table, filled, width, _filled_tags(rows, tags, width))
    if joined is not None:
        built, hand_ix = joined
        return pa.Table.from_arrays([*built, hand_ix], schema=BATCH_SCHEMAS[table.name])
    parts = [built_arrays(table, flat, width, variant) for variant, flat in filled]
    built = [pa.concat_arrays(list(arrays)) for arrays in zip(*parts)]
    hand_ix = pa.concat_arrays([hand_indexes(flat, width) for _, flat in filled])
    names = [c.name for c in table.columns[2:]]
    order = pc.sort_indices(pa.table([hand_ix, *(built[names.index(name)] for name in table.batch_order)],
                                     names=[HAND_IX, *table.batch_order]),
                            sort_keys=[(HAND_IX, "ascending"), *((name, "ascending") for name in table.batch_order)])
    hand_ix = hand_ix.take(order)
    arrays = [*(array.take(order) for array in built), hand_ix]
    return pa.Table.from_arrays(arrays, schema=BATCH_SCHEMAS[table.name])


def _filled_tags(rows: dict[type, list[Any]], tags: list[int] | None, width: int) -> bytearray | None:
    """``tags`` as ``joined_arrays`` takes them: each row's place among the variants that have rows, one byte a
    row; ``None`` where they do not tell each variant's rows (rows added some other way)."""
    if tags is None or len(rows) > 255:
        return None
    try:
        found = bytearray(tags)
    except (TypeError, ValueError):
        return None
    places = bytearray(256)
    filled = 0
    for place, flat in enumerate(rows.values()):
        if found.count(place) * width != len(flat):
            return None
        places[place] = filled
        filled += bool(flat)
    return found.translate(places) if filled < len(rows) else found


def add_skipped(columns: Columns, item: Skipped) -> None:
    columns.add("skipped", item)


def add_reject(columns: Columns, item: ParseFailure) -> None:
    columns.add("rejects", item)


def add_summary(columns: Columns, item: TournamentSummary) -> None:
    """A tournament summary: one ``tournaments`` row and one ``tournament_results`` row per result."""
    columns.add("tournaments", item)
    add_result = columns.rows["tournament_results"].extend
    for placing in item.placings:
        add_result((item, placing))


def add_internal_reject(columns: Columns, hand: Hand, code: str, message: str, raw: str = "") -> None:
    """A hand the reader read but a later stage could not process: kept as a reject, never dropped."""
    columns.add("rejects", ParseFailure(code, hand.room, hand.hand_id, hand.source.file, hand.source.line, None,
                                        hand.source.offset, message, raw=raw))


def add_hand(columns: Columns, hand: Hand, replay: Any | None) -> None:
    """Every row of one hand. ``replay`` is the engine's ``Replay`` (``None`` when it could not run).
    Each row is its table's declared sources, in order, then the hand's index in the batch."""
    ix = columns.hands
    columns.hands += 1
    hand_rows, player_rows, holding_rows, pot_rows, violation_rows, undetermined_rows = columns.hand_lists
    _descriptor_api.push2(hand_rows, hand, replay)
    collected = _add_events(columns, hand, ix)
    facts = {}
    if replay is not None:
        players = replay.players
        for f in players:
            facts[_descriptor_api.field(f, _PLAYER)] = f
    for seat in hand.seats:
        player = seat.player
        _descriptor_api.push5(player_rows, seat, facts.get(player), collected.get(player, 0), hand, ix)
    if replay is not None:
        _add_replay_holdings(holding_rows, players, ix)
    else:
        for (player, round_), cards in sorted(_record_holdings(hand).items()):
            _descriptor_api.push4(holding_rows, player, round_, cards, ix)
    if replay is not None:
        for index, pot in enumerate(replay.pots):
            _descriptor_api.push3(pot_rows, index, pot, ix)
        for violation in replay.violations:
            _descriptor_api.push2(violation_rows, violation, ix)
        for check in replay.undetermined:
            _descriptor_api.push2(undetermined_rows, check, ix)


def _add_events(columns: Columns, hand: Hand, ix: int) -> dict[str, int]:
    """The rows of the log's events (actions, draws, showdowns, collects); returns each player's
    collected total (for ``hand_players``). A draw's row waits for the loop's end: the replacement deal
    the room wrote for it comes after it in the log."""
    deals: dict[tuple[str, int], DrawDeal] = {}
    draws: list[tuple[int, Draw]] = []
    collected: dict[str, int] = {}
    action_types, action_lists, show_rows, muck_rows, collect_rows, draw_rows, action_tags, showdown_tags = \
        columns.event_lists
    types = len(action_types)
    for seq, event in enumerate(hand.events):
        kind = type(event)
        k = 0
        while k < types and action_types[k] is not kind:
            k += 1
        if k < types:
            action_rows = action_lists[k]
            _descriptor_api.push3(action_rows, seq, event, ix)
            _descriptor_api.push1(action_tags, k)
        elif kind is Draw:
            draws.append((seq, event))
        elif kind is Collect:
            collect = event
            collected[collect.player] = collected.get(collect.player, 0) + collect.amount
            _descriptor_api.push3(collect_rows, seq, event, ix)
        elif kind is DrawDeal:
            deal = event
            deals.setdefault((deal.player, deal.draw), event)
        elif kind is Show:
            show = event
            _descriptor_api.push4(show_rows, seq, event, _shown(show.cards), ix)
            _descriptor_api.push1(showdown_tags, _SHOW_TAG)
        elif kind is Muck:
            muck = event
            _descriptor_api.push4(muck_rows, seq, event, _shown(muck.cards) if muck.cards else None, ix)
            _descriptor_api.push1(showdown_tags, _MUCK_TAG)
    for seq, draw in draws:  # (most hands show no replacement deal: no key made then)
        _descriptor_api.push4(draw_rows, seq, draw, deals.get((draw.player, draw.draw)) if deals else None, ix)
    return collected


def _shown(cards: tuple[Any, ...]) -> Shown | None:
    """The evaluator's class and PokerStars-style label of shown cards (four distinct cards only). The
    class alone names the label (``evaluate`` would also find the counted cards, which no column holds).
    Distinct is six comparisons, not a set built; the class's ``Shown`` is read from ``_SHOWN_BY_CLASS``."""
    if len(cards) != 4:
        return None
    a, b, c, d = cards
    if a == b or a == c or a == d or b == c or b == d or c == d:
        return None
    return _SHOWN_BY_CLASS[class_of(cards)]


_SHOW_TAG = list(SHOWDOWNS.variants).index(Show)
_MUCK_TAG = list(SHOWDOWNS.variants).index(Muck)
if list(ACTIONS.variants) != list(Columns().action_rows):
    raise TypeError("rows._add_events tags an action by its type's place in Columns.action_rows: ACTIONS.variants'")

_LABELS: tuple[str, ...] = STARS_LABELS
"""Each class's ``label`` (PokerStars style), by class number (``evaluator.STARS_LABELS``), where ``label`` built each
shown hand's text again from its class (~3k instructions a call; callgrind, worker path: ``_shown`` 8.8k -> under 2k
instructions a hand)."""


_SHOWN_BY_CLASS: tuple[Shown, ...] = tuple(Shown(cls, label) for cls, label in enumerate(_LABELS))
"""Each class's ``Shown`` (its class and label), by class number: built once here (1,093 values), where
``_shown`` built one for each shown hand through ``tuple.__new__`` called as a Python object (callgrind, rows
alone: ``_shown`` 4.6k -> 3.2k instructions a hand). A row's ``Shown`` is read, never changed (a tuple)."""


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
# A player's facts and holdings are read by their fields' places (compiled: ``PyTuple_GET_ITEM``, where a
# ``NamedTuple`` field's name is looked up on its type for each read: callgrind, worker path, ``add_hand``).
_PLAYER = PlayerFacts._fields.index("player")
_HOLDINGS = PlayerFacts._fields.index("holdings")
_DEALT = Holdings._fields.index("dealt")
_AFTER = Holdings._fields.index("after")
_SHOWN = Holdings._fields.index("shown")


def _add_replay_holdings(holding_rows: list[Any], players: tuple[Any, ...], ix: int) -> None:
    """The ``holdings`` rows of a replayed hand, by player then round (as a sort of ``(player, round)``
    keys would order them). Only the few players whose cards the log shows are ordered, by name; each one's
    rounds are already in order. Measured (callgrind, mixed corpus): sorting every (player, round) item took
    ~11.7k instructions a hand with several players' cards known (about half the hands)."""
    known = []  # (player, its holdings) of each player whose cards the log shows (most players': none)
    nothing = _NOTHING_KNOWN  # the last value found equal to it: the replay shares one (compared by identity first)
    for facts in players:
        h = _descriptor_api.field(facts, _HOLDINGS)
        if h is nothing:
            continue
        if h == _NOTHING_KNOWN:
            nothing = h
            continue
        if len(_descriptor_api.field(h, _AFTER)) != 3:  # (never from the replay: every holding has three draws)
            _add_sorted_holdings(holding_rows, players, ix)
            return
        known.append((_descriptor_api.field(facts, _PLAYER), h))
    if len(known) > 1:
        known.sort(key=_by_player)
        for k in range(1, len(known)):
            if known[k][0] == known[k - 1][0]:  # a name twice: the later one's rounds replace the earlier's
                _add_sorted_holdings(holding_rows, players, ix)
                return
    for player, h in known:
        after = _descriptor_api.field(h, _AFTER)
        dealt = _descriptor_api.field(h, _DEALT)
        shown = _descriptor_api.field(h, _SHOWN)
        if dealt is not None:
            _descriptor_api.push4(holding_rows, player, 0, dealt, ix)
        if after[0] is not None:
            _descriptor_api.push4(holding_rows, player, 1, after[0], ix)
        if after[1] is not None:
            _descriptor_api.push4(holding_rows, player, 2, after[1], ix)
        if after[2] is not None:
            _descriptor_api.push4(holding_rows, player, 3, after[2], ix)
        if shown is not None:
            _descriptor_api.push4(holding_rows, player, SHOWN_ROUND, shown, ix)


def _by_player(item: tuple[str, Holdings]) -> str:
    return item[0]


def _add_sorted_holdings(holding_rows: list[Any], players: tuple[Any, ...], ix: int) -> None:
    """``_add_replay_holdings`` in general: every (player, round) gathered, then sorted."""
    held: dict[tuple[str, int], tuple[Any, ...]] = {}
    for facts in players:
        h = facts.holdings
        if h == _NOTHING_KNOWN:  # most players: their cards never show
            continue
        for round_, cards in enumerate((h.dealt, *h.after, h.shown)):
            if cards is not None:
                held[(facts.player, round_)] = cards
    for (player, round_), cards in sorted(held.items()):
        _descriptor_api.push4(holding_rows, player, round_, cards, ix)
