"""The whole real corpus, as a user's folder: every file accounted for, no errors, no violations.

``../shared/real_hh_corpus`` holds 264 real files of every game four rooms wrote (tournament summaries and
archive exports included); ``../shared/real_hh`` the Badugi and draw files with notes. Skipped when the
folders are absent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from badugi.analytics.conformance import audit_results
from badugi.analytics.importer import find_files, import_files
from badugi.analytics.store import Store
from badugi.parsers.reader import read_file, walk
from badugi.parsers.results import Skipped
from badugi.parsers.summary import summarize_paths, totals
from conftest import REAL_HH

CORPUS = REAL_HH.parent / "real_hh_corpus"
pytestmark = pytest.mark.skipif(not CORPUS.exists() or not REAL_HH.exists(), reason="real corpus not available")
FOLDERS = [CORPUS, REAL_HH]

DRAW_FILE = re.compile(r"3-Draw|A5-3-Draw|2-7|Triple Draw|Single Draw|1-Draw|Badacey|Badeucey", re.I)
DRAW_GAME = re.compile(r"2-7|A-5|Triple Draw|Single Draw|Lowball|Badacey|Badeucey", re.I)


def test_every_file_is_accounted_for_with_no_error() -> None:
    summaries = list(summarize_paths(FOLDERS))
    total = totals(summaries)
    assert total["errors"] == 0, [e.message for s in summaries for e in s.errors][:5]
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
    assert total["parsed"] == 85 + 87


def test_every_badugi_hand_replays_clean_and_every_draw_hand_is_skipped_by_its_game() -> None:
    files = list(walk(FOLDERS))
    report = audit_results(result for path in files for result in read_file(path))
    assert report.faults == 0 and not report.parse_failures, [v.message for v in report.violations][:5]
    draw_files = [p for p in files if DRAW_FILE.search(p.name) and "Badugi" not in p.name]
    assert len(draw_files) >= 40
    for path in draw_files:
        results = list(read_file(path))
        assert results and all(isinstance(r, Skipped) and DRAW_GAME.search(r.reason) for r in results), path


def test_importing_the_corpus_explains_every_file_and_a_second_import_stores_nothing(tmp_path: Path) -> None:
    files = find_files(FOLDERS)
    with Store(tmp_path / "corpus.duckdb") as store:
        report = import_files(store, files, jobs=1)
        assert len(report.files) == len(files)  # every file listed, the ones with no hand included
        for f in report.files:
            assert f.error is None and f.rejects == 0 and f.violations == 0, f
            assert f.file_skipped or f.hands_read or f.skipped or f.summaries, f"{f.path}: listed with nothing to say"
        assert report.totals()["hands_stored"] == 85 + 87 - 85  # real_hh repeats the corpus's Badugi hands
        assert report.totals()["summaries"] == store.count("tournaments") == 59
        again = import_files(store, files, jobs=1)
        assert again.files == [] and again.totals()["hands_stored"] == 0
