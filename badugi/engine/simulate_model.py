"""The simulator's settings and results: ``SimConfig``, ``Truth``, ``SimulatedHand``, the deck, and the
tables of names, levels and noise lines the dealer draws from (see ``simulate.py``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone

from .cards import DECK, Card
from .policies import Policy
from .record import Hand, Limit

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
    "pokerstars": (("chat", '{name} said, "{message}"'), ("connect", "{name} is connected"),
                   ("timeout", "{name} has timed out")),
    "fulltilt": (("chat", "{name}: {message}"), ("disconnect", "{name} has been disconnected"),
                 ("reconnect", "{name} has reconnected")),
}
"""Table noise as each client words it (FORMATS.md); the text is the line without its trailing space,
as the readers keep it (the PokerStars writer adds the space the client writes)."""
CHAT = ("nh", "gl all", "ty", "wow: that draw", "lol", "he said \"pat\" again", "vnh", "sry, phone")
SMALL_BLIND_OF = {25: 10}
"""Fixed-limit small blinds that are not half the big blind (PokerStars $0.25/$0.50 posts $0.10/$0.25)."""


@dataclass(frozen=True)
class SimConfig:
    """One table's settings. Money is in minor units. For fixed limit ``small_bet``/``big_bet`` are the
    bet units (big blind = small bet); for pot/no limit they are the small and big blind."""

    room: str = "pokerstars"
    game: str = "badugi"
    """The game dealt, by ``Hand.game`` name (``games.GAMES``): Badugi, 2-7 or A-5 Triple Draw, 2-7 Single
    Draw, Badacey, Badeucey."""
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
    names: tuple[str, ...] = NAMES
    """Screen names the table's players are drawn from (a pool larger than ``NAMES`` is sampled; the
    default keeps the dealer's original draws, so existing seeds give the same hands)."""
    max_seats: int | None = None
    """The table's size (``N-max``); None: the smallest of 2, 6, 8, 10 that seats ``players``."""
    turnover: float = 0.0
    """Cash: chance, after each hand, that each player leaves the table; a new player from ``names``
    takes a free seat. Both show as table noise at the end of the hand (``leaves the table``, ``joins
    the table at seat #N``)."""
    first_tournament_id: int = 329_147_852
    """Tournament ids count on from here (tables of one corpus give each its own range)."""

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
class TablePlayer:
    name: str
    seat: int
    stack: int
    policy: Policy
    buy_ins: int = 1


class Deck:
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
