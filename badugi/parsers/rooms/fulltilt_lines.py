"""Full Tilt's hand text, line by line: the transformer of ``fulltilt.lark``'s tree into line values
(``BodyLine``: a kind, the line number, the fields) and the first line's ``Header``; ``fulltilt.py``
builds the hand from them (the format: its docstring).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from lark import Token, v_args

from badugi.engine.record import PostKind, SummarySeat

from .base import BodyLine, NameVerbLines, amount_hundredths, cards_of


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
_POT_NOTE = re.compile(r" \((?:Total )?Pot: ([$€£]?\d[\d,]*(?:\.\d+)?)(?:, (\d+) Players?)?(?:, (\d+) All-Ins?)?\)")
"""A street marker's pot note: ``(Pot: $0.20)``, ``(Total Pot: $0.45, 2 Players)``, ``(Total Pot: 130, 2 Players,
1 All-In)``; a note of another shape is left unread (the grammar's POT_NOTE takes it)."""
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


Line = BodyLine


@v_args(inline=True)
class FullTiltLines(NameVerbLines):
    """Body tree -> ``Line`` values (amounts in hundredths of the displayed unit). Holds no state.

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

    def seat_count(self, line: Token) -> Line:
        return Line("seat_count", line.line, (int(line.value.split()[1]),))

    def seat_line(self, line: Token) -> Line:
        seat, name, amount, out = _SEAT_LINE.match(line.value).groups()  # type: ignore[union-attr]
        return Line("seat", line.line, (int(seat), name, amount_hundredths(amount), out is not None))

    def section(self, marker: Token, pot_note: Token | None, *lines: Line) -> tuple:
        """(marker, line, lines, the marker's pot note read as (pot, players, all-ins) or None)."""
        note = _POT_NOTE.fullmatch(pot_note.value) if pot_note is not None else None
        read = None
        if note is not None:
            pot, players, all_ins = note.groups()
            read = (amount_hundredths(pot), None if players is None else int(players),
                    None if all_ins is None else int(all_ins))
        return (str(marker), marker.line, list(lines), read)

    def post(self, head: Token, end: Token) -> Line:
        name, kind = _POST_SPLIT.match(head.value).groups()  # type: ignore[union-attr]
        return Line("post", head.line, (name, POST_KINDS[kind], *_amount_end(end)))

    def button(self, line: Token) -> Line:
        return Line("button", line.line, (int(line.value.rstrip().rpartition("#")[2]),))

    def call(self, head: Token, end: Token) -> Line:
        return Line("call", head.line, (head.value[:-len(" calls ")], *_amount_end(end)))

    def bet(self, head: Token, end: Token) -> Line:
        return Line("bet", head.line, (head.value[:-len(" bets ")], *_amount_end(end)))

    def raise_(self, head: Token, end: Token) -> Line:
        return Line("raise", head.line, (head.value[:-len(" raises to ")], *_amount_end(end)))

    def discard(self, line: Token) -> Line:
        name, count, cards = _DISCARD_LINE.match(line.value).groups()  # type: ignore[union-attr]
        return Line("discard", line.line, (name, int(count), cards_of(cards) if cards else None))

    def stand_pat(self, line: Token) -> Line:
        name, cards = _PAT_LINE.match(line.value).groups()  # type: ignore[union-attr]
        return Line("pat", line.line, (name, cards_of(cards) if cards else None))

    def dealt_count(self, line: Token) -> Line:
        name, _, rest = line.value.rpartition(" is dealt ")
        return Line("dealt_count", line.line, (name, int(rest.split()[0])))

    def dealt(self, dealt_to: Token, first: Token, second: Token | None) -> Line:
        return Line("dealt", dealt_to.line, (str(dealt_to)[len("Dealt to "):], _cards(first), _cards(second)))

    def show(self, head: Token, cards: Token, label: Token | None) -> Line:
        return Line("show", head.line, (head.value[:-len(" shows ")], _cards(cards),
                                         _label(label.value if label is not None else None)))

    def muck(self, line: Token) -> Line:
        return Line("muck", line.line, (line.value.rstrip()[:-len(" mucks")],))

    def win(self, head: Token, amount: Token, label: Token | None) -> Line:
        # "<name> wins the [high ]side pot (", "<name> ties for the pot (", "<name> wins side pot #1 ("
        name, pot, number = _WIN_HEAD.fullmatch(head.value).groups()  # type: ignore[union-attr]
        pot = POTS.get(pot or "", (pot or "").strip())
        return Line("win", head.line, (name, f"{pot}-{number}" if number else pot, _amount(amount),
                                        _label(label.value[len(" with "):] if label is not None else None)))

    def uncalled(self, token: Token, amount: Token, player: Token) -> Line:
        return Line("uncalled", token.line, (str(player), _amount(amount)))

    def ante_returned(self, token: Token, amount: Token, player: Token) -> Line:
        return Line("uncalled", token.line, (str(player), _amount(amount)))

    def canceled(self, line: Token) -> Line:
        return Line("canceled", line.line, (line.value.rstrip(),))

    def chat(self, line: Token) -> Line:
        text = line.value.rstrip()
        name = text.partition(":")[0]
        return Line("noise", line.line, ("chat", name.removesuffix(" (Observer)"), text))

    def other(self, line: Token) -> Line:
        return Line("other", line.line, (line.value.rstrip(),))

    def noise(self, line: Token) -> Line:
        kind, phrase = NOISE[line.type]
        text = line.value.rstrip()
        player, found, _ = text.partition(phrase) if phrase else ("", "", text)
        return Line("noise", line.line, (kind, player if found else None, text))

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
setattr(FullTiltLines, "raise", FullTiltLines.raise_)
