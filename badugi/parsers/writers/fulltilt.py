"""Hand -> the text the Full Tilt Poker client writes (2010-11 shape, as in the real files).

UTF-16LE with a BOM, CRLF, no trailing spaces, three empty lines after each hand. Differences from
PokerStars that matter: blinds come before ``The button is in seat #N``; ``*** HOLE CARDS ***``;
raises give the total only (``raises to $0.20``); all-in is ``, and is all in``; each draw block lists
every declaration first and then every deal (``Player7 is dealt 2 cards``), under a street line that
carries the pot (``*** FIRST DRAW *** (Pot: $0.20)``, single draw's ``*** DRAW *** (Pot: $2.05)``); labels
are ``a Badugi: Q, 4, 3, 2`` and low hands without the article (``J,7,5,3,2``, ``a pair of Sevens``); a winner
without a showdown ``mucks`` before ``wins the pot``; a split pot is ``ties for the pot``, a line per
winner; amounts use thousands separators.
"""

from __future__ import annotations

from collections.abc import Iterable

from badugi.engine.record import (
    Bet, Call, CapNotice, Check, Collect, Draw, DrawDeal, Fold, Hand, Limit, Muck, Noise, Post, PostKind, Raise, Show,
    Uncalled,
)

from badugi.parsers.rooms.fulltilt import FullTilt

from .base import (
    HandWriter, UnsupportedByRoom, cards_text, folded_text, game_words, hand_label, local_time, money, pot_totals,
    with_label, write_hands,
)

GAMES = FullTilt.GAMES
"""The header's game words, the reader's own table: ``Limit Badugi``, ``Limit 2-7 Triple Draw``, ``Limit A-5
Triple Draw``, ``No Limit 2-7 Single Draw`` (its stakes are the blinds, with ``Ante $0.05`` when there is one)."""

POST_WORDS = {
    PostKind.SMALL_BLIND: "posts the small blind of",
    PostKind.BIG_BLIND: "posts the big blind of",
    PostKind.DEAD_SMALL: "posts a dead small blind of",
    PostKind.EXTRA: "posts",
    PostKind.ANTE: "antes",
}
POT_WORDS = {"pot": "the pot", "main": "the main pot", "side": "the side pot"}


def write_hand(hand: Hand) -> str:
    """One hand as Full Tilt writes it (text, CRLF line ends, no separator after it)."""
    return _HandWriter(hand).text()


def write_file(hands: Iterable[Hand]) -> bytes:
    """A whole file as the client saves it: UTF-16LE, BOM once, three empty lines after each hand."""
    return write_hands(hands, _HandWriter, "utf-16-le")


class _HandWriter(HandWriter):
    """Writes one hand: each event by the shared ``LINES`` table (``HandWriter``) and the methods below. A
    draw's declarations and deals are buffered so that all declarations are written before all deals."""

    ROOM = "Full Tilt"
    DEALING = "*** HOLE CARDS ***"

    def __init__(self, hand: Hand) -> None:
        self.game_words = game_words(GAMES, hand, self.ROOM)
        if hand.tournament is not None:
            raise UnsupportedByRoom("the Full Tilt writer writes cash hands only (no Badugi tournament text is known)")
        if len(hand.claims.side_pots) > 1:
            raise UnsupportedByRoom("no Full Tilt text with more than one side pot is known")
        super().__init__(hand)
        self.pending_deals: list[str] = []
        self.pending_draw = 0
        self.pot = 0  # chips in the middle so far (for the draw street lines)
        self.round_in: dict[str, int] = {}
        self.street = 0
        collects = [e.pot for e in hand.events if isinstance(e, Collect)]
        self.split_pots = {pot for pot in collects if collects.count(pot) > 1}  # written "ties for"

    def amount(self, value: int) -> str:
        return money(value, self.hand.minor_per_major, thousands=True)

    def lines(self) -> list[str]:
        hand = self.hand
        out = [self.header()]
        for seat in hand.seats:
            suffix = ", is sitting out" if seat.sitting_out else ""
            out.append(f"Seat {seat.seat}: {seat.player} ({self.amount(seat.stack)}){suffix}")
        posts = [k for k, event in enumerate(hand.events) if type(event) is Post]
        button_after = posts[-1] if posts else -1  # the client writes it after the last blind
        if button_after < 0:
            out.append(f"The button is in seat #{hand.button}")
        for k, event in enumerate(hand.events):
            same_draw = type(event) in (Draw, DrawDeal) and event.draw == self.pending_draw
            if self.pending_deals and not same_draw:  # the draw block ended: its deals follow its declarations
                out.extend(self.pending_deals)
                self.pending_deals = []
            out.extend(self.event_lines(event))
            if k == button_after:
                out.append(f"The button is in seat #{hand.button}")
        out.extend(self.pending_deals)
        out.extend(self.summary())
        return out

    def header(self) -> str:
        hand = self.hand
        local = local_time(hand.start_time, hand.time_zone or "ET") if hand.start_time else None
        if local is None:
            raise UnsupportedByRoom("Full Tilt headers always carry a start time")
        when = f"{local.strftime('%H:%M:%S')} {hand.time_zone or 'ET'} - {local.strftime('%Y/%m/%d')}"
        small, big = hand.stakes.small_bet, hand.stakes.big_bet
        if hand.limit is not Limit.FIXED:  # the pair is the blinds
            small = hand.stakes.small_blind if hand.stakes.small_blind is not None else small
            big = hand.stakes.big_blind if hand.stakes.big_blind is not None else big
        stakes = f"{self.amount(small)}/{self.amount(big)}"
        if hand.stakes.ante:
            stakes += f" Ante {self.amount(hand.stakes.ante)}"
        size = f" ({hand.max_seats} max)" if hand.max_seats else ""
        return (f"Full Tilt Poker Game #{hand.hand_id}: Table {hand.table}{size} - {stakes} - {self.game_words}"
                f" - {when}")

    # ---- money tracking for the draw street lines ---------------------------------------------

    def _put(self, player: str, street: int, added: int) -> None:
        if street != self.street:
            self.street, self.round_in = street, {}
        self.pot += added
        self.round_in[player] = self.round_in.get(player, 0) + added

    def section_line(self, section: int) -> str | None:
        line = "*** DRAW ***" if section == 1 and self.draws == 1 else super().section_line(section)
        if line is None or not 1 <= section <= 3:
            return line
        return f"{line} (Pot: {self.amount(self.pot)})"  # a draw's carries the pot

    # ---- events ---------------------------------------------------------------------------------

    def post(self, event: Post) -> list[str]:
        words = POST_WORDS.get(event.kind)
        if words is None:
            raise UnsupportedByRoom(f"Full Tilt has no text for a {event.kind.value} post")
        live = 0 if event.kind in (PostKind.DEAD_SMALL, PostKind.ANTE) else event.amount
        self.pot += event.amount
        self.round_in[event.player] = self.round_in.get(event.player, 0) + live
        return [f"{event.player} {words} {self.amount(event.amount)}{_all_in(event.all_in)}"]

    def fold(self, event: Fold) -> list[str]:
        return self.enter(event.street) + [f"{event.player} folds"]

    def check(self, event: Check) -> list[str]:
        return self.enter(event.street) + [f"{event.player} checks"]

    def call(self, event: Call) -> list[str]:
        out = self.enter(event.street)
        added = event.amount - self.round_in.get(event.player, 0) if event.is_total else event.amount
        self._put(event.player, event.street, added)
        return out + [f"{event.player} calls {self.amount(added)}{_all_in(event.all_in)}"]

    def bet(self, event: Bet) -> list[str]:
        out = self.enter(event.street)
        self._put(event.player, event.street, event.amount)
        return out + [f"{event.player} bets {self.amount(event.amount)}{_all_in(event.all_in)}"]

    def raise_(self, event: Raise) -> list[str]:
        if event.raise_to is None:
            raise UnsupportedByRoom("Full Tilt writes the raise total, which this hand lacks")
        out = self.enter(event.street)
        if event.street != self.street:
            self.street, self.round_in = event.street, {}
        self._put(event.player, event.street, event.raise_to - self.round_in.get(event.player, 0))
        return out + [f"{event.player} raises to {self.amount(event.raise_to)}{_all_in(event.all_in)}"]

    def cap(self, event: CapNotice) -> list[str]:
        return []  # the Full Tilt client prints no cap line: the cap is only visible in the betting

    def draw(self, event: Draw) -> list[str]:
        out = self.enter(event.draw)
        hero = event.player == self.hand.hero
        if event.count == 0:
            if hero and event.held is not None:
                return out + [f"{event.player} stands pat on {cards_text(event.held)}"]
            return out + [f"{event.player} stands pat"]
        noun = "card" if event.count == 1 else "cards"
        shown = f" {cards_text(event.discards)}" if hero and event.discards is not None else ""
        return out + [f"{event.player} discards {event.count} {noun}{shown}"]

    def draw_deal(self, event: DrawDeal) -> list[str]:
        self.pending_draw = event.draw
        if event.player == self.hand.hero and event.new is not None:
            kept = f"{cards_text(event.kept)} " if event.kept else ""
            self.pending_deals.append(f"Dealt to {event.player} {kept}{cards_text(event.new)}")
        else:
            count = event.count if event.count is not None else len(event.new or ())
            noun = "card" if count == 1 else "cards"
            self.pending_deals.append(f"{event.player} is dealt {count} {noun}")
        return []

    def show(self, event: Show) -> list[str]:
        if not event.cards:
            raise UnsupportedByRoom(f"{event.player} shows face down (cards unknown): the room always shows them")
        return self.enter(4) + [f"{event.player} shows {cards_text(event.cards)} {self.label(event)}"]

    def label(self, show: Show) -> str:
        """``a Badugi: Q, 4, 3, 2``; a low hand without the article (``J,7,5,3,2``, ``a pair of Sevens``)."""
        return with_label(show.label or hand_label(show.cards, "fulltilt", self.hand.game), self.hand.game)

    def muck(self, event: Muck) -> list[str]:
        return [f"{event.player} mucks"]

    def uncalled(self, event: Uncalled) -> list[str]:
        self.pot -= event.amount
        return [f"Uncalled bet of {self.amount(event.amount)} returned to {event.player}"]

    def collect(self, event: Collect) -> list[str]:
        pot = POT_WORDS.get(event.pot)
        if pot is None:
            raise UnsupportedByRoom(f"no Full Tilt text for a pot named {event.pot!r}")
        verb = "ties for" if event.pot in self.split_pots else "wins"
        line = f"{event.player} {verb} {pot} ({self.amount(event.amount)})"
        show = self.facts.shown.get(event.player)
        if show is not None:
            line += f" with {self.label(show)}"
        return [line]

    def noise(self, event: Noise) -> list[str]:
        return [event.text]

    # ---- summary --------------------------------------------------------------------------------

    def summary(self) -> list[str]:
        hand, facts = self.hand, self.facts
        total, rake = pot_totals(hand, facts)
        pots = f"Total pot {self.amount(total)}"
        if hand.claims.side_pots:
            pots += (f" Main pot {self.amount(hand.claims.main_pot or 0)}."
                     f" Side pot {self.amount(hand.claims.side_pots[0])}.")
        out = ["*** SUMMARY ***", f"{pots} | Rake {self.amount(rake)}"]
        for seat in hand.seats:
            line = self.seat_result(seat.player)
            if line is not None:
                out.append(f"Seat {seat.seat}: {seat.player}{self.tags(seat.player)} {line}")
        return out

    def tags(self, player: str) -> str:
        """Full Tilt tags the button, or the blind; heads-up the button is only ``(small blind)``."""
        blind = self.facts.blinds.get(player)
        if blind:
            return f" ({blind})"
        seat = self.hand.seat_of(player)
        return " (button)" if seat is not None and seat.seat == self.hand.button else ""

    def seat_result(self, player: str) -> str | None:
        facts = self.facts
        won = facts.won.get(player, 0)
        if player in facts.shown:
            show = facts.shown[player]
            result = f"won ({self.amount(won)})" if won else "lost"
            return f"showed {cards_text(show.cards)} and {result} with {self.label(show)}"
        folded = folded_text(facts, player, self.draws)
        if folded is not None:
            return folded
        seat = self.hand.seat_of(player)
        if seat is not None and seat.sitting_out:
            return "is sitting out"
        muck = facts.mucked.get(player)
        if won:
            return f"collected ({self.amount(won)})" + (", mucked" if muck is not None else "")
        cards = muck.cards if muck is not None else None
        if muck is not None and cards is None:  # a parsed hand keeps the summary's mucked cards there
            cards = next((s.cards for s in self.hand.claims.summary if s.player == player and s.cards), None)
        if cards is not None:
            return f"mucked {cards_text(cards)} - {with_label(hand_label(cards, 'fulltilt', self.hand.game), self.hand.game)}"
        return None


def _all_in(flag: bool) -> str:
    return ", and is all in" if flag else ""
