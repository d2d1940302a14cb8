"""The one-parse reading reads a common PokerStars first line as one token, ``HEADER`` (``pokerstars.lark``), cut by
``pokerstars._read_header`` into the texts of the tokens of ``header``. Its promise: every line it matches is a line
``header`` reads, to the same ``Header``; a line it does not match is read by the tokens of ``header`` as before.
Checked on every first line of the real and sample files, on generated lines (the pieces of real first lines shuffled,
so near misses are common) and on real first lines cut or grown by a character."""

from __future__ import annotations

import re
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedToken

from badugi.parsers.rooms.pokerstars import PokerStars, _read_header
from pokerstars_hands import files, hand_texts

ROOM = PokerStars()


@cache
def header_token() -> re.Pattern[str]:
    """The HEADER terminal, compiled."""
    (terminal,) = [t for t in PokerStars.parser().terminals if t.name == "HEADER"]
    return re.compile(terminal.pattern.to_regexp())


def reference(line: str):  # type: ignore[no-untyped-def]
    """The line as ``header`` reads it (Lark's own parser): its ``Header``, or None when it rejects the line."""
    try:
        return PokerStars.parser().parse(line, start="header")
    except Exception:  # noqa: BLE001 - any rejection (a syntax error, a value the transformer refuses)
        return None


def assert_fits(text: str) -> bool:
    """Where HEADER matches at the start of ``text`` it matches a whole first line, which ``header`` reads to the same
    value; whether it matched."""
    found = header_token().match(text)
    if found is None:
        return False
    line = text[:text.find("\n") + 1]
    assert found.group() == line and line, text  # (one whole line, its line end included)
    expected = reference(line)
    assert expected is not None, line
    assert _read_header(line) == expected, line
    return True


SHAPES = {
    "cash": "PokerStars Game #49164202872:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET\n",
    "tournament": "PokerStars Game #52475779512: Tournament #329147852, $2.00+$0.20 USD Badugi Limit - Level I (20/40)"
                  " - 2010/11/10 17:20:01 CET [2010/11/10 11:20:01 ET]\n",
    "home game, inner game": "PokerStars Home Game Hand #99631756108: {Dazzle's Room} Tournament #743144019, 100+9"
                             " 8-Game (Triple Draw 2-7 Lowball Limit) - Match Round I, Level I (10/20)"
                             " - 2013/06/09 17:06:45 ET\n",
    "cash inner game, licence": "PokerStars Hand #1:  8-Game (Badugi Limit) ($1/$2 USD) [AAMS ID: 0A1B2C3D4E5F6G7H]"
                                " - 2012/04/15 21:33:56 CET [2012/04/15 15:33:56 ET]\n",
    "play money, old date": "PokerStars Game #2: Badugi Limit (10/20) - 2009/10/12 - 13:51:22 (ET)\n",
}
"""A first line of each shape HEADER reads."""


@cache
def real_first_lines() -> tuple[str, ...]:
    lines = set()
    for path in files():
        text = path.read_bytes().decode("utf-8-sig", errors="replace").replace("\r", "")
        lines.update(row + "\n" for row in text.split("\n") if row.startswith(("PokerStars", "POKERSTARS")))
    return tuple(sorted(lines))


def test_every_real_and_sample_first_line_it_matches_reads_as_header_reads_it() -> None:
    matched = [line for line in real_first_lines() if assert_fits(line)]
    read = [line for line in real_first_lines() if reference(line) is not None]
    assert len(matched) >= 0.95 * len(read) and len(read) >= 100
    for shape, line in SHAPES.items():
        assert assert_fits(line), shape


def test_lines_it_leaves_to_the_tokens_of_header() -> None:
    """Shapes HEADER leaves out read as before (the tokens of ``header``), as do lines no reading accepts."""
    for line in ("PokerStars Hand #1:  Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD) - 2012/04/15 21:33:56 ET\n",
                 "PokerStars Game #1: Badugi Limit (0.25/0.50 USD) - 2010/09/05 10:32:15 ET\n",
                 "PokerStars Game #1: Badugi - Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET\n",
                 "PokerStars Game #1: Badugi -Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET\n",
                 "PokerStars Game #1: 8-Game (7 Card Stud Limit) ($1/$2 USD) - 2010/09/05 10:32:15 ET\n",
                 "PokerStars Game #1: Tournament #2, Freeroll -x Badugi Limit - Level I (10/20) - 2010/09/05 10:32:15 ET\n",
                 "PokerStars Game #1:\tBadugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET\n"):
        assert header_token().match(line) is None, line
    assert reference("PokerStars Game #1: Badugi -Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET\n") is not None


def test_a_hand_reads_its_first_line_as_one_token_and_the_same_record() -> None:
    text = ("PokerStars Game #1: Tournament #2, $2.00+$0.20 USD Badugi Limit - Level I (10/20) - 2010/11/10 17:20:01 CET"
            " [2010/11/10 11:20:01 ET]\nTable '2 1' 6-max Seat #1 is the button\nSeat 1: Ann (1500 in chips)\n"
            "Seat 2: Bob (1500 in chips)\nAnn: posts small blind 10\nBob: posts big blind 20\n*** DEALING HANDS ***\n"
            "Ann: folds\nUncalled bet (10) returned to Bob\nBob collected 20 from pot\n*** SUMMARY ***\n"
            "Total pot 20 | Rake 0\nSeat 1: Ann (small blind) folded before the Draw\n"
            "Seat 2: Bob (big blind) collected (20)\n")
    tokens = [token.type for token in PokerStars.parser().parse_interactive(text, start="hand").iter_parse()]
    assert tokens[0] == "HEADER"
    (hand,) = hand_texts(text.encode())
    assert ROOM.parse(hand, "f.txt") == ROOM._parse_in_two_steps(hand, "f.txt")


def test_the_lexer_of_all_terminals_names_the_token_it_named_before() -> None:
    """Where the contextual lexer finds no terminal of its state, Lark's lexer of all terminals names the token of the
    error: at a first line (here where a body's table line should be), TOUR_GAME (priority 2), as before HEADER (1)."""
    for line in (SHAPES["cash"], SHAPES["tournament"]):
        with pytest.raises(UnexpectedToken) as caught:
            PokerStars.parser().parse(line + "Table 'T' 6-max Seat #1 is the button\n", start="body")
        assert caught.value.token.type == "TOUR_GAME"


# ---- generated lines: the pieces of real first lines, shuffled and joined ---------------------------------------

PIECES = st.sampled_from([
    "PokerStars ", "Home Game ", "Zoom ", "Game ", "Hand ", "#", "49164202872", ": ", " ", "  ", "{Dazzle's Room} ",
    "{x}", "Tournament #", "Zoom Tournament #", "Rush Tournament #", "329147852", ", ", "$2.00+$0.20 USD ", "100+9 ",
    "Freeroll  ", "250 SC ", "Badugi Limit", "Badugi Pot Limit", "Triple Draw 2-7 Lowball Limit", "8-Game", "Hold'em",
    " (", "(", ")", " (Badugi Limit)", " (7 Card Stud Limit)", " (Hold'em No Limit, $0.10/$0.25 USD)", "$0.25",
    "/", "$0.50", " USD", "10", "20", "1,000", "25€", "0.25", " - ", "-", " -", "Level ", "I", "XIV", " (20/40)",
    "Match Round I, ", " [AAMS ID: 0A1B2C]", " [ADM ID: 9Z]", "2010/09/05 10:32:15", " ET", " CET",
    " [2010/11/10 11:20:01 ET]", "2009/10/12 - 13:51:22 (ET)", "\t", "x", "'", "&", ".", ",",
])
LINE_ENDS = st.sampled_from(["\n", " \n", " \t\n", "", "x\n"])
STARTS = st.sampled_from(["PokerStars Game #1:  ", "PokerStars Hand #2: ", "PokerStars Home Game Hand #3: ",
                          "PokerStars Game #4: Tournament #5, ", "PokerStars Zoom Hand #6: ", ""])
ENDS = st.sampled_from([" - 2010/09/05 10:32:15 ET", " - 2010/11/10 17:20:01 CET [2010/11/10 11:20:01 ET]",
                        " - 2009/10/12 - 13:51:22 (ET)", " - 2015/08/16 11:30:49", ""])


@settings(max_examples=2000, deadline=None)
@given(STARTS, st.lists(PIECES, min_size=1, max_size=10), ENDS, LINE_ENDS)
def test_generated_first_lines_it_matches_read_as_header_reads_them(start: str, pieces: list[str], end: str,
                                                                    line_end: str) -> None:
    assert_fits(start + "".join(pieces) + end + line_end)


@settings(max_examples=1000, deadline=None)
@given(st.data(), st.integers(0, 200), st.sampled_from(["", " ", "-", "(", ")", "[", "]", "{", "}", "#", ":", ",", "x",
                                                         "1", "$", "\t", " - ", " (", "\n"]), st.booleans())
def test_real_first_lines_cut_or_grown_read_as_header_reads_them(data: st.DataObject, at: int, piece: str,
                                                                 cut: bool) -> None:
    line = data.draw(st.sampled_from(real_first_lines()))
    at = min(at, len(line) - 1)
    assert_fits(line[:at] + line[at + 1:] if cut else line[:at] + piece + line[at:])
