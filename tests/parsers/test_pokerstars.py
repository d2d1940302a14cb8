"""PokerStars reader: every real file, values checked by hand against the text, other games, errors,
mutations.

Expected values below were read off the files in ../shared/real_hh/pokerstars by hand (FORMATS.md
section 1), not copied from the reader's output. Hand counts come from the header lines
(``grep -c '^PokerStars'`` and ``grep -o '8-Game ([^)]*)' | sort | uniq -c``).
"""

from __future__ import annotations

import io
from collections import Counter
from datetime import datetime, timezone

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Lark

from badugi.engine.cards import parse_cards
from badugi.engine.record import (
    Bet, Call, CapNotice, Collect, Deal, Draw, DrawDeal, Hand, Limit, Muck, Noise, Post, PostKind, Raise, Show,
    Stakes, Uncalled,
)
from badugi.engine.replay import replay
from badugi.parsers.reader import iter_hand_texts, read_bytes, read_file, read_text
from badugi.parsers.results import FileNote, FileSkipped, ParseFailure, Skipped
from badugi.parsers.rooms import detect_room, get_room
from badugi.parsers.rooms.base import NotRead
from badugi.parsers.rooms.pokerstars import PokerStars
from conftest import SAMPLES, real_file

CASH = "pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt"
TOUR = "pokerstars/tour__LBad-USD-MTT8-201011.txt"
HOME = "pokerstars/tour__8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"
TD = "27_triple_draw"

# file -> (hands read per game, skip reasons with counts): counted from the header lines of each file. The
# draw games are read (the engine replays them); the 8-Game file's other games are skipped by name.
EXPECTED: dict[str, tuple[dict[str, int], dict[str, int]]] = {
    CASH: ({"badugi": 4}, {}),
    TOUR: ({"badugi": 78}, {}),
    "pokerstars/cash__3-Draw-Limit-USD-0.10-0.20-200911.txt": ({TD: 17}, {}),
    "pokerstars/cash__3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt": ({TD: 1}, {}),
    "pokerstars/cash__Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt": ({TD: 1}, {}),
    "pokerstars/cash__Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt": ({TD: 1}, {}),
    HOME: ({TD: 18}, {"unsupported game: Hold'em Limit": 24, "unsupported game: Hold'em No Limit": 24,
                      "unsupported game: Omaha Hi/Lo Limit": 17, "unsupported game: Omaha Pot Limit": 1,
                      "unsupported game: Razz Limit": 19, "unsupported game: 7 Card Stud Limit": 16,
                      "unsupported game: 7 Card Stud Hi/Lo Limit": 18}),
}


def hands(relative: str) -> list:
    return list(read_file(real_file(relative)))


def hand_at(relative: str, line: int) -> Hand:
    """The hand whose header is on ``line`` of the file."""
    (found,) = [h for h in hands(relative) if isinstance(h, Hand) and h.source.line == line]
    return found


def draws(hand: Hand, draw: int) -> dict[str, int]:
    return {e.player: e.count for e in hand.events if isinstance(e, Draw) and e.draw == draw}


def holding(hand: Hand, draw: int) -> tuple:
    """The hero's four cards after ``draw`` (0 = the deal), from the deal and the draw deals."""
    if draw == 0:
        return next(e.cards for e in hand.events if isinstance(e, Deal) and e.player == hand.hero)
    deal = next(e for e in hand.events if isinstance(e, DrawDeal) and e.draw == draw and e.player == hand.hero)
    return deal.kept + deal.new


def of(hand: Hand, kind: type) -> list:
    return [e for e in hand.events if isinstance(e, kind)]


def cards(text: str) -> tuple:
    return parse_cards(text)


# ---- counts -----------------------------------------------------------------------------------


@pytest.mark.parametrize("relative", sorted(EXPECTED))
def test_every_real_file_counts(relative: str) -> None:
    results = hands(relative)
    read, skipped = EXPECTED[relative]
    assert [r for r in results if isinstance(r, ParseFailure)] == []
    assert Counter(r.game for r in results if isinstance(r, Hand)) == Counter(read)
    assert Counter(r.reason for r in results if isinstance(r, Skipped)) == Counter(skipped)
    assert len(results) == sum(read.values()) + sum(skipped.values())
    assert all(r.room == "pokerstars" for r in results)


def test_other_games_are_read_by_the_same_grammar_and_the_cancelled_hand_is_flagged() -> None:
    room = PokerStars()
    for relative, (read, skipped) in EXPECTED.items():
        if set(read) != {TD} or skipped:
            continue
        data = real_file(relative).read_bytes()
        results = [room.parse(h, relative) for h in iter_hand_texts(io.BytesIO(data))]
        assert all(isinstance(r, Hand) for r in results), [r for r in results if not isinstance(r, Hand)][:1]
        assert len(results) == read[TD]
        if "cancelled" in relative:
            (hand,) = results
            assert hand.cancelled and hand.hand_id == "20349633663"
            assert [(e.player, e.kind, e.amount) for e in of(hand, Post)] == [("Hero", PostKind.SMALL_BLIND, 50)]
            assert [e.kind for e in of(hand, Noise)] == ["sit_out", "sit_out"]
            assert hand.claims.summary[0].result == "collected" and hand.claims.summary[0].won == 0
        if "duplicate.holecards" in relative:  # the client bug: "discards 2 cards []", both groups whole
            (hand,) = results
            first = [e for e in of(hand, Draw) if e.draw == 1 and e.player == "Hero"]
            assert first == [Draw("Hero", 1, 2, discards=(), line=21)]
        if "200911" in relative:
            assert sum(e.kind == "reshuffle" for r in results for e in of(r, Noise)) == 2


# ---- the cash file, hand by hand ---------------------------------------------------------------


def test_cash_hand_1_side_pot_all_in_and_hero_draw() -> None:
    hand = hand_at(CASH, 1)
    assert (hand.hand_id, hand.game, hand.limit, hand.currency) == ("49164202872", "badugi", Limit.FIXED, "USD")
    assert hand.stakes == Stakes(25, 50, 10, 25, None)
    assert (hand.table, hand.max_seats, hand.button, hand.hero) == ("Benkoela V", 8, 8, "s0rrow")
    assert hand.start_time == datetime(2010, 9, 5, 14, 32, 15, tzinfo=timezone.utc)  # 10:32:15 EDT
    assert hand.time_zone == "ET" and hand.tournament is None and not hand.cancelled
    assert [(s.seat, s.player, s.stack, s.line) for s in hand.seats] == [
        (1, "Lino19", 680, 3), (2, "s0rrow", 500, 4), (3, "jodarin", 70, 5), (4, "Scorpio2000", 340, 6),
        (5, "buddyboy3399", 825, 7), (6, "JDANIELDC", 875, 8), (8, "Kula91", 380, 9)]
    assert of(hand, Post) == [Post("Lino19", PostKind.SMALL_BLIND, 10, line=10),
                              Post("s0rrow", PostKind.BIG_BLIND, 25, line=11)]
    assert holding(hand, 0) == cards("As 3h 8h 6s")
    assert draws(hand, 1) == {"Lino19": 1, "s0rrow": 2, "jodarin": 2, "Scorpio2000": 1, "buddyboy3399": 2}
    assert draws(hand, 2) == {"Lino19": 1, "jodarin": 2, "Scorpio2000": 1, "buddyboy3399": 0}
    assert draws(hand, 3) == {"Lino19": 1, "jodarin": 2, "Scorpio2000": 0, "buddyboy3399": 0}
    hero_draw = next(e for e in of(hand, Draw) if e.player == "s0rrow")
    assert hero_draw.discards == cards("8h 6s") and hero_draw.line == 25
    assert holding(hand, 1) == cards("As 3h 5h Ks")  # kept [As 3h], new [5h Ks]; folded after
    assert Raise("buddyboy3399", 1, 25, 50, False, 34) in hand.events
    assert Call("jodarin", 1, 20, all_in=True, line=36) in hand.events
    assert of(hand, Show) == [Show("Scorpio2000", cards("8c 5d 7s Th"), "Badugi: T,8,7,5", 57),
                              Show("buddyboy3399", cards("8s 3d Ac 4h"), "Badugi: 8,4,3,A", 58)]
    assert of(hand, Muck) == [Muck("jodarin", cards("Ad Td Qc 2s"), 60)]
    assert of(hand, Collect) == [Collect("buddyboy3399", 255, "side", 59), Collect("buddyboy3399", 290, "main", 61)]
    assert [(e.kind, e.player, e.line) for e in of(hand, Noise)] == [
        ("sit_out", "cuchiku", 12), ("leave", "Kula91", 20), ("leave", "jodarin", 62)]
    claims = hand.claims
    assert (claims.total_pot, claims.main_pot, claims.side_pots, claims.rake, claims.line) == (570, 290, (255,), 25, 64)
    assert [(s.seat, s.player, s.result, s.position, s.folded_street, s.won) for s in claims.summary] == [
        (1, "Lino19", "folded", "small blind", 3, None), (2, "s0rrow", "folded", "big blind", 1, None),
        (3, "jodarin", "mucked", None, None, None), (4, "Scorpio2000", "showed", None, None, None),
        (5, "buddyboy3399", "showed", None, None, 545), (6, "JDANIELDC", "folded", None, 0, None),
        (8, "Kula91", "folded", "button", 0, None)]
    assert claims.summary[2].cards == cards("Ad Td Qc 2s")
    assert claims.summary[4].label == "Badugi: 8,4,3,A" and claims.summary[3].label == "Badugi: T,8,7,5"


def test_cash_hand_2_uncalled_bet_and_no_show() -> None:
    hand = hand_at(CASH, 75)
    assert (hand.hand_id, hand.button, hand.hero) == ("49164247462", 1, "s0rrow")
    assert holding(hand, 0) == cards("3h Tc Kc Ad")
    assert of(hand, Uncalled) == [Uncalled("Scorpio2000", 15, 93)]
    assert of(hand, Collect) == [Collect("Scorpio2000", 20, "pot", 94)]
    assert of(hand, Muck) == [Muck("Scorpio2000", None, 95)]  # "doesn't show hand"
    assert [(e.kind, e.player) for e in of(hand, Noise)] == [
        ("sit_out", "cuchiku"), ("join", "oooDestroyoo"), ("join", "kallexx1")]
    assert (hand.claims.total_pot, hand.claims.rake, hand.claims.side_pots) == (20, 0, ())
    assert hand.claims.summary[2].result == "collected" and hand.claims.summary[2].won == 20


def test_cash_hand_3_two_big_blinds_and_three_card_showdown() -> None:
    hand = hand_at(CASH, 106)
    assert [(e.player, e.kind, e.amount) for e in of(hand, Post)] == [
        ("Scorpio2000", PostKind.SMALL_BLIND, 10), ("buddyboy3399", PostKind.BIG_BLIND, 25),
        ("kallexx1", PostKind.BIG_BLIND, 25)]
    assert hand.seat_of("kallexx1").stack == 500000  # "$5000 in chips"
    assert draws(hand, 1) == {"buddyboy3399": 0, "JDANIELDC": 2, "kallexx1": 0}
    assert draws(hand, 2) == {"buddyboy3399": 0, "kallexx1": 1}
    assert draws(hand, 3) == {"buddyboy3399": 0, "kallexx1": 1}
    assert of(hand, Show) == [Show("buddyboy3399", cards("Tc 3s 2s 7h"), "3-card: T,7,2", 149),
                              Show("kallexx1", cards("4c 4d 5s 6h"), "3-card: 6,5,4", 150)]
    assert of(hand, Collect) == [Collect("kallexx1", 405, "pot", 151)]
    assert (hand.claims.total_pot, hand.claims.rake) == (425, 20)
    assert Noise("join", "oooDestroyoo", "oooDestroyoo will be allowed to play after the button", 114) in hand.events


# ---- the tournament file -----------------------------------------------------------------------


def test_tournament_header_level_and_out_of_hand_seat() -> None:
    hand = hand_at(TOUR, 54)
    assert (hand.hand_id, hand.currency) == ("52475822947", "CHIPS")
    assert hand.tournament is not None
    assert (hand.tournament.tournament_id, hand.tournament.level, hand.tournament.buy_in) == (
        "329147852", "Level I", "$2.00+$0.20 USD")
    assert hand.stakes == Stakes(20, 40, 10, 20, None)
    seat = hand.seat_of("Player21")
    assert seat.stack == 1500 and not seat.sitting_out
    assert seat.note == "out of hand (moved from another table into small blind)"
    pats = [e for e in of(hand, Draw) if e.player == "Player19"]
    assert [(e.draw, e.count, e.held) for e in pats] == [(d, 0, cards("2c 9s 7h 4d")) for d in (1, 2, 3)]
    assert of(hand, Muck) == [Muck("Player19", None, 95)]  # the winner "doesn't show hand"


def test_tournament_hero_holding_after_each_draw() -> None:
    hand = hand_at(TOUR, 228)
    assert hand.hero == "Player19"
    assert [holding(hand, d) for d in range(4)] == [cards("Ks Th 4h 7s"), cards("4h 7s Kh 5c"),
                                                    cards("4h 7s 5c 5h"), cards("4h 7s 5c 6s")]
    assert [(e.draw, e.discards) for e in of(hand, Draw) if e.player == "Player19"] == [
        (1, cards("Ks Th")), (2, cards("Kh")), (3, cards("5h"))]
    assert draws(hand, 1) == {"Player1": 1, "Player19": 2, "Player10": 2, "Player3": 2}
    assert draws(hand, 2) == {"Player19": 1, "Player10": 1, "Player3": 0}
    assert draws(hand, 3) == {"Player19": 1, "Player10": 1, "Player3": 0}
    assert Raise("Player3", 1, 20, 40, False, 257) in hand.events
    assert of(hand, Muck) == [Muck("Player10", cards("3c 2s 3h 8c"), 281)]
    assert of(hand, Collect) == [Collect("Player3", 320, "pot", 283)]
    assert (hand.claims.total_pot, hand.claims.rake) == (320, 0)


def test_tournament_side_pot_with_an_all_in_short_stack_and_chat() -> None:
    hand = hand_at(TOUR, 952)
    assert hand.stakes == Stakes(40, 80, 20, 40, None) and hand.button == 6
    assert hand.start_time == datetime(2010, 11, 10, 16, 40, 51, tzinfo=timezone.utc)  # 17:40:51 CET
    assert hand.time_zone == "CET"
    assert hand.seat_of("Player10").stack == 200
    assert CapNotice(0, 974) in hand.events
    assert Call("Player10", 1, 40, all_in=True, line=984) in hand.events
    assert draws(hand, 1) == {"Player8": 2, "Player10": 1, "Player3": 1}
    assert draws(hand, 2) == {"Player8": 1, "Player10": 1, "Player3": 1}
    assert draws(hand, 3) == {"Player8": 1, "Player10": 0, "Player3": 1}
    assert [(e.player, e.cards) for e in of(hand, Show)] == [
        ("Player8", cards("4s 2d 5h 8s")), ("Player3", cards("4h Ac As 5c")), ("Player10", cards("3d 2s Tc Ah"))]
    assert of(hand, Collect) == [Collect("Player3", 320, "side", 1001), Collect("Player10", 640, "main", 1004)]
    chat = [e for e in of(hand, Noise) if e.kind == "chat"]
    assert [(e.player, e.line) for e in chat] == [("Player19", 965), ("Player8", 976), ("Player3", 981),
                                                  ("Player19", 1003)]
    assert chat[-1].text == 'Player19 said, "gardie: google is your friend?"'
    assert (hand.claims.total_pot, hand.claims.main_pot, hand.claims.side_pots, hand.claims.rake) == (960, 640, (320,), 0)
    assert [s.won for s in hand.claims.summary if s.result == "showed"] == [640, 320, None]


def test_tournament_two_numbered_side_pots_and_finishes() -> None:
    hand = hand_at(TOUR, 4576)
    assert hand.stakes == Stakes(300, 600, 150, 300, None) and hand.tournament.level == "Level VIII"
    assert Raise("Player19", 0, 250, 550, True, 4591) in hand.events
    assert Call("Player0", 2, 30, all_in=True, line=4616) in hand.events
    assert [holding(hand, d) for d in range(4)] == [cards("4d 2s 7c Qc"), cards("4d 2s 7c 8c"),
                                                    cards("4d 2s 7c 7h"), cards("4d 2s 7c Th")]
    assert draws(hand, 2) == {"Player0": 1, "Player15": 0, "Player19": 1, "Player21": 1}
    assert of(hand, Collect) == [Collect("Player15", 1140, "side-2", 4628), Collect("Player15", 1140, "side-1", 4630),
                                 Collect("Player15", 2500, "main", 4632)]
    assert of(hand, Muck) == [Muck("Player0", cards("Ac Qs 4s 3d"), 4629), Muck("Player19", cards("4d 2s 7c Th"), 4631)]
    assert [(e.kind, e.player) for e in of(hand, Noise)] == [("finish", "Player0"), ("finish", "Player19")]
    claims = hand.claims
    assert (claims.total_pot, claims.main_pot, claims.side_pots, claims.rake) == (4780, 2500, (1140, 1140), 0)
    assert claims.summary[0].won == 4780 and claims.summary[0].label == "Badugi: T,5,3,2"


def test_sitting_out_seat_line() -> None:
    hand = hand_at(TOUR, 1414)
    seat = hand.seat_of("Player2")
    assert seat.sitting_out and seat.stack == 1140 and seat.note == "is sitting out"


# ---- headers and lines no real Badugi file has, from FORMATS.md section 1 ----------------------


def small_hand(header: str, *, blinds: tuple[str, ...] = ("Bob: posts small blind $0.10", "Ann: posts big blind $0.25"),
               amount: str = "$") -> str:
    lines = [header, "Table 'T' 6-max Seat #1 is the button", f"Seat 1: Ann ({amount}5 in chips) ",
             f"Seat 2: Bob ({amount}5 in chips) ", *blinds, "*** DEALING HANDS ***", "Dealt to Ann [As 2c 3d 4h]",
             "Bob: folds ", f"Uncalled bet ({amount}0.15) returned to Ann", f"Ann collected {amount}0.20 from pot",
             "Ann: doesn't show hand ", "*** SUMMARY ***", f"Total pot {amount}0.20 | Rake {amount}0 ",
             f"Seat 1: Ann (button) (big blind) collected ({amount}0.20)", "Seat 2: Bob (small blind) folded before the Draw"]
    return "\r\n".join(lines) + "\r\n\r\n\r\n"


@pytest.mark.parametrize(("header", "start", "zone"), [
    ("PokerStars Hand #260317098719:  Badugi Limit ($2.50/$5.00 USD) - 2026/04/02 18:02:20 EET [2026/04/02 11:02:20 ET]",
     datetime(2026, 4, 2, 15, 2, 20, tzinfo=timezone.utc), "EET"),
    ("PokerStars Game #1: Badugi Limit ($2.50/$5.00 USD) - 2010/01/05 10:00:00 ET",
     datetime(2010, 1, 5, 15, 0, 0, tzinfo=timezone.utc), "ET"),
    ("PokerStars Hand #2:  Badugi Limit ($2.50/$5.00 USD) - 2012/06/07 20:44:17 CET [2012/06/07 14:44:17 ET]",
     datetime(2012, 6, 7, 18, 44, 17, tzinfo=timezone.utc), "CET"),
])
def test_header_forms(header: str, start: datetime, zone: str) -> None:
    (hand,) = read_text(small_hand(header))
    assert isinstance(hand, Hand), hand
    assert hand.stakes.small_bet == 250 and hand.stakes.big_bet == 500
    assert (hand.start_time, hand.time_zone) == (start, zone)
    assert hand.claims.summary[0].position == "big blind"


def test_home_game_mix_with_badugi_inside_and_play_money() -> None:
    header = ("PokerStars Home Game Hand #99631756108: {Dazzle's Room} Tournament #743144019, 100+9 8-Game "
              "(Badugi Limit) - Match Round I, Level I (20/40) - 2013/06/05 23:30:00 ET")
    text = small_hand(header, blinds=("Bob: posts small blind 10", "Ann: posts big blind 20"), amount="")
    text = text.replace("0.15", "15").replace("0.20", "20").replace("Rake 0 ", "Rake 0 ")
    (hand,) = read_text(text)
    assert isinstance(hand, Hand), hand
    assert hand.currency == "CHIPS" and hand.tournament.club == "Dazzle's Room"
    assert (hand.tournament.tournament_id, hand.tournament.level, hand.tournament.buy_in) == (
        "743144019", "Match Round I, Level I", "100+9")
    assert hand.stakes == Stakes(20, 40, 10, 20, None)
    assert hand.seats[0].stack == 5


def test_other_lines_of_section_1() -> None:
    text = small_hand("PokerStars Game #7:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET",
                      blinds=("Bob: posts small blind $0.10", "Ann: posts big blind $0.25",
                              "Cy: posts small & big blinds $0.35", "Player3 has timed out while disconnected",
                              "Player1 is connected ", "Player16 has returned", "Player16 is sitting out"))
    text = text.replace("Bob: folds \r\n", "Bob: bets $0.25 and is all-in\r\nBetting is capped\r\nBob: folds \r\n")
    (hand,) = read_text(text)
    assert isinstance(hand, Hand), hand
    assert Post("Cy", PostKind.BOTH, 35, line=7) in hand.events
    assert Bet("Bob", 0, 25, True, 14) in hand.events and CapNotice(0, 15) in hand.events
    assert [e.kind for e in of(hand, Noise)] == ["timeout", "connect", "return", "sit_out"]


def pot_limit_hand(game: str, raise_line: str, returned: str) -> str:
    """Heads-up $0.10/$0.25: Bob (button, small blind) raises, Ann folds."""
    lines = [f"PokerStars Game #8:  Badugi {game} ($0.10/$0.25 USD) - 2010/09/05 10:32:15 ET",
             "Table 'T' 6-max Seat #2 is the button", "Seat 1: Ann ($5 in chips) ", "Seat 2: Bob ($5 in chips) ",
             "Bob: posts small blind $0.10", "Ann: posts big blind $0.25", "*** DEALING HANDS ***",
             "Dealt to Ann [As 2c 3d 4h]", raise_line, "Ann: folds ", f"Uncalled bet (${returned}) returned to Bob",
             "Bob collected $0.50 from pot", "Bob: doesn't show hand ", "*** SUMMARY ***", "Total pot $0.50 | Rake $0 ",
             "Seat 1: Ann (big blind) folded before the Draw", "Seat 2: Bob (button) (small blind) collected ($0.50)"]
    return "\r\n".join(lines) + "\r\n\r\n\r\n"


def test_pot_and_no_limit_badugi_headers_name_the_blinds() -> None:
    """Pot limit: the most Bob may raise to is his call (0.25) plus the pot after it (0.25 + 0.25), so
    0.75; to 0.85 is over the limit. No limit: any raise of at least the big blind is legal."""
    (hand,) = read_text(pot_limit_hand("Pot Limit", "Bob: raises $0.50 to $0.75", "0.50"))
    assert isinstance(hand, Hand), hand
    assert (hand.game, hand.limit, hand.stakes) == ("badugi", Limit.POT, Stakes(10, 25, 10, 25, None))
    assert Raise("Bob", 0, 50, 75, False, 9) in hand.events
    result = replay(hand)
    assert result.violations == () and dict(result.net) == {"Bob": 25, "Ann": -25}

    (over,) = read_text(pot_limit_hand("Pot Limit", "Bob: raises $0.60 to $0.85", "0.60"))
    assert [v.code for v in replay(over).violations] == ["bet.over_limit"]

    (no_limit,) = read_text(pot_limit_hand("No Limit", "Bob: raises $0.60 to $0.85", "0.60"))
    assert no_limit.limit is Limit.NO_LIMIT and replay(no_limit).violations == ()


# ---- errors ------------------------------------------------------------------------------------


def test_an_unknown_line_is_a_failure_with_its_file_line_and_the_next_hand_still_reads() -> None:
    text = (small_hand("PokerStars Game #9:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET")
            .replace("Bob: folds ", "Bob: dances")
            + small_hand("PokerStars Game #10:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:33:15 ET"))
    first, second = read_text(text, "x.txt")
    assert isinstance(first, ParseFailure) and isinstance(second, Hand)
    assert (first.file, first.line, first.column, first.hand_id, first.room) == ("x.txt", 9, 1, "9", "pokerstars")
    assert first.code == "parse.unknown_line" and "Bob: dances" in first.message
    assert "ACTS" in first.expected and "SECTION" in first.expected
    assert second.source.line == 19 and second.hand_id == "10"


def test_a_bad_card_or_amount_is_a_failure_not_a_crash() -> None:
    base = small_hand("PokerStars Game #11:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET")
    for bad in (base.replace("[As 2c 3d 4h]", "[As 2c 3d 1h]"), base.replace("$0.15", "$0.1.5")):
        (result,) = read_text(bad)
        assert isinstance(result, ParseFailure), result
        assert result.code == "parse.unknown_line" and result.hand_id == "11"
        assert result.line == (8 if "1h" in bad else 10)


def test_a_truncated_hand_is_a_failure() -> None:
    text = small_hand("PokerStars Game #12:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET")
    (result,) = read_text(text[: text.index("*** SUMMARY")])
    assert isinstance(result, ParseFailure) and result.hand_id == "12" and result.code == "parse.truncated"


def test_a_line_out_of_place_is_misplaced() -> None:
    text = small_hand("PokerStars Game #13:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET")
    text = text.replace("Bob: folds \r\n", "Bob: folds \r\nSeat 3: Cy ($5 in chips)\r\n")
    (result,) = read_text(text)
    assert isinstance(result, ParseFailure) and (result.code, result.line) == ("parse.misplaced_line", 10)


# ---- registry, grammar -------------------------------------------------------------------------


def test_registry_and_detection() -> None:
    assert isinstance(get_room("pokerstars"), PokerStars)
    assert detect_room("PokerStars Game #49164202872:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET") == "pokerstars"
    assert detect_room("\ufeffPokerStars Hand #1: Tournament #2, $1+$0.10 USD Badugi Limit - Level I (10/20) - x") == "pokerstars"
    assert detect_room("PokerStars is a room") is None
    assert detect_room('PokerStars fan said, "#1: best room"') is None


@pytest.mark.parametrize("start", ["hand", "header", "body", "verb", "summary_seat"])
def test_grammar_builds_in_strict_mode(start: str) -> None:
    """Strict mode fails on any shift/reduce conflict or same-priority regex collision (interegular);
    ``verb`` and ``summary_seat`` are the start rules the transformer looks the line terminals up by."""
    Lark.open_from_package("badugi.parsers", "pokerstars.lark", ("grammars",), parser="lalr", start=start,
                           strict=True)
    assert PokerStars.parser(strict=True) is not None


# ---- mutations of real hands -------------------------------------------------------------------


def real_bytes() -> bytes:
    return real_file(CASH).read_bytes()


LINE_EDITS = st.lists(st.tuples(st.sampled_from(["delete", "duplicate", "garble", "truncate", "swap"]),
                                st.integers(0, 10_000), st.binary(max_size=6)), min_size=1, max_size=6)


def mutate(data: bytes, edits: list[tuple[str, int, bytes]]) -> bytes:
    lines = data.split(b"\n")
    for kind, where, junk in edits:
        k = where % len(lines)
        if kind == "delete":
            del lines[k]
        elif kind == "duplicate":
            lines.insert(k, lines[k])
        elif kind == "garble":
            cut = where % (len(lines[k]) + 1)
            lines[k] = lines[k][:cut] + junk + lines[k][cut:]
        elif kind == "truncate":
            lines = lines[: k + 1]
            lines[k] = lines[k][: where % (len(lines[k]) + 1)]
        else:
            j = (where // 7) % len(lines)
            lines[k], lines[j] = lines[j], lines[k]
        if not lines:
            lines = [b""]
    return b"\n".join(lines)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edits=LINE_EDITS)
def test_mutated_real_hands_only_ever_give_values(edits: list[tuple[str, int, bytes]]) -> None:
    data = mutate(real_bytes(), edits)
    results = list(read_bytes(data, "m.txt"))
    assert all(isinstance(r, (Hand, Skipped, ParseFailure, FileSkipped, FileNote)) for r in results)
    lines = data.count(b"\n") + 1
    for r in results:
        if isinstance(r, FileSkipped):
            continue
        line = r.source.line if isinstance(r, Hand) else r.line
        assert 1 <= line <= lines + 1  # a hand cut short is reported at the line where more was expected


def two_readings(data: bytes) -> list[tuple[object, object]]:
    """Each PokerStars hand of ``data`` read the way hands are read (one parse of ``hand``, falling back to the
    reference reading) and by the reference reading alone (``header`` then ``body``, a token per line)."""
    room = get_room("pokerstars")
    return [(room.parse(h, "t.txt"), room._parse_in_two_steps(h, "t.txt"))
            for h in iter_hand_texts(io.BytesIO(data)) if h.room == "pokerstars" and not h.summary]


@pytest.mark.parametrize(("where", "name"), [*(("real", relative) for relative in EXPECTED),
                                             ("sample", "pokerstars_fl_cash_6max.txt"),
                                             ("sample", "pokerstars_fl_tournament_9max.txt")])
def test_the_one_parse_reads_every_real_hand_as_the_reference_reading_does(where: str, name: str) -> None:
    """The one parse (``hand``: a run of lines, a section, the table with its seats, the summary as one token
    each) reads every real hand itself (no fallback) to the record the reference reading gives."""
    path = real_file(name) if where == "real" else SAMPLES / name
    room = get_room("pokerstars")
    texts = [h for h in iter_hand_texts(io.BytesIO(path.read_bytes())) if h.room == "pokerstars"]
    for text in texts:
        try:
            room.fast_parser().parse(text.text, start="hand")
        except NotRead:
            continue
    pairs = two_readings(path.read_bytes())
    assert pairs and all(isinstance(fast, (Hand, Skipped)) for fast, _ in pairs)
    assert all(fast == reference for fast, reference in pairs)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edits=LINE_EDITS)
def test_mutated_real_hands_read_in_one_parse_as_the_reference_reading_reads_them(
        edits: list[tuple[str, int, bytes]]) -> None:
    """The one parse accepts a hand only where the reference reading reads it, to the same record; a hand it
    rejects is read again by the reference reading, so failures are the same too."""
    for fast, reference in two_readings(mutate(real_bytes(), edits)):
        assert fast == reference


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encoding=st.sampled_from(["utf-16", "utf-16-le", "utf-8-sig", "latin-1", "cp1252"]),
       cut=st.integers(0, 200))
def test_other_encodings_and_a_stray_tail_byte(encoding: str, cut: int) -> None:
    text = real_bytes().decode("utf-8-sig")
    data = text.encode(encoding)
    for variant in (data, data + b"\xff", data[: len(data) - cut]):
        results = list(read_bytes(variant, "e.txt"))
        assert all(isinstance(r, (Hand, Skipped, ParseFailure, FileSkipped, FileNote)) for r in results)
    if encoding in ("utf-16", "utf-8-sig", "latin-1", "cp1252"):  # all ASCII: every hand still reads
        assert sum(isinstance(r, Hand) for r in read_bytes(data, "e.txt")) == 4


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_after_a_real_hand(junk: bytes) -> None:
    data = real_bytes()[:2000] + junk
    results = list(read_bytes(data, "r.txt"))
    assert all(isinstance(r, (Hand, Skipped, ParseFailure, FileSkipped, FileNote)) for r in results)


# ---- player names and play money ----------------------------------------------------------------

NAMES = ["Dr. \"Ace\" O'Brien", "Zoë [42]", "a: b", "x (y)", "Player1 said", "名人"]


@pytest.mark.parametrize("name", NAMES)
def test_names_with_spaces_colons_quotes_brackets_dots_and_any_letter(name: str) -> None:
    text = small_hand("PokerStars Game #14:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET")
    text = text.replace("Ann", name)
    text = text.replace("Bob: folds ", f"Bob: raises $0.25 to $0.50\r\n{name}: calls $0.25\r\n"
                                       f"*** FIRST DRAW ***\r\n{name}: discards 1 card [4h]\r\n"
                                       f"Dealt to {name} [As 2c 3d] [Kd]\r\nBob: stands pat \r\n"
                                       f"{name} said, \"gl: {name}\"\r\nBob: folds ")
    (hand,) = read_text(text)
    assert isinstance(hand, Hand), hand
    assert hand.hero == name and hand.seats[0].player == name and hand.claims.summary[0].player == name
    assert Call(name, 0, 25, line=10) in hand.events
    assert Draw(name, 1, 1, cards("4h"), line=12) in hand.events
    assert DrawDeal(name, 1, 1, cards("As 2c 3d"), cards("Kd"), line=13) in hand.events
    assert Noise("chat", name, f'{name} said, "gl: {name}"', 15) in hand.events
    assert of(hand, Uncalled) == [Uncalled(name, 15, 17)] and of(hand, Collect)[0].player == name


def test_play_money_cash_hand() -> None:
    text = small_hand("PokerStars Game #15:  Badugi Limit (10/20) - 2010/09/05 10:32:15 ET",
                      blinds=("Bob: posts small blind 5", "Ann: posts big blind 10"), amount="")
    text = text.replace("6-max Seat #1", "6-max (Play Money) Seat #1").replace("0.15", "10").replace("0.20", "20")
    (hand,) = read_text(text)
    assert isinstance(hand, Hand), hand
    assert hand.currency == "PLAY" and hand.stakes == Stakes(10, 20, 5, 10, None) and hand.tournament is None
    assert hand.seats[0].stack == 5 and of(hand, Uncalled)[0].amount == 10


def test_a_blind_posted_all_in_for_less_is_not_the_stated_blind() -> None:
    header = ("PokerStars Game #16: Tournament #329147852, $2.00+$0.20 USD Badugi Limit - Level I (20/40) - "
              "2010/11/10 17:20:01 CET [2010/11/10 11:20:01 ET]")
    text = small_hand(header, blinds=("Bob: posts small blind 10", "Ann: posts big blind 15 and is all-in"), amount="")
    text = text.replace("(5 in chips)", "(15 in chips)", 1).replace("0.15", "5").replace("0.20", "20")
    (hand,) = read_text(text)
    assert isinstance(hand, Hand), hand
    assert Post("Ann", PostKind.BIG_BLIND, 15, True, 6) in hand.events
    assert hand.stakes == Stakes(20, 40, 10, None, None)  # the replay takes the big blind from the small bet


def test_reading_chip_hands_leaves_no_reference_cycles() -> None:
    """A reference cycle per hand (the assembly once kept its own bound method for chip amounts) would be
    garbage that only the cyclic collector frees, which the import pauses while it reads."""
    from pathlib import Path

    from cycles import unreachable_after

    data = (Path(__file__).parents[2] / "sample_histories" / "pokerstars_fl_tournament_9max.txt").read_bytes()
    first = [r for r in read_bytes(data[:200_000]) if isinstance(r, Hand)]
    assert first and first[0].currency == "CHIPS"
    again, unreachable = unreachable_after(lambda: [r for r in read_bytes(data[:200_000]) if isinstance(r, Hand)])
    assert len(again) == len(first)
    assert unreachable == 0


def test_a_yuan_table_reads_its_amounts_in_yuan() -> None:
    """PokerStars' yuan tables write "¥" before every amount (a real 2020 CNY Omaha hand: "(¥25/¥50 CNY)",
    "(¥5113 in chips)", "posts small blind ¥25", "Total pot ¥375 | Rake ¥10"): the same hand in yuan reads as
    in dollars, in fen (hundredths), currency CNY."""
    dollars = small_hand("PokerStars Hand #3:  Badugi Limit ($0.25/$0.50 USD) - 2020/05/02 07:54:09 ET")
    yuan = small_hand("PokerStars Hand #3:  Badugi Limit (¥0.25/¥0.50 CNY) - 2020/05/02 07:54:09 ET", amount="¥",
                      blinds=("Bob: posts small blind ¥0.10", "Ann: posts big blind ¥0.25"))
    (usd,) = read_text(dollars)
    (cny,) = read_text(yuan)
    assert isinstance(cny, Hand), cny
    assert cny.currency == "CNY" and cny.stakes == usd.stakes == Stakes(25, 50, 10, 25, None)
    assert cny.events == usd.events and cny.claims == usd.claims
    assert [s.stack for s in cny.seats] == [500, 500]
