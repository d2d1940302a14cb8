"""Full Tilt Poker tournament summaries (``Full Tilt Poker Tournament Summary ...``, the ``.fr`` site too).

The shape::

    Full Tilt Poker Tournament Summary $26 Super Turbo Matrix (244669447) Match 1 Hold'em No Limit (Matrix, Turbo)
    Buy-In: $5 + $0                                  ($ € T$ FTP "Play Chips"; buy-in + fee)
    Knockout Bounty: $15 / Add-On: $8 / Rebuy: $8
    Hero performed 1 Rebuy / Hero received 3 Knockout Bounty Awards
    Buy-In Chips: 300 / Add-On Chips: 1500 / Cashout value of 200 chips: $5
    6 Entries
    Total Add-Ons: 12 / Total Rebuys: 12 / Total Prize Pool: $150 / Total Cashout Pool: $10,950
    Top 2 finishers receive Step 3 Ticket
    Tournament started: 2012/11/23 09:20:04 EET [2012/11/23 02:20:04 ET]   (or "Wed, July 21, 2010 22:40 ET")
    Tournament finished: ... / Tournament is still in progress
    Still Playing - name
    1: Player0, $19.50                               (place: name[, prize: money, a ticket, "$51.12 (Cashout)"])
    Hero finished in 3rd place                       (or "in 8307th, 9204th and 9520th place.")

The player the file is for is the one ``finished in``, ``performed`` or ``received`` name. A player the
client had not loaded (``[Player not loaded]``) is listed with no name.
"""

from __future__ import annotations

import dataclasses
import re

from badugi.parsers.results import HandText
from badugi.parsers.tournament_record import Placing, TournamentSummary

from .common import Draft, SummaryError, SummaryReader, mark_hero, ordinal, read_amount, read_time

_TICKET = re.compile(r"(?P<amount>[$€£]\d[\d,.]*|\d[\d,.]* (?:T\$|FTP)) (?P<what>.*(?:Ticket|Token))")
_CASHOUT = re.compile(r"(?P<amount>.+) \(Cashout\)")
_PLACES = re.compile(r",? and |, ")
_GAME = re.compile(r"(?P<game>.*?)\s*(?:\((?P<flags>[^()]*)\))?")


class FullTiltSummaries(SummaryReader):
    ROOM = "fulltilt"
    STARTS = ((re.compile(r"Full ?Tilt ?Poker(?:\.\w+)? Tournament Summary "), True),)
    LINES = (
        (re.compile(r"(?P<site>Full ?Tilt ?Poker(?:\.\w+)?) Tournament Summary (?P<title>.*) \((?P<id>\d+)\)"
                    r"(?: Match (?P<match>\d+))?\s+(?P<rest>.+)"), "header"),
        (re.compile(r"Buy-In: (?P<buy_in>.+?) \+ (?P<fee>.+)"), "buy_in"),
        (re.compile(r"Knockout Bounty: (?P<amount>.+)"), "bounty"),
        (re.compile(r"(?P<what>Add-On|Rebuy): (?P<amount>.+)"), "cost"),
        (re.compile(r"(?P<what>Buy-In|Add-On|Rebuy) Chips: \d+|Cashout value of \d+ chips: .+"), "chips"),
        (re.compile(r"(?P<n>\d+) Entries"), "entrants"),
        (re.compile(r"Total (?P<what>Add-Ons|Rebuys): (?P<n>\d+)"), "totals"),
        (re.compile(r"Total Rebuys: (?P<n>\d+)Total Prize Pool: (?P<pool>.+)"), "joined"),
        (re.compile(r"Total Prize Pool: (?P<pool>.+)"), "prize_pool"),
        (re.compile(r"(?:Total|Current) Cashout Pool: .+"), "chips"),
        (re.compile(r"Top (?:\d+ )?finishers? receives? .+"), "target"),
        (re.compile(r"Tournament started: (?P<when>.+)"), "started"),
        (re.compile(r"Tournament finished: (?P<when>.+)"), "finished"),
        (re.compile(r"Tournament is still in progress"), "running"),
        (re.compile(r"Still Playing - (?P<name>.+)"), "still_playing"),
        (re.compile(r"(?P<place>\d+): (?P<rest>.+)"), "placing"),
        (re.compile(r"(?P<name>.+) performed (?P<n>\d+) (?P<what>Rebuy|Add-On)s?"), "performed"),
        (re.compile(r"(?P<name>.+) received (?P<n>\S+) Knockout Bounty Awards?"), "knockouts"),
        (re.compile(r"(?P<name>.+) finished in (?P<places>.+) place\.?"), "owner"),
        (re.compile(r"Some player names are missing from this summary .+"), "incomplete"),
    )
    NOT_LOADED = "[Player not loaded]"
    """What the client writes for a player whose name it had not loaded (read as no name)."""

    def header(self, m: re.Match[str], draft: Draft, line: int) -> None:
        draft.set("tournament_id", m["id"], line)
        draft.set("site", m["site"], line)
        draft.set("name", m["title"].strip() or None, line)
        if m["match"]:
            draft.set("part", f"Match {m['match']}", line)
        game = _GAME.fullmatch(m["rest"].strip())
        assert game is not None  # the pattern matches any text
        draft.set("game", game["game"] or None, line)
        if game["flags"]:
            draft.set("flags", tuple(f.strip() for f in game["flags"].split(",") if f.strip()), line)

    def buy_in(self, m: re.Match[str], draft: Draft, line: int) -> None:
        buy_in, fee = read_amount(m["buy_in"], line), read_amount(m["fee"], line)
        currencies = {a.currency for a in (buy_in, fee) if a.currency}
        if len(currencies) != 1:
            raise SummaryError("parse.summary.buy_in", line, f"cannot tell the currency of the buy-in {m.group(0)!r}")
        draft.set("currency", currencies.pop(), line)
        draft.set("buy_in", buy_in.hundredths, line)
        draft.set("fee", fee.hundredths, line)

    def bounty(self, m: re.Match[str], draft: Draft, line: int) -> None:
        """Full Tilt's bounty is part of the buy-in: ``$70 + $5`` with a ``$15`` bounty puts $55 in the prize
        pool (374 entries made the ``$20,570`` pool of NLHE-9max-MTT-USD-70-2013.ko.guar.txt)."""
        draft.set("bounty", read_amount(m["amount"], line).hundredths, line)
        draft.set("bounty_in_buy_in", True, line)

    def cost(self, m: re.Match[str], draft: Draft, line: int) -> None:
        draft.set("addon_cost" if m["what"] == "Add-On" else "rebuy_cost", read_amount(m["amount"], line).hundredths,
                  line)

    def chips(self, m: re.Match[str], draft: Draft, line: int) -> None:
        """Starting chips and cashout pools: chips, not money; nothing to keep."""

    def entrants(self, m: re.Match[str], draft: Draft, line: int) -> None:
        draft.set("entrants", int(m["n"]), line)

    def totals(self, m: re.Match[str], draft: Draft, line: int) -> None:
        draft.set("total_addons" if m["what"] == "Add-Ons" else "total_rebuys", int(m["n"]), line)

    def joined(self, m: re.Match[str], draft: Draft, line: int) -> None:
        """``Total Rebuys: 2Total Prize Pool: $55``: a client wrote two lines as one."""
        draft.set("total_rebuys", int(m["n"]), line)
        self.prize_pool(m, draft, line)
        draft.notes.append(f"line {line}: two lines written as one ({m.group(0)!r})")

    def prize_pool(self, m: re.Match[str], draft: Draft, line: int) -> None:
        amount = read_amount(m["pool"], line)
        draft.set("prize_pool", amount.hundredths, line)
        draft.set("prize_pool_currency", amount.currency, line)

    def target(self, m: re.Match[str], draft: Draft, line: int) -> None:
        draft.set("target", m.group(0).strip(), line)

    def started(self, m: re.Match[str], draft: Draft, line: int) -> None:
        when, zone = read_time(m["when"], line)
        draft.set("start_time", when, line)
        draft.set("time_zone", zone, line)

    def finished(self, m: re.Match[str], draft: Draft, line: int) -> None:
        draft.set("end_time", read_time(m["when"], line)[0], line)
        draft.set("status", "finished", line)

    def running(self, m: re.Match[str], draft: Draft, line: int) -> None:
        draft.set("status", "running", line)

    def still_playing(self, m: re.Match[str], draft: Draft, line: int) -> None:
        name = m["name"].strip()
        draft.placings.append(Placing(None, None if name == self.NOT_LOADED else name, line, still_playing=True))

    def placing(self, m: re.Match[str], draft: Draft, line: int) -> None:
        name, _, prize = m["rest"].partition(", ")
        placing = Placing(int(m["place"]), None if name.strip() == self.NOT_LOADED else name, line)
        if prize:
            placing = self.prize(placing, prize.strip(), line)
        draft.placings.append(placing)

    @staticmethod
    def prize(placing: Placing, text: str, line: int) -> Placing:
        """``$40``, ``$51.12 (Cashout)``, ``$13 MiniFTOPS Ticket`` (a ticket whose value is written),
        ``Step 3 Ticket`` (one whose value is not)."""
        cashout = _CASHOUT.fullmatch(text)
        ticket = _TICKET.fullmatch(text)
        if cashout is not None:
            amount = read_amount(cashout["amount"], line)
            return dataclasses.replace(placing, prize=amount.hundredths, prize_currency=amount.currency,
                                       prize_text="Cashout")
        if ticket is not None:
            amount = read_amount(ticket["amount"], line)
            return dataclasses.replace(placing, prize_text=text, ticket_value=amount.hundredths,
                                       prize_currency=amount.currency)
        try:
            amount = read_amount(text, line)
        except SummaryError:
            return dataclasses.replace(placing, prize_text=text)
        return dataclasses.replace(placing, prize=amount.hundredths, prize_currency=amount.currency)

    def incomplete(self, m: re.Match[str], draft: Draft, line: int) -> None:
        draft.notes.append(f"line {line}: the client says some player names are missing from the list")

    def performed(self, m: re.Match[str], draft: Draft, line: int) -> None:
        counts = draft.fields.setdefault("_counts", {})
        counts[(m["name"], "hero_rebuys" if m["what"] == "Rebuy" else "hero_addons")] = int(m["n"])

    def knockouts(self, m: re.Match[str], draft: Draft, line: int) -> None:
        if not m["n"].isdigit():  # "4 received %1 Knockout Bounty Awards": the client left its placeholder
            draft.notes.append(f"line {line}: the client left a placeholder unfilled ({m.group(0)!r}): "
                               "the knockouts won are not read")
            return
        draft.fields.setdefault("_counts", {})[(m["name"], "hero_knockouts")] = int(m["n"])

    def owner(self, m: re.Match[str], draft: Draft, line: int) -> None:
        places = tuple(ordinal(p, line) for p in _PLACES.split(m["places"]))
        draft.set("_owner", m["name"], line)
        draft.fields["_places"] = places

    def finish(self, draft: Draft, piece: HandText, file: str) -> TournamentSummary:
        fields = draft.fields
        counts: dict[tuple[str, str], int] = fields.pop("_counts", {})
        owner = fields.pop("_owner", None)
        places = fields.pop("_places", ())
        if owner is None:
            named = {name for name, _ in counts}
            owner = named.pop() if len(named) == 1 else None
        for (name, what), n in counts.items():
            if name == owner:
                fields[what] = n
            else:
                draft.notes.append(f"{what.replace('hero_', '')} of {name!r}, who is not the player the file is for")
        currency = fields.get("currency") or fields.get("prize_pool_currency")
        draft.placings = [p if p.prize is None or p.prize_currency else
                          Placing(p.place, p.player, p.line, p.entry, p.prize, currency, p.prize_text,
                                  p.ticket_value, p.still_playing)
                          for p in draft.placings]
        hero, draft.placings = mark_hero(draft.placings, owner, places, draft.seen.get("_owner", piece.first_line))
        return self.build(draft, piece, file, hero)
