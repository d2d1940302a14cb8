"""Tournament summaries (``badugi.parsers.tournaments``): two real summaries checked field by field against
values read off the files by hand, every real summary read, and the shapes each room writes as inline
texts ("this text -> these fields")."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from textwrap import dedent

import pytest

from badugi.parsers.reader import read_bytes, read_file, read_text, walk
from badugi.parsers.results import FileNote, FileSkipped, ParseFailure
from badugi.parsers.tournament_record import Placing, TournamentSummary
from badugi.parsers.tournaments.common import SummaryError, read_amount, read_time
from conftest import REAL_HH, real_file

CORPUS = REAL_HH.parent / "real_hh_corpus"


def one(text: str) -> TournamentSummary:
    [result] = [r for r in read_text(dedent(text).lstrip("\n"), "t.txt") if not isinstance(r, FileNote)]
    assert isinstance(result, TournamentSummary), result
    return result


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=timezone.utc)


# ---- hand-checked real summaries ------------------------------------------------------------------------


def test_a_pokerstars_super_satellite_field_by_field() -> None:
    """summaries/Stars/NLHE-USD-MTT-0.50-201107.Super.Satellite.txt, read by hand: 44 players, $11 added,
    37 still playing, Hero out 38th (line 47); 21:30 WET in July is 20:30 UTC (16:30 ET = EDT)."""
    path = real_file("../real_hh_corpus/summaries/Stars/NLHE-USD-MTT-0.50-201107.Super.Satellite.txt")
    [s] = list(read_file(path))
    assert isinstance(s, TournamentSummary)
    assert (s.room, s.tournament_id, s.site, s.source.line, s.source.offset) == (
        "pokerstars", "406766863", "PokerStars", 1, 0)
    assert (s.name, s.part, s.game, s.flags) == ("Super Satellite", None, "No Limit Hold'em", ())
    assert (s.currency, s.buy_in, s.fee, s.bounty, s.rebuy_cost, s.addon_cost) == ("USD", 50, 5, None, None, None)
    assert (s.entrants, s.total_rebuys, s.total_addons) == (44, None, None)
    assert (s.prize_pool, s.prize_pool_currency, s.prize_pool_text, s.added) == (3300, "USD", None, 1100)
    assert s.target == "Target Tournament #406766547 Buy-In: $11.00 USD"
    assert (s.start_time, s.time_zone, s.end_time) == (utc(2011, 7, 26, 20, 30), "WET", None)
    assert s.status == "running"
    assert (s.hero, s.hero_rebuys, s.hero_addons, s.hero_knockouts, s.notes) == ("Hero", None, None, None, ())
    assert len(s.placings) == 44
    still = [p for p in s.placings if p.still_playing]
    assert len(still) == 37 and all(p.place is None for p in still)
    assert still[0] == Placing(None, "Warwick57", 10, still_playing=True)
    assert s.hero_results == (Placing(38, "Hero", 47, is_hero=True),)
    assert s.placings[-1] == Placing(44, "kprobly", 53)


def test_a_full_tilt_rebuy_tournament_field_by_field() -> None:
    """summaries/FTP/NLHE-9max-MTT-USD-10-201301.rush.rebuy.10K.guar.txt, read by hand: $10 + $1, a $10
    rebuy and add-on, Hero made one of each; 395 entries (58 still playing, 337 placed), 09:31 CT in
    January is 15:31 UTC (10:31 ET = EST); Hero 59th at line 75."""
    path = real_file("../real_hh_corpus/summaries/FTP/NLHE-9max-MTT-USD-10-201301.rush.rebuy.10K.guar.txt")
    [s] = list(read_file(path))
    assert isinstance(s, TournamentSummary)
    assert (s.room, s.tournament_id, s.site, s.source.line) == ("fulltilt", "247042894", "Full Tilt Poker", 1)
    assert (s.name, s.part, s.game) == ("$10,000 Rush Guar (Rebuy)", None, "Hold'em No Limit")
    assert s.flags == ("Rush", "Rebuy/Add-On", "Turbo")
    assert (s.currency, s.buy_in, s.fee, s.bounty, s.rebuy_cost, s.addon_cost) == ("USD", 1000, 100, None, 1000, 1000)
    assert (s.entrants, s.total_rebuys, s.total_addons) == (395, 807, 224)
    assert (s.prize_pool, s.prize_pool_currency, s.prize_pool_text, s.added, s.target) == (
        1426000, "USD", None, None, None)
    assert (s.start_time, s.time_zone, s.end_time, s.status) == (utc(2013, 1, 6, 15, 31), "CT", None, "running")
    assert (s.hero, s.hero_rebuys, s.hero_addons, s.hero_knockouts, s.notes) == ("Hero", 1, 1, None, ())
    assert len(s.placings) == 395
    assert sum(p.still_playing for p in s.placings) == 58
    assert s.hero_results == (Placing(59, "Hero", 75, is_hero=True),)
    assert s.placings[-1] == Placing(286, "omg_lucker", 411)


def test_a_full_tilt_knockout_summary_counts_the_owners_bounties() -> None:
    """summaries/FTP/NLHE-9max-MTT-USD-70-2013.ko.guar.txt: $70 + $5 with a $15 bounty inside the $70 (374
    entries x $55 = the $20,570 prize pool written); Hero received 3."""
    s = next(r for r in read_file(real_file("../real_hh_corpus/summaries/FTP/NLHE-9max-MTT-USD-70-2013.ko.guar.txt")))
    assert isinstance(s, TournamentSummary)
    assert (s.buy_in, s.fee, s.bounty, s.bounty_in_buy_in, s.hero, s.hero_knockouts) == (7000, 500, 1500, True, "Hero", 3)
    assert s.entrants * (s.buy_in - s.bounty) == s.prize_pool
    assert [(p.place, p.prize) for p in s.hero_results] == [(79, None)]


@pytest.mark.skipif(not CORPUS.exists(), reason="real corpus not available")
def test_every_real_summary_reads() -> None:
    """The 58 text summaries under summaries/ and the Full Tilt Step summary among the tournament hands:
    59 summaries, no failure; the three HTML results pages stay files skipped whole."""
    paths = [*walk([CORPUS / "summaries"]), CORPUS / "tour/FTP/Flop_NLHE-9max-STT-USD-8.30-201211.step.txt"]
    results = [r for path in paths for r in read_file(path) if not isinstance(r, FileNote)]
    failures = [r.message for r in results if isinstance(r, ParseFailure)]
    assert failures == []
    summaries = [r for r in results if isinstance(r, TournamentSummary)]
    assert len(summaries) == 59
    assert sorted(r.reason for r in results if isinstance(r, FileSkipped)) == [
        "not a hand history: tournament results page (HTML)"] * 3
    assert {s.room for s in summaries} == {"pokerstars", "fulltilt", "winamax"}
    for s in summaries:  # every summary states its money in hundredths of a named currency
        assert s.currency is not None or s.prize_pool_currency is not None, s.source
        assert all(p.prize is None or p.prize_currency for p in s.placings), s.source


# ---- the shapes, inline ----------------------------------------------------------------------------------


def test_an_emailed_history_of_two_tournaments_is_two_summaries_for_the_requester() -> None:
    text = dedent("""\
        Tournament History for your last 2 tournaments requested by Ann Lee (ann@example.com)


        PokerStars Tournament #111, Badugi Limit
        Buy-In: $2.00/$0.20 USD
        2 players
        Total Prize Pool: $4.00 USD
        Tournament started 2010/11/07 8:03:52 ET
        Tournament finished 2010/11/07 8:21:44 ET
         1: Ann Lee (Perth), $4.00 (100%)
         2: Bob (Oslo),

        You finished in 1st place.


        PokerStars Tournament #222, Badugi Limit
        Buy-In: $2.00/$0.20 USD
        2 players
        Total Prize Pool: $4.00 USD
        Tournament started 2010/11/07 9:00:00 ET
         1: Bob (Oslo), $4.00 (100%)
         2: Ann Lee (Perth),

        You finished in 2nd place.

        If you have any questions, please contact "PokerStars Support" <support@pokerstars.com>
        """)
    first, second = [r for r in read_text(text, "mail.txt")]
    assert isinstance(first, TournamentSummary) and isinstance(second, TournamentSummary)
    assert (first.tournament_id, first.source.line, first.status) == ("111", 1, "finished")
    assert (second.tournament_id, second.source.line, second.status) == ("222", 16, None)
    assert first.hero_results == (Placing(1, "Ann Lee", 10, prize=400, prize_currency="USD", is_hero=True),)
    assert second.hero_results == (Placing(2, "Ann Lee", 22, is_hero=True),)
    assert first.start_time == utc(2010, 11, 7, 13, 3, 52)  # ET in November: EST, UTC-5


def test_pokerstars_rows_re_entries_countries_with_parentheses_and_non_money_prizes() -> None:
    s = one("""
        PokerStars Tournament #9, No Limit Single Draw 2-7 Lowball
        Buy-In: 300/20
        4 players
        Total Prize Pool: Sunday Million ticket
        Target Tournament #77 Buy-In: $215.00 USD
        Tournament started 2011/04/05 4:00:18 CET [2011/04/04 22:00:18 ET]
          1: amy [2] (Horn (HOLLAND)),  (qualified for the target tournament)
          2: bo (Brazil), 25,750 FPP
          3: cy (Chile), Sunday Million ticket
          4: amy (Horn (HOLLAND)),

        You finished in 3rd place (eliminated at hand #60348883363).
        """)
    assert (s.currency, s.buy_in, s.fee) == ("PLAY", 30000, 2000)  # no currency mark: play chips
    assert (s.prize_pool, s.prize_pool_text) == (None, "Sunday Million ticket")
    assert s.start_time == utc(2011, 4, 5, 2, 0, 18)  # CET in April is CEST: UTC+2
    amy2, bo, cy, amy = s.placings
    assert (amy2.player, amy2.entry, amy2.prize_text, amy2.ticket_value, amy2.prize_currency) == (
        "amy", 2, "qualified for the target tournament", 21500, "USD")
    assert (bo.prize, bo.prize_currency) == (2575000, "FPP")
    assert (cy.prize, cy.prize_text, cy.is_hero) == (None, "Sunday Million ticket", True)
    assert (amy.player, amy.entry, amy.place) == ("amy", 1, 4)
    assert s.hero == "cy"  # "You": the one listed at the place the file states


def test_a_pokerstars_freeroll_costs_nothing_and_an_email_award_is_the_owners_prize() -> None:
    free = one("""
        PokerStars Tournament #529358485, No Limit Hold'em
        Freeroll
        28599 players
        $1500.00 USD added to the prize pool by PokerStars
        Total Prize Pool: $1500.00 USD
        Tournament started 2012/03/16 13:15:00 ET
        """)
    assert (free.name, free.currency, free.buy_in, free.fee, free.added, free.prize_pool) == (
        "Freeroll", "USD", 0, 0, 150000, 150000)
    mail = one("""
        PokerStars Tournament #361786920, No Limit Hold'em
        Buy-In: €0.42/€0.08 EUR
        10 players
        Total Prize Pool: €4.20 EUR
        Tournament started 2011/02/06 22:17:47 CET [2011/02/06 16:17:47 ET]


        Dear Hero,

        You finished the tournament in 2nd place. A EUR 0.90 award has been credited to your Real Money account.

        Congratulations!
        """)
    assert mail.hero_results == (Placing(2, "Hero", 10, prize=90, prize_currency="EUR", listed=False, is_hero=True),)


def test_full_tilt_shapes_matrix_tickets_cashout_placeholders_and_joined_lines() -> None:
    s = one("""
        Full Tilt Poker Tournament Summary Sat (266533708) Match 2 10-Game  (Rebuy, Turbo)
        Buy-In: $8 + $0.70
        Rebuy: $8
        Hero performed 1 Rebuy
        4 received %1 Knockout Bounty Awards
        4 Entries
        Total Rebuys: 2Total Prize Pool: $55
        Top 999 finishers receive entry to Tournament 264533392
        Tournament started: Wed, July 21, 2010 22:40 ET
        Tournament finished: 2010/07/21 23:10:00 ET

        1: Player0, $13 MiniFTOPS Ticket
        2: Hero, $51.12 (Cashout)
        3: [Player not loaded]
        3: Ann, Step 3 Ticket
        Hero finished in 2nd place
        """)
    assert (s.part, s.game, s.flags) == ("Match 2", "10-Game", ("Rebuy", "Turbo"))
    assert (s.total_rebuys, s.prize_pool, s.hero_rebuys, s.hero_knockouts) == (2, 5500, 1, None)
    assert len(s.notes) == 2 and "placeholder" in s.notes[0] and "two lines written as one" in s.notes[1]
    assert (s.start_time, s.end_time, s.status) == (utc(2010, 7, 22, 2, 40), utc(2010, 7, 22, 3, 10), "finished")
    ticket, hero, unknown, step = s.placings
    assert (ticket.prize, ticket.prize_text, ticket.ticket_value) == (None, "$13 MiniFTOPS Ticket", 1300)
    assert (hero.prize, hero.prize_text, hero.is_hero) == (5112, "Cashout", True)
    assert unknown.player is None and (step.prize_text, step.ticket_value) == ("Step 3 Ticket", None)


def test_full_tilt_multi_entry_and_an_owner_missing_from_the_list() -> None:
    s = one("""
        Full Tilt Poker Tournament Summary MiniFTOPS Event #1 (243423165) Hold'em No Limit (Multi-Entry)
        Buy-In: 25 FTP + 0 FTP
        5 Entries
        Total Prize Pool: 9,200 FTP
        Tournament started: 2013/01/06 12:15:00 CT [2013/01/06 13:15:00 ET]
        Tournament is still in progress

        Still Playing - Bo
        2: Hero
        3: Cy
        4: Hero
        Hero finished in 2nd and 4th place.
        """)
    assert (s.currency, s.buy_in, s.prize_pool, s.status) == ("FTP", 2500, 920000, "running")
    assert [(p.place, p.line) for p in s.hero_results] == [(2, 9), (4, 11)]
    missing = one("""
        Full Tilt Poker Tournament Summary Sat (205101700) Omaha H/L Pot Limit
        Buy-In: €11 + €0.50
        2 Entries
        Tournament started: 2010/12/15 16:22:53 CET
        1: killa bill, €33
        2: Bo
        onecasanova finished in 1st place
        """)
    assert missing.currency == "EUR"
    assert missing.hero_results == (Placing(1, "onecasanova", 7, listed=False, is_hero=True),)


def test_winamax_shapes() -> None:
    s = one("""
        Winamax Poker - Tournament summary : Qualificatif 300€(7949467) - Late registration
        Player : Hero
        Buy-In : 9€ + 1€
        Rebuy cost : 9€ + 1€
        Addon cost : 9€ + 1€
        Your rebuys : 4
        Your addons : 2
        Registered players : 18
        Prizepool : 300€
        Mode : sngType : sitngo
        Levels : [10-20:0:360:omaha-pot-limit,15-30:0:360:omaha-pot-limit]
        Tournament started 2011/05/28 19:10:00 UTC
        You played 36min 15s
        You finished in 2nd place
        You won 12,50€
        """)
    assert (s.name, s.flags, s.game) == ("Qualificatif 300€", ("Late registration", "Mode: sngType : sitngo"),
                                         "omaha-pot-limit")
    assert (s.currency, s.buy_in, s.fee, s.rebuy_cost, s.addon_cost, s.hero_rebuys, s.hero_addons) == (
        "EUR", 900, 100, 1000, 1000, 4, 2)
    assert s.hero_results == (Placing(2, "Hero", 15, prize=1250, prize_currency="EUR", listed=False, is_hero=True),)
    ticket = one("""
        Winamax Poker - Tournament summary : Super Freeroll Stade 1(28101157)
        Player : Hero
        Buy-In : Ticket uniquement
        Registered players : 10
        Prizepool : 0€
        Tournament started 2012/08/04 20:00:12 UTC
        You finished in ... place
        """)
    assert (ticket.currency, ticket.buy_in, ticket.prize_pool_currency) == (None, None, "EUR")
    assert ticket.hero_results == (Placing(None, "Hero", 7, listed=False, is_hero=True),)


@pytest.mark.parametrize("text, line, code", [
    ("PokerStars Tournament #1, Badugi Limit\nBuy-In: $2.00/$0.20 USD\nBuy-In: lots\n", 3, "parse.summary.amount"),
    ("PokerStars Tournament #1, Badugi Limit\nBuy-In: $2.00/$0.20 USD\nYou won the Sunday Million\n", 3,
     "parse.summary.unknown_line"),
    ("PokerStars Tournament #1, Badugi Limit\n3 players\n4 players\n", 3, "parse.summary.repeated"),
    ("Full Tilt Poker Tournament Summary X (5) Razz Limit\nBuy-In: $1 + €1\n", 2, "parse.summary.buy_in"),
    ("Full Tilt Poker Tournament Summary X (5) Razz Limit\nTournament started: 2010/02/30 10:00:00 ET\n", 2,
     "parse.summary.time"),
    ("Winamax Poker - Tournament summary : X(5)\nPlayer : Hero\nYou finished in first place\n", 3,
     "parse.summary.unknown_line"),
])
def test_a_summary_that_does_not_read_is_a_failure_with_its_line(text: str, line: int, code: str) -> None:
    [failure] = list(read_bytes(b"\n\n" + text.encode("utf-8"), "bad.txt"))
    assert isinstance(failure, ParseFailure) and failure.of_summary
    assert (failure.code, failure.line, failure.file) == (code, line + 2, "bad.txt")
    assert failure.raw == text and failure.hand_id in ("1", "5")


def test_a_summary_with_bytes_that_are_not_text_is_a_summary_failure_not_a_hand() -> None:
    data = "Winamax Poker - Tournament summary : X(5)\nPlayer : Hero\n".encode() + b"Prizepool : 1\x81\xfe\n"
    [failure] = [r for r in read_bytes(data, "bad.txt") if not isinstance(r, FileNote)]
    assert isinstance(failure, ParseFailure) and failure.code == "parse.summary.decode" and failure.of_summary


@pytest.mark.parametrize("text, hundredths, currency", [
    ("$1,500.00", 150000, "USD"), ("€0.42 EUR", 42, "EUR"), ("9€", 900, "EUR"), ("12,50€", 1250, "EUR"),
    ("0 T$", 0, "T$"), ("250 Play Chips", 25000, "PLAY"), ("25,750 FPP", 2575000, "FPP"), ("EUR 0.90", 90, "EUR"),
    ("£75.00 GBP", 7500, "GBP"), ("200", 20000, None), ("$20,000", 2000000, "USD"),
])
def test_amounts_are_hundredths_of_the_currency_they_name(text: str, hundredths: int, currency: str | None) -> None:
    amount = read_amount(text, 1)
    assert (amount.hundredths, amount.currency) == (hundredths, currency)


@pytest.mark.parametrize("text", ["$1.005", "$1 EUR", "1,2,3", "ten dollars", "$"])
def test_amounts_that_cannot_be_read_are_errors(text: str) -> None:
    with pytest.raises(SummaryError):
        read_amount(text, 1)


@pytest.mark.parametrize("text, when, zone", [
    ("2013/05/26 20:45:00 WET [2013/05/26 15:45:00 ET]", utc(2013, 5, 26, 19, 45), "WET"),
    ("- 2007/08/13 - 08:15:00 (ET)", utc(2007, 8, 13, 12, 15), "ET"),
    ("2012/12/06 20:41:00 MSK [2012/12/06 11:41:00 ET]", utc(2012, 12, 6, 16, 41), "MSK"),
    ("2010/12/26 09:16:00 CCT [2010/12/25 20:16:00 ET]", utc(2010, 12, 26, 1, 16), "CCT"),
    ("2010/05/13 0:32:00 ET", utc(2010, 5, 13, 4, 32), "ET"),
    ("2010/05/13 0:32:00 XYZ [2010/05/12 23:32:00 CT]", utc(2010, 5, 13, 4, 32), "XYZ"),
    ("2010/05/13 0:32:00 XYZ", None, "XYZ"),
])
def test_times_are_utc_from_the_first_zone_known(text: str, when: datetime | None, zone: str) -> None:
    assert read_time(text, 1) == (when, zone)


def test_a_summary_file_resumes_from_any_summary_boundary(tmp_path: Path) -> None:
    """The import reads from where it stopped: a summary appended later is read alone."""
    from badugi.parsers.reader import read_stream
    import io

    first = "PokerStars Tournament #1, Badugi Limit\r\n3 players\r\n\r\n"
    second = "PokerStars Tournament #2, Badugi Limit\r\n4 players\r\n"
    data = (first + second).encode()
    [again] = list(read_stream(io.BytesIO(data), "f.txt", len(first.encode()), 4))
    assert isinstance(again, TournamentSummary)
    assert (again.tournament_id, again.entrants, again.source.line, again.source.offset) == ("2", 4, 4, len(first))
