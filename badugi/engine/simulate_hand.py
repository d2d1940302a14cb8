"""One simulated hand: the policies' decisions driven through the ``Table``, written as events.

Everything the table leaves to the dealer happens here: dealing from the ``Deck``, showdown order and
who shows or mucks, splitting each pot (odd chips clockwise from the button), the rake and the record.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Card
from .evaluator import hand_class, label
from .policies import POSITIONS, Decision, Move, Situation
from .record import (
    Bet, Call, CapNotice, Check, Claims, Collect, Deal, Draw, DrawDeal, Event, Fold, Hand, Limit, Muck, Noise,
    Post, PostKind, Raise, Seat, Show, Source, Stakes, Tournament, Uncalled,
)
from .simulate_model import CHAT, LABEL_STYLE, NOISE_LINES, ROMAN, Deck, SimulatedHand, Truth
from .table import BETTING, CALL, CHECK, DONE, DRAWING, FOLD, SHOWDOWN, Table

if TYPE_CHECKING:
    from .simulate import Simulator

MIDDLE_POSITIONS = POSITIONS[:7]


def position_names(n: int) -> list[str]:
    """Position of each table index (0 = first left of the button, n-1 = the button)."""
    if n == 2:
        return ["BB", "BTN"]
    middle = list(MIDDLE_POSITIONS[len(MIDDLE_POSITIONS) - (n - 3):]) if n > 3 else []
    return ["SB", "BB", *middle, "BTN"]


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class HandPlay:
    """One hand: drives the ``Table`` with the policies' decisions and writes the events."""

    def __init__(self, sim: Simulator, small_bet: int, big_bet: int, small_blind: int, big_blind: int,
                 level: int) -> None:
        self.sim, self.cfg, self.rng = sim, sim.config, sim.rng
        self.small_bet, self.big_bet = small_bet, big_bet
        self.small_blind, self.big_blind, self.level = small_blind, big_blind, level
        players = sim.players
        fixed = self.cfg.limit is Limit.FIXED
        self.table = Table([p.name for p in players], [p.seat for p in players], [p.stack for p in players],
                           sim.button, self.cfg.limit, small_bet if fixed else small_blind,
                           big_bet if fixed else big_blind, sim.rules, big_blind=big_blind)
        by_name = {p.name: p for p in players}
        self.players = [by_name[name] for name in self.table.names]
        self.positions = position_names(self.table.n)
        self.deck = Deck(self.rng, sim.rules.reshuffle_excludes_own_discards)
        self.hold: list[list[Card]] = [[] for _ in self.players]
        self.events: list[Event] = []
        self.voluntary = False
        self.aggressor: dict[int, int] = {}  # street -> index of the last bettor/raiser
        self.returned_seen = 0
        self.last_drawn: dict[int, int] = {}  # index -> cards drawn at the latest draw

    # ---- driving the table ------------------------------------------------------------------------

    def run(self) -> SimulatedHand:
        t = self.table
        self.post_blinds()
        t.start()
        self.deal()
        self.note_returns()
        while t.phase not in (DONE, SHOWDOWN):
            if t.phase == BETTING:
                self.betting_move()
            elif t.phase == DRAWING:
                self.draw_move()
            else:  # pragma: no cover - the table has no other live phase
                raise RuntimeError(f"unexpected table phase {t.phase}")
            self.note_returns()
        if t.phase == DONE:
            pots, rake = self.uncontested()
        else:
            pots, rake = self.showdown()
        return self.finish(pots, rake)

    def post_blinds(self) -> None:
        t = self.table
        for index, kind, amount in ((t.sb_index, PostKind.SMALL_BLIND, self.small_blind),
                                    (t.bb_index, PostKind.BIG_BLIND, self.big_blind)):
            amount = min(amount, t.stacks[index])
            problems = t.post(index, kind.value, amount)
            assert not problems, problems
            self.events.append(Post(t.names[index], kind, amount, all_in=t.stacks[index] == 0))

    def deal(self) -> None:
        for _ in range(self.sim.game.hand_size):  # one card at a time, starting left of the button
            for i in range(self.table.n):
                self.hold[i].extend(self.deck.deal(1))
        for i, player in enumerate(self.players):
            self.events.append(Deal(player.name, tuple(self.hold[i])))

    def note_returns(self) -> None:
        t = self.table
        while self.returned_seen < len(t.returned):
            index, amount = t.returned[self.returned_seen]
            self.events.append(Uncalled(t.names[index], amount))
            self.returned_seen += 1

    def betting_move(self) -> None:
        t = self.table
        i = t.to_act
        opts = t.legal()
        street = t.street
        situation = Situation(
            cards=tuple(self.hold[i]), position=self.positions[i], street=street, to_call=opts.to_call,
            pot=t.pot, raises=t.n_bets, can_raise=opts.min_to is not None,
            unopened=street == 0 and not self.voluntary, players_in_hand=t.n - sum(t.folded),
            opponents_drawn=tuple(n for j, n in self.last_drawn.items() if j != i and not t.folded[j]),
            game=self.sim.game)
        decision = self.players[i].policy.act(situation, self.rng)
        kind, amount = self.choose(opts, decision)
        bet_to_before, bets_before = t.bet_to, t.n_bets
        problems = t.act(i, kind, amount)
        assert not problems, (problems, t)
        name, all_in = t.names[i], t.stacks[i] == 0 and kind not in (FOLD, CHECK)
        if kind == FOLD:
            self.events.append(Fold(name, street))
        elif kind == CHECK:
            self.events.append(Check(name, street))
        elif kind == CALL:
            self.events.append(Call(name, street, opts.to_call, all_in=all_in))
            self.voluntary = True
        else:
            self.voluntary = True
            self.aggressor[street] = i
            if bet_to_before == 0:
                self.events.append(Bet(name, street, amount, all_in=all_in))
            else:
                self.events.append(Raise(name, street, amount - bet_to_before, amount, all_in=all_in))
            cap = self.sim.rules.cap_bets
            if (self.cfg.room == "pokerstars" and t.fixed and cap is not None and bets_before < cap <= t.n_bets):
                self.events.append(CapNotice(street))
        self.maybe_noise()

    def maybe_noise(self) -> None:
        """Now and then a line of table noise from someone at the table, in the room's words."""
        lines = NOISE_LINES.get(self.cfg.room)
        if not lines or self.cfg.noise_rate <= 0 or self.rng.random() >= self.cfg.noise_rate:
            return
        kind, template = self.rng.choice(lines)
        name = self.rng.choice(self.players).name
        text = template.format(name=name, message=self.rng.choice(CHAT))
        self.events.append(Noise(kind, name, text))

    def choose(self, opts, decision: Decision) -> tuple[int, int | None]:
        """Map a policy's wish onto a move ``legal()`` allows."""
        t = self.table
        if decision.move is Move.BET_RAISE and opts.min_to is not None:
            if t.fixed or opts.min_to == opts.max_to:
                return opts.raise_kind, opts.min_to
            size = decision.size * self.rng.uniform(0.4, 1.0)
            if self.cfg.limit is Limit.NO_LIMIT:
                target = t.bet_to + int(size * (t.pot + opts.to_call))
            else:
                target = opts.min_to + int((opts.max_to - opts.min_to) * min(size, 1.0))
            return opts.raise_kind, max(opts.min_to, min(opts.max_to, target))
        if opts.can_check:
            return CHECK, None
        if decision.move is Move.FOLD:
            return FOLD, None
        return CALL, None

    def draw_move(self) -> None:
        t = self.table
        i, draw_no = t.to_act, t.draw_no
        cards = tuple(self.hold[i])
        game, policy = self.sim.game, self.players[i].policy
        if game.name == "badugi":  # a policy written before the other games takes no game (Policy.discard)
            discards = tuple(policy.discard(cards, 4 - draw_no, self.rng))
        else:
            discards = tuple(policy.discard(cards, game.draws + 1 - draw_no, self.rng, game))
        problems = t.draw(i, len(discards))
        assert not problems, problems
        self.last_drawn[i] = len(discards)
        name = t.names[i]
        if not discards:
            self.events.append(Draw(name, draw_no, 0, held=cards))
            return
        kept = [c for c in cards if c not in discards]
        self.deck.discards.extend(discards)
        new = self.deck.deal(len(discards), own_discards=discards)
        self.hold[i] = kept + new
        self.events.append(Draw(name, draw_no, len(discards), discards=discards))
        self.events.append(DrawDeal(name, draw_no, len(discards), kept=tuple(kept), new=tuple(new)))

    # ---- settling -----------------------------------------------------------------------------------

    def rake(self, pot: int, drew: bool) -> int:
        cfg = self.cfg
        if cfg.tournament or cfg.rake_percent <= 0 or (self.sim.rules.no_draw_no_drop and not drew):
            return 0
        step = 5  # PokerStars: $0.05 for each full $1
        per_step = 100 * step // cfg.rake_percent  # pot size that earns one step
        return min(cfg.rake_cap, pot // per_step * step)

    def uncontested(self) -> tuple[list[tuple[int, list[str]]], int]:
        t = self.table
        winner = t.in_hand()[0]
        pot = t.pot
        rake = self.rake(pot, drew=t.ended_street > 0)
        name = t.names[winner]
        collect = Collect(name, pot - rake, "pot")
        if self.cfg.room == "fulltilt":
            self.events += [Muck(name), collect]
        else:
            self.events.append(collect)
            if self.cfg.room == "pokerstars" and self.rng.random() < self.cfg.hide_uncontested:
                self.events.append(Muck(name))
        return [(pot - rake, [name])], rake

    def values(self, live: list[int]) -> dict[int, tuple[int, ...]]:
        """Each live hand's class in every pot half (one half but in Badacey and Badeucey)."""
        game = self.sim.game
        if game.name == "badugi":
            return {i: (hand_class(*self.hold[i]),) for i in live}
        return {i: tuple(ranking.class_of(self.hold[i]) for ranking in game.halves) for i in live}

    def label(self, classes: tuple[int, ...], style: str | None) -> str | None:
        """The room's words for a shown hand (none for a split game: no room that writes labels deals one)."""
        game = self.sim.game
        if style is None or game.is_split:
            return None
        if game.name == "badugi":
            return label(classes[0], style)
        return game.halves[0].label(classes[0], style)

    def shares(self, amount: int, winners: list[list[int]]) -> dict[int, int]:
        """A pot's shares: split evenly among its winners, odd chips one each to the first left of the
        button. A split pot (two halves) whose halves different players win is halved first, the odd chip
        to the half ``Rules.split_odd_chip_half`` names (the five-card low half), each half then split
        among its own winners."""
        if all(set(w) == set(winners[0]) for w in winners[1:]):
            halves = [(amount, winners[0])]
        else:
            low = self.sim.rules.split_odd_chip_half
            amounts = [amount // 2, amount // 2]
            amounts[low] += amount % 2
            halves = list(zip(amounts, winners))
        out: dict[int, int] = {}
        for part, won in halves:
            share, odd = divmod(part, len(won))
            for n, i in enumerate(won):  # table index order = clockwise from the button
                out[i] = out.get(i, 0) + share + (1 if n < odd else 0)
        return {i: out[i] for i in sorted(out)}

    def showdown(self) -> tuple[list[tuple[int, list[str]]], int]:
        t = self.table
        live = t.in_hand()
        value = self.values(live)
        halves = range(len(value[live[0]]))
        first = self.aggressor.get(t.street, live[0])
        start = live.index(first)
        order = live[start:] + live[:start]
        pots = t.pots()
        rake = self.rake(t.pot, drew=True)
        remaining = rake
        amounts = []
        for amount, _ in pots:
            taken = min(remaining, amount)
            remaining -= taken
            amounts.append(amount - taken)
        names = self.pot_names(len(pots))
        shown: set[int] = set()
        revealed: set[int] = set()
        style = LABEL_STYLE.get(self.cfg.room)
        settled: list[tuple[int, list[str]]] = []
        for k in range(len(pots) - 1, -1, -1):
            eligible = pots[k][1]
            for i in order:
                if i not in eligible or i in revealed:
                    continue
                revealed.add(i)
                best = [min((value[j][h] for j in shown if j in eligible), default=None) for h in halves]
                cards = tuple(self.hold[i])
                could_win = any(b is None or value[i][h] <= b for h, b in enumerate(best))
                if could_win or self.rng.random() < self.cfg.show_losers:
                    shown.add(i)
                    self.events.append(Show(t.names[i], cards, self.label(value[i], style)))
                else:
                    self.events.append(Muck(t.names[i], cards))
            contenders = [i for i in eligible if i in shown]
            winners = []
            for h in halves:
                top = min(value[i][h] for i in contenders)
                winners.append([i for i in contenders if value[i][h] == top])  # table order: clockwise from button
            for i, share in self.shares(amounts[k], winners).items():
                self.events.append(Collect(t.names[i], share, names[k]))
            settled.append((amounts[k], [t.names[i] for i in sorted({i for won in winners for i in won})]))
        settled.reverse()
        return settled, rake

    @staticmethod
    def pot_names(count: int) -> list[str]:
        if count == 1:
            return ["pot"]
        if count == 2:
            return ["main", "side"]
        return ["main"] + [f"side-{k}" for k in range(1, count)]

    def finish(self, pots: list[tuple[int, list[str]]], rake: int) -> SimulatedHand:
        t, cfg, sim = self.table, self.cfg, self.sim
        won: dict[str, int] = {}
        for event in self.events:
            if type(event) is Collect:
                won[event.player] = won.get(event.player, 0) + event.amount
        net = {name: won.get(name, 0) - t.total_in[i] for i, name in enumerate(t.names)}
        if cfg.tournament:
            self.eliminations(net)
        claims = Claims(total_pot=t.pot, rake=rake,
                        main_pot=pots[0][0] if len(pots) > 1 else None,
                        side_pots=tuple(amount for amount, _ in pots[1:]))
        seats = tuple(Seat(p.seat, p.name, p.stack) for p in sorted(self.players, key=lambda p: p.seat))
        if cfg.tournament:
            tournament = Tournament(sim.tournament_id, level=f"Level {ROMAN[min(self.level, len(ROMAN) - 1)]}",
                                    buy_in="$2.00+$0.20")
            table, currency, zone = f"{sim.tournament_id} 1", "CHIPS", "CET"
        else:
            tournament, table, currency, zone = None, sim.table_name, cfg.currency, "ET"
        hand = Hand(
            room=cfg.room, hand_id=str(sim.hand_id), game=sim.game.name, limit=cfg.limit,
            stakes=Stakes(self.small_bet, self.big_bet, self.small_blind, self.big_blind),
            currency=currency, source=Source("<simulated>", 0), table=table, max_seats=sim.max_seats,
            button=sim.button, start_time=sim.clock, time_zone=zone, tournament=tournament, seats=seats,
            events=tuple(self.events), claims=claims,
            hero=cfg.hero_name if any(p.name == cfg.hero_name for p in self.players) else None)
        truth = Truth(final_cards={t.names[i]: tuple(self.hold[i]) for i in range(t.n)}, net=net,
                      pots=tuple((amount, tuple(w)) for amount, w in pots), rake=rake,
                      reshuffles=self.deck.reshuffles, showdown=bool(pots) and t.phase == SHOWDOWN)
        return SimulatedHand(hand, truth)

    def eliminations(self, net: dict[str, int]) -> None:
        """PokerStars names each busted player's place before the summary (bigger start stack, better place)."""
        busted = [p for p in self.players if p.stack + net[p.name] <= 0]
        if not busted or self.cfg.room != "pokerstars":
            return
        left = len(self.players) - len(busted)
        busted.sort(key=lambda p: -p.stack)
        for k, player in enumerate(busted):
            text = f"{player.name} finished the tournament in {ordinal(left + 1 + k)} place"
            self.events.append(Noise("finish", player.name, text))
