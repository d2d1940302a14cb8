"""A local pool's import cuts a UTF-8 text file's later tasks by bytes (``importer._cut_by_bytes``): the
importing process finds the next hand's first line near each task's size instead of splitting every hand,
and each worker splits its range itself (``ranges.read_cut``). The hands, lines, offsets, prefix hashes and
the stored database must be those of the split of the whole file."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from badugi.analytics.importer import FileReport, _plan, import_files
from badugi.analytics.ranges import read_cut
from badugi.analytics.store import Store
from badugi.errors import BadInput
from badugi.parsers.reader import HandStarts, iter_hand_texts
from conftest import SAMPLES

from test_import import assert_same_database

HEADER = re.compile(rb"PokerStars Game #")


def _hands(data: bytes) -> list[bytes]:
    starts = [m.start() for m in HEADER.finditer(data)]
    return [data[a:b] for a, b in zip(starts, starts[1:] + [len(data)])]


def _mixed_file(path: Path) -> Path:
    """The 200-hand PokerStars sample (CRLF, a BOM) made harder to cut: text of no hand (a line starting like a
    PokerStars header that is none among it), a hand in cp1252 (a note), more blank lines, a "#" line inside a
    hand, the first 30 hands again (duplicates), and a last hand cut short (tentative)."""
    data = (SAMPLES / "pokerstars_fl_cash_6max.txt").read_bytes()
    hands = _hands(data)
    out = bytearray(data[:data.index(b"PokerStars Game #")])
    for index, hand in enumerate(hands + hands[:30]):
        if index == 45:
            out += b"these lines are no hand\r\nPokerStars is not a hand's first line\r\n\r\n"
        if index == 70:
            hand = hand.replace(b"Hero", b"H\xe9ro")
        if index == 100:
            out += b"\r\n \r\n\t\r\n\r\n"
        if index == 130:
            hand = hand.replace(b"\r\n", b"\r\n#2 is not a hand\r\n", 1)
        out += hand
    out += hands[5][:len(hands[5]) // 2]
    path.write_bytes(bytes(out))
    return path


def test_a_pool_plan_cuts_later_tasks_at_hand_starts_into_the_hands_of_the_whole_split(tmp_path: Path) -> None:
    """The first task is split here (20 hands: the size the others are cut at), the next ones are byte ranges that
    their workers split into exactly the hands the split of the whole file gives (the last of each complete, as
    a hand's first line follows it), the rest is split here again; every task ends where its last hand ends,
    with that line and the hash of the file up to there."""
    path = _mixed_file(tmp_path / "mixed.txt")
    data = path.read_bytes()
    with path.open("rb") as fh:
        whole = list(iter_hand_texts(fh))
    with Store(tmp_path / "plan.duckdb") as store:
        tasks = list(_plan(store, path, FileReport(str(path)), 20, by_bytes=True))
    cuts = [task.cut for task in tasks if task.cut is not None]
    assert tasks[0].cut is None and len(tasks[0].texts) == 20
    assert len(cuts) >= 5 and all(cut.hands == -1 for cut in cuts)
    got = []
    start = 0
    for task in tasks:
        pieces = read_cut(task.cut) if task.cut is not None else list(task.texts)
        assert task.start == start
        last = pieces[-1]
        progress = task.fallback if task.fallback is not None else task.progress
        if task.fallback is not None:  # the tentative last hand
            assert (task.progress.bytes_read, progress.bytes_read) == (last.end_offset, pieces[-2].end_offset)
            last = pieces[-2]
        assert (progress.bytes_read, progress.lines_read + 1) == (last.end_offset, last.next_line)
        assert progress.prefix_hash == hashlib.blake2b(data[:progress.bytes_read], digest_size=16).hexdigest()
        got.extend(pieces)
        start = task.progress.bytes_read
    assert got == whole
    assert not whole[-1].complete and tasks[-1].fallback is not None


def test_a_pool_import_cut_by_bytes_stores_what_one_process_stores(tmp_path: Path) -> None:
    """The same database and report (rejects, duplicates, the cp1252 note, the tentative last hand pending) with
    2 jobs as in one process; then again once the file has grown (read on from where it stopped)."""
    path = _mixed_file(tmp_path / "mixed.txt")
    reports = {}
    for jobs in (1, 2):
        with Store(tmp_path / f"j{jobs}.duckdb") as store:
            reports[jobs] = import_files(store, [path], jobs=jobs, batch_hands=20).to_dict()
    assert reports[1] == reports[2]
    totals = reports[2]["totals"]
    assert totals["duplicates"] == 30 and totals["rejects"] >= 2 and totals["pending_bytes"] > 0
    assert reports[2]["files"][0]["note"] is not None
    assert_same_database(tmp_path / "j1.duckdb", tmp_path / "j2.duckdb")
    hands = _hands((SAMPLES / "pokerstars_fl_cash_6max.txt").read_bytes())
    data = path.read_bytes()
    path.write_bytes(data[:data.rindex(b"PokerStars Game #")] + b"".join(hands[5:120]))
    for jobs in (1, 2):
        with Store(tmp_path / f"j{jobs}.duckdb") as store:
            reports[jobs] = import_files(store, [path], jobs=jobs, batch_hands=20).to_dict()
    assert reports[1] == reports[2] and reports[2]["totals"]["duplicates"] == 115
    assert_same_database(tmp_path / "j1.duckdb", tmp_path / "j2.duckdb")


def test_a_range_cut_by_bytes_that_no_longer_ends_a_hand_is_an_error(tmp_path: Path) -> None:
    path = _mixed_file(tmp_path / "mixed.txt")
    with Store(tmp_path / "plan.duckdb") as store:
        cut = next(task.cut for task in _plan(store, path, FileReport(str(path)), 20, by_bytes=True)
                   if task.cut is not None)
    data = path.read_bytes()
    path.write_bytes(data[:cut.start] + b"Seat 9: someone\r\n" + data[cut.start:])
    with pytest.raises(BadInput, match="changed"):
        read_cut(cut)


def test_hand_starts_are_lines_a_room_recognises() -> None:
    starts = HandStarts()
    header = b"PokerStars Game #49265200002:  Badugi Limit ($0.25/$0.50 USD) - 2010/11/10 13:02:09 ET\r\n"
    assert starts.starts_hand(header) and starts.starts_hand(b"\xef\xbb\xbf" + header)
    assert not starts.starts_hand(b"PokerStars is not a hand's first line\r\n")
    assert not starts.starts_hand(b"#2 is not a hand\r\n")
    data = b"x\r\n#2 is not a hand\r\n\r\n" + header
    assert starts.candidate(data, 1, len(data)) == 3  # (a candidate; ``starts_hand`` then says no)
    assert starts.candidate(data, 4, len(data)) == data.index(header)
    assert starts.candidate(data, 4, 30) == -1


@pytest.mark.parametrize("data", [b"", b"no line end", b"a\n", b"\n\n\r\n", b"a\r\nb\n\n \t\r\n c\n#\nlast",
                                  b"\n x\n\n" * 50])
def test_count_lines_counts_each_line_end(data: bytes) -> None:
    from badugi.parsers.split import count_lines

    assert count_lines(data) == data.count(b"\n")
