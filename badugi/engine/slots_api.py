"""The pure-Python twin of ``slots_api.pxd``: a field of a slots class set through its slot's own descriptor.

``set_slot(descr, obj, value)`` is ``descr.__set__(obj, value)`` for ``descr`` a class's member descriptor
(``Replay.__dict__["hand_id"]``): what ``object.__setattr__(obj, "hand_id", value)`` ends in, without finding the
descriptor by name in the class's MRO first. It sets a field of a frozen slots dataclass past its refusing
``__setattr__``, as the dataclass's own ``__init__`` does. Compiled (``slots_api.pxd``), one C call of the
descriptor's ``tp_descr_set`` slot: callgrind, ~180 instructions a field through ``PyObject_GenericSetAttr``
(its name looked up in the type), ~18 fields a hand (``replay._result``, ``settlement._pot``).
"""

from __future__ import annotations

from typing import Any


def set_slot(descr: Any, obj: object, value: object) -> int:
    descr.__set__(obj, value)
    return 0
