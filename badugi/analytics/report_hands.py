"""The report's lists of hands (biggest pots, every showdown lost, leak examples), each hand opening the
replayer: which hands, their table rows, and the replayer data for exactly those hands (nothing else
is embedded, so the page grows by about a kilobyte per listed hand).
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from datetime import datetime
from typing import Any

import duckdb

from badugi.analytics.money import MONEY_SQL
from badugi.analytics.replayer import format_money, hand_button, hand_data
from badugi.analytics.selection import BIG_BLIND_SQL, STAKES_SQL, Selection
from badugi.analytics.stored_hands import HandKey, replay_stored
from badugi.engine.cards import format_cards
from badugi.engine.evaluator import evaluate
from badugi.engine.record import Hand
from badugi.engine.replay_model import Replay

BIGGEST_POTS = 10
"""Hands in the biggest-pots list (by pot size in big blinds, so every currency compares)."""
SHOWDOWNS_LOST = 200
"""At most this many showdowns lost are listed (the costliest first, in big blinds); the page says when
there are more. Each listed hand adds its replay data (~1 KB) to the page."""

_ROWS_SQL = f"""
SELECT p.room, p.room_hand_id, p.player, h.start_time, p.position, ({STAKES_SQL}) AS stakes, h.currency,
       ({MONEY_SQL}) AS kind, h.derived_total_pot AS pot, {BIG_BLIND_SQL} AS bb, p.net
FROM hand_players p JOIN hands h ON h.room = p.room AND h.room_hand_id = p.room_hand_id
"""


def _rows(con: duckdb.DuckDBPyConnection, sql: str, params: list[Any]) -> list[dict[str, Any]]:
    cursor = con.execute(sql, params)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row)) for row in cursor.fetchall()]


def biggest_pots(con: duckdb.DuckDBPyConnection, selection: Selection, limit: int = BIGGEST_POTS) -> list[dict[str, Any]]:
    """The biggest pots in big blinds that the selected player took part in (put money in voluntarily
    or saw the first draw, so not a pot they folded their blind to); ties: earliest first."""
    where, params = selection.where()
    return _rows(con, f"{_ROWS_SQL} WHERE {where} AND h.derived_total_pot IS NOT NULL AND (p.vpip OR p.saw_draw_1) "
                      f"ORDER BY h.derived_total_pot / {BIG_BLIND_SQL} DESC NULLS LAST, h.start_time NULLS LAST, "
                      "p.room, p.room_hand_id LIMIT ?", [*params, limit])


def showdowns_lost(con: duckdb.DuckDBPyConnection, selection: Selection,
                   limit: int = SHOWDOWNS_LOST) -> tuple[list[dict[str, Any]], int]:
    """Every showdown the selected player lost (won no part of any pot), the costliest first in big blinds
    (at most ``limit``), and how many there are."""
    where, params = selection.where()
    lost = f"WHERE {where} AND p.went_to_showdown AND p.won_at_showdown = false"
    total = con.execute(f"SELECT count(*) FROM hand_players p JOIN hands h ON h.room = p.room AND "
                        f"h.room_hand_id = p.room_hand_id {lost}", params).fetchone()[0]
    rows = _rows(con, f"{_ROWS_SQL} {lost} ORDER BY p.net / {BIG_BLIND_SQL} ASC NULLS LAST, "
                      "h.start_time NULLS LAST, p.room, p.room_hand_id LIMIT ?", [*params, limit])
    return rows, int(total)


def _key(row: dict[str, Any]) -> str:
    return f"{row['room']}:{row['room_hand_id']}"


class ListedHands:
    """The hands a report lists: replayed once, embedded once however many lists name them."""

    def __init__(self, con: duckdb.DuckDBPyConnection, focus: Iterable[str]) -> None:
        self.con = con
        self.focus = set(focus)
        self.wanted: dict[str, HandKey] = {}
        self.replays: dict[str, tuple[Hand, Replay]] = {}

    def want(self, keys: Iterable[str]) -> None:
        for key in keys:
            room, _, hand_id = key.partition(":")
            self.wanted.setdefault(key, (room, hand_id))

    def load(self) -> None:
        """Rebuild and replay every wanted hand from the store."""
        missing = [k for k in self.wanted if k not in self.replays]
        found = replay_stored(self.con, [self.wanted[k] for k in missing]) if missing else {}
        for key in missing:
            if self.wanted[key] in found:
                self.replays[key] = found[self.wanted[key]]

    def data(self) -> dict[str, dict[str, Any]]:
        return {key: hand_data(hand, result, self.focus) for key, (hand, result) in self.replays.items()}

    def button(self, key: str) -> str:
        """The hand's replayer button, or its plain id when it is not in the store any more."""
        if key not in self.replays:
            return html.escape(key)
        hand = self.replays[key][0]
        return hand_button(key, title=f"replay {hand.room} hand #{hand.hand_id} step by step")

    def final_cards(self, key: str, player: str | None) -> str:
        """A player's last known four cards in the hand and the evaluator's label ("" when unknown)."""
        if key not in self.replays or player is None:
            return ""
        facts = self.replays[key][1].facts(player)
        if facts is None:
            return ""
        held = facts.holdings
        for cards in (held.shown, *reversed(held.after), held.dealt):
            if cards is not None:
                try:
                    label = evaluate(cards).label() if len(cards) == 4 else ""
                except ValueError:
                    label = ""
                return f"{format_cards(cards)} ({label})" if label else format_cards(cards)
        return ""

    def winners(self, key: str) -> list[str]:
        if key not in self.replays:
            return []
        pots = self.replays[key][1].pots
        return list(pots[0].winners or ()) if pots else []


def _when(value: datetime | None) -> str:
    return "–" if value is None else f"{value:%Y-%m-%d %H:%M}"


def _pot_cell(row: dict[str, Any]) -> str:
    pot = row["pot"]
    if pot is None:
        return "–"
    text = format_money(pot, row["currency"])
    if row["bb"]:
        text += f" ({pot / row['bb']:,.1f} bb)"
    return html.escape(text)


def _net_cell(row: dict[str, Any]) -> str:
    net = row["net"]
    if net is None:
        return "unknown"
    text = ("+" if net > 0 else "") + format_money(net, row["currency"])
    return f'<span class="{"pos" if net >= 0 else "neg"}">{html.escape(text)}</span>'


def hand_table(rows: list[dict[str, Any]], hands: ListedHands, section: str, versus: bool = False) -> str:
    """A table of listed hands, one replayer button each. ``versus`` adds the winner's hand."""
    if not rows:
        return '<p class="note">None.</p>'
    head = ('<tr><th class="l">hand</th><th class="l">played (UTC)</th><th class="l">stakes</th>'
            '<th class="l">position</th><th class="l">cards</th>'
            + ('<th class="l">winner\'s cards</th>' if versus else "") + "<th>pot</th><th>net</th></tr>")
    out = [f'<table class="hands" data-list="{html.escape(section, quote=True)}">{head}']
    for row in rows:
        key = _key(row)
        cells = [hands.button(key), html.escape(_when(row["start_time"])), html.escape(row["stakes"] or ""),
                 html.escape(row["position"] or ""), html.escape(hands.final_cards(key, row["player"]))]
        if versus:
            winners = hands.winners(key)
            cells.append(html.escape("; ".join(f"{w}: {hands.final_cards(key, w) or '?'}" for w in winners)))
        out.append("<tr>" + "".join(f'<td class="l">{c}</td>' for c in cells)
                   + f"<td>{_pot_cell(row)}</td><td>{_net_cell(row)}</td></tr>")
    out.append("</table>")
    return "\n".join(out)


def hands_section(biggest: list[dict[str, Any]], lost: list[dict[str, Any]], lost_total: int,
                  hands: ListedHands) -> str:
    """The report's Hands section: biggest pots, then every showdown lost."""
    more = (f" The {len(lost):,} costliest of {lost_total:,} are listed; <code>badugi replay</code> shows any "
            "other." if lost_total > len(lost) else "")
    return (f"<h3>Biggest pots</h3><p class=\"note\">The {len(biggest)} biggest pots (in big blinds) the player "
            "took part in (put money in voluntarily or saw the first draw). Click a hand to step through it: "
            "next / previous, or the arrow keys.</p>" + hand_table(biggest, hands, "biggest-pots")
            + f"<h3>Showdowns lost ({lost_total:,})</h3><p class=\"note\">Every showdown the player lost, the "
            f"costliest first (in big blinds).{more}</p>" + hand_table(lost, hands, "showdowns-lost", versus=True))


def keys_of(rows: Iterable[dict[str, Any]]) -> list[str]:
    return [_key(row) for row in rows]
