"""The whole real corpus, as a user's folder: every file accounted for, every hand of every draw game read,
replayed and audited.

``../shared/real_hh_corpus`` holds 264 real files of every game four rooms wrote (tournament summaries and
archive exports included); ``../shared/real_hh`` the Badugi and draw files with notes. Skipped when the
folders are absent. Two hands are not clean, and say why:

* Merge hand 33423082-14 in ``real_hh/merge/...Sample.with.showdown.txt`` was cut out of the Multi.hand
  file without the file's ``<description>``: its limit and stakes are written nowhere, so it stays
  ``parse.missing_description`` (nothing is invented). The same hand reads whole from the Multi.hand file
  and from the corpus's copy, which kept its description.
* PokerStars hand 81631597149 (``...duplicate.holecards.txt``, in both folders) is the client's own bug:
  ``Hero: discards 2 cards []`` names no card, ``Dealt to Hero [2s 7s 5h 3c Qh] [2s 7s 5h 3c Qh]`` deals
  the whole hand again as new cards, and the last draw throws an ``Ad`` the hero never held. Its money
  replays clean; its hero's cards contradict themselves, and the audit says so.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from badugi.analytics.conformance import audit_results
from badugi.analytics.importer import find_files, import_files
from badugi.analytics.store import Store
from badugi.engine.record import Hand
from badugi.engine.violations import INFORMATIONAL
from badugi.parsers.reader import read_file, read_paths, walk
from badugi.parsers.results import ParseFailure, Skipped
from badugi.parsers.summary import summarize_paths, totals
from conftest import REAL_HH

CORPUS = REAL_HH.parent / "real_hh_corpus"
pytestmark = pytest.mark.skipif(not CORPUS.exists() or not REAL_HH.exists(), reason="real corpus not available")
FOLDERS = [CORPUS, REAL_HH]

NO_DESCRIPTION = REAL_HH / "merge" / "cash__3-Draw-Limit-USD-1-2-201104.Sample.with.showdown.txt"
CLIENT_BUG = "81631597149"
CLIENT_BUG_CODES = Counter({"draw.count_mismatch": 4, "cards.duplicate": 3, "draw.unheld_card": 3})
"""Per copy: two draws whose discards name no card and whose deals give five "new" cards (two codes each),
each such deal giving back held cards; the last draw's ``Ad`` never held, its kept cards not those held."""

BADUGI = {"real_hh": 87, "real_hh_corpus": 85}
"""Badugi hands per folder (PokerStars 4 + 78, Full Tilt 2, KingsClub 1 and Merge 2 in real_hh; the corpus
has the same but the KingsClub file and one Merge file)."""
DRAW_HANDS = {"real_hh": 126, "real_hh_corpus": 109}
"""Other draw-game hands per folder, by room and game in ``tests/parsers/test_draw_games.py`` (``EXPECTED``)."""

AUDITED: dict[tuple[str, str], int] = {
    # (room, game) -> hands replayed in both folders (a file in both is counted twice), from the per-folder
    # counts: Badugi above, the draw games in test_draw_games.py's EXPECTED
    ("pokerstars", "badugi"): 82 + 82, ("fulltilt", "badugi"): 2 + 2, ("kingsclub", "badugi"): 1,
    ("merge", "badugi"): 2 + 1,
    ("fulltilt", "27_triple_draw"): 62 + 62, ("fulltilt", "a5_triple_draw"): 1 + 1, ("fulltilt", "27_single_draw"): 2,
    ("kingsclub", "27_triple_draw"): 2, ("kingsclub", "a5_triple_draw"): 1, ("kingsclub", "badacey"): 1,
    ("kingsclub", "badeucey"): 1,
    ("merge", "27_triple_draw"): 18 + 18, ("merge", "a5_triple_draw"): 1 + 1,
    ("pokerstars", "27_triple_draw"): 38 + 20, ("pokerstars", "27_single_draw"): 4,
    ("winamax", "27_triple_draw"): 1 + 1,
}
NOTICES = Counter({"hand.cancelled": 4, "hand.partial": 2, "hand.dead": 2})
"""Informational, never faults: PokerStars' and Merge's cancelled 2-7 hands, Full Tilt's header-and-summary
hand and its hand that died before the deal, each in both folders."""


def test_every_file_is_accounted_for_and_the_one_unreadable_hand_is_named() -> None:
    summaries = list(summarize_paths(FOLDERS))
    total = totals(summaries)
    errors = [(e.code, e.hand_id, e.file) for s in summaries for e in s.errors]
    assert errors == [("parse.missing_description", "33423082-14", str(NO_DESCRIPTION))]
    assert total["files"] == len(list(walk(FOLDERS)))
    for s in summaries:
        if s.file_skipped is None:
            assert s.hands + s.summaries == s.parsed + sum(s.skipped.values()) + s.summaries_read + len(s.errors), s.path
            assert s.hands > 0 or s.summaries > 0, f"{s.path}: a hand history with no hand"
    # the 64 files with no hand: 59 tournament summaries (PokerStars, Full Tilt, Winamax text), each read
    # as one summary; three HTML results pages and the two SOURCES.md notes, skipped whole
    assert total["summaries"] == total["summaries_read"] == 59
    assert sum(1 for s in summaries if s.summaries and not s.hands) == 59
    assert total["files_skipped"] == 5
    assert total["files_skipped_by_reason"]["not a hand history: tournament results page (HTML)"] == 3
    assert total["parsed"] == sum(BADUGI.values()) + sum(DRAW_HANDS.values())


def test_every_hand_of_every_draw_game_audits_clean_but_the_client_bug() -> None:
    """Every real hand of every room and game replays with no violation (notices aside), and the audit counts
    them per room and game; the PokerStars client bug is the one hand with violations, exactly its own."""
    files = list(walk(FOLDERS))
    results = [result for path in files for result in read_file(path)]
    report = audit_results(results)
    hands = [r for r in results if isinstance(r, Hand)]
    assert Counter((h.room, h.game) for h in hands) == Counter(AUDITED)
    assert report.replayed == len(hands) == sum(AUDITED.values())
    faults = [v for v in report.violations if v.code not in INFORMATIONAL]
    assert {v.hand_id for v in faults} == {CLIENT_BUG}
    assert Counter(v.code for v in faults) == Counter({code: 2 * n for code, n in CLIENT_BUG_CODES.items()})
    assert report.faults == sum(CLIENT_BUG_CODES.values()) * 2
    assert Counter(v.code for v in report.violations if v.code in INFORMATIONAL) == NOTICES
    assert [(p.code, p.hand_id) for p in report.parse_failures] == [("parse.missing_description", "33423082-14")]
    skipped = Counter(r.reason for r in results if isinstance(r, Skipped))
    assert not [reason for reason in skipped if any(word in reason for word in ("2-7", "A-5", "Bad", "Lowball"))]


def test_the_unreadable_merge_hand_reads_whole_from_its_other_files() -> None:
    found = [(r.file if isinstance(r, ParseFailure) else r.source.file, type(r).__name__)
             for r in read_paths(FOLDERS) if getattr(r, "hand_id", None) == "33423082-14"]
    assert sorted(Path(file).name for file, kind in found if kind == "Hand") == [
        "Draw_3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt", "Draw_3-Draw-Limit-USD-1-2-201104.Sample.with.showdown.txt",
        "cash__3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt"]
    assert [(Path(file).name, kind) for file, kind in found if kind != "Hand"] == [(NO_DESCRIPTION.name, "ParseFailure")]


def test_importing_the_corpus_explains_every_file_and_a_second_import_stores_nothing(tmp_path: Path) -> None:
    files = find_files(FOLDERS)
    unique = {(r.room, r.hand_id) for r in read_paths(FOLDERS) if isinstance(r, Hand)}
    with Store(tmp_path / "corpus.duckdb") as store:
        report = import_files(store, files, jobs=1)
        assert len(report.files) == len(files)  # every file listed, the ones with no hand included
        faults: Counter[str] = Counter()
        for f in report.files:
            assert f.error is None, f
            assert f.rejects == (1 if Path(f.path).resolve() == NO_DESCRIPTION.resolve() else 0), f
            codes = Counter({code: n for code, n in f.violation_codes.items() if code not in INFORMATIONAL})
            assert not codes or Path(f.path).name.endswith(CLIENT_BUG_FILE), f
            faults += codes
            assert f.file_skipped or f.hands_read or f.skipped or f.summaries or f.rejects, f"{f.path}: listed with nothing to say"
        assert faults == CLIENT_BUG_CODES  # the one copy stored (the other is the same hand)
        # a hand in both folders (or in two files) is stored once: 87 Badugi hands and 132 of the other games
        assert report.totals()["hands_stored"] == len(unique) == 87 + 132
        games = dict(store.con.execute("SELECT game, count(*) FROM hands GROUP BY game").fetchall())
        assert games == {"badugi": 87, "27_triple_draw": 121, "27_single_draw": 6, "a5_triple_draw": 3,
                         "badacey": 1, "badeucey": 1}
        assert report.totals()["summaries"] == store.count("tournaments") == 59
        again = import_files(store, files, jobs=1)
        assert again.files == [] and again.totals()["hands_stored"] == 0


CLIENT_BUG_FILE = "Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt"
