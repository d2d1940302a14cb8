"""KingsClub reader: every real file, values checked by hand against the text, call totals, mutations.

Expected values below were read off the files in ../shared/real_hh/kingsclub by hand (FORMATS.md
section 4), not copied from the reader's output. Each real file holds one hand (one `#id:` header).
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from badugi.engine.cards import parse_cards
from badugi.engine.record import (
    Bet, Call, Check, Collect, Deal, Draw, DrawDeal, Fold, Hand, Limit, Post, PostKind, Raise, Show,
)
from badugi.engine.replay import replay
from badugi.parsers.results import ParseFailure, Skipped
from badugi.parsers.split import HandText
from badugi.parsers.rooms import ROOMS, detect_room
from badugi.parsers.rooms.kingsclub import KingsClub, parse_hand, recognises
from conftest import REAL_HH, real_file
from text_mutations import mutate

BADUGI = "kingsclub/cash__Badugi-Limit-USD-30-60-202010.txt"
BADACEY = "kingsclub/cash__Badacey-Limit-USD-22-44-202101.txt"
BADEUCEY = "kingsclub/cash__Badeucey-Limit-USD-22-44-202101.txt"
TD_RAKE = "kingsclub/cash__2-7 Triple Draw Lowball-FL-USD-44-88-202012.rake.txt"
A5 = "kingsclub/cash__A5-3-Draw-Limit-USD-44-88-202010.txt"
EXPECTED: dict[str, str] = {
    BADUGI: "badugi",
    BADACEY: "badacey",
    BADEUCEY: "badeucey",
    "kingsclub/cash__2-7 Triple Draw Lowball-FL-USD-40-80-202101.txt": "27_triple_draw",
    TD_RAKE: "27_triple_draw",
    A5: "a5_triple_draw",
}
"""Each real file and the game of its one hand (its header: ``Limit Badugi``, ``Limit Badacey``, ...)."""


def every_game(relative: str) -> Hand:
    result = KingsClub().parse(hand_text(text_of(relative)), relative)
    assert isinstance(result, Hand), result
    return result


def hand_text(text: str) -> HandText:
    """What the splitter hands a room: the text ends in a newline (the real files lack the last one)."""
    text = text if text.endswith("\n") else text + "\n"
    return HandText(text, 1, 0, len(text.encode()), "kingsclub", True, None, text.count("\n"))


def text_of(relative: str) -> str:
    return real_file(relative).read_bytes().decode("utf-8-sig").replace("\r\n", "\n")


def cards(text: str) -> tuple:
    return parse_cards(text)


def test_grammar_builds_in_strict_mode() -> None:
    KingsClub.parser(strict=True)


def test_the_room_is_registered_and_detected() -> None:
    assert ROOMS["kingsclub"] is KingsClub
    assert detect_room("#37732805: Limit Badugi - 30/60") == "kingsclub"
    assert detect_room("#12 is not a header") is None and not recognises("# comment: a - b")


@pytest.mark.parametrize("relative", sorted(EXPECTED))
def test_every_real_file_is_read_into_its_game(relative: str) -> None:
    text = text_of(relative)
    assert text.count("\n#") == 0 and text.startswith("#")  # one hand per file
    assert recognises(text.partition("\n")[0])
    result = parse_hand(text, relative, 1)  # the grammar reads every game's body (5-card deals, antes, split pots)
    assert isinstance(result, Hand) and result.game == EXPECTED[relative] and result.room == "kingsclub"


def test_the_folder_holds_no_other_files() -> None:
    folder = REAL_HH / "kingsclub"
    if not folder.exists():
        pytest.skip("real hand histories not available")
    assert {f"kingsclub/{p.name}" for p in folder.glob("*.txt")} == set(EXPECTED)


def test_badugi_hand_as_written() -> None:
    hand = parse_hand(text_of(BADUGI), BADUGI, 1)
    assert isinstance(hand, Hand)
    assert (hand.room, hand.hand_id, hand.game, hand.limit, hand.currency) == (
        "kingsclub", "37732805", "badugi", Limit.FIXED, "USD")
    assert (hand.stakes.small_bet, hand.stakes.big_bet) == (3000, 6000)  # "30/60" in cents
    assert (hand.table, hand.button, hand.hero) == ("Bronx  BT", 1, "Hero")  # two spaces kept
    assert hand.start_time == datetime(2020, 10, 30, 19, 53, 19, tzinfo=timezone.utc) and hand.time_zone is None
    assert [(s.seat, s.player, s.stack, s.line) for s in hand.seats] == [
        (1, "Player0", 128_500, 4), (2, "Player1", 63_000, 5), (5, "Hero", 60_000, 6)]
    events = hand.events
    assert [e for e in events if isinstance(e, Post)] == [
        Post("Player1", PostKind.SMALL_BLIND, 1500, line=8), Post("Hero", PostKind.BIG_BLIND, 3000, line=9)]
    assert [e for e in events if isinstance(e, Deal)] == [
        Deal("Player0", None, 10), Deal("Player1", None, 11), Deal("Hero", cards("8d 7s 8h 9d"), 12)]
    # pre-draw: raise to 60, re-raise to 90, fold, call of the 90 total (Player0 had 60 in)
    assert [e for e in events if isinstance(e, (Fold, Check, Call, Bet, Raise)) and e.street == 0] == [
        Raise("Player0", 0, None, 6000, line=13), Raise("Player1", 0, None, 9000, line=14), Fold("Hero", 0, 15),
        Call("Player0", 0, 9000, is_total=True, line=16)]
    assert [(d.draw, d.player, d.count) for d in events if isinstance(d, Draw)] == [
        (1, "Player1", 2), (1, "Player0", 2), (2, "Player1", 2), (2, "Player0", 2), (3, "Player1", 1), (3, "Player0", 1)]
    assert [e for e in events if isinstance(e, (Fold, Check, Call, Bet, Raise)) and e.street == 3] == [
        Bet("Player1", 3, 6000, line=33), Raise("Player0", 3, None, 12_000, line=34),
        Call("Player1", 3, 12_000, is_total=True, line=35)]
    assert [e for e in events if isinstance(e, Show)] == [
        Show("Player0", cards("4h Ad As 8c"), None, 36), Show("Player1", cards("9s 3s 5c 2h"), None, 37)]
    assert [e for e in events if isinstance(e, Collect)] == [Collect("Player1", 56_825, "pot", 43)]
    assert (hand.claims.rake, hand.claims.total_pot, hand.claims.line) == (175, None, 42)
    assert [(s.seat, s.player, s.final_stack, s.net) for s in hand.claims.summary] == [
        (1, "Player0", 101_500, -27_000), (2, "Player1", 92_825, 29_825), (5, "Hero", 57_000, -3000)]


def test_badugi_hand_replays_with_zero_violations_and_the_rooms_nets() -> None:
    hand = parse_hand(text_of(BADUGI), BADUGI, 1)
    result = replay(hand)
    assert result.violations == ()
    # by hand: Player0 and Player1 put in 90 + 60 + 120 each, Hero the 30 big blind; pot 570 - rake 1.75
    assert dict(result.net) == {"Player0": -27_000, "Player1": 29_825, "Hero": -3000}
    assert dict(result.net) == {s.player: s.net for s in hand.claims.summary}
    assert result.rake == 175 and result.showdown


def test_other_games_bodies_read_split_pots_antes_and_hero_draws() -> None:
    badacey = every_game(BADACEY)
    assert [(c.player, c.amount) for c in badacey.events if isinstance(c, Collect)] == [("Hero", 16_800),
                                                                                        ("Player1", 16_800)]
    assert [p.amount for p in badacey.events if isinstance(p, Post) and p.kind == PostKind.ANTE] == [550] * 6
    hero = [(d.draw, d.count, d.discards) for d in badacey.events if isinstance(d, Draw) and d.player == "Hero"]
    assert hero == [(1, 2, cards("7h Qc")), (2, 0, None), (3, 0, None)]
    assert [d.new for d in badacey.events if isinstance(d, DrawDeal)] == [cards("2h 9s")]
    rake = every_game(TD_RAKE)
    assert [(p.player, p.kind, p.amount) for p in rake.events if isinstance(p, Post) and p.kind != PostKind.ANTE] == [
        ("Player3", PostKind.SMALL_BLIND, 2200), ("Hero", PostKind.BIG_BLIND, 4400), ("Player1", PostKind.BOTH, 6600)]
    assert [(c.player, c.amount) for c in rake.events if isinstance(c, Collect)] == [("Player3", 119_400)]


def test_posts_blind_costs_both_blinds() -> None:
    """``Player1: posts blind 44`` then folds: the summary says 2,372.88 -> 2,295.88 (-77 = ante 11 + 44
    live + 22 dead), and the pot only adds up that way: 363 + 363 + 187 + 187 + 11 + 11 + 77 = 1,199 =
    ``wins pot (1,194)`` + ``Rake 5``. Replayed as the 2-7 hand it is, every check agrees."""
    hand = every_game(TD_RAKE)
    result = replay(hand)
    assert result.violations == ()
    assert dict(result.net) == {s.player: s.net for s in hand.claims.summary}
    assert result.rake == 500


def test_an_uncalled_last_bet_is_left_out_of_the_collected_amount() -> None:
    """A-5 (real): Hero bets 88, Player3 folds, no uncalled-bet line, ``wins pot (1,139)``: the pot of
    1,232 less the uncalled 88 and the 5 rake. The same shape on the Badugi hand replays clean."""
    a5 = every_game(A5)
    assert [(c.player, c.amount) for c in a5.events if isinstance(c, Collect)] == [("Hero", 113_900)]
    text = (text_of(BADUGI).replace("Player1 calls 120\n", "Player1 folds\n")
            .replace("Player0 shows [4h Ad As 8c]\nPlayer1 shows [9s 3s 5c 2h]\n", "")
            .replace("Player1 wins pot (568.25)", "Player0 wins pot (448.25)")
            # the summary as it then is (Player0 put in 90 + 60 + 60 and wins 448.25, Player1 90 + 60 + 60 and folds)
            .replace("Seat 1: Player0 (1,015) -270", "Seat 1: Player0 (1,523.25) +238.25")
            .replace("Seat 2: Player1 (928.25) +298.25", "Seat 2: Player1 (420) -210"))
    result = replay(parse_hand(text))
    assert result.violations == ()
    assert dict(result.net)["Player0"] == 44_825 - 21_000  # won 448.25, put in 90 + 60 + 60 called


def test_an_unknown_line_is_a_parse_failure_with_its_line() -> None:
    text = text_of(BADUGI).replace("Player1 checks\n", "Player1 knocks\n")
    failure = parse_hand(text, "kc.txt", 200)
    assert isinstance(failure, ParseFailure) and failure.code == "parse.unknown_line"
    assert failure.line == 200 + 20 and failure.hand_id == "37732805"
    assert isinstance(parse_hand("#12: nonsense\n"), ParseFailure)


TEXTS = [(REAL_HH / BADUGI).read_bytes().decode("utf-8-sig").replace("\r\n", "\n")] if (REAL_HH / BADUGI).exists() else []


@pytest.mark.skipif(not TEXTS, reason="real hand histories not available")
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_real_hands_only_ever_give_a_result(data: st.DataObject) -> None:
    text = TEXTS[0]
    text = mutate(data, text)
    result = parse_hand(text, "mutant.txt", 3)
    assert isinstance(result, (Hand, Skipped, ParseFailure))
    if isinstance(result, Hand):
        replay(result)


@pytest.mark.parametrize("relative", sorted(EXPECTED))
def test_every_real_hands_replayed_net_equals_the_rooms_per_seat_net(relative: str) -> None:
    """The summary's ``+298.25`` / ``-270`` per seat is an independent claim: replaying the parsed
    posts, call totals, bets, raises and collections must give the same net for every seat, in every
    game of the folder, each replayed in its game (the split pots of Badacey and Badeucey judged half by
    half)."""
    hand = every_game(relative)
    result = replay(hand)
    assert result.violations == ()
    assert dict(result.net) == {s.player: s.net for s in hand.claims.summary}


@pytest.mark.parametrize("relative", sorted(EXPECTED))
def test_the_reader_finds_the_hand_of_every_file(relative: str) -> None:
    """Through the project's reader (decode, split, detect the room from the first line)."""
    from badugi.parsers.reader import read_file

    (result,) = read_file(real_file(relative))
    assert result.room == "kingsclub" and isinstance(result, Hand) and result.game == EXPECTED[relative]
    assert result.source.line == 1 and replay(result).violations == ()
    if relative == BADUGI:
        assert [c.line for c in result.events if isinstance(c, Collect)] == [43]


# A hand written for this test in the client's later shape (names and numbers made up): the summary marker
# "*** SUMMARY * **" (real KingsClub files of other games: 5 Card PLO 2021/07, Short Deck and All-in-or-Fold
# PLO 2023, fpdb-chaz's regression files) and, as in the 2023 file, no net on the line of a seat whose stack
# did not change (Ann folds without a blind: "Seat 1: Ann (1,000)").
LATER_CLIENT = """#90000001: Limit Badugi - 20/40
2023-03-01 12:00:00
Table 'Test Room' Seat 1 is the button
Seat 1: Ann (1,000)
Seat 2: Bob (800)
Seat 3: Cy Dee (500)
Seat 4: Hero (600)
*** 1ST BETTING ROUND ***
Bob: posts the small blind 10
Cy Dee: posts the big blind 20
Dealt to Ann: [X X X X]
Dealt to Bob: [X X X X]
Dealt to Cy Dee: [X X X X]
Dealt to Hero: [Ah 2c 3d Ks]
Hero raises to 40
Ann folds
Bob folds
Cy Dee calls 40
*** 1ST DRAW ***
Cy Dee draws 1
Hero discards [Ks] draws [4s]
*** 2ND BETTING ROUND ***
Cy Dee checks
Hero bets 20
Cy Dee folds
*** SUMMARY * **
Seat 1: Ann (1,000)
Seat 2: Bob (790) -10
Seat 3: Cy Dee (460) -40
Seat 4: Hero (650) +50
Hero wins pot (90)
"""


def test_the_later_clients_summary_marker_and_a_seat_line_with_no_net() -> None:
    """Pot 10 + 40 + 40 = 90 (Hero's last 20 uncalled, left out as the room does); Ann put nothing in, and
    the line that says so carries her stack and no net: the claim is kept as written (no net), and the
    replay's nets agree with every net the room did write."""
    hand = parse_hand(LATER_CLIENT, "kc.txt", 1)
    assert isinstance(hand, Hand), hand
    summary = {s.player: (s.final_stack, s.net, s.line) for s in hand.claims.summary}
    assert summary == {"Ann": (100_000, None, 27), "Bob": (79_000, -1_000, 28), "Cy Dee": (46_000, -4_000, 29),
                       "Hero": (65_000, 5_000, 30)}
    result = replay(hand)
    assert result.violations == ()
    assert dict(result.net) == {"Ann": 0, "Bob": -1_000, "Cy Dee": -4_000, "Hero": 5_000}
    for marker in ("*** SUMMARY ***", "*** SUMMARY * **"):  # either marker, the same hand
        again = parse_hand(LATER_CLIENT.replace("*** SUMMARY * **", marker), "kc.txt", 1)
        assert isinstance(again, Hand) and again.claims == hand.claims


# Written for this test (names and cards made up): Bob is all in for 30 pre-draw, so the pot splits into a
# main pot of 3 x 30 = 90 and a side pot of 10 + 10 + 2 x 20 + 2 x 40 = 140 between Ann and Hero. Bob's
# A-2-3-4 takes the main pot, Hero's 8-7-6-5 the side pot over Ann's K-J-T-9. KingsClub writes a side pot
# won apart as "wins (X) from side pot 1" (a real 2-7 Single Draw hand of 2021/03, fpdb-chaz's regression set)
# and an all-in after a comma, "calls 30, and is all in" (real 2-7 Single Draw, Razz, Hold'em and PLO hands).
SIDE_POT = """#90000002: Limit Badugi - 20/40
2021-05-01 12:00:00
Table 'Test Room' Seat 1 is the button
Seat 1: Ann (1,000)
Seat 2: Bob (30)
Seat 3: Hero (1,000)
*** 1ST BETTING ROUND ***
Bob: posts the small blind 10
Hero: posts the big blind 20
Dealt to Ann: [X X X X]
Dealt to Bob: [X X X X]
Dealt to Hero: [5h 6c 7d 8s]
Ann raises to 40
Bob calls 30, and is all in
Hero calls 40
*** 1ST DRAW ***
Bob draws 1
Hero stands pat
Ann draws 2
*** 2ND BETTING ROUND ***
Hero bets 20
Ann calls 20
*** 2ND DRAW ***
Bob draws 1
Hero stands pat
Ann draws 1
*** 3RD BETTING ROUND ***
Hero bets 40
Ann calls 40
*** 3RD DRAW ***
Bob stands pat
Hero stands pat
Ann draws 1
*** 4TH BETTING ROUND ***
Hero checks
Ann checks
Hero shows [5h 6c 7d 8s]
Ann shows [9h Tc Jd Ks]
Bob shows [Ac 2d 3h 4s]
*** SUMMARY ***
Seat 1: Ann (900) -100
Seat 2: Bob (90) +60
Seat 3: Hero (1,040) +40
Hero wins (140) from side pot 1
Bob wins (90) from pot
"""


def test_a_side_pot_won_by_another_player() -> None:
    hand = parse_hand(SIDE_POT, "kc.txt", 1)
    assert isinstance(hand, Hand), hand
    assert [(c.player, c.amount, c.pot) for c in hand.events if isinstance(c, Collect)] == [
        ("Hero", 14_000, "side-1"), ("Bob", 9_000, "pot")]
    assert Call("Bob", 0, 3_000, True, is_total=True, line=14) in hand.events  # "calls 30, and is all in"
    result = replay(hand)
    assert result.violations == ()
    assert dict(result.net) == {s.player: s.net for s in hand.claims.summary} == {
        "Ann": -10_000, "Bob": 6_000, "Hero": 4_000}


@pytest.mark.parametrize("line, event", [
    ("Ann raises to 1,000, and is all in", Raise("Ann", 0, None, 100_000, True, line=13)),
    ("Ann bets 225, and is all in", Bet("Ann", 0, 22_500, True, line=13)),
    ("Ann calls 1,180, and is all in", Call("Ann", 0, 118_000, True, is_total=True, line=13)),
    ("Ann calls 40", Call("Ann", 0, 4_000, False, is_total=True, line=13)),
])
def test_actions_with_the_clients_all_in_mark(line: str, event: object) -> None:
    """Each action line as the client writes it all in (real lines of its other games), read into the
    action with its all-in mark; the hand around it is the side-pot hand above, cut after the line."""
    head = SIDE_POT.split("Ann raises to 40\n")[0]
    hand = parse_hand(head + line + "\n*** SUMMARY ***\n", "kc.txt", 1)
    assert isinstance(hand, Hand), hand
    assert hand.events[-1] == event


def test_a_run_it_twice_hand_is_skipped_with_its_reason() -> None:
    """KingsClub deals the draw twice after an all-in when the players agree (real 2-7 Single Draw hands of
    2021: "Hero discards [Th] draws [8c] [Qs]", "Run 1: Hero shows [...]", "Run 2: Hero shows [...]"). The
    replay has no second draw: the hand is skipped with that reason, not read as unknown lines. Written for
    this test: the side-pot hand above with Hero all in pre-draw and the draw run twice."""
    text = (SIDE_POT.replace("Seat 3: Hero (1,000)", "Seat 3: Hero (40)").replace("Hero calls 40", "Hero calls 40, and is all in")
            .split("*** 1ST DRAW ***")[0]
            + "*** 1ST DRAW ***\nBob draws 1\nHero discards [8s] draws [4d] [9d]\nAnn draws 2\n"
              "Bob shows [Ac 2d 3h 4s]\nRun 1: Hero shows [5h 6c 7d 4d]\nRun 2: Hero shows [5h 6c 7d 9d]\n"
              "Ann shows [9h Tc Jd Ks]\n*** 2ND BETTING ROUND ***\n*** SUMMARY ***\nSeat 1: Ann (960) -40\n"
              "Seat 2: Bob (120) +90\nSeat 3: Hero (0) -40\nBob wins (60) from pot\nBob wins (60) from pot\n")
    result = KingsClub().read(hand_text(text), "kc.txt")
    assert isinstance(result, Skipped), result
    assert (result.hand_id, result.reason, result.line) == (
        "90000002", "run it twice: the draw dealt twice is not replayed", 1)


# Written for this test (names and cards made up), in the shape of the client's real No Limit 2-7 Single Draw
# hands of 2021 (fpdb-chaz's regression set: antes and blinds, "*** 1ST BETTING ROUND ***", one draw). Pre-draw
# Ann raises to 150, Bob folds his small blind, Hero re-raises to 500, Ann calls. After the draw Hero bets 800,
# Ann raises all in to 4,490 and Hero calls all in for 3,490: Ann's last 1,000 is uncalled (no line; left out
# of the pot). Pot: antes 30 + Bob's 25 + 2 x 500 + 2 x 3,490 = 8,035, to Hero's 8-7-4-3-2 over Ann's 9-6-5-3-2.
NL_SINGLE_DRAW = """#90000003: No Limit 2-7 Single Draw - 25/50
2021-03-01 12:00:00
Table 'Test Mix' Seat 1 is the button
Seat 1: Ann (5,000)
Seat 2: Bob (3,000)
Seat 3: Hero (4,000)
*** 1ST BETTING ROUND ***
Ann: posts ante 10
Bob: posts ante 10
Hero: posts ante 10
Bob: posts the small blind 25
Hero: posts the big blind 50
Dealt to Ann: [X X X X X]
Dealt to Bob: [X X X X X]
Dealt to Hero: [2c 3d 4h 7s Kc]
Ann raises to 150
Bob folds
Hero raises to 500
Ann calls 500
*** 1ST DRAW ***
Hero discards [Kc] draws [8d]
Ann draws 2
*** 2ND BETTING ROUND ***
Hero bets 800
Ann raises to 4,490, and is all in
Hero calls 3,490, and is all in
Hero shows [2c 3d 4h 7s 8d]
Ann shows [9h 6s 5d 3c 2h]
*** SUMMARY ***
Seat 1: Ann (1,000) -4,000
Seat 2: Bob (2,965) -35
Seat 3: Hero (8,035) +4,035
Hero wins pot (8,035)
"""


def test_a_no_limit_single_draw_hand_is_read_and_replays_clean() -> None:
    hand = parse_hand(NL_SINGLE_DRAW, "kc.txt", 1)
    assert isinstance(hand, Hand), hand
    assert (hand.game, hand.limit) == ("27_single_draw", Limit.NO_LIMIT)
    assert Raise("Ann", 1, None, 449_000, True, line=25) in hand.events
    assert [(c.player, c.amount) for c in hand.events if isinstance(c, Collect)] == [("Hero", 803_500)]
    result = replay(hand)
    assert result.violations == ()
    assert dict(result.net) == {s.player: s.net for s in hand.claims.summary} == {
        "Ann": -400_000, "Bob": -3_500, "Hero": 403_500}


def test_a_limit_single_draw_hand_is_read_as_its_game() -> None:
    """``Limit 2-7 Single Draw - 50/100``: blinds of 25/50 (half the small bet, as in its triple draw); both
    fold to the big blind, whose uncalled 25 is left out of the pot."""
    head = NL_SINGLE_DRAW.split("*** 1ST BETTING ROUND ***")[0].replace("No Limit 2-7 Single Draw - 25/50",
                                                                          "Limit 2-7 Single Draw - 50/100")
    text = (head + "*** 1ST BETTING ROUND ***\nBob: posts the small blind 25\nHero: posts the big blind 50\n"
            "Dealt to Ann: [X X X X X]\nDealt to Bob: [X X X X X]\nDealt to Hero: [2c 3d 4h 7s Kc]\n"
            "Ann folds\nBob folds\n*** SUMMARY ***\nSeat 1: Ann (5,000)\nSeat 2: Bob (2,975) -25\n"
            "Seat 3: Hero (4,025) +25\nHero wins pot (50)\n")
    hand = parse_hand(text, "kc.txt", 1)
    assert isinstance(hand, Hand), hand
    assert (hand.game, hand.limit) == ("27_single_draw", Limit.FIXED)
    result = replay(hand)
    assert result.violations == ()
    assert dict(result.net) == {"Ann": 0, "Bob": -2_500, "Hero": 2_500}


def test_a_limit_a5_single_draw_hand_is_read_and_replays_clean() -> None:
    """``Limit A-5 Single Draw - 50/100``, in the shape of the client's real hand of 2021/02 (fpdb-chaz's
    regression set): no section markers at all, the draw between the betting lines. Written for this test:
    heads-up, the button raises to 100, the big blind calls; Hero draws three, the button stands pat, both
    check. A-5 low counts a pair against: Hero's 7-4-3-3-A (a pair of threes) loses to J-9-8-5-2. Pot 200,
    rake 1: the button collects 199."""
    text = """#90000004: Limit A-5 Single Draw - 50/100
2021-02-13 17:40:45
Table 'Test Mix' Seat 1 is the button
Seat 1: Ann (1,000)
Seat 2: Hero (900)
Ann: posts the small blind 25
Hero: posts the big blind 50
Dealt to Ann: [X X X X X]
Dealt to Hero: [Tc Ks Qc 4c As]
Ann raises to 100
Hero calls 100
Hero discards [Tc Ks Qc] draws [7s 3h 3s]
Ann stands pat
Hero checks
Ann checks
Hero shows [7s 3h 3s 4c As]
Ann shows [2d Jh 8h 5s 9s]
*** SUMMARY ***
Seat 1: Ann (1,099) +99
Seat 2: Hero (800) -100
Rake 1
Ann wins pot (199)
"""
    hand = parse_hand(text, "kc.txt", 1)
    assert isinstance(hand, Hand), hand
    assert (hand.game, hand.limit) == ("a5_single_draw", Limit.FIXED)
    assert Draw("Hero", 1, 3, discards=cards("Tc Ks Qc"), line=12) in hand.events  # the draw follows round 1
    assert Check("Hero", 1, 14) in hand.events and Raise("Ann", 0, None, 10_000, False, line=10) in hand.events
    result = replay(hand)
    assert result.violations == ()
    assert dict(result.net) == {"Ann": 9_900, "Hero": -10_000}
    assert result.rake == 100
