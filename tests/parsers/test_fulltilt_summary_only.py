"""Full Tilt hands written as their summary alone: what the client writes for a hand it saw only the end
of. Marked ``(partial)`` in the real file; the same text without the mark (an export that dropped it) is
the same partial hand, never a hand whose money is wrong: no seat and no action were written, so the
summary's pot cannot be settled against anything (``hand.partial``, informational)."""

from __future__ import annotations

from badugi.engine.record import Hand
from badugi.engine.replay import replay
from badugi.engine.violations import INFORMATIONAL
from badugi.parsers.reader import read_bytes, read_text
from badugi.parsers.results import Skipped
from conftest import real_file

SUMMARY_ONLY = "\n".join([
    "Full Tilt Poker Game #33333333333: Table Testtable (6 max) - $0.10/$0.20 - Limit Badugi - 10:18:16 ET - 2013/05/08",
    "*** SUMMARY ***",
    "Total pot $1 | Rake $0.05",
    "Seat 1: Alpha (button) folded before the Draw (didn't bet)",
    "Seat 2: Beta (small blind) collected ($0.95), mucked",
    "Seat 3: Gamma (big blind) folded before the Draw",
]) + "\n"


def test_an_unmarked_summary_only_badugi_hand_is_partial_not_a_pot_mismatch() -> None:
    (hand,) = read_text(SUMMARY_ONLY)
    assert isinstance(hand, Hand) and hand.partial and hand.seats == () and hand.events == ()
    # the claims are kept as written: $1 pot, $0.05 rake, Beta collected $0.95
    assert (hand.claims.total_pot, hand.claims.rake) == (100, 5)
    assert [(s.player, s.won) for s in hand.claims.summary] == [("Alpha", None), ("Beta", 95), ("Gamma", None)]
    result = replay(hand)
    assert result.codes == ("hand.partial",) and set(result.codes) <= INFORMATIONAL


def test_an_unmarked_summary_only_hand_of_another_game_is_skipped_as_partial() -> None:
    text = SUMMARY_ONLY.replace("Limit Badugi", "Limit Hold'em")
    (skipped,) = read_text(text)
    assert isinstance(skipped, Skipped) and skipped.reason == "unsupported game: Limit Hold'em (partial hand)"


def test_the_real_partial_hand_without_its_mark_reads_as_the_marked_one() -> None:
    """The real ``(partial)`` hand (UTF-16) with the mark removed from its header: the same record."""
    data = real_file("fulltilt/cash__3-Draw-Limit-USD-20-40-201101.Partial.txt").read_bytes()
    mark = " (partial)".encode("utf-16-le")
    assert data.count(mark) == 1
    (marked,) = [r for r in read_bytes(data) if isinstance(r, Hand)]
    (unmarked,) = [r for r in read_bytes(data.replace(mark, b"")) if isinstance(r, Hand)]
    assert marked.partial and unmarked == marked
    assert replay(unmarked).codes == ("hand.partial",)
