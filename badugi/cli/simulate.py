"""``badugi simulate``: seeded, legal draw-game hands (Badugi by default) written as a room's hand-history file."""

from __future__ import annotations

import sys
from decimal import Decimal, InvalidOperation
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from badugi.cli._output import fail, note, require_folder
from badugi.cli.main import app
from badugi.engine.policies import make_policy
from badugi.engine.record import Limit
from badugi.engine.simulate import SimConfig
from badugi.errors import BadugiError
from badugi.parsers.writers.generate import GenerateStats, generate


class RoomChoice(str, Enum):
    pokerstars = "pokerstars"
    fulltilt = "fulltilt"
    phh = "phh"


class GameChoice(str, Enum):
    """The games the simulator deals: the ``Hand.game`` names, with short names beside them."""

    badugi = "badugi"
    td27 = "27td"
    a5td = "a5td"
    sd27 = "27sd"
    a5sd = "a5sd"
    badacey = "badacey"
    badeucey = "badeucey"
    triple_draw_27 = "27_triple_draw"
    triple_draw_a5 = "a5_triple_draw"
    single_draw_27 = "27_single_draw"
    single_draw_a5 = "a5_single_draw"


SHORT_GAMES = {"27td": "27_triple_draw", "a5td": "a5_triple_draw", "27sd": "27_single_draw", "a5sd": "a5_single_draw"}
"""``--game`` short names -> ``Hand.game`` names."""


class LimitChoice(str, Enum):
    fl = "fl"
    pl = "pl"
    hpl = "hpl"
    nl = "nl"


def parse_stakes(text: str) -> tuple[int, int]:
    """``0.25/0.50`` -> (25, 50) cents; the two numbers are the bet units (fixed limit) or blinds."""
    try:
        low, high = (Decimal(part.strip().lstrip("$")) for part in text.split("/"))
    except (ValueError, InvalidOperation):
        raise BadugiError(f"stakes must look like 0.25/0.50, got {text!r}") from None
    cents = (int(low * 100), int(high * 100))
    if low * 100 != cents[0] or high * 100 != cents[1] or not 0 < cents[0] <= cents[1]:
        raise BadugiError(f"stakes must be two positive amounts in cents, small first, got {text!r}")
    return cents


@app.command("simulate")
def simulate_command(
    out: Annotated[Path, typer.Option("--out", "-o", metavar="FILE", help="File to write (overwritten).")],
    hands: Annotated[int, typer.Option("--hands", "-n", min=1, metavar="N", help="Number of hands.")] = 1000,
    players: Annotated[int, typer.Option("--players", "-p", min=2, max=10, metavar="N", help="Players at the table.")] = 6,
    room: Annotated[RoomChoice, typer.Option("--room", metavar="ROOM", help="Whose text to write: pokerstars, fulltilt or phh.")] = RoomChoice.pokerstars,
    game: Annotated[GameChoice, typer.Option(
        "--game", metavar="GAME", help="The game dealt: badugi, 27td (2-7 Triple Draw), a5td (A-5 Triple Draw), 27sd (2-7 Single "
                                       "Draw), badacey or badeucey.")] = GameChoice.badugi,
    limit: Annotated[LimitChoice, typer.Option("--limit", metavar="LIMIT", help="Betting structure: fl (fixed limit), pl (pot limit), nl (no limit) or hpl (half-pot limit).")] = LimitChoice.fl,
    stakes: Annotated[str, typer.Option("--stakes", metavar="STAKES", help="Bet units (fixed limit) or blinds, in dollars.")] = "0.25/0.50",
    seed: Annotated[int, typer.Option("--seed", metavar="N", help="Same seed, same bytes.")] = 1,
    policy: Annotated[list[str] | None, typer.Option(
        "--policy", metavar="POLICY", help="Seat policies, repeated and cycled round the table: sound, rock, station, snow, "
                         "maniac, open:25 (raise first in with the top 25%).")] = None,
    tournament: Annotated[bool, typer.Option("--tournament", help="Tournament chips and levels instead of cash.")] = False,
    hero_seat: Annotated[int, typer.Option("--hero-seat", min=1, metavar="SEAT", help="The hero's place at the table (1 = first seat).")] = 1,
    noise: Annotated[float, typer.Option("--noise", min=0.0, max=1.0, metavar="CHANCE",
                                         help="Chance of a line of table noise (chat, disconnects) after each action.")] = 0.0,
) -> None:
    """Simulate legal draw-game hands through the rules engine and write them as a room's hand-history
    file (PokerStars and Full Tilt as their clients write them, or PHH). Opponents' cards are hidden
    as the room hides them. A progress bar goes to stderr. Each room writes the games and limits its
    clients dealt: PokerStars Badugi, fixed-limit 2-7 Triple Draw and no-limit 2-7 Single Draw; Full
    Tilt fixed-limit Badugi, 2-7 and A-5 Triple Draw and no-limit 2-7 Single Draw; PHH every game.

    Example: badugi simulate --hands 500 --players 6 --room pokerstars --seed 7 --out ps.txt;
    badugi simulate --game 27td --room fulltilt --hands 200 --out td.txt
    """
    out = require_folder(out, "--out")
    try:
        small, big = parse_stakes(stakes)
        config = SimConfig(room=room.value, game=SHORT_GAMES.get(game.value, game.value), players=players,
                           limit=Limit(limit.value), small_bet=small, big_bet=big,
                           tournament=tournament, hero_seat=hero_seat, noise_rate=noise,
                           policies=tuple(make_policy(spec) for spec in policy or ("sound",)))
        stats = GenerateStats()
        chunks = generate(config, seed, hands, stats)
        tmp = out.with_name(out.name + ".part")
        console = Console(stderr=True)
        columns = (TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
        with tmp.open("wb") as fh, Progress(*columns, console=console, transient=True,
                                            disable=not console.is_terminal) as bar:
            task = bar.add_task("hands", total=hands)
            fh.write(next(chunks))
            for chunk in chunks:
                fh.write(chunk)
                bar.advance(task)
        tmp.replace(out)
    except BadugiError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{out}: {exc.strerror or exc}")
    extra = f" ({stats.refused} dealt hands {room.value} cannot express were re-dealt)" if stats.refused else ""
    note(f"wrote {stats.written} hands to {out}{extra}")
    sys.stderr.flush()
