"""``badugi replay``: one hand step by step as the rules replay it, with violations inline."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from badugi.analytics.replayer import replayer_page
from badugi.cli._output import fail, note, print_json, say
from badugi.cli.audit import read_hand_file
from badugi.cli.main import app
from badugi.engine.cards import format_cards
from badugi.engine.evaluator import evaluate
from badugi.engine.games import get_game
from badugi.engine.record import Hand
from badugi.engine.replay import replay
from badugi.engine.replay_model import Replay
from badugi.parsers.results import ParseFailure

STREETS = ("PRE-DRAW", "AFTER DRAW 1", "AFTER DRAW 2", "AFTER DRAW 3")
SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "CNY": "¥", "INR": "₹"}


def money(hand: Hand, amount: int) -> str:
    """Minor units as the room shows them: ``$0.25``, ``1500`` chips."""
    if hand.minor_per_major == 1:
        return str(amount)
    sign = "-" if amount < 0 else ""
    whole, cents = divmod(abs(amount), hand.minor_per_major)
    return f"{sign}{SYMBOLS.get(hand.currency, '')}{whole}.{cents:02d}"


def find_hand(path: Path, hand_id: str | None) -> Hand:
    """The hand ``hand_id`` of the file, or with no id its only hand (a clear error when it has several)."""
    if hand_id is None:
        results = [r for r in read_hand_file(path) if isinstance(r, (Hand, ParseFailure))]
        hands = [r for r in results if isinstance(r, Hand)]
        if len(results) == 1 and hands:
            return hands[0]
        if not hands:
            fail(f"{path}: no Badugi hand to replay (hands that failed to parse cannot be replayed; see badugi audit)")
        unread = len(results) - len(hands)
        shown = ", ".join(h.hand_id for h in hands[:5]) + (", ..." if len(hands) > 5 else "")
        fail(f"{path} holds {len(results)} hands{f' ({unread} unreadable)' if unread else ''}: "
             f"choose one with --hand ID ({shown})")
    wanted = hand_id.lstrip("#")
    for result in read_hand_file(path):
        if isinstance(result, Hand) and result.hand_id in (hand_id, wanted):
            return result
    fail(f"{path}: no hand #{wanted} (hands that failed to parse cannot be replayed; see badugi audit)")


def net_text(hand: Hand, amount: int | None) -> str:
    """A net with its sign (``+20``, ``-4``, ``0``); ``unknown`` where hidden cards decide a pot."""
    if amount is None:
        return "unknown (hidden cards)"
    return ("+" if amount > 0 else "") + money(hand, amount)


def _hand_text(cards: tuple[int, ...] | None, game: str = "badugi") -> str:
    """The cards and what they are worth in the hand's game: the Badugi label, the low hand's words, or
    both halves' of a split game (``Badugi: 9,7,2,A / Lo: 9,8,7,2,A``)."""
    if not cards:
        return "unknown"
    try:
        if game == "badugi":
            return f"{format_cards(cards)} ({evaluate(cards).label()})"
        values = get_game(game).values(cards)
        return f"{format_cards(cards)} ({' / '.join(value.label() for value in values)})"
    except ValueError:
        return format_cards(cards)


def replay_dict(hand: Hand, r: Replay) -> dict[str, Any]:
    """The JSON form of a replayed hand (money in minor units; ``minor_per_major`` says how to show it)."""
    return {
        "hand_id": hand.hand_id,
        "room": hand.room,
        "file": hand.source.file,
        "line": hand.source.line,
        "limit": str(hand.limit),
        "currency": hand.currency,
        "minor_per_major": hand.minor_per_major,
        "order": list(r.order),
        "steps": [{"line": s.line, "street": s.street, "player": s.player, "kind": s.kind, "amount": s.amount,
                   "pot": s.pot, "to_call": s.to_call, "stacks": dict(zip(r.order, s.stacks)), "note": s.note}
                  for s in r.steps],
        "holdings": {f.player: f.holdings.to_dict() for f in r.players},
        "pots": [p.to_dict() for p in r.pots],
        "total_pot": r.total_pot,
        "rake": r.rake,
        "awards_derived": r.awards_derived,
        "net": dict(r.net),
        "players": [f.to_dict() for f in r.players],
        "violations": [v.to_dict() for v in r.violations],
        "undetermined": list(r.undetermined),
    }


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A hand-history file.")],
    hand_id: Annotated[Optional[str], typer.Option(
        "--hand", metavar="ID", help="The room's hand id (e.g. 49164202872); optional when the file holds one hand. "
                                     "A PHH hand without a hand field is NAME#N (e.g. worked.phh#1).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
    html_out: Annotated[Optional[Path], typer.Option(
        "--html", metavar="OUT", help="Write the hand as a self-contained step-through page (opens offline) "
                                      "instead of the text: the table with stacks, the pot, every action and "
                                      "draw, known cards, violations inline.")] = None,
) -> None:
    """Show one hand as the rules replay it: each action with the pot, stacks and amount to call; after
    each draw the known holdings and the evaluator's hand; pots and who won them (awarded by the rules
    when the log claims no collections, e.g. PHH without winnings); violations inline.
    With --html OUT, write the hand's step-through page instead (next / previous buttons, arrow keys).
    Exit 0 when the hand is clean, 1 when it breaks a rule, 2 on usage errors.

    Example: badugi replay ../shared/real_hh/pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt --hand 49164202872
    --html hand.html
    """
    if not file.is_file():
        fail(f"{file}: no such file")
    hand = find_hand(file, hand_id)
    r = replay(hand)
    if html_out is not None:
        _write_page(html_out.expanduser(), replayer_page(hand, r))
    if as_json:
        print_json(replay_dict(hand, r))
    elif html_out is None:
        _print_text(hand, r)
    raise typer.Exit(1 if r.violations else 0)


def _write_page(out: Path, page: str) -> None:
    """Write the page whole or not at all (a temporary file renamed over ``out``)."""
    if out.is_dir():
        fail(f"--html {out} is a folder; give a file name such as {out / 'hand.html'}")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.tmp")
    tmp.write_text(page, encoding="utf-8")
    tmp.replace(out)
    note(f"wrote {out}")


def _print_text(hand: Hand, r: Replay) -> None:
    echo = say  # names, chat, file names and hand ids are untrusted text
    echo(f"{hand.room} hand #{hand.hand_id}  {hand.limit} {money(hand, hand.stakes.small_bet)}/"
         f"{money(hand, hand.stakes.big_bet)}  {hand.source.file}:{hand.source.line}")
    for f in r.players:
        hero = "  (hero)" if f.is_hero else ""
        echo(f"  seat {f.seat:>2} {f.position:<6} {f.player:<20} {money(hand, f.starting_stack):>10}{hero}")
    by_line: dict[int, list] = {}
    for v in r.violations:
        by_line.setdefault(v.line, []).append(v)
    shown_lines: set[int] = set()
    street = -1
    drawing = 0
    for s in r.steps:
        if s.kind == "draw":
            if drawing != s.street:
                if drawing:
                    _holdings_after(hand, r, drawing)
                drawing = s.street
                echo(f"*** DRAW {drawing} ***")
        elif s.kind not in ("post", "return") and (s.street != street or drawing):
            if drawing:
                _holdings_after(hand, r, drawing)
            street, drawing = s.street, 0
            echo(f"*** {STREETS[s.street] if s.street < len(STREETS) else s.street} ***")
        stacks = "  ".join(f"{name} {money(hand, x)}" for name, x in zip(r.order, s.stacks))
        if s.kind == "draw":
            what = s.note
        elif s.kind == "bet":
            what = f"bets {money(hand, s.amount)}"
        elif s.kind == "raise":
            what = f"raises to {money(hand, s.amount)}"
        elif s.kind in ("call", "post"):
            what = f"{s.kind}s {money(hand, s.amount)}" + (f" ({s.note})" if s.kind == "post" else "")
        elif s.kind == "return":
            what = f"gets {money(hand, s.amount)} back (uncalled)"
        else:
            what = s.kind + "s"
        owed = f" (to call {money(hand, s.to_call)})" if s.to_call else ""
        where = f"{s.line:>5}" if s.line else "     "
        echo(f"{where}  {s.player}: {what}{owed}  | pot {money(hand, s.pot)} | stacks {stacks}")
        if s.line and s.line not in shown_lines:
            shown_lines.add(s.line)
            for v in by_line.get(s.line, []):
                echo(f"       !! {v.code}: {v.message}")
    if drawing:
        _holdings_after(hand, r, drawing)
    echo("*** RESULT ***")
    for f in r.players:
        if f.holdings.shown is not None:
            echo(f"  {f.player} ends with {_hand_text(f.holdings.shown, hand.game)}")
    paid_as = "awarded by the rules (no collect claims)" if r.awards_derived else "paid"
    for k, p in enumerate(r.pots):
        name = "main pot" if k == 0 else f"side pot {k}"
        winners = "undetermined (hidden cards)" if p.winners is None else " & ".join(p.winners)
        paid = ", ".join(f"{who} {money(hand, a)}" for who, a in p.paid)
        echo(f"  {name} {money(hand, p.amount)} among {', '.join(p.eligible)}: won by {winners}"
             + (f"; {paid_as} {paid}" if paid else ""))
        for half in p.halves:
            won = "undetermined (hidden cards)" if half.winners is None else " & ".join(half.winners)
            echo(f"    {half.title} half {money(hand, half.amount)}: won by {won}")
    if r.rake is not None:
        echo(f"  rake {money(hand, r.rake)}")
    echo("  net: " + ", ".join(f"{p} {net_text(hand, n)}" for p, n in r.net))
    rest = [v for v in r.violations if v.line not in shown_lines]
    for v in rest:
        echo(f"  !! {v.file}:{v.line}: {v.code}: {v.message}")
    if r.undetermined:
        echo("  undetermined: " + ", ".join(r.undetermined))
    if not r.violations:
        echo("  no violations")


def _holdings_after(hand: Hand, r: Replay, draw: int) -> None:
    for f in r.players:
        cards = f.holdings.after[draw - 1] if 0 < draw <= 3 else None
        if cards is not None:
            say(f"       {f.player} holds {_hand_text(cards, hand.game)}")
