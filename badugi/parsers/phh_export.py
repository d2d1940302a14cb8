"""Export hand-history files as PHH: one ``.phhs`` per input file, streamed hand by hand.

The CLI (``badugi export --format phh``) is a thin wrapper around ``export_phh``; a notebook can call it
directly. Every input hand is accounted for: written, skipped (another game), unreadable (a parse
failure) or not expressible in PHH (``PhhWriteError``), so nothing disappears silently.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from badugi.engine.record import Hand
from badugi.errors import BadInput
from badugi.parsers.phh_writer import PhhWriteError, phhs_table
from badugi.parsers.results import ParseFailure, ReadResult, Skipped

Reader = Callable[[Path], Iterable[ReadResult]]


@dataclass(slots=True)
class PhhExport:
    """What happened to one input file."""

    source: Path
    target: Path | None
    written: int = 0
    skipped: int = 0
    failed: int = 0
    not_expressible: list[str] = field(default_factory=list)  # "hand_id: reason"


def export_phh(paths: Iterable[Path], out_dir: Path, read: Reader | None = None) -> Iterator[PhhExport]:
    """Write ``out_dir/<input name>.phhs`` for each input file (a suffix ``-2``, ``-3`` when two inputs
    share a name). Files with no Badugi hand write nothing. ``read`` defaults to the room registry's
    ``read_file`` (room detected per file)."""
    if read is None:
        read = _default_reader()
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"cannot create {out_dir}: {exc.strerror or exc}") from None
    used: set[str] = set()
    for path in paths:
        name = _target_name(path, used)
        target = out_dir / name
        partial = target.with_name(target.name + ".partial")
        report = PhhExport(path, None)
        with open(partial, "w", encoding="utf-8", newline="\n") as handle:
            for result in read(path):
                if isinstance(result, Skipped):
                    report.skipped += 1
                elif isinstance(result, ParseFailure):
                    report.failed += 1
                elif isinstance(result, Hand):
                    try:
                        table = phhs_table(report.written + 1, result)
                    except (PhhWriteError, ValueError, KeyError) as exc:
                        report.not_expressible.append(f"{result.hand_id}: {exc}")
                        continue
                    handle.write(table)
                    report.written += 1
        if report.written:
            partial.replace(target)  # atomic: a crash never leaves a half-written .phhs behind
            report.target = target
        else:
            partial.unlink()
            used.discard(name)
        yield report


def _default_reader() -> Reader:
    """The room registry's reader; without it (a build that has no text rooms yet) the two readers
    that need no registry, Merge XML and PHH, with every other file reported as an unknown room."""
    try:
        from badugi.parsers.reader import read_file
    except ModuleNotFoundError as exc:
        if exc.name != "badugi.parsers.reader":
            raise
        return _read_merge_or_phh
    return read_file


def _read_merge_or_phh(path: Path) -> Iterator[ReadResult]:
    from badugi.parsers import phh
    from badugi.parsers.rooms import merge

    try:
        with open(path, "rb") as handle:
            head = handle.read(4096).decode("utf-8", errors="replace")
    except OSError as exc:
        yield ParseFailure("parse.io", None, None, str(path), 0, None, 0, f"cannot read file: {exc}")
        return
    if merge.sniff(head):
        yield from merge.read_merge_file(path)
    elif path.suffix.lower() in (".phh", ".phhs") or phh.sniff(head):
        yield from phh.read_phh_file(path)
    else:
        yield ParseFailure("parse.unknown_room", None, None, str(path), 1, None, 0,
                           "no reader for this file's room in this build")


def _target_name(path: Path, used: set[str]) -> str:
    stem = path.name[: -len(path.suffix)] if path.suffix in (".txt", ".xml", ".phh", ".phhs") else path.name
    name, number = f"{stem}.phhs", 1
    while name in used:
        number += 1
        name = f"{stem}-{number}.phhs"
    used.add(name)
    return name
