"""PokerStars hand histories (FORMATS.md section 1): grammar ``pokerstars.lark`` on the shared base.

What the text says and how it lands in the record (claims, never judged):
- Header: cash (``Game #``/``Hand #``, two spaces after the colon, ``($0.25/$0.50 USD)``), tournament
  (``Tournament #id, $2.00+$0.20 USD Badugi Limit - Level I (20/40)``), Home Game (``{club}``), mixed
  games (``8-Game (Badugi Limit)``: the inner game decides). For limit games the header's pair is the
  small/big bet; the blinds come from the posts. ``ET`` alone or ``CET [.. ET]`` -> UTC start time.
- Money: ``$0.25`` -> 25 cents (``USD``); tournament chips -> chips (``CHIPS``); play money -> ``PLAY``.
- ``posts small & big blinds $0.35`` -> ``Post(kind=BOTH)``; ``raises $0.25 to $0.50`` keeps both numbers.
- Draws: ``discards 2 cards [8h 6s]`` / ``discards 1 card`` -> ``Draw(count, discards)``; ``stands pat
  [on [...]]`` -> ``Draw(count=0, held)``; ``Dealt to Hero [kept] [new]`` in a draw -> ``DrawDeal``; the
  initial ``Dealt to`` -> ``Deal`` and names the hero. The client-bug ``discards 2 cards []`` is kept.
- ``mucks hand`` / ``doesn't show hand`` -> ``Muck`` (with the cards the summary's ``mucked [..]`` names).
- Table noise (chat, joins, leaves, timeouts, sit-outs, finishes) -> ``Noise``; ``Hand cancelled`` ->
  ``Hand.cancelled``.
- Any other game (Triple Draw 2-7, Hold'em, ...) is skipped from the header, its body never read.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, ClassVar
from zoneinfo import ZoneInfo

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from badugi.engine.record import (
    Bet, Call, CapNotice, Check, Claims, Collect, Deal, Draw, DrawDeal, Event, Fold, Hand, Limit, Muck, Noise,
    Post, PostKind, Raise, Seat, Show, Source, Stakes, SummarySeat, Tournament, Uncalled,
)
from badugi.parsers.results import ReadResult
from badugi.parsers.split import HandText

from .base import GRAMMAR_FOLDER, GRAMMAR_PACKAGE, LarkRoom, amount_hundredths, cards_of

ZONES: dict[str, str] = {"ET": "America/New_York", "CET": "Europe/Paris", "CEST": "Europe/Paris",
                         "WET": "Europe/Lisbon", "EET": "Europe/Helsinki", "UTC": "UTC", "GMT": "UTC"}
"""Time-zone words PokerStars writes -> IANA zones (the local time is converted to UTC)."""

POTS: dict[str, str] = {"pot": "pot", "main pot": "main", "side pot": "side"}
ORDINAL_DRAW: dict[str, int] = {"1st": 1, "2nd": 2, "3rd": 3}


@dataclass(frozen=True, slots=True)
class Header:
    """The first line of a hand, read (amounts still as written)."""

    hand_id: str
    club: str | None
    game: str  # the game that is dealt: the inner game of a mix ("8-Game (Badugi Limit)" -> "Badugi Limit")
    mix: str | None  # "8-Game" for a mixed game
    small: str
    big: str
    currency_code: str | None
    tournament_id: str | None
    buy_in: str | None
    level: str | None
    when: tuple[str, ...]  # date, time, zone (, date, time, zone)


_HEADER_START = re.compile(r"PokerStars (?:Home Game |Zoom )?(?:Game|Hand) #\d+: ")

_CARDS = re.compile(r"\[(?:[2-9TJQKA][cdhs](?: [2-9TJQKA][cdhs])*)?\]")
"""base.lark's CARDS: a bracket group of cards (or the client-bug ``[]``)."""

_POSITIONS = (" (button)", " (small blind)", " (big blind)")
_POST_KINDS = {"small blind": PostKind.SMALL_BLIND, "big blind": PostKind.BIG_BLIND,
               "small & big blinds": PostKind.BOTH, "the ante": PostKind.ANTE}
_EOL = " \t\n"


def _money_and_all_in(rest: str) -> tuple[int, bool]:
    """``"$0.20 and is all-in \n"`` -> (20, True): the tail of a betting line."""
    text = rest.rstrip(_EOL)
    if text.endswith(" and is all-in"):
        return amount_hundredths(text[:-14]), True
    return amount_hundredths(text), False


def _seat_name(head: str) -> tuple[int, str, tuple[str, ...]]:
    """``"Seat 2: s0rrow (big blind)"`` -> (2, "s0rrow", ("big blind",))."""
    number, _, name = head[5:].partition(": ")
    positions: list[str] = []
    while name.endswith(_POSITIONS):
        cut = name.rindex(" (")
        positions.insert(0, name[cut + 2:-1])
        name = name[:cut]
    return int(number), name, tuple(positions)


def _cards(text: str) -> tuple:
    """``"[As 3h] [5h Ks]"`` -> the card tuples of each bracket group, in order."""
    return tuple(cards_of(group) for group in text.replace("] [", "]\0[").split("\0"))


@v_args(inline=True)
class PokerStarsLines(Transformer):
    """Header and body -> small values: a ``Header``, and body lines as ``(kind, body line, fields...)``
    tuples with amounts in hundredths of the displayed unit. Holds no state (one instance serves all).

    Every body line is one token whose shape the grammar has checked; the methods here only cut its
    fields out at the fixed words (``rpartition`` on the words that follow a name is exact: nothing
    after them can hold those words)."""

    # ---- header ---------------------------------------------------------------------------------

    def header(self, site: Token, club: Token | None, game: dict, when: Token) -> Header:
        hand_no = str(site).rstrip(": ").rpartition("#")[2]
        return Header(hand_no, str(club)[1:-2] if club else None, game["game"], game.get("mix"), game["small"],
                      game["big"], game.get("code"), game.get("tournament"), game.get("buy_in"), game.get("level"),
                      tuple(str(when).rstrip(_EOL)[3:].replace("[", "").replace("]", "").split(" ")))

    def cash_game(self, name: Token, inner: Token | None, stakes: Token) -> dict:
        pair, _, code = str(stakes)[2:-1].partition(" ")
        small, _, big = pair.partition("/")
        return {"game": str(inner)[2:-1] if inner else str(name), "mix": str(name) if inner else None,
                "small": small, "big": big, "code": code or None}

    def tour_game(self, tournament: Token, buy_in: Token, name: Token, inner: Token | None, level: Token) -> dict:
        buy = str(buy_in).strip()
        code = buy.rsplit(" ", 1)[1] if " " in buy else None
        text, _, pair = str(level)[3:].rpartition(" (")
        small, _, big = pair[:-1].partition("/")
        return {"game": str(inner)[2:-1] if inner else str(name), "mix": str(name) if inner else None,
                "small": small, "big": big, "code": code, "tournament": str(tournament)[12:-2], "buy_in": buy,
                "level": text}

    # ---- body -----------------------------------------------------------------------------------

    def body(self, table: Token, seats: Token | None, *items: Any) -> tuple:
        text = str(table).rstrip(_EOL)
        name_end = text.rindex("'")
        rest = text[name_end + 1:]
        max_seats = button = None
        for word in rest.split():
            if word.endswith("-max"):
                max_seats = int(word[:-4])
            elif word.startswith("#"):
                button = int(word[1:])
        lines = _block(seats, _seat_line) if seats is not None else []
        for item in items:
            if not isinstance(item, Token):
                lines.append(item)
            elif item.type == "ACTS":
                lines.extend(_line(item))
            else:
                lines.append(_line(item))
        return ((text[7:name_end], max_seats, "(Play Money)" in rest, button), lines)

    def section(self, marker: Token, *lines: Token) -> tuple:
        values: list[tuple] = []
        for token in lines:
            if token.type == "ACTS":
                values.extend(_line(token))
            else:
                values.append(_line(token))
        return ("section", marker.line, str(marker).rstrip(_EOL), values)

    def summary(self, marker: Token, pots: Token | None, seats: Token | None) -> tuple:
        return ("summary", marker.line, _pot_line(str(pots), pots.line) if pots is not None else None,
                _block(seats, _summary_seat) if seats is not None else [])


def _block(token: Token, read: Any) -> list[tuple]:
    """A block token (several whole lines of the kinds its terminal lists) -> one value per line."""
    return [read(text + "\n", token.line + k) for k, text in enumerate(str(token).split("\n")[:-1])]


@functools.cache
def _summary_kinds() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The summary seat-line terminals of the grammar itself, compiled: a line of the summary block
    is of the kind whose terminal matches it whole."""
    parser = Lark.open_from_package(GRAMMAR_PACKAGE, PokerStars.GRAMMAR, GRAMMAR_FOLDER, parser="lalr",
                                    start="summary_seat")
    return tuple((name, re.compile(parser.get_terminal(name).pattern.to_regexp()))
                 for name in ("FOLDED_SEAT", "SHOWED_SEAT", "MUCKED_SEAT", "COLLECTED_SEAT"))


def _line(token: Token) -> tuple | list[tuple]:
    """One body line token -> its value (see ``_LINES``); an ``ACTS`` block -> a list of values."""
    if token.type == "ACTS":
        return [_act(text, token.line + k) for k, text in enumerate(str(token).split("\n")[:-1])]
    return _LINES[token.type](str(token), token.line)


@functools.cache
def _verbs() -> dict[str, re.Pattern[str]]:
    """The grammar's own verb terminals (POSTS, FOLDS, ...), compiled, by name."""
    parser = Lark.open_from_package(GRAMMAR_PACKAGE, PokerStars.GRAMMAR, GRAMMAR_FOLDER, parser="lalr", start="verb")
    return {t.name: re.compile(t.pattern.to_regexp()) for t in parser.terminals}


_VERB_WORDS: dict[str, str] = {
    "pos": "POSTS", "fol": "FOLDS", "che": "CHECKS", "cal": "CALLS", "bet": "BETS", "rai": "RAISES",
    "dis": "DISCARDS", "sta": "STANDS_PAT", "sho": "SHOWS", "muc": "MUCKS", "doe": "NO_SHOW", "sit": "SITS_OUT",
    "is ": "SITS_OUT",
}
"""First three letters of each verb -> its terminal (no two verbs share them)."""


_MEMO: dict[str, tuple] = {}
_SUMMARY_MEMO: dict[str, tuple] = {}
_MEMO_SIZE = 100_000
"""Line text -> value (line number 0): hand histories repeat the same lines (``Player1: folds``,
``calls 20``) thousands of times, and reading one is a pure function of its text."""


def _act(text: str, line: int) -> tuple:
    """An action line -> its value with ``line`` (memoised by text)."""
    value = _MEMO.get(text)
    if value is None:
        if len(_MEMO) >= _MEMO_SIZE:
            _MEMO.clear()
        value = _MEMO[text] = _read_act(text)
    return (value[0], line, *value[2:])


def _read_act(text: str) -> tuple:
    """``"Lino19: calls $0.15"`` -> its value. The name ends at the first ``": "`` after which a verb
    matches the rest of the line whole: the grammar's lazy name gives the same split."""
    line = 0
    body = text.rstrip(" \t")
    verbs = _verbs()
    cut = body.find(": ", 1)
    while cut != -1:
        rest = body[cut + 2:]
        kind = _VERB_WORDS.get(rest[:3])
        if kind is not None and verbs[kind].fullmatch(rest):
            return _ACTS[kind](body[:cut], rest, line)
        cut = body.find(": ", cut + 1)
    raise ValueError(f"not an action line: {text!r}")


def _seat_line(text: str, line: int) -> tuple:
    head, _, rest = text.rstrip(_EOL).rpartition(" in chips")
    name_part, _, stack = head.rpartition(" (")
    number, _, name = name_part[5:].partition(": ")
    bounty = None
    if ", " in rest and rest.startswith(", "):
        bounty, _, rest = rest[2:].partition(")")
    else:
        rest = rest[1:]
    note = rest.strip() or None
    if bounty:
        note = " ".join(filter(None, (bounty, note)))
    return ("seat", line, int(number), name, amount_hundredths(stack), rest.strip() == "is sitting out", note)


def _post(name: str, rest: str, line: int) -> tuple:
    words = rest[len("posts "):]
    for kind_words, kind in _POST_KINDS.items():
        if words.startswith(kind_words + " "):
            amount, all_in = _money_and_all_in(words[len(kind_words) + 1:])
            return ("post", line, name, kind, amount, all_in)
    raise ValueError(f"unknown post: {rest!r}")


def _bare(kind: str):  # noqa: ANN202 - a small factory of line readers
    def read(name: str, rest: str, line: int) -> tuple:
        return (kind, line, name)
    return read


def _wager(kind: str, skip: int):  # noqa: ANN202
    def read(name: str, rest: str, line: int) -> tuple:
        amount, all_in = _money_and_all_in(rest[skip:])
        return (kind, line, name, amount, all_in)
    return read


def _raise(name: str, rest: str, line: int) -> tuple:
    by, _, to = rest[len("raises "):].partition(" to ")
    amount, all_in = _money_and_all_in(to)
    return ("raise", line, name, amount_hundredths(by), amount, all_in)


def _discard(name: str, rest: str, line: int) -> tuple:
    count, _, tail = rest[len("discards "):].partition(" card")
    cards = cards_of(tail[tail.index("["):]) if "[" in tail else None
    return ("discard", line, name, int(count), cards)


def _stand_pat(name: str, rest: str, line: int) -> tuple:
    tail = rest[len("stands pat"):]
    return ("pat", line, name, cards_of(tail[4:]) if tail.startswith(" on ") else None)


def _show(name: str, rest: str, line: int) -> tuple:
    cards, _, label = rest[len("shows "):].partition("]")
    label = label.strip()
    return ("show", line, name, cards_of(cards + "]"), label[1:-1] if label else None)


def _sit_out(name: str, rest: str, line: int) -> tuple:
    return ("noise", line, "sit_out", name, f"{name}: {rest}")


_ACTS = {
    "POSTS": _post,
    "FOLDS": _bare("fold"),
    "CHECKS": _bare("check"),
    "CALLS": _wager("call", len("calls ")),
    "BETS": _wager("bet", len("bets ")),
    "RAISES": _raise,
    "DISCARDS": _discard,
    "STANDS_PAT": _stand_pat,
    "SHOWS": _show,
    "MUCKS": _bare("muck"),
    "NO_SHOW": _bare("muck"),
    "SITS_OUT": _sit_out,
}
"""Verb terminal -> reader of ``(name, the rest of the line, line)``."""


def _dealt(text: str, line: int) -> tuple:
    body = text.rstrip(_EOL)
    cut = body.rindex(" [")
    before = body.rfind(" [", 0, cut)
    if before != -1 and _CARDS.fullmatch(body, before + 1, cut):  # two groups: kept, new
        cut = before  # (as the grammar's lazy name: "Dealt to Zoë [42] [As 2c 3d 4h]" is one group)
    found = _cards(body[cut + 1:])
    return ("dealt", line, body[9:cut], found[0], found[1] if len(found) > 1 else None)


def _uncalled(text: str, line: int) -> tuple:
    amount, _, name = text.rstrip(_EOL)[len("Uncalled bet ("):].partition(") returned to ")
    return ("uncalled", line, name, amount_hundredths(amount))


def _collect(text: str, line: int) -> tuple:
    name, _, rest = text.rstrip(_EOL).rpartition(" collected ")
    amount, _, pot = rest.partition(" from ")
    where, dash, number = pot.partition("-")
    return ("collect", line, name, amount_hundredths(amount), POTS[where] + (f"-{number}" if dash else ""))


def _notice(kind: str):  # noqa: ANN202
    def read(text: str, line: int) -> tuple:
        return (kind, line)
    return read


def _noise(kind: str, phrase: str):  # noqa: ANN202
    def read(text: str, line: int) -> tuple:
        body = text.rstrip(_EOL)
        return ("noise", line, kind, body[:body.rindex(phrase)] if phrase else None, body)
    return read


def _chat(text: str, line: int) -> tuple:
    body = text.rstrip(_EOL)
    return ("noise", line, "chat", body[:body.index(' said, "')], body)


_LINES = {
    "SEAT_LINE": _seat_line,
    "DEALT": _dealt,
    "UNCALLED": _uncalled,
    "COLLECT": _collect,
    "CAP": _notice("cap"),
    "CANCELLED": _notice("cancelled"),
    "RESHUFFLED": _noise("reshuffle", ""),
    "CHAT": _chat,
    "LEAVES": _noise("leave", " leaves the table"),
    "JOINS": _noise("join", " joins the table at seat #"),
    "CONNECTION": _noise("connect", " is "),
    "TIMED_OUT": _noise("timeout", " has timed out"),
    "RETURNED": _noise("return", " has returned"),
    "SITTING_OUT": _noise("sit_out", " is sitting out"),
    "ALLOWED": _noise("join", " will be allowed to play after the button"),
    "FINISHED": _noise("finish", " finished the tournament in "),
}
"""Line terminal -> reader of its fields."""


def _pot_line(text: str, line: int) -> tuple:
    """``Total pot 4780 Main pot 2500. Side pot-1 1140. Side pot-2 1140. | Rake 0``."""
    pots, _, rake = text.rstrip(_EOL).partition(" | Rake ")
    words = pots.split(" ")
    total = amount_hundredths(words[2])
    main = amount_hundredths(words[5].rstrip(".")) if len(words) > 5 else None
    sides = tuple(amount_hundredths(w.rstrip(".")) for w in words[8::3])
    return (line, total, main, sides, amount_hundredths(rake))


def _summary_seat(text: str, line: int) -> tuple:
    """A summary seat line -> ``(line, seat, name, result, position, folded street, won, cards, label)``
    (memoised by text, like action lines)."""
    value = _SUMMARY_MEMO.get(text)
    if value is None:
        if len(_SUMMARY_MEMO) >= _MEMO_SIZE:
            _SUMMARY_MEMO.clear()
        value = _SUMMARY_MEMO[text] = _read_summary_seat(text)
    return (line, *value[1:])


def _read_summary_seat(text: str) -> tuple:
    kind = next(name for name, pattern in _summary_kinds() if pattern.fullmatch(text))
    body = text.rstrip(_EOL)
    street = won = cards = label = None
    if kind == "FOLDED_SEAT":
        head, _, rest = body.rpartition(" folded ")
        result, street = "folded", ORDINAL_DRAW[rest.split()[2]] if rest.startswith("after") else 0
    elif kind == "MUCKED_SEAT":
        head, _, rest = body.rpartition(" mucked ")
        result, cards = "mucked", cards_of(rest)
    elif kind == "COLLECTED_SEAT":
        head, _, rest = body.rpartition(" collected (")
        result, won = "collected", amount_hundredths(rest[:-1])
    else:
        head, _, rest = body.rpartition(" showed [")
        shown, _, outcome = rest.partition("] and ")
        result, cards = "showed", cards_of(shown)
        if outcome.startswith("won ("):
            amount, _, outcome = outcome[5:].partition(")")
            won = amount_hundredths(amount)
        if " with " in outcome:
            label = outcome.partition(" with ")[2]
            label = label[2:] if label.startswith("a ") else label
    number, name, positions = _seat_name(head)
    position = next((p for p in positions if p != "button"), positions[0] if positions else None)
    return (0, number, name, result, position, street, won, cards, label)


class PokerStars(LarkRoom):
    """PokerStars: the tables below plus the assembly of line values into a ``Hand``."""

    NAME = "pokerstars"
    HEADER_PREFIXES = ("PokerStars ",)
    GRAMMAR = "pokerstars.lark"
    TRANSFORMER = PokerStarsLines
    GAMES: ClassVar[dict[str, tuple[str, Limit]]] = {"Badugi Limit": ("badugi", Limit.FIXED)}
    """Only Badugi Limit has real samples; PokerStars' Pot Limit Badugi is unseen, so it is skipped
    with its name rather than read by guess."""
    STREETS: ClassVar[dict[str, tuple[int | None, int | None]]] = {
        "*** DEALING HANDS ***": (0, 0),
        "*** FIRST DRAW ***": (1, 1),
        "*** SECOND DRAW ***": (2, 2),
        "*** THIRD DRAW ***": (3, 3),
        "*** SHOW DOWN ***": (None, None),
    }

    def detects(self, first_line: str) -> bool:
        """``PokerStars [Home Game ][Zoom ]Game|Hand #<digits>: `` (a player called "PokerStars fan"
        chatting about "#1: ..." does not start a hand)."""
        return _HEADER_START.match(first_line) is not None

    def hand_id_of(self, header: Header) -> str | None:
        return header.hand_id

    def game_of(self, header: Header) -> str:
        return header.game

    def build(self, header: Header, body: tuple, hand: HandText, file: str) -> ReadResult:
        return _Assembly(self, header, body, hand, file).hand()

    def _error_code(self, exc: UnexpectedInput) -> str:
        """Stable codes: a line of no known shape (``parse.unknown_line``: an unknown verb, a bad card or
        amount, a localised client), or a known line where the hand's order does not allow it
        (``parse.misplaced_line``: a seat line after the deal, a second summary, ...)."""
        if isinstance(exc, UnexpectedCharacters):
            return "parse.unknown_line"
        if isinstance(exc, UnexpectedToken):
            # a whole line of a known shape; else a fragment some header terminal happened to match
            return "parse.misplaced_line" if str(exc.token).endswith("\n") else "parse.unknown_line"
        return "parse.unexpected"


class _Assembly:
    """One hand's line values -> ``Hand``. Lives for one hand only (the transformer holds no state)."""

    def __init__(self, room: PokerStars, header: Header, body: tuple, hand: HandText, file: str) -> None:
        self.room, self.header, self.body, self.text, self.file = room, header, body, hand, file
        (self.table, self.max_seats, play_money, self.button), self.items = body
        tournament = header.tournament_id is not None
        if tournament:
            self.currency, self.per = "CHIPS", 100
        elif play_money or not header.small[:1] in room.CURRENCY_MARKS and header.currency_code is None:
            self.currency, self.per = "PLAY", 100
        else:
            self.currency = header.currency_code or room.CURRENCY_MARKS[header.small[0]]
            self.per = 1

    def units(self, hundredths: int) -> int:
        """Hundredths of the displayed unit -> the record's minor units (cents, or whole chips)."""
        if self.per == 1:
            return hundredths
        if hundredths % self.per:
            raise ValueError(f"amount {hundredths / 100} is not a whole number of {self.currency}")
        return hundredths // self.per

    def at(self, body_line: int) -> int:
        return self.text.first_line + body_line  # the body starts on the hand's second line

    def hand(self) -> Hand:
        head, units, first = self.header, self.units, self.text.first_line
        seats: list[Seat] = []
        events: list[Event] = []
        append = events.append
        hero: str | None = None
        cancelled = False
        summary: tuple = ("summary", 0, None, ())
        street, draw = 0, 0
        blinds: dict[PostKind, int] = {}
        blocks: list[tuple[str | None, tuple]] = []
        loose: list[tuple] = []
        for item in self.items:
            kind = item[0]
            if kind == "seat":
                _, line, number, name, stack, out, note = item
                seats.append(Seat(number, name, units(stack), out, note, first + line))
            elif kind == "section":
                blocks.append((item[2], item[3]))
            elif kind == "summary":
                summary = item
            else:
                loose.append(item)
        mucked_cards = {s[2]: s[7] for s in summary[3] if s[3] == "mucked"}
        for marker, lines in [(None, tuple(loose))] + blocks:
            if marker is not None:
                new_street, new_draw = self.room.STREETS[marker]
                street = street if new_street is None else new_street
                draw = draw if new_draw is None else new_draw
            for ln in lines:  # most frequent kinds first
                k, where = ln[0], first + ln[1]
                if k == "fold":
                    append(Fold(ln[2], street, where))
                elif k == "call":
                    append(Call(ln[2], street, units(ln[3]), ln[4], False, where))
                elif k == "check":
                    append(Check(ln[2], street, where))
                elif k == "discard":
                    append(Draw(ln[2], draw, ln[3], ln[4], None, where))
                elif k == "bet":
                    append(Bet(ln[2], street, units(ln[3]), ln[4], where))
                elif k == "pat":
                    append(Draw(ln[2], draw, 0, None, ln[3], where))
                elif k == "raise":
                    append(Raise(ln[2], street, units(ln[3]), units(ln[4]), ln[5], where))
                elif k == "post":
                    amount = units(ln[4])
                    blinds.setdefault(ln[3], amount)
                    append(Post(ln[2], ln[3], amount, ln[5], where))
                elif k == "dealt":
                    player, held, second = ln[2], ln[3], ln[4]
                    if draw == 0:
                        hero = hero or player
                        append(Deal(player, held + (second or ()), where))
                    elif second is not None:
                        append(DrawDeal(player, draw, len(second), held, second, None, where))
                    else:  # one group after a draw: the whole new hand
                        append(DrawDeal(player, draw, len(held), (), held, None, where))
                elif k == "noise":
                    append(Noise(ln[2], ln[3], ln[4], where))
                elif k == "collect":
                    append(Collect(ln[2], units(ln[3]), ln[4], where))
                elif k == "show":
                    append(Show(ln[2], ln[3], ln[4], where))
                elif k == "muck":
                    append(Muck(ln[2], mucked_cards.get(ln[2]), where))
                elif k == "uncalled":
                    append(Uncalled(ln[2], units(ln[3]), where))
                elif k == "cap":
                    append(CapNotice(street, where))
                elif k == "cancelled":
                    cancelled = True
        claims = self.claims(summary)
        stakes = Stakes(units(amount_hundredths(head.small)), units(amount_hundredths(head.big)),
                        blinds.get(PostKind.SMALL_BLIND), blinds.get(PostKind.BIG_BLIND), blinds.get(PostKind.ANTE))
        tournament = None
        if head.tournament_id is not None:
            tournament = Tournament(head.tournament_id, head.level, head.buy_in, head.club)
        start, zone = start_time(head.when)
        game, limit = self.room.GAMES[head.game]
        return Hand(
            room=self.room.NAME, hand_id=head.hand_id, game=game, limit=limit, stakes=stakes,
            currency=self.currency, source=Source(self.file, self.text.first_line, self.text.offset),
            table=self.table, max_seats=self.max_seats, button=self.button, start_time=start, time_zone=zone,
            tournament=tournament, seats=tuple(seats), events=tuple(events), claims=claims, hero=hero,
            cancelled=cancelled,
        )

    def claims(self, summary: tuple) -> Claims:
        _, _marker, pots, seats = summary
        units, at = self.units, self.at
        rows = [SummarySeat(number, name, result, position, street, units(won) if won is not None else None, None,
                            None, cards, label, at(line))
                for line, number, name, result, position, street, won, cards, label in seats]
        if pots is None:
            return Claims(summary=tuple(rows))
        line, total, main, sides, rake = pots
        return Claims(total_pot=units(total), main_pot=units(main) if main is not None else None,
                      side_pots=tuple(units(s) for s in sides), rake=units(rake), summary=tuple(rows), line=at(line))


def start_time(when: tuple[str, ...]) -> tuple[datetime | None, str | None]:
    """``("2010/11/10", "17:20:01", "CET", "2010/11/10", "11:20:01", "ET")`` -> (aware UTC time, ``"CET"``):
    the first time whose zone is known is converted; the zone kept is the first one written."""
    written = when[2] if len(when) > 2 else None
    for k in range(0, len(when) - 2, 3):
        date, clock, zone = when[k:k + 3]
        if zone in ZONES:
            year, month, day = (int(x) for x in date.split("/"))
            hour, minute, second = (int(x) for x in clock.split(":"))
            local = datetime(year, month, day, hour, minute, second, tzinfo=ZoneInfo(ZONES[zone]))
            return local.astimezone(timezone.utc), written
    return None, written
