"""The pure-Python twin of the one descriptor call ``columnar``'s compiled attribute loop makes directly.

``columnar.pxd`` cimports ``descriptor_api.pxd`` (C only: nothing here is compiled) under the name
``columnar.py`` imports this module by: compiled, ``_descriptor_api.descr_get(descriptor, row, owner)`` calls
the descriptor type's ``tp_descr_get`` slot in C (what ``getattr`` calls once it has found a data descriptor
on the row's type, without finding it again per row); run as Python it is ``descriptor.__get__``, the same
slot.
"""

from __future__ import annotations

from typing import Any


def descr_get(descriptor: Any, row: Any, owner: type) -> Any:
    return descriptor.__get__(row, owner)
