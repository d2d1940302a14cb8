"""Every command has help with an example and is documented in the README (STYLE C6)."""

from __future__ import annotations

import re

import typer.main
from conftest import ROOT
from typer.testing import CliRunner

from badugi.cli.main import app

EXPECTED = {"rank", "odds", "parse", "audit", "replay", "simulate", "import", "export", "stats", "sessions", "leaks",
            "report"}


def _commands() -> dict:
    return typer.main.get_command(app).commands  # type: ignore[attr-defined]


def test_every_issue_command_is_registered() -> None:
    assert EXPECTED <= set(_commands())


def test_commands_have_help_with_an_example_and_a_readme_mention() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name, command in _commands().items():
        assert command.help and "example" in command.help.lower(), name
        assert f"badugi {name}" in readme, name


def test_help_runs_for_every_command() -> None:
    runner = CliRunner()
    for name in _commands():
        result = runner.invoke(app, [name, "--help"])
        assert result.exit_code == 0, (name, result.output)
        assert "Usage" in result.output


# ---- one help style (issue 16): placeholders, flags, wrapping, order ---------------------------------

ORDER = ["import", "stats", "sessions", "leaks", "report", "audit", "replay", "parse", "export", "simulate", "rank", "odds"]
"""The order a user works in: store the files, look at the results, check the files, then the rules tools."""

PLACEHOLDER = re.compile(r"(\[[A-Z][A-Z0-9_-]*\]|[A-Z][A-Z0-9_-]*)")
"""An option's value placeholder: ``FILE``, ``N``; ``[NAME]`` when the value may be left out."""


def _help(args: list[str], width: int = 80) -> str:
    result = CliRunner().invoke(app, [*args, "--help"], env={"COLUMNS": str(width)})
    assert result.exit_code == 0, (args, result.output)
    return result.output


def _options(command) -> list:  # type: ignore[no-untyped-def]
    ctx = command.make_context(command.name, ["--help"], resilient_parsing=True)
    return [p for p in command.get_params(ctx) if getattr(p, "param_type_name", "") == "option"]


def test_every_option_shows_one_placeholder_style_and_flags_show_none() -> None:
    for name, command in _commands().items():
        text = _help([name])
        assert not re.search(r"<[A-Za-z][^>]*>", text), (name, re.findall(r"<[^>]*>", text))  # no <bool>, <path>
        for param in _options(command):
            long = max(param.opts, key=len)
            row = rf"^│ (?:-\w, )?{re.escape(long)}"  # the option's row in the Options panel
            if getattr(param, "is_flag", False):
                # a flag is followed by its help text, not by a type or placeholder
                assert re.search(rf"{row}\s{{2,}}\S", text, re.M), (name, long)
            else:
                match = re.search(rf"{row} (\S+)", text, re.M)
                assert match and PLACEHOLDER.fullmatch(match.group(1)), (name, long, match and match.group(1))


def test_usage_lines_name_arguments_in_capitals() -> None:
    for name in _commands():
        usage = next(line for line in _help([name]).splitlines() if line.startswith("Usage:"))
        pieces = usage.split()[3:]  # Usage: badugi NAME ...
        assert pieces[:1] == ["[OPTIONS]"], usage
        for piece in pieces[1:]:
            assert re.fullmatch(r"(\[[A-Z]+\]|[A-Z]+)(\.\.\.)?", piece), usage


def test_commands_are_listed_in_panels_in_the_order_a_user_works() -> None:
    text = _help([])
    listed = [m.group(1) for m in re.finditer(r"^│ ([a-z]+)\s", text, re.M) if m.group(1) in EXPECTED]
    assert listed == ORDER
    panels = re.findall(r"╭─ ([^─]+?) ─", text)
    assert panels[:3] == ["Track your play", "Check and convert hand histories", "Rules, odds and simulation"]
    # one line per command: the list is a summary, each command's own help says the rest
    commands = text[:text.index("╭─ Options")]
    assert not re.search(r"^│\s{3,}\S", commands, re.M), commands


def test_descriptions_are_wrapped_not_broken_mid_sentence() -> None:
    """A description line ends early only when the next word would not fit: rich wraps greedily, so a
    short line followed by more text means a hard line break in the source."""
    for args in ([], *[[name] for name in _commands()]):
        for width in (80, 120):
            lines = _help(args, width).splitlines()
            for above, below in zip(lines, lines[1:]):
                if not (above.startswith("│ ") and below.startswith("│ ") and above.endswith("│")):
                    continue
                start = len(below) - len(below[2:].lstrip()) if below[2:].strip() else None
                if start is None or below[2:start].strip() or len(above) != len(below):
                    continue  # not a continuation line of a description column
                if above[start - 2:start].strip():
                    continue  # the line above does not share the column
                room = len(below) - 2 - start  # the column's width (the panel's right border and padding)
                used = len(above[:-1].rstrip()) - start
                word = below[start:].split()[0]
                assert used + 1 + len(word) > room, (args, width, above, below)
            # and plain text paragraphs (the command's description) are wrapped to the width too
            for line in lines:
                assert len(line) <= width, (args, line)
