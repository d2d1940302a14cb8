"""badugi: parse, replay, audit and analyse Badugi poker hand histories.

Some hot modules may be compiled (``COMPILED``: Cython builds them from their own ``.py`` files at install
time, when a C compiler is there; see ``setup.py``). They read exactly as the ``.py`` files do, which
stay the fallback: ``BADUGI_PURE_PYTHON=1`` in the environment imports the ``.py`` files even where
compiled modules were built (a finder put first on ``sys.meta_path``, standard ``importlib`` API).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence

__version__ = "0.1.0"

COMPILED = (
    "badugi.engine.replay", "badugi.engine.table", "badugi.engine.settlement", "badugi.engine.checks",
    "badugi.engine.facts", "badugi.engine.awards", "badugi.engine.evaluator", "badugi.engine.lowball",
    "badugi.engine.cards",
    "badugi.parsers.split", "badugi.parsers.clock", "badugi.parsers.rooms.base", "badugi.parsers.rooms.pokerstars",
    "badugi.parsers.rooms.pokerstars_lines",
    "badugi.analytics.rows", "badugi.analytics.columnar",
)
"""The modules ``setup.py`` compiles (read from here by it): the replay's walk, table, settlement, checks
and facts; the PokerStars reader and the splitter; the store's row builder."""

PURE_PYTHON = os.environ.get("BADUGI_PURE_PYTHON", "") not in ("", "0")
"""Whether the ``.py`` files are imported even where compiled modules exist (``BADUGI_PURE_PYTHON=1``)."""


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Finds the ``.py`` file of a ``COMPILED`` module, so the extension module beside it is not loaded."""

    def find_spec(self, name: str, path: Sequence[str] | None, target: object = None) -> importlib.machinery.ModuleSpec | None:
        if name not in COMPILED or not path:
            return None
        leaf = name.rpartition(".")[2] + ".py"
        for folder in path:
            source = os.path.join(folder, leaf)
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(name, source)
        return None


if PURE_PYTHON:
    sys.meta_path.insert(0, _SourceFirst())


def compiled_modules() -> list[str]:
    """Which ``COMPILED`` modules this process runs compiled (each is imported to find out)."""
    return [name for name in COMPILED
            if isinstance(importlib.import_module(name).__spec__.loader, importlib.machinery.ExtensionFileLoader)]
