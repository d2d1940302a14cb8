"""Hand -> the text the PokerStars client writes (2010 shape, as in the real files).

CRLF line ends, a UTF-8 BOM before the first hand of a file only, three empty lines after every hand,
and one trailing space exactly on the lines where the client puts one (``folds ``, ``checks ``,
``stands pat ``, ``mucks hand ``, ``doesn't show hand ``, seat lines, the total-pot line,
``from side pot-N ``). Hidden information is dropped as the client drops it: only the hero's hole
cards, discards and draws are named; showdown mucks are revealed in the summary only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from badugi.engine.record import (
    Bet, Call, CapNotice, Check, Collect, Draw, DrawDeal, Fold, Hand, Limit, Muck, Noise, Post, PostKind, Raise,
    Show, Uncalled,
)

from badugi.parsers.rooms.pokerstars import PokerStars

from .base import (
    HandWriter, UnsupportedByRoom, cards_text, folded_text, game_words, hand_label, local_time, money, pot_totals,
    position_tags, with_label, write_hands,
)

TRAILING_SPACE_NOISE = re.compile(r"(?:: sits out|^.+ is connected|^.+ joins the table at seat #\d+)$")
"""Noise lines the client ends with a space (``cuchiku: sits out ``, ``Player1 is connected ``)."""
GAMES = PokerStars.GAMES
"""The header's game words, the reader's own table: ``Badugi Limit`` (and ``Pot Limit``, ``No Limit``),
``Triple Draw 2-7 Lowball Limit``, ``Single Draw 2-7 Lowball No Limit``; for pot and no limit the header's
pair is the blinds, which the record keeps as small/big bet."""
POST_WORDS = {
    PostKind.SMALL_BLIND: "posts small blind",
    PostKind.BIG_BLIND: "posts big blind",
    PostKind.BOTH: "posts small & big blinds",
    PostKind.ANTE: "posts the ante",
}



def write_hand(hand: Hand) -> str:
    """One hand as PokerStars writes it, CRLF line ends, no BOM and no separator after it."""
    return _HandWriter(hand).text()


def write_file(hands: Iterable[Hand]) -> bytes:
    """A whole file: UTF-8, BOM before the first hand only, three empty lines after each hand."""
    return write_hands(hands, _HandWriter, "utf-8")


class _HandWriter(HandWriter):
    """Writes one hand: each event by the shared ``LINES`` table (``HandWriter``) and the methods below."""

    ROOM = "PokerStars"

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        self.game_words = game_words(GAMES, hand, self.ROOM)

    def lines(self) -> list[str]:
        out = self.header()
        for event in self.hand.events:
            out.extend(self.event_lines(event))
        if self.hand.cancelled:
            out.append("Hand cancelled")
        out.extend(self.summary())
        return out

    # ---- header ---------------------------------------------------------------------------------

    def amount(self, value: int) -> str:
        return money(value, self.hand.minor_per_major)

    def header(self) -> list[str]:
        hand = self.hand
        when = _timestamp(hand)
        stakes = hand.stakes
        game = self.game_words
        small, big = stakes.small_bet, stakes.big_bet
        if hand.limit is not Limit.FIXED:  # the pair is the blinds (the record may keep other bet units)
            small = stakes.small_blind if stakes.small_blind is not None else small
            big = stakes.big_blind if stakes.big_blind is not None else big
        if hand.tournament is None:
            first = (f"PokerStars Game #{hand.hand_id}:  {game} ({self.amount(small)}/{self.amount(big)} "
                     f"{hand.currency}) - {when}")
        else:
            tour = hand.tournament
            buy_in = f"{tour.buy_in} " if tour.buy_in else ""
            if tour.buy_in and not re.search(r" [A-Z]{3}$", tour.buy_in):  # the header names the buy-in currency
                buy_in += f"{hand.currency if hand.currency not in ('CHIPS', 'PLAY') else 'USD'} "
            level = tour.level or "Level I"
            if not level.startswith(("Level ", "Match Round ")):
                level = f"Level {level}"
            first = (f"PokerStars Game #{hand.hand_id}: Tournament #{tour.tournament_id}, {buy_in}{game}"
                     f" - {level} ({small}/{big}) - {when}")
        size = hand.max_seats or max((s.seat for s in hand.seats), default=2)
        out = [first, f"Table '{hand.table}' {size}-max Seat #{hand.button} is the button"]
        for seat in hand.seats:
            suffix = " is sitting out" if seat.sitting_out else f" {seat.note}" if seat.note else " "
            out.append(f"Seat {seat.seat}: {seat.player} ({self.amount(seat.stack)} in chips){suffix}")
        return out

    # ---- events ---------------------------------------------------------------------------------

    def post(self, event: Post) -> list[str]:
        words = POST_WORDS.get(event.kind)
        if words is None:
            raise UnsupportedByRoom(f"PokerStars has no text for a {event.kind.value} post")
        return [f"{event.player}: {words} {self.amount(event.amount)}{_all_in(event.all_in)}"]

    def fold(self, event: Fold) -> list[str]:
        return self.enter(event.street) + [f"{event.player}: folds "]

    def check(self, event: Check) -> list[str]:
        return self.enter(event.street) + [f"{event.player}: checks "]

    def call(self, event: Call) -> list[str]:
        if event.is_total:
            raise UnsupportedByRoom("PokerStars writes calls as the amount added, not a round total")
        return self.enter(event.street) + [
            f"{event.player}: calls {self.amount(event.amount)}{_all_in(event.all_in)}"]

    def bet(self, event: Bet) -> list[str]:
        return self.enter(event.street) + [
            f"{event.player}: bets {self.amount(event.amount)}{_all_in(event.all_in)}"]

    def raise_(self, event: Raise) -> list[str]:
        if event.raise_by is None or event.raise_to is None:
            raise UnsupportedByRoom("PokerStars writes both the raise increment and the total")
        return self.enter(event.street) + [
            f"{event.player}: raises {self.amount(event.raise_by)} to {self.amount(event.raise_to)}"
            f"{_all_in(event.all_in)}"]

    def cap(self, event: CapNotice) -> list[str]:
        return ["Betting is capped"]

    def section_line(self, section: int) -> str | None:
        """Single draw writes its draw without a section line (``pokerstars_single_draw``)."""
        if section == 1 and self.draws == 1:
            return None
        return super().section_line(section)

    def draw(self, event: Draw) -> list[str]:
        out = self.enter(event.draw)
        hero = event.player == self.hand.hero
        if event.count == 0:
            if hero and event.held is not None:
                out.append(f"{event.player}: stands pat on {cards_text(event.held)}")
            else:
                out.append(f"{event.player}: stands pat ")
            return out
        noun = "card" if event.count == 1 else "cards"
        shown = f" {cards_text(event.discards)}" if hero and event.discards is not None else ""
        out.append(f"{event.player}: discards {event.count} {noun}{shown}")
        return out

    def draw_deal(self, event: DrawDeal) -> list[str]:
        if event.player != self.hand.hero or event.new is None:
            return []
        if event.kept:
            return [f"Dealt to {event.player} {cards_text(event.kept)} {cards_text(event.new)}"]
        return [f"Dealt to {event.player} {cards_text(event.new)}"]

    def show(self, event: Show) -> list[str]:
        if not event.cards:
            raise UnsupportedByRoom(f"{event.player} shows face down (cards unknown): the room always shows them")
        label = event.label or hand_label(event.cards, "pokerstars", self.hand.game)
        return self.enter(4) + [f"{event.player}: shows {cards_text(event.cards)} ({label})"]

    def muck(self, event: Muck) -> list[str]:
        if self.facts.showdown:
            return self.enter(4) + [f"{event.player}: mucks hand "]
        return [f"{event.player}: doesn't show hand "]

    def uncalled(self, event: Uncalled) -> list[str]:
        return [f"Uncalled bet ({self.amount(event.amount)}) returned to {event.player}"]

    def collect(self, event: Collect) -> list[str]:
        pot = {"pot": "pot", "main": "main pot", "side": "side pot"}.get(event.pot)
        if pot is None:  # "side-N": the client ends this line with a space
            pot = f"side pot-{event.pot.removeprefix('side-')} "
        return [f"{event.player} collected {self.amount(event.amount)} from {pot}"]

    def noise(self, event: Noise) -> list[str]:
        text = event.text.rstrip()
        return [text + " " if TRAILING_SPACE_NOISE.search(text) else text]

    # ---- summary --------------------------------------------------------------------------------

    def summary(self) -> list[str]:
        hand, facts = self.hand, self.facts
        total, rake = pot_totals(hand, facts)
        pots = f"Total pot {self.amount(total)}"
        claims = hand.claims
        if claims.side_pots:
            main = claims.main_pot if claims.main_pot is not None else 0
            pots += f" Main pot {self.amount(main)}."
            if len(claims.side_pots) == 1:
                pots += f" Side pot {self.amount(claims.side_pots[0])}."
            else:
                pots += "".join(f" Side pot-{i} {self.amount(p)}." for i, p in enumerate(claims.side_pots, 1))
        out = ["*** SUMMARY ***", f"{pots} | Rake {self.amount(rake)} "]
        for seat in hand.seats:
            line = self.seat_result(seat.player)
            if line is not None:
                out.append(f"Seat {seat.seat}: {seat.player}{position_tags(hand, facts, seat.player)} {line}")
        return out

    def seat_result(self, player: str) -> str | None:
        facts = self.facts
        won = facts.won.get(player, 0)
        if player in facts.shown:
            show = facts.shown[player]
            label = show.label or hand_label(show.cards, "pokerstars", self.hand.game)
            result = f"won ({self.amount(won)})" if won else "lost"
            return f"showed {cards_text(show.cards)} and {result} with {with_label(label, self.hand.game)}"
        folded = folded_text(facts, player, self.draws, "before Flop" if self.draws == 1 else "before the Draw")
        if folded is not None:
            return folded
        if won or (self.hand.cancelled and player == self.hand.hero):
            return f"collected ({self.amount(won)})"
        muck = facts.mucked.get(player)
        if muck is not None and facts.showdown and muck.cards is not None:
            return f"mucked {cards_text(muck.cards)}"
        return None


def _all_in(flag: bool) -> str:
    return " and is all-in" if flag else ""


def _timestamp(hand: Hand) -> str:
    """``2010/09/05 10:32:15 ET`` for cash; tournaments add the local zone first:
    ``2010/11/10 17:20:01 CET [2010/11/10 11:20:01 ET]``."""
    if hand.start_time is None:
        raise UnsupportedByRoom("PokerStars headers always carry a start time")
    eastern = local_time(hand.start_time, "ET").strftime("%Y/%m/%d %H:%M:%S")
    zone = hand.time_zone or "ET"
    if zone == "ET":
        return f"{eastern} ET"
    local = local_time(hand.start_time, zone).strftime("%Y/%m/%d %H:%M:%S")
    return f"{local} {zone} [{eastern} ET]"
