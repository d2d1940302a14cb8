"""PokerStars body lines -> small values: the readers behind ``pokerstars.PokerStarsLines``.

Every function here takes the text of one line the grammar has already matched (so its shape is
known) and cuts its fields out at the fixed words; amounts stay in hundredths of the displayed unit
(the hand's currency decides the record's units later). A token (one line, or a block of lines of
one shape) becomes a ``Block``: its first body line and one value per line. Values carry no line
number, so lines that repeat (``Player1: folds``) are read once and their value shared: reading is a
pure function of the text, memoised.
"""

from __future__ import annotations

import functools
import re
from functools import partial

from lark import Lark, Token

from badugi.engine.record import PostKind

from .base import GRAMMAR_FOLDER, GRAMMAR_PACKAGE, Memo, amount_hundredths, cards_of

GRAMMAR = "pokerstars.lark"
"""The grammar whose terminals classify lines inside block tokens (start rules ``verb``, ``summary_seat``)."""

POTS: dict[str, str] = {"pot": "pot", "main pot": "main", "side pot": "side"}
ORDINAL_DRAW: dict[str, int] = {"1st": 1, "2nd": 2, "3rd": 3, "Draw": 1}  # single draw: "folded after the Draw"
_CARDS = re.compile(r"\[(?:[2-9TJQKA][cdhs](?: [2-9TJQKA][cdhs])*)?\]")
"""base.lark's CARDS: a bracket group of cards (or the client-bug ``[]``)."""

_POSITIONS = (" (button)", " (small blind)", " (big blind)")
_POST_KINDS = {"small blind": PostKind.SMALL_BLIND, "big blind": PostKind.BIG_BLIND,
               "small & big blinds": PostKind.BOTH, "the ante": PostKind.ANTE}
EOL = " \t\n"
"""What a line may end with (trailing spaces are tolerated, never required)."""


def _money_and_all_in(rest: str) -> tuple[int, bool]:
    """``"$0.20 and is all-in \n"`` -> (20, True): the tail of a betting line."""
    text = rest.rstrip(EOL)
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
    return tuple(map(cards_of, text.replace("] [", "]\0[").split("\0")))


Block = tuple[int, list[tuple]]
"""A run of body lines: the 1-based body line of the first, and one value per line (in order)."""


def _lines_of(token: Token) -> list[str]:
    """A block token's lines, without their line ends."""
    return token.value.split("\n")[:-1]


def read_token(token: Token) -> Block:
    """One body-line token -> its block: an ``ACTS`` token holds several action lines, any other
    token is one line (its reader in ``_LINES``)."""
    if token.type == "ACTS":
        text = token.value
        return token.line, _ACT_BLOCKS.get(text) or _ACT_BLOCKS.read(text)
    return token.line, [_LINES[token.type](token.value)]


def _read_block(lines: Memo, block: str) -> list[tuple]:
    """A block of lines -> one value per line (each remembered in ``lines``). Blocks are remembered
    whole too: most recur line for line (the posts of a table's regulars, folds round to the same
    raiser: ~85% of simulated action blocks, ~70% of summary seat blocks). The list is shared by every
    hand holding that block: readers never change it."""
    get, read = lines.get, lines.read
    return [get(text) or read(text) for text in block.split("\n")[:-1]]


def read_seats(token: Token) -> Block:
    """The ``SEATS`` block -> ``(seat, name, stack, sitting out, note)`` per line (memoised by text: a
    player's seat line repeats until their stack changes)."""
    get, read = _SEAT_LINES.get, _SEAT_LINES.read
    return token.line, [get(text) or read(text) for text in _lines_of(token)]


def read_summary_seats(token: Token) -> Block:
    """The ``SUMMARY_SEATS`` block -> ``(seat, name, result, position, folded street, won, cards,
    label)`` per line (memoised by text, like action lines)."""
    text = token.value
    return token.line, _SUMMARY_BLOCKS.get(text) or _SUMMARY_BLOCKS.read(text)


@functools.cache
def _line_terminals() -> dict[str, re.Pattern[str]]:
    """The grammar's own verb and summary seat-line terminals (POSTS, FOLDS, ..., FOLDED_SEAT, ...),
    compiled, by name. Loaded through Lark's grammar cache like the room's parser: building them
    afresh (the regex-collision analysis) costs ~0.2 s, which every import worker would pay."""
    parser = Lark.open_from_package(GRAMMAR_PACKAGE, GRAMMAR, GRAMMAR_FOLDER, parser="lalr",
                                    start=["verb", "summary_seat"], cache=True)
    return {t.name: re.compile(t.pattern.to_regexp()) for t in parser.terminals}


@functools.cache
def _summary_kinds() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The summary seat-line terminals in the order they are tried: a line of the summary block is of
    the kind whose terminal matches it whole."""
    terminals = _line_terminals()
    return tuple((name, terminals[name]) for name in ("FOLDED_SEAT", "SHOWED_SEAT", "MUCKED_SEAT", "COLLECTED_SEAT"))


def _verbs() -> dict[str, re.Pattern[str]]:
    """The grammar's own verb terminals (POSTS, FOLDS, ...), compiled, by name."""
    return _line_terminals()


_VERB_WORDS: dict[str, str] = {
    "pos": "POSTS", "fol": "FOLDS", "che": "CHECKS", "cal": "CALLS", "bet": "BETS", "rai": "RAISES",
    "dis": "DISCARDS", "sta": "STANDS_PAT", "sho": "SHOWS", "muc": "MUCKS", "doe": "NO_SHOW", "sit": "SITS_OUT",
    "is ": "SITS_OUT",
}
"""First three letters of each verb -> its terminal (no two verbs share them)."""


def _read_act(text: str) -> tuple:
    """``"Lino19: calls $0.15"`` -> its value. The name ends at the first ``": "`` after which a verb
    matches the rest of the line whole: the grammar's lazy name gives the same split."""
    body = text.rstrip(" \t")
    verbs = _verbs()
    cut = body.find(": ", 1)
    while cut != -1:
        rest = body[cut + 2:]
        kind = _VERB_WORDS.get(rest[:3])
        if kind is not None and verbs[kind].fullmatch(rest):
            return _ACTS[kind](body[:cut], rest)
        cut = body.find(": ", cut + 1)
    raise ValueError(f"not an action line: {text!r}")


def read_seat_line(text: str) -> tuple:
    """``"Seat 1: Lino19 ($6.80 in chips) "`` -> (1, "Lino19", 680, False, None)."""
    head, _, rest = text.rstrip(EOL).rpartition(" in chips")
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
    return (int(number), name, amount_hundredths(stack), rest.strip() == "is sitting out", note)


def _post(name: str, rest: str) -> tuple:
    words = rest[len("posts "):]
    for kind_words, kind in _POST_KINDS.items():
        if words.startswith(kind_words + " "):
            amount, all_in = _money_and_all_in(words[len(kind_words) + 1:])
            return ("post", name, kind, amount, all_in)
    raise ValueError(f"unknown post: {rest!r}")


def _bare(kind: str):  # noqa: ANN202 - a small factory of line readers
    def read(name: str, rest: str) -> tuple:
        return (kind, name)
    return read


def _wager(kind: str, skip: int):  # noqa: ANN202
    def read(name: str, rest: str) -> tuple:
        amount, all_in = _money_and_all_in(rest[skip:])
        return (kind, name, amount, all_in)
    return read


def _raise(name: str, rest: str) -> tuple:
    by, _, to = rest[len("raises "):].partition(" to ")
    amount, all_in = _money_and_all_in(to)
    return ("raise", name, amount_hundredths(by), amount, all_in)


def _discard(name: str, rest: str) -> tuple:
    count, _, tail = rest[len("discards "):].partition(" card")
    cards = cards_of(tail[tail.index("["):]) if "[" in tail else None
    return ("discard", name, int(count), cards)


def _stand_pat(name: str, rest: str) -> tuple:
    tail = rest[len("stands pat"):]
    return ("pat", name, cards_of(tail[4:]) if tail.startswith(" on ") else None)


def _show(name: str, rest: str) -> tuple:
    cards, _, label = rest[len("shows "):].partition("]")
    label = label.strip()
    return ("show", name, cards_of(cards + "]"), label[1:-1] if label else None)


def _sit_out(name: str, rest: str) -> tuple:
    return ("noise", "sit_out", name, f"{name}: {rest}")


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
"""Verb terminal -> reader of ``(name, the rest of the line)``."""


def _dealt(text: str) -> tuple:
    body = text.rstrip(EOL)
    cut = body.rindex(" [")
    before = body.rfind(" [", 0, cut)
    if before != -1 and _CARDS.fullmatch(body, before + 1, cut):  # two groups: kept, new
        cut = before  # (as the grammar's lazy name: "Dealt to Zoë [42] [As 2c 3d 4h]" is one group)
    found = _cards(body[cut + 1:])
    return ("dealt", body[9:cut], found[0], found[1] if len(found) > 1 else None)


def _uncalled(text: str) -> tuple:
    amount, _, name = text.rstrip(EOL)[len("Uncalled bet ("):].partition(") returned to ")
    return ("uncalled", name, amount_hundredths(amount))


def _collect(text: str) -> tuple:
    name, _, rest = text.rstrip(EOL).rpartition(" collected ")
    amount, _, pot = rest.partition(" from ")
    where, dash, number = pot.partition("-")
    return ("collect", name, amount_hundredths(amount), POTS[where] + (f"-{number}" if dash else ""))


def _notice(kind: str):  # noqa: ANN202
    value = (kind,)

    def read(text: str) -> tuple:
        return value
    return read


def _noise(kind: str, phrase: str):  # noqa: ANN202
    def read(text: str) -> tuple:
        body = text.rstrip(EOL)
        return ("noise", kind, body[:body.rindex(phrase)] if phrase else None, body)
    return read


def _chat(text: str) -> tuple:
    body = text.rstrip(EOL)
    return ("noise", "chat", body[:body.index(' said, "')], body)


_LINES = {
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
    "FINISHED": _noise("finish", " finished the tournament"),
    "REMOVED": _noise("leave", " was removed from the table for failing to post"),
    "WINS_TOURNAMENT": _noise("finish", " wins the tournament"),
    "REBUY": lambda text: _noise("rebuy", " re-buys" if " re-buys" in text else
                                 " rebuys" if " rebuys" in text else " takes the add-on")(text),
    "BOUNTY": _noise("bounty", " wins "),
    "OTHER": lambda text: ("other", text.rstrip(EOL)),
}
"""Line terminal -> reader of its fields."""
LINE_READERS = _LINES


def read_pot_line(text: str) -> tuple:
    """``Total pot 4780 Main pot 2500. Side pot-1 1140. Side pot-2 1140. | Rake 0``."""
    pots, _, rake = text.rstrip(EOL).partition(" | Rake ")
    words = pots.split(" ")
    total = amount_hundredths(words[2])
    main = amount_hundredths(words[5].rstrip(".")) if len(words) > 5 else None
    sides = tuple(amount_hundredths(w.rstrip(".")) for w in words[8::3])
    return (total, main, sides, amount_hundredths(rake))


def _read_summary_seat(text: str) -> tuple:
    """``"Seat 2: s0rrow (big blind) folded after the 1st Draw"`` -> (2, "s0rrow", "folded", "big blind",
    1, None, None, None)."""
    line = text + "\n"  # as the terminals were written: a whole line
    kind = next(name for name, pattern in _summary_kinds() if pattern.fullmatch(line))
    body = text.rstrip(EOL)
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
    return (number, name, result, position, street, won, cards, label)


# Line and block values, remembered (``Memo``): reading one is a pure function of its text.
_ACT_LINES = Memo(_read_act, 100_000)
_SUMMARY_LINES = Memo(_read_summary_seat, 100_000)
_SEAT_LINES = Memo(read_seat_line, 20_000)  # stacks vary more than actions: a smaller memo
_ACT_BLOCKS = Memo(partial(_read_block, _ACT_LINES), 5_000)  # a block is 300-500 bytes
_SUMMARY_BLOCKS = Memo(partial(_read_block, _SUMMARY_LINES), 5_000)
