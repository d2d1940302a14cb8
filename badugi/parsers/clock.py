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


def named_zone(name: str) -> tzinfo | None:
    """An IANA zone name (PHH's ``time_zone``) as a ``tzinfo``; ``None`` when no zone has that name."""
    try:
        return _zone(name)
    except (ValueError, OSError, KeyError):  # ZoneInfoNotFoundError is a KeyError
        return None
