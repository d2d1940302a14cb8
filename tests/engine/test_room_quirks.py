"""Room rules the replay must know so that a room's own habits are not read as rule breaks.

PokerStars kills the hand of a player marked sitting out whose forced bet put them all in: when the action
reaches their seat it writes a fold for them, and their chips stay in the pot for the others (seen in real
tournament files: ``titasands: posts the ante 10 and is all-in`` ... ``titasands: folds``, the seat line
``(10 in chips) is sitting out``). Below, the same shape in a Badugi tournament hand, written by hand.
"""

from __future__ import annotations

from badugi.engine.record import Hand
from badugi.engine.replay import replay
from badugi.parsers.reader import read_text

HAND = """\
PokerStars Game #52475779999: Tournament #329147852, $2.00+$0.20 USD Badugi Limit - Level I (20/40) - 2010/11/10 17:20:01 CET [2010/11/10 11:20:01 ET]
Table '329147852 1' 8-max Seat #1 is the button
Seat 1: Ann (1500 in chips) 
Seat 2: Cy (10 in chips) is sitting out
Seat 3: Bob (1500 in chips) 
Cy: posts small blind 10 and is all-in
Bob: posts big blind 20
*** DEALING HANDS ***
Dealt to Ann [As 2c 3d 4h]
Ann: raises 20 to 40
Cy: folds 
Bob: folds 
Uncalled bet (20) returned to Ann
Ann collected 50 from pot
Ann: doesn't show hand 
*** SUMMARY ***
Total pot 50 | Rake 0 
Seat 1: Ann (button) collected (50)
Seat 2: Cy (small blind) folded before the Draw
Seat 3: Bob (big blind) folded before the Draw


"""


def _replay(text: str):
    [hand] = list(read_text(text))
    assert isinstance(hand, Hand), hand
    return replay(hand)


def test_pokerstars_kills_a_sitting_out_all_in_hand_with_a_notice_not_a_violation() -> None:
    result = _replay(HAND)
    assert result.codes == ("hand.killed",)
    killed = result.violations[0]
    assert killed.line == 11 and "Cy" in killed.message
    # Cy's 10 chips are dead money in Ann's pot: 10 + Bob's 20 + Ann's called 20
    assert dict(result.net) == {"Ann": 30, "Bob": -20, "Cy": -10}


def test_the_same_fold_by_a_player_not_sitting_out_is_out_of_turn() -> None:
    result = _replay(HAND.replace("(10 in chips) is sitting out", "(10 in chips) "))
    assert "order.out_of_turn" in result.codes and "hand.killed" not in result.codes


def test_a_sitting_out_player_with_chips_behind_folding_out_of_turn_is_still_a_violation() -> None:
    """Cy has chips behind and folds before Ann (first to act pre-draw) did: out of turn, not a kill."""
    text = HAND.replace("(10 in chips) is sitting out", "(100 in chips) is sitting out").replace(
        "Cy: posts small blind 10 and is all-in", "Cy: posts small blind 10").replace(
        "Ann: raises 20 to 40\nCy: folds \n", "Cy: folds \nAnn: raises 20 to 40\n")
    result = _replay(text)
    assert "order.out_of_turn" in result.codes and "hand.killed" not in result.codes
