"""The batch tables: every column holds what its declaration says, row by row, the hand key (left out of a
child's batch) is taken from ``hands`` by ``_hand_ix``, and rows keep the order they were added in. The
column-wise builder is checked against the plainest reading of a declaration: follow each column's path on
each row."""

from __future__ import annotations

import io
import re
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi.analytics import batch
from badugi.analytics.columnar import column
from badugi.analytics.flags import unpacked, with_hand_key
from badugi.analytics.declare import Combine, Const, FromHand, Table, Take
from badugi.analytics.rows import HAND_IX, HAND_LEVEL, Columns, add_hand, add_internal_reject
from badugi.analytics.schema import HAND_KEY, TABLES, arrow_schema, column_names
from badugi.analytics.tables import BY_NAME
from badugi.engine.policies import CallingStation, Snow, Sound
from badugi.engine.replay import replay
from badugi.engine.simulate import SimConfig, Simulator, room_view
from badugi.parsers.reader import iter_hand_texts
from tests.analytics.store_fixtures import folded_hand, heads_up_hand


def test_every_hand_level_table_starts_with_the_hand_key() -> None:
    for table in HAND_LEVEL:
        assert tuple(column_names(table)[:2]) == HAND_KEY, table


def _shown(tables: dict[str, pa.Table], name: str) -> pa.Table:
    """A batch table as the store shows it: its hand key put back from ``hands``, its flags' bits unpacked."""
    return unpacked(BY_NAME[name], with_hand_key(BY_NAME[name], tables[name], tables["hands"]))


def _follow(value: Any, steps: tuple[Any, ...]) -> Any:
    for step in steps:
        if value is None:
            return None
        value = value[step] if isinstance(step, int) else getattr(value, step)
    return value


def _one_row(value: Any, sources: dict[Any, Any]) -> Any:
    """A column's value on one row, read the slow and obvious way."""
    if isinstance(value, Const):
        return value.value
    if isinstance(value, Combine):
        return value.function(*(_one_row(take, sources) for take in value.takes))
    assert isinstance(value, Take)
    found = _follow(sources[value.source], value.steps)
    if found is not None and value.store is not None:
        found = value.store(found)
    return value.default if found is None else found


def _expected_rows(table: Table, columns: Columns, hand_keys: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """Every row of a batch table computed row by row from the sources the row builder gave."""
    width = len(table.sources) + (table.per_hand and table.name != "hands")
    if table.variants:  # in the order rows were added: by hand, then by their own order
        groups = [(variant, flat) for variant, flat in columns.variant_rows[table.name].items()]
    else:
        groups = [(None, columns.rows[table.name])]
    rows = []
    for variant, flat in groups:
        for start in range(0, len(flat), width):
            sources = dict(zip(table.sources, flat[start:start + width]))
            ix = flat[start + width - 1] if width > len(table.sources) else None
            row = {}
            for col, value in table.values(variant):
                row[col.name] = hand_keys[ix][col.name == "room_hand_id"] if isinstance(value, FromHand) \
                    else _one_row(value, sources)
            if ix is not None:
                row[HAND_IX] = ix
            rows.append(row)
    if table.variants:
        rows.sort(key=lambda r: (r[HAND_IX], *(r[name] for name in table.batch_order)))
    return rows


def _simulated(seed: int, count: int) -> list[Any]:
    sim = Simulator(SimConfig(players=6, policies=(Sound(), CallingStation(), Snow())), seed=seed)
    return [room_view(simulated.hand) for simulated in sim.hands(count)]


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000))
def test_every_column_holds_what_its_declaration_reads_row_by_row(seed: int) -> None:
    columns = Columns()
    hands = _simulated(seed, 12) + [heads_up_hand("1001"), folded_hand("2002")]
    for n, hand in enumerate(hands):
        add_hand(columns, hand, replay(hand) if n % 5 else None)  # some hands without a replay
    tables = columns.to_arrow()
    keys = [(hand.room, hand.hand_id) for hand in hands]
    for name, table in tables.items():
        expected = _expected_rows(BY_NAME[name], columns, keys)
        if name == "hands":
            for ix, row in enumerate(expected):
                row[HAND_IX] = ix
        got = _shown(tables, name).to_pylist()  # (hand_players' booleans are bits: declare.Flags)
        assert got == [{k: _as_stored(v) for k, v in row.items()} for row in expected], name


def _as_stored(value: Any) -> Any:
    """What Arrow gives back for a Python value: lists for tuples, a time as its UTC wall clock."""
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, datetime) and value.tzinfo is not None:
        return value.astimezone(timezone.utc).replace(tzinfo=None)
    return value


def test_batch_tables_have_the_store_columns_and_the_hand_key_of_their_hand() -> None:
    columns = Columns()
    hands = [heads_up_hand("1001"), folded_hand("2002"), heads_up_hand("3003", line=30)]
    for hand in hands:
        add_hand(columns, hand, replay(hand))
    tables = columns.to_arrow()
    assert set(tables) == set(TABLES) - {"files"}
    for name, table in tables.items():
        store_schema = arrow_schema(name)
        batch_schema = BY_NAME[name].batch_schema()
        assert table.schema == (batch_schema.append(pa.field(HAND_IX, pa.int32())) if name in HAND_LEVEL
                                else batch_schema), name
        shown = _shown(tables, name)  # the store's columns (a view of the flags' bits, the key from hands)
        assert shown.schema.names[:len(store_schema)] == store_schema.names, name
        assert shown.schema.types[:len(store_schema)] == store_schema.types, name
        if name in HAND_LEVEL:
            assert table.schema.names[-1] == HAND_IX
            assert name == "hands" or not set(HAND_KEY) & set(table.schema.names), name  # (not sent: from hands)
            for room, hand_id, ix in zip(shown.column("room").to_pylist(), shown.column("room_hand_id").to_pylist(),
                                         shown.column(HAND_IX).to_pylist()):
                assert (room, hand_id) == ("pokerstars", hands[ix].hand_id)
    assert tables["hands"].column(HAND_IX).to_pylist() == [0, 1, 2]
    # counted from the fixtures: heads-up = 2 seats, 2 posts + call, check, bet, call, 2 draws; folded = 2 posts + fold
    assert tables["hand_players"].num_rows == 6
    assert _shown(tables, "actions").column("room_hand_id").to_pylist() == ["1001"] * 6 + ["2002"] * 3 + ["3003"] * 6
    assert tables["actions"].column("action").to_pylist()[:9] == [
        "post", "post", "call", "check", "bet", "call", "post", "post", "fold"]
    assert tables["actions"].column("raise_to").to_pylist()[4] == 25  # a bet is also its own raise-to
    assert tables["draws"].num_rows == 4
    players = _shown(tables, "hand_players").to_pylist()
    hero = next(p for p in players if p["room_hand_id"] == "3003" and p["player"] == "Hero")
    # Hero drew one card at draw 1, called the flop bet, won the 95 collect; Villain bet after draw 1
    assert (hero["drawn_1"], hero["calls_1"], hero["bets_1"], hero["claimed_collected"]) == (1, 1, 0, 95)
    assert (hero["is_hero"], hero["replayed"], hero["position"], hero["drawn_2"]) == (True, True, "BTN", None)
    villain = next(p for p in players if p["room_hand_id"] == "3003" and p["player"] == "Villain")
    assert (villain["drawn_1"], villain["bets_1"], villain["calls_1"], villain["position"]) == (2, 1, 0, "BB")
    assert villain["is_hero"] is False
    shows = tables["showdowns"].to_pylist()[:2]  # 8-7-6-5 is class 70: 35 badugis below an 8, 20 + 10 + 4 with one
    assert [(s["player"], s["cards"], s["derived_class"], s["claimed_label"]) for s in shows] == [
        ("Villain", "5s 6d 7h 8c", 70, "Badugi: 8,7,6,5"), ("Hero", "As 2d 3h 4c", 1, "Badugi: 4,3,2,A")]


def test_flags_and_counts_packed_a_group_at_a_time_fall_back_column_by_column() -> None:
    """``hand_players`` ' flags and counts sharing a path but its last step are packed in one pass
    (``descriptor_api.path_group``); where a row is not for that pass (facts, or a round's counts, of another
    type than the first row's), every column of the group is packed the general way, as the row-by-row reading
    gives it, the rows before it included; a player the replay left out (facts ``None``) has none known."""
    from badugi.engine.replay_model import PlayerFacts, StreetActions

    class Facts(PlayerFacts):  # other types: not the pass's
        pass

    class Counted(StreetActions):
        pass

    hands = [heads_up_hand("1001"), folded_hand("2002")]
    columns = Columns()
    for hand in hands:
        add_hand(columns, hand, replay(hand))
    flat = columns.rows["hand_players"]
    width = len(BY_NAME["hand_players"].sources) + 1
    second = flat[1 + width]
    assert flat[1] is not None and second is not None and flat[1 + 2 * width] is not None
    streets = (second.streets[0], Counted(*second.streets[1]), second.streets[2])
    flat[1 + width] = Facts(*second._replace(vpip=not second.vpip, won=None, streets=streets))
    flat[1 + 2 * width] = None
    tables = columns.to_arrow()
    expected = _expected_rows(BY_NAME["hand_players"], columns, [(h.room, h.hand_id) for h in hands])
    got = _shown(tables, "hand_players").to_pylist()
    assert got == [{k: _as_stored(v) for k, v in row.items()} for row in expected]
    assert (got[1]["vpip"], got[1]["won"]) == (not second.vpip, None)
    assert got[2]["vpip"] is None and got[2]["bets_1"] is None and got[2]["replayed"] is False


def test_variant_rows_added_without_their_tags_are_still_put_in_hand_and_seq_order() -> None:
    """``actions`` ' rows are put in their batch's order by the variant ``add_hand`` recorded for each row
    (``Columns.variant_tags``); a row added some other way (no tag) leaves the tags unread, and the rows are
    merged by hand and ``seq`` as before."""
    from badugi.analytics.rows import _filled_tags
    from badugi.engine.record import Fold

    hands = [heads_up_hand("1001"), folded_hand("2002")]
    columns = Columns()
    for hand in hands:
        add_hand(columns, hand, replay(hand))
    actions = BY_NAME["actions"]
    width = len(actions.sources) + 1
    rows = columns.variant_rows["actions"]
    assert _filled_tags(rows, columns.variant_tags["actions"], width) is not None
    rows[Fold] += [0, Fold("Hero", 0, 1), 1]  # seq 0 of the second hand: before its posts
    assert _filled_tags(rows, columns.variant_tags["actions"], width) is None
    got = _shown(columns.to_arrow(), "actions").to_pylist()
    expected = _expected_rows(actions, columns, [(h.room, h.hand_id) for h in hands])
    assert got == [{k: _as_stored(v) for k, v in row.items()} for row in expected]
    assert [(row["seq"], row["action"]) for row in got if row["room_hand_id"] == "2002"][:2] == [
        (0, "post"), (0, "fold")]  # (ties of hand and seq: in the variants' order, as a stable sort gives them)


def test_a_hand_without_a_replay_keeps_its_record_rows_and_unknown_facts() -> None:
    columns = Columns()
    hand = heads_up_hand("1001")
    add_hand(columns, hand, None)
    add_internal_reject(columns, hand, "internal.replay", "replay failed: boom", "raw text")
    tables = columns.to_arrow()
    head = tables["hands"].to_pylist()[0]
    assert (head["replayed"], head["derived_total_pot"], head["violations"], head["undetermined"]) == (
        False, None, 0, 0)
    assert (head["claimed_side_pots"], head["players"], head["limit_type"]) == (None, 2, "fl")
    for player in _shown(tables, "hand_players").to_pylist():
        assert (player["replayed"], player["position"], player["drawn_1"], player["net"]) == (False, None, None, None)
    # the record's own cards: Hero's deal, his draw, both shows
    assert tables["holdings"].select(["player", "round", "cards", "known"]).to_pylist() == [
        {"player": "Hero", "round": 0, "cards": "As 2d 3h 9c", "known": 4},
        {"player": "Hero", "round": 1, "cards": "As 2d 3h 4c", "known": 4},
        {"player": "Hero", "round": 4, "cards": "As 2d 3h 4c", "known": 4},
        {"player": "Villain", "round": 4, "cards": "5s 6d 7h 8c", "known": 4}]
    assert tables["pots"].num_rows == tables["violations"].num_rows == 0
    reject = tables["rejects"].to_pylist()[0]
    assert (reject["code"], reject["room_hand_id"], reject["col"], reject["expected"], reject["raw"]) == (
        "internal.replay", "1001", None, None, "raw text")


def test_an_empty_batch_has_every_table_with_no_rows() -> None:
    tables = Columns().to_arrow()
    assert all(table.num_rows == 0 for table in tables.values())
    assert tables["hands"].schema.names[-1] == HAND_IX


@given(st.sampled_from([(pa.int16(), 15), (pa.int32(), 31), (pa.int64(), 63)]).flatmap(
    lambda spec: st.tuples(st.just(spec[0]), st.lists(st.one_of(st.none(), st.integers(-2 ** spec[1], 2 ** spec[1] - 1))))))
def test_integer_columns_equal_arrows_own_conversion(case: tuple[pa.DataType, list[int | None]]) -> None:
    kind, values = case
    assert column(values, kind).equals(pa.array(values, type=kind))
    assert column(tuple(values), kind).equals(pa.array(values, type=kind))  # a field split by zip


@given(st.one_of(
    st.tuples(st.just(pa.bool_()), st.lists(st.one_of(st.none(), st.booleans()), max_size=80)),
    st.tuples(st.just(pa.string()), st.lists(st.one_of(st.none(), st.text(max_size=6)), max_size=40)),
    st.tuples(st.just(pa.float64()), st.lists(st.one_of(st.none(), st.floats(allow_nan=False)), max_size=40))))
def test_boolean_string_and_float_columns_equal_arrows_own_conversion(case: tuple[pa.DataType, list[Any]]) -> None:
    """Their buffers are built without Arrow's converter (a bitmap, joined UTF-8 and its offsets, packed
    doubles): the same arrays, nulls included, whatever the length (bitmaps end mid-byte) and text."""
    kind, values = case
    expected = pa.array(values, type=kind)
    for given in (values, tuple(values)):
        built = column(given, kind)
        built.validate(full=True)
        assert built.equals(expected) and built.null_count == expected.null_count


@given(st.one_of(
    st.tuples(st.just(pa.timestamp("us")), st.lists(st.one_of(st.none(), st.datetimes(timezones=st.just(timezone.utc))),
                                                    max_size=30)),
    st.tuples(st.just(pa.timestamp("us")), st.lists(st.one_of(st.none(), st.datetimes()), max_size=5)),  # naive
    st.tuples(st.just(pa.list_(pa.string())),
              st.lists(st.one_of(st.none(), st.lists(st.one_of(st.none(), st.text(max_size=4)), max_size=4)),
                       max_size=20)),
    st.tuples(st.just(pa.list_(pa.int64())),
              st.lists(st.one_of(st.none(), st.lists(st.one_of(st.none(), st.integers(-2 ** 63, 2 ** 63 - 1)),
                                                     max_size=4).map(tuple)), max_size=20))))
def test_time_and_list_columns_equal_arrows_own_conversion(case: tuple[pa.DataType, list[Any]]) -> None:
    """A UTC time is packed as its microseconds since the epoch, a list column as its offsets and its items'
    column (other times go to Arrow's converter): the same arrays, nulls included."""
    kind, values = case
    expected = pa.array(values, type=kind)
    built = column(values, kind)
    built.validate(full=True)
    assert built.equals(expected) and built.null_count == expected.null_count


def test_a_list_item_a_list_column_cannot_hold_is_arrows_error() -> None:
    for values, kind in (([[1], [2 ** 70]], pa.list_(pa.int64())), ([["a"], [1]], pa.list_(pa.string()))):
        with pytest.raises(Exception) as expected:  # noqa: PT011 - whatever Arrow raises, the same
            pa.array(values, type=kind)
        with pytest.raises(expected.type, match=re.escape(str(expected.value))):
            column(values, kind)
    values = [["a"], "b"]  # Arrow reads a str as a list of its characters: so does the column
    assert column(values, pa.list_(pa.string())).equals(pa.array(values, type=pa.list_(pa.string())))


def test_a_value_of_another_type_is_arrows_error_in_a_boolean_or_string_column() -> None:
    for values, kind in (([True, 2], pa.bool_()), ([False, "x"], pa.bool_()), (["a", 1], pa.string()),
                         ([None, "a", 1], pa.string())):
        with pytest.raises((pa.ArrowInvalid, pa.ArrowTypeError)):
            column(values, kind)


def test_a_value_that_is_no_int_is_read_as_arrow_reads_it() -> None:
    assert column([1, 2.5], pa.int64()).equals(pa.array([1, 2.5], type=pa.int64()))  # Arrow's own truncation
    with pytest.raises(pa.ArrowInvalid):
        column([1, "2"], pa.int32())


def test_an_integer_out_of_range_is_arrows_error() -> None:
    with pytest.raises(pa.ArrowInvalid):
        column([1, 2 ** 15], pa.int16())


def test_a_count_field_holds_every_smallint_count_and_refuses_what_a_smallint_column_refused() -> None:
    """``hand_players`` ' street counts are fields (``declare.Fields``): 0..32767 and NULL come back as they went
    in (Arrow's conversion first for a value of another type), a count past a SMALLINT is Arrow's error."""
    from badugi.analytics.columnar import _field_column

    players = BY_NAME["hand_players"]
    word, shift, bit = players.field_place("raises_2")
    for values, expected in (([0, 32767, None, 5], [0, 32767, None, 5]), ([2.5, None], [2, None])):
        words, known = bytearray(8 * len(values)), bytearray(8 * len(values))
        _field_column(values, shift, bit, memoryview(words).cast("q"), memoryview(known).cast("q"), "raises_2")
        batch = pa.table({word: pa.Array.from_buffers(pa.int64(), len(values), [None, pa.py_buffer(words)]),
                          "counts_known": pa.Array.from_buffers(pa.int64(), len(values), [None, pa.py_buffer(known)])})
        packed = {"room": pa.nulls(len(values), pa.string()), "room_hand_id": pa.nulls(len(values), pa.string())}
        packed |= {name: batch.column(name) if name in batch.schema.names else pa.nulls(len(values), pa.int64())
                   for name, _ in players.batch_columns}
        assert unpacked(players, pa.table(packed)).column("raises_2").to_pylist() == expected
    views = [memoryview(bytearray(16)).cast("q") for _ in range(2)]
    with pytest.raises(pa.ArrowInvalid):
        _field_column([1, 2 ** 15], shift, bit, *views, "raises_2")
    with pytest.raises(pa.ArrowTypeError):
        _field_column([1, True], shift, bit, *views, "raises_2")
    with pytest.raises(ValueError, match="below 0"):
        _field_column([1, -1], shift, bit, *views, "raises_2")


def test_a_batch_made_arrow_every_few_hands_is_the_batch_made_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``process_hands`` turns its records into Arrow columns every ``ARROW_EVERY`` hands (memory); the
    joined batch is the one built at once, ``_hand_ix`` included."""
    data = (Path(__file__).parent.parent.parent / "sample_histories" / "pokerstars_fl_cash_6max.txt").read_bytes()
    texts = list(iter_hand_texts(io.BytesIO(data)))[:23]
    whole, _ = batch.process_hands(texts, "f.txt")
    monkeypatch.setattr(batch, "ARROW_EVERY", 5)
    pieces, _ = batch.process_hands(texts, "f.txt")
    assert whole["hands"].num_rows == 23 and whole["actions"].num_rows > 23
    for name, table in whole.items():
        assert pieces[name].combine_chunks().equals(table.combine_chunks()), name


def test_a_replay_crash_in_a_run_keeps_the_hand_and_its_text_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """``process_hands`` replays a run's hands after reading them all: a crash on one hand (the ninth of
    23, in the second run of 5) is an ``internal.replay`` reject with that hand's text, the hand is kept
    unreplayed, and every other hand is replayed and stored in file order."""
    data = (Path(__file__).parent.parent.parent / "sample_histories" / "pokerstars_fl_cash_6max.txt").read_bytes()
    texts = list(iter_hand_texts(io.BytesIO(data)))[:23]
    ninth = texts[8]

    def crash_on_the_ninth(hand: Any) -> Any:
        if hand.source.line == ninth.first_line:
            raise RuntimeError("boom")
        return replay(hand)

    monkeypatch.setattr(batch, "replay", crash_on_the_ninth)
    monkeypatch.setattr(batch, "ARROW_EVERY", 5)
    tables, kept = batch.process_hands(texts, "f.txt")
    assert kept
    hands = tables["hands"].to_pylist()
    assert [h["line"] for h in hands] == [t.first_line for t in texts]
    assert [h["replayed"] for h in hands] == [k != 8 for k in range(23)]
    (reject,) = tables["rejects"].to_pylist()
    assert (reject["code"], reject["raw"]) == ("internal.replay", ninth.text)
    assert "RuntimeError('boom')" in reject["message"]


class _Slotted:
    __slots__ = ("name",)

    def __init__(self, name: Any) -> None:
        self.name = name


class _Hooked(_Slotted):
    __slots__ = ()

    def __getattribute__(self, name: str) -> Any:
        return "hooked" if name == "name" else object.__getattribute__(self, name)


class _Plain:
    def __init__(self, name: Any) -> None:
        self.name = name


class _Property:
    @property
    def name(self) -> str:
        return "property"


def test_a_columns_attributes_are_getattr_of_each_row_whatever_the_rows_types() -> None:
    """The attribute loop calls a field's descriptor found once per type: rows of mixed types, ``None`` rows,
    a type of its own ``__getattribute__``, instance dicts and properties all read as ``getattr`` reads them."""
    from badugi.analytics.columnar import _attributes, _data_descriptor

    rows = [_Slotted(1), None, _Hooked(2), _Plain(3), _Property(), _Slotted("x"), _Plain(None), None]
    assert _attributes(rows, "name") == [None if row is None else row.name for row in rows]
    assert _attributes(rows, "name")[2] == "hooked"
    assert _data_descriptor(_Slotted, "name") is _Slotted.__dict__["name"]
    assert _data_descriptor(_Hooked, "name") is None and _data_descriptor(_Plain, "name") is None
    with pytest.raises(AttributeError):
        _attributes([_Slotted(1), _Plain(2)], "other")


def test_each_store_function_called_as_itself_gives_what_the_function_gives() -> None:
    """``_stored`` calls the declarations' usual store functions directly (compiled: C calls): each value's
    stored form as the function's own documented result, ``None`` kept, and a value the C card writer does not
    take (a list of cards is taken, a ``range`` is not) joined by ``format_cards`` itself."""
    from enum import Enum

    from badugi.analytics.columnar import (_stored, amounts_text, enum_text, is_zero, paid_amounts, paid_players,
                                           seated)
    from badugi.engine.cards import format_cards

    class Color(str, Enum):
        RED = "red"

    seat = heads_up_hand().seats[0]
    # cards 0..51 as rank * 4 + suit: 0 = Ac, 5 = 2d, 10 = 3h, 51 = Ks
    assert _stored([(0, 5, 10), None, [51], range(2), ()], format_cards) == ["Ac 2d 3h", None, "Ks", "Ac Ad", ""]
    assert _stored([(1, 2), None, "abc", ()], len) == [2, None, 3, 0]
    assert _stored([Color.RED, None, "plain"], enum_text) == ["red", None, "plain"]
    assert _stored([0, 3, None], is_zero) == [True, False, None]
    assert _stored([(seat, seat), None], seated) == [0 if seat.sitting_out else 2, None]
    assert _stored([(("a", 5), ("b", 7)), None], paid_players) == [["a", "b"], None]
    assert _stored([(("a", 5), ("b", 7)), None], paid_amounts) == [[5, 7], None]
    assert _stored([(100, 250), (), None], amounts_text) == ["100 250", None, None]
    assert _stored([1, None, 2], str) == ["1", None, "2"]


def test_a_combined_column_is_its_function_of_each_rows_values() -> None:
    """``_combined``: ``eq`` of two columns is each pair's ``==`` (a hand's hero against each seat's player,
    ``None`` where the hand has no hero), ``is_none`` each value's identity with ``None`` (``0`` and ``""`` are
    values), any other function mapped over the rows."""
    from operator import eq

    from badugi.analytics.columnar import _combined, is_none, is_present

    assert _combined(eq, [["a", "b", None, "c"], ("a", "a", None, None)]) == [True, False, True, False]
    assert _combined(eq, [[1, 2.0], [1.0, 2]]) == [True, True]
    assert _combined(is_none, [[None, 0, "", None]]) == [True, False, False, True]
    assert _combined(is_present, [[None, 0, "", None, False]]) == [False, True, True, False, True]
    assert _combined(max, [[1, 5], [3, 2]]) == [3, 5]


class _Number(int):
    pass


class _Borrowed:
    real = int.__dict__["real"]  # a getset descriptor of ``int`` in another type's dict


def test_a_columns_getset_fields_are_getattr_of_each_row() -> None:
    """An extension type's field (a getset descriptor) read by its getter in the attribute loop: a seat's fields,
    a field ``int`` defines read on rows of a subclass, and a getset descriptor of another type, which ``getattr``
    refuses (``TypeError``), refused the same."""
    from badugi.analytics.columnar import _attributes

    seats = [*heads_up_hand().seats, None]
    assert _attributes(seats, "player") == [seat.player for seat in seats[:-1]] + [None]
    assert _attributes(seats, "stack") == [seat.stack for seat in seats[:-1]] + [None]
    assert _attributes([_Number(3), None, _Number(-2)], "real") == [3, None, -2]
    assert _attributes([_Number(3), 7], "imag") == [0, 0]
    with pytest.raises(TypeError):
        getattr(_Borrowed(), "real")
    with pytest.raises(TypeError):
        _attributes([_Borrowed()], "real")


def test_variants_rows_gathered_in_their_order_each_as_its_variant_takes_it() -> None:
    """``row_gathered``: each row's value as its variant's spec says (a constant, the next of its computed
    values, the row's source, the source's field by a data descriptor: ``None`` where the source is ``None``), in
    the tags' order; ``None`` where a source is of another type than the descriptor's owner; a getset descriptor
    read on a type it does not belong to refused as ``getattr`` refuses it."""
    from badugi.analytics import descriptor_api

    name = _Slotted.__dict__["name"]  # (a member descriptor: a data descriptor)
    a, b = _Slotted("a"), _Slotted("b")
    first = [10, a, 0, 11, None, 0]  # (seq, row, hand index) rows of one variant
    second = [12, b, 1]
    tags = bytearray([0, 1, 0, 2])
    specs = [(3, first, 1, name, _Slotted), (3, second, 1, name, _Slotted), (0, None, 0, "const", None)]
    assert descriptor_api.row_gathered(tags, specs, 3) == ["a", "b", None, "const"]
    specs = [(2, first, 0, None, None), (1, ["x"], 0, None, None), (2, [7, None, 1], 0, None, None)]
    assert descriptor_api.row_gathered(tags, specs, 3) == [10, "x", 11, 7]
    assert descriptor_api.row_gathered(bytearray([0, 1]), [(3, first, 1, name, _Slotted),
                                                          (3, [1, _Plain(2), 2], 1, name, _Slotted)], 3) is None
    with pytest.raises(IndexError):
        descriptor_api.row_gathered(bytearray([1, 1]), [(0, None, 0, 1, None), (2, second, 0, None, None)], 3)
    with pytest.raises(TypeError):
        descriptor_api.row_gathered(bytearray([0]), [(3, [_Borrowed()], 0, _Borrowed.__dict__["real"], _Borrowed)], 1)


def test_a_shown_hand_is_its_class_and_that_class_label() -> None:
    """``_shown``: four distinct cards give the evaluator's class and its PokerStars label (A-2-3-4: class 1,
    ``Badugi: 4,3,2,A``); fewer cards or a card twice give ``None``."""
    from badugi.analytics.rows import _shown
    from badugi.engine.cards import parse_cards

    assert tuple(_shown(parse_cards("Ac 2d 3h 4s"))) == (1, "Badugi: 4,3,2,A")
    assert _shown(parse_cards("Ac 2d 3h")) is None and _shown(parse_cards("Ac 2d 3h 3h")) is None
    assert tuple(_shown(parse_cards("Kc Kd Kh Ks"))) == (1092, "1-card: K")  # the worst hand: the last class


def test_a_variants_row_of_another_type_is_read_as_getattr_reads_it() -> None:
    """A variant's rows read straight by its type's field descriptor (``row_gathered``) where all are of that
    type; a row of another type (a ``Check`` added among ``actions`` ' ``Fold`` rows) makes the column go the
    general way: each row's field as ``getattr`` gives it, the variant's constants kept."""
    from badugi.engine.record import Check, Fold

    hands = [heads_up_hand("1001"), folded_hand("2002")]
    columns = Columns()
    for hand in hands:
        add_hand(columns, hand, replay(hand))
    fold_place = list(columns.variant_rows["actions"]).index(Fold)
    columns.variant_rows["actions"][Fold] += [99, Check("Odd", 2, 77), 1]
    columns.variant_tags["actions"].append(fold_place)
    got = _shown(columns.to_arrow(), "actions").to_pylist()
    assert {k: got[-1][k] for k in ("room_hand_id", "seq", "player", "line", "street", "action", "all_in")} == {
        "room_hand_id": "2002", "seq": 99, "player": "Odd", "line": 77, "street": 2, "action": "fold",
        "all_in": False}
    assert [row["seq"] for row in got if row["room_hand_id"] == "2002"][-1] == 99


def test_reserved_lists_take_appends_in_place_and_past_their_room() -> None:
    """``descriptor_api.reserved`` is an empty list (with room: compiled); ``push1`` .. ``push5`` append their values in
    order, into the room and past it, as ``extend`` would (a list used below half its room keeps every value)."""
    from badugi.analytics import descriptor_api as api

    rows = api.reserved(8)
    assert rows == [] and type(rows) is list
    api.push3(rows, 1, "a", None)
    api.push1(rows, 2)
    assert rows == [1, "a", None, 2]
    api.push5(rows, 3, 4, 5, 6, 7)  # past the room: 9 values
    api.push2(rows, 8, 9)
    api.push4(rows, (1,), [2], "x", 0)
    assert rows == [1, "a", None, 2, 3, 4, 5, 6, 7, 8, 9, (1,), [2], "x", 0]
    assert rows.pop() == 0 and len(rows) == 14
    plain = api.reserved(0)
    api.push2(plain, None, None)
    assert plain == [None, None]


def test_a_batch_made_after_a_larger_or_smaller_one_has_the_same_tables() -> None:
    """``Columns`` makes its lists with room for the last batch's rows (``rows._reserved``): a batch made after a
    larger one (room to spare) or a smaller one (its lists grow past their room) has exactly the tables a first
    batch has."""
    hands = [heads_up_hand("1001"), folded_hand("2002"), heads_up_hand("3003")]

    def made(some: list[Any]) -> dict[str, pa.Table]:
        columns = Columns()
        for hand in some:
            add_hand(columns, hand, replay(hand))
        return columns.to_arrow()

    first = made(hands[:1])
    many = [hands[i % 3] for i in range(40)]
    assert made(many) == made(many)  # (the second made with room for the first's rows)
    assert made(hands[:1]) == first  # after a larger batch
    again = made(many)  # after a smaller one
    assert all(again[name].num_rows >= first[name].num_rows for name in first)
    assert made(many) == again
