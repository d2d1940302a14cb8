"""``fill_api``: a tuple record made empty, filled item by item, then finished, is the record ``tuple.__new__`` makes
from the same values (the facts' ``PlayerFacts``, the settlement's pot tuples). The pure twin is tested here; the
compiled calls through the replay's records, compared with the pure-Python replay's in ``tests/test_compiled.py``."""

from __future__ import annotations

from badugi.engine import fill_api
from badugi.engine.replay_model import PlayerFacts, StreetActions


def test_a_record_filled_in_any_order_is_the_record_of_its_values() -> None:
    values = (1, 2, 3, 4, 5)
    made = fill_api.new(StreetActions, 5)
    for k in (4, 0, 2, 1, 3):
        fill_api.put(made, k, values[k])
    record = fill_api.done(StreetActions, made)
    assert type(record) is StreetActions and record == StreetActions(*values)


def test_put_bits_stores_each_bit_as_a_bool_in_order() -> None:
    made = fill_api.new(tuple, 10)
    fill_api.put(made, 0, "x")
    fill_api.put_bits(made, 1, 0b10110101, 8)
    fill_api.put(made, 9, None)
    record = fill_api.done(tuple, made)
    assert record == ("x", True, False, True, False, True, True, False, True, None)
    assert all(type(item) is bool for item in record[1:9])


def test_player_facts_fields_the_facts_fill_by_bits_are_in_bit_order() -> None:
    fields = PlayerFacts._fields
    assert fields[5:18] == ("vpip", "pfr", "rfi_opp", "rfi", "limp", "three_bet_opp", "three_bet", "fold_to_3bet_opp",
                            "fold_to_3bet", "steal_opp", "steal", "fold_to_steal_opp", "fold_to_steal")
    assert fields[33:41] == ("pat_known", "snowed", "held_badugi", "broke_badugi", "bet_called", "bet_fewer",
                             "faced_pat", "fold_to_pat")
    assert len(fields) == 44
