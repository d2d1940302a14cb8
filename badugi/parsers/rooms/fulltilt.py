"""Full Tilt Poker hand histories (FORMATS.md section 2): grammar ``fulltilt.lark`` on the shared base.

What differs from PokerStars, and how it lands in the record (claims, never judged):
- Header: three real shapes (stakes before the game in 2010-12, ``FL Badugi - $0.10/$0.20`` in 2013,
  a dual time in 2011), the archive export ``FullTiltPoker Game #`` with an empty line after it,
  ``(partial)`` hands (header and summary only -> ``Hand.partial``; a hand written as its summary alone
  without the mark is partial too) and tournaments.
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
from datetime import datetime
from typing import ClassVar

from badugi.engine.games import get_game
from badugi.engine.record import (
    Bet, Call, Check, Claims, Collect, Deal, Draw, DrawDeal, DrawPot, Event, Fold, Hand, Limit, Muck, Noise, Post,
    Raise, Seat, Show, Source, Stakes, TimeFlag, Tournament, Uncalled,
)
from badugi.parsers.clock import utc_start
from badugi.parsers.results import HandResult, HandText, Skipped

from .base import HeaderInfo, LarkRoom, amount_hundredths, limit_in, message_after_name, table_noise, whole_units
from .fulltilt_lines import SECTIONS, FullTiltLines, Header, Line
from .hand_end import fulltilt_whole

ROOM = "fulltilt"

ZONES: dict[str, str] = {"ET": "America/New_York", "CET": "Europe/Paris", "WET": "Europe/Lisbon",
                         "EET": "Europe/Helsinki", "CT": "America/Chicago", "CCT": "Asia/Shanghai",
                         "UTC": "UTC", "GMT": "UTC"}
"""Time-zone words Full Tilt writes -> IANA zones (daylight saving included); each but GMT is checked
against the ``ET`` clock in brackets in real dual-time headers (``tests/parsers/test_clock.py``).
``CCT`` is China Coast Time (UTC+8, no daylight saving since 1991)."""
TABLE_SIZES: dict[str, int] = {"heads up": 2}

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



# ---- parsing -----------------------------------------------------------------------------------


class FullTilt(LarkRoom):
    """Full Tilt Poker text (``fulltilt.lark``); see the module docstring for what lands where."""

    NAME = ROOM
    HEADER_PREFIXES = ("Full Tilt Poker", "FullTiltPoker", "FullTilt Poker", "Full TiltPoker")
    BLANK_LINE_ENDS_HAND = False  # the archive export writes an empty line after the header
    GRAMMAR = "fulltilt.lark"
    TRANSFORMER = FullTiltLines
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

    def shows_whole(self, hand: HandText) -> bool:
        """The summary names every seat of the header (``hand_end.fulltilt_whole``)."""
        return fulltilt_whole(hand.text)

    def classify(self, hand: HandText) -> HeaderInfo | None:
        """``<site> Game #id: <table or tournament> - <stakes> - <game> - <time> ...`` (2013: the game
        before the stakes): the game is the field beside the stakes that is not a time, whatever the
        stakes carry (an ante, K for thousands) and whatever follows (a dual time, a worded date)."""
        found = _HEADER_START.match(hand.header)
        if found is None:
            return None
        header = hand.header.rstrip()
        note = "partial hand" if header.endswith("(partial)") or summary_only(hand.text) else None
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
        if isinstance(result, Skipped) and (header_is_partial(hand.text) or summary_only(hand.text)):
            return dataclasses.replace(result, reason=result.reason + " (partial hand)")
        return result

    def build(self, header: Header, body: list, hand: HandText, file: str) -> HandResult:
        return _build(header, self.GAMES[header.game], body, file, hand.first_line, hand.offset)


def header_is_partial(text: str) -> bool:
    """Whether a hand's first line ends in ``(partial)`` (cheap: for the skip reason of other games)."""
    return text.partition("\n")[0].rstrip().endswith("(partial)")


def summary_only(text: str) -> bool:
    """Whether the hand's text is its header and summary only: what the client writes, marked
    ``(partial)`` or not, for a hand it saw only the end of (cheap: for the skip reason of other games)."""
    return text.partition("\n")[2].lstrip("\n").startswith("*** SUMMARY ***")


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
    pre: list[Line] = []
    sections: list[tuple[str, int, list[Line], tuple | None]] = []
    for item in items:
        if isinstance(item, Line):
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
    blocks = [("pre", 0, pre)] + [(SECTIONS[m][0], SECTIONS[m][1], lines) for m, _, lines, _ in sections]
    draw_pots = tuple(DrawPot(SECTIONS[m][1], units(note[0]), note[1], note[2], at(line))
                      for m, line, _, note in sections if note is not None and SECTIONS[m][0] == "draw")
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
    claims = Claims(summary=tuple(claim_seats), draw_pots=draw_pots)
    if pots is not None:
        _, pot_line, total, main, sides, rake = pots
        claims = Claims(units(total), units(main), tuple(units(s) for s in sides), units(rake), tuple(claim_seats),
                        at(pot_line), draw_pots)
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
        # a hand written as its summary alone (no seat, no action), marked ``(partial)`` or not, is partial:
        # its money claims cannot be settled
        seats=tuple(seats), events=tuple(events), claims=claims, hero=hero,
        partial=head.partial or not (seats or events),
        cancelled=cancelled,
    )
