"""One help style for every command, rendered here rather than by Typer's defaults (which change
between Typer versions: some print ``<bool>`` after every flag and ``{paths}...`` in the usage line).

The style:
- options as ``--db FILE`` or ``-j, --jobs N``: one UPPERCASE placeholder per value, none for flags;
  ``--hero [NAME]`` for an option whose value may be left out;
- arguments as ``PATH...`` (``[PATH]...`` when optional) in the usage line and the Arguments panel;
- descriptions joined into paragraphs and wrapped to the terminal, never broken mid-sentence;
- on ``badugi --help`` the commands in panels, in the order a user works.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Any

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from typer.core import TyperCommand, TyperGroup

OPTIONAL_VALUE = "[NAME]"
"""The placeholder of an option that may be given without its value (``--hero`` alone): parsed as ``""``."""


def paragraphs(text: str | None) -> list[str]:
    """A docstring's paragraphs, each one line (its line breaks were only source layout)."""
    blocks = re.split(r"\n\s*\n", (text or "").strip())
    return [" ".join(line.strip() for line in block.splitlines()) for block in blocks if block.strip()]


def summary(text: str | None) -> str:
    """The first sentence of a command's help, for the command list."""
    first = paragraphs(text)[:1]
    if not first:
        return ""
    match = re.match(r"(.+?[\w)%])\.(\s|$)", first[0])
    sentence = match.group(1) if match else first[0].rstrip(".")
    return sentence.split(": ", 1)[0] + "."  # what the command does; the help says how


def _is_argument(param: Any) -> bool:
    return getattr(param, "param_type_name", "") == "argument"


def _is_flag(param: Any) -> bool:
    return bool(getattr(param, "is_flag", False) or getattr(param, "count", False))


def placeholder(param: Any) -> str:
    """The UPPERCASE placeholder of an argument (``PATH...``) or of an option's value (``FILE``; ``""``
    for a flag)."""
    if _is_argument(param):
        name = (param.metavar or param.name or "ARG").upper()
        return (name if param.required else f"[{name}]") + ("..." if param.nargs != 1 else "")
    if _is_flag(param):
        return ""
    return param.metavar or (param.name or "VALUE").upper()


def option_names(param: Any) -> str:
    """``-j, --jobs N``: short names first, then long ones, then the placeholder."""
    names = sorted(param.opts, key=lambda o: (o.startswith("--"), o))
    text = ", ".join(names)
    if getattr(param, "secondary_opts", None):
        text += " / " + ", ".join(param.secondary_opts)
    value = placeholder(param)
    return f"{text} {value}" if value else text


def _default_text(param: Any) -> str | None:
    if _is_flag(param) or getattr(param, "show_default", True) is False or getattr(param, "multiple", False):
        return None
    default = getattr(param, "default", None)
    if default is None or callable(default) or isinstance(default, (list, tuple)):
        return None
    return str(default.value if isinstance(default, Enum) else default)


def _range_text(param: Any) -> str | None:
    low = getattr(param, "min", None)
    high = getattr(param, "max", None)
    kind = getattr(param, "type", None)
    low = low if low is not None else getattr(kind, "min", None)
    high = high if high is not None else getattr(kind, "max", None)
    if low is not None and high is not None:
        return f"{low} to {high}"
    if low is not None:
        return f"at least {low}"
    return f"at most {high}" if high is not None else None


def param_help(param: Any) -> str:
    """The help text with what the option's type implies: its range, default and whether it is required."""
    extra = []
    if (span := _range_text(param)) is not None:
        extra.append(span)
    if (default := _default_text(param)) is not None:
        extra.append(f"default: {default}")
    if getattr(param, "required", False):
        extra.append("required")
    text = " ".join(paragraphs(getattr(param, "help", None) or ""))
    return text + (f" [{'; '.join(extra)}]" if extra else "")


def _panel(rows: list[tuple[str, str]], title: str) -> Panel:
    table = Table.grid(padding=(0, 2), expand=True)
    table.add_column(no_wrap=True, style="bold cyan")
    table.add_column(ratio=1, overflow="fold")
    for name, text in rows:
        table.add_row(Text(name), Text(text))
    return Panel(table, title=title, title_align="left", border_style="dim")


def _usage(ctx: Any, command: Any) -> Text:
    pieces = command.collect_usage_pieces(ctx)
    return Text.assemble(("Usage: ", "yellow"), f"{ctx.command_path} {' '.join(pieces)}".rstrip())


def _print(*renderables: Any) -> None:
    Console(highlight=False).print(Group(*renderables))


class BadugiCommand(TyperCommand):
    """A command with the help style above and ``--hero`` accepted without a value."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        params = self.get_params(ctx)
        optional = {o for p in params if not _is_argument(p) and p.metavar == OPTIONAL_VALUE for o in p.opts}
        known = {o for p in params if not _is_argument(p) for o in (*p.opts, *getattr(p, "secondary_opts", ()))}
        filled: list[str] = []
        for k, arg in enumerate(args):
            filled.append(arg)
            if arg in optional:
                nxt = args[k + 1] if k + 1 < len(args) else None
                if nxt is None or nxt == "--" or nxt.split("=", 1)[0] in known:
                    filled.append("")  # given alone: the value is left to the command
        return super().parse_args(ctx, filled)

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        params = [p for p in self.get_params(ctx) if not getattr(p, "hidden", False)]
        pieces = ["[OPTIONS]"] if any(not _is_argument(p) for p in params) else []
        return pieces + [placeholder(p) for p in params if _is_argument(p)]

    def format_help(self, ctx: Any, formatter: Any) -> None:
        params = [p for p in self.get_params(ctx) if not getattr(p, "hidden", False)]
        parts: list[Any] = [_usage(ctx, self), Text()]
        parts += [Text(paragraph + "\n") for paragraph in paragraphs(self.help)]
        arguments = [(placeholder(p), param_help(p)) for p in params if _is_argument(p)]
        options = [(option_names(p), param_help(p)) for p in params if not _is_argument(p)]
        if arguments:
            parts.append(_panel(arguments, "Arguments"))
        if options:
            parts.append(_panel(options, "Options"))
        _print(*parts)


class BadugiGroup(TyperGroup):
    """``badugi --help``: the commands in panels (``rich_help_panel``), in the order they were added."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        parts: list[Any] = [_usage(ctx, self), Text()]
        parts += [Text(paragraph + "\n") for paragraph in paragraphs(self.help)]
        panels: dict[str, list[tuple[str, str]]] = {}
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is None or getattr(command, "hidden", False):
                continue
            panel = getattr(command, "rich_help_panel", None) or "Commands"
            panels.setdefault(panel, []).append((name, command.short_help or summary(command.help)))
        options = [(option_names(p), param_help(p)) for p in self.get_params(ctx) if not getattr(p, "hidden", False)]
        parts += [_panel(rows, title) for title, rows in panels.items()]
        parts.append(_panel(options, "Options"))
        if self.epilog:
            parts += [Text(paragraph) for paragraph in paragraphs(self.epilog)]
        _print(*parts)
