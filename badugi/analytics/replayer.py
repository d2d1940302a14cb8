"""The hand replayer: one hand's replay as compact step data for the inlined step-through view
(``assets/replayer.js``), in the report and as a standalone page (``badugi replay --html``).

A hand is shown as *frames*: frame 0 is the table before the first post, frame ``k`` is the state
right after ``Replay.steps[k - 1]`` (pot and stacks exactly as the replay derived them), and the last
frame is the result (pots, shown hands, each player's stack after the pots were paid: starting stack
plus net).

Cards appear when the room showed them: the hero's (``focus``) at the deal and after each of their
draws; every other player's only when the log names them, at their stage, unless they are revealed at
the showdown, whose cards (and anything the replay inferred back from them) show only at the end.

Every text here is untrusted (player names, table names, hand ids): the JSON is written so that it
cannot close its ``<script>`` element, and the JS only ever sets ``textContent``.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable, Mapping
from importlib import resources
from typing import Any

from badugi.engine.cards import format_cards
from badugi.engine.evaluator import evaluate
from badugi.engine.record import Hand
from badugi.engine.replay_model import Replay, Step

SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "CNY": "¥", "INR": "₹"}
LIMITS = {"fl": "Fixed limit", "pl": "Pot limit", "hpl": "Half-pot limit", "nl": "No limit"}
DATA_ID = "replayer-data"


def money_format(currency: str | None) -> tuple[int, str, str]:
    """How the page shows an amount of this currency: (minor units per unit, prefix, suffix).
    Chips (tournament, play, no currency) are whole numbers; cash has two decimals and its symbol, or
    its code after the number when it has no symbol."""
    if currency in (None, "CHIPS", "PLAY"):
        return 1, "", ""
    symbol = SYMBOLS.get(currency, "")
    return 100, symbol, "" if symbol else f" {currency}"


def format_money(amount: int, currency: str | None) -> str:
    """The page's money text (the JS ``money`` twin): ``$1,234.50``, ``-$0.25``, ``0.50 CAD``, ``1,500``."""
    per, prefix, suffix = money_format(currency)
    sign = "-" if amount < 0 else ""
    if per == 1:
        return f"{sign}{abs(amount):,}"
    whole, cents = divmod(abs(amount), per)
    return f"{sign}{prefix}{whole:,}.{cents:02d}{suffix}"


def _signed(amount: int, currency: str | None) -> str:
    return ("+" if amount > 0 else "") + format_money(amount, currency)


def _label(cards: tuple[int, ...]) -> str:
    try:
        return evaluate(cards).label() if len(cards) == 4 else ""
    except ValueError:
        return ""


def hand_info(hand: Hand) -> str:
    """One line about the hand: structure, stakes, time, table."""
    cur = hand.currency
    stakes = f"{format_money(hand.stakes.small_bet, cur)}/{format_money(hand.stakes.big_bet, cur)}"
    parts = [f"{LIMITS.get(str(hand.limit), str(hand.limit))} {stakes}" + (f" {cur}" if cur else "")]
    if hand.tournament is not None:
        parts.append("tournament")
    if hand.start_time is not None:
        parts.append(f"{hand.start_time:%Y-%m-%d %H:%M} UTC")
    if hand.table:
        parts.append(f"table {hand.table}")
    parts.append(f"{hand.source.file}:{hand.source.line}" if hand.source.file else "")
    return " · ".join(p for p in parts if p)


def _cards_shown(hand: Hand, r: Replay, focus: set[str], draw_frames: dict[tuple[str, int], int],
                 last: int) -> list[list[Any]]:
    """``[player index, first frame, cards, label]`` rows: each player's known cards from the frame the
    room showed them (see the module docstring)."""
    index = {name: k for k, name in enumerate(r.order)}
    out: list[list[Any]] = []
    for facts in r.players:
        k = index.get(facts.player)
        if k is None:
            continue
        held = facts.holdings
        early = facts.player in focus or facts.player == hand.hero or held.shown is None
        if early:
            stages = (held.dealt, *held.after)
            for stage, cards in enumerate(stages):
                frame = 0 if stage == 0 else draw_frames.get((facts.player, stage))
                if cards is not None and frame is not None:
                    out.append([k, frame, format_cards(cards), _label(cards)])
        if held.shown is not None:
            out.append([k, last, format_cards(held.shown), _label(held.shown)])
    out.sort(key=lambda row: (row[0], row[1]))
    return out


def _result_lines(hand: Hand, r: Replay) -> list[str]:
    cur = hand.currency
    lines = []
    paid_as = "awarded by the rules (no collect claims)" if r.awards_derived else "paid"
    for k, pot in enumerate(r.pots):
        name = "Main pot" if k == 0 else f"Side pot {k}"
        winners = "undetermined (hidden cards)" if pot.winners is None else " & ".join(pot.winners)
        paid = ", ".join(f"{who} {format_money(a, cur)}" for who, a in pot.paid)
        lines.append(f"{name} {format_money(pot.amount, cur)} among {', '.join(pot.eligible)}: won by {winners}"
                     + (f"; {paid_as} {paid}" if paid else ""))
    if r.rake is not None:
        lines.append(f"Rake {format_money(r.rake, cur)}")
    if r.undetermined:
        lines.append("Undetermined (hidden cards): " + ", ".join(r.undetermined))
    return lines


def _compact_steps(steps: Iterable[Step], index: Mapping[str, int], starts: list[int]) -> list[list[Any]]:
    """``[line, street, player index, kind, amount, pot, to_call, stacks, note]`` per step, where
    ``stacks`` is just the actor's stack when no one else's changed (nearly always), else the full list."""
    out: list[list[Any]] = []
    before = list(starts)
    for s in steps:
        k = index.get(s.player, -1)
        stacks = list(s.stacks)
        changed = [j for j in range(len(stacks)) if j >= len(before) or stacks[j] != before[j]]
        packed: int | list[int] = stacks[k] if k >= 0 and len(stacks) == len(before) and changed in ([], [k]) \
            else stacks
        out.append([s.line, s.street, k, s.kind, s.amount, s.pot, s.to_call, packed, s.note])
        before = stacks
    return out


def hand_data(hand: Hand, r: Replay, focus: Iterable[str] = ()) -> dict[str, Any]:
    """One hand's replayer data (compact lists; ``assets/replayer.js`` reads them)."""
    focus_set = set(focus)
    facts = {f.player: f for f in r.players}
    seats = {s.player: s for s in hand.seats}
    starts = [facts[p].starting_stack if p in facts else (seats[p].stack if p in seats else 0) for p in r.order]
    index = {name: k for k, name in enumerate(r.order)}
    steps = r.steps
    draw_frames: dict[tuple[str, int], int] = {}
    frame_of_line: dict[int, int] = {}
    for n, s in enumerate(steps, start=1):
        if s.kind == "draw":
            draw_frames.setdefault((s.player, s.street), n)
        if s.line:
            frame_of_line.setdefault(s.line, n)
    last = len(steps) + 1
    hero = next((p for p in r.order if p in focus_set), hand.hero if hand.hero in index else None)
    nets = [facts[p].net if p in facts else None for p in r.order]
    return {
        "title": f"{hand.room} hand #{hand.hand_id}",
        "info": hand_info(hand),
        "money": list(money_format(hand.currency)),
        "hero": index[hero] if hero is not None else -1,
        "players": [[p, seats[p].seat if p in seats else 0, facts[p].position if p in facts else "", starts[k]]
                    for k, p in enumerate(r.order)],
        "steps": _compact_steps(steps, index, starts),
        "cards": _cards_shown(hand, r, focus_set, draw_frames, last),
        "violations": [[frame_of_line.get(v.line, -1), v.line, v.code, v.message] for v in r.violations],
        "result": {
            "showdown": r.showdown,
            "pot": r.total_pot,
            "lines": _result_lines(hand, r),
            "net": nets,
            "final": [None if net is None else start + net for start, net in zip(starts, nets)],
        },
    }


def script_json(value: Any) -> str:
    """JSON safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` at all (each written as its
    ``\\u`` escape, which JSON.parse reads back), so no text can close the element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return (text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def _asset(name: str) -> str:
    return (resources.files("badugi.analytics") / "assets" / name).read_text(encoding="utf-8")


def replayer_assets(hands: Mapping[str, dict[str, Any]]) -> str:
    """The replayer's style, data and script, once per page (an empty string when no hand is listed)."""
    if not hands:
        return ""
    return (f"<style>{_asset('replayer.css')}</style>\n"
            f'<script type="application/json" id="{DATA_ID}">{script_json(hands)}</script>\n'
            f"<script>{_asset('replayer.js')}</script>")


def hand_button(key: str, text: str | None = None, title: str = "") -> str:
    """A button that opens the replayer on hand ``key`` (``room:hand_id``)."""
    label = text if text is not None else "#" + key.split(":", 1)[-1]
    return (f'<button type="button" class="rp-open" data-hand="{html.escape(key, quote=True)}"'
            + (f' title="{html.escape(title, quote=True)}"' if title else "")
            + f">▶ {html.escape(label)}</button>")


def hand_key(hand: Hand) -> str:
    return f"{hand.room}:{hand.hand_id}"


def replayer_page(hand: Hand, r: Replay, focus: Iterable[str] = ()) -> str:
    """A standalone page with one hand in the replayer, open (offline, nothing fetched)."""
    key = hand_key(hand)
    title = html.escape(f"{hand.room} hand #{hand.hand_id}")
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>Badugi replay: {title}</title>"
            "<style>body { font-family: -apple-system, \"Segoe UI\", Helvetica, Arial, sans-serif; margin: 0 auto; "
            "max-width: 1200px; padding: 16px; color: #1f2328; background: #fff; }</style></head>\n<body>\n"
            f'<div class="rp-inline" data-hand="{html.escape(key, quote=True)}"></div>\n'
            f"{replayer_assets({key: hand_data(hand, r, focus)})}\n</body></html>\n")
