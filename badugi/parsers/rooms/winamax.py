"""Winamax cash-game hand histories (FORMATS.md section 5): grammar ``winamax.lark`` on the shared base.

Winamax dealt 2-7 Triple Draw (the 8-game tables); no Badugi text of the room exists (FORMATS.md §6),
so a Winamax Badugi hand is skipped saying the room's Badugi is not read. What the text says and how
it lands in the record (claims, never judged):
- Header ``... - 2-7 Triple Draw fixed limit (25€/50€) - 2016/11/12 22:24:21 UTC``: for fixed limit
  the pair is the small and big bet (blinds 12.50/25 posted), else the blinds; the clock is UTC.
  ``(real money)`` tables deal in euros (``25€`` -> 2500 cents), ``(play money)`` in plain numbers.
- Sections ``*** ANTE/BLINDS ***``, ``*** FIRST-BET ***``, ``*** FIRST-DRAW ***`` .. ``*** FOURTH-BET ***``,
  ``*** SHOW DOWN ***``; ``Dealt to Player0 [X X X X X]`` -> ``Deal(cards=None)``.
- ``raises 25€ to 50€`` keeps both numbers; ``and is all-in`` -> ``all_in``. Calls and bets are chips added.
- ``posts big blind 2€ out of position`` (a player coming in) -> ``Post(EXTRA)``; ``posts small blind 3€
  out of position`` -> ``BOTH`` when more than the hand's small blind, else ``DEAD_SMALL`` (fpdb's reading).
- ``Hero stands pat [2h Td 8c 7c 8s]`` -> ``Draw(count=0, held=...)`` (``[X X X X X]``: ``held=None``).
  No Winamax discard line has ever been seen (nor by fpdb): one is an unknown line, not a guess.
- ``shows [..] (One pair : Ace)`` -> ``Show`` with the words in brackets as its label; ``collected 298€
  from pot`` (``main pot``, ``side pot 1``) -> ``Collect``. Winamax writes no uncalled-bet line.
- Summary: ``Total pot 298€ | Rake 2€`` (or ``No rake``: 0) and seat lines ``won``, ``showed [..] and
  won X with ...`` / ``and lost with ...``, ``folded`` (with positions in brackets).
- Other games (Hold'em, Omaha, Stud) are skipped from the header with their name; a tournament header
  (no real draw sample) is a header the grammar does not read.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Any, ClassVar

from lark import Token, v_args

from badugi.engine.games import get_game
from badugi.engine.record import (
    Bet, Call, Check, Claims, Collect, Deal, Draw, Event, Fold, Hand, Limit, Noise, Post, PostKind, Raise, Seat,
    Show, Source, Stakes, SummarySeat,
)
from badugi.parsers.results import HandResult, HandText

from .base import (
    BodyLine, HeaderInfo, LarkRoom, NameVerbLines, amount_hundredths, cards_of, limit_in, message_after_name,
    table_noise, whole_units,
)

ROOM = "winamax"

_HEADER = re.compile(r"^Winamax Poker - (?P<kind>.+?) - HandId: #(?P<id>[\d-]+) - (?P<game>.+?) \((?P<stakes>[^()]*)\)")
_TABLE = re.compile(r"Table: '(?P<name>.*)' (?P<max>\d+)-max \((?P<money>real|play) money\)"
                    r"(?: Seat #?(?P<button>\d+) is the button)?")
_SEAT = re.compile(r"Seat (\d+): (.+) \(([^()]*)\)[ \t]*\n")
_POST = re.compile(r"(.+?) posts (small blind|big blind|ante) ([\d.]+€?)( out of position)?[ \t]*\n")
_AMOUNT = r"(\d+(?:\.\d+)?€?)"
_CALL = re.compile(rf"(.+?) calls {_AMOUNT}( and is all-in)?[ \t]*\n")
_BET = re.compile(rf"(.+?) bets {_AMOUNT}( and is all-in)?[ \t]*\n")
_RAISE = re.compile(rf"(.+?) raises {_AMOUNT} to {_AMOUNT}( and is all-in)?[ \t]*\n")
_SHOW = re.compile(r"(.+?) shows (\[[^\]]*\])(?: \((.*)\))?[ \t]*\n")
_COLLECT = re.compile(rf"(.+?) collected {_AMOUNT} from (pot|main pot|side pot \d+)[ \t]*\n")
_SUMMARY_SEAT = re.compile(
    rf"Seat (\d+): (.+?)((?: \((?:small blind|big blind|button)\))*) (?:won {_AMOUNT}|showed (\[[^\]]*\]) and "
    rf"(?:won {_AMOUNT} |lost )with (.*?)|(folded))[ \t]*\n")
_POSITIONS = re.compile(r"\((small blind|big blind|button)\)")
_MESSAGE = message_after_name()

SECTIONS: dict[str, tuple[str, int]] = {
    "*** ANTE/BLINDS ***": ("bet", 0),
    "*** FIRST-BET ***": ("bet", 0),
    "*** FIRST-DRAW ***": ("draw", 1),
    "*** SECOND-BET ***": ("bet", 1),
    "*** SECOND-DRAW ***": ("draw", 2),
    "*** THIRD-BET ***": ("bet", 2),
    "*** THIRD-DRAW ***": ("draw", 3),
    "*** FOURTH-BET ***": ("bet", 3),
    "*** SHOW DOWN ***": ("showdown", 0),  # after the game's last draw (``_build``)
}
POST_KINDS: dict[str, PostKind] = {"small blind": PostKind.SMALL_BLIND, "big blind": PostKind.BIG_BLIND,
                                   "ante": PostKind.ANTE}

_Line = BodyLine


def _fields(pattern: re.Pattern[str], token: Token) -> tuple[Any, ...]:
    return pattern.match(token.value).groups()  # type: ignore[union-attr]


@v_args(inline=True)
class _WinamaxLines(NameVerbLines):
    """Body tree -> ``_Line`` values (amounts in hundredths of the displayed unit). Holds no state.

    Tokens are read only through ``str(token)``, ``.value`` and ``.line``, so lark-cython's tokens
    (not ``str``) serve as well (``LarkRoom.ACCELERATED``)."""

    def header(self, hand_id: Token, game: Token, small: Token, big: Token, when: Token) -> tuple[str, ...]:
        return (str(hand_id), str(game), str(small), str(big), str(when))

    def body(self, table: Token, *items: Any) -> tuple:
        return (table.value.rstrip(), list(items))

    def seat_line(self, line: Token) -> _Line:
        seat, name, stack = _fields(_SEAT, line)
        return _Line("seat", line.line, (int(seat), name, amount_hundredths(stack)))

    def section(self, marker: Token, *lines: _Line) -> tuple:
        return ("section", str(marker), list(lines))

    def post(self, line: Token) -> _Line:
        name, kind, amount, out_of_position = _fields(_POST, line)
        return _Line("post", line.line, (name, kind, amount_hundredths(amount), out_of_position is not None))

    def dealt(self, line: Token) -> _Line:
        name, _, group = line.value.rstrip()[len("Dealt to "):].rpartition(" [")
        return _Line("dealt", line.line, (name, None if group.startswith("X") else cards_of(group)))

    def call(self, line: Token) -> _Line:
        name, amount, all_in = _fields(_CALL, line)
        return _Line("call", line.line, (name, amount_hundredths(amount), all_in is not None))

    def bet(self, line: Token) -> _Line:
        name, amount, all_in = _fields(_BET, line)
        return _Line("bet", line.line, (name, amount_hundredths(amount), all_in is not None))

    def raise_(self, line: Token) -> _Line:
        name, by, to, all_in = _fields(_RAISE, line)
        return _Line("raise", line.line, (name, amount_hundredths(by), amount_hundredths(to), all_in is not None))

    def stand_pat(self, line: Token) -> _Line:
        name, _, group = line.value.rstrip().rpartition(" stands pat ")
        return _Line("pat", line.line, (name, None if "X" in group else cards_of(group)))

    def show(self, line: Token) -> _Line:
        name, group, label = _fields(_SHOW, line)
        return _Line("show", line.line, (name, cards_of(group), label))

    def collect(self, line: Token) -> _Line:
        name, amount, pot = _fields(_COLLECT, line)
        where = "pot" if pot == "pot" else "main" if pot == "main pot" else f"side-{pot.rpartition(' ')[2]}"
        return _Line("collect", line.line, (name, amount_hundredths(amount), where))

    def deny(self, line: Token) -> _Line:
        text = line.value.rstrip()
        player = re.split(r" (?:denies|deny) ", text)[0]
        return _Line("noise", line.line, ("deny", player, text))

    def other(self, line: Token) -> _Line:
        return _Line("other", line.line, (line.value.rstrip(),))

    def summary(self, pots: Token | None, *seats: _Line) -> tuple:
        return ("summary", pots, list(seats))

    def summary_seat(self, line: Token) -> _Line:
        seat, name, tags, won, cards, won_showing, label, folded = _fields(_SUMMARY_SEAT, line)
        positions = _POSITIONS.findall(tags)
        position = next((p for p in positions if p != "button"), positions[0] if positions else None)
        if folded:
            result: dict[str, Any] = {"result": "folded"}
        elif cards is not None:
            result = {"result": "showed", "cards": cards_of(cards), "label": label,
                      "won": amount_hundredths(won_showing) if won_showing else None}
        else:
            result = {"result": "collected", "won": amount_hundredths(won)}
        return _Line("summary_seat", line.line, (int(seat), name, position, result))


setattr(_WinamaxLines, "raise", _WinamaxLines.raise_)


class Winamax(LarkRoom):
    """Winamax text (``winamax.lark``); see the module docstring for what lands where."""

    NAME = ROOM
    HEADER_PREFIXES = ("Winamax Poker - ",)
    HAND_ID_HINT = re.compile(r"HandId: #([\d-]+)")  # (a tournament's name before it may hold a '#')
    GRAMMAR = "winamax.lark"
    TRANSFORMER = _WinamaxLines
    ACCELERATED = True  # the transformer reads tokens through str()/.value (base.LarkRoom)
    LINE_TERMINALS = ("POST", "DEALT", "FOLDS", "CHECKS", "CALLS", "BETS", "RAISES", "STANDS_PAT", "SHOWS",
                      "COLLECTED", "DENIES", "SECTION", "SUMMARY")
    GAMES: ClassVar[dict[str, tuple[str, Limit]]] = {
        "2-7 Triple Draw fixed limit": ("27_triple_draw", Limit.FIXED),
        "2-7 Triple Draw pot limit": ("27_triple_draw", Limit.POT),
        "2-7 Triple Draw no limit": ("27_triple_draw", Limit.NO_LIMIT),
    }
    """The real hand's ``2-7 Triple Draw fixed limit``; pot and no limit in the room's ``<game> <limit>``
    naming of every game (``Omaha pot limit``, ``Holdem no limit``), which fpdb's parser reads too."""
    READ_WORDS = re.compile(r"2-7 Triple Draw")
    """Only the draw game goes to the strict reading (a Badugi header is skipped: see ``skip_game``)."""

    def detects(self, first_line: str) -> bool:
        return _HEADER.match(first_line) is not None

    def classify(self, hand: HandText) -> HeaderInfo | None:
        found = _HEADER.match(hand.header)
        if found is None:
            return None
        tournament = found["kind"].startswith("Tournament")
        currency = "CHIPS" if tournament else ("EUR" if "€" in found["stakes"] else "PLAY")
        return HeaderInfo(found["id"], found["game"], limit_in(found["game"]), tournament, currency)

    def skip_game(self, hand: HandText, file: str, info: HeaderInfo) -> Any:
        if "badugi" in info.game.lower():
            reason = f"unsupported room for {info.game}: Winamax Badugi text has no grammar (no real sample)"
            return self.skipped(hand, file, reason, info.hand_id)
        return super().skip_game(hand, file, info)

    def reads(self, info: HeaderInfo) -> bool:
        return self.reads_game(info.game)

    def read(self, hand: HandText, file: str) -> HandResult:
        """Classify first (the header says the game), then read the games read."""
        info = self.classify(hand)
        if info is None:
            return self.failure("parse.header", hand, file, hand.first_line,
                                f"{file}:{hand.first_line}: not a Winamax header: {hand.header[:80]!r}")
        if not self.reads(info):
            return self.skip_game(hand, file, info)
        return self.parse(hand, file)

    def hand_id_of(self, header: tuple[str, ...]) -> str | None:
        return header[0]

    def game_of(self, header: tuple[str, ...]) -> str:
        return header[1]

    def parse(self, hand: HandText, file: str) -> HandResult:
        try:
            return super().parse(hand, file)
        except (KeyError, IndexError, TypeError, AttributeError) as exc:  # a value no record can hold
            return self.failure("parse.value", hand, file, hand.first_line, f"{file}:{hand.first_line}: {exc!r}")

    def build(self, header: tuple[str, ...], body: tuple, hand: HandText, file: str) -> HandResult:
        return _build(header, self.GAMES[header[1]], body, file, hand.first_line, hand.offset)


def parse_hand(text: str, file: str = "<text>", line: int = 1, offset: int = 0) -> HandResult:
    """One hand's text (decoded, ``\\n`` line ends, first line the header) -> Hand | Skipped | ParseFailure;
    ``line``/``offset`` place the hand's first line in ``file``."""
    if not text.endswith("\n"):
        text += "\n"
    hand = HandText(text, line, offset, offset + len(text.encode("utf-8")), ROOM, True, None, text.count("\n"))
    return Winamax().parse(hand, file)


def _build(header: tuple[str, ...], game: tuple[str, Limit], body: tuple, file: str, first: int,
           offset: int) -> Hand:
    """The record from the header and the body's lines (file lines = the hand's first line + body line)."""
    hand_id, _, small, big, when = header
    table_text, items = body
    table = _TABLE.match(table_text)
    if table is None:  # the grammar's TABLE_LINE and _TABLE say the same
        raise ValueError(f"unreadable table line {table_text!r}")
    play = table["money"] == "play"
    if play and ("€" in small or "€" in big):
        raise ValueError(f"a play-money table with euro stakes: {small}/{big}")
    currency, per = ("PLAY", 100) if play else ("EUR", 1)

    units = whole_units(currency, per)

    def at(body_line: int) -> int:
        return first + body_line

    seats: list[Seat] = []
    events: list[Event] = []
    hero = None
    summary: tuple = ("summary", None, [])
    sections: list[tuple[str, list[_Line]]] = []
    for item in items:
        if isinstance(item, _Line):
            seats.append(Seat(item.fields[0], item.fields[1], units(item.fields[2]) or 0, line=at(item.line)))
        elif item[0] == "summary":
            summary = item
        else:
            sections.append((item[1], item[2]))
    posts = [ln for _, lines in sections for ln in lines if ln.kind == "post"]
    small_blind = next((units(ln.fields[2]) for ln in posts if ln.fields[1] == "small blind" and not ln.fields[3]),
                       None)
    last_draw = get_game(game[0]).draws
    for marker, lines in sections:
        kind, number = SECTIONS[marker]
        street = last_draw if kind == "showdown" else number
        for ln in lines:
            f, where, k = ln.fields, at(ln.line), ln.kind
            if k == "post":
                amount = units(f[2]) or 0
                events.append(Post(f[0], _post_kind(f[1], f[3], amount, small_blind), amount, line=where))
            elif k == "dealt":
                if f[1] is not None:
                    hero = hero or f[0]
                events.append(Deal(f[0], f[1], where))
            elif k == "fold":
                events.append(Fold(f[0], street, where))
            elif k == "check":
                events.append(Check(f[0], street, where))
            elif k == "call":
                events.append(Call(f[0], street, units(f[1]) or 0, f[2], line=where))
            elif k == "bet":
                events.append(Bet(f[0], street, units(f[1]) or 0, f[2], where))
            elif k == "raise":
                events.append(Raise(f[0], street, units(f[1]), units(f[2]), f[3], where))
            elif k == "pat":
                if kind != "draw":
                    raise ValueError(f"line {where}: a draw outside a draw section")
                events.append(Draw(f[0], number, 0, held=f[1], line=where))
            elif k == "show":
                events.append(Show(f[0], f[1], f[2], where))
            elif k == "collect":
                events.append(Collect(f[0], units(f[1]) or 0, f[2], where))
            elif k == "other":
                names = [s.player for s in seats] + [getattr(e, "player", None) for e in events]
                events.append(Noise("table", table_noise(f[0], where, names, _MESSAGE), f[0], where))
            else:  # noise
                events.append(Noise(f[0], f[1], f[2], where))
    _, pots, summary_seats = summary
    claim_seats = []
    for s in summary_seats:
        seat, name, position, result = s.fields
        won = result.pop("won", None)
        claim_seats.append(SummarySeat(seat, name, position=position, won=units(won), line=at(s.line), **result))
    total = rake = None
    pot_line = 0
    if pots is not None:
        words = pots.value.rstrip()
        total_text, _, rake_text = words[len("Total pot "):].partition(" | ")
        total = units(amount_hundredths(total_text))
        rake = 0 if rake_text == "No rake" else units(amount_hundredths(rake_text[len("Rake "):]))
        pot_line = at(pots.line)
    blinds = {p.kind: p.amount for p in events if isinstance(p, Post)}
    stakes = Stakes(units(amount_hundredths(small)) or 0, units(amount_hundredths(big)) or 0,
                    blinds.get(PostKind.SMALL_BLIND), blinds.get(PostKind.BIG_BLIND), blinds.get(PostKind.ANTE))
    start = datetime.strptime(when, "%Y/%m/%d %H:%M:%S").replace(tzinfo=timezone.utc)
    return Hand(
        room=ROOM, hand_id=hand_id, game=game[0], limit=game[1], stakes=stakes, currency=currency,
        source=Source(file, first, offset), table=table["name"], max_seats=int(table["max"]),
        button=int(table["button"]) if table["button"] else None, start_time=start, time_zone="UTC",
        seats=tuple(seats), events=tuple(events), claims=Claims(total, None, (), rake, tuple(claim_seats), pot_line),
        hero=hero,
    )


def _post_kind(words: str, out_of_position: bool, amount: int, small_blind: int | None) -> PostKind:
    """A blind posted in turn is what it says; out of position (a player coming in), a big blind is an
    extra live blind and a small blind dead, or both blinds when it is more than the small blind."""
    if not out_of_position:
        return POST_KINDS[words]
    if words == "big blind":
        return PostKind.EXTRA
    if words == "small blind":
        return PostKind.BOTH if small_blind is not None and amount > small_blind else PostKind.DEAD_SMALL
    return PostKind.ANTE
