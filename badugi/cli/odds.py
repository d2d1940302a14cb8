"""``badugi odds``: how often a Badugi draw makes a badugi, and what else it makes."""

from __future__ import annotations

from enum import Enum
from typing import Annotated

import typer

from badugi.cli._output import fail, print_json
from badugi.cli.main import app
from badugi.engine.cards import RANKS, Card, format_cards, parse_cards
from badugi.engine.odds import DEFAULT_SAMPLES, DEFAULT_SEED, DrawOdds, draw_odds

_SIZE_NAMES = {4: "badugi", 3: "3-card", 2: "2-card", 1: "1-card"}


class OddsMethod(str, Enum):
    auto = "auto"
    exact = "exact"
    monte_carlo = "monte-carlo"


def _cards_option(values: list[str] | None, what: str) -> tuple[Card, ...]:
    try:
        return parse_cards(" ".join(values or []))
    except ValueError as exc:
        fail(f"{what}: {exc}")


def odds_record(hand: tuple[Card, ...], discard: tuple[Card, ...], dead: tuple[Card, ...], odds: DrawOdds) -> dict:
    """The JSON object: probabilities rounded to 0.1 % steps (three decimals)."""
    return {
        "cards": format_cards(hand),
        "kept": format_cards(odds.kept),
        "discard": format_cards(discard),
        "dead": format_cards(dead),
        "draws": odds.draws,
        "cards_drawn": odds.cards_drawn,
        "unseen": odds.unseen,
        "outs": odds.outs,
        "p_badugi": round(odds.p_badugi, 3),
        "p_badugi_by_draw": [round(p, 3) for p in odds.p_badugi_by_draw],
        "made": {_SIZE_NAMES[size]: round(p, 3) for size, p in odds.made().items()},
        "badugi_by_high_card": {RANKS[rank]: round(p, 3) for rank, p in odds.by_high_card(4).items()},
        "method": odds.method,
        "samples": odds.samples,
        "seed": odds.seed,
        "stderr": None if odds.stderr is None else round(odds.stderr, 4),
    }


def _percent(p: float) -> str:
    return f"{100 * p:5.1f}%"


@app.command("odds")
def odds_command(
    hand: Annotated[list[str], typer.Argument(metavar="CARDS", help='The four cards held, e.g. "As 2d 3h 3c".')],
    discard: Annotated[
        list[str] | None, typer.Option("--discard", metavar="CARDS", help='Cards thrown on the next draw, e.g. "3c" (repeatable).')
    ] = None,
    draws: Annotated[int, typer.Option("--draws", metavar="N", help="Draws left, 1 to 3.")] = 1,
    dead: Annotated[
        list[str] | None, typer.Option("--dead", metavar="CARDS", help="Cards known to be out of play (seen discards, ...).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object instead of text.")] = False,
    method: Annotated[
        OddsMethod,
        typer.Option("--method", metavar="METHOD", help="exact, monte-carlo, or auto: exact unless that takes seconds (3-card draws with 3 draws, 4-card with 2+)."),
    ] = OddsMethod.auto,
    samples: Annotated[int, typer.Option("--samples", metavar="N", help="Monte Carlo trials.")] = DEFAULT_SAMPLES,
    seed: Annotated[int, typer.Option("--seed", metavar="N", help="Monte Carlo seed.")] = DEFAULT_SEED,
) -> None:
    """Chance of making a badugi (and the rest of what the hand ends as) drawing to the kept cards, with
    1 to 3 draws left. Unseen cards are all cards not in the hand, the discards or --dead; after each
    draw the player keeps what improves the kept cards and stands pat on a badugi.

    Example: badugi odds "As 2d 3h 3c" --discard 3c --draws 3
    """
    held = _cards_option(hand, "hand")
    thrown = _cards_option(discard, "--discard")
    known_dead = _cards_option(dead, "--dead")
    if len(held) != 4:
        fail(f"a Badugi hand has 4 cards, got {len(held)}: {format_cards(held)!r}")
    missing = [str(c) for c in thrown if c not in held]
    if missing:
        fail(f"--discard {' '.join(missing)} not in the hand {format_cards(held)}")
    kept = tuple(c for c in held if c not in thrown)
    try:
        odds = draw_odds(kept, thrown, known_dead, draws, method=method.value, samples=samples, seed=seed)
    except ValueError as exc:
        fail(str(exc))
    if as_json:
        print_json(odds_record(held, thrown, known_dead, odds))
        return
    _print_text(held, odds)


def _print_text(hand: tuple[Card, ...], odds: DrawOdds) -> None:
    if odds.cards_drawn == 0:
        plan = "standing pat"
    else:
        kept = format_cards(odds.kept) if odds.kept else "nothing"
        plan = f"keep {kept}, draw {odds.cards_drawn}"
    how = "exact"
    if odds.method == "monte-carlo":
        how = f"Monte Carlo: {odds.samples:,} samples, seed {odds.seed}, standard error {100 * (odds.stderr or 0):.2f}%"
    typer.echo(
        f"{format_cards(hand)}: {plan}, {odds.draws} draw{'s' if odds.draws > 1 else ''} left;"
        f" {odds.outs} {'outs' if odds.cards_drawn == 1 else 'cards that fit'} among {odds.unseen} unseen ({how})"
    )
    by_draw = ", ".join(f"draw {i}: {100 * p:.1f}%" for i, p in enumerate(odds.p_badugi_by_draw, start=1))
    made = odds.made()
    typer.echo(f"badugi  {_percent(made[4])}   by {by_draw}")
    for rank, p in odds.by_high_card(4).items():
        typer.echo(f"  {RANKS[rank]}-high {_percent(p)}")
    for size in (3, 2, 1):
        typer.echo(f"{_SIZE_NAMES[size]}  {_percent(made[size])}")
