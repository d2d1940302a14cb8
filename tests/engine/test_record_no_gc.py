"""The records (``record.py``) and the PokerStars line values (``pokerstars_values.py``) stay out of the cyclic
garbage collector when compiled (``@cython.no_gc``): the collector never tracks, visits nor frees them, which
saves each of the ~50 records a hand the collector's bookkeeping as it is made and freed.

That is only sound because no reference cycle can pass through them: a cycle needs an object that refers to
something made after it, and a record is frozen and holds only immutable values (``None``, ``bool``, ``int``,
``str``, ``datetime``, the enums' members, cards) or tuples of them or other records made before it. This file
checks that property both ways: every field each class declares has such a type, and every record read from
the sample and real files holds only such values, nested. tests/test_compiled.py runs it on the pure-Python
path too (where the classes are ordinary dataclasses, tracked as any Python object)."""

from __future__ import annotations

import ast
import dataclasses
import gc
import importlib.machinery
import io
import re
from datetime import datetime
from pathlib import Path

import pytest

import badugi.engine.record as record
import badugi.parsers.rooms.pokerstars_values as values
from badugi.engine.cards import Card
from badugi.engine.record import EVENT_TYPES, Claims, DrawPot, Hand, Limit, PostKind, Seat, Source, Stakes
from badugi.engine.record import SummarySeat, TimeFlag, Tournament
from badugi.parsers.reader import iter_hand_texts, read_piece
from conftest import REAL_HH, SAMPLES

RECORD_TYPES = (Source, Stakes, Tournament, Seat, *EVENT_TYPES, SummarySeat, DrawPot, Claims, Hand)
VALUE_TYPES = tuple(cls for cls in vars(values).values()
                    if isinstance(cls, type) and cls.__module__ == values.__name__ and dataclasses.is_dataclass(cls))
COMPILED = all(isinstance(module.__spec__.loader, importlib.machinery.ExtensionFileLoader)
               for module in (record, values))

IMMUTABLE = (type(None), bool, int, str, datetime, Card, Limit, TimeFlag, PostKind)
"""The exact types a record's field may hold besides tuples and other records (none refers to anything made
after it: a datetime, an enum member and a card hold only numbers and text)."""

TYPE_NAMES = {"None", "bool", "int", "str", "datetime", "Card", "Cards", "Limit", "TimeFlag", "PostKind", "tuple",
              "Event", *(cls.__name__ for cls in RECORD_TYPES)}
"""The names a field's annotation may be written with: ``IMMUTABLE``'s, ``tuple[...]``, ``Cards`` (a tuple of
cards), ``Event`` (the union of the event records) and the records."""


def test_the_classes_are_found() -> None:
    assert len(RECORD_TYPES) == 23
    assert {"PostLine", "SeatLine", "SummarySeatLine", "PotLine", "NoiseLine"} <= {c.__name__ for c in VALUE_TYPES}
    assert record.Event.__args__ == EVENT_TYPES


def _annotations(module: object) -> dict[str, dict[str, str]]:
    """Each class's field annotations as the module's ``.py`` file writes them (``ast``: a compiled class's
    fields say only ``object``, ``record.field_annotations``)."""
    source = Path(module.__file__).with_name(module.__name__.rsplit(".", 1)[1] + ".py")  # type: ignore[attr-defined]
    tree = ast.parse(source.read_text(encoding="utf-8"))
    return {node.name: {item.target.id: ast.unparse(item.annotation) for item in node.body
                        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)}
            for node in tree.body if isinstance(node, ast.ClassDef)}


@pytest.mark.parametrize("cls", RECORD_TYPES + VALUE_TYPES, ids=lambda c: c.__name__)
def test_every_field_is_declared_immutable(cls: type) -> None:
    written = _annotations(record if cls in RECORD_TYPES else values)
    for f in dataclasses.fields(cls):
        annotation = next(written[base.__name__][f.name] for base in cls.__mro__ if f.name in written.get(base.__name__, {}))
        names = set(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", annotation))
        assert names <= TYPE_NAMES, f"{cls.__name__}.{f.name}: {annotation}"


def _held(value: object, where: str) -> None:
    """Every value ``value`` holds, nested, is immutable, a tuple of such values or a record."""
    if type(value) in RECORD_TYPES:
        for f in dataclasses.fields(value):
            _held(getattr(value, f.name), f"{where}.{f.name}")
    elif type(value) is tuple:
        for k, item in enumerate(value):
            _held(item, f"{where}[{k}]")
    else:
        assert type(value) in IMMUTABLE, f"{where} holds a {type(value).__name__}: {value!r}"


def _files() -> list[Path]:
    found = sorted(p for p in SAMPLES.iterdir() if p.is_file())
    if REAL_HH.exists():
        found += sorted(p for p in REAL_HH.rglob("*") if p.is_file())
    return found


def test_every_read_record_holds_only_immutable_values() -> None:
    hands = 0
    for path in _files():
        for text in iter_hand_texts(io.BytesIO(path.read_bytes())):
            result = read_piece(text, str(path))
            if isinstance(result, Hand):
                _held(result, f"{path.name}:{result.hand_id}")
                hands += 1
    assert hands > 100


@pytest.mark.skipif(not COMPILED, reason="pure Python: the classes are ordinary dataclasses, tracked")
@pytest.mark.parametrize("cls", RECORD_TYPES + VALUE_TYPES, ids=lambda c: c.__name__)
def test_compiled_records_are_not_tracked(cls: type) -> None:
    written = _annotations(record if cls in RECORD_TYPES else values)
    nested = {"Stakes": Stakes(2, 4), "Source": Source("f.txt", 1), "Claims": Claims()}
    required = {}
    for f in dataclasses.fields(cls):
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            annotation = next(written[base.__name__][f.name] for base in cls.__mro__
                              if f.name in written.get(base.__name__, {}))
            required[f.name] = nested.get(annotation, () if annotation.startswith(("tuple", "Cards")) else "x")
    made = cls(**required)
    assert not gc.is_tracked(made)
    assert gc.is_tracked([made])  # (a list is)
