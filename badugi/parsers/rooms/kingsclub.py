"""KingsClub (KingsClubPkr) hand histories (FORMATS.md section 4): grammar ``kingsclub.lark``.

What the text says and how it lands in the record (claims, never judged):
- Header ``#37732805: Limit Badugi - 30/60``: small bet / big bet, no currency symbol (real-money
  dollars with cents: ``posts ante 5.50``, ``Rake 1.75``); the start time is on the next line with no
  time zone, so it is kept as written and read as UTC (``Hand.time_zone`` stays ``None``), flagged
  ``TimeFlag.NO_ZONE``: the hour may be off by the room's offset.
- Betting rounds and draws are separate sections (``*** 1ST BETTING ROUND ***``, ``*** 1ST DRAW ***``).
- ``calls 90`` is the caller's total for the round -> ``Call(amount=90, is_total=True)``;
  ``raises to 120`` -> ``Raise(raise_by=None, raise_to=120)``; ``bets 60`` -> ``Bet(60)``.
- ``posts blind 44`` (a player who missed the blinds) costs the big blind live *plus* the small blind
  dead: in the real 2-7 hand (44/88, small blind 22) that seat's summary stack and net drop by 66 plus
  the ante, and the pot (``wins pot (1,194)`` + ``Rake 5``) only adds up with 66. Recorded as
  ``Post(kind=BOTH, amount=44 + the hand's small blind)`` (the small blind post's amount, else half the
  small bet), the PokerStars ``posts small & big blinds`` kind.
- ``Player1 draws 2`` -> ``Draw(count=2)``; ``Hero discards [7h Qc] draws [2h 9s]`` -> ``Draw`` with the
  discards plus ``DrawDeal(new=...)``; ``stands pat`` -> ``Draw(count=0)``.
- No showdown marker and no hand labels: ``Player0 shows [4h Ad As 8c]`` -> ``Show(label=None)``.
- Summary: per seat the final stack and net (``SummarySeat.final_stack``/``net``), ``Rake N``, then
  ``wins pot (X)`` or, split, ``wins (X) from pot`` per winner -> ``Collect``; a side pot won apart,
  ``wins (X) from side pot 1`` -> ``Collect(pot="side-1")``. No total-pot line and no
  uncalled-bet line: a bet nobody called is simply not in the collected amount.
- Badacey, Badeucey, 2-7 and A-5 Triple Draw read the same (five cards: ``[X X X X X]``); a split pot
  is two ``wins (X) from pot`` lines, one ``Collect`` each (a scoop by one player would be two lines
  with one name). They are read once the engine replays them (``Room.reads_game``).
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Any, ClassVar

from lark import Token, v_args

from badugi.engine.record import (
    Bet, Call, Check, Claims, Collect, Deal, Draw, DrawDeal, Event, Fold, Hand, Limit, Noise, Post, PostKind, Raise,
    Seat, Show, Source, Stakes, SummarySeat, TimeFlag,
)
from badugi.parsers.results import HandResult, HandText

from .base import (
    BodyLine, HeaderInfo, LarkRoom, NameVerbLines, amount_hundredths, cards_of, limit_in, message_after_name,
    table_noise,
)
from .hand_end import kingsclub_whole

ROOM = "kingsclub"
CURRENCY = "USD"
"""KingsClub writes no symbol; its real-money tables deal in dollars and cents."""

POST_KINDS: dict[str, PostKind] = {
    "posts the small blind ": PostKind.SMALL_BLIND,
    "posts the big blind ": PostKind.BIG_BLIND,
    "posts ante ": PostKind.ANTE,
    "posts blind ": PostKind.BOTH,
}
_SEAT_LINE = re.compile(r"Seat (\d+): (.+) \(([\d,.]+)\)[ \t]*\n")
_SUMMARY_SEAT = re.compile(r"Seat (\d+): (.+?) \(([\d,.]+)\)(?: ([+-]?[\d,.]+))?[ \t]*\n")
_DISCARD_LINE = re.compile(r"(.+?) discards (\[[^\]]*\]) draws (\[[^\]]*\])[ \t]*\n")
_WIN_LINE = re.compile(r"(.+?) wins (?:pot \(([\d,.]+)\)|\(([\d,.]+)\) from (pot|side pot \d+))[ \t]*\n")
_MESSAGE = message_after_name(exclude=("wins",))
"""How a KingsClub table message goes on after the player's name (``wins`` is an action here)."""
ORDINALS: dict[str, int] = {"1ST": 1, "2ND": 2, "3RD": 3, "4TH": 4, "5TH": 5}


_Line = BodyLine

_ALL_IN = ", and is all in"
_RUN_IT_TWICE = re.compile(r"^Run [12]: ", re.M)
"""A run-it-twice hand's show lines (each run's hand of a player who drew)."""


def _amount_all_in(text: str) -> tuple[int, bool]:
    """An action's closing amount and all-in mark (``1,180, and is all in`` -> (118000, True))."""
    text = text.rstrip()
    if text.endswith(_ALL_IN):
        return amount_hundredths(text[:-len(_ALL_IN)]), True
    return amount_hundredths(text), False


@v_args(inline=True)
class _KingsClubLines(NameVerbLines):
    """Body tree -> ``_Line`` values (amounts in hundredths of a dollar). Holds no state.

    Tokens are read only through ``str(token)``, ``.value`` and ``.line``, so lark-cython's tokens
    (not ``str``) serve as well (``LarkRoom.ACCELERATED``)."""

    def header(self, hand_no: Token, game: Token, stakes: tuple[str, str]) -> tuple[str, str, str, str]:
        return (str(hand_no), str(game), *stakes)

    def stakes(self, small: Token, big: Token) -> tuple[str, str]:
        return (str(small), str(big))

    def body(self, when: Token, table: tuple, *items: Any) -> tuple:
        return (str(when), table, list(items))

    def table_line(self, name: Token, button: Token) -> tuple:
        return (str(name)[1:-1], int(button.value))

    def seat_line(self, line: Token) -> _Line:
        seat, name, amount = _SEAT_LINE.match(line.value).groups()  # type: ignore[union-attr]
        return _Line("seat", line.line, (int(seat), name, amount_hundredths(amount)))

    def unmarked(self, *lines: _Line) -> tuple:
        return ("unmarked", 0, list(lines))

    def section(self, marker: Token, *lines: _Line) -> tuple:
        words = str(marker).split()
        return ("draw" if words[-2] == "DRAW" else "bet", ORDINALS[words[1]], list(lines))

    def post(self, head: Token, amount: Token) -> _Line:
        name, _, kind = head.value.partition(": ")
        return _Line("post", head.line, (name, POST_KINDS[kind], amount_hundredths(amount.value.rstrip())))

    def dealt(self, line: Token) -> _Line:
        name, _, group = line.value.rstrip()[len("Dealt to "):].rpartition(": ")
        return _Line("dealt", line.line, (name, None if group.startswith("[X") else cards_of(group)))

    def call(self, head: Token, amount: Token) -> _Line:
        return _Line("call", head.line, (head.value[:-len(" calls ")], *_amount_all_in(amount.value)))

    def bet(self, head: Token, amount: Token) -> _Line:
        return _Line("bet", head.line, (head.value[:-len(" bets ")], *_amount_all_in(amount.value)))

    def raise_(self, head: Token, amount: Token) -> _Line:
        return _Line("raise", head.line, (head.value[:-len(" raises to ")], *_amount_all_in(amount.value)))

    def draws(self, line: Token) -> _Line:
        name, _, count = line.value.rstrip().rpartition(" draws ")
        return _Line("draws", line.line, (name, int(count)))

    def discard_draw(self, line: Token) -> _Line:
        name, thrown, new = _DISCARD_LINE.match(line.value).groups()  # type: ignore[union-attr]
        return _Line("discard_draw", line.line, (name, cards_of(thrown), cards_of(new)))

    def stand_pat(self, line: Token) -> _Line:
        return _Line("pat", line.line, (line.value.rstrip()[:-len(" stands pat")],))

    def other(self, line: Token) -> _Line:
        return _Line("other", line.line, (line.value.rstrip(),))

    def show(self, line: Token) -> _Line:
        name, _, group = line.value.rstrip().rpartition(" shows ")
        return _Line("show", line.line, (name, cards_of(group)))

    def summary(self, *items: Any) -> tuple:
        seats = [i for i in items if isinstance(i, _Line) and i.kind == "summary_seat"]
        rake = next((i for i in items if isinstance(i, _Line) and i.kind == "rake"), None)
        wins = [i for i in items if isinstance(i, _Line) and i.kind == "win"]
        return ("summary", seats, rake, wins)

    def summary_seat(self, line: Token) -> _Line:
        seat, name, stack, net = _SUMMARY_SEAT.match(line.value).groups()  # type: ignore[union-attr]
        signed = (None if net is None  # (2023: no net written for a stack that did not change)
                  else -amount_hundredths(net[1:]) if net.startswith("-") else amount_hundredths(net.lstrip("+")))
        return _Line("summary_seat", line.line, (int(seat), name, amount_hundredths(stack), signed))

    def rake_line(self, amount: Token) -> _Line:
        return _Line("rake", amount.line, (amount_hundredths(amount.value.rstrip()),))

    def win(self, line: Token) -> _Line:
        name, pot, split, which = _WIN_LINE.match(line.value).groups()  # type: ignore[union-attr]
        # "side pot 1" -> the record's "side-1" (PokerStars' "side pot-1"); "pot" for the one or main pot
        where = "side-" + which.rpartition(" ")[2] if which and which.startswith("side") else "pot"
        return _Line("win", line.line, (name, amount_hundredths(pot or split), where))


setattr(_KingsClubLines, "raise", _KingsClubLines.raise_)


class KingsClub(LarkRoom):
    """KingsClub text (``kingsclub.lark``); see the module docstring for what lands where."""

    NAME = ROOM
    HEADER_PREFIXES = ("#",)
    GRAMMAR = "kingsclub.lark"
    TRANSFORMER = _KingsClubLines
    ACCELERATED = True  # the transformer reads tokens through str()/.value (base.LarkRoom)
    LINE_TERMINALS = ("POSTS", "DEALT", "FOLDS", "CHECKS", "CALLS", "BETS", "RAISES", "DRAWS", "DISCARDS", "STANDS_PAT",
                      "SHOWS", "SECTION", "SUMMARY")
    GAMES: ClassVar[dict[str, tuple[str, Limit]]] = {
        "Limit Badugi": ("badugi", Limit.FIXED),
        "Limit 2-7 Triple Draw": ("27_triple_draw", Limit.FIXED),
        "Limit A-5 Triple Draw": ("a5_triple_draw", Limit.FIXED),
        "Limit 2-7 Single Draw": ("27_single_draw", Limit.FIXED),
        "No Limit 2-7 Single Draw": ("27_single_draw", Limit.NO_LIMIT),
        "Limit A-5 Single Draw": ("a5_single_draw", Limit.FIXED),
        "Limit Badacey": ("badacey", Limit.FIXED),
        "Limit Badeucey": ("badeucey", Limit.FIXED),
    }
    """Header game words of the draw games, as the real files write them; anything else is skipped."""

    AWARDS_LAST = True  # ``wins`` lines end the hand

    def detects(self, first_line: str) -> bool:
        return recognises(first_line)

    def shows_whole(self, hand: HandText) -> bool:
        """Every seat's summary line, the rake and the winners' lines (``hand_end.kingsclub_whole``)."""
        return kingsclub_whole(hand.text)

    def classify(self, hand: HandText) -> HeaderInfo | None:
        """``#<id>: <game> - <small bet>/<big bet>``: the game is everything between the id and the last
        `` - ``."""
        first = hand.header.lstrip("\ufeff")
        head, sep, rest = first.partition(": ")
        game, dash, _stakes = rest.rstrip().rpartition(" - ")
        if not sep or not dash or not head[1:].isdigit():
            return None
        return HeaderInfo(head[1:], game, limit_in(game), currency=CURRENCY)

    def hand_id_of(self, header: tuple[str, str, str, str]) -> str | None:
        return header[0]

    def game_of(self, header: tuple[str, str, str, str]) -> str:
        return header[1]

    def parse(self, hand: HandText, file: str) -> HandResult:
        if _RUN_IT_TWICE.search(hand.text):
            # real KingsClub draw hands (2-7 Single Draw, 2021): after an all-in the draw is dealt twice,
            # "Hero discards [Th] draws [8c] [Qs]", "Run 1: Hero shows [...]", "Run 2: Hero shows [...]"
            info = self.classify(hand)
            return self.skipped(hand, file, "run it twice: the draw dealt twice is not replayed",
                                info.hand_id if info else None)
        try:
            return super().parse(hand, file)
        except (KeyError, IndexError, TypeError, AttributeError) as exc:  # a value no record can hold
            return self.failure("parse.value", hand, file, hand.first_line, f"{file}:{hand.first_line}: {exc!r}")

    def build(self, header: tuple[str, str, str, str], body: tuple, hand: HandText, file: str) -> HandResult:
        hand_id, game, small, big = header
        return _build(hand_id, self.GAMES[game], small, big, body, file, hand.first_line, hand.offset)


def recognises(first_line: str) -> bool:
    """True when a hand's first line looks like a KingsClub header (``#digits: ... - a/b``)."""
    text = first_line.lstrip("\ufeff")
    head, sep, _ = text.partition(": ")
    return bool(sep) and head[:1] == "#" and head[1:].isdigit() and " - " in text


def parse_hand(text: str, file: str = "<text>", line: int = 1, offset: int = 0) -> HandResult:
    """One hand's text (decoded, ``\\n`` line ends, first line the header) -> Hand | Skipped | ParseFailure;
    ``line``/``offset`` place the hand's first line in ``file``."""
    if not text.endswith("\n"):
        text += "\n"
    hand = HandText(text, line, offset, offset + len(text.encode("utf-8")), ROOM, True, None, text.count("\n"))
    return KingsClub().parse(hand, file)


_DRAW_KINDS = frozenset(("draws", "discard_draw", "pat"))
_BETTING_KINDS = frozenset(("fold", "check", "call", "bet", "raise"))


def _sections_of(lines: list[_Line]) -> list[tuple[str, int, list[_Line]]]:
    """A hand written without section markers, cut into the sections the client writes elsewhere: betting
    round 1 up to the first draw line, that draw up to the next betting action, and so on. Shows and table
    noise stay where they are."""
    blocks: list[tuple[str, int, list[_Line]]] = []
    kind, number, current = "bet", 1, []
    for ln in lines:
        if kind == "bet" and ln.kind in _DRAW_KINDS:
            blocks.append((kind, number, current))
            kind, current = "draw", []
        elif kind == "draw" and ln.kind in _BETTING_KINDS:
            blocks.append((kind, number, current))
            kind, number, current = "bet", number + 1, []
        current.append(ln)
    blocks.append((kind, number, current))
    return blocks


def _build(hand_id: str, game: tuple[str, Limit], small: str, big: str, body: tuple, file: str, first: int,
           offset: int) -> Hand:
    when, (table, button), items = body

    def at(body_line: int) -> int:
        return first + body_line

    seats: list[Seat] = []
    events: list[Event] = []
    hero = None
    summary: tuple = ("summary", [], None, [])
    blocks: list[tuple[str, int, list[_Line]]] = []
    for item in items:
        if isinstance(item, _Line):
            seats.append(Seat(item.fields[0], item.fields[1], item.fields[2], line=at(item.line)))
        elif item[0] == "summary":
            summary = item
        elif item[0] == "unmarked":
            blocks.extend(_sections_of(item[2]))
        else:
            blocks.append(item)
    small_blind = next((ln.fields[2] for _, _, lines in blocks for ln in lines
                        if ln.kind == "post" and ln.fields[1] is PostKind.SMALL_BLIND), amount_hundredths(small) // 2)
    for kind, number, lines in blocks:
        street = number - 1  # betting round N is street N-1; draw N follows betting round N
        for ln in lines:
            f, where, k = ln.fields, at(ln.line), ln.kind
            if k == "post":
                amount = f[2] + small_blind if f[1] is PostKind.BOTH else f[2]
                events.append(Post(f[0], f[1], amount, line=where))
            elif k == "dealt":
                if f[1] is not None:
                    hero = hero or f[0]
                events.append(Deal(f[0], f[1], where))
            elif k == "fold":
                events.append(Fold(f[0], street, where))
            elif k == "check":
                events.append(Check(f[0], street, where))
            elif k == "call":
                events.append(Call(f[0], street, f[1], f[2], is_total=True, line=where))
            elif k == "bet":
                events.append(Bet(f[0], street, f[1], f[2], line=where))
            elif k == "raise":
                events.append(Raise(f[0], street, None, f[1], f[2], line=where))
            elif k == "draws":
                events.append(Draw(f[0], number, f[1], line=where))
            elif k == "discard_draw":
                events.append(Draw(f[0], number, len(f[1]), discards=f[1], line=where))
                events.append(DrawDeal(f[0], number, count=len(f[2]), new=f[2], line=where))
            elif k == "pat":
                events.append(Draw(f[0], number, 0, line=where))
            elif k == "other":
                names = [s.player for s in seats] + [getattr(e, "player", None) for e in events]
                events.append(Noise("table", table_noise(f[0], where, names, _MESSAGE), f[0], where))
            else:  # show
                events.append(Show(f[0], f[1], None, where))
    _, summary_seats, rake, wins = summary
    for w in wins:
        events.append(Collect(w.fields[0], w.fields[1], w.fields[2], at(w.line)))
    claim_seats = tuple(SummarySeat(s.fields[0], s.fields[1], "other", net=s.fields[3], final_stack=s.fields[2],
                                    line=at(s.line)) for s in summary_seats)
    claims = Claims(rake=rake.fields[0] if rake else None, summary=claim_seats,
                    line=at(rake.line) if rake else 0)
    start = datetime.strptime(when, "%Y-%m-%d %H:%M:%S").replace(tzinfo=timezone.utc)
    return Hand(
        room=ROOM, hand_id=hand_id, game=game[0], limit=game[1], stakes=Stakes(amount_hundredths(small), amount_hundredths(big)),
        currency=CURRENCY, source=Source(file, first, offset), table=table, button=button, start_time=start,
        time_flag=TimeFlag.NO_ZONE, seats=tuple(seats), events=tuple(events), claims=claims, hero=hero,
    )
