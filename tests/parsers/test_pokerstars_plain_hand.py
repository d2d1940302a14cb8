"""``pokerstars.plain_hand`` reads a hand without the parser only where the lexer surely makes the tokens HEADER,
HAND_TABLE and HAND_REST of it: whatever it reads, the parse from ``hand`` reads the same (the same ``[header, body]``,
the same skip, the same error raised), by lark-cython's parser and by Lark's own. Compared on every real and sample
hand, on generated first lines (pieces of real ones shuffled: near misses of HEADER), on hands whose table line and
the line after the seat lines are cut or grown, and on corrupted real hands. In both twins (``tests/test_compiled.py``
runs this file on the pure path)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput

from badugi.parsers.rooms.base import NotRead
from badugi.parsers.rooms.pokerstars import PokerStars, plain_hand
from pokerstars_hands import files, hand_texts, mutated_pieces

ROOM = PokerStars()


def outcome(read, text: str) -> tuple | None:  # type: ignore[no-untyped-def]
    """What reading ``text`` gives: a value, a skip (``NotRead``'s header), the parser's refusal or a value error."""
    try:
        value = read(text)
    except NotRead as skip:
        return ("skip", skip.header)
    except UnexpectedInput:
        return ("unread",)
    except ValueError as error:
        return ("error", str(error))
    return None if value is None else ("value", value)


def assert_same(text: str) -> bool:
    """Whether ``plain_hand`` read ``text``; where it did, both parsers read it the same."""
    plain = outcome(lambda t: plain_hand(ROOM, t), text)
    if plain is None:
        return False
    for parser in (PokerStars.fast_parser(), PokerStars.parser()):
        assert plain == outcome(lambda t: parser.parse(t, start="hand"), text), text[:300]
    return True


def test_every_real_and_sample_hand_reads_as_the_parser_reads_it() -> None:
    read = total = 0
    for path in files():
        for hand in hand_texts(path.read_bytes()):
            total += 1
            read += assert_same(hand.text)
    assert total > 100 and read > total * 0.9, (read, total)


SMALL_HAND = """\
{header}
{table}
Seat 1: Ann ($5 in chips)
Seat 2: Bob ($5 in chips)
{first}
Bob: posts big blind $0.25
*** DEALING HANDS ***
Ann: folds
Uncalled bet ($0.15) returned to Bob
Bob collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
Seat 1: Ann (small blind) folded before the Draw
Seat 2: Bob (big blind) collected ($0.20)
"""

HEADERS = ["PokerStars Game #49164202872:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET",
           "PokerStars Hand #81631597149:  Badugi Limit ($0.10/$0.20 USD) - 2012/06/10 12:01:01 CET "
           "[2012/06/10 6:01:01 ET]",
           "PokerStars Game #52475779512: Tournament #329147852, $2.00+$0.20 USD Badugi Limit - Level I (20/40) - "
           "2010/11/10 17:20:01 ET",
           "PokerStars Home Game Hand #99631756108: {Dazzle's Room} Tournament #743144019, 100+9 8-Game (Badugi "
           "Limit) - Level IV (50/100) - 2013/05/06 1:02:03 ET",
           "PokerStars Game #1: 8-Game (Badugi Limit) ($1/$2 USD) - 2011/01/01 10:00:00 ET",
           "PokerStars Zoom Hand #3: Hold'em No Limit ($0.05/$0.10) - 2014/02/03 04:05:06 ET",
           "PokerStars Game #4: Badugi Limit (10/20) - 2009/10/12 - 13:51:22 (ET)",
           "PokerStars Game #5: Badugi Limit ($0.10/$0.20 EUR) [AAMS ID: 0A1B2C3D] - 2015/08/16 11:30:49",
           "PokerStars Game #6: Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD) - 2015/08/16 11:30:49 ET"]
TABLES = ["Table 'Benkoela V' 8-max Seat #8 is the button",
          "Table '743144019 1' 2-max (Play Money) Seat #1 is the button", "Table 'T' 6-max Seat #1 is the button",
          "Table 'it''s' Seat #2 is the button", "Table 'T 2' (Play Money)", "Table 'T' 9-max"]
FIRSTS = ["Ann: posts small blind $0.10", "*** DEALING HANDS ***", "*** SUMMARY ***", "Ann said, \"hi\"",
          "Ann: posts small blind $0.10 and is all-in", "Ann has timed out"]
HEADER_PIECES = st.sampled_from([
    "PokerStars ", "Home Game ", "Zoom ", "Game ", "Hand ", "#", "1", "49164202872", ": ", ":  ", "{Club} ", "{",
    "Badugi Limit", "8-Game", " (Badugi Limit)", " ($0.25/$0.50 USD)", " (10/20)", " ($1/$2)", " (", ")", "/", " - ",
    "Tournament #", "329147852, ", "$2.00+$0.20 USD ", "Freeroll  ", "Level I", " (20/40)", "Match Round II, ",
    " [AAMS ID: 0A1B]", "2010/09/05 10:32:15", " ET", " CET", " [2010/09/05 4:32:15 ET]", "\t", " ", "x", "-", ",",
])
GROW = st.sampled_from(["", " ", "'", "\t", "x", "(", ")", "#", "-max", " Seat #", "1", "\n", "Seat ", "*** "])


@settings(max_examples=1500, deadline=None)
@given(st.lists(HEADER_PIECES, min_size=1, max_size=14), st.sampled_from(TABLES), st.sampled_from(FIRSTS))
def test_generated_first_lines_read_as_the_parser_reads_them(pieces: list[str], table: str, first: str) -> None:
    assert_same(SMALL_HAND.format(header="".join(pieces), table=table, first=first))


@settings(max_examples=1500, deadline=None)
@given(st.sampled_from(HEADERS), st.sampled_from(TABLES), st.sampled_from(FIRSTS), st.sampled_from(["header", "table",
       "first"]), st.integers(0, 120), GROW, st.booleans())
def test_lines_cut_or_grown_read_as_the_parser_reads_them(header: str, table: str, first: str, which: str, at: int,
                                                         piece: str, cut: bool) -> None:
    lines = {"header": header, "table": table, "first": first}
    line = lines[which]
    at = min(at, len(line))
    lines[which] = line[:at] + line[at + 1:] if cut else line[:at] + piece + line[at:]
    assert_same(SMALL_HAND.format(**lines))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_corrupted_real_hands_read_as_the_parser_reads_them(data: st.DataObject) -> None:
    for hand in mutated_pieces(data):
        assert_same(hand.text)
