"""The typed values of PokerStars lines: one frozen record per kind of line, made by the readers in
``pokerstars_lines`` and turned into events by ``pokerstars._Assembly``.

Amounts are in hundredths of the displayed unit (``$0.25`` -> 25, ``1,500`` chips -> 150000): the hand's
currency decides the record's units. Values carry no line number: one value serves every line of the
same text (they are memoised), so they are frozen. Slotted dataclasses rather than ``NamedTuple``: a
field is read about three times faster (~7 ns against ~20 ns, Python 3.11; ~150 reads a hand), and values
are built only when a line's text is new (~10 a hand on a realistic corpus).

Compiled, each value is an extension type (``pokerstars_values.pxd``: readonly C struct fields, as the
records in ``engine/record.pxd``): Cython compiles ``@dataclass(frozen=True)`` itself, its ``__init__`` sets
the struct's fields (a frozen Python dataclass sets each through ``object.__setattr__``, ~900 instructions
a field compiled). ``__slots__`` is written in the class (Cython's dataclass takes no ``slots=True``); the
pure-Python twin's values stay slotted.
"""

from __future__ import annotations

from dataclasses import dataclass

from badugi.engine.cards import Card
from badugi.engine.record import PostKind

try:
    import cython
except ImportError:  # Cython is only needed to build the compiled twin
    from badugi.no_cython import cython

Cards = tuple[Card, ...]


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class PostLine:
    """``Lino19: posts small blind $0.10`` (``posts small & big blinds``: ``PostKind.BOTH``)."""

    __slots__ = ("name", "kind", "amount", "all_in")

    name: str
    kind: PostKind
    amount: int
    all_in: bool


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class PlayerLine:
    """A line naming a player and nothing else: its kind (the subclass) says what they did. Kinds with the
    same fields share them by subclassing; they never compare equal (a dataclass compares classes)."""

    __slots__ = ("name",)

    name: str


class FoldLine(PlayerLine):
    """``Lino19: folds``."""


class CheckLine(PlayerLine):
    """``Lino19: checks``."""


class MuckLine(PlayerLine):
    """``Lino19: mucks hand`` or ``doesn't show hand`` (the summary may name the cards)."""


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class WagerLine:
    """A line putting chips in: the amount this line adds, and whether that is all the player had."""

    __slots__ = ("name", "amount", "all_in")

    name: str
    amount: int
    all_in: bool


class CallLine(WagerLine):
    """``Lino19: calls $0.15 and is all-in``: the amount added."""


class BetLine(WagerLine):
    """``Lino19: bets $0.25``."""


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class RaiseLine:
    """``Lino19: raises $0.25 to $0.50``: both numbers, as written."""

    __slots__ = ("name", "by", "to", "all_in")

    name: str
    by: int
    to: int
    all_in: bool


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class DiscardLine:
    """``Lino19: discards 2 cards [8h 6s]`` (the hero's) or ``discards 1 card``; the client bug
    ``discards 2 cards []`` keeps its empty group."""

    __slots__ = ("name", "count", "cards")

    name: str
    count: int
    cards: Cards | None


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class StandPatLine:
    """``Lino19: stands pat`` or ``stands pat on [2d 3s 4h 6s]`` (the hero's)."""

    __slots__ = ("name", "cards")

    name: str
    cards: Cards | None


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class ShowLine:
    """``Lino19: shows [8c 5d 7s Th] (Badugi: T,8,7,5)``."""

    __slots__ = ("name", "cards", "label")

    name: str
    cards: Cards
    label: str | None


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class FoldShowLine:
    """``DmelloH: folds [7s 3c]``: a fold that shows the cards named (all of the hand, or some: ``folds [Ks]``)."""

    __slots__ = ("name", "cards")

    name: str
    cards: Cards


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class DealtLine:
    """``Dealt to s0rrow [As 3h 8h 6s]``; after a draw ``Dealt to s0rrow [As 3h] [5h Ks]`` (kept, new)."""

    __slots__ = ("name", "held", "new")

    name: str
    held: Cards
    new: Cards | None


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class UncalledLine:
    """``Uncalled bet ($0.25) returned to Lino19``."""

    __slots__ = ("name", "amount")

    name: str
    amount: int


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class CollectLine:
    """``Lino19 collected $2.55 from side pot-2``: pot ``pot``, ``main``, ``side`` or ``side-N``."""

    __slots__ = ("name", "amount", "pot")

    name: str
    amount: int
    pot: str


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class CapLine:
    """``Betting is capped``."""

    __slots__ = ()


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class CancelledLine:
    """``Hand cancelled``."""

    __slots__ = ()


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class NoiseLine:
    """Table noise of a known shape (chat, joins, leaves, timeouts, sit-outs, finishes, rebuys, bounties,
    the deck reshuffled): its kind, the player it is about (if any) and the whole line."""

    __slots__ = ("kind", "name", "text")

    kind: str
    name: str | None
    text: str


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class OtherLine:
    """A line no other terminal reads (the grammar's ``OTHER``): table noise when it starts with a player
    of the hand and a word table messages start with (``base.table_noise``), else an unknown line."""

    __slots__ = ("text",)

    text: str


Line = (PostLine | FoldLine | FoldShowLine | CheckLine | CallLine | BetLine | RaiseLine | DiscardLine | StandPatLine
        | ShowLine | MuckLine | DealtLine | UncalledLine | CollectLine | CapLine | CancelledLine | NoiseLine
        | OtherLine)
"""A line between the table line and the summary."""


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class SeatLine:
    """``Seat 1: Lino19 ($6.80 in chips)``, ``... is sitting out``, ``(1500 in chips, $1 bounty)``, ``...
    out of hand (moved from another table into small blind)``: the note keeps what follows the stack."""

    __slots__ = ("seat", "name", "stack", "sitting_out", "note")

    seat: int
    name: str
    stack: int
    sitting_out: bool
    note: str | None


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class SummarySeatLine:
    """A seat line of the summary: ``Seat 2: s0rrow (big blind) folded after the 1st Draw``, ``... showed
    [..] and won ($5.45) with a Badugi: 8,4,3,A``, ``... mucked [..]``, ``... collected ($0.95)``."""

    __slots__ = ("seat", "name", "result", "position", "folded_street", "won", "cards", "label")

    seat: int
    name: str
    result: str  # "folded", "showed", "mucked", "collected"
    position: str | None  # "small blind", "big blind" or "button"
    folded_street: int | None  # 0 = before the draw, N = after the Nth draw
    won: int | None
    cards: Cards | None
    label: str | None


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class PotLine:
    """``Total pot 4780 Main pot 2500. Side pot-1 1140. Side pot-2 1140. | Rake 0``."""

    __slots__ = ("total", "main", "sides", "rake")

    total: int
    main: int | None
    sides: tuple[int, ...]
    rake: int

