"""A hand whose log claims no collected amounts is settled by the rules' own awards; money is conserved.

Expected numbers are worked out by hand from the rules (DESIGN §5 and §7): the evaluator's winner, an
even split with the odd chip to the first tied player left of the button, side pots by contribution
level, uncalled bets returned.
"""

from __future__ import annotations

import dataclasses
import textwrap

from test_replay_worked import worked_hand

from badugi.engine.cards import parse_cards
from badugi.engine.record import Bet, Claims, Collect, Fold, Hand, Muck, Show, Uncalled
from badugi.engine.replay import replay
from badugi.engine.violations import CODES
from badugi.parsers.phh import read_phh_text

DESIGN_NET = {"Bob": -400, "Carol": 2000, "Ted": 0, "Alice": -1600}


def without_claims(hand: Hand, **claims: object) -> Hand:
    """The hand with its collect lines and money claims gone (as a PHH file without ``winnings``)."""
    events = tuple(e for e in hand.events if not isinstance(e, Collect))
    return dataclasses.replace(hand, events=events, claims=Claims(**claims))  # type: ignore[arg-type]


def replace_event(hand: Hand, player: str, kind: type, new: object | None) -> Hand:
    """``hand`` with ``player``'s ``kind`` event replaced by ``new`` (dropped when ``None``)."""
    events = []
    for e in hand.events:
        if isinstance(e, kind) and getattr(e, "player", None) == player:
            if new is not None:
                events.append(new)
        else:
            events.append(e)
    return dataclasses.replace(hand, events=tuple(events))


def test_the_worked_hand_without_claims_is_awarded_to_carol() -> None:
    r = replay(without_claims(worked_hand()))
    assert r.violations == () and r.undetermined == ()
    assert r.awards_derived
    assert r.net_by_player == DESIGN_NET
    assert [(p.amount, p.winners, p.paid) for p in r.pots] == [(3600, ("Carol",), (("Carol", 3600),))]
    assert r.rake == 0  # no rake claimed: none taken
    carol, alice = r.facts("Carol"), r.facts("Alice")
    assert (carol.collected, carol.won, carol.won_at_showdown) == (3600, True, True)
    assert (alice.collected, alice.won, alice.won_at_showdown) == (0, False, False)


def test_a_hand_with_claims_is_compared_as_before() -> None:
    r = replay(worked_hand())
    assert not r.awards_derived and r.violations == () and r.net_by_player == DESIGN_NET
    wrong = replace_event(worked_hand(), "Carol", Collect, Collect("Alice", 3600, line=43))
    r = replay(wrong)
    assert not r.awards_derived
    assert "showdown.wrong_winner" in r.codes and "money.not_conserved" not in r.codes
    assert r.net_by_player["Alice"] == 2000  # the nets are the room's claim, flagged, never overwritten


def test_a_text_hand_without_collect_lines_is_awarded_and_flagged() -> None:
    """A summary but no collect line: the missing collector is flagged and the rules award the pot."""
    hand = dataclasses.replace(worked_hand(), events=tuple(e for e in worked_hand().events
                                                           if not isinstance(e, Collect)))
    r = replay(hand)
    assert r.codes == ("showdown.no_winner",)
    assert r.awards_derived and r.net_by_player == DESIGN_NET and r.rake == 0


def test_a_claimed_rake_comes_off_the_pot_before_the_award() -> None:
    r = replay(without_claims(worked_hand(), total_pot=3600, rake=100))
    assert r.violations == ()
    assert r.rake == 100 and r.net_by_player == {"Bob": -400, "Carol": 1900, "Ted": 0, "Alice": -1600}
    assert r.facts("Carol").rake_share + r.facts("Alice").rake_share + r.facts("Bob").rake_share == 100


def test_hidden_showdown_cards_leave_the_pot_undetermined() -> None:
    """Carol reaches the showdown but the log never shows her cards (silent, or shown face down): the
    pot cannot be awarded, and the nets of the two players who could win it are unknown, not -invested."""
    silent = replace_event(without_claims(worked_hand()), "Carol", Show, None)
    face_down = replace_event(without_claims(worked_hand()), "Carol", Show, Show("Carol", (), line=42))
    for hand in (silent, face_down):
        r = replay(hand)
        assert r.violations == ()
        assert "money.not_conserved" in r.undetermined
        assert [(p.amount, p.winners, p.paid) for p in r.pots] == [(3600, None, ())]
        assert r.net_by_player == {"Bob": -400, "Carol": None, "Ted": 0, "Alice": None}
        carol = r.facts("Carol")
        assert (carol.invested, carol.collected, carol.won, carol.won_at_showdown) == (1600, None, None, None)


def test_a_muck_forfeits_the_pot() -> None:
    """Alice mucks: Carol wins without the log ever showing her cards."""
    mucked = replace_event(without_claims(worked_hand()), "Alice", Show, Muck("Alice", line=41))
    for hand in (mucked, replace_event(mucked, "Carol", Show, None)):
        r = replay(hand)
        assert r.violations == () and r.undetermined == ()
        assert r.net_by_player == DESIGN_NET and r.pots[0].winners == ("Carol",)


def test_an_uncontested_pot_goes_to_the_last_player_with_cards() -> None:
    """After draw 2 Carol bets $4 and both others fold: her bet comes back uncalled and she takes the
    $12 pot (each of Bob, Carol, Alice put in $4): Bob -4, Carol +8, Ted 0, Alice -4."""
    hand = without_claims(worked_hand())
    cut = next(k for k, e in enumerate(hand.events) if isinstance(e, Bet) and e.street == 2)
    events = hand.events[:cut + 1] + (Fold("Alice", 2, line=31), Fold("Bob", 2, line=32),
                                      Uncalled("Carol", 400, line=33))
    r = replay(dataclasses.replace(hand, events=events))
    assert r.violations == () and r.undetermined == () and not r.showdown
    assert r.net_by_player == {"Bob": -400, "Carol": 800, "Ted": 0, "Alice": -400}
    assert [(s.player, s.amount) for s in r.steps if s.kind == "return"] == [("Carol", 400)]
    assert [(p.amount, p.winners, p.paid) for p in r.pots] == [(1200, ("Carol",), (("Carol", 1200),))]


def _phh(actions: list[str], stacks: str) -> Hand:
    """A three-player PHH hand in chips, blinds 1/2, limit 2/4; p1 small blind, p3 button."""
    lines = ",\n".join(f'  "{a}"' for a in actions)
    text = textwrap.dedent(f'''\
        variant = "FB"
        antes = [0, 0, 0]
        blinds_or_straddles = [1, 2, 0]
        small_bet = 2
        big_bet = 4
        starting_stacks = {stacks}
        actions = [
        ''') + lines + "\n]\n"
    (hand,) = read_phh_text(text, "table.phh")
    assert isinstance(hand, Hand), hand
    return hand


def test_a_tie_splits_with_the_odd_chip_left_of_the_button() -> None:
    """p1 folds his blind, p2 and p3 see every draw for 2 each: a pot of 5. A-2-3 ties A-2-3 (DESIGN §7:
    As2c3d3s ties Ad2h3cKc); the odd chip goes to p2, the first tied player left of the button."""
    pat = ["p2 sd", "p3 sd", "p2 cc", "p3 cc"]
    hand = _phh(["d dh p1 ????????", "d dh p2 ????????", "d dh p3 ????????", "p3 cc", "p1 f", "p2 cc",
                 *pat, *pat, *pat, "p2 sm As2c3d3s", "p3 sm Ad2h3cKc"], "[100, 100, 100]")
    r = replay(hand)
    assert r.violations == () and r.undetermined == ()
    assert r.pots[0].winners == ("p2", "p3") and r.pots[0].paid == (("p2", 3), ("p3", 2))
    assert r.net_by_player == {"p1": -1, "p2": 1, "p3": 0}


def test_side_pots_are_awarded_each_to_its_best_hand() -> None:
    """p2 (big blind, 3 chips) calls p3's raise to 4 all-in for 3: a main pot of 9 among all three and a
    side pot of 2 between p1 and p3. p2's wheel takes the main pot, p3's 8-high badugi the side pot:
    p1 -4, p2 +6, p3 -2."""
    rounds = ["p1 sd", "p2 sd", "p3 sd", "p1 cc", "p3 cc"]
    hand = _phh(["d dh p1 ????????", "d dh p2 ????????", "d dh p3 ????????", "p3 cbr 4", "p1 cc", "p2 cc",
                 *rounds, *rounds, "p1 sd", "p2 sd", "p3 sd", "p1 cc", "p3 cc",
                 "p1 sm KsKdQhJc", "p2 sm As2d3h4c", "p3 sm 5s6d7h8c"], "[20, 3, 20]")
    r = replay(hand)
    assert r.violations == () and r.undetermined == ()
    assert [(p.amount, p.eligible, p.winners, p.paid) for p in r.pots] == [
        (9, ("p1", "p2", "p3"), ("p2",), (("p2", 9),)), (2, ("p1", "p3"), ("p3",), (("p3", 2),))]
    assert r.net_by_player == {"p1": -4, "p2": 6, "p3": -2}


def test_money_that_leaves_the_hand_is_not_conserved() -> None:
    """A collector who is not in the hand: the pot paid someone outside it, so the nets and the rake
    no longer sum to zero (flagged beside the wrong winner)."""
    hand = replace_event(worked_hand(), "Carol", Collect, Collect("Nobody", 3600, line=43))
    r = replay(hand)
    assert "money.not_conserved" in r.codes and "showdown.wrong_winner" in r.codes
    assert sum(n for _, n in r.net) + r.rake == -3600
    assert "money.not_conserved" in CODES


def test_known_cards_make_show_and_award_agree() -> None:
    """The evaluator decides, not the order of the show lines: with Alice's cards better than Carol's
    the same hand awards Alice."""
    hand = replace_event(without_claims(worked_hand()), "Alice", Show,
                         Show("Alice", parse_cards("As 2c 3d 4h"), line=41))
    r = replay(hand)
    assert r.net_by_player == {"Bob": -400, "Carol": -1600, "Ted": 0, "Alice": 2000}
    assert "showdown.shown_not_held" in r.codes  # the log had dealt Alice 2s 4c 9h 6d: still flagged
