"""``badugi audit``: replay every hand of some files and report each rule the room's log breaks."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Optional

import typer

from badugi.analytics.conformance import AuditReport, audit_results, unknown_rules
from badugi.cli._output import fail, note, print_json, say, shown
from badugi.cli.main import app
from badugi.engine.violations import CODES
from badugi.errors import BadInput
from badugi.parsers.reader import read_file, walk
from badugi.parsers.results import ReadResult


def read_hand_file(path: Path) -> Iterator[ReadResult]:
    """Every hand of one file, any room (the one file reader, ``badugi.parsers.reader``)."""
    return read_file(path)


@app.command("audit")
def audit_command(
    paths: Annotated[list[Path], typer.Argument(metavar="PATH", help="Hand-history files or folders (walked recursively).")],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
    rule: Annotated[Optional[list[str]], typer.Option(
        "--rule", metavar="CODE", help="Only report this code or code family (e.g. showdown); repeatable.")] = None,
) -> None:
    """Replay every hand and report each violation of the rules with file:line, the hand id and a plain
    explanation, then counts per file and per rule. Parse failures are listed under their parse.* code.
    Exit 0 when clean, 1 when violations (or unreadable hands) were found, 2 on usage errors.

    Example: badugi audit ../shared/real_hh/pokerstars --rule showdown
    """
    rules = rule or []
    bad = unknown_rules(rules)
    if bad:
        fail(f"unknown rule code {bad[0]!r}; known codes: {', '.join(sorted(CODES))}, parse.*")
    try:
        files = list(walk(paths))
    except BadInput as exc:
        fail(str(exc))
    report = audit_results((result for path in files for result in read_file(path)), rules)
    if as_json:
        print_json(report.to_dict())
    else:
        _print_text(report)
    if report.hands == 0:
        note("no hands found")
    raise typer.Exit(1 if report.failing else 0)


def _print_text(report: AuditReport) -> None:
    """Text for the terminal; file names, hand ids and messages (which quote names) are untrusted."""
    for v in report.violations:
        say(f"{v.file}:{v.line}: {v.code}: hand #{v.hand_id}: {v.message}")
    for p in report.parse_failures:
        say(f"{p.file}:{p.line}: {p.code}: hand #{p.hand_id or '?'}: {p.message}")
    if report.violations or report.parse_failures:
        say("")
    for n in report.notes:
        say(f"{n.file}:{n.line}: note: {n.message}")
    say(f"{'file':<60} {'hands':>6} {'replayed':>8} {'clean':>6} {'violations':>10} {'unreadable':>10} {'skipped':>7}")
    for name, c in report.files.items():
        label = shown(name)
        label = label if len(label) <= 60 else "..." + label[-57:]
        if c.file_skipped is not None:
            say(f"{label:<60} skipped: {c.file_skipped}")
            continue
        say(f"{label:<60} {c.hands:>6} {c.replayed:>8} {c.clean:>6} {c.violations:>10} "
            f"{c.parse_failures:>10} {c.skipped:>7}")
    say(f"{'total':<60} {report.hands:>6} {report.replayed:>8} "
        f"{sum(c.clean for c in report.files.values()):>6} {report.faults:>10} "
        f"{len(report.parse_failures):>10} {report.skipped:>7}")
    if report.by_code:
        say("")
        say(f"{'rule':<28} {'count':>6}  meaning")
        for code, count in sorted(report.by_code.items()):
            say(f"{code:<28} {count:>6}  {CODES.get(code, 'text the grammar could not read')}")
    if report.awards_derived:
        say("")
        say(f"pots awarded by the rules (no collect claims in the log): {report.awards_derived} hands")
    if report.undetermined:
        say("")
        say("undetermined (hidden cards): " + ", ".join(f"{k} {n}" for k, n in sorted(report.undetermined.items())))
