"""The record classes (frozen dataclasses, record.py; compiled, extension types whose dataclass Cython
generates) keep everything the dataclass contract promises: parameters and defaults, immutability,
equality, hashing, ``fields``/``replace``/``asdict``, ``match``, pickling; their annotations (``field_types``
reads them for the compiled twin, which keeps none); and nothing in the engine generates code at run time.
tests/test_compiled.py runs this file on the pure-Python path too."""

from __future__ import annotations

import copy
import dataclasses
import importlib.machinery
import inspect
import pickle
import typing
from pathlib import Path

import pytest

import badugi.engine.record as record
from badugi.engine.cards import parse_cards
from badugi.engine.record import (
    EVENT_TYPES, Call, Claims, Draw, DrawPot, Fold, Hand, Limit, Post, PostKind, Raise, Seat, Source, Stakes,
    SummarySeat, Tournament, field_annotations, field_types,
)

RECORD_TYPES = (Source, Stakes, Tournament, Seat, *EVENT_TYPES, SummarySeat, DrawPot, Claims, Hand)
COMPILED = isinstance(record.__spec__.loader, importlib.machinery.ExtensionFileLoader)


def _value_for(name: str, annotation: str) -> object:
    """A value of the annotated type that no other field of the record holds (a nested record for one)."""
    nested = {"Stakes": Stakes(10, 20), "Source": Source("f.txt", 3), "Claims": Claims(total_pot=30)}
    if annotation in nested:
        return nested[annotation]
    if annotation.startswith("tuple"):
        return (name,)
    return f"<{name}>"


@pytest.mark.parametrize("cls", RECORD_TYPES, ids=lambda c: c.__name__)
def test_parameters_are_the_fields_in_order_with_their_defaults(cls: type) -> None:
    fields = dataclasses.fields(cls)
    if not COMPILED:  # the compiled __init__ is a slot wrapper: no signature to read, only its behaviour
        params = list(inspect.signature(cls.__init__).parameters.values())[1:]
        assert [p.name for p in params] == [f.name for f in fields]
    values = {f.name: _value_for(f.name, field_annotations()[cls.__name__][f.name]) for f in fields}
    given = cls(*values.values())  # positionally, in field order
    assert all(getattr(given, name) == value for name, value in values.items())
    assert given == cls(**values)
    required = {f.name: values[f.name] for f in fields
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    assert list(required) == [f.name for f in fields][:len(required)]
    defaulted = cls(**required)
    for f in fields:
        if f.name not in required:
            expected = f.default if f.default is not dataclasses.MISSING else f.default_factory()
            assert getattr(defaulted, f.name) == expected


@pytest.mark.parametrize("cls", RECORD_TYPES, ids=lambda c: c.__name__)
def test_field_types_are_the_annotations_of_each_field_in_order(cls: type) -> None:
    assert set(field_annotations()) == {c.__name__ for c in RECORD_TYPES}
    assert list(field_annotations()[cls.__name__]) == [f.name for f in dataclasses.fields(cls)]
    if not COMPILED:
        assert cls.__annotations__ == field_annotations()[cls.__name__]
        assert typing.get_type_hints(cls) == field_types(cls)
    assert field_types(Hand)["tournament"] == Tournament | None
    assert field_types(Claims)["summary"] == tuple[SummarySeat, ...]


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


def _a_hand() -> Hand:
    return Hand("pokerstars", "7", "badugi", Limit.FIXED, Stakes(10, 20, 5, 10), "USD", Source("f.txt", 3, 120),
                table="T", button=2, tournament=Tournament("99", "I"),
                seats=(Seat(1, "Hero", 1000), Seat(2, "Zoë", 990, note="out of hand")),
                events=(Post("Hero", PostKind.SMALL_BLIND, 5, line=4), Fold("Zoë", 0, 5),
                        Draw("Hero", 1, 2, parse_cards("As 2c"), None, 6), Raise("Hero", 1, None, 40, True, 7)),
                claims=Claims(total_pot=15, side_pots=(3,), summary=(SummarySeat(1, "Hero", "collected", won=15),)))


def test_records_stay_frozen_comparable_and_hashable() -> None:
    fold = Fold("Hero", 1, 12)
    with pytest.raises(AttributeError):  # pure Python: dataclasses.FrozenInstanceError, an AttributeError
        fold.player = "Villain"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del fold.line  # type: ignore[misc]
    assert fold == Fold("Hero", 1, 12) and fold != Fold("Hero", 1, 13)
    assert fold != Call("Hero", 1, 12) and Fold("Hero", 1) != ("Hero", 1, 0)
    assert hash(fold) == hash(Fold("Hero", 1, 12))
    assert dataclasses.replace(fold, line=40) == Fold("Hero", 1, 40)
    assert dataclasses.asdict(fold) == {"player": "Hero", "street": 1, "line": 12}
    assert pickle.loads(pickle.dumps(fold)) == fold and copy.deepcopy(fold) == fold
    assert repr(fold) == "Fold(player='Hero', street=1, line=12)"


def test_a_whole_hand_keeps_the_contract() -> None:
    hand = _a_hand()
    with pytest.raises(AttributeError):
        hand.events = ()  # type: ignore[misc]
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(hand, protocol))
        assert back == hand and type(back) is Hand and back.events[2].discards == parse_cards("As 2c")
    assert hash(_a_hand()) == hash(hand) and _a_hand() == hand and len({hand, _a_hand()}) == 1
    assert dataclasses.replace(hand, hand_id="8") != hand and dataclasses.replace(hand, hand_id="8").seats == hand.seats
    assert dataclasses.asdict(hand)["claims"]["summary"][0]["won"] == 15
    assert dataclasses.is_dataclass(hand) and [f.name for f in dataclasses.fields(hand)][:3] == ["room", "hand_id",
                                                                                                 "game"]
    assert hand.to_dict()["events"][2] == {"type": "draw", "player": "Hero", "draw": 1, "count": 2,
                                           "discards": "As 2c", "held": None, "line": 6}
    assert repr(hand).startswith("Hand(room='pokerstars', hand_id='7', game='badugi', limit=<Limit.FIXED: 'fl'>, "
                                 "stakes=Stakes(small_bet=10, big_bet=20, small_blind=5, big_blind=10, ante=None)")
    assert hand.is_tournament and hand.minor_per_major == 100 and hand.seat_of("Zoë") == Seat(2, "Zoë", 990,
                                                                                            note="out of hand")


def test_a_record_pickles_as_its_class_and_field_values() -> None:
    """The same pickle from both twins (tests/test_compiled.py loads one twin's in the other)."""
    hand = _a_hand()
    assert hand.events[0].__reduce__() == (Post, ("Hero", PostKind.SMALL_BLIND, 5, False, 4))
    assert hand.__reduce__() == (Hand, tuple(getattr(hand, f.name) for f in dataclasses.fields(Hand)))
    assert b"__pyx" not in pickle.dumps(hand) and b"Hand" in pickle.dumps(hand)


def test_class_patterns_match_by_position_and_keyword() -> None:
    seen = []
    for event in _a_hand().events:
        match event:
            case Post(player, kind, amount):
                seen.append(("post", player, kind, amount))
            case Fold(player=player, street=0):
                seen.append(("fold", player))
            case Draw(player, draw, count, discards):
                seen.append(("draw", player, draw, count, discards))
            case Raise(_, _, None, to, all_in=True):
                seen.append(("raise", to))
    assert seen == [("post", "Hero", PostKind.SMALL_BLIND, 5), ("fold", "Zoë"),
                    ("draw", "Hero", 1, 2, parse_cards("As 2c")), ("raise", 40)]
    assert Call.__match_args__ == ("player", "street", "amount", "all_in", "is_total", "line")


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
