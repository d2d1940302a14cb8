"""The compiled splitter cuts a UTF-8 file by C scans of its bytes (``scan_api.pxd``); run as Python it splits line
by line (``scan_api.compiled`` is false). Both must give the same ``HandText`` values, whatever the chunks; and the
Python twins of the C calls must do what the C does (``run``'s runs of lines, ``ascii_text``'s text)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from badugi.parsers import scan_api
from badugi.parsers.decode import UTF8, Encoding
from badugi.parsers.results import HandText
from badugi.parsers.split import _SLOTS, _decode_block, _stop_table
from test_split_runs import LINES as RUN_LINES

ROOT = Path(__file__).resolve().parents[2]

LINES = [*RUN_LINES, b"\x0c", b" x", b"\r\r", b"a\rb", b"Total pot \x80 5", b"#1 KingsClub"]
"""The split-runs test's lines, with form feeds, lone CRs and a byte that is not UTF-8 besides."""

SPLIT = r"""
import io, random, sys
from dataclasses import astuple
from badugi.parsers.decode import detect_encoding
from badugi.parsers.split import split_stream
lines = eval(sys.argv[1])
class OneWay(io.BytesIO):
    def seekable(self):
        return False
rng = random.Random(7)
for case in range(400):
    chosen = [rng.choice(lines) for _ in range(rng.randint(0, 30))]
    ends = [rng.choice([b"\n", b"\r\n", b"\r\n", b"\n"]) for _ in chosen]
    data = b"".join(line + end for line, end in zip(chosen, ends))
    if chosen and rng.random() < 0.3:
        data = data[:-len(ends[-1])]
    if rng.random() < 0.2:
        data = b"\xef\xbb\xbf" + data
    for chunk_size in (1, 5, 64, 1 << 20):
        for seekable in (True, False):  # (compiled, a seekable stream is read on by seeking back: ``split._rewinds``)
            encoding = detect_encoding(data[:512])
            stream = io.BytesIO(data) if seekable else OneWay(data)
            stream.seek(encoding.bom)
            print(case, chunk_size, [astuple(t) for t in split_stream(stream, encoding, encoding.bom, 1,
                                                                        chunk_size=chunk_size)])
"""


def test_compiled_and_pure_splits_give_the_same_hand_texts() -> None:
    done = [subprocess.run([sys.executable, "-c", SPLIT, repr(LINES)], cwd=ROOT, capture_output=True, text=True,
                           env={**os.environ, "BADUGI_PURE_PYTHON": flag}, timeout=600) for flag in ("0", "1")]
    for run in done:
        assert run.returncode == 0, run.stderr
    assert done[0].stdout == done[1].stdout
    by_case: dict[str, set[str]] = {}
    for line in done[0].stdout.splitlines():  # and the chunks change nothing
        case, _, texts = line.split(" ", 2)
        by_case.setdefault(case, set()).add(texts)
    assert all(len(texts) == 1 for texts in by_case.values())


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(st.sampled_from(LINES), max_size=20), ends=st.lists(st.sampled_from([b"\n", b"\r\n", b"\r"]),
                                                                          min_size=20, max_size=20))
def test_ascii_text_is_the_decoded_block(lines: list[bytes], ends: list[bytes]) -> None:
    data = b"".join(line + end for line, end in zip(lines, ends))
    text = scan_api.ascii_text(b"xx" + data + b"yy", 2, 2 + len(data))
    if not data.isascii():
        assert text is None
    else:
        assert text == _decode_block([data], Encoding(UTF8, 0, b"\n"), 1)[0]


def test_run_cuts_runs_of_alike_lines() -> None:
    prefixes = (b"PokerStars ", b"#")
    stops = _stop_table(prefixes)
    data = (b"PokerStars Game\r\nSeat 1\r\nx\r\n\r\n \t\r\n  y\r\n#2\r\nPo\r\nPat: folds\r\nx\r\nPokerStars Hand\r\n"
            b"Pat: calls\r\nz\r\n#3\r\nlast")
    found, at = [], 0
    while True:
        kind, at2, lines = scan_api.run(data, at, stops, prefixes)
        if kind == scan_api.NONE:
            break
        found.append((kind, data[at:at2], lines))
        at = at2
    # a line starting with a prefix's first byte but no prefix (a player named Pat) is a body line like any other
    assert found == [(scan_api.LINE, b"PokerStars Game\r\n", 1), (scan_api.BODY, b"Seat 1\r\nx\r\n", 2),
                     (scan_api.BLANK, b"\r\n \t\r\n", 2), (scan_api.LINE, b"  y\r\n", 1),
                     (scan_api.LINE, b"#2\r\n", 1), (scan_api.BODY, b"Po\r\nPat: folds\r\nx\r\n", 3),
                     (scan_api.LINE, b"PokerStars Hand\r\n", 1), (scan_api.BODY, b"Pat: calls\r\nz\r\n", 2),
                     (scan_api.LINE, b"#3\r\n", 1)]
    assert data[at:] == b"last"
    assert _stop_table((b"", b"x")) == b"\x01" * 256
    assert scan_api.run(b"a\nb\n", 0, b"\x01" * 256, (b"", b"x")) == (scan_api.LINE, 2, 1)  # (every line may start a hand)


def test_record_is_the_dataclass_made_by_its_init() -> None:
    values = ("PokerStars Game #1\n", 3, 10, 40, "pokerstars", True, None, 2, None, False)
    made = scan_api.record(HandText, _SLOTS, values)
    assert made == HandText(*values) and type(made) is HandText
