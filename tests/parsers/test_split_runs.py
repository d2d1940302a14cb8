"""The splitter cuts runs of alike lines (blank lines; lines that neither are blank nor start like a
hand's first line) out of UTF-8 files with one regex match. Splitting line by line must give the same
hands: a custom ``detect`` without ``prefixes`` makes the splitter look at every line on its own.
(That mode also decodes every line, so a line that is only a BOM counts as blank there and as text with
the prefix filter: such lines are left out of the comparison.)"""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from badugi.parsers.decode import detect_encoding
from badugi.parsers.rooms import detect_room
from badugi.parsers.split import split_stream

LINES = [
    b"PokerStars Game #49164202872:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET",
    b"\xef\xbb\xbfPokerStars Hand #8:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET",
    b"Full Tilt Poker Game #25309281432: Table Yarrow (6 max) - $0.05/$0.10 - Limit Badugi - 20:37:12 ET - 2010/11/27",
    b"PokerStars fan: hello", b"Table 'Benkoela V' 8-max Seat #8 is the button", b"Seat 1: Lino19 ($6.80 in chips) ",
    b"Lino19: folds ", b"*** SUMMARY ***", b"Zo\xc3\xab: calls $0.25", b"bad \xff byte", b"\xef\xbb\xbfx", b"",
    b"   ", b"\t", b" \r", b"x", b"Seat 2: a (button) folded before the Draw",
]


def pieces(data: bytes, chunk_size: int, line_by_line: bool) -> list:
    encoding = detect_encoding(data[:512])
    stream = io.BytesIO(data)
    stream.seek(encoding.bom)
    if line_by_line:
        return list(split_stream(stream, encoding, encoding.bom, 1, detect=detect_room, chunk_size=chunk_size))
    return list(split_stream(stream, encoding, encoding.bom, 1, chunk_size=chunk_size))


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(st.sampled_from(LINES), max_size=40), crlf=st.booleans(), end=st.booleans(),
       chunk_size=st.sampled_from([3, 17, 64, 1 << 20]))
def test_runs_give_the_hands_of_a_line_by_line_split(lines: list[bytes], crlf: bool, end: bool,
                                                     chunk_size: int) -> None:
    data = (b"\r\n" if crlf else b"\n").join(lines) + (b"\n" if end else b"")
    assert pieces(data, chunk_size, False) == pieces(data, chunk_size, True)


def test_a_hand_is_one_block_whatever_the_chunks() -> None:
    hand = b"\n".join(LINES[:1] + LINES[4:9]) + b"\n\n\n"
    data = hand * 3
    for chunk_size in (5, 100, 1 << 20):
        found = pieces(data, chunk_size, False)
        assert [h.first_line for h in found] == [1, 9, 17]  # 6 lines, the 6th line end, 2 blank lines
        assert [h.line_count for h in found] == [6, 6, 6]
        assert [h.end_offset - h.offset for h in found] == [len(hand) - 2] * 3  # up to the 6th line end
        assert all(h.complete and h.room == "pokerstars" for h in found)
