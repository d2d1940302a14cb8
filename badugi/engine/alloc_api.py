"""The pure-Python twin of the C allocation the compiled replay and settlement make their frozen records with.

``replay.pxd`` and ``settlement.pxd`` cimport ``alloc_api.pxd`` (C only: nothing here is compiled) under the name their
``.py`` files import this module by: compiled, ``_alloc_api.new(cls)`` is the instance ``object.__new__(cls)`` makes
(its type's ``tp_alloc``), made by a C call instead of a call of ``object.__new__`` through Python's protocol (~265
instructions each, three a hand: the ``Replay``, its steps' source and a pot, callgrind); run as Python it is
``object.__new__``. Their fields are then set one by one (``object_api``), as the dataclass's own ``__init__`` would.
"""

from __future__ import annotations

new = object.__new__
