"""Property tests: whatever is done to real hands, the reader returns values and never raises.

Mutations of the real PokerStars cash file (4 Badugi hands): truncation at any byte, deleted,
duplicated, swapped and garbled lines, random bytes inserted, other encodings. Every result must be a
Hand, Skipped or ParseFailure (or, for the whole file, a FileSkipped with its reason or a FileNote);
text is never silently dropped (a non-blank input gives a result).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badugi.engine.record import Hand
from badugi.parsers.decode import detect_encoding
from badugi.parsers.reader import read_bytes
from badugi.parsers.results import FileNote, FileSkipped, ParseFailure, Skipped
from conftest import REAL_HH

CASH = REAL_HH / "pokerstars" / "cash__Badugi-USD-0.25-0.50-201009.txt"
pytestmark = pytest.mark.skipif(not CASH.exists(), reason="real hand histories not available")
DATA = CASH.read_bytes() if CASH.exists() else b""
LINES = DATA.split(b"\r\n")
HAND_ENDS = [DATA.index(b"\r\n\r\n", DATA.index(b"PokerStars Game #", at + 1)) + 2
             for at in range(-1, len(DATA)) if DATA.startswith(b"PokerStars Game #", at + 1)] if DATA else []
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check(data: bytes) -> list:
    results = list(read_bytes(data, "mutated.txt"))
    for result in results:
        assert isinstance(result, (Hand, Skipped, ParseFailure, FileSkipped, FileNote)), result
        if isinstance(result, FileSkipped):
            assert results == [result] and result.reason, results
        if isinstance(result, ParseFailure):
            assert result.code.startswith("parse.") and result.code != "parse.internal", result.message
            assert result.file == "mutated.txt" and result.line >= 1 and result.message
    encoding = detect_encoding(data[:512])
    if data[encoding.bom:].decode(encoding.codec, "replace").replace("\ufeff", "").strip():
        assert [r for r in results if not isinstance(r, FileNote)], "non-blank input must give a result"
    return results


@SETTINGS
@given(st.integers(min_value=0, max_value=len(DATA)))
def test_truncated_anywhere(cut: int) -> None:
    results = check(DATA[:cut])
    # a hand whose summary and the line end after it are inside the cut still parses
    whole = sum(1 for end in HAND_ENDS if end <= cut)
    assert sum(isinstance(r, Hand) for r in results) >= whole
    # the file holds no error but the cut: a failure is the last hand's, and says the file ends inside it
    failures = [r for r in results if isinstance(r, ParseFailure)]
    assert len(failures) <= 1 and (not failures or failures[0] is results[-1]), failures
    for failure in failures:
        assert failure.code == "parse.truncated" and "the file ends inside this hand" in failure.message, failure


line_index = st.integers(min_value=0, max_value=max(len(LINES) - 1, 0))


@SETTINGS
@given(st.lists(st.tuples(st.sampled_from(["delete", "duplicate", "swap", "garble"]), line_index,
                          st.binary(min_size=1, max_size=12)), min_size=1, max_size=6))
def test_lines_deleted_duplicated_swapped_garbled(edits: list) -> None:
    lines = list(LINES)
    for op, i, noise in edits:
        i %= len(lines)
        if op == "delete":
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif op == "garble":
            at = len(noise) % (len(lines[i]) + 1)
            lines[i] = lines[i][:at] + noise + lines[i][at:]
        if not lines:
            lines = [b""]
    check(b"\r\n".join(lines))


@SETTINGS
@given(st.integers(min_value=0, max_value=len(DATA)), st.binary(min_size=1, max_size=64))
def test_random_bytes_inserted(at: int, noise: bytes) -> None:
    check(DATA[:at] + noise + DATA[at:])


@SETTINGS
@given(st.sampled_from(["utf-16-le", "utf-16-be", "utf-16", "latin-1", "cp1252", "utf-32"]),
       st.integers(min_value=0, max_value=3))
def test_other_encodings(codec: str, extra: int) -> None:
    text = DATA.decode("utf-8-sig")
    data = text.encode(codec, errors="replace") + b"\x00" * extra
    results = check(data)
    if codec in ("utf-16-le", "utf-16", "latin-1", "cp1252") and extra == 0:
        assert sum(isinstance(r, Hand) for r in results) == 4  # the text is ASCII: same four hands


@SETTINGS
@given(st.binary(max_size=400))
def test_arbitrary_bytes(data: bytes) -> None:
    check(data)
    check(b"PokerStars Game #1:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET\r\n" + data)
