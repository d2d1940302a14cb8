"""PokerStars lines that the real Badugi files lack but the same client wrote in other games' real files. Each
hand here is written for the test in the real lines' shapes (names invented); the expected values come from the
line's own words and the rules, never from the parser's output. Sources:

- a fold that shows cards: ``DmelloH: folds [7s 3c]`` (a 2016 tournament hand among the sample hands of
  github.com/thlorenz/hhv, client/bundle.js) and ``Player6: folds [Ks]`` (one card of two: the byte-exact 2011 file
  ``tour/Stars/Flop_NLHE-USD-STT-201109.ShowsOneCard.txt`` of fpdb's regression set, ../shared/real_hh_corpus);
- a winner showing one card: ``p1: shows [Qh]`` (the PokerStars action lines listed in poker-log-parser's FORMAT.md,
  PyPI 0.1.2);
- a tournament's ``All players have agreed to skip the break. Game resuming.`` (a line about no player, quoted word for
  word by two readers of PokerStars files: AdriRRP/tycoon's TycoonLex.g4 and aaaaaa2493/poker-engine's
  src/data/reg_ex/poker_stars.py, which also matches an observer's ``name [observer] said, "..."``);
- a summary ``mucked`` with no cards, as a file whose owner was not shown them writes it:
  ``Seat 2: Isildur1 (button) (small blind) mucked``
  (``cash/Stars/Flop_PLO-6max-USD-200-400-201510.partial.observed.txt``).
"""

from __future__ import annotations

from badugi.engine.cards import parse_cards
from badugi.engine.record import Fold, Hand, Muck, Noise, Show
from badugi.engine.replay import replay
from badugi.parsers.reader import read_text
from badugi.parsers.results import ParseFailure

# Three players at $0.25/$0.50: Bravo (small blind) completes, Hero (big blind) checks, Alpha (button) folds
# before the draw; after the first draw Bravo bets and Hero folds. Pot $0.10 + $0.25 + $0.15 = $0.50, Bravo's
# $0.25 bet comes back uncalled, rake $0.02, Bravo collects $0.48.
FOLDS = """PokerStars Game #49164202999:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:40:15 ET
Table 'Benkoela V' 8-max Seat #1 is the button
Seat 1: Alpha ($5 in chips) 
Seat 2: Bravo ($5 in chips) 
Seat 3: Hero ($5 in chips) 
Bravo: posts small blind $0.10
Hero: posts big blind $0.25
*** DEALING HANDS ***
Dealt to Hero [As 3h 8h 6s]
Alpha: folds 
Bravo: calls $0.15
Hero: checks 
*** FIRST DRAW ***
Bravo: discards 1 card
Hero: discards 2 cards [8h 6s]
Dealt to Hero [As 3h] [5d Ks]
Bravo: bets $0.25
Hero: folds 
Uncalled bet ($0.25) returned to Bravo
Bravo collected $0.48 from pot
Bravo: doesn't show hand 
*** SUMMARY ***
Total pot $0.50 | Rake $0.02 
Seat 1: Alpha (button) folded before the Draw (didn't bet)
Seat 2: Bravo (small blind) collected ($0.48)
Seat 3: Hero (big blind) folded after the 1st Draw
"""

# Heads-up, checked down: Bravo shows a Badugi, Alpha mucks and the summary names no cards for Alpha (the file's
# owner watched the table). Pot $0.50, rake $0.02, Bravo collects $0.48.
MUCKED = """PokerStars Hand #149164202999:  Badugi Limit ($0.25/$0.50 USD) - 2015/10/22 0:24:41 CET \
[2015/10/21 18:24:41 ET]
Table 'Benkoela V' 6-max Seat #1 is the button
Seat 1: Alpha ($5 in chips) 
Seat 2: Bravo ($5 in chips) 
Alpha: posts small blind $0.10
Bravo: posts big blind $0.25
*** DEALING HANDS ***
Alpha: calls $0.15
Bravo: checks 
*** FIRST DRAW ***
Bravo: discards 1 card
Alpha: discards 2 cards
Bravo: checks 
Alpha: checks 
*** SECOND DRAW ***
Bravo: stands pat 
Alpha: discards 1 card
Bravo: checks 
Alpha: checks 
*** THIRD DRAW ***
Bravo: stands pat 
Alpha: stands pat 
Bravo: checks 
Alpha: checks 
*** SHOW DOWN ***
Bravo: shows [8c 5d 7s Th] (Badugi: T,8,7,5)
Alpha: mucks hand 
Bravo collected $0.48 from pot
*** SUMMARY ***
Total pot $0.50 | Rake $0.02 
Seat 1: Alpha (button) (small blind) mucked [Kd Kc 2h 3s]
Seat 2: Bravo (big blind) showed [8c 5d 7s Th] and won ($0.48) with a Badugi: T,8,7,5
"""


def read_one(text: str) -> Hand | ParseFailure:
    (result,) = read_text(text.replace("\n", "\r\n"), "hh.txt")
    return result


def hand_of(text: str) -> Hand:
    result = read_one(text)
    assert isinstance(result, Hand), result
    return result


def test_the_base_hands_replay_clean() -> None:
    assert replay(hand_of(FOLDS)).codes == ()
    assert replay(hand_of(MUCKED)).codes == ()


def test_a_fold_that_shows_the_whole_hand_is_a_fold_and_a_show() -> None:
    hand = hand_of(FOLDS.replace("Alpha: folds \n", "Alpha: folds [Kd Qc Jh Td]\n")
                   .replace("Hero: folds \n", "Hero: folds [As 3h 5d Ks]\n"))
    # line 10: Alpha folds before the draw; line 18: Hero folds after it, showing what the draw left them
    assert hand.events[3:5] == (Fold("Alpha", 0, 10), Show("Alpha", parse_cards("Kd Qc Jh Td"), None, 10))
    at = hand.events.index(Fold("Hero", 1, 18))
    assert hand.events[at + 1] == Show("Hero", parse_cards("As 3h 5d Ks"), None, 18)
    assert replay(hand).codes == ()  # the pot, the rake and the collection as before: a show moves no money


def test_the_cards_a_fold_shows_are_judged_by_the_rules() -> None:
    # Alpha shows the hero's ace of spades: one card in two holdings
    duplicate = hand_of(FOLDS.replace("Alpha: folds \n", "Alpha: folds [As Qc Jh Td]\n"))
    assert "cards.duplicate" in replay(duplicate).codes
    # the hero shows a king of clubs where the draw gave them the king of spades
    contradicted = hand_of(FOLDS.replace("Hero: folds \n", "Hero: folds [As 3h 5d Kc]\n"))
    assert "showdown.shown_not_held" in replay(contradicted).codes


def test_a_fold_that_shows_some_of_the_hand_keeps_the_line() -> None:
    hand = hand_of(FOLDS.replace("Hero: folds \n", "Hero: folds [Ks]\n"))
    at = hand.events.index(Fold("Hero", 1, 18))
    # one card of four is no holding: the line is kept as written, the fold is the fold
    assert hand.events[at + 1] == Noise("show", "Hero", "Hero: folds [Ks]", 18)
    assert not [e for e in hand.events if type(e) is Show]
    assert replay(hand).codes == ()


def test_a_winner_showing_one_card_keeps_the_line() -> None:
    # "p1: shows [Qh]" among the PokerStars action lines of poker-log-parser's FORMAT.md (PyPI, 0.1.2): a player
    # who won without a showdown shows one card; before, it became a Show of a one-card holding
    hand = hand_of(FOLDS.replace("Bravo: doesn't show hand \n", "Bravo: shows [Th]\n"))
    assert hand.events[-1] == Noise("show", "Bravo", "Bravo: shows [Th]", 21)
    assert not [e for e in hand.events if type(e) is Show]
    assert replay(hand).codes == ()
    # the whole hand shown stays a Show, judged by the rules (the hero holds the 5d)
    whole = hand_of(FOLDS.replace("Bravo: doesn't show hand \n", "Bravo: shows [8c 5d 7s Th] (Badugi: T,8,7,5)\n"))
    assert whole.events[-1] == Show("Bravo", parse_cards("8c 5d 7s Th"), "Badugi: T,8,7,5", 21)
    assert "cards.duplicate" in replay(whole).codes


def test_a_malformed_fold_is_still_an_error_naming_its_line() -> None:
    for bad in ("Alpha: folds [Kx]", "Alpha: folds [Kd", "Alpha: folds Kd", "Alpha: folds [Kd  Qc]"):
        result = read_one(FOLDS.replace("Alpha: folds \n", bad + "\n"))
        assert isinstance(result, ParseFailure), bad
        assert (result.code, result.file, result.line, result.hand_id) == (
            "parse.unknown_line", "hh.txt", 10, "49164202999"), bad
        assert bad in result.message


def test_a_summary_muck_without_cards() -> None:
    hand = hand_of(MUCKED.replace("mucked [Kd Kc 2h 3s]", "mucked"))
    alpha = hand.claims.summary[0]
    assert (alpha.player, alpha.result, alpha.position, alpha.cards) == ("Alpha", "mucked", "small blind", None)
    assert Muck("Alpha", None, 27) in hand.events
    # the award needs no mucked cards: Bravo alone showed down and takes $0.50 less the $0.02 rake
    assert replay(hand).codes == ()
    # with the cards written, they stay the muck's claim (and the replay checks them)
    named = hand_of(MUCKED)
    assert Muck("Alpha", parse_cards("Kd Kc 2h 3s"), 27) in named.events
    assert named.claims.summary[0].cards == parse_cards("Kd Kc 2h 3s")


def test_a_malformed_summary_muck_is_still_an_error() -> None:
    for bad in ("mucked [Kd", "mucked Kd Kc 2h 3s", "mucked []x", "mucks"):
        result = read_one(MUCKED.replace("mucked [Kd Kc 2h 3s]", bad))
        assert isinstance(result, ParseFailure), bad
        assert (result.code, result.line, result.hand_id) == ("parse.unknown_line", 31, "149164202999"), bad


# Heads-up tournament hand: Alpha (button, small blind 30) folds to Bravo's big blind 60; 30 of it comes back.
TOURNEY = """PokerStars Hand #209000000001: Tournament #2881133193, $3.19+$0.31 USD Badugi Limit - Level IV (60/120) - \
2020/03/01 12:00:00 ET
Table '2881133193 1' 6-max Seat #1 is the button
Seat 1: Alpha (1500 in chips) 
Seat 2: Bravo (1500 in chips) 
Alpha: posts small blind 30
Bravo: posts big blind 60
*** DEALING HANDS ***
Alpha: folds 
Uncalled bet (30) returned to Bravo
Bravo collected 60 from pot
Bravo: doesn't show hand 
*** SUMMARY ***
Total pot 60 | Rake 0 
Seat 1: Alpha (button) (small blind) folded before the Draw
Seat 2: Bravo (big blind) collected (60)
"""

SKIPPED = "All players have agreed to skip the break. Game resuming."


def test_a_skipped_break_is_table_noise_before_the_deal_or_among_the_actions() -> None:
    assert replay(hand_of(TOURNEY)).codes == ()
    before = hand_of(TOURNEY.replace("*** DEALING HANDS ***\n", SKIPPED + "\n*** DEALING HANDS ***\n"))
    assert Noise("break", None, SKIPPED, 7) in before.events
    among = hand_of(TOURNEY.replace("Alpha: folds \n", "Alpha: folds \n" + SKIPPED + "  \n"))
    assert Noise("break", None, SKIPPED, 9) in among.events
    assert replay(before).codes == () and replay(among).codes == ()
    for garbled in ("All players have agreed to skip the break.",
                    "All players agreed to skip the break. Game resuming."):
        result = read_one(TOURNEY.replace("Alpha: folds \n", "Alpha: folds \n" + garbled + "\n"))
        assert isinstance(result, ParseFailure), garbled
        assert (result.code, result.line, result.hand_id) == ("parse.unknown_line", 9, "209000000001"), garbled


def test_other_tournament_messages_are_noise_and_an_observer_chats_under_their_name() -> None:
    # aaaaaa2493/poker-engine's reader matches these PokerStars lines too; they read as noise already
    lines = ("Alpha wins an entry to tournament #2869142162",
             "Bravo adds 1500 chips (1 stack(s) of 1500 chips). Bravo has 2 stack(s) remaining.",
             'kibitz [observer] said, "gl"')
    hand = hand_of(TOURNEY.replace("Alpha: folds \n", "Alpha: folds \n" + "\n".join(lines) + "\n"))
    noise = [e for e in hand.events if type(e) is Noise]
    assert [(e.kind, e.player, e.text) for e in noise] == [
        ("table", "Alpha", lines[0]), ("table", "Bravo", lines[1]), ("chat", "kibitz", lines[2])]
    assert replay(hand).codes == ()
