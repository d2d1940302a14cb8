"""The pure-Python twin of the one C call ``facts``' compiled loop makes to build a ``NamedTuple`` record.

``facts.pxd`` cimports ``tuple_api.pxd`` (C only: nothing here is compiled) under the name ``facts.py``
imports this module by: compiled, ``_tuple_api.record(cls, values)`` allocates the record with its type's
``tp_alloc`` and copies the values' items into it in C (what ``tuple.__new__(cls, values)`` does, without
looking up ``tuple.__new__`` and calling it through Python's generic call, which slices its arguments into a
new tuple); run as Python it is ``tuple.__new__``. ``cls`` is a tuple subclass without a ``__new__`` that
matters here (the record is built from its values in field order, not through its generated ``__new__``)
and ``values`` an exact tuple.

``with_item(values, k, value)`` is ``values`` with item ``k`` replaced (``0 <= k < len(values)``, ``values`` an
exact tuple): compiled, one new tuple filled in C (the walk's ``_set_stage``: a star-unpacked tuple of two slices
cost ~900 instructions a call).

``moved(cls, values)`` is ``record(cls, values)`` for a tuple display written in the call: compiled, where the caller
holds the tuple's only reference its items move into the record (the facts' 44-field ``PlayerFacts``: no new reference
each, none dropped as the emptied tuple is freed); any other tuple is copied as ``record`` copies it.
"""

from __future__ import annotations

from typing import Any


def record(cls: type, values: tuple[Any, ...]) -> Any:
    return tuple.__new__(cls, values)


def moved(cls: type, values: tuple[Any, ...]) -> Any:
    return tuple.__new__(cls, values)


def with_item(values: tuple[Any, ...], k: int, value: Any) -> tuple[Any, ...]:
    return values[:k] + (value,) + values[k + 1:]


def item(values: tuple[Any, ...], k: int) -> Any:
    return values[k]
