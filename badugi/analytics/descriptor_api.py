"""The pure-Python twins of the C calls ``columnar``'s compiled loops make directly (a descriptor's
``tp_descr_get``; an item of a tuple or of a tuple subclass; one field of a list of tuples).

``columnar.pxd`` cimports ``descriptor_api.pxd`` (C only: nothing here is compiled) under the name
``columnar.py`` imports this module by: compiled, ``_descriptor_api.descr_get(descriptor, row, owner)`` calls
the descriptor type's ``tp_descr_get`` slot in C (what ``getattr`` calls once it has found a data descriptor
on the row's type, without finding it again per row); run as Python it is ``descriptor.__get__``, the same
slot. ``attribute_column(rows, descriptor, owner)`` is that call for every row of a list in one C loop
(``None`` for a ``None`` row; ``None`` for the whole where a row is of another type). ``tuple_item(row, k)``
is ``PyTuple_GET_ITEM`` compiled (``row`` a tuple, ``k`` in range: the caller checks both), where Cython
indexes a tuple subclass (a ``NamedTuple``) through its ``mp_subscript`` slot with a Python int made for each
index; as Python it is ``row[k]``. ``tuple_column(rows, k)`` is the list of every row's item ``k``, made by
one C loop (the same checks by the caller). ``field(row, k)`` is ``row[k]``: in C where ``row`` is a tuple
(of any subclass) and ``k`` in range (checked there), else ``PySequence_GetItem``.
"""

from __future__ import annotations

from typing import Any


def descr_get(descriptor: Any, row: Any, owner: type) -> Any:
    return descriptor.__get__(row, owner)


def attribute_column(rows: list[Any], descriptor: Any, owner: type) -> list[Any] | None:
    found: list[Any] = []
    for row in rows:
        if row is None:
            found.append(None)
        elif type(row) is owner:
            found.append(descriptor.__get__(row, owner))
        else:
            return None
    return found


def tuple_item(row: tuple[Any, ...], k: int) -> Any:
    return row[k]


def field(row: tuple[Any, ...], k: int) -> Any:
    return row[k]


def tuple_column(rows: list[tuple[Any, ...]], k: int) -> list[Any]:
    return [row[k] for row in rows]
