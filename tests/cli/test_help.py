"""Every command has help with an example and is documented in the README (STYLE C6)."""

from __future__ import annotations

import typer.main
from conftest import ROOT
from typer.testing import CliRunner

from badugi.cli.main import app

EXPECTED = {"rank", "odds", "parse", "audit", "replay", "simulate", "import", "export", "stats", "leaks", "report"}


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
