"""The pure-Python twin of the one C API function some compiled modules call directly.

``replay.pxd`` and ``settlement.pxd`` cimport Cython's declarations of CPython's ``object.h``
(``cimport cpython.object as _object_api``) under the name their ``.py`` files import this module by:
compiled, ``_object_api.PyObject_GenericSetAttr(obj, name, value)`` is a C call; run as Python it is
``object.__setattr__``, the same function (``object``'s ``__setattr__`` slot is ``PyObject_GenericSetAttr``).
It sets a field of a frozen slots dataclass the way the dataclass's own ``__init__`` does (``object.__setattr__``
past the class's refusing ``__setattr__``), without a Python call per field.
"""

from __future__ import annotations

PyObject_GenericSetAttr = object.__setattr__
