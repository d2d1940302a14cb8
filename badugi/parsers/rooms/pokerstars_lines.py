"""PokerStars body lines -> typed values: the readers behind ``pokerstars.PokerStarsLines``.

Every line the grammar matched becomes one small value of its own kind (``FoldLine(name)``,
``CallLine(name, amount, all_in)``, ...): the grammar's terminal says which kind (the token's type for a
line token; inside a block token, the verb, line or summary terminal that matches the line, found by
one regex built from the grammar's own terminals), and the reader of that kind cuts the fields out at the
fixed words. The one-parse reading's ``RUN`` tokens (the run of body lines between two markers, bar lines no
terminal reads) are read line by line the same way (``read_run``). Amounts stay in hundredths of the
displayed unit (the hand's currency decides the record's units later). A token (one line, or a block of
lines) becomes a ``Block``: its first body line and one value per line. Values carry no line number, so
lines that repeat (``Player1: folds``) are read once and their value shared: reading is a pure function of
the text, memoised.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from lark import Lark, Token
from lark.lexer import TerminalDef

from badugi.engine.record import PostKind
from badugi.parsers.rooms import memo_api as _memo_api
from badugi.parsers.rooms import text_api as _text
from badugi.parsers.rooms import values_api as _values

from .base import GRAMMAR_FOLDER, GRAMMAR_PACKAGE, Memo, amount_hundredths, amount_in, cards_in, cards_of, memo
from .pokerstars_values import (
    BetLine, CallLine, CancelledLine, CapLine, Cards, CheckLine, CollectLine, DealtLine, DiscardLine, FoldLine,
    FoldShowLine, Line,
    MuckLine, NoiseLine, OtherLine, PostLine, PotLine, RaiseLine, SeatLine, ShowLine, StandPatLine, SummarySeatLine,
    UncalledLine,
)

GRAMMAR = "pokerstars.lark"
"""The grammar whose terminals classify lines inside block tokens (start rules ``verb``, ``summary_seat``)."""

POTS: dict[str, str] = {"pot": "pot", "main pot": "main", "side pot": "side"}
ORDINAL_DRAW: dict[str, int] = {"1st": 1, "2nd": 2, "3rd": 3, "Draw": 1}  # single draw: "folded after the Draw"
_POSITIONS = (" (button)", " (small blind)", " (big blind)")
_POST_KINDS = {"small blind": PostKind.SMALL_BLIND, "big blind": PostKind.BIG_BLIND,
               "small & big blinds": PostKind.BOTH, "the ante": PostKind.ANTE}
EOL = " \t\n"
"""What a line may end with (trailing spaces are tolerated, never required)."""

Block = tuple[int, list]
"""A run of body lines: the 1-based body line of the first, and one value per line (in order; shared by
every hand holding the same block: never changed)."""


# ---- tokens -> blocks ---------------------------------------------------------------------------

def read_token(token: Token) -> Block:
    """One body-line token -> its block: an ``ACTS`` token holds several action lines, any other
    token is one line (its reader in ``LINE_READERS``, by the token's terminal; remembered by text but
    for ``Dealt to``, whose cards make nearly every line new)."""
    kind, text = token.type, token.value
    if kind == "RUN" or kind == "RUN_NOISE":
        return token.line, read_run(text)
    if kind == "ACTS":
        return token.line, _ACT_BLOCKS.get(text) or _ACT_BLOCKS.read(text)
    memo = _TOKEN_LINES.get(kind)
    if memo is None:
        return token.line, [LINE_READERS[kind](text)]
    return token.line, [memo.get(text) or memo.read(text)]


def read_seats(token: Token) -> Block:
    """The ``SEATS`` block -> a ``SeatLine`` per line (``read_seat_lines``)."""
    return token.line, read_seat_lines(token.value)


def read_seat_lines(block: str) -> list:
    """Seat lines -> a ``SeatLine`` per line (memoised by text: a player's seat line repeats until their
    stack changes), each checked by the grammar's ``SEAT_LINE`` when first read (``_read_seat_line``)."""
    return read_seat_lines_in(block, 0, len(block))


def read_seat_lines_in(block: str, start: int, end: int) -> list:
    """``read_seat_lines(block[start:end])``: each line of that part of ``block`` (to its last line end: what follows
    is no line) cut out of ``block`` itself (compiled: found by ``memchr``, copied as ASCII where the text is, no
    part or list of parts made first)."""
    seats = _SEAT_LINES
    values = []
    at = start
    stop = _text.line_end(block, at, end)
    while stop != -1:
        value = _memo_api.get_in(seats, block, at, stop)  # (compiled, looked up in place in C: ``memo_api``)
        if value is None:  # (a line new to the memo: in its plain shape read in place, ``_seat_in``)
            value = _seat_in(block, at, stop)
            if value is None:
                value = _read_seat_line(_text.cut(block, at, stop))
            value = _memo_api.keep_in(seats, _SEAT_LINES_LIMIT, block, at, stop, value)
        values.append(value)
        at = stop + 1
        stop = _text.line_end(block, at, end)
    return values


def _trimmed_end(block: str, at: int, stop: int) -> int:
    """Where the line from ``at`` to ``stop`` ends without its trailing blanks (spaces, tabs)."""
    end = stop
    while end > at and (_text.char_of(block, end - 1) == " " or _text.char_of(block, end - 1) == "\t"):
        end -= 1
    return end


def _seat_head_in(block: str, at: int, end: int) -> int:
    """Where a ``Seat N: `` head starting at ``at`` ends (before the name), read in place; -1 for no such head
    (``_seat_name_start``'s test)."""
    if not (at + 5 <= end and _text.starts_at(block, "Seat ", at)):
        return -1
    name = at + 5
    while name < end and "0" <= _text.char_of(block, name) <= "9":
        name += 1
    if name == at + 5 or not (name + 2 <= end and _text.starts_at(block, ": ", name)):
        return -1
    return name + 2


def _seat_in(block: str, at: int, stop: int) -> SeatLine | None:
    """``_read_seat_line(block[at:stop])`` for a seat line (from ``at`` to its line end at ``stop``) in the plain shape
    ``_plain_seat_value`` reads, read in place: its tests made at the same positions in ``block`` (shifted by where the
    line starts), the name the only string cut out, the seat and stack read in place (compiled). ``None`` for any other
    line (``_read_seat_line`` reads it). Called for a line new to ``_SEAT_LINES`` (about half of them)."""
    end = _trimmed_end(block, at, stop)
    name = _seat_head_in(block, at, end)
    if name < 0:
        return None
    sitting_out = _text.ends_at(block, " is sitting out", at, end)
    if sitting_out:
        end -= 15
    if not _text.ends_at(block, " in chips)", at, end):
        return None
    end -= 10
    opening = _text.last_char_at(block, "(", name + 1, end)  # (``rfind(" (", name, end)`` + 1)
    while opening != -1 and _text.char_of(block, opening - 1) != " ":
        opening = _text.last_char_at(block, "(", name + 1, opening)
    if opening == -1 or opening - 1 <= name or not _is_amount(block, opening + 1, end):
        return None
    number = _ascii_int(block, at + 5, name - 2)
    return _values.seat_line(number if number >= 0 else int(block[at + 5:name - 2]), _text.cut(block, name, opening - 1),
                             amount_in(block, opening + 1, end), sitting_out, "is sitting out" if sitting_out else None)


def read_summary_seats(token: Token) -> Block:
    """The ``SUMMARY_SEATS`` block -> a ``SummarySeatLine`` per line (``read_summary_block``)."""
    return token.line, read_summary_block(token.value)


def read_summary_block(block: str) -> list:
    """The summary's seat lines -> a ``SummarySeatLine`` per line (memoised by text, like actions; a hand with a
    showdown reads them by ``read_new_summary_block``)."""
    values = _memo_api.get_in(_SUMMARY_BLOCKS, block, 0, len(block))  # (compiled, its bytes hashed in C: ``memo_api``)
    return values if values is not None else _memo_api.keep_in(_SUMMARY_BLOCKS, _SUMMARY_BLOCKS_LIMIT, block, 0,
                                                               len(block), _read_summary_block(block))


def read_new_summary_block(block: str) -> list:
    """``read_summary_block`` without the summary blocks' memo, for a hand with a showdown: its cards and winnings make
    the block new (measured on the 20,000 hands of the mixed corpus: 8,709 such blocks, none seen again)."""
    return read_summary_lines_in(block, 0, len(block))


def _read_act_block(block: str) -> list:
    """An ``ACTS`` block -> a value per line (each remembered in ``_ACT_LINES``; a line missed is read by a C call to
    its reader, not the memo's ``read``). Blocks are remembered whole too: most recur line for line (the posts of a
    table's regulars, folds round to the same raiser: ~85% of simulated action blocks, ~70% of summary seat blocks)."""
    lines = _ACT_LINES
    values = []
    parts = block.split("\n")  # (its last part, after the last line end, is no line: not read)
    for k in range(len(parts) - 1):
        text = parts[k]
        value = _memo_api.get(lines, text)
        values.append(value if value is not None else _remember(lines, _ACT_LINES_LIMIT, text, _read_run_line(text)))
    return values


def _read_summary_block(block: str) -> list:
    """A ``SUMMARY_SEATS`` block -> a ``SummarySeatLine`` per line (as ``_read_act_block``)."""
    return read_summary_lines_in(block, 0, len(block))


def read_summary_lines_in(block: str, start: int, end: int) -> list:
    """``_read_summary_block(block[start:end])``, its lines cut out of ``block`` itself (as ``read_seat_lines_in``)."""
    lines = _SUMMARY_LINES
    values = []
    at = start
    stop = _text.line_end(block, at, end)
    while stop != -1:
        value = _memo_api.get_in(lines, block, at, stop)
        if value is None:  # (a line new to the memo: in a plain shape read in place, ``_summary_in``)
            value = _summary_in(block, at, stop)
            if value is None:
                value = _read_summary_seat(_text.cut(block, at, stop))
            value = _memo_api.keep_in(lines, _SUMMARY_LINES_LIMIT, block, at, stop, value)
        values.append(value)
        at = stop + 1
        stop = _text.line_end(block, at, end)
    return values


def _blanks_stripped(text: str, line_end: bool) -> str:
    """``text.rstrip(" \t")`` (``line_end``: ``rstrip(EOL)``, the line end too), its end found by a scan of characters
    (compiled, in C, where ``rstrip`` is a method call; a line to strip is rare: the text itself, uncut)."""
    end = len(text)
    while end > 0 and (text[end - 1] == " " or text[end - 1] == "\t" or line_end and text[end - 1] == "\n"):
        end -= 1
    return text if end == len(text) else text[:end]


def _remember(lines: Memo, limit: int, text: str, value: Line) -> Line:
    """``lines.read(text)`` for a value its reader just gave: kept, the memo emptied first at its limit (``limit``, the
    memo's own: a module constant, where ``lines.limit`` is an attribute look-up each call). (Compiled, a C call where
    ``read`` is a Python call, which calls the reader through Python too: ~10 lines a hand are new.)"""
    if len(lines) >= limit:
        lines.clear()
    lines[text] = value
    return value


def read_run(block: str) -> list:
    """A ``RUN`` or ``RUN_NOISE`` token (lines between two section markers) -> a value per line
    (``_read_run_line``).
    Runs are remembered whole in the action blocks' memo, lines in the action lines' (a run without a
    ``Dealt to`` line is often an action block seen before); a ``Dealt to`` line is read afresh, as its own
    token always was: its cards make nearly every such line new."""
    values = _memo_api.get_in(_ACT_BLOCKS, block, 0, len(block))  # (compiled, its bytes hashed in C: ``memo_api``)
    if values is not None:
        return values
    return _memo_api.keep_in(_ACT_BLOCKS, _ACT_BLOCKS_LIMIT, block, 0, len(block), read_new_run(block))


def read_new_run(block: str) -> list:
    """``read_run`` without the action blocks' memo, for a run its caller knows to be new: the deal's run that opens
    with the hero's ``Dealt to`` line, a showdown's run (``pokerstars._hand_rest_of``). Measured on the 20,000 hands of
    the mixed corpus, none of those 1.4 runs a hand was ever seen again: hashing each for the lookup and keeping it
    cost ~1.5k instructions a hand. The lines are looked up and kept as ``read_run``'s."""
    return read_new_run_in(block, 0, len(block))


def read_new_run_in(block: str, start: int, end: int) -> list:
    """``read_new_run(block[start:end])``, its lines cut out of ``block`` itself (as ``read_seat_lines_in``: no run cut
    out first). A ``Dealt to`` line is read without a lookup: never kept, its cards make nearly every one new; so is a
    line ending in ``)``, a showdown's ``shows [..] (label)`` (measured on 10,000 hands of the mixed corpus: 0.85 such
    lines a hand, none seen again)."""
    lines = _ACT_LINES
    values = []
    at = start
    stop = _text.line_end(block, at, end)
    while stop != -1:
        if _text.starts_at(block, "Dealt to ", at):
            value = _dealt_in(block, at, stop)  # (its plain shape read in place: no line cut out)
            if value is None:
                value = _read_run_line(_text.cut(block, at, stop))
        elif stop > at and _text.char_of(block, stop - 1) == ")":  # (a showdown's ``shows [..] (label)``: never kept)
            value = _act_in(block, at, stop)
            if value is None:
                value = _read_run_line(_text.cut(block, at, stop))
        else:
            value = _memo_api.get_in(lines, block, at, stop)
            if value is None:  # (a line new to the memo: an action in its plain shape read in place, ``_act_in``)
                value = _act_in(block, at, stop)
                if value is None:
                    value = _collect_in(block, at, stop)
                if value is None:
                    value = _read_run_line(_text.cut(block, at, stop))
                value = _memo_api.keep_in(lines, _ACT_LINES_LIMIT, block, at, stop, value)
        values.append(value)
        at = stop + 1
        stop = _text.line_end(block, at, end)
    return values


def _act_in(block: str, at: int, stop: int) -> Line | None:
    """``_read_run_line(block[at:stop])`` for an action line (from ``at`` to its line end at ``stop``) in one of the plain
    shapes ``_act_value`` reads without a regex (``folds``, ``checks``, ``calls MONEY``, ``bets``, ``raises``, ``posts``,
    ``discards``, ``stands pat``, ``mucks hand``, ``doesn't show hand``, ``shows``), read in place: each test of
    ``_act_value`` made at the same positions in ``block`` (shifted by where the line starts), the name the only string
    cut out, the amounts and cards read in place (compiled: ``text_api``'s scans, ``amount_in``, ``cards_in``). ``None``
    for any other line (``_read_run_line`` reads it). Called for a line new to ``_ACT_LINES`` (~4 lines a hand of the
    mixed corpus, ~4k instructions each through ``_read_run_line``'s cut-out strings, ~1k in place). Reading every line
    in place instead of looking it up cost about as much as it saved (callgrind, worker path: -1.4k a hand): a value
    shared from the memo is neither made nor let go."""
    end = stop
    while end > at and (_text.char_of(block, end - 1) == " " or _text.char_of(block, end - 1) == "\t"):
        end -= 1
    colon = _text.char_at(block, ":", at + 1, end)  # (``body.find(": ", 1)``: a name is one character or more)
    while colon != -1 and (colon + 1 == end or _text.char_of(block, colon + 1) != " "):
        colon = _text.char_at(block, ":", colon + 1, end)
    if colon == -1:
        return None
    rest = colon + 2
    size = end - rest
    if size == 5 and _text.starts_at(block, "folds", rest):
        return _values.fold_line(_text.cut(block, at, colon))
    if size == 6 and _text.starts_at(block, "checks", rest):
        return _values.check_line(_text.cut(block, at, colon))
    if size > 6 and _text.starts_at(block, "calls ", rest):
        money = _money_end(block, rest, rest + 6, end)
        if money < 0:
            return None
        return _values.call_line(_text.cut(block, at, colon), amount_in(block, rest + 6, money), money != end)
    if size > 5 and _text.starts_at(block, "bets ", rest):
        money = _money_end(block, rest, rest + 5, end)
        if money < 0:
            return None
        return _values.bet_line(_text.cut(block, at, colon), amount_in(block, rest + 5, money), money != end)
    if size > 7 and _text.starts_at(block, "raises ", rest):
        to = _text.char_at(block, " ", rest + 7, end)  # (``rest.find(" to ", 7)``)
        while to != -1 and not (to + 4 <= end and _text.starts_at(block, " to ", to)):
            to = _text.char_at(block, " ", to + 1, end)
        if to == -1 or not _is_amount(block, rest + 7, to):
            return None
        money = _money_end(block, rest, to + 4, end)
        if money < 0:
            return None
        return _values.raise_line(_text.cut(block, at, colon), amount_in(block, rest + 7, to),
                                  amount_in(block, to + 4, money), money != end)
    if size > 6 and _text.starts_at(block, "posts ", rest):
        for words, kind in _POST_WORDS:  # (``_plain_post``'s order)
            if rest + 6 + len(words) <= end and _text.starts_at(block, words, rest + 6):
                money = _money_end(block, rest, rest + 6 + len(words), end)
                if money < 0:
                    return None
                return _values.post_line(_text.cut(block, at, colon), kind,
                                         amount_in(block, rest + 6 + len(words), money), money != end)
        return None
    if size > 9 and _text.starts_at(block, "discards ", rest):  # (``_plain_discard``, then ``_discard``)
        digits = rest + 9
        while digits < end and "0" <= _text.char_of(block, digits) <= "9":
            digits += 1
        if digits == rest + 9 or not (digits + 5 <= end and _text.starts_at(block, " card", digits)):
            return None
        after = digits + 5
        if after < end and _text.char_of(block, after) == "s":
            after += 1
        if after == end:
            return _values.discard_line(_text.cut(block, at, colon), int_at(block, rest + 9, digits), None)
        if _text.char_of(block, after) != " " or not _is_cards(block, after + 1, end):
            return None
        return _values.discard_line(_text.cut(block, at, colon), int_at(block, rest + 9, digits),
                                    cards_in(block, after + 1, end))
    if size == 10 and _text.starts_at(block, "stands pat", rest):
        return _values.stand_pat_line(_text.cut(block, at, colon), None)
    if size > 14 and _text.starts_at(block, "stands pat on ", rest):
        if not _is_cards(block, rest + 14, end):
            return None
        return _values.stand_pat_line(_text.cut(block, at, colon), cards_in(block, rest + 14, end))
    if (size == 10 and _text.starts_at(block, "mucks hand", rest)
            or size == 17 and _text.starts_at(block, "doesn't show hand", rest)):
        return _values.muck_line(_text.cut(block, at, colon))
    if size > 6 and _text.starts_at(block, "shows ", rest):  # (``_plain_show``, then ``_show``)
        close = _text.char_at(block, "]", rest + 6, end)
        if close == -1 or not _is_cards(block, rest + 6, close + 1):
            return None
        label = close + 1
        if label == end:
            return _values.show_line(_text.cut(block, at, colon), cards_in(block, rest + 6, close + 1), None)
        if not (end - label >= 3 and _text.starts_at(block, " (", label) and _text.char_of(block, end - 1) == ")"):
            return None
        return _values.show_line(_text.cut(block, at, colon), cards_in(block, rest + 6, close + 1),
                                 _text.cut(block, label + 2, end - 1))
    return None


def _money_end(text: str, start: int, at: int, end: int) -> int:
    """Where the amount ends (before `` and is all-in``, or at ``end``) where ``text[at:end]`` is ``MONEY`` and an
    optional ``ALL_IN`` (``_is_money(text[start:end], at - start)``), else -1."""
    money = end - 14 if _text.ends_at(text, " and is all-in", start, end) else end
    return money if _is_amount(text, at, money) else -1


def _dealt_in(block: str, at: int, stop: int) -> DealtLine | None:
    """``_read_run_line(block[at:stop])`` for a ``Dealt to`` line (from ``at`` to its line end at ``stop``) in its plain
    shape, read in place (compiled: its brackets found by ``text_api``'s scans, its card groups read by ``cards_in``, no
    line, body or group cut out; ~4k instructions a line before, ~1.5 lines a hand): a line holding no ``:`` (so no
    action: ``_act_value`` needs a ``": "``) whose last ``[`` follows a space and opens a card group that ends it (the
    ``DEALT`` of ``_plain_other``), read as ``_dealt`` reads it. ``None`` for any other line (the long way reads it)."""
    end = stop
    while end > at and (block[end - 1] == " " or block[end - 1] == "\t"):
        end -= 1
    if _text.char_at(block, ":", at, end) != -1:
        return None
    bracket = _text.last_char_at(block, "[", at, end)  # (``rfind(" [")`` + 1, where a space is before it)
    if bracket - at <= 10 or block[bracket - 1] != " " or not _is_cards(block, bracket, end):
        return None
    before = _text.last_char_at(block, "[", at, bracket - 1)  # (the group before, as ``rfind(" [", 0, cut)`` + 1)
    if before != -1:
        if block[before - 1] != " ":
            return None
        if _is_cards(block, before, bracket - 1):  # two groups: kept, new
            return _values.dealt_line(_text.cut(block, at + 9, before - 1), cards_in(block, before, bracket - 1),
                                      cards_in(block, bracket, end))
    return _values.dealt_line(_text.cut(block, at + 9, bracket - 1), cards_in(block, bracket, end), None)


def _collect_in(block: str, at: int, stop: int) -> CollectLine | None:
    """``_read_run_line(block[at:stop])`` for a ``collected`` line (from ``at`` to its line end at ``stop``) in its plain
    shape (``Lino19 collected $2.55 from side pot-2``), read in place: a line holding no ``:`` (so no action:
    ``_act_value`` needs a ``": "``), not starting with the words of a terminal ``_plain_other`` tries before ``COLLECT``
    (the ones it tries by how a line ends cannot end a collect line), checked as ``_plain_other`` checks ``COLLECT``,
    then cut as ``_collect`` cuts it: the name the only string cut out, the amount read in place (compiled). ``None``
    for any other line (the long way reads it). Called for a line new to ``_ACT_LINES`` (~0.5 a hand of the mixed
    corpus, ~5k instructions each through ``_read_run_line``'s cut-out strings)."""
    end = _trimmed_end(block, at, stop)
    if _text.char_at(block, ":", at, end) != -1 or _text.starts_at(block, "Dealt to ", at) or _text.starts_at(
            block, "Uncalled bet (", at):
        return None
    cut = _rfind_in(block, " collected ", at, end)
    if cut < at + 1:
        return None
    money = _find_in(block, " from ", cut + 11, end)
    if money == -1 or not _is_amount(block, cut + 11, money):
        return None
    pot = money + 6
    words = "pot"
    if _text.starts_at(block, "main ", pot):
        words = "main"
        pot += 5
    elif _text.starts_at(block, "side ", pot):
        words = "side"
        pot += 5
    if not (pot + 3 <= end and _text.starts_at(block, "pot", pot)):
        return None
    dash = pot + 3
    if dash < end:  # "-2": a side pot's number
        if _text.char_of(block, dash) != "-" or dash + 1 == end:
            return None
        pot = dash + 1
        while pot < end:
            if not "0" <= _text.char_of(block, pot) <= "9":
                return None
            pot += 1
        return _values.collect_line(_text.cut(block, at, cut), amount_in(block, cut + 11, money),
                                    words + _text.cut(block, dash, end))
    return _values.collect_line(_text.cut(block, at, cut), amount_in(block, cut + 11, money), words)


# ---- which terminal a line of a block is --------------------------------------------------------

@functools.cache
def _grammar_terminals() -> dict[str, TerminalDef]:
    """The grammar's line terminals (its verbs, summary seat lines, seat lines and every terminal of ``body``), by name.
    Loaded through Lark's grammar cache like the room's parser: building them afresh (the regex-collision
    analysis) costs ~0.2 s, which every import worker would pay."""
    parser = Lark.open_from_package(GRAMMAR_PACKAGE, GRAMMAR, GRAMMAR_FOLDER, parser="lalr",
                                    start=["verb", "summary_seat", "seat_line", "body"], cache=True)
    return {t.name: t for t in parser.terminals}


@functools.cache
def _line_terminals() -> dict[str, re.Pattern[str]]:
    """The verb, summary seat-line, ``RUN`` line, pot-line and seat-line terminals (POSTS, FOLDS, ..., FOLDED_SEAT, ...,
    DEALT, ..., POT_LINE, SEAT_LINE), compiled, by name."""
    terminals = _grammar_terminals()
    return {name: re.compile(terminals[name].pattern.to_regexp())
            for name in (*_ACTS, *_SUMMARY_SEATS, *RUN_KINDS, "POT_LINE", "SEAT_LINE")}


def _one_of(names: tuple[str, ...]) -> str:
    """A regex matching what any of the named terminals matches, each in a group named after the terminal:
    ``match.lastgroup`` (the group closed last, the outermost) names the terminal that matched.
    Alternatives are tried in order: the first whose terminal matches the whole line wins."""
    terminals = _line_terminals()
    return "|".join(f"(?P<{name}>{terminals[name].pattern})" for name in names)


@functools.cache
def _act_line() -> re.Pattern[str]:
    """``name: verb`` by the grammar's verb terminals: the name ends at the first ``": "`` after which a
    verb matches the rest of the line whole, as the grammar's lazy NAME splits an ``ACT_LINE``."""
    return re.compile(rf"(?P<name>[^\n]+?): (?:{_one_of(tuple(_ACTS))})")


_PATTERNS: dict[str, re.Pattern[str]] = {}
"""The line patterns the readers use (``_patterns``), made on first use: module state the hot paths read
without a call."""


def _patterns() -> dict[str, re.Pattern[str]]:
    """``verb`` (``_verb``), ``act`` (``_act_line``) and ``other``: the line terminals of ``RUN`` other
    than ``ACT_LINE``, each in a group named after it, in the order the lexer of ``body`` tries them
    (their priorities): ``match.lastgroup`` names the first that matches a whole line. And by their own
    names the terminals that check the lines of the one-parse reading's tokens the lexer does not
    (``SEAT_LINE``, ``POT_LINE``, ``FOLDED_SEAT``, ...)."""
    terminals, priorities = _line_terminals(), _grammar_terminals()
    kinds = sorted(RUN_KINDS, key=lambda kind: -priorities[kind].priority)
    _PATTERNS.update({name: terminals[name] for name in (*_SUMMARY_SEATS, "SEAT_LINE", "POT_LINE")})
    _PATTERNS.update(verb=_verb(), act=_act_line(),
                     other=re.compile("|".join(f"(?P<{kind}>{terminals[kind].pattern})" for kind in kinds)))
    return _PATTERNS


@functools.cache
def _verb() -> re.Pattern[str]:
    """The grammar's verb terminals alone (what follows ``name: ``), each in a group named after it."""
    return re.compile(_one_of(tuple(_ACTS)))


def _read_run_line(text: str) -> Line:
    """One line of a run (of a ``RUN`` or ``ACTS`` token) -> its value. The line's kind is the first line
    terminal of ``RUN`` that matches it whole, in the order the lexer of ``body`` tries them: ``ACT_LINE``
    first (``_act_value``), then the others (the ``other`` pattern of ``_patterns``)."""
    value = _act_value(text)
    if value is not None:
        return value
    kind = _plain_other(text)  # (the frequent lines in their plain shapes, checked in C: no regex)
    if kind is None:
        patterns = _PATTERNS or _patterns()
        found = patterns["other"].fullmatch(text + "\n")  # (the terminals end with the line's end)
        if found is None:
            raise ValueError(f"not a line of a run: {text!r}")
        kind = found.lastgroup
    if kind == "DEALT":  # (the most frequent: a C call, not through the table)
        return _dealt(text)
    if kind == "COLLECT":
        return _collect(text)
    if kind == "UNCALLED":
        return _uncalled(text)
    return LINE_READERS[kind](text)  # type: ignore[index]


def _act_value(text: str) -> Line | None:
    """``"Lino19: calls $0.15"`` -> ``CallLine("Lino19", 15, False)``; ``None`` for a line that is no action.
    Most names hold no ``": "``: where a verb matches the rest of the line whole after the first ``": "``,
    the name ends there, as ``_act_line`` (lazy) would end it; else the lazy regex finds the name."""
    body = _blanks_stripped(text, False)
    cut = body.find(": ", 1)  # (a name is one character or more; a ": " in the spaces the line ends with is none)
    if cut == -1:
        return None
    name, rest = body[:cut], body[cut + 2:]
    if rest == "folds":  # (the verbs most lines end with, as their terminal reads them whole: no regex)
        return _values.fold_line(name)
    if rest == "checks":
        return _values.check_line(name)
    if _text.starts_at(rest, "calls ", 0) and _is_money(rest, 6):
        return _call(name, rest)
    if _text.starts_at(rest, "bets ", 0) and _is_money(rest, 5):
        return _bet(name, rest)
    if _text.starts_at(rest, "raises ", 0):
        to = rest.find(" to ", 7)
        if to != -1 and _is_amount(rest, 7, to) and _is_money(rest, to + 4):
            return _raise(name, rest)
    elif _text.starts_at(rest, "posts ", 0):
        if _plain_post(rest):
            return _post(name, rest)
    elif _text.starts_at(rest, "discards ", 0):
        if _plain_discard(rest):
            return _discard(name, rest)
    elif rest == "stands pat" or _text.starts_at(rest, "stands pat on ", 0) and _is_cards(rest, 14, len(rest)):
        return _stand_pat(name, rest)
    elif rest == "mucks hand" or rest == "doesn't show hand":  # (MUCKS, NO_SHOW)
        return _values.muck_line(name)
    elif _text.starts_at(rest, "shows ", 0) and _plain_show(rest):
        return _show(name, rest)
    patterns = _PATTERNS or _patterns()
    verb = patterns["verb"].fullmatch(body, cut + 2)
    if verb is not None:
        return _act_of(verb.lastgroup, name, rest)  # type: ignore[arg-type]
    found = patterns["act"].fullmatch(body)
    if found is None:
        return None
    kind = found.lastgroup
    return _act_of(kind, found["name"], body[found.start(kind):])  # type: ignore[arg-type]


def _act_of(kind: str, name: str, rest: str) -> Line:
    """``_ACTS[kind](name, rest)``, the frequent verbs by a C call (compiled) rather than through the table."""
    if kind == "FOLDS":
        return _fold(name, rest)
    if kind == "CALLS":
        return _call(name, rest)
    if kind == "CHECKS":
        return _values.check_line(name)
    if kind == "RAISES":
        return _raise(name, rest)
    if kind == "BETS":
        return _bet(name, rest)
    if kind == "POSTS":
        return _post(name, rest)
    if kind == "DISCARDS":
        return _discard(name, rest)
    if kind == "STANDS_PAT":
        return _stand_pat(name, rest)
    return _ACTS[kind](name, rest)


def _is_money(rest: str, at: int) -> bool:
    """Whether ``rest`` from ``at`` on is ``MONEY`` and an optional ``ALL_IN`` (what the betting verbs end with), by
    ``_is_amount``: True only where the grammar's terminals match (a text it does not read goes to the regex)."""
    end = len(rest)
    if _text.ends(rest, " and is all-in"):
        end -= 14
    return _is_amount(rest, at, end)


def _is_amount(text: str, at: int, end: int) -> bool:
    """Whether ``text[at:end]`` is in the language of base.lark's ``AMOUNT`` (``[$€£¥₹]?\\d+(?:,\\d{3})*(?:\\.\\d+)?€?``)
    with ASCII digits: a check of characters in C (compiled), for the lines most often new (bets, seat stacks). False
    says nothing: the caller then asks the terminal's regex (whose ``\\d`` takes any decimal digit)."""
    if at < end and text[at] in "$€£¥₹":
        at += 1
    start = at
    while at < end and "0" <= text[at] <= "9":
        at += 1
    if at == start:
        return False
    while at < end and text[at] == ",":  # (groups of three digits)
        if end - at < 4 or not ("0" <= text[at + 1] <= "9" and "0" <= text[at + 2] <= "9" and "0" <= text[at + 3] <= "9"):
            return False
        at += 4
    if at < end and text[at] == ".":
        at += 1
        start = at
        while at < end and "0" <= text[at] <= "9":
            at += 1
        if at == start:
            return False
    if at < end and text[at] == "€":
        at += 1
    return at == end


def _plain_show(rest: str) -> bool:
    """Whether ``rest`` is ``SHOWS`` (``shows [8c 5d 7s Th] (Badugi: T,8,7,5)``: a card group, then nothing or a
    label in brackets), checked in C (compiled)."""
    close = rest.find("]", 6)
    if close == -1 or not _is_cards(rest, 6, close + 1):
        return False
    end = len(rest)
    close += 1
    return close == end or (end - close >= 3 and _text.starts_at(rest, " (", close) and _text.ends(rest, ")")
                            and "\n" not in rest)  # (the label: any text of one line)


def _plain_other(text: str) -> str | None:
    """The line terminal of a run other than ``ACT_LINE`` that the ``other`` pattern would name, for a line no action
    in a plain shape, checked in C (compiled); ``None`` for any other line (the regex then decides). A name is any
    text of one character or more, so each shape is told by how the line starts or ends, and is answered only where
    no terminal tried before it can match: ``DEALT`` (a card group after the name: a second group before it, if any,
    is part of what the name's terminal takes), ``UNCALLED`` (its name ends the line: any line starting with its
    words is left to the regex unless it is one), ``CHAT``, ``LEAVES``, ``JOINS`` (measured: ~0.4 lines a hand, each
    ~5k instructions through the regex), ``COLLECT``, ``CONNECTION`` and ``TIMED_OUT`` (each ends in words no terminal
    before it ends with)."""
    line = _blanks_stripped(text, False)
    if "\n" in line:  # (one line: the terminals' text never holds a line end)
        return None
    end = len(line)
    if _text.starts_at(line, "Dealt to ", 0):
        cut = line.rfind(" [")
        return "DEALT" if cut > 9 and _is_cards(line, cut + 1, end) else None
    if _text.starts_at(line, "Uncalled bet (", 0):
        cut = line.find(") returned to ", 14)
        return "UNCALLED" if cut != -1 and end > cut + 14 and _is_amount(line, 14, cut) else None
    if _text.ends(line, '"'):  # CHAT: a name, ' said, "', any text, '"' (no terminal before it ends with a quote)
        cut = line.find(' said, "', 1)
        return "CHAT" if cut != -1 and cut + 8 < end else None
    if _text.ends(line, " leaves the table"):
        return "LEAVES" if end > 17 else None
    at = end
    while at > 0 and "0" <= line[at - 1] <= "9":
        at -= 1
    if at < end and line.endswith(" joins the table at seat #", 0, at):  # (ASCII digits: INT's ``\d`` takes more)
        return "JOINS" if at > 26 else None
    if _text.ends(line, " has timed out"):
        return "TIMED_OUT" if end > 14 else None
    if _text.ends(line, " is connected"):
        return "CONNECTION" if end > 13 else None
    if _text.ends(line, " is disconnected"):
        return "CONNECTION" if end > 16 else None
    cut = line.rfind(" collected ")
    if cut < 1:
        return None
    at = line.find(" from ", cut + 11)
    if at == -1 or not _is_amount(line, cut + 11, at):
        return None
    at += 6
    if _text.starts_at(line, "main ", at) or _text.starts_at(line, "side ", at):
        at += 5
    if not _text.starts_at(line, "pot", at):
        return None
    at += 3
    if at < end:  # "-2": a side pot's number
        if line[at] != "-" or at + 1 == end:
            return None
        at += 1
        while at < end:
            if not "0" <= line[at] <= "9":
                return None
            at += 1
    return "COLLECT"


def _plain_post(rest: str) -> bool:
    """Whether ``rest`` is ``POSTS`` (``posts big blind $0.25``), checked as ``_is_money``."""
    if _text.starts_at(rest, "posts small blind ", 0):
        return _is_money(rest, 18)
    if _text.starts_at(rest, "posts big blind ", 0):
        return _is_money(rest, 16)
    if _text.starts_at(rest, "posts the ante ", 0):
        return _is_money(rest, 15)
    if _text.starts_at(rest, "posts small & big blinds ", 0):
        return _is_money(rest, 25)
    return False


def _plain_discard(rest: str) -> bool:
    """Whether ``rest`` is ``DISCARDS`` (``discards 2 cards [8h 6s]``, ``discards 1 card``), checked in C (compiled)."""
    at, end = 9, len(rest)
    while at < end and "0" <= rest[at] <= "9":
        at += 1
    if at == 9 or not _text.starts_at(rest, " card", at):
        return False
    at += 5
    if at < end and rest[at] == "s":
        at += 1
    return at == end or rest[at] == " " and _is_cards(rest, at + 1, end)


def _is_cards(text: str, at: int, end: int) -> bool:
    """Whether ``text[at:end]`` is base.lark's ``CARDS`` (``[As 3h]``, ``[]``), checked in C (compiled)."""
    if end - at < 2 or at < 0 or end > len(text):  # (its characters read in place below: ``text_api.char_of``)
        return False
    if _text.char_of(text, at) != "[" or _text.char_of(text, end - 1) != "]":
        return False
    at += 1
    end -= 1
    while at < end:
        if end - at < 2 or _text.char_of(text, at) not in "23456789TJQKA" or _text.char_of(text, at + 1) not in "cdhs":
            return False
        at += 2
        if at < end:
            if _text.char_of(text, at) != " " or at + 1 == end:
                return False
            at += 1
    return True


def _plain_seat_value(text: str) -> SeatLine | None:
    """A seat line in its plain shape read in place, checked in C (compiled): ``Seat N: name (MONEY in chips)``,
    ``is sitting out`` or not, trailing spaces and tabs (a name of one character or more, ASCII digits). A value only
    where ``SEAT_LINE`` matches (this is one way it splits the line), the same ``read_seat_line`` gives (its cuts fall
    where these do: the last `` (`` and `` in chips``); ``None`` for any other line, which goes to its regex."""
    line = _blanks_stripped(text, False)
    at = _seat_name_start(line)
    if at < 0:
        return None
    end = len(line)
    sitting_out = _text.ends(line, " is sitting out")
    if sitting_out:
        end -= 15
    if not _text.ends_at(line, " in chips)", 0, end):
        return None
    end -= 10
    opening = line.rfind(" (", at, end)
    if opening <= at or not _is_amount(line, opening + 2, end):
        return None
    number = _ascii_int(line, 5, at - 2)  # (ASCII digits, ``_seat_name_start``: at most 18 read in place)
    # (the name and stack cut by ``text_api.cut``: ASCII copies, where a slice read each character again)
    return _values.seat_line(number if number >= 0 else int(line[5:at - 2]), _text.cut(line, at, opening),
                             amount_hundredths(_text.cut(line, opening + 2, end)), sitting_out,
                             "is sitting out" if sitting_out else None)


def _read_summary_seat(text: str) -> SummarySeatLine:
    """``"Seat 2: s0rrow (big blind) folded after the 1st Draw"`` -> its ``SummarySeatLine``: the first of
    the grammar's summary seat terminals, in their priority order (for a name that would let one line read
    two ways), that matches the whole line. A terminal is tried only where the line holds its result's
    first words (no line without them can match it): one terminal's regex, not the four in one
    alternation (measured: ~18 % less a line, Python 3.11). The line is always checked: the one-parse
    reading's ``HAND_REST`` token hands its summary lines here unchecked by the lexer, and the value is
    remembered (``_SUMMARY_LINES``) for every reading."""
    # The plain shapes first, checked in C (compiled; ``_plain_summary_seat``): a yes only where the terminal matches
    # and none tried before it can (its result's first words absent from the line), else the regexes decide.
    value = _plain_summary_seat(text)
    if value is not None:
        return value
    patterns, line = _PATTERNS or _patterns(), text + "\n"  # as the terminals were written: a whole line
    # (``_SUMMARY_SEATS`` in its order, written out: each reader a C call, compiled)
    if " folded " in text and patterns["FOLDED_SEAT"].fullmatch(line):
        return _folded_seat(text.rstrip(EOL))
    if " showed [" in text and patterns["SHOWED_SEAT"].fullmatch(line):
        return _showed_seat(text.rstrip(EOL))
    if " mucked" in text and patterns["MUCKED_SEAT"].fullmatch(line):
        return _mucked_seat(text.rstrip(EOL))
    if " collected (" in text and patterns["COLLECTED_SEAT"].fullmatch(line):
        return _collected_seat(text.rstrip(EOL))
    raise ValueError(f"not a summary seat line: {text!r}")


def _seat_name_start(line: str) -> int:
    """Where the name starts in a line opening ``Seat N: `` (ASCII digits), else -1: the plain seat line and summary
    seat line scans' shared start."""
    at, end = 5, len(line)
    if not _text.starts_at(line, "Seat ", 0):
        return -1
    while at < end and "0" <= line[at] <= "9":
        at += 1
    if at == 5 or not _text.starts_at(line, ": ", at):
        return -1
    return at + 2


def _plain_summary_seat(text: str) -> SummarySeatLine | None:
    """``_read_summary_seat`` for a line in a plain shape, checked by scanning characters in C (compiled): ``Seat N:
    `` (ASCII digits), a name of one character or more, then what a seat did, as its terminal writes it (the name's
    language is any text: the positions after it are part of what it may take, so the line's end decides). A
    terminal is answered only where every terminal tried before it cannot match (the first words of their results
    absent); ``None`` for any other line (the regexes then decide, as before)."""
    line = _blanks_stripped(text, False)
    if "\n" in line:  # (one line: the terminals' text never holds a line end)
        return None
    at = _seat_name_start(line)
    if at < 0:
        return None
    end = len(line)
    at += 1  # (after the name's first character: where its result may start, a name being one character or more)
    if _plain_folded(line, at):
        return _folded_seat(line)
    if " folded " in text:
        return None
    if _plain_showed(line, at):
        return _showed_seat(line)
    if " showed [" in text:
        return None
    if _text.ends(line, " mucked"):
        return _mucked_seat(line) if end - 7 >= at else None
    cut = line.rfind(" mucked ")
    if cut != -1:
        return _mucked_seat(line) if cut >= at and _is_cards(line, cut + 8, end) else None
    cut = line.rfind(" collected (")
    if cut >= at and _text.ends(line, ")") and _is_amount(line, cut + 12, end - 1):
        return _collected_seat(line)
    return None


def _plain_folded(line: str, at: int) -> bool:
    """Whether ``line`` (its end stripped) is ``FOLDED_SEAT`` with its result from ``at`` on or later."""
    cut = line.rfind(" folded ", at)
    if cut == -1:
        return False
    start, end = cut + 8, len(line)
    if _text.ends(line, " (didn't bet)"):
        end -= 13
    size = end - start
    if size == 15:
        return _text.starts_at(line, "before the Draw", start)
    if size == 11:
        return _text.starts_at(line, "before Flop", start)
    if size == 14:
        return _text.starts_at(line, "after the Draw", start)
    if size == 18 and _text.starts_at(line, "after the ", start) and _text.starts_at(line, " Draw", start + 13):
        return (_text.starts_at(line, "1st", start + 10) or _text.starts_at(line, "2nd", start + 10)
                or _text.starts_at(line, "3rd", start + 10))
    return False


def _plain_showed(line: str, at: int) -> bool:
    """Whether ``line`` (its end stripped) is ``SHOWED_SEAT`` with its result from ``at`` on or later: the first
    `` showed [`` there, a card group, `` and `` ``won (MONEY)`` or ``lost``, then nothing or `` with `` any label."""
    cut = line.find(" showed [", at)
    if cut == -1:
        return False
    close = line.find("]", cut + 9)
    if close == -1 or not _is_cards(line, cut + 8, close + 1):
        return False
    at = close + 1
    if not _text.starts_at(line, " and ", at):
        return False
    at += 5
    if _text.starts_at(line, "lost", at):
        at += 4
    elif _text.starts_at(line, "won (", at):
        close = line.find(")", at + 5)
        if close == -1 or not _is_amount(line, at + 5, close):
            return False
        at = close + 1
    else:
        return False
    return at == len(line) or _text.starts_at(line, " with ", at)


# ---- action lines: (name, the rest of the line from the verb) -> value --------------------------

def _money_and_all_in(rest: str) -> tuple[int, bool]:
    """``"$0.20 and is all-in \n"`` -> (20, True): the tail of a betting line."""
    text = _blanks_stripped(rest, True)
    if _text.ends(text, " and is all-in"):
        return amount_hundredths(text[:-14]), True
    return amount_hundredths(text), False


def _post(name: str, rest: str) -> PostLine:
    """(Each kind's words tested in place after ``posts `` (compiled, C), where each made a slice, a joined word and a
    method call.)"""
    for words, kind in _POST_WORDS:
        if _text.starts_at(rest, words, 6):
            amount, all_in = _money_and_all_in(rest[6 + len(words):])
            return _values.post_line(name, kind, amount, all_in)
    raise ValueError(f"unknown post: {rest!r}")


_POST_WORDS: tuple[tuple[str, PostKind], ...] = tuple((words + " ", kind) for words, kind in _POST_KINDS.items())
"""``_POST_KINDS``' words with the space after them, in its order (``_post`` tries them in turn)."""


def _call(name: str, rest: str) -> CallLine:
    amount, all_in = _money_and_all_in(rest[len("calls "):])  # (no ``*``: a direct call, no argument tuple)
    return _values.call_line(name, amount, all_in)


def _bet(name: str, rest: str) -> BetLine:
    amount, all_in = _money_and_all_in(rest[len("bets "):])
    return _values.bet_line(name, amount, all_in)


def _raise(name: str, rest: str) -> RaiseLine:
    by, _, to = rest[len("raises "):].partition(" to ")
    amount, all_in = _money_and_all_in(to)
    return _values.raise_line(name, amount_hundredths(by), amount, all_in)


def _discard(name: str, rest: str) -> DiscardLine:
    """(Cut at ``find``'s positions and the count read in place: compiled, C calls, where ``partition`` made a tuple
    and two strings, ``int`` parsed one.)"""
    cut = rest.find(" card", 9)  # (``rest[9:].partition(" card")``)
    if cut == -1:
        return _values.discard_line(name, int(rest[9:]), None)
    bracket = rest.find("[", cut + 5)
    return _values.discard_line(name, int_at(rest, 9, cut), cards_of(rest[bracket:]) if bracket != -1 else None)


def int_at(text: str, start: int, end: int) -> int:
    """``int(text[start:end])``: 1 to 18 ASCII digits read in place (compiled, in C), any other text by ``int``
    (also the table line's numbers, ``pokerstars``)."""
    if 0 < end - start <= 18:
        value = 0
        at = start
        while at < end and "0" <= text[at] <= "9":
            value = value * 10 + (ord(text[at]) - 48)
            at += 1
        if at == end:
            return value
    return int(text[start:end])


def _stand_pat(name: str, rest: str) -> StandPatLine:
    tail = rest[len("stands pat"):]
    return _values.stand_pat_line(name, cards_of(tail[4:]) if _text.starts_at(tail, " on ", 0) else None)


def _show(name: str, rest: str) -> ShowLine:
    """(Cut at ``find``'s positions: compiled, C calls, where ``partition`` made a tuple and a string more; the cards
    read in place, the label's ends found as ``strip`` finds them, ``isspace``, where ``strip`` made a string more.)"""
    close = rest.find("]", 6)  # (``rest[6:].partition("]")``)
    if close == -1:
        return _values.show_line(name, cards_of(rest[6:] + "]"), None)
    start, end = close + 1, len(rest)
    while start < end and rest[start].isspace():
        start += 1
    while end > start and rest[end - 1].isspace():
        end -= 1
    return _values.show_line(name, cards_in(rest, 6, close + 1), _text.cut(rest, start + 1, end - 1) if start < end
                             else None)


def _fold(name: str, rest: str) -> FoldLine | FoldShowLine:
    """``folds``, or a fold that shows cards: ``folds [7s 3c]`` (some of the hand may be shown: ``folds [Ks]``)."""
    if rest.startswith("folds ["):
        return FoldShowLine(name, cards_of(rest[6:]))
    return FoldLine(name)


def _sit_out(name: str, rest: str) -> NoiseLine:
    return NoiseLine("sit_out", name, f"{name}: {rest}")


def _only_name(kind: Callable[[str], Line]) -> Callable[[str, str], Line]:
    """The reader of a verb with no fields (``folds``): the value holds the name only."""
    return lambda name, rest: kind(name)


_ACTS: dict[str, Callable[[str, str], Line]] = {
    "POSTS": _post,
    "FOLDS": _fold,
    "CHECKS": _only_name(CheckLine),
    "CALLS": _call,
    "BETS": _bet,
    "RAISES": _raise,
    "DISCARDS": _discard,
    "STANDS_PAT": _stand_pat,
    "SHOWS": _show,
    "MUCKS": _only_name(MuckLine),
    "NO_SHOW": _only_name(MuckLine),
    "SITS_OUT": _sit_out,
}
"""Verb terminal -> reader of ``(name, the rest of the line)``."""


# ---- lines that are tokens of their own: the line's text -> value -------------------------------

def _dealt(text: str) -> DealtLine:
    """``Dealt to s0rrow [As 3h 8h 6s]``, or two groups (kept, new) after a draw, each read by a C call."""
    body = _blanks_stripped(text, True)
    cut = body.rfind(" [")  # (``find``: compiled, a C call, where ``rindex`` is a method call)
    if cut == -1:
        raise ValueError("substring not found")
    before = body.rfind(" [", 0, cut)
    if before != -1 and _is_cards(body, before + 1, cut):  # two groups: kept, new (``_CARDS``, checked in C)
        # (as the grammar's lazy name: "Dealt to Zoë [42] [As 2c 3d 4h]" is one group)
        return _values.dealt_line(body[9:before], cards_of(body[before + 1:cut]), cards_of(body[cut + 1:]))
    return _values.dealt_line(body[9:cut], cards_of(body[cut + 1:]), None)


def _uncalled(text: str) -> UncalledLine:
    amount, _, name = text.rstrip(EOL)[len("Uncalled bet ("):].partition(") returned to ")
    return _values.uncalled_line(name, amount_hundredths(amount))


def _collect(text: str) -> CollectLine:
    """``Lino19 collected $2.55 from side pot-2``: cut at the positions ``find`` gives where ``rpartition(" collected
    ")``, ``partition(" from ")`` and ``partition("-")`` would cut it (compiled, C calls, no tuples)."""
    body = _blanks_stripped(text, True)
    cut = body.rfind(" collected ")
    start = cut + 11 if cut != -1 else 0
    at = body.find(" from ", start)
    amount = body[start:at] if at != -1 else body[start:]
    at = at + 6 if at != -1 else len(body)
    dash = body.find("-", at)
    pot = POTS[body[at:dash] if dash != -1 else body[at:]]
    return _values.collect_line(body[:cut] if cut != -1 else "", amount_hundredths(amount),
                                pot + body[dash:] if dash != -1 else pot)


def _always(value: Line) -> Callable[[str], Line]:
    """The reader of a line with no fields (``Betting is capped``): always the same value."""
    return lambda text: value


def _noise(kind: str, *phrases: str) -> Callable[[str], NoiseLine]:
    """The reader of table noise of ``kind``: the player is the text before the first of ``phrases``
    the line holds (none given: the line is about no player)."""
    def read(text: str) -> NoiseLine:
        body = text.rstrip(EOL)
        for phrase in phrases:
            if phrase in body:
                return NoiseLine(kind, body[:body.rindex(phrase)], body)
        return NoiseLine(kind, None, body)
    return read


def _chat(text: str) -> NoiseLine:
    """``Player9 said, "nh!"``; an observer's mark is not part of the name: ``kibitz [observer] said, "gl"`` (the
    shape aaaaaa2493/poker-engine's reader of PokerStars files matches, reg_ex/poker_stars.py find_observer_said)."""
    body = text.rstrip(EOL)
    name = body[:body.index(' said, "')]
    return NoiseLine("chat", name[:-11] if name.endswith(" [observer]") else name, body)


def _other(text: str) -> OtherLine:
    return OtherLine(text.rstrip(EOL))


LINE_READERS: dict[str, Callable[[str], Line]] = {
    "DEALT": _dealt,
    "UNCALLED": _uncalled,
    "COLLECT": _collect,
    "CAP": _always(CapLine()),
    "CANCELLED": _always(CancelledLine()),
    "RESHUFFLED": _noise("reshuffle"),
    "BREAK_SKIPPED": _noise("break"),
    "CHAT": _chat,
    "LEAVES": _noise("leave", " leaves the table"),
    "JOINS": _noise("join", " joins the table at seat #"),
    "CONNECTION": _noise("connect", " is "),
    "TIMED_OUT": _noise("timeout", " has timed out"),
    "RETURNED": _noise("return", " has returned"),
    "SITTING_OUT": _noise("sit_out", " is sitting out"),
    "ALLOWED": _noise("join", " will be allowed to play after the button"),
    "FINISHED": _noise("finish", " finished the tournament"),
    "REMOVED": _noise("leave", " was removed from the table for failing to post"),
    "WINS_TOURNAMENT": _noise("finish", " wins the tournament"),
    "REBUY": _noise("rebuy", " re-buys", " rebuys", " takes the add-on"),
    "BOUNTY": _noise("bounty", " wins ", " split the "),
    "OTHER": _other,
}
"""Line terminal -> reader of its fields (``ACTS`` blocks are read by ``read_token``)."""

RUN_KINDS: tuple[str, ...] = tuple(kind for kind in LINE_READERS if kind != "OTHER")
"""The line terminals a ``RUN`` token is made of besides ``ACT_LINE`` (the grammar's ``RUN_OTHER``); a
``RUN_NOISE`` token is one line of one of them."""


# ---- the seats, the pot line and the summary's seats -------------------------------------------

def read_seat_line(text: str) -> SeatLine:
    """``"Seat 1: Lino19 ($6.80 in chips) "`` -> ``SeatLine(1, "Lino19", 680, False, None)``."""
    line = text.rstrip(EOL)
    head, _, rest = line.rpartition(" in chips")
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
    return SeatLine(int(number), name, amount_hundredths(stack), rest.strip() == "is sitting out", note)


def _read_seat_line(text: str) -> SeatLine:
    """A seat line (without its line end), checked by the grammar's ``SEAT_LINE`` (the one-parse reading's
    ``HAND_TABLE`` token hands its seat lines here unchecked by the lexer), then read (``read_seat_line``)."""
    value = _plain_seat_value(text)
    if value is not None:
        return value
    patterns = _PATTERNS or _patterns()
    if patterns["SEAT_LINE"].fullmatch(text + "\n") is None:
        raise ValueError(f"not a seat line: {text!r}")
    return read_seat_line(text)


def read_pot_line(text: str) -> PotLine:
    """``Total pot 4780 Main pot 2500. Side pot-1 1140. Side pot-2 1140. | Rake 0`` (remembered by text)."""
    value = _memo_api.get_in(_POT_LINES, text, 0, len(text))  # (compiled, its bytes hashed in C: ``memo_api``)
    return value if value is not None else _memo_api.keep_in(_POT_LINES, _POT_LINES_LIMIT, text, 0, len(text),
                                                             _read_pot_line(text))


def _read_pot_line(text: str) -> PotLine:
    """The pot line, checked by the grammar's ``POT_LINE`` (the one-parse reading's ``HAND_REST`` token hands it
    here unchecked by the lexer), then cut at its fixed words."""
    patterns = _PATTERNS or _patterns()
    if patterns["POT_LINE"].fullmatch(text) is None:
        raise ValueError(f"not a pot line: {text!r}")
    pots, _, rake = text.rstrip(EOL).partition(" | Rake ")
    words = pots.split(" ")
    total = amount_hundredths(words[2])
    main = amount_hundredths(words[5].rstrip(".")) if len(words) > 5 else None
    sides = tuple(amount_hundredths(w.rstrip(".")) for w in words[8::3])
    return PotLine(total, main, sides, amount_hundredths(rake))


def _summary_seat(head: str, result: str, folded_street: int | None = None, won: int | None = None,
                  cards: Cards | None = None, label: str | None = None) -> SummarySeatLine:
    """The value of a summary seat line whose ``Seat N: name (position)`` part is ``head`` (``_summary_seat_in``)."""
    return _summary_seat_in(head, len(head), result, folded_street, won, cards, label)


def _summary_seat_in(line: str, head_end: int, result: str, folded_street: int | None, won: int | None,
                     cards: Cards | None, label: str | None) -> SummarySeatLine:
    """``_summary_seat(line[:head_end], ...)``, the head read in place in the line (no head cut out first). Of several
    positions, the first that is not the button (``(button) (small blind)``: the small blind). (The name is cut once,
    at positions ``find`` gives, as ``head[5:].partition(": ")`` and the positions taken off its end would cut it; a
    position is one of ``_POSITIONS``' words, so its own string, not a cut.)"""
    return _summary_seat_at(line, 0, head_end, result, folded_street, won, cards, label)


def _summary_seat_at(line: str, at: int, head_end: int, result: str, folded_street: int | None, won: int | None,
                     cards: Cards | None, label: str | None) -> SummarySeatLine:
    """``_summary_seat_in(line[at:], head_end - at, ...)``: the line read in place where it starts at ``at`` in a text
    (``_summary_in``)."""
    colon = _find_in(line, ": ", at + 5, head_end)
    if colon == -1:
        start = end = head_end
        number = _ascii_int(line, at + 5, end)
    else:
        start, end = colon + 2, head_end
        number = _ascii_int(line, at + 5, colon)
    position = None
    while True:  # ``_POSITIONS``, from the last written to the first
        if _text.ends_at(line, " (button)", start, end):
            if position is None:
                position = "button"
            end -= 9
        elif _text.ends_at(line, " (small blind)", start, end):
            position = "small blind"
            end -= 14
        elif _text.ends_at(line, " (big blind)", start, end):
            position = "big blind"
            end -= 12
        else:
            break
    if number < 0:
        number = int(line[at + 5:colon] if colon != -1 else line[at + 5:head_end])
    return _values.summary_seat_line(number, _text.cut(line, start, end), result, position, folded_street, won, cards,
                                     label)


def _find_in(text: str, word: str, at: int, end: int) -> int:
    """``text.find(word, at, end)`` for a word of one character or more and 0 <= ``at``, ``end`` <= ``len(text)``
    (compiled: a character of it found by ``memchr``, then the word compared in place, where ``find`` is a method call
    that sets up a search). The character looked for is the word's first, or its second where the first is a space
    (a line's spaces are many: each would be compared)."""
    last = end - len(word) + 1  # (where the word may start)
    if last <= at:
        return -1
    k = 1 if len(word) > 1 and _text.char_of(word, 0) == " " else 0
    char = _text.char_of(word, k)
    found = _text.char_at(text, char, at + k, last + k)
    while found != -1 and not _text.starts_at(text, word, found - k):
        found = _text.char_at(text, char, found + 1, last + k)
    return found - k if found != -1 else -1


def _rfind_in(text: str, word: str, at: int, end: int) -> int:
    """``text.rfind(word, at, end)`` the same way (a scan back from the end)."""
    last = end - len(word) + 1
    if last <= at:
        return -1
    k = 1 if len(word) > 1 and _text.char_of(word, 0) == " " else 0
    char = _text.char_of(word, k)
    found = _text.last_char_at(text, char, at + k, last + k)
    while found != -1 and not _text.starts_at(text, word, found - k):
        found = _text.last_char_at(text, char, at + k, found)
    return found - k if found != -1 else -1


def _summary_in(block: str, at: int, stop: int) -> SummarySeatLine | None:
    """``_read_summary_seat(block[at:stop])`` for a summary seat line (from ``at`` to its line end at ``stop``) in a
    plain shape ``_plain_summary_seat`` reads, read in place: its tests and its readers' cuts (``_folded_seat``,
    ``_showed_seat``, ``_mucked_seat``, ``_collected_seat``) made at the same positions in ``block`` (shifted by where
    the line starts), the name and label the only strings cut out (compiled). ``None`` for any other line, and for a
    plain one its reader reads the long way (``_read_summary_seat`` reads it). Called for a line new to
    ``_SUMMARY_LINES`` (about half of them, ~5k instructions each through the cut-out strings)."""
    end = _trimmed_end(block, at, stop)
    name = _seat_head_in(block, at, end)
    if name < 0:
        return None
    name += 1  # (after the name's first character, as ``_plain_summary_seat``)
    cut = _rfind_in(block, " folded ", name, end)  # (``_plain_folded``)
    if cut != -1:
        start, rest = cut + 8, end
        if _text.ends_at(block, " (didn't bet)", at, end):
            rest -= 13
        size = rest - start
        street = -1
        if size == 15:
            if _text.starts_at(block, "before the Draw", start):
                street = 0
        elif size == 11:
            if _text.starts_at(block, "before Flop", start):
                street = 0
        elif size == 14:
            if _text.starts_at(block, "after the Draw", start):
                street = 1
        elif size == 18 and _text.starts_at(block, "after the ", start) and _text.starts_at(block, " Draw", start + 13):
            if _text.starts_at(block, "1st", start + 10):
                street = 1
            elif _text.starts_at(block, "2nd", start + 10):
                street = 2
            elif _text.starts_at(block, "3rd", start + 10):
                street = 3
        if street >= 0:  # (``_folded_seat``: the same last `` folded ``)
            return _summary_seat_at(block, at, cut, "folded", street, None, None, None)
    if _find_in(block, " folded ", at, stop) != -1:
        return None
    cut = _find_in(block, " showed [", name, end)  # (``_plain_showed``)
    if cut != -1:
        close = _text.char_at(block, "]", cut + 9, end)
        if close != -1 and _is_cards(block, cut + 8, close + 1) and close + 6 <= end and _text.starts_at(block, " and ",
                                                                                                        close + 1):
            start = close + 6
            won = None
            if start + 4 <= end and _text.starts_at(block, "lost", start):
                rest = start + 4
            elif start + 5 <= end and _text.starts_at(block, "won (", start):
                rest = _text.char_at(block, ")", start + 5, end)
                if rest == -1 or not _is_amount(block, start + 5, rest):
                    return None
                won = amount_in(block, start + 5, rest)
                rest += 1
            else:
                return None
            if rest == end or rest + 6 <= end and _text.starts_at(block, " with ", rest):
                # (``_showed_seat``: the last `` showed [``, then the first ``] and `` after it: where the first are
                # not the last, the long way reads it)
                if _rfind_in(block, " showed [", at, end) != cut:
                    return None
                label = None
                if rest < end:
                    rest += 6
                    label = _text.cut(block, rest + 2, end) if rest + 2 <= end and _text.starts_at(block, "a ", rest) \
                        else _text.cut(block, rest, end)
                return _summary_seat_at(block, at, cut, "showed", None, won, cards_in(block, cut + 9, close + 1), label)
    if _find_in(block, " showed [", at, stop) != -1:
        return None
    if _text.ends_at(block, " mucked", at, end):
        return _summary_seat_at(block, at, end - 7, "mucked", None, None, None, None) if end - 7 >= name else None
    cut = _rfind_in(block, " mucked ", at, end)
    if cut != -1:
        if cut >= name and _is_cards(block, cut + 8, end):
            return _summary_seat_at(block, at, cut, "mucked", None, None, cards_in(block, cut + 8, end), None)
        return None
    cut = _rfind_in(block, " collected (", at, end)
    if cut >= name and _text.char_of(block, end - 1) == ")" and _is_amount(block, cut + 12, end - 1):
        return _summary_seat_at(block, at, cut, "collected", None, amount_in(block, cut + 12, end - 1), None, None)
    return None


def _ascii_int(text: str, at: int, end: int) -> int:
    """``int(text[at:end])`` where that is 1 to 18 ASCII digits, read in place (compiled, in C: no string cut, no
    ``int`` call); -1 for any other text (the caller asks ``int``, which reads more: signs, spaces, other digits)."""
    if end <= at or end - at > 18:
        return -1
    value = 0
    while at < end:
        char = text[at]
        if not "0" <= char <= "9":
            return -1
        value = value * 10 + (ord(char) - 48)
        at += 1
    return value


def _folded_seat(body: str) -> SummarySeatLine:
    """(Cut at ``rfind``'s position, the head read in place: compiled, where ``rpartition`` made a tuple and two
    strings.)"""
    cut = body.rfind(" folded ")
    if cut == -1:  # (``rpartition``: no head, the whole line its rest)
        return _summary_seat("", "folded", ORDINAL_DRAW[body.split()[2]] if body.startswith("after") else 0)
    street = ORDINAL_DRAW[body[cut + 8:].split()[2]] if _text.starts_at(body, "after", cut + 8) else 0
    return _summary_seat_in(body, cut, "folded", street, None, None, None)


def _showed_seat(body: str) -> SummarySeatLine:
    """``... showed [..] and won ($5.45) with a Badugi: 8,4,3,A``: cut at the positions ``find`` gives where the
    ``rpartition``, ``partition`` and ``in`` tests of the line's words would cut it (compiled, C calls, no tuples;
    the cards and the head read in place)."""
    cut = body.rfind(" showed [")  # (``rpartition``: the head is empty where the words are missing)
    rest = cut + 9 if cut != -1 else 0
    close = body.find("] and ", rest)
    end = len(body)
    if close == -1:  # (``partition``: the cards run to the end, no outcome)
        cards = cards_of(body[rest:] + "]")
        at = end
    else:
        cards = cards_in(body, rest, close + 1)  # (its "]" as written: the plain group)
        at = close + 6
    won = label = None
    if _text.starts_at(body, "won (", at):
        close = _text.char_at(body, ")", at + 5, end)
        if close == -1:
            won, at = amount_hundredths(_text.cut(body, at + 5, end)), end
        else:
            won, at = amount_hundredths(_text.cut(body, at + 5, close)), close + 1
    cut_with = body.find(" with ", at)
    if cut_with != -1:
        at = cut_with + 6
        label = _text.cut(body, at + 2, end) if _text.starts_at(body, "a ", at) else _text.cut(body, at, end)
    if cut == -1:
        return _summary_seat("", "showed", None, won, cards, label)
    return _summary_seat_in(body, cut, "showed", None, won, cards, label)


def _mucked_seat(body: str) -> SummarySeatLine:
    """``... mucked [Ad Td Qc 2s]``, or ``... mucked`` where the file's owner was not shown the cards."""
    if body.endswith(" mucked"):
        return _summary_seat_in(body, len(body) - 7, "mucked", None, None, None, None)
    cut = body.rfind(" mucked ")
    if cut == -1:  # (``rpartition``: no head, the whole line its rest)
        return _summary_seat("", "mucked", None, None, cards_of(body))
    return _summary_seat_in(body, cut, "mucked", None, None, cards_in(body, cut + 8, len(body)), None)


def _collected_seat(body: str) -> SummarySeatLine:
    cut = body.rfind(" collected (")
    if cut == -1:  # (``rpartition``: no head, the whole line its rest)
        return _summary_seat("", "collected", None, amount_hundredths(body[:-1]))
    return _summary_seat_in(body, cut, "collected", None, amount_hundredths(_text.cut(body, cut + 12, len(body) - 1)),
                            None, None)


_SUMMARY_SEATS: dict[str, tuple[str, Callable[[str], SummarySeatLine]]] = {
    "FOLDED_SEAT": (" folded ", _folded_seat),
    "SHOWED_SEAT": (" showed [", _showed_seat),
    "MUCKED_SEAT": (" mucked", _mucked_seat),
    "COLLECTED_SEAT": (" collected (", _collected_seat),
}
"""Summary seat-line terminal -> (the first words of its result, which every line it matches holds; the
reader of the line without its end), in the order they are tried (the terminals' priorities)."""


# Line and block values, remembered (``Memo``): reading one is a pure function of its text. The limits
# are chosen by hit rate against memory over an import worker's life (``benchmarks/memo_limits.py``:
# 25,000 hands of the realistic mixed corpus): past them the rate hardly grows while each entry holds
# 250-350 bytes. Measured, limit -> share of lookups that hit (memory held): act lines 20,000 -> 73.4%
# (5 MB), 100,000 -> 75.5% (24 MB); summary lines 10,000 -> 52.4% (4 MB), 50,000 -> 53.7% (18 MB); seat
# lines 10,000 -> 46.6% (2 MB), 20,000 -> 46.9% (5 MB); summary blocks 1,000 -> 17.9%, 5,000 -> 18.9%.
# A miss costs 1-3 us: every memo unbounded would save ~1.4 us of a hand's ~450 us; limits 5 times larger
# cost a worker ~55 MB more.
_ACT_LINES_LIMIT, _SUMMARY_LINES_LIMIT, _SEAT_LINES_LIMIT, _ACT_BLOCKS_LIMIT, _SUMMARY_BLOCKS_LIMIT = (
    20_000, 10_000, 10_000, 5_000, 1_000)
_ACT_LINES = memo("pokerstars.act_lines", _read_run_line, _ACT_LINES_LIMIT)  # (the lines of runs too)
_SUMMARY_LINES = memo("pokerstars.summary_lines", _read_summary_seat, _SUMMARY_LINES_LIMIT)
_SEAT_LINES = memo("pokerstars.seat_lines", _read_seat_line, _SEAT_LINES_LIMIT)  # stacks vary more than actions
_ACT_BLOCKS = memo("pokerstars.act_blocks", _read_act_block, _ACT_BLOCKS_LIMIT)  # a block is 300-500 bytes
_SUMMARY_BLOCKS = memo("pokerstars.summary_blocks", _read_summary_block, _SUMMARY_BLOCKS_LIMIT)
# Lines of their own token and pot lines recur too (simulated hands: 95% of collect lines, 99% of pot and
# uncalled lines); a hit costs a dict lookup, a miss builds the value (~0.5 us: frozen dataclasses).
_TOKEN_LINES = {kind: memo(f"pokerstars.line.{kind}", reader, 5_000) for kind, reader in LINE_READERS.items()
                if kind != "DEALT"}
_POT_LINES_LIMIT = 5_000
_POT_LINES = memo("pokerstars.pot_lines", _read_pot_line, _POT_LINES_LIMIT)
