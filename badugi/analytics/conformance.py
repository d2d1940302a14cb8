"""Conformance audit: replay every hand of some files and count what the rules disagree with.

Library side of ``badugi audit`` (the CLI only renders): ``audit_results`` folds read results
(``Hand`` | ``Skipped`` | ``ParseFailure``) into an ``AuditReport``. Parse failures are not replay
violations; they are listed apart and counted under their ``parse.*`` code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from badugi.engine.record import Hand
from badugi.engine.replay import replay
from badugi.engine.violations import CODES, INFORMATIONAL, Violation
from badugi.parsers.results import FileNote, FileSkipped, ParseFailure, ReadResult, Skipped
from badugi.parsers.tournament_record import TournamentSummary



@dataclass
class FileCounts:
    """Per-file totals of an audit."""

    hands: int = 0
    replayed: int = 0
    skipped: int = 0
    parse_failures: int = 0
    violations: int = 0
    clean: int = 0
    file_skipped: str | None = None
    summaries: int = 0  # tournament summaries (read or not): not hands, nothing to replay


@dataclass
class AuditReport:
    """What ``audit_results`` found. ``rules`` filters which codes are kept (prefixes allowed)."""

    rules: tuple[str, ...] = ()
    hands: int = 0
    replayed: int = 0
    skipped: int = 0
    violations: list[Violation] = field(default_factory=list)
    parse_failures: list[ParseFailure] = field(default_factory=list)
    by_code: Counter[str] = field(default_factory=Counter)
    undetermined: Counter[str] = field(default_factory=Counter)
    files: dict[str, FileCounts] = field(default_factory=dict)
    skipped_reasons: Counter[str] = field(default_factory=Counter)
    notes: list[FileNote] = field(default_factory=list)
    awards_derived: int = 0  # hands whose log claims no collections: the rules awarded their pots

    def wants(self, code: str) -> bool:
        if not self.rules:
            return True
        return any(code == r or code.startswith(r.rstrip(".") + ".") for r in self.rules)

    @property
    def faults(self) -> int:
        """Violations that fault a hand (informational notices such as ``hand.cancelled`` left out)."""
        return sum(1 for v in self.violations if v.code not in INFORMATIONAL)

    @property
    def failing(self) -> bool:
        """True when anything kept is a real problem (exit status 1)."""
        return any(v.code not in INFORMATIONAL for v in self.violations) or bool(self.parse_failures)

    def _unreplayable(self, hand: Hand, exc: Exception, counts: FileCounts) -> None:
        """A hand the replay crashed on: an ``internal.replay`` finding at its first line (the import keeps
        such a hand with a reject of the same code), so the audit goes on and the bug is visible."""
        failure = ParseFailure("internal.replay", hand.room, hand.hand_id, hand.source.file, hand.source.line,
                               None, hand.source.offset, f"replay failed: {exc!r}")
        if self.wants(failure.code):
            self.parse_failures.append(failure)
            self.by_code[failure.code] += 1
            counts.parse_failures += 1

    def add(self, result: ReadResult) -> None:
        if isinstance(result, Hand):
            counts = self.files.setdefault(result.source.file, FileCounts())
            self.hands += 1
            counts.hands += 1
            try:
                found = replay(result)
            except Exception as exc:  # noqa: BLE001 - one bad hand never stops an audit (as in an import)
                self._unreplayable(result, exc, counts)
                return
            self.replayed += 1
            counts.replayed += 1
            kept = [v for v in found.violations if self.wants(v.code)]
            self.violations.extend(kept)
            faults = sum(1 for v in kept if v.code not in INFORMATIONAL)  # notices describe, never fault
            counts.violations += faults
            if not faults:
                counts.clean += 1
            for v in kept:
                self.by_code[v.code] += 1
            for check in found.undetermined:
                self.undetermined[check] += 1
            self.awards_derived += found.awards_derived
        elif isinstance(result, Skipped):
            counts = self.files.setdefault(result.file, FileCounts())
            self.skipped += 1
            counts.skipped += 1
            self.skipped_reasons[result.reason] += 1
        elif isinstance(result, FileSkipped):
            self.files.setdefault(result.file, FileCounts()).file_skipped = result.reason
        elif isinstance(result, FileNote):
            self.notes.append(result)
        elif isinstance(result, TournamentSummary):
            self.files.setdefault(result.source.file, FileCounts()).summaries += 1
        elif isinstance(result, ParseFailure):
            counts = self.files.setdefault(result.file, FileCounts())
            if result.of_summary:
                counts.summaries += 1
            else:
                self.hands += 1
                counts.hands += 1
            if self.wants(result.code):
                self.parse_failures.append(result)
                self.by_code[result.code] += 1
                counts.parse_failures += 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "replayed": self.replayed,
            "skipped": self.skipped,
            "violations": [v.to_dict() for v in self.violations],
            "parse_failures": [parse_failure_dict(p) for p in self.parse_failures],
            "by_code": dict(sorted(self.by_code.items())),
            "undetermined": dict(sorted(self.undetermined.items())),
            "awards_derived": self.awards_derived,
            "files": {name: vars(c) for name, c in self.files.items()},
            "notes": [n.to_dict() for n in self.notes],
        }


def parse_failure_dict(p: ParseFailure) -> dict[str, Any]:
    """A parse failure in the shape of a violation (so one reader handles both lists)."""
    return {"code": p.code, "file": p.file, "line": p.line, "hand_id": p.hand_id,
            "expected": ", ".join(p.expected), "found": "", "message": p.message}


def audit_results(results: Iterable[ReadResult], rules: Sequence[str] = ()) -> AuditReport:
    """Replay every hand among ``results`` and fold everything into one report."""
    report = AuditReport(rules=tuple(rules))
    for result in results:
        report.add(result)
    return report


def unknown_rules(rules: Sequence[str]) -> list[str]:
    """Rule filters that match no known code (``parse.*`` and ``internal.*`` codes are open-ended, so any such
    prefix passes)."""
    bad = []
    for r in rules:
        base = r.rstrip(".")
        if base in ("parse", "internal") or base.startswith(("parse.", "internal.")):
            continue
        if not any(code == base or code.startswith(base + ".") for code in CODES):
            bad.append(r)
    return bad
