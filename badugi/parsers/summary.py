"""Per-file counts of what the readers found: the library side of ``badugi parse``."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from badugi.engine.record import Hand
from badugi.parsers.reader import read_file, walk
from badugi.parsers.results import FileNote, FileSkipped, ParseFailure, Skipped
from badugi.parsers.tournament_record import TournamentSummary


@dataclass(slots=True)
class FileSummary:
    """One file: rooms seen, hands found, Badugi hands parsed, skips by reason, tournament summaries
    found and read, parse failures (of hands and of summaries); or the reason the whole file was skipped
    (``file_skipped``), and notes about it (cp1252 text, ...)."""

    path: str
    file_skipped: str | None = None
    notes: list[str] = field(default_factory=list)
    rooms: Counter[str] = field(default_factory=Counter)
    hands: int = 0
    parsed: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    errors: list[ParseFailure] = field(default_factory=list)
    records: list[Hand] = field(default_factory=list)
    summaries: int = 0  # tournament summaries found (read or not)
    summaries_read: int = 0
    summary_records: list[TournamentSummary] = field(default_factory=list)

    @property
    def room(self) -> str | None:
        """The room of the file's hands (several joined with ``+`` in order of frequency)."""
        return "+".join(name for name, _ in self.rooms.most_common()) or None

    def to_dict(self, records: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "path": self.path, "room": self.room, "hands": self.hands, "parsed": self.parsed,
            "summaries": self.summaries, "summaries_read": self.summaries_read, "file_skipped": self.file_skipped, "notes": list(self.notes),
            "skipped": dict(sorted(self.skipped.items())),
            "errors": [{"line": e.line, "hand_id": e.hand_id, "code": e.code, "message": e.message}
                       for e in self.errors],
        }
        if records:
            out["records"] = [hand.to_dict() for hand in self.records]
            out["summary_records"] = [item.to_dict() for item in self.summary_records]
        return out


def summarize_file(path: str | os.PathLike[str], keep_records: bool = False) -> FileSummary:
    """Read every hand (or tournament summary) of one file and count what came out."""
    summary = FileSummary(str(path))
    for result in read_file(path):
        if isinstance(result, FileSkipped):
            summary.file_skipped = result.reason
            if result.room:
                summary.rooms[result.room] += 1
            continue
        if isinstance(result, FileNote):
            summary.notes.append(result.message)
            continue
        if isinstance(result, TournamentSummary) or (isinstance(result, ParseFailure) and result.of_summary):
            summary.summaries += 1
            if result.room:
                summary.rooms[result.room] += 1
            if isinstance(result, TournamentSummary):
                summary.summaries_read += 1
                if keep_records:
                    summary.summary_records.append(result)
            else:
                summary.errors.append(result)
            continue
        summary.hands += 1
        if isinstance(result, Hand):
            summary.parsed += 1
            summary.rooms[result.room] += 1
            if keep_records:
                summary.records.append(result)
        elif isinstance(result, Skipped):
            summary.skipped[result.reason] += 1
            if result.room:
                summary.rooms[result.room] += 1
        else:
            summary.errors.append(result)
            if result.room:
                summary.rooms[result.room] += 1
    return summary


def summarize_paths(paths: Iterable[str | os.PathLike[str]], keep_records: bool = False) -> Iterator[FileSummary]:
    """One summary per file under ``paths`` (folders walked, sorted, hidden entries skipped)."""
    for path in walk(paths):
        yield summarize_file(path, keep_records)


def totals(summaries: Iterable[FileSummary]) -> dict[str, Any]:
    """Sums over files: files, hands, parsed, skipped (total and by reason), tournament summaries (found
    and read), errors, and files skipped whole (by reason)."""
    out: dict[str, Any] = {"files": 0, "hands": 0, "parsed": 0, "skipped": 0, "summaries": 0, "summaries_read": 0,
                           "errors": 0, "files_skipped": 0}
    reasons: Counter[str] = Counter()
    file_reasons: Counter[str] = Counter()
    for s in summaries:
        out["files"] += 1
        if s.file_skipped is not None:
            out["files_skipped"] += 1
            file_reasons[s.file_skipped] += 1
        out["hands"] += s.hands
        out["parsed"] += s.parsed
        out["skipped"] += sum(s.skipped.values())
        out["summaries"] += s.summaries
        out["summaries_read"] += s.summaries_read
        out["errors"] += len(s.errors)
        reasons.update(s.skipped)
    out["skipped_by_reason"] = dict(sorted(reasons.items()))
    out["files_skipped_by_reason"] = dict(sorted(file_reasons.items()))
    return out


def missing_paths(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """The given paths that do not exist."""
    return [Path(p) for p in paths if not Path(p).exists()]
