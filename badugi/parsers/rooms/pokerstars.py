"""PokerStars hand histories (FORMATS.md section 1): grammar ``pokerstars.lark`` on the shared base.

What the text says and how it lands in the record (claims, never judged):
- Header: cash (``Game #``/``Hand #``, two spaces after the colon, ``($0.25/$0.50 USD)``), tournament
  (``Tournament #id, $2.00+$0.20 USD Badugi Limit - Level I (20/40)``), Home Game (``{club}``), mixed
  games (``8-Game (Badugi Limit)``: the inner game decides). For limit games the header's pair is the
  small/big bet (for ``Badugi Pot Limit``/``No Limit`` the blinds); the blinds come from the posts. ``ET``
  alone or ``CET [.. ET]`` -> UTC start time.
- Money: ``$0.25`` -> 25 cents (``USD``); tournament chips -> chips (``CHIPS``); play money -> ``PLAY``.
- ``posts small & big blinds $0.35`` -> ``Post(kind=BOTH)``; ``raises $0.25 to $0.50`` keeps both numbers.
- Draws: ``discards 2 cards [8h 6s]`` / ``discards 1 card`` -> ``Draw(count, discards)``; ``stands pat
  [on [...]]`` -> ``Draw(count=0, held)``; ``Dealt to Hero [kept] [new]`` in a draw -> ``DrawDeal``; the
  initial ``Dealt to`` -> ``Deal`` and names the hero. The client-bug ``discards 2 cards []`` is kept.
- ``mucks hand`` / ``doesn't show hand`` -> ``Muck`` (with the cards the summary's ``mucked [..]`` names; a
  summary ``mucked`` with no cards, as an observer's file writes it, names none).
- A fold that shows cards, ``folds [7s 3c]`` -> ``Fold`` and ``Show`` of those cards. A show of some of the
  hand only (``folds [Ks]``, a winner's ``shows [Qh]``) -> ``Noise("show")`` (a ``Show`` is a whole holding).
- Table noise (chat, joins, leaves, timeouts, sit-outs, finishes) -> ``Noise``; ``Hand cancelled`` ->
  ``Hand.cancelled``.
- Triple Draw 2-7 Lowball (sections as Badugi's) and Single Draw 2-7 Lowball (the draw inline, no
  section: ``pokerstars_single_draw``) read the same, labels as written (``Lo: 8,7,6,5,2``); they are
  read once the engine replays them (``Room.reads_game``). Any other game (Hold'em, 5 Card Draw, ...) is
  skipped from the header, its body never read.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import ClassVar, NamedTuple

from lark import Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from badugi.engine import record_api as _records
from badugi.engine import tuple_api as _tuple_api
from badugi.engine import games as _games
from badugi.engine.games import get_game
from badugi.engine.record import (
    Claims, Deal, Draw, DrawDeal, Event, Fold, Hand, Limit, Muck, Noise, Post, PostKind, Seat, Show, TimeFlag,
    Tournament,
)
from badugi.parsers.clock import steady_utc_seconds, utc_start, utc_time
from badugi.parsers.results import HandResult, HandText
from badugi.parsers.rooms import fill_api as _fill
from badugi.parsers.rooms import text_api as _text

from .base import HeaderInfo, LarkRoom, amount_hundredths, limit_in, message_after_name, table_noise
from .hand_end import pokerstars_whole
from .pokerstars_single_draw import INLINE_DRAW, mark_inline_draw
from .pokerstars_lines import (
    EOL, LINE_READERS, Block, int_at, read_new_run_in, read_pot_line, read_run, read_seat_lines, read_seat_lines_in,
    read_seats, read_summary_block, read_summary_lines_in, read_summary_seats, read_token,
)
from .pokerstars_values import (
    BetLine, CallLine, CancelledLine, CapLine, Cards, CheckLine, CollectLine, DealtLine, DiscardLine, FoldLine,
    FoldShowLine, MuckLine, NoiseLine, OtherLine, PostLine, PotLine, RaiseLine, ShowLine, StandPatLine, UncalledLine,
)

ZONES: dict[str, str] = {"ET": "America/New_York", "CET": "Europe/Paris", "CEST": "Europe/Paris",
                         "WET": "Europe/Lisbon", "EET": "Europe/Helsinki", "PT": "America/Los_Angeles",
                         "UTC": "UTC", "GMT": "UTC"}
"""Time-zone words PokerStars writes -> IANA zones (the local time is converted to UTC, daylight saving
included: the client writes ``CET`` in summer too). Each word but GMT/CEST is checked against the ``ET``
clock in brackets in real headers (``tests/parsers/test_clock.py``). ``CUST`` (one real header, UTC+7 by
its bracket) names no zone we know: its hands take the time from the ``ET`` clock beside it."""



class Header(NamedTuple):
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


class Body(NamedTuple):
    """The rest of a hand, read: the table line's fields and the line blocks in order."""

    table: str
    max_seats: int | None
    play_money: bool
    button: int | None
    seats: Block  # a SeatLine per line
    loose: list[Block]  # lines before the deal (posts, noise)
    sections: list[tuple[str, list[Block]]]  # (marker line, its blocks)
    summary: Summary


class Summary(NamedTuple):
    """The summary: the pot line and its body line, the seat lines."""

    pots: PotLine | None
    pots_line: int
    seats: Block  # a SummarySeatLine per line


# The fields of a Header, Body and Summary by position: compiled, the assembly reads a field of its tuple by a C index
# (``tuple_api.item``), where a NamedTuple's field is a descriptor called through Python's attribute look-up (~120
# instructions, ~30 a hand) and its index its class's ``__getitem__`` slot (~780). Checked against the classes' fields.
(_H_HAND_ID, _H_CLUB, _H_GAME, _H_MIX, _H_SMALL, _H_BIG, _H_CURRENCY_CODE, _H_TOURNAMENT_ID, _H_BUY_IN, _H_LEVEL,
 _H_WHEN) = range(11)
_B_TABLE, _B_MAX_SEATS, _B_PLAY_MONEY, _B_BUTTON, _B_SEATS, _B_LOOSE, _B_SECTIONS, _B_SUMMARY = range(8)
_S_POTS, _S_POTS_LINE, _S_SEATS = range(3)
if (Header._fields != ("hand_id", "club", "game", "mix", "small", "big", "currency_code", "tournament_id", "buy_in",
                      "level", "when")
        or Body._fields != ("table", "max_seats", "play_money", "button", "seats", "loose", "sections", "summary")
        or Summary._fields != ("pots", "pots_line", "seats")):
    raise ValueError("pokerstars: the field positions follow Header, Body and Summary")

_HEADER_START = re.compile(r"(?:PokerStars|POKERSTARS|Full Tilt)(?: (?:Home Game|HOME GAME|Zoom|ZOOM))* "
                           r"(?:Game|Hand|GAME|HAND) #\d+: ")
"""The start of a hand's first line: PokerStars in every client's spelling (Home Game, Zoom, a tracker's
upper-case export) and the 2016 Full Tilt client, which wrote PokerStars' format."""

_USUAL_STARTS = ("PokerStars Game #", "PokerStars Hand #")
"""The usual starts of a first line (the older and the newer client's): after either, ``_HEADER_START`` matches
exactly where ``\\d+: `` does (no other branch of it can start so)."""
_USUAL_LENGTH = 17  # (both starts' length)
if {len(start) for start in _USUAL_STARTS} != {_USUAL_LENGTH}:
    raise ValueError("pokerstars._USUAL_STARTS: every start is _USUAL_LENGTH long")


def _number_then_colon(line: str, start: int) -> bool:
    """Whether ``line`` holds one or more decimal digits from ``start`` (``\\d``: any Unicode decimal digit, as
    ``str.isdecimal``) followed by ``": "``. A plain loop: compiled, the characters are read in C."""
    end = len(line)
    at = start
    while at < end and _text.char_of(line, at).isdecimal():
        at += 1
    return at > start and line.startswith(": ", at)


_SMALL_BLIND, _BIG_BLIND, _ANTE = PostKind.SMALL_BLIND, PostKind.BIG_BLIND, PostKind.ANTE
"""The post kinds whose first amount is a stated blind (module constants: an enum member read from its class
is an attribute look-up through the enum's metaclass, ~900 instructions, three a hand)."""

_MESSAGE = message_after_name()
"""How a PokerStars table message goes on after the player's name (actions go on with ``: ``)."""

# ---- the tolerant reading of a first line (classification): the game, whatever clauses surround it --
_CLASSIFY = re.compile(r"(?P<site>[^#]*?) (?:Game|Hand|GAME|HAND) #(?P<id>\d+): *(?:\{[^}]*\} *)?(?P<rest>.*?)\s*$")
_DATE_TAIL = re.compile(r"(?: \[(?:AAMS|ADM) ID: [^\]]*\])? - (?:\d{4}[/-]\d{1,2}[/-]\d{1,2}|\[).*$")
_LEVEL_TAIL = re.compile(r" - (?:Match Round [IVXLC\d]+, )?Level [^()]*(?:\([^()]*\))?$", re.I)
_STAKES_TAIL = re.compile(r" *\((?P<stakes>(?:[$€£¥₹]|Rs\. ?)?\d[\d.,]*[KMB]?/[^()]*"
                          r"|Button Blind [^()]*)\)$")  # 6+ Hold'em: "(Button Blind $0.50 - Ante $0.50  USD)"
_TOURNAMENT_HEAD = re.compile(r"(?:(?:Zoom|Rush) )?Tournament #\d+,? *", re.I)
_BUY_IN = re.compile(r"(?:(?:[$€£¥₹]\S*|\d[\d.,]*\+\S*|\d+ ?FPP|(?i:freeroll))(?: [A-Z]{2,3}\b)?|\d[\d.,]* [A-Z]{2,3}\b) +")
_INNER = re.compile(r"^(?P<mix>.+?) \((?P<inner>[^()]*)\)$")
_INNER_STAKES = re.compile(r", *[$€£¥₹]?\d.*$")

class PokerStarsLines(Transformer):
    """Header and body -> small values: a ``Header``, and a ``Body`` whose lines are read into blocks
    (``pokerstars_lines.Block``: a typed value per line, like ``CallLine(name, amount, all_in)``, amounts
    in hundredths of the displayed unit). Holds no state (one instance serves all).

    Every body line is one token whose shape the grammar has checked (or, in the one-parse reading's
    ``HAND_TABLE`` and ``HAND_REST`` tokens, a line the readers check by the grammar's terminals when they
    first read it); the methods here only cut its fields out at the fixed words (``rpartition`` on the
    words that follow a name is exact: nothing after them can hold those words). Each method takes its rule's children as one list (no
    ``v_args``: Lark then calls it directly, without three wrapper calls per rule). Tokens are read
    only through ``str(token)``, ``.value``, ``.type`` and ``.line``, so lark-cython's tokens (not
    ``str``) serve as well (``ACCELERATED``)."""

    reading_room: LarkRoom
    """The room whose parser this is (set by the parser's builder): it says which games are read."""

    # ---- the whole hand (``hand: first_line body``) ---------------------------------------------

    def hand(self, children: list) -> list:
        return children  # [Header, Body]

    def first_line(self, children: list) -> Header:
        """The header, reduced before the body is read: a game the room does not read stops the parse."""
        return self.reading_room.stop_unless_read(children[0])

    def header_line(self, children: list) -> Header:
        """``first_line`` read as one token (``HEADER``): cut into the texts of the tokens of ``header``."""
        return self.reading_room.stop_unless_read(_read_header(children[0].value))

    # ---- header ---------------------------------------------------------------------------------

    def header(self, children: list) -> Header:
        site, club, game, _licence, when = children
        return _header(str(site), str(club) if club is not None else None, game, str(when))

    # the game part of the header: (game, mix, small, big, currency code, tournament id, buy-in, level)

    def cash_game(self, children: list) -> tuple:
        if len(children) == 2:  # "Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD)"
            name, mixed = children
            inner_game, _, stakes_text = str(mixed)[2:-1].rpartition(", ")
            pair, _, code = stakes_text.partition(" ")
            small, _, big = pair.partition("/")
            return (inner_game, str(name), small, big, code or None, None, None, None)
        name, inner, stakes = children
        return _cash_game(str(name), str(inner) if inner is not None else None, str(stakes))

    def tour_game(self, children: list) -> tuple:
        tournament, buy_and_game, inner, level = children
        return _tour_game(str(tournament), str(buy_and_game), str(inner) if inner is not None else None, str(level))

    # ---- body -----------------------------------------------------------------------------------
    # Lines are read when their rule is reduced (sections first, then the summary, then the table,
    # seats and the lines before the deal), so the first value error reported stays the same.

    def body(self, children: list) -> Body:
        table, seats, loose, sections, summary = children
        return _body(str(table), read_seats(seats) if seats is not None else (0, []), loose, sections, summary)

    def hand_body(self, children: list) -> Body:
        """The one-parse reading's body: the table line with its seat lines (``HAND_TABLE``) and the summary
        (``HAND_SUMMARY``) are one token each, cut into their lines here."""
        table, loose, sections, summary = children
        return _hand_body(table, loose, sections, summary)

    def hand_rest(self, children: list) -> Body:
        """The one-parse reading's body when the lines after the table are one token (``HAND_REST``): cut into the
        runs, sections and summary the tokens of ``hand_body`` would be (``_hand_rest``)."""
        table, rest = children
        return _hand_rest(table, rest)

    def lines(self, children: list) -> list:
        """A run of body-line tokens, one at a time (``lines: lines? LINE``): the first starts the list."""
        if len(children) == 2:
            children[0].append(children[1])
            return children[0]
        return children  # (a fresh list Lark made for this reduce)

    def sections(self, children: list) -> list[tuple[str, list[Block]]]:
        """The sections, one at a time (``sections: sections? SECTION lines?``): (marker line, its blocks)."""
        if type(children[0]) is list:  # the sections before this one
            done, marker, *lines = children
        else:
            done, (marker, *lines) = [], children
        done.append((marker.value.rstrip(EOL), [read_token(token) for token in lines[0]] if lines else []))
        return done

    # the one-parse reading's runs of lines: the same values, its lines read a run per token
    runs = lines

    def run_sections(self, children: list) -> list[tuple[str, list[Block]]]:
        """As ``sections``, for the one-parse reading: a section's marker line and the run after it are one
        token (``SECTION_RUN``), the lines after that run tokens of their own."""
        if type(children[0]) is list:  # the sections before this one: [done, SECTION_RUN] or [done, SECTION_RUN, runs]
            return _add_run_section(children[0], children[1], children[2] if len(children) > 2 else None)
        return _add_run_section([], children[0], children[1] if len(children) > 1 else None)

    def summary(self, children: list) -> Summary:
        _marker, pots, seats = children
        return Summary(read_pot_line(str(pots)) if pots is not None else None, pots.line if pots is not None else 0,
                       read_summary_seats(seats) if seats is not None else (0, []))


def _header(site: str, club: str | None, game: tuple, when: str) -> Header:
    """``PokerStarsLines.header``: the texts of its tokens (SITE, CLUB or None, WHEN) and the game's values. (Text is
    cut at ``find``'s positions: compiled, a C call each, where a method like ``partition`` is a Python call.)"""
    # (SITE holds one "#", before the hand's number, and one ":", after it)
    return _header_in(site, site.find("#") + 1, site.find(":"), club, game, when, 0, len(when))


def _header_in(text: str, id_start: int, id_end: int, club: str | None, game: tuple, when: str,
               when_start: int, when_end: int) -> Header:
    """``_header`` from the places of its texts: the hand's number ``text[id_start:id_end]``, WHEN's text
    ``when[when_start:when_end]`` (``_read_header``: both in the first line itself, no SITE or WHEN cut out first;
    ``_plain_header``: in the hand's text)."""
    moments = _written_clocks(when, when_start, when_end)
    if moments is None:
        moments = _moments_of(when[when_start:when_end].rstrip(EOL)[3:])
    # (a Header made as the tuple it is, filled in place: ``fill_api.record_new``)
    made = _fill.record_new(Header, 11)
    _fill.record_put(made, _H_HAND_ID, text[id_start:id_end])
    _fill.record_put(made, _H_CLUB, club.rstrip()[1:-1] if club is not None else None)
    _fill.record_put(made, _H_GAME, game[0])
    _fill.record_put(made, _H_MIX, game[1])
    _fill.record_put(made, _H_SMALL, game[2])
    _fill.record_put(made, _H_BIG, game[3])
    _fill.record_put(made, _H_CURRENCY_CODE, game[4])
    _fill.record_put(made, _H_TOURNAMENT_ID, game[5])
    _fill.record_put(made, _H_BUY_IN, game[6])
    _fill.record_put(made, _H_LEVEL, game[7])
    _fill.record_put(made, _H_WHEN, moments)
    return _fill.record_done(Header, made)


def _moments_of(text: str) -> tuple[str, ...]:
    """``_header``'s moments of any shape: WHEN's text after `` - `` (line end stripped) split at its spaces."""
    if " - " in text:  # the format before 2009: "2009/10/12 - 13:51:22 (ET)"
        date, _, rest = text.partition(" - ")
        clock, _, zone = rest.partition(" ")
        moments = (date, clock, zone.strip("()"))
    elif "[" in text:  # "2010/11/10 17:20:01 CET [2010/11/10 11:20:01 ET]"
        moments = tuple(text.replace("[", "").replace("]", "").split(" "))
    else:
        moments = tuple(text.split(" "))
    return moments


def _written_clocks(when: str, start: int, stop: int) -> tuple[str, ...] | None:
    """``_header``'s moments of the two shapes nearly every header writes, cut at their fixed places:
    `` - 2010/11/10 17:20:01 ET`` and `` - 2010/11/10 17:20:01 CET [2010/11/10 11:20:01 ET]`` (digits, one
    word of capitals each zone, then line-end characters); ``None`` for any other text, which ``_header``
    reads the long way (the same fields: these shapes hold no `` - `` after the first and split at single
    spaces). Compiled, a character test each instead of a strip, replaces, a split and a tuple of a list. (The text
    is ``when[start:stop]``: read in place.)"""
    end = stop
    while end > start and _text.char_of(when, end - 1) in " \t\n":  # (EOL, as ``rstrip(EOL)``)
        end -= 1
    if (end - start < 24 or _text.char_of(when, start) != " " or _text.char_of(when, start + 1) != "-" or _text.char_of(when, start + 2) != " "
            or _text.char_of(when, start + 22) != " " or not _is_clock(when, start + 3)):
        return None
    zone_end = _capitals_end(when, start + 23, end)
    if zone_end == start + 23:
        return None
    # (each moment cut by ``text_api.cut``: an ASCII copy, where a slice read each character again)
    if zone_end == end:
        return (_text.cut(when, start + 3, start + 13), _text.cut(when, start + 14, start + 22),
                _text.cut(when, start + 23, zone_end))
    other = zone_end + 2  # " [" and the clock in ET
    if (end - other < 22 or _text.char_of(when, zone_end) != " " or _text.char_of(when, zone_end + 1) != "[" or _text.char_of(when, end - 1) != "]"
            or not _is_clock(when, other) or _text.char_of(when, other + 19) != " "
            or _capitals_end(when, other + 20, end - 1) != end - 1 or end - 1 == other + 20):
        return None
    return (_text.cut(when, start + 3, start + 13), _text.cut(when, start + 14, start + 22),
            _text.cut(when, start + 23, zone_end), _text.cut(when, other, other + 10), _text.cut(when, other + 11, other + 19),
            _text.cut(when, other + 20, end - 1))


def _is_clock(text: str, at: int) -> bool:
    """Whether ``text`` holds ``YYYY/MM/DD HH:MM:SS`` (ASCII digits) from ``at`` (its caller checked the length)."""
    for k in range(19):
        c = _text.char_of(text, at + k)
        if k == 4 or k == 7:
            if c != "/":
                return False
        elif k == 10:
            if c != " ":
                return False
        elif k == 13 or k == 16:
            if c != ":":
                return False
        elif not "0" <= c <= "9":
            return False
    return True


def _capitals_end(text: str, at: int, end: int) -> int:
    """Where the run of capitals ``A``-``Z`` from ``at`` ends (at most ``end``)."""
    while at < end and "A" <= _text.char_of(text, at) <= "Z":
        at += 1
    return at




def _cash_game(name: str, inner: str | None, stakes: str) -> tuple:
    """``PokerStarsLines.cash_game`` without a two-game mix: the texts of GAME_NAME, INNER_GAME or None, STAKES
    (" ($0.25/$0.50 USD)": the amounts about the "/", the currency code after the space if any)."""
    return _cash_game_in(name, inner, stakes, 0, len(stakes))


def _cash_game_in(name: str, inner: str | None, text: str, start: int, stop: int) -> tuple:
    """``_cash_game`` with STAKES' text ``text[start:stop]``, read in place (``_read_header``: no STAKES cut out)."""
    space = _text.char_at(text, " ", start + 2, stop)
    end = stop - 1 if space < 0 else space
    slash = _text.char_at(text, "/", start + 2, end)
    small, big = (text[start + 2:slash], text[slash + 1:end]) if slash >= 0 else (text[start + 2:end], "")
    return (inner[2:-1] if inner is not None else name, name if inner is not None else None,
            small, big, text[space + 1:stop - 1] or None if space >= 0 else None, None, None, None)


def _tour_game(tournament: str, words: str, inner: str | None, level: str) -> tuple:
    """``PokerStarsLines.tour_game``: the texts of TOURNAMENT ("Tournament #id, "), TOUR_GAME, INNER_GAME or None,
    LEVEL (" - Level I (10/20)": its words before the last " (", the amounts about the "/" in it)."""
    end = _plain_buy_in_end(words)
    if end >= 0:  # (what ``_BUY_IN`` matches there: the buy-in to its code, the spaces after it)
        start = end + 1
        while start < len(words) and words[start] == " ":
            start += 1
        buy, name, code = words[:end], words[start:], words[words.rfind(" ", 0, end) + 1:end]
    else:
        found = _BUY_IN.match(words)
        buy, name = (found.group().strip(), words[found.end():]) if found else (None, words)
        code = buy[buy.rfind(" ") + 1:] if buy and " " in buy else None
    cut = level.rfind(" (", 3)
    slash = level.find("/", cut + 2)
    small, big = (level[cut + 2:slash], level[slash + 1:-1]) if slash >= 0 else (level[cut + 2:-1], "")
    return (inner[2:-1] if inner is not None else name, name if inner is not None else None,
            small, big, code, tournament[tournament.rfind("#") + 1:-2], buy, level[3:cut])


def _plain_buy_in_end(words: str) -> int:
    """Where the buy-in ends in TOUR_GAME's words of the plain shape ``$<printable ASCII> <2 or 3 capitals> <words>``
    (``$2.00+$0.20 USD Badugi Limit``: what ``_BUY_IN`` matches there is the buy-in to the end of its code and the
    spaces after it), found by a scan of characters (compiled, C: the regex, its match object and its group cost ~2k
    instructions a tournament hand); -1 for any other (the regex reads them)."""
    end = len(words)
    if end == 0 or _text.char_of(words, 0) != "$":
        return -1
    at = 1
    while at < end and "!" <= _text.char_of(words, at) <= "~":  # (``\S*``: no space among them)
        at += 1
    if at >= end or _text.char_of(words, at) != " ":
        return -1
    caps = at + 1
    at = _capitals_end(words, caps, end)
    if not 2 <= at - caps <= 3 or at >= end or _text.char_of(words, at) != " ":  # (`` [A-Z]{2,3}\b``, then `` +``)
        return -1
    return at


def _find_char(text: str, char: str, at: int) -> int:
    """``text.find(char, at)`` for one character (compiled: ``memchr``, ``text_api.char_at``, where ``at`` is no
    negative position; a method call each, its positions made Python ints, where ``find`` was).
    """
    if at < 0:
        return text.find(char, at)
    return _text.char_at(text, char, at, len(text))


_TOURNAMENT_WORDS = ("Tournament #", "Zoom Tournament #", "Rush Tournament #")
"""How TOURNAMENT starts (a cash game's name holds no "#")."""


def _read_header(text: str) -> Header:
    """``PokerStarsLines.header_line``: a ``HEADER`` token (a first line and its line end) cut into the texts of the
    tokens ``header`` reads the same line with, each where the lexer ends it (``pokerstars.lark``, HEADER: no piece
    holds the words that would end a token early), then read by the same functions: the same ``Header``."""
    colon = _find_char(text, ":", 0)  # SITE: to its ": " and the second space if any (what follows is no space)
    at = colon + 3 if text[colon + 2] == " " else colon + 2
    club = None
    if text[at] == "{":  # CLUB: "{name}" and the spaces after it
        end = _find_char(text, "}", at) + 1
        while text[end] == " ":
            end += 1
        club, at = text[at:end], end
    if text.startswith(_TOURNAMENT_WORDS, at):
        comma = text.find(", ", at) + 2  # TOURNAMENT: to the ", " after its number
        words = text.find(" (", comma)  # TOUR_GAME: to the first " (" or " - " (LEVEL holds both)
        dash = text.find(" - ", comma)
        if dash < words:
            words = dash
        end, inner = words, None
        if text[end + 1] == "(":  # INNER_GAME: to its ")"
            close = _find_char(text, ")", end) + 1
            inner, end = text[end:close], close
        close = _find_char(text, ")", end) + 1  # LEVEL: to its stakes' ")"
        game = _tour_game(text[at:comma], text[comma:words], inner, text[end:close])
    else:
        words = text.find(" (", at)  # GAME_NAME: to the first " ("
        end, inner = words, None
        if text[end + 2].isalpha():  # INNER_GAME (stakes start with a currency symbol or a digit): to its ")"
            close = _find_char(text, ")", end) + 1
            inner, end = text[end:close], close
        close = _find_char(text, ")", end) + 1  # STAKES: to its ")"
        # (STAKES read in place; cut out where it has no ")", which the token always holds)
        game = _cash_game_in(text[at:words], inner, text, end, close) if close > end else _cash_game(
            text[at:words], inner, text[end:close])
    if text[close] == " " and text[close + 1] == "[":  # LICENCE: to its "]"
        close = _find_char(text, "]", close) + 1
    if colon < 0:  # (no SITE of the grammar's: cut as ``_header`` reads one)
        return _header(text[:at], club, game, text[close:])
    # (SITE's "#" and ":" and WHEN's text read in place)
    return _header_in(text, _text.char_at(text, "#", 0, at) + 1, colon, club, game, text, close, len(text))


def _hand_body(table, loose: list | None, sections: list | None, summary) -> Body:  # type: ignore[no-untyped-def]
    """``PokerStarsLines.hand_body``: the ``HAND_TABLE`` token cut into the table line and its seat lines."""
    text = table.value
    cut = text.index("\n") + 1
    seats = (table.line + 1, read_seat_lines(text[cut:])) if cut < len(text) else (0, [])
    # (the summary first, as ``body`` reads it when its rule is reduced, before the table's)
    return _body(text[:cut], seats, loose, sections, _summary_of(summary))


def _hand_rest(table, rest) -> Body:  # type: ignore[no-untyped-def]
    """``PokerStarsLines.hand_rest``: the ``HAND_TABLE`` token as in ``_hand_body``, and the ``HAND_REST`` token cut at
    its marker lines: the run before the first (``RUN``), each marker and the run after it (``SECTION_RUN``), the
    summary (``HAND_SUMMARY``). A line whose text is a marker's (trailing spaces aside) is one: no line of a run is
    (each of those holds a lower-case word), so these are the cuts the lexer made between those tokens. Marker lines
    are found by the ``"\n*** "`` that starts them, not line by line.

    The lexer checked the token's first line only (an action or a marker line): every other line is checked here by
    the grammar's terminals as it is read (``read_run``, ``_read_summary``), and a hand they do not fit raises
    ValueError (read again by the reference reading, ``LarkRoom.parse``): a line no terminal of a run reads, no
    summary marker line, a line after the summary's seat lines, a last line without its line end."""
    return _hand_rest_of(table.value, table.line, rest.value, rest.line)


def _hand_rest_of(text: str, table_line: int, body: str, line: int) -> Body:
    """``_hand_rest`` from its tokens' texts and lines (``HAND_TABLE``'s, ``HAND_REST``'s): what ``plain_hand`` cut;
    ``line`` -1 for the line after the table token's (``plain_hand``: counted by its seat lines, one value each).

    Each marker line is told by its length and text in place (``_marker_at``: the marker's own string, no line cut out
    and stripped, no set lookup), and a marker's line is the run's first line and its line count (``read_run`` gives a
    value per line, where ``count`` read the body's characters again). Measured (callgrind, worker path, 2,000 hands of
    the mixed corpus) with the records made in C (``record_api``) and the read words scanned (``base._ascii_badugi``):
    615.0k -> 583.2k instructions a hand."""
    return _hand_rest_in(text + body, 0, len(text), table_line, line)


def _hand_rest_in(text: str, start: int, cut_end: int, table_line: int, line: int) -> Body:
    """``_hand_rest_of(text[start:cut_end], table_line, text[cut_end:], line)``: the table token and the rest read in
    place in the hand's text (``plain_hand``'s), each line and run found and cut out of it (compiled: ``text_api``'s
    ``memchr`` and ASCII copies), where the token's text, the rest's and each new run's were cut out first and read
    again (callgrind, reading alone: the parts of ~2,000 characters a hand copied and scanned twice, and split)."""
    size = len(text)
    cut = _text.line_end(text, start, cut_end) + 1
    if cut == 0:
        raise ValueError("substring not found")  # (as ``index`` said it)
    if cut < cut_end:
        values = read_seat_lines_in(text, cut, cut_end)
        seats = (table_line + 1, values)
    else:
        values = None
        seats = (0, [])
    if line < 0:  # the table line and its seat lines: a seat value per line
        line = table_line + 1 + (len(values) if values is not None else 0)
    if cut_end == size or not _text.ends(text, "\n"):  # (the rest runs to the hand's end: every line of the grammar
        raise ValueError("the hand's last line has no line end")  # ends with its end)
    loose: list = []
    sections: list = []
    marker = None  # the current section's marker line (None: the run before the first)
    run_start = cut_end  # where the current run starts in ``text``, and its line
    run_line = line
    if _text.starts_at(text, "*** ", cut_end):
        at = cut_end
    else:
        at = _marker_start(text, cut_end)
        if at == 0:
            raise ValueError("no summary marker line after the table")
    while True:  # (to the summary's marker line: a rest without one raises below)
        end = _text.line_end(text, at, size)  # (the text ends with a line end)
        words = _marker_at(text, at, end)
        if words is not None:
            if at > run_start:
                # (only the run before the deal, and a deal's that does not open with the hero's cards, are looked
                # up whole: a draw's run and a showdown's are new, ``read_new_run``, read in place. Measured on 6,000
                # hands of the mixed corpus: of 10,623 draw runs 9.5% were seen before, none holding a ``Dealt to``
                # line; of the 6,000 runs before the deal 75.6%. Each such run looked up was cut out, hashed and kept:
                # ~1k instructions a run, the memo filled by runs never seen again)
                if marker is None or marker is _DEALING_WORDS and not _text.starts_at(text, "Dealt to ", run_start):
                    run = read_run(_text.cut(text, run_start, at))
                else:
                    run = read_new_run_in(text, run_start, at)
                line = run_line + len(run)  # the marker's line
                blocks = [(run_line, run)]
            else:
                line = run_line
                blocks = []
            if marker is None:
                loose = blocks
            else:
                sections.append((marker, blocks))
            if words is _SUMMARY_WORDS:  # (``_marker_at`` gives ``_MARKERS``' own strings: compared by identity)
                break
            marker, run_start, run_line = words, end + 1, line + 1
        at = _marker_start(text, end)
        if at == 0:
            raise ValueError("no summary marker line after the table")
    return _table_body_in(text, start, cut, seats, loose, sections,
                          _read_summary_in(text, at, line + 1, marker is _SHOW_DOWN_WORDS))


_SUMMARY_WORDS = "*** SUMMARY ***"
_DEALING_WORDS = "*** DEALING HANDS ***"
_SHOW_DOWN_WORDS = "*** SHOW DOWN ***"
_FIRST_WORDS = "*** FIRST DRAW ***"
_SECOND_WORDS = "*** SECOND DRAW ***"
_THIRD_WORDS = "*** THIRD DRAW ***"
_MARKERS = (_DEALING_WORDS, _FIRST_WORDS, _SECOND_WORDS, _THIRD_WORDS, _SHOW_DOWN_WORDS, _SUMMARY_WORDS)
"""The marker lines ``_hand_rest_of`` cuts at: the grammar's SECTION lines and the summary's, without their line
ends."""
if sorted(len(words) for words in _MARKERS) != [15, 17, 18, 18, 19, 21] or _FIRST_WORDS[4] != "F":
    raise ValueError("pokerstars._marker_at: the markers' lengths")


def _marker_start(text: str, at: int) -> int:
    """``text.find("\n*** ", at) + 1``: where the next line from ``at`` on that starts with ``*** `` starts (0: none),
    found by its ``*`` (compiled: ``memchr``, ``text_api.char_at``; a ``*`` is rare in other lines), where the search
    for the five characters set up a search of ~600 instructions a call, ~4 a hand."""
    size = len(text)
    star = _text.char_at(text, "*", at + 1, size)
    while star != -1:
        if _text.char_of(text, star - 1) == "\n" and _text.starts_at(text, "*** ", star):
            return star
        star = _text.char_at(text, "*", star + 1, size)
    return 0


def _marker_at(body: str, at: int, end: int) -> str | None:
    """The marker of ``_MARKERS`` that the line of ``body`` from ``at`` to its line end at ``end`` is (its trailing
    spaces and tabs aside, as ``rstrip(" \t")``), else None."""
    while end > at and (_text.char_of(body, end - 1) == " " or _text.char_of(body, end - 1) == "\t"):
        end -= 1
    # (the one marker of that length, of two for 18 characters, told by the word after "*** ": compared once, where
    # each marker's length was read and compared in turn)
    size = end - at
    if size == 21:
        words = _DEALING_WORDS
    elif size == 18:
        words = _FIRST_WORDS if _text.char_of(body, at + 4) == "F" else _THIRD_WORDS
    elif size == 19:
        words = _SECOND_WORDS
    elif size == 17:
        words = _SHOW_DOWN_WORDS
    elif size == 15:
        words = _SUMMARY_WORDS
    else:
        return None
    return words if _text.starts_at(body, words, at) else None


_PLAIN_TOKENS: list = []
"""The terminals ``plain_hand`` matches (HEADER, HAND_TABLE, HAND_REST), compiled from the grammar on first use."""


def _plain_tokens() -> list:
    """``_PLAIN_TOKENS``, filled: each terminal's own regex (``Lark.get_terminal``), as the lexer matches it."""
    parser = PokerStars.fast_parser()
    _PLAIN_TOKENS[:] = [re.compile(parser.get_terminal(name).pattern.to_regexp())
                        for name in ("HEADER", "HAND_TABLE", "HAND_REST")]
    return _PLAIN_TOKENS


def plain_hand(room: PokerStars, text: str) -> list | None:
    """``PokerStars.plain_read``: a hand whose tokens in the parse from ``hand`` are HEADER, HAND_TABLE and HAND_REST
    (nearly every hand: the first line, the table line with its seat lines, the rest), read by the transformer's
    methods for them in the parse's order (``header_line``, then ``hand_rest``: the same values, the same errors
    raised) without the parser; None for any other hand (the parser reads it).

    Those are the tokens the contextual lexer makes where each terminal's regex matches where its token would start:
    each is the first terminal tried in its lexer state (HEADER.1 before SITE at a hand's start; HAND_TABLE.91 after
    the first line; HAND_REST.79 after the table: ``pokerstars.lark``), HEADER ends at the first line's end, HAND_TABLE
    at the end of the seat lines after the table line, HAND_REST at the text's end, and no ``%ignore`` skips text.
    The token lines: the table's is 2, the rest's 2 and the table token's lines. HEADER and HAND_TABLE are first
    scanned in C for their plain shapes (``_plain_header_end``, ``_plain_table_end``: yes only where the regex
    surely matches), their regexes deciding the rest. Measured (callgrind, worker path, 2,000 hands of the mixed
    corpus, all of which it reads, with those scans and the records made by ``tuple_api.record``): 735.7k -> 645.7k
    instructions a hand (``LarkRoom.read`` 339.5k -> 248.5k: Lark's front end, lexer, token objects, parse loop and
    4 reductions for these 3 tokens; the two scans ~4.5k each where the regexes cost ~8.5k each)."""
    patterns = _PLAIN_TOKENS or _plain_tokens()
    plain = _plain_header_end(text)
    start = plain
    if start < 0:  # (not a plain shape: the terminal's regex decides)
        found = patterns[0].match(text)
        if found is None:
            return None
        start = found.end()
    end = _plain_table_end(text, start)
    if end < 0:  # (not the plain shape: the terminal's regex decides)
        found = patterns[1].match(text, start)
        if found is None:
            return None
        end = found.end()
    if not _plain_post_line(text, end) and patterns[2].match(text, end) is None:
        return None
    header = _plain_header(text, plain) if plain >= 0 else _read_header(text[:start])
    # (a subclass, or a game not read: the room's)
    if type(room) is not PokerStars or not _reads_game(_tuple_api.item(header, _H_GAME)):
        header = room.stop_unless_read(header)
    return [header, _hand_rest_in(text, start, end, 2, -1)]


def _plain_header(text: str, stop: int) -> Header:
    """``_read_header(text[:stop])`` for a first line of a plain shape (``_plain_header_end``: ``stop`` after its line
    end): its texts cut where those shapes put them, read by the same functions (the same ``Header``), without the line
    cut out first, or its pieces searched for by ``str`` methods and a tuple of starts.

    As ``_read_header`` cuts it: the hand's number after ``"PokerStars Game #"``; then, for a tournament, TOURNAMENT to
    the ``", "`` after its number, TOUR_GAME to ``" - Level "`` (its words hold no ``" ("`` or ``" - "``), LEVEL to
    its first ``")"``; for a cash game GAME_NAME to the ``" ("`` of its stakes (its words of letters and digits hold no
    ``"("``: no INNER_GAME, the stakes start with ``$``), STAKES to their ``")"``; no LICENCE (`` - `` follows), then
    WHEN to the line end."""
    id_end = _digits_end(text, 17)
    at = id_end + 2
    if _text.char_of(text, at) == " ":  # (SITE's second space)
        at += 1
    if _text.starts_at(text, "Tournament #", at):
        comma = _digits_end(text, at + 12) + 2
        dash = text.find(" - ", comma, stop)
        close = _text.char_at(text, ")", dash, stop) + 1
        game = _tour_game(text[at:comma], text[comma:dash], None, text[dash:close])
    else:
        words = _text.char_at(text, "(", at, stop) - 1
        close = _text.char_at(text, ")", words, stop) + 1
        game = _cash_game_in(text[at:words], None, text, words, close)
    return _header_in(text, 17, id_end, None, game, text, close, stop)


def _reads_game(words: str) -> bool:
    """``PokerStars.reads_game`` (``Room.reads_game``), the room's ``stop_unless_read`` reads a header's game with (its
    ``game_of``: the header's ``game``): compiled, C calls where the room's three methods were Python calls (~2k
    instructions a hand). The game's name is looked up in ``games.REPLAYED`` as ``games.is_replayed`` does (read from
    the module each time: tests set it), where a call of that function was a Python call (~0.6k a hand)."""
    games = _GAMES
    entry = games.get(words)
    return entry is not None and entry[0] in _games.REPLAYED


def _plain_header_end(text: str) -> int:
    """Where HEADER's token ends (after the first line's end), found by scanning characters where the first line has
    one of the plain shapes ``PokerStars Game #<digits>: [ ]<words> ($<amount>/<amount>[ <code>]) - <when>`` and
    ``PokerStars Game #<digits>: Tournament #<digits>, <words> - Level <roman> (<amount>/<amount>) - <when>`` (one way
    through HEADER's pieces: SITE, HEADER_CASH or HEADER_TOUR, WHEN; an amount ASCII digits with a fraction or none);
    -1 where it cannot say (the terminal's regex decides). Nothing past the first line end is read."""
    end = _text.line_end(text, 0, len(text))
    if end < 0 or not _text.starts_at(text, "PokerStars Game #", 0):
        return -1
    at = _digits_end(text, 17)
    if at == 17 or not _text.starts_at(text, ": ", at):
        return -1
    at += 2
    if _text.char_of(text, at) == " ":  # (SITE's second space)
        at += 1
    if _text.starts_at(text, "Tournament #", at):
        at = _digits_end(text, at + 12)
        if _text.char_of(text, at - 1) == "#" or not _text.starts_at(text, ", ", at):
            return -1
        words = at + 2
        at = text.find(" - ", words, end)  # HEADER_TOUR_GAME: words, none starting with "(" or "-"
        if at < 0 or not _plain_words(text, words, at) or not _text.starts_at(text, " - Level ", at):
            return -1
        at += 9
        level = at
        while _text.char_of(text, at) in "IVXLC":
            at += 1
        if at == level or not _text.starts_at(text, " (", at):
            return -1
        at = _plain_amount_end(text, at + 2, False)
        if at < 0 or _text.char_of(text, at) != "/":
            return -1
        at = _plain_amount_end(text, at + 1, False)
    else:
        words = at  # HEADER_GAME: words of letters and digits between single spaces
        while True:
            word = at
            while _is_word_char(_text.char_of(text, at)):
                at += 1
            if at == word:
                return -1
            if _text.char_of(text, at) != " " or _text.char_of(text, at + 1) == "(":
                break
            at += 1
        if not _text.starts_at(text, " (", at):
            return -1
        at = _plain_amount_end(text, at + 2, True)  # HEADER_STAKES: a currency symbol first
        if at < 0 or _text.char_of(text, at) != "/":
            return -1
        at = _plain_amount_end(text, at + 1, False)
        if at >= 0 and _text.char_of(text, at) == " ":  # the currency code
            code = at + 1
            at = _capitals_end(text, code, end)
            if at - code != 3:
                return -1
    if at < 0 or _text.char_of(text, at) != ")" or not _text.starts_at(text, " - ", at + 1):
        return -1
    at = _plain_clock_end(text, at + 4)  # WHEN
    if at >= 0 and _text.char_of(text, at) == " " and "A" <= _text.char_of(text, at + 1) <= "Z":  # its zone
        zone = at + 1
        at = _capitals_end(text, zone, end)
        if not 2 <= at - zone <= 5:
            return -1
        if _text.starts_at(text, " [", at):  # the other clock
            at = _plain_clock_end(text, at + 2)
            if at < 0 or _text.char_of(text, at) != " ":
                return -1
            zone = at + 1
            at = _capitals_end(text, zone, end)
            if not 2 <= at - zone <= 5 or _text.char_of(text, at) != "]":
                return -1
            at += 1
    if at < 0:
        return -1
    while _text.char_of(text, at) == " " or _text.char_of(text, at) == "\t":
        at += 1
    return at + 1 if at == end else -1


def _is_word_char(char: str) -> bool:
    """An ASCII letter or digit."""
    return "a" <= char <= "z" or "A" <= char <= "Z" or "0" <= char <= "9"


def _plain_words(text: str, at: int, end: int) -> bool:
    """Whether ``text[at:end]`` is HEADER_TOUR_GAME's words: printable ASCII, not starting with a space, each run of
    spaces followed by a character that is no space, ``(`` or ``-``."""
    if at == end or _text.char_of(text, at) == " ":
        return False
    while at < end:
        char = _text.char_of(text, at)
        if char == " ":
            if _text.char_of(text, at + 1) == " ":
                pass
            elif at + 1 == end or _text.char_of(text, at + 1) == "(" or _text.char_of(text, at + 1) == "-":
                return False
        elif not "!" <= char <= "~":
            return False
        at += 1
    return True


def _plain_amount_end(text: str, at: int, symbol: bool) -> int:
    """Where an amount of AMOUNT's plain shape from ``at`` ends (``[$]<digits>[.<digits>]``, ``$`` required if
    ``symbol``); -1 where there is none."""
    if _text.char_of(text, at) == "$":
        at += 1
    elif symbol:
        return -1
    digits = at
    at = _digits_end(text, at)
    if at == digits:
        return -1
    if _text.char_of(text, at) == "." and "0" <= _text.char_of(text, at + 1) <= "9":
        at = _digits_end(text, at + 1)
    return at


def _plain_clock_end(text: str, at: int) -> int:
    """Where a DATETIME from ``at`` ends (``dddd/d[d]/d[d] d[d]:dd:dd``, ASCII digits); -1 where there is none. (Its
    fields one C call each, compiled, where a loop over a table of them unpacked a Python tuple of three objects a
    field: ~1.4k instructions a clock.)"""
    at = _field_end(text, at, 4, 4, "/")
    at = _field_end(text, at, 1, 2, "/")
    at = _field_end(text, at, 1, 2, " ")
    at = _field_end(text, at, 1, 2, ":")
    at = _field_end(text, at, 2, 2, ":")
    return _digits_of(text, at, 2, 2) if at >= 0 else -1


def _field_end(text: str, at: int, least: int, most: int, after: str) -> int:
    """Where a DATETIME's field from ``at`` ends, with the character after it: ``least`` to ``most`` ASCII digits, then
    ``after``; -1 where there is none (or ``at`` is -1, no field before it)."""
    if at < 0:
        return -1
    at = _digits_of(text, at, least, most)
    return at + 1 if at >= 0 and _text.char_of(text, at) == after else -1


def _digits_of(text: str, at: int, least: int, most: int) -> int:
    """Where a run of ``least`` to ``most`` ASCII digits from ``at`` ends; -1 where the run is shorter or longer."""
    end = _digits_end(text, at)
    return end if least <= end - at <= most else -1


def _digits_end(text: str, at: int) -> int:
    """Where the run of ASCII digits from ``at`` ends (the text holds a line end after it)."""
    while "0" <= _text.char_of(text, at) <= "9":
        at += 1
    return at


def _plain_post_line(text: str, at: int) -> bool:
    """Whether the line from ``at`` is surely an ACT_LINE (so HAND_REST matches there), scanned in C where it has
    the plain shape of the first line after nearly every hand's seats, ``<name>: posts small blind <amount>[ and is
    all-in]`` (an amount ``[$]<digits>[.<digits>]``, read from the line's end back; the name any text, as NAME);
    False where it cannot say (the terminal's regex decides). Measured (callgrind, worker path, 2,000 hands of the
    mixed corpus): 645.7k -> 640.6k instructions a hand (``LarkRoom.read`` 248.5k -> 244.7k)."""
    end = _text.line_end(text, at, len(text))
    if end < 0:
        return False
    stop = end
    while stop > at and (_text.char_of(text, stop - 1) == " " or _text.char_of(text, stop - 1) == "\t"):  # EOL's spaces and tabs
        stop -= 1
    if _text.ends_at(text, " and is all-in", at, stop):
        stop -= 14
    start = _digits_start(text, at, stop)
    if start == stop:
        return False
    if _text.char_of(text, start - 1) == ".":
        stop = start - 1
        start = _digits_start(text, at, stop)
        if start == stop:
            return False
    if _text.char_of(text, start - 1) == "$":
        start -= 1
    return start - 20 > at and _text.ends_at(text, ": posts small blind ", at, start)


def _plain_table_end(text: str, start: int) -> int:
    """Where HAND_TABLE's token from ``start`` ends, found by scanning characters where its table line has the plain
    shape ``Table '<name>'[ <digits>-max][ (Play Money)][ Seat #<digits> is the button]`` and its line end (read
    from the line's end back: TABLE_LINE's name runs to the last quote that lets the rest match, so any such cut is
    a match), then the lines starting with ``Seat `` after it (the token's ``(?:Seat [^\\n]*\\n)*``); -1 where it
    cannot say (the terminal's regex decides). (Digits: ASCII only, a part of INT's ``\\d``.)"""
    end = _text.line_end(text, start, len(text))
    if end < 0 or not _text.starts_at(text, "Table '", start):
        return -1
    stop = end
    while stop > start and (_text.char_of(text, stop - 1) == " " or _text.char_of(text, stop - 1) == "\t"):  # EOL's spaces and tabs
        stop -= 1
    stop = _number_clause_start(text, start, stop, " Seat #", " is the button")
    if stop >= 0 and _text.ends_at(text, " (Play Money)", start, stop):
        stop -= 13
    if stop >= 0:
        stop = _number_clause_start(text, start, stop, " ", "-max")
    if stop < start + 8 or _text.char_of(text, stop - 1) != "'":
        return -1
    at = end + 1
    while _text.starts_at(text, "Seat ", at):
        end = _text.line_end(text, at, len(text))
        if end < 0:
            break
        at = end + 1
    return at


def _number_clause_start(text: str, start: int, stop: int, lead: str, suffix: str) -> int:
    """Where ``<lead><digits><suffix>`` ending at ``stop`` starts; ``stop`` where the text there does not end with
    ``suffix`` (the clause is optional); -1 where it does but the digits or ``lead`` before them are missing."""
    if not _text.ends_at(text, suffix, start, stop):
        return stop
    digits = stop - len(suffix)
    at = _digits_start(text, start, digits)
    if at == digits or not _text.ends_at(text, lead, start, at):
        return -1
    return at - len(lead)


def _digits_start(text: str, start: int, at: int) -> int:
    """Where the run of ASCII digits ending at ``at`` starts (not before ``start``)."""
    while at > start and "0" <= _text.char_of(text, at - 1) <= "9":
        at -= 1
    return at


def _add_run_section(done: list, section, runs: list | None) -> list:  # type: ignore[no-untyped-def]
    """``PokerStarsLines.run_sections``: one ``SECTION_RUN`` token (its marker line and the run after it, if any)
    and the run tokens after it (``runs``, if any) -> (marker line, its blocks), added to ``done``."""
    text = section.value
    cut = text.index("\n") + 1
    blocks = [(section.line + 1, read_run(text[cut:]))] if cut < len(text) else []
    if runs is not None:
        blocks += [read_token(token) for token in runs]
    done.append((text[:cut].rstrip(EOL), blocks))
    return done


def _body(table: str, seats: Block, loose: list | None, sections: list | None, summary: Summary) -> Body:
    """The table line's fields, the lines before the deal read, the rest as read."""
    return _table_body(table, seats, [read_token(token) for token in loose] if loose is not None else [], sections,
                       summary)


def _table_body(table: str, seats: Block, lines: list, sections: list | None, summary: Summary) -> Body:
    """``_body`` with the lines before the deal read (``lines``: their blocks). The table line is read in place: its
    end as ``rstrip(EOL)``, its words after the name as ``split()`` cuts them (``isspace``), their numbers by
    ``int_at`` (compiled, a scan of characters in C: no stripped line, word list or words cut out; ~7k instructions a
    hand before)."""
    return _table_body_in(table, 0, len(table), seats, lines, sections, summary)


def _table_body_in(table: str, start: int, stop: int, seats: Block, lines: list, sections: list | None,
                   summary: Summary) -> Body:
    """``_table_body(table[start:stop], ...)``: the table line read in place (``_hand_rest_in``: in the hand's text, no
    line cut out first)."""
    end = stop
    while end > start and _is_eol_char(_text.char_of(table, end - 1)):  # (as ``rstrip(EOL)``)
        end -= 1
    name_end = _text.last_char_at(table, "'", start, end)
    if name_end == -1:
        raise ValueError("substring not found")  # (as ``rindex`` said it)
    max_seats = button = None
    at = name_end + 1
    while True:  # each word after the name (``char_of``: ``table[at]``, at < end <= its length)
        while at < end and _text.char_of(table, at).isspace():
            at += 1
        if at == end:
            break
        word = at
        while at < end and not _text.char_of(table, at).isspace():
            at += 1
        if _text.ends_at(table, "-max", word, at):
            max_seats = int_at(table, word, at - 4)
        elif _text.char_of(table, word) == "#":  # (``startswith("#")`` of the word)
            button = int_at(table, word + 1, at)
    # (a Body made as the tuple it is: its class's ``__new__`` is a Python function, ~1k instructions a hand; compiled,
    # the record is filled in place in C, ``fill_api.record_new``)
    play_money = (_text.char_at(table, "(", name_end + 1, end) != -1  # (rare: no search set up without one)
                  and table.find("(Play Money)", name_end + 1, end) != -1)
    made = _fill.record_new(Body, 8)  # (filled in place: ``fill_api.record_new``)
    _fill.record_put(made, _B_TABLE, table[start + 7:name_end])
    _fill.record_put(made, _B_MAX_SEATS, max_seats)
    _fill.record_put(made, _B_PLAY_MONEY, play_money)
    _fill.record_put(made, _B_BUTTON, button)
    _fill.record_put(made, _B_SEATS, seats)
    _fill.record_put(made, _B_LOOSE, lines)
    _fill.record_put(made, _B_SECTIONS, sections or [])
    _fill.record_put(made, _B_SUMMARY, summary)
    return _fill.record_done(Body, made)


def _is_eol_char(char: str) -> bool:
    """Whether ``char`` is one of ``EOL``'s characters (compiled, C comparisons: ``in EOL`` was a call each)."""
    return char == " " or char == "\t" or char == "\n"


if EOL != " \t\n":
    raise ValueError("pokerstars._is_eol_char: EOL's characters")


def _summary_of(token) -> Summary:  # type: ignore[no-untyped-def]
    """A ``HAND_SUMMARY`` token (the marker line, the pot line if any, the seat lines if any) -> ``Summary``, as
    ``PokerStarsLines.summary`` reads the same lines from their own tokens."""
    return _read_summary(token.value, token.line + 1, False)


def _read_summary(text: str, line: int, shown: bool) -> Summary:
    """``_summary_of``: the summary's text from its marker line on, ``line`` the line after the marker; ``shown``: the
    hand had a showdown, so its seat lines are new (``read_new_summary_block``)."""
    return _read_summary_in(text, 0, line, shown)


def _read_summary_in(text: str, start: int, line: int, shown: bool) -> Summary:
    """``_read_summary(text[start:], line, shown)``, read in place (``_hand_rest_in``: the pot line and a new block's
    seat lines cut out of ``text`` itself)."""
    size = len(text)
    at = _text.line_end(text, start, size) + 1  # (``line_end``: compiled, ``memchr``, where ``index`` is a method call)
    if at == 0:
        raise ValueError("substring not found")  # (as ``index`` said it)
    pots, pots_line = None, 0
    if _text.starts_at(text, "Total pot ", at):  # (a summary seat line starts with "Seat ")
        end = _text.line_end(text, at, size) + 1
        if end == 0:
            raise ValueError("substring not found")
        pots, pots_line, at, line = read_pot_line(_text.cut(text, at, end)), line, end, line + 1
    if at >= size:
        seats = (0, [])
    elif shown:
        seats = (line, read_summary_lines_in(text, at, size))
    else:
        seats = (line, read_summary_block(_text.cut(text, at, size)))
    made = _fill.record_new(Summary, 3)  # (filled in place: ``fill_api.record_new``)
    _fill.record_put(made, _S_POTS, pots)
    _fill.record_put(made, _S_POTS_LINE, pots_line)
    _fill.record_put(made, _S_SEATS, seats)
    return _fill.record_done(Summary, made)


class PokerStars(LarkRoom):
    """PokerStars: the tables below plus the assembly of line values into a ``Hand``."""

    NAME = "pokerstars"
    HEADER_PREFIXES = ("PokerStars ", "POKERSTARS ", "Full Tilt Hand #")
    GRAMMAR = "pokerstars.lark"
    TRANSFORMER = PokerStarsLines
    ACCELERATED = True
    GAMES: ClassVar[dict[str, tuple[str, Limit]]] = {"Badugi Limit": ("badugi", Limit.FIXED),
                                                    "Badugi Pot Limit": ("badugi", Limit.POT),
                                                    "Badugi No Limit": ("badugi", Limit.NO_LIMIT),
                                                    "Triple Draw 2-7 Lowball Limit": ("27_triple_draw", Limit.FIXED),
                                                    "Single Draw 2-7 Lowball No Limit": ("27_single_draw",
                                                                                         Limit.NO_LIMIT)}
    """Real samples are all ``Badugi Limit``. PokerStars also dealt Pot Limit Badugi tournaments; their
    header follows the room's "<game> <structure>" naming of every other game (``Omaha Pot Limit``,
    ``Hold'em No Limit``), and the body lines are the same. For those the header's pair is the blinds."""
    SINGLE_DRAW: ClassVar[frozenset[str]] = frozenset(words for words, (game, _) in GAMES.items()
                                                      if get_game(game).draws == 1)
    """Games whose one draw PokerStars writes without a section marker (``pokerstars_single_draw``)."""
    HAND_START = "hand"
    LINE_TERMINALS = ("ACTS", "SECTION", "SUMMARY", *(name for name in LINE_READERS if name != "OTHER"))
    STREETS: ClassVar[dict[str, tuple[int | None, int | None]]] = {
        "*** DEALING HANDS ***": (0, 0),
        "*** FIRST DRAW ***": (1, 1),
        "*** SECOND DRAW ***": (2, 2),
        "*** THIRD DRAW ***": (3, 3),
        INLINE_DRAW: (1, 1),  # single draw's unmarked draw (``pokerstars_single_draw``)
        "*** SHOW DOWN ***": (None, None),
    }

    def detects(self, first_line: str) -> bool:
        """``PokerStars [Home Game ][Zoom ]Game|Hand #<digits>: `` (a player called "PokerStars fan"
        chatting about "#1: ..." does not start a hand). The usual lines (``_USUAL_STARTS``) are read in place
        (``_number_then_colon``), where the regex cost ~4.6k instructions a hand in the importing process's
        split (callgrind); any other line goes to the regex."""
        if first_line.startswith(_USUAL_STARTS):
            return _number_then_colon(first_line, _USUAL_LENGTH)
        return _HEADER_START.match(first_line) is not None

    def shows_whole(self, hand: HandText) -> bool:
        """The summary names every seat that was in the hand (``hand_end.pokerstars_whole``)."""
        return pokerstars_whole(hand.text)

    def classify(self, hand: HandText) -> HeaderInfo | None:
        """``[Tournament #id, buy-in ]<game>[ (<inner game>[, stakes])][ (stakes)| - Level ...] - <date>``:
        the dealt game (a mix's inner game), found by taking off what surrounds it, so clauses the strict
        header has never seen (a cap, FPP or SC buy-ins, an old date format) never hide the game."""
        found = _CLASSIFY.match(hand.header)
        if found is None:
            return None
        rest = _DATE_TAIL.sub("", found["rest"])
        tournament = _TOURNAMENT_HEAD.match(rest)
        stakes = None
        if tournament:
            rest = _LEVEL_TAIL.sub("", rest[tournament.end():])
            buy_in = _BUY_IN.match(rest)
            if buy_in:
                rest = rest[buy_in.end():]
        else:
            tail = _STAKES_TAIL.search(rest)
            if tail:
                stakes, rest = tail["stakes"], rest[:tail.start()]
        inner = _INNER.match(rest)
        game = _INNER_STAKES.sub("", inner["inner"]) if inner else rest
        if self.READ_WORDS.search(rest) and not self.READ_WORDS.search(game):
            return None  # a clause around the game hid it: never skip a Badugi hand, the strict reading says
        if tournament:
            currency = "CHIPS"
        elif stakes is None:
            currency = None
        else:
            code = re.search(r"\b[A-Z]{3}\b", stakes)
            currency = code.group(0) if code else self.CURRENCY_MARKS.get(stakes[0], "PLAY")
        return HeaderInfo(found["id"], game.strip() or rest.strip(), limit_in(game), tournament is not None, currency)

    def plain_read(self, text: str) -> list | None:
        return plain_hand(self, text)

    def hand_id_of(self, header: Header) -> str | None:
        return header.hand_id

    def game_of(self, header: Header) -> str:
        return header.game

    def build(self, header: Header, body: Body, hand: HandText, file: str,
              line_offset: int | None = None) -> HandResult:
        """``line_offset``: the file line of the parse's line 0 (body lines count from the hand's first line
        in the one-parse reading, from its second when the body is parsed alone)."""
        # (the class's table a module constant for the room itself: no attribute look-up)
        single_draw = _SINGLE_DRAW if type(self) is PokerStars else self.SINGLE_DRAW
        if _tuple_api.item(header, _H_GAME) in single_draw:  # the draw is not a section of its own
            body = body._replace(sections=mark_inline_draw(body.sections))
        return _assembly(self, header, body, hand, file,
                         hand.first_line if line_offset is None else line_offset).hand()

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


_GAMES: dict[str, tuple[str, Limit]] = PokerStars.GAMES
"""(read once: ``PokerStars.GAMES`` is a look-up of a module global and a class attribute each time)"""
_STREETS: dict[str, tuple[int | None, int | None]] = PokerStars.STREETS
_SINGLE_DRAW: frozenset[str] = PokerStars.SINGLE_DRAW
if (_STREETS[_FIRST_WORDS], _STREETS[_SECOND_WORDS], _STREETS[_THIRD_WORDS], _STREETS[_SHOW_DOWN_WORDS]) != (
        (1, 1), (2, 2), (3, 3), (None, None)):
    raise ValueError("pokerstars._Assembly.events: the streets and draws of the markers it tells by identity")
_NAME: str = PokerStars.NAME
_CURRENCY_MARKS: dict[str, str] = PokerStars.CURRENCY_MARKS
"""(read once, as ``_GAMES``: the assembly reads them so where its room is a ``PokerStars``)"""
_HAND_SIZES: dict[str, int] = {words: get_game(game).hand_size for words, (game, _) in _GAMES.items()}
"""The cards a hand holds in each of ``_GAMES``' games (``_Assembly.shown``: a dict lookup where ``get_game`` was a
Python call, ~2k instructions a hand with a show)."""


class _Assembly:
    """One hand's line values -> ``Hand``. Lives for one hand only (the transformer holds no state). Made by
    ``_assembly`` (compiled: its type's ``tp_new`` and its struct's fields set in C, where a call of the class parsed
    its arguments and ran ``__init__`` through Python's generic call)."""

    # (its fields: room, header, body, text (the HandText), file, line_offset (file line = line in the parsed text +
    # this), currency, per (hundredths of the displayed unit in a record's unit: 1 for cents, 100 for chips and play
    # money), hero (the player of the first ``Dealt to`` line), blinds (the first post of each kind not all-in: the
    # stated blinds), cancelled, hand_size (the game's, looked up on the first show: ``shown``))

    def hand(self) -> Hand:
        head, body, per, currency = self.header, self.body, self.per, self.currency  # (fields read by position)
        at, values = _tuple_api.item(body, _B_SEATS)
        where = self.line_offset + at  # (the seat lines' file lines, counted in C: one int made a record)
        seats = _fill.new(len(values))  # (a tuple made at its size and filled: ``fill_api``)
        k = 0
        for seat in values:  # (``seat``: a ``SeatLine``)
            _fill.put(seats, k, _records.seat(seat.seat, seat.name, _units(seat.stack, per, currency),
                                              seat.sitting_out, seat.note, where))
            where += 1
            k += 1
        seats = _fill.done(seats)
        events = self.events(seats)
        claims = self.claims(_tuple_api.item(body, _B_SUMMARY))
        blinds = self.blinds
        stakes = _records.stakes(_units(amount_hundredths(_tuple_api.item(head, _H_SMALL)), per, currency),
                                 _units(amount_hundredths(_tuple_api.item(head, _H_BIG)), per, currency),
                                 blinds.get(_SMALL_BLIND), blinds.get(_BIG_BLIND), blinds.get(_ANTE))
        tournament = None
        if _tuple_api.item(head, _H_TOURNAMENT_ID) is not None:
            tournament = Tournament(_tuple_api.item(head, _H_TOURNAMENT_ID), _tuple_api.item(head, _H_LEVEL),
                                    _tuple_api.item(head, _H_BUY_IN), _tuple_api.item(head, _H_CLUB))
        start, zone, flag = start_time(_tuple_api.item(head, _H_WHEN))
        room = self.room
        plain = type(room) is PokerStars  # (the class's tables read as module constants: no attribute look-ups)
        game, limit = (_GAMES if plain else room.GAMES)[_tuple_api.item(head, _H_GAME)]
        text = self.text
        # (every field by position, in record.py's order: compiled, the records are made in C, ``record_api``)
        return _records.hand(_NAME if plain else room.NAME, _tuple_api.item(head, _H_HAND_ID), game, limit, stakes,
                             currency, _records.source(self.file, text.first_line, text.offset),
                             _tuple_api.item(body, _B_TABLE), _tuple_api.item(body, _B_MAX_SEATS),
                             _tuple_api.item(body, _B_BUTTON), start, zone, flag, tournament, seats, events,
                             claims, self.hero, self.cancelled, False)

    def events(self, seats: tuple[Seat, ...]) -> tuple[Event, ...]:
        """The lines from the table line to the summary, in order -> events; on the way, the hero (the first
        ``Dealt to``), the blinds posted and whether the hand was cancelled. The lines before the deal first, then
        each section's (no list of them all made); each line's file line counted in C, a Python int made for its
        record only. (The events are appended to a list: a tuple made at its size, ``fill_api``, needs the lines' events
        counted first, which cost more than the list's growth and copy: measured, callgrind, 14.9k -> 16.4k
        instructions a hand.)"""
        body, per, currency, first = self.body, self.per, self.currency, self.line_offset
        room = self.room
        streets = _STREETS if type(room) is PokerStars else room.STREETS
        blinds = self.blinds
        street, draw = 0, 0
        mucked_cards = None  # the summary's mucked cards by player, made at the first muck line (most hands have none)
        sections = _tuple_api.item(body, _B_SECTIONS)
        count = len(sections)
        blocks = _tuple_api.item(body, _B_LOOSE)
        events: list[Event] = []
        k = 0  # the next section
        while True:
            for at, values in blocks:
                where = first + at
                for line in values:
                    # On the value's type, the most frequent kinds first. Measured on the real files' hands
                    # (this method and ``hand``, ~27 us a hand, Python 3.11): ``match`` on class patterns
                    # costs 14 us more, a dict of handler methods 5 us more (a call a line), this chain none.
                    kind = type(line)
                    # each kind's fields read from a local of its own type (compiled: C struct members of
                    # ``pokerstars_values.pxd``, no attribute look-ups; pure Python: the same object)
                    if kind is FoldLine:
                        fold = line
                        event = _records.fold(fold.name, street, where)
                    elif kind is CallLine:
                        call = line
                        event = _records.call(call.name, street, _units(call.amount, per, currency), call.all_in, False,
                                              where)
                    elif kind is CheckLine:
                        check = line
                        event = _records.check(check.name, street, where)
                    elif kind is DiscardLine:
                        discard = line
                        event = _records.draw(discard.name, draw, discard.count, discard.cards, None, where)
                    elif kind is BetLine:
                        bet = line
                        event = _records.bet(bet.name, street, _units(bet.amount, per, currency), bet.all_in, where)
                    elif kind is StandPatLine:
                        pat = line
                        event = _records.draw(pat.name, draw, 0, None, pat.cards, where)
                    elif kind is RaiseLine:
                        raised = line
                        event = _records.raise_(raised.name, street, _units(raised.by, per, currency),
                                                _units(raised.to, per, currency), raised.all_in, where)
                    elif kind is PostLine:
                        post = line
                        amount = _units(post.amount, per, currency)
                        if not post.all_in:  # a blind posted all-in for less is not the stated blind
                            blinds.setdefault(post.kind, amount)
                        event = _records.post(post.name, post.kind, amount, post.all_in, where)
                    elif kind is DealtLine:
                        dealt = line
                        if draw == 0:
                            self.hero = self.hero or dealt.name
                            event = _records.deal(dealt.name, dealt.held + (dealt.new or ()), where)
                        elif dealt.new is not None:
                            event = _records.draw_deal(dealt.name, draw, len(dealt.new), dealt.held, dealt.new, None,
                                                       where)
                        else:  # one group after a draw: the whole new hand
                            event = _records.draw_deal(dealt.name, draw, len(dealt.held), (), dealt.held, None, where)
                    elif kind is NoiseLine:
                        noise = line
                        event = _records.noise(noise.kind, noise.name, noise.text, where)
                    elif kind is OtherLine:
                        other = line
                        names = [s.player for s in seats] + [getattr(e, "player", None)
                                                                for e in events]
                        event = Noise("table", table_noise(other.text, where, names, _MESSAGE), other.text, where)
                    elif kind is CollectLine:
                        collect = line
                        event = _records.collect(collect.name, _units(collect.amount, per, currency), collect.pot,
                                                 where)
                    elif kind is ShowLine:
                        show = line
                        event = self.shown(show.name, show.cards, show.label, where, "shows")
                    elif kind is MuckLine:
                        muck = line
                        if mucked_cards is None:
                            mucked_cards = {}
                            for summary_seat in _tuple_api.item(_tuple_api.item(body, _B_SUMMARY), _S_SEATS)[1]:
                                if summary_seat.result == "mucked":
                                    mucked_cards[summary_seat.name] = summary_seat.cards
                        event = _records.muck(muck.name, mucked_cards.get(muck.name), where)
                    elif kind is UncalledLine:
                        uncalled = line
                        event = _records.uncalled(uncalled.name, _units(uncalled.amount, per, currency), where)
                    elif kind is CapLine:
                        event = _records.cap_notice(street, where)
                    elif kind is CancelledLine:
                        self.cancelled = True
                    elif kind is FoldShowLine:  # a fold, and the cards the player showed as they folded
                        events.append(_records.fold(line.name, street, where))
                        event = self.shown(line.name, line.cards, None, where, "folds")
                    else:  # a kind of line added to the reader and not here
                        raise TypeError(f"no event for {line!r}")
                    if kind is not CancelledLine:  # (every other kind made an event)
                        events.append(event)
                    where += 1
            if k == count:
                break
            marker, blocks = sections[k]
            k += 1
            # (the plain reading's markers are ``_MARKERS``' own strings: told by identity, their streets and draws
            # ``_STREETS``' as checked below; any other marker, or a subclass's table, looked up)
            if streets is _STREETS and marker is _FIRST_WORDS:
                street, draw = 1, 1
            elif streets is _STREETS and marker is _SECOND_WORDS:
                street, draw = 2, 2
            elif streets is _STREETS and marker is _THIRD_WORDS:
                street, draw = 3, 3
            elif streets is _STREETS and marker is _SHOW_DOWN_WORDS:
                pass  # (None, None: both as they were)
            else:
                new_street, new_draw = streets[marker]
                street = street if new_street is None else new_street
                draw = draw if new_draw is None else new_draw
        return tuple(events)

    def shown(self, name: str, cards: Cards, label: str | None, where: int, verb: str) -> Event:
        """Cards a player shows (``shows [..]``, or as they fold: ``folds [7s 3c]``): a ``Show`` of the whole hand
        (the replay checks the cards against what the log gave the player and every other holding), or, for some
        of the hand only (``folds [Ks]``, a winner's ``shows [Qh]``), the line kept as ``Noise("show")``: a
        ``Show`` is a whole holding, and a part of one would read as a contradiction of the cards held."""
        if not self.hand_size:
            room, words = self.room, _tuple_api.item(self.header, _H_GAME)
            games = _GAMES if type(room) is PokerStars else room.GAMES  # (no attribute look-up for the room itself)
            size = _HAND_SIZES.get(words) if games is _GAMES else None
            self.hand_size = size if size is not None else get_game(games[words][0]).hand_size
        if not 0 < len(cards) < self.hand_size:  # (no cards at all: a show face down, as PHH writes one)
            return _records.show(name, cards, label, where)
        text = f"{name}: {verb} [{' '.join(map(str, cards))}]" + (f" ({label})" if label is not None else "")
        return Noise("show", name, text, where)

    def claims(self, summary: Summary) -> Claims:
        per, currency = self.per, self.currency
        at, values = _tuple_api.item(summary, _S_SEATS)  # (a Summary: its fields read by position)
        where = self.line_offset + at
        rows = _fill.new(len(values))  # (a tuple made at its size and filled: ``fill_api``)
        k = 0
        for seat in values:  # (``seat``: a ``SummarySeatLine``)
            _fill.put(rows, k, _records.summary_seat(seat.seat, seat.name, seat.result, seat.position,
                                                     seat.folded_street, _units(seat.won, per, currency), None, None,
                                                     seat.cards, seat.label, where))
            where += 1
            k += 1
        rows = _fill.done(rows)
        pots = _tuple_api.item(summary, _S_POTS)
        if pots is None:
            return _records.claims(None, None, (), None, rows, 0)
        sides = pots.sides
        if per != 1:
            sides = [_units(side, per, currency) for side in sides]
        return _records.claims(_units(pots.total, per, currency), _units(pots.main, per, currency), tuple(sides),
                               _units(pots.rake, per, currency), rows,
                               self.line_offset + _tuple_api.item(summary, _S_POTS_LINE))


def _assembly(room: PokerStars, header: Header, body: Body, hand: HandText, file: str,
              line_offset: int) -> _Assembly:
    """A new ``_Assembly`` of one hand (``PokerStars.build``): its money read from the header and table line."""
    made = _Assembly.__new__(_Assembly)
    made.room, made.header, made.body, made.text, made.file = room, header, body, hand, file
    made.line_offset = line_offset
    small, code = _tuple_api.item(header, _H_SMALL), _tuple_api.item(header, _H_CURRENCY_CODE)
    marks = _CURRENCY_MARKS if type(room) is PokerStars else room.CURRENCY_MARKS
    if _tuple_api.item(header, _H_TOURNAMENT_ID) is not None:
        made.currency, made.per = "CHIPS", 100
    elif _tuple_api.item(body, _B_PLAY_MONEY) or not small[:1] in marks and code is None:
        made.currency, made.per = "PLAY", 100
    else:
        made.currency = code or marks[small[0]]
        made.per = 1
    made.hero = None
    made.blinds = {}
    made.cancelled = False
    made.hand_size = 0
    return made


def _units(value, per: int, currency: str):  # type: ignore[no-untyped-def]
    """An amount in hundredths of the displayed unit (or None) -> the record's units (``_whole_units``): the value
    itself for cents (``per`` 1; compiled, an inline test)."""
    return value if per == 1 else _whole_units(value, per, currency)


def _whole_units(value, per: int, currency: str):  # type: ignore[no-untyped-def]
    """An amount in hundredths of the displayed unit (or None) -> the record's units: cents are already those
    (``per`` 1: the value itself); chips and play money are ``per`` hundredths each, as ``base.whole_units(currency,
    per)`` reads them (a fraction of one is an error, never rounded away: the same message), read in C where that
    function's closure was a Python call an amount."""
    if per == 1 or value is None:
        return value
    if value % per:
        raise ValueError(f"amount {value / 100} is not a whole number of {currency}")
    return value // per


def start_time(when: tuple[str, ...]) -> tuple[datetime | None, str | None, TimeFlag | None]:
    """``("2010/11/10", "17:20:01", "CET", "2010/11/10", "11:20:01", "ET")`` -> (aware UTC time, ``"CET"``,
    flag): the first clock whose zone is known gives the time (``clock.utc_start``: a daylight-saving
    hour is flagged unless the other clock settles it); the zone kept is the first one written."""
    written = when[2] if len(when) > 2 else None
    count = len(when)
    if count == 3 or count == 6:  # one clock or two, each of the plain shape in a steady hour: read in C
        first = _utc_seconds(when[0], when[1], when[2])
        if first >= 0:
            if count == 3:
                return utc_time(first), written, None
            other = _utc_seconds(when[3], when[4], when[5])
            if other >= 0:  # (as ``utc_start``: the second clock settles nothing, it may only disagree)
                return utc_time(first), written, None if other == first else _CLOCKS_DISAGREE
    clocks = []
    for k in range(0, len(when) - 2, 3):  # (a loop: compiled, a C loop, where a comprehension iterates a range)
        clocks.append((_local_time(when[k], when[k + 1]), when[k + 2]))
    start, flag = utc_start(clocks, ZONES)
    return start, written, flag


def _utc_seconds(date: str, clock: str, word: str) -> int:
    """``start_time``'s UTC instant of a clock written ``YYYY/MM/DD``, ``HH:MM:SS`` (ASCII digits) in a zone ``ZONES``
    knows (``clock.steady_utc_seconds``: in seconds, where it is a real time in an hour of one offset, nearly every
    header's); -1 for any other (``start_time`` reads it the long way: the same instant, flags and errors). Compiled,
    the digits are read in place and the word compared with ``ZONES``' words in C, where the long way made a text
    for ``fromisoformat``, a datetime, a hashed key tuple per clock and looked the word up twice (~10k instructions
    a hand, the steady hour's reading two datetime operations)."""
    if (len(date) != 10 or len(clock) != 8 or date[4] != "/" or date[7] != "/" or clock[2] != ":"
            or clock[5] != ":"):
        return -1
    words = _ZONE_WORDS
    name = None
    for k in range(len(words)):
        if words[k] == word:
            name = _ZONE_NAMES[k]
            break
    if name is None:
        return -1
    century, year, month, day = _two_digits(date, 0), _two_digits(date, 2), _two_digits(date, 5), _two_digits(date, 8)
    hour, minute, second = _two_digits(clock, 0), _two_digits(clock, 3), _two_digits(clock, 6)
    if century < 0 or year < 0 or month < 0 or day < 0 or hour < 0 or minute < 0 or second < 0:
        return -1
    return steady_utc_seconds(name, century * 100 + year, month, day, hour, minute, second)


def _two_digits(text: str, at: int) -> int:
    """The number two ASCII digits at ``at`` write; -1 where they are not two such digits."""
    high, low = _text.char_of(text, at), _text.char_of(text, at + 1)
    if not ("0" <= high <= "9" and "0" <= low <= "9"):
        return -1
    return (ord(high) - 48) * 10 + ord(low) - 48


_ZONE_WORDS: tuple[str, ...] = tuple(ZONES)
_ZONE_NAMES: tuple[str, ...] = tuple(ZONES.values())
"""``ZONES``' words and zones in its order (``ET`` first), compared in turn by ``_utc_seconds``."""
_CLOCKS_DISAGREE = TimeFlag.CLOCKS_DISAGREE
"""(a module constant: an enum member read from its class is an attribute look-up through the enum's metaclass)"""


def _local_time(date: str, clock: str) -> datetime:
    """``"2010/11/10", "17:20:01"`` -> a naive datetime. Zero-padded text (what the client writes) is read
    by ``fromisoformat`` (C, a few times faster than splitting); anything else, or an impossible date,
    the long way (so its error message stays the same)."""
    if len(date) == 10 and len(clock) == 8:
        try:
            return _FROM_ISO(f"{date[:4]}-{date[5:7]}-{date[8:]} {clock}")
        except ValueError:
            pass
    year, month, day = [int(x) for x in date.split("/")]  # (lists: a compiled function holds no generator)
    hour, minute, second = [int(x) for x in clock.split(":")]
    return datetime(year, month, day, hour, minute, second)


_FROM_ISO = datetime.fromisoformat
"""(read once: ``datetime.fromisoformat`` is an attribute look-up on the type at each call)"""
