"""``badugi parse``: read hand-history files and say what each one holds, without storing anything."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from badugi.cli._output import fail, print_json, say
from badugi.cli.main import app
from badugi.parsers.summary import FileSummary, missing_paths, summarize_paths, totals


@app.command("parse")
def parse_command(
    paths: Annotated[list[Path], typer.Argument(metavar="PATH", help="Hand-history files or folders (walked recursively).")],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
    records: Annotated[bool, typer.Option("--records", help="Add every parsed hand as a record (implies --json).")] = False,
) -> None:
    """Parse files and print per file the room, hands found, hands parsed (every draw game: Badugi, 2-7 and
    A-5 Triple Draw, 2-7 Single Draw, Badacey, Badeucey), hands of other games skipped by reason,
    tournament summaries read and parse errors with file:line. Exit 0 when every hand was read or skipped
    and every summary read, 1 when some hand or summary could not be parsed, 2 on usage errors (e.g. a
    path that does not exist).

    Example: badugi parse ../shared/real_hh/pokerstars --json
    """
    missing = missing_paths(paths)
    if missing:
        fail(f"{missing[0]}: no such file or folder")
    summaries = list(summarize_paths(paths, keep_records=records))
    total = totals(summaries)
    if as_json or records:
        print_json({"files": [s.to_dict(records) for s in summaries], "totals": total})
    else:
        for summary in summaries:
            for line in _lines(summary):
                say(line)
        whole = f" ({total['files_skipped']} files skipped whole)" if total["files_skipped"] else ""
        summaries = (f", {total['summaries_read']} of {total['summaries']} tournament summaries read"
                     if total["summaries"] else "")
        typer.echo(f"total: {total['files']} files{whole}, {total['hands']} hands, {total['parsed']} parsed, "
                   f"{total['skipped']} skipped{summaries}, {total['errors']} errors")
    if total["errors"]:
        raise typer.Exit(1)


def _lines(summary: FileSummary) -> list[str]:
    if summary.file_skipped is not None:
        room = f" ({summary.room})" if summary.room else ""
        return [f"{summary.path}: skipped{room}: {summary.file_skipped}"]
    if summary.summaries and not summary.hands:
        read = summary.summaries_read
        counted = (f"{read} tournament summar{'y' if read == 1 else 'ies'} read" if read == summary.summaries
                   else f"{summary.summaries} tournament summaries, {read} read")
        lines = [f"{summary.path}: room {summary.room or '-'}, {counted}"]
    else:
        lines = [f"{summary.path}: room {summary.room or '-'}, {summary.hands} hands, {summary.parsed} parsed"]
        if summary.summaries:
            lines[0] += f", {summary.summaries_read} of {summary.summaries} tournament summaries read"
    for note in summary.notes:
        lines.append(f"  note: {note}")
    for reason, count in sorted(summary.skipped.items()):
        lines.append(f"  skipped {count}: {reason}")
    for error in summary.errors:
        where = "" if error.message.startswith(f"{error.file}:") else f"{error.file}:{error.line}: "
        lines.append(f"  error [{error.code}] {where}{error.message}")
    return lines
