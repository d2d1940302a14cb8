"""``badugi rank``: the value and room label of Badugi hands, one on the command line or many on stdin."""

from __future__ import annotations

import json
import sys
from enum import Enum
from typing import Annotated

import typer

from badugi.cli._output import fail
from badugi.cli.main import app
from badugi.engine.cards import RANKS, format_cards, parse_cards
from badugi.engine.evaluator import CLASS_COUNT, HandValue, evaluate, label


class LabelStyle(str, Enum):
    pokerstars = "pokerstars"
    fulltilt = "fulltilt"
    merge = "merge"


def hand_record(cards: tuple[int, ...], value: HandValue, style: str = "pokerstars") -> dict[str, object]:
    """The JSON object for one ranked hand."""
    return {
        "cards": format_cards(cards),
        "size": value.size,
        "ranks": ",".join(RANKS[r] for r in value.ranks),
        "class": value.cls,
        "label": label(value, style),
    }


@app.command("rank")
def rank_command(
    cards: Annotated[
        list[str],
        typer.Argument(metavar="CARDS", help="One hand of 1 to 5 cards (As 2d 3h 4c), or - to read one hand per line from stdin."),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per hand (JSON Lines).")] = False,
    style: Annotated[LabelStyle, typer.Option("--style", metavar="STYLE", help="Whose words the label uses: pokerstars, fulltilt or merge.")] = LabelStyle.pokerstars,
) -> None:
    """Rank Badugi hands: the counted cards, the class (1 = A-2-3-4 rainbow .. 1092 = a lone king) and the
    label a room writes. Five cards play their best four.

    Example: badugi rank As 2d 3h 4c
    """
    if cards == ["-"]:
        lines = ((number, line.strip()) for number, line in enumerate(sys.stdin, start=1))
        hands = ((number, text) for number, text in lines if text and not text.startswith("#"))
    else:
        hands = iter([(0, " ".join(cards))])
    for number, text in hands:
        where = f"line {number}: " if number else ""
        try:
            parsed = parse_cards(text)
            value = evaluate(parsed)
        except ValueError as exc:
            fail(f"{where}{exc}")
        if as_json:
            typer.echo(json.dumps(hand_record(parsed, value, style.value), ensure_ascii=False))
        else:
            counted = format_cards(value.cards)
            typer.echo(
                f"{format_cards(parsed)}: {label(value, style.value)}"
                f" (class {value.cls} of {CLASS_COUNT}; counts {counted})"
            )
