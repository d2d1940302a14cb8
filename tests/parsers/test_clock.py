"""Room clocks to UTC: the daylight-saving hour flagged, unknown zones never guessed, and every zone word
of the real files checked against the ET clock written beside it.

Expected instants are worked out by hand from the US and EU rules: the US springs forward at 02:00 on the
second Sunday in March and falls back at 02:00 on the first Sunday in November (2010: March 14 and
November 7); the EU changes at 01:00 UTC on the last Sundays in March and October (2010: March 28 and
October 31). ET is UTC-5 in winter, UTC-4 in summer; CET UTC+1 / +2.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from badugi.engine.record import Hand, TimeFlag
from badugi.parsers import clock
from badugi.parsers.clock import utc_start
from badugi.parsers.phh import read_phh_text, write_phh
from badugi.parsers.reader import iter_hand_texts, read_text
from badugi.parsers.rooms import fulltilt, pokerstars
from conftest import REAL_HH
from test_phh import WORKED, read_one
from test_pokerstars import small_hand


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=timezone.utc)


def stars(when: str) -> Hand:
    (hand,) = read_text(small_hand(f"PokerStars Game #1: Badugi Limit ($0.10/$0.20 USD) - {when}"))
    assert isinstance(hand, Hand), hand
    return hand


def test_an_et_header_at_2_30_on_the_spring_forward_date_is_flagged_nonexistent() -> None:
    hand = stars("2010/03/14 02:30:00 ET")
    assert hand.time_flag is TimeFlag.NONEXISTENT
    assert hand.start_time == utc(2010, 3, 14, 7, 30)  # read at EST (UTC-5), the offset before the change


def test_an_et_header_at_1_30_on_the_fall_back_date_is_flagged_ambiguous() -> None:
    hand = stars("2010/11/07 01:30:00 ET")
    assert hand.time_flag is TimeFlag.AMBIGUOUS
    assert hand.start_time == utc(2010, 11, 7, 5, 30)  # the first 01:30, EDT (UTC-4)


@pytest.mark.parametrize(("when", "start"), [
    ("2010/03/14 01:59:59 ET", utc(2010, 3, 14, 6, 59, 59)),  # the last second of EST
    ("2010/03/14 03:00:00 ET", utc(2010, 3, 14, 7, 0)),  # the first of EDT
    ("2010/11/07 00:59:59 ET", utc(2010, 11, 7, 4, 59, 59)),
    ("2010/11/07 02:00:00 ET", utc(2010, 11, 7, 7, 0)),  # EST again
    ("2010/07/01 12:00:00 CET [2010/07/01 06:00:00 ET]", utc(2010, 7, 1, 10, 0)),  # "CET" in July is summer time
])
def test_hours_beside_the_change_are_exact(when: str, start: datetime) -> None:
    hand = stars(when)
    assert (hand.start_time, hand.time_flag) == (start, None)


def test_a_second_clock_settles_the_ambiguous_hour() -> None:
    # 07:30 CET on 2010/11/07 (the EU changed a week before) is 06:30 UTC: the second 01:30 ET
    hand = stars("2010/11/07 07:30:00 CET [2010/11/07 01:30:00 ET]")
    assert (hand.start_time, hand.time_flag, hand.time_zone) == (utc(2010, 11, 7, 6, 30), None, "CET")
    # 02:30 CET on 2010/03/28 never happened; the ET clock (EDT since March 14) says 00:30 UTC
    hand = stars("2010/03/28 02:30:00 CET [2010/03/27 20:30:00 ET]")
    assert (hand.start_time, hand.time_flag) == (utc(2010, 3, 28, 0, 30), None)


def test_two_clocks_in_the_same_repeated_hour_stay_ambiguous() -> None:
    # the EU falls back at 01:00 UTC everywhere: 02:30 CET and 01:30 WET are both repeated at once
    start, flag = utc_start([(datetime(2010, 10, 31, 2, 30), "CET"), (datetime(2010, 10, 31, 1, 30), "WET")],
                            pokerstars.ZONES)
    assert (start, flag) == (utc(2010, 10, 31, 0, 30), TimeFlag.AMBIGUOUS)


def test_clocks_that_disagree_keep_the_first_and_are_flagged() -> None:
    # a real edited header (Omaha, so never imported): the ET clock is a day and four seconds off
    hand = stars("2012/01/03 20:34:50 EET [2012/01/04 13:34:54 ET]")
    assert (hand.start_time, hand.time_flag) == (utc(2012, 1, 3, 18, 34, 50), TimeFlag.CLOCKS_DISAGREE)


def test_an_unknown_zone_word_is_never_guessed() -> None:
    hand = stars("2012/12/14 07:59:19 CUST")
    assert (hand.start_time, hand.time_flag, hand.time_zone) == (None, TimeFlag.UNKNOWN_ZONE, "CUST")
    # with the ET clock beside it (as the real header has), the time comes from ET: 19:59:19 EST
    hand = stars("2012/12/14 7:59:19 CUST [2012/12/13 19:59:19 ET]")
    assert (hand.start_time, hand.time_flag, hand.time_zone) == (utc(2012, 12, 14, 0, 59, 19), None, "CUST")


def test_full_tilt_reads_the_dst_hour_and_its_zone_words_the_same_way() -> None:
    def when(clock: str) -> tuple[datetime | None, str | None, TimeFlag | None]:
        found = re.findall(r"(\d{1,2}:\d\d:\d\d) ([A-Z]+) - (\d{4}/\d\d/\d\d)", clock)
        return fulltilt._start(tuple(part for group in found for part in group))

    assert when("01:30:00 ET - 2010/11/07") == (utc(2010, 11, 7, 5, 30), "ET", TimeFlag.AMBIGUOUS)
    assert when("02:30:00 ET - 2010/03/14") == (utc(2010, 3, 14, 7, 30), "ET", TimeFlag.NONEXISTENT)
    # real headers: China Coast Time is UTC+8, Central Time UTC-6 in January
    assert when("17:10:10 CCT - 2010/12/07 [04:10:10 ET - 2010/12/07]") == (utc(2010, 12, 7, 9, 10, 10), "CCT", None)
    assert when("10:00:59 CT - 2013/01/06 [11:00:59 ET - 2013/01/06]") == (utc(2013, 1, 6, 16, 0, 59), "CT", None)
    assert when("10:00:59 XT - 2013/01/06") == (None, "XT", TimeFlag.UNKNOWN_ZONE)


def test_phh_zone_names_get_the_same_flags_and_the_flag_round_trips() -> None:
    def at(fields: str) -> Hand:
        return read_one(WORKED + fields)

    ambiguous = at('year = 2010\nmonth = 11\nday = 7\ntime = 01:30:00\ntime_zone = "America/New_York"\n')
    assert (ambiguous.start_time, ambiguous.time_flag) == (utc(2010, 11, 7, 5, 30), TimeFlag.AMBIGUOUS)
    unknown = at('year = 2010\nmonth = 11\nday = 7\ntime = 01:30:00\ntime_zone = "Mars/Olympus_Mons"\n')
    assert (unknown.start_time, unknown.time_flag) == (None, TimeFlag.UNKNOWN_ZONE)
    plain = at("year = 2010\nmonth = 11\nday = 7\ntime = 01:30:00\n")  # no zone: UTC, as PHH says
    assert (plain.start_time, plain.time_flag) == (utc(2010, 11, 7, 1, 30), None)
    for hand in (ambiguous, unknown):
        (again,) = read_phh_text(write_phh(hand), "again.phh")
        assert isinstance(again, Hand) and (again.start_time, again.time_flag) == (hand.start_time, hand.time_flag)


def test_kingsclub_writes_no_zone_and_says_so() -> None:
    from test_kingsclub import BADUGI, parse_hand, text_of

    hand = parse_hand(text_of(BADUGI), BADUGI, 1)
    assert isinstance(hand, Hand) and hand.time_zone is None and hand.time_flag is TimeFlag.NO_ZONE


# ---- the real files: every zone word known, every pair of clocks naming one instant -----------------

PS_CLOCK = re.compile(r"(\d{4}/\d{1,2}/\d{1,2}) (\d{1,2}:\d\d:\d\d) ([A-Z]{2,5})\b")
FT_CLOCK = re.compile(r"(\d{1,2}:\d\d:\d\d) ([A-Z]{2,5}) - (\d{4}/\d{1,2}/\d{1,2})")
EDITED = {"49900000007", "73280765000"}
"""Real sample headers whose two clocks were edited apart (``20:00 PT [20:00 ET]``; an ET clock a day
off): flagged ``clocks_disagree``. Neither is a Badugi hand."""


def _headers() -> list[tuple[str, str]]:
    out = []
    for folder in (REAL_HH, REAL_HH.parent / "real_hh_corpus"):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix not in (".xml", ".md"):
                with path.open("rb") as stream:
                    out += [(piece.room or "", piece.header) for piece in iter_hand_texts(stream)
                            if piece.room in ("pokerstars", "fulltilt")]
    return out


def test_every_zone_word_of_the_real_headers_is_known_and_agrees_with_the_et_clock() -> None:
    if not REAL_HH.exists():
        pytest.skip(f"real hand histories not available: {REAL_HH}")
    words: dict[str, set[str]] = {"pokerstars": set(), "fulltilt": set()}
    pairs = flagged = 0
    for room, header in _headers():
        if room == "pokerstars":
            clocks = [(datetime.strptime(f"{d} {t}", "%Y/%m/%d %H:%M:%S"), z) for d, t, z in PS_CLOCK.findall(header)]
            zones = pokerstars.ZONES
        else:
            clocks = [(datetime.strptime(f"{d} {t}", "%Y/%m/%d %H:%M:%S"), z) for t, z, d in FT_CLOCK.findall(header)]
            zones = fulltilt.ZONES
        words[room] |= {z for _, z in clocks}
        start, flag = utc_start(clocks, zones)
        hand_id = re.search(r"#(\d+)", header).group(1)
        if flag is not None:
            flagged += 1
            assert (hand_id, flag) in {(h, TimeFlag.CLOCKS_DISAGREE) for h in EDITED} or not clocks, header
        known = [(local, z) for local, z in clocks if z in zones]
        if len(known) == 2 and hand_id not in EDITED:
            pairs += 1
            assert utc_start(known[1:], zones)[0] == start, header
    assert words["pokerstars"] - set(pokerstars.ZONES) == {"CUST"}  # always beside an ET clock
    assert words["fulltilt"] <= set(fulltilt.ZONES)
    assert words["pokerstars"] >= {"ET", "CET", "WET", "EET", "PT"} and words["fulltilt"] >= {"ET", "CCT", "CT", "UTC"}
    assert pairs > 400 and flagged >= len(EDITED)


def _read_one_by_one(local: datetime, zone_name: str) -> tuple[tuple[datetime, ...], TimeFlag | None]:
    """``readings`` by its definition, asking the zone for this very time (no hour remembered)."""
    zone = ZoneInfo(zone_name)
    first, second = local.replace(tzinfo=zone, fold=0), local.replace(tzinfo=zone, fold=1)
    if first.utcoffset() == second.utcoffset():
        return (first.astimezone(timezone.utc),), None
    utc_first = first.astimezone(timezone.utc)
    again = utc_first.astimezone(zone).replace(tzinfo=None)
    return (utc_first, second.astimezone(timezone.utc)), (TimeFlag.AMBIGUOUS if again == local
                                                          else TimeFlag.NONEXISTENT)


# Zones whose offset changes at odd times: on the hour (New York, Paris), at 00:01 (St John's until 2011),
# by half an hour (Lord Howe), a whole day skipped (Apia, 2011-12-30), and none at all (Kolkata).
ODD_CHANGES = [("America/New_York", datetime(2010, 3, 14)), ("America/New_York", datetime(2010, 11, 7)),
               ("Europe/Paris", datetime(2010, 3, 28)), ("Europe/Paris", datetime(2010, 10, 31)),
               ("America/St_Johns", datetime(2010, 3, 14)), ("America/St_Johns", datetime(2010, 11, 7)),
               ("Australia/Lord_Howe", datetime(2010, 4, 4)), ("Australia/Lord_Howe", datetime(2010, 10, 3)),
               ("Pacific/Apia", datetime(2011, 12, 29)), ("Asia/Kolkata", datetime(2010, 6, 1))]


@pytest.mark.parametrize(("zone_name", "day"), ODD_CHANGES)
def test_readings_remembered_by_hour_match_the_zone_asked_each_time(zone_name: str, day: datetime) -> None:
    """``readings`` remembers a local hour's one offset; every minute (and the hour's last second) of
    three days around a change reads as the zone itself says, in both orders (the hour first seen at its
    start, and at its end)."""
    zone = ZoneInfo(zone_name)
    times = [day + timedelta(minutes=m) for m in range(-24 * 60, 2 * 24 * 60)]
    times += [t + timedelta(seconds=59, microseconds=999_999) for t in times[59::60]]
    for order in (times, times[::-1]):
        clock._STEADY_HOURS.clear()
        for local in order:
            assert clock.readings(local, zone) == _read_one_by_one(local, zone_name), (zone_name, local)


def test_a_change_of_offset_found_in_an_hour_is_read_minute_by_minute() -> None:
    """The hours around New York's changes of 2010 are not remembered as steady (their minutes read two
    ways or none); an ordinary hour is."""
    zone = ZoneInfo("America/New_York")
    clock._STEADY_HOURS.clear()
    for local in (datetime(2010, 3, 14, 2, 30), datetime(2010, 11, 7, 1, 30), datetime(2010, 11, 7, 3, 30)):
        clock.readings(local, zone)
    assert clock._STEADY_HOURS[(zone, 2010, 3, 14, 2)] is None
    assert clock._STEADY_HOURS[(zone, 2010, 11, 7, 1)] is None
    assert clock._STEADY_HOURS[(zone, 2010, 11, 7, 3)] == (datetime(2010, 11, 7, 3), utc(2010, 11, 7, 8))


def _long_way(when: tuple[str, ...]) -> tuple:
    """``pokerstars.start_time`` without its plain-clock reading: each clock read by ``_local_time``, ``utc_start``."""
    clocks = [(pokerstars._local_time(when[k], when[k + 1]), when[k + 2]) for k in range(0, len(when) - 2, 3)]
    start, flag = utc_start(clocks, pokerstars.ZONES)
    return start, when[2] if len(when) > 2 else None, flag


@pytest.mark.parametrize("when", [
    ("2010/11/10", "17:20:01", "ET"), ("2010/11/10", "17:20:01", "CET", "2010/11/10", "11:20:01", "ET"),
    ("2010/11/10", "17:20:01", "CET", "2010/11/10", "11:21:01", "ET"),  # disagree
    ("2010/03/14", "02:30:00", "ET"), ("2010/11/07", "01:30:00", "ET"), ("2010/11/07", "00:59:59", "ET"),
    ("2010/11/07", "02:00:00", "ET"), ("2010/03/28", "02:30:00", "CET"), ("2010/10/31", "02:30:00", "CET"),
    ("2010/10/31", "07:30:00", "CET", "2010/11/07", "01:30:00", "ET"), ("2010/11/07", "06:30:00", "UTC"),
    ("2012/02/29", "23:59:59", "PT"), ("2000/02/29", "00:00:00", "WET"), ("1999/12/31", "23:59:59", "EET"),
    ("2010/11/10", "17:20:01", "CUST", "2010/11/10", "06:20:01", "ET"), ("2010/11/10", "17:20:01", "GMT"),
    ("2010/11/10", "17:20:01", "CEST", "2010/11/10", "11:20:01", "XX"), ("2010/11/10", "17:20:01", "XX"),
    ("2010-11-10", "17:20:01", "ET"), ("2010/1/10", "17:20:01", "ET"), ("2010/11/10", "7:20:01", "ET"),
    ("0001/01/01", "00:00:00", "UTC"), ("9999/12/31", "23:59:59", "UTC"),
])
def test_plain_clocks_read_in_c_give_the_long_way_s_start(when: tuple[str, ...]) -> None:
    assert pokerstars.start_time(when) == _long_way(when)


@pytest.mark.parametrize("when", [("2010/02/30", "17:20:01", "ET"), ("2010/13/10", "17:20:01", "ET"),
                                  ("2010/11/10", "24:00:00", "ET"), ("2010/11/10", "17:60:00", "ET"),
                                  ("2010/11/10", "17:20:60", "ET"), ("0000/11/10", "17:20:01", "ET")])
def test_an_impossible_plain_clock_raises_as_the_long_way_does(when: tuple[str, ...]) -> None:
    with pytest.raises(ValueError) as long_way:
        _long_way(when)
    with pytest.raises(ValueError) as plain:
        pokerstars.start_time(when)
    assert str(plain.value) == str(long_way.value)


def test_utc_seconds_read_back_as_the_same_utc_time() -> None:
    moment = datetime(1, 3, 1)
    for step in range(0, (datetime(9999, 12, 31) - moment).days, 97):
        local = moment + timedelta(days=step, seconds=step * 7 % 86_400)
        seconds = clock.steady_utc_seconds("UTC", local.year, local.month, local.day, local.hour, local.minute,
                                           local.second)
        if local.year < 2 or local.year > 9998:
            assert seconds == -1
            continue
        assert clock.utc_time(seconds) == local.replace(tzinfo=timezone.utc)
