"""The record classes (plain frozen slots dataclasses, record.py) keep everything the dataclass contract
promises: parameters and defaults, immutability, equality, hashing, ``fields``/``replace``/``asdict``,
pickling; and nothing in the engine generates code at run time."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from pathlib import Path

import pytest

from badugi.engine.cards import parse_cards
from badugi.engine.record import (
    EVENT_TYPES, Call, Claims, Fold, Hand, Limit, Seat, Source, Stakes, SummarySeat, Tournament,
)

RECORD_TYPES = (Source, Stakes, Tournament, Seat, *EVENT_TYPES, SummarySeat, Claims, Hand)


@pytest.mark.parametrize("cls", RECORD_TYPES, ids=lambda c: c.__name__)
def test_parameters_are_the_fields_in_order_with_their_defaults(cls: type) -> None:
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    fields = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields):
        if f.default is not dataclasses.MISSING:
            assert p.default == f.default
        elif f.default_factory is dataclasses.MISSING:
            assert p.default is inspect.Parameter.empty


def test_values_land_in_their_fields_and_defaults_fill_the_rest() -> None:
    call = Call("Hero", 2, 50, True, line=17)
    assert (call.player, call.street, call.amount, call.all_in, call.is_total, call.line) == ("Hero", 2, 50, True,
                                                                                            False, 17)
    assert Fold("a", 0) == Fold(player="a", street=0, line=0)
    seat = SummarySeat(3, "Zoë", "showed", cards=parse_cards("As 2c 3d 4h"), won=125)
    assert (seat.position, seat.folded_street, seat.won, seat.net, seat.label, seat.line) == (None, None, 125, None,
                                                                                              None, 0)


def test_a_default_factory_makes_a_fresh_value_per_record() -> None:
    a = Hand("pokerstars", "1", "badugi", Limit.FIXED, Stakes(10, 20), "USD", Source("f", 1))
    b = Hand("pokerstars", "2", "badugi", Limit.FIXED, Stakes(10, 20), "USD", Source("f", 9))
    assert a.claims == Claims() and a.claims is not b.claims
    given = Claims(total_pot=30)
    assert Hand("pokerstars", "1", "badugi", Limit.FIXED, Stakes(10, 20), "USD", Source("f", 1),
                claims=given).claims is given


def test_records_stay_frozen_comparable_and_hashable() -> None:
    fold = Fold("Hero", 1, 12)
    with pytest.raises(dataclasses.FrozenInstanceError):
        fold.player = "Villain"  # type: ignore[misc]
    assert fold == Fold("Hero", 1, 12) and fold != Fold("Hero", 1, 13)
    assert hash(fold) == hash(Fold("Hero", 1, 12))
    assert dataclasses.replace(fold, line=40) == Fold("Hero", 1, 40)
    assert dataclasses.asdict(fold) == {"player": "Hero", "street": 1, "line": 12}
    assert pickle.loads(pickle.dumps(fold)) == fold and copy.deepcopy(fold) == fold


def test_wrong_arguments_are_refused_as_before() -> None:
    with pytest.raises(TypeError):
        Fold("Hero")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Fold("Hero", 1, 2, 3)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Fold("Hero", 1, colour="red")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Fold("Hero", 1, player="x")  # type: ignore[misc]


def test_the_engine_runs_no_generated_code() -> None:
    import badugi.engine

    engine = Path(badugi.engine.__file__).parent
    offenders = [f"{path.name}:{n}" for path in sorted(engine.glob("*.py"))
                 for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if "exec(" in line or "eval(" in line]
    assert offenders == []
