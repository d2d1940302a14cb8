"""What a real player's hand-history folder holds, beside the Badugi hands (issue: every real file read).

Each case is built from lines of real files in ``../shared/real_hh_corpus`` (quoted here), not from the
reader's output: other games whose headers carry clauses a Badugi header never has, files that are not
hand histories, a Windows code page, table noise between actions, archive banners.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from badugi.engine.record import Hand, Noise
from badugi.parsers.filetypes import CR_ONLY
from badugi.parsers.reader import inspect, read_bytes, read_text
from badugi.parsers.results import FileNote, FileSkipped, HandText, ParseFailure, Skipped
from badugi.parsers.rooms import get_room
from badugi.parsers.rooms.base import LarkRoom
from badugi.parsers.tournament_record import TournamentSummary
from conftest import real_file

# ---- other games are skipped from their header, whatever it carries --------------------------------

OTHER_GAMES = [
    # (room, first line as the client wrote it, hand id, the room's game name)
    ("fulltilt", "Full Tilt Poker Game #11111111813: Table Fpdb - $2/$4 Ante $0.40 - Limit Stud Hi - 13:14:27 ET - "
                 "2010/06/10", "11111111813", "Limit Stud Hi"),
    ("fulltilt", "Full Tilt Poker Game #31493005894: $26 Super Turbo Matrix (244669447), Match 2 - 15/30 - No Limit "
                 "Hold'em - 09:20:06 EET - 2012/11/07 [02:20:06 ET - 2012/11/07]", "31493005894", "No Limit Hold'em"),
    ("fulltilt", "Full Tilt Poker Game #34541726731: $300 Flipout (272237051), Table 1 - NL Hold'em - 2B/2B Ante 2B - "
                 "04:46:00 ET - 2014/08/07", "34541726731", "NL Hold'em"),
    ("fulltilt", "Full Tilt Poker Game #22488827305: Table Flash - $0.02/$0.05 - No Limit Hold'em - 15:13 ET - Wed, "
                 "July 21, 2010", "22488827305", "No Limit Hold'em"),
    ("fulltilt", "Full Tilt Poker.fr Game #20000000801: Table Douai–Lens (6 max) - €0.01/€0.02 - No Limit Hold'em - "
                 "21:59:02 CET - 2010/08/04", "20000000801", "No Limit Hold'em"),
    ("pokerstars", "PokerStars Hand #78916422016:  Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD) - 2012/04/15 "
                   "21:33:56 EET [2012/04/15 14:33:56 ET]", "78916422016", "Hold'em No Limit"),
    ("pokerstars", "PokerStars Game #1002775011: Hold'em No Limit ($1/$2) - 2009/10/12 - 13:51:22 (ET)",
     "1002775011", "Hold'em No Limit"),
    ("pokerstars", "PokerStars Home Game Hand #74655014750: {chipchipchip}  Hold'em No Limit (1/2) - 2012/01/28 "
                   "20:58:29 ET", "74655014750", "Hold'em No Limit"),
    ("pokerstars", "PokerStars Game #52151000000:  Hold'em No Limit ($0.25/$0.50 - $10 Cap -  USD) - 2010/11/01 "
                   "12:20:00 CET [2010/11/01 6:20:00 ET]", "52151000000", "Hold'em No Limit"),
    ("pokerstars", "PokerStars Hand #86563945695: Tournament #604678566, Freeroll  Hold'em No Limit - Level I (20/40) "
                   "- 2012/09/22 13:58:18 CET [2012/09/22 7:58:18 ET]", "86563945695", "Hold'em No Limit"),
    ("pokerstars", "PokerStars Hand #145645009921: Tournament #1407056458, 250 SC Hold'em No Limit - Level XI "
                   "(600/1200) - 2015/12/29 1:33:45 ET", "145645009921", "Hold'em No Limit"),
    ("pokerstars", "PokerStars Game #29356803849: TOURNAMENT #169962475, $10+$1 7 CARD STUD HI/LO LIMIT - LEVEL I "
                   "(25/50) - 2009/06/14 11:45:00 ET", "29356803849", "7 CARD STUD HI/LO LIMIT"),
    ("pokerstars", "POKERSTARS GAME #13177128246:  HOLD'EM NO LIMIT ($2/$4) - 2007/11/11 - 13:27:23 (ET)",
     "13177128246", "HOLD'EM NO LIMIT"),
    ("pokerstars", "PokerStars Hand #6876227979: Tournament #35055742, Hold'em No Limit - Match Round I, Level I "
                   "(15/30) - 2006/11/03 9:33:53 ET", "6876227979", "Hold'em No Limit"),
    ("pokerstars", "Full Tilt Hand #153580143072:  Hold'em No Limit (5/10) - 2016/05/20 8:19:23 ET",
     "153580143072", "Hold'em No Limit"),
    # a Zoom tournament's hand (fpdb-3 regression file tour/Stars/Flop/NLHE-9max-MTT-USD-3-201407.Zoom.txt)
    ("pokerstars", "PokerStars Hand #118000000001: Zoom Tournament #900000001, $3.00+$0.30 USD Hold'em No Limit - "
                   "Level X (100/200) - 2014/07/20 9:26:31 ET", "118000000001", "Hold'em No Limit"),
    # a yuan table (HHSmithy/PokerHandHistoryParser's sample PokerStars/CashGame/Limits/YuanTable.txt, 2020): the
    # game's name, not the stakes ("unsupported game: ¥25/¥50 CNY" before)
    ("pokerstars", "PokerStars Hand #113000000001: Omaha Pot Limit (¥25/¥50 CNY) - 2020/05/02 07:54:09 ET",
     "113000000001", "Omaha Pot Limit"),
    # the rupee table's older sign, as fpdb's PokerStars reader knows it ("Rs. ")
    ("pokerstars", "PokerStars Hand #113000000002: Hold'em No Limit (Rs. 5/Rs. 10 INR) - 2012/05/02 07:54:09 ET",
     "113000000002", "Hold'em No Limit"),
    # PokerStars.it: the regulator's id after the stakes (cash) or the level (tournament), as fpdb's PokerStars
    # reader expects it ("AAMS/ADM ID: in .it HH's")
    ("pokerstars", "PokerStars Hand #80000000001:  Hold'em No Limit (€0.01/€0.02 EUR) [AAMS ID: A1B2C3D4E5F6G7H8] - "
                   "2012/05/01 10:00:00 CET [2012/05/01 4:00:00 ET]", "80000000001", "Hold'em No Limit"),
    ("pokerstars", "PokerStars Hand #200000000001: Tournament #2000000001, €0.91+€0.09 EUR Hold'em No Limit - Level I "
                   "(10/20) [ADM ID: ABCD00000001] - 2020/08/01 10:00:00 CET [2020/08/01 4:00:00 ET]",
     "200000000001", "Hold'em No Limit"),
    ("winamax", 'Winamax Poker - Tournament "KING 5 - Stade 2C" buyIn: Ticket level: 7 - HandId: '
                "#6307872438747255-64-1288123510 - Holdem no limit (10/60/120) - 2010/10/26 20:05:10 UTC",
     "6307872438747255-64-1288123510", "Holdem no limit"),
]
# (Full Tilt's "No Limit 2-7 Single Draw" and KingsClub's "Limit Badacey" headers were here while the engine
# did not replay those games: they are read now, in tests/parsers/test_draw_games.py.)


@pytest.mark.parametrize("room, header, hand_id, game", OTHER_GAMES)
def test_other_games_are_skipped_with_the_rooms_name_of_the_game(room: str, header: str, hand_id: str,
                                                                 game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A header clause the strict grammar never saw (an ante, a cap, a Matrix match, an FPP or SC buy-in,
    a worded date) never hides the game; skipping reads the first line only (the grammar is not asked)."""
    def no_strict_reading(*args: object) -> None:
        raise AssertionError("a hand of another game reached the strict grammar")

    monkeypatch.setattr(LarkRoom, "parse", no_strict_reading)
    [result] = list(read_text(header + "\nTable 'x' 9-max Seat #1 is the button\nSeat 1: A (100 in chips)\n\n\n"))
    assert isinstance(result, Skipped), result
    assert (result.room, result.hand_id, result.reason) == (room, hand_id, f"unsupported game: {game}")


@pytest.mark.parametrize("clause", [
    "Badugi Limit ($0.25/$0.50 USD) [Fast]",
    # stakes in a currency the header grammar has no sign for: the tolerant reading took the group for a mixed
    # game's inner game and skipped the hand as "unsupported game: Z0.25/Z0.50 ZZZ", never read
    "Badugi Limit (Z0.25/Z0.50 ZZZ)",
    "Badugi Limit (Rs. 25/Rs. 50 INR)",
])
def test_a_badugi_hand_whose_header_the_grammar_cannot_read_stays_a_header_error(clause: str) -> None:
    """Strictness stays where the audit needs it: an unknown clause in a Badugi header is an error, never a
    skip under another name."""
    text = real_file("pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt").read_bytes().decode("utf-8-sig")
    first = text.split("\r\n\r\n")[0].replace("Badugi Limit ($0.25/$0.50 USD)", clause)
    [result] = list(read_text(first + "\r\n\r\n"))
    assert isinstance(result, ParseFailure) and result.code == "parse.header" and result.line == 1


# ---- files that are not hand histories --------------------------------------------------------------

NOT_HANDS = [
    # (first lines of the file, reason, room)
    ('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN"\r\n<html xmlns="http://www.w3.org/1999/xhtml">\r\n'
     "<title>Tournoi de poker Starting Block Winamax Poker Tour</title>\r\n",
     "not a hand history: tournament results page (HTML)", "winamax"),
    ("\r\n<html>\r\n<head>\r\n<title>TOURNEYS: &lt;Hero&gt;</title>\r\nTournaments played by 'Hero'\r\n",
     "not a hand history: tournament results page (HTML)", None),
    ("***** Hand History for Game 1234567 *****\r\n", "PartyPoker hand history (a room badugi does not read)", None),
    # other rooms' hands have seat and dealt lines too: their first line names them, not a damaged history
    # (first lines as in fpdb's test files: Bovada 2012, Cake 2011, Winning 2016, PokerMaster 2019)
    ("Bovada Hand #2601407546 TBL#1090318 OMAHA Pot Limit - 2012-04-24 02:55:07\r\n"
     "Seat 1: Small Blind ($916.50 in chips)\r\nSeat 2: Big Blind ($1,228 in chips)\r\n*** HOLE CARDS ***\r\n",
     "Bovada / Ignition hand history (a room badugi does not read)", None),
    ("\ufeffHand#2701011985001689 - Paris (6-max) 11985 -- $0.05/$0.10 NL Hold'em -- 2011/08/28 - 00:53:30\r\n"
     "Seat 3: Hero ($10 in chips) DEALER\r\nSeat 8: Villain ($10 in chips) \r\n",
     "Cake Poker hand history (a room badugi does not read)", None),
    ("Game started at: 2016/8/8 16:39:21\r\nGame ID: 698347374 0.01/0.02 (PRR) Bahamut (Short) - 2 (Hold'em)\r\n"
     "Seat 2 is the button\r\nSeat 1: Villain (2.00).\r\nSeat 2: Hero (2.00).\r\n",
     "Winning Poker Network hand history (a room badugi does not read)", None),
    ("PokerMaster Hand #3713015100020: Hold'em No Limit (\u00a52/\u00a54 CNY) - 2019/03/19 10:57:09 UTC\r\n"
     "Table '37130151' 8-max Seat #5 is the button\r\nSeat 2: 933215526 (\u00a5182 in chips) \r\n"
     "*** HOLE CARDS ***\r\nDealt to Hero [Ah Kd]\r\n",
     "PokerMaster hand history (a room badugi does not read)", None),
    ("", "empty file", None),
    ("  \r\n\r\n", "empty file", None),
    ("# my notes about last night's session\r\nlost too much\r\n",
     "not a hand history: no hand of a room badugi reads in its first 64 KB", None),
]


SUMMARIES = [
    # (first lines of a tournament summary file, the room whose summary reader reads it, the tournament id)
    ("PokerStars Tournament #734695129, No Limit Hold'em\r\nBuy-In: $2.27/$0.23 USD\r\n", "pokerstars", "734695129"),
    ("Tournament History for your last 1 tournament requested by Hero (x@example.com)\r\n\r\n\r\n"
     "PokerStars Tournament #329052872, No Limit Hold'em\r\nBuy-In: $10.00/$0.50 USD\r\n", "pokerstars", "329052872"),
    ("Full Tilt Poker Tournament Summary $26 Super Turbo Matrix (244669447) Match 1 Hold'em No Limit (Matrix, Super "
     "Turbo, 6 Handed)\r\nBuy-In: $25 + $1\r\n", "fulltilt", "244669447"),
    # the 2016 Full Tilt client wrote PokerStars' format: read by that reader, as its hands are
    ("Full Tilt Tournament #1571041343, No Limit Hold'em\r\nBuy-In: 1000/0\r\n", "pokerstars", "1571041343"),
    ("Winamax Poker - Tournament summary : No Limit Hold'em(39203383)\r\nPlayer : Hero\r\nBuy-In : 4.70€ + 0.30€\r\n",
     "winamax", "39203383"),
]


@pytest.mark.parametrize("text, room, tournament_id", SUMMARIES)
def test_tournament_summary_files_are_read_as_summaries(text: str, room: str, tournament_id: str) -> None:
    [result] = list(read_bytes(text.encode("utf-8"), "f.txt"))
    assert isinstance(result, TournamentSummary), result
    assert (result.room, result.tournament_id) == (room, tournament_id)


@pytest.mark.parametrize("text, reason, room", NOT_HANDS)
def test_files_that_are_not_hand_histories_are_one_skip_with_their_reason(text: str, reason: str,
                                                                         room: str | None) -> None:
    assert list(read_bytes(text.encode("utf-8"), "f.txt")) == [FileSkipped("f.txt", reason, room)]


@pytest.mark.parametrize("data, kind", [
    (b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4, "PNG image"),
    (b"PK\x03\x04" + b"\x00" * 100, "zip archive (unpack it to read the files inside)"),
    (bytes(range(256)) * 50, "binary data"),
    (b"\x00" * 8 + b"DUCK" + b"\x00" * 200, "DuckDB database"),
])
def test_binary_files_are_named(data: bytes, kind: str) -> None:
    assert list(read_bytes(data, "b.bin")) == [FileSkipped("b.bin", f"not a hand history: {kind}")]


def test_a_summary_file_is_one_summary_not_an_error_per_line() -> None:
    """A cp1252 e-mailed summary: one summary read (and one note that the file is cp1252), no error."""
    path = real_file("../real_hh_corpus/summaries/Stars/NLHE-EUR-STT-0.42-201102.emailed.cp1252.txt")
    results = list(read_bytes(path.read_bytes(), "s.txt"))
    assert [type(r).__name__ for r in results] == ["FileNote", "TournamentSummary"]
    assert results[1].currency == "EUR" and results[1].buy_in == 42 and results[1].fee == 8


def test_a_damaged_first_line_is_read_as_damaged_not_skipped_as_another_room() -> None:
    """Only another room's own first line skips a file: a PokerStars hand whose first line was garbled into
    something like an app's (``PokerStxrs Hand #``) still holds a hand's lines, so it is read and reported."""
    text = real_file("pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt").read_bytes().decode("utf-8-sig")
    first = text.split("\r\n\r\n")[0].replace("PokerStars Game #", "PokerStxrs Hand #", 1)
    results = list(read_bytes(first.encode("utf-8"), "d.txt"))
    assert results and not any(isinstance(r, FileSkipped) for r in results)
    assert any(isinstance(r, ParseFailure) for r in results)


def test_a_damaged_hand_history_is_read_not_skipped() -> None:
    """A file whose first line was lost still holds a hand's lines: it is read, and the piece reported."""
    text = real_file("pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt").read_bytes().decode("utf-8-sig")
    one = text.split("\r\n\r\n")[0]
    results = list(read_text(one.split("\r\n", 1)[1] + "\r\n\r\n"))
    assert [r.code for r in results] == ["parse.unknown_room"]
    assert not isinstance(inspect(one.split("\r\n", 1)[1].encode()), FileSkipped)


# ---- encodings ----------------------------------------------------------------------------------------


def test_a_cp1252_header_gives_the_right_hand_id_and_one_note() -> None:
    """The euro sign of a Windows client's file (byte 0x80), in a PokerStars header and a chat line."""
    header = "PokerStars Hand #90721705235:  Hold'em No Limit (€1/€2 EUR) - 2012/12/14 7:59:19 CUST [2012/12/13 19:59:19 ET]"
    data = (header + "\r\nTable 'Hygiea' 6-max Seat #1 is the button\r\n\r\n\r\n" + header.replace("35", "36")
            + "\r\nTable 'Hygiea' 6-max Seat #2 is the button\r\n").encode("cp1252")
    results = list(read_bytes(data, "eur.txt"))
    assert results[0] == FileNote("eur.txt", 1, "not UTF-8: read as cp1252 (a Windows client's code page) from line 1")
    assert [(r.hand_id, r.reason) for r in results[1:]] == [
        ("90721705235", "unsupported game: Hold'em No Limit"), ("90721705236", "unsupported game: Hold'em No Limit")]


# ---- table noise between actions ----------------------------------------------------------------------

PS_BADUGI = "pokerstars/cash__Badugi-USD-0.25-0.50-201009.txt"
FT_BADUGI = "fulltilt/cash__Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt"


def _first_hand(relative: str) -> str:
    raw = real_file(relative).read_bytes()
    text = raw.decode("utf-16") if raw[:2] == b"\xff\xfe" else raw.decode("utf-8-sig")
    return text.replace("\r\n", "\n").split("\n\n\n")[0].strip("\n") + "\n\n\n"


@pytest.mark.parametrize("line", [
    "Gemma99 was removed from the table for failing to post",  # PokerStars 5 Card Draw, 2009
    "Player9 wins the tournament and receives $9.99 - congratulations!",  # PokerStars 2-7 single draw STT
    "Lino19 has 15 seconds left to act",  # Full Tilt's timer on PokerStars' table: a message never seen there
    "Lino19 is feeling lucky",
    # a knockout shared by two players (fpdb's PokerStars reader quotes the room's line): the names before
    # "split" are two players', so no seated name starts the line
    "Lino19, s0rrow split the $0.50 bounty for eliminating JDANIELDC",
    "Lino19 wins $0.25 for splitting the elimination of JDANIELDC and their own bounty increases by $0.25 to $0.75",
])
def test_pokerstars_table_messages_are_noise(line: str) -> None:
    text = _first_hand(PS_BADUGI).replace("Lino19: folds \n", f"{line}\nLino19: folds \n")
    [hand] = list(read_text(text))
    assert isinstance(hand, Hand), hand
    assert any(isinstance(e, Noise) and e.text == line for e in hand.events)


@pytest.mark.parametrize("line", [
    "Player3 has 5 seconds left to act",
    "5 seconds left to act",
    "Player3 has requested time",
    "Player3 was disconnected from the table",
])
def test_full_tilt_timers_and_messages_are_noise(line: str) -> None:
    text = _first_hand(FT_BADUGI).replace("Player3 folds\n", f"{line}\nPlayer3 folds\n", 1)
    assert line in text
    [hand] = list(read_text(text))
    assert isinstance(hand, Hand), hand
    assert any(isinstance(e, Noise) and e.text == line for e in hand.events)


@pytest.mark.parametrize("relative, before, bad, code", [
    (PS_BADUGI, "Lino19: folds \n", "Lino19: dances", "parse.unknown_line"),  # an action verb never written
    (PS_BADUGI, "Lino19: folds \n", "Lino19 folds", "parse.unknown_line"),  # a garbled action is not noise
    (PS_BADUGI, "Lino19: folds \n", "Nobody has 15 seconds left to act", "parse.unknown_line"),  # no such player
    (FT_BADUGI, "Player3 folds\n", "Player3 flods", "parse.unknown_line"),
])
def test_a_line_that_is_neither_an_action_nor_noise_is_an_error(relative: str, before: str, bad: str,
                                                                code: str) -> None:
    text = _first_hand(relative).replace(before, f"{bad}\n{before}", 1)
    [result] = list(read_text(text))
    assert isinstance(result, ParseFailure) and result.code == code, result
    assert bad in result.message


def test_archive_banners_and_a_full_tilt_archive_read_whole() -> None:
    path = real_file("../real_hh_corpus/cash/FTP/Draw_3-Draw-Limit-USD-1500-3000-201101.FTP.Archive.sample.txt")
    results = list(read_bytes(path.read_bytes(), "a.txt"))
    assert [type(r).__name__ for r in results] == ["Hand"]
    assert results[0].game == "27_triple_draw" and results[0].source.line == 3


def test_a_room_with_no_grammar_classifies_from_its_header() -> None:
    room = get_room("kingsclub")
    info = room.classify(HandText("#40200897: Limit Badeucey - 22/44\n2021-01-05 1:00:00\n", 1, 0, 0, "kingsclub", True))
    assert info is not None and (info.hand_id, info.game, info.currency) == ("40200897", "Limit Badeucey", "USD")


# ---- a Badugi hand under any header clause the room wrote for its other games -----------------------

MTT = "pokerstars/tour__LBad-USD-MTT8-201011.txt"
CET = datetime(2010, 11, 10, 16, 20, 1, tzinfo=timezone.utc)  # "17:20:01 CET" in November


@pytest.mark.parametrize("tournament_part, buy_in", [
    ("Tournament #329147852, 50FPP ", "50FPP"),  # FPP tournaments (other games' headers in the corpus)
    ("Tournament #329147852, 250 SC ", "250 SC"),
    ("Tournament #329147852, Freeroll  ", "Freeroll"),
    ("Tournament #329147852, ", None),  # a shootout's header with no buy-in
    ("Tournament #329147852, $1.00+$0.25+$0.15 USD ", "$1.00+$0.25+$0.15 USD"),  # a knockout
    ("Tournament #329147852, 100+9 ", "100+9"),
])
def test_badugi_tournament_headers_with_every_buy_in_the_room_wrote(tournament_part: str, buy_in: str | None) -> None:
    body = _first_hand(MTT).split("\n", 1)[1]
    header = (f"PokerStars Game #52475779512: {tournament_part}Badugi Limit - Level I (20/40) - 2010/11/10 17:20:01 "
              "CET [2010/11/10 11:20:01 ET]")
    [hand] = list(read_text(header + "\n" + body))
    assert isinstance(hand, Hand), hand
    assert (hand.hand_id, hand.tournament.buy_in, hand.start_time) == ("52475779512", buy_in, CET)


@pytest.mark.parametrize("header, tournament_id, buy_in, level", [
    # a Zoom tournament (the room's Zoom MTTs write "Zoom Tournament #")
    ("PokerStars Hand #52475779512: Zoom Tournament #329147852, $3.00+$0.30 USD Badugi Limit - Level I (20/40) - "
     "2010/11/10 17:20:01 CET [2010/11/10 11:20:01 ET]", "329147852", "$3.00+$0.30 USD", "Level I"),
    # PokerStars.it: the regulator's id of the tournament after the level
    ("PokerStars Hand #52475779512: Tournament #329147852, €0.91+€0.09 EUR Badugi Limit - Level I (20/40) "
     "[ADM ID: ABCD00000001] - 2010/11/10 17:20:01 CET [2010/11/10 11:20:01 ET]", "329147852", "€0.91+€0.09 EUR",
     "Level I"),
])
def test_badugi_tournament_headers_with_a_zoom_tournament_or_a_regulator_id(header: str, tournament_id: str,
                                                                           buy_in: str, level: str) -> None:
    body = _first_hand(MTT).split("\n", 1)[1]
    [hand] = list(read_text(header + "\n" + body))
    assert isinstance(hand, Hand), hand
    assert (hand.hand_id, hand.tournament.tournament_id, hand.tournament.buy_in, hand.tournament.level,
            hand.start_time, hand.stakes.small_bet) == ("52475779512", tournament_id, buy_in, level, CET, 20)


@pytest.mark.parametrize("header, start, currency", [
    # the date format before 2009, on a cash hand
    ("PokerStars Game #49164202872:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 - 10:32:15 (ET)",
     datetime(2010, 9, 5, 14, 32, 15, tzinfo=timezone.utc), "USD"),
    # a converted file's time with no zone: no start time is guessed
    ("PokerStars Hand #49164202872: Badugi Limit ($0.25/$0.50) - 2010/09/05 10:32:15", None, "USD"),
    ("PokerStars Zoom Hand #49164202872:  Badugi Limit ($0.25/$0.50) - 2016/09/05 10:32:15 ET",
     datetime(2016, 9, 5, 14, 32, 15, tzinfo=timezone.utc), "USD"),
    ("PokerStars Home Game Hand #49164202872: {chipchipchip}  Badugi Limit ($0.25/$0.50) - 2012/01/28 20:58:29 ET",
     datetime(2012, 1, 29, 1, 58, 29, tzinfo=timezone.utc), "USD"),
    ("PokerStars Hand #49164202872:  Mixed Draw (Badugi Limit, $0.25/$0.50 USD) - 2012/04/15 21:33:56 EET "
     "[2012/04/15 14:33:56 ET]", datetime(2012, 4, 15, 18, 33, 56, tzinfo=timezone.utc), "USD"),
    ("PokerStars Game #49164202872:  Badugi Limit (€0.25/€0.50 EUR) - 2010/09/05 10:32:15 ET",
     datetime(2010, 9, 5, 14, 32, 15, tzinfo=timezone.utc), "EUR"),
    # PokerStars.it: the regulator's id of the table between the stakes and the date
    ("PokerStars Hand #49164202872:  Badugi Limit (€0.25/€0.50 EUR) [AAMS ID: A1B2C3D4E5F6G7H8] - 2012/05/01 "
     "10:00:00 CET [2012/05/01 4:00:00 ET]", datetime(2012, 5, 1, 8, 0, 0, tzinfo=timezone.utc), "EUR"),
    # a yuan table: a Badugi hand there was skipped as "unsupported game: ¥0.25/¥0.50 CNY"
    ("PokerStars Hand #49164202872:  Badugi Limit (¥0.25/¥0.50 CNY) - 2020/05/02 07:54:09 ET",
     datetime(2020, 5, 2, 11, 54, 9, tzinfo=timezone.utc), "CNY"),
])
def test_badugi_cash_headers_in_every_shape_the_room_wrote(header: str, start: datetime | None, currency: str) -> None:
    body = _first_hand(PS_BADUGI).split("\n", 1)[1]
    [hand] = list(read_text(header + "\n" + body))
    assert isinstance(hand, Hand), hand
    assert (hand.hand_id, hand.start_time, hand.currency, hand.stakes.small_bet) == ("49164202872", start, currency, 25)


@pytest.mark.parametrize("header, kind", [
    # stakes the classification does not know: the game field was not found and the hand was skipped as
    # "unsupported game: Z0.10/Z0.20" (never read); now the strict reading reports the header
    ("Full Tilt Poker Game #32617272179: Table Clackers (New to the Game) - Z0.10/Z0.20 - FL Badugi - 10:18:16 ET - "
     "2013/05/08", "parse.header"),
    # "Badugi" in a table's name only: another game, skipped by its own name
    ("Full Tilt Poker Game #32617272179: Table Badugi Bay (6 max) - $0.10/$0.20 - Limit Hold'em - 10:18:16 ET - "
     "2013/05/08", "unsupported game: Limit Hold'em"),
])
def test_a_full_tilt_badugi_hand_is_never_skipped_under_another_name(header: str, kind: str) -> None:
    body = _first_hand(FT_BADUGI).split("\n", 1)[1]
    [result] = list(read_text(header + "\n" + body))
    assert (result.code if isinstance(result, ParseFailure) else result.reason) == kind, result


def test_an_error_quotes_at_most_a_line_s_first_characters() -> None:
    """A hand reaching the grammar as one long line (its line ends lost) gets an error naming the file, line 1
    and what was expected, quoting the start of that line, not the whole text (the hand's text is kept whole
    in the failure). (A whole file whose lines end in CR alone is now skipped saying so: ``CR_ONLY``; one CR
    alone in a text is not such a file, so the header line with a CR in place of every later LF still makes
    that one long line.)"""
    first, _, rest = _first_hand(PS_BADUGI).partition("\n")
    text = first + "\n" + rest.replace("\n", " ") + "\n"  # (a line end last: a whole file, not one cut short)
    [result] = list(read_text(text, "mac.txt"))
    assert isinstance(result, ParseFailure) and result.line == 2, result
    assert len(result.message) < 400 and "..." in result.message and result.expected
    assert "*** SUMMARY ***" in result.raw


def test_a_file_with_cr_alone_line_ends_is_skipped_whole() -> None:
    text = _first_hand(PS_BADUGI).replace("\n", "\r")
    assert list(read_text(text, "mac.txt")) == [FileSkipped("mac.txt", CR_ONLY)]


def test_a_six_plus_holdem_hand_is_skipped_under_its_game() -> None:
    """PokerStars' 6+ Hold'em writes its stakes as ``(Button Blind $0.50 - Ante $0.50  USD)`` (fpdb's test
    file, 2019): the skip names the game, not the stakes clause."""
    text = ("PokerStars Hand #202058540722:  6+ Hold'em No Limit (Button Blind $0.50 - Ante $0.50  USD) - "
            "2019/07/07 0:30:30 JST [2019/07/06 11:30:30 ET]\r\nTable 'Archid II' 6-max Seat #4 is the button\r\n"
            "Seat 1: Alice ($50 in chips)\r\nSeat 4: Bob ($50 in chips)\r\n\r\n\r\n")
    [result] = list(read_text(text))
    assert isinstance(result, Skipped) and result.reason == "unsupported game: 6+ Hold'em No Limit"
