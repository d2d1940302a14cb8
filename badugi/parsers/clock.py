"""A room's clock to UTC, with the daylight-saving hour flagged instead of guessed silently.

Rooms write the local time and a zone word (``2010/11/10 17:20:01 CET [2010/11/10 11:20:01 ET]``).
Each room maps its words to IANA zones (``ZONES`` in the room module); the daylight-saving rules come
from the zone, so ``CET`` in July is read as summer time (PokerStars writes ``CET`` all year).

A zone with daylight saving has one local hour a year that never happens (spring forward: 02:30 ET on
the second Sunday in March) and one that happens twice (fall back: 01:30 ET on the first Sunday in
November). Such a clock cannot name one instant: it is read with the offset in force *before* the
change (Python's ``fold=0``: the daylight time of a repeated hour, the standard time of a skipped one)
and flagged ``AMBIGUOUS`` / ``NONEXISTENT``. When the header writes a second clock in another zone
(``CET [.. ET]``) whose reading is exact, the instants both clocks allow settle it: no flag. A zone
word no table knows is never guessed: the next clock is tried, and with none left the start time is
``None``, flagged ``UNKNOWN_ZONE``. Two clocks that name different instants (an edited file) keep the
first, flagged ``CLOCKS_DISAGREE``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo

from badugi.engine.record import TimeFlag
from badugi.parsers import clock_api as _clock_api

Clock = tuple[datetime, str]
"""A naive local date-time and the zone word written after it."""


def _zone(name: str) -> tzinfo:
    """The zone of an IANA name, made once per name (a dict look-up: ``functools.lru_cache``'s wrapper cost a
    Python call each time; only names ``ZoneInfo`` accepts are kept, so at most the IANA zones)."""
    zones = _ZONES  # (a typed local: compiled, ``get`` is a C call)
    zone = zones.get(name)
    if zone is None:
        zone = _ZONES[name] = timezone.utc if name == "UTC" else ZoneInfo(name)
    return zone


_ZONES: dict[str, tzinfo] = {}


def readings(local: datetime, zone: tzinfo) -> tuple[tuple[datetime, ...], TimeFlag | None]:
    """The UTC instants a naive local time can be in ``zone``: one (flag ``None``), or the ``fold=0``
    and ``fold=1`` readings of a repeated (``AMBIGUOUS``) or skipped (``NONEXISTENT``) local time.

    A local hour the zone reads at one offset throughout (``_steady_hour``: nearly every hour) is read
    from its first instant's UTC time, remembered per zone and hour: a dict lookup and two subtractions
    instead of asking the zone twice (~2 us a hand history's header less, measured on Python 3.11)."""
    steady = _steady(local, zone)
    if steady is not None:
        hour, hour_utc = steady
        return (hour_utc + (local - hour),), None
    first = local.replace(tzinfo=zone, fold=0)
    second = local.replace(tzinfo=zone, fold=1)
    early, late = first.utcoffset(), second.utcoffset()
    if early == late:
        return (first.astimezone(timezone.utc),), None
    utc = first.astimezone(timezone.utc)
    round_trip = utc.astimezone(zone).replace(tzinfo=None)
    flag = TimeFlag.AMBIGUOUS if round_trip == local else TimeFlag.NONEXISTENT
    return (utc, second.astimezone(timezone.utc)), flag


def _steady(local: datetime, zone: tzinfo) -> tuple[datetime, datetime] | None:
    """``_steady_hour`` of the local hour ``local`` is in, remembered per zone and hour (``_STEADY_HOURS``)."""
    key = (zone, local.year, local.month, local.day, local.hour)  # (``replace`` by keywords costs ~1 us)
    steady = _STEADY_HOURS.get(key, _UNKNOWN)
    if steady is _UNKNOWN:
        steady = _steady_hour(datetime(local.year, local.month, local.day, local.hour), zone)
        if len(_STEADY_HOURS) >= _STEADY_HOURS_LIMIT:
            _STEADY_HOURS.clear()
        _STEADY_HOURS[key] = steady
    return steady  # type: ignore[no-any-return]


def _shows(instant: datetime, local: datetime, zone: tzinfo) -> bool:
    """Whether the UTC ``instant`` shows the naive ``local`` time in ``zone``. In a local hour of one offset
    (``_steady``) exactly one instant does, its reading: compared with it, the zone is not asked (``astimezone``
    through a ``ZoneInfo``, ~6k instructions, for the second clock of a quarter of the PokerStars headers)."""
    steady = _steady(local, zone)
    if steady is not None:
        hour, hour_utc = steady
        return instant == hour_utc + (local - hour)
    return instant.astimezone(zone).replace(tzinfo=None) == local


def _steady_hour(hour: datetime, zone: tzinfo) -> tuple[datetime, datetime] | None:
    """``(hour, its UTC instant)`` when every local time in the hour from ``hour`` has one UTC offset
    (both folds, at its first and its last instant), else ``None``: a change of offset inside the hour
    (or at its start) makes some of its times read two ways or none, so those are read one by one. (Two
    changes that undo each other within one hour would pass unseen; no zone has had them.)"""
    last = hour + _LAST_INSTANT
    offsets = {moment.replace(tzinfo=zone, fold=fold).utcoffset() for moment in (hour, last) for fold in (0, 1)}
    if len(offsets) != 1:
        return None
    return hour, hour.replace(tzinfo=zone).astimezone(timezone.utc)


_LAST_INSTANT = timedelta(minutes=59, seconds=59, microseconds=999_999)
_UNKNOWN = object()
_STEADY_HOURS: dict[tuple[tzinfo, int, int, int, int], tuple[datetime, datetime] | None] = {}
"""(zone, local year, month, day, hour) -> ``_steady_hour`` of that hour."""
_STEADY_HOURS_LIMIT = 20_000  # emptied when full (a long import's hours of many zones): a flat footprint


def utc_start(clocks: Sequence[Clock], zones: Mapping[str, str]) -> tuple[datetime | None, TimeFlag | None]:
    """The UTC start time of a header's clocks (first written first) and its flag.

    The first clock whose zone word ``zones`` maps gives the time. If that reading is ambiguous or
    nonexistent, another known clock may settle it: when exactly one of the two instants shows that
    clock's time in its zone, that instant is returned unflagged. When no instant does (edited files),
    the first reading is kept and flagged ``CLOCKS_DISAGREE``. No known zone at all:
    ``(None, UNKNOWN_ZONE)``."""
    known = [(local, _zone(zones[word])) for local, word in clocks if word in zones]
    if not known:
        return None, TimeFlag.UNKNOWN_ZONE
    local, zone = known[0]
    instants, flag = readings(local, zone)  # (not ``readings(*known[0])``: compiled, a C call, not a Python one)
    for local, zone in known[1:]:
        agreed = [t for t in instants if _shows(t, local, zone)]
        if not agreed:
            return instants[0], TimeFlag.CLOCKS_DISAGREE
        if len(agreed) == 1:
            instants, flag = (agreed[0],), None
    return instants[0], flag


def steady_utc_seconds(name: str, year: int, month: int, day: int, hour: int, minute: int, second: int) -> int:
    """The UTC instant (seconds from 0000-03-01 00:00, as ``utc_time`` reads them) of the local time with these fields
    in the IANA zone ``name``, where it is one: a real date and time (years 2 to 9998) in an hour the zone keeps at
    one offset (``_steady_hour``: nearly every hour), so ``readings`` gives that instant alone, unflagged; -1 for any
    other (``utc_start`` reads it, with its flags and errors). The hour's offset is remembered per zone and hour as
    ``_steady`` remembers its readings, by an int key (no tuple made and hashed), and the instant is integer
    arithmetic (compiled, C: no datetime made for the local time, no timedelta added to one)."""
    if not (2 <= year <= 9998 and 1 <= month <= 12 and 1 <= day <= _days_in_month(year, month) and 0 <= hour <= 23
            and 0 <= minute <= 59 and 0 <= second <= 59):
        return -1
    offsets = _HOUR_OFFSETS.get(name)
    if offsets is None:
        offsets = _HOUR_OFFSETS[name] = {}
    key = ((year * 13 + month) * 32 + day) * 24 + hour
    found = offsets.get(key)
    if found is None:
        found = _offset_of(_steady_hour(datetime(year, month, day, hour), _zone(name)))
        if len(offsets) >= _STEADY_HOURS_LIMIT:
            offsets.clear()
        offsets[key] = found
    offset = found
    if offset == _NOT_STEADY:
        return -1
    return (_day_number(year, month, day) * 24 + hour) * 3600 + minute * 60 + second - offset


def _offset_of(steady: tuple[datetime, datetime] | None) -> int:
    """A steady hour's UTC offset in seconds (its local first instant less its UTC one); ``_NOT_STEADY`` for none."""
    if steady is None:
        return _NOT_STEADY
    hour, hour_utc = steady
    delta = hour - hour_utc.replace(tzinfo=None)
    if delta.microseconds:
        return _NOT_STEADY
    return delta.days * 86400 + delta.seconds  # type: ignore[no-any-return]


_NOT_STEADY = 1 << 40
"""``_HOUR_OFFSETS``'s value for an hour that is not steady (no UTC offset is a day long)."""
_HOUR_OFFSETS: dict[str, dict[int, int]] = {}
"""Zone name -> (local year, month, day, hour as one int) -> the hour's UTC offset in seconds or ``_NOT_STEADY``."""


def _days_in_month(year: int, month: int) -> int:
    """The days of a month of the proleptic Gregorian calendar."""
    if month == 2:
        return 29 if year % 4 == 0 and (year % 100 != 0 or year % 400 == 0) else 28
    return 30 if month == 4 or month == 6 or month == 9 or month == 11 else 31


def _day_number(year: int, month: int, day: int) -> int:
    """The days from 0000-03-01 (proleptic Gregorian) to a date (H. Hinnant's ``days_from_civil``, a year counted
    from March, without its shift to 1970: never negative from year 1 on)."""
    if month <= 2:
        year -= 1
    era = year // 400
    year_of_era = year - era * 400
    day_of_year = (153 * (month + (9 if month <= 2 else -3)) + 2) // 5 + day - 1
    return era * 146097 + year_of_era * 365 + year_of_era // 4 - year_of_era // 100 + day_of_year


def utc_time(seconds: int) -> datetime:
    """The aware UTC time of an instant ``steady_utc_seconds`` gives (H. Hinnant's ``civil_from_days`` for its date)."""
    days = seconds // 86400
    rest = seconds - days * 86400
    era = days // 146097
    day_of_era = days - era * 146097
    year_of_era = (day_of_era - day_of_era // 1460 + day_of_era // 36524 - day_of_era // 146096) // 365
    day_of_year = day_of_era - (365 * year_of_era + year_of_era // 4 - year_of_era // 100)
    shifted = (5 * day_of_year + 2) // 153  # the month, counted from March
    day = day_of_year - (153 * shifted + 2) // 5 + 1
    month = shifted + 3 if shifted < 10 else shifted - 9
    year = year_of_era + era * 400 + (1 if month <= 2 else 0)
    return _clock_api.utc_datetime(year, month, day, rest // 3600, rest // 60 % 60, rest % 60)


def named_zone(name: str) -> tzinfo | None:
    """An IANA zone name (PHH's ``time_zone``) as a ``tzinfo``; ``None`` when no zone has that name."""
    try:
        return _zone(name)
    except (ValueError, OSError, KeyError):  # ZoneInfoNotFoundError is a KeyError
        return None
