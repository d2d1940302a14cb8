"""Build step of badugi: the hot modules of the engine, the PokerStars reader and the row builder compiled
with Cython from their own unchanged ``.py`` files (pure-Python mode: no ``.pyx``; a few modules have an
augmenting ``.pxd`` beside them that gives their classes' fields and hot locals C types), when a C
compiler is there. Everything else is in pyproject.toml.

The ``.py`` files stay the source and the fallback: without a compiler (or Cython), or with
``BADUGI_NO_COMPILE=1`` at install time, the package installs as pure Python and reads the same;
``BADUGI_PURE_PYTHON=1`` at run time imports the ``.py`` files even where compiled modules exist
(``badugi/compiled.py``). The modules are listed once, in ``badugi.compiled.COMPILED``;
``tests/test_compiled.py`` runs the same work both ways and compares the results.

Each build writes ``badugi/_compiled_sources.json`` (beside the extension modules: into the source tree for
an editable install, else into the wheel): the SHA-256 of what it compiled each module from (its ``.py``
file, its ``.pxd`` and the modules that cimports). At import time a module whose sources no longer match
is imported from its ``.py`` file instead of its stale extension module (with one warning to rebuild), so
editing a ``.py`` file of an editable install takes effect at once.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import sys
import warnings
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
RECORD_NAME = "_compiled_sources.json"  # badugi.compiled.RECORD_NAME


def compiled_modules() -> tuple[str, ...]:
    """``badugi.compiled.COMPILED``, read from ``badugi/compiled.py`` without importing the package."""
    tree = ast.parse(HERE.joinpath("badugi", "compiled.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "COMPILED" for t in node.targets):
            return tuple(ast.literal_eval(node.value))
    raise RuntimeError("badugi/compiled.py declares no COMPILED")


def source_of(name: str) -> Path:
    return HERE.joinpath(*name.split(".")).with_suffix(".py")


def _compiled_rules():  # type: ignore[no-untyped-def]
    """``badugi/compiled.py`` loaded on its own (it imports only the standard library), not the package."""
    spec = importlib.util.spec_from_file_location("_badugi_compiled_rules", HERE / "badugi" / "compiled.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


source_hash = _compiled_rules().source_hash
"""What a module is compiled from, hashed as the import-time check (``badugi.compiled.source_hash``) does:
its ``.py`` file, its ``.pxd`` if any and the modules that ``.pxd`` cimports."""


def write_record(package_dir: Path, hashes: dict[str, str]) -> None:
    """The build record: which modules this build compiled, from which ``.py`` bytes."""
    package_dir.mkdir(parents=True, exist_ok=True)
    package_dir.joinpath(RECORD_NAME).write_text(json.dumps({"modules": dict(sorted(hashes.items()))}, indent=1)
                                                 + "\n", encoding="utf-8")


DIRECTIVES = {
    "language_level": 3,
    "binding": True,  # functions stay introspectable like Python's (signatures, __wrapped__, Typer, Lark)
    "annotation_typing": False,  # annotations stay annotations: no C types, exactly Python's semantics
    "infer_types": False,  # no C integers inferred for loop variables (``1 << c`` must not overflow)
}


class OptionalBuildExt(build_ext):
    """Compiles what it can: a module that fails to compile (no compiler, a Cython refusal) stays pure Python."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:  # one compiler per core: the C compile, not Cython, is most of an install's minutes
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        self.compiled_hashes: dict[str, str] = {}
        inplace = self.inplace or getattr(self, "editable_mode", False)  # (setuptools clears it while building)
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - no compiler at all: the pure-Python package is complete
            warnings.warn(f"badugi: compiled modules not built ({exc}); the pure-Python modules are used", stacklevel=1)
        # the record goes where the extension modules went: the source tree (editable install) or build_lib
        write_record(HERE / "badugi" if inplace else Path(self.build_lib, "badugi"), self.compiled_hashes)

    def build_extension(self, ext) -> None:  # type: ignore[no-untyped-def]
        digest = source_hash(source_of(ext.name))  # what Cython compiles now (its C file was made from it)
        try:
            super().build_extension(ext)
        except Exception as exc:  # noqa: BLE001
            warnings.warn(f"badugi: {ext.name} not compiled ({exc}); its pure-Python module is used", stacklevel=1)
            return
        self.compiled_hashes[ext.name] = digest


def extensions() -> list:
    if os.environ.get("BADUGI_NO_COMPILE", "") not in ("", "0"):
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("badugi: Cython is not installed; installing the pure-Python modules", file=sys.stderr)
        return []
    from setuptools import Extension

    # no debug information (-g0 after Python's own -g): the code is the same, and gcc's variable tracking
    # over Cython's large module functions was most of the compile (record.c 134 -> 32 CPU-s)
    flags = ["-g0"] if os.name != "nt" else []
    modules = [Extension(name, [name.replace(".", "/") + ".py"], extra_compile_args=flags) for name in compiled_modules()]
    try:
        return cythonize(modules, compiler_directives=DIRECTIVES, build_dir="build/cython", quiet=True,
                         nthreads=os.cpu_count() or 1)
    except Exception as exc:  # noqa: BLE001 - Cython refused a module: install pure Python
        print(f"badugi: cythonize failed ({exc}); installing the pure-Python modules", file=sys.stderr)
        return []


EXTENSIONS = extensions()
if not EXTENSIONS:
    # nothing is compiled, so no build_ext runs to write the record: an empty one makes extension modules
    # left in the source tree by an earlier build be ignored (an editable install is pure Python as asked)
    write_record(HERE / "badugi", {})

setup(ext_modules=EXTENSIONS, cmdclass={"build_ext": OptionalBuildExt})
