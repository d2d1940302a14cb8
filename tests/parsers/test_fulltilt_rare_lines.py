"""Full Tilt lines that the real Badugi files lack but Full Tilt wrote in other games' files or that other
trackers' Full Tilt readers were built on (fpdb's FulltiltToFpdb, HHSmithy's FullTiltPokerFastParserImpl,
pet's FTParser). Each hand here is written for the test from those line shapes (names invented); the
expected values come from the line's own words and the rules, never from the parser's output."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from badugi.engine.record import Collect, Hand, Noise, Uncalled
from badugi.engine.replay import replay
from badugi.parsers.rooms.fulltilt import parse_hand, read_header, stake_hundredths

HEADER = "Full Tilt Poker Game #20000000001: Table Tester (6 max) - $1/$2 - Limit Badugi - 10:00:00 ET - 2011/03/01"
BODY = """Seat 1: Ann ($50)
Seat 2: Bob ($40)
Seat 3: Cy ($30)
Bob posts the small blind of $0.50
Cy posts the big blind of $1
The button is in seat #1
*** HOLE CARDS ***
Dealt to Ann [Ah 2c 3d 4s]
Ann raises to $2
Bob folds
Cy calls $1
*** FIRST DRAW *** (Pot: $4.50)
Cy discards 1 card
Ann stands pat on [Ah 2c 3d 4s]
Cy is dealt 1 card
Cy checks
Ann bets $1
Cy folds
Uncalled bet of $1 returned to Ann
Ann mucks
Ann wins the pot ($4.50)
*** SUMMARY ***
Total pot $4.50 | Rake $0
Seat 1: Ann (button) collected ($4.50), mucked
Seat 2: Bob (small blind) folded before the Draw
Seat 3: Cy (big blind) folded after the 1st Draw
"""


def hand_of(text: str) -> Hand:
    result = parse_hand(text)
    assert isinstance(result, Hand), result
    return result


def with_line(line: str, before: str) -> str:
    """The base hand with ``line`` written just before the first line that starts with ``before``."""
    lines = (HEADER + "\n" + BODY).split("\n")
    at = next(i for i, text in enumerate(lines) if text.startswith(before))
    return "\n".join(lines[:at] + [line] + lines[at:])


def test_the_base_hand_replays_clean() -> None:
    hand = hand_of(HEADER + "\n" + BODY)
    assert replay(hand).codes == ()


def test_the_worded_date_of_july_2010() -> None:
    # "Full Tilt Poker Game #22488827305: Table Flash - $0.02/$0.05 - No Limit Hold'em - 15:13 ET - Wed, July 21, 2010"
    # (fpdb's regression file 'FT20100721 Flash ... dateformat change.txt'): minutes only, weekday and month in words
    header = "Full Tilt Poker Game #20000000002: Table Tester - $1/$2 - Limit Badugi - 15:13 ET - Wed, July 21, 2010"
    hand = hand_of(header + "\n" + BODY)
    # 15:13 in New York on 21 July (daylight saving, UTC-4) is 19:13 UTC
    assert hand.start_time == datetime(2010, 7, 21, 19, 13, tzinfo=timezone.utc) and hand.time_zone == "ET"
    assert replay(hand).codes == ()
    short_month = header.replace("July", "Jul").replace("Wed", "Thu").replace("21", "22")
    assert hand_of(short_month + "\n" + BODY).start_time == datetime(2010, 7, 22, 19, 13, tzinfo=timezone.utc)


def test_an_unknown_month_is_a_clear_error() -> None:
    header = "Full Tilt Poker Game #20000000003: Table Tester - $1/$2 - Limit Badugi - 15:13 ET - Wed, Juli 21, 2010"
    result = parse_hand(header + "\n" + BODY, "ftp.txt")
    assert not isinstance(result, Hand)
    assert "ftp.txt:1" in result.message and "Juli" in result.message


def test_stakes_with_thousands_written_k() -> None:
    assert [stake_hundredths(s) for s in ("$0.10", "1,500", "500K", "1.5K", "2M", "$2K")] == [
        10, 150_000, 50_000_000, 150_000, 200_000_000, 200_000]
    # fpdb's 'K.as.thousand' and 'large.pot' files (Hold'em): the header writes K, the body whole numbers
    tour = read_header("Full Tilt Poker Game #29537846954: $7,000 KO Guarantee (229436420), Table 11 - "
                       "50K/100K Ante 10000 - Limit Badugi - 16:06:40 ET - 2011/04/01")
    assert (tour.small, tour.big, tour.ante, tour.table) == ("50K", "100K", "10000", "11")
    play = ("Full Tilt Poker Game #20000000004: Table King (6 max, deep) - 1000K/2000K - Limit Badugi - "
            "21:40:27 ET - 2011/04/15")
    chips = {"$0.50": "500,000", "$1": "1,000,000", "$2": "2,000,000", "$4.50": "4,500,000",
             "$50": "50,000,000", "$40": "40,000,000", "$30": "30,000,000"}
    body = BODY
    for dollars in sorted(chips, key=len, reverse=True):
        body = body.replace(dollars + ")", chips[dollars] + ")").replace(dollars + "\n", chips[dollars] + "\n")
    body = body.replace("Uncalled bet of $1 ", "Uncalled bet of 1,000,000 ").replace("Pot: $4.50", "Pot: 4,500,000")
    body = body.replace("Total pot $4.50 | Rake $0", "Total pot 4,500,000 | Rake 0")
    assert "$" not in body
    hand = hand_of(play + "\n" + body)
    assert (hand.currency, hand.stakes.small_bet, hand.stakes.big_bet, hand.max_seats) == (
        "PLAY", 1_000_000, 2_000_000, 6)
    assert replay(hand).codes == ()


def test_a_matrix_table_is_called_match() -> None:
    # "Full Tilt Poker Game #31493005894: $26 Super Turbo Matrix (244669447), Match 2 - 15/30 - No Limit Hold'em - ..."
    header = read_header("Full Tilt Poker Game #31493005894: $26 Super Turbo Matrix (244669447), Match 2 - 15/30 - "
                         "Limit Badugi - 09:20:06 EET - 2012/11/23 [02:20:06 ET - 2012/11/23]")
    assert (header.tournament, header.table, header.small) == ("$26 Super Turbo Matrix (244669447), ", "2", "15")


def test_the_seat_count_line_of_rush_tournaments() -> None:
    # "Seats: 9" between the header and the seats (fpdb's 2013 'rush.rebuy.guar' files)
    hand = hand_of(HEADER.replace(" (6 max)", "") + "\nSeats: 9\n" + BODY)
    assert hand.max_seats == 9 and not [e for e in hand.events if isinstance(e, Noise)]
    assert hand.seats[0].line == 3 and replay(hand).codes == ()


@pytest.mark.parametrize(("line", "kind", "player"), [
    ("The blinds are now 15/30", "level", None),  # tournaments: pet's FTParser, judistats
    ("Time has expired", "timer", None),  # pet's FTParser, judistats
    # pet's FTParser: a player seated in no hand yet
    ("Dee has registered late for the tournament and will be dealt in on their big blind", "join", "Dee"),
    # an observer's chat (fpdb's 'Observed.Hand.with.chat' file, 2006)
    ("rail bird (Observer): nice hand", "chat", "rail bird"),
])
def test_table_lines_without_a_seated_player(line: str, kind: str, player: str | None) -> None:
    hand = hand_of(with_line(line, "Cy checks"))
    (noise,) = [e for e in hand.events if isinstance(e, Noise)]
    assert (noise.kind, noise.player, noise.text, noise.line) == (kind, player, line, 17)
    assert replay(hand).codes == ()


def test_a_canceled_hand_is_flagged() -> None:
    # "Hand #35550557071 has been canceled" (HHSmithy's reader looks for it near the end of the hand)
    text = HEADER + "\n" + BODY.split("*** HOLE CARDS ***")[0] + (
        "Hand #20000000001 has been canceled\n*** SUMMARY ***\nTotal pot $0 | Rake $0\n")
    hand = hand_of(text)
    assert hand.cancelled and not hand_of(HEADER + "\n" + BODY).cancelled


def test_an_ante_given_back_is_chips_returned() -> None:
    # "Ante of $0.01 returned to balr1" (HHSmithy's reader: among the blinds, as an uncalled bet)
    hand = hand_of(with_line("Ante of $0.25 returned to Bob", "The button is in seat"))
    assert [u for u in hand.events if isinstance(u, Uncalled)][0] == Uncalled("Bob", 25, 7)


def test_a_numbered_side_pot() -> None:
    # "mukas72 wins side pot #1 ($0.26) with a pair of Kings" (HHSmithy's reader)
    for words in ("wins side pot #1", "wins the side pot #1"):
        win = f"Ann {words} ($4.50) with a Badugi: 4, 3, 2, A"
        text = (HEADER + "\n" + BODY).replace("Ann wins the pot ($4.50)", win)
        (collect,) = [c for c in hand_of(text).events if isinstance(c, Collect)]
        assert (collect.player, collect.pot, collect.amount) == ("Ann", "side-1", 450)


@pytest.mark.parametrize(("tournament", "tournament_id", "buy_in"), [
    ("$10 Heads-Up Sit & Go (243560420), ", "243560420", "$10"),
    ("$2 + $0.10 Heads Up Sit & Go (220338000), ", "220338000", "$2 + $0.10"),
    ("$5 Sit & Go (Super Turbo) (253843023), ", "253843023", "$5"),
    ("250 Play Money Sit & Go (247472173), ", "247472173", "250"),
    # no amount first: no buy-in (it used to be the first word, "MiniFTOPS")
    ("MiniFTOPS Event #1 (243423165), ", "243423165", None),
    ("Big Game of the Week (251332389), ", "251332389", None),
    # a guarantee's amount is not a buy-in
    ("$7,000 KO Guarantee (229436420), ", "229436420", None),
    ("$10,000 Rush Guar (Rebuy) (247042894), ", "247042894", None),
])
def test_the_buy_in_of_a_tournament_header(tournament: str, tournament_id: str, buy_in: str | None) -> None:
    # tournament headers of fpdb's Full Tilt files (other games), on a Badugi hand in chips
    header = f"Full Tilt Poker Game #20000000005: {tournament}Table 3 - 1/2 - Limit Badugi - 10:00:00 ET - 2011/03/01"
    chips = BODY.replace("$0.50", "$1").replace("$4.50", "$5").replace("$", "")  # whole chips
    hand = hand_of(header + "\n" + chips)
    assert (hand.tournament.tournament_id, hand.tournament.buy_in, hand.currency) == (tournament_id, buy_in, "CHIPS")
