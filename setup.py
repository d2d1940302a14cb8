"""Build step of badugi: the hot modules of the engine, the PokerStars reader and the row builder compiled
with Cython from their own unchanged ``.py`` files (pure-Python mode: no ``.pyx``, no C types), when a C
compiler is there. Everything else is in pyproject.toml.

The ``.py`` files stay the source and the fallback: without a compiler (or Cython), or with
``BADUGI_NO_COMPILE=1`` at install time, the package installs as pure Python and reads the same;
``BADUGI_PURE_PYTHON=1`` at run time imports the ``.py`` files even where compiled modules exist
(``badugi/__init__.py``). The modules are listed once, in ``badugi.COMPILED``; ``tests/test_compiled.py``
runs the same work both ways and compares the results.
"""

from __future__ import annotations

import ast
import os
import sys
import warnings
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

def compiled_modules() -> tuple[str, ...]:
    """``badugi.COMPILED``, read from ``badugi/__init__.py`` without importing the package."""
    tree = ast.parse(Path(__file__).with_name("badugi").joinpath("__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "COMPILED" for t in node.targets):
            return tuple(ast.literal_eval(node.value))
    raise RuntimeError("badugi/__init__.py declares no COMPILED")


DIRECTIVES = {
    "language_level": 3,
    "binding": True,  # functions stay introspectable like Python's (signatures, __wrapped__, Typer, Lark)
    "annotation_typing": False,  # annotations stay annotations: no C types, exactly Python's semantics
    "infer_types": False,  # no C integers inferred for loop variables (``1 << c`` must not overflow)
}


class OptionalBuildExt(build_ext):
    """Compiles what it can: a module that fails to compile (no compiler, a Cython refusal) stays pure Python."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - no compiler at all: the pure-Python package is complete
            warnings.warn(f"badugi: compiled modules not built ({exc}); the pure-Python modules are used", stacklevel=1)

    def build_extension(self, ext) -> None:  # type: ignore[no-untyped-def]
        try:
            super().build_extension(ext)
        except Exception as exc:  # noqa: BLE001
            warnings.warn(f"badugi: {ext.name} not compiled ({exc}); its pure-Python module is used", stacklevel=1)


def extensions() -> list:
    if os.environ.get("BADUGI_NO_COMPILE", "") not in ("", "0"):
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("badugi: Cython is not installed; installing the pure-Python modules", file=sys.stderr)
        return []
    from setuptools import Extension

    modules = [Extension(name, [name.replace(".", "/") + ".py"]) for name in compiled_modules()]
    try:
        return cythonize(modules, compiler_directives=DIRECTIVES, build_dir="build/cython", quiet=True,
                         nthreads=os.cpu_count() or 1)
    except Exception as exc:  # noqa: BLE001 - Cython refused a module: install pure Python
        print(f"badugi: cythonize failed ({exc}); installing the pure-Python modules", file=sys.stderr)
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
