"""Decoding and splitting: encodings, line ends, byte offsets, resumable reads, broken bytes.

Hand counts were taken from the files' header lines with grep (``grep -c '^.\\{0,3\\}PokerStars'``),
not from the splitter.
"""

from __future__ import annotations

import io

import pytest

from badugi.engine.record import Hand
from badugi.parsers.decode import UTF8, UTF16LE, decode_line, detect_encoding
from badugi.parsers.reader import iter_hand_texts, read_bytes, read_file, read_paths, read_text
from badugi.engine.record import Noise
from badugi.parsers.results import FileNote, FileSkipped, ParseFailure, Skipped
from badugi.parsers.split import split_stream
from conftest import SAMPLES, real_file

PS_FILES = {  # file -> hand headers (grep)
    "pokerstars/cash__3-Draw-Limit-USD-0.10-0.20-200911.txt": 17,
    "pokerstars/cash__3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt": 1,
    "pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt": 4,
    "pokerstars/cash__Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt": 1,
    "pokerstars/cash__Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt": 1,
    "pokerstars/tour__8-Game-2max-STT-play-100-201306.homeGame.shootout.txt": 137,
    "pokerstars/tour__LBad-USD-MTT8-201011.txt": 78,
}
CASH = "pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt"
# first lines of the 4 hands in the cash file, and the byte offsets of their headers (BOM = 3 bytes first)
CASH_FIRST_LINES = [1, 75, 106, 163]


def hands_of(data: bytes, chunk_size: int = 1 << 20, start: int = 0, line: int = 1):
    stream = io.BytesIO(data)
    encoding = detect_encoding(data[:512])
    stream.seek(max(start, encoding.bom))
    return list(split_stream(stream, encoding, max(start, encoding.bom), line, chunk_size=chunk_size))


# ---- encodings ------------------------------------------------------------------------------------

def test_detects_boms_and_bomless_utf16() -> None:
    assert detect_encoding(b"\xef\xbb\xbfPokerStars").codec == UTF8
    assert detect_encoding(b"\xef\xbb\xbfPokerStars").bom == 3
    assert detect_encoding(b"\xff\xfeF\x00u\x00").codec == UTF16LE
    assert detect_encoding("Full Tilt Poker Game #1".encode("utf-16-le")).codec == UTF16LE
    assert detect_encoding("Full Tilt Poker Game #1".encode("utf-16-le")).bom == 0
    assert detect_encoding(b"PokerStars Game #1").codec == UTF8


def test_decode_line_strips_crlf_keeps_trailing_spaces_and_reports_bad_bytes() -> None:
    enc = detect_encoding(b"x")
    assert decode_line(b"Hero: folds \r\n", enc) == ("Hero: folds ", None)
    assert decode_line(b"Hero: folds\n", enc) == ("Hero: folds", None)
    text, error = decode_line(b"Hero \xff\xfe: folds\r\n", enc)
    assert "\ufffd" in text and error is not None and "utf-8" in error


@pytest.mark.parametrize("relative,hands", sorted(PS_FILES.items()))
def test_every_header_starts_a_hand(relative: str, hands: int) -> None:
    data = real_file(relative).read_bytes()
    texts = hands_of(data)
    assert len(texts) == hands
    assert all(t.room == "pokerstars" and t.decode_error is None for t in texts)
    # a hand is complete once a blank line (or the next hand) follows it: all but maybe the last
    assert all(t.complete for t in texts[:-1])
    assert texts[-1].complete == data.endswith((b"\n\n", b"\n\r\n"))
    for t in texts:  # offsets point at the header bytes in the original file
        assert data[t.offset:].lstrip(b"\xef\xbb\xbf").startswith(b"PokerStars ")
        assert data[t.offset:t.end_offset].decode("utf-8-sig").replace("\r\n", "\n") == t.text


def test_cash_file_first_lines_and_offsets() -> None:
    data = real_file(CASH).read_bytes()
    texts = hands_of(data)
    assert [t.first_line for t in texts] == CASH_FIRST_LINES
    assert texts[0].offset == 3  # the header's first byte, after the 3-byte BOM
    assert texts[1].offset == data.index(b"PokerStars Game #49164247462")
    # trailing spaces survive, CR does not
    assert "Seat 1: Lino19 ($6.80 in chips) \n" in texts[0].text and "\r" not in texts[0].text
    # each hand ends with its last summary line; the three blank lines after it are not part of it
    assert texts[0].text.endswith("Seat 8: Kula91 (button) folded before the Draw (didn't bet)\n")
    assert texts[0].next_line == 72  # line 72 is the first of the three blank lines


@pytest.mark.parametrize("chunk_size", [1, 7, 64, 4096])
def test_chunk_size_does_not_change_the_split(chunk_size: int) -> None:
    data = real_file(CASH).read_bytes()
    assert hands_of(data, chunk_size) == hands_of(data)


def test_lf_utf8_and_utf16_copies_split_the_same() -> None:
    data = real_file(CASH).read_bytes()
    text = data.decode("utf-8-sig")
    expected = [(t.text, t.first_line) for t in hands_of(data)]
    for copy in (text.replace("\r\n", "\n").encode(), text.encode("utf-16-le"),
                 b"\xff\xfe" + text.encode("utf-16-le"), ("\ufeff" + text).encode("utf-8")):
        assert [(t.text, t.first_line) for t in hands_of(copy, chunk_size=33)] == expected


def test_utf16_hand_offsets_are_byte_offsets() -> None:
    text = real_file(CASH).read_bytes().decode("utf-8-sig")
    data = b"\xff\xfe" + text.encode("utf-16-le")
    second = hands_of(data)[1]
    assert data[second.offset:second.offset + 40].decode("utf-16-le") == "PokerStars Game #491"


# ---- resumable reads --------------------------------------------------------------------------

def test_resuming_at_end_offset_reads_the_rest_exactly() -> None:
    path = real_file(CASH)
    whole = list(read_file(path))
    texts = list(iter_hand_texts(open(path, "rb")))
    for k, t in enumerate(texts):
        rest = list(read_file(path, start_offset=t.end_offset, start_line=t.next_line))
        assert rest == whole[k + 1:]


def test_an_unfinished_last_hand_is_incomplete_until_a_blank_line_follows() -> None:
    data = real_file(CASH).read_bytes()
    cut = data.index(b"*** SUMMARY ***", data.index(b"PokerStars Game #49164287914"))
    texts = hands_of(data[:cut])
    assert [t.complete for t in texts] == [True, True, True, False]
    # once the summary is written but no blank line yet: still incomplete
    end = data.rindex(b"(didn't bet)\r\n") + len(b"(didn't bet)\r\n")
    assert hands_of(data[:end])[-1].complete is False
    assert hands_of(data[:end + 2])[-1].complete is True  # one blank line


# ---- broken input -----------------------------------------------------------------------------

def test_a_stray_trailing_byte_in_utf16_is_its_own_decode_failure() -> None:
    text = real_file(CASH).read_bytes().decode("utf-8-sig")
    data = b"\xff\xfe" + text.encode("utf-16-le") + b"X"  # odd length: a byte-wise re-saved copy
    results = list(read_bytes(data, "odd.txt"))
    assert [type(r) for r in results] == [Hand, Hand, Hand, Hand, ParseFailure]
    assert results[-1].code == "parse.decode" and results[-1].line == text.count("\n") + 1


def test_undecodable_bytes_spoil_only_their_hand() -> None:
    """Bytes that are neither UTF-8 nor cp1252 (0x81 and 0x8D are undefined there) spoil their hand."""
    data = real_file(CASH).read_bytes()
    at = data.index(b"Lino19: folds", data.index(b"PokerStars Game #49164247462"))
    broken = data[:at] + b"\x81\x8d" + data[at:]
    results = list(read_bytes(broken, "bad.txt"))
    assert [type(r).__name__ for r in results] == ["Hand", "ParseFailure", "Hand", "Hand"]
    assert results[1].code == "parse.decode" and results[1].line == 75


def test_a_windows_code_page_hand_is_read_as_cp1252_and_noted_once() -> None:
    """A client on Windows wrote its code page: a euro sign is byte 0x80, never UTF-8. The hand reads
    (its id and amounts right) and the file gets one note naming where cp1252 began."""
    data = real_file(CASH).read_bytes()
    second = data.index(b"PokerStars Game #49164247462")
    chat = b'Lino19 said, "5\x80 says he folds"\r\n'  # "5€" in cp1252
    at = data.index(b"Lino19: folds", second)
    data = data[:at] + chat + data[at:]
    at = data.index(b"Lino19: folds", data.index(b"PokerStars Game #49164287914"))
    data = data[:at] + chat + data[at:]
    results = list(read_bytes(data, "win.txt"))
    notes = [r for r in results if isinstance(r, FileNote)]
    hands = [r for r in results if isinstance(r, Hand)]
    assert len(notes) == 1 and notes[0].line == 75 and "cp1252" in notes[0].message
    assert len(hands) == 4 and hands[1].hand_id == "49164247462"
    said = [e.text for e in hands[1].events if isinstance(e, Noise) and e.kind == "chat"]
    assert said == ['Lino19 said, "5€ says he folds"']
    plain = next(r for r in read_bytes(real_file(CASH).read_bytes()) if isinstance(r, Hand) and r.hand_id == "49164247462")
    money = lambda c: (c.total_pot, c.rake, [(s.player, s.won) for s in c.summary])  # noqa: E731
    assert money(hands[1].claims) == money(plain.claims) and hands[1].claims.total_pot == 20  # "Total pot $0.20 | Rake $0"


def test_text_outside_any_hand_is_reported_not_dropped() -> None:
    data = b"hello, this is not a hand\r\n\r\n" + real_file(CASH).read_bytes().lstrip(b"\xef\xbb\xbf")
    results = list(read_bytes(data, "x.txt"))
    assert isinstance(results[0], ParseFailure) and results[0].code == "parse.unknown_room"
    assert results[0].line == 1 and sum(isinstance(r, Hand) for r in results) == 4
    assert list(read_text("")) == [FileSkipped("<text>", "empty file")]
    assert list(read_text("\n\n  \n")) == [FileSkipped("<text>", "empty file")]


def test_archive_separators_between_hands_are_neither_hands_nor_errors() -> None:
    """Full Tilt's archive export and trackers' exports write banners between hands."""
    one = real_file(CASH).read_bytes().lstrip(b"\xef\xbb\xbf")
    banner = b"*" * 20 + b" # 1 " + b"*" * 26 + b"\r\n\r\n"
    results = list(read_bytes(banner + one + b"\r\n" + banner.replace(b"1", b"2") + b"BEGIN\r\n\r\n" + one, "a.txt"))
    assert [type(r).__name__ for r in results] == ["Hand"] * 8


def test_read_paths_walks_folders_sorted_and_skips_hidden(tmp_path) -> None:
    data = real_file(CASH).read_bytes()
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "two.txt").write_bytes(data)
    (tmp_path / "a.txt").write_bytes(data)
    (tmp_path / ".hidden.txt").write_bytes(b"junk")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "x.txt").write_bytes(b"junk")
    (tmp_path / "NOTES.md").write_bytes(b"# not a hand history")
    files = [r.source.file for r in read_paths([tmp_path]) if isinstance(r, Hand)]
    assert files == [str(tmp_path / "a.txt")] * 4 + [str(tmp_path / "b" / "two.txt")] * 4


def test_a_missing_file_is_a_failure_value(tmp_path) -> None:
    [result] = list(read_file(tmp_path / "nope.txt"))
    assert isinstance(result, ParseFailure) and result.code == "parse.io"


def test_skipped_games_keep_file_line_and_offset() -> None:
    """The 8-Game file's first Hold'em hand (the hands before it are 2-7 Triple Draw, read): its header is
    on line 547, at byte 17,259 of the file (``grep -nb``)."""
    path = real_file("pokerstars/tour__8-Game-2max-STT-play-100-201306.homeGame.shootout.txt")
    results = list(read_file(path))
    skipped = [r for r in results if isinstance(r, Skipped)]
    assert skipped[0].line == 547 and skipped[0].offset == 17_259
    assert skipped[0].reason == "unsupported game: Hold'em Limit"
    assert all(isinstance(r, Hand) and r.game == "27_triple_draw" for r in results[:results.index(skipped[0])])


def test_memory_stays_flat_in_file_size(tmp_path) -> None:
    """Splitting a 6 MB file holds one chunk and one hand, not the file (tracemalloc peak)."""
    import tracemalloc

    one = real_file(CASH).read_bytes().lstrip(b"\xef\xbb\xbf")
    path = tmp_path / "big.txt"
    with path.open("wb") as out:
        for _ in range(850):
            out.write(one)
    assert path.stat().st_size > 6_000_000
    with path.open("rb") as stream:
        encoding = detect_encoding(stream.read(512))
        stream.seek(0)
        tracemalloc.start()
        count = sum(1 for _ in split_stream(stream, encoding, 0, 1, chunk_size=64 << 10))
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    assert count == 4 * 850
    assert peak < 1_000_000, peak


def test_a_hand_text_survives_pickling_whole() -> None:
    """Pool workers receive hands pickled: every field must come back, defaults included."""
    import dataclasses
    import pickle

    from badugi.parsers.split import HandText

    hand = HandText("PokerStars Hand #1: x\n", 7, 120, 180, "pokerstars", False, "bad byte", 3)
    back = pickle.loads(pickle.dumps(hand))
    assert back == hand and dataclasses.astuple(back) == dataclasses.astuple(hand) and back.next_line == 10
    plain = HandText("x\n", 1, 0, 2, None, True)
    assert pickle.loads(pickle.dumps(plain)) == plain


def test_an_unpickled_hand_text_is_made_without_the_dataclass_init(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pool worker unpickles a thousand split hands a task: each is made as the splitter makes one (its slots
    set, ``split.hand_text``), not through the frozen dataclass's ``__init__`` (ten ``object.__setattr__``
    calls); every field comes back all the same, defaults included."""
    import dataclasses
    import pickle

    from badugi.parsers.split import HandText

    hands = [HandText("PokerStars Hand #1: x\n", 7, 120, 180, "pokerstars", False, "bad byte", 3, "cp1252", True),
             HandText("x\n", 1, 0, 2, None, True)]
    data = pickle.dumps(hands)

    def refused(self: HandText, *args: object, **kwargs: object) -> None:
        raise AssertionError("HandText.__init__ called to unpickle")

    monkeypatch.setattr(HandText, "__init__", refused)
    back = pickle.loads(data)
    assert [type(h) for h in back] == [HandText, HandText]
    assert [dataclasses.astuple(h) for h in back] == [dataclasses.astuple(h) for h in hands]
    assert back == hands and back[0].next_line == 10


def test_a_file_with_cr_alone_line_ends_is_skipped_saying_so() -> None:
    """Lines ending in CR alone (classic Mac OS; no client writes it) split at LF make the file one line and
    one piece: before, its first hand was read as the whole file (a skipped game hid every hand after it,
    found by the mutation fuzzer). Now the file is skipped whole with that reason, in UTF-8 and UTF-16."""
    from badugi.parsers.filetypes import CR_ONLY
    from badugi.parsers.reader import read_bytes
    from badugi.parsers.results import FileSkipped
    text = (SAMPLES / "pokerstars_fl_cash_6max.txt").read_bytes().decode("utf-8-sig")
    mac = text.replace("\r\n", "\r")
    for data in (mac.encode("utf-8"), b"\xff\xfe" + mac.encode("utf-16-le")):
        assert list(read_bytes(data, "mac.txt")) == [FileSkipped("mac.txt", CR_ONLY)]
    # one CR (a line end lost at the end of a one-line file) is not enough to say so
    assert not any(isinstance(r, FileSkipped) for r in read_bytes(text.split("\r\n")[0].encode() + b"\r", "one.txt"))
