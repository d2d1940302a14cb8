"""The draw games on one engine: what differs between them is data, one frozen ``Game`` per game.

A game names its hand size (4 or 5 cards), its draws (1 or 3) and the ranking of each pot half: one
ranking for a single-pot game, two for a split-pot game. ``GAMES`` maps the name a ``Hand`` carries
(``Hand.game``) to its ``Game``; :func:`get_game` looks one up by name.

| name             | cards | draws | pot halves              | PHH variant (fixed / pot / no limit) |
|------------------|-------|-------|-------------------------|--------------------------------------|
| `badugi`         | 4     | 3     | Badugi                  | `FB` / `PB` / `NB`                   |
| `27_triple_draw` | 5     | 3     | 2-7 low                 | `F2L3D` / `_P2L3D` / `_N2L3D`        |
| `a5_triple_draw` | 5     | 3     | A-5 low                 | `_FAL3D` / `_PAL3D` / `_NAL3D`       |
| `27_single_draw` | 5     | 1     | 2-7 low                 | `_F2L1D` / `_P2L1D` / `N2L1D`        |
| `a5_single_draw` | 5     | 1     | A-5 low                 | `_FAL1D` / `_PAL1D` / `_NAL1D`       |
| `badacey`        | 5     | 3     | Badugi + A-5 low        | `_FBAL3D` / `_PBAL3D` / `_NBAL3D`    |
| `badeucey`       | 5     | 3     | Badugi, aces high + 2-7 | `_FB2L3D` / `_PB2L3D` / `_NB2L3D`    |

**PHH codes.** PHH defines ``FB`` (fixed-limit Badugi), ``F2L3D`` (fixed-limit 2-7 triple draw) and
``N2L1D`` (no-limit 2-7 single draw). Every other code is ours and starts with ``_``: the limit letter
(``F``ixed, ``P``ot, ``N``o limit), then the game as PHH spells its parts (``2L`` = deuce-to-seven
lowball, ``AL`` = ace-to-five lowball by the same pattern, ``B`` = Badugi, ``nD`` = n draws); a
split game joins its halves (``B`` + ``AL3D``). Half-pot limit shares the pot-limit code (the file
says ``_limit = "hpl"``, as for Badugi). ``PB`` and ``NB`` predate the ``_`` rule and are kept so that
files written earlier still read.

**Split pots (Badacey, Badeucey).** Each player holds five cards. Half the pot goes to the best
Badugi, half to the best A-5 (Badacey) or 2-7 (Badeucey) low; the two halves are valued
independently, so a card may count in both and one player may scoop. The Badugi half is the best
Badugi among the five cards: the largest set of cards of distinct ranks and suits from any four of
them, then the lowest (a four-card badugi from any four of the five beats every three-card hand),
exactly as :func:`badugi.engine.evaluator.class_of` values five cards. The low half uses all five.

**Aces in Badeucey.** Its Badugi half plays aces high (the best Badugi is 5-4-3-2 rainbow), because
aces are high in 2-7: so say Wikipedia ("Baduci": "aces playing high"), the CPAN Poker::Eval
Badugi27 scorer written for Badeucy, PokerKit (its deuce-to-seven Badugi lookup, "used in
Badeucey") and rule pages such as tonyw4rriorz.com; one rules site (dealerschoicelab.com) says aces
low. The one real Badeucey hand (KingsClub) shows no ace, so it cannot tell; ``BADUGI_ACE_HIGH`` is
its own ranking, so a room that plays aces low needs one changed entry. Badacey plays aces low in
both halves (A-5 and ordinary Badugi).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from badugi.engine import evaluator
from badugi.engine.cards import RANKS, Card, distinct_cards
from badugi.engine.evaluator import CLASS_COUNT, HandValue, label_words, parse_label, value_of_class
from badugi.engine.lowball import ACE_FIVE, DEUCE_SEVEN, RankedValue
from badugi.engine.record import Limit
from badugi.errors import BadInput


class Ranking(Protocol):
    """What a pot half needs from an evaluator: classes (1 = best, lower wins), values, labels."""

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def class_count(self) -> int: ...

    def class_of(self, cards: Iterable[int]) -> int: ...

    def evaluate(self, cards: Iterable[int]) -> HandValue | RankedValue: ...

    def label(self, value: HandValue | RankedValue | int, style: str = "pokerstars") -> str: ...

    def named(self, value: int) -> tuple: ...

    def read_label(self, text: str) -> tuple: ...


# Aces high in Badugi: rank r plays as (r - 1) mod 13, so the table's "ace" slot holds the deuce and
# the ace takes the slot above the king. The table and its 1,092 classes are reused unchanged.
_TO_ACE_HIGH = tuple(((card >> 2) + 12) % 13 * 4 + (card & 3) for card in range(52))
_FROM_ACE_HIGH = tuple(((card >> 2) + 1) % 13 * 4 + (card & 3) for card in range(52))


@dataclass(frozen=True, slots=True, eq=False)
class BadugiRanking:
    """Badugi as a pot half: 1 to 5 cards, five play their best four. ``ace_high`` = Badeucey's
    Badugi, where the ace is the highest card (class 1 = 5-4-3-2 rainbow, 1,092 = a lone ace)."""

    name: str
    title: str
    ace_high: bool
    class_count: int = CLASS_COUNT

    def class_of(self, cards: Iterable[int]) -> int:
        hand = distinct_cards(cards)
        if self.ace_high:
            hand = tuple(_TO_ACE_HIGH[c] for c in hand)
        return evaluator.class_of(hand)

    def evaluate(self, cards: Iterable[int]) -> HandValue | RankedValue:
        """Aces low: the Badugi evaluator's ``HandValue``. Aces high: a :class:`BadugiAceHighValue`
        whose cards are the counted cards, high to low with the ace on top."""
        hand = distinct_cards(cards)
        if not self.ace_high:
            return evaluator.evaluate(hand)
        value = evaluator.evaluate(tuple(_TO_ACE_HIGH[c] for c in hand))
        return BadugiAceHighValue(self, value.cls, tuple(Card(_FROM_ACE_HIGH[c]) for c in value.cards))

    def ranks(self, cls: int) -> tuple[int, ...]:
        """Counted ranks of a class, high to low in this ranking (0 = ace .. 12 = king)."""
        _, ranks = value_of_class(cls)
        return tuple((r + 1) % 13 for r in ranks) if self.ace_high else ranks

    def label(self, value: HandValue | RankedValue | int, style: str = "pokerstars") -> str:
        """The Badugi label (``Badugi: 8,4,3,A``; aces high ``Badugi: A,4,3,2``)."""
        if isinstance(value, HandValue):
            if self.ace_high:  # the Badugi evaluator's values are aces low
                raise BadInput(f"a Badugi value is not a {self.title} value")
            value = value.cls
        elif isinstance(value, RankedValue):
            if value.ranking is not self:
                raise BadInput(f"a {value.ranking.title} value is not a {self.title} value")
            value = value.cls
        ranks = self.ranks(value)
        return label_words(len(ranks), [RANKS[r] for r in ranks], style)

    def __deepcopy__(self, memo: dict) -> BadugiRanking:
        return self  # one object per ranking, compared by identity: a copy is the ranking itself

    def named(self, cls: int) -> tuple[int, tuple[int, ...]]:
        """What a correct label of this class says, as :meth:`read_label` reads it: ``(size, ranks high
        to low)`` (aces high: the ace first)."""
        ranks = self.ranks(cls)
        return len(ranks), ranks

    def read_label(self, text: str) -> tuple[int, tuple[int, ...]]:
        """A room's Badugi label read back (any room's words; raises ``BadInput`` on anything else)."""
        return parse_label(text)


@dataclass(frozen=True, slots=True, eq=False)
class BadugiAceHighValue(RankedValue):
    """A Badugi value with aces high (Badeucey)."""

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def ranks(self) -> tuple[int, ...]:
        return tuple(card.rank for card in self.cards)

    @property
    def is_badugi(self) -> bool:
        return len(self.cards) == 4


BADUGI = BadugiRanking("badugi", "Badugi", ace_high=False)
BADUGI_ACE_HIGH = BadugiRanking("badugi_ace_high", "Badugi, aces high", ace_high=True)

RANKINGS: dict[str, Ranking] = {r.name: r for r in (BADUGI, BADUGI_ACE_HIGH, DEUCE_SEVEN, ACE_FIVE)}
"""Every ranking a pot half can use, by name."""


class UnknownGame(BadInput):
    """A game name or PHH variant code that is not in the registry."""


@dataclass(frozen=True, slots=True)
class Game:
    """One draw game: how many cards, how many draws, and how each pot half is won."""

    name: str
    """The name a ``Hand`` carries in ``Hand.game``."""
    title: str
    """What players call it: ``2-7 Triple Draw``."""
    hand_size: int
    """Cards each player holds: 4 (Badugi) or 5."""
    draws: int
    """Drawing rounds: 3 (triple draw) or 1 (single draw); betting rounds are one more."""
    halves: tuple[Ranking, ...]
    """The ranking of each pot half: one for a single-pot game, two for a split-pot game (the Badugi
    half first)."""
    phh_variants: tuple[tuple[str, Limit], ...]
    """PHH ``variant`` codes and the limit each stands for (see the module docstring)."""
    big_bet_from_street: int = 2
    """Fixed limit: the first betting round played with the big bet (0 = pre-draw). Triple draw: after
    the 2nd draw (rounds 2 and 3); single draw: after the draw (round 1), as in every fixed-limit game
    with one draw (small bet before the draw, big bet after)."""

    @property
    def is_split(self) -> bool:
        """Two pot halves, each won by its own ranking."""
        return len(self.halves) == 2

    def classes(self, cards: Iterable[int]) -> tuple[int, ...]:
        """The hand's class in each pot half (1 = best; lower wins). Checks the hand size."""
        hand = distinct_cards(cards)
        if len(hand) != self.hand_size:
            raise BadInput(f"a {self.title} hand has {self.hand_size} cards, got {len(hand)}")
        return tuple(ranking.class_of(hand) for ranking in self.halves)

    def values(self, cards: Iterable[int]) -> tuple[HandValue | RankedValue, ...]:
        """The hand's value in each pot half, with the counted cards and labels."""
        hand = distinct_cards(cards)
        if len(hand) != self.hand_size:
            raise BadInput(f"a {self.title} hand has {self.hand_size} cards, got {len(hand)}")
        return tuple(ranking.evaluate(hand) for ranking in self.halves)

    def phh_variant(self, limit: Limit) -> str:
        """The PHH ``variant`` code of this game at a limit (half-pot writes the pot-limit code)."""
        wanted = Limit.POT if limit is Limit.HALF_POT else limit
        for code, code_limit in self.phh_variants:
            if code_limit is wanted:
                return code
        raise UnknownGame(f"no PHH variant for {self.title} at limit {limit.value!r}")

    def __str__(self) -> str:
        return self.title


def _variants(fixed: str, pot: str, no_limit: str) -> tuple[tuple[str, Limit], ...]:
    return ((fixed, Limit.FIXED), (pot, Limit.POT), (no_limit, Limit.NO_LIMIT))


BADUGI_GAME = Game("badugi", "Badugi", 4, 3, (BADUGI,), _variants("FB", "PB", "NB"))
GAMES: dict[str, Game] = {
    game.name: game
    for game in (
        BADUGI_GAME,
        Game("27_triple_draw", "2-7 Triple Draw", 5, 3, (DEUCE_SEVEN,), _variants("F2L3D", "_P2L3D", "_N2L3D")),
        Game("a5_triple_draw", "A-5 Triple Draw", 5, 3, (ACE_FIVE,), _variants("_FAL3D", "_PAL3D", "_NAL3D")),
        Game("27_single_draw", "2-7 Single Draw", 5, 1, (DEUCE_SEVEN,), _variants("_F2L1D", "_P2L1D", "N2L1D"),
             big_bet_from_street=1),
        Game("a5_single_draw", "A-5 Single Draw", 5, 1, (ACE_FIVE,), _variants("_FAL1D", "_PAL1D", "_NAL1D"),
             big_bet_from_street=1),
        Game("badacey", "Badacey", 5, 3, (BADUGI, ACE_FIVE), _variants("_FBAL3D", "_PBAL3D", "_NBAL3D")),
        Game("badeucey", "Badeucey", 5, 3, (BADUGI_ACE_HIGH, DEUCE_SEVEN), _variants("_FB2L3D", "_PB2L3D", "_NB2L3D")),
    )
}
"""Every game the engine knows, by ``Hand.game`` name. Written out once; never extended at run time."""

PHH_VARIANTS: dict[str, tuple[Game, Limit]] = {
    code: (game, limit) for game in GAMES.values() for code, limit in game.phh_variants
}
"""PHH ``variant`` code -> the game and limit it stands for."""
assert len(PHH_VARIANTS) == 3 * len(GAMES), "two games share a PHH variant code"


ALIASES: dict[str, str] = {
    "27td": "27_triple_draw", "2-7td": "27_triple_draw", "2-7_triple_draw": "27_triple_draw",
    "a5td": "a5_triple_draw", "a-5td": "a5_triple_draw", "a-5_triple_draw": "a5_triple_draw",
    "27sd": "27_single_draw", "2-7sd": "27_single_draw", "2-7_single_draw": "27_single_draw",
    "a5sd": "a5_single_draw", "a-5sd": "a5_single_draw", "a-5_single_draw": "a5_single_draw",
}
"""Short names a user types (``--game 27td``) for the registry's names."""


def get_game(name: str) -> Game:
    """The game called ``name`` (any case, or a short name of ``ALIASES``); raises ``UnknownGame`` with the
    closest known name."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key in GAMES:
        return GAMES[key]
    close = difflib.get_close_matches(key, list(GAMES), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise UnknownGame(f"unknown game {name!r}{hint}; known games: {', '.join(GAMES)}")


def game_of_phh_variant(code: str) -> tuple[Game, Limit]:
    """The game and limit of a PHH ``variant`` code (exact, case-sensitive as PHH codes are)."""
    try:
        return PHH_VARIANTS[code]
    except KeyError:
        raise UnknownGame(f"unknown PHH variant {code!r}; known: {', '.join(PHH_VARIANTS)}") from None


REPLAYED: frozenset[str] = frozenset(GAMES)
"""The games the engine replays and checks: every game of ``GAMES`` (the replay reads the hand's game:
``rules.Rules.game``). The rooms read every game of ``GAMES`` into a ``Hand`` and the reader hands on
only these (``Room.reads_game``): a game the engine did not replay would be skipped with ``unsupported
game: <the room's name for it>``. Games no room's table names (5 Card Draw, Razz, ...) stay skipped."""


def is_replayed(name: str) -> bool:
    """Whether the engine replays the game called ``name`` (a ``Hand.game`` name)."""
    return name in REPLAYED
