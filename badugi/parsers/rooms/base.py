"""What a room is, and the shared machinery for rooms read by a Lark grammar.

Every format badugi reads is a ``Room``: the text rooms (PokerStars, Full Tilt, KingsClub, Winamax),
Merge XML and PHH. A room's differences from the base are mostly
*data* (sqlglot-dialect style): class-level tables merged from the base with ``{**Room.X, ...}``.
Methods appear only where a table cannot say it. Every room answers the same four questions:

1. ``recognises_file(head)``: is this file (its first decoded bytes) in my format? Merge XML and PHH
   own whole files (``sniff``); a text file is a text room's when one of its lines is a hand's first
   line of that room (``detects``: ``HEADER_PREFIXES`` is the cheap ``str.startswith`` filter the
   splitter applies to every line).
2. ``split(stream, head, start_offset, start_line)``: the file's hands as ``HandText`` from a byte
   offset on. The text rooms share one splitter (``split.split_text``: a text file may mix rooms);
   Merge and PHH cut their files themselves. ``BLANK_LINE_ENDS_HAND = False`` if blank lines may occur
   inside the room's hands (FTP archives).
3. ``classify(hand)``: a tolerant reading of the hand's first line(s) that finds the game (and hand
   id, cash or tournament, currency) and nothing else, whatever clauses the header carries. Only games
   the room reads go on to ``parse``: a game of its ``GAMES`` table that the engine replays
   (``reads_game``: ``badugi.engine.games.REPLAYED``, so a draw game the rooms can read waits for its
   replay), or a name with ``READ_WORDS`` in it, for the strict grammar to judge; every other hand is
   skipped with ``unsupported game: <the room's game name>``.
4. ``parse(hand, file) -> Hand | Skipped | ParseFailure``: the strict reading. It must never raise on
   bad input (the reader turns an escaped exception into a ``parse.internal`` failure anyway).

``read(hand, file)`` is 3 then 4. Text rooms read by a grammar subclass ``LarkRoom``: a grammar in
``parsers/grammars/<room>.lark`` with two start rules, ``header`` (the first line) and ``body`` (the
rest), importing shared terminals from ``base.lark``; a tree-less ``Transformer`` (``TRANSFORMER``);
``game_of(header)`` and ``build(header, body, hand, file)``. Error codes come from ``ERROR_EXAMPLES``
(Lark ``match_examples``), fallback ``parse.unexpected``. Add a room with one line in ``ROOMS``
(``rooms/__init__.py``).

The transformer is shared by every parse (no per-hand state): it turns lines into small tuples with
hand-relative line numbers, and ``build`` makes the final records with absolute file lines.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any, BinaryIO, ClassVar

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

try:  # the same LALR parser and lexer compiled (by Lark's author); without it Lark's own are used
    import lark_cython
except ImportError:  # pragma: no cover - an install without the accelerator reads the same, slower
    lark_cython = None

from badugi.engine import games
from badugi.engine.cards import DECK, Card
from badugi.engine.record import Limit
from badugi.parsers.results import HandResult, HandText, ParseFailure, Skipped
from badugi.parsers.rooms import text_api as _text
from badugi.parsers.split import split_text

GRAMMAR_PACKAGE = "badugi.parsers"
GRAMMAR_FOLDER = ("grammars",)


@dataclass(frozen=True, slots=True)
class HeaderInfo:
    """What a tolerant reading of a hand's first line(s) tells: enough to skip a game the room does not
    read, never enough to read the hand. ``game`` is the dealt game as the room names it (the inner
    game of a mix: ``8-Game (Badugi Limit)`` -> ``Badugi Limit``); ``note`` qualifies a skip reason
    (``partial hand``, ``cancelled hand``)."""

    hand_id: str | None
    game: str
    limit: Limit | None = None
    tournament: bool = False
    currency: str | None = None
    note: str | None = None


LIMIT_WORDS: tuple[tuple[re.Pattern[str], Limit], ...] = (
    (re.compile(r"\b(?:half[ -]pot(?: limit)?|hpl)\b", re.I), Limit.HALF_POT),
    (re.compile(r"\b(?:pot[ -]limit|pl)\b", re.I), Limit.POT),
    (re.compile(r"\b(?:no[ -]limit|nl)\b", re.I), Limit.NO_LIMIT),
    (re.compile(r"\b(?:fixed[ -]limit|limit|fl)\b", re.I), Limit.FIXED),
)
"""Betting-structure words in a game name, most specific first (``Pot Limit`` before ``Limit``)."""


def limit_in(game: str) -> Limit | None:
    """The betting structure a game name states (``Triple Draw 2-7 Lowball Limit`` -> fixed), if any."""
    for words, limit in LIMIT_WORDS:
        if words.search(game):
            return limit
    return None


class Room:
    """A poker room's hand-history format. Subclasses override the tables and the methods that differ."""

    NAME: ClassVar[str] = ""
    """Registry name (``rooms.ROOMS`` key)."""

    HEADER_PREFIXES: ClassVar[tuple[str, ...]] = ()
    """Every first line of this room's hands starts with one of these (text rooms)."""

    BLANK_LINE_ENDS_HAND: ClassVar[bool] = True
    """Whether a blank line closes a hand (text after it that is not a new hand is reported apart)."""

    END_MARKED: ClassVar[bool] = False
    """Whether the format marks a hand's end (Merge's ``</game>``; PHH: a file ends with a line end).
    Then a hand without its mark is surely one the room is still writing, and an importer never keeps
    it; a text room's last hand with no blank line after it may be whole, and is kept if it reads."""

    AWARDS_LAST: ClassVar[bool] = False
    """Whether the room writes who won what as the hand's last lines (KingsClub's ``wins`` lines after the
    summary): then a last hand with no end mark whose replay finds the pot not all collected may be one
    the client is still writing (``batch.process_hands``)."""

    GAMES: ClassVar[dict[str, tuple[str, Limit]]] = {}
    """Game names as the room writes them -> (game, limit): the games the room can read (``game`` a
    ``badugi.engine.games.GAMES`` name). Only those the engine replays are read (``reads_game``)."""

    READ_WORDS: ClassVar[re.Pattern[str]] = re.compile(r"badugi", re.I)  # (``_BADUGI_WORDS``)
    """A game name holding these words goes to the strict reading even when ``GAMES`` does not list it,
    so a Badugi hand with a header the grammar cannot read is a ``parse.header`` error, not a skip."""

    HAND_ID_HINT: ClassVar[re.Pattern[str]] = re.compile(r"#(\d[\d-]*)")
    """Where the hand id stands in a first line: its first ``#<digits>`` (PokerStars ``Game #<id>:``, Full Tilt,
    KingsClub ``#<id>:``). Searched only to name the hand in a header the grammar cannot read."""

    CURRENCY_MARKS: ClassVar[dict[str, str]] = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR"}
    """Currency symbols -> ISO code."""

    STREETS: ClassVar[dict[str, tuple[int | None, int | None]]] = {}
    """Section marker text -> (betting street, draw number); ``None`` keeps the current street."""

    # ---- 1. recognising a file and a hand's first line -----------------------------------------

    def sniff(self, head: str) -> bool:
        """Whether a whole file (its first decoded text) is in this room's own file format (Merge XML,
        PHH). Text rooms answer False: their hands are found line by line."""
        return False

    def detects(self, first_line: str) -> bool:
        """Whether ``first_line`` is the first line of one of this room's hands (text rooms)."""
        return bool(self.HEADER_PREFIXES) and first_line.startswith(self.HEADER_PREFIXES)

    def recognises_file(self, head: str) -> bool:
        """Whether a file whose first decoded text is ``head`` holds this room's hands."""
        if self.sniff(head):
            return True
        if not self.HEADER_PREFIXES or not any(p in head for p in self.HEADER_PREFIXES):
            return False
        return any(self.detects(line.lstrip("\ufeff")) for line in head.splitlines()
                   if line.lstrip("\ufeff").startswith(self.HEADER_PREFIXES))

    # ---- 2. splitting ----------------------------------------------------------------------------

    def split(self, stream: BinaryIO, head: bytes, start_offset: int = 0, start_line: int = 1) -> Iterator[HandText]:
        """The hands of ``stream`` (positioned at file byte ``start_offset``, line ``start_line``);
        ``head`` = the file's first bytes (encoding, BOM). Text rooms share the line splitter."""
        return split_text(stream, head, start_offset, start_line)

    def shows_whole(self, hand: HandText) -> bool:
        """Whether the hand's own text proves the client finished writing it (``hand_end``): asked of the
        file's last hand when no blank line or next hand follows it yet. A room that knows no such proof
        answers True (the hand is kept when it reads)."""
        return True

    # ---- 3. classifying, 4. parsing ------------------------------------------------------------

    def classify(self, hand: HandText) -> HeaderInfo | None:
        """A tolerant reading of the hand's first line(s); ``None`` when even that fails (the strict
        reading then reports the header)."""
        return None

    def hand_id_hint(self, first_line: str) -> str | None:
        """The hand id where the room writes it in a first line (``HAND_ID_HINT``), for the errors of a hand
        that cannot be read (a header the grammar rejects, undecodable bytes)."""
        found = self.HAND_ID_HINT.search(first_line)
        return found.group(1) if found else None

    def reads_game(self, words: str) -> bool:
        """Whether hands of the game the room calls ``words`` are read: the room knows the game
        (``GAMES``) and the engine replays it (``badugi.engine.games.REPLAYED``). Every other game is
        skipped with ``unsupported game: <words>``."""
        entry = self.GAMES.get(words)
        return entry is not None and games.is_replayed(entry[0])

    def reads(self, info: HeaderInfo) -> bool:
        """Whether a classified hand goes on to the strict reading: a game the room reads, or no game
        named at all (a header cut before its game words is a damaged hand the strict reading reports,
        never another game to skip)."""
        return not info.game.strip() or self.reads_game(info.game) or self.READ_WORDS.search(info.game) is not None

    def parse(self, hand: HandText, file: str) -> HandResult:
        """Read one hand strictly. Never raises on bad input."""
        raise NotImplementedError

    def read(self, hand: HandText, file: str) -> HandResult:
        """Classify the hand, then skip it (another game) or parse it."""
        info = self.classify(hand)
        if info is not None and not self.reads(info):
            return self.skip_game(hand, file, info)
        return self.parse(hand, file)

    def skip_game(self, hand: HandText, file: str, info: HeaderInfo) -> Skipped:
        note = f" ({info.note})" if info.note else ""
        return self.skipped(hand, file, f"unsupported game: {info.game}{note}", info.hand_id)

    # ---- helpers shared by rooms ------------------------------------------------------------

    def failure(self, code: str, hand: HandText, file: str, line: int, message: str, *,
                column: int | None = None, hand_id: str | None = None,
                expected: Iterable[str] = ()) -> ParseFailure:
        return ParseFailure(code=code, room=self.NAME, hand_id=hand_id, file=file, line=line, column=column,
                            offset=hand.offset, message=message, expected=tuple(sorted(expected)), raw=hand.text)

    def skipped(self, hand: HandText, file: str, reason: str, hand_id: str | None) -> Skipped:
        return Skipped(room=self.NAME, hand_id=hand_id, file=file, line=hand.first_line, offset=hand.offset,
                       reason=reason)


class UnknownLine(ValueError):
    """A line between the deal and the summary that is neither an action nor table noise: its stable
    code (``parse.unknown_line``, or ``parse.misplaced_line`` for a line of the hand's structure out of
    place) and its file line."""

    def __init__(self, code: str, line: int, text: str) -> None:
        super().__init__(f"cannot read {text!r}")
        self.code, self.line, self.text = code, line, text


_QUOTED = re.compile(r"'([^'\n]+)'|\"([^\"\n]+)\"")


def _quoted_line(message: str, text: str) -> int:
    """The 0-based index of the first line of ``text`` holding a value ``message`` quotes (each quoted value
    in turn: first as a card of a bracket group, ``[2d 1c 4s]``, then as a whole word), or 0."""
    lines = text.split("\n")
    values = [found.group(1) or found.group(2) for found in _QUOTED.finditer(message)]
    for value in values:
        escaped = re.escape(value)
        for pattern in (re.compile(r"\[(?:[^\]\n]* )?" + escaped + r"(?: [^\]\n]*)?\]"),
                        re.compile((r"(?<!\w)" if value[0].isalnum() else "") + escaped
                                   + (r"(?!\w)" if value[-1].isalnum() else ""))):
            for index, line in enumerate(lines):
                if pattern.search(line):
                    return index
    return 0


_LINE_STATED = re.compile(r"line (\d+): ")
"""How a room's ``build`` states the file line of a value it refuses (``line 12: a draw outside ...``)."""


SHOWN_CHARS = 240
"""The most of a line an error quotes (the whole line is kept in the failure's raw text)."""

STRUCTURE_LINE = re.compile(r"(?:Seat \d+: |\*\*\* |Table '|Total pot |PokerStars |Full Tilt |#\d+: )")
"""The start of a line of a hand's frame (seats, sections, the pot line, a header): out of place when the
grammar did not take it where it stands."""

MESSAGE_WORDS = ("has", "have", "is", "was", "were", "will", "would", "joins", "joined", "leaves", "left", "sits",
                 "sat", "stands up", "adds", "added", "re-buys", "rebuys", "rebought", "takes", "took", "cashed",
                 "finished", "finishes", "said", "says", "requested", "requests", "returns", "returned", "timed",
                 "disconnected", "reconnected", "connected", "agrees", "chooses", "receives", "received", "gets",
                 "got", "wins", "won", "can", "cannot", "did", "does")
"""First words of the table messages rooms write about a player (``X has 15 seconds left to act``, ``X was
removed from the table``, ``X re-buys and receives ...``): a line the grammar has no terminal for is
table noise when its player's name is followed by one of these (a room leaves out its own action verbs,
``wins`` on Full Tilt)."""


def message_after_name(exclude: tuple[str, ...] = ()) -> re.Pattern[str]:
    """How a table message goes on after a player's name: one of ``MESSAGE_WORDS`` (less ``exclude``)."""
    words = "|".join(re.escape(w) for w in MESSAGE_WORDS if w not in exclude)
    return re.compile(rf" (?:{words})\b")


def table_noise(text: str, line: int, names: Iterable[str | None], message: re.Pattern[str]) -> str:
    """The player a line of table noise is about, for a line no terminal of the room's grammar reads (a
    timer, a bounty, a rebuy the grammar has never seen): it must start with the name of a player of the
    hand, then a word such messages start with (``message``, from ``message_after_name``). Anything else
    raises ``UnknownLine``: a garbled action (``Ann flods``) is an error, never noise."""
    for name in sorted((n for n in set(names) if n and text.startswith(n + " ")), key=len, reverse=True):
        if message.match(text, len(name)):
            return name
    code = "parse.misplaced_line" if STRUCTURE_LINE.match(text) else "parse.unknown_line"
    raise UnknownLine(code, line, text)


class Memo(dict):
    """A pure function of text, remembered: hand histories repeat the same amounts, card groups, lines
    and blocks of lines. Hot paths look up with ``memo.get(text)`` (a dict lookup, no call) and call
    ``memo.read(text)`` on a miss. Emptied when ``limit`` entries are held, so a long-lived import worker
    keeps a flat footprint. A reader that raises remembers nothing. Made by ``memo(name, ...)``, which
    registers it by name for ``memo_stats``."""

    __slots__ = ("reader", "limit", "name")

    def __init__(self, reader: Callable[[str], Any], limit: int, name: str = "") -> None:
        super().__init__()
        self.reader, self.limit, self.name = reader, limit, name

    def read(self, text: str) -> Any:
        value = self.reader(text)
        if len(self) >= self.limit:
            self.clear()
        self[text] = value
        return value


def whole_units(currency: str, per: int) -> Callable[[int | None], int | None]:
    """Hundredths of the displayed unit -> the record's minor units (``per`` hundredths each: 100 for a
    chip currency); a fraction of a chip is an error, never rounded away."""

    def units(value: int | None) -> int | None:
        if value is None:
            return None
        if value % per:
            raise ValueError(f"amount {value / 100} is not a whole number of {currency}")
        return value // per

    return units


@v_args(inline=True)
class NameVerbLines(Transformer):
    """The body lines every text room writes alike (``NAME folds``, ``NAME checks``); a room's line
    transformer inherits them."""

    def fold(self, line: Token) -> BodyLine:
        return BodyLine("fold", line.line, (line.value.rstrip()[:-len(" folds")],))

    def check(self, line: Token) -> BodyLine:
        return BodyLine("check", line.line, (line.value.rstrip()[:-len(" checks")],))


class CountingMemo(Memo):
    """A ``Memo`` that counts its lookups and hits (``BADUGI_MEMO_STATS=1``): its ``get`` is a Python call,
    so it is used only when asked for; a plain ``Memo``'s lookups stay C-level dict lookups."""

    __slots__ = ("lookups", "hits")

    def __init__(self, reader: Callable[[str], Any], limit: int, name: str = "") -> None:
        super().__init__(reader, limit, name)
        self.lookups = self.hits = 0

    def get(self, text: str, default: Any = None) -> Any:  # type: ignore[override]
        self.lookups += 1
        value = dict.get(self, text, default)
        if value is not None:
            self.hits += 1
        return value


MEMO_STATS = os.environ.get("BADUGI_MEMO_STATS", "") not in ("", "0")
"""Whether memos count their hits (read once, at import: the benchmarks set it in the process they measure)."""

MEMOS: dict[str, Memo] = {}
"""Every memo the readers made, by name."""


def memo(name: str, reader: Callable[[str], Any], limit: int) -> Memo:
    """A new memo of ``reader`` (counting when ``MEMO_STATS``), registered under ``name``."""
    made = (CountingMemo if MEMO_STATS else Memo)(reader, limit, name)
    MEMOS[name] = made
    return made


def memo_stats() -> dict[str, tuple[int, int]]:
    """``name -> (lookups, hits)`` of every memo since the process started (zeros unless ``MEMO_STATS``)."""
    return {name: (getattr(m, "lookups", 0), getattr(m, "hits", 0)) for name, m in MEMOS.items()}


def amount_hundredths(text: str) -> int:
    """``"$0.25"`` -> 25, ``"1,500"`` -> 150000, ``"25€"`` -> 2500: hundredths of the displayed unit.

    Rooms divide by 100 for chip currencies (``Hand.minor_per_major == 1``).
    """
    if type(text) is str:
        plain = _plain_amount(text, 0, len(text))
        if plain >= 0:
            return plain
    value = _AMOUNTS.get(text)
    return _AMOUNTS.read(text) if value is None else value


def amount_in(text: str, start: int, end: int) -> int:
    """``amount_hundredths(text[start:end])`` (0 <= start <= end <= ``len(text)``): a plain amount read in place in
    ``text`` (compiled: no amount cut out first), any other cut out and read by ``amount_hundredths``."""
    plain = _plain_amount(text, start, end)
    return plain if plain >= 0 else amount_hundredths(text[start:end])


def _plain_amount(text: str, start: int, end: int) -> int:
    """An amount as rooms write nearly all of them, read in place: a currency symbol or none, digits and commas, up
    to two decimals, a trailing ``€`` or none (``$1,234.56``, ``1500``, ``25€``); -1 for any other text, which
    ``_read_amount`` reads (or refuses) instead. What this reads, ``_read_amount`` reads the same. (Compiled, a scan
    of the text's characters in C: no memo lookup, hashing or temporary strings. Measured, callgrind, worker path:
    ~6 amounts a hand, most of them new to the memo: seat stacks, pots.)"""
    if end <= start or end - start > 20:  # (at most 15 digits below: no C integer overflows)
        return -1
    char = _text.char_of(text, start)  # (``text[start:end]``, each character read in place: no bounds checked again)
    at = start + 1 if char in "$€£¥₹" else start
    if _text.char_of(text, end - 1) == "€":
        end -= 1
    whole = digits = 0
    while at < end:
        char = _text.char_of(text, at)
        if "0" <= char <= "9":
            whole = whole * 10 + (ord(char) - 48)
            digits += 1
        elif char != ",":
            break
        at += 1
    if digits == 0 or digits > 15:
        return -1
    if at == end:
        return whole * 100
    if _text.char_of(text, at) != "." or end - at > 3:  # (a point and at most two decimals)
        return -1
    fraction = 0
    for place in range(at + 1, end):
        char = _text.char_of(text, place)
        if not "0" <= char <= "9":
            return -1
        fraction = fraction * 10 + (ord(char) - 48)
    if end - at == 2:  # one decimal: tenths
        fraction *= 10
    return whole * 100 + fraction


def _read_amount(text: str) -> int:
    digits = text.strip().strip("$€£¥₹").replace(",", "")
    sign = -1 if digits.startswith("-") else 1
    whole, dot, frac = digits.lstrip("+-").strip("$€£¥₹").partition(".")
    value = int(whole or "0") * 100
    if dot:
        if len(frac) > 2:
            raise ValueError(f"amount with more than two decimals: {text!r}")
        value += int((frac + "00")[:2])
    return sign * value


_AMOUNTS = memo("amounts", _read_amount, 20_000)  # 94% of lookups hit at 20,000 as at 50,000


@dataclass(frozen=True, slots=True)
class BodyLine:
    """One body line as a room's grammar read it: ``kind``, its 1-based line in the body, its fields.
    Line-oriented transformers return these; the room's ``build`` turns them into records."""

    kind: str
    line: int
    fields: tuple[Any, ...]


_CARD_NAMED: dict[str, Card] = {str(card): card for card in DECK}
"""``"As"`` -> its card: the notation grammars check (``Card.parse`` reads the rest, and says what is wrong)."""


def cards_of(group: str) -> tuple[Card, ...]:
    """Cards of a bracket group as written: ``" [As 3h]"``, ``"[As 3h]"``, ``"As 3h]"`` or ``"[]"``."""
    found = _room_cards(group, 0, len(group)) if type(group) is str else None
    if found is not None:
        return found
    cached = _CARD_GROUPS.get(group)
    return _CARD_GROUPS.read(group) if cached is None else cached


def cards_in(text: str, start: int, stop: int) -> tuple[Card, ...]:
    """``cards_of(text[start:stop])`` (0 <= start <= stop <= ``len(text)``), a group in the room notation read in place
    in ``text`` (compiled: no group cut out first); any other text cut out and read by ``cards_of``."""
    found = _room_cards(text, start, stop) if 0 <= start <= stop <= len(text) else None
    return found if found is not None else cards_of(text[start:stop])


def _room_cards(group: str, start: int, stop: int) -> tuple[Card, ...] | None:
    """``cards_of`` for a group in the room notation the grammars check (``" [As 3h]"``: a space or none, a ``[`` or
    none, cards one space apart, ``]``), read in place; None for any other text, which ``_read_cards`` reads (or
    refuses) instead: the same cards. (Compiled, a scan of the characters in C, each card taken from ``DECK`` by its
    number: no memo lookup, hashing or temporary strings, where most groups were new to the memo, the hero's cards.
    Measured, callgrind, worker path: ~8 groups a hand, ~3k instructions each before.) The numbers of up to five cards
    are kept 6 bits each in one integer as they are read, then the tuple is made of them at once (compiled, filled in
    C: no list grown and copied, ~1k instructions a group before); a longer group is read again into a list. Its
    characters are read in place (``text_api.char_of``: 0 <= ``start`` <= ``stop`` <= the group's length, as its callers
    make sure), where an index checked both ways was a call each.)"""
    end = stop - 1  # (``group[start:stop]``: 0 <= start <= stop <= its length)
    if end < start + 1 or _text.char_of(group, end) != "]":
        return None
    at = start + 1 if _text.char_of(group, start) == " " else start
    if _text.char_of(group, at) == "[":
        at += 1
    first = at
    count = 0
    packed = 0  # the numbers of the first five cards, the first in the highest bits
    while at < end:
        if end - at < 2:
            return None
        rank, suit = _rank_number(_text.char_of(group, at)), _suit_number(_text.char_of(group, at + 1))
        if rank < 0 or suit < 0:
            return None
        if count < 5:
            packed = packed << 6 | rank * 4 + suit
        count += 1
        at += 2
        if at < end:
            if _text.char_of(group, at) != " " or at + 1 == end:
                return None
            at += 1
    deck = DECK
    if count == 4:  # (Badugi's hand)
        return deck[packed >> 18], deck[packed >> 12 & 63], deck[packed >> 6 & 63], deck[packed & 63]
    if count == 0:
        return ()
    if count == 1:
        return (deck[packed],)
    if count == 2:
        return deck[packed >> 6], deck[packed & 63]
    if count == 3:
        return deck[packed >> 12], deck[packed >> 6 & 63], deck[packed & 63]
    if count == 5:
        return (deck[packed >> 24], deck[packed >> 18 & 63], deck[packed >> 12 & 63], deck[packed >> 6 & 63],
                deck[packed & 63])
    cards = []
    for at in range(first, end, 3):  # (checked above: a card every 3 characters)
        cards.append(deck[_rank_number(_text.char_of(group, at)) * 4 + _suit_number(_text.char_of(group, at + 1))])
    return tuple(cards)


def _rank_number(char: str) -> int:
    """A rank letter of the room notation -> its number (``engine.cards.RANKS``: ace 0 .. king 12), or -1."""
    if "2" <= char <= "9":
        return ord(char) - 49
    if char == "A":
        return 0
    if char == "T":
        return 9
    if char == "J":
        return 10
    if char == "Q":
        return 11
    if char == "K":
        return 12
    return -1


def _suit_number(char: str) -> int:
    """A suit letter of the room notation -> its number (``engine.cards.SUITS``: c d h s), or -1."""
    if char == "c":
        return 0
    if char == "d":
        return 1
    if char == "h":
        return 2
    if char == "s":
        return 3
    return -1


def _read_cards(group: str) -> tuple[Card, ...]:
    names = group.strip(" []").split()
    named = _CARD_NAMED
    try:  # (a dict lookup per card: most groups are new, the hero's cards; compiled, ``named`` is a typed dict)
        return tuple([named[name] for name in names])
    except KeyError:
        return tuple(map(Card.parse, names))


_CARD_GROUPS = memo("card_groups", _read_cards, 10_000)  # most groups are new: 25% hit at 10,000, 27% at 50,000


class LarkRoom(Room):
    """A room read by a Lark LALR grammar (contextual lexer) with a tree-less transformer."""

    GRAMMAR: ClassVar[str] = ""
    """Grammar file name in ``parsers/grammars``."""

    TRANSFORMER: ClassVar[type[Transformer]] = Transformer

    ACCELERATED: ClassVar[bool] = False
    """Parse hands with lark-cython's compiled LALR parser (when installed): same grammar, tables and
    transformer callbacks, about twice as fast. Its tokens are not ``str``: only a transformer that
    reads them with ``str(token)``/``token.value`` may say True. A hand it rejects is parsed again by
    Lark's own parser, whose exception (expected terminals, line, column) is the one reported."""

    LINE_TERMINALS: ClassVar[tuple[str, ...]] = ()
    """What may stand where a line no terminal of the grammar reads was found (an ``UnknownLine``'s
    ``expected``)."""

    ERROR_EXAMPLES: ClassVar[dict[str, list[str]]] = {}
    """Stable ``parse.*`` code -> example *bodies* that fail the same way (Lark ``match_examples``)."""

    HAND_START: ClassVar[str | None] = None
    """A start rule reading a whole hand in one parse (``hand: first_line body``), or None. Its value is
    ``(header, body)``; the transformer's first-line method returns
    ``self.reading_room.stop_unless_read(header)`` (``reading_room`` is set when the parser is built).
    Line numbers count from the hand's first line, so ``build`` gets ``line_offset=hand.first_line - 1``.
    A hand this parse rejects is read again the two-step way (``header``, then ``body``), whose errors
    are the ones reported. One parse is one parser call and one lexer less per hand."""

    @classmethod
    def parser(cls, strict: bool = False) -> Lark:
        """The room's parser (Lark's own: the reference), built once per process (and per ``strict``)."""
        return _build_parser(cls, strict, False)

    @classmethod
    def fast_parser(cls) -> Lark:
        """The parser hands are read with: the accelerated one when the room allows it and lark-cython
        is installed, else ``parser()``."""
        return _build_parser(cls, False, cls.ACCELERATED and lark_cython is not None)

    # What rooms implement -------------------------------------------------------------------

    def game_of(self, header: Any) -> str:
        """The game words of a parsed header (looked up in ``GAMES``)."""
        raise NotImplementedError

    def hand_id_of(self, header: Any) -> str | None:
        return None

    def stop_unless_read(self, header: Any) -> Any:
        """``header``, or ``NotRead`` raised when its game is not one this room reads (``HAND_START``)."""
        if not self.reads_game(self.game_of(header)):
            raise NotRead(header)
        return header

    def build(self, header: Any, body: Any, hand: HandText, file: str) -> HandResult:
        """The record of a parsed hand. Rooms with a ``HAND_START`` also take ``line_offset`` (the file
        line of the parse's line 0: ``hand.first_line`` for a body parsed alone)."""
        raise NotImplementedError

    # The shared flow ------------------------------------------------------------------------

    def read(self, hand: HandText, file: str) -> HandResult:
        """As ``Room.read``, with one shortcut measured on PokerStars (~5 us a hand, 3-5 % of its parse):
        a first line without ``READ_WORDS`` anywhere cannot be a game the room reads and is classified
        and skipped; one with them goes straight to the strict reading, which reads the game from the
        header itself (and classifies the hand only when the header is beyond it)."""
        if not _holds_read_words(self.READ_WORDS, _first_line(hand.text) if type(hand) is HandText else hand.header):
            return super().read(hand, file)
        return self.parse(hand, file)

    def plain_read(self, text: str) -> Any:
        """``[header, body]`` as the parse from ``HAND_START`` gives them, where the room's own scans find the tokens
        its lexer surely makes of ``text`` (then the transformer's methods are called as the parse would); None where
        they cannot say so, and the parser reads the hand. A room without such scans says None."""
        return None

    def parse(self, hand: HandText, file: str) -> HandResult:
        if self.HAND_START is not None:
            try:
                read = self.plain_read(hand.text)
                if read is None:
                    read = self.fast_parser().parse(hand.text, start=self.HAND_START)
                header, body = read
                return self.build(header, body, hand, file, line_offset=hand.first_line - 1)
            except NotRead as skip:
                return self.skipped(hand, file, f"unsupported game: {self.game_of(skip.header)}",
                                    self.hand_id_of(skip.header))
            except (UnexpectedInput, ValueError):
                pass  # read again below: the failure is reported as the two-step reading sees it
        return self._parse_in_two_steps(hand, file)

    def _parse_in_two_steps(self, hand: HandText, file: str) -> HandResult:
        """The reference reading: the header alone (another game is skipped), then the body."""
        first, _, rest = hand.text.partition("\n")
        try:
            header = self._parse(first + "\n", "header")
        except UnexpectedInput as exc:
            info = self.classify(hand)  # a header the strict grammar cannot read: another game is skipped
            if info is not None and not self.reads(info):
                return self.skip_game(hand, file, info)
            return self._syntax_failure(exc, hand, file, first + "\n", 0, self._hand_id_hint(info, first),
                                        code="parse.header")
        hand_id = self.hand_id_of(header)
        game = self.game_of(header)
        if not self.reads_game(game):
            return self.skipped(hand, file, f"unsupported game: {game}", hand_id)
        try:
            body = self._parse(rest, "body")
        except UnexpectedInput as exc:
            return self._syntax_failure(exc, hand, file, rest, 1, hand_id)
        except ValueError as exc:  # a terminal the grammar accepted but a converter refused
            return self._value_failure(exc, hand, file, hand_id)
        try:
            return self.build(header, body, hand, file)
        except UnknownLine as exc:
            ident = f" (hand #{hand_id})" if hand_id else ""
            return self.failure(exc.code, hand, file, exc.line, f"{file}:{exc.line}:1{ident}: cannot read {exc.text!r}",
                                column=1, hand_id=hand_id, expected=self.LINE_TERMINALS)
        except ValueError as exc:
            return self._value_failure(exc, hand, file, hand_id)

    def _value_failure(self, exc: ValueError, hand: HandText, file: str, hand_id: str | None) -> ParseFailure:
        """A value the grammar read but a converter refused (``not a card: '1c'``): the parse gives no line
        for it (tree-less, the converters see text), so the line is the one the message states (``line 12:
        ...``, a file line), else the hand's first holding a value the message quotes, else the hand's
        first line; the message names the hand like every other failure."""
        message = str(exc)
        stated = _LINE_STATED.match(message)
        if stated is not None:
            line, message = int(stated.group(1)), message[stated.end():]
        else:
            line = hand.first_line + _quoted_line(message, hand.text)
        ident = f" (hand #{hand_id})" if hand_id else ""
        return self.failure("parse.value", hand, file, line, f"{file}:{line}{ident}: {message}", hand_id=hand_id)

    def _hand_id_hint(self, info: HeaderInfo | None, first: str) -> str | None:
        """The id of a hand whose first line the grammar rejects, so its error names the hand: the tolerant
        reading's, else the first line's ``HAND_ID_HINT``."""
        if info is not None and info.hand_id:
            return info.hand_id
        return self.hand_id_hint(first)

    def _parse(self, text: str, start: str) -> Any:
        """Parse ``text`` from ``start`` with ``fast_parser()``; if it rejects the text, parse again with
        the reference parser so the error raised is exactly Lark's."""
        fast = self.fast_parser()
        try:
            return fast.parse(text, start=start)
        except UnexpectedInput:
            reference = self.parser()  # (loaded only when a hand fails)
            if reference is fast:
                raise
            return reference.parse(text, start=start)

    def _syntax_failure(self, exc: UnexpectedInput, hand: HandText, file: str, text: str, shift: int,
                        hand_id: str | None, code: str | None = None) -> ParseFailure:
        if isinstance(exc, UnexpectedToken) and exc.token.type == "$END" or isinstance(exc, UnexpectedEOF):
            relative = text.count("\n") or 1
            column = None
            code = code or "parse.truncated"
        else:
            relative = max(getattr(exc, "line", 1) or 1, 1)
            column = getattr(exc, "column", None)
        if code is None:
            code = self._error_code(exc)
        lines = text.split("\n")
        shown = lines[relative - 1] if relative - 1 < len(lines) else ""
        if len(shown) > SHOWN_CHARS:  # (a file with CR-only line ends is one line: never quote it whole)
            shown = shown[:SHOWN_CHARS - 3] + "..."
        if isinstance(exc, UnexpectedToken):
            expected = exc.accepts or exc.expected
        elif isinstance(exc, UnexpectedCharacters):
            expected = exc.allowed or set()
        else:
            expected = getattr(exc, "expected", None) or set()
        line = hand.first_line + relative - 1 + shift
        where = f"{file}:{line}" + (f":{column}" if column else "")
        ident = f" (hand #{hand_id})" if hand_id else ""
        wanted = ", ".join(sorted(expected)[:12])
        message = f"{where}{ident}: cannot read {shown!r}" + (f"; expected one of: {wanted}" if wanted else "")
        return self.failure(code, hand, file, line, message, column=column, hand_id=hand_id, expected=expected)

    def _error_code(self, exc: UnexpectedInput) -> str:
        if not self.ERROR_EXAMPLES:
            return "parse.unexpected"
        parser = self.parser()
        try:
            label = exc.match_examples(lambda text: parser.parse(text, start="body"), self.ERROR_EXAMPLES,
                                       use_accepts=True)
        except Exception:  # an example that parses (a grammar change) must not hide the real error
            label = None
        return label or "parse.unexpected"


_BADUGI_WORDS = Room.READ_WORDS
"""The read words every room but Winamax keeps (``Room.READ_WORDS``), found by ``_ascii_badugi`` in ASCII text."""


def _first_line(text: str) -> str:
    """``HandText.header``: the text to its first line end (cut at ``find``'s position: compiled, a C call, where the
    property's ``split("\n", 1)`` copied the rest of the hand too, ~1.2k instructions a hand)."""
    end = text.find("\n")
    return text if end == -1 else text[:end]


def _holds_read_words(words: re.Pattern[str], text: str) -> bool:
    """``words.search(text) is not None``: for ``_BADUGI_WORDS`` in ASCII text (every first line PokerStars writes but
    a few names), a scan of the characters (``_ascii_badugi``; compiled, in C, stopping at the first match, where the
    regex's search tried each position: ~5k instructions a hand)."""
    if words is _BADUGI_WORDS:
        found = _ascii_badugi(text)
        if found >= 0:
            return found == 1
    return words.search(text) is not None


def _ascii_badugi(text: str) -> int:
    """1 where ``text`` holds ``badugi`` in any case before any character beyond ASCII, 0 where it is ASCII and holds
    none, -1 where a character beyond ASCII comes first (the regex decides: under ``re.I`` some match ASCII letters).
    (``| 32`` lower-cases an ASCII letter; of ASCII characters only ``B`` and ``b`` give ``b``, and so on.)"""
    if _text.is_ascii(text) and text.find("Badugi") != -1:  # (the usual spelling in ASCII text: C calls, no scan)
        return 1
    end = len(text)
    for at in range(end):
        code = ord(text[at])
        if code > 127:
            return -1
        if (code | 32 == 98 and at + 6 <= end and ord(text[at + 1]) | 32 == 97 and ord(text[at + 2]) | 32 == 100
                and ord(text[at + 3]) | 32 == 117 and ord(text[at + 4]) | 32 == 103
                and ord(text[at + 5]) | 32 == 105):
            return 1
    return 0


class NotRead(Exception):  # noqa: N818 - a signal, not an error
    """Raised by a transformer's first-line method in a whole-hand parse (``LarkRoom.HAND_START``):
    the hand is of a game the room does not read, so the parse stops before its body."""

    def __init__(self, header: Any) -> None:
        super().__init__(header)
        self.header = header


@cache
def _build_parser(room: type[LarkRoom], strict: bool, accelerated: bool) -> Lark:
    """Build (or load) a room's parser. Outside strict mode Lark's grammar cache is used (a file in the
    temp folder keyed by the grammar text and options): building takes ~0.7 s per grammar (the
    regex-collision analysis), loading ~0.03 s, which every process-pool worker and CLI start pays.
    Strict builds (the tests) always analyse the grammar afresh. ``accelerated``: with lark-cython's
    parser and lexer (``LarkRoom.ACCELERATED``)."""
    plugins = {"_plugins": lark_cython.plugins} if accelerated else {}
    parser = Lark.open_from_package(
        GRAMMAR_PACKAGE, room.GRAMMAR, GRAMMAR_FOLDER, parser="lalr", lexer="contextual",
        start=["header", "body", *([room.HAND_START] if room.HAND_START else [])],
        transformer=_transformer_of(room), strict=strict,
        maybe_placeholders=True, cache=not strict, **plugins,
    )
    return parser


def _transformer_of(room: type[LarkRoom]) -> Transformer:
    """The room's transformer, told its room (a whole-hand parse asks it which games are read)."""
    transformer = room.TRANSFORMER()
    transformer.reading_room = room()  # type: ignore[attr-defined]
    return transformer
