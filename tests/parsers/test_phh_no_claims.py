"""PHH as PokerKit's public dataset writes it: no ``hand`` id, no ``winnings``, ``????`` for unseen cards,
comments mid-line and ``sm`` showdowns. The reader records what the file says (no collect claims); the
replay awards the pot itself, and a hand without an id gets one from its file and place there."""

from __future__ import annotations

from pathlib import Path

from worked_hand_text import WORKED_PHH

from badugi.engine.cards import parse_cards
from badugi.engine.record import Call, Collect, Deal, Draw, Hand, Show
from badugi.engine.replay import replay
from badugi.parsers.phh import parse_hand, read_phh_file, read_phh_text, split_tables, write_phh
from badugi.parsers.results import ParseFailure, Skipped

DESIGN_NET = {"Bob": -4, "Carol": 20, "Ted": 0, "Alice": -16}  # chips: the file has no currency


def read_one(text: str, file: str = "datasets/badugi/worked.phh") -> Hand:
    (hand,) = list(read_phh_text(text, file))
    assert isinstance(hand, Hand), hand
    return hand


def test_the_pokerkit_style_file_reads_as_written() -> None:
    hand = read_one(WORKED_PHH)
    assert hand.hand_id == "worked.phh#1"  # no hand field: file name and place in the file
    assert hand.currency == "CHIPS" and [(s.player, s.stack) for s in hand.seats] == [
        ("Bob", 200), ("Carol", 200), ("Ted", 200), ("Alice", 200)]
    assert [e.cards for e in hand.events if isinstance(e, Deal)] == [None] * 4  # ???????? = unknown
    assert [(e.player, e.draw, e.count) for e in hand.events if isinstance(e, Draw)] == [
        ("Bob", 1, 2), ("Carol", 1, 2), ("Alice", 1, 1), ("Bob", 2, 1), ("Carol", 2, 0), ("Alice", 2, 1),
        ("Carol", 3, 1), ("Alice", 3, 0)]
    last_call = [e for e in hand.events if isinstance(e, Call)][-1]
    assert (last_call.player, last_call.street, last_call.amount) == ("Carol", 3, 4)  # commentary ignored
    assert [(e.player, e.cards) for e in hand.events if isinstance(e, Show)] == [
        ("Alice", parse_cards("2s 4c 6d 9h")), ("Carol", parse_cards("3s 5d 7c 8h"))]
    assert not [e for e in hand.events if isinstance(e, Collect)]  # no winnings: nothing claimed


def test_it_replays_to_the_design_net_with_the_pot_derived() -> None:
    r = replay(read_one(WORKED_PHH))
    assert r.violations == () and r.undetermined == ()
    assert r.awards_derived
    assert r.net_by_player == DESIGN_NET
    assert [(p.amount, p.winners, p.paid) for p in r.pots] == [(36, ("Carol",), (("Carol", 36),))]
    assert r.rake == 0 and sum(r.net_by_player.values()) + r.rake == 0


def test_a_wrong_winnings_line_is_a_showdown_violation() -> None:
    """With ``winnings`` the file claims who won; the claim is compared, not replaced."""
    right = read_one(WORKED_PHH + "winnings = [0, 36, 0, 0]\n")
    r = replay(right)
    assert r.violations == () and not r.awards_derived and r.net_by_player == DESIGN_NET
    wrong = replay(read_one(WORKED_PHH + "winnings = [0, 0, 0, 36]\n"))
    assert wrong.codes == ("showdown.wrong_winner",) and not wrong.awards_derived
    assert wrong.net_by_player == {"Bob": -4, "Carol": -16, "Ted": 0, "Alice": 20}  # the claim, flagged
    split = replay(read_one(WORKED_PHH + "winnings = [0, 18, 0, 18]\n"))
    assert split.codes == ("showdown.wrong_winner",)


def test_a_hand_shown_face_down_is_in_the_pot_with_unknown_cards() -> None:
    """``sm ????????`` (PHH: shown, not mucked, cards not known): Carol still contends, so the pot
    cannot be awarded; a bare ``sm`` is a muck and forfeits it."""
    face_down = WORKED_PHH.replace('"p2 sm 3s5d7c8h"', '"p2 sm ????????"')
    hand = read_one(face_down)
    assert [(e.player, e.cards) for e in hand.events if isinstance(e, Show)][-1] == ("Carol", ())
    r = replay(hand)
    assert r.violations == () and r.pots[0].winners is None and "money.not_conserved" in r.undetermined
    assert r.net_by_player == {"Bob": -4, "Carol": None, "Ted": 0, "Alice": None}
    again = read_one(write_phh(hand))  # the writer keeps it face down
    assert [(e.player, e.cards) for e in again.events if isinstance(e, Show)][-1] == ("Carol", ())
    mucked = replay(read_one(WORKED_PHH.replace('"p4 sm 2s4c6d9h"', '"p4 sm"')))
    assert mucked.net_by_player == DESIGN_NET and mucked.pots[0].winners == ("Carol",)


def test_hands_without_ids_are_named_by_file_and_table(tmp_path: Path) -> None:
    body = WORKED_PHH.replace("# DESIGN section 7: Alice button, Bob small blind, Carol big blind, Ted.\n", "")
    text = f"[1]\n{body}\n[2]\n{body}\n[3]\nhand = 7\n{body}\n[4]\n" + body.replace('"p3 f"', '"p9 f"')
    path = tmp_path / "session.phhs"
    path.write_text(text)
    results = list(read_phh_file(path))
    assert [r.hand_id for r in results] == ["session.phhs#1", "session.phhs#2", "7", "session.phhs#4"]
    assert isinstance(results[3], ParseFailure) and results[3].code == "parse.unknown_player"
    elsewhere = tmp_path / "copy"
    elsewhere.mkdir()
    (elsewhere / "session.phhs").write_text(text)
    assert [r.hand_id for r in read_phh_file(elsewhere / "session.phhs")] == [r.hand_id for r in results]
    # the importer parses table by table from byte offsets: the same ids
    pieces, _, _ = split_tables(path.read_bytes())
    assert [parse_hand(p.text, str(path), p.first_line, p.offset).hand_id for p in pieces] == [
        r.hand_id for r in results]
    skipped = list(read_phh_text(WORKED_PHH.replace('variant = "FB"', 'variant = "NT"'), "holdem.phh"))
    assert isinstance(skipped[0], Skipped) and skipped[0].hand_id == "holdem.phh#1"
