"""badugi: parse, replay, audit and analyse Badugi poker hand histories.

Some hot modules may be compiled (``COMPILED``: Cython builds them from their own ``.py`` files at install
time, when a C compiler is there; see ``setup.py``). They read exactly as the ``.py`` files do, which stay
the fallback: a finder put first on ``sys.meta_path`` (``badugi.compiled``, standard ``importlib`` API)
imports the ``.py`` file instead where ``BADUGI_PURE_PYTHON=1`` is set, or where the ``.py`` file was
edited after it was compiled (with one warning to rebuild: ``pip install -e .``).
"""

from __future__ import annotations

import os
import sys

from .compiled import COMPILED, SourceWhenStale, compiled_modules

__version__ = "0.1.0"

__all__ = ["COMPILED", "PURE_PYTHON", "compiled_modules"]

PURE_PYTHON = os.environ.get("BADUGI_PURE_PYTHON", "") not in ("", "0")
"""Whether the ``.py`` files are imported even where compiled modules exist (``BADUGI_PURE_PYTHON=1``)."""

if not any(isinstance(finder, SourceWhenStale) for finder in sys.meta_path):
    sys.meta_path.insert(0, SourceWhenStale(PURE_PYTHON))
