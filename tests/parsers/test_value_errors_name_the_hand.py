"""A value the grammar reads but a converter refuses (a card ``1c``, an amount ``$0.001``) is reported at the
line that holds it, naming the hand (the guide: every error names file, line, hand id and what was
expected). Before, such a failure said only ``file:<first line of the hand>: ...``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from badugi.parsers.reader import read_bytes
from badugi.parsers.results import ParseFailure
from conftest import REAL_HH, SAMPLES

HEADER = re.compile(r"(?m)^(?:PokerStars (?:Game|Hand) |)#(\d+):")


def spoiled(path: Path, pattern: str, replace: str) -> tuple[bytes, int, str]:
    """The file with the first match of ``pattern`` after its first hand (if it has two) replaced: (bytes, the file line of
    the replaced text, the id of the hand holding it)."""
    text = path.read_bytes().decode("utf-8-sig")
    second = [m.start() for m in HEADER.finditer(text)][1:2] or [0]
    found = re.compile(pattern, re.M).search(text, second[0])
    at = found.start()
    hand_id = [m.group(1) for m in HEADER.finditer(text, 0, at)][-1]
    text = text[:at] + found.expand(replace) + text[found.end():]
    return text.encode("utf-8"), text.count("\n", 0, at) + 1, hand_id


CASES = [
    # PokerStars: a seat's stack in thousandths of a dollar
    (SAMPLES / "pokerstars_fl_cash_6max.txt", r"^(Seat 3: \S+ \(\$)[\d.]+", r"\g<1>0.001",
     "amount with more than two decimals: '$0.001'"),
    # KingsClub: the hero's second card, '1c', is no card (ranks are A, 2-9, T, J, Q, K)
    (REAL_HH / "kingsclub" / "cash__Badugi-Limit-USD-30-60-202010.txt", r"^(Dealt to Hero: \[\S\S )\S\S",
     r"\g<1>1c", "not a card: '1c'"),
    # KingsClub: '3' alone is no card either, and 'Seat 3:' before it is not where it is
    (REAL_HH / "kingsclub" / "cash__Badugi-Limit-USD-30-60-202010.txt", r"^(Dealt to Hero: \[\S\S )\S\S",
     r"\g<1>3", "not a card: '3'"),
]


@pytest.mark.parametrize("path, pattern, replace, says", CASES)
def test_a_refused_value_is_reported_at_its_line(path: Path, pattern: str, replace: str, says: str) -> None:
    if not path.exists():
        pytest.skip(f"not available: {path}")
    data, line, hand_id = spoiled(path, pattern, replace)
    failures = [r for r in read_bytes(data, "v.txt") if isinstance(r, ParseFailure)]
    assert len(failures) == 1, failures
    (failure,) = failures
    assert failure.code == "parse.value" and failure.hand_id == hand_id and failure.line == line, failure
    assert failure.message.startswith(f"v.txt:{line} (hand #{hand_id}): {says}"), failure.message
