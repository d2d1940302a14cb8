"""The pure-Python twin of the C calls ``facts`` builds its ``NamedTuple`` records with, item by item.

``facts.pxd`` cimports ``fill_api.pxd`` (C only: nothing here is compiled) under the name ``facts.py`` imports this
module by. A record is made empty (``new(cls, n)``), its items set once each in any order (``put``, ``put_bits``),
then finished (``done(cls, made)``):

- compiled, ``new`` allocates the record itself with its type's ``tp_alloc`` (``n`` items, none set yet), ``put``
  stores an item in place (``PyTuple_SET_ITEM``), ``put_bits`` stores ``count`` bools read from the bits of a C
  integer (bit ``i`` -> item ``k + i``) and ``done`` gives the record back: no tuple of the values is built first,
  filled, then emptied into the record and freed (``tuple_api.moved``: ~550 instructions a ``PlayerFacts``,
  callgrind);
- run as Python, ``new`` is a list of ``n`` ``None``, ``put`` and ``put_bits`` set its items and ``done`` is
  ``tuple.__new__(cls, made)``: the same record.

``cls`` is a tuple class (``tuple`` itself, or a ``NamedTuple`` without a ``__new__`` that matters here: the record
is built from its values in field order). Every item is set exactly once, at ``0 <= k < n`` (the caller's
constants), before ``done``; nothing reads the record before.
"""

from __future__ import annotations

from typing import Any


def new(cls: type, n: int) -> list[Any]:
    return [None] * n


def put(made: list[Any], k: int, value: Any) -> int:
    made[k] = value
    return 0


def put_bits(made: list[Any], k: int, bits: int, count: int) -> int:
    for i in range(count):
        made[k + i] = (bits >> i & 1) != 0
    return 0


def done(cls: type, made: list[Any]) -> Any:
    return tuple.__new__(cls, made)
