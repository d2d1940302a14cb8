"""The batch tables' layout: row values are stored flat and cut into columns, the hand key is taken
from ``hands`` by ``_hand_ix``, and ``PlayerFacts`` runs are sliced by field name. A wrong span or
offset would shift every later column, so these pin the layout to the schema's column names."""

from __future__ import annotations

import pyarrow as pa
import pytest
from hypothesis import given
from hypothesis import strategies as st

from badugi.analytics.rows import (
    DRAW_PLAY_FACTS,
    HAND_IX,
    HAND_LEVEL,
    PRE_DRAW_FACTS,
    SHOWDOWN_MONEY_FACTS,
    Columns,
    _column,
    add_hand,
)
from badugi.analytics.schema import HAND_KEY, TABLES, arrow_schema, column_names
from badugi.engine.replay import replay
from badugi.engine.replay_model import PlayerFacts, StreetActions
from tests.analytics.store_fixtures import folded_hand, heads_up_hand


def test_every_hand_level_table_starts_with_the_hand_key() -> None:
    for table in HAND_LEVEL:
        assert tuple(column_names(table)[:2]) == HAND_KEY, table


def test_player_facts_spans_name_the_hand_players_fact_columns_in_order() -> None:
    fields = PlayerFacts._fields
    expected = [
        "position", *fields[PRE_DRAW_FACTS],
        *(f"drawn_{k}" for k in (1, 2, 3)), *(f"stood_pat_{k}" for k in (1, 2, 3)),
        *(f"saw_draw_{k}" for k in (1, 2, 3)),
        *fields[SHOWDOWN_MONEY_FACTS],
        *(f"{name}_{k}" for k in (1, 2, 3) for name in StreetActions._fields),
        *fields[DRAW_PLAY_FACTS],
    ]
    # the columns after the seat line and ``replayed``
    assert expected == column_names("hand_players")[9:]


def test_batch_tables_have_the_store_columns_and_the_hand_key_of_their_hand() -> None:
    columns = Columns()
    hands = [heads_up_hand("1001"), folded_hand("2002"), heads_up_hand("3003", line=30)]
    for hand in hands:
        add_hand(columns, hand, replay(hand))
    tables = columns.to_arrow()
    assert set(tables) == set(TABLES) - {"files"}
    for name, table in tables.items():
        store_schema = arrow_schema(name)
        assert table.schema.names[:len(store_schema)] == store_schema.names, name
        assert table.schema.types[:len(store_schema)] == store_schema.types, name
        if name in HAND_LEVEL:
            assert table.schema.names[-1] == HAND_IX
            for room, hand_id, ix in zip(table.column("room").to_pylist(), table.column("room_hand_id").to_pylist(),
                                         table.column(HAND_IX).to_pylist()):
                assert (room, hand_id) == ("pokerstars", hands[ix].hand_id)
    assert tables["hands"].column(HAND_IX).to_pylist() == [0, 1, 2]
    # counted from the fixtures: heads-up = 2 seats, 2 posts + call, check, bet, call, 2 draws; folded = 2 posts + fold
    assert tables["hand_players"].num_rows == 6
    assert tables["actions"].column("room_hand_id").to_pylist() == ["1001"] * 6 + ["2002"] * 3 + ["3003"] * 6
    assert tables["draws"].num_rows == 4
    players = tables["hand_players"].to_pylist()
    hero = next(p for p in players if p["room_hand_id"] == "3003" and p["player"] == "Hero")
    # Hero drew one card at draw 1, called the flop bet, won the 95 collect; Villain bet after draw 1
    assert (hero["drawn_1"], hero["calls_1"], hero["bets_1"], hero["claimed_collected"]) == (1, 1, 0, 95)
    villain = next(p for p in players if p["room_hand_id"] == "3003" and p["player"] == "Villain")
    assert (villain["drawn_1"], villain["bets_1"], villain["calls_1"], villain["position"]) == (2, 1, 0, "BB")


def test_an_empty_batch_has_every_table_with_no_rows() -> None:
    tables = Columns().to_arrow()
    assert all(table.num_rows == 0 for table in tables.values())
    assert tables["hands"].schema.names[-1] == HAND_IX


@given(st.sampled_from([(pa.int16(), 15), (pa.int32(), 31), (pa.int64(), 63)]).flatmap(
    lambda spec: st.tuples(st.just(spec[0]), st.lists(st.one_of(st.none(), st.integers(-2 ** spec[1], 2 ** spec[1] - 1))))))
def test_integer_columns_equal_arrows_own_conversion(case: tuple[pa.DataType, list[int | None]]) -> None:
    kind, values = case
    assert _column(values, kind).equals(pa.array(values, type=kind))


def test_an_integer_out_of_range_is_arrows_error() -> None:
    with pytest.raises(pa.ArrowInvalid):
        _column([1, 2 ** 15], pa.int16())
