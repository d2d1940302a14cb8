"""A number too large for any store column (a corrupted amount of 23 digits) rejects its own hand, with file,
line and hand id, and never stops the file: before, making the batch's Arrow columns raised
``OverflowError`` out of ``process_file_bytes`` and the import of the whole file."""

from __future__ import annotations

import re
from pathlib import Path

from badugi.analytics.batch import process_file_bytes
from badugi.analytics.importer import import_files
from badugi.analytics.store import Store
from conftest import SAMPLES

CASH = SAMPLES / "pokerstars_fl_cash_6max.txt"
HUGE = "9" * 23  # 10^23 - 1 dollars: far past 2^63 - 1 cents


def spoiled() -> tuple[bytes, int, str, int]:
    """The sample's first three hands, the second hand's first call spoiled: (bytes, its line, its hand id,
    hands in the text)."""
    text = CASH.read_bytes().decode("utf-8-sig")
    starts = [m.start() for m in re.finditer(r"(?m)^PokerStars (?:Game|Hand) #", text)]
    text = text[:starts[3]]
    second = text[starts[1]:starts[2]]
    hand_id = re.match(r"PokerStars (?:Game|Hand) #(\d+)", second).group(1)
    call = re.search(r"(?m)^.+: calls \$[\d.]+", second)
    at = starts[1] + call.start()
    line = text.count("\n", 0, at) + 1
    bad = re.sub(r"calls \$[\d.]+", f"calls ${HUGE}", call.group(0))
    text = text[:at] + bad + text[at + len(call.group(0)):]
    return text.encode("utf-8"), line, hand_id, 3


def test_a_number_too_large_to_store_rejects_its_hand_only() -> None:
    data, line, hand_id, hands = spoiled()
    batch = process_file_bytes(data, "big.txt", settled=True)
    assert batch.tables["hands"].num_rows == hands - 1
    (reject,) = batch.tables["rejects"].to_pylist()
    assert reject["code"] == "parse.too_large" and reject["line"] == line, reject
    assert reject["message"].startswith(f"big.txt:{line} (hand #{hand_id}): a number in this hand is too large for its store column"), reject
    assert HUGE in reject["raw"]  # the hand's text is kept


def test_the_import_goes_on(tmp_path: Path) -> None:
    data, _line, _hand_id, hands = spoiled()
    path = tmp_path / "big.txt"
    path.write_bytes(data)
    with Store(tmp_path / "db.duckdb") as store:
        import_files(store, [path])
        assert store.count("hands") == hands - 1
        assert store.count("rejects") == 1


def test_a_seat_number_past_its_column_rejects_its_hand_only() -> None:
    """A seat number of eleven digits fits 64 bits but not the seat column: the same reject, at the hand's
    first line (no amount-sized number to point at)."""
    text = CASH.read_bytes().decode("utf-8-sig")
    starts = [m.start() for m in re.finditer(r"(?m)^PokerStars (?:Game|Hand) #", text)]
    text = text[:starts[2]]
    at = text.index("Seat 1: ", starts[1])
    text = text[:at] + "Seat 10000000000: " + text[at + len("Seat 1: "):]
    batch = process_file_bytes(text.encode(), "seat.txt", settled=True)
    assert batch.tables["hands"].num_rows == 1
    (reject,) = batch.tables["rejects"].to_pylist()
    line = text.count("\n", 0, starts[1]) + 1
    assert reject["code"] == "parse.too_large" and reject["line"] == line, reject
