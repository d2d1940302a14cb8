"""The PokerStars terminals the lexer matches most are written for the regex engine's sake (``base.lark``,
``pokerstars.lark``): optional parts as ``(X | )``, names greedy or word by word, the table noise after one name.
Each must match exactly the lines its plain form matches: the plain forms (as the grammar wrote them before) are
``REFERENCE`` below, and every terminal is compared with its plain form on generated lines and on every line of
the real and sample files. Whole lines are what counts: every line terminal ends at its line's end, so two
forms that accept the same lines give the same tokens."""

from __future__ import annotations

import re
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark

from badugi.parsers.rooms.pokerstars import PokerStars
from badugi.parsers.rooms.pokerstars_lines import _grammar_terminals, _line_terminals
from pokerstars_hands import files

REFERENCE = r"""
start: ACTS | SEATS | HAND_TABLE | HAND_SUMMARY | SECTION_RUN | RUN | RUN_NOISE | SUMMARY_SEATS | POT_LINE
     | TABLE_LINE | DEALT | UNCALLED | COLLECT | CHAT | LEAVES | JOINS | CONNECTION | TIMED_OUT | RETURNED
     | SITTING_OUT | ALLOWED | FINISHED | REMOVED | WINS_TOURNAMENT | REBUY | BOUNTY | FOLDED_SEAT | SHOWED_SEAT
     | MUCKED_SEAT | COLLECTED_SEAT | POSTS | CALLS | BETS | RAISES | DISCARDS | STANDS_PAT | SHOWS
CARD: /[2-9TJQKA][cdhs]/
CARDS: "[" [CARD (" " CARD)*] "]"
AMOUNT: /[$€£¥₹]?\d+(?:,\d{3})*(?:\.\d+)?€?/
INT: /\d+/
HAND_TABLE: TABLE_LINE SEAT_LINE*
HAND_SUMMARY: SUMMARY POT_LINE? SUMMARY_SEATS?
SECTION_RUN: SECTION RUN?
RUN: ACT_LINE+ (RUN_OTHER ACT_LINE*)* | RUN_DEAL ACT_LINE* (RUN_OTHER ACT_LINE*)*
RUN_OTHER: /(?!\*\*\* [A-Z ]+ \*\*\*[ \t]*\n)/ (RUN_DEAL | RUN_NOISE)
RUN_DEAL: DEALT | UNCALLED | COLLECT | CAP
RUN_NOISE: CANCELLED | RESHUFFLED | BREAK_SKIPPED | CHAT | LEAVES | JOINS | CONNECTION | TIMED_OUT | RETURNED
         | SITTING_OUT | ALLOWED | FINISHED | REMOVED | WINS_TOURNAMENT | REBUY | BOUNTY
NAME: /[^\n]+/
EOL: /[ \t]*\n/
ALL_IN: " and is all-in"
MONEY: AMOUNT
TABLE_LINE: "Table '" /[^\n]*?/ "'" (" " INT "-max")? " (Play Money)"? (" Seat #" INT " is the button")? EOL
SEATS: SEAT_LINE+
SEAT_LINE: "Seat " INT ": " NAME " (" MONEY " in chips" (", " MONEY " bounty")? ")" (" is sitting out" | " out of hand (" /[^\n]*/ ")")? EOL
SECTION: ("*** DEALING HANDS ***" | "*** FIRST DRAW ***" | "*** SECOND DRAW ***" | "*** THIRD DRAW ***"
        | "*** SHOW DOWN ***") EOL
SUMMARY: "*** SUMMARY ***" EOL
ACTS: ACT_LINE+
ACT_LINE: NAME ": " (POSTS | FOLDS | CHECKS | CALLS | BETS | RAISES | DISCARDS | STANDS_PAT | SHOWS | MUCKS
                    | NO_SHOW | SITS_OUT) EOL
POSTS: "posts " ("small blind" | "big blind" | "small & big blinds" | "the ante") " " MONEY ALL_IN?
FOLDS: "folds" (" " CARDS)?
CHECKS: "checks"
CALLS: "calls " MONEY ALL_IN?
BETS: "bets " MONEY ALL_IN?
RAISES: "raises " MONEY " to " MONEY ALL_IN?
DISCARDS: "discards " INT " card" "s"? (" " CARDS)?
STANDS_PAT: "stands pat" (" on " CARDS)?
SHOWS: "shows " CARDS (" (" /[^\n]*/ ")")?
MUCKS: "mucks hand"
NO_SHOW: "doesn't show hand"
SITS_OUT: "sits out" | "is sitting out"
DEALT: "Dealt to " NAME " " CARDS (" " CARDS)? EOL
UNCALLED: "Uncalled bet (" MONEY ") returned to " NAME EOL
COLLECT: NAME " collected " MONEY " from " ("main " | "side ")? "pot" ("-" INT)? EOL
CAP: "Betting is capped" EOL
CANCELLED: "Hand cancelled" EOL
RESHUFFLED: "The deck is reshuffled" EOL
BREAK_SKIPPED: "All players have agreed to skip the break. Game resuming." EOL
CHAT: NAME " said, \"" /[^\n]*/ "\"" EOL
LEAVES: NAME " leaves the table" EOL
JOINS: NAME " joins the table at seat #" INT EOL
CONNECTION: NAME " is " "dis"? "connected" EOL
TIMED_OUT: NAME " has timed out" (" while " "being "? "disconnected")? EOL
RETURNED: NAME " has returned" EOL
SITTING_OUT: NAME " is sitting out" EOL
ALLOWED: NAME " will be allowed to play after the button" EOL
FINISHED: NAME " finished the tournament" (" in " INT ("st" | "nd" | "rd" | "th") " place" (" and received " /[^\n]*/)?)? EOL
REMOVED: NAME " was removed from the table for failing to post" EOL
WINS_TOURNAMENT: NAME " wins the tournament" (" and receives " /[^\n]*/)? EOL
REBUY: NAME (" re-buys" | " rebuys" | " takes the add-on") " and receives " /[^\n]*/ EOL
BOUNTY: NAME (" wins " | " split the ") /[^\n]*/ " for eliminating " /[^\n]*/ EOL
SUMMARY_SEATS: (SEAT_NAME (FOLDED | SHOWED | MUCKED | COLLECTED) EOL)+
POT_LINE: "Total pot " MONEY (" Main pot " MONEY "." (" Side pot" ("-" INT)? " " MONEY ".")+)? " | Rake " MONEY EOL
SEAT_NAME: "Seat " INT ": " /[^\n]+?/ " " (POSITION " ")*
POSITION: "(button)" | "(small blind)" | "(big blind)"
FOLDED_SEAT: SEAT_NAME FOLDED EOL
FOLDED: "folded " ("before the Draw" | "before Flop" | "after the " (("1st" | "2nd" | "3rd") " ")? "Draw") " (didn't bet)"?
SHOWED_SEAT: SEAT_NAME SHOWED EOL
SHOWED: "showed " CARDS " and " ("won (" MONEY ")" | "lost") (" with " /[^\n]*?/)?
MUCKED_SEAT: SEAT_NAME MUCKED EOL
MUCKED: "mucked" (" " CARDS)?
COLLECTED_SEAT: SEAT_NAME COLLECTED EOL
COLLECTED: "collected (" MONEY ")"
"""
"""The plain forms of the terminals compared (``pokerstars.lark`` and ``base.lark`` before the rewrites)."""


class CheckedByLine:
    """A block terminal the lexer checks only the first line of (``HAND_TABLE``: the table line, then the lines that
    start with ``Seat `` unread), with the check the transformer makes of every later line (``SEAT_LINE``, on the
    seat lines' memo miss): a whole block matches where both do."""

    def __init__(self, block: re.Pattern[str], line: re.Pattern[str]) -> None:
        self.block, self.line = block, line

    def fullmatch(self, text: str) -> re.Match[str] | None:
        found = self.block.fullmatch(text)
        if found is None or any(self.line.fullmatch(row + "\n") is None for row in text.split("\n")[1:-1]):
            return None
        return found


@cache
def pairs() -> dict[str, tuple[re.Pattern[str], re.Pattern[str] | CheckedByLine]]:
    """Terminal name -> (its plain form, the grammar's form), compiled."""
    plain = {t.name: t.pattern.to_regexp() for t in Lark(REFERENCE, parser="earley", lexer="dynamic").terminals}
    room = {t.name: t.pattern.to_regexp() for t in PokerStars.parser().terminals}
    room.update((name, t.pattern.to_regexp()) for name, t in _grammar_terminals().items())
    names = [name for name in plain if name not in ("CARD", "INT")]
    assert len(names) >= 37 and set(names) <= set(room)
    found = {name: (re.compile(plain[name]), re.compile(room[name])) for name in names}
    found["HAND_TABLE"] = (found["HAND_TABLE"][0], CheckedByLine(found["HAND_TABLE"][1], _line_terminals()["SEAT_LINE"]))
    return found


def assert_same(text: str) -> None:
    for name, (plain, written) in pairs().items():
        assert (plain.fullmatch(text) is None) == (written.fullmatch(text) is None), (name, text)


# ---- generated lines: the pieces of real lines, shuffled and joined, so near misses are common --------------

NAMES = st.sampled_from(["Ann", "Bob Z", "a: b", "x (button)", "Zoë's", "  sp ", "said, \"x\"", "[As]", "1", "",
                         "ends ", "is connected", "pot: calls", "Seat 3", "wins x", "p q r s"])
WORDS = st.sampled_from([
    ": ", " ", "posts ", "small blind ", "big blind ", "small & big blinds ", "the ante ", "folds", "checks", "calls ",
    "bets ", "raises ", " to ", " and is all-in", "discards ", "2", " card", " cards", "stands pat", " on ", "shows ",
    "mucks hand", "doesn't show hand", "sits out", "is sitting out", "$0.25", "1,500", "1,50", "25€", "$5.", "0.1234",
    "[As 3h]", "[]", "[As 3h", " [Kd]", "(Badugi: 8,4,3,A)", " (", ")", "Dealt to ", "Uncalled bet (", ") returned to ",
    " collected ", " from ", "main ", "side ", "pot", "-2", "Betting is capped", "Hand cancelled",
    "The deck is reshuffled", "All players have agreed to skip the break. Game resuming.", " said, \"", "\"",
    " leaves the table", " joins the table at seat #", "7",
    " is ", "dis", "connected", " has timed out", " while ", "being ", "disconnected", " has returned",
    " is sitting out", " will be allowed to play after the button", " finished the tournament", " in ", "st", "nd",
    " place", " and received ", " was removed from the table for failing to post", " wins the tournament",
    " and receives ", " re-buys", " rebuys", " takes the add-on", " wins ", " split the ", " for eliminating ",
    "Seat ", "3", " (button)", " (small blind)", " (big blind)", "(button) ", "folded ", "before the Draw",
    "before Flop", "after the ", "1st ", "Draw", " (didn't bet)", "showed ", " and ", "won (", "lost", " with ",
    "a Badugi: 8,4,3,A", "mucked ", "mucked", "collected (", "Total pot ", " Main pot ", ".", " Side pot", " | Rake ",
    "Table '", "T 1'", "'", " 6-max", " (Play Money)", " Seat #", " is the button", "*** DEALING HANDS ***",
    "*** FIRST DRAW ***", "*** SHOW DOWN ***", "*** SUMMARY ***", "\t", "  ",
]) | NAMES
LINE_ENDS = st.sampled_from(["\n", " \n", " \t\n", "", "x\n"])


@st.composite
def lines(draw: st.DrawFn) -> str:
    """One to four lines, each a few pieces, sometimes a known whole line."""
    made = []
    for _ in range(draw(st.integers(1, 4))):
        made.append("".join(draw(st.lists(WORDS, min_size=1, max_size=9))) + draw(LINE_ENDS))
    return "".join(made)


@settings(max_examples=1500, deadline=None)
@given(lines())
def test_generated_lines_read_as_the_plain_forms_read_them(text: str) -> None:
    assert_same(text)


@settings(max_examples=500, deadline=None)
@given(st.sampled_from(["Ann: calls $0.25\n", "Seat 1: Ann (button) folded before the Draw (didn't bet)\n",
                        "Seat 2: Bob Z showed [As 3h] and won ($0.85) with a Badugi: 6,5,2,A\n",
                        "Table 'T 1' 6-max Seat #1 is the button\nSeat 1: Ann ($5 in chips) \n",
                        "*** SUMMARY ***\nTotal pot $0.85 | Rake $0 \nSeat 1: a: b mucked [As]\n",
                        "*** FIRST DRAW ***\nAnn: discards 1 card [Kd]\nDealt to Ann [As] [Kd]\nBob is connected \n",
                        "Bob Z wins the $5 bounty for eliminating Ann\n", "Ann finished the tournament in 2nd place\n"]),
       st.integers(0, 80), st.sampled_from(["", " ", ":", "x", "\n", "(", "[", "'", "*** ", " (button)", "1"]),
       st.booleans())
def test_real_lines_cut_or_grown_read_as_the_plain_forms_read_them(line: str, at: int, piece: str,
                                                                   cut: bool) -> None:
    at = min(at, len(line))
    assert_same(line[:at] + line[at + 1:] if cut else line[:at] + piece + line[at:])


def test_every_real_and_sample_line_reads_as_the_plain_forms_read_it() -> None:
    """Each line of the real and sample files, alone, and the run of lines from each line to the next marker (the
    multi-line terminals), and each line's tail after every space (the verbs and summary results)."""
    seen = set()
    for path in files():
        text = path.read_bytes().decode("utf-8-sig", errors="replace").replace("\r", "")
        rows = text.split("\n")
        for k, row in enumerate(rows):
            for piece in (row, row + "\n", "\n".join(rows[k:k + 4]) + "\n"):
                if piece not in seen:
                    seen.add(piece)
                    assert_same(piece)
            body = row.rstrip(" \t")
            for at in (i + 1 for i, char in enumerate(body) if char == " "):
                if body[at:] not in seen:
                    seen.add(body[at:])
                    assert_same(body[at:])
    assert len(seen) > 1000
