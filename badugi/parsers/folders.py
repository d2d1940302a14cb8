"""Which files a command reads (``reader.walk``, the importer's ``find_files``), with nothing else loaded: the
client of an archive on a cluster walks the folders and loads no reader (``analytics.archive``)."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from badugi.errors import BadInput


def walk(paths: Iterable[str | os.PathLike[str]]) -> Iterator[Path]:
    """The files named, and every file under the folders named (recursive, sorted; hidden files and
    folders inside a walked folder are skipped), each once. A path that does not exist is ``BadInput``."""
    seen: set[Path] = set()
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found: Iterable[Path] = _walk_folder(path)
        elif path.exists():
            found = (path,)
        else:
            raise BadInput(f"no such file or folder: {path}")
        for file in found:
            key = file.resolve()
            if key not in seen:
                seen.add(key)
                yield file


def _walk_folder(folder: Path) -> Iterator[Path]:
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if not name.startswith("."):
                yield Path(root) / name


def find_files(paths: Iterable[str | Path]) -> list[Path]:
    """Every file under the given files and folders (``walk``: recursive, sorted, hidden names
    skipped), resolved, each once; a path that does not exist is ``BadInput``."""
    return list(dict.fromkeys(_resolved(p) for p in walk(paths)))


def _resolved(path: Path) -> Path:
    """``path`` resolved, unless it leads nowhere (a link whose target is gone): then the path as given,
    made absolute, so the file's error names what the user has."""
    resolved = path.resolve()
    return resolved if resolved.exists() else path.absolute()
