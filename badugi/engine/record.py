"""The normalised ``Hand`` record: what a room *claims* happened in one hand.

Every reader (PokerStars, Full Tilt, KingsClub, Merge XML, PHH) produces this record and every later
stage consumes it. The record is never changed after parsing: the replay derives its own view beside it.

Conventions
- Money is an ``int`` in minor units: cents for real-money cash (``$0.25`` -> 25), chips for tournaments
  and play money. ``Hand.currency`` says which (``"USD"``, ``"EUR"``, ``"CHIPS"``, ``"PLAY"``), and
  ``Hand.minor_per_major`` says how many units make one displayed unit (100 for cents, 1 for chips).
- Cards are ``Card`` ints (see ``cards.py``); ``None`` means the room did not write them.
- ``line`` on every event is the 1-based line number in the *file* (not in the hand).
- ``street`` numbers the betting rounds: 0 = pre-draw, 1..3 = after draw 1..3. ``draw`` numbers the
  draws 1..3.
- Sequences are tuples, so a frozen record is really immutable.

Compiled (``badugi.COMPILED``) with the Cython declarations in ``record.pxd``, each record class is an
extension type: Cython compiles its ``@dataclass(frozen=True)`` itself (``__init__``, ``__eq__``, ``__hash__``,
``__repr__``, ``__match_args__``, the ``__dataclass_fields__`` that ``dataclasses.fields``/``replace``/``asdict``
read; pickling by value) and its fields are read-only C struct members, which the replay, the PokerStars
reader and the row builder read directly. Assigning a field raises ``AttributeError`` either way (pure
Python: its subclass ``dataclasses.FrozenInstanceError``).
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import typing
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from operator import attrgetter
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Union

from .cards import Card, format_cards

try:
    import cython
except ImportError:  # Cython is only needed to build the compiled twin
    from badugi.no_cython import cython


_FIELD_GETTERS: dict[type, Any] = {}


def _reduce(record: Any) -> tuple[type, Any]:
    """A record pickles as its class and its field values, and is rebuilt by calling the class: the same
    pickle from either twin (a pool or cluster worker may run the other one), where Cython's own would
    name a function only the compiled module has. Each record class sets it as its ``__reduce__``."""
    cls = type(record)
    get = _FIELD_GETTERS.get(cls)
    if get is None:
        get = _FIELD_GETTERS[cls] = attrgetter(*[f.name for f in dataclasses.fields(cls)])
    return cls, get(record)


class Limit(StrEnum):
    """Betting structure."""

    FIXED = "fl"
    POT = "pl"
    HALF_POT = "hpl"
    NO_LIMIT = "nl"


class TimeFlag(StrEnum):
    """Why a hand's ``start_time`` is not simply the room's clock converted to UTC (``None``: it is)."""

    AMBIGUOUS = "ambiguous"  # the local time happened twice (fall back): the first one, daylight time
    NONEXISTENT = "nonexistent"  # the local time never happened (spring forward): read at the offset before
    UNKNOWN_ZONE = "unknown_zone"  # a time-zone word no table maps: start_time is None
    CLOCKS_DISAGREE = "clocks_disagree"  # the header's two clocks name different instants: the first is kept
    NO_ZONE = "no_zone"  # the room writes no time zone (KingsClub): the clock is read as UTC


class PostKind(StrEnum):
    """What a forced bet was posted as."""

    SMALL_BLIND = "sb"
    BIG_BLIND = "bb"
    DEAD_SMALL = "dead_sb"  # a dead small blind: goes to the pot, not toward a call
    BOTH = "both"  # PokerStars "posts small & big blinds": big blind live, small blind dead
    EXTRA = "extra"  # an amount posted outside the blinds (returning / new player, "posts $2.50")
    ANTE = "ante"


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class Source:
    """Where a hand came from: file path, its first line (1-based) and byte offset in the file."""

    file: str
    line: int
    offset: int = 0
    __reduce__ = _reduce


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class Stakes:
    """Stakes as the header (and, for blinds, the posts) state them, in minor units.

    ``small_bet``/``big_bet`` are the fixed-limit bet units; for pot/no limit games ``small_bet`` and
    ``big_bet`` carry the header's small/big blind. Blinds and ante are ``None`` when not stated.
    """

    small_bet: int
    big_bet: int
    small_blind: int | None = None
    big_blind: int | None = None
    ante: int | None = None
    __reduce__ = _reduce


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class Tournament:
    """Tournament identity and level as written; ``buy_in`` is the header text (``$2.00+$0.20``)."""

    tournament_id: str
    level: str | None = None
    buy_in: str | None = None
    club: str | None = None  # PokerStars Home Game club name
    __reduce__ = _reduce


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class Seat:
    """A seat line: who sat where with what (``stack`` in minor units) at the start of the hand."""

    seat: int
    player: str
    stack: int
    sitting_out: bool = False
    note: str | None = None  # e.g. "out of hand (moved from another table into small blind)", bounty text
    line: int = 0
    __reduce__ = _reduce


# ---- events ------------------------------------------------------------------------------------


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class Post:
    """A forced bet. ``amount`` as written."""

    player: str
    kind: PostKind
    amount: int
    all_in: bool = False
    line: int = 0
    __reduce__ = _reduce


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class Deal:
    """The initial deal to one player. ``cards`` is ``None`` when the room shows only the count; ``label`` the
    room's name of the holding where it writes one (Merge: ``hand="Two Cards, 3-2"``)."""

    player: str
    cards: tuple[Card, ...] | None
    line: int = 0
    label: str | None = None
    __reduce__ = _reduce


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class Fold:
    player: str
    street: int
    line: int = 0
    __reduce__ = _reduce


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class Check:
    player: str
    street: int
    line: int = 0
    __reduce__ = _reduce


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class Call:
    """A call. ``amount`` is as written: chips added, or the player's round total when ``is_total``."""

    player: str
    street: int
    amount: int
    all_in: bool = False
    is_total: bool = False
    line: int = 0
    __reduce__ = _reduce


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class Bet:
    """An opening bet of ``amount`` in a round where nobody had bet."""

    player: str
    street: int
    amount: int
    all_in: bool = False
    line: int = 0
    __reduce__ = _reduce


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class Raise:
    """A raise as written: PokerStars gives both (``raises $0.25 to $0.50``), Full Tilt, KingsClub and
    Merge only the total (``raise_by`` is then ``None``)."""

    player: str
    street: int
    raise_by: int | None
    raise_to: int | None
    all_in: bool = False
    line: int = 0
    __reduce__ = _reduce


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class CapNotice:
    """The room's ``Betting is capped`` line."""

    street: int
    line: int = 0
    __reduce__ = _reduce


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class Draw:
    """A draw declaration: ``count`` cards thrown (0 = stands pat). ``discards`` are the thrown cards
    when the room names them (the hero's); ``held`` the cards named by ``stands pat on [...]``."""

    player: str
    draw: int
    count: int
    discards: tuple[Card, ...] | None = None
    held: tuple[Card, ...] | None = None
    line: int = 0
    __reduce__ = _reduce


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class DrawDeal:
    """Replacement cards dealt after a draw. Rooms write different parts of it: PokerStars/Full Tilt
    ``Dealt to Hero [kept] [new]``, Full Tilt ``is dealt N cards`` (``count`` only), Merge the whole
    new hand (``hand``, with its ``label`` such as ``"Badugi, K-7-2-A"``), KingsClub ``draws [new]``."""

    player: str
    draw: int
    count: int | None = None
    kept: tuple[Card, ...] | None = None
    new: tuple[Card, ...] | None = None
    hand: tuple[Card, ...] | None = None
    line: int = 0
    label: str | None = None
    __reduce__ = _reduce


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class Show:
    """Cards shown at showdown, with the hand label the room wrote (a claim) if any. ``cards`` is empty
    when the player showed but the log does not say what (PHH ``sm ????????``): still in the pot."""

    player: str
    cards: tuple[Card, ...]
    label: str | None = None
    line: int = 0
    __reduce__ = _reduce


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class Muck:
    """A muck; ``cards`` when the room reveals them (PokerStars summary ``mucked [...]``)."""

    player: str
    cards: tuple[Card, ...] | None = None
    line: int = 0
    __reduce__ = _reduce


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class Uncalled:
    """The room's claim that ``amount`` was returned uncalled to ``player``."""

    player: str
    amount: int
    line: int = 0
    __reduce__ = _reduce


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class Collect:
    """The room's claim that ``player`` collected ``amount`` from ``pot``: ``"pot"``, ``"main"``,
    ``"side"`` or ``"side-N"`` (N as written)."""

    player: str
    amount: int
    pot: str = "pot"
    line: int = 0
    __reduce__ = _reduce


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class Noise:
    """Table noise kept as noise: chat, joins, leaves, timeouts, sit-outs, finishes, ``adds``.
    ``kind`` is a short word (``chat``, ``join``, ``leave``, ``timeout``, ``sit_out``, ``finish``, ...)."""

    kind: str
    player: str | None
    text: str
    line: int = 0
    __reduce__ = _reduce


Action = Union[Fold, Check, Call, Bet, Raise]
Event = Union[Post, Deal, Fold, Check, Call, Bet, Raise, CapNotice, Draw, DrawDeal, Show, Muck, Uncalled,
              Collect, Noise]
ACTION_TYPES = (Fold, Check, Call, Bet, Raise)


# ---- claims ------------------------------------------------------------------------------------


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class SummarySeat:
    """One seat line of the summary, as written. ``result`` is one of ``folded``, ``showed``,
    ``mucked``, ``collected``, ``sitting_out``, ``other``; ``won`` the amount the line claims."""

    seat: int
    player: str
    result: str
    position: str | None = None  # "button", "small blind", "big blind"
    folded_street: int | None = None  # 0 = before the draw, N = after the Nth draw
    won: int | None = None
    net: int | None = None  # KingsClub writes a per-seat net
    final_stack: int | None = None  # KingsClub writes the final stack
    cards: tuple[Card, ...] | None = None
    label: str | None = None
    line: int = 0
    __reduce__ = _reduce


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class DrawPot:
    """A draw's marker restating the pot and who is left (Full Tilt: ``*** FIRST DRAW *** (Total Pot: $0.45,
    2 Players, 1 All-In)``, older ``(Pot: $0.20)``): ``players``/``all_ins`` ``None`` where not written."""

    draw: int
    pot: int
    players: int | None = None
    all_ins: int | None = None
    line: int = 0
    __reduce__ = _reduce


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class Claims:
    """What the room states about money; the replay checks each against its own derivation."""

    total_pot: int | None = None
    main_pot: int | None = None
    side_pots: tuple[int, ...] = ()
    rake: int | None = None
    summary: tuple[SummarySeat, ...] = ()
    line: int = 0  # the total-pot line
    draw_pots: tuple[DrawPot, ...] = ()
    __reduce__ = _reduce


@cython.no_gc
@cython.cclass
@dataclass(frozen=True)
class Hand:
    """One hand as the room wrote it. ``game`` is ``"badugi"`` for every hand the readers return as
    parsed; other games never become a ``Hand`` (they are skipped with a reason)."""

    room: str
    hand_id: str
    game: str
    limit: Limit
    stakes: Stakes
    currency: str
    source: Source
    table: str | None = None
    max_seats: int | None = None
    button: int | None = None
    start_time: datetime | None = None  # UTC
    time_zone: str | None = None  # the room's time zone text, e.g. "ET", "CET"
    time_flag: TimeFlag | None = None  # start_time is a guess or unknown, and why (None: exact)
    tournament: Tournament | None = None
    seats: tuple[Seat, ...] = ()
    events: tuple[Event, ...] = ()
    claims: Claims = field(default_factory=Claims)
    hero: str | None = None
    cancelled: bool = False
    partial: bool = False
    __reduce__ = _reduce

    @property
    def minor_per_major(self) -> int:
        """Units in one displayed currency unit: 100 for cents, 1 for chips."""
        return 1 if self.currency in ("CHIPS", "PLAY") else 100

    @property
    def is_tournament(self) -> bool:
        return self.tournament is not None

    def seat_of(self, player: str) -> Seat | None:
        for seat in self.seats:
            if seat.player == player:
                return seat
        return None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: cards as room notation, times as ISO text, events tagged by ``type``."""
        return _to_jsonable(self)


def _to_jsonable(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {}
        if isinstance(value, EVENT_TYPES):
            out["type"] = type(value).__name__.lower()
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            if f.name in ("cards", "discards", "held", "kept", "new", "hand") and isinstance(item, tuple):
                out[f.name] = format_cards(item)
            else:
                out[f.name] = _to_jsonable(item)
        return out
    if isinstance(value, tuple):
        return [_to_jsonable(v) for v in value]
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, StrEnum):
        return str(value)
    return value


EVENT_TYPES = (Post, Deal, Fold, Check, Call, Bet, Raise, CapNotice, Draw, DrawDeal, Show, Muck, Uncalled,
               Collect, Noise)


@functools.cache
def field_annotations() -> dict[str, dict[str, str]]:
    """Each record class's field annotations as this file writes them, read from its own source (``ast``, as
    ``setup.py`` reads ``compiled.py``): the compiled twin of a record is an extension type, which keeps no
    ``__annotations__`` (``typing.get_type_hints`` finds nothing there), and the ``.py`` file is always
    installed beside it (the pure-Python twin). tests/parsers/test_record_construction.py checks that they are
    the pure classes' own, field by field and in order."""
    tree = ast.parse(Path(__file__).with_name("record.py").read_text(encoding="utf-8"))
    return {node.name: {item.target.id: ast.unparse(item.annotation) for item in node.body
                        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)}
            for node in tree.body if isinstance(node, ast.ClassDef) and any(
                "dataclass" in ast.unparse(decorator) for decorator in node.decorator_list)}


def field_types(record: type) -> dict[str, Any]:
    """``typing.get_type_hints`` of a record class, compiled or not: each field's type, evaluated."""
    return typing.get_type_hints(SimpleNamespace(__annotations__=field_annotations()[record.__name__]), globals())
