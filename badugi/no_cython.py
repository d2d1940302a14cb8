"""The few ``cython`` names the compiled modules' ``.py`` sources use, as no-ops, for the pure-Python twin
where Cython is not installed (Cython is a build requirement only). A module writes
``try: import cython`` / ``except ImportError: from badugi.no_cython import cython``: compiled, Cython reads
``cython.X`` as its directive (the ``except`` branch is never taken); pure Python, Cython's own shadow module
or this one makes each a decorator that returns the class unchanged."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any


def _unchanged(cls: Any) -> Any:
    return cls


cython = SimpleNamespace(cclass=_unchanged, no_gc=_unchanged)
"""``@cython.cclass`` (an extension type) and ``@cython.no_gc`` (outside the cyclic garbage collector)."""
