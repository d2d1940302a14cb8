"""The typed values of PokerStars lines: one frozen record per kind of line, made by the readers in
``pokerstars_lines`` and turned into events by ``pokerstars._Assembly``.

Amounts are in hundredths of the displayed unit (``$0.25`` -> 25, ``1,500`` chips -> 150000): the hand's
currency decides the record's units. Values carry no line number: one value serves every line of the
same text (they are memoised), so they are frozen. Slotted dataclasses rather than ``NamedTuple``: a
field is read about three times faster (~7 ns against ~20 ns, Python 3.11; ~150 reads a hand), and values
are built only when a line's text is new (~10 a hand on a realistic corpus).
"""

from __future__ import annotations

from dataclasses import dataclass

from badugi.engine.cards import Card
from badugi.engine.record import PostKind

Cards = tuple[Card, ...]

_set = object.__setattr__
"""How each value's ``__init__`` stores a field of its frozen instance, written out per class (``init=False``)
so that ``badugi.COMPILED`` compiles it, as ``engine.record`` does for the records (measured there)."""


@dataclass(frozen=True, slots=True, init=False)
class PostLine:
    """``Lino19: posts small blind $0.10`` (``posts small & big blinds``: ``PostKind.BOTH``)."""

    name: str
    kind: PostKind
    amount: int
    all_in: bool

    def __init__(self, name: str, kind: PostKind, amount: int, all_in: bool) -> None:
        _set(self, "name", name)
        _set(self, "kind", kind)
        _set(self, "amount", amount)
        _set(self, "all_in", all_in)


@dataclass(frozen=True, slots=True, init=False)
class PlayerLine:
    """A line naming a player and nothing else: its kind (the subclass) says what they did. Kinds with the
    same fields share them by subclassing; they never compare equal (a dataclass compares classes)."""

    name: str

    def __init__(self, name: str) -> None:
        _set(self, "name", name)


class FoldLine(PlayerLine):
    """``Lino19: folds``."""


class CheckLine(PlayerLine):
    """``Lino19: checks``."""


class MuckLine(PlayerLine):
    """``Lino19: mucks hand`` or ``doesn't show hand`` (the summary may name the cards)."""


@dataclass(frozen=True, slots=True, init=False)
class WagerLine:
    """A line putting chips in: the amount this line adds, and whether that is all the player had."""

    name: str
    amount: int
    all_in: bool

    def __init__(self, name: str, amount: int, all_in: bool) -> None:
        _set(self, "name", name)
        _set(self, "amount", amount)
        _set(self, "all_in", all_in)


class CallLine(WagerLine):
    """``Lino19: calls $0.15 and is all-in``: the amount added."""


class BetLine(WagerLine):
    """``Lino19: bets $0.25``."""


@dataclass(frozen=True, slots=True, init=False)
class RaiseLine:
    """``Lino19: raises $0.25 to $0.50``: both numbers, as written."""

    name: str
    by: int
    to: int
    all_in: bool

    def __init__(self, name: str, by: int, to: int, all_in: bool) -> None:
        _set(self, "name", name)
        _set(self, "by", by)
        _set(self, "to", to)
        _set(self, "all_in", all_in)


@dataclass(frozen=True, slots=True, init=False)
class DiscardLine:
    """``Lino19: discards 2 cards [8h 6s]`` (the hero's) or ``discards 1 card``; the client bug
    ``discards 2 cards []`` keeps its empty group."""

    name: str
    count: int
    cards: Cards | None

    def __init__(self, name: str, count: int, cards: Cards | None) -> None:
        _set(self, "name", name)
        _set(self, "count", count)
        _set(self, "cards", cards)


@dataclass(frozen=True, slots=True, init=False)
class StandPatLine:
    """``Lino19: stands pat`` or ``stands pat on [2d 3s 4h 6s]`` (the hero's)."""

    name: str
    cards: Cards | None

    def __init__(self, name: str, cards: Cards | None) -> None:
        _set(self, "name", name)
        _set(self, "cards", cards)


@dataclass(frozen=True, slots=True, init=False)
class ShowLine:
    """``Lino19: shows [8c 5d 7s Th] (Badugi: T,8,7,5)``."""

    name: str
    cards: Cards
    label: str | None

    def __init__(self, name: str, cards: Cards, label: str | None) -> None:
        _set(self, "name", name)
        _set(self, "cards", cards)
        _set(self, "label", label)


@dataclass(frozen=True, slots=True, init=False)
class DealtLine:
    """``Dealt to s0rrow [As 3h 8h 6s]``; after a draw ``Dealt to s0rrow [As 3h] [5h Ks]`` (kept, new)."""

    name: str
    held: Cards
    new: Cards | None

    def __init__(self, name: str, held: Cards, new: Cards | None) -> None:
        _set(self, "name", name)
        _set(self, "held", held)
        _set(self, "new", new)


@dataclass(frozen=True, slots=True, init=False)
class UncalledLine:
    """``Uncalled bet ($0.25) returned to Lino19``."""

    name: str
    amount: int

    def __init__(self, name: str, amount: int) -> None:
        _set(self, "name", name)
        _set(self, "amount", amount)


@dataclass(frozen=True, slots=True, init=False)
class CollectLine:
    """``Lino19 collected $2.55 from side pot-2``: pot ``pot``, ``main``, ``side`` or ``side-N``."""

    name: str
    amount: int
    pot: str

    def __init__(self, name: str, amount: int, pot: str) -> None:
        _set(self, "name", name)
        _set(self, "amount", amount)
        _set(self, "pot", pot)


@dataclass(frozen=True, slots=True)
class CapLine:
    """``Betting is capped``."""


@dataclass(frozen=True, slots=True)
class CancelledLine:
    """``Hand cancelled``."""


@dataclass(frozen=True, slots=True, init=False)
class NoiseLine:
    """Table noise of a known shape (chat, joins, leaves, timeouts, sit-outs, finishes, rebuys, bounties,
    the deck reshuffled): its kind, the player it is about (if any) and the whole line."""

    kind: str
    name: str | None
    text: str

    def __init__(self, kind: str, name: str | None, text: str) -> None:
        _set(self, "kind", kind)
        _set(self, "name", name)
        _set(self, "text", text)


@dataclass(frozen=True, slots=True, init=False)
class OtherLine:
    """A line no other terminal reads (the grammar's ``OTHER``): table noise when it starts with a player
    of the hand and a word table messages start with (``base.table_noise``), else an unknown line."""

    text: str

    def __init__(self, text: str) -> None:
        _set(self, "text", text)


Line = (PostLine | FoldLine | CheckLine | CallLine | BetLine | RaiseLine | DiscardLine | StandPatLine | ShowLine
        | MuckLine | DealtLine | UncalledLine | CollectLine | CapLine | CancelledLine | NoiseLine | OtherLine)
"""A line between the table line and the summary."""


@dataclass(frozen=True, slots=True, init=False)
class SeatLine:
    """``Seat 1: Lino19 ($6.80 in chips)``, ``... is sitting out``, ``(1500 in chips, $1 bounty)``, ``...
    out of hand (moved from another table into small blind)``: the note keeps what follows the stack."""

    seat: int
    name: str
    stack: int
    sitting_out: bool
    note: str | None

    def __init__(self, seat: int, name: str, stack: int, sitting_out: bool, note: str | None) -> None:
        _set(self, "seat", seat)
        _set(self, "name", name)
        _set(self, "stack", stack)
        _set(self, "sitting_out", sitting_out)
        _set(self, "note", note)


@dataclass(frozen=True, slots=True, init=False)
class SummarySeatLine:
    """A seat line of the summary: ``Seat 2: s0rrow (big blind) folded after the 1st Draw``, ``... showed
    [..] and won ($5.45) with a Badugi: 8,4,3,A``, ``... mucked [..]``, ``... collected ($0.95)``."""

    seat: int
    name: str
    result: str  # "folded", "showed", "mucked", "collected"
    position: str | None  # "small blind", "big blind" or "button"
    folded_street: int | None  # 0 = before the draw, N = after the Nth draw
    won: int | None
    cards: Cards | None
    label: str | None

    def __init__(self, seat: int, name: str, result: str, position: str | None, folded_street: int | None,
                 won: int | None, cards: Cards | None, label: str | None) -> None:
        _set(self, "seat", seat)
        _set(self, "name", name)
        _set(self, "result", result)
        _set(self, "position", position)
        _set(self, "folded_street", folded_street)
        _set(self, "won", won)
        _set(self, "cards", cards)
        _set(self, "label", label)


@dataclass(frozen=True, slots=True, init=False)
class PotLine:
    """``Total pot 4780 Main pot 2500. Side pot-1 1140. Side pot-2 1140. | Rake 0``."""

    total: int
    main: int | None
    sides: tuple[int, ...]
    rake: int

    def __init__(self, total: int, main: int | None, sides: tuple[int, ...], rake: int) -> None:
        _set(self, "total", total)
        _set(self, "main", main)
        _set(self, "sides", sides)
        _set(self, "rake", rake)
