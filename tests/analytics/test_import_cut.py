"""A file cut while the client is still writing its last hand: the import keeps only what is proven
whole, and once the rest is appended it has stored exactly what one import of the whole file stores.

A text room marks no hand's end, and a hand cut inside its summary still reads: the last hand is kept
only when its own text proves it whole (``Room.shows_whole``: every seat has its summary line, and for
KingsClub the winners' lines) or when the file has not changed for ``ranges.SETTLE_SECONDS``."""

from __future__ import annotations

import io
import os
import time
from pathlib import Path

import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi.analytics import schema
from badugi.analytics.batch import concat_batches, process_file_bytes
from badugi.analytics.importer import import_files
from badugi.analytics.ranges import SETTLE_SECONDS
from badugi.analytics.store import Store
from badugi.parsers.reader import HEAD_BYTES, iter_hand_texts
from conftest import REAL_HH, SAMPLES

ROOMS = ("pokerstars", "fulltilt", "kingsclub")


def room_files() -> list[Path]:
    """The real files of the rooms whose hands have a summary, and the bundled samples of them."""
    found = [p for room in ROOMS for p in sorted((REAL_HH / room).glob("*"))]
    return found + [p for p in sorted(SAMPLES.glob("*.txt")) if p.name.startswith(ROOMS)]


def last_hands(data: bytes, keep: int = 2) -> tuple[bytes, int]:
    """The file's bytes before its first hand (BOM, encoding) and its last ``keep`` hands; and where the
    last hand starts in them (the cuts go from there on)."""
    pieces = [p for p in iter_hand_texts(io.BytesIO(data)) if p.room is not None]
    kept = pieces[-keep:]
    head = data[:pieces[0].offset]
    short = head + data[kept[0].offset:]
    return short, len(head) + kept[-1].offset - kept[0].offset


def line_ends(data: bytes, start: int) -> list[int]:
    """Every offset after ``start`` just past a line end (UTF-16: ``\\n\\x00`` at an even position)."""
    wide = data.startswith(b"\xff\xfe")
    ends = []
    at = data.find(b"\n", start)
    while at != -1:
        if not wide or at % 2 == 0:
            ends.append(at + (2 if wide else 1))
        at = data.find(b"\n", at + 1)
    return [e for e in ends if e < len(data)]


def drop_file(tables: dict[str, pa.Table]) -> dict[str, pa.Table]:
    return {name: t.drop_columns([c for c in ("file",) if c in t.column_names]) for name, t in tables.items()}


def summary_cuts(data: bytes, start: int) -> list[int]:
    """The line ends of the last hand worth a default run: every one from its summary on (where a cut
    hand may still read) and every fifth before it (``test_every_cut_...`` takes them all)."""
    ends = line_ends(data, start)
    wide = data.startswith(b"\xff\xfe")
    summary = data.find("*** SUMMARY".encode("utf-16-le" if wide else "utf-8"), start)
    return [e for i, e in enumerate(ends) if e > summary or i % 5 == 0] if summary != -1 else ends


def check_cuts(cuts_of) -> int:  # type: ignore[no-untyped-def]
    """For every real PokerStars/Full Tilt/KingsClub file (and sample): the file cut after a line of its
    last hand, read, then the rest read from where the first read stopped, gives the same tables as the
    whole file read at once (the pure per-file function: the import's own steps, no database)."""
    files = room_files()
    if not any(REAL_HH in p.parents for p in files):
        pytest.skip(f"real hand histories not available: {REAL_HH}")
    cuts = 0
    for path in files:
        data, last = last_hands(path.read_bytes())
        whole = drop_file(process_file_bytes(data, "f.txt").tables)
        for cut in cuts_of(data, last):
            first = process_file_bytes(data[:cut], "f.txt")
            rest = process_file_bytes(data[first.end_offset:], "f.txt", first.end_offset, first.end_line,
                                      head=data[:HEAD_BYTES])
            joined = drop_file(concat_batches([first.tables, rest.tables]))
            for name in whole:
                assert joined[name].equals(whole[name]), f"{path.name} cut at byte {cut}: table {name} differs"
            cuts += 1
    return cuts


def test_a_cut_in_the_last_hands_summary_then_the_rest_gives_the_whole_files_tables() -> None:
    assert check_cuts(summary_cuts) > 450


@pytest.mark.slow
def test_every_cut_of_the_last_hand_then_the_rest_gives_the_whole_files_tables() -> None:
    assert check_cuts(line_ends) > 1300


HEADER_CUT_FILES = ("pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt", "fulltilt/tour__3-Draw-Limit-USD-STT-2max-10-201211.txt",
                    "pokerstars/tour__LBad-USD-MTT8-201011.txt")


def test_a_cut_inside_the_last_hands_first_line_waits_for_the_rest() -> None:
    """A client may flush part of a line: cut after each byte of the last hand's first line, the bytes
    after the hand before are no room's text yet (``PokerS``). They wait (before, they were a reject,
    and the rest of the hand came next time as another piece of no room: the hand was lost); with the
    rest read from where the first read stopped, the tables equal the whole file's."""
    for relative in HEADER_CUT_FILES:
        path = real_hh_or_skip(relative)
        data, last = last_hands(path.read_bytes())
        whole = drop_file(process_file_bytes(data, "f.txt").tables)
        wide = data.startswith(b"\xff\xfe")
        end = line_ends(data, last)[0]
        for cut in range(last + (2 if wide else 1), end - 1, 2 if wide else 1):
            first = process_file_bytes(data[:cut], "f.txt")
            assert first.tables["rejects"].num_rows == 0, (relative, cut)
            rest = process_file_bytes(data[first.end_offset:], "f.txt", first.end_offset, first.end_line,
                                      head=data[:HEAD_BYTES])
            joined = drop_file(concat_batches([first.tables, rest.tables]))
            for name in whole:
                assert joined[name].equals(whole[name]), f"{relative} cut at byte {cut}: table {name} differs"


def test_text_of_no_room_at_the_end_of_a_settled_file_is_still_a_reject() -> None:
    """Stray text ending a file that is done (``settled``) is reported, as before: never lost."""
    data = PS_CUT_HAND.encode() + b"\n\n\nthis is not a hand"
    assert process_file_bytes(data, "f.txt").tables["rejects"].num_rows == 0
    settled = process_file_bytes(data, "f.txt", settled=True)
    assert settled.tables["rejects"].num_rows == 1 and settled.pending == 0


def _snapshot(db: Path) -> dict[str, object]:
    """Every stored table but ``files`` (whose path and sizes differ by design), without file names."""
    out = {}
    with Store(db, read_only=True) as store:
        for name in schema.TABLES:
            if name != "files":
                table = store.table(name)
                out[name] = table.drop([c for c in ("file", "path", "imported_at") if c in table.columns])
    return out


CUT_FILES = ("pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt", "fulltilt/cash__Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt",
             "kingsclub/cash__Badacey-Limit-USD-22-44-202101.txt", "kingsclub/cash__Badugi-Limit-USD-30-60-202010.txt")


@pytest.fixture(scope="module")
def whole_imports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[bytes, int, dict[str, object]]]:
    """Each cut file's bytes, where its last hand starts, and its tables imported whole."""
    if not REAL_HH.exists():
        pytest.skip(f"real hand histories not available: {REAL_HH}")
    out = {}
    for relative in CUT_FILES:
        data, last = last_hands((REAL_HH / relative).read_bytes())
        folder = tmp_path_factory.mktemp("whole")
        (folder / "table.txt").write_bytes(data)
        with Store(folder / "db.duckdb") as store:
            import_files(store, [folder / "table.txt"])
        out[relative] = (data, last, _snapshot(folder / "db.duckdb"))
    return out


@settings(max_examples=12, deadline=None)
@given(data=st.data())
def test_an_import_of_a_cut_file_then_of_the_rest_stores_what_one_import_stores(
        whole_imports: dict[str, tuple[bytes, int, dict[str, object]]], tmp_path_factory: pytest.TempPathFactory,
        data: st.DataObject) -> None:
    """The same through the database: import the file cut at a line of its last hand (the client still
    writing), append the rest, import again: the stored tables equal a one-shot import's, and nothing
    was rejected on the way."""
    relative = data.draw(st.sampled_from(CUT_FILES))
    text, last, whole = whole_imports[relative]
    cut = data.draw(st.sampled_from(line_ends(text, last)))
    folder = tmp_path_factory.mktemp("cut")
    target = folder / "table.txt"
    target.write_bytes(text[:cut])
    with Store(folder / "db.duckdb") as store:
        first = import_files(store, [target]).totals()
        assert first["rejects"] == 0
        with target.open("ab") as fh:
            fh.write(text[cut:])
        import_files(store, [target])
    stored = _snapshot(folder / "db.duckdb")
    for name, table in whole.items():
        assert stored[name].equals(table), f"{relative} cut at byte {cut}: table {name} differs"


PS_CUT_HAND = "\n".join([
    "PokerStars Game #49164202872:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET",
    "Table 'Benkoela V' 8-max Seat #1 is the button",
    "Seat 1: Lino19 ($6.80 in chips) ",
    "Seat 2: s0rrow ($5 in chips) ",
    "Seat 3: jodarin ($10 in chips) out of hand (moved from another table into small blind)",
    "Lino19: posts small blind $0.10",
    "s0rrow: posts big blind $0.25",
    "*** DEALING HANDS ***",
    "Dealt to s0rrow [As 3h 8h 6s]",
    "Lino19: folds ",
    "Uncalled bet ($0.15) returned to s0rrow",
    "s0rrow collected $0.20 from pot",
    "*** SUMMARY ***",
    "Total pot $0.20 | Rake $0 ",
    "Seat 1: Lino19 (button) (small blind) folded before the Draw",
    "Seat 2: s0rrow (big blind) collected ($0.20)",
]) + "\n"


def test_a_pokerstars_hand_is_whole_once_every_seat_in_it_has_its_summary_line() -> None:
    """Seats 1 and 2 play, seat 3 is out of hand: the summary must name 1 and 2, and only then is the
    hand proven whole (worked from the format: PokerStars lists every seat in the hand, FORMATS.md 1)."""
    from badugi.parsers.rooms.hand_end import pokerstars_whole

    lines = PS_CUT_HAND.splitlines()
    assert pokerstars_whole(PS_CUT_HAND)
    for keep in range(1, len(lines)):  # cut after the header, the deal, SUMMARY, Total pot, seat 1
        assert not pokerstars_whole("\n".join(lines[:keep]) + "\n"), keep


def test_a_pokerstars_hand_cut_after_its_total_pot_line_waits_for_the_rest(tmp_path: Path) -> None:
    """The hand above cut after ``Total pot``: it reads (every summary line is optional), so before it
    was stored with no seat line, and the two seat lines appended later were an error. Now it waits; once
    the rest is there it is stored whole and nothing is rejected."""
    cut = PS_CUT_HAND.index("Seat 1: Lino19 (button)")
    target = tmp_path / "table.txt"
    target.write_text(PS_CUT_HAND[:cut])
    with Store(tmp_path / "db.duckdb") as store:
        first = import_files(store, [target])
        assert first.totals()["hands_read"] == 0 and first.totals()["rejects"] == 0
        assert first.files[0].pending_bytes == len(PS_CUT_HAND[:cut].encode())
        with target.open("a") as fh:
            fh.write(PS_CUT_HAND[cut:])
        second = import_files(store, [target]).totals()
        assert second["hands_read"] == 1 and second["rejects"] == 0
    whole = tmp_path / "whole" / "table.txt"
    whole.parent.mkdir()
    whole.write_text(PS_CUT_HAND)
    with Store(tmp_path / "whole.duckdb") as store:
        import_files(store, [whole])
    stored, expected = _snapshot(tmp_path / "db.duckdb"), _snapshot(tmp_path / "whole.duckdb")
    for name, table in expected.items():
        assert stored[name].equals(table), name


def test_a_last_hand_not_proven_whole_is_read_once_the_file_has_settled(tmp_path: Path) -> None:
    """A Full Tilt summary-only hand names no seat to check its summary against: at the end of a file
    just written it waits (it may be cut); the same file left unchanged for ``SETTLE_SECONDS`` is done,
    and the hand is read."""
    partial = real_hh_or_skip("fulltilt/cash__3-Draw-Limit-USD-20-40-201101.Partial.txt").read_bytes()
    data = partial.rstrip(b"\r\n\x00") + (b"\x00" if partial.startswith(b"\xff\xfe") else b"")
    target = tmp_path / "partial.txt"
    target.write_bytes(data)
    with Store(tmp_path / "db.duckdb") as store:
        fresh = import_files(store, [target]).totals()
        assert fresh["hands_read"] + sum(fresh["skipped"].values()) == 0 and fresh["pending_bytes"] > 0
        old = time.time() - SETTLE_SECONDS - 5
        os.utime(target, (old, old))
        settled = import_files(store, [target]).totals()
        assert settled["hands_read"] + sum(settled["skipped"].values()) == 1 and settled["pending_bytes"] == 0


KC_CHOP = "\n".join([
    '#1: Limit Badugi - 30/60',
    '2020-10-30 19:53:19',
    "Table 'T' Seat 1 is the button",
    'Seat 1: A (1,000)',
    'Seat 2: B (1,000)',
    '*** 1ST BETTING ROUND ***',
    'A: posts the small blind 15',
    'B: posts the big blind 30',
    'Dealt to A: [X X X X]',
    'Dealt to B: [X X X X]',
    'A calls 30',
    'B checks',
    '*** 1ST DRAW ***',
    'B stands pat',
    'A stands pat',
    '*** 2ND BETTING ROUND ***',
    'B checks',
    'A checks',
    '*** 2ND DRAW ***',
    'B stands pat',
    'A stands pat',
    '*** 3RD BETTING ROUND ***',
    'B checks',
    'A checks',
    '*** 3RD DRAW ***',
    'B stands pat',
    'A stands pat',
    '*** 4TH BETTING ROUND ***',
    'B checks',
    'A checks',
    'B shows [Ac 2d 3h 4s]',
    'A shows [Ad 2c 3s 4h]',
    '*** SUMMARY ***',
    'Seat 1: A (999) -1',
    'Seat 2: B (999) -1',
    'Rake 2',
    'A wins (29) from pot',
    'B wins (29) from pot',
])


def test_a_kingsclub_chop_cut_before_its_last_wins_line_waits_for_it() -> None:
    """Two players put in 30 each and chop: 60 less 2 rake is 29 each, so both nets are -1 and no seat's
    net shows a winner whose ``wins`` line is missing (worked by hand). Cut after the first ``wins`` line,
    the text proves nothing missing, but the replay finds 29 + 2 of 60 collected: the hand waits; whole,
    it is kept (its replay finds nothing wrong)."""
    whole = KC_CHOP.encode()
    cut = whole[:whole.index(b"B wins")]
    waiting = process_file_bytes(cut, "kc.txt")
    assert waiting.tables["hands"].num_rows == 0 and waiting.tables["rejects"].num_rows == 0
    assert waiting.pending == len(cut)
    done = process_file_bytes(whole, "kc.txt")
    assert done.tables["hands"].num_rows == 1 and done.pending == 0
    assert done.tables["violations"].num_rows == 0


def real_hh_or_skip(relative: str) -> Path:
    path = REAL_HH / relative
    if not path.exists():
        pytest.skip(f"real hand histories not available: {path}")
    return path


def test_a_kingsclub_hand_with_no_rake_line_is_whole_once_its_winners_lines_are_written() -> None:
    """KingsClub writes no ``Rake`` line when it took none (real 2021 files of fpdb's tests): the hand is
    proven whole by its seat lines and its winners' lines alone, and is kept at once (before, the file's
    last such hand waited for the file to settle). The same chop without rake: 30 + 30, 30 each back."""
    text = KC_CHOP.replace("(999) -1", "(1,000) 0").replace("Rake 2\n", "").replace("(29)", "(30)")
    assert "Rake" not in text
    whole = text.encode()
    done = process_file_bytes(whole, "kc.txt")
    assert done.tables["hands"].num_rows == 1 and done.pending == 0
    assert done.tables["violations"].num_rows == 0
    cut = whole[:whole.index(b"A wins")]
    waiting = process_file_bytes(cut, "kc.txt")
    assert waiting.tables["hands"].num_rows == 0 and waiting.pending == len(cut)
