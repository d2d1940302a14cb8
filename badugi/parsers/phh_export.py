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
from badugi.parsers.results import FileSkipped, ParseFailure, ReadResult, Skipped

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
    file_skipped: str | None = None  # the whole file holds no hand (a tournament summary, ...)


def export_phh(paths: Iterable[Path], out_dir: Path, read: Reader | None = None) -> Iterator[PhhExport]:
    """Write ``out_dir/<input name>.phhs`` for each input file (a suffix ``-2``, ``-3`` when two inputs
    share a name). Files with no hand PHH can hold write nothing. ``read`` defaults to the one file reader
    (``reader.read_file``: the room is recognised per file)."""
    if read is None:
        from badugi.parsers.reader import read_file as read
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
                if isinstance(result, FileSkipped):
                    report.file_skipped = result.reason
                elif isinstance(result, Skipped):
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


def _target_name(path: Path, used: set[str]) -> str:
    stem = path.name[: -len(path.suffix)] if path.suffix in (".txt", ".xml", ".phh", ".phhs") else path.name
    name, number = f"{stem}.phhs", 1
    while name in used:
        number += 1
        name = f"{stem}-{number}.phhs"
    used.add(name)
    return name
