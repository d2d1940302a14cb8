"""A seeded dealer that plays complete Badugi hands through the rules engine (``table.Table``).

Every betting and draw move goes through ``Table.legal()`` / ``Table.act()`` / ``Table.draw()``, so a
simulated hand is legal because the engine says so, not because this module re-implements the rules.
This module owns only what the table leaves to the dealer: the deck (shuffle, stub, reshuffle of the
discards when the stub runs out, per ``Rules.reshuffle_excludes_own_discards``), showdown order and
who shows or mucks, splitting each pot (odd chips clockwise from the button), the rake, stacks between
hands (busting, rebuys, tournament eliminations and levels) and the record.

The record is *full information*: every player's ``Deal``, ``Draw.discards`` and ``DrawDeal.kept/new``
carry the true cards, and showdown ``Muck`` events carry the mucked cards. Room writers drop what the
room hides (opponents' cards and discards); ``room_view`` does the same for writers that do not.
The event order is the chosen room's order (PokerStars: ``collected`` then ``doesn't show hand``; Full
Tilt: ``mucks`` then ``wins``). ``Truth`` keeps what no log shows (final holdings, nets, reshuffles).

Everything random comes from one ``random.Random(seed)``: the same configuration and seed give the
same hands.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from .cards import DECK, Card
from .evaluator import hand_class, label
from .policies import POSITIONS, Decision, Move, Policy, Situation, Sound
from .record import (
    Bet, Call, CapNotice, Check, Claims, Collect, Deal, Draw, DrawDeal, Event, Fold, Hand, Limit, Muck, Noise,
    Post, PostKind, Raise, Seat, Show, Source, Stakes, Tournament, Uncalled,
)
from .rules import ROOM_RULES, Rules
from .table import BET, BETTING, CALL, CHECK, DONE, DRAWING, FOLD, RAISE, SHOWDOWN, Table

ROOMS = ("pokerstars", "fulltilt", "phh")
LABEL_STYLE = {"pokerstars": "pokerstars", "fulltilt": "fulltilt"}
NAMES = ("Lumen77", "kdraw_22", "BadugiBob", "ace2three4", "rainbowRita", "snowman.j", "pat hand", "QuietQuad",
         "drawmaster9", "lowball_lu", "wheelie88", "DeuceyD", "TriDrawTom", "sevenLowSal", "ninja_nits", "Flo4card")
"""Invented screen names (never real players'); one has a space and one a dot, as real names do."""
TABLE_NAMES = ("Aquila", "Borealis", "Cassiopeia", "Draco", "Eridanus", "Fornax", "Grus", "Hydra")
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV")
TOURNAMENT_LEVELS = ((20, 40), (30, 60), (50, 100), (80, 160), (100, 200), (150, 300), (200, 400), (300, 600),
                     (400, 800), (600, 1200), (1000, 2000), (1500, 3000), (2000, 4000), (3000, 6000), (5000, 10000))
NOISE_LINES = {
    "pokerstars": (("chat", '{name} said, "{message}"'), ("connect", "{name} is connected "),
                   ("timeout", "{name} has timed out")),
    "fulltilt": (("chat", "{name}: {message}"), ("disconnect", "{name} has been disconnected"),
                 ("reconnect", "{name} has reconnected")),
}
"""Table noise as each client words it (FORMATS.md; PokerStars' ``is connected`` ends with a space)."""
CHAT = ("nh", "gl all", "ty", "wow: that draw", "lol", "he said \"pat\" again", "vnh", "sry, phone")
SMALL_BLIND_OF = {25: 10}
"""Fixed-limit small blinds that are not half the big blind (PokerStars $0.25/$0.50 posts $0.10/$0.25)."""


@dataclass(frozen=True)
class SimConfig:
    """One table's settings. Money is in minor units. For fixed limit ``small_bet``/``big_bet`` are the
    bet units (big blind = small bet); for pot/no limit they are the small and big blind."""

    room: str = "pokerstars"
    players: int = 6
    limit: Limit = Limit.FIXED
    small_bet: int = 25
    big_bet: int = 50
    currency: str = "USD"
    tournament: bool = False
    policies: tuple[Policy, ...] = ()
    """One policy per seat, cycled; empty = :class:`Sound` everywhere."""
    hero_seat: int = 1
    hero_name: str = "Hero"
    stack_range: tuple[int, int] = (20, 100)
    """Cash buy-ins, in big bets (fixed limit) or big blinds (other limits)."""
    short_stack_share: float = 0.25
    """Share of cash buy-ins drawn from 2..8 big bets instead, so that all-ins and side pots happen."""
    tournament_stack: int = 1500
    hands_per_level: int = 12
    rake_percent: int = 5
    """Cash rake: ``rake_percent`` % of the pot in whole 5-unit steps (PokerStars takes $0.05 per full
    $1), at most ``rake_cap``; none when the hand ends before the first draw (no draw, no drop)."""
    rake_cap: int = 300
    show_losers: float = 0.35
    """Probability that a player beaten at showdown shows instead of mucking."""
    hide_uncontested: float = 0.6
    """PokerStars: probability that an uncontested winner's ``doesn't show hand`` line is written."""
    noise_rate: float = 0.0
    """Probability, after each betting action, of one line of table noise (chat, a disconnect, an
    emote) in the room's words; kept as ``Noise`` events whose ``text`` is the whole line."""
    start_time: datetime = datetime(2010, 11, 10, 16, 20, tzinfo=timezone.utc)
    first_hand_id: int = 49_164_200_000

    @property
    def big_blind(self) -> int:
        return self.small_bet if self.limit is Limit.FIXED else self.big_bet

    @property
    def small_blind(self) -> int:
        if self.limit is Limit.FIXED:
            return SMALL_BLIND_OF.get(self.small_bet, self.small_bet // 2)
        return self.small_bet


@dataclass(frozen=True, slots=True)
class Truth:
    """What the log may not show: every holding at the end, each player's net, the pots' winners."""

    final_cards: dict[str, tuple[Card, ...]]
    net: dict[str, int]
    pots: tuple[tuple[int, tuple[str, ...]], ...]  # (amount after rake, winners)
    rake: int
    reshuffles: int
    showdown: bool


@dataclass(frozen=True, slots=True)
class SimulatedHand:
    hand: Hand
    truth: Truth


@dataclass
class _Player:
    name: str
    seat: int
    stack: int
    policy: Policy
    buy_ins: int = 1


class _Deck:
    """The stub and the discard pile of one hand; reshuffles the discards when the stub runs out."""

    def __init__(self, rng: random.Random, excludes_own: bool) -> None:
        self.rng = rng
        self.stub = list(DECK)
        rng.shuffle(self.stub)
        self.discards: list[Card] = []
        self.excludes_own = excludes_own
        self.reshuffles = 0

    def deal(self, count: int, own_discards: Sequence[Card] = ()) -> list[Card]:
        out: list[Card] = []
        for _ in range(count):
            if not self.stub:
                self._reshuffle(own_discards)
            out.append(self.stub.pop())
        return out

    def _reshuffle(self, own: Sequence[Card]) -> None:
        keep = set(own) if self.excludes_own else set()
        pile = [c for c in self.discards if c not in keep]
        if not pile:
            raise RuntimeError("deck exhausted with no discards to reshuffle")  # 10 x 4 + 12 always has some
        self.rng.shuffle(pile)
        self.stub = pile
        self.discards = [c for c in self.discards if c in keep]
        self.reshuffles += 1


class Simulator:
    """Plays hand after hand at one table. ``simulator.hands(n)`` yields :class:`SimulatedHand`."""

    def __init__(self, config: SimConfig, seed: int) -> None:
        if config.room not in ROOMS:
            raise ValueError(f"unknown room {config.room!r}")
        if not 2 <= config.players <= 10:
            raise ValueError("a Badugi table seats 2 to 10 players")
        self.config = config
        self.rng = random.Random(seed)
        self.rules: Rules = ROOM_RULES.get(config.room, Rules())
        if config.limit is not Limit.FIXED:
            self.rules = dataclasses.replace(self.rules, cap_bets=None)
        self.hand_id = config.first_hand_id + seed % 1000 * 1_000_000
        self.clock = config.start_time + timedelta(minutes=seed % 997)
        self.table_name = f"{self.rng.choice(TABLE_NAMES)} {ROMAN[self.rng.randrange(len(ROMAN))]}"
        self.tournament_no = 0
        self.hands_in_tournament = 0
        self.players: list[_Player] = []
        self.button = 1
        self._seat_players()

    # ---- table management -------------------------------------------------------------------------

    def _policy(self, k: int) -> Policy:
        policies = self.config.policies or (Sound(),)
        return policies[k % len(policies)]

    def _buy_in(self) -> int:
        cfg = self.config
        unit = cfg.big_bet if cfg.limit is Limit.FIXED else cfg.big_blind
        if cfg.tournament:
            return cfg.tournament_stack
        if self.rng.random() < cfg.short_stack_share:
            return unit * self.rng.randint(2, 8) + self.rng.randrange(unit)
        low, high = cfg.stack_range
        return unit * self.rng.randint(low, high) + self.rng.choice((0, unit // 2, unit * 3 // 10))

    def _seat_players(self) -> None:
        cfg = self.config
        names = list(NAMES)
        self.rng.shuffle(names)
        self.max_seats = next(size for size in (2, 6, 8, 10) if size >= cfg.players)
        seats = sorted(self.rng.sample(range(1, self.max_seats + 1), cfg.players))
        hero_at = min(max(cfg.hero_seat, 1), cfg.players) - 1
        self.players = []
        for k, seat in enumerate(seats):
            name = cfg.hero_name if k == hero_at else names[k % len(names)] + ("" if k < len(names) else str(k))
            self.players.append(_Player(name, seat, self._buy_in(), self._policy(k)))
        self.button = self.players[self.rng.randrange(len(self.players))].seat
        if cfg.tournament:
            self.tournament_no += 1
            self.hands_in_tournament = 0
            self.tournament_id = str(329_147_852 + self.tournament_no * 7919 + self.rng.randrange(1000))

    def _level(self) -> tuple[int, int, int]:
        """Tournament level number (0-based), small bet and big bet."""
        level = min(self.hands_in_tournament // self.config.hands_per_level, len(TOURNAMENT_LEVELS) - 1)
        small, big = TOURNAMENT_LEVELS[level]
        return level, small, big

    def _move_button(self) -> None:
        seats = [p.seat for p in self.players]
        later = [s for s in seats if s > self.button]
        self.button = later[0] if later else seats[0]

    # ---- the hand ---------------------------------------------------------------------------------

    def hands(self, count: int) -> Iterator[SimulatedHand]:
        for _ in range(count):
            yield self.play_hand()

    def play_hand(self) -> SimulatedHand:
        cfg = self.config
        self._move_button()
        self.hand_id += self.rng.randint(1, 4)  # dense ids: one table of 200,000 hands stays inside its million
        self.clock += timedelta(seconds=self.rng.randint(15, 140))
        if cfg.tournament:
            level, small_bet, big_bet = self._level()
            small_blind, big_blind = small_bet // 2, small_bet
        else:
            level, small_bet, big_bet = 0, cfg.small_bet, cfg.big_bet
            small_blind, big_blind = cfg.small_blind, cfg.big_blind
        play = _HandPlay(self, small_bet, big_bet, small_blind, big_blind, level)
        result = play.run()
        self._after_hand(result)
        return result

    def _after_hand(self, result: SimulatedHand) -> None:
        by_name = {p.name: p for p in self.players}
        for name, net in result.truth.net.items():
            by_name[name].stack += net
        cfg = self.config
        if cfg.tournament:
            self.hands_in_tournament += 1
            self.players = [p for p in self.players if p.stack > 0]
            if len(self.players) < 2:
                self._seat_players()
            return
        unit = cfg.big_bet if cfg.limit is Limit.FIXED else cfg.big_blind
        for player in self.players:
            if player.stack < unit:  # busted or nearly: rebuy to a fresh stack
                player.stack = self._buy_in()
                player.buy_ins += 1


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


class _HandPlay:
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
        self.deck = _Deck(self.rng, sim.rules.reshuffle_excludes_own_discards)
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
        for _ in range(4):  # one card at a time, starting left of the button
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
            opponents_drawn=tuple(n for j, n in self.last_drawn.items() if j != i and not t.folded[j]))
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
        discards = tuple(self.players[i].policy.discard(cards, 4 - draw_no, self.rng))
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

    def showdown(self) -> tuple[list[tuple[int, list[str]]], int]:
        t = self.table
        live = t.in_hand()
        value = {i: hand_class(*self.hold[i]) for i in live}
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
                best = min((value[j] for j in shown if j in eligible), default=None)
                cards = tuple(self.hold[i])
                if best is None or value[i] <= best or self.rng.random() < self.cfg.show_losers:
                    shown.add(i)
                    self.events.append(Show(t.names[i], cards, label(value[i], style) if style else None))
                else:
                    self.events.append(Muck(t.names[i], cards))
            contenders = [i for i in eligible if i in shown]
            top = min(value[i] for i in contenders)
            winners = [i for i in contenders if value[i] == top]  # table index order = clockwise from button
            share, odd = divmod(amounts[k], len(winners))
            for n, i in enumerate(winners):
                self.events.append(Collect(t.names[i], share + (1 if n < odd else 0), names[k]))
            settled.append((amounts[k], [t.names[i] for i in winners]))
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
            tournament = Tournament(sim.tournament_id, level=ROMAN[min(self.level, len(ROMAN) - 1)],
                                    buy_in="$2.00+$0.20")
            table, currency, zone = f"{sim.tournament_id} 1", "CHIPS", "CET"
        else:
            tournament, table, currency, zone = None, sim.table_name, cfg.currency, "ET"
        hand = Hand(
            room=cfg.room, hand_id=str(sim.hand_id), game="badugi", limit=cfg.limit,
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


def room_view(hand: Hand) -> Hand:
    """The hand as the hero saw it: other players' hole cards, discards and draws removed unless
    they showed (for writers of formats that would otherwise print every card)."""
    hero = hand.hero
    out: list[Event] = []
    for event in hand.events:
        kind = type(event)
        if event_player(event) == hero:
            out.append(event)
        elif kind is Deal:
            out.append(dataclasses.replace(event, cards=None))
        elif kind is Draw:
            out.append(dataclasses.replace(event, discards=None, held=None))
        elif kind is DrawDeal:
            out.append(dataclasses.replace(event, kept=None, new=None, hand=None))
        elif kind is Muck:
            out.append(dataclasses.replace(event, cards=None))
        else:
            out.append(event)
    return dataclasses.replace(hand, events=tuple(out))


def event_player(event: Event) -> str | None:
    return getattr(event, "player", None)


__all__ = ["SimConfig", "Simulator", "SimulatedHand", "Truth", "room_view", "position_names"]
