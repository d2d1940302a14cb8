"""The conformance audit of stored hands: the ``AuditReport`` that ``badugi audit`` prints, built from
the store's tables (a database, ``--db``, or a Parquet archive, ``--parquet``) instead of by reading
and replaying the files again. The import already replayed every hand and kept each violation, each
reject with its code and each skipped hand, so the counts are those of the files' audit (a hand stored
twice is counted once, as the store keeps it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import duckdb

from badugi.analytics.conformance import AuditReport, FileCounts
from badugi.engine.violations import INFORMATIONAL, Violation
from badugi.parsers.results import FileNote, ParseFailure

_NOTE_LINE = re.compile(r"from line (\d+)")


def stored_audit(con: duckdb.DuckDBPyConnection, rules: Sequence[str] = ()) -> AuditReport:
    """The audit of every stored hand (``rules`` filters the codes kept, as ``audit_results`` does)."""
    report = AuditReport(rules=tuple(rules))
    for path, skip_reason, note in con.execute("SELECT path, skip_reason, note FROM files ORDER BY path").fetchall():
        counts = report.files.setdefault(path, FileCounts())
        counts.file_skipped = skip_reason
        if note:
            found = _NOTE_LINE.search(note)
            report.notes.append(FileNote(path, int(found.group(1)) if found else 1, note))
    for file, hands, awards in con.execute(
            "SELECT file, count(*), count(*) FILTER (WHERE awards_derived) FROM hands GROUP BY file ORDER BY file").fetchall():
        counts = report.files.setdefault(file, FileCounts())
        counts.hands += hands
        counts.replayed += hands
        counts.clean += hands
        report.hands += hands
        report.replayed += hands
        report.awards_derived += awards
    rows = con.execute(
        "SELECT v.code, v.room_hand_id, h.file, v.line, v.expected, v.found, v.message, v.room "
        "FROM violations v JOIN hands h ON h.room = v.room AND h.room_hand_id = v.room_hand_id "
        "WHERE NOT v.undetermined ORDER BY h.file, h.byte_offset, v.line, v.code, v.expected, v.found").fetchall()
    faulted: dict[tuple[str, str], str] = {}
    for code, hand_id, file, line, expected, found, message, room in rows:
        if not report.wants(code):
            continue
        report.violations.append(Violation(code, hand_id, file, line, expected or "", found or "", message or ""))
        report.by_code[code] += 1
        if code not in INFORMATIONAL and (room, hand_id) not in faulted:
            faulted[(room, hand_id)] = file
        if code not in INFORMATIONAL:
            report.files[file].violations += 1
    for file in faulted.values():
        report.files[file].clean -= 1
    for code, n in con.execute("SELECT code, count(*) FROM violations WHERE undetermined GROUP BY code").fetchall():
        report.undetermined[code] += n
    for file, reason, n in con.execute(
            "SELECT file, reason, count(*) FROM skipped GROUP BY file, reason ORDER BY file, reason").fetchall():
        report.files.setdefault(file, FileCounts()).skipped += n
        report.skipped += n
        report.skipped_reasons[reason] += n
    for row in con.execute("SELECT code, room, room_hand_id, file, line, col, byte_offset, message, expected, raw "
                           "FROM rejects ORDER BY file, byte_offset, code").fetchall():
        code, room, hand_id, file, line, col, offset, message, expected, raw = row
        counts = report.files.setdefault(file, FileCounts())
        counts.hands += 1
        report.hands += 1
        if report.wants(code):
            report.parse_failures.append(ParseFailure(code, room, hand_id, file, line, col, offset, message,
                                                      tuple(expected.split(" | ")) if expected else (), raw or ""))
            report.by_code[code] += 1
            counts.parse_failures += 1
    return report
