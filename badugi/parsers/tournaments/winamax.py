"""Winamax tournament summaries (``Winamax Poker - Tournament summary : ...``), one per file.

The shape::

    Winamax Poker - Tournament summary : Qualificatif 300€(7949467)      (name(id), " - Late registration")
    Player : Hero
    Buy-In : 9€ + 1€                                                     (or "Ticket uniquement": a ticket)
    Rebuy cost : 9€ + 1€ / Addon cost : 9€ + 1€ / Your rebuys : 4 / Your addons : 2
    Registered players : 18
    Total rebuys : 9 / Total addons : 3
    Prizepool : 300€
    Mode : sngType : sitngo / Speed : semiturbo / Levels : [10-20:0:360:holdem-no-limit,...]
    Tournament started 2011/05/28 19:10:00 UTC
    You played 36min 15s
    You finished in 9th place                                            ("in ... place": not written)
    You won 5€                                                           (when a prize was won)

The file is ``Player``'s; only that player's result is written. The game is the one the levels name.
"""

from __future__ import annotations

import re

from badugi.parsers.results import HandText
from badugi.parsers.tournament_record import Placing, TournamentSummary

from .common import Draft, SummaryReader, mark_hero, ordinal, read_amount, read_time

_LEVEL_GAME = re.compile(r"[^:,\]]+:[^:,\]]*:\d+:(?P<game>[a-z][\w-]*)")


class WinamaxSummaries(SummaryReader):
    ROOM = "winamax"
    STARTS = ((re.compile(r"Winamax Poker - Tournament summary : "), True),)
    LINES = (
        (re.compile(r"(?P<site>Winamax Poker) - Tournament summary : (?P<title>.*)\((?P<id>\d+)\)(?: - (?P<late>.+))?"),
         "header"),
        (re.compile(r"Player : (?P<name>.+)"), "player"),
        (re.compile(r"Buy-In : (?P<buy_in>.+?) \+ (?P<fee>.+)"), "buy_in"),
        (re.compile(r"Buy-In : (?P<text>.+)"), "buy_in_text"),
        (re.compile(r"(?P<what>Rebuy|Addon) cost : (?P<amount>.+?) \+ (?P<fee>.+)"), "cost"),
        (re.compile(r"Your (?P<what>rebuys|addons) : (?P<n>\d+)"), "yours"),
        (re.compile(r"Total (?P<what>rebuys|addons) : (?P<n>\d+)"), "totals"),
        (re.compile(r"Registered players : (?P<n>\d+)"), "entrants"),
        (re.compile(r"Prizepool : (?P<pool>.+)"), "prize_pool"),
        (re.compile(r"(?P<what>Mode|Speed) : (?P<value>.+)"), "flag"),
        (re.compile(r"Levels : \[(?P<levels>.*)\]"), "levels"),
        (re.compile(r"Tournament started (?P<when>.+)"), "started"),
        (re.compile(r"You played .+"), "played"),
        (re.compile(r"You finished in (?P<place>\d+\w\w|\.\.\.) place"), "place"),
        (re.compile(r"You won (?P<amount>.+)"), "won"),
    )

    def header(self, m: re.Match[str], draft: Draft, line: int) -> None:
        draft.set("tournament_id", m["id"], line)
        draft.set("site", m["site"], line)
        draft.set("name", m["title"].strip() or None, line)
        if m["late"]:
            draft.set("flags", (m["late"].strip(),), line)

    def player(self, m: re.Match[str], draft: Draft, line: int) -> None:
        draft.set("_player", m["name"].strip(), line)

    def buy_in(self, m: re.Match[str], draft: Draft, line: int) -> None:
        buy_in, fee = read_amount(m["buy_in"], line), read_amount(m["fee"], line)
        draft.set("currency", buy_in.currency or fee.currency, line)
        draft.set("buy_in", buy_in.hundredths, line)
        draft.set("fee", fee.hundredths, line)

    def buy_in_text(self, m: re.Match[str], draft: Draft, line: int) -> None:
        """``Buy-In : Ticket uniquement``: entered with a ticket; what it cost is not written."""
        draft.notes.append(f"line {line}: buy-in {m['text'].strip()!r} (its cost is not written)")

    def cost(self, m: re.Match[str], draft: Draft, line: int) -> None:
        total = read_amount(m["amount"], line).hundredths + read_amount(m["fee"], line).hundredths
        draft.set("rebuy_cost" if m["what"] == "Rebuy" else "addon_cost", total, line)

    def yours(self, m: re.Match[str], draft: Draft, line: int) -> None:
        draft.set("hero_rebuys" if m["what"] == "rebuys" else "hero_addons", int(m["n"]), line)

    def totals(self, m: re.Match[str], draft: Draft, line: int) -> None:
        draft.set("total_rebuys" if m["what"] == "rebuys" else "total_addons", int(m["n"]), line)

    def entrants(self, m: re.Match[str], draft: Draft, line: int) -> None:
        draft.set("entrants", int(m["n"]), line)

    def prize_pool(self, m: re.Match[str], draft: Draft, line: int) -> None:
        amount = read_amount(m["pool"], line)
        draft.set("prize_pool", amount.hundredths, line)
        draft.set("prize_pool_currency", amount.currency, line)

    def flag(self, m: re.Match[str], draft: Draft, line: int) -> None:
        draft.fields["flags"] = (*draft.fields.get("flags", ()), f"{m['what']}: {m['value'].strip()}")

    def levels(self, m: re.Match[str], draft: Draft, line: int) -> None:
        first = _LEVEL_GAME.match(m["levels"])
        if first is not None:
            draft.set("game", first["game"], line)

    def started(self, m: re.Match[str], draft: Draft, line: int) -> None:
        when, zone = read_time(m["when"], line)
        draft.set("start_time", when, line)
        draft.set("time_zone", zone, line)

    def played(self, m: re.Match[str], draft: Draft, line: int) -> None:
        """How long the player played: nothing to keep."""

    def place(self, m: re.Match[str], draft: Draft, line: int) -> None:
        draft.set("_place", None if m["place"] == "..." else ordinal(m["place"], line), line)

    def won(self, m: re.Match[str], draft: Draft, line: int) -> None:
        amount = read_amount(m["amount"], line)
        draft.set("_won", Placing(None, None, line, prize=amount.hundredths, prize_currency=amount.currency), line)

    def finish(self, draft: Draft, piece: HandText, file: str) -> TournamentSummary:
        fields = draft.fields
        player = fields.pop("_player", None)
        stated = "_place" in fields
        place = fields.pop("_place", None)
        won = fields.pop("_won", None)
        if won is not None and won.prize_currency is None:
            won = Placing(None, None, won.line, prize=won.prize, prize_currency=fields.get("currency"))
        places = (place,) if stated or won is not None else ()
        hero, draft.placings = mark_hero(draft.placings, player, places,
                                         draft.seen.get("_place", draft.seen.get("_won", piece.first_line)), won)
        return self.build(draft, piece, file, hero)
