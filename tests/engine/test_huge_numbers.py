"""Numbers too large for a machine integer (a corrupted table size, seat, stack or amount) never stop the replay
or an import: the replay judges the claim as written (Python's integers have no size) and the import keeps a hand
whose numbers do not fit its store columns as a reject (``parse.too_large``). Compiled and pure Python alike."""

from __future__ import annotations

import io

import pytest

from badugi.analytics.batch import process_hands
from badugi.engine.record import Hand
from badugi.engine.replay import replay
from badugi.parsers.reader import iter_hand_texts, read_text
from conftest import SAMPLES

HUGE = "99999999999999999999"  # > 2**64: no C integer holds it


def _first_hand() -> str:
    """The first hand of the 6-max PokerStars sample (6 seats, Seat #5 the button; BadugiBob raises and wins the
    blinds), LF line ends."""
    text = (SAMPLES / "pokerstars_fl_cash_6max.txt").read_bytes().decode("utf-8-sig").replace("\r\n", "\n")
    return text.split("\n\n\n")[0].strip("\n") + "\n"


def _replayed(text: str) -> tuple[str, ...]:
    [hand] = [r for r in read_text(text, "huge.txt") if isinstance(r, Hand)]
    return replay(hand).codes


def test_a_huge_table_size_holds_the_seats() -> None:
    """``Table 'Draco XV' 99999999999999999999-max``: six seats fit such a table: nothing to flag (it crashed
    the compiled walk's table-size check, which took the size as a C integer)."""
    text = _first_hand().replace("6-max", f"{HUGE}-max", 1)
    assert _replayed(text) == ()


def test_a_huge_seat_number_is_beyond_the_table() -> None:
    """``Seat 99999999999999999999: Hero``: beyond the 6-max table (and the summary's ``Seat 1: Hero`` differs)."""
    text = _first_hand().replace("Seat 1: Hero ($4.20", f"Seat {HUGE}: Hero ($4.20", 1)
    codes = _replayed(text)
    assert "seat.over_table_size" in codes and "summary.mismatch" in codes


@pytest.mark.parametrize("old, new", [
    ("6-max", f"{HUGE}-max"),
    ("Seat 1: Hero ($4.20", f"Seat {HUGE}: Hero ($4.20"),
    ("($49.65 in chips)", f"(${HUGE}.65 in chips)"),
    ("raises $0.25 to $0.50", f"raises $0.25 to ${HUGE}.50"),
])
def test_an_import_rejects_a_hand_whose_numbers_do_not_fit(old: str, new: str) -> None:
    """The import's own path (``process_hands``): the hand is one reject naming the line of the huge number and
    its trouble, never an exception; the hand after it is stored as usual."""
    first = _first_hand()
    assert first.count(old) == 1
    second = first.replace("#49265200002", "#49265200003", 1)
    data = (first.replace(old, new, 1) + "\n\n\n" + second).encode()
    texts = tuple(iter_hand_texts(io.BytesIO(data)))
    tables, _ = process_hands(texts, "huge.txt")
    rejects = tables["rejects"].to_pylist()
    line = 1 + next(i for i, text in enumerate(first.split("\n")) if old in text)
    assert [(r["code"], r["line"]) for r in rejects] == [("parse.too_large", line)], rejects
    assert "too large" in rejects[0]["message"]
    assert tables["hands"].column("room_hand_id").to_pylist() == ["49265200003"]
