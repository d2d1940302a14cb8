"""The pure-Python twins of the C calls ``columnar``'s compiled loops make directly (a descriptor's
``tp_descr_get``; an item of a tuple or of a tuple subclass).

``columnar.pxd`` cimports ``descriptor_api.pxd`` (C only: nothing here is compiled) under the name
``columnar.py`` imports this module by: compiled, ``_descriptor_api.descr_get(descriptor, row, owner)`` calls
the descriptor type's ``tp_descr_get`` slot in C (what ``getattr`` calls once it has found a data descriptor
on the row's type, without finding it again per row); run as Python it is ``descriptor.__get__``, the same
slot. ``tuple_item(row, k)`` is ``PyTuple_GET_ITEM`` compiled (``row`` a tuple, ``k`` in range: the caller
checks both), where Cython indexes a tuple subclass (a ``NamedTuple``) through its ``mp_subscript`` slot with a
Python int made for each index; as Python it is ``row[k]``.
"""

from __future__ import annotations

from typing import Any


def descr_get(descriptor: Any, row: Any, owner: type) -> Any:
    return descriptor.__get__(row, owner)


def tuple_item(row: tuple[Any, ...], k: int) -> Any:
    return row[k]
