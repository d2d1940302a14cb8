"""The PokerStars readers that read a part of a text in place (``read_seat_lines_in``, ``read_new_run_in``,
``read_summary_lines_in``: each line found and cut out of the text itself, compiled by ``text_api``'s ``line_end`` and
``cut``) give what the readers of that part cut out give, for text of each width (ASCII, Latin-1, two and four bytes a
character), parts at any positions, and a part whose last line has no line end (not read). ``tests/test_compiled.py``
runs this file on the pure path too."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi.parsers.rooms import pokerstars_lines as lines

NAMES = ["Ann", "Zoë", "Łukasz", "玩家", "🂡ace", "a", "x y"]


def seat_block(names: list[str]) -> str:
    return "".join(f"Seat {k + 1}: {name} (${k + 1}.50 in chips) \n" for k, name in enumerate(names))


def run_block(names: list[str]) -> str:
    verbs = ["folds", "checks", "calls $0.25", "bets $0.50 and is all-in", "raises $0.25 to $0.50", "discards 2 cards",
             "stands pat", "shows [As 2c 3d 4h] (Badugi: 4,3,2,A)", "mucks hand"]
    rows = [f"Dealt to {names[0]} [As 2c 3d 4h]"]
    rows += [f"{name}: {verbs[k % len(verbs)]}" for k, name in enumerate(names)]
    rows += [f"{names[-1]} collected $1.25 from pot", f"Uncalled bet ($0.25) returned to {names[0]}"]
    return "".join(row + "\n" for row in rows)


def summary_block(names: list[str]) -> str:
    rows = [f"Seat 1: {names[0]} (button) folded before the Draw",
            f"Seat 2: {names[-1]} (big blind) showed [As 2c 3d 4h] and won ($1.25) with a Badugi: 4,3,2,A",
            f"Seat 3: {names[0]} mucked [Kd Qd Jc Th]", f"Seat 4: {names[-1]} collected ($0.50)"]
    return "".join(row + "\n" for row in rows)


def value_or_error(read, *args):  # type: ignore[no-untyped-def]
    try:
        return read(*args)
    except ValueError as error:
        return ("error", str(error))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(NAMES), min_size=1, max_size=6), st.sampled_from(["", "é", "\u0101", "😀"]),
       st.integers(0, 40), st.integers(0, 40), st.booleans())
def test_parts_read_in_place_read_as_the_parts_cut_out(names: list[str], pad: str, before: int, after: int,
                                                       torn: bool) -> None:
    for block, whole, in_place in ((seat_block(names), lines.read_seat_lines, lines.read_seat_lines_in),
                                   (run_block(names), lines.read_new_run, lines.read_new_run_in),
                                   (summary_block(names), lines.read_new_summary_block, lines.read_summary_lines_in)):
        if torn:  # a part whose last line has no line end: that line is no line
            block = block[:-1]
        head, tail = ("x" * before + pad + "\n") * (before % 3), (pad + "y" * after + "\n") * (after % 2)
        text = head + block + tail
        start, end = len(head), len(head) + len(block)
        assert value_or_error(in_place, text, start, end) == value_or_error(whole, block)
        assert value_or_error(in_place, text, start, end) == value_or_error(whole, text[start:end])


def test_a_part_reads_its_lines_only() -> None:
    text = "Seat 1: Ann ($1 in chips)\nSeat 2: Bob ($2 in chips)\nSeat 3: Cy ($3 in chips)\n"
    second = text.index("Seat 2")
    assert [seat.name for seat in lines.read_seat_lines_in(text, second, len(text))] == ["Bob", "Cy"]
    assert [seat.name for seat in lines.read_seat_lines_in(text, 0, second)] == ["Ann"]
    assert [seat.name for seat in lines.read_seat_lines_in(text, 0, second - 1)] == []  # (no line end: no line)
    assert lines.read_seat_lines_in(text, second, second) == []


DEALT_NAMES = ["Ann", "Zoë", "玩家", "a [b]", "x[As]", "[As 2c]", "Bo b", "c:d", "e: f", "g ["]
DEALT_GROUPS = ["[As 2c 3d 4h]", "[Kd]", "[]", "[As 2c] [3d 4h]", "[Ks] [Qd Jc Th]", "[Xx 2c]", "[As  2c]", "[As 2c",
                "[As 2c 3d 4h 5s 6s]"]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(DEALT_NAMES), st.sampled_from(DEALT_GROUPS), st.sampled_from(["", " ", " \t", "\t "]),
       st.sampled_from(["", "é", "😀"]))
def test_a_dealt_line_read_in_place_reads_as_the_line_read_alone(name: str, groups: str, blanks: str,
                                                                 pad: str) -> None:
    """``read_new_run_in`` reads a ``Dealt to`` line in place (``_dealt_in``) where its plain shape allows: the value
    ``_read_run_line`` gives the line cut out (or the same error), for names holding brackets, colons and spaces, one
    group or two, groups that are not cards, and trailing blanks; in text of each width."""
    line = f"Dealt to {name} {groups}{blanks}"
    text = f"{pad}x\n{line}\n{pad}"
    start = text.index("Dealt")
    assert value_or_error(lines.read_new_run_in, text, start, start + len(line) + 1) == value_or_error(
        lambda: [lines._read_run_line(line)])


def test_a_dealt_line_keeps_its_groups_and_name() -> None:
    from badugi.engine.cards import Card
    text = "Dealt to a [b] [As 2c] [3d 4h]\n"
    [dealt] = lines.read_new_run_in(text, 0, len(text))
    assert (dealt.name, dealt.held, dealt.new) == ("a [b]", (Card.parse("As"), Card.parse("2c")),
                                                   (Card.parse("3d"), Card.parse("4h")))


def test_text_api_scans_are_the_str_methods() -> None:
    """``text_api``'s ``char_at``, ``last_char_at`` and ``char_of`` (C where compiled) are ``find``, ``rfind`` and an
    index of one character, at any positions, in text of each width."""
    from badugi.parsers.rooms import text_api
    for text in ("a*b*c", "é*ü*", "玩*家*", "😀*a*😀", "", "***"):
        for at in range(-1, len(text) + 2):
            for end in range(-1, len(text) + 2):
                if at >= 0 and end >= 0:
                    assert text_api.char_at(text, "*", at, end) == text.find("*", at, end)
                    assert text_api.last_char_at(text, "*", at, end) == text.rfind("*", at, end)
        for at in range(len(text)):
            assert text_api.char_of(text, at) == text[at]


def test_cards_in_reads_a_part_as_cards_of() -> None:
    """``base.cards_in(text, start, stop)`` is ``cards_of(text[start:stop])``, the room's groups read in place."""
    from badugi.parsers.rooms.base import cards_in, cards_of
    text = "x [As 2c 3d 4h] [Kd] [] [As 2c 3d 4h 5s 6s] [as]"
    for start in range(len(text) + 1):
        for stop in range(start, len(text) + 1):
            try:
                expected = cards_of(text[start:stop])
            except ValueError as error:
                expected = ("error", str(error))
            assert value_or_error(cards_in, text, start, stop) == expected


ACT_PIECES = ["Ann", "Zoë", "玩家", "a", "x y", "c:d", "e: f", ": ", ":", " ", "  ", "\t", "folds", "checks", "calls ",
              "bets ", "raises ", " to ", "to ", "posts ", "small blind ", "big blind ", "the ante ", "small & big blinds ",
              "small blind", "$0.25", "1,500", "1,50", "25€", "$5.", "$0.255", "12345678901234567", " and is all-in",
              "and is all-in", "discards ", "2", "12", "٣", " card", " cards", "s", "stands pat", " on ", "stands pat on ",
              "[As 3h]", "[]", "[As 3h", "[Kd]", "[1c]", "]", "[", "mucks hand", "doesn't show hand", "shows ", " (",
              "(Badugi: 8,4,3,A)", ")", "(", "x", "\r", "é", "😀"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(ACT_PIECES), min_size=1, max_size=9), st.sampled_from(["", "é", "😀"]))
def test_an_action_read_in_place_reads_as_the_line_read_alone(pieces: list[str], pad: str) -> None:
    """``read_new_run_in`` reads an action in a plain shape in place (``_act_in``: no line cut out, no memo lookup): the
    value ``_read_run_line`` gives the line cut out (or the same error), for lines made of the plain shapes' pieces
    shuffled (near misses: an amount or card group a character off, words past the line's end, colons in names), in
    text of each width."""
    line = "".join(pieces)
    text = f"{pad}x\n{line}\n{pad}"
    start = text.index("\n") + 1
    assert value_or_error(lines.read_new_run_in, text, start, start + len(line) + 1) == value_or_error(
        lambda: [lines._read_run_line(line)]), line


@settings(max_examples=1000, deadline=None)
@given(st.sampled_from(["Ann", "Zoë", "x: y", "玩家 b"]),
       st.sampled_from(["folds", "checks", "calls $0.25", "calls 1,500 and is all-in", "bets $0.50", "bets 25€",
                        "raises $0.25 to $0.50", "raises 10 to 20 and is all-in", "posts small blind $0.05",
                        "posts big blind 10", "posts the ante 1", "posts small & big blinds $0.15 and is all-in",
                        "discards 2 cards [8h 6s]", "discards 1 card", "discards 0 cards", "stands pat",
                        "stands pat on [As 2c 3d 4h]", "mucks hand", "doesn't show hand", "shows [8c 5d 7s Th]",
                        "shows [8c 5d 7s Th] (Badugi: T,8,7,5)", "shows [] ()"]),
       st.sampled_from(["", " ", "\t ", "  "]), st.sampled_from(["", "é", "😀"]))
def test_plain_actions_read_in_place_read_as_the_line_read_alone(name: str, verb: str, blanks: str, pad: str) -> None:
    line = f"{name}: {verb}{blanks}"
    text = f"{pad}\n{line}\n"
    [value] = lines.read_new_run_in(text, len(pad) + 1, len(text))
    assert value == lines._read_run_line(line)
    assert value == lines._read_run_line(line.rstrip())


SEAT_PIECES = ["Seat ", "3", "12", "٣", ": ", ":", " ", "  ", "\t", "Ann", "Zoë", "玩家", "x (y)", " (", "(", "$1.50",
               "1,500", "1,50", "25€", "$5.", " in chips)", " in chips", "in chips)", " is sitting out", ")", ", $1 bounty",
               " out of hand (", "x", "é", "😀"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(SEAT_PIECES), min_size=1, max_size=9), st.sampled_from(["", "é", "😀"]),
       st.booleans())
def test_a_seat_line_read_in_place_reads_as_the_line_read_alone(pieces: list[str], pad: str, plain: bool) -> None:
    """``read_seat_lines_in`` reads a seat line in its plain shape in place (``_seat_in``: no line cut out, no memo
    lookup): the value ``_read_seat_line`` gives the line cut out (or the same error), for lines made of the plain
    shape's pieces shuffled (or starting as one: ``Seat 1: ``), in text of each width."""
    line = ("Seat 1: " if plain else "") + "".join(pieces)
    text = f"{pad}x\n{line}\n{pad}"
    start = text.index("\n") + 1
    assert value_or_error(lines.read_seat_lines_in, text, start, start + len(line) + 1) == value_or_error(
        lambda: [lines._read_seat_line(line)]), line


SUMMARY_PIECES = ["Seat ", "3", "12", "٣", ": ", ":", " ", "  ", "\t", "Ann", "Zoë", "玩家", " (button)", " (small blind)",
                  " (big blind)", "folded ", " folded ", "before the Draw", "before Flop", "after the ", "1st ", "2nd ",
                  "3rd ", "4th ", "Draw", " Draw", " (didn't bet)", "showed ", " showed [", "[As 3h]", "[]", "[As 3h",
                  "[Kd]", "[1c]", "]", " and ", "won (", "lost", " with ", "a Badugi: 8,4,3,A", "a ", ")", "(", "$0.25",
                  "1,500", "1,50", "25€", "$5.", " mucked", " mucked ", "mucked", "collected (", " collected (", "x", "é",
                  "😀"]


@settings(max_examples=4000, deadline=None)
@given(st.lists(st.sampled_from(SUMMARY_PIECES), min_size=1, max_size=10), st.sampled_from(["", "é", "😀"]),
       st.booleans())
def test_a_summary_line_read_in_place_reads_as_the_line_read_alone(pieces: list[str], pad: str, plain: bool) -> None:
    """``read_summary_lines_in`` reads a summary seat line in a plain shape in place (``_summary_in``: no line cut out,
    no memo lookup): the value ``_read_summary_seat`` gives the line cut out (or the same error), for lines made of
    the plain shapes' pieces shuffled (or starting as one: ``Seat 1: ``), in text of each width."""
    line = ("Seat 1: " if plain else "") + "".join(pieces)
    text = f"{pad}x\n{line}\n{pad}"
    start = text.index("\n") + 1
    assert value_or_error(lines.read_summary_lines_in, text, start, start + len(line) + 1) == value_or_error(
        lambda: [lines._read_summary_seat(line)]), line


@settings(max_examples=1000, deadline=None)
@given(st.sampled_from(["Ann", "Zoë", "x: y", "玩家 b", "a folded b", "c showed [As] and lost d"]),
       st.sampled_from(["", " (button)", " (small blind)", " (big blind)", " (button) (small blind)"]),
       st.sampled_from(["folded before the Draw", "folded before Flop", "folded after the Draw",
                        "folded after the 1st Draw", "folded after the 2nd Draw (didn't bet)", "folded after the 3rd Draw",
                        "folded before the Draw (didn't bet)", "showed [As 2c 3d 4h] and won ($1.25) with a Badugi: 4,3,2,A",
                        "showed [As 2c 3d 4h] and lost with a 3-card: 4,3,A", "showed [As 2c 3d 4h] and lost",
                        "showed [Kd] and won (1,500)", "mucked [Kd Qd Jc Th]", "mucked", "collected ($0.50)",
                        "collected (25€)"]),
       st.sampled_from(["", " ", "\t ", "  "]), st.sampled_from(["", "é", "😀"]))
def test_plain_summary_lines_read_in_place_read_as_the_line_read_alone(name: str, position: str, result: str,
                                                                       blanks: str, pad: str) -> None:
    line = f"Seat 4: {name}{position} {result}{blanks}"
    text = f"{pad}\n{line}\n"
    [value] = lines.read_summary_lines_in(text, len(pad) + 1, len(text))
    assert value == lines._read_summary_seat(line)


def test_a_line_memo_looked_up_in_place_keeps_and_empties_as_a_memo() -> None:
    """``read_seat_lines_in``'s memo is looked up and filled in place (``memo_api.get_in``/``keep_in``; compiled, a C
    table over the lines' bytes): a line read again is the value kept (the same object), a part of a longer text finds
    the line kept from another text of one byte a character, and the memo is emptied at its limit before a line is
    kept, as ``Memo.read`` empties it: after three lines with a limit of three, a fourth empties it, so the first is
    read afresh."""
    from badugi.parsers.rooms.base import Memo
    saved = lines._SEAT_LINES, lines._SEAT_LINES_LIMIT
    try:
        for pad in ("", "é", "玩", "😀"):
            lines._SEAT_LINES, lines._SEAT_LINES_LIMIT = Memo(lines._read_seat_line, 3), 3
            block = seat_block(["Ann", "Bob", "Cy"])
            first = lines.read_seat_lines_in(block, 0, len(block))
            again = lines.read_seat_lines_in(block, 0, len(block))
            assert [a is b for a, b in zip(first, again)] == [True, True, True]
            text = pad + "x\n" + block + pad
            inside = lines.read_seat_lines_in(text, len(pad) + 2, len(text))
            assert inside == first
            if pad in ("", "é"):  # (wider text is looked up and kept through the dict: its lines are another memo's)
                assert [a is b for a, b in zip(first, inside)] == [True, True, True]
            fourth = "Seat 4: Dee ($4.50 in chips)\n"
            lines.read_seat_lines_in(fourth, 0, len(fourth))
            after = lines.read_seat_lines_in(block, 0, len(block))
            assert after == first and after[0] is not first[0]
    finally:
        lines._SEAT_LINES, lines._SEAT_LINES_LIMIT = saved


def test_many_memos_each_keep_their_lines() -> None:
    """Each new memo keeps its lines and finds them again, however many memos the process made (compiled: a memo past
    the C tables there are is looked up and filled through its dict)."""
    from badugi.parsers.rooms.base import Memo
    saved = lines._SEAT_LINES
    try:
        for _ in range(40):
            lines._SEAT_LINES = memo = Memo(lines._read_seat_line, 10)
            block = seat_block(["Ann", "Bob"])
            first = lines.read_seat_lines_in(block, 0, len(block))
            again = lines.read_seat_lines_in(block, 0, len(block))
            assert [a is b for a, b in zip(first, again)] == [True, True]
            assert len(memo) in (0, 2)  # (kept in its C table, else in the dict)
    finally:
        lines._SEAT_LINES = saved


def test_a_counting_memo_counts_the_lines_looked_up_in_place() -> None:
    """A ``CountingMemo`` (``BADUGI_MEMO_STATS=1``) is asked through its own ``get``: every line of a part read in place
    is one lookup, a line kept before one hit."""
    from badugi.parsers.rooms.base import CountingMemo
    saved = lines._SUMMARY_LINES
    try:
        lines._SUMMARY_LINES = counting = CountingMemo(lines._read_summary_seat, 100)
        block = summary_block(["Ann", "Bob"])
        first = lines.read_summary_lines_in(block, 0, len(block))
        again = lines.read_summary_lines_in("x\n" + block, 2, len(block) + 2)
        assert (counting.lookups, counting.hits) == (8, 4)
        assert [a is b for a, b in zip(first, again)] == [True] * 4
        assert set(counting) == set(block.splitlines())
    finally:
        lines._SUMMARY_LINES = saved


def test_many_lines_kept_in_place_are_each_found_again() -> None:
    """Lines that differ in one character (near keys of the C table's hash, of every length up to past 8 bytes a step)
    are each found again as the value kept for that line, none for another."""
    names = [f"p{k}" for k in range(300)] + ["a" * k for k in range(1, 40)]
    block = "".join(f"{name}: folds\n" for name in names)
    first = lines.read_new_run_in(block, 0, len(block))
    again = lines.read_new_run_in(block, 0, len(block))
    assert [value.name for value in again] == names
    assert all(a is b for a, b in zip(first, again))


COLLECT_PIECES = ["Ann", "Zoë", "玩家", "a", "x y", "c:d", "e: f", ": ", ":", " ", "  ", "\t", " collected ", "collected ",
                  " collected", "$0.25", "1,500", "1,50", "25€", "$5.", "12345678901234567", " from ", "from ", " from",
                  "main ", "side ", "main", "pot", "pot-", "-2", "-", "-x", "12", "٣", "Dealt to ", "Uncalled bet (",
                  ") returned to ", " said, \"", "\"", " has timed out", "x", "é", "😀"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(COLLECT_PIECES), min_size=1, max_size=9), st.sampled_from(["", "é", "😀"]),
       st.booleans())
def test_a_collect_line_read_in_place_reads_as_the_line_read_alone(pieces: list[str], pad: str, plain: bool) -> None:
    """``read_new_run_in`` reads a ``collected`` line in its plain shape in place (``_collect_in``): the value
    ``_read_run_line`` gives the line cut out (or the same error), for lines made of the plain shape's pieces shuffled
    (or ending as one: `` collected $1 from pot``), names holding colons, lines starting with another terminal's words,
    in text of each width."""
    line = "".join(pieces) + (" collected $1 from pot" if plain else "")
    text = f"{pad}x\n{line}\n{pad}"
    start = text.index("\n") + 1
    assert value_or_error(lines.read_new_run_in, text, start, start + len(line) + 1) == value_or_error(
        lambda: [lines._read_run_line(line)]), line


@pytest.mark.parametrize("line, name, amount, pot", [
    ("Lino19 collected $2.55 from side pot-2", "Lino19", 255, "side-2"),
    ("Ann B collected 1,500 from main pot", "Ann B", 150000, "main"),
    ("x collected 25€ from pot \t", "x", 2500, "pot"),
    ("a collected b collected $1 from pot-13", "a collected b", 100, "pot-13"),
])
def test_a_collect_line_keeps_its_fields(line: str, name: str, amount: int, pot: str) -> None:
    text = line + "\n"
    [value] = lines.read_new_run_in(text, 0, len(text))
    assert (value.name, value.amount, value.pot) == (name, amount, pot)
