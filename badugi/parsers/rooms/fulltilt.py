"""Full Tilt Poker hand histories (FORMATS.md section 2): grammar ``fulltilt.lark`` on the shared base.

What differs from PokerStars, and how it lands in the record (claims, never judged):
- Header: three real shapes (stakes before the game in 2010-12, ``FL Badugi - $0.10/$0.20`` in 2013,
  a dual time in 2011), the archive export ``FullTiltPoker Game #`` with an empty line after it,
  ``(partial)`` hands (header and summary only -> ``Hand.partial``) and tournaments.
- ``The button is in seat #N`` comes after the blinds; ``posts $5`` (a live extra blind, kind
  ``EXTRA``), ``posts a dead small blind of`` (``DEAD_SMALL``), ``antes``.
- ``raises to $X`` gives the total only -> ``Raise(raise_by=None, raise_to=X)``; calls and bets are
  chips added; ``, and is all in`` -> ``all_in``.
- A draw lists every declaration before every deal: ``discards 2 cards [Qs Jc]`` / ``stands pat
  [on [...]]`` -> ``Draw``; ``is dealt 2 cards`` / ``Dealt to Hero [kept] [new]`` -> ``DrawDeal``.
- Hand labels ``a Badugi: Q, 4, 3, 2`` are kept without the article (``Badugi: Q, 4, 3, 2``); low hands
  as written (``7,6,4,3,2``, ``a pair of Twos``, ``a straight, Seven high``).
- A seat is sitting out when its seat line, a line before the deal, or its summary line says so.
- Chat is ``name: text`` without quotes (an observer's ``name (Observer): text``); the grammar tells it
  from actions by the verb vocabulary.
- Shapes of other games' files and other trackers' readers, read the same way: July 2010's worded date
  (``15:13 ET - Wed, July 21, 2010``), stakes in thousands (``50K/100K Ante 10000``), Matrix's ``Match 2``
  for the table, ``Seats: 9`` before the seats (-> ``max_seats``), ``Hand #N has been canceled``
  (-> ``Hand.cancelled``), ``Ante of $X returned to Y`` (-> ``Uncalled``), ``wins side pot #1 (...)``
  (pot ``side-1``), and table lines with no seated player: ``The blinds are now 15/30``, ``Time has
  expired``, ``X has registered late for the tournament ...``.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar

from lark import Token, v_args

from badugi.engine.games import get_game
from badugi.engine.record import (
    Bet, Call, Check, Claims, Collect, Deal, Draw, DrawDeal, Event, Fold, Hand, Limit, Muck, Noise, Post,
    PostKind, Raise, Seat, Show, Source, Stakes, SummarySeat, TimeFlag, Tournament, Uncalled,
)
from badugi.parsers.clock import utc_start
from badugi.parsers.results import HandResult, HandText, Skipped

from .base import (
    BodyLine, HeaderInfo, LarkRoom, NameVerbLines, amount_hundredths, cards_of, limit_in, message_after_name,
    table_noise, whole_units,
)

ROOM = "fulltilt"

ZONES: dict[str, str] = {"ET": "America/New_York", "CET": "Europe/Paris", "WET": "Europe/Lisbon",
                         "EET": "Europe/Helsinki", "CT": "America/Chicago", "CCT": "Asia/Shanghai",
                         "UTC": "UTC", "GMT": "UTC"}
"""Time-zone words Full Tilt writes -> IANA zones (daylight saving included); each but GMT is checked
against the ``ET`` clock in brackets in real dual-time headers (``tests/parsers/test_clock.py``).
``CCT`` is China Coast Time (UTC+8, no daylight saving since 1991)."""
TABLE_SIZES: dict[str, int] = {"heads up": 2}

POST_KINDS: dict[str, PostKind] = {
    "posts the small blind of ": PostKind.SMALL_BLIND,
    "posts the big blind of ": PostKind.BIG_BLIND,
    "posts a dead small blind of ": PostKind.DEAD_SMALL,
    "posts ": PostKind.EXTRA,
    "antes ": PostKind.ANTE,
}
SECTIONS: dict[str, tuple[str, int]] = {
    "*** HOLE CARDS ***": ("bet", 0),
    "*** FIRST DRAW ***": ("draw", 1),
    "*** DRAW ***": ("draw", 1),
    "*** SECOND DRAW ***": ("draw", 2),
    "*** THIRD DRAW ***": ("draw", 3),
    "*** SHOW DOWN ***": ("showdown", 0),  # after the game's last draw (``_build``)
}
POTS: dict[str, str] = {"": "pot", "main ": "main", "side ": "side"}
NOISE: dict[str, tuple[str, str]] = {
    # terminal -> (Noise.kind, the phrase after the name)
    "SITTING_OUT": ("sit_out", " is sitting out"),
    "STANDS_UP": ("leave", " stands up"),
    "SITS_DOWN": ("join", " sits down"),
    "ADDS": ("adds", " adds "),
    "DISCONNECTED": ("disconnect", " has been disconnected"),
    "RECONNECTED": ("connect", " has reconnected"),
    "RETURNED": ("return", " has returned"),
    "FEELING": ("emote", " is feeling "),
    "TIME_LEFT": ("timer", " has "),
    "TIMED_OUT": ("timeout", " has timed out"),
    "REQUESTED_TIME": ("timer", " has requested TIME"),
    "LATE_REGISTRATION": ("join", " has registered late for the tournament"),
    "BLINDS_NOW": ("level", ""),  # no player: "The blinds are now 15/30"
    "TIME_EXPIRED": ("timer", ""),  # no player: "Time has expired"
}
_POST_SPLIT = re.compile(r"(.+?) (posts (?:the small blind of |the big blind of |a dead small blind of )?|antes )$")
_SEAT_LINE = re.compile(r"Seat (\d+): (.+) \(([^()]*)\)(, is sitting out)?[ \t]*\n")
_DISCARD_LINE = re.compile(r"(.+?) discards (\d+) cards?(?: (\[[^\]]*\]))?[ \t]*\n")
_PAT_LINE = re.compile(r"(.+?) stands pat(?: on (\[[^\]]*\]))?[ \t]*\n")
_SUMMARY_FOLDED = re.compile(
    r"Seat (\d+): (.+?)((?: \((?:button|small blind|big blind)\))*) (folded before the [Dd]raw|"
    r"folded after the (?:[123](?:st|nd|rd) )?[Dd]raw|didn't bet \(folded\))(?: \(didn't bet\))?[ \t]*\n")
_POSITIONS = re.compile(r"\((button|small blind|big blind)\)")
_WIN_HEAD = re.compile(r"(.+?) (?:wins(?: the)?|ties for the) (?:(?:high|low) )?(main |side )?pot(?: #(\d+))? \(")
"""The head of a win line, as the grammar's ``WINS``: the name, the pot's word and a side pot's number."""
_ORDINAL = re.compile(r"after the (?:([123])(?:st|nd|rd) )?[Dd]raw")


def _folded_street(words: str) -> int:
    """``folded before the Draw`` -> 0, ``folded after the 2nd Draw`` -> 2, single draw's ``folded
    after the Draw`` -> 1."""
    found = _ORDINAL.search(words)
    if found is None:
        return 0
    return int(found.group(1) or 1)
_TOURNAMENT = re.compile(
    r"^(?:(?P<buy_in>[$€£]?\d[\d,.]*(?: ?\+ ?[$€£]?\d[\d,.]*)?) )?(?P<name>.+?) \((?P<id>\d+)\), $")
"""``$10 Heads-Up Sit & Go (243560420), ``, ``$2 + $0.10 Heads Up Sit & Go (...)``: the buy-in is the amount
that starts the name, when one does (``MiniFTOPS Event #1 (...)``, ``Big Game of the Week (...)``: none)."""
_GUARANTEE = re.compile(r"\bGuar(?:antee)?\b")
"""``$7,000 KO Guarantee (...)``, ``$10,000 Rush Guar (Rebuy) (...)``: the leading amount is the guarantee."""
_HEADER_START = re.compile(r"Full ?Tilt ?Poker(?:\.[a-z]{2,3})? Game #(?P<id>\d+): ")
"""A hand's first line: ``Full Tilt Poker Game #``, the archive's ``FullTiltPoker Game #``, ``.fr`` sites."""
_MESSAGE = message_after_name(exclude=("wins",))
"""How a Full Tilt table message goes on after the player's name (``wins`` is an action here)."""
_STAKES_FIELD = re.compile(r"[$€£]?\d[\d.,]*[KMB]?/[$€£]?\d[\d.,]*[KMB]?(?: Ante [$€£]?\d[\d.,]*[KMB]?)?$")
_TIME_FIELD = re.compile(r"\d{1,2}:\d{2}")


def _amount(token: Token) -> int:
    """An ``AMOUNT`` token -> hundredths. A refused amount's message names the token
    (``Token('AMOUNT', '$0.225')``) as it always has: both parsers' tokens have that repr."""
    try:
        return amount_hundredths(token.value)
    except ValueError as exc:
        raise ValueError(str(exc).replace(repr(token.value), repr(token))) from None


def _amount_end(token: Token) -> tuple[int, bool]:
    """``$0.20`` / ``25, and is all in`` (line end included) -> (hundredths, all in)."""
    text = token.value.rstrip()
    all_in = text.endswith(", and is all in")
    return amount_hundredths(text[:-len(", and is all in")] if all_in else text), all_in


def _cards(token: Token | None) -> tuple | None:
    """A card group (``[As 3h]``, `` [As 3h]``, `` on [As 3h]``) -> cards; ``None`` stays ``None``."""
    if token is None:
        return None
    text = token.value
    return cards_of(text[text.index("["):])


_BADUGI_ARTICLE = re.compile(r"a (?=(?:Badugi|\d-Card): )")


def _label(text: str | None) -> str | None:
    """``a Badugi: Q, 4, 3, 2`` -> ``Badugi: Q, 4, 3, 2`` (the article is Full Tilt's, not the Badugi
    label's); a low hand keeps its words whole (``a pair of Twos``, ``7,6,4,3,2``), as the lowball labels
    are written (``badugi.engine.lowball_labels``)."""
    if text is None:
        return None
    text = text.strip()
    return text[2:] if _BADUGI_ARTICLE.match(text) else text


_Line = BodyLine


@v_args(inline=True)
class _FullTiltLines(NameVerbLines):
    """Body tree -> ``_Line`` values (amounts in hundredths of the displayed unit). Holds no state.

    Tokens are read only through ``str(token)``, ``.value``, ``.type`` and ``.line`` (and tested
    against ``None``, never for truth), so lark-cython's tokens (not ``str``) serve as well
    (``LarkRoom.ACCELERATED``)."""

    def header(self, _site: Token, hand_no: Token, tournament: Token | None, _table_word: Token, table: Token,
               *rest: Any) -> "Header":
        # rest: TABLE_NOTE tokens, then game_stakes, when and PARTIAL (or None)
        notes = tuple(str(note)[2:-1] for note in rest[:-3])
        (game, small, big, ante), when = rest[-3], rest[-2]
        return Header(str(hand_no), str(table), notes, str(tournament) if tournament is not None else None, game,
                      small, big, ante, when, rest[-1] is not None)

    def game_stakes(self, first: Any, second: Any) -> tuple[str, str, str, str | None]:
        game, stakes = (second, first) if isinstance(first, tuple) else (first, second)
        return (str(game), *stakes)

    def stakes(self, small: Token, big: Token, ante: Token | None) -> tuple[str, str, str | None]:
        return (str(small), str(big), str(ante) if ante is not None else None)

    def when(self, *parts: Token | None) -> tuple[str, ...]:
        return tuple(str(p) for p in parts if p is not None)

    def body(self, *items: Any) -> list:
        return [item for item in items if item is not None]

    def seat_count(self, line: Token) -> _Line:
        return _Line("seat_count", line.line, (int(line.value.split()[1]),))

    def seat_line(self, line: Token) -> _Line:
        seat, name, amount, out = _SEAT_LINE.match(line.value).groups()  # type: ignore[union-attr]
        return _Line("seat", line.line, (int(seat), name, amount_hundredths(amount), out is not None))

    def section(self, marker: Token, pot_note: Token | None, *lines: _Line) -> tuple[str, int, list[_Line]]:
        return (str(marker), marker.line, list(lines))

    def post(self, head: Token, end: Token) -> _Line:
        name, kind = _POST_SPLIT.match(head.value).groups()  # type: ignore[union-attr]
        return _Line("post", head.line, (name, POST_KINDS[kind], *_amount_end(end)))

    def button(self, line: Token) -> _Line:
        return _Line("button", line.line, (int(line.value.rstrip().rpartition("#")[2]),))

    def call(self, head: Token, end: Token) -> _Line:
        return _Line("call", head.line, (head.value[:-len(" calls ")], *_amount_end(end)))

    def bet(self, head: Token, end: Token) -> _Line:
        return _Line("bet", head.line, (head.value[:-len(" bets ")], *_amount_end(end)))

    def raise_(self, head: Token, end: Token) -> _Line:
        return _Line("raise", head.line, (head.value[:-len(" raises to ")], *_amount_end(end)))

    def discard(self, line: Token) -> _Line:
        name, count, cards = _DISCARD_LINE.match(line.value).groups()  # type: ignore[union-attr]
        return _Line("discard", line.line, (name, int(count), cards_of(cards) if cards else None))

    def stand_pat(self, line: Token) -> _Line:
        name, cards = _PAT_LINE.match(line.value).groups()  # type: ignore[union-attr]
        return _Line("pat", line.line, (name, cards_of(cards) if cards else None))

    def dealt_count(self, line: Token) -> _Line:
        name, _, rest = line.value.rpartition(" is dealt ")
        return _Line("dealt_count", line.line, (name, int(rest.split()[0])))

    def dealt(self, dealt_to: Token, first: Token, second: Token | None) -> _Line:
        return _Line("dealt", dealt_to.line, (str(dealt_to)[len("Dealt to "):], _cards(first), _cards(second)))

    def show(self, head: Token, cards: Token, label: Token | None) -> _Line:
        return _Line("show", head.line, (head.value[:-len(" shows ")], _cards(cards),
                                         _label(label.value if label is not None else None)))

    def muck(self, line: Token) -> _Line:
        return _Line("muck", line.line, (line.value.rstrip()[:-len(" mucks")],))

    def win(self, head: Token, amount: Token, label: Token | None) -> _Line:
        # "<name> wins the [high ]side pot (", "<name> ties for the pot (", "<name> wins side pot #1 ("
        name, pot, number = _WIN_HEAD.fullmatch(head.value).groups()  # type: ignore[union-attr]
        pot = POTS.get(pot or "", (pot or "").strip())
        return _Line("win", head.line, (name, f"{pot}-{number}" if number else pot, _amount(amount),
                                        _label(label.value[len(" with "):] if label is not None else None)))

    def uncalled(self, token: Token, amount: Token, player: Token) -> _Line:
        return _Line("uncalled", token.line, (str(player), _amount(amount)))

    def ante_returned(self, token: Token, amount: Token, player: Token) -> _Line:
        return _Line("uncalled", token.line, (str(player), _amount(amount)))

    def canceled(self, line: Token) -> _Line:
        return _Line("canceled", line.line, (line.value.rstrip(),))

    def chat(self, line: Token) -> _Line:
        text = line.value.rstrip()
        name = text.partition(":")[0]
        return _Line("noise", line.line, ("chat", name.removesuffix(" (Observer)"), text))

    def other(self, line: Token) -> _Line:
        return _Line("other", line.line, (line.value.rstrip(),))

    def noise(self, line: Token) -> _Line:
        kind, phrase = NOISE[line.type]
        text = line.value.rstrip()
        player, found, _ = text.partition(phrase) if phrase else ("", "", text)
        return _Line("noise", line.line, (kind, player if found else None, text))

    # ---- summary --------------------------------------------------------------------------------

    def summary(self, duration: Token | None, pots: tuple | None, *seats: SummarySeat) -> tuple:
        return ("summary", pots, list(seats))

    def pot_line(self, total: Token, main: Token | None, *rest: Any) -> tuple:
        sides = [r for r in rest[:-1] if r is not None]
        return ("pots", total.line, _amount(total), _amount(main) if main is not None else None, sides,
                _amount(rest[-1]))

    def side_pot(self, marker: Token, amount: Token) -> int:
        return _amount(amount)

    def summary_seat(self, seat: Token, name: Token | None = None, *rest: Any) -> SummarySeat:
        if name is None:  # one SUMMARY_FOLDED token
            number, player, tags, folded = _SUMMARY_FOLDED.match(seat.value).groups()  # type: ignore[union-attr]
            positions = _POSITIONS.findall(tags)
            position = next((p for p in positions if p != "button"), positions[0] if positions else None)
            return SummarySeat(int(number), player, "folded", position=position,
                               folded_street=_folded_street(folded), line=seat.line)
        # rest: POSITION tokens, then the seat_result's dict (or None)
        positions = [str(r).strip()[1:-1] for r in rest[:-1]]
        result = rest[-1] if rest[-1] is not None else {"result": "other"}
        position = next((p for p in positions if p != "button"), positions[0] if positions else None)
        # amounts stay in hundredths here; the builder converts them with the hand's currency
        return SummarySeat(int(seat.value[5:-2]), str(name), position=position, line=seat.line, **result)

    def folded(self, folded: Token, didnt_bet: Token | None) -> dict:
        return {"result": "folded", "folded_street": _folded_street(folded.value)}

    def showed(self, cards: Token, won_or_lost: Token, *rest: Any) -> dict:
        won = _amount(rest[0]) if won_or_lost.type == "WON" else None
        label = rest[-1]
        return {"result": "showed", "cards": _cards(cards), "won": won,
                "label": _label(label.value[len(" with "):]) if label is not None else None}

    def mucked(self, cards: Token | None, label: Token | None) -> dict:
        return {"result": "mucked", "cards": _cards(cards),
                "label": _label(label.value[3:]) if label is not None else None}

    def collected(self, amount: Token, _mucked: Token | None) -> dict:
        return {"result": "collected", "won": _amount(amount)}

    def seat_out(self, _token: Token) -> dict:
        return {"result": "sitting_out"}


# Lark calls the rule ``raise``; a Python method cannot have that name.
setattr(_FullTiltLines, "raise", _FullTiltLines.raise_)


# ---- parsing -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Header:
    """The first line of a hand, read (amounts still as written)."""

    hand_id: str
    table: str
    notes: tuple[str, ...]
    tournament: str | None
    game: str
    small: str
    big: str
    ante: str | None  # single draw: "$0.10/$0.20 Ante $0.05"
    when: tuple[str, ...]
    partial: bool


class FullTilt(LarkRoom):
    """Full Tilt Poker text (``fulltilt.lark``); see the module docstring for what lands where."""

    NAME = ROOM
    HEADER_PREFIXES = ("Full Tilt Poker", "FullTiltPoker", "FullTilt Poker", "Full TiltPoker")
    BLANK_LINE_ENDS_HAND = False  # the archive export writes an empty line after the header
    GRAMMAR = "fulltilt.lark"
    TRANSFORMER = _FullTiltLines
    ACCELERATED = True  # the transformer reads tokens through str()/.value (base.LarkRoom)
    LINE_TERMINALS = ("POSTS", "BUTTON", "DEALT_TO", "FOLDS", "CHECKS", "CALLS", "BETS", "RAISES", "DISCARDS",
                      "STANDS_PAT", "IS_DEALT", "SHOWS", "MUCKS", "WINS", "UNCALLED", "ANTE_RETURNED", "CANCELED",
                      "CHAT", "SECTION", "SUMMARY")
    GAMES: ClassVar[dict[str, tuple[str, Limit]]] = {
        "Limit Badugi": ("badugi", Limit.FIXED),
        "FL Badugi": ("badugi", Limit.FIXED),
        "Limit 2-7 Triple Draw": ("27_triple_draw", Limit.FIXED),
        "Limit A-5 Triple Draw": ("a5_triple_draw", Limit.FIXED),
        "No Limit 2-7 Single Draw": ("27_single_draw", Limit.NO_LIMIT),
    }
    """Header game words of the draw games, as the real files write them; every other game
    (``Limit 5 Card Draw``, Hold'em, ...) is skipped."""

    def detects(self, first_line: str) -> bool:
        return _HEADER_START.match(first_line) is not None

    def classify(self, hand: HandText) -> HeaderInfo | None:
        """``<site> Game #id: <table or tournament> - <stakes> - <game> - <time> ...`` (2013: the game
        before the stakes): the game is the field beside the stakes that is not a time, whatever the
        stakes carry (an ante, K for thousands) and whatever follows (a dual time, a worded date)."""
        found = _HEADER_START.match(hand.header)
        if found is None:
            return None
        header = hand.header.rstrip()
        note = "partial hand" if header.endswith("(partial)") else None
        fields = header[found.end():].split(" - ")
        at = next((i for i in range(1, len(fields)) if _STAKES_FIELD.match(fields[i])), None)
        if at is None:
            game = fields[1] if len(fields) > 1 else header
        else:
            after = fields[at + 1] if at + 1 < len(fields) else ""
            game = after if after and not _TIME_FIELD.match(after) else fields[at - 1]
        if not self.READ_WORDS.search(game) and any(self.READ_WORDS.search(f) for f in fields[1:]):
            return None  # a field it does not know took the game's place: never skip a Badugi hand (strict reading)
        if at is None:
            return HeaderInfo(found["id"], game, note=note)
        stakes = fields[at]
        tournament = not fields[0].startswith("Table ")
        currency = "CHIPS" if tournament else self.CURRENCY_MARKS.get(stakes[0], "PLAY")
        return HeaderInfo(found["id"], game, limit_in(game), tournament, currency, note)

    def hand_id_of(self, header: Header) -> str | None:
        return header.hand_id

    def game_of(self, header: Header) -> str:
        return header.game

    def parse(self, hand: HandText, file: str) -> HandResult:
        try:
            result = super().parse(hand, file)
        except (KeyError, IndexError, TypeError, AttributeError) as exc:  # a value no record can hold
            return self.failure("parse.value", hand, file, hand.first_line, f"{file}:{hand.first_line}: {exc!r}")
        if isinstance(result, Skipped) and header_is_partial(hand.text):
            return dataclasses.replace(result, reason=result.reason + " (partial hand)")
        return result

    def build(self, header: Header, body: list, hand: HandText, file: str) -> HandResult:
        return _build(header, self.GAMES[header.game], body, file, hand.first_line, hand.offset)


def header_is_partial(text: str) -> bool:
    """Whether a hand's first line ends in ``(partial)`` (cheap: for the skip reason of other games)."""
    return text.partition("\n")[0].rstrip().endswith("(partial)")


def recognises(first_line: str) -> bool:
    """True when a hand's first line is a Full Tilt header (cheap: no parse)."""
    return _HEADER_START.match(first_line.lstrip("\ufeff")) is not None


def hand_text(text: str, line: int = 1, offset: int = 0) -> HandText:
    """One hand's decoded text (``\\n`` line ends) as the splitter hands it to a room."""
    if not text.endswith("\n"):
        text += "\n"
    return HandText(text, line, offset, offset + len(text.encode("utf-8")), ROOM, True, None, text.count("\n"))


def read_header(line: str) -> Header:
    """A header line, read (raises ``lark.UnexpectedInput`` when it is not one)."""
    return FullTilt.parser().parse(line.rstrip("\n") + "\n", start="header")


def parse_hand(text: str, file: str = "<text>", line: int = 1, offset: int = 0) -> HandResult:
    """One hand's text (decoded, ``\\n`` line ends, first line the header) -> Hand | Skipped | ParseFailure;
    ``line``/``offset`` place the hand's first line in ``file``."""
    return FullTilt().parse(hand_text(text, line, offset), file)


def _money(head: Header, tournament: bool) -> tuple[str, int]:
    """(currency, hundredths per minor unit) from the header's stakes."""
    if tournament:
        return "CHIPS", 100
    symbol = head.small[0]
    if symbol in FullTilt.CURRENCY_MARKS:
        return FullTilt.CURRENCY_MARKS[symbol], 1
    return "PLAY", 100


_THOUSANDS = {"K": 1_000, "M": 1_000_000, "B": 1_000_000_000}


def stake_hundredths(text: str) -> int:
    """A header stake -> hundredths: ``$0.10``, ``1,500``, and thousands written K (``500K``, ``1.5K``), M or B."""
    if text[-1] in _THOUSANDS:
        return amount_hundredths(text[:-1]) * _THOUSANDS[text[-1]]
    return amount_hundredths(text)


_WORDED = re.compile(r"(\d{1,2}:\d{2}) ([A-Z]{2,5}) - [A-Z][a-z]+, ([A-Z][a-z]+) (\d{1,2}), (\d{4})")


def _worded_clock(text: str) -> tuple[datetime, str]:
    """July 2010's ``15:13 ET - Wed, July 21, 2010`` -> (the naive local time, the zone); the month is
    written in full (``%B``) or short (``%b``), the weekday is not read."""
    clock, zone, month, day, year = _WORDED.fullmatch(text).groups()  # type: ignore[union-attr]
    for month_format in ("%B", "%b"):
        try:
            return datetime.strptime(f"{year} {month} {day} {clock}", f"%Y {month_format} %d %H:%M"), zone
        except ValueError:
            continue
    raise ValueError(f"not a month: {month!r} in {text!r}")


def _start(when: tuple[str, ...]) -> tuple[datetime | None, str | None, TimeFlag | None]:
    """``("19:52:17", "CET", "2011/04/07", "13:52:17", "ET", "2011/04/07")`` -> (aware UTC, the first zone
    written, flag): ``clock.utc_start`` over both clocks; the worded date is one field."""
    if len(when) == 1:
        clock, zone = _worded_clock(when[0])
        start, flag = utc_start([(clock, zone)], ZONES)
        return start, zone, flag
    clocks = [(datetime.strptime(f"{when[k + 2]} {when[k]}", "%Y/%m/%d %H:%M:%S"), when[k + 1])
              for k in range(0, len(when) - 2, 3)]
    start, flag = utc_start(clocks, ZONES)
    return start, when[1] if len(when) > 1 else None, flag


def _build(head: Header, game: tuple[str, Limit], items: list, file: str, first: int, offset: int) -> Hand:
    """The record from the header and the body's lines (file lines = the hand's first line + body line)."""
    tournament = None
    if head.tournament:
        found = _TOURNAMENT.match(head.tournament)
        buy_in = found.group("buy_in") if found and not _GUARANTEE.search(found.group("name")) else None
        tournament = (Tournament(found.group("id"), buy_in=buy_in) if found
                      else Tournament(head.tournament.rstrip(", ")))
    currency, per = _money(head, tournament is not None)

    units = whole_units(currency, per)

    def at(body_line: int) -> int:
        return first + body_line

    seats: list[Seat] = []
    events: list[Event] = []
    button = hero = table_size = None
    cancelled = False
    sitting_out: set[str] = set()
    summary: tuple = ("summary", None, [])
    pre: list[_Line] = []
    sections: list[tuple[str, int, list[_Line]]] = []
    for item in items:
        if isinstance(item, _Line):
            if item.kind == "seat":
                seats.append(Seat(item.fields[0], item.fields[1], units(item.fields[2]) or 0, item.fields[3],
                                  line=at(item.line)))
            elif item.kind == "seat_count":
                table_size = item.fields[0]
            else:
                pre.append(item)
        elif item[0] == "summary":
            summary = item
        else:
            sections.append(item)
    for ln in pre:
        if ln.kind == "noise" and ln.fields[0] == "sit_out":
            sitting_out.add(ln.fields[1])
    last_draw = get_game(game[0]).draws
    blocks = [("pre", 0, pre)] + [(SECTIONS[m][0], SECTIONS[m][1], lines) for m, _, lines in sections]
    for kind, number, lines in blocks:
        if kind == "showdown":
            number = last_draw
        street = number if kind in ("bet", "draw", "showdown") else 0
        for ln in lines:
            f, where = ln.fields, at(ln.line)
            k = ln.kind
            if k == "post":
                events.append(Post(f[0], f[1], units(f[2]), f[3], where))
            elif k == "button":
                button = f[0]
            elif k == "fold":
                events.append(Fold(f[0], street, where))
            elif k == "check":
                events.append(Check(f[0], street, where))
            elif k == "call":
                events.append(Call(f[0], street, units(f[1]), f[2], line=where))
            elif k == "bet":
                events.append(Bet(f[0], street, units(f[1]), f[2], where))
            elif k == "raise":
                events.append(Raise(f[0], street, None, units(f[1]), f[2], where))
            elif k == "discard":
                events.append(Draw(f[0], number, f[1], discards=f[2], line=where))
            elif k == "pat":
                events.append(Draw(f[0], number, 0, held=f[1], line=where))
            elif k == "dealt_count":
                events.append(DrawDeal(f[0], number, count=f[1], line=where))
            elif k == "dealt":
                hero = hero or f[0]
                if kind == "draw" and f[2] is not None:
                    events.append(DrawDeal(f[0], number, count=len(f[2]), kept=f[1], new=f[2], line=where))
                elif kind == "draw":
                    events.append(DrawDeal(f[0], number, hand=f[1], line=where))
                else:
                    events.append(Deal(f[0], f[1], where))
            elif k == "show":
                events.append(Show(f[0], f[1], f[2], where))
            elif k == "muck":
                events.append(Muck(f[0], line=where))
            elif k == "win":
                events.append(Collect(f[0], units(f[2]), f[1], where))
            elif k == "uncalled":
                events.append(Uncalled(f[0], units(f[1]), where))
            elif k == "canceled":
                cancelled = True
            elif k == "other":
                names = [s.player for s in seats] + [getattr(e, "player", None) for e in events]
                events.append(Noise("table", table_noise(f[0], where, names, _MESSAGE), f[0], where))
            else:  # noise
                events.append(Noise(f[0], f[1], f[2], where))
    _, pots, summary_seats = summary
    claim_seats = []
    for s in summary_seats:
        if s.result == "sitting_out":
            sitting_out.add(s.player)
        claim_seats.append(dataclasses.replace(s, won=units(s.won), line=at(s.line)))
    if sitting_out:
        seats = [dataclasses.replace(s, sitting_out=True) if s.player in sitting_out else s for s in seats]
    claims = Claims(summary=tuple(claim_seats))
    if pots is not None:
        _, pot_line, total, main, sides, rake = pots
        claims = Claims(units(total), units(main), tuple(units(s) for s in sides), units(rake), tuple(claim_seats),
                        at(pot_line))
    start_time, zone, time_flag = _start(head.when)
    # a note holds words joined by ", ": "(6 max)", "(6 max, shallow)", "(heads up, deep)"
    words = [word for note in head.notes for word in note.split(", ")]
    max_seats = next((int(w.split()[0]) for w in words if re.fullmatch(r"\d+ max", w)), None)
    max_seats = max_seats or next((TABLE_SIZES[w] for w in words if w in TABLE_SIZES), table_size)
    return Hand(
        room=ROOM, hand_id=head.hand_id, game=game[0], limit=game[1],
        stakes=Stakes(units(stake_hundredths(head.small)), units(stake_hundredths(head.big)),
                      ante=units(stake_hundredths(head.ante)) if head.ante is not None else None),
        currency=currency, source=Source(file, first, offset), table=head.table, max_seats=max_seats,
        button=button, start_time=start_time, time_zone=zone, time_flag=time_flag, tournament=tournament,
        seats=tuple(seats), events=tuple(events), claims=claims, hero=hero, partial=head.partial,
        cancelled=cancelled,
    )
