"""Which modules run compiled, and when the ``.py`` file is imported instead of the extension module.

``setup.py`` compiles the modules in ``COMPILED`` with Cython from their own ``.py`` files (and, for some,
Cython declarations in a ``.pxd`` file beside it: C types for a class's fields and a function's locals,
which leave the ``.py`` file pure Python) and records, in ``badugi/_compiled_sources.json`` (generated at
build time, never committed), a SHA-256 of what it compiled each one from (``source_hash``). An editable install (``pip install -e .``) leaves the extension modules beside the ``.py``
files, where Python's own finders would prefer them even after the ``.py`` file is edited. So a finder put
first on ``sys.meta_path`` (standard ``importlib`` API) imports the ``.py`` file instead when:

- ``BADUGI_PURE_PYTHON=1`` is set (run the pure-Python twins on purpose);
- the ``.py`` file (or its ``.pxd``, or a module that ``.pxd`` cimports) no longer matches the hash recorded
  when it was compiled, or compiled modules exist with no build record at all (a build from before the
  record existed): the extension module is stale, and one warning names the modules and says to rebuild;
- the last build did not compile the module (``BADUGI_NO_COMPILE=1``, no C compiler, a module Cython
  refused), or a module its ``.pxd`` cimports: an extension module left from an earlier build is
  ignored, silently.

Nothing here is itself compiled (it decides what is).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import re
import warnings
from collections.abc import Sequence
from pathlib import Path

COMPILED = (
    "badugi.engine.replay", "badugi.engine.walk", "badugi.engine.table", "badugi.engine.settlement", "badugi.engine.checks",
    "badugi.engine.checks_showdown",
    "badugi.engine.facts", "badugi.engine.awards", "badugi.engine.evaluator", "badugi.engine.lowball",
    "badugi.engine.cards", "badugi.engine.record", "badugi.engine.allin_ev", "badugi.engine.allin_policy",
    "badugi.engine.allin_hand", "badugi.engine.allin_deals", "badugi.engine.allin_badugi",
    "badugi.engine.twister",
    "badugi.parsers.split", "badugi.parsers.clock", "badugi.parsers.rooms.base", "badugi.parsers.rooms.pokerstars",
    "badugi.parsers.rooms.pokerstars_lines", "badugi.parsers.rooms.pokerstars_values",
    "badugi.analytics.rows", "badugi.analytics.columnar", "badugi.analytics.packing",
)
"""The modules ``setup.py`` compiles (it reads this tuple from here without importing the package): the
replay's walk, table, settlement, checks and facts; the evaluator; the records; the all-in EV's deals,
counters and finding, and its random numbers (``twister``); the PokerStars reader, its line values and the
splitter; the store's row builder and its Arrow columns (their buffers packed by plain loops)."""

PACKAGE_DIR = Path(__file__).resolve().parent
RECORD_NAME = "_compiled_sources.json"
"""The build record ``setup.py`` writes into the package: ``{"modules": {module name: sha256 of its .py}}``."""

STALE_WARNED = "BADUGI_STALE_COMPILED_WARNED"
"""Set in the environment once the staleness warning is given, so pool workers do not repeat it."""


class StaleCompiledWarning(UserWarning):
    """Compiled modules older than their ``.py`` files: the ``.py`` files run until rebuilt."""


CIMPORT = re.compile(r"^\s*(?:from\s+([\w.]+)\s+cimport\b|cimport\s+([\w.]+))", re.M)
"""A ``.pxd`` line that cimports another module (``from badugi.engine.table cimport Table``)."""


def cimported(source: Path) -> list[Path]:
    """The ``.py`` files of the package's modules that the ``.pxd`` beside ``source`` cimports (their
    compiled types are built into this module's extension, so it must be compiled with them)."""
    pxd = source.with_suffix(".pxd")
    if not pxd.is_file():
        return []
    top = next((folder for folder in source.parents if (folder / "compiled.py").is_file()), None)
    found = []
    for match in CIMPORT.finditer(pxd.read_text(encoding="utf-8")):
        parts = (match.group(1) or match.group(2)).split(".")
        if top is not None and parts[0] == top.name and len(parts) > 1:
            found.append(top.joinpath(*parts[1:]).with_suffix(".py"))
    return found


def source_hash(path: Path) -> str:
    """The SHA-256 of what a compiled module is built from (``setup.py`` records the same): its ``.py`` file's
    bytes, the Cython declarations in a ``.pxd`` file beside it if any, and the same of every module that
    ``.pxd`` cimports (an extension module built against another's compiled types is stale with it)."""
    digest = hashlib.sha256()
    seen: set[Path] = set()
    pending = [path]
    while pending:
        source = pending.pop(0)
        if source in seen:
            continue
        seen.add(source)
        digest.update(source.read_bytes())
        pxd = source.with_suffix(".pxd")
        if pxd.is_file():
            digest.update(b"\0pxd\0" + pxd.read_bytes())
            pending += cimported(source)
    return digest.hexdigest()


def read_record(package_dir: Path = PACKAGE_DIR) -> dict[str, str] | None:
    """The hashes the last build recorded, by module name; ``None`` when there is no readable record."""
    try:
        return dict(json.loads((package_dir / RECORD_NAME).read_text(encoding="utf-8"))["modules"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def has_extension(source: Path) -> bool:
    """Whether an extension module of this Python sits beside ``source`` (``name.cpython-311-...so``)."""
    stem = source.with_suffix("")
    return any(stem.with_name(stem.name + suffix).is_file() for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def load_source(name: str, source: Path, record: dict[str, str] | None, pure: bool) -> tuple[bool, bool]:
    """The finder's decision for the ``.py`` file ``source`` of ``COMPILED`` module ``name``:
    ``(import the .py file instead of an extension module, the extension module is stale)``."""
    if not has_extension(source):
        return False, False  # nothing compiled here: Python's own finders import the .py file
    if pure:
        return True, False
    if record is None:
        return True, True  # compiled, but no record of what from: cannot be trusted
    if name not in record:
        return True, False  # left from an earlier build; the last build did not compile it
    stale = record[name] != source_hash(source)
    if not stale and any(_built_against(name, source, other, record) for other in cimported(source)):
        return True, False  # built against a module the last build did not compile: its types differ
    return stale, stale


def _built_against(name: str, source: Path, other: Path, record: dict[str, str]) -> bool:
    """Whether module ``name`` cimports ``other`` 's compiled types that the last build did not compile. A
    cimported module with no extension module that is not in ``COMPILED`` only declares C code that is
    compiled into the module that cimports it (``analytics/descriptor_api.pxd``): its sources are in that
    module's hash, and nothing of it needs building."""
    other_name = _module_name(name, source, other)
    if not has_extension(other) and other_name not in COMPILED:
        return False
    return not has_extension(other) or other_name not in record


def _module_name(name: str, source: Path, other: Path) -> str:
    """The module name of ``other``, a ``.py`` file of the same package as module ``name`` at ``source``."""
    top = source.parents[name.count(".") - 1]
    return ".".join((top.name, *other.relative_to(top).with_suffix("").parts))


def stale_modules(package_dir: Path = PACKAGE_DIR, names: Sequence[str] = COMPILED) -> list[str]:
    """The ``COMPILED`` modules whose extension module no longer matches its ``.py`` file."""
    record = read_record(package_dir)
    found = []
    for name in names:
        source = package_dir.joinpath(*name.split(".")[1:]).with_suffix(".py")
        if source.is_file() and load_source(name, source, record, pure=False)[1]:
            found.append(name)
    return found


class SourceWhenStale(importlib.abc.MetaPathFinder):
    """Imports a ``COMPILED`` module's ``.py`` file where its extension module must not be used (see the
    module docstring); otherwise leaves the import to Python's own finders."""

    def __init__(self, pure: bool, package_dir: Path = PACKAGE_DIR) -> None:
        self.pure = pure
        self.package_dir = package_dir
        self.names = frozenset(COMPILED)
        self.record: dict[str, str] | None = None
        self.checked = False

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: object = None) -> importlib.machinery.ModuleSpec | None:
        if name not in self.names or not path:
            return None
        if not self.checked:
            self.checked = True
            self.record = read_record(self.package_dir)
            self._warn_once()
        leaf = name.rpartition(".")[2] + ".py"
        for folder in path:
            source = Path(folder, leaf)
            if source.is_file():
                use_source, _ = load_source(name, source, self.record, self.pure)
                return importlib.util.spec_from_file_location(name, source) if use_source else None
        return None

    def _warn_once(self) -> None:
        """One warning a run (pool workers inherit the environment's note that it was given)."""
        if self.pure or os.environ.get(STALE_WARNED):
            return
        stale = stale_modules(self.package_dir)
        if stale:
            os.environ[STALE_WARNED] = "1"
            warnings.warn(
                f"badugi: {len(stale)} compiled module(s) in {self.package_dir} do not match their .py files "
                f"({', '.join(stale)}), so those .py files run instead, slower. Rebuild: pip install -e . "
                "(or set BADUGI_PURE_PYTHON=1 to run pure Python on purpose)", StaleCompiledWarning, stacklevel=3)


def compiled_modules() -> list[str]:
    """Which ``COMPILED`` modules this process runs compiled (each is imported to find out)."""
    return [name for name in COMPILED
            if isinstance(importlib.import_module(name).__spec__.loader, importlib.machinery.ExtensionFileLoader)]
