"""PokerStars tournament summaries: the client's "Tournament Summary" text, the e-mailed "Tournament
History for your last N tournaments" (several summaries, a greeting, a footer), the older e-mail with
``Dear X,``, and the 2016 Full Tilt client, which wrote PokerStars' format (read here, as its hands are).

The shape::

    PokerStars Tournament #734703906, No Limit Hold'em
    Super Satellite                                  (the tournament's kind, when it has one)
    Buy-In: $2.00/$0.20 USD                          (buy-in/fee, buy-in/bounty/fee, 100 FPP, 300/20 = play chips)
    348 players
    $11.00 USD added to the prize pool by PokerStars
    Total Prize Pool: $696.00 USD
    Target Tournament #406766547 Buy-In: $11.00 USD
    Tournament started 2013/05/26 20:45:00 WET [2013/05/26 15:45:00 ET]
    Tournament finished 2013/05/26 18:55:18 ET
      63: Hero (United Kingdom), $5.22 (0.75%)       (place: name [re-entry] (country), result)
    You finished in 63rd place (eliminated at hand #99152964635).

Amounts without a currency mark are play chips. The player the file is for is the one listed at the
place ``You finished in`` states (or the ``requested by`` / ``Dear`` name of an e-mail).
"""

from __future__ import annotations

import dataclasses
import re

from badugi.parsers.results import HandText
from badugi.parsers.tournament_record import Placing, TournamentSummary

from .common import Draft, SummaryError, SummaryReader, mark_hero, ordinal, read_amount, read_time

PLAY = "PLAY"

_ROW_END = re.compile(r"\),\s*")
_PERCENT = re.compile(r"(?P<amount>.*?)\s*\((?P<pct>[\d.]+)%\)")
_REENTRY = re.compile(r"(?P<name>.*?) \[(?P<entry>\d+)\]")


def split_row(rest: str, line: int) -> tuple[str, str, str]:
    """``"badkarmatom (Horn (HOLLAND)), $1.00 (2%)"`` -> (name, country, result): the result follows the
    last ``),``; the country is the balanced parenthesised group before it (it may hold parentheses)."""
    ends = list(_ROW_END.finditer(rest))
    if not ends:
        raise SummaryError("parse.summary.placing", line, f"cannot read this results line: {rest!r}",
                           ("N: name (country), result",))
    end = ends[-1]
    head, result = rest[:end.start() + 1], rest[end.end():]
    depth = 0
    for k in range(len(head) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(head[k], 0)
        if depth == 0:
            if k == 0 or head[k - 1] != " ":
                break
            return head[:k - 1], head[k + 1:-1], result.strip()
    raise SummaryError("parse.summary.placing", line, f"cannot find the player's country in {rest!r}")


class PokerStarsSummaries(SummaryReader):
    ROOM = "pokerstars"
    STARTS = (
        (re.compile(r"(?:PokerStars(?: Home Game)?|Full Tilt) Tournament #\d+, "), True),
        (re.compile(r"Tournament History for your last \d+ tournaments?\b"), False),
    )
    LINES = (
        (re.compile(r"(?P<site>PokerStars(?: Home Game)?|Full Tilt) Tournament #(?P<id>\d+), (?P<game>.+)"), "header"),
        (re.compile(r"Tournament History for your last \d+ tournaments? requested by (?P<name>.+?)"
                    r"(?: \([^()]*\))?"), "requested"),
        (re.compile(r"Dear (?P<name>.+),"), "requested"),
        (re.compile(r"Buy-In: (?P<parts>.+)"), "buy_in"),
        (re.compile(r"(?P<n>\d+) players?"), "entrants"),
        (re.compile(r"(?P<amount>.+) added to the prize pool by PokerStars(?:\.com)?"), "added"),
        (re.compile(r"Total Prize Pool: ?(?P<pool>.*)"), "prize_pool"),
        (re.compile(r"Target Tournament #(?P<id>\d+)(?: Buy-In: (?P<buy_in>.+))?"), "target"),
        (re.compile(r"(?P<n>\d+) tickets? to the target tournament"), "target"),
        (re.compile(r"Tournament started(?: -)? (?P<when>.+)"), "started"),
        (re.compile(r"Tournament finished(?: -)? (?P<when>.+)"), "finished"),
        (re.compile(r"\s*(?P<place>\d+): (?P<rest>.+)"), "placing"),
        (re.compile(r"You finished in (?P<place>\d+\w\w) place(?: \(eliminated at hand #\d+\))?\."), "you"),
        (re.compile(r"You finished the tournament in (?P<place>\d+\w\w) place\.(?: A (?P<award>.+?) award has "
                    r"been credited to your .+? account\.)?"), "you"),
        (re.compile(r"Congratulations!|Thank you for participating\.|If you have any questions, please contact .+"),
         "boilerplate"),
    )
    DESCRIPTION = re.compile(r"[A-Za-z][^:]*")
    """A line between the first line and the buy-in naming the tournament's kind (``Super Satellite``,
    ``Freeroll``)."""

    def read_line(self, line: str, number: int, draft: Draft) -> None:
        if ("tournament_id" in draft.fields and "entrants" not in draft.fields and "buy_in" not in draft.fields
                and self.DESCRIPTION.fullmatch(line)
                and not any(p.fullmatch(line) for p, _ in self.LINES)):
            draft.seen["description"] = number
            name = draft.fields.get("name")
            draft.fields["name"] = f"{name}, {line.strip()}" if name else line.strip()
            return
        super().read_line(line, number, draft)

    # ---- one method per line kind ----------------------------------------------------------------

    def header(self, m: re.Match[str], draft: Draft, line: int) -> None:
        draft.set("tournament_id", m["id"], line)
        draft.set("site", m["site"], line)
        draft.set("game", m["game"].strip(), line)

    def requested(self, m: re.Match[str], draft: Draft, line: int) -> None:
        draft.seen["requested_by"] = line
        draft.fields.setdefault("_requested_by", m["name"])

    def buy_in(self, m: re.Match[str], draft: Draft, line: int) -> None:
        parts = [read_amount(p, line) for p in m["parts"].split("/")]
        if len(parts) > 3:
            raise SummaryError("parse.summary.buy_in", line, f"cannot read the buy-in {m['parts']!r}",
                               ("buy-in/fee or buy-in/bounty/fee",))
        currencies = {p.currency for p in parts if p.currency}
        if len(currencies) > 1:
            raise SummaryError("parse.summary.buy_in", line, f"the buy-in {m['parts']!r} names two currencies")
        draft.set("currency", currencies.pop() if currencies else PLAY, line)
        draft.set("buy_in", parts[0].hundredths, line)
        if len(parts) == 3:
            draft.set("bounty", parts[1].hundredths, line)
        if len(parts) > 1:
            draft.set("fee", parts[-1].hundredths, line)

    def entrants(self, m: re.Match[str], draft: Draft, line: int) -> None:
        draft.set("entrants", int(m["n"]), line)

    def added(self, m: re.Match[str], draft: Draft, line: int) -> None:
        amount = read_amount(m["amount"], line)
        draft.set("added", amount.hundredths, line)
        draft.fields.setdefault("_added_currency", amount.currency)

    def prize_pool(self, m: re.Match[str], draft: Draft, line: int) -> None:
        pool = m["pool"].strip()
        if not pool:
            return
        try:
            amount = read_amount(pool, line)
        except SummaryError:
            draft.set("prize_pool_text", pool, line)
            return
        draft.set("prize_pool", amount.hundredths, line)
        draft.set("prize_pool_currency", amount.currency, line)

    def target(self, m: re.Match[str], draft: Draft, line: int) -> None:
        text = m.group(0).strip()
        draft.fields["target"] = f"{draft.fields['target']}; {text}" if "target" in draft.fields else text
        if m.groupdict().get("buy_in"):
            draft.fields["_target_buy_in"] = read_amount(m["buy_in"], line)

    def started(self, m: re.Match[str], draft: Draft, line: int) -> None:
        when, zone = read_time(m["when"], line)
        draft.set("start_time", when, line)
        draft.set("time_zone", zone, line)

    def finished(self, m: re.Match[str], draft: Draft, line: int) -> None:
        when, _ = read_time(m["when"], line)
        draft.set("end_time", when, line)
        draft.fields["status"] = "finished"

    def placing(self, m: re.Match[str], draft: Draft, line: int) -> None:
        name, _country, result = split_row(m["rest"], line)
        entry = 1
        reentry = _REENTRY.fullmatch(name)
        if reentry is not None:
            name, entry = reentry["name"], int(reentry["entry"])
        place: int | None = int(m["place"])
        prize = currency = text = value = None
        still = result == "still playing"
        if still:
            place = None
        elif result:
            money = _PERCENT.fullmatch(result)
            try:
                amount = read_amount(money["amount"] if money else result, line)
                prize, currency = amount.hundredths, amount.currency
            except SummaryError:
                if money:
                    raise
                text = result.strip("() ")
                target = draft.fields.get("_target_buy_in")
                if target is not None and "qualified for the target" in text:
                    value, currency = target.hundredths, target.currency
        draft.placings.append(Placing(place, name, line, entry, prize, currency, text, value, still))

    def you(self, m: re.Match[str], draft: Draft, line: int) -> None:
        draft.fields.setdefault("_you", []).append(ordinal(m["place"], line))
        draft.seen["you"] = line
        if m.groupdict().get("award"):
            amount = read_amount(m["award"], line)
            draft.fields["_award"] = Placing(None, None, line, prize=amount.hundredths, prize_currency=amount.currency)

    def boilerplate(self, m: re.Match[str], draft: Draft, line: int) -> None:
        """E-mail text around the summary: nothing to keep."""

    # ---- the record ------------------------------------------------------------------------------

    def finish(self, draft: Draft, piece: HandText, file: str) -> TournamentSummary:
        fields = draft.fields
        requested = fields.pop("_requested_by", None)
        places = tuple(fields.pop("_you", ()))
        award = fields.pop("_award", None)
        added_currency = fields.pop("_added_currency", None)
        fields.pop("_target_buy_in", None)
        if "buy_in" not in fields and "freeroll" in (fields.get("name") or "").lower():
            fields["buy_in"], fields["fee"] = 0, 0  # a freeroll writes no buy-in line: it costs nothing
            fields["currency"] = fields.get("prize_pool_currency") or added_currency
        currency = fields.get("currency")
        if fields.get("prize_pool") is not None and fields.get("prize_pool_currency") is None:
            fields["prize_pool_currency"] = currency or PLAY
        if fields.get("added") is not None and fields.get("prize_pool_currency") is None:
            fields["prize_pool_currency"] = added_currency
        default = currency or fields.get("prize_pool_currency") or PLAY
        draft.placings = [p if p.prize is None or p.prize_currency else _with_currency(p, default)
                          for p in draft.placings]
        hero, draft.placings = mark_hero(draft.placings, requested, places, draft.seen.get("you", piece.first_line),
                                         award)
        return self.build(draft, piece, file, hero)


def _with_currency(placing: Placing, currency: str) -> Placing:
    return dataclasses.replace(placing, prize_currency=currency)
