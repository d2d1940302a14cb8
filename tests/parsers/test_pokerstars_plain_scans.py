"""The C scans that read the plain shapes of PokerStars lines without their terminal's regex (``pokerstars_lines``:
``_plain_summary_seat``, ``_plain_other``, ``_plain_show``, ``_plain_seat_value``) say yes only where the terminal matches: a line read with
them reads exactly as the regexes alone read it (the same value, or the same error). Compared on generated lines
(pieces of real lines shuffled, so near misses are common), real lines cut or grown, and every real and sample
line. In both twins (compiled, the scans run in C)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from badugi.parsers.rooms import pokerstars_lines as lines
from pokerstars_hands import files


def by_regex_summary_seat(text: str) -> object:
    """``_read_summary_seat`` by the terminals' regexes alone (the reading before the C scan)."""
    patterns, line = lines._line_terminals(), text + "\n"
    for name, (words, reader) in lines._SUMMARY_SEATS.items():
        if words in text and patterns[name].fullmatch(line):
            return reader(text.rstrip(lines.EOL))
    raise ValueError(f"not a summary seat line: {text!r}")


def by_regex_seat_line(text: str) -> object:
    """``_read_seat_line`` by ``SEAT_LINE``'s regex alone, then ``read_seat_line``."""
    if lines._line_terminals()["SEAT_LINE"].fullmatch(text + "\n") is None:
        raise ValueError(f"not a seat line: {text!r}")
    return lines.read_seat_line(text)


def by_regex_run_line(text: str) -> object:
    """``_read_run_line`` by the terminals' regexes alone: an action by the lazy name and the verb terminals, else
    the first line terminal of a run that matches."""
    body = text.rstrip(" \t")
    found = lines._act_line().fullmatch(body)
    if found is not None:
        kind = found.lastgroup
        return lines._ACTS[kind](found["name"], body[found.start(kind):])
    patterns = lines._PATTERNS or lines._patterns()
    other = patterns["other"].fullmatch(text + "\n")
    if other is None:
        raise ValueError(f"not a line of a run: {text!r}")
    return lines.LINE_READERS[other.lastgroup](text)


def outcome(read, text: str) -> tuple:
    try:
        return ("value", read(text))
    except ValueError as error:
        return ("error", str(error))


def assert_same(text: str) -> None:
    if text.startswith("Seat "):
        assert outcome(lines._read_summary_seat, text) == outcome(by_regex_summary_seat, text), text
        assert outcome(lines._read_seat_line, text) == outcome(by_regex_seat_line, text), text
    assert outcome(lines._read_run_line, text) == outcome(by_regex_run_line, text), text


PIECES = st.sampled_from([
    "Seat ", "3", "12", "٣", ": ", " ", "a", "Bob Z", "x (button)", " (button)", " (small blind)", " (big blind)",
    "folded ", " folded ", "before the Draw", "before Flop", "after the ", "1st ", "2nd ", "4th ", "Draw",
    " (didn't bet)", "showed ", " showed [", "[As 3h]", "[]", "[As 3h", "[Kd]", "[1c]", "]", " and ", "won (", "lost",
    " with ", "a Badugi: 8,4,3,A", ")", "(", "$0.25", "1,500", "1,50", "25€", "$5.", " mucked", " mucked ", "mucked",
    "collected (", " collected (", "Dealt to ", " [", "[2d 3c]", ": shows ", "shows ", "(Badugi: 8,4,3,A)", " (",
    ": mucks hand", ": doesn't show hand", "mucks hand", ": folds", "\t", "  ", "Uncalled bet (", ") returned to ",
    " collected ", " from ", "main ", "side ", "pot", "-2", "-", " has timed out", " is connected", " is disconnected",
    "Dealt to ", "x", " in chips)", " in chips", " is sitting out", ", $1 bounty", " out of hand (", "(1500",
    ' said, "', '"', "nh!", " leaves the table", "leaves the table", " joins the table at seat #", "seat #",
])


@settings(max_examples=3000, deadline=None)
@given(st.lists(PIECES, min_size=1, max_size=10))
def test_generated_lines_read_as_the_regexes_read_them(pieces: list[str]) -> None:
    assert_same("".join(pieces))


@settings(max_examples=1000, deadline=None)
@given(st.sampled_from(["Seat 1: Ann (button) folded before the Draw (didn't bet)",
                        "Seat 2: s0rrow (big blind) folded after the 1st Draw ",
                        "Seat 2: Bob Z showed [As 3h] and won ($0.85) with a Badugi: 6,5,2,A",
                        "Seat 3: Scorpio2000 (button) showed [8c 5d 7s Th] and lost with a Badugi: T,8,7,5",
                        "Seat 5: jodarin mucked [Ad Td Qc 2s]", "Seat 2: Isildur1 (button) (small blind) mucked",
                        "Seat 6: JDANIELDC (button) (small blind) collected ($0.95)",
                        "Dealt to s0rrow [As 3h 8h 6s]", "Dealt to s0rrow [As 3h] [5h Ks] ",
                        "Lino19: shows [8c 5d 7s Th] (Badugi: T,8,7,5)", "Lino19: shows [8c]", "Ann: mucks hand ",
                        "Uncalled bet ($0.10) returned to bypemi 9874", "by pemi collected 1,020 from pot ",
                        "x collected $1,000.50 from side pot-2", "y collected 5 from main pot", "rob has timed out",
                        "ello8000 is connected ", "ello 8000 is disconnected", "Seat 1: Lino19 ($6.80 in chips) ",
                        "Seat 10: a (b) (1,140 in chips) is sitting out", "Seat 3: x (1500 in chips, $1 bounty)"]),
       st.integers(0, 90), st.sampled_from(["", " ", ":", "x", "(", ")", "[", "]", "1", " (button)", "\t", "٣"]),
       st.booleans())
def test_real_lines_cut_or_grown_read_as_the_regexes_read_them(line: str, at: int, piece: str, cut: bool) -> None:
    at = min(at, len(line))
    assert_same(line[:at] + line[at + 1:] if cut else line[:at] + piece + line[at:])


def test_every_real_and_sample_line_reads_as_the_regexes_read_it() -> None:
    seen = set()
    for path in files():
        text = path.read_bytes().decode("utf-8-sig", errors="replace").replace("\r", "")
        for row in text.split("\n"):
            if row not in seen and (row.startswith(("Seat ", "Dealt to ")) or ": " in row):
                seen.add(row)
                assert_same(row)
    assert len(seen) > 1000
