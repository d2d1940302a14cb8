"""``badugi rank``: the value and room label of a hand (Badugi, 2-7 low or A-5 low), one on the command
line or many on stdin."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from enum import Enum
from typing import Annotated

import typer

from badugi.cli._output import fail
from badugi.cli.main import app
from badugi.engine.cards import RANKS, format_cards, parse_cards
from badugi.engine.evaluator import CLASS_COUNT, HandValue, evaluate, label
from badugi.engine.lowball import LOWBALLS, LowValue


class RankGame(str, Enum):
    badugi = "badugi"
    deuce_seven = "27"
    ace_five = "a5"


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


def low_record(cards: tuple[int, ...], value: LowValue, style: str = "pokerstars") -> dict[str, object]:
    """The JSON object for one hand ranked at 2-7 or A-5 low (ranks in comparison order)."""
    return {
        "cards": format_cards(cards),
        "game": value.ranking.name,
        "category": value.category.title,
        "ranks": ",".join(RANKS[r] for r in value.ranks),
        "class": value.cls,
        "label": value.label(style),
    }


@app.command("rank")
def rank_command(
    cards: Annotated[
        list[str],
        typer.Argument(
            metavar="CARDS",
            help="One hand (As 2d 3h 4c: 1 to 5 cards for Badugi, 5 for 27 and a5), or - to read one hand per"
            " line from stdin.",
        ),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per hand (JSON Lines).")] = False,
    style: Annotated[LabelStyle, typer.Option("--style", metavar="STYLE", help="Whose words the label uses: pokerstars, fulltilt or merge.")] = LabelStyle.pokerstars,
    game: Annotated[
        RankGame, typer.Option("--game", metavar="GAME", help="badugi (1 to 5 cards), 27 = 2-7 low or a5 = A-5 low (5 cards).")
    ] = RankGame.badugi,
) -> None:
    """Rank hands: the counted cards, the class and the label a room writes. Badugi (the default):
    1 = A-2-3-4 rainbow .. 1092 = a lone king, five cards play their best four. --game 27: 2-7 low,
    1 = 7-5-4-3-2 .. 7462 = A-K-Q-J-T suited. --game a5: A-5 low, 1 = 5-4-3-2-A .. 6175 = K-K-K-K-Q.

    Example: badugi rank As 2d 3h 4c; badugi rank --game 27 7s 5d 4h 3c 2d
    """
    if game is not RankGame.badugi:
        _rank_low(cards, game.value, style.value, as_json)
        return
    for number, text in _hands(cards):
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


def _hands(cards: list[str]) -> Iterator[tuple[int, str]]:
    """(line number, text) of each hand: the command line's (line 0) or stdin's, skipping blank lines
    and ``#`` comments."""
    if cards != ["-"]:
        yield 0, " ".join(cards)
        return
    for number, line in enumerate(sys.stdin, start=1):
        text = line.strip()
        if text and not text.startswith("#"):
            yield number, text


def _rank_low(cards: list[str], game: str, style: str, as_json: bool) -> None:
    ranking = LOWBALLS[game]
    for number, text in _hands(cards):
        where = f"line {number}: " if number else ""
        try:
            parsed = parse_cards(text)
            value = ranking.evaluate(parsed)
        except ValueError as exc:
            fail(f"{where}{exc}")
        if as_json:
            typer.echo(json.dumps(low_record(parsed, value, style), ensure_ascii=False))
        else:
            typer.echo(
                f"{format_cards(parsed)}: {value.label(style)}"
                f" (class {value.cls} of {ranking.class_count}; counts {format_cards(value.cards)})"
            )
