"""A line lost from a real hand, or written twice, that the money still adds up with: a draw's marker (the draw's
lines then read as the draw before's), a small blind's post (the summary still calls its poster the small blind),
a summary line; a post or a summary seat line twice. Hand-checked on the real files: what is expected comes from
the lines, not from the code."""

from __future__ import annotations

from badugi.engine.record import Hand
from badugi.engine.replay import replay
from badugi.parsers.reader import read_text
from conftest import real_file


def _hand_text(relative: str, hand_id: str) -> str:
    """The text of hand ``hand_id`` of a real file (UTF-8, LF line ends)."""
    text = real_file(relative).read_bytes().decode("utf-8-sig").replace("\r\n", "\n")
    [whole] = [h.strip("\n") + "\n" for h in text.split("\n\n\n") if f"#{hand_id}:" in h]
    return whole


def _hand_without(relative: str, hand_id: str, lost: str) -> tuple[str, Hand]:
    first = _hand_text(relative, hand_id)
    assert first.count(lost + "\n") == 1, lost
    [hand] = [r for r in read_text(first.replace(lost + "\n", "", 1), "lost.txt") if isinstance(r, Hand)]
    [whole] = [r for r in read_text(first, "whole.txt") if isinstance(r, Hand)]
    assert replay(whole).codes == ()
    return first, hand


def test_a_lost_draw_marker_puts_the_next_draw_under_the_one_before() -> None:
    """MTT hand #52475779512: line 33 ``*** THIRD DRAW ***`` lost, the stands pat of line 34 (now 33) reads as
    a second draw 2 while the table is at draw 3 (both drew at draw 2, on lines 26-27). Said once."""
    _, hand = _hand_without("pokerstars/tour__LBad-USD-MTT8-201011.txt", "52475779512", "*** THIRD DRAW ***")
    found = replay(hand).violations
    assert [(v.code, v.line, v.expected) for v in found] == [("order.out_of_turn", 33, "draw 3")], found
    assert "Player10" in found[0].found


def test_a_lost_small_blind_post_is_seen_in_the_summary() -> None:
    """Heads-up SNG hand #31331052808: Hero's ``Hero posts the small blind of 15`` lost. Hero raises to 60 and
    gets 30 back, so the pot (60) and the collect still agree; but the summary's ``Seat 1: Hero (small blind)
    collected (60), mucked`` (line 15 once the post is gone) names a small blind no one posted."""
    _, hand = _hand_without("fulltilt/tour__3-Draw-Limit-USD-STT-2max-10-201211.txt", "31331052808",
                            "Hero posts the small blind of 15")
    found = replay(hand).violations
    assert [(v.code, v.line) for v in found] == [("summary.mismatch", 15)], found
    assert found[0].expected == "no small blind posted" and found[0].found == "Hero (small blind)"


def test_a_lost_summary_seat_line_of_a_player_dealt_in() -> None:
    """MTT hand #52475779512: the summary's ``Seat 6: Player12 folded before the Draw (didn't bet)`` (line 48)
    lost; Player12 folded on line 13. PokerStars lists every player dealt in: said at the last seat line left
    (``Seat 8: Player9 ...``, now line 49)."""
    _, hand = _hand_without("pokerstars/tour__LBad-USD-MTT8-201011.txt", "52475779512",
                            "Seat 6: Player12 folded before the Draw (didn't bet)")
    found = replay(hand).violations
    assert [(v.code, v.line, v.expected, v.found) for v in found] == [
        ("summary.mismatch", 49, "a seat line for Player12", "none")], found


def test_a_lost_total_pot_line() -> None:
    """The same hand's ``Total pot 360 | Rake 0 `` (line 44) lost: said at the first seat line (now line 44)."""
    _, hand = _hand_without("pokerstars/tour__LBad-USD-MTT8-201011.txt", "52475779512", "Total pot 360 | Rake 0 ")
    found = replay(hand).violations
    assert [(v.code, v.line, v.expected) for v in found] == [("summary.mismatch", 44, "the total pot line first")]


def _hand_doubling(relative: str, hand_id: str, line: str) -> Hand:
    whole = _hand_text(relative, hand_id)
    assert whole.count(line + "\n") == 1, line
    [hand] = [r for r in read_text(whole.replace(line + "\n", line + "\n" + line + "\n"), "doubled.txt")
              if isinstance(r, Hand)]
    return hand


def test_a_small_blind_posted_twice() -> None:
    """Heads-up SNG hand #31331052808: ``Hero posts the small blind of 15`` (line 4) twice. Hero raises to 60 and
    gets 30 back, so the pot and the collect still agree (the second 15 is in the 60)."""
    hand = _hand_doubling("fulltilt/tour__3-Draw-Limit-USD-STT-2max-10-201211.txt", "31331052808",
                          "Hero posts the small blind of 15")
    found = replay(hand).violations
    assert [(v.code, v.line, v.expected, v.found) for v in found] == [
        ("blind.wrong_amount", 5, "one small blind a player", "a second small blind (15)")], found


def test_a_summary_seat_line_twice() -> None:
    """MTT hand #52475779512: ``Seat 6: Player12 folded before the Draw (didn't bet)`` (line 48) twice."""
    hand = _hand_doubling("pokerstars/tour__LBad-USD-MTT8-201011.txt", "52475779512",
                          "Seat 6: Player12 folded before the Draw (didn't bet)")
    found = replay(hand).violations
    assert [(v.code, v.line, v.expected, v.found) for v in found] == [
        ("summary.mismatch", 49, "one seat line for Player12", "a second")], found


def test_an_uncalled_return_written_before_the_fold_that_left_it_uncalled() -> None:
    """MTT hand #52476014307: ``Player10: folds `` (line 20 of the hand) and ``Uncalled bet (20) returned to Player9``
    (line 21) swapped: the return now comes before the last fold, while Player10 could still call. Every amount
    still agrees."""
    lines = _hand_text("pokerstars/tour__LBad-USD-MTT8-201011.txt", "52476014307").split("\n")
    assert lines[19] == "Player10: folds " and lines[20] == "Uncalled bet (20) returned to Player9"
    lines[19], lines[20] = lines[20], lines[19]
    [hand] = [r for r in read_text("\n".join(lines), "swapped.txt") if isinstance(r, Hand)]
    found = replay(hand).violations
    assert [(v.code, v.line, v.expected, v.found) for v in found] == [
        ("uncalled.mismatch", 20, "the return after line 21", "20 returned to Player9 before it")], found
